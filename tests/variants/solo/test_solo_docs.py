"""The French Tarot solo's documentation stays true to the code: its option table lists every
option with its actual default, every allowed value and the rules section (the function of
tests/test_docs.py that the other games' pages use)."""

from __future__ import annotations

import attrs
import pytest

from tarotlib.variants.french_tarot.solo.options import SOLO_OPTION_DOCS, SoloOptions

from support.docs import check_option_row, option_rows
from support.paths import DOCS

PAGE = "french-tarot-solo.md"
HEADING = "## Options (FT-20)"


@pytest.mark.parametrize("name", [f.name for f in attrs.fields(SoloOptions)])
def test_every_option_is_in_the_table(name: str) -> None:
    check_option_row(PAGE, HEADING, SoloOptions, SOLO_OPTION_DOCS, name)


def test_the_table_lists_only_real_options() -> None:
    fields = {f.name for f in attrs.fields(SoloOptions)}
    assert set(option_rows(DOCS / PAGE, HEADING)) == fields == set(SOLO_OPTION_DOCS)


def test_every_option_cites_its_solo_label() -> None:
    rows = option_rows(DOCS / PAGE, HEADING)
    for name, (description, _) in SOLO_OPTION_DOCS.items():
        label = description.split(":")[0]
        assert f"({label})" in rows[name][0], f"{name} should be labelled {label}"
