"""Belote's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal, what the contract is made or lost on (BE-11.3: card
points, dix de der or capot, belote, declarations).
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.cards import Rank, Suit, suit_card
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.belote.scoring import BeloteScore

__all__ = ["HONOURS", "card_points", "card_roles"]

HONOURS = sum(1 << suit_card(rank, suit) for suit in Suit for rank in (Rank.KING, Rank.QUEEN))
"""The Kings and Queens: the belote cards of any contract (BE-9)."""


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's team's total in the finished deal ``state`` (BE-11.3; team = seat mod 2).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("belote")
    >>> over = play_to_end(rules.new_deal(seed=4).apply(rules.parse_action("bid spades")), rng=3)
    >>> card_points(over) == tuple(float(over.result.breakdown.totals[s % 2]) for s in range(4))
    True
    """
    score = state.result.breakdown
    assert isinstance(score, BeloteScore)
    return tuple(float(score.totals[seat % 2]) for seat in range(4))


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its points under the contract (BE-6), but
    for the Kings and Queens (the belote, BE-9), cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> [card_roles(state)[card] for card in parse_cards("JS 9S JH 9H 8H 7H KH")]
    [20, 14, 2, 0, 0, 0, -28]
    """
    values = state.rules.table(state.contract).points.values
    return roles(values, HONOURS)
