"""Every command's help reads as written: argparse formats a subcommand's ``help`` with ``%``
but prints its ``description`` as it is, so a doubled ``%%`` must not reach the screen."""

from __future__ import annotations

import argparse

import pytest

from tarotlib.cli import _parser, main


def _commands() -> list[str]:
    parser = _parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert actions, "the command line has subcommands"
    return sorted(actions[0].choices)


@pytest.mark.parametrize("command", _commands())
def test_each_commands_help_prints_no_doubled_percent(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert f"usage: tarotlib {command}" in out
    assert "%%" not in out


def test_the_duel_help_names_the_95_percent_interval(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["duel", "--help"], ["--help"]):  # the command's page, then the list
        assert main(argv) == 0
        assert "with its 95% interval" in " ".join(capsys.readouterr().out.split())
