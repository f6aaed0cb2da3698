"""The timing harness shared by ``bench_tarotlib.py``, ``peers.py`` and ``peers_belote.py``, and
the configurations and positions shared by ``bench_solver.py`` and ``bench_sampler.py``.

Standard library only, so that it runs unchanged in the peers' throwaway
virtual environment and in tarotlib's. Every measurement runs a fixed piece
of work (the same seeds every time) a few times after a warm-up, with
``time.perf_counter`` round each whole repeat, a garbage collection before
each repeat and the collector left on while timing; the best (fastest) and
the median repeat are both reported.
"""

from __future__ import annotations

import functools
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

#: Timed repeats of each measurement, and about how long each one lasts: many
#: short repeats, so that the best of them is likely to have run undisturbed.
REPEATS, TARGET_SECONDS = 7, 0.5
#: The same for ``--quick``.
QUICK_REPEATS, QUICK_TARGET_SECONDS = 3, 0.2

#: What a piece of work counts (deals, actions, ...); every repeat of the
#: same work must count the same.
Counts = tuple[int, ...]


def timed(work: Callable[[], Counts]) -> tuple[float, Counts]:
    """Seconds taken by ``work()``, and what it counted."""
    gc.collect()
    start = time.perf_counter()
    counts = work()
    return time.perf_counter() - start, counts


def calibrate(run: Callable[[int], Counts], target_seconds: float, start: int, minimum: int) -> int:
    """How many units ``run`` should do for one repeat to last about
    ``target_seconds``. The calibration runs are the warm-up too."""
    n = start
    while True:
        elapsed, _ = timed(functools.partial(run, n))
        if elapsed >= target_seconds / 4 or n >= 1_000_000:
            break
        n *= 4
    return max(minimum, round(n * target_seconds / max(elapsed, 1e-9)))


def repeat(run: Callable[[int], Counts], n: int, repeats: int) -> tuple[list[float], Counts]:
    """Time ``run(n)`` ``repeats`` times. Each repeat starts from the same
    seeds, so each must count the same, or the run is not reproducible."""
    times: list[float] = []
    first: Counts | None = None
    for _ in range(repeats):
        elapsed, counts = timed(functools.partial(run, n))
        if first is None:
            first = counts
        elif counts != first:
            raise RuntimeError(f"repeats differ: {counts} != {first}: seeding is not reproducible")
        times.append(elapsed)
    if first is None:
        raise ValueError("repeats must be at least 1")
    return times, first


def summary(times: list[float], units: int) -> dict[str, float]:
    """Units per second and microseconds per unit, for the best and for the
    median repeat."""
    best, median = min(times), statistics.median(times)
    units = max(units, 1)
    return {
        "best_per_s": units / best,
        "median_per_s": units / median,
        "best_us": best / units * 1e6,
        "median_us": median / units * 1e6,
    }


def peers_main(
    argv: list[str] | None,
    description: str,
    peers: dict[str, Callable[[int, float, int], dict[str, object]]],
) -> int:
    """The command line of a peers script (``peers.py``, ``peers_belote.py``): parse
    ``--quick --repeats --target-seconds --seed --only``, time each peer with
    ``bench(repeats, target_seconds, seed)`` (a failing peer is reported as ``{"error": ...}``
    and the others are still timed), and print one JSON object on standard output."""
    import argparse
    import json
    import os
    import platform
    import sys

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="a short, rougher run")
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument(
        "--target-seconds", type=float, default=None, help="about how long each timed repeat lasts"
    )
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--only", choices=tuple(peers), default=None)
    args = parser.parse_args(argv)
    repeats = args.repeats or (QUICK_REPEATS if args.quick else REPEATS)
    target = args.target_seconds or (QUICK_TARGET_SECONDS if args.quick else TARGET_SECONDS)
    result: dict[str, object] = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "seed": args.seed,
    }
    for name, bench in peers.items():
        if args.only in (None, name):
            try:
                result[name] = bench(repeats, target, args.seed)
            except Exception as exc:  # report, and go on with the other peers
                result[name] = {"error": f"{type(exc).__name__}: {exc}"}
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


#: Every game and player count of the registry, under its default options.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot-solo", {}),
    ("belote", {}),
    ("contree", {}),
    ("lombardy", {}),
    ("reseghino", {}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", {}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
]


def label(name: str, options: dict[str, Any]) -> str:
    """A configuration's name in a table: ``chambery players=5``."""
    return name + "".join(f" {k}={v}" for k, v in options.items())


def play_positions(
    rules: Any, count: int, seed: int, pick: Callable[[list[Any], random.Random], Any]
) -> list[Any]:
    """``count`` positions in the play of the cards, at most one a deal: deal ``seed + i`` (``i``
    from 0, at most ``20 * count`` deals) played to its end by uniform legal actions drawn by
    ``random.Random(seed + i)``; ``pick(states, rng)`` chooses one of the deal's states in the
    play of the cards (in order), or None to take none, with the deal's generator."""
    play = len(rules.phase_list) - 2
    out: list[Any] = []
    i = 0
    while len(out) < count and i < 20 * count:
        rng = random.Random(seed + i)
        state = rules.new_deal(seed=seed + i)
        i += 1
        states: list[Any] = []
        while not state.is_over:
            if state.phase_index == play:
                states.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        chosen = pick(states, rng) if states else None
        if chosen is not None:
            out.append(chosen)
    return out
