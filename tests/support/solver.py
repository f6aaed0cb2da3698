"""What the solver's tests share: positions late in the card play of any game, and the plain
minimax the solver is checked against (no pruning, no table: every line played out through
``legal_actions()`` and ``apply()``)."""

from __future__ import annotations

import random
from typing import Any

import tarotlib
from tarotlib.core.actions import Action, Declare
from tarotlib.deal.state import DealState
from tarotlib.registry import variant_info


def tricks_left(state: DealState[Any]) -> int:
    """The number of tricks still to be completed (the trick in progress counts)."""
    return max(state.held(seat).bit_count() for seat in range(state.rules.players))


def in_play(state: DealState[Any]) -> bool:
    """True while the deal is in its card play (the phase before the end)."""
    return not state.is_over and state.phase_index == len(state.rules.phase_list) - 2


def late_position(
    name: str, options: dict[str, Any], seed: int, left: int
) -> DealState[Any] | None:
    """A position of the card play with at most ``left`` tricks to go, reached by random actions
    from deal ``seed`` (declarations included), stopping at a random card of those tricks; None
    when the deal never reaches the play (thrown in, conceded)."""
    rng = random.Random(seed)
    state = tarotlib.variant(name, **options).new_deal(seed=seed)
    stop = rng.randrange(4)
    while not state.is_over:
        if in_play(state) and tricks_left(state) <= left:
            if stop == 0 or tricks_left(state) <= 1:
                return state
            stop -= 1
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return None


def leaf_value(state: DealState[Any], objective: str, side: int) -> float:
    """The side's value of a finished deal, written out independently of the solver."""
    if objective == "score":
        return float(state.result.scores[side])
    hook = variant_info(state.rules.name).card_points
    assert hook is not None
    return float(hook(state)[side])


def moves(state: DealState[Any]) -> list[Action]:
    """The moves the solver searches by default: the legal actions but declarations."""
    return [a for a in state.legal_actions() if not isinstance(a, Declare)]


def maximising(state: DealState[Any], side: int) -> bool:
    """Whether the seat to act plays for ``side``'s side."""
    sides = state.sides or tuple(range(state.rules.players))
    actor = state.to_act
    assert actor is not None
    return sides[actor] == sides[side]


def minimax(state: DealState[Any], objective: str, side: int) -> float:
    """The plain minimax value: every move of every seat tried, the best kept."""
    if state.is_over:
        return leaf_value(state, objective, side)
    values = [minimax(state.apply(a), objective, side) for a in moves(state)]
    return max(values) if maximising(state, side) else min(values)
