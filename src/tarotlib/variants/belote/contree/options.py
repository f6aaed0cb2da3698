"""Contrée options and presets (CO-11). The default preset is ``ffb``.

Options shared with Belote keep their Belote names and values (CO-0.4); their contrée defaults may
differ (``undertrump`` is ``free`` here, CO-5.2).

>>> ContreeOptions().undertrump, ContreeOptions().target_score
('free', 2000)
>>> ContreeOptions.preset("bga").coinche_timing
'any_time'
>>> ContreeOptions(max_bid=175)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option max_bid must be a multiple of bid_step (10) from 80 up (got 175)
>>> contree_options_from({"preset": "bga", "rounding": "half_up"}).rounding
'half_up'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import GameOptions, check_choices
from tarotlib.errors import OptionError

__all__ = ["NOT_IMPLEMENTED", "OPTION_DOCS", "PRESETS", "ContreeOptions", "contree_options_from"]

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "direction": ("anticlockwise", "clockwise"),
    "redeal_after_all_pass": ("next_dealer", "same_dealer"),
    "deal_packets": ("3-2-3", "3-3-2", "2-3-3", "4-4"),
    "contracts": ("suits", "suits_ta_sa"),
    "ta_sa_points": ("ffb2015", "pagat", "unscaled", "rescaled"),
    "bid_step": (10, 5),
    "suit_ranking": ("none", "pagat"),
    "self_overbid": ("never", "other_denomination"),
    "coinche_timing": ("in_turn", "any_time"),
    "coinche_ends_bidding": (True, False),
    "capot_coinchable": (True, False),
    "no_coinche_on_80": (False, True),
    "surcoinche_multiplier": (4, 3),
    "generale": (False, True),
    "generale_leads": (True, False),
    "undertrump": ("free", "compulsory"),
    "partner_trump_rule": (
        "free",
        "overtrump_if_trumping",
        "no_undertrump",
        "only_trumps_overtrump",
    ),
    "ta_must_beat_partner": (True, False),
    "belote_announce": ("auto", "explicit"),
    "belote_king_first": (False, True),
    "belote_counts": (True, False),
    "belote_owner": ("winner", "prenable", "holder"),
    "belote_multiplied": (False, True),
    "declarations": (False, True),
    "declarations_count": (True, False),
    "declaration_card_reuse": (True, False),
    "declaration_tie": ("none", "first_announcer"),
    "declarations_need_trick": (True, False),
    "auto_declare": (False, True),
    "sa_carres": ("ffb", "face"),
    "made_threshold": ("bid", "82_for_80", "bid_plus_2"),
    "must_beat_defence": ("no", "strict", "litige"),
    "scoring": ("made_plus_bid", "made_only", "bid_only"),
    "coinche_scoring": ("base_and_bid", "bid_multiplied", "whole_line"),
    "capot_bid_scoring": ("forfait", "contract"),
    "capot_total": (252, 250),
    "defence_capot": ("plain", "capot"),
    "rounding": ("half_up", "six_up", "none", "complement"),
    "litige_repeat": ("cancel_previous", "accumulate"),
    "win_condition": ("reach", "exceed"),
    "game_tie": ("extra_deal", "last_deal_winner"),
    "final_deal_exact": (False, True),
    "belote_finish": ("allowed", "not_when_capot", "not_when_capot_or_failed"),
    "game_length": ("target", "deals"),
}

OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "direction": ("play direction (display only)", "CO-2.1"),
    "redeal_after_all_pass": ("after a throw-in the next player deals, or the same", "CO-3.1"),
    "deal_packets": ("packets of the deal", "CO-3.3"),
    "contracts": ("denominations that may be bid: suits, or also TA and SA", "CO-4.2"),
    "ta_sa_points": ("card points in TA and SA", "CO-1.3"),
    "max_bid": ("the highest numeric bid", "CO-4.2"),
    "bid_step": ("the step between numeric bids", "CO-4.2"),
    "suit_ranking": ("denominations unranked, or ranked ♣ < ♦ < ♥ < ♠ < SA < TA", "CO-4.2"),
    "self_overbid": ("the last bidder may overcall himself in another denomination", "CO-4.4"),
    "coinche_timing": ("coinche at one's turn only, or at any time (windows)", "CO-4.8"),
    "coinche_ends_bidding": ("a coinche freezes the auction", "CO-4.6"),
    "capot_coinchable": ("a capot (or générale) may be coinched", "CO-4.6"),
    "no_coinche_on_80": ("a bid of 80 cannot be coinched", "CO-4.6"),
    "surcoinche_multiplier": ("the multiplier of a surcoinched contract", "CO-4.7"),
    "generale": ("the générale may be bid", "CO-4.10"),
    "generale_value": ("the value V of a générale", "CO-4.10"),
    "generale_leads": ("the générale bidder leads the first trick", "CO-5.1"),
    "undertrump": (
        "void, cannot overtrump an opponent: a lower trump free or compulsory",
        "CO-5.2",
    ),
    "partner_trump_rule": ("void, partner winning with a trump: what may be played", "CO-5.2"),
    "ta_must_beat_partner": ("TA: must beat the winning card even the partner's", "CO-5.2"),
    "belote_announce": ("the engine announces belote-rebelote, or the player", "CO-6.2"),
    "belote_king_first": ("the belote scores only if the King is played first", "CO-6.1"),
    "belote_counts": ("the attack's belote counts towards the bid", "CO-6.3"),
    "belote_owner": ("who scores a belote on failure or under a coinche", "CO-6.4"),
    "belote_multiplied": ("the deal winner's belotes are multiplied", "CO-6.6"),
    "declarations": ("tierce, quarte, quinte and carrés are declared and scored", "CO-7"),
    "declarations_count": ("the attack's declarations count towards the bid", "CO-7.3"),
    "declaration_card_reuse": ("a card may belong to one carré and one sequence", "CO-7.2"),
    "declaration_tie": ("exactly equal best declarations: nobody, or the first", "CO-7.2"),
    "declarations_need_trick": ("a team that wins no trick scores no declarations", "CO-7.2"),
    "auto_declare": ("every combination is declared automatically", "CO-7.2"),
    "sa_carres": ("carré values in SA: FFB's table or face value", "CO-7.5"),
    "made_threshold": ("what the attack must reach: the bid, 82 for 80, bid + 2", "CO-8.2"),
    "must_beat_defence": ("the attack must also beat the defence", "CO-8.2"),
    "scoring": ("points made plus the bid, points made only, or the bid only", "CO-9.3"),
    "coinche_scoring": ("how a coinched contract is scored", "CO-9.4"),
    "capot_bid_scoring": ("a capot bid is a forfait, or an ordinary contract of 250", "CO-9.5"),
    "capot_total": ("points made by a team that wins every trick", "CO-1.2"),
    "defence_capot": ("a defence winning every trick has the base 162 or 252", "CO-9.2"),
    "rounding": ("rounding of point components", "CO-9.1"),
    "litige_repeat": ("a second litige cancels the first carry, or they add up", "CO-9.7"),
    "target_score": ("the game ends when a team reaches this score", "CO-10.1"),
    "win_condition": ("the target is reached (≥) or exceeded (>)", "CO-10.2"),
    "game_tie": ("both teams over and tied: extra deal, or last deal's winner", "CO-10.3"),
    "final_deal_exact": ("the last deal is counted to the point", "CO-10.4"),
    "belote_finish": ("a team may finish the game on its belote", "CO-10.5"),
    "game_length": ("the game is played to a target, or for a number of deals", "CO-10.6"),
    "deal_count": ("the number of played deals with game_length='deals'", "CO-10.6"),
}

NOT_IMPLEMENTED: Final[dict[str, object]] = {}
"""Options whose alternatives are not implemented yet, with the only accepted value: choosing
another value raises :class:`~tarotlib.errors.OptionError`. None is left: every option of CO-11
is implemented."""

PRESETS: Final[dict[str, dict[str, object]]] = {
    "ffb": {},
    "coinche": {
        "contracts": "suits_ta_sa",
        "max_bid": 650,
        "must_beat_defence": "strict",
        "declarations": True,
        "declaration_card_reuse": False,
        "belote_owner": "holder",
        "belote_finish": "not_when_capot_or_failed",
    },
    "bga": {
        "contracts": "suits_ta_sa",
        "ta_sa_points": "rescaled",
        "max_bid": 180,
        "self_overbid": "other_denomination",
        "coinche_timing": "any_time",
        "made_threshold": "82_for_80",
        "belote_owner": "holder",
        "belote_multiplied": True,
        "belote_announce": "explicit",
        "coinche_scoring": "whole_line",
        "capot_bid_scoring": "contract",
        "capot_total": 250,
        "rounding": "none",
        "undertrump": "compulsory",
        "partner_trump_rule": "overtrump_if_trumping",
        "win_condition": "exceed",
    },
}
"""CO-11.2: ``ffb`` (FFB contrée of 2016, the default), ``coinche`` (FFB belote coinchée) and
``bga`` (Board Game Arena's Coinche)."""


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise OptionError(f"option {name} must be a whole number >= {low} (got {value!r})")
    return value


@attrs.frozen
class ContreeOptions(GameOptions):
    """Every option of CO-11.1 with its ``ffb`` default. See :data:`OPTION_DOCS`.

    >>> options = ContreeOptions()
    >>> options.max_bid, options.surcoinche_multiplier, options.rounding
    (160, 4, 'half_up')
    >>> ContreeOptions(final_deal_exact=True).final_deal_exact
    True
    >>> ContreeOptions.preset("bga", target_score=1000).target_score
    1000
    >>> ContreeOptions.from_dict({"rounding": "none"}).rounding
    'none'
    >>> ContreeOptions.from_dict(ContreeOptions.preset("bga").to_dict()) == ContreeOptions.preset("bga")
    True
    """

    GAME_NAME: ClassVar[str] = "Contrée"
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    direction: Literal["anticlockwise", "clockwise"] = "anticlockwise"
    redeal_after_all_pass: Literal["next_dealer", "same_dealer"] = "next_dealer"
    deal_packets: Literal["3-2-3", "3-3-2", "2-3-3", "4-4"] = "3-2-3"
    contracts: Literal["suits", "suits_ta_sa"] = "suits"
    ta_sa_points: Literal["ffb2015", "pagat", "unscaled", "rescaled"] = "ffb2015"
    max_bid: int = 160
    bid_step: int = 10
    suit_ranking: Literal["none", "pagat"] = "none"
    self_overbid: Literal["never", "other_denomination"] = "never"
    coinche_timing: Literal["in_turn", "any_time"] = "in_turn"
    coinche_ends_bidding: bool = True
    capot_coinchable: bool = True
    no_coinche_on_80: bool = False
    surcoinche_multiplier: int = 4
    generale: bool = False
    generale_value: int = 500
    generale_leads: bool = True
    undertrump: Literal["free", "compulsory"] = "free"
    partner_trump_rule: Literal[
        "free", "overtrump_if_trumping", "no_undertrump", "only_trumps_overtrump"
    ] = "free"
    ta_must_beat_partner: bool = True
    belote_announce: Literal["auto", "explicit"] = "auto"
    belote_king_first: bool = False
    belote_counts: bool = True
    belote_owner: Literal["winner", "prenable", "holder"] = "winner"
    belote_multiplied: bool = False
    declarations: bool = False
    declarations_count: bool = True
    declaration_card_reuse: bool = True
    declaration_tie: Literal["none", "first_announcer"] = "none"
    declarations_need_trick: bool = True
    auto_declare: bool = False
    sa_carres: Literal["ffb", "face"] = "ffb"
    made_threshold: Literal["bid", "82_for_80", "bid_plus_2"] = "bid"
    must_beat_defence: Literal["no", "strict", "litige"] = "no"
    scoring: Literal["made_plus_bid", "made_only", "bid_only"] = "made_plus_bid"
    coinche_scoring: Literal["base_and_bid", "bid_multiplied", "whole_line"] = "base_and_bid"
    capot_bid_scoring: Literal["forfait", "contract"] = "forfait"
    capot_total: int = 252
    defence_capot: Literal["plain", "capot"] = "plain"
    rounding: Literal["half_up", "six_up", "none", "complement"] = "half_up"
    litige_repeat: Literal["cancel_previous", "accumulate"] = "cancel_previous"
    target_score: int = 2000
    win_condition: Literal["reach", "exceed"] = "reach"
    game_tie: Literal["extra_deal", "last_deal_winner"] = "extra_deal"
    final_deal_exact: bool = False
    belote_finish: Literal["allowed", "not_when_capot", "not_when_capot_or_failed"] = "allowed"
    game_length: Literal["target", "deals"] = "target"
    deal_count: int = 12

    def __attrs_post_init__(self) -> None:
        check_choices(self, _CHOICES)
        _whole("target_score", self.target_score, 1)
        _whole("deal_count", self.deal_count, 1)
        _whole("generale_value", self.generale_value, 251)  # CO-4.10: integer > 250
        m = self.max_bid
        if isinstance(m, bool) or not isinstance(m, int) or m < 80 or m % self.bid_step:
            raise OptionError(  # CO-4.2: any multiple of bid_step
                f"option max_bid must be a multiple of bid_step ({self.bid_step}) from 80 up "
                f"(got {m!r})"
            )
        for name, only in NOT_IMPLEMENTED.items():
            value = getattr(self, name)
            if value != only:
                raise OptionError(
                    f"option {name}={value!r} is not implemented yet "
                    f"({OPTION_DOCS[name][1]}); only {only!r} is"
                )

    @property
    def multiplier(self) -> tuple[int, int, int]:
        """``m`` by level: 1 plain, 2 coinched, ``surcoinche_multiplier`` surcoinched (CO-0.3).

        >>> ContreeOptions().multiplier
        (1, 2, 4)
        """
        return (1, 2, self.surcoinche_multiplier)


contree_options_from: Final = ContreeOptions.options_from
"""Options from keyword values, honouring ``preset`` (default ``ffb``)."""
