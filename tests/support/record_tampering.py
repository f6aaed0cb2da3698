"""Which tamperings of a record's JSON the loaders must refuse, whatever else was changed.

A tampered record may still be a valid one (an option set to another valid value, two equal
actions swapped, the last played deal of a match removed): the fuzz tests then ask that it
replays truly. But docs/records.md promises that some changes are always refused, and
:func:`must_refuse` names them, so that the tests can ask for the refusal:

- a record's format is closed: an object of the record (the record itself, a match's played deal,
  ``deal``, ``result``, ``match``) that lost one of its fields is refused ("a missing field");
- a changed ``format`` or ``version`` is refused (this library reads record versions 1 and 2 — a
  version 2 record without its ``facts`` field is refused — and match version 1);
- a deal whose result was changed, its deal and actions being the same, is refused by the replay
  ("a tampered or mis-transcribed record is detected").

>>> original = {"format": "tarotlib-record", "version": 1, "deal": {"seed": 1, "dealer": 0},
...             "actions": ["pass"], "result": {"scores": [1, -1], "annulled": None}}
>>> must_refuse(original, {**original, "deal": {"seed": 1}})
["('deal',): lost field(s) dealer"]
>>> must_refuse(original, {**original, "version": True})
["(): 'version' changed from 1 to True"]
>>> must_refuse(original, {**original, "result": {"scores": [1.0, -1], "annulled": None}})
[]
>>> must_refuse(original, {**original, "result": {"scores": [-1, 1], "annulled": None}})
["('result',): the result changed"]
"""

from __future__ import annotations

from typing import Any

__all__ = ["must_refuse"]

#: The objects of a record whose fields are a closed set, by the key they sit under.
CLOSED = ("deal", "result", "match")


def _same(a: object, b: object) -> bool:
    """Equal JSON values of the same type (``1`` and ``True`` or ``1.0`` differ)."""
    return type(a) is type(b) and a == b


def _same_scores(a: list[Any], b: list[Any]) -> bool:
    """Equal scores: the same length, each an equal number (``1`` and ``1.0`` are equal)."""
    return len(a) == len(b) and all(
        isinstance(y, (int, float)) and not isinstance(y, bool) and x == y
        for x, y in zip(a, b, strict=True)
    )


def must_refuse(original: dict[str, Any], tampered: object) -> list[str]:
    """The reasons why the loaders (and the replay) must refuse ``tampered``, the JSON of the
    valid record ``original`` changed; empty if it may be accepted."""
    reasons: list[str] = []

    def record(orig: dict[str, Any], new: dict[str, Any], path: tuple[object, ...]) -> None:
        """``orig`` and ``new`` are records (deals or matches) at ``path``."""
        lost = sorted(set(orig) - set(new))
        if lost:
            reasons.append(f"{path}: lost field(s) {', '.join(lost)}")
        for key in ("format", "version"):
            if key in new and not _same(orig[key], new[key]):
                reasons.append(f"{path}: {key!r} changed from {orig[key]!r} to {new[key]!r}")
        for key in CLOSED:
            old, now = orig.get(key), new.get(key)
            if isinstance(old, dict) and isinstance(now, dict):
                gone = sorted(set(old) - set(now))
                if gone:
                    reasons.append(f"{(*path, key)}: lost field(s) {', '.join(gone)}")
        if _result_changed(orig, new):
            reasons.append(f"{(*path, 'result')}: the result changed")
        played, now_played = orig.get("played"), new.get("played")
        if isinstance(played, list) and isinstance(now_played, list):
            for i, (a, b) in enumerate(zip(played, now_played, strict=False)):
                if isinstance(b, dict):
                    record(a, b, (*path, "played", i))

    if isinstance(tampered, dict):
        record(original, tampered, ())
    return reasons


def _result_changed(orig: dict[str, Any], new: dict[str, Any]) -> bool:
    """The same deal played the same way (``deal`` and ``actions``, options and variant), with
    another annulment or other scores in a well-formed result."""
    if any(not _same(orig.get(k), new.get(k)) for k in ("variant", "options", "deal", "actions")):
        return False
    old, now = orig.get("result"), new.get("result")
    if not (isinstance(old, dict) and isinstance(now, dict) and set(now) == set(old)):
        return False
    if not _same(old.get("annulled"), now.get("annulled")):
        return True
    a, b = old.get("scores"), now.get("scores")
    return isinstance(a, list) and isinstance(b, list) and not _same_scores(a, b)
