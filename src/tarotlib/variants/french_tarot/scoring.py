"""French Tarot scoring as a pure function (FT-1.5 – FT-1.7, FT-8.5, FT-8.6, FT-11 – FT-15).

:func:`score_deal` turns a :class:`ScoreSummary` (what a score-keeper writes down at the end of a
deal: contract, taker, partner, the attack's points and oudlers, Petit au bout, declarations, slam)
into a :class:`FrenchTarotScore`: the score per seat and a readable breakdown of the formula of
FT-14.1::

    D = s · (25 + M) · m  +  pab · 10 · m  +  s · B  +  C

All arithmetic is done on integers: card points are counted in **half points** (FT-1.5), so that the
rule "the half point goes to the winning camp" (FT-13.5) is exact. :func:`score_grash` scores a deal
played under the BGA "Grash" option (FT-15).

The game engine calls exactly :func:`score_deal` for every deal; a score-keeping app can call it on
its own.

>>> from tarotlib.variants.french_tarot.types import Contract
>>> summary = ScoreSummary.from_points(
...     players=4, contract=Contract.GARDE, taker=0, attack_points="47.5", oudlers=2
... )
>>> score = score_deal(summary)
>>> score.made, score.margin, score.per_defender, score.scores
(True, 7, 64, (192, -64, -64, -64))
>>> print(score)
Garde (×2), 2 oudlers: target 41
attack 47.5 points, defence 43.5: made by 7 (half point to the winning camp)
base +(25 + 7) × 2 = +64
petit au bout: none
declarations: none
slam: none
D = +64
seat 0 (taker): +192
seat 1: −64
seat 2: −64
seat 3: −64
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from tarotlib.core.cards import EXCUSE
from tarotlib.core.points import FRENCH_TAROT_POINTS
from tarotlib.core.results import DealResult
from tarotlib.core.text import seat_line, seat_lines, signed
from tarotlib.errors import ScoringError
from tarotlib.variants.french_tarot.facts import OUDLERS_MASK, PETIT
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration, DeclarationKind

if TYPE_CHECKING:
    from tarotlib.deal.fool import ExcuseRule
    from tarotlib.variants.french_tarot.state import FrenchTarotState

__all__ = [
    "FrenchTarotScore",
    "GrashScore",
    "ScoreSummary",
    "ScoringError",
    "petit_au_bout_of",
    "result_of",
    "score_deal",
    "score_grash",
]

TOTAL_HALF_POINTS = 182
"""Half points of the whole pack: 91 points (FT-1.5)."""

_OUDLER_HALF_POINTS = 9
"""Each oudler is worth 4.5 points = 9 half points (FT-1.5)."""

_TARGETS = (56, 51, 41, 36)
"""Target in points by number of oudlers in the attack's pile (FT-1.7)."""

_CONTRACT_VALUE = 25
"""The fixed value of any contract (FT-14.1)."""

_PETIT_AU_BOUT = 10
"""Petit au bout bonus before the multiplier (FT-11.2)."""

_SLAM_ANNOUNCED_MADE = 400
_SLAM_UNANNOUNCED_MADE = 200
_SLAM_ANNOUNCED_FAILED = 200
_DEFAULT_DEFENCE_SLAM_BONUS = 200
"""Slam bonuses of FT-12.2 (not multiplied)."""

_DEFENDER_SHARES = {3: 2, 4: 3}
"""Taker's share in units of D when he has no partner: the number of defenders (FT-14.2)."""

_DECLARATION_LABELS = {
    DeclarationKind.SIMPLE_POIGNEE: "poignée simple",
    DeclarationKind.DOUBLE_POIGNEE: "poignée double",
    DeclarationKind.TRIPLE_POIGNEE: "poignée triple",
    DeclarationKind.NO_HONOURS_MISERE: "misère (no honours)",
    DeclarationKind.NO_TRUMPS_MISERE: "misère (no trumps)",
}


# --------------------------------------------------------------------------------------------------
# helpers


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_int(name: str, value: object, low: int, high: int, expected: str) -> None:
    if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
        raise ScoringError(f"{name} must be {expected}, got {value!r}")


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ScoringError(f"{name} must be True or False, got {value!r}")


def _half_to_text(half_points: int) -> str:
    """``97`` -> ``'48.5'``, ``96`` -> ``'48'`` (exact, no float formatting)."""
    sign = "−" if half_points < 0 else ""
    whole, odd = divmod(abs(half_points), 2)
    return f"{sign}{whole}.5" if odd else f"{sign}{whole}"


def _half_to_number(half_points: int) -> float:
    """Half points to points: an ``int`` when whole, else an exact ``x.5`` float."""
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


def _to_declarations(value: Iterable[Declaration]) -> tuple[Declaration, ...]:
    return tuple(value)


def _oudler_bounds(oudlers: int) -> tuple[int, int]:
    """Possible attack half points (after FT-13.3) with ``oudlers`` oudlers in the attack's pile.

    The attack's pile holds its oudlers (9 half points each) and none of the others. The Excuse debt
    moves one half point, towards the camp that does *not* hold the Excuse (FT-10.4, FT-10.6): −1 is
    possible only if the attack holds an oudler (the Excuse), +1 only if the defence does.
    """
    low = _OUDLER_HALF_POINTS * oudlers - (1 if oudlers > 0 else 0)
    high = TOTAL_HALF_POINTS - _OUDLER_HALF_POINTS * (3 - oudlers) + (1 if oudlers < 3 else 0)
    return low, high


def _points_to_half(value: int | float | str | Fraction | Decimal) -> int:
    """Exact conversion of a card-point count to half points; rejects non-multiples of 0.5."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction | Decimal):
        raise ScoringError(
            f"attack_points must be a number of points (int, float, str, Fraction or Decimal), "
            f"got {value!r}"
        )
    try:
        exact = Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ScoringError(
            f"attack_points must be a number of points such as 48 or 48.5, got {value!r}"
        ) from None
    doubled = exact * 2
    if doubled.denominator != 1:
        raise ScoringError(
            f"attack_points must be a multiple of 0.5 (card points are counted in half points, "
            f"FT-1.5), got {value!r}"
        )
    return int(doubled)


# --------------------------------------------------------------------------------------------------
# the summary of a deal


@attrs.frozen
class ScoreSummary:
    """Everything needed to score one French Tarot deal (FT-13, FT-14).

    Fields (all validated on construction; a :class:`ScoringError`, which is a ``ValueError``, says
    what was expected):

    - ``players``: 3, 4 or 5 (FT-2.1).
    - ``contract``: the :class:`~tarotlib.variants.french_tarot.types.Contract`; its multiplier is m
      (FT-4.2, FT-14.1).
    - ``taker``: the taker's seat, ``0 .. players-1`` (FT-0.4).
    - ``attack_half_points``: the attack's card points **in half points** (0..182), counted on the
      attack's pile of FT-13.1 and already adjusted for an unpaid Excuse debt (FT-13.3, FT-10.6).
      Use :meth:`from_points` to give points instead.
    - ``oudlers``: the number of oudlers (0..3) in the attack's pile after FT-10; it sets the target
      (FT-1.7, FT-13.2). It must be compatible with ``attack_half_points`` (each oudler is worth 9
      half points, FT-1.5).
    - ``partner``: 5 players only: the called partner's seat (FT-5); ``None`` when the taker plays
      alone (he called himself or the called card was in the chien, FT-5.3) and always with 3 or 4
      players. Must differ from the taker.
    - ``petit_au_bout``: the camp that won the bout trick holding the Petit (FT-11): ``Camp.ATTACK``
      gives pab = +1, ``Camp.DEFENCE`` pab = −1, ``None`` (no Petit au bout) pab = 0 (FT-11.3).
    - ``declarations``: every declared poignée (FT-8.5) and, with the BGA option, misère (FT-8.6);
      at most one poignée per seat and each misère kind at most once per seat (FT-8.2, FT-8.6).
    - ``slam_announced``: the taker announced a slam (FT-7).
    - ``attack_all_tricks``: the attack won every trick (FT-12.1).
    - ``defence_all_tricks``: the defence won every trick (FT-12.1). Not both; and the Petit au bout
      cannot then belong to the other camp.

    >>> from tarotlib.variants.french_tarot.types import Camp, Contract
    >>> summary = ScoreSummary(
    ...     players=5, contract=Contract.GARDE, taker=2, attack_half_points=94, oudlers=2,
    ...     partner=4, petit_au_bout=Camp.ATTACK,
    ... )
    >>> summary.attack_points
    47
    >>> try:
    ...     ScoreSummary(players=4, contract=Contract.GARDE, taker=0, attack_half_points=94,
    ...                  oudlers=2, partner=1)
    ... except ScoringError as exc:
    ...     print(exc)
    partner is only for 5 players (called partner, FT-5); got partner=1 with 4 players (use None)
    """

    players: int
    contract: Contract
    taker: int
    attack_half_points: int
    oudlers: int
    partner: int | None = None
    petit_au_bout: Camp | None = None
    declarations: tuple[Declaration, ...] = attrs.field(default=(), converter=_to_declarations)
    slam_announced: bool = False
    attack_all_tricks: bool = False
    defence_all_tricks: bool = False

    def __attrs_post_init__(self) -> None:
        _check_int("players", self.players, 3, 5, "3, 4 or 5 (FT-2.1)")
        if not isinstance(self.contract, Contract):
            raise ScoringError(
                "contract must be a Contract (PRISE, GARDE, GARDE_SANS or GARDE_CONTRE; "
                f"Contract.parse() reads names), got {self.contract!r}"
            )
        last = self.players - 1
        seats = f"a seat from 0 to {last} ({self.players} players)"
        _check_int("taker", self.taker, 0, last, seats)
        _check_int(
            "attack_half_points",
            self.attack_half_points,
            0,
            TOTAL_HALF_POINTS,
            "an integer from 0 to 182 (half points; the pack is worth 91 points, FT-1.5)",
        )
        _check_int("oudlers", self.oudlers, 0, 3, "an integer from 0 to 3 (FT-1.4, FT-13.2)")
        low, high = _oudler_bounds(self.oudlers)
        if not low <= self.attack_half_points <= high:
            raise ScoringError(
                f"attack_half_points={self.attack_half_points} "
                f"({_half_to_text(self.attack_half_points)} points) is impossible with "
                f"{self.oudlers} oudler(s) in the attack's pile: expected {low} to {high} half "
                f"points (each oudler is worth 4.5 points, FT-1.5; Excuse debt ±0.5, FT-13.3)"
            )
        if self.partner is not None:
            if self.players != 5:
                raise ScoringError(
                    f"partner is only for 5 players (called partner, FT-5); "
                    f"got partner={self.partner!r} with {self.players} players (use None)"
                )
            _check_int("partner", self.partner, 0, last, f"None or {seats}")
            if self.partner == self.taker:
                raise ScoringError(
                    f"partner must differ from the taker (seat {self.taker}); a taker who calls "
                    f"himself plays alone: use partner=None (FT-5.3)"
                )
        if self.petit_au_bout is not None and not isinstance(self.petit_au_bout, Camp):
            raise ScoringError(
                "petit_au_bout must be Camp.ATTACK, Camp.DEFENCE or None (FT-11.3), "
                f"got {self.petit_au_bout!r}"
            )
        self._check_declarations(last)
        _check_bool("slam_announced", self.slam_announced)
        _check_bool("attack_all_tricks", self.attack_all_tricks)
        _check_bool("defence_all_tricks", self.defence_all_tricks)
        if self.attack_all_tricks and self.defence_all_tricks:
            raise ScoringError(
                "attack_all_tricks and defence_all_tricks cannot both be true (FT-12.1)"
            )
        if self.attack_all_tricks and self.petit_au_bout is Camp.DEFENCE:
            raise ScoringError(
                "petit_au_bout=Camp.DEFENCE is impossible when the attack won every trick: "
                "the defence won no bout trick (FT-11.1, FT-12.1)"
            )
        # The converse (defence_all_tricks with petit_au_bout=ATTACK) is possible: under option O-12
        # "penalise_defence" a defender's Petit won by another defender counts for the attack.

    def _check_declarations(self, last: int) -> None:
        poignee_seats: set[int] = set()
        miseres: set[tuple[int, DeclarationKind]] = set()
        for index, declaration in enumerate(self.declarations):
            where = f"declarations[{index}]"
            if not isinstance(declaration, Declaration):
                raise ScoringError(f"{where} must be a Declaration, got {declaration!r}")
            if not isinstance(declaration.kind, DeclarationKind):
                raise ScoringError(
                    f"{where}.kind must be a DeclarationKind, got {declaration.kind!r}"
                )
            _check_int(
                f"{where}.seat",
                declaration.seat,
                0,
                last,
                f"a seat from 0 to {last} ({self.players} players)",
            )
            if declaration.kind.is_poignee:
                if declaration.seat in poignee_seats:
                    raise ScoringError(
                        f"{where}: seat {declaration.seat} declared a second poignée; "
                        f"expected at most one poignée per player (FT-8.2)"
                    )
                poignee_seats.add(declaration.seat)
            else:
                key = (declaration.seat, declaration.kind)
                if key in miseres:
                    raise ScoringError(
                        f"{where}: seat {declaration.seat} declared "
                        f"{_DECLARATION_LABELS[declaration.kind]} twice; expected each misère "
                        f"kind at most once per player (FT-8.6)"
                    )
                miseres.add(key)

    @classmethod
    def from_points(
        cls,
        *,
        players: int,
        contract: Contract,
        taker: int,
        attack_points: int | float | str | Fraction | Decimal,
        oudlers: int,
        partner: int | None = None,
        petit_au_bout: Camp | None = None,
        declarations: Iterable[Declaration] = (),
        slam_announced: bool = False,
        attack_all_tricks: bool = False,
        defence_all_tricks: bool = False,
    ) -> ScoreSummary:
        """Build a summary from the attack's points (a multiple of 0.5) instead of half points.

        ``attack_points`` may be an ``int``, a ``float``, a ``str`` (``"48.5"``), a ``Fraction``
        or a ``Decimal``; it is converted exactly and must be a multiple of 0.5 (FT-1.5, FT-13.3).

        >>> from tarotlib.variants.french_tarot.types import Contract
        >>> ScoreSummary.from_points(
        ...     players=3, contract=Contract.GARDE, taker=1, attack_points=50.5, oudlers=1
        ... ).attack_half_points
        101
        >>> try:
        ...     ScoreSummary.from_points(
        ...         players=3, contract=Contract.GARDE, taker=1, attack_points="50.25", oudlers=1
        ...     )
        ... except ScoringError as exc:
        ...     print(exc)
        attack_points must be a multiple of 0.5 (card points are counted in half points, FT-1.5), \
got '50.25'
        """
        return cls(
            players=players,
            contract=contract,
            taker=taker,
            attack_half_points=_points_to_half(attack_points),
            oudlers=oudlers,
            partner=partner,
            petit_au_bout=petit_au_bout,
            declarations=tuple(declarations),
            slam_announced=slam_announced,
            attack_all_tricks=attack_all_tricks,
            defence_all_tricks=defence_all_tricks,
        )

    @property
    def attack_points(self) -> float:
        """The attack's points P (FT-13.3): an ``int`` when whole, else an exact ``x.5`` float."""
        return _half_to_number(self.attack_half_points)

    @property
    def defence_points(self) -> float:
        """The defence's points, 91 − P (FT-13.4)."""
        return _half_to_number(TOTAL_HALF_POINTS - self.attack_half_points)

    @property
    def attack_seats(self) -> tuple[int, ...]:
        """The taker and, in 5p, the partner (FT-0.4)."""
        return (self.taker,) if self.partner is None else (self.taker, self.partner)


# --------------------------------------------------------------------------------------------------
# the score of a deal


@attrs.frozen
class FrenchTarotScore:
    """The score of one deal with its readable breakdown (FT-13.5, FT-14).

    Descriptive field names; the FT-14.1 symbols are available as the properties ``m``, ``s``,
    ``M``, ``B``, ``C`` and ``D``. ``scores`` holds the amount won (+) or paid (−) by each seat
    (FT-14.2); it always sums to zero. :meth:`lines` / ``str()`` explain the computation.

    >>> from tarotlib.variants.french_tarot.types import Camp, Contract
    >>> score = score_deal(ScoreSummary(
    ...     players=3, contract=Contract.PRISE, taker=2, attack_half_points=104, oudlers=1,
    ...     petit_au_bout=Camp.ATTACK,
    ... ))
    >>> (score.m, score.s, score.M, score.pab, score.B, score.C, score.D)
    (1, 1, 1, 1, 0, 0, 36)
    >>> score.scores
    (-36, -36, 72)
    """

    summary: ScoreSummary
    """The input."""
    defence_slam_bonus: int
    """The defence slam bonus used (option O-11)."""
    contract: Contract
    multiplier: int
    """m (FT-14.1)."""
    oudlers: int
    target: int
    """Target in points for ``oudlers`` (FT-1.7)."""
    attack_half_points: int
    attack_points: float
    """P (FT-13.3), e.g. ``50.5``."""
    defence_points: float
    """91 − P (FT-13.4)."""
    made: bool
    """P ≥ target (FT-13.5)."""
    sign: int
    """s: +1 made, −1 failed (FT-13.5)."""
    margin: int
    """M: |P − target| rounded up, whole points (FT-13.5)."""
    base: int
    """s · (25 + M) · m."""
    pab: int
    """+1 / 0 / −1 (FT-11.3)."""
    petit_au_bout_bonus: int
    """pab · 10 · m (FT-11.2, FT-11.3)."""
    declarations: tuple[Declaration, ...]
    declaration_bonuses: tuple[int, ...]
    """The bonus of each declaration, in the order of ``declarations`` (FT-8.1, FT-8.6)."""
    declaration_bonus: int
    """B: the sum of ``declaration_bonuses``, paid to the winning camp (FT-8.5)."""
    slam_bonus: int
    """C (FT-12.2), taker's sign."""
    slam_reason: str
    """Why C has its value, e.g. ``"announced slam made"``."""
    per_defender: int
    """D: what each defender pays the attack (negative: receives) (FT-14.1)."""
    scores: tuple[int, ...]
    """Per seat (FT-14.2): taker 2D/3D/2D(5p, partner D)/4D(5p alone), defenders −D."""

    @property
    def m(self) -> int:
        """The contract multiplier m (FT-14.1)."""
        return self.multiplier

    @property
    def s(self) -> int:
        """s = +1 if made, −1 if failed (FT-13.5)."""
        return self.sign

    @property
    def M(self) -> int:
        """The margin M (FT-13.5)."""
        return self.margin

    @property
    def B(self) -> int:
        """The total declaration bonus B (FT-8.5)."""
        return self.declaration_bonus

    @property
    def C(self) -> int:
        """The slam term C (FT-12.2)."""
        return self.slam_bonus

    @property
    def D(self) -> int:
        """The score per defender D, taker's sign (FT-14.1)."""
        return self.per_defender

    @property
    def declaration_term(self) -> int:
        """s · B, the declarations' contribution to D (FT-8.5)."""
        return self.sign * self.declaration_bonus

    @property
    def winning_camp(self) -> Camp:
        """The camp that won the contract: it gains the declaration bonuses (FT-8.5)."""
        return Camp.ATTACK if self.made else Camp.DEFENCE

    def result(self, *, game: str | None = None) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown:
        the contract's label, the taker, made — what the engine gives, and what a
        :class:`~tarotlib.match.Match` takes. ``game`` names the game whose deal it is (the
        engine gives it).

        FT-21.1: Garde Sans made by 12 with a simple poignée: D = 168, the taker +504.

        >>> from tarotlib.variants.french_tarot.types import Contract, Declaration, DeclarationKind
        >>> result = score_deal(ScoreSummary.from_points(
        ...     players=4, contract=Contract.GARDE_SANS, taker=0, attack_points=48, oudlers=3,
        ...     declarations=(Declaration(0, DeclarationKind.SIMPLE_POIGNEE),),
        ... )).result()
        >>> result.scores, result.contract, result.declarer, result.made
        ((504, -168, -168, -168), 'Garde Sans', 0, True)
        """
        return DealResult(
            self.scores,
            breakdown=self,
            contract=self.contract.label,
            declarer=self.summary.taker,
            made=self.made,
            game=game,
        )

    def lines(self) -> tuple[str, ...]:
        """A readable explanation, one step of FT-13 / FT-14 per line.

        >>> from tarotlib.variants.french_tarot.types import (
        ...     Camp, Contract, Declaration, DeclarationKind)
        >>> score = score_deal(ScoreSummary(
        ...     players=4, contract=Contract.GARDE, taker=0, attack_half_points=96, oudlers=1,
        ...     petit_au_bout=Camp.DEFENCE,
        ...     declarations=(Declaration(0, DeclarationKind.SIMPLE_POIGNEE),),
        ... ))
        >>> for line in score.lines():
        ...     print(line)
        Garde (×2), 1 oudler: target 51
        attack 48 points, defence 43: failed by 3
        base −(25 + 3) × 2 = −56
        petit au bout: defence, −10 × 2 = −20
        poignée simple (seat 0): 20 to the defence
        slam: none
        D = −56 − 20 − 20 = −96
        seat 0 (taker): −288
        seat 1: +96
        seat 2: +96
        seat 3: +96
        """
        summary = self.summary
        plural = "" if self.oudlers == 1 else "s"
        out = [
            f"{self.contract.label} (×{self.multiplier}), {self.oudlers} oudler{plural}: "
            f"target {self.target}"
        ]

        attack = _half_to_text(self.attack_half_points)
        defence = _half_to_text(TOTAL_HALF_POINTS - self.attack_half_points)
        if self.made and self.margin == 0:
            result = "made exactly (juste fait), margin 0"
        else:
            result = f"{'made' if self.made else 'failed'} by {self.margin}"
        if self.attack_half_points % 2:
            result += " (half point to the winning camp)"
        out.append(f"attack {attack} points, defence {defence}: {result}")

        sign = "+" if self.sign > 0 else "−"
        out.append(
            f"base {sign}({_CONTRACT_VALUE} + {self.margin}) × {self.multiplier} = "
            f"{signed(self.base)}"
        )

        if self.pab == 0:
            out.append("petit au bout: none")
        else:
            camp = "attack" if self.pab > 0 else "defence"
            out.append(
                f"petit au bout: {camp}, {signed(self.pab * _PETIT_AU_BOUT)} × "
                f"{self.multiplier} = {signed(self.petit_au_bout_bonus)}"
            )

        winner = "attack" if self.made else "defence"
        if not self.declarations:
            out.append("declarations: none")
        for declaration, bonus in zip(self.declarations, self.declaration_bonuses, strict=True):
            out.append(
                f"{_DECLARATION_LABELS[declaration.kind]} (seat {declaration.seat}): "
                f"{bonus} to the {winner}"
            )
        if len(self.declarations) > 1:
            out.append(
                f"declarations total B = {self.declaration_bonus} to the {winner}: "
                f"{signed(self.declaration_term)}"
            )

        if self.slam_bonus == 0 and self.slam_reason == "no slam":
            out.append("slam: none")
        else:
            out.append(f"slam: {self.slam_reason}, C = {signed(self.slam_bonus)}")

        terms = [self.base, self.petit_au_bout_bonus, self.declaration_term, self.slam_bonus]
        shown = [self.base] + [term for term in terms[1:] if term != 0]
        if len(shown) == 1:
            out.append(f"D = {signed(self.per_defender)}")
        else:
            expression = signed(shown[0]) + "".join(
                f" + {term}" if term > 0 else f" − {-term}" for term in shown[1:]
            )
            out.append(f"D = {expression} = {signed(self.per_defender)}")

        roles = {summary.taker: "taker"}
        if summary.partner is not None:  # never the taker (FT-5.3)
            roles[summary.partner] = "partner"
        out.extend(seat_lines(self.scores, roles))
        return tuple(out)

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _slam_term(summary: ScoreSummary, defence_slam_bonus: int) -> tuple[int, str]:
    """C and its reason (FT-12.2; both lines with an announced slam and a defence slam, Q-6)."""
    bonus = 0
    reasons: list[str] = []
    if summary.attack_all_tricks:
        if summary.slam_announced:
            bonus += _SLAM_ANNOUNCED_MADE
            reasons.append("announced slam made")
        else:
            bonus += _SLAM_UNANNOUNCED_MADE
            reasons.append("unannounced slam made")
    elif summary.slam_announced:
        bonus -= _SLAM_ANNOUNCED_FAILED
        reasons.append("announced slam failed")
    if summary.defence_all_tricks:
        bonus -= defence_slam_bonus
        if defence_slam_bonus == 0:
            reasons.append("defence slam (no bonus: defence_slam_bonus = 0)")
        else:
            reasons.append(f"defence slam ({defence_slam_bonus} to each defender)")
        if summary.slam_announced:
            reasons.append("both apply (FT-19 Q-6)")
    return bonus, "; ".join(reasons) if reasons else "no slam"


def _seat_scores(summary: ScoreSummary, per_defender: int) -> tuple[int, ...]:
    """Per-seat amounts of FT-14.2."""
    scores = [-per_defender] * summary.players
    if summary.partner is not None:
        scores[summary.taker] = 2 * per_defender
        scores[summary.partner] = per_defender
    else:
        scores[summary.taker] = (summary.players - 1) * per_defender
    return tuple(scores)


def score_deal(
    summary: ScoreSummary, *, defence_slam_bonus: int = _DEFAULT_DEFENCE_SLAM_BONUS
) -> FrenchTarotScore:
    """Score one French Tarot deal (FT-13.5, FT-14.1, FT-14.2).

    ``D = s·(25 + M)·m + pab·10·m + s·B + C`` computed on integers: with h = attack half points −
    2·target, s = +1 iff h ≥ 0 (half a point short fails) and M = (|h| + 1) // 2 (the half point
    goes to the winning camp, FT-13.5). Petit au bout is multiplied by m but not by s (FT-11.3);
    declaration bonuses go to the winning camp and are not multiplied (FT-8.5, FT-8.6); the slam
    term C follows FT-12.2, with both lines when an announced slam meets a defence slam (FT-19 Q-6).

    ``defence_slam_bonus`` is option O-11: 200 (FFT) or 0 to disable the defence slam line (seed
    000); any non-negative integer is accepted.

    FT-21.1 (corrected): 4 players, Garde Sans, 3 oudlers, 48 points, a simple poignée:

    >>> from tarotlib.variants.french_tarot.types import Contract, Declaration, DeclarationKind
    >>> score = score_deal(ScoreSummary.from_points(
    ...     players=4, contract=Contract.GARDE_SANS, taker=0, attack_points=48, oudlers=3,
    ...     declarations=(Declaration(0, DeclarationKind.SIMPLE_POIGNEE),),
    ... ))
    >>> score.D, score.scores
    (168, (504, -168, -168, -168))
    >>> print(score.lines()[2], "|", score.lines()[-5])
    base +(25 + 12) × 4 = +148 | D = +148 + 20 = +168
    """
    if not _is_int(defence_slam_bonus) or defence_slam_bonus < 0:
        raise ScoringError(
            "defence_slam_bonus must be a non-negative integer (200 per FFT, 0 to disable; "
            f"option O-11, FT-12.2), got {defence_slam_bonus!r}"
        )
    if not isinstance(summary, ScoreSummary):
        raise ScoringError(f"score_deal expects a ScoreSummary, got {summary!r}")

    multiplier = summary.contract.multiplier
    target = _TARGETS[summary.oudlers]
    h = summary.attack_half_points - 2 * target
    sign = 1 if h >= 0 else -1
    margin = (abs(h) + 1) // 2
    base = sign * (_CONTRACT_VALUE + margin) * multiplier

    pab = {None: 0, Camp.ATTACK: 1, Camp.DEFENCE: -1}[summary.petit_au_bout]
    petit_au_bout_bonus = pab * _PETIT_AU_BOUT * multiplier

    bonuses = tuple(declaration.bonus for declaration in summary.declarations)
    declaration_bonus = sum(bonuses)

    slam_bonus, slam_reason = _slam_term(summary, defence_slam_bonus)

    per_defender = base + petit_au_bout_bonus + sign * declaration_bonus + slam_bonus
    return FrenchTarotScore(
        summary=summary,
        defence_slam_bonus=defence_slam_bonus,
        contract=summary.contract,
        multiplier=multiplier,
        oudlers=summary.oudlers,
        target=target,
        attack_half_points=summary.attack_half_points,
        attack_points=summary.attack_half_points / 2,
        defence_points=(TOTAL_HALF_POINTS - summary.attack_half_points) / 2,
        made=sign > 0,
        sign=sign,
        margin=margin,
        base=base,
        pab=pab,
        petit_au_bout_bonus=petit_au_bout_bonus,
        declarations=summary.declarations,
        declaration_bonuses=bonuses,
        declaration_bonus=declaration_bonus,
        slam_bonus=slam_bonus,
        slam_reason=slam_reason,
        per_defender=per_defender,
        scores=_seat_scores(summary, per_defender),
    )


# --------------------------------------------------------------------------------------------------
# Grash


@attrs.frozen
class GrashScore:
    """The score of a Grash deal (FT-15; BGA option O-6, played when all pass).

    Each seat scores (A − G) × N = T − N·G (FT-15.1, FT-15.2), where G is its card points, T the sum
    of all seats' card points and N the number of players. Computed exactly in half points; the
    scores always sum to zero.

    **Provisional (FT-15.3, not sourced):** BGA's rules page leaves the details unknown; this library scores
    the piles it is given exactly (no rounding), and the caller follows the provisional rules of
    FT-15.3 to build them (the chien counts for nobody, so T = 91 − chien points; no declarations,
    slam or Petit au bout; the Excuse exchange between single-player camps).

    >>> grash = score_grash([40, 50, 45, 41])
    >>> grash.total_points, grash.scores
    (88, (8, -12, -2, 6))
    >>> print(grash.lines()[1])
    seat 0: 20 points, 88 − 4 × 20 = +8
    """

    card_half_points: tuple[int, ...]
    """Each seat's pile in half points (after the Excuse exchange)."""
    total_half_points: int
    """2T."""
    half_point_scores: tuple[int, ...]
    """Each seat's score in half points: 2·(T − N·G)."""
    scores: tuple[float, ...]
    """Each seat's score T − N·G: an ``int`` when whole, an exact ``x.5`` float otherwise."""

    @property
    def players(self) -> int:
        """N (FT-15.1)."""
        return len(self.card_half_points)

    @property
    def card_points(self) -> tuple[float, ...]:
        """Each seat's card points G (``int`` when whole, exact ``x.5`` float otherwise)."""
        return tuple(_half_to_number(half) for half in self.card_half_points)

    @property
    def total_points(self) -> float:
        """T, the sum of all seats' card points (FT-15.2)."""
        return _half_to_number(self.total_half_points)

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult` (contract ``Grash``), this score
        as its breakdown.

        >>> score_grash([40, 50, 45, 41]).result().scores
        (8, -12, -2, 6)
        """
        return DealResult(self.scores, breakdown=self, contract="Grash")

    def lines(self) -> tuple[str, ...]:
        """A readable explanation (FT-15.2; provisional choices of FT-15.3).

        >>> for line in score_grash([20, 21, 95]).lines():
        ...     print(line)
        Grash, 3 players: T = 68 points (the chien counts for nobody; FT-15.3 provisional)
        seat 0: 10 points, 68 − 3 × 10 = +38
        seat 1: 10.5 points, 68 − 3 × 10.5 = +36.5
        seat 2: 47.5 points, 68 − 3 × 47.5 = −74.5
        """
        total = _half_to_text(self.total_half_points)
        out = [
            f"Grash, {self.players} players: T = {total} points "
            "(the chien counts for nobody; FT-15.3 provisional)"
        ]
        for seat, (pile, score) in enumerate(
            zip(self.card_half_points, self.half_point_scores, strict=True)
        ):
            points = _half_to_text(pile)
            formula = f"{total} − {self.players} × {points} = {signed(_half_to_number(score))}"
            out.append(seat_line(seat, f"{points} points, {formula}"))
        return tuple(out)

    def __str__(self) -> str:
        return "\n".join(self.lines())


def score_grash(card_half_points: Sequence[int]) -> GrashScore:
    """Score a Grash deal from each seat's pile in half points (FT-15; provisional FT-15.3).

    ``card_half_points[i]`` is seat i's card points × 2; N = ``len(card_half_points)`` must be 3, 4
    or 5, each pile 0..182 and their sum at most 182 (the pack is 91 points, FT-1.5). Each seat's
    score is T − N·G, kept exact (FT-15.2, FT-15.3): whole scores are ``int``, others ``x.5``.

    >>> score_grash([60, 51, 61]).scores
    (-4, 9.5, -5.5)
    >>> try:
    ...     score_grash([60, 51])
    ... except ScoringError as exc:
    ...     print(exc)
    card_half_points must hold one pile per player (3, 4 or 5 piles, FT-15), got 2
    """
    if isinstance(card_half_points, str | bytes) or not isinstance(card_half_points, Sequence):
        raise ScoringError(
            f"card_half_points must be a sequence of half-point counts, got {card_half_points!r}"
        )
    piles = tuple(card_half_points)
    if not 3 <= len(piles) <= 5:
        raise ScoringError(
            f"card_half_points must hold one pile per player (3, 4 or 5 piles, FT-15), "
            f"got {len(piles)}"
        )
    for seat, pile in enumerate(piles):
        _check_int(
            f"card_half_points[{seat}]",
            pile,
            0,
            TOTAL_HALF_POINTS,
            "an integer from 0 to 182 (half points, FT-1.5)",
        )
    total = sum(piles)
    if total > TOTAL_HALF_POINTS:
        raise ScoringError(
            f"card_half_points sum to {total} ({_half_to_text(total)} points); expected at most "
            f"182 half points (the pack is worth 91 points, FT-1.5)"
        )
    players = len(piles)
    half_scores = tuple(total - players * pile for pile in piles)
    return GrashScore(
        card_half_points=piles,
        total_half_points=total,
        half_point_scores=half_scores,
        scores=tuple(_half_to_number(score) for score in half_scores),
    )


# --------------------------------------------------------------------------------------------------
# from a played deal to its summary (the engine scores every deal through score_deal)


def petit_au_bout_of(state: FrenchTarotState) -> Camp | None:
    """FT-11: the camp credited with the Petit au bout of a played deal, if any.

    >>> import random, tarotlib
    >>> rng = random.Random(2)
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> petit_au_bout_of(state) is None
    True
    """
    n = state.rules.players
    camps = state.data.sides
    tricks = state.trick_list  # (leader, card indices, winner): no trick objects built here
    leader, cards, winner = tricks[-1]
    bout = [tricks[-1]]
    if EXCUSE in cards and winner == (leader + cards.index(EXCUSE)) % n:
        bout.append(tricks[-2])  # FT-11.1: won by the Excuse, the penultimate trick counts
    for leader, cards, winner in bout:
        if PETIT in cards:
            camp = Camp(camps[winner])
            player = (leader + cards.index(PETIT)) % n
            if (
                camp == Camp.DEFENCE
                and camps[player] == Camp.DEFENCE
                and player != winner
                and state.rules.options.petit_au_bout_within_defence == "penalise_defence"
            ):
                return Camp.ATTACK  # O-12, BGA's rules page's reading
            return camp
    return None


def _half_points(mask: int) -> int:
    """A pile's points in half points, counted in pairs (FT-1.6) with the core primitive."""
    return FRENCH_TAROT_POINTS.count_units(mask)  # group size 2: units of half a point


def _engine_summary(**fields: object) -> ScoreSummary:
    """A :class:`ScoreSummary` built by the engine from a played deal (every field given), whose
    values are right by construction: the checks meant for hand-written summaries are skipped
    (speed; the oracle checks the engine's results independently)."""
    summary: ScoreSummary = object.__new__(ScoreSummary)
    for name in _SUMMARY_FIELDS:
        object.__setattr__(summary, name, fields[name])
    return summary


_SUMMARY_FIELDS: Final = tuple(f.name for f in attrs.fields(ScoreSummary))


def result_of(state: FrenchTarotState, excuse: ExcuseRule) -> DealResult:
    """The result of a played deal: the attack's pile (tricks, écart or chien, FT-13.1) counted
    in pairs with the Excuse's debt settled (FT-10.6, FT-13.3), its oudlers, the Petit au bout,
    the declarations and the slam, scored by :func:`score_deal` (Grash: :func:`score_grash`) —
    what the engine does at the end of every deal.

    >>> import random, tarotlib
    >>> rng = random.Random(2)
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> excuse = state.rules.phase_list[-2].fool
    >>> result_of(state, excuse) == state.result
    True
    """
    d = state.data
    n = state.rules.players
    camps = d.sides
    debt = excuse.debt(state)
    contract = state.contract
    if contract is None:  # FT-15: Grash
        halves = []
        for seat in range(n):
            h = _half_points(state.pile_mask(seat))
            if debt is not None:
                debtor, creditor = debt
                h += -1 if seat == debtor else (1 if seat == creditor else 0)
            halves.append(h)
        return score_grash(halves).result()
    attack = 0
    for seat in range(n):
        if camps[seat] == Camp.ATTACK:
            attack |= state.pile_mask(seat)
    if contract.takes_chien:
        attack |= d.discard
    elif contract == Contract.GARDE_SANS:
        attack |= d.kitty
    attack_halves = _half_points(attack)
    if debt is not None:  # FT-10.6: never paid, settle as -0.5 / +0.5
        attack_halves += -1 if debt[0] == Camp.ATTACK else 1
    winning_camps = {camps[t[2]] for t in state.trick_list}  # FT-12.1
    summary = _engine_summary(
        players=n,
        contract=contract,
        taker=d.declarer,
        attack_half_points=attack_halves,
        oudlers=(attack & OUDLERS_MASK).bit_count(),
        partner=None if d.partner < 0 else d.partner,
        petit_au_bout=petit_au_bout_of(state),
        declarations=tuple(state.declarations),
        slam_announced=state.slam_announced,
        attack_all_tricks=winning_camps == {Camp.ATTACK},
        defence_all_tricks=winning_camps == {Camp.DEFENCE},
    )
    score = score_deal(summary, defence_slam_bonus=state.rules.options.defence_slam_bonus)
    return score.result(game=state.rules.name)
