"""Phases: the steps a deal goes through, each a small mechanism with parameters.

A game lists its phases (``Game.phases``); the deal state asks the current one for the legal
actions (:meth:`Phase.legal`) and to apply an action (:meth:`Phase.apply`). A phase builds the next
state with :meth:`~tarotlib.deal.state.DealState.proceed` (same phase),
:meth:`~tarotlib.deal.state.DealState.advance` (next phase) or
:meth:`~tarotlib.deal.state.DealState.finish` (the deal ends). When the machine reaches a phase it
skips it if :meth:`Phase.active` is false for the deal's facts, and otherwise calls
:meth:`Phase.start`, which sets up the phase (the seat to act, the phase's own data). Phases know
nothing of game names: everything a game decides is a parameter.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=5)
>>> [phase.name for phase in rules.phase_list]  # "call" is skipped with 3 or 4 players
['petit-sec', 'auction', 'call', 'discard', 'slam', 'play', 'over']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

from tarotlib.actions import Action
from tarotlib.errors import IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.data import DealData
    from tarotlib.deal.game import Game
    from tarotlib.deal.state import DealState

__all__ = ["Over", "Parser", "Phase"]

S = TypeVar("S", bound="DealState")

Parser = Callable[[list[str]], "Action | None"]
"""Turns the words after a verb (``["KH"]`` in ``play KH``) into an action; returns None when the
words are not its form (another phase's parser of the same verb is tried), raises
:class:`~tarotlib.errors.ActionParseError` or :class:`~tarotlib.errors.CardParseError` when they
are its form but wrong."""


class Phase:
    """Base class of the phases (see the module docstring).

    Subclasses set :attr:`name` and :attr:`expects`, and override :meth:`start` (set up the
    phase), :meth:`legal` and :meth:`apply`; :meth:`active` (default: always) says whether the phase
    happens in this deal; :meth:`parsers` gives the text forms of its actions.

    A phase in which each seat in turn passes once:

    >>> from tarotlib.actions import Pass
    >>> from tarotlib.deal._demo import demo_game
    >>> class Knock(Phase):
    ...     name, expects = "knock", "pass"
    ...     def start(self, state):
    ...         return state.proceed(None, to_act=0)
    ...     def legal(self, state):
    ...         return (Pass(),)
    ...     def apply(self, state, action):
    ...         if action != Pass():
    ...             raise state.wrong(action, self.expects)
    ...         if state.to_act == state.rules.players - 1:
    ...             return state.advance(action)   # the next phase: over
    ...         return state.proceed(action, to_act=state.to_act + 1)
    >>> state = demo_game(Knock(), players=3).new_deal(seed=1)
    >>> state.phase, state.to_act
    ('knock', 0)
    >>> for _ in range(3):
    ...     state = state.apply(Pass())
    >>> state.phase, state.is_over, len(state.history)
    ('over', True, 3)
    """

    name: str = "phase"
    """The phase's name, as ``state.phase`` reports it."""
    expects: str = "an action"
    """What the phase expects, for ``phase NAME expects ...`` when another kind of action comes."""
    help_last: bool = False
    """List this phase's action forms after the others' in parse errors (a phase that rarely
    happens)."""

    def active(self, data: DealData) -> bool:
        """Whether the phase happens in a deal with these facts (else it is skipped).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> call = rules.phase_list[2]
        >>> call.name, call.active(rules.new_deal(seed=1).data)   # only with 5 players (FT-5)
        ('call', False)
        """
        return True

    def start(self, state: S) -> S:
        """Set up the phase: return ``state`` with the seat to act and the phase's data set (with
        ``state.proceed(None, to_act=...)``), or move on (``state.advance(None)``) or end the deal
        (``state.finish(None, ...)``). ``state`` is new and held by nobody else: the core phases
        set it up in place (its slots), which a phase may do too.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1, dealer=3)
        >>> state.phase, state.to_act   # the auction started with the seat after the dealer
        ('auction', 0)
        """
        return state.advance(None)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (what
        ``state.legal_actions()`` returns).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> [a.text for a in state.rules.phase_list[0].legal(state)]
        ['pass', 'bid spades']
        """
        return ()

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action`` (what ``state.apply(action)`` returns); raises
        :class:`~tarotlib.errors.IllegalActionError` saying why an action is illegal (``state``
        is unchanged).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid garde"))
        >>> state.rules.phase_list[1].apply(state, rules.parse_action("bid prise"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: bid prise: bid must beat Garde
        """
        raise state.wrong(action, self.expects)

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        """The auction's calls so far (``state.calls``): the deal's facts, to which an auction in
        progress adds the calls it keeps in its own data.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("pass"))
        >>> state.rules.phase_list[1].calls(state)
        ((1, None),)
        """
        return state._d.calls

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """The verbs this phase's actions are written with in ``game``: ``verb -> (parser,
        help)``.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot")
        >>> parse, help_text = rules.phase_list[1].parsers(rules)["bid"]
        >>> parse(["garde"]).text, help_text
        ('bid garde', 'bid <contract>')
        """
        return {}

    def reject(self, reason: str, action: Action) -> IllegalActionError:
        """An :class:`~tarotlib.errors.IllegalActionError` for ``action`` with ``reason``.

        >>> from tarotlib.actions import Pass
        >>> str(Phase().reject("not now", Pass()))
        'pass: not now'
        """
        return IllegalActionError(reason, action)


class Over(Phase):
    """The end of every deal: nothing is legal any more. Entered after the last phase, it scores
    the deal with the game's scoring (``Game.score``).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> state = rules.new_deal(seed=1)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> state.phase, state.legal_actions(), state.to_act
    ('over', (), None)
    """

    name = "over"

    def start(self, state: S) -> S:
        return state._end()

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Action):
            raise state.wrong(action, "nothing")
        raise IllegalActionError("the deal is over", action)
