"""A bot that plays uniformly at random among the legal actions.

>>> import tarotlib
>>> from tarotlib.bots import RandomBot
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=3)
>>> bot = RandomBot(seed=1)
>>> while not state.is_over:
...     state = state.apply(bot.choose(state))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import secrets

from tarotlib.core.actions import Action
from tarotlib.core.rng import splitmix64
from tarotlib.deal import DealState

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``state.legal_actions()`` with its own SplitMix64 generator
    (:mod:`tarotlib.core.rng`), so a seeded bot makes the same choices on every Python version.

    Two bots built with the same seed make the same choices when shown the same states (the bot
    is stateful: each choice advances its generator). ``seed=None`` seeds from the system.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot").new_deal(seed=1)
    >>> RandomBot(7).choose(state) == RandomBot(7).choose(state)
    True
    >>> RandomBot(7).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_state", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._state = (secrets.randbits(64) if seed is None else seed) & (2**64 - 1)

    def choose(self, state: DealState) -> Action:
        """A legal action of the seat to act, chosen uniformly at random.

        Raises ``ValueError`` when the deal is over (no legal action).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=2)
        >>> RandomBot(0).choose(state).text in {a.text for a in state.legal_actions()}
        True
        """
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose: the deal is over")
        self._state, word = splitmix64(self._state)
        return actions[(word * len(actions)) >> 64]  # uniform to within len/2**64

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
