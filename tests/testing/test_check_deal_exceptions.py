"""``tarotlib.testing.check_deal`` applies a game's exceptions to its plain trick rules, stated
through the registry (``VariantInfo.trick_exceptions``): French Tarot's opening-lead ban (FT-5.5)
and its slam Excuse (FT-10.8). Real French Tarot deals that hit each case pass; without the
exceptions the same deals fail; and engines that break the exceptions are caught.
"""

from __future__ import annotations

from typing import cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib import Layout
from tarotlib.core.actions import Play
from tarotlib.core.cards import ALL_CARDS, EXCUSE, parse_cards
from tarotlib.core.points import FRENCH_TAROT_POINTS
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS, PlayedTrick
from tarotlib.deal import DealState, Game
from tarotlib.testing import DealFacts, TrickExceptions, check_deal, random_play
from tarotlib.testing import strategies as ts
from tarotlib.variants.french_tarot import FrenchTarotState

from support.profiles import examples

NONE = TrickExceptions()


def check_tarot(state: DealState, **facts: object) -> DealFacts:
    """check_deal with French Tarot's facts (its exceptions come from the registry)."""
    return check_deal(
        state,
        deck=tarotlib.TAROT_78,
        trick_rules=FRENCH_TAROT_TRICKS,
        point_table=FRENCH_TAROT_POINTS,
        **facts,  # type: ignore[arg-type]
    )


def test_french_tarot_registers_its_exceptions() -> None:
    hook = tarotlib.variant_info("french-tarot").trick_exceptions
    assert hook is not None
    assert tarotlib.variant_info("belote").trick_exceptions is None
    state = tarotlib.variant("french-tarot").new_deal(seed=1)
    exceptions = hook(state)
    assert isinstance(exceptions, TrickExceptions)
    assert exceptions.banned is not None and exceptions.winner is not None
    assert hook(tarotlib.variant("belote").new_deal(seed=1)) is None


# -- FT-5.5: the opening lead may not be of the called suit, unless the called card ---------------
OPENING = ["bid garde-sans", "pass", "pass", "pass", "pass", "call KS", "no-slam"]


def opening_lead(**options: object) -> FrenchTarotState:
    """5 players, seed 0: seat 1 takes, calls KS, and leads the first trick holding 5S and NS."""
    rules = tarotlib.variant("french-tarot", players=5, **options)
    state = rules.new_deal(seed=0)
    for text in OPENING:
        state = state.apply(rules.parse_action(text))
    assert isinstance(state, FrenchTarotState)
    return state


def test_the_opening_lead_ban_is_hit_and_check_deal_passes() -> None:
    state = opening_lead()
    assert state.phase == "play" and state.to_act == 1 and state.called_card == ALL_CARDS[13]
    hand = state.hand(1)
    spades = set(parse_cards("5S NS"))
    assert spades <= set(hand)
    offered = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert not offered & spades and len(offered) == len(hand) - 2  # the engine applies FT-5.5
    check_tarot(state)
    final, _ = random_play(state, 3, on_step=check_tarot)
    assert final.is_over
    check_tarot(final)


def test_without_the_ban_check_deal_disagrees_with_the_engine() -> None:
    with pytest.raises(AssertionError, match=r"seat 1 is offered .* on a lead; the trick rules"):
        check_tarot(opening_lead(), exceptions=NONE)


class ClaimsTheBan:
    """French Tarot rules that claim the opening-lead ban over an engine that does not apply it
    (``called_suit_opening_lead_ban=False``): a broken engine for the checker to catch."""

    def __init__(self, inner: Game) -> None:
        self.inner = inner
        options = inner.options  # type: ignore[attr-defined]
        self.options = attrs.evolve(options, called_suit_opening_lead_ban=True)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


class Reported:
    """A state that reports other rules, or other tricks, than its engine's."""

    def __init__(
        self, state: FrenchTarotState, rules: object = None, tricks: object = None
    ) -> None:
        self.state = state
        self._rules = rules
        self._tricks = tricks

    @property
    def rules(self) -> object:
        return self.state.rules if self._rules is None else self._rules

    @property
    def tricks(self) -> object:
        return self.state.tricks if self._tricks is None else self._tricks

    def __getattr__(self, name: str) -> object:
        return getattr(self.state, name)


def test_an_engine_that_offers_a_banned_lead_is_caught() -> None:
    state = opening_lead(called_suit_opening_lead_ban=False)
    offered = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert set(parse_cards("5S NS")) <= offered  # this engine does not apply FT-5.5
    check_tarot(state)  # which is right under its own options
    lying = cast(DealState, Reported(state, rules=ClaimsTheBan(state.rules)))
    with pytest.raises(AssertionError, match=r"is offered .*the called card \(FT-5\.5\)"):
        check_tarot(lying)


def test_an_engine_that_accepts_a_banned_lead_is_caught() -> None:
    state = opening_lead(called_suit_opening_lead_ban=False).apply(Play(parse_cards("5S")[0]))
    check_tarot(state)
    lying = cast(DealState, Reported(state, rules=ClaimsTheBan(state.rules)))
    with pytest.raises(AssertionError, match=r"trick 1: seat 1 played 5S after nothing: .*FT-5\.5"):
        check_tarot(lying)


# -- FT-10.8: a camp that won every earlier trick wins the last one with its Excuse ----------------
SLAMMER = parse_cards(
    "KS KH T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1 EX"
)


def excuse_slam(auction: list[str], **options: object) -> FrenchTarotState:
    """3 players, dealer 0: seat 1 holds the Kings of spades and hearts, every trump and the
    Excuse; it leads each trick with them in that order, the Excuse last. ``auction`` decides
    whether seat 1 is the taker (the attack's slam) or a defender (the defence's)."""
    rest = [c for c in ALL_CARDS if c not in SLAMMER]
    layout = Layout((tuple(rest[:24]), tuple(SLAMMER), tuple(rest[24:48])), tuple(rest[48:]), 0)
    rules = tarotlib.variant("french-tarot", players=3, **options)
    state = rules.new_deal(layout=layout)
    for text in [*auction, "no-slam"]:
        state = state.apply(rules.parse_action(text))
    leads = list(SLAMMER)
    while not state.is_over:
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        state = state.apply(Play(leads.pop(0)) if state.to_act == 1 else plays[0])
    assert isinstance(state, FrenchTarotState)
    return state


ATTACK = ["bid garde-sans", "pass", "pass"]  # seat 1 takes
DEFENCE = ["pass", "bid garde-sans", "pass"]  # seat 2 takes; seat 1 defends


@pytest.mark.parametrize("auction", [ATTACK, DEFENCE], ids=["attack", "defence"])
def test_the_slam_excuse_is_hit_and_check_deal_passes(auction: list[str]) -> None:
    final = excuse_slam(auction)
    last = final.tricks[-1]
    assert last.cards[0] == EXCUSE and last.winner == 1  # FT-10.8: the Excuse wins
    assert all(t.winner == 1 for t in final.tricks)
    facts = check_tarot(final)
    assert facts.tricks[-1].winner == 1


def test_without_the_exception_check_deal_disagrees_with_the_engine() -> None:
    with pytest.raises(AssertionError, match=r"trick 24 .* is won by seat 1; the trick rules give"):
        check_tarot(excuse_slam(ATTACK), exceptions=NONE)


def test_the_defence_excuse_loses_under_attack_only_and_check_deal_agrees() -> None:
    final = excuse_slam(DEFENCE, excuse_slam_exception="attack_only")
    assert final.tricks[-1].winner != 1  # O-2: only the attack's Excuse wins the last trick
    check_tarot(final)


def test_an_engine_that_forgets_the_slam_excuse_is_caught() -> None:
    final = excuse_slam(ATTACK)
    *earlier, last = final.tricks
    plain = PlayedTrick(last.leader, last.cards, 2)  # the trick rules' winner: the 8C's seat
    forgetful = cast(DealState, Reported(final, tricks=(*earlier, plain)))
    with pytest.raises(
        AssertionError, match=r"is won by seat 2; the trick rules give seat 1 .*FT-10\.8"
    ):
        check_tarot(forgetful)


# -- any deal -----------------------------------------------------------------------------------
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_check_deal_holds_on_french_tarot_at_every_step_under_any_options(
    data: st.DataObject,
) -> None:
    """Every option and player count: with its registered exceptions, the generic checker agrees
    with the French Tarot engine at every step (the opening-lead ban is hit in most 5-player
    deals)."""
    start = data.draw(ts.deals(ts.rules("french-tarot")))
    final, _ = random_play(start, data, candidates=data.draw(ts.policies()), on_step=check_tarot)
    facts = check_tarot(final)
    if final.result.is_annulled:
        return
    assert isinstance(final, FrenchTarotState)
    assert [t.winner for t in facts.tricks] == [t.winner for t in final.tricks]
