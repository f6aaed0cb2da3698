"""French Tarot options (FT-18). Defaults are the FFT rules; ``preset="bga"`` gives the behaviours
that Board Game Arena's rules page states.

>>> FrenchTarotOptions().excuse_last_trick
'changes_camp'
>>> FrenchTarotOptions.preset("bga").excuse_last_trick
'to_winner'
>>> FrenchTarotOptions(players=6)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option players must be one of 3, 4, 5 (got 6)
>>> options_from({"preset": "bga", "players": 3}) == FrenchTarotOptions.preset("bga", players=3)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Literal

import attrs

from tarotlib.deal.options import GameOptions, check_choices, saved_as
from tarotlib.errors import OptionError

__all__ = ["OPTION_DOCS", "PRESETS", "FrenchTarotOptions", "options_from"]

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "players": (3, 4, 5),
    "excuse_last_trick": ("changes_camp", "to_winner"),
    "excuse_slam_exception": ("any_camp", "attack_only"),
    "declarations": ("poignee", "none", "poignee_and_misere"),
    "poignee_counts_discarded_trumps": (True, False),
    "grash": (False, True),
    "petit_sec": ("mandatory_redeal", "optional_redeal"),
    "show_discarded_trumps": (True, False),
    "called_suit_opening_lead_ban": (True, False),
    "callable_cards": ("fft", "king_queen"),
    "defence_slam_bonus": (200, 0),
    "petit_au_bout_within_defence": ("winning_camp", "penalise_defence"),
    "dealer_rotation": ("with_play", "against_play"),
    "annulled_deals_count": (False, True),
}

OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "players": ("number of players", "FT-2.1"),
    "excuse_last_trick": ("O-1: who gets an Excuse played to the last trick", "FT-10.7"),
    "excuse_slam_exception": ("O-2: which camp's Excuse wins the last trick of a slam", "FT-10.8"),
    "declarations": ("O-3: poignée only, none, or poignée and misère (BGA)", "FT-8"),
    "poignee_thresholds": ("O-4: trumps for simple/double/triple poignée", "FT-8.1"),
    "poignee_counts_discarded_trumps": (
        "O-5: the taker's discarded trumps count toward his poignée",
        "FT-8.4",
    ),
    "grash": ("O-6: an all-pass deal is played as Grash (BGA)", "FT-15"),
    "petit_sec": ("O-7: petit sec forces a redeal, or lets the holder choose", "FT-3.4"),
    "show_discarded_trumps": ("O-8: trumps put in the écart are shown to all", "FT-6.2"),
    "called_suit_opening_lead_ban": (
        "O-9: 5p, the opening lead may not be the called suit",
        "FT-5.5",
    ),
    "callable_cards": ("O-10: 5p, which cards may be called", "FT-5.2"),
    "defence_slam_bonus": ("O-11: slam term when the defence wins every trick", "FT-12.2"),
    "petit_au_bout_within_defence": (
        "O-12: a defender's Petit won by another defender",
        "FT-11.2",
    ),
    "dealer_rotation": (
        "O-13: the deal passes with play (FFT) or against it (BGA's rules page)",
        "FT-2.3",
    ),
    "annulled_deals_count": ("O-14: annulled deals count toward a match's deals", "FT-16.1"),
}

PRESETS: Final[dict[str, dict[str, object]]] = {
    "fft": {},
    "bga": {
        "excuse_last_trick": "to_winner",
        "show_discarded_trumps": False,
        "called_suit_opening_lead_ban": False,
        "callable_cards": "king_queen",
        "defence_slam_bonus": 0,
        "dealer_rotation": "against_play",
    },
}
"""FT-18: ``fft`` (the defaults, the FFT rules) and ``bga``, the behaviours BGA's rules page states:
Excuse in the last trick to the winner (O-1), discarded trumps not shown (O-8), no opening-lead ban
(O-9), King/Queen calls only (O-10), no defence-slam line (O-11), the deal passing against play
(O-13). Table options of BGA — ``declarations`` (misère) and ``grash`` — stay off unless given.
O-12's literal reading of that page, very probably an error there (FT-19 Q-9), is not part of the
preset."""

_DEFAULT_THRESHOLDS: Final = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}


def _thresholds(value: object) -> tuple[int, int, int] | None:
    if value is None:
        return None
    if (
        isinstance(value, (list, tuple))
        and len(value) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]), int(value[2]))
    raise OptionError(
        f"option poignee_thresholds must be three increasing trump counts, got {value!r}"
    )


def _listed(value: tuple[int, int, int] | None) -> list[int] | None:
    """``poignee_thresholds`` as a record saves it: a JSON list, or None."""
    return None if value is None else list(value)


@attrs.frozen
class FrenchTarotOptions(GameOptions):
    """Every FT-18 option (O-1 … O-14) plus the player count. See :data:`OPTION_DOCS`.

    O-15 (``small_slam``) has no alternative in the sources, so it is not an option: small slams are
    never announced (FT-7.1).

    >>> options = FrenchTarotOptions(players=3, grash=True)
    >>> options.players, options.grash, options.dealer_rotation
    (3, True, 'with_play')
    >>> FrenchTarotOptions(players=6)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option players must be one of 3, 4, 5 (got 6)

    The presets (:data:`PRESETS`), with further options overriding them; options from a mapping,
    and back (``poignee_thresholds`` saved as a list):

    >>> bga = FrenchTarotOptions.preset("bga", players=5)
    >>> bga.players, bga.dealer_rotation, bga.callable_cards
    (5, 'against_play', 'king_queen')
    >>> FrenchTarotOptions.preset("fft") == FrenchTarotOptions()
    True
    >>> FrenchTarotOptions.from_dict({"player": 5})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown French Tarot option(s) player; known: annulled_deals_count, ...
    >>> data = FrenchTarotOptions(players=3, poignee_thresholds=(9, 11, 14)).to_dict()
    >>> data["players"], data["poignee_thresholds"], FrenchTarotOptions.from_dict(data).players
    (3, [9, 11, 14], 3)
    """

    GAME_NAME: ClassVar[str] = "French Tarot"
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = PRESETS

    players: Literal[3, 4, 5] = 4
    excuse_last_trick: Literal["changes_camp", "to_winner"] = "changes_camp"
    excuse_slam_exception: Literal["any_camp", "attack_only"] = "any_camp"
    declarations: Literal["poignee", "none", "poignee_and_misere"] = "poignee"
    poignee_thresholds: tuple[int, int, int] | None = attrs.field(
        default=None, converter=_thresholds, metadata=saved_as(_listed)
    )
    poignee_counts_discarded_trumps: bool = True
    grash: bool = False
    petit_sec: Literal["mandatory_redeal", "optional_redeal"] = "mandatory_redeal"
    show_discarded_trumps: bool = True
    called_suit_opening_lead_ban: bool = True
    callable_cards: Literal["fft", "king_queen"] = "fft"
    defence_slam_bonus: int = 200
    petit_au_bout_within_defence: Literal["winning_camp", "penalise_defence"] = "winning_camp"
    dealer_rotation: Literal["with_play", "against_play"] = "with_play"
    annulled_deals_count: bool = False

    def __attrs_post_init__(self) -> None:
        value = self.defence_slam_bonus
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionError(
                f"option defence_slam_bonus must be a whole number ≥ 0 (FFT 200, BGA's rules page 0), "
                f"got {value!r}"
            )
        check_choices(self, {k: v for k, v in _CHOICES.items() if k != "defence_slam_bonus"})
        t = self.poignee_thresholds
        if t is not None and not (0 < t[0] < t[1] < t[2] <= 22):
            raise OptionError(
                f"option poignee_thresholds must be three increasing trump counts, got {t!r}"
            )

    @property
    def thresholds(self) -> tuple[int, int, int]:
        """Poignée thresholds in force (FT-8.1 by player count unless overridden)."""
        return self.poignee_thresholds or _DEFAULT_THRESHOLDS[self.players]


options_from: Final = FrenchTarotOptions.options_from
"""Options from keyword values, honouring ``preset`` (default ``fft``; see
:meth:`~tarotlib.deal.options.GameOptions.options_from`):
``options_from({"preset": "bga", "players": 3})``."""
