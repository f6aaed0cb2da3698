"""Belote's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal, what the contract is made or lost on (BE-11.3: card
points, dix de der or capot, belote, declarations).
"""

from __future__ import annotations

from typing import Any

from tarotlib.deal.state import DealState
from tarotlib.variants.belote.scoring import BeloteScore

__all__ = ["card_points"]


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
