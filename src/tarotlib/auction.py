"""Auction mechanisms.

:class:`OneRoundAuction` is the French Tarot auction (FT-4): each player speaks exactly once, in
turn, and either passes or names a contract strictly higher than every contract named so far; the
last bidder takes. Contracts are any ``IntEnum`` (higher value = stronger contract).

The auction's data is a small immutable :class:`AuctionState`; the mechanism is pure functions of it,
so a variant's deal state just stores one.

>>> import enum
>>> class C(enum.IntEnum):
...     LOW = 1
...     HIGH = 2
>>> auction = OneRoundAuction(tuple(C), players=3)
>>> st = auction.start(first=1)
>>> st = auction.apply(st, C.LOW)
>>> auction.legal(st)
(None, <C.HIGH: 2>)
>>> auction.apply(st, C.LOW)
Traceback (most recent call last):
    ...
tarotlib.errors.IllegalActionError: bid must beat LOW
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Generic, NamedTuple, TypeVar

import attrs

from tarotlib.errors import IllegalActionError

__all__ = ["AuctionState", "OneRoundAuction"]

C = TypeVar("C", bound=enum.IntEnum)


def _label(contract: enum.IntEnum) -> str:
    label = getattr(contract, "label", None)
    return label if isinstance(label, str) else contract.name


class AuctionState(NamedTuple, Generic[C]):
    """Calls so far: ``calls[i]`` is the i-th call (a contract, or None for a pass); the highest
    contract named and its bidder. (An immutable named tuple: auctions are on the hot path.)

    >>> from tarotlib.variants.french_tarot import Contract
    >>> auction = OneRoundAuction(tuple(Contract), players=3)
    >>> st = auction.apply(auction.apply(auction.start(first=0), Contract.GARDE), None)
    >>> st.calls, st.high, st.high_seat
    ((<Contract.GARDE: 2>, None), <Contract.GARDE: 2>, 0)
    """

    first: int
    calls: tuple[C | None, ...] = ()
    high: C | None = None
    high_seat: int | None = None


@attrs.frozen
class OneRoundAuction(Generic[C]):
    """One turn each, strictly increasing bids (FT-4.1, FT-4.3, FT-4.4).

    >>> from tarotlib.variants.french_tarot import Contract
    >>> auction = OneRoundAuction(tuple(Contract), players=4)
    >>> st = auction.start(first=1)
    >>> for call in (Contract.PRISE, None, Contract.GARDE, None):
    ...     st = auction.apply(st, call)
    >>> auction.is_done(st), st.high, st.high_seat
    (True, <Contract.GARDE: 2>, 3)
    """

    contracts: Sequence[C]
    players: int

    def start(self, first: int) -> AuctionState[C]:
        """An empty auction whose first speaker is ``first``.

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.start(first=2)
        >>> auction.to_act(st), st.calls
        (2, ())
        """
        return AuctionState(first)

    def to_act(self, st: AuctionState[C]) -> int | None:
        """The seat to speak, or None when every player has spoken.

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.apply(auction.start(first=2), None)
        >>> auction.to_act(st)
        0
        >>> auction.to_act(auction.apply(auction.apply(st, None), None)) is None
        True
        """
        n = len(st.calls)
        return None if n >= self.players else (st.first + n) % self.players

    def is_done(self, st: AuctionState[C]) -> bool:
        """True after N calls (FT-4.1: the auction ends after N turns, even if no bid is left).

        >>> auction = OneRoundAuction((1, 2), players=2)
        >>> st = auction.apply(auction.start(first=0), 2)
        >>> auction.is_done(st), auction.is_done(auction.apply(st, None))
        (False, True)
        """
        return len(st.calls) >= self.players

    def legal(self, st: AuctionState[C]) -> tuple[C | None, ...]:
        """Pass (None) and every contract higher than the highest named (FT-4.3).

        >>> import enum
        >>> class Bet(enum.IntEnum):
        ...     LOW = 1
        ...     MID = 2
        ...     HIGH = 3
        >>> auction = OneRoundAuction(tuple(Bet), players=3)
        >>> auction.legal(auction.apply(auction.start(first=0), Bet.MID))
        (None, <Bet.HIGH: 3>)
        """
        if self.is_done(st):
            return ()
        high = st.high
        return (None, *(c for c in self.contracts if high is None or c > high))

    def check(self, st: AuctionState[C], call: C | None) -> str | None:
        """Why ``call`` is illegal now, or None.

        >>> from tarotlib.variants.french_tarot import Contract
        >>> auction = OneRoundAuction(tuple(Contract), players=3)
        >>> st = auction.apply(auction.start(first=0), Contract.GARDE)
        >>> auction.check(st, None) is None, auction.check(st, Contract.PRISE)
        (True, 'bid must beat Garde')
        """
        if self.is_done(st):
            return "the auction is over"
        if call is None:
            return None
        if call not in self.contracts:
            return f"unknown contract {call!r}"
        if st.high is not None and call <= st.high:
            return f"bid must beat {_label(st.high)}"
        return None

    def apply(self, st: AuctionState[C], call: C | None) -> AuctionState[C]:
        """The auction after ``call`` by the seat to speak (raises IllegalActionError).

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.apply(auction.start(first=0), None)
        >>> st = auction.apply(st, 1)
        >>> st.calls, st.high_seat
        ((None, 1), 1)
        """
        reason = self.check(st, call)
        if reason is not None:
            raise IllegalActionError(reason)
        if call is None:
            return AuctionState(st.first, (*st.calls, None), st.high, st.high_seat)
        return AuctionState(st.first, (*st.calls, call), call, self.to_act(st))
