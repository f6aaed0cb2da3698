"""Helpers of the Chambéry tests: the rules of a configuration, layouts built from the cards each
seat must hold (the rest of the pack shared out to fill the hands), scripted play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import tarotlib
from tarotlib.core.actions import Pass
from tarotlib.core.cards import parse_cards
from tarotlib.core.dealing import Layout
from tarotlib.deal import DealState
from tarotlib.variants.chambery import Chambery, ChamberyState
from tarotlib.variants.chambery.facts import config

CONFIGURATIONS = ((5, False), (6, False), (4, False), (3, False), (4, True), (3, True))
"""CH-1's six configurations, ``(players, simplifié)``."""


def chambery(players: int = 5, simplifie: bool = False, **options: object) -> Chambery:
    """The rules of a configuration under ``options`` (from the registry)."""
    return cast(
        Chambery, tarotlib.variant("chambery", players=players, simplifie=simplifie, **options)
    )


def layout_with(required: Sequence[str], dealer: int, *, simplifie: bool = False) -> Layout:
    """A layout in which seat ``s`` holds the cards ``required[s]``, the other cards of the
    configuration's pack going, in index order, to the hands with room left, the seats in turn
    (a seat sitting out, 6 players, holds nothing)."""
    n = len(required)
    cfg = config(n, simplifie)
    sitter = (dealer + 1) % n if n == 6 else -1
    sizes = [0 if s == sitter else cfg.hand + (cfg.extra if s == dealer else 0) for s in range(n)]
    hands = [list(parse_cards(text)) if text else [] for text in required]
    used = {int(c) for h in hands for c in h}
    rest = [c for c in cfg.deck.cards if int(c) not in used]
    seat = 0
    for card in rest:
        while len(hands[seat]) >= sizes[seat]:
            seat = (seat + 1) % n
        hands[seat].append(card)
        seat = (seat + 1) % n
    assert [len(h) for h in hands] == sizes
    return Layout.from_text([" ".join(c.text for c in h) for h in hands], dealer=dealer)


def play(state: ChamberyState, *texts: str) -> ChamberyState:
    """Apply the actions written ``texts`` in turn."""
    rules = state.rules
    for text in texts:
        state = state.apply(rules.parse_action(text))
    return state


def play_out(state: DealState) -> ChamberyState:
    """Play the first legal action until the deal is over."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return cast(ChamberyState, state)


def texts(actions: Sequence[object]) -> list[str]:
    return [a.text for a in actions]  # type: ignore[attr-defined]


def all_pass(state: DealState) -> tuple[tarotlib.Action, ...]:
    """A play policy: in the auction everybody passes (the dealer's King call follows)."""
    legal = state.legal_actions()
    if state.phase == "auction":
        return tuple(a for a in legal if isinstance(a, Pass))
    return legal
