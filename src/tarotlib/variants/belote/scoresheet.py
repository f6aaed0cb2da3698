"""What a table writes down for a deal of Belote, and how it is scored (the game's ``scoresheet``
hook, :mod:`tarotlib.scoresheet`): the contract and the taker, each team's card points and tricks,
who won the last trick, the belotes and the declarations — what
:class:`~tarotlib.variants.belote.scoring.DealSummary` holds — or a deal thrown in.

BE-15 E3: the attack (team 0) makes 73 card points and the last trick against 79: 83 to 79.

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> score_facts(tarotlib.variant("belote"), {"contract": "spades", "taker": "0",
...     "points": "73,79", "tricks": "4,4", "last-trick": "0"}).scores
(83, 79, 83, 79)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from tarotlib.core.cards import PIQUET_NOTATION, card_mask, parse_cards
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import DealContext, DealForm, Fact, choice, whole, wholes, yes_no
from tarotlib.variants.belote.declarations import combinations
from tarotlib.variants.belote.game import THROW_IN, Belote
from tarotlib.variants.belote.scoring import BeloteScore, DealSummary, score_deal
from tarotlib.variants.belote.types import Combination, Contract

__all__ = ["belote_form", "declared", "team"]

_TEAMS = choice("0", "1")


def team(text: str) -> int:
    """A team: ``0`` (seats 0 and 2) or ``1`` (seats 1 and 3) (BE-2.1).

    >>> team("1")
    1
    """
    return int(_TEAMS(text))


def declared(text: str) -> Combination:
    """A declared combination written ``SEAT:CARDS``, the cards joined by ``-`` (``1:KH-QH-JH``):
    the cards must be a carré or a maximal run of 3 or more (BE-10.1), whose kind they give.

    >>> str(declared("1:KH-QH-JH"))
    'tierce (KH QH JH) by seat 1'
    >>> declared("0:KH-QH-10H")
    Traceback (most recent call last):
        ...
    ValueError: ♥K ♥Q ♥10 are not a carré nor a run of 3 or more cards of one suit (BE-10.1)
    """
    seat, sep, cards = text.partition(":")
    if not sep:
        raise ValueError("write SEAT:CARDS, the cards joined by '-', e.g. 1:KH-QH-JH")
    listed = parse_cards(" ".join(part for part in re.split(r"[-\s+]+", cards) if part))
    mask = card_mask(listed)
    if len(listed) != mask.bit_count():
        raise ValueError("a card is listed twice")
    for combo in combinations(mask, whole(seat)):
        if card_mask(combo.cards) == mask:
            return combo
    shown = " ".join(PIQUET_NOTATION.pretty(c) for c in listed)
    raise ValueError(f"{shown} are not a carré nor a run of 3 or more cards of one suit (BE-10.1)")


def _contract(text: str) -> Contract:
    return Contract.parse(text)


_FACTS = (
    Fact(
        "contract",
        "spades|hearts|diamonds|clubs|ta|sa",
        "the contract: a trump suit (also S H D C, ♠ ♥ ♦ ♣), all trumps or no trumps (BE-1.3)",
        _contract,
        required=True,
    ),
    Fact("taker", "SEAT", "the taker's seat; his team attacks (BE-4.6)", whole, required=True),
    Fact(
        "points",
        "T0,T1",
        "the card points won by team 0 (seats 0 and 2) and team 1, without the dix de der; they "
        "total 152 (BE-6.6)",
        wholes,
        required=True,
    ),
    Fact(
        "tricks", "T0,T1", "the tricks won by each team; 8 in all (BE-8.4)", wholes, required=True
    ),
    Fact(
        "last-trick",
        "0|1",
        "the team that won the last trick: the dix de der (BE-11.1); not needed when a team won "
        "all 8",
        team,
    ),
    Fact(
        "belote",
        "0|1",
        "a completed belote-rebelote scoring 20 for that team (BE-9); once per belote",
        team,
        repeat=True,
    ),
    Fact(
        "declaration",
        "SEAT:CARDS",
        "a combination SEAT declared, e.g. 1:KH-QH-JH (BE-10; with option declarations)",
        declared,
        repeat=True,
    ),
    Fact(
        "first-declarer",
        "SEAT",
        "the seat that declared first, for an exact tie under declaration_tie='first_announcer' "
        "(BE-10.4)",
        whole,
    ),
    Fact("passed", "yes", "everybody passed: the deal is thrown in (BE-4.5)", yes_no),
)


def check_thrown_in(values: Mapping[str, Any], rule: str) -> None:
    """Refuse facts given beside ``passed=yes``: a deal thrown in is not played (``rule``: BE-4.5
    in Belote, CO-4.5 in Contrée).

    >>> check_thrown_in({"passed": True, "taker": 1}, "BE-4.5")
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: a deal thrown in is not played (BE-4.5): give no other fact (got taker)
    """
    others = sorted(name for name, v in values.items() if name != "passed" and v != ())
    if others:
        raise ScoringError(
            f"a deal thrown in is not played ({rule}): give no other fact (got {', '.join(others)})"
        )


def belote_form(rules: Game) -> DealForm:
    """Belote's form: the facts of :class:`~tarotlib.variants.belote.scoring.DealSummary`
    written ``name=value``, and ``passed=yes`` for a deal thrown in; scored by
    :func:`~tarotlib.variants.belote.scoring.score_deal` under the rules' options. A match applies
    the litige's carry (BE-11.7).

    >>> import tarotlib
    >>> form = belote_form(tarotlib.variant("belote"))
    >>> facts = {"contract": Contract.DIAMONDS, "taker": 2, "points": (152, 0),
    ...          "tricks": (8, 0), "belote": (1,)}
    >>> form.scorer(facts, DealContext()).scores   # BE-15 E7: capot, the defence's belote
    (252, 20, 252, 20)
    """
    if not isinstance(rules, Belote):
        raise ScoringError(f"belote_form takes Belote's rules, got {type(rules).__name__}")

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        if values.get("passed"):
            check_thrown_in(values, "BE-4.5")
            return DealResult((0, 0, 0, 0), annulled=THROW_IN)
        tricks = values["tricks"]
        last = values.get("last-trick")
        if last is None:
            if len(tricks) == 2 and 8 in tricks:
                last = tricks.index(8)  # a capot: its team won the last trick
            else:
                raise ScoringError(
                    "give last-trick=TEAM, the team that won the last trick (BE-11.1)"
                )
        belotes = values.get("belote", ())
        summary = DealSummary(
            values["contract"],
            values["taker"],
            values["points"],
            tricks,
            last,
            belotes=(belotes.count(0), belotes.count(1)),
            declarations=values.get("declaration", ()),
            first_declarer=values.get("first-declarer"),
        )
        return score_deal(summary, rules.options).result()

    return DealForm(
        _FACTS,
        scorer,
        examples=(
            (
                "BE-15 E3: made, 73 card points and the last trick",
                "contract=spades taker=0 points=73,79 tricks=4,4 last-trick=0",
            ),
            (
                "BE-15 E7: capot; a defender's belote",
                "contract=diamonds taker=2 points=152,0 tricks=8,0 belote=1",
            ),
            (
                "BE-15 E13: a litige (its 71 carried to the next deal's winner)",
                "contract=clubs taker=0 points=61,91 tricks=4,4 last-trick=0 belote=0",
            ),
            ("everybody passed", "passed=yes"),
        ),
        facts_of=_facts_of,
        standalone=("passed",),
    )


def _facts_of(state: DealState) -> dict[str, str | list[str]]:
    """What the table writes down for a played deal of Belote."""
    result = state.result
    if result.is_annulled:
        return {"passed": "yes"}
    s = cast(BeloteScore, result.breakdown).summary
    facts: dict[str, str | list[str]] = {
        "contract": s.contract.token,
        "taker": str(s.taker),
        "points": f"{s.card_points[0]},{s.card_points[1]}",
        "tricks": f"{s.tricks[0]},{s.tricks[1]}",
        "last-trick": str(s.last_trick),
    }
    belotes = [str(t) for t in (0, 1) for _ in range(s.belotes[t])]
    if belotes:
        facts["belote"] = belotes
    if s.declarations:
        facts["declaration"] = [
            f"{c.seat}:{'-'.join(card.text for card in c.cards)}" for c in s.declarations
        ]
    if s.first_declarer is not None:
        facts["first-declarer"] = str(s.first_declarer)
    return facts
