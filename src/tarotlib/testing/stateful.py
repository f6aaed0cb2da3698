"""A reusable Hypothesis state machine for any registered variant, your own included.

:class:`VariantMachine` deals random deals and plays them with rules that interleave random legal
play with illegal attempts: actions of every kind the library knows (a card not in hand, a held
card the rules forbid now, a pass or a bid where none is taken, anything after the end, ...).
Every attempt that the state says is illegal must be rejected with
:class:`~tarotlib.errors.IllegalActionError` and leave the state exactly as it was
(:func:`~tarotlib.testing.invariants.check_rejects`); a legal one is applied. After every step a
checker runs on the state reached — :func:`~tarotlib.testing.invariants.check_state` by default,
or your own (for instance :func:`~tarotlib.testing.generic.check_deal` with your game's facts).
A card "in hand" is one of the seat to act's, or of the seat its states name as ``card_seat``
when the seat to act chooses another seat's card (the solo's player choosing the dummy's).

Needs Hypothesis (``pip install -e '.[test]'``). Run a machine under pytest through its
``TestCase`` (``TestMyGame = VariantMachine.for_variant("my-game").TestCase``), or directly with
``hypothesis.stateful.run_state_machine_as_test``:

>>> from hypothesis import settings
>>> from hypothesis.stateful import run_state_machine_as_test
>>> Machine = VariantMachine.for_variant("belote", {"preset": "classic"})
>>> Machine.__name__
'BeloteMachine'
>>> run_state_machine_as_test(Machine, settings=settings(max_examples=3, stateful_step_count=10))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import ClassVar, cast

from tarotlib._optional import missing

try:
    from hypothesis import HealthCheck, event
    from hypothesis import settings as Settings
    from hypothesis import strategies as st
    from hypothesis.stateful import (
        RuleBasedStateMachine,
        initialize,
        invariant,
        precondition,
        rule,
        run_state_machine_as_test,
    )
except ImportError as exc:
    raise missing("tarotlib.testing.stateful", "Hypothesis", "test") from exc

from tarotlib.core.actions import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS
from tarotlib.core.decks import Deck
from tarotlib.deal import DealState
from tarotlib.registry import variant
from tarotlib.testing import strategies as ts
from tarotlib.testing.invariants import check_rejects, check_replay, check_state

__all__ = ["VariantMachine"]

_GENERIC_ACTIONS: tuple[Action, ...] = (
    Pass(),
    Slam(True),
    Slam(False),
    Redeal(True),
    Redeal(False),
    *(Play.of(c) for c in ALL_CARDS),
    *(Discard(c) for c in ALL_CARDS),
    *(Call(c) for c in ALL_CARDS),
)
"""Actions of every kind that needs no variant-specific value, for every card of the tarot pack."""

_DEFAULT_SETTINGS = Settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


def _variants_actions(seen: Mapping[type[enum.Enum], None]) -> tuple[Action, ...]:
    """Bids and declarations of every member of the enums the variant has used so far."""
    out: list[Action] = []
    for kind in seen:
        for member in kind:
            out.append(Bid(member))
            out.append(Declare(member))
    return tuple(out)


class VariantMachine(RuleBasedStateMachine):
    """Random deals of one variant, legal bursts interleaved with illegal attempts, a checker
    after every step. Build one with :meth:`for_variant`, or subclass it and set :attr:`deals`
    (and override :meth:`check`).

    Rules: ``deal`` (initialise; ``new_deal`` once a deal is over); ``legal_burst`` (1 to
    :attr:`max_burst` random legal actions, the checker running on each state reached);
    ``any_action`` (an action drawn from every kind the library knows — plays, discards and calls
    of any card, passes, slam and redeal choices, and bids and declarations of every member of
    the enums the variant has offered — plus :attr:`extra_actions`: applied when the state says
    it is legal, else it must be rejected and leave the state unchanged); ``card_not_in_hand``
    and ``held_card_not_allowed`` (during play, when states expose ``hand(seat)``: must be
    rejected); ``replay`` (:func:`~tarotlib.testing.invariants.check_replay`: dealing again and
    replaying the history gives the same state).

    >>> from tarotlib.testing.strategies import deals
    >>> class ThreePlayerTarot(VariantMachine):
    ...     deals = deals("french-tarot", deck=None).filter(lambda s: s.rules.players == 3)
    >>> ThreePlayerTarot.run(max_examples=2, steps=5)
    """

    deals: ClassVar[st.SearchStrategy[DealState]] = ts.deals()
    """The first states of the deals to play (default: the registry's default game,
    :func:`~tarotlib.registry.default_variant`, under any options)."""
    extra_actions: ClassVar[st.SearchStrategy[Action]] = st.nothing()
    """More actions to attempt (your variant's own action types, say)."""
    max_burst: ClassVar[int] = 12
    """The most legal actions one ``legal_burst`` step plays."""

    def __init__(self) -> None:
        super().__init__()
        self._state: DealState | None = None
        self._kinds: dict[type[enum.Enum], None] = {}
        self._pool: tuple[Action, ...] = _GENERIC_ACTIONS

    # -- the checker ------------------------------------------------------------------------------
    def check(self, state: DealState) -> None:
        """Run on every state reached: :func:`~tarotlib.testing.invariants.check_state` unless
        overridden (or replaced by :meth:`for_variant`'s ``check``).

        >>> import tarotlib
        >>> VariantMachine().check(tarotlib.variant("belote").new_deal(seed=1))
        """
        check_state(state)

    # -- helpers ----------------------------------------------------------------------------------
    @property
    def state(self) -> DealState:
        """The current state."""
        assert self._state is not None, "no deal yet"
        return self._state

    def _set(self, state: DealState) -> None:
        self._state = state
        new = False
        for action in state.legal_actions():
            kind = action.contract if isinstance(action, Bid) else None
            if isinstance(action, Declare):
                kind = action.kind
            if kind is not None and type(kind) not in self._kinds:
                self._kinds[type(kind)] = None
                new = True
        if new:
            self._pool = _GENERIC_ACTIONS + _variants_actions(self._kinds)

    def _attempt(self, action: Action) -> None:
        state = self.state
        if action in state.legal_actions() or state.is_legal(action):
            self._set(state.apply(action))
            self.check(self.state)
            event("attempt: legal")
        else:
            check_rejects(state, action)
            event(f"rejected in phase {state.phase}: {type(action).__name__}")

    def _hand(self) -> frozenset[int] | None:
        hand = getattr(self.state, "hand", None)
        # The seat whose card a play takes: the seat to act, unless the game's states say another
        # (``card_seat``: a seat to act that chooses another seat's card, as a dummy's).
        seat = getattr(self.state, "card_seat", self.state.to_act)
        if not callable(hand) or seat is None:
            return None
        return frozenset(int(c) for c in hand(seat))

    def _plays(self) -> frozenset[int]:
        return frozenset(int(a.card) for a in self.state.legal_actions() if isinstance(a, Play))

    def _playing(self) -> bool:
        return self._state is not None and bool(self._plays()) and self._hand() is not None

    # -- dealing and legal play -------------------------------------------------------------------
    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        self._set(data.draw(self.deals, label="deal"))
        self.check(self.state)

    @precondition(lambda self: self._state is not None and self._state.is_over)
    @rule(data=st.data())
    def new_deal(self, data: st.DataObject) -> None:
        self._set(data.draw(self.deals, label="deal"))
        self.check(self.state)

    @precondition(lambda self: self._state is not None and not self._state.is_over)
    @rule(data=st.data())
    def legal_burst(self, data: st.DataObject) -> None:
        count = data.draw(st.integers(1, self.max_burst), label="count")
        state = self.state
        for _ in range(count):
            state, _ = ts.random_play(state, data, steps=1)
            self._set(state)
            self.check(state)
            if state.is_over:
                event("deal annulled" if state.result.is_annulled else "deal played out")
                break

    # -- attempts ---------------------------------------------------------------------------------
    @precondition(lambda self: self._state is not None)
    @rule(data=st.data())
    def any_action(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(self._pool) | self.extra_actions, label="action")
        self._attempt(action)

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def card_not_in_hand(self, data: st.DataObject) -> None:
        hand = self._hand()
        assert hand is not None
        outside = [c for c in range(len(ALL_CARDS)) if c not in hand]
        card = ALL_CARDS[data.draw(st.sampled_from(outside), label="card")]
        check_rejects(self.state, Play.of(card))
        event("rejected: card not in hand")

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def held_card_not_allowed(self, data: st.DataObject) -> None:
        hand = self._hand()
        assert hand is not None
        offered = self._plays()
        bad = sorted(hand - offered)
        if not bad:
            return
        card = ALL_CARDS[data.draw(st.sampled_from(bad), label="card")]
        if self.state.is_legal(Play.of(card)):  # a variant may accept an unlisted form
            return
        check_rejects(self.state, Play.of(card))
        event("rejected: held card not allowed")

    @precondition(lambda self: self._state is not None)
    @rule()
    def replay(self) -> None:
        check_replay(self.state)

    # -- the checker after every rule -------------------------------------------------------------
    @invariant()
    def checked(self) -> None:
        if self._state is not None:
            self.check(self._state)

    # -- running outside pytest -------------------------------------------------------------------
    @classmethod
    def run(cls, *, max_examples: int = 25, steps: int = 30, database: bool = False) -> None:
        """Run the machine now (in a script, a notebook, an example's ``main()``): ``max_examples``
        runs of up to ``steps`` steps each, under the ``TestCase``'s settings otherwise. Raises the
        first failure found (shrunk, with the steps that lead to it printed). ``database``: keep
        failing examples in Hypothesis's example database (off by default: no files written).

        >>> VariantMachine.for_variant("french-tarot", {"players": 4}).run(max_examples=2, steps=5)
        """
        base = cls.TestCase.settings
        chosen = Settings(base, max_examples=max_examples, stateful_step_count=steps)
        if not database:
            chosen = Settings(chosen, database=None)
        run_state_machine_as_test(cls, settings=chosen)

    # -- factory ----------------------------------------------------------------------------------
    @classmethod
    def for_variant(
        cls,
        name: str,
        options: Mapping[str, object] | None = None,
        *,
        deck: Deck | None = None,
        check: Callable[[DealState], object] | None = None,
        actions: st.SearchStrategy[Action] | None = None,
        settings: Settings | None = None,
    ) -> type[VariantMachine]:
        """A machine for the registered variant ``name``: under ``options`` (a mapping of option
        values), or, when None, under any options for a game that registers an option strategy
        (:func:`~tarotlib.testing.strategies.rules`) and the default ones for others. Deals are
        permutations of ``deck`` (default: :func:`~tarotlib.testing.generic.deck_of` the rules;
        drawn seeds when unknown). ``check`` replaces :meth:`check`; ``actions`` are more
        actions to attempt; ``settings`` become the ``TestCase``'s (default: no deadline). The
        variant is looked up when the machine first deals, so it may be registered later.

        >>> M = VariantMachine.for_variant("french-tarot", {"players": 3})
        >>> M.__name__, issubclass(M, VariantMachine)
        ('FrenchTarotMachine', True)
        """
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if options is None:
            rules = ts.rules(key)
        else:
            values = dict(options)
            rules = st.deferred(lambda: st.just(variant(key, **values)))
        namespace: dict[str, object] = {
            "deals": ts.deals(rules, deck=deck),
            "__doc__": f"A {cls.__name__} for the variant {key!r}.",
            "__module__": cls.__module__,
        }
        if check is not None:

            def run_check(self: VariantMachine, state: DealState) -> None:
                check(state)

            namespace["check"] = run_check
        if actions is not None:
            namespace["extra_actions"] = actions
        title = "".join(part.capitalize() for part in key.split("-"))
        machine = cast(type[VariantMachine], type(f"{title}Machine", (cls,), namespace))
        machine.TestCase.settings = settings or _DEFAULT_SETTINGS
        return machine
