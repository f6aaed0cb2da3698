"""The solo's card points for the solver: French Tarot's (FT-11), the player's camp against the
two defenders (:func:`tarotlib.variants.french_tarot.solving.card_points`)."""

from __future__ import annotations

from tarotlib.variants.french_tarot.solving import card_points, card_roles

__all__ = ["card_points", "card_roles"]
