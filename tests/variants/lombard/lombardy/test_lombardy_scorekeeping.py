"""Lombardy and Reseghino scored from what a table writes down (the teams' or players' counted
points and the all-tricks facts): the worked examples LO-E1, LO-E2, LO-E4 and LO-E5 through the
pure path, LO-7.10 applied there as the engine applies it, the refusal of impossible facts, the
game points' winner, D and extra deal (LO-17.6), a match refusing a deal without its score
(LO-17.5), and the games' counting entry points."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tarotlib
from tarotlib.core.cards import FULL_MASK, card_mask, parse_cards
from tarotlib.core.results import DealResult
from tarotlib.errors import MatchError, ScoringError
from tarotlib.match import Match
from tarotlib.variants.lombard.lombardy.game import MONTE_REASON
from tarotlib.variants.lombard.lombardy.options import LombardyOptions, ReseghinoOptions
from tarotlib.variants.lombard.lombardy.scoring import (
    LombardyScore,
    game_points,
    score_lombardy_points,
    score_reseghino_points,
)
from tarotlib.variants.lombard.lombardy.state import all_tricks_facts
from tarotlib.variants.lombard.ombre.game import Ombre

from support.lombard import lombardy, reseghino

IGNORE = LombardyOptions(own_matto_trick="ignore")


# -- the worked examples from counted points --------------------------------------------------------
def test_lo_e1_and_e2_from_counted_points() -> None:
    """LO-E1: 27 against 45, B scores 9. LO-E2: 15 against 58 (73 in all under face_value), the
    other team scores 22; under conserving 14 against 58 (72)."""
    assert score_lombardy_points((27, 45)).scores == (0, 9)
    assert score_lombardy_points((15, 58)).scores == (0, 22)
    conserving = LombardyOptions(leftover_rule="conserving")
    assert score_lombardy_points((14, 58), options=conserving).scores == (0, 22)
    with pytest.raises(ScoringError, match="exactly under leftover_rule='conserving'"):
        score_lombardy_points((15, 58), options=conserving)


def test_lo_e4_first_game_from_the_table() -> None:
    """LO-E4: 66–6, a Monte, 64–8, then B wins all 19 tricks (0–72): A 58, B 36, A wins 1 GP and B
    gets 1 for its all-tricks deal: 1 GP each — the 4th GP point is kept (LO-17.5)."""
    rules = lombardy()
    match = Match.start(rules)
    for result in (
        rules.score_points((66, 6)),
        DealResult((0, 0, 0, 0), annulled=MONTE_REASON),
        rules.score_points((64, 8)),
        rules.score_points((0, 72), all_tricks=(False, True)),
    ):
        match = match.add(result)
    assert match.is_over and match.totals == (58, 36, 58, 36)
    assert match.points.points == (1, 1, 1, 1)
    assert match.points.lines[-1] == "game points: team A 1, team B 1"


def test_lo_e4_second_game_from_the_table() -> None:
    """LO-E4: 56–16, 54–18, 39–33 and a Monte: A 41, B 0: a reale and the zero bonus, 3 GP."""
    rules = lombardy()
    match = Match.start(rules)
    for points in ((56, 16), (54, 18), (39, 33)):
        match = match.add(rules.score_points(points))
    match = match.add(DealResult((0, 0, 0, 0), annulled=MONTE_REASON))
    assert match.points.points == (3, 0, 3, 0)


def test_lo_e5_reseghino_from_the_table() -> None:
    """LO-E5: 27, 37, 14: +1, +11, −12; the counts must total 78 (RE-6)."""
    assert reseghino().score_points((27, 37, 14)).scores == (1, 11, -12)
    with pytest.raises(ScoringError, match="total 77"):
        score_reseghino_points((27, 37, 13))
    with pytest.raises(ScoringError, match="3 whole numbers"):
        score_reseghino_points((27, 51))
    # LO-7.9: with the Matto paid from the discard the piles need not be whole tricks.
    loose = ReseghinoOptions(matto_payment_from_discard=True)
    assert score_reseghino_points((27, 37, 13), options=loose).scores == (1, 11, -13)


# -- a match refuses what it cannot credit ----------------------------------------------------------
def test_a_hand_made_lombardy_deal_is_refused_not_miscounted() -> None:
    """Before, ``add(DealResult((0, 36, 0, 36)))`` for an all-tricks deal was taken and gave B no
    all-tricks game point (3 GP in LO-E4 instead of 4); now it is refused, saying why."""
    match = Match.start(lombardy())
    with pytest.raises(MatchError, match=r"LombardyScore.*LO-17\.5"):
        match.add(DealResult((0, 36, 0, 36)))
    assert match.results == ()  # unchanged
    annulled = match.add(DealResult((0, 0, 0, 0), annulled=MONTE_REASON))
    assert annulled.deals_counted == 1
    with pytest.raises(MatchError, match="LombardyScore"):
        lombardy().convert([DealResult((20, 0, 20, 0))], (20, 0, 20, 0))


@pytest.mark.parametrize("game", ["belote", "contree"])
def test_a_pending_litige_carry_needs_the_deals_score(game: str) -> None:
    """BE-11.7, CO-9.7: a carry goes to the next deal's winner; a hand-made result does not say
    who won, so it is refused while a carry is pending (and taken as it stands otherwise)."""
    rules = tarotlib.variant(game)
    plain = DealResult((90, 80, 90, 80))
    match = Match.start(rules, target_score=1000)
    assert match.add(plain).totals == (90, 80, 90, 80)
    pending = attrs.evolve(match, carry=71)  # as a litige leaves it
    with pytest.raises(MatchError, match="71 points are pending"):
        pending.add(plain)
    thrown_in = DealResult((0, 0, 0, 0), annulled="all passed")
    assert pending.add(thrown_in).carry == 71


# -- LO-7.10 and the checks of the pure path --------------------------------------------------------
def test_lo_7_10_in_the_pure_path() -> None:
    """A team that won every trick but the one its own Matto gave away: not all the tricks under
    strict (no bonus), all the tricks under ignore (LO-17.5's bonus), and the breakdown says it
    won 18 of 19, never 19."""
    strict = score_lombardy_points((5, 67), all_but_own_matto=(False, True))
    ignore = score_lombardy_points((5, 67), all_but_own_matto=(False, True), options=IGNORE)
    assert strict.all_tricks == (False, False) and ignore.all_tricks == (False, True)
    assert not any("all 19" in line for line in strict.lines() + ignore.lines())
    assert ignore.lines()[-1].startswith("team B won every trick but the one its own Matto")
    # B 31 to 0: 1 GP and the zero bonus; under ignore +1 for the deal's tricks (LO-17.5).
    assert game_points([strict.scores], [strict.all_tricks]).points == (0, 2)
    assert game_points([ignore.scores], [ignore.all_tricks]).points == (0, 3)


@pytest.mark.parametrize(
    ("points", "kwargs", "message"),
    [
        ((40, 30), {}, "total 70"),
        ((37, 38), {}, "total 75"),
        ((1, 72), {"all_tricks": (False, True)}, "holds every card"),
        ((0, 72), {"all_tricks": (True, True)}, "at most one team"),
        ((5, 67), {"all_tricks": (True, False), "all_but_own_matto": (False, True)}, "at most one"),
        ((-1, 73), {}, "at least 0"),
        ((36.5, 35.5), {}, "whole numbers"),
        ((36, 36), {"all_tricks": (1, 0)}, "two booleans"),
    ],
)
def test_impossible_facts_are_refused(points: Any, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        score_lombardy_points(points, **kwargs)


def test_the_totals_are_not_checked_when_the_matto_may_be_paid_from_the_discard() -> None:
    """LO-7.9: the piles are then no longer whole tricks plus the discard."""
    loose = LombardyOptions(matto_payment_from_discard=True)
    assert score_lombardy_points((40, 30), options=loose).scores == (4, 0)


# -- the game points (LO-17) ------------------------------------------------------------------------
def test_game_points_report_the_winner_the_difference_and_an_extra_deal() -> None:
    """LO-17.6 under extra_deal: tied totals call for another deal, said as such (before, the
    breakdown said "no base game points (LO-17.6 draw)" under extra_deal too)."""
    tied = game_points([(10, 0), (0, 10)], [(False, False)] * 2, tie="extra_deal")
    assert (tied.winner, tied.difference, tied.extra_deal) == (None, 0, True)
    assert not any("draw" in line for line in tied.lines())
    assert "another deal" in tied.lines()[1] and tied.lines()[-1].startswith("game points so far")
    drawn = game_points([(10, 0), (0, 10)], [(False, False)] * 2)
    assert drawn.extra_deal is False and "draw" in drawn.lines()[1]
    won = game_points([(20, 0), (0, 5)], [(False, False)] * 2, tie="extra_deal")
    assert (won.winner, won.difference, won.extra_deal) == (0, 15, False)


@pytest.mark.parametrize(
    ("scores", "tricks", "message"),
    [
        ([(5, 0)], [], "one all-tricks pair per deal"),
        ([(5, 0)], [(True, True)], "both teams"),
        ([(-5, 0)], [(False, False)], "at least 0"),
        ("55", [], "sequence of pairs"),
    ],
)
def test_game_points_refuse_bad_input(scores: Any, tricks: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        game_points(scores, tricks)


def test_the_extra_deal_is_reported_by_a_match() -> None:
    rules = lombardy(lombardy_tie="extra_deal")
    match = Match.start(rules)
    for points in ((46, 26), (26, 46), (36, 36), (36, 36)):
        match = match.add(rules.score_points(points))
    assert not match.is_over and "another deal" in match.points.lines[1]


# -- the engine and the pure path agree -------------------------------------------------------------
@pytest.mark.parametrize("rule", ["strict", "ignore"])
def test_the_engine_scores_as_the_pure_path(rule: str) -> None:
    """For random Lombardy deals, the teams' points and the trick facts written down give the
    engine's result (LO-7.10 applied once, in the pure function's terms)."""
    rules = lombardy(monte="disabled", own_matto_trick=rule)
    rng = random.Random(11)
    for seed in range(25):
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        score = state.result.breakdown
        assert isinstance(score, LombardyScore)
        won, but = all_tricks_facts(state)
        facts = {"all_tricks": (won[0], won[1]), "all_but_own_matto": (but[0], but[1])}
        again = rules.score_points(score.points, **facts)
        assert again.scores == state.result.scores
        assert isinstance(again.breakdown, LombardyScore)
        assert again.breakdown.all_tricks == score.all_tricks


def test_all_tricks_facts_of_a_played_deal() -> None:
    """A team that won every trick is seen as such, and the other team as not."""
    rules = lombardy(monte="disabled")
    state = rules.new_deal(seed=2)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    won, but = all_tricks_facts(state)
    winners = {t.winner % 2 for t in state.tricks}
    assert won == (winners == {0}, winners == {1})
    assert not (won[0] and won[1]) and len(but) == 2


# -- counting entry points, Reseghino layouts --------------------------------------------------------
def test_each_lombard_game_counts_its_own_piles() -> None:
    """``rules.table`` and ``rules.count_pile``: no Mondo value or group size to pass by hand."""
    pile = card_mask(parse_cards("KS QS NS 7S QH JC"))
    assert lombardy().count_pile(pile).points == 15
    assert lombardy(leftover_rule="conserving").count_pile(pile).points == 14
    assert lombardy().table.count(FULL_MASK) == 72 and reseghino().table.count(FULL_MASK) == 78
    assert reseghino().count_pile(FULL_MASK).points == 78
    ombre = tarotlib.variant("tarocco-ombre")
    assert isinstance(ombre, Ombre) and ombre.count_pile(ombre.deck.mask).points == 70


def test_reseghino_takes_a_layout_without_dealing_order() -> None:
    """RE-3: no exposure, so the dealing order does not matter (before, such a layout was refused
    citing LO-11). Lombardy still needs it for its exposure (LO-12)."""
    seeded = reseghino().new_deal(seed=6, dealer=2)
    plain = tarotlib.Layout(seeded.layout.hands, (), dealer=2)
    state = reseghino().new_deal(layout=plain)
    assert state.layout.hands == seeded.layout.hands
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert sum(state.result.scores) == 0
    lombard = lombardy().new_deal(seed=6)
    with pytest.raises(tarotlib.DealError, match="LO-11"):
        lombardy().new_deal(layout=tarotlib.Layout(lombard.layout.hands, (), dealer=0))
