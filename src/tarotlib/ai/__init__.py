"""What bots and AI research need, for every game on the deal machine.

- :func:`sample_world`: the card sampler (determinization): a full deal consistent with
  everything a seat knows and nothing else, exactly uniform (:mod:`tarotlib.ai.sampler`);
- :func:`position`: such a deal from what one seat knows, its hand and the actions it saw
  (:mod:`tarotlib.ai.positions`);
- :class:`ActionCodec` and :class:`Node`: a fixed, versioned id for every action
  (:mod:`tarotlib.ai.codec`);
- :func:`solve` and :func:`card_values`: an exact play solver, every hand known: the value of
  the rest of a deal, its best line and the value of each legal card (:mod:`tarotlib.ai.solver`);
- :func:`analyse`: the analysis of a played deal, the value of each card played against the best
  one and what each mistake cost (:mod:`tarotlib.ai.analysis`, ``tarotlib analyse``);
- :func:`playout`, :func:`playouts`, :func:`play_to_end`: fast play-outs
  (:mod:`tarotlib.ai.playout`), their plain cards played by a compiled kernel where it was built
  (:data:`COMPILED`);
- with numpy (``tarotlib[ai]``): :mod:`tarotlib.ai.tensors` (observation and information-state
  tensors) and :mod:`tarotlib.ai.dataset` (records to training arrays);
- :mod:`tarotlib.ai.openspiel` (``tarotlib[openspiel]``) and :mod:`tarotlib.ai.pettingzoo`
  (``tarotlib[pettingzoo]``): every game as an OpenSpiel game and as a PettingZoo environment.

Importing :mod:`tarotlib.ai` imports none of numpy, OpenSpiel or PettingZoo.

>>> import random, tarotlib
>>> from tarotlib.ai import ActionCodec, playout, sample_world
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> world = sample_world(state, 1, random.Random(0))
>>> world.observation(1) == state.observation(1)
True
>>> ActionCodec(state.rules).legal_ids(state)
(0, 1)
>>> len(playout(world, rng=random.Random(1)).scores)
4
"""

from tarotlib.ai.analysis import DealAnalysis, analyse
from tarotlib.ai.codec import CODEC_VERSION, ActionCodec, CodecError, Node, Show
from tarotlib.ai.playout import (
    COMPILED,
    CardPolicy,
    Policy,
    RandomPolicy,
    play_to_end,
    playout,
    playouts,
)
from tarotlib.ai.positions import position
from tarotlib.ai.sampler import consistent_worlds, sample_world
from tarotlib.ai.solver import Solution, SolverError, card_values, solve

__all__ = [
    "CODEC_VERSION",
    "COMPILED",
    "ActionCodec",
    "CardPolicy",
    "CodecError",
    "DealAnalysis",
    "Node",
    "Policy",
    "RandomPolicy",
    "Show",
    "Solution",
    "SolverError",
    "analyse",
    "card_values",
    "consistent_worlds",
    "play_to_end",
    "playout",
    "playouts",
    "position",
    "sample_world",
    "solve",
]
