"""Belote declarations: finding, checking and comparing combinations (BE-10).

:func:`combinations` lists every combination an 8-card hand may declare (BE-10.1): each maximal run
of at least three cards of one suit in natural order (A K Q J 10 9 8 7) and each carré of J, 9, A,
10, K or Q. :func:`is_valid_declaration` says whether a seat may declare a combination now
(BE-10.1, BE-10.2). :func:`declaration_key` and :func:`best_team` implement the comparison of
BE-10.4: only each team's single best declaration is compared, and only the winning team scores
(all its declarations).

>>> from tarotlib.core.cards import card_mask, parse_cards
>>> from tarotlib.variants.belote.types import Contract
>>> hand = card_mask(parse_cards("KS QS JS TS JH JD JC 7C"))
>>> for combo in combinations(hand, seat=0):
...     print(describe(combo))
carré of jacks: ♠J ♥J ♦J ♣J
quarte: ♠K ♠Q ♠J ♠10

BE-15 E8: the defence's quarte to the ace beats the attack's quarte to the king (equal length,
higher top card), so the defence (team 1) scores all its declarations:

>>> attack = combinations(card_mask(parse_cards("KS QS JS TS 7H 8D 9D 7C")), seat=0)
>>> defence = combinations(card_mask(parse_cards("AD KD QD JD 7S 8S 9H 8H")), seat=1)
>>> best_team(attack + defence, Contract.HEARTS)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from tarotlib.core.cards import PIQUET_NOTATION, Card, Rank, Suit, suit_card
from tarotlib.variants.belote.types import NATURAL_RANKS, Combination, CombinationKind, Contract

__all__ = [
    "CARRE_ORDER",
    "DeclarationKey",
    "auto_choice",
    "best_team",
    "combination_error",
    "combinations",
    "declaration_key",
    "describe",
    "every_combination",
    "is_valid_declaration",
    "team_best",
]

DeclarationKey = tuple[int, int, int, int]
"""The comparison key of a declaration (BE-10.4): larger is better. ``(1, carré strength, 0, 0)``
for a carré; ``(0, run length, top card's natural index, in trump suit)`` for a sequence."""

CARRE_ORDER: Final[tuple[tuple[int, CombinationKind], ...]] = (
    (int(Rank.JACK), CombinationKind.CARRE_JACKS),
    (9, CombinationKind.CARRE_NINES),
    (int(Rank.ACE), CombinationKind.CARRE_ACES),
    (10, CombinationKind.CARRE_TENS),
    (int(Rank.KING), CombinationKind.CARRE_KINGS),
    (int(Rank.QUEEN), CombinationKind.CARRE_QUEENS),
)
"""The carrés that score, strongest first: J > 9 > A > 10 > K > Q (BE-10.1, BE-10.4 step 2).
Four 8s or four 7s are worth nothing and are not combinations."""

_CARRE_RANK: Final = {kind: rank for rank, kind in CARRE_ORDER}
_CARRE_STRENGTH: Final = {kind: len(CARRE_ORDER) - i for i, (_, kind) in enumerate(CARRE_ORDER)}
_NATURAL_INDEX: Final = {int(rank): i for i, rank in enumerate(NATURAL_RANKS)}
"""Natural order index of a rank, 7 = 0 … A = 7 (BE-1.4)."""
_PACK_MASK: Final = sum(1 << suit_card(rank, suit) for suit in Suit for rank in NATURAL_RANKS)
_SEQUENCE_KINDS: Final = (
    CombinationKind.TIERCE,
    CombinationKind.QUARTE,
    CombinationKind.QUINTE,
)
_TIES: Final = ("none", "first_announcer")


def describe(combo: Combination) -> str:
    """``"quarte: ♠K ♠Q ♠J ♠10"`` — the kind and the cards in Belote's pretty notation (BE-1.2).

    >>> from tarotlib.core.cards import parse_cards
    >>> describe(Combination(0, CombinationKind.TIERCE, tuple(parse_cards("KS QS JS"))))
    'tierce: ♠K ♠Q ♠J'
    """
    return f"{combo.kind.label}: {' '.join(PIQUET_NOTATION.pretty(c) for c in combo.cards)}"


def _sequence_kind(length: int) -> CombinationKind:
    """BE-10.1: 3 cards tierce, 4 quarte, 5 or more quinte (a run of 6–8 is one quinte)."""
    return _SEQUENCE_KINDS[min(length, 5) - 3]


def _check_hand(hand: int) -> None:
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 0:
        raise ValueError(f"a hand must be a card mask (a non-negative int), got {hand!r}")
    if hand & ~_PACK_MASK:
        raise ValueError(
            "a Belote hand holds only cards of the 32-card pack (A K Q J 10 9 8 7 of each suit, "
            "BE-1.1)"
        )


def _runs(hand: int, suit: Suit) -> list[list[Card]]:
    """Maximal runs of ``suit`` in ``hand`` (natural order, low to high), of any length."""
    runs: list[list[Card]] = []
    current: list[Card] = []
    for rank in NATURAL_RANKS:
        card = suit_card(rank, suit)
        if hand >> card & 1:
            current.append(card)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def combinations(hand: int, seat: int) -> tuple[Combination, ...]:
    """Every combination the hand may declare (BE-10.1), with ``seat`` as the declaring seat.

    Carrés come first, strongest first (J 9 A 10 K Q; four 8s or 7s are worth nothing), then the
    sequences by suit (♠ ♥ ♦ ♣) and, within a suit, highest first. Each sequence is a *maximal* run
    of at least three consecutive cards in natural order: a run of 6 to 8 cards is one quinte, never
    split (BE-10.1). A combination's cards are listed high to low in natural order (A K Q J 10 9 8 7);
    a carré's in suit order.

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> [describe(c) for c in combinations(card_mask(parse_cards("AH KH QH JH TH 9H 8H 7S")), 2)]
    ['quinte: ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8']
    >>> combinations(card_mask(parse_cards("8S 8H 8D 8C 7S 7H 7D 7C")), 0)
    ()
    """
    _check_hand(hand)
    found = [
        Combination(seat, kind, cards)
        for mask, kind, cards in _CARRES  # BE-10.1 carrés
        if hand & mask == mask
    ]
    for suit in range(4):  # BE-10.1 sequences: maximal runs of 3 or more
        m = hand >> 14 * suit
        pattern = (m >> 6 & 31) | (m >> 7 & 96) | (m & 1) << 7  # 7 8 9 10 J, Q K, A
        for kind, cards in _SUIT_RUNS[suit][pattern]:
            found.append(Combination(seat, kind, cards))
    return tuple(found)


# Tables for combinations(): each carré's mask; for each suit, its 8 cards as a natural-order bit
# pattern (7 = bit 0 … A = bit 7; card index - 14·suit: 7 8 9 10 J = 6..10, Q 12, K 13, A 0),
# and for each pattern its maximal runs of 3 or more, highest first.
_CARRES: Final = tuple(
    (sum(1 << suit_card(rank, s) for s in Suit), kind, tuple(suit_card(rank, s) for s in Suit))
    for rank, kind in CARRE_ORDER
)


def _runs_table(suit: Suit) -> tuple[tuple[tuple[CombinationKind, tuple[Card, ...]], ...], ...]:
    cards = [suit_card(rank, suit) for rank in NATURAL_RANKS]
    out = []
    for pattern in range(256):
        runs: list[tuple[CombinationKind, tuple[Card, ...]]] = []
        i = 0
        while i < 8:
            if pattern >> i & 1:
                j = i
                while j < 8 and pattern >> j & 1:
                    j += 1
                if j - i >= 3:
                    runs.append((_sequence_kind(j - i), tuple(reversed(cards[i:j]))))
                i = j
            else:
                i += 1
        out.append(tuple(reversed(runs)))
    return tuple(out)


_SUIT_RUNS: Final = tuple(_runs_table(s) for s in Suit)


def every_combination(seat: int = 0) -> tuple[Combination, ...]:
    """Every combination some hand may declare (BE-10.1): the carrés, then each suit's runs of 3
    to 8 cards, by suit, length and height — the vocabulary of action codecs.

    >>> combos = every_combination()
    >>> len(combos), describe(combos[-1])
    (90, 'quinte: ♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7')
    """
    found = [Combination(seat, kind, cards) for _, kind, cards in _CARRES]
    for suit in range(4):
        for length in range(3, 9):
            for start in range(8 - length, -1, -1):
                pattern = ((1 << length) - 1) << start
                found.extend(
                    Combination(seat, kind, cards) for kind, cards in _SUIT_RUNS[suit][pattern]
                )
    return tuple(found)


def combination_error(combo: Combination) -> str | None:
    """None if ``combo``'s cards really form its kind, else why not (BE-10.1).

    A carré must be the four cards of its rank; a sequence 3 or more consecutive cards of one suit in
    natural order whose length matches the kind (3 tierce, 4 quarte, 5–8 quinte). Maximality needs
    the hand and is checked by :func:`is_valid_declaration`.

    >>> from tarotlib.core.cards import parse_cards
    >>> combination_error(Combination(0, CombinationKind.TIERCE, parse_cards("KS QS TS")))
    'not a sequence: ♠K ♠Q ♠10 are not consecutive cards of one suit (natural order A K Q J 10 9 8 7)'
    """
    if not isinstance(combo, Combination) or not isinstance(combo.kind, CombinationKind):
        return f"not a Combination: {combo!r}"
    cards = tuple(combo.cards)
    if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 78 for c in cards):
        return f"cards must be card indices, got {cards!r}"
    if len(set(cards)) != len(cards):
        return "a card is listed twice"
    shown = " ".join(PIQUET_NOTATION.pretty(c) for c in cards)
    if any(not _PACK_MASK >> c & 1 for c in cards):
        return f"{shown}: not all cards of the 32-card pack (BE-1.1)"
    if combo.kind.is_carre:
        rank = _CARRE_RANK[combo.kind]
        if sorted(cards) != sorted(suit_card(rank, s) for s in Suit):
            return f"not a {combo.kind.label}: {shown}"
        return None
    suits = {c // 14 for c in cards}
    indices = sorted(_NATURAL_INDEX[c % 14 + 1] for c in cards)
    if len(cards) < 3 or len(suits) != 1 or indices != list(range(indices[0], indices[-1] + 1)):
        return (
            f"not a sequence: {shown} are not consecutive cards of one suit "
            "(natural order A K Q J 10 9 8 7)"
        )
    expected = _sequence_kind(len(cards))
    if combo.kind is not expected:
        return f"{len(cards)} consecutive cards are a {expected.label}, not a {combo.kind.label}"
    return None


def is_valid_declaration(
    combo: Combination,
    hand: int,
    already_declared: Iterable[Combination],
    card_reuse: bool,
) -> str | None:
    """None if ``combo.seat`` holding ``hand`` may declare ``combo`` now, else the reason.

    ``already_declared`` is what has been declared so far in the deal (any seat; only the same
    seat's declarations matter). The combination must be in the hand (BE-10.1), be of the kind its
    cards form, be a *maximal* run if it is a sequence (BE-10.1), not be declared twice, and — when
    ``card_reuse`` (option ``declaration_card_reuse``) is False — share no card with a combination
    the seat already declared (BE-10.2; with reuse a card may be in one carré and one sequence; two
    sequences never share a card, as runs are maximal).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> hand = card_mask(parse_cards("KS QS JS TS JH JD JC 7C"))
    >>> tierce = Combination(0, CombinationKind.TIERCE, parse_cards("KS QS JS"))
    >>> is_valid_declaration(tierce, hand, (), card_reuse=True)
    'not a maximal run: ♠K ♠Q ♠J is part of the quarte ♠K ♠Q ♠J ♠10 (runs are never split, BE-10.1)'
    >>> carre, quarte = combinations(hand, 0)
    >>> is_valid_declaration(quarte, hand, [carre], card_reuse=True) is None
    True
    >>> is_valid_declaration(quarte, hand, [carre], card_reuse=False)
    'shares ♠J with the carré of jacks already declared (declaration_card_reuse is off, BE-10.2)'
    """
    shape = combination_error(combo)
    if shape is not None:
        return shape
    _check_hand(hand)
    missing = [c for c in combo.cards if not hand >> c & 1]
    if missing:
        shown = " ".join(PIQUET_NOTATION.pretty(c) for c in missing)
        return f"not in hand: {shown}"
    cards = frozenset(combo.cards)
    if not combo.kind.is_carre:
        for candidate in combinations(hand, combo.seat):
            if not candidate.kind.is_carre and cards < frozenset(candidate.cards):
                return (
                    f"not a maximal run: {' '.join(PIQUET_NOTATION.pretty(c) for c in combo.cards)}"
                    f" is part of the {describe(candidate).replace(':', '', 1)} "
                    "(runs are never split, BE-10.1)"
                )
    for earlier in already_declared:
        if earlier.seat != combo.seat:
            continue
        earlier_cards = frozenset(earlier.cards)
        if earlier_cards == cards:
            return f"already declared: {describe(combo)}"
        shared = cards & earlier_cards
        if shared and not card_reuse:
            first = PIQUET_NOTATION.pretty(min(shared, key=lambda c: combo.cards.index(c)))
            return (
                f"shares {first} with the {earlier.kind.label} already declared "
                "(declaration_card_reuse is off, BE-10.2)"
            )
    return None


def declaration_key(combo: Combination, contract: Contract) -> DeclarationKey:
    """The comparison key of BE-10.4 (larger is better).

    1. any carré beats any sequence; 2. carrés J > 9 > A > 10 > K > Q; 3. a longer sequence beats a
    shorter one (actual run length: a 6-card quinte beats a 5-card one); 4. equal length: the higher
    top card in natural order; 5. equal length and top: a sequence in the trump suit beats a plain
    one, in suit contracts only. Equal keys are an exact tie (step 6, see :func:`best_team`).

    >>> from tarotlib.core.cards import parse_cards
    >>> queens = Combination(0, CombinationKind.CARRE_QUEENS, parse_cards("QS QH QD QC"))
    >>> quinte = Combination(1, CombinationKind.QUINTE, parse_cards("AH KH QH JH TH"))
    >>> declaration_key(queens, Contract.HEARTS) > declaration_key(quinte, Contract.HEARTS)
    True
    """
    if combo.kind.is_carre:
        return (1, _CARRE_STRENGTH[combo.kind], 0, 0)  # BE-10.4 steps 1, 2
    top = max(_NATURAL_INDEX[c % 14 + 1] for c in combo.cards)
    suit = combo.cards[0] // 14
    in_trump = 1 if contract.is_suit and suit == contract.value else 0  # BE-10.4 step 5
    return (0, len(combo.cards), top, in_trump)  # BE-10.4 steps 3, 4


def team_best(
    declared: Iterable[Combination], contract: Contract
) -> tuple[DeclarationKey | None, DeclarationKey | None]:
    """Each team's best declaration key (None for a team that declared nothing; BE-10.4).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> attack = combinations(card_mask(parse_cards("KS QS JS TS 7H 8D 9D 7C")), seat=0)
    >>> team_best(attack, Contract.HEARTS)
    ((0, 4, 6, 0), None)
    """
    best: list[DeclarationKey | None] = [None, None]
    for combo in declared:
        key = declaration_key(combo, contract)
        current = best[combo.team]
        if current is None or key > current:
            best[combo.team] = key
    return best[0], best[1]


def best_team(
    declared: Sequence[Combination],
    contract: Contract,
    tie: str = "none",
    first_declarer: int | None = None,
) -> int | None:
    """The team (0 or 1) whose declarations score, or None if nobody's do (BE-10.4).

    Each team's single best declaration is compared with :func:`declaration_key`. A team that
    declared nothing loses to any declaration; nobody scores when nothing was declared. An exact tie
    (step 6) follows option ``declaration_tie``: ``"none"`` — neither team scores (None);
    ``"first_announcer"`` — the team of ``first_declarer``, the seat that declared first in the first
    trick (required then, else ValueError).

    >>> from tarotlib.core.cards import parse_cards
    >>> a = Combination(0, CombinationKind.TIERCE, parse_cards("KS QS JS"))
    >>> b = Combination(1, CombinationKind.TIERCE, parse_cards("KD QD JD"))
    >>> best_team([a, b], Contract.SPADES), best_team([a, b], Contract.HEARTS)
    (0, None)
    >>> best_team([a, b], Contract.HEARTS, tie="first_announcer", first_declarer=3)
    1
    """
    if tie not in _TIES:
        raise ValueError(f"tie must be one of {', '.join(_TIES)} (declaration_tie), got {tie!r}")
    key0, key1 = team_best(declared, contract)
    if key0 is None and key1 is None:
        return None
    if key1 is None or (key0 is not None and key0 > key1):
        return 0
    if key0 is None or key1 > key0:
        return 1
    # BE-10.4 step 6: still equal
    if tie == "none":
        return None
    if isinstance(first_declarer, bool) or first_declarer not in (0, 1, 2, 3):
        raise ValueError(
            "declaration_tie='first_announcer' needs first_declarer, the seat (0-3) that declared "
            f"first in the first trick, to break an exact tie; got {first_declarer!r} (BE-10.4)"
        )
    return first_declarer & 1


def auto_choice(combos: tuple[Combination, ...], reuse: bool) -> tuple[Combination, ...]:
    """``auto_declare``'s order (BE-10.3): every combination; without card reuse, the carrés first
    (the higher points), then the sequences (those sharing a card with a carré are then refused).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> combos = combinations(card_mask(parse_cards("JS QS KS JH JD JC 7C 8C")), seat=0)
    >>> [c.kind.token for c in auto_choice(combos, reuse=False)]
    ['carre-jacks', 'tierce']
    """
    if reuse:
        return combos
    return tuple(sorted(combos, key=lambda c: (not c.kind.is_carre, -c.points)))
