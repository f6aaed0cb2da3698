"""Contract-dependent rank orders and point tables (BE-1.4, BE-6).

:func:`contract_table` gives, for a contract and the ``ta_sa_points`` option, the rank order, the
card point table and the deal constants of BE-6.6 (``cards`` = 152 with every standard table,
``deal_total`` = cards + 10, ``capot_total`` = cards + 100).

>>> from tarotlib.core.cards import parse_card as c
>>> t = contract_table(Contract.HEARTS)
>>> t.points.values[c("JH")], t.points.values[c("JS")], t.cards, t.deal_total, t.capot_total
(20, 2, 152, 162, 252)
>>> t.rank_order.beats(c("9H"), c("AH")), t.rank_order.beats(c("9S"), c("AS"))
(True, False)
>>> [contract_table(Contract.ALL_TRUMPS, s).cards for s in ("ffb2015", "unscaled")]
[152, 248]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from tarotlib.core.cards import PIQUET_NOTATION, SUIT_MASKS, Rank, Suit, suit_card
from tarotlib.core.decks import PIQUET_32
from tarotlib.core.points import PointTable
from tarotlib.core.ranking import RankOrder
from tarotlib.core.tricks import Overtrump, PartnerTrumped, TrickRules
from tarotlib.variants.belote.types import Contract

__all__ = [
    "PACK_MASK",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "ContractTable",
    "contract_table",
    "trick_rules",
]

J, Q, K, A = int(Rank.JACK), int(Rank.QUEEN), int(Rank.KING), int(Rank.ACE)

TRUMP_ORDER: Final = (J, 9, A, 10, K, Q, 8, 7)
"""BE-1.4 trump order, high to low: J 9 A 10 K Q 8 7."""
PLAIN_ORDER: Final = (A, 10, K, Q, J, 9, 8, 7)
"""BE-1.4 plain order, high to low: A 10 K Q J 9 8 7."""

TRUMP_POINTS: Final[Mapping[int, int]] = {J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3}
"""BE-6.1, the trump suit of a suit contract (62 per suit)."""
PLAIN_POINTS: Final[Mapping[int, int]] = {A: 11, 10: 10, K: 4, Q: 3, J: 2}
"""BE-6.1, a plain suit (30 per suit)."""

# BE-6.2 – BE-6.4: TA and SA tables by ``ta_sa_points`` value: (TA points, TA order, SA points,
# SA order). ``seed_literal`` reproduces the seed's printed (wrong) tables, BE-6.5.
_TaSa = tuple[Mapping[int, int], Sequence[int], Mapping[int, int], Sequence[int]]
_TA_SA: Final[dict[str, _TaSa]] = {
    "ffb2015": (
        {J: 13, 9: 9, A: 6, 10: 5, K: 3, Q: 2},
        TRUMP_ORDER,
        {A: 19, 10: 10, K: 4, Q: 3, J: 2},
        PLAIN_ORDER,
    ),
    "pagat": (
        {J: 14, 9: 9, A: 6, 10: 5, K: 3, Q: 1},
        TRUMP_ORDER,
        {A: 19, 10: 10, K: 4, Q: 3, J: 2},
        PLAIN_ORDER,
    ),
    "unscaled": (TRUMP_POINTS, TRUMP_ORDER, PLAIN_POINTS, PLAIN_ORDER),
    "seed_literal": (
        {A: 19, 10: 10, K: 4, Q: 3, J: 2},
        PLAIN_ORDER,
        {A: 13, 10: 9, K: 6, Q: 5, J: 3, 9: 2},
        PLAIN_ORDER,
    ),
}

PACK_MASK: Final = sum(1 << c for c in PIQUET_32.cards)
"""The 32 cards of the piquet pack (BE-1.1) as a mask."""


@attrs.frozen
class ContractTable:
    """Rank order, point table and deal constants of one contract (BE-1.4, BE-6).

    >>> table = contract_table(Contract.HEARTS)
    >>> table.cards, table.deal_total, table.capot_total
    (152, 162, 252)
    >>> contract_table(Contract.ALL_TRUMPS).cards, contract_table(Contract.NO_TRUMPS).cards
    (152, 152)
    """

    contract: Contract
    rank_order: RankOrder
    points: PointTable
    trumps: int
    """Mask of the trump suit (0 in TA and SA: no suit beats another, BE-1.3)."""
    cards: int = attrs.field(init=False)
    """``CARDS`` of BE-6.6: the sum of all 32 card values."""

    @cards.default
    def _cards(self) -> int:
        return self.points.value_sum(PACK_MASK)

    @property
    def deal_total(self) -> int:
        """``DEAL_TOTAL`` = cards + 10 (BE-6.6)."""
        return self.cards + 10

    @property
    def capot_total(self) -> int:
        """``CAPOT_TOTAL`` = cards + 100 (BE-6.6, BE-11.2)."""
        return self.cards + 100


@functools.cache
def contract_table(contract: Contract, ta_sa_points: str = "ffb2015") -> ContractTable:
    """The tables of ``contract`` (BE-1.4, BE-6.1 – BE-6.4); ``ta_sa_points`` only matters for TA
    and SA."""
    if ta_sa_points not in _TA_SA:
        raise ValueError(f"unknown ta_sa_points {ta_sa_points!r}; expected {', '.join(_TA_SA)}")
    orders: dict[Suit, Sequence[int]] = {}
    values: dict[int, int] = {}
    trumps = 0
    if contract.is_suit:
        for s in Suit:
            is_trump = s == contract.value
            orders[s] = TRUMP_ORDER if is_trump else PLAIN_ORDER
            for rank, v in (TRUMP_POINTS if is_trump else PLAIN_POINTS).items():
                values[suit_card(rank, s)] = v
        trumps = SUIT_MASKS[contract] & PACK_MASK
    else:
        ta_pts, ta_order, sa_pts, sa_order = _TA_SA[ta_sa_points]
        pts, order = (ta_pts, ta_order) if contract is Contract.ALL_TRUMPS else (sa_pts, sa_order)
        for s in Suit:
            orders[s] = order
            for rank, v in pts.items():
                values[suit_card(rank, s)] = v
    name = f"belote-{contract.token}"
    if not contract.is_suit:
        name += f"-{ta_sa_points}"
    return ContractTable(
        contract,
        RankOrder.build(name, orders, trump_order=()),
        PointTable.from_mapping(name, values),
        trumps,
    )


@functools.cache
def trick_rules(
    contract: Contract,
    partner_trump_rule: str = "free",
    undertrump: str = "compulsory",
    ta_must_beat_partner: bool = True,
    ta_sa_points: str = "ffb2015",
) -> TrickRules:
    """The legal-card and trick-winner rules of a contract (BE-7, BE-8) under the options.

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_card as c, parse_cards
    >>> tr = trick_rules(Contract.SPADES)
    >>> led, win = tr.follow(-1, -1, c("KH"))       # BE-15 E1, trick 2: A leads ♥K
    >>> led, win = tr.follow(led, win, c("KS"))     # B trumps with ♠K
    >>> hand = card_mask(parse_cards("AS TS 7S"))   # C, void in hearts
    >>> format_cards(tr.legal_mask(hand, led, win), PIQUET_NOTATION)
    'AS TS'
    >>> tr.explain(hand, led, win, c("7S"))
    'must overtrump ♠K'
    """
    table = contract_table(contract, ta_sa_points)
    rules = functools.partial(  # what every contract has: its ranks, no fool, piquet names
        TrickRules,
        rank_order=table.rank_order,
        fool=0,
        notation=PIQUET_NOTATION,
        pretty_reasons=True,
    )
    suit = contract.suit
    if suit is not None:  # BE-7.3 – BE-7.6
        return rules(
            trumps=table.trumps,
            must_trump=True,
            overtrump=Overtrump.OPPONENTS,
            trump_lead_higher=True,
            undertrump=undertrump == "compulsory",
            partner_trumped=PartnerTrumped(partner_trump_rule),
            trump_label=f"{suit.label} (trumps)",
        )
    return rules(  # BE-7.7 (TA: must beat within the led suit), BE-7.8 (SA)
        trumps=0,
        must_trump=False,
        follow_higher=contract is Contract.ALL_TRUMPS,
        follow_higher_partner=ta_must_beat_partner,
    )
