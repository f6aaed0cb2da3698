"""What the record formats share (private): reading a file within a size limit, the JSON envelope
of a versioned record (its ``format``, ``version`` and fields), strict parsing of a record's JSON
text, the JSON names of types in error messages, and option values held immutable
(:data:`OptionValue`).

>>> parse_json(b'{"format": "tarotlib-record"}', "record")
{'format': 'tarotlib-record'}
>>> freeze_option("trumps", [1, [2, 3]]), thaw_option((1, (2, 3)))
((1, (2, 3)), [1, [2, 3]])
>>> kind(2.5), kind(True), kind(None)
('a number', 'a boolean', 'null')
"""

from __future__ import annotations

import json
import os
import stat
import types
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias

from tarotlib.errors import RecordError

__all__ = [
    "OptionValue",
    "check_envelope",
    "check_max_bytes",
    "freeze_option",
    "is_int",
    "is_number",
    "kind",
    "options_converter",
    "parse_json",
    "read_limited",
    "read_lines",
    "size_text",
    "thaw_option",
]

_CHUNK: Final = 1 << 20
"""How much :func:`read_limited` reads at a time (a file is never read in one request of its
limit, which would set that much memory aside for a file of a few bytes)."""

OptionValue: TypeAlias = "bool | int | float | str | tuple[OptionValue, ...] | None"
"""An option value as a record holds it: a JSON value, with lists held as tuples."""


def kind(value: object) -> str:
    """A JSON-ish name for the type of ``value`` (for error messages)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_envelope(
    obj: object, noun: str, field: str, fmt: str, versions: Mapping[int, Sequence[str]]
) -> dict[str, Any]:
    """The checks every versioned record shares: a JSON object with the right ``format``, one of
    the ``versions`` it may have, and exactly the fields of that version. ``noun`` names the record
    in messages (``record``, ``match record``), ``field`` its fields (``record field 'x'``)."""
    if not isinstance(obj, dict):
        raise RecordError(f"a {noun} must be a JSON object, got {kind(obj)}")
    got = obj.get("format")
    if got != fmt:
        raise RecordError(f"not a tarotlib {noun}: field 'format' must be {fmt!r}, got {got!r}")
    number = obj.get("version")
    if not isinstance(number, int) or isinstance(number, bool):
        raise RecordError(f"{field} field 'version' must be an integer, got {number!r}")
    if number not in versions:
        known = sorted(versions)
        readable = (
            f"version {known[0]}"
            if len(known) == 1
            else f"versions {', '.join(map(str, known[:-1]))} and {known[-1]}"
        )
        raise RecordError(f"unsupported {noun} version {number}: this tarotlib reads {readable}")
    version = number
    fields = versions[number]
    unknown = sorted(str(k) for k in obj if k not in fields)
    if unknown:
        raise RecordError(
            f"unknown {field} field(s) {', '.join(map(repr, unknown))} in a version "
            f"{version} {noun}; expected {', '.join(fields)}"
        )
    missing = [k for k in fields if k not in obj]
    if missing:
        raise RecordError(f"{noun} is missing field(s) {', '.join(map(repr, missing))}")
    return obj


def is_int(value: object) -> bool:
    """Whether ``value`` is a JSON integer (an ``int``, not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    """Whether ``value`` is a JSON number (an ``int`` or a ``float``, not a ``bool``)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def freeze_option(name: str, value: object) -> OptionValue:
    """An option value as an immutable JSON value (lists become tuples)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(freeze_option(name, v) for v in value)
    raise RecordError(
        f"option {name!r} must be a JSON value (null, boolean, number, string or list), "
        f"got {kind(value)}"
    )


def thaw_option(value: OptionValue) -> object:
    """An option value back as JSON (tuples become lists): the inverse of :func:`freeze_option`."""
    if isinstance(value, tuple):
        return [thaw_option(v) for v in value]
    return value


def options_converter(options: Mapping[str, object]) -> Mapping[str, OptionValue]:
    """A record's options as a read-only mapping of names to frozen values (:func:`freeze_option`);
    the converter of the ``options`` field of the deal and match records."""
    if not isinstance(options, Mapping):
        raise RecordError(f"record field 'options' must be an object, got {kind(options)}")
    out: dict[str, OptionValue] = {}
    for name, value in options.items():
        if not isinstance(name, str):
            raise RecordError(f"option names must be strings, got {name!r}")
        out[name] = freeze_option(name, value)
    return types.MappingProxyType(out)


def parse_json(text: str | bytes, noun: str) -> object:
    """The JSON value of a record's text, or a :class:`RecordError` saying why there is none: text
    that is not UTF-8, not JSON, not standard JSON (``NaN``), with a key twice in one object, or
    nested too deeply to read.

    >>> parse_json('{"a": 1, "a": 2}', "record")
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: a record must not give a key twice in one object: 'a'
    >>> parse_json(b"\\xff", "record")
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: a record must be UTF-8 text: byte 0xff at position 0 is not UTF-8
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = exc.object[exc.start]
            raise RecordError(
                f"a {noun} must be UTF-8 text: byte 0x{bad:02x} at position {exc.start} is not UTF-8"
            ) from None
    elif not isinstance(text, str):
        raise RecordError(f"a {noun} is read from text or bytes, not {kind(text)}")

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        obj: dict[str, object] = {}
        for key, value in items:
            if key in obj:
                raise RecordError(f"a {noun} must not give a key twice in one object: {key!r}")
            obj[key] = value
        return obj

    def constant(name: str) -> object:
        raise RecordError(f"a {noun} must be standard JSON: {name} is not a JSON number")

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"a {noun} must be JSON text: it is nested too deeply to read") from None
    except ValueError as exc:
        raise RecordError(f"a {noun} must be JSON text: {exc}") from None


def size_text(size: int) -> str:
    """A number of bytes for a message: in GiB, MiB or KiB too when it is a whole number of them.

    >>> size_text(16 * 2**20), size_text(4096), size_text(1000)
    ('16 MiB (16,777,216 bytes)', '4 KiB (4,096 bytes)', '1,000 bytes')
    """
    for unit, name in ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name} ({size:,} bytes)"
    return f"{size:,} bytes"


def check_max_bytes(max_bytes: object) -> int:
    """``max_bytes`` as given to a reader: a positive integer (a number of bytes), else a
    :class:`TypeError` or :class:`ValueError` saying so.

    >>> check_max_bytes(10)
    10
    >>> check_max_bytes(None)
    Traceback (most recent call last):
        ...
    TypeError: max_bytes must be an integer (a number of bytes), got None
    >>> check_max_bytes(0)
    Traceback (most recent call last):
        ...
    ValueError: max_bytes must be at least 1 (a number of bytes), got 0
    """
    if not isinstance(max_bytes, int) or isinstance(max_bytes, bool):
        raise TypeError(f"max_bytes must be an integer (a number of bytes), got {max_bytes!r}")
    if max_bytes < 1:
        raise ValueError(f"max_bytes must be at least 1 (a number of bytes), got {max_bytes}")
    return max_bytes


def _too_large(name: str, what: str, max_bytes: int, size: int | None = None) -> RecordError:
    """The refusal of ``name`` (``what`` it is, ``a record file``) over ``max_bytes``: with its
    ``size`` when known, else (a device, a pipe) as more than the limit."""
    held = "more than" if size is None else f"{size:,} bytes, more than"
    return RecordError(f"{name}: {held} {size_text(max_bytes)}, the size limit of {what}")


def read_limited(path: str | os.PathLike[str], max_bytes: int, what: str) -> bytes:
    """The bytes of the file at ``path``, which must hold at most ``max_bytes`` bytes; ``what``
    names the kind of file in the message (``a record file``). A larger file raises
    :class:`RecordError` naming the file and the limit, having read ``max_bytes + 1`` bytes of it
    at most: a regular file is refused by its size, before any read, and anything else (a device
    such as ``/dev/zero``, a named pipe, a file of ``/proc``, whose size says nothing) once it has
    given one byte more than the limit. A missing file or a directory raises the :class:`OSError`
    of ``open``; a named pipe is read until its writer closes it.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deal.json")
    >>> with open(path, "w") as f:
    ...     _ = f.write("[1, 2, 3]")
    >>> read_limited(path, 9, "a record file")
    b'[1, 2, 3]'
    >>> read_limited(path, 8, "a record file")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: ...deal.json: 9 bytes, more than 8 bytes, the size limit of a record file
    >>> read_limited("/dev/zero", 2**20, "a record file")
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: /dev/zero: more than 1 MiB (1,048,576 bytes), the size limit of a record file
    """
    name = os.fsdecode(path)
    chunks: list[bytes] = []
    total = 0
    with open(path, "rb", buffering=0) as f:  # unbuffered: each read asks for what is wanted
        status = os.fstat(f.fileno())
        if stat.S_ISREG(status.st_mode) and status.st_size > max_bytes:
            raise _too_large(name, what, max_bytes, status.st_size)
        # A regular file may still grow, and other files have no size: read to the limit.
        while total <= max_bytes:
            chunk = f.read(min(_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    if total > max_bytes:
        raise _too_large(name, what, max_bytes)
    return b"".join(chunks)


def read_lines(
    path: str | os.PathLike[str], max_bytes: int, what: str
) -> Iterator[tuple[int, bytes]]:
    """The lines of the file at ``path`` with their numbers (from 1), read one at a time, so that
    a file of any length is read in little memory; a line of more than ``max_bytes`` bytes (its
    line end included) raises :class:`RecordError` naming the file, the line and the limit of
    ``what`` a line is (``a record line``), having held ``max_bytes + 1`` bytes of it at most.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deals.jsonl")
    >>> with open(path, "w") as f:
    ...     _ = f.write("[1]\\n[1, 2]\\n")
    >>> list(read_lines(path, 4, "a record line"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: ...deals.jsonl, line 2: more than 4 bytes, the size limit of a record line
    """
    name = os.fsdecode(path)
    with open(path, "rb") as f:
        number = 0
        while line := f.readline(max_bytes + 1):
            number += 1
            if len(line) > max_bytes:
                raise _too_large(f"{name}, line {number}", what, max_bytes)
            yield number, line
