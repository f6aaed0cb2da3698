"""tarotlib.testing keeps hand-written name lists (so that Hypothesis loads lazily); they must stay
in step with the submodules they re-export."""

from __future__ import annotations

import tarotlib.testing as testing
from tarotlib.testing import invariants, strategies


def test_lazy_strategy_names_match_the_strategies_module() -> None:
    assert set(strategies.__all__) - {"Chooser"} == testing._STRATEGIES


def test_package_exports_every_checker_and_strategy() -> None:
    expected = set(invariants.__all__) | testing._STRATEGIES
    assert set(testing.__all__) == expected
    for name in testing.__all__:
        assert getattr(testing, name) is not None
