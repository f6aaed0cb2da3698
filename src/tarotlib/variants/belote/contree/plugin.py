"""Contrée's entry in the variant registry (imported by :mod:`tarotlib.variants.belote.contree`,
itself imported by the Belote package).

>>> import tarotlib
>>> info = tarotlib.variant_info("contree")
>>> info is INFO, info.presets, info.zero_sum
(True, ('ffb', 'coinche', 'bga'), False)
"""

from __future__ import annotations

from tarotlib.core.decks import PIQUET_32
from tarotlib.registry import game_entry, register
from tarotlib.variants.belote.contree.game import Contree
from tarotlib.variants.belote.contree.options import PRESETS, contree_options_from

__all__ = ["INFO"]

INFO = game_entry(
    "contree",
    "Contrée (Coinche), 4 players in partnerships with an auction (FFB rules; preset='bga' for "
    "Board Game Arena's Coinche)",
    "docs/rules/contree.md CO-0 to CO-16",
    Contree,
    contree_options_from,
    bot="bot:player",
    oracle="oracle:check_contree_state",
    options_strategy="strategies:options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    point_model="solving:point_model",
    deck=PIQUET_32,
    presets=tuple(PRESETS),
    teams=((0, 2), (1, 3)),  # CO-2.1: the two fixed partnerships
    zero_sum=False,  # partners both hold their team's points (CO-9)
    scoresheet="scoresheet:contree_form",
)
"""The registry entry of Contrée."""

register(INFO)
