"""Players for simulations and tests: the :class:`Bot` protocol and :class:`RandomBot`.

A bot is anything with ``choose(state) -> Action`` returning a legal action for the seat to act.

>>> import tarotlib
>>> from tarotlib.bots import Bot, RandomBot
>>> isinstance(RandomBot(1), Bot)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tarotlib.actions import Action
from tarotlib.bots.heuristic import BeloteBot, DuelResult, FrenchTarotBot, HeuristicBot, duel
from tarotlib.bots.random_bot import RandomBot
from tarotlib.engine import GameState

__all__ = [
    "BeloteBot",
    "Bot",
    "DuelResult",
    "FrenchTarotBot",
    "HeuristicBot",
    "RandomBot",
    "duel",
]


@runtime_checkable
class Bot(Protocol):
    """A player: given a state, returns a legal action for ``state.to_act``.

    A bot receives the full (omniscient) state; a fair bot looks only at
    ``state.observation(state.to_act)`` and ``state.legal_actions()``.

    >>> class FirstBot:
    ...     def choose(self, state):
    ...         return state.legal_actions()[0]
    >>> isinstance(FirstBot(), Bot)
    True
    """

    def choose(self, state: GameState) -> Action:
        """The action to apply for the seat to act (one of ``state.legal_actions()``).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> bot: Bot = RandomBot(1)
        >>> bot.choose(state) in state.legal_actions()
        True
        """
        ...
