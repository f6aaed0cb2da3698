"""Capture (or check) the behaviour baseline: seeded random deals, observations and bot matches.

The baseline pins what every user of tarotlib relies on — for each game, player count, preset and a
few option mixes: the layout dealt from a seed, every action of a random deal (so the order of
``legal_actions()`` too), the result (scores, annulment, contract, declarer, made, breakdown lines),
the seat-to-act's observation JSON at every step of the first deals, and whole matches between
seeded bots. Each block of deals is reduced to a SHA-256 digest, so the fixture stays small.

    python tests/support/baseline_capture.py            # check this checkout against baseline.json
    python tests/support/baseline_capture.py --write    # write baseline.json from this checkout
    python tests/support/baseline_capture.py --show french-tarot/4 120   # print one deal's line

The test suite runs the same check (``tests/test_baseline.py``). When a block differs, ``--show``
prints the deals of that block from this checkout; run it on the old commit too and compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "baseline"
FIXTURE = HERE / "baseline.json"
BLOCK = 100  # deals per digest
OBS_DEALS = 300  # deals whose observations are digested, per configuration

# (key, variant, options, deals)
CONFIGS: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("french-tarot/3", "french-tarot", {"players": 3}, 10_000),
    ("french-tarot/4", "french-tarot", {"players": 4}, 10_000),
    ("french-tarot/5", "french-tarot", {"players": 5}, 10_000),
    ("french-tarot/3/bga", "french-tarot", {"players": 3, "preset": "bga"}, 10_000),
    ("french-tarot/4/bga", "french-tarot", {"players": 4, "preset": "bga"}, 10_000),
    ("french-tarot/5/bga", "french-tarot", {"players": 5, "preset": "bga"}, 10_000),
    ("belote/ffb", "belote", {}, 10_000),
    ("belote/classic", "belote", {"preset": "classic"}, 10_000),
    ("belote/bga", "belote", {"preset": "bga"}, 10_000),
    (
        "french-tarot/4/mix",
        "french-tarot",
        {
            "players": 4,
            "grash": True,
            "declarations": "poignee_and_misere",
            "petit_sec": "optional_redeal",
        },
        2_000,
    ),
    (
        "french-tarot/3/mix",
        "french-tarot",
        {
            "players": 3,
            "grash": True,
            "declarations": "poignee_and_misere",
            "excuse_last_trick": "to_winner",
            "excuse_slam_exception": "attack_only",
        },
        2_000,
    ),
    (
        "french-tarot/5/mix",
        "french-tarot",
        {
            "players": 5,
            "callable_cards": "king_queen",
            "called_suit_opening_lead_ban": False,
            "petit_au_bout_within_defence": "penalise_defence",
            "defence_slam_bonus": 0,
            "poignee_counts_discarded_trumps": False,
            "show_discarded_trumps": False,
            "poignee_thresholds": [6, 8, 10],
        },
        2_000,
    ),
    (
        "belote/mix-explicit",
        "belote",
        {
            "preset": "classic",
            "ta_sa": "third_round",
            "belote_announce": "explicit",
            "declaration_card_reuse": False,
            "declaration_tie": "first_announcer",
            "declarations_need_trick": False,
        },
        2_000,
    ),
    (
        "belote/mix-pagat",
        "belote",
        {
            "ta_sa": "third_round",
            "ta_sa_points": "pagat",
            "partner_trump_rule": "no_undertrump",
            "undertrump": "free",
            "belote_king_first": True,
            "belote_on_failure": "defence",
            "defence_capot": "plain",
            "litige": "failed",
            "rounding": "half_up",
            "deal_packets": "2-3",
        },
        2_000,
    ),
    (
        "belote/mix-auto",
        "belote",
        {
            "preset": "classic",
            "auto_declare": True,
            "ta_sa": "third_round",
            "ta_sa_points": "unscaled",
            "partner_trump_rule": "only_trumps_overtrump",
            "ta_must_beat_partner": False,
            "litige": "made",
        },
        2_000,
    ),
    (
        "belote/mix-seed",
        "belote",
        {
            "partner_trump_rule": "overtrump_if_trumping",
            "ta_sa": "third_round",
            "ta_sa_points": "seed_literal",
            "rounding": "six_up",
        },
        2_000,
    ),
)

# (key, variant, options, match arguments, matches, bots: "random" or "heuristic")
MATCHES: tuple[tuple[str, str, dict[str, Any], dict[str, Any], int, str], ...] = (
    ("match/french-tarot/4", "french-tarot", {"players": 4}, {"deals": 8}, 200, "random"),
    (
        "match/french-tarot/5/bga",
        "french-tarot",
        {"players": 5, "preset": "bga"},
        {"deals": 5},
        100,
        "heuristic",
    ),
    (
        "match/french-tarot/3",
        "french-tarot",
        {"players": 3},
        {"target_score": 600},
        100,
        "heuristic",
    ),
    ("match/belote/ffb", "belote", {}, {}, 60, "random"),
    ("match/belote/classic", "belote", {"preset": "classic"}, {}, 40, "heuristic"),
    (
        "match/belote/carry",
        "belote",
        {
            "litige_repeat": "accumulate",
            "rounding": "half_up",
            "redeal_after_all_pass": "same_dealer",
        },
        {"target_score": 701},
        60,
        "random",
    ),
)


def _result_text(result: Any) -> str:
    return (
        f"{tuple(result.scores)!r}|{result.annulled!r}|{result.contract!r}|{result.declarer!r}|"
        f"{result.made!r}|{' / '.join(result.lines())}"
    )


def deal_line(rules: Any, seed: int, *, observe: bool = False) -> str:
    """One random deal as one line of text (and, with ``observe``, every observation of it)."""
    players = rules.players
    state = rules.new_deal(seed=seed, dealer=seed % players)
    parts = [str(seed), json.dumps(state.layout.to_json(), sort_keys=True)]
    rng = random.Random(seed)
    while not state.is_over:
        if observe:
            seat = state.to_act
            parts.append(json.dumps(state.observation(seat).to_json(), sort_keys=True))
        state = state.apply(rng.choice(state.legal_actions()))
    if observe:
        for seat in range(players):
            parts.append(json.dumps(state.observation(seat).to_json(), sort_keys=True))
    parts.append(" ".join(a.text for a in state.history))
    parts.append(_result_text(state.result))
    return "\n".join(parts)


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n\n".join(lines).encode()).hexdigest()[:16]


def deal_digests(name: str, options: dict[str, Any], deals: int) -> Iterator[str]:
    import tarotlib

    rules = tarotlib.variant(name, **options)
    for start in range(0, deals, BLOCK):
        yield _digest([deal_line(rules, s) for s in range(start, min(deals, start + BLOCK))])


def observation_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    import tarotlib

    rules = tarotlib.variant(name, **options)
    for start in range(0, OBS_DEALS, BLOCK):
        yield _digest([deal_line(rules, s, observe=True) for s in range(start, start + BLOCK)])


def _bots(kind: str, players: int, seed: int) -> list[Any]:
    from tarotlib.bots import HeuristicBot, RandomBot

    if kind == "random":
        return [RandomBot(seed * 10 + seat) for seat in range(players)]
    return [
        HeuristicBot(seed * 10 + seat) if seat % 2 == 0 else RandomBot(seed * 10 + seat)
        for seat in range(players)
    ]


def match_line(
    name: str, options: dict[str, Any], args: dict[str, Any], seed: int, bots: str
) -> str:
    import tarotlib

    rules = tarotlib.variant(name, **options)
    match = tarotlib.Match.start(rules, seed=seed, **args)
    match = match.play(_bots(bots, rules.players, seed))
    parts = [
        f"{seed}|first dealer {match.first_dealer}|dealer {match.dealer}|carry {match.carry!r}",
        f"totals {match.totals!r}|winners {match.winners!r}|counted {match.deals_counted}",
    ]
    parts += [f"{c!r}" for c in match.credited]
    parts += [_result_text(r) for r in match.results]
    return "\n".join(parts)


def match_digests(
    name: str, options: dict[str, Any], args: dict[str, Any], matches: int, bots: str
) -> Iterator[str]:
    size = 20
    for start in range(0, matches, size):
        lines = [match_line(name, options, args, s, bots) for s in range(start, start + size)]
        yield _digest(lines)


def compute(keys: set[str] | None = None) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, name, options, deals in CONFIGS:
        if keys is None or key in keys:
            out[key] = list(deal_digests(name, options, deals))
        if keys is None or f"obs/{key}" in keys:
            out[f"obs/{key}"] = list(observation_digests(name, options))
    for key, name, options, args, matches, bots in MATCHES:
        if keys is None or key in keys:
            out[key] = list(match_digests(name, options, args, matches, bots))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write baseline.json")
    parser.add_argument("--show", nargs=2, metavar=("KEY", "SEED"), help="print one deal's line")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parents[1] / "src"))
    if args.show:
        import tarotlib

        for key, name, options, _ in CONFIGS:
            if key == args.show[0]:
                print(deal_line(tarotlib.variant(name, **options), int(args.show[1])))
                return 0
        print(f"unknown key {args.show[0]!r}", file=sys.stderr)
        return 2
    got = compute()
    if args.write:
        FIXTURE.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
        print(f"wrote {FIXTURE} ({sum(len(v) for v in got.values())} digests)")
        return 0
    want = json.loads(FIXTURE.read_text())
    bad = 0
    for key in want:
        for i, (a, b) in enumerate(zip(want[key], got.get(key, []), strict=False)):
            if a != b:
                print(f"{key}: block {i} differs")
                bad += 1
                break
    print("baseline: identical" if not bad else f"baseline: {bad} configuration(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
