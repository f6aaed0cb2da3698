"""Hypothesis plugin entry point (``[project.entry-points.hypothesis]``): registers tarotlib's
strategies for its types, so that ``st.from_type(Card)`` works in any test."""

from __future__ import annotations


def _register_strategies() -> None:
    """Called by Hypothesis when it loads its plugins."""
    from hypothesis import strategies as st

    from tarotlib.cards import Card
    from tarotlib.testing.strategies import cards

    st.register_type_strategy(Card, cards())
