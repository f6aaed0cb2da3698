"""Action ids (tarotlib.ai.codec): a bijection between the legal actions and the legal ids in
every game, set-valued declarations chosen card by card with exactly one id sequence each,
stable numbering, and typed errors."""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.ai import ActionCodec, CodecError, Node, Show
from tarotlib.ai.codec import CODEC_VERSION
from tarotlib.core.actions import Action, Declare, Play
from tarotlib.core.cards import EXCUSE_MASK, TRUMP_MASK, cards_of
from tarotlib.deal import DealState
from tarotlib.errors import IllegalActionError
from tarotlib.variants.french_tarot import Contract, DeclarationKind

from support.configs import CONFIGS, IDS
from support.french_tarot import card, fill_layout, make_rules, setup


def test_configs_cover_the_registry() -> None:
    assert {name for name, _ in CONFIGS} == set(tarotlib.variant_names())


def check_node(codec: ActionCodec, state: DealState) -> None:
    """The legal ids and the legal actions are in one-to-one correspondence."""
    ids = codec.legal_ids(state)
    assert list(ids) == sorted(set(ids))
    # Phase.legal_cards, the codec's shortcut: when it gives a mask, the legal actions are the
    # plays of those cards and nothing else.
    cards = state.current_phase.legal_cards(state)
    if cards >= 0:
        assert [type(a) for a in state.legal_actions()] == [Play] * cards.bit_count()
        assert [int(a.card) for a in state.legal_actions()] == list(cards_of(cards))  # type: ignore[attr-defined]
    assert all(0 <= i < codec.size for i in ids)
    assert [i for i, m in enumerate(codec.mask(state)) if m] == list(ids)
    encoded = {action: codec.encode(action) for action in state.legal_actions()}
    # Every legal id starts a legal action, and every legal action starts with a legal id.
    assert {sequence[0] for sequence in encoded.values()} == set(ids)
    # A one-id action is the only action of its id; a longer sequence is a set-valued
    # declaration, and its ids decode back to it.
    singles = [sequence[0] for sequence in encoded.values() if len(sequence) == 1]
    assert len(singles) == len(set(singles))
    for action, sequence in encoded.items():
        assert codec.decode(sequence) == action
        if len(sequence) > 1:
            assert sequence[0] in codec._head_ids
            assert sequence[0] not in singles


def random_walk(codec: ActionCodec, seed: int) -> tuple[DealState, list[tuple[int, ...]]]:
    """Random play by ids (set-valued declarations included); returns the final state and the
    id sequence of every action."""
    rng = random.Random(seed)
    rules = codec.rules
    node = Node.root(codec, rules.new_deal(seed=seed))
    sequences: list[tuple[int, ...]] = []
    current: list[int] = []
    while not node.is_over:
        if not node.chosen:
            check_node(codec, node.state)
        legal = node.legal_ids()
        assert legal, "a node that is not over offers an id"
        choice = rng.choice(legal)
        current.append(choice)
        node = node.apply(choice)
        if not node.chosen:
            sequences.append(tuple(current))
            current = []
    return node.state, sequences


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_bijection_along_random_play(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    codec = ActionCodec(rules)
    for seed in range(8):
        final, sequences = random_walk(codec, seed)
        # Decoding the id sequences and applying them replays the same deal.
        state = rules.new_deal(seed=seed)
        for seq in sequences:
            state = state.apply(codec.decode(seq))
        assert state.history == final.history
        assert state.result == final.result


@functools.cache
def fingerprints_in_a_fresh_interpreter() -> list[str]:
    """The fingerprint of each configuration's codec, computed by another Python process with
    another hash seed."""
    code = (
        "import json, sys, tarotlib\n"
        "from tarotlib.ai import ActionCodec\n"
        "configs = json.loads(sys.stdin.read())\n"
        "print(json.dumps([ActionCodec(tarotlib.variant(n, **o)).fingerprint for n, o in configs]))\n"
    )
    src = str(Path(tarotlib.__file__).resolve().parent.parent)
    run = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(CONFIGS),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "4321", "PYTHONPATH": src},
    )
    fingerprints: list[str] = json.loads(run.stdout)
    return fingerprints


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_numbering_is_fixed(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    a = ActionCodec(rules)
    # The fingerprint hashes the numbering (the codec version and each id's action), and
    # another process numbers the actions the same way.
    table = "\n".join([f"v{CODEC_VERSION}", *(action.text for action in a.vocabulary)])
    assert a.fingerprint == hashlib.sha256(table.encode()).hexdigest()[:16]
    assert a.fingerprint == fingerprints_in_a_fresh_interpreter()[CONFIGS.index((name, options))]
    assert len(set(a.vocabulary)) == a.size  # one id per action
    for i, action in enumerate(a.vocabulary):
        assert a.encode(action)[0] == i and a.id_of(action) == i
    # The ranges cover every id once, in order.
    covered = [i for first, last, _ in a.ranges() for i in range(first, last + 1)]
    assert covered == list(range(a.size))


@given(seed=st.integers(0, 2**32 - 1), config=st.sampled_from(range(len(CONFIGS))))
@settings(max_examples=40, deadline=None)
def test_random_id_play_terminates_and_matches(seed: int, config: int) -> None:
    name, options = CONFIGS[config]
    codec = ActionCodec(tarotlib.variant(name, **options))
    final, sequences = random_walk(codec, seed)
    assert final.is_over and final.result is not None
    # One id sequence per action, each decoding to the action played.
    assert [codec.decode(sequence) for sequence in sequences] == list(final.history)


# -- set-valued declarations: one id sequence per legal set ---------------------------------------


def all_sequences(codec: ActionCodec, state: DealState, head: int) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    stack: list[tuple[int, ...]] = [(head,)]
    while stack:
        chosen = stack.pop()
        for i in codec.legal_ids(state, chosen):
            after, rest = codec.step(state, i, chosen)
            if rest:
                stack.append(rest)
            else:
                assert after is not state
                out.add((*chosen, i))
    return out


def shown(action: Action) -> frozenset[int]:
    assert isinstance(action, Declare)
    return frozenset(int(c) for c in action.shown)


def brute_force(codec: ActionCodec, state: DealState, head: int) -> set[frozenset[int]]:
    """Every set of cards the rules let the seat to act show for ``head``'s level (FT-8.3)."""
    offer = codec.rules.phase_list[-2].offers[0]
    seat = state.to_act
    assert seat is not None
    hand = sum(1 << int(c) for c in state.hand(seat))
    head_action = codec.action(head)
    assert isinstance(head_action, Declare)
    level = offer.kinds.index(head_action.kind)
    pool = cards_of(hand & (TRUMP_MASK | EXCUSE_MASK))
    return {
        frozenset(combo)
        for combo in itertools.combinations(pool, offer.show.thresholds[level])
        if offer.show.check(hand, level, combo) is None
    }


def check_choices(codec: ActionCodec, state: DealState) -> int:
    """For each legal head: the id sequences reach exactly the legal sets, one sequence each, and
    applying one records that set. Returns the number of heads."""
    seat = state.to_act
    heads = [i for i in codec.legal_ids(state) if i in codec._head_ids]
    for head in heads:
        sequences = all_sequences(codec, state, head)
        decoded = [shown(codec.decode(s)) for s in sequences]
        assert len(decoded) == len(set(decoded))  # one sequence per set
        assert set(decoded) == brute_force(codec, state, head)
        for sequence in sorted(sequences)[:5]:
            after = state
            chosen_ids: tuple[int, ...] = ()
            for i in sequence:
                assert i in codec.legal_ids(after, chosen_ids)
                after, chosen_ids = codec.step(after, i, chosen_ids)
            record: Any = after.data.declarations[-1]
            assert record.seat == seat
            assert frozenset(int(c) for c in record.shown) == shown(codec.decode(sequence))
    return len(heads)


@pytest.mark.parametrize(
    ("hand", "levels"),
    [
        ("T1-T11 1S-7S", 1),  # 11 trumps: any 10 of them (11 sets)
        ("T1-T9 EX 1S-8S", 1),  # 9 trumps and the Excuse: the one set with the Excuse
        ("T1-T13 EX 1S-4S", 2),  # simple (any 10 of 13, not the Excuse) or double (all 13)
        ("T9-T21 1S-5S", 2),
    ],
)
def test_every_legal_poignee_is_one_id_sequence(hand: str, levels: int) -> None:
    """Brute force against FT-8.3: every set of trumps the rules allow to show is reached by
    exactly one sequence of ids (head, then cards highest first), and nothing else is."""
    rules = make_rules(4)
    codec = ActionCodec(rules)
    state = setup(rules.new_deal(layout=fill_layout(4, {1: hand})), 1, Contract.GARDE_SANS)
    assert state.phase == "play" and state.to_act == 1
    assert check_choices(codec, state) == levels


@pytest.mark.parametrize("players", [3, 4, 5])
def test_poignees_in_random_deals(players: int) -> None:
    rules = make_rules(players)
    codec = ActionCodec(rules)
    rng = random.Random(players)
    found = 0
    for seed in range(3000):
        state = rules.new_deal(seed=seed)
        while not state.is_over and state.phase != "play":
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            found += check_choices(codec, state)
        if found >= 3:
            break
    assert found >= 3


def test_choice_steps_reject_with_reasons() -> None:
    rules = make_rules(4)
    codec = ActionCodec(rules)
    state = setup(
        rules.new_deal(layout=fill_layout(4, {1: "T1-T11 1S-7S"})), 1, Contract.GARDE_SANS
    )
    head = codec.id_of(Declare(DeclarationKind.SIMPLE_POIGNEE))
    state2, chosen = codec.step(state, head)
    assert state2 is state and chosen == (head,)
    # Highest first: after T11, T11 again or a higher card is refused, saying what may come.
    t11 = codec.id_of(Show(card("T11")))
    _, chosen = codec.step(state, t11, chosen)
    with pytest.raises(
        IllegalActionError, match="show one of T9 T10 \\(cards are shown highest first\\)"
    ):
        codec.step(state, t11, chosen)
    with pytest.raises(IllegalActionError, match="show one of T9 T10"):
        codec.step(state, codec.id_of(rules.parse_action("play 1S")), chosen)
    # A card is shown only after a head.
    with pytest.raises(IllegalActionError, match="after its head"):
        codec.step(state, t11)
    # The double poignée is not legal with 11 trumps.
    double = codec.id_of(Declare(DeclarationKind.DOUBLE_POIGNEE))
    with pytest.raises(IllegalActionError, match="not legal now"):
        codec.step(state, double)


def test_errors() -> None:
    rules = make_rules(4)
    codec = ActionCodec(rules)
    with pytest.raises(CodecError, match="no action has id 270: the ids of this game are 0 to 269"):
        codec.action(270)
    with pytest.raises(CodecError, match="no action has id -1"):
        codec.action(-1)
    with pytest.raises(CodecError, match="no action has id True"):
        codec.action(True)
    with pytest.raises(CodecError, match="is not an action of this game's codec"):
        ActionCodec(tarotlib.variant("belote")).id_of(rules.parse_action("play T21"))
    with pytest.raises(CodecError, match="no ids to decode"):
        codec.decode(())
    state = rules.new_deal(seed=1)
    with pytest.raises(IllegalActionError, match="expects pass or a bid"):
        codec.step(state, codec.id_of(rules.parse_action("play 1S")))
    assert codec.legal_ids(state) == codec.legal_ids(rules.new_deal(seed=1))  # nothing changed


def test_a_phase_without_action_space_is_reported() -> None:
    from tarotlib.deal._demo import demo_game
    from tarotlib.deal.phase import Phase

    class Knock(Phase[None]):
        name = "knock"

    with pytest.raises(CodecError, match="phase 'knock' \\(Knock\\) does not list its actions"):
        ActionCodec(demo_game(Knock(), players=3))
