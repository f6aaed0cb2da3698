"""Chambéry scored from what a table writes down: the dealer's call as a pure function (the
callable cards of CH-10.2, or the dealer alone), the dealer alone named for what it is, and the
settlements refusing what the rules forbid (the seat sitting out charged, CH-2.3; a partner in a
solo; points not adding up, CH-5.6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarotlib.core.cards import parse_cards
from tarotlib.errors import ScoringError
from tarotlib.variants.chambery.facts import config
from tarotlib.variants.chambery.scoring import (
    Contract,
    TwoSideScore,
    dealer_call,
    settle_three,
    settle_two_sides,
)

from support.chambery import chambery, layout_with, play, play_out


@pytest.mark.parametrize("fallback", ["queen_cavalier_jack", "alone"])
@pytest.mark.parametrize(("players", "simplifie"), [(5, False), (6, False), (4, True)])
def test_the_dealer_call_offers_what_the_engine_offers(
    fallback: str, players: int, simplifie: bool
) -> None:
    """Every deal that reaches the King call: the engine's legal calls are the cards of
    :func:`dealer_call` from the dealer's hand and discard."""
    rules = chambery(players, simplifie, call_fallback=fallback)
    rng = random.Random(3)
    reached = 0
    for seed in range(60):
        state = rules.new_deal(seed=seed)
        while state.phase in ("discard", "auction"):
            passes = [a for a in state.legal_actions() if a.text == "pass"]
            state = state.apply(passes[0] if passes else rng.choice(state.legal_actions()))
        if state.phase != "king-call":
            continue
        reached += 1
        dealer = state.data.dealer
        fallback_option: Any = fallback
        call = dealer_call(
            state.hand_mask(dealer), state.data.discard, call_fallback=fallback_option
        )
        assert sorted(a.text for a in state.legal_actions()) == sorted(
            f"call {c}" for c in call.cards
        )
    assert reached > 20


def test_the_dealer_alone_is_named_and_settled_as_such() -> None:
    """CH-10.2 ``alone``: the dealer holds the four Kings and the four Queens; nobody bids; he
    plays alone, and the result says so (before: "King call" with partner -1)."""
    dealer = "KS KH KD KC QS QH QD QC T21 EX 2S 3S 4S 5S 6S 7S 8S 9S"
    rules = chambery(5, call_fallback="alone")
    state = rules.new_deal(layout=layout_with([dealer, "", "", "", ""], 0))
    state = play(state, "discard 2S", "discard 3S", "discard 4S", *["pass"] * 5)
    call = dealer_call(parse_cards(dealer), parse_cards("2S 3S 4S"), call_fallback="alone")
    assert call.alone and call.contract is Contract.ALONE
    assert state.data.contract is Contract.ALONE and state.data.partner == -1
    final = play_out(state)
    assert final.result.contract == "dealer alone"
    assert not any("King call" in line for line in final.result.lines())
    assert "the dealer plays alone, settled like a solo ×1 (CH-10.2)" in final.result.lines()


def test_the_default_fallback_calls_a_cavalier() -> None:
    call = dealer_call(parse_cards("KS KH KD KC QS QH QD QC"))
    assert call.rank == "Cavalier" and not call.alone and len(call.cards) == 4
    assert call.line().startswith("the dealer holds every King, Queen: he calls a Cavalier")
    with pytest.raises(ScoringError, match="call_fallback"):
        nobody: Any = "nobody"
        dealer_call(parse_cards("KS"), call_fallback=nobody)


def settle(points: tuple[int, int], **kwargs: Any) -> TwoSideScore:
    values: dict[str, Any] = {
        "config": config(6),
        "contract": Contract.HAND,
        "declarer": 2,
        "partner": -1,
        "active": (0, 2, 3, 4, 5),
        "players": 6,
        **kwargs,
    }
    return settle_two_sides(points, **values)


def test_six_players_the_seat_sitting_out_is_never_charged() -> None:
    """CH-2.3: with 6 seated the dealer's right sits out. Before, ``active=range(6)`` charged
    him like an opponent; now it is refused, and so is naming him among 5 active seats."""
    good = settle((40, 28), dealer=0)
    assert good.scores[1] == 0
    with pytest.raises(ScoringError, match=r"6 seats are active.*CH-2\.3"):
        settle((40, 28), active=range(6))
    with pytest.raises(ScoringError, match=r"seat 1 sits this deal out"):
        settle((40, 28), active=(1, 2, 3, 4, 5), dealer=0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"partner": 3}, "a solo has no partner"),
        (
            {"contract": Contract.ALONE, "partner": 3, "declarer": 0},
            "the dealer alone has no partner",
        ),
        ({"contract": Contract.KING_CALL, "declarer": 2, "partner": 3, "dealer": 0}, "the dealer"),
        ({"contract": Contract.KING_CALL, "declarer": 0, "partner": 0}, "another player"),
        ({"declarer": 1}, "not in play"),
        ({"active": (0, 2, 2, 4, 5)}, "twice"),
        ({"players": 5}, "players must be 6"),
    ],
)
def test_impossible_settlements_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        settle((40, 28), **kwargs)


def test_points_must_add_up() -> None:
    with pytest.raises(ScoringError, match=r"total 67.*totals 68"):
        settle((40, 27))
    with pytest.raises(ScoringError, match="settle_three"):
        settle_two_sides(
            (40, 38), config=config(3), contract=Contract.HAND, declarer=0, partner=-1,
            active=range(3), players=3,
        )  # fmt: skip
    with pytest.raises(ScoringError, match=r"total 77.*78"):
        settle_three((45, 20, 12), half=26)
    assert settle_three((30, 30, 12), half=24).scores == (6, 6, -12)  # CH-E7, simplifié
