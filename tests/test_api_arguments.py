"""Every public entry point answers wrong types and values with a typed error from the
``TarotError`` hierarchy that names the argument, never with an internal ``TypeError`` or
``AttributeError``, and never by accepting them: Hypothesis drives each one with values it must
refuse, for every registered game, and checks the error's type and message and that the state,
the match and the rules the call was made on are unchanged (they are immutable values)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.errors import (
    ActionParseError,
    ActionTypeError,
    CardParseError,
    DealError,
    MatchError,
    OptionError,
    TarotError,
    UnknownVariantError,
)

from support.profiles import examples

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

#: The values of :data:`WRONG` that are not text.
NOT_TEXT = WRONG.filter(lambda v: not isinstance(v, str))


def _texts(*near_misses: str) -> st.SearchStrategy[object]:
    """Text no parser of cards, actions or variant names accepts: ``near_misses`` (each checked by
    hand to be refused) and arbitrary text behind a ``#``, which starts no card, action verb or
    variant name."""
    return st.sampled_from(near_misses) | st.text(max_size=6).map(lambda s: "#" + s)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, players: int) -> bool:
    return _is_int(value) and 0 <= value < players  # type: ignore[operator]


GAMES = tarotlib.variant_names()


@dataclass(frozen=True)
class Refusal:
    """How an entry point refuses a wrong argument: ``call`` takes the argument, ``values`` are
    arguments it must refuse, with ``error`` and a message that ``message`` (a regular
    expression) matches."""

    call: Callable[[Any], object]
    values: st.SearchStrategy[object]
    error: type[TarotError]
    message: str


@dataclass(frozen=True)
class Subjects:
    """What the calls of one game are made on, and equal copies made apart to compare them with
    after each refusal."""

    rules: Any
    state: Any
    match: Any
    fresh_state: Any
    fresh_match: Any
    options: dict[str, object]


def _subjects(name: str) -> Subjects:
    rules: Any = tarotlib.variant(name)
    return Subjects(
        rules,
        rules.new_deal(seed=1),
        tarotlib.Match.start(rules, deals=2, seed=1),
        tarotlib.variant(name).new_deal(seed=1),
        tarotlib.Match.start(tarotlib.variant(name), deals=2, seed=1),
        dict(rules.options_dict()),
    )


def _refusals(name: str, on: Subjects) -> dict[str, Refusal]:
    """The game's entry points, each with the values it must refuse."""
    rules, state, match = on.rules, on.state, on.match
    n = rules.players
    seat = rf"seat must be 0\.\.{n - 1}, got "
    a_seat = rf"must be a seat 0\.\.{n - 1}, got "
    not_seat = WRONG.filter(lambda v: not _is_seat(v, n))
    not_int = WRONG.filter(lambda v: not _is_int(v))
    not_action = r"^apply\(\) takes an Action, not "
    return {
        "state.hand": Refusal(state.hand, not_seat, DealError, "^" + seat),
        "state.hand_mask": Refusal(state.hand_mask, not_seat, DealError, "^" + seat),
        "state.pile_mask": Refusal(state.pile_mask, not_seat, DealError, "^" + seat),
        "state.observation": Refusal(state.observation, not_seat, DealError, "^" + seat),
        "state.apply": Refusal(state.apply, WRONG, ActionTypeError, not_action),
        # (is_legal() answers False for a wrong object: tests/test_wrong_objects_fuzz.py)
        # None is no action for the phase authors' builders: any other non-action is refused.
        "state.proceed": Refusal(
            lambda v: state.proceed(v, to_act=0),
            WRONG.filter(lambda v: v is not None),
            ActionTypeError,
            not_action,
        ),
        "state.advance": Refusal(
            state.advance, WRONG.filter(lambda v: v is not None), ActionTypeError, not_action
        ),
        "rules.parse_action": Refusal(
            rules.parse_action,
            NOT_TEXT | _texts("", " ", "0", "KH", "fold", "play", "bid", "pass pass", "pass,"),
            ActionParseError,
            r"^(an action is written as text, got |empty action text$|cannot parse action "
            r"|play takes one card|bid takes |pass takes nothing after it)",
        ),
        "rules.new_deal(seed=)": Refusal(
            lambda v: rules.new_deal(seed=v),
            not_int.filter(lambda v: v is not None),  # None: a fresh random seed
            DealError,
            r"^seed must be an integer, got ",
        ),
        "rules.new_deal(dealer=)": Refusal(
            lambda v: rules.new_deal(seed=1, dealer=v), not_seat, DealError, "^dealer " + a_seat
        ),
        "rules.new_deal(layout=)": Refusal(
            lambda v: rules.new_deal(layout=v),
            WRONG.filter(lambda v: v is not None),  # None: a fresh random seed
            DealError,
            r"^layout must be a tarotlib\.Layout, got ",
        ),
        "rules.deal_from_order": Refusal(
            rules.deal_from_order,
            WRONG,
            DealError,
            rf"^the order must (be a sequence of cards, got |list each of the "
            rf"{len(rules.deck.cards)} cards of the {re.escape(rules.deck.name)} pack)",
        ),
        "rules.check_layout": Refusal(
            rules.check_layout, WRONG, DealError, r"^layout must be a tarotlib\.Layout, got "
        ),
        "rules.score": Refusal(
            rules.score, WRONG, DealError, rf"^score\(\) takes a deal of {re.escape(name)}, got "
        ),
        "rules.counts_toward_match": Refusal(
            rules.counts_toward_match,
            WRONG,
            MatchError,
            rf"^counts_toward_match\(\) takes a DealResult of {n} scores, got ",
        ),
        "rules.next_dealer": Refusal(rules.next_dealer, not_seat, DealError, "^dealer " + a_seat),
        "rules.match_first_dealer": Refusal(
            rules.match_first_dealer,
            not_int.filter(lambda v: v is not None),
            DealError,
            r"^match_first_dealer\(\) takes an integer seed or None, got ",
        ),
        # None is the default (no fixed number of deals): every other non-count is refused.
        "Match.start(deals=)": Refusal(
            lambda v: tarotlib.Match.start(rules, deals=v),
            WRONG.filter(lambda v: v is not None and not (_is_int(v) and v >= 1)),
            MatchError,
            r"^deals must be (a whole number|at least 1), got ",
        ),
        "Match.start(seed=)": Refusal(
            lambda v: tarotlib.Match.start(rules, deals=1, seed=v),
            not_int.filter(lambda v: v is not None),
            MatchError,
            r"^seed must be an integer, got ",
        ),
        "Match.start(first_dealer=)": Refusal(
            lambda v: tarotlib.Match.start(rules, deals=1, first_dealer=v),
            not_seat.filter(lambda v: v is not None),
            MatchError,
            "^first_dealer " + a_seat,
        ),
        "match.add": Refusal(
            match.add, WRONG, MatchError, r"^add\(\) takes a deal's DealResult, got "
        ),
        "match.play": Refusal(
            match.play,
            WRONG,
            MatchError,
            rf"^(give a list of bots, one per seat; got |give one bot per seat \({n}\), got "
            r"|the bot of seat 0 has no choose\(state\) method: )",
        ),
    }


#: The entry points that take no game, each with the values it must refuse.
SHARED: dict[str, Refusal] = {
    "Match.start(rules)": Refusal(
        lambda v: tarotlib.Match.start(v, deals=1),
        WRONG,
        MatchError,
        r"^a match is played under a game's rules, got ",
    ),
    "variant": Refusal(
        tarotlib.variant,
        NOT_TEXT | _texts("", " ", "0", "tarot", "skat", "french-tarot-3"),
        UnknownVariantError,
        r"^(a variant is named by a string, got |unknown variant )",
    ),
    "parse_card": Refusal(
        tarotlib.parse_card,
        NOT_TEXT | _texts("", " ", "0", "1", "K", "11H", "KX", "T0", "T22", "ZZ", "1S 2S", "EXC"),
        CardParseError,
        r"^cannot parse card ",
    ),
    "Layout.from_text": Refusal(
        Layout.from_text,
        WRONG.filter(lambda v: not (isinstance(v, list) and v)),
        DealError,
        r"^(give one text per hand, as a list of strings; got |a layout needs at least one hand$)",
    ),
    "Layout.from_text(hand)": Refusal(
        Layout.from_text,
        # (a list of card texts is a hand too; a mapping as a hand: see the test below)
        st.lists(
            NOT_TEXT.filter(lambda v: not isinstance(v, (list, dict))), min_size=1, max_size=4
        ),
        CardParseError,
        r"^cannot parse cards from .*: expected a string or a list of card texts$",
    ),
}

CASES = [(name, call) for name in GAMES for call in _refusals(name, _subjects(name))] + [
    ("any game", call) for call in SHARED
]

_CACHE: dict[str, tuple[Subjects, dict[str, Refusal]]] = {}


def _cached(name: str) -> tuple[Subjects, dict[str, Refusal]]:
    if name not in _CACHE:
        on = _subjects(name)
        _CACHE[name] = (on, _refusals(name, on))
    return _CACHE[name]


@pytest.mark.parametrize(("game", "call"), CASES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_wrong_argument_gets_a_typed_error(game: str, call: str, data: st.DataObject) -> None:
    if game not in GAMES:
        refusal = SHARED[call]
        value = data.draw(refusal.values, label="value")
        with pytest.raises(refusal.error, match=refusal.message):
            refusal.call(value)
        return
    on, refusals = _cached(game)
    refusal = refusals[call]
    value = data.draw(refusal.values, label="value")
    with pytest.raises(refusal.error, match=refusal.message):
        refusal.call(value)
    # The objects the call was made on are as they were made (immutable values).
    assert on.state == on.fresh_state
    assert on.state.history == () and on.state.to_act == on.fresh_state.to_act
    assert on.match == on.fresh_match and on.match.results == ()
    assert dict(on.rules.options_dict()) == on.options


@cache
def _options(name: str) -> dict[str, object]:
    return dict(tarotlib.variant(name).options_dict())


@st.composite
def wrong_options(draw: st.DrawFn, name: str) -> tuple[dict[str, object], str]:
    """Options ``variant(name, **options)`` must refuse, with the message's regular expression: an
    unknown option name, or a known option with a value of another type than its default's (a
    string for none of them can be a choice: it starts with ``#``)."""
    known = _options(name)
    if draw(st.booleans(), label="unknown name"):
        key = draw(st.text(max_size=6).map(lambda s: "#" + s), label="name")
        return {
            key: draw(WRONG, label="value")
        }, rf"^unknown .* option\(s\) {re.escape(key)}; known: "
    key = draw(st.sampled_from(sorted(known)), label="name")
    default = known[key]
    values = NOT_TEXT.filter(lambda v: type(v) is not type(default)) | _texts("", "0", "x")
    if default is None:  # no fixed type (a count, a table): what is neither a number nor a list
        values = values.filter(lambda v: v is not None and not isinstance(v, (int, list)))
        values |= st.booleans()
    return {key: draw(values, label="value")}, rf"^option {re.escape(key)} must be "


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_wrong_option_gets_an_option_error(game: str, data: st.DataObject) -> None:
    options, message = data.draw(wrong_options(game))
    with pytest.raises(OptionError, match=message):
        tarotlib.variant(game, **options)


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_card_in_an_action_gets_an_action_parse_error(game: str) -> None:
    rules = tarotlib.variant(game)
    with pytest.raises(ActionParseError, match="ZZ"):
        rules.parse_action("play ZZ")


def test_a_mapping_as_a_hand_is_refused() -> None:
    hands: Any = [{"KH": 1}, {"QH": 2}]  # Any: the wrong type on purpose
    with pytest.raises(CardParseError, match="expected a string or a list of card texts"):
        Layout.from_text(hands)


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
