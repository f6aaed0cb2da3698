"""Deal and match records as files: :func:`save` writes either kind atomically as indented
JSON, :func:`load` reads a deal record back and :func:`load_match` a match record.

>>> import os, tempfile
>>> from tarotlib.records import MatchRecord
>>> path = os.path.join(tempfile.mkdtemp(), "match.json")
>>> save(path, MatchRecord("belote", {}, target_score=500, seed=4))
>>> load_match(path).seed
4
"""

from __future__ import annotations

import os

from tarotlib._files import write_atomically
from tarotlib.records.deal import GameRecord
from tarotlib.records.match import MatchRecord

__all__ = ["load", "load_match", "save"]


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


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record written by :func:`save` (raises RecordError if it is not a valid record).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.json")
    >>> with open(path, "w") as f:
    ...     _ = f.write('{"format": "tarotlib-record", "version": 7}')
    >>> load(path)
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: unsupported record version 7: this tarotlib reads versions 1 and 2
    """
    with open(path, "rb") as f:
        data = f.read()
    return GameRecord.loads(data)


def load_match(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a match record written by :func:`save` (raises RecordError if it is not a valid
    match record).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "match.json")
    >>> record = MatchRecord("belote", {}, target_score=500, seed=4)
    >>> save(path, record)
    >>> load_match(path) == record
    True
    """
    with open(path, "rb") as f:
        data = f.read()
    return MatchRecord.loads(data)
