"""Property tests of Tarocc'Ombre (3, 5, 7) and Ombra arrabiata: random legal play under drawn
options, every step checked by the generic checks and the games' independent oracle
(termination, conservation of the pack and of the deal total, zero-sum payments, no hidden card
in any observation, offered actions equal to the legal ones, replay identical), and the reusable
state machine on every game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.records import GameRecord
from tarotlib.testing import VariantMachine, check_replay, check_state, played_deals, rules

from support.profiles import examples

SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


Deal = tuple[tarotlib.DealState, tarotlib.DealState, object]


def _check_whole(deal: Deal) -> None:
    _, last, _ = deal
    assert last.is_over and sum(last.result.scores) == 0
    check_replay(last)
    assert GameRecord.from_state(last).replay() == last


@SETTINGS
@given(played_deals(rules("tarocco-ombre", players=3), on_step=check_state))
def test_tarocco_three_players(deal: Deal) -> None:
    _check_whole(deal)


@SETTINGS
@given(played_deals(rules("ombra-arrabiata"), on_step=check_state))
def test_ombra_arrabiata(deal: Deal) -> None:
    _check_whole(deal)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_deals(rules("tarocco-ombre", players=[5, 7]), on_step=check_state))
def test_tarocco_five_and_seven(deal: Deal) -> None:
    _check_whole(deal)


@SETTINGS
@given(st.sampled_from([3, 5, 7]), st.integers(0, 2**32))
def test_default_options_seeded(players: int, seed: int) -> None:
    rules_ = tarotlib.variant("tarocco-ombre", players=players)
    from tarotlib.testing import random_play

    final, _ = random_play(
        rules_.new_deal(seed=seed, dealer=seed % players), seed, on_step=check_state
    )
    assert final.is_over


_MACHINE = settings(max_examples=examples(10), stateful_step_count=40, deadline=None)

TestTaroccoMachine = VariantMachine.for_variant("tarocco-ombre", settings=_MACHINE).TestCase
TestArrabiataMachine = VariantMachine.for_variant("ombra-arrabiata", settings=_MACHINE).TestCase
TestTarocco7Machine = VariantMachine.for_variant(
    "tarocco-ombre", {"players": 7}, settings=_MACHINE
).TestCase
