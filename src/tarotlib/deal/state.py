"""The one deal state of every game: :class:`DealState`.

A deal state is an immutable value: who is to act, the legal actions, ``apply`` (a new state), the
history, the layout dealt, the result once over, and each seat's observation. It knows no game: it
asks the current phase of its game (:class:`~tarotlib.deal.phase.Phase`) for the legal actions and
to apply an action, and phases build the next state with :meth:`DealState.proceed`,
:meth:`DealState.advance` and :meth:`DealState.finish`.

>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=7)
>>> state.phase, state.to_act, len(state.hand(1))
('auction', 1, 18)
>>> state.apply(state.legal_actions()[0]).to_act
2

Slot layout (one object per action; the card-play phase, :mod:`tarotlib.deal.play`, reads and
writes the trick slots directly, which is the one place where speed tricks live):

========== ===================================================================================
slot       meaning
========== ===================================================================================
``_g``     the game (:class:`~tarotlib.deal.game.Game`)
``_d``     the deal's facts (:class:`~tarotlib.deal.data.DealData`), changed at phase boundaries
``_h``     the history, a cons list ``(previous, action)`` or None
``_i``     the index of the current phase in the game's phase list
``_ph``    the current phase (the phase list's item ``_i``)
``_to``    the seat to act, -1 when the deal is over
``_hands`` every hand in one integer: seat *s* holds bits ``80*s … 80*s+77``
``_x``     the current phase's own data (an auction, discards still due, the play context)
``_led``   trick in progress: class of the suit to follow (-1 before a non-fool card)
``_win``   trick in progress: the card winning it so far (-1)
``_ws``    trick in progress: the seat of that card (-1)
``_trick`` trick in progress: its cards in play order
``_lead``  the seat that led the trick in progress (-1 before play)
``_tricks`` completed tricks as ``(leader, cards, winner)``
``_piles`` cards won, packed like the hands
``_fx``    what the fool rule has pending (Excuse debt, ...), or None
``_memo``  cache: the legal-card mask of the seat to act, -1 when not computed
``_acts``  cache: the legal actions, None when not computed
========== ===================================================================================

The two caches are filled by :meth:`DealState.legal_actions` on an otherwise immutable object;
they are not part of the state (equality ignores them) and a new state starts without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Self, TypeVar

from tarotlib.actions import Action
from tarotlib.cards import ALL_CARDS, FULL_MASK, Card, cards_of
from tarotlib.deal.data import DealData, evolve
from tarotlib.dealing import Layout
from tarotlib.errors import ActionTypeError, DealError, GameNotOverError, IllegalActionError
from tarotlib.tricks import PlayedTrick

if TYPE_CHECKING:
    from tarotlib.deal.game import Game
    from tarotlib.deal.phase import Phase
    from tarotlib.engine import DealResult, Observation

__all__ = ["SEAT_BITS", "DealState"]

SEAT_BITS: Final = 80
"""Bits per seat in the packed hands and piles."""

_KEEP: Final = object()
_new: Final = object.__new__
S = TypeVar("S", bound="DealState")


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


_TRICKS_MASK: tuple[tuple[tuple[int, tuple[int, ...], int], ...], int] = ((), 0)
"""The last tricks asked about by ``DealState.tricks_mask`` and their cards."""


class DealState:
    """One moment of a deal (immutable; see the module docstring and :mod:`tarotlib.engine`).

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
        "_acts",
        "_d",
        "_fx",
        "_g",
        "_h",
        "_hands",
        "_i",
        "_lead",
        "_led",
        "_memo",
        "_ph",
        "_piles",
        "_to",
        "_trick",
        "_tricks",
        "_win",
        "_ws",
        "_x",
    )

    _g: Game[Self]
    _d: DealData
    _h: tuple[object, Action, int] | None
    _i: int
    _ph: Phase
    _to: int
    _hands: int
    _x: object
    _led: int
    _win: int
    _ws: int
    _trick: tuple[int, ...]
    _lead: int
    _tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    _piles: int
    _fx: object
    _memo: int
    _acts: tuple[Action, ...] | None

    def __init__(self) -> None:
        raise TypeError(f"{type(self).__name__} is created by rules.new_deal(), not directly")

    # -- building states (the phase API) ------------------------------------------------------
    @classmethod
    def _first(cls, game: Game[Self], data: DealData, hands: int) -> Self:
        """The state just dealt, before the first phase is entered."""
        s = _new(cls)
        s._g = game
        s._d = data
        s._h = None
        s._i = 0
        s._ph = game._machine.phases[0]  # (the first state: compiles the game's machine once)
        s._to = -1
        s._hands = hands
        s._x = None
        s._led = s._win = s._ws = s._lead = -1
        s._trick = ()
        s._tricks = ()
        s._piles = 0
        s._fx = None
        s._memo = -1
        s._acts = None
        return s

    def _copy(self) -> Self:
        s = _new(self.__class__)
        s._g = self._g
        s._d = self._d
        s._h = self._h
        s._i = self._i
        s._ph = self._ph
        s._to = self._to
        s._hands = self._hands
        s._x = self._x
        s._led = self._led
        s._win = self._win
        s._ws = self._ws
        s._trick = self._trick
        s._lead = self._lead
        s._tricks = self._tricks
        s._piles = self._piles
        s._fx = self._fx
        s._memo = -1
        s._acts = None
        return s

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
        >>> from tarotlib.actions import Pass
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> after = state.proceed(Pass(), to_act=3)
        >>> after.phase, after.to_act, after.history, state.to_act
        ('auction', 3, (Pass(),), 1)
        """
        s = self._copy()
        if action is not None:
            if not isinstance(action, Action):
                raise self.wrong(action, "an action")
            s._h = (self._h, action, self._to)
        s._to = to_act
        if local is not _KEEP:
            s._x = local
        if data is not None:
            s._d = data
        if hands is not None:
            s._hands = hands
        return s

    def _next(self, action: Action, to_act: int, local: object) -> Self:
        """:meth:`proceed` with the phase's data always given and nothing else (a fast path)."""
        s = _new(self.__class__)
        s._g = self._g
        s._d = self._d
        s._h = (self._h, action, self._to)
        s._i = self._i
        s._ph = self._ph
        s._to = to_act
        s._hands = self._hands
        s._x = local
        s._led = self._led
        s._win = self._win
        s._ws = self._ws
        s._trick = self._trick
        s._lead = self._lead
        s._tricks = self._tricks
        s._piles = self._piles
        s._fx = self._fx
        s._memo = -1
        s._acts = None
        return s

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
        s = self._copy()
        if action is not None:
            if not isinstance(action, Action):
                raise self.wrong(action, "an action")
            s._h = (self._h, action, self._to)
        if data is not None:
            s._d = data
        if hands is not None:
            s._hands = hands
        return s._enter(self._i + 1)

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
        s = self._copy()
        if action is not None:
            if not isinstance(action, Action):
                raise self.wrong(action, "an action")
            s._h = (self._h, action, self._to)
        if data is not None:
            s._d = data
        if hands is not None:
            s._hands = hands
        return s._end(annulled)

    # A state that a phase has just built and not yet returned to anyone ("fresh") may be set up
    # in place: :meth:`Phase.start` receives one, and the core phases set its slots directly rather
    # than copying it again. The two methods below work on fresh states only.

    def _enter(self, index: int) -> Self:
        """Enter the phase ``index`` (or the first later one active in this deal) on this fresh
        state."""
        phases = self._g._machine_cache.phases  # compiled by _first
        d = self._d
        while not phases[index].active(d):  # skipped phases are not entered (over never is)
            index += 1
        self._i = index
        self._ph = phase = phases[index]
        self._to = -1
        self._x = None
        return phase.start(self)

    def _end(self, annulled: str | None = None) -> Self:
        """End the deal on this fresh state: annulled with the reason ``annulled``, or scored."""
        phases = self._g._machine_cache.phases
        self._i = len(phases) - 1
        self._ph = phases[-1]
        self._to = -1
        self._x = None
        self._memo = -1
        self._acts = None
        if annulled is not None:
            from tarotlib.engine import DealResult

            result = DealResult((0,) * self._g.players, annulled=annulled)
            self._d = evolve(self._d, annulled=annulled, result=result)
        else:
            self._d = evolve(self._d, result=self._g.score(self))
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

    # -- the common surface -------------------------------------------------------------------
    @property
    def rules(self) -> Game[Self]:
        """The rules (game and options) this deal is played under."""
        return self._g

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        to = self._to
        return None if to < 0 else to

    @property
    def phase(self) -> str:
        """The current phase's name (``auction``, ``play``, ``over``, ...)."""
        return self._ph.name

    @property
    def is_over(self) -> bool:
        """True when the deal has ended (played out or annulled)."""
        return self._to < 0

    @property
    def result(self) -> DealResult:
        """The deal's result (raises :class:`~tarotlib.errors.GameNotOverError` before the end)."""
        res = self._d.result
        if res is None:
            raise GameNotOverError(f"the deal is not over (phase {self.phase})")
        return res

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        out: list[Action] = []
        node = self._h
        while node is not None:
            prev, action, _ = node
            out.append(action)
            node = prev  # type: ignore[assignment]
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
        node = self._h
        while node is not None:
            prev, action, seat = node
            out.append((seat, action))
            node = prev  # type: ignore[assignment]
        out.reverse()
        return tuple(out)

    @property
    def layout(self) -> Layout:
        """The deal as dealt (hands, kitty, stock, dealer), each hand in dealing order when the
        deal keeps it (``Layout.order``, LO-11): what records store and replay."""
        d = self._d
        return Layout.from_masks(d.dealt, d.kitty, d.dealer, d.stock, order=d.order)

    @property
    def seed(self) -> int | None:
        """The seed the deal was dealt from (None for a layout or an explicit order)."""
        return self._d.seed

    @property
    def facts(self) -> dict[str, object]:
        """The facts given with the deal (``new_deal(facts=...)``; records keep them).

        >>> import tarotlib
        >>> tarotlib.variant("belote").new_deal(seed=1).facts
        {}
        """
        return dict(self._d.facts)

    @property
    def data(self) -> DealData:
        """The deal's facts so far (contract, declarer, sides, discard, ...; omniscient)."""
        return self._d

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (empty when over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> [a.text for a in state.legal_actions()]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        """
        acts = self._acts
        if acts is None:
            acts = self._acts = self._ph.legal(self)
        return acts

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1)
        >>> state.is_legal(rules.parse_action("bid garde")), state.is_legal(rules.parse_action("play KH"))
        (True, False)
        """
        try:
            self.apply(action)
        except IllegalActionError:
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
        return self._ph.apply(self, action)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (no card hidden from it): the game's observation
        (``Game.observe``).

        >>> import tarotlib
        >>> seen = tarotlib.variant("french-tarot", players=4).new_deal(seed=1).observation(2)
        >>> type(seen).__name__, seen.seat, len(seen.hand), seen.chien
        ('FrenchTarotObservation', 2, 18, ())
        """
        game: Game[DealState] = self._g  # type: ignore[assignment]
        return game.observe(self, self._seat(seat))

    # -- the omniscient position ----------------------------------------------------------------
    def _seat(self, seat: int) -> int:
        n = self._g.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise DealError(f"seat must be 0..{n - 1}, got {seat!r}")
        return seat

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._d.dealer

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a bit mask.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
        >>> mask = state.hand_mask(1)
        >>> mask.bit_count(), bool(mask & tarotlib.parse_card("T3").mask)
        (18, True)
        """
        return self._hands >> SEAT_BITS * self._seat(seat) & FULL_MASK

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
        return self._d.contract

    @property
    def declarer(self) -> int | None:
        """The declarer (taker, soloist) once known, else None."""
        d = self._d.declarer
        return None if d < 0 else d

    @property
    def partner(self) -> int | None:
        """The declarer's partner once known (omniscient: the holder of a called card from the
        call on), else None."""
        p = self._d.partner
        return None if p < 0 else p

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat once play has begun (``()`` before)."""
        return self._d.sides

    @property
    def calls(self) -> tuple[tuple[int, object], ...]:
        """The auction so far: ``(seat, call)`` for each call, the call being the game's
        contract or None for a pass."""
        return self._ph.calls(self)

    @property
    def called_card(self) -> Card | None:
        """The called card, if any."""
        c = self._d.called
        return None if c < 0 else ALL_CARDS[c]

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The completed tricks."""
        card = ALL_CARDS.__getitem__
        return tuple(
            PlayedTrick(leader, tuple(map(card, cards)), winner)
            for leader, cards, winner in self._tricks
        )

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in play order."""
        return tuple(ALL_CARDS[c] for c in self._trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led (or leads) the trick in progress, during play."""
        return self._lead if self._lead >= 0 and self._to >= 0 else None

    @property
    def winning_seat(self) -> int | None:
        """The seat winning the trick in progress, or None before its first card."""
        return self._ws if self._ws >= 0 else None

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
        tricks = self._tricks
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
        for c in self._trick:
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
        return self._piles >> SEAT_BITS * self._seat(seat) & FULL_MASK

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
            cards_of(self._piles >> SEAT_BITS * s & FULL_MASK) for s in range(self._g.players)
        )

    # -- value semantics --------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            self._g,
            self._d,
            self._h,
            self._i,
            self._to,
            self._hands,
            self._x,
            self._led,
            self._win,
            self._ws,
            self._trick,
            self._lead,
            self._tricks,
            self._piles,
            self._fx,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, DealState)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._d.dealt, self._h, self._i, self._to))

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        facts = self._d.facts
        if facts:
            return (_rebuild, (self._g, self.layout, self._d.seed, self.history, facts))
        return (_rebuild, (self._g, self.layout, self._d.seed, self.history))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self._g.players} phase={self.phase} "
            f"to_act={self.to_act} actions={len(self.history)}>"
        )
