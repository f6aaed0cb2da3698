"""French Tarot's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``):
each seat's camp's points at the end of a deal, as FT-11 counts them (the Excuse and its
exchange, half points included): the attack's for the taker (and his partner), the defence's
for the others.
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.points import FRENCH_TAROT_POINTS
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.french_tarot.facts import OUDLERS_MASK
from tarotlib.variants.french_tarot.scoring import FrenchTarotScore

__all__ = ["card_points", "card_roles"]


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's camp's card points in the finished deal ``state`` (FT-11).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("french-tarot", players=4).new_deal(seed=2), rng=1)
    >>> card_points(over), over.result.breakdown.attack_points
    ((70.0, 70.0, 70.0, 21.0), 21.0)
    """
    score = state.result.breakdown
    assert isinstance(score, FrenchTarotScore)
    sides = state.data.sides
    attack = sides[score.summary.taker]
    return tuple(
        float(score.attack_points if side == attack else score.defence_points) for side in sides
    )


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its point value (FT-1.5), but for the
    oudlers (the contract's threshold, the Petit au bout, the Excuse, FT-11) and the called card
    (FT-5.5), which are cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> [card_roles(state)[card] for card in parse_cards("KH NH 7C 2C T2 T1 EX")]
    [5, 3, 1, 1, 1, -57, -78]
    """
    special = OUDLERS_MASK
    called = state.called_card
    if called is not None:
        special |= 1 << int(called)
    return roles(FRENCH_TAROT_POINTS.values, special)
