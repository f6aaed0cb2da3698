"""The arena's statistics: Student's t quantile for the matches' intervals, and Bradley–Terry
ratings on the Elo scale for a tournament's ladder.

>>> round(t_quantile(30), 3)
2.042
>>> [round(x) for x in bradley_terry(2, [(0, 1)], [[1.0, 1.0, -1.0]], range(3))]
[1544, 1456]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tarotlib._stats import t_quantile

__all__ = ["bradley_terry", "t_quantile"]


def bradley_terry(
    n: int,
    pairs: Sequence[tuple[int, int]],
    gains: Sequence[Sequence[float]],
    boards: Sequence[int] | range,
) -> list[float]:
    """Bradley–Terry strengths from the boards won (a tie: half each), with half a board won by
    each side of every pair added (so that a bot that won everything has a finite rating), by the
    minorization–maximization iteration; on the Elo scale, mean 1500. ``gains[p][k]`` is board
    ``k``'s gain of the first bot of ``pairs[p]``; ``boards`` the boards counted (a bootstrap
    counts some twice).

    >>> [round(x) for x in bradley_terry(2, [(0, 1)], [[5.0, -2.0, 3.0]], [0, 0, 2])]
    [1669, 1331]
    """
    wins = [[0.0] * n for _ in range(n)]
    for (a, b), g in zip(pairs, gains, strict=True):
        wins[a][b] += 0.5
        wins[b][a] += 0.5
        for k in boards:
            if g[k] > 0:
                wins[a][b] += 1
            elif g[k] < 0:
                wins[b][a] += 1
            else:
                wins[a][b] += 0.5
                wins[b][a] += 0.5
    p = [1.0] * n
    for _ in range(200):
        new = []
        for i in range(n):
            w = sum(wins[i])
            d = sum((wins[i][j] + wins[j][i]) / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(w / d if d else p[i])
        mean = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / mean for x in new]
        done = max(abs(x - y) for x, y in zip(new, p, strict=True)) < 1e-10
        p = new
        if done:
            break
    return [1500 + 400 * math.log10(x) for x in p]
