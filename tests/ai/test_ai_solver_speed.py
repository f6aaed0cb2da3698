"""The solver's shortcuts (issue 23, speed), each exact and each doing what it is for: the last
trick played as one position, and null-window tests that gallop then bisect (a handful of tests
where the values are fine-grained)."""

from __future__ import annotations

import math
from typing import Any

from tarotlib.ai import solve
from tarotlib.ai.solver import _Search
from tarotlib.deal.state import DealState

from support.solver import late_position, minimax, tricks_left


def search(state: DealState[Any]) -> _Search:
    return _Search(state, "points", None, "skip", None, None)


class Counting(_Search):
    """A search that counts its null-window tests."""

    tests = 0

    def test(self, state: DealState[Any], beta: float) -> float:
        self.tests += 1
        return super().test(state, beta)


def test_the_last_trick_is_one_position() -> None:
    """From the first card of the last trick every card is forced: the search counts the
    position and the end of the deal, and gives the plain minimax value."""
    checked = 0
    for seed in range(60):
        state = late_position("belote", {}, seed, 1)
        if state is None or state.trick_cards:
            continue
        s = search(state)
        s.plain = None  # the state search's shortcut (the fast search has its own, tested apart)
        value = s.search(state, -math.inf, math.inf)
        assert value == minimax(state, "points", s.side)
        assert s.nodes == 2
        checked += 1
    assert checked >= 5


def test_the_tests_bisect_the_value() -> None:
    """Belote, five tricks left (values from 0 to 162 or more, a point apart): the exact value
    in at most 16 null-window tests each (one test per value between the guess and the value
    takes up to about 30 here)."""
    most = 0
    for seed in range(40):
        state = late_position("belote", {}, seed, 5)
        if state is None or tricks_left(state) < 5:
            continue
        s = Counting(state, "points", None, "skip", None, None)
        lo, hi = s.value(state)
        assert lo == hi == solve(state).value
        most = max(most, s.tests)
    assert 0 < most <= 16
