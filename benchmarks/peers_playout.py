#!/usr/bin/env python3
"""Time random playouts in OpenSpiel's C++ tarok, from its first card, driven from Python.

Run with the Python of the peers' throwaway virtual environment (``run_all.py`` and
``bench_playout.py`` make it and install ``open-spiel`` there); prints one JSON object on
standard output. OpenSpiel is imported and driven through its public objects, and only timed.

The start positions: games of ``tarok(players=4)`` are played at random (chance nodes sampled
from ``chance_outcomes()``, a bidder passing whenever it may, every other action drawn uniformly
from ``legal_actions()``) until their phase is ``TRICKS_PLAYING``, and kept when the contract
plays all 48 cards (the beggars and valats, whose play may stop at the first trick won or lost,
are left out: under uniform bidding nearly every tarok game is a valat that stops after about
five cards). A playout clones a start position and plays it to its end, every action drawn by
``random.Random.choice`` from ``legal_actions()``, then reads ``returns()``.

Usage: ``python peers_playout.py [--quick] [--repeats N] [--target-seconds S] [--seed N]``.
"""

from __future__ import annotations

import importlib
import random
import sys
from importlib import metadata
from typing import Any

from harness import Counts, calibrate, peers_main, repeat, summary

#: Start positions the playouts cycle through.
STARTS = 200
#: The contracts whose play may stop before the last trick.
EARLY_END = ("BEGGAR", "OPEN_BEGGAR", "VALAT_WITHOUT", "COLOUR_VALAT_WITHOUT")
#: tarok's action id for a pass in the bidding.
TAROK_PASS = 0


def log(message: str) -> None:
    print(f"[peers_playout] {message}", file=sys.stderr, flush=True)


def chance_action(state: Any, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return int(outcomes[0][0])
    actions, weights = zip(*outcomes, strict=True)
    return int(rng.choices(actions, weights)[0])


def tarok_starts(seed: int, count: int = STARTS) -> list[Any]:
    """``count`` tarok positions at the first card of the play."""
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("tarok", {"players": 4, "rng_seed": seed})
    playing = pyspiel.TarokGamePhase.TRICKS_PLAYING
    bidding = pyspiel.TarokGamePhase.BIDDING
    early = {getattr(pyspiel.TarokContract, name) for name in EARLY_END}
    rng = random.Random(seed)
    starts: list[Any] = []
    while len(starts) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and state.current_game_phase() != playing:
            if state.is_chance_node():
                state.apply_action(chance_action(state, rng))
                continue
            legal = state.legal_actions()
            if state.current_game_phase() == bidding and TAROK_PASS in legal:
                state.apply_action(TAROK_PASS)
            else:
                state.apply_action(rng.choice(legal))
        if not state.is_terminal() and state.selected_contract() not in early:
            starts.append(state)
    return starts


def tarok_playouts(starts: list[Any], n: int, seed: int) -> Counts:
    """``n`` random playouts, cycling through ``starts``. Returns (playouts, actions, the sum
    of seat 0's returns, rounded)."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    total = 0.0
    for i in range(n):
        state = starts[i % len(starts)].clone()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_action(state, rng))
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
        total += state.returns()[0]
    return n, actions, round(total)


def bench_tarok_playouts(repeats: int, target_seconds: float, seed: int) -> dict[str, Any]:
    starts = tarok_starts(seed)
    log("open-spiel tarok playouts: calibrating")
    n = calibrate(lambda k: tarok_playouts(starts, k, seed), target_seconds, 100, 200)
    log(f"open-spiel tarok playouts: {repeats} x {n}")
    times, (playouts, actions, _) = repeat(lambda k: tarok_playouts(starts, k, seed), n, repeats)
    return {
        "engine": "open-spiel tarok(players=4)",
        "version": metadata.version("open-spiel"),
        "starts": len(starts),
        "playouts": playouts,
        "actions": actions,
        "actions_per_playout": actions / playouts,
        "repeats": repeats,
        "seconds": times,
        "playouts_per_s": summary(times, playouts),
        "us_per_action": summary(times, actions),
    }


def main(argv: list[str] | None = None) -> int:
    return peers_main(argv, __doc__.splitlines()[0], {"openspiel_playouts": bench_tarok_playouts})


if __name__ == "__main__":
    sys.exit(main())
