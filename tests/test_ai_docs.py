"""docs/ai-ids-and-tensors.md: its generated tables are the code's (``python
tests/ai_docs_tables.py`` prints them)."""

from __future__ import annotations

from pathlib import Path

import ai_docs_tables as tables

PAGE = Path(__file__).resolve().parent.parent / "docs" / "ai-ids-and-tensors.md"


def block(name: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split(f"<!-- {name}:begin -->\n")[1].split(f"<!-- {name}:end -->")[0]


def test_the_id_layouts_are_the_codecs() -> None:
    assert block("ids") == tables.ids_table()


def test_the_tensor_sizes_are_the_encoders() -> None:
    assert block("tensors") == tables.tensors_table()


def test_the_tables_cover_every_game() -> None:
    import tarotlib

    assert {name for name, _ in tables.CONFIGS} == set(tarotlib.variant_names())
