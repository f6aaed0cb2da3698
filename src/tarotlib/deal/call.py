"""Calling a partner by a card (FT-5; also TO-34 and CH-10).

The caller (the declarer) names a card; its holder becomes the caller's partner. The card may be
one the caller holds, or one in the kitty: then the caller plays alone. Which cards may be called
is the game's rule (``callable``). The partner is known to the machine (``data.partner``) at once,
and to the partner himself; whether the others learn it at once (CH-10.1) or only when the card is
played (FT-5.4) is the game's observation.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=5)
>>> state = rules.new_deal(seed=3)
>>> for text in ("bid garde", "pass", "pass", "pass", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
('call', 1, ['call KS', 'call KH', 'call KD', 'call KC'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

import attrs

from tarotlib.actions import Action, Call
from tarotlib.cards import ALL_CARDS, FULL_MASK, cards_of, parse_card
from tarotlib.deal.data import DealData, evolve
from tarotlib.deal.phase import Parser, Phase
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["CallCard", "holder_of"]

S = TypeVar("S", bound=DealState)

_CALLS = tuple(Call(c) for c in ALL_CARDS)


def holder_of(state: DealState, card: int, *, besides: int = -1) -> int:
    """The seat holding ``card`` now (other than ``besides``), or -1 (in the kitty, the discard,
    or held by ``besides``)."""
    for seat in range(state.rules.players):
        if seat != besides and state._hands >> SEAT_BITS * seat + card & 1:
            return seat
    return -1


def _has_contract(data: DealData) -> bool:
    return data.contract is not None


@attrs.frozen
class CallCard(Phase):
    """The declarer calls a card (FT-5.1). ``callable(state, hand)`` is the mask of the cards he
    may call holding ``hand`` (FT-5.2), and ``reason(state, card)`` says why another card may not
    be called. The holder of the card, if it is not the declarer, becomes ``data.partner``
    (FT-5.3). ``when`` says whether the call happens in a deal (default: once a contract has been
    chosen).
    """

    callable: Callable[[DealState, int], int]
    reason: Callable[[DealState, int], str]
    when: Callable[[DealData], bool] = _has_contract
    expects: str = "a card to call"
    name: str = "call"

    def active(self, data: DealData) -> bool:
        return self.when(data)

    def start(self, state: S) -> S:
        state._to = state._d.declarer
        return state

    def legal(self, state: DealState) -> tuple[Action, ...]:
        hand = state._hands >> SEAT_BITS * state._to & FULL_MASK
        return tuple(_CALLS[c] for c in cards_of(self.callable(state, hand)))

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Call):
            raise state.wrong(action, self.expects)
        card = action.card
        hand = state._hands >> SEAT_BITS * state._to & FULL_MASK
        if not self.callable(state, hand) >> card & 1:
            raise IllegalActionError(self.reason(state, card), action)
        d = state.data
        partner = holder_of(state, card, besides=d.declarer)
        return state.advance(action, data=evolve(d, called=int(card), partner=partner))

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        def call(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("call takes one card, e.g. 'call KS'")
            return Call(parse_card(args[0]))

        return {"call": (call, "call <card>")}
