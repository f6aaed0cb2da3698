"""What the record formats share (private): the JSON envelope of a versioned record (its
``format``, ``version`` and fields), strict parsing of a record's JSON text, the JSON names of
types in error messages, and option values held immutable (:data:`OptionValue`).

>>> parse_json(b'{"format": "tarotlib-record"}', "record")
{'format': 'tarotlib-record'}
>>> freeze_option("trumps", [1, [2, 3]]), thaw_option((1, (2, 3)))
((1, (2, 3)), [1, [2, 3]])
>>> kind(2.5), kind(True), kind(None)
('a number', 'a boolean', 'null')
"""

from __future__ import annotations

import json
import types
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from tarotlib.errors import RecordError

__all__ = [
    "OptionValue",
    "check_envelope",
    "freeze_option",
    "is_int",
    "is_number",
    "kind",
    "options_converter",
    "parse_json",
    "thaw_option",
]

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
