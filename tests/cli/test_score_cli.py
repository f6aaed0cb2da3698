"""``tarotlib score``: the worked examples of the rules reference (FT-21, BE-15, CO-12, LO-E*,
CH-E*) scored from what a table writes down, deal by deal and on a score sheet; the help listing
every game's facts; errors with their reasons and exit statuses; the sheet file written
atomically."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

from tarotlib.cli import main
from tarotlib.registry import variant, variant_names
from tarotlib.scoresheet import deal_form


def score(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(["score", *words])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def scores_of(out: str) -> str:
    """The ``scores:`` line of the output."""
    return next(line for line in out.splitlines() if line.startswith("scores: "))


# -- one deal: the worked examples --------------------------------------------------------------
@pytest.mark.parametrize(
    ("words", "expected"),
    [
        # FT-21.1, FT-21.2 (corrected), FT-21.3 (3 players, half a point), FT-21.4, FT-21.5, FT-21.8
        (
            "french-tarot contract=garde-sans taker=0 points=48 oudlers=3 poignee=0:simple",
            "seat 0 +504, seat 1 −168, seat 2 −168, seat 3 −168",
        ),
        (
            "french-tarot contract=garde taker=0 points=48 oudlers=1 petit-au-bout=defence "
            "poignee=0:simple",
            "seat 0 −288, seat 1 +96, seat 2 +96, seat 3 +96",
        ),
        (
            "french-tarot --players 3 contract=garde taker=0 points=50.5 oudlers=1",
            "seat 0 −104, seat 1 +52, seat 2 +52",
        ),
        (
            "french-tarot --players 3 contract=garde taker=0 points=51.5 oudlers=1",
            "seat 0 +104, seat 1 −52, seat 2 −52",
        ),
        (
            "french-tarot --players 5 contract=garde taker=2 partner=4 points=47 oudlers=2 "
            "poignee=4:simple",
            "seat 0 −82, seat 1 −82, seat 2 +164, seat 3 −82, seat 4 +82",
        ),
        (
            "french-tarot --players 5 contract=prise taker=3 partner=alone points=56.5 oudlers=1",
            "seat 0 −31, seat 1 −31, seat 2 −31, seat 3 +124, seat 4 −31",
        ),
        (
            "french-tarot contract=garde taker=0 points=44 oudlers=2 petit-au-bout=defence",
            "seat 0 +108, seat 1 −36, seat 2 −36, seat 3 −36",
        ),
        (
            "french-tarot contract=garde-contre taker=0 points=41 oudlers=2",
            "seat 0 +450, seat 1 −150, seat 2 −150, seat 3 −150",
        ),
        (
            "french-tarot contract=garde-sans taker=0 points=52 oudlers=3",
            "seat 0 +492, seat 1 −164, seat 2 −164, seat 3 −164",
        ),
        # BE-15 E3, E4, E6, E7
        (
            "belote contract=spades taker=0 points=73,79 tricks=4,4 last-trick=0",
            "seat 0 +83, seat 1 +79, seat 2 +83, seat 3 +79",
        ),
        (
            "belote contract=hearts taker=0 points=68,84 tricks=3,5 last-trick=1",
            "seat 0 0, seat 1 +162, seat 2 0, seat 3 +162",
        ),
        (
            "belote contract=spades taker=0 points=74,78 tricks=4,4 last-trick=1 belote=0",
            "seat 0 +94, seat 1 +88, seat 2 +94, seat 3 +88",
        ),
        (
            "belote contract=diamonds taker=2 points=152,0 tricks=8,0 belote=1",
            "seat 0 +252, seat 1 +20, seat 2 +252, seat 3 +20",
        ),
        # BE-15 E8 (preset classic): the defence's two declarations win
        (
            "belote --preset classic contract=hearts taker=0 points=85,67 tricks=4,4 last-trick=0 "
            "declaration=0:KS-QS-JS-10S declaration=1:AD-KD-QD-JD declaration=3:9C-8C-7C",
            "seat 0 0, seat 1 +232, seat 2 0, seat 3 +232",
        ),
        # CO-12 E10, E11, E12, E13, E16, E18, E20
        (
            "contree contract=100H bidder=0 points=107,55 tricks=5,3",
            "seat 0 +210, seat 1 +60, seat 2 +210, seat 3 +60",
        ),
        (
            "contree contract=80S bidder=1 points=92,70 tricks=4,4 belote=1",
            "seat 0 +90, seat 1 +170, seat 2 +90, seat 3 +170",
        ),
        (
            "contree contract=120D bidder=0 points=98,64 tricks=5,3 belote=0",
            "seat 0 0, seat 1 +300, seat 2 0, seat 3 +300",
        ),
        (
            "contree contract=100S bidder=1 double=coinche points=31,131 tricks=2,6 belote=1",
            "seat 0 0, seat 1 +540, seat 2 0, seat 3 +540",
        ),
        (
            "contree contract=capotS bidder=0 points=252,0 tricks=8,0 belote=0",
            "seat 0 +520, seat 1 0, seat 2 +520, seat 3 0",
        ),
        (
            "contree contract=120H bidder=0 points=252,0 tricks=8,0",
            "seat 0 +370, seat 1 0, seat 2 +370, seat 3 0",
        ),
        (
            "contree contract=80C bidder=0 points=81,81 tricks=4,4",
            "seat 0 +160, seat 1 +80, seat 2 +160, seat 3 +80",
        ),
        # LO-E1, LO-E2, LO-E5
        ("lombardy points=27,45", "seat 0 0, seat 1 +9, seat 2 0, seat 3 +9"),
        ("lombardy points=15,58", "seat 0 0, seat 1 +22, seat 2 0, seat 3 +22"),
        ("reseghino points=27,37,14", "seat 0 +1, seat 1 +11, seat 2 −12"),
        # LO-E6, LO-E7, LO-E8
        (
            "tarocco-ombre contract=niente declarer=1 conceded=yes dealer=0 dealer-bid=yes",
            "seat 0 +4, seat 1 −8, seat 2 +4",
        ),
        ("tarocco-ombre contract=due declarer=0 points=45", "seat 0 +6, seat 1 −3, seat 2 −3"),
        ("tarocco-ombre contract=niente declarer=0 points=24", "seat 0 −12, seat 1 +6, seat 2 +6"),
        (
            "tarocco-ombre contract=una declarer=0 points=70 cappotto=yes",
            "seat 0 +24, seat 1 −12, seat 2 −12",
        ),
        (
            "ombra-arrabiata contract=due declarer=0 points=39",
            "seat 0 +15, seat 1 −5, seat 2 −5, seat 3 −5",
        ),
        (
            "ombra-arrabiata contract=una declarer=0 points=22",
            "seat 0 −21, seat 1 +7, seat 2 +7, seat 3 +7",
        ),
        (
            "tarocco-ombre --players 5 contract=una declarer=0 partner=1 points=35 others=35",
            "seat 0 −10, seat 1 −5, seat 2 +5, seat 3 +5, seat 4 +5",
        ),
        (
            "tarocco-ombre --players 5 --option win_threshold=35 contract=una declarer=0 partner=1 "
            "points=35",
            "seat 0 +10, seat 1 +5, seat 2 −5, seat 3 −5, seat 4 −5",
        ),
        (
            "tarocco-ombre --players 7 contract=due declarer=0 partner=1 points=29 others=42",
            "seat 0 −15, seat 1 −10, seat 2 +5, seat 3 +5, seat 4 +5, seat 5 +5, seat 6 +5",
        ),
        # CH-E1, CH-E3, CH-E4, CH-E5, CH-E6, CH-E7, CH-E8
        (
            "chambery contract=two-card declarer=2 points=31,37",
            "seat 0 +3, seat 1 +3, seat 2 −12, seat 3 +3, seat 4 +3",
        ),
        (
            "chambery contract=one-card declarer=2 points=31",
            "seat 0 +6, seat 1 +6, seat 2 −24, seat 3 +6, seat 4 +6",
        ),
        (
            "chambery contract=king-call dealer=0 partner=3 points=47,21",
            "seat 0 +20, seat 1 −13, seat 2 −13, seat 3 +19, seat 4 −13",
        ),
        (
            "chambery contract=king-call dealer=0 partner=3 points=27,41",
            "seat 0 −11, seat 1 +7, seat 2 +7, seat 3 −10, seat 4 +7",
        ),
        (
            "chambery contract=hand declarer=1 points=53,15",
            "seat 0 −152, seat 1 +608, seat 2 −152, seat 3 −152, seat 4 −152",
        ),
        (
            "chambery contract=one-card declarer=1 points=40,28",
            "seat 0 −12, seat 1 +48, seat 2 −12, seat 3 −12, seat 4 −12",
        ),
        (
            "chambery --players 4 contract=king-call dealer=0 partner=2 points=41,31",
            "seat 0 +5, seat 1 −5, seat 2 +5, seat 3 −5",
        ),
        (
            "chambery --players 4 contract=two-card declarer=1 points=17,55",
            "seat 0 +38, seat 1 −114, seat 2 +38, seat 3 +38",
        ),
        ("chambery --players 3 points=45,21,12", "seat 0 +33, seat 1 −5, seat 2 −28"),
        ("chambery --players 3 points=35,31,12", "seat 0 +18, seat 1 +10, seat 2 −28"),
        (
            "chambery --players 3 --option simplifie=true points=30,30,12",
            "seat 0 +6, seat 1 +6, seat 2 −12",
        ),
        (
            "chambery --players 3 --option simplifie=true points=35,26,11",
            "seat 0 +22, seat 1 +4, seat 2 −26",
        ),
        (
            "chambery contract=king-call dealer=0 partner=3 points=36,32",
            "seat 0 +3, seat 1 −2, seat 2 −2, seat 3 +3, seat 4 −2",
        ),
    ],
)
def test_the_worked_examples(words: str, expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = score(capsys, *words.split())
    assert (status, err) == (0, "")
    assert scores_of(out) == f"scores: {expected}"


def test_the_breakdown_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """FT-21.1's breakdown, line by line, then the scores."""
    status, out, _ = score(
        capsys, "french-tarot", "contract=garde-sans", "taker=0", "points=48", "oudlers=3",
        "poignee=0:simple",
    )  # fmt: skip
    assert status == 0
    assert out.splitlines()[:3] == [
        "Garde Sans (×4), 3 oudlers: target 36",
        "attack 48 points, defence 43: made by 12",
        "base +(25 + 12) × 4 = +148",
    ]
    assert "D = +148 + 20 = +168" in out


def test_the_solo(capsys: pytest.CaptureFixture[str]) -> None:
    """FT-20.11: the player scores 2D. A single deal is not the first of a series (no S-O3
    check); on a sheet, the first deal must be a Prise (FT-20.4)."""
    status, out, _ = score(capsys, "french-tarot-solo", "contract=garde", "points=50", "oudlers=2")
    assert status == 0 and scores_of(out) == "scores: seat 0 +136, seat 1 −68, seat 2 −68"


# -- the score sheet ------------------------------------------------------------------------------
def test_lo_e4_on_a_score_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """LO-E4's first game deal by deal: 1 GP each (B's all-tricks game point kept, LO-17.5),
    the Monte counted as a deal, the dealer passing on."""
    sheet = str(tmp_path / "game.json")
    for words in (["lombardy", "points=66,6"], ["monte=yes"], ["points=64,8"]):
        status, out, _ = score(capsys, "--sheet", sheet, *words)
        assert status == 0
    assert "next deal: dealer seat 3" in out
    status, out, _ = score(capsys, "--sheet", sheet, "points=0,72", "all-tricks=B")
    assert status == 0
    lines = out.splitlines()
    assert "totals after 4 deals of 4: seats 0 & 2 58 · seats 1 & 3 36" in lines
    assert "game points: team A 1, team B 1" in lines
    assert any(line.startswith("match over") for line in lines)
    status, _, err = score(capsys, "--sheet", sheet, "points=36,36")
    assert status == 2 and "the match is over (4 deals)" in err
    status, out, _ = score(capsys, "--sheet", sheet)  # shown
    assert status == 0 and "deal 4: points=0,72 all-tricks=B: " in out


def test_lo_e4_second_game_on_a_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = str(tmp_path / "game.json")
    for words in (["lombardy", "points=56,16"], ["points=54,18"], ["points=39,33"], ["monte=yes"]):
        status, out, _ = score(capsys, "--sheet", sheet, *words)
    assert status == 0 and "game points: team A 3, team B 0" in out


def test_a_lombardy_tie_calls_for_another_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LO-17.6 extra_deal: the sheet says another deal is played (not "draw")."""
    sheet = str(tmp_path / "game.json")
    score(
        capsys, "--sheet", sheet, "lombardy", "--option", "lombardy_tie=extra_deal", "points=46,26"
    )
    for points in ("26,46", "36,36"):
        score(capsys, "--sheet", sheet, f"points={points}")
    status, out, _ = score(capsys, "--sheet", sheet, "points=36,36")
    assert status == 0 and "another deal is played" in out and "draw" not in out
    assert "next deal: dealer seat 0" in out
    status, out, _ = score(capsys, "--sheet", sheet, "points=40,32")
    assert "match over: seats 0 & 2 win with 14" in out  # 10 + 4 against 10


def test_be_15_e13_litige_carry_on_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BE-15 E13: a litige carries 71; the next deal is made 100 / 62 and its winner gets 171."""
    sheet = str(tmp_path / "belote.json")
    status, out, _ = score(
        capsys, "--sheet", sheet, "belote", "contract=clubs", "taker=0", "points=61,91",
        "tricks=4,4", "last-trick=0", "belote=0",
    )  # fmt: skip
    assert status == 0 and "71 points set aside (litige)" in out
    status, out, _ = score(
        capsys, "--sheet", sheet, "contract=hearts", "taker=1", "points=62,90", "tricks=3,5",
        "last-trick=1",
    )  # fmt: skip
    assert "credited, with the 71 points set aside: seat 0 +62, seat 1 +171" in out
    assert "seats 0 & 2 82 · seats 1 & 3 262" in out


@pytest.mark.parametrize(("condition", "over"), [("reach", True), ("exceed", False)])
def test_co_12_e23_a_game_to_a_target(
    condition: str, over: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CO-10.2, CO-12 E23: a game to 2000 ends when a team reaches it (``reach``), not when it
    only reaches it under ``exceed``. A–C make four capots (500 each, CO-12 E16): 2000."""
    sheet = str(tmp_path / "contree.json")
    option = f"win_condition={condition}"
    capot = ["contract=capotS", "bidder=0", "points=252,0", "tricks=8,0"]
    score(capsys, "--sheet", sheet, "contree", "--option", option, "--target", "2000", *capot)
    for _ in range(3):
        status, out, _ = score(capsys, "--sheet", sheet, *capot)
    assert status == 0 and "seats 0 & 2 2000 · seats 1 & 3 0 (game to 2000)" in out
    assert ("match over: seats 0 & 2 win with 2000" in out) == over


def test_a_sheet_keeps_its_game_and_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = str(tmp_path / "s.json")
    assert score(capsys, "--sheet", sheet, "reseghino")[0] == 0  # an empty sheet, created
    assert json.loads(Path(sheet).read_text())["played"] == []
    status, _, err = score(capsys, "--sheet", sheet, "lombardy", "points=66,6")
    assert status == 2 and "keeps a match of reseghino, not lombardy" in err
    status, _, err = score(capsys, "--sheet", sheet, "--players", "3", "points=27,37,14")
    assert status == 2 and "keeps its game and options; drop --players" in err
    status, _, err = score(capsys, "--sheet", str(tmp_path / "new.json"), "points=1,2,3")
    assert status == 2 and "give the game" in err
    status, _, err = score(
        capsys, "--sheet", str(tmp_path / "ft.json"), "french-tarot", "passed=yes"
    )
    assert status == 2 and "no match length of its own: give --deals N or --target T" in err
    status, _, err = score(
        capsys, "--sheet", str(tmp_path / "ft.json"), "french-tarot", "--deals", "4", "petit-sec=9"
    )
    assert status == 2 and "petit-sec" in err and not (tmp_path / "ft.json").exists()


def test_a_refused_deal_leaves_the_sheet_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "s.json"
    score(capsys, "--sheet", str(sheet), "reseghino", "points=27,37,14")
    before = sheet.read_bytes()
    status, _, err = score(capsys, "--sheet", str(sheet), "points=27,37,15")
    assert status == 2 and "total 79" in err
    assert sheet.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["s.json"]  # no temporary file left


def test_an_unreadable_or_tampered_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "s.json"
    sheet.write_text("{not json", encoding="utf-8")
    status, _, err = score(capsys, "--sheet", str(sheet))
    assert status == 1 and "s.json" in err and "JSON" in err
    score(capsys, "--sheet", str(tmp_path / "t.json"), "reseghino", "points=27,37,14")
    data = json.loads((tmp_path / "t.json").read_text())
    data["played"][0]["facts"]["points"] = "30,37,11"  # edited by hand: scores no longer match
    (tmp_path / "t.json").write_text(json.dumps(data), encoding="utf-8")
    status, _, err = score(capsys, "--sheet", str(tmp_path / "t.json"))
    assert status == 1 and "records the scores [1, 11, -12], but its facts give [4, 11, -15]" in err
    status, _, err = score(capsys, "--sheet", str(tmp_path), "reseghino")
    assert status == 1 and "cannot read" in err


def test_the_sheet_gives_the_dealer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sheet knows who deals: with 6 players at Chambéry the seat on the dealer's right sits
    out (CH-2.3), and a King call's declarer is the dealer; a dealer given against it is refused."""
    sheet = str(tmp_path / "c.json")
    status, out, _ = score(
        capsys, "--sheet", sheet, "chambery", "--players", "6", "--first-dealer", "2",
        "contract=king-call", "partner=4", "points=40,28",
    )  # fmt: skip
    assert status == 0 and "(dealer: seat 2)" in out
    assert (
        scores_of(out) == "scores: seat 0 −6, seat 1 −6, seat 2 +9, seat 3 0, seat 4 +9, seat 5 −6"
    )
    status, _, err = score(
        capsys, "--sheet", sheet, "contract=hand", "declarer=4", "dealer=0", "points=34,34"
    )
    assert status == 2 and "the score sheet's dealer is seat 3" in err


# -- help, JSON, errors ---------------------------------------------------------------------------
def test_the_help_lists_every_games_facts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = score(capsys, "--help")
    assert status == 0
    for name in variant_names():
        assert f"\n  {name}\n" in out
        for fact in deal_form(variant(name)).facts:
            assert f"{fact.name}=" in out, (name, fact.name)


@pytest.mark.parametrize("game", variant_names())
def test_each_games_help_explains_its_facts_and_examples_run(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = score(capsys, game, "--help")
    assert status == 0
    form = deal_form(variant(game))
    for fact in form.facts:
        assert fact.usage in out and fact.help.split()[0] in out
    for what, words in form.examples:
        assert f"tarotlib score {game} {words}" in out
        status, example, err = score(capsys, game, *words.split())
        assert (status, err) == (0, ""), (what, err)
        assert example.splitlines()[-1].startswith("scores: ")


def test_json_output_and_json_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    facts = {"contract": "garde", "taker": 0, "points": 47.5, "oudlers": 2, "poignee": ["0:simple"]}
    status, out, _ = score(capsys, "french-tarot", "--facts", json.dumps(facts), "--json")
    data = json.loads(out)
    assert status == 0 and data["scores"] == [3 * 84, -84, -84, -84] and data["contract"] == "Garde"
    path = tmp_path / "facts.json"
    path.write_text(json.dumps(facts), encoding="utf-8")
    assert json.loads(score(capsys, "french-tarot", "--facts", f"@{path}", "--json")[1]) == data
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    assert json.loads(score(capsys, "french-tarot", "--facts", "-", "--json")[1]) == data
    status, _, err = score(capsys, "french-tarot", "--facts", json.dumps(facts), "taker=1")
    assert status == 2 and "given twice" in err
    sheet = str(tmp_path / "s.json")
    status, out, _ = score(capsys, "--sheet", sheet, "reseghino", "points=27,37,14", "--json")
    data = json.loads(out)
    assert data["deal"]["scores"] == [1, 11, -12] and data["totals"] == [1, 11, -12]
    assert data["over"] is False and data["next_dealer"] == 1


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("lombardy", "give the deal's facts"),
        ("lombardy pointz=66,6", "unknown fact 'pointz'"),
        ("lombardy points", "a fact is written NAME=VALUE"),
        ("lombardy points=66,6 points=6,66", "the fact points is given twice"),
        ("lombardy all-tricks=B", "missing fact: points=A,B"),
        ("lombardy points=40,30", "total 70"),
        ("lombardy points=66,6 monte=yes", "a Monte deal is not played"),
        ("lombardy --option monte=disabled monte=yes", "monte='disabled'"),
        ("nogame x=1", "unknown variant 'nogame'"),
        ("french-tarot contract=prise taker=0 points=91.25 oudlers=0", "half points"),
        ("french-tarot --players 5 contract=garde taker=2 points=47 oudlers=2", "partner=alone"),
        ("french-tarot contract=garde taker=0 points=47 oudlers=2 misere=0:trumps", "misère"),
        ("french-tarot passed=yes taker=0", "passed describes the whole deal"),
        ("french-tarot grash=20,20,20,20", "only under grash=True"),
        ("tarocco-ombre contract=due declarer=0 dealer=0 conceded=yes", r"TO-7.1"),
        ("ombra-arrabiata contract=due declarer=1 dealer=0 conceded=yes", "concession_enabled"),
        ("chambery contract=alone dealer=0 points=30,38", "call_fallback='alone'"),
        ("chambery --players 6 contract=hand declarer=1 dealer=0 points=40", "sits this deal out"),
        ("contree contract=100H bidder=0 points=107,50 tricks=5,3", "must total 162"),
        ("belote contract=spades taker=0 points=73,79 tricks=4,4", "last-trick"),
        ("reseghino points=27,37,14 --deals 3", "--deals goes with --sheet"),
    ],
)
def test_errors_say_why(words: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = score(capsys, *words.split())
    assert status == 2 and out == ""
    assert err.startswith("tarotlib score: error: ")
    assert re.search(message, err), err


def test_the_solos_first_deal_on_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FT-20.4 (S-O3): the first deal of a series is a Prise; the sheet knows which deal is first."""
    sheet = str(tmp_path / "solo.json")
    status, _, err = score(
        capsys, "--sheet", sheet, "french-tarot-solo", "--deals", "3", "contract=garde",
        "points=50", "oudlers=2",
    )  # fmt: skip
    assert status == 2 and "the first deal of a series is a Prise (FT-20.4" in err
    assert not Path(sheet).exists()  # nothing written for a refused first deal
    first = ["french-tarot-solo", "--deals", "3", "contract=prise", "points=52", "oudlers=1"]
    assert score(capsys, "--sheet", sheet, *first)[0] == 0
    status, out, _ = score(capsys, "--sheet", sheet, "contract=garde", "points=50", "oudlers=2")
    assert status == 0 and "totals after 2 deals of 3: seat 0 +188" in out
