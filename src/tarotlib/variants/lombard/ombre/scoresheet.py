"""What a table writes down for a deal of Tarocc'Ombre (3, 5 or 7 players) or Ombra arrabiata,
and how it is scored (the games' ``scoresheet`` hook, :mod:`tarotlib.scoresheet`): the contract,
the declarer and his partner, the points of the declarer's side, a cappotto, a concession —
what :class:`~tarotlib.variants.lombard.ombre.scoring.OmbreSummary` holds — or a deal everybody
passed.

LO-E7: *due* with p = 45 wins 3 from each opponent.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> rules = tarotlib.variant("tarocco-ombre")
>>> score_facts(rules, {"contract": "due", "declarer": "0", "points": "45"}).scores
(6, -3, -3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game, MultiRoundBidding
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import DealContext, DealForm, Fact, whole, yes_no
from tarotlib.variants.lombard.ombre.game import Ombre
from tarotlib.variants.lombard.ombre.scoring import (
    PACK_POINTS,
    Contract,
    OmbreScore,
    OmbreSummary,
    score_deal,
)

__all__ = ["ombre_form"]


def _contract(text: str) -> Contract:
    return Contract.parse(text)


def _partner(text: str) -> int:
    """A seat, or ``alone`` (-1)."""
    return -1 if text.strip().lower() in ("alone", "none", "-") else whole(text)


_FACTS = (
    Fact("contract", "due|una|niente", "the contract (TO-5.1)", _contract, required=True),
    Fact("declarer", "SEAT", "the declarer's seat (TO-5.6)", whole, required=True),
    Fact(
        "partner",
        "SEAT|alone",
        "5 or 7 players, due or una: the partner the called card made (TO-34); alone when there "
        "is none",
        _partner,
    ),
    Fact(
        "points",
        "P",
        "the points of the declarer's side, counted as one pile (TO-9.1, TO-23, TO-35.1)",
        whole,
    ),
    Fact(
        "others", "Q", "the other side's points, counted on their own (shown only, LO-5.7)", whole
    ),
    Fact("cappotto", "yes", "the declarer's side won every trick (TO-9.5, LO-7.10)", yes_no),
    Fact(
        "no-trick",
        "yes",
        "the declarer's side won no trick (for reverse_cappotto, TO-9.5)",
        yes_no,
    ),
    Fact("conceded", "yes", "the declarer conceded: no card was played (TO-7)", yes_no),
    Fact(
        "dealer",
        "SEAT",
        "the dealer's seat (a score sheet knows it): a concession needs it (TO-7.1, TO-7.3)",
        whole,
    ),
    Fact(
        "dealer-bid",
        "yes|no",
        "whether the dealer bid in the auction: dealer-bid=no refuses a concession (TO-7.1)",
        yes_no,
    ),
    Fact("passed", "yes", "everybody passed: the deal is annulled (TO-5.7)", yes_no),
)


def ombre_form(rules: Game) -> DealForm:
    """The form of the Tarocc'Ombre games: the facts of :class:`OmbreSummary` written
    ``name=value``, and ``passed=yes`` for a deal everybody passed; scored by
    :func:`~tarotlib.variants.lombard.ombre.scoring.score_deal` with the rules' options (the
    threshold, the banding, the cappotto options, the concession's), which also bring their
    checks: no concession where it is not enabled (TO-25, TO-36), a partner needed with 5 or 7
    players at due or una, and under ``own_matto_trick = 'strict'`` a cappotto holds the whole
    pack (LO-7.10).

    >>> import tarotlib
    >>> form = ombre_form(tarotlib.variant("tarocco-ombre"))
    >>> facts = {"contract": Contract.NIENTE, "declarer": 1, "conceded": True, "dealer-bid": True}
    >>> form.scorer(facts, DealContext(dealer=0)).scores   # LO-E6
    (4, -8, 4)
    >>> form.scorer({**facts, "declarer": 0}, DealContext(dealer=0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: the dealer (seat 0) is the declarer: he may not concede (TO-7.1: ...)
    """
    if not isinstance(rules, Ombre):
        raise ScoringError(
            f"ombre_form takes the rules of a Tarocc'Ombre game, got {type(rules).__name__}"
        )
    o = rules.options
    n = rules.players

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        if values.get("passed"):
            others = sorted(name for name in values if name not in ("passed", "dealer"))
            if others:
                raise ScoringError(
                    f"a deal everybody passed is not played (TO-5.7): give no other fact (got "
                    f"{', '.join(others)})"
                )
            auction = next(p for p in rules.phases if isinstance(p, MultiRoundBidding))
            reason = auction.annul_reason if o.all_pass == "next_dealer" else auction.redeal_reason
            return DealResult((0,) * n, annulled=reason)  # TO-5.7
        dealer = _dealer(values, context)
        conceded = values.get("conceded", False)
        declarer = values["declarer"]
        contract = values["contract"]
        partner = values.get("partner", -1)
        if conceded:
            if not o.concession:
                raise ScoringError(
                    "no concession in this game unless concession_enabled=True (TO-25, TO-36)"
                )
        elif "points" not in values:
            raise ScoringError(
                "missing fact: points=P (the points of the declarer's side; or conceded=yes)"
            )
        if (
            o.with_partner
            and not conceded
            and contract is not Contract.NIENTE
            and "partner" not in values
        ):
            raise ScoringError(
                f"{n} players at {contract.label}: give partner=SEAT, or partner=alone (TO-34)"
            )
        summary = OmbreSummary(
            players=n,
            contract=contract,
            declarer=declarer,
            points=values.get("points"),
            partner=partner,
            others=values.get("others"),
            cappotto=values.get("cappotto", False),
            no_trick=values.get("no-trick", False),
            conceded=conceded,
            dealer=-1 if dealer is None else dealer,
            win_threshold=o.win_threshold,
            banding=o.ombra_banding,
            reverse_cappotto=o.reverse_cappotto,
            concession_payment=o.concession_payment,
            dealer_bid=values.get("dealer-bid"),
        )
        _check_strict(rules, summary)
        score: OmbreScore = score_deal(summary)
        return score.result()

    return DealForm(
        _FACTS,
        scorer,
        examples=_examples(rules),
        facts_of=_facts_of,
        standalone=("passed",),
    )


def _examples(rules: Ombre) -> tuple[tuple[str, str], ...]:
    """The worked examples of the rules reference for this game (LO-E6 – LO-E8)."""
    if rules.options.arrabiata:
        return (
            (
                "LO-E7: due with 39 points wins 5 from each of three",
                "contract=due declarer=0 points=39",
            ),
            (
                "LO-E7: una with 22 points loses 7 to each of three",
                "contract=una declarer=0 points=22",
            ),
            ("everybody passed", "passed=yes"),
        )
    return (
        ("LO-E7: due with 45 points, a win", "contract=due declarer=0 points=45"),
        ("LO-E7: una with cappotto", "contract=una declarer=0 points=70 cappotto=yes"),
        (
            "LO-E6: seat 1 concedes niente; seat 0 dealt and bid",
            "contract=niente declarer=1 conceded=yes dealer=0 dealer-bid=yes",
        ),
        (
            "LO-E8, 7 players: due with seat 3 as partner, 29 points to 42",
            "--players 7 contract=due declarer=0 partner=3 points=29 others=42",
        ),
        ("everybody passed", "passed=yes"),
    )


def _dealer(values: Mapping[str, Any], context: DealContext) -> int | None:
    """The dealer: as given, or the sheet's; both must agree."""
    given = values.get("dealer")
    if given is not None and context.dealer is not None and given != context.dealer:
        raise ScoringError(
            f"dealer={given}, but the score sheet's dealer is seat {context.dealer} (the deal "
            "passes to the right after every deal, LO-1.3)"
        )
    return context.dealer if given is None else int(given)


def _check_strict(rules: Ombre, summary: OmbreSummary) -> None:
    """LO-7.10 ``strict``: a side that won every trick holds every card, one that won none holds
    none (unless the Matto may be paid from the discard, LO-7.9)."""
    o = rules.options
    if o.own_matto_trick != "strict" or o.matto_payment_from_discard or summary.points is None:
        return
    top = PACK_POINTS[rules.players]
    if summary.cappotto and summary.points != top:
        raise ScoringError(
            f"a cappotto under own_matto_trick='strict' holds every card: {top} points, got "
            f"{summary.points} (LO-7.10, TO-9.5)"
        )
    if summary.no_trick and summary.points != 0:
        raise ScoringError(
            f"a side that won no trick holds no card under own_matto_trick='strict': 0 points, "
            f"got {summary.points} (LO-7.10)"
        )


def _facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of a Tarocc'Ombre game."""
    result = state.result
    if result.is_annulled:
        return {"passed": "yes"}
    s = cast(OmbreScore, result.breakdown).summary
    facts: dict[str, str | list[str]] = {
        "contract": s.contract.token,
        "declarer": str(s.declarer),
        "dealer": str(s.dealer),
    }
    if s.conceded:
        facts["conceded"] = "yes"
        facts["dealer-bid"] = "yes"
        return facts
    assert s.points is not None
    facts["points"] = str(s.points)
    if s.others is not None:
        facts["others"] = str(s.others)
    if s.players in (5, 7) and s.contract is not Contract.NIENTE:
        facts["partner"] = "alone" if s.partner < 0 else str(s.partner)
    if s.cappotto:
        facts["cappotto"] = "yes"
    if s.no_trick:
        facts["no-trick"] = "yes"
    return facts
