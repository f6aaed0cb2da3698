"""The state of a Lombardy or Reseghino deal, and what it tells of the teams, the Matto exchange
and the tricks (LO-7, LO-10, LO-16.3).

>>> import tarotlib
>>> type(tarotlib.variant("lombardy").new_deal(seed=1)).__name__
'LombardState'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

import attrs

from tarotlib.core.actions import Action
from tarotlib.core.cards import Card, cards_of
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import (
    DealState,
    MonteRound,
    discard_owner,
    exposed,
    face_up,
    fool_exchange,
)
from tarotlib.deal.monte import MONTE
from tarotlib.variants.lombard.facts import MATTO

if TYPE_CHECKING:
    from tarotlib.variants.lombard.lombardy.observation import LombardObservation

__all__ = [
    "MONTE_REASON",
    "TEAMS",
    "LombardState",
    "MattoExchange",
    "all_tricks",
    "all_tricks_facts",
    "matto_exchange",
    "sides_of",
]

TEAMS: Final = (0, 1, 0, 1)
"""LO-10: partners sit opposite, seats 0 and 2 (team A) against 1 and 3 (team B)."""
MONTE_REASON: Final = "Monte: every player agreed to annul the deal (LO-13.3)"
_DISCARD_OWNER: Final = "dealer_else_last_trick"  # LO-8.3


def sides_of(state: DealState) -> tuple[int, ...]:
    """The sides of a deal, known from the start: Lombardy's teams (LO-10), else each for himself.

    >>> import tarotlib
    >>> [sides_of(tarotlib.variant(name).new_deal(seed=1)) for name in ("lombardy", "reseghino")]
    [(0, 1, 0, 1), (0, 1, 2)]
    """
    n = state.rules.players
    return state.data.sides or (TEAMS if n == 4 else tuple(range(n)))


@attrs.frozen
class MattoExchange:
    """A Matto exchange made (LO-7.4): the Matto's ``owner`` took it back from the ``holder`` (the
    winner of its trick) and gave him ``card``. Public (LO-9).

    >>> from tarotlib.core.cards import parse_card
    >>> MattoExchange(3, 0, parse_card("6S"))
    MattoExchange(owner=3, holder=0, card=Card(6S))
    """

    owner: int
    holder: int
    card: Card


Trick = tuple[int, tuple[int, ...], int]
"""A completed trick as the deal machine keeps it: (leader, card indices in play order, winner)."""


def _raw(state: DealState, tricks: Sequence[PlayedTrick] | None) -> Sequence[Trick]:
    """The completed tricks as plain tuples: those given, or the state's own (read as they are
    kept, without building :class:`~tarotlib.core.tricks.PlayedTrick` objects: scoring reads them once
    per deal)."""
    if tricks is None:
        return state.trick_list
    return [(t.leader, tuple(t.cards), t.winner) for t in tricks]


def _matto_trick(state: DealState, tricks: Sequence[Trick]) -> tuple[int, Trick] | None:
    """The seat that played the Matto and its trick, once that trick is complete."""
    for trick in tricks:
        cards = trick[1]
        if MATTO in cards:
            return (trick[0] + cards.index(MATTO)) % len(cards), trick
    return None


def matto_exchange(state: DealState) -> MattoExchange | None:
    """The Matto exchange made in this deal so far (LO-7.4, LO-7.5), or None: none is due (the
    owner won his own trick, or LO-7.8 ``skip`` with his partner), or it waits (LO-7.5), or it was
    never made (LO-7.6). The deal machine's fool rule records it (:func:`tarotlib.deal.fool_exchange`).

    >>> import tarotlib
    >>> matto_exchange(tarotlib.variant("reseghino").new_deal(seed=1)) is None
    True
    """
    made = fool_exchange(state)
    return None if made is None else MattoExchange(*made)


def all_tricks(
    state: DealState,
    ignore_own_matto: bool = False,
    tricks: Sequence[PlayedTrick] | None = None,
) -> tuple[bool, ...]:
    """For each side of ``state.sides`` (by side number), whether it won every trick (LO-16.3).
    LO-7.10 ``ignore`` (``ignore_own_matto``): a trick to which a member of the side played the
    Matto is disregarded.

    >>> import tarotlib
    >>> all_tricks(tarotlib.variant("lombardy").new_deal(seed=1))   # no trick yet
    (False, False)
    """
    return _all_tricks(state, ignore_own_matto, _raw(state, tricks))


def all_tricks_facts(
    state: DealState, tricks: Sequence[PlayedTrick] | None = None
) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """What the table writes down of the tricks, for each side (by side number): whether it won
    every trick (LO-16.3), and whether it won every trick but one, to which one of its members
    played the Matto (the trick LO-7.10's ``own_matto_trick`` is about).

    >>> import tarotlib
    >>> all_tricks_facts(tarotlib.variant("lombardy").new_deal(seed=1))   # no trick yet
    ((False, False), (False, False))
    """
    return _trick_facts(state, _raw(state, tricks))


def _trick_facts(
    state: DealState, tricks: Sequence[Trick]
) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    sides = sides_of(state)
    won: list[bool] = []
    but: list[bool] = []
    for side in range(max(sides) + 1):
        lost = [(leader, cards) for leader, cards, winner in tricks if sides[winner] != side]
        won.append(bool(tricks) and not lost)
        gift = False
        if len(lost) == 1 and MATTO in lost[0][1]:
            leader, cards = lost[0]
            gift = sides[(leader + cards.index(MATTO)) % len(cards)] == side
        but.append(gift)
    return tuple(won), tuple(but)


def _all_tricks(
    state: DealState, ignore_own_matto: bool, tricks: Sequence[Trick]
) -> tuple[bool, ...]:
    won, but = _trick_facts(state, tricks)
    return tuple(w or (ignore_own_matto and b) for w, b in zip(won, but, strict=True))


class LombardState(DealState):
    """One moment of a Lombardy or Reseghino deal (immutable; see
    :class:`~tarotlib.deal.DealState`), with the omniscient accessors of these games. Give players
    :meth:`observation` instead.

    >>> import tarotlib
    >>> state = tarotlib.variant("lombardy").new_deal(seed=3)
    >>> type(state).__name__, len(state.exposed) >= 5, state.discard
    ('LombardState', True, ())
    """

    __slots__ = ()

    @property
    def exposed(self) -> tuple[tuple[int, Card], ...]:
        """The cards exposed under LO-12 with their holders, in the order they were turned up."""
        return exposed(self.data)

    @property
    def face_up(self) -> tuple[tuple[int, Card], ...]:
        """The exposed cards still in their holders' hands."""
        return face_up(self)

    @property
    def monte(self) -> tuple[tuple[int, Action], ...]:
        """The Monte proposals and answers so far, ``(seat, action)`` (LO-13.2, public)."""
        done = self.data.note(MONTE)
        if done:
            return done
        monte = getattr(self.rules, "monte_round", None)  # Lombardy's; Reseghino has none
        local = monte.local_in(self) if isinstance(monte, MonteRound) else None
        return () if local is None else local.said

    @property
    def discard(self) -> tuple[Card, ...]:
        """The dealer's discard (LO-8; only the dealer sees it during the deal)."""
        return cards_of(self.data.discard)

    @property
    def discard_owner(self) -> int | None:
        """Who owns the discard (LO-8.3), once the last trick is played; None before."""
        if not self.is_over or not self.trick_list:
            return None
        return discard_owner(self, _DISCARD_OWNER)

    @property
    def matto_exchange(self) -> MattoExchange | None:
        """The Matto exchange made so far (:func:`matto_exchange`)."""
        return matto_exchange(self)

    def observation(self, seat: int) -> LombardObservation:
        """What ``seat`` may see (:class:`LombardObservation`, LO-9).

        >>> import tarotlib
        >>> tarotlib.variant("reseghino").new_deal(seed=1).observation(2).seat
        2
        """
        return cast("LombardObservation", super().observation(seat))
