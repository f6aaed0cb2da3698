"""A typed refusal for every wrong object (the examples of issue 27, item 4): actions check their
values when they are made and hold immutable values only; ``is_legal`` answers ``False`` for
anything that is not a legal action; a match refuses another game's result; a record refuses
non-finite scores and unknown layout keys; Belote's and Contrée's play-phase helpers, a Contrée
contract, a Belote announcement, a card outside the 32-card pack, and bot names for the solo are
refused with a message saying what was wrong. Every refusal leaves the state as it was. (The
same, fuzzed over every game: ``test_wrong_objects_fuzz.py``.)"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tarotlib
from tarotlib import Call, Declare, Discard, Give, Layout, Match, Play, Slam, parse_card
from tarotlib.cli import main
from tarotlib.core.actions import Expose, Request
from tarotlib.core.cards import PIQUET_NOTATION
from tarotlib.core.results import DealResult
from tarotlib.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    ActionValueError,
    DealError,
    IllegalActionError,
    MatchError,
    RecordError,
    TarotError,
)
from tarotlib.records import GameRecord, save
from tarotlib.terminal import new_session
from tarotlib.terminal.players import BotError
from tarotlib.variants.belote import Contract
from tarotlib.variants.belote.contree.types import BidKind, ContreeBid, ContreeContract
from tarotlib.variants.belote.types import Announcement
from tarotlib.variants.french_tarot import DeclarationKind

# Any: the calls below pass wrong types on purpose.
_Play: Any = Play
_Discard: Any = Discard
_Call: Any = Call
_Give: Any = Give
_Slam: Any = Slam
_Declare: Any = Declare
_ContreeBid: Any = ContreeBid


def _finished(name: str, seed: int, **options: object) -> tarotlib.DealState:
    state = tarotlib.variant(name, **options).new_deal(seed=seed)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


# -- action constructors ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: _Play(78), ActionValueError, "Play takes a card index 0..77, got 78"),
        (
            lambda: _Play(2**80),
            ActionValueError,
            "Play takes a card index 0..77, got 1208925819614629174706176",
        ),
        (lambda: _Play(-1), ActionValueError, "Play takes a card index 0..77, got -1"),
        (lambda: _Give(1000), ActionValueError, "Give takes a card index 0..77, got 1000"),
        (
            lambda: _Play(77.0),
            ActionTypeError,
            "Play takes a card (a Card or its index 0..77), not float 77.0",
        ),
        (
            lambda: _Play(True),
            ActionTypeError,
            "Play takes a card (a Card or its index 0..77), not bool True",
        ),
        (
            lambda: _Play(None),
            ActionTypeError,
            "Play takes a card (a Card or its index 0..77), not NoneType None",
        ),
        (
            lambda: _Play("KH"),
            ActionTypeError,
            "Play takes a card (a Card or its index 0..77), not str 'KH'; use parse_card('KH') "
            "to read a card's text",
        ),
        (
            lambda: _Discard("x"),
            ActionTypeError,
            "Discard takes a card (a Card or its index 0..77), not str 'x'; use parse_card('x') "
            "to read a card's text",
        ),
        (
            lambda: _Call(None),
            ActionTypeError,
            "Call takes a card (a Card or its index 0..77), not NoneType None",
        ),
        (
            lambda: _Call(tarotlib.Suit.HEARTS),
            ActionTypeError,
            "Call takes a card (a Card or its index 0..77), not Suit <Suit.HEARTS: 1>",
        ),
        (lambda: _Slam(1), ActionTypeError, "Slam takes True or False, not int 1"),
        (
            lambda: _Play(1, notation="piquet"),
            ActionTypeError,
            "Play takes a Notation as notation, not str 'piquet'",
        ),
        (
            lambda: _Declare("poignee"),
            ActionTypeError,
            "Declare takes a declaration kind (a member of the game's enum), not str 'poignee'",
        ),
        (
            lambda: _Declare(DeclarationKind.SIMPLE_POIGNEE, "T1 T2"),
            ActionTypeError,
            "Declare takes its shown cards as a sequence of cards, not str 'T1 T2'; use "
            "parse_cards('T1 T2') to read cards' text",
        ),
        (
            lambda: _Declare(DeclarationKind.SIMPLE_POIGNEE, [56, 99]),
            ActionValueError,
            "Declare takes a card index 0..77, got 99",
        ),
        (
            lambda: ContreeBid(BidKind.NUMBER, -10, Contract.SPADES),
            ActionValueError,
            "a ContreeBid's value is 0 or more, got -10",
        ),
        (
            lambda: _ContreeBid(BidKind.NUMBER, 80, "S"),
            ActionTypeError,
            "a ContreeBid's denomination is a Belote Contract (a suit, TA or SA), not str 'S'",
        ),
    ],
)
def test_an_action_refuses_a_wrong_value(
    make: Callable[[], object], error: type[ActionError], message: str
) -> None:
    with pytest.raises(error) as info:
        make()
    assert str(info.value).startswith(message), str(info.value)
    assert isinstance(info.value, TarotError)
    assert isinstance(info.value, TypeError if error is ActionTypeError else ValueError)


def test_a_card_index_is_stored_as_its_card() -> None:
    king = parse_card("KH")
    classes: tuple[Any, ...] = (Play, Discard, Call, Give, Request, Expose)  # Any: given an int
    for cls in classes:
        action = cls(int(king))
        assert action.card is king and action == cls(king) and hash(action) == hash(cls(king))
    assert _Play(int(king)).text == "play KH"


def test_the_excuse_is_no_longer_reachable_as_minus_one() -> None:
    # Play(-1) used to be the Excuse for the rules (a negative index), and raised a bare
    # ValueError after a Garde Sans; it is refused when made.
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=1)
    for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        state = state.apply(rules.parse_action(text))
    assert state.phase == "play"
    with pytest.raises(ActionValueError):
        _Play(-1)
    assert state.is_legal(Play(parse_card("EX"))) == (
        Play(parse_card("EX")) in state.legal_actions()
    )


@pytest.mark.parametrize("game", ["french-tarot", "belote", "tarocco-ombre"])
def test_is_legal_answers_false_for_what_is_not_an_action(game: str) -> None:
    state = tarotlib.variant(game).new_deal(seed=1)
    legal = state.legal_actions()[0]
    for wrong in (None, legal.text, 5, 77.0, [legal], {"play": 1}, object(), type(legal)):
        assert state.is_legal(wrong) is False
    assert state.is_legal(legal) is True
    assert state.history == () and state == tarotlib.variant(game).new_deal(seed=1)


def test_a_declaration_keeps_its_cards_not_the_callers_list() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=292)
    for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        state = state.apply(rules.parse_action(text))
    offered = next(a for a in state.legal_actions() if isinstance(a, Declare))
    cards = list(offered.shown)
    mine = _Declare(offered.kind, cards)
    assert type(mine.shown) is tuple and mine == offered and hash(mine) == hash(offered)
    after = state.apply(mine)
    cards.clear()  # the caller's list changes; the action and the history do not
    assert mine.shown == offered.shown and after.history[-1] == offered
    hash(after)  # the state still hashes
    record = GameRecord.loads(GameRecord.from_state(after).dumps())
    assert record.replay() == after


# -- Match.add, records ------------------------------------------------------------------------------
def test_a_match_refuses_a_result_of_another_game() -> None:
    reseghino = tarotlib.variant("reseghino")
    match = Match.start(reseghino, deals=2, seed=1)
    tarot = _finished("french-tarot", 9, players=3)
    assert tarot.rules.players == reseghino.players == 3
    assert tarot.result.game == "french-tarot"
    with pytest.raises(MatchError, match=r"^the result is of a deal of french-tarot; this match "):
        match.add(tarot.result)
    assert match.results == () and match == Match.start(reseghino, deals=2, seed=1)
    # Its own deals' results, and results made by hand (no game), are added.
    own = match.new_deal()
    while not own.is_over:
        own = own.apply(own.legal_actions()[0])
    assert own.result.game == "reseghino"
    assert match.add(own.result).results == (own.result,)
    assert match.add(DealResult((0, 0, 0), annulled="by hand")).results[0].game is None


def test_the_games_name_takes_no_part_in_a_results_equality() -> None:
    state = _finished("belote", 3)
    by_hand = DealResult(
        state.result.scores,
        state.result.annulled,
        contract=state.result.contract,
        declarer=state.result.declarer,
        made=state.result.made,
    )
    assert state.result.game == "belote" and by_hand.game is None and by_hand == state.result


def test_an_infinite_match_target_is_refused() -> None:
    with pytest.raises(MatchError, match=r"^target_score must be positive and finite, got inf$"):
        Match.start(tarotlib.variant("belote"), target_score=float("inf"))


@pytest.mark.parametrize("score", [float("nan"), float("inf"), float("-inf")])
def test_a_record_refuses_a_score_that_is_not_finite(score: float) -> None:
    obj = GameRecord.from_state(_finished("french-tarot", 2, players=3)).to_json()
    result: Any = obj["result"]
    result["scores"][1] = score
    with pytest.raises(RecordError, match=r"^result 'scores' must be finite numbers; seat 1 has "):
        GameRecord.from_json(obj)


def test_a_record_refuses_an_unknown_key_in_its_layout() -> None:
    state = _finished("belote", 2)
    record = GameRecord.from_state(state.rules.new_deal(layout=state.layout))
    obj = record.to_json()
    assert GameRecord.from_json(json.loads(json.dumps(obj))) == record
    layout: Any = obj["deal"]
    layout["layout"]["dealer_seat"] = 3
    with pytest.raises(RecordError, match=r"unknown layout key\(s\) 'dealer_seat'; a layout has "):
        GameRecord.from_json(obj)


def test_a_record_from_something_that_is_not_a_state() -> None:
    from_state: Any = GameRecord.from_state
    for wrong in (None, "state", tarotlib.variant("belote")):
        with pytest.raises(RecordError, match=r"^from_state\(\) takes a deal's state"):
            from_state(wrong)


# -- Belote and Contrée --------------------------------------------------------------------------------
HANDS = [
    "AH KH 7H AD 7D 8D 9D TD",
    "TH 9H KS JS 8S 7S 7C 8C",
    "QH JH 8H AS TS 9S QS 9C",
    "AC TC KC QC JC KD QD JD",
]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((HANDS, None, 1), "contract must be a Belote Contract (Contract.SPADES, ..., "),
        ((HANDS, "spades", 1), "contract must be a Belote Contract"),
        ((HANDS, Contract.SPADES, None), "taker must be a seat 0..3, got None"),
        ((HANDS, Contract.SPADES, True), "taker must be a seat 0..3, got True"),
        ((HANDS, Contract.SPADES, 4), "taker must be a seat 0..3, got 4"),
        ((HANDS, Contract.SPADES, 1, 1.0), "dealer must be a seat 0..3, got 1.0"),
        ((None, Contract.SPADES, 1), "give four hands of 8 cards (a card text or a list of "),
        ((HANDS[0], Contract.SPADES, 1), "give four hands of 8 cards (a card text or a list of "),
        ((HANDS[:3], Contract.SPADES, 1), "give four hands of 8 cards"),
        (([None] * 4, Contract.SPADES, 1), "a layout's hand, kitty or stock is a card text "),
        (([[0.5]] * 4, Contract.SPADES, 1), "a layout's cards are Cards, card indices 0..77"),
    ],
)
def test_belote_start_play_refuses_wrong_arguments(args: tuple[Any, ...], message: str) -> None:
    rules: Any = tarotlib.variant("belote")
    with pytest.raises(DealError) as info:
        rules.start_play(*args)
    assert str(info.value).startswith(message), str(info.value)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((HANDS, None), "contract must be a ContreeContract (ContreeContract(ContreeBid.parse("),
        ((HANDS, "80S"), "contract must be a ContreeContract"),
        ((None, "ok"), "give four hands of 8 cards (a card text or a list of cards each), got "),
        ((HANDS, "ok", 7), "dealer must be a seat 0..3, got 7"),
    ],
)
def test_contree_start_play_refuses_wrong_arguments(args: tuple[Any, ...], message: str) -> None:
    contract = ContreeContract(ContreeBid.parse("90S"), 1, level=1)
    rules: Any = tarotlib.variant("contree")
    call = tuple(contract if a == "ok" else a for a in args)
    with pytest.raises(DealError) as info:
        rules.start_play(*call)
    assert str(info.value).startswith(message), str(info.value)
    assert rules.start_play(HANDS, contract).contract == contract  # the right call works


@pytest.mark.parametrize(
    ("bid", "bidder", "level", "message"),
    [
        ("90S", 1, 7, "level is 0 (plain), 1 (coinched) or 2 (surcoinched), got 7"),
        ("90S", 1, -1, "level is 0 (plain), 1 (coinched) or 2 (surcoinched), got -1"),
        ("90S", 1, True, "level is 0 (plain), 1 (coinched) or 2 (surcoinched), got bool True"),
        ("90S", 4, 0, "bidder is a seat 0..3, got int 4"),
        (None, 1, 0, "bid is a ContreeBid (ContreeBid.parse('80S')), not NoneType None"),
    ],
)
def test_a_contree_contract_refuses_wrong_values(
    bid: str | None, bidder: object, level: object, message: str
) -> None:
    make: Any = ContreeContract
    with pytest.raises(DealError) as info:
        make(None if bid is None else ContreeBid.parse(bid), bidder, level)
    assert str(info.value) == f"a ContreeContract's {message}"


@pytest.mark.parametrize("game", ["belote", "contree"])
@pytest.mark.parametrize("text", ["play 2C", "play T5", "play EX", "declare belote 2C"])
def test_parse_action_refuses_a_card_outside_the_32_card_pack(game: str, text: str) -> None:
    rules = tarotlib.variant(game, belote_announce="explicit")
    card = text.split()[-1]
    with pytest.raises(
        ActionParseError,
        match=f"^cannot parse action '{text}': {card} is not a card of the piquet-32 pack",
    ):
        rules.parse_action(text)


def test_a_belote_announcement_is_refused_for_what_it_announces() -> None:
    rules = tarotlib.variant("belote", preset="classic", belote_announce="explicit")
    state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
    state = state.apply(state.legal_actions()[0])  # seat 1 declares its quarte, then may play
    assert state.to_act == 1 and rules.parse_action("declare belote KH") in state.legal_actions()
    before = state.history
    cases = {
        "7C": "seat 1 cannot announce belote with ♣7: ♣7 is not in seat 1's hand",
        "2C": "seat 1 cannot announce belote with ♣2: 2C is not a card of the piquet-32 pack",
        "AH": "seat 1 cannot announce belote with ♥A (BE-9.2",
    }
    for card, reason in cases.items():
        action = Declare(Announcement.BELOTE, (parse_card(card),), notation=PIQUET_NOTATION)
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.action == action and str(info.value).startswith(f"declare belote {card}")
        assert info.value.reason.startswith(reason), info.value.reason
        assert state.is_legal(action) is False and state.history == before


@pytest.mark.parametrize("game", ["belote", "tarocco-ombre"])
def test_a_card_outside_the_pack_is_refused_in_play_naming_the_pack(game: str) -> None:
    rules = tarotlib.variant(game)
    state = rules.new_deal(seed=3)
    while state.phase != "play":
        state = state.apply(state.legal_actions()[-1])
    outside = next(c for c in tarotlib.ALL_CARDS if c not in rules.deck)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(outside))
    assert info.value.reason == f"{outside.text} is not a card of the {rules.deck.name} pack"


def test_a_card_chooser_returning_minus_one_is_not_the_excuse() -> None:
    rules = tarotlib.variant("belote")
    state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    play = state.rules.phase_list[-2]
    with pytest.raises(IllegalActionError, match=r"is not a card index: -1$"):
        play.play_cards(state, lambda seat, legal, trick: -1)


# -- layouts -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hands", "dealer", "message"),
    [
        (None, 0, "a layout's hands are a list of hands"),
        ("KH QH", 0, "a layout's hands are a list of hands"),
        ([None], 0, "a layout's hand, kitty or stock is a card text or a list of cards, got "),
        ([{"KH": 1}], 0, "a layout's hand, kitty or stock is a card text or a list of cards"),
        ([[1.0]], 0, "a layout's cards are Cards, card indices 0..77 or card texts; got float"),
        ([[True]], 0, "a layout's cards are Cards, card indices 0..77 or card texts; got bool"),
        ([[-1]], 0, "a layout's cards are Cards, card indices 0..77 or card texts; got int -1"),
        ([[1], [2]], True, "dealer must be a seat 0..1, got bool True"),
        ([[1], [2]], None, "dealer must be a seat 0..1, got NoneType None"),
    ],
)
def test_a_layout_refuses_wrong_objects(hands: object, dealer: object, message: str) -> None:
    make: Any = Layout
    with pytest.raises(DealError) as info:
        make(hands, (), dealer)
    assert str(info.value).startswith(message), str(info.value)


def test_a_layout_takes_card_texts_and_indices() -> None:
    hands: Any = [["KH", 13], "QH"]  # Any: card texts among the indices
    assert Layout(hands, ()) == Layout.from_text(["KH KS", "QH"])


# -- the solo has no bot seats ------------------------------------------------------------------------
SOLO_REFUSAL = (
    "french-tarot-solo has no bot seats: seats 1 and 2 never choose (the rules play their cards); "
    "give no bot names"
)


@pytest.mark.parametrize(
    "bots", [["--bots", "random,random"], ["--bots", "random"], ["--bot", "random"]]
)
def test_the_solo_takes_no_bot_names(bots: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "french-tarot-solo", "--seed", "1", *bots]) == 2
    assert capsys.readouterr().err == f"tarotlib play: error: {SOLO_REFUSAL}\n"
    with pytest.raises(BotError, match=r"^french-tarot-solo has no bot seats"):
        new_session(tarotlib.variant("french-tarot-solo"), seed=1, bots="random")
    assert new_session(tarotlib.variant("french-tarot-solo"), seed=1).automatic == (1, 2)


def test_a_resumed_solo_takes_no_bot_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "solo.json"
    save(path, new_session(tarotlib.variant("french-tarot-solo"), seed=1).record())
    assert main(["play", "--resume", str(path), "--bots", "random,random"]) == 2
    assert capsys.readouterr().err == f"tarotlib play: error: {SOLO_REFUSAL}\n"
