"""The French Tarot solo's entry in the variant registry (imported by
:mod:`tarotlib.variants.french_tarot.solo`, itself imported by the French Tarot package).

>>> import tarotlib
>>> info = tarotlib.variant_info("french-tarot-solo")
>>> info is INFO, info.contracts[:2]
(True, ('Prise', 'Garde'))
"""

from __future__ import annotations

from tarotlib.core.decks import TAROT_78
from tarotlib.registry import game_entry, register
from tarotlib.variants.french_tarot.solo.game import FrenchTarotSolo
from tarotlib.variants.french_tarot.solo.options import solo_options_from
from tarotlib.variants.french_tarot.types import Contract

__all__ = ["INFO"]

INFO = game_entry(
    "french-tarot-solo",
    "French Tarot solo: one player against the AI and the dummy (Karen Robinson's solo variant, FT-20)",
    "docs/rules/french-tarot.md FT-20",
    FrenchTarotSolo,
    solo_options_from,
    bot="bot:player",
    oracle="oracle:check_solo_state",
    options_strategy="strategies:solo_options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    deck=TAROT_78,
    contracts=tuple(contract.label for contract in Contract),
    scoresheet="scoresheet:solo_form",
)
"""The registry entry of the French Tarot solo."""

register(INFO)
