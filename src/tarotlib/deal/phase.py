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
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar, cast

import attrs

from tarotlib.core.actions import Action, Declare
from tarotlib.core.cards import ALL_CARDS
from tarotlib.errors import IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.data import DealData
    from tarotlib.deal.game import Game
    from tarotlib.deal.state import DealState

__all__ = ["CardChoice", "CardChooser", "Over", "Parser", "Phase", "SpaceItem", "card_actions"]

S = TypeVar("S", bound="DealState[Any]")
X = TypeVar("X")
"""The type of a phase's own data (:meth:`Phase.local`)."""

Parser = Callable[[list[str]], "Action | None"]
"""Turns the words after a verb (``["KH"]`` in ``play KH``) into an action; returns None when the
words are not its form (another phase's parser of the same verb is tried), raises
:class:`~tarotlib.errors.ActionParseError` or :class:`~tarotlib.errors.CardParseError` when they
are its form but wrong."""


@attrs.frozen
class CardChoice:
    """A set-valued action (a :class:`~tarotlib.core.actions.Declare` that shows cards, such as a
    poignée) as action codecs see it (:mod:`tarotlib.ai.codec`): ``head`` (the declaration of its
    kind with no card) starts it, then its cards are chosen one at a time, highest index first,
    among ``cards``. ``choose(state, chosen)`` returns the mask of the cards that may come next
    (each lower than every card in ``chosen``, and each leaving a legal completion) and, when
    ``chosen`` is complete, the full action (else None). So every legal declaration is exactly
    one sequence of choices.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot")
    >>> choice = rules.phase_list[-2].offers[0].action_space(rules)[0]
    >>> choice.head.text, choice.cards.bit_count()   # the 21 trumps and the Excuse
    ('declare simple-poignee', 22)
    """

    head: Declare
    cards: int
    choose: Callable[[DealState, tuple[int, ...]], tuple[int, Action | None]] = attrs.field(
        eq=False, repr=False
    )


CardChooser: TypeAlias = Callable[[int, int, tuple[int, ...]], int]
"""Chooses a card for :meth:`Phase.play_cards`: ``choose(seat, legal, trick)`` is given the seat
whose card is played, the mask of its legal cards (bit *i*: the card of index *i*) and the cards of
the trick in progress in play order (card indices), and returns the index of one legal card."""

SpaceItem: TypeAlias = "Action | CardChoice"
"""An entry of :meth:`Phase.action_space`: an action, or a set-valued action chosen card by card."""


def card_actions(kind: Callable[..., Action], game: Game[DealState]) -> tuple[Action, ...]:
    """``kind(card)`` for every card of ``game``'s pack, in card order, written in the game's
    notation (for :meth:`Phase.action_space`).

    >>> import tarotlib
    >>> from tarotlib.core.actions import Play
    >>> [a.text for a in card_actions(Play, tarotlib.variant("belote"))][:3]
    ['play AS', 'play 7S', 'play 8S']
    """
    notation = game.notation
    return tuple(kind(ALL_CARDS[c], notation=notation) for c in sorted(game.deck.cards))


class Phase(Generic[X]):
    """Base class of the phases (see the module docstring), generic in the type ``X`` of the
    phase's own data (what :meth:`start` gives :meth:`DealState.begin
    <tarotlib.deal.state.DealState.begin>` and :meth:`local` reads back; ``None`` for a phase
    without any).

    Subclasses set :attr:`name` and :attr:`expects`, and override :meth:`start` (set up the
    phase), :meth:`legal` and :meth:`apply`; :meth:`active` (default: always) says whether the phase
    happens in this deal; :meth:`parsers` gives the text forms of its actions.

    A phase in which each seat in turn passes once:

    >>> from tarotlib.core.actions import Pass
    >>> from tarotlib.deal._demo import demo_game
    >>> class Knock(Phase[None]):
    ...     name, expects = "knock", "pass"
    ...     def start(self, state):
    ...         return state.begin(0)
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
    secret_verbs: ClassVar[frozenset[str]] = frozenset()
    """The verbs of this phase's actions whose card only the acting seat sees (a discard, a card
    given face down): what other seats' observation tensors leave out
    (:mod:`tarotlib.ai.tensors`)."""

    def active(self, data: DealData) -> bool:
        """Whether the phase happens in a deal with these facts (else it is skipped).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> call = rules.phase_list[2]
        >>> call.name, call.active(rules.new_deal(seed=1).data)   # only with 5 players (FT-5)
        ('call', False)
        """
        return True

    def decision(self, state: DealState) -> str | None:
        """What the seat to act decides now, in words for a person (a terminal, an app's prompt),
        from public facts only; None when the actions say it all (the default).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.current_phase.decision(state) is None
        True
        """
        return None

    def local(self, state: DealState) -> X:
        """This phase's own data in ``state``, of which it is the current phase (what
        :meth:`start` gave :meth:`DealState.begin <tarotlib.deal.state.DealState.begin>`, or
        a later step its ``local``).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.current_phase.local(state).first   # the auction's: who spoke first
        1
        """
        # The one place a phase's data is read as its type: what start() and the phase's own
        # steps stored there is an X (typing.cast would cost a call on every action).
        return state.local  # type: ignore[return-value]  # stored as X by this phase

    def local_in(self, state: DealState) -> X | None:
        """This phase's own data when it is ``state``'s current phase, else None.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1)
        >>> auction, play = rules.phase_list[1], rules.phase_list[-2]
        >>> auction.local_in(state).first, play.local_in(state)
        (1, None)
        """
        return cast(X, state.local) if state.current_phase is self else None

    def start(self, state: S) -> S:
        """Set up the phase: return ``state.begin(seat, local)`` (the seat to act first and the
        phase's own data), or move on (``state.advance(None)``) or end the deal
        (``state.finish(None, ...)``). ``state`` is new and held by nobody else: ``begin`` sets it
        up in place.

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

    def legal_cards(self, state: DealState) -> int:
        """The legal cards of the seat to act as a mask, when its legal actions are exactly the
        plays of those cards (in index order); -1 otherwise, and by default: a reader of the
        legal actions (the action codec of :mod:`tarotlib.ai`) then goes through
        ``legal_actions()``. A phase overrides it to spare that reader the ``Play`` actions.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4)
        >>> state.rules.phase_list[0].legal_cards(state)   # a bid: not cards
        -1
        """
        return -1

    def play_cards(
        self,
        state: S,
        choose: CardChooser | None = None,
        *,
        draw: Callable[[int], int] | None = None,
    ) -> S:
        """Play on from ``state`` while the legal actions of the seat to act are cards alone (the
        fast path of playouts): each card is the one ``choose(seat, legal, trick)`` returns
        (:data:`CardChooser`), or with ``draw`` (instead of ``choose``) the legal card of rank
        ``draw(n)`` among the ``n`` legal cards in index order (the action
        ``legal_actions()[draw(n)]``), played as ``state.apply`` would play its ``Play`` action,
        without building the states in between. Returns the first state where another decision
        is due (a declaration offered, a choice that is not a card) or where the deal has left
        this phase; ``state`` itself when no card was played. The default plays no card: a phase
        that does not override it is played through ``legal_actions()`` and ``apply()``.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.rules.phase_list[1].play_cards(state, draw=lambda n: 0) is state
        True
        """
        return state

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        """The auction's calls so far (``state.calls``): the deal's facts, to which an auction in
        progress adds the calls it keeps in its own data.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("pass"))
        >>> state.rules.phase_list[1].calls(state)
        ((1, None),)
        """
        return state.data.calls

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

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """Every action this phase may ever offer in ``game``, once each, in a fixed order: the
        vocabulary of action codecs (:class:`tarotlib.ai.codec.ActionCodec`). A set-valued action
        is a :class:`CardChoice`. It depends on the game's facts, not on a deal. A phase that
        does not override it cannot be used with a codec.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot")
        >>> [a.text for a in rules.phase_list[1].action_space(rules)]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        """
        raise NotImplementedError(
            f"phase {self.name!r} ({type(self).__name__}) does not list its actions: "
            "override Phase.action_space to use it with an action codec"
        )

    def reject(self, reason: str, action: Action) -> IllegalActionError:
        """An :class:`~tarotlib.errors.IllegalActionError` for ``action`` with ``reason``.

        >>> from tarotlib.core.actions import Pass
        >>> str(Phase().reject("not now", Pass()))
        'pass: not now'
        """
        return IllegalActionError(reason, action)


class Over(Phase[None]):
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

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return ()

    def start(self, state: S) -> S:
        return state.end()

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Action):
            raise state.wrong(action, "nothing")
        raise IllegalActionError("the deal is over", action)
