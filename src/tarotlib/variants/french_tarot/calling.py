"""French Tarot's partner call with 5 players (FT-5): which cards the taker may call, why another
is refused, and the ban on leading the called suit to the first trick.

>>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
>>> format_cards(callable_mask(card_mask(parse_cards("KS KH KD 2C T5")), "fft"))
'KS KH KD KC'
>>> call_reason(parse_card("QS"), "fft")
'may call a Queen only when holding all four Kings'
"""

from __future__ import annotations

from typing import Final

from tarotlib.core.cards import ALL_CARDS, SUIT_MASKS, Rank, Suit
from tarotlib.variants.french_tarot.facts import RANK_MASKS

__all__ = ["call_reason", "callable_mask", "opening_lead_ban", "opening_lead_reason"]

_HONOURS: Final = (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
_HELD: Final = {
    Rank.QUEEN: "four Kings",
    Rank.KNIGHT: "four Kings and four Queens",
    Rank.JACK: "four Kings, Queens and Knights",
}


def callable_mask(hand: int, callable_cards: str) -> int:
    """FT-5.2 / O-10: the cards a taker holding ``hand`` (his dealt hand) may call: the Kings; a
    Queen when he holds the four Kings, and so on down to the Jacks (option ``callable_cards``
    ``"fft"``), or no further than the Queens (``"king_queen"``).

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
    >>> kings = card_mask(parse_cards("KS KH KD KC T5"))
    >>> format_cards(callable_mask(kings, "fft"))
    'QS KS QH KH QD KD QC KC'
    """
    mask = RANK_MASKS[Rank.KING]
    top = 2 if callable_cards == "king_queen" else 4
    for i in range(1, top):
        if all(hand & RANK_MASKS[r] == RANK_MASKS[r] for r in _HONOURS[:i]):
            mask |= RANK_MASKS[_HONOURS[i]]
        else:
            break
    return mask


def call_reason(card: int, callable_cards: str) -> str:
    """Why ``card`` may not be called (FT-5.2 / O-10).

    >>> from tarotlib.core.cards import parse_card
    >>> call_reason(parse_card("7H"), "fft")
    'only a King (or, holding all the higher honours, a Queen, Knight or Jack) may be called'
    >>> call_reason(parse_card("JH"), "king_queen")
    'only a King, or a Queen when holding all four Kings, may be called'
    """
    c = ALL_CARDS[card]
    if c.rank is None or not c.rank.is_honour:
        return "only a King (or, holding all the higher honours, a Queen, Knight or Jack) may be called"
    if callable_cards == "king_queen" and c.rank < Rank.QUEEN:
        return "only a King, or a Queen when holding all four Kings, may be called"
    return f"may call a {c.rank.name.title()} only when holding all {_HELD[c.rank]}"


def opening_lead_ban(called: int, mask: int) -> int:
    """FT-5.5 / O-9: the legal first cards ``mask`` of the deal, less the called suit (the called
    card itself stays allowed) — unless nothing else is left, or no card was called
    (``called`` < 0).

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
    >>> hand = card_mask(parse_cards("2S 5S KS 3H"))
    >>> format_cards(opening_lead_ban(parse_card("KS"), hand))
    'KS 3H'
    """
    if called < 0:
        return mask
    return mask & ~(SUIT_MASKS[called // 14] & ~(1 << called)) or mask


def opening_lead_reason(called: int) -> str:
    """The refusal of a card of the called suit as the opening lead (FT-5.5).

    >>> from tarotlib.core.cards import parse_card
    >>> opening_lead_reason(parse_card("KS"))
    'may not lead the called suit (spades) to the first trick (FT-5.5)'
    """
    return f"may not lead the called suit ({Suit(called // 14).label}) to the first trick (FT-5.5)"
