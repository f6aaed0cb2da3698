"""Old import paths that keep working for one release, with a ``DeprecationWarning``.

A module that moved leaves a stand-in at its old path whose names are looked up lazily in the new
home: ``from tarotlib.cards import Card`` still gives the one ``Card`` class, and warns where the
caller wrote it. :data:`MOVED` lists every move (CHANGELOG.md "Deprecated" names them too); the
stand-ins go in :data:`REMOVED_IN`.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from tarotlib.cards import Card
>>> import tarotlib.core.cards
>>> Card is tarotlib.core.cards.Card, str(caught[0].message)
(True, 'tarotlib.cards is deprecated: import Card from tarotlib.core.cards (the old path goes in 0.3)')
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Final

__all__ = ["MOVED", "REMOVED_IN", "RENAMED", "moved"]

REMOVED_IN: Final = "0.3"
"""The release that drops the old paths."""

MOVED: Final[Mapping[str, str]] = {
    "tarotlib.actions": "tarotlib.core.actions",
    "tarotlib.auction": "tarotlib.deal.auctions",
    "tarotlib.cards": "tarotlib.core.cards",
    "tarotlib.dealing": "tarotlib.core.dealing",
    "tarotlib.declarations": "tarotlib.core.shows",
    "tarotlib.decks": "tarotlib.core.decks",
    "tarotlib.engine": "tarotlib.core.results",
    "tarotlib.exchange": "tarotlib.core.discards",
    "tarotlib.points": "tarotlib.core.points",
    "tarotlib.ranking": "tarotlib.core.ranking",
    "tarotlib.rng": "tarotlib.core.rng",
    "tarotlib.tricks": "tarotlib.core.tricks",
    "tarotlib.variants.registry": "tarotlib.registry",
}
"""Each old module path and its new home."""

RENAMED: Final[Mapping[str, Mapping[str, str]]] = {
    "tarotlib.engine": {
        "Observation": "tarotlib.deal.observe:Observation",
        "GameState": "tarotlib.deal.state:DealState",
        "Rules": "tarotlib.deal.game:Game",
    },
}
"""The names of an old module that went elsewhere than its new home: ``module:name``."""


def moved(old: str) -> Callable[[str], object]:
    """The ``__getattr__`` of the stand-in left at module path ``old`` (a key of :data:`MOVED`):
    every name is looked up in its new home, or where :data:`RENAMED` sends it. ``dir()`` of the
    stand-in lists none of them, so that tools walking a package's modules do not trip the
    warning; ``__all__`` lists them all.

    >>> import tarotlib.engine
    >>> tarotlib.engine.__all__
    ['Breakdown', 'Conversion', 'DealResult', 'GameState', 'Observation', 'Rules']
    """
    new = MOVED[old]
    names = RENAMED.get(old, {})
    home = importlib.import_module(new)
    public = sorted({*getattr(home, "__all__", ()), *names})

    def __getattr__(name: str) -> object:
        if name == "__all__":
            return public
        if name.startswith("__"):
            raise AttributeError(name)
        module, _, attribute = names.get(name, f"{new}:{name}").partition(":")
        try:
            value = getattr(importlib.import_module(module), attribute)
        except AttributeError:
            raise AttributeError(f"module {old!r} has no attribute {name!r}") from None
        shown = attribute if attribute == name else f"{attribute} (was {name})"
        warnings.warn(
            f"{old} is deprecated: import {shown} from {module} (the old path goes in {REMOVED_IN})",
            DeprecationWarning,
            stacklevel=2,
        )
        return value

    return __getattr__
