"""What a table writes down for a deal of Chambéry flower tarot, and how it is scored (the game's
``scoresheet`` hook, :mod:`tarotlib.scoresheet`): with two sides, the contract, the declarer (the
soloist, or the dealer in a King call or alone), the called partner and the sides' points; with
three players, each player's points.

CH-E3: a King call won 47–21 in the 5-player game; seat 0 deals and calls seat 3.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> rules = tarotlib.variant("chambery")
>>> score_facts(rules, {"contract": "king-call", "dealer": "0", "partner": "3",
...                     "points": "47,21"}).scores
(20, -13, -13, 19, -13)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import DealContext, DealForm, Fact, choice, whole, wholes
from tarotlib.variants.chambery.game import Chambery
from tarotlib.variants.chambery.scoring import (
    Contract,
    ThreePlayerScore,
    TwoSideScore,
    settle_three,
    settle_two_sides,
)

__all__ = ["chambery_form"]

_CONTRACTS = {c.token: c for c in Contract}


def _contract(text: str) -> Contract:
    return _CONTRACTS[choice(*_CONTRACTS)(text.removesuffix("-solo").removesuffix(" solo"))]


_FACTS = (
    Fact(
        "contract",
        "two-card|one-card|hand|king-call|alone",
        "a solo (CH-8.1); when nobody bid, the dealer's King call (CH-10.1) or, under "
        "call_fallback='alone', the dealer alone (CH-10.2); not with 3 players",
        _contract,
    ),
    Fact(
        "declarer",
        "SEAT",
        "the soloist's seat; in a King call or alone, the dealer (the default)",
        whole,
    ),
    Fact("partner", "SEAT", "in a King call, the called card's holder (CH-10.1)", whole),
    Fact(
        "points",
        "N[,M]",
        "the declarer's side's points and the opponents' (CH-5.4; M = T − N when left out, CH-5.6); "
        "with 3 players each player's points, P0,P1,P2 (CH-16)",
        wholes,
        required=True,
    ),
    Fact(
        "dealer",
        "SEAT",
        "the dealer's seat (a score sheet knows it): with 6 players the seat on his right sits "
        "out (CH-2.3); he is the declarer of a King call",
        whole,
    ),
)


def chambery_form(rules: Game) -> DealForm:
    """Chambéry's form: ``contract``, ``declarer``, ``partner``, ``points`` and ``dealer``;
    settled by :func:`~tarotlib.variants.chambery.scoring.settle_two_sides` (the configurations
    with two sides) or :func:`~tarotlib.variants.chambery.scoring.settle_three` (3 players) under
    the rules' options and configuration. Every check of the settlements applies, and the dealer
    alone only under ``call_fallback = 'alone'`` (CH-10.2).

    >>> import tarotlib
    >>> form = chambery_form(tarotlib.variant("chambery", players=3))
    >>> form.scorer({"points": (45, 21, 12)}, DealContext()).scores   # CH-E7
    (33, -5, -28)
    """
    if not isinstance(rules, Chambery):
        raise ScoringError(f"chambery_form takes Chambéry's rules, got {type(rules).__name__}")
    cfg = rules.config
    o = rules.options
    n = rules.players

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        points = values["points"]
        dealer = _dealer(values, context)
        if not cfg.two_sides:
            extra = sorted(name for name in values if name not in ("points", "dealer"))
            if extra:
                raise ScoringError(
                    f"with 3 players each plays for himself (CH-13.1): give points=P0,P1,P2 only "
                    f"(got {', '.join(extra)})"
                )
            return settle_three(
                points, half=cfg.half, sharing=o.three_player_sharing, config=cfg.name
            ).result()
        if "contract" not in values:
            raise ScoringError(
                "missing fact: contract=two-card|one-card|hand|king-call|alone (CH-8.1, CH-10)"
            )
        contract = values["contract"]
        if contract is Contract.ALONE and o.call_fallback != "alone":
            raise ScoringError(
                "the dealer plays alone only under call_fallback='alone'; by default he calls a "
                "Queen, a Cavalier or a Jack (CH-10.2)"
            )
        called = contract in (Contract.KING_CALL, Contract.ALONE)
        declarer = values.get("declarer", dealer if called else None)
        if declarer is None:
            what = "the dealer's seat" if called else "the soloist's seat"
            raise ScoringError(f"missing fact: {'dealer' if called else 'declarer'}=SEAT ({what})")
        if n == 6 and dealer is None:
            raise ScoringError(
                "6 players: give dealer=SEAT, whose right-hand neighbour sits out (CH-2.3)"
            )
        if len(points) == 1:
            points = (points[0], cfg.total - points[0])  # CH-5.6: a fixed total
        if len(points) != 2:
            raise ScoringError(
                f"points=N[,M] gives the declarer's side's points (and the opponents'), got "
                f"{len(points)} numbers"
            )
        sitter = (dealer + 1) % n if n == 6 and dealer is not None else -1
        return settle_two_sides(
            (points[0], points[1]),
            config=cfg,
            contract=contract,
            declarer=declarer,
            partner=values.get("partner", -1),
            active=[seat for seat in range(n) if seat != sitter],
            players=n,
            dealer=dealer,
        ).result()

    return DealForm(
        _FACTS,
        scorer,
        examples=(
            (
                "CH-E1: a two-card solo by seat 2 lost 31–37",
                "contract=two-card declarer=2 points=31,37",
            ),
            (
                "CH-E3: the dealer's King call won 47–21, seat 3 called",
                "contract=king-call dealer=0 partner=3 points=47,21",
            ),
            ("CH-E5: a hand solo won 53–15", "contract=hand declarer=1 points=53"),
            ("CH-E7, 3 players: 45, 21, 12", "--players 3 points=45,21,12"),
        ),
        facts_of=_facts_of,
    )


def _dealer(values: Mapping[str, Any], context: DealContext) -> int | None:
    """The dealer: as given, or the sheet's; both must agree."""
    given = values.get("dealer")
    if given is not None and context.dealer is not None and given != context.dealer:
        raise ScoringError(
            f"dealer={given}, but the score sheet's dealer is seat {context.dealer} (the deal "
            "passes to the right after every deal, CH-2.2)"
        )
    return context.dealer if given is None else int(given)


def _facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of Chambéry."""
    score = state.result.breakdown
    dealer = str(state.data.dealer)
    if isinstance(score, ThreePlayerScore):
        return {"points": ",".join(str(p) for p in score.points), "dealer": dealer}
    two = cast(TwoSideScore, score)
    facts: dict[str, str | list[str]] = {
        "contract": two.contract.token,
        "declarer": str(two.declarer),
        "points": f"{two.points[0]},{two.points[1]}",
        "dealer": dealer,
    }
    if two.partner >= 0:
        facts["partner"] = str(two.partner)
    return facts
