"""Players for simulations and tests: the :class:`Bot` protocol, :class:`RandomBot`,
:class:`HeuristicBot` (which plays each registered game with the heuristic player the game
registers, :mod:`tarotlib.bots.heuristic`), :class:`SearchBot` (every decision weighed in worlds
drawn from what its seat knows, :mod:`tarotlib.bots.search`), and :func:`duel` to measure one bot
against another.

A bot is anything with ``choose(state) -> Action`` returning a legal action for the seat to act.

>>> import tarotlib
>>> from tarotlib.bots import Bot, RandomBot
>>> isinstance(RandomBot(1), Bot)
True

The games' own players moved to their packages (French Tarot's ``FrenchTarotBot`` to
:mod:`tarotlib.variants.french_tarot.bot`, Belote's ``BeloteBot`` to
:mod:`tarotlib.variants.belote.bot`); importing them from here still works, with a
``DeprecationWarning``.
"""

from __future__ import annotations

import warnings
from typing import Any, Protocol, runtime_checkable

from tarotlib.bots.heuristic import DuelResult, HeuristicBot, duel
from tarotlib.bots.random_bot import RandomBot
from tarotlib.bots.search import MediumSearchBot, SearchBot, StrongSearchBot
from tarotlib.core.actions import Action
from tarotlib.deal import DealState

__all__ = [
    "Bot",
    "DuelResult",
    "HeuristicBot",
    "MediumSearchBot",
    "RandomBot",
    "SearchBot",
    "StrongSearchBot",
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

    def choose(self, state: DealState) -> Action:
        """The action to apply for the seat to act (one of ``state.legal_actions()``).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> bot: Bot = RandomBot(1)
        >>> bot.choose(state) in state.legal_actions()
        True
        """
        ...


_WARNED: set[str] = set()


def __getattr__(name: str) -> Any:
    """A name that moved into a game's package (a game's bot), found through the registry (with a
    ``DeprecationWarning``, once per name)."""
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from tarotlib.registry import hook_attribute

    try:
        value = hook_attribute("bot", name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    if name not in _WARNED:
        _WARNED.add(name)
        warnings.warn(
            f"{__name__}.{name} moved to {value.__module__}.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
    return value
