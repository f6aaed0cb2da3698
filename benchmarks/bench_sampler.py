#!/usr/bin/env python3
"""Benchmark the card sampler, :func:`tarotlib.ai.sample_world`.

For each game, mid-deal positions are reached by random play (``--tricks`` tricks played, 20
seeds by default); for each, the seat after the one to act gets ``--samples`` worlds. Printed:
the median and 90th percentile, in ms, of one ``sample_world`` call, both the *first* call on a
position (which analyses the history and counts the proposal, then cached per state and seat)
and the *later* calls. The garbage collector runs before each position, untimed, so that a
collection due from earlier work does not land in one timed call. tarotlib is imported as
installed, or else from this checkout's ``src/``.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

try:
    import tarotlib
except ImportError:  # pragma: no cover
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import tarotlib

from tarotlib.ai import sample_world

GAMES: list[tuple[str, dict[str, object]]] = [
    ("french-tarot", {"players": 4}),
    ("french-tarot", {"players": 3}),
    ("french-tarot", {"players": 5}),
    ("belote", {}),
    ("lombardy", {}),
    ("tarocco-ombre", {"players": 3}),
    ("chambery", {"players": 4}),
]


def _position(rules: object, seed: int, tricks: int) -> object:
    rng = random.Random(seed)
    state = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over and len(state.tricks) < tricks:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(seeds: int = 20, samples: int = 20, tricks: int = 6) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name, options in GAMES:
        rules = tarotlib.variant(name, **options)
        first: list[float] = []
        later: list[float] = []
        for seed in range(seeds):
            state = _position(rules, seed, tricks)
            if state.is_over:  # type: ignore[attr-defined]
                continue
            seat = (state.to_act + 1) % rules.players  # type: ignore[attr-defined]
            rng = random.Random(seed)
            gc.collect()  # a collection due from earlier work is not timed in this position
            for k in range(samples):
                t = time.perf_counter()
                sample_world(state, seat, rng)  # type: ignore[type-var]
                (first if k == 0 else later).append(1000 * (time.perf_counter() - t))
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        out[label] = {
            "positions": len(first),
            "first_median_ms": round(statistics.median(first), 2),
            "first_p90_ms": round(_pct(first, 0.9), 2),
            "median_ms": round(statistics.median(later), 2),
            "p90_ms": round(_pct(later, 0.9), 2),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--tricks", type=int, default=6)
    args = parser.parse_args()
    print(json.dumps(run(args.seeds, args.samples, args.tricks), indent=2))


if __name__ == "__main__":
    main()
