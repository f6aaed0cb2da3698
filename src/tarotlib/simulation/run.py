"""Running a simulation: :func:`simulate`, the bots it seats (:data:`BOT_NAMES`, :data:`BotSpec`), the
chunks of deals it sends out and the workers that play them (in this process, on a process pool or
on any executor), Ctrl-C while worker processes run, and the directory of records a run writes.

>>> from tarotlib.simulation.run import simulate
>>> simulate("belote", deals=10, seed=3, chunk_size=4).deals
10
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import importlib
import inspect
import json
import math
import os
import re
import secrets
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import FrameType
from typing import IO, Any, Final, TextIO, TypeAlias

import attrs

from tarotlib._files import written_atomically
from tarotlib._text import signed
from tarotlib.bots import Bot
from tarotlib.core.rng import derive_seed
from tarotlib.deal import Game
from tarotlib.errors import TarotError, UnknownVariantError
from tarotlib.records import RUN_FILE, RUN_FORMAT, RUN_VERSION, GameRecord, deals_file_name
from tarotlib.registry import variant, variant_info

__all__ = [
    "BOT_NAMES",
    "BotSpec",
    "ProgressBar",
    "SimulationError",
    "SimulationSummary",
    "count_of",
    "format_summary",
    "simulate",
]

#: A seat's bot: a registered name (see :data:`BOT_NAMES`) or a picklable factory called with the
#: bot's seed, positionally or else as ``seed=`` (a module-level class such as
#: :class:`~tarotlib.bots.RandomBot`); a factory without a seed parameter is called without
#: arguments, and then its bots must not draw their own randomness for runs to be reproducible.
BotSpec: TypeAlias = "str | Callable[..., Bot]"

#: The bot names :func:`simulate` accepts, with the class each stands for (imported when used).
BOT_NAMES: Final[Mapping[str, str]] = {
    "random": "tarotlib.bots.RandomBot",
    "heuristic": "tarotlib.bots.HeuristicBot",
}

_Exact: TypeAlias = "int | Fraction"


class SimulationError(TarotError, ValueError):
    """A bad argument to :func:`simulate` (a number of deals below 1, an unknown bot, ...).

    >>> try:
    ...     simulate("belote", 10, 1, bots="robot")
    ... except ValueError as exc:
    ...     print(type(exc).__name__, exc)
    SimulationError unknown bot 'robot'; known bots: random, heuristic
    """


# -- bots ------------------------------------------------------------------------------------------
def _bot_class(name: str) -> Callable[..., Bot]:
    """The class a registered bot name stands for (imported now)."""
    module_name, _, attribute = BOT_NAMES[name].rpartition(".")
    module = importlib.import_module(module_name)
    factory = getattr(module, attribute, None)
    if factory is None:
        raise SimulationError(
            f"bot {name!r} needs {BOT_NAMES[name]}, which this version of tarotlib does not have"
        )
    assert callable(factory)
    return factory  # type: ignore[no-any-return]


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec.strip().lower()
    return str(getattr(spec, "__qualname__", None) or type(spec).__qualname__)


def _check_bot(spec: object) -> BotSpec:
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name not in BOT_NAMES:
            known = ", ".join(BOT_NAMES)
            raise SimulationError(f"unknown bot {spec!r}; known bots: {known}")
        _bot_class(name)
        return name
    if callable(spec):
        return spec
    raise SimulationError(
        f"a bot must be a name ({', '.join(BOT_NAMES)}) or a factory taking a seed, got {spec!r}"
    )


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


def _maker(factory: Callable[..., Bot]) -> Callable[[int], Bot]:
    """``factory`` called with a bot's seed: positionally, else as ``seed=``, else (a factory
    without a seed parameter) without arguments."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # no signature to inspect (some builtins): try positionally
        return factory
    for args, kwargs in (((0,), {}), ((), {"seed": 0})):
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            continue
        return factory if args else functools.partial(_by_keyword, factory)
    return functools.partial(_without_seed, factory)


def _by_keyword(factory: Callable[..., Bot], seed: int) -> Bot:
    return factory(seed=seed)


def _without_seed(factory: Callable[..., Bot], seed: int) -> Bot:
    return factory()


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


@attrs.frozen
class _Partial:
    """Exact counts and sums over a chunk of deals; :meth:`merge` adds two of them."""

    deals: int
    annulled: Counter[str]
    contracts: dict[str, tuple[int, int, int]]  # contract -> (deals, judged, made)
    judged: int
    made: int
    totals: tuple[_Exact, ...]  # per seat
    float_scores: bool
    groups: tuple[tuple[_Exact, _Exact], ...]  # per bot name: sum of g, sum of g² (g: seats' sum)
    pairs: tuple[tuple[_Exact, _Exact], ...]  # per pair of bot names: sum of D, sum of D²

    def merge(self, other: _Partial) -> _Partial:
        contracts = dict(self.contracts)
        for name, counts in other.contracts.items():
            mine = contracts.get(name, (0, 0, 0))
            contracts[name] = (mine[0] + counts[0], mine[1] + counts[1], mine[2] + counts[2])
        return _Partial(
            self.deals + other.deals,
            self.annulled + other.annulled,
            contracts,
            self.judged + other.judged,
            self.made + other.made,
            tuple(a + b for a, b in zip(self.totals, other.totals, strict=True)),
            self.float_scores or other.float_scores,
            _add_pairs(self.groups, other.groups),
            _add_pairs(self.pairs, other.pairs),
        )


def _add_pairs(
    a: tuple[tuple[_Exact, _Exact], ...], b: tuple[tuple[_Exact, _Exact], ...]
) -> tuple[tuple[_Exact, _Exact], ...]:
    return tuple((x[0] + y[0], x[1] + y[1]) for x, y in zip(a, b, strict=True))


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


def _groups(names: Sequence[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The distinct bot names in order of first seat, each with its seats."""
    order = list(dict.fromkeys(names))
    return tuple((n, tuple(s for s, m in enumerate(names) if m == n)) for n in order)


def _exact(x: float) -> _Exact:
    return x if isinstance(x, int) else Fraction(x)


def _reason_kind(reason: str) -> str:
    """An annulment reason without its seat (``petit sec (seat 2)`` → ``petit sec``)."""
    return re.sub(r"\s*\(seat \d+\)", "", reason)


def _run_chunk(chunk: _Chunk) -> _Partial:
    """Play the deals of ``chunk`` and sum them up (the callable submitted to executors); with
    ``chunk.records``, write their records to the chunk's file there."""
    if chunk.records is None:
        return _play_chunk(chunk, None)
    name = deals_file_name(chunk.start, chunk.stop - 1, digits=chunk.digits)
    with written_atomically(os.path.join(chunk.records, name)) as out:
        return _play_chunk(chunk, out)


def _play_chunk(chunk: _Chunk, out: IO[str] | None) -> _Partial:
    """Play the deals of ``chunk`` and sum them up; each deal's record is written to ``out`` (if
    given) as one line of JSON."""
    rules = _rules(chunk.variant, chunk.options)
    n = rules.players
    factories: list[Callable[..., Bot]] = [
        _bot_class(spec) if isinstance(spec, str) else spec for spec in chunk.bots
    ]
    makers = [_maker(f) for f in factories]
    bases = [derive_seed(chunk.seed, -1 - seat) for seat in range(n)]
    prefix, cycle = _dealers(rules)
    groups = [seats for _, seats in _groups([_bot_name(b) for b in chunk.bots])]
    pairs = [(a, b) for a in range(len(groups)) for b in range(a + 1, len(groups))]

    annulled: Counter[str] = Counter()
    contracts: dict[str, tuple[int, int, int]] = {}
    judged = made = 0
    totals: list[_Exact] = [0] * n
    float_scores = False
    group_sums: list[list[_Exact]] = [[0, 0] for _ in groups]
    pair_sums: list[list[_Exact]] = [[0, 0] for _ in pairs]
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

        if result.annulled is not None:
            annulled[_reason_kind(result.annulled)] += 1
        else:
            if result.contract is not None:
                c = contracts.get(result.contract, (0, 0, 0))
                known = result.made is not None
                contracts[result.contract] = (c[0] + 1, c[1] + known, c[2] + (result.made is True))
            if result.made is not None:
                judged += 1
                made += result.made
        scores = [_exact(x) for x in result.scores]
        float_scores = float_scores or any(type(x) is not int for x in result.scores)
        for seat, score in enumerate(scores):
            totals[seat] += score
        g = [sum((scores[s] for s in seats), start=0) for seats in groups]
        for sums, value in zip(group_sums, g, strict=True):
            sums[0] += value
            sums[1] += value * value
        for sums, (a, b) in zip(pair_sums, pairs, strict=True):
            # D = mean(a's seats) − mean(b's seats), times len(a)·len(b) to stay exact in ints
            diff = g[a] * len(groups[b]) - g[b] * len(groups[a])
            sums[0] += diff
            sums[1] += diff * diff
    return _Partial(
        chunk.stop - chunk.start,
        annulled,
        contracts,
        judged,
        made,
        tuple(totals),
        float_scores,
        tuple((s[0], s[1]) for s in group_sums),
        tuple((s[0], s[1]) for s in pair_sums),
    )


# -- the summary -----------------------------------------------------------------------------------
@attrs.frozen
class SimulationSummary:
    """The summary of a simulation run (see :func:`simulate`).

    Two summaries compare equal when their results are (``workers``, ``seconds`` and
    ``deals_per_second`` are left out of ``==``). :meth:`to_json` gives the JSON-ready dict the
    command line prints with ``--json``; :func:`format_summary` its text form.

    Fields: the ``variant`` name, ``players``, the ``options`` (``rules.options_dict()``) and
    those that differ from the variant's defaults (``non_default_options``), the ``seed``, the
    number of ``deals``; of them ``scored`` and ``annulled`` (by reason in ``annulled_reasons``);
    ``contracts`` (per contract: ``deals``, ``share`` of all deals, ``made`` and ``success_rate``);
    ``contract_deals`` (scored deals whose contract was made or failed) and their ``success_rate``;
    ``total_scores`` and ``mean_scores`` per seat; ``bots`` (each seat's bot name); ``bot_scores``
    (per bot name: its ``seats``, the ``mean`` per deal of its seats' mean score and that mean's
    ``standard_error``); ``bot_comparisons`` (per pair of bot names: ``mean_difference`` per deal
    and its ``standard_error``, from the per-deal differences); ``workers`` (1 for a run in this
    process, the processes used with ``workers=N``, None when an executor was given),
    ``seconds`` (wall time) and ``deals_per_second``.

    >>> summary = simulate("french-tarot", 50, 3, options={"players": 5})
    >>> summary.players, summary.deals, summary.scored + summary.annulled
    (5, 50, 50)
    >>> sum(summary.total_scores), sum(c["deals"] for c in summary.contracts.values()) == summary.scored
    (0, True)
    >>> summary == simulate("french-tarot", 50, 3, options={"players": 5}, workers=2)
    True
    """

    variant: str
    players: int
    options: dict[str, object]
    non_default_options: dict[str, object]
    seed: int
    deals: int
    scored: int
    annulled: int
    annulled_reasons: dict[str, int]
    contracts: dict[str, dict[str, object]]
    contract_deals: int
    success_rate: float | None
    total_scores: tuple[float, ...]
    mean_scores: tuple[float, ...]
    bots: tuple[str, ...]
    bot_scores: dict[str, dict[str, object]]
    bot_comparisons: tuple[dict[str, object], ...]
    workers: int | None = attrs.field(eq=False)
    seconds: float = attrs.field(eq=False)
    deals_per_second: float | None = attrs.field(eq=False)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: the keys of the single-process ``tarotlib simulate --json`` summary
        (``annulled`` is ``{"total", "reasons"}``) plus ``bots``, ``bot_scores``,
        ``bot_comparisons`` and ``workers``.

        >>> summary = simulate("french-tarot", deals=3, seed=1)
        >>> list(summary.to_json())[:6]
        ['variant', 'players', 'options', 'non_default_options', 'seed', 'deals']
        >>> summary.to_json()["annulled"]
        {'total': 0, 'reasons': {}}
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "non_default_options": dict(self.non_default_options),
            "seed": self.seed,
            "deals": self.deals,
            "scored": self.scored,
            "annulled": {"total": self.annulled, "reasons": dict(self.annulled_reasons)},
            "contracts": {k: dict(v) for k, v in self.contracts.items()},
            "contract_deals": self.contract_deals,
            "success_rate": self.success_rate,
            "total_scores": list(self.total_scores),
            "mean_scores": list(self.mean_scores),
            "bots": list(self.bots),
            "bot_scores": {k: dict(v) for k, v in self.bot_scores.items()},
            "bot_comparisons": [dict(c) for c in self.bot_comparisons],
            "workers": self.workers,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
        }


def _contract_order(rules: Game, contracts: Mapping[str, Any]) -> list[str]:
    """Contracts in the order the game registers (weakest first: ``VariantInfo.contracts``), any
    other after them by name."""
    try:
        order = list(variant_info(rules.name).contracts)
    except UnknownVariantError:
        order = []
    return sorted(contracts, key=lambda c: (order.index(c) if c in order else len(order), c))


def _non_default_options(rules: Game) -> dict[str, object]:
    """The options of ``rules`` that differ from the variant's defaults for its player count."""
    options = dict(rules.options_dict())
    try:
        defaults = dict(variant(rules.name, players=rules.players).options_dict())
    except (TarotError, ValueError, TypeError):
        try:
            defaults = dict(variant(rules.name).options_dict())
        except (TarotError, ValueError, TypeError):
            return {k: v for k, v in options.items() if k != "players"}
    return {k: v for k, v in options.items() if k != "players" and defaults.get(k) != v}


def _mean_and_error(s1: Fraction, s2: Fraction, n: int) -> tuple[float, float | None]:
    """The mean of ``n`` values with sum ``s1`` and sum of squares ``s2``, and its standard error
    (sample standard deviation over √n; None for a single value)."""
    mean = s1 / n
    if n < 2:
        return float(mean), None
    variance = max((s2 - s1 * mean) / (n - 1), Fraction(0))
    return float(mean), math.sqrt(variance / n)


def _summary(
    rules: Game,
    seed: int,
    names: tuple[str, ...],
    total: _Partial,
    workers: int | None,
    seconds: float,
) -> SimulationSummary:
    deals = total.deals
    contracts: dict[str, dict[str, object]] = {}
    for name in _contract_order(rules, total.contracts):
        count, judged, made = total.contracts[name]
        contracts[name] = {
            "deals": count,
            "share": count / deals,
            "made": made,
            "success_rate": made / judged if judged else None,
        }
    totals = tuple(float(t) if total.float_scores else int(t) for t in total.totals)
    groups = _groups(names)
    bot_scores: dict[str, dict[str, object]] = {}
    for (name, seats), (s1, s2) in zip(groups, total.groups, strict=True):
        width = len(seats)
        mean, error = _mean_and_error(Fraction(s1, width), Fraction(s2, width * width), deals)
        bot_scores[name] = {"seats": list(seats), "mean": mean, "standard_error": error}
    comparisons: list[dict[str, object]] = []
    pairs = [(a, b) for a in range(len(groups)) for b in range(a + 1, len(groups))]
    for (a, b), (s1, s2) in zip(pairs, total.pairs, strict=True):
        scale = len(groups[a][1]) * len(groups[b][1])
        mean, error = _mean_and_error(Fraction(s1, scale), Fraction(s2, scale * scale), deals)
        comparisons.append(
            {
                "bot": groups[a][0],
                "versus": groups[b][0],
                "mean_difference": mean,
                "standard_error": error,
            }
        )
    return SimulationSummary(
        variant=rules.name,
        players=rules.players,
        options=dict(rules.options_dict()),
        non_default_options=_non_default_options(rules),
        seed=seed,
        deals=deals,
        scored=deals - sum(total.annulled.values()),
        annulled=sum(total.annulled.values()),
        annulled_reasons=dict(sorted(total.annulled.items())),
        contracts=contracts,
        contract_deals=total.judged,
        success_rate=total.made / total.judged if total.judged else None,
        total_scores=totals,
        mean_scores=tuple(t / deals for t in totals),
        bots=names,
        bot_scores=bot_scores,
        bot_comparisons=tuple(comparisons),
        workers=workers,
        seconds=seconds,
        deals_per_second=deals / seconds if seconds > 0 else None,
    )


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
    - with ``workers=N``, a :class:`~concurrent.futures.ProcessPoolExecutor` of N processes, or
      fewer: never more than the chunks of deals (a run of one chunk stays in this process); the
      workers ignore Ctrl-C, and on an interruption the chunks not started are cancelled and the
      running ones awaited, so that no worker process is left behind;
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
    names = tuple(_bot_name(spec) for spec in specs)
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
    if executor is None and (workers is None or workers == 1 or len(chunks) == 1):
        partials = []
        done = 0
        for chunk in chunks:
            partials.append(_run_chunk(chunk))
            done += chunk.stop - chunk.start
            if progress is not None:
                progress(done, deals)
        used_workers: int | None = 1
    elif executor is None:
        assert workers is not None
        # Never more processes than chunks of deals; the workers ignore Ctrl-C, which this
        # process handles: it cancels the chunks not started and waits for the running ones, so
        # that no worker outlives the call.
        used_workers = min(workers, len(chunks))
        pool = concurrent.futures.ProcessPoolExecutor(used_workers, initializer=_ignore_interrupt)
        try:
            with _interrupts_held():  # the workers start (fork) on the first submission
                pool.submit(_started)
            partials = _run_on(pool, chunks, deals, progress)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        partials = _run_on(executor, chunks, deals, progress)
        used_workers = None
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


def _started() -> None:
    """A first task: submitting it starts the worker processes (see :func:`_interrupts_held`)."""


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while worker processes are forked, and act on it on leaving.

    A SIGINT that arrives during a fork is otherwise raised inside the interpreter's at-fork
    callbacks, where the exception is printed and lost (the parent runs on), or in a new worker
    before its initializer ignores it (the worker dies and the pool waits for it). Meanwhile the
    handler only notes the signal (in whichever thread the system delivers it, the handler runs in
    the main thread); on leaving, the previous handler is put back and, if a SIGINT came, called
    (KeyboardInterrupt with Python's default). Only the main thread handles signals, so elsewhere
    this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    caught: list[FrameType | None] = []
    signal.signal(signal.SIGINT, lambda _signum, frame: caught.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, caught[0])
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)


def _ignore_interrupt() -> None:
    """A worker process's start: Ctrl-C (SIGINT, sent to the whole process group by a terminal)
    is the parent's to handle (:func:`simulate`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_on(
    executor: concurrent.futures.Executor,
    chunks: Sequence[_Chunk],
    deals: int,
    progress: Callable[[int, int], object] | None,
) -> list[_Partial]:
    """Run every chunk on ``executor``; the partials in deal order."""
    futures: dict[concurrent.futures.Future[_Partial], int] = {}
    try:
        for i, chunk in enumerate(chunks):
            futures[executor.submit(_run_chunk, chunk)] = i
        partials: list[_Partial | None] = [None] * len(chunks)
        done = 0
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            partials[i] = future.result()
            done += chunks[i].stop - chunks[i].start
            if progress is not None:
                progress(done, deals)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    out = [p for p in partials if p is not None]
    assert len(out) == len(chunks)
    return out


# -- text output -----------------------------------------------------------------------------------
def _option_text(value: object) -> str:
    """An option value as ``--option`` takes it (``true``, ``9,11,14``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ",".join(_option_text(v) for v in value)
    return str(value)


def count_of(n: int, word: str) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1.

    >>> count_of(1, "deal"), count_of(2, "deal"), count_of(0, "deal")
    ('1 deal', '2 deals', '0 deals')
    """
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _pct(x: object) -> str:
    return f"{100 * x:.1f}%" if isinstance(x, float) else "n/a"


def _pm(mean: object, error: object) -> str:
    assert isinstance(mean, float)
    spread = f" ± {error:.1f}" if isinstance(error, float) else ""
    return f"{signed(mean, '.1f')}{spread}"


def format_summary(summary: SimulationSummary | Mapping[str, object]) -> str:
    """The text ``tarotlib simulate`` prints for a summary (or for its :meth:`~SimulationSummary.to_json`
    dict, or the dict of the single-process command).

    >>> text = format_summary(simulate("french-tarot", 4, 1, bots="random"))
    >>> print(text)  # doctest: +ELLIPSIS
    french-tarot, 4 players, random bots
    options: all defaults
    seed: 1
    deals played: 4 (4 scored, 0 annulled)
    annulled: none
    contracts:
    ...
    mean score per seat: seat 0 ...
    speed: ... deals/s (... s wall time)
    """
    s = summary.to_json() if isinstance(summary, SimulationSummary) else summary
    deals = s["deals"]
    assert isinstance(deals, int)
    non_default = s["non_default_options"]
    assert isinstance(non_default, dict)
    options = (
        ", ".join(f"{k}={_option_text(v)}" for k, v in non_default.items())
        if non_default
        else "all defaults"
    )
    annulled = s["annulled"]
    assert isinstance(annulled, dict)
    reasons = annulled["reasons"]
    assert isinstance(reasons, dict)
    contracts = s["contracts"]
    assert isinstance(contracts, dict)
    means = s["mean_scores"]
    assert isinstance(means, list)
    bots = s.get("bots") or ["random"]
    assert isinstance(bots, list)
    distinct = list(dict.fromkeys(bots))
    players = f"{s['variant']}, {s['players']} players"
    header = (
        f"{players}, {distinct[0]} bots"
        if len(distinct) == 1
        else f"{players}, bots: {', '.join(bots)}"
    )

    lines = [
        header,
        f"options: {options}",
        f"seed: {s['seed']}",
        f"deals played: {deals} ({s['scored']} scored, {annulled['total']} annulled)",
    ]
    if reasons:
        detail = ", ".join(f"{reason} {count}" for reason, count in reasons.items())
        lines.append(f"annulled: {detail} ({_pct(annulled['total'] / deals)} of deals)")
    else:
        lines.append("annulled: none")
    if contracts:  # a game without contracts (every deal is played the same way) has no table
        lines.append("contracts:")
        width = max([len("contract"), *(len(c) for c in contracts)])
        lines.append(f"  {'contract':<{width}}  {'deals':>6}  {'share':>6}  {'success':>7}")
        for name, c in contracts.items():
            assert isinstance(c, dict)
            lines.append(
                f"  {name:<{width}}  {c['deals']:>6}  {_pct(c['share']):>6}  "
                f"{_pct(c['success_rate']):>7}"
            )
        with_contract = s["contract_deals"]
        assert isinstance(with_contract, int)
        lines.append(
            f"success rate: {_pct(s['success_rate'])} of {count_of(with_contract, 'deal')} with a "
            "contract"
        )
    lines.append(
        "mean score per seat: "
        + ", ".join(f"seat {i} {signed(float(m), '.1f')}" for i, m in enumerate(means))
    )
    if len(distinct) > 1:
        bot_scores = s["bot_scores"]
        assert isinstance(bot_scores, dict)
        lines.append(
            "mean score per deal by bot (± standard error): "
            + ", ".join(
                f"{name} {_pm(b['mean'], b['standard_error'])}" for name, b in bot_scores.items()
            )
        )
        comparisons = s["bot_comparisons"]
        assert isinstance(comparisons, list)
        for c in comparisons:
            lines.append(
                f"{c['bot']} vs {c['versus']}: {_pm(c['mean_difference'], c['standard_error'])}"
                " points per deal"
            )
    rate = s["deals_per_second"]
    seconds = s["seconds"]
    assert isinstance(seconds, float)
    speed = f"{rate:,.0f} deals/s" if isinstance(rate, float) else "n/a"
    workers = s.get("workers", 1)
    if workers == 1:
        lines.append(f"speed: {speed} ({seconds:.2f} s wall time)")
    else:
        how = f"{workers} workers" if isinstance(workers, int) else "executor"
        lines.append(f"speed: {speed} ({seconds:.2f} s wall time, {how})")
    return "\n".join(lines)


# -- progress bar ----------------------------------------------------------------------------------
class ProgressBar:
    """A text progress bar for :func:`simulate`'s ``progress`` callback, drawn on ``stream``
    (default ``sys.stderr``) only when it is a terminal:
    ``[#########...........] 512/2,000 deals  1,234 deals/s``, redrawn in place at most every
    ``interval`` seconds, with a final newline once every deal is done (or on :meth:`close`; use
    the bar as a context manager so that an interrupted run ends its line too).

    >>> import io
    >>> bar = ProgressBar(io.StringIO(), width=10)   # not a terminal: draws nothing
    >>> bar(0, 100); bar(100, 100)
    >>> bar.stream.getvalue()
    ''
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        width: int = 30,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream: TextIO = sys.stderr if stream is None else stream
        self.width = width
        self.interval = interval
        self._clock = clock
        self._start = clock()
        self._last_draw: float | None = None
        self._drawn = 0  # length of the line on screen; 0 when nothing is on it
        try:
            self.enabled = bool(self.stream.isatty())
        except (AttributeError, ValueError):  # no isatty, or a closed stream
            self.enabled = False

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` deals (the ``progress`` callback)."""
        if not self.enabled:
            return
        now = self._clock()
        finished = done >= total
        if not finished and self._last_draw is not None and now - self._last_draw < self.interval:
            return
        self._last_draw = now
        filled = self.width * done // total if total > 0 else self.width
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = now - self._start
        rate = f"  {done / elapsed:,.0f} deals/s" if elapsed > 0 and done > 0 else ""
        line = f"[{bar}] {done:,}/{total:,} deals{rate}"
        pad = " " * max(0, self._drawn - len(line))
        self.stream.write(f"\r{line}{pad}")
        self._drawn = len(line)
        if finished:
            self.close()
        else:
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line (once), if one was drawn.

        >>> import io
        >>> class Terminal(io.StringIO):
        ...     def isatty(self):
        ...         return True
        >>> bar = ProgressBar(Terminal(), width=4, clock=lambda: 0.0)
        >>> bar(1, 4); bar.close(); bar.close()
        >>> bar.stream.getvalue()
        '\\r[#...] 1/4 deals\\n'
        """
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = 0

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
