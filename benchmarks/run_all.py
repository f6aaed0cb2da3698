#!/usr/bin/env python3
"""Benchmark tarotlib and its peers side by side, in one run.

French Tarot's peers, the PyPI packages ``magmacrunch-tarot`` and ``open-spiel``, are
installed into a throwaway virtual environment (``--peer-venv``, by default
in the temporary directory; made and filled on first use, reused after) and
timed there by ``peers.py`` in a subprocess. Belote's peers, ``belote-cli`` and
``colver``, get a throwaway environment of their own (``--belote-peer-venv``)
and are timed there by ``peers_belote.py``. Nothing is installed into the
environment running this script, and no peer code is kept in this repository.
tarotlib is timed in this process by ``bench_tarotlib.py``; if it cannot be
imported, that part reports an error and the peers are still timed.

    python benchmarks/run_all.py                 # about 45 s (+30 s to install the peers)
    python benchmarks/run_all.py --quick         # about 10 s
    python benchmarks/run_all.py --json benchmarks/results/out.json
    python benchmarks/run_all.py --games french-tarot --playouts   # with random playouts too

The targets: tarotlib's 4-player deals per second over magmacrunch's
(goal at least 2.5), and tarotlib's µs per action over OpenSpiel tarok's (goal
at most 3); tarotlib's Belote deals per second over belote-cli's (goal at
least 5) and over colver's (goal at least 2); and, for each Lombard game (no
other engine plays them), its card plays per second over French Tarot 4
players' in the same run (goal at least 1).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

#: The timed games whose speed goal is not French Tarot's card plays per second (their card
#: plays/s ratio is given for information): Contrée's goal is colver's deals/s.
OTHER_YARDSTICK: tuple[str, ...] = ("contree",)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: The peers, pinned so that figures from different days compare.
PEER_PACKAGES = ("magmacrunch-tarot==0.1.1", "open-spiel==2.0.2")
#: What must import in the peer environment for it to be taken as ready.
PEER_MODULES = ("tarot.rules", "pyspiel")
DEFAULT_PEER_VENV = Path(tempfile.gettempdir()) / "tarotlib-bench-peers-venv"

DEAL_RATE_GOAL = 2.5  # tarotlib deals/s over magmacrunch's: at least this
ACTION_COST_GOAL = 3.0  # tarotlib µs/action over OpenSpiel's: at most this

#: Belote's peers, pinned; they live in an environment of their own (colver pulls in numpy).
BELOTE_PEER_PACKAGES = ("belote-cli==4.9.6", "colver==0.11.1")
BELOTE_PEER_MODULES = ("belote.game", "belote.scoring", "colver")
DEFAULT_BELOTE_PEER_VENV = Path(tempfile.gettempdir()) / "tarotlib-bench-belote-peers-venv"
BELOTE_CLI_GOAL = 5.0  # tarotlib Belote deals/s over belote-cli's: at least this
COLVER_GOAL = 2.0  # tarotlib Belote deals/s over colver's: at least this
CONTREE_COLVER_GOAL = 2.0  # tarotlib Contrée deals/s over colver's Contrée: at least this
CARD_PLAYS_GOAL = 1.0  # each other game's card plays/s over French Tarot 4p's: at least this


def log(message: str) -> None:
    print(f"[run_all] {message}", file=sys.stderr, flush=True)


# ── the peers' throwaway environment ────────────────────────────────────────


def venv_python(venv: Path) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def peers_ready(python: Path, modules: tuple[str, ...] = PEER_MODULES) -> bool:
    if not python.exists():
        return False
    probe = "; ".join(f"import {name}" for name in modules)
    return subprocess.run([str(python), "-c", probe], capture_output=True).returncode == 0


def ensure_peer_venv(
    venv: Path,
    packages: tuple[str, ...] = PEER_PACKAGES,
    modules: tuple[str, ...] = PEER_MODULES,
) -> Path:
    """The peer environment's Python, after making the environment and
    installing the peers into it if need be."""
    python = venv_python(venv)
    if peers_ready(python, modules):
        log(f"reusing the peer environment {venv}")
        return python
    if not python.exists():
        log(f"making the peer environment {venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    log(f"installing {' '.join(packages)} into {venv}")
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            *packages,
        ],
        check=True,
        stdout=sys.stderr,
    )
    if not peers_ready(python, modules):
        raise RuntimeError(f"the peers do not import in {venv} after installing them")
    return python


def run_peers(venv: Path, quick: bool, seed: int) -> dict[str, Any]:
    python = ensure_peer_venv(venv)
    command = [str(python), str(HERE / "peers.py"), "--seed", str(seed)]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def run_belote_peers(venv: Path, quick: bool, seed: int) -> dict[str, Any]:
    python = ensure_peer_venv(venv, BELOTE_PEER_PACKAGES, BELOTE_PEER_MODULES)
    command = [str(python), str(HERE / "peers_belote.py"), "--seed", str(seed)]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# ── tarotlib ────────────────────────────────────────────────────────────────


def run_ours(
    quick: bool,
    seed: int,
    tarot: bool = True,
    belote: bool = True,
    others: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """tarotlib's figures: French Tarot (3, 4, 5 players if ``tarot``, else 4 players alone when
    other games need it as their yardstick), Belote's presets if ``belote``, and the other games
    labelled ``others`` (default: all of them)."""
    import bench_tarotlib

    return bench_tarotlib.run(
        quick=quick,
        seed=seed,
        players=(3, 4, 5) if tarot else (4,) if others != () else (),
        belote_configs=tuple(bench_tarotlib.BELOTE_CONFIGS) if belote else (),
        games=tuple(bench_tarotlib.GAME_CONFIGS) if others is None else others,
        log=lambda message: print(f"[tarotlib] {message}", file=sys.stderr, flush=True),
    )


def load_average() -> float | None:
    """The one-minute load average, where the system tells it."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


# ── the report ──────────────────────────────────────────────────────────────


def dig(data: dict[str, Any], *keys: str) -> Any:
    """``data[k1][k2]...``, or None where any part is missing."""
    value: Any = data
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def ratios(
    ours: dict[str, Any], peers: dict[str, Any], belote_peers: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The targets, from the best repeats."""
    out: dict[str, Any] = {}
    our_belote = dig(ours, "belote", "ffb", "deals_per_s", "best_per_s")
    for key, peer, goal in (
        ("belote_rate_vs_belote_cli", "belote_cli", BELOTE_CLI_GOAL),
        ("belote_rate_vs_colver", "colver", COLVER_GOAL),
    ):
        theirs = dig(belote_peers or {}, peer, "deals_per_s", "best_per_s")
        if our_belote and theirs:
            value = our_belote / theirs
            out[key] = {"value": value, "goal": f">= {goal}", "met": value >= goal}
    our_contree = dig(ours, "games", "contree", "deals_per_s", "best_per_s")
    theirs = dig(belote_peers or {}, "colver", "deals_per_s", "best_per_s")
    if our_contree and theirs:  # both random complete Contrée deals driven from Python
        value = our_contree / theirs
        out["contree_rate_vs_colver"] = {
            "value": value,
            "goal": f">= {CONTREE_COLVER_GOAL}",
            "met": value >= CONTREE_COLVER_GOAL,
        }
    our_classic = dig(ours, "belote", "classic+ta_sa", "deals_per_s", "best_per_s")
    theirs = dig(belote_peers or {}, "belote_cli", "deals_per_s", "best_per_s")
    if our_classic and theirs:
        out["belote_classic_rate_vs_belote_cli"] = {
            "value": our_classic / theirs,
            "goal": None,
            "met": None,
        }
    our_rate = dig(ours, "players", "4", "deals_per_s", "best_per_s")
    their_rate = dig(peers, "magmacrunch", "deals_per_s", "best_per_s")
    if our_rate and their_rate:
        value = our_rate / their_rate
        out["deal_rate_vs_magmacrunch"] = {
            "value": value,
            "goal": f">= {DEAL_RATE_GOAL}",
            "met": value >= DEAL_RATE_GOAL,
        }
    our_cost = dig(ours, "players", "4", "us_per_action", "best_us")
    their_cost = dig(peers, "openspiel", "uniform", "us_per_action", "best_us")
    if our_cost and their_cost:
        value = our_cost / their_cost
        out["action_cost_vs_openspiel"] = {
            "value": value,
            "goal": f"<= {ACTION_COST_GOAL}",
            "met": value <= ACTION_COST_GOAL,
        }
    french_card = dig(ours, "players", "4", "calls", "us_per_card_play", "best_us")
    for label, mine in (ours.get("games") or {}).items():
        cost = dig(mine, "calls", "us_per_card_play", "best_us")
        if french_card and cost:
            out[f"card_cost_vs_french_tarot:{label}"] = {
                "value": cost / french_card,
                "goal": None,
                "met": None,
            }
    french = dig(ours, "players", "4", "card_plays_per_s", "best_per_s")
    for label, mine in (ours.get("games") or {}).items():
        plays = dig(mine, "card_plays_per_s", "best_per_s")
        if french and plays:
            value = plays / french
            # A game under other options than its defaults, or one with a goal of its own.
            informative = "=" in label or label in OTHER_YARDSTICK
            out[f"card_plays_vs_french_tarot:{label}"] = {
                "value": value,
                "goal": None if informative else f">= {CARD_PLAYS_GOAL}",
                "met": None if informative else value >= CARD_PLAYS_GOAL,
            }
    our_calls = [
        dig(ours, "players", "4", "calls", key, "best_us")
        for key in ("us_per_legal_actions", "us_per_apply")
    ]
    their_calls = [
        dig(peers, "openspiel", "calls", key, "best_us")
        for key in ("us_per_legal_actions", "us_per_apply_action")
    ]
    if all(our_calls) and all(their_calls):
        out["legal_plus_apply_vs_openspiel"] = {
            "value": sum(our_calls) / sum(their_calls),
            "goal": None,
            "met": None,
        }
    return out


def number(value: Any, digits: int = 1) -> str:
    if not isinstance(value, int | float):
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.{digits}f}"


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for k, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def our_row(label: str, players: str, mine: dict[str, Any]) -> list[str]:
    """One of tarotlib's rows of the report's table."""
    return [
        label,
        players,
        number(dig(mine, "deals_per_s", "best_per_s")),
        number(dig(mine, "deals_per_s", "median_per_s")),
        f"{mine['annulled']}/{mine['deals']}",
        number(mine["actions_per_deal"]),
        number(dig(mine, "us_per_action", "best_us"), 2),
        number(dig(mine, "calls", "us_per_legal_actions", "best_us"), 2),
        number(dig(mine, "calls", "us_per_apply", "best_us"), 2),
        number(dig(mine, "calls", "us_per_new_deal", "best_us"), 2),
    ]


def report(result: dict[str, Any]) -> str:
    ours: dict[str, Any] = result.get("tarotlib") or {}
    peers: dict[str, Any] = result.get("peers") or {}
    rows = [
        [
            "engine",
            "players",
            "deals or games/s (best)",
            "median",
            "annulled",
            "actions/deal",
            "µs/action",
            "µs/legal_actions",
            "µs/apply",
            "µs/new_deal",
        ]
    ]
    for count, mine in (ours.get("players") or {}).items():
        rows.append(our_row("tarotlib french-tarot", count, mine))
    magma = peers.get("magmacrunch") or {}
    if "deals" in magma:
        rows.append(
            [
                f"magmacrunch-tarot {magma['version']}",
                "4",
                number(dig(magma, "deals_per_s", "best_per_s")),
                number(dig(magma, "deals_per_s", "median_per_s")),
                f"{magma['annulled']}/{magma['deals']}",
                number(magma["actions_per_deal"]),
                number(dig(magma, "us_per_action", "best_us"), 2),
                "-",
                "-",
                "-",
            ]
        )
    spiel = peers.get("openspiel") or {}
    for key, label in (("uniform", "uniform"), ("pass_first", "pass-first bids")):
        part = spiel.get(key)
        if not part:
            continue
        rows.append(
            [
                f"open-spiel {spiel['version']} tarok, {label}",
                "4",
                number(dig(part, "games_per_s", "best_per_s")),
                number(dig(part, "games_per_s", "median_per_s")),
                "-",
                number(part["actions_per_game"]),
                number(dig(part, "us_per_action", "best_us"), 2),
                number(dig(spiel, "calls", "us_per_legal_actions", "best_us"), 2)
                if key == "uniform"
                else "",
                number(dig(spiel, "calls", "us_per_apply_action", "best_us"), 2)
                if key == "uniform"
                else "",
                "-",
            ]
        )
    for name, mine in (ours.get("belote") or {}).items():
        rows.append(our_row(f"tarotlib belote {name}", "4", mine))
    for name, mine in (ours.get("games") or {}).items():
        rows.append(our_row(f"tarotlib {name}", "-", mine))
    belote_peers: dict[str, Any] = result.get("belote_peers") or {}
    for key, label in (("belote_cli", "belote-cli"), ("colver", "colver (contrée)")):
        part = belote_peers.get(key) or {}
        if "deals" not in part:
            continue
        calls = part.get("calls") or {}
        rows.append(
            [
                f"{label} {part['version']}",
                "4",
                number(dig(part, "deals_per_s", "best_per_s")),
                number(dig(part, "deals_per_s", "median_per_s")),
                f"{part.get('annulled', 0)}/{part['deals']}",
                number(part["actions_per_deal"]),
                number(dig(part, "us_per_action", "best_us"), 2),
                number(dig(calls, "us_per_legal_actions", "best_us"), 2) if calls else "-",
                number(dig(calls, "us_per_step_replayed", "best_us"), 2) if calls else "-",
                "-",
            ]
        )
    lines = [table(rows), ""]
    # This run keeps one core busy itself: the load beyond that is others'.
    before, after = result.get("load_before") or 0.0, result.get("load_after") or 0.0
    load = max(before, after - 1.0)
    if load > 0.7:
        lines.append(
            f"WARNING: load averages {before:.1f} before and {after:.1f} after the run: other "
            "processes were busy, "
            "so these figures are low and noisy; run again on a quiet machine"
        )
    if "module" in ours:
        lines.append(f"tarotlib {ours['version']} from {ours['module']}")
    named = [("tarotlib", ours), ("magmacrunch-tarot", magma), ("open-spiel", spiel)]
    named += [(k, v) for k, v in belote_peers.items() if isinstance(v, dict)]
    for name, part in named:
        if "error" in part:
            lines.append(f"ERROR {name}: {part['error']}")
    labels = {
        "deal_rate_vs_magmacrunch": "tarotlib 4p deals/s ÷ magmacrunch-tarot deals/s",
        "action_cost_vs_openspiel": "tarotlib 4p µs/action ÷ OpenSpiel tarok µs/action",
        "legal_plus_apply_vs_openspiel": (
            "tarotlib (legal_actions + apply) ÷ OpenSpiel (legal_actions + apply_action)"
        ),
        "belote_rate_vs_belote_cli": "tarotlib belote (ffb) deals/s ÷ belote-cli deals/s",
        "belote_rate_vs_colver": "tarotlib belote (ffb) deals/s ÷ colver deals/s",
        "contree_rate_vs_colver": "tarotlib contree (ffb) deals/s ÷ colver (contrée) deals/s",
        "belote_classic_rate_vs_belote_cli": (
            "tarotlib belote (classic + TA/SA, belote-cli's rules) deals/s ÷ belote-cli deals/s"
        ),
    }
    for key in result.get("ratios", {}):
        if key.startswith("card_plays_vs_french_tarot:"):
            game = key.partition(":")[2]
            labels[key] = f"tarotlib {game} card plays/s ÷ french-tarot 4p card plays/s"
        if key.startswith("card_cost_vs_french_tarot:"):
            game = key.partition(":")[2]
            labels[key] = (
                f"tarotlib {game} µs per card played (legal_actions + apply, play phase) "
                "÷ french-tarot 4p's"
            )
    for key, label in labels.items():
        part = result.get("ratios", {}).get(key)
        if part is None:
            lines.append(f"{label}: not measured")
            continue
        if part["met"] is None:
            lines.append(f"{label}: {part['value']:.2f}  (for information)")
            continue
        verdict = "goal met" if part["met"] else "GOAL NOT MET"
        lines.append(f"{label}: {part['value']:.2f}  (goal {part['goal']}: {verdict})")
    playouts = result.get("playouts")
    if playouts:
        import bench_playout

        lines.append("")
        if "error" in playouts:
            lines.append(f"ERROR playouts: {playouts['error']}")
        else:
            lines.append(bench_playout.report(playouts))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark tarotlib against magmacrunch-tarot and OpenSpiel tarok."
    )
    parser.add_argument("--quick", action="store_true", help="a short, rougher run")
    parser.add_argument(
        "--peer-venv",
        type=Path,
        default=DEFAULT_PEER_VENV,
        help=f"the peers' throwaway virtual environment (default "
        f"{DEFAULT_PEER_VENV}); made and filled if missing",
    )
    parser.add_argument(
        "--json",
        type=Path,
        default=None,
        metavar="OUT.json",
        help="also write every figure to this file",
    )
    parser.add_argument(
        "--belote-peer-venv",
        type=Path,
        default=DEFAULT_BELOTE_PEER_VENV,
        help=f"Belote's peers' throwaway virtual environment (default "
        f"{DEFAULT_BELOTE_PEER_VENV}); made and filled if missing",
    )
    parser.add_argument(
        "--games",
        choices=("all", "french-tarot", "belote", "lombard", "chambery", "solo"),
        default="all",
        help="which games to time (default all)",
    )
    parser.add_argument("--no-peers", action="store_true", help="time tarotlib only")
    parser.add_argument("--no-tarotlib", action="store_true", help="time the peers only")
    parser.add_argument(
        "--playouts",
        action="store_true",
        help="also time random playouts from the first card (bench_playout.py: French Tarot "
        "4 players, plain loop, playout(), playouts(), and OpenSpiel tarok's)",
    )
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument(
        "--from-json",
        type=Path,
        default=None,
        metavar="IN.json",
        help="time nothing: print the report of a run saved with --json",
    )
    args = parser.parse_args(argv)
    if args.from_json is not None:
        print(report(json.loads(args.from_json.read_text(encoding="utf-8"))))
        return 0

    result: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "quick": args.quick,
        "seed": args.seed,
        "load_before": load_average(),
    }
    # One after the other, never at once: the machine may have two cores only.
    tarot = args.games in ("all", "french-tarot")
    belote = args.games in ("all", "belote")
    import bench_tarotlib

    others: tuple[str, ...] | None = (
        None if args.games == "all" else bench_tarotlib.GAME_FAMILIES.get(args.games, ())
    )
    if not args.no_peers and belote:
        try:
            result["belote_peers"] = run_belote_peers(args.belote_peer_venv, args.quick, args.seed)
        except Exception as exc:
            log(f"the Belote peers could not be timed: {exc}")
            result["belote_peers"] = {
                "belote_cli": {"error": f"{type(exc).__name__}: {exc}"},
                "colver": {"error": f"{type(exc).__name__}: {exc}"},
            }
    if not args.no_peers and tarot:
        try:
            result["peers"] = run_peers(args.peer_venv, args.quick, args.seed)
        except Exception as exc:
            log(f"the peers could not be timed: {exc}")
            result["peers"] = {
                "magmacrunch": {"error": f"{type(exc).__name__}: {exc}"},
                "openspiel": {"error": f"{type(exc).__name__}: {exc}"},
            }
    if not args.no_tarotlib:
        try:
            result["tarotlib"] = run_ours(args.quick, args.seed, tarot, belote, others)
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            result["tarotlib"] = {"error": f"{type(exc).__name__}: {exc}"}
    if args.playouts:
        import bench_playout

        try:
            result["playouts"] = bench_playout.run(
                args.quick, args.seed, peers=not args.no_peers, venv=args.peer_venv
            )
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            result["playouts"] = {"error": f"{type(exc).__name__}: {exc}"}
    result["load_after"] = load_average()
    result["ratios"] = ratios(
        result.get("tarotlib") or {}, result.get("peers") or {}, result.get("belote_peers")
    )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        log(f"wrote {args.json}")
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
