"""The command line's game options read the same way in ``simulate`` and ``play``: a value given
twice must agree, and ``--players`` of a game for a fixed number of players may only repeat it."""

from __future__ import annotations

import json

import pytest

from tarotlib.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--option", "players=5", "--players", "4"],
            "--option players=5 conflicts with --players 4",
        ),
        (
            ["--preset", "bga", "--option", "preset=fft"],
            "--option preset=fft conflicts with --preset bga",
        ),
    ],
)
def test_an_option_given_twice_must_agree(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "french-tarot", "--deals", "1", *args]) == 2
    assert message in capsys.readouterr().err


def test_the_same_value_twice_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--option", "players=5", "--players", "5", "--deals", "2", "--seed", "1", "--json"]
    assert main(["simulate", "french-tarot", *args]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 5


def test_players_of_a_fixed_count_game(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--deals", "2", "--seed", "1", "--json"]
    assert main(["simulate", "belote", "--players", "4", *args]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 4
    assert main(["simulate", "belote", "--players", "3", *args]) == 2
    assert "belote is played by 4 players, not 3 (--players)" in capsys.readouterr().err


def test_one_deal_reads_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(20):  # a deal with a contract (most are)
        assert main(["simulate", "french-tarot", "--deals", "1", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        if "with a contract" in out and "of 0 deals" not in out:
            assert "of 1 deal with a contract" in out, out
            return
    raise AssertionError("no deal with a contract in 20 seeds")
