"""The exact play solver (issue 23, parts 1 and 2): its values against a plain minimax in every
configuration, its best line replayed, the value of a position against its children's, the
bounds of a limited search, and its refusals."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.ai import Solution, SolverError, card_values, solve
from tarotlib.ai.solver import Objective
from tarotlib.core.actions import Declare
from tarotlib.errors import TarotError

from support.configs import CONFIGS, IDS, each_game_once
from support.solver import late_position, leaf_value, maximising, minimax, moves

OBJECTIVES: tuple[Objective, ...] = ("points", "score")


def positions(name: str, options: dict[str, Any], count: int, left: int) -> list[Any]:
    found: list[Any] = []
    seed = 0
    while len(found) < count and seed < 10 * count:
        state = late_position(name, options, seed, left)
        seed += 1
        if state is not None:
            found.append(state)
    return found


def left_for(options: dict[str, Any]) -> int:
    return 2 if options.get("players", 4) >= 7 else 3  # seven players: 21 cards in three tricks


@pytest.mark.parametrize(("name", "options"), each_game_once(CONFIGS, IDS))
def test_the_value_is_the_plain_minimax(name: str, options: dict[str, Any]) -> None:
    """Both objectives, two sides, positions with at most three tricks left, the trick in
    progress at any card: the solver's value is the value of the full tree."""
    checked = 0
    for state in positions(name, options, 10, left_for(options)):
        sides = {state.declarer if state.declarer is not None else state.to_act, state.to_act}
        for side in sorted(s for s in sides if s is not None):
            for objective in OBJECTIVES:
                solution = solve(state, objective=objective, side=side)
                assert solution.exact and solution.lower == solution.value == solution.upper
                assert solution.value == minimax(state, objective, side), (objective, side)
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_the_line_replays_to_the_value(name: str, options: dict[str, Any]) -> None:
    for state in positions(name, options, 4, left_for(options)):
        for objective in OBJECTIVES:
            solution = solve(state, objective=objective)
            after = state
            for action in solution.line:
                after = after.apply(action)
            assert after.is_over
            assert leaf_value(after, objective, solution.side) == solution.value


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_card_values_are_the_values_after_each_card(name: str, options: dict[str, Any]) -> None:
    for state in positions(name, options, 3, 2):
        side = solve(state).side
        values = card_values(state)
        assert list(values) == moves(state)
        for action, solution in values.items():
            assert solution.exact
            assert solution.value == minimax(state.apply(action), "points", side)
        best = (max if maximising(state, side) else min)(s.value for s in values.values())
        assert best == solve(state).value


configs = st.sampled_from(CONFIGS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 10_000), st.sampled_from(OBJECTIVES))
def test_a_value_is_the_best_of_its_childrens(
    config: tuple[str, dict[str, Any]], seed: int, objective: Objective
) -> None:
    """Each child solved on its own (a search of its own): the position's value is their max
    where the side is to act, their min otherwise."""
    name, options = config
    state = late_position(name, options, seed, 2)
    if state is None:
        return
    solution = solve(state, objective=objective)
    children = [
        solve(state.apply(a), objective=objective, side=solution.side).value for a in moves(state)
    ]
    best = max(children) if maximising(state, solution.side) else min(children)
    assert solution.value == best


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 10_000), st.integers(1, 400))
def test_a_limited_search_returns_true_bounds(
    config: tuple[str, dict[str, Any]], seed: int, budget: int
) -> None:
    name, options = config
    state = late_position(name, options, seed, 3 if options.get("players", 4) < 6 else 2)
    if state is None:
        return
    exact = solve(state).value
    bound = solve(state, max_nodes=budget)
    assert bound.lower <= exact <= bound.upper
    assert bound.nodes <= budget + 1
    if bound.exact:
        assert bound.value == exact
    else:
        assert bound.value == (bound.lower if bound.lower > -math.inf else bound.upper)


def belote_play(seed: int = 4) -> Any:
    rules = tarotlib.variant("belote")
    return rules.new_deal(seed=seed).apply(rules.parse_action("bid spades"))


def test_half_a_belote_deal_is_solved_and_its_line_replays() -> None:
    state = belote_play()
    while len(state.tricks) < 4:
        state = state.apply(state.legal_actions()[-1])
    solution = solve(state)
    assert solution.exact and len(solution.line) == 16
    after = state
    for action in solution.line:
        after = after.apply(action)
    assert float(after.result.breakdown.totals[1]) == solution.value


def test_a_time_limit_stops_the_search_with_bounds() -> None:
    state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    while state.phase != "play":
        state = state.apply(state.legal_actions()[-1])
    solution = solve(state, time_limit=0.05)
    assert not solution.exact and solution.lower <= solution.upper


def test_a_finished_deal_is_its_own_value() -> None:
    state = belote_play()
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    solution = solve(state, objective="score", side=0)
    assert solution == Solution(
        float(state.result.scores[0]), True, solution.value, solution.value, (), 1, 0, "score"
    )
    assert card_values(state) == {}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"objective": "tricks"}, "objective is 'points' or 'score', not 'tricks'"),
        ({"side": 4}, "side is a seat, 0 to 3; got 4"),
        ({"side": True}, "side is a seat, 0 to 3; got True"),
        ({"declarations": "all"}, "declarations is 'skip' or 'search', not 'all'"),
        ({"max_nodes": 0}, "max_nodes is a positive number or None, not 0"),
        ({"time_limit": -1.0}, "time_limit is a positive number or None, not -1.0"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(SolverError) as caught:
        solve(belote_play(), **kwargs)
    assert str(caught.value) == message
    assert isinstance(caught.value, TarotError) and isinstance(caught.value, ValueError)


def test_outside_the_card_play_the_solver_refuses() -> None:
    with pytest.raises(SolverError, match="this deal is in phase 'bidding'"):
        solve(tarotlib.variant("belote").new_deal(seed=4))
    with pytest.raises(TypeError, match="solve\\(\\) takes a deal state, not str"):
        solve("play KH")  # type: ignore[arg-type]


def test_declarations_are_skipped_or_searched() -> None:
    """An explicit belote still open: skipped by default (never announced), searched on demand,
    where announcing it can only help the holder's team."""
    rules = tarotlib.variant("belote", preset="classic", belote_announce="explicit")
    for seed in range(200):
        state = late_position("belote", {"preset": "classic", "belote_announce": "explicit"},
                              seed, 2)  # fmt: skip
        if state is not None and any(isinstance(a, Declare) for a in state.legal_actions()):
            break
    else:
        pytest.fail("no position with a declaration open")
    assert state.rules == rules
    seat = state.to_act
    assert seat is not None
    skipped = solve(state, side=seat)
    searched = solve(state, side=seat, declarations="search")
    assert not any(isinstance(a, Declare) for a in skipped.line)
    assert searched.value >= skipped.value
    assert skipped.value == minimax(state, "points", seat)
