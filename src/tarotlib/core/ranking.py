"""Rank orders: how strong a card is within its suit (or among the trumps).

A :class:`RankOrder` gives every card a *strength* within its own suit; strengths of different suits
are never compared (whether a card can beat another suit is the trick rules' business,
:mod:`tarotlib.core.tricks`). The same mechanism covers the standard order (FT-1.3), the reversed red pips
of the Lombard games (LO-3), Chambéry's ace between the Jack and the Ten (CH-4) and Belote's trump and
plain orders (BE-1.4).

>>> from tarotlib.core.cards import parse_card as c
>>> STANDARD.beats(c("KH"), c("QH")), LOMBARD.beats(c("1H"), c("10H")), CHAMBERY.beats(c("1S"), c("10S"))
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from tarotlib.core.cards import Rank, Suit, suit_card, trump

__all__ = ["CHAMBERY", "LOMBARD", "STANDARD", "RankOrder"]

_STANDARD_SUIT = tuple(range(14, 0, -1))  # K Q N J 10 .. 1, high to low


@attrs.frozen
class RankOrder:
    """Strength of each card within its suit; ``strength[i]`` for card index ``i``, -1 if unranked.

    >>> from tarotlib.core.cards import parse_card
    >>> STANDARD.strength[parse_card("KH")] > STANDARD.strength[parse_card("1H")]
    True
    >>> LOMBARD.strength[parse_card("1H")] > LOMBARD.strength[parse_card("10H")]
    True
    """

    name: str
    strength: tuple[int, ...] = attrs.field(repr=False)

    @strength.validator
    def _check(self, _attr: object, value: tuple[int, ...]) -> None:
        if len(value) != 78:
            raise ValueError("a rank order gives a strength for each of the 78 card indices")

    @classmethod
    def build(
        cls,
        name: str,
        suit_orders: Mapping[Suit, Sequence[int]] | Sequence[int] = _STANDARD_SUIT,
        trump_order: Sequence[int] = tuple(range(21, 0, -1)),
    ) -> RankOrder:
        """Build from orders listed **high to low**: ranks per suit (one sequence for all suits,
        or a mapping per suit) and trump numbers. Cards not listed are unranked (-1).

        >>> o = RankOrder.build("belote-trump-hearts", {Suit.HEARTS: [11, 9, 1, 10, 14, 13, 8, 7]})
        >>> from tarotlib.core.cards import parse_card as c
        >>> o.beats(c("9H"), c("1H")), o.beats(c("KH"), c("10H"))
        (True, False)
        """
        strength = [-1] * 78
        orders: Mapping[Suit, Sequence[int]]
        orders = suit_orders if isinstance(suit_orders, Mapping) else {s: suit_orders for s in Suit}
        for suit, ranks in orders.items():
            if len(set(ranks)) != len(ranks):
                raise ValueError(f"rank order for {Suit(suit).label} repeats a rank")
            for pos, rank in enumerate(ranks):
                strength[suit_card(Rank(rank), suit)] = len(ranks) - pos
        for pos, n in enumerate(trump_order):
            strength[trump(n)] = len(trump_order) - pos
        return cls(name, tuple(strength))

    def beats(self, a: int, b: int) -> bool:
        """True if card ``a`` is stronger than card ``b`` *within the same suit* (or both trumps).

        >>> from tarotlib.core.cards import parse_card as c
        >>> STANDARD.beats(c("NS"), c("JS")), STANDARD.beats(c("T2"), c("T21"))
        (True, False)
        """
        return self.strength[a] > self.strength[b]

    def ranked_high_to_low(self, cards: Sequence[int]) -> list[int]:
        """The cards sorted strongest first (unranked cards last).

        >>> from tarotlib.core.cards import format_cards, parse_cards
        >>> format_cards(CHAMBERY.ranked_high_to_low(parse_cards("10S 1S JS KS")))
        'KS JS 1S 10S'
        """
        return sorted(cards, key=lambda c: -self.strength[c])


STANDARD = RankOrder.build("standard")
"""K Q N J 10 … 1 in every suit, trumps 21 … 1 (FT-1.3)."""

LOMBARD = RankOrder.build(
    "lombard",
    {
        Suit.SPADES: _STANDARD_SUIT,
        Suit.CLUBS: _STANDARD_SUIT,
        # LO-3: red pips rank in reverse, K Q C J 1 2 ... 10.
        Suit.HEARTS: (14, 13, 12, 11, *range(1, 11)),
        Suit.DIAMONDS: (14, 13, 12, 11, *range(1, 11)),
    },
)
"""Black suits K … 1, red suits K Q C J 1 2 … 10; trumps 21 … 1 (LO-3)."""

CHAMBERY = RankOrder.build("chambery", (14, 13, 12, 11, 1, *range(10, 1, -1)))
"""K Q C J 1 10 9 … 2 in every suit; trumps 21 … 1 (CH-4)."""
