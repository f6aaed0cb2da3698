"""The documentation site as a reader sees it: the built pages opened in a real headless browser
(Chromium, driven by Playwright), served from this machine alone.

- **Nothing is cut off.** On every page, at a laptop's 1280 × 800 and a phone's 390 × 844, no
  table or code block is hidden by a box that clips it: what does not fit scrolls sideways within
  its own box, the page itself never does.
- **Nothing is fetched from elsewhere.** Every request a page makes goes to the local server (no
  web fonts, no script from a CDN): the site reads the same offline.
- **The theme works:** code is highlighted (at build time: the colours are there with no script
  from elsewhere), code blocks have a copy button, the search finds a word, the wide tables the
  issue named (home page, French Tarot's options, the AI page) fit a 1280-pixel window.

Needs the ``docs`` extra (Playwright) and a Chromium: Debian's ``chromium`` package
(``apt install chromium``), or the path in ``TAROTLIB_CHROMIUM``. Without them the tests are
skipped, saying what is missing; CI installs both and sets ``TAROTLIB_REQUIRE_BROWSER=1``, which
turns the skip into a failure.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

REQUIRED = os.environ.get("TAROTLIB_REQUIRE_BROWSER") == "1"

# A minute or more of a browser: left to `pytest -m slow` (CI runs it).
pytestmark = pytest.mark.slow

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Chromium without the calls home that a closed network refuses (and that would be requests to
# other sites).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# What is cut off on a page: run in the page, returns one line per problem. A table or a code
# block's content is cut off when a box around it (or the element itself) clips it sideways
# (overflow hidden or clip) and it is wider than that box; a box that scrolls (overflow auto or
# scroll) shows all of it, so the walk up stops there. The page itself must not scroll sideways.
CUT_OFF = """
() => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth}px in ${doc.clientWidth}px`);
  }
  const name = (el) => {
    const text = (el.innerText || '').trim().split('\\n')[0].slice(0, 40);
    return `${el.tagName.toLowerCase()} "${text}"`;
  };
  for (const el of document.querySelectorAll('article table, article pre > code')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0) continue;  // not shown (a closed admonition)
    let node = el;
    let width = el.scrollWidth;
    let left = rect.left;
    while (node && node !== document.body) {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (node === el) {
        if (clips && el.scrollWidth > el.clientWidth + 1) {
          problems.push(`${name(el)} is cut: ${el.scrollWidth}px of content in ${el.clientWidth}px`);
          break;
        }
        if (scrolls) break;
      } else if (clips && left + width > box.right + 1) {
        problems.push(`${name(el)} is cut by its ${node.tagName.toLowerCase()}.${node.className}: `
          + `it ends at ${Math.round(left + width)}px, the box at ${Math.round(box.right)}px`);
        break;
      } else if (scrolls) {
        break;
      }
      node = node.parentElement;
    }
  }
  return problems;
}
"""

# The tables and code blocks of a page that need sideways scrolling to be read whole: the nearest
# box that scrolls around them (or they themselves) is narrower than what it holds.
SCROLLING = """
() => Array.from(document.querySelectorAll('article table, article pre > code'))
  .filter((el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(node).overflowX)) {
        return node.scrollWidth > node.clientWidth + 1;
      }
    }
    return false;
  })
  .map((el) => `${el.tagName.toLowerCase()} "${(el.innerText || '').trim().slice(0, 40)}"`)
"""


def _chromium() -> str | None:
    """The Chromium to drive: ``TAROTLIB_CHROMIUM``, else the first found on the path."""
    given = os.environ.get("TAROTLIB_CHROMIUM")
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (TAROTLIB_REQUIRE_BROWSER=1 asks for the browser tests)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed: pip install -e '.[docs]'")
    executable = _chromium()
    if executable is None:
        _missing(
            "no Chromium found: install it (Debian: apt install chromium) or set TAROTLIB_CHROMIUM"
        )
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def served(built_site: Path) -> Iterator[tuple[Path, str]]:
    """The built site and the address of a local server that serves it."""
    site = built_site

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request: Any, client_address: Any) -> None:
            pass  # a page left before its last file was sent (a broken pipe) is no error here

    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class Reader:
    """A browser page at one window size that refuses, and remembers, every request to a host
    other than the local server."""

    def __init__(self, browser: Any, base: str, viewport: dict[str, int]) -> None:
        self.base = base
        self.external: list[str] = []
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        host = urlsplit(base).netloc
        self.context.route("**/*", functools.partial(self._route, host))

    def _route(self, host: str, route: Any) -> None:
        url = route.request.url
        if urlsplit(url).netloc == host or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.external.append(url)
            route.abort()

    def open(self, path: str) -> Any:
        self.page.goto(self.base + path, wait_until="load")
        return self.page

    def close(self) -> None:
        self.context.close()


def _pages(site: Path) -> list[str]:
    """Every page of the site, as a path from its root (``quickstart/``, ``index.html``)."""
    pages = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        pages.append(rel.removesuffix("index.html") if rel.endswith("/index.html") else rel)
    return pages


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280px", "390px"])
def test_no_page_cuts_off_a_table_or_code_and_none_fetches_from_elsewhere(
    browser: Any, served: tuple[Path, str], viewport: dict[str, int]
) -> None:
    site, base = served
    reader = Reader(browser, base, viewport)
    try:
        problems: list[str] = []
        pages = _pages(site)
        assert len(pages) > 50, pages
        for path in pages:
            page = reader.open(path)
            problems.extend(f"{path}: {line}" for line in page.evaluate(CUT_OFF))
    finally:
        reader.close()
    assert not problems, "\n".join(problems)
    assert not reader.external, f"requests to other sites: {sorted(set(reader.external))}"


def test_the_check_finds_what_is_cut_off(browser: Any) -> None:
    """The check above fails where it should: a table wider than a box that clips it, and a code
    block that clips its own lines, are reported; the same in a box that scrolls are not."""
    wide = "<tr>" + "".join(f"<td>column{i}</td>" for i in range(60)) + "</tr>"
    html = f"""
      <article>
        <div style="width: 300px; overflow: hidden"><table id="a">{wide}</table></div>
        <div style="width: 300px; overflow: auto"><table id="b">{wide}</table></div>
        <pre><code style="display: block; width: 300px; overflow: hidden">{"x" * 400}</code></pre>
        <pre><code style="display: block; width: 300px; overflow: auto">{"y" * 400}</code></pre>
      </article>"""
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.set_content(html)
        problems = page.evaluate(CUT_OFF)
    finally:
        context.close()
    assert len(problems) == 2, problems
    assert "column0" in problems[0] and "cut by its div" in problems[0]
    assert '"xxx' in problems[1] and "is cut" in problems[1]


def test_code_is_highlighted_and_has_a_copy_button(browser: Any, served: tuple[Path, str]) -> None:
    _, base = served
    reader = Reader(browser, base, LAPTOP)
    try:
        page = reader.open("quickstart/")
        # Pygments' classes, written at build time: a keyword and a name in another colour.
        keyword = page.locator("article .highlight .kn, article .highlight .k").first
        name = page.locator("article .highlight .n").first
        colour = "(el) => getComputedStyle(el).color"
        assert keyword.evaluate(colour) != name.evaluate(colour)
        assert page.locator('article .highlight button[data-md-type="copy"]').count() > 0
    finally:
        reader.close()
    assert not reader.external, reader.external


def test_the_search_finds_a_word_offline(browser: Any, served: tuple[Path, str]) -> None:
    _, base = served
    reader = Reader(browser, base, LAPTOP)
    try:
        page = reader.open("")
        page.locator("label.md-search__icon, .md-search__input").first.click()
        page.locator("input.md-search__input").fill("Excuse")
        results = page.locator(".md-search-result__item")
        # The index is built in a worker when the page loads: on a loaded machine that takes a while.
        results.first.wait_for(timeout=90_000)
        assert results.count() > 0
        assert "Excuse" in page.locator(".md-search-result").inner_text()
    finally:
        reader.close()
    assert not reader.external, reader.external


@pytest.mark.parametrize("path", ["", "french-tarot/", "ai/"])
def test_the_wide_tables_fit_a_laptop_window(
    browser: Any, served: tuple[Path, str], path: str
) -> None:
    """The pages whose tables the old theme's 800-pixel column cut: at 1280 pixels every table is
    read whole, without scrolling."""
    _, base = served
    reader = Reader(browser, base, LAPTOP)
    try:
        page = reader.open(path)
        assert page.locator("article table").count() > 0
        scrolling = [s for s in page.evaluate(SCROLLING) if s.startswith("table")]
    finally:
        reader.close()
    assert not scrolling, scrolling
