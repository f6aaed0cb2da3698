"""Completing a deal from its stock once the contract is known (BE-5.1, BE-3.4 step 3).

An automatic phase (nobody acts): the declarer takes the turned-up card (``stock[0]``), then the
rest of the stock is dealt in dealing order from the seat after the dealer, ``declarer_gets`` cards
to the declarer and ``others_get`` to every other seat.

>>> import tarotlib
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
>>> [len(state.hand(seat)) for seat in range(4)]
[8, 8, 8, 8]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from tarotlib.core.cards import Card
from tarotlib.deal.phase import Phase, SpaceItem
from tarotlib.deal.state import DealState, add_cards

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["CompleteFromStock"]

S = TypeVar("S", bound=DealState)
_Step = tuple[int, "Callable[[Sequence[Card]], tuple[Card, ...]]"]
_BITS: Final = tuple(1 << i for i in range(78))


def _single(position: int) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    def get(seq: Sequence[Card]) -> tuple[Card, ...]:
        return (seq[position],)

    return get


@attrs.frozen
class CompleteFromStock(Phase[None]):
    """Deal the stock after the auction: the turn-up to the declarer, then ``declarer_gets`` cards
    to him and ``others_get`` to each other seat, from the seat after the dealer (BE-3.4).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> rules.phase_list[1]
    CompleteFromStock(declarer_gets=2, others_get=3, name='complete')
    >>> state = rules.new_deal(seed=4)
    >>> turn_up = state.data.stock[0]
    >>> state = state.apply(rules.parse_action("bid spades"))   # seat 1 takes the turn-up
    >>> turn_up, turn_up in state.hand(1), state.phase
    (Card(QS), True, 'play')
    """

    declarer_gets: int = 2
    others_get: int = 3
    name: str = "complete"
    _plans: dict[tuple[int, int, int], tuple[_Step, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return ()  # nobody acts

    def start(self, state: S) -> S:
        d = state.data
        n = state.rules.players
        stock = d.stock
        hands = add_cards(state.packed_hands, d.declarer, 1 << stock[0])
        for seat, get in self._plan(n, d.dealer, d.declarer):
            hands = add_cards(hands, seat, sum(map(_BITS.__getitem__, get(stock))))
        return state.skip(hands=hands)

    def _plan(self, players: int, dealer: int, declarer: int) -> tuple[_Step, ...]:
        """``(seat, getter of the stock cards it receives)`` for each seat (kept once
        computed)."""
        key = (players, dealer, declarer)
        plan = self._plans.get(key)
        if plan is None:
            out: list[_Step] = []
            pos = 1
            for k in range(1, players + 1):
                seat = (dealer + k) % players
                count = self.declarer_gets if seat == declarer else self.others_get
                positions = list(range(pos, pos + count))
                get: Callable[[Sequence[Card]], tuple[Card, ...]] = (
                    itemgetter(*positions) if count > 1 else _single(pos)
                )
                out.append((seat, get))
                pos += count
            plan = self._plans[key] = tuple(out)
        return plan
