"""``tarotlib analyse RECORD`` (issue 23, part 4): records of ``play --save`` and ``simulate
--records``, the table with the mistakes marked (coloured only on a terminal without NO_COLOR),
JSON for programs, one-line errors with the exit status of the other commands, and the line at
the end of a deal played in the terminal."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import tarotlib
from tarotlib.ai import card_values
from tarotlib.ai.analysis import DealAnalysis
from tarotlib.cli import main
from tarotlib.deal.state import DealState
from tarotlib.records import GameRecord, load_match, save
from tarotlib.terminal.session import Console, new_session, play


def mistaken_deal() -> tuple[DealState[Any], int]:
    """A Belote deal played at random until two tricks are left; then the first seat that can
    lose points plays its worst card and every later card is a best one. The deal and the index
    of the bad card's action."""
    rng = random.Random(3)
    state = tarotlib.variant("belote").new_deal(seed=3)
    bad = -1
    while not state.is_over:
        in_play = state.phase_index == len(state.rules.phase_list) - 2
        if in_play and state.held(state.actor).bit_count() <= 2:
            values = {a: s.value for a, s in card_values(state, side=state.to_act).items()}
            low, high = min(values.values()), max(values.values())
            pick = next(
                a for a, v in values.items() if v == (low if bad < 0 < high - low else high)
            )
            if bad < 0 < high - low:
                bad = len(state.history)
            state = state.apply(pick)
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    assert bad >= 0
    return state, bad


@pytest.fixture(scope="module")
def deal_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analyse") / "deal.json"
    save(path, GameRecord.from_state(mistaken_deal()[0]))
    return path


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A two-deal Belote match played in the terminal with --save; and what it printed."""
    path = tmp_path_factory.mktemp("analyse") / "match.json"
    out = io.StringIO()
    session = new_session(tarotlib.variant("belote"), deals=2, seed=5)
    assert play(session, Console(io.StringIO("1\n\n" * 80), out), save_to=str(path)) == 0
    return path, out.getvalue()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyse", *args])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_a_deal_record_is_shown_as_a_table_with_its_mistake(
    capsys: pytest.CaptureFixture[str], deal_file: Path
) -> None:
    code, out, err = run(capsys, str(deal_file), "--budget", "2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(f"{deal_file}: belote, 4 players; seed 3, dealer seat 0; declarer")
    assert "values: card points of the side of the seat that played, every hand known" in out
    assert "\x1b" not in out  # not a terminal: no colour
    trick = lines.index("trick 8")
    assert lines[trick + 1].split() == ["seat", "card", "value", "best", "best", "cards", "loss"]
    marked = [line for line in lines if line.endswith("<- mistake")]
    assert marked
    summary = lines.index("seat  cards  analysed  mistakes  points lost")
    assert [line.split()[0] for line in lines[summary + 1 :]] == ["0", "1", "2", "3"]
    # The columns line up: every row of a trick's table has its value ending where "value" does.
    header = lines[trick + 1]
    end = header.index("value") + len("value")
    for row in lines[trick + 2 : trick + 6]:
        assert row[end - 1] != " " and row[end] == " "


def test_json_round_trips_and_matches_the_solver(
    capsys: pytest.CaptureFixture[str], deal_file: Path
) -> None:
    code, out, _ = run(capsys, str(deal_file), "--budget", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["file"] == str(deal_file) and len(data["deals"]) == 1
    assert data["deals"][0]["deal"] is None
    analysis = DealAnalysis.from_dict(data["deals"][0]["analysis"])
    assert analysis.to_dict() == data["deals"][0]["analysis"]
    _, bad = mistaken_deal()
    (card,) = [c for c in analysis.cards if c.index == bad]
    assert card.mistake and card.loss is not None and card.loss > 0
    assert analysis.seats[card.seat].points_lost >= card.loss
    code, out, _ = run(capsys, str(deal_file), "--budget", "2", "--json", "--objective", "score")
    assert json.loads(out)["deals"][0]["analysis"]["objective"] == "score"


def test_colour_only_on_a_terminal_without_no_color(
    capsys: pytest.CaptureFixture[str], deal_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    assert main(["analyse", str(deal_file), "--budget", "2"]) == 0
    coloured = [line for line in screen.getvalue().splitlines() if "\x1b[1;31m" in line]
    # a mistake line, with its bounds when the budget (seconds) ran out in that position
    mistake = re.compile(r"<- mistake( \(bounds: the budget ran out\))?\x1b\[0m$")
    assert coloured and all(mistake.search(line) for line in coloured), coloured
    monkeypatch.setenv("NO_COLOR", "1")
    screen = Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    assert main(["analyse", str(deal_file), "--budget", "2"]) == 0
    assert "\x1b" not in screen.getvalue() and "<- mistake" in screen.getvalue()


def test_a_match_saved_by_play_every_deal_or_one(
    capsys: pytest.CaptureFixture[str], match_file: tuple[Path, str]
) -> None:
    path, said = match_file
    record = load_match(path)
    ends = said.split(" over ==\n")[1:]  # what follows the end of each deal
    assert len(ends) == len(record.played) >= 2
    for number, (end, deal) in enumerate(zip(ends, record.played, strict=True), 1):
        hint = f"analyse this deal: tarotlib analyse {path} --deal {number}\n"
        assert deal.result is not None
        assert (hint in end.split("== deal")[0]) == (deal.result.annulled is None)
    code, out, _ = run(capsys, str(path), "--budget", "0.5")
    assert code == 0
    assert "-- deal 1 --" in out and "-- deal 2 --" in out
    assert f"{path} deal 2: belote, 4 players" in out
    code, out, _ = run(capsys, str(path), "--deal", "2", "--budget", "0.5", "--json")
    assert code == 0 and [d["deal"] for d in json.loads(out)["deals"]] == [2]
    last = len(record.played)
    code, _, err = run(capsys, str(path), "--deal", str(last + 1))
    assert code == 1
    assert err == (
        f"tarotlib: {path} has no deal {last + 1} (its finished deals are numbered 1 to {last})\n"
    )


def test_the_end_of_a_deal_says_to_save_first_without_save() -> None:
    out = io.StringIO()
    session = new_session(tarotlib.variant("belote"), deals=1, seed=5)
    play(session, Console(io.StringIO("1\n" * 40), out))
    assert (
        "analyse this deal: save the match to a FILE, then: tarotlib analyse FILE --deal 1"
        in out.getvalue()
    )


def test_a_deal_in_progress_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, match_file: tuple[Path, str]
) -> None:
    record = load_match(match_file[0])
    second = record.played[1]
    left = GameRecord(second.variant, second.options, second.deal, second.actions[:6])
    path = tmp_path / "left.json"
    save(path, attrs.evolve(record, played=record.played[:1], current=left))
    code, _, err = run(capsys, str(path), "--deal", "2")
    assert code == 1
    assert err == f"tarotlib: {path}: deal 2 is not finished; only a finished deal is analysed\n"
    code, out, _ = run(capsys, str(path), "--budget", "0.2")  # the finished deal only
    assert code == 0 and "-- deal" not in out


def test_simulate_records_a_directory_and_a_jsonl_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "run"
    assert (
        main(["simulate", "belote", "--deals", "3", "--seed", "1", "--records", str(records)]) == 0
    )
    capsys.readouterr()
    code, out, _ = run(capsys, str(records), "--deal", "2", "--budget", "0.5")
    assert code == 0 and out.startswith(f"{records} deal 2: belote, 4 players")
    (lines,) = records.glob("*.jsonl")
    code, out, _ = run(capsys, str(lines), "--deal", "0", "--budget", "0.5", "--json")
    assert code == 0 and json.loads(out)["deals"][0]["deal"] == 0
    code, _, err = run(capsys, str(records))
    assert code == 2 and "pick one with --deal N" in err and err.count("\n") == 1
    code, _, err = run(capsys, str(records), "--deal", "3")
    assert (code, err) == (1, f"tarotlib: {records} has no deal 3 (it has 3)\n")


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["missing.json"], 1, "tarotlib: cannot read missing.json: No such file or directory"),
        (["DEAL", "--deal", "1"], 2, "--deal picks a deal of a match record"),
        (["DEAL", "--deal", "-1"], 2, "--deal must be a deal number, 0 or more, got -1"),
        (["DEAL", "--budget", "0"], 2, "must be a positive number of seconds, got '0'"),
        (["DEAL", "--budget", "soon"], 2, "must be a positive number of seconds, got 'soon'"),
        (["DEAL", "--objective", "tricks"], 2, "invalid choice: 'tricks'"),
        (["UNFINISHED"], 1, "only a finished deal is analysed; this one is in phase play"),
        (["JUNK"], 1, "junk.json: "),
    ],
)
def test_bad_input_gets_one_line(
    capsys: pytest.CaptureFixture[str],
    deal_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    status: int,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    rules = tarotlib.variant("belote")
    unfinished = rules.new_deal(seed=3).apply(rules.parse_action("bid spades"))
    save(tmp_path / "unfinished.json", GameRecord.from_state(unfinished))
    (tmp_path / "junk.json").write_text("not json")
    named = {"DEAL": str(deal_file), "UNFINISHED": "unfinished.json", "JUNK": "junk.json"}
    code, out, err = run(capsys, *(named.get(a, a) for a in args))
    assert code == status and out == ""
    assert message in err
    if status == 1:
        assert err.count("\n") == 1 and err.startswith("tarotlib: ")
