"""Tools for players that search: the card sampler (:func:`sample_world`).

A seat's observation hides the other hands; a search (Monte Carlo, ISMCTS, ...) plays on
*determinizations*: full deal states that agree with everything the seat has seen.
:func:`sample_world` draws one, exactly uniformly over the consistent worlds
(:mod:`tarotlib.ai.sampler`).

>>> import random, tarotlib
>>> from tarotlib.ai import sample_world
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> world = sample_world(state, 1, random.Random(0))
>>> world.observation(1) == state.observation(1)
True
"""

from tarotlib.ai.codec import CODEC_VERSION, ActionCodec, CodecError, Node, Show
from tarotlib.ai.playout import CardPolicy, Policy, RandomPolicy, play_to_end, playout, playouts
from tarotlib.ai.sampler import consistent_worlds, sample_world

__all__ = [
    "CODEC_VERSION",
    "ActionCodec",
    "CardPolicy",
    "CodecError",
    "Node",
    "Policy",
    "RandomPolicy",
    "Show",
    "consistent_worlds",
    "play_to_end",
    "playout",
    "playouts",
    "sample_world",
]
