"""Contrée's game to a target through ``Match`` under CO-10.4 (``final_deal_exact``): the last deal
is counted to the point when its exact amounts end the game, else its rounded amounts are credited
and the game goes on even if a rounded total reaches the target."""

from __future__ import annotations

from tarotlib.core.results import DealResult
from tarotlib.match import Match
from tarotlib.variants.belote.contree import Contree, ContreeOptions
from tarotlib.variants.belote.contree.scoring import ContreeFacts, score_contree
from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract

# 100♥ by team 0 (seats 0 and 2), made with 125 card points against 37: 130 + 100 = 230 rounded
# (the defence 40), 125 + 100 = 225 exact (the defence 37) under made_plus_bid.
FACTS = ContreeFacts(ContreeContract(ContreeBid.parse("100H"), 0), (125, 37), (6, 2))


def deal(options: ContreeOptions) -> DealResult:
    score = score_contree(FACTS, options)
    return DealResult(score.scores, breakdown=score)


def before(total: int) -> DealResult:
    """The earlier deals of the game, as one result crediting ``total`` to team 0."""
    return DealResult((total, 0, total, 0))


def test_by_default_rounding_may_win_the_game() -> None:
    """CO-10.4 default: the rounded amounts count for the end test (1770 + 230 reaches 2000)."""
    rules = Contree()
    m = Match.start(rules, target_score=2000).add(before(1770)).add(deal(rules.options))
    assert m.totals == (2000, 40, 2000, 40)
    assert m.is_over and m.winners == (0, 2)


def test_final_deal_exact_rounded_total_does_not_end_the_game() -> None:
    """``final_deal_exact``: 1770 + 225 exact does not reach 2000, so the rounded 230 is credited
    and the game goes on although 2000 is reached."""
    rules = Contree(ContreeOptions(final_deal_exact=True))
    m = Match.start(rules, target_score=2000).add(before(1770)).add(deal(rules.options))
    assert m.credited[-1] == (230, 40, 230, 40)
    assert m.totals == (2000, 40, 2000, 40)
    assert not m.is_over
    # The next deal that passes the end test with its exact amounts ends it.
    m = m.add(deal(rules.options))
    assert m.credited[-1] == (225, 37, 225, 37)
    assert m.is_over and m.winners == (0, 2) and m.totals == (2225, 77, 2225, 77)


def test_final_deal_exact_exact_amounts_end_the_game() -> None:
    """``final_deal_exact``: 1780 + 225 exact passes 2000: the exact amounts are credited."""
    rules = Contree(ContreeOptions(final_deal_exact=True))
    m = Match.start(rules, target_score=2000).add(before(1780)).add(deal(rules.options))
    assert m.credited[-1] == (225, 37, 225, 37)
    assert m.totals == (2005, 37, 2005, 37)
    assert m.is_over and m.winners == (0, 2)


def test_final_deal_exact_changes_nothing_in_a_game_of_a_number_of_deals() -> None:
    rules = Contree(ContreeOptions(final_deal_exact=True))
    m = Match.start(rules, deals=2).add(before(1770)).add(deal(rules.options))
    assert m.credited[-1] == (230, 40, 230, 40) and m.is_over
