"""States are values (issue item "cheap copies"): copying returns the state itself, and a
state's pickle is the same bytes in every run (whatever the hash seed), so pickles can be
stored, compared and sent to other processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tarotlib

from support.paths import TESTS
from support.pickles import digests

SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
import tarotlib
from support.pickles import digests
print(" ".join(digests()))
"""


def test_pickles_are_the_same_bytes_in_every_run() -> None:
    here = digests()
    tests = str(TESTS)
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
