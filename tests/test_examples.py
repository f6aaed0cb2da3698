"""Every script in examples/ runs and does what it says (its own assertions included)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tarotlib import variant_names
from tarotlib.registry import unregister

from support import paths

EXAMPLES = sorted(paths.EXAMPLES.glob("*.py"))


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_examples() -> None:
    assert {p.name for p in EXAMPLES} >= {"play_deal.py", "score_keeper.py"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = set(variant_names())
    try:
        module = _load(path)
        result = module.main()
        assert result is not None
        assert capsys.readouterr().out.strip()
    finally:  # an example that registers a game (custom_variant.py) leaves the registry as it was
        for name in set(variant_names()) - before:
            unregister(name)
