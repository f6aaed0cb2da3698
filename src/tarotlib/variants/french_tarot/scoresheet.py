"""What a table writes down for a deal of French Tarot, and how it is scored (the game's
``scoresheet`` hook, :mod:`tarotlib.scoresheet`): the contract, the taker, the attack's
points and oudlers, the Petit au bout, the declarations, the slam — everything
:class:`~tarotlib.variants.french_tarot.scoring.ScoreSummary` holds — and the deals that are not
played (everybody passed, a petit sec) or played as a Grash (FT-15).

FT-21.2 (corrected): a Garde failed by 3 with a simple poignée and the Petit au bout lost.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> result = score_facts(tarotlib.variant("french-tarot"), {
...     "contract": "garde", "taker": "0", "points": "48", "oudlers": "1",
...     "petit-au-bout": "defence", "poignee": ["0:simple"]})
>>> result.scores
(-288, 96, 96, 96)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import (
    DealContext,
    DealForm,
    Fact,
    all_passed_reason,
    choice,
    whole,
    yes_no,
)
from tarotlib.variants.french_tarot.game import FrenchTarot
from tarotlib.variants.french_tarot.scoring import (
    FrenchTarotScore,
    GrashScore,
    ScoreSummary,
    score_deal,
    score_grash,
)
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration, DeclarationKind

__all__ = ["french_tarot_form"]

_POIGNEE = {
    "simple": DeclarationKind.SIMPLE_POIGNEE,
    "double": DeclarationKind.DOUBLE_POIGNEE,
    "triple": DeclarationKind.TRIPLE_POIGNEE,
}
_MISERE = {
    "honours": DeclarationKind.NO_HONOURS_MISERE,
    "trumps": DeclarationKind.NO_TRUMPS_MISERE,
}
_CAMP = {"attack": Camp.ATTACK, "defence": Camp.DEFENCE}


def _contract(text: str) -> Contract:
    return Contract.parse(text)


def _partner(text: str) -> int | None:
    """A seat, or ``alone`` (None)."""
    return None if text.strip().lower() in ("alone", "none", "-") else whole(text)


def _points(text: str) -> Fraction:
    """Card points, a multiple of 0.5 (``47.5``)."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected points such as 48 or 47.5, got {text!r}") from None
    if (value * 2).denominator != 1:
        raise ValueError(f"card points are counted in half points (FT-1.5), got {text!r}")
    return value


def _kind(kinds: Mapping[str, DeclarationKind]) -> Any:
    """A reader of a declaration's kind alone, for seat 0 (the solo: the player's)."""
    names = choice(*kinds)
    return lambda text: (0, kinds[names(text)])


def _declared(kinds: Mapping[str, DeclarationKind]) -> Any:
    """A reader of ``SEAT:KIND`` (``0:simple``)."""
    names = choice(*kinds)

    def read(text: str) -> tuple[int, DeclarationKind]:
        seat, sep, kind = text.partition(":")
        if not sep:
            raise ValueError(f"write SEAT:{'|'.join(kinds)}, e.g. 0:{next(iter(kinds))}")
        return whole(seat), kinds[names(kind)]

    return read


def _pile(text: str) -> tuple[Fraction, ...]:
    return tuple(_points(part) for part in text.split(","))


_COMMON = (
    Fact(
        "contract",
        "prise|garde|garde-sans|garde-contre",
        "the contract (FT-4.2; its multiplier 1, 2, 4, 6)",
        _contract,
        required=True,
    ),
    Fact(
        "points",
        "P",
        "the attack's card points, a multiple of 0.5: its tricks, with the écart (Prise, Garde) or "
        "the chien (Garde Sans), the Excuse's debt settled (FT-13.1 – FT-13.3)",
        _points,
        required=True,
    ),
    Fact(
        "oudlers", "N", "the oudlers in the attack's pile, 0 to 3 (FT-13.2)", whole, required=True
    ),
    Fact(
        "petit-au-bout",
        "attack|defence",
        "the camp that won the last trick with the Petit in it (FT-11)",
        choice(*_CAMP),
    ),
    Fact("slam", "yes", "the taker announced a slam (FT-7)", yes_no),
    Fact("all-tricks", "attack|defence", "the camp that won every trick (FT-12.1)", choice(*_CAMP)),
)


def french_tarot_form(rules: Game) -> DealForm:
    """French Tarot's form: the facts of :class:`ScoreSummary` written as ``name=value``, and
    ``passed=yes`` (everybody passed: annulled, FT-4.4), ``petit-sec=SEAT`` (annulled, FT-3.4),
    ``grash=P0,P1,...`` (everybody passed under ``grash=True``, FT-15). Scored by
    :func:`~tarotlib.variants.french_tarot.scoring.score_deal` with the rules' options: their
    declarations option and ``defence_slam_bonus``.

    >>> import tarotlib
    >>> form = french_tarot_form(tarotlib.variant("french-tarot", players=5))
    >>> facts = {"contract": Contract.GARDE, "taker": 2, "partner": 4, "points": Fraction(47),
    ...          "oudlers": 2, "poignee": ((4, DeclarationKind.SIMPLE_POIGNEE),)}
    >>> form.scorer(facts, DealContext()).scores   # FT-21.4 (a)
    (-82, -82, 164, -82, 82)
    """
    if not isinstance(rules, FrenchTarot):
        raise ScoringError(
            f"french_tarot_form takes French Tarot's rules, got {type(rules).__name__}"
        )
    o = rules.options
    facts = (
        _COMMON[0],
        Fact("taker", "SEAT", "the taker's seat (FT-4)", whole, required=True),
        Fact(
            "partner",
            "SEAT|alone",
            "5 players: the called partner's seat; alone when the taker called himself or the "
            "called card was in the chien (FT-5.3)",
            _partner,
        ),
        *_COMMON[1:4],
        Fact(
            "poignee",
            "SEAT:simple|double|triple",
            "a poignée declared by SEAT (FT-8.5: 20, 30, 40 to the winning camp); one per seat",
            _declared(_POIGNEE),
            repeat=True,
        ),
        Fact(
            "misere",
            "SEAT:honours|trumps",
            "a misère declared by SEAT (FT-8.6, declarations='poignee_and_misere')",
            _declared(_MISERE),
            repeat=True,
        ),
        *_COMMON[4:],
        Fact("passed", "yes", "everybody passed: the deal is annulled (FT-4.4)", yes_no),
        Fact("petit-sec", "SEAT", "annulled for SEAT's petit sec (FT-3.4)", whole),
        Fact(
            "grash",
            "P0,P1,...",
            "everybody passed under grash=True: each seat's card points, after the Excuse "
            "exchange (FT-15)",
            _pile,
        ),
    )

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        given = sorted(name for name, value in values.items() if value != ())
        alone_facts = [name for name in ("passed", "petit-sec", "grash") if name in values]
        if alone_facts:
            others = [name for name in given if name not in alone_facts]
            if len(alone_facts) > 1 or others:
                raise ScoringError(
                    f"{alone_facts[0]} describes the whole deal: give no other fact (got "
                    f"{', '.join(name for name in given if name != alone_facts[0])})"
                )
            return _unplayed(rules, values)
        declarations = _declarations(values, o.declarations)
        if rules.players == 5 and "partner" not in values:
            raise ScoringError("5 players: give partner=SEAT, or partner=alone (FT-5)")
        partner = values.get("partner")
        if partner == values["taker"]:
            partner = None  # FT-5.3: he called himself
        summary = _summary(rules.players, values, partner, declarations)
        return score_deal(summary, defence_slam_bonus=o.defence_slam_bonus).result()

    return DealForm(
        facts,
        scorer,
        examples=(
            (
                "FT-21.1: Garde Sans made with 48 points and 3 oudlers, a simple poignée",
                "contract=garde-sans taker=0 points=48 oudlers=3 poignee=0:simple",
            ),
            (
                "FT-21.2: Garde failed by 3, the Petit au bout lost, a simple poignée",
                "contract=garde taker=0 points=48 oudlers=1 petit-au-bout=defence poignee=0:simple",
            ),
            (
                "FT-21.4 (a), 5 players: seat 2's Garde with seat 4 as partner",
                "--players 5 contract=garde taker=2 partner=4 points=47 oudlers=2 poignee=4:simple",
            ),
            (
                "FT-21.3, 3 players: failed by half a point",
                "contract=garde taker=0 points=50.5 oudlers=1",
            ),
            ("everybody passed", "passed=yes"),
        ),
        facts_of=_facts_of,
        standalone=("passed", "petit-sec", "grash"),
    )


def _summary(
    players: int,
    values: Mapping[str, Any],
    partner: int | None,
    declarations: tuple[Declaration, ...],
) -> ScoreSummary:
    """The :class:`ScoreSummary` of the facts (its checks cite the rules)."""
    won = values.get("all-tricks")
    return ScoreSummary.from_points(
        players=players,
        contract=values["contract"],
        taker=values["taker"],
        attack_points=values["points"],
        oudlers=values["oudlers"],
        partner=partner,
        petit_au_bout=_CAMP.get(values.get("petit-au-bout", "")),
        declarations=declarations,
        slam_announced=values.get("slam", False),
        attack_all_tricks=won == "attack",
        defence_all_tricks=won == "defence",
    )


def _declarations(values: Mapping[str, Any], option: str) -> tuple[Declaration, ...]:
    """The declarations of the facts, as the option ``declarations`` allows (FT-8)."""
    poignees = values.get("poignee", ())
    miseres = values.get("misere", ())
    if poignees and option == "none":
        raise ScoringError("no poignée under declarations='none' (FT-8)")
    if miseres and option != "poignee_and_misere":
        raise ScoringError(
            f"no misère under declarations={option!r}: it needs 'poignee_and_misere' (FT-8.6)"
        )
    return tuple(Declaration(seat, kind) for seat, kind in (*poignees, *miseres))


def _unplayed(rules: FrenchTarot, values: Mapping[str, Any]) -> DealResult:
    """A deal that was not played (everybody passed, a petit sec) or played as a Grash."""
    n = rules.players
    if "petit-sec" in values:
        seat = values["petit-sec"]
        rules.check_seat(seat, "petit-sec")
        return DealResult((0,) * n, annulled=f"petit sec (seat {seat})")  # FT-3.4
    if "grash" in values:
        if not rules.options.grash:
            raise ScoringError("a Grash is played only under grash=True (FT-15)")
        halves = [int(p * 2) for p in values["grash"]]
        if len(halves) != n:
            raise ScoringError(f"grash gives each seat's points: {n} numbers, got {len(halves)}")
        return score_grash(halves).result()
    if rules.options.grash:
        raise ScoringError(
            "under grash=True a deal everybody passed is played (FT-15): give grash=P0,P1,..."
        )
    return DealResult((0,) * n, annulled=all_passed_reason(rules))


def _facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of French Tarot (or its solo)."""
    result = state.result
    if result.annulled is not None:
        if result.annulled.startswith("petit sec (seat "):
            return {"petit-sec": result.annulled.removeprefix("petit sec (seat ").rstrip(")")}
        return {"passed": "yes"}
    score = result.breakdown
    if isinstance(score, GrashScore):
        return {"grash": ",".join(_half_text(h) for h in score.card_half_points)}
    assert isinstance(score, FrenchTarotScore)
    s = score.summary
    facts: dict[str, str | list[str]] = {
        "contract": s.contract.token,
        "taker": str(s.taker),
        "points": _half_text(s.attack_half_points),
        "oudlers": str(s.oudlers),
    }
    if s.partner is not None:
        facts["partner"] = str(s.partner)
    elif s.players == 5:
        facts["partner"] = "alone"
    if s.petit_au_bout is not None:
        facts["petit-au-bout"] = "attack" if s.petit_au_bout is Camp.ATTACK else "defence"
    kinds = {**{v: k for k, v in _POIGNEE.items()}, **{v: k for k, v in _MISERE.items()}}
    poignees = [f"{d.seat}:{kinds[d.kind]}" for d in s.declarations if d.kind.is_poignee]
    miseres = [f"{d.seat}:{kinds[d.kind]}" for d in s.declarations if not d.kind.is_poignee]
    if poignees:
        facts["poignee"] = poignees
    if miseres:
        facts["misere"] = miseres
    if s.slam_announced:
        facts["slam"] = "yes"
    if s.attack_all_tricks or s.defence_all_tricks:
        facts["all-tricks"] = "attack" if s.attack_all_tricks else "defence"
    return facts


def _half_text(half_points: int) -> str:
    whole_points, odd = divmod(half_points, 2)
    return f"{whole_points}.5" if odd else str(whole_points)
