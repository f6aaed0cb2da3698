"""Belote's entry in the variant registry (:mod:`tarotlib.registry`): the factory of its
rules and the hooks through which the shared modules reach its bot, its independent checker, its
terminal view and its option strategy. Imported by the package, so importing
:mod:`tarotlib.variants.belote` registers the game; the hooks import their modules only when first
called.

>>> import tarotlib
>>> info = tarotlib.variant_info("belote")
>>> info is INFO, info.presets, info.zero_sum
(True, ('ffb', 'classic', 'bga'), False)
>>> info.teams(tarotlib.variant("belote"))
((0, 2), (1, 3))
"""

from __future__ import annotations

from tarotlib.core.decks import PIQUET_32
from tarotlib.registry import game_entry, register
from tarotlib.variants.belote.game import Belote
from tarotlib.variants.belote.options import PRESETS, options_from

__all__ = ["INFO"]

INFO = game_entry(
    "belote",
    "Belote, 4 players in partnerships (FFB rules; preset='classic' with declarations, "
    "preset='bga' for Board Game Arena)",
    "docs/rules/belote.md BE-0 to BE-17",
    Belote,
    options_from,
    bot="bot:player",
    oracle="oracle:check_belote_state",
    options_strategy="strategies:options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    point_model="solving:point_model",
    deck=PIQUET_32,
    presets=tuple(PRESETS),
    teams=((0, 2), (1, 3)),  # BE-2.1: the two fixed partnerships
    zero_sum=False,  # partners both hold their team's points (BE-11)
    scoresheet="scoresheet:belote_form",
)
"""The registry entry of Belote."""

register(INFO)
