"""The documentation stays true to the code.

The ``>>>`` examples of every ``.md`` file are run as doctests by pytest itself (``--doctest-glob``);
these tests check the rest: the option tables, that every public name is documented, the two
commands of the README and CI, the command-line transcripts of the quickstart, and the links.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import shlex
import tomllib
import unicodedata
from pathlib import Path

import attrs
import pytest

import tarotlib
from tarotlib.cli import main
from tarotlib.records import GameRecord, save
from tarotlib.variants.belote import OPTION_DOCS as BELOTE_OPTION_DOCS
from tarotlib.variants.belote import PRESETS as BELOTE_PRESETS
from tarotlib.variants.belote import BeloteOptions
from tarotlib.variants.french_tarot import OPTION_DOCS, FrenchTarotOptions

from support.docs import (
    check_option_row,
    code_blocks,
    code_text,
    option_rows,
    prose_lines,
    read,
    section,
)
from support.paths import DOCS, ROOT

README = ROOT / "README.md"

# The two commands of the README (and of docs/index.md): install and simulate; install and test.
INSTALL_AND_SIMULATE = (
    "pip install . && tarotlib simulate french-tarot --players 5 --deals 2000 --seed 1"
)
INSTALL_AND_TEST = "pip install -e '.[test]' && pytest && mypy && ruff check . && lint-imports"

OPTION_FIELDS = [field.name for field in attrs.fields(FrenchTarotOptions)]
FT_OPTIONS = "## Options (FT-18)"


@pytest.mark.parametrize("name", OPTION_FIELDS)
def test_every_french_tarot_option_is_in_the_options_table(name: str) -> None:
    check_option_row("french-tarot.md", FT_OPTIONS, FrenchTarotOptions, OPTION_DOCS, name)


def test_the_options_table_lists_only_real_options() -> None:
    assert set(option_rows(DOCS / "french-tarot.md", FT_OPTIONS)) <= set(OPTION_FIELDS)


BELOTE_FIELDS = [field.name for field in attrs.fields(BeloteOptions)]
BE_OPTIONS = "## Options and presets (BE-13)"


@pytest.mark.parametrize("name", BELOTE_FIELDS)
def test_every_belote_option_is_in_the_options_table(name: str) -> None:
    check_option_row("belote.md", BE_OPTIONS, BeloteOptions, BELOTE_OPTION_DOCS, name)


def test_the_belote_options_table_lists_only_real_options() -> None:
    assert set(option_rows(DOCS / "belote.md", BE_OPTIONS)) <= set(BELOTE_FIELDS)
    assert set(BELOTE_OPTION_DOCS) == set(BELOTE_FIELDS)


def test_the_belote_page_describes_every_preset() -> None:
    text = "\n".join(section(DOCS / "belote.md", BE_OPTIONS))
    for preset, values in BELOTE_PRESETS.items():
        assert f"`{preset}`" in text, f"preset {preset} is not described"
        for name, value in values.items():
            assert f"{name}={value!r}" in text.replace(" ", "").replace('"', "'"), (
                f"preset {preset}: {name}={value!r} is not described"
            )


def test_the_records_page_lists_every_option() -> None:
    assert set(option_rows(DOCS / "records.md", "### `options`")) >= set(OPTION_FIELDS)
    example = read(DOCS / "records.md").split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(example)["options"] == FrenchTarotOptions().to_dict()


# -- public names ----------------------------------------------------------------------------------
def public_names(kind: str) -> list[str]:
    names = []
    for name in tarotlib.__all__:
        obj = getattr(tarotlib, name)
        is_api = inspect.isclass(obj) or inspect.isfunction(obj)
        if is_api == (kind == "api") and not name.startswith("__"):
            names.append(name)
    return names


def documented_code() -> str:
    return code_text(read(DOCS / "concepts.md")) + "\n" + code_text(read(DOCS / "quickstart.md"))


@pytest.mark.parametrize("name", public_names("api"))
def test_every_public_class_and_function_is_documented(name: str) -> None:
    assert re.search(rf"(?<![\w]){re.escape(name)}(?!\w)", documented_code()), (
        f"tarotlib.{name} is not shown in docs/concepts.md or docs/quickstart.md"
    )


@pytest.mark.parametrize("name", public_names("constant"))
def test_every_public_constant_is_documented(name: str) -> None:
    assert re.search(rf"(?<![\w]){re.escape(name)}(?!\w)", documented_code()), (
        f"tarotlib.{name} is not shown in docs/concepts.md or docs/quickstart.md"
    )


def test_exceptions_are_documented_in_the_errors_section() -> None:
    text = read(DOCS / "concepts.md")
    errors = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    for name in tarotlib.__all__:
        obj = getattr(tarotlib, name)
        if inspect.isclass(obj) and issubclass(obj, Exception):
            assert name in errors, f"{name} is missing from the Errors section of concepts.md"
            line = next(ln for ln in errors.splitlines() if re.search(rf"(^|─ ){name}\b", ln))
            assert ("(ValueError)" in line) == issubclass(obj, ValueError), line
            assert ("(KeyError)" in line) == issubclass(obj, KeyError), line


# -- the two commands ------------------------------------------------------------------------------
def test_readme_starts_with_the_two_commands() -> None:
    _, lines = code_blocks(read(README))[0]
    assert lines[:2] == [INSTALL_AND_SIMULATE, INSTALL_AND_TEST]


def test_docs_index_shows_the_same_two_commands() -> None:
    _, readme = code_blocks(read(README))[0]
    blocks = [lines[:2] for _, lines in code_blocks(read(DOCS / "index.md"))]
    assert readme[:2] in blocks


def test_ci_runs_the_readme_test_command() -> None:
    install, _, command = INSTALL_AND_TEST.partition(" && ")
    assert install == "pip install -e '.[test]'"
    ci = [ln.strip() for ln in read(ROOT / ".ci" / "run").splitlines()]
    steps = [ln for ln in ci if ln and not ln.startswith("#")]
    # the command, its failure failing CI (set -e does not stop at a failure inside an && list)
    assert f"{command} || exit 1" in steps, f".ci/run does not run {command!r} (|| exit 1)"
    # the checkout's installs come first (the wheel checks after the suite install elsewhere)
    installs = [ln for ln in steps if "pip install" in ln and " -e '." in ln]
    assert any(ln.endswith("-e '.[test]'") for ln in installs), ".ci/run does not install .[test]"
    assert steps.index(f"{command} || exit 1") > max(steps.index(ln) for ln in installs)


def test_the_test_command_runs_the_doc_examples() -> None:
    config = tomllib.loads(read(ROOT / "pyproject.toml"))["tool"]["pytest"]["ini_options"]
    assert {"docs", "README.md"} <= set(config["testpaths"])
    assert "--doctest-glob=*.md" in config["addopts"].split()


# -- command-line transcripts ----------------------------------------------------------------------
def console_examples(path: Path) -> list[tuple[str, list[str]]]:
    """``$ tarotlib ...`` commands of the console blocks, each with its expected output lines."""
    out: list[tuple[str, list[str]]] = []
    for info, lines in code_blocks(read(path)):
        if info != "console":
            continue
        for line in lines:
            if line.startswith("$ "):
                out.append((line[2:], []))
            else:
                out[-1][1].append(line)
    return out


def matches(expected: str, actual: str) -> bool:
    """``…`` in an expected line stands for any text (a timing, for instance)."""
    pattern = ".*".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, actual) is not None


QUICKSTART_COMMANDS = console_examples(DOCS / "quickstart.md")


def test_the_quickstart_shows_every_command() -> None:
    shown = {shlex.split(command)[1] for command, _ in QUICKSTART_COMMANDS}
    assert shown == {"simulate", "replay", "variants"}


@pytest.mark.parametrize(("command", "expected"), QUICKSTART_COMMANDS)
def test_quickstart_console_transcripts(
    command: str,
    expected: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # deal.json is the record the quickstart saves: seed 2, random.Random(2) choices.
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    save(tmp_path / "deal.json", GameRecord.from_state(state))
    monkeypatch.chdir(tmp_path)

    argv = shlex.split(command)
    assert argv[0] == "tarotlib"
    assert main(argv[1:]) == 0
    actual = capsys.readouterr().out.splitlines()
    assert len(actual) == len(expected), "\n".join(actual)
    for want, got in zip(expected, actual, strict=True):
        assert matches(want, got), f"expected {want!r}, got {got!r}"


# -- links -----------------------------------------------------------------------------------------
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case; letters, marks, digits, connector punctuation
    (``_``), spaces and hyphens kept, everything else dropped; spaces become hyphens."""
    kept = "".join(
        ch
        for ch in heading.strip().lower()
        if ch in " -" or unicodedata.category(ch)[0] in "LMN" or unicodedata.category(ch) == "Pc"
    )
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in prose_lines(read(path)):
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    out.update(re.findall(r'<a id="([^"]+)"></a>', read(path)))  # explicit anchors (docs/rules)
    return out


def relative_links() -> list[tuple[Path, str]]:
    out: list[tuple[Path, str]] = []
    for path in [README, *sorted(DOCS.glob("*.md"))]:
        for line in prose_lines(read(path)):
            line = re.sub(r"`[^`]*`", "", line)
            for target in LINK.findall(line):
                if "://" not in target and not target.startswith("mailto:"):
                    out.append((path, target))
    return out


def test_the_docs_have_links() -> None:
    linked = {target.partition("#")[0] for _, target in relative_links()}
    assert {"docs/index.md", "quickstart.md", "concepts.md", "records.md"} <= linked


@pytest.mark.parametrize(
    ("source", "target"),
    relative_links(),
    ids=[f"{p.name}->{t}" for p, t in relative_links()],
)
def test_relative_links_resolve(source: Path, target: str) -> None:
    file_part, _, anchor = target.partition("#")
    dest = (source.parent / file_part).resolve() if file_part else source
    assert dest.is_relative_to(ROOT), f"{source.name} links outside the repository: {target}"
    assert dest.exists(), f"{source.name} links to a missing file: {target}"
    if anchor and dest.suffix == ".md":
        assert anchor in anchors(dest), f"{source.name}: no heading #{anchor} in {dest.name}"


# -- every example and every game is where a newcomer looks -----------------------------------------
def test_the_readme_names_every_example() -> None:
    readme = read(README)
    missing = [
        p.name for p in sorted((ROOT / "examples").glob("*.py")) if f"`{p.name}`" not in readme
    ]
    assert not missing, f"the README's list of examples misses {missing}"


def test_the_terminal_page_has_every_game() -> None:
    rows = section(DOCS / "terminal.md", "## The games")
    games = {m.group(1) for line in rows if (m := re.match(r"\| `([a-z-]+)` \|", line))}
    assert games == set(tarotlib.variant_names())
