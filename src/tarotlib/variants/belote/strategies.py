"""Belote's options for Hypothesis: :func:`options`, registered as the game's ``options_strategy``
hook, which :func:`tarotlib.testing.strategies.options` and
:func:`~tarotlib.testing.strategies.rules` reach through the registry.

Hypothesis is imported only when :func:`options` is called (it is not a runtime dependency of
tarotlib: install the test extra, ``pip install -e '.[test]'``).

>>> from hypothesis import given
>>> @given(options())
... def test(opts):
...     assert opts.undertrump in ("compulsory", "free")
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarotlib.variants.belote.options import _CHOICES, PRESETS, BeloteOptions

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["options"]

_TARGETS: Final = (1000, 501, 701, 1001, 2000)
"""BE-12.1: the default target score, then the common ones."""


def options(players: int | Sequence[int] | None = None) -> SearchStrategy[BeloteOptions]:
    """Belote's options: each option of BE-13 drawn from its allowed values (``target_score`` from
    1000, 501, 701, 1001, 2000 or any whole number from 1 to 3000), or one of the presets ``ffb``,
    ``classic`` and ``bga`` drawn as often as the combinations. Shrinks towards the ``ffb``
    defaults. ``players`` must be None or 4 (BE-2.1).

    >>> from hypothesis import given
    >>> @given(options(players=4))
    ... def test(opts):
    ...     assert opts.target_score >= 1
    >>> test()
    >>> options(players=5)
    Traceback (most recent call last):
        ...
    ValueError: Belote is played by 4 players (BE-2.1), got players=5
    """
    from hypothesis import strategies as st

    counts = (players,) if isinstance(players, int) else players
    if counts is not None and set(counts) != {4}:
        raise ValueError(f"Belote is played by 4 players (BE-2.1), got players={players!r}")
    fields: dict[str, SearchStrategy[object]] = {
        name: st.sampled_from(choices) for name, choices in _CHOICES.items()
    }
    fields["target_score"] = st.sampled_from(_TARGETS) | st.integers(1, 3000)
    combos = st.fixed_dictionaries(fields).map(BeloteOptions.from_dict)
    presets = st.sampled_from(tuple(PRESETS)).map(BeloteOptions.preset)
    return st.one_of(combos, presets)
