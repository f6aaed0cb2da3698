"""The registry entry of Chambéry flower tarot (:mod:`tarotlib.registry`): the factory
of its rules — one name, ``chambery``, with the configuration chosen by ``players`` (3 to 6) and
``simplifie`` (the 62-card pack, 3 or 4 players) — and the hooks through which the shared modules
reach its bot, its independent checker, its view and its option strategy. Imported by the
package; the hooks import their modules only when first called.

>>> import tarotlib
>>> tarotlib.variant_info("chambery") is INFO, INFO.zero_sum
(True, True)
>>> [tarotlib.variant("chambery", players=n).players for n in (3, 4, 5, 6)]
[3, 4, 5, 6]
>>> tarotlib.variant("chambery", players=4, simplifie=True).deck.name
'chambery-62'
"""

from __future__ import annotations

from tarotlib.core.decks import TAROT_78
from tarotlib.registry import game_entry, register
from tarotlib.variants.chambery.game import SOLOS, Chambery
from tarotlib.variants.chambery.options import ChamberyOptions
from tarotlib.variants.chambery.scoring import Contract

__all__ = ["INFO"]

INFO = game_entry(
    "chambery",
    "Chambéry flower tarot: 3 to 6 players (6: the dealer's right sits out) with 78 cards, "
    "or 3 or 4 with the 62-card simplifié (simplifie=True); solos or the dealer's King call",
    "docs/rules/chambery-tarot.md CH-1 to CH-17",
    Chambery,
    ChamberyOptions.from_dict,
    bot="bot:player",
    oracle="oracle:check_chambery_state",
    options_strategy="strategies:options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    point_model="solving:point_model",
    deck=TAROT_78,
    contracts=(Contract.ALONE.label, Contract.KING_CALL.label, *(c.label for c in SOLOS)),
    zero_sum=True,  # CH-15.4, CH-16.4
    scoresheet="scoresheet:chambery_form",
)
"""The registry entry of Chambéry flower tarot (its deck is the 78-card pack; the simplifié's
rules carry the 62-card one)."""

register(INFO)
