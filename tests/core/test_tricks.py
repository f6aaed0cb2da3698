"""Trick rules composed from flags (FT-9, FT-10.1/10.2; LO-6; BE-7.5/7.6)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib import ALL_CARDS, Card, Suit, card_mask, format_cards, parse_card, parse_cards
from tarotlib.core.cards import EXCUSE_MASK, SUIT_MASKS, TRUMP_MASK
from tarotlib.core.ranking import LOMBARD, STANDARD, RankOrder
from tarotlib.core.tricks import (
    FOOL_CLASS,
    FRENCH_TAROT_TRICKS,
    TRUMP_CLASS,
    Overtrump,
    PartnerTrumped,
    PlayedTrick,
    TrickRules,
)

FT = FRENCH_TAROT_TRICKS
LOMBARD_TRICKS = TrickRules(LOMBARD, overtrump=Overtrump.NEVER, trump_lead_higher=False)


def state_after(rules: TrickRules, cards: str) -> tuple[int, int]:
    led, win = -1, -1
    for c in parse_cards(cards):
        led, win = rules.follow(led, win, c)
    return led, win


def legal(rules: TrickRules, trick: str, hand: str, partner_winning: bool = False) -> str:
    led, win = state_after(rules, trick)
    return format_cards(rules.legal_mask(card_mask(parse_cards(hand)), led, win, partner_winning))


@pytest.mark.parametrize(
    ("trick", "hand", "expected"),
    [
        # FT-21.7 and its variants
        ("7S T12", "T5 T9 T15 T20 KH 2D EX", "T15 T20 EX"),
        ("7S T12", "T5 T9 KH EX", "T5 T9 EX"),
        ("7S T12", "3S T20 EX", "3S EX"),
        ("7S T12", "KH 2D", "2D KH"),
        ("T10 T18", "T14 T19 QC", "T19"),
        ("T10 T18", "T14 T16 QC", "T14 T16"),
        ("EX 4C", "KC 2C T3", "2C KC"),
        # FT-9.2 rows
        ("", "KH 2D T4", "KH 2D T4"),  # leader: anything
        ("EX", "KH 2D T4", "KH 2D T4"),  # FT-10.2: after a led Excuse, anything
        ("4H", "KH 2D T4", "KH"),  # must follow, need not beat
        ("4H", "2D T4 T7 EX", "T4 T7 EX"),  # must trump, any trump
        ("4H KS", "2D EX", "2D EX"),  # neither suit nor trumps: any card
        ("T3", "KH 2D", "KH 2D"),  # trump led, no trump: any card
    ],
)
def test_ft_9_2_legal_cards(trick: str, hand: str, expected: str) -> None:
    assert legal(FT, trick, hand) == format_cards(card_mask(parse_cards(expected)))


@pytest.mark.parametrize(
    ("trick", "hand", "card", "reason"),
    [
        ("7S T12", "T5 T9 T15 KH", "T9", "must overtrump T12"),
        ("7S T12", "T5 T9 T15 KH", "KH", "must trump"),  # FT-21.7: KH and 2D "must trump"
        ("7S T12", "T5 T9 KH", "KH", "must undertrump (no trump higher than T12)"),
        ("7S", "T5 KH", "KH", "must trump"),
        ("4H", "3H T5", "T5", "must follow hearts"),
        ("T10 T18", "T14 T19 QC", "T14", "must overtrump T18"),
        ("T10", "T4 QC", "QC", "must play a trump"),
        ("4H", "3H", "KH", "card not in hand"),
    ],
)
def test_ft_9_2_reasons(trick: str, hand: str, card: str, reason: str) -> None:
    led, win = state_after(FT, trick)
    assert FT.explain(card_mask(parse_cards(hand)), led, win, parse_card(card)) == reason


def test_explain_is_none_for_legal_cards() -> None:
    led, win = state_after(FT, "7S T12")
    assert FT.explain(card_mask(parse_cards("T15 EX")), led, win, parse_card("EX")) is None


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("KH 4H EX 7H", 0),  # FT-21.6: the Excuse never wins
        ("7S T12 T15 T9", 2),  # highest trump
        ("4H KS 2H 3H", 0),  # only the led suit can win: KS does not
        ("2H KS 4H 3H", 2),
        ("EX 4C KC T1", 3),  # after a led Excuse the second card sets the suit; T1 trumps
        ("EX 4C KC 9C", 2),
    ],
)
def test_ft_9_3_winner(cards: str, winner: int) -> None:
    assert FT.winner_position(parse_cards(cards)) == winner


def test_fool_only_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="no winner"):
        FT.winner_position(parse_cards("EX"))


@given(st.permutations(ALL_CARDS).map(lambda p: p[:5]))
def test_ft_9_3_winner_matches_independent_rule(cards: tuple[Card, ...]) -> None:
    """Independent restatement of FT-9.3: highest trump, else highest card of the led suit."""
    if all(c.is_excuse for c in cards):
        return
    trumps = [c for c in cards if c.is_trump]
    if trumps:
        best = max(trumps, key=lambda c: c.trump_number or 0)
    else:
        led = next(c for c in cards if not c.is_excuse).suit
        best = max((c for c in cards if c.suit == led), key=lambda c: c.rank or 0)
    assert cards[FT.winner_position(cards)] == best


@given(st.permutations(ALL_CARDS).flatmap(lambda p: st.tuples(st.just(p[:3]), st.just(p[3:15]))))
def test_legal_mask_is_a_nonempty_subset_of_the_hand(data: tuple[tuple[Card, ...], ...]) -> None:
    trick, hand = data
    hand_mask = card_mask(hand)
    for rules in (FT, LOMBARD_TRICKS):
        led, win = -1, -1
        for c in trick:
            led, win = rules.follow(led, win, c)
        mask = rules.legal_mask(hand_mask, led, win)
        assert mask and mask & ~hand_mask == 0
        # FT-10.1 / LO-7.1: the fool is always legal when held
        if parse_card("EX") in hand:
            assert mask >> parse_card("EX") & 1


def test_lo_6_2_no_overtrump_no_go_higher() -> None:
    """LO-6.2: must follow, must trump when void, but never any obligation to beat."""
    assert legal(LOMBARD_TRICKS, "7S T12", "T5 T15 KH") == "T5 T15"
    assert legal(LOMBARD_TRICKS, "T10 T18", "T14 T19 QC") == "T14 T19"
    assert legal(LOMBARD_TRICKS, "4H", "3H 9H T2") == "3H 9H"


def test_lo_3_reversed_red_pips_win() -> None:
    """LO-3: in a red suit the 1 beats the 10."""
    assert LOMBARD_TRICKS.winner_position(parse_cards("10H 1H 5H")) == 1
    assert LOMBARD_TRICKS.winner_position(parse_cards("10S 1S 5S")) == 0


def test_opponents_overtrump_partner_exception() -> None:
    """BE-7.5/7.6 style: with overtrump=opponents, a partner's winning card frees the player."""
    rules = TrickRules(STANDARD, overtrump=Overtrump.OPPONENTS)
    assert legal(rules, "7S T12", "T5 T15 KH", partner_winning=True) == "KH T5 T15"
    assert legal(rules, "7S T12", "T5 T15 KH", partner_winning=False) == "T15"
    assert legal(rules, "7S", "T5 KH", partner_winning=True) == "KH T5"


def test_undertrump_optional() -> None:
    rules = TrickRules(STANDARD, undertrump=False)
    assert legal(rules, "7S T12", "T5 KH") == "KH T5"


def test_no_must_trump() -> None:
    rules = TrickRules(STANDARD, must_trump=False)
    assert legal(rules, "7S", "T5 KH") == "KH T5"


def test_belote_style_trump_suit() -> None:
    """A plain suit can be the trump class (BE-1.3), with its own rank order (BE-1.4)."""
    plain = (1, 10, 14, 13, 11, 9, 8, 7)  # A 10 K Q J 9 8 7
    order = RankOrder.build(
        "belote-hearts",
        {
            Suit.SPADES: plain,
            Suit.HEARTS: (11, 9, 1, 10, 14, 13, 8, 7),
            Suit.DIAMONDS: plain,
            Suit.CLUBS: plain,
        },
        trump_order=(),
    )
    hearts = card_mask(c for c in ALL_CARDS if c.suit is not None and c.suit.letter == "H")
    rules = TrickRules(order, trumps=hearts, fool=0)
    assert rules.card_class[parse_card("JH")] == TRUMP_CLASS
    assert rules.winner_position(parse_cards("1S JH 9H 10S")) == 1
    assert legal(rules, "1S 9H", "JH 7H KD") == "JH"  # must overtrump 9H with JH
    assert rules.card_class[parse_card("EX")] != FOOL_CLASS


def test_played_trick_helpers() -> None:
    t = PlayedTrick(2, tuple(parse_cards("KH 4H EX 7H")), 2)
    assert t.seat_of(2, 4) == 0
    assert t.position_of(parse_card("EX")) == 2
    assert t.position_of(parse_card("1S")) is None
    assert t.text == "led by 2: KH 4H EX 7H -> seat 2"


# -- the tables: the one statement of the rules, read by every path -------------------------------
def reference_legal(rules: TrickRules, hand: int, led: int, win: int, partner: bool) -> int:
    """The legal cards straight from the flags of the module docstring (FT-9.2, FT-10.1, BE-7.4 –
    BE-7.7, LO-6.2): an independent statement of the rules that the tables are checked against."""
    if led < 0:
        return hand
    fool = hand & rules.fool
    follow = hand & rules.class_masks[led]
    above = rules.above[win]
    if led == TRUMP_CLASS:
        if follow:
            if rules.trump_lead_higher and follow & above:
                return follow & above | fool
            return follow | fool
        return hand
    if follow:
        beat = rules.follow_higher and rules.card_class[win] == led
        if beat and (rules.follow_higher_partner or not partner) and follow & above:
            return follow & above | fool
        return follow | fool
    trumps = hand & rules.trumps
    if not trumps or not rules.must_trump:
        return hand
    opponents = partner and rules.overtrump is Overtrump.OPPONENTS
    if rules.card_class[win] != TRUMP_CLASS:
        return hand if opponents else trumps | fool
    if rules.overtrump is Overtrump.NEVER:
        return trumps | fool
    higher = trumps & above
    if opponents:
        others = hand & ~rules.trumps
        rule = rules.partner_trumped
        if rule is PartnerTrumped.FREE:
            return hand
        if rule is PartnerTrumped.OVERTRUMP_IF_TRUMPING:
            return others | higher if higher else hand
        if rule is PartnerTrumped.NO_UNDERTRUMP:
            return others | higher if others else higher or trumps
        return hand if others else higher or trumps
    if higher:
        return higher | fool
    return trumps | fool if rules.undertrump else hand


def reference_follow(rules: TrickRules, led: int, win: int, card: int) -> tuple[int, int]:
    """The trick state after ``card`` straight from the rank order (FT-9.3, FT-10.2, LO-6.4)."""
    cls = rules.card_class[card]
    if cls == FOOL_CLASS:
        return led, win
    if led < 0:
        return cls, card
    strength = rules.rank_order.strength
    if cls == rules.card_class[win]:
        return (led, card) if strength[card] > strength[win] else (led, win)
    return (led, card) if cls == TRUMP_CLASS else (led, win)


def every_rules_arguments() -> list[dict[str, object]]:
    """The arguments of the trick rules under every combination of their flags, with tarot trumps
    and the fool, a trump suit with and without a fool, and no trumps."""
    out: list[dict[str, object]] = []
    packs = [
        (TRUMP_MASK, EXCUSE_MASK),
        (SUIT_MASKS[Suit.HEARTS], 0),
        (SUIT_MASKS[Suit.SPADES], EXCUSE_MASK),
        (0, 0),
    ]
    for trumps, fool in packs:
        for overtrump in Overtrump:
            for partner_trumped in PartnerTrumped:
                for flags in range(32):
                    out.append(
                        {
                            "trumps": trumps,
                            "fool": fool,
                            "must_trump": bool(flags & 1),
                            "overtrump": overtrump,
                            "trump_lead_higher": bool(flags & 2),
                            "undertrump": bool(flags & 4),
                            "partner_trumped": partner_trumped,
                            "follow_higher": bool(flags & 8),
                            "follow_higher_partner": bool(flags & 16),
                        }
                    )
    return out


# Only the arguments when the tests are collected: each rules object (with its tables) is built
# by the test that draws it.
EVERY_RULES_ARGUMENTS = every_rules_arguments()


@functools.cache
def rules_at(index: int) -> TrickRules:
    return TrickRules(**EVERY_RULES_ARGUMENTS[index])  # type: ignore[arg-type]


@settings(max_examples=300)
@given(index=st.integers(0, len(EVERY_RULES_ARGUMENTS) - 1), data=st.data())
def test_the_tables_give_the_rules_legal_cards_and_winners(index: int, data: st.DataObject) -> None:
    rules = rules_at(index)
    deck = [c for c in range(78) if rules.card_class[c] >= 0]
    cards = data.draw(st.permutations(deck).map(lambda p: p[:24]))
    played = data.draw(st.integers(0, 6))
    led = win = -1
    for card in cards[:played]:
        assert rules.follow(led, win, card) == reference_follow(rules, led, win, card)
        led, win = rules.follow(led, win, card)
    for size in (0, 1, 3, 8, 17):
        hand = card_mask(cards[played : played + size])
        for partner in (False, True):
            want = reference_legal(rules, hand, led, win, partner)
            assert rules.legal_mask(hand, led, win, partner) == want
            # explain() agrees: None exactly for the legal cards of the hand
            for card in cards[played : played + size]:
                assert (rules.explain(hand, led, win, card, partner) is None) == bool(
                    want >> card & 1
                )


def test_the_tables_are_shared_and_small() -> None:
    again = TrickRules()
    assert again.steps is FT.steps and again.table is FT.table  # built once per set of flags
    assert FT.steps[0] == () and FT.table[0][0] == ()  # before a lead: any card (no step)
    assert len(FT.step_list) == 6 * 79 * 2 and len(FT.steps) < 200
    assert all(
        FT.table[win + 1][led + 1] == FT.steps[FT.step_list[((led + 1) * 79 + win + 1) * 2]]
        for led in range(-1, 5)
        for win in range(-1, 78)
    )
