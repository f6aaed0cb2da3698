"""Cards and notation (FT-1.1, FT-1.2; LO-2.3; CH-3.3; BE-1.2)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarotlib import (
    ALL_CARDS,
    EXCUSE,
    Card,
    CardParseError,
    Rank,
    Suit,
    card_mask,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
    suit_card,
    trump,
)
from tarotlib.core.cards import EXCUSE_MASK, FULL_MASK, SUIT_MASKS, TRUMP_MASK, iter_cards


def test_ft_1_1_pack_has_78_distinct_cards() -> None:
    assert len(ALL_CARDS) == 78
    assert len({str(c) for c in ALL_CARDS}) == 78
    assert sum(c.is_trump for c in ALL_CARDS) == 21
    assert sum(c.is_suited for c in ALL_CARDS) == 56
    assert [c for c in ALL_CARDS if c.is_excuse] == [EXCUSE]


@given(st.sampled_from(ALL_CARDS))
def test_ft_1_2_notation_round_trips(card: Card) -> None:
    assert parse_card(card.text) is card
    assert parse_card(card.text.lower()) is card
    assert Card.from_index(card.index) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("VH", "JH"),  # FT-1.2 French letters: V -> J
        ("CS", "NS"),  # C (Cavalier) -> N
        ("DD", "QD"),  # D (Dame) -> Q; the last character is the suit
        ("RC", "KC"),  # R (Roi) -> K
        ("AS", "1S"),  # Belote ace
        ("TS", "10S"),  # Belote ten (BE-1.2); T followed by digits is a trump
        ("T21", "T21"),
        ("t1", "T1"),
        ("M", "EX"),  # LO-2.3 Matto alias
        ("ex", "EX"),
        ("K♥", "KH"),
        (" 10d ", "10D"),
    ],
)
def test_aliases(text: str, canonical: str) -> None:
    assert parse_card(text).text == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ZZ", "unknown suit 'Z'"),
        ("11S", "unknown rank '11'"),
        ("T0", "trump number must be 1-21"),
        ("T22", "trump number must be 1-21"),
        ("", "expected a rank"),
        ("K", "expected a rank"),
    ],
)
def test_parse_errors_name_the_text_and_accepted_forms(text: str, fragment: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    message = str(info.value)
    assert fragment in message
    assert repr(text.strip()) in message
    assert isinstance(info.value, ValueError)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(CardParseError, match="expected a string"):
        parse_card(12)  # type: ignore[arg-type]


def test_card_properties() -> None:
    kh = parse_card("KH")
    assert (kh.suit, kh.rank, kh.trump_number, kh.pretty) == (Suit.HEARTS, Rank.KING, None, "K♥")
    t14 = parse_card("T14")
    assert (t14.suit, t14.rank, t14.trump_number, t14.pretty) == (None, None, 14, "14")
    assert EXCUSE.pretty == "★" and EXCUSE.suit is None and not EXCUSE.is_trump
    assert suit_card(Rank.KNIGHT, Suit.CLUBS).text == "NC"
    assert trump(21).text == "T21"
    assert repr(kh) == "Card(KH)"
    with pytest.raises(ValueError, match=r"1\.\.21"):
        trump(22)
    with pytest.raises(ValueError, match="rank must be"):
        suit_card(15, Suit.CLUBS)
    with pytest.raises(ValueError, match=r"0\.\.77"):
        Card.from_index(78)


def test_masks_partition_the_pack() -> None:
    masks = [*SUIT_MASKS, TRUMP_MASK, EXCUSE_MASK]
    total = 0
    for m in masks:
        assert total & m == 0
        total |= m
    assert total == FULL_MASK


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_mask_conversions_round_trip(cards: set[Card]) -> None:
    mask = card_mask(cards)
    assert mask.bit_count() == len(cards)
    assert set(cards_of(mask)) == cards
    assert list(iter_cards(mask)) == sorted(cards)
    assert parse_cards(format_cards(mask)) == tuple(sorted(cards))


def test_parse_cards_separators() -> None:
    assert [c.text for c in parse_cards("KH, QS  T1")] == ["KH", "QS", "T1"]
    assert [c.text for c in parse_cards(["EX", "1c"])] == ["EX", "1C"]
