"""Invariant checkers for any variant: point them at any state of a deal and they raise
``AssertionError`` with a clear message when a rule is broken.

- **Any variant** (only the :class:`~tarotlib.deal.DealState` protocol is used):
  :func:`check_terminates`, :func:`check_legal_actions`, :func:`check_rejects`,
  :func:`check_zero_sum`, :func:`check_replay`.
- **Any trick-taking variant, given its facts** (your own included):
  :func:`~tarotlib.testing.generic.check_deal` — cards, legality of every trick under the
  :class:`~tarotlib.core.tricks.TrickRules` you name (with the game's registered exceptions to them),
  trick winners, piles and points under a :class:`~tarotlib.core.points.PointTable`, zero-sum and your
  scoring (:mod:`tarotlib.testing.generic`, re-exported here).
- **A game's own rules**: each game may register an *oracle* (its ``oracle`` hook,
  :class:`~tarotlib.registry.VariantInfo`), checkers that recompute its rules
  independently of its engine. French Tarot's are in :mod:`tarotlib.variants.french_tarot.oracle`,
  Belote's in :mod:`tarotlib.variants.belote.oracle`.

:func:`check_state` runs the generic checks that apply to a state, then its game's oracle. None of
this module needs Hypothesis.

>>> import random
>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     check_state(state)
...     state = state.apply(rng.choice(state.legal_actions()))
>>> check_state(state)        # also the end-of-deal checks: zero-sum, and the game's oracle's
"""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

from tarotlib.core.actions import Action
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState
from tarotlib.errors import GameNotOverError, IllegalActionError, UnknownVariantError
from tarotlib.registry import VariantInfo, hook_attribute, variant_info
from tarotlib.testing.generic import (
    DealFacts,
    TrickExceptions,
    check_deal,
    deck_of,
    registered,
)

__all__ = [
    "DealFacts",
    "TrickExceptions",
    "check_deal",
    "check_legal_actions",
    "check_rejects",
    "check_replay",
    "check_state",
    "check_terminates",
    "check_zero_sum",
    "deck_of",
    "registered",
    "state_snapshot",
]


def state_snapshot(state: DealState) -> tuple[object, ...]:
    """Everything observable about a state: phase, seat to act, legal actions, history, every
    seat's observation (JSON form) and, when the state offers ``hand(seat)``, every hand.

    Two snapshots compare equal when nothing visible changed; used by :func:`check_rejects`.

    >>> import tarotlib
    >>> st = tarotlib.variant("french-tarot").new_deal(seed=3)
    >>> state_snapshot(st) == state_snapshot(st)
    True
    """
    n = state.rules.players
    hand = getattr(state, "hand", None)
    hands = tuple(hand(s) for s in range(n)) if callable(hand) else None
    return (
        state.phase,
        state.to_act,
        state.is_over,
        state.legal_actions(),
        state.history,
        tuple(json.dumps(state.observation(s).to_json(), sort_keys=True) for s in range(n)),
        hands,
    )


def check_terminates(
    state: DealState, max_actions: int = 1000, rng: random.Random | int = 0
) -> DealState:
    """Play uniformly random legal actions from ``state``; the deal must end within
    ``max_actions`` actions. Along the way: a seat is to act and some action is legal exactly while
    the deal is not over, and ``result`` is available exactly when it is over. Returns the final
    state. Works for any variant.

    >>> import tarotlib
    >>> final = check_terminates(tarotlib.variant("french-tarot").new_deal(seed=1), 500)
    >>> final.is_over
    True
    """
    r = rng if isinstance(rng, random.Random) else random.Random(rng)
    for step in range(max_actions + 1):
        actions = state.legal_actions()
        if state.is_over:
            assert state.to_act is None, f"the deal is over but seat {state.to_act} is to act"
            assert actions == (), f"the deal is over but actions are legal: {actions}"
            assert isinstance(state.result, DealResult), "an ended deal has no DealResult"
            return state
        assert state.to_act is not None, f"phase {state.phase}: nobody to act before the end"
        assert actions, f"phase {state.phase}: no legal action but the deal is not over"
        try:
            state.result  # noqa: B018 - must raise
        except GameNotOverError:
            pass
        else:
            raise AssertionError("result is available before the end of the deal")
        if step == max_actions:
            break
        state = state.apply(r.choice(actions))
    raise AssertionError(f"the deal did not end within {max_actions} actions (phase {state.phase})")


def check_legal_actions(state: DealState) -> None:
    """``legal_actions()`` is deterministic (two calls give the same tuple), has no duplicate, is
    empty exactly when the deal is over, and every listed action applies: ``is_legal`` agrees and
    the new state's history is the old one plus the action, the old state being unchanged.
    Works for any variant.

    >>> import tarotlib
    >>> check_legal_actions(tarotlib.variant("french-tarot", players=5).new_deal(seed=2))
    """
    first = state.legal_actions()
    again = state.legal_actions()
    assert first == again, f"legal_actions() is not deterministic: {first} then {again}"
    assert len(set(first)) == len(first), f"legal_actions() lists an action twice: {first}"
    if state.is_over:
        assert first == (), f"the deal is over but legal_actions() is {first}"
        return
    assert first, f"phase {state.phase}: legal_actions() is empty before the end"
    history = state.history
    for action in first:
        try:
            nxt = state.apply(action)
        except IllegalActionError as exc:
            raise AssertionError(f"listed legal action {action} was rejected: {exc}") from exc
        assert nxt.history == (*history, action), f"history after {action} is {nxt.history}"
        assert state.is_legal(action), f"is_legal({action}) is False for a listed action"
    assert state.history == history, "applying actions changed the original state's history"
    assert state.legal_actions() == first, "applying actions changed the original legal actions"


def check_rejects(state: DealState, action: Action) -> IllegalActionError:
    """``action`` must be rejected with :class:`~tarotlib.errors.IllegalActionError` (a
    ``ValueError``) carrying a non-empty reason, ``is_legal`` must say False, and the state must be
    left exactly as it was (:func:`state_snapshot`). Returns the error. Works for any variant.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_card
    >>> st = tarotlib.variant("french-tarot").new_deal(seed=3)
    >>> check_rejects(st, tarotlib.Play(parse_card("KH"))).reason
    'phase auction expects pass or a bid (FT-4.3)'
    """
    before = state_snapshot(state)
    try:
        state.apply(action)
    except IllegalActionError as exc:
        error = exc
    else:
        raise AssertionError(f"illegal action {action} was accepted in phase {state.phase}")
    assert isinstance(error, ValueError), "IllegalActionError must be a ValueError"
    assert isinstance(error.reason, str) and error.reason.strip(), (
        f"rejection of {action} has an empty reason"
    )
    assert str(error).strip(), f"rejection of {action} has an empty message"
    assert not state.is_legal(action), f"is_legal({action}) is True for a rejected action"
    after = state_snapshot(state)
    assert after == before, f"rejecting {action} changed the state"
    return error


def check_zero_sum(result: DealResult) -> None:
    """The scores of a deal add up to zero; an annulled deal scores zero for every seat.

    >>> from tarotlib.core.results import DealResult
    >>> check_zero_sum(DealResult((3, -1, -1, -1)))
    >>> check_zero_sum(DealResult((3, -1, -1, 0)))
    Traceback (most recent call last):
        ...
    AssertionError: scores (3, -1, -1, 0) do not sum to zero (sum 1)
    """
    total = sum(result.scores)
    assert total == 0, f"scores {result.scores} do not sum to zero (sum {total})"
    if result.is_annulled:
        assert all(s == 0 for s in result.scores), (
            f"annulled deal ({result.annulled}) with non-zero scores {result.scores}"
        )
        assert str(result.annulled).strip(), "an annulled deal must say why"


def check_replay(state: DealState) -> None:
    """Determinism: dealing again (from the state's seed, else from its layout) and applying its
    history gives an equal state, with the same legal actions, observations and result.
    Works for any variant.

    >>> import tarotlib
    >>> st = tarotlib.variant("french-tarot").new_deal(seed=9)
    >>> check_replay(st.apply(st.legal_actions()[1]))
    """
    rules = state.rules
    layout = state.layout
    facts = state.facts or None  # the facts given with the deal (Game.new_deal)
    if state.seed is not None:
        again = rules.new_deal(seed=state.seed, dealer=layout.dealer, facts=facts)
    else:
        again = rules.new_deal(layout=layout, facts=facts)
    assert again.layout == layout, "dealing again gives another layout"
    for action in state.history:
        again = again.apply(action)
    assert again.history == state.history, "replayed history differs"
    assert again.phase == state.phase and again.to_act == state.to_act, (
        f"replay reaches phase {again.phase}, seat {again.to_act}; "
        f"expected {state.phase}, seat {state.to_act}"
    )
    assert again.legal_actions() == state.legal_actions(), "replay gives other legal actions"
    assert state_snapshot(again) == state_snapshot(state), "replay gives another state"
    if state.is_over:
        assert again.result == state.result, f"replay scores {again.result} != {state.result}"
        assert again.result.lines() == state.result.lines(), "replay explains the score differently"


# --------------------------------------------------------------------------------------------------
# every check that applies


def _entry(state: DealState) -> VariantInfo | None:
    """The registry entry of the state's game (None for rules under an unregistered name)."""
    try:
        return variant_info(state.rules.name)
    except UnknownVariantError:
        return None


def check_state(state: DealState) -> None:
    """Run every checker that applies: the generic ones for any variant (:func:`check_legal_actions`;
    at the end :func:`check_zero_sum`, unless the game's registry entry says its scores are not
    zero-sum — Belote partners both hold their team's points), then the game's own oracle (the
    ``oracle`` hook of its registry entry: French Tarot's and Belote's recompute the card, trick,
    legal-action, observation, point and score rules independently). Call it at every step of a
    deal.

    >>> import tarotlib
    >>> check_state(tarotlib.variant("french-tarot", players=3).new_deal(seed=8))
    >>> check_state(tarotlib.variant("belote", preset="classic").new_deal(seed=8))
    """
    check_legal_actions(state)
    entry = _entry(state)
    if state.is_over and (entry is None or entry.zero_sum):
        check_zero_sum(state.result)
    if entry is not None and entry.oracle is not None:
        entry.oracle(state)


_WARNED: set[str] = set()


def _moved(module: str, name: str) -> Any:
    """A checker that moved from ``module`` into a game's oracle, found through the registry (with
    a ``DeprecationWarning``, once per name); raises ``AttributeError`` for any other name."""
    if name.startswith("_"):
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    try:
        value = hook_attribute("oracle", name)
    except AttributeError:
        raise AttributeError(f"module {module!r} has no attribute {name!r}") from None
    if name not in _WARNED:
        _WARNED.add(name)
        warnings.warn(
            f"{module}.{name} moved to {value.__module__}.{name}", DeprecationWarning, stacklevel=3
        )
    return value


def __getattr__(name: str) -> Any:
    """The checkers that moved into the games' oracles stay importable from here, deprecated."""
    return _moved(__name__, name)
