"""The deal machine itself (``tarotlib.deal``): one state class for every game, its value semantics,
and the small inconsistencies of the two hand-written engines it replaced."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import tarotlib
from tarotlib import Bid, Call, DealState, Pass
from tarotlib.core.cards import parse_card
from tarotlib.deal import DealData, Note, evolve, note, with_note
from tarotlib.errors import DealError
from tarotlib.variants.belote import Belote, BeloteState
from tarotlib.variants.french_tarot import (
    Contract,
    FrenchTarot,
    FrenchTarotOptions,
    FrenchTarotState,
)


def _played(name: str, seed: int, **options: object) -> list[DealState]:
    state = tarotlib.variant(name, **options).new_deal(seed=seed)
    assert isinstance(state, DealState)
    states = [state]
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_every_game_runs_on_the_one_state_class() -> None:
    """A game's state class only adds views: the machine's methods are DealState's own."""
    machine = ["apply", "legal_actions", "is_legal", "step", "proceed", "advance", "finish"]
    machine += ["history", "result", "is_over", "to_act", "phase", "hand", "__eq__", "__hash__"]
    for name in tarotlib.variant_names():
        state = tarotlib.variant(name).new_deal(seed=1)
        assert isinstance(state, DealState)
        for method in machine:
            assert getattr(type(state), method) is getattr(DealState, method), (name, method)


def test_piles_before_play_are_empty_piles_not_nothing() -> None:
    """French Tarot's ``piles()`` used to be ``()`` before play: now one empty pile per seat."""
    state = tarotlib.variant("french-tarot", players=5).new_deal(seed=3)
    assert isinstance(state, FrenchTarotState)
    assert state.piles() == ((), (), (), (), ())


def test_the_partner_is_known_from_the_call_on() -> None:
    """FT-5.3/5.4: the omniscient ``partner`` is the holder of the called card from the call on,
    as the partner himself knows; the others learn it when the card is played."""
    rules = FrenchTarot(FrenchTarotOptions(players=5))
    for seed in range(40):
        state = rules.new_deal(seed=seed, dealer=4)
        if state.phase != "auction":
            continue
        state = state.apply(Bid(Contract.GARDE))
        while state.phase == "auction":
            state = state.apply(Pass())
        assert state.phase == "call"
        holders = {s: state.hand(s) for s in range(5)}
        king = parse_card("KS")
        state = state.apply(Call(king))
        holder = next((s for s, h in holders.items() if king in h and s != state.taker), None)
        assert state.partner == holder
        if holder is not None:
            assert state.observation(holder).partner == holder
            others = [s for s in range(5) if s not in (holder, state.taker)]
            assert all(state.observation(s).partner is None for s in others)
            return
    pytest.fail("no deal called a King held by another seat")


def test_a_thrown_in_belote_deal_keeps_its_hands() -> None:
    """BE-4.5: Belote's ``hand()`` used to be empty after a throw-in; the state now shows the
    position when the deal ended, like every other annulled deal."""
    state = Belote().new_deal(seed=5)
    dealt = [state.hand(s) for s in range(4)]
    while not state.is_over:
        state = state.apply(Pass())
    assert isinstance(state, BeloteState)
    assert state.result.is_annulled
    assert [state.hand(s) for s in range(4)] == dealt
    assert all(state.observation(s).hand == dealt[s] for s in range(4))


@pytest.mark.parametrize("bad", [9, -1, "1", 1.0, True])
def test_seats_are_checked(bad: object) -> None:
    state = FrenchTarot().new_deal(seed=1)
    for method in (state.hand, state.hand_mask, state.observation, state.pile_mask):
        with pytest.raises(DealError, match=r"seat must be 0\.\.3"):
            method(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["french-tarot", "belote"])
def test_states_are_values(name: str) -> None:
    """Equal positions compare equal (and hash alike; the seed a deal came from is part of it); a
    state copies as itself and pickles by its deal and history."""
    states = _played(name, 7)
    middle = states[len(states) // 2]
    twin = middle.rules.new_deal(seed=7, dealer=middle.dealer)
    for action in middle.history:
        twin = twin.apply(action)
    assert twin == middle and hash(twin) == hash(middle)
    assert copy.copy(middle) is middle and copy.deepcopy(middle) is middle
    for state in (states[0], middle, states[-1]):
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.history == state.history
        assert again.legal_actions() == state.legal_actions()
    assert middle != states[0]


def test_a_state_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError, match="new_deal"):
        DealState()


def test_deal_data_helpers() -> None:
    slam = Note("slam", False)
    data = DealData(dealer=1, seed=None, dealt=(1, 2), kitty=0, stock=())
    changed = evolve(data, declarer=2).noted(slam, True)
    assert (changed.declarer, changed.note(slam), data.declarer) == (2, True, -1)
    assert data.note(slam) is False and changed.notes == (("slam", True),)
    assert changed.noted(slam, False).notes == (("slam", False),)  # replaced, not added
    # The functions of the earlier release take the keys too, and still read a name (deprecated).
    assert note(with_note(changed.notes, slam, False), slam) is False
    with pytest.warns(DeprecationWarning, match="Note key"):
        assert note(changed.notes, "slam") is True
    with pytest.warns(DeprecationWarning, match="Note key"):
        assert with_note((), "slam", True) == (("slam", True),)


def test_phases_are_listed_and_skipped_by_the_deal() -> None:
    rules = FrenchTarot(FrenchTarotOptions(players=4))
    assert [p.name for p in rules.phase_list] == [
        "petit-sec",
        "auction",
        "call",
        "discard",
        "slam",
        "play",
        "over",
    ]
    seen = {s.phase for s in _played("french-tarot", 3)}
    assert "call" not in seen  # only with 5 players
