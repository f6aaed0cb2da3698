"""The options of Tarocc'Ombre and Ombra arrabiata for Hypothesis (the games' ``options_strategy``
hooks): every option drawn from its allowed values, for the games it applies to, shrinking
towards the defaults. Hypothesis is imported only when a strategy is built.

>>> from hypothesis import given
>>> @given(tarocco_options(players=5))
... def test(opts):
...     assert opts.players == 5 and opts.win_threshold in (36, 35)
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarotlib.variants.lombard.ombre.options import (
    _CHOICES,
    _ONLY,
    ARRABIATA,
    TAROCCO,
    OmbreOptions,
)

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["arrabiata_options", "tarocco_options"]


def _options(game: str, counts: tuple[int, ...]) -> SearchStrategy[OmbreOptions]:
    from hypothesis import strategies as st

    def for_players(n: int) -> SearchStrategy[OmbreOptions]:
        fields: dict[str, SearchStrategy[object]] = {}
        for name, choices in _CHOICES.items():
            only = _ONLY.get(name)
            if only is None or (game, n) in only[0]:
                fields[name] = st.sampled_from(choices)
        hand = {3: 17, 4: 13, 5: 15, 7: 11}[n]
        fields["deal_packets"] = st.sampled_from(
            ("one_at_a_time", "-".join(["1"] * hand), f"{hand - 2}-2")
        )
        fields["first_dealer"] = st.sampled_from((0, n - 1, "random"))
        fields["deals"] = st.none() | st.integers(1, 12)
        return st.fixed_dictionaries(fields).map(
            lambda values: OmbreOptions.from_dict({**values, "game": game, "players": n})
        )

    return st.sampled_from(counts).flatmap(for_players)


def tarocco_options(
    players: int | Sequence[int] | None = None,
) -> SearchStrategy[OmbreOptions]:
    """Tarocc'Ombre's options for 3, 5 or 7 players (``players``: a count, several, or None).

    >>> tarocco_options(players=4)
    Traceback (most recent call last):
        ...
    ValueError: Tarocc'Ombre is played by 3, 5 or 7 players (TO-1, TO-30), got players=4
    """
    counts = (
        (3, 5, 7) if players is None else (players,) if isinstance(players, int) else tuple(players)
    )
    if not counts or not set(counts) <= {3, 5, 7}:
        raise ValueError(
            f"Tarocc'Ombre is played by 3, 5 or 7 players (TO-1, TO-30), got players={players!r}"
        )
    return _options(TAROCCO, counts)


def arrabiata_options(
    players: int | Sequence[int] | None = None,
) -> SearchStrategy[OmbreOptions]:
    """Ombra arrabiata's options (4 players, TO-20).

    >>> arrabiata_options(players=3)
    Traceback (most recent call last):
        ...
    ValueError: Ombra arrabiata is played by 4 players (TO-20), got players=3
    """
    counts = (4,) if players is None else (players,) if isinstance(players, int) else tuple(players)
    if set(counts) != {4}:
        raise ValueError(f"Ombra arrabiata is played by 4 players (TO-20), got players={players!r}")
    return _options(ARRABIATA, counts)
