"""Helpers of the Tarocc'Ombre / Ombra arrabiata tests: explicit layouts and driving a deal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

import tarotlib
from tarotlib.core.cards import parse_cards
from tarotlib.core.dealing import Layout
from tarotlib.deal import DealState
from tarotlib.variants.lombard.ombre import Ombre, OmbreObservation


def ombre(name: str = "tarocco-ombre", **options: object) -> Ombre:
    """The rules of ``name`` with ``options``, typed as the game class."""
    return cast(Ombre, tarotlib.variant(name, **options))


def seen(state: DealState, seat: int) -> OmbreObservation:
    """``seat``'s observation, typed."""
    return cast(OmbreObservation, state.observation(seat))


def layout(rules: Ombre, dealer: int, fixed: Mapping[int, str]) -> Layout:
    """A layout of ``rules``' pack: the seats in ``fixed`` get (at least) those cards, the rest
    of the pack is handed out in index order to fill every hand (the dealer gets the extras)."""
    deck = rules.deck
    o = rules.options
    n = rules.players
    sizes = [o.hand_size + (o.discard_size if seat == dealer else 0) for seat in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    used: set[int] = set()
    for seat, text in fixed.items():
        cards = [int(c) for c in parse_cards(text)]
        hands[seat].extend(cards)
        used.update(cards)
    rest = [c for c in sorted(int(c) for c in deck.cards) if c not in used]
    for seat in range(n):
        while len(hands[seat]) < sizes[seat]:
            hands[seat].append(rest.pop(0))
    assert not rest
    return Layout([tuple(tarotlib.ALL_CARDS[c] for c in h) for h in hands], (), dealer=dealer)


def drive(state: DealState, texts: Iterable[str]) -> DealState:
    """Apply each action written in ``texts``."""
    for text in texts:
        state = state.apply(state.rules.parse_action(text))
    return state


def discard_first(state: DealState) -> DealState:
    """The dealer discards the first legal cards (TO-4)."""
    while state.phase == "discard":
        state = state.apply(state.legal_actions()[0])
    return state
