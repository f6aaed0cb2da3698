"""Hypothesis strategy of the French Tarot solo's options, registered as the game's
``options_strategy`` hook (:func:`tarotlib.testing.strategies.options` reaches it through the
registry). Hypothesis is imported only when the strategy is built.

>>> from hypothesis import given
>>> @given(solo_options())
... def test(opts):
...     assert opts.solo_dummy_follow_scope in ("face_up", "whole_hand")
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarotlib.variants.french_tarot.solo.options import _CHOICES, SoloOptions

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["solo_options"]


def solo_options(players: int | Sequence[int] | None = None) -> SearchStrategy[SoloOptions]:
    """The solo's options, each drawn from its values, shrinking towards the defaults.
    ``players`` must be None or 3 (three hands: the player, the AI, the dummy; FT-20.1).

    >>> solo_options(players=4)
    Traceback (most recent call last):
        ...
    ValueError: the French Tarot solo deals three hands (FT-20.1), got players=4
    """
    from hypothesis import strategies as st

    counts = (players,) if isinstance(players, int) else players
    if counts is not None and set(counts) != {3}:
        raise ValueError(
            f"the French Tarot solo deals three hands (FT-20.1), got players={players!r}"
        )
    fields: dict[str, SearchStrategy[object]] = {
        name: st.sampled_from(choices) for name, choices in _CHOICES.items()
    }
    return st.fixed_dictionaries(fields).map(SoloOptions.from_dict)
