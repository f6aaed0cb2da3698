"""Scoring Tarocc'Ombre and Ombra arrabiata as pure functions (TO-9, TO-23, TO-24, TO-35, TO-36,
TO-7.3): what was written down at the table (:class:`OmbreSummary`) in, every term of the formula
and each seat's score (:class:`OmbreScore`) out.

LO-E7: *due* in Tarocc'Ombre with p = 45: a win, G = 2 + floor(9/5) = 3 from each opponent.

>>> score = score_deal(OmbreSummary(players=3, contract=Contract.DUE, declarer=0, points=45))
>>> score.won, score.G, score.scores
(True, 3, (6, -3, -3))
>>> print(score)
due by seat 0: base 2
declarer's 45 points: wins (36 needed)
G = base 2 + extra 1 (a point for each full 5 of 45 − 36 = 9) = 3
seat 0 (declarer): +6
seat 1: −3
seat 2: −3
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from tarotlib.core.results import DealResult
from tarotlib.core.text import seat_lines
from tarotlib.errors import ScoringError

__all__ = [
    "BASES",
    "PACK_POINTS",
    "Contract",
    "OmbreScore",
    "OmbreSummary",
    "cappotto_bonus",
    "extra",
    "score_deal",
    "threshold",
]


class Contract(enum.IntEnum):
    """The three contracts, weakest first (TO-5.1): *due* (two exchanges), *una* (one), *niente*
    (none).

    >>> [c.token for c in Contract], Contract.parse("Una"), Contract.NIENTE.exchanges
    (['due', 'una', 'niente'], <Contract.UNA: 2>, 0)
    """

    DUE = 1
    UNA = 2
    NIENTE = 3

    @property
    def token(self) -> str:
        """The contract in action texts (``bid una``)."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The contract in messages and results."""
        return self.name.lower()

    @property
    def exchanges(self) -> int:
        """The declarer's exchanges (TO-6.1): due 2, una 1, niente 0."""
        return 3 - int(self)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """The contract written ``text`` (``due``, ``una``, ``niente``).

        >>> Contract.parse("tutto")
        Traceback (most recent call last):
            ...
        ValueError: unknown contract 'tutto'; expected due, una or niente (TO-5.1)
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(
                f"unknown contract {text!r}; expected due, una or niente (TO-5.1)"
            ) from None


BASES: Final = {3: (2, 3, 4), 4: (4, 5, 6), 5: (4, 5, 6), 7: (4, 5, 6)}
"""The base of due, una, niente by number of players (TO-5.1, TO-23, TO-35.3)."""

PACK_POINTS: Final = {3: 70, 4: 66, 5: 71, 7: 71}
"""What the whole pack counts, by number of players (LO-5.7: 70 in Tarocc'Ombre for 3, TO-2; 66 in
Ombra arrabiata, TO-21; 71 with 5 or 7, TO-31): no side's pile counts more."""


def threshold(players: int, win_threshold: int = 36) -> int:
    """The points the declarer's side needs to win: 36 (TO-9.2), 34 in Ombra arrabiata (TO-23),
    ``win_threshold`` with 5 and 7 (TO-35.2).

    >>> threshold(3), threshold(4), threshold(5), threshold(7, 35)
    (36, 34, 36, 35)
    """
    if players == 3:
        return 36
    if players == 4:
        return 34
    return win_threshold


def cappotto_bonus(players: int) -> int:
    """The cappotto bonus: 3 in 3 players (TO-9.5), 4 otherwise (TO-23, TO-35.3).

    >>> cappotto_bonus(3), cappotto_bonus(4), cappotto_bonus(7)
    (3, 4, 4)
    """
    return 3 if players == 3 else 4


def extra(players: int, p: int, *, win_threshold: int = 36, banding: str = "from_threshold") -> int:
    """The extra game points of the band of ``p`` (TO-9.3, TO-23, TO-35.3), each formula applied
    only on its own branch (numerators never negative).

    >>> [extra(3, p) for p in (0, 5, 6, 35, 36, 40, 41, 70)]      # TO-9.4
    [7, 6, 5, 0, 0, 0, 1, 6]
    >>> [extra(4, p) for p in (3, 4, 33, 34, 38, 39, 66)]         # TO-23
    [6, 5, 0, 0, 0, 1, 6]
    >>> extra(4, 38, banding="from_33"), extra(5, 71)             # TO-23 from_33; TO-35.3
    (1, 7)
    """
    w = threshold(players, win_threshold)
    if p >= w:
        start = 33 if players == 4 and banding == "from_33" else w
        return (p - start) // 5
    return (w - 1 - p) // 5


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class OmbreSummary:
    """A deal as written down at the table.

    - ``players``: 3, 4 (Ombra arrabiata), 5 or 7;
    - ``contract``, ``declarer``; ``partner`` (5/7 players, due and una only, TO-34.1; -1: alone);
    - ``points``: p, the declarer's side counted as one pile (LO-5.6, TO-9.1, TO-23, TO-35.1);
      ``others``: the other side's points, counted separately (for display, LO-5.7), or None;
    - ``cappotto``: the declarer's side won every trick (LO-7.10 applied);
      ``no_trick``: it won none (for ``reverse_cappotto``, TO-9.5);
    - ``conceded``: the declarer conceded (TO-7; then ``points`` is None), ``dealer`` (-1: not
      given; a concession needs it, TO-7.1, and ``concession_payment = dealer_only`` pays him),
      ``dealer_bid``: whether the dealer bid during the auction (None: not given; TO-7.1);
    - the options that change the score: ``win_threshold``, ``banding``, ``reverse_cappotto``,
      ``concession_payment``.

    Every field is checked, and a combination the rules forbid is refused with a
    :class:`~tarotlib.errors.ScoringError` saying why: a concession by the dealer, or after the
    dealer passed throughout (TO-7.1), a partner for a *niente* declarer (TO-34.1), a cappotto lost,
    more points than the pack holds (LO-5.7).

    >>> OmbreSummary(players=3, contract=Contract.UNA, declarer=1, points=None)
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: a deal played to the end needs the declarer's points
    >>> OmbreSummary(players=3, contract=Contract.DUE, declarer=0, dealer=0, points=None,
    ...              conceded=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: the dealer (seat 0) is the declarer: he may not concede (TO-7.1: ...)
    """

    players: int
    contract: Contract
    declarer: int
    points: int | None
    partner: int = -1
    others: int | None = None
    cappotto: bool = False
    no_trick: bool = False
    conceded: bool = False
    dealer: int = -1
    win_threshold: int = 36
    banding: str = "from_threshold"
    reverse_cappotto: bool = False
    concession_payment: str = "each_opponent"
    dealer_bid: bool | None = None

    def __attrs_post_init__(self) -> None:
        n = self.players
        if not _whole(n) or n not in BASES:
            raise ScoringError(f"players must be 3, 4, 5 or 7, got {n!r}")
        if not isinstance(self.contract, Contract):
            raise ScoringError(
                f"contract must be a Contract (DUE, UNA or NIENTE; Contract.parse reads names), "
                f"got {self.contract!r}"
            )
        if not _whole(self.declarer) or not 0 <= self.declarer < n:
            raise ScoringError(f"declarer must be a seat 0..{n - 1}, got {self.declarer!r}")
        if not _whole(self.partner) or not -1 <= self.partner < n:
            raise ScoringError(
                f"partner must be a seat 0..{n - 1} or -1 (alone), got {self.partner!r}"
            )
        if not _whole(self.dealer) or not -1 <= self.dealer < n:
            raise ScoringError(
                f"dealer must be a seat 0..{n - 1} or -1 (not given), got {self.dealer!r}"
            )
        for name in ("cappotto", "no_trick", "conceded", "reverse_cappotto"):
            if not isinstance(getattr(self, name), bool):
                raise ScoringError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.dealer_bid is not None and not isinstance(self.dealer_bid, bool):
            raise ScoringError(f"dealer_bid must be True, False or None, got {self.dealer_bid!r}")
        if self.win_threshold not in (35, 36) or isinstance(self.win_threshold, bool):
            raise ScoringError(
                f"win_threshold must be 36 or 35 (TO-35.2), got {self.win_threshold!r}"
            )
        if self.banding not in ("from_threshold", "from_33"):
            raise ScoringError(
                f"banding must be 'from_threshold' or 'from_33' (TO-23), got {self.banding!r}"
            )
        if self.concession_payment not in ("each_opponent", "dealer_only"):
            raise ScoringError(
                "concession_payment must be 'each_opponent' or 'dealer_only' (TO-7.3), got "
                f"{self.concession_payment!r}"
            )
        if self.partner >= 0:
            if n not in (5, 7) or self.partner == self.declarer:
                raise ScoringError("a partner is called only with 5 or 7 players, and not oneself")
            if self.contract is Contract.NIENTE:
                raise ScoringError(
                    f"a niente declarer plays alone (TO-34.1); got partner seat {self.partner}"
                )
        if self.conceded:
            self._check_concession()
            return
        if self.points is None:
            raise ScoringError("a deal played to the end needs the declarer's points")
        self._check_points()

    def _check_concession(self) -> None:
        """TO-7.1: only a declarer other than the dealer, once the dealer has bid; no cards are
        played (TO-7.3), so the declarer has no partner (TO-36) and nothing was counted."""
        if self.points is not None or self.others is not None:
            raise ScoringError("a conceded deal is not played: it has no points")
        if self.cappotto or self.no_trick:
            raise ScoringError("a conceded deal is not played: no cappotto, no trick (TO-7.3)")
        if self.partner >= 0:
            raise ScoringError(
                "a declarer who concedes has no partner: he concedes before the call (TO-36)"
            )
        rule = "TO-7.1: only a declarer other than the dealer may, once the dealer has bid"
        if self.dealer < 0:
            raise ScoringError(f"a concession needs the dealer's seat ({rule})")
        if self.dealer == self.declarer:
            raise ScoringError(
                f"the dealer (seat {self.dealer}) is the declarer: he may not concede ({rule})"
            )
        if self.dealer_bid is False:
            raise ScoringError(f"the dealer never bid: the declarer may not concede ({rule})")

    def _check_points(self) -> None:
        n = self.players
        top = PACK_POINTS[n]
        for name in ("points", "others"):
            value = getattr(self, name)
            if value is None:
                continue
            if not _whole(value) or not 0 <= value <= top:
                raise ScoringError(
                    f"{name} must be a whole number of points from 0 to {top} (the whole pack "
                    f"counts {top}, LO-5.7), got {value!r}"
                )
        p = self.points
        assert p is not None
        w = threshold(n, self.win_threshold)
        if self.cappotto and self.no_trick:
            raise ScoringError("the declarer's side cannot win every trick and none (TO-9.5)")
        if self.cappotto and p < w:
            raise ScoringError(
                f"a cappotto is a won deal: the declarer's side won every trick, yet has {p} "
                f"points ({w} needed, TO-9.5)"
            )
        if self.no_trick and p >= w:
            raise ScoringError(
                f"the declarer's side won no trick, yet has {p} points ({w} would win, TO-9.5)"
            )


@attrs.frozen
class OmbreScore:
    """The score of a deal with every term: ``base``, ``threshold``, ``won``, ``extra``,
    ``cappotto`` (the bonus added), ``G`` (game points per opponent), and ``scores``.

    >>> score = score_deal(OmbreSummary(players=4, contract=Contract.DUE, declarer=0, points=39))
    >>> score.threshold, score.extra, score.G, score.scores
    (34, 1, 5, (15, -5, -5, -5))
    """

    summary: OmbreSummary
    base: int
    threshold: int | None
    won: bool
    extra: int
    cappotto: int
    G: int
    scores: tuple[int, ...]

    def lines(self) -> tuple[str, ...]:
        """The score step by step (see the module docstring).

        >>> s = OmbreSummary(players=3, contract=Contract.UNA, declarer=2, dealer=0, points=None,
        ...                  conceded=True)
        >>> score_deal(s).lines()[1]
        'conceded (TO-7): the base 3 to each opponent'
        """
        s = self.summary
        out = [f"{s.contract.label} by seat {s.declarer}: base {self.base}"]
        if s.conceded:
            who = "the dealer" if s.concession_payment == "dealer_only" else "each opponent"
            out.append(f"conceded (TO-7): the base {self.base} to {who}")
        else:
            side = "declarer's side" if s.players in (5, 7) else "declarer"
            others = "" if s.others is None else f" (the others {s.others})"
            result = "wins" if self.won else "loses"
            out.append(f"{side}'s {s.points} points{others}: {result} ({self.threshold} needed)")
            w = self.threshold
            assert w is not None and s.points is not None
            if self.won:  # TO-9.3: a point for each full 5 points above the threshold
                start = 33 if s.players == 4 and s.banding == "from_33" else w
                high, low = s.points, start
            else:  # TO-9.3: below it
                high, low = w - 1, s.points
            why = f"a point for each full 5 of {high} − {low} = {high - low}"
            bonus = ""
            if self.cappotto:
                kind = "cappotto" if self.won else "reverse cappotto"
                bonus = f" + {kind} {self.cappotto}"
            out.append(f"G = base {self.base} + extra {self.extra} ({why}){bonus} = {self.G}")
        roles = {s.declarer: "declarer"}
        if s.partner >= 0:  # never the declarer (OmbreSummary checks it)
            roles[s.partner] = "partner"
        out.extend(seat_lines(self.scores, roles))
        return tuple(out)

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown:
        the contract's label, the declarer, won (None for a concession) — what the engine gives,
        and what a :class:`~tarotlib.match.Match` takes.

        >>> result = score_deal(OmbreSummary(players=3, contract=Contract.DUE, declarer=0,
        ...                                  points=45)).result()
        >>> result.scores, result.contract, result.declarer, result.made
        ((6, -3, -3), 'due', 0, True)
        """
        s = self.summary
        return DealResult(
            self.scores,
            breakdown=self,
            contract=s.contract.label,
            declarer=s.declarer,
            made=None if s.conceded else self.won,
        )

    def __str__(self) -> str:
        return "\n".join(self.lines())


def score_deal(summary: OmbreSummary) -> OmbreScore:
    """Score a deal (TO-9, TO-23, TO-24, TO-35, TO-36; a concession, TO-7.3).

    LO-E7, Ombra arrabiata: *una* with p = 22 loses G = 5 + floor(11/5) = 7 to each of three.

    >>> score_deal(OmbreSummary(players=4, contract=Contract.UNA, declarer=2, points=22)).scores
    (7, 7, -21, 7)

    LO-E8, 7 players: *due* with a partner, p = 29, loses G = 4 + 1 = 5.

    >>> s = OmbreSummary(players=7, contract=Contract.DUE, declarer=0, partner=3, points=29)
    >>> score_deal(s).scores
    (-15, 5, 5, -10, 5, 5, 5)

    LO-E6: a *niente* concession pays the base 4 to each opponent.

    >>> s = OmbreSummary(players=3, contract=Contract.NIENTE, declarer=1, dealer=0, points=None,
    ...                  conceded=True)
    >>> score_deal(s).scores
    (4, -8, 4)
    """
    s = summary
    n = s.players
    base = BASES[n][s.contract - 1]
    scores = [0] * n
    if s.conceded:
        if s.concession_payment == "dealer_only":  # TO-7.3 [G]
            if s.dealer != s.declarer and s.dealer >= 0:
                scores[s.dealer] += base
                scores[s.declarer] -= base
        else:  # each opponent, the declarer alone (TO-7.3, TO-36)
            for seat in range(n):
                if seat != s.declarer:
                    scores[seat] += base
                    scores[s.declarer] -= base
        return OmbreScore(s, base, None, False, 0, 0, base, tuple(scores))
    assert s.points is not None
    w = threshold(n, s.win_threshold)
    won = s.points >= w  # TO-9.2, TO-23, TO-35.2
    ext = extra(n, s.points, win_threshold=s.win_threshold, banding=s.banding)
    # TO-9.5, TO-23, TO-35.3: cappotto adds to the top band; reverse cappotto [G] to a loss.
    reverse = not won and s.no_trick and s.reverse_cappotto
    bonus = cappotto_bonus(n) if (won and s.cappotto) or reverse else 0
    g = base + ext + bonus
    sign = 1 if won else -1
    side = {s.declarer} | ({s.partner} if s.partner >= 0 else set())
    opponents = [seat for seat in range(n) if seat not in side]
    for seat in opponents:  # TO-9.6, TO-24, TO-36: G with each opponent
        scores[seat] = -sign * g
    if s.partner >= 0:  # TO-36 [S]: 5p 2G / G, 7p 3G / 2G
        share = (2, 1) if n == 5 else (3, 2)
        scores[s.declarer] = sign * share[0] * g
        scores[s.partner] = sign * share[1] * g
    else:
        scores[s.declarer] = sign * len(opponents) * g
    return OmbreScore(s, base, w, won, ext, bonus, g, tuple(scores))
