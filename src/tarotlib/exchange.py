"""Discards with restrictions (FT-6.2, LO-8.2, CH-7).

A :class:`DiscardRule` says which cards may never be discarded (each group with the reason given when
one is tried) and which may be discarded only when unavoidable (the "reluctant" cards, e.g. trumps):
with ``r`` discards still to make, reluctant cards are legal only when fewer than ``r`` freely
discardable cards remain in the hand. Discards are made one card at a time, which makes every legal
écart reachable and the per-step choice small.

>>> from tarotlib.cards import TRUMP_MASK, card_mask, parse_cards, format_cards
>>> rule = DiscardRule(((card_mask(parse_cards("KH")), "cannot discard a King"),),
...                    reluctant=TRUMP_MASK, reluctant_reason="trump only when unavoidable")
>>> hand = card_mask(parse_cards("KH 2H T5 T6"))
>>> format_cards(rule.legal(hand, remaining=2))
'2H T5 T6'
>>> format_cards(rule.legal(hand, remaining=1))
'2H'
>>> rule.explain(hand, 1, parse_cards("KH")[0])
'cannot discard a King'
"""

from __future__ import annotations

import attrs

__all__ = ["DiscardRule"]


@attrs.frozen
class DiscardRule:
    """Forbidden card groups (mask, reason) and reluctant cards (see the module docstring).

    >>> from tarotlib.cards import TRUMP_MASK, card_mask, format_cards, parse_cards
    >>> rule = DiscardRule(reluctant=TRUMP_MASK)
    >>> format_cards(rule.legal(card_mask(parse_cards("2H T5")), remaining=1))
    '2H'
    """

    forbidden: tuple[tuple[int, str], ...] = ()
    reluctant: int = 0
    reluctant_reason: str = "may discard this card only when unavoidable"
    forbidden_mask: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        m = 0
        for mask, _ in self.forbidden:
            m |= mask
        object.__setattr__(self, "forbidden_mask", m)

    def legal(self, hand: int, remaining: int) -> int:
        """Mask of the cards that may be discarded next when ``remaining`` discards are due.

        >>> from tarotlib.cards import TRUMP_MASK, card_mask, format_cards, parse_cards
        >>> rule = DiscardRule(reluctant=TRUMP_MASK)
        >>> hand = card_mask(parse_cards("2H 3H T5 T6"))
        >>> format_cards(rule.legal(hand, remaining=2)), format_cards(rule.legal(hand, remaining=3))
        ('2H 3H', '2H 3H T5 T6')
        """
        free = hand & ~self.forbidden_mask & ~self.reluctant
        if free.bit_count() >= remaining:
            return free
        return free | (hand & self.reluctant & ~self.forbidden_mask)

    def explain(self, hand: int, remaining: int, card: int) -> str | None:
        """Why ``card`` may not be discarded next, or None if it may.

        >>> from tarotlib.cards import TRUMP_MASK, card_mask, parse_card, parse_cards
        >>> rule = DiscardRule(reluctant=TRUMP_MASK, reluctant_reason="a trump only when unavoidable")
        >>> hand = card_mask(parse_cards("2H T5"))
        >>> rule.explain(hand, 1, parse_card("T5")), rule.explain(hand, 1, parse_card("2H"))
        ('a trump only when unavoidable', None)
        """
        if not hand >> card & 1:
            return "card not in hand"
        for mask, reason in self.forbidden:
            if mask >> card & 1:
                return reason
        if self.legal(hand, remaining) >> card & 1:
            return None
        return self.reluctant_reason

    def can_complete(self, hand: int, count: int) -> bool:
        """True if ``count`` legal discards can be made from ``hand``.

        >>> from tarotlib.cards import card_mask, parse_cards
        >>> rule = DiscardRule(((card_mask(parse_cards("KH KS")), "cannot discard a King"),))
        >>> hand = card_mask(parse_cards("KH KS 2H"))
        >>> rule.can_complete(hand, 1), rule.can_complete(hand, 2)
        (True, False)
        """
        return (hand & ~self.forbidden_mask).bit_count() >= count
