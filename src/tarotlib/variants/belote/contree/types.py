"""Contrée vocabulary: bids, doubles and the contract (CO-0.3, CO-4.2, CO-4.13).

Denominations are Belote's :class:`~tarotlib.variants.belote.types.Contract` (a suit, TA or SA).
A bid is written ``80S``, ``110H``, ``120TA``, ``capotD``, ``generaleC`` (CO-4.13).

>>> b = ContreeBid.parse("110H")
>>> b.value, b.denomination, b.token, b.label
(110, <Contract.HEARTS: 1>, '110H', '110♥')
>>> ContreeBid.parse("capotD").kind, ContreeBid.parse("capot♦").label
(<BidKind.CAPOT: 1>, 'capot♦')
"""

from __future__ import annotations

import enum
import reprlib
from typing import ClassVar, Final

import attrs

from tarotlib.core.actions import Action
from tarotlib.errors import ActionTypeError, ActionValueError, DealError
from tarotlib.variants.belote.types import Contract, team_of

__all__ = [
    "CAPOT_VALUE",
    "BidKind",
    "Coinche",
    "ContreeBid",
    "ContreeContract",
    "NoCoinche",
    "Surcoinche",
]

CAPOT_VALUE: Final = 250
"""V of a capot contract (CO-0.3, CO-4.2 item 3)."""

_LETTERS: Final = ("S", "H", "D", "C", "TA", "SA")


def _shown(value: object) -> str:
    """``value``'s type and a short repr, for messages."""
    return f"{type(value).__name__} {reprlib.repr(value)}"


class BidKind(enum.IntEnum):
    """A numeric bid, a capot, or a générale (CO-4.2, CO-4.10), in rank order.

    >>> BidKind.CAPOT > BidKind.NUMBER, BidKind.GENERALE.name
    (True, 'GENERALE')
    """

    NUMBER = 0
    CAPOT = 1
    GENERALE = 2


@attrs.frozen
class ContreeBid(Action):
    """One bid of the auction, as an action: a ``kind``, a ``value`` (the number bid; 0 for capot
    and générale) and a ``denomination`` (CO-0.3). Written ``bid 80S`` (CO-4.13).

    >>> ContreeBid(BidKind.NUMBER, 80, Contract.SPADES).text
    'bid 80S'
    >>> ContreeBid.parse("90X")
    Traceback (most recent call last):
        ...
    ValueError: unknown bid '90X'; write 80S, 110H, 120TA, capotD or generaleC (CO-4.13)
    """

    verb: ClassVar[str] = "bid"
    kind: BidKind
    value: int
    denomination: Contract

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, BidKind):
            raise ActionTypeError(f"a ContreeBid's kind is a BidKind, not {_shown(self.kind)}")
        if type(self.value) is not int:
            raise ActionTypeError(f"a ContreeBid's value is an int, not {_shown(self.value)}")
        if self.value < 0:
            raise ActionValueError(f"a ContreeBid's value is 0 or more, got {self.value}")
        if not isinstance(self.denomination, Contract):
            raise ActionTypeError(
                "a ContreeBid's denomination is a Belote Contract (a suit, TA or SA), not "
                f"{_shown(self.denomination)}"
            )

    @property
    def text(self) -> str:
        return f"bid {self.token}"

    @property
    def token(self) -> str:
        """Notation in action text (CO-4.13): ``80S``, ``capotH``, ``generaleTA``."""
        head = {BidKind.NUMBER: str(self.value), BidKind.CAPOT: "capot"}.get(self.kind, "generale")
        return head + _LETTERS[self.denomination]

    @property
    def label(self) -> str:
        """Readable form: ``110♥``, ``capot♦``, ``générale TA``."""
        head = {BidKind.NUMBER: str(self.value), BidKind.CAPOT: "capot"}.get(self.kind, "générale")
        sym = self.denomination.symbol
        return head + (" " + sym if not self.denomination.is_suit else sym)

    @classmethod
    def parse(cls, text: str) -> ContreeBid:
        """Parse a bid token (case-insensitive; suit symbols accepted).

        >>> ContreeBid.parse("120ta").label, ContreeBid.parse("generale♣").token
        ('120 TA', 'generaleC')
        """
        raw = text.strip()
        low = raw.lower()
        kind = BidKind.NUMBER
        value = 0
        for word, k in (("generale", BidKind.GENERALE), ("générale", BidKind.GENERALE)):
            if low.startswith(word):
                kind, rest = k, raw[len(word) :]
                break
        else:
            if low.startswith("capot"):
                kind, rest = BidKind.CAPOT, raw[5:]
            else:
                digits = len(low) - len(low.lstrip("0123456789"))
                rest = raw[digits:]
                value = int(low[:digits]) if digits else -1
        try:
            if value < 0:
                raise ValueError
            denomination = Contract.parse(rest)
        except ValueError:
            raise ValueError(
                f"unknown bid {text!r}; write 80S, 110H, 120TA, capotD or generaleC (CO-4.13)"
            ) from None
        return cls(kind, value, denomination)


@attrs.frozen
class ContreeContract:
    """The contract when the auction ends (CO-0.3, CO-4.11): the ``bid``, the ``bidder``'s seat
    and the ``level`` (0 plain, 1 coinched, 2 surcoinched).

    >>> c = ContreeContract(ContreeBid.parse("120C"), bidder=2, level=2)
    >>> c.attack, c.value, c.label
    (0, 120, '120♣ surcoinched by seat 2')
    >>> ContreeContract(ContreeBid.parse("120C"), bidder=2, level=3)
    Traceback (most recent call last):
        ...
    tarotlib.errors.DealError: a ContreeContract's level is 0 (plain), 1 (coinched) or 2 (surcoinched), got 3
    """

    bid: ContreeBid
    bidder: int
    level: int = 0

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.bid, ContreeBid):
            raise DealError(
                f"a ContreeContract's bid is a ContreeBid (ContreeBid.parse('80S')), not "
                f"{_shown(self.bid)}"
            )
        if type(self.bidder) is not int or not 0 <= self.bidder < 4:
            raise DealError(f"a ContreeContract's bidder is a seat 0..3, got {_shown(self.bidder)}")
        if type(self.level) is not int or not 0 <= self.level <= 2:
            shown = self.level if type(self.level) is int else _shown(self.level)
            raise DealError(
                "a ContreeContract's level is 0 (plain), 1 (coinched) or 2 (surcoinched), "
                f"got {shown}"
            )

    @property
    def attack(self) -> int:
        """The bidder's team (CO-0.3)."""
        return team_of(self.bidder)

    @property
    def kind(self) -> BidKind:
        """The bid's kind."""
        return self.bid.kind

    @property
    def denomination(self) -> Contract:
        """The trump suit, TA or SA."""
        return self.bid.denomination

    @property
    def value(self) -> int:
        """The number bid (0 for capot and générale; see :func:`contract_value`)."""
        return self.bid.value

    @property
    def label(self) -> str:
        """Readable form."""
        level = ("", " coinched", " surcoinched")[self.level]
        return f"{self.bid.label}{level} by seat {self.bidder}"


@attrs.frozen
class Coinche(Action):
    """Double the current bid (CO-4.6).

    >>> Coinche().text
    'coinche'
    """

    verb: ClassVar[str] = "coinche"


@attrs.frozen
class Surcoinche(Action):
    """Redouble a coinched contract (CO-4.7).

    >>> Surcoinche().text
    'surcoinche'
    """

    verb: ClassVar[str] = "surcoinche"


@attrs.frozen
class NoCoinche(Action):
    """Decline to coinche in a coinche window (``coinche_timing = any_time``, CO-4.8); not a pass.

    >>> NoCoinche().text
    'no-coinche'
    """

    verb: ClassVar[str] = "no-coinche"
