"""The records of many deals: JSON lines files, one deal record per line, and the directory of
them that a run writes (``tarotlib simulate --records DIR``; format ``tarotlib-run``, described by
its :data:`RUN_FILE`), read back in deal order by :func:`read_records`.

>>> deals_file_name(0, 9)
'deals-000000000-000000009.jsonl'
>>> RUN_FILE, RUN_FORMAT, RUN_VERSION
('run.json', 'tarotlib-run', 1)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal, TypeVar, overload

from tarotlib.deal import DealState
from tarotlib.errors import RecordError
from tarotlib.records._json import check_max_bytes, is_int, parse_json, read_limited, read_lines
from tarotlib.records.deal import GameRecord
from tarotlib.records.files import RECORD_MAX_BYTES

__all__ = ["RUN_FILE", "RUN_FORMAT", "RUN_VERSION", "deals_file_name", "read_records"]

_T = TypeVar("_T")

_DEALS_FILE: Final = re.compile(r"deals-(\d+)-(\d+)\.jsonl")

RUN_FILE: Final = "run.json"
"""The file of a directory of records that describes the run that wrote them; ``simulate`` writes
it once every deal's record is written, so a directory without it holds an unfinished run."""

RUN_FORMAT: Final = "tarotlib-run"
"""The value of the ``"format"`` field of :data:`RUN_FILE`."""

RUN_VERSION: Final = 1
"""The version of :data:`RUN_FILE` this library writes and reads: an object with the fields
``format``, ``version``, ``variant``, ``options``, ``seed``, ``deals`` and ``bots`` (each seat's
bot name)."""


def deals_file_name(first: int, last: int, *, digits: int = 9) -> str:
    """The name of the JSON lines file that holds deals ``first`` to ``last`` (inclusive, counted
    from 0) of a run: ``deals-FIRST-LAST.jsonl``, each number padded with zeros to ``digits``
    digits, so that the files of a run sort in deal order by name (``tarotlib simulate --records``
    writes one per chunk of deals, all with the digits of the run's largest deal number, at least
    9). :func:`read_records` reads such files.

    >>> deals_file_name(0, 999)
    'deals-000000000-000000999.jsonl'
    >>> deals_file_name(1000, 1004, digits=4)
    'deals-1000-1004.jsonl'
    >>> deals_file_name(5, 4)
    Traceback (most recent call last):
        ...
    ValueError: a file of deals holds deals first to last, 0 <= first <= last; got 5 to 4
    """
    if not (is_int(first) and is_int(last) and 0 <= first <= last):
        raise ValueError(
            f"a file of deals holds deals first to last, 0 <= first <= last; got {first} to {last}"
        )
    return f"deals-{first:0{digits}d}-{last:0{digits}d}.jsonl"


def _run_deals(directory: str, max_bytes: int) -> int:
    """The number of deals of the run whose records ``directory`` holds, from its run file (of
    ``max_bytes`` bytes at most)."""
    path = os.path.join(directory, RUN_FILE)
    try:
        data = read_limited(path, max_bytes, "a run file")
    except FileNotFoundError:
        raise RecordError(
            f"{directory} has no {RUN_FILE}: the run that writes records there has not finished "
            "(or this is no directory of records); its files can be read one at a time"
        ) from None
    try:
        run = parse_json(data, "run file")
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        raise RecordError(f"{path} is not a tarotlib run file (its 'format' is not {RUN_FORMAT!r})")
    if run.get("version") != RUN_VERSION:
        raise RecordError(
            f"{path}: unsupported run file version {run.get('version')!r}: this tarotlib reads "
            f"version {RUN_VERSION}"
        )
    deals = run.get("deals")
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise RecordError(f"{path}: 'deals' must be a positive integer, got {deals!r}")
    return deals


def _deals_files(directory: str, max_bytes: int) -> list[str]:
    """The ``deals-FIRST-LAST.jsonl`` files of ``directory`` in deal order, checked to hold every
    deal of the run (its :data:`RUN_FILE`, of ``max_bytes`` bytes at most, says how many) once."""
    deals = _run_deals(directory, max_bytes)
    found: list[tuple[int, int, str]] = []
    for name in os.listdir(directory):
        match = _DEALS_FILE.fullmatch(name)
        if match is not None:
            found.append((int(match[1]), int(match[2]), name))
    found.sort()
    expected = 0
    for first, last, name in found:
        if first > expected:
            raise RecordError(
                f"{directory}: the records of deals {expected} to {first - 1} are missing "
                f"(the next file is {name})"
            )
        if first < expected or last < first:
            raise RecordError(
                f"{directory}: {name} overlaps the deals of the files before it; a directory of "
                "records holds the files of one run"
            )
        expected = last + 1
    if expected < deals:
        raise RecordError(
            f"{directory}: its run played {deals} deals; the records of deals {expected} to "
            f"{deals - 1} are missing"
        )
    if expected > deals:
        raise RecordError(f"{directory}: its run played {deals} deals, its files hold {expected}")
    return [os.path.join(directory, name) for _, _, name in found]


def _read(
    files: Sequence[str], convert: Callable[[GameRecord], _T], max_bytes: int
) -> Iterator[_T]:
    """``convert`` of every record of ``files``, one per non-blank line of ``max_bytes`` bytes at
    most, in order; a problem is a :class:`RecordError` naming the file and the line."""
    for path in files:
        for number, line in read_lines(path, max_bytes, "a record line"):
            if not line.strip():
                continue
            try:
                yield convert(GameRecord.loads(line))
            except RecordError as exc:
                raise RecordError(f"{path}, line {number}: {exc}") from None


def _same(record: GameRecord) -> GameRecord:
    return record


@overload
def read_records(
    path: str | os.PathLike[str],
    *,
    replay: Literal[False] = False,
    max_bytes: int = RECORD_MAX_BYTES,
) -> Iterator[GameRecord]: ...


@overload
def read_records(
    path: str | os.PathLike[str], *, replay: Literal[True], max_bytes: int = RECORD_MAX_BYTES
) -> Iterator[DealState]: ...


def read_records(
    path: str | os.PathLike[str], *, replay: bool = False, max_bytes: int = RECORD_MAX_BYTES
) -> Iterator[GameRecord] | Iterator[DealState]:
    """Iterate over the deal records of a JSON lines file (one record per line, in the JSON of
    :meth:`GameRecord.dumps`) or of a directory of such files, in deal order.

    A directory is one written by ``tarotlib simulate --records DIR`` (:func:`tarotlib.simulation.simulate`
    with ``records=``): its files named by :func:`deals_file_name` are read in deal order, and must
    hold every deal of the run once, from deal 0 to the number of deals its :data:`RUN_FILE` gives;
    a directory without that file (an unfinished run), or with deals missing, raises
    :class:`~tarotlib.errors.RecordError` saying so. Other files in it are ignored. A file is read
    whatever its name.
    Records are read lazily, one line at a time, so a run of millions of deals never sits in memory,
    and a file of any length is read (a pipe too, as long as its writer goes on); a line may hold
    at most ``max_bytes`` bytes (:data:`~tarotlib.records.files.RECORD_MAX_BYTES`, 16 MiB, by
    default), and so may the run file of a directory: a longer one raises
    :class:`~tarotlib.errors.RecordError` naming the file, the line and the limit, having held at
    most one byte more than the limit of it in memory (``/dev/zero`` is refused at once).

    With ``replay=True`` each record is replayed (:meth:`GameRecord.replay`, which checks that the
    recorded result is the replayed one) and its final :class:`~tarotlib.deal.DealState` given
    instead. A line that is not a valid record, or does not replay, raises
    :class:`~tarotlib.errors.RecordError` naming the file and the line.

    >>> import os, tempfile
    >>> from tarotlib.simulation import simulate
    >>> run = os.path.join(tempfile.mkdtemp(), "run")
    >>> summary = simulate("belote", 25, 3, records=run, chunk_size=10)
    >>> for name in sorted(os.listdir(run)):
    ...     print(name)
    deals-000000000-000000009.jsonl
    deals-000000010-000000019.jsonl
    deals-000000020-000000024.jsonl
    run.json
    >>> records = list(read_records(run))
    >>> len(records), records[1].variant, records[1].dealer, records[1].result.scores
    (25, 'belote', 1, (150, 32, 150, 32))
    >>> states = list(read_records(os.path.join(run, "deals-000000020-000000024.jsonl"), replay=True))
    >>> [state.result.scores for state in states] == [r.result.scores for r in records[20:]]
    True
    >>> os.remove(os.path.join(run, "deals-000000010-000000019.jsonl"))
    >>> list(read_records(run))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: ...: the records of deals 10 to 19 are missing (the next file is ...)
    """
    name = os.fspath(path)
    limit = check_max_bytes(max_bytes)
    # The directory is listed and its files checked now; the records are read as they are asked for.
    files = _deals_files(name, limit) if os.path.isdir(name) else [name]
    return _read(files, GameRecord.replay, limit) if replay else _read(files, _same, limit)
