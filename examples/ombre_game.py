"""A round of Tarocc'Ombre for 3 players (one deal each) between a heuristic bot and two random
bots, a 5-player deal's breakdown with its secretly called partner, and a deal written down at a
real table, scored with the pure function.

Run: python examples/ombre_game.py
"""

from __future__ import annotations

import tarotlib
from tarotlib.bots import Bot, HeuristicBot, RandomBot
from tarotlib.match import Match
from tarotlib.variants.lombard.ombre import Contract, OmbreSummary, score_deal


def main() -> Match:
    rules = tarotlib.variant("tarocco-ombre")
    bots: list[Bot] = [HeuristicBot(0), RandomBot(1), RandomBot(2)]
    game = Match.start(rules, seed=2026).play(bots)  # one round: three deals (TO-10)
    print(f"{len(game.results)} deals of Tarocc'Ombre; totals {game.totals}")
    assert game.is_over and game.deals == 3 and sum(game.totals) == 0

    five = tarotlib.variant("tarocco-ombre", players=5)
    state = five.new_deal(seed=11)
    players = [HeuristicBot(seat) for seat in range(5)]
    while state.to_act is not None:
        state = state.apply(players[state.to_act].choose(state))
    print("a 5-player deal:")
    print(state.result)

    # At a table: Ombra arrabiata, seat 2 played una and took 22 points (LO-E7): a loss.
    score = score_deal(OmbreSummary(players=4, contract=Contract.UNA, declarer=2, points=22))
    print(score)
    assert score.scores == (7, 7, -21, 7)
    return game


if __name__ == "__main__":
    main()
