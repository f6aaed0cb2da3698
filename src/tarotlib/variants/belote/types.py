"""Belote vocabulary: contracts, outcomes, teams, declarations (BE-0.4, BE-1, BE-9, BE-10).

Seats are 0–3 in play order (BE-2.1); partners sit opposite, so the teams are {0, 2} and {1, 3}:
``team_of(seat) == seat % 2`` and ``partner_of(seat) == seat ^ 2``.

>>> Contract.parse("TA"), Contract.parse("♥"), Contract.HEARTS.symbol
(<Contract.ALL_TRUMPS: 4>, <Contract.HEARTS: 1>, '♥')
>>> [k.points for k in (CombinationKind.TIERCE, CombinationKind.CARRE_JACKS)]
[20, 200]
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from tarotlib.core.cards import PIQUET_NOTATION, Card, Rank, Suit, format_cards

__all__ = [
    "NATURAL_RANKS",
    "Announcement",
    "Combination",
    "CombinationKind",
    "Contract",
    "Outcome",
    "partner_of",
    "team_of",
]

NATURAL_RANKS: Final = (7, 8, 9, 10, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""The eight Belote ranks in natural order, **low to high** (A K Q J 10 9 8 7 read backwards;
BE-1.4, used for declarations only)."""


def team_of(seat: int) -> int:
    """The team (0 or 1) of ``seat``: teams are {0, 2} and {1, 3} (BE-2.1).

    >>> [team_of(seat) for seat in range(4)]
    [0, 1, 0, 1]
    """
    return seat & 1


def partner_of(seat: int) -> int:
    """The partner of ``seat``: the seat opposite (BE-2.1).

    >>> [partner_of(seat) for seat in range(4)]
    [2, 3, 0, 1]
    """
    return seat ^ 2


class Contract(enum.IntEnum):
    """A Belote contract (BE-1.3): a trump suit (values = :class:`~tarotlib.core.cards.Suit`), all
    trumps (TA) or no trumps (SA).

    >>> [contract.symbol for contract in Contract]
    ['♠', '♥', '♦', '♣', 'TA', 'SA']
    >>> Contract.parse("hearts"), Contract.HEARTS.suit, Contract.NO_TRUMPS.is_suit
    (<Contract.HEARTS: 1>, <Suit.HEARTS: 1>, False)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3
    ALL_TRUMPS = 4
    NO_TRUMPS = 5

    @property
    def suit(self) -> Suit | None:
        """The trump suit of a suit contract; None for TA and SA."""
        return Suit(self.value) if self.value < 4 else None

    @property
    def is_suit(self) -> bool:
        """True for a suit contract."""
        return self.value < 4

    @property
    def token(self) -> str:
        """Notation in action text and records: ``spades`` … ``clubs``, ``all-trumps``,
        ``no-trumps``."""
        return _TOKENS[self.value]

    @property
    def symbol(self) -> str:
        """Short form of BE-1.2: ``♠ ♥ ♦ ♣``, ``TA``, ``SA``."""
        return ("♠", "♥", "♦", "♣", "TA", "SA")[self.value]

    @property
    def label(self) -> str:
        """Readable name: ``spades``, ``all trumps (TA)``, ``no trumps (SA)``."""
        return ("spades", "hearts", "diamonds", "clubs", "all trumps (TA)", "no trumps (SA)")[
            self.value
        ]

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract: a token, a suit letter or symbol, ``TA``/``SA`` (BE-1.2).

        >>> Contract.parse("no-trumps"), Contract.parse("s")
        (<Contract.NO_TRUMPS: 5>, <Contract.SPADES: 0>)
        >>> Contract.parse("hearts!")
        Traceback (most recent call last):
            ...
        ValueError: unknown Belote contract 'hearts!'; expected spades, hearts, diamonds, clubs \
(or S H D C, ♠ ♥ ♦ ♣), all-trumps (TA) or no-trumps (SA)
        """
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        found = _BY_TEXT.get(key)
        if found is None:
            raise ValueError(
                f"unknown Belote contract {text!r}; expected spades, hearts, diamonds, clubs "
                "(or S H D C, ♠ ♥ ♦ ♣), all-trumps (TA) or no-trumps (SA)"
            )
        return found


_TOKENS: Final = ("spades", "hearts", "diamonds", "clubs", "all-trumps", "no-trumps")
_BY_TEXT: Final[dict[str, Contract]] = {}
for _c in Contract:
    _BY_TEXT[_TOKENS[_c.value]] = _c
    _BY_TEXT[_c.symbol.lower()] = _c
for _i, _letter in enumerate("shdc"):
    _BY_TEXT[_letter] = Contract(_i)
_BY_TEXT.update(
    {
        "tout-atout": Contract.ALL_TRUMPS,
        "sans-atout": Contract.NO_TRUMPS,
        "all-trump": Contract.ALL_TRUMPS,
        "no-trump": Contract.NO_TRUMPS,
    }
)


class Outcome(enum.Enum):
    """How a contract ended (BE-11.4).

    >>> Outcome("litige"), [outcome.value for outcome in Outcome]
    (<Outcome.LITIGE: 'litige'>, ['made', 'failed', 'litige'])
    """

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"


class Announcement(enum.Enum):
    """Belote-rebelote announcements (BE-9.2), used as a ``Declare`` kind when
    ``belote_announce='explicit'``.

    >>> Announcement.BELOTE.token, Announcement("rebelote")
    ('belote', <Announcement.REBELOTE: 'rebelote'>)
    """

    BELOTE = "belote"
    REBELOTE = "rebelote"

    @property
    def token(self) -> str:
        """Notation in action text: ``belote``, ``rebelote``."""
        return self.value


class CombinationKind(enum.Enum):
    """Declarations of BE-10.1 and their points.

    >>> [(kind.token, kind.points) for kind in CombinationKind][:4]
    [('tierce', 20), ('quarte', 50), ('quinte', 100), ('carre-jacks', 200)]
    >>> CombinationKind.CARRE_NINES.is_carre, CombinationKind.CARRE_NINES.label
    (True, 'carré of nines')
    """

    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINTE = "quinte"
    CARRE_JACKS = "carre-jacks"
    CARRE_NINES = "carre-nines"
    CARRE_ACES = "carre-aces"
    CARRE_TENS = "carre-tens"
    CARRE_KINGS = "carre-kings"
    CARRE_QUEENS = "carre-queens"

    @property
    def token(self) -> str:
        """Notation in action text and records (``tierce``, ``carre-jacks``)."""
        return self.value

    @property
    def points(self) -> int:
        """Points of BE-10.1: 20, 50, 100; carrés 200 (J), 150 (9), 100 (A, 10, K, Q)."""
        return _POINTS[self]

    @property
    def is_carre(self) -> bool:
        """True for the six carrés."""
        return self.value.startswith("carre")

    @property
    def label(self) -> str:
        """Readable name: ``tierce``, ``carré of jacks``."""
        if self.is_carre:
            return "carré of " + self.value.split("-")[1]
        return self.value


_POINTS: Final = {
    CombinationKind.TIERCE: 20,
    CombinationKind.QUARTE: 50,
    CombinationKind.QUINTE: 100,
    CombinationKind.CARRE_JACKS: 200,
    CombinationKind.CARRE_NINES: 150,
    CombinationKind.CARRE_ACES: 100,
    CombinationKind.CARRE_TENS: 100,
    CombinationKind.CARRE_KINGS: 100,
    CombinationKind.CARRE_QUEENS: 100,
}


@attrs.frozen
class Combination:
    """A declared combination (BE-10.1): its ``kind``, the declaring ``seat`` and its ``cards``.

    For a sequence the cards are one suit's maximal run (3 to 8 cards, natural order); for a carré
    the four cards of one rank.

    >>> from tarotlib.core.cards import parse_cards
    >>> combo = Combination(seat=3, kind=CombinationKind.TIERCE, cards=tuple(parse_cards("KH QH JH")))
    >>> combo.points, combo.team, str(combo)
    (20, 1, 'tierce (KH QH JH) by seat 3')
    """

    seat: int
    kind: CombinationKind
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        """The combination's points (BE-10.1)."""
        return self.kind.points

    @property
    def team(self) -> int:
        """The declaring seat's team."""
        return team_of(self.seat)

    def __str__(self) -> str:
        return (
            f"{self.kind.label} ({format_cards(self.cards, PIQUET_NOTATION)}) by seat {self.seat}"
        )
