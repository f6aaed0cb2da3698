#!/usr/bin/env python3
"""What the layers for learning agents cost per step, over the engine's own loop.

For each game (French Tarot 4 players and Belote by default), complete random deals, deal ``i``
from seed ``SEED + i``, each step choosing uniformly (``random.Random(seed).choice``) among:

- **(a) engine**: ``state.legal_actions()``, then ``state.apply(action)``;
- **(b) codec**: ``codec.legal_ids(state, chosen)``, then ``codec.step(state, id, chosen)``
  (:class:`tarotlib.ai.ActionCodec`; a poignée takes several steps);
- **(c) AEC, mask only**: the PettingZoo environment (``tarotlib.ai.pettingzoo.env``, with its
  wrappers) played by ``agent_iter()``, reading only the legal ids (``env.action_mask(agent)``)
  and ``env.terminations``, then ``env.step(id)``;
- **(d) AEC, full**: the same with ``env.last()`` at every step (the observation tensor, the
  mask, the reward), as a learning loop reads it.

Each figure is µs per step (an action, or one id of a poignée) over the whole loop: the deal or
``reset`` and, for (c) and (d), the terminated agents' final ``step(None)``, are included. The
ratios are over (a); the aim is (d) at most 4 times (a). Timing as the other benchmarks do
(``harness.py``: a calibrated warm-up, then repeats from the same seeds; best and median), the
four loops' repeats taking turns so that a busy moment of the machine slows them alike.

    python benchmarks/bench_overhead.py                  # about 40 s
    python benchmarks/bench_overhead.py --quick --json out.json

It prints a table and, with ``--json FILE``, writes every figure as JSON (``-`` for standard
output). tarotlib is imported from this checkout's ``src/`` (or as installed, if the script is
run outside a checkout); it needs numpy, pettingzoo and gymnasium.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    QUICK_REPEATS,
    QUICK_TARGET_SECONDS,
    REPEATS,
    TARGET_SECONDS,
    Counts,
    calibrate,
    summary,
    timed,
)

# This checkout's tarotlib (src/ does not exist outside a checkout: then the installed one).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

import tarotlib
from tarotlib.ai import COMPILED, ActionCodec
from tarotlib.ai.pettingzoo import env

#: The seed of the first deal; deal ``i`` of a run is dealt from ``SEED + i``.
SEED = 20240601
#: The timed games: label -> (name, options).
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "french-tarot-4p": ("french-tarot", {"players": 4}),
    "belote": ("belote", {}),
    "contree": ("contree", {}),
    "tarocco-ombre-3p": ("tarocco-ombre", {"players": 3}),
    "chambery-4p": ("chambery", {"players": 4}),
}
DEFAULT_GAMES = ("french-tarot-4p", "belote")
#: The aim: (d) at most this many times (a).
FULL_LOOP_GOAL = 4.0
LOOPS = ("engine", "codec", "aec_mask", "aec_full")


def engine_loop(name: str, options: dict[str, Any], seed: int) -> Callable[[int], Counts]:
    rules = tarotlib.variant(name, **options)

    def run(n: int) -> Counts:
        steps = 0
        for i in range(n):
            rng = random.Random(seed + i)
            state = rules.new_deal(seed=seed + i)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
                steps += 1
        return n, steps

    return run


def codec_loop(name: str, options: dict[str, Any], seed: int) -> Callable[[int], Counts]:
    rules = tarotlib.variant(name, **options)
    codec = ActionCodec(rules)

    def run(n: int) -> Counts:
        steps = 0
        for i in range(n):
            rng = random.Random(seed + i)
            state: Any = rules.new_deal(seed=seed + i)
            chosen: tuple[int, ...] = ()
            while not state.is_over:
                state, chosen = codec.step(
                    state, rng.choice(codec.legal_ids(state, chosen)), chosen
                )
                steps += 1
        return n, steps

    return run


def aec_mask_loop(name: str, options: dict[str, Any], seed: int) -> Callable[[int], Counts]:
    game: Any = env(name, **options)

    def run(n: int) -> Counts:
        steps = 0
        for i in range(n):
            rng = random.Random(seed + i)
            game.reset(seed=seed + i)
            for agent in game.agent_iter():
                if game.terminations[agent]:
                    game.step(None)
                    continue
                game.step(rng.choice(np.flatnonzero(game.action_mask(agent)).tolist()))
                steps += 1
        return n, steps

    return run


def aec_full_loop(name: str, options: dict[str, Any], seed: int) -> Callable[[int], Counts]:
    game: Any = env(name, **options)

    def run(n: int) -> Counts:
        steps = 0
        for i in range(n):
            rng = random.Random(seed + i)
            game.reset(seed=seed + i)
            for _ in game.agent_iter():
                observation, _, terminated, truncated, _ = game.last()
                if terminated or truncated:
                    game.step(None)
                    continue
                game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return n, steps

    return run


MAKERS = {
    "engine": engine_loop,
    "codec": codec_loop,
    "aec_mask": aec_mask_loop,
    "aec_full": aec_full_loop,
}


def run(
    games: tuple[str, ...] = DEFAULT_GAMES,
    *,
    quick: bool = False,
    repeats: int | None = None,
    target_seconds: float | None = None,
    seed: int = SEED,
    log: Callable[[str], None] = lambda message: None,
) -> dict[str, Any]:
    """Every loop of every game: ``{game: {loop: {deals, steps, best_us, median_us, ...,
    ratio}}}`` (µs per step; ``ratio``: best µs over the engine's best µs)."""
    repeats = repeats or (QUICK_REPEATS if quick else REPEATS)
    target = target_seconds or (QUICK_TARGET_SECONDS if quick else TARGET_SECONDS)
    out: dict[str, Any] = {}
    for label in games:
        name, options = GAMES[label]
        works = {loop: MAKERS[loop](name, options, seed) for loop in LOOPS}
        sizes = {}
        for loop in LOOPS:
            log(f"{label}: {loop}")
            sizes[loop] = calibrate(works[loop], target, start=2, minimum=2)
        # The loops' repeats take turns, so that a busy moment of the machine slows them alike.
        times: dict[str, list[float]] = {loop: [] for loop in LOOPS}
        counts: dict[str, Counts] = {}
        for _ in range(repeats):
            for loop in LOOPS:
                elapsed, got = timed(functools.partial(works[loop], sizes[loop]))
                if counts.setdefault(loop, got) != got:
                    raise RuntimeError(f"{label} {loop}: repeats differ: {got} != {counts[loop]}")
                times[loop].append(elapsed)
        figures: dict[str, Any] = {}
        for loop in LOOPS:
            deals, steps = counts[loop]
            figures[loop] = {"deals": deals, "steps": steps, **summary(times[loop], steps)}
        base = figures["engine"]["best_us"]
        for loop in LOOPS:
            figures[loop]["ratio"] = figures[loop]["best_us"] / base
        figures["goal_full_over_engine"] = FULL_LOOP_GOAL
        figures["goal_met"] = figures["aec_full"]["ratio"] <= FULL_LOOP_GOAL
        out[label] = figures
    return out


def table(result: dict[str, Any]) -> str:
    """The figures as a text table (best µs per step, and the ratio to the engine's loop)."""
    head = f"{'game':<18}" + "".join(f"{loop:>20}" for loop in LOOPS) + "  goal (d) <= 4x (a)"
    lines = [head, "-" * len(head)]
    for label, figures in result.items():
        cells = "".join(
            f"{figures[loop]['best_us']:>11.1f} µs {figures[loop]['ratio']:>4.1f}x"
            for loop in LOOPS
        )
        lines.append(f"{label:<18}{cells}  {'met' if figures['goal_met'] else 'NOT MET'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short, rougher run")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument(
        "--target-seconds", type=float, default=None, help="about how long each timed repeat lasts"
    )
    parser.add_argument("--games", nargs="*", default=list(DEFAULT_GAMES), choices=list(GAMES))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--json", default=None, help="write every figure as JSON (- for stdout)")
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(f"[overhead] {message}", file=sys.stderr, flush=True)

    figures = run(
        tuple(args.games),
        quick=args.quick,
        repeats=args.repeats,
        target_seconds=args.target_seconds,
        seed=args.seed,
        log=log,
    )
    result = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "seed": args.seed,
        "unit": "µs per step (best repeat); ratio: over (a), the engine's loop",
        "compiled": COMPILED,  # whether tarotlib's compiled part wrote the observations
        "games": figures,
    }
    print(table(figures))
    print(f"tarotlib's compiled part: {'in use' if COMPILED else 'not in use (pure Python)'}")
    if args.json == "-":
        json.dump(result, sys.stdout, indent=2)
        print()
    elif args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
