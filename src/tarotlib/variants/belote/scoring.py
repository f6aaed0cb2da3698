"""Belote scoring as a pure function (BE-9.3, BE-10.4 – BE-10.6, BE-11).

:func:`score_deal` turns a :class:`DealSummary` (what a score-keeper writes down at the end of a
deal: contract, taker, each team's card points and tricks, who won the last trick, completed
belotes and declarations) into a :class:`BeloteScore`: the totals of BE-11.3, the outcome of BE-11.4,
what each team is credited now (BE-11.5 – BE-11.8) and the points set aside by a litige. The
match-level carry of BE-11.7 is :func:`settle`. The game engine calls exactly these functions; a
score-keeping app can call them on its own. All Belote points are integers.

Teams are numbered 0 (seats 0 and 2) and 1 (seats 1 and 3); every per-team pair is indexed by team.

BE-15 E3, the seed's made contract: attack 73 card points + 10 dix de der = 83, defence 79.

>>> from tarotlib.variants.belote.types import Contract
>>> e3 = DealSummary(
...     contract=Contract.SPADES, taker=0, card_points=(73, 79), tricks=(4, 4), last_trick=0
... )
>>> score = score_deal(e3)
>>> score.outcome, score.tot, score.team_scores, score.scores, score.winner_team
(<Outcome.MADE: 'made'>, (83, 79), (83, 79), (83, 79, 83, 79), 0)
>>> print(score)
contract ♠ (spades), taker seat 0: attack team 0 (seats 0 & 2), defence team 1 (seats 1 & 3)
                    attack  defence
card points             73       79
dix de der              10        0
belote                   0        0
declarations             0        0
total                   83       79
outcome: made (83 > 79); the attack wins the deal
score                   83       79
carry out: 0
seats: 0: 83, 1: 79, 2: 83, 3: 79
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from tarotlib.core.cards import PIQUET_NOTATION, Rank, Suit, suit_card
from tarotlib.core.results import DealResult
from tarotlib.errors import ScoringError
from tarotlib.variants.belote.declarations import (
    best_team,
    combination_error,
    declaration_key,
    describe,
)
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.tables import contract_table
from tarotlib.variants.belote.types import (
    NATURAL_RANKS,
    Announcement,
    Combination,
    Contract,
    Outcome,
    team_of,
)

if TYPE_CHECKING:
    from tarotlib.variants.belote.state import BeloteState

__all__ = [
    "BELOTE_POINTS",
    "DEFAULT_OPTIONS",
    "BeloteScore",
    "DealSummary",
    "ScoringError",
    "round_points",
    "score_deal",
    "settle",
]

BELOTE_POINTS = 20
"""A completed belote-rebelote is worth 20 to its holder's team (BE-9.2)."""

TRICKS = 8
"""Tricks per deal (BE-8.4)."""

DEFAULT_OPTIONS = BeloteOptions()
"""The default options (preset ``ffb``, BE-13)."""

_DER = 10
_CAPOT_DER = 100
"""Dix de der (BE-11.1) and its capot value (BE-11.2)."""


def _max_belotes(contract: Contract) -> int:
    """Completed belotes possible in a deal: one in a suit contract, up to four in TA, none in SA
    (BE-9.1)."""
    if contract.is_suit:
        return 1
    return 4 if contract is Contract.ALL_TRUMPS else 0


# --------------------------------------------------------------------------------------------------
# helpers


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(name: str, value: object) -> tuple[int, int]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ScoringError(f"{name} must be a pair of integers (team 0, team 1), got {value!r}")
    items = tuple(value)
    if len(items) != 2 or not all(_is_int(v) for v in items):
        raise ScoringError(f"{name} must be a pair of integers (team 0, team 1), got {value!r}")
    return (items[0], items[1])


def _card_points(value: Iterable[int]) -> tuple[int, int]:
    return _pair("card_points", value)


def _tricks(value: Iterable[int]) -> tuple[int, int]:
    return _pair("tricks", value)


def _belotes(value: Iterable[int]) -> tuple[int, int]:
    return _pair("belotes", value)


def _combinations(value: Iterable[Combination]) -> tuple[Combination, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ScoringError(f"declarations must be a sequence of Combination, got {value!r}")
    return tuple(value)


def _seat_error(value: object) -> bool:
    """True unless ``value`` is a seat 0–3."""
    return not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3)


def round_points(points: int, rounding: str) -> int:
    """An amount credited to a team, rounded per option ``rounding`` (BE-11.8).

    ``none``: unchanged; ``half_up``: to the nearest 10, a final 5 rounds up; ``six_up``: a final
    1–5 rounds down, 6–9 up.

    >>> [round_points(85, r) for r in ("none", "half_up", "six_up")]
    [85, 90, 80]
    >>> round_points(162, "half_up"), round_points(252, "six_up"), round_points(86, "six_up")
    (160, 250, 90)
    """
    if rounding == "none":
        return points
    if rounding == "half_up":
        return (points + 5) // 10 * 10
    if rounding == "six_up":
        return (points + 4) // 10 * 10
    raise ScoringError(f"rounding must be none, half_up or six_up (BE-11.8), got {rounding!r}")


# --------------------------------------------------------------------------------------------------
# the summary of a deal


@attrs.frozen
class DealSummary:
    """Everything needed to score one Belote deal (BE-11.3).

    Fields (checked on construction, and against the options by :func:`score_deal`; a
    :class:`~tarotlib.errors.ScoringError`, which is a ``ValueError``, says what was expected):

    - ``contract``: the :class:`~tarotlib.variants.belote.types.Contract`.
    - ``taker``: the taker's seat (0–3); the attack is ``taker % 2`` (BE-4.6).
    - ``card_points``: card points won by team 0 and team 1 (BE-6); they must sum to the contract
      table's ``CARDS`` (152, or 248 / 120 with ``ta_sa_points = unscaled``; BE-6.6).
    - ``tricks``: tricks won by each team; they sum to 8. A team with no trick has no card points.
    - ``last_trick``: the team that won the eighth trick (dix de der, BE-11.1); it won a trick.
    - ``belotes``: completed, scoring belotes by holder's team (BE-9): at most 1 in all in a suit
      contract, up to 4 in TA, none in SA.
    - ``declarations``: every combination declared in the deal, by both teams (BE-10). Cards of
      different seats never overlap, and a seat's combinations share a card only when one is a
      carré and the other a sequence (BE-10.2).
    - ``first_declarer``: the seat that declared first in the first trick, or None; used only to
      break an exact tie under ``declaration_tie = first_announcer`` (BE-10.4).

    >>> DealSummary(Contract.HEARTS, 1, (100, 52), (5, 4), 0)
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: tricks must sum to 8 (BE-8.4), got (5, 4)
    """

    contract: Contract
    taker: int
    card_points: tuple[int, int] = attrs.field(converter=_card_points)
    tricks: tuple[int, int] = attrs.field(converter=_tricks)
    last_trick: int
    belotes: tuple[int, int] = attrs.field(default=(0, 0), converter=_belotes)
    declarations: tuple[Combination, ...] = attrs.field(default=(), converter=_combinations)
    first_declarer: int | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.contract, Contract):
            raise ScoringError(
                "contract must be a Contract (Contract.parse() reads ♠, TA, no-trumps…), "
                f"got {self.contract!r}"
            )
        if _seat_error(self.taker):
            raise ScoringError(f"taker must be a seat from 0 to 3, got {self.taker!r}")
        if any(p < 0 for p in self.card_points):
            raise ScoringError(f"card_points cannot be negative, got {self.card_points}")
        if any(t < 0 for t in self.tricks) or sum(self.tricks) != TRICKS:
            raise ScoringError(f"tricks must sum to 8 (BE-8.4), got {self.tricks}")
        if not _is_int(self.last_trick) or self.last_trick not in (0, 1):
            raise ScoringError(
                f"last_trick must be the team (0 or 1) that won the eighth trick, "
                f"got {self.last_trick!r}"
            )
        for team in (0, 1):
            if self.tricks[team] == 0:
                if self.card_points[team]:
                    raise ScoringError(
                        f"team {team} won no trick but has {self.card_points[team]} card points"
                    )
                if self.last_trick == team:
                    raise ScoringError(f"team {team} won no trick, so it cannot win the last trick")
        self._check_belotes()
        self._check_declarations()

    def _check_belotes(self) -> None:
        if any(b < 0 for b in self.belotes):
            raise ScoringError(f"belotes cannot be negative, got {self.belotes}")
        limit = _max_belotes(self.contract)
        if sum(self.belotes) > limit:
            where = {
                1: "one belote in all in a suit contract (the trump K and Q)",
                4: "four belotes in TA (one K and Q per suit)",
                0: "no belote in SA",
            }[limit]
            raise ScoringError(f"belotes={self.belotes} is impossible: {where} (BE-9.1)")

    def _check_declarations(self) -> None:
        owner: dict[int, int] = {}
        for index, combo in enumerate(self.declarations):
            where = f"declarations[{index}]"
            if not isinstance(combo, Combination):
                raise ScoringError(f"{where} must be a Combination, got {combo!r}")
            if _seat_error(combo.seat):
                raise ScoringError(f"{where}.seat must be a seat from 0 to 3, got {combo.seat!r}")
            problem = combination_error(combo)
            if problem is not None:
                raise ScoringError(f"{where}: {problem} (BE-10.1)")
            for card in combo.cards:
                seat = owner.setdefault(card, combo.seat)
                if seat != combo.seat:
                    raise ScoringError(
                        f"{where}: {PIQUET_NOTATION.pretty(card)} is also in a combination "
                        f"declared by seat {seat}"
                    )
            for other in self.declarations[:index]:
                if other.seat != combo.seat:
                    continue
                if set(other.cards) == set(combo.cards):
                    raise ScoringError(f"{where}: {describe(combo)} is declared twice")
                if _runs_touch(other, combo):
                    raise ScoringError(
                        f"{where}: {describe(combo)} and {describe(other)} (seat {combo.seat}) "
                        "are not two maximal runs: a run is never split (BE-10.1)"
                    )
        if self.first_declarer is not None:
            if _seat_error(self.first_declarer):
                raise ScoringError(
                    f"first_declarer must be None or a seat from 0 to 3, got {self.first_declarer!r}"
                )
            if all(combo.seat != self.first_declarer for combo in self.declarations):
                raise ScoringError(
                    f"first_declarer={self.first_declarer} declared nothing; expected one of the "
                    "declaring seats, or None"
                )

    @property
    def attack(self) -> int:
        """The attack: the taker's team (BE-4.6)."""
        return team_of(self.taker)


def _engine_summary(
    contract: Contract,
    taker: int,
    card_points: tuple[int, int],
    tricks: tuple[int, int],
    last_trick: int,
    belotes: tuple[int, int],
    declarations: tuple[Combination, ...],
    first_declarer: int | None,
) -> DealSummary:
    """A :class:`DealSummary` built by the engine from a played deal, whose values are right by
    construction: the field checks meant for hand-written summaries are skipped (speed)."""
    summary: DealSummary = object.__new__(DealSummary)
    for name, value in (
        ("contract", contract),
        ("taker", taker),
        ("card_points", card_points),
        ("tricks", tricks),
        ("last_trick", last_trick),
        ("belotes", belotes),
        ("declarations", declarations),
        ("first_declarer", first_declarer),
    ):
        object.__setattr__(summary, name, value)
    return summary


_NATURAL_INDEX = {int(rank): i for i, rank in enumerate(NATURAL_RANKS)}


def _runs_touch(a: Combination, b: Combination) -> bool:
    """Two sequences of one suit that overlap or are adjacent: they would be one run (BE-10.1)."""
    if a.kind.is_carre or b.kind.is_carre or a.cards[0] // 14 != b.cards[0] // 14:
        return False
    ia = [_NATURAL_INDEX[c % 14 + 1] for c in a.cards]
    ib = [_NATURAL_INDEX[c % 14 + 1] for c in b.cards]
    return min(ia) <= max(ib) + 1 and min(ib) <= max(ia) + 1


# --------------------------------------------------------------------------------------------------
# the score of a deal


def _by_team(attack: int, attack_value: int, defence_value: int) -> tuple[int, int]:
    return (attack_value, defence_value) if attack == 0 else (defence_value, attack_value)


@attrs.frozen
class BeloteScore:
    """The score of one deal with its breakdown (BE-11.10). Every pair is indexed by team (0, 1).

    The BE-11.3 symbols are available as properties: ``cp``, ``der``, ``bel``, ``decl``, ``dec``
    and ``tot``. ``team_scores`` is what each team is credited for this deal now (rounded,
    BE-11.8); ``scores`` repeats it per seat. ``carry_out`` is set aside by a litige under
    ``litige = carry`` (BE-11.7) for the winner of the next played deal; :func:`settle` applies it.

    BE-15 E6 variant: the attack's belote cannot save the contract; it keeps it (``holder``):

    >>> s = DealSummary(Contract.SPADES, 0, (62, 90), (3, 5), 1, belotes=(1, 0))
    >>> score = score_deal(s)
    >>> score.outcome, score.tot, score.team_scores, score.winner_team
    (<Outcome.FAILED: 'failed'>, (82, 100), (20, 162), 1)
    """

    summary: DealSummary
    """The input."""
    options: BeloteOptions
    """The options used."""
    cards_total: int
    """``CARDS`` of the contract's table (BE-6.6)."""
    deal_total: int
    """``DEAL_TOTAL`` = CARDS + 10 (BE-6.6)."""
    capot_total: int
    """``CAPOT_TOTAL`` = CARDS + 100 (BE-6.6)."""
    attack: int
    """The attack team (the taker's team)."""
    card_points: tuple[int, int]
    """cp (BE-11.3)."""
    dix_de_der: tuple[int, int]
    """der: 10 for the last trick, 100 for a capot, else 0 (BE-11.1, BE-11.2)."""
    capot: tuple[bool, bool]
    """Whether the team won all eight tricks (BE-11.2)."""
    belote_points: tuple[int, int]
    """bel: 20 per completed belote (BE-9)."""
    declaration_team: int | None
    """The team holding the best declaration (BE-10.4), or None (nothing declared, or an exact tie
    under ``declaration_tie = none``)."""
    declarations: tuple[tuple[Combination, ...], tuple[Combination, ...]]
    """Per team, the combinations that make up ``decl``: all the declarations of the best team
    (both partners'), none for the other team (BE-10.4)."""
    declaration_points: tuple[int, int]
    """decl: the sum of ``declarations`` (BE-11.3)."""
    counted_declarations: tuple[int, int]
    """dec: ``decl``, or 0 for a team without a trick under ``declarations_need_trick``
    (BE-10.5, BE-11.3)."""
    totals: tuple[int, int]
    """tot = cp + der + bel + dec (BE-11.3)."""
    equal_totals: bool
    """tot[A] == tot[B]; a litige unless option ``litige`` counts it as failed or made (BE-11.4)."""
    outcome: Outcome
    """How the deal was scored: made, failed (including a tie under ``litige = failed``) or litige
    (BE-11.4)."""
    failure_base: int
    """On failure: 162 (``DEAL_TOTAL``), or 252 (``CAPOT_TOTAL``) for a defence capot under
    ``defence_capot = capot`` (BE-11.6); 0 otherwise."""
    belote_kept: int
    """keep: the attack's belote points it keeps on failure or in a litige (``belote_on_failure =
    holder``; BE-11.6, BE-11.7); 0 otherwise."""
    raw_scores: tuple[int, int]
    """Each team's deal score before rounding (BE-11.5 – BE-11.7)."""
    team_scores: tuple[int, int]
    """Each team's deal score as credited now, rounded per option ``rounding`` (BE-11.8)."""
    scores: tuple[int, int, int, int]
    """Per seat: each seat gets its team's ``team_scores``."""
    carry_out: int
    """new_carry = tot[A] − keep in a litige under ``litige = carry``, set aside unrounded for the
    next played deal's winner (BE-11.7); 0 otherwise."""
    winner_team: int | None
    """The attack if made, the defence if failed, None in a litige (BE-11.5 – BE-11.7)."""

    @property
    def defence(self) -> int:
        """The defence team."""
        return 1 - self.attack

    @property
    def cp(self) -> tuple[int, int]:
        """BE-11.3 ``cp``."""
        return self.card_points

    @property
    def der(self) -> tuple[int, int]:
        """BE-11.3 ``der``."""
        return self.dix_de_der

    @property
    def bel(self) -> tuple[int, int]:
        """BE-11.3 ``bel``."""
        return self.belote_points

    @property
    def decl(self) -> tuple[int, int]:
        """BE-11.3 ``decl``."""
        return self.declaration_points

    @property
    def dec(self) -> tuple[int, int]:
        """BE-11.3 ``dec``."""
        return self.counted_declarations

    @property
    def tot(self) -> tuple[int, int]:
        """BE-11.3 ``tot``."""
        return self.totals

    @property
    def rounding(self) -> str:
        """The rounding option used (BE-11.8)."""
        return self.options.rounding

    @property
    def rounding_applied(self) -> tuple[int, int]:
        """What rounding added to each team's score (negative: removed; BE-11.8)."""
        return (
            self.team_scores[0] - self.raw_scores[0],
            self.team_scores[1] - self.raw_scores[1],
        )

    def lines(self) -> tuple[str, ...]:
        """A readable breakdown, one BE-11 step per line (BE-11.10).

        BE-15 E8 (preset ``classic``): the defence holds the best declaration; the contract fails.

        >>> from tarotlib.core.cards import parse_cards
        >>> from tarotlib.variants.belote.types import CombinationKind as K
        >>> decls = (
        ...     Combination(0, K.QUARTE, parse_cards("KS QS JS TS")),
        ...     Combination(1, K.QUARTE, parse_cards("AD KD QD JD")),
        ...     Combination(3, K.TIERCE, parse_cards("9C 8C 7C")),
        ... )
        >>> s = DealSummary(Contract.HEARTS, 0, (85, 67), (5, 3), 0, declarations=decls)
        >>> for line in score_deal(s, BeloteOptions.preset("classic")).lines():
        ...     print(line)
        contract ♥ (hearts), taker seat 0: attack team 0 (seats 0 & 2), defence team 1 (seats 1 & 3)
                            attack  defence
        card points             85       67
        dix de der              10        0
        belote                   0        0
        declarations             0       70
        total                   95      137
        declarations: the defence's quarte ♦A ♦K ♦Q ♦J is best (BE-10.4); it scores all its own:
          quarte: ♦A ♦K ♦Q ♦J (seat 1) 50
          tierce: ♣9 ♣8 ♣7 (seat 3) 20
        outcome: failed (95 < 137); the defence wins the deal
        defence: 162 + 70 declarations = 232 (BE-11.6)
        score                    0      232
        carry out: 0
        seats: 0: 0, 1: 232, 2: 0, 3: 232
        """
        s = self.summary
        a, d = self.attack, self.defence
        out: list[str] = []

        def row(label: str, pair: tuple[int, int]) -> None:
            out.append(f"{label:<18}{pair[a]:>8}{pair[d]:>9}")

        contract = s.contract
        name = f"{contract.symbol} ({contract.label})" if contract.is_suit else contract.label
        out.append(
            f"contract {name}, taker seat {s.taker}: attack team {a} (seats {a} & {a + 2}), "
            f"defence team {d} (seats {d} & {d + 2})"
        )
        out.append(f"{'':<18}{'attack':>8}{'defence':>9}")
        row("card points", self.card_points)
        row("dix de der", self.dix_de_der)
        for team in (a, d):
            if self.capot[team]:
                out.append(
                    f"capot: the {self._role(team)} won all eight tricks: dix de der 100, "
                    f"{self.cards_total} + 100 = {self.capot_total} (BE-11.2)"
                )
        row("belote", self.belote_points)
        row("declarations", self.counted_declarations)
        row("total", self.totals)
        out.extend(self._declaration_lines())

        ta, tb = self.totals[a], self.totals[d]
        if self.outcome is Outcome.MADE:
            how = (
                f"made ({ta} > {tb})"
                if not self.equal_totals
                else f"equal totals ({ta} = {tb}) count as made (litige = made)"
            )
            out.append(f"outcome: {how}; the attack wins the deal")
        elif self.outcome is Outcome.FAILED:
            how = (
                f"failed ({ta} < {tb})"
                if not self.equal_totals
                else f"equal totals ({ta} = {tb}) count as failed (litige = failed)"
            )
            out.append(f"outcome: {how}; the defence wins the deal")
            parts = [f"{self.failure_base}"]
            if self.failure_base == self.capot_total:
                parts[0] += " (capot)"
            if self.declaration_points[a] + self.declaration_points[d]:
                parts.append(
                    f"{self.declaration_points[a] + self.declaration_points[d]} declarations"
                )
            if self.belote_points[d]:
                parts.append(f"{self.belote_points[d]} own belote")
            given = self.belote_points[a] - self.belote_kept
            if given:
                parts.append(f"{given} attack's belote (belote_on_failure = defence)")
            out.append(f"defence: {' + '.join(parts)} = {self.raw_scores[d]} (BE-11.6)")
            if self.belote_kept:
                out.append(f"attack: keeps its belote, {self.belote_kept} (BE-9.3)")
        else:
            out.append(
                f"outcome: litige ({ta} = {tb}); the defence scores its {tb}, "
                f"{self.carry_out} set aside for the winner of the next played deal (BE-11.7)"
            )
            if self.belote_kept:
                out.append(f"attack: keeps its belote, {self.belote_kept} (BE-9.3)")
        row("score", self.raw_scores)
        if self.rounding != "none":
            changes = ", ".join(f"{self.raw_scores[t]} → {self.team_scores[t]}" for t in (a, d))
            out.append(f"rounding ({self.rounding}, BE-11.8): {changes}")
            row("credited", self.team_scores)
        out.append(f"carry out: {self.carry_out}")
        out.append("seats: " + ", ".join(f"{i}: {v}" for i, v in enumerate(self.scores)))
        return tuple(out)

    def _role(self, team: int) -> str:
        return "attack" if team == self.attack else "defence"

    def _declaration_lines(self) -> list[str]:
        s = self.summary
        if not s.declarations:
            return []
        best = self.declaration_team
        if best is None:
            rule = self.options.declaration_tie
            return [
                "declarations: the two best are exactly equal: nobody scores "
                f"(declaration_tie = {rule}, BE-10.4)"
            ]
        mine = self.declarations[best]
        top = max(mine, key=lambda c: declaration_key(c, s.contract))
        out = [
            f"declarations: the {self._role(best)}'s {describe(top).replace(':', '', 1)} is best "
            "(BE-10.4); it scores all its own:"
        ]
        out.extend(f"  {describe(c)} (seat {c.seat}) {c.points}" for c in mine)
        if self.counted_declarations[best] != self.declaration_points[best]:
            out.append(
                f"the {self._role(best)} won no trick: its declarations do not count in its "
                "total (declarations_need_trick, BE-10.5)"
            )
        return out

    def result(self, *, game: str | None = None) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown:
        the contract's token, the taker, made (None for a litige) — what the engine gives, and what
        a :class:`~tarotlib.match.Match` takes (it applies the litige carry, :func:`settle`).
        ``game`` names the game whose deal it is (``"belote"`` or ``"contree"``; the engine gives
        it).

        BE-15 E3: made 83 / 79.

        >>> s = DealSummary(Contract.SPADES, 0, (73, 79), (4, 4), 0)
        >>> result = score_deal(s).result()
        >>> result.scores, result.contract, result.declarer, result.made
        ((83, 79, 83, 79), 'spades', 0, True)
        """
        made = {Outcome.MADE: True, Outcome.FAILED: False}.get(self.outcome)
        return DealResult(
            tuple(self.scores),
            breakdown=self,
            contract=self.summary.contract.token,
            declarer=self.summary.taker,
            made=made,
            game=game,
        )

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _check_against_options(summary: DealSummary, options: BeloteOptions, cards: int) -> None:
    if sum(summary.card_points) != cards:
        detail = "" if summary.contract.is_suit else f" with ta_sa_points={options.ta_sa_points}"
        raise ScoringError(
            f"card_points must sum to {cards} (CARDS for {summary.contract.label}{detail}, "
            f"BE-6.6), got {summary.card_points} = {sum(summary.card_points)}"
        )
    if summary.declarations and not options.declarations:
        raise ScoringError("declarations were given but option declarations is off (BE-10, BE-13)")
    if not options.declaration_card_reuse:
        for index, combo in enumerate(summary.declarations):
            for other in summary.declarations[:index]:
                if other.seat == combo.seat and set(other.cards) & set(combo.cards):
                    raise ScoringError(
                        f"declarations[{index}]: {describe(combo)} shares a card with "
                        f"{describe(other)} (declaration_card_reuse is off, BE-10.2)"
                    )


def score_deal(summary: DealSummary, options: BeloteOptions = DEFAULT_OPTIONS) -> BeloteScore:
    """Score one Belote deal (BE-9.3, BE-10.4 – BE-10.6, BE-11.1 – BE-11.8).

    Totals ``tot[X] = cp[X] + der[X] + bel[X] + dec[X]`` (BE-11.3); the contract is made if the
    attack's total is strictly higher, failed if lower, a litige if equal (option ``litige``,
    BE-11.4). Made: each team scores its total (BE-11.5). Failed: the attack scores its own belote
    (``belote_on_failure = holder``), the defence 162 (252 for its capot under ``defence_capot =
    capot``) plus every scoring declaration of both teams plus the belotes not kept (BE-11.6).
    Litige under ``litige = carry``: the defence scores its total, the attack its kept belote, and
    the rest of the attack's total is carried (BE-11.7). Rounding applies to each credited amount,
    never to the outcome test (BE-11.8). ``options`` defaults to ``BeloteOptions()`` (preset ffb).
    Raises :class:`~tarotlib.errors.ScoringError` when the summary does not fit the options (card
    points not summing to ``CARDS``, declarations while they are off, …).

    BE-15 E7: the attack takes all eight tricks; a defender completed the belote.

    >>> score = score_deal(DealSummary(Contract.DIAMONDS, 2, (152, 0), (8, 0), 0, belotes=(0, 1)))
    >>> score.capot, score.dix_de_der, score.team_scores
    ((True, False), (100, 0), (252, 20))
    """
    if not isinstance(summary, DealSummary):
        raise ScoringError(f"score_deal expects a DealSummary, got {summary!r}")
    if not isinstance(options, BeloteOptions):
        raise ScoringError(f"options must be BeloteOptions, got {options!r}")
    table = contract_table(summary.contract, options.ta_sa_points)
    _check_against_options(summary, options, table.cards)

    a = summary.attack
    d = 1 - a
    tricks = summary.tricks
    capot = (tricks[0] == TRICKS, tricks[1] == TRICKS)  # BE-11.2
    last = summary.last_trick  # BE-11.1, BE-11.2
    der = (
        _CAPOT_DER if capot[0] else _DER if last == 0 else 0,
        _CAPOT_DER if capot[1] else _DER if last == 1 else 0,
    )
    bel = (BELOTE_POINTS * summary.belotes[0], BELOTE_POINTS * summary.belotes[1])  # BE-9.2

    try:  # BE-10.4
        best = best_team(
            summary.declarations,
            summary.contract,
            options.declaration_tie,
            summary.first_declarer,
        )
    except ValueError as exc:
        raise ScoringError(str(exc)) from None
    combos: tuple[tuple[Combination, ...], tuple[Combination, ...]] = (
        tuple(c for c in summary.declarations if best == 0 and c.team == 0),
        tuple(c for c in summary.declarations if best == 1 and c.team == 1),
    )
    decl = (sum(c.points for c in combos[0]), sum(c.points for c in combos[1]))
    need = options.declarations_need_trick  # BE-10.5
    dec = (0 if need and tricks[0] == 0 else decl[0], 0 if need and tricks[1] == 0 else decl[1])
    cp = summary.card_points
    tot = (cp[0] + der[0] + bel[0] + dec[0], cp[1] + der[1] + bel[1] + dec[1])  # BE-11.3

    # BE-11.4: strictly more to make; rounding never enters this test.
    equal = tot[a] == tot[d]
    if tot[a] > tot[d] or (equal and options.litige == "made"):
        outcome = Outcome.MADE
    elif tot[a] < tot[d] or options.litige == "failed":
        outcome = Outcome.FAILED
    else:
        outcome = Outcome.LITIGE

    # BE-9.3, BE-11.6, BE-11.7: keep = the attack's belote under `holder`.
    keep = bel[a] if options.belote_on_failure == "holder" else 0
    base = 0
    carry = 0
    winner: int | None
    if outcome is Outcome.MADE:  # BE-11.5
        raw = tot
        keep = 0
        winner = a
    elif outcome is Outcome.FAILED:  # BE-11.6
        defence_capot = capot[d] and options.defence_capot == "capot"
        base = table.capot_total if defence_capot else table.deal_total
        raw = _by_team(a, keep, base + decl[a] + decl[d] + bel[d] + (bel[a] - keep))
        winner = d
    else:  # BE-11.7, litige = carry
        raw = _by_team(a, keep, tot[d])
        carry = tot[a] - keep
        winner = None
    rounded = (round_points(raw[0], options.rounding), round_points(raw[1], options.rounding))
    return BeloteScore(
        summary=summary,
        options=options,
        cards_total=table.cards,
        deal_total=table.deal_total,
        capot_total=table.capot_total,
        attack=a,
        card_points=cp,
        dix_de_der=(der[0], der[1]),
        capot=capot,
        belote_points=bel,
        declaration_team=best,
        declarations=combos,
        declaration_points=decl,
        counted_declarations=(dec[0], dec[1]),
        totals=tot,
        equal_totals=equal,
        outcome=outcome,
        failure_base=base,
        belote_kept=keep,
        raw_scores=raw,
        team_scores=rounded,
        scores=(rounded[0], rounded[1], rounded[0], rounded[1]),
        carry_out=carry,
        winner_team=winner,
    )


def settle(
    pending: int, score: BeloteScore, options: BeloteOptions | None = None
) -> tuple[tuple[int, int], int]:
    """Apply the litige carry-over of BE-11.7 after a played deal.

    ``pending`` is the carry set aside by earlier litiges (0 if none). Returns the points credited
    to each team for this deal and the new pending carry:

    - the deal has a winner: its ``team_scores``, plus ``pending`` (rounded on its own, BE-11.8)
      for the winner; the carry is cleared;
    - a litige: its ``team_scores``; the new pending carry is the deal's ``carry_out``
      (``litige_repeat = cancel_previous``: the earlier carry is lost) or ``pending + carry_out``
      (``accumulate``).

    Thrown-in deals (BE-4.5) are not played deals: never call this for them. A carry still pending
    when the game ends is discarded (BE-11.7 Decision). ``options`` defaults to ``score.options``.

    BE-15 E13: a litige carries 71; the next deal is made 100 / 62 and its winner receives 171.

    >>> from tarotlib.variants.belote.types import Contract
    >>> litige = score_deal(DealSummary(Contract.CLUBS, 0, (61, 91), (4, 4), 0, belotes=(1, 0)))
    >>> litige.team_scores, litige.carry_out
    ((20, 91), 71)
    >>> settle(0, litige)
    ((20, 91), 71)
    >>> made = score_deal(DealSummary(Contract.HEARTS, 1, (62, 90), (3, 5), 1))
    >>> made.team_scores, settle(71, made)
    ((62, 100), ((62, 171), 0))
    """
    if options is None:
        options = score.options
    if not _is_int(pending) or pending < 0:
        raise ScoringError(f"pending carry must be a non-negative integer, got {pending!r}")
    credited = list(score.team_scores)
    if score.winner_team is not None:
        credited[score.winner_team] += round_points(pending, options.rounding)
        return (credited[0], credited[1]), 0
    if options.litige_repeat == "accumulate":
        return (credited[0], credited[1]), pending + score.carry_out
    return (credited[0], credited[1]), score.carry_out


# --------------------------------------------------------------------------------------------------
# from a played deal to its summary (the engine scores every deal through score_deal)

_KQ = tuple((suit_card(Rank.KING, s), suit_card(Rank.QUEEN, s)) for s in Suit)


def belotes_of(state: BeloteState) -> tuple[int, int]:
    """Completed, scoring belotes of a played deal, by team (BE-9.2 with ``belote_announce`` and
    ``belote_king_first``).

    >>> import random, tarotlib
    >>> rng = random.Random(4)
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> belotes_of(state), state.belote_holders
    ((1, 0), ((<Suit.SPADES: 0>, 2),))
    """
    opts = state.rules.options
    offer = state.rules.belote_offer
    out = [0, 0]
    held = offer.holders(state.data)
    if not held:
        return (0, 0)
    if opts.belote_announce == "auto" and not opts.belote_king_first:
        for _suit, seat in held:  # the holder plays both cards: always complete
            out[seat & 1] += 1
        return (out[0], out[1])
    order: dict[int, int] = {}
    i = 0
    for trick in state.tricks:
        for c in trick.cards:
            order[c] = i
            i += 1
    said_all = offer.announced(state.data)
    for suit, seat in held:
        k, q = _KQ[suit]
        if opts.belote_king_first and order[k] > order[q]:
            continue
        if opts.belote_announce == "explicit":
            said = [(a, c) for s, a, c in said_all if s == seat and c in (k, q)]
            first, second = (k, q) if order[k] < order[q] else (q, k)
            if said != [(Announcement.BELOTE, first), (Announcement.REBELOTE, second)]:
                continue
        out[seat & 1] += 1
    return (out[0], out[1])


def result_of(state: BeloteState, options: BeloteOptions) -> DealResult:
    """BE-11: the summary of a played deal (card points, tricks, last trick, belotes,
    declarations), scored by :func:`score_deal` — what the engine does at the end of every deal.

    >>> import random, tarotlib
    >>> rng = random.Random(4)
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> result_of(state, state.rules.options) == state.result
    True
    """
    contract = state.contract
    assert contract is not None
    tricks = [0, 0]
    raw = state.trick_list
    for _leader, _cards, w in raw:
        tricks[w & 1] += 1
    declared = state.declarations
    summary = _engine_summary(
        contract,
        state.data.declarer,
        state.card_points(),
        (tricks[0], tricks[1]),
        raw[-1][2] & 1,
        belotes_of(state),
        declared,
        declared[0].seat if declared else None,
    )
    return score_deal(summary, options).result(game=state.rules.name)
