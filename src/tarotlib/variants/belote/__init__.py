"""Belote, the 32-card sibling of the tarot family (rules file ``belote.md``, BE-0 … BE-17).

>>> from tarotlib.variants.belote import Belote, BeloteOptions
>>> rules = Belote(BeloteOptions.preset("bga"))
>>> rules.options.partner_trump_rule, rules.players
('overtrump_if_trumping', 4)
"""

from tarotlib.variants.belote.game import Belote, BeloteObservation, BeloteState, trick_rules
from tarotlib.variants.belote.options import OPTION_DOCS, PRESETS, BeloteOptions, options_from
from tarotlib.variants.belote.tables import ContractTable, contract_table
from tarotlib.variants.belote.types import (
    Announcement,
    Combination,
    CombinationKind,
    Contract,
    Outcome,
    partner_of,
    team_of,
)

__all__ = [
    "OPTION_DOCS",
    "PRESETS",
    "Announcement",
    "Belote",
    "BeloteObservation",
    "BeloteOptions",
    "BeloteState",
    "Combination",
    "CombinationKind",
    "Contract",
    "ContractTable",
    "Outcome",
    "contract_table",
    "options_from",
    "partner_of",
    "team_of",
    "trick_rules",
]

from tarotlib.variants.belote import contree as _contree  # noqa: F401 (registers Contrée)
from tarotlib.variants.belote import plugin as _plugin  # noqa: F401 (registers the game)
