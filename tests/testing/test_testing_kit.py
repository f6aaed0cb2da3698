"""The public testing kit (tarotlib.testing) works for any registered variant: strategies by
variant name with the pack inferred, the generic checker ``check_deal`` (it passes on Belote, an
independent engine, at every step under every option, and fails when told wrong facts), and the
reusable state machine ``VariantMachine`` on the built-in games.

The example's own game (examples/custom_variant.py) is tested in test_custom_variant.py, with
deliberately broken engines that the checkers must catch.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
import tarotlib.core.cards
import tarotlib.core.points
import tarotlib.core.tricks
from tarotlib.core.cards import ALL_CARDS, Card
from tarotlib.core.decks import PIQUET_32, TAROT_78
from tarotlib.deal import DealState, Game
from tarotlib.testing import (
    DealFacts,
    VariantMachine,
    check_deal,
    check_replay,
    deals,
    deck_of,
    layouts,
    options,
    policies,
    random_play,
    registered,
    states,
)
from tarotlib.variants.belote import BeloteState

from support.profiles import examples

FEW = settings(
    max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# -- strategies ------------------------------------------------------------------------------------
@FEW
@given(st.from_type(Card))
def test_from_type_card_draws_cards_of_the_tarot_pack(card: Card) -> None:
    assert card in TAROT_78 and card is ALL_CARDS[card]


@FEW
@given(deals("belote"))
def test_deals_of_a_variant_name_deal_its_own_pack(state: DealState) -> None:
    assert state.rules.name == "belote" and state.layout.mask == PIQUET_32.mask
    assert len(state.layout.stock) == 12 and state.history == ()


@FEW
@given(layouts("french-tarot"))
def test_layouts_of_a_variant_name(layout: tarotlib.Layout) -> None:
    assert layout.mask == TAROT_78.mask and layout.players in (3, 4, 5)


class Renamed:
    """Belote's rules under a name the kit does not know, so without a known pack."""

    name = "renamed-belote"

    def __init__(self) -> None:
        self.inner = tarotlib.variant("belote")

    def __getattr__(self, attribute: str) -> object:
        if attribute == "deck":  # a game the kit does not know, and that does not name its pack
            raise AttributeError(attribute)
        return getattr(self.inner, attribute)


def test_deck_of_finds_the_pack_of_built_in_games_and_of_rules_that_name_one() -> None:
    assert deck_of(tarotlib.variant("belote")) is PIQUET_32
    assert deck_of(tarotlib.variant("french-tarot", players=3)) is TAROT_78
    assert deck_of(cast(Game, Renamed())) is None


@FEW
@given(deals(cast(Game, Renamed())))
def test_deals_without_a_known_pack_are_dealt_from_seeds(state: DealState) -> None:
    assert state.seed is not None
    again = tarotlib.variant("belote").new_deal(seed=state.seed, dealer=state.layout.dealer)
    assert state.layout == again.layout


def test_a_variant_name_is_looked_up_when_first_drawn_from() -> None:
    """A strategy may be built before its variant is registered (at import of a test module,
    say); an unknown name fails when drawn from."""
    strategy = deals("belote-again")

    @settings(max_examples=examples(5), database=None)
    @given(strategy)
    def draw(state: DealState) -> None:
        assert state.layout.mask == PIQUET_32.mask

    with pytest.raises(tarotlib.UnknownVariantError):
        draw()
    belote = tarotlib.variant_info("belote")
    with registered(tarotlib.VariantInfo("belote-again", "Belote", "BE-0", belote.factory)):
        draw()
    assert "belote-again" not in tarotlib.variant_names()


@FEW
@given(states("belote", max_steps=40))
def test_states_of_any_variant_are_reached_by_legal_play(state: DealState) -> None:
    check_replay(state)
    assert len(state.history) <= 40


# -- check_deal on Belote: a second engine with partnerships and contract-dependent rules ----------
def belote_aside(state: DealState) -> Iterable[int]:
    """Belote's cards in no hand and no trick: the stock during the bidding and after a thrown-in
    deal (its hands stay as dealt); none once a contract is taken."""
    assert isinstance(state, BeloteState)
    if state.contract is not None:
        return ()
    return state.layout.stock


def check_belote(state: DealState, *, teams: tuple[int, ...] | None = (0, 1, 0, 1)) -> DealFacts:
    def trick_rules(s: DealState) -> tarotlib.core.tricks.TrickRules:
        assert isinstance(s, BeloteState) and s.contract is not None
        return s.rules.trick_rules(s.contract)

    def points(s: DealState) -> tarotlib.core.points.PointTable:
        assert isinstance(s, BeloteState) and s.contract is not None
        return s.rules.table(s.contract).points

    return check_deal(
        state,
        deck=PIQUET_32,
        trick_rules=trick_rules,
        teams=teams,
        point_table=points,
        aside=belote_aside,
        zero_sum=False,  # partners both hold their team's points (BE-11)
    )


@FEW
@given(data=st.data())
def test_check_deal_holds_on_belote_at_every_step_under_any_options(data: st.DataObject) -> None:
    """Every option (direction, partner-trump rules, all trumps / no trumps, explicit belote
    announcements that play a card, ...): the generic checker agrees with the Belote engine."""
    start = data.draw(
        deals(options("belote").map(lambda o: tarotlib.variant("belote", **o.to_dict())))
    )
    final, _ = random_play(start, data, candidates=data.draw(policies()), on_step=check_belote)
    facts = check_belote(final)
    assert isinstance(final, BeloteState)
    if final.contract is not None:
        assert len(facts.tricks) == 8 and [t.winner for t in facts.tricks] == [
            t.winner for t in final.tricks
        ]
        assert facts.points is not None
        teams = [facts.points[0] + facts.points[2], facts.points[1] + facts.points[3]]
        assert [int(p) for p in teams] == list(final.card_points())  # BE-6, without the 10 de der


def test_check_deal_catches_a_wrong_fact_about_belote() -> None:
    """Told that nobody has a partner, the checker finds a Belote deal where the rules offer a
    card that would be illegal against an opponent (BE-7.6): it is sensitive to the facts."""
    rng = random.Random(1)
    with pytest.raises(AssertionError, match=r"is offered|played"):
        for seed in range(200):
            state = tarotlib.variant("belote").new_deal(seed=seed)
            random_play(state, rng, on_step=lambda s: check_belote(s, teams=None))


def test_check_deal_zero_sum_and_scores_apply_at_the_end() -> None:
    state = tarotlib.variant("belote").new_deal(seed=1)
    final, _ = random_play(state, 1, candidates=lambda s: s.legal_actions()[-1:])
    assert final.is_over and not final.result.is_annulled
    check_deal(final, zero_sum=False)
    with pytest.raises(AssertionError, match="do not sum to zero"):
        check_deal(final)
    with pytest.raises(AssertionError, match="your scoring gives"):
        check_deal(final, zero_sum=False, scores=lambda facts: (0, 0, 0, 0))
    check_deal(final, zero_sum=False, scores=lambda facts: final.result.scores)


def test_check_deal_names_a_pack_that_was_not_dealt() -> None:
    state = tarotlib.variant("french-tarot").new_deal(seed=2)
    check_deal(state, deck=TAROT_78)
    with pytest.raises(AssertionError, match="does not deal the pack piquet-32"):
        check_deal(state, deck=PIQUET_32)


# -- the reusable state machine on the built-in games -----------------------------------------------
MACHINE_SETTINGS = settings(
    max_examples=examples(8),
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

TestFrenchTarotMachine = VariantMachine.for_variant(
    "french-tarot", settings=MACHINE_SETTINGS
).TestCase
TestFivePlayerMachine = VariantMachine.for_variant(
    "french-tarot", {"players": 5, "preset": "bga"}, settings=MACHINE_SETTINGS
).TestCase
TestBeloteMachine = VariantMachine.for_variant("belote", settings=MACHINE_SETTINGS).TestCase


def test_for_variant_names_its_machine_and_keeps_the_base_rules() -> None:
    machine = VariantMachine.for_variant("French Tarot", {"players": 3})
    assert machine.__name__ == "FrenchTarotMachine" and issubclass(machine, VariantMachine)
    assert machine.TestCase.settings.deadline is None
    with pytest.raises(tarotlib.UnknownVariantError):
        VariantMachine.for_variant("tarock").run(max_examples=examples(1))


def test_a_subclass_may_set_its_deals_and_checker() -> None:
    seen: list[DealState] = []

    class Counting(VariantMachine):
        deals = deals("belote")

        def check(self, state: DealState) -> None:
            seen.append(state)

    Counting.run(max_examples=examples(2), steps=5)
    assert seen and all(s.rules.name == "belote" for s in seen)
