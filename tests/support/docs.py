"""Reading the Markdown docs: code blocks, prose, sections and the option tables every game's page
has (checked against the game's options class)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import attrs

from support.paths import DOCS

FENCE = re.compile(r"^(```|~~~)")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def code_blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced code blocks of a Markdown text: (info string, lines)."""
    blocks: list[tuple[str, list[str]]] = []
    info: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        if info is None:
            if FENCE.match(line):
                info, lines = line[3:].strip(), []
        elif FENCE.match(line):
            blocks.append((info, lines))
            info = None
        else:
            lines.append(line)
    return blocks


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if FENCE.match(line):
            inside = not inside
        elif not inside:
            out.append(line)
    return out


def code_text(text: str) -> str:
    """Everything a Markdown text shows as code: fenced blocks and inline code spans."""
    parts = ["\n".join(lines) for _, lines in code_blocks(text)]
    for line in prose_lines(text):
        parts.extend(re.findall(r"`([^`]+)`", line))
    return "\n".join(parts)


# -- options ---------------------------------------------------------------------------------------
def section(path: Path, heading: str) -> list[str]:
    """The prose lines of the section of ``path`` whose heading is ``heading`` (e.g. ``## X``)."""
    lines = prose_lines(read(path))
    start = lines.index(heading)
    level = heading.split()[0]
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if re.match(r"#+ ", lines[i]) and len(lines[i].split()[0]) <= len(level)
        ),
        len(lines),
    )
    return lines[start + 1 : end]


def option_rows(path: Path, heading: str) -> dict[str, list[str]]:
    """Table rows of a section whose first cell starts with an option name in backticks:
    name -> cells."""
    rows: dict[str, list[str]] = {}
    for line in section(path, heading):
        match = re.match(r"\|\s*`(\w+)`", line)
        if match:
            rows[match.group(1)] = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return rows


def as_doc(value: object) -> str:
    """An option value as the docs write it in backticks."""
    return str(value)


def check_option_row(
    page: str, heading: str, cls: type, option_docs: dict[str, tuple[str, str]], name: str
) -> None:
    """The options table of ``page`` lists option ``name`` of ``cls`` with its actual default,
    every allowed value and the rules section of ``option_docs``."""
    rows = option_rows(DOCS / page, heading)
    assert name in rows, f"option {name} is missing from the options table of {page}"
    first, default, alternatives, rule = rows[name]
    field = attrs.fields_dict(cls)[name]
    assert default.startswith(f"`{as_doc(field.default)}`"), (
        f"{name}: documented default {default!r}, actual default {field.default!r}"
    )
    hint = typing.get_type_hints(cls)[name]
    values: tuple[object, ...] = ()
    if typing.get_origin(hint) is typing.Literal:
        values = typing.get_args(hint)
    elif hint is bool:
        values = (True, False)
    for value in values:
        assert f"`{as_doc(value)}`" in f"{default} {alternatives}", (
            f"{name}: value {value!r} is not documented"
        )
    description, reference = option_docs[name]
    assert reference in rule, f"{name}: the table cites {rule!r}, OPTION_DOCS {reference!r}"
    label = re.match(r"O-\d+", description)
    if label:
        assert f"({label.group(0)})" in first, f"{name} should be labelled {label.group(0)}"
