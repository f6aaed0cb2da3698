"""Fast playouts (tarotlib.ai.playout): in every game and configuration, from any position, a
playout ends, keeps every card in exactly one place, and reaches the very same final state and
result as the plain ``legal_actions()`` / ``apply()`` loop fed the same choices; policies, the
batch form, and the errors for bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib.ai import (
    CardPolicy,
    RandomPolicy,
    play_to_end,
    playout,
    playouts,
    sample_world,
)
from tarotlib.core.actions import Action, Play
from tarotlib.deal import DealState, TrickPlay
from tarotlib.errors import ActionTypeError, IllegalActionError

from support.playout import (
    ALL,
    IDS,
    RULES,
    BadCards,
    LowestCard,
    OwnRandom,
    SeededCards,
    assert_cards_kept,
    assert_same,
    plain,
    play_start,
    position,
    randrange_loop,
)
from support.profiles import examples

# Every registered configuration, and options that open other paths of the play phase: offers
# open all deal long (belote announced by the player), the misères, a fool's owner choosing the
# card it gives (the Matto, the Fou).


@given(
    config=st.sampled_from(range(len(ALL))),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 150),
    draws=st.integers(0, 2**32 - 1),
)
@settings(max_examples=examples(300), deadline=None)
def test_random_playout_is_the_plain_loop(config: int, seed: int, steps: int, draws: int) -> None:
    state = position(RULES[config], seed, steps)
    fast_rng, loop_rng = random.Random(draws), random.Random(draws)
    fast = play_to_end(state, rng=fast_rng)
    loop = randrange_loop(state, loop_rng)
    assert_same(fast, loop)
    assert fast_rng.getstate() == loop_rng.getstate()  # the same draws, no more
    assert playout(state, rng=draws) == loop.result
    assert_cards_kept(state, fast)


@pytest.mark.parametrize("config", range(len(ALL)), ids=IDS)
def test_every_configuration_plays_out_from_its_first_card(config: int) -> None:
    rules = RULES[config]
    played = 0
    for seed in range(12):
        start = play_start(rules, seed)
        for draws in range(3):
            fast = play_to_end(start, rng=random.Random(draws))
            assert_same(fast, randrange_loop(start, random.Random(draws)))
            assert_cards_kept(start, fast)
            played += not fast.result.is_annulled and len(fast.tricks) > 0
    assert played  # some of these deals were played to their end


class RngChoice:
    """``rng.choice(legal)``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, state: DealState, legal: tuple[Action, ...]) -> Action:
        return self.rng.choice(legal)


def test_the_random_rule_is_also_rng_choice() -> None:
    rules = RULES[1]
    for seed in range(10):
        state = position(rules, seed, 3)
        a, b = random.Random(seed), random.Random(seed)
        assert play_to_end(state, rng=a) == plain(state, RngChoice(b))


@given(
    config=st.sampled_from(range(len(ALL))),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 150),
    draws=st.integers(0, 2**32 - 1),
)
@settings(max_examples=examples(100), deadline=None)
def test_policies_play_out_as_in_the_plain_loop(
    config: int, seed: int, steps: int, draws: int
) -> None:
    state = position(RULES[config], seed, steps)
    assert isinstance(SeededCards(0), CardPolicy)
    assert_same(play_to_end(state, SeededCards(draws)), plain(state, SeededCards(draws)))
    assert_same(play_to_end(state, LowestCard()), plain(state, LowestCard()))

    def first(s: DealState, legal: tuple[Action, ...]) -> Action:  # a plain function
        return legal[-1]

    assert not isinstance(first, CardPolicy)
    assert_same(play_to_end(state, first), plain(state, first))
    assert_same(
        play_to_end(state, RandomPolicy(draws)), randrange_loop(state, random.Random(draws))
    )


def test_a_card_policy_is_asked_for_the_cards() -> None:
    rules = RULES[1]  # French Tarot, 4 players
    start = play_start(rules, 3)
    policy = LowestCard()
    over = play_to_end(start, policy)
    cards = sum(len(t.cards) for t in over.tricks)
    assert cards == 72
    # the first trick may offer declarations (then __call__ is asked), the rest are cards
    assert cards - 4 <= policy.card_calls <= cards


def test_the_play_phase_builds_no_state_for_a_plain_card(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RULES[4]  # Belote: no fool; belote-rebelote is watched, in a few deals
    calls = []
    apply = TrickPlay.apply

    def counted(self: TrickPlay, state: Any, action: Action, *args: Any) -> Any:
        calls.append(action)
        return apply(self, state, action, *args)

    monkeypatch.setattr(TrickPlay, "apply", counted)
    for seed in range(5):
        start = play_start(rules, seed)
        if start.is_over:
            continue
        calls.clear()
        over = play_to_end(start, rng=seed)
        assert over.is_over and len(over.tricks) == 8
        assert len(calls) <= 3  # the last card, and a King and Queen of trumps if watched


def test_from_a_deal_state_over_or_not() -> None:
    rules = RULES[4]
    over = play_to_end(rules.new_deal(seed=1), rng=1)
    assert play_to_end(over, rng=2) is over
    assert playout(over) == over.result


def test_batch_is_the_playouts_in_turn() -> None:
    rules = RULES[1]
    state = position(rules, 5, 30)
    seat = state.to_act
    assert seat is not None
    worlds = [sample_world(state, seat, seed) for seed in range(15)]
    gen = random.Random(9)
    assert playouts(worlds, rng=9) == [playout(w, rng=gen) for w in worlds]
    assert playouts(worlds, rng=random.Random(9)) == playouts(iter(worlds), RandomPolicy(9))
    assert playouts(worlds, LowestCard()) == [playout(w, LowestCard()) for w in worlds]
    assert playouts([], rng=1) == []


def test_any_random_generator_gives_the_plain_loop() -> None:
    rules = RULES[1]
    state = play_start(rules, 2)
    fast, loop = OwnRandom(4), OwnRandom(4)
    assert_same(play_to_end(state, rng=fast), randrange_loop(state, loop))
    assert fast.getstate() == loop.getstate()


# -- bad input ---------------------------------------------------------------------------------
def test_a_policy_choosing_an_illegal_action() -> None:
    rules = RULES[1]
    state = rules.new_deal(seed=1)
    king: Action = rules.parse_action("play KH")

    def plays_a_card(s: DealState, legal: tuple[Action, ...]) -> Action:
        return king

    with pytest.raises(
        IllegalActionError,
        match=r"the policy test_a_policy_.*plays_a_card chose an action that is not legal",
    ):
        playout(state, plays_a_card)

    def says_pass(s: DealState, legal: tuple[Action, ...]) -> Action:
        return "pass"  # type: ignore[return-value]

    with pytest.raises(ActionTypeError, match="a policy returns one of the legal actions"):
        playout(state, says_pass)


@pytest.mark.parametrize("config", range(len(ALL)), ids=IDS)
def test_a_card_policy_answering_minus_one_is_refused_by_name(config: int) -> None:
    """-1 is no card (not the Excuse, index 77 - 78): in every configuration the error says the
    card and whose ``choose_card`` chose it, and building the message does not fail."""
    rules = RULES[config]
    starts = (play_start(rules, seed) for seed in range(20))
    start = next((s for s in starts if not s.is_over and s.phase == "play"), None)
    assert start is not None, "one of 20 random deals reaches the play of the cards"

    class MinusOne:
        calls = 0

        def __call__(self, state: DealState, legal: tuple[Action, ...]) -> Action:
            return legal[0]

        def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
            self.calls += 1
            return -1

    policy = MinusOne()
    try:
        playout(start, policy)
    except IllegalActionError as error:
        assert policy.calls == 1
        assert str(error).endswith("is not a card index: -1 (from MinusOne.choose_card)")
    else:  # a phase without the fast path (the solo) never asks choose_card
        assert policy.calls == 0


def test_a_card_policy_choosing_an_illegal_card() -> None:
    rules = RULES[4]
    start = play_start(rules, 4)
    assert not start.is_over

    def not_legal(legal: int) -> int:
        hand = start.hand_mask(start.to_act or 0)
        return next(c for c in range(78) if not hand >> c & 1)

    # the error names the card and the policy whose choose_card chose it
    with pytest.raises(IllegalActionError, match="the card chosen for seat 1 is illegal") as info:
        playout(start, BadCards(not_legal))
    assert isinstance(info.value.action, Play)
    assert str(info.value).endswith("(from BadCards.choose_card)")
    with pytest.raises(IllegalActionError, match=r"not a card index: 200 \(from BadCards\."):
        playout(start, BadCards(lambda legal: 200))
    with pytest.raises(IllegalActionError, match=r"not a card index: -1 \(from BadCards\."):
        playout(start, BadCards(lambda legal: -1))  # (not read as the Excuse)
    with pytest.raises(ActionTypeError, match="returns a card index"):
        playout(start, BadCards(lambda legal: "KH"))
    with pytest.raises(ActionTypeError, match="returns a card index"):
        playout(start, BadCards(lambda legal: True))


class Index:
    """An integer type of another library (like numpy's), usable as an index."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_card_policy_may_return_another_integer_type() -> None:
    start = play_start(RULES[4], 4)
    lowest = BadCards(lambda legal: Index((legal & -legal).bit_length() - 1))
    assert_same(play_to_end(start, lowest), plain(start, LowestCard()))


def test_bad_arguments() -> None:
    state = RULES[4].new_deal(seed=1)
    with pytest.raises(TypeError, match="rng is for the random policy"):
        playout(state, LowestCard(), rng=1)
    with pytest.raises(TypeError, match="starts from a deal state"):
        playout("state", rng=1)  # type: ignore[arg-type]
    play = RULES[4].phase_list[-2]
    with pytest.raises(TypeError, match="a card chooser or a draw"):
        play.play_cards(state)
    with pytest.raises(TypeError, match="a card chooser or a draw"):
        play.play_cards(state, LowestCard().choose_card, draw=lambda n: 0)


def test_other_phases_play_no_card() -> None:
    state = RULES[1].new_deal(seed=1)
    assert state.phase == "auction"
    assert state.rules.phase_list[1].play_cards(state, draw=lambda n: 0) is state


def test_a_play_phase_with_its_own_apply_gets_no_fast_path() -> None:
    class Counted(TrickPlay):
        def apply(self, state: Any, action: Action, *args: Any) -> Any:
            return super().apply(state, action, *args)

    play = RULES[4].phase_list[-2]
    start = play_start(RULES[4], 4)
    assert play.play_cards(start, draw=lambda n: 0) is not start
    mine = Counted(play.rules, offers=play.offers, setup=play.setup)
    assert mine.play_cards(start, draw=lambda n: 0) is start


def test_a_declaration_offered_stops_the_fast_path() -> None:
    rules = RULES[1]  # French Tarot, 4 players: seat 1 may show a poignée (FT-8)
    state = rules.new_deal(seed=292)
    for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        state = state.apply(rules.parse_action(text))
    assert state.legal_actions()[0].text.startswith("declare simple-poignee")
    play = state.rules.phase_list[-2]
    assert play.play_cards(state, draw=lambda n: 0) is state  # legal_actions() must decide
    declared = 0
    for draws in range(40):
        fast = play_to_end(state, rng=draws)
        assert_same(fast, randrange_loop(state, random.Random(draws)))
        declared += any(a.text.startswith("declare") for a in fast.history)
    assert 0 < declared < 40  # the random policy chose the poignée in some playouts only
