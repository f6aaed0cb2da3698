"""What the card sampler's tests share: small late-deal positions and a chi-square test."""

from __future__ import annotations

import math
import random

from tarotlib.deal import DealState


def position(rules: object, seed: int, left: int, played: int) -> DealState:
    """Random play until the trick in progress has ``played`` cards and its next player holds
    ``left`` cards (a small late-deal position)."""
    rng = random.Random(seed)
    state: DealState = rules.new_deal(seed=seed)  # type: ignore[attr-defined]
    while not state.is_over:
        to = state.to_act
        trick = len(state.current_trick)
        if (
            state.phase == "play"
            and to is not None
            and trick == played
            and len(state.hand(to)) == left
        ):
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def chi_square_p(stat: float, dof: int) -> float:
    """P(X >= stat) for X chi-square with ``dof`` degrees of freedom: the regularized upper
    incomplete gamma function Q(dof/2, stat/2) (series or continued fraction)."""
    a, x = dof / 2, stat / 2
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        term = total = 1 / a
        k = 0
        while abs(term) > 1e-16 * abs(total):
            k += 1
            term *= x / (a + k)
            total += term
        return max(0.0, 1 - front * total)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > tiny else tiny
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return front * h
