#!/usr/bin/env python3
"""Benchmark the search bot (``tarotlib.bots.SearchBot``): time a decision, and what the budget buys.

**Speed.** For each configuration (every game and player count of the registry under its
default options), ``--deals`` deals ``new_deal(seed=SEED + i)`` are played with the search bot at
its default budget (``tarotlib.bots.SearchBot``: 16 worlds, at most 0.5 s) in seat 0 and the
heuristic bot elsewhere; every decision of the search bot with more than one legal action is
timed with ``time.perf_counter``. Reported per row: the decisions timed, their median, 90th
percentile and slowest time, and decisions per second (over the whole time).

**Strength against budget** (``--strength``): duplicate matches (``tarotlib.arena.duplicate``)
of the search bot at several budgets against the heuristic bot in one game (``--game``, Belote by
default, the cheapest), ``--boards`` boards each: the mean gain per board with its 95% interval.

    python benchmarks/bench_search.py [--deals N] [--only GAME] [--json OUT]
    python benchmarks/bench_search.py --strength [--game belote] [--boards 200]
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import tarotlib  # noqa: E402
from tarotlib.arena import duplicate  # noqa: E402
from tarotlib.bots import HeuristicBot, SearchBot  # noqa: E402

sys.path.insert(0, str(HERE))
from harness import CONFIGS, label  # noqa: E402

SEED = 2026

#: The budgets of the strength table: (worlds, time limit in seconds).
BUDGETS = [(2, None), (6, None), (16, 0.5)]


def speed(name: str, options: dict[str, Any], deals: int) -> dict[str, Any]:
    rules = tarotlib.variant(name, **options)
    times: list[float] = []
    for i in range(deals):
        state = rules.new_deal(seed=SEED + i, dealer=i % rules.players)
        search = SearchBot(SEED + i)
        others = HeuristicBot(SEED + i)
        while not state.is_over:
            if state.to_act == 0 and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = search.choose(state)
                times.append(time.perf_counter() - start)
            else:
                action = others.choose(state)
            state = state.apply(action)
    times.sort()
    return {
        "decisions": len(times),
        "median_ms": round(1000 * statistics.median(times), 1) if times else None,
        "p90_ms": round(1000 * times[int(0.9 * (len(times) - 1))], 1) if times else None,
        "max_ms": round(1000 * times[-1], 1) if times else None,
        "decisions_per_s": round(len(times) / sum(times), 2) if times else None,
    }


def strength(game: str, boards: int) -> list[dict[str, Any]]:
    rows = []
    for worlds, limit in BUDGETS:
        bot = functools.partial(SearchBot, worlds=worlds, time_limit=limit)
        start = time.perf_counter()
        match = duplicate(game, (bot, "heuristic"), boards=boards, seed=SEED)
        lo, hi = match.interval
        rows.append(
            {
                "worlds": worlds,
                "time_limit": limit,
                "boards": boards,
                "mean_gain": round(match.mean, 2),
                "ci95": [round(lo, 2), round(hi, 2)],
                "seconds": round(time.perf_counter() - start, 1),
            }
        )
        print(
            f"{game:12} worlds {worlds:3} limit {limit!s:5}  gain {match.mean:+7.2f}  "
            f"95% [{lo:+.2f}, {hi:+.2f}]  ({boards} boards, {rows[-1]['seconds']} s)",
            flush=True,
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--only", default=None, help="only the configurations of this game")
    parser.add_argument("--strength", action="store_true", help="the strength-budget table")
    parser.add_argument("--game", default="belote")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out: dict[str, Any] = {}
    if args.strength:
        out["strength"] = strength(args.game, args.boards)
    else:
        for name, options in CONFIGS:
            if args.only and name != args.only:
                continue
            row = speed(name, options, args.deals)
            out[label(name, options)] = row
            print(
                f"{label(name, options):28} decisions {row['decisions']:4}  median "
                f"{row['median_ms']:7.1f} ms  p90 {row['p90_ms']:7.1f}  max {row['max_ms']:7.1f}  "
                f"{row['decisions_per_s']:6.2f} decisions/s",
                flush=True,
            )
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
