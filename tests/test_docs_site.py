"""The documentation site: MkDocs builds it from ``docs/`` without a single warning, its API
reference (generated from the docstrings by mkdocstrings) covers every public module and name, every
page of ``docs/`` is in the nav, and every public class, function and method has a docstring with a
``>>>`` example (which pytest runs as a doctest, ``--doctest-modules``).

``mkdocs.yml`` turns every warning into an error (``strict: true`` and its ``validation:`` section):
broken links and anchors, pages missing from the nav, cross-references to nothing.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from mkdocs.utils.yaml import yaml_load

import tarotlib
from tarotlib._moved import MOVED

from support.paths import ROOT

DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"

# Public names without a ``>>>`` example yet: none. The list may only shrink: a name missing from it
# fails ``test_every_public_name_has_an_example``, and a name listed here that has gained an example
# (or is gone) fails ``test_the_allow_list_of_missing_examples_is_honest``.
MISSING_EXAMPLES_ALLOWED: frozenset[str] = frozenset()


# -- the public API --------------------------------------------------------------------------------
def public_modules() -> list[ModuleType]:
    """tarotlib and its modules, less the private ones (a name part starting with ``_``)."""
    names = [
        info.name
        for info in pkgutil.walk_packages(tarotlib.__path__, "tarotlib.")
        if not any(part.startswith("_") for part in info.name.split("."))
        and info.name not in MOVED  # a stand-in left at an old path (deprecated)
    ]
    return [tarotlib, *(importlib.import_module(name) for name in sorted(names))]


def _is_machine_step(func: Any) -> bool:
    """A Hypothesis state machine's rule, invariant or initialiser: the machine calls it, not the
    user (the machine's class docstring describes its rules)."""
    return any(name.startswith("hypothesis_stateful_") for name in vars(func))


def _methods(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods a class defines (plain, class and static methods; not properties, nor
    the steps of a Hypothesis state machine)."""
    for name, value in vars(cls).items():
        func = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
        if not name.startswith("_") and inspect.isfunction(func) and not _is_machine_step(func):
            yield name, func


def public_objects() -> dict[str, tuple[Any, set[str]]]:
    """Every class and function named in the ``__all__`` of a public module, and the public
    methods of those classes: path where it is defined (``tarotlib.core.cards.Card``) -> (the object,
    every path it is exported as, ``tarotlib.Card`` included)."""
    found: dict[str, tuple[Any, set[str]]] = {}
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if not obj.__module__.startswith("tarotlib"):
                continue
            path = f"{obj.__module__}.{obj.__qualname__}"
            found.setdefault(path, (obj, {path}))[1].add(f"{module.__name__}.{name}")
    for path, (obj, aliases) in list(found.items()):
        if inspect.isclass(obj):
            for method, func in _methods(obj):
                found[f"{path}.{method}"] = (func, {f"{alias}.{method}" for alias in aliases})
    return found


PUBLIC_OBJECTS = public_objects()


def test_the_walk_finds_the_api() -> None:
    for path in [
        "tarotlib.core.cards.Card",
        "tarotlib.core.cards.parse_card",
        "tarotlib.match.Match.add",
        "tarotlib.variants.belote.game.Belote",
        "tarotlib.variants.french_tarot.scoring.score_deal",
        "tarotlib.variants.belote.scoring.score_deal",
    ]:
        assert path in PUBLIC_OBJECTS


# -- examples --------------------------------------------------------------------------------------
def missing_examples() -> set[str]:
    return {
        path
        for path, (obj, _) in PUBLIC_OBJECTS.items()
        if ">>>" not in (inspect.getdoc(obj) or "")
    }


def test_every_public_name_has_an_example() -> None:
    missing = missing_examples()
    new = sorted(missing - MISSING_EXAMPLES_ALLOWED)
    assert not new, "public names without a '>>>' example in their docstring:\n" + "\n".join(new)


def test_the_allow_list_of_missing_examples_is_honest() -> None:
    fixed = sorted(MISSING_EXAMPLES_ALLOWED - missing_examples())
    assert not fixed, (
        "these names have an example now (or are gone): remove them from "
        "MISSING_EXAMPLES_ALLOWED in tests/test_docs_site.py:\n" + "\n".join(fixed)
    )


# -- the nav ---------------------------------------------------------------------------------------
def nav_pages(items: object) -> Iterator[str]:
    """The Markdown pages of an MkDocs nav (a list of pages, ``title: page`` and sections)."""
    if isinstance(items, str):
        if items.endswith(".md"):
            yield items
    elif isinstance(items, list):
        for item in items:
            yield from nav_pages(item)
    elif isinstance(items, dict):
        for value in items.values():
            yield from nav_pages(value)


def config() -> dict[str, Any]:
    with CONFIG.open(encoding="utf-8") as stream:
        loaded: dict[str, Any] = yaml_load(stream)
    return loaded


def test_every_page_of_docs_is_in_the_nav() -> None:
    in_nav = set(nav_pages(config()["nav"]))
    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")}
    missing = sorted(pages - in_nav)
    assert not missing, "pages of docs/ missing from the nav of mkdocs.yml: " + ", ".join(missing)


def test_the_nav_names_only_real_pages() -> None:
    generated = {"changelog.md", "benchmarks.md"}  # made by docs/api/_hooks.py
    pages = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")} | generated
    assert set(nav_pages(config()["nav"])) <= pages


def test_the_config_keeps_the_build_strict() -> None:
    loaded = config()
    assert loaded["strict"] is True
    assert loaded["docs_dir"] == "docs"
    assert loaded["validation"]["nav"]["omitted_files"] == "warn"
    assert set(loaded["validation"]["links"].values()) == {"warn"}


# -- the build -------------------------------------------------------------------------------------
@pytest.fixture
def site(built_site: Path) -> Path:
    return built_site


def api_html(site: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in (site / "api").rglob("*.html"))


def built_page(site: Path, page: str) -> Path:
    """Where MkDocs writes a page (directory URLs: ``quickstart.md`` -> ``quickstart/index.html``)."""
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return site / f"{stem}.html"
    return site / stem / "index.html"


def test_the_site_has_every_page(site: Path) -> None:
    for page in nav_pages(config()["nav"]):
        assert built_page(site, page).exists(), f"{page} was not built"


@pytest.mark.parametrize(
    ("page", "names"),
    [
        ("cards", ["Card", "parse_card", "Suit", "format_cards"]),
        ("match", ["Match"]),
        ("dealing", ["PacketSchedule", "Layout", "first_dealer_from_seed"]),
        ("belote", ["Belote", "BeloteState", "score_deal", "contract_table", "combinations"]),
        ("french-tarot", ["FrenchTarot", "score_deal", "score_grash", "ScoreSummary"]),
        ("records", ["GameRecord", "load", "save"]),
        ("results", ["DealResult", "Breakdown", "Conversion"]),
        ("deal", ["Game", "DealState", "Observation", "OneRoundBidding", "OneRoundAuction"]),
        ("registry", ["variant", "register", "VariantInfo"]),
    ],
)
def test_api_pages_show_the_key_names(site: Path, page: str, names: list[str]) -> None:
    html = (site / "api" / page / "index.html").read_text(encoding="utf-8")
    for name in names:
        assert re.search(rf'id="tarotlib\.[\w.]*\b{name}"', html), f"{name} is not on api/{page}"


def test_the_api_reference_documents_every_public_module(site: Path) -> None:
    html = api_html(site)
    undocumented = [
        module.__name__
        for module in public_modules()
        if (module.__doc__ or hasattr(module, "__all__")) and f'id="{module.__name__}"' not in html
    ]
    assert not undocumented, (
        "modules without an API page: add '::: <module>' to a page of docs/api/ (and the page to "
        "the nav of mkdocs.yml): " + ", ".join(undocumented)
    )


def test_the_api_reference_documents_every_public_name(site: Path) -> None:
    html = api_html(site)
    ids = set(re.findall(r'id="(tarotlib[\w.]*)"', html))
    undocumented = sorted(path for path, (_, paths) in PUBLIC_OBJECTS.items() if not paths & ids)
    assert not undocumented, "public names missing from the API reference:\n" + "\n".join(
        undocumented
    )


def test_docstring_examples_render_as_code(site: Path) -> None:
    html = (site / "api" / "cards" / "index.html").read_text(encoding="utf-8")
    # A Python session highlighted at build time: Pygments' prompt, keyword and module classes.
    assert (
        '<span class="gp">&gt;&gt;&gt; </span><span class="kn">from</span><span class="w"> </span>'
        '<span class="nn">tarotlib.core.cards</span>' in html
    )
    roles = re.findall(r":(?:class|func|meth|mod|data|attr|exc|obj):`[^`]*`", api_html(site))
    assert not roles, f"reST roles left as text: {roles}"


def test_links_outside_docs_become_site_pages(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="changelog/"' in index
    assert 'href="benchmarks/"' in index
    assert "Changelog" in (site / "changelog" / "index.html").read_text(encoding="utf-8")


def _prose_html(html: str) -> str:
    """A page's HTML without its code (``<pre>`` blocks and ``<code>`` spans)."""
    html = re.sub(r"<pre.*?</pre>", "", html, flags=re.S)
    return re.sub(r"<code.*?</code>", "", html, flags=re.S)


def test_every_table_renders_as_a_table(site: Path) -> None:
    """No page shows a table's source as text: a reST border (``=====``) or a Markdown row
    separator (``|---|``) outside code means a table the build did not turn into one."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        prose = _prose_html(page.read_text(encoding="utf-8"))
        if re.search(r"={5,}|\|\s*-{3,}\s*\|", prose):
            broken.append(str(page.relative_to(site)))
    assert not broken, f"tables left as text on: {broken}"
