"""tarotlib.testing keeps hand-written name lists (so that Hypothesis loads lazily); they must stay
in step with the submodules they re-export."""

from __future__ import annotations

import subprocess
import sys

import tarotlib.testing as testing
from tarotlib.testing import generic, invariants, play, stateful, strategies

TYPE_ALIASES = {"Candidates", "Chooser", "RulesLike"}


def test_lazy_strategy_names_match_the_strategies_module() -> None:
    # (random play is plain Python: tarotlib.testing.play, re-exported by the strategies)
    assert set(strategies.__all__) - TYPE_ALIASES - set(play.__all__) == testing._STRATEGIES


def test_lazy_names_come_from_the_modules_that_need_hypothesis() -> None:
    assert set(testing._LAZY) == testing._STRATEGIES | set(stateful.__all__)
    for name, module in testing._LAZY.items():
        assert getattr(testing, name) is getattr(sys.modules[module], name)


def test_invariants_re_export_the_generic_checkers() -> None:
    assert set(generic.__all__) <= set(invariants.__all__)


def test_package_exports_every_checker_strategy_and_machine() -> None:
    expected = set(invariants.__all__) | set(testing._LAZY) | (set(play.__all__) - TYPE_ALIASES)
    assert set(testing.__all__) == expected
    for name in testing.__all__:
        assert getattr(testing, name) is not None


def test_importing_the_kit_does_not_import_hypothesis() -> None:
    code = (
        "import sys, tarotlib, tarotlib.testing, tarotlib.testing.generic\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n"
        "from tarotlib.testing import check_deal, check_state\n"
        "assert 'hypothesis' not in sys.modules, 'hypothesis imported by a checker'\n"
        "from tarotlib.testing import VariantMachine\n"
        "assert 'hypothesis' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_strategies_import_first_does_not_trip_over_the_hypothesis_plugin() -> None:
    """Hypothesis loads tarotlib's entry point while it is itself being imported, possibly from
    ``import tarotlib.testing.strategies``: the plugin must not need that module to be complete."""
    code = (
        "import tarotlib.testing.strategies\n"
        "from hypothesis import given, strategies as st\n"
        "from tarotlib.core.cards import Card\n"
        "@given(st.from_type(Card))\n"
        "def test(card):\n"
        "    assert isinstance(card, Card)\n"
        "test()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
