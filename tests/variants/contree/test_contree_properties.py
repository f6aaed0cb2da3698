"""Contrée: properties over random legal play under drawn options and presets (the game's option
strategy), checked at every step by the generic checks and the game's independent oracle
(:mod:`tarotlib.variants.belote.contree.oracle`, through ``check_state``): termination, the 32
cards and 162 points conserved, offered actions equal to the legal ones (CO-4.12, BE-7.9), nothing
hidden leaking, identical replay from the state and from its record; rejections leave the state
unchanged and give the rule; a match ends per CO-10; and the reusable state machine."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.core.actions import Pass
from tarotlib.match import Match
from tarotlib.records import GameRecord
from tarotlib.testing import check_replay, check_state, random_play
from tarotlib.testing import invariants as inv
from tarotlib.testing.stateful import VariantMachine
from tarotlib.testing.strategies import deals, rules
from tarotlib.variants.belote.contree import (
    Coinche,
    Contree,
    ContreeBid,
    ContreeOptions,
    ContreeScore,
    ContreeState,
    NoCoinche,
    Surcoinche,
)

from support.profiles import examples

SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
FEW = settings(
    max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

AUCTION_ACTIONS = st.sampled_from(
    [Pass(), Coinche(), Surcoinche(), NoCoinche()]
    + [ContreeBid.parse(t) for t in ("80S", "90H", "100TA", "165C", "capotD", "generaleS")]
)


def every_step(state: tarotlib.deal.DealState) -> None:
    check_state(state)


@SETTINGS
@given(state=deals(rules("contree")), chooser=st.integers(0, 2**32))
def test_random_play_under_drawn_options(state: tarotlib.deal.DealState, chooser: int) -> None:
    """Every state passes the oracle; the deal ends; it replays identically, from the state and
    from its record; a played deal conserves the 32 cards and 162 points (152 + 10, or the
    capot's 252 / ``capot_total``; TA/SA: their table's totals)."""
    last, _ = random_play(state, chooser, on_step=every_step, max_actions=400)
    assert last.is_over
    check_replay(last)
    record = GameRecord.loads(GameRecord.from_state(last).dumps())
    assert record.replay() == last
    result = last.result
    if result.is_annulled:
        return
    score = result.breakdown
    assert isinstance(score, ContreeScore)
    game = last.rules
    assert isinstance(game, Contree)
    o = game.options
    table = game.table(score.facts.contract.denomination)
    pts = sum(score.facts.points)
    capot = 8 in score.facts.tricks
    if o.ta_sa_points == "rescaled" and not score.facts.contract.denomination.is_suit:
        assert pts - (98 + o.capot_total - 250 if capot else 10) in (151, 152, 153)
    else:
        expected = table.cards + (100 - (252 - o.capot_total) if capot else 10)
        assert pts == expected
    assert isinstance(last, ContreeState)
    assert sum(len(t.cards) for t in last.tricks) == 32


@SETTINGS
@given(state=deals(rules("contree")), chooser=st.integers(0, 2**32), action=AUCTION_ACTIONS)
def test_rejections_give_the_rule_and_change_nothing(
    state: tarotlib.deal.DealState, chooser: int, action: object
) -> None:
    """During the auction, an action that is not offered is rejected with a reason citing CO-4,
    and the state is unchanged (``check_rejects``)."""
    state, _ = random_play(state, chooser, steps=3)
    if state.phase != "auction" or action in state.legal_actions():
        return
    error = inv.check_rejects(state, action)  # type: ignore[arg-type]
    assert "CO-4" in error.reason


@FEW
@given(options=rules("contree"), seed=st.integers(0, 2**16))
def test_a_match_ends_per_co10(options: tarotlib.deal.Game, seed: int) -> None:
    """Random bots play a match to the options' target (or number of deals) and it ends with a
    winner above the target, or after the deals, never tied."""
    o = options.options  # type: ignore[attr-defined]
    small = ContreeOptions.from_dict({**o.to_dict(), "target_score": min(o.target_score, 600)})
    game = type(options)(small)  # type: ignore[call-arg]
    m = Match.start(game, seed=seed).play([RandomBot(s) for s in range(4)])
    assert m.is_over
    t = m.totals
    assert t[0] == t[2] and t[1] == t[3]
    assert t[0] != t[1] or small.game_tie == "last_deal_winner"
    if small.game_length == "target":
        assert max(t) >= small.target_score
        assert len(m.winners) == 2 and m.totals[m.winners[0]] >= small.target_score


ContreeMachine = VariantMachine.for_variant("contree", actions=AUCTION_ACTIONS)


class TestContreeMachine(ContreeMachine.TestCase):  # type: ignore[name-defined, misc]
    settings = settings(max_examples=examples(8), stateful_step_count=25, deadline=None)
