"""No shared module names a game in code.

Every game lives in its own package of ``tarotlib.variants`` and plugs in through the variant
registry (its ``VariantInfo`` hooks); the shared modules — everything else in tarotlib — ask the
registry for what they need. ``lint-imports`` (the contracts in ``pyproject.toml``) checks that they
import no game; this test checks that they do not name one either: each shared module is parsed,
and an identifier, an attribute, an import, or a string constant that is not a docstring must not
contain the registry name of a registered game (``french-tarot``), its package name
(``french_tarot``) or its class-name stem (``FrenchTarot``), in any case. Docstrings and comments
may use games as examples.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import tarotlib
from tarotlib.registry import variant_info, variant_names

SRC = Path(tarotlib.__file__).resolve().parent

# Names in core modules outside this check's reach for now: French Tarot's point table and trick
# rules are defined in the core mechanism modules (tarotlib.core.points, tarotlib.core.tricks). Each entry is
# (module path relative to tarotlib/, the offending text); an entry that no longer occurs fails
# test_the_allow_list_is_honest, so the list can only shrink.
KNOWN: frozenset[tuple[str, str]] = frozenset(
    {
        ("core/points.py", "FRENCH_TAROT_POINTS"),
        ("core/points.py", "french-tarot"),
        ("core/tricks.py", "FRENCH_TAROT_TRICKS"),
        # The 54-card Ombre pack (LO-2.2) is one of the core's packs, beside the tarot and piquet
        # packs: a fact of the cards, which games choose by name.
        ("core/decks.py", "OMBRE_54"),
        ("core/decks.py", "ombre-54"),
        ("__init__.py", "OMBRE_54"),
        # Likewise the 62-card simplifié pack (CH-3.2) and the rank order with the ace between
        # the Jack and the ten (CH-4): facts of the cards, kept beside the other packs and orders.
        ("core/decks.py", "CHAMBERY_62"),
        ("core/decks.py", "chambery-62"),
        ("__init__.py", "CHAMBERY_62"),
        ("core/ranking.py", "CHAMBERY"),
        ("core/ranking.py", "chambery"),
    }
)


def game_forms() -> dict[str, tuple[str, ...]]:
    """Each registered game's forms, lower-cased: its registry name (also with a space), the
    name of the package of its registration, and the class name of its rules."""
    forms: dict[str, tuple[str, ...]] = {}
    for name in variant_names():
        info = variant_info(name)
        package = info.factory.__module__.rpartition(".")[0].rpartition(".")[2]
        stem = type(info.factory()).__name__
        found = {name, name.replace("-", " "), package, stem}
        forms[name] = tuple(sorted({form.lower() for form in found if form}))
    return forms


def game_packages() -> list[Path]:
    """The directories of the registered games' packages (their modules are not shared): the
    package of ``tarotlib.variants`` that holds the game, which may hold a family of games that
    share their facts (``tarotlib.variants.lombard``)."""
    dirs = []
    for name in variant_names():
        module = variant_info(name).factory.__module__
        parts = module.split(".")
        package = parts[:3] if parts[:2] == ["tarotlib", "variants"] else parts[:-1]
        path = SRC.parent.joinpath(*package)
        if path.is_dir() and SRC in path.parents:
            dirs.append(path)
    return dirs


def shared_modules() -> list[Path]:
    games = game_packages()
    return [
        path
        for path in sorted(SRC.rglob("*.py"))
        if not any(game == path.parent or game in path.parents for game in games)
    ]


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings: a string expression statement (a module's,
    class's or function's docstring, or an attribute docstring after an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                ):
                    found.add(id(statement.value))
    return found


def code_words(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, text)`` for every identifier, attribute name, imported name and non-docstring
    string constant of a module."""
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, node.name
        elif isinstance(node, ast.arg | ast.keyword) and node.arg is not None:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.name
            if node.asname is not None:
                yield line, node.asname
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            yield line, node.module
        elif isinstance(node, ast.Global | ast.Nonlocal):
            for name in node.names:
                yield line, name
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield line, node.value


def offences(source: str, forms: dict[str, tuple[str, ...]]) -> list[tuple[int, str, str]]:
    """``(line, text, game)`` for each word of code in ``source`` that names a game."""
    found = []
    for line, text in code_words(ast.parse(source)):
        low = text.lower()
        for game, names in forms.items():
            if any(name in low for name in names):
                found.append((line, text, game))
    return sorted(set(found))


def all_offences() -> list[tuple[str, int, str, str]]:
    forms = game_forms()
    out = []
    for path in shared_modules():
        relative = path.relative_to(SRC).as_posix()
        for line, text, game in offences(path.read_text(encoding="utf-8"), forms):
            out.append((relative, line, text, game))
    return out


def test_the_games_and_the_shared_modules_are_found() -> None:
    forms = game_forms()
    assert forms["french-tarot"] == ("french tarot", "french-tarot", "french_tarot", "frenchtarot")
    assert forms["belote"] == ("belote",)
    shared = {path.relative_to(SRC).as_posix() for path in shared_modules()}
    assert {"cli.py", "bots/heuristic.py", "terminal/view.py", "registry.py"} <= shared
    assert not any(
        path.startswith(("variants/belote/", "variants/french_tarot/")) for path in shared
    )


def test_no_shared_module_names_a_game_in_code() -> None:
    found = [
        f"tarotlib/{path}:{line}: {text!r} names the game {game!r}"
        for path, line, text, game in all_offences()
        if (path, text) not in KNOWN
    ]
    assert not found, (
        "shared modules name a game in code (reach it through the variant registry instead):\n"
        + "\n".join(found)
    )


def test_the_allow_list_is_honest() -> None:
    still = {(path, text) for path, _, text, _ in all_offences()}
    gone = sorted(KNOWN - still)
    assert not gone, f"no longer in the code: remove them from KNOWN: {gone}"


def test_the_check_sees_code_but_not_docstrings_or_comments() -> None:
    source = '''"""A module about Belote and French Tarot (a docstring)."""
from tarotlib.variants.belote import game  # a comment about Belote
import tarotlib.variants.french_tarot as ft

GAME = "french-tarot"
"""An attribute docstring: French Tarot."""


class BeloteView:
    """Belote."""

    def show(self, french_tarot=None):
        return f"{self.belote_label} and belote", print(mode="belote")
'''
    found = offences(source, game_forms())
    assert [(line, text) for line, text, _ in found] == [
        (2, "tarotlib.variants.belote"),
        (3, "tarotlib.variants.french_tarot"),
        (5, "french-tarot"),
        (9, "BeloteView"),
        (12, "french_tarot"),
        (13, " and belote"),
        (13, "belote"),
        (13, "belote_label"),
    ]
