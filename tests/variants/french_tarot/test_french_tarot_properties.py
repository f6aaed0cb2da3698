"""Property tests of the French Tarot engine by random legal play (tarotlib.testing).

Random legal play for 3, 4 and 5 players under every option combination (FT-18, drawn by
``tarotlib.testing.strategies.options``, the ``bga`` preset included) must terminate, conserve the
78 cards and the 91 card points (FT-1.5), score zero-sum (FT-14.2), follow FT-9.3 for trick winners,
put the Excuse in the right pile (FT-10), and score per FT-13/FT-14; ``legal_actions()`` is
deterministic and every listed action applies; the same deal and actions give the same result.

The checkers themselves are tested at the end: each must catch a deliberately broken engine.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Literal, cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib import Bid, Call, Pass, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS, EXCUSE, Card, Rank, Suit, suit_card, trump
from tarotlib.core.dealing import Layout
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import DealState
from tarotlib.testing import invariants as inv
from tarotlib.testing import strategies as ts
from tarotlib.variants.french_tarot import (
    FrenchTarot,
    FrenchTarotObservation,
    FrenchTarotOptions,
    FrenchTarotScore,
    FrenchTarotState,
)
from tarotlib.variants.french_tarot import oracle as fto
from tarotlib.variants.french_tarot.options import _CHOICES
from tarotlib.variants.french_tarot.types import Contract

from support.profiles import examples

QUICK = settings(
    max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
MANY = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
STEPWISE = settings(
    max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def ft(state: DealState) -> FrenchTarotState:
    assert isinstance(state, FrenchTarotState)
    return state


def check_all(state: DealState) -> None:
    """Every invariant (``check_state``)."""
    inv.check_state(ft(state))


# --------------------------------------------------------------------------------------------------
# whole deals: every invariant at every step


@pytest.mark.parametrize("players", [3, 4, 5])
@STEPWISE
@given(data=st.data())
def test_every_invariant_at_every_step(players: int, data: st.DataObject) -> None:
    """All checkers, at every step of random legal play, for any option combination."""
    state = data.draw(ts.deals(ts.rules(players=players)))
    final, actions = ts.random_play(
        state, data, candidates=data.draw(ts.policies()), on_step=check_all
    )
    assert final.is_over and final.history == actions


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=examples(6), deadline=None)
@given(data=st.data())
def test_bga_preset_every_step(players: int, data: st.DataObject) -> None:
    """The ``bga`` preset (BGA's rules page behaviours) under the same checks."""
    rules = tarotlib.variant("french-tarot", players=players, preset="bga")
    state = data.draw(ts.deals(rules))
    ts.random_play(state, data, candidates=data.draw(ts.policies()), on_step=check_all)


@pytest.mark.parametrize("players", [3, 4, 5])
@settings(max_examples=examples(6), deadline=None)
@given(opts=ts.options(), data=st.data())
def test_grash_all_pass(
    players: Literal[3, 4, 5], opts: FrenchTarotOptions, data: st.DataObject
) -> None:
    """FT-15: with ``grash`` on, an all-pass deal is played and scored (A − G) × N."""
    rules = FrenchTarot(attrs.evolve(opts, players=players, grash=True))
    state = data.draw(ts.deals(rules))
    if state.phase == "petit-sec":
        state = state.apply(Redeal(False))
    while state.phase == "auction":
        state = state.apply(Pass())
    if state.is_over:  # petit sec, mandatory redeal
        return
    state = ft(state)
    assert state.is_grash and state.phase == "play"
    final, _ = ts.random_play(state, data, on_step=inv.check_state)
    assert final.result.contract == "Grash"


# --------------------------------------------------------------------------------------------------
# one property per test (end-of-deal checks, many examples)


@MANY
@given(deal=ts.played_deals())
def test_random_play_terminates(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    first, last, actions = deal
    assert last.is_over and last.history == actions
    # the generic checker agrees, from the first state, with another random policy
    inv.check_terminates(first, max_actions=400, rng=len(actions))


@QUICK
@given(data=st.data())
def test_cards_conserved_at_every_step(data: st.DataObject) -> None:
    """Hands + trick + tricks + chien/écart hold the 78 cards exactly once, at every step."""
    state = data.draw(ts.deals())
    ts.random_play(
        state,
        data,
        candidates=data.draw(ts.policies()),
        on_step=lambda s: fto.check_card_conservation(ft(s)),
    )


@MANY
@given(deal=ts.played_deals())
def test_card_points_conserved(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    """FT-1.5, FT-13.3, FT-13.4: attack + defence = 91; the breakdown counts the attack's pile."""
    fto.check_points_conserved(ft(deal[1]))


@MANY
@given(deal=ts.played_deals())
def test_scores_zero_sum(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    """FT-14.2 (and FT-15.2 for Grash): every deal is zero-sum."""
    inv.check_zero_sum(deal[1].result)


@MANY
@given(deal=ts.played_deals())
def test_trick_winners(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    """FT-9.3 / FT-10.8: each trick's winner, recomputed independently."""
    fto.check_trick_winners(ft(deal[1]))


@MANY
@given(deal=ts.played_deals())
def test_final_piles_and_excuse(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    """FT-10: the 78 cards end in the piles + écart/chien once; the Excuse in the right pile."""
    fto.check_final_piles(ft(deal[1]))


@MANY
@given(deal=ts.played_deals())
def test_score_matches_rules(deal: tuple[DealState, DealState, tuple[object, ...]]) -> None:
    """FT-13, FT-14: the result equals an independent recomputation of D and the payouts."""
    fto.check_score_matches_rules(ft(deal[1]))


@QUICK
@given(data=st.data())
def test_legal_actions_match_rules_at_every_step(data: st.DataObject) -> None:
    """FT-3.4, FT-4.3, FT-5.2, FT-5.5, FT-6.2, FT-7, FT-8, FT-9.2: the legal set at every step."""
    state = data.draw(ts.deals())
    ts.random_play(
        state,
        data,
        candidates=data.draw(ts.policies()),
        on_step=lambda s: fto.check_legal_actions_match_rules(ft(s)),
    )


@QUICK
@given(data=st.data())
def test_excuse_kept_to_the_last_trick(data: st.DataObject) -> None:
    """FT-10.7 / FT-10.8 (O-1, O-2): random play in which the Excuse is held to the last trick
    (plain random play nearly always plays it early); then every end-of-deal check."""
    state = data.draw(ts.deals())
    while not state.is_over:
        legal = state.legal_actions()
        choices = [a for a in legal if not (isinstance(a, Play) and a.card == EXCUSE)] or list(
            legal
        )
        state = state.apply(choices[data.draw(st.integers(0, len(choices) - 1))])
    check_all(state)


@QUICK
@given(data=st.data())
def test_petit_and_excuse_kept_late(data: st.DataObject) -> None:
    """FT-11 (Petit au bout, O-12) and FT-10.7: random play holding the Petit and the Excuse
    as long as possible, so that both reach the last tricks; then every end-of-deal check."""
    state = data.draw(ts.deals())
    late = {EXCUSE, trump(1)}
    while not state.is_over:
        legal = state.legal_actions()
        choices = [a for a in legal if not (isinstance(a, Play) and a.card in late)] or list(legal)
        state = state.apply(choices[data.draw(st.integers(0, len(choices) - 1))])
    check_all(state)


# --------------------------------------------------------------------------------------------------
# legal actions and determinism


@QUICK
@given(state=ts.states())
def test_legal_actions_deterministic_and_applicable(state: DealState) -> None:
    """Same state → same tuple; every listed action applies; an equal state lists the same."""
    inv.check_legal_actions(state)
    twin = state.rules.new_deal(layout=state.layout)
    for action in state.history:
        twin = twin.apply(action)
    assert twin == state
    assert twin.legal_actions() == state.legal_actions()


@QUICK
@given(state=ts.states())
def test_replay_gives_same_state(state: DealState) -> None:
    inv.check_replay(state)


@QUICK
@given(
    seed=st.integers(0, 2**64 - 1),
    dealer=st.integers(0, 4),
    policy=st.integers(0, 2**32 - 1),
    rules=ts.rules(),
)
def test_same_seed_same_actions_same_result(
    seed: int, dealer: int, policy: int, rules: tarotlib.Game
) -> None:
    """Principle 5: the same seed and the same actions give the same game and result."""
    dealer %= rules.players
    first = rules.new_deal(seed=seed, dealer=dealer)
    final, actions = ts.random_play(first, random.Random(policy))
    again = rules.new_deal(seed=seed, dealer=dealer)
    assert again == first and again.layout == first.layout
    for action in actions:
        again = again.apply(action)
    assert again == final
    assert again.result == final.result
    assert again.result.lines() == final.result.lines()
    assert ts.random_play(rules.new_deal(seed=seed, dealer=dealer), random.Random(policy)) == (
        final,
        actions,
    )


@QUICK
@given(rules=ts.rules(), order=ts.permutations_of_pack(), dealer=st.integers(0, 4))
def test_deal_from_order_is_deterministic(
    rules: tarotlib.Game, order: list[int], dealer: int
) -> None:
    dealer %= rules.players
    a = rules.deal_from_order(order, dealer)
    b = rules.deal_from_order(list(order), dealer)
    assert a == b and a.layout == b.layout and a.layout.dealer == dealer
    assert rules.new_deal(layout=a.layout).layout == a.layout


@QUICK
@given(rules=ts.rules(), order=ts.permutations_of_pack(), dealer=st.integers(0, 4))
def test_deal_from_order_packets(rules: tarotlib.Game, order: list[Card], dealer: int) -> None:
    """FT-3.1 sizes; FT-3.2: the first card goes to seat dealer + 1, the last to the dealer, and
    neither the first nor the last card of the pack goes to the chien."""
    dealer %= rules.players
    layout = rules.deal_from_order(order, dealer).layout
    n = rules.players
    assert [len(h) for h in layout.hands] == [{3: 24, 4: 18, 5: 15}[n]] * n
    assert len(layout.kitty) == {3: 6, 4: 6, 5: 3}[n]
    assert order[0] in layout.hands[(dealer + 1) % n]
    assert order[-1] in layout.hands[dealer]
    assert order[0] not in layout.kitty and order[-1] not in layout.kitty


@pytest.mark.parametrize("rotation", ["with_play", "against_play"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_next_dealer(players: int, rotation: str) -> None:
    """FT-2.3 / O-13."""
    rules = tarotlib.variant("french-tarot", players=players, dealer_rotation=rotation)
    step = 1 if rotation == "with_play" else -1
    assert [rules.next_dealer(d) for d in range(players)] == [
        (d + step) % players for d in range(players)
    ]


# --------------------------------------------------------------------------------------------------
# the strategies


def test_options_strategy_covers_every_option() -> None:
    """Every FrenchTarotOptions field is drawn, with every allowed value."""
    fields = {f.name for f in attrs.fields(FrenchTarotOptions)}
    assert fields == set(_CHOICES) | {"poignee_thresholds"}
    seen: dict[str, set[object]] = {name: set() for name in fields}

    @settings(max_examples=examples(300), deadline=None, database=None)
    @given(ts.options())
    def collect(opts: FrenchTarotOptions) -> None:
        for name in fields:
            value = getattr(opts, name)
            seen[name].add(value if name != "poignee_thresholds" else value is None)

    collect()
    for name, choices in _CHOICES.items():
        assert set(choices) <= seen[name], f"option {name}: drew only {seen[name]}"
    assert seen["poignee_thresholds"] == {True, False}


@settings(max_examples=examples(20), deadline=None)
@given(
    hand=ts.hands(15),
    some=ts.card_sets(min_size=1, max_size=4),
    card=ts.cards(),
    layout=ts.layouts(tarotlib.variant("french-tarot", players=5)),
)
def test_small_strategies(
    hand: tuple[int, ...], some: frozenset[int], card: int, layout: Layout
) -> None:
    assert len(set(hand)) == 15 and 1 <= len(some) <= 4 and 0 <= card < 78
    assert [len(h) for h in layout.hands] == [15] * 5 and len(layout.kitty) == 3


def test_importing_tarotlib_does_not_import_hypothesis() -> None:
    code = (
        "import sys, tarotlib, tarotlib.testing, tarotlib.testing.invariants\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n"
        "from tarotlib.testing import states\n"
        "assert 'hypothesis' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------------------------------------
# targeted deals: slams and the Excuse (FT-10.8, FT-10.9, FT-11.1, FT-12)


def _slam_layout(players: int) -> tuple[Layout, int]:
    """The taker (seat dealer + 1 = 1) holds the Excuse and the highest trumps (then Kings)."""
    size = {3: 24, 4: 18, 5: 15}[players]
    strong = [EXCUSE] + [trump(n) for n in range(21, 0, -1)]
    strong += [suit_card(Rank.KING, s) for s in (Suit.SPADES, Suit.HEARTS)]
    taker_hand = strong[:size]
    rest = [c for c in ALL_CARDS if c not in taker_hand]
    random.Random(players).shuffle(rest)
    hands: list[list[Card]] = []
    for seat in range(players):
        if seat == 1:
            hands.append(list(taker_hand))
        else:
            hands.append(rest[:size])
            rest = rest[size:]
    return Layout(hands=hands, kitty=rest, dealer=0), 1


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("announce", [True, False])
@pytest.mark.parametrize("exception", ["any_camp", "attack_only"])
def test_attack_slam_with_the_excuse_last(players: int, announce: bool, exception: str) -> None:
    """FT-10.8: the slam-maker leads the Excuse to the last trick and wins it; FT-12.2 bonus."""
    layout, taker = _slam_layout(players)
    opts = FrenchTarotOptions.from_dict({"players": players, "excuse_slam_exception": exception})
    rules = FrenchTarot(opts)
    state = rules.new_deal(layout=layout)
    state = state.apply(Bid(Contract.GARDE_SANS))
    while state.phase == "auction":
        state = state.apply(Pass())
    if state.phase == "call":
        state = state.apply(Call(suit_card(Rank.KING, Suit.CLUBS)))
    state = state.apply(Slam(announce))
    rng = random.Random(players)
    while not state.is_over:
        inv.check_state(state)
        legal = [a for a in state.legal_actions() if isinstance(a, Play)]
        if state.to_act == taker:
            others = [a for a in legal if a.card != EXCUSE]
            action = max(others, key=lambda a: int(a.card)) if others else legal[0]
        else:
            action = rng.choice(legal)
        state = state.apply(action)
    inv.check_state(state)
    last = state.tricks[-1]
    assert EXCUSE in last.cards and last.winner == taker  # FT-10.8
    assert all(state.camps[t.winner] == 0 for t in state.tricks)
    score = state.result.breakdown
    assert score is not None
    assert f"slam: {'announced' if announce else 'unannounced'} slam made" in str(state.result)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("excuse_early", [True, False])
def test_attack_slam_defence_excuse(players: Literal[3, 4, 5], excuse_early: bool) -> None:
    """FT-10.9: a defender's Excuse played before the last trick leaves an unpaid debt (defence
    4, attack 87 with all cards); played to the last trick it goes to the attack (FT-10.7)."""
    layout, taker = _slam_layout(players)
    hands = [list(h) for h in layout.hands]
    # the seat holding the King of diamonds swaps it for the taker's Excuse
    king = suit_card(Rank.KING, Suit.DIAMONDS)
    holder = next(s for s, h in enumerate(hands) if king in h)
    hands[taker][hands[taker].index(EXCUSE)] = king
    hands[holder][hands[holder].index(king)] = EXCUSE
    rules = FrenchTarot(FrenchTarotOptions(players=players))
    state: DealState = rules.new_deal(layout=Layout(hands, layout.kitty, layout.dealer))
    state = state.apply(Bid(Contract.GARDE_SANS))
    while state.phase == "auction":
        state = state.apply(Pass())
    if state.phase == "call":
        state = state.apply(Call(suit_card(Rank.KING, Suit.CLUBS)))
    state = state.apply(Slam(False))
    rng = random.Random(players)
    while not state.is_over:
        inv.check_state(state)
        legal = [a for a in state.legal_actions() if isinstance(a, Play)]
        if state.to_act == taker:
            action = max(legal, key=lambda a: int(a.card))
        else:
            excuse = [a for a in legal if a.card == EXCUSE]
            others = [a for a in legal if a.card != EXCUSE]
            action = excuse[0] if excuse and (excuse_early or not others) else rng.choice(others)
        state = state.apply(action)
    final = ft(state)
    inv.check_state(final)
    assert all(final.camps[t.winner] == 0 for t in final.tricks)
    score = final.result.breakdown
    assert isinstance(score, FrenchTarotScore)
    assert final.camps[holder] == 1
    if excuse_early:
        assert score.attack_points == 91 - 4  # the Excuse's debt is never paid
    else:
        assert score.attack_points == 91  # the last-trick Excuse goes to the attack


@pytest.mark.parametrize("announce", [True, False])
@pytest.mark.parametrize("bonus", [200, 0, 75])
def test_defence_slam(announce: bool, bonus: int) -> None:
    """FT-12.2 (O-11, Q-6): the defence wins every trick; C = −bonus, and −200 more if the
    taker announced a slam."""
    low = [suit_card(r, s) for s in Suit for r in range(1, 5)]
    taker = [*low, suit_card(5, Suit.SPADES), suit_card(5, Suit.HEARTS)]
    rest = [c for c in ALL_CARDS if c not in taker]
    random.Random(bonus).shuffle(rest)
    layout = Layout(hands=[rest[0:18], taker, rest[18:36], rest[36:54]], kitty=rest[54:], dealer=0)
    opts = FrenchTarotOptions(players=4, defence_slam_bonus=bonus)
    state: DealState = FrenchTarot(opts).new_deal(layout=layout)
    state = state.apply(Bid(Contract.GARDE_CONTRE))
    while state.phase == "auction":
        state = state.apply(Pass())
    state = state.apply(Slam(announce))
    while not state.is_over:
        inv.check_state(state)
        legal = [a for a in state.legal_actions() if isinstance(a, Play)]
        state = state.apply(max(legal, key=lambda a: int(a.card)))
    final = ft(state)
    inv.check_state(final)
    assert all(final.camps[t.winner] == 1 for t in final.tricks)
    score = final.result.breakdown
    assert isinstance(score, FrenchTarotScore)
    assert score.slam_bonus == -bonus - (200 if announce else 0)


# --------------------------------------------------------------------------------------------------
# the checkers catch a broken engine (each checker must fail on a deliberately wrong state)


class _Broken:
    """A state whose members are those of ``state`` except the ``overrides`` (a broken engine)."""

    def __init__(self, state: FrenchTarotState, **overrides: object) -> None:
        self._state = state
        self._overrides = overrides

    def __getattr__(self, name: str) -> object:
        if name in self._overrides:
            return self._overrides[name]
        return getattr(self._state, name)


def broken(state: FrenchTarotState, **overrides: object) -> FrenchTarotState:
    return cast(FrenchTarotState, _Broken(state, **overrides))


def _finished(players: int = 4) -> FrenchTarotState:
    rules = tarotlib.variant("french-tarot", players=players)
    for seed in range(100):
        state = rules.new_deal(seed=seed)
        state = ts.random_play(state, seed)[0]
        if not state.result.is_annulled:
            return ft(state)
    raise AssertionError("no played deal found")


def test_checkers_catch_broken_engines() -> None:
    final = _finished()
    inv.check_state(final)
    t = final.tricks[0]
    wrong_winner = PlayedTrick(t.leader, t.cards, (t.winner + 1) % 4)
    with pytest.raises(AssertionError, match="should be seat"):
        fto.check_trick_winners(broken(final, tricks=(wrong_winner, *final.tricks[1:])))
    res = final.result
    shifted = (res.scores[0] + 1, res.scores[1] - 1, *res.scores[2:])
    with pytest.raises(AssertionError, match=r"FT-14\.2"):
        fto.check_score_matches_rules(broken(final, result=attrs.evolve(res, scores=shifted)))
    with pytest.raises(AssertionError, match="sum to zero"):
        inv.check_zero_sum(attrs.evolve(res, scores=(1, 0, 0, 0)))
    start = ft(tarotlib.variant("french-tarot", players=4).new_deal(seed=3))
    fewer = start.legal_actions()[1:]
    with pytest.raises(AssertionError, match="the rules give"):
        fto.check_legal_actions_match_rules(broken(start, legal_actions=lambda: fewer))

    def leaky(seat: int) -> FrenchTarotObservation:
        obs = start.observation(seat)
        return attrs.evolve(obs, hand=obs.hand + start.hand((seat + 1) % 4))

    with pytest.raises(AssertionError, match="hidden cards"):
        fto.check_no_leak(broken(start, observation=leaky))

    def lossy(seat: int) -> tuple[Card, ...]:
        return start.hand(seat)[1:] if seat == 0 else start.hand(seat)

    with pytest.raises(AssertionError, match="exactly once"):
        fto.check_card_conservation(broken(start, hand=lossy))
    with pytest.raises(AssertionError, match="was accepted"):
        inv.check_rejects(start, start.legal_actions()[0])


def _keep_excuse_to_the_end(state: DealState, rng: random.Random) -> DealState:
    """Random play, except that the Excuse is played only when it is the last card."""
    while not state.is_over:
        legal = state.legal_actions()
        choices = [a for a in legal if not (isinstance(a, Play) and a.card == EXCUSE)]
        state = state.apply(rng.choice(choices or legal))
    return state


def test_checkers_catch_wrong_excuse_option() -> None:
    """A deal scored under one Excuse rule fails the checks of the other (FT-10.7, O-1)."""
    rules = FrenchTarot(FrenchTarotOptions(players=5))
    other = FrenchTarot(FrenchTarotOptions(players=5, excuse_last_trick="to_winner"))
    found = 0
    for seed in range(200):
        state = ft(_keep_excuse_to_the_end(rules.new_deal(seed=seed), random.Random(seed)))
        if state.result.is_annulled or state.is_grash:
            continue
        last = state.tricks[-1]
        xseat = last.seat_of(last.cards.index(EXCUSE), 5)
        if state.camps[xseat] != state.camps[last.winner] or last.winner == xseat:
            continue
        # the Excuse's own camp won the last trick: changes_camp and to_winner disagree
        inv.check_state(state)
        wrong = broken(state, rules=other)
        with pytest.raises(AssertionError, match="Excuse"):
            fto.check_final_piles(wrong)
        found += 1
        if found == 2:
            break
    assert found, "no deal with the Excuse in a last trick won by its own camp"
