"""The registry entries of Lombardy tarot and Reseghino (:mod:`tarotlib.registry`): the
factories of their rules and the hooks through which the shared modules reach their bots, their
independent checkers and their option strategies. Imported by the package, so importing
:mod:`tarotlib.variants.lombard` registers both games; the hooks import their modules only when
first called.

>>> import tarotlib
>>> tarotlib.variant_info("lombardy") is LOMBARDY, LOMBARDY.zero_sum, RESEGHINO.zero_sum
(True, False, True)
>>> LOMBARDY.teams(tarotlib.variant("lombardy"))
((0, 2), (1, 3))
"""

from __future__ import annotations

from tarotlib.core.decks import TAROT_78
from tarotlib.registry import game_entry, register
from tarotlib.variants.lombard.lombardy.game import Lombardy, Reseghino
from tarotlib.variants.lombard.lombardy.options import LombardyOptions, ReseghinoOptions

__all__ = ["LOMBARDY", "RESEGHINO"]

LOMBARDY = game_entry(
    "lombardy",
    "Lombardy tarot, 4 players in two partnerships, 78 cards (exposure, Monte, the Matto)",
    "docs/rules/lombard-tarot.md LO-1 to LO-17",
    Lombardy,
    LombardyOptions.from_dict,
    bot="bot:player",
    oracle="oracle:check_lombard_state",
    options_strategy="strategies:lombardy_options",
    view="view:view_parts",
    card_points="solving:team_points",
    card_roles="solving:card_roles",
    deck=TAROT_78,
    teams=((0, 2), (1, 3)),  # LO-10: seats 0 and 2 against 1 and 3
    zero_sum=False,  # LO-16.2: only the team above 36 scores
    scoresheet="scoresheet:lombardy_form",
)
"""The registry entry of Lombardy tarot."""

RESEGHINO = game_entry(
    "reseghino",
    "Reseghino, 3 players each for himself, 78 cards (the Matto, counting in threes)",
    "docs/rules/lombard-tarot.md LO-1 to LO-9, RE-1 to RE-7",
    Reseghino,
    ReseghinoOptions.from_dict,
    bot="bot:player",
    oracle="oracle:check_lombard_state",
    options_strategy="strategies:reseghino_options",
    view="view:view_parts",
    card_points="solving:card_points",
    card_roles="solving:card_roles",
    deck=TAROT_78,
    zero_sum=True,  # RE-6
    scoresheet="scoresheet:reseghino_form",
)
"""The registry entry of Reseghino."""

register(LOMBARDY)
register(RESEGHINO)
