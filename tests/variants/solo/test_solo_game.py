"""The French Tarot solo (rules file ``french-tarot.md``, FT-20): the deal, the contract, the
AI's lead, the dummy's face-up cards, rejections, the Excuse, scoring, observations, records,
matches."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import tarotlib
from tarotlib import (
    EXCUSE,
    Discard,
    IllegalActionError,
    Layout,
    Match,
    Play,
    Slam,
    parse_card,
    parse_cards,
)
from tarotlib.cli import main
from tarotlib.core.cards import card_mask
from tarotlib.core.rng import shuffle
from tarotlib.deal import FIRST_OF_SERIES
from tarotlib.records import GameRecord, MatchRecord, save
from tarotlib.testing import check_replay
from tarotlib.variants.french_tarot import Declaration, DeclarationKind
from tarotlib.variants.french_tarot.scoring import ScoreSummary, score_deal
from tarotlib.variants.french_tarot.solo import AI, DUMMY, PLAYER, FrenchTarotSolo, SoloState
from tarotlib.variants.french_tarot.types import Contract

NAME = "french-tarot-solo"

PLAYER_HAND = "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20"
AI_PILE = "KH 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1D 2D 3D 4D 5D 6D 7D 8D 9D"
DUMMY_PILE = "2C 3C 4C T5 1C 5C 6C 7C 8C 9C 10C JC NC QC KC T1 T2 T3 T4 T6 T7 T8 T9 EX"
KITTY = "10D JD ND QD KD T21"


def layout(player: str = PLAYER_HAND, ai: str = AI_PILE, dummy: str = DUMMY_PILE) -> Layout:
    return Layout.in_order([player, ai, dummy], kitty=KITTY)


def rules(**options: object) -> FrenchTarotSolo:
    game = tarotlib.variant(NAME, **options)
    assert isinstance(game, FrenchTarotSolo)
    return game


def apply(state: SoloState, *texts: str) -> SoloState:
    for text in texts:
        state = state.apply(state.rules.parse_action(text))
    return state


def to_play(state: SoloState, contract: str = "garde-sans") -> SoloState:
    state = apply(state, f"bid {contract}")
    while state.phase != "play":
        state = state.apply(state.legal_actions()[0])
    return state


def reason(state: SoloState, text: str) -> str:
    before = state
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.rules.parse_action(text))
    assert state == before and state.legal_actions() == before.legal_actions()
    return info.value.reason


# -- FT-20.3 the deal -------------------------------------------------------------------------------
def test_a_seeded_deal_is_three_piles_of_24_and_a_kitty_of_6() -> None:
    state = rules().new_deal(seed=7)
    assert [len(state.hand(s)) for s in range(3)] == [24, 24, 24]
    assert state.data.kitty.bit_count() == 6 and len(state.chien) == 6
    order = state.data.order
    assert order is not None and [set(p) for p in order] == [set(state.hand(s)) for s in range(3)]
    # Seed 7 deals the pack in the order tarotlib.core.rng shuffles it; seed 8 deals otherwise.
    dealt = rules().deal_from_order(shuffle(rules().deck.cards, 7))
    assert dealt.layout == state.layout and state.layout.order == order
    assert rules().new_deal(seed=8).layout.order != order
    again = rules().new_deal(layout=state.layout)
    assert again.data.order == order


def test_an_explicit_deal_needs_the_piles_in_order() -> None:
    with pytest.raises(tarotlib.DealError):
        rules().new_deal(layout=Layout.from_text([PLAYER_HAND, AI_PILE, DUMMY_PILE], kitty=KITTY))


# -- FT-20.4 the contract, S-O3 ---------------------------------------------------------------------
def test_the_player_chooses_any_contract_outside_the_first_deal() -> None:
    state = rules().new_deal(layout=layout())
    assert (state.phase, state.to_act) == ("contract", PLAYER)
    assert [a.text for a in state.legal_actions()] == [
        "bid prise",
        "bid garde",
        "bid garde-sans",
        "bid garde-contre",
    ]


def test_the_first_deal_of_a_series_is_a_prise() -> None:
    state = rules().new_deal(layout=layout(), facts={FIRST_OF_SERIES.name: True})
    assert [a.text for a in state.legal_actions()] == ["bid prise"]
    assert reason(state, "bid garde") == (
        "the first deal of a series is played at the lowest contract, Prise"
    )
    free = rules(solo_first_deal_contract="free").new_deal(
        seed=1, facts={FIRST_OF_SERIES.name: True}
    )
    assert len(free.legal_actions()) == 4


def test_a_match_tells_its_first_deal_and_its_records_replay() -> None:
    match = Match.start(rules(), deals=2, seed=3)
    first = match.new_deal()
    assert isinstance(first, SoloState)
    assert first.facts == {FIRST_OF_SERIES.name: True}
    rng = random.Random(1)
    states = []
    while not match.is_over:
        state = match.new_deal()
        assert isinstance(state, SoloState)
        if not match.results:
            assert [a.text for a in state.legal_actions()][-1] in ("bid prise", "keep")
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
        match = match.add(state.result)
    assert states[0].contract == Contract.PRISE
    assert match.totals[0] == sum(s.result.scores[0] for s in states)  # FT-20.12
    record = MatchRecord.of(match, [GameRecord.from_state(s) for s in states])
    replayed, current = MatchRecord.loads(record.dumps()).replay()
    assert current is None and replayed.totals == match.totals
    first_record = GameRecord.from_state(states[0])
    assert first_record.facts == {FIRST_OF_SERIES.name: True}
    assert GameRecord.loads(first_record.dumps()).replay() == states[0]
    check_replay(states[0])


# -- FT-20.8 play ----------------------------------------------------------------------------------
def test_the_ai_leads_every_trick_with_the_top_of_its_pile() -> None:
    state = rules().new_deal(seed=12)
    assert state.data.order is not None
    pile = state.data.order[AI]
    state = to_play(state)
    rng = random.Random(2)
    while not state.is_over:
        assert state.to_act == PLAYER
        state = state.apply(rng.choice(state.legal_actions()))
    assert all(t.leader == AI for t in state.tricks)
    assert tuple(t.cards[0] for t in state.tricks) == pile
    plays = [a for a in state.history if a.text.startswith("play")]
    assert len(plays) == 48  # the dummy's and the player's cards: the AI's are not actions


def test_the_dummy_shows_three_cards_then_two_then_one() -> None:
    state = to_play(rules().new_deal(seed=5))
    counts = []
    while not state.is_over:
        if len(state.current_trick) == 1:
            counts.append(len(state.face_up))
            assert state.observation(0).dummy_face_up == state.face_up
        state = state.apply(state.legal_actions()[-1])
    assert counts == [3] * 22 + [2, 1]


def test_the_dummy_plays_a_legal_face_up_card_chosen_by_the_player() -> None:
    state = to_play(rules().new_deal(layout=layout()))
    assert state.current_trick == (parse_card("KH"),)
    assert state.face_up == tuple(parse_cards("2C 3C 4C"))
    # face_up scope: no heart and no trump face up, so any face-up card may be played
    assert [a.text for a in state.legal_actions()] == ["play 2C", "play 3C", "play 4C"]
    assert reason(state, "play 1C") == "the dummy may only play a face-up card (FT-20.8)"
    assert reason(state, "play T5") == "the dummy may only play a face-up card (FT-20.8)"
    assert "is yours" in reason(state, "play QH")
    after = apply(state, "play 3C")
    assert after.face_up == tuple(parse_cards("2C 4C T5"))  # replenished from the pile
    assert after.current_trick == tuple(parse_cards("KH 3C"))
    assert reason(after, "play T10") == "must follow hearts"
    assert "is the dummy's" in reason(after, "play 2C")
    done = apply(after, "play QH")
    assert done.tricks[0].winner == AI and done.tricks[0].leader == AI
    assert done.current_trick == (parse_card("1S"),)  # the AI leads again at once
    assert [done.tricks[0].seat_of(i, 3) for i in range(3)] == [AI, DUMMY, PLAYER]


def test_whole_hand_scope_turns_cards_up_until_one_is_legal() -> None:
    state = to_play(rules(solo_dummy_follow_scope="whole_hand").new_deal(layout=layout()))
    # the dummy has no heart but trumps: it must trump; the face-down T5 is turned up
    assert state.face_up == tuple(parse_cards("2C 3C 4C T5"))
    assert [a.text for a in state.legal_actions()] == ["play T5"]
    assert reason(state, "play 2C") == "must trump (FT-20.8)"
    after = apply(state, "play T5")
    assert after.face_up == tuple(parse_cards("2C 3C 4C"))  # three face up: no replenishing
    assert reason(after, "play T10") == "must follow hearts"


def test_the_observation_hides_the_piles() -> None:
    state = to_play(rules().new_deal(seed=9))
    hidden = state.hand_mask(AI) | (state.hand_mask(DUMMY) & ~card_mask(state.face_up))
    for seat in range(3):
        seen = state.observation(seat)
        assert not card_mask(seen.visible_cards()) & hidden
        assert seen.dummy_face_up == state.face_up
        assert seen.ai_cards == 23 and seen.dummy_face_down == 21
    assert state.observation(PLAYER).hand == state.hand(PLAYER)
    assert state.observation(AI).hand == () and state.observation(DUMMY).hand == state.face_up
    assert "dummy_face_up" in state.observation(0).to_json()


# -- FT-20.3 petit sec, S-O5 ------------------------------------------------------------------------
PETIT_SEC = "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH T1 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"
AI_2 = "KH 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS T10 T11 T12 T13 T14 T15 T16 T17 T18"
DUMMY_2 = "2C 3C 4C T5 1C 5C 6C 7C 8C 9C 10C JC NC QC KC T19 T2 T3 T4 T6 T7 T8 T9 EX"
KITTY_2 = "JD ND QD KD T20 T21"


def petit_sec_layout() -> Layout:
    return Layout.in_order([PETIT_SEC, AI_2, DUMMY_2], kitty=KITTY_2)


def test_the_players_petit_sec() -> None:
    state = rules().new_deal(layout=petit_sec_layout())
    assert (state.phase, [a.text for a in state.legal_actions()]) == (
        "petit-sec",
        ["redeal", "keep"],
    )
    assert apply(state, "redeal").result.annulled == "petit sec (seat 0), redeal chosen"
    assert apply(state, "keep").phase == "contract"
    forced = rules(solo_petit_sec="mandatory_redeal").new_deal(layout=petit_sec_layout())
    assert forced.result.annulled == "petit sec (seat 0)"
    assert rules(solo_petit_sec="off").new_deal(layout=petit_sec_layout()).phase == "contract"


def test_a_virtual_petit_sec_is_not_checked() -> None:
    ai = "T1 " + " ".join(AI_2.split()[:15]) + " 1D 2D 3D 4D 5D 6D 7D 8D"
    player = " ".join(PETIT_SEC.split()[:13]) + " T10 T11 T12 T13 T14 T15 T16 T17 T18 9D 10D"
    state = rules(solo_petit_sec="mandatory_redeal").new_deal(
        layout=Layout.in_order([player, ai, DUMMY_2], kitty=KITTY_2)
    )
    assert state.phase == "contract"


# -- FT-20.11 scoring -------------------------------------------------------------------------------
def test_ft_20_11_worked_example() -> None:
    """Garde Sans, 1 oudler, 49.5 points: failed; D = −108, player −216; with a simple poignée
    declared by the player, its 20 go to the defenders: D = −128, player −256."""
    summary = ScoreSummary(
        players=3,
        contract=Contract.GARDE_SANS,
        taker=PLAYER,
        attack_half_points=99,
        oudlers=1,
    )
    score = score_deal(summary)
    assert (score.M, score.D, score.scores[PLAYER]) == (2, -108, -216)
    poignee = Declaration(PLAYER, DeclarationKind.SIMPLE_POIGNEE, tuple(range(10)))
    with_poignee = score_deal(
        ScoreSummary(
            players=3,
            contract=Contract.GARDE_SANS,
            taker=PLAYER,
            attack_half_points=99,
            oudlers=1,
            declarations=(poignee,),
        )
    )
    assert (with_poignee.D, with_poignee.scores[PLAYER]) == (-128, -256)


def test_the_played_deal_is_scored_with_a_breakdown() -> None:
    state = to_play(rules().new_deal(seed=21), "garde")
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    result = state.result
    d = result.breakdown.D  # type: ignore[union-attr]
    assert result.scores == (2 * d, -d, -d)
    assert result.contract == "Garde" and result.declarer == PLAYER
    assert any("taker" in line for line in result.lines())
    check_replay(state)
    assert GameRecord.loads(GameRecord.from_state(state).dumps()).replay() == state


def test_the_poignee_uses_the_solo_thresholds() -> None:
    state = to_play(rules().new_deal(layout=layout()))
    state = apply(state, "play 2C")
    offered = [a.text for a in state.legal_actions() if a.text.startswith("declare")]
    assert offered and offered[0].startswith("declare simple-poignee")  # 11 trumps ≥ 10
    strict = to_play(rules(solo_poignee_thresholds="13/15/18").new_deal(layout=layout()))
    strict = apply(strict, "play 2C")
    assert not [a for a in strict.legal_actions() if a.text.startswith("declare")]


# -- the deal's facts in records (the first of a series, FT-20.4) ----------------------------------
def test_facts_are_checked_and_recorded() -> None:
    with pytest.raises(tarotlib.DealError, match="deal facts"):
        rules().new_deal(seed=1, facts={FIRST_OF_SERIES.name: [True]})
    state = rules().new_deal(seed=1, facts={FIRST_OF_SERIES.name: True})
    data = GameRecord.from_state(state).to_json()
    assert data["facts"] == {FIRST_OF_SERIES.name: True}
    assert "facts" not in GameRecord.from_state(rules().new_deal(seed=1)).to_json()
    with pytest.raises(tarotlib.RecordError, match="facts"):
        GameRecord.from_json({**data, "facts": {"x": [1]}})
    assert GameRecord.from_json(data).replay() == state


def test_a_match_record_refuses_a_first_deal_without_its_facts() -> None:
    match = Match.start(rules(), deals=1, seed=8)
    state = match.new_deal()
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    record = GameRecord.from_state(state)
    bare = GameRecord(record.variant, record.options, record.deal, record.actions, record.result)
    assert MatchRecord.of(match.add(state.result), [record]).replay()[0].totals == (
        match.add(state.result).totals
    )
    with pytest.raises(tarotlib.RecordError, match="facts"):
        MatchRecord.of(match.add(state.result), [bare]).replay()


# -- the heuristic player ----------------------------------------------------------------------------
def test_the_heuristic_player_beats_the_random_player() -> None:
    """The same seeded deals played by each (the player acts alone): the heuristic's mean score
    is above the random player's by more than 2 SE of the paired difference (a quick check; the
    2,000-deal figures come from ``tarotlib simulate``, see the bots page)."""
    from tarotlib.bots import HeuristicBot, RandomBot

    game = rules()
    diffs = []
    for seed in range(60):
        scores = []
        for bot in (HeuristicBot(seed), RandomBot(seed)):
            state = game.new_deal(seed=seed)
            while not state.is_over:
                state = state.apply(bot.choose(state))
            scores.append(state.result.scores[PLAYER])
        diffs.append(scores[0] - scores[1])
    mean = sum(diffs) / len(diffs)
    se = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)) ** 0.5
    assert mean - 2 * se > 0, (mean, se)


# -- the terminal ------------------------------------------------------------------------------------
def test_the_terminal_game_simulate_and_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``tarotlib play`` (piped input: a Prise, the first six discards, no slam, then always the
    first action) shows the dummy's face-up cards, the AI's led card and whose card is chosen;
    ``simulate`` and ``replay`` work."""
    script = ["prise", *["1"] * 6, "no-slam", *["1"] * 48]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    save_to = tmp_path / "match.json"
    assert main(["play", NAME, "--seed", "3", "--deals", "1", "--save", str(save_to)]) == 0
    out = capsys.readouterr().out
    assert "dealer: player (you) · player (you) to act" in out
    assert "dummy's face-up cards: 8S T6 T18" in out
    assert "current trick: AI 1S" in out
    assert "now: choose the dummy's card (one of its face-up cards)" in out
    assert "now: play your own card" in out and "dummy: play 8S" in out
    assert "piles: AI 23 cards face down · dummy 21 cards face down" in out
    assert "== deal 1 over ==" in out
    assert (
        "you: player (seat 0) · AI (seat 1) and dummy (seat 2): no bot (the rules and your "
        "choices play their cards)" in out
    )
    assert "totals after 1 deal of 1: player (you) " in out
    assert "match over: your total is " in out and "after 1 deal" in out
    assert "share the win" not in out
    # The AI and the dummy never choose: a person cannot sit there.
    assert main(["play", NAME, "--seat", "1", "--deals", "1"]) == 2
    assert "seat 1 never chooses in french-tarot-solo" in capsys.readouterr().err
    match, current = MatchRecord.loads(save_to.read_text()).replay()
    assert current is None and len(match.results) == 1
    assert match.results[0].contract == "Prise"
    assert main(["simulate", NAME, "--deals", "20", "--seed", "1", "--bots", "heuristic"]) == 0
    assert "deals played: 20" in capsys.readouterr().out
    state = to_play(rules().new_deal(seed=4))
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    path = tmp_path / "deal.json"
    save(path, GameRecord.from_state(state))
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert "AI" in replayed and "dummy" in replayed


# -- FT-20.9, FT-20.11: the Excuse in the last trick and a slam ------------------------------------
def slam_layout() -> Layout:
    """The player holds KS KH KD, T2 … T21 and the Excuse; the AI the Petit (the top of its pile)
    then a spade, a heart, a diamond (the player's Kings go at once) and suit cards; the dummy and
    the chien suit cards only: the player wins every trick."""
    suits = [f"{r}{s}" for r in (*range(1, 11), "J", "N", "Q") for s in "SHD"]
    suits += [f"{r}C" for r in (*range(1, 11), "J", "N", "Q", "K")]
    player = "KS KH KD " + " ".join(f"T{n}" for n in range(2, 22)) + " EX"
    ai = "T1 " + " ".join(suits[:23])
    return Layout.in_order([player, ai, " ".join(suits[23:47])], kitty=" ".join(suits[47:]))


@pytest.mark.parametrize(("announce", "expected"), [("no-slam", 1040), ("slam", 1440)])
def test_a_slam_completed_by_the_excuse(announce: str, expected: int) -> None:
    """Garde Sans, every card to the player: 3 oudlers, 91 points, margin 55: (25 + 55) × 4 = 320,
    and the slam +200 (not announced) or +400 (announced); the player scores 2D. The Excuse, kept
    to the last trick by a player who won every earlier trick, wins it (FT-20.9)."""
    state = apply(rules().new_deal(layout=slam_layout()), "bid garde-sans", announce)
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))
    assert state.tricks[-1].cards[-1] == EXCUSE and state.tricks[-1].winner == PLAYER
    assert all(t.winner == PLAYER for t in state.tricks)
    assert state.result.scores == (expected, -expected // 2, -expected // 2)


def test_the_excuse_played_by_the_dummy_to_the_last_trick() -> None:
    """S-O4: the dummy's Excuse in the last trick, which the AI wins: `to_winner` gives it to the
    defenders, `changes_camp` to the player (4.5 points and an oudler more for him)."""
    for seed in range(300):
        state = rules().new_deal(seed=seed)
        if state.data.order[DUMMY][-1] != EXCUSE:  # type: ignore[index]
            continue
        texts = ["bid prise"]
        state = apply(state, "bid prise")
        while not state.is_over:
            action = next(a for a in state.legal_actions() if isinstance(a, (Play, Discard, Slam)))
            texts.append(action.text)
            state = state.apply(action)
        last = state.tricks[-1]
        if last.cards[1] != EXCUSE or last.winner != AI:
            continue
        other = rules(solo_excuse_last_trick="changes_camp").new_deal(seed=seed)
        other = apply(other, *texts)
        mine, theirs = state.result.breakdown, other.result.breakdown
        assert theirs.summary.attack_half_points - mine.summary.attack_half_points == 9  # type: ignore[union-attr]
        assert theirs.summary.oudlers == mine.summary.oudlers + 1  # type: ignore[union-attr]
        return
    pytest.fail("no deal of the first 300 seeds has the dummy's Excuse in a last trick the AI wins")


def test_a_redealt_petit_sec_leaves_the_next_deal_first_of_the_series() -> None:
    """FT-20.4 with FT-20.3: an annulled deal does not count, so the next deal is still the
    first of the series (a Prise)."""
    match = Match.start(rules(solo_petit_sec="mandatory_redeal"), deals=2, seed=5)
    annulled = match.new_deal(layout=petit_sec_layout())
    assert annulled.is_over and annulled.result.annulled == "petit sec (seat 0)"
    assert annulled.facts == {FIRST_OF_SERIES.name: True}
    match = match.add(annulled.result)
    assert match.deals_counted == 0 and match.dealer == PLAYER
    again = match.new_deal()
    assert again.facts == {FIRST_OF_SERIES.name: True}
    assert [a.text for a in again.legal_actions()] in (["bid prise"], ["redeal", "keep"])
