"""Phases where one player makes a choice, or where the deal is checked before anything is said.

- :class:`Decision` — one seat chooses among a few actions (the taker's slam announcement, FT-7;
  a concession, TO-7), and the choice is noted in the deal's facts;
- :class:`HandCheck` — the dealt hands are checked for a condition that annuls the deal or lets
  its holder ask for a redeal (the petit sec, FT-3.4).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=8)
>>> for text in ("pass", "pass", "bid garde-sans", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, [a.text for a in state.legal_actions()]
('slam', ['no-slam', 'slam'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

import attrs

from tarotlib.actions import Action, Redeal
from tarotlib.deal.data import DealData, evolve, with_note
from tarotlib.deal.phase import Parser, Phase
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["Decision", "HandCheck", "declarer"]

S = TypeVar("S", bound=DealState)


def declarer(state: DealState) -> int:
    """The declarer's seat."""
    return state.data.declarer


def has_contract(data: DealData) -> bool:
    """True once a contract has been chosen."""
    return data.contract is not None


def _word_parsers(choices: tuple[Action, ...]) -> dict[str, tuple[Parser, str]]:
    out: dict[str, tuple[Parser, str]] = {}
    for action in choices:
        text = action.text

        def parse(args: list[str], action: Action = action, text: str = text) -> Action:
            if args:
                raise ActionParseError(f"{text} takes nothing after it")
            return action

        out[text] = (parse, text)
    return out


@attrs.frozen
class Decision(Phase):
    """Seat ``who(state)`` chooses one of ``choices``; the choice is noted under ``key`` in the
    deal's facts (``data.notes``), then the next phase begins. ``when`` says whether the decision
    comes up in a deal (default: once a contract has been chosen).

    >>> import tarotlib
    >>> from tarotlib.actions import Slam
    >>> slam = tarotlib.variant("french-tarot").phase_list[4]
    >>> slam.name, slam.key, slam.choices == (Slam(False), Slam(True))
    ('slam', 'slam', True)
    """

    name: str
    key: str
    choices: tuple[Action, ...]
    value: Callable[[Action], object] = lambda action: action
    who: Callable[[DealState], int] = declarer
    when: Callable[[DealData], bool] = has_contract
    expects: str = "a choice"

    def active(self, data: DealData) -> bool:
        return self.when(data)

    def start(self, state: S) -> S:
        state._to = self.who(state)
        return state

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return self.choices

    def apply(self, state: S, action: Action) -> S:
        for choice in self.choices:
            if action == choice and type(action) is type(choice):
                break
        else:
            raise state.wrong(action, self.expects)
        d = state.data
        data = evolve(d, notes=with_note(d.notes, self.key, self.value(action)))
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return _word_parsers(self.choices)


_REDEAL = (Redeal(True), Redeal(False))


@attrs.frozen
class HandCheck(Phase):
    """Check the dealt hands, in seat order, for ``condition`` (FT-3.4: the petit sec). The first
    seat found is noted under ``key``; then, if ``optional``, that seat chooses ``redeal`` (the
    deal is annulled) or ``keep``; otherwise the deal is annulled at once. The reason given is
    ``"{reason} (seat N)"``. ``seats`` restricts the hands checked (the solo: the player's only).
    """

    condition: Callable[[int], bool]
    reason: str
    optional: bool = False
    key: str = "hand_check"
    seats: Callable[[DealState], tuple[int, ...]] | None = None
    name: str = "hand-check"
    expects: str = "redeal or keep"
    help_last: bool = True

    def start(self, state: S) -> S:
        d = state.data
        seats = range(state.rules.players) if self.seats is None else self.seats(state)
        for seat in seats:
            if self.condition(d.dealt[seat]):
                state._d = evolve(d, notes=with_note(d.notes, self.key, seat))
                if not self.optional:
                    return state._end(f"{self.reason} (seat {seat})")
                state._to = seat
                return state
        return state._enter(state._i + 1)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return _REDEAL

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Redeal):
            raise state.wrong(action, self.expects)
        if action.redeal:
            return state.finish(action, annulled=f"{self.reason} (seat {state._to}), redeal chosen")
        return state.advance(action)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return _word_parsers(_REDEAL)
