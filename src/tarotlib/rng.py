"""Deterministic randomness that does not depend on the Python version.

All of tarotlib's randomness goes through explicit seeds. Shuffles are specified here, so that the same
seed gives the same deal on every machine and every supported Python: a seed (any int, taken modulo
2**64) feeds SplitMix64; seven outputs form a 448-bit number X, and the permutation is read off X in
the factorial number system (for i = n, n-1, …, 2: ``X, j = divmod(X, i)``, swap positions i-1 and j).
For packs up to 78 cards (log2 78! ≈ 380 bits) every permutation's probability is within 2**-60
(relative) of uniform.

>>> shuffle(range(5), seed=1)
[1, 4, 0, 2, 3]
>>> derive_seed(7, 0) != derive_seed(7, 1)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeVar

__all__ = ["derive_seed", "shuffle", "splitmix64"]

T = TypeVar("T")
_M64: Final = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(new_state, output)``, both 64-bit."""
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A 64-bit seed derived from ``seed`` and ``index`` (e.g. the k-th deal of a match)."""
    _, a = splitmix64((seed & _M64) ^ 0xD1B54A32D192ED03)
    _, b = splitmix64((a + index) & _M64)
    return b


def shuffle(items: Iterable[T], seed: int) -> list[T]:
    """A new list holding ``items`` in a seeded random order (see the module docstring)."""
    out = list(items)
    n = len(out)
    if n > 100:
        raise ValueError("shuffle() is specified for at most 100 items")
    state = seed & _M64
    x = 0
    for _ in range(7 if n <= 80 else 9):  # splitmix64(), inlined
        state = (state + 0x9E3779B97F4A7C15) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        x = (x << 64) | (z ^ (z >> 31))
    i = n
    # Three factorial-base digits per big-number division: X = q·i(i-1)(i-2) + r, then the digits
    # for i, i-1, i-2 are read off r with small-number arithmetic. This is exactly the one-digit
    # decode of the module docstring, only faster.
    while i >= 4:
        x, r = divmod(x, i * (i - 1) * (i - 2))
        r, j = divmod(r, i)
        out[i - 1], out[j] = out[j], out[i - 1]
        k, j = divmod(r, i - 1)
        out[i - 2], out[j] = out[j], out[i - 2]
        out[i - 3], out[k] = out[k], out[i - 3]
        i -= 3
    while i >= 2:
        x, j = divmod(x, i)
        out[i - 1], out[j] = out[j], out[i - 1]
        i -= 1
    return out
