"""The options of Tarocc'Ombre (3, 5 and 7 players) and Ombra arrabiata (rules file, Options
table): one attrs class for the four games, each option checked against the games it applies to.

>>> OmbreOptions().seniority, OmbreOptions(players=5).win_threshold
('bidding_order', 36)
>>> OmbreOptions(players=4)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option players must be one of 3, 5, 7 (got 4)
>>> OmbreOptions(partner_call="mandatory")
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option partner_call applies only to Tarocc'Ombre for 5 and 7 players (TO-34.2)
"""

from __future__ import annotations

from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import NOT_SAVED, GameOptions, check_choices, check_first_dealer
from tarotlib.errors import OptionError
from tarotlib.variants.lombard.options import ONE_AT_A_TIME, packets_of

__all__ = ["ARRABIATA", "OPTION_DOCS", "TAROCCO", "OmbreOptions"]

TAROCCO: Final = "tarocco-ombre"
"""The registry name of Tarocc'Ombre (3, 5 or 7 players)."""
ARRABIATA: Final = "ombra-arrabiata"
"""The registry name of Ombra arrabiata (4 players)."""

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "leftover_rule": ("face_value", "conserving"),
    "matto_payment": ("blank_else_lowest", "any_own_card"),
    "matto_exchange_with_partner": ("perform", "skip"),
    "matto_payment_from_discard": (False, True),
    "own_matto_trick": ("strict", "ignore"),
    "seniority": ("bidding_order", "none"),
    "last_player_may_pass": (True, False),
    "all_pass": ("next_dealer", "same_dealer"),
    "return_received_card": (False, True),
    "named_card_in_discard": ("exchange_lost", "name_again"),
    "exchanges_optional": (True, False),
    "concession_timing": ("after_exchanges", "before_exchanges"),
    "concession_payment": ("each_opponent", "dealer_only"),
    "concession_enabled": (False, True),
    "reverse_cappotto": (False, True),
    "ombra_banding": ("from_threshold", "from_33"),
    "ombra_settlement": ("each_opponent",),
    "partner_call": ("optional", "mandatory"),
    "called_card_in_discard": ("alone", "dealer_is_partner"),
    "win_threshold": (36, 35),
}

OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "players": ("Tarocc'Ombre: 3 (54 cards), 5 or 7 (78 cards); Ombra arrabiata: 4", "TO-1, TO-30"),
    "first_dealer": ("the seat that deals first in a match, or 'random' (from the seed)", "LO-1.3"),
    "deal_packets": (
        "cards dealt one at a time, or packets per round written like '5-5-4-3' (summing to a hand)",
        "TO-3, TO-22, TO-32",
    ),
    "leftover_rule": ("leftover counting cards at face value, or worth one less", "LO-5.5"),
    "matto_payment": (
        "the Matto is redeemed with a blank (else the lowest card), or any",
        "LO-7.7",
    ),
    "matto_exchange_with_partner": (
        "the Matto is redeemed from the partner too, or not",
        "LO-7.8",
    ),
    "matto_payment_from_discard": ("the dealer may redeem the Matto from his discard", "LO-7.9"),
    "own_matto_trick": (
        "cappotto: a trick given away with one's own Matto counts against it, or is ignored",
        "LO-7.10",
    ),
    "seniority": ("a senior player may equal the highest bid, or every bid goes higher", "TO-5.2"),
    "last_player_may_pass": ("the last player left, nobody having bid, may pass", "TO-5.6"),
    "all_pass": ("all pass: the next dealer deals (the deal counts), or the same", "TO-5.7"),
    "return_received_card": ("the declarer may give back the card just received", "TO-6.2"),
    "named_card_in_discard": (
        "a named card in the discard uses the exchange up, or is named again",
        "TO-6.3",
    ),
    "exchanges_optional": ("the declarer may stop exchanging early", "TO-6.4"),
    "concession_timing": ("the concession is offered after the exchanges, or before", "TO-7.2"),
    "concession_payment": ("a concession pays the base to each opponent, or the dealer", "TO-7.3"),
    "concession_enabled": (
        "Ombra arrabiata, 5 and 7 players: concession allowed (always in 3 players)",
        "TO-25, TO-36",
    ),
    "reverse_cappotto": (
        "the opponents add the cappotto bonus when the declarer wins no trick",
        "TO-9.5",
    ),
    "deals": ("deals in a match (default one round: one deal per player)", "TO-10, TO-26, TO-37"),
    "ombra_banding": ("Ombra arrabiata's bands of 5 from 34 / 33, or from 33 both ways", "TO-23"),
    "ombra_settlement": ("Ombra arrabiata: G settled with each opponent", "TO-24"),
    "partner_call": ("5 and 7 players: calling a partner is optional, or mandatory", "TO-34.2"),
    "called_card_in_discard": (
        "5 and 7 players: a called card in the discard: alone, or the dealer is partner",
        "TO-34.4",
    ),
    "win_threshold": ("5 and 7 players: the declarer's side wins with 36 points, or 35", "TO-35.2"),
}
"""Each option's one-line description and rules section (the docs page's option table)."""

# Which games an option applies to (beyond all four), and the message when set elsewhere.
_ONLY: Final[dict[str, tuple[frozenset[tuple[str, int]], str]]] = {
    "leftover_rule": (
        frozenset({(ARRABIATA, 4), (TAROCCO, 5), (TAROCCO, 7)}),
        "the games counted in fours (Ombra arrabiata, 5 and 7 players) (LO-5.5)",
    ),
    "matto_exchange_with_partner": (
        frozenset({(TAROCCO, 5), (TAROCCO, 7)}),
        "Tarocc'Ombre for 5 and 7 players (LO-7.8)",
    ),
    "concession_enabled": (
        frozenset({(ARRABIATA, 4), (TAROCCO, 5), (TAROCCO, 7)}),
        "Ombra arrabiata and Tarocc'Ombre for 5 and 7 players (TO-25, TO-36); "
        "Tarocc'Ombre for 3 always has it (TO-7)",
    ),
    "ombra_banding": (frozenset({(ARRABIATA, 4)}), "Ombra arrabiata (TO-23)"),
    "ombra_settlement": (frozenset({(ARRABIATA, 4)}), "Ombra arrabiata (TO-24)"),
    "partner_call": (
        frozenset({(TAROCCO, 5), (TAROCCO, 7)}),
        "Tarocc'Ombre for 5 and 7 players (TO-34.2)",
    ),
    "called_card_in_discard": (
        frozenset({(TAROCCO, 5), (TAROCCO, 7)}),
        "Tarocc'Ombre for 5 and 7 players (TO-34.4)",
    ),
    "win_threshold": (
        frozenset({(TAROCCO, 5), (TAROCCO, 7)}),
        "Tarocc'Ombre for 5 and 7 players (TO-35.2)",
    ),
}

_DEFAULTS: Final = {
    "leftover_rule": "face_value",
    "matto_exchange_with_partner": "perform",
    "concession_enabled": False,
    "ombra_banding": "from_threshold",
    "ombra_settlement": "each_opponent",
    "partner_call": "optional",
    "called_card_in_discard": "alone",
    "win_threshold": 36,
}


@attrs.frozen
class OmbreOptions(GameOptions):
    """Every option of the Options table for these games, with its default (see
    :data:`OPTION_DOCS`). ``game`` is :data:`TAROCCO` or :data:`ARRABIATA`; an option that does
    not apply to the game must keep its default. ``deals`` None is one round (``players``
    deals).

    >>> o = OmbreOptions(game=ARRABIATA, players=4, ombra_banding="from_33")
    >>> o.ombra_banding, o.match_deals, o.group
    ('from_33', 4, 4)
    >>> OmbreOptions(players=7).discard_size, OmbreOptions().mondo
    (1, 5)
    >>> OmbreOptions(deals=0)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option deals must be a whole number > 0 (got 0)

    ``to_dict`` saves every option but ``game`` (the registry name says it):

    >>> OmbreOptions.from_dict(OmbreOptions(players=7).to_dict()) == OmbreOptions(players=7)
    True
    >>> "game" in OmbreOptions(game=ARRABIATA, players=4).to_dict()
    False
    >>> OmbreOptions.from_dict({"player": 5})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Tarocc'Ombre option(s) player; known: ...
    """

    GAME_NAME: ClassVar[str] = "Tarocc'Ombre"

    game: Literal["tarocco-ombre", "ombra-arrabiata"] = attrs.field(
        default=TAROCCO, metadata=NOT_SAVED
    )
    players: int = 3
    first_dealer: int | Literal["random"] = 0
    deal_packets: str = ONE_AT_A_TIME
    leftover_rule: Literal["face_value", "conserving"] = "face_value"
    matto_payment: Literal["blank_else_lowest", "any_own_card"] = "blank_else_lowest"
    matto_exchange_with_partner: Literal["perform", "skip"] = "perform"
    matto_payment_from_discard: bool = False
    own_matto_trick: Literal["strict", "ignore"] = "strict"
    seniority: Literal["bidding_order", "none"] = "bidding_order"
    last_player_may_pass: bool = True
    all_pass: Literal["next_dealer", "same_dealer"] = "next_dealer"
    return_received_card: bool = False
    named_card_in_discard: Literal["exchange_lost", "name_again"] = "exchange_lost"
    exchanges_optional: bool = True
    concession_timing: Literal["after_exchanges", "before_exchanges"] = "after_exchanges"
    concession_payment: Literal["each_opponent", "dealer_only"] = "each_opponent"
    concession_enabled: bool = False
    reverse_cappotto: bool = False
    deals: int | None = None
    ombra_banding: Literal["from_threshold", "from_33"] = "from_threshold"
    ombra_settlement: Literal["each_opponent"] = "each_opponent"
    partner_call: Literal["optional", "mandatory"] = "optional"
    called_card_in_discard: Literal["alone", "dealer_is_partner"] = "alone"
    win_threshold: int = 36

    def __attrs_post_init__(self) -> None:
        if self.game not in (TAROCCO, ARRABIATA):
            raise OptionError(f"unknown game {self.game!r}; expected {TAROCCO} or {ARRABIATA}")
        allowed = (3, 5, 7) if self.game == TAROCCO else (4,)
        check_choices(self, {"players": allowed})
        check_choices(self, _CHOICES)
        check_first_dealer(self.first_dealer, self.players)  # LO-1.3
        d = self.deals
        if d is not None and (isinstance(d, bool) or not isinstance(d, int) or d <= 0):
            raise OptionError(f"option deals must be a whole number > 0 (got {d!r})")
        here = (self.game, self.players)
        for name, (games, where) in _ONLY.items():
            if here not in games and getattr(self, name) != _DEFAULTS[name]:
                raise OptionError(f"option {name} applies only to {where}")
        self.packets  # noqa: B018 - checks deal_packets

    @property
    def packets(self) -> tuple[int, ...] | None:
        """``deal_packets`` as packet sizes, None for one card at a time (TO-3, TO-22, TO-32).

        >>> OmbreOptions(deal_packets="5-5-4-3").packets
        (5, 5, 4, 3)
        >>> OmbreOptions(deal_packets="5-5")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: option deal_packets: the packets 5-5 give 10 cards; each hand ...
        """
        section = "TO-22" if self.arrabiata else {3: "TO-3"}.get(self.players, "TO-32")
        return packets_of(self.deal_packets, self.hand_size, section)

    # -- facts that follow from the game and the number of players --------------------------------
    @property
    def arrabiata(self) -> bool:
        """True for Ombra arrabiata."""
        return self.game == ARRABIATA

    @property
    def with_partner(self) -> bool:
        """True for the 5- and 7-player games, with their called partner (TO-34)."""
        return self.players in (5, 7)

    @property
    def hand_size(self) -> int:
        """Cards each player holds in play: 17, 13, 15 or 11 (TO-3, TO-22, TO-32)."""
        return {3: 17, 4: 13, 5: 15, 7: 11}[self.players]

    @property
    def discard_size(self) -> int:
        """The dealer's extra cards and discard: 3, 2, 3 or 1 (LO-8.1)."""
        return {3: 3, 4: 2, 5: 3, 7: 1}[self.players]

    @property
    def mondo(self) -> int:
        """The Mondo's value: 6 in Ombra arrabiata, else 5 (LO-4)."""
        return 6 if self.arrabiata else 5

    @property
    def group(self) -> int:
        """The group size of the counting: 3 in 3 players, else 4 (LO-4)."""
        return 3 if self.players == 3 else 4

    @property
    def concession(self) -> bool:
        """Whether a concession may be offered (TO-7; TO-25 and TO-36: only when enabled)."""
        return self.players == 3 or self.concession_enabled

    @property
    def match_deals(self) -> int:
        """The number of deals of a match: ``deals``, or one round (TO-10, TO-26, TO-37)."""
        return self.players if self.deals is None else self.deals
