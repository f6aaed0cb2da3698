"""Simulate a thousand French Tarot deals between random bots and summarise them: how often each
contract was played and made, how many deals were annulled, and the mean score of each seat and of
the taker.

Random bots bid at random, so high contracts are frequent and rarely made: the numbers describe
the bots, not the game. Swap in your own bots to compare strategies.

Run: python examples/simulate_thousand.py [deals] [players] [seed]
"""

from __future__ import annotations

import sys
from collections import Counter

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.core.rng import derive_seed


def main(deals: int = 1000, players: int = 4, seed: int = 2026) -> dict[str, object]:
    rules = tarotlib.variant("french-tarot", players=players)
    bots = [RandomBot(derive_seed(seed, -1 - s)) for s in range(players)]
    played: Counter[str] = Counter()
    made: Counter[str] = Counter()
    annulled: Counter[str] = Counter()
    totals = [0.0] * players
    taker_total = 0.0
    for k in range(deals):
        state = rules.new_deal(seed=derive_seed(seed, k), dealer=k % players)
        while state.to_act is not None:
            state = state.apply(bots[state.to_act].choose(state))
        result = state.result
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
        if result.annulled is not None:
            annulled[result.annulled.split(" (")[0]] += 1  # "petit sec (seat 2)": by reason
            continue
        contract = result.contract or "none"
        played[contract] += 1
        made[contract] += bool(result.made)
        if result.declarer is not None:
            taker_total += result.scores[result.declarer]
    contracts = sum(played.values())
    print(f"{deals} deals of {players}-player French Tarot between random bots (seed {seed})")
    for contract, count in played.most_common():
        rate = made[contract] / count
        print(f"  {contract:<13} {count:>5} deals ({count / deals:6.1%}), made {rate:6.1%}")
    for reason, count in annulled.most_common():
        print(f"  annulled: {reason} ({count})")
    success = sum(made.values()) / contracts if contracts else 0.0
    means = [round(t / deals, 2) for t in totals]
    print(f"contracts made: {success:.1%}; mean score by seat: {means}")
    print(f"the taker's mean score: {taker_total / contracts if contracts else 0.0:+.1f}")
    assert sum(totals) == 0  # French Tarot is zero-sum (FT-14.2)
    return {
        "played": dict(played),
        "made": dict(made),
        "annulled": sum(annulled.values()),
        "success_rate": success,
        "mean_scores": means,
    }


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:4]))
