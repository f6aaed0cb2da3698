"""Discarding: the taker's écart (FT-6) and the dealer's discard (LO-8, TO-4, CH-7).

One seat puts a number of cards aside, one card at a time, under a
:class:`~tarotlib.exchange.DiscardRule` (cards never discarded, cards discarded only when
unavoidable). With ``take_kitty`` the kitty first joins that seat's hand (FT-6.1). The cards put
aside are ``data.discard``; who owns them at the count, and which of them are shown, is the game's.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=8)
>>> for text in ("pass", "bid garde", "pass", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, state.to_act, len(state.hand(2))
('discard', 2, 24)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from tarotlib._bits import mask_decoder
from tarotlib.actions import Action, Discard
from tarotlib.cards import ALL_CARDS, FULL_MASK, parse_card
from tarotlib.deal.data import DealData, evolve
from tarotlib.deal.phase import Parser, Phase
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.exchange import DiscardRule

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["DiscardCards", "dealer", "declarer"]

S = TypeVar("S", bound=DealState)

_DISCARDS: Final = tuple(Discard(c) for c in ALL_CARDS)
_DECODE: Final = mask_decoder(_DISCARDS)


def declarer(state: DealState) -> int:
    """The declarer (the taker)."""
    return state.data.declarer


def dealer(state: DealState) -> int:
    """The dealer."""
    return state.data.dealer


def _always(data: DealData) -> bool:
    return True


@attrs.frozen
class DiscardCards(Phase):
    """Seat ``who(state)`` discards ``count`` cards one at a time under ``rule`` (FT-6.2, LO-8.2,
    CH-7.2), after taking the kitty into his hand when ``take_kitty`` (FT-6.1). ``when`` says
    whether the discard happens in a deal (FT-6.1: Prise and Garde only).
    """

    rule: DiscardRule
    count: int
    who: Callable[[DealState], int] = declarer
    take_kitty: bool = False
    when: Callable[[DealData], bool] = _always
    expects: str = "a card to discard"
    name: str = "discard"

    def active(self, data: DealData) -> bool:
        return self.when(data)

    def start(self, state: S) -> S:
        seat = self.who(state)
        if self.take_kitty:
            state._hands |= state._d.kitty << SEAT_BITS * seat
        state._to = seat
        state._x = self.count
        return state

    def legal(self, state: DealState) -> tuple[Action, ...]:
        hand = state._hands >> SEAT_BITS * state._to & FULL_MASK
        return _DECODE(self.rule.legal(hand, state._x))  # type: ignore[arg-type]

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Discard):
            raise state.wrong(action, self.expects)
        seat = state._to
        left: int = state._x  # type: ignore[assignment]
        hand = state._hands >> SEAT_BITS * seat & FULL_MASK
        reason = self.rule.explain(hand, left, action.card)
        if reason is not None:
            raise IllegalActionError(reason, action)
        bit = 1 << action.card
        hands = state._hands ^ bit << SEAT_BITS * seat
        d = state.data
        data = evolve(d, discard=d.discard | bit)
        if left > 1:
            return state.proceed(action, to_act=seat, local=left - 1, data=data, hands=hands)
        return state.advance(action, data=data, hands=hands)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        def discard(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("discard takes one card, e.g. 'discard 3H'")
            return Discard(parse_card(args[0]))

        return {"discard": (discard, "discard <card>")}
