"""The solver's fast search of plain card play (tarotlib.ai._plain): the games' point models agree
with their card points, the fast search gives the values of the state search, and its compiled
path gives the values of its Python path."""

from __future__ import annotations

import gc
import math
import random
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

import tarotlib
from tarotlib import _compiled
from tarotlib.ai import _plain, solve
from tarotlib.ai.solver import _Search
from tarotlib.core.points import PointModel
from tarotlib.deal.state import DealState
from tarotlib.registry import variant_info

from support.configs import CONFIGS, IDS, each_game_once
from support.profiles import examples
from support.solver import in_play, late_position, minimax, moves, tricks_left

#: The configurations whose game gives a point model.
MODELLED = [
    (name, options) for name, options in CONFIGS if variant_info(name).point_model is not None
]
MODELLED_IDS = [i for (name, _), i in zip(CONFIGS, IDS, strict=True) if (name, _) in MODELLED]


def play_starts(name: str, options: dict[str, Any], seeds: range) -> Iterator[DealState[Any]]:
    """The first state of the card play of random deals that reach it."""
    rules = tarotlib.variant(name, **options)
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.new_deal(seed=seed)
        while not state.is_over and not in_play(state):
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if in_play(state):
            yield state


def searched(state: DealState[Any], *, plain: bool, side: int | None = None) -> _Search:
    s = _Search(state, "points", side, "skip", None, None)
    if not plain:
        s.plain = None
    return s


def test_the_modelled_games_are_the_belote_family() -> None:
    assert {name for name, _ in MODELLED} >= {"belote"}


@pytest.mark.parametrize(("name", "options"), MODELLED, ids=MODELLED_IDS)
def test_the_point_model_gives_the_card_points(name: str, options: dict[str, Any]) -> None:
    """From the first card (or the first position where the game gives a model), the model's
    final function of the side's raw count, tricks and last trick at the end of a random deal is
    the game's card points of that deal, for every seat. The deal is played without the
    declarations still open, as the solver plays it (``declarations="skip"``)."""
    info = variant_info(name)
    assert info.point_model is not None and info.card_points is not None
    checked = 0
    for start in play_starts(name, options, range(40)):
        rng = random.Random(len(start.history))
        state = start
        models: dict[int, PointModel] = {}
        while not state.is_over:
            if in_play(state) and not models:
                for side in range(state.rules.players):
                    model = info.point_model(state, side)
                    if model is not None:
                        models[side] = model
            legal = moves(state)
            state = state.apply(legal[rng.randrange(len(legal))])
        if state.result.is_annulled:
            continue
        points = info.card_points(state)
        sides = state.sides or tuple(range(state.rules.players))
        for side, model in models.items():
            if side == state.data.sitter:
                continue  # sits the deal out (Chambéry with six): never a side to solve for
            mine = [s for s in range(state.rules.players) if sides[s] == sides[side]]
            raw = sum(
                model.values[c] for s in mine for c in range(78) if state.pile_mask(s) >> c & 1
            )
            won = sum(1 for t in state.tricks if t.winner in mine)
            last = state.tricks[-1].winner in mine
            assert model.final(raw, won, last) == points[side], (side, raw, won, last)
            if model.slope is not None and 0 < won < len(state.tricks):
                assert model.final(raw + 3, won, last) == points[side] + 3 * model.slope
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize(("name", "options"), MODELLED, ids=MODELLED_IDS)
def test_a_linear_model_is_linear_at_every_count(name: str, options: dict[str, Any]) -> None:
    """``slope`` claims ``final(raw, tricks, last) == final(0, tricks, last) + slope * raw`` at
    every count and number of tricks (the fast search asks ``final`` at 0 only): checked over
    counts from 0 to all the points, for the sides of the first position of random deals where
    the game gives a model."""
    info = variant_info(name)
    assert info.point_model is not None
    checked = 0
    for start in play_starts(name, options, range(40)):
        if checked >= 4:
            break
        tricks = tricks_left(start) + len(start.tricks)
        rng = random.Random(len(start.history))
        state = start
        while not state.is_over and all(
            info.point_model(state, side) is None for side in range(state.rules.players)
        ):
            legal = moves(state)
            state = state.apply(legal[rng.randrange(len(legal))])
        for side in range(state.rules.players):
            model = None if state.is_over else info.point_model(state, side)
            if model is None or model.slope is None:
                continue
            total = sum(model.values)
            for won in range(tricks + 1):
                for last in (False, True):
                    at_zero = model.final(0, won, last)
                    for raw in (*range(1, total, 7), total):
                        expected = at_zero + model.slope * raw
                        assert model.final(raw, won, last) == expected, (side, raw, won, last)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize(("name", "options"), each_game_once(MODELLED, MODELLED_IDS))
def test_the_fast_search_gives_the_state_searchs_values(name: str, options: dict[str, Any]) -> None:
    """Positions with up to four tricks left (three with five players or more), searched with
    and without the fast search, for two sides: the same values (the state search is checked
    against the plain minimax elsewhere)."""
    checked = fast = 0
    left = 3 if options.get("players", 4) >= 5 else 4
    seeds = examples(60)  # 6 deals a configuration every day, 60 in CI
    for seed in range(seeds):
        state = late_position(name, options, seed, left)
        if state is None:
            continue
        actor = state.to_act or 0
        for side in {actor, (actor + 1) % state.rules.players}:
            with_plain = searched(state, plain=True, side=side)
            lo, hi = with_plain.value(state)
            assert lo == hi == searched(state, plain=False, side=side).value(state)[0]
            checked += 1
            fast += with_plain.plain is not None and with_plain.plain.nodes > 0
    assert checked >= seeds // 2 and fast >= seeds // 10


@pytest.mark.parametrize(("name", "options"), each_game_once(MODELLED, MODELLED_IDS))
def test_the_fast_search_is_the_plain_minimax(name: str, options: dict[str, Any]) -> None:
    checked = 0
    for seed in range(40):
        state = late_position(name, options, seed, 2)
        if state is None:
            continue
        s = searched(state, plain=True)
        assert s.value(state)[0] == minimax(state, "points", s.side)
        checked += 1
    assert checked >= 20


@pytest.mark.skipif(not _compiled.COMPILED, reason="the compiled part is not built")
@pytest.mark.parametrize(("name", "options"), each_game_once(MODELLED, MODELLED_IDS))
def test_the_compiled_search_gives_the_python_searchs_values(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled fast search against its Python path: the same value and the same windowed
    results (its table is of a fixed size: node counts may differ)."""
    checked = 0
    seeds = examples(60)
    for seed in range(seeds):
        state = late_position(name, options, seed, 5)
        if state is None:
            continue
        compiled = searched(state, plain=True)
        if compiled.plain is None or not compiled.plain.accepts(state):
            continue
        assert compiled.plain.compiled is not None
        monkeypatch.setattr(_plain, "_compiled_on", False)
        python = searched(state, plain=True)
        monkeypatch.setattr(_plain, "_compiled_on", True)
        assert python.plain is not None and python.plain.compiled is None
        for alpha, beta in ((-math.inf, math.inf), (40.0, 41.0), (80.0, 81.0), (10.0, 120.0)):
            c = compiled.plain.search_state(state, alpha, beta)
            p = python.plain.search_state(state, alpha, beta)
            exact_c, exact_p = alpha < c < beta, alpha < p < beta
            assert exact_c == exact_p and (c == p if exact_c else (c >= beta) == (p >= beta))
        assert compiled.value(state) == python.value(state)
        checked += 1
    assert checked >= seeds // 10


def test_a_whole_belote_deal_is_solved_from_the_first_card() -> None:
    """Eight tricks: the fast search makes the whole deal a solve; the line replays to the
    value."""
    state = next(play_starts("belote", {}, range(3, 4)))
    assert tricks_left(state) == 8
    solution = solve(state)
    assert solution.exact
    over = state
    for action in solution.line:
        over = over.apply(action)
    assert over.is_over
    hook = variant_info("belote").card_points
    assert hook is not None and hook(over)[solution.side] == solution.value


def trick_starts(name: str, options: dict[str, Any], seeds: range) -> Iterator[DealState[Any]]:
    """Plain positions at the first card of a trick (the fast search's table and bounds apply
    there), from random play of random deals."""
    for start in play_starts(name, options, seeds):
        rng = random.Random(len(start.history) + 7)
        state = start
        while not state.is_over:
            s = searched(state, plain=True)
            if not state.trick_cards and s.plain is not None and s.plain.accepts(state):
                yield state
            legal = moves(state)
            state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "options"), MODELLED, ids=MODELLED_IDS)
def test_the_cards_found_sure_win_their_tricks(name: str, options: dict[str, Any]) -> None:
    """``PlainSearch.sure``: whatever the play from a trick's start, every card it finds sure for
    a side ends in a trick that side wins (checked on random play-outs of random positions)."""
    found = 0
    for i, state in enumerate(trick_starts(name, options, range(60))):
        if found >= max(3, examples(12)):
            break
        s = searched(state, plain=True)
        plain = s.plain
        assert plain is not None
        n = state.rules.players
        plain.hands = hands = [state.held(seat) for seat in range(n)]
        live = 0
        for h in hands:
            live |= h
        ours = sum(h for h, m in zip(hands, s.maxing, strict=True) if m)
        for side, own in ((True, ours), (False, live & ~ours)):
            sure = plain.sure(own, live)
            if not sure:
                continue
            found += 1
            rng = random.Random(i)
            over = state
            while not over.is_over:
                legal = moves(over)
                over = over.apply(legal[rng.randrange(len(legal))])
            for trick in over.tricks:
                if any(sure >> c & 1 for c in trick.cards):
                    assert s.maxing[trick.winner] == side, (trick, side)
    assert found >= 3


@pytest.mark.parametrize(("name", "options"), MODELLED, ids=MODELLED_IDS)
def test_folding_runs_of_equal_cards_keeps_the_value(name: str, options: dict[str, Any]) -> None:
    """``PlainSearch.canon`` moves the cards of each run of equal cards (found at the root of a
    search, its first plain position) to the run's weakest: at a later trick's start with up to
    three tricks left, the position it gives is worth what the position itself is (each
    searched by a fresh search from the same root, the Python path, with a full window)."""
    folded = 0
    for root in play_starts(name, options, range(60)):
        if folded >= max(3, examples(12)):
            break
        rng = random.Random(len(root.history))
        while not root.is_over and not (
            (plain := searched(root, plain=True).plain) is not None and plain.accepts(root)
        ):
            legal = moves(root)
            root = root.apply(legal[rng.randrange(len(legal))])
        state = root
        while not state.is_over and (tricks_left(state) > 3 or state.trick_cards):
            legal = moves(state)
            state = state.apply(legal[rng.randrange(len(legal))])
        s = searched(root, plain=True)
        plain = s.plain
        if state.is_over or plain is None or not plain.accepts(state):
            continue
        n = state.rules.players
        hands = [state.held(seat) for seat in range(n)]
        live = 0
        for h in hands:
            live |= h
        key = plain.canon(hands, live)
        if key == hands:
            continue
        folded += 1
        values = []
        for held in (hands, key):
            fresh = searched(root, plain=True).plain
            assert fresh is not None
            fresh.compiled = None
            fresh.hands = list(held)
            raw, won = fresh._won(state)
            rem = sum(fresh.values[c] for c in range(78) if live >> c & 1)
            left = tricks_left(state)
            start = (state.actor, -1, -1, -1, 0, 0, 0)  # a trick's start
            values.append(fresh.search(*start, raw, won, left, rem, -math.inf, math.inf))
        assert values[0] == values[1]
        for c in range(78):
            if live >> c & 1:  # relabelling a card there and back
                assert plain.relabel(plain.relabel(c, live, True), live, False) == c
    assert folded >= 3


def test_a_limited_solve_frees_its_search_at_once() -> None:
    """With a time limit the fast search holds a check of the budget; the check must not hold
    the search, or the two (and the compiled search's table) would live on until the cycle
    collector ran: freed at once, with the collector off."""
    state = next(play_starts("belote", {}, range(3, 4)))
    enabled = gc.isenabled()
    gc.disable()
    try:
        search = _Search(state, "points", None, "skip", None, 5.0)
        assert search.plain is not None
        ref = weakref.ref(search)
        fast = weakref.ref(search.plain)
        assert search.solution(state).exact
        del search
        assert ref() is None and fast() is None
    finally:
        if enabled:
            gc.enable()


@pytest.mark.skipif(not _compiled.COMPILED, reason="the compiled part is not built")
def test_the_compiled_search_is_seen_by_the_cycle_collector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled search holds Python callables (the model's final function, the check): the
    cycle collector must see through it. A check that holds its search (a bound method) makes
    the cycle search → fast search → compiled search → check → search; it is freed."""
    state = next(play_starts("belote", {}, range(3, 4)))
    monkeypatch.setattr(_Search, "_weak_check", lambda self: self._plain_check)
    search = _Search(state, "points", None, "skip", None, 5.0)
    assert search.plain is not None and search.plain.compiled is not None
    assert gc.is_tracked(search.plain.compiled)
    ref = weakref.ref(search)
    del search
    gc.collect()
    assert ref() is None
