#!/usr/bin/env python3
"""Benchmark the exact play solver (``tarotlib.ai.solve``): time to solve the rest of a deal.

For each configuration (every game and player count of the registry under its default options),
positions are dealt with ``new_deal(seed=SEED + i)``, played at random (uniform legal actions
drawn by ``random.Random(SEED + i)``) into the play of the cards and on to the first card of a
trick with ``k`` tricks left; each is solved for the declarer's side (or the seat to act) with the
default objective (card points), one fresh search per position, timed with
``time.perf_counter``. Reported per row: the median and 99th percentile (the highest of fewer
than 100) of the solve times, the median number of positions searched (``Solution.nodes``), the
nodes searched per second, and how many positions were solved exactly within the limit of
``--limit`` seconds (a position over it counts at the limit).

Rows:

- **Belote and Contrée from the first card (8 tricks)**: the issue's goal is a median of 20 ms
  and a 99th percentile of 200 ms; only with ``--full``;
- **French Tarot 4 players from the 10th trick (9 tricks left)**: goal median 100 ms; only with
  ``--full``;
- **every configuration**: ``k`` from 1 up, while the median stays within 100 ms: the largest
  such ``k`` is the figure (``tricks solved within 100 ms``).

    python benchmarks/bench_solver.py [--quick] [--full] [--positions N] [--limit S] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import tarotlib  # noqa: E402
from tarotlib._compiled import COMPILED  # noqa: E402
from tarotlib.ai import solve  # noqa: E402

sys.path.insert(0, str(HERE))
from harness import CONFIGS, label, play_positions  # noqa: E402

SEED = 23_000
GOAL_MS = 100.0


def tricks_left(state: Any) -> int:
    return max(state.held(s).bit_count() for s in range(state.rules.players))


def positions(name: str, options: dict[str, Any], left: int, count: int) -> list[Any]:
    """``count`` positions at the first card of a trick with ``left`` tricks to go."""

    def first(states: list[Any], rng: random.Random) -> Any:
        return next((state for state in states if tricks_left(state) == left), None)

    return play_positions(tarotlib.variant(name, **options), count, SEED, first)


def measure(states: list[Any], limit: float) -> dict[str, Any]:
    times, counts, exact = [], [], 0
    for state in states:
        start = time.perf_counter()
        solution = solve(state, time_limit=limit)
        elapsed = time.perf_counter() - start
        times.append(min(elapsed, limit) if not solution.exact else elapsed)
        counts.append(solution.nodes)
        exact += solution.exact
    nodes = sum(counts)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return {
        "positions": len(states),
        "exact": exact,
        "median_ms": 1000 * statistics.median(times),
        "p99_ms": 1000 * p99,
        "nodes_median": statistics.median(counts),
        "nodes_per_s": nodes / max(sum(times), 1e-9),
    }


def line(row: str, k: int, m: dict[str, Any]) -> str:
    return (
        f"{row:<28} {k:>2} tricks  median {m['median_ms']:>9.1f} ms  p99 {m['p99_ms']:>9.1f} ms"
        f"  nodes {m['nodes_median']:>9.0f}  {m['nodes_per_s']:>7.0f} nodes/s"
        f"  exact {m['exact']}/{m['positions']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions (8)")
    parser.add_argument("--full", action="store_true", help="also the issue's goal rows")
    parser.add_argument("--positions", type=int, default=None, help="positions per row (20)")
    parser.add_argument("--limit", type=float, default=5.0, help="seconds per solve (5)")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON")
    args = parser.parse_args(argv)
    count = args.positions or (8 if args.quick else 20)
    print(f"tarotlib {tarotlib.__version__}, compiled kernel: {COMPILED}, {count} positions a row")
    report: dict[str, Any] = {"positions": count, "compiled": COMPILED, "rows": []}
    if args.full:
        for name, options, k in (
            ("belote", {}, 8),
            ("contree", {}, 8),
            ("french-tarot", {"players": 4}, 9),
        ):
            m = measure(positions(name, options, k, count), args.limit)
            print(line(label(name, options), k, m))
            report["rows"].append({"config": label(name, options), "tricks": k, **m})
    for name, options in CONFIGS:
        best = 0
        k = 1
        while True:
            states = positions(name, options, k, count)
            if not states:
                break
            m = measure(states, args.limit)
            print(line(label(name, options), k, m))
            report["rows"].append({"config": label(name, options), "tricks": k, **m})
            if m["median_ms"] > GOAL_MS:
                break
            best = k
            k += 1
        print(
            f"{label(name, options):<28} solves {best} tricks with a median within {GOAL_MS:.0f} ms"
        )
        report.setdefault("within_100ms", {})[label(name, options)] = best
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
