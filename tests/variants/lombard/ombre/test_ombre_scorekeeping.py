"""Tarocc'Ombre and Ombra arrabiata scored from what a table writes down (:class:`OmbreSummary`):
a concession TO-7.1 forbids is refused (before, ``declarer=0, dealer=0, conceded=True`` scored
(−6, 3, 3)), and so is every other combination the rules exclude; LO-E6 and LO-E7 through the
summary; the summaries the engine writes pass the same checks and give its results."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarotlib.errors import ScoringError
from tarotlib.variants.lombard.ombre.scoring import Contract, OmbreSummary, score_deal

from support.ombre import ombre

DUE, UNA, NIENTE = Contract.DUE, Contract.UNA, Contract.NIENTE


def test_lo_e6_concession() -> None:
    """LO-E6: seat 0 deals and bid; seat 1, declarer at niente, concedes: −8, +4, +4."""
    s = OmbreSummary(
        players=3,
        contract=NIENTE,
        declarer=1,
        dealer=0,
        points=None,
        conceded=True,
        dealer_bid=True,
    )
    result = score_deal(s).result()
    assert result.scores == (4, -8, 4) and result.made is None and result.contract == "niente"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"declarer": 0, "dealer": 0}, r"the dealer \(seat 0\) is the declarer.*TO-7\.1"),
        ({"declarer": 1, "dealer": 0, "dealer_bid": False}, r"dealer never bid.*TO-7\.1"),
        ({"declarer": 1}, r"needs the dealer's seat.*TO-7\.1"),
        ({"declarer": 1, "dealer": 0, "cappotto": True}, "not played"),
    ],
)
def test_a_concession_the_rules_forbid_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        OmbreSummary(players=3, contract=DUE, points=None, conceded=True, **fields)


def test_a_concession_has_no_partner() -> None:
    with pytest.raises(ScoringError, match="TO-36"):
        OmbreSummary(
            players=5, contract=DUE, declarer=1, dealer=0, partner=3, points=None, conceded=True
        )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 5, "contract": NIENTE, "partner": 2, "points": 40}, r"niente.*TO-34\.1"),
        ({"players": 3, "partner": 2, "points": 40}, "only with 5 or 7"),
        ({"players": 3, "points": 71}, "from 0 to 70"),
        ({"players": 4, "points": 67}, "from 0 to 66"),
        ({"players": 3, "points": 30, "cappotto": True}, "a cappotto is a won deal"),
        ({"players": 3, "points": 40, "no_trick": True}, "won no trick"),
        ({"players": 3, "points": 0, "cappotto": True, "no_trick": True}, "every trick and none"),
        ({"players": 3, "points": 36.5}, "whole number"),
        ({"players": 3, "contract": "due", "points": 40}, "must be a Contract"),
        ({"players": 7, "points": 40, "win_threshold": 30}, "36 or 35"),
        ({"players": 3, "points": 40, "dealer": 3}, "dealer must be a seat"),
    ],
)
def test_impossible_summaries_are_refused(fields: dict[str, Any], message: str) -> None:
    values: dict[str, Any] = {"contract": DUE, "declarer": 0, **fields}
    with pytest.raises(ScoringError, match=message):
        OmbreSummary(**values)


def test_lo_e7_through_the_result() -> None:
    """LO-E7: due with p = 45 wins 3 from each opponent; Ombra arrabiata una with p = 22 loses 7
    to each of three."""
    assert score_deal(
        OmbreSummary(players=3, contract=DUE, declarer=0, points=45)
    ).result().scores == (6, -3, -3)
    lost = score_deal(OmbreSummary(players=4, contract=UNA, declarer=2, points=22)).result()
    assert lost.scores == (7, 7, -21, 7) and lost.made is False


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("tarocco-ombre", {}),
        ("tarocco-ombre", {"players": 5}),
        ("tarocco-ombre", {"players": 7, "own_matto_trick": "ignore"}),
        ("ombra-arrabiata", {"concession_enabled": True}),
    ],
)
def test_the_engines_summaries_pass_the_checks(name: str, options: dict[str, object]) -> None:
    """Every deal the engine plays is written down as a summary the checks accept, and that
    summary scores to the engine's result."""
    rules = ombre(name, **options)
    rng = random.Random(5)
    played = 0
    for seed in range(40):
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.result.is_annulled:
            continue
        played += 1
        assert score_deal(rules.summary(state)).result() == state.result
    assert played > 10
