"""Hidden information (FT-17): observations leak no hidden card, at any step, for 3/4/5 players and
any options; the 5-player partner stays secret (FT-5.4); the chien is shown per contract (FT-6.5);
the écart is the taker's, but for shown discarded trumps (FT-6.2, O-8); the petit-sec hand is shown
only when the deal is annulled for it (FT-3.4); ``to_json()`` is JSON-ready and leaks nothing.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib import Bid, Call, Discard, Layout, Pass, Redeal
from tarotlib.core.cards import ALL_CARDS, EXCUSE, Card, Rank, Suit, suit_card, trump
from tarotlib.deal import DealState
from tarotlib.testing import invariants as inv
from tarotlib.testing import strategies as ts
from tarotlib.variants.french_tarot import FrenchTarot, FrenchTarotOptions, FrenchTarotState
from tarotlib.variants.french_tarot import oracle as fto
from tarotlib.variants.french_tarot.types import Contract

from support.profiles import examples

STEPWISE = settings(
    max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def ft(state: DealState) -> FrenchTarotState:
    assert isinstance(state, FrenchTarotState)
    return state


def _observations_ok(state: DealState) -> None:
    s = ft(state)
    fto.check_observation(s)
    fto.check_no_leak(s)


# --------------------------------------------------------------------------------------------------
# random play: nothing leaks, at every step


@pytest.mark.parametrize("players", [3, 4, 5])
@STEPWISE
@given(data=st.data())
def test_no_leak_at_every_step(players: int, data: st.DataObject) -> None:
    state = data.draw(ts.deals(ts.rules(players=players)))
    ts.random_play(state, data, candidates=data.draw(ts.policies()), on_step=_observations_ok)


@settings(max_examples=examples(30), deadline=None)
@given(state=ts.states(max_steps=120))
def test_to_json_is_json_and_leaks_nothing(state: DealState) -> None:
    s = ft(state)
    for seat in range(s.rules.players):
        data = s.observation(seat).to_json()
        text = json.dumps(data)
        assert json.loads(text) == data
        assert data["seat"] == seat
        assert data["hand"] == [str(c) for c in s.hand(seat)]
    _observations_ok(s)


# --------------------------------------------------------------------------------------------------
# FT-5.4: the 5-player partner


@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_partner_secret_until_called_card_played(data: st.DataObject) -> None:
    state = data.draw(ts.deals(ts.rules(players=5)))

    def check(step: DealState) -> None:
        s = ft(step)
        partner, called = s.partner, s.called_card
        if partner is None and called is not None and not s.is_over:
            # before play begins, the holder of the called card already knows (FT-5.4)
            holders = [x for x in range(5) if x != s.taker and called in s.hand(x)]
            partner = holders[0] if holders else None
        played = [c for t in s.tricks for c in t.cards] + list(s.current_trick)
        revealed = s.is_over or (called is not None and called in played)
        for seat in range(5):
            seen = s.observation(seat).partner
            if partner is None:
                assert seen is None, f"seat {seat} is told of a partner; the taker is alone"
            elif revealed or seat == partner:
                assert seen == partner, f"seat {seat} should know the partner (FT-5.4)"
            else:
                assert seen is None, f"seat {seat} learns the partner too early (FT-5.4)"
                data_json = s.observation(seat).to_json()
                assert data_json["partner"] is None

    # steer: the first player takes a Prise half of the time, so that partners are common
    if state.phase == "auction" and data.draw(st.booleans()):
        state = state.apply(Bid(Contract.PRISE))
    ts.random_play(state, data, on_step=check)


def test_partner_secrecy_example() -> None:
    """5p, Prise; the taker calls a King held by seat s: only s knows until it is played."""
    rules = tarotlib.variant("french-tarot", players=5)
    for seed in range(50):
        state = ft(rules.new_deal(seed=seed))
        if state.phase != "auction":
            continue
        state = ft(state.apply(Bid(Contract.PRISE)))
        while state.phase == "auction":
            state = ft(state.apply(Pass()))
        taker = state.taker
        assert taker is not None
        calls = [a for a in state.legal_actions() if isinstance(a, Call)]
        held = [a for a in calls if any(a.card in state.hand(s) for s in range(5) if s != taker)]
        if not held:
            continue
        state = ft(state.apply(held[0]))
        holder = next(s for s in range(5) if held[0].card in state.hand(s))
        while state.phase != "play":
            state = ft(state.apply(state.legal_actions()[0]))
        assert state.partner == holder
        before = [state.observation(s).partner for s in range(5)]
        assert before == [holder if s == holder else None for s in range(5)]
        while held[0].card not in [c for t in state.tricks for c in t.cards] + list(
            state.current_trick
        ):
            fto.check_no_leak(state)
            state = ft(state.apply(state.legal_actions()[-1]))
        assert [state.observation(s).partner for s in range(5)] == [holder] * 5
        return
    raise AssertionError("no deal found with a called King in another hand")


# --------------------------------------------------------------------------------------------------
# FT-6.5: the chien per contract


def _auction_won_by_first(rules: FrenchTarot, contract: Contract, seed: int) -> FrenchTarotState:
    state = ft(rules.new_deal(seed=seed))
    assert state.phase == "auction"
    for seat in range(rules.players):
        assert state.observation(seat).chien == ()
    state = ft(state.apply(Bid(contract)))
    while state.phase == "auction":
        state = ft(state.apply(Pass()))
    if state.phase == "call":
        for seat in range(rules.players):  # not yet turned up (FT-5.1)
            assert state.observation(seat).chien == ()
        state = ft(state.apply(state.legal_actions()[0]))
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("contract", list(Contract))
def test_chien_visibility_per_contract(players: Literal[3, 4, 5], contract: Contract) -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=players))
    seed = next(s for s in range(100) if rules.new_deal(seed=s).phase == "auction")
    state = _auction_won_by_first(rules, contract, seed)
    chien = state.chien
    while True:
        _observations_ok(state)
        for seat in range(players):
            seen = state.observation(seat).chien
            if contract.takes_chien or state.is_over:
                assert seen == chien, f"{contract.label}: seat {seat} should see the chien"
            else:
                assert seen == (), f"{contract.label}: seat {seat} sees the chien before the end"
        if state.is_over:
            break
        state = ft(state.apply(state.legal_actions()[-1]))


# --------------------------------------------------------------------------------------------------
# FT-6.2 / O-8: the écart


def _forced_trump_discards() -> Layout:
    """4p, dealer 0: seat 1 holds T1-T16 and two low spades; the chien holds the four Kings, T17
    and T18, so a Prise must discard both spades and four trumps."""
    taker = [trump(n) for n in range(1, 17)] + [
        suit_card(2, Suit.SPADES),
        suit_card(3, Suit.SPADES),
    ]
    kings = [suit_card(Rank.KING, s) for s in Suit]
    chien = [*kings, trump(17), trump(18)]
    rest = [c for c in ALL_CARDS if c not in taker and c not in chien]
    return Layout(hands=[rest[0:18], taker, rest[18:36], rest[36:54]], kitty=chien, dealer=0)


@pytest.mark.parametrize("show", [True, False])
def test_ecart_visibility(show: bool) -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=4, show_discarded_trumps=show))
    state = ft(rules.new_deal(layout=_forced_trump_discards()))
    state = ft(state.apply(Bid(Contract.PRISE)))
    while state.phase == "auction":
        state = ft(state.apply(Pass()))
    assert state.taker == 1 and state.phase == "discard"
    while state.phase == "discard":
        _observations_ok(state)
        state = ft(state.apply(state.legal_actions()[0]))
    ecart: tuple[Card, ...] = state.ecart
    trumps = tuple(c for c in ecart if c.is_trump)
    assert len(ecart) == 6 and len(trumps) == 4  # FT-6.2: trumps only when unavoidable
    while True:
        _observations_ok(state)
        for seat in range(4):
            obs = state.observation(seat)
            if seat == 1:
                assert obs.ecart == ecart
            elif not state.is_over:
                assert obs.ecart == ()
                assert obs.shown_discards == (trumps if show else ())
                hidden = set(ecart) - set(trumps)
                assert not hidden & obs.visible_cards()
        if state.is_over:
            break
        state = ft(state.apply(state.legal_actions()[-1]))


def test_discard_reasons_are_given() -> None:
    """FT-6.2 rejections say why: a King, an oudler, a trump while other cards may go."""
    rules = FrenchTarot(FrenchTarotOptions(players=4))
    seen: set[str] = set()
    for seed in range(60):
        state = ft(rules.new_deal(seed=seed))
        if state.phase != "auction":
            continue
        state = ft(state.apply(Bid(Contract.PRISE)))
        while state.phase == "auction":
            state = ft(state.apply(Pass()))
        seat = state.to_act
        assert seat is not None
        legal = {a.card for a in state.legal_actions() if isinstance(a, Discard)}
        for card in state.hand(seat):
            if card in legal:
                continue
            reason = inv.check_rejects(state, Discard(card)).reason
            if card.rank == Rank.KING:
                assert "King" in reason
                seen.add("king")
            elif card in (trump(1), trump(21), EXCUSE):
                assert "oudler" in reason
                seen.add("oudler")
            else:
                assert card.is_trump and "trump" in reason, f"{card}: {reason}"
                seen.add("trump")
        if seen == {"king", "oudler", "trump"}:
            return
    raise AssertionError(f"only saw {seen}")


# --------------------------------------------------------------------------------------------------
# FT-3.4: the petit-sec hand


def _petit_sec_layout() -> Layout:
    """4p, dealer 0: seat 1 holds the Petit, no other trump and not the Excuse."""
    suits = [c for c in ALL_CARDS if c.is_suited]
    others = [c for c in ALL_CARDS if c.is_trump and c != trump(1)] + [EXCUSE]
    h1 = [trump(1), *suits[:17]]
    rest = suits[17:] + others
    return Layout(hands=[rest[0:18], h1, rest[18:36], rest[36:54]], kitty=rest[54:], dealer=0)


def test_mandatory_petit_sec_hand_is_shown() -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=4))
    state = ft(rules.new_deal(layout=_petit_sec_layout()))
    assert state.is_over and state.result.is_annulled
    for seat in range(4):
        assert set(state.observation(seat).petit_sec_hand) == set(state.layout.hands[1])
    _observations_ok(state)


def test_optional_petit_sec_hand_shown_only_on_redeal() -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=4, petit_sec="optional_redeal"))
    state = ft(rules.new_deal(layout=_petit_sec_layout()))
    assert state.phase == "petit-sec" and state.to_act == 1
    _observations_ok(state)
    assert all(state.observation(s).petit_sec_hand == () for s in range(4))
    redeal = ft(state.apply(Redeal(True)))
    assert redeal.result.is_annulled
    assert set(redeal.observation(0).petit_sec_hand) == set(state.layout.hands[1])
    _observations_ok(redeal)
    kept = ft(state.apply(Redeal(False)))
    assert kept.phase == "auction"
    assert all(kept.observation(s).petit_sec_hand == () for s in range(4))
    ts.random_play(kept, 1, on_step=_observations_ok)


def test_kept_petit_sec_hidden_after_all_pass() -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=4, petit_sec="optional_redeal"))
    state = ft(rules.new_deal(layout=_petit_sec_layout())).apply(Redeal(False))
    for _ in range(4):
        state = state.apply(Pass())
    assert state.result.annulled == "all players passed"
    assert state.observation(0).petit_sec_hand == ()  # seat 0 sees seat 1's hand
    fto.check_no_leak(state)
