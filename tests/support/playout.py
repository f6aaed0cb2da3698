"""Play-out test material: the configurations with extra option sets, positions to play out from,
the plain loop that play-outs must equal, and card policies (good and faulty) to drive them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import tarotlib
from tarotlib.core.actions import Action
from tarotlib.core.points import FRENCH_TAROT_POINTS
from tarotlib.deal import DealState

from support.configs import PLAYER_CONFIGS as CONFIGS

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


class OwnRandom(random.Random):
    """A generator with its own ``random()`` (so ``randrange`` does not use ``getrandbits``)."""

    def random(self) -> float:
        return super().random()


class BadCards(LowestCard):
    def __init__(self, answer: Callable[[int], object]) -> None:
        super().__init__()
        self.answer = answer

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        return self.answer(legal)  # type: ignore[return-value]
