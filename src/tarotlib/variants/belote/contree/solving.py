"""Contrée's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal as the contract is judged on it (CO-8.1).
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.belote.contree.scoring import ContreeScore
from tarotlib.variants.belote.contree.types import ContreeContract
from tarotlib.variants.belote.solving import HONOURS

__all__ = ["card_points", "card_roles"]


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's team's total in the finished deal ``state`` (CO-8.1; team = seat mod 2).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("contree").new_deal(seed=1), rng=1)
    >>> over.result.annulled is not None or card_points(over) == tuple(
    ...     float(over.result.breakdown.totals[s % 2]) for s in range(4))
    True
    """
    score = state.result.breakdown
    assert isinstance(score, ContreeScore)
    return tuple(float(score.totals[seat % 2]) for seat in range(4))


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its points under the contract's
    denomination (CO-1, BE-6), but for the Kings and Queens (the belote), cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=4)
    >>> for text in ("bid 80S", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> [card_roles(state)[card] for card in parse_cards("JS 9S JH 9H 8H 7H KH")]
    [20, 14, 2, 0, 0, 0, -28]
    """
    contract = state.contract
    assert isinstance(contract, ContreeContract)
    return roles(state.rules.table(contract.denomination).points.values, HONOURS)
