"""The ``?`` help is the game's own: its examples are this position's legal actions, and every
shortcut it shows, typed at the prompt, is understood as one of them — in every game."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tarotlib
from tarotlib.terminal.inputs import resolve_action
from tarotlib.terminal.render import render_help
from tarotlib.terminal.view import table_view

from support.configs import CONFIGS, IDS


def shown_examples(help_text: str) -> tuple[list[str], list[str]]:
    """The actions given as examples, and the shortcuts' examples, of a help text."""
    prose = " ".join(
        line for line in help_text.splitlines() if not line.startswith(("  ", "legal", "now:"))
    )
    listed = re.search(r"type an action as listed \(([^)]*)\)", prose)
    assert listed, prose
    shortcuts = re.findall(r"(?:alone|prefix) \(([^)]*)\)", prose)
    initials = re.findall(r"hyphens \((\S+) for ", prose)
    examples = [e for group in shortcuts for e in group.split(", ")] + initials
    return listed.group(1).split(", "), examples


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_every_example_of_the_help_is_understood(name: str, options: dict[str, Any]) -> None:
    rules: Any = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(3):
        state, rng = rules.new_deal(seed=seed), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.to_act
            text = render_help(legal, table_view(state, seat))
            actions, shortcuts = shown_examples(text)
            texts = {a.text for a in legal}
            assert set(actions) <= texts, (actions, texts)
            for typed in shortcuts:
                assert resolve_action(typed, legal, rules) in legal, typed
                checked += 1
            state = state.apply(rng.choice(legal))
    assert checked > 0
