"""French Tarot's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``):
each seat's camp's points at the end of a deal, as FT-11 counts them (the Excuse and its
exchange, half points included): the attack's for the taker (and his partner), the defence's
for the others.
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.points import FRENCH_TAROT_POINTS, PointModel
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.french_tarot.facts import OUDLERS_MASK
from tarotlib.variants.french_tarot.scoring import (
    TOTAL_HALF_POINTS,
    FrenchTarotScore,
    _half_points,
    _half_to_number,
)
from tarotlib.variants.french_tarot.types import Camp, Contract

__all__ = ["card_points", "card_roles", "point_model"]


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


#: Each card's points in half points (FT-1.5, FT-1.6: a pile counted in pairs is the sum of these).
HALF_POINTS: tuple[int, ...] = tuple(_half_points(1 << c) for c in range(78))


def point_model(state: DealState[Any], side: int) -> PointModel | None:
    """Seat ``side``'s camp's points (as :func:`card_points` gives them) as the solver's fast
    search adds them up: each card's half points (FT-1.6), the attack's pile with the écart or
    the chien it counts (FT-13.1), P for the attack and 91 − P for the defence (FT-13.3,
    FT-13.4). The fast search plays only once the Excuse is out of play and settled, so the pile
    is all there is to count. None for a deal without a contract (Grash, FT-15).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> model = point_model(state, 0)
    >>> model is None   # no contract yet
    True
    """
    d = state.data
    contract = state.contract
    if not isinstance(contract, Contract) or not d.sides or state.pending is not None:
        return None
    n = state.rules.players
    camps = d.sides
    in_piles = 0  # every card that ends in a pile: those there now and those still in play
    for seat in range(n):
        in_piles += _half_points(state.pile_mask(seat) | state.held(seat))
    for c in state.trick_cards:
        in_piles += HALF_POINTS[c]
    extra = 0  # what the attack counts besides its pile (FT-13.1)
    if contract.takes_chien:
        extra = _half_points(d.discard)
    elif contract == Contract.GARDE_SANS:
        extra = _half_points(d.kitty)
    attack = camps[side] == Camp.ATTACK

    def final(raw: int, won: int, last: bool) -> float:
        halves = (raw if attack else in_piles - raw) + extra
        return _half_to_number(halves if attack else TOTAL_HALF_POINTS - halves)

    return PointModel(HALF_POINTS, final, slope=0.5)
