"""The fool rules of the deal machine: the Matto (LO-7) and the Fou (CH-12), through the engine.

A small game is defined here on the public API: four players in two partnerships (seats 0 and 2
against 1 and 3), four cards each, the Lombard trick rules (follow, trump when void, no overtrump,
LO-6.2) and an :class:`~tarotlib.deal.ExchangeRule`. Deals are given card by card, so every case of
LO-7 and CH-12 is played out exactly.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib import Give, Layout, PacketSchedule, Play, parse_card, parse_cards
from tarotlib.core.cards import EXCUSE, Card, card_mask
from tarotlib.core.decks import TAROT_78, Deck
from tarotlib.core.points import tarot_group_values
from tarotlib.core.ranking import LOMBARD
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal import DealData, DealState, ExchangeRule, Game, TrickPlay, evolve
from tarotlib.errors import IllegalActionError

from support.profiles import examples

LOMBARD_TRICKS = TrickRules(LOMBARD, overtrump=Overtrump.NEVER, trump_lead_higher=False)
# LO-4 face values, Lombardy column (blanks 0).
VALUES = tuple(v - 1 if v > 1 else 0 for v in tarot_group_values(trump21=7, trump1=6, excuse=6))


def _teams(state: DealState) -> DealData:
    return evolve(state.data, sides=(0, 1, 0, 1))  # LO-10: partners sit opposite


@attrs.frozen
class MattoGame(Game[DealState]):
    """Four cards each, dealt one at a time; partners opposite; the fool rule under test."""

    rule: ExchangeRule
    deck: Deck = TAROT_78
    players = 4
    name = "matto-test"
    dealing = PacketSchedule(packet_size=1, packets_per_player=4, kitty_size=0)

    @property
    def phases(self) -> tuple[TrickPlay, ...]:  # type: ignore[override]
        return (TrickPlay(LOMBARD_TRICKS, setup=_teams, fool=self.rule),)

    def check_layout(self, layout: Layout) -> None:  # any 16 cards of the tarot pack
        pass

    def score(self, state: DealState) -> DealResult:
        points = [sum(VALUES[c] for c in state.piles()[s]) for s in range(4)]
        return DealResult(tuple(points))


def matto(**options: Any) -> MattoGame:
    return MattoGame(ExchangeRule(EXCUSE, VALUES, **options))


def deal(game: MattoGame, hands: list[str], dealer: int = 3, discard: str = "") -> DealState:
    state = game.new_deal(layout=Layout([parse_cards(h) for h in hands], (), dealer))
    if discard:  # a dealer's discard (LO-8), for the LO-7.9 option
        data = evolve(state.data, discard=card_mask(parse_cards(discard)))
        state = state.proceed(None, to_act=state.actor, data=data)
    return state


def play(state: DealState, cards: str) -> DealState:
    for text in cards.split():
        state = state.apply(Play(parse_card(text)))
    return state


def pile(state: DealState, seat: int) -> set[str]:
    return {c.text for c in state.piles()[seat]}


# Seats 0 and 2 against 1 and 3; dealer 3, so seat 0 leads the first trick. Lombard order: the red
# pips run backwards (LO-3), so QD beats 5D.
IMMEDIATE = ["4C 5D 3S KS", "5C 7S 8S 2S", "6C QD 6S 9S", "KC EX 10S 4S"]
DEFERRED = ["4C 3S 5D 4S", "KC 7S 8S KS", "6C 9S QD 6S", "5C EX 10S 2S"]


def test_lo_7_4_the_owner_redeems_the_matto_at_once_with_a_blank_of_his_own() -> None:
    """LO-E3: the owner (seat 3) won a trick earlier, so the Matto comes back to him at once and
    the winner of its trick gets the earliest-won blank of the owner's own pile."""
    state = play(deal(matto(), IMMEDIATE), "4C 5C 6C KC")  # trick 1: seat 3 wins with KC
    assert pile(state, 3) == {"4C", "5C", "6C", "KC"}
    state = play(state, "EX 5D 7S QD")  # trick 2: seat 3 leads the Matto; seat 2 wins with QD
    assert state.tricks[-1].winner == 2
    assert "EX" in pile(state, 3) and "EX" not in pile(state, 2)
    assert "4C" in pile(state, 2) and "4C" not in pile(state, 3)  # all blanks: the first won
    assert state.pending is None


def test_lo_7_5_the_exchange_waits_for_the_owners_first_trick() -> None:
    """LO-E3 (a): the owner has won nothing yet (his partner has): the Matto waits in the winner's
    pile, and is redeemed right after the owner's first trick, with a card of that trick."""
    state = play(deal(matto(), DEFERRED), "4C KC 6C 5C")  # trick 1: seat 1 wins
    state = play(state, "7S 9S EX 3S")  # trick 2: seat 2 wins; the Matto is seat 3's
    assert "EX" in pile(state, 2) and state.pending == (3, 2, False)  # LO-7.5: it waits
    state = play(state, "6S 10S 4S 8S")  # trick 3: seat 3 wins with 10S
    assert state.tricks[-1].winner == 3
    assert "EX" in pile(state, 3) and "EX" not in pile(state, 2)
    assert "6S" in pile(state, 2) and state.pending is None  # the first card won in trick 3


def test_lo_7_6_a_matto_never_redeemed_stays_with_the_winner() -> None:
    """LO-E3 (b): the owner never wins a trick: the Matto counts for the trick's winner."""
    hands = ["4C 3S 4S 5D", "KC 7S 8S KS", "6C 9S 6S QD", "5C EX 2S 3D"]
    state = play(deal(matto(), hands), "4C KC 6C 5C 7S 9S EX 3S 6S 2S 4S 8S KS QD 3D 5D")
    assert state.is_over and not pile(state, 3)
    assert "EX" in pile(state, 2)
    assert state.result.scores[2] == VALUES[EXCUSE]  # trick 2: 7S 9S EX 3S


def test_lo_7_3_a_matto_led_lets_the_next_card_set_the_suit() -> None:
    """LO-E3 (c): after a led Matto the second card sets the suit to follow."""
    state = play(deal(matto(), IMMEDIATE), "4C 5C 6C KC EX 5D")
    assert [a.text for a in state.legal_actions()] == ["play 2S", "play 7S", "play 8S"]  # void
    assert [a.text for a in play(state, "7S").legal_actions()] == ["play QD"]  # must follow


def test_lo_7_8_the_partners_trick_with_and_without_the_exchange() -> None:
    """LO-7.8: the owner's partner wins the Matto's trick: ``perform`` (``anyone``) redeems it
    from the owner's pile; ``skip`` (``other_side``, also CH-12.4) leaves it with the partner."""
    hands = ["4C 3S 5D 4S", "5C 9S 8S KS", "6C 6S QD 2S", "KC EX 10S 7S"]
    for rule, holder in (("anyone", 3), ("other_side", 1)):
        state = play(deal(matto(exchange_with=rule), hands), "4C 5C 6C KC")  # seat 3 wins
        state = play(state, "EX 3S 9S 6S")  # seat 3 leads the Matto; seat 1 (partner) wins
        assert state.tricks[-1].winner == 1
        assert "EX" in pile(state, holder)


def test_ch_12_4_side_source_pays_from_the_partners_pile() -> None:
    """CH-E8: the owner has won nothing but his partner has: with ``source="side"`` the exchange is
    made at once from the partner's pile; with ``own`` it waits for the owner's first trick."""
    options = {"exchange_with": "other_side"}
    side = play(deal(matto(source="side", **options), DEFERRED), "4C KC 6C 5C 7S 9S EX 3S")
    own = play(deal(matto(source="own", **options), DEFERRED), "4C KC 6C 5C 7S 9S EX 3S")
    assert side.tricks[-1].winner == own.tricks[-1].winner == 2
    assert "EX" in pile(side, 3) and "4C" in pile(side, 2)  # paid from seat 1's pile
    assert len(pile(side, 1)) == 3 and side.pending is None
    assert "EX" in pile(own, 2) and own.pending == (3, 2, False)


def test_ch_12_6_to_winner_in_the_last_trick() -> None:
    """CH-12.6 ``to_winner``: a Fou played to the last trick stays with its winner; ``normal``
    redeems it as in any other trick."""
    hands = ["KC 5D 3S 4S", "5C 7S 8S KS", "6C QD 6S 9S", "4C T2 2S EX"]
    for last, holder in (("normal", 3), ("to_winner", 1)):
        state = play(deal(matto(last_trick=last), hands), "KC 5C 6C 4C 5D 7S QD T2")
        assert state.tricks[-1].winner == 3  # seat 3 trumped
        state = play(state, "2S 3S 8S 6S KS 9S EX 4S")  # seat 1 wins both
        assert state.is_over and "EX" in pile(state, holder)


def test_lo_7_7_any_own_card_the_owner_chooses() -> None:
    """LO-7.7 ``any_own_card``: between two tricks the owner chooses the card he gives; nothing
    else is legal meanwhile, and a card he does not own is refused."""
    state = play(deal(matto(payment="chosen"), IMMEDIATE), "4C 5C 6C KC EX 5D 7S QD")
    assert state.to_act == 3 and state.trick_leader == 2
    assert [a.text for a in state.legal_actions()] == ["give 4C", "give 5C", "give 6C", "give KC"]
    with pytest.raises(IllegalActionError, match="won cards"):
        state.apply(Give(parse_card("QD")))
    with pytest.raises(IllegalActionError, match="give"):
        state.apply(Play(parse_card("3S")))
    assert state.rules.parse_action("give KC") == Give(parse_card("KC"))
    after = state.apply(Give(parse_card("KC")))
    assert after.to_act == 2 and "KC" in pile(after, 2) and "EX" in pile(after, 3)
    assert after.history[-1] == Give(parse_card("KC"))


def test_lo_7_9_paying_from_the_dealers_discard() -> None:
    """LO-7.9 option: the dealer may redeem the Matto from his discard before winning a trick."""
    for from_discard, waits in ((False, True), (True, False)):
        state = deal(matto(from_discard=from_discard), DEFERRED, dealer=3, discard="2D 3D")
        state = play(state, "4C KC 6C 5C 7S 9S EX 3S")  # seat 3 (the dealer) has won nothing
        assert (state.pending is not None) == waits
        if not waits:
            assert "EX" in pile(state, 3) and "2D" in pile(state, 2)
            assert state.data.discard == card_mask(parse_cards("3D"))


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(0, 2**32),
    source=st.sampled_from(["own", "side"]),
    exchange_with=st.sampled_from(["anyone", "other_side"]),
    payment=st.sampled_from(["lowest", "chosen"]),
    last_trick=st.sampled_from(["normal", "to_winner"]),
)
def test_random_play_conserves_every_card(
    seed: int,
    source: Literal["own", "side"],
    exchange_with: Literal["anyone", "other_side"],
    payment: Literal["lowest", "chosen"],
    last_trick: Literal["normal", "to_winner"],
) -> None:
    """Random legal play under any options: the deal ends, every card dealt is in exactly one pile,
    and each side holds whole tricks (an exchange swaps one card for one)."""
    rng = random.Random(seed)
    cards: list[Card] = rng.sample([c for c in TAROT_78.cards if c != EXCUSE], 15) + [EXCUSE]
    rng.shuffle(cards)
    hands = [" ".join(c.text for c in cards[i * 4 : i * 4 + 4]) for i in range(4)]
    game = matto(source=source, exchange_with=exchange_with, payment=payment, last_trick=last_trick)
    state = deal(game, hands)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    piles = state.piles()
    assert sorted(c for p in piles for c in p) == sorted(cards)
    assert (len(piles[0]) + len(piles[2])) % 4 == 0  # an exchange swaps one card for one
    sides = [{c for s in (0, 2) for c in piles[s]}, {c for s in (1, 3) for c in piles[s]}]
    owner_side = next(i for i in (0, 1) if EXCUSE in sides[i])
    assert owner_side in (0, 1)
