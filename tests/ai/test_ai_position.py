"""Positions from a description (tarotlib.ai.positions): in every game family a seat's view of a
real deal gives back a state with the same observations for that seat; descriptions that no deal
fits raise PositionError saying why; the draw is the sampler's (exactly uniform)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.ai import position, positions
from tarotlib.ai.positions import Shown, _listed
from tarotlib.ai.sampler import _Plan, _runs, _seen, _states, sample_world
from tarotlib.core.actions import Action
from tarotlib.core.cards import ALL_CARDS, Card, parse_card
from tarotlib.deal import DealState
from tarotlib.errors import PositionError

from support.profiles import examples

SUPPORTED = [
    *(("french-tarot", {"players": p}) for p in (3, 4, 5)),
    ("belote", {}),
    ("contree", {}),
    ("reseghino", {}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("ombra-arrabiata", {}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *(("chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
    ("french-tarot-solo", {}),
    ("lombardy", {}),
    ("lombardy", {"exposure_order": "dealer_choice"}),
]
# Without ``shown``, deals that show cards no action names (the solo's dummy and the AI's cards,
# Lombardy's exposed cards) are refused.
UNDESCRIBED: list[tuple[str, dict[str, object], str]] = [
    ("french-tarot-solo", {}, "step"),
    ("lombardy", {}, r"sees cards here that no action names .*\(shown=\.\.\.\)"),
]


def test_who_handed_a_requested_card_is_described() -> None:
    """Who handed over a requested card (Chambéry, Tarocc'Ombre) is public: the description gives
    it as ``shown``, else PositionError says so; a card shown that no action makes its seat hand
    over is refused."""
    rules = tarotlib.variant("chambery", players=4)
    state = play(rules, 2, 2)
    seat = state.to_act
    assert seat == 0
    assert handed_over(state) == {0: [parse_card("T3")]}  # seat 0 itself, on seat 3's request
    actions, _ = describe(state, seat)
    hand = state.hand(seat)
    world = position(rules, seat, hand, actions, dealer=state.dealer, shown={0: "T3"}, rng=0)
    assert world.observation(seat) == state.observation(seat)
    with pytest.raises(
        PositionError,
        match=r"step 7: request T3: seat 0 sees seat 0 hand T3 over here, .*shown={0: .T3.}",
    ):
        position(rules, seat, hand, actions, dealer=state.dealer, rng=0)
    # Seat 0 received 8C back for T3: seat 2 cannot have handed T3 over.
    with pytest.raises(PositionError, match="no deal leaves seat 0 holding 8C"):
        position(rules, seat, hand, actions, dealer=state.dealer, shown={2: "T3"}, rng=0)
    with pytest.raises(PositionError, match=r"never sees 8H in seat 1's hand"):
        position(rules, seat, hand, actions, dealer=0, shown={0: "T3", 1: "8H"}, attempts=40, rng=0)
    with pytest.raises(PositionError, match=r"shown: there is no seat 4 \(seats 0 to 3\)"):
        position(rules, seat, hand, actions, dealer=state.dealer, shown={4: "T3"}, rng=0)
    with pytest.raises(PositionError, match="a card is given twice"):
        position(rules, seat, hand, actions, dealer=0, shown={0: "T3", 1: "T3"}, rng=0)


def play(rules: object, seed: int, tricks: int) -> DealState:
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over and (len(state.tricks) < tricks or not state.current_trick):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def handed_over(state: DealState, seat: int = -1) -> dict[int, list[Card]]:
    """What ``seat``'s description gives as ``shown``: the cards it saw in other seats' hands
    that no action shows there, and its own that the others saw — turned up by the game (at the
    deal or later, in the order the observation lists them last) or played for a seat by the
    game — and the cards that left a seat's hand for another's by another seat's action (a
    requested card handed over). Without ``seat``: the cards handed over only."""
    out: dict[int, list[Card]] = {}
    for now in shown_steps(state, seat):
        for z, cards in now.items():
            out.setdefault(z, []).extend(cards)
    return out


def shown_per_step(state: DealState, seat: int) -> dict[int, list[str]]:
    """:func:`handed_over` grouped per step: by seat, the cards shown at each step that shows
    some, one text a step."""
    out: dict[int, list[str]] = {}
    for now in shown_steps(state, seat):
        for z, cards in now.items():
            out.setdefault(z, []).append(" ".join(c.text for c in cards))
    return out


def shown_steps(state: DealState, seat: int = -1) -> list[dict[int, list[Card]]]:
    """For the deal and each step, the cards :func:`handed_over` adds at that step, by seat."""
    states = _states(state)
    n = state.rules.players
    out: list[dict[int, list[Card]]] = []
    steps = [(None, None, states[0]), *zip(states, state.history, states[1:], strict=False)]
    for before, action, after in steps:
        now: dict[int, list[Card]] = {}
        out.append(now)
        start = after if before is None else before
        if seat >= 0:
            fresh: set[int] = set()
            for w in range(n):
                then = frozenset() if before is None else _seen(before.observation(w))
                new = _seen(after.observation(w)) - then
                mine = {c for c in new if ALL_CARDS[c] in start.hand(seat)}
                fresh |= new - mine if w == seat else mine
            fresh -= {int(getattr(action, "card", -1))} | set(getattr(action, "shown", ()))
            rank = {c: i for i, c in enumerate(_listed(after.observation(seat)))}
            for c in sorted(fresh, key=lambda c: rank.get(c, len(rank))):
                for z in range(n):
                    if ALL_CARDS[c] in start.hand(z):
                        now.setdefault(z, []).append(ALL_CARDS[c])
        if before is None:
            continue
        for z in range(n):
            if z == before.to_act:
                continue
            for c in before.hand(z):
                if c not in after.hand(z) and any(c in after.hand(w) for w in range(n)):
                    now.setdefault(z, []).append(c)
    return out


def describe(state: DealState, seat: int) -> tuple[list[Action | str], list[Card]]:
    """``seat``'s view of ``state``: the actions, with "?" for the secret ones, and the kitty
    cards it saw."""
    states = _states(state)
    secret = {step for run in _runs(states, state.history, seat) for step in run.steps}
    actions: list[Action | str] = [
        "?" if step in secret else action for step, action in enumerate(state.history)
    ]
    seen: set[int] = set()
    for s in states:
        seen |= _seen(s.observation(seat))
    first = _seen(states[0].observation(seat))  # a stock card turned up
    kitty = [c for c in state.layout.kitty if int(c) in seen]
    return actions, kitty + [c for c in state.data.stock if int(c) in first]


def rebuilt(state: DealState, seat: int, **given: Any) -> DealState:
    """``position()`` from ``seat``'s description of ``state`` (its hand, the actions it saw with
    "?" for the secret ones, the dealer and the kitty cards it saw), with ``given`` (``shown``,
    ``told``, ``rng``, ``attempts``)."""
    actions, kitty = describe(state, seat)
    return position(
        state.rules,
        seat,
        state.hand(seat),
        actions,
        dealer=state.dealer,
        kitty=kitty or None,
        **given,
    )


@pytest.mark.parametrize(("name", "options"), SUPPORTED, ids=lambda v: str(v))
def test_round_trip_in_every_game(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    checked = 0
    for seed in range(3):
        state = play(rules, seed, 2)
        if state.is_over:
            continue
        seat = state.to_act
        assert seat is not None
        world = rebuilt(
            state,
            seat,
            shown=handed_over(state, seat),
            told=state.rules.told_facts(state),
            rng=seed,
        )
        assert world.observation(seat) == state.observation(seat)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
    assert checked


@pytest.mark.parametrize("name", ["belote", pytest.param("contree", marks=pytest.mark.slow)])
def test_what_the_game_told_is_described(name: str) -> None:
    """BE-9.2: belote and rebelote, which the engine announces as the King and Queen of trumps
    are played, are given with ``told`` (``Game.told_facts``): the deal found tells exactly
    those, from every seat, and a deal that told nothing is rebuilt telling nothing (the
    announcement's absence says the player of a King or Queen of trumps did not hold both)."""
    rules = tarotlib.variant(name)
    told = quiet = 0
    for seed in range(24):
        state = play(rules, seed, 5)
        if state.is_over:
            continue
        facts = state.rules.told_facts(state)
        for seat in range(rules.players):
            world = rebuilt(state, seat, told=facts, rng=seed)
            assert world.rules.told_facts(world) == facts
            assert world.observation(seat) == state.observation(seat)
        told += bool(facts)
        quiet += not facts
        if facts and told == 1:
            seat = next(z for z in range(rules.players) if facts[0].seat != z)
            with pytest.raises(PositionError, match=r"told 'seat .*told= does not give"):
                rebuilt(state, seat, attempts=60, rng=0)
            with pytest.raises(PositionError):  # a fact that never comes: no deal fits
                rebuilt(state, seat, told=[*facts, "seat 9 belote KS"], attempts=40, rng=0)
    # Before any card is played, nothing has been told: a fact given is never told.
    start = next(s for s in (play(rules, seed, 0) for seed in range(9)) if s.phase == "play")
    first = start.to_act
    assert first is not None
    with pytest.raises(PositionError, match="told: the game never tells 'seat 1 belote KH'"):
        rebuilt(start, first, told=["seat 1  belote KH"], attempts=5, rng=0)
    with pytest.raises(PositionError, match="told: a list of texts"):
        rebuilt(start, first, told="seat 1 belote KH")
    assert told and quiet


@pytest.mark.parametrize(("name", "options", "why"), UNDESCRIBED, ids=lambda v: str(v))
def test_cards_shown_outside_the_actions_are_asked_for(
    name: str, options: dict[str, object], why: str
) -> None:
    rules = tarotlib.variant(name, **options)
    state = next(s for s in (play(rules, seed, 2) for seed in range(9)) if not s.is_over)
    seat = state.to_act
    assert seat is not None
    with pytest.raises(PositionError, match=why):
        rebuilt(state, seat, rng=0)


def test_round_trip_with_cards_turned_up() -> None:
    """The solo's dummy and AI cards, Lombardy's exposed cards (the dealer's further ones when
    honours show, LO-12.2), described from every seat that sees them, deeper in the deal."""
    cases = [
        (tarotlib.variant("french-tarot-solo"), [0]),
        (tarotlib.variant("lombardy"), [0, 1, 2, 3]),
    ]
    for rules, seats in cases:
        deals = (play(rules, seed, 6 + seed) for seed in range(20))
        for seed, state in enumerate(itertools.islice((s for s in deals if not s.is_over), 2)):
            for seat in seats:
                world = rebuilt(state, seat, shown=handed_over(state, seat), rng=seed)
                assert world.observation(seat) == state.observation(seat)
                if seat == state.to_act:
                    assert world.legal_actions() == state.legal_actions()


def test_errors_say_what_does_not_fit() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    hand = "1S KS 1H 2H 6D 9D 3C 6C 7C T5 T10 T13 T14 T15 T16 T17 T20 EX"
    chien = "3H ND QD NC T1 T7"
    actions = ["bid garde", "pass", "pass", "pass", *["?"] * 6, "no-slam", "play T3"]
    assert position(rules, 2, hand, actions, dealer=0, kitty=chien, rng=1).to_act == 2
    with pytest.raises(PositionError, match="the hand has 17 cards, expected 18 at this point"):
        position(rules, 2, hand[3:], actions, dealer=0, kitty=chien, rng=0)
    with pytest.raises(PositionError, match=r"sees kitty cards here .*kitty=\.\.\."):
        position(rules, 2, hand, actions, dealer=0, rng=0)
    with pytest.raises(PositionError, match="no deal leaves seat 2 holding 2H"):
        position(rules, 2, hand, [*actions[:-1], "play 2H"], dealer=0, kitty=chien, rng=0)
    with pytest.raises(PositionError, match="seat 2's own action is unknown"):
        position(rules, 2, hand, ["bid garde", "?"], dealer=0, kitty=chien, rng=0)
    # Seat 2 throws a heart on the trump led while it holds trumps.
    with pytest.raises(PositionError, match=r"step 13, seat 2: play 1H: must play a trump"):
        position(rules, 2, hand, [*actions, "play 1H"], dealer=0, kitty=chien, rng=0)


def test_drawn_again_per_seed() -> None:
    """The hidden hands are drawn (by the sampler, from the one deal found): reproducible per
    seed, different across seeds, always with the described seat's view."""
    rules = tarotlib.variant("tarocco-ombre", players=5)
    state = play(rules, 1, 2)
    seat = state.to_act
    assert seat is not None
    actions, _ = describe(state, seat)
    worlds = [
        position(rules, seat, state.hand(seat), actions, dealer=state.dealer, rng=k)
        for k in (1, 1, 2, 3)
    ]
    assert worlds[0] == worlds[1]
    assert len({w.layout for w in worlds}) > 1
    assert all(w.observation(seat) == state.observation(seat) for w in worlds)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        *(("tarocco-ombre", {"players": p}) for p in (3, 5)),
        *(("chambery", {"players": p}) for p in (4, 5, 6)),
    ],
    ids=lambda v: str(v),
)
def test_round_trip_with_requests(name: str, options: dict[str, object]) -> None:
    """Deals where a requested card was handed over, described from every seat with ``shown``."""
    rules = tarotlib.variant(name, **options)
    state = next(
        s for s in (play(rules, seed, 1) for seed in range(60)) if not s.is_over and handed_over(s)
    )
    for seat in range(rules.players):
        world = rebuilt(state, seat, shown=handed_over(state, seat), rng=seat)
        assert world.observation(seat) == state.observation(seat)
        if seat == state.to_act:
            assert world.legal_actions() == state.legal_actions()


def test_shown_cards_that_do_not_fit() -> None:
    """At Lombardy every seat's last card is turned up: a description without seat 3's, or with
    a card seat 0 does not hold, raises PositionError saying what the seat sees."""
    rules = tarotlib.variant("lombardy")
    hand = "6S 9S 9H 10H 1D 5D 1C 6C 8C 9C QC KC T1 T10 T11 T13 T21 EX"
    actions = ["no-monte", "no-monte", "no-monte", "monte", "refuse", "?", "?"]
    actions += ["play JD", "play 6D", "play 3D", "play 2D", "play 6H"]
    shown = {0: "4C 5H", 1: "8S", 2: "KC", 3: "T2"}
    assert position(rules, 2, hand, actions, dealer=0, shown=shown, rng=0).to_act == 2
    with pytest.raises(PositionError, match=r"the deal: seat 2 sees .. in seat 3's hand here"):
        position(rules, 2, hand, actions, dealer=0, shown={**shown, 3: ""}, attempts=20, rng=0)
    with pytest.raises(PositionError, match=r"seat 2 never sees 1D in seat 0's hand here"):
        position(rules, 2, hand, actions, dealer=0, shown={**shown, 0: "4C 5H 1D"}, rng=0)


# The French Tarot solo with solo_dummy_follow_scope="whole_hand" (S-O1): when none of the dummy's
# face-up cards is legal, its face-down cards are turned until one is (FT-20.8 step 4), so several
# may be turned in one step; the description gives the dummy's cards grouped per step.
WHOLE_HAND = tarotlib.variant("french-tarot-solo", solo_dummy_follow_scope="whole_hand")


def whole_hand_deal(seed: int) -> list[DealState]:
    """A random whole_hand solo deal played to its end: the state after the deal and each step."""
    rng = random.Random(seed)
    state: DealState = WHOLE_HAND.new_deal(seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return _states(state)


def turned_together(states: list[DealState]) -> list[int]:
    """The steps after which the dummy shows several new cards (the first three and those
    turned with them, or cards turned in its turn, FT-20.8 steps 1, 4)."""
    out = []
    for step in range(1, len(states)):
        before, after = (set(s.observation(0).dummy_face_up) for s in states[step - 1 : step + 1])  # type: ignore[attr-defined]
        if len(after - before) > 1:
            out.append(step)
    return out


def check_whole_hand(state: DealState, rng: int) -> DealState:
    """``state`` described from seat 0 (the dummy's cards grouped per step) gives back a state
    with seat 0's observation after every step and its legal actions; and the deal the search
    found, before the sampler's draw, gives the sampler the very problem the real deal gives it
    (the same free places, cards, bins and counts), so the draw is the one ``sample_world`` makes
    from the real deal: exactly uniform."""
    actions, kitty = describe(state, 0)
    with mock.patch.object(positions, "sample_world", lambda world, seat, rng: world):
        found = position(
            WHOLE_HAND,
            0,
            state.hand(0),
            actions,
            dealer=state.dealer,
            kitty=kitty or None,
            shown=shown_per_step(state, 0),
            rng=rng,
        )
    real, plan = _Plan(state, 0), _Plan(found, 0)
    assert (plan.bins, plan.slots_of, plan.allowed) == (real.bins, real.slots_of, real.allowed)
    assert plan.total == real.total
    world = sample_world(found, 0, rng)
    seen = [s.observation(0) for s in _states(state)]
    assert [s.observation(0) for s in _states(world)] == seen
    assert world.legal_actions() == state.legal_actions()
    return world


@pytest.mark.slow  # (test_whole_hand_round_trip_property below runs in the everyday suite)
def test_whole_hand_round_trips() -> None:
    """Random whole_hand deals described from seat 0 right after every step that turns several
    of the dummy's cards and every few steps besides; a turn of more than the first three cards
    and one of several cards in the dummy's turn are among them."""
    checked = 0
    longest = 0
    for seed in range(4):
        states = whole_hand_deal(seed)
        together = turned_together(states)
        for step in sorted({*together, *range(1, len(states), 9)}):
            state = states[step]
            if state.is_over:
                continue
            check_whole_hand(state, seed + step)
            checked += 1
            if step in together:
                shown = state.observation(0).dummy_face_up
                before = states[step - 1].observation(0).dummy_face_up
                longest = max(longest, len(set(shown) - set(before)))
    assert checked > 20
    assert longest > 4


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_whole_hand_round_trip_property(seed: int, cut: float) -> None:
    states = whole_hand_deal(seed)
    state = states[min(int(cut * len(states)), len(states) - 2)]
    check_whole_hand(state, seed)


def test_whole_hand_description_errors() -> None:
    """Under whole_hand the dummy's cards are given grouped per step: a list in the order shown
    is refused, a group split or merged does not fit; the solo's virtual seats cannot be
    described."""
    states = whole_hand_deal(1)
    step = next(s for s in turned_together(states) if s > turned_together(states)[0])
    state = states[step]
    actions, kitty = describe(state, 0)
    shown = shown_per_step(state, 0)
    groups = shown[2]
    assert len(groups[-1].split()) > 1  # the step turned several cards

    def build(given: Mapping[int, Shown], seat: int = 0, attempts: int = 400) -> DealState:
        return position(
            WHOLE_HAND,
            seat,
            state.hand(seat),
            actions,
            dealer=state.dealer,
            kitty=kitty,
            shown=given,
            attempts=attempts,
            rng=0,
        )

    assert build(dict(shown)).observation(0) == state.observation(0)
    as_cards = [tarotlib.parse_cards(group) for group in groups]  # groups of cards
    assert build({**shown, 2: as_cards}).observation(0) == state.observation(0)
    with pytest.raises(PositionError, match=r"give seat 2's cards grouped by the step that turned"):
        build(handed_over(state, 0))
    last = groups[-1].split()
    split = {**shown, 2: [*groups[:-1], last[0], " ".join(last[1:])]}
    with pytest.raises(
        PositionError,
        match=rf"step {step}: seat 0 sees .* in seat 2's hand here, not the next group",
    ):
        build(split, attempts=60)
    merged = {**shown, 2: [*groups[:-2], f"{groups[-2]} {groups[-1]}"]}
    with pytest.raises(
        PositionError, match=r"in seat 2's hand here, not the next group shown= gives"
    ):
        build(merged, attempts=60)
    for seat in (1, 2):
        with pytest.raises(
            PositionError,
            match=rf"seat {seat} cannot be described: it does not see its own hand.*virtual seat"
            r".*describe the position of seat 0",
        ):
            build(dict(shown), seat=seat)


def test_groups_in_every_game() -> None:
    """``shown`` grouped per step works in the other games too (Lombardy's exposed cards, a
    requested card handed over, the solo's default dummy)."""
    cases = [
        (tarotlib.variant("lombardy"), 2, 6),
        (tarotlib.variant("chambery", players=4), 2, 2),
        (tarotlib.variant("french-tarot-solo"), 1, 8),
    ]
    for rules, seed, tricks in cases:
        state = play(rules, seed, tricks)
        seat = state.to_act
        assert seat is not None
        world = rebuilt(state, seat, shown=shown_per_step(state, seat), rng=seed)
        assert [s.observation(seat) for s in _states(world)] == [
            s.observation(seat) for s in _states(state)
        ]
