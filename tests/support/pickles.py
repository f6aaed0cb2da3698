"""Digests of the pickles of states in every configuration (the same in every process)."""

from __future__ import annotations

import copy
import hashlib
import pickle
import random
from typing import Any

import tarotlib

from support.configs import CONFIGS


def digests() -> list[str]:
    """A digest of the pickle of a state 20 random actions into a deal, in every configuration."""
    out = []
    for name, options in CONFIGS:
        rules: Any = tarotlib.variant(name, **options)
        rng = random.Random(1)
        state = rules.new_deal(seed=1)
        for _ in range(20):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        assert copy.copy(state) is state and copy.deepcopy(state) is state
        assert pickle.loads(pickle.dumps(state)) == state
        out.append(hashlib.sha256(pickle.dumps(state)).hexdigest())
    return out
