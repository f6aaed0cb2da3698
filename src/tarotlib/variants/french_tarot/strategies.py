"""French Tarot's options for Hypothesis: :func:`options`, registered as the game's
``options_strategy`` hook, which :func:`tarotlib.testing.strategies.options` and
:func:`~tarotlib.testing.strategies.rules` reach through the registry.

Hypothesis is imported only when :func:`options` is called (it is not a runtime dependency of
tarotlib: install the test extra, ``pip install -e '.[test]'``).

>>> from hypothesis import given
>>> @given(options(players=4))
... def test(opts):
...     assert opts.players == 4
>>> test()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarotlib.variants.french_tarot.options import _CHOICES, FrenchTarotOptions

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["options"]


def _thresholds() -> SearchStrategy[tuple[int, int, int] | None]:
    from hypothesis import strategies as st

    triple = st.lists(st.integers(1, 22), min_size=3, max_size=3, unique=True).map(
        lambda xs: (sorted(xs)[0], sorted(xs)[1], sorted(xs)[2])
    )
    return st.none() | triple


def options(players: int | Sequence[int] | None = None) -> SearchStrategy[FrenchTarotOptions]:
    """French Tarot's options, covering every combination: each option is drawn from its allowed
    values (FT-18: O-1 … O-14; ``defence_slam_bonus`` also any other whole number ≥ 0),
    ``poignee_thresholds`` is None (the FT-8.1 table) or any increasing triple, and ``players`` is
    3, 4 or 5 (or the given count(s)). The ``bga`` preset is drawn as often as the combinations.
    Shrinks towards the FFT defaults.

    >>> from hypothesis import given
    >>> @given(options(players=(3, 5)))
    ... def test(opts):
    ...     assert opts.players in (3, 5)
    >>> test()
    """
    from hypothesis import strategies as st

    counts: tuple[int, ...]
    if players is None:
        counts = (3, 4, 5)
    elif isinstance(players, int):
        counts = (players,)
    else:
        counts = tuple(players)
    fields: dict[str, SearchStrategy[object]] = {}
    for name, choices in _CHOICES.items():
        if name == "players":
            fields[name] = st.sampled_from(counts)
        elif name == "defence_slam_bonus":
            fields[name] = st.sampled_from(choices) | st.integers(0, 1000)
        else:
            fields[name] = st.sampled_from(choices)
    fields["poignee_thresholds"] = _thresholds()
    combos = st.fixed_dictionaries(fields).map(FrenchTarotOptions.from_dict)
    bga = st.sampled_from(counts).map(lambda n: FrenchTarotOptions.preset("bga", players=n))
    return st.one_of(combos, bga)
