"""The registry entries of Tarocc'Ombre (3, 5, 7 players) and Ombra arrabiata: the factories of
their rules and the hooks through which the shared modules reach their bot, their independent
checker, their terminal view and their option strategy (loaded on first call).

>>> import tarotlib
>>> tarotlib.variant("tarocco-ombre", players=5).players, tarotlib.variant("ombra-arrabiata").players
(5, 4)
>>> TAROCCO_INFO.deck.name, ARRABIATA_INFO.deck.name, TAROCCO_INFO.contracts
('ombre-54', 'ombre-54', ('due', 'una', 'niente'))
>>> tarotlib.variant("ombra-arrabiata", players=3)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option players must be one of 4 (got 3)
"""

from __future__ import annotations

from collections.abc import Mapping

from tarotlib.core.decks import OMBRE_54
from tarotlib.errors import OptionError
from tarotlib.registry import game_entry, register
from tarotlib.variants.lombard.ombre.game import Ombre
from tarotlib.variants.lombard.ombre.options import ARRABIATA, TAROCCO, OmbreOptions

__all__ = ["ARRABIATA_INFO", "TAROCCO_INFO"]


def _tarocco(values: Mapping[str, object]) -> OmbreOptions:
    if "game" in values:
        raise OptionError("option game is set by the variant's name")
    return OmbreOptions.from_dict(values)


def _arrabiata(values: Mapping[str, object]) -> OmbreOptions:
    if "game" in values:
        raise OptionError("option game is set by the variant's name")
    return OmbreOptions.from_dict({"players": 4, **values, "game": ARRABIATA})


_CONTRACTS = ("due", "una", "niente")

TAROCCO_INFO = game_entry(
    TAROCCO,
    "Tarocc'Ombre: a declarer against the others; 3 players with 54 cards (default), "
    "5 or 7 with 78 cards and a secretly called partner",
    "docs/rules/lombard-tarot.md LO-1 to LO-9, TO-1 to TO-10, TO-30 to TO-37",
    Ombre,
    _tarocco,
    bot="bot:player",
    oracle="oracle:check_ombre_state",
    options_strategy="strategies:tarocco_options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    deck=OMBRE_54,
    contracts=_CONTRACTS,
    scoresheet="scoresheet:ombre_form",
)
"""The registry entry of Tarocc'Ombre (its deck is the 3-player pack; 5 and 7 use 78 cards)."""

ARRABIATA_INFO = game_entry(
    ARRABIATA,
    "Ombra arrabiata: 4 players, 54 cards, a declarer against the other three",
    "docs/rules/lombard-tarot.md LO-1 to LO-9, TO-20 to TO-26",
    Ombre,
    _arrabiata,
    bot="bot:player",
    oracle="oracle:check_ombre_state",
    options_strategy="strategies:arrabiata_options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    deck=OMBRE_54,
    contracts=_CONTRACTS,
    scoresheet="scoresheet:ombre_form",
)
"""The registry entry of Ombra arrabiata."""

register(TAROCCO_INFO)
register(ARRABIATA_INFO)
