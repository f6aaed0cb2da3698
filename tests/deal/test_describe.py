"""``print(state)``: the whole table as text, in every game — each seat's hand, the trick in
progress, the tricks won and the scores at the end are the state's own, at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tarotlib
from tarotlib.core.cards import format_cards
from tarotlib.deal import DealState

from support.configs import CONFIGS, IDS


def check_text(state: DealState) -> None:
    text = str(state)
    lines = text.splitlines()
    rules, n = state.rules, state.rules.players
    assert lines[0].startswith(f"{rules.name}, {n} players")
    if state.is_over:
        assert lines[0].endswith(" · over")
    else:
        assert lines[0].endswith(f"{state.phase}: seat {state.to_act} to act")
    for seat in range(n):
        hand = format_cards(state.hand_mask(seat), rules.notation) or "-"
        assert f"seat {seat}: {hand}" in lines
    tricks = [line for line in lines if line.startswith("tricks won")]
    if state.tricks:
        won = " · ".join(f"seat {s} {sum(t.winner == s for t in state.tricks)}" for s in range(n))
        assert tricks == [f"tricks won ({len(state.tricks)} played): {won}"]
    else:
        assert tricks == []
    progress = [line for line in lines if line.startswith("trick in progress")]
    assert len(progress) == (1 if state.trick_cards else 0)
    if state.trick_cards:
        cards = " ".join(rules.notation.texts[c] for c in state.trick_cards)
        assert progress[0] == f"trick in progress (led by seat {state.leader}): {cards}"
    if state.is_over:
        assert lines[-1] == "scores: " + " · ".join(
            f"seat {s} {v}" for s, v in enumerate(state.result.scores)
        )
    assert repr(state) != text  # repr stays the short form


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_print_shows_the_whole_table_at_every_step(name: str, options: dict[str, Any]) -> None:
    rules: Any = tarotlib.variant(name, **options)
    for seed in (1, 2):
        state, rng = rules.new_deal(seed=seed), random.Random(seed)
        check_text(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            check_text(state)


def test_the_contract_and_the_kitty() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=2)
    text = str(state)
    assert f"chien (dealt): {format_cards(state.layout.kitty_mask)}" in text.splitlines()
    assert "contract:" not in text
    state = state.apply(tarotlib.Pass()).apply(rules.parse_action("bid garde"))
    assert "contract:" not in str(state)  # the auction is not over
    state = state.apply(tarotlib.Pass()).apply(tarotlib.Pass())
    assert "contract: Garde, seat 2" in str(state).splitlines()
