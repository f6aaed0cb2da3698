"""The card sampler (tarotlib.ai.sampler): consistency in every game, exact uniformity against
brute-force enumeration (chi-square), reproducibility, and states as values."""

from __future__ import annotations

import copy
import functools
import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import tarotlib
from tarotlib.ai import consistent_worlds, sample_world, sampler
from tarotlib.core.actions import Action
from tarotlib.deal import DealState
from tarotlib.errors import SamplingError

from support.configs import FAMILIES, each_game_once
from support.configs import PLAYER_CONFIGS as CONFIGS
from support.sampling import chi_square_p, position


def test_configs_cover_the_registry() -> None:
    assert {name for name, _ in CONFIGS} == set(tarotlib.variant_names())


def walk(rules: object, seed: int, tricks: int) -> DealState:
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over and len(state.tricks) < tricks:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def replayed(world: DealState, seat: int) -> list[Any]:
    """The observations of ``seat`` after the deal and after every step of ``world``."""
    state = world.rules.new_deal(layout=world.layout, facts=world.facts or None)
    seen = [state.observation(seat)]
    for action in world.history:
        state = state.apply(action)
        seen.append(state.observation(seat))
    return seen


def own_actions(state: DealState, seat: int) -> list[tuple[int, Action]]:
    """The actions ``seat`` made, with their steps."""
    out = []
    now = state.rules.new_deal(layout=state.layout, facts=state.facts or None)
    for step, action in enumerate(state.history):
        if now.to_act == seat:
            out.append((step, action))
        now = now.apply(action)
    return out


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda v: str(v))
def test_consistent_in_every_game(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    differ = checked = 0
    for seed in range(4):
        for tricks in (0, 2, 4):
            state = walk(rules, seed, tricks)
            if state.is_over:
                continue
            to = state.to_act
            assert to is not None
            for seat in {to, (to + 1) % rules.players}:
                world = sample_world(state, seat, random.Random(seed))
                assert replayed(world, seat) == replayed(state, seat)
                assert len(world.history) == len(state.history)
                assert own_actions(world, seat) == own_actions(state, seat)
                if seat == to:
                    assert world.legal_actions() == state.legal_actions()
                differ += world.layout != state.layout
                checked += 1
    assert checked and differ


@pytest.mark.parametrize(
    ("name", "options"), each_game_once(CONFIGS, [f"{n}-{o}" for n, o in CONFIGS])
)
def test_the_worlds_drawn_depend_on_what_the_seat_saw_only(
    name: str, options: dict[str, object]
) -> None:
    """Two deals that give the seat the same observations (the real one and a world drawn for
    it, where another seat's secret actions were drawn again) give the same world for the same
    seed: nothing the seat did not see, not even the real écart, steers the draw."""
    rules = tarotlib.variant(name, **options)
    redrawn = 0
    for seed in range(4):
        for tricks in (2,):
            state = walk(rules, seed, tricks)
            if state.is_over or state.to_act is None:
                continue
            for seat in range(rules.players):
                other = sample_world(state, seat, random.Random(seed))
                redrawn += other.history != state.history
                for k in range(2):
                    a, b = sample_world(state, seat, k), sample_world(other, seat, k)
                    assert (a.layout, a.history) == (b.layout, b.history), (seed, tricks, seat)
    assert redrawn or name not in ("chambery", "tarocco-ombre")


def test_public_steps_are_told_apart() -> None:
    """The brute force branches only where another seat acted with a card that the step does not
    show the seat (not seen after it, or seen before it already): where the step shows it, no
    other legal action of the same kind gives the seat the same observation (checked here in
    random deals of every game)."""
    checked = 0
    for name, options in CONFIGS:
        rules = tarotlib.variant(name, **options)
        rng = random.Random(11)
        state = rules.new_deal(seed=11)
        while not state.is_over:
            actions = state.legal_actions()
            action = rng.choice(actions)
            after = state.apply(action)
            card = getattr(action, "card", None)
            for seat in range(rules.players):
                seen: Any = after.observation(seat)
                before: Any = state.observation(seat)
                if seat == state.to_act or card is None or int(card) not in seen.visible_cards():
                    continue
                if int(card) in before.visible_cards():
                    continue
                others = [a for a in actions if type(a) is type(action) and a != action]
                assert all(state.apply(a).observation(seat) != seen for a in others)
                checked += 1
            state = after
    assert checked > 1000


def test_chi_square_p() -> None:
    # Reference values (chi-square survival function).
    assert chi_square_p(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi_square_p(9.487729036781154, 4) == pytest.approx(0.05, rel=1e-9)
    assert chi_square_p(124.34211340400407, 100) == pytest.approx(0.05, rel=1e-9)
    assert chi_square_p(2.0, 10) == pytest.approx(0.9963401531726563, rel=1e-9)


# Small late-deal positions: (game, options, seed, cards left, cards in the trick, seat, worlds).
# The comments say which secret action of another seat the worlds resample.
POSITIONS = [
    ("french-tarot", {"players": 3}, 0, 1, 1, 2, 30),
    ("french-tarot", {"players": 4}, 2, 1, 1, 3, 18),  # seat 0's écart (two chien cards in it)
    ("french-tarot", {"players": 5}, 0, 1, 2, 2, 36),
    ("french-tarot-solo", {}, 9, 1, 2, 1, 4),
    ("belote", {}, 0, 2, 1, 1, 60),
    ("contree", {}, 0, 2, 1, 1, 30),
    ("lombardy", {}, 2, 1, 1, 2, 12),  # the dealer's discard
    ("reseghino", {}, 2, 1, 2, 2, 24),  # the dealer's discard
    ("tarocco-ombre", {"players": 3}, 6, 1, 2, 0, 17),  # a card given back face down
    ("tarocco-ombre", {"players": 5}, 1, 1, 2, 1, 43),  # the dealer's discard
    ("ombra-arrabiata", {}, 6, 1, 2, 2, 13),  # the dealer's discard and a card given back
    ("chambery", {"players": 3}, 0, 2, 1, 1, 40),  # the dealer's discard
    ("chambery", {"players": 4}, 1, 1, 1, 1, 30),  # the dealer's discard
    ("chambery", {"players": 6}, 0, 1, 2, 1, 12),  # the dealer's discard
    ("chambery", {"players": 3, "simplifie": True}, 2, 2, 1, 2, 18),  # the dealer's discard
]


@pytest.mark.parametrize(
    ("name", "options", "seed", "left", "played", "seat", "worlds"),
    each_game_once(
        POSITIONS, [f"{p[0]}{p[1].get('players', '')}-{p[2]}" for p in POSITIONS], FAMILIES
    ),
)
def test_exactly_uniform(
    name: str,
    options: dict[str, object],
    seed: int,
    left: int,
    played: int,
    seat: int,
    worlds: int,
) -> None:
    """The sampler's frequencies against the brute force's worlds, seen as the seat's deals: the
    history and what each hand and the kitty hold now (a world of the brute force keeps the seen
    cards where they were dealt; the sampler also draws where, among the places that fed their
    holders, which every deal allows as many ways: see test_where_seen_cards_were_dealt). The
    same support and a chi-square test (20 samples per world expected, fixed seed, p > 1e-4)."""
    rules = tarotlib.variant(name, **options)
    state = position(rules, seed, left, played)
    every = consistent_worlds(state, seat)
    assert len({(w.layout, w.history) for w in every}) == len(every) == worlds
    assert state.layout in {w.layout for w in every}
    weight = Counter(deal_of(w) for w in every)
    rng = random.Random(2026)
    n = 20 * len(every)
    counts = Counter(deal_of(sample_world(state, seat, rng)) for _ in range(n))
    assert set(counts) == set(weight)  # the same support, nothing outside
    stat = 0.0
    for key, w in weight.items():
        expected = n * w / len(every)
        stat += (counts[key] - expected) ** 2 / expected
    dof = len(weight) - 1
    assert dof == 0 or chi_square_p(stat, dof) > 1e-4, (stat, dof)


def deal_of(world: DealState) -> tuple[object, ...]:
    """A world as its seat's deal: the history, the hands now and the kitty as dealt."""
    hands = tuple(world.hand_mask(s) for s in range(world.rules.players))
    return world.history, hands, world.layout.kitty


def test_secret_actions_are_drawn_again() -> None:
    """Another taker's écart, the dealer's discard and a card given back face down are not kept
    as they were: the worlds put the real secret cards in hands too, and keep what the seat saw
    (the trumps shown in the écart)."""
    cases = [  # the last: whether the real secret cards are still unseen in some hand or pile
        ("french-tarot", {"players": 4}, 2, 1, 1, 3, True),
        ("chambery", {"players": 4}, 1, 1, 1, 1, True),
        ("tarocco-ombre", {"players": 3}, 6, 1, 2, 0, False),  # the card given back was played
    ]
    for name, options, seed, left, played, seat, unseen in cases:
        rules = tarotlib.variant(name, **options)
        state = position(rules, seed, left, played)
        secret = [
            (step, a)
            for step, a in enumerate(state.history)
            if type(a).__name__ in ("Discard", "Give") and (step, a) not in own_actions(state, seat)
        ]
        assert secret
        rng = random.Random(5)
        changed = set()
        held = 0  # the real secret cards found in a hand of a world
        for _ in range(60):
            world = sample_world(state, seat, rng)
            changed |= {step for step, a in secret if world.history[step] != a}
            hands = [world.hand_mask(s) for s in range(rules.players)]
            held += any(h >> int(a.card) & 1 for h in hands for _, a in secret)  # type: ignore[attr-defined]
        seen = [obs.visible_cards() for obs in replayed(state, seat)]
        hidden = [  # the steps whose card the step does not show the seat
            step
            for step, a in secret
            if int(a.card) not in seen[step + 1] or int(a.card) in seen[step]  # type: ignore[attr-defined]
        ]
        assert hidden and set(hidden) <= changed
        assert bool(held) == unseen
        shown = {step for step, _ in secret} - set(hidden)
        assert not shown & changed


def test_reproducible_and_state_unchanged() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = walk(rules, 5, 4)
    before = (state.history, state.layout, state.observation(1))
    a = [sample_world(state, 1, random.Random(9)).layout for _ in range(3)]
    b = [sample_world(state, 1, 9).layout for _ in range(3)]
    assert a == b
    assert len({sample_world(state, 1, k).layout for k in range(10)}) > 1
    assert (state.history, state.layout, state.observation(1)) == before


def test_states_are_values() -> None:
    for name, options in CONFIGS:
        rules = tarotlib.variant(name, **options)
        state = walk(rules, 1, 2)
        assert copy.copy(state) is state
        assert copy.deepcopy(state) is state
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.history == state.history
        world = sample_world(state, 0, 1)
        assert pickle.loads(pickle.dumps(world)) == world


@pytest.mark.parametrize(
    ("name", "options", "seed", "left", "played", "seat", "worlds"),
    [
        pytest.param(*POSITIONS[1], id="french-tarot4-2"),
        pytest.param(*POSITIONS[11], id="chambery3-0", marks=pytest.mark.slow),
    ],
)
def test_exactly_uniform_without_counts(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    options: dict[str, object],
    seed: int,
    left: int,
    played: int,
    seat: int,
    worlds: int,
) -> None:
    """The proposal used where counting would take many states and blind fillings are often
    right (every filling of the bins' sizes alike, the fillings that break a card's bins
    rejected) is exactly uniform too."""
    monkeypatch.setattr(sampler, "_KEEP_STATES", 0)
    monkeypatch.setattr(sampler, "_BLIND_RATE", 0.0)
    sampler._plan.cache_clear()
    try:
        assert not sampler._plan(
            position(tarotlib.variant(name, **options), seed, left, played), seat
        ).counted
        test_exactly_uniform(name, options, seed, left, played, seat, worlds)
    finally:
        sampler._plan.cache_clear()


def _count_plainly(allowed: tuple[int, ...], cap: tuple[int, ...]) -> int:
    """The ways to put each card (``allowed``: its bins, as a mask) into a bin, every bin taking
    exactly its room in ``cap``: card by card (a reference for the proposal's counts)."""

    @functools.cache
    def count(i: int, room: tuple[int, ...]) -> int:
        if i == len(allowed):
            return 0 if any(room) else 1
        return sum(
            count(i + 1, room[:b] + (left - 1,) + room[b + 1 :])
            for b, left in enumerate(room)
            if left and allowed[i] >> b & 1
        )

    return count(0, cap)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda v: str(v))
def test_the_proposal_counts_every_filling(name: str, options: dict[str, object]) -> None:
    """Both counting programmes of the proposal (bin by bin, group by group) give the number of
    fillings of the bins that respect every card's bins, for every capacity of a late position
    (counted card by card as a reference)."""
    rules = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(6):
        state = position(rules, seed, 3, seed % 2)
        if state.is_over or state.to_act is None:
            continue
        seat = (state.to_act + 1) % rules.players
        plan = sampler._Plan(state, seat)
        cards = tuple(mask for mask, group in plan.groups for _ in group)
        if not plan.counted:
            continue
        for cap in plan.capacities:
            expected = _count_plainly(cards, cap)
            assert plan.bin_ways(0, plan.sizes, cap) == expected
            assert plan.ways(0, cap) == expected
            checked += 1
    assert checked


@pytest.mark.parametrize(
    ("name", "options"),
    [("tarocco-ombre", {"players": 7}), ("chambery", {"players": 6})],
    ids=["tarocco-ombre7", "chambery6"],
)
def test_the_counting_programmes_agree_mid_deal(name: str, options: dict[str, object]) -> None:
    """In the middle of deals of six and seven players (many free cards, bins that merge groups
    as they are filled), the bin by bin count equals the group by group count."""
    rules = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(30):
        state = position(rules, seed, 4, seed % 3)
        if state.is_over or state.to_act is None:
            continue
        plan = sampler._Plan(state, (state.to_act + 1) % rules.players)
        if not plan.counted or len(plan.groups) < 4:
            continue
        if max(math.prod(x + 1 for x in cap) for cap in plan.capacities) > 20_000:
            continue  # the group by group count would take long
        for cap in plan.capacities:
            assert plan.bin_ways(0, plan.sizes, cap) == plan.ways(0, cap)
        checked += 1
    assert checked >= 5


def _issue_position() -> DealState:
    """A plain Chambéry five-player position where the sampler, proposing every filling of the
    bins' sizes alike, once never found a world (it tried 792,317 candidates in 60 s)."""
    from tarotlib.core.dealing import Layout

    rules = tarotlib.variant("chambery", players=5)
    hands = [
        "3S 6S 7S NS QS 2H 6H QH KH 6D 8D 5C T4 T10 T11 T13 T16 T18",
        "1S 4S 3H 10H JH 10D QD KD 3C 4C 10C KC T3 T8 T20",
        "2S 5S JS 1H 4H 8H 9H 6C 9C T1 T2 T5 T6 T14 T19",
        "9S 1D 2D JD ND 1C 2C JC NC QC T9 T12 T15 T21 EX",
        "8S 10S KS 5H 7H NH 3D 4D 5D 7D 9D 7C 8C T7 T17",
    ]
    bidding = "discard 6S|discard 8D|discard 7S|bid two-card|pass|bid one-card|pass|pass"
    played = "4C 9C 1C 8C 5C ND 9D 6D 10D T6 8H T12 5H 6H 3H 1D 3D T4 KD T1 NS 4S 5S"
    actions = [*bidding.split("|"), "request T19", "give T9"]
    actions += [f"play {card}" for card in played.split()]
    state: DealState = rules.new_deal(layout=Layout.from_text(hands, "", dealer=0))
    for text in actions:
        state = state.apply(rules.parse_action(text))
    return state


@pytest.mark.parametrize("seat", [1, 4])
def test_a_position_with_many_states_is_counted_and_drawn(seat: int) -> None:
    """The position's proposal is counted (exactly uniform, no blind rejection) and its worlds
    are drawn within the default time limit, each consistent with what the seat saw."""
    state = _issue_position()
    sampler._plan.cache_clear()
    assert sampler._plan(state, seat).counted
    for k in range(3):
        world = sample_world(state, seat, k)
        assert world.observation(seat) == state.observation(seat)
        assert world.legal_actions() == state.legal_actions() or state.to_act != seat


def test_a_draw_past_its_time_limit_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the candidates are proposed blindly and almost all are rejected, the draw stops at
    its time limit with a SamplingError instead of running on; so does any draw given no time
    at all. A limit is a number of seconds or None."""
    state = _issue_position()
    monkeypatch.setattr(sampler, "_KEEP_STATES", 0)
    monkeypatch.setattr(sampler, "_BLIND_RATE", 0.0)  # blind proposals, however seldom right
    sampler._plan.cache_clear()
    try:
        assert not sampler._plan(state, 1).counted
        with pytest.raises(SamplingError, match=r"no world found for seat 1 within 0.2 s"):
            sample_world(state, 1, 0, time_limit=0.2)
    finally:
        sampler._plan.cache_clear()
    easy = tarotlib.variant("belote").new_deal(seed=4)
    with pytest.raises(SamplingError, match=r"candidates tried: 1\)"):
        sample_world(easy, 1, 0, time_limit=0)
    for bad in (-1.0, True, "1"):
        with pytest.raises(ValueError, match="time_limit is a number of seconds"):
            sample_world(easy, 1, 0, time_limit=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "options"),
    [("french-tarot", {"players": 4}), ("belote", {}), ("chambery", {"players": 5})],
    ids=["french-tarot4", "belote", "chambery5"],
)
def test_the_blind_rate_is_the_share_of_right_fillings(
    name: str, options: dict[str, object]
) -> None:
    """Where the proposal may be counted or drawn blind, the plan measures the share of blind
    fillings that respect every card's bins; it agrees with the exact share (the counted
    fillings over every filling of the bins' sizes) within five standard errors."""
    rules = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(40):
        state = position(rules, seed, 4, 1)
        if state.is_over:
            continue
        seat = ((state.to_act or 0) + 1) % rules.players
        plan = sampler._plan(state, seat)
        if not plan.counted or not plan.total:
            continue
        every = sum(sampler._multinomial(cap) for cap in plan.capacities)
        exact = plan.total / every
        trials = 4_000
        spread = 5 * math.sqrt(exact * (1 - exact) / trials) + 1 / trials
        assert abs(plan._blind_rate(trials) - exact) <= spread, (seed, exact)
        checked += 1
        if checked == 5:
            break
    assert checked >= 3


@pytest.fixture
def late_seven() -> Iterator[tuple[DealState, int]]:
    """Tarocc'Ombre with seven players, 42 actions of heuristic play from seed 0, and the seat to
    act: in the play, with voids shown, where blind fillings of the bins' sizes are right less
    than once in 2,000 and the count's bound is above ``_MAX_STATES`` (its draws used to be
    rejected blindly, and a draw without a time limit never ended). The plans' cache is empty
    before and after."""
    from tarotlib.bots import HeuristicBot

    rules = tarotlib.variant("tarocco-ombre", players=7)
    state, bot = rules.new_deal(seed=0), HeuristicBot(0)
    for _ in range(42):
        state = state.apply(bot.choose(state))
    assert state.to_act is not None
    sampler._plan.cache_clear()
    yield state, state.to_act
    sampler._plan.cache_clear()


def test_seldom_right_blind_fillings_are_counted(
    monkeypatch: pytest.MonkeyPatch, late_seven: tuple[DealState, int]
) -> None:
    """Where blind fillings are seldom right, the proposal is counted however many states the
    count may take: on the first draw (the plan is not weighed before), and the worlds are
    those of a plan counted at once, each consistent with what the seat saw."""
    state, seat = late_seven
    plan = sampler._plan(state, seat)
    assert plan.most > sampler._MAX_STATES and plan._blind_rate(2_000) < sampler._BLIND_RATE
    assert plan.counted and not plan.weighed
    worlds = [sample_world(state, seat, k, time_limit=None) for k in range(3)]
    assert plan.weighed
    for world in worlds:
        assert world.observation(seat) == state.observation(seat)
        assert world.legal_actions() == state.legal_actions()
    monkeypatch.setattr(sampler, "_MAX_STATES", 10**30)
    sampler._plan.cache_clear()
    assert sampler._plan(state, seat).weighed  # counted at once
    assert [sample_world(state, seat, k, time_limit=None) for k in range(3)] == worlds


def test_a_count_cut_short_goes_on_at_the_next_draw(late_seven: tuple[DealState, int]) -> None:
    """A count whose time runs out (a draw's) raises a SamplingError that says so; the next
    draw goes on with the counts found and draws the same world as a draw that was never cut
    short."""
    state, seat = late_seven
    plan = sampler._plan(state, seat)
    with pytest.raises(SamplingError, match=r"within 0 s: the ways to deal the unseen cards"):
        plan.weigh(sampler._Deadline(0, seat))
    assert not plan.weighed
    world = sample_world(state, seat, 5, time_limit=None)
    sampler._plan.cache_clear()
    assert sample_world(state, seat, 5, time_limit=None) == world
