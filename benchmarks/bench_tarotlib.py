#!/usr/bin/env python3
"""Benchmark tarotlib's French Tarot and Belote through the public API.

For French Tarot with 3, 4 and 5 players, and for Belote under the ``ffb`` preset and under
``classic`` with the all-trumps / no-trumps round (declarations and TA/SA, the rules belote-cli
plays):

- **deals per second**: complete random deals, each ``rules.new_deal(seed=...)``
  played to its end by choosing uniformly among ``state.legal_actions()`` and
  calling ``state.apply(action)`` (which checks legality), then reading
  ``state.result``: the deal, the auction, the chien and the écart, the play
  and the scoring. A deal that ends early (all players pass, or a petit sec)
  counts as a deal, and is also counted as annulled;
- **µs per action** of that same loop: its time over the number of
  ``apply()`` calls (so it includes ``new_deal``, ``legal_actions``, the random
  choice and ``apply``), the figure compared with OpenSpiel's;
- **µs per ``legal_actions()``** and **µs per ``apply()``** alone: random
  deals are recorded, rebuilt as fresh states by replaying their actions, and
  then ``legal_actions()`` is timed on every recorded state and ``apply()`` on
  every recorded (state, action) pair; ``new_deal()`` is timed alone too.

``run()`` returns a dict; ``python benchmarks/bench_tarotlib.py`` prints it as
JSON. tarotlib is imported as installed, or else from this checkout's
``src/``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    QUICK_REPEATS,
    QUICK_TARGET_SECONDS,
    REPEATS,
    TARGET_SECONDS,
    Counts,
    calibrate,
    repeat,
    summary,
)

#: The seed of the first deal; deal ``i`` of a run is dealt from ``SEED + i``.
SEED = 20240601


# ── the part of tarotlib's API that is timed ────────────────────────────────


class Result(Protocol):
    @property
    def scores(self) -> Sequence[float]: ...


class State(Protocol):
    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Result | None: ...

    def legal_actions(self) -> Sequence[object]: ...

    def apply(self, action: Any, /) -> State: ...


class Game(Protocol):
    def new_deal(self, *, seed: int) -> State: ...


def load_tarotlib() -> ModuleType:
    """tarotlib as installed, or else from ``src/`` beside this folder."""
    try:
        return importlib.import_module("tarotlib")
    except ImportError:
        src = Path(__file__).resolve().parent.parent / "src"
        if not (src / "tarotlib").is_dir():
            raise
        sys.path.insert(0, str(src))
        return importlib.import_module("tarotlib")


def french_tarot(players: int) -> Game:
    tarotlib = load_tarotlib()
    variant = cast(Callable[..., Game], tarotlib.variant)
    return variant("french-tarot", players=players)


#: The Belote configurations timed: name -> options.
BELOTE_CONFIGS: dict[str, dict[str, object]] = {
    "ffb": {"preset": "ffb"},
    "classic+ta_sa": {"preset": "classic", "ta_sa": "third_round"},
}


def belote(options: dict[str, object]) -> Game:
    tarotlib = load_tarotlib()
    variant = cast(Callable[..., Game], tarotlib.variant)
    return variant("belote", **options)


#: The other games timed, each against French Tarot 4 players' card plays per second:
#: label -> (registered name, options).
GAME_CONFIGS: dict[str, tuple[str, dict[str, object]]] = {
    "lombardy": ("lombardy", {}),
    # Random players annul about a fifth of Lombardy's deals with the Monte (LO-13): timed without
    # it too, for the speed of the play itself.
    "lombardy monte=disabled": ("lombardy", {"monte": "disabled"}),
    "reseghino": ("reseghino", {}),
    "tarocco-ombre 3p": ("tarocco-ombre", {"players": 3}),
    "ombra-arrabiata": ("ombra-arrabiata", {}),
    "tarocco-ombre 5p": ("tarocco-ombre", {"players": 5}),
    "tarocco-ombre 7p": ("tarocco-ombre", {"players": 7}),
    "chambery 3p": ("chambery", {"players": 3}),
    "chambery 4p": ("chambery", {"players": 4}),
    "chambery 5p": ("chambery", {"players": 5}),
    "chambery 6p": ("chambery", {"players": 6}),
    "chambery 3p simplifie": ("chambery", {"players": 3, "simplifie": True}),
    "chambery 4p simplifie": ("chambery", {"players": 4, "simplifie": True}),
    "french-tarot-solo": ("french-tarot-solo", {}),
    # Contrée (preset ffb), timed beside colver's Contrée (run_all.py's ratio contree_rate_vs_colver).
    "contree": ("contree", {}),
}

#: The families of :data:`GAME_CONFIGS` that ``run_all.py --games`` can choose: family -> labels.
GAME_FAMILIES: dict[str, tuple[str, ...]] = {
    "lombard": tuple(
        label
        for label, (name, _) in GAME_CONFIGS.items()
        if name in ("lombardy", "reseghino", "tarocco-ombre", "ombra-arrabiata")
    ),
    "chambery": tuple(label for label, (name, _) in GAME_CONFIGS.items() if name == "chambery"),
    "solo": ("french-tarot-solo",),
    # ``--games belote`` times Contrée too: its peer, colver, is timed with Belote's peers.
    "belote": ("contree",),
}


def game(label: str) -> Game | None:
    """The rules of ``GAME_CONFIGS[label]``, or None if this tarotlib has no such game."""
    tarotlib = load_tarotlib()
    name, options = GAME_CONFIGS[label]
    if name not in tarotlib.variant_names():
        return None
    variant = cast(Callable[..., Game], tarotlib.variant)
    return variant(name, **options)


def is_annulled(state: State) -> bool:
    """Whether a finished deal was annulled (nobody took, or a petit sec):
    the result's ``is_annulled`` flag, or its ``annulled`` reason; failing
    both, a played deal never scores nought for everybody and an annulled one
    does."""
    result = state.result
    if result is None:
        return True
    flag = getattr(result, "is_annulled", None)
    if isinstance(flag, bool):
        return flag
    if hasattr(result, "annulled"):
        return bool(result.annulled)
    return not any(result.scores)


# ── the work ────────────────────────────────────────────────────────────────


def play_deals(rules: Game, n: int, seed: int) -> Counts:
    """``n`` complete random deals from seeds ``seed .. seed + n - 1``, the
    moves drawn from one ``random.Random(seed)``. Returns (deals, annulled,
    actions)."""
    choice = random.Random(seed).choice
    annulled = actions = 0
    for i in range(n):
        state = rules.new_deal(seed=seed + i)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
            actions += 1
        if is_annulled(state):
            annulled += 1
    return n, annulled, actions


def card_plays(rules: Game, n: int, seed: int) -> int:
    """The cards played to tricks in the ``n`` deals that :func:`play_deals` plays from the same
    seeds (counted apart, untimed: the same random choices give the same deals)."""
    choice = random.Random(seed).choice
    plays = 0
    for i in range(n):
        state = rules.new_deal(seed=seed + i)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
        plays += sum(len(trick.cards) for trick in state.tricks)  # type: ignore[attr-defined]
    return plays


Deal = tuple[int, list[object]]


def record_deals(rules: Game, n: int, seed: int) -> list[Deal]:
    """The seeds and the action sequences of ``n`` random deals."""
    choice = random.Random(seed).choice
    deals: list[Deal] = []
    for i in range(n):
        state = rules.new_deal(seed=seed + i)
        moves: list[object] = []
        while not state.is_over:
            action = choice(state.legal_actions())
            moves.append(action)
            state = state.apply(action)
        deals.append((seed + i, moves))
    return deals


def replay(rules: Game, deals: list[Deal]) -> list[tuple[State, object]]:
    """Fresh states, rebuilt by ``apply()`` alone (no ``legal_actions()`` call
    on them yet), each with the action played from it."""
    pairs: list[tuple[State, object]] = []
    for seed, moves in deals:
        state = rules.new_deal(seed=seed)
        for action in moves:
            pairs.append((state, action))
            state = state.apply(action)
        if not state.is_over:
            raise RuntimeError(f"replaying deal {seed} did not end it")
    return pairs


# ── the measurements ────────────────────────────────────────────────────────


def bench_players(
    players: int, repeats: int, target_seconds: float, seed: int, log: Callable[[str], None]
) -> dict[str, Any]:
    out = bench_rules(f"{players}p", french_tarot(players), repeats, target_seconds, seed, log)
    return {"players": players, **out}


def bench_rules(
    label: str,
    rules: Game,
    repeats: int,
    target_seconds: float,
    seed: int,
    log: Callable[[str], None],
) -> dict[str, Any]:
    def run(n: int) -> Counts:
        return play_deals(rules, n, seed)

    log(f"tarotlib {label}: calibrating")
    n = calibrate(run, target_seconds, 4, 20)
    log(f"tarotlib {label}: {repeats} x {n} random deals")
    times, (deals, annulled, actions) = repeat(run, n, repeats)
    rate = summary(times, deals)
    plays_per_deal = card_plays(rules, deals, seed) / deals

    # legal_actions() and apply() alone, on states rebuilt for each repeat.
    recorded = record_deals(rules, max(10, round(rate["best_per_s"] * target_seconds / 3)), seed)
    log(f"tarotlib {label}: timing legal_actions() and apply() over {len(recorded)} recorded deals")
    legal_times: list[float] = []
    apply_times: list[float] = []
    card_times: list[float] = []
    legal_counts: Counts = ()
    calls = cards = 0
    for _ in range(repeats + 1):  # the first round is the warm-up
        pairs = replay(rules, recorded)
        states = [state for state, _ in pairs]
        calls = len(pairs)

        def legal_all(_: int, states: list[State] = states) -> Counts:
            total = 0
            for state in states:
                total += len(state.legal_actions())
            return (total,)

        def apply_all(_: int, pairs: list[tuple[State, object]] = pairs) -> Counts:
            for state, action in pairs:
                state.apply(action)
            return (len(pairs),)

        seconds, legal_counts = repeat(legal_all, 0, 1)
        legal_times += seconds
        seconds, _ = repeat(apply_all, 0, 1)
        apply_times += seconds

        # A card's play alone: legal_actions() then apply() on the play phase's fresh states.
        plays = [(s, a) for s, a in replay(rules, recorded) if getattr(s, "phase", "") == "play"]
        cards = len(plays)

        def card_all(_: int, plays: list[tuple[State, object]] = plays) -> Counts:
            for state, action in plays:
                state.legal_actions()
                state.apply(action)
            return (len(plays),)

        seconds, _ = repeat(card_all, 0, 1)
        card_times += seconds
    legal_times, apply_times, card_times = legal_times[1:], apply_times[1:], card_times[1:]

    def deal_only(k: int) -> Counts:
        for i in range(k):
            rules.new_deal(seed=seed + i)
        return (k,)

    new_deal_times, _ = repeat(deal_only, max(n, 100), repeats)
    return {
        "deals": deals,
        "annulled": annulled,
        "actions": actions,
        "actions_per_deal": actions / deals,
        "repeats": repeats,
        "seconds": times,
        "deals_per_s": rate,
        "card_plays_per_deal": plays_per_deal,
        "card_plays_per_s": {k: v * plays_per_deal for k, v in rate.items() if k.endswith("_s")},
        "us_per_action": summary(times, actions),
        "calls": {
            "deals": len(recorded),
            "states": calls,
            "legal_actions_per_state": legal_counts[0] / max(calls, 1),
            "us_per_legal_actions": summary(legal_times, calls),
            "us_per_apply": summary(apply_times, calls),
            "us_per_new_deal": summary(new_deal_times, max(n, 100)),
            "us_per_card_play": summary(card_times, cards),
        },
    }


def run(
    *,
    quick: bool = False,
    repeats: int | None = None,
    target_seconds: float | None = None,
    players: Sequence[int] = (3, 4, 5),
    belote_configs: Sequence[str] = tuple(BELOTE_CONFIGS),
    games: Sequence[str] = tuple(GAME_CONFIGS),
    seed: int = SEED,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every measurement, as a JSON-ready dict; ``quick`` makes it short and
    rougher. Raises if tarotlib cannot be imported."""
    repeats = repeats or (QUICK_REPEATS if quick else REPEATS)
    target = target_seconds or (QUICK_TARGET_SECONDS if quick else TARGET_SECONDS)
    say = log or (lambda message: None)
    tarotlib = load_tarotlib()
    out: dict[str, Any] = {
        "engine": "tarotlib",
        "version": str(getattr(tarotlib, "__version__", "unknown")),
        "module": str(getattr(tarotlib, "__file__", "")),
        "seed": seed,
        "repeats": repeats,
        "target_seconds": target,
        "players": {},
        "belote": {},
        "games": {},
    }
    for count in players:
        out["players"][str(count)] = bench_players(count, repeats, target, seed, say)
    for name in belote_configs:
        rules = belote(BELOTE_CONFIGS[name])
        out["belote"][name] = bench_rules(f"belote {name}", rules, repeats, target, seed, say)
    for label in games:
        other = game(label)
        if other is None:
            say(f"tarotlib {label}: not in this version, skipped")
            continue
        out["games"][label] = bench_rules(label, other, repeats, target, seed, say)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark tarotlib's French Tarot.")
    parser.add_argument("--quick", action="store_true", help="a short, rougher run")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument(
        "--target-seconds", type=float, default=None, help="about how long each timed repeat lasts"
    )
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    parser.add_argument(
        "--belote", nargs="*", default=list(BELOTE_CONFIGS), choices=list(BELOTE_CONFIGS)
    )
    parser.add_argument(
        "--games", nargs="*", default=list(GAME_CONFIGS), choices=list(GAME_CONFIGS)
    )
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(f"[tarotlib] {message}", file=sys.stderr, flush=True)

    result = run(
        quick=args.quick,
        repeats=args.repeats,
        target_seconds=args.target_seconds,
        players=args.players,
        belote_configs=args.belote,
        games=args.games,
        seed=args.seed,
        log=log,
    )
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
