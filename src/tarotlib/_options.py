"""Internal helpers shared by the variants' option classes (attrs classes of plain values)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import attrs

from tarotlib.errors import OptionError

T = TypeVar("T")


def check_choices(options: object, choices: Mapping[str, tuple[object, ...]]) -> None:
    """Raise :class:`OptionError` unless each option named in ``choices`` has one of its listed
    values, of the same type (``True`` is not ``1``)."""
    for name, allowed in choices.items():
        value = getattr(options, name)
        if value not in allowed or type(value) is not type(allowed[0]):
            shown = ", ".join(str(c) for c in allowed)
            raise OptionError(f"option {name} must be one of {shown} (got {value!r})")


def from_dict(cls: type[T], values: Mapping[str, object], game: str) -> T:
    """``cls(**values)``, refusing unknown option names with the list of the known ones."""
    known = {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - known)
    if unknown:
        raise OptionError(
            f"unknown {game} option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    built: Any = cls(**values)
    return built  # type: ignore[no-any-return]
