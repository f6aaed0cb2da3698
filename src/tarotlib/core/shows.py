"""Declarations shown from the hand: the poignée mechanism (FT-8.1, FT-8.3) and hand predicates.

:class:`TrumpShow` is "show exactly k cards of a class (trumps) to claim level L", where a
substitute card (the Excuse) may replace one *missing* card: it may be shown only by a player who
holds exactly ``k - 1`` of the class, and then all of them are shown with it.

>>> from tarotlib.core.cards import TRUMP_MASK, EXCUSE_MASK, card_mask, parse_cards
>>> show = TrumpShow(thresholds=(3, 4, 5), cards=TRUMP_MASK, substitute=EXCUSE_MASK)
>>> hand = card_mask(parse_cards("T2 T3 T4 EX KH"))
>>> show.levels(hand)
(0, 1)
>>> show.check(hand, 1, parse_cards("T2 T3 T4 EX"))
>>> show.check(hand, 0, parse_cards("T2 T3 EX"))
'the Excuse may be shown only in place of a missing trump'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tarotlib.core.cards import card_mask, format_cards

__all__ = ["TrumpShow"]


@attrs.frozen
class TrumpShow:
    """Levels ``0..len(thresholds)-1`` needing ``thresholds[level]`` cards of ``cards``.

    >>> from tarotlib.core.cards import TRUMP_MASK, EXCUSE_MASK, card_mask, parse_cards
    >>> poignee = TrumpShow(thresholds=(8, 10, 13), cards=TRUMP_MASK, substitute=EXCUSE_MASK)
    >>> poignee.levels(card_mask(parse_cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 KH")))
    (0,)
    """

    thresholds: tuple[int, ...]
    cards: int
    substitute: int = 0

    def levels(self, hand: int, extra: int = 0) -> tuple[int, ...]:
        """Levels the holder of ``hand`` may declare; ``extra`` are further countable cards
        (e.g. the taker's discarded trumps, FT-8.4).

        >>> from tarotlib.core.cards import TRUMP_MASK, EXCUSE_MASK, card_mask, parse_cards
        >>> show = TrumpShow(thresholds=(3, 4), cards=TRUMP_MASK, substitute=EXCUSE_MASK)
        >>> show.levels(card_mask(parse_cards("T2 T3 KH")))
        ()
        >>> show.levels(card_mask(parse_cards("T2 T3 KH")), extra=card_mask(parse_cards("T4")))
        (0,)
        """
        t = ((hand | extra) & self.cards).bit_count()
        x = 1 if hand & self.substitute else 0
        return tuple(lvl for lvl, k in enumerate(self.thresholds) if t >= k or (x and t == k - 1))

    def canonical(self, hand: int, level: int, extra: int = 0) -> tuple[int, ...]:
        """A legal set to show for ``level``: all countable cards plus the substitute when one is
        missing, else the ``k`` lowest-indexed countable cards (the surplus is hidden).

        >>> from tarotlib.core.cards import TRUMP_MASK, EXCUSE_MASK, card_mask, format_cards, parse_cards
        >>> show = TrumpShow(thresholds=(3, 4), cards=TRUMP_MASK, substitute=EXCUSE_MASK)
        >>> format_cards(show.canonical(card_mask(parse_cards("T2 T3 T4 T9 EX")), 0))
        'T2 T3 T4'
        >>> format_cards(show.canonical(card_mask(parse_cards("T2 T3 T4 EX")), 1))
        'T2 T3 T4 EX'
        """
        k = self.thresholds[level]
        pool = (hand | extra) & self.cards
        items = [i for i in range(78) if pool >> i & 1]
        if len(items) == k - 1 and hand & self.substitute:
            items.append(next(i for i in range(78) if self.substitute >> i & 1))
            return tuple(items)
        return tuple(items[:k])

    def check(self, hand: int, level: int, shown: Sequence[int], extra: int = 0) -> str | None:
        """Why showing ``shown`` for ``level`` is not allowed, or None if it is (FT-8.3).

        >>> from tarotlib.core.cards import TRUMP_MASK, card_mask, parse_cards
        >>> show = TrumpShow(thresholds=(3,), cards=TRUMP_MASK)
        >>> hand = card_mask(parse_cards("T2 T3 T4 KH"))
        >>> show.check(hand, 0, parse_cards("T2 T3 T4")) is None
        True
        >>> show.check(hand, 0, parse_cards("T2 T3"))
        'must show exactly 3 trumps, not 2'
        """
        if not 0 <= level < len(self.thresholds):
            return f"unknown level {level}"
        k = self.thresholds[level]
        mask = card_mask(shown)
        if mask.bit_count() != len(shown):
            return "a card is shown twice"
        if len(shown) != k:
            return f"must show exactly {k} trumps, not {len(shown)}"
        own = hand | extra
        if mask & ~own:
            return f"cannot show cards not held: {format_cards(mask & ~own)}"
        countable = own & self.cards
        if mask & self.substitute:
            if countable.bit_count() != k - 1:
                return "the Excuse may be shown only in place of a missing trump"
            if (mask & ~self.substitute) != countable:
                return "with the Excuse, every trump must be shown"
            return None
        if mask & ~self.cards:
            return f"only trumps may be shown: {format_cards(mask & ~self.cards)}"
        return None
