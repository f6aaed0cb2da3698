"""Cards: identity and text notation.

Every card of every pack this library knows is one of the 78 cards of the tarot pack (the 54-card
Ombre pack, the 62-card Chambéry pack and the 32-card piquet pack are subsets), so a card is
identified by an index 0..77 and a set of cards is an integer bit mask (bit ``i`` = card ``i``).

:class:`Card` is an ``int`` subclass: ``Card`` objects are shared singletons (there are exactly 78),
immutable, hashable and usable directly in bit operations (``1 << card``).

Index layout: suit cards ``suit * 14 + (rank - 1)`` for suits spades, hearts, diamonds, clubs
(0..55); trump *n* is ``55 + n`` (56..76); the Excuse (Fool, Matto, Fou) is 77.

Text notation (FT-1.2, LO-2.3, CH-3.3, BE-1.2): a rank token then a suit letter, ``T1``..``T21``
for trumps and ``EX`` for the Excuse.

>>> from tarotlib.core.cards import parse_card, parse_cards
>>> card = parse_card("KH")
>>> card.rank, card.suit, str(card)
(<Rank.KING: 14>, <Suit.HEARTS: 1>, 'KH')
>>> [str(c) for c in parse_cards("T21 10S ex VD")]
['T21', '10S', 'EX', 'JD']
>>> parse_card("T21").pretty
'21'
>>> parse_card("QS").pretty
'Q♠'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from tarotlib.errors import CardParseError

__all__ = [
    "ALL_CARDS",
    "EXCUSE",
    "EXCUSE_MASK",
    "FULL_MASK",
    "PIQUET_NOTATION",
    "SUIT_MASKS",
    "TAROT_NOTATION",
    "TRUMP_MASK",
    "Card",
    "Notation",
    "Rank",
    "Suit",
    "card_mask",
    "cards_of",
    "format_cards",
    "iter_cards",
    "parse_card",
    "parse_cards",
    "suit_card",
    "trump",
]


class Suit(enum.IntEnum):
    """The four plain suits, in FFT display order (FT-1.2).

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.label, list(Suit)[0]
    ('H', '♥', 'hearts', <Suit.SPADES: 0>)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The notation letter: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The unicode suit symbol."""
        return "♠♥♦♣"[self]

    @property
    def label(self) -> str:
        """The lower-case English name used in messages (``"hearts"``)."""
        return self.name.lower()


class Rank(enum.IntEnum):
    """Ranks of suit cards: 1 (ace) .. 10, then Jack, Knight (Cavalier), Queen, King.

    The numeric value is identity only; strength comes from a :class:`~tarotlib.core.ranking.RankOrder`.

    >>> Rank.KNIGHT.token, Rank(7).token, Rank.QUEEN.is_honour, Rank.ACE.is_honour
    ('N', '7', True, False)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    KNIGHT = 12
    QUEEN = 13
    KING = 14

    @property
    def token(self) -> str:
        """The notation token: ``1``..``10``, ``J``, ``N``, ``Q``, ``K``."""
        return _RANK_TOKENS[self]

    @property
    def is_honour(self) -> bool:
        """King, Queen, Knight or Jack (a court card)."""
        return self >= Rank.JACK


_RANK_TOKENS: Final = {r: (str(int(r)) if r <= 10 else "JNQK"[r - 11]) for r in Rank}
_RANK_BY_TOKEN: Final[dict[str, Rank]] = {v: k for k, v in _RANK_TOKENS.items()}
# Aliases: French letters (FT-1.2, CH-3.3), Italian C for Cavalier (LO-2.3), Belote A and T (BE-1.2).
_RANK_BY_TOKEN.update(
    {
        "A": Rank.ACE,
        "T": Rank.TEN,
        "V": Rank.JACK,
        "C": Rank.KNIGHT,
        "D": Rank.QUEEN,
        "R": Rank.KING,
    }
)
_SUIT_BY_LETTER: Final = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
}
_ACCEPTED: Final = (
    "a rank (1-10, J, N, Q, K; aliases A=1, T=10, V=J, C=N, D=Q, R=K) followed by a suit letter "
    "(S, H, D, C), a trump T1-T21, or EX for the Excuse (alias M)"
)

NUM_CARDS: Final = 78
EXCUSE_INDEX: Final = 77


class Card(int):
    """One card of the tarot pack, identified by its index 0..77 (see the module docstring).

    Use :func:`parse_card`, :func:`suit_card`, :func:`trump`, :data:`EXCUSE` or
    ``Card.from_index`` to get one; there is exactly one object per card.

    >>> trump(21) is parse_card("T21")
    True
    """

    __slots__ = ()

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0..77).

        >>> Card.from_index(13), Card.from_index(77) is EXCUSE
        (Card(KS), True)
        """
        if not 0 <= index < NUM_CARDS:
            raise ValueError(f"card index must be 0..77, got {index}")
        return ALL_CARDS[index]

    @property
    def index(self) -> int:
        """The card's index 0..77 (equal to ``int(card)``)."""
        return int(self)

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << int(self)

    @property
    def is_trump(self) -> bool:
        """True for the 21 numbered trumps (the Excuse is not a trump, FT-1.1)."""
        return 56 <= self <= 76

    @property
    def is_excuse(self) -> bool:
        """True for the Excuse (Fool, Matto, Fou)."""
        return self == EXCUSE_INDEX

    @property
    def is_suited(self) -> bool:
        """True for a card of one of the four plain suits."""
        return self < 56

    @property
    def suit(self) -> Suit | None:
        """The plain suit, or None for a trump and the Excuse."""
        return Suit(self // 14) if self < 56 else None

    @property
    def rank(self) -> Rank | None:
        """The rank of a suit card, or None for a trump and the Excuse."""
        return Rank(self % 14 + 1) if self < 56 else None

    @property
    def trump_number(self) -> int | None:
        """1..21 for a trump, else None."""
        return self - 55 if 56 <= self <= 76 else None

    @property
    def text(self) -> str:
        """The canonical notation, e.g. ``KH``, ``10S``, ``T21``, ``EX``."""
        return _TEXT[self]

    @property
    def pretty(self) -> str:
        """A unicode rendering: ``K♥``, ``10♠``, ``21`` for trump 21, ``★`` for the Excuse."""
        if self < 56:
            return _RANK_TOKENS[Rank(self % 14 + 1)] + "♠♥♦♣"[self // 14]
        if self == EXCUSE_INDEX:
            return "★"
        return str(self - 55)

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (int(self),))


def _text_of(i: int) -> str:
    if i < 56:
        return _RANK_TOKENS[Rank(i % 14 + 1)] + "SHDC"[i // 14]
    if i == EXCUSE_INDEX:
        return "EX"
    return f"T{i - 55}"


_TEXT: Final = tuple(_text_of(i) for i in range(NUM_CARDS))
ALL_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(NUM_CARDS))
"""All 78 cards in index order."""
EXCUSE: Final = ALL_CARDS[EXCUSE_INDEX]
"""The Excuse (Fool / Matto / Fou)."""
FULL_MASK: Final = (1 << NUM_CARDS) - 1
"""Mask of all 78 cards."""
TRUMP_MASK: Final = ((1 << 21) - 1) << 56
"""Mask of the 21 trumps."""
EXCUSE_MASK: Final = 1 << EXCUSE_INDEX
"""Mask of the Excuse."""
SUIT_MASKS: Final = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
"""Masks of the four plain suits, indexed by :class:`Suit`."""
_BY_TEXT: Final = {t: ALL_CARDS[i] for i, t in enumerate(_TEXT)}


def suit_card(rank: Rank | int, suit: Suit | int) -> Card:
    """The suit card of this rank (1..14) and suit.

    >>> str(suit_card(Rank.KNIGHT, Suit.DIAMONDS))
    'ND'
    """
    if not 1 <= rank <= 14 or not 0 <= suit <= 3:
        raise ValueError(f"rank must be 1..14 and suit 0..3, got rank {rank}, suit {suit}")
    return ALL_CARDS[suit * 14 + rank - 1]


def trump(number: int) -> Card:
    """Trump number 1..21 (1 is the Petit / Bagatto / Baga, 21 the Monde / Mondo).

    >>> str(trump(1))
    'T1'
    """
    if not 1 <= number <= 21:
        raise ValueError(f"trump number must be 1..21, got {number}")
    return ALL_CARDS[55 + number]


def parse_card(text: str) -> Card:
    """Parse one card from its text notation (case-insensitive; see the module docstring).

    >>> parse_card("nc") is parse_card("CC")  # the Knight of clubs, Italian alias
    True
    >>> parse_card("♥J") is parse_card("JH")  # Belote's pretty form, suit first (BE-1.2)
    True
    >>> parse_card("T22")
    Traceback (most recent call last):
        ...
    tarotlib.errors.CardParseError: cannot parse card 'T22': trump number must be 1-21
    """
    if not isinstance(text, str):
        raise CardParseError(
            f"cannot parse card {text!r}: expected a string, not {type(text).__name__}"
        )
    raw = text.strip()
    up = raw.upper()
    card = _BY_TEXT.get(up)
    if card is not None:
        return card
    if up in ("M", "EXCUSE", "FOOL", "★", "*"):
        return EXCUSE
    if len(up) >= 2 and up[0] == "T" and up[1:].isdigit():
        n = int(up[1:])
        if 1 <= n <= 21:
            return ALL_CARDS[55 + n]
        raise CardParseError(f"cannot parse card {raw!r}: trump number must be 1-21")
    if len(up) >= 2 and up[0] in "♠♥♦♣":
        up = up[1:] + up[0]  # BE-1.2 pretty form, suit first: ♥J, ♠10
        raw = raw[1:] + raw[0]
    if len(up) >= 2:
        suit = _SUIT_BY_LETTER.get(up[-1])
        rank = _RANK_BY_TOKEN.get(up[:-1])
        if suit is not None and rank is not None:
            return ALL_CARDS[suit * 14 + rank - 1]
        if suit is None:
            raise CardParseError(
                f"cannot parse card {raw!r}: unknown suit {raw[-1]!r}; expected {_ACCEPTED}"
            )
        raise CardParseError(
            f"cannot parse card {raw!r}: unknown rank {raw[:-1]!r}; expected {_ACCEPTED}"
        )
    raise CardParseError(f"cannot parse card {raw!r}: expected {_ACCEPTED}")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of card texts).

    >>> [c.text for c in parse_cards("KH, QS  T1")]
    ['KH', 'QS', 'T1']
    """
    if isinstance(text, str):
        parts: list[str] = text.replace(",", " ").split()
    elif isinstance(text, Mapping):  # iterating would read its keys as the cards
        raise CardParseError(
            f"cannot parse cards from {text!r}: expected a string or a list of card texts"
        )
    else:
        try:
            parts = list(text)
        except TypeError:
            raise CardParseError(
                f"cannot parse cards from {text!r}: expected a string or a list of card texts"
            ) from None
    return tuple(parse_card(p) for p in parts)


def card_mask(cards: Iterable[int]) -> int:
    """The bit mask of a collection of cards.

    >>> card_mask(parse_cards("1S 2S")) == 0b11
    True
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a mask, in index order.

    >>> [card.text for card in iter_cards(card_mask(parse_cards("T21 KH 1S")))]
    ['1S', 'KH', 'T21']
    """
    cards = ALL_CARDS
    while mask:
        low = mask & -mask
        yield cards[low.bit_length() - 1]
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple, in index order.

    >>> [c.text for c in cards_of(card_mask(parse_cards("EX T1 KH")))]
    ['KH', 'T1', 'EX']
    """
    out = []
    cards = ALL_CARDS
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def format_cards(cards: Iterable[int] | int, notation: Notation | None = None) -> str:
    """Space-separated notation of cards (a mask is listed in index order); canonical tarot text
    unless another :class:`Notation` is given.

    >>> format_cards(parse_cards("T21 KH"))
    'T21 KH'
    >>> format_cards(parse_cards("1S 10H"), PIQUET_NOTATION)
    'AS TH'
    """
    if isinstance(cards, int) and not isinstance(cards, Card):
        cards = cards_of(cards)
    elif isinstance(cards, Card):
        cards = (cards,)
    texts = _TEXT if notation is None else notation.texts
    return " ".join(texts[c] for c in cards)


class Notation:
    """How a game writes its cards: a text form (parsed back by :func:`parse_card`) and a pretty
    form for messages. Tarot games use the canonical :data:`TAROT_NOTATION` (``1S``, ``10H``);
    Belote uses :data:`PIQUET_NOTATION` (``AS``, ``TH``; pretty ``♠A``, ``♥10``, BE-1.2).

    >>> c = parse_card("QH")
    >>> TAROT_NOTATION.text(c), PIQUET_NOTATION.text(parse_card("10S")), PIQUET_NOTATION.pretty(c)
    ('QH', 'TS', '♥Q')
    """

    __slots__ = ("name", "pretties", "texts")

    def __init__(self, name: str, texts: tuple[str, ...], pretties: tuple[str, ...]) -> None:
        if len(texts) != NUM_CARDS or len(pretties) != NUM_CARDS:
            raise ValueError("a notation gives a text and a pretty form for each of the 78 cards")
        for i, t in enumerate(texts):
            if parse_card(t) != i:
                raise ValueError(f"notation text {t!r} does not parse back to card {_TEXT[i]}")
        self.name = name
        self.texts = texts
        self.pretties = pretties

    def text(self, card: int) -> str:
        """The text form of ``card``.

        >>> card = parse_card("10H")
        >>> TAROT_NOTATION.text(card), PIQUET_NOTATION.text(card)
        ('10H', 'TH')
        """
        return self.texts[card]

    def pretty(self, card: int) -> str:
        """The pretty form of ``card`` (for messages and displays).

        >>> card = parse_card("10H")
        >>> TAROT_NOTATION.pretty(card), PIQUET_NOTATION.pretty(card)
        ('10♥', '♥10')
        """
        return self.pretties[card]

    def __repr__(self) -> str:
        return f"Notation({self.name!r})"


def _piquet_text(i: int) -> str:
    if i < 56 and i % 14 in (0, 9):
        return ("A" if i % 14 == 0 else "T") + "SHDC"[i // 14]
    return _TEXT[i]


def _piquet_pretty(i: int) -> str:
    if i < 56:
        tok = "A" if i % 14 == 0 else _RANK_TOKENS[Rank(i % 14 + 1)]
        return "♠♥♦♣"[i // 14] + tok
    return ALL_CARDS[i].pretty


TAROT_NOTATION: Final = Notation(
    "tarot", _TEXT, tuple(ALL_CARDS[i].pretty for i in range(NUM_CARDS))
)
"""The canonical notation (FT-1.2): ``KH``, ``10S``, ``1D``, ``T21``, ``EX``."""

PIQUET_NOTATION: Final = Notation(
    "piquet",
    tuple(_piquet_text(i) for i in range(NUM_CARDS)),
    tuple(_piquet_pretty(i) for i in range(NUM_CARDS)),
)
"""Belote's notation (BE-1.2): ranks ``A K Q J T 9 8 7`` (``AS``, ``TH``); pretty form suit first
(``♠A``, ``♥10``)."""
