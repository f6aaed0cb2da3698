"""The options of Chambéry flower tarot: the configuration (``players``, ``simplifie``, CH-1) and
every row of the rules' Options table, each with its default.

>>> o = ChamberyOptions()
>>> o.players, o.simplifie, o.discard_trumps, o.auction, o.fou_payment_source, o.match_deals
(5, False, 'if_unavoidable_shown', 'single_round', 'side', 5)
>>> ChamberyOptions(players=5, simplifie=True)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option simplifie: the 62-card simplifié is played by 3 or 4 players (CH-1), not 5
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import GameOptions, check_choices, check_first_dealer
from tarotlib.errors import OptionError
from tarotlib.variants.chambery.facts import Config, config

__all__ = ["CHOICES", "OPTION_DOCS", "ChamberyOptions"]

CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "players": (3, 4, 5, 6),
    "simplifie": (False, True),
    "sit_out_settlement": ("none",),
    "discard_trumps": ("if_unavoidable_shown", "if_unavoidable_hidden", "dm_void"),
    "discard_owner": ("dealer", "last_trick"),
    "fou_payment_from_discard": (False, True),
    "auction": ("single_round", "multi_round"),
    "return_received_card": (False, True),
    "request_in_discard": ("lost", "rename"),
    "requests_optional": (True, False),
    "call_fallback": ("queen_cavalier_jack", "alone"),
    "fou_payment_source": ("side", "own"),
    "fou_payment_card": ("zero_else_lowest", "any_source_card"),
    "fou_last_trick": ("normal", "to_winner"),
    "three_player_sharing": ("dm", "top_scorer_takes_excess"),
}
"""Each option's values, the default first (``players`` in order; ``first_dealer`` and ``deals`` are
checked apart)."""

OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "players": ("players seated: 3, 4, 5 or 6 (6: the dealer's right sits out)", "CH-1"),
    "simplifie": ("the 62-card simplifié pack (3 or 4 players)", "CH-3.2"),
    "first_dealer": (
        "the first dealer of a match: a seat (default 0), or 'random' (drawn from the match seed)",
        "CH-2.2",
    ),
    "sit_out_settlement": ("the player sitting out neither pays nor receives", "CH-2.3"),
    "discard_trumps": (
        "trumps in the discard: only when unavoidable and shown; unavoidable and hidden; or "
        "D&M's all-or-none (only the Baga announced)",
        "CH-7.2",
    ),
    "discard_owner": ("the discard and its point go to the dealer, or to the last trick", "CH-7.3"),
    "fou_payment_from_discard": ("the Fou may be redeemed with a card of the discard", "CH-7.4"),
    "auction": ("one turn each, or rounds until all but one have passed", "CH-8.3"),
    "return_received_card": ("the soloist may give back the card just received", "CH-9.3"),
    "request_in_discard": (
        "a requested card in the discard: the request is lost, or he names another",
        "CH-9.4",
    ),
    "requests_optional": ("the soloist may stop before making all his requests", "CH-9.5"),
    "call_fallback": (
        "holding the four Kings and no Queen to call: a Cavalier, then a Jack; or he plays alone",
        "CH-10.2",
    ),
    "fou_payment_source": (
        "the Fou is redeemed from the side's won cards, or the owner's",
        "CH-12.4",
    ),
    "fou_payment_card": (
        "a 0-point card else the lowest, or any card the owner chooses",
        "CH-12.5",
    ),
    "fou_last_trick": ("no special rule, or a Fou in the last trick goes to its winner", "CH-12.6"),
    "three_player_sharing": (
        "3 players: D&M's sharing, or the doubling's excess to the top scorer",
        "CH-16.3",
    ),
    "deals": ("deals in a game: the number of seated players (default), or any number", "CH-17.1"),
}
"""Every option: ``name -> (what it does, section)``; ``docs/chambery.md`` lists them."""


@attrs.frozen
class ChamberyOptions(GameOptions):
    """Every option of Chambéry flower tarot with its default (see :data:`OPTION_DOCS`).

    >>> ChamberyOptions.from_dict({"players": 3, "simplifie": True}).config.name
    '3p simplifié'
    >>> ChamberyOptions(players=6, deals=12).match_deals
    12
    >>> ChamberyOptions(first_dealer=5)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option first_dealer must be a seat 0..4 or 'random' (got 5)
    >>> ChamberyOptions.from_dict({"monte": "enabled"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Chambéry option(s) monte; known: auction, ...
    >>> ChamberyOptions.from_dict(ChamberyOptions().to_dict()) == ChamberyOptions()
    True
    """

    GAME_NAME: ClassVar[str] = "Chambéry"

    players: int = 5
    simplifie: bool = False
    first_dealer: int | Literal["random"] = 0
    sit_out_settlement: Literal["none"] = "none"
    discard_trumps: Literal["if_unavoidable_shown", "if_unavoidable_hidden", "dm_void"] = (
        "if_unavoidable_shown"
    )
    discard_owner: Literal["dealer", "last_trick"] = "dealer"
    fou_payment_from_discard: bool = False
    auction: Literal["single_round", "multi_round"] = "single_round"
    return_received_card: bool = False
    request_in_discard: Literal["lost", "rename"] = "lost"
    requests_optional: bool = True
    call_fallback: Literal["queen_cavalier_jack", "alone"] = "queen_cavalier_jack"
    fou_payment_source: Literal["side", "own"] = "side"
    fou_payment_card: Literal["zero_else_lowest", "any_source_card"] = "zero_else_lowest"
    fou_last_trick: Literal["normal", "to_winner"] = "normal"
    three_player_sharing: Literal["dm", "top_scorer_takes_excess"] = "dm"
    deals: int | None = None

    def __attrs_post_init__(self) -> None:
        check_choices(self, CHOICES)
        if self.simplifie and self.players not in (3, 4):
            raise OptionError(
                "option simplifie: the 62-card simplifié is played by 3 or 4 players (CH-1), "
                f"not {self.players}"
            )
        check_first_dealer(self.first_dealer, self.players)  # CH-2.2
        d = self.deals
        if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d < 1):
            raise OptionError(f"option deals must be a positive number of deals (got {d!r})")

    @property
    def config(self) -> Config:
        """The configuration of CH-1 these options play."""
        return config(self.players, self.simplifie)

    @property
    def match_deals(self) -> int:
        """CH-17.1: ``deals``, by default the number of seated players."""
        return self.players if self.deals is None else self.deals
