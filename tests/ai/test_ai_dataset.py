"""Records to training arrays (tarotlib.ai.dataset): one row per decision (per id step), each
action legal under its mask, the observation the seat had, the seat's score as the return."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tarotlib
from tarotlib.ai import ActionCodec, Node
from tarotlib.ai.dataset import records_to_arrays
from tarotlib.ai.tensors import TensorEncoder
from tarotlib.errors import RecordError
from tarotlib.records import GameRecord
from tarotlib.variants.french_tarot import Contract

from support.configs import CONFIGS, IDS
from support.french_tarot import fill_layout, make_rules, setup


def played(rules: Any, seed: int, by_ids: ActionCodec | None = None) -> Any:
    rng = random.Random(seed)
    if by_ids is None:
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        return state
    node = Node.root(by_ids, rules.new_deal(seed=seed))
    while not node.is_over:
        node = node.apply(rng.choice(node.legal_ids()))
    return node.state


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_rows_are_the_decisions(name: str, options: dict[str, Any]) -> None:
    rules: Any = tarotlib.variant(name, **options)
    codec = ActionCodec(rules)
    encoder = TensorEncoder(codec)
    finals = [played(rules, seed, codec) for seed in range(3)]
    texts = [GameRecord.from_state(final).dumps() for final in finals]
    data = records_to_arrays(texts, encoder)
    rows = sum(len(codec.encode(a)) for final in finals for a in final.history)
    assert len(data) == rows == data.observations.shape[0] == data.masks.shape[0]
    assert data.observations.shape[1:] == encoder.observation_shape
    assert (data.masks[np.arange(rows), data.actions] == 1).all()
    assert set(data.deals.tolist()) <= {0, 1, 2}
    # Replaying the rows' actions in order gives the same deals, and each row is what the
    # acting seat saw then.
    row = 0
    for index, final in enumerate(finals):
        node = Node.root(codec, rules.new_deal(seed=index))
        while not node.is_over:
            seat = node.to_act
            assert seat is not None
            assert data.seats[row] == seat and data.deals[row] == index
            assert (
                data.observations[row] == encoder.observation(node.state, seat, node.chosen)
            ).all()
            assert data.returns[row] == final.result.scores[seat]
            node = node.apply(int(data.actions[row]))
            row += 1
        assert node.state.history == final.history
    assert row == rows


def test_information_state_rows_and_poignee_steps() -> None:
    """A poignée is one row per step (its head, then each card shown), all by the same seat."""
    rules: Any = make_rules(4)
    codec = ActionCodec(rules)
    encoder = TensorEncoder(codec)
    rng = random.Random(5)
    state = setup(
        rules.new_deal(layout=fill_layout(4, {1: "T1-T13 1S-5S"})), 1, Contract.GARDE_SANS
    )
    node = Node.root(codec, state)
    while not node.is_over:
        legal = node.legal_ids()
        heads = [i for i in legal if i in codec._head_ids]
        node = node.apply(heads[0] if heads else rng.choice(legal))
    final = node.state
    data = records_to_arrays([GameRecord.from_state(final)], encoder, information_state=True)
    assert data.observations.shape[1:] == encoder.information_state_shape
    steps = [len(codec.encode(a)) for a in final.history]
    assert len(data) == sum(steps) and max(steps) == 11  # the head and ten trumps
    first = next(i for i, a in enumerate(data.actions.tolist()) if a in codec._head_ids)
    assert data.seats[first : first + 11].tolist() == [1] * 11
    chosen = encoder.section("chosen")
    assert [int(data.observations[first + j, chosen].sum()) for j in range(11)] == list(range(11))


def test_bad_records_are_refused() -> None:
    rules: Any = tarotlib.variant("french-tarot", players=4)
    encoder = TensorEncoder(ActionCodec(rules))
    other = GameRecord.from_state(played(tarotlib.variant("belote"), 1))
    with pytest.raises(RecordError, match="record 0 is a deal of belote"):
        records_to_arrays([other], encoder)
    unfinished = GameRecord.from_state(rules.new_deal(seed=1).apply(rules.parse_action("pass")))
    with pytest.raises(RecordError, match="record 0: the deal is not over"):
        records_to_arrays([unfinished], encoder)
    with pytest.raises(RecordError, match="record 1: "):
        records_to_arrays([GameRecord.from_state(played(rules, 2)), "not json"], encoder)
    assert len(records_to_arrays([], encoder)) == 0
