"""Chambéry flower tarot: properties over random legal play under drawn options for every
configuration of CH-1, checked at every step by the game's independent oracle
(:mod:`tarotlib.variants.chambery.oracle`, through ``check_state``); the reusable state machine
on every configuration; records, replay, matches and the command line."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.bots.heuristic import duel
from tarotlib.cli import main
from tarotlib.deal import DealState
from tarotlib.records import GameRecord, MatchRecord, save
from tarotlib.testing import check_replay, check_state, random_play
from tarotlib.testing.stateful import VariantMachine
from tarotlib.testing.strategies import deals, options, single_bid_auctions
from tarotlib.variants.chambery import ChamberyOptions, ChamberyState
from tarotlib.variants.chambery.oracle import points_of

from support.chambery import CONFIGURATIONS, all_pass, chambery, play_out
from support.profiles import examples

SETTINGS = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# CH-5.6: each configuration's fixed total
TOTALS = {
    (5, False): 68,
    (6, False): 68,
    (4, False): 72,
    (3, False): 78,
    (4, True): 68,
    (3, True): 72,
}
POLICIES = st.sampled_from([None, single_bid_auctions, all_pass])


def rules_of(players: int, simplifie: bool) -> st.SearchStrategy[tarotlib.deal.Game]:
    """The configuration's rules under any drawn options."""
    return options("chambery", players=players).map(
        lambda o: tarotlib.variant("chambery", **attrs.evolve(o, simplifie=simplifie).to_dict())
    )


def final_checks(last: ChamberyState, key: tuple[int, bool]) -> None:
    """Conservation of the cards and of the configuration's total, zero sum, replay."""
    assert last.is_over
    check_replay(last)
    n, _ = key
    piles = [last.pile_mask(s) for s in range(n)]
    every = last.data.discard
    for p in piles:
        assert not every & p, "a card in two places"
        every |= p
    assert every == last.rules.deck.mask, "every card of the pack is in a pile or the discard"
    won = [sum(1 for t in last.tricks if t.winner == s) for s in range(n)]
    owner = last.discard_owner
    assert owner is not None
    discard_point = 0 if key == (3, True) else 1
    points = [sum(points_of(c) for c in range(78) if piles[s] >> c & 1) + won[s] for s in range(n)]
    points[owner] += sum(points_of(c) for c in range(78) if last.data.discard >> c & 1)
    points[owner] += discard_point
    assert sum(points) == TOTALS[key]  # CH-5.6
    assert sum(last.result.scores) == 0  # CH-15.4, CH-16.4
    if n == 6:
        assert last.result.scores[last.data.sitter] == 0  # CH-2.3


def every_step(state: DealState) -> None:
    check_state(state)  # the generic checks, zero-sum, then the oracle


@pytest.mark.parametrize(
    "key", CONFIGURATIONS, ids=[f"{n}p{'-62' if s else ''}" for n, s in CONFIGURATIONS]
)
@SETTINGS
@given(data=st.data(), chooser=st.integers(0, 2**32), policy=POLICIES)
def test_random_play_under_drawn_options(
    key: tuple[int, bool], data: st.DataObject, chooser: int, policy: object
) -> None:
    """Termination; every state passes the oracle (legal actions offered = the rules', discard,
    auction, call, requests, Fou, piles, observations without hidden cards, scores); at the end
    the cards and the total are conserved, the settlement sums to zero, the deal replays."""
    state = data.draw(deals(rules_of(*key)))
    last, _ = random_play(
        state,
        chooser,
        on_step=every_step,
        max_actions=400,
        candidates=policy,  # type: ignore[arg-type]
    )
    final_checks(last, key)  # type: ignore[arg-type]


def _machine(players: int, simplifie: bool) -> type:
    machine = VariantMachine.for_variant(
        "chambery", {"players": players, "simplifie": simplifie}
    ).TestCase
    machine.settings = settings(max_examples=examples(5), stateful_step_count=25, deadline=None)
    return machine


TestMachine5 = _machine(5, False)
TestMachine6 = _machine(6, False)
TestMachine4 = _machine(4, False)
TestMachine3 = _machine(3, False)
TestMachine4Simplifie = _machine(4, True)
TestMachine3Simplifie = _machine(3, True)


class TestMachineDrawnOptions(VariantMachine.for_variant("chambery").TestCase):  # type: ignore[misc]
    settings = settings(max_examples=examples(4), stateful_step_count=20, deadline=None)


@pytest.mark.parametrize("key", CONFIGURATIONS)
def test_records_replay(key: tuple[int, bool], tmp_path: Path) -> None:
    """A deal's record saves, loads and replays to the same state; the CLI replays it."""
    last = play_out(chambery(*key).new_deal(seed=11, dealer=1))
    record = GameRecord.from_state(last)
    again = GameRecord.loads(json.dumps(record.to_json())).replay()
    assert again == last and again.result == last.result
    path = tmp_path / "deal.json"
    save(path, record)
    assert main(["replay", str(path), "--result-only"]) == 0


@pytest.mark.parametrize(("players", "deals"), [(6, None), (3, None), (4, 2)])
def test_match_length_and_settlement(players: int, deals: int | None) -> None:
    """CH-17.1: each seated player deals once (or ``deals``); each deal settles to zero; with 6
    every player sits out once, the seat after the dealer."""
    rules = chambery(players, False, deals=deals, first_dealer="random")
    match = tarotlib.Match.start(rules, seed=3)
    states: list[DealState] = []
    while not match.is_over:
        state, _ = random_play(match.new_deal(), len(states), candidates=all_pass)
        states.append(state)
        match = match.add(state.result)
    assert len(match.results) == (players if deals is None else deals)
    assert all(sum(r.scores) == 0 for r in match.results) and sum(match.totals) == 0
    dealers = [s.layout.dealer for s in states]
    assert all((a + 1) % players == b for a, b in itertools.pairwise(dealers))
    if players == 6:
        assert sorted(s.data.sitter for s in states) == list(range(6))
    record = MatchRecord.of(match, states, None)
    replayed, current = MatchRecord.loads(record.dumps()).replay()
    assert current is None and replayed.totals == match.totals


@pytest.mark.parametrize(("players", "simplifie"), [(6, False), (3, True)])
def test_cli_simulate_and_play(
    players: int,
    simplifie: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``tarotlib simulate`` and ``tarotlib play`` (driven by piped input: always action 1)."""
    opts = ["--players", str(players)] + (["--option", "simplifie=true"] if simplifie else [])
    assert main(["simulate", "chambery", *opts, "--deals", "20", "--seed", "1"]) == 0
    assert "deals played: 20" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 120 + "quit\n"))
    assert main(["play", "chambery", *opts, "--seed", "2", "--deals", "1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    # The deal's settlement, with its rule: CH-15.1 with six players, CH-16.3 with three.
    assert ("(CH-15.1)" if players > 3 else "(CH-16.3)") in out


def test_options_round_trip() -> None:
    o = ChamberyOptions(players=4, simplifie=True, auction="multi_round")
    assert ChamberyOptions.from_dict(o.to_dict()) == o
    assert tarotlib.variant("chambery", **o.to_dict()).options_dict() == o.to_dict()


@pytest.mark.parametrize("key", CONFIGURATIONS)
def test_heuristic_bot_beats_random(key: tuple[int, bool]) -> None:
    """The heuristic player beats random play by a margin whose ±2 SE interval is above 0 (the
    2,000-deal measurements are in the report; this is a quick check)."""
    result = duel(chambery(*key), deals=40, seed=7)
    assert result.significant, str(result)
