"""Student's t quantile, shared by the arena's intervals (:mod:`tarotlib.arena.stats`) and the
search bot's test of whether one action beats another (:mod:`tarotlib.bots.search`).

>>> round(t_quantile(30), 3)
2.042
"""

from __future__ import annotations

import math

__all__ = ["t_quantile"]


def t_quantile(df: int, p: float = 0.975) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom: the
    distribution function in closed form (integer ``df``) inverted by bisection, up to 1,000
    degrees of freedom; beyond, Hill's expansion around the normal quantile (within 1e-9 there).

    >>> round(t_quantile(10), 3), round(t_quantile(1000), 3)
    (2.228, 1.962)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if not 0 < p < 1:
        raise ValueError(f"p must be between 0 and 1, got {p}")
    if p < 0.5:
        return -t_quantile(df, 1 - p)
    if df > 1000:
        z = _normal_quantile(p)
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        return z + g1 / df + g2 / df**2 + g3 / df**3
    inside = 2 * p - 1  # P(|T| < t)
    lo, hi = 0.0, 1.0
    while _t_inside(hi, df) < inside:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if _t_inside(mid, df) < inside:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


def _t_inside(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom (the closed form for integer
    degrees of freedom: a finite series in the cosine of atan(t / sqrt(df)))."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2:
        term = total = 1.0 if df > 1 else 0.0
        for k in range(1, (df - 3) // 2 + 1):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + s * math.cos(theta) * total)
    term = total = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def _normal_quantile(p: float) -> float:
    """The standard normal quantile (Acklam's rational approximation, refined by a Newton
    step)."""
    a = (-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269,
         -30.66479806614716, 2.506628277459239)  # fmt: skip
    b = (-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
         -13.28068155288572)  # fmt: skip
    c = (-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
         4.374664141464968, 2.938163982698783)  # fmt: skip
    d = (0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416)
    if p < 0.02425:
        r = math.sqrt(-2 * math.log(p))
        x = (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) / (
            (((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1
        )
    elif p > 1 - 0.02425:
        return -_normal_quantile(1 - p)
    else:
        r = (p - 0.5) ** 2
        x = (
            (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
            * (p - 0.5)
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        )
    e = 0.5 * math.erfc(-x / math.sqrt(2)) - p
    return x - e * math.sqrt(2 * math.pi) * math.exp(x * x / 2)
