"""What Belote and Contrée share (``BeloteFamilyState``, ``BeloteFamilyObservation``): one state
and observation code, parameterised where the games differ — their bidding fields, which sit
right after ``hand`` in the repr and the JSON form, and the rule that says whose declarations
are shown after the first trick (BE-10.4, CO-7.5)."""

from __future__ import annotations

import json
import random
from typing import Literal, cast

import attrs
import pytest

import tarotlib
from tarotlib.core.cards import card_mask
from tarotlib.variants.belote.contree import Contree, ContreeBid, ContreeContract, ContreeOptions
from tarotlib.variants.belote.contree.observation import ContreeObservation
from tarotlib.variants.belote.contree.state import ContreeState
from tarotlib.variants.belote.observation import (
    BeloteFamilyObservation,
    BeloteObservation,
    table_fields,
)
from tarotlib.variants.belote.state import BeloteFamilyState

HEAD = ["seat", "dealer", "direction", "phase", "to_act", "hand"]
TAIL = ["tricks", "trick_leader", "current_trick", "declarations", "announcements", "result"]
BIDDING = {
    BeloteObservation: ["turn_up", "bids", "contract", "taker"],
    ContreeObservation: ["calls", "contract"],
}


def _json_keys(fields: list[str]) -> list[str]:
    return [k for f in fields for k in (("annulled", "scores") if f == "result" else (f,))]


def test_the_shared_fields_are_the_bases() -> None:
    assert [f.name for f in attrs.fields(BeloteFamilyObservation)] == HEAD + TAIL


@pytest.mark.parametrize("cls", [BeloteObservation, ContreeObservation])
def test_the_bidding_fields_sit_after_the_hand(cls: type[BeloteFamilyObservation]) -> None:
    assert issubclass(cls, BeloteFamilyObservation)
    assert [f.name for f in attrs.fields(cls)] == HEAD + BIDDING[cls] + TAIL
    assert cls.__match_args__ == tuple(HEAD + BIDDING[cls] + TAIL)


@pytest.mark.parametrize("name", ["belote", "contree"])
def test_reprs_and_json_follow_the_field_order(name: str) -> None:
    rules = tarotlib.variant(name, declarations=True)
    rng = random.Random(3)
    for seed in range(6):
        state = rules.new_deal(seed=seed)
        while True:
            assert isinstance(state, BeloteFamilyState)
            for seat in range(4):
                seen = cast(BeloteFamilyObservation, state.observation(seat))
                names = [f.name for f in attrs.fields(type(seen))]
                values = ", ".join(f"{n}={getattr(seen, n)!r}" for n in names)
                assert repr(seen) == f"{type(seen).__name__}({values})"
                data = seen.to_json()
                assert list(data) == _json_keys(names)
                assert json.loads(json.dumps(data)) == data
                fields = table_fields(state, seat)
                assert {n: getattr(seen, n) for n in fields} == fields
                assert card_mask(seen.visible_cards()) == rules.visible_mask(state, seat)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def _after_first_trick(sa_carres: Literal["ffb", "face"]) -> ContreeState:
    """A Contrée deal in SA: seat 0 declares four aces, seat 1 four nines, the first trick is
    played. BE-10.4 ranks the nines higher, CO-7.5 (``sa_carres = ffb``) the aces (200 to 100)."""
    options = ContreeOptions(contracts="suits_ta_sa", declarations=True, sa_carres=sa_carres)
    rules = Contree(options)
    hands = [
        "AS AH AD AC 7S 8S 7H 8H",
        "9S 9H 9D 9C 7D 8D 7C 8C",
        "KS QH JD TC KD QC JS TH",
        "KH QS JH TS KC QD JC TD",
    ]
    state = rules.start_play(hands, ContreeContract(ContreeBid.parse("80SA"), 0))
    for text in (
        "declare carre-aces AS AH AD AC",
        "play 7S",
        "declare carre-nines 9S 9H 9D 9C",
        "play 9S",
        "play KS",
        "play QS",
    ):
        state = state.apply(rules.parse_action(text))
    return state


@pytest.mark.parametrize(("sa_carres", "counts"), [("ffb", 0), ("face", 1)])
def test_each_game_says_whose_declarations_are_shown(
    sa_carres: Literal["ffb", "face"], counts: int
) -> None:
    state = _after_first_trick(sa_carres)
    for seat in range(4):
        shown = {s: bool(cards) for s, _, cards in state.observation(seat).declarations}
        # its own declaration, and the declarations of the team that counts (CO-7, BE-10.3)
        assert shown == {0: seat == 0 or counts == 0, 1: seat == 1 or counts == 1}
        seen = state.observation(seat).visible_cards()
        assert card_mask(seen) == state.rules.visible_mask(state, seat)
