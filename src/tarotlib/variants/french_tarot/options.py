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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import attrs

from tarotlib._options import check_choices, from_dict
from tarotlib.errors import OptionError

__all__ = ["OPTION_DOCS", "FrenchTarotOptions", "options_from"]

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


@attrs.frozen
class FrenchTarotOptions:
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
    """

    players: Literal[3, 4, 5] = 4
    excuse_last_trick: Literal["changes_camp", "to_winner"] = "changes_camp"
    excuse_slam_exception: Literal["any_camp", "attack_only"] = "any_camp"
    declarations: Literal["poignee", "none", "poignee_and_misere"] = "poignee"
    poignee_thresholds: tuple[int, int, int] | None = attrs.field(
        default=None, converter=_thresholds
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

    @classmethod
    def preset(cls, name: str, **overrides: object) -> FrenchTarotOptions:
        """``fft`` (the defaults) or ``bga`` (BGA's rules page), with further options overriding it.

        The ``bga`` preset takes the behaviours BGA's rules page states: Excuse in the last trick to the
        winner (O-1), discarded trumps not shown (O-8), no opening-lead ban (O-9), King/Queen calls
        only (O-10), no defence-slam line (O-11), the deal passing against play (O-13). Table options
        of BGA — ``declarations`` (misère) and ``grash`` — stay off unless given. O-12's literal reading of
        that page, very probably an error there (FT-19 Q-9), is not part of the preset.

        >>> bga = FrenchTarotOptions.preset("bga", players=5)
        >>> bga.players, bga.dealer_rotation, bga.callable_cards
        (5, 'against_play', 'king_queen')
        >>> FrenchTarotOptions.preset("fft") == FrenchTarotOptions()
        True
        """
        base: dict[str, object]
        if name == "fft":
            base = {}
        elif name == "bga":
            base = {
                "excuse_last_trick": "to_winner",
                "show_discarded_trumps": False,
                "called_suit_opening_lead_ban": False,
                "callable_cards": "king_queen",
                "defence_slam_bonus": 0,
                "dealer_rotation": "against_play",
            }
        else:
            raise OptionError(f"unknown preset {name!r}; expected 'fft' or 'bga'")
        base.update(overrides)
        return cls.from_dict(base)

    @classmethod
    def from_dict(cls, values: Mapping[str, object]) -> FrenchTarotOptions:
        """Options from a mapping of names to values (unknown names raise OptionError).

        >>> FrenchTarotOptions.from_dict({"players": 5, "grash": True}).players
        5
        >>> FrenchTarotOptions.from_dict({"player": 5})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: unknown French Tarot option(s) player; known: annulled_deals_count, ...
        """
        return from_dict(cls, values, "French Tarot")

    def to_dict(self) -> dict[str, object]:
        """JSON-ready mapping of every option.

        >>> data = FrenchTarotOptions(players=3).to_dict()
        >>> data["players"], data["poignee_thresholds"], FrenchTarotOptions.from_dict(data).players
        (3, None, 3)
        """
        d = attrs.asdict(self)
        if d["poignee_thresholds"] is not None:
            d["poignee_thresholds"] = list(d["poignee_thresholds"])
        return d


def options_from(values: Mapping[str, object]) -> FrenchTarotOptions:
    """Options from keyword values, honouring ``preset``.

    >>> options_from({"preset": "bga", "players": 3}) == FrenchTarotOptions.preset("bga", players=3)
    True
    """
    vals = dict(values)
    preset = vals.pop("preset", "fft")
    if not isinstance(preset, str):
        raise OptionError("preset must be a string ('fft' or 'bga')")
    return FrenchTarotOptions.preset(preset, **vals)
