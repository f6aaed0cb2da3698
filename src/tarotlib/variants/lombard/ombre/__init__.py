"""Tarocc'Ombre for 3, 5 and 7 players and Ombra arrabiata (TO-1 … TO-37): one game class,
:class:`Ombre`, on the family's facts (:mod:`tarotlib.variants.lombard.facts`). Importing the
package registers ``tarocco-ombre`` and ``ombra-arrabiata``.

>>> import tarotlib
>>> rules = tarotlib.variant("tarocco-ombre")
>>> rules.players, rules.deck.name, rules.options.group
(3, 'ombre-54', 3)
"""

from tarotlib.variants.lombard.ombre import plugin as _plugin  # noqa: F401 (registers the games)
from tarotlib.variants.lombard.ombre.game import Ombre, OmbreObservation
from tarotlib.variants.lombard.ombre.options import OPTION_DOCS, OmbreOptions
from tarotlib.variants.lombard.ombre.scoring import (
    Contract,
    OmbreScore,
    OmbreSummary,
    score_deal,
)

__all__ = [
    "OPTION_DOCS",
    "Contract",
    "Ombre",
    "OmbreObservation",
    "OmbreOptions",
    "OmbreScore",
    "OmbreSummary",
    "score_deal",
]
