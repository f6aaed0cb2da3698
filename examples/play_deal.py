"""Play one French Tarot deal between random bots and explain the score.

Run: python examples/play_deal.py [players] [seed]
"""

from __future__ import annotations

import sys

import tarotlib
from tarotlib.bots import RandomBot


def main(players: int = 4, seed: int = 1) -> tarotlib.DealResult:
    rules = tarotlib.variant("french-tarot", players=players)
    state = rules.new_deal(seed=seed)
    bots = [RandomBot(seed=seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = state.apply(bots[seat].choose(state))
    print(f"{len(state.history)} actions: {' | '.join(a.text for a in state.history[:8])} ...")
    print(state.result)
    return state.result


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
