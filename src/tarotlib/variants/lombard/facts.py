"""The facts every Lombard game shares (rules file part A, LO-1 … LO-9): the honours, the card
values and the counting in groups (LO-4, LO-5), the trick rules (LO-6), the Matto (LO-7) and the
dealer's discard (LO-8).

>>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
>>> format_cards(HONOURS_MASK)
'KS KH KD KC T1 T21 EX'
>>> LOMBARDY_POINTS.count(card_mask(parse_cards("T21 T1 KH QS")))   # LO-E1's first group: 20 − 3
Fraction(17, 1)
>>> [points(mondo, g).value_sum(1 << MONDO) for mondo, g in ((6, 4), (5, 3))]   # LO-4
[6, 5]
"""

from __future__ import annotations

from typing import Final, Literal

from tarotlib.core.cards import (
    EXCUSE,
    EXCUSE_MASK,
    SUIT_MASKS,
    TRUMP_MASK,
    Rank,
    Suit,
    card_mask,
    suit_card,
    trump,
)
from tarotlib.core.discards import DiscardRule
from tarotlib.core.points import LeftoverRule, PointTable, tarot_group_values
from tarotlib.core.ranking import LOMBARD
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal.fool import ExchangeRule

__all__ = [
    "BAGATTO",
    "HONOURS_MASK",
    "KINGS_MASK",
    "LOMBARDY_POINTS",
    "MATTO",
    "MONDO",
    "SUIT_CARDS_MASK",
    "TRICKS",
    "discard_rule",
    "matto_rule",
    "points",
    "values",
]

MONDO: Final = trump(21)
"""Trump 21, the Mondo (LO-2.1)."""
BAGATTO: Final = trump(1)
"""Trump 1, the Bagatto (LO-2.1)."""
MATTO: Final = EXCUSE
"""The Matto, the family's fool card ``EX`` (LO-2.3: ``M`` is read too)."""
KINGS_MASK: Final = card_mask(suit_card(Rank.KING, s) for s in Suit)
HONOURS_MASK: Final = KINGS_MASK | 1 << MONDO | 1 << BAGATTO | EXCUSE_MASK
"""The seven honours: the four Kings, the Mondo, the Bagatto and the Matto (LO-4)."""
SUIT_CARDS_MASK: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]


def values(mondo: int) -> tuple[int, ...]:
    """LO-4's card values as *group values* (LO-5.2: a blank counts 1): King 5, Queen 4, Cavalier
    3, Jack 2, Bagatto 5, Matto 5, the Mondo ``mondo`` (6 in Lombardy and Ombra arrabiata, 5
    elsewhere), every other card 1.

    >>> from tarotlib.core.cards import parse_cards
    >>> [values(6)[card] for card in parse_cards("T21 T1 EX KS QS NS JS 10S T20")]
    [6, 5, 5, 5, 4, 3, 2, 1, 1]
    """
    return tarot_group_values(trump21=mondo)


def points(mondo: int, group: int, leftover: LeftoverRule = "face_value") -> PointTable:
    """The counting of LO-5: groups of ``group`` (4 or 3) worth their group values minus
    ``group − 1``; the leftovers by ``leftover`` (LO-5.3 ``face_value``, LO-5.5 ``conserving``).
    :meth:`~tarotlib.core.points.PointTable.count` is then LO-5.4's closed form.

    LO-E2: the dealer's pile KS QS NS 7S QH JC counts 15 (``face_value``) or 14 (``conserving``).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> pile = card_mask(parse_cards("KS QS NS 7S QH JC"))
    >>> points(6, 4).count(pile), points(6, 4, "conserving").count(pile)
    (Fraction(15, 1), Fraction(14, 1))
    """
    name = f"lombard-mondo{mondo}-g{group}-{leftover}"
    return PointTable(name, values(mondo), group, leftover)


LOMBARDY_POINTS: Final = points(6, 4)
"""Lombardy's counting: Mondo 6, in fours, leftovers at face value (LO-4, LO-5, LO-16.1)."""

TRICKS: Final = TrickRules(
    LOMBARD,
    overtrump=Overtrump.NEVER,
    trump_lead_higher=False,
)
"""LO-3 and LO-6: the Italian rank order (red pips reversed); follow suit, else play any trump,
else anything; no duty to beat a card (no overtrump, no "go higher" on a trump lead); the Matto
may always be played and never wins; after a Matto lead the second card sets the suit.

>>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
>>> led, win = TRICKS.follow(-1, -1, parse_card("4C"))       # LO-E3: 4C led
>>> format_cards(TRICKS.legal_mask(card_mask(parse_cards("9C KC EX T5")), led, win))
'9C KC EX'
>>> led, win = TRICKS.follow(led, win, parse_card("T12"))    # a void player trumps ...
>>> format_cards(TRICKS.legal_mask(card_mask(parse_cards("T3 T20 2H")), led, win))  # ... any trump
'T3 T20'
>>> TRICKS.rank_order.strength[parse_card("1H")] > TRICKS.rank_order.strength[parse_card("10H")]
True
"""


def discard_rule(size: int) -> DiscardRule:
    """LO-8.2: the dealer's discard of ``size`` cards never holds an honour (a King, the Mondo, the
    Bagatto, the Matto), and a trump only when fewer than ``size`` other cards may go.

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
    >>> rule = discard_rule(2)
    >>> hand = card_mask(parse_cards("KS QS T21 T5 T6 EX"))
    >>> format_cards(rule.legal(hand, remaining=2))   # one suit card for two: a trump may go
    'QS T5 T6'
    >>> format_cards(rule.legal(hand & ~card_mask(parse_cards("T5")), remaining=1))  # then QS
    'QS'
    >>> rule.explain(hand, 2, parse_cards("KS")[0])
    'cannot discard a King (LO-8.2)'
    """
    return DiscardRule(
        forbidden=(
            (KINGS_MASK, "cannot discard a King (LO-8.2)"),
            (1 << MONDO, "cannot discard the Mondo (LO-8.2)"),
            (1 << BAGATTO, "cannot discard the Bagatto (LO-8.2)"),
            (EXCUSE_MASK, "cannot discard the Matto (LO-8.2)"),
        ),
        reluctant=TRUMP_MASK & ~HONOURS_MASK,
        reluctant_reason=(
            f"may discard a trump only when fewer than {size} suit cards other than Kings "
            "remain (LO-8.2)"
        ),
    )


MattoPayment = Literal["blank_else_lowest", "any_own_card"]


def matto_rule(
    mondo: int = 6,
    *,
    payment: MattoPayment = "blank_else_lowest",
    with_partner: Literal["perform", "skip"] = "perform",
    from_discard: bool = False,
) -> ExchangeRule:
    """The Matto of LO-7 under its options: the trick goes to its winner, the owner takes the
    Matto back and gives a card from his **own** won cards (LO-7.4), at once or right after his
    first trick (LO-7.5), else never (LO-7.6). ``payment`` (LO-7.7): the earliest-won blank, else
    the card of lowest value, with no decision; or ``any_own_card``, chosen by the owner.
    ``with_partner`` (LO-7.8): also exchange with a partner who won the trick, or ``skip``.
    ``from_discard`` (LO-7.9): the dealer may pay from his discard.

    >>> rule = matto_rule(payment="any_own_card", with_partner="skip")
    >>> rule.source, rule.exchange_with, rule.payment, rule.chooses
    ('own', 'other_side', 'chosen', True)
    """
    return ExchangeRule(
        MATTO,
        values(mondo),
        source="own",
        exchange_with="anyone" if with_partner == "perform" else "other_side",
        payment="lowest" if payment == "blank_else_lowest" else "chosen",
        from_discard=from_discard,
    )
