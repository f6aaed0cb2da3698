"""An optional dependency that is missing gets one message naming the module that needs it and
the extra that installs it; everything that does not need it works without it (``import
tarotlib``, ``tarotlib.ai``, ``tarotlib.testing``'s checkers and random play, the custom-variant
example). Each case runs in a fresh interpreter in which the packages are made unimportable."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from support.paths import EXAMPLES

BLOCK = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None  # import name raises ModuleNotFoundError
"""

CASES = [
    ("tarotlib.ai.tensors", ["numpy"], "numpy", "ai"),
    ("tarotlib.ai.dataset", ["numpy"], "numpy", "ai"),
    ("tarotlib.ai.pettingzoo", ["pettingzoo", "gymnasium"], "PettingZoo", "pettingzoo"),
    ("tarotlib.ai.openspiel", ["pyspiel"], "OpenSpiel", "openspiel"),
    ("tarotlib.ai.ismcts", ["pyspiel"], "OpenSpiel", "openspiel"),
    ("tarotlib.testing.strategies", ["hypothesis"], "Hypothesis", "test"),
    ("tarotlib.testing.stateful", ["hypothesis"], "Hypothesis", "test"),
]
ALL_OPTIONAL = ["numpy", "pettingzoo", "gymnasium", "pyspiel", "hypothesis", "distributed", "dask"]


def run(blocked: list[str], code: str) -> subprocess.CompletedProcess[str]:
    script = BLOCK.format(blocked=blocked) + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(("module", "blocked", "package", "extra"), CASES)
def test_a_missing_dependency_names_the_extra(
    module: str, blocked: list[str], package: str, extra: str
) -> None:
    done = run(
        blocked,
        f"""
        try:
            import {module}
        except ModuleNotFoundError as exc:
            print(exc)
        else:
            print("imported")
        """,
    )
    assert done.returncode == 0, done.stderr
    message = done.stdout.strip()
    assert message.startswith(f"{module} needs {package}, which is not installed"), message
    assert f"pip install -e '.[{extra}]'" in message


def test_what_needs_no_optional_dependency_works_without_them() -> None:
    done = run(
        ALL_OPTIONAL,
        """
        import tarotlib, tarotlib.ai, tarotlib.testing
        from tarotlib.testing import check_state, random_play, single_bid_auctions
        rules = tarotlib.variant("french-tarot", players=4)
        end, actions = random_play(rules.new_deal(seed=5), 5, on_step=check_state,
                                   candidates=single_bid_auctions)
        print(end.is_over, len(actions) == len(end.history))
        try:
            tarotlib.testing.VariantMachine
        except ModuleNotFoundError as exc:
            print(str(exc).split(",")[0])
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "True True",
        "tarotlib.testing.stateful needs Hypothesis",
    ]


def test_the_custom_variant_example_runs_without_hypothesis() -> None:
    done = run(
        ALL_OPTIONAL,
        f"""
        import runpy
        runpy.run_path({str(EXAMPLES / "custom_variant.py")!r})["main"](deals=20)
        """,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1:] == [
        "checked: 50 random deals step by step",
        "the state machine needs Hypothesis: pip install -e '.[test]' in a checkout",
    ]
