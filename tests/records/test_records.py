"""Game records (docs/records.md): round trips, exact replay, and clear errors on bad records."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
import tarotlib.core.cards
import tarotlib.core.points
import tarotlib.core.tricks
from tarotlib.bots import RandomBot
from tarotlib.deal import DealState, Game
from tarotlib.errors import RecordError
from tarotlib.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    RecordResult,
    SeedDeal,
    load,
    save,
)

from support.profiles import examples


def play(state: DealState, bot_seed: int, limit: int | None = None) -> DealState:
    """Random legal play to the end (or for ``limit`` actions)."""
    bot = RandomBot(bot_seed)
    done = 0
    while not state.is_over and (limit is None or done < limit):
        state = state.apply(bot.choose(state))
        done += 1
    return state


def check_round_trip(record: GameRecord) -> None:
    obj = record.to_json()
    assert GameRecord.from_json(obj) == record
    assert GameRecord.from_json(json.loads(json.dumps(obj))) == record
    assert GameRecord.loads(record.dumps()) == record
    assert GameRecord.loads(record.dumps(indent=2)).to_json() == obj


def check_replays(state: DealState) -> GameRecord:
    """The record of ``state`` survives JSON and replays to the same deal, history and result."""
    record = GameRecord.from_state(state)
    check_round_trip(record)
    replayed = GameRecord.loads(record.dumps()).replay()
    assert replayed.history == state.history
    assert replayed.layout == state.layout
    assert replayed.seed == state.seed
    assert replayed.is_over == state.is_over
    if state.is_over:
        assert replayed.result == state.result
        assert replayed.result.lines() == state.result.lines()
    return record


def petit_sec_seed(rules: Game) -> int:
    """The first seed whose deal is annulled by a petit sec."""
    for seed in range(100_000):
        state = rules.new_deal(seed=seed)
        if state.is_over:
            return seed
    raise AssertionError("no petit sec found")  # pragma: no cover


RULES = [
    pytest.param({"players": 3}, id="3p"),
    pytest.param({"players": 4}, id="4p"),
    pytest.param({"players": 5}, id="5p"),
    pytest.param({"players": 5, "preset": "bga"}, id="5p-bga"),
    pytest.param({"players": 4, "preset": "bga", "grash": True}, id="4p-bga-grash"),
    pytest.param(
        {"players": 4, "declarations": "poignee_and_misere", "poignee_thresholds": (8, 9, 10)},
        id="4p-misere-low-thresholds",
    ),
]


# -- round trips and exact replay ---------------------------------------------------------------
@pytest.mark.parametrize("options", RULES)
@pytest.mark.parametrize("seed", [1, 2, 2**64 - 1])
def test_seeded_deal_round_trips_and_replays(options: dict[str, object], seed: int) -> None:
    rules = tarotlib.variant("french-tarot", **options)
    state = play(rules.new_deal(seed=seed, dealer=rules.players - 1), bot_seed=seed)
    record = check_replays(state)
    assert record.seed == seed
    assert record.layout is None
    assert record.dealer == rules.players - 1
    assert record.result is not None
    assert record.result.scores == tuple(state.result.scores)
    assert record.to_json()["deal"] == {"seed": seed, "dealer": rules.players - 1}


@pytest.mark.parametrize("options", RULES)
def test_layout_deal_round_trips_and_replays(options: dict[str, object]) -> None:
    rules = tarotlib.variant("french-tarot", **options)
    layout = rules.new_deal(seed=77, dealer=1).layout
    state = play(rules.new_deal(layout=layout), bot_seed=5)
    record = check_replays(state)
    assert record.seed is None
    assert record.layout == layout
    deal = record.to_json()["deal"]
    assert isinstance(deal, dict)
    assert deal == {"layout": layout.to_json()}


def test_deal_from_order_is_recorded_as_a_layout() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = play(rules.deal_from_order(list(range(78)), dealer=2), bot_seed=1)
    record = check_replays(state)
    assert record.layout == state.layout
    assert record.dealer == 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_unfinished_deal_has_null_result(players: int) -> None:
    rules = tarotlib.variant("french-tarot", players=players)
    state = play(rules.new_deal(seed=10), bot_seed=3, limit=players + 9)
    assert not state.is_over
    record = check_replays(state)
    assert record.result is None
    assert record.to_json()["result"] is None
    assert len(record.actions) == players + 9


@pytest.mark.parametrize("players", [3, 4, 5])
def test_annulled_petit_sec_deal(players: int) -> None:
    rules = tarotlib.variant("french-tarot", players=players)
    state = rules.new_deal(seed=petit_sec_seed(rules))
    assert state.result.annulled is not None
    record = check_replays(state)
    assert record.actions == ()
    assert record.to_json()["result"] == {
        "scores": [0] * players,
        "annulled": state.result.annulled,
    }


def test_annulled_all_pass_and_optional_redeal() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=3)
    for _ in range(4):
        state = state.apply(tarotlib.Pass())
    assert state.result.annulled == "all players passed"
    record = check_replays(state)
    assert record.actions == ("pass",) * 4

    solo = tarotlib.variant("french-tarot", players=4, petit_sec="optional_redeal")
    dealt = solo.new_deal(seed=petit_sec_seed(rules))
    assert dealt.phase == "petit-sec"
    redealt = check_replays(dealt.apply(tarotlib.Redeal(True)))
    assert redealt.actions == ("redeal",)
    assert redealt.result is not None and redealt.result.annulled is not None
    kept = check_replays(play(dealt.apply(tarotlib.Redeal(False)), bot_seed=2))
    assert kept.actions[0] == "keep"


def test_grash_half_point_scores_survive_json() -> None:
    # With 3 or 5 players a Grash score T − N·G can end in .5 (FT-15.2).
    rules = tarotlib.variant("french-tarot", players=5, grash=True)
    halves = 0
    for seed in range(12):
        state = rules.new_deal(seed=seed)
        if state.is_over:
            continue
        for _ in range(rules.players):
            state = state.apply(tarotlib.Pass())
        assert state.is_grash  # type: ignore[attr-defined]
        record = check_replays(play(state, bot_seed=seed))
        assert record.result is not None
        halves += any(s != int(s) for s in record.result.scores)
    assert halves > 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 5, "preset": "bga"},
        {"players": 3, "poignee_thresholds": [12, 14, 17]},
        {"players": 4, "poignee_thresholds": (9, 12, 14), "dealer_rotation": "against_play"},
        {"players": 5, "annulled_deals_count": True, "declarations": "none", "grash": True},
    ],
)
def test_options_dict_rebuilds_identical_rules(options: dict[str, object]) -> None:
    rules = tarotlib.variant("french-tarot", **options)
    as_json = json.loads(json.dumps(rules.options_dict()))
    assert tarotlib.variant("french-tarot", **as_json) == rules
    record = GameRecord.from_state(rules.new_deal(seed=1))
    assert record.rules() == rules


def test_record_options_are_read_only_and_hashable() -> None:
    record = GameRecord("french-tarot", {"poignee_thresholds": [9, 11, 14]}, SeedDeal(1))
    assert record.options["poignee_thresholds"] == (9, 11, 14)
    with pytest.raises(TypeError):
        record.options["players"] = 5  # type: ignore[index]
    assert record.to_json()["options"] == {"poignee_thresholds": [9, 11, 14]}
    assert hash(record) == hash(GameRecord("french-tarot", {}, SeedDeal(1)))


def test_save_and_load(tmp_path: Path) -> None:
    rules = tarotlib.variant("french-tarot", players=5)
    state = play(rules.new_deal(seed=31), bot_seed=31)
    record = GameRecord.from_state(state)
    path = tmp_path / "deal.json"
    save(path, record)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["format"] == RECORD_FORMAT
    assert load(path) == record
    assert load(str(path)).replay().result == state.result


def test_record_json_shape() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = play(rules.new_deal(seed=8), bot_seed=8)
    obj = GameRecord.from_state(state).to_json()
    assert list(obj) == ["format", "version", "variant", "options", "deal", "actions", "result"]
    assert obj["format"] == "tarotlib-record"
    assert obj["version"] == 1 == RECORD_VERSION
    assert obj["variant"] == "french-tarot"
    assert obj["options"] == rules.options_dict()
    assert obj["actions"] == [a.text for a in state.history]
    assert obj["result"] == {"scores": list(state.result.scores), "annulled": None}


# -- property: random legal play replays exactly ------------------------------------------------
@settings(max_examples=examples(80), deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    bot_seed=st.integers(0, 2**32),
    players=st.sampled_from([3, 4, 5]),
    preset=st.sampled_from(["fft", "bga"]),
    grash=st.booleans(),
    declarations=st.sampled_from(["poignee", "poignee_and_misere", "none"]),
    dealer=st.integers(0, 2),
    stop=st.one_of(st.none(), st.integers(0, 60)),
)
def test_random_play_replays_exactly(
    seed: int,
    bot_seed: int,
    players: int,
    preset: str,
    grash: bool,
    declarations: str,
    dealer: int,
    stop: int | None,
) -> None:
    rules = tarotlib.variant(
        "french-tarot", players=players, preset=preset, grash=grash, declarations=declarations
    )
    state = play(rules.new_deal(seed=seed, dealer=dealer), bot_seed=bot_seed, limit=stop)
    record = GameRecord.from_state(state)
    again = GameRecord.loads(record.dumps())
    assert again == record
    replayed = again.replay()
    assert replayed.history == state.history
    assert replayed.is_over == state.is_over
    if state.is_over:
        assert replayed.result == state.result
        assert RecordResult.of(replayed.result) == record.result
    else:
        assert record.result is None
        assert replayed.legal_actions() == state.legal_actions()


# -- corrupted records ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good() -> dict[str, object]:
    rules = tarotlib.variant("french-tarot", players=4)
    state = play(rules.new_deal(seed=12), bot_seed=12)
    return GameRecord.from_state(state).to_json()


def corrupt(obj: dict[str, object], **changes: object) -> dict[str, object]:
    out = copy.deepcopy(obj)
    out.update(changes)
    return out


def read_error(obj: object) -> str:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(obj)
    return str(info.value)


def replay_error(obj: dict[str, object]) -> str:
    record = GameRecord.from_json(obj)
    with pytest.raises(RecordError) as info:
        record.replay()
    return str(info.value)


def test_good_record_replays(good: dict[str, object]) -> None:
    assert GameRecord.from_json(good).replay().is_over


@pytest.mark.parametrize("version", [0, 3, 99])
def test_unsupported_version(good: dict[str, object], version: int) -> None:
    assert read_error(corrupt(good, version=version)) == (
        f"unsupported record version {version}: this tarotlib reads versions 1 and 2"
    )


def test_version_2_is_version_1_with_the_deal_facts(good: dict[str, object]) -> None:
    """A deal given facts (``new_deal(facts=...)``) is written as version 2, with ``facts``;
    version 1 has no ``facts`` field, version 2 needs one."""
    assert "unknown record field(s) 'facts'" in read_error(corrupt(good, facts={"x": True}))
    assert "missing field(s) 'facts'" in read_error(corrupt(good, version=2))
    with_facts = corrupt(good, version=2, facts={"first_of_series": True})
    assert GameRecord.from_json(with_facts).facts == {"first_of_series": True}


@pytest.mark.parametrize("version", ["1", 1.0, True, None])
def test_version_must_be_an_integer(good: dict[str, object], version: object) -> None:
    assert "record field 'version' must be an integer" in read_error(corrupt(good, version=version))


@pytest.mark.parametrize("fmt", ["tarot-record", None, 1])
def test_unknown_format(good: dict[str, object], fmt: object) -> None:
    msg = read_error(corrupt(good, format=fmt))
    assert msg.startswith("not a tarotlib record")
    assert "'tarotlib-record'" in msg


def test_format_checked_before_version(good: dict[str, object]) -> None:
    obj = corrupt(good, format="other", version=5)
    assert read_error(obj).startswith("not a tarotlib record")


def test_not_an_object() -> None:
    assert read_error([1, 2]) == "a record must be a JSON object, got a list"
    with pytest.raises(RecordError, match="must be JSON text"):
        GameRecord.loads("{not json")


def test_missing_and_unknown_fields(good: dict[str, object]) -> None:
    obj = corrupt(good)
    del obj["actions"]
    assert read_error(obj) == "record is missing field(s) 'actions'"
    msg = read_error(corrupt(good, comment="hi"))
    assert "unknown record field(s) 'comment'" in msg
    assert "expected format, version, variant" in msg


def test_unknown_variant(good: dict[str, object]) -> None:
    msg = read_error(corrupt(good, variant="tarock"))
    assert "unknown variant 'tarock'" in msg
    assert "known variants: belote, chambery, contree, french-tarot" in msg
    assert "must be a string" in read_error(corrupt(good, variant=3))


def test_bad_options(good: dict[str, object]) -> None:
    options = good["options"]
    assert isinstance(options, dict)
    msg = read_error(corrupt(good, options={**options, "players": 6}))
    assert "record options are invalid for 'french-tarot'" in msg
    assert "players must be one of 3, 4, 5" in msg
    msg = read_error(corrupt(good, options={**options, "colour": "red"}))
    assert "unknown French Tarot option(s) colour" in msg
    msg = read_error(corrupt(good, options={**options, "poignee_thresholds": [9, 8, 7]}))
    assert "poignee_thresholds" in msg
    msg = read_error(corrupt(good, options={**options, "grash": {"on": True}}))
    assert "option 'grash' must be a JSON value" in msg
    assert "'options' must be an object" in read_error(corrupt(good, options=[1]))


def test_bad_card_text(good: dict[str, object]) -> None:
    actions = list(good["actions"])  # type: ignore[call-overload]
    index = next(i for i, a in enumerate(actions) if a.startswith("play "))
    actions[index] = "play ZZ"
    msg = read_error(corrupt(good, actions=actions))
    assert msg.startswith(f"action {index} ('play ZZ') cannot be parsed:")
    assert "ZZ" in msg


def test_bad_action_verb_and_type(good: dict[str, object]) -> None:
    actions = list(good["actions"])  # type: ignore[call-overload]
    assert "action 0 ('jump') cannot be parsed" in read_error(
        corrupt(good, actions=["jump", *actions[1:]])
    )
    assert (
        read_error(corrupt(good, actions=["pass", 7]))
        == "action 1 must be a string, got an integer: 7"
    )
    assert "'actions' must be a list of strings" in read_error(corrupt(good, actions="pass"))


def test_illegal_action_names_index_and_reason(good: dict[str, object]) -> None:
    actions = list(good["actions"])  # type: ignore[call-overload]
    # Playing the same card twice: the second time the card is no longer in the hand.
    first_play = next(i for i, a in enumerate(actions) if a.startswith("play "))
    bad = [*actions[: first_play + 1], actions[first_play], *actions[first_play + 1 :]]
    msg = replay_error(corrupt(good, actions=bad))
    assert msg.startswith(f"action {first_play + 1} ({actions[first_play]!r}) is illegal: ")
    # An action of the wrong phase.
    msg = replay_error(corrupt(good, actions=["play KH"]))
    assert msg.startswith("action 0 ('play KH') is illegal: phase auction expects")
    # Actions after the end of the deal.
    msg = replay_error(corrupt(good, actions=[*actions, "pass"]))
    assert msg == f"action {len(actions)} ('pass') is illegal: the deal is over"


def test_tampered_result(good: dict[str, object]) -> None:
    result = good["result"]
    assert isinstance(result, dict)
    scores = list(result["scores"])
    tampered = [scores[1], scores[0], *scores[2:]] if scores[0] != scores[1] else scores
    tampered[0] += 10
    tampered[1] -= 10
    msg = replay_error(corrupt(good, result={"scores": tampered, "annulled": None}))
    assert msg.startswith("recorded result [")
    assert "differs from the replayed result" in msg
    msg = replay_error(corrupt(good, result={"scores": scores, "annulled": "all players passed"}))
    assert "annulled: all players passed" in msg and "differs" in msg


def test_result_on_unfinished_deal(good: dict[str, object]) -> None:
    actions = list(good["actions"])  # type: ignore[call-overload]
    msg = replay_error(corrupt(good, actions=actions[:-1]))
    assert msg.startswith("record has a result but the deal is not over")
    # Without a result the same prefix is a valid unfinished record.
    state = GameRecord.from_json(corrupt(good, actions=actions[:-1], result=None)).replay()
    assert not state.is_over


def test_malformed_result(good: dict[str, object]) -> None:
    assert "must be null or" in read_error(corrupt(good, result={"scores": [0, 0, 0, 0]}))
    assert "seat 2 has a string" in read_error(
        corrupt(good, result={"scores": [0, 0, "x", 0], "annulled": None})
    )
    assert "'annulled' must be null or a string" in read_error(
        corrupt(good, result={"scores": [0, 0, 0, 0], "annulled": 3})
    )
    assert "has 3 scores; the game has 4 players" in read_error(
        corrupt(good, result={"scores": [0, 0, 0], "annulled": None})
    )


def test_malformed_deal(good: dict[str, object]) -> None:
    assert "deal 'seed' must be an integer" in read_error(
        corrupt(good, deal={"seed": "12", "dealer": 0})
    )
    assert "deal 'dealer' must be a seat number" in read_error(
        corrupt(good, deal={"seed": 12, "dealer": -1})
    )
    msg = read_error(corrupt(good, deal={"seed": 12, "dealer": 4}))
    assert msg.startswith("record deal cannot be dealt:") and "dealer" in msg
    msg = read_error(corrupt(good, deal={"seed": 12}))
    assert "exactly the keys 'seed' and 'dealer', or 'layout'; got 'seed'" in msg
    layout = tarotlib.variant("french-tarot", players=4).new_deal(seed=1).layout.to_json()
    bad_card = copy.deepcopy(layout)
    bad_card["hands"][0][0] = "QQ"  # type: ignore[index]
    assert "record deal layout is invalid" in read_error(corrupt(good, deal={"layout": bad_card}))
    short = copy.deepcopy(layout)
    short["kitty"] = short["kitty"][:-1]  # type: ignore[index]
    msg = read_error(corrupt(good, deal={"layout": short}))
    assert msg == "record deal cannot be dealt: the chien has 5 cards; it needs 6"


def test_record_built_in_python_is_checked() -> None:
    with pytest.raises(RecordError, match="'deal' must be a SeedDeal or a Layout"):
        GameRecord("french-tarot", {}, 12)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="'variant' must be a variant name"):
        GameRecord("", {}, SeedDeal(1))
    with pytest.raises(RecordError, match="unknown variant"):
        GameRecord("whist", {}, SeedDeal(1)).replay()


# -- declarations (poignée, misère) -------------------------------------------------------------
def poignee_state() -> DealState:
    """4 players: seat 1 holds T1-T15, takes a Garde Sans and is about to lead (FT-8.2)."""
    trumps = [c for c in tarotlib.ALL_CARDS if str(c).startswith("T")]
    others = [c for c in tarotlib.ALL_CARDS if c not in trumps[:15]]
    seat1 = trumps[:15] + others[:3]
    rest = others[3:]
    layout = tarotlib.Layout([rest[0:18], seat1, rest[18:36], rest[36:54]], rest[54:60], 0)
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(layout=layout)
    for text in ["bid garde-sans", "pass", "pass", "pass", "no-slam"]:
        state = state.apply(rules.parse_action(text))
    return state


def test_poignee_declarations_are_recorded_in_parseable_notation() -> None:
    state = poignee_state()
    declares = [a for a in state.legal_actions() if isinstance(a, tarotlib.Declare)]
    assert len(declares) == 3
    for declare in declares:
        done = play(state.apply(declare), bot_seed=4)
        record = check_replays(done)
        text = record.actions[5]
        assert text.startswith(f"declare {declare.kind.value} T1 T2 T3")
        assert done.rules.parse_action(text) == declare


def test_declare_text_parses_back() -> None:
    state = poignee_state()
    declare = next(a for a in state.legal_actions() if isinstance(a, tarotlib.Declare))
    assert state.rules.parse_action(declare.text) == declare


# -- Belote ------------------------------------------------------------------------------------------
BELOTE_HANDS = [
    "AH KH 7H AD 7D 8D 9D TD",
    "TH 9H KS JS 8S 7S 7C 8C",
    "QH JH 8H AS TS 9S QS 9C",
    "AC TC KC QC JC KD QD JD",
]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"preset": "classic"},
        {"preset": "bga", "ta_sa": "third_round", "belote_announce": "explicit"},
        {"preset": "classic", "rounding": "half_up", "deal_packets": "2-3"},
    ],
    ids=["ffb", "classic", "bga-ta-sa-explicit", "classic-rounding-2-3"],
)
def test_belote_seeded_records_replay(options: dict[str, object]) -> None:
    """BE-3.4: a seeded Belote deal records its seed; the record round-trips through JSON and
    replays to the same result, Belote notation (``play TS``) included."""
    rules = tarotlib.variant("belote", **options)
    for seed in range(12):
        state = play(rules.new_deal(seed=seed, dealer=seed % 4), bot_seed=seed)
        record = GameRecord.from_state(state)
        check_round_trip(record)
        assert record.variant == "belote"
        again = GameRecord.loads(record.dumps())
        assert again.replay().result == state.result
        plays = [a.split()[-1] for a in record.actions if a.startswith("play ")]
        assert plays and not any(p.startswith("1") for p in plays)  # AS, TS: BE-1.2 notation


def test_belote_layout_record_keeps_the_stock_in_order() -> None:
    """A deal started at its first card (``start_play``) records its canonical layout, with the
    turn-up and stock in dealing order (BE-3.4), and the bids that reach the contract."""
    from tarotlib.variants.belote import Belote, Contract, options_from

    rules = Belote(options_from({"preset": "classic", "belote_announce": "explicit"}))
    start = rules.start_play(BELOTE_HANDS, Contract.SPADES, taker=1, dealer=3)
    state = play(start, bot_seed=4)
    record = GameRecord.from_state(state)
    layout = record.to_json()["deal"]
    assert isinstance(layout, dict) and "layout" in layout
    stock = layout["layout"]["stock"]
    assert len(stock) == 12
    assert tarotlib.core.cards.parse_cards(stock) == start.layout.stock  # in dealing order
    assert record.actions[: len(start.history)] == tuple(a.text for a in start.history)
    again = GameRecord.loads(record.dumps())
    replayed = again.replay()
    assert replayed.result == state.result
    assert [a.text for a in replayed.history] == [a.text for a in state.history]
