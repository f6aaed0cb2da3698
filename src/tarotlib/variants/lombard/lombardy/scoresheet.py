"""What a table writes down for a deal of Lombardy tarot or Reseghino, and how it is scored (the
games' ``scoresheet`` hooks, :mod:`tarotlib.scoresheet`): the counted points, the all-tricks
facts (LO-16.3, LO-7.10), a Monte.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> rules = tarotlib.variant("lombardy")
>>> print(score_facts(rules, {"points": "0,72", "all-tricks": "B"}))   # LO-E4, deal 4
team A (seats 0, 2): 0 points (counted)
team B (seats 1, 3): 72 points (counted)
team B scores 72 − 36 = 36 (LO-16.2)
team B won all 19 tricks (LO-16.3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import DealContext, DealForm, Fact, choice, wholes, yes_no
from tarotlib.variants.lombard.lombardy.game import MONTE_REASON, Lombardy, Reseghino
from tarotlib.variants.lombard.lombardy.scoring import LombardyScore, ReseghinoScore
from tarotlib.variants.lombard.lombardy.state import all_tricks_facts

__all__ = ["lombardy_form", "reseghino_form"]

_TEAM = choice("A", "B")

_LOMBARDY_FACTS = (
    Fact(
        "points",
        "A,B",
        "the teams' points as counted: team A (seats 0 and 2), then team B; LO-5, LO-16.1",
        wholes,
        required=True,
    ),
    Fact("all-tricks", "A|B", "the team that won all 19 tricks (LO-16.3)", _TEAM),
    Fact(
        "all-but-own-matto",
        "A|B",
        "the team that won every trick but the one to which one of its players played the Matto "
        "(LO-7.10: all the tricks under own_matto_trick='ignore', not under 'strict')",
        _TEAM,
    ),
    Fact(
        "monte",
        "yes",
        "the deal was annulled by a Monte: nobody scores, and it is one of the game's four deals "
        "(LO-13.3)",
        yes_no,
    ),
)


def _flags(team: str | None) -> tuple[bool, bool]:
    return (team == "A", team == "B")


def lombardy_form(rules: Game) -> DealForm:
    """Lombardy's form: ``points=A,B`` (the teams' counted points), ``all-tricks=A|B``,
    ``all-but-own-matto=A|B`` (LO-7.10), ``monte=yes``; scored by
    :meth:`~tarotlib.variants.lombard.lombardy.game.Lombardy.score_points` under the rules'
    options.

    >>> import tarotlib
    >>> form = lombardy_form(tarotlib.variant("lombardy"))
    >>> form.scorer({"points": (66, 6)}, DealContext()).scores   # LO-E4, deal 1
    (30, 0, 30, 0)
    """
    if not isinstance(rules, Lombardy):
        raise ScoringError(f"lombardy_form takes Lombardy's rules, got {type(rules).__name__}")

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        if values.get("monte"):
            if rules.options.monte == "disabled":
                raise ScoringError("no Monte under option monte='disabled' (LO-13)")
            others = sorted(name for name in values if name != "monte")
            if others:
                raise ScoringError(
                    f"a Monte deal is not played (LO-13.3): give no other fact (got "
                    f"{', '.join(others)})"
                )
            return DealResult((0, 0, 0, 0), annulled=MONTE_REASON)
        points = values["points"]
        if len(points) != 2:
            raise ScoringError(f"points=A,B gives two teams' points, got {len(points)} numbers")
        return rules.score_points(
            points,
            all_tricks=_flags(values.get("all-tricks")),
            all_but_own_matto=_flags(values.get("all-but-own-matto")),
        )

    return DealForm(
        _LOMBARDY_FACTS,
        scorer,
        examples=(
            ("LO-E4, deal 1: team A 66, team B 6", "points=66,6"),
            ("LO-E4, deal 2: a Monte", "monte=yes"),
            ("LO-E4, deal 4: team B won all 19 tricks", "points=0,72 all-tricks=B"),
            ("LO-E2: 15 and 58 (a pile short of blanks)", "points=15,58"),
        ),
        facts_of=_lombardy_facts_of,
        standalone=("monte",),
    )


def _lombardy_facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of Lombardy."""
    result = state.result
    if result.is_annulled:
        return {"monte": "yes"}
    score = cast(LombardyScore, result.breakdown)
    a, b = score.points
    facts: dict[str, str | list[str]] = {"points": f"{a},{b}"}
    won, but = all_tricks_facts(state)
    for name, flags in (("all-tricks", won), ("all-but-own-matto", but)):
        for team, flag in zip("AB", flags, strict=True):
            if flag:
                facts[name] = team
    return facts


def reseghino_form(rules: Game) -> DealForm:
    """Reseghino's form: ``points=P0,P1,P2``, each player's counted points (RE-6); scored by
    :meth:`~tarotlib.variants.lombard.lombardy.game.Reseghino.score_points`.

    >>> import tarotlib
    >>> form = reseghino_form(tarotlib.variant("reseghino"))
    >>> form.scorer({"points": (27, 37, 14)}, DealContext()).scores   # LO-E5
    (1, 11, -12)
    """
    if not isinstance(rules, Reseghino):
        raise ScoringError(f"reseghino_form takes Reseghino's rules, got {type(rules).__name__}")

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        return rules.score_points(values["points"])

    def facts_of(state: DealState) -> dict[str, str | list[str]]:
        score = cast(ReseghinoScore, state.result.breakdown)
        return {"points": ",".join(str(p) for p in score.points)}

    facts = (
        Fact(
            "points",
            "P0,P1,P2",
            "each player's points as counted, seat by seat (RE-6; they total 78)",
            wholes,
            required=True,
        ),
    )
    return DealForm(
        facts, scorer, examples=(("LO-E5: X 27, Y 37, Z 14", "points=27,37,14"),), facts_of=facts_of
    )
