"""Contrée (Coinche), the bidding form of Belote (rules file ``contree.md``, CO-0 … CO-16), built
on Belote's cards, tables, trick rules, belote-rebelote and declarations.

>>> import tarotlib
>>> rules = tarotlib.variant("contree", preset="bga")
>>> rules.options.coinche_timing, rules.options.undertrump
('any_time', 'compulsory')
"""

from tarotlib.variants.belote.contree.auction import ContreeAuction, bid_ladder
from tarotlib.variants.belote.contree.game import Contree, ContreeObservation, ContreeState
from tarotlib.variants.belote.contree.options import (
    OPTION_DOCS,
    PRESETS,
    ContreeOptions,
    contree_options_from,
)
from tarotlib.variants.belote.contree.scoring import (
    ContreeFacts,
    ContreeScore,
    score_contree,
    settle_contree,
)
from tarotlib.variants.belote.contree.types import (
    BidKind,
    Coinche,
    ContreeBid,
    ContreeContract,
    NoCoinche,
    Surcoinche,
)

__all__ = [
    "OPTION_DOCS",
    "PRESETS",
    "BidKind",
    "Coinche",
    "Contree",
    "ContreeAuction",
    "ContreeBid",
    "ContreeContract",
    "ContreeFacts",
    "ContreeObservation",
    "ContreeOptions",
    "ContreeScore",
    "ContreeState",
    "NoCoinche",
    "Surcoinche",
    "bid_ladder",
    "contree_options_from",
    "score_contree",
    "settle_contree",
]

from tarotlib.variants.belote.contree import plugin as _plugin  # noqa: F401 (registers the game)
