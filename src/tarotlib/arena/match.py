"""Duplicate matches and tournaments between bots (see :mod:`tarotlib.arena`)."""

from __future__ import annotations

import concurrent.futures
import json
import math
import os
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

import tarotlib.bots.named as _named
from tarotlib._files import written_atomically
from tarotlib._pool import run_tasks
from tarotlib.arena.stats import bradley_terry, t_quantile
from tarotlib.core.rng import derive_seed
from tarotlib.deal import Game
from tarotlib.errors import TarotError
from tarotlib.registry import fixed_teams, variant

__all__ = ["RESULTS_FILE", "ArenaError", "Match", "Rating", "Tournament", "duplicate", "tournament"]

RESULTS_FILE: Final = "arena.json"
"""The file of a results directory that says what is played there."""


class ArenaError(TarotError, ValueError):
    """A bad argument to :func:`duplicate` or :func:`tournament` (fewer than two bots or boards,
    an unknown bot, a results directory of another run, ...).

    >>> try:
    ...     duplicate("belote", ("heuristic",), boards=10)
    ... except ValueError as exc:
    ...     print(type(exc).__name__, exc)
    ArenaError a match needs two bots, got 1
    """


# -- results -------------------------------------------------------------------------------------
@attrs.frozen
class Match:
    """A duplicate match between ``bots[0]`` and ``bots[1]`` (see the module docstring).

    ``gains`` holds each board's gain of the first bot over the second (its mean score minus the
    second's, over the board's seatings); ``scores`` each board's mean score of the first bot and
    of the second.

    >>> m = Match("belote", {}, 7, ("search", "heuristic"), 2, (10.0, -4.0, 6.0), ((5.0, -5.0),) * 3)
    >>> m.boards, m.mean, m.record, round(m.stderr, 3)
    (3, 4.0, (2, 1, 0), 4.163)
    """

    variant: str
    options: Mapping[str, object]
    seed: int
    bots: tuple[str, str]
    seatings: int
    gains: tuple[float, ...]
    scores: tuple[tuple[float, float], ...]

    @property
    def boards(self) -> int:
        """The number of boards (deals) played."""
        return len(self.gains)

    @property
    def mean(self) -> float:
        """The first bot's mean gain per board."""
        return sum(self.gains) / len(self.gains) if self.gains else math.nan

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`mean` (NaN below two boards)."""
        n = len(self.gains)
        if n < 2:
            return math.nan
        mean = self.mean
        return math.sqrt(sum((g - mean) ** 2 for g in self.gains) / (n - 1) / n)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`mean` (Student's t with boards − 1 degrees of
        freedom)."""
        half = t_quantile(self.boards - 1) * self.stderr if self.boards > 1 else math.nan
        return (self.mean - half, self.mean + half)

    @property
    def significant(self) -> bool:
        """Whether the 95% interval lies wholly on one side of 0."""
        lo, hi = self.interval
        return lo > 0 or hi < 0

    @property
    def record(self) -> tuple[int, int, int]:
        """Boards won, lost and tied by the first bot."""
        won = sum(1 for g in self.gains if g > 0)
        lost = sum(1 for g in self.gains if g < 0)
        return won, lost, len(self.gains) - won - lost

    def to_json(self) -> dict[str, Any]:
        """The match as JSON data (with its summary: mean, standard error, interval, record).

        >>> m = Match("belote", {}, 7, ("a", "b"), 2, (10.0, -4.0, 6.0), ((5.0, -5.0),) * 3)
        >>> data = m.to_json()
        >>> data["mean_gain"], data["record"], data["mean_scores"]
        (4.0, [2, 1, 0], [5.0, -5.0])
        """
        lo, hi = self.interval
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": list(self.bots),
            "boards": self.boards,
            "seatings": self.seatings,
            "mean_gain": self.mean,
            "stderr": self.stderr,
            "ci95": [lo, hi],
            "record": list(self.record),
            "mean_scores": [
                sum(s[0] for s in self.scores) / max(1, self.boards),
                sum(s[1] for s in self.scores) / max(1, self.boards),
            ],
            "gains": list(self.gains),
        }

    def __str__(self) -> str:
        lo, hi = self.interval
        won, lost, tied = self.record
        a, b = self.bots
        return (
            f"{a} vs {b}: {self.mean:+.1f} per board, 95% CI [{lo:+.1f}, {hi:+.1f}] "
            f"({self.boards} boards x {self.seatings} seatings; won {won}, lost {lost}, tied {tied})"
        )


@attrs.frozen
class Rating:
    """A bot's rating in a tournament: Bradley–Terry on the Elo scale, with a 95% interval.

    >>> Rating("search", 1620.0, 1580.0, 1660.0).elo
    1620.0
    """

    bot: str
    elo: float
    low: float
    high: float


@attrs.frozen
class Tournament:
    """Every pair's :class:`Match` on the same boards, and the :class:`Rating` of each bot (best
    first).

    >>> t = tournament("belote", ("heuristic", "random"), boards=4, seed=1, bootstrap=10)
    >>> t.bots, t.ratings[0].bot, len(t.matches)
    (('heuristic', 'random'), 'heuristic', 1)
    """

    variant: str
    options: Mapping[str, object]
    seed: int
    bots: tuple[str, ...]
    matches: tuple[Match, ...]
    ratings: tuple[Rating, ...]

    def to_json(self) -> dict[str, Any]:
        """The tournament as JSON data.

        >>> t = tournament("belote", ("heuristic", "random"), boards=4, seed=1, bootstrap=10)
        >>> sorted(t.to_json())
        ['bots', 'matches', 'options', 'ratings', 'seed', 'variant']
        """
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": list(self.bots),
            "ratings": [attrs.asdict(r) for r in self.ratings],
            "matches": [m.to_json() for m in self.matches],
        }

    def table(self) -> str:
        """The ladder and the matches as a readable table.

        >>> t = tournament("belote", ("heuristic", "random"), boards=4, seed=1, bootstrap=10)
        >>> print(t.table().splitlines()[0])
        bot        rating  95% interval
        """
        width = max(len(b) for b in self.bots)
        lines = [f"{'bot':<{width}}  {'rating':>6}  95% interval"]
        for r in self.ratings:
            lines.append(f"{r.bot:<{width}}  {r.elo:6.0f}  [{r.low:.0f}, {r.high:.0f}]")
        lines.append("")
        lines.extend(str(m) for m in self.matches)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


# -- playing the boards ----------------------------------------------------------------------------
@attrs.frozen
class _Chunk:
    """Boards ``start`` to ``stop - 1`` of every pair: everything a worker needs, picklable."""

    variant: str
    options: dict[str, object]
    seed: int
    start: int
    stop: int
    bots: tuple[_named.BotSpec, ...]
    pairs: tuple[tuple[int, int], ...]


_Board = tuple[float, float, float]  # gain, first bot's mean score, second's


def _play_chunk(chunk: _Chunk) -> list[list[_Board]]:
    """Each pair's boards of ``chunk``: for every pair, a list of (gain, score, score)."""
    rules = variant(chunk.variant, **chunk.options)
    makers = [_named.seeded(spec) for spec in chunk.bots]
    n = rules.players
    teams = fixed_teams(rules)
    seatings = len(teams) if teams else n
    out: list[list[_Board]] = [[] for _ in chunk.pairs]
    for k in range(chunk.start, chunk.stop):
        deal_seed = derive_seed(chunk.seed, k)
        for p, (a, b) in enumerate(chunk.pairs):
            # Summed exactly (scores are whole numbers or halves), so that equal play gives a
            # gain of exactly 0.
            gain = mine = theirs = Fraction(0)
            for rot in range(seatings):
                bots = []
                for s in range(n):
                    first = s in teams[rot] if teams else s == rot
                    # A seat's seed depends on the board and the seat only: whichever bot sits
                    # there, so that a bot against itself gains exactly nothing.
                    bots.append(makers[a if first else b](derive_seed(deal_seed, -1 - s)))
                state = rules.new_deal(seed=deal_seed, dealer=k % n)
                while not state.is_over:
                    seat = state.to_act
                    assert seat is not None
                    state = state.apply(bots[seat].choose(state))
                scores = [Fraction(x) for x in state.result.scores]
                if teams:
                    x = scores[teams[rot][0]]
                    rest = [scores[t[0]] for i, t in enumerate(teams) if i != rot]
                else:
                    x = scores[rot]
                    rest = [scores[s] for s in range(n) if s != rot]
                y = sum(rest, Fraction(0)) / len(rest)
                gain += x - y
                mine += x
                theirs += y
            out[p].append(
                (float(gain / seatings), float(mine / seatings), float(theirs / seatings))
            )
    return out


def _play(
    rules_or_name: Game | str,
    options: Mapping[str, object] | None,
    specs: Sequence[object],
    pairs: tuple[tuple[int, int], ...],
    boards: int,
    seed: int | None,
    workers: int | None,
    executor: concurrent.futures.Executor | None,
    chunk_size: int | None,
    progress: Callable[[int, int], object] | None,
    results: str | os.PathLike[str] | None,
) -> tuple[Game, int, tuple[_named.BotSpec, ...], int, list[list[_Board]]]:
    """Play every pair's boards: the rules, seed, specs, seatings and the boards of each pair."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 2:
        raise ArenaError(f"boards must be an int of at least 2, got {boards!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)):
        raise ArenaError(f"workers must be an int, got {workers!r}")
    if workers is not None and workers < 1:
        raise ArenaError(f"workers must be at least 1, got {workers}")
    if workers is not None and executor is not None:
        raise ArenaError("give either workers or an executor, not both")
    if isinstance(rules_or_name, str):
        rules = variant(rules_or_name, **dict(options or {}))
    else:
        if options is not None:
            raise ArenaError("options go with a variant name, not with a Game object")
        rules = rules_or_name
    try:
        checked = tuple(_named.check_spec(s) for s in specs)
    except _named.BotNameError as exc:
        raise ArenaError(str(exc)) from None
    if seed is None:
        seed = secrets.randbits(32)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ArenaError(f"seed must be an int, got {seed!r}")
    directory = None if results is None else os.path.abspath(os.fspath(results))
    size = chunk_size
    if size is None and directory is not None:
        size = _stored_chunk_size(directory)  # a run goes on in the chunks it started with
    if size is None:
        size = max(1, min(50, -(-boards // 40)))
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ArenaError(f"chunk_size must be an int of at least 1, got {chunk_size!r}")
    name, opts = rules.name, dict(rules.options_dict())
    chunks = [
        _Chunk(name, opts, seed, start, min(start + size, boards), checked, pairs)
        for start in range(0, boards, size)
    ]
    names = [_named.spec_name(s) for s in checked]
    done_before: dict[int, list[list[_Board]]] = {}
    if directory is not None:
        done_before = _resume(directory, chunks, names, size)
    todo = [i for i in range(len(chunks)) if i not in done_before]
    finished = sum(chunks[i].stop - chunks[i].start for i in done_before)
    if progress is not None:
        progress(finished, boards)

    def chunk_done(j: int, part: list[list[_Board]]) -> None:
        nonlocal finished
        chunk = chunks[todo[j]]
        if directory is not None:
            _save(directory, chunk, part)
        finished += chunk.stop - chunk.start
        if progress is not None:
            progress(finished, boards)

    parts, _ = run_tasks(
        _play_chunk, [chunks[i] for i in todo], workers=workers, executor=executor, done=chunk_done
    )
    found = dict(done_before)
    found.update(zip(todo, parts, strict=True))
    per_pair: list[list[_Board]] = [[] for _ in pairs]
    for i in range(len(chunks)):
        for p, part in enumerate(found[i]):
            per_pair[p].extend(part)
    teams = fixed_teams(rules)
    return rules, seed, checked, len(teams) if teams else rules.players, per_pair


def _chunk_file(chunk: _Chunk) -> str:
    return f"boards-{chunk.start:09d}-{chunk.stop - 1:09d}.json"


def _read_head(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        try:
            there = json.load(f)
        except ValueError:
            there = None
    if not isinstance(there, dict):
        raise ArenaError(f"{path} is not a results file of the arena")
    return there


def _stored_chunk_size(directory: str) -> int | None:
    """The chunk size of the run kept in ``directory``, if there is one."""
    path = os.path.join(directory, RESULTS_FILE)
    if not os.path.exists(path):
        return None
    size = _read_head(path).get("chunk_size")
    return size if isinstance(size, int) and not isinstance(size, bool) else None


def _resume(
    directory: str,
    chunks: list[_Chunk],
    bots: list[str],
    size: int,
) -> dict[int, list[list[_Board]]]:
    """The chunks of ``chunks`` already in ``directory`` from the same run, by index (after
    writing what the run is, if the directory is new); :class:`ArenaError` if it holds another
    run. The number of boards is not part of a run: a run goes on with more boards (or is read
    with fewer), each chunk read only if it was played whole."""
    first = chunks[0]
    head = {
        "variant": first.variant,
        "options": first.options,
        "seed": first.seed,
        "bots": bots,
        "pairs": [list(p) for p in first.pairs],
        "chunk_size": size,
    }
    path = os.path.join(directory, RESULTS_FILE)
    os.makedirs(directory, exist_ok=True)
    if not os.path.exists(path):
        if any(not entry.startswith(".") for entry in os.listdir(directory)):
            raise ArenaError(f"the results directory {directory} is not empty; give a new one")
        with written_atomically(path) as f:
            f.write(json.dumps(head, indent=2, ensure_ascii=False) + "\n")
        return {}
    there = _read_head(path)
    if there != json.loads(json.dumps(head)):
        raise ArenaError(
            f"{directory} holds the results of another run ({there.get('variant')}, seed "
            f"{there.get('seed')}, bots {there.get('bots')}); give the same arguments to go on "
            "with it, or a new directory"
        )
    out: dict[int, list[list[_Board]]] = {}
    for i, chunk in enumerate(chunks):
        path = os.path.join(directory, _chunk_file(chunk))
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            part = json.load(f)
        out[i] = [[(g, a, b) for g, a, b in boards_of] for boards_of in part]
    return out


def _save(directory: str, chunk: _Chunk, part: list[list[_Board]]) -> None:
    with written_atomically(os.path.join(directory, _chunk_file(chunk))) as f:
        f.write(json.dumps([[list(b) for b in boards_of] for boards_of in part]) + "\n")


def duplicate(
    rules_or_name: Game | str,
    bots: Sequence[_named.BotSpec],
    boards: int,
    seed: int | None = None,
    *,
    options: Mapping[str, object] | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    results: str | os.PathLike[str] | None = None,
) -> Match:
    """A duplicate match of ``boards`` deals between ``bots[0]`` and ``bots[1]`` (see the module
    docstring). Board *k* is dealt from ``derive_seed(seed, k)`` by seat ``k mod players``; each
    bot is built with a seed derived from the board's and its seat's, so a match is the same
    whatever plays its chunks (``seed=None``: a random seed, which the match records).

    ``results``: a directory where each chunk of boards is kept as it ends; called again with
    the same directory (and the same game, bots and seed), the match goes on where it stopped,
    to any number of boards (board *k* does not depend on how many there are).

    >>> m = duplicate("belote", ("heuristic", "random"), boards=10, seed=3)
    >>> m.seatings, m.boards, m.mean > 0
    (2, 10, True)
    """
    if len(bots) != 2:
        raise ArenaError(f"a match needs two bots, got {len(bots)}")
    rules, seed, specs, seatings, per_pair = _play(
        rules_or_name, options, bots, ((0, 1),), boards, seed, workers, executor, chunk_size,
        progress, results,
    )  # fmt: skip
    return _match(rules, seed, specs, (0, 1), seatings, per_pair[0])


def _match(
    rules: Game,
    seed: int,
    specs: Sequence[_named.BotSpec],
    pair: tuple[int, int],
    seatings: int,
    played: list[_Board],
) -> Match:
    a, b = pair
    return Match(
        rules.name,
        dict(rules.options_dict()),
        seed,
        (_named.spec_name(specs[a]), _named.spec_name(specs[b])),
        seatings,
        tuple(g for g, _, _ in played),
        tuple((x, y) for _, x, y in played),
    )


def tournament(
    rules_or_name: Game | str,
    bots: Sequence[_named.BotSpec],
    boards: int,
    seed: int | None = None,
    *,
    options: Mapping[str, object] | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    results: str | os.PathLike[str] | None = None,
    bootstrap: int = 200,
) -> Tournament:
    """A duplicate match between every pair of ``bots`` on the same ``boards`` deals, and their
    ratings (see the module docstring; ``bootstrap`` resamplings of the boards give the
    ratings' 95% intervals).

    >>> t = tournament("french-tarot", ("heuristic", "random"), boards=10, seed=2,
    ...                options={"players": 3})
    >>> [r.bot for r in t.ratings], len(t.matches)
    (['heuristic', 'random'], 1)
    """
    if len(bots) < 2:
        raise ArenaError(f"a tournament needs at least two bots, got {len(bots)}")
    names = [_named.spec_name(b) if isinstance(b, str) or callable(b) else repr(b) for b in bots]
    if len(set(names)) != len(names):
        raise ArenaError(f"the bots' names must differ (they name the ratings), got {names}")
    pairs = tuple((i, j) for i in range(len(bots)) for j in range(i + 1, len(bots)))
    rules, seed, specs, seatings, per_pair = _play(
        rules_or_name, options, bots, pairs, boards, seed, workers, executor, chunk_size,
        progress, results,
    )  # fmt: skip
    matches = tuple(
        _match(rules, seed, specs, pair, seatings, played)
        for pair, played in zip(pairs, per_pair, strict=True)
    )
    gains = [[g for g, _, _ in played] for played in per_pair]
    elo = bradley_terry(len(bots), pairs, gains, range(boards))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in bots]
    for _ in range(bootstrap):
        pick = [rng.randrange(boards) for _ in range(boards)]
        for i, x in enumerate(bradley_terry(len(bots), pairs, gains, pick)):
            samples[i].append(x)
    ratings = []
    for i, x in enumerate(elo):
        s = sorted(samples[i])
        lo, hi = (s[int(0.025 * (len(s) - 1))], s[int(0.975 * (len(s) - 1))]) if s else (x, x)
        ratings.append(Rating(names[i], x, lo, hi))
    ratings.sort(key=lambda r: -r.elo)
    return Tournament(
        rules.name, dict(rules.options_dict()), seed, tuple(names), matches, tuple(ratings)
    )
