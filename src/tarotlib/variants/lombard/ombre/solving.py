"""Tarocco Ombre's and Ombra Arrabiata's card points for the solver (:func:`tarotlib.ai.solve`,
objective ``points``): the declarer's side's pile counted as one (LO-5.6, TO-9.1) for the
declarer and his partner, the other side's (LO-5.7) for the others.
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.cards import EXCUSE_MASK, trump
from tarotlib.core.points import card_roles as roles
from tarotlib.core.points import tarot_group_values
from tarotlib.deal.state import DealState
from tarotlib.variants.lombard.ombre.scoring import OmbreScore

__all__ = ["card_points", "card_roles"]


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's side's points in the finished deal ``state`` (the declarer's side counted as
    one pile, the others' pile as LO-5.7 counts it).

    >>> import tarotlib
    >>> from tarotlib.testing import random_play
    >>> final, _ = random_play(tarotlib.variant("ombra-arrabiata").new_deal(seed=2), 4)
    >>> s = final.rules.summary(final)
    >>> card_points(final)[final.data.declarer] == s.points
    True
    """
    score = state.result.breakdown
    assert isinstance(score, OmbreScore)
    summary = score.summary
    n: int = state.rules.players
    if summary.points is None:  # conceded before play (TO-7): no card points
        return (0.0,) * n
    sides = state.data.sides or tuple(range(n))
    declaring = sides[summary.declarer]
    others = float(summary.others) if summary.others is not None else 0.0
    return tuple(float(summary.points) if side == declaring else others for side in sides)


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its group value (LO-4, LO-5.2), but for
    the Matto, the Bagatto and the Mondo, cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> state = tarotlib.variant("tarocco-ombre").new_deal(seed=2)
    >>> [card_roles(state)[card] for card in parse_cards("KH QH 7C 2C T2 T1 EX")]
    [5, 4, 1, 1, 1, -57, -78]
    """
    return roles(tarot_group_values(), EXCUSE_MASK | 1 << trump(1) | 1 << trump(21))
