"""Running a simulation: :func:`simulate`, the bots it seats (:data:`BOT_NAMES`, :data:`BotSpec`), the
chunks of deals it sends out and the workers that play them (in this process, on a process pool or
on any executor), stopping them (Ctrl-C, SIGTERM) while worker processes run, and the directory of
records a run writes.

>>> from tarotlib.simulation.run import simulate
>>> simulate("belote", deals=10, seed=3, chunk_size=4).deals
10
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Final, TypeAlias

import attrs

import tarotlib.bots.named as _named
from tarotlib._files import written_atomically
from tarotlib._pool import run_tasks
from tarotlib.core.results import DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.deal import Game
from tarotlib.errors import TarotError
from tarotlib.records import RUN_FILE, RUN_FORMAT, RUN_VERSION, GameRecord, deals_file_name
from tarotlib.registry import variant
from tarotlib.simulation.stats import SimulationSummary, _groups, _Partial, _sum_up, _summary

__all__ = ["BOT_NAMES", "BotSpec", "SimulationError", "simulate"]

#: A seat's bot: a registered name (see :data:`BOT_NAMES`) or a picklable factory called with the
#: bot's seed (:mod:`tarotlib.bots.named`).
BotSpec: TypeAlias = _named.BotSpec

#: The bot names :func:`simulate` accepts, with the class each stands for (imported when used).
BOT_NAMES: Final[Mapping[str, str]] = _named.BOT_NAMES


class SimulationError(TarotError, ValueError):
    """A bad argument to :func:`simulate` (a number of deals below 1, an unknown bot, ...).

    >>> try:
    ...     simulate("belote", 10, 1, bots="robot")
    ... except ValueError as exc:
    ...     print(type(exc).__name__, exc)
    SimulationError unknown bot 'robot'; known bots: random, heuristic, search, easy, medium, strong
    """


# -- bots ------------------------------------------------------------------------------------------
def _check_bot(spec: object) -> BotSpec:
    try:
        return _named.check_spec(spec)
    except _named.BotNameError as exc:
        raise SimulationError(str(exc)) from None


def _bot_specs(bots: BotSpec | Sequence[BotSpec] | None, players: int) -> tuple[BotSpec, ...]:
    """One spec per seat: ``None`` is ``'random'``; a single spec serves every seat; otherwise
    (a sequence, or a comma-separated string of names) exactly one spec per seat is needed."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str):
        items: list[object] = list(bots.split(","))
    elif callable(bots):
        items = [bots]
    else:
        items = list(bots)
    specs = [_check_bot(item) for item in items]
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise SimulationError(
            f"give one bot for every seat or one bot per seat ({players}), got {len(specs)}"
        )
    return tuple(specs)


# -- one chunk of deals (run by the workers) --------------------------------------------------------
@attrs.frozen
class _Chunk:
    """Deals ``start`` to ``stop - 1`` of a run: everything a worker needs, picklable."""

    variant: str
    options: dict[str, object]
    seed: int
    start: int
    stop: int
    bots: tuple[BotSpec, ...]
    records: str | None = None  # the absolute path of the directory of records, if any
    digits: int = 9  # of the deal numbers in the names of the records' files


_RULES: dict[str, Game] = {}


def _rules(name: str, options: Mapping[str, object]) -> Game:
    """The rules ``variant(name, **options)``, built once per process."""
    key = json.dumps([name, options], sort_keys=True)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = variant(name, **options)
    return rules


def _dealers(rules: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dealer sequence from seat 0 with ``next_dealer(dealer, None)``, as a prefix and the cycle
    it then repeats (the prefix is empty for a plain rotation)."""
    sequence = [0]
    while True:
        nxt = rules.next_dealer(sequence[-1], None)
        if nxt in sequence:
            i = sequence.index(nxt)
            return tuple(sequence[:i]), tuple(sequence[i:])
        sequence.append(nxt)


def _run_chunk(chunk: _Chunk) -> _Partial:
    """Play the deals of ``chunk`` and sum them up (the callable sent to executors and to
    :func:`simulate`'s own worker processes); with ``chunk.records``, write their records to the
    chunk's file there (a chunk stopped half-way removes its temporary file)."""
    if chunk.records is None:
        return _play_chunk(chunk, None)
    name = deals_file_name(chunk.start, chunk.stop - 1, digits=chunk.digits)
    with written_atomically(os.path.join(chunk.records, name)) as out:
        return _play_chunk(chunk, out)


def _play_chunk(chunk: _Chunk, out: IO[str] | None) -> _Partial:
    """Play the deals of ``chunk`` and sum them up; each deal's record is written to ``out`` (if
    given) as one line of JSON."""
    rules = _rules(chunk.variant, chunk.options)
    groups = [seats for _, seats in _groups([_named.spec_name(b) for b in chunk.bots])]
    return _sum_up(_play(chunk, rules, out), rules.players, groups)


def _play(chunk: _Chunk, rules: Game, out: IO[str] | None) -> Iterator[DealResult]:
    """The results of the deals of ``chunk``, played in deal order; each deal's record is written
    to ``out`` (if given) as one line of JSON."""
    makers = [_named.seeded(spec) for spec in chunk.bots]
    bases = [derive_seed(chunk.seed, -1 - seat) for seat in range(rules.players)]
    prefix, cycle = _dealers(rules)
    for k in range(chunk.start, chunk.stop):
        dealer = prefix[k] if k < len(prefix) else cycle[(k - len(prefix)) % len(cycle)]
        state = rules.new_deal(seed=derive_seed(chunk.seed, k), dealer=dealer)
        bots = [make(derive_seed(base, k)) for make, base in zip(makers, bases, strict=True)]
        while not state.is_over:
            to_act = state.to_act
            assert to_act is not None
            state = state.apply(bots[to_act].choose(state))
        result = state.result
        if out is not None:
            out.write(GameRecord.from_state(state).dumps())
            out.write("\n")
        yield result


# -- simulate --------------------------------------------------------------------------------------
def _chunks(deals: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, deals, chunk_size):
        yield start, min(start + chunk_size, deals)


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SimulationError(f"{name} must be an int, got {value!r}")
    if value < 1:
        raise SimulationError(f"{name} must be at least 1, got {value}")
    return value


def simulate(
    rules_or_name: Game | str,
    deals: int,
    seed: int | None = None,
    *,
    options: Mapping[str, object] | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    records: str | os.PathLike[str] | None = None,
    overwrite: bool = False,
) -> SimulationSummary:
    """Play ``deals`` complete deals between bots and summarise them.

    ``rules_or_name`` is a variant name (built with ``tarotlib.variant(name, **options)``) or a
    :class:`~tarotlib.deal.Game` of a registered variant (then no ``options``). ``seed=None``
    draws a random seed, which the summary records. Deal *k* depends only on the seed and *k* (see
    the module documentation), so the summary is the same whatever runs the deals:

    - by default, or with ``workers=1``, this process;
    - with ``workers=N``, N worker processes of its own (each with its own pipe, given one chunk
      at a time), or fewer: never more than the chunks of deals (a run of one chunk stays in this
      process). The workers ignore Ctrl-C, which this process gets: when the call is interrupted
      (KeyboardInterrupt) or exited (SystemExit, as a SIGTERM handler that calls ``sys.exit``
      raises), the chunks not started are dropped and the workers stopped at once (SIGTERM: each
      removes the temporary file of the chunk it was playing; SIGKILL for one still there after
      5 s) and awaited, so that no worker process is left behind; a worker whose caller is killed
      outright stops itself within a second. While the workers run, Ctrl-C, SIGTERM and SIGHUP
      (those not ignored) are held back and passed to their handlers between two steps of the
      pool, within a tenth of a second, never in the middle of starting a worker or sending it a
      chunk;
    - with ``executor=``, any :class:`concurrent.futures.Executor` (threads, your own process pool,
      a cluster's such as Dask's ``client.get_executor()``), which is not shut down afterwards.

    ``bots`` gives each seat's bot: ``None`` (random bots), one spec for every seat, one spec per
    seat, or a comma-separated string of names (``"heuristic,random"``); a spec is a name of
    :data:`BOT_NAMES` or a picklable factory called with the bot's seed. Deals are sent out in
    chunks of ``chunk_size`` consecutive deals (default: about a hundredth of the run, from 10 to
    500 deals); ``progress(done, total)``, if given, is called in this process with 0 before the
    first deal and after each chunk, with increasing counts ending at ``deals``.

    ``records=DIR`` also writes the record of every deal (:class:`~tarotlib.records.GameRecord`,
    which replays it) as JSON lines, one deal per line, in deal order: each chunk writes its own
    file ``DIR/deals-FIRST-LAST.jsonl`` (:func:`~tarotlib.records.deals_file_name`: the names sort
    in deal order), from the worker that plays it. So the path must name the same directory for
    every worker (a relative path is made absolute here): any local executor or process pool, but
    on a cluster a file system shared by its machines. The files do not depend on the workers or
    the chunk size: read in name order, they hold the same bytes. Each is written under a hidden
    temporary name and renamed when complete, so an interrupted or crashed run leaves no partial
    ``.jsonl`` file; once every deal is written, this process writes ``DIR/run.json``
    (:data:`~tarotlib.records.RUN_FILE`: the variant, options, seed, number of deals and bots), the
    mark of a finished run that :func:`~tarotlib.records.read_records` requires to read DIR. DIR is
    created if need be; if it is not empty, :class:`SimulationError`, unless ``overwrite=True``,
    which removes the record files of an earlier run first (any other file is left as it is). A
    directory that cannot be created or written raises :class:`OSError`. The summary is the same
    with or without records.

    Each worker rebuilds the rules from the variant name and ``rules.options_dict()``; so the
    variant must be registered in the workers, and a factory given in ``bots`` must be picklable
    (a module-level class or function) for process pools and clusters. Where processes are started
    by spawning (Windows, macOS), a script calling ``simulate(..., workers=N)`` must do so under
    ``if __name__ == "__main__":``.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> one = simulate("french-tarot", 30, 5, options={"players": 3})
    >>> one.variant, one.players, one.deals, sum(one.total_scores), one.workers
    ('french-tarot', 3, 30, 0, 1)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     two = simulate("french-tarot", 30, 5, options={"players": 3}, executor=pool, chunk_size=4)
    >>> one == two, two.workers
    (True, None)
    >>> seen = []
    >>> _ = simulate("belote", 10, 1, chunk_size=4, progress=lambda done, total: seen.append(done))
    >>> seen
    [0, 4, 8, 10]
    >>> import os, tempfile
    >>> from tarotlib.records import read_records
    >>> run = os.path.join(tempfile.mkdtemp(), "run")
    >>> simulate("french-tarot", 30, 5, options={"players": 3}, records=run) == one
    True
    >>> sorted(os.listdir(run))[0]
    'deals-000000000-000000009.jsonl'
    >>> [state.result.scores for state in read_records(run, replay=True)][:2]
    [(536, 536, -1072), (-572, 286, 286)]
    >>> simulate("french-tarot", 30, 5, options={"players": 3}, records=run)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.simulation.run.SimulationError: the records directory ... is not empty (deals-...); give ...
    >>> simulate("belote", 0, 1)
    Traceback (most recent call last):
        ...
    tarotlib.simulation.run.SimulationError: deals must be at least 1, got 0
    """
    deals = _positive("deals", deals)
    if workers is not None:
        workers = _positive("workers", workers)
        if executor is not None:
            raise SimulationError("give either workers or an executor, not both")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor, got {executor!r}")
    if isinstance(rules_or_name, str):
        rules = variant(rules_or_name, **dict(options or {}))
    else:
        if options is not None:
            raise SimulationError("options go with a variant name, not with a Game object")
        rules = rules_or_name
    name, rules_options = rules.name, dict(rules.options_dict())
    try:
        rebuilt = variant(name, **rules_options)
    except (TarotError, ValueError, TypeError) as exc:
        raise SimulationError(
            f"these rules cannot be rebuilt from their name and options: {exc}"
        ) from None
    if dict(rebuilt.options_dict()) != rules_options:
        raise SimulationError("these rules cannot be rebuilt from their name and options")
    if seed is None:
        seed = secrets.randbits(32)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be an int, got {seed!r}")
    specs = _bot_specs(bots, rules.players)
    names = tuple(_named.spec_name(spec) for spec in specs)
    if chunk_size is None:
        chunk_size = min(500, max(10, -(-deals // 100)))
    chunk_size = _positive("chunk_size", chunk_size)

    if not isinstance(overwrite, bool):
        raise SimulationError(f"overwrite must be True or False, got {overwrite!r}")
    if overwrite and records is None:
        raise SimulationError("overwrite=True goes with records=DIR")
    directory = None if records is None else _records_directory(records, overwrite)
    digits = max(9, len(str(deals - 1)))

    chunks = [
        _Chunk(name, rules_options, seed, start, stop, specs, directory, digits)
        for start, stop in _chunks(deals, chunk_size)
    ]
    start_time = time.perf_counter()
    if progress is not None:
        progress(0, deals)
    finished = 0

    def chunk_done(i: int, partial: _Partial) -> None:
        nonlocal finished
        finished += chunks[i].stop - chunks[i].start
        if progress is not None:
            progress(finished, deals)

    # Never more processes than chunks of deals. The workers ignore Ctrl-C, which this process
    # handles; when it stops (Ctrl-C, or an exit such as a SIGTERM handler's) it stops the
    # workers and waits for them, so that no worker outlives the call (Pool). Meanwhile the
    # stopping signals are acted on only between two steps of the pool (Deferred), never in
    # the middle of starting a worker or sending it a chunk.
    partials, used_workers = run_tasks(
        _run_chunk, chunks, workers=workers, executor=executor, done=chunk_done
    )
    if directory is not None:
        _write_run_file(directory, rules, seed, deals, names)
    total = partials[0]
    for partial in partials[1:]:
        total = total.merge(partial)
    seconds = time.perf_counter() - start_time
    return _summary(rules, seed, names, total, used_workers, seconds)


_RECORD_FILES: Final = re.compile(r"\.?(deals-\d+-\d+\.jsonl|run\.json)(\..*\.tmp)?")


def _write_run_file(
    directory: str, rules: Game, seed: int, deals: int, bots: tuple[str, ...]
) -> None:
    """Write the run file of a directory of records, the last file of a run (see
    :data:`~tarotlib.records.RUN_FILE`): what was played, not how the work was split."""
    run = {
        "format": RUN_FORMAT,
        "version": RUN_VERSION,
        "variant": rules.name,
        "options": dict(rules.options_dict()),
        "seed": seed,
        "deals": deals,
        "bots": list(bots),
    }
    with written_atomically(os.path.join(directory, RUN_FILE)) as f:
        f.write(json.dumps(run, indent=2, ensure_ascii=False))
        f.write("\n")


def _records_directory(records: object, overwrite: bool) -> str:
    """The absolute path of the directory ``records``, made ready to receive a run's records: new
    or empty (created if need be), or, with ``overwrite``, emptied of the files of records
    (finished or temporary) that a run writes."""
    if not isinstance(records, (str, os.PathLike)):
        raise SimulationError(f"records must be the path of a directory, got {records!r}")
    directory = os.path.abspath(os.fspath(records))
    if not isinstance(directory, str):
        raise SimulationError(f"records must be a path given as text, got {records!r}")
    if os.path.exists(directory) and not os.path.isdir(directory):
        raise SimulationError(f"records must be a directory; {directory} is a file")
    os.makedirs(directory, exist_ok=True)
    present = sorted(os.listdir(directory))
    if present and not overwrite:
        shown = ", ".join(present[:3]) + (", ..." if len(present) > 3 else "")
        raise SimulationError(
            f"the records directory {directory} is not empty ({shown}); give a new or empty "
            "directory, or overwrite=True (--overwrite) to replace the records in it"
        )
    for entry in present:
        if _RECORD_FILES.fullmatch(entry):
            os.remove(os.path.join(directory, entry))
    return directory
