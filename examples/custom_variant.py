"""Your own variant: "Piquet Whist", a small trick-taking game written with tarotlib's public API
only, then registered, simulated and property-tested with tarotlib.testing. The tutorial
docs/custom-variant.md builds this file step by step.

The game: four players, each for themselves, with the 32-card piquet pack ranked A 10 K Q J 9 8 7.
Eight cards each, dealt in two packets of four. Hearts are trumps. Follow suit; if void, play a
trump, higher than any trump already in the trick if you can; on a trump lead, go higher if you
can; with neither the suit nor a trump, play anything. The highest trump wins the trick, else the
highest card of the suit led; the winner leads the next trick. Cards count A 11, 10 10, K 4, Q 3,
J 2 (120 in all) and each seat scores 4 × its card points − 120, so the scores sum to zero.

Needs Hypothesis for the property tests: pip install "tarotlib[test]".
Run: python examples/custom_variant.py
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

import attrs

import tarotlib
from tarotlib import PIQUET_32, Action, Card, DealResult, Play, Rank, Suit, testing
from tarotlib.bots import RandomBot
from tarotlib.cards import SUIT_MASKS, card_mask, cards_of, format_cards, parse_card, suit_card
from tarotlib.errors import DealError, GameNotOverError, IllegalActionError
from tarotlib.points import PointTable
from tarotlib.ranking import RankOrder
from tarotlib.tricks import PlayedTrick, TrickRules

# 1. The game's facts, built from the core mechanisms.
SCHEDULE = tarotlib.PacketSchedule(packet_size=4, packets_per_player=2, kitty_size=0)
ORDER = RankOrder.build("piquet", (Rank.ACE, 10, Rank.KING, Rank.QUEEN, Rank.JACK, 9, 8, 7))
TRICKS = TrickRules(ORDER, trumps=SUIT_MASKS[Suit.HEARTS], fool=0)  # no Excuse in this pack
VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
POINTS = PointTable.from_mapping(
    "whist", {suit_card(r, s): VALUES[r] for r in VALUES for s in Suit}
)


# 2. The rules object: the tarotlib.Rules protocol.
class PiquetWhist:
    name, players, deck, match_target = "piquet-whist", 4, PIQUET_32, None

    def options_dict(self) -> dict[str, object]:
        return {}

    def new_deal(
        self, *, seed: int | None = None, layout: tarotlib.Layout | None = None, dealer: int = 0
    ) -> WhistState:
        if layout is None:
            seed = random.randrange(2**64) if seed is None else seed
            layout = SCHEDULE.deal(PIQUET_32, 4, dealer, seed)
        elif layout.mask != PIQUET_32.mask or [len(h) for h in layout.hands] != [8] * 4:
            raise DealError("Piquet Whist deals the 32-card pack, 8 cards to each of 4 seats")
        else:
            seed = None  # a deal given card by card has no seed
        return WhistState(self, layout, seed, trick_leader=(layout.dealer + 1) % 4)

    def deal_from_order(self, order: Sequence[int], dealer: int = 0) -> WhistState:
        return self.new_deal(layout=SCHEDULE.deal_order(order, 4, dealer))

    def parse_action(self, text: str) -> Action:
        return Play.of(parse_card(text.removeprefix("play ")))

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        return (dealer + 1) % 4

    def counts_toward_match(self, result: DealResult) -> bool:
        return True

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        return result.scores, carry

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        return max(totals) >= target


# 3. The states of a deal: the tarotlib.GameState protocol, plus hand(), tricks, current_trick and
# trick_leader, which tarotlib.testing.check_deal reads when a state has them. TrickRules keeps
# the trick in progress as two numbers: the suit led and the winning card (-1 before the lead).
@attrs.frozen
class WhistState:
    rules: PiquetWhist
    layout: tarotlib.Layout
    seed: int | None
    trick_leader: int
    history: tuple[Action, ...] = ()
    tricks: tuple[PlayedTrick, ...] = ()
    current_trick: tuple[Card, ...] = ()
    led: int = -1
    win: int = -1

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 8

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "play"

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else (self.trick_leader + len(self.current_trick)) % 4

    def hand(self, seat: int) -> tuple[Card, ...]:
        gone = {c for t in self.tricks for c in t.cards} | set(self.current_trick)
        return tuple(c for c in self.layout.hands[seat] if c not in gone)

    def legal_actions(self) -> tuple[Action, ...]:
        hand = card_mask(self.hand(self.to_act)) if self.to_act is not None else 0
        return tuple(map(Play.of, cards_of(TRICKS.legal_mask(hand, self.led, self.win))))

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> WhistState:
        seat = self.to_act
        if seat is None or not isinstance(action, Play):
            raise IllegalActionError("the deal is over" if seat is None else "not a card", action)
        why = TRICKS.explain(card_mask(self.hand(seat)), self.led, self.win, action.card)
        if why:  # "must follow spades", "must trump", "card not in hand"
            raise IllegalActionError(why, action)
        trick, history = (*self.current_trick, action.card), (*self.history, action)
        led, win = TRICKS.follow(self.led, self.win, action.card)
        if len(trick) < 4:
            return attrs.evolve(self, history=history, current_trick=trick, led=led, win=win)
        winner = (self.trick_leader + trick.index(win)) % 4
        done = (*self.tricks, PlayedTrick(self.trick_leader, trick, winner))
        return WhistState(self.rules, self.layout, self.seed, winner, history, done)

    @property
    def result(self) -> DealResult:
        if not self.is_over:
            raise GameNotOverError("the deal is not over")
        won = [[c for t in self.tricks if t.winner == seat for c in t.cards] for seat in range(4)]
        points = tuple(POINTS.value_sum(card_mask(pile)) for pile in won)
        return DealResult(tuple(4 * p - 120 for p in points), breakdown=Tally(points))

    def observation(self, seat: int) -> View:
        return View(seat, format_cards(self.hand(seat)), format_cards(self.current_trick))


@attrs.frozen
class Tally:  # the readable score: the tarotlib.Breakdown protocol
    points: tuple[int, ...]

    def lines(self) -> tuple[str, ...]:
        return tuple(f"seat {seat}: {p} card points" for seat, p in enumerate(self.points))


@attrs.frozen
class View:  # what one seat may see: the tarotlib.Observation protocol
    seat: int
    hand: str
    trick: str

    def to_json(self) -> dict[str, object]:
        return attrs.asdict(self)


# 4. Register it: then tarotlib.variant("piquet-whist") builds it. A program would simply call
# tarotlib.register(INFO) here; this example runs inside tarotlib's test suite too, so main()
# registers it only while it runs, with tarotlib.testing.registered.
INFO = tarotlib.VariantInfo("piquet-whist", "4 players, 32 cards", "custom_variant.py", PiquetWhist)


# 5. Point tarotlib.testing's checkers at it: the pack, the trick rules, the points, the scores.
def check(state: tarotlib.GameState) -> None:
    testing.check_legal_actions(state)
    testing.check_deal(state, deck=PIQUET_32, trick_rules=TRICKS, point_table=POINTS, scores=scores)


def scores(facts: testing.DealFacts) -> list[Fraction]:  # the scoring rule, restated from the facts
    return [4 * points - 120 for points in facts.points or ()]


def main(deals: int = 1000) -> tarotlib.Match:
    with testing.registered(INFO):
        rules = tarotlib.variant("piquet-whist")
        bots = [RandomBot(seat) for seat in range(4)]
        match = tarotlib.Match.start(rules, deals=deals, seed=1).play(bots)
        print(f"{deals} deals between random bots: totals {match.totals}, winners {match.winners}")
        for seed in range(50):  # property test: every check at every step of 50 random deals
            testing.random_play(rules.new_deal(seed=seed), seed, on_step=check)
        testing.VariantMachine.for_variant("piquet-whist", check=check).run(max_examples=10)
    print("checked: 50 random deals step by step, and 10 runs of the state machine")
    return match


if __name__ == "__main__":
    main()
