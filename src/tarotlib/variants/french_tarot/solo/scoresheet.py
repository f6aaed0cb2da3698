"""What a player writes down for a deal of the French Tarot solo, and how it is scored (the
game's ``scoresheet`` hook, :mod:`tarotlib.scoresheet`): French Tarot's facts for the player, who
is always the taker (FT-20.1), scored with 3-player payouts (FT-20.11).

>>> import tarotlib
>>> from tarotlib.scoresheet import score_facts
>>> rules = tarotlib.variant("french-tarot-solo")
>>> score_facts(rules, {"contract": "prise", "points": "52", "oudlers": "1"}).scores
(52, -26, -26)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tarotlib.core.results import DealResult
from tarotlib.deal import DealState, Game
from tarotlib.errors import ScoringError
from tarotlib.scoresheet import DealContext, DealForm, Fact, yes_no
from tarotlib.variants.french_tarot.scoresheet import (
    _COMMON,
    _POIGNEE,
    _facts_of,
    _kind,
    _summary,
)
from tarotlib.variants.french_tarot.scoring import score_deal
from tarotlib.variants.french_tarot.solo.game import FrenchTarotSolo
from tarotlib.variants.french_tarot.types import Contract, Declaration

__all__ = ["solo_form"]


def solo_form(rules: Game) -> DealForm:
    """The solo's form (FT-20): the player (seat 0) is always the taker; his contract, points,
    oudlers, Petit au bout, poignée and slam — scored by French Tarot's
    :func:`~tarotlib.variants.french_tarot.scoring.score_deal` with 3-player payouts (FT-20.11).
    Under S-O3 the first deal of a series is a Prise (FT-20.4): a score sheet knows which deal is
    the first (a deal scored on its own is not checked). ``petit-sec=yes``: the player's petit
    sec redealt (FT-20.3).

    >>> import tarotlib
    >>> from fractions import Fraction
    >>> form = solo_form(tarotlib.variant("french-tarot-solo"))
    >>> facts = {"contract": Contract.GARDE, "points": Fraction(50), "oudlers": 2}
    >>> form.scorer(facts, DealContext(counted=1)).scores
    (136, -68, -68)
    >>> form.scorer(facts, DealContext(counted=0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: the first deal of a series is a Prise (FT-20.4, ...)
    """
    if not isinstance(rules, FrenchTarotSolo):
        raise ScoringError(f"solo_form takes the solo's rules, got {type(rules).__name__}")
    o = rules.options
    facts = (
        _COMMON[0],
        *_COMMON[1:4],
        Fact(
            "poignee",
            "simple|double|triple",
            "the player's poignée (FT-20.7; thresholds by option solo_poignee_thresholds)",
            _kind(_POIGNEE),
        ),
        *_COMMON[4:],
        Fact(
            "petit-sec",
            "yes",
            "the player's petit sec: the deal is dealt again and does not count (FT-20.3)",
            yes_no,
        ),
    )

    def scorer(values: Mapping[str, Any], context: DealContext) -> DealResult:
        if values.get("petit-sec"):
            if o.solo_petit_sec == "off":
                raise ScoringError("no petit sec redeal under solo_petit_sec='off' (FT-20.3)")
            others = sorted(name for name in values if name != "petit-sec")
            if others:
                raise ScoringError(
                    f"a redealt deal is not played: give no other fact (got {', '.join(others)})"
                )
            return DealResult((0, 0, 0), annulled="petit sec (seat 0)")
        if (
            context.counted == 0  # on a score sheet: the first deal (not known for a lone deal)
            and o.solo_first_deal_contract == "prise"
            and values["contract"] is not Contract.PRISE
        ):
            raise ScoringError(
                "the first deal of a series is a Prise (FT-20.4, solo_first_deal_contract='prise')"
            )
        poignee = values.get("poignee")
        declarations = () if poignee is None else (Declaration(*poignee),)
        summary = _summary(3, {**values, "taker": 0}, None, declarations)
        return score_deal(summary, defence_slam_bonus=o.defence_slam_bonus).result()

    def facts_of(state: DealState) -> dict[str, str | list[str]]:
        written = _facts_of(state)
        if "petit-sec" in written:
            return {"petit-sec": "yes"}
        written.pop("taker", None)
        poignee = written.pop("poignee", None)
        if isinstance(poignee, list):
            written["poignee"] = poignee[0].split(":")[1]
        return written

    return DealForm(
        facts,
        scorer,
        examples=(
            (
                "the first deal: a Prise made with 52 points and 1 oudler",
                "contract=prise points=52 oudlers=1",
            ),
            (
                "a Garde with 2 oudlers and 50 points, the player's simple poignée",
                "contract=garde points=50 oudlers=2 poignee=simple",
            ),
        ),
        facts_of=facts_of,
        standalone=("petit-sec",),
    )
