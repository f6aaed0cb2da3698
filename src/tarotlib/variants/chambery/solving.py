"""Chambéry's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's points as CH-13 counts them (cards, one point a trick, the discard, the Fou settled): with
three players each seat's own, with a contract (four players and more) its side's.
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.chambery.facts import BAGA, FOU, TRUMP21, VALUES
from tarotlib.variants.chambery.scoring import ThreePlayerScore, TwoSideScore

__all__ = ["card_points", "card_roles"]


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's (or its side's) points in the finished deal ``state`` (CH-13).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("chambery", players=3).new_deal(seed=1), rng=1)
    >>> card_points(over) == tuple(float(p) for p in over.result.breakdown.points)
    True
    """
    score = state.result.breakdown
    if isinstance(score, ThreePlayerScore):
        return tuple(float(p) for p in score.points)
    assert isinstance(score, TwoSideScore)
    sides = state.data.sides
    declaring = sides[score.declarer]
    return tuple(float(score.points[0 if side == declaring else 1]) for side in sides)


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its points (CH-5.1), but for the Fou, the
    Baga and trump 21, cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> state = tarotlib.variant("chambery", players=4).new_deal(seed=2)
    >>> [card_roles(state)[card] for card in parse_cards("KH QH 7C 2C T2 T1 EX")]
    [4, 3, 0, 0, 0, -57, -78]
    """
    return roles(VALUES, 1 << FOU | 1 << BAGA | 1 << TRUMP21)
