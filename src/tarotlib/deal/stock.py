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

from typing import TypeVar

import attrs

from tarotlib.deal.phase import Phase
from tarotlib.deal.state import SEAT_BITS, DealState

__all__ = ["CompleteFromStock"]

S = TypeVar("S", bound=DealState)


@attrs.frozen
class CompleteFromStock(Phase):
    """Deal the stock after the auction: the turn-up to the declarer, then ``declarer_gets`` cards
    to him and ``others_get`` to each other seat, from the seat after the dealer (BE-3.4)."""

    declarer_gets: int = 2
    others_get: int = 3
    name: str = "complete"

    def start(self, state: S) -> S:
        d = state.data
        n = state.rules.players
        stock = d.stock
        hands = state._hands | 1 << stock[0] + SEAT_BITS * d.declarer
        pos = 1
        for k in range(1, n + 1):
            seat = (d.dealer + k) % n
            count = self.declarer_gets if seat == d.declarer else self.others_get
            for card in stock[pos : pos + count]:
                hands |= 1 << card + SEAT_BITS * seat
            pos += count
        return state.advance(None, hands=hands)
