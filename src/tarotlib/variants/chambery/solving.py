"""Chambéry's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's points as CH-13 counts them (cards, one point a trick, the discard, the Fou settled): with
three players each seat's own, with a contract (four players and more) its side's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from tarotlib.core.points import PointModel
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.chambery.facts import BAGA, FOU, TRUMP21, VALUES
from tarotlib.variants.chambery.scoring import ThreePlayerScore, TwoSideScore, seat_points
from tarotlib.variants.chambery.state import ChamberyState

if TYPE_CHECKING:
    from tarotlib.variants.chambery.game import Chambery

__all__ = ["card_points", "card_roles", "point_model"]


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


def point_model(state: DealState[Any], side: int) -> PointModel | None:
    """Seat ``side``'s points, or its side's (as :func:`card_points` gives them), as the solver's
    fast search adds them up: each card's points (CH-5.1), and at the end one point a trick and
    the discard with its point for the side that owns it (CH-5.2 – CH-5.4,
    :func:`~tarotlib.variants.chambery.scoring.seat_points`; the owner: the dealer, or the winner
    of the last trick, CH-7.3). The fast search plays only once the Fou is out of play and its
    exchange settled (CH-12.4), so the piles are all there is to count.

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("chambery", players=3)
    >>> state = rules.new_deal(seed=3)
    >>> while state.phase != "play":
    ...     state = state.apply(state.legal_actions()[0])
    >>> point_model(state, 0).final(20, 5, True) >= 25
    True
    """
    if not isinstance(state, ChamberyState) or side == state.data.sitter:
        return None  # (the seat sitting the deal out, CH-2.3, is no side to solve for)
    rules = cast("Chambery", state.rules)
    d = state.data
    n = rules.players
    if rules.config.two_sides:  # the declaring side, or every other seat (CH-13.1)
        if d.declarer is None:
            return None
        sides = d.sides
        declaring = sides[d.declarer]
        attack = sides[side] == declaring
        mine = {s for s in range(n) if (sides[s] == declaring) == attack}
    else:  # three players: each seat alone (CH-16)
        mine = {side}
    rule = rules.options.discard_owner
    if rule not in ("dealer", "last_trick"):
        return None
    dealer_owns = d.dealer in mine
    discard, point = d.discard, rules.config.discard_point

    def final(raw: int, won: int, last: bool) -> float:
        owns = dealer_owns if rule == "dealer" else last
        return float(raw + seat_points(0, won, discard, owns, point))

    return PointModel(VALUES, final, slope=1.0)
