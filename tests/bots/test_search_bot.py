"""The search bot (tarotlib.bots.search): legal and reproducible in every game, fair (it decides
from what its seat knows only), exact where the solver reaches, and its budget checked."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tarotlib
from tarotlib.ai import card_values, sample_world
from tarotlib.bots import HeuristicBot, MediumSearchBot, SearchBot, StrongSearchBot, search
from tarotlib.bots.search import _play_out
from tarotlib.deal import DealState
from tarotlib.simulation import simulate
from tarotlib.variants.belote.contree import Coinche

from support.configs import FAMILIES, each_game_once
from support.configs import PLAYER_CONFIGS as CONFIGS


def states_to_decide(rules: Any, seed: int) -> list[DealState]:
    """A state of the deal's first decision with several actions, and one in the play of the
    cards, of a deal played by heuristic bots."""
    bot = HeuristicBot(seed)
    state: DealState = rules.new_deal(seed=seed)
    out: list[DealState] = []
    while not state.is_over:
        many = len(state.legal_actions()) > 1
        if many and (not out or (state.phase == "play" and len(out) == 1)):
            out.append(state)
        state = state.apply(bot.choose(state))
    return out


@pytest.mark.parametrize(
    ("name", "options"), each_game_once(CONFIGS, [f"{n}-{o}" for n, o in CONFIGS], FAMILIES)
)
def test_legal_reproducible_and_fair(name: str, options: dict[str, object]) -> None:
    """Its choice is legal, the same for the same seed, and the same in a world that gives its
    seat the same observations (it cannot see the real hidden cards)."""
    rules = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(2):
        for state in states_to_decide(rules, seed):
            seat = state.to_act
            assert seat is not None
            choice = SearchBot(seed, worlds=2, time_limit=None).choose(state)
            assert choice in state.legal_actions()
            assert SearchBot(seed, worlds=2, time_limit=None).choose(state) == choice
            other = sample_world(state, seat, random.Random(seed))
            assert SearchBot(seed, worlds=2, time_limit=None).choose(other) == choice
            checked += 1
    assert checked >= 2


def test_exact_at_the_end_of_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every hand holds at most ``solver_cards`` cards, each world is valued by the solver:
    given the real deal as its only world, the bot takes a card whose value, what the deal is
    worth to the seat at the end of the solver's best line, is the best; with a smaller
    ``solver_cards`` (or where the solver does not finish within ``solver_nodes``) it plays out
    instead."""
    from tarotlib.bots import search
    from tarotlib.bots.search import _margin

    monkeypatch.setattr(search, "_sample", lambda state, seat, rng, end: state)
    rules = tarotlib.variant("belote")
    checked = 0
    for seed in range(12):
        bot = HeuristicBot(seed)
        state: DealState = rules.new_deal(seed=seed)
        while not state.is_over and not (
            state.phase == "play" and len(state.tricks) == 6 and not state.current_trick
        ):
            state = state.apply(bot.choose(state))
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        seat = state.to_act
        assert seat is not None
        values = card_values(state, side=seat)
        scores = {}
        for action, found in values.items():
            end = state.apply(action)
            for move in found.line:
                end = end.apply(move)
            scores[action] = _margin(end, seat)
        choice = SearchBot(seed, worlds=1, time_limit=None, solver_cards=2).choose(state)
        assert scores[choice] == max(scores.values())
        checked += 1
        late = state
    assert checked >= 5
    played_out: list[DealState] = []

    def play_out(state: DealState, seat: int, seed: int) -> float:
        played_out.append(state)
        return 0.0

    monkeypatch.setattr(search, "_play_out", play_out)
    SearchBot(1, worlds=1, time_limit=None, solver_cards=1).choose(late)
    assert len(played_out) == len(late.legal_actions())
    played_out.clear()
    SearchBot(1, worlds=1, time_limit=None, solver_nodes=1).choose(late)
    assert len(played_out) == len(late.legal_actions())


def test_play_outs_are_heuristic_deals() -> None:
    from tarotlib.bots.search import _margin

    rules = tarotlib.variant("french-tarot", players=4)
    for seed in range(6):
        state = rules.new_deal(seed=seed)
        bot = HeuristicBot(3)
        end = state
        while not end.is_over:
            end = end.apply(bot.choose(end))
        assert _play_out(state, 2, 3) == _margin(end, 2) == end.result.scores[2] * 4 / 3


def test_actions_clearly_worse_are_dropped() -> None:
    """From the fourth world on, an action whose values fall short of the leader's by more than
    two standard errors of the paired difference is no longer tried; the others are."""
    from tarotlib.bots.search import _race

    leader = [10.0, 12.0, 11.0, 13.0]
    worse = [0.0, 1.0, 0.0, 2.0]  # about 11 below, every world
    noisy = [30.0, -20.0, 25.0, -15.0]  # 5 below on average, but far from sure
    equal = list(leader)
    even = [1.0] * 4
    assert _race([0, 1, 2, 3], [leader, worse, noisy, equal], even) == [0, 2, 3]
    assert _race([1], [leader, worse], even) == [1]
    # Weighed: a world that hardly counts does not save an action that is worse in the others.
    mostly = [10.0, 12.0, 11.0, 13.0, 14.0, 12.0]
    lucky = [9.0, 11.0, 10.0, 12.0, 13.0, 99.0]
    assert _race([0, 1], [mostly, lucky], [1.0] * 5 + [1e-6]) == [0]
    assert _race([0, 1], [mostly, lucky], [1.0] * 6) == [0, 1]


def test_budget_and_levels() -> None:
    assert repr(MediumSearchBot(1, solver_nodes=5)) == (
        "MediumSearchBot(seed=1, worlds=6, time_limit=0.2, solver_cards=5, solver_nodes=5, "
        "belief=0.1, bids=6, prudence=0.025)"
    )
    assert StrongSearchBot(1).worlds == SearchBot(1).worlds
    assert SearchBot(1, time_limit=None).time_limit is None
    bads: list[dict[str, Any]] = [
        {"worlds": 0},
        {"worlds": True},
        {"time_limit": 0},
        {"solver_cards": -1},
        {"solver_nodes": 0},
        {"bids": -1},
        {"bids": True},
        {"prudence": -0.1},
        {"prudence": 1},
        {"prudence": True},
    ]
    for bad in bads:
        with pytest.raises(ValueError, match=r"must be|is a number"):
            SearchBot(1, **bad)
    over = tarotlib.variant("belote").new_deal(seed=1)
    while not over.is_over:
        over = over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="the deal is over"):
        SearchBot(1).choose(over)


def test_a_world_cut_short_by_the_time_limit_is_dropped() -> None:
    """Past its time limit the bot stops within a world (after the first) and decides on the
    worlds searched whole: with the time already past, it decides on one world, as with
    ``worlds=1``."""
    rules = tarotlib.variant("french-tarot", players=4)
    bot = HeuristicBot(2)
    state = rules.new_deal(seed=2)
    while not (state.phase == "play" and len(state.legal_actions()) > 3):
        state = state.apply(bot.choose(state))
    timed = SearchBot(9, worlds=8, time_limit=1e-9).choose(state)
    assert timed == SearchBot(9, worlds=1, time_limit=None).choose(state)


def test_by_name_in_a_simulation() -> None:
    summary = simulate("belote", 2, 4, bots="medium,heuristic,medium,heuristic")
    assert summary.deals == 2 and summary.bots == ("medium", "heuristic", "medium", "heuristic")


def test_bids_among_many_are_the_heuristic_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision that names no card (a bid) with more than ``bids`` actions is the heuristic
    bot's (Contrée's first bid: some thirty); with fewer it is searched (French Tarot's auction),
    and with ``bids=0`` never."""
    from tarotlib.bots import search

    drawn: list[int] = []
    real = search._sample

    def counted(state: DealState, seat: int, rng: random.Random, end: float | None) -> DealState:
        drawn.append(seat)
        return real(state, seat, rng, end)

    monkeypatch.setattr(search, "_sample", counted)
    contree = tarotlib.variant("contree")
    tarot = tarotlib.variant("french-tarot", players=4)
    for seed in range(3):
        state = contree.new_deal(seed=seed)
        assert all(getattr(a, "card", None) is None for a in state.legal_actions())
        assert len(state.legal_actions()) > 6
        assert SearchBot(seed).choose(state) == HeuristicBot(seed).choose(state)
        assert not drawn
        many = SearchBot(seed, worlds=2, time_limit=None, bids=100).choose(state)
        assert many in state.legal_actions() and drawn
        drawn.clear()
        state = tarot.new_deal(seed=seed)
        assert 1 < len(state.legal_actions()) <= 6
        assert SearchBot(seed, bids=0).choose(state) == HeuristicBot(seed).choose(state)
        assert not drawn
        assert SearchBot(seed, worlds=2, time_limit=None).choose(state) in state.legal_actions()
        assert drawn
        drawn.clear()


def test_what_a_deal_is_worth_counts_the_other_side() -> None:
    from tarotlib.bots.search import _margin

    for name, options in (("contree", {}), ("french-tarot", {"players": 5})):
        rules = tarotlib.variant(name, **options)
        bot = HeuristicBot(4)
        state = rules.new_deal(seed=4)
        while not state.is_over:
            state = state.apply(bot.choose(state))
        scores = state.result.scores
        for seat in range(rules.players):
            if name == "contree":  # teams 0 & 2 against 1 & 3, each credited its own points
                expected = scores[seat] - scores[(seat + 1) % 4]
            else:
                expected = scores[seat] - (sum(scores) - scores[seat]) / (rules.players - 1)
            assert _margin(state, seat) == pytest.approx(expected)


def test_the_worlds_are_weighed_by_the_other_seats_bids() -> None:
    """A world weighs ``belief`` for each bid of another seat that the heuristic bot would not
    have made in it: worlds that explain the bids count, the others hardly."""
    rules = tarotlib.variant("contree")
    model = HeuristicBot(0)
    weights = set()
    for seed in range(8):
        state = rules.new_deal(seed=seed)
        while state.to_act != 0 or len(state.history) < 4:
            state = state.apply(HeuristicBot(seed).choose(state))
            if state.phase != "auction":
                break
        if state.phase != "auction":
            continue
        bot = SearchBot(seed, belief=0.25)
        for k in range(4):
            world = sample_world(state, 0, random.Random(k))
            replay = rules.new_deal(layout=world.layout)
            missed = 0
            for action in world.history:
                if replay.to_act != 0 and model.choose(replay) != action:
                    missed += 1
                replay = replay.apply(action)
            assert bot._belief(world, 0) == 0.25**missed
            weights.add(missed)
    assert len(weights) > 1


def test_prudence_where_play_outs_value_the_worlds() -> None:
    """Where play-outs value a world, the bot leaves the heuristic bot's choice only when a
    one-sided t test (Bonferroni over the other actions) says the best beats it: on the same
    worlds, the prudent choice is the heuristic bot's or the best mean's, and some decisions
    keep the heuristic bot's where the best mean alone would not. Where the solver values every
    world, prudence changes nothing."""
    rules = tarotlib.variant("french-tarot", players=5)
    kept = 0
    for seed in range(3):
        bot = HeuristicBot(seed)
        state: DealState = rules.new_deal(seed=seed)
        while not state.is_over and state.phase != "play":
            state = state.apply(bot.choose(state))
        for _ in range(6):  # the first cards: fifteen-card hands, out of the solver's reach
            hint = HeuristicBot(seed).choose(state)  # the choice of the search bot's own
            if len(state.legal_actions()) > 1:
                bold = SearchBot(seed, worlds=4, time_limit=None, prudence=0).choose(state)
                prudent = SearchBot(seed, worlds=4, time_limit=None).choose(state)
                assert prudent in (hint, bold)
                kept += prudent == hint != bold
            state = state.apply(hint)
    assert kept >= 1
    belote = tarotlib.variant("belote")
    differ = 0
    for seed in range(4):
        bot = HeuristicBot(seed)
        state = belote.new_deal(seed=seed)
        while not state.is_over:
            seat = state.to_act
            small = seat is not None and len(state.hand(seat)) <= 5  # the solver reaches
            if state.phase == "play" and small and len(state.legal_actions()) > 1:
                hint = HeuristicBot(seed).choose(state)
                # The same solver budget with and without the compiled part.
                budget: dict[str, Any] = {"worlds": 3, "time_limit": None, "solver_nodes": 100_000}
                bold = SearchBot(seed, prudence=0, **budget).choose(state)
                assert SearchBot(seed, **budget).choose(state) == bold
                differ += bold != hint
            state = state.apply(bot.choose(state))
    assert differ >= 1  # the search does leave the heuristic bot's choice there


def test_prudence_tests_the_heuristic_choice_on_every_world(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race that drops actions clearly behind the leader keeps the heuristic bot's action
    once play-outs value the decision: a prudent bot leaves that action only after the t test
    has compared the two on every world searched. Contrée's coinche windows (preset bga: two
    actions, valued by play-outs, the worlds weighed by the auction) are where the race used to
    drop it and a coinche was chosen on two or three worlds."""
    tests: list[tuple[int, bool]] = []  # (worlds compared, passed) of each prudence test
    real = search._surely_above

    def spy(a: list[float], b: list[float], w: list[float], risk: float | None = None) -> bool:
        passed = real(a, b, w, risk)
        if risk is not None:
            tests.append((len(w), passed))
        assert len(a) == len(b) == len(w)
        return passed

    monkeypatch.setattr(search, "_surely_above", spy)
    rules = tarotlib.variant("contree", preset="bga")
    windows = left = tested_all = 0
    for seed in range(6):
        bot = HeuristicBot(seed)
        state: DealState = rules.new_deal(seed=seed)
        while state.phase == "auction":
            legal = state.legal_actions()
            if Coinche() in legal and len(legal) == 2:
                windows += 1
                hint = HeuristicBot(seed).choose(state)
                tests.clear()
                choice = SearchBot(seed, worlds=8, time_limit=None).choose(state)
                tested_all += bool(tests) and tests[-1][0] == 8
                if choice != hint:
                    left += 1
                    assert tests and tests[-1] == (8, True)
            state = state.apply(bot.choose(state))
    assert windows >= 10
    assert tested_all >= 1  # the best differed from the hint, and the test saw every world
    assert left < windows
