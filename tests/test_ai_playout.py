"""Fast playouts (tarotlib.ai.playout): in every game and configuration, from any position, a
playout ends, keeps every card in exactly one place, and reaches the very same final state and
result as the plain ``legal_actions()`` / ``apply()`` loop fed the same choices; policies, the
batch form, and the errors for bad input."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import examples
from test_ai_sampler import CONFIGS

import tarotlib
from tarotlib.ai import (
    CardPolicy,
    RandomPolicy,
    play_to_end,
    playout,
    playouts,
    sample_world,
)
from tarotlib.core.actions import Action, Play
from tarotlib.core.points import FRENCH_TAROT_POINTS
from tarotlib.deal import DealState, TrickPlay
from tarotlib.errors import ActionTypeError, IllegalActionError

# Every registered configuration, and options that open other paths of the play phase: offers
# open all deal long (belote announced by the player), the misères, a fool's owner choosing the
# card it gives (the Matto, the Fou).
EXTRA: list[tuple[str, dict[str, Any]]] = [
    ("belote", {"belote_announce": "explicit"}),
    ("belote", {"declarations": True}),
    ("french-tarot", {"players": 4, "declarations": "poignee_and_misere"}),
    ("french-tarot", {"players": 5, "declarations": "poignee_and_misere"}),
    ("lombardy", {"matto_payment": "any_own_card"}),
    ("chambery", {"players": 4, "fou_payment_card": "any_source_card"}),
]
ALL: list[tuple[str, dict[str, Any]]] = [*CONFIGS, *EXTRA]
RULES: dict[int, Any] = {
    i: tarotlib.variant(name, **options) for i, (name, options) in enumerate(ALL)
}
IDS = [name + "".join(f"-{k}={v}" for k, v in options.items()) for name, options in ALL]


def position(rules: Any, seed: int, steps: int) -> DealState:
    """The deal of ``seed`` after ``steps`` random actions (or its end)."""
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def play_start(rules: Any, seed: int) -> DealState:
    """The first state of the play of the cards, or the end of a deal that never got there."""
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)
    while not state.is_over and state.phase != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def plain(state: DealState, choose: Callable[[DealState, tuple[Action, ...]], Action]) -> DealState:
    """The plain loop."""
    while not state.is_over:
        state = state.apply(choose(state, state.legal_actions()))
    return state


def randrange_loop(state: DealState, rng: random.Random) -> DealState:
    """The plain loop with the documented random rule, written out."""
    return plain(state, lambda s, legal: legal[rng.randrange(len(legal))])


def assert_same(fast: DealState, loop: DealState) -> None:
    assert fast.is_over and loop.is_over
    assert fast == loop
    assert fast.history == loop.history
    assert fast.moves == loop.moves
    assert fast.tricks == loop.tricks
    assert fast.piles() == loop.piles()
    assert fast.data == loop.data
    assert fast.result == loop.result
    assert fast.result.lines() == loop.result.lines()


def assert_cards_kept(start: DealState, end: DealState) -> None:
    """Every card of the pack is in at most one hand or pile, each card played is in exactly one
    trick and has gone to a pile (when the deal is scored), the tricks of the start are kept and
    no card won before is played again; the points of the hands, the piles and the cards set
    aside make the pack's points."""
    n = end.rules.players
    pack = end.rules.deck.mask
    places = [end.hand_mask(s) for s in range(n)] + [end.pile_mask(s) for s in range(n)]
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        assert not mask & ~pack
        seen |= mask
    played = [c for t in end.tricks for c in t.cards]
    assert len(played) == len(set(played))
    played_mask = sum(1 << c for c in played)
    piles = sum(end.pile_mask(s) for s in range(n))
    if not end.result.is_annulled:
        assert played_mask & ~piles == 0, "a card played went to no pile"
    # what was played or won before the start stays as it was: the playout played other cards
    before = [c for t in start.tricks for c in t.cards]
    assert played[: len(before)] == before
    won_before = sum(start.pile_mask(s) for s in range(n))
    assert not sum(1 << c for c in played[len(before) :]) & won_before
    # card points (counted with the tarot point table, defined for every card): each hand and
    # pile counted on its own, with the cards set aside, make the pack's total
    points = FRENCH_TAROT_POINTS.value_sum
    assert sum(map(points, places)) + points(pack & ~seen) == points(pack)


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


class LowestCard:
    """A card policy: the first legal action (in the play: the lowest card index)."""

    def __init__(self) -> None:
        self.card_calls = 0

    def __call__(self, state: DealState, legal: tuple[Action, ...]) -> Action:
        return legal[0]

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        self.card_calls += 1
        return (legal & -legal).bit_length() - 1


class SeededCards:
    """A card policy drawing from its own generator, the highest-ranked of two draws."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: DealState, legal: tuple[Action, ...]) -> Action:
        return legal[max(self.rng.randrange(len(legal)), self.rng.randrange(len(legal)))]

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        n = legal.bit_count()
        rank = max(self.rng.randrange(n), self.rng.randrange(n))
        cards = [c for c in range(78) if legal >> c & 1]
        return cards[rank]


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


class OwnRandom(random.Random):
    """A generator with its own ``random()`` (so ``randrange`` does not use ``getrandbits``)."""

    def random(self) -> float:
        return super().random()


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

    with pytest.raises(IllegalActionError, match="the policy chose an action that is not legal"):
        playout(state, plays_a_card)

    def says_pass(s: DealState, legal: tuple[Action, ...]) -> Action:
        return "pass"  # type: ignore[return-value]

    with pytest.raises(ActionTypeError, match="a policy returns one of the legal actions"):
        playout(state, says_pass)


class BadCards(LowestCard):
    def __init__(self, answer: Callable[[int], object]) -> None:
        super().__init__()
        self.answer = answer

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        return self.answer(legal)  # type: ignore[return-value]


def test_a_card_policy_choosing_an_illegal_card() -> None:
    rules = RULES[4]
    start = play_start(rules, 4)
    assert not start.is_over

    def not_legal(legal: int) -> int:
        hand = start.hand_mask(start.to_act or 0)
        return next(c for c in range(78) if not hand >> c & 1)

    with pytest.raises(IllegalActionError, match="the card chosen for seat 1 is illegal") as info:
        playout(start, BadCards(not_legal))
    assert isinstance(info.value.action, Play)
    with pytest.raises(IllegalActionError, match="not a card index: 200"):
        playout(start, BadCards(lambda legal: 200))
    with pytest.raises(IllegalActionError, match="is illegal"):
        playout(start, BadCards(lambda legal: -1))
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
