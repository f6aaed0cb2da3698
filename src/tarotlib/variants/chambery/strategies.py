"""The Hypothesis strategy of Chambéry's options, registered as the game's ``options_strategy``
hook (:func:`tarotlib.testing.strategies.options` reaches it through the registry). Hypothesis is
imported only when the strategy is built.

>>> from hypothesis import given
>>> @given(options(players=6))
... def test(opts):
...     assert opts.players == 6 and not opts.simplifie
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarotlib.variants.chambery.options import CHOICES, ChamberyOptions

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["options"]


def options(players: int | Sequence[int] | None = None) -> SearchStrategy[ChamberyOptions]:
    """Chambéry's options for the given player counts (None: 3 to 6), every configuration of CH-1
    (the simplifié with 3 or 4), each option drawn from its values, shrinking towards the
    defaults.

    >>> options(players=7)
    Traceback (most recent call last):
        ...
    ValueError: Chambéry is played by 3 to 6 players (CH-1), got players=7
    """
    from hypothesis import strategies as st

    counts = (
        (5, 3, 4, 6)
        if players is None
        else (players,)
        if isinstance(players, int)
        else tuple(players)
    )
    if not counts or not set(counts) <= {3, 4, 5, 6}:
        raise ValueError(f"Chambéry is played by 3 to 6 players (CH-1), got players={players!r}")

    def for_players(n: int) -> SearchStrategy[ChamberyOptions]:
        fields: dict[str, SearchStrategy[object]] = {
            name: st.sampled_from(values)
            for name, values in CHOICES.items()
            if name not in ("players", "simplifie")
        }
        fields["simplifie"] = st.sampled_from((False, True) if n in (3, 4) else (False,))
        fields["first_dealer"] = st.sampled_from((0, n - 1, "random"))
        fields["deals"] = st.none() | st.integers(1, 12)
        return st.fixed_dictionaries(fields).map(
            lambda values: ChamberyOptions.from_dict({**values, "players": n})
        )

    return st.sampled_from(counts).flatmap(for_players)
