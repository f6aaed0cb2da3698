"""Point tables and counting (FT-1.5, FT-1.6, LO-4, LO-5, CH-5).

One primitive covers every game of the family: a pile of *N* cards is counted **in groups of g**,
each full group worth the sum of its cards' *group values* minus ``g - 1`` (plain cards having group
value 1). What the ``N mod g`` leftover cards are worth is the table's ``leftover`` rule:

- ``proportional`` — each leftover card is worth its value minus ``(g - 1) / g``; for French Tarot's
  pairs (g = 2) this is FT-1.6 ("the one card left over counts its pair value − ½") and makes the
  count equal the sum of the card points of FT-1.5;
- ``face_value`` — LO-5.3/LO-5.4: leftovers are chosen to be blanks where possible and are not
  adjusted (a blank left over is worth 0, a counting card its face value);
- ``conserving`` — LO-5.5 alternative: each leftover card is worth its value minus 1.

With ``g = 1`` the count is a plain sum of the values (Chambéry, Belote).

>>> from tarotlib.core.cards import card_mask, parse_cards
>>> pile = card_mask(parse_cards("T21 KH QS 3D 7C"))
>>> FRENCH_TAROT_POINTS.count(pile)  # FT-1.6 example: 13.5 points
Fraction(27, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Literal

import attrs

from tarotlib.core.cards import EXCUSE, Rank, Suit, suit_card, trump

__all__ = [
    "FRENCH_TAROT_POINTS",
    "LeftoverRule",
    "PointModel",
    "PointTable",
    "card_roles",
    "tarot_group_values",
]

LeftoverRule = Literal["proportional", "face_value", "conserving"]


@attrs.frozen
class PointTable:
    """Group values of the cards and the counting method.

    ``values[i]`` is the group value of card index ``i`` (cards outside the pack: 0).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> FRENCH_TAROT_POINTS.group_size, FRENCH_TAROT_POINTS.leftover
    (2, 'proportional')
    >>> FRENCH_TAROT_POINTS.count(card_mask(parse_cards("KH 2H")))
    Fraction(5, 1)
    """

    name: str
    values: tuple[int, ...] = attrs.field(repr=False)
    group_size: int = attrs.field(default=1)
    leftover: LeftoverRule = "proportional"
    _chunks: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    _plain: int = attrs.field(init=False, repr=False, eq=False)

    @values.validator
    def _check(self, _attr: object, value: tuple[int, ...]) -> None:
        if len(value) != 78:
            raise ValueError("a point table gives a value for each of the 78 card indices")

    @group_size.validator
    def _check_g(self, _attr: object, value: int) -> None:
        if value < 1:
            raise ValueError(f"group size must be at least 1, got {value}")

    def __attrs_post_init__(self) -> None:
        # Sum tables for 8-bit chunks of a mask: fast sums of values over a bit mask.
        chunks = []
        for base in range(0, 80, 8):
            vals = [self.values[base + b] if base + b < 78 else 0 for b in range(8)]
            chunks.append(tuple(sum(vals[b] for b in range(8) if m >> b & 1) for m in range(256)))
        object.__setattr__(self, "_chunks", tuple(chunks))
        # The cards of group value 1 (the blanks of LO-5), for face_value counting.
        object.__setattr__(self, "_plain", sum(1 << i for i, v in enumerate(self.values) if v == 1))

    @classmethod
    def from_mapping(
        cls,
        name: str,
        values: Mapping[int, int],
        *,
        default: int = 0,
        group_size: int = 1,
        leftover: LeftoverRule = "proportional",
    ) -> PointTable:
        """A table from ``{card: value}`` with ``default`` for every other card.

        >>> from tarotlib.core.cards import card_mask, parse_card, parse_cards
        >>> table = PointTable.from_mapping("aces", {parse_card("1S"): 11, parse_card("1H"): 11})
        >>> table.count(card_mask(parse_cards("1S 1H KD")))
        Fraction(22, 1)
        """
        vals = [default] * 78
        for card, v in values.items():
            vals[card] = v
        return cls(name, tuple(vals), group_size, leftover)

    def value_sum(self, mask: int) -> int:
        """Σ of the group values of the cards in ``mask``.

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> FRENCH_TAROT_POINTS.value_sum(card_mask(parse_cards("KH 2H T21")))
        11
        """
        total = 0
        chunks = self._chunks
        i = 0
        while mask:
            total += chunks[i][mask & 255]
            mask >>= 8
            i += 1
        return total

    def count(self, mask: int, *, blanks: int | None = None) -> Fraction:
        """Points of the pile ``mask`` counted in groups (module docstring).

        ``blanks`` (the number of cards of value 1 in the pile) is computed when not given; it only
        matters for the ``face_value`` rule.

        >>> t = PointTable.from_mapping("g3", {0: 5}, default=1, group_size=3, leftover="face_value")
        >>> t.count(0b111), t.count(0b1111), t.count(0b1)   # (5+1+1)-2; +1 blank left over = 0; 5
        (Fraction(5, 1), Fraction(5, 1), Fraction(5, 1))
        """
        return Fraction(self.count_units(mask, blanks=blanks), self.group_size)

    def count_units(self, mask: int, *, blanks: int | None = None) -> int:
        """:meth:`count` in units of 1/``group_size`` point, as an exact ``int`` (French Tarot's
        half points; cheaper than the ``Fraction`` where a game scores in such units).

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> pile = card_mask(parse_cards("KH 2H T21"))
        >>> FRENCH_TAROT_POINTS.count_units(pile), FRENCH_TAROT_POINTS.count(pile)
        (19, Fraction(19, 2))
        """
        n = mask.bit_count()
        g = self.group_size
        total = self.value_sum(mask)
        if g == 1:
            return total
        if self.leftover == "proportional":
            return total * g - n * (g - 1)
        # LO-5.4 in group values: Σw − N + q (+ max(0, r − B) under face_value).
        q, r = divmod(n, g)
        base = total - n + q
        if self.leftover == "conserving":
            return base * g
        if blanks is None:
            blanks = (mask & self._plain).bit_count()
        return (base + max(0, r - blanks)) * g

    def card_points(self, card: int) -> Fraction:
        """What one card is worth on its own under ``proportional`` counting (e.g. 4.5 for a King).

        >>> from tarotlib.core.cards import parse_card
        >>> [FRENCH_TAROT_POINTS.card_points(parse_card(text)) for text in ("KH", "JH", "2H", "EX")]
        [Fraction(9, 2), Fraction(3, 2), Fraction(1, 2), Fraction(9, 2)]
        """
        g = self.group_size
        return Fraction(self.values[card] * g - (g - 1), g)


def tarot_group_values(
    *,
    king: int = 5,
    queen: int = 4,
    knight: int = 3,
    jack: int = 2,
    trump21: int = 5,
    trump1: int = 5,
    excuse: int = 5,
    plain: int = 1,
) -> tuple[int, ...]:
    """Group values for a 78-card tarot pack (defaults: French Tarot pair values, FT-1.6).

    >>> from tarotlib.core.cards import parse_cards
    >>> values = tarot_group_values()
    >>> [values[card] for card in parse_cards("KH NH 7C T21")]
    [5, 3, 1, 5]
    """
    vals = [plain] * 78
    for s in Suit:
        vals[suit_card(Rank.KING, s)] = king
        vals[suit_card(Rank.QUEEN, s)] = queen
        vals[suit_card(Rank.KNIGHT, s)] = knight
        vals[suit_card(Rank.JACK, s)] = jack
    vals[trump(21)] = trump21
    vals[trump(1)] = trump1
    vals[EXCUSE] = excuse
    return tuple(vals)


FRENCH_TAROT_POINTS = PointTable("french-tarot", tarot_group_values(), 2, "proportional")
"""FT-1.5/FT-1.6: pair values 5 (oudlers, Kings), 4, 3, 2, 1; counted in pairs; 91 points in all."""


def card_roles(values: tuple[int, ...], special: int) -> tuple[int, ...]:
    """The scoring role of each card index, what a game's ``card_roles`` hook gives the solver
    (:func:`tarotlib.ai.solve`): its value in ``values`` (a point table's), or ``-1 - card`` for a
    card of the ``special`` mask, one the scoring names itself (an oudler, the fool, a belote
    card...), so that two cards have the same role only when the scoring cannot tell them apart.

    >>> from tarotlib.core.cards import EXCUSE, parse_cards
    >>> roles = card_roles(tarot_group_values(), 1 << EXCUSE)
    >>> [roles[card] for card in parse_cards("KH NH 7C 2C EX")]
    [5, 3, 1, 1, -78]
    """
    return tuple(-1 - c if special >> c & 1 else v for c, v in enumerate(values))


@attrs.frozen
class PointModel:
    """A side's card points at the end of a deal as a function of what the play adds to its piles,
    for the solver's fast search (:func:`tarotlib.ai.solve`; a game's ``point_model`` hook
    builds one for a position and a side).

    ``values[c]`` (78 non-negative ints) is what card index ``c`` adds to the *raw* count of the
    side that wins the trick holding it; ``final(raw, tricks, last)`` is the side's points at the
    end of the deal, given the raw count of all its piles (the cards it won before the position
    included), the number of tricks it won and whether it won the last one; it must never
    decrease as ``raw`` grows (more points won are never worth less), which lets the search bound
    a position by the points still in play. The game computes ``final`` with its own scoring, so
    the two agree with its ``card_points`` hook by construction (the solver's tests check it).
    ``watch_matters`` false says the cards an offer watches (the belote cards) change nothing
    beyond their values, so the fast search may play them.

    ``slope``, when given, says that ``final`` is linear in the raw count, for every count and
    number of tricks: ``final(raw, tricks, last) == final(0, tricks, last) + slope * raw`` (a
    capot's bonus is then added to the count, as Belote's 100 for the dix de der's 10). The
    search then asks ``final`` only at a count of 0, and shares its table between positions that
    differ only by the points won before them.

    >>> model = PointModel(tuple(range(78)), lambda raw, tricks, last: raw + 10 * last)
    >>> model.final(30, 2, True)
    40
    """

    values: tuple[int, ...]
    final: Callable[[int, int, bool], float]
    watch_matters: bool = True
    slope: float | None = None
