"""Belote options and presets (BE-13). The default preset is ``ffb``.

>>> BeloteOptions().partner_trump_rule
'free'
>>> BeloteOptions.preset("bga").partner_trump_rule
'overtrump_if_trumping'
>>> BeloteOptions.preset("classic").declarations
True
>>> BeloteOptions(undertrump="sometimes")
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option undertrump must be one of compulsory, free (got 'sometimes')
>>> options_from({"preset": "classic", "rounding": "half_up"}).rounding
'half_up'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import GameOptions, check_choices
from tarotlib.errors import OptionError

__all__ = ["OPTION_DOCS", "PRESETS", "BeloteOptions", "options_from"]

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "direction": ("anticlockwise", "clockwise"),
    "deal_packets": ("3-2", "2-3"),
    "redeal_after_all_pass": ("next_dealer", "same_dealer"),
    "ta_sa": ("off", "third_round"),
    "ta_sa_points": ("ffb2015", "pagat", "unscaled", "seed_literal"),
    "partner_trump_rule": (
        "free",
        "overtrump_if_trumping",
        "no_undertrump",
        "only_trumps_overtrump",
    ),
    "undertrump": ("compulsory", "free"),
    "ta_must_beat_partner": (True, False),
    "belote_on_failure": ("holder", "defence"),
    "belote_king_first": (False, True),
    "belote_announce": ("auto", "explicit"),
    "declarations": (False, True),
    "declaration_card_reuse": (True, False),
    "declaration_tie": ("none", "first_announcer"),
    "declarations_need_trick": (True, False),
    "auto_declare": (False, True),
    "defence_capot": ("capot", "plain"),
    "litige": ("carry", "failed", "made"),
    "litige_repeat": ("cancel_previous", "accumulate"),
    "rounding": ("none", "half_up", "six_up"),
}

OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "direction": (
        "play direction (display only: never changes a legal action or a score)",
        "BE-2.2",
    ),
    "deal_packets": ("first deal in packets of 3 then 2, or 2 then 3", "BE-3.3"),
    "redeal_after_all_pass": (
        "after a throw-in the next player deals, or the same dealer",
        "BE-3.1",
    ),
    "ta_sa": ("a third bidding round for all trumps / no trumps (BGA table option)", "BE-4.4"),
    "ta_sa_points": ("card points in TA and SA", "BE-6.4"),
    "partner_trump_rule": ("void, partner winning with a trump: what may be played", "BE-7.6"),
    "undertrump": (
        "void, cannot overtrump an opponent: a lower trump is compulsory or free",
        "BE-7.5",
    ),
    "ta_must_beat_partner": (
        "TA: must beat the winning card even when it is the partner's",
        "BE-7.7",
    ),
    "belote_on_failure": ("who scores the attack's belote when the contract fails", "BE-9.3"),
    "belote_king_first": (
        "the belote scores only if the King is played before the Queen",
        "BE-9.2",
    ),
    "belote_announce": ("the engine announces belote-rebelote, or the player chooses", "BE-9.2"),
    "declarations": ("tierce, quarte, quinte and carrés are declared and scored", "BE-10"),
    "declaration_card_reuse": ("a card may belong to one carré and one sequence", "BE-10.2"),
    "declaration_tie": (
        "exactly equal best declarations: nobody scores, or the first announcer",
        "BE-10.4",
    ),
    "declarations_need_trick": ("a team that wins no trick scores no declarations", "BE-10.5"),
    "auto_declare": ("every combination is declared automatically (for simulations)", "BE-10.3"),
    "defence_capot": ("the defence's capot scores 252 (capot) or 162 (plain)", "BE-11.6"),
    "litige": ("equal totals: carry the attack's points, or count as failed / made", "BE-11.4"),
    "litige_repeat": (
        "a second consecutive litige cancels the first carry, or they add up",
        "BE-11.7",
    ),
    "rounding": ("credited amounts rounded to 10 (none, half_up: 85→90, six_up: 85→80)", "BE-11.8"),
    "target_score": ("the game ends when a team reaches this cumulative score", "BE-12.1"),
}

PRESETS: Final[dict[str, dict[str, object]]] = {
    "ffb": {},
    "classic": {"declarations": True},
    "bga": {"partner_trump_rule": "overtrump_if_trumping"},
}
"""BE-13: ``ffb`` (FFB classic belote without declarations, the default), ``classic`` (``ffb`` with
declarations) and ``bga`` (BGA's Belote page with its TA/SA tables corrected: differs from ``ffb`` only in
``partner_trump_rule``)."""


@attrs.frozen
class BeloteOptions(GameOptions):
    """Every option of BE-13 with its ``ffb`` default. See :data:`OPTION_DOCS`.

    >>> options = BeloteOptions()
    >>> options.partner_trump_rule, options.declarations, options.target_score
    ('free', False, 1000)
    >>> BeloteOptions.preset("classic").declarations
    True
    >>> BeloteOptions(target_score=-1)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option target_score must be a whole number > 0 (got -1)
    >>> BeloteOptions.preset("bga", ta_sa="third_round").ta_sa
    'third_round'
    >>> BeloteOptions.from_dict({"target": 501})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Belote option(s) target; known: auto_declare, ...
    >>> data = BeloteOptions.preset("bga").to_dict()
    >>> data["partner_trump_rule"], BeloteOptions.from_dict(data) == BeloteOptions.preset("bga")
    ('overtrump_if_trumping', True)
    """

    GAME_NAME: ClassVar[str] = "Belote"
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    direction: Literal["anticlockwise", "clockwise"] = "anticlockwise"
    deal_packets: Literal["3-2", "2-3"] = "3-2"
    redeal_after_all_pass: Literal["next_dealer", "same_dealer"] = "next_dealer"
    ta_sa: Literal["off", "third_round"] = "off"
    ta_sa_points: Literal["ffb2015", "pagat", "unscaled", "seed_literal"] = "ffb2015"
    partner_trump_rule: Literal[
        "free", "overtrump_if_trumping", "no_undertrump", "only_trumps_overtrump"
    ] = "free"
    undertrump: Literal["compulsory", "free"] = "compulsory"
    ta_must_beat_partner: bool = True
    belote_on_failure: Literal["holder", "defence"] = "holder"
    belote_king_first: bool = False
    belote_announce: Literal["auto", "explicit"] = "auto"
    declarations: bool = False
    declaration_card_reuse: bool = True
    declaration_tie: Literal["none", "first_announcer"] = "none"
    declarations_need_trick: bool = True
    auto_declare: bool = False
    defence_capot: Literal["capot", "plain"] = "capot"
    litige: Literal["carry", "failed", "made"] = "carry"
    litige_repeat: Literal["cancel_previous", "accumulate"] = "cancel_previous"
    rounding: Literal["none", "half_up", "six_up"] = "none"
    target_score: int = 1000

    def __attrs_post_init__(self) -> None:
        check_choices(self, _CHOICES)
        t = self.target_score
        if isinstance(t, bool) or not isinstance(t, int) or t <= 0:
            raise OptionError(f"option target_score must be a whole number > 0 (got {t!r})")


options_from: Final = BeloteOptions.options_from
"""Options from keyword values, honouring ``preset`` (default ``ffb``)."""
