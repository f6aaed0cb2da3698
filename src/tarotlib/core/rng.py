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
    """One SplitMix64 step: returns ``(new_state, output)``, both 64-bit.

    >>> state, output = splitmix64(0)
    >>> state, output
    (11400714819323198485, 16294208416658607535)
    """
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A 64-bit seed derived from ``seed`` and ``index`` (e.g. the k-th deal of a match).

    >>> hex(derive_seed(2024, 0)), hex(derive_seed(2024, 1))
    ('0xf3d5fb4583023a03', '0x900d1f70a7bb6af7')
    >>> hex(splitmix64(splitmix64(2024 ^ 0xD1B54A32D192ED03)[1] + 0)[1])  # two SplitMix64 steps
    '0xf3d5fb4583023a03'
    >>> 0 <= derive_seed(2024, 5) < 2**64
    True
    """
    _, a = splitmix64((seed & _M64) ^ 0xD1B54A32D192ED03)
    _, b = splitmix64((a + index) & _M64)
    return b


_GROUPS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _groups(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Radices n, n-1, …, 2 in groups whose product stays below 2**62 (cached per n)."""
    groups = _GROUPS.get(n)
    if groups is None:
        out: list[tuple[int, tuple[int, ...]]] = []
        i = n
        while i >= 2:
            prod, radices = 1, []
            while i >= 2 and prod * i < 1 << 62:
                prod *= i
                radices.append(i)
                i -= 1
            out.append((prod, tuple(radices)))
        groups = _GROUPS[n] = tuple(out)
    return groups


def shuffle(items: Iterable[T], seed: int) -> list[T]:
    """A new list holding ``items`` in a seeded random order (see the module docstring).

    >>> shuffle("abcde", seed=1)
    ['b', 'e', 'a', 'c', 'd']
    >>> shuffle("abcde", seed=1) == shuffle("abcde", seed=1 + 2**64)
    True
    """
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
    # The one-digit decode of the module docstring, done with few big-number divisions: for a group
    # of consecutive radices i, i-1, …, i-k+1 with product P < 2**62, X = q·P + r, and the group's
    # digits are read off r with small-number arithmetic (r mod i = X mod i, and so on), then X = q.
    # The permutation is exactly the one-digit decode's.
    for prod, radices in _groups(n):
        x, r = divmod(x, prod)
        for m in radices:
            j = r % m  # two operators: cheaper than divmod(), a call that builds a tuple
            r //= m
            out[m - 1], out[j] = out[j], out[m - 1]
    return out
