"""Counting and settling a Chambéry deal as pure functions, each with a readable breakdown: the
contracts (CH-8.1), the dealer's call when nobody bids (CH-10.2, :func:`dealer_call`), a seat's or
a side's points (CH-5.4), the settlement of the games with two sides (CH-13 – CH-15) and of the
three-player games (CH-16). The settlements take what a table writes down (the sides' or the
players' points) and refuse a combination the rules forbid, saying why.

CH-E3: a King call won 47–21 in the 5-player game; the dealer takes the odd point.

>>> from tarotlib.variants.chambery.facts import config
>>> settle_two_sides((47, 21), config=config(5), contract=Contract.KING_CALL, declarer=0,
...                  partner=3, active=(0, 1, 2, 3, 4), players=5).scores
(20, -13, -13, 19, -13)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, Literal

import attrs

from tarotlib.core.cards import Card, card_mask, cards_of
from tarotlib.core.results import DealResult
from tarotlib.core.text import seat_line, seat_list, signed
from tarotlib.deal import HONOUR_TIERS
from tarotlib.errors import ScoringError
from tarotlib.variants.chambery.facts import Config, card_points

__all__ = [
    "Contract",
    "DealerCall",
    "ThreePlayerScore",
    "TwoSideScore",
    "dealer_call",
    "seat_points",
    "settle_three",
    "settle_two_sides",
]


class Contract(enum.IntEnum):
    """The contracts, weakest first (CH-8.1): the two-card, one-card and hand solos; and when
    nobody bids (CH-10), never bid: the dealer's King call, or under ``call_fallback = alone`` the
    dealer playing alone against all the others, settled like a solo ×1 (CH-10.2).

    >>> [c.token for c in Contract], Contract.parse("one-card").requests, Contract.HAND.multiplier
    (['alone', 'king-call', 'two-card', 'one-card', 'hand'], 1, 4)
    """

    ALONE = -1
    KING_CALL = 0
    TWO_CARD = 1
    ONE_CARD = 2
    HAND = 3

    @property
    def token(self) -> str:
        """The contract in action texts (``bid two-card``)."""
        return _TOKENS[self]

    @property
    def label(self) -> str:
        """The contract in messages and results."""
        return _LABELS[self]

    @property
    def requests(self) -> int:
        """CH-9.1: the cards the soloist requests: 2, 1, none (none in a King call)."""
        return {Contract.TWO_CARD: 2, Contract.ONE_CARD: 1}.get(self, 0)

    @property
    def multiplier(self) -> int:
        """CH-14.3: King call ×1, two-card solo ×1, one-card solo ×2, hand solo ×4; the dealer
        alone ×1 (CH-10.2)."""
        return _MULTIPLIERS[self]

    @classmethod
    def parse(cls, text: str) -> Contract:
        """The contract written ``text`` (``two-card``, ``one-card``, ``hand``; ``solo`` may
        follow).

        >>> Contract.parse("hand solo"), Contract.parse("2")
        (<Contract.HAND: 3>, <Contract.TWO_CARD: 1>)
        >>> Contract.parse("garde")
        Traceback (most recent call last):
            ...
        ValueError: unknown contract 'garde'; expected two-card, one-card or hand (CH-8.1)
        """
        key = text.strip().lower().replace("_", "-").replace(" ", "-").removesuffix("-solo")
        found = _PARSE.get(key)
        if found is None:
            raise ValueError(
                f"unknown contract {text!r}; expected two-card, one-card or hand (CH-8.1)"
            )
        return found


_TOKENS: Final = {
    Contract.ALONE: "alone",
    Contract.KING_CALL: "king-call",
    Contract.TWO_CARD: "two-card",
    Contract.ONE_CARD: "one-card",
    Contract.HAND: "hand",
}
_LABELS: Final = {
    Contract.ALONE: "dealer alone",
    Contract.KING_CALL: "King call",
    Contract.TWO_CARD: "two-card solo",
    Contract.ONE_CARD: "one-card solo",
    Contract.HAND: "hand solo",
}
_MULTIPLIERS: Final = {
    Contract.ALONE: 1,
    Contract.KING_CALL: 1,
    Contract.TWO_CARD: 1,
    Contract.ONE_CARD: 2,
    Contract.HAND: 4,
}
_PARSE: Final = {
    "two-card": Contract.TWO_CARD,
    "2": Contract.TWO_CARD,
    "one-card": Contract.ONE_CARD,
    "1": Contract.ONE_CARD,
    "hand": Contract.HAND,
    "0": Contract.HAND,
}


_RANKS: Final = ("King", "Queen", "Cavalier", "Jack")


@attrs.frozen
class DealerCall:
    """The dealer's call when nobody bid (CH-10): the ``cards`` he may call (one of them), the
    ``rank`` they are (``King``, then ``Queen``, ``Cavalier``, ``Jack``, CH-10.2), or, with none
    to call, ``alone``: he plays alone against all the others (``call_fallback = alone``).

    >>> from tarotlib.core.cards import parse_cards
    >>> call = dealer_call(parse_cards("KS KD 2C"))
    >>> [c.text for c in call.cards], call.rank, call.alone, call.contract
    (['KH', 'KC'], 'King', False, <Contract.KING_CALL: 0>)
    """

    cards: tuple[Card, ...]
    rank: str | None
    alone: bool
    held: tuple[str, ...] = ()
    """The ranks the dealer holds entirely (his discard counting as held), which send the call
    down to the next one (CH-10.2)."""

    @property
    def contract(self) -> Contract:
        """:attr:`Contract.KING_CALL`, or :attr:`Contract.ALONE` when the dealer plays alone.

        >>> from tarotlib.core.cards import parse_cards
        >>> dealer_call(parse_cards("KS KH KD KC QS QH QD QC"), call_fallback="alone").contract
        <Contract.ALONE: -1>
        """
        return Contract.ALONE if self.alone else Contract.KING_CALL

    def line(self) -> str:
        """The call explained.

        >>> from tarotlib.core.cards import parse_cards
        >>> print(dealer_call(parse_cards("KS KH KD KC QS")).line())
        the dealer holds every King: he calls a Queen he does not hold: QH, QD or QC (CH-10.2)
        """
        holds = f"the dealer holds every {', '.join(self.held)}: " if self.held else ""
        if self.alone:
            return f"{holds}he plays alone against all the others (CH-10.2 call_fallback='alone')"
        names = [c.text for c in self.cards]
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        rule = "CH-10.2" if self.held else "CH-10.1"
        verb = "he calls" if self.held else "the dealer calls"
        return f"{holds}{verb} a {self.rank} he does not hold: {listed} ({rule})"


def dealer_call(
    hand: Sequence[int] | int,
    discard: Sequence[int] | int = 0,
    *,
    call_fallback: Literal["queen_cavalier_jack", "alone"] = "queen_cavalier_jack",
) -> DealerCall:
    """CH-10.1, CH-10.2: the cards the dealer may call when nobody bid, from his ``hand`` and his
    ``discard`` (cards, or a mask; a card of his discard counts as held): a King he does not hold;
    holding all four, a Queen; then, under ``call_fallback = 'queen_cavalier_jack'``, a Cavalier,
    then a Jack; under ``'alone'``, with no Queen to call he plays alone. The engine's King call
    offers exactly these cards.

    CH-E3: the dealer holds KS and KD and calls KH or KC.

    >>> from tarotlib.core.cards import parse_cards
    >>> [c.text for c in dealer_call(parse_cards("KS KD QH 1S")).cards]
    ['KH', 'KC']
    >>> kings_queens = parse_cards("KS KH KD KC QS QH QD")
    >>> [c.text for c in dealer_call(kings_queens, parse_cards("QC")).cards]   # QC laid aside
    ['NS', 'NH', 'ND', 'NC']
    >>> dealer_call(kings_queens, parse_cards("QC"), call_fallback="alone").alone
    True
    """
    if call_fallback not in ("queen_cavalier_jack", "alone"):
        raise ScoringError(
            "call_fallback must be 'queen_cavalier_jack' or 'alone' (CH-10.2), got "
            f"{call_fallback!r}"
        )
    held = _mask("hand", hand) | _mask("discard", discard)
    tiers = HONOUR_TIERS if call_fallback == "queen_cavalier_jack" else HONOUR_TIERS[:2]
    for index, tier in enumerate(tiers):
        free = tier & ~held
        if free:
            return DealerCall(cards_of(free), _RANKS[index], False, _RANKS[:index])
    return DealerCall((), None, True, _RANKS[: len(tiers)])


def _mask(name: str, cards: Sequence[int] | int) -> int:
    if isinstance(cards, int) and not isinstance(cards, bool):
        if cards < 0:
            raise ScoringError(f"{name} must be cards or a card mask, got {cards!r}")
        return cards
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise ScoringError(
            f"{name} must be cards (parse_cards reads them) or a mask, got {cards!r}"
        )
    return card_mask(cards)


def seat_points(
    pile: int, tricks: int, discard: int, owns_discard: bool, discard_point: int
) -> int:
    """CH-5.4 for one seat: the card points of its pile (and of the discard if it owns it), one
    point per trick won (CH-5.2), and the discard point if it owns the discard (CH-5.3).

    CH-E1: the soloist's 35 cards in 7 tricks count 24 + 7 = 31.

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> seat_points(card_mask(parse_cards("T21 T1 KS KD QH NC NS JD 2S 3S")), 7, 0, False, 1)
    31
    """
    points = card_points(pile) + tricks
    if owns_discard:
        points += card_points(discard) + discard_point
    return points


def _halves(amount: int) -> tuple[int, int]:
    """CH-15.2, CH-15.3: ``amount`` shared, the dealer taking (or paying) the odd point."""
    return (amount + 1) // 2, amount // 2


@attrs.frozen
class TwoSideScore:
    """A deal with two sides settled (CH-13 – CH-15): the ``points`` of the declarer's side and of
    the opponents, the ``contract`` and whether the declarer (the dealer in a King call) has a
    ``partner``, the winning side (0 declarer's, 1 opponents', None a draw), the base ``f0``, the
    ``doubled`` flag, ``f`` and each seat's ``scores``.

    >>> from tarotlib.variants.chambery.facts import config
    >>> s = settle_two_sides((31, 37), config=config(5), contract=Contract.TWO_CARD, declarer=2,
    ...                      partner=-1, active=(0, 1, 2, 3, 4), players=5)
    >>> s.f, s.scores, s.lines()[-1]   # CH-E1
    (3, (3, 3, -12, 3, 3), 'seat 2 pays 3 to each of 4 opponents: −12 (CH-15.1)')
    """

    config: str
    total: int
    half: int
    threshold: int
    points: tuple[int, int]
    contract: Contract
    declarer: int
    partner: int
    opponents: tuple[int, ...]
    winner: int | None
    f0: int
    doubled: bool
    f: int
    scores: tuple[int, ...]
    notes: tuple[str, ...] = ()

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown:
        the contract's label, the declarer, whether his side won (None for a draw) — what the
        engine gives, and what a :class:`~tarotlib.match.Match` takes.

        >>> from tarotlib.variants.chambery.facts import config
        >>> result = settle_two_sides((47, 21), config=config(5), contract=Contract.KING_CALL,
        ...                           declarer=0, partner=3, active=range(5), players=5).result()
        >>> result.scores, result.contract, result.declarer, result.made
        ((20, -13, -13, 19, -13), 'King call', 0, True)
        """
        made = None if self.winner is None else self.winner == 0
        return DealResult(
            self.scores,
            breakdown=self,
            contract=self.contract.label,
            declarer=self.declarer,
            made=made,
        )

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> from tarotlib.variants.chambery.facts import config
        >>> s = settle_two_sides((53, 15), config=config(5), contract=Contract.HAND, declarer=1,
        ...                      partner=-1, active=range(5), players=5)
        >>> s.lines()[1]   # CH-E5
        'F₀ = 53 − 34 = 19, ×4 for the hand solo, ×2 as the losers have 15 < 17: F = 152 (CH-14)'
        """
        mine, theirs = self.points
        who = f"seat {self.declarer}" + (f" and seat {self.partner}" if self.partner >= 0 else "")
        out = [
            *self.notes,
            f"{self.contract.label}: {who} {mine}, opponents {theirs} (total {self.total}, CH-5.6)",
        ]
        if self.winner is None:
            out.append(f"{mine}–{theirs}: a draw, nobody pays (CH-14.1)")
            return tuple(out)
        w, lose = (mine, theirs) if self.winner == 0 else (theirs, mine)
        if self.contract is Contract.ALONE:
            out.append("the dealer plays alone, settled like a solo ×1 (CH-10.2)")
        steps = f"F₀ = {w} − {self.half} = {self.f0}"
        if self.contract.multiplier > 1:
            steps += f", ×{self.contract.multiplier} for the {self.contract.label}"
        if self.doubled:
            steps += f", ×2 as the losers have {lose} < {self.threshold}"
        out.append(f"{steps}: F = {self.f} (CH-14)")
        k = len(self.opponents)
        total = k * self.f
        if self.partner >= 0:
            dealer, partner = _halves(total)
            if self.winner == 0:
                out.append(
                    f"each opponent pays {self.f}: dealer {signed(dealer)}, partner "
                    f"{signed(partner)} (CH-15.2)"
                )
            else:
                out.append(
                    f"each opponent receives {self.f}: dealer {signed(-dealer)}, partner "
                    f"{signed(-partner)} (CH-15.3)"
                )
        elif self.winner == 0:
            out.append(
                f"each of {k} opponents pays {self.f} to seat {self.declarer}: "
                f"{signed(total)} (CH-15.1)"
            )
        else:
            out.append(
                f"seat {self.declarer} pays {self.f} to each of {k} opponents: "
                f"{signed(-total)} (CH-15.1)"
            )
        return tuple(out)


def _seat(name: str, value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ScoringError(f"{name} must be a seat 0..{players - 1}, got {value!r}")
    return value


def settle_two_sides(
    points: tuple[int, int],
    *,
    config: Config,
    contract: Contract,
    declarer: int,
    partner: int,
    active: Sequence[int],
    players: int,
    notes: Sequence[str] = (),
    dealer: int | None = None,
) -> TwoSideScore:
    """CH-14, CH-15: ``points`` = (declarer's side, opponents), which total ``config.total``.
    ``declarer`` is the soloist, or the dealer in a King call with his ``partner`` (the called
    card's holder) or when he plays alone (:attr:`Contract.ALONE`, CH-10.2 ``alone``; ``partner``
    -1); ``active`` the seats in play (with 6 seated, the dealer's right sits out and scores 0,
    CH-2.3); ``dealer``, when given, is checked: the declarer of a King call, and with 6 players
    the seat on his right sits out.

    Everything is checked, and a :class:`~tarotlib.errors.ScoringError` says what is wrong: the
    points not totalling T (CH-13.2), a seat twice, the wrong number of active seats (the sitter
    among them, CH-2.3), a declarer or partner not in play, a partner in a solo or none in a King
    call (CH-10.1, CH-13.1).

    CH-E4 (a King call lost 27–41): the dealer −11, the partner −10.

    >>> from tarotlib.variants.chambery.facts import config
    >>> settle_two_sides((27, 41), config=config(5), contract=Contract.KING_CALL, declarer=0,
    ...                  partner=3, active=range(5), players=5).scores
    (-11, 7, 7, -10, 7)
    >>> settle_two_sides((34, 34), config=config(6), contract=Contract.HAND, declarer=0,
    ...                  partner=-1, active=range(6), players=6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: 6 seats are active; a 6p deal has 5 in play (with 6 seated, ...)
    """
    if not isinstance(config, Config):
        raise ScoringError(f"config must be a Chambéry Config (facts.config), got {config!r}")
    if not config.two_sides:
        raise ScoringError(
            f"a {config.name} deal has no sides: settle it with settle_three (CH-13.1, CH-16)"
        )
    if players != config.seated:
        raise ScoringError(
            f"players must be {config.seated} for a {config.name} deal, got {players!r}"
        )
    if not isinstance(contract, Contract):
        raise ScoringError(f"contract must be a Contract, got {contract!r}")
    if (
        isinstance(points, str | bytes)
        or not isinstance(points, Sequence)
        or len(points) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in points)
    ):
        raise ScoringError(
            f"points must be two whole numbers (the declarer's side, the opponents), got {points!r}"
        )
    mine, theirs = points
    if mine + theirs != config.total:
        raise ScoringError(
            f"the sides' points {mine} and {theirs} total {mine + theirs}; a {config.name} deal "
            f"totals {config.total} (CH-5.6, CH-13.2)"
        )
    if isinstance(active, str | bytes) or not isinstance(active, Sequence | range):
        raise ScoringError(f"active must be the seats in play, got {active!r}")
    seats = [_seat("an active seat", seat, players) for seat in active]
    if len(set(seats)) != len(seats):
        raise ScoringError(f"active lists a seat twice: {list(active)}")
    if len(seats) != config.active:
        why = " (with 6 seated, the dealer's right sits out, CH-2.3)" if players == 6 else ""
        raise ScoringError(
            f"{len(seats)} seats are active; a {config.name} deal has {config.active} in play{why}"
        )
    if dealer is not None:
        _seat("dealer", dealer, players)
        sitter = (dealer + 1) % players if players == 6 else -1
        if sitter in seats:
            raise ScoringError(
                f"seat {sitter} sits this deal out (the dealer's right, CH-2.3): it is not in play"
            )
    _seat("declarer", declarer, players)
    if dealer is not None and players == 6 and declarer == (dealer + 1) % players:
        raise ScoringError(
            f"seat {declarer} sits this deal out (the dealer's right, CH-2.3): it cannot be the "
            "declarer"
        )
    if declarer not in seats:
        raise ScoringError(f"the declarer (seat {declarer}) is not in play (active: {seats})")
    if (
        contract in (Contract.KING_CALL, Contract.ALONE)
        and dealer is not None
        and declarer != dealer
    ):
        raise ScoringError(
            f"in a {contract.label} the dealer (seat {dealer}) is the declarer, not seat "
            f"{declarer} (CH-10.1)"
        )
    if contract is Contract.KING_CALL:
        if partner == -1:
            raise ScoringError(
                "a King call has a partner, the called card's holder (CH-10.1); the dealer "
                "playing alone is Contract.ALONE (CH-10.2)"
            )
        _seat("partner", partner, players)
        if partner == declarer or partner not in seats:
            raise ScoringError(
                f"the partner of a King call is another player in play, the called card's holder "
                f"(CH-10.1); got seat {partner}"
            )
    elif partner != -1:
        who = "the dealer alone" if contract is Contract.ALONE else "a solo"
        raise ScoringError(
            f"{who} has no partner (CH-10.2, CH-13.1): give partner=-1, got {partner!r}"
        )
    return _settled(points, config, contract, declarer, partner, seats, players, tuple(notes))


def _settled(
    points: tuple[int, int],
    config: Config,
    contract: Contract,
    declarer: int,
    partner: int,
    seats: Sequence[int],
    players: int,
    notes: tuple[str, ...],
) -> TwoSideScore:
    """CH-14, CH-15: the settlement of :func:`settle_two_sides` once its arguments are checked
    (the engine's facts are right by construction: it calls this directly, and the oracle
    checks its results independently)."""
    mine, theirs = points
    side = {declarer} | ({partner} if partner >= 0 else set())
    opponents = tuple(s for s in seats if s not in side)
    h, q = config.half, config.threshold
    scores = [0] * players
    if mine == theirs == h:  # CH-14.1
        return TwoSideScore(
            config.name, config.total, h, q, (mine, theirs), contract, declarer, partner,
            opponents, None, 0, False, 0, tuple(scores), notes,
        )  # fmt: skip
    winner = 0 if mine > theirs else 1
    w = max(mine, theirs)
    lose = config.total - w
    f0 = w - h  # CH-14.2
    doubled = lose < q  # CH-14.3: a strict <
    f = f0 * contract.multiplier * (2 if doubled else 1)
    sign = 1 if winner == 0 else -1
    for s in opponents:
        scores[s] = -sign * f  # CH-15.1 – CH-15.3: each opponent pays or receives F
    total = len(opponents) * f
    if partner >= 0:
        dealer_share, partner_share = _halves(total)  # CH-15.2, CH-15.3: the odd point
        scores[declarer] = sign * dealer_share
        scores[partner] = sign * partner_share
    else:
        scores[declarer] = sign * total
    return TwoSideScore(
        config.name, config.total, h, q, (mine, theirs), contract, declarer, partner, opponents,
        winner, f0, doubled, f, tuple(scores), notes,
    )  # fmt: skip


Sharing = Literal["dm", "top_scorer_takes_excess"]


@attrs.frozen
class ThreePlayerScore:
    """A three-player deal settled (CH-16): each seat's ``points``, difference ``d`` from the par
    ``half``, multiplier ``m`` and ``scores``.

    >>> s = settle_three((45, 21, 12), half=26)   # CH-E7
    >>> s.d, s.m, s.scores
    ((19, -5, -14), (1, 1, 2), (33, -5, -28))
    """

    config: str
    half: int
    points: tuple[int, ...]
    d: tuple[int, ...]
    m: tuple[int, ...]
    sharing: Sharing
    scores: tuple[int, ...]
    notes: tuple[str, ...] = ()

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown
        (what the engine gives, and what a :class:`~tarotlib.match.Match` takes).

        >>> settle_three((45, 21, 12), half=26).result().scores   # CH-E7
        (33, -5, -28)
        """
        return DealResult(self.scores, breakdown=self)

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> settle_three((35, 31, 12), half=26).lines()[-1]   # CH-E7
        'settlement: seat 0 +18, seat 1 +10, seat 2 −28 (CH-16.3)'
        """
        out = [*self.notes]
        for seat, (p, d, m) in enumerate(zip(self.points, self.d, self.m, strict=True)):
            line = f"{p} points, {p} − {self.half} = {signed(d)}"
            if d < 0:
                doubled = f" × 2 (below {self.half // 2}) = {-d * m}" if m == 2 else ""
                line += f", pays {-d}{doubled} (CH-16.1, CH-16.2)"
            out.append(seat_line(seat, line))
        out.append(
            f"settlement: {seat_list(self.scores)}"
            + (" (CH-16.3)" if self.sharing == "dm" else " (CH-16.3 top_scorer_takes_excess)")
        )
        return tuple(out)


def settle_three(
    points: Sequence[int],
    *,
    half: int,
    sharing: Sharing = "dm",
    config: str = "3p",
    notes: Sequence[str] = (),
) -> ThreePlayerScore:
    """CH-16: each player's difference ``d = p − half``; a player below ``half / 2`` has ``m = 2``;
    each loser pays ``|d| × m``. One winner takes every payment; two winners each receive
    ``d × m`` of the loser (``dm``), or ``d`` each with the doubling's excess to the one with more
    points, split when they tie (``top_scorer_takes_excess``).

    CH-E7 (simplifié, par 24):

    >>> settle_three((35, 26, 11), half=24).scores, settle_three((30, 30, 12), half=24).scores
    ((22, 4, -26), (6, 6, -12))
    >>> settle_three((35, 31, 12), half=26, sharing="top_scorer_takes_excess").scores
    (23, 5, -28)
    """
    if sharing not in ("dm", "top_scorer_takes_excess"):
        raise ScoringError(
            f"sharing must be 'dm' or 'top_scorer_takes_excess' (CH-16.3), got {sharing!r}"
        )
    if isinstance(half, bool) or not isinstance(half, int) or half < 1:
        raise ScoringError(f"half must be the par, a positive whole number, got {half!r}")
    if (
        isinstance(points, str | bytes)
        or not isinstance(points, Sequence)
        or len(points) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in points)
    ):
        raise ScoringError(f"points must be three whole numbers, one per player, got {points!r}")
    pts = tuple(points)
    if sum(pts) != 3 * half:
        raise ScoringError(
            f"the players' points total {sum(pts)} ({' + '.join(map(str, pts))}); with a par of "
            f"{half} a deal totals {3 * half} (CH-5.6)"
        )
    d = tuple(p - half for p in pts)
    m = tuple(2 if p < half / 2 else 1 for p in pts)  # CH-16.1: strictly below half of par
    scores = [0] * len(pts)
    paid = 0
    for s, (ds, ms) in enumerate(zip(d, m, strict=True)):
        if ds < 0:  # CH-16.2
            scores[s] = ds * ms
            paid -= ds * ms
    winners = [s for s, ds in enumerate(d) if ds > 0]
    if len(winners) == 1:  # CH-16.3: he receives every payment
        scores[winners[0]] = paid
    elif len(winners) == 2:
        loser = next(s for s, ds in enumerate(d) if ds < 0)
        if sharing == "dm":
            for s in winners:
                scores[s] = d[s] * m[loser]
        else:
            for s in winners:
                scores[s] = d[s]
            excess = paid - sum(d[s] for s in winners)
            a, b = winners
            if pts[a] == pts[b]:
                scores[a] += excess // 2
                scores[b] += excess - excess // 2
            else:
                scores[a if pts[a] > pts[b] else b] += excess
    return ThreePlayerScore(config, half, pts, d, m, sharing, tuple(scores), tuple(notes))
