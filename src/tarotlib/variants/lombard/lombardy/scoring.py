"""Counting and scoring of Lombardy tarot and Reseghino as pure functions, each with a readable
breakdown: the count of a pile (LO-5, by the core :class:`~tarotlib.core.points.PointTable`:
LO-5.4's closed form), Lombardy's deal score (LO-16) and game points (LO-17), Reseghino's deal
score (RE-6). A deal is scored from the cards of each pile (:func:`score_lombardy`,
:func:`score_reseghino`: what the engine does) or from the points the table counted
(:func:`score_lombardy_points`, :func:`score_reseghino_points`: what a score keeper writes down).

LO-E1: team A's 22 cards count 27, team B's 56 count 45; B scores 9.

>>> from tarotlib.core.cards import card_mask, parse_cards, FULL_MASK
>>> a = card_mask(parse_cards("T21 T1 KH QS QD NC JH 2S 3S 4S 5S 6S 7S 8S 9S 10S 2C 3C 4C 5C 6C 7C"))
>>> score = score_lombardy((a, FULL_MASK & ~a))
>>> [int(p.points) for p in score.piles], score.scores
([27, 45], (0, 9))
>>> score_lombardy_points((27, 45)).scores    # the same deal, from the points counted
(0, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import attrs

from tarotlib.core.points import LeftoverRule, PointTable
from tarotlib.core.results import DealResult
from tarotlib.core.text import seat_line, signed, team_line, team_list
from tarotlib.errors import ScoringError
from tarotlib.variants.lombard.facts import points, values
from tarotlib.variants.lombard.lombardy.options import LombardyOptions, ReseghinoOptions

__all__ = [
    "LOMBARDY_TARGET",
    "LOMBARDY_TOTAL",
    "RESEGHINO_PAR",
    "RESEGHINO_TOTAL",
    "GamePoints",
    "LombardyScore",
    "PileCount",
    "ReseghinoScore",
    "count_pile",
    "game_points",
    "score_lombardy",
    "score_lombardy_points",
    "score_reseghino",
    "score_reseghino_points",
]

LOMBARDY_TARGET: Final = 36
"""LO-16.2: a team scores the points it counts above 36."""
RESEGHINO_PAR: Final = 26
"""RE-6: a player scores his points minus 26 (a third of the 78 in play)."""
GP_BAND: Final = 36
"""LO-17.3: one more game point for every 36 of difference."""
LOMBARDY_TOTAL: Final = 72
"""LO-5.7: a Lombardy deal totals 72 points (up to 74 under ``leftover_rule='face_value'`` when a
pile is short of blanks: each team's pile adds at most its ``max(0, r − B)`` term, and only the team
whose pile leaves 2 cards over can have one)."""
RESEGHINO_TOTAL: Final = 78
"""RE-6: the three players' points of a Reseghino deal always add up to 78."""
_TEAMS: Final = ("team A (seats 0, 2)", "team B (seats 1, 3)")


def _counting_mask(mondo: int) -> int:
    vals = values(mondo)
    return sum(1 << c for c in range(78) if vals[c] > 1)


_COUNTING: Final = {6: _counting_mask(6), 5: _counting_mask(5)}
_TABLES: dict[tuple[int, int, LeftoverRule], PointTable] = {}


def _table(mondo: int, group: int, leftover: LeftoverRule) -> PointTable:
    """The point table of LO-5 for these parameters, built once (:func:`facts.points`)."""
    key = (mondo, group, leftover)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = points(mondo, group, leftover)
    return table


@attrs.frozen
class PileCount:
    """The count of one pile under LO-5: its ``cards`` (N), ``counting`` cards (C), their face
    values' sum ``value_sum`` (Σv), the group size ``group`` (g) and the ``points`` that
    :meth:`~tarotlib.core.points.PointTable.count` gives (LO-5.4: ``Σv − C + floor(N/g) +
    max(0, (N mod g) − B)``; ``conserving`` drops the last term).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> pile = count_pile(card_mask(parse_cards("KS QS NS 7S QH JC")), "dealer's team")
    >>> pile.points, pile.blanks, pile.shortage
    (15, 1, 1)
    >>> pile.line()
    "dealer's team: 6 cards, 5 counting (Σv 18), 1 blank: 18 − 5 + 1 + 1 = 15"
    """

    label: str
    cards: int
    counting: int
    value_sum: int
    group: int
    leftover: LeftoverRule
    points: int

    @property
    def blanks(self) -> int:
        """B = N − C (LO-5.1)."""
        return self.cards - self.counting

    @property
    def shortage(self) -> int:
        """LO-5.3: the leftover counting cards, ``max(0, r − B)``, which ``face_value`` adds back."""
        return max(0, self.cards % self.group - self.blanks)

    def line(self) -> str:
        """The count written out (LO-5.4).

        >>> from tarotlib.core.cards import FULL_MASK
        >>> count_pile(FULL_MASK, "everything").line()
        'everything: 78 cards, 19 counting (Σv 72), 59 blanks: 72 − 19 + 19 = 72'
        """
        q = self.cards // self.group
        extra = f" + {self.shortage}" if self.shortage and self.leftover == "face_value" else ""
        plural = "" if self.blanks == 1 else "s"
        return (
            f"{self.label}: {self.cards} cards, {self.counting} counting (Σv {self.value_sum}), "
            f"{self.blanks} blank{plural}: {self.value_sum} − {self.counting} + {q}{extra} = "
            f"{self.points}"
        )


def count_pile(
    mask: int,
    label: str = "pile",
    *,
    mondo: int = 6,
    group: int = 4,
    leftover: LeftoverRule = "face_value",
) -> PileCount:
    """LO-5: count the pile ``mask`` in groups of ``group`` with the Mondo worth ``mondo`` (LO-4;
    Lombardy 6 and 4, Reseghino 5 and 3) and the leftover rule (LO-5.5).

    LO-E5: Reseghino's dealer X, 30 cards with the Mondo, KS, KD, QC and NH, counts 27.

    >>> from tarotlib.core.cards import card_mask, parse_cards, SUIT_MASKS
    >>> x = card_mask(parse_cards("T21 KS KD QC NH")) | card_mask(parse_cards(
    ...     "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C T2 T3 T4 T5 T6"))
    >>> count_pile(x, mondo=5, group=3).points
    27
    """
    table = _table(mondo, group, leftover)
    counting = mask & _COUNTING[mondo]
    return PileCount(
        label,
        mask.bit_count(),
        counting.bit_count(),
        table.value_sum(counting),  # the counting cards' group values are their face values
        group,
        leftover,
        table.count_units(mask) // group,  # whole points: LO-5.4 has no fractions
    )


def _won_all_line(name: str, matto: bool) -> str:
    """LO-16.3's line for a team counted as having won all the tricks (LO-7.10 ``ignore``: but the
    one its own Matto gave away)."""
    if matto:
        return (
            f"{name} won every trick but the one its own Matto gave away (18 of 19): all the "
            "tricks under own_matto_trick='ignore' (LO-7.10, LO-16.3)"
        )
    return f"{name} won all 19 tricks (LO-16.3)"


@attrs.frozen
class LombardyScore:
    """A Lombardy deal's score (LO-16) with its breakdown: the two teams' ``piles`` (team A =
    seats 0 and 2, team B = seats 1 and 3, LO-10; empty when the deal was scored from the points
    the table counted, :func:`score_lombardy_points`), their deal ``scores`` (``max(0, P − 36)``,
    LO-16.2), whether each counts as having won ``all_tricks`` (LO-16.3 with LO-7.10) and
    ``notes`` (who owns the discard, the Matto); ``points``, each team's points (P);
    ``matto_trick``, for each team counted as having won all the tricks, whether it did so under
    LO-7.10 ``ignore``, having lost the one trick its own Matto gave away.

    >>> from tarotlib.core.cards import FULL_MASK
    >>> score = score_lombardy((FULL_MASK, 0), all_tricks=(True, False))
    >>> score.scores, score.points, score.lines()[-1]
    ((36, 0), (72, 0), 'team A won all 19 tricks (LO-16.3)')
    """

    piles: tuple[PileCount, ...]
    scores: tuple[int, int]
    all_tricks: tuple[bool, bool] = (False, False)
    notes: tuple[str, ...] = ()
    counted: tuple[int, int] | None = attrs.field(default=None, kw_only=True)
    """The teams' points as the table counted them (no piles), or None."""
    matto_trick: tuple[bool, bool] = attrs.field(default=(False, False), kw_only=True)

    @property
    def points(self) -> tuple[int, int]:
        """Each team's points P: counted from its pile, or as the table counted them.

        >>> score_lombardy_points((66, 6)).points
        (66, 6)
        """
        if self.counted is not None:
            return self.counted
        a, b = (int(p.points) for p in self.piles)
        return (a, b)

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown:
        both partners hold their team's score (what the engine gives, and what a
        :class:`~tarotlib.match.Match` takes).

        >>> score_lombardy_points((66, 6)).result().scores
        (30, 0, 30, 0)
        """
        a, b = self.scores
        return DealResult((a, b, a, b), breakdown=self)

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> score_lombardy((0, 0)).lines()[-1]
        'no team has more than 36: nobody scores (LO-16.2)'
        >>> for line in score_lombardy_points((66, 6)).lines():
        ...     print(line)
        team A (seats 0, 2): 66 points (counted)
        team B (seats 1, 3): 6 points (counted)
        team A scores 66 − 36 = 30 (LO-16.2)
        """
        if self.piles:
            out = [*self.notes, *(p.line() for p in self.piles)]
        else:
            out = [
                *self.notes,
                *(
                    f"{name}: {p} points (counted)"
                    for name, p in zip(_TEAMS, self.points, strict=True)
                ),
            ]
        for name, p, score in zip(_TEAMS, self.points, self.scores, strict=True):
            if p > LOMBARDY_TARGET:
                out.append(f"{name.split(' (')[0]} scores {p} − 36 = {score} (LO-16.2)")
        if not any(self.scores):
            out.append("no team has more than 36: nobody scores (LO-16.2)")
        for name, won, matto in zip(
            ("team A", "team B"), self.all_tricks, self.matto_trick, strict=True
        ):
            if won:
                out.append(_won_all_line(name, matto))
        return tuple(out)


def score_lombardy(
    team_piles: tuple[int, int],
    *,
    leftover: LeftoverRule = "face_value",
    all_tricks: tuple[bool, bool] = (False, False),
    notes: Sequence[str] = (),
    matto_trick: tuple[bool, bool] = (False, False),
) -> LombardyScore:
    """LO-16: count each team's pile (the union of both partners' piles and the discard for its
    owner, LO-5.6) in fours with the Mondo worth 6; each team scores ``max(0, P − 36)``.
    ``all_tricks``: whether each team counts as having won all the tricks (LO-16.3, LO-7.10 applied);
    ``matto_trick``: whether it does so under LO-7.10 ``ignore`` only (for the breakdown's wording).

    LO-E2: the dealer's team holds KS QS NS 7S and the discard QH JC (15 points, or 14 under
    ``conserving``); the opponents hold the other 72 cards (58) and score 22 either way.

    >>> from tarotlib.core.cards import card_mask, parse_cards, FULL_MASK
    >>> a = card_mask(parse_cards("KS QS NS 7S QH JC"))
    >>> score = score_lombardy((a, FULL_MASK & ~a))
    >>> [int(p.points) for p in score.piles], score.scores
    ([15, 58], (0, 22))
    >>> [int(p.points) for p in score_lombardy((a, FULL_MASK & ~a), leftover="conserving").piles]
    [14, 58]
    """
    piles = (
        count_pile(team_piles[0], _TEAMS[0], leftover=leftover),
        count_pile(team_piles[1], _TEAMS[1], leftover=leftover),
    )
    a, b = (max(0, int(p.points) - LOMBARDY_TARGET) for p in piles)  # LO-16.2
    return LombardyScore(piles, (a, b), all_tricks, tuple(notes), matto_trick=matto_trick)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counted(name: str, value: object, size: int) -> tuple[int, ...]:
    """``value`` checked as ``size`` whole numbers of points, each at least 0."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ScoringError(f"{name} must be {size} whole numbers of points, got {value!r}")
    items = tuple(value)
    if len(items) != size or not all(_whole(v) and v >= 0 for v in items):
        raise ScoringError(
            f"{name} must be {size} whole numbers of points, each at least 0, got {value!r}"
        )
    return items


def _flags(name: str, value: object) -> tuple[bool, bool]:
    if (
        isinstance(value, str | bytes)
        or not isinstance(value, Sequence)
        or len(value) != 2
        or not all(isinstance(v, bool) for v in value)
    ):
        raise ScoringError(f"{name} must be two booleans (team A, team B), got {value!r}")
    return (value[0], value[1])


def score_lombardy_points(
    points: tuple[int, int],
    *,
    all_tricks: tuple[bool, bool] = (False, False),
    all_but_own_matto: tuple[bool, bool] = (False, False),
    options: LombardyOptions | None = None,
    notes: Sequence[str] = (),
) -> LombardyScore:
    """LO-16 from what the table writes down: each team's ``points`` as counted (team A, team B;
    LO-5, LO-16.1), whether a team won ``all_tricks`` (all 19, LO-16.3), and whether a team won
    every trick ``all_but_own_matto`` — all but the one to which one of its members played the
    Matto, which another player won (LO-7.10). ``options`` (default ``LombardyOptions()``) bring
    LO-7.10's ``own_matto_trick`` (``strict``: such a team has not won all the tricks;
    ``ignore``: it has), the leftover rule and ``matto_payment_from_discard`` for the checks.

    Each team scores ``max(0, P − 36)`` (LO-16.2). The facts are checked: the points total 72
    (LO-5.7; 72 to 74 under ``leftover_rule='face_value'``; not checked under
    ``matto_payment_from_discard``, LO-7.9), a team that won all 19 tricks holds every card (72
    points to 0), and at most one all-tricks fact is given. A wrong combination raises
    :class:`~tarotlib.errors.ScoringError` saying why.

    LO-E4, deal 4: team B won all 19 tricks, 72 to 0: B scores 36 and the game points will give it
    the all-tricks bonus (LO-17.5).

    >>> score = score_lombardy_points((0, 72), all_tricks=(False, True))
    >>> score.scores, score.all_tricks
    ((0, 36), (False, True))
    >>> ignore = LombardyOptions(own_matto_trick="ignore")
    >>> score_lombardy_points((5, 67), all_but_own_matto=(False, True), options=ignore).all_tricks
    (False, True)
    >>> score_lombardy_points((5, 67), all_but_own_matto=(False, True)).all_tricks   # strict
    (False, False)
    >>> score_lombardy_points((40, 30))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: the teams' points total 70 (40 + 30); a Lombardy deal totals 72 ...
    """
    o = LombardyOptions() if options is None else options
    if not isinstance(o, LombardyOptions):
        raise ScoringError(f"options must be LombardyOptions, got {o!r}")
    a, b = _counted("points", points, 2)
    won = _flags("all_tricks", all_tricks)
    but = _flags("all_but_own_matto", all_but_own_matto)
    total = a + b
    if not o.matto_payment_from_discard:  # LO-7.9: then the totals need not hold
        high = LOMBARDY_TOTAL + (2 if o.leftover_rule == "face_value" else 0)
        if not LOMBARDY_TOTAL <= total <= high:
            extra = (
                " (LO-5.7; up to 74 under leftover_rule='face_value' when a pile is short of "
                "blanks)"
                if o.leftover_rule == "face_value"
                else " exactly under leftover_rule='conserving' (LO-5.5, LO-5.7)"
            )
            raise ScoringError(
                f"the teams' points total {total} ({a} + {b}); a Lombardy deal totals "
                f"{LOMBARDY_TOTAL}{extra}: check the count"
            )
    given = [
        f"{kind} for team {name}"
        for kind, flags in (("all_tricks", won), ("all_but_own_matto", but))
        for name, flag in zip("AB", flags, strict=True)
        if flag
    ]
    if len(given) > 1:
        raise ScoringError(
            f"at most one team can win all the tricks, or all but its own Matto's (LO-16.3, "
            f"LO-7.10); got {' and '.join(given)}"
        )
    for team, name in enumerate("AB"):
        other = (a, b)[1 - team]
        if won[team] and other and not o.matto_payment_from_discard:
            raise ScoringError(
                f"team {name} won all 19 tricks, so it holds every card and the other team has "
                f"no points (LO-16.3); got {a}–{b}"
            )
    ignore = o.own_matto_trick == "ignore"
    effective = (won[0] or (ignore and but[0]), won[1] or (ignore and but[1]))  # LO-7.10
    matto = (ignore and but[0], ignore and but[1])
    scores = (max(0, a - LOMBARDY_TARGET), max(0, b - LOMBARDY_TARGET))  # LO-16.2
    return LombardyScore((), scores, effective, tuple(notes), counted=(a, b), matto_trick=matto)


@attrs.frozen
class ReseghinoScore:
    """A Reseghino deal's score (RE-6): each player's ``piles`` (empty when the deal was scored
    from the points the table counted, :func:`score_reseghino_points`) and ``scores`` (``P − 26``);
    ``points``, each player's points P.

    >>> from tarotlib.core.cards import FULL_MASK
    >>> score_reseghino((FULL_MASK, 0, 0)).scores
    (52, -26, -26)
    """

    piles: tuple[PileCount, ...]
    scores: tuple[int, ...]
    notes: tuple[str, ...] = ()
    counted: tuple[int, ...] | None = attrs.field(default=None, kw_only=True)
    """The players' points as the table counted them (no piles), or None."""

    @property
    def points(self) -> tuple[int, ...]:
        """Each player's points P: counted from his pile, or as the table counted them.

        >>> score_reseghino_points((27, 37, 14)).points
        (27, 37, 14)
        """
        if self.counted is not None:
            return self.counted
        return tuple(int(p.points) for p in self.piles)

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown
        (what the engine gives, and what a :class:`~tarotlib.match.Match` takes).

        >>> score_reseghino_points((27, 37, 14)).result().scores
        (1, 11, -12)
        """
        return DealResult(self.scores, breakdown=self)

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> from tarotlib.core.cards import FULL_MASK
        >>> score_reseghino((FULL_MASK, 0, 0)).lines()[-1]
        'seat 2: 0 − 26 = −26 (RE-6)'
        >>> score_reseghino_points((27, 37, 14)).lines()[0]
        'seat 0: 27 − 26 = +1 (RE-6)'
        """
        out = [*self.notes, *(p.line() for p in self.piles)]
        out += [
            seat_line(seat, f"{p} − 26 = {signed(score)} (RE-6)")
            for seat, (p, score) in enumerate(zip(self.points, self.scores, strict=True))
        ]
        return tuple(out)


def score_reseghino(piles: Sequence[int], *, notes: Sequence[str] = ()) -> ReseghinoScore:
    """RE-6: count each player's own pile (his tricks, and the discard for its owner) in threes
    with the Mondo worth 5; each scores ``P − 26``. The three counts total 78 (piles of multiples
    of 3 have no leftovers), so the scores sum to 0.

    >>> from tarotlib.core.cards import FULL_MASK
    >>> sum(score_reseghino((FULL_MASK, 0, 0)).scores)
    0
    """
    counted = tuple(
        count_pile(mask, f"seat {seat}", mondo=5, group=3) for seat, mask in enumerate(piles)
    )
    return ReseghinoScore(
        counted, tuple(int(p.points) - RESEGHINO_PAR for p in counted), tuple(notes)
    )


def score_reseghino_points(
    points: Sequence[int],
    *,
    options: ReseghinoOptions | None = None,
    notes: Sequence[str] = (),
) -> ReseghinoScore:
    """RE-6 from what the table writes down: each player's ``points`` as counted (seats 0, 1, 2);
    each scores ``P − 26``. The points must add up to 78 (RE-6; not checked under
    ``matto_payment_from_discard``, LO-7.9, where piles need not be whole tricks), else
    :class:`~tarotlib.errors.ScoringError` says so.

    LO-E5: X 27, Y 37, Z 14: +1, +11, −12.

    >>> score_reseghino_points((27, 37, 14)).scores
    (1, 11, -12)
    >>> score_reseghino_points((27, 37, 15))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: the players' points total 79 (27 + 37 + 15); a Reseghino deal ...
    """
    o = ReseghinoOptions() if options is None else options
    if not isinstance(o, ReseghinoOptions):
        raise ScoringError(f"options must be ReseghinoOptions, got {o!r}")
    counted = _counted("points", points, 3)
    total = sum(counted)
    if total != RESEGHINO_TOTAL and not o.matto_payment_from_discard:
        shown = " + ".join(str(p) for p in counted)
        raise ScoringError(
            f"the players' points total {total} ({shown}); a Reseghino deal totals "
            f"{RESEGHINO_TOTAL} (RE-6): check the count"
        )
    scores = tuple(p - RESEGHINO_PAR for p in counted)
    return ReseghinoScore((), scores, tuple(notes), counted=counted)


@attrs.frozen
class GamePoints:
    """Lombardy's game points (LO-17) for the two teams (A, B), with the breakdown (LO-17.7): the
    ``totals`` of deal scores, the ``base`` (LO-17.3), the ``zero_bonus`` (LO-17.4), the
    ``all_tricks`` bonuses (LO-17.5) and the sum, ``points``; the ``difference`` D, the
    ``winner`` and whether an ``extra_deal`` is due (tied totals under ``lombardy_tie =
    'extra_deal'``, LO-17.6).

    >>> gp = game_points([(30, 0), (0, 0), (28, 0), (0, 36)], [(False, False)] * 3 + [(False, True)])
    >>> gp.points, gp.base, gp.all_tricks, gp.difference, gp.winner
    ((1, 1), (1, 0), (0, 1), 22, 0)
    """

    totals: tuple[int, int]
    base: tuple[int, int]
    zero_bonus: tuple[int, int]
    all_tricks: tuple[int, int]
    tie: Literal["draw", "extra_deal"] = "draw"

    @property
    def points(self) -> tuple[int, int]:
        """Each team's game points: base + zero bonus + all-tricks bonuses.

        >>> game_points([(20, 0)], [(False, False)]).points   # 1 GP and the zero bonus
        (2, 0)
        """
        return (
            self.base[0] + self.zero_bonus[0] + self.all_tricks[0],
            self.base[1] + self.zero_bonus[1] + self.all_tricks[1],
        )

    @property
    def difference(self) -> int:
        """D = |T_A − T_B| (LO-17.2).

        >>> game_points([(20, 0), (0, 5)], [(False, False)] * 2).difference
        15
        """
        return abs(self.totals[0] - self.totals[1])

    @property
    def winner(self) -> int | None:
        """The team with the higher total (0 for A, 1 for B, LO-17.2), or None when the totals
        are equal (LO-17.6).

        >>> game_points([(0, 5)], [(False, False)]).winner, game_points([], []).winner is None
        (1, True)
        """
        if self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    @property
    def extra_deal(self) -> bool:
        """Whether another deal is to be played: the totals are equal under ``lombardy_tie =
        'extra_deal'`` (LO-17.6); the game points are then not final.

        >>> game_points([(5, 5)], [(False, False)], tie="extra_deal").extra_deal
        True
        >>> game_points([(5, 5)], [(False, False)]).extra_deal   # a draw
        False
        """
        return self.winner is None and self.tie == "extra_deal"

    def lines(self) -> tuple[str, ...]:
        """The breakdown (LO-17.7).

        >>> game_points([(20, 0), (18, 0), (3, 0), (0, 0)], [(False, False)] * 4).lines()[1]
        'team A wins: 1 + floor(41/36) = 2 GP (LO-17.3)'
        >>> for line in game_points([(5, 5)], [(False, False)], tie="extra_deal").lines():
        ...     print(line)
        totals: team A 5, team B 5; difference 0
        tied: another deal is played, and more until the totals differ (LO-17.6 extra_deal)
        game points so far: team A 0, team B 0
        """
        d = self.difference
        out = [f"totals: {team_list(self.totals, 'AB')}; difference {d}"]
        if self.extra_deal:
            out.append(
                "tied: another deal is played, and more until the totals differ "
                "(LO-17.6 extra_deal)"
            )
        elif d == 0:
            out.append("tied: no base game points (LO-17.6 draw)")
        for k, name in enumerate("AB"):
            if self.base[k]:
                out.append(f"team {name} wins: 1 + floor({d}/36) = {self.base[k]} GP (LO-17.3)")
            if self.zero_bonus[k]:
                out.append(team_line(name, "+1 GP, the losers' total is 0 (LO-17.4)"))
            if self.all_tricks[k]:
                out.append(
                    team_line(
                        name,
                        f"+{self.all_tricks[k]} GP for deals in which it won all the tricks "
                        "(LO-17.5)",
                    )
                )
        so_far = " so far" if self.extra_deal else ""
        out.append(f"game points{so_far}: {team_list(self.points, 'AB')}")
        return tuple(out)


def game_points(
    deal_scores: Sequence[tuple[int, int]],
    all_tricks: Sequence[tuple[bool, bool]],
    tie: Literal["draw", "extra_deal"] = "draw",
) -> GamePoints:
    """LO-17.2 – LO-17.5: the game points of a Lombardy game from each deal's team scores (A, B)
    and whether each team won all the tricks of that deal (an annulled deal: ``(0, 0)`` and
    ``(False, False)``; the all-tricks facts after LO-7.10, as :class:`LombardyScore` gives them).
    ``tie`` is the option ``lombardy_tie`` (LO-17.6). The inputs are checked (one all-tricks pair
    per deal, whole scores of at least 0, not both teams winning all the tricks of a deal): a
    :class:`~tarotlib.errors.ScoringError` says what is wrong.

    LO-E4's second game: A wins 56–16, 54–18, 39–33 and a Monte: totals 41 and 0, a *reale* (2)
    and the zero bonus.

    >>> game_points([(20, 0), (18, 0), (3, 0), (0, 0)], [(False, False)] * 4).points
    (3, 0)
    >>> game_points([(5, 0), (0, 5)], [(True, False), (False, False)]).points   # a draw
    (1, 0)
    >>> game_points([(5, 0)], [])
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: give one all-tricks pair per deal: 1 deal scores, 0 all-tricks pairs
    """
    if tie not in ("draw", "extra_deal"):
        raise ScoringError(f"tie must be 'draw' or 'extra_deal' (LO-17.6), got {tie!r}")
    for name, value in (("deal_scores", deal_scores), ("all_tricks", all_tricks)):
        if isinstance(value, str | bytes) or not isinstance(value, Sequence):
            raise ScoringError(f"{name} must be a sequence of pairs, one per deal, got {value!r}")
    if len(deal_scores) != len(all_tricks):
        raise ScoringError(
            f"give one all-tricks pair per deal: {len(deal_scores)} deal scores, "
            f"{len(all_tricks)} all-tricks pairs"
        )
    scores = [_counted(f"deal_scores[{k}]", pair, 2) for k, pair in enumerate(deal_scores)]
    flags = [_flags(f"all_tricks[{k}]", pair) for k, pair in enumerate(all_tricks)]
    for k, pair in enumerate(flags):
        if all(pair):
            raise ScoringError(f"all_tricks[{k}]: both teams cannot win all the tricks of a deal")
    ta = sum(a for a, _ in scores)
    tb = sum(b for _, b in scores)
    d = abs(ta - tb)
    base = [0, 0]
    zero = [0, 0]
    if d >= 1:  # LO-17.3, LO-17.4 (a tie gives neither, LO-17.6)
        w = 0 if ta > tb else 1
        base[w] = 1 + d // GP_BAND
        if (tb, ta)[w] == 0:
            zero[w] = 1
    bonus = (sum(1 for a, _ in flags if a), sum(1 for _, b in flags if b))  # LO-17.5
    return GamePoints((ta, tb), (base[0], base[1]), (zero[0], zero[1]), bonus, tie)
