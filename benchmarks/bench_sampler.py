#!/usr/bin/env python3
"""Benchmark the card sampler, :func:`tarotlib.ai.sample_world`, in every configuration.

For each configuration (every game and player count of the registry under its default options),
``--positions`` play-phase positions are reached by random play (deal ``SEED + i``, uniform legal
actions drawn by ``random.Random(SEED + i)``, stopped at a card drawn uniformly among those of
the deal's play); for each, the seat after the one to act gets ``--samples`` worlds. Printed per
configuration, in ms: the *first* call on a position (which analyses the history and counts the
proposal, then cached per state and seat) — median, 99th percentile and worst — the *later*
calls — median and 99th percentile — the 99th percentile of all draws, and how many draws raised
:class:`~tarotlib.errors.SamplingError` (over the default time limit of 2 s). The 99th
percentile of fewer than 100 values is the highest but one of 100... read here as the value at
rank ``round(0.99 * (n - 1))``. The garbage collector runs before each position, untimed.
tarotlib is imported as installed, or else from this checkout's ``src/``.

    python benchmarks/bench_sampler.py [--positions N] [--samples K] [--only NAME] [--json OUT]
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
from typing import Any

try:
    import tarotlib
except ImportError:  # pragma: no cover
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import tarotlib

from tarotlib.ai import sample_world
from tarotlib.errors import SamplingError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import CONFIGS, label, play_positions

SEED = 25_000


def positions(name: str, options: dict[str, Any], count: int) -> list[Any]:
    """``count`` positions in the play of the cards, each at a card drawn uniformly among the
    deal's plays."""
    return play_positions(
        tarotlib.variant(name, **options),
        count,
        SEED,
        lambda seen, rng: seen[rng.randrange(len(seen))],
    )


def rank(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def measure(states: list[Any], samples: int) -> dict[str, Any]:
    first: list[float] = []
    later: list[float] = []
    failed = 0
    for i, state in enumerate(states):
        seat = ((state.to_act if state.to_act is not None else 0) + 1) % state.rules.players
        rng = random.Random(i)
        gc.collect()  # a collection due from earlier work is not timed in this position
        for k in range(samples):
            t = time.perf_counter()
            try:
                sample_world(state, seat, rng)
            except SamplingError:
                failed += 1
            (first if k == 0 else later).append(1000 * (time.perf_counter() - t))
    return {
        "positions": len(first),
        "first_median_ms": round(statistics.median(first), 2),
        "first_p99_ms": round(rank(first, 0.99), 2),
        "first_worst_ms": round(max(first), 2),
        "later_median_ms": round(statistics.median(later), 2) if later else None,
        "later_p99_ms": round(rank(later, 0.99), 2) if later else None,
        "all_p99_ms": round(rank(first + later, 0.99), 2),
        "failed": failed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--only", default=None, help="only the configurations of this game")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out: dict[str, Any] = {}
    for name, options in CONFIGS:
        if args.only and name != args.only:
            continue
        row = measure(positions(name, options, args.positions), args.samples)
        out[label(name, options)] = row
        print(
            f"{label(name, options):28} first: median {row['first_median_ms']:8.2f} ms  "
            f"p99 {row['first_p99_ms']:8.2f}  worst {row['first_worst_ms']:8.2f}  |  later: "
            f"median {row['later_median_ms']:7.2f}  p99 {row['later_p99_ms']:8.2f}  |  all draws: "
            f"p99 {row['all_p99_ms']:8.2f}  failed {row['failed']}",
            flush=True,
        )
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
