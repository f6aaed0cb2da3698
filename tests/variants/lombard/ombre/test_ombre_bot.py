"""The Ombre heuristic bot reads tricks as the game plays them: the trick rules it asks are the
ones of the games' play phase, and the winner it sees in a trick in progress is the machine's."""

from __future__ import annotations

import random

import pytest

from tarotlib.deal import TrickPlay
from tarotlib.variants.lombard.facts import TRICKS
from tarotlib.variants.lombard.ombre.bot import _winning

from support.ombre import ombre

CONFIGS = [("tarocco-ombre", 3), ("tarocco-ombre", 5), ("tarocco-ombre", 7), ("ombra-arrabiata", 4)]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_bot_asks_the_trick_rules_of_the_play_phase(name: str, players: int) -> None:
    plays = [p for p in ombre(name, players=players).phase_list if isinstance(p, TrickPlay)]
    assert len(plays) == 1
    assert plays[0].rules is TRICKS


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_the_winner_the_bot_sees_is_the_machines(name: str, players: int) -> None:
    rules = ombre(name, players=players)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            if state.phase == "play" and state.trick_cards:
                _led, win, seat = state.trick_state
                assert _winning(state.trick_cards, state.leader, players) == (win, seat)
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
        for trick in state.tricks:  # the completed tricks too (the Matto never wins, LO-7)
            assert _winning(trick.cards, trick.leader, players)[1] == trick.winner
    assert checked > 100
