"""A game of Chambéry flower tarot for 6 players (six deals, the dealer's right sitting out each
one) between a heuristic bot and five random bots, the 3-player simplifié's deal breakdown, and a
King call written down at a real table (CH-E3), settled with the pure function.

Run: python examples/chambery_game.py
"""

from __future__ import annotations

import tarotlib
from tarotlib.bots import Bot, HeuristicBot, RandomBot
from tarotlib.match import Match
from tarotlib.variants.chambery.facts import config
from tarotlib.variants.chambery.scoring import Contract, settle_two_sides


def main() -> Match:
    rules = tarotlib.variant("chambery", players=6)
    bots: list[Bot] = [HeuristicBot(0), *(RandomBot(seat) for seat in range(1, 6))]
    game = Match.start(rules, seed=2026).play(bots)  # each seated player deals once (CH-17.1)
    print(f"{len(game.results)} deals of Chambéry tarot for 6; totals {game.totals}")
    assert game.is_over and game.deals == 6 and sum(game.totals) == 0

    small = tarotlib.variant("chambery", players=3, simplifie=True)
    state = small.new_deal(seed=11)
    players = [HeuristicBot(seat) for seat in range(3)]
    while state.to_act is not None:
        state = state.apply(players[state.to_act].choose(state))
    print("a deal of the 3-player simplifié:")
    print(state.result)

    # At a table: 5 players, nobody bid, the dealer (seat 0) called KH held by seat 3; the dealer's
    # side took 47 points to 21 (CH-E3).
    score = settle_two_sides(
        (47, 21),
        config=config(5),
        contract=Contract.KING_CALL,
        declarer=0,
        partner=3,
        active=range(5),
        players=5,
    )
    print("\n".join(score.lines()))
    assert score.scores == (20, -13, -13, 19, -13)
    return game


if __name__ == "__main__":
    main()
