"""Made or failed (CO-8) and the score of a deal (CO-9) as one pure function, :func:`score_contree`,
with a readable breakdown (:class:`ContreeScore`, CO-9.10); the match-level litige carry (CO-9.7)
in :func:`settle_contree`.

The input, :class:`ContreeFacts`, is what a score-keeper writes down: the contract, each team's
points made (cards plus dix de der), tricks, belotes and scored declarations.

CO-12 E10: 100♥ by A–C made with 107 points against 55.

>>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
>>> facts = ContreeFacts(ContreeContract(ContreeBid.parse("100H"), bidder=0), (107, 55), (5, 3))
>>> score = score_contree(facts)
>>> score.made, score.team_scores
(True, (210, 60))
>>> print(score)
100♥ by seat 0 (attack: team 0), m = 1
points made: team 0 107, team 1 55; tricks 5 / 3
attack total 107 against a threshold of 100: made
team 0: R(107) + 100 = 210
team 1: R(55) = 60
"""

from __future__ import annotations

from typing import Final

import attrs

from tarotlib.core.results import DealResult
from tarotlib.core.text import team_line, team_list
from tarotlib.errors import ScoringError
from tarotlib.variants.belote.contree.options import ContreeOptions
from tarotlib.variants.belote.contree.types import CAPOT_VALUE, BidKind, ContreeContract
from tarotlib.variants.belote.types import Outcome

__all__ = [
    "BELOTE",
    "ContreeFacts",
    "ContreeScore",
    "engine_facts",
    "round_component",
    "score_contree",
    "settle_contree",
]

BELOTE: Final = 20
"""A completed belote (CO-6.2)."""
DEFAULT: Final = ContreeOptions()


def round_component(points: int, rounding: str) -> int:
    """``R(x)`` of CO-9.1 for one point component (``complement`` rounds like ``half_up`` here;
    :func:`score_contree` derives the attack's share).

    >>> [round_component(85, r) for r in ("half_up", "six_up", "none")]
    [90, 80, 85]
    >>> round_component(162, "half_up"), round_component(252, "half_up")
    (160, 250)
    """
    if rounding == "none":
        return points
    if rounding == "six_up":
        return (points + 4) // 10 * 10
    return (points + 5) // 10 * 10


def _pair(name: str, value: object) -> tuple[int, int]:
    """``value`` checked as a pair of whole numbers >= 0."""
    if (
        not isinstance(value, tuple | list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value)
    ):
        raise ScoringError(f"{name} must be two whole numbers >= 0 (team 0, team 1), got {value!r}")
    return (value[0], value[1])


def _points(value: object) -> tuple[int, int]:
    return _pair("points", value)


def _tricks(value: object) -> tuple[int, int]:
    return _pair("tricks", value)


def _belotes(value: object) -> tuple[int, int]:
    return _pair("belotes", value)


def _declarations(value: object) -> tuple[int, int]:
    return _pair("declarations", value)


@attrs.frozen
class ContreeFacts:
    """Everything needed to score one Contrée deal (CO-8.1).

    - ``contract``: the :class:`~tarotlib.variants.belote.contree.types.ContreeContract`;
    - ``points``: points made by team 0 and team 1: card points plus the dix de der (10, or 100
      to a team that won every trick; CO-0.3, CO-5.3);
    - ``tricks``: tricks won by each team (they sum to 8);
    - ``belotes``: completed belotes that score for their holder's team (announced, CO-6.2);
    - ``attack_belotes_played``: belotes the attack held and played, announced or not (CO-6.5);
      by default its scoring belotes;
    - ``declarations``: each team's scored declarations (after BE-10.4 / BE-10.5; 0 when off);
    - ``bidder_won_all``: the bidder himself won all eight tricks (a générale, CO-8.3).

    >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
    >>> ContreeFacts(ContreeContract(ContreeBid.parse("80S"), 0), (81, 81), (4, 5))
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: tricks must sum to 8, got (4, 5)
    """

    contract: ContreeContract
    points: tuple[int, int] = attrs.field(converter=_points)
    tricks: tuple[int, int] = attrs.field(converter=_tricks)
    belotes: tuple[int, int] = attrs.field(default=(0, 0), converter=_belotes)
    attack_belotes_played: int | None = None
    declarations: tuple[int, int] = attrs.field(default=(0, 0), converter=_declarations)
    bidder_won_all: bool | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.contract, ContreeContract):
            raise ScoringError(f"contract must be a ContreeContract, got {self.contract!r}")
        if sum(self.tricks) != 8:
            raise ScoringError(f"tricks must sum to 8, got {self.tricks}")
        for team in (0, 1):
            if self.tricks[team] == 0 and self.points[team]:
                raise ScoringError(f"team {team} won no trick but made {self.points[team]} points")
        played = self.attack_belotes_played
        if played is not None and played < self.belotes[self.contract.attack]:
            raise ScoringError("attack_belotes_played counts every scoring belote of the attack")


def engine_facts(
    contract: ContreeContract,
    points: tuple[int, int],
    tricks: tuple[int, int],
    belotes: tuple[int, int],
    attack_belotes_played: int,
    declarations: tuple[int, int],
    bidder_won_all: bool,
) -> ContreeFacts:
    """:class:`ContreeFacts` built by the engine from a played deal, whose values are right by
    construction: the checks meant for hand-written facts are skipped (speed; the oracle checks
    the engine's facts independently).

    >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
    >>> c = ContreeContract(ContreeBid.parse("80S"), 0)
    >>> engine_facts(c, (81, 81), (4, 4), (0, 0), 0, (0, 0), False) == ContreeFacts(
    ...     c, (81, 81), (4, 4), attack_belotes_played=0, bidder_won_all=False)
    True
    """
    facts: ContreeFacts = object.__new__(ContreeFacts)
    for name, value in (
        ("contract", contract),
        ("points", points),
        ("tricks", tricks),
        ("belotes", belotes),
        ("attack_belotes_played", attack_belotes_played),
        ("declarations", declarations),
        ("bidder_won_all", bidder_won_all),
    ):
        object.__setattr__(facts, name, value)
    return facts


@attrs.frozen
class ContreeScore:
    """The score of one deal with its breakdown (CO-9.10). Pairs are indexed by team.

    ``team_scores`` is what each team is credited now; ``scores`` repeats it per seat; a litige
    (``must_beat_defence = litige``) sets ``carry_out`` aside for the next deal's winner (CO-9.7).

    >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
    >>> c = ContreeContract(ContreeBid.parse("120D"), bidder=0)
    >>> score = score_contree(ContreeFacts(c, (98, 64), (5, 3), belotes=(1, 0)))  # CO-12 E12
    >>> score.made, score.totals, score.team_scores, score.scores
    (False, (118, 64), (0, 300), (0, 300, 0, 300))
    """

    facts: ContreeFacts
    options: ContreeOptions
    attack: int
    value: int
    """V (CO-0.3)."""
    multiplier: int
    """m (CO-0.3)."""
    totals: tuple[int, int]
    """tot[X] for the contract (CO-8.1)."""
    threshold: int
    """What the attack had to reach (CO-8.2); 0 for capot and générale."""
    outcome: Outcome
    main: tuple[int, int]
    """The main amounts (CO-9.3 – CO-9.5)."""
    belote_points: tuple[int, int]
    """Belote points credited to each team (CO-6.4 – CO-6.6)."""
    declaration_points: tuple[int, int]
    """Declaration points credited to each team (CO-7.4)."""
    team_scores: tuple[int, int]
    carry_out: int
    winner_team: int | None
    explain: tuple[str, str]
    """How each team's main amount was computed."""

    @property
    def made(self) -> bool | None:
        """True if made, False if failed, None for a litige."""
        return {Outcome.MADE: True, Outcome.FAILED: False}.get(self.outcome)

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """The deal's scores by seat (partners score alike)."""
        a, b = self.team_scores
        return (a, b, a, b)

    def lines(self) -> tuple[str, ...]:
        """The breakdown, one line per step.

        >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
        >>> c = ContreeContract(ContreeBid.parse("130C"), bidder=1, level=2)
        >>> score = score_contree(ContreeFacts(c, (62, 100), (3, 5), belotes=(0, 1)))  # E15
        >>> for line in score.lines()[2:]:
        ...     print(line)
        attack total 120 against a threshold of 130: failed
        team 0: (R(162) + 130) × 4 = 1160 + belote 20 = 1180
        team 1: 0
        """
        f = self.facts
        c = f.contract
        out = [
            f"{c.bid.label}{('', ' coinched', ' surcoinched')[c.level]} by seat {c.bidder} "
            f"(attack: team {self.attack}), m = {self.multiplier}",
            f"points made: {team_list(f.points)}; tricks {f.tricks[0]} / {f.tricks[1]}",
        ]
        if c.kind is BidKind.NUMBER:
            test = (
                f"attack total {self.totals[self.attack]} against a threshold of {self.threshold}"
            )
        elif c.kind is BidKind.CAPOT:
            test = f"capot: the attack won {f.tricks[self.attack]} tricks of 8"
        else:
            test = (
                "générale: the bidder "
                + ("won" if f.bidder_won_all else "did not win")
                + " every trick"
            )
        out.append(f"{test}: {self.outcome.value}")
        for team in (0, 1):
            parts = [self.explain[team]]
            if self.belote_points[team]:
                parts.append(f"belote {self.belote_points[team]}")
            if self.declaration_points[team]:
                parts.append(f"declarations {self.declaration_points[team]}")
            line = " + ".join(parts)
            extra = self.belote_points[team] or self.declaration_points[team]
            out.append(team_line(team, line + (f" = {self.team_scores[team]}" if extra else "")))
        if self.carry_out:
            out.append(f"litige: {self.carry_out} set aside for the next deal's winner (CO-9.7)")
        return tuple(out)

    def result(self) -> DealResult:
        """The deal's :class:`~tarotlib.core.results.DealResult`, this score as its breakdown: the
        bid's token, the bidder, made (None for a litige) — what the engine gives, and what a
        :class:`~tarotlib.match.Match` takes (it applies the litige carry, CO-9.7).

        CO-12 E10: 100♥ by seat 0 made, 210 / 60.

        >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
        >>> c = ContreeContract(ContreeBid.parse("100H"), bidder=0)
        >>> result = score_contree(ContreeFacts(c, (107, 55), (5, 3))).result()
        >>> result.scores, result.contract, result.declarer, result.made
        ((210, 60, 210, 60), '100H', 0, True)
        """
        c = self.facts.contract
        return DealResult(
            self.scores, breakdown=self, contract=c.bid.token, declarer=c.bidder, made=self.made
        )

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _value(contract: ContreeContract, options: ContreeOptions) -> int:
    if contract.kind is BidKind.CAPOT:
        return CAPOT_VALUE
    if contract.kind is BidKind.GENERALE:
        return options.generale_value
    return contract.value


def score_contree(
    facts: ContreeFacts,
    options: ContreeOptions = DEFAULT,
    *,
    deal_total: int = 162,
    capot_total: int | None = None,
) -> ContreeScore:
    """Score one deal: made or failed (CO-8), main amounts (CO-9.3 – CO-9.6), belotes (CO-6.4 –
    CO-6.6), declarations (CO-7.4), the procedure of CO-9.8.

    ``deal_total`` and ``capot_total`` are the contract table's ``DEAL_TOTAL`` and ``CAPOT_TOTAL``
    (CO-1.2; default 162 and the option ``capot_total``).

    CO-12 E13: 100♠ by B–D coinched, made with 131 points and D's belote.

    >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
    >>> contract = ContreeContract(ContreeBid.parse("100S"), bidder=1, level=1)
    >>> facts = ContreeFacts(contract, (31, 131), (2, 6), belotes=(0, 1))
    >>> score_contree(facts).team_scores
    (0, 540)
    >>> score_contree(facts, ContreeOptions(coinche_scoring="bid_multiplied")).team_scores
    (0, 380)
    """
    if not isinstance(facts, ContreeFacts):
        raise ScoringError(f"score_contree expects ContreeFacts, got {facts!r}")
    if not isinstance(options, ContreeOptions):
        raise ScoringError(f"options must be ContreeOptions, got {options!r}")
    o = options
    c = facts.contract
    a = c.attack
    d = 1 - a
    v = _value(c, o)
    m = o.multiplier[c.level]
    pts = facts.points
    tricks = facts.tricks
    capot_points = o.capot_total if capot_total is None else capot_total
    bel = (BELOTE * facts.belotes[0], BELOTE * facts.belotes[1])
    dec = facts.declarations

    def total(team: int) -> int:  # CO-8.1
        return (
            pts[team]
            + (bel[team] if o.belote_counts else 0)
            + (dec[team] if o.declarations_count else 0)
        )

    tot = (total(0), total(1))
    threshold = 0
    if c.kind is BidKind.CAPOT:  # CO-8.3
        made = tricks[a] == 8
        litige = False
    elif c.kind is BidKind.GENERALE:
        if facts.bidder_won_all is None:
            raise ScoringError("a générale needs bidder_won_all (CO-8.3)")
        made = facts.bidder_won_all
        litige = False
    else:  # CO-8.2
        threshold = v + 2 if o.made_threshold == "bid_plus_2" else v
        if o.made_threshold == "82_for_80" and v == 80:
            threshold = 82
        made = tot[a] >= threshold  # CO-8.4: exact points, never rounded
        litige = False
        if made and o.must_beat_defence != "no" and tot[a] <= tot[d]:
            made = False
            litige = o.must_beat_defence == "litige" and tot[a] == tot[d] and m == 1
    outcome = Outcome.LITIGE if litige else Outcome.MADE if made else Outcome.FAILED
    w = a if made else d

    # CO-9.1: R of point components; `complement` gives the attack the rest of the rounded total
    def r(x: int) -> int:
        return round_component(x, o.rounding)

    rp = [r(pts[0]), r(pts[1])]
    if o.rounding == "complement":
        rp[a] = r(pts[0] + pts[1]) - rp[d]
    b_a = capot_points if tricks[a] == 8 else deal_total  # CO-9.2
    b_d = capot_points if tricks[d] == 8 and o.defence_capot == "capot" else deal_total

    main = [0, 0]
    explain = ["0", "0"]
    carry = 0
    vv = v if o.scoring == "made_plus_bid" else 0
    if o.scoring == "bid_only":  # CO-9.3, CO-9.5
        main[w] = v * m
        explain[w] = f"{v} × {m}" if m > 1 else f"{v}"
    elif c.kind is not BidKind.NUMBER and o.capot_bid_scoring == "forfait":  # CO-9.5
        main[w] = 2 * v * m
        explain[w] = f"forfait 2 × {v}" + (f" × {m}" if m > 1 else "")
    elif m == 1:  # CO-9.3
        plus = f" + {vv}" if vv else ""
        if made:
            main[a] = rp[a] + vv
            main[d] = rp[d]
            explain[a] = f"R({pts[a]}){plus}"
            explain[d] = f"R({pts[d]})"
        elif litige:  # CO-9.7
            main[d] = rp[d]
            explain[d] = f"R({pts[d]})"
            carry = rp[a] + vv + bel[a] + dec[a]
        else:
            main[d] = r(b_d) + vv
            explain[d] = f"R({b_d}){plus}"
    else:  # CO-9.4
        base = b_a if made else b_d
        plus = f" + {vv}" if vv else ""
        if o.coinche_scoring == "base_and_bid":
            main[w] = (r(base) + vv) * m
            explain[w] = f"(R({base}){plus}) × {m}"
        elif o.coinche_scoring == "bid_multiplied":
            main[w] = r(base) + vv * m
            explain[w] = f"R({base}) + {vv} × {m}" if vv else f"R({base})"
        else:
            line, shown = (rp[a], pts[a]) if made else (r(base), base)
            main[w] = (line + vv) * m
            explain[w] = f"(R({shown}){plus}) × {m}"
    for team in (0, 1):
        if main[team] and not explain[team].endswith(str(main[team])):
            explain[team] += f" = {main[team]}"

    # CO-6.4, CO-6.5: belotes; CO-6.6: never multiplied unless belote_multiplied
    played = facts.attack_belotes_played
    bel_a_failed = BELOTE * (facts.belotes[a] if played is None else played)
    b = [0, 0]
    if litige:
        b[d] = bel[d]  # the attack's belote is in the carry (CO-9.7)
    elif o.belote_owner == "winner" and (not made or m > 1):
        b[w] = (bel[a] if made else bel_a_failed) + bel[d]
    elif o.belote_owner == "prenable" and not made:
        b[d] = bel[a] + bel[d]  # an unannounced belote scores for nobody (CO-6.5)
    else:
        b = [bel[0], bel[1]]
    if m > 1 and o.belote_multiplied:
        b[w] *= m

    # CO-7.4: declarations
    dd = [0, 0]
    if litige:
        dd[d] = dec[d]
    elif not made or m > 1:
        dd[w] = dec[a] + dec[d]
    elif tricks[a] == 8:
        dd[a] = dec[a] + dec[d]
    else:
        dd = [dec[0], dec[1]]

    scores = (main[0] + b[0] + dd[0], main[1] + b[1] + dd[1])
    return ContreeScore(
        facts=facts,
        options=o,
        attack=a,
        value=v,
        multiplier=m,
        totals=tot,
        threshold=threshold,
        outcome=outcome,
        main=(main[0], main[1]),
        belote_points=(b[0], b[1]),
        declaration_points=(dd[0], dd[1]),
        team_scores=scores,
        carry_out=carry,
        winner_team=None if litige else w,
        explain=(explain[0], explain[1]),
    )


def settle_contree(pending: int, score: ContreeScore) -> tuple[tuple[int, int], int]:
    """CO-9.7 with BE-11.7's procedure: a deal with a winner credits its scores plus the pending
    carry to the winner and clears it; a litige credits its scores and sets its ``carry_out``
    aside (replacing the earlier carry, or added to it with ``litige_repeat = accumulate``).

    CO-12 E20 with ``must_beat_defence = litige``: B–D score 80 now, 160 is carried.

    >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
    >>> options = ContreeOptions(must_beat_defence="litige")
    >>> facts = ContreeFacts(ContreeContract(ContreeBid.parse("80C"), 0), (81, 81), (4, 4))
    >>> litige = score_contree(facts, options)
    >>> litige.team_scores, settle_contree(0, litige)
    ((0, 80), ((0, 80), 160))
    """
    credited = list(score.team_scores)
    if score.winner_team is not None:
        credited[score.winner_team] += pending
        return (credited[0], credited[1]), 0
    if score.options.litige_repeat == "accumulate":
        return (credited[0], credited[1]), pending + score.carry_out
    return (credited[0], credited[1]), score.carry_out
