"""Behaviour is unchanged: the baselines captured before the deal-machine rewrite and before the
deal machine was put behind one door still hold.

``tests/baseline/baseline.json`` holds digests of 10,000 seeded random deals for every game, player
count and preset (and 2,000 under several option mixes), of every observation in the first 300 of
them, and of matches between seeded bots. ``tests/baseline/records/`` holds game and match records
written by tarotlib in the version-1 formats (``tarotlib play`` saves included), and
``expected.json`` what each replays to. See ``tests/support/baseline_capture.py`` to investigate a failure.

``tests/baseline/all-games.json`` (``tests/support/baseline_games.py``) does the same for every other game,
player count, preset and two option mixes of each, and for the AI layer (play-outs, action ids,
tensors, sampled worlds).

The everyday suite checks the first blocks of each key (:data:`EVERYDAY_BLOCKS`: 200 deals of
each configuration, the first block of every other digest; the other games' observation digests
not at all); ``TAROTLIB_BASELINE=full`` (which CI runs) checks every block of every key.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tarotlib.records import GameRecord, MatchRecord

from support import baseline_capture as capture
from support import baseline_games as games
from support.baseline_records import match_summary, state_summary

BASE = Path(__file__).resolve().parent / "baseline"
FULL = os.environ.get("TAROTLIB_BASELINE") == "full"
EVERYDAY_BLOCKS = {"deals": 2, "mix": 2}
"""Blocks of each kind of key the everyday suite checks (a block is 100 deals; other kinds: 1)."""


def _take(digests: Iterator[str], kind: str) -> list[str]:
    """The digests the run checks: all of them under ``TAROTLIB_BASELINE=full``, else the first
    blocks."""
    return list(digests if FULL else itertools.islice(digests, EVERYDAY_BLOCKS.get(kind, 1)))


WANT: dict[str, list[str]] = json.loads((BASE / "baseline.json").read_text())
EXPECTED: dict[str, Any] = json.loads((BASE / "expected.json").read_text())


def _first_difference(key: str, got: list[str]) -> str | None:
    for block, (want, have) in enumerate(zip(WANT[key], got, strict=False)):
        if want != have:
            start = block * capture.BLOCK
            return (
                f"{key}: deals {start}..{start + capture.BLOCK - 1} differ from the baseline; "
                f"inspect one with: python tests/support/baseline_capture.py --show {key} {start}"
            )
    return None


@pytest.mark.parametrize(
    "key,name,options,deals", capture.CONFIGS, ids=[c[0] for c in capture.CONFIGS]
)
def test_random_deals_unchanged(key: str, name: str, options: dict[str, Any], deals: int) -> None:
    got = _take(capture.deal_digests(name, options, deals), "deals")
    assert len(got) == (len(WANT[key]) if FULL else EVERYDAY_BLOCKS["deals"])
    assert _first_difference(key, got) is None


def _observation_params() -> list[Any]:
    """The observation keys as test parameters: each game's first configuration in the everyday
    suite, its presets and mixed options marked slow (``pytest -m slow``), except under
    TAROTLIB_BASELINE=full."""
    seen: set[str] = set()
    out = []
    for key, name, options, deals in capture.CONFIGS:
        marks = [pytest.mark.slow] if name in seen and not FULL else []
        seen.add(name)
        out.append(pytest.param(key, name, options, deals, id=key, marks=marks))
    return out


@pytest.mark.parametrize("key,name,options,deals", _observation_params())
def test_observations_unchanged(key: str, name: str, options: dict[str, Any], deals: int) -> None:
    got = _take(capture.observation_digests(name, options), "obs")
    assert got and got == WANT[f"obs/{key}"][: len(got)]


@pytest.mark.parametrize(
    "key,name,options,args,matches,bots", capture.MATCHES, ids=[m[0] for m in capture.MATCHES]
)
def test_matches_unchanged(
    key: str, name: str, options: dict[str, Any], args: dict[str, Any], matches: int, bots: str
) -> None:
    got = _take(capture.match_digests(name, options, args, matches, bots), "match")
    assert got == WANT[key][: len(got)] and len(got) == (len(WANT[key]) if FULL else 1)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_replay_unchanged(name: str) -> None:
    text = (BASE / "records" / f"{name}.json").read_text()
    if json.loads(text)["format"] == "tarotlib-match":
        match, current = MatchRecord.loads(text).replay()
        assert match_summary(match, current) == EXPECTED[name]
    else:
        assert state_summary(GameRecord.loads(text).replay()) == EXPECTED[name]


GAMES_WANT: dict[str, list[str]] = json.loads((BASE / "all-games.json").read_text())


# The other games' observation digests (100 deals of observations at every step) are checked
# only under TAROTLIB_BASELINE=full (CI's full run): the everyday suite does not collect them.
CHECKED = [k for k in games.every_key() if FULL or k[1] != "obs"]


def _checked_params() -> list[Any]:
    """The keys as test parameters. The sampler's and the action ids' digests (the longest to
    compute) run in the everyday suite for each game's first configuration; its other player
    counts and presets are marked slow (``pytest -m slow``), except under TAROTLIB_BASELINE=full,
    which checks every key whole."""
    seen: set[tuple[str, str]] = set()
    out = []
    for key, kind, name, options in CHECKED:
        later = kind in ("sampler", "ids") and (kind, name) in seen and not FULL
        seen.add((kind, name))
        marks = [pytest.mark.slow] if later else []
        out.append(pytest.param(key, kind, name, options, id=key, marks=marks))
    return out


@pytest.mark.parametrize("key,kind,name,options", _checked_params())
def test_every_game_unchanged(key: str, kind: str, name: str, options: dict[str, Any]) -> None:
    want = GAMES_WANT[key]
    blocks = None if FULL else EVERYDAY_BLOCKS.get(kind, 1)
    got = games.digests(kind, name, options, blocks)
    assert len(got) == (len(want) if blocks is None else blocks)
    first = next((i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b), None)
    assert first is None, (
        f"{key}: block {first} differs from the baseline; inspect a deal with: "
        f"python tests/support/baseline_games.py --show {key} {first * games.BLOCK if first else 0}"
    )


def test_the_games_baseline_covers_the_registry() -> None:
    import tarotlib

    covered = {name for _, _, name, _ in games.every_key()} | {"french-tarot", "belote"}
    assert covered == set(tarotlib.variant_names())
    assert set(GAMES_WANT) == {key for key, _, _, _ in games.every_key()}
