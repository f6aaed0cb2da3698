"""The ``tarotlib`` command (also ``python -m tarotlib``).

Commands:

- ``tarotlib simulate VARIANT [--players N] [--deals D] [--seed S] [--preset NAME]
  [--option KEY=VALUE ...] [--bots NAMES] [--workers N] [--chunk-size C] [--records DIR
  [--overwrite]] [--json]`` plays D complete deals between bots (random by default) in N processes
  and prints a summary (contracts, success rates, mean scores, each bot's mean score, speed), with a
  progress bar on a terminal; ``--records DIR`` also writes every deal's record to DIR as JSON
  lines, one file per chunk of C deals (docs/simulation.md);
- ``tarotlib replay FILE [--step | --result-only]`` replays a game record (docs/records.md), tells
  the deal trick by trick and prints its result; ``--step`` waits for Enter between tricks,
  ``--result-only`` prints only the result; FILE may also hold many deals (a ``.jsonl`` file or a
  directory written by ``simulate --records``): each is replayed and checked, or ``--deal K`` tells
  deal K;
- ``tarotlib play GAME [--players N] [--seat S] [--seed S] [--deals N | --target T] [--preset NAME]
  [--option KEY=VALUE ...] [--bots NAMES] [--save FILE]`` plays a match in the terminal against
  bots (``--save``: the match is saved there after every deal; else a person at a terminal is
  asked at the end); ``tarotlib play --resume FILE`` goes on with a match saved with ``save FILE``
  (docs/terminal.md);
- ``tarotlib score GAME FACT=VALUE ... [--sheet FILE.json]`` scores a deal from what the table
  wrote down and keeps a match's score sheet (:mod:`tarotlib.terminal.score`,
  docs/score-keeping.md);
- ``tarotlib analyse RECORD [--deal N] [--budget SECONDS] [--objective points|score] [--json]``
  analyses a played deal with the exact solver, every hand known (:mod:`tarotlib.ai.analysis`,
  docs/ai-solver.md): for each card played, from the last one back as far as the budget reaches
  (10 seconds a deal by default), its value for the side of the seat that played it, the best
  card(s) and their value and what the card lost, the cards that lost points marked (in bold red
  on a terminal, unless ``NO_COLOR`` is set), then each seat's points lost; ``--json`` prints the
  analysis as JSON. RECORD is a match saved by ``tarotlib play`` (every finished deal, or deal N
  counted from 1 as the terminal numbers them), a deal record, or the records of many deals (a
  ``.jsonl`` file or a directory written by ``simulate --records``: ``--deal N`` picks one,
  counted from 0 as ``replay --deal`` counts them);
- ``tarotlib duel GAME --bots A,B [--boards N] [--workers N] [--results DIR] [--json]`` plays a
  duplicate match between two bots and ``tarotlib tournament GAME --bots A,B,C... [--plot FILE]``
  one between every pair, with ratings (:mod:`tarotlib.arena`, docs/bot-strength.md);
- ``tarotlib variants`` lists the registered variants.

``replay FILE`` and ``play --resume FILE`` read a record file once and refuse one larger than
16 MiB (:data:`tarotlib.records.RECORD_MAX_BYTES`): ``/dev/zero``, a pipe that never ends or a huge
file is refused at once, in one line; a ``.jsonl`` file or a directory is read one line (one deal)
at a time, each line within that limit (docs/records.md, "The size limit").

Exit status: 0 on success, 1 when a record cannot be read or does not replay, 2 for a command-line
error (unknown command, variant or option, bad value), 130 when a command is interrupted (Ctrl-C,
even while the command is still starting), 143 when it is stopped by SIGTERM and 129 by SIGHUP (128
+ the signal's number, as a shell reports a process killed by it). A stopped command unwinds first:
one line on standard error (``tarotlib simulate: interrupted``, ``tarotlib simulate: stopped by
SIGTERM``), no traceback, no worker process and no temporary file left behind, and ``play --save``
saves the match so far (its own line says so, on standard output). A signal that was ignored when
the command started (SIGHUP under ``nohup``) stays ignored.

>>> main(["variants"])  # doctest: +ELLIPSIS
belote             Belote, 4 players in partnerships ...
french-tarot       French Tarot for 3, 4 or 5 players ...
french-tarot-solo  French Tarot solo: one player against the AI and the dummy ...
lombardy           Lombardy tarot, 4 players in two partnerships, ...
ombra-arrabiata    Ombra arrabiata: 4 players, 54 cards, ...
reseghino          Reseghino, 3 players each for himself, ...
tarocco-ombre      Tarocc'Ombre: a declarer against the others; ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import TextIO

from tarotlib import simulation
from tarotlib._argtypes import positive_count, workers_count
from tarotlib._signals import STOPPING
from tarotlib._signals import name as signal_name
from tarotlib.arena.command import add_arena_parsers
from tarotlib.deal import Game
from tarotlib.errors import RecordError, TarotError
from tarotlib.records import GameRecord, MatchRecord, load_any, load_match, read_records
from tarotlib.registry import variant, variant_info, variant_names
from tarotlib.simulation import ProgressBar, SimulationError, format_summary
from tarotlib.terminal.score import add_score_parser

__all__ = ["load_games", "main", "parse_option", "simulate"]

_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?")


class _UsageError(Exception):
    """A command-line error (exit status 2)."""


class _Stopped(SystemExit):
    """Raised by SIGTERM or SIGHUP in the main thread (:func:`_stopping`); its exit status is
    128 + the signal's number. A SystemExit, so that what catches exits (the save of ``play``,
    the worker processes of ``simulate``) acts on it."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise _Stopped(signum)


@contextlib.contextmanager
def _stopping() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise :class:`_Stopped` (where the platform has
    them, in the main thread, and unless the signal is ignored or has a handler already)."""
    installed = []
    if threading.current_thread() is threading.main_thread():
        for sig in STOPPING:
            if sig != signal.SIGINT and signal.getsignal(sig) == signal.SIG_DFL:
                signal.signal(sig, _raise_stopped)
                installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            signal.signal(sig, signal.SIG_DFL)


def _complain(text: str) -> None:
    """Print ``text`` on standard error, which may be gone (a closed terminal, SIGHUP)."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr)


def _scalar(text: str) -> object:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    if _INT.fullmatch(low):
        return int(low)
    if _FLOAT.fullmatch(low):
        return float(low)
    return text.strip()


def parse_option(text: str) -> tuple[str, object]:
    """Parse ``KEY=VALUE`` from the command line: ``true``/``false`` (also yes/no, on/off) give
    booleans, ``none`` gives None, numbers give ints (or floats), a comma list gives a list, anything
    else a string. Dashes in the key become underscores.

    >>> parse_option("grash=true")
    ('grash', True)
    >>> parse_option("poignee-thresholds=9,11,14")
    ('poignee_thresholds', [9, 11, 14])
    >>> parse_option("excuse_last_trick=to_winner")
    ('excuse_last_trick', 'to_winner')
    """
    key, sep, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not sep or not key:
        raise ValueError(f"an option must be KEY=VALUE, got {text!r}")
    if "," in value:
        return key, [_scalar(v) for v in value.split(",") if v.strip()]
    return key, _scalar(value)


# -- simulate --------------------------------------------------------------------------------------
def simulate(
    rules: Game, deals: int, seed: int, *, bots: str = "random", workers: int = 1
) -> dict[str, object]:
    """Play ``deals`` complete deals between bots (random by default) and summarise them as a
    JSON-ready dict (:func:`tarotlib.simulation.simulate`, whose documentation says how every deal
    is seeded; the result is the same for any number of ``workers``).

    >>> import tarotlib
    >>> summary = simulate(tarotlib.variant("french-tarot", players=3), deals=5, seed=1)
    >>> summary["deals"], sum(summary["total_scores"]), len(summary["mean_scores"])
    (5, 0, 3)
    """
    return simulation.simulate(rules, deals, seed, bots=bots, workers=workers).to_json()


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    if args.deals < 1:
        raise _UsageError(f"--deals must be at least 1, got {args.deals}")
    if args.overwrite and args.records is None:
        raise _UsageError("--overwrite goes with --records DIR")
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    try:
        with ProgressBar(sys.stderr) as bar:
            summary = simulation.simulate(
                rules,
                args.deals,
                seed,
                bots=args.bots,
                workers=args.workers,
                chunk_size=args.chunk_size,
                progress=bar,
                records=args.records,
                overwrite=args.overwrite,
            )
    except SimulationError as exc:
        raise _UsageError(str(exc)) from None
    except OSError as exc:  # the records cannot be written there
        name = exc.filename or args.records
        raise _UsageError(f"cannot write the records to {name}: {exc.strerror or exc}") from None
    if args.json:
        print(json.dumps(summary.to_json(), indent=2, ensure_ascii=False))
    else:
        print(format_summary(summary))
    return 0


# -- replay / variants -----------------------------------------------------------------------------
def _replay_match(record: MatchRecord, args: argparse.Namespace) -> int:
    """``tarotlib replay`` of a match record: every deal told in turn, then the totals."""
    try:
        match, current = record.replay()
    except RecordError as exc:
        print(f"tarotlib: {args.file}: {exc}", file=sys.stderr)
        return 1
    rules = match.rules
    stop = (
        simulation.count_of(match.deals, "deal")
        if match.deals is not None
        else f"to {match.target_score:g}"
    )
    played = simulation.count_of(len(record.played), "deal")
    print(f"{rules.name} match, {rules.players} players, {stop}; {played} played")
    for number, deal in enumerate(record.played, 1):
        print(f"-- deal {number} --")
        code = _show_deal(deal, args)
        if code:
            return code
    if current is not None:
        print(f"-- deal {len(record.played) + 1} (in progress) --")
        print(f"phase {current.phase}, seat {current.to_act} to act")
    totals = ", ".join(f"seat {i} {t:g}" for i, t in enumerate(match.totals))
    print(f"totals: {totals}" + ("; the match is over" if match.is_over else ""))
    return 0


def _is_records(path: str) -> bool:
    """Whether ``path`` holds many deals' records: a directory, or a JSON lines file (``.jsonl``)."""
    return os.path.isdir(path) or path.endswith(".jsonl")


def _replay_records(args: argparse.Namespace) -> int:
    """``tarotlib replay`` of a directory of records or a JSON lines file: every deal replayed and
    checked (a count is printed), or with ``--deal K`` the deal K (counted from 0 in the file, or
    in the run for a directory) told as a single record is."""
    index = -1
    try:
        if args.deal is None:
            count = sum(1 for _ in read_records(args.file, replay=True))
            print(f"{args.file}: {simulation.count_of(count, 'deal')} replayed to their results")
            return 0
        for index, record in enumerate(read_records(args.file)):
            if index == args.deal:
                return _show_deal(record, args)
    except BrokenPipeError:  # the output's reader stopped (``| head``): main() handles it
        raise
    except OSError as exc:
        print(f"tarotlib: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except RecordError as exc:
        print(f"tarotlib: {exc}", file=sys.stderr)
        return 1
    print(f"tarotlib: {args.file} has no deal {args.deal} (it has {index + 1})", file=sys.stderr)
    return 1


def _cmd_replay(args: argparse.Namespace) -> int:
    if args.deal is not None and args.deal < 0:
        raise _UsageError(f"--deal must be a deal number, 0 or more, got {args.deal}")
    if _is_records(args.file):
        return _replay_records(args)
    if args.deal is not None:
        raise _UsageError("--deal picks a deal of a directory of records or a .jsonl file")
    try:  # read once (at most RECORD_MAX_BYTES) and parsed once, whichever record it holds
        record = load_any(args.file)
    except OSError as exc:
        print(f"tarotlib: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except RecordError as exc:  # its message starts with the file's name
        print(f"tarotlib: {exc}", file=sys.stderr)
        return 1
    if isinstance(record, MatchRecord):
        return _replay_match(record, args)
    return _show_deal(record, args)


def _show_deal(record: GameRecord, args: argparse.Namespace) -> int:
    try:
        state = record.replay()
    except RecordError as exc:
        print(f"tarotlib: {args.file}: {exc}", file=sys.stderr)
        return 1
    rules = state.rules
    deal = (
        f"seed {record.seed}, dealer seat {record.dealer}"
        if record.seed is not None
        else f"explicit layout, dealer seat {record.dealer}"
    )
    print(f"{rules.name}, {rules.players} players; {deal}; {len(record.actions)} actions")
    if not args.result_only:
        from tarotlib.terminal import Console, show_replay

        show_replay(state, Console(), step=args.step)
    if state.is_over:
        for line in state.result.lines():
            print(line)
    else:
        print(f"deal not finished: phase {state.phase}, seat {state.to_act} to act")
    return 0


# -- analyse ---------------------------------------------------------------------------------------
def _seconds(text: str) -> float:
    """A positive number of seconds (``--budget``).

    >>> _seconds("2.5")
    2.5
    >>> _seconds("0")
    Traceback (most recent call last):
        ...
    argparse.ArgumentTypeError: must be a positive number of seconds, got '0'
    """
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def _analysed_deals(args: argparse.Namespace) -> list[tuple[int | None, GameRecord]] | None:
    """The deals ``tarotlib analyse`` is asked about, each with its number (None for a deal
    record), or None once a one-line error is printed (exit status 1)."""
    where = args.file
    try:
        if _is_records(args.file):
            if args.deal is None:
                raise _UsageError(
                    f"{args.file} holds many deals' records: pick one with --deal N (counted "
                    "from 0, as 'replay --deal' counts them)"
                )
            index = -1
            for index, one in enumerate(read_records(args.file)):
                if index == args.deal:
                    return [(index, one)]
            print(
                f"tarotlib: {args.file} has no deal {args.deal} (it has {index + 1})",
                file=sys.stderr,
            )
            return None
        record = load_any(args.file)
        if isinstance(record, GameRecord):
            if args.deal is not None:
                raise _UsageError(
                    "--deal picks a deal of a match record, a directory of records or a .jsonl file"
                )
            return [(None, record)]
        record.replay()  # the match is checked whole, as 'replay' checks it
        played = len(record.played)
        if args.deal is None:
            if not played:
                print(f"tarotlib: {args.file}: no finished deal to analyse", file=sys.stderr)
                return None
            return list(enumerate(record.played, 1))
        if args.deal == played + 1 and record.current is not None:
            print(
                f"tarotlib: {args.file}: deal {args.deal} is not finished; only a finished deal "
                "is analysed",
                file=sys.stderr,
            )
            return None
        if not 1 <= args.deal <= played:
            print(
                f"tarotlib: {args.file} has no deal {args.deal} (its finished deals are numbered "
                f"1 to {played})",
                file=sys.stderr,
            )
            return None
        return [(args.deal, record.played[args.deal - 1])]
    except BrokenPipeError:  # the output's reader stopped (``| head``): main() handles it
        raise
    except OSError as exc:
        print(f"tarotlib: cannot read {where}: {exc.strerror or exc}", file=sys.stderr)
    except RecordError as exc:
        text = str(exc)
        prefix = "" if text.startswith(str(where)) else f"{where}: "
        print(f"tarotlib: {prefix}{text}", file=sys.stderr)
    return None


def _cmd_analyse(args: argparse.Namespace) -> int:
    from tarotlib.ai import SolverError
    from tarotlib.ai.analysis import AnalysisError, analyse, format_analysis

    if args.deal is not None and args.deal < 0:
        raise _UsageError(f"--deal must be a deal number, 0 or more, got {args.deal}")
    deals = _analysed_deals(args)
    if deals is None:
        return 1
    colour = _colour(sys.stdout)
    found: list[dict[str, object]] = []
    for number, record in deals:
        name = args.file if number is None else f"{args.file} deal {number}"
        try:
            analysis = analyse(record, budget=args.budget, objective=args.objective)
        except (RecordError, AnalysisError) as exc:
            print(f"tarotlib: {name}: {exc}", file=sys.stderr)
            return 1
        except SolverError as exc:  # an objective the game does not give
            raise _UsageError(str(exc)) from None
        if args.json:
            found.append({"deal": number, "analysis": analysis.to_dict()})
            continue
        if len(deals) > 1:
            print(f"-- deal {number} --")
        dealt = (
            f"seed {analysis.seed}, dealer seat {analysis.dealer}"
            if analysis.seed is not None
            else f"explicit layout, dealer seat {analysis.dealer}"
        )
        declarer = "" if analysis.declarer is None else f"; declarer seat {analysis.declarer}"
        print(
            f"{name}: {analysis.variant}, {analysis.players} players; {dealt}{declarer}; "
            f"analysed in {analysis.seconds:.1f} s"
        )
        print(format_analysis(analysis, colour=colour))
    if args.json:
        print(json.dumps({"file": args.file, "deals": found}, indent=2, ensure_ascii=False))
    return 0


def _colour(stream: TextIO) -> bool:
    """Whether to colour the text written to ``stream``: a terminal, and no ``NO_COLOR``."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- play ------------------------------------------------------------------------------------------
def _rules_of(args: argparse.Namespace) -> Game:
    """The rules of ``simulate`` and ``play``: the variant with --players, --preset and --option."""
    options: dict[str, object] = {}
    if args.preset is not None:
        options["preset"] = args.preset
    for text in args.option or ():
        try:
            key, value = parse_option(text)
        except ValueError as exc:
            raise _UsageError(str(exc)) from None
        if key == "preset" and args.preset is not None and value != args.preset:
            raise _UsageError(f"--option preset={value} conflicts with --preset {args.preset}")
        options[key] = value
    players = args.players
    if players is not None and "players" in options and options["players"] != players:
        raise _UsageError(
            f"--option players={options['players']} conflicts with --players {players}"
        )
    try:
        if players is not None and "players" not in options:
            # Tried first with --players: the other options may depend on the number of
            # players (an option allowed with 3 or 4 players only, say).
            try:
                return variant(args.variant, **options, players=players)
            except (TarotError, ValueError, TypeError):
                pass  # not a game with a players option, or a bad option: said below
        rules = variant(args.variant, **options)
        if players is None or "players" in options:
            return rules
        if "players" in rules.options_dict():
            return variant(args.variant, **options, players=players)
    except (TarotError, ValueError, TypeError) as exc:
        raise _UsageError(str(exc)) from None
    # A game for a fixed number of players: --players may only repeat it.
    if players != rules.players:
        raise _UsageError(
            f"{args.variant} is played by {rules.players} players, not {players} (--players)"
        )
    return rules


def _bots_arg(args: argparse.Namespace) -> str | list[str] | None:
    """``--bots NAMES`` (one name, or comma-separated names per bot seat), or the older ``--bot``
    given once or once per bot seat."""
    if args.bots is not None and args.bot is not None:
        raise _UsageError("give --bots (or the older --bot), not both")
    if args.bots is not None:
        names = [name.strip() for name in args.bots.split(",") if name.strip()]
        if not names:
            raise _UsageError("--bots needs a bot name, or one per bot seat separated by commas")
        return names[0] if len(names) == 1 else names
    bots: list[str] | None = args.bot
    if bots is None:
        return None
    return bots[0] if len(bots) == 1 else bots


def _cmd_play(args: argparse.Namespace) -> int:
    from tarotlib.terminal import BotError, Console, new_session, play, resume_session

    bots = _bots_arg(args)
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("GAME", args.variant),
                ("--players", args.players),
                ("--seat", args.seat),
                ("--seed", args.seed),
                ("--deals", args.deals),
                ("--target", args.target),
                ("--preset", args.preset),
                ("--option", args.option),
            )
            if value is not None
        ]
        if given:
            raise _UsageError(
                f"--resume takes the game and the match from the record; drop {', '.join(given)}"
            )
        try:  # read once, at most RECORD_MAX_BYTES
            saved = load_match(args.resume)
        except OSError as exc:
            print(f"tarotlib: cannot read {args.resume}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        except RecordError as exc:  # its message starts with the file's name
            print(f"tarotlib: {exc}", file=sys.stderr)
            return 1
        try:
            session = resume_session(saved, bots=bots)
        except RecordError as exc:
            print(f"tarotlib: {args.resume}: {exc}", file=sys.stderr)
            return 1
        except (BotError, ValueError) as exc:
            raise _UsageError(str(exc)) from None
    else:
        if args.variant is None:
            raise _UsageError("give the game to play (see 'tarotlib variants'), or --resume FILE")
        rules = _rules_of(args)
        if args.deals is not None and args.target is not None:
            raise _UsageError("give --deals or --target, not both")
        if args.deals is not None and args.deals < 1:
            raise _UsageError(f"--deals must be at least 1, got {args.deals}")
        if args.target is not None and not args.target > 0:
            raise _UsageError(f"--target must be positive, got {args.target:g}")
        seat = 0 if args.seat is None else args.seat
        if not 0 <= seat < rules.players:
            raise _UsageError(f"--seat must be 0..{rules.players - 1}, got {seat}")
        try:
            session = new_session(
                rules,
                human=seat,
                deals=args.deals,
                target_score=args.target,
                seed=args.seed,
                bots=bots,
            )
        except (TarotError, ValueError) as exc:
            raise _UsageError(str(exc)) from None
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (line editing for input())
    try:
        save_to = None if args.save is None else os.path.expanduser(args.save)
        return play(session, Console(), save_to=save_to)
    except KeyboardInterrupt:  # play() has saved the match (--save) and said so in one line
        return 130
    except _Stopped as stop:  # likewise
        return 128 + stop.signum
    except EOFError:  # pragma: no cover - Console.ask turns EOF into None
        return 0


def _cmd_variants(args: argparse.Namespace) -> int:
    names = variant_names()
    width = max((len(n) for n in names), default=0)
    for name in names:
        print(f"{name:<{width}}  {variant_info(name).description}")
    return 0


def _presets_help() -> str:
    """``option preset (belote: ffb, classic, bga; ...)``: each registered game's presets."""
    games = [(name, variant_info(name).presets) for name in variant_names()]
    listed = "; ".join(f"{name}: {', '.join(presets)}" for name, presets in games if presets)
    return f"option preset ({listed})" if listed else "option preset"


def load_games(sources: Sequence[str]) -> None:
    """Import each of ``sources`` — a Python file (``mygame.py``) or a module name
    (``mypackage.mygame``) — so that the games it registers (``tarotlib.register(...)`` when it is
    imported) can be played by name. Raises ``ImportError`` saying what could not be loaded.

    >>> load_games(["tarotlib.variants.belote"])
    >>> load_games(["no_such_module_here"])
    Traceback (most recent call last):
        ...
    ImportError: cannot load 'no_such_module_here': No module named 'no_such_module_here'
    """
    for source in sources:
        try:
            if source.endswith(".py") or os.sep in source:
                name = "tarotlib_loaded_" + re.sub(r"\W", "_", os.path.splitext(source)[0])
                spec = importlib.util.spec_from_file_location(name, source)
                if spec is None or spec.loader is None:
                    raise ImportError(f"not a Python file: {source}")
                module = importlib.util.module_from_spec(spec)
                sys.modules[name] = module  # so that its classes pickle (--workers)
                spec.loader.exec_module(module)
            else:
                importlib.import_module(source)
        except Exception as exc:  # any failure of the user's module is reported, not raised
            raise ImportError(f"cannot load {source!r}: {exc}") from exc


def _parser() -> argparse.ArgumentParser:
    loading = argparse.ArgumentParser(add_help=False)
    loading.add_argument(
        "--load",
        action="append",
        default=[],
        metavar="FILE_OR_MODULE",
        help="import a Python file or module first, so that the games it registers can be named "
        "(repeatable)",
    )
    parser = argparse.ArgumentParser(
        prog="tarotlib",
        description=(
            "Rules of tarot-family card games: simulate, replay records, play in the terminal, "
            "analyse a played deal, list variants."
        ),
        epilog=(
            "Exit status: 0 success, 1 bad or non-replaying record, 2 command-line error, "
            "130 play interrupted."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sim = sub.add_parser(
        "simulate",
        parents=[loading],
        help="play deals between bots and summarise them",
        description=(
            "Play complete deals between bots (random by default; --bots heuristic,...) and print "
            "a summary; --workers N runs them in N processes with identical results."
        ),
    )
    sim.add_argument("variant", metavar="VARIANT", help="variant name (see 'tarotlib variants')")
    sim.add_argument("--players", type=int, metavar="N", help="number of players")
    sim.add_argument(
        "--deals", type=int, default=1000, metavar="D", help="deals to play (default 1000)"
    )
    sim.add_argument(
        "--seed", type=int, metavar="S", help="seed (default: a random one, printed in the summary)"
    )
    sim.add_argument("--preset", metavar="NAME", help=_presets_help())
    sim.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a variant option, e.g. grash=true or poignee_thresholds=9,11,14 (repeatable)",
    )
    sim.add_argument(
        "--workers",
        type=workers_count,
        default=1,
        metavar="N",
        help="worker processes, or 'auto' for one per CPU (default 1); never more than the "
        "deals need",
    )
    sim.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help="the bot of every seat, or a comma-separated bot per seat: random, heuristic, "
        "search, or the levels easy, medium, strong (default random)",
    )
    sim.add_argument(
        "--chunk-size",
        type=positive_count,
        metavar="C",
        help="deals sent to a worker at a time, and per file of records (default: about a "
        "hundredth of the run, from 10 to 500)",
    )
    sim.add_argument(
        "--records",
        metavar="DIR",
        help="also write every deal's record to DIR, as JSON lines (one deal per line) in files "
        "named deals-FIRST-LAST.jsonl, one per chunk; DIR must be new or empty",
    )
    sim.add_argument(
        "--overwrite",
        action="store_true",
        help="with --records: replace the records of an earlier run in DIR",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(func=_cmd_simulate)

    rep = sub.add_parser(
        "replay",
        parents=[loading],
        help="replay a game record and print its result",
        description=(
            "Replay a game record (docs/records.md), check it, tell the deal trick by trick and "
            "print the result; --step waits for Enter between tricks."
        ),
    )
    rep.add_argument(
        "file",
        metavar="FILE",
        help="a deal record written by tarotlib.records.save, a match saved by 'tarotlib play', or "
        "the records of many deals: a .jsonl file or a directory written by 'simulate --records' "
        "(every deal is replayed and checked; --deal K tells deal K)",
    )
    rep.add_argument(
        "--deal",
        type=int,
        metavar="K",
        help="with many deals' records: tell deal K instead (counted from 0: in the run for a "
        "directory, in the file for a .jsonl file)",
    )
    shown = rep.add_mutually_exclusive_group()
    shown.add_argument(
        "--step", action="store_true", help="wait for Enter before each trick ('q' shows the rest)"
    )
    shown.add_argument(
        "--result-only",
        action="store_true",
        help="print only the header and the result, not the tricks",
    )
    rep.set_defaults(func=_cmd_replay)

    ply = sub.add_parser(
        "play",
        parents=[loading],
        help="play a match in the terminal against bots",
        description=(
            "Play a match against bots in the terminal (docs/terminal.md). At the prompt, type an "
            "action (play KH, bid garde, pass), a shortcut (KH, garde, a number), ? for help, "
            "save FILE or quit."
        ),
    )
    ply.add_argument(
        "variant", metavar="GAME", nargs="?", help="the game (see 'tarotlib variants')"
    )
    ply.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players (for a game played by several numbers of players)",
    )
    ply.add_argument("--seat", type=int, metavar="S", help="your seat (default 0)")
    ply.add_argument(
        "--seed", type=int, metavar="S", help="seed of the deals and bots (default: a random one)"
    )
    ply.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="deals to play (default: to the game's own target score if it has one, else one "
        "deal per player)",
    )
    ply.add_argument("--target", type=float, metavar="T", help="play to this score instead")
    ply.add_argument("--preset", metavar="NAME", help=_presets_help())
    ply.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a variant option (repeatable)"
    )
    ply.add_argument(
        "--bots",
        metavar="NAMES",
        help="the bot of every other seat, or a comma-separated bot per bot seat: heuristic "
        "(the default: the game's own player), random, search, or the levels easy, medium, "
        "strong; as in simulate",
    )
    ply.add_argument(  # the earlier spelling, still read: once for all, or once per bot seat
        "--bot", action="append", metavar="NAME", help=argparse.SUPPRESS
    )
    ply.add_argument(
        "--save",
        metavar="FILE",
        help="save the match to FILE after every deal and when you leave (to replay or resume it)",
    )
    ply.add_argument("--resume", metavar="FILE", help="go on with a match saved with 'save FILE'")
    ply.set_defaults(func=_cmd_play)

    add_score_parser(sub, parents=[loading], rules_of=_rules_of, usage_error=_UsageError)
    add_arena_parsers(
        sub,
        parents=[loading],
        rules_of=_rules_of,
        usage_error=_UsageError,
        progress_bar=lambda: ProgressBar(sys.stderr, unit="boards"),
    )

    ana = sub.add_parser(
        "analyse",
        parents=[loading],
        help="analyse a played deal with the exact solver: the best cards and each mistake",
        description=(
            "Analyse a played deal, every hand known: for each card, from the last one back as "
            "far as the budget reaches, its value for the side that played it, the best card(s) "
            "and what it lost (docs/ai-solver.md)."
        ),
    )
    ana.add_argument(
        "file",
        metavar="RECORD",
        help="a match saved by 'tarotlib play' (every finished deal is analysed, or --deal N), a "
        "deal record, or the records of many deals: a .jsonl file or a directory written by "
        "'simulate --records' (--deal N picks one)",
    )
    ana.add_argument(
        "--deal",
        type=int,
        metavar="N",
        help="the deal to analyse: counted from 1 in a match (as the terminal numbers them), from "
        "0 in a .jsonl file or a directory (as 'replay --deal' counts them)",
    )
    ana.add_argument(
        "--budget",
        type=_seconds,
        default=10.0,
        metavar="SECONDS",
        help="time to analyse each deal, from its last card back (default 10)",
    )
    ana.add_argument(
        "--objective",
        choices=("points", "score"),
        default="points",
        help="the values: the side's card points (default) or the seat's deal score",
    )
    ana.add_argument("--json", action="store_true", help="print the analysis as JSON")
    ana.set_defaults(func=_cmd_analyse)

    var = sub.add_parser("variants", parents=[loading], help="list the registered variants")
    var.set_defaults(func=_cmd_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tarotlib`` command with ``argv`` (default ``sys.argv[1:]``); returns the exit
    status.

    >>> main(["simulate", "french-tarot", "--deals", "3", "--seed", "1", "--json"])
    ... # doctest: +ELLIPSIS
    {
      "variant": "french-tarot",
      ...
    0
    >>> main(["simulate", "tarock"])
    2
    """
    command = "tarotlib"
    try:
        with _stopping():
            parser = _parser()
            try:
                args = parser.parse_args(argv)
            except _Stopped:
                raise
            except SystemExit as exc:  # argparse exits on --help and on usage errors
                code = exc.code
                return code if isinstance(code, int) else (0 if code is None else 2)
            command = f"tarotlib {args.command}"
            return _run(args, command)
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback, the shell's status for SIGINT
        _complain(f"\n{command}: interrupted")
        return 130
    except _Stopped as stop:  # SIGTERM, SIGHUP: likewise
        _complain(f"{command}: stopped by {signal_name(stop.signum)}")
        return 128 + stop.signum


def _run(args: argparse.Namespace, command: str) -> int:
    """Run the command parsed into ``args``; its exit status."""
    try:
        load_games(args.load)
    except ImportError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return 2
    try:
        status: int = args.func(args)
    except _UsageError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into a command that stopped reading (``| head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
