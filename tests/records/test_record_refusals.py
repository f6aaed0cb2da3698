"""The refusals docs/records.md promises, each made on purpose on every record of the fuzz corpus
(``test_records_fuzz``'s finished deals and match), where the fuzz tests meet them only by chance:
a record missing a field of a closed object, a record of another format or version, and a record
whose result is not the one its deal and actions replay to. Each one is refused with a
``RecordError``; :func:`record_tampering.must_refuse`, which the fuzz tests use, says so too."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib.errors import RecordError
from tarotlib.records import GameRecord, MatchRecord

from support.profiles import examples
from support.record_corpus import DEALS, MATCH
from support.record_tampering import must_refuse

RECORDS: dict[str, GameRecord | MatchRecord] = {
    "french-tarot-4": DEALS[0],
    "belote": DEALS[1],
    "french-tarot-5": DEALS[2],
    "belote-match": MATCH,
}

#: JSON values (no infinite number: JSON has none, and its refusal would hide the one tested).
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)

#: Where the records of each corpus record sit in its JSON (a match's played deals).
ENVELOPES: dict[str, list[tuple[Any, ...]]] = {
    name: [()]
    + ([("played", i) for i in range(len(MATCH.played))] if name == "belote-match" else [])
    for name in RECORDS
}


def _at(obj: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def _refused(name: str, tampered: object, message: str) -> None:
    """``tampered`` (the JSON of the corpus record ``name``, changed) is refused: by the loader,
    or else by the replay, with a message ``message`` matches."""
    original = RECORDS[name].to_json()
    assert must_refuse(original, tampered), "record_tampering does not see the tampering"
    loads = MatchRecord.loads if isinstance(RECORDS[name], MatchRecord) else GameRecord.loads
    with pytest.raises(RecordError, match=message):
        loads(json.dumps(tampered)).replay()


def _fields() -> list[tuple[str, tuple[Any, ...], str]]:
    """Every field of every closed object of the corpus: the records, their ``deal``, ``result``
    and (a match) ``match``."""
    out = []
    for name, record in RECORDS.items():
        obj = record.to_json()
        for envelope in ENVELOPES[name]:
            here = _at(obj, envelope)
            said = {"format": "not a tarotlib", "version": "'version' must be an integer"}
            out += [(name, (*envelope, key), said.get(key, "missing field")) for key in here]
            for closed, message in [
                ("deal", "'deal' must have exactly the keys"),
                ("result", "'result' must be null or"),
                ("match", "'match' must be an object with exactly the keys"),
            ]:
                if isinstance(here.get(closed), dict):
                    out += [(name, (*envelope, closed, key), message) for key in here[closed]]
    return out


FIELDS = _fields()


def test_the_corpus_has_closed_objects_with_fields() -> None:
    # The deals: 7 record fields, 2 of the deal, 2 of the result; the match: 8 match record
    # fields, 4 of 'match', and 11 for each of its 2 played deals.
    assert len(FIELDS) == 3 * (7 + 2 + 2) + 8 + 4 + 2 * 11


@pytest.mark.parametrize(("name", "path", "message"), FIELDS, ids=map(str, FIELDS))
def test_a_record_missing_a_field_is_refused(
    name: str, path: tuple[Any, ...], message: str
) -> None:
    tampered = RECORDS[name].to_json()
    del _at(tampered, path[:-1])[path[-1]]
    _refused(name, tampered, message)


@pytest.mark.parametrize("name", RECORDS)
@settings(max_examples=examples(20), deadline=None)
@given(data=st.data())
def test_a_record_of_another_format_or_version_is_refused(name: str, data: st.DataObject) -> None:
    tampered = RECORDS[name].to_json()
    envelope = data.draw(st.sampled_from(ENVELOPES[name]), label="record")
    here = _at(tampered, envelope)
    key = data.draw(st.sampled_from(["format", "version"]), label="field")
    old = here[key]
    values = JSON | st.sampled_from(["tarotlib-record", "tarotlib-match", 1, 2, 1.0, True])
    here[key] = data.draw(values.filter(lambda v: not (type(v) is type(old) and v == old)))
    _refused(name, tampered, r"not a tarotlib|version|missing field\(s\) 'facts'")


@pytest.mark.parametrize("name", RECORDS)
@settings(max_examples=examples(20), deadline=None)
@given(data=st.data())
def test_a_record_with_another_result_is_refused(name: str, data: st.DataObject) -> None:
    """The recorded result is another one: its scores moved between the seats or one changed
    (keeping the sum), or the deal said annulled."""
    tampered = RECORDS[name].to_json()
    envelope = data.draw(st.sampled_from(ENVELOPES[name][1:] or [()]), label="record")
    result = _at(tampered, envelope)["result"]
    before = copy.deepcopy(result)
    how = data.draw(st.sampled_from(["move", "change", "annul"]), label="how")
    scores = result["scores"]
    if how == "move":
        moved = data.draw(st.permutations(scores).filter(lambda p: p != scores), label="scores")
        result["scores"] = list(moved)
    elif how == "change":
        i, j = data.draw(st.permutations(range(len(scores))), label="seats")[:2]
        delta = data.draw(st.integers(1, 500), label="delta")
        scores[i] += delta
        scores[j] -= delta
    else:
        result["annulled"] = data.draw(st.text(min_size=1, max_size=20), label="reason")
    assert result != before
    _refused(name, tampered, r"(?s)recorded result .* differs from the replayed result")
