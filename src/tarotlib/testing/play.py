"""Random legal play, for tests and for examples: :func:`random_play` plays random legal actions
to the end of a deal (with a seed, a :class:`random.Random` or a Hypothesis chooser), and
:func:`single_bid_auctions` is a play policy that keeps random auctions short.

Plain Python: this module needs nothing but tarotlib (Hypothesis only when a Hypothesis chooser is
passed). :mod:`tarotlib.testing.strategies` builds its states with it.

>>> import tarotlib
>>> from tarotlib.testing.play import random_play
>>> end, actions = random_play(tarotlib.variant("belote").new_deal(seed=2), 7)
>>> end.is_over, len(actions) == len(end.history)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from tarotlib.core.actions import Action, Bid, Pass
from tarotlib.deal import DealState

if TYPE_CHECKING:
    from hypothesis import strategies as st

__all__ = ["Candidates", "Chooser", "random_play", "single_bid_auctions"]

Chooser: TypeAlias = "st.DataObject | random.Random | int | Callable[[st.SearchStrategy[int]], int]"
"""How :func:`random_play` picks actions: a Hypothesis ``data`` object (from ``st.data()``), the
``draw`` function of a ``@st.composite`` strategy, a :class:`random.Random`, or an integer seed."""

Candidates: TypeAlias = Callable[[DealState], Sequence[Action]]
"""A play policy for :func:`random_play`: the actions to choose among at a state (a non-empty
subset of its legal actions)."""


def _picker(chooser: Chooser) -> Callable[[int], int]:
    """A function ``k -> index in range(k)`` for the chooser."""
    if isinstance(chooser, random.Random):
        return chooser.randrange
    if isinstance(chooser, int):
        return random.Random(chooser).randrange
    # A Hypothesis chooser: Hypothesis is imported only here (it is installed, since the chooser
    # came from it), so that random play with a seed needs nothing but tarotlib.
    from hypothesis import strategies as st

    if isinstance(chooser, st.DataObject):
        data = chooser
        return lambda k: data.draw(st.integers(0, k - 1))
    draw = chooser
    return lambda k: draw(st.integers(0, k - 1))


def single_bid_auctions(state: DealState) -> tuple[Action, ...]:
    """A :data:`Candidates` policy: once someone has bid in an auction, everyone else passes.

    Uniform random play makes auctions escalate (each bid must be higher), so most random deals
    end in the highest contract; with this policy the first bidder's contract is uniform. Outside
    an auction (a phase named ``auction`` with :class:`~tarotlib.core.actions.Bid` and
    :class:`~tarotlib.core.actions.Pass` actions) every legal action is a candidate.

    >>> import tarotlib
    >>> st = tarotlib.variant("french-tarot").new_deal(seed=7)
    >>> [a.text for a in single_bid_auctions(st.apply(st.legal_actions()[1]))]
    ['pass']
    """
    legal = state.legal_actions()
    if state.phase == "auction" and any(isinstance(a, Bid) for a in state.history):
        passes = tuple(a for a in legal if isinstance(a, Pass))
        return passes or legal
    return legal


def random_play(
    state: DealState,
    chooser: Chooser,
    *,
    steps: int | None = None,
    max_actions: int = 10_000,
    on_step: Callable[[DealState], object] | None = None,
    candidates: Candidates | None = None,
) -> tuple[DealState, tuple[Action, ...]]:
    """Play random legal actions from ``state`` until the deal is over (or ``steps`` actions were
    played); return the state reached and the actions played. ``on_step`` is called on every
    state reached, the first one included (pass an invariant checker such as
    :func:`~tarotlib.testing.invariants.check_state`). ``candidates`` narrows the choice at each
    state (a policy such as :func:`single_bid_auctions`; default: all legal actions). Raises
    ``AssertionError`` if the deal lasts more than ``max_actions`` actions.

    With a Hypothesis chooser each action is drawn as an index into the candidates, so a failing
    game shrinks towards playing the first legal action.

    >>> import tarotlib
    >>> start = tarotlib.variant("french-tarot").new_deal(seed=1)
    >>> end, actions = random_play(start, 42)
    >>> end.is_over, end.history == actions
    (True, True)
    >>> random_play(start, 42)[1] == actions       # same chooser seed, same game
    True
    """
    pick = _picker(chooser)
    played: list[Action] = []
    if on_step is not None:
        on_step(state)
    while not state.is_over and (steps is None or len(played) < steps):
        if len(played) >= max_actions:
            raise AssertionError(f"the deal did not end within {max_actions} actions")
        actions = state.legal_actions() if candidates is None else candidates(state)
        if not actions:
            raise AssertionError(f"phase {state.phase}: no legal action before the end")
        action = actions[pick(len(actions))]
        state = state.apply(action)
        played.append(action)
        if on_step is not None:
            on_step(state)
    return state, tuple(played)
