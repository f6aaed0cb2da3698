"""French Tarot's entry in the variant registry (:mod:`tarotlib.registry`): the factory
of its rules and the hooks through which the shared modules reach its bot, its independent
checker, its trick-rule exceptions, its terminal view and its option strategy. Imported by the
package, so importing :mod:`tarotlib.variants.french_tarot` registers the game; the hooks import
their modules only when first called.

>>> import tarotlib
>>> info = tarotlib.variant_info("french-tarot")
>>> info is INFO, info.default, info.contracts[:2]
(True, True, ('Prise', 'Garde'))
"""

from __future__ import annotations

from tarotlib.core.decks import TAROT_78
from tarotlib.registry import game_entry, register
from tarotlib.variants.french_tarot.game import FrenchTarot
from tarotlib.variants.french_tarot.options import PRESETS, options_from
from tarotlib.variants.french_tarot.types import Contract

__all__ = ["INFO"]

INFO = game_entry(
    "french-tarot",
    "French Tarot for 3, 4 or 5 players (FFT rules; preset='bga' for Board Game Arena)",
    "docs/rules/french-tarot.md FT-0 to FT-19",
    FrenchTarot,
    options_from,
    bot="bot:player",
    oracle="oracle:check_french_tarot_state",
    trick_exceptions="oracle:trick_exceptions",
    options_strategy="strategies:options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    point_model="solving:point_model",
    deck=TAROT_78,
    presets=tuple(PRESETS),
    contracts=tuple(contract.label for contract in Contract),
    default=True,
    scoresheet="scoresheet:french_tarot_form",
)
"""The registry entry of French Tarot."""

register(INFO)
