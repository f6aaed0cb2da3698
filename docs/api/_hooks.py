"""Build helpers of the docs site, named by ``mkdocs.yml`` (not part of the site or the package).

Two things live here:

- MkDocs hooks (``hooks:`` in ``mkdocs.yml``). The pages link to files outside ``docs/``
  (``../CHANGELOG.md``, ``../benchmarks/README.md``, example scripts) so that the links work when
  the files are read on a code host. The site includes those Markdown files as pages of its own
  (:data:`INCLUDED`, in the nav) and copies the other files (:data:`COPIED`), and the hooks rewrite
  the links to them; ``mkdocs build --strict`` still fails on a link to a missing file, to a
  directory, or to a Markdown file outside ``docs/`` that is not in :data:`INCLUDED`.
- A Griffe extension (``extensions:`` of the mkdocstrings Python handler) that turns the
  reST-flavoured docstrings of tarotlib into the Markdown the handler renders: ``>>>`` examples
  become ``pycon`` code blocks, roles such as ``:class:`~tarotlib.core.cards.Card``` become
  cross-references (or code, when the name is not part of tarotlib), ``Text <url>`_`` links become
  Markdown links, reST simple tables become Markdown tables and a ``::`` literal-block marker
  becomes ``:``.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

import griffe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

# -- MkDocs hooks ----------------------------------------------------------------------------------
INCLUDED = {"CHANGELOG.md": "changelog.md", "benchmarks/README.md": "benchmarks.md"}
"""Markdown files outside ``docs/`` (paths from the repository root) -> their page on the site."""

COPIED = "repo"
"""Where other files outside ``docs/`` that a page links to (an example script, say) are copied,
under their path from the repository root: ``../examples/x.py`` -> ``repo/examples/x.py``."""

_LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def _repo(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def _docs_prefix(config: MkDocsConfig) -> str:
    """The docs directory as a path from the repository root (``docs``)."""
    return Path(config.docs_dir).resolve().relative_to(_repo(config)).as_posix()


def _source_dir(src_uri: str, docs: str) -> str:
    """The directory, from the repository root, that the links of a page are relative to."""
    origin = {page: source for source, page in INCLUDED.items()}
    return posixpath.dirname(origin.get(src_uri, f"{docs}/{src_uri}"))


def _link_target(target: str, source_dir: str) -> tuple[str, str] | None:
    """A relative link's target as (path from the repository root, ``#anchor`` or ``""``); None
    for an external, absolute or same-page link."""
    path, hash_, anchor = target.partition("#")
    if not path or "://" in path or path.startswith(("/", "mailto:")):
        return None
    return posixpath.normpath(posixpath.join(source_dir, path)), hash_ + anchor


def _copied(repo: Path, docs: str, in_repo: str) -> bool:
    """Whether a link target is a file to copy under :data:`COPIED`: in the repository, outside
    ``docs/``, and not Markdown (Markdown files become pages through :data:`INCLUDED`)."""
    inside = not in_repo.startswith("../") and not in_repo.startswith(f"{docs}/")
    return inside and not in_repo.endswith(".md") and (repo / in_repo).is_file()


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the files of :data:`INCLUDED` to the site as pages, and the other files outside
    ``docs/`` that a page links to under :data:`COPIED`."""
    repo, docs = _repo(config), _docs_prefix(config)
    for source, page in INCLUDED.items():
        if files.get_file_from_path(page) is not None:
            raise ValueError(
                f"docs/{page} exists: it is generated from {source} (docs/api/_hooks.py)"
            )
        files.append(File.generated(config, page, abs_src_path=str(repo / source)))
    copied: set[str] = set()
    for file in files.documentation_pages():
        source_dir = _source_dir(file.src_uri, docs)
        for match in _LINK.finditer(file.content_string):
            found = _link_target(match.group(2), source_dir)
            if found and _copied(repo, docs, found[0]) and found[0] not in copied:
                copied.add(found[0])
                uri = f"{COPIED}/{found[0]}"
                files.append(File.generated(config, uri, abs_src_path=str(repo / found[0])))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Point the links of a page that leave ``docs/`` at their copies on the site (pages of
    :data:`INCLUDED`, files under :data:`COPIED`), and the links of an included page at the docs
    pages. Any other link is left for MkDocs to check."""
    repo, docs = _repo(config), _docs_prefix(config)
    src_uri = page.file.src_uri
    source_dir = _source_dir(src_uri, docs)

    def rewrite(match: re.Match[str]) -> str:
        found = _link_target(match.group(2), source_dir)
        if found is None:
            return match.group(0)
        in_repo, anchor = found
        if in_repo in INCLUDED:
            site_path = INCLUDED[in_repo]
        elif in_repo.startswith(f"{docs}/"):
            site_path = in_repo[len(docs) + 1 :]
        elif _copied(repo, docs, in_repo):
            site_path = f"{COPIED}/{in_repo}"
        else:
            return match.group(0)
        new = posixpath.relpath(site_path, posixpath.dirname(src_uri) or ".") + anchor
        return match.group(1) + new + match.group(3)

    return _LINK.sub(rewrite, markdown)


# -- Griffe extension ------------------------------------------------------------------------------
_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`(~?)([^`<>]+)`")
_REST_LINK = re.compile(r"`([^`<]+?) <([^`>]+)>`__?")
_FENCE = "```"


def _lookup(obj: griffe.Object, path: str) -> griffe.Object | griffe.Alias | None:
    try:
        return obj.modules_collection[path]  # type: ignore[no-any-return]
    except KeyError:
        return None


def _canonical(obj: griffe.Object, path: str) -> str:
    """Where the object at ``path`` is defined (``tarotlib.core.cards.Card`` for ``tarotlib.Card``)."""
    member = _lookup(obj, path)
    try:
        return path if member is None else str(member.canonical_path)
    except (griffe.AliasResolutionError, griffe.CyclicAliasError):
        return path


def _documented(obj: griffe.Object, path: str) -> bool:
    """Whether the object defined at ``path`` has a section of its own in the API reference:
    public, in a public module, and not a local name (a function's)."""
    target = _lookup(obj, path)
    if target is None or target.is_alias or any(part.startswith("_") for part in path.split(".")):
        return False
    scope: griffe.Object | griffe.Alias | None = target
    while scope is not None:
        if scope.is_function and scope is not target:
            return False
        if not scope.is_module and not scope.is_public:
            return False
        scope = scope.parent
    return True


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The full path of ``name`` as seen from ``obj`` (a module, class or function), where it is
    defined, or ``None`` when it is not an object of tarotlib."""
    if name == "tarotlib" or name.startswith("tarotlib."):
        return _canonical(obj, name)
    head, _, rest = name.partition(".")
    try:
        path = obj.resolve(head)
    except griffe.NameResolutionError:
        return None
    path = _canonical(obj, path)
    full = f"{path}.{rest}" if rest else path
    return full if full.startswith("tarotlib.") else None


def _roles(obj: griffe.Object, text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        tilde, name = match.groups()
        title = name.rpartition(".")[2] if tilde else name
        path = _resolve(obj, name)
        return f"[`{title}`][{path}]" if path and _documented(obj, path) else f"`{title}`"

    return _ROLE.sub(replace, text)


def _doctest_blocks(text: str) -> str:
    """Fence every doctest block (a ``>>>`` line and the lines up to the next blank line)."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    inside_fence = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(_FENCE):
            inside_fence = not inside_fence
        if inside_fence or not line.lstrip().startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        block: list[str] = []
        while i < len(lines) and lines[i].strip():
            block.append(lines[i])
            i += 1
        if out and out[-1].strip():
            out.append("")
        out.extend([f"{indent}{_FENCE}pycon", *block, f"{indent}{_FENCE}", ""])
    return "\n".join(out)


_BORDER = re.compile(r"^=+( +=+)+$")


def _row(line: str, starts: list[int]) -> str:
    """A row of a simple table whose columns start at ``starts``, as a Markdown table row."""
    bounds: list[int | None] = [*starts[1:], None]
    cells = [line[a:b].strip().replace("|", "\\|") for a, b in zip(starts, bounds, strict=True)]
    return "| " + " | ".join(cells) + " |"


def _simple_tables(text: str) -> str:
    """reST simple tables (``=====  =====`` borders, one header row) as Markdown tables."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        border = lines[i].strip()
        indent = len(lines[i]) - len(lines[i].lstrip())
        end = next((j for j in range(i + 3, len(lines)) if lines[j].strip() == border), None)
        if not _BORDER.match(border) or end is None or lines[i + 2].strip() != border:
            out.append(lines[i])
            i += 1
            continue
        starts = [match.start() for match in re.finditer(r"=+", border)]
        out.extend(["", _row(lines[i + 1][indent:], starts), "|" + "---|" * len(starts)])
        out.extend(_row(line[indent:], starts) for line in lines[i + 3 : end] if line.strip())
        out.append("")
        i = end + 1
    return "\n".join(out)


def _prose(obj: griffe.Object, text: str) -> str:
    """Roles, links and ``::`` outside code (fenced blocks and doctest blocks)."""
    parts = re.split(r"(^\s*```[^\n]*\n.*?^\s*```\s*$)", text, flags=re.M | re.S)
    for index in range(0, len(parts), 2):
        part = _roles(obj, parts[index])
        part = _REST_LINK.sub(r"[\1](\2)", part)
        parts[index] = re.sub(r"(\S)::$", r"\1:", part, flags=re.M)
    return "".join(parts)


def markdown_docstring(obj: griffe.Object, text: str) -> str:
    """The Markdown for the docstring ``text`` of ``obj``."""
    return _prose(obj, _simple_tables(_doctest_blocks(text)))


def _reexports(module: griffe.Module) -> list[str]:
    """The names of ``__all__`` that ``module`` imports from another tarotlib module, removed from
    its exports (each object is documented once, where it is defined)."""
    if not module.exports:
        return []
    moved: list[str] = []
    kept: list[str | griffe.ExprName] = []
    for export in module.exports:
        name = str(export)
        member = module.members.get(name)
        target = member.target_path if isinstance(member, griffe.Alias) else ""
        if target.startswith("tarotlib.") and _documented(module, _canonical(module, target)):
            moved.append(name)
        else:
            kept.append(export)
    module.exports = kept
    return moved


def _hidden(obj: griffe.Object, name: str) -> bool:
    """Special names left out of the reference: ``__all__``, ``__slots__``, a module's
    ``__getattr__``, ``__init__`` (its signature is the class's), and special methods without a
    docstring. A class's documented ``__str__`` (what ``print`` shows) stays."""
    if not (name.startswith("__") and name.endswith("__")) or name == "__version__":
        return False
    member = obj.members[name]
    if member.is_alias or not obj.is_class or not member.is_function or name == "__init__":
        return True
    return not member.has_docstring


class ReSTDocstrings(griffe.Extension):
    """Rewrites tarotlib's docstrings for mkdocstrings (see the module docstring) and documents
    each object once, where it is defined: a module's docstring ends with links to the names it
    re-exports."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        seen: set[int] = set()
        stack: list[griffe.Object] = [pkg]
        while stack:
            obj = stack.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            text = obj.docstring.value if obj.docstring is not None else ""
            if isinstance(obj, griffe.Module):
                moved = _reexports(obj)
                if moved:
                    links = ", ".join(f":obj:`~{obj.path}.{name}`" for name in moved)
                    text = f"{text}\n\nAlso importable from here: {links}.".lstrip()
            if obj.docstring is not None:
                obj.docstring.value = markdown_docstring(obj, text)
            elif text:
                obj.docstring = griffe.Docstring(markdown_docstring(obj, text), parent=obj)
            for name in [name for name in obj.members if _hidden(obj, name)]:
                del obj.members[name]
            stack.extend(
                member
                for member in obj.members.values()
                if not member.is_alias and isinstance(member, griffe.Object)
            )
