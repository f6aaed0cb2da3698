"""The Tarocc'Ombre page (docs/tarocco-ombre.md): its option table matches the code (the approach
of tests/test_docs.py), its examples run, and it never links to the rules sources."""

from __future__ import annotations

import doctest
import re

import attrs
import pytest

from tarotlib.variants.lombard.ombre import OPTION_DOCS, OmbreOptions

from support.docs import check_option_row, option_rows
from support.paths import DOCS

PAGE = DOCS / "tarocco-ombre.md"
HEADING = "## Options"
FIELDS = [f.name for f in attrs.fields(OmbreOptions) if f.name != "game"]


@pytest.mark.parametrize("name", FIELDS)
def test_every_option_is_in_the_table(name: str) -> None:
    check_option_row(PAGE.name, HEADING, OmbreOptions, OPTION_DOCS, name)


def test_the_table_lists_only_real_options() -> None:
    assert set(option_rows(PAGE, HEADING)) == set(FIELDS) == set(OPTION_DOCS)


def test_no_link_to_the_rules_sources() -> None:
    assert "../shared/" not in PAGE.read_text(encoding="utf-8")


def test_the_page_examples_run() -> None:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"tarocco-ombre.md[{i}]", str(PAGE), 0)
        test.globs = globs  # the page's blocks share their names, as in a session
        runner.run(test, clear_globs=False)
    assert runner.failures == 0
