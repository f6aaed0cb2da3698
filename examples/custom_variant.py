"""Your own variant: "Piquet Whist", a trick-taking game defined in a few lines on tarotlib's deal
machine, then registered, simulated, checked with tarotlib.testing and played in the terminal.
The tutorial docs/custom-variant.md builds this file step by step.

The game: four players, each for themselves, with the 32-card piquet pack ranked A 10 K Q J 9 8 7.
Eight cards each, dealt in two packets of four. Hearts are trumps. Follow suit; if void, play a
trump, higher than any trump already in the trick if you can; on a trump lead, go higher if you
can; with neither the suit nor a trump, play anything. The highest trump wins the trick, else the
highest card of the suit led; the winner leads the next trick. Cards count A 11, 10 10, K 4, Q 3,
J 2 (120 in all) and each seat scores 4 × its card points − 120, so the scores sum to zero.

Run: python examples/custom_variant.py (its state machine needs Hypothesis: pip install -e '.[test]')
Play it: tarotlib play piquet-whist --load examples/custom_variant.py
"""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import attrs

import tarotlib
from tarotlib import PIQUET_32, DealResult, DealState, Game, PacketSchedule, Rank, Suit, testing
from tarotlib.bots import RandomBot
from tarotlib.core.cards import SUIT_MASKS, suit_card
from tarotlib.core.points import PointTable
from tarotlib.core.ranking import RankOrder
from tarotlib.core.text import seat_line
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import TrickPlay

# 1. The game's facts, from the core mechanisms: rank order, trick rules, card points.
ORDER = RankOrder.build("piquet", (Rank.ACE, 10, Rank.KING, Rank.QUEEN, Rank.JACK, 9, 8, 7))
TRICKS = TrickRules(ORDER, trumps=SUIT_MASKS[Suit.HEARTS], fool=0)  # hearts trump; no Excuse
VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
POINTS = PointTable.from_mapping(
    "whist", {suit_card(r, s): VALUES[r] for r in VALUES for s in Suit}
)


# 2. The game: who plays, the pack, how it is dealt, its phases (here only the tricks), and how a
# deal is scored. Everything else (dealing from a seed or a layout, legal actions, applying them,
# observations, records, matches) comes from tarotlib.Game.
class PiquetWhist(Game[DealState]):
    name, players, deck = "piquet-whist", 4, PIQUET_32
    dealing = PacketSchedule(packet_size=4, packets_per_player=2, kitty_size=0)
    phases = (TrickPlay(TRICKS),)

    def score(self, state: DealState) -> DealResult:
        points = tuple(POINTS.value_sum(state.pile_mask(seat)) for seat in range(4))
        return DealResult(tuple(4 * p - 120 for p in points), breakdown=Tally(points))


@attrs.frozen
class Tally:  # the readable score: the tarotlib.Breakdown protocol
    points: tuple[int, ...]

    def lines(self) -> tuple[str, ...]:
        return tuple(seat_line(seat, f"{p} card points") for seat, p in enumerate(self.points))


# 3. Register it: then tarotlib.variant("piquet-whist") builds it, and the command line plays it
# (tarotlib play piquet-whist --load examples/custom_variant.py).
INFO = tarotlib.VariantInfo("piquet-whist", "4 players, 32 cards", "custom_variant.py", PiquetWhist)
tarotlib.register(INFO, replace=True)


# 4. Point tarotlib.testing's checkers at it: the pack, the trick rules, the points, the scores.
def check(state: tarotlib.DealState) -> None:
    testing.check_legal_actions(state)
    testing.check_deal(state, deck=PIQUET_32, trick_rules=TRICKS, point_table=POINTS, scores=scores)


def scores(facts: testing.DealFacts) -> list[Fraction]:  # the scoring rule, restated from the facts
    return [4 * points - 120 for points in facts.points or ()]


def main(deals: int = 1000) -> tarotlib.Match:
    rules = tarotlib.variant("piquet-whist")
    bots = [RandomBot(seat) for seat in range(4)]
    match = tarotlib.Match.start(rules, deals=deals, seed=1).play(bots)
    print(f"{deals} deals between random bots: totals {match.totals}, winners {match.winners}")
    for seed in range(50):  # property test: every check at every step of 50 random deals
        testing.random_play(rules.new_deal(seed=seed), seed, on_step=check)
    print("checked: 50 random deals step by step")
    if importlib.util.find_spec("hypothesis") is None:  # the state machine needs Hypothesis
        print("the state machine needs Hypothesis: pip install -e '.[test]' in a checkout")
    else:
        testing.VariantMachine.for_variant("piquet-whist", check=check).run(max_examples=10)
        print("checked: 10 runs of the state machine")
    return match


if __name__ == "__main__":
    main()
