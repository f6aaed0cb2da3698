"""The Contrée page stays true to the code: its option table lists every option with its actual
default, every allowed value and the rules section (the approach of tests/test_docs.py); every
option refused as not implemented yet says so on the page."""

from __future__ import annotations

import attrs
import pytest

from tarotlib.variants.belote.contree.options import NOT_IMPLEMENTED, OPTION_DOCS, ContreeOptions

from support.docs import check_option_row, option_rows
from support.paths import DOCS

PAGE = "contree.md"
HEADING = "## Options and presets (CO-11)"
NAMES = [f.name for f in attrs.fields(ContreeOptions)]


@pytest.mark.parametrize("name", NAMES)
def test_every_option_is_in_the_table(name: str) -> None:
    check_option_row(PAGE, HEADING, ContreeOptions, OPTION_DOCS, name)


def test_the_table_lists_only_real_options() -> None:
    assert set(option_rows(DOCS / PAGE, HEADING)) == set(NAMES) == set(OPTION_DOCS)


def test_the_page_marks_exactly_the_options_not_implemented() -> None:
    rows = option_rows(DOCS / PAGE, HEADING)
    marked = {name for name, cells in rows.items() if "not implemented yet" in cells[2]}
    assert marked == set(NOT_IMPLEMENTED)


def test_no_link_to_the_rules_folder() -> None:
    assert "../shared" not in (DOCS / PAGE).read_text(encoding="utf-8")
