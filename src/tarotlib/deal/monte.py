"""Monte: a player proposes annulling the deal, and it is annulled if all the others agree (LO-13).

:class:`MonteRound` runs the procedure of LO-13.2: each player in turn, from the eldest to the
dealer, proposes Monte (``monte``) or declines (``no-monte``); after a proposal the others answer
(``accept`` / ``refuse``) in turn from the proposer's right. If they all accept, the deal is annulled
(no discard, no play: LO-13.3); at the first refusal the proposal fails and the round goes on with
the next player. Proposals and answers are public: they are in the history, and in the deal's facts
(the note ``key``) once the round is over.

>>> from tarotlib.deal._demo import demo_game
>>> rules = demo_game(MonteRound(), players=4)
>>> state = rules.new_deal(seed=1, dealer=0)
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
('monte', 1, ['no-monte', 'monte'])
>>> for text in ("no-monte", "monte", "accept", "accept", "accept"):
...     state = state.apply(rules.parse_action(text))
>>> state.is_over, state.result.annulled
(True, 'Monte: every player agreed to annul the deal')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

import attrs

from tarotlib.core.actions import Action, Answer, Monte
from tarotlib.deal.auctions import bidding_order
from tarotlib.deal.data import DealData, Note, as_note
from tarotlib.deal.decisions import word_parsers
from tarotlib.deal.phase import Parser, Phase, SpaceItem
from tarotlib.deal.state import DealState
from tarotlib.errors import IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["MONTE", "MonteRound"]

S = TypeVar("S", bound=DealState)

_PROPOSALS: Final[tuple[Action, ...]] = (Monte(False), Monte(True))
_ANSWERS: Final[tuple[Action, ...]] = (Answer(False), Answer(True))
_ROUND: Final = tuple.__new__  # builds a _Round without _replace (about ten times cheaper)


class _Round(NamedTuple):
    """The round in progress: the players in speaking order (eldest to dealer), the index of the
    one whose turn it is to propose, the proposer of the pending proposal (-1: none), the accepts
    so far, and the proposals and answers made, ``(seat, action)``."""

    order: tuple[int, ...]
    turn: int = 0
    proposer: int = -1
    accepts: int = 0
    said: tuple[tuple[int, Action], ...] = ()


def _always(data: DealData) -> bool:
    return True


MONTE: Final[Note[tuple[tuple[int, Action], ...]]] = Note("monte", ())
"""The default note of :class:`MonteRound`: ``(seat, action)`` for every proposal and answer."""


def _monte_key(
    key: Note[tuple[tuple[int, Action], ...]] | str,
) -> Note[tuple[tuple[int, Action], ...]]:
    """The Monte note's key (a name: deprecated)."""
    return as_note(key, ())


@attrs.frozen
class MonteRound(Phase[_Round]):
    """The Monte procedure of LO-13.2 (see the module docstring), before the dealer's discard
    (LO-13.1).

    ``enabled`` is the option ``monte`` (``enabled`` / ``disabled``: a disabled round never comes
    up), and ``when`` says whether it comes up in a deal with these facts. When every other player
    accepts a proposal, the deal is annulled with ``annul_reason``: nobody scores, and the game's
    ``counts_toward_match`` decides from that reason that the deal counts (LO-13.3, LO-17.1).
    Otherwise, when the dealer has spoken, the next phase begins. Each player may propose once per
    deal at most (he has one turn). ``(seat, action)`` for every proposal and answer is noted under
    ``key``.

    >>> from tarotlib.deal._demo import demo_game
    >>> rules = demo_game(MonteRound(), players=4)
    >>> state = rules.new_deal(seed=1, dealer=0)
    >>> for text in ("monte", "accept", "refuse", "no-monte", "no-monte", "no-monte"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.is_over, state.result.is_annulled
    (True, False)
    >>> " ".join(f"{seat}:{action.text}" for seat, action in state.data.notes[0][1])
    '1:monte 2:accept 3:refuse 2:no-monte 3:no-monte 0:no-monte'
    """

    enabled: bool = True
    when: Callable[[DealData], bool] = _always
    annul_reason: str = "Monte: every player agreed to annul the deal"
    key: Note[tuple[tuple[int, Action], ...]] = attrs.field(default=MONTE, converter=_monte_key)
    expects: str = "monte or no-monte, or accept or refuse a proposal"
    name: str = "monte"
    help_last: bool = True

    def active(self, data: DealData) -> bool:
        """Whether the round comes up (``enabled`` and ``when``).

        >>> from tarotlib.deal import DealData
        >>> data = DealData(0, None, (), 0, ())
        >>> MonteRound().active(data), MonteRound(enabled=False).active(data)
        (True, False)
        """
        return self.enabled and self.when(data)

    def start(self, state: S) -> S:
        """The eldest speaks first.

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game(MonteRound(), players=4).new_deal(seed=1, dealer=3).to_act
        0
        """
        order = bidding_order(state)
        return state.begin(order[0], _Round(order))

    def decision(self, state: DealState) -> str | None:
        """The Monte in words (LO-13.2): a proposal to annul the deal, which every other player
        must accept.

        >>> from tarotlib.deal._demo import demo_game
        >>> rules = demo_game(MonteRound(), players=4)
        >>> state = rules.new_deal(seed=1)
        >>> print(state.current_phase.decision(state))
        the Monte: propose to annul the deal (monte: all the others must accept) or not (no-monte)
        >>> state = state.apply(rules.parse_action("monte"))
        >>> print(state.current_phase.decision(state))
        the Monte: seat 1 proposes to annul the deal; accept or refuse (one refusal keeps it)
        """
        proposer = self.local(state).proposer
        if proposer < 0:
            return (
                "the Monte: propose to annul the deal (monte: all the others must accept) or not "
                "(no-monte)"
            )
        return (
            f"the Monte: seat {proposer} proposes to annul the deal; accept or refuse (one "
            "refusal keeps it)"
        )

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return (*_PROPOSALS, *_ANSWERS)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """``no-monte`` and ``monte`` on a player's turn to propose, ``refuse`` and ``accept``
        when answering a proposal.

        >>> from tarotlib.deal._demo import demo_game
        >>> rules = demo_game(MonteRound(), players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("monte"))
        >>> state.to_act, [a.text for a in state.legal_actions()]
        (2, ['refuse', 'accept'])
        """
        return _PROPOSALS if self.local(state).proposer < 0 else _ANSWERS

    def apply(self, state: S, action: Action) -> S:
        """Apply a proposal, a refusal to propose, or an answer (LO-13.2).

        >>> from tarotlib.deal._demo import demo_game
        >>> rules = demo_game(MonteRound(), players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("monte"))
        >>> state.apply(rules.parse_action("no-monte"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: no-monte: seat 1 has proposed Monte: accept or refuse
        >>> state = state.apply(rules.parse_action("accept")).apply(rules.parse_action("refuse"))
        >>> state.to_act, [a.text for a in state.legal_actions()]   # seat 2's turn to propose
        (2, ['no-monte', 'monte'])
        """
        order, turn, proposer, accepts, said = self.local(state)
        seat = state.actor
        if isinstance(action, Monte):
            if proposer >= 0:
                raise IllegalActionError(
                    f"seat {proposer} has proposed Monte: accept or refuse", action
                )
            said = (*said, (seat, action))
            if action.propose:  # the others answer in turn from the proposer's right
                nxt = order[(order.index(seat) + 1) % len(order)]
                return state.step(action, nxt, _ROUND(_Round, (order, turn, seat, accepts, said)))
            return self._next_turn(state, action, order, turn, said)
        if isinstance(action, Answer):
            if proposer < 0:
                raise IllegalActionError(
                    "nobody has proposed Monte: propose it (monte) or decline (no-monte)", action
                )
            said = (*said, (seat, action))
            if not action.accept:  # the first refusal: the proposal fails
                return self._next_turn(state, action, order, turn, said)
            accepts += 1
            if accepts == len(order) - 1:  # LO-13.3: all the others agreed
                data = state.data.noted(self.key, said)
                return state.finish(action, annulled=self.annul_reason, data=data)
            nxt = order[(order.index(seat) + 1) % len(order)]
            return state.step(action, nxt, _ROUND(_Round, (order, turn, proposer, accepts, said)))
        raise state.wrong(action, self.expects)

    def _next_turn(
        self,
        state: S,
        action: Action,
        order: tuple[int, ...],
        turn: int,
        said: tuple[tuple[int, Action], ...],
    ) -> S:
        """The next player's turn to propose, or the next phase after the dealer's."""
        turn += 1
        if turn < len(order):
            return state.step(action, order[turn], _ROUND(_Round, (order, turn, -1, 0, said)))
        return state.advance(action, data=state.data.noted(self.key, said))

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``monte``, ``no-monte``, ``accept`` and ``refuse``.

        >>> from tarotlib.deal._demo import demo_game
        >>> sorted(MonteRound().parsers(demo_game(MonteRound())))
        ['accept', 'monte', 'no-monte', 'refuse']
        """
        return word_parsers((*_PROPOSALS, *_ANSWERS))
