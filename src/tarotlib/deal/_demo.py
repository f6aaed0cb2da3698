"""A tiny game for the examples of the phase docstrings (private: not part of the API).

:func:`demo_game` wraps a few phases in a :class:`~tarotlib.deal.game.Game` dealt from the 78-card
pack (3, 4, 5 or 7 players; the cards that do not divide go to the kitty) and scored zero for
everybody; :class:`Level` is a three-contract enum, weakest first.

>>> from tarotlib.deal import OneRoundBidding
>>> rules = demo_game(OneRoundBidding(tuple(Level)), players=4)
>>> state = rules.new_deal(seed=1)
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
('auction', 1, ['pass', 'bid due', 'bid una', 'bid niente'])
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from tarotlib.core.dealing import PacketSchedule
from tarotlib.core.decks import TAROT_78, Deck
from tarotlib.core.results import DealResult
from tarotlib.deal.game import Game
from tarotlib.deal.phase import Phase
from tarotlib.deal.state import DealState

__all__ = ["Level", "demo_game"]

_SCHEDULES: Final = {
    3: PacketSchedule(3, 8, 6),
    4: PacketSchedule(3, 6, 6),
    5: PacketSchedule(3, 5, 3),
    6: PacketSchedule(3, 4, 6),
    7: PacketSchedule(11, 1, 1),
}


class Level(enum.IntEnum):
    """Three contracts, weakest first (the Tarocc'Ombre ones, TO-5.1)."""

    DUE = 1
    UNA = 2
    NIENTE = 3

    @property
    def token(self) -> str:
        """The contract in action texts (``bid una``)."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The contract in messages."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Level:
        """The contract written ``text``."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown contract {text!r}") from None


@attrs.frozen
class _Nothing:
    """The breakdown of a score of zero."""

    def lines(self) -> tuple[str, ...]:
        return ("nobody scores",)


@attrs.frozen
class _Demo(Game[DealState]):
    phases: tuple[Phase[Any], ...]
    players: int = 3
    deck: Deck = attrs.field(default=TAROT_78, init=False, repr=False)
    dealing: PacketSchedule = attrs.field(init=False, repr=False)

    name = "demo"

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "dealing", _SCHEDULES[self.players])

    def score(self, state: DealState) -> DealResult:
        return DealResult((0,) * self.players, breakdown=_Nothing(), declarer=state.declarer)


def demo_game(*phases: Phase[Any], players: int = 3) -> Game[DealState]:
    """A game of ``players`` (3 to 7) made of ``phases`` (then ``over``), scored zero."""
    return _Demo(tuple(phases), players)
