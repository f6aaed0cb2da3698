"""The analysis of a played deal (issue 23, part 4): its values are the solver's at each
position, a bad card shows its exact loss, a best card none, the summary per seat adds up, JSON
round-trips, a short budget leaves positions unsolved (never valued at zero), bad input is
refused."""

from __future__ import annotations

import json
import math
import random
from typing import Any, cast

import pytest

import tarotlib
from tarotlib.ai import DealAnalysis, analyse, card_values
from tarotlib.ai.analysis import AnalysisError, CardAnalysis, CardValue, format_analysis
from tarotlib.core.actions import Declare
from tarotlib.deal.state import DealState
from tarotlib.errors import RecordError, TarotError
from tarotlib.records import GameRecord

from support.configs import PLAYER_CONFIGS


def in_play(state: DealState[Any]) -> bool:
    return not state.is_over and state.phase_index == len(state.rules.phase_list) - 2


def cards_left(state: DealState[Any]) -> int:
    return max(state.held(seat).bit_count() for seat in range(state.rules.players))


def random_deal(name: str, options: dict[str, Any], seed: int) -> DealState[Any]:
    """A deal played out by random actions (declarations included)."""
    rng = random.Random(seed)
    state = tarotlib.variant(name, **options).new_deal(seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def steps(final: DealState[Any]) -> list[tuple[DealState[Any], int, Any]]:
    """Every state of ``final``'s deal with the action taken from it and its seat."""
    state = final.rules.new_deal(seed=final.seed, dealer=final.dealer)
    out = []
    for seat, action in final.moves:
        out.append((state, seat, action))
        state = state.apply(action)
    assert state == final
    return out


def deal_with_mistake(seed: int = 3, left: int = 2) -> tuple[DealState[Any], int, float]:
    """A Belote deal played at random until ``left`` tricks are left, where the first seat that
    can lose points plays its worst card; every other card after it is a best card for its
    side. Returns the final state, the index of the bad card's action and what it lost."""
    rng = random.Random(seed)
    rules = tarotlib.variant("belote")
    state = rules.new_deal(seed=seed)
    bad: tuple[int, float] | None = None
    while not state.is_over:
        if in_play(state) and cards_left(state) <= left:
            values = card_values(state, side=state.to_act)
            best = max(s.value for s in values.values())
            worst = min(s.value for s in values.values())
            if bad is None and best > worst:
                bad = (len(state.history), best - worst)
                pick = next(a for a, s in values.items() if s.value == worst)
            else:
                pick = next(a for a, s in values.items() if s.value == best)
            state = state.apply(pick)
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    assert bad is not None, "no card could lose points: pick another seed"
    return state, bad[0], bad[1]


@pytest.fixture(scope="module")
def mistaken() -> tuple[DealState[Any], int, float]:
    return deal_with_mistake()


@pytest.mark.parametrize(
    ("name", "options"), PLAYER_CONFIGS, ids=[f"{n}-{o}" for n, o in PLAYER_CONFIGS]
)
def test_the_values_are_the_solvers_at_each_position(name: str, options: dict[str, Any]) -> None:
    """In every game, each solved card's values are card_values() for the seat that played it,
    the chosen value is the played card's, and the analysis reaches the last card."""
    final = next(
        s
        for s in (random_deal(name, options, seed) for seed in range(20))
        if s.result.annulled is None and s.tricks
    )
    analysis = analyse(final, budget=None, max_nodes=3_000)
    history = steps(final)
    played = [
        i
        for i, (state, _, action) in enumerate(history)
        if in_play(state) and not isinstance(action, Declare)
    ]
    assert [c.index for c in analysis.cards] == played
    assert analysis.cards and analysis.cards[-1].status == "solved"
    for card in analysis.cards:
        state, seat, action = history[card.index]
        assert (card.seat, card.played, card.trick) == (seat, action.text, len(state.tricks) + 1)
        if card.status != "solved":
            continue
        exact = card_values(state, side=seat)
        assert [(v.action, v.value) for v in card.values] == [
            (a.text, s.value) for a, s in exact.items()
        ]
        assert card.chosen is not None and card.chosen.value == exact[action].value
        assert card.best == max(s.value for s in exact.values())
        assert card.loss == card.best - exact[action].value


def test_a_bad_card_shows_its_exact_loss_and_the_best_cards_none(
    mistaken: tuple[DealState[Any], int, float],
) -> None:
    final, index, lost = mistaken
    analysis = analyse(final, budget=None, max_nodes=3_000)
    by_index = {c.index: c for c in analysis.cards}
    bad = by_index[index]
    assert lost > 0
    assert bad.status == "solved" and bad.mistake and bad.loss == lost
    assert bad.chosen is not None and bad.chosen.action not in bad.best_actions
    assert [c for c in analysis.mistakes if c.index >= index] == [bad]
    for card in analysis.cards:
        if card.index > index:  # every later card was a best card
            assert card.chosen is not None and card.chosen.value == card.best
            assert card.played in card.best_actions and card.loss == 0 and not card.mistake
    summary = analysis.seats[bad.seat]
    assert summary.mistakes >= 1 and summary.points_lost >= lost


def test_the_summary_adds_up() -> None:
    final = random_deal("french-tarot", {"players": 4}, 5)
    analysis = analyse(final, budget=None, max_nodes=2_000)
    assert len(analysis.seats) == 4
    assert sum(s.cards for s in analysis.seats) == len(analysis.cards) == 72
    for summary in analysis.seats:
        mine = [c for c in analysis.cards if c.seat == summary.seat]
        assert summary.cards == len(mine) == summary.analysed + summary.bounded + summary.unsolved
        assert summary.analysed == sum(1 for c in mine if c.loss is not None)
        assert summary.unsolved == sum(1 for c in mine if c.status == "unsolved")
        assert summary.mistakes == sum(1 for c in mine if c.mistake)
        assert summary.points_lost == sum(c.loss or 0 for c in mine)
        assert all(c.loss is None or c.loss >= 0 for c in mine)


def test_a_short_budget_leaves_positions_unsolved_not_zero() -> None:
    """Too small a node limit: the earlier cards have no value at all, the one where the
    budget ran out keeps bounds, and nothing unknown is counted as a loss or as 0."""
    final = random_deal("french-tarot", {"players": 4}, 5)
    analysis = analyse(final, budget=None, max_nodes=300)
    statuses = [c.status for c in analysis.cards]
    first = statuses.index("solved")
    assert first > 0 and all(s == "solved" for s in statuses[first:])
    assert set(statuses[: first - 1]) == {"unsolved"}
    for card in analysis.cards[:first]:
        assert card.loss is None and not card.mistake and card.best is None
        if card.status == "unsolved":
            assert card.values == () and card.chosen is None and card.loss_at_least == 0
        else:
            assert card.status == "bounded"
            assert not all(v.exact for v in card.values)
            assert all(v.lower <= v.upper for v in card.values)
    unsolved = sum(s.unsolved for s in analysis.seats)
    assert unsolved == statuses.count("unsolved") > 0
    text = format_analysis(analysis)
    assert f"cards 1-{first - (statuses[first - 1] == 'bounded')} " in text


def test_a_tiny_time_budget_solves_little_and_says_so() -> None:
    final = random_deal("french-tarot", {"players": 4}, 5)
    analysis = analyse(final, budget=0.001)
    assert analysis.cards[0].status == "unsolved" and not analysis.complete
    assert analysis.seconds < 5


def test_bounds_are_the_solvers_and_a_proven_loss_is_a_lower_bound() -> None:
    card = CardAnalysis(
        0,
        1,
        0,
        "play KH",
        "bounded",
        (CardValue("play AH", 20.0, math.inf), CardValue("play KH", -math.inf, 12.0)),
    )
    assert card.best is None and card.loss is None and not card.mistake
    assert card.loss_at_least == 8.0
    assert card.chosen is not None and card.chosen.value is None
    assert "≥8" in format_analysis(
        DealAnalysis("belote", 4, 1, 0, 0, None, "points", None, None, 0.0, (card,))
    )


def test_json_round_trips(mistaken: tuple[DealState[Any], int, float]) -> None:
    final = random_deal("french-tarot", {"players": 4}, 5)
    for analysis in (
        analyse(final, budget=None, max_nodes=300),  # with bounds, some infinite
        analyse(mistaken[0], budget=None, max_nodes=3_000, objective="score"),
    ):
        data = json.loads(json.dumps(analysis.to_dict(), allow_nan=False))
        assert DealAnalysis.from_dict(data) == analysis
        assert data["seats"] == [s.to_dict() for s in analysis.seats]
        assert [c["mistake"] for c in data["cards"]] == [c.mistake for c in analysis.cards]
    with pytest.raises(AnalysisError, match="not a deal analysis"):
        DealAnalysis.from_dict({"variant": "belote"})


def test_the_score_objective_is_the_solvers(mistaken: tuple[DealState[Any], int, float]) -> None:
    final = mistaken[0]
    analysis = analyse(final, budget=None, max_nodes=3_000, objective="score")
    history = steps(final)
    solved = [c for c in analysis.cards if c.status == "solved"]
    assert len(solved) >= 8
    for card in solved:
        state, seat, _ = history[card.index]
        exact = card_values(state, side=seat, objective="score")
        assert [v.value for v in card.values] == [s.value for s in exact.values()]


def test_a_record_is_replayed_and_analysed_as_its_state(
    mistaken: tuple[DealState[Any], int, float],
) -> None:
    final = mistaken[0]
    record = GameRecord.from_state(final)
    by_record = analyse(record, budget=None, max_nodes=3_000)
    by_state = analyse(final, budget=None, max_nodes=3_000)
    assert by_record.cards == by_state.cards
    assert (by_record.variant, by_record.seed, by_record.declarer) == ("belote", 3, final.declarer)


def test_bad_input_is_refused() -> None:
    final = random_deal("belote", {}, 1)
    unfinished = tarotlib.variant("belote").new_deal(seed=1)
    with pytest.raises(AnalysisError, match="only a finished deal is analysed; this one is in"):
        analyse(unfinished)
    with pytest.raises(AnalysisError, match="only a finished deal"):
        analyse(GameRecord.from_state(unfinished))
    bad: Any
    for bad in (0, -1.0, True, "10", math.nan):
        with pytest.raises(AnalysisError, match="budget is a positive number or None"):
            analyse(final, budget=bad)
    with pytest.raises(AnalysisError, match="max_nodes is a positive whole number"):
        analyse(final, max_nodes=cast(Any, 1.5))
    with pytest.raises(AnalysisError, match="objective is 'points' or 'score'"):
        analyse(final, objective=cast(Any, "tricks"))
    with pytest.raises(TypeError, match="takes a GameRecord or a DealState, not str"):
        analyse(cast(Any, "deal.json"))
    broken = GameRecord.from_state(final)
    broken = GameRecord(broken.variant, broken.options, broken.deal, broken.actions[:-1])
    with pytest.raises(AnalysisError):
        analyse(broken)
    tampered = GameRecord(
        "belote", {}, GameRecord.from_state(final).deal, ("bid spades", "play ZZ")
    )
    with pytest.raises(RecordError):
        analyse(tampered)
    assert issubclass(AnalysisError, TarotError) and issubclass(AnalysisError, ValueError)
