"""French Tarot's card groups and deal sizes (FT-1, FT-3.1).

>>> from tarotlib.core.cards import format_cards
>>> format_cards(OUDLERS_MASK), format_cards(KINGS_MASK)
('T1 T21 EX', 'KS KH KD KC')
>>> SIZES[5]
(3, 5, 3)
"""

from __future__ import annotations

from typing import Final

from tarotlib.core.cards import (
    EXCUSE_MASK,
    SUIT_MASKS,
    TRUMP_MASK,
    Rank,
    Suit,
    card_mask,
    suit_card,
    trump,
)
from tarotlib.deal.auctions import ALL_PASS_PLAYED
from tarotlib.deal.data import Note

__all__ = [
    "ALL_PASS_PLAYED",
    "HONOURS_MASK",
    "KINGS_MASK",
    "LOW_MASK",
    "MONDE",
    "OUDLERS_MASK",
    "PETIT",
    "PETIT_SEC",
    "RANK_MASKS",
    "SIZES",
    "SLAM",
]

SLAM: Final = Note("slam", False)
"""The note of the taker's choice of FT-7 (True: a slam is announced)."""

PETIT_SEC: Final = Note("petit_sec", -1)
"""The note of the seat holding the petit sec (FT-3.4), -1 for none."""

PETIT: Final = trump(1)
MONDE: Final = trump(21)
OUDLERS_MASK: Final = (1 << PETIT) | (1 << MONDE) | EXCUSE_MASK
"""The three oudlers: T1, T21 and the Excuse (FT-1.4)."""
KINGS_MASK: Final = card_mask(suit_card(Rank.KING, s) for s in Suit)
HONOURS_MASK: Final = card_mask(
    suit_card(r, s) for s in Suit for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
)
"""Kings, Queens, Knights and Jacks (FT-1.1)."""
LOW_MASK: Final = (sum(SUIT_MASKS) | TRUMP_MASK) & ~HONOURS_MASK & ~OUDLERS_MASK
"""Cards worth 0.5 point: suit cards 1-10 and trumps T2-T20 (FT-1.5), the Excuse's exchange cards
(FT-10.4)."""
RANK_MASKS: Final = {
    r: card_mask(suit_card(r, s) for s in Suit)
    for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
}
SIZES: Final = {3: (4, 6, 6), 4: (3, 6, 6), 5: (3, 5, 3)}
"""Packet size, packets per player and chien size by number of players (FT-3.1)."""
