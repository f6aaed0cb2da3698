"""The French Tarot solo (rules file ``french-tarot.md``, FT-20): one player against the AI and
the dummy, built from French Tarot's parts.

>>> from tarotlib.variants.french_tarot.solo import FrenchTarotSolo, SoloOptions
>>> FrenchTarotSolo(SoloOptions(solo_first_deal_contract="free")).options.solo_first_deal_contract
'free'
"""

from tarotlib.variants.french_tarot.solo.game import (
    AI,
    DUMMY,
    PLAYER,
    FrenchTarotSolo,
    SoloState,
)
from tarotlib.variants.french_tarot.solo.observation import SoloObservation
from tarotlib.variants.french_tarot.solo.options import SOLO_OPTION_DOCS, SoloOptions

__all__ = [
    "AI",
    "DUMMY",
    "PLAYER",
    "SOLO_OPTION_DOCS",
    "FrenchTarotSolo",
    "SoloObservation",
    "SoloOptions",
    "SoloState",
]

from tarotlib.variants.french_tarot.solo import plugin as _plugin  # noqa: F401 (registers the game)
