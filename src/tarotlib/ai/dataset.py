"""Training data from game records: (observation tensor, mask, action, return) arrays.

Needs numpy (``pip install -e '.[ai]'``). :func:`records_to_arrays` replays each record
(:class:`~tarotlib.records.GameRecord`, or its JSON text: e.g. the records that
:func:`~tarotlib.records.read_records` reads from the directory ``tarotlib simulate --records
DIR`` writes) and turns every decision of every seat into one row:
the acting seat's observation (or information-state) tensor, the legal-id mask, the id chosen
and the seat's score for the deal. A set-valued declaration (a poignée) gives one row per step
of its id sequence (:mod:`tarotlib.ai.codec`).

>>> import random, tarotlib
>>> from tarotlib.records import GameRecord
>>> from tarotlib.ai import ActionCodec
>>> from tarotlib.ai.tensors import TensorEncoder
>>> rules = tarotlib.variant("belote")
>>> state, rng = rules.new_deal(seed=3), random.Random(3)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> data = records_to_arrays([GameRecord.from_state(state)], TensorEncoder(ActionCodec(rules)))
>>> data.observations.shape[0] == len(state.history), data.masks.dtype, data.actions.dtype
(True, dtype('int8'), dtype('int64'))
>>> bool((data.masks[range(len(data)), data.actions] == 1).all())   # each action was legal
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from tarotlib._optional import missing

try:
    import numpy as np
except ImportError as exc:
    raise missing("tarotlib.ai.dataset", "numpy", "ai") from exc

from tarotlib.ai.tensors import TensorEncoder
from tarotlib.errors import RecordError
from tarotlib.records import GameRecord, SeedDeal

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Arrays", "records_to_arrays"]


@attrs.frozen(eq=False)
class Arrays:
    """One row per decision: ``observations`` (rows × tensor size, float32), ``masks`` (rows ×
    ``codec.size``, int8), ``actions`` (the id chosen, int64), ``returns`` (the acting seat's
    score for the deal, float32), ``seats`` (the acting seat) and ``deals`` (the record's index),
    int64.

    >>> import numpy as np
    >>> empty = Arrays(np.zeros((0, 3), np.float32), np.zeros((0, 2), np.int8),
    ...                *(np.zeros(0, t) for t in (np.int64, np.float32, np.int64, np.int64)))
    >>> len(empty)
    0
    """

    observations: NDArray[np.float32]
    masks: NDArray[np.int8]
    actions: NDArray[np.int64]
    returns: NDArray[np.float32]
    seats: NDArray[np.int64]
    deals: NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.actions.shape[0])


def records_to_arrays(
    records: Iterable[GameRecord | str | bytes],
    encoder: TensorEncoder,
    *,
    information_state: bool = False,
) -> Arrays:
    """The rows of every decision in ``records`` (records of ``encoder``'s game, or their JSON
    texts), with observation tensors, or information-state tensors with ``information_state``.
    Raises :class:`~tarotlib.errors.RecordError` for a record of another game or one that does
    not replay.

    >>> import tarotlib
    >>> from tarotlib.ai import ActionCodec
    >>> records_to_arrays(["[]"], TensorEncoder(ActionCodec(tarotlib.variant("belote"))))
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: record 0: a record must be a JSON object, got a list
    """
    codec = encoder.codec
    tensor = encoder.information_state if information_state else encoder.observation
    observations: list[Any] = []
    masks: list[bytearray] = []
    actions: list[int] = []
    returns: list[float] = []
    seats: list[int] = []
    deals: list[int] = []
    expected = codec.rules.options_dict()
    for index, item in enumerate(records):
        try:
            record = item if isinstance(item, GameRecord) else GameRecord.loads(item)
        except RecordError as exc:
            raise RecordError(f"record {index}: {exc}") from None
        rules: Any = record.rules()
        if rules.name != codec.rules.name or rules.options_dict() != expected:
            raise RecordError(
                f"record {index} is a deal of {rules.name} {dict(rules.options_dict())}, "
                f"not of the encoder's {codec.rules.name} {dict(expected)}"
            )
        final = record.replay()
        if not final.is_over:
            raise RecordError(f"record {index}: the deal is not over; a return needs its score")
        scores = final.result.scores
        state: Any = rules.new_deal(**_start(record))  # the replay's start, step by step
        for action in final.history:
            seat = state.to_act
            chosen: tuple[int, ...] = ()
            for id in codec.encode(action):
                observations.append(tensor(state, seat, chosen))
                masks.append(codec.mask(state, chosen))
                actions.append(id)
                returns.append(float(scores[seat]))
                seats.append(seat)
                deals.append(index)
                state, chosen = codec.step(state, id, chosen)
    width = encoder.information_state_shape if information_state else encoder.observation_shape
    return Arrays(
        np.stack(observations) if observations else np.zeros((0, *width), np.float32),
        np.frombuffer(b"".join(masks), np.int8).reshape(len(masks), codec.size).copy(),
        np.array(actions, np.int64),
        np.array(returns, np.float32),
        np.array(seats, np.int64),
        np.array(deals, np.int64),
    )


def _start(record: GameRecord) -> dict[str, Any]:
    start: dict[str, Any] = {"facts": dict(record.facts)} if record.facts else {}
    if isinstance(record.deal, SeedDeal):
        return {**start, "seed": record.deal.seed, "dealer": record.deal.dealer}
    return {**start, "layout": record.deal}
