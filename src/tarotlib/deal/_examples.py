"""Small games for the docstring examples of the deal machine's mechanisms (not public API).

:class:`ExampleGame` runs a phase list — the mechanism an example shows — on a small pack and a
given dealing plan, then (unless told not to) plays the tricks; each seat scores the tricks it won.
Its deals keep the dealing order (``state.layout.order``). :func:`matto_deal` is a deal of one
that plays the fool under an :class:`~tarotlib.deal.fool.ExchangeRule`.

>>> from tarotlib.core.dealing import DealerExtraSchedule
>>> game = ExampleGame("1S 2S 3S 4S 5S", DealerExtraSchedule(hand=2, extra=1), (), players=2)
>>> state = game.new_deal(seed=1)
>>> state.phase, [len(state.hand(seat)) for seat in range(2)]
('play', [3, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarotlib.core.cards import EXCUSE
from tarotlib.core.dealing import Layout, PacketSchedule
from tarotlib.core.decks import Deck
from tarotlib.core.points import tarot_group_values
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal.fool import ExchangeRule
from tarotlib.deal.game import DealPlan, Game
from tarotlib.deal.phase import Phase
from tarotlib.deal.play import TrickPlay
from tarotlib.deal.state import DealState

__all__ = ["ExampleGame", "matto_deal"]

# LO-6.2: follow suit, else trump with any trump; no duty to beat.
_RULES = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)


class ExampleGame(Game[DealState]):
    """``phases`` on the pack ``deck`` dealt by ``dealing`` to ``players`` seats, then the tricks
    (unless ``play`` is false); each seat scores the tricks it won.

    >>> from tarotlib.core.dealing import PileSchedule
    >>> ExampleGame("1S 2S 3S 4S 5S 6S", PileSchedule(1, 2, 1), (), players=2).new_deal(seed=2).phase
    'play'
    """

    name = "example"

    def __init__(
        self,
        deck: str | Deck,
        dealing: DealPlan,
        phases: Sequence[Phase[Any]],
        *,
        players: int = 3,
        play: bool = True,
    ) -> None:
        self.deck = Deck.custom("example", deck) if isinstance(deck, str) else deck
        self.dealing = dealing
        self.players = players
        self.phases = (*phases, TrickPlay(_RULES)) if play else tuple(phases)

    def score(self, state: DealState) -> DealResult:
        """One point per trick won.

        >>> from tarotlib.core.dealing import DealerExtraSchedule
        >>> game = ExampleGame("1S 2S 3S 4S", DealerExtraSchedule(hand=2, extra=0), (), players=2)
        >>> state = game.new_deal(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> sum(state.result.scores)
        2
        """
        won = [0] * self.players
        for trick in state.tricks:
            won[trick.winner] += 1
        return DealResult(tuple(won))


def matto_deal(**options: Any) -> DealState:
    """A deal of two seats, three cards each, whose fool (``EX``) follows
    ``ExchangeRule(EXCUSE, tarot_group_values(), **options)`` (LO-7), after two tricks: seat
    0 won the first (``KS 1S``), then led the fool to the second, which seat 1 won with ``3S``.

    >>> state = matto_deal()   # LO-7.4: seat 0 redeems the fool with his lowest card, 1S
    >>> [[card.text for card in pile] for pile in state.piles()]
    [['KS', 'EX'], ['1S', '3S']]
    """
    rule = ExchangeRule(EXCUSE, tarot_group_values(), **options)
    game = ExampleGame(
        "1S 2S 3S QS KS EX",
        PacketSchedule(packet_size=1, packets_per_player=3, kitty_size=0),
        (TrickPlay(_RULES, fool=rule),),
        players=2,
        play=False,
    )
    state = game.new_deal(layout=Layout.from_text(["KS EX 2S", "1S 3S QS"], dealer=1))
    for text in ("play KS", "play 1S", "play EX", "play 3S"):
        state = state.apply(game.parse_action(text))
    return state
