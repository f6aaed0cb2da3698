"""The one deal state of every game: :class:`DealState`, and the one door to its representation.

A deal state is an immutable value: who is to act, the legal actions, ``apply`` (a new state), the
history, the layout dealt, the result once over, and each seat's observation. It knows no game: it
asks the current phase of its game (:class:`~tarotlib.deal.phase.Phase`) for the legal actions and
to apply an action.

>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=7)
>>> state.phase, state.to_act, len(state.hand(1))
('auction', 1, 18)
>>> state.apply(state.legal_actions()[0]).to_act
2

**The representation is this module's.** A state is one slotted object (the slots below) with the
hands and the piles packed in integers (:data:`SEAT_BITS` bits a seat). Only this module and the
card-play phase (:mod:`tarotlib.deal.play`, the hot path of every bot and simulation, which reads
and writes the trick slots directly) touch it; ``tests/deal/test_representation.py`` fails on any other
module that names a slot or :data:`SEAT_BITS`. Everything else — the other phases, the games,
:mod:`tarotlib.ai` and what the compiled part is given — goes through the typed API below:

- reading: :attr:`~DealState.actor`, :attr:`~DealState.local` (through
  :meth:`Phase.local <tarotlib.deal.phase.Phase.local>`, typed), :meth:`~DealState.held`,
  :meth:`~DealState.holds`, :attr:`~DealState.packed_hands`, :attr:`~DealState.packed_piles`,
  :attr:`~DealState.trick_list`, :attr:`~DealState.trick_cards`, :attr:`~DealState.leader`,
  :attr:`~DealState.trick_state`, :attr:`~DealState.pending`, :attr:`~DealState.moves_node`,
  :attr:`~DealState.current_phase`, :attr:`~DealState.phase_index`,
  :attr:`~DealState.legal_cache`;
- building the next state: :meth:`~DealState.step` (same phase, the fast path),
  :meth:`~DealState.proceed` (same phase), :meth:`~DealState.advance` (next phase),
  :meth:`~DealState.finish` (the deal ends), and, for a phase setting itself up on the fresh
  state it is given (:meth:`Phase.start <tarotlib.deal.phase.Phase.start>`),
  :meth:`~DealState.begin` (its first seat to act) or :meth:`~DealState.skip` (nothing to ask);
- packed masks: :func:`pack`, :func:`hand_in`, :func:`with_hand`, :func:`add_cards`,
  :func:`remove_cards`, :func:`move_cards`.

Slot layout (one object per action):

=============== ==================================================================================
slot            meaning
=============== ==================================================================================
``_s_game``     the game (:class:`~tarotlib.deal.game.Game`)
``_s_data``     the deal's facts (:class:`~tarotlib.deal.data.DealData`), changed at phase ends
``_s_history``  the history, a cons list ``(previous, action, seat)`` or None (:data:`MovesNode`)
``_s_index``    the index of the current phase in the game's phase list
``_s_phase``    the current phase (the phase list's item ``_s_index``)
``_s_actor``    the seat to act, -1 when the deal is over
``_s_hands``    every hand in one integer: seat *s* holds bits ``80*s … 80*s+77``
``_s_local``    the current phase's own data (an auction, discards still due, the play context)
``_s_led``      trick in progress: class of the suit to follow (-1 before a non-fool card)
``_s_win``      trick in progress: the card winning it so far (-1)
``_s_wseat``    trick in progress: the seat of that card (-1)
``_s_trick``    trick in progress: its cards in play order
``_s_leader``   the seat that led the trick in progress (-1 before play)
``_s_tricks``   completed tricks as ``(leader, cards, winner)`` (:data:`RawTrick`)
``_s_piles``    cards won, packed like the hands
``_s_pending``  what the fool rule has pending (Excuse debt, ...), or None
``_s_memo``     cache: the legal-card mask of the seat to act, -1 when not computed
``_s_actions``  cache: the legal actions, None when not computed
=============== ==================================================================================

The two caches are filled by :meth:`DealState.legal_actions` on an otherwise immutable object;
they are not part of the state (equality ignores them) and a new state starts without them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Self, TypeAlias

import attrs
from typing_extensions import TypeVar

from tarotlib import _compiled
from tarotlib.core.actions import Action
from tarotlib.core.cards import ALL_CARDS, FULL_MASK, Card, cards_of
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal.data import DealData, evolve
from tarotlib.errors import (
    ActionError,
    ActionTypeError,
    DealError,
    GameNotOverError,
    IllegalActionError,
)

if TYPE_CHECKING:
    from tarotlib.deal.game import Game
    from tarotlib.deal.observe import Observation
    from tarotlib.deal.phase import Phase

__all__ = [
    "SEAT_BITS",
    "DealState",
    "MovesNode",
    "RawTrick",
    "add_cards",
    "hand_in",
    "holder_in",
    "move_cards",
    "pack",
    "remove_cards",
    "with_hand",
]

SEAT_BITS: Final = 80
"""Bits per seat in the packed hands and piles (the representation's; use the functions below)."""

RawTrick: TypeAlias = tuple[int, tuple[int, ...], int]
"""A completed trick as the machine keeps it: ``(leader, card indices in play order, winner)``
(:attr:`DealState.tricks` gives :class:`~tarotlib.core.tricks.PlayedTrick` objects)."""

MovesNode: TypeAlias = "tuple[MovesNode | None, Action, int]"
"""The history as the machine keeps it: ``(previous node, action, seat that chose it)``, the
first action's previous node being None (:attr:`DealState.moves` gives the pairs in order)."""

_KEEP: Final = object()
_new: Final = object.__new__
S = TypeVar("S", bound="DealState[Any]")
G = TypeVar("G", bound="Game[Any]", default="Game[Any]", covariant=True)
"""The type of a state's game (:attr:`DealState.rules`): a game's own state class names its
game (``class BeloteState(DealState[Belote])``)."""


def hand_in(packed: int, seat: int) -> int:
    """The cards of ``seat`` in packed hands or piles, as a mask.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> hand_in(state.packed_hands, 2) == state.hand_mask(2)
    True
    """
    return packed >> SEAT_BITS * seat & FULL_MASK


_SEAT_ZEROS: Final = sum(1 << SEAT_BITS * seat for seat in range(16))
"""Bit 0 of every seat's field (for :func:`holder_in`; more seats than any game has)."""


def holder_in(packed: int, card: int) -> int:
    """The seat whose hand (or pile) in ``packed`` holds the card of index ``card``, or -1.

    >>> holder_in(pack([0b01, 0b10]), 1), holder_in(pack([0b01, 0b10]), 2)
    (1, -1)
    """
    found = packed >> card & _SEAT_ZEROS
    return (found.bit_length() - 1) // SEAT_BITS if found else -1


def pack(hands: Sequence[int]) -> int:
    """The hands (or piles) ``hands`` (masks, by seat) packed in one integer.

    >>> hand_in(pack([0b1, 0b110]), 1)
    6
    """
    packed = 0
    for seat, hand in enumerate(hands):
        packed |= hand << SEAT_BITS * seat
    return packed


def with_hand(packed: int, seat: int, hand: int) -> int:
    """Packed hands (or piles) with the cards of ``seat`` replaced by the mask ``hand``.

    >>> hand_in(with_hand(0b1 << SEAT_BITS, 1, 0b110), 1)
    6
    """
    return packed & ~(FULL_MASK << SEAT_BITS * seat) | hand << SEAT_BITS * seat


def add_cards(packed: int, seat: int, cards: int) -> int:
    """Packed hands (or piles) with the mask ``cards`` added to ``seat``'s.

    >>> hand_in(add_cards(0, 2, 0b101), 2)
    5
    """
    return packed | cards << SEAT_BITS * seat


def remove_cards(packed: int, seat: int, cards: int) -> int:
    """Packed hands (or piles) with the mask ``cards`` taken out of ``seat``'s.

    >>> hand_in(remove_cards(add_cards(0, 1, 0b111), 1, 0b010), 1)
    5
    """
    return packed & ~(cards << SEAT_BITS * seat)


def move_cards(packed: int, source: int, dest: int, cards: int) -> int:
    """Packed hands (or piles) with the mask ``cards`` moved from ``source``'s to ``dest``'s.

    >>> packed = move_cards(add_cards(0, 0, 0b11), 0, 2, 0b01)
    >>> hand_in(packed, 0), hand_in(packed, 2)
    (2, 1)
    """
    return packed & ~(cards << SEAT_BITS * source) | cards << SEAT_BITS * dest


def _rebuild(
    game: Game[S],
    layout: Layout,
    seed: int | None,
    actions: tuple[Action, ...],
    facts: tuple[tuple[str, object], ...] = (),
) -> S:
    """Unpickle a state: deal again (with the deal's facts) and replay its history."""
    given = dict(facts) or None
    state = (
        game.new_deal(seed=seed, dealer=layout.dealer, facts=given) if seed is not None else None
    )
    if state is None or state.layout != layout:
        state = game.new_deal(layout=layout, facts=given)
    for action in actions:
        state = state.apply(action)
    return state


def _build(
    cls: type[S],
    game: Game[Any],
    data: DealData,
    history: MovesNode | None,
    index: int,
    phase: Phase[Any],
    actor: int,
    hands: int,
    local: object,
    led: int,
    win: int,
    wseat: int,
    trick: tuple[int, ...],
    leader: int,
    tricks: tuple[RawTrick, ...],
    piles: int,
    pending: object,
) -> S:
    """The one constructor of states: every slot given, the caches empty."""
    s = _new(cls)
    s._s_game = game
    s._s_data = data
    s._s_history = history
    s._s_index = index
    s._s_phase = phase
    s._s_actor = actor
    s._s_hands = hands
    s._s_local = local
    s._s_led = led
    s._s_win = win
    s._s_wseat = wseat
    s._s_trick = trick
    s._s_leader = leader
    s._s_tricks = tricks
    s._s_piles = piles
    s._s_pending = pending
    s._s_memo = -1
    s._s_actions = None
    return s


_VIEWS: list[tuple[str, str, str]] = []
"""The reads of one slot, ``(name, slot, doc)``: made views of their slots once the class exists
(:func:`_install_views`)."""

if TYPE_CHECKING:
    _reads = property
else:

    def _reads(getter):
        """A read-only property whose getter returns one slot (``return self._s_x``) or a
        tuple of slots: the property reads them with :func:`operator.attrgetter`, in C (half the
        cost of a property whose getter is Python), and with the compiled part a read of one slot
        becomes a read-only view of it (:func:`_install_views`). The getter, never called,
        documents it and gives its type."""
        slots = getter.__code__.co_names
        if not slots or not all(slot.startswith("_s_") for slot in slots):
            raise TypeError(f"{getter.__name__}: a slot view returns slots, got {slots}")
        if len(slots) == 1:
            _VIEWS.append((getter.__name__, slots[0], getter.__doc__ or ""))
        return property(operator.attrgetter(*slots), doc=getter.__doc__)


def _install_views(cls: type) -> None:
    """With the compiled part, make each read of one slot of ``cls`` a read-only view of that
    slot (``_speedups.view``: it costs what reading the slot costs); without it the reads stay
    properties. Either way a read gives the same value and an assignment raises AttributeError."""
    speedups = _compiled.speedups
    if speedups is None:
        return
    for name, slot, doc in _VIEWS:
        setattr(cls, name, speedups.view(cls.__dict__[slot], name, doc))


_TRICKS_MASK: tuple[tuple[RawTrick, ...], int] = ((), 0)
"""The last tricks asked about by ``DealState.tricks_mask`` and their cards."""


class DealState(Generic[G]):
    """One moment of a deal, in any game: immutable, so :meth:`apply` returns a new state and
    leaves this one as it was (a rejected action changes nothing; branching for search is free).
    Generic in the type of its game (``G``: :attr:`rules`); a game may subclass it to add its own
    read-outs (``BeloteState``). When :attr:`is_over`, :attr:`result` gives the
    :class:`~tarotlib.core.results.DealResult`.

    Besides the common surface (``to_act``, ``legal_actions``, ``apply``, ``is_over``, ``result``,
    ``observation``, ``history``) it exposes the full, omniscient position for servers and tools —
    ``hand(seat)``, ``contract``, ``declarer``, ``partner``, ``sides``, ``tricks``, ``piles()``, ...
    Give players :meth:`observation` instead.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> state.phase, state.to_act, state.is_over, state.history
    ('bidding', 1, False, ())
    """

    __slots__ = (
        "_s_actions",
        "_s_actor",
        "_s_data",
        "_s_game",
        "_s_hands",
        "_s_history",
        "_s_index",
        "_s_leader",
        "_s_led",
        "_s_local",
        "_s_memo",
        "_s_pending",
        "_s_phase",
        "_s_piles",
        "_s_trick",
        "_s_tricks",
        "_s_win",
        "_s_wseat",
    )

    _s_game: G
    _s_data: DealData
    _s_history: MovesNode | None
    _s_index: int
    _s_phase: Phase[Any]
    _s_actor: int
    _s_hands: int
    _s_local: Any  # (each phase's own type: Phase.local reads it typed)
    _s_led: int
    _s_win: int
    _s_wseat: int
    _s_trick: tuple[int, ...]
    _s_leader: int
    _s_tricks: tuple[RawTrick, ...]
    _s_piles: int
    _s_pending: Any  # (the fool rule's own type)
    _s_memo: int
    _s_actions: tuple[Action, ...] | None

    def __init__(self) -> None:
        raise TypeError(f"{type(self).__name__} is created by rules.new_deal(), not directly")

    # -- building states (the phase API) ------------------------------------------------------
    @classmethod
    def first(cls, game: Game[Any], data: DealData, hands: int) -> Self:
        """The state just dealt (``hands`` packed), before the first phase is entered: what
        :meth:`Game.start <tarotlib.deal.game.Game.start>` builds and enters. (For the
        machine.)

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> dealt = rules.new_deal(seed=4)
        >>> fresh = rules.state_class.first(rules, dealt.data, dealt.packed_hands)
        >>> fresh.phase_index, fresh.actor, fresh.enter(0) == dealt
        (0, -1, True)
        """
        phase = game.phase_list[0]  # (the first state: compiles the game's machine once)
        return _build(
            cls, game, data, None, 0, phase, -1, hands, None, -1, -1, -1, (), -1, (), 0, None
        )

    def _then(
        self,
        action: Action | None,
        actor: int,
        local: object,
        data: DealData | None,
        hands: int | None,
    ) -> Self:
        """A new state after ``action`` (added to the history unless None), with the seat to act,
        the phase's data, and the deal data and packed hands when given (not None)."""
        history = self._s_history
        if action is not None:
            if not isinstance(action, Action):
                raise self.wrong(action, "an action")
            history = (history, action, self._s_actor)
        return _build(
            self.__class__,
            self._s_game,
            self._s_data if data is None else data,
            history,
            self._s_index,
            self._s_phase,
            actor,
            self._s_hands if hands is None else hands,
            local,
            self._s_led,
            self._s_win,
            self._s_wseat,
            self._s_trick,
            self._s_leader,
            self._s_tricks,
            self._s_piles,
            self._s_pending,
        )

    def proceed(
        self,
        action: Action | None,
        *,
        to_act: int,
        local: object = _KEEP,
        data: DealData | None = None,
        hands: int | None = None,
    ) -> Self:
        """The next state in the same phase: ``action`` is added to the history (unless None),
        ``to_act`` acts next, and the phase's ``local`` data, the deal ``data`` and the packed
        ``hands`` change when given. (For phase authors.)

        >>> import tarotlib
        >>> from tarotlib.core.actions import Pass
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> after = state.proceed(Pass(), to_act=3)
        >>> after.phase, after.to_act, after.history, state.to_act
        ('auction', 3, (Pass(),), 1)
        """
        return self._then(action, to_act, self._s_local if local is _KEEP else local, data, hands)

    def step(self, action: Action, to_act: int, local: object) -> Self:
        """:meth:`proceed` with the phase's ``local`` data always given and nothing else changed:
        the fast path of a phase's ordinary action (``action`` must be an
        :class:`~tarotlib.core.actions.Action`). (For phase authors.)

        >>> import tarotlib
        >>> from tarotlib.core.actions import Pass
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.step(Pass(), 2, state.local) == state.proceed(Pass(), to_act=2)
        True
        """
        return _build(
            self.__class__,
            self._s_game,
            self._s_data,
            (self._s_history, action, self._s_actor),
            self._s_index,
            self._s_phase,
            to_act,
            self._s_hands,
            local,
            self._s_led,
            self._s_win,
            self._s_wseat,
            self._s_trick,
            self._s_leader,
            self._s_tricks,
            self._s_piles,
            self._s_pending,
        )

    def advance(
        self, action: Action | None, *, data: DealData | None = None, hands: int | None = None
    ) -> Self:
        """The state at the start of the next phase (entered at once, so it may be skipped or
        end the deal): ``action`` is added to the history (unless None). (For phase authors.)

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.advance(None).phase   # with no contract, call, discard and slam are skipped
        'play'
        """
        return self._then(action, self._s_actor, self._s_local, data, hands).enter(
            self._s_index + 1
        )

    def finish(
        self,
        action: Action | None,
        *,
        annulled: str | None = None,
        data: DealData | None = None,
        hands: int | None = None,
    ) -> Self:
        """The deal ends now: annulled (nobody scores) with the reason ``annulled``, or else scored
        by the game. ``action`` is added to the history (unless None). (For phase authors.)

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> over = state.finish(None, annulled="misdeal")
        >>> over.phase, over.is_over, over.result.annulled, over.result.scores
        ('over', True, 'misdeal', (0, 0, 0, 0))
        """
        return self._then(action, self._s_actor, self._s_local, data, hands).end(annulled)

    # A state that a phase has just built and not yet returned to anyone ("fresh") may be set up
    # in place: :meth:`Phase.start` receives one, and sets itself up with :meth:`begin`. The
    # methods below work on fresh states only.

    def begin(
        self,
        to_act: int,
        local: object = None,
        *,
        data: DealData | None = None,
        hands: int | None = None,
    ) -> Self:
        """Set up the phase being entered on this fresh state (the one :meth:`Phase.start
        <tarotlib.deal.phase.Phase.start>` receives): ``to_act`` acts first, with the phase's
        ``local`` data, and the deal ``data`` and packed ``hands`` when given; returns the state.
        (For phase authors; a state that anyone else holds must not be begun again.)

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1, dealer=3)
        >>> state.phase, state.to_act   # the auction began with the seat after the dealer
        ('auction', 0)
        """
        self._s_actor = to_act
        self._s_local = local
        if data is not None:
            self._s_data = data
        if hands is not None:
            self._s_hands = hands
        return self

    def skip(self, *, data: DealData | None = None, hands: int | None = None) -> Self:
        """Leave the phase being entered at once, on this fresh state, with the deal ``data`` and
        packed ``hands`` when given: the next phase is entered (for a phase with nothing to ask
        in this deal, such as dealing the stock). (For phase authors.)

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> rules.new_deal(seed=4).apply(rules.parse_action("bid spades")).phase   # the stock
        'play'
        """
        if data is not None:
            self._s_data = data
        if hands is not None:
            self._s_hands = hands
        return self.enter(self._s_index + 1)

    def enter(self, index: int) -> Self:
        """Enter the phase ``index`` (or the first later one active in this deal) on this fresh
        state. (For the machine.)

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> dealt = rules.new_deal(seed=1)
        >>> fresh = rules.state_class.first(rules, dealt.data, dealt.packed_hands)
        >>> fresh.enter(2).phase   # with no contract: no call, no écart, no slam (skipped)
        'play'
        """
        phases = self._s_game._machine_cache.phases  # compiled by first(): phase_list, direct
        d = self._s_data
        while not phases[index].active(d):  # skipped phases are not entered (over never is)
            index += 1
        self._s_index = index
        self._s_phase = phase = phases[index]
        self._s_actor = -1
        self._s_local = None
        return phase.start(self)

    def end(self, annulled: str | None = None) -> Self:
        """End the deal on this fresh state: annulled with the reason ``annulled``, or scored.
        (For the machine: :class:`~tarotlib.deal.phase.Over` calls it.)

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> dealt = rules.new_deal(seed=4)
        >>> over = rules.state_class.first(rules, dealt.data, dealt.packed_hands).end("misdeal")
        >>> over.is_over, over.result.annulled
        (True, 'misdeal')
        """
        phases = self._s_game._machine_cache.phases
        self._s_index = len(phases) - 1
        self._s_phase = phases[-1]
        self._s_actor = -1
        self._s_local = None
        self._s_memo = -1
        self._s_actions = None
        game = self._s_game
        name = game.name
        if annulled is not None:
            result = DealResult((0,) * game.players, annulled=annulled, game=name)
            self._s_data = evolve(self._s_data, annulled=annulled, result=result)
            return self
        result = game.score(self)
        if result.game != name:  # the result says whose deal it is (Match.add checks it)
            if type(result) is DealResult:  # (as attrs.evolve does it, at a third of its cost)
                r = result
                result = DealResult(
                    r.scores, r.annulled, r.breakdown, r.contract, r.declarer, r.made, game=name
                )
            else:
                result = attrs.evolve(result, game=name)
        self._s_data = evolve(self._s_data, result=result)
        return self

    def wrong(self, action: object, expected: str) -> IllegalActionError:
        """The error for an action of the wrong kind in this phase (``phase auction expects pass
        or a bid``); a value that is not an action at all raises
        :class:`~tarotlib.errors.ActionTypeError` (a ``TypeError``) at once.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> str(state.wrong(tarotlib.Play(tarotlib.parse_card("KH")), "pass or a bid"))
        'play KH: phase auction expects pass or a bid'
        >>> state.wrong("pass", "pass or a bid")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionTypeError: apply() takes an Action, not str 'pass'; use rules.parse_action...
        """
        if not isinstance(action, Action):
            raise ActionTypeError(
                f"apply() takes an Action, not {type(action).__name__} {action!r}; "
                "use rules.parse_action(text) to turn text into an action"
            )
        return IllegalActionError(f"phase {self.phase} expects {expected}", action)

    # -- the representation, read (for phases, games and tools) ------------------------------------
    @_reads
    def actor(self) -> int:
        """The seat to act, -1 when the deal is over (:attr:`to_act` as an int, for phases)."""
        return self._s_actor

    @_reads
    def local(self) -> object:
        """The current phase's own data (read it typed with :meth:`Phase.local
        <tarotlib.deal.phase.Phase.local>`)."""
        return self._s_local

    @_reads
    def current_phase(self) -> Phase[Any]:
        """The current phase (the object: :attr:`phase` is its name)."""
        return self._s_phase

    @_reads
    def phase_index(self) -> int:
        """The index of the current phase in the game's phase list."""
        return self._s_index

    @_reads
    def packed_hands(self) -> int:
        """Every hand in one integer (read a seat's with :func:`hand_in`; build new ones with
        :func:`with_hand`, :func:`add_cards` and :func:`remove_cards`)."""
        return self._s_hands

    @_reads
    def packed_piles(self) -> int:
        """The cards each seat has won, packed like the hands."""
        return self._s_piles

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, as a mask (``seat`` is not checked: :meth:`hand_mask` is
        the checked form for users).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> state.held(1) == state.hand_mask(1)
        True
        """
        return self._s_hands >> SEAT_BITS * seat & FULL_MASK

    def holds(self, seat: int, card: int) -> bool:
        """True if ``seat`` holds the card of index ``card``.

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> [state.holds(1, c) for c in state.hand(1)[:2]]
        [True, True]
        """
        return self._s_hands >> SEAT_BITS * seat + card & 1 == 1

    @_reads
    def trick_list(self) -> tuple[RawTrick, ...]:
        """The completed tricks as the machine keeps them (:data:`RawTrick`; :attr:`tricks`
        builds :class:`~tarotlib.core.tricks.PlayedTrick` objects)."""
        return self._s_tricks

    @_reads
    def trick_cards(self) -> tuple[int, ...]:
        """The card indices of the trick in progress, in play order."""
        return self._s_trick

    @_reads
    def leader(self) -> int:
        """The seat that led the trick in progress (-1 before play)."""
        return self._s_leader

    @_reads
    def trick_state(self) -> tuple[int, int, int]:
        """``(led, win, winning seat)`` of the trick in progress, as the trick rules keep them
        (:meth:`TrickRules.follow <tarotlib.core.tricks.TrickRules.follow>`); -1 each before a card
        other than the fool."""
        return self._s_led, self._s_win, self._s_wseat

    @_reads
    def pending(self) -> object:
        """What the play phase's fool rule has pending (an Excuse debt, a Matto exchange), or
        None."""
        return self._s_pending

    @_reads
    def moves_node(self) -> MovesNode | None:
        """The history as the machine keeps it (:data:`MovesNode`): each state shares its
        predecessor's nodes, so a reader can walk only what is new."""
        return self._s_history

    @_reads
    def legal_cache(self) -> int:
        """The legal-card mask a phase kept on this state with :meth:`keep_legal`, or -1."""
        return self._s_memo

    def keep_legal(self, mask: int) -> None:
        """Keep the legal-card mask of the seat to act on this state, for the ``apply`` that
        follows (a cache: equality ignores it).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> state.legal_cache
        -1
        >>> state.keep_legal(state.hand_mask(1))
        >>> state.legal_cache == state.hand_mask(1), state == tarotlib.variant("belote").new_deal(seed=4)
        (True, True)
        """
        self._s_memo = mask

    # -- the common surface -------------------------------------------------------------------
    @_reads
    def rules(self) -> G:
        """The rules (game and options) this deal is played under."""
        return self._s_game

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        to = self._s_actor
        return None if to < 0 else to

    @property
    def phase(self) -> str:
        """The current phase's name (``auction``, ``play``, ``over``, ...)."""
        return self._s_phase.name

    @property
    def is_over(self) -> bool:
        """True when the deal has ended (played out or annulled)."""
        return self._s_actor < 0

    @property
    def result(self) -> DealResult:
        """The deal's result (raises :class:`~tarotlib.errors.GameNotOverError` before the end)."""
        res = self._s_data.result
        if res is None:
            raise GameNotOverError(f"the deal is not over (phase {self.phase})")
        return res

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        out: list[Action] = []
        node = self._s_history
        while node is not None:
            prev, action, _ = node
            out.append(action)
            node = prev
        out.reverse()
        return tuple(out)

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """Every action applied since the deal with the seat that chose it (the seat to act
        then), in order.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1, dealer=3)
        >>> state = state.apply(rules.parse_action("pass")).apply(rules.parse_action("bid garde"))
        >>> [(seat, action.text) for seat, action in state.moves]
        [(0, 'pass'), (1, 'bid garde')]
        """
        out: list[tuple[int, Action]] = []
        node = self._s_history
        while node is not None:
            prev, action, seat = node
            out.append((seat, action))
            node = prev
        out.reverse()
        return tuple(out)

    @property
    def layout(self) -> Layout:
        """The deal as dealt (hands, kitty, stock, dealer), each hand in dealing order when the
        deal keeps it (``Layout.order``, LO-11): what records store and replay."""
        d = self._s_data
        return Layout.from_masks(d.dealt, d.kitty, d.dealer, d.stock, order=d.order)

    @property
    def seed(self) -> int | None:
        """The seed the deal was dealt from (None for a layout or an explicit order)."""
        return self._s_data.seed

    @property
    def facts(self) -> dict[str, object]:
        """The facts given with the deal (``new_deal(facts=...)``; records keep them).

        >>> import tarotlib
        >>> tarotlib.variant("belote").new_deal(seed=1).facts
        {}
        """
        return dict(self._s_data.facts)

    @_reads
    def data(self) -> DealData:
        """The deal's facts so far (contract, declarer, sides, discard, ...; omniscient)."""
        return self._s_data

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (empty when over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> [a.text for a in state.legal_actions()]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        """
        acts = self._s_actions
        if acts is None:
            acts = self._s_actions = self._s_phase.legal(self)
        return acts

    def is_legal(self, action: object) -> bool:
        """True if ``action`` may be applied now; False for anything else, also for a value that
        is not an action at all (it never raises; :meth:`apply` says why an action is refused).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1)
        >>> state.is_legal(rules.parse_action("bid garde")), state.is_legal(rules.parse_action("play KH"))
        (True, False)
        >>> state.is_legal("bid garde"), state.is_legal(None)
        (False, False)
        """
        if not isinstance(action, Action):
            return False
        try:
            self.apply(action)
        except (IllegalActionError, ActionError):
            return False
        return True

    def apply(self, action: Action) -> Self:
        """A new state with ``action`` applied by the seat to act.

        Raises :class:`~tarotlib.errors.IllegalActionError` (a ``ValueError``) saying why the action
        is illegal; ``self`` is unchanged either way.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1)
        >>> after = state.apply(rules.parse_action("bid garde"))
        >>> after.to_act, [a.text for a in after.history], state.history
        (2, ['bid garde'], ())
        >>> after.apply(rules.parse_action("bid prise"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: bid prise: bid must beat Garde
        """
        return self._s_phase.apply(self, action)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (no card hidden from it): the game's observation
        (``Game.observe``).

        >>> import tarotlib
        >>> seen = tarotlib.variant("french-tarot", players=4).new_deal(seed=1).observation(2)
        >>> type(seen).__name__, seen.seat, len(seen.hand), seen.chien
        ('FrenchTarotObservation', 2, 18, ())
        """
        return self._s_game.observe(self, self.check_seat(seat))

    # -- the omniscient position ----------------------------------------------------------------
    def check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this deal, else :class:`~tarotlib.errors.DealError`.

        >>> import tarotlib
        >>> tarotlib.variant("belote").new_deal(seed=1).check_seat(4)
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: seat must be 0..3, got 4
        """
        n = self._s_game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise DealError(f"seat must be 0..{n - 1}, got {seat!r}")
        return seat

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._s_data.dealer

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a bit mask.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> mask = state.hand_mask(1)
        >>> mask.bit_count(), bool(mask & tarotlib.parse_card("T3").mask)
        (18, True)
        """
        return self._s_hands >> SEAT_BITS * self.check_seat(seat) & FULL_MASK

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (index order).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> state.hand(1)[:4]
        (Card(9H), Card(QH), Card(3D), Card(7D))
        """
        return cards_of(self.hand_mask(seat))

    @property
    def contract(self) -> object:
        """The contract, once chosen (the game's contract value), else None."""
        return self._s_data.contract

    @property
    def declarer(self) -> int | None:
        """The declarer (taker, soloist) once known, else None."""
        d = self._s_data.declarer
        return None if d < 0 else d

    @property
    def partner(self) -> int | None:
        """The declarer's partner once known (omniscient: the holder of a called card from the
        call on), else None."""
        p = self._s_data.partner
        return None if p < 0 else p

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat once play has begun (``()`` before)."""
        return self._s_data.sides

    @property
    def calls(self) -> tuple[tuple[int, object], ...]:
        """The auction so far: ``(seat, call)`` for each call, the call being the game's
        contract or None for a pass."""
        return self._s_phase.calls(self)

    @property
    def called_card(self) -> Card | None:
        """The called card, if any."""
        c = self._s_data.called
        return None if c < 0 else ALL_CARDS[c]

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The completed tricks."""
        card = ALL_CARDS.__getitem__
        return tuple(
            PlayedTrick(leader, tuple(map(card, cards)), winner)
            for leader, cards, winner in self._s_tricks
        )

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in play order."""
        return tuple(ALL_CARDS[c] for c in self._s_trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led (or leads) the trick in progress, during play."""
        return self._s_leader if self._s_leader >= 0 and self._s_actor >= 0 else None

    @property
    def winning_seat(self) -> int | None:
        """The seat winning the trick in progress, or None before its first card."""
        return self._s_wseat if self._s_wseat >= 0 else None

    @property
    def tricks_mask(self) -> int:
        """The cards of the completed tricks, as a bit mask (kept for the last tricks asked
        about: the next trick only adds its cards).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> for text in ("play JS", "play 9S", "play 7S", "play AS"):
        ...     state = state.apply(rules.parse_action(text))
        >>> tarotlib.format_cards(state.tricks_mask)
        '1S 7S 9S JS'
        """
        global _TRICKS_MASK
        tricks = self._s_tricks
        known, mask = _TRICKS_MASK
        if known is tricks:
            return mask
        n = len(known)
        if len(tricks) == n + 1 and (n == 0 or tricks[n - 1] is known[n - 1]):
            start = n
        else:
            start, mask = 0, 0
        for _, cards, _ in tricks[start:]:
            for c in cards:
                mask |= 1 << c
        _TRICKS_MASK = (tricks, mask)
        return mask

    @property
    def played_mask(self) -> int:
        """Every card played so far, the trick in progress included, as a bit mask.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> for text in ("play JS", "play 9S", "play 7S", "play AS", "play AD"):
        ...     state = state.apply(rules.parse_action(text))
        >>> tarotlib.format_cards(state.played_mask)
        '1S 7S 9S JS 1D'
        """
        mask = self.tricks_mask
        for c in self._s_trick:
            mask |= 1 << c
        return mask

    def pile_mask(self, seat: int) -> int:
        """The cards ``seat`` has won so far, as a bit mask.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> for text in ("play JS", "play 9S", "play 7S", "play AS"):   # the trump Jack wins
        ...     state = state.apply(rules.parse_action(text))
        >>> tarotlib.format_cards(state.pile_mask(1)), state.pile_mask(2)
        ('1S 7S 9S JS', 0)
        """
        return self._s_piles >> SEAT_BITS * self.check_seat(seat) & FULL_MASK

    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Cards won so far by each seat (empty before play).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> for text in ("play JS", "play 9S", "play 7S", "play AS"):   # the trump Jack wins
        ...     state = state.apply(rules.parse_action(text))
        >>> state.piles()
        ((), (Card(1S), Card(7S), Card(9S), Card(JS)), (), ())
        """
        return tuple(
            cards_of(self._s_piles >> SEAT_BITS * s & FULL_MASK)
            for s in range(self._s_game.players)
        )

    # -- value semantics --------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            self._s_game,
            self._s_data,
            self._s_history,
            self._s_index,
            self._s_actor,
            self._s_hands,
            self._s_local,
            self._s_led,
            self._s_win,
            self._s_wseat,
            self._s_trick,
            self._s_leader,
            self._s_tricks,
            self._s_piles,
            self._s_pending,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, DealState)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._s_data.dealt, self._s_history, self._s_index, self._s_actor))

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        facts = self._s_data.facts
        if facts:
            return (_rebuild, (self._s_game, self.layout, self._s_data.seed, self.history, facts))
        return (_rebuild, (self._s_game, self.layout, self._s_data.seed, self.history))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self._s_game.players} phase={self.phase} "
            f"to_act={self.to_act} actions={len(self.history)}>"
        )

    def __str__(self) -> str:
        """The whole table as text (the game's :meth:`~tarotlib.deal.Game.describe`)."""
        return self._s_game.describe(self)


_install_views(DealState)
