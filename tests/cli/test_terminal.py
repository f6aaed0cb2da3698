"""The terminal game: rendering, input parsing, match records, the play loop, the command line,
and the real program driven through a pseudo-terminal (``tarotlib play`` / ``replay --step``)."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest

import tarotlib
from tarotlib.bots import Bot, RandomBot
from tarotlib.cli import main
from tarotlib.core.actions import Bid, Call, Discard, Play
from tarotlib.core.cards import PIQUET_NOTATION, TAROT_NOTATION, parse_card
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState
from tarotlib.errors import IllegalActionError, RecordError
from tarotlib.match import Match
from tarotlib.records import GameRecord, MatchRecord, SeedDeal, load_match, save
from tarotlib.terminal import (
    BotError,
    Command,
    Console,
    InputError,
    Session,
    deal_story,
    make_bot,
    narrate,
    new_session,
    ordered_actions,
    parse_command,
    play,
    render_hand,
    render_match_end,
    render_table,
    render_totals,
    resolve_action,
    resume_session,
    table_view,
    view_of,
)
from tarotlib.terminal import players as players_module
from tarotlib.terminal.replay import STEP_PROMPT
from tarotlib.terminal.session import MOVE_PROMPT, NEXT_DEAL_PROMPT, SAVE_PROMPT
from tarotlib.variants.belote import Belote
from tarotlib.variants.belote import Contract as BeloteContract
from tarotlib.variants.french_tarot import FrenchTarotState

from support.paths import ROOT

SRC = ROOT / "src"

# Every written form of a card the screens use: canonical text, Belote text and pretty forms.
CARD_FORMS: dict[str, int] = {}
for _i in range(78):
    CARD_FORMS[TAROT_NOTATION.texts[_i]] = _i
    CARD_FORMS[PIQUET_NOTATION.texts[_i]] = _i
    if _i < 56:
        CARD_FORMS[PIQUET_NOTATION.pretties[_i]] = _i


def cards_named(text: str) -> set[int]:
    """The cards a screen names (tokens that are exactly a card's written form)."""
    return {CARD_FORMS[t] for t in re.findall(r"[^\s\[\]·,():→;]+", text) if t in CARD_FORMS}


def bot_states(state: DealState, seed: int) -> Iterator[DealState]:
    """Every state of a deal played by a random bot, the first and the last included."""
    bot = RandomBot(seed)
    yield state
    while not state.is_over:
        state = state.apply(bot.choose(state))
        yield state


# -- what the screens show: only the seat's own information ---------------------------------------
HIDDEN_INFO_GAMES = [
    ("french-tarot", {"players": 5}),
    ("french-tarot", {"players": 3, "declarations": "poignee_and_misere"}),
    ("belote", {"preset": "classic"}),
    ("belote", {"belote_announce": "explicit"}),
]


@pytest.mark.parametrize(("name", "options"), HIDDEN_INFO_GAMES)
def test_screens_and_narration_name_no_hidden_card(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    for deal in range(2):
        states = list(bot_states(rules.new_deal(seed=deal, dealer=deal % rules.players), deal))
        for seat in range(rules.players):
            for before, after in itertools.pairwise(states):
                view = table_view(after, seat)
                legal = after.legal_actions() if after.to_act == seat else ()
                allowed = set(after.observation(seat).visible_cards())  # type: ignore[attr-defined]
                allowed |= {a.card for a in legal if isinstance(a, (Play, Discard, Call))}
                allowed |= {c for a in legal for c in getattr(a, "shown", ())}
                screen = render_table(view, legal)
                assert cards_named(screen) <= allowed, screen
                told = "\n".join(narrate(table_view(before, seat), view))
                seen_before = set(before.observation(seat).visible_cards())  # type: ignore[attr-defined]
                assert cards_named(told) <= allowed | seen_before, told
        # The check can fail: another seat's screen names cards this seat may not see.
        middle = states[len(states) // 2]
        mine = set(middle.observation(0).visible_cards())  # type: ignore[attr-defined]
        assert not cards_named(render_table(table_view(middle, 1))) <= mine


def test_the_five_player_partner_is_shown_only_once_known() -> None:
    rules = tarotlib.variant("french-tarot", players=5)
    checked = 0
    for deal in range(8):
        for state in bot_states(rules.new_deal(seed=deal), deal):
            assert isinstance(state, FrenchTarotState)
            partner, taker, called = state.partner, state.taker, state.called_card
            if partner is None or taker is None or called is None or partner == taker:
                continue
            played = any(called in t.cards for t in state.tricks) or called in state.current_trick
            for seat in range(5):
                screen = render_table(table_view(state, seat))
                knows = state.is_over or played or seat == partner
                shown = f"partner: seat {partner}" in screen
                assert shown == knows, (seat, partner, screen)
                if not knows:
                    assert f"partner: unknown ({called} called)" in screen
                checked += 1
    assert checked > 30


def test_render_hand_groups_by_suit_and_marks_exactly_the_legal_cards() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    layout = tarotlib.Layout.from_text(
        [
            "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H T1 T2 T3 T4 T5 T6",
            "5H 6H 7H 8H 9H 10H JH NH QH KH T7 T8 T9 T10 T11 T12 T13 T14",
            "3H 4H JS NS QS KS 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D T15 T16",
            "JD ND QD KD 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC",
        ],
        kitty="T17 T18 T19 T20 T21 EX",
        dealer=0,
    )
    state = rules.new_deal(layout=layout)
    for text in ["bid garde-sans", "pass", "pass", "pass", "no-slam", "play KH"]:
        state = state.apply(rules.parse_action(text))
    hand = render_hand(table_view(state, 2), state.legal_actions())
    assert hand.splitlines() == [
        "your hand:",
        "  ♠ spades     JS   NS   QS   KS",
        "  ♥ hearts    [3H] [4H]",
        "  ♦ diamonds   1D   2D   3D   4D   5D   6D   7D   8D   9D   10D",
        "  trumps       T15   T16",
    ]
    screen = render_table(table_view(state, 2), state.legal_actions(), heading="deal 1")
    assert "contract: Garde Sans by seat 1" in screen
    assert "current trick: seat 1 KH" in screen
    assert "actions: 1 play 3H · 2 play 4H" in screen
    # Not seat 2's turn: no marks, no actions.
    assert "[" not in render_table(table_view(state, 3))


def test_belote_hand_uses_the_piquet_notation_and_the_rank_order() -> None:
    rules = tarotlib.variant("belote")
    assert isinstance(rules, Belote)
    hands = [
        "AH KH 7H AD 7D 8D 9D TD",
        "TH 9H KS JS 8S 7S 7C 8C",
        "QH JH 8H AS TS 9S QS 9C",
        "AC TC KC QC JC KD QD JD",
    ]
    state = rules.start_play(hands, BeloteContract.HEARTS, taker=2)
    view = table_view(state, 0)
    hand = render_hand(view, state.legal_actions())
    assert "♥ hearts (trumps)  [♥A] [♥K] [♥7]" in hand  # trump order J 9 A 10 K Q 8 7
    assert "♦ diamonds         [♦A] [♦10] [♦9] [♦8] [♦7]" in hand  # plain order A 10 K Q J 9 8 7
    listed = [a.text for a in ordered_actions(view, state.legal_actions())]
    assert listed == ["play AH", "play KH", "play 7H", "play AD", "play TD", "play 9D"] + [
        "play 8D",
        "play 7D",
    ]
    screen = render_table(view, state.legal_actions())
    assert "contract: ♥ hearts by seat 2 · attack: seats 0 & 2 (you)" in screen
    assert "teams: seats 0 & 2 (you) · seats 1 & 3" in screen
    assert "actions: 1 play ♥A · 2 play ♥K" in screen


def test_the_table_shows_the_previous_and_current_tricks() -> None:
    rules = tarotlib.variant("belote")
    state = rules.new_deal(seed=3)
    bot = RandomBot(2)
    while not (len(state.tricks) == 2 and len(state.current_trick) == 2):
        state = state.apply(bot.choose(state))
    view = table_view(state, 1)
    last = view.tricks[-1]
    screen = render_table(view)
    played = " · ".join(
        f"{view.name((last.leader + i) % 4)} {PIQUET_NOTATION.pretty(c)}"
        for i, c in enumerate(last.cards)
    )
    assert f"previous trick: {played} → {view.name(last.winner)} wins" in screen
    leader = view.trick_leader
    assert leader is not None
    first, second = (PIQUET_NOTATION.pretty(c) for c in view.current_trick)
    expected = (
        f"current trick: {view.name(leader)} {first} · {view.name((leader + 1) % 4)} {second}"
    )
    assert expected in screen


def test_narration_tells_calls_plays_and_trick_winners() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    states = list(bot_states(rules.new_deal(seed=5), 5))
    lines = [
        line
        for before, after in itertools.pairwise(states)
        for line in narrate(table_view(before, 0), table_view(after, 0))
    ]
    final = states[-1]
    assert isinstance(final, FrenchTarotState)
    plays = [line for line in lines if ": play " in line]
    assert len(plays) == 72
    wins = [line for line in lines if line.endswith("wins the trick")]
    assert [int(w.split()[1]) for w in wins] == [t.winner for t in final.tricks]
    assert lines[0].startswith("seat 1: ")  # the auction comes first


def test_totals_and_match_end() -> None:
    rules = tarotlib.variant("belote")
    match = Match.start(rules, target_score=100)
    match = match.add(DealResult((20, 142, 20, 142)))
    assert render_totals(match, 0, ((0, 2), (1, 3))) == (
        "totals after 1 deal: seats 0 & 2 (you) 20 · seats 1 & 3 142 (game to 100)"
    )
    assert render_match_end(match, 0, ((0, 2), (1, 3))) == "match over: seats 1 & 3 win with 142"
    ft = Match.start(tarotlib.variant("french-tarot", players=3), deals=1)
    tied = ft.add(DealResult((-40, 20, 20)))
    assert render_match_end(tied, 2) == (
        "match over: seat 1, seat 2 (you) share the win with +20 · you win!"
    )


def test_an_unknown_variants_observation_is_read_through_shared_attributes() -> None:
    class Observation:
        seat = 1
        players = 3
        dealer = 2
        phase = "play"
        to_act = 1
        hand = tarotlib.parse_cards("KH 1S T5")
        tricks = ()
        trick_leader = 0
        current_trick = tarotlib.parse_cards("QH")
        result = None

        def to_json(self) -> dict[str, object]:
            return {}

    view = view_of(Observation(), game="my-tarot")
    assert view.game == "my-tarot" and view.players == 3 and view.dealer == 2
    assert [label for label, _ in view.groups] == ["♠ spades", "♥ hearts", "trumps"]
    legal = (Play(parse_card("KH")),)
    screen = render_table(view, legal)
    assert "current trick: seat 0 QH" in screen
    assert "  ♥ hearts  [KH]" in screen


# -- input --------------------------------------------------------------------------------------------
@pytest.fixture
def ft_play_state() -> DealState:
    """French Tarot, 4 players: seat 2 must follow hearts (holds 3H 4H)."""
    rules = tarotlib.variant("french-tarot", players=4)
    layout = tarotlib.Layout.from_text(
        [
            "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H T1 T2 T3 T4 T5 T6",
            "5H 6H 7H 8H 9H 10H JH NH QH KH T7 T8 T9 T10 T11 T12 T13 T14",
            "3H 4H JS NS QS KS 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D T15 T16",
            "JD ND QD KD 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC",
        ],
        kitty="T17 T18 T19 T20 T21 EX",
        dealer=0,
    )
    state = rules.new_deal(layout=layout)
    for text in ["bid garde-sans", "pass", "pass", "pass", "no-slam", "play KH"]:
        state = state.apply(rules.parse_action(text))
    return state


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("play 3H", "play 3H"),
        ("PLAY 3h", "play 3H"),
        ("3H", "play 3H"),
        ("3h", "play 3H"),
        ("♥3", "play 3H"),
        ("4h", "play 4H"),
        ("1", "play 3H"),
        ("2", "play 4H"),
        (" 2 ", "play 4H"),
    ],
)
def test_card_shortcuts(ft_play_state: DealState, typed: str, expected: str) -> None:
    rules = ft_play_state.rules
    assert resolve_action(typed, ft_play_state.legal_actions(), rules).text == expected


def test_an_illegal_card_is_returned_so_the_engine_says_why(ft_play_state: DealState) -> None:
    action = resolve_action("t16", ft_play_state.legal_actions(), ft_play_state.rules)
    assert action == Play(parse_card("T16"))
    with pytest.raises(IllegalActionError, match="must follow hearts"):
        ft_play_state.apply(action)
    # A bid in the play phase: understood, and refused by the engine with its reason.
    action = resolve_action("garde", ft_play_state.legal_actions(), ft_play_state.rules)
    with pytest.raises(IllegalActionError, match="phase play expects a card"):
        ft_play_state.apply(action)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("pass", "pass"),
        ("pa", "pass"),
        ("bid garde", "bid garde"),
        ("garde", "bid garde"),
        ("Garde Sans", "bid garde-sans"),
        ("garde-s", "bid garde-sans"),
        ("gs", "bid garde-sans"),
        ("gc", "bid garde-contre"),
        ("prise", "bid prise"),
        ("pr", "bid prise"),
        ("5", "bid garde-contre"),
    ],
)
def test_auction_shortcuts(typed: str, expected: str) -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    legal = rules.new_deal(seed=2).legal_actions()
    assert resolve_action(typed, legal, rules).text == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "type an action (or its number), or ? for the legal actions"),
        ("gar", "'gar' is ambiguous: bid garde, bid garde-sans, bid garde-contre"),
        ("p", "'p' is ambiguous: pass, bid prise"),
        ("6", "there is no action 6: choose 1 to 5 (? lists them)"),
        ("0", "there is no action 0: choose 1 to 5"),
        ("play ZZ", "cannot parse card 'ZZ': unknown suit 'Z'"),
        ("bid tout", "unknown contract 'tout'"),
        ("hello", "'hello' is not an action: type e.g. pass, a number, or ? for help"),
    ],
)
def test_bad_input_says_why(typed: str, message: str) -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    legal = rules.new_deal(seed=2).legal_actions()
    with pytest.raises(InputError) as info:
        resolve_action(typed, legal, rules)
    assert message in str(info.value)


def test_other_phases_and_belote_shortcuts() -> None:
    rules = tarotlib.variant("french-tarot", players=5)
    state = rules.new_deal(seed=11)
    while state.phase != "call":
        legal = state.legal_actions()
        state = state.apply(legal[1] if len(legal) > 1 and state.to_act == 1 else legal[0])
    legal = state.legal_actions()
    assert resolve_action("ks", legal, rules) == Call(parse_card("KS"))
    slam_legal = (tarotlib.Slam(False), tarotlib.Slam(True))
    assert resolve_action("no", slam_legal, rules) == tarotlib.Slam(False)
    assert resolve_action("ns", slam_legal, rules) == tarotlib.Slam(False)
    assert resolve_action("slam", slam_legal, rules) == tarotlib.Slam(True)

    belote = tarotlib.variant("belote", ta_sa="third_round")
    assert isinstance(belote, Belote)
    state = belote.new_deal(seed=4, dealer=3)  # turn-up ♠Q
    legal = state.legal_actions()
    for typed in ("bid spades", "spades", "s", "♠", "2"):
        assert resolve_action(typed, legal, belote) == Bid(BeloteContract.SPADES)
    hearts = resolve_action("h", legal, belote)  # understood; refused in round 1
    with pytest.raises(IllegalActionError):
        state.apply(hearts)
    played = belote.start_play(
        [
            "AH KH 7H AD 7D 8D 9D TD",
            "TH 9H KS JS 8S 7S 7C 8C",
            "QH JH 8H AS TS 9S QS 9C",
            "AC TC KC QC JC KD QD JD",
        ],
        BeloteContract.SPADES,
        taker=1,
    )
    legal = played.legal_actions()
    for typed in ("td", "TD", "10d", "♦10", "play ♦10"):
        assert resolve_action(typed, legal, belote).text == "play TD"
    assert resolve_action("td", legal, belote).notation is PIQUET_NOTATION  # type: ignore[attr-defined]


def test_declarations_by_prefix() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    layout = tarotlib.Layout.from_text(
        [
            "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S 3S 4S 5S 6S 7S 8S",
            "9S 10S JS NS QS KS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH",
            "QH KH 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD 1C 2C",
            "3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC T11 T12 T13 T14 T15 T16",
        ],
        kitty="T17 T18 T19 T20 T21 EX",
        dealer=3,
    )
    state = rules.new_deal(layout=layout)
    for text in ["bid garde-sans", "pass", "pass", "pass", "no-slam"]:
        state = state.apply(rules.parse_action(text))
    legal = state.legal_actions()
    declare = legal[0]
    assert declare.text == "declare simple-poignee T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"
    for typed in ("declare simple", "declare simple-poignee", "declare", "1"):
        assert resolve_action(typed, legal, rules) == declare
    # Other trumps shown: understood as typed (the engine accepts any legal set).
    typed = "declare simple-poignee T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"
    assert resolve_action(typed.lower(), legal, rules) == declare


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("?", Command("help")),
        ("help", Command("help")),
        ("show", Command("show")),
        ("quit", Command("quit")),
        ("exit", Command("quit")),
        ("save game.json", Command("save", "game.json")),
        ("SAVE  my game.json ", Command("save", "my game.json")),
        ("play KH", None),
        ("pass", None),
    ],
)
def test_parse_command(text: str, command: Command | None) -> None:
    assert parse_command(text) == command


def test_save_needs_a_file_name() -> None:
    with pytest.raises(InputError, match="save needs a file name"):
        parse_command("save ")


# -- bots ---------------------------------------------------------------------------------------------
def test_bots_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    assert repr(make_bot("random", seat=1, seed=5)) == "RandomBot(seed=5)"
    with pytest.raises(
        BotError,
        match="unknown bot 'smart'; known bots: easy, heuristic, medium, random, search, strong",
    ):
        make_bot("smart", seat=1, seed=0)
    heuristic = make_bot("heuristic", seat=1, seed=3)
    assert repr(heuristic) == "HeuristicBot(seed=3)" and isinstance(heuristic, Bot)
    state = tarotlib.variant("belote").new_deal(seed=1)
    assert heuristic.choose(state) in state.legal_actions()
    monkeypatch.setitem(players_module._LAZY, "heuristic", ("tarotlib.bots", "NoSuchBot"))
    with pytest.raises(BotError, match=r"the heuristic bot is not available: .*NoSuchBot"):
        make_bot("heuristic", seat=1, seed=3)
    with pytest.raises(BotError, match="not available"):
        new_session(tarotlib.variant("belote"), seed=1, bots="heuristic")


# -- match records ------------------------------------------------------------------------------------
def finished_match(rules: tarotlib.Game, **stop: int) -> tuple[Match, list[DealState]]:
    match = Match.start(rules, seed=21, **stop)
    states = []
    bot = RandomBot(4)
    while not match.is_over:
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(bot.choose(state))
        states.append(state)
        match = match.add(state.result)
    return match, states


def test_match_record_round_trip_and_replay(tmp_path: Path) -> None:
    rules = tarotlib.variant("belote", preset="classic")
    match, states = finished_match(rules, target_score=400)
    record = MatchRecord.of(match, states, seats=["human", "random", "random", "random"])
    data = record.to_json()
    assert data["format"] == "tarotlib-match" and data["version"] == 1
    assert data["match"] == {"deals": None, "target_score": 400, "first_dealer": 2, "seed": 21}
    assert len(data["played"]) == len(match.results)  # type: ignore[arg-type]
    assert MatchRecord.from_json(json.loads(json.dumps(data))) == record
    save(tmp_path / "m.json", record)
    again = load_match(tmp_path / "m.json")
    assert again == record
    replayed, current = again.replay()
    assert current is None
    assert replayed.totals == match.totals and replayed.results == match.results
    assert replayed.is_over and replayed.carry == match.carry


def test_match_record_with_a_deal_in_progress() -> None:
    rules = tarotlib.variant("french-tarot", players=3)
    _, states = finished_match(rules, deals=3)
    partial = Match.start(rules, deals=3, seed=21).add(states[0].result)
    state = partial.new_deal()
    for _ in range(5):
        state = state.apply(state.legal_actions()[-1])
    record = MatchRecord.of(partial, states[:1], state)
    replayed, current = MatchRecord.loads(record.dumps()).replay()
    assert current is not None and current.history == state.history
    assert replayed.results == partial.results


def record_json(tmp_rules: str = "french-tarot") -> dict[str, object]:
    rules = tarotlib.variant(tmp_rules, players=3)
    match, states = finished_match(rules, deals=2)
    return MatchRecord.of(match, states).to_json()


def test_match_record_errors() -> None:
    good = record_json()
    cases: list[tuple[Callable[[dict[str, object]], object], str]] = [
        (lambda d: d.update(version=2), "unsupported match record version 2"),
        (lambda d: d.update(format="tarotlib-record"), "not a tarotlib match record"),
        (lambda d: d.update(extra=1), "unknown match field(s) 'extra'"),
        (lambda d: d.pop("seats"), "missing field(s) 'seats'"),
        (lambda d: d.update(match={"deals": 2}), "match field 'match' must be an object"),
        (lambda d: d.update(seats="human"), "'seats' must be null or a list of strings"),
        (lambda d: d.update(played={}), "'played' must be a list"),
        (
            lambda d: d["played"][0].update(result=None),  # type: ignore[index]
            "played deal 1 is not finished",
        ),
        (
            lambda d: d["played"][0]["options"].update(grash=True),  # type: ignore[index]
            "played deal 1 is a 'french-tarot' deal with other options",
        ),
        (
            lambda d: d.update(current=d["played"][1]),  # type: ignore[index]
            "the deal in progress ('current') is finished",
        ),
    ]
    for change, message in cases:
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(RecordError) as info:
            MatchRecord.from_json(data).replay()
        assert message in str(info.value), (message, str(info.value))


def test_match_record_replay_checks_each_deal() -> None:
    good = record_json()
    swapped = json.loads(json.dumps(good))
    swapped["played"].reverse()
    with pytest.raises(RecordError, match="deal 1 is not the match's deal 1"):
        MatchRecord.from_json(swapped).replay()
    extra = json.loads(json.dumps(good))
    extra["played"].append(extra["played"][-1])
    with pytest.raises(RecordError, match="deal 3 was played after the end of the match"):
        MatchRecord.from_json(extra).replay()
    tampered = json.loads(json.dumps(good))
    tampered["played"][1]["result"]["scores"][0] += 3
    tampered["played"][1]["result"]["scores"][1] -= 3
    with pytest.raises(RecordError, match=r"deal 2: recorded result .* differs"):
        MatchRecord.from_json(tampered).replay()
    rec = MatchRecord("french-tarot", {"players": 3}, deals=1, seed=3)
    with pytest.raises(RecordError, match="2 finished deals; 0 were given"):
        MatchRecord.of(finished_match(tarotlib.variant("french-tarot", players=3), deals=2)[0], [])
    assert rec.replay()[0].deals == 1


def test_a_match_without_seed_takes_layout_deals() -> None:
    rules = tarotlib.variant("french-tarot", players=3)
    layout = rules.new_deal(seed=8).layout
    match = Match.start(rules, deals=1)
    state = match.new_deal(layout=layout)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])  # a Garde Contre: the deal counts
    record = MatchRecord.of(match.add(state.result), [state])
    assert record.replay()[0].is_over
    seeded = rules.new_deal(seed=1)
    while not seeded.is_over:
        seeded = seeded.apply(seeded.legal_actions()[-1])
    mixed = MatchRecord(
        "french-tarot",
        rules.options_dict(),
        deals=1,
        played=[GameRecord.from_state(seeded)],
    )
    with pytest.raises(RecordError, match="without a seed must be a layout dealt by seat 0"):
        mixed.replay()
    unfinished = GameRecord("french-tarot", rules.options_dict(), SeedDeal(1), ())
    with pytest.raises(RecordError, match="played deal 1 is not finished"):
        MatchRecord("french-tarot", rules.options_dict(), deals=1, played=[unfinished])


# -- the play loop ------------------------------------------------------------------------------------
class Scripted(Console):
    """A console whose answers come from ``reply(prompt, output so far)``; it writes each answer
    after its prompt, as a terminal would echo it. None is the end of input."""

    def __init__(self, reply: Callable[[str, str], str | None]) -> None:
        self.out = io.StringIO()
        super().__init__(io.StringIO(), self.out)
        self.reply = reply

    def ask(self, prompt: str) -> str | None:
        answer = self.reply(prompt, self.out.getvalue())
        self.out.write(prompt + ("" if answer is None else answer) + "\n")
        return answer


def replies(*script: str, move: str | None = "1") -> Callable[[str, str], str | None]:
    """Answer with ``script`` in order, then ``move`` at a move prompt and Enter between deals."""
    queue = list(script)

    def reply(prompt: str, output: str) -> str | None:
        if queue:
            return queue.pop(0)
        return move if prompt == MOVE_PROMPT else ""

    return reply


def run(session: Session, reply: Callable[[str, str], str | None]) -> str:
    console = Scripted(reply)
    assert play(session, console) == 0
    return console.out.getvalue()


def test_a_whole_belote_match_in_memory() -> None:
    session = new_session(tarotlib.variant("belote"), seed=8, target_score=300, bots="random")
    out = run(session, replies())
    match = session.match
    assert match.is_over and max(match.totals) >= 300
    assert out.count("== deal ") == 2 * len(match.results)
    for result in match.results:
        assert "\n".join(result.lines()) in out
    assert out.rstrip().splitlines()[-1].startswith("match over: seats ")
    assert out.count(NEXT_DEAL_PROMPT) == len(match.results) - 1 > 0
    assert len(session.played) == len(match.results)


def test_bad_input_and_help_in_memory() -> None:
    session = new_session(
        tarotlib.variant("french-tarot", players=4), deals=1, seed=3, bots="random"
    )
    out = run(session, replies("zz", "?", "bid tout", "9", "quit"))
    assert "\n  'zz' is not an action" in out
    assert "\nlegal actions:\n   1  pass\n" in out
    assert "\n  unknown contract 'tout'" in out
    assert "\n  there is no action 9" in out
    assert out.rstrip().endswith("match left (save it before quitting to finish it later)")
    assert out.count(MOVE_PROMPT) == 5


def test_end_of_input_leaves_the_match() -> None:
    session = new_session(tarotlib.variant("belote"), seed=1, bots="random")
    out = run(session, replies(move=None))
    assert "match left" in out and not session.match.is_over


def after(text: str, marker: str) -> str:
    assert marker in text, marker
    return text.split(marker, 1)[1]


def test_save_and_resume_continue_identically(tmp_path: Path) -> None:
    rules = tarotlib.variant("french-tarot", players=5)
    path = tmp_path / "match.json"
    first = new_session(rules, deals=2, seed=14, human=3, bots="random")
    out = run(first, replies("1", "1", "1", f"save {path}"))
    assert first.match.is_over
    record = load_match(path)
    assert record.current is not None and record.seats == ("random",) * 3 + ("human", "random")
    resumed = resume_session(record)
    again = run(resumed, replies())
    assert "resumed after 0 deals, in deal 1" in again
    # From the prompt after the save, the two runs print exactly the same thing.
    assert after(after(out, "saved; resume with"), MOVE_PROMPT) == after(again, MOVE_PROMPT)
    assert resumed.match.totals == first.match.totals
    assert [r.actions for r in resumed.played] == [r.actions for r in first.played]


def test_save_between_deals_and_resume(tmp_path: Path) -> None:
    rules = tarotlib.variant("belote")
    path = tmp_path / "between.json"
    saved = {"done": False}

    def reply(prompt: str, output: str) -> str:
        if prompt == NEXT_DEAL_PROMPT and not saved["done"]:
            saved["done"] = True
            return f"save {path}"
        return "1" if prompt == MOVE_PROMPT else ""

    first = new_session(rules, seed=30, target_score=250, bots="random")
    out = run(first, reply)
    assert "saved; resume with" in out
    record = load_match(path)
    assert record.current is None and len(record.played) >= 1
    resumed = resume_session(record)
    again = run(resumed, replies())
    assert f"resumed after {len(record.played)} deal" in again
    marker = f"== deal {len(record.played) + 1} · "
    assert after(out, marker) == after(again, marker)
    assert resumed.match.totals == first.match.totals


def test_resume_refuses_a_record_without_a_human() -> None:
    rules = tarotlib.variant("belote")
    record = MatchRecord.of(Match.start(rules, seed=1), [])
    with pytest.raises(RecordError, match="does not say which seat is the person's"):
        resume_session(record)


# -- the command line, in process ---------------------------------------------------------------------
def test_cli_play_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    code = main(
        [
            "play",
            "french-tarot",
            "--players",
            "3",
            "--deals",
            "1",
            "--seed",
            "2",
            "--bots",
            "random",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("tarotlib play: french-tarot, 3 players (options: all defaults)\n")
    assert "you: seat 0 · bots: seat 1 random, seat 2 random" in out
    assert "match over: " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play"], "give the game to play"),
        (["play", "tarock"], "unknown variant 'tarock'"),
        (["play", "belote", "--seat", "4"], "--seat must be 0..3, got 4"),
        (["play", "belote", "--deals", "0"], "--deals must be at least 1"),
        (["play", "belote", "--deals", "2", "--target", "500"], "give --deals or --target"),
        (["play", "belote", "--target", "-5"], "--target must be positive"),
        (["play", "belote", "--bot", "smart"], "unknown bot 'smart'"),
        (["play", "belote", "--bot", "random", "--bot", "random"], "one for each of the 3"),
        (["play", "belote", "--players", "5"], "belote is played by 4 players, not 5"),
        (["play", "--resume", "x.json", "belote"], "drop GAME"),
    ],
)
def test_cli_play_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarotlib play: error: ") and message in err, err


def test_cli_resume_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--resume", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tarotlib-match", "version": 9}', encoding="utf-8")
    assert main(["play", "--resume", str(bad)]) == 1
    assert "unsupported match record version 9" in capsys.readouterr().err


def saved_deal(tmp_path: Path, name: str = "belote", seed: int = 6) -> tuple[Path, DealState]:
    rules = tarotlib.variant(name)
    state = rules.new_deal(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over or state.result.is_annulled:
        if state.is_over:
            seed += 1
            state = rules.new_deal(seed=seed)
        state = state.apply(bot.choose(state))
    path = tmp_path / "deal.json"
    save(path, GameRecord.from_state(state))
    return path, state


def test_cli_replay_tricks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, state = saved_deal(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    intro, tricks = deal_story(state)
    assert out[1 : 1 + len(intro)] == list(intro)
    assert out[1 + len(intro) : 1 + len(intro) + 8] == list(tricks)
    assert out[1 + len(intro) + 8 :] == list(state.result.lines())
    assert re.fullmatch(r"trick 1: seat \d \S+ · seat \d \S+ · .* → seat \d wins", tricks[0])
    assert main(["replay", str(path), "--result-only"]) == 0  # the header and the result only
    assert capsys.readouterr().out.splitlines()[1:] == list(state.result.lines())


# -- the real program, through a pseudo-terminal ------------------------------------------------------
def spawn(*args: str, cwd: Path, home: Path | None = None) -> pexpect.spawn:
    env = dict(os.environ)
    if home is not None:
        env["HOME"] = str(home)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    env["TERM"] = "dumb"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tarotlib", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        codec_errors="replace",  # the terminal echoes what is typed, undecodable bytes too
        timeout=30,
        dimensions=(50, 200),
    )
    child.delaybeforesend = None  # answer at once (the default waits 50 ms before each send)
    return child


def drive(child: pexpect.spawn, answer: Callable[[str], str], limit: int = 400) -> str:
    """Answer every move prompt with ``answer(screen)``, and every between-deals prompt and the
    end-of-match save prompt with Enter, until the program ends; returns the whole output."""
    seen: list[str] = []
    prompts = [MOVE_PROMPT, NEXT_DEAL_PROMPT, SAVE_PROMPT]
    for _ in range(limit):
        i = child.expect([*(re.escape(p) for p in prompts), pexpect.EOF])
        screen = child.before.replace("\r", "")
        seen.append(screen)
        if i == 3:
            break
        child.sendline(answer(screen) if i == 0 else "")
    else:
        pytest.fail("the match did not end")
    child.close()
    assert child.exitstatus == 0, "".join(seen)
    return "".join(seen)


def listed_actions(screen: str) -> list[str]:
    """The numbered actions of the last table on the screen."""
    block = re.findall(r"^actions: (.*(?:\n {9}.*)*)", screen, re.MULTILINE)
    assert block, screen
    items = [item.strip() for item in block[-1].replace("\n", " ").split(" · ")]
    return [item.split(" ", 1)[1] for item in items if item]


def hand_cards(screen: str) -> tuple[list[str], list[str]]:
    """The legal (bracketed) and the other cards of the last hand on the screen."""
    hand = screen.rsplit("your hand:", 1)[1].split("\nactions:", 1)[0]
    legal, other = [], []
    for line in hand.splitlines()[1:]:
        cells = line.split("  ", 2)[-1]  # after the group label
        legal += re.findall(r"\[([^\]]+)\]", cells)
        other += [t for t in re.sub(r"\[[^\]]+\]", " ", cells).split() if t in CARD_FORMS]
    return legal, other


def test_pty_a_belote_deal_answering_1(tmp_path: Path) -> None:
    child = spawn("play", "belote", "--deals", "1", "--seed", "12", cwd=tmp_path)
    out = drive(child, lambda screen: "1")
    assert "tarotlib play: belote, 4 players (options: all defaults)" in out
    assert "== deal 1 over ==" in out
    assert re.search(r"^seats: 0: \d+, 1: \d+, 2: \d+, 3: \d+$", out, re.MULTILINE), out
    assert "totals after 1 deal of 1: seats 0 & 2 (you) " in out
    assert "match over: seats " in out


def test_pty_french_tarot_typing_cards_bad_input_and_help(tmp_path: Path) -> None:
    """A whole French Tarot deal answered by typing cards (in lower case), with ``?``, a text that
    does not parse and a card that may not be played, each re-prompting with its reason."""
    child = spawn(
        "play", "french-tarot", "--players", "4", "--deals", "1", "--seed", "3", cwd=tmp_path
    )
    done: list[str] = []
    table = {"last": ""}

    def answer(screen: str) -> str:
        if "your hand:" in screen:
            table["last"] = screen
        last = table["last"]
        actions = listed_actions(last)
        if "help" not in done:
            done.append("help")
            return "?"
        if "parse" not in done:
            assert "legal actions:\n   1  " + actions[0] + "\n" in screen, screen
            done.append("parse")
            return "play ZZ"
        if "parse-checked" not in done:
            assert (
                "  cannot parse action 'play ZZ': cannot parse card 'ZZ': unknown suit 'Z'"
                in screen
            ), screen
            done.append("parse-checked")
        if "refused" in done and "refused-checked" not in done:
            assert re.search(r"\n  refused: play \S+: must \w+", screen), screen
            done.append("refused-checked")
        if actions[0].startswith("play "):
            _, other = hand_cards(last)
            current = last.rsplit("current trick: ", 1)[1].split("\n", 1)[0]
            if "refused" not in done and other and "to lead" not in current:
                done.append("refused")
                return other[0]  # not playable: the reason is shown and the prompt comes back
            return actions[0].split()[1].lower()  # the card alone, in lower case
        return "1"

    out = drive(child, answer)
    assert done == ["help", "parse", "parse-checked", "refused", "refused-checked"]
    assert "== deal 1 over ==" in out
    assert re.search(r"^D = ", out, re.MULTILINE), out
    assert "totals after 1 deal of 1: seat 0 (you) " in out
    assert "match over: " in out


def test_pty_save_and_resume(tmp_path: Path) -> None:
    count = {"n": 0}

    def save_after_three(screen: str) -> str:
        count["n"] += 1
        return "save match.json" if count["n"] == 4 else "1"

    first_run = spawn(
        "play", "belote", "--seed", "44", "--deals", "1", "--bots", "random", cwd=tmp_path
    )
    first = drive(first_run, save_after_three)
    assert "saved; resume with: tarotlib play --resume match.json" in first
    second = drive(spawn("play", "--resume", "match.json", cwd=tmp_path), lambda screen: "1")
    assert "resumed after 0 deals, in deal 1" in second
    # After the save, the first run goes on exactly as the resumed one: the same moves (the
    # narration lines), the same result and totals.
    tail_first = after(first, "saved; resume with: tarotlib play --resume match.json\n")
    first_moves = re.findall(r"^seat \d.*$", tail_first, re.MULTILINE)
    second_moves = re.findall(r"^seat \d.*$", after(second, "resumed after"), re.MULTILINE)
    assert len(first_moves) > 10 and first_moves == second_moves
    assert after(first, "== deal 1 over ==") == after(second, "== deal 1 over ==")


def test_pty_replay_step(tmp_path: Path) -> None:
    path, state = saved_deal(tmp_path)
    child = spawn("replay", str(path), "--step", cwd=tmp_path)
    child.expect(re.escape(STEP_PROMPT))
    assert "contract: " in child.before
    assert "trick 1:" not in child.before
    child.sendline("")
    child.expect(re.escape(STEP_PROMPT))
    assert "trick 1: " in child.before and "trick 2:" not in child.before
    child.sendline("")
    child.expect(re.escape(STEP_PROMPT))
    assert "trick 2: " in child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    rest = child.before.replace("\r", "")
    assert STEP_PROMPT not in rest
    assert "trick 8: " in rest
    assert rest.rstrip().endswith(state.result.lines()[-1])
    child.close()
    assert child.exitstatus == 0


def test_an_exact_but_illegal_bid_is_not_taken_as_a_prefix_of_another() -> None:
    """``garde`` when only pass and Garde Contre are left means Garde (refused by the engine with
    its reason), never Garde Contre by prefix."""
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=1)
    while True:
        texts = [a.text for a in state.legal_actions()]
        if texts == ["pass", "bid garde-contre"]:
            break
        state = state.apply(
            rules.parse_action("bid garde-sans" if "bid garde-sans" in texts else "pass")
        )
    legal = state.legal_actions()
    chosen = resolve_action("garde", legal, rules)
    assert chosen.text == "bid garde" and chosen not in legal
    with pytest.raises(tarotlib.IllegalActionError, match="must beat Garde Sans"):
        state.apply(chosen)
    assert resolve_action("garde-c", legal, rules).text == "bid garde-contre"


# -- saving a finished match (--save, the end-of-match prompt, ~) and unreadable input -----------
def test_save_option_keeps_even_a_one_deal_game(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    session = new_session(tarotlib.variant("belote"), deals=1, seed=5, bots="random")
    out = io.StringIO()
    assert play(session, Console(io.StringIO("1\n" * 40), out), save_to=str(path)) == 0
    assert session.match.is_over
    assert f"saved in {path}; replay with: tarotlib replay {path}" in out.getvalue()
    match, current = load_match(path).replay()
    assert match.is_over and current is None
    assert match.results == session.match.results


def test_save_option_keeps_a_match_left_early(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    session = new_session(
        tarotlib.variant("french-tarot", players=4), deals=2, seed=5, bots="random"
    )
    out = io.StringIO()
    play(session, Console(io.StringIO("quit\n"), out), save_to=str(path))
    assert "match left; saved in" in out.getvalue()
    again = resume_session(load_match(path))
    assert again.state is not None and session.state is not None
    assert again.state.history == session.state.history


def test_a_finished_match_is_offered_for_saving_at_a_terminal(tmp_path: Path) -> None:
    env_home = tmp_path / "home"
    env_home.mkdir()
    child = spawn("play", "belote", "--deals", "1", "--seed", "3", cwd=tmp_path, home=env_home)
    for _ in range(400):
        i = child.expect([re.escape(MOVE_PROMPT), re.escape(SAVE_PROMPT)])
        if i == 1:
            break
        child.sendline("1")
    child.sendline("~/kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    match, _ = load_match(env_home / "kept.json").replay()
    assert match.is_over


def test_undecodable_input_is_shown_readably(tmp_path: Path) -> None:
    child = spawn("play", "belote", "--deals", "1", "--seed", "3", cwd=tmp_path)
    child.expect(re.escape(MOVE_PROMPT))
    os.write(child.child_fd, b"pl\xffay\n")  # a byte that is not UTF-8
    child.expect(re.escape(MOVE_PROMPT))
    screen = child.before.replace("\r", "")
    assert "Traceback" not in screen
    assert "pl\ufffday" in screen, screen
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_play_takes_bots_as_simulate_does(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "belote", "--deals", "1", "--bots", "heuristic,random", "--seed", "1"])
    assert code == 2
    assert "one for each of the 3" in capsys.readouterr().err
    code = main(["play", "belote", "--bots", "random", "--bot", "random"])
    assert code == 2
    assert "give --bots (or the older --bot), not both" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "options", "absent", "present"),
    [
        ("contree", {}, ("team 0", "team 1"), ("seats 0 & 2 (you)", "seats 1 & 3")),
        ("french-tarot-solo", {}, ("seat 0", "seat 1", "seat 2"), ("player", "AI", "dummy")),
    ],
)
def test_a_deals_end_names_seats_and_teams_as_its_totals_do(
    name: str, options: dict[str, Any], absent: tuple[str, ...], present: tuple[str, ...]
) -> None:
    """One screen, one name for each seat and team: the breakdown says what the totals say.
    (Belote's breakdown names its teams' seats itself: "attack team 1 (seats 1 & 3)".)"""
    for seed in range(1, 4):
        session = new_session(tarotlib.variant(name, **options), deals=1, seed=seed)
        out = io.StringIO()
        play(session, Console(io.StringIO("1\n" * 300 + "quit\n"), out))
        text = out.getvalue()
        end = text[text.index("== deal 1 over ==") :]
        if "deal annulled" in end:
            continue
        for word in absent:
            assert word not in end, (word, end)
        for word in present:
            assert word in end, (word, end)
        return
    raise AssertionError("no deal of seeds 1 to 3 was played to its end")
