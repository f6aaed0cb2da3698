"""Small games for the docstring examples of the deal machine's mechanisms (not public API).

:class:`ExampleGame` runs a phase list — the mechanism an example shows — on a small pack and a
given dealing plan, then (unless told not to) plays the tricks; each seat scores the tricks it won.
Its deals keep the dealing order (``state.layout.order``).

>>> from tarotlib.dealing import DealerExtraSchedule
>>> game = ExampleGame("1S 2S 3S 4S 5S", DealerExtraSchedule(hand=2, extra=1), (), players=2)
>>> state = game.new_deal(seed=1)
>>> state.phase, [len(state.hand(seat)) for seat in range(2)]
('play', [3, 2])
"""

from __future__ import annotations

from collections.abc import Sequence

from tarotlib.deal.game import DealPlan, Game
from tarotlib.deal.phase import Phase
from tarotlib.deal.play import TrickPlay
from tarotlib.deal.state import DealState
from tarotlib.decks import Deck
from tarotlib.engine import DealResult
from tarotlib.tricks import Overtrump, TrickRules

__all__ = ["ExampleGame"]

# LO-6.2: follow suit, else trump with any trump; no duty to beat.
_RULES = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)


class ExampleGame(Game[DealState]):
    """``phases`` on the pack ``deck`` dealt by ``dealing`` to ``players`` seats, then the tricks
    (unless ``play`` is false); each seat scores the tricks it won.

    >>> from tarotlib.dealing import PileSchedule
    >>> ExampleGame("1S 2S 3S 4S 5S 6S", PileSchedule(1, 2, 1), (), players=2).new_deal(seed=2).phase
    'play'
    """

    name = "example"

    def __init__(
        self,
        deck: str | Deck,
        dealing: DealPlan,
        phases: Sequence[Phase],
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

        >>> from tarotlib.dealing import DealerExtraSchedule
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
