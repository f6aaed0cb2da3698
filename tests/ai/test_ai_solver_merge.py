"""The solver's merging of equal cards (issue 23, speed): among a seat's legal cards, those of one
class and one scoring role (the game's ``card_roles`` hook) with no card still in play ranking
between them are searched once. Checked here: the hook of every game, that merging happens, and
that every card merged away is worth exactly what its representative is worth (plain minimax,
both objectives, both sides)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import tarotlib
from tarotlib.ai import solve
from tarotlib.ai.solver import _Search
from tarotlib.core.actions import Action
from tarotlib.core.cards import EXCUSE_MASK
from tarotlib.deal.state import DealState
from tarotlib.registry import variant_info

from support.configs import CONFIGS, IDS, each_game_once
from support.solver import late_position, minimax


def search(state: DealState[Any], **kwargs: Any) -> _Search:
    return _Search(state, "points", None, kwargs.get("declarations", "skip"), None, None)


def merged_positions(
    name: str, options: dict[str, Any], count: int, left: int
) -> list[tuple[DealState[Any], _Search]]:
    """Positions whose seat to act has cards merged away."""
    found = []
    for seed in range(40 * count):
        state = late_position(name, options, seed, left)
        if state is None:
            continue
        s = search(state)
        if len(s.moves(state)) < len(s.all_moves(state)):
            found.append((state, s))
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_every_game_gives_its_card_roles(name: str, options: dict[str, Any]) -> None:
    """78 roles; the fool, when the game has one, is a card of its own (a negative role)."""
    hook = variant_info(name).card_roles
    assert hook is not None
    state = late_position(name, options, 1, 3) or late_position(name, options, 2, 3)
    assert state is not None
    roles = hook(state)
    assert len(roles) == 78
    special = [r for r in roles if r < 0]
    assert len(special) == len(set(special))
    fool = getattr(state.local, "fool", 0)
    if fool:
        assert fool == EXCUSE_MASK and roles[77] == -78


def representative(s: _Search, state: DealState[Any], move: Action) -> Action:
    """The searched card that ``move`` was merged into: the searched card of its class just
    below it among the seat's legal cards."""
    searched = s.moves(state)
    if move in searched:
        return move
    rules = state.local.rules  # type: ignore[attr-defined]
    card = int(move.card)  # type: ignore[attr-defined]
    strength = rules.rank_order.strength
    same = [
        a
        for a in searched
        if rules.card_class[int(a.card)] == rules.card_class[card]  # type: ignore[attr-defined]
        and strength[int(a.card)] < strength[card]  # type: ignore[attr-defined]
    ]
    return max(same, key=lambda a: strength[int(a.card)])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "options"), each_game_once(CONFIGS, IDS))
def test_a_merged_card_is_worth_its_representative(name: str, options: dict[str, Any]) -> None:
    """Every card merged away is worth exactly what the card searched for it is worth, for both
    objectives and for each side, by the plain minimax; and the solver's value is exact."""
    left = 2 if options.get("players", 4) >= 6 else 3
    positions = merged_positions(name, options, 4, left)
    assert positions, "no position with cards to merge"
    for state, s in positions:
        all_moves = s.all_moves(state)
        searched = s.moves(state)
        actor = state.to_act
        assert actor is not None
        for side in sorted({actor, (actor + 1) % state.rules.players}):
            for objective in ("points", "score"):
                for move in all_moves:
                    if move in searched:
                        continue
                    rep = representative(s, state, move)
                    assert minimax(state.apply(move), objective, side) == minimax(
                        state.apply(rep), objective, side
                    ), (move, rep, objective, side)
                assert solve(state, objective=objective, side=side).value == minimax(
                    state, objective, side
                )


@pytest.mark.parametrize("fast", [False, True], ids=["state search", "fast search"])
def test_merging_searches_fewer_positions(fast: bool) -> None:
    """French Tarot, four tricks left: the same values with fewer positions than a search of
    every card (the merger switched off), in the state search and in the fast search of plain
    card play."""
    total = merged_total = 0
    for state, _ in merged_positions("french-tarot", {"players": 4}, 6, 4):
        every_card = search(state)
        every_card.merger = None
        merged = search(state)
        if fast:
            every_card.plain = every_card._plain(state, "points", "skip")  # built without merger
        else:
            every_card.plain = merged.plain = None
        lo, hi = every_card.value(state)
        assert lo == hi == merged.value(state)[0] == solve(state).value
        total += every_card.nodes
        merged_total += merged.nodes
    assert merged_total < total


def test_no_card_in_play_between_merged_cards() -> None:
    """French Tarot: a seat's run of small trumps is searched once, but a trump still held by
    another seat between two of them splits the run."""
    rules = tarotlib.variant("french-tarot", players=4)
    checked = 0
    for seed in range(300):
        state = late_position("french-tarot", {"players": 4}, seed, 4)
        if state is None or state.to_act is None:
            continue
        s = search(state)
        searched = {int(a.card) for a in s.moves(state)}  # type: ignore[attr-defined]
        legal = [int(a.card) for a in s.all_moves(state)]  # type: ignore[attr-defined]
        trumps = sorted(c for c in legal if 57 <= c <= 75)  # T2 to T20: half a point each
        live = 0
        for seat in range(4):
            live |= state.held(seat)
        for c in state.trick_cards:
            live |= 1 << c
        for low, high in itertools.pairwise(trumps):
            between = any(live >> c & 1 for c in range(low + 1, high))
            assert (high in searched) == between, (rules.name, seed, low, high)
            checked += 1
    assert checked >= 20
