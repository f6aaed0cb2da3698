"""The game configurations the tests run over, one list each for every registered game."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import pytest

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot", {"players": 4, "preset": "bga"}),
    ("french-tarot", {"players": 5, "declarations": "poignee_and_misere"}),
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
"""Every game and player count, with the presets and options that change what is decided."""

IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in CONFIGS]
"""A test id for each entry of :data:`CONFIGS`."""

PLAYER_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot-solo", {}),
    ("belote", {}),
    ("contree", {}),
    ("lombardy", {}),
    ("reseghino", {}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", {}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *(("chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
]
"""Every game and player count under its default options."""


FAMILIES: frozenset[str] = frozenset(
    {"french-tarot", "belote", "lombardy", "tarocco-ombre", "chambery"}
)
"""One game of each family (the French tarot, the 32-card games, the Lombard partnership games,
the Tarocc'Ombre games, Chambéry's): the everyday cases of the longest tests."""


def each_game_once(
    configs: Sequence[Any],
    ids: Sequence[str] | None = None,
    games: Collection[str] | None = None,
) -> list[Any]:
    """``configs`` (tuples whose first item is a game's name, or names) as pytest parameters, for
    a test too long to run over all of them in the everyday suite: each game's first entry runs
    there (only the ``games`` given, if any, such as :data:`FAMILIES`), the others (more player
    counts, presets, positions, games) are marked ``slow`` and run with ``pytest -m slow``, as CI
    does."""
    seen: set[str] = set()
    out = []
    for k, config in enumerate(configs):
        values = config if isinstance(config, tuple) else (config,)
        name = values[0]
        later = name in seen or (games is not None and name not in games)
        marks = [pytest.mark.slow] if later else []
        seen.add(name)
        out.append(pytest.param(*values, id=None if ids is None else ids[k], marks=marks))
    return out
