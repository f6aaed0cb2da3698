"""Tarocc'Ombre and Ombra arrabiata on the command line (play with piped input, simulate,
replay) and the heuristic bot against the random one."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import tarotlib
from tarotlib.bots.heuristic import duel
from tarotlib.cli import main
from tarotlib.records import GameRecord, save
from tarotlib.testing import random_play


@pytest.mark.parametrize(
    "args",
    [["tarocco-ombre"], ["ombra-arrabiata"], ["tarocco-ombre", "--players", "5"]],
)
def test_play_to_the_end(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    code = main(["play", *args, "--deals", "1", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "match over: " in out


@pytest.mark.parametrize(
    "args", [["tarocco-ombre", "--players", "7"], ["ombra-arrabiata"], ["tarocco-ombre"]]
)
def test_simulate(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *args, "--deals", "30", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "deals played: 30" in out and "niente" in out


def test_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tarotlib.variant("tarocco-ombre", players=5)
    final, _ = random_play(rules.new_deal(seed=9), 9)
    path = tmp_path / "deal.json"
    save(str(path), GameRecord.from_state(final))
    assert main(["replay", str(path)]) == 0
    assert "seat 0" in capsys.readouterr().out


@pytest.mark.parametrize(("name", "players"), [("tarocco-ombre", 3), ("ombra-arrabiata", 4)])
def test_heuristic_bot_beats_random(name: str, players: int) -> None:
    result = duel(tarotlib.variant(name, players=players), deals=60, seed=3)
    low, _ = result.interval(2.0)
    assert low > 0, str(result)
