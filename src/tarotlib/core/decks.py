"""Packs of cards: the 78-card tarot pack and its subsets, and custom packs.

>>> from tarotlib.core.decks import TAROT_78, OMBRE_54, CHAMBERY_62, PIQUET_32
>>> [len(d) for d in (TAROT_78, OMBRE_54, CHAMBERY_62, PIQUET_32)]
[78, 54, 62, 32]
>>> Deck.custom("mini", "KH QH T21 EX").describe()
'mini: 4 cards (QH KH T21 EX)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from tarotlib.core.cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    card_mask,
    cards_of,
    format_cards,
    parse_cards,
    suit_card,
)

__all__ = ["CHAMBERY_62", "OMBRE_54", "PIQUET_32", "TAROT_78", "Deck"]


@attrs.frozen
class Deck:
    """A pack: a named set of distinct cards, kept in index order.

    >>> from tarotlib.core.cards import parse_card
    >>> deck = Deck.custom("honours", "KS QS KH QH")
    >>> len(deck), parse_card("KH") in deck, parse_card("T1") in deck
    (4, True, False)
    >>> [card.text for card in deck]
    ['QS', 'KS', 'QH', 'KH']
    """

    name: str
    cards: tuple[Card, ...] = attrs.field(repr=False)
    mask: int = attrs.field(init=False, repr=False)

    @cards.validator
    def _check(self, _attr: object, value: tuple[Card, ...]) -> None:
        if not value:
            raise ValueError(f"deck {self.name!r} has no cards")
        if len(set(value)) != len(value):
            raise ValueError(f"deck {self.name!r} lists a card twice")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "mask", card_mask(self.cards))

    @classmethod
    def custom(cls, name: str, cards: Iterable[int] | str) -> Deck:
        """A pack of the given cards (card objects, indices or text), stored in index order.

        >>> Deck.custom("mini", "KH QH EX").describe()
        'mini: 3 cards (QH KH EX)'
        >>> Deck.custom("low spades", [0, 1, 2]).describe()
        'low spades: 3 cards (1S 2S 3S)'
        """
        parsed = (
            parse_cards(cards) if isinstance(cards, str) else [ALL_CARDS[int(c)] for c in cards]
        )
        if len(set(parsed)) != len(parsed):
            raise ValueError(f"deck {name!r} lists a card twice")
        return cls(name, tuple(sorted(parsed)))

    @classmethod
    def from_mask(cls, name: str, mask: int) -> Deck:
        """A pack holding the cards of a bit mask.

        >>> from tarotlib.core.cards import TRUMP_MASK, EXCUSE_MASK
        >>> deck = Deck.from_mask("trumps and Excuse", TRUMP_MASK | EXCUSE_MASK)
        >>> len(deck), deck.name
        (22, 'trumps and Excuse')
        """
        return cls(name, cards_of(mask))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 78 and bool(self.mask >> card & 1)

    def describe(self) -> str:
        """A one-line description listing the cards.

        >>> Deck.custom("aces", "1S 1H 1D 1C").describe()
        'aces: 4 cards (1S 1H 1D 1C)'
        """
        return f"{self.name}: {len(self)} cards ({format_cards(self.cards)})"


def _suits(ranks_by_suit: dict[Suit, Iterable[int]]) -> list[Card]:
    return [suit_card(r, s) for s, ranks in ranks_by_suit.items() for r in ranks]


TAROT_78 = Deck("tarot-78", ALL_CARDS)
"""The 78-card tarot pack (FT-1.1, LO-2.1, CH-3.1)."""

OMBRE_54 = Deck.custom(
    "ombre-54",
    sorted(
        _suits(
            {
                # LO-2.2: black suits keep K Q C J 10 9 8 7, red suits keep K Q C J 1 2 3 4.
                Suit.SPADES: [*range(7, 11), *range(11, 15)],
                Suit.CLUBS: [*range(7, 11), *range(11, 15)],
                Suit.HEARTS: [1, 2, 3, 4, *range(11, 15)],
                Suit.DIAMONDS: [1, 2, 3, 4, *range(11, 15)],
            }
        )
        + list(ALL_CARDS[56:])
    ),
)
"""The 54-card Ombre pack (LO-2.2)."""

CHAMBERY_62 = Deck.custom(
    "chambery-62",
    sorted(_suits({s: [1, *range(6, 15)] for s in Suit}) + list(ALL_CARDS[56:])),
)
"""The 62-card Chambéry simplifié pack: no 2, 3, 4, 5 (CH-3.2)."""

PIQUET_32 = Deck.custom(
    "piquet-32",
    sorted(_suits({s: [Rank.ACE, *range(7, 11), Rank.JACK, Rank.QUEEN, Rank.KING] for s in Suit})),
)
"""The 32-card piquet pack used by Belote: A K Q J 10 9 8 7 in four suits (BE-1.1).

The tarot Knight is not part of it; the Belote variant names the Jack ``J`` as usual."""
