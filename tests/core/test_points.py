"""Point tables and the grouped-counting primitive (FT-1.5, FT-1.6; LO-4, LO-5; CH-5)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarotlib import ALL_CARDS, Card, card_mask, parse_cards, trump
from tarotlib.core.cards import EXCUSE, FULL_MASK, Rank, Suit, suit_card
from tarotlib.core.points import FRENCH_TAROT_POINTS, PointTable, tarot_group_values

# LO-4: Lombardy values (Mondo 6) with blanks given group value 1 (LO-5.2), groups of 4.
LOMBARDY = PointTable(
    "lombardy", tarot_group_values(trump21=6), group_size=4, leftover="face_value"
)
RESEGHINO = PointTable("reseghino", tarot_group_values(), group_size=3, leftover="face_value")
# CH-5.1: plain sums of face values (blanks 0).
CHAMBERY = PointTable(
    "chambery",
    tarot_group_values(king=4, queen=3, knight=2, jack=1, trump21=4, trump1=4, excuse=4, plain=0),
)

COUNTING = [
    trump(21),
    trump(1),
    EXCUSE,
    *[suit_card(r, s) for s in Suit for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)],
]
BLANKS = [c for c in ALL_CARDS if c not in COUNTING]


def _ft_points(card: Card) -> Fraction:
    """FT-1.5 table, written independently of the library."""
    if card in (trump(21), trump(1), EXCUSE):
        return Fraction(9, 2)
    rank = card.rank
    return (
        {
            Rank.KING: Fraction(9, 2),
            Rank.QUEEN: Fraction(7, 2),
            Rank.KNIGHT: Fraction(5, 2),
            Rank.JACK: Fraction(3, 2),
        }.get(rank, Fraction(1, 2))
        if rank is not None
        else Fraction(1, 2)
    )


def test_ft_1_5_pack_is_91_points() -> None:
    assert FRENCH_TAROT_POINTS.count(FULL_MASK) == 91
    assert sum(_ft_points(c) for c in ALL_CARDS) == 91


def test_ft_1_6_worked_example() -> None:
    pile = card_mask(parse_cards("T21 KH QS 3D 7C"))
    assert FRENCH_TAROT_POINTS.count(pile) == Fraction(27, 2)


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_ft_1_6_pairs_equal_card_points(cards: set[Card]) -> None:
    """Counting in pairs (g = 2) equals the sum of the FT-1.5 card points, for any pile."""
    assert FRENCH_TAROT_POINTS.count(card_mask(cards)) == sum(
        (_ft_points(c) for c in cards), Fraction(0)
    )
    assert all(FRENCH_TAROT_POINTS.card_points(c) == _ft_points(c) for c in cards)


def test_lo_e1_group_of_4_closed_form() -> None:
    """LO-E1: Mondo, Bagatto, KH, QS, QD, NC, JH and 15 blanks: 27; the other 56 cards: 45."""
    team_a = [*parse_cards("T21 T1 KH QS QD NC JH"), *BLANKS[:15]]
    mask = card_mask(team_a)
    assert LOMBARDY.count(mask) == 27
    assert LOMBARDY.count(FULL_MASK & ~mask) == 45


def test_lo_e2_fewer_blanks_than_leftovers() -> None:
    """LO-E2: {KS QS NS 7S} + {QH JC}: face_value 15, conserving 14; opponents 58."""
    pile = card_mask(parse_cards("KS QS NS 7S QH JC"))
    assert LOMBARDY.count(pile) == 15
    conserving = PointTable("c", LOMBARDY.values, group_size=4, leftover="conserving")
    assert conserving.count(pile) == 14
    assert LOMBARDY.count(FULL_MASK & ~pile) == 58


def test_lo_e5_reseghino_groups_of_3() -> None:
    """LO-E5: X 27, Y 37, Z 14 with the stated cards (groups of 3)."""
    blanks = iter(BLANKS)
    x = [*parse_cards("T21 KS KD QC NH"), *(next(blanks) for _ in range(25))]
    y = [*parse_cards("T1 EX KH KC QS QH NS ND JS JH"), *(next(blanks) for _ in range(17))]
    z = [*parse_cards("QD NC JD JC"), *(next(blanks) for _ in range(17))]
    assert (len(x), len(y), len(z)) == (30, 27, 21)
    assert [RESEGHINO.count(card_mask(p)) for p in (x, y, z)] == [27, 37, 14]


def test_ch_5_plain_sum() -> None:
    """CH-5.1: 52 card points in the 78-card pack; g = 1 is a plain sum."""
    assert CHAMBERY.count(FULL_MASK) == 52
    assert CHAMBERY.count(card_mask(parse_cards("KH QH 2C"))) == 7


@given(st.sets(st.sampled_from(ALL_CARDS)), st.sampled_from([2, 3, 4]))
def test_face_value_closed_form_lo_5_4(cards: set[Card], g: int) -> None:
    """LO-5.4 closed form, written independently: Σv − C + floor(N/g) + max(0, r − B)."""
    # LO-4 face values: counting cards keep their value, blanks are 0 (group value 1 in the table).
    face = {c: (w if w > 1 else 0) for c, w in zip(ALL_CARDS, LOMBARDY.values, strict=True)}
    table = PointTable("t", LOMBARDY.values, group_size=g, leftover="face_value")
    n = len(cards)
    counting = sum(1 for c in cards if face[c] > 0)
    blanks = n - counting
    expected = sum(face[c] for c in cards) - counting + n // g + max(0, n % g - blanks)
    assert table.count(card_mask(cards)) == expected


def test_point_table_validation() -> None:
    with pytest.raises(ValueError, match="78"):
        PointTable("bad", (1, 2, 3))
    with pytest.raises(ValueError, match="at least 1"):
        PointTable("bad", tarot_group_values(), group_size=0)
    table = PointTable.from_mapping("one", {parse_cards("KH")[0]: 3})
    assert table.count(FULL_MASK) == 3
