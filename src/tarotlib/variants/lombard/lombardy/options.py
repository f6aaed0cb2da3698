"""The options of Lombardy tarot and Reseghino (the rules file's Options table, the rows for these
two games). Every default is the file's; each option cites its section.

>>> LombardyOptions().exposure_order, LombardyOptions().monte, LombardyOptions().leftover_rule
('reverse_deal', 'enabled', 'face_value')
>>> ReseghinoOptions().reseghino_tie
'shared'
>>> LombardyOptions(monte="sometimes")
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option monte must be one of enabled, disabled (got 'sometimes')
>>> LombardyOptions(deal_packets="5-5-5")
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option deal_packets: the packets 5-5-5 give 15 cards; each hand needs 19 (LO-11)
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import GameOptions, check_choices, check_first_dealer
from tarotlib.variants.lombard.options import ONE_AT_A_TIME, packets_of

__all__ = [
    "LOMBARDY_OPTION_DOCS",
    "ONE_AT_A_TIME",
    "RESEGHINO_OPTION_DOCS",
    "LombardyOptions",
    "ReseghinoOptions",
    "packets_of",
]


_COMMON_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "matto_payment": ("blank_else_lowest", "any_own_card"),
    "matto_payment_from_discard": (False, True),
}

_LOMBARDY_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    **_COMMON_CHOICES,
    "leftover_rule": ("face_value", "conserving"),
    "matto_exchange_with_partner": ("perform", "skip"),
    "own_matto_trick": ("strict", "ignore"),
    "exposure_order": ("reverse_deal", "dealer_choice"),
    "monte": ("enabled", "disabled"),
    "lombardy_tie": ("draw", "extra_deal"),
}

_RESEGHINO_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    **_COMMON_CHOICES,
    "reseghino_tie": ("shared", "extra_deal"),
}

_COMMON_DOCS: Final[dict[str, tuple[str, str]]] = {
    "first_dealer": (
        "the first dealer of a match: a seat (default 0), or 'random' (drawn from the match seed)",
        "LO-1.3",
    ),
    "matto_payment": (
        "the card given for the Matto: a blank (else the lowest card), automatic; or any own card",
        "LO-7.7",
    ),
    "matto_payment_from_discard": (
        "the dealer may pay for his Matto with a card of his discard",
        "LO-7.9",
    ),
}

LOMBARDY_OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    **_COMMON_DOCS,
    "deal_packets": ("one card at a time (default), or packets such as '5-5-5-4'", "LO-11"),
    "leftover_rule": (
        "leftover cards of a pile: face value (default) or value − 1 (conserving)",
        "LO-5.5",
    ),
    "matto_exchange_with_partner": (
        "the Matto is redeemed from a partner who won its trick too (perform) or not (skip)",
        "LO-7.8",
    ),
    "own_matto_trick": (
        "all tricks: every trick (strict), or not counting a trick the side's Matto gave away",
        "LO-7.10",
    ),
    "exposure_order": (
        "the dealer's further exposed cards: reverse dealing order, or his choice",
        "LO-12.2",
    ),
    "monte": ("the Monte round (a proposal to annul the deal) is played, or not", "LO-13"),
    "lombardy_tie": ("equal totals after 4 deals: a draw, or further deals", "LO-17.6"),
}
"""Lombardy's options: ``name -> (what it does, section)``; ``docs/lombardy.md`` lists them."""

RESEGHINO_OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    **_COMMON_DOCS,
    "deal_packets": ("one card at a time (default), or packets such as '5-5-5-5-5'", "RE-3"),
    "reseghino_tie": ("tied leaders after 3 deals share the win, or further deals", "RE-7"),
}
"""Reseghino's options: ``name -> (what it does, section)``; ``docs/reseghino.md`` lists them."""


@attrs.frozen
class LombardyOptions(GameOptions):
    """Every option of Lombardy tarot with its default (see :data:`LOMBARDY_OPTION_DOCS`).

    >>> LombardyOptions.from_dict({"monte": "disabled"}).to_dict()["monte"]
    'disabled'
    >>> LombardyOptions(first_dealer=4)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option first_dealer must be a seat 0..3 or 'random' (got 4)
    >>> LombardyOptions.from_dict({"tie": "draw"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Lombardy option(s) tie; known: deal_packets, ...
    >>> LombardyOptions.from_dict(LombardyOptions().to_dict()) == LombardyOptions()
    True
    """

    GAME_NAME: ClassVar[str] = "Lombardy"

    first_dealer: int | Literal["random"] = 0
    deal_packets: str = ONE_AT_A_TIME
    leftover_rule: Literal["face_value", "conserving"] = "face_value"
    matto_payment: Literal["blank_else_lowest", "any_own_card"] = "blank_else_lowest"
    matto_exchange_with_partner: Literal["perform", "skip"] = "perform"
    matto_payment_from_discard: bool = False
    own_matto_trick: Literal["strict", "ignore"] = "strict"
    exposure_order: Literal["reverse_deal", "dealer_choice"] = "reverse_deal"
    monte: Literal["enabled", "disabled"] = "enabled"
    lombardy_tie: Literal["draw", "extra_deal"] = "draw"

    def __attrs_post_init__(self) -> None:
        check_choices(self, _LOMBARDY_CHOICES)
        check_first_dealer(self.first_dealer, 4)  # LO-1.3
        packets_of(self.deal_packets, 19, "LO-11")


@attrs.frozen
class ReseghinoOptions(GameOptions):
    """Every option of Reseghino with its default (see :data:`RESEGHINO_OPTION_DOCS`).

    >>> ReseghinoOptions(deal_packets="8-8-9").deal_packets
    '8-8-9'
    >>> ReseghinoOptions.from_dict({"monte": "enabled"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Reseghino option(s) monte; known: deal_packets, ...
    >>> ReseghinoOptions().to_dict()["reseghino_tie"]
    'shared'
    """

    GAME_NAME: ClassVar[str] = "Reseghino"

    first_dealer: int | Literal["random"] = 0
    deal_packets: str = ONE_AT_A_TIME
    matto_payment: Literal["blank_else_lowest", "any_own_card"] = "blank_else_lowest"
    matto_payment_from_discard: bool = False
    reseghino_tie: Literal["shared", "extra_deal"] = "shared"

    def __attrs_post_init__(self) -> None:
        check_choices(self, _RESEGHINO_CHOICES)
        check_first_dealer(self.first_dealer, 3)  # LO-1.3
        packets_of(self.deal_packets, 25, "RE-3")
