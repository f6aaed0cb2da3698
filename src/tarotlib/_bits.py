"""Internal helpers on card bit masks (hot paths)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class MaskDecoder(Generic[T]):
    """Maps a card mask to the tuple of per-card items (e.g. shared actions), in index order,
    using one lookup table per 8-bit chunk."""

    __slots__ = ("_tables",)

    def __init__(self, items: Sequence[T]) -> None:
        tables: list[tuple[tuple[T, ...], ...]] = []
        for base in range(0, len(items), 8):
            chunk = items[base : base + 8]
            tables.append(
                tuple(tuple(chunk[b] for b in range(len(chunk)) if m >> b & 1) for m in range(256))
            )
        self._tables = tuple(tables)

    def __call__(self, mask: int) -> tuple[T, ...]:
        tables = self._tables
        out: tuple[T, ...] = ()
        i = ((mask & -mask).bit_length() - 1) >> 3  # start at the lowest non-empty chunk
        mask >>= i << 3
        while mask:
            b = mask & 255
            if b:
                out += tables[i][b]
            mask >>= 8
            i += 1
        return out
