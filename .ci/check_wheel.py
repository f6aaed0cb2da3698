"""The installed wheel works as a user gets it (run by CI with the Python of a fresh environment in
which only the wheel was installed, from outside the checkout): the package is the installed
copy, with its typing marker and stubs; the compiled part is either built and in use or cleanly
absent; every game deals and plays to the end; the command line runs."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import tarotlib
import tarotlib.ai
from tarotlib.registry import variant_names

checkout = Path(sys.argv[1]).resolve()
package = Path(tarotlib.__file__).resolve().parent
assert "site-packages" in package.parts, f"not the installed copy: {package}"
assert checkout / "src" not in package.parents, f"imported from the checkout: {package}"
assert (package / "py.typed").is_file(), "py.typed is missing from the wheel"
assert (package / "_speedups.pyi").is_file(), "_speedups.pyi is missing from the wheel"
built = list(package.glob("_speedups*.so")) + list(package.glob("_speedups*.pyd"))
assert bool(built) == tarotlib.ai.COMPILED, (tarotlib.ai.COMPILED, built)
for name in variant_names():
    rules = tarotlib.variant(name)
    state, rng = rules.new_deal(seed=1), random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.result.scores) == rules.players, name
run = subprocess.run(
    [
        Path(sys.executable).with_name("tarotlib"),
        "simulate",
        "belote",
        "--deals",
        "20",
        "--seed",
        "1",
    ],
    capture_output=True,
    text=True,
    check=True,
)
assert "20" in run.stdout, run.stdout
print(
    f"wheel ok: tarotlib {tarotlib.__version__} from {package}, compiled part "
    f"{'built' if built else 'absent'}, {len(variant_names())} games played"
)
