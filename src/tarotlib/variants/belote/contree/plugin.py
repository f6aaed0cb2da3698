"""Contrée's entry in the variant registry (imported by :mod:`tarotlib.variants.belote.contree`,
itself imported by the Belote package).

>>> import tarotlib
>>> info = tarotlib.variant_info("contree")
>>> info is INFO, info.presets, info.zero_sum
(True, ('ffb', 'coinche', 'bga'), False)
"""

from __future__ import annotations

from tarotlib.core.decks import PIQUET_32
from tarotlib.deal import Game
from tarotlib.registry import LazyHook, VariantInfo, register
from tarotlib.variants.belote.contree.game import Contree
from tarotlib.variants.belote.contree.options import PRESETS, contree_options_from

__all__ = ["INFO"]


def _contree(**options: object) -> Game:
    return Contree(contree_options_from(options))


def _teams(rules: Game) -> tuple[tuple[int, ...], ...]:
    """The two fixed partnerships (CO-2.1)."""
    return ((0, 2), (1, 3))


INFO = VariantInfo(
    "contree",
    "Contrée (Coinche), 4 players in partnerships with an auction (FFB rules; preset='bga' for "
    "Board Game Arena's Coinche)",
    "docs/rules/contree.md CO-0 to CO-16",
    _contree,
    bot=LazyHook(f"{__package__}.bot:player"),
    oracle=LazyHook(f"{__package__}.oracle:check_contree_state"),
    options_strategy=LazyHook(f"{__package__}.strategies:options"),
    view=LazyHook(f"{__package__}.view:view_parts"),
    deck=PIQUET_32,
    presets=tuple(PRESETS),
    teams=_teams,
    zero_sum=False,  # partners both hold their team's points (CO-9)
)
"""The registry entry of Contrée."""

register(INFO)
