"""Keeping score from what a table writes down (:mod:`tarotlib.scoresheet`), for every game: the
facts a table would write for a deal played in tarotlib give the engine's result back (the pure
path applies every rule as the engine does); a match kept on a score sheet gives the engine's
match (totals, the game's own points, the end); the sheet file is checked when read and written
atomically; facts are read with clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tarotlib
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import MatchError, RecordError, ScoringError
from tarotlib.match import Match
from tarotlib.registry import variant, variant_info, variant_names
from tarotlib.scoresheet import (
    DealForm,
    Fact,
    ScoreSheet,
    choice,
    deal_form,
    read_facts,
    score_facts,
    whole,
    written,
    yes_no,
)

from support.paths import DOCS

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("french-tarot", {}),
    ("french-tarot", {"players": 5}),
    ("french-tarot", {"players": 3, "grash": True}),
    ("french-tarot", {"players": 5, "declarations": "poignee_and_misere"}),
    ("french-tarot", {"petit_sec": "optional_redeal", "defence_slam_bonus": 0}),
    ("french-tarot-solo", {}),
    ("belote", {}),
    ("belote", {"preset": "classic"}),
    ("contree", {}),
    ("contree", {"preset": "bga"}),
    ("lombardy", {}),
    ("lombardy", {"own_matto_trick": "ignore", "leftover_rule": "conserving"}),
    ("reseghino", {}),
    ("tarocco-ombre", {}),
    ("tarocco-ombre", {"players": 5, "reverse_cappotto": True}),
    ("tarocco-ombre", {"players": 7, "own_matto_trick": "ignore"}),
    ("ombra-arrabiata", {"concession_enabled": True, "concession_payment": "dealer_only"}),
    ("chambery", {}),
    ("chambery", {"players": 6}),
    ("chambery", {"players": 3}),
    ("chambery", {"players": 4, "simplifie": True, "call_fallback": "alone"}),
]


def play(rules: Game, seed: int, dealer: int = 0) -> DealState:
    rng = random.Random(seed)
    state = rules.new_deal(seed=seed, dealer=dealer)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def summary(result: DealResult) -> tuple[object, ...]:
    return (tuple(result.scores), result.annulled, result.contract, result.declarer, result.made)


def test_every_game_has_a_form() -> None:
    for name in variant_names():
        form = deal_form(variant(name))
        assert form.facts and form.examples and form.facts_of is not None, name
        assert variant_info(name).scoresheet is not None


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}{o}" for n, o in CONFIGS])
def test_the_facts_of_a_played_deal_give_its_result(name: str, options: dict[str, Any]) -> None:
    """For random deals of every game: what a table writes down (as text, the way the command
    reads it) scores to the engine's result, the breakdown's kind included."""
    rules = variant(name, **options)
    form = deal_form(rules)
    assert form.facts_of is not None
    for seed in range(25):
        state = play(rules, seed, dealer=seed % rules.players)
        facts = form.facts_of(state)
        assert all(isinstance(v, str | list) for v in facts.values())
        again = score_facts(rules, facts, dealer=state.data.dealer, counted=1)
        assert summary(again) == summary(state.result), (seed, facts)
        assert type(again.breakdown) is type(state.result.breakdown)
        assert again.game == state.result.game == rules.name


@pytest.mark.parametrize(
    "name", ["lombardy", "belote", "contree", "tarocco-ombre", "chambery", "french-tarot-solo"]
)
def test_a_sheet_keeps_the_engines_match(name: str) -> None:
    """A match played by the engine, written down deal by deal on a sheet: the same totals, the
    same game points, the same end — the sheet supplies each deal's dealer (and the solo's first
    deal)."""
    rules = variant(name)
    deals = 3 if rules.match_deals is None and rules.match_target is None else None  # the solo
    match = Match.start(rules, seed=4, deals=deals)
    sheet = ScoreSheet.new(rules, deals=deals)
    form = deal_form(rules)
    assert form.facts_of is not None
    rng = random.Random(4)
    while not match.is_over:
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        match = match.add(state.result)
        sheet = sheet.add(form.facts_of(state))
    kept = sheet.match
    assert kept.is_over and kept.totals == match.totals and kept.credited == match.credited
    assert kept.points == match.points and kept.winners == match.winners


# -- the sheet's file -----------------------------------------------------------------------------
def test_a_sheet_survives_its_file(tmp_path: Path) -> None:
    rules = variant("chambery", players=6, auction="multi_round")
    sheet = ScoreSheet.new(rules, deals=3, first_dealer=5)
    sheet = sheet.add({"contract": "hand", "declarer": 1, "points": [40, 28]})
    path = tmp_path / "sheet.json"
    sheet.save(path)
    loaded = ScoreSheet.load(path)
    assert loaded == sheet and loaded.match.totals == sheet.match.totals
    assert loaded.rules.options_dict() == rules.options_dict()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["played"][0] == {
        "facts": {"contract": "hand", "declarer": "1", "points": "40,28"},
        "scores": [0, 96, -24, -24, -24, -24],  # seat 0 sits out: dealer 5's right (CH-2.3)
    }


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="something"), "not a score sheet"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(game=3), "the game must be a name"),
        (lambda d: d.update(game="tarock"), "unknown variant"),
        (lambda d: d["options"].update(players=9), "options do not fit"),
        (lambda d: d.update(played=[{"facts": {}}]), "each with its facts and its scores"),
        (lambda d: d["played"][0]["facts"].update(points="1,2,3"), "total 6"),
        (lambda d: d["played"][0].update(scores=[0, 0, 0]), "records the scores"),
        (lambda d: d.update(deals="three"), "deals must be a whole number"),
        (lambda d: d.update(deals=2.5), "deals must be a whole number"),
        (lambda d: d["played"][0].update(scores=["one", 11, -12]), r"scores \(numbers\)"),
        (lambda d: d.update(deals=1, played=[d["played"][0]] * 2), "already over"),
    ],
)
def test_a_bad_sheet_is_refused_naming_the_file(edit: Any, message: str, tmp_path: Path) -> None:
    sheet = ScoreSheet.new(variant("reseghino")).add({"points": "27,37,14"})
    data = sheet.to_json()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=message) as info:
        ScoreSheet.load(path)
    assert str(info.value).startswith(str(path))


def test_a_sheet_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails leaves the file as it was, and no temporary file behind."""
    path = tmp_path / "sheet.json"
    first = ScoreSheet.new(variant("reseghino")).add({"points": "27,37,14"})
    first.save(path)
    before = path.read_bytes()

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full)
    with pytest.raises(OSError, match="No space"):
        first.add({"points": "26,26,26"}).save(path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["sheet.json"]


def test_a_deals_result_names_its_game() -> None:
    """A result scored from facts is a deal of its game: another game's match refuses it."""
    result = score_facts(variant("reseghino"), {"points": "27,37,14"})
    assert result.game == "reseghino"
    with pytest.raises(MatchError, match="this match plays"):
        Match.start(variant("tarocco-ombre"), deals=3).add(result)


def test_a_refused_deal_leaves_the_sheet() -> None:
    sheet = ScoreSheet.new(variant("lombardy"))
    with pytest.raises(ScoringError, match="total 70"):
        sheet.add({"points": "40,30"})
    assert sheet.facts == ()
    over = ScoreSheet.new(variant("reseghino"), deals=1).add({"points": "26,26,26"})
    with pytest.raises(MatchError, match="the match is over"):
        over.add({"points": "26,26,26"})
    with pytest.raises(MatchError, match="first_dealer"):
        ScoreSheet.new(variant("reseghino"), first_dealer=3)


# -- reading facts --------------------------------------------------------------------------------
def test_facts_are_read_with_their_names_in_the_errors() -> None:
    form = deal_form(variant("french-tarot"))
    assert written(form, {"petit_au_bout": "attack", "points": 47.5, "slam": True}) == {
        "petit-au-bout": "attack",
        "points": "47.5",
        "slam": "yes",
    }
    assert written(form, {"poignee": ["0:simple", "1:double"]})["poignee"] == [
        "0:simple",
        "1:double",
    ]
    with pytest.raises(ScoringError, match=r"oudlers=three: expected a whole number"):
        read_facts(form, {"oudlers": "three"})
    with pytest.raises(ScoringError, match="unknown fact 'taker2'"):
        read_facts(form, {"taker2": "0"})
    with pytest.raises(ScoringError, match="a fact's value is text, a number"):
        read_facts(form, {"taker": {"seat": 0}})
    with pytest.raises(ScoringError, match="mapping of names"):
        pairs: Any = [("taker", "0")]
        read_facts(form, pairs)
    with pytest.raises(ScoringError, match=r"missing fact: oudlers=N"):
        score_facts(variant("french-tarot"), {"contract": "garde", "taker": "0", "points": "41"})


def test_readers() -> None:
    assert choice("attack", "defence")("DEFENCE") == "defence"
    assert yes_no("on") is True and whole("-3") == -3
    with pytest.raises(ValueError, match="yes or no"):
        yes_no("maybe")
    with pytest.raises(ValueError, match="lower-case words"):
        Fact("Two Words!", "X", "a bad name", whole)
    fact = Fact("taker", "SEAT", "the taker", whole, required=True)
    assert fact.name == "taker" and fact.read_text(" 2 ") == 2


def test_a_game_without_a_form() -> None:
    from tarotlib.deal._demo import demo_game
    from tarotlib.registry import VariantInfo, register, unregister

    rules = demo_game()
    register(VariantInfo(rules.name, "a demo", "-", lambda **_: demo_game()))
    try:
        with pytest.raises(ScoringError, match="no score-keeping form"):
            deal_form(rules)
    finally:
        unregister(rules.name)
    with pytest.raises(ScoringError, match="takes a game's rules"):
        name: Any = "lombardy"
        deal_form(name)
    assert isinstance(deal_form(tarotlib.variant("belote")), DealForm)


def test_the_page_lists_every_games_facts() -> None:
    """docs/score-keeping.md has a section per game listing its facts."""
    page = (DOCS / "score-keeping.md").read_text(encoding="utf-8")
    for name in variant_names():
        for fact in deal_form(variant(name)).facts:
            assert f"`{fact.name}=" in page, (name, fact.name)
