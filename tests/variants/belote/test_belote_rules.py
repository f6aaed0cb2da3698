"""Belote rules tests against the rules file ``belote.md``: the worked examples of BE-15 (E1, E2,
E9, E10, E11, E12) and the legality and bidding items of the BE-16 checklist.

Examples are replayed through the engine with complete 8-card hands built to agree with the
example (``Belote.start_play``), and through ``trick_rules(contract).legal_mask`` with exactly the
partial hands the example lists. Seats follow the rules file: A, B, C, D are seats 0, 1, 2, 3 in
play order; A and C are partners against B and D.

Engine bugs found are kept as ``xfail(strict=True)`` tests whose reason starts with ``engine bug:``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

import pytest

from tarotlib.bots import RandomBot
from tarotlib.core.actions import Action, Bid, Pass, Play
from tarotlib.core.cards import (
    PIQUET_NOTATION,
    Card,
    Suit,
    card_mask,
    cards_of,
    parse_cards,
)
from tarotlib.core.decks import PIQUET_32
from tarotlib.core.tricks import TrickRules
from tarotlib.errors import IllegalActionError
from tarotlib.match import Match
from tarotlib.variants.belote import Belote, BeloteOptions, BeloteState, Contract
from tarotlib.variants.belote.scoring import BeloteScore

from support.belote import belote, card, cards, legal_cards, show

A, B, C, D = 0, 1, 2, 3
PARTNER_RULES = ("free", "overtrump_if_trumping", "no_undertrump", "only_trumps_overtrump")


# --------------------------------------------------------------------------------------------------
# helpers


def play(state: BeloteState, *texts: str) -> BeloteState:
    """Play the given cards in turn, each checked to be offered among the legal actions first."""
    for text in texts:
        assert card(text) in legal_cards(state), (text, show(legal_cards(state)))
        state = state.apply(Play(card(text)))
    return state


def rejection(state: BeloteState, action: Action) -> str:
    """The reason ``action`` is rejected (the test fails if it is accepted)."""
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    reason = info.value.reason
    assert isinstance(reason, str)
    return reason


def trick_state(tr: TrickRules, played: str) -> tuple[int, int]:
    """The ``(led, win)`` trick state after the given cards."""
    led, win = -1, -1
    for c in parse_cards(played):
        led, win = tr.follow(led, win, c)
    return led, win


def legal_partial(tr: TrickRules, hand: str, played: str, partner_winning: bool) -> frozenset[Card]:
    """Legal cards of a partial ``hand`` after the cards ``played`` (BE-7 via legal_mask)."""
    led, win = trick_state(tr, played)
    return frozenset(
        cards_of(tr.legal_mask(card_mask(parse_cards(hand)), led, win, partner_winning))
    )


def play_out(
    state: BeloteState, choose: Callable[[BeloteState], Action] | None = None
) -> BeloteState:
    """Finish the deal; by default the first legal card each time."""
    while not state.is_over:
        if choose is not None:
            state = state.apply(choose(state))
        else:
            state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    return state


def score_of(state: BeloteState) -> BeloteScore:
    score = state.result.breakdown
    assert isinstance(score, BeloteScore)
    return score


def check_hands(hands: Sequence[str]) -> None:
    """Test-data sanity: four 8-card hands holding the 32 cards once each."""
    all_cards = [c for h in hands for c in parse_cards(h)]
    assert len(all_cards) == 32
    assert set(all_cards) == set(PIQUET_32.cards)


# --------------------------------------------------------------------------------------------------
# BE-15 E1 — the seed's play example (dealer D, B takes ♠, A leads)

# Complete hands agreeing with every line of E1: A holds ♥A ♥K ♠9 ♠8; B holds ♥10 as his only heart
# and ♠K ♠J (and ♠Q); C holds one heart and ♠A ♠10 ♠7; D holds hearts and ♣7 but no spade.
E1_HANDS = (
    "♥A ♥K ♠9 ♠8 ♦A ♦K ♦Q ♦J",  # A
    "♥10 ♠K ♠Q ♠J ♦10 ♦9 ♦8 ♦7",  # B
    "♥Q ♠A ♠10 ♠7 ♣A ♣10 ♣K ♣Q",  # C
    "♥J ♥9 ♥8 ♥7 ♣J ♣9 ♣8 ♣7",  # D
)


def e1_start(preset: str) -> BeloteState:
    check_hands(E1_HANDS)
    state = belote(preset=preset).start_play(E1_HANDS, Contract.SPADES, taker=B, dealer=D)
    assert (state.phase, state.contract, state.taker, state.dealer) == (
        "play",
        Contract.SPADES,
        B,
        D,
    )
    return state


@pytest.mark.parametrize("preset", ["ffb", "bga", "classic"])
def test_be15_e1_trick1_any_heart_no_need_to_beat(preset: str) -> None:
    """BE-15 E1 trick 1 (BE-5.2, BE-7.2, BE-7.3, BE-8.1): A, after the dealer D, leads anything;
    B, C, D follow hearts with any heart; ♥A wins."""
    state = e1_start(preset)
    assert state.to_act == A
    assert legal_cards(state) == cards(E1_HANDS[A])  # BE-7.2: the leader plays any card
    state = play(state, "♥A")
    assert state.to_act == B and legal_cards(state) == cards("♥10")
    state = play(state, "♥10")
    assert legal_cards(state) == cards("♥Q")
    state = play(state, "♥Q")
    assert legal_cards(state) == cards("♥J ♥9 ♥8 ♥7")  # any heart, none can beat ♥A anyway
    state = play(state, "♥7")
    assert state.tricks[-1].winner == A
    assert state.to_act == A  # BE-8.4: the winner leads


@pytest.mark.parametrize("preset", ["ffb", "bga", "classic"])
def test_be15_e1_trick2_c_may_overtrump_with_ace_or_ten(preset: str) -> None:
    """BE-15 E1 trick 2 and BE-0.3 (2): B, void in ♥, must trump (any ♠); C, void, must overtrump
    B's ♠K: {♠A, ♠10} — the seed's "must play ♠A" is wrong, ♠10 also beats ♠K (BE-7.5)."""
    state = play(e1_start(preset), "♥A", "♥10", "♥Q", "♥7", "♥K")
    assert legal_cards(state) == cards("♠K ♠Q ♠J")  # BE-7.5 (2): any trump
    state = play(state, "♠K")
    assert state.to_act == C
    assert legal_cards(state) == cards("♠A ♠10")  # ♠7 does not beat ♠K
    state = play(state, "♠A")
    assert legal_cards(state) == cards("♥J ♥9 ♥8")  # D follows hearts
    state = play(state, "♥8")
    assert state.tricks[-1].winner == C
    assert state.to_act == C


@pytest.mark.parametrize("preset", ["ffb", "bga", "classic"])
def test_be15_e1_trick2_ten_is_as_legal_as_ace(preset: str) -> None:
    """BE-15 E1 correction (BE-0.3 (2), BE-16): C may overtrump ♠K with ♠10 instead of ♠A, and then
    wins the trick with it."""
    state = play(e1_start(preset), "♥A", "♥10", "♥Q", "♥7", "♥K", "♠K", "♠10", "♥8")
    assert state.tricks[-1].winner == C


@pytest.mark.parametrize("preset", ["ffb", "bga", "classic"])
def test_be15_e1_trick3_trump_led_must_beat_over_partner(preset: str) -> None:
    """BE-15 E1 trick 3 (BE-7.4, BE-8.1): C leads ♠10, D (void in ♠) plays anything; A must beat
    ♠10 with ♠9 although partner C is winning; B can only beat ♠9 with ♠J and wins
    10 + 0 + 14 + 20 = 44 card points for B–D."""
    state = play(e1_start(preset), "♥A", "♥10", "♥Q", "♥7", "♥K", "♠K", "♠A", "♥8", "♠10")
    assert legal_cards(state) == cards("♥J ♥9 ♣J ♣9 ♣8 ♣7")  # D: no trump, any card
    state = play(state, "♣7")
    assert state.to_act == A and state.winning_seat == C
    assert legal_cards(state) == cards("♠9")  # not ♠8, nor the diamonds
    state = play(state, "♠9")
    assert legal_cards(state) == cards("♠J")  # ♠Q does not beat ♠9
    before = state.card_points()
    state = play(state, "♠J")
    assert state.tricks[-1].winner == B
    after = state.card_points()
    assert (after[0] - before[0], after[1] - before[1]) == (0, 44)


def test_be15_e1_listed_cards_only() -> None:
    """BE-15 E1 "legal sets are over the listed cards": the same sets with only the cards the
    example names, through the trick rules directly (BE-7.4, BE-7.5)."""
    tr = belote().trick_rules(Contract.SPADES)
    assert legal_partial(tr, "♠A ♠10 ♠7", "♥K ♠K", partner_winning=False) == cards("♠A ♠10")
    assert legal_partial(tr, "♠9 ♠8", "♠10 ♣7", partner_winning=True) == cards("♠9")
    assert legal_partial(tr, "♠J", "♠10 ♣7 ♠9", partner_winning=False) == cards("♠J")
    assert legal_partial(tr, "♥10 ♥9 ♠J", "♥A", partner_winning=False) == cards("♥10 ♥9")


# --------------------------------------------------------------------------------------------------
# BE-15 E2 — the seed's bidding examples (turn-up ♠K, dealer D)


def order_with_turn_up(turn_up: str) -> list[Card]:
    """The 32 cards in pack order with ``turn_up`` moved to position 20 (BE-3.4 step 2)."""
    t = card(turn_up)
    order = [c for c in PIQUET_32.cards if c != t]
    order.insert(20, t)
    return order


def canonical_hands(order: Sequence[int], dealer: int, taker: int) -> list[frozenset[int]]:
    """BE-3.4 written out (packets 3 then 2): the complete hands once ``taker`` has taken."""
    hands: list[set[int]] = [set() for _ in range(4)]
    pos = 0
    for size in (3, 2):
        for k in range(1, 5):
            hands[(dealer + k) % 4].update(order[pos : pos + size])
            pos += size
    hands[taker].add(order[20])
    pos = 21
    for k in range(1, 5):
        seat = (dealer + k) % 4
        n = 2 if seat == taker else 3
        hands[seat].update(order[pos : pos + n])
        pos += n
    return [frozenset(h) for h in hands]


def test_be15_e2a_third_player_takes_in_round_1() -> None:
    """BE-15 E2 (a) (BE-4.1, BE-4.2, BE-5.1, BE-5.2): turn-up ♠K, dealer D: A speaks first;
    A pass, B pass, C take: C is taker, trump ♠, A–C attack; C receives ♠K plus 2 cards, the others
    3 each; A leads."""
    rules = belote()
    order = order_with_turn_up("♠K")
    state = rules.deal_from_order(order, dealer=D)
    assert state.turn_up == card("♠K")
    dealt = [frozenset(state.hand(s)) for s in range(4)]
    assert state.to_act == A
    assert state.legal_actions() == (Pass(), Bid(Contract.SPADES))  # take = the turn-up's suit
    state = state.apply(Pass())
    assert state.to_act == B
    state = state.apply(Pass())
    assert state.to_act == C
    state = state.apply(Bid(Contract.SPADES))
    assert (state.phase, state.taker, state.contract, state.attack) == (
        "play",
        C,
        Contract.SPADES,
        0,
    )
    assert state.bids == ((A, None), (B, None), (C, Contract.SPADES))
    for seat in range(4):
        hand = frozenset(state.hand(seat))
        assert len(hand) == 8 and dealt[seat] <= hand
        new = hand - dealt[seat]
        assert len(new) == 3  # the taker: the turn-up + 2; the others 3
        if seat == C:
            assert card("♠K") in new
    assert [frozenset(state.hand(s)) for s in range(4)] == canonical_hands(order, D, C)
    assert state.to_act == A  # BE-5.2


def test_be15_e2b_dealer_names_hearts_in_round_2() -> None:
    """BE-15 E2 (b) (BE-4.3, BE-5.1, BE-5.2): all pass in round 1; in round 2 A, B, C pass and D
    names ♥ (♠ may not be named): D is taker, trump ♥, B–D attack; D holds ♠K as a plain card; A
    still leads."""
    rules = belote()
    order = order_with_turn_up("♠K")
    state = rules.deal_from_order(order, dealer=D)
    for _ in range(4):
        state = state.apply(Pass())
    assert state.phase == "bidding" and state.to_act == A  # round 2 starts after the dealer again
    for seat in (A, B, C):
        assert state.to_act == seat
        offered = state.legal_actions()
        assert Bid(Contract.SPADES) not in offered
        assert set(offered) == {
            Pass(),
            Bid(Contract.HEARTS),
            Bid(Contract.DIAMONDS),
            Bid(Contract.CLUBS),
        }
        state = state.apply(Pass())
    assert state.to_act == D
    reason = rejection(state, Bid(Contract.SPADES))
    assert "spades" in reason and "round 2" in reason
    state = state.apply(Bid(Contract.HEARTS))
    assert (state.phase, state.taker, state.contract, state.attack) == (
        "play",
        D,
        Contract.HEARTS,
        1,
    )
    assert card("♠K") in state.hand(D)
    assert [frozenset(state.hand(s)) for s in range(4)] == canonical_hands(order, D, D)
    assert state.to_act == A
    # ♠K is a plain card: it is not a trump and ranks in plain order in its suit (BE-1.4).
    table = rules.table(Contract.HEARTS)
    assert not table.trumps >> card("♠K") & 1
    tr = rules.trick_rules(Contract.HEARTS)
    assert tr.winner_position(parse_cards("♠J ♠K")) == 1  # plain order: K above J
    assert legal_partial(tr, "♠K ♥8", "♠A", partner_winning=False) == cards("♠K")  # must follow ♠


# --------------------------------------------------------------------------------------------------
# BE-4 bidding (BE-16 checklist)


def take_state(rules: Belote, seed: int, dealer: int, passes: int) -> BeloteState:
    state = rules.new_deal(seed=seed, dealer=dealer)
    for _ in range(passes):
        state = state.apply(Pass())
    return state


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("passes", range(8))
def test_be4_1_be5_2_player_after_dealer_speaks_first_and_leads(dealer: int, passes: int) -> None:
    """BE-4.1, BE-5.2, BE-16: each round starts with the player after the dealer and goes round in
    play order; whoever takes, the player after the dealer leads the first trick."""
    rules = belote()
    state = rules.new_deal(seed=100 + dealer, dealer=dealer)
    speakers = []
    for _ in range(passes):
        speakers.append(state.to_act)
        state = state.apply(Pass())
    expected_speakers = [(dealer + 1 + k) % 4 for k in range(passes)]
    assert speakers == expected_speakers
    taker = (dealer + 1 + passes) % 4
    assert state.to_act == taker
    bid = state.legal_actions()[1]  # round 1: take; round 2: name the first other suit offered
    assert isinstance(bid, Bid)
    state = state.apply(bid)
    assert state.phase == "play" and state.taker == taker
    assert state.to_act == (dealer + 1) % 4 == state.trick_leader
    assert state.turn_up in state.hand(taker)  # BE-4.3, BE-5.1: the taker takes the turn-up
    assert all(len(state.hand(s)) == 8 for s in range(4))


@pytest.mark.parametrize("seed", range(8))
def test_be4_3_round_2_cannot_name_turn_up_suit(seed: int) -> None:
    """BE-4.3, BE-16: round 2 offers pass and the three other suits; naming the turn-up's suit is
    rejected with a reason; the taker still receives the turn-up, as a plain card."""
    rules = belote()
    state = take_state(rules, seed, seed % 4, 4)
    turn_suit = state.turn_up.suit
    assert turn_suit is not None
    others = [Contract(s) for s in Suit if s != turn_suit]
    assert set(state.legal_actions()) == {Pass(), *(Bid(x) for x in others)}
    reason = rejection(state, Bid(Contract(turn_suit)))
    assert "may not be named" in reason
    for x in (Contract.ALL_TRUMPS, Contract.NO_TRUMPS):
        assert "round 2" in rejection(state, Bid(x))
    taker = state.to_act
    assert taker is not None
    state = state.apply(Bid(others[seed % 3]))
    assert state.contract == others[seed % 3] and state.taker == taker
    assert state.turn_up in state.hand(taker)
    assert not rules.table(others[seed % 3]).trumps >> state.turn_up & 1


@pytest.mark.parametrize("seed", range(4))
def test_be4_4_round_3_only_all_trumps_or_no_trumps(seed: int) -> None:
    """BE-4.4, BE-16: with ta_sa='third_round', round 3 offers only TA, SA or pass; no suit may be
    named there, and TA/SA may not be chosen in rounds 1–2."""
    rules = belote(ta_sa="third_round")
    state = rules.new_deal(seed=seed, dealer=seed % 4)
    for x in (Contract.ALL_TRUMPS, Contract.NO_TRUMPS):
        assert "round 1" in rejection(state, Bid(x))
    for _ in range(4):
        state = state.apply(Pass())
    for x in (Contract.ALL_TRUMPS, Contract.NO_TRUMPS):
        assert Bid(x) not in state.legal_actions()
        rejection(state, Bid(x))
    for _ in range(4):
        state = state.apply(Pass())
    assert state.phase == "bidding" and state.to_act == (seed + 1) % 4
    assert set(state.legal_actions()) == {
        Pass(),
        Bid(Contract.ALL_TRUMPS),
        Bid(Contract.NO_TRUMPS),
    }
    for s in Suit:
        assert "round 3" in rejection(state, Bid(Contract(s)))
    state = state.apply(Pass())
    taker = state.to_act
    assert taker is not None
    state = state.apply(Bid(Contract.NO_TRUMPS))
    assert (state.phase, state.contract, state.taker) == ("play", Contract.NO_TRUMPS, taker)
    assert state.turn_up in state.hand(taker)
    assert state.to_act == (seed + 1) % 4


@pytest.mark.parametrize(("ta_sa", "rounds"), [("off", 2), ("third_round", 3)])
def test_be4_5_throw_in_after_last_round(ta_sa: str, rounds: int) -> None:
    """BE-4.5: if all four pass in the last round available (2, or 3 with ta_sa), the deal is void:
    nobody scores, nothing more may be done."""
    rules = belote(ta_sa=ta_sa)
    state = rules.new_deal(seed=7, dealer=2)
    for i in range(4 * rounds):
        assert state.phase == "bidding", i
        state = state.apply(Pass())
    assert state.is_over and state.phase == "over"
    assert state.to_act is None and state.legal_actions() == ()
    assert state.result.is_annulled
    assert tuple(state.result.scores) == (0, 0, 0, 0)
    assert state.contract is None and state.taker is None
    rejection(state, Pass())


def test_be3_1_dealer_changes_after_a_throw_in() -> None:
    """BE-3.1, BE-16: after every deal, a thrown-in one included, the next player deals; with
    redeal_after_all_pass='same_dealer' a thrown-in deal is dealt again by the same dealer."""
    for dealer in range(4):
        thrown = take_state(belote(), 3, dealer, 8)
        assert thrown.result.is_annulled
        fresh = take_state(belote(), 3, dealer, 0)
        take = fresh.legal_actions()[1]
        assert isinstance(take, Bid)
        played = play_out(fresh.apply(take))
        assert not played.result.is_annulled
        nxt = (dealer + 1) % 4
        assert belote().next_dealer(dealer, thrown.result) == nxt
        assert belote().next_dealer(dealer, played.result) == nxt
        same = belote(redeal_after_all_pass="same_dealer")
        assert same.next_dealer(dealer, thrown.result) == dealer
        assert same.next_dealer(dealer, played.result) == nxt


def test_be4_illegal_bids_rejected_with_reasons() -> None:
    """BE-4.2: round 1 offers only taking the turn-up's suit, or pass; other calls are rejected with
    a reason, and cards cannot be played during the bidding (BE-4)."""
    rules = belote()
    state = rules.new_deal(seed=11, dealer=0)
    turn_suit = state.turn_up.suit
    assert turn_suit is not None
    for s in Suit:
        if s != turn_suit:
            reason = rejection(state, Bid(Contract(s)))
            assert "round 1" in reason and turn_suit.label in reason
    for x in (Contract.ALL_TRUMPS, Contract.NO_TRUMPS):
        rejection(state, Bid(x))
    assert "bid" in rejection(state, Play(state.hand(1)[0]))


# --------------------------------------------------------------------------------------------------
# BE-7 legal cards: BE-15 E9 (partner has trumped, BE-7.6)

# E9: trump ♣; an opponent leads ♦A, my partner trumps with ♣Q, the other opponent discards ♥7;
# I play fourth, void in ♦. Hands and the four options' legal sets, as in the table.
E9_TABLE: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "♣K ♣8 ♠A ♠7 ♥10",
        {
            "free": "♣K ♣8 ♠A ♠7 ♥10",
            "overtrump_if_trumping": "♣K ♠A ♠7 ♥10",
            "no_undertrump": "♣K ♠A ♠7 ♥10",
            "only_trumps_overtrump": "♣K ♣8 ♠A ♠7 ♥10",
        },
    ),
    (
        "♣8 ♠7",
        {
            "free": "♣8 ♠7",
            "overtrump_if_trumping": "♣8 ♠7",
            "no_undertrump": "♠7",
            "only_trumps_overtrump": "♣8 ♠7",
        },
    ),
    (
        "♣K ♣8",
        {
            "free": "♣K ♣8",
            "overtrump_if_trumping": "♣K",
            "no_undertrump": "♣K",
            "only_trumps_overtrump": "♣K",
        },
    ),
)


@pytest.mark.parametrize("rule", PARTNER_RULES)
@pytest.mark.parametrize("row", range(3))
def test_be15_e9_partner_has_trumped_table(row: int, rule: str) -> None:
    """BE-15 E9 / BE-7.6 (2): the twelve cells of the table, over the listed hands."""
    hand, expected = E9_TABLE[row]
    tr = belote(partner_trump_rule=rule).trick_rules(Contract.CLUBS)
    got = legal_partial(tr, hand, "♦A ♣Q ♥7", partner_winning=True)
    assert got == cards(expected[rule]), show(got)


# Complete hands for E9 rows 1 and 2 (row 3, a hand of trumps only, cannot be a first-trick hand):
# seat 1 (opponent) holds every diamond and leads ♦A; seat 2 (my partner) trumps with ♣Q; seat 3
# holds no diamond and no club and discards ♥7; I am seat 0. Dealer 0, so seat 1 leads.
E9_FULL: tuple[tuple[tuple[str, str, str, str], str, str], ...] = (
    (
        (
            "♣K ♣8 ♠A ♠7 ♥10 ♠K ♠Q ♥9",
            "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7",
            "♣Q ♣J ♣9 ♣A ♣10 ♣7 ♠J ♠10",
            "♥7 ♥8 ♥J ♥Q ♥K ♥A ♠9 ♠8",
        ),
        "all",
        "all but ♣8",
    ),
    (
        (
            "♣8 ♠7 ♠A ♠K ♠Q ♠J ♥10 ♥9",
            "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7",
            "♣Q ♣J ♣9 ♣A ♣10 ♣K ♣7 ♠10",
            "♥7 ♥8 ♥J ♥Q ♥K ♥A ♠9 ♠8",
        ),
        "all",
        "non-trumps",
    ),
)

# The table's cells for rows 1 and 2, per option: "all" = the whole hand; "all but ♣8"; "non-trumps"
# = "♠7 only" for the listed hand, i.e. every card except the club.
E9_FULL_CELLS = {
    0: {
        "free": "all",
        "overtrump_if_trumping": "all but ♣8",
        "no_undertrump": "all but ♣8",
        "only_trumps_overtrump": "all",
    },
    1: {
        "free": "all",
        "overtrump_if_trumping": "all",
        "no_undertrump": "non-trumps",
        "only_trumps_overtrump": "all",
    },
}


@pytest.mark.parametrize("rule", PARTNER_RULES)
@pytest.mark.parametrize("row", range(2))
def test_be15_e9_partner_has_trumped_through_engine(row: int, rule: str) -> None:
    """BE-15 E9 / BE-7.6 (2) through the engine, with complete hands extending rows 1 and 2."""
    hands, _, _ = E9_FULL[row]
    check_hands(hands)
    state = belote(partner_trump_rule=rule).start_play(hands, Contract.CLUBS, taker=2, dealer=0)
    assert state.to_act == 1
    state = play(state, "♦A")
    assert legal_cards(state) == frozenset(c for c in state.hand(2) if c.suit == Suit.CLUBS)
    state = play(state, "♣Q")
    assert legal_cards(state) == frozenset(state.hand(3))  # neither ♦ nor ♣: any card
    state = play(state, "♥7")
    assert state.to_act == 0 and state.winning_seat == 2
    hand = frozenset(state.hand(0))
    cell = E9_FULL_CELLS[row][rule]
    expected = {
        "all": hand,
        "all but ♣8": hand - {card("♣8")},
        "non-trumps": frozenset(c for c in hand if c.suit != Suit.CLUBS),
    }[cell]
    assert legal_cards(state) == expected, show(legal_cards(state))


def test_be15_e9_reason_must_not_undertrump_partner() -> None:
    """BE-7.9 reasons, BE-15 E9 row 1 under overtrump_if_trumping (preset bga): ♣8 is rejected
    because it would undertrump the partner's ♣Q."""
    hands, _, _ = E9_FULL[0]
    state = belote(preset="bga").start_play(hands, Contract.CLUBS, taker=2, dealer=0)
    state = play(state, "♦A", "♣Q", "♥7")
    reason = rejection(state, Play(card("♣8")))
    assert "must not undertrump partner's" in reason and "♣Q" in reason


# --------------------------------------------------------------------------------------------------
# BE-15 E10 — cannot overtrump an opponent (BE-7.5)


@pytest.mark.parametrize(
    ("undertrump", "hand", "expected"),
    [
        ("compulsory", "♣A ♣7 ♥K ♠8", "♣A ♣7"),
        ("free", "♣A ♣7 ♥K ♠8", "♣A ♣7 ♥K ♠8"),
        ("compulsory", "♣A ♣7 ♥K ♠8 ♣J", "♣J"),
        ("free", "♣A ♣7 ♥K ♠8 ♣J", "♣J"),
    ],
)
def test_be15_e10_cannot_overtrump_listed_hand(undertrump: str, hand: str, expected: str) -> None:
    """BE-15 E10 / BE-7.5 (3, 4): partner leads ♦10, the next opponent trumps with ♣9; only ♣J
    beats ♣9. compulsory: a lower trump must be played; free: any card; holding ♣J: ♣J only."""
    tr = belote(undertrump=undertrump).trick_rules(Contract.CLUBS)
    # The opponent's ♣9 is winning, so partner_winning is False.
    assert legal_partial(tr, hand, "♦10 ♣9", partner_winning=False) == cards(expected)


E10_HANDS = (
    "♣A ♣7 ♥K ♠8 ♥A ♥10 ♠A ♠10",  # me (seat 0)
    "♣J ♠9 ♠7 ♥Q ♥J ♥9 ♥8 ♥7",  # opponent, plays last
    "♦10 ♦A ♦K ♦Q ♦J ♦9 ♦8 ♦7",  # partner, leads ♦10
    "♣9 ♣10 ♣K ♣Q ♣8 ♠K ♠Q ♠J",  # next opponent, trumps with ♣9
)


def e10_hands(with_jack: bool) -> tuple[str, ...]:
    if not with_jack:
        return E10_HANDS
    me, opp, partner, other = E10_HANDS
    return (me.replace("♠10", "♣J"), opp.replace("♣J", "♠10"), partner, other)


@pytest.mark.parametrize("undertrump", ["compulsory", "free"])
@pytest.mark.parametrize("with_jack", [False, True])
def test_be15_e10_cannot_overtrump_through_engine(undertrump: str, with_jack: bool) -> None:
    """BE-15 E10 / BE-7.5 through the engine (dealer 1, so my partner, seat 2, leads)."""
    hands = e10_hands(with_jack)
    check_hands(hands)
    state = belote(undertrump=undertrump).start_play(hands, Contract.CLUBS, taker=3, dealer=1)
    assert state.to_act == 2
    state = play(state, "♦10")
    assert legal_cards(state) == cards("♣9 ♣10 ♣K ♣Q ♣8")  # BE-7.5 (2): must trump, any trump
    state = play(state, "♣9")
    assert state.to_act == 0 and state.winning_seat == 3
    hand = frozenset(state.hand(0))
    if with_jack:
        expected = cards("♣J")
    elif undertrump == "compulsory":
        expected = cards("♣A ♣7")
    else:
        expected = hand
    assert legal_cards(state) == expected, show(legal_cards(state))
    if with_jack:
        assert "must overtrump" in rejection(state, Play(card("♣A")))
        assert "♣9" in rejection(state, Play(card("♣A")))
    elif undertrump == "compulsory":
        assert "trump" in rejection(state, Play(card("♥K")))


# --------------------------------------------------------------------------------------------------
# BE-15 E11 — all trumps (BE-7.7, BE-6.3, BE-9.1)

# Seat 1 (opponent) leads ♠A, seat 2 (my partner) plays ♠9, seat 3 (opponent) cannot beat ♠9 and
# plays ♠Q; I am seat 0. Seat 3 holds ♦K ♦Q and ♣K ♣Q (two belotes in TA); no other K–Q pair.
E11_HANDS = (
    "♠J ♠10 ♠7 ♦A ♦8 ♥A ♥10 ♥9",
    "♠A ♠K ♠8 ♦J ♦10 ♣A ♣10 ♥Q",
    "♠9 ♥K ♣J ♦9 ♦7 ♣9 ♣8 ♣7",
    "♠Q ♦K ♦Q ♣K ♣Q ♥J ♥8 ♥7",
)


def e11_state(**options: object) -> BeloteState:
    check_hands(E11_HANDS)
    rules = belote(ta_sa="third_round", **options)
    state = rules.start_play(E11_HANDS, Contract.ALL_TRUMPS, taker=0, dealer=0)
    return play(state, "♠A", "♠9", "♠Q")


@pytest.mark.parametrize(("must_beat", "expected"), [(True, "♠J"), (False, "♠J ♠10 ♠7")])
def test_be15_e11_ta_legal_sets_listed_hand(must_beat: bool, expected: str) -> None:
    """BE-15 E11 / BE-7.7: I hold ♠J ♠10 ♠7 ♦A ♦8; my partner's ♠9 wins; I must beat it (only ♠J
    does), or with ta_must_beat_partner=false any ♠. Void in ♠: any card."""
    rules = belote(ta_sa="third_round", ta_must_beat_partner=must_beat)
    tr = rules.trick_rules(Contract.ALL_TRUMPS)
    hand = "♠J ♠10 ♠7 ♦A ♦8"
    assert legal_partial(tr, hand, "♠A ♠9 ♠Q", partner_winning=True) == cards(expected)
    assert legal_partial(tr, "♦A ♦8 ♥10", "♠A ♠9 ♠Q", partner_winning=True) == cards("♦A ♦8 ♥10")
    # BE-8.2: a card of another suit never wins in TA.
    assert tr.winner_position(parse_cards("♠7 ♥J ♦J ♣J")) == 0


@pytest.mark.parametrize(("must_beat", "expected"), [(True, "♠J"), (False, "♠J ♠10 ♠7")])
def test_be15_e11_ta_legal_sets_through_engine(must_beat: bool, expected: str) -> None:
    """BE-15 E11 / BE-7.7 through the engine; ♠9 beats ♠A (trump order J 9 A 10 ...); the rejected
    ♠10 is refused with "must beat"."""
    state = e11_state(ta_must_beat_partner=must_beat)
    assert state.to_act == 0 and state.winning_seat == 2
    assert legal_cards(state) == cards(expected)
    if must_beat:
        reason = rejection(state, Play(card("♠10")))
        assert "must beat" in reason and "♠9" in reason
    assert "must follow" in rejection(state, Play(card("♦A")))


@pytest.mark.parametrize(("points", "trick"), [("ffb2015", 30), ("unscaled", 48)])
def test_be15_e11_ta_trick_points(points: str, trick: int) -> None:
    """BE-15 E11 / BE-6.3, BE-6.4, BE-8.2: I play ♠J and win; trick points 6 + 9 + 2 + 13 = 30
    (unscaled: 11 + 14 + 3 + 20 = 48)."""
    state = play(e11_state(ta_sa_points=points), "♠J")
    assert state.tricks[-1].winner == 0
    assert state.card_points() == (trick, 0)


def test_be15_e11_two_belotes_in_ta() -> None:
    """BE-15 E11 / BE-9.1: in TA the K and Q of each suit are a belote; seat 3 holds ♦K ♦Q and ♣K ♣Q
    and scores two belotes, 40 points."""
    state = e11_state()
    assert set(state.belote_holders) == {(Suit.DIAMONDS, 3), (Suit.CLUBS, 3)}
    score = score_of(play_out(state))
    assert score.belote_points == (0, 40)


# --------------------------------------------------------------------------------------------------
# BE-15 E12 — no trumps (BE-7.8, BE-6.2, BE-9.1)

# Seat 1 leads ♦Q, seat 2 plays ♦J, seat 3 ("me": ♦7 ♦K ♣A ♥10 ...) plays ♦K, seat 0 plays ♦9.
# Seats 0 and 2 hold a K and Q of one suit (two for seat 2).
E12_HANDS = (
    "♦9 ♥K ♥Q ♥A ♥J ♥9 ♥8 ♥7",
    "♦Q ♦A ♦10 ♦8 ♠A ♠J ♠8 ♠7",
    "♦J ♠K ♠Q ♣K ♣Q ♣J ♣8 ♣7",
    "♦7 ♦K ♣A ♥10 ♣10 ♣9 ♠10 ♠9",
)


def e12_start(contract: Contract = Contract.NO_TRUMPS) -> BeloteState:
    check_hands(E12_HANDS)
    return belote(ta_sa="third_round").start_play(E12_HANDS, contract, taker=1, dealer=0)


def test_be15_e12_sa_legal_set_listed_hand() -> None:
    """BE-15 E12 / BE-7.8: an opponent leads ♦Q; holding ♦7 ♦K ♣A ♥10 I must follow, with either
    diamond (no need to beat); void: any card, and nothing beats the led suit (BE-8.3)."""
    tr = belote(ta_sa="third_round").trick_rules(Contract.NO_TRUMPS)
    assert legal_partial(tr, "♦7 ♦K ♣A ♥10", "♦Q", partner_winning=False) == cards("♦7 ♦K")
    assert legal_partial(tr, "♣A ♥10 ♠7", "♦Q", partner_winning=False) == cards("♣A ♥10 ♠7")
    assert tr.winner_position(parse_cards("♦7 ♠A ♣A ♥A")) == 0


def test_be15_e12_sa_trick_through_engine() -> None:
    """BE-15 E12 / BE-7.8, BE-8.3, BE-6.2: trick ♦Q, ♦J, ♦K (me), ♦9: legal {♦7, ♦K}; ♦K wins in
    plain order; 3 + 2 + 4 + 0 = 9 points."""
    state = play(e12_start(), "♦Q", "♦J")
    assert state.to_act == 3
    assert legal_cards(state) == cards("♦7 ♦K")
    assert "must follow" in rejection(state, Play(card("♣A")))
    state = play(state, "♦K", "♦9")
    assert state.tricks[-1].winner == 3
    assert state.card_points() == (0, 9)


def test_be15_e12_no_belote_in_sa() -> None:
    """BE-15 E12 / BE-9.1, BE-16: a K and Q of the same suit score nothing in SA (the same hands in
    TA hold three belotes)."""
    state = e12_start()
    assert state.belote_holders == ()
    assert score_of(play_out(state)).belote_points == (0, 0)
    ta = e12_start(Contract.ALL_TRUMPS)
    assert set(ta.belote_holders) == {(Suit.HEARTS, 0), (Suit.SPADES, 2), (Suit.CLUBS, 2)}


# --------------------------------------------------------------------------------------------------
# BE-7 other positions and rejection reasons


def test_be7_3_follow_without_beating_even_when_trumped() -> None:
    """BE-7.3, BE-16: following a plain suit, any card of the suit, no obligation to beat, even if
    the trick has been trumped; another card is rejected with "must follow"."""
    tr = belote().trick_rules(Contract.SPADES)
    assert legal_partial(tr, "♥A ♥7 ♠J", "♥K ♠7", partner_winning=False) == cards("♥A ♥7")
    led, win = trick_state(tr, "♥K ♠7")
    reason = tr.explain(card_mask(parse_cards("♥A ♥7 ♠J")), led, win, card("♠J"))
    assert reason is not None and "must follow" in reason


def test_be7_6_partner_winning_with_led_suit_anything() -> None:
    """BE-7.6 (1), BE-16: void, partner winning with a card of the led suit: any card, in every
    position of partner_trump_rule."""
    for rule in PARTNER_RULES:
        tr = belote(partner_trump_rule=rule).trick_rules(Contract.SPADES)
        got = legal_partial(tr, "♠J ♠7 ♦A", "♥7 ♥A ♥8", partner_winning=True)
        assert got == cards("♠J ♠7 ♦A"), rule
        got = legal_partial(tr, "♠J ♠7 ♦A", "♥A ♥7", partner_winning=True)
        assert got == cards("♠J ♠7 ♦A"), rule


def test_be7_reasons_through_engine_e1() -> None:
    """BE-7.9: an illegal card is rejected saying why — must follow (BE-7.3), must trump
    (BE-7.5 (2)), must overtrump (BE-7.5 (3)), the higher trump on a trump lead (BE-7.4); a card
    not in hand is refused too. The state is unchanged by each refusal."""
    state = e1_start("ffb")
    state = play(state, "♥A")
    assert "must follow" in rejection(state, Play(card("♦10")))  # B holds ♥10
    assert "hearts" in rejection(state, Play(card("♦10")))
    assert "hand" in rejection(state, Play(card("♥J")))  # D's card
    state = play(state, "♥10", "♥Q", "♥7", "♥K")
    assert "must trump" in rejection(state, Play(card("♦10")))  # B void in ♥, holds trumps
    state = play(state, "♠K")
    reason = rejection(state, Play(card("♠7")))
    assert "must overtrump" in reason and "♠K" in reason
    state = play(state, "♠A", "♥8", "♠10", "♣7")
    # Trump led: the rules' sample reason is "must beat ♠9 (trump led)"; either wording names ♠10.
    reason = rejection(state, Play(card("♠8")))
    assert ("must beat" in reason or "must overtrump" in reason) and "♠10" in reason
    reason = rejection(state, Play(card("♦A")))
    assert "must follow" in reason or "trump" in reason
    before = (state.legal_actions(), state.history, [state.hand(s) for s in range(4)])
    rejection(state, Play(card("♠8")))
    assert before == (state.legal_actions(), state.history, [state.hand(s) for s in range(4)])


# --------------------------------------------------------------------------------------------------
# BE-7.9 / BE-8 against an oracle written from the rules text, on seeded random deals

TRUMP_ORDER = ["J", "9", "A", "T", "K", "Q", "8", "7"]
PLAIN_ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7"]


def _strength(c: Card, order: list[str]) -> int:
    return len(order) - order.index(PIQUET_NOTATION.text(c)[0])


def oracle_winner(trick: Sequence[Card], contract: Contract) -> int:
    """BE-8.1 – BE-8.3: position of the winning card."""
    led = trick[0].suit
    trump = contract.suit
    if trump is not None and any(c.suit == trump for c in trick):
        pos = [i for i, c in enumerate(trick) if c.suit == trump]
        return max(pos, key=lambda i: _strength(trick[i], TRUMP_ORDER))
    order = TRUMP_ORDER if contract is Contract.ALL_TRUMPS else PLAIN_ORDER
    pos = [i for i, c in enumerate(trick) if c.suit == led]
    return max(pos, key=lambda i: _strength(trick[i], order))


def oracle_legal(
    hand: frozenset[Card], trick: Sequence[Card], contract: Contract, pw: bool, rules: Belote
) -> frozenset[Card]:
    """BE-7.9, transcribed."""
    o = rules.options
    if not trick:
        return hand
    led = trick[0].suit
    f = frozenset(c for c in hand if c.suit == led)
    w = trick[oracle_winner(trick, contract)]
    if contract is Contract.NO_TRUMPS:
        return f or hand
    if contract is Contract.ALL_TRUMPS:
        if not f:
            return hand
        if pw and not o.ta_must_beat_partner:
            return f
        u = frozenset(c for c in f if _strength(c, TRUMP_ORDER) > _strength(w, TRUMP_ORDER))
        return u or f
    t = contract.suit
    if led == t:
        if not f:
            return hand
        top = max(_strength(c, TRUMP_ORDER) for c in trick if c.suit == t)
        u = frozenset(c for c in f if _strength(c, TRUMP_ORDER) > top)
        return u or f
    if f:
        return f
    tr = frozenset(c for c in hand if c.suit == t)
    if not tr:
        return hand
    in_trick = [_strength(c, TRUMP_ORDER) for c in trick if c.suit == t]
    h = max(in_trick) if in_trick else None
    u = frozenset(c for c in tr if h is None or _strength(c, TRUMP_ORDER) > h)
    if not pw:
        if u:
            return u
        return tr if o.undertrump == "compulsory" else hand
    if h is None:
        return hand
    n = hand - tr
    rule = o.partner_trump_rule
    if rule == "free":
        return hand
    if rule == "overtrump_if_trumping":
        return (n | u) if u else hand
    if rule == "no_undertrump":
        return (n | u) if n else (u or tr)
    return hand if n else (u or tr)


@pytest.mark.parametrize(
    ("rule", "undertrump", "must_beat"),
    list(itertools.product(PARTNER_RULES, ("compulsory", "free"), (True, False))),
)
def test_be7_9_procedure_matches_engine_on_random_deals(
    rule: str, undertrump: str, must_beat: bool
) -> None:
    """BE-7.9 (legal cards) and BE-8 (trick winner): the engine agrees with the normative procedure
    at every card of 30 seeded random deals per option set, suit contracts, TA and SA."""
    rules = belote(
        ta_sa="third_round",
        partner_trump_rule=rule,
        undertrump=undertrump,
        ta_must_beat_partner=must_beat,
    )
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = rules.new_deal(seed=seed, dealer=seed % 4)
        passes = rng.randrange(12)
        while state.phase == "bidding":
            acts = state.legal_actions()
            if passes > 0:
                passes -= 1
                state = state.apply(Pass())
            else:
                state = state.apply(rng.choice(acts[1:]))
        contract = state.contract
        assert contract is not None
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            trick = state.current_trick
            pw = bool(trick) and state.winning_seat == (seat + 2) % 4
            expected = oracle_legal(frozenset(state.hand(seat)), trick, contract, pw, rules)
            assert legal_cards(state) == expected, (seed, show(trick), show(state.hand(seat)))
            checked += 1
            chosen = rng.choice(sorted(expected))
            leader = state.trick_leader
            assert leader is not None
            full = (*trick, chosen)
            state = state.apply(Play(chosen))
            if len(full) == 4:
                assert state.tricks[-1].winner == (leader + oracle_winner(full, contract)) % 4
    assert checked == 30 * 32


def test_be7_illegal_card_never_changes_state() -> None:
    """BE-7.9 / engine contract: every card of the pack that is not legal is refused with a
    non-empty reason, and the state is unchanged."""
    state = e1_start("bga")
    state = play(state, "♥A", "♥10", "♥Q", "♥7", "♥K", "♠K")
    before = (state.legal_actions(), state.history, tuple(state.hand(s) for s in range(4)))
    for c in PIQUET_32.cards:
        if c not in legal_cards(state):
            assert rejection(state, Play(c))
    assert before == (state.legal_actions(), state.history, tuple(state.hand(s) for s in range(4)))


# --------------------------------------------------------------------------------------------------
# BE-12 the game, BE-13 presets


def test_be4_5_throw_in_leaves_litige_carry_untouched() -> None:
    """BE-4.5, BE-11.7: a void deal credits nothing and leaves a pending litige carry untouched; it
    does not count as a played deal."""
    rules = belote()
    thrown = take_state(rules, 5, 1, 8)
    assert thrown.result.is_annulled
    credited, carry = rules.settle(71, thrown.result)
    assert tuple(credited) == (0, 0, 0, 0) and carry == 71
    assert not rules.counts_toward_match(thrown.result)


def test_be12_2_tie_at_or_above_target_plays_another_deal() -> None:
    """BE-12.1, BE-12.2: the game ends when a team is at or above the target after a deal; equal
    scores at or above the target lead to another deal."""
    rules = belote()
    assert rules.match_target == 1000
    assert belote(target_score=501).match_target == 501
    assert rules.target_reached((1000, 640, 1000, 640), 1000)
    assert rules.target_reached((640, 1200, 640, 1200), 1000)
    assert not rules.target_reached((999, 640, 999, 640), 1000)
    assert not rules.target_reached((1000, 1000, 1000, 1000), 1000)
    assert not rules.target_reached((1100, 1100, 1100, 1100), 1000)


@pytest.mark.parametrize("seed", range(3))
def test_be12_match_records_every_deal_and_stops_at_target(seed: int) -> None:
    """BE-12.1, BE-12.3, BE-3.1: a match (target 300) plays deals until a team reaches the target
    (not tied); every deal is recorded, thrown-in deals included, and the dealer moves on after
    every deal."""
    rules = belote(target_score=300)
    match = Match.start(rules, seed=seed, first_dealer=seed % 4)
    assert match.target_score == 300
    bots = [RandomBot(10 * seed + s) for s in range(4)]
    dealers = []
    while not match.is_over:
        team_totals = (match.totals[0], match.totals[1])
        assert max(team_totals) < 300 or team_totals[0] == team_totals[1]
        state = match.new_deal()
        assert state.to_act == (match.dealer + 1) % 4
        dealers.append(match.dealer)
        while not state.is_over:
            state = state.apply(bots[state.to_act or 0].choose(state))
        before = len(match.results)
        match = match.add(state.result)
        assert len(match.results) == before + 1
    assert dealers == [(seed + k) % 4 for k in range(len(dealers))]
    totals = match.totals
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert max(totals) >= 300 and totals[0] != totals[1]


def test_be13_presets() -> None:
    """BE-13: the option values of the three presets, as in the table; the default preset is ffb;
    any option may be overridden."""
    ffb: dict[str, object] = {
        "direction": "anticlockwise",
        "deal_packets": "3-2",
        "redeal_after_all_pass": "next_dealer",
        "ta_sa": "off",
        "ta_sa_points": "ffb2015",
        "partner_trump_rule": "free",
        "undertrump": "compulsory",
        "ta_must_beat_partner": True,
        "belote_on_failure": "holder",
        "belote_king_first": False,
        "belote_announce": "auto",
        "declarations": False,
        "declaration_card_reuse": True,
        "declaration_tie": "none",
        "declarations_need_trick": True,
        "auto_declare": False,
        "defence_capot": "capot",
        "litige": "carry",
        "litige_repeat": "cancel_previous",
        "rounding": "none",
        "target_score": 1000,
    }
    expected = {
        "ffb": ffb,
        "classic": {**ffb, "declarations": True},
        "bga": {**ffb, "partner_trump_rule": "overtrump_if_trumping"},
    }
    for name, values in expected.items():
        assert BeloteOptions.preset(name).to_dict() == values, name
        assert belote(preset=name).options.to_dict() == values, name
    assert belote().options.to_dict() == ffb
    assert belote(preset="bga", ta_sa="third_round").options.ta_sa == "third_round"


def test_be3_1_first_dealer_drawn_with_the_rng_when_not_given() -> None:
    """BE-3.1: without a dealer given by the caller, a seeded match draws the first dealer with its
    RNG, so different seeds do not all start with the same dealer."""
    rules = belote()
    dealers = set()
    for seed in range(16):
        state = Match.start(rules, seed=seed).new_deal()
        assert isinstance(state, BeloteState)
        dealers.add(state.dealer)
    assert len(dealers) > 1
