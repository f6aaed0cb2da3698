"""The rules reference in ``docs/rules/`` defines every rule id the project cites.

Code, tests, examples and documentation cite rules by section id — ``FT-4.3``, ``LO-5.4``, ``TO-9.3``,
``CH-12.4``, worked examples such as ``LO-E1`` — and French tarot's options and open questions by their
own ids (``O-13``, ``S-O3``, ``Q-6``). Each id must be an anchor ``<a id="…"></a>`` on a page of
``docs/rules/``, so that every citation resolves inside the project. The pages must also stand on their
own: no page refers to files kept outside the project.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.paths import ROOT

RULES = ROOT / "docs" / "rules"
THIS_FILE = Path(__file__).resolve()

# Where ids are cited: these folders and files (docs/rules/ itself excepted).
CITING = ("src", "tests", "examples", "docs", "README.md")
SKIPPED_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".git", "site"}

PREFIXES = ("FT", "BE", "CO", "LO", "RE", "TO", "CH")
# A section id: a game prefix, then a number with optional sub-numbers (FT-4, FT-4.3, LO-7.10) or a
# worked example (LO-E1). It must not be glued to a longer word (PRE-1, DECO-2) on its left.
SECTION_ID = re.compile(r"(?<![\w-])(?:" + "|".join(PREFIXES) + r")-(?:E\d+|\d+(?:\.\d+)*)")
# French tarot's option ids (O-13; the solo variant's S-O3) and FT-19's open questions (Q-6). Only
# these exact forms are matched: an upper-case letter, a hyphen and a number, standing alone.
OPTION_ID = re.compile(r"(?<![\w-])(?:O-\d+|S-O\d+|Q-\d+)(?![\w-])")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
# What would send a reader outside the project: its own folder of sources, or the source pages
# ("seed 000", "the seed") they were written from. A seeded shuffle and the option value
# ``seed_literal`` are the library's own.
FORBIDDEN = re.compile(r"shared/|\bseeds?\s+\d|\bthe seeds?\b|\bseed pages?\b", re.IGNORECASE)

PAGES = (
    "index.md",
    "french-tarot.md",
    "belote.md",
    "contree.md",
    "lombard-tarot.md",
    "chambery-tarot.md",
)


def citing_files() -> Iterator[Path]:
    """Every text file that may cite an id, docs/rules/ and this file excepted."""
    for name in CITING:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            if not path.is_file() or SKIPPED_DIRS & set(path.relative_to(ROOT).parts):
                continue
            if path.resolve() == THIS_FILE or RULES in path.resolve().parents:
                continue
            yield path


def ids_in(text: str) -> Iterator[str]:
    """The ids cited in a text, in order (repeats included).

    >>> list(ids_in("FT-4.3 and LO-E1; see LO-17.3–LO-17.5, O-13, S-O3 (FT-19 Q-6)."))
    ['FT-4.3', 'LO-E1', 'LO-17.3', 'LO-17.5', 'FT-19', 'O-13', 'S-O3', 'Q-6']
    >>> list(ids_in("PRE-1, DECO-2, ECHO-3, TO-DO, G-0, RE-, BIO-1, HQ-2, CO-2x"))
    ['CO-2']
    """
    yield from (m.group(0) for m in SECTION_ID.finditer(text))
    yield from (m.group(0) for m in OPTION_ID.finditer(text))


def cited_ids() -> dict[str, list[str]]:
    """Every cited id, with the places (``path:line``) that cite it."""
    cited: dict[str, list[str]] = {}
    for path in citing_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        where = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(text.splitlines(), start=1):
            for rule_id in ids_in(line):
                cited.setdefault(rule_id, []).append(f"{where}:{number}")
    return cited


def rules_pages() -> list[Path]:
    return sorted(RULES.glob("*.md"))


def anchors_of(page: Path) -> list[str]:
    return ANCHOR.findall(page.read_text(encoding="utf-8"))


def defined_ids() -> set[str]:
    return {anchor for page in rules_pages() for anchor in anchors_of(page)}


def test_ids_are_found() -> None:
    """The collection sees the project's citations (a broken walk would pass everything)."""
    cited = cited_ids()
    for rule_id in ("FT-4", "BE-1", "LO-5.4", "TO-34.1", "CH-12.4", "LO-E1", "O-13"):
        assert rule_id in cited, f"{rule_id} is cited in the code but was not collected"


def test_every_cited_id_has_an_anchor() -> None:
    cited = cited_ids()
    missing = sorted(set(cited) - defined_ids(), key=_id_order)
    lines = []
    for rule_id in missing:
        places = cited[rule_id]
        more = f" and {len(places) - 3} more" if len(places) > 3 else ""
        lines.append(f"  {rule_id}: cited in {', '.join(places[:3])}{more}")
    assert not missing, (
        f'{len(missing)} id(s) cited but with no <a id="…"></a> anchor in docs/rules/*.md:\n'
        + "\n".join(lines)
    )


def test_the_rules_pages_exist() -> None:
    present = {page.name for page in rules_pages()}
    missing = [name for name in PAGES if name not in present]
    assert not missing, "docs/rules/ lacks: " + ", ".join(missing)


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.name)
def test_no_duplicate_anchors(page: Path) -> None:
    counts = Counter(anchors_of(page))
    twice = sorted(anchor for anchor, count in counts.items() if count > 1)
    assert not twice, f"{page.name}: anchors defined more than once: {', '.join(twice)}"


@pytest.mark.parametrize("page", rules_pages(), ids=lambda page: page.name)
def test_the_page_stands_on_its_own(page: Path) -> None:
    """No rules page points at files outside the project, nor at the material it was written from."""
    bad = [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1)
        if FORBIDDEN.search(line)
    ]
    assert not bad, f"{page.name} refers to outside material:\n" + "\n".join(bad)


def test_the_index_links_every_rules_page() -> None:
    index = (RULES / "index.md").read_text(encoding="utf-8")
    unlinked = [name for name in PAGES if name != "index.md" and f"]({name})" not in index]
    assert not unlinked, "docs/rules/index.md does not link: " + ", ".join(unlinked)


def _id_order(rule_id: str) -> tuple[str, tuple[int, ...], str]:
    """Sort ids by prefix, then numerically (FT-2 before FT-10)."""
    prefix, _, rest = rule_id.rpartition("-")
    numbers = tuple(int(part) for part in re.findall(r"\d+", rest))
    return prefix, numbers, rest
