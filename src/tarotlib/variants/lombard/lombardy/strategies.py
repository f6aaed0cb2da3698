"""Hypothesis strategies of Lombardy's and Reseghino's options, registered as the games'
``options_strategy`` hooks (:func:`tarotlib.testing.strategies.options` reaches them through the
registry). Hypothesis is imported only when a strategy is built.

>>> from hypothesis import given
>>> @given(lombardy_options())
... def test(opts):
...     assert opts.monte in ("enabled", "disabled")
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarotlib.variants.lombard.lombardy.options import (
    _LOMBARDY_CHOICES,
    _RESEGHINO_CHOICES,
    ONE_AT_A_TIME,
    LombardyOptions,
    ReseghinoOptions,
)

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["lombardy_options", "reseghino_options"]

_LOMBARDY_PACKETS: Final = (ONE_AT_A_TIME, "5-5-5-4", "4-5-5-5", "3-3-3-3-3-4", "19")
_RESEGHINO_PACKETS: Final = (ONE_AT_A_TIME, "5-5-5-5-5", "8-8-9", "25")


def _check(players: int | Sequence[int] | None, n: int, game: str, section: str) -> None:
    counts = (players,) if isinstance(players, int) else players
    if counts is not None and set(counts) != {n}:
        raise ValueError(f"{game} is played by {n} players ({section}), got players={players!r}")


def lombardy_options(players: int | Sequence[int] | None = None) -> SearchStrategy[LombardyOptions]:
    """Lombardy's options, each drawn from its values (``deal_packets`` from a few packet lists,
    ``first_dealer`` a seat or ``'random'``), shrinking towards the defaults. ``players`` must be
    None or 4 (LO-10).

    >>> lombardy_options(players=3)
    Traceback (most recent call last):
        ...
    ValueError: Lombardy is played by 4 players (LO-10), got players=3
    """
    from hypothesis import strategies as st

    _check(players, 4, "Lombardy", "LO-10")
    fields: dict[str, SearchStrategy[object]] = {
        name: st.sampled_from(choices) for name, choices in _LOMBARDY_CHOICES.items()
    }
    fields["deal_packets"] = st.sampled_from(_LOMBARDY_PACKETS)
    fields["first_dealer"] = st.sampled_from((0, 1, 2, 3, "random"))
    return st.fixed_dictionaries(fields).map(LombardyOptions.from_dict)


def reseghino_options(
    players: int | Sequence[int] | None = None,
) -> SearchStrategy[ReseghinoOptions]:
    """Reseghino's options, each drawn from its values. ``players`` must be None or 3 (RE-1).

    >>> from hypothesis import given
    >>> @given(reseghino_options(players=3))
    ... def test(opts):
    ...     assert opts.reseghino_tie in ("shared", "extra_deal")
    >>> test()
    """
    from hypothesis import strategies as st

    _check(players, 3, "Reseghino", "RE-1")
    fields: dict[str, SearchStrategy[object]] = {
        name: st.sampled_from(choices) for name, choices in _RESEGHINO_CHOICES.items()
    }
    fields["deal_packets"] = st.sampled_from(_RESEGHINO_PACKETS)
    fields["first_dealer"] = st.sampled_from((0, 1, 2, "random"))
    return st.fixed_dictionaries(fields).map(ReseghinoOptions.from_dict)
