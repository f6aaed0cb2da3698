"""OpenSpiel's IS-MCTS as a tarotlib bot (tarotlib.ai.ismcts): whole deals with legal choices,
the same choices for the same seed, choices from the seat's information only, the time limit,
set-valued declarations (a poignée), and a duplicate match in the arena."""

from __future__ import annotations

import functools
import random
import time
from typing import Any, cast

import pytest

pytest.importorskip("pyspiel")

import tarotlib
from tarotlib.ai import ismcts, openspiel, sample_world
from tarotlib.ai.ismcts import ISMCTSPlayer
from tarotlib.arena import Match, duplicate
from tarotlib.bots import HeuristicBot
from tarotlib.core.actions import Action, Declare
from tarotlib.deal import DealState
from tarotlib.errors import OptionError, SamplingError

BELOTE = tarotlib.variant("belote")
TAROT = tarotlib.variant("french-tarot", players=4)


def heuristic_until(rules: Any, seed: int, steps: int) -> DealState:
    """The deal of ``seed`` after ``steps`` actions of the heuristic bot in every seat."""
    state: DealState = rules.new_deal(seed=seed)
    bots = [HeuristicBot(seat) for seat in range(rules.players)]
    while len(state.history) < steps:
        assert state.to_act is not None
        state = state.apply(bots[state.to_act].choose(state))
    return state


def decisions(rules: Any, seeds: range, every: int) -> list[DealState]:
    """States with several legal actions along heuristic deals, one in ``every``."""
    out: list[DealState] = []
    for seed in seeds:
        state: DealState = rules.new_deal(seed=seed)
        bots = [HeuristicBot(seat) for seat in range(rules.players)]
        while not state.is_over:
            if len(state.legal_actions()) > 1 and len(state.history) % every == 0:
                out.append(state)
            assert state.to_act is not None
            state = state.apply(bots[state.to_act].choose(state))
    return out


class RandomPlay:
    """Uniformly random legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DealState) -> Action:
        return self.rng.choice(state.legal_actions())


def random_states(rules: Any, seed: int) -> list[DealState]:
    """Every state of a random deal but the last."""
    state: DealState = rules.new_deal(seed=seed)
    bot = RandomPlay(seed)
    out = []
    while not state.is_over:
        out.append(state)
        state = state.apply(bot.choose(state))
    return out


# -- whole deals ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        pytest.param(BELOTE, 3, id="belote-3"),
        pytest.param(BELOTE, 8, id="belote-8", marks=pytest.mark.slow),
        pytest.param(TAROT, 5, id="tarot-5", marks=pytest.mark.slow),
    ],
)
def test_it_plays_whole_deals_in_every_seat(rules: Any, seed: int) -> None:
    bots = [ISMCTSPlayer(seed * 10 + seat, time_limit=None, simulations=10) for seat in range(4)]
    state: DealState = rules.new_deal(seed=seed, dealer=seed % rules.players)
    searched = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert state.to_act is not None
        bot = bots[state.to_act]
        action = bot.choose(state)
        assert action in legal
        assert bot.last_simulations == (0 if len(legal) == 1 else 10)
        searched += bot.last_simulations > 0
        state = state.apply(action)
    assert searched > 10
    assert state.result is not None and len(state.result.scores) == rules.players


def test_it_plays_a_tarot_deal_in_one_seat_among_heuristic_bots() -> None:
    bots: list[Any] = [HeuristicBot(seat) for seat in range(4)]
    bots[2] = ISMCTSPlayer(7, time_limit=None, simulations=10)
    state: DealState = TAROT.new_deal(seed=11, dealer=1)
    while not state.is_over:
        assert state.to_act is not None
        action = bots[state.to_act].choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)
    assert state.result is not None and sum(state.result.scores) == 0


def test_an_over_deal_has_nothing_to_choose() -> None:
    state = BELOTE.new_deal(seed=1)
    bot = RandomPlay(1)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    with pytest.raises(ValueError, match="the deal is over"):
        ISMCTSPlayer(1, time_limit=None, simulations=5).choose(state)


def test_a_single_legal_action_is_returned_without_a_search() -> None:
    state = next(s for s in random_states(BELOTE, 2) if len(s.legal_actions()) == 1)
    bot = ISMCTSPlayer(1, time_limit=None, simulations=5)
    assert bot.choose(state) == state.legal_actions()[0]
    assert bot.last_simulations == 0


# -- reproducibility and information ------------------------------------------------------------
def test_the_same_seed_makes_the_same_choices() -> None:
    states = decisions(BELOTE, range(2), 4) + decisions(TAROT, range(1), 12)
    a = ISMCTSPlayer(5, time_limit=None, simulations=12)
    b = ISMCTSPlayer(5, time_limit=None, simulations=12)
    assert [a.choose(s) for s in states] == [b.choose(s) for s in states]
    # The bot is stateful (each decision draws its seeds), and another seed searches otherwise:
    # over these decisions, some choice differs.
    c = ISMCTSPlayer(6, time_limit=None, simulations=12)
    d = ISMCTSPlayer(5, time_limit=None, simulations=12)
    assert [c.choose(s) for s in states] != [d.choose(s) for s in states]


@pytest.mark.parametrize(("deals", "every"), [(1, 6), pytest.param(3, 2, marks=pytest.mark.slow)])
def test_it_decides_from_the_seats_information_only(deals: int, every: int) -> None:
    """The same choice, for the same seed, in a world the seat cannot tell from the state: the
        hidden cards dealt otherwise, and another seat's secret actions (a taker's écart) drawn
        again. Over a few decisions of one deal of each game in the everyday suite, more decisions of
    three deals with ``pytest -m slow``."""
    compared = {"belote": 0, "french-tarot": 0}
    redrawn = 0
    for rules, states in (
        (BELOTE, decisions(BELOTE, range(deals), 3)),
        (TAROT, decisions(TAROT, range(2, 2 + deals), every)),  # deal 2: a taker's écart
    ):
        for k, state in enumerate(states):
            seat = state.to_act
            assert seat is not None
            world = sample_world(state, seat, random.Random(k))
            assert world.observation(seat) == state.observation(seat)
            redrawn += world.history != state.history  # another seat's secret actions
            seed = 100 + k
            a = ISMCTSPlayer(seed, time_limit=None, simulations=10).choose(state)
            b = ISMCTSPlayer(seed, time_limit=None, simulations=10).choose(world)
            assert a == b, (rules.name, k, a, b)
            compared[rules.name] += 1
    assert compared["belote"] >= 5 * deals and compared["french-tarot"] >= 2 * deals, compared
    assert redrawn


def test_a_world_with_other_secret_actions_gets_a_legal_choice() -> None:
    # A defender after the taker's écart: the worlds draw the écart again.
    state = heuristic_until(TAROT, 2, 20)
    seat = state.to_act
    assert seat is not None
    world = sample_world(state, seat, random.Random(0))
    assert world.history != state.history and world.observation(seat) == state.observation(seat)
    assert ISMCTSPlayer(1, time_limit=None, simulations=10).choose(world) in state.legal_actions()


# -- the budget -----------------------------------------------------------------------------------
def test_the_time_limit_is_kept() -> None:
    state = heuristic_until(TAROT, 3, 16)
    assert len(state.legal_actions()) > 1
    bot = ISMCTSPlayer(1, time_limit=0.2)
    start = time.perf_counter()
    action = bot.choose(state)
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    assert elapsed < 2.0
    # Stopped by the clock, not by the simulations (100,000 would take minutes).
    assert 2 <= bot.last_simulations < 100_000


def test_the_simulations_bound_a_timed_search_too() -> None:
    state = heuristic_until(BELOTE, 4, 5)
    bot = ISMCTSPlayer(1, time_limit=30.0, simulations=7)
    start = time.perf_counter()
    bot.choose(state)
    assert bot.last_simulations == 7 and time.perf_counter() - start < 10.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"simulations": 1}, "simulations must be an int of at least 2"),
        ({"simulations": True}, "simulations must be an int"),
        ({"time_limit": 0}, "time_limit is a number of seconds > 0"),
        ({"time_limit": "1"}, "time_limit is a number of seconds > 0"),
        ({"uct_c": -1.0}, "uct_c must be a finite number"),
        ({"rollouts": 0}, "rollouts must be an int of at least 1"),
    ],
)
def test_bad_parameters_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSPlayer(1, **options)


def test_a_configuration_without_an_openspiel_game_is_refused() -> None:
    rules = tarotlib.variant("belote", deal_packets="2-3")  # not an OpenSpiel parameter
    state = rules.new_deal(seed=1)
    with pytest.raises(OptionError, match="has no OpenSpiel game"):
        ISMCTSPlayer(1, time_limit=None, simulations=5).choose(state)


def test_options_and_dealer_reach_the_openspiel_game() -> None:
    rules = tarotlib.variant("belote", preset="classic")
    for dealer in (0, 3):
        game = ismcts._game(rules, dealer)
        assert game.rules == rules and game.dealer == dealer
        assert str(game) == f"python_tarotlib_belote(dealer={dealer},declarations=True)".replace(
            "dealer=0,", ""
        )
        state = rules.new_deal(seed=6, dealer=dealer)
        bot = ISMCTSPlayer(2, time_limit=None, simulations=5)
        while len(state.history) < 8 and not state.is_over:
            action = bot.choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)


def failing_resampler(works: int) -> Any:
    """A stand-in for :func:`tarotlib.ai.openspiel.resampler` whose sampler finds ``works``
    worlds, then none (:class:`SamplingError`)."""

    def make(seed: int) -> Any:
        inner = openspiel.resampler(seed)
        calls = [0]

        def resample(state: Any, player: int) -> Any:
            calls[0] += 1
            if calls[0] > works:
                raise SamplingError("no world found (a test)")
            return inner(state, player)

        return resample

    return make


@pytest.mark.parametrize("works", [0, 1, 5])
def test_a_sampler_without_a_world_stops_the_search(
    monkeypatch: pytest.MonkeyPatch, works: int
) -> None:
    monkeypatch.setattr(ismcts, "resampler", failing_resampler(works))
    state = heuristic_until(TAROT, 3, 16)
    bot = ISMCTSPlayer(1, time_limit=None, simulations=50)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_simulations == works  # with fewer than 2: a random choice


# -- set-valued declarations ----------------------------------------------------------------------
def poignee_state() -> DealState:
    """French Tarot, seat 0 before its first card, a simple poignée among its legal actions."""
    state = heuristic_until(TAROT, 4, 14)
    assert any(isinstance(a, Declare) and a.shown for a in state.legal_actions())
    return state


def test_a_poignee_is_declared_with_a_listed_action() -> None:
    state = poignee_state()
    chosen = [
        ISMCTSPlayer(seed, time_limit=None, simulations=20).choose(state) for seed in range(4)
    ]
    assert all(action in state.legal_actions() for action in chosen)
    assert any(isinstance(action, Declare) for action in chosen)


class Listing:
    """A state that lists other legal actions (the rest is the state's)."""

    def __init__(self, state: DealState, listed: tuple[Action, ...]) -> None:
        self._state = state
        self._listed = listed

    def legal_actions(self) -> tuple[Action, ...]:
        return self._listed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def test_listed_declarations_that_part_are_searched_card_by_card() -> None:
    """Two poignées with the same head, showing T20 or T21 (both legal; tarotlib lists one):
    the bot searches again at the card where they part, and returns one of the two."""
    state = heuristic_until(TAROT, 192, 12)
    listed = state.legal_actions()
    (declare,) = [a for a in listed if isinstance(a, Declare)]
    other = TAROT.parse_action(declare.text.replace("T20", "T21"))
    assert other != declare and state.is_legal(other)
    proxy = cast(DealState, Listing(state, (*listed, other)))
    seen = set()
    for seed in range(6):
        bot = ISMCTSPlayer(seed, time_limit=None, simulations=12)
        action = bot.choose(proxy)
        assert action in (*listed, other)
        seen.add(action)
        if isinstance(action, Declare):
            assert bot.last_simulations == 24  # the head, then the card where they part
        else:
            assert bot.last_simulations == 12
    assert seen & {declare, other}
    timed = ISMCTSPlayer(1, time_limit=0.2)
    start = time.perf_counter()
    assert timed.choose(proxy) in (*listed, other)
    assert time.perf_counter() - start < 2.0


# -- the arena ------------------------------------------------------------------------------------
def test_it_plays_a_duplicate_match() -> None:
    bot = functools.partial(ISMCTSPlayer, time_limit=None, simulations=5)
    match = duplicate("belote", (bot, "random"), boards=2, seed=1)
    assert isinstance(match, Match)
    assert match.boards == 2
