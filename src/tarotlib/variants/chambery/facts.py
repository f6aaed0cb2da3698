"""The facts of Chambéry flower tarot (CH-1 … CH-7, CH-11, CH-12): its six configurations, the
card points, the trick rules, the dealer's discard and the Fou.

>>> from tarotlib.core.cards import card_mask, parse_cards
>>> [CONFIGS[key].total for key in ((5, False), (6, False), (4, False), (3, False), (4, True), (3, True))]
[68, 68, 72, 78, 68, 72]
>>> sum(VALUES)   # CH-5.1: 52 card points in the pack
52
>>> card_points(card_mask(parse_cards("T21 T1 EX KS QH NC JD 1S")))
22
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from tarotlib.core.cards import (
    EXCUSE,
    EXCUSE_MASK,
    TRUMP_MASK,
    Rank,
    Suit,
    card_mask,
    suit_card,
    trump,
)
from tarotlib.core.decks import CHAMBERY_62, TAROT_78, Deck
from tarotlib.core.discards import DiscardRule
from tarotlib.core.points import PointTable
from tarotlib.core.ranking import CHAMBERY as _RANKS
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal.fool import ExchangeRule

__all__ = [
    "BAGA",
    "CONFIGS",
    "FOU",
    "GROUP_POINTS",
    "KINGS_MASK",
    "POINTS",
    "TRICKS",
    "TRUMP21",
    "VALUES",
    "Config",
    "card_points",
    "config",
    "discard_rule",
    "fou_rule",
    "grouped_points",
]

FOU: Final = EXCUSE
"""The Fou, the family's fool card ``EX`` (CH-3.1)."""
BAGA: Final = trump(1)
"""Trump 1, the Baga (CH-3.1)."""
TRUMP21: Final = trump(21)
"""Trump 21 (CH-5.1)."""
KINGS_MASK: Final = card_mask(suit_card(Rank.KING, s) for s in Suit)


def _values() -> tuple[int, ...]:
    vals = [0] * 78
    for s in Suit:
        vals[suit_card(Rank.KING, s)] = 4
        vals[suit_card(Rank.QUEEN, s)] = 3
        vals[suit_card(Rank.KNIGHT, s)] = 2
        vals[suit_card(Rank.JACK, s)] = 1
    vals[TRUMP21] = vals[BAGA] = vals[FOU] = 4
    return tuple(vals)


VALUES: Final = _values()
"""CH-5.1: each card's points: trump 21, the Baga, the Fou and the Kings 4, Queens 3, Cavaliers 2,
Jacks 1, every other card 0 (52 in all, in either pack)."""


POINTS: Final = PointTable("chambery", VALUES)
"""CH-5.1 as a core point table: card points summed (groups of one card)."""

GROUP_POINTS: Final = PointTable("chambery-groups", tuple(v + 1 for v in VALUES))
"""CH-5.5: the same points as group values (each card's value + 1), for counting a pile in groups
of ``g`` cards (``GROUP_POINTS`` with ``group_size=g``): a cross-check of CH-5.4."""


def card_points(mask: int) -> int:
    """CH-5.1: the card points of the cards of ``mask``.

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> card_points(card_mask(parse_cards("T21 T1 KS KD QH NC NS JD")))   # CH-E1's soloist
    24
    """
    return POINTS.value_sum(mask)


def grouped_points(mask: int, group: int) -> int:
    """CH-5.5: the pile ``mask`` counted in groups of ``group`` cards through the core primitive
    (each group worth its group values' sum minus ``group - 1``), which equals CH-5.4's card
    points plus one point per group.

    CH-E1: the soloist's 35 cards in 7 tricks of 5 count 31, as CH-5.4 counts them.

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> blanks = [c for c in range(78) if VALUES[c] == 0 and c != FOU][:27]   # 27 cards worth 0
    >>> pile = card_mask(parse_cards("T21 T1 KS KD QH NC NS JD")) | card_mask(blanks)
    >>> pile.bit_count(), grouped_points(pile, 5), card_points(pile) + 7
    (35, 31, 31)
    """
    return attrs.evolve(GROUP_POINTS, group_size=group).count_units(mask) // group


@attrs.frozen
class Config:
    """One configuration of CH-1 with its numbers (CH-5.6, CH-6): ``seated`` players, ``active``
    players in a deal, the ``deck``, the ``packets`` of each round and the ``extra`` cards to the
    dealer (which is also the size ``d`` of his discard), the number of ``tricks``, the deal
    total ``T``, the half (or par) ``H``, the doubling threshold ``Q`` and whether the discard
    carries a point (CH-5.3).

    >>> c = CONFIGS[(6, False)]
    >>> c.name, c.active, c.hand, c.tricks, c.total, c.half, c.threshold, c.two_sides
    ('6p', 5, 15, 15, 68, 34, 17, True)
    """

    seated: int
    simplifie: bool
    packets: tuple[int, ...]
    extra: int
    discard_point: int
    active: int = attrs.field()
    hand: int = attrs.field(init=False)
    tricks: int = attrs.field(init=False)
    total: int = attrs.field(init=False)
    half: int = attrs.field(init=False)
    threshold: int = attrs.field(init=False)

    @active.default
    def _active(self) -> int:
        return 5 if self.seated == 6 else self.seated  # CH-2.3

    def __attrs_post_init__(self) -> None:
        hand = sum(self.packets)
        total = 52 + hand + self.discard_point  # CH-5.6: card points + tricks + discard point
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "tricks", hand)
        object.__setattr__(self, "total", total)
        half = total // 2 if self.active != 3 else total // 3
        object.__setattr__(self, "half", half)
        object.__setattr__(self, "threshold", half // 2)

    @property
    def name(self) -> str:
        """``5p``, ``4p simplifié``, ..."""
        return f"{self.seated}p" + (" simplifié" if self.simplifie else "")

    @property
    def deck(self) -> Deck:
        """The 78-card pack, or the 62-card simplifié (CH-3.2)."""
        return CHAMBERY_62 if self.simplifie else TAROT_78

    @property
    def two_sides(self) -> bool:
        """True with 4, 5 or 6 seated: an auction and two sides (CH-1); False with 3: each for
        himself (CH-13.1)."""
        return self.active > 3


CONFIGS: Final = {
    (5, False): Config(5, False, (5, 5, 5), 3, 1),
    (6, False): Config(6, False, (5, 5, 5), 3, 1),
    (4, False): Config(4, False, (5, 5, 5, 4), 2, 1),
    (3, False): Config(3, False, (5, 5, 5, 5, 5), 3, 1),
    (4, True): Config(4, True, (5, 5, 5), 2, 1),
    (3, True): Config(3, True, (5, 5, 5, 5), 2, 0),  # CH-5.3: no discard point
}
"""CH-1, CH-5.6, CH-6: the six configurations by ``(seated players, simplifié)``."""


def config(players: int, simplifie: bool = False) -> Config:
    """The configuration of ``players`` seated, with the 62-card pack when ``simplifie``.

    >>> config(4, True).total, config(3).half, config(3, True).threshold
    (68, 26, 12)
    """
    return CONFIGS[(players, simplifie)]


TRICKS: Final = TrickRules(
    _RANKS,
    overtrump=Overtrump.NEVER,
    trump_lead_higher=False,
)
"""CH-4 and CH-11: the ace between the Jack and the ten in every suit; follow suit, else any
trump, else anything; no duty to overtrump or to beat any card (CH-11.2); the Fou may always be
played and never wins, and after a Fou lead the next card sets the suit (CH-12.1 – CH-12.3).

>>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
>>> led, win = TRICKS.follow(-1, -1, parse_card("1S"))
>>> led, win = TRICKS.follow(led, win, parse_card("10S"))
>>> win == parse_card("1S")    # CH-4: the ace beats the ten
True
>>> led, win = TRICKS.follow(led, win, parse_card("T12"))
>>> format_cards(TRICKS.legal_mask(card_mask(parse_cards("T3 T20 2H EX")), led, win))   # any trump
'T3 T20 EX'
"""

DiscardTrumps = Literal["if_unavoidable_shown", "if_unavoidable_hidden", "dm_void"]


def discard_rule(size: int, trumps: DiscardTrumps = "if_unavoidable_shown") -> DiscardRule:
    """CH-7.2: the dealer's discard of ``size`` cards never holds a King, trump 21 or the Fou; a
    trump 1–20 only when fewer than ``size`` other suit cards remain; under ``dm_void`` trumps only
    all together, leaving no trump but 21 in hand (the plain rule when that cannot be done).

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
    >>> rule = discard_rule(2)
    >>> hand = card_mask(parse_cards("KS QS T21 T5 T6 EX"))
    >>> format_cards(rule.legal(hand, remaining=2))
    'QS T5 T6'
    >>> rule.explain(hand, 2, parse_cards("KS")[0])
    'cannot discard a King (CH-7.2)'
    >>> void = discard_rule(2, "dm_void")
    >>> format_cards(void.legal(card_mask(parse_cards("KS QS JS T21 T5")), remaining=2))
    'JS QS T5'
    """
    return DiscardRule(
        forbidden=(
            (KINGS_MASK, "cannot discard a King (CH-7.2)"),
            (1 << TRUMP21, "cannot discard trump 21 (CH-7.2)"),
            (EXCUSE_MASK, "cannot discard the Fou (CH-7.2)"),
        ),
        reluctant=TRUMP_MASK & ~(1 << TRUMP21),
        reluctant_reason=(
            f"may discard a trump only when fewer than {size} suit cards other than Kings are "
            "left to discard (CH-7.2)"
        ),
        void_only=trumps == "dm_void",
        void_reason=(
            "may discard trumps only all together, keeping no trump but 21 (CH-7.2 dm_void)"
        ),
    )


def fou_rule(
    *,
    source: Literal["side", "own"] = "side",
    payment: Literal["zero_else_lowest", "any_source_card"] = "zero_else_lowest",
    last_trick: Literal["normal", "to_winner"] = "normal",
    from_discard: bool = False,
) -> ExchangeRule:
    """The Fou of CH-12 under its options: it never wins; if the trick's winner is not on its
    owner's side, the owner takes it back and the winner gets a card from the won cards of the
    owner's ``side`` (or his ``own``, CH-12.4), a 0-point card else the lowest (or any, chosen,
    CH-12.5), at once or right after the source first wins a trick, else never; ``last_trick``
    (CH-12.6); ``from_discard`` (CH-7.4).

    >>> rule = fou_rule(source="own", payment="any_source_card")
    >>> rule.source, rule.exchange_with, rule.payment, rule.chooses
    ('own', 'other_side', 'chosen', True)
    """
    return ExchangeRule(
        FOU,
        VALUES,
        source=source,
        exchange_with="other_side",
        payment="lowest" if payment == "zero_else_lowest" else "chosen",
        from_discard=from_discard,
        last_trick=last_trick,
    )
