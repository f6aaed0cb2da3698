"""Every public entry point answers wrong types and values with a typed error from the
``TarotError`` hierarchy that names the argument, never with an internal ``TypeError`` or
``AttributeError``: Hypothesis drives each one with arbitrary values, for every registered game."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples

import tarotlib
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.errors import TarotError

#: Values a caller might pass by mistake: None, strings (also digit strings), floats, booleans,
#: out-of-range and huge integers, containers, objects.
WRONG = st.one_of(
    st.none(),
    st.text(max_size=6),
    st.sampled_from(["0", "1", "pass", "KH", ""]),
    st.floats(allow_nan=True),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.lists(st.integers(-2, 80), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(object),
)

GAMES = tarotlib.variant_names()


def _rules(name: str) -> Any:
    return tarotlib.variant(name)


def _calls(name: str) -> dict[str, Callable[[Any], object]]:
    rules = _rules(name)
    state = rules.new_deal(seed=1)
    match = tarotlib.Match.start(rules, deals=2, seed=1)
    return {
        "state.hand": state.hand,
        "state.hand_mask": state.hand_mask,
        "state.pile_mask": state.pile_mask,
        "state.observation": state.observation,
        "state.apply": state.apply,
        "state.is_legal": state.is_legal,
        "rules.parse_action": rules.parse_action,
        "rules.new_deal(seed=)": lambda v: rules.new_deal(seed=v),
        "rules.new_deal(dealer=)": lambda v: rules.new_deal(seed=1, dealer=v),
        "rules.new_deal(layout=)": lambda v: rules.new_deal(layout=v),
        "rules.deal_from_order": rules.deal_from_order,
        "Match.start(deals=)": lambda v: tarotlib.Match.start(rules, deals=v),
        "Match.start(seed=)": lambda v: tarotlib.Match.start(rules, deals=1, seed=v),
        "Match.start(first_dealer=)": lambda v: tarotlib.Match.start(
            rules, deals=1, first_dealer=v
        ),
        "match.add": match.add,
        "match.play": match.play,
        "Match.start(rules)": lambda v: tarotlib.Match.start(v, deals=1),
        "rules.check_layout": rules.check_layout,
        "rules.score": rules.score,
        "rules.counts_toward_match": rules.counts_toward_match,
        "rules.next_dealer": rules.next_dealer,
        "rules.match_first_dealer": rules.match_first_dealer,
        "state.proceed": lambda v: state.proceed(v, to_act=0),
        "state.advance": lambda v: state.advance(v) if v is not None else None,
        "variant": tarotlib.variant,
        "variant(options)": lambda v: tarotlib.variant(name, **(v if isinstance(v, dict) else {})),
        "parse_card": tarotlib.parse_card,
        "Layout.from_text": Layout.from_text,
    }


CASES = [(name, call) for name in GAMES for call in _calls(name)]


@pytest.mark.parametrize(("game", "call"), CASES)
@settings(max_examples=examples(60), deadline=None)
@given(value=WRONG)
def test_a_wrong_argument_gets_a_typed_error(game: str, call: str, value: object) -> None:
    function = _calls_cache(game)[call]
    with contextlib.suppress(TarotError):
        function(value)


_CACHE: dict[str, dict[str, Callable[[Any], object]]] = {}


def _calls_cache(name: str) -> dict[str, Callable[[Any], object]]:
    if name not in _CACHE:
        _CACHE[name] = _calls(name)
    return _CACHE[name]


def test_the_errors_name_what_was_wrong() -> None:
    # Any: these calls pass the wrong types on purpose.
    rules: Any = tarotlib.variant("french-tarot", players=4)
    state: Any = rules.new_deal(seed=1)
    match: Any = tarotlib.Match.start(rules, deals=2)
    variant: Any = tarotlib.variant
    layout: Any = Layout
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: state.hand(9), "seat must be 0..3, got 9"),
        (lambda: state.hand("1"), "seat must be 0..3, got '1'"),
        (lambda: state.apply(None), "apply() takes an Action, not NoneType"),
        (lambda: rules.new_deal(seed=1.5), "seed must be an integer, got 1.5"),
        (lambda: match.add("x"), "add() takes a deal's DealResult"),
        (lambda: match.add(DealResult((1, 2, 3))), "3 scores"),
        (lambda: variant(None), "a variant is named by a string, got NoneType"),
        (lambda: rules.deal_from_order(None), "the order must be a sequence of cards"),
        (lambda: layout.from_text(None), "give one text per hand"),
    ]
    for call, message in cases:
        with pytest.raises(TarotError) as info:
            call()
        assert message in str(info.value), (message, str(info.value))
