"""Lombardy tarot (LO-10 … LO-17) and Reseghino (RE-1 … RE-7), on the family's shared facts
(:mod:`tarotlib.variants.lombard.facts`). Importing the package registers both games.

>>> import tarotlib
>>> tarotlib.variant("lombardy").players, tarotlib.variant("reseghino").players
(4, 3)
"""

from tarotlib.variants.lombard.lombardy import plugin as _plugin  # noqa: F401 (registers)
from tarotlib.variants.lombard.lombardy.game import (
    LombardObservation,
    LombardState,
    Lombardy,
    MattoExchange,
    Reseghino,
)
from tarotlib.variants.lombard.lombardy.options import LombardyOptions, ReseghinoOptions

__all__ = [
    "LombardObservation",
    "LombardState",
    "Lombardy",
    "LombardyOptions",
    "MattoExchange",
    "Reseghino",
    "ReseghinoOptions",
]
