"""The cards exposed from the deal (LO-12), through the deal machine: the dealer's extra cards and
the last card of each other hand, then more of the dealer's cards while fewer than two of his
face-up cards are non-honours, in reverse dealing order or chosen by him (``exposure_order``).

The game is a small synthetic Lombardy-like one defined here: the deal with the dealer's extra
cards (LO-11), the exposure, the dealer's discard (LO-8) and the tricks.
"""

from __future__ import annotations

import random
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarotlib.core.actions import Expose, Play
from tarotlib.core.cards import TRUMP_MASK, Card, card_mask, format_cards, parse_card, parse_cards
from tarotlib.core.dealing import DealerExtraSchedule, Layout
from tarotlib.core.decks import TAROT_78
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal import (
    DealState,
    DiscardCards,
    ExposeCards,
    Game,
    TrickPlay,
    dealt_in_order,
    exposed,
    face_up,
)
from tarotlib.deal.data import Note
from tarotlib.deal.discard import dealer
from tarotlib.deal.exposure import ExposureOrder
from tarotlib.errors import DealError, IllegalActionError

from support.deal import apply_all, check_conservation, random_play, snapshot
from support.profiles import examples

TRICKS = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)  # LO-6.2
HONOURS = card_mask(parse_cards("KS KH KD KC T21 T1 EX"))  # LO-4, LO-12.2
DEALER_DISCARD = DiscardRule(
    forbidden=((HONOURS, "never an honour (LO-8.2)"),),
    reluctant=TRUMP_MASK & ~HONOURS,
    reluctant_reason="a trump only when unavoidable (LO-8.2)",
)
ORDERS: tuple[ExposureOrder, ...] = ("reverse_deal", "dealer_choice")


class Exposing(Game[DealState]):
    """LO-11 deal, LO-12 exposure, LO-8 discard, tricks; each seat scores its tricks."""

    name = "test-exposure"
    deck = TAROT_78

    def __init__(
        self,
        order: ExposureOrder = "reverse_deal",
        *,
        players: int = 4,
        plan: DealerExtraSchedule | None = None,
    ) -> None:
        self.players = players
        self.plan = self.dealing = plan or DealerExtraSchedule(19, 2, keep_order=True)
        self.phases = (
            ExposeCards(HONOURS, order),
            DiscardCards(DEALER_DISCARD, self.plan.extra, who=dealer),
            TrickPlay(TRICKS),
        )

    def score(self, state: DealState) -> DealResult:
        won = [0] * self.players
        for trick in state.tricks:
            won[trick.winner] += 1
        return DealResult(tuple(won))


def arrange(d: int, tail: str, last: dict[int, str]) -> Layout:
    """A Lombardy layout dealt by ``d`` whose hand ends with ``tail`` (the last card dealt last)
    and where ``last[seat]`` is the last card dealt to each other seat. The other honours go to
    the other seats, so the dealer's remaining cards are plain."""
    fixed = [*parse_cards(tail), *(parse_card(c) for c in last.values())]
    rest = [c for c in TAROT_78.cards if c not in fixed]
    honours = [c for c in rest if HONOURS >> c & 1]
    plain = [c for c in rest if not HONOURS >> c & 1]
    pool = honours + plain
    hands: list[list[Card]] = [[] for _ in range(4)]
    for seat in range(4):
        if seat != d:
            end = [parse_card(last[seat])] if seat in last else []
            hands[seat] = pool[: 19 - len(end)] + end
            pool = pool[19 - len(end) :]
    hands[d] = pool + list(parse_cards(tail))
    assert len(hands[d]) == 21
    return Layout.in_order(hands, dealer=d)


def shown(state: DealState) -> list[tuple[int, str]]:
    return [(seat, card.text) for seat, card in exposed(state.data)]


OTHERS = {1: "KH", 2: "T5", 3: "9D"}


@pytest.mark.parametrize("order", ORDERS)
def test_lo_12_1_two_plain_extra_cards_are_enough(order: ExposureOrder) -> None:
    """LO-12.1: the dealer's two extra cards and the last card dealt to each other player; both
    of his are non-honours, so nothing more is turned (whatever ``exposure_order``)."""
    state = Exposing(order).new_deal(layout=arrange(0, "2S 3S", OTHERS))
    assert shown(state) == [(0, "2S"), (0, "3S"), (1, "KH"), (2, "T5"), (3, "9D")]
    assert state.phase == "discard" and state.to_act == 0 and state.history == ()


def test_lo_12_2_one_honour_turns_one_more_card() -> None:
    """LO-12.2, reverse_deal: KD is an honour, so the dealer turns the card he received before
    his extra cards, 4S: two non-honours face up."""
    state = Exposing().new_deal(layout=arrange(0, "4S 5S KD", OTHERS))
    assert shown(state) == [(0, "5S"), (0, "KD"), (1, "KH"), (2, "T5"), (3, "9D"), (0, "4S")]


def test_lo_12_2_honours_turned_stay_up_and_the_turning_goes_on() -> None:
    """LO-12.2: T21 and the Matto are honours; 7S counts one, the Bagatto stays face up and the
    turning goes on to 6S."""
    state = Exposing().new_deal(layout=arrange(2, "6S T1 7S T21 EX", {0: "QH", 1: "T2", 3: "1C"}))
    assert shown(state) == [
        (2, "T21"),
        (2, "EX"),
        (3, "1C"),
        (0, "QH"),
        (1, "T2"),
        (2, "7S"),
        (2, "T1"),
        (2, "6S"),
    ]
    assert state.phase == "discard" and state.to_act == 2


def test_lo_12_2_all_seven_honours_at_the_end_of_the_dealers_hand() -> None:
    state = Exposing().new_deal(layout=arrange(1, "KS KH KD KC T21 T1 EX", {0: "2C"}))
    mine = [card for seat, card in shown(state) if seat == 1]
    before = dealt_in_order(state, 1)[-9:-7]
    assert mine == ["T1", "EX", "T21", "KC", "KD", "KH", "KS", before[1].text, before[0].text]
    assert sum(not HONOURS >> parse_card(c) & 1 for c in mine) == 2


def test_lo_12_2_dealer_choice() -> None:
    """exposure_order = dealer_choice: the dealer turns the cards he chooses, one action each;
    an honour chosen stays up and he goes on; he stops at the second non-honour."""
    game = Exposing("dealer_choice")
    state = game.new_deal(layout=arrange(0, "T21 2S 3S KS KH", {1: "QC", 2: "T5", 3: "9D"}))
    assert shown(state) == [(0, "KS"), (0, "KH"), (1, "QC"), (2, "T5"), (3, "9D")]
    assert state.phase == "exposure" and state.to_act == 0
    offered = [a.card for a in state.legal_actions() if isinstance(a, Expose)]
    assert len(offered) == 19 == len(state.legal_actions())
    assert set(offered) == set(state.hand(0)) - set(parse_cards("KS KH"))
    before = snapshot(state)
    for text, reason in [
        ("expose KH", "expose KH: KH is already face up"),
        ("expose 9D", "expose 9D: 9D is not in the dealer's hand"),
        ("play 2S", r"play 2S: phase exposure expects a card of the dealer's to turn face up"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(game.parse_action(text))
        assert snapshot(state) == before
    state = apply_all(state, ["expose T21"])
    assert state.phase == "exposure" and shown(state)[-1] == (0, "T21")
    state = apply_all(state, ["expose 3S"])
    assert state.phase == "exposure"
    state = apply_all(state, ["expose 2S"])
    assert state.phase == "discard"
    assert [c for s, c in shown(state) if s == 0] == ["KS", "KH", "T21", "3S", "2S"]
    assert state.history == tuple(Expose(c) for c in parse_cards("T21 3S 2S"))


def test_lo_12_3_exposed_cards_and_holders_stay_public() -> None:
    """LO-12.3, LO-9: the exposed cards are noted for the rest of the deal; ``face_up`` gives
    those still held, so a card leaves it when it is played (or discarded)."""
    state = Exposing().new_deal(layout=arrange(0, "4S 5S KD", OTHERS))
    listed = exposed(state.data)
    assert face_up(state) == listed
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        assert exposed(state.data) == listed
        assert face_up(state) == tuple(
            (seat, card) for seat, card in listed if state.hand_mask(seat) >> card & 1
        )
    assert face_up(state) == ()


def test_the_exposure_needs_the_dealing_order() -> None:
    game = Exposing(plan=DealerExtraSchedule(19, 2))
    with pytest.raises(DealError, match=r"needs the order in which each hand was dealt"):
        game.new_deal(seed=1)


def test_a_seat_sitting_out_shows_nothing() -> None:
    """With a seat sitting out (CH-2.3), only the active players' last cards are turned."""
    game = Exposing(players=6, plan=DealerExtraSchedule(15, 3, (5, 5, 5), True, sits_out=1))
    state = game.new_deal(seed=5, dealer=3)
    seats = [seat for seat, _ in exposed(state.data)]
    assert 4 not in seats and {0, 1, 2, 5} <= set(seats)
    assert [s for s in seats[:2]] == [3, 3] and len(seats) >= 6


SHOWN = Note("shown", cast("tuple[tuple[int, Card], ...]", ()))


def test_the_phase_parameters() -> None:
    """Generic parameters: three of the dealer's cards, none of the others', one non-honour."""

    class Other(Exposing):
        def __init__(self) -> None:
            super().__init__()
            self.phases = (
                ExposeCards(HONOURS, dealer_cards=3, others_cards=0, plain=1, key=SHOWN),
                *self.phases[1:],
            )

    state = Other().new_deal(layout=arrange(0, "4S KD 5S KC", OTHERS))
    assert exposed(state.data) == () and [c.text for _, c in exposed(state.data, SHOWN)] == [
        "KD",
        "5S",
        "KC",
    ]
    with pytest.raises(ValueError, match="exposure order must be"):
        ExposeCards(HONOURS, order="random")  # type: ignore[arg-type]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(ORDERS),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_random_deals_follow_lo_12(
    order: ExposureOrder, seed: int, d: int, rng: random.Random
) -> None:
    """On random deals: the exposure shows the dealer's two last cards and each other seat's
    last card; then the dealer's face-up cards hold two non-honours, the last one turned being
    the second (reverse_deal: they are the end of his hand in dealing order). Random play ends,
    conserving every card, rejecting what is not offered."""
    game = Exposing(order)
    state = game.new_deal(seed=seed, dealer=d)
    while state.phase == "exposure":
        check_conservation(state)
        state = state.apply(rng.choice(state.legal_actions()))
    listed = exposed(state.data)
    mine = [card for seat, card in listed if seat == d]
    order_d = dealt_in_order(state, d)
    assert mine[:2] == list(order_d[-2:])
    assert [(s, c) for s, c in listed[2:5]] == [
        ((d + k) % 4, dealt_in_order(state, (d + k) % 4)[-1]) for k in (1, 2, 3)
    ]
    plain = [not HONOURS >> c & 1 for c in mine]
    assert sum(plain) >= 2 and (len(mine) == 2 or (plain[-1] and sum(plain[:-1]) == 1))
    if order == "reverse_deal":
        assert sorted(mine) == sorted(order_d[len(order_d) - len(mine) :])
    final = random_play(state, rng)
    assert final.is_over and exposed(final.data) == listed
    assert all(isinstance(a, Expose | Play) or a.text.startswith("discard") for a in final.history)


def test_expose_round_trips_as_text() -> None:
    game = Exposing("dealer_choice")
    assert game.parse_action("expose T21") == Expose(parse_card("T21"))
    assert format_cards(HONOURS) == "KS KH KD KC T1 T21 EX"
