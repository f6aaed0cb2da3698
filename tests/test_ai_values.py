"""States are values (issue item "cheap copies"): copying returns the state itself, and a
state's pickle is the same bytes in every run (whatever the hash seed), so pickles can be
stored, compared and sent to other processes."""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from test_ai_codec import CONFIGS

import tarotlib

SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
import tarotlib
from test_ai_values import digests
print(" ".join(digests()))
"""


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


def test_pickles_are_the_same_bytes_in_every_run() -> None:
    here = digests()
    tests = str(Path(__file__).resolve().parent)
    src = str(Path(tarotlib.__file__).resolve().parent.parent)
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": src}
        run = subprocess.run(
            [sys.executable, "-c", SCRIPT.format(tests=tests)],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        assert run.stdout.split() == here
