"""The screen says what is being decided where the actions alone do not: the Monte (LO-13) and
how many cards a discard still takes (FT-6.2, LO-8.2, CH-7), to the seat that decides only."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tarotlib
from tarotlib.deal import DealState, DiscardCards, Game
from tarotlib.terminal.render import render_table
from tarotlib.terminal.view import table_view


def reach(rules: Game, phase: str) -> DealState:
    """The first state in phase ``phase`` of a seeded random deal."""
    for seed in range(200):
        state, rng = rules.new_deal(seed=seed), random.Random(seed)
        while not state.is_over and state.phase != phase:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            return state
    raise AssertionError(f"no deal reached {phase}")


def now_lines(state: DealState, seat: int) -> list[str]:
    text = render_table(table_view(state, seat), state.legal_actions())
    return [line for line in text.splitlines() if line.startswith("now: ")]


def test_the_monte_is_said_in_words() -> None:
    state = reach(tarotlib.variant("lombardy"), "monte")
    seat = state.to_act
    assert seat is not None
    assert now_lines(state, seat) == [
        "now: the Monte: propose to annul the deal (monte: all the others must accept) or not "
        "(no-monte)"
    ]
    assert now_lines(state, (seat + 1) % 4) == []  # only the seat that decides is told
    state = state.apply(tarotlib.variant("lombardy").parse_action("monte"))
    answering = state.to_act
    assert answering is not None
    assert now_lines(state, answering) == [
        f"now: the Monte: seat {seat} proposes to annul the deal; accept or refuse (one refusal "
        "keeps it)"
    ]


@pytest.mark.parametrize(
    ("name", "options"),
    [("chambery", {"players": 4}), ("chambery", {"players": 3}), ("french-tarot", {})],
)
def test_a_discard_says_how_many_cards_are_left(name: str, options: dict[str, Any]) -> None:
    rules = tarotlib.variant(name, **options)
    state = reach(rules, "discard")
    phase = state.current_phase
    assert isinstance(phase, DiscardCards)
    total = phase.count
    seat = state.to_act
    assert seat is not None
    for left in range(total, 0, -1):
        cards = "card" if left == 1 else "cards"
        more = "" if left == total else " more"
        assert now_lines(state, seat) == [
            f"now: the discard: lay {left}{more} {cards} aside face down ({total} in all)"
        ]
        state = state.apply(state.legal_actions()[0])
    assert state.phase != "discard"
