"""docs/ai-ids-and-tensors.md: its generated tables are the code's (``python
tests/support/ai_docs_tables.py`` prints them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import ai_docs_tables as tables
from support.paths import DOCS

PAGE = DOCS / "ai-ids-and-tensors.md"
AI_PAGES = sorted(DOCS.glob("ai*.md"))


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


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a Markdown page."""
    blocks: list[str] = []
    current: list[str] = []
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if not inside and line.strip() == "```python":
            inside, current = True, []
        elif inside and line.strip() == "```":
            if not current or not current[0].startswith(">>>"):  # doctests run as doctests
                blocks.append("\n".join(current))
            inside = False
        elif inside:
            current.append(line)
    return blocks


#: The AI pages with examples that are not doctests (the doctests run with the suite's doctests).
EXAMPLE_PAGES = [page for page in AI_PAGES if python_blocks(page)]


def test_every_ai_page_has_examples() -> None:
    for page in AI_PAGES:
        text = page.read_text(encoding="utf-8")
        assert page in EXAMPLE_PAGES or "```python\n>>> " in text, f"{page.name}: no example"
    assert len(EXAMPLE_PAGES) >= 4


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=[p.name for p in EXAMPLE_PAGES])
def test_the_ai_pages_examples_run(page: Path) -> None:
    """Every ```python example of the AI pages runs as written (each block after the previous
    ones of its page, as a reader would run them)."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), namespace)
