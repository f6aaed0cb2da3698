"""A simple rule-based bot that sees only its observation, in a match against random bots.

The bot bids Garde with many trumps, never announces a slam, and in play wins the trick cheaply when
it can, otherwise throws its lowest card. It decides from ``state.observation(seat)`` (what that
seat may know) and the legal actions, never from other hands.

Run: python examples/greedy_bot_match.py
"""

from __future__ import annotations

import tarotlib
from tarotlib import Action, Bid, Pass, Play, Slam
from tarotlib.bots import Bot, RandomBot
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
from tarotlib.match import Match
from tarotlib.variants.french_tarot import Contract, FrenchTarotState


class GreedyBot:
    """Plays from its own observation: cheap wins, cheap losses."""

    def choose(self, state: tarotlib.DealState) -> Action:
        assert isinstance(state, FrenchTarotState) and state.to_act is not None
        legal = state.legal_actions()
        obs = state.observation(state.to_act)
        trumps = sum(1 for c in obs.hand if c.is_trump)
        if state.phase == "auction":
            want = Bid(Contract.GARDE) if trumps >= 8 else Bid(Contract.PRISE)
            return want if want in legal and trumps >= 6 else Pass()
        if state.phase == "slam":
            return Slam(False)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]
        trick = obs.current_trick
        winning = []
        for a in plays:
            pos = FRENCH_TAROT_TRICKS.winner_position((*trick, a.card)) if trick else 0
            if pos == len(trick):
                winning.append(a)
        pool = winning or plays
        return min(
            pool, key=lambda a: (a.card.is_trump, a.card.trump_number or 0, a.card.rank or 0)
        )


def main(deals: int = 6) -> Match:
    rules = tarotlib.variant("french-tarot", players=4)
    bots: list[Bot] = [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
    match = Match.start(rules, deals=deals, seed=11).play(bots)
    print("totals:", match.totals, "winners:", match.winners)
    assert sum(match.totals) == 0
    return match


if __name__ == "__main__":
    main()
