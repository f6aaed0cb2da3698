"""Contrée's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal as the contract is judged on it (CO-8.1).
"""

from __future__ import annotations

from typing import Any

from tarotlib.deal.state import DealState
from tarotlib.variants.belote.contree.scoring import ContreeScore

__all__ = ["card_points"]


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
