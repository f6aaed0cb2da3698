"""Capture (or check) the behaviour baseline of every game and of the AI layer.

``baseline_capture.py`` pins French Tarot and Belote since the deal machine was written; this file
pins everything else a user relies on, for every registered game, player count and preset, and for
two option mixes of each game whose options list their choices: the layout dealt from a seed,
every action of a random deal (so the order of ``legal_actions()``), the result and its breakdown,
every observation of the first deals, matches between the games' heuristic bots, and, in
:mod:`tarotlib.ai`, play-outs from the start of play (the compiled card kernel where it is
built), the action ids and the observation and information-state tensors at every step, and
worlds drawn by the sampler. Each block is reduced to a SHA-256 digest.

    python tests/support/baseline_games.py            # check this checkout against all-games.json
    python tests/support/baseline_games.py --write    # write all-games.json from this checkout
    python tests/support/baseline_games.py --show deals/lombardy 120   # print one deal's line

The test suite checks the first blocks of each key (``tests/test_baseline.py``), and the thorough
profile all of them; this script checks all of them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "baseline"
FIXTURE = HERE / "all-games.json"
BLOCK = 100  # deals per digest
DEALS = 10_000  # random deals per configuration
MIX_DEALS = 2_000  # random deals per option mix
OBS_DEALS = 200  # deals whose observations are digested
AI_DEALS = 100  # deals (or positions) of each AI digest

Config = tuple[str, str, dict[str, Any]]

# Every registered game, player count and preset (French Tarot and Belote: see baseline_capture).
CONFIGS: tuple[Config, ...] = (
    *((f"contree/{p}", "contree", {"preset": p}) for p in ("ffb", "coinche", "bga")),
    ("french-tarot-solo", "french-tarot-solo", {}),
    ("lombardy", "lombardy", {}),
    ("reseghino", "reseghino", {}),
    *((f"tarocco-ombre/{p}", "tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", "ombra-arrabiata", {}),
    *((f"chambery/{p}", "chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *((f"chambery/{p}/62", "chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
)

# Two option mixes per game and player count: each option with choices set away from its default
# (written out here, so that the baseline does not move if a game's list of choices does).
MIXES: tuple[Config, ...] = (
    (
        "lombardy/mix-a",
        "lombardy",
        {
            "exposure_order": "dealer_choice",
            "lombardy_tie": "extra_deal",
            "matto_payment": "any_own_card",
            "monte": "disabled",
        },
    ),
    (
        "lombardy/mix-b",
        "lombardy",
        {
            "leftover_rule": "conserving",
            "matto_exchange_with_partner": "skip",
            "matto_payment_from_discard": True,
            "own_matto_trick": "ignore",
        },
    ),
    (
        "reseghino/mix-a",
        "reseghino",
        {"matto_payment": "any_own_card", "reseghino_tie": "extra_deal"},
    ),
    ("reseghino/mix-b", "reseghino", {"matto_payment_from_discard": True}),
    *(
        (
            f"tarocco-ombre/{p}/mix-a",
            "tarocco-ombre",
            {
                "players": p,
                "all_pass": "same_dealer",
                "concession_enabled": p != 3,
                "concession_timing": "before_exchanges",
                "last_player_may_pass": False,
                "matto_exchange_with_partner": "perform" if p == 3 else "skip",
                "matto_payment_from_discard": True,
                "own_matto_trick": "ignore",
                "return_received_card": True,
                "seniority": "none",
            },
        )
        for p in (3, 5, 7)
    ),
    *(
        (
            f"tarocco-ombre/{p}/mix-b",
            "tarocco-ombre",
            {
                "players": p,
                "concession_payment": "dealer_only",
                "exchanges_optional": False,
                "matto_payment": "any_own_card",
                "named_card_in_discard": "name_again",
                "reverse_cappotto": True,
                **(
                    {}
                    if p == 3
                    else {
                        "called_card_in_discard": "dealer_is_partner",
                        "leftover_rule": "conserving",
                        "partner_call": "mandatory",
                        "win_threshold": 35,
                    }
                ),
            },
        )
        for p in (3, 5, 7)
    ),
    (
        "ombra-arrabiata/mix-a",
        "ombra-arrabiata",
        {
            "all_pass": "same_dealer",
            "concession_enabled": True,
            "concession_timing": "before_exchanges",
            "last_player_may_pass": False,
            "matto_payment_from_discard": True,
            "ombra_banding": "from_33",
            "own_matto_trick": "ignore",
            "return_received_card": True,
            "seniority": "none",
        },
    ),
    (
        "ombra-arrabiata/mix-b",
        "ombra-arrabiata",
        {
            "concession_payment": "dealer_only",
            "exchanges_optional": False,
            "leftover_rule": "conserving",
            "matto_payment": "any_own_card",
            "named_card_in_discard": "name_again",
            "reverse_cappotto": True,
        },
    ),
    *(
        (
            f"chambery/{p}{'/62' if s else ''}/mix-a",
            "chambery",
            {
                "players": p,
                "simplifie": s,
                "auction": "multi_round",
                "discard_owner": "last_trick",
                "discard_trumps": "if_unavoidable_hidden",
                "fou_last_trick": "to_winner",
                "fou_payment_from_discard": True,
                "requests_optional": False,
                **({"three_player_sharing": "top_scorer_takes_excess"} if p == 3 else {}),
            },
        )
        for p, s in ((3, False), (4, False), (5, False), (6, False), (3, True), (4, True))
    ),
    *(
        (
            f"chambery/{p}{'/62' if s else ''}/mix-b",
            "chambery",
            {
                "players": p,
                "simplifie": s,
                "call_fallback": "alone",
                "discard_trumps": "dm_void",
                "fou_payment_card": "any_source_card",
                "fou_payment_source": "own",
                "request_in_discard": "rename",
                "return_received_card": True,
            },
        )
        for p, s in ((3, False), (4, False), (5, False), (6, False), (3, True), (4, True))
    ),
    (
        "contree/mix-a",
        "contree",
        {
            "auto_declare": True,
            "belote_counts": False,
            "belote_finish": "not_when_capot",
            "belote_king_first": True,
            "belote_owner": "prenable",
            "capot_bid_scoring": "contract",
            "capot_total": 250,
            "coinche_scoring": "bid_multiplied",
            "contracts": "suits_ta_sa",
            "declarations": True,
            "declaration_card_reuse": False,
            "declarations_need_trick": False,
            "direction": "clockwise",
            "game_length": "deals",
            "generale": True,
            "litige_repeat": "accumulate",
            "must_beat_defence": "strict",
            "partner_trump_rule": "overtrump_if_trumping",
            "rounding": "complement",
            "scoring": "made_only",
            "suit_ranking": "pagat",
            "ta_must_beat_partner": False,
            "ta_sa_points": "unscaled",
            "undertrump": "compulsory",
        },
    ),
    (
        "contree/mix-b",
        "contree",
        {
            "belote_announce": "explicit",
            "belote_finish": "not_when_capot_or_failed",
            "belote_multiplied": True,
            "belote_owner": "holder",
            "bid_step": 5,
            "capot_coinchable": False,
            "coinche_ends_bidding": False,
            "coinche_scoring": "whole_line",
            "coinche_timing": "any_time",
            "deal_packets": "3-3-2",
            "declaration_tie": "first_announcer",
            "declarations_count": False,
            "defence_capot": "capot",
            "final_deal_exact": True,
            "game_tie": "last_deal_winner",
            "made_threshold": "82_for_80",
            "must_beat_defence": "litige",
            "no_coinche_on_80": True,
            "partner_trump_rule": "no_undertrump",
            "redeal_after_all_pass": "same_dealer",
            "sa_carres": "face",
            "scoring": "bid_only",
            "self_overbid": "other_denomination",
            "surcoinche_multiplier": 3,
            "ta_sa_points": "rescaled",
            "win_condition": "exceed",
        },
    ),
    (
        "french-tarot-solo/mix-a",
        "french-tarot-solo",
        {
            "defence_slam_bonus": 0,
            "solo_excuse_last_trick": "changes_camp",
            "solo_petit_sec": "off",
        },
    ),
    (
        "french-tarot-solo/mix-b",
        "french-tarot-solo",
        {
            "solo_dummy_follow_scope": "whole_hand",
            "solo_first_deal_contract": "free",
            "solo_poignee_thresholds": "13/15/18",
        },
    ),
)

# The AI layer's digests run over these: every configuration of CONFIGS, and French Tarot and
# Belote (whose deals baseline_capture pins, but not their AI digests).
AI_CONFIGS: tuple[Config, ...] = (
    *((f"french-tarot/{p}", "french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot/4/bga", "french-tarot", {"players": 4, "preset": "bga"}),
    (
        "french-tarot/5/misere",
        "french-tarot",
        {"players": 5, "declarations": "poignee_and_misere"},
    ),
    *((f"belote/{p}", "belote", {"preset": p}) for p in ("ffb", "classic", "bga")),
    ("belote/explicit", "belote", {"preset": "classic", "belote_announce": "explicit"}),
    *CONFIGS,
)


def _rules(name: str, options: dict[str, Any]) -> Any:
    import tarotlib

    return tarotlib.variant(name, **options)


def _result_text(result: Any) -> str:
    return (
        f"{tuple(result.scores)!r}|{result.annulled!r}|{result.contract!r}|{result.declarer!r}|"
        f"{result.made!r}|{' / '.join(result.lines())}"
    )


def deal_line(rules: Any, seed: int, *, observe: bool = False) -> str:
    """One random deal as one line of text (and, with ``observe``, every seat's observation at
    every step)."""
    players = rules.players
    state = rules.new_deal(seed=seed, dealer=seed % players)
    parts = [str(seed), json.dumps(state.layout.to_json(), sort_keys=True)]
    rng = random.Random(seed)
    while not state.is_over:
        if observe:
            parts += [
                json.dumps(state.observation(s).to_json(), sort_keys=True) for s in range(players)
            ]
        state = state.apply(rng.choice(state.legal_actions()))
    if observe:
        parts += [
            json.dumps(state.observation(s).to_json(), sort_keys=True) for s in range(players)
        ]
    parts.append(" ".join(f"{seat}:{a.text}" for seat, a in state.moves))
    parts.append(_result_text(state.result))
    return "\n".join(parts)


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n\n".join(lines).encode()).hexdigest()[:16]


def _blocks(count: int, line: Callable[[int], str], size: int = BLOCK) -> Iterator[str]:
    for start in range(0, count, size):
        yield _digest([line(s) for s in range(start, min(count, start + size))])


def deal_digests(name: str, options: dict[str, Any], deals: int) -> Iterator[str]:
    rules = _rules(name, options)
    return _blocks(deals, lambda seed: deal_line(rules, seed))


def observation_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    rules = _rules(name, options)
    return _blocks(OBS_DEALS, lambda seed: deal_line(rules, seed, observe=True))


def match_line(name: str, options: dict[str, Any], seed: int) -> str:
    """A match between the game's heuristic bots (even seats) and random bots (odd seats)."""
    import tarotlib
    from tarotlib.bots import RandomBot
    from tarotlib.terminal.players import make_bot

    rules = _rules(name, options)
    bots = [
        make_bot("heuristic", seat=seat, seed=seed * 10 + seat)
        if seat % 2 == 0
        else RandomBot(seed * 10 + seat)
        for seat in range(rules.players)
    ]
    match = tarotlib.Match.start(rules, seed=seed, deals=4).play(bots)
    parts = [
        f"{seed}|first dealer {match.first_dealer}|dealer {match.dealer}|carry {match.carry!r}",
        f"totals {match.totals!r}|winners {match.winners!r}|counted {match.deals_counted}",
    ]
    parts += [f"{c!r}" for c in match.credited]
    parts += [_result_text(r) for r in match.results]
    return "\n".join(parts)


def match_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    return _blocks(40, lambda seed: match_line(name, options, seed), size=20)


def _to_play(rules: Any, seed: int) -> Any:
    """The deal of ``seed`` played at random up to its first card (None: it ended before)."""
    state = rules.new_deal(seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not state.is_over and state.phase != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def playout_line(rules: Any, seed: int) -> str:
    from tarotlib.ai import play_to_end

    state = _to_play(rules, seed)
    if state is None:
        return f"{seed} over"
    end = play_to_end(state, rng=random.Random(seed))
    return f"{seed} {' '.join(a.text for a in end.history)} {_result_text(end.result)}"


def playout_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    rules = _rules(name, options)
    return _blocks(AI_DEALS, lambda seed: playout_line(rules, seed))


def ids_line(rules: Any, seed: int) -> str:
    """The action ids of a random deal and every seat's tensors at every step (numpy)."""
    from tarotlib.ai import ActionCodec
    from tarotlib.ai.tensors import TensorEncoder

    codec = ActionCodec(rules)
    encoder = TensorEncoder(codec)
    state = rules.new_deal(seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    h = hashlib.sha256()
    while True:
        for seat in range(rules.players):
            h.update(encoder.observation(state, seat).tobytes())
            h.update(encoder.information_state(state, seat).tobytes())
        if state.is_over:
            break
        ids = codec.legal_ids(state)
        h.update(repr(ids).encode())
        state = state.apply(rng.choice(state.legal_actions()))
    return f"{seed} {codec.fingerprint} {h.hexdigest()}"


def ids_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    rules = _rules(name, options)
    return _blocks(AI_DEALS // 4, lambda seed: ids_line(rules, seed), size=AI_DEALS // 4)


def sampler_line(rules: Any, seed: int) -> str:
    """Worlds drawn for the seat to act at a random step of a random deal."""
    from tarotlib.ai import sample_world

    state = rules.new_deal(seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    steps = rng.randrange(60)
    while steps:
        after = state.apply(rng.choice(state.legal_actions()))
        if after.is_over:
            break
        state = after
        steps -= 1
    seat = state.to_act
    worlds = [sample_world(state, seat, random.Random(seed * 7 + k)) for k in range(3)]
    return f"{seed} {seat} " + " | ".join(
        json.dumps(w.layout.to_json(), sort_keys=True) + " " + " ".join(a.text for a in w.history)
        for w in worlds
    )


def sampler_digests(name: str, options: dict[str, Any]) -> Iterator[str]:
    rules = _rules(name, options)
    return _blocks(AI_DEALS // 2, lambda seed: sampler_line(rules, seed), size=AI_DEALS // 2)


# key prefix -> (the configurations, the digests of one configuration)
KINDS: dict[str, tuple[tuple[Config, ...], Callable[[str, dict[str, Any]], Iterator[str]]]] = {
    "deals": (CONFIGS, lambda name, options: deal_digests(name, options, DEALS)),
    "mix": (MIXES, lambda name, options: deal_digests(name, options, MIX_DEALS)),
    "obs": (CONFIGS, observation_digests),
    "match": (CONFIGS, match_digests),
    "playout": (AI_CONFIGS, playout_digests),
    "ids": (AI_CONFIGS, ids_digests),
    "sampler": (AI_CONFIGS, sampler_digests),
}


def every_key() -> list[tuple[str, str, str, dict[str, Any]]]:
    """Every key of the fixture: ``(key, kind, variant, options)``."""
    out = []
    for kind, (configs, _) in KINDS.items():
        for key, name, options in configs:
            out.append((f"{kind}/{key}" if kind != "mix" else key, kind, name, options))
    return out


def digests(kind: str, name: str, options: dict[str, Any], blocks: int | None = None) -> list[str]:
    """The digests of one key (only its first ``blocks`` blocks, if given)."""
    out = []
    for digest in KINDS[kind][1](name, options):
        out.append(digest)
        if blocks is not None and len(out) == blocks:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write all-games.json")
    parser.add_argument("--show", nargs=2, metavar=("KEY", "SEED"), help="print one deal's line")
    parser.add_argument("--only", help="only the keys that start with this")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE.parents[1] / "src"))
    if args.show:
        for key, kind, name, options in every_key():
            if key == args.show[0]:
                rules = _rules(name, options)
                seed = int(args.show[1])
                if kind == "match":
                    line = match_line(name, options, seed)
                elif kind == "obs":
                    line = deal_line(rules, seed, observe=True)
                else:
                    show = {"playout": playout_line, "ids": ids_line, "sampler": sampler_line}
                    line = show.get(kind, deal_line)(rules, seed)
                print(line)
                return 0
        print(f"unknown key {args.show[0]!r}", file=sys.stderr)
        return 2
    chosen = [k for k in every_key() if args.only is None or k[0].startswith(args.only)]
    got = {key: digests(kind, name, options) for key, kind, name, options in chosen}
    if args.write:
        old = json.loads(FIXTURE.read_text()) if FIXTURE.exists() and args.only else {}
        FIXTURE.write_text(json.dumps({**old, **got}, indent=0, sort_keys=True) + "\n")
        print(f"wrote {FIXTURE} ({sum(len(v) for v in got.values())} digests)")
        return 0
    want = json.loads(FIXTURE.read_text())
    bad = 0
    for key in got:
        if want.get(key) != got[key]:
            first = next(
                (
                    i
                    for i, (a, b) in enumerate(zip(want.get(key, []), got[key], strict=False))
                    if a != b
                ),
                None,
            )
            print(f"{key}: differs (block {first})")
            bad += 1
    print("baseline: identical" if not bad else f"baseline: {bad} key(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
