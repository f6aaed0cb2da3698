"""The Chambéry page stays true to the code: its option table lists every option with its actual
default, every allowed value and the rules section (the approach of tests/test_docs.py)."""

from __future__ import annotations

import attrs
import pytest

from tarotlib.variants.chambery.options import OPTION_DOCS, ChamberyOptions

from support.docs import check_option_row, option_rows
from support.paths import DOCS

PAGE = "chambery.md"
NAMES = [f.name for f in attrs.fields(ChamberyOptions)]


@pytest.mark.parametrize("name", NAMES)
def test_every_option_is_in_the_table(name: str) -> None:
    check_option_row(PAGE, "## Options", ChamberyOptions, OPTION_DOCS, name)


def test_the_table_lists_only_real_options() -> None:
    assert set(option_rows(DOCS / PAGE, "## Options")) == set(NAMES) == set(OPTION_DOCS)


def test_no_link_to_the_rules_folder() -> None:
    assert "../shared" not in (DOCS / PAGE).read_text(encoding="utf-8")
