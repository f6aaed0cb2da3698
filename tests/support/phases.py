"""Helpers for the tests of the deal machine's phases (tests/deal/test_deal_*.py).

:func:`check_phase_state` checks one state of a phase: every offered action applies and its text
parses back to it, and every other action of the phase's kinds is rejected with a reason, leaving
the state unchanged. :func:`drive` plays random legal actions through some phases, checking each
state on the way. :class:`Words` is a contract enum base with the text forms the auctions use;
:class:`Said` a one-line score breakdown; :func:`rig` moves cards into a hand; :func:`play` and
:func:`finish` apply actions written as text, or random ones to the end.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Collection, Iterable

import attrs

from tarotlib.core.actions import Action
from tarotlib.core.dealing import Layout, PacketSchedule
from tarotlib.deal import DealState
from tarotlib.testing import check_legal_actions, check_rejects, check_terminates

SCHEDULES = {
    3: PacketSchedule(3, 8, 6),
    4: PacketSchedule(3, 6, 6),
    5: PacketSchedule(3, 5, 3),
    7: PacketSchedule(11, 1, 1),
}
"""A way to deal the 78 cards to 3, 4, 5 or 7 players (the rest to the kitty)."""


@attrs.frozen
class Said:
    """A one-line breakdown of a test game's score."""

    text: str

    def lines(self) -> tuple[str, ...]:
        return (self.text,)


class Words(enum.IntEnum):
    """Contracts written in lower case (``bid una``), read back by :meth:`parse`."""

    @property
    def token(self) -> str:
        return self.name.lower().replace("_", "-")

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")

    @classmethod
    def parse(cls, text: str) -> Words:
        try:
            return cls[text.strip().upper().replace("-", "_")]
        except KeyError:
            raise ValueError(f"unknown contract {text!r}") from None


def check_phase_state(state: DealState, universe: Iterable[Action]) -> None:
    """Every legal action applies (and round-trips through ``parse_action``); every action of
    ``universe`` that is not legal is rejected with a reason and the state unchanged."""
    check_legal_actions(state)
    legal = state.legal_actions()
    for action in legal:
        assert state.rules.parse_action(action.text) == action, action.text
    for action in universe:
        if action not in legal:
            check_rejects(state, action)


def drive(
    state: DealState,
    rng: random.Random,
    phases: Collection[str],
    universe: Callable[[DealState], Iterable[Action]],
    max_actions: int = 500,
    *,
    passing: float = 0.0,
) -> DealState:
    """Random legal actions while the deal is in one of ``phases``, each state checked with
    :func:`check_phase_state`; the phases must be left within ``max_actions`` actions. With
    ``passing`` the first legal action (a pass, in the auctions) is chosen with that probability."""
    for _ in range(max_actions):
        if state.is_over or state.phase not in phases:
            return state
        check_phase_state(state, universe(state))
        legal = state.legal_actions()
        state = state.apply(legal[0] if rng.random() < passing else rng.choice(legal))
    raise AssertionError(f"still in phase {state.phase} after {max_actions} actions")


def finish(state: DealState, rng: random.Random | int = 0) -> DealState:
    """``state`` played to the end with random legal actions (``check_terminates``)."""
    final = check_terminates(state, 500, rng)
    assert isinstance(final, DealState)
    return final


def play(state: DealState, *texts: str) -> DealState:
    """``state`` after the actions written ``texts``."""
    for text in texts:
        state = state.apply(state.rules.parse_action(text))
    return state


def rig(layout: Layout, wanted: dict[int, Iterable[int]]) -> Layout:
    """``layout`` with the cards of ``wanted[seat]`` moved into that seat's hand (each swapped with
    a card of the hand that is not wanted, from the hand or the kitty it came from)."""
    hands: list[list[int]] = [list(h) for h in layout.hands]
    kitty: list[int] = list(layout.kitty)
    keep = {c for cards in wanted.values() for c in cards}
    for seat, cards in wanted.items():
        for card in cards:
            if card in hands[seat]:
                continue
            spare = next(c for c in hands[seat] if c not in keep)
            source = next((h for h in hands if card in h), kitty)
            source[source.index(card)] = spare
            hands[seat][hands[seat].index(spare)] = card
    return Layout(tuple(tuple(sorted(h)) for h in hands), tuple(sorted(kitty)), layout.dealer)
