"""French Tarot solo options (FT-20, options S-O1 … S-O5, and O-11 which FT-20.11 keeps).

>>> SoloOptions().solo_dummy_follow_scope, SoloOptions().thresholds
('face_up', (10, 13, 15))
>>> SoloOptions(solo_poignee_thresholds="13/15/18").thresholds
(13, 15, 18)
>>> SoloOptions(solo_petit_sec="sometimes")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option solo_petit_sec must be one of optional_redeal, ... (got 'sometimes')
>>> solo_options_from({"solo_dummy_follow_scope": "whole_hand"}).solo_dummy_follow_scope
'whole_hand'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Literal, Self

import attrs

from tarotlib.deal.options import GameOptions, check_choices
from tarotlib.errors import OptionError

__all__ = ["SOLO_OPTION_DOCS", "SoloOptions", "solo_options_from"]

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "solo_dummy_follow_scope": ("face_up", "whole_hand"),
    "solo_poignee_thresholds": ("10/13/15", "13/15/18"),
    "solo_first_deal_contract": ("prise", "free"),
    "solo_excuse_last_trick": ("to_winner", "changes_camp"),
    "solo_petit_sec": ("optional_redeal", "mandatory_redeal", "off"),
    "defence_slam_bonus": (200, 0),
}

SOLO_OPTION_DOCS: Final[dict[str, tuple[str, str]]] = {
    "solo_dummy_follow_scope": (
        "S-O1: the dummy's legal cards are judged on its face-up cards, or on its whole hand "
        "(with turn-ups)",
        "FT-20.8",
    ),
    "solo_poignee_thresholds": ("S-O2: trumps for simple/double/triple poignée", "FT-20.7"),
    "solo_first_deal_contract": (
        "S-O3: the first deal of a series is a Prise, or the contract is free",
        "FT-20.4",
    ),
    "solo_excuse_last_trick": ("S-O4: who gets an Excuse played to the last trick", "FT-20.9"),
    "solo_petit_sec": (
        "S-O5: the player's petit sec lets him redeal, forces a redeal, or is ignored",
        "FT-20.3",
    ),
    "defence_slam_bonus": ("O-11: slam term when the defenders win every trick", "FT-20.11"),
}
"""Each option's one-line description and its rule (the docs page's table is checked against it)."""


@attrs.frozen
class SoloOptions(GameOptions):
    """The options of the French Tarot solo (FT-20): S-O1 … S-O5 and O-11 (FT-20.11 step 6).

    The 3-player rules that FT-20 keeps fixed are not options here: discarded trumps are shown and
    count toward the poignée (FT-20.5, FT-8.4), a defender's Petit won by the other defender is a
    gain for the defenders (FT-20.10), the slam exception of the Excuse holds for either side
    (FT-20.9).

    >>> SoloOptions(solo_first_deal_contract="free").solo_first_deal_contract
    'free'
    >>> SoloOptions.from_dict({"solo_petit_sec": "off"}).solo_petit_sec
    'off'
    >>> SoloOptions.from_dict(SoloOptions().to_dict()) == SoloOptions()
    True
    """

    GAME_NAME: ClassVar[str] = "French Tarot solo"

    solo_dummy_follow_scope: Literal["face_up", "whole_hand"] = "face_up"
    solo_poignee_thresholds: Literal["10/13/15", "13/15/18"] = "10/13/15"
    solo_first_deal_contract: Literal["prise", "free"] = "prise"
    solo_excuse_last_trick: Literal["to_winner", "changes_camp"] = "to_winner"
    solo_petit_sec: Literal["optional_redeal", "mandatory_redeal", "off"] = "optional_redeal"
    defence_slam_bonus: int = 200

    def __attrs_post_init__(self) -> None:
        check_choices(self, _CHOICES)

    # The fixed rules that French Tarot's scoring and observation read as options (FT-20.5,
    # FT-20.10): the same names, one value.
    @property
    def players(self) -> int:
        """Three hands: the player, the AI and the dummy (FT-20.1)."""
        return 3

    @property
    def show_discarded_trumps(self) -> bool:
        """FT-20.5: trumps put in the écart are shown (as the solo's source says)."""
        return True

    @property
    def petit_au_bout_within_defence(self) -> str:
        """FT-20.10: a defender's Petit won by the other defender is a gain for the defenders."""
        return "winning_camp"

    @property
    def thresholds(self) -> tuple[int, int, int]:
        """The poignée thresholds in force (S-O2, FT-20.7)."""
        a, b, c = (int(t) for t in self.solo_poignee_thresholds.split("/"))
        return (a, b, c)

    @classmethod
    def options_from(cls, values: Mapping[str, object]) -> Self:
        """Options from keyword values. The solo has no presets: it says so of any ``preset`` but
        None (French Tarot, which it plays beside, has some).

        >>> SoloOptions.options_from({"preset": "bga"})
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: the French Tarot solo has no presets
        """
        rest = dict(values)
        if rest.pop("preset", None) is not None:
            raise OptionError("the French Tarot solo has no presets")
        return cls.from_dict(rest)


solo_options_from: Final = SoloOptions.options_from
"""Options from keyword values (:meth:`SoloOptions.options_from`)."""
