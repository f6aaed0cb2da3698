"""Hypothesis plugin entry point (``[project.entry-points.hypothesis]``): registers tarotlib's
strategies for its types, so that ``st.from_type(Card)`` works in any test.

Hypothesis calls :func:`_register_strategies` while ``import hypothesis`` is still running, which
may itself be happening inside ``import tarotlib.testing.strategies``; so nothing here imports that
module eagerly: each type is registered with a function that builds its strategy when Hypothesis
first resolves the type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from tarotlib.core.cards import Card


def _card_strategy(_type: type[Card]) -> SearchStrategy[Card]:
    from tarotlib.testing.strategies import cards

    return cards()


def _register_strategies() -> None:
    """Called by Hypothesis when it loads its plugins."""
    from hypothesis import strategies as st

    from tarotlib.core.cards import Card

    st.register_type_strategy(Card, _card_strategy)
