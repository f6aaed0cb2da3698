"""The independent checker notices a broken game: the deals are played with a mistake put in on
purpose, and the oracle must object."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import tarotlib
from tarotlib.testing import random_play
from tarotlib.variants.lombard.ombre import game as game_module
from tarotlib.variants.lombard.ombre import observation, scoring
from tarotlib.variants.lombard.ombre.oracle import check_ombre_state


def _play_many(name: str, players: int, deals: int = 40) -> None:
    rules = tarotlib.variant(name, players=players)
    for seed in range(deals):
        random_play(
            rules.new_deal(seed=seed, dealer=seed % players), seed, on_step=check_ombre_state
        )


def test_the_oracle_accepts_the_game() -> None:
    _play_many("tarocco-ombre", 3)
    _play_many("tarocco-ombre", 5)


def test_a_wrong_threshold_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "threshold", lambda players, win_threshold=36: 30)
    with pytest.raises(AssertionError):
        _play_many("tarocco-ombre", 3, 200)


def test_a_miscounted_pile_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = game_module.count_sides

    def off_by_one(state: Any, table: Any) -> tuple[int, int, int, int]:
        p, o, mine, theirs = real(state, table)
        return p + 1, o, mine, theirs

    monkeypatch.setattr(game_module, "count_sides", off_by_one)
    with pytest.raises(AssertionError, match="LO-5"):
        _play_many("ombra-arrabiata", 4)


def test_a_leaked_partner_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = observation.observe

    def leaky(state: Any, seat: int) -> Any:
        seen = real(state, seat)
        partner = state.data.partner
        return seen if partner < 0 else attrs.evolve(seen, partner=partner)

    monkeypatch.setattr(game_module, "observe", leaky)
    with pytest.raises(AssertionError, match=r"TO-34\.3"):
        _play_many("tarocco-ombre", 5, 80)
