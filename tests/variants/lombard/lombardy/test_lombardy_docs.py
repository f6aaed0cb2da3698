"""The Lombardy and Reseghino pages stay true to the code: their option tables list every option
with its actual default, every allowed value and the rules section (the approach of
tests/test_docs.py)."""

from __future__ import annotations

import attrs
import pytest

from tarotlib.variants.lombard.lombardy.options import (
    LOMBARDY_OPTION_DOCS,
    RESEGHINO_OPTION_DOCS,
    LombardyOptions,
    ReseghinoOptions,
)

from support.docs import check_option_row, option_rows
from support.paths import DOCS

PAGES = {
    "lombardy.md": (LombardyOptions, LOMBARDY_OPTION_DOCS),
    "reseghino.md": (ReseghinoOptions, RESEGHINO_OPTION_DOCS),
}


CASES = [(page, f.name) for page, (cls, _) in PAGES.items() for f in attrs.fields(cls)]


@pytest.mark.parametrize(("page", "name"), CASES)
def test_every_option_is_in_the_table(page: str, name: str) -> None:
    cls, option_docs = PAGES[page]
    check_option_row(page, "## Options", cls, option_docs, name)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_table_lists_only_real_options(page: str) -> None:
    cls, option_docs = PAGES[page]
    fields = {f.name for f in attrs.fields(cls)}
    assert set(option_rows(DOCS / page, "## Options")) == fields == set(option_docs)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_no_link_to_the_rules_folder(page: str) -> None:
    assert "../shared" not in (DOCS / page).read_text(encoding="utf-8")
