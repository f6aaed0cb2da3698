"""The card sampler (tarotlib.ai.sampler): consistency in every game, exact uniformity against
brute-force enumeration (chi-square), reproducibility, and states as values."""

from __future__ import annotations

import copy
import math
import pickle
import random
from collections import Counter

import pytest

import tarotlib
from tarotlib.ai import consistent_worlds, sample_world
from tarotlib.deal import DealState

CONFIGS = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("french-tarot-solo", {}),
    ("belote", {}),
    ("contree", {}),
    ("lombardy", {}),
    ("reseghino", {}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", {}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *(("chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
]


def test_configs_cover_the_registry() -> None:
    assert {name for name, _ in CONFIGS} == set(tarotlib.variant_names())


def walk(rules: object, seed: int, tricks: int) -> DealState:
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over and len(state.tricks) < tricks:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def late(rules: object, seed: int, left: int) -> DealState:
    """Random play until the player to lead holds ``left`` cards."""
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over:
        to = state.to_act
        play = state.phase == "play" and not state.current_trick
        if play and to is not None and len(state.hand(to)) == left:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda v: str(v))
def test_consistent_in_every_game(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    differ = checked = 0
    for seed in range(4):
        for tricks in (0, 2, 4):
            state = walk(rules, seed, tricks)
            if state.is_over:
                continue
            to = state.to_act
            assert to is not None
            for seat in {to, (to + 1) % rules.players}:
                world = sample_world(state, seat, random.Random(seed))
                assert world.observation(seat) == state.observation(seat)
                assert world.history == state.history
                if seat == to:
                    assert world.legal_actions() == state.legal_actions()
                differ += world.layout != state.layout
                checked += 1
    assert checked and differ


def chi_square_threshold(dof: int, z: float = 3.09) -> float:
    """The chi-square quantile for ``dof`` at p = 0.001 (Wilson–Hilferty)."""
    k = dof
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


@pytest.mark.parametrize(
    ("name", "options", "seed", "left", "worlds"),
    [("french-tarot", {"players": 4}, 2, 3, 300), ("belote", {}, 0, 2, 60)],
)
def test_exactly_uniform(
    name: str, options: dict[str, object], seed: int, left: int, worlds: int
) -> None:
    rules = tarotlib.variant(name, **options)
    state = late(rules, seed, left)
    seat = state.declarer
    assert seat is not None
    every = consistent_worlds(state, seat)
    keys = {w.layout for w in every}
    assert len(keys) == len(every) == worlds and state.layout in keys
    rng = random.Random(2026)
    n = 40 * len(every)
    counts = Counter(sample_world(state, seat, rng).layout for _ in range(n))
    assert set(counts) == keys  # the same support, nothing outside
    expected = n / len(every)
    stat = sum((counts[k] - expected) ** 2 / expected for k in keys)
    dof = len(keys) - 1
    assert stat < chi_square_threshold(dof), (stat, dof)


def test_reproducible_and_state_unchanged() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = walk(rules, 5, 4)
    before = (state.history, state.layout, state.observation(1))
    a = [sample_world(state, 1, random.Random(9)).layout for _ in range(3)]
    b = [sample_world(state, 1, 9).layout for _ in range(3)]
    assert a == b
    assert len({sample_world(state, 1, k).layout for k in range(10)}) > 1
    assert (state.history, state.layout, state.observation(1)) == before


def test_states_are_values() -> None:
    for name, options in CONFIGS:
        rules = tarotlib.variant(name, **options)
        state = walk(rules, 1, 2)
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.history == state.history
        world = sample_world(state, 0, 1)
        assert pickle.loads(pickle.dumps(world)) == world
