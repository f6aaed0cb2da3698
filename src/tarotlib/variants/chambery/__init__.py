"""Chambéry flower tarot (CH-1 … CH-17): 3 to 6 players with 78 cards, or 3 or 4 with the 62-card
simplifié. Importing the package registers the game (``tarotlib.variant("chambery", ...)``).

>>> import tarotlib
>>> tarotlib.variant("chambery").players, tarotlib.variant("chambery", players=3).players
(5, 3)
"""

from tarotlib.variants.chambery import plugin as _plugin  # noqa: F401 (registers)
from tarotlib.variants.chambery.game import Chambery
from tarotlib.variants.chambery.observation import ChamberyObservation
from tarotlib.variants.chambery.options import ChamberyOptions
from tarotlib.variants.chambery.scoring import Contract
from tarotlib.variants.chambery.state import ChamberyState

__all__ = ["Chambery", "ChamberyObservation", "ChamberyOptions", "ChamberyState", "Contract"]
