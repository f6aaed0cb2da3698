"""Discards with restrictions (FT-6.2, LO-8.2, CH-7).

A :class:`DiscardRule` says which cards may never be discarded (each group with the reason given when
one is tried) and which may be discarded only when unavoidable (the "reluctant" cards, e.g. trumps):
with ``r`` discards still to make, reluctant cards are legal only when fewer than ``r`` freely
discardable cards remain in the hand. Discards are made one card at a time, which makes every legal
écart reachable and the per-step choice small.

>>> from tarotlib.core.cards import TRUMP_MASK, card_mask, parse_cards, format_cards
>>> rule = DiscardRule(((card_mask(parse_cards("KH")), "cannot discard a King"),),
...                    reluctant=TRUMP_MASK, reluctant_reason="trump only when unavoidable")
>>> hand = card_mask(parse_cards("KH 2H T5 T6"))
>>> format_cards(rule.legal(hand, remaining=2))
'2H T5 T6'
>>> format_cards(rule.legal(hand, remaining=1))
'2H'
>>> rule.explain(hand, 1, parse_cards("KH")[0])
'cannot discard a King'

With ``void_only`` (CH-7.2, option ``discard_trumps = dm_void``) the reluctant cards may be
discarded only all together: a discard takes none of them, or every one the hand holds, leaving it
void of them (whether or not that is unavoidable). When no discard of the whole count can do either,
the plain rule applies to that deal (only when unavoidable). A step of such a discard depends on
the cards already put aside in it, which :meth:`DiscardRule.legal` is then given.

>>> void = DiscardRule(reluctant=TRUMP_MASK, void_only=True)
>>> hand = card_mask(parse_cards("2H 3H 4H T5"))
>>> format_cards(void.legal(hand, remaining=2))
'2H 3H 4H T5'
>>> format_cards(void.legal(hand & ~card_mask(parse_cards("T5")), 1, discarded=card_mask(parse_cards("T5"))))
'2H 3H 4H'
>>> format_cards(void.legal(card_mask(parse_cards("2H 3H T5 T6 T7")), remaining=2))
'2H 3H'
"""

from __future__ import annotations

import attrs

__all__ = ["DiscardRule"]


@attrs.frozen
class DiscardRule:
    """Forbidden card groups (mask, reason) and reluctant cards (see the module docstring).

    >>> from tarotlib.core.cards import TRUMP_MASK, card_mask, format_cards, parse_cards
    >>> rule = DiscardRule(reluctant=TRUMP_MASK)
    >>> format_cards(rule.legal(card_mask(parse_cards("2H T5")), remaining=1))
    '2H'
    """

    forbidden: tuple[tuple[int, str], ...] = ()
    reluctant: int = 0
    reluctant_reason: str = "may discard this card only when unavoidable"
    forbidden_mask: int = attrs.field(init=False, repr=False)
    void_only: bool = attrs.field(default=False, kw_only=True)
    """CH-7.2 ``dm_void``: the reluctant cards go all together or not at all (module docstring)."""
    void_reason: str = attrs.field(
        default="may discard these cards only all together, leaving none in hand", kw_only=True
    )

    def __attrs_post_init__(self) -> None:
        m = 0
        for mask, _ in self.forbidden:
            m |= mask
        object.__setattr__(self, "forbidden_mask", m)

    def void_possible(self, hand: int, count: int) -> bool:
        """With ``void_only``: whether a discard of ``count`` cards from ``hand`` can take none of
        the reluctant cards or every one of them (else the plain rule applies to the deal,
        CH-7.2).

        >>> from tarotlib.core.cards import TRUMP_MASK, card_mask, parse_cards
        >>> rule = DiscardRule(reluctant=TRUMP_MASK, void_only=True)
        >>> rule.void_possible(card_mask(parse_cards("2H T5 T6")), 3)
        True
        >>> rule.void_possible(card_mask(parse_cards("2H T5 T6 T7 T8")), 3)
        False
        """
        free = (hand & ~self.forbidden_mask & ~self.reluctant).bit_count()
        held = (hand & self.reluctant & ~self.forbidden_mask).bit_count()
        return free >= count or (held <= count and free + held >= count)

    def legal(self, hand: int, remaining: int, discarded: int = 0) -> int:
        """Mask of the cards that may be discarded next when ``remaining`` discards are due
        (``discarded``: the cards already put aside in this discard, which only ``void_only``
        reads).

        >>> from tarotlib.core.cards import TRUMP_MASK, card_mask, format_cards, parse_cards
        >>> rule = DiscardRule(reluctant=TRUMP_MASK)
        >>> hand = card_mask(parse_cards("2H 3H T5 T6"))
        >>> format_cards(rule.legal(hand, remaining=2)), format_cards(rule.legal(hand, remaining=3))
        ('2H 3H', '2H 3H T5 T6')
        """
        free = hand & ~self.forbidden_mask & ~self.reluctant
        if self.void_only and self.void_possible(
            hand | discarded, remaining + discarded.bit_count()
        ):
            # CH-7.2 dm_void: complete the discard with no reluctant card, or with all of them.
            held = hand & self.reluctant & ~self.forbidden_mask
            f, v = free.bit_count(), held.bit_count()
            if discarded & self.reluctant:  # begun: every other one must go too
                if v > remaining or f + v < remaining:
                    return 0
                return held | (free if v < remaining else 0)
            out = free if f >= remaining or (v < remaining and f + v >= remaining) else 0
            if held and v <= remaining and f + v >= remaining:
                out |= held
            return out
        if free.bit_count() >= remaining:
            return free
        return free | (hand & self.reluctant & ~self.forbidden_mask)

    def explain(self, hand: int, remaining: int, card: int, discarded: int = 0) -> str | None:
        """Why ``card`` may not be discarded next, or None if it may (``discarded`` as for
        :meth:`legal`).

        >>> from tarotlib.core.cards import TRUMP_MASK, card_mask, parse_card, parse_cards
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
        if self.legal(hand, remaining, discarded) >> card & 1:
            return None
        if self.void_only and self.void_possible(
            hand | discarded, remaining + discarded.bit_count()
        ):
            return self.void_reason
        return self.reluctant_reason

    def can_complete(self, hand: int, count: int) -> bool:
        """True if ``count`` legal discards can be made from ``hand``.

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> rule = DiscardRule(((card_mask(parse_cards("KH KS")), "cannot discard a King"),))
        >>> hand = card_mask(parse_cards("KH KS 2H"))
        >>> rule.can_complete(hand, 1), rule.can_complete(hand, 2)
        (True, False)
        """
        return (hand & ~self.forbidden_mask).bit_count() >= count
