"""Wrong objects, fuzzed: every public action constructor and the main entry points of every
registered game (``apply``, ``is_legal``, ``parse_action``, ``new_deal``'s arguments, ``Match.add``,
``GameRecord.from_json`` and ``from_state``) answer a wrong object with a typed ``TarotError`` (or,
for ``is_legal``, with ``False``), and leave the state, match or record they were called on as it
was.

The action classes are found by walking the subclasses of ``Action`` once every game is loaded,
their fields' wrong values are derived from the fields' types, and the games come from the
registry: a game added later, or an action class it adds, is covered without being named here (an
action field of a type this file does not know fails :func:`test_every_action_field_is_fuzzed`).
"""

from __future__ import annotations

import copy
import enum
import json
import math
import random
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.core.actions import Action, Declare, named_cards
from tarotlib.core.cards import ALL_CARDS, TAROT_NOTATION, Card, Notation, Rank, Suit
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState
from tarotlib.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    ActionValueError,
    CardParseError,
    DealError,
    IllegalActionError,
    MatchError,
    RecordError,
    TarotError,
)
from tarotlib.records import GameRecord

from support.profiles import examples

GAMES = tarotlib.variant_names()
RULES = {name: tarotlib.variant(name) for name in GAMES}  # (imports every game's modules)

#: Values a caller might pass by mistake: None, text, floats (NaN and infinities too), booleans,
#: integers of any size, int enums (ints that are not cards), containers and plain objects.
WRONG = st.one_of(
    st.none(),
    st.text(max_size=6),
    st.sampled_from(["0", "1", "KH", "EX", "pass", ""]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([*Suit, *Rank]),
    st.lists(st.integers(-2, 80), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(object),
)


def _is_card(value: object) -> bool:
    return (type(value) is int or type(value) is Card) and 0 <= value < 78


# -- the action classes ---------------------------------------------------------------------------
def _subclasses(cls: type) -> list[type]:
    out: list[type] = []
    sub: type
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


#: Every public action class of tarotlib and of the registered games.
ACTION_CLASSES = sorted(
    {c for c in _subclasses(Action) if not c.__name__.startswith("_") and attrs.has(c)},
    key=lambda c: (c.__module__, c.__name__),
)


def _fields(cls: type) -> list[tuple[str, object, bool]]:
    """The fields an action class is built with: ``(name, type, keyword-only)``."""
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name], f.kw_only) for f in attrs.fields(cls) if f.init]


@cache
def _members_of_games() -> tuple[enum.Enum, ...]:
    """The enum members the games' actions carry (contracts, declaration kinds), harvested from
    the legal actions of a few random deals of every game."""
    seen: dict[enum.Enum, None] = {}
    for action in _legal_actions_seen():
        for field in attrs.fields(type(action)):
            value = getattr(action, field.name)
            if isinstance(value, enum.Enum):
                seen[value] = None
    return tuple(seen)


@cache
def _legal_actions_seen() -> tuple[Action, ...]:
    """Every legal action met in three random deals of every game (in order, each once)."""
    seen: dict[Action, None] = {}
    for name in GAMES:
        for seed in range(3):
            state = RULES[name].new_deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                seen.update(dict.fromkeys(legal))
                state = state.apply(rng.choice(legal))
    return tuple(seen)


def _valid(kind: object) -> st.SearchStrategy[Any]:
    """Values a field of this type takes (any card of the 78, any member of the enum, ...)."""
    if kind is Card:
        return st.sampled_from(ALL_CARDS) | st.integers(0, 77)
    if kind is bool:
        return st.booleans()
    if kind is int:
        return st.integers(0, 300)
    if kind is Notation:
        return st.just(TAROT_NOTATION)
    if kind is enum.Enum:
        return st.sampled_from(_members_of_games())
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return st.sampled_from(list(kind))
    if typing.get_origin(kind) is tuple and typing.get_args(kind) == (Card, ...):
        return st.lists(st.sampled_from(ALL_CARDS), max_size=4, unique=True).map(tuple)
    raise AssertionError(f"no strategy for an action field of type {kind!r}: add one here")


def _wrong(kind: object) -> st.SearchStrategy[tuple[object, type[ActionError], object]]:
    """Wrong values for a field of this type, each with the error it must raise and the value the
    message must name (the value, or the wrong card inside a list)."""

    def plain(values: st.SearchStrategy[object]) -> st.SearchStrategy[Any]:
        return values.map(lambda v: (v, ActionValueError if type(v) is int else ActionTypeError, v))

    if kind is Card:
        return plain(WRONG.filter(lambda v: not _is_card(v)))
    if kind is bool:
        return plain(WRONG.filter(lambda v: type(v) is not bool)).map(
            lambda t: (t[0], ActionTypeError, t[0])
        )
    if kind is int:
        return plain(WRONG.filter(lambda v: type(v) is not int or v < 0))
    if kind is Notation:
        return plain(WRONG).map(lambda t: (t[0], ActionTypeError, t[0]))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        others = st.sampled_from(_members_of_games()).filter(lambda v: not isinstance(v, kind))
        return plain((WRONG | others).filter(lambda v: not isinstance(v, kind))).map(
            lambda t: (t[0], ActionTypeError, t[0])
        )
    if typing.get_origin(kind) is tuple:
        not_a_sequence = WRONG.filter(lambda v: not isinstance(v, list)).map(
            lambda v: (v, ActionTypeError, v)
        )
        bad_card = st.tuples(
            st.lists(st.sampled_from(ALL_CARDS), max_size=3),
            WRONG.filter(lambda v: not _is_card(v)),
            st.sampled_from([list, tuple]),
        ).map(
            lambda t: (
                t[2]([*t[0], t[1]]),
                ActionValueError if type(t[1]) is int else ActionTypeError,
                t[1],
            )
        )
        return not_a_sequence | bad_card
    raise AssertionError(f"no wrong values for an action field of type {kind!r}: add them here")


FIELDS = [(cls, name) for cls in ACTION_CLASSES for name, _, _ in _fields(cls)]


def test_every_action_field_is_fuzzed() -> None:
    # Every game's own action classes are found, and every field has its strategies.
    names = {cls.__name__ for cls in ACTION_CLASSES}
    assert {"Play", "Discard", "Call", "Give", "Request", "Expose", "Declare", "Bid"} <= names
    assert {"ContreeBid", "Slam", "Monte", "Answer", "Concede", "Redeal"} <= names
    for cls in ACTION_CLASSES:
        for _, kind, _ in _fields(cls):
            _valid(kind), _wrong(kind)
    assert len(FIELDS) >= 20


def _build(cls: type, values: dict[str, object]) -> Action:
    positional = [values[n] for n, _, kw in _fields(cls) if not kw]
    keywords = {n: values[n] for n, _, kw in _fields(cls) if kw}
    built: Action = cls(*positional, **keywords)
    return built


@pytest.mark.parametrize(
    ("cls", "field"), FIELDS, ids=[f"{c.__name__}.{name}" for c, name in FIELDS]
)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_an_action_refuses_a_wrong_value(cls: type, field: str, data: st.DataObject) -> None:
    values = {n: data.draw(_valid(kind), label=n) for n, kind, _ in _fields(cls) if n != field}
    kind = dict((n, k) for n, k, _ in _fields(cls))[field]
    wrong, error, named = data.draw(_wrong(kind), label=field)
    values[field] = wrong
    with pytest.raises(ActionError) as info:
        _build(cls, values)
    exc = info.value
    assert type(exc) is error, (wrong, exc)
    assert isinstance(exc, TypeError if error is ActionTypeError else ValueError)
    message = str(exc)
    assert cls.__name__ in message, message  # which action refused it
    # ... and what was given: the value's type, or the integer out of range.
    shown = str(named) if error is ActionValueError else type(named).__name__
    assert shown in message, (shown, message)


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=[c.__name__ for c in ACTION_CLASSES])
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_an_action_holds_immutable_values(cls: type, data: st.DataObject) -> None:
    # Right values of any type the field takes (an int for a card, a list for a declaration's
    # cards) are stored as immutable values: the action hashes, compares equal to the one built
    # from its stored values, and does not follow the caller's containers.
    values = {n: data.draw(_valid(kind), label=n) for n, kind, _ in _fields(cls)}
    given_values = {n: list(v) if isinstance(v, tuple) else v for n, v in values.items()}
    action = _build(cls, given_values)
    again = _build(cls, {n: getattr(action, n) for n in values})
    assert action == again and hash(action) == hash(again)
    kinds = {n: kind for n, kind, _ in _fields(cls)}
    for n, v in given_values.items():
        stored = getattr(action, n)
        if isinstance(v, list):
            assert type(stored) is tuple and stored == tuple(v)
            assert all(type(c) is Card for c in stored)
            v.append(ALL_CARDS[0])  # the caller's list changes; the action does not
            assert getattr(action, n) == stored
        elif kinds[n] is Card:
            assert type(stored) is Card and stored == v  # an index is stored as its Card


# -- random states of every game --------------------------------------------------------------------
@st.composite
def states(draw: st.DrawFn, name: str, *, over: bool = False) -> DealState:
    """A state of a random deal of ``name``, some random legal actions in (the end too); with
    ``over``, the end."""
    seed = draw(st.integers(0, 10**6), label="seed")
    steps = 10**4 if over else draw(st.integers(0, 150), label="steps")
    state = RULES[name].new_deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _copy_of(state: DealState) -> DealState:
    """An equal state made apart (the deal dealt again, its history replayed)."""
    again = GameRecord.from_state(state).replay()
    assert again == state
    return again


@st.composite
def any_action(draw: st.DrawFn) -> Action:
    """A well-made action of any class with any values: most are wrong for a given state (another
    phase, another game's kind, a card outside the pack or not held)."""
    if draw(st.booleans(), label="a legal action of some game"):
        seen: Action = draw(st.sampled_from(_legal_actions_seen()))
        return seen
    cls = draw(st.sampled_from(ACTION_CLASSES), label="class")
    return _build(cls, {n: draw(_valid(kind), label=n) for n, kind, _ in _fields(cls)})


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_is_legal_and_apply_agree_on_any_action(game: str, data: st.DataObject) -> None:
    state = data.draw(states(game))
    before = _copy_of(state)
    legal_now = st.sampled_from(state.legal_actions()) if not state.is_over else st.nothing()
    action = data.draw(any_action() | legal_now, label="action")
    legal = state.is_legal(action)
    assert type(legal) is bool
    if legal:
        state.apply(action)
    else:
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.action == action and info.value.reason
    assert state == before and state.history == before.history


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_is_legal_is_false_for_a_wrong_object(game: str, data: st.DataObject) -> None:
    state = data.draw(states(game))
    before = _copy_of(state)
    wrong: Any = data.draw(WRONG | st.sampled_from([a.text for a in _legal_actions_seen()]))
    assert state.is_legal(wrong) is False
    with pytest.raises(ActionTypeError, match=r"^apply\(\) takes an Action, not "):
        state.apply(wrong)
    assert state == before


# -- parse_action ------------------------------------------------------------------------------------
SMALL_PACKS = [name for name in GAMES if len(RULES[name].deck) < 78]


def _card_verbs(name: str) -> list[str]:
    """The verbs of the card actions (``play``, ``discard``, ...) the game's deals have used."""
    rules = RULES[name]
    verbs: dict[str, None] = {}
    for action in _legal_actions_seen():
        text = action.text
        if named_cards(action) and not isinstance(action, Declare) and text.count(" ") == 1:
            try:
                rules.parse_action(text)
            except TarotError:
                continue
            verbs[text.split()[0]] = None
    return list(verbs)


def test_some_games_have_smaller_packs() -> None:
    assert {"belote", "contree", "tarocco-ombre"} <= set(SMALL_PACKS)
    assert all(_card_verbs(name) for name in SMALL_PACKS)


@pytest.mark.parametrize("game", SMALL_PACKS)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_parse_action_refuses_a_card_outside_the_pack(game: str, data: st.DataObject) -> None:
    rules = RULES[game]
    verb = data.draw(st.sampled_from(_card_verbs(game)), label="verb")
    outside = [c for c in ALL_CARDS if c not in rules.deck]
    card = data.draw(st.sampled_from(outside), label="card")
    text = f"{verb} {card.text}"
    with pytest.raises(ActionParseError) as info:
        rules.parse_action(text)
    message = str(info.value)
    assert message == f"cannot parse action {text!r}: {rules.pack_refusal(card.mask)}"
    # The reason names the card and the pack (by name, or by size with the game's rule).
    reason = rules.pack_refusal(card.mask)
    assert reason.startswith(f"{card.text} is not ")
    assert f"the {rules.deck.name} pack" in reason or f"{len(rules.deck)}-card pack" in reason


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_parse_action_of_any_action_text(game: str, data: st.DataObject) -> None:
    # The text of any action: parsed into an action naming cards of the game's pack only, or
    # refused with a typed error.
    rules = RULES[game]
    action = data.draw(any_action(), label="action")
    try:
        parsed = rules.parse_action(action.text)
    except (ActionParseError, CardParseError):
        return
    assert all(card in rules.deck for card in named_cards(parsed)), parsed


# -- new_deal's arguments ----------------------------------------------------------------------------
@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """The layout of a deal of any game (with any number of players it allows)."""
    name = draw(st.sampled_from(GAMES), label="layout's game")
    seed = draw(st.integers(0, 10**6), label="layout's seed")
    layout: Layout = RULES[name].new_deal(seed=seed).layout
    return layout


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_new_deal_takes_a_layout_of_this_game_only(game: str, data: st.DataObject) -> None:
    rules = RULES[game]
    layout = data.draw(layouts())
    try:
        state = rules.new_deal(layout=layout)
    except DealError:
        return
    # Accepted: the layout fits the game (same hands, kitty and pack), and the deal is its.
    assert state.layout.hand_masks == layout.hand_masks
    assert all(card in rules.deck for hand in layout.hands for card in hand)


WRONG_LAYOUT_PARTS = st.one_of(
    st.none(),
    st.integers(-5, 100),
    st.floats(allow_nan=True),
    st.booleans(),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.lists(st.one_of(st.none(), st.floats(), st.integers(-3, 90), st.booleans()), max_size=3),
    st.lists(st.lists(st.one_of(st.floats(), st.booleans(), st.none(), st.integers(-3, 90)))),
    st.text(max_size=4),
)


@settings(max_examples=examples(200), deadline=None)
@given(hands=WRONG_LAYOUT_PARTS, kitty=WRONG_LAYOUT_PARTS, dealer=WRONG | st.integers(0, 3))
def test_a_layout_made_of_wrong_objects_is_refused(
    hands: object, kitty: object, dealer: object
) -> None:
    make: Any = Layout  # (wrong types on purpose)
    try:
        layout = make(hands, kitty, dealer)
    except (DealError, CardParseError):
        return
    # Accepted: it is made of cards, and its dealer is one of its seats.
    assert all(type(c) is Card for hand in layout.hands for c in hand)
    assert type(layout.dealer) is int and 0 <= layout.dealer < layout.players


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_new_deal_refuses_wrong_facts(game: str, data: st.DataObject) -> None:
    rules = RULES[game]
    value = data.draw(
        WRONG.filter(lambda v: not (v is None or isinstance(v, (bool, int, str)))), label="value"
    )
    facts: Any = data.draw(st.sampled_from([{"x": value}, [("x", 1)], "x", 1.5]), label="facts")
    with pytest.raises(DealError, match="deal facts"):
        rules.new_deal(seed=1, facts=facts)


# -- Match.add ---------------------------------------------------------------------------------------
@cache
def _results_by_players() -> dict[int, list[tuple[str, DealResult]]]:
    """Results of finished deals of every game (default options; French Tarot with 3, 4 and 5
    players), by number of players."""
    out: dict[int, list[tuple[str, DealResult]]] = {}
    rules = [*RULES.values()] + [tarotlib.variant("french-tarot", players=n) for n in (3, 5)]
    for game in rules:
        for seed in range(2):
            state = game.new_deal(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
            out.setdefault(game.players, []).append((game.name, state.result))
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_match_add_refuses_a_result_of_another_game(game: str, data: st.DataObject) -> None:
    rules = RULES[game]
    match = tarotlib.Match.start(rules, deals=3, seed=1)
    fresh = tarotlib.Match.start(tarotlib.variant(game), deals=3, seed=1)
    results = _results_by_players()[rules.players]
    name, result = data.draw(st.sampled_from(results), label="result")
    if name == game:
        assert match.add(result).results == (result,)
        return
    with pytest.raises(MatchError) as info:
        match.add(result)
    assert str(info.value) == f"the result is of a deal of {name}; this match plays {game}"
    assert match == fresh and match.results == ()


def test_every_game_meets_a_result_of_another_game_with_its_players() -> None:
    # (the test above draws, for every game, from results of another game too)
    for name in GAMES:
        players = RULES[name].players
        assert {n for n, _ in _results_by_players()[players]} - {name}, name


# -- records -----------------------------------------------------------------------------------------
def _corrupt_score(obj: dict[str, Any], value: object) -> None:
    obj["result"]["scores"][0] = value


def _layout_key(obj: dict[str, Any], value: object) -> None:
    obj["deal"]["layout"]["x" if not isinstance(value, str) or not value else value] = value


CORRUPTIONS: dict[
    str, tuple[Callable[[dict[str, Any], Any], None], st.SearchStrategy[Any], str]
] = {
    "score": (
        _corrupt_score,
        st.sampled_from([math.nan, math.inf, -math.inf]) | st.text(max_size=4) | st.none(),
        r"^result 'scores' must be (finite )?numbers",
    ),
    "layout key": (
        _layout_key,
        st.text(min_size=1, max_size=5).filter(
            lambda k: k not in ("hands", "kitty", "dealer", "stock", "ordered")
        ),
        r"^record deal layout is invalid: unknown layout key",
    ),
    "dealer": (
        lambda obj, v: obj["deal"]["layout"].__setitem__("dealer", v),
        WRONG.filter(lambda v: type(v) is not int),
        r"^record deal layout is invalid: (layout 'hands' and 'kitty' must be lists and "
        r"'dealer' an int$|dealer must be a seat 0\.\.\d, got )",
    ),
    "action": (
        lambda obj, v: obj["actions"].append(v),
        WRONG.filter(lambda v: not isinstance(v, str)),
        r"^action \d+ must be a string, got ",
    ),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("corruption", CORRUPTIONS)
@settings(max_examples=examples(20), deadline=None)
@given(data=st.data())
def test_from_json_refuses_a_corrupted_record(
    game: str, corruption: str, data: st.DataObject
) -> None:
    state = data.draw(states(game, over=True), label="state")
    rules = RULES[game]
    record = GameRecord.from_state(rules.new_deal(layout=state.layout))
    finished = GameRecord.from_state(state)
    obj = record.to_json()
    obj["result"] = finished.to_json()["result"]
    obj["actions"] = list(finished.actions)
    replayed = GameRecord.from_json(copy.deepcopy(obj)).replay()
    assert replayed.history == state.history and replayed.result == state.result
    change, values, message = CORRUPTIONS[corruption]
    change(obj, data.draw(values, label="value"))
    kept = json.dumps(obj, sort_keys=True, default=repr)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(obj)
    assert json.dumps(obj, sort_keys=True, default=repr) == kept  # the JSON given is untouched


@settings(max_examples=examples(60), deadline=None)
@given(value=WRONG)
def test_from_state_refuses_a_wrong_object(value: object) -> None:
    from_state: Any = GameRecord.from_state  # (wrong types on purpose)
    with pytest.raises(RecordError, match=r"^from_state\(\) takes a deal's state \(a DealState\)"):
        from_state(value)
