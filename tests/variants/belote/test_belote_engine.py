"""Belote engine tests against ``belote.md``: the deal (BE-3.3, BE-3.4), layouts, belote-rebelote
(BE-9), declarations through the engine (BE-10.3), observations, action texts and replays, card
points and per-seat results (BE-6.6, BE-11.9), and state immutability.

Expectations come from the rules text (for instance BE-3.4 is written out independently below),
never from the engine's own output. Engine bugs found are kept as ``xfail(strict=True)`` tests whose
reason starts with ``engine bug:``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

import pytest

from tarotlib.core.actions import Action, Bid, Declare, Pass, Play
from tarotlib.core.cards import (
    PIQUET_NOTATION,
    Card,
    parse_cards,
)
from tarotlib.core.dealing import Layout
from tarotlib.core.decks import PIQUET_32
from tarotlib.core.rng import shuffle
from tarotlib.errors import DealError, IllegalActionError, OptionError
from tarotlib.variants.belote import (
    Announcement,
    Belote,
    BeloteState,
    CombinationKind,
    Contract,
    Outcome,
)
from tarotlib.variants.belote.scoring import BeloteScore

from support.belote import belote, card, cards, plays, show

KIND = CombinationKind
BELOTE, REBELOTE = Announcement.BELOTE, Announcement.REBELOTE


# --------------------------------------------------------------------------------------------------
# helpers


def declares(state: BeloteState) -> list[Declare]:
    return [a for a in state.legal_actions() if isinstance(a, Declare)]


def rejection(state: BeloteState, action: Action) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    reason = info.value.reason
    assert isinstance(reason, str) and reason
    return reason


def score_of(state: BeloteState) -> BeloteScore:
    score = state.result.breakdown
    assert isinstance(score, BeloteScore)
    return score


def check_hands(hands: Sequence[str]) -> None:
    all_cards = [c for h in hands for c in parse_cards(h)]
    assert len(all_cards) == 32 and set(all_cards) == set(PIQUET_32.cards)


def shuffled_pack(seed: int) -> list[Card]:
    order = list(PIQUET_32.cards)
    random.Random(seed).shuffle(order)
    return order


def snapshot(state: BeloteState) -> tuple[object, ...]:
    """Everything observable about a state, for immutability checks."""
    return (
        state.phase,
        state.to_act,
        state.legal_actions(),
        state.history,
        tuple(state.hand(s) for s in range(4)),
        state.current_trick,
        state.tricks,
        state.card_points(),
        state.declarations,
        state.announcements,
        state.bids,
        state.contract,
        state.taker,
        state.layout,
        tuple(state.observation(s) for s in range(4)),
    )


def random_deal(
    rules: Belote, seed: int, *, declare_rate: float = 0.5, min_passes: int = 0
) -> list[BeloteState]:
    """Every state of a deal dealt from ``seed`` with random (legal) choices."""
    rng = random.Random(seed)
    state = rules.new_deal(seed=seed, dealer=seed % 4)
    states = [state]
    passes = min_passes + rng.randrange(6)
    while not state.is_over:
        acts = state.legal_actions()
        if state.phase == "bidding":
            if passes > 0 or len(acts) == 1:
                passes -= 1
                action: Action = Pass()
            else:
                action = rng.choice(acts[1:])
        else:
            extra = [a for a in acts if isinstance(a, Declare)]
            if extra and rng.random() < declare_rate:
                action = rng.choice(extra)
            else:
                action = rng.choice([a for a in acts if isinstance(a, Play)])
        state = state.apply(action)
        states.append(state)
    return states


# --------------------------------------------------------------------------------------------------
# BE-3.3 / BE-3.4 the deal


def canonical_dealt(order: Sequence[int], dealer: int, packets: str) -> list[frozenset[int]]:
    """BE-3.4 step 1, written out: for each packet size and k = 1..4, seat (d + k) mod 4 receives
    the next n cards."""
    sizes = (3, 2) if packets == "3-2" else (2, 3)
    hands: list[set[int]] = [set() for _ in range(4)]
    pos = 0
    for n in sizes:
        for k in range(1, 5):
            hands[(dealer + k) % 4].update(order[pos : pos + n])
            pos += n
    assert pos == 20
    return [frozenset(h) for h in hands]


def canonical_full(
    order: Sequence[int], dealer: int, packets: str, taker: int
) -> list[frozenset[int]]:
    """BE-3.4 steps 2–3: the taker receives p[20]; then seat (d + k) mod 4 receives 2 cards if it
    is the taker, else 3, from p[21..31]."""
    hands = [set(h) for h in canonical_dealt(order, dealer, packets)]
    hands[taker].add(order[20])
    pos = 21
    for k in range(1, 5):
        seat = (dealer + k) % 4
        n = 2 if seat == taker else 3
        hands[seat].update(order[pos : pos + n])
        pos += n
    assert pos == 32
    return [frozenset(h) for h in hands]


# Positions of p[0..19] for dealer 3, worked out by hand from BE-3.4 step 1.
HAND_POSITIONS: dict[str, dict[int, tuple[int, ...]]] = {
    "3-2": {
        0: (0, 1, 2, 12, 13),
        1: (3, 4, 5, 14, 15),
        2: (6, 7, 8, 16, 17),
        3: (9, 10, 11, 18, 19),
    },
    "2-3": {
        0: (0, 1, 8, 9, 10),
        1: (2, 3, 11, 12, 13),
        2: (4, 5, 14, 15, 16),
        3: (6, 7, 17, 18, 19),
    },
}


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
def test_be3_4_pack_positions_dealer_3(packets: str) -> None:
    """BE-3.3, BE-3.4 with both deal_packets values, dealer 3 (seat 0 is served first): the exact
    pack positions of each 5-card hand, the turn-up p[20], and the completion when seat 2 takes in
    round 1 (p[20] + p[27..28] for the taker, three cards for each other seat in seat order)."""
    order = shuffled_pack(5)
    state = belote(deal_packets=packets).deal_from_order(order, dealer=3)
    for seat, positions in HAND_POSITIONS[packets].items():
        assert frozenset(state.hand(seat)) == frozenset(order[p] for p in positions), seat
    assert state.turn_up == order[20]
    assert tuple(state.layout.stock) == tuple(order[20:])
    state = state.apply(Pass()).apply(Pass())  # seats 0 and 1 pass; seat 2 takes
    state = state.apply(Bid(Contract(order[20].suit or 0)))
    added = {0: (21, 22, 23), 1: (24, 25, 26), 2: (20, 27, 28), 3: (29, 30, 31)}
    for seat in range(4):
        positions = HAND_POSITIONS[packets][seat] + added[seat]
        assert frozenset(state.hand(seat)) == frozenset(order[p] for p in positions), seat


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("taker_offset", range(4))
def test_be3_4_canonical_layout_round_1_taker(packets: str, dealer: int, taker_offset: int) -> None:
    """BE-3.4: 5-card hands, turn-up p[20], and the completed hands for every round-1 taker."""
    order = shuffled_pack(100 * dealer + taker_offset)
    rules = belote(deal_packets=packets)
    state = rules.deal_from_order(order, dealer=dealer)
    assert [frozenset(state.hand(s)) for s in range(4)] == canonical_dealt(order, dealer, packets)
    assert state.turn_up == order[20]
    for _ in range(taker_offset):
        state = state.apply(Pass())
    taker = (dealer + 1 + taker_offset) % 4
    assert state.to_act == taker
    state = state.apply(Bid(Contract(order[20].suit or 0)))
    assert state.taker == taker
    expected = canonical_full(order, dealer, packets, taker)
    assert [frozenset(state.hand(s)) for s in range(4)] == expected


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
@pytest.mark.parametrize("taker_offset", range(4))
def test_be3_4_canonical_layout_round_2_taker(packets: str, taker_offset: int) -> None:
    """BE-3.4 step 3 also after a round-2 bid (BE-4.3: the taker still gets the turn-up)."""
    order = shuffled_pack(7 + taker_offset)
    dealer = 2
    state = belote(deal_packets=packets).deal_from_order(order, dealer=dealer)
    for _ in range(4 + taker_offset):
        state = state.apply(Pass())
    taker = (dealer + 1 + taker_offset) % 4
    name = next(a for a in state.legal_actions() if isinstance(a, Bid))
    state = state.apply(name)
    assert state.taker == taker and state.contract != Contract(order[20].suit or 0)
    expected = canonical_full(order, dealer, packets, taker)
    assert [frozenset(state.hand(s)) for s in range(4)] == expected


def test_be3_4_deal_from_order_errors() -> None:
    """BE-3.4: the order must be the 32 cards, each once; the dealer a seat."""
    rules = belote()
    order = list(PIQUET_32.cards)
    with pytest.raises(DealError):
        rules.deal_from_order(order[:31])
    with pytest.raises(DealError):
        rules.deal_from_order([*order[:31], order[0]])
    with pytest.raises(DealError):
        rules.deal_from_order([*order[:31], card("2S")])  # not a Belote card
    with pytest.raises(DealError):
        rules.deal_from_order(order, dealer=4)


# --------------------------------------------------------------------------------------------------
# layouts


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
@pytest.mark.parametrize("seed", range(6))
def test_be3_4_layout_round_trip(packets: str, seed: int) -> None:
    """BE-3.4: a deal's layout (four 5-card hands, the turn-up first in the 12-card stock) deals the
    same deal again: same hands, turn-up and dealer, and the same play gives the same result."""
    rules = belote(deal_packets=packets)
    states = random_deal(rules, seed)
    first = states[0]
    layout = first.layout
    assert layout.dealer == seed % 4 and layout.kitty == ()
    assert [len(h) for h in layout.hands] == [5, 5, 5, 5] and len(layout.stock) == 12
    assert layout.stock[0] == first.turn_up
    again = rules.new_deal(layout=layout)
    assert again.layout == layout
    assert again.dealer == first.dealer and again.turn_up == first.turn_up
    assert [again.hand(s) for s in range(4)] == [first.hand(s) for s in range(4)]
    assert again.legal_actions() == first.legal_actions()
    final = states[-1]
    for action in final.history:
        again = again.apply(action)
    assert again.is_over
    assert again.layout == final.layout == layout  # the layout stays the deal as dealt
    assert again.result.scores == final.result.scores
    assert again.tricks == final.tricks
    # BE-3.4 step 3 from the layout: the taker gets stock[0] and 2 cards, the others 3, in seat
    # order after the dealer.
    taker = final.taker
    assert taker is not None
    expected = [set(h) for h in layout.hands]
    expected[taker].add(layout.stock[0])
    pos = 1
    for k in range(1, 5):
        seat = (layout.dealer + k) % 4
        n = 2 if seat == taker else 3
        expected[seat].update(layout.stock[pos : pos + n])
        pos += n
    start = next(s for s in states if s.phase == "play")
    assert [set(start.hand(s)) for s in range(4)] == expected


def test_be3_4_layout_given_by_hand() -> None:
    """BE-3.4: "a test layout may equally be given as the four 5-card hands, the turn-up and the
    ordered 11-card stock"; the stock is dealt in seat order after the dealer, 2 to the taker."""
    hands = ("AS KS QS JS TS", "9S 8S 7S AH KH", "QH JH TH 9H 8H", "7H AD KD QD JD")
    stock = parse_cards("TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C")
    layout = Layout(tuple(parse_cards(h) for h in hands), (), 1, stock)
    state = belote().new_deal(layout=layout)
    assert state.dealer == 1 and state.to_act == 2
    assert state.turn_up == card("TD")
    for seat in range(4):
        assert frozenset(state.hand(seat)) == cards(hands[seat])
    state = state.apply(Pass()).apply(Bid(Contract.DIAMONDS))  # seat 2 passes, seat 3 takes
    assert state.taker == 3
    expected = {  # seats 2, 3, 0, 1 in turn; the taker gets ♦10 + two cards
        2: cards(hands[2] + " 9D 8D 7D"),
        3: cards(hands[3] + " TD AC KC"),
        0: cards(hands[0] + " QC JC TC"),
        1: cards(hands[1] + " 9C 8C 7C"),
    }
    for seat, hand in expected.items():
        assert frozenset(state.hand(seat)) == hand, seat


def _layout(hands: Sequence[str], stock: str, kitty: str = "", dealer: int = 0) -> Layout:
    return Layout(
        tuple(parse_cards(h) for h in hands), parse_cards(kitty), dealer, parse_cards(stock)
    )


FIVE = ("AS KS QS JS TS", "9S 8S 7S AH KH", "QH JH TH 9H 8H", "7H AD KD QD JD")
STOCK = "TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C"


@pytest.mark.parametrize(
    ("layout", "words"),
    [
        (
            lambda: _layout(
                [
                    FIVE[0] + " TD 9D 8D",
                    FIVE[1] + " 7D AC KC",
                    FIVE[2] + " QC JC TC",
                    FIVE[3] + " 9C 8C 7C",
                ],
                "",
            ),
            "5 cards",
        ),
        (lambda: _layout(FIVE, "9D 8D 7D AC KC QC JC TC 9C 8C 7C", kitty="TD"), "kitty"),
        (lambda: _layout(FIVE, "TD 9D 8D 7D AC KC QC JC TC 9C 8C"), "12"),
        (lambda: _layout(FIVE, "TD 9D 8D 7D AC KC QC JC TC 9C 8C 2C"), "outside"),
        (lambda: _layout(FIVE[:3], STOCK), "4"),
    ],
    ids=["eight-card-hands", "kitty", "short-stock", "foreign-card", "three-hands"],
)
def test_be3_4_layout_validation(layout: object, words: str) -> None:
    """BE-3.3/BE-3.4: a layout for a new deal has four 5-card hands, no kitty and a 12-card stock of
    the remaining Belote cards; anything else is refused with a DealError saying what is wrong."""
    assert callable(layout)
    lay = layout()  # a layout can be made: the deal refuses it
    assert isinstance(lay, Layout)
    with pytest.raises(DealError) as info:
        belote().new_deal(layout=lay)
    assert words in str(info.value)


def test_new_deal_argument_errors() -> None:
    """BE-3.1/BE-3.4: a deal takes a seed or a layout (not both; neither: a fresh seed, kept) and
    a dealer seat 0..3."""
    rules = belote()
    layout = rules.new_deal(seed=1).layout
    with pytest.raises(DealError):
        rules.new_deal(seed=1, layout=layout)
    fresh = [rules.new_deal(dealer=3) for _ in range(3)]
    for state in fresh:
        assert isinstance(state.seed, int) and 0 <= state.seed < 2**53
        assert state.layout == rules.new_deal(seed=state.seed, dealer=3).layout
    assert len({state.seed for state in fresh}) == 3  # drawn afresh each time
    with pytest.raises(DealError):
        rules.new_deal(seed=1, dealer=4)
    # A seed deals the pack in the order tarotlib.core.rng shuffles it (BE-3.1): the same layout
    # as dealing that order by hand; another seed, or another dealer, deals other hands.
    dealt = rules.new_deal(seed=9, dealer=2).layout
    assert dealt == rules.deal_from_order(shuffle(PIQUET_32.cards, 9), dealer=2).layout
    assert dealt.hands != rules.new_deal(seed=10, dealer=2).layout.hands
    assert dealt.hands != rules.new_deal(seed=9, dealer=3).layout.hands


def test_start_play_argument_errors() -> None:
    """BE-3.4 (play-phase layouts) and BE-4.4: start_play needs four 8-card hands of the 32 cards; a
    TA/SA contract needs ta_sa='third_round'."""
    hands = [
        "AS KS QS JS TS 9S 8S 7S",
        "AH KH QH JH TH 9H 8H 7H",
        "AD KD QD JD TD 9D 8D 7D",
        "AC KC QC JC TC 9C 8C 7C",
    ]
    with pytest.raises(DealError):
        belote().start_play([*hands[:3], "AC KC QC JC TC 9C 8C"], Contract.SPADES, taker=0)
    with pytest.raises(DealError):
        belote().start_play([*hands[:3], hands[0]], Contract.SPADES, taker=0)
    with pytest.raises(OptionError):
        belote().start_play(hands, Contract.ALL_TRUMPS, taker=0)
    state = belote(ta_sa="third_round").start_play(hands, Contract.ALL_TRUMPS, taker=1)
    assert (state.contract, state.taker) == (Contract.ALL_TRUMPS, 1)
    assert [frozenset(state.hand(s)) for s in range(4)] == [cards(h) for h in hands]


# --------------------------------------------------------------------------------------------------
# BE-9 belote-rebelote through the engine

# Trump ♥. Seat 0 (dealer 3: seat 0 leads) holds ♥K ♥Q; seat 1 holds the higher hearts.
BEL_HANDS = (
    "♥K ♥Q ♥7 ♠A ♠K ♠Q ♠J ♠10",
    "♥A ♥10 ♥9 ♥8 ♥J ♠9 ♠8 ♠7",
    "♣7 ♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8",
    "♦7 ♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8",
)
KH, QH = card("♥K"), card("♥Q")


def drive(state: BeloteState, holder: int, script: Sequence[Action]) -> BeloteState:
    """Play the deal out: the holder applies the ``script`` actions in order as soon as each is
    legal and otherwise keeps the scripted cards back when it can; everyone else plays the first
    legal card."""
    pending = list(script)
    reserved = {a.card for a in script if isinstance(a, Play)}
    reserved |= {a.shown[0] for a in script if isinstance(a, Declare)}
    while not state.is_over:
        acts = state.legal_actions()
        if state.to_act == holder and pending and pending[0] in acts:
            state = state.apply(pending.pop(0))
            continue
        choice = plays(state)
        if state.to_act == holder:
            choice = [a for a in choice if a.card not in reserved] or choice
        state = state.apply(choice[0])
    assert not pending, f"script not played: {pending}"
    return state


def bel_start(taker: int = 0, /, **options: object) -> BeloteState:
    check_hands(BEL_HANDS)
    return belote(**options).start_play(BEL_HANDS, Contract.HEARTS, taker=taker, dealer=3)


def test_be9_auto_holder_team_scores_20_whoever_wins_the_tricks() -> None:
    """BE-9.1, BE-9.2 (belote_announce='auto'), BE-11.3: seat 0 holds the trump K and Q; it scores
    20 for team 0 even though the trick of ♥K is won by the other team, and the 20 is part of the
    team total."""
    state = bel_start()
    assert state.belote_holders == ((card("♥K").suit, 0),)
    final = drive(state, 0, [Play(KH), Play(QH)])
    k_trick = next(t for t in final.tricks if KH in t.cards)
    assert k_trick.winner % 2 == 1  # the scenario: the other team wins ♥K
    score = score_of(final)
    assert score.belote_points == (20, 0)
    assert score.totals[0] == score.card_points[0] + score.dix_de_der[0] + 20


def test_be9_3_defence_belote_is_the_defence_s() -> None:
    """BE-9.3: the defence's own belote is always the defence's (seat 1 takes; seat 0 defends)."""
    final = drive(bel_start(1), 0, [Play(KH), Play(QH)])
    assert final.taker == 1
    assert score_of(final).belote_points == (20, 0)


@pytest.mark.parametrize(
    ("king_first", "script", "points"),
    [
        (False, [Play(QH), Play(KH)], 20),
        (True, [Play(QH), Play(KH)], 0),
        (True, [Play(KH), Play(QH)], 20),
    ],
    ids=["either-order", "queen-first-no-score", "king-first-scores"],
)
def test_be9_2_belote_king_first(king_first: bool, script: list[Action], points: int) -> None:
    """BE-9.2 option belote_king_first: when true, the belote scores only if the K is played before
    the Q; by default either order scores."""
    final = drive(bel_start(belote_king_first=king_first), 0, script)
    first = next(c for t in final.tricks for c in t.cards if c in (KH, QH))
    assert first == (script[0].card if isinstance(script[0], Play) else None)
    assert score_of(final).belote_points == (points, 0)


def explicit_start(**options: object) -> BeloteState:
    return bel_start(belote_announce="explicit", **options)


def test_be9_2_explicit_announcements_offered_only_to_holder() -> None:
    """BE-9.2 belote_announce='explicit': "declare belote" with the K or the Q is offered to the
    holder only (never to another seat), and "rebelote" only after "belote"."""
    state = explicit_start()
    assert state.to_act == 0
    offered = {a.text for a in declares(state)}
    assert offered == {"declare belote KH", "declare belote QH"}
    assert Declare(BELOTE, (KH,)) in state.legal_actions()
    assert "rebelote" in rejection(state, Declare(REBELOTE, (QH,)))  # none before belote
    rejection(state, Declare(BELOTE, (card("♥7"),)))  # not a belote card
    state = state.apply(Declare(BELOTE, (KH,)))
    assert state.announcements == ((0, BELOTE, KH),)
    seen_rebelote = False
    while not state.is_over:
        acts = state.legal_actions()
        extra = [a for a in acts if isinstance(a, Declare)]
        if state.to_act != 0:
            assert extra == [], (state.to_act, [a.text for a in extra])
            seat = state.to_act
            assert seat is not None
            own = next(iter(state.hand(seat)))
            rejection(state, Declare(BELOTE, (own,)))
        else:
            assert all(a.kind is REBELOTE and a.shown == (QH,) for a in extra)
            if extra:
                seen_rebelote = True
                assert Play(QH) in acts  # announcing is a choice
                state = state.apply(extra[0])
                continue
        state = state.apply(plays(state)[0] if state.to_act != 0 else _keep_back(state, QH))
    assert seen_rebelote
    assert state.announcements == ((0, BELOTE, KH), (0, REBELOTE, QH))
    assert "declare belote KH" in [a.text for a in state.history]
    assert "declare rebelote QH" in [a.text for a in state.history]
    assert score_of(state).belote_points == (20, 0)


def _keep_back(state: BeloteState, kept: Card) -> Play:
    choice = plays(state)
    return next((a for a in choice if a.card != kept), choice[0])


@pytest.mark.parametrize(
    ("script", "points"),
    [
        ([Declare(BELOTE, (KH,)), Declare(REBELOTE, (QH,))], 20),
        ([Declare(BELOTE, (QH,)), Declare(REBELOTE, (KH,))], 20),
        ([Declare(BELOTE, (KH,)), Play(QH)], 0),
        ([Play(KH), Play(QH)], 0),
    ],
    ids=["belote-rebelote", "queen-first", "no-rebelote", "nothing-said"],
)
def test_be9_2_explicit_scores_only_when_both_said(script: list[Action], points: int) -> None:
    """BE-9.2 belote_announce='explicit': 20 only if "belote" was said on the first card and
    "rebelote" on the second (in either order of K and Q)."""
    final = drive(explicit_start(), 0, script)
    assert score_of(final).belote_points == (points, 0)


def test_be9_2_explicit_no_rebelote_after_a_silent_first_card() -> None:
    """BE-9.2: after the first of K/Q is played without "belote", the second earns nothing, so no
    announcement can make the 20 count any more."""
    state = explicit_start().apply(Play(KH))
    while not state.is_over:
        if state.to_act == 0:
            assert declares(state) == []
        state = state.apply(plays(state)[0] if state.to_act != 0 else _keep_back(state, QH))
    assert score_of(state).belote_points == (0, 0)


def test_be9_2_explicit_with_king_first() -> None:
    """BE-9.2: belote_king_first with explicit announcements: both said, but Q before K: no 20."""
    final = drive(
        explicit_start(belote_king_first=True),
        0,
        [Declare(BELOTE, (QH,)), Declare(REBELOTE, (KH,))],
    )
    assert final.announcements == ((0, BELOTE, QH), (0, REBELOTE, KH))
    assert score_of(final).belote_points == (0, 0)


def test_be9_2_auto_mode_refuses_announcements() -> None:
    """BE-9.2 belote_announce='auto': the engine announces; a player's announcement is refused."""
    state = bel_start()
    assert declares(state) == []
    assert "auto" in rejection(state, Declare(BELOTE, (KH,)))


# --------------------------------------------------------------------------------------------------
# BE-10 declarations through the engine (preset classic)

# BE-15 E8's combinations in complete hands: trump ♥; seat 0 (attack, taker) ♠K ♠Q ♠J ♠10 (quarte
# to the K); seat 1 ♦A ♦K ♦Q ♦J (quarte to the A); seat 3 ♣9 ♣8 ♣7 (tierce); seat 2 nothing.
E8_HANDS = (
    "♠K ♠Q ♠J ♠10 ♥A ♥9 ♦9 ♣A",
    "♦A ♦K ♦Q ♦J ♠A ♥K ♣10 ♦7",
    "♠8 ♥Q ♥10 ♥8 ♥7 ♦8 ♣K ♣Q",
    "♣9 ♣8 ♣7 ♣J ♠9 ♠7 ♥J ♦10",
)
E8_COMBOS = {
    (0, KIND.QUARTE, cards("♠K ♠Q ♠J ♠10")),
    (1, KIND.QUARTE, cards("♦A ♦K ♦Q ♦J")),
    (3, KIND.TIERCE, cards("♣9 ♣8 ♣7")),
}


def e8_start(**options: object) -> BeloteState:
    check_hands(E8_HANDS)
    rules = belote(preset="classic", **options)
    return rules.start_play(E8_HANDS, Contract.HEARTS, taker=0, dealer=3)


def declare_everything(state: BeloteState) -> BeloteState:
    """Declare every combination offered, then play the first legal card (one turn)."""
    while declares(state):
        state = state.apply(declares(state)[0])
    return state.apply(plays(state)[0])


def test_be10_3_declarations_offered_during_first_trick_only() -> None:
    """BE-10.3: during the first trick each player, at their turn, may declare their combinations
    (never compulsory); afterwards no declaration is offered and one is refused."""
    state = e8_start()
    offered: dict[int, set[tuple[object, frozenset[Card]]]] = {}
    for _ in range(4):
        seat = state.to_act
        assert seat is not None
        offered[seat] = {(d.kind, frozenset(d.shown)) for d in declares(state)}
        state = declare_everything(state)
    expected = {s: {(k, c) for (t, k, c) in E8_COMBOS if t == s} for s in range(4)}
    assert offered == expected
    assert {(c.seat, c.kind, frozenset(c.cards)) for c in state.declarations} == E8_COMBOS
    assert len(state.tricks) == 1
    while not state.is_over:
        assert declares(state) == []
        state = state.apply(plays(state)[0])
    late = e8_start()
    for _ in range(4):  # a first trick without declarations
        late = late.apply(plays(late)[0])
    seat = late.to_act
    assert seat is not None
    mine = [(k, c) for (s, k, c) in E8_COMBOS if s == seat]
    if mine:
        kind, combo = mine[0]
        assert "first trick" in rejection(late, Declare(kind, tuple(sorted(combo))))
    assert "first trick" in rejection(late, Declare(KIND.QUARTE, parse_cards("♠K ♠Q ♠J ♠10")))


def test_be10_3_category_public_cards_shown_only_for_best_team() -> None:
    """BE-10.3 / BE-10.4 (BE-15 E8): the category is public at once; the cards stay hidden from the
    other seats during the first trick; once it is over the best team's (the defence's quarte to
    the A beats the attack's quarte to the K) are shown to everyone and the attack's to nobody
    else — not even the partner. BE-15 E8: the defence scores all its declarations, 50 + 20 = 70."""
    state = e8_start()
    state = state.apply(Declare(KIND.QUARTE, parse_cards("♠K ♠Q ♠J ♠10")))
    for seat in range(4):
        decl = state.observation(seat).declarations
        assert [(s, k) for s, k, _ in decl] == [(0, KIND.QUARTE)]
        assert (frozenset(decl[0][2]) == cards("♠K ♠Q ♠J ♠10")) == (seat == 0)
    state = state.apply(plays(state)[0])
    state = declare_everything(state)  # seat 1
    state = declare_everything(state)  # seat 2 (nothing to declare)
    state = state.apply(declares(state)[0])  # seat 3's tierce, its card still to play
    for seat in range(4):
        decl = state.observation(seat).declarations
        assert {(s, k) for s, k, _ in decl} == {
            (0, KIND.QUARTE),
            (1, KIND.QUARTE),
            (3, KIND.TIERCE),
        }
        for s, _k, shown in decl:
            assert (len(shown) > 0) == (s == seat), (seat, s)
    state = state.apply(plays(state)[0])
    assert len(state.tricks) == 1
    for seat in range(4):
        by_seat = {s: frozenset(c) for s, _k, c in state.observation(seat).declarations}
        assert by_seat[1] == cards("♦A ♦K ♦Q ♦J") and by_seat[3] == cards("♣9 ♣8 ♣7")
        assert by_seat[0] == (cards("♠K ♠Q ♠J ♠10") if seat == 0 else frozenset())
    final = state
    while not final.is_over:
        final = final.apply(plays(final)[0])
    score = score_of(final)
    assert score.declaration_team == 1
    assert score.declaration_points == (0, 70)


def test_be10_3_auto_declare() -> None:
    """BE-10.3 option auto_declare: every combination is declared by the engine; nothing is offered
    to the players, a declaration by hand is refused; the categories are public, the cards hidden
    from the other seats during the first trick."""
    state = e8_start(auto_declare=True)
    assert {(c.seat, c.kind, frozenset(c.cards)) for c in state.declarations} == E8_COMBOS
    assert declares(state) == []
    assert "auto" in rejection(state, Declare(KIND.QUARTE, parse_cards("♠K ♠Q ♠J ♠10")))
    for seat in range(4):
        for s, _k, shown in state.observation(seat).declarations:
            assert (len(shown) > 0) == (s == seat)


def test_be10_declarations_off_by_default() -> None:
    """BE-10 / BE-13: declarations are off in preset ffb: none offered, one is refused."""
    check_hands(E8_HANDS)
    state = belote().start_play(E8_HANDS, Contract.HEARTS, taker=0, dealer=3)
    assert declares(state) == []
    assert "off" in rejection(state, Declare(KIND.QUARTE, parse_cards("♠K ♠Q ♠J ♠10")))


def test_be10_1_declaration_must_be_a_combination_of_the_hand() -> None:
    """BE-10.1: a sequence is a maximal run (a tierce inside a quarte is not declarable); another
    seat's cards are not declarable. Refusals leave the state unchanged."""
    state = e8_start()
    before = snapshot(state)
    rejection(state, Declare(KIND.TIERCE, parse_cards("♠K ♠Q ♠J")))
    rejection(state, Declare(KIND.QUARTE, parse_cards("♦A ♦K ♦Q ♦J")))
    assert snapshot(state) == before
    state = state.apply(Declare(KIND.QUARTE, parse_cards("♠10 ♠J ♠Q ♠K")))  # any order
    assert rejection(state, Declare(KIND.QUARTE, parse_cards("♠K ♠Q ♠J ♠10")))  # only once


# --------------------------------------------------------------------------------------------------
# observations


def visible(obs_cards: Iterable[Iterable[int]]) -> set[int]:
    out: set[int] = set()
    for group in obs_cards:
        out |= set(group)
    return out


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"preset": "bga", "ta_sa": "third_round"},
        {"preset": "classic"},
        {"preset": "classic", "auto_declare": True, "ta_sa": "third_round"},
        {"belote_announce": "explicit", "ta_sa": "third_round"},
    ],
    ids=["ffb", "bga-tasa", "classic", "classic-auto", "explicit"],
)
def test_observation_never_shows_hidden_cards(options: dict[str, object]) -> None:
    """BE-5.3, BE-9.2, BE-10.3: an observation shows its own hand, public cards (turn-up, played
    cards, announcements) and declared cards only as BE-10.3 allows: never during the first trick
    (but its own), afterwards only those of one team."""
    rules = belote(**options)
    for seed in range(12):
        for state in random_deal(rules, seed, declare_rate=0.7):
            played = {c for t in state.tricks for c in t.cards} | set(state.current_trick)
            for seat in range(4):
                obs = state.observation(seat)
                assert obs.hand == state.hand(seat)
                others = set().union(*(set(state.hand(s)) for s in range(4) if s != seat))
                seen = visible(
                    [
                        obs.hand,
                        obs.current_trick,
                        [obs.turn_up],
                        *[t.cards for t in obs.tricks],
                        *[shown for _s, _k, shown in obs.declarations],
                        [c for _s, _a, c in obs.announcements],
                    ]
                )
                assert set(obs.current_trick) | {c for t in obs.tricks for c in t.cards} == played
                leaked = (seen & others) - {state.turn_up}
                shown_teams = {s % 2 for s, _k, shown in obs.declarations if shown and s != seat}
                if not state.tricks:
                    assert not shown_teams, (seed, seat)
                assert len(shown_teams) <= 1
                allowed: set[int] = set()
                for s, k, shown in obs.declarations:
                    if shown and s != seat:
                        real = [c for c in state.declarations if c.seat == s and c.kind is k]
                        assert any(set(shown) == set(c.cards) for c in real)
                        allowed |= set(shown)
                assert leaked <= allowed, (seed, seat, show(leaked))


def test_observation_during_bidding() -> None:
    """BE-3.3, BE-5.3: during the bidding a seat sees its 5 cards, the turn-up and the bids only."""
    state = belote().new_deal(seed=4, dealer=1).apply(Pass())
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.hand == state.hand(seat) and len(obs.hand) == 5
        assert obs.turn_up == state.turn_up
        assert obs.bids == ((2, None),)
        assert obs.tricks == () and obs.current_trick == () and obs.declarations == ()
        data = obs.to_json()
        assert data["hand"] == [PIQUET_NOTATION.text(c) for c in state.hand(seat)]
    with pytest.raises(ValueError):
        state.observation(4)


# --------------------------------------------------------------------------------------------------
# action texts, history and replays


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"ta_sa": "third_round"},
        {"preset": "classic", "ta_sa": "third_round"},
        {"belote_announce": "explicit", "ta_sa": "third_round"},
    ],
    ids=["ffb", "tasa", "classic", "explicit"],
)
def test_action_texts_round_trip_and_replay(options: dict[str, object]) -> None:
    """BE-1.2 notation: every legal action's and every history action's text parses back to the
    same action
    (``rules.parse_action(a.text) == a``), and replaying the history's texts on the deal's layout
    reproduces the deal."""
    rules = belote(**options)
    for seed in range(10):
        states = random_deal(rules, seed, declare_rate=0.7)
        for state in states:
            for action in state.legal_actions():
                assert rules.parse_action(action.text) == action, action.text
                if isinstance(action, Play):  # BE-1.2 text form: ranks A K Q J T 9 8 7
                    assert re.fullmatch(r"play [AKQJT987][SHDC]", action.text), action.text
        final = states[-1]
        assert len(final.history) == len(states) - 1
        replay = rules.new_deal(layout=final.layout)
        for action in final.history:
            parsed = rules.parse_action(action.text)
            assert parsed == action
            replay = replay.apply(parsed)
        assert replay.is_over and replay.history == final.history
        assert replay.result.scores == final.result.scores


def test_parse_action_forms() -> None:
    """BE-1.2: action texts accept the card and contract notations (``TS``, ``10S``, ``♠10``;
    ``H``, ``♥``, ``TA``); unknown texts are refused."""
    rules = belote()
    assert rules.parse_action("play TS") == rules.parse_action("play ♠10") == Play(card("10S"))
    assert rules.parse_action("bid H") == rules.parse_action("bid ♥") == Bid(Contract.HEARTS)
    assert rules.parse_action("bid TA") == Bid(Contract.ALL_TRUMPS)
    assert rules.parse_action("bid SA") == Bid(Contract.NO_TRUMPS)
    assert rules.parse_action("pass") == Pass()
    assert rules.parse_action("declare belote KH") == Declare(BELOTE, (KH,))
    for bad in ("", "take", "bid X", "play ZZ", "declare nothing KH"):
        with pytest.raises(ValueError):
            rules.parse_action(bad)


# --------------------------------------------------------------------------------------------------
# card points and results (BE-6, BE-11.9)


def test_be6_table_totals() -> None:
    """BE-6.1 – BE-6.4, BE-6.6: CARDS is 152 for a suit contract and for TA/SA with ffb2015 and
    pagat; unscaled gives TA 248, SA 120. DEAL_TOTAL = CARDS + 10, CAPOT_TOTAL = CARDS + 100."""
    expected = {
        "ffb2015": (152, 152),
        "pagat": (152, 152),
        "unscaled": (248, 120),
        "seed_literal": (152, 152),
    }
    for points, (ta, sa) in expected.items():
        rules = belote(ta_sa="third_round", ta_sa_points=points)
        for suit in (Contract.SPADES, Contract.HEARTS, Contract.DIAMONDS, Contract.CLUBS):
            assert rules.table(suit).cards == 152
        assert rules.table(Contract.ALL_TRUMPS).cards == ta
        assert rules.table(Contract.NO_TRUMPS).cards == sa
        for contract in Contract:
            t = rules.table(contract)
            assert (t.deal_total, t.capot_total) == (t.cards + 10, t.cards + 100)


@pytest.mark.parametrize("points", ["ffb2015", "pagat", "unscaled"])
@pytest.mark.parametrize("preset", ["ffb", "classic", "bga"])
def test_be11_9_full_deals_points_and_per_seat_scores(preset: str, points: str) -> None:
    """BE-6.6, BE-11.9, BE-2.1: after a full deal the card points sum to the table's CARDS, exactly
    one team has the dix de der, scores are given per seat with partners equal, and the deal's
    scores satisfy the invariants of BE-11.9."""
    rules = belote(preset=preset, ta_sa="third_round", ta_sa_points=points)
    contracts, outcomes = set(), set()
    for seed in range(40):
        # Odd seeds pass the first two rounds: the third offers all trumps and no trumps, whose
        # points ``points`` sets (BE-4.4).
        final = random_deal(rules, seed, declare_rate=0.5, min_passes=8 if seed % 2 else 0)[-1]
        if final.result.is_annulled:
            continue
        contract = final.contract
        assert contract is not None
        contracts.add(contract)
        table = rules.table(contract)
        assert sum(final.card_points()) == table.cards
        scores = final.result.scores
        assert len(scores) == 4 and scores[0] == scores[2] and scores[1] == scores[3]
        score = score_of(final)
        assert score.card_points == final.card_points()
        assert sum(1 for d in score.dix_de_der if d > 0) == 1
        assert tuple(score.scores) == tuple(scores)
        attack = score.attack
        tot = score.totals
        outcomes.add(score.outcome)
        if score.outcome is Outcome.MADE:
            assert sum(score.team_scores) == tot[0] + tot[1]
        elif score.outcome is Outcome.FAILED:
            defence_capot = score.capot[1 - attack]
            base = table.capot_total if defence_capot else table.deal_total
            extra = sum(score.declaration_points) + sum(score.belote_points)
            assert sum(score.team_scores) == base + extra
        else:
            assert sum(score.team_scores) + score.carry_out == tot[0] + tot[1]
        if final.contract is Contract.NO_TRUMPS:
            assert score.belote_points == (0, 0)
    assert {Contract.ALL_TRUMPS, Contract.NO_TRUMPS} < contracts
    assert {Outcome.MADE, Outcome.FAILED} <= outcomes


# --------------------------------------------------------------------------------------------------
# immutability


def test_states_are_immutable() -> None:
    """BE-0.1 (an engine rejects an illegal action instead of penalising it), engine contract:
    apply() returns a new state and leaves the old one unchanged, in every phase and for every
    kind of action (bid, pass, card, declaration, announcement)."""
    for options in ({"preset": "classic"}, {"belote_announce": "explicit"}, {}):
        rules = belote(**options)
        for seed in range(6):
            states = random_deal(rules, seed, declare_rate=0.7)
            snaps = [snapshot(s) for s in states]
            # re-apply each recorded action to each earlier state: nothing changes behind our back
            final = states[-1]
            for i, action in enumerate(final.history):
                nxt = states[i].apply(action)
                assert nxt is not states[i]
                assert snapshot(nxt) == snaps[i + 1]
                assert snapshot(states[i]) == snaps[i]
            assert [snapshot(s) for s in states] == snaps


def test_rejected_actions_leave_state_unchanged() -> None:
    """BE-0.1: a rejected action raises IllegalActionError and leaves the state exactly as
    it was (legal actions, history, hands, ...), in bidding, play, declarations and after the
    end."""
    rules = belote(preset="classic", belote_announce="explicit")
    check_hands(BEL_HANDS)
    bidding = rules.new_deal(seed=3, dealer=0)
    candidates: list[tuple[BeloteState, list[Action]]] = [
        (bidding, [Bid(Contract.ALL_TRUMPS), Play(bidding.hand(1)[0]), Declare(BELOTE, (KH,))]),
    ]
    state = rules.start_play(BEL_HANDS, Contract.HEARTS, taker=0, dealer=3)
    candidates.append(
        (state, [Pass(), Bid(Contract.HEARTS), Play(card("♦A")), Declare(REBELOTE, (QH,))])
    )
    state = state.apply(Declare(BELOTE, (KH,)))
    candidates.append((state, [Play(card("♠9")), Play(card("♣7")), Declare(BELOTE, (card("♥A"),))]))
    final = state
    while not final.is_over:
        final = final.apply(plays(final)[0])
    candidates.append((final, [Pass(), Play(card("♥A"))]))
    for st, bad in candidates:
        for action in bad:
            before = snapshot(st)
            with pytest.raises(IllegalActionError) as info:
                st.apply(action)
            assert info.value.reason
            assert snapshot(st) == before, action.text


def test_apply_rejects_non_actions() -> None:
    """BE-0.1 / engine contract: apply() takes an Action (text goes through parse_action)."""
    state = belote().new_deal(seed=1)
    with pytest.raises((TypeError, IllegalActionError)):
        state.apply("pass")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------
# BE-15 E7 (capot) through the engine; BE-9.1 the turn-up counts; BE-2.2 direction

# Trump ♦. Seat 0 leads ♦J and ♦9 (drawing the ♦K and ♦Q), then ♦A ♦10 ♦8 ♦7, ♠A and ♥A: every
# trick is seat 0's. CAPOT_HANDS_D: a defender (seat 1) holds ♦K ♦Q; CAPOT_HANDS_A: seat 2 does.
CAPOT_HANDS_D = (
    "♦J ♦9 ♦A ♦10 ♦8 ♦7 ♠A ♥A",
    "♦K ♦Q ♠K ♠Q ♠J ♥K ♥Q ♥J",
    "♠10 ♠9 ♠8 ♠7 ♥10 ♥9 ♥8 ♥7",
    "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7",
)
CAPOT_HANDS_A = (
    "♦J ♦9 ♦A ♦10 ♦8 ♦7 ♠A ♥A",
    "♠K ♠Q ♠J ♥K ♥Q ♥J ♥8 ♥7",
    "♦K ♦Q ♠10 ♠9 ♠8 ♠7 ♥10 ♥9",
    "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7",
)
SEAT0_ORDER = parse_cards("♦J ♦9 ♦A ♦10 ♦8 ♦7 ♠A ♥A")


def capot_deal(hands: Sequence[str], taker: int, **options: object) -> BeloteState:
    check_hands(hands)
    state = belote(**options).start_play(hands, Contract.DIAMONDS, taker=taker, dealer=3)
    script = list(SEAT0_ORDER)
    while not state.is_over:
        action = Play(script.pop(0)) if state.to_act == 0 else plays(state)[0]
        state = state.apply(action)
    assert all(t.winner == 0 for t in state.tricks)
    return state


@pytest.mark.parametrize(
    ("hands", "taker", "options", "expected"),
    [
        (CAPOT_HANDS_D, 0, {}, (252, 20)),
        (CAPOT_HANDS_A, 0, {}, (272, 0)),
        (CAPOT_HANDS_D, 1, {}, (252, 20)),
        (CAPOT_HANDS_D, 1, {"defence_capot": "plain"}, (162, 20)),
    ],
    ids=["attack-capot-defence-belote", "attack-capot-attack-belote", "defence-capot", "plain"],
)
def test_be15_e7_capot_through_engine(
    hands: Sequence[str], taker: int, options: dict[str, object], expected: tuple[int, int]
) -> None:
    """BE-15 E7 / BE-11.2, BE-11.5, BE-11.6: the attack wins all eight tricks: 152 + 100 = 252,
    and a defender's belote still scores: 252 / 20; with the attack's belote instead 272 / 0.
    Defence capot: the attack fails and keeps only its belote; defence 252 (162 with
    defence_capot='plain')."""
    final = capot_deal(hands, taker, **options)
    score = score_of(final)
    assert score.team_scores == expected
    assert final.result.scores == (expected[0], expected[1], expected[0], expected[1])


def test_be9_1_turn_up_counts_for_the_taker() -> None:
    """BE-9.1: the belote is the trump K and Q held by one player after the deal is completed; the
    turn-up counts for the taker (turn-up ♥K, the taker holds ♥Q)."""
    order = [c for c in PIQUET_32.cards if c not in (card("♥K"), card("♥Q"))]
    order.insert(0, card("♥Q"))  # p[0]: dealt to the seat after the dealer
    order.insert(20, card("♥K"))  # the turn-up
    state = belote().deal_from_order(order, dealer=3)
    assert card("♥Q") in state.hand(0) and state.turn_up == card("♥K")
    state = state.apply(Bid(Contract.HEARTS))  # seat 0 takes
    assert state.belote_holders == ((card("♥K").suit, 0),)
    other = belote().deal_from_order(order, dealer=3).apply(Pass()).apply(Bid(Contract.HEARTS))
    assert other.taker == 1 and other.belote_holders == ()  # K and Q in different hands


@pytest.mark.parametrize("preset", ["ffb", "bga", "classic"])
def test_be2_2_direction_never_changes_actions_or_scores(preset: str) -> None:
    """BE-2.2: direction only maps seats to left and right for display; it never changes a legal
    action or a score."""
    anti = belote(preset=preset, ta_sa="third_round")
    clock = belote(preset=preset, ta_sa="third_round", direction="clockwise")
    for seed in range(8):
        states = random_deal(anti, seed, declare_rate=0.7)
        mirror = clock.new_deal(seed=seed, dealer=seed % 4)
        for state, action in zip(states, states[-1].history, strict=False):
            assert mirror.legal_actions() == state.legal_actions()
            mirror = mirror.apply(action)
        assert mirror.is_over
        assert mirror.result.scores == states[-1].result.scores


# --------------------------------------------------------------------------------------------------
# BE-10.1 / BE-10.2 card reuse; legal actions are exactly the accepted actions

# Seat 0: the four jacks and ♣K ♣Q (a tierce ♣K ♣Q ♣J sharing ♣J with the carré); seat 3 holds
# ♠8 ♥8 ♦8 ♣8 (four 8s: worth nothing) and no sequence.
REUSE_HANDS = (
    "♠J ♥J ♦J ♣J ♣Q ♣K ♠7 ♥7",
    "♠A ♠K ♠Q ♠10 ♠9 ♥A ♥K ♥Q",
    "♥10 ♥9 ♦A ♦K ♦Q ♦10 ♣9 ♦7",
    "♠8 ♥8 ♦8 ♣8 ♣A ♣10 ♦9 ♣7",
)


@pytest.mark.parametrize("reuse", [True, False])
def test_be10_2_card_reuse(reuse: bool) -> None:
    """BE-10.1, BE-10.2: a card may belong to one carré and one sequence (default); with
    declaration_card_reuse=false, once the carré is declared the tierce sharing ♣J is neither
    offered nor accepted. Four 8s are not a combination."""
    check_hands(REUSE_HANDS)
    rules = belote(preset="classic", declaration_card_reuse=reuse)
    state = rules.start_play(REUSE_HANDS, Contract.SPADES, taker=1, dealer=3)
    carre = Declare(KIND.CARRE_JACKS, parse_cards("♠J ♥J ♦J ♣J"))
    tierce = Declare(KIND.TIERCE, parse_cards("♣K ♣Q ♣J"))
    assert {(d.kind, frozenset(d.shown)) for d in declares(state)} == {
        (carre.kind, frozenset(carre.shown)),
        (tierce.kind, frozenset(tierce.shown)),
    }
    state = state.apply(carre)
    if reuse:
        assert [(d.kind, frozenset(d.shown)) for d in declares(state)] == [
            (tierce.kind, frozenset(tierce.shown))
        ]
        state = state.apply(tierce)
        assert len(state.declarations) == 2
    else:
        assert declares(state) == []
        rejection(state, tierce)
    for _ in range(3):  # seats 1, 2 (tierces ♠A ♠K ♠Q and ♦A ♦K ♦Q), then seat 3
        state = state.apply(plays(state)[0])
    assert state.to_act == 3
    assert declares(state) == []  # ♠8 ♥8 ♦8 ♣8 is no carré


@pytest.mark.parametrize(
    "options",
    [{}, {"preset": "classic", "ta_sa": "third_round"}, {"belote_announce": "explicit"}],
    ids=["ffb", "classic", "explicit"],
)
def test_legal_actions_are_exactly_the_accepted_ones(options: dict[str, object]) -> None:
    """Engine contract (BE-7): in random deals, every legal action is accepted and every card of the
    hand that is not offered is refused with a reason."""
    rules = belote(**options)
    for seed in range(8):
        for state in random_deal(rules, seed, declare_rate=0.5):
            if state.phase != "play":
                continue
            legal = state.legal_actions()
            for action in legal:
                state.apply(action)
            seat = state.to_act
            assert seat is not None
            offered = {a.card for a in legal if isinstance(a, Play)}
            for c in state.hand(seat):
                if c not in offered:
                    assert rejection(state, Play(c))
