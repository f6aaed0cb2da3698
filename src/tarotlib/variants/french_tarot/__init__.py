"""French Tarot for 3, 4 and 5 players (rules file ``french-tarot.md``, FT-0 … FT-19).

>>> from tarotlib.variants.french_tarot import FrenchTarot, FrenchTarotOptions
>>> rules = FrenchTarot(FrenchTarotOptions(players=5))
>>> rules.hand_size, rules.chien_size
(15, 3)
"""

from tarotlib.variants.french_tarot.game import (
    FrenchTarot,
    FrenchTarotObservation,
    FrenchTarotState,
    options_from,
)
from tarotlib.variants.french_tarot.options import OPTION_DOCS, FrenchTarotOptions
from tarotlib.variants.french_tarot.scoring import (
    FrenchTarotScore,
    GrashScore,
    ScoreSummary,
    score_deal,
    score_grash,
)
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration, DeclarationKind

__all__ = [
    "OPTION_DOCS",
    "Camp",
    "Contract",
    "Declaration",
    "DeclarationKind",
    "FrenchTarot",
    "FrenchTarotObservation",
    "FrenchTarotOptions",
    "FrenchTarotScore",
    "FrenchTarotState",
    "GrashScore",
    "ScoreSummary",
    "options_from",
    "score_deal",
    "score_grash",
]

from tarotlib.variants.french_tarot import plugin as _plugin  # noqa: F401 (registers the game)
from tarotlib.variants.french_tarot import solo as _solo  # noqa: F401 (registers the solo)
