#!/usr/bin/env python3
"""Benchmark random playouts from the first card of French Tarot, 4 players, in deals per second.

Timed in one run, one after the other:

- **(a) plain loop**: ``state = state.apply(rng.choice(state.legal_actions()))`` until
  ``state.is_over``, then ``state.result``;
- **(b) playout**: ``tarotlib.ai.playout(state, rng=rng)``, one call per deal;
- **(c) batch**: ``tarotlib.ai.playouts(states, rng=rng)``, one call for the whole repeat;
- **(d) OpenSpiel tarok**: ``pyspiel.load_game("tarok", {"players": 4})`` (C++, driven from
  Python: ``clone()``, then ``apply_action(rng.choice(legal_actions()))`` to the end and
  ``returns()``), random playouts from the first card of its play, in games whose contract plays
  all 48 cards (``peers_playout.py``, run in the peers' throwaway virtual environment that
  ``run_all.py`` makes; ``--no-peers`` skips it).

The start positions: deal ``i`` is ``new_deal(seed=SEED + i)``, played at random until its phase
is ``play`` (deals annulled before, all passed or a petit sec, are skipped), 200 of them; a
repeat cycles through them. Every random choice is uniform among the legal actions, drawn by
one ``random.Random(seed)`` per repeat; (a), (b) and (c) make the same draws and reach the same
results (the run checks it: their counts, the sum of seat 0's scores included, must agree). The
repeats of (a), (b) and (c) take turns (a round of each, ``REPEATS`` rounds), so that a busy
moment of a shared machine slows them alike.
tarok plays 48 cards, French Tarot 72: µs per card played (a playout's time over its cards) is
given for both.

    python benchmarks/bench_playout.py [--quick] [--json OUT.json] [--no-peers]
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import (  # noqa: E402
    QUICK_REPEATS,
    QUICK_TARGET_SECONDS,
    REPEATS,
    TARGET_SECONDS,
    Counts,
    calibrate,
    summary,
    timed,
)

#: The seed of the first deal; deal ``i`` is dealt from ``SEED + i``.
SEED = 20240601
#: Start positions a repeat cycles through.
STARTS = 200


def load_tarotlib() -> Any:
    """tarotlib with its playouts: as installed, or else from this checkout's ``src/``."""
    try:
        return importlib.import_module("tarotlib.ai.playout")
    except ImportError:
        for name in [m for m in sys.modules if m == "tarotlib" or m.startswith("tarotlib.")]:
            del sys.modules[name]
        sys.path.insert(0, str(HERE.parent / "src"))
        return importlib.import_module("tarotlib.ai.playout")


def log(message: str) -> None:
    print(f"[bench_playout] {message}", file=sys.stderr, flush=True)


def starts(seed: int = SEED, count: int = STARTS) -> list[Any]:
    """``count`` French Tarot 4-player states at the first card of the play."""
    tarotlib = importlib.import_module("tarotlib")
    rules = tarotlib.variant("french-tarot", players=4)
    out: list[Any] = []
    i = 0
    while len(out) < count:
        rng = random.Random(seed + i)
        state = rules.new_deal(seed=seed + i)
        while not state.is_over and state.phase != "play":
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
        i += 1
    return out


def cards_of(state: Any) -> int:
    return sum(len(trick.cards) for trick in state.tricks)


def plain(positions: list[Any], n: int, seed: int) -> Counts:
    """(a): ``n`` playouts by the plain loop. Returns (deals, seat 0's scores summed)."""
    rng = random.Random(seed)
    choice = rng.choice
    total = 0.0
    for i in range(n):
        state = positions[i % len(positions)]
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
        total += state.result.scores[0]
    return n, round(total)


def fast(positions: list[Any], n: int, seed: int) -> Counts:
    """(b): ``n`` calls of ``playout``."""
    playout = load_tarotlib().playout
    rng = random.Random(seed)
    total = 0.0
    for i in range(n):
        total += playout(positions[i % len(positions)], rng=rng).scores[0]
    return n, round(total)


def batch(positions: list[Any], n: int, seed: int) -> Counts:
    """(c): one call of ``playouts`` on ``n`` positions."""
    playouts = load_tarotlib().playouts
    worlds = [positions[i % len(positions)] for i in range(n)]
    results = playouts(worlds, rng=random.Random(seed))
    return n, round(sum(r.scores[0] for r in results))


def run_ours(quick: bool, seed: int) -> dict[str, Any]:
    load_tarotlib()
    repeats = QUICK_REPEATS if quick else REPEATS
    target = QUICK_TARGET_SECONDS if quick else TARGET_SECONDS
    positions = starts()
    play_to_end = load_tarotlib().play_to_end
    cards = sum(cards_of(play_to_end(p, rng=seed + k)) for k, p in enumerate(positions))
    out: dict[str, Any] = {
        "starts": len(positions),
        "cards_per_playout": cards / len(positions),
        "repeats": repeats,
    }
    works = {"plain": plain, "playout": fast, "playouts": batch}
    sizes: dict[str, int] = {}
    for key, work in works.items():
        log(f"{key}: calibrating")
        n = calibrate(lambda k, work=work: work(positions, k, seed), target, 50, 100)
        sizes[key] = max(n, len(positions))
    # The repeats of (a), (b) and (c) take turns, so that a busy moment of the machine slows
    # them alike; each must count the same every time.
    log(f"{repeats} rounds of {sizes} playouts")
    times: dict[str, list[float]] = {key: [] for key in works}
    first: dict[str, Counts] = {}
    for _ in range(repeats):
        for key, work in works.items():
            elapsed, done = timed(functools.partial(work, positions, sizes[key], seed))
            if first.setdefault(key, done) != done:
                raise RuntimeError(f"{key}: repeats differ: seeding is not reproducible")
            times[key].append(elapsed)
    per_card = cards / len(positions)
    for key in works:
        rate = summary(times[key], first[key][0])
        out[key] = {
            "playouts": first[key][0],
            "seconds": times[key],
            "deals_per_s": rate,
            "us_per_card": {k: v / per_card for k, v in rate.items() if k.endswith("_us")},
        }
    # The same draws give the same results: the same n plays the same deals.
    n = len(positions)
    same = plain(positions, n, seed) == fast(positions, n, seed) == batch(positions, n, seed)
    if not same:
        raise RuntimeError(
            "the playouts and the plain loop differ: they must give the same results"
        )
    out["same_results"] = same
    return out


def run_peer(quick: bool, seed: int, venv: Path | None) -> dict[str, Any]:
    import run_all

    python = run_all.ensure_peer_venv(venv or run_all.DEFAULT_PEER_VENV)
    command = [str(python), str(HERE / "peers_playout.py"), "--seed", str(seed)]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    result: dict[str, Any] = json.loads(done.stdout)["openspiel_playouts"]
    return result


def run(
    quick: bool = False, seed: int = SEED, peers: bool = True, venv: Path | None = None
) -> dict[str, Any]:
    """Every figure: ``tarotlib`` ((a), (b), (c)), ``openspiel`` ((d)) and ``ratios``."""
    result: dict[str, Any] = {"quick": quick, "seed": seed}
    result["tarotlib"] = run_ours(quick, seed)
    # whether playout() ran its plain cards in the compiled kernel (tarotlib.ai.COMPILED)
    result["tarotlib"]["compiled_kernel"] = bool(getattr(load_tarotlib(), "COMPILED", False))
    if peers:
        try:
            result["openspiel"] = run_peer(quick, seed, venv)
        except Exception as exc:  # report it, keep tarotlib's figures
            log(f"OpenSpiel could not be timed: {exc}")
            result["openspiel"] = {"error": f"{type(exc).__name__}: {exc}"}
    ours = result["tarotlib"]
    best = {key: ours[key]["deals_per_s"]["best_per_s"] for key in ("plain", "playout", "playouts")}
    ratios = {
        "playout_vs_plain": best["playout"] / best["plain"],
        "playouts_vs_plain": best["playouts"] / best["plain"],
    }
    spiel = result.get("openspiel") or {}
    if "playouts_per_s" in spiel:
        theirs = spiel["playouts_per_s"]["best_per_s"]
        ratios["playout_vs_openspiel"] = best["playout"] / theirs
        ratios["playouts_vs_openspiel"] = best["playouts"] / theirs
        ratios["us_per_card_playout_vs_openspiel"] = (
            ours["playout"]["us_per_card"]["best_us"] / spiel["us_per_action"]["best_us"]
        )
    result["ratios"] = ratios
    return result


def report(result: dict[str, Any]) -> str:
    ours = result["tarotlib"]
    lines = [
        "random playouts from the first card, 4 players   deals/s (best)   median   µs/card",
    ]
    for key, label in (
        ("plain", "(a) tarotlib plain legal_actions/apply loop"),
        ("playout", "(b) tarotlib playout()"),
        ("playouts", "(c) tarotlib playouts() (batch)"),
    ):
        part = ours[key]
        lines.append(
            f"{label:<48} {part['deals_per_s']['best_per_s']:>14,.0f} "
            f"{part['deals_per_s']['median_per_s']:>8,.0f} {part['us_per_card']['best_us']:>9.2f}"
        )
    spiel = result.get("openspiel") or {}
    if "playouts_per_s" in spiel:
        lines.append(
            f"{'(d) open-spiel ' + spiel['version'] + ' tarok (C++)':<48} "
            f"{spiel['playouts_per_s']['best_per_s']:>14,.0f} "
            f"{spiel['playouts_per_s']['median_per_s']:>8,.0f} "
            f"{spiel['us_per_action']['best_us']:>9.2f}"
        )
    elif "error" in spiel:
        lines.append(f"(d) open-spiel tarok: ERROR {spiel['error']}")
    kernel = "compiled" if ours.get("compiled_kernel") else "pure Python (no compiled kernel)"
    lines.append(f"tarotlib's card kernel: {kernel}")
    lines.append(
        f"cards per playout: French Tarot {ours['cards_per_playout']:.1f}"
        + (f", tarok {spiel['actions_per_playout']:.1f}" if "actions_per_playout" in spiel else "")
    )
    labels = {
        "playout_vs_plain": "playout() deals/s ÷ plain loop deals/s",
        "playouts_vs_plain": "playouts() deals/s ÷ plain loop deals/s",
        "playout_vs_openspiel": "playout() deals/s ÷ OpenSpiel tarok playouts/s",
        "playouts_vs_openspiel": "playouts() deals/s ÷ OpenSpiel tarok playouts/s",
        "us_per_card_playout_vs_openspiel": "playout() µs/card ÷ OpenSpiel tarok µs/card",
    }
    for key, value in result["ratios"].items():
        lines.append(f"{labels[key]}: {value:.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short, rougher run")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-peers", action="store_true", help="time tarotlib only")
    parser.add_argument("--peer-venv", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json")
    args = parser.parse_args(argv)
    result = run(args.quick, args.seed, not args.no_peers, args.peer_venv)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
