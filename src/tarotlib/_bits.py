"""Internal helpers on card bit masks (hot paths)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def mask_decoder(items: Sequence[T]) -> Callable[[int], tuple[T, ...]]:
    """A function mapping a card mask to the tuple of per-card items (e.g. shared actions), in
    index order, using one lookup table per 8-bit chunk. (A closure rather than an object with
    ``__call__``: calling it is measurably cheaper on the hot path.)"""
    tables: list[tuple[tuple[T, ...], ...]] = []
    for base in range(0, len(items), 8):
        chunk = items[base : base + 8]
        tables.append(
            tuple(tuple(chunk[b] for b in range(len(chunk)) if m >> b & 1) for m in range(256))
        )
    frozen = tuple(tables)

    def decode(mask: int) -> tuple[T, ...]:
        out: tuple[T, ...] = ()
        i = ((mask & -mask).bit_length() - 1) >> 3  # start at the lowest non-empty chunk
        mask >>= i << 3
        while mask:
            b = mask & 255
            if b:
                out += frozen[i][b]
            mask >>= 8
            i += 1
        return out

    return decode
