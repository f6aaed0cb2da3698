"""Deals that keep the order in which each hand was dealt (LO-11; the solo's piles, FT-20.8).

A dealing plan that keeps the order (:class:`~tarotlib.core.dealing.DealerExtraSchedule` with
``keep_order``, :class:`~tarotlib.core.dealing.PileSchedule`) puts each hand in dealing order in the
deal's facts, ``data.order``; a layout given card by card carries it in ``Layout.order``
(``Layout.in_order``). ``state.layout`` — what records store and what a state is rebuilt from —
carries the order too.

>>> from tarotlib.core.cards import parse_cards
>>> from tarotlib.deal import DealState, Game, TrickPlay
>>> from tarotlib.core.decks import Deck
>>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
>>> from tarotlib.core.results import DealResult
>>> from tarotlib.core.tricks import TrickRules
>>> class Kept(Game[DealState]):
...     name, players, deck = "kept", 2, Deck.custom("five", "1S 2S 3S 4S 5S")
...     dealing = DealerExtraSchedule(hand=2, extra=1, keep_order=True)
...     phases = ()
...     def score(self, state):
...         return DealResult((0, 0))
>>> state = Kept().deal_from_order(parse_cards("1S 2S 3S 4S 5S"), dealer=1)
>>> state.layout == Layout.in_order(["1S 3S", "2S 4S 5S"], dealer=1)
True
>>> [card.text for card in dealt_in_order(state, 1)]
['2S', '4S', '5S']
"""

from __future__ import annotations

from tarotlib.core.cards import Card
from tarotlib.deal.state import DealState
from tarotlib.errors import DealError

__all__ = ["dealt_in_order"]


def dealt_in_order(state: DealState, seat: int) -> tuple[Card, ...]:
    """The cards dealt to ``seat``, in dealing order, the last card dealt last (LO-11); raises
    :class:`~tarotlib.errors.DealError` for a deal that does not keep the order.

    >>> import tarotlib
    >>> dealt_in_order(tarotlib.variant("french-tarot").new_deal(seed=1), 0)
    Traceback (most recent call last):
        ...
    tarotlib.errors.DealError: this deal does not keep the order in which the hands were dealt
    """
    order = state.data.order
    if order is None:
        raise DealError("this deal does not keep the order in which the hands were dealt")
    return order[state.check_seat(seat)]
