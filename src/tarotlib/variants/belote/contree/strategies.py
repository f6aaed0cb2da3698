"""Contrée's options for Hypothesis: :func:`options`, registered as the game's ``options_strategy``
hook (reached through :func:`tarotlib.testing.strategies.options` and ``rules``).

Hypothesis is imported only when :func:`options` is called.

>>> from hypothesis import given
>>> @given(options())
... def test(opts):
...     assert opts.max_bid % opts.bid_step == 0
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarotlib.variants.belote.contree.options import (
    _CHOICES,
    NOT_IMPLEMENTED,
    PRESETS,
    ContreeOptions,
)

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["options"]

_TARGETS: Final = (2000, 1000, 1500, 3000, 2001)
"""CO-10.1: the default target, then the common ones."""


def _preset(name: str) -> ContreeOptions:
    return ContreeOptions.preset(name)


def options(players: int | Sequence[int] | None = None) -> SearchStrategy[ContreeOptions]:
    """Contrée's options: each option of CO-11.1 drawn from its values (those not implemented
    yet fixed at their only accepted value; ``max_bid`` from 160, 180 and 650; ``target_score``
    from the common targets or 1 … 3000; ``deal_count`` 1 … 20; ``generale_value`` 500 or
    251 … 1000), or one of the presets ``ffb``, ``coinche`` and ``bga``. ``players`` must be None or 4.

    >>> options(players=3)
    Traceback (most recent call last):
        ...
    ValueError: Contrée is played by 4 players (CO-2.1), got players=3
    """
    from hypothesis import strategies as st

    counts = (players,) if isinstance(players, int) else players
    if counts is not None and set(counts) != {4}:
        raise ValueError(f"Contrée is played by 4 players (CO-2.1), got players={players!r}")
    fields: dict[str, SearchStrategy[object]] = {
        name: st.just(NOT_IMPLEMENTED[name])
        if name in NOT_IMPLEMENTED
        else st.sampled_from(choices)
        for name, choices in _CHOICES.items()
    }
    fields["max_bid"] = st.sampled_from((160, 180, 650))
    fields["target_score"] = st.sampled_from(_TARGETS) | st.integers(1, 3000)
    fields["deal_count"] = st.integers(1, 20)
    fields["generale_value"] = st.just(500) | st.integers(251, 1000)
    combos = st.fixed_dictionaries(fields).map(ContreeOptions.from_dict)
    return st.one_of(combos, st.sampled_from(tuple(PRESETS)).map(_preset))
