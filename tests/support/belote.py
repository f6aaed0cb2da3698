"""Shared helpers for the Belote engine tests (rules file ``belote.md``)."""

from __future__ import annotations

from collections.abc import Iterable

import tarotlib
from tarotlib.core.actions import Play
from tarotlib.core.cards import (
    PIQUET_NOTATION,
    Card,
    card_mask,
    format_cards,
    parse_card,
    parse_cards,
)
from tarotlib.variants.belote import Belote, BeloteState


def belote(**options: object) -> Belote:
    """The Belote rules with ``options`` (``preset=...`` allowed), through the public registry."""
    rules = tarotlib.variant("belote", **options)
    assert isinstance(rules, Belote)
    return rules


def card(text: str) -> Card:
    """One card from its text (any notation: ``AS``, ``♠A``, ``10S``)."""
    return parse_card(text)


def cards(text: str) -> frozenset[Card]:
    """A set of cards from text such as ``"♠A ♠10"`` or ``"AS TS"``."""
    return frozenset(parse_cards(text))


def show(collection: Iterable[int]) -> str:
    """Cards in index order, Belote notation (for readable assertion messages)."""
    return format_cards(card_mask(collection), PIQUET_NOTATION)


def plays(state: BeloteState) -> list[Play]:
    """The card plays among the legal actions (declarations and announcements left out)."""
    return [a for a in state.legal_actions() if isinstance(a, Play)]


def legal_cards(state: BeloteState) -> frozenset[Card]:
    """The cards the seat to act may play (declarations and announcements left out)."""
    return frozenset(a.card for a in plays(state))
