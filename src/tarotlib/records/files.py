"""Deal and match records as files: :func:`save` writes either kind atomically as indented
JSON, :func:`load` reads a deal record back, :func:`load_match` a match record and
:func:`load_any` either kind, whichever the file holds.

A file is read once, and parsed once; a reader refuses a file larger than
:data:`RECORD_MAX_BYTES` (16 MiB; ``max_bytes=`` sets another limit) having read at most one byte
more than the limit, so that a huge file, a device such as ``/dev/zero`` or a pipe that never ends
is refused at once instead of filling the memory. Every problem of the file raises
:class:`~tarotlib.errors.RecordError` with a message that starts with the file's name; a missing
file, or a directory, raises the :class:`OSError` of ``open``.

>>> import os, tempfile
>>> from tarotlib.records import MatchRecord
>>> path = os.path.join(tempfile.mkdtemp(), "match.json")
>>> save(path, MatchRecord("belote", {}, target_score=500, seed=4))
>>> load_match(path).seed
4
>>> load_match(path, max_bytes=100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tarotlib.errors.RecordError: .../match.json: 240 bytes, more than 100 bytes, the size limit of a record file
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Final, TypeVar

from tarotlib._files import write_atomically
from tarotlib.errors import RecordError
from tarotlib.records._json import check_max_bytes, parse_json, read_limited
from tarotlib.records.deal import RECORD_FORMAT, GameRecord
from tarotlib.records.match import MATCH_RECORD_FORMAT, MatchRecord

__all__ = ["RECORD_MAX_BYTES", "load", "load_any", "load_match", "save"]

_R = TypeVar("_R")

RECORD_MAX_BYTES: Final = 16 * 2**20
"""The size limit of a record, 16 MiB (16,777,216 bytes): of a record file read by :func:`load`,
:func:`load_match`, :func:`load_any`, ``tarotlib replay FILE`` and ``tarotlib play --resume FILE``,
and of each line of a JSON lines file and of a run file read by
:func:`~tarotlib.records.read_records` (which reads a file of any length, one line at a time).

A larger file is refused with a :class:`~tarotlib.errors.RecordError` naming the file and the
limit, having read at most one byte more than the limit. The limit bounds the memory a reader
takes: parsed, a 16 MiB match record takes about 100 MB, and 16 MiB of the costliest JSON (empty
lists) about 450 MB. A deal takes 1.7 to 2.8 KB in a match record as :func:`save` writes it
(random play of each game), so 16 MiB holds a match of some 6,000 deals; the readers take
``max_bytes=`` to read a larger file."""


def save(path: str | os.PathLike[str], record: GameRecord | MatchRecord) -> None:
    """Write ``record`` (a deal's or a match's) to ``path`` as indented UTF-8 JSON, atomically:
    the file appears whole or not at all, and a failed write (a missing folder, a full disk, a
    size limit) raises OSError and leaves the previous file at ``path`` exactly as it was, with no
    temporary file left behind (docs/records.md).

    >>> import os, tempfile
    >>> from tarotlib.records import SeedDeal
    >>> record = GameRecord("french-tarot", {"players": 4}, SeedDeal(1, dealer=3))
    >>> path = os.path.join(tempfile.mkdtemp(), "deal.json")
    >>> save(path, record)
    >>> load(path) == record
    True
    """
    write_atomically(path, record.dumps(indent=2) + "\n")


def _load(path: str | os.PathLike[str], max_bytes: int, convert: Callable[[bytes], _R]) -> _R:
    """``convert`` of the bytes of the record file at ``path`` (at most ``max_bytes``), with the
    file's name at the start of any :class:`RecordError`."""
    data = read_limited(path, check_max_bytes(max_bytes), "a record file")
    try:
        return convert(data)
    except RecordError as exc:
        raise RecordError(f"{os.fsdecode(path)}: {exc}") from None


def load(path: str | os.PathLike[str], *, max_bytes: int = RECORD_MAX_BYTES) -> GameRecord:
    """Read a deal record written by :func:`save`. Raises :class:`~tarotlib.errors.RecordError`,
    naming the file, if it is not a valid record or holds more than ``max_bytes`` bytes
    (:data:`RECORD_MAX_BYTES` by default); a missing file or a directory raises the
    :class:`OSError` of ``open``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.json")
    >>> with open(path, "w") as f:
    ...     _ = f.write('{"format": "tarotlib-record", "version": 7}')
    >>> load(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: .../bad.json: unsupported record version 7: this tarotlib reads ...
    >>> load(path, max_bytes=40)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: .../bad.json: 43 bytes, more than 40 bytes, the size limit of a record file
    """
    return _load(path, max_bytes, GameRecord.loads)


def load_match(path: str | os.PathLike[str], *, max_bytes: int = RECORD_MAX_BYTES) -> MatchRecord:
    """Read a match record written by :func:`save`; problems raise as for :func:`load`.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "match.json")
    >>> record = MatchRecord("french-tarot", {"players": 3}, deals=2, seed=7)
    >>> save(path, record)
    >>> load_match(path) == record
    True
    """
    return _load(path, max_bytes, MatchRecord.loads)


def _either(data: bytes) -> GameRecord | MatchRecord:
    """The deal or match record of ``data``, by its ``format``, parsed once."""
    obj = parse_json(data, "record")
    got = obj.get("format") if isinstance(obj, dict) else None
    if got == MATCH_RECORD_FORMAT:
        return MatchRecord.from_json(obj)
    if isinstance(obj, dict) and got != RECORD_FORMAT:
        raise RecordError(
            f"not a tarotlib record: field 'format' must be {RECORD_FORMAT!r} (a deal) or "
            f"{MATCH_RECORD_FORMAT!r} (a match), got {got!r}"
        )
    return GameRecord.from_json(obj)


def load_any(
    path: str | os.PathLike[str], *, max_bytes: int = RECORD_MAX_BYTES
) -> GameRecord | MatchRecord:
    """Read a deal record or a match record, whichever the file holds (by its ``format``),
    reading and parsing the file once; problems raise as for :func:`load`. ``tarotlib replay
    FILE`` reads a single file with it.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "match.json")
    >>> save(path, MatchRecord("belote", {}, target_score=500, seed=4))
    >>> type(load_any(path)).__name__
    'MatchRecord'
    >>> with open(path, "w") as f:
    ...     _ = f.write('{"format": "a shopping list"}')
    >>> load_any(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: .../match.json: not a tarotlib record: ... got 'a shopping list'
    """
    return _load(path, max_bytes, _either)
