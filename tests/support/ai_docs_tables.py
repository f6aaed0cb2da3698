"""The generated tables of docs/ai-ids-and-tensors.md: each configuration's id layout and tensor
sizes (``python tests/support/ai_docs_tables.py`` prints them; tests/ai/test_ai_docs.py checks the page)."""

from __future__ import annotations

from typing import Any

import tarotlib
from tarotlib.ai import ActionCodec
from tarotlib.ai.tensors import TensorEncoder

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot", {"preset": "bga"}),
    ("french-tarot-solo", {}),
    *(("belote", {"preset": p}) for p in ("ffb", "classic", "bga")),
    ("belote", {"preset": "classic", "belote_announce": "explicit"}),
    *(("contree", {"preset": p}) for p in ("ffb", "coinche", "bga")),
    ("lombardy", {}),
    ("reseghino", {}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", {}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *(("chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
]


def call(name: str, options: dict[str, Any]) -> str:
    args = "".join(f", {k}={v!r}" for k, v in options.items()).replace("'", '"')
    return f'`variant("{name}"{args})`'


def ids_table() -> str:
    groups: dict[str, tuple[ActionCodec, list[str]]] = {}
    for name, options in CONFIGS:
        codec = ActionCodec(tarotlib.variant(name, **options))
        key = f"{name} {codec.fingerprint}"
        groups.setdefault(key, (codec, []))[1].append(call(name, options))
    out: list[str] = []
    for codec, calls in groups.values():
        out.append(f"**{', '.join(calls)}**: {codec.size} ids, fingerprint `{codec.fingerprint}`")
        out.append("")
        out.append("| ids | actions |")
        out.append("|---|---|")
        for first, last, what in codec.ranges():
            span = str(first) if first == last else f"{first}–{last}"
            out.append(
                f"| {span} | `{what}` |" if "…" not in what else f"| {span} | {_span(what)} |"
            )
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _span(what: str) -> str:
    first, last = what.split(" … ")
    return f"`{first}` … `{last}`"


def tensors_table() -> str:
    out = [
        "| configuration | observation | information state | slots K | tricks T | told kinds F |",
        "|---|---|---|---|---|---|",
    ]
    for name, options in CONFIGS:
        encoder = TensorEncoder(ActionCodec(tarotlib.variant(name, **options)))
        out.append(
            f"| {call(name, options)} | {encoder.observation_shape[0]} "
            f"| {encoder.information_state_shape[0]} | {encoder.slots} | {encoder.tricks} "
            f"| {len(encoder.told_kinds)} |"
        )
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(ids_table())
    print(tensors_table())
