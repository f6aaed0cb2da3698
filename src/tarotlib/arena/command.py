"""The ``tarotlib duel`` and ``tarotlib tournament`` commands (the arena on the command line).

- ``tarotlib duel GAME --bots A,B [--boards N] [--seed S] [--workers N] [--results DIR]
  [--json]`` plays a duplicate match of A against B and prints the mean gain per board with its
  95% confidence interval;
- ``tarotlib tournament GAME --bots A,B,C... [...] [--plot FILE]`` plays every pair on the same
  boards and prints the ladder (ratings with their 95% intervals) and every match; ``--plot``
  draws the ladder to a PNG, SVG or PDF file (the ``plot`` extra).

Both take the game's ``--players``, ``--preset`` and ``--option`` as ``simulate`` does, show a
progress bar on a terminal, stop cleanly on Ctrl-C, and with ``--results DIR`` keep every chunk
of boards as it ends, so that the same command run again goes on where it stopped.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="tarotlib")
>>> sub = parser.add_subparsers(dest="command")
>>> add_arena_parsers(sub, rules_of=lambda args: None, usage_error=ValueError)
>>> args = parser.parse_args(["duel", "belote", "--bots", "search,heuristic", "--boards", "50"])
>>> args.bots, args.boards, args.workers
('search,heuristic', 50, 1)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tarotlib._argtypes import positive_count, workers_count
from tarotlib.arena.match import ArenaError, duplicate, tournament
from tarotlib.bots.named import BOT_NAMES
from tarotlib.deal import Game

__all__ = ["add_arena_parsers"]


@contextlib.contextmanager
def _no_bar() -> Iterator[None]:
    yield None


def add_arena_parsers(
    sub: Any,
    *,
    parents: Sequence[argparse.ArgumentParser] = (),
    rules_of: Callable[[argparse.Namespace], Game],
    usage_error: type[Exception],
    progress_bar: Callable[[], Any] | None = None,
) -> None:
    """Add the ``duel`` and ``tournament`` commands to the subcommands ``sub`` of the
    ``tarotlib`` parser. ``rules_of`` builds the rules from the namespace's ``variant``,
    ``players``, ``preset`` and ``option``; errors are raised as ``usage_error`` (exit status 2);
    ``progress_bar()`` gives the context manager whose value is the ``progress`` callback (the
    command line's bar on standard error; none by default).

    >>> parser = argparse.ArgumentParser(prog="tarotlib")
    >>> add_arena_parsers(parser.add_subparsers(), rules_of=lambda a: None, usage_error=ValueError)
    >>> parser.parse_args(["tournament", "belote", "--bots", "a,b,c", "--plot", "l.svg"]).plot
    'l.svg'
    """
    names = ", ".join(BOT_NAMES)
    for command, help_text in (
        ("duel", "a duplicate match of two bots: the mean gain per board, with its 95%% interval"),
        ("tournament", "every pair of bots on the same boards: their ratings and matches"),
    ):
        # argparse formats a subcommand's help with %, not its description.
        p = sub.add_parser(
            command,
            parents=list(parents),
            help=help_text,
            description=help_text.replace("%%", "%"),
        )
        p.add_argument("variant", metavar="GAME", help="the game (see 'tarotlib variants')")
        p.add_argument(
            "--bots",
            required=True,
            metavar="NAMES",
            help=f"comma-separated bots ({'two' if command == 'duel' else 'two or more'}): {names}",
        )
        p.add_argument("--players", type=int, metavar="N", help="number of players")
        p.add_argument("--preset", metavar="NAME", help="a preset of the game's options")
        p.add_argument(
            "--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)"
        )
        p.add_argument(
            "--boards",
            type=positive_count,
            default=100,
            metavar="N",
            help="deals, each played with the seats rotated (default 100)",
        )
        p.add_argument("--seed", type=int, metavar="S", help="seed (default: a random one)")
        p.add_argument(
            "--workers",
            type=workers_count,
            default=1,
            metavar="N",
            help="worker processes, or 'auto' for one per CPU (default 1)",
        )
        p.add_argument(
            "--chunk-size",
            type=positive_count,
            metavar="C",
            help="boards sent to a worker at a time",
        )
        p.add_argument(
            "--results",
            metavar="DIR",
            help="keep each chunk of boards in DIR as it ends; the same command again goes on "
            "where it stopped",
        )
        p.add_argument("--json", action="store_true", help="print the result as JSON")
        if command == "tournament":
            p.add_argument(
                "--plot", metavar="FILE", help="draw the ladder to FILE (.png, .svg or .pdf)"
            )

        def run(args: argparse.Namespace, command: str = command) -> int:
            return _run(args, command, rules_of, usage_error, progress_bar or _no_bar)

        p.set_defaults(func=run)


def _run(
    args: argparse.Namespace,
    command: str,
    rules_of: Callable[[argparse.Namespace], Game],
    usage_error: type[Exception],
    progress_bar: Callable[[], Any],
) -> int:
    rules = rules_of(args)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    if command == "duel" and len(bots) != 2:
        raise usage_error(f"--bots needs two bots for a duel, got {len(bots)}")
    play: Callable[..., Any] = duplicate if command == "duel" else tournament
    try:
        with progress_bar() as bar:
            result = play(
                rules,
                bots,
                args.boards,
                seed,
                workers=args.workers,
                chunk_size=args.chunk_size,
                progress=bar,
                results=args.results,
            )
    except ArenaError as exc:
        raise usage_error(str(exc)) from None
    except OSError as exc:
        name = exc.filename or args.results
        raise usage_error(f"cannot write the results to {name}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        print(f"{rules.name} ({rules.players} players), seed {seed}")
        print(result if command == "duel" else result.table())
    plot = getattr(args, "plot", None)
    if plot is not None:
        from tarotlib.arena.plot import plot_ladder

        try:
            plot_ladder(result, plot)
        except ModuleNotFoundError as exc:
            raise usage_error(str(exc)) from None
    return 0
