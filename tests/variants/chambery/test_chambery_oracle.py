"""The independent checker notices a broken game: deals are played with a mistake put in on
purpose, and the oracle must object."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tarotlib.deal import DealState, Game
from tarotlib.testing import random_play
from tarotlib.variants.chambery import observation, scoring
from tarotlib.variants.chambery.oracle import check_chambery_state

from support.chambery import all_pass, chambery, layout_with


def _play_many(
    rules: Game,
    deals: int = 30,
    candidates: Callable[[DealState], tuple[object, ...]] | None = None,
) -> None:
    for seed in range(deals):
        random_play(
            rules.new_deal(seed=seed, dealer=seed % rules.players),
            seed,
            on_step=check_chambery_state,
            candidates=candidates,  # type: ignore[arg-type]
        )


def test_the_oracle_accepts_the_game() -> None:
    _play_many(chambery(5), 10, all_pass)
    _play_many(chambery(3, True), 10)


def test_the_odd_point_to_the_partner_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """CH-15.2, CH-15.3: the dealer takes and pays the odd point, not his partner."""
    monkeypatch.setattr(scoring, "_halves", lambda amount: (amount // 2, (amount + 1) // 2))
    with pytest.raises(AssertionError, match="scores"):
        _play_many(chambery(5), 30, all_pass)


def test_a_wrong_doubling_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """CH-16.1: doubling strictly below half of par. The settlement is given the points and the
    par shifted alike (the differences stay right, the doubling threshold moves down by 10)."""
    real = scoring.settle_three

    def lenient(points: Sequence[int], **kwargs: Any) -> scoring.ThreePlayerScore:
        kwargs["half"] += 20
        return real([p + 20 for p in points], **kwargs)

    monkeypatch.setattr("tarotlib.variants.chambery.game.settle_three", lenient)
    with pytest.raises(AssertionError, match="scores"):
        _play_many(chambery(3), 30)


def test_a_hidden_shown_trump_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """CH-7.2: the observation must show every discarded trump (the default). The dealer holds
    two suit cards other than Kings: one of his three discards is a trump."""
    dealer = "KS KH KD KC QH 2C T21 EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"
    state = chambery(5).new_deal(layout=layout_with([dealer, "", "", "", ""], 0))
    random_play(state, 1, on_step=check_chambery_state)  # the real game passes
    monkeypatch.setattr(observation, "shown_trumps", lambda state: 0)
    with pytest.raises(AssertionError, match=r"CH-7\.2"):
        random_play(state, 1, on_step=check_chambery_state)
