"""Counting and scoring of Lombardy tarot and Reseghino as pure functions of card masks, each with a
readable breakdown: the count of a pile (LO-5, by the core :class:`~tarotlib.core.points.PointTable`:
LO-5.4's closed form), Lombardy's deal score (LO-16) and game points (LO-17), Reseghino's deal
score (RE-6).

LO-E1: team A's 22 cards count 27, team B's 56 count 45; B scores 9.

>>> from tarotlib.core.cards import card_mask, parse_cards, FULL_MASK
>>> a = card_mask(parse_cards("T21 T1 KH QS QD NC JH 2S 3S 4S 5S 6S 7S 8S 9S 10S 2C 3C 4C 5C 6C 7C"))
>>> score = score_lombardy((a, FULL_MASK & ~a))
>>> [int(p.points) for p in score.piles], score.scores
([27, 45], (0, 9))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import attrs

from tarotlib.core.points import LeftoverRule, PointTable
from tarotlib.core.text import seat_line, signed, team_line, team_list
from tarotlib.variants.lombard.facts import points, values

__all__ = [
    "LOMBARDY_TARGET",
    "RESEGHINO_PAR",
    "GamePoints",
    "LombardyScore",
    "PileCount",
    "ReseghinoScore",
    "count_pile",
    "game_points",
    "score_lombardy",
    "score_reseghino",
]

LOMBARDY_TARGET: Final = 36
"""LO-16.2: a team scores the points it counts above 36."""
RESEGHINO_PAR: Final = 26
"""RE-6: a player scores his points minus 26 (a third of the 78 in play)."""
GP_BAND: Final = 36
"""LO-17.3: one more game point for every 36 of difference."""


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


@attrs.frozen
class LombardyScore:
    """A Lombardy deal's score (LO-16) with its breakdown: the two teams' ``piles`` (team A =
    seats 0 and 2, team B = seats 1 and 3, LO-10), their deal ``scores`` (``max(0, P − 36)``,
    LO-16.2), whether each won ``all_tricks`` (LO-16.3, LO-7.10) and ``notes`` (who owns the
    discard, the Matto).

    >>> from tarotlib.core.cards import FULL_MASK
    >>> score = score_lombardy((FULL_MASK, 0), all_tricks=(True, False))
    >>> score.scores, score.lines()[-1]
    ((36, 0), 'team A won all 19 tricks (LO-16.3)')
    """

    piles: tuple[PileCount, PileCount]
    scores: tuple[int, int]
    all_tricks: tuple[bool, bool] = (False, False)
    notes: tuple[str, ...] = ()

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> score_lombardy((0, 0)).lines()[-1]
        'no team has more than 36: nobody scores (LO-16.2)'
        """
        out = [*self.notes, *(p.line() for p in self.piles)]
        for pile, score in zip(self.piles, self.scores, strict=True):
            p = int(pile.points)
            if p > LOMBARDY_TARGET:
                out.append(f"{pile.label.split(' (')[0]} scores {p} − 36 = {score} (LO-16.2)")
        if not any(self.scores):
            out.append("no team has more than 36: nobody scores (LO-16.2)")
        for name, won in zip(("team A", "team B"), self.all_tricks, strict=True):
            if won:
                out.append(f"{name} won all 19 tricks (LO-16.3)")
        return tuple(out)


def score_lombardy(
    team_piles: tuple[int, int],
    *,
    leftover: LeftoverRule = "face_value",
    all_tricks: tuple[bool, bool] = (False, False),
    notes: Sequence[str] = (),
) -> LombardyScore:
    """LO-16: count each team's pile (the union of both partners' piles and the discard for its
    owner, LO-5.6) in fours with the Mondo worth 6; each team scores ``max(0, P − 36)``.

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
        count_pile(team_piles[0], "team A (seats 0, 2)", leftover=leftover),
        count_pile(team_piles[1], "team B (seats 1, 3)", leftover=leftover),
    )
    a, b = (max(0, int(p.points) - LOMBARDY_TARGET) for p in piles)  # LO-16.2
    return LombardyScore(piles, (a, b), all_tricks, tuple(notes))


@attrs.frozen
class ReseghinoScore:
    """A Reseghino deal's score (RE-6): each player's ``piles`` and ``scores`` (``P − 26``).

    >>> from tarotlib.core.cards import FULL_MASK
    >>> score_reseghino((FULL_MASK, 0, 0)).scores
    (52, -26, -26)
    """

    piles: tuple[PileCount, ...]
    scores: tuple[int, ...]
    notes: tuple[str, ...] = ()

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> from tarotlib.core.cards import FULL_MASK
        >>> score_reseghino((FULL_MASK, 0, 0)).lines()[-1]
        'seat 2: 0 − 26 = −26 (RE-6)'
        """
        out = [*self.notes, *(p.line() for p in self.piles)]
        out += [
            seat_line(seat, f"{int(p.points)} − 26 = {signed(score)} (RE-6)")
            for seat, (p, score) in enumerate(zip(self.piles, self.scores, strict=True))
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


@attrs.frozen
class GamePoints:
    """Lombardy's game points (LO-17) for the two teams (A, B), with the breakdown (LO-17.7): the
    ``totals`` of deal scores, the ``base`` (LO-17.3), the ``zero_bonus`` (LO-17.4), the
    ``all_tricks`` bonuses (LO-17.5) and the sum, ``points``.

    >>> gp = game_points([(30, 0), (0, 0), (28, 0), (0, 36)], [(False, False)] * 3 + [(False, True)])
    >>> gp.points, gp.base, gp.all_tricks
    ((1, 1), (1, 0), (0, 1))
    """

    totals: tuple[int, int]
    base: tuple[int, int]
    zero_bonus: tuple[int, int]
    all_tricks: tuple[int, int]
    tie: Literal["draw", "extra_deal"] = "draw"

    @property
    def points(self) -> tuple[int, int]:
        """Each team's game points: base + zero bonus + all-tricks bonuses."""
        return (
            self.base[0] + self.zero_bonus[0] + self.all_tricks[0],
            self.base[1] + self.zero_bonus[1] + self.all_tricks[1],
        )

    def lines(self) -> tuple[str, ...]:
        """The breakdown (LO-17.7).

        >>> game_points([(20, 0), (18, 0), (3, 0), (0, 0)], [(False, False)] * 4).lines()[1]
        'team A wins: 1 + floor(41/36) = 2 GP (LO-17.3)'
        """
        ta, tb = self.totals
        d = abs(ta - tb)
        out = [f"totals: {team_list(self.totals, 'AB')}; difference {d}"]
        if d == 0:
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
        out.append(f"game points: {team_list(self.points, 'AB')}")
        return tuple(out)


def game_points(
    deal_scores: Sequence[tuple[int, int]],
    all_tricks: Sequence[tuple[bool, bool]],
    tie: Literal["draw", "extra_deal"] = "draw",
) -> GamePoints:
    """LO-17.2 – LO-17.5: the game points of a Lombardy game from each deal's team scores (A, B)
    and whether each team won all the tricks of that deal (an annulled deal: ``(0, 0)`` and
    ``(False, False)``).

    LO-E4's second game: A wins 56–16, 54–18, 39–33 and a Monte: totals 41 and 0, a *reale* (2)
    and the zero bonus.

    >>> game_points([(20, 0), (18, 0), (3, 0), (0, 0)], [(False, False)] * 4).points
    (3, 0)
    >>> game_points([(5, 0), (0, 5)], [(True, False), (False, False)]).points   # a draw
    (1, 0)
    """
    ta = sum(a for a, _ in deal_scores)
    tb = sum(b for _, b in deal_scores)
    d = abs(ta - tb)
    base = [0, 0]
    zero = [0, 0]
    if d >= 1:  # LO-17.3, LO-17.4 (a tie gives neither, LO-17.6)
        w = 0 if ta > tb else 1
        base[w] = 1 + d // GP_BAND
        if (tb, ta)[w] == 0:
            zero[w] = 1
    bonus = (sum(1 for a, _ in all_tricks if a), sum(1 for _, b in all_tricks if b))  # LO-17.5
    return GamePoints((ta, tb), (base[0], base[1]), (zero[0], zero[1]), bonus, tie)
