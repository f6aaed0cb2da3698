"""The Tarocc'Ombre page (docs/tarocco-ombre.md): its option table matches the code (the approach
of tests/test_docs.py), its examples run, and it never links to the rules sources."""

from __future__ import annotations

import doctest
import re
import typing
from pathlib import Path

import attrs
import pytest

from tarotlib.variants.lombard.ombre import OPTION_DOCS, OmbreOptions

PAGE = Path(__file__).resolve().parent.parent / "docs" / "tarocco-ombre.md"
HEADING = "## Options"
FIELDS = [f.name for f in attrs.fields(OmbreOptions) if f.name != "game"]


def rows() -> dict[str, list[str]]:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADING)
    out: dict[str, list[str]] = {}
    for line in lines[start + 1 :]:
        if line.startswith("## "):
            break
        match = re.match(r"\|\s*`(\w+)`", line)
        if match:
            out[match.group(1)] = [c.strip() for c in line.strip().strip("|").split("|")]
    return out


@pytest.mark.parametrize("name", FIELDS)
def test_every_option_is_in_the_table(name: str) -> None:
    table = rows()
    assert name in table, f"option {name} is missing from the options table"
    _, default, alternatives, rule = table[name]
    field = attrs.fields_dict(OmbreOptions)[name]
    assert default.startswith(f"`{field.default}`"), f"{name}: documented default {default!r}"
    hint = typing.get_type_hints(OmbreOptions)[name]
    values: tuple[object, ...] = ()
    if typing.get_origin(hint) is typing.Literal:
        values = typing.get_args(hint)
    elif hint is bool:
        values = (True, False)
    for value in values:
        assert f"`{value}`" in f"{default} {alternatives}", f"{name}: {value!r} not documented"
    assert OPTION_DOCS[name][1] in rule, f"{name}: the table cites {rule!r}"


def test_the_table_lists_only_real_options() -> None:
    assert set(rows()) == set(FIELDS) == set(OPTION_DOCS)


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
