"""What a table writes down for a deal of Contrée, and how it is scored (the game's ``scoresheet``
hook, :mod:`tarotlib.scoresheet`): the contract (the bid, its bidder, coinched or surcoinched),
each team's points made and tricks, the belotes, the scored declarations — what
:class:`~tarotlib.variants.belote.contree.scoring.ContreeFacts` holds — or a deal thrown in.

CO-12 E10: 100♥ by A–C made with 107 points against 55: 210 / 60.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> score_facts(tarotlib.variant("contree"), {"contract": "100H", "bidder": "0",
...     "points": "107,55", "tricks": "5,3"}).scores
(210, 60, 210, 60)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

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
    wholes,
    yes_no,
)
from tarotlib.variants.belote.contree.game import Contree
from tarotlib.variants.belote.contree.scoring import ContreeFacts, ContreeScore
from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
from tarotlib.variants.belote.scoresheet import check_thrown_in, team

__all__ = ["contree_form"]

_LEVELS = {"coinche": 1, "surcoinche": 2}


def _bid(text: str) -> ContreeBid:
    return ContreeBid.parse(text)


_FACTS = (
    Fact(
        "contract",
        "BID",
        "the last bid: 80S, 110H, 120TA, capotD, generaleC (CO-4.13)",
        _bid,
        required=True,
    ),
    Fact(
        "bidder", "SEAT", "the seat that made it; his team attacks (CO-0.3)", whole, required=True
    ),
    Fact(
        "double",
        "coinche|surcoinche",
        "the contract was coinched (×2) or surcoinched (×4 by default) (CO-4.7, CO-4.8)",
        choice(*_LEVELS),
    ),
    Fact(
        "points",
        "T0,T1",
        "the points made by team 0 (seats 0 and 2) and team 1: cards and dix de der (10, or 100 "
        "to a team that won every trick); 162 in all, 252 with a capot (CO-0.3)",
        wholes,
        required=True,
    ),
    Fact("tricks", "T0,T1", "the tricks won by each team; 8 in all", wholes, required=True),
    Fact(
        "belote",
        "0|1",
        "an announced belote scoring for that team (CO-6.2); once per belote",
        team,
        repeat=True,
    ),
    Fact(
        "belote-played",
        "N",
        "the belotes the attack held and played, announced or not (CO-6.5); by default its "
        "announced ones",
        whole,
    ),
    Fact(
        "declarations",
        "T0,T1",
        "each team's scored declaration points, after the best team is found (CO-7.4)",
        wholes,
    ),
    Fact(
        "bidder-won-all",
        "yes|no",
        "a générale: whether the bidder himself won all eight tricks (CO-8.3)",
        yes_no,
    ),
    Fact("passed", "yes", "everybody passed: the deal is thrown in (CO-4.5)", yes_no),
)


def _pair(values: Mapping[str, Any], name: str, default: tuple[int, int] | None = None) -> Any:
    value = values.get(name, default)
    if value is not None and len(value) != 2:
        raise ScoringError(f"{name}=T0,T1 gives two teams' numbers, got {len(value)}")
    return value


def contree_form(rules: Game) -> DealForm:
    """Contrée's form: the facts of :class:`~tarotlib.variants.belote.contree.scoring.ContreeFacts`
    written ``name=value``, and ``passed=yes`` for a deal thrown in; scored by
    :meth:`~tarotlib.variants.belote.contree.game.Contree.score_facts` under the rules' options
    (the points made must total the deal's 162, or 252 with a capot). A match applies the
    litige's carry (CO-9.7) and the end of the game (CO-10).

    >>> import tarotlib
    >>> form = contree_form(tarotlib.variant("contree"))
    >>> facts = {"contract": ContreeBid.parse("100S"), "bidder": 1, "double": "coinche",
    ...          "points": (31, 131), "tricks": (2, 6), "belote": (1,)}
    >>> form.scorer(facts, DealContext()).scores   # CO-12 E13
    (0, 540, 0, 540)
    """
    if not isinstance(rules, Contree):
        raise ScoringError(f"contree_form takes Contrée's rules, got {type(rules).__name__}")

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        if values.get("passed"):
            check_thrown_in(values, "CO-4.5")
            return DealResult((0, 0, 0, 0), annulled=all_passed_reason(rules))
        bidder = values["bidder"]
        rules.check_seat(bidder, "bidder")
        level = _LEVELS.get(values.get("double", ""), 0)
        contract = ContreeContract(values["contract"], bidder, level)
        belotes = values.get("belote", ())
        facts = ContreeFacts(
            contract,
            _pair(values, "points"),
            _pair(values, "tricks"),
            belotes=(belotes.count(0), belotes.count(1)),
            attack_belotes_played=values.get("belote-played"),
            declarations=_pair(values, "declarations", (0, 0)),
            bidder_won_all=values.get("bidder-won-all"),
        )
        return rules.score_facts(facts)

    return DealForm(
        _FACTS,
        scorer,
        examples=(
            (
                "CO-12 E10: 100♥ by A–C made, 107 to 55",
                "contract=100H bidder=0 points=107,55 tricks=5,3",
            ),
            (
                "CO-12 E13: 100♠ by B–D coinched and made, D's belote",
                "contract=100S bidder=1 double=coinche points=31,131 tricks=2,6 belote=1",
            ),
            (
                "CO-12 E16: capot♠ by A–C made, C's belote",
                "contract=capotS bidder=0 points=252,0 tricks=8,0 belote=0",
            ),
            ("everybody passed", "passed=yes"),
        ),
        facts_of=_facts_of,
        standalone=("passed",),
    )


def _facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of Contrée."""
    result = state.result
    if result.is_annulled:
        return {"passed": "yes"}
    f = cast(ContreeScore, result.breakdown).facts
    c = f.contract
    facts: dict[str, str | list[str]] = {
        "contract": c.bid.token,
        "bidder": str(c.bidder),
        "points": f"{f.points[0]},{f.points[1]}",
        "tricks": f"{f.tricks[0]},{f.tricks[1]}",
    }
    if c.level:
        facts["double"] = ("coinche", "surcoinche")[c.level - 1]
    belotes = [str(t) for t in (0, 1) for _ in range(f.belotes[t])]
    if belotes:
        facts["belote"] = belotes
    if f.attack_belotes_played not in (None, f.belotes[c.attack]):
        facts["belote-played"] = str(f.attack_belotes_played)
    if any(f.declarations):
        facts["declarations"] = f"{f.declarations[0]},{f.declarations[1]}"
    if f.bidder_won_all is not None and c.bid.kind.name == "GENERALE":
        facts["bidder-won-all"] = "yes" if f.bidder_won_all else "no"
    return facts
