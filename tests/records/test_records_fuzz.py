"""The record loaders refuse every malformed or tampered input with a RecordError, and never
accept a wrong replay: arbitrary bytes, arbitrary JSON, JSON nested thousands deep, duplicate keys,
and mutations of valid deal and match records (through ``tarotlib.records``; the command line's
``replay`` and ``play --resume`` print the error in one line and exit with status 1)."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.cli import main
from tarotlib.errors import RecordError
from tarotlib.records import GameRecord, MatchRecord, load, load_match, save

from support.profiles import examples
from support.record_corpus import DEALS, MATCH

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def _paths(obj: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a value inside ``obj``."""
    out: list[tuple[object, ...]] = [prefix]
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            out += _paths(value, (*prefix, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, original: dict[str, Any]) -> dict[str, Any]:
    """``original`` with one to three of its values replaced, deleted or (lists) shortened."""
    obj = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(obj) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = obj
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "swap"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            i, j = draw(st.permutations(range(len(parent))))[:2]
            parent[i], parent[j] = parent[j], parent[i]
        else:
            parent[path[-1]] = draw(JSON)
    return obj


def _replays_truly(record: GameRecord) -> None:
    """Replay ``record``: a RecordError, or a deal whose result is the recorded one."""
    try:
        state = record.replay()
    except RecordError:
        return
    if record.result is not None:
        assert state.is_over and record.result.matches(state.result)


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_are_refused_with_a_record_error(data: bytes) -> None:
    # No record fits in 200 arbitrary bytes (it names its format, "tarotlib-record" or
    # "tarotlib-match", a variant, a deal, the actions and the result): every one is refused.
    for loads in (GameRecord.loads, MatchRecord.loads):
        with pytest.raises(RecordError):
            loads(data)


@settings(max_examples=examples(200), deadline=None)
@given(JSON)
def test_arbitrary_json_is_refused_with_a_record_error(value: object) -> None:
    # The strings of JSON are at most 8 characters: none is a record's format ("tarotlib-record",
    # "tarotlib-match"), so every value is refused.
    for from_json in (GameRecord.from_json, MatchRecord.from_json):
        with pytest.raises(RecordError, match=r"must be a JSON object|not a tarotlib"):
            from_json(value)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_tampered_deal_record_is_refused_or_replays_truly(data: st.DataObject) -> None:
    from support.record_tampering import must_refuse

    original = data.draw(st.sampled_from(DEALS)).to_json()
    tampered = data.draw(mutated(original))
    text = json.dumps(tampered)
    if must_refuse(original, tampered):  # a lost field, another format or version or result
        with pytest.raises(RecordError):
            GameRecord.loads(text).replay()
        return
    # Other tamperings may leave a valid record: refused, or loaded and then it replays truly.
    with contextlib.suppress(RecordError):
        record = GameRecord.loads(text)
        assert GameRecord.loads(record.dumps()) == record
        state = record.replay()
        if record.result is not None:
            assert state.is_over and record.result.matches(state.result)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_tampered_match_record_is_refused_or_replays_truly(data: st.DataObject) -> None:
    from support.record_tampering import must_refuse

    original = MATCH.to_json()
    tampered = data.draw(mutated(original))
    text = json.dumps(tampered)
    if must_refuse(original, tampered):  # a lost field, another format or version or result
        with pytest.raises(RecordError):
            MatchRecord.loads(text).replay()
        return
    # Other tamperings may leave a valid record: refused, or loaded and then it replays truly.
    with contextlib.suppress(RecordError):
        record = MatchRecord.loads(text)
        assert MatchRecord.loads(record.dumps()) == record
        match, current = record.replay()
        assert len(match.results) == len(record.played)
        for played, result in zip(record.played, match.results, strict=True):
            assert played.result is not None and played.result.matches(result)
        assert (current is None) == (record.current is None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "tarotlib-record", "format": "x"}', "a key twice in one object: 'format'"),
        ('{"version": NaN}', "NaN is not a JSON number"),
        (b"\xff\xfe{}", "must be UTF-8 text"),
        ("", "must be JSON text"),
    ],
)
def test_malformed_text_gets_a_clear_record_error(text: str | bytes, message: str) -> None:
    for loads in (GameRecord.loads, MatchRecord.loads):
        with pytest.raises(RecordError, match=message.replace("(", r"\(")):
            loads(text)


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"{", b"[" * 50_000, b'{"a": 1, "a": 1}'])
def test_the_command_line_reports_a_bad_file_in_one_line(
    tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        load(path)
    with pytest.raises(RecordError):
        load_match(path)
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err


def test_a_valid_record_still_loads(tmp_path: Path) -> None:
    for record in DEALS:
        path = tmp_path / "deal.json"
        save(path, record)
        assert load(path) == record
        _replays_truly(load(path))
    path = tmp_path / "match.json"
    save(path, MATCH)
    assert load_match(path) == MATCH


def test_a_match_naming_an_unknown_bot_is_refused_before_anything_is_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tarotlib.Match.start(tarotlib.variant("belote"), deals=2, seed=3)
    path = tmp_path / "match.json"
    save(path, MatchRecord.of(match, [], seats=("human", "random", "smartbot", "random")))
    assert main(["play", "--resume", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "names the bot 'smartbot' for seat 2, which is not registered" in captured.err
    assert main(["play", "--resume", str(path), "--bot", "smart"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "unknown bot 'smart'" in captured.err
