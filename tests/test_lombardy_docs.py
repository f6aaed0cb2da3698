"""The Lombardy and Reseghino pages stay true to the code: their option tables list every option
with its actual default, every allowed value and the rules section (the approach of
tests/test_docs.py)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import attrs
import pytest

from tarotlib.variants.lombard.lombardy.options import (
    LOMBARDY_OPTION_DOCS,
    RESEGHINO_OPTION_DOCS,
    LombardyOptions,
    ReseghinoOptions,
)

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = {
    "lombardy.md": (LombardyOptions, LOMBARDY_OPTION_DOCS),
    "reseghino.md": (ReseghinoOptions, RESEGHINO_OPTION_DOCS),
}


def option_rows(page: str) -> dict[str, list[str]]:
    """The rows of the page's ``## Options`` table: option name -> cells."""
    text = (DOCS / page).read_text(encoding="utf-8")
    body = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in body.splitlines():
        match = re.match(r"\|\s*`(\w+)`", line)
        if match:
            rows[match.group(1)] = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return rows


CASES = [(page, f.name) for page, (cls, _) in PAGES.items() for f in attrs.fields(cls)]


@pytest.mark.parametrize(("page", "name"), CASES)
def test_every_option_is_in_the_table(page: str, name: str) -> None:
    cls, option_docs = PAGES[page]
    rows = option_rows(page)
    assert name in rows, f"option {name} is missing from the options table of {page}"
    _, default, alternatives, rule = rows[name]
    field = attrs.fields_dict(cls)[name]
    assert default.startswith(f"`{field.default}`"), f"{name}: documented {default!r}"
    hint = typing.get_type_hints(cls)[name]
    values: tuple[object, ...] = ()
    if typing.get_origin(hint) is typing.Literal:
        values = typing.get_args(hint)
    elif hint is bool:
        values = (True, False)
    for value in values:
        assert f"`{value}`" in f"{default} {alternatives}", f"{name}: {value!r} not documented"
    assert option_docs[name][1] in rule, f"{name}: the table cites {rule!r}"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_table_lists_only_real_options(page: str) -> None:
    cls, option_docs = PAGES[page]
    fields = {f.name for f in attrs.fields(cls)}
    assert set(option_rows(page)) == fields == set(option_docs)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_no_link_to_the_rules_folder(page: str) -> None:
    assert "../shared" not in (DOCS / page).read_text(encoding="utf-8")
