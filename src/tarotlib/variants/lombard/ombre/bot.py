"""A heuristic player of Tarocc'Ombre and Ombra arrabiata (the games' ``bot`` hook, played by
:class:`~tarotlib.bots.HeuristicBot`). It decides from its seat's observation only.

- Discard (TO-4): its blanks of the shortest suits first.
- Auction (TO-5): a hand strength (trumps, high trumps, the Mondo, Kings, the Matto) against
  thresholds per contract, scaled to the hand size; it bids the highest contract its strength
  reaches, if allowed, else passes.
- Concession (TO-7): it concedes a hand too weak for the contract.
- Exchanges (TO-6): it names the strongest trump (then a King) it lacks and gives back its weakest
  blank, from its shortest suit.
- Partner call (TO-34): the strongest trump it lacks.
- Play (LO-6): it wins a trick with its cheapest winning card when the trick is worth it, gives
  counting cards to a trick its side is winning, and otherwise throws its cheapest card. Which card
  wins the trick, and which cards would beat it, it asks the games' trick rules
  (:data:`~tarotlib.variants.lombard.facts.TRICKS`, the rules of their play phase).

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> rules = tarotlib.variant("tarocco-ombre")
>>> state = rules.new_deal(seed=7)
>>> bots = [HeuristicBot(seat) for seat in range(3)]
>>> while not state.is_over:
...     state = state.apply(bots[state.to_act].choose(state))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarotlib.bots.heuristic import GamePlayer
from tarotlib.bots.weighing import TieBreaker, best
from tarotlib.core.actions import (
    Action,
    Bid,
    Call,
    Concede,
    Discard,
    Give,
    NoCall,
    Pass,
    Play,
    Request,
    Stop,
)
from tarotlib.core.cards import trump
from tarotlib.core.tricks import TRUMP_CLASS
from tarotlib.deal import Game
from tarotlib.variants.lombard.facts import KINGS_MASK, MATTO, MONDO, TRICKS, values
from tarotlib.variants.lombard.ombre.game import Ombre
from tarotlib.variants.lombard.ombre.observation import OmbreObservation

__all__ = ["OmbreBot", "player"]

_STRENGTH: Final = TRICKS.rank_order.strength
_CLASS: Final = TRICKS.card_class
"""Each card's class in the trick rules: its suit (0-3), trumps (``TRUMP_CLASS``), the Matto."""
_VALUES: Final = values(6)  # group values: a blank is 1
_T16: Final = trump(16)
_HIGH_TRUMPS: Final = 1 << _T16 | TRICKS.above[_T16]
"""The high trumps: the 16 and the trumps above it."""


def _is_trump(card: int) -> bool:
    return _CLASS[card] == TRUMP_CLASS


def _is_king(card: int) -> bool:
    return bool(KINGS_MASK >> card & 1)


def _worth(card: int) -> int:
    """Card points (a blank 0)."""
    v = _VALUES[card]
    return 0 if v == 1 else v


def _card(action: Action) -> int:
    """The card of a discard or a give (the steps that ask for one offer only those)."""
    if isinstance(action, (Discard, Give)):
        return int(action.card)
    raise TypeError(f"{action.text}: neither a discard nor a give")


def strength(hand: Sequence[int]) -> float:
    """A hand's strength: each trump 1 (a high trump 1.5), the Mondo 3, each King 1.5, the Matto 1.

    >>> from tarotlib.core.cards import parse_cards
    >>> strength([int(c) for c in parse_cards("T21 T20 T5 KS EX 7S")])
    8.0
    """
    total = 0.0
    for c in hand:
        if c == MONDO:
            total += 3
        elif _is_trump(c):
            total += 1.5 if _HIGH_TRUMPS >> c & 1 else 1
        elif c == MATTO:
            total += 1
        elif _is_king(c):
            total += 1.5
    return total


def _winning(trick: Sequence[int], leader: int, n: int) -> tuple[int, int]:
    """``(winning card, its seat)`` of a partial trick led by ``leader`` at a table of ``n``, as
    the trick rules play it (LO-6.3, LO-7.2); ``(-1, -1)`` while nothing but the Matto is played."""
    led, win, seat = -1, -1, -1
    for i, c in enumerate(trick):
        led, new = TRICKS.follow(led, win, c)
        if new != win:
            win, seat = new, (leader + i) % n
    return win, seat


class OmbreBot:
    """The heuristic player (see the module docstring); ties broken with ``rng``.

    >>> from tarotlib.bots.weighing import TieBreaker
    >>> OmbreBot(TieBreaker(1)).rng.state
    1
    """

    def __init__(self, rng: TieBreaker) -> None:
        self.rng = rng

    def decide(self, seen: OmbreObservation, actions: Sequence[Action], rules: Ombre) -> Action:
        """The action to take among ``actions``.

        >>> import tarotlib
        >>> from tarotlib.bots.weighing import TieBreaker
        >>> rules = tarotlib.variant("tarocco-ombre")
        >>> state = rules.new_deal(seed=2)
        >>> action = OmbreBot(TieBreaker(1)).decide(state.observation(0), state.legal_actions(), rules)
        >>> action in state.legal_actions()
        True
        """
        first = actions[0]
        hand = [int(c) for c in seen.hand]
        if isinstance(first, Discard):
            return self._discard(hand, actions)
        if any(isinstance(a, (Bid, Pass)) for a in actions):
            return self._bid(hand, actions, rules)
        if isinstance(first, Concede):
            weak = strength(hand) < self._threshold(rules, 0) - 1
            return next(a for a in actions if isinstance(a, Concede) and a.concede == weak)
        if any(isinstance(a, Request) for a in actions) or isinstance(first, Stop):
            return self._request(actions)
        if any(isinstance(a, (Call, NoCall)) for a in actions):
            return self._call(actions)
        if isinstance(first, Give):
            if seen.phase == "exchanges":
                return self._discard(hand, actions)
            return best(self.rng, actions, [-_worth(_card(a)) for a in actions])
        return self._play(seen, hand, actions, rules)

    # -- before play ------------------------------------------------------------------------------
    def _discard(self, hand: list[int], actions: Sequence[Action]) -> Action:
        counts = [0] * 6  # by class (suit, trumps, Matto)
        for c in hand:
            counts[_CLASS[c]] += 1

        def keep(card: int) -> float:
            return _worth(card) * 10 + (30 if _is_trump(card) else 0) + counts[_CLASS[card]]

        return best(self.rng, actions, [-keep(_card(a)) for a in actions])

    def _threshold(self, rules: Ombre, level: int) -> float:
        o = rules.options
        f = 0.62 if o.players in (3, 4) else 0.5
        return o.hand_size * f + (0, 2, 4)[level]

    def _bid(self, hand: list[int], actions: Sequence[Action], rules: Ombre) -> Action:
        s = strength(hand)
        target = -1
        for level in range(3):
            if s >= self._threshold(rules, level):
                target = level
        bids = [a for a in actions if isinstance(a, Bid) and a.contract.value - 1 <= target]
        if bids:
            return bids[-1]
        passes = [a for a in actions if isinstance(a, Pass)]
        return passes[0] if passes else actions[0]

    def _request(self, actions: Sequence[Action]) -> Action:
        named = [a for a in actions if isinstance(a, Request)]
        if not named:
            return actions[0]

        def want(card: int) -> float:
            if _is_trump(card):
                return 100 + card
            if _is_king(card):
                return 50
            return _worth(card)

        return best(self.rng, named, [want(int(a.card)) for a in named])

    def _call(self, actions: Sequence[Action]) -> Action:
        calls = [a for a in actions if isinstance(a, Call)]
        if not calls:
            return actions[0]
        return best(self.rng, calls, [int(a.card) if _is_trump(int(a.card)) else 0 for a in calls])

    # -- play ------------------------------------------------------------------------------------
    def _play(
        self, seen: OmbreObservation, hand: list[int], actions: Sequence[Action], rules: Ombre
    ) -> Action:
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return actions[0]
        cards = [int(a.card) for a in plays]
        n = rules.players
        me = seen.seat
        declarer = seen.declarer if seen.declarer is not None else -1
        mine = {me}
        if me == declarer or me == seen.partner:
            mine |= {declarer} | ({seen.partner} if seen.partner is not None else set())
        elif n in (3, 4):
            mine = set(range(n)) - {declarer}
        trick = [int(c) for c in seen.current_trick]
        leader = seen.trick_leader if seen.trick_leader is not None else me
        last = len(trick) == n - 1
        if not trick or all(c == MATTO for c in trick):
            # Lead: a King, or a high trump as declarer, else a low blank of a long suit.
            def lead(card: int) -> float:
                if _is_king(card):
                    return 50
                if _HIGH_TRUMPS >> card & 1 and me == declarer:
                    return 40 + card
                return (
                    -_worth(card) * 10
                    - (20 if _is_trump(card) else 0)
                    - (30 if card == MATTO else 0)
                )

            return best(self.rng, plays, [lead(c) for c in cards])
        winner, seat = _winning(trick, leader, n)
        points = sum(_worth(c) for c in trick)
        if seat in mine and (last or TRICKS.above[_T16] >> winner & 1):
            # The side wins: give points.
            return best(
                self.rng, plays, [_worth(c) * 10 - (50 if c == MATTO else 0) for c in cards]
            )
        beats = TRICKS.beats[winner]  # LO-6.3: the cards that would take the trick
        winners = [c for c in cards if beats >> c & 1]
        if winners and (points > 0 or last or seat not in mine):
            return best(
                self.rng, plays, [(-_STRENGTH[c] if c in winners else -10_000) for c in cards]
            )

        def throw(card: int) -> float:
            if card == MATTO:
                return -1  # keep it unless nothing else is cheap
            return -_worth(card) * 10 - (15 if _is_trump(card) else 0) - _STRENGTH[card] / 100

        return best(self.rng, plays, [throw(c) for c in cards])


def player(rng: TieBreaker) -> GamePlayer:
    """The games' ``bot`` hook: an :class:`OmbreBot` as the function ``(observation, legal
    actions, rules) -> action`` that :class:`~tarotlib.bots.HeuristicBot` calls.

    >>> import tarotlib
    >>> from tarotlib.bots.weighing import TieBreaker
    >>> rules = tarotlib.variant("ombra-arrabiata")
    >>> state = rules.new_deal(seed=4)
    >>> player(TieBreaker(0))(state.observation(0), state.legal_actions(), rules).text[:7]
    'discard'
    """
    bot = OmbreBot(rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, OmbreObservation) or not isinstance(rules, Ombre):
            raise TypeError(f"OmbreBot plays Tarocc'Ombre, not {rules.name}")
        return bot.decide(observation, actions, rules)

    return play
