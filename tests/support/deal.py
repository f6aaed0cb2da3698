"""Shared checks for the tests of the deal machine's dealing mechanisms (``test_deal_*.py``).

The games themselves are defined in each test file; these helpers check any of them step by step:
every card of the pack in exactly one place (a hand, a trick, the kitty, the stock or the discard),
the offered actions applying and every other candidate action rejected with the state unchanged,
and random legal play reaching the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from tarotlib.core.actions import Action, Discard, Expose, Give, Pass, Play, Request, Stop
from tarotlib.core.cards import ALL_CARDS, cards_of, format_cards
from tarotlib.deal import DealState
from tarotlib.errors import IllegalActionError

S = TypeVar("S", bound=DealState)


def places(state: DealState) -> Counter[int]:
    """Every card of the deal where it is now: hands, won piles, the trick in progress, the
    kitty (unless taken), the stock (unless dealt), the discard."""
    n = state.rules.players
    found: Counter[int] = Counter()
    for seat in range(n):
        found.update(int(c) for c in state.hand(seat))
        found.update(int(c) for c in cards_of(state.pile_mask(seat)))
    found.update(int(c) for c in state.current_trick)
    found.update(int(c) for c in cards_of(state.data.kitty))
    found.update(int(c) for c in cards_of(state.data.discard))
    return found


def check_conservation(state: DealState) -> None:
    """Every card of the pack is in exactly one place."""
    found = places(state)
    twice = sorted(c for c, k in found.items() if k > 1)
    assert not twice, f"cards in two places: {format_cards(twice)}"
    pack = {int(c) for c in state.rules.deck.cards}
    assert set(found) == pack, (
        f"missing {format_cards(sorted(pack - set(found)))}, "
        f"strange {format_cards(sorted(set(found) - pack))}"
    )


def snapshot(state: DealState) -> tuple[object, ...]:
    """What a rejected action must leave as it was."""
    n = state.rules.players
    return (
        state.phase,
        state.to_act,
        state.history,
        state.data,
        tuple(state.hand_mask(s) for s in range(n)),
        tuple(state.pile_mask(s) for s in range(n)),
        state.current_trick,
        state.legal_actions(),
    )


def candidates(rng: random.Random, count: int = 6) -> list[Action]:
    """A few actions of every kind the dealing mechanisms use, with random cards."""
    cards = rng.sample(ALL_CARDS, count)
    out: list[Action] = [Stop(), Pass()]
    for c in cards:
        out += [Play.of(c), Discard(c), Expose(c), Request(c), Give(c)]
    return out


def check_step(state: DealState, rng: random.Random) -> None:
    """Every offered action applies; the sampled other actions are rejected (IllegalActionError)
    and leave the state as it was; an action is offered exactly when it applies."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), f"an action is offered twice: {legal}"
    for action in legal:
        state.apply(action)  # does not raise
    before = snapshot(state)
    for action in candidates(rng):
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} is not offered in {state!r} but applies")
        assert snapshot(state) == before, f"rejecting {action} changed the state"
    for action in legal:
        text = action.text
        assert state.rules.parse_action(text) == action, f"{text!r} does not round-trip"


def random_play(state: S, rng: random.Random, *, check: bool = True, limit: int = 2000) -> S:
    """Play uniformly random legal actions to the end, checking every step (``check``)."""
    for _ in range(limit):
        if check:
            check_conservation(state)
            check_step(state, rng)
        if state.is_over:
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"the deal did not end within {limit} actions")


def apply_all(state: S, texts: Iterable[str]) -> S:
    """Apply actions given as text."""
    for text in texts:
        state = state.apply(state.rules.parse_action(text))
    return state
