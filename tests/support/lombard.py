"""Helpers of the Lombardy and Reseghino tests: layouts built from the cards each seat must hold
(the rest of the pack shared out to fill the hands), and scripted play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import tarotlib
from tarotlib.core.cards import ALL_CARDS, parse_cards
from tarotlib.core.dealing import Layout
from tarotlib.variants.lombard.lombardy import LombardState, Lombardy, Reseghino


def layout_with(
    required: Sequence[str], dealer: int, *, sizes: Sequence[int] | None = None
) -> Layout:
    """A layout keeping the dealing order in which seat ``s`` holds the cards ``required[s]``
    (dealt first), the other cards of the pack going, in index order, to the hands with room
    left, the seats in turn (4 players: 19 each and 21 for the dealer)."""
    n = len(required)
    if sizes is None:
        base, extra = (19, 2) if n == 4 else (25, 3)
        sizes = [base + (extra if s == dealer else 0) for s in range(n)]
    hands = [list(parse_cards(text)) for text in required]
    used = {int(c) for h in hands for c in h}
    rest = [c for c in ALL_CARDS if int(c) not in used]
    seat = 0
    for card in rest:
        while len(hands[seat]) >= sizes[seat]:
            seat = (seat + 1) % n
        hands[seat].append(card)
        seat = (seat + 1) % n
    assert [len(h) for h in hands] == list(sizes)
    return Layout.in_order(hands, dealer=dealer)


def play(state: LombardState, *texts: str) -> LombardState:
    """Apply the actions written ``texts`` in turn."""
    rules = state.rules
    for text in texts:
        state = state.apply(rules.parse_action(text))
    return state


def play_out(state: LombardState) -> LombardState:
    """Play the first legal action until the deal is over."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def texts(actions: Sequence[object]) -> list[str]:
    return [a.text for a in actions]  # type: ignore[attr-defined]


def lombardy(**options: object) -> Lombardy:
    """Lombardy's rules under ``options`` (from the registry)."""
    return cast(Lombardy, tarotlib.variant("lombardy", **options))


def reseghino(**options: object) -> Reseghino:
    """Reseghino's rules under ``options`` (from the registry)."""
    return cast(Reseghino, tarotlib.variant("reseghino", **options))
