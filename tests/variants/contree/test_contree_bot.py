"""Contrée's heuristic bot and terminal view: the bot chooses a legal action from its observation
only, bids from its hand, and beats the random bot; the terminal plays a deal."""

from __future__ import annotations

import io

import pytest

import tarotlib
from tarotlib.bots import HeuristicBot, duel
from tarotlib.cli import main
from tarotlib.core.cards import parse_cards
from tarotlib.variants.belote import Contract
from tarotlib.variants.belote.contree import (
    BidKind,
    Coinche,
    Contree,
    ContreeBid,
    ContreeOptions,
    NoCoinche,
)
from tarotlib.variants.belote.contree.bot import ContreeBot, estimate

_HEARTS_LAYOUT = tarotlib.Layout(
    [
        "JH 9H AH TH KH QH AS TS",  # seat 0, first to speak: hearts, worth a bid
        "7S 8S 9S JS QS KS 7D 8D",
        "9D TD JD QD KD AD 7C 8C",
        "9C TC JC QC KC AC 7H 8H",
    ],
    (),
    3,
)


@pytest.mark.parametrize("preset", ["ffb", "bga"])
def test_the_bot_always_chooses_a_legal_action(preset: str) -> None:
    rules = tarotlib.variant(
        "contree", preset=preset, generale=True, declarations=True, sa_carres="face"
    )
    for seed in range(15):
        bots = [HeuristicBot(seed * 4 + s) for s in range(4)]
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            action = bots[seat].choose(state)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_the_bot_bids_from_its_hand() -> None:
    strong = parse_cards("JH 9H AH TH KH QH AS TS")
    weak = parse_cards("7H 8S 9D TC JC QD KS 7D")
    assert estimate(strong, Contract.HEARTS) == 160
    assert estimate(weak, Contract.HEARTS) == 0
    rules = Contree(ContreeOptions())
    state = rules.new_deal(layout=_HEARTS_LAYOUT)
    choice = ContreeBot(0).choose(state)
    assert isinstance(choice, ContreeBid) and choice.denomination is Contract.HEARTS
    assert choice.value == 80  # the lowest bid that overcalls, up to its estimate


def test_the_bot_declines_a_coinche_window_with_a_weak_hand() -> None:
    # CO-4.8 (bga, coinche at any time): a window offers Coinche and NoCoinche, no pass; a bid
    # of 80 is never coinched by the bot, whose coinche needs a bid of 100 and strong trumps.
    rules = Contree(ContreeOptions.preset("bga"))
    state = rules.new_deal(layout=_HEARTS_LAYOUT)
    state = state.apply(ContreeBid(BidKind.NUMBER, 80, Contract.HEARTS))
    windows = 0
    while NoCoinche() in state.legal_actions():
        seat = state.to_act
        assert seat is not None and seat % 2 == 1
        assert set(state.legal_actions()) == {Coinche(), NoCoinche()}
        choice = HeuristicBot(seat).choose(state)
        assert choice == NoCoinche()
        state = state.apply(choice)
        windows += 1
    assert windows >= 1


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    result = duel(tarotlib.variant("contree"), deals=60, seed=11)
    assert result.significant and result.margin > 0


def test_play_a_deal_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(["1"] * 40 + ["quit"]) + "\n"))
    code = main(["play", "contree", "--seed", "3", "--deals", "1", "--bots", "heuristic"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "auction: seat 3 80♣" in out and "match over" in out
