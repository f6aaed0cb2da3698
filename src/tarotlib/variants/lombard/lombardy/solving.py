"""Lombardy's and Reseghino's card points for the solver (:func:`tarotlib.ai.solve`, objective
``points``): each pile counted as LO-5.4 counts it (groups, leftover cards, the Matto and the
discard settled), a team's for both its seats in Lombardy, each seat's own in Reseghino.
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.cards import EXCUSE_MASK, trump
from tarotlib.core.points import card_roles as roles
from tarotlib.core.points import tarot_group_values
from tarotlib.deal.state import DealState
from tarotlib.variants.lombard.lombardy.scoring import LombardyScore, ReseghinoScore

__all__ = ["card_points", "card_roles", "team_points"]


def team_points(state: DealState[Any]) -> tuple[float, ...]:
    """Lombardy: each seat's team's points (team A = seats 0 and 2, LO-10).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("lombardy").new_deal(seed=2), rng=2)
    >>> points = team_points(over)
    >>> points[0] == points[2] == over.result.breakdown.piles[0].points
    True
    """
    score = state.result.breakdown
    assert isinstance(score, LombardyScore)
    return tuple(float(score.piles[seat % 2].points) for seat in range(4))


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Reseghino: each seat's own points (RE-6).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("reseghino").new_deal(seed=1), rng=1)
    >>> card_points(over) == tuple(float(p.points) for p in over.result.breakdown.piles)
    True
    """
    score = state.result.breakdown
    assert isinstance(score, ReseghinoScore)
    return tuple(float(pile.points) for pile in score.piles)


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its group value (LO-4, LO-5.2), but for
    the Matto, the Bagatto and the Mondo, cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> state = tarotlib.variant("lombardy").new_deal(seed=2)
    >>> [card_roles(state)[card] for card in parse_cards("KH QH 7C 2C T2 T1 EX")]
    [5, 4, 1, 1, 1, -57, -78]
    """
    return roles(tarot_group_values(), EXCUSE_MASK | 1 << trump(1) | 1 << trump(21))
