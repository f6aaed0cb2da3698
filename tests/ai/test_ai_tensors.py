"""Observation and information-state tensors (tarotlib.ai.tensors): fixed shapes, exact
contents, no leak of what the seat cannot see (a sampled world gives the same tensors), and
strings that carry the same information."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tarotlib
from tarotlib.ai import ActionCodec, Node, Show, sample_world
from tarotlib.ai.tensors import TensorEncoder
from tarotlib.deal import DealState

from support.configs import CONFIGS, IDS, each_game_once


def walk(encoder: TensorEncoder, seed: int) -> list[Node]:
    """The decision nodes of one random deal, played by ids."""
    rng = random.Random(seed)
    node = Node.root(encoder.codec, encoder.rules.new_deal(seed=seed))
    out = [node]
    while not node.is_over:
        node = node.apply(rng.choice(node.legal_ids()))
        out.append(node)
    return out


def unpack(encoder: TensorEncoder, vector: Any, name: str) -> Any:
    return vector[encoder.section(name)]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_contents_along_random_play(name: str, options: dict[str, Any]) -> None:
    rules = tarotlib.variant(name, **options)
    encoder = TensorEncoder(ActionCodec(rules))
    n, d = encoder.players, encoder.cards
    pos = {c: i for i, c in enumerate(encoder.deck)}
    told_checked = 0
    # Seed 4's deal tells the belote and the rebelote in every Belote and Contrée configuration:
    # seeds 0 to 2 tell nothing in any of them.
    for seed in (0, 1, 4):
        for node in walk(encoder, seed)[::3]:
            state = node.state
            for seat in range(n):
                obs = encoder.observation(state, seat, node.chosen)
                info = encoder.information_state(state, seat, node.chosen)
                assert obs.shape == encoder.observation_shape and obs.dtype == np.float32
                assert info.shape == encoder.information_state_shape
                assert set(np.unique(info)) <= {0.0, 1.0}
                assert (info[: obs.shape[0]] == obs).all()  # the observation comes first
                hand = unpack(encoder, obs, "hand")
                shown = state.observation(seat).hand  # type: ignore[attr-defined]
                assert sorted(np.flatnonzero(hand)) == sorted(pos[int(c)] for c in shown)
                assert unpack(encoder, obs, "phase").sum() == 1
                to_act = unpack(encoder, obs, "to_act")
                if state.to_act is None:
                    assert to_act.sum() == 0
                else:
                    assert to_act[(state.to_act - seat) % n] == 1 and to_act.sum() == 1
                # Every card played so far is in exactly one seat's row, for its player.
                played = unpack(encoder, obs, "played").reshape(n, d)
                for trick in state.tricks:
                    for k, card in enumerate(trick.cards):
                        player = trick.seat_of(k, n, state.data.sitter)
                        assert played[(player - seat) % n, pos[int(card)]] == 1
                assert played.sum() == sum(len(t.cards) for t in state.tricks)
                current = unpack(encoder, obs, "trick").reshape(n, d)
                assert current.sum() == len(state.current_trick)
                # The order section gives each played card its trick number.
                order = unpack(encoder, info, "order").reshape(d, encoder.tricks)
                for number, trick in enumerate(state.tricks):
                    for card in trick.cards:
                        assert order[pos[int(card)], number] == 1
                assert order.sum() == played.sum() + current.sum()
                # What the game told (BE-9.2's automatic announcements): one 1 per fact, in the
                # row of its seat and kind, at its card; no section where nothing is ever told.
                kinds = encoder.told_kinds
                assert kinds == state.rules.told_kinds()
                if not kinds:
                    assert "told" not in [name for name, _, _ in encoder.layout()]
                    continue
                told = unpack(encoder, obs, "told").reshape(n, len(kinds), d)
                facts = state.rules.told_facts(state)
                assert told.sum() == len(facts)
                for fact in facts:
                    row = ((fact.seat - seat) % n, kinds.index(fact.kind))
                    assert told[row][pos[fact.card]] == 1
                    told_checked += 1
    # A game that can tell something was seen telling it.
    assert told_checked > 0 or not encoder.told_kinds


@pytest.mark.parametrize(("name", "options"), each_game_once(CONFIGS, IDS))
def test_nothing_hidden_leaks(name: str, options: dict[str, Any]) -> None:
    """A world sampled for the seat (the other hands dealt again, consistent with what it saw)
    gives it the very same tensors and strings."""
    rules = tarotlib.variant(name, **options)
    encoder = TensorEncoder(ActionCodec(rules))
    rng = random.Random(7)
    differing = 0
    for seed in range(4):
        nodes = walk(encoder, seed)
        for node in nodes[len(nodes) // 3 :: max(1, len(nodes) // 4)]:
            state = node.state
            if state.is_over:
                continue
            for seat in range(rules.players):
                world = sample_world(state, seat, rng)
                differing += any(
                    world.hand_mask(s) != state.hand_mask(s) for s in range(rules.players)
                )
                assert (encoder.observation(world, seat) == encoder.observation(state, seat)).all()
                assert (
                    encoder.information_state(world, seat) == encoder.information_state(state, seat)
                ).all()
                assert encoder.information_state_string(
                    world, seat
                ) == encoder.information_state_string(state, seat)
    assert differing, "the worlds must differ somewhere for the test to mean anything"


@pytest.mark.parametrize(("name", "options"), CONFIGS[:8], ids=IDS[:8])
def test_strings_and_tensors_carry_the_same_information(name: str, options: dict[str, Any]) -> None:
    """Over many decision points of one seat, two information-state tensors are equal exactly
    when their strings are."""
    rules = tarotlib.variant(name, **options)
    encoder = TensorEncoder(ActionCodec(rules))
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for seed in range(6):
        for node in walk(encoder, seed):
            state = node.state
            if node.chosen:
                continue
            text = encoder.information_state_string(state, 0)
            key = encoder.information_state(state, 0).tobytes()
            assert by_string.setdefault(text, key) == key
            assert by_tensor.setdefault(key, text) == text
    assert len(by_string) > 50


def test_secret_cards_are_left_out() -> None:
    """Another seat's discard shows as a discard with no card; the discarder's own shows it."""
    rules: Any = tarotlib.variant("french-tarot", players=4)
    encoder = TensorEncoder(ActionCodec(rules))
    for seed in range(200):
        state: DealState = rules.new_deal(seed=seed)
        state = state.apply(rules.parse_action("bid garde"))
        while state.phase == "auction":
            state = state.apply(rules.parse_action("pass"))
        if state.phase == "discard":
            break
    taker = state.to_act
    assert taker is not None
    state = state.apply(state.legal_actions()[-1])
    other = (taker + 1) % 4
    assert "discard ?" in encoder.information_state_string(state, other)
    assert "discard ?" not in encoder.information_state_string(state, taker)
    n, k, d = encoder.players, encoder.slots, encoder.cards
    first = unpack(encoder, encoder.information_state(state, other), "history").reshape(
        -1, n + k + d
    )
    mine = unpack(encoder, encoder.information_state(state, taker), "history").reshape(
        -1, n + k + d
    )
    rows = [i for i in range(first.shape[0]) if first[i, n + encoder.slot_names.index("discard")]]
    assert len(rows) == 1
    assert first[rows[0], n + k :].sum() == 0 and mine[rows[0], n + k :].sum() == 1


def test_chosen_steps_and_overflow() -> None:
    rules: Any = tarotlib.variant("french-tarot", players=3)
    codec = ActionCodec(rules)
    small = TensorEncoder(codec, history=2)
    state = rules.new_deal(seed=3)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert unpack(small, small.information_state(state, 0), "overflow")[0] == 1
    assert unpack(small, small.information_state(rules.new_deal(seed=3), 0), "overflow")[0] == 0
    with pytest.raises(KeyError, match="no section 'nope'"):
        small.section("nope")


def test_the_chosen_section_follows_a_declaration() -> None:
    from tarotlib.core.actions import Declare
    from tarotlib.variants.french_tarot import Contract, DeclarationKind

    from support.french_tarot import fill_layout, make_rules, setup

    rules = make_rules(4)
    codec = ActionCodec(rules)
    encoder = TensorEncoder(codec)
    state = setup(
        rules.new_deal(layout=fill_layout(4, {1: "T1-T11 1S-7S"})), 1, Contract.GARDE_SANS
    )
    node = Node.root(codec, state).apply(codec.id_of(Declare(DeclarationKind.SIMPLE_POIGNEE)))
    node = node.apply(node.legal_ids()[-1])  # T11, the highest
    chosen = unpack(encoder, encoder.observation(node.state, 1, node.chosen), "chosen")
    k = encoder.slots
    assert chosen[encoder.slot_names.index("declare simple-poignee")] == 1
    shown = codec.action(node.chosen[1])
    assert isinstance(shown, Show)
    assert [encoder.deck[i] for i in np.flatnonzero(chosen[k:])] == [int(shown.card)]
    assert "choosing: declare simple-poignee show T11" in encoder.observation_string(
        node.state, 1, node.chosen
    )


def test_importing_tarotlib_does_not_import_numpy() -> None:
    import subprocess
    import sys

    code = "import sys, tarotlib, tarotlib.ai; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_visible_mask_is_the_observations(name: str, options: dict[str, Any]) -> None:
    """``Game.visible_mask`` (computed fast by some games) equals the cards the seat's
    observation shows, at every step of random deals."""
    rules: Any = tarotlib.variant(name, **options)
    rng = random.Random(11)
    for seed in range(6):
        state = rules.new_deal(seed=seed)
        while True:
            for seat in range(rules.players):
                seen = state.observation(seat)
                expected = (
                    tarotlib.card_mask(seen.visible_cards())
                    if hasattr(seen, "visible_cards")
                    else None
                )
                if expected is not None:
                    assert rules.visible_mask(state, seat) == expected
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def test_what_the_game_told_is_in_the_tensors_and_strings() -> None:
    """BE-9.2: the automatic belote is in every seat's tensors and strings as it is told, and
    nowhere before; with explicit announcements (actions) there is no such section."""
    rules: Any = tarotlib.variant("belote")
    encoder = TensorEncoder(ActionCodec(rules))
    for seed in range(60):
        state: DealState = rules.new_deal(seed=seed)
        rng = random.Random(seed)
        before = state
        while not state.is_over and not rules.told_facts(state):
            before = state
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    else:
        raise AssertionError("no deal told anything")
    (fact,) = rules.told_facts(state)
    for seat in range(rules.players):
        told = encoder.observation(state, seat)[encoder.section("told")]
        assert (
            told.sum() == 1
            and encoder.observation(before, seat)[encoder.section("told")].sum() == 0
        )
        assert f"told: {fact.text}" in encoder.observation_string(state, seat)
        assert "told:" not in encoder.observation_string(before, seat)
    explicit = TensorEncoder(ActionCodec(tarotlib.variant("belote", belote_announce="explicit")))
    assert explicit.told_kinds == ()
