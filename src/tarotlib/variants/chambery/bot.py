"""The heuristic player of Chambéry flower tarot: :class:`ChamberyBot`, registered as the game's
``bot`` hook, so that :class:`~tarotlib.bots.HeuristicBot` plays it.

It decides from its seat's observation, its legal actions and the public rules only; ties are
broken with the bot's own SplitMix64 generator.

How it plays: the dealer discards his most valuable allowed suit cards when the discard is his
(CH-7.3 ``dealer``), else his least valuable, shortening a short suit and keeping trumps. It bids
a solo only with a strong hand (trumps, the top trumps, Kings, the Fou), higher contracts for
stronger hands; as dealer it calls the King of his longest suit. A soloist requests the highest
trumps he lacks (trump 21 first), then Kings, and gives back his least valuable card of his
shortest suit. In play it follows the Lombard player's habits: it leads an unplayed King early,
else a cheap card; it feeds points to a partner who is winning the trick, wins the trick with its
cheapest winning card when the trick is worth it or it plays last, and otherwise throws its least
valuable card — the Fou when that card would cost points and the Fou can come back.

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("chambery").new_deal(seed=5)
>>> HeuristicBot(0).choose(state).text.startswith("discard")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarotlib.bots.heuristic import GamePlayer
from tarotlib.bots.weighing import TieBreaker, best
from tarotlib.core.actions import Action, Bid, Call, Discard, Give, Pass, Play, Request, Stop
from tarotlib.core.cards import ALL_CARDS
from tarotlib.deal import Game
from tarotlib.variants.chambery.facts import BAGA, FOU, TRICKS, TRUMP21, VALUES
from tarotlib.variants.chambery.game import Chambery
from tarotlib.variants.chambery.observation import ChamberyObservation
from tarotlib.variants.chambery.scoring import Contract

__all__ = ["ChamberyBot", "player", "strength"]

_KINGS: Final = frozenset(s * 14 + 13 for s in range(4))


def strength(hand: Sequence[int]) -> float:
    """A rough measure of a hand for the auction: each trump 1, trump 21 and the Fou 3 more,
    trumps 16–20 1 more, each King 2.

    >>> from tarotlib.core.cards import parse_cards
    >>> strength([int(c) for c in parse_cards("T21 T20 T3 KS EX 2H")])
    13.0
    """
    score = 0.0
    for c in hand:
        card = ALL_CARDS[c]
        if card.is_trump:
            score += 1 + (3 if c == TRUMP21 else 0) + (1 if (card.trump_number or 0) >= 16 else 0)
        elif c == FOU:
            score += 3
        elif c in _KINGS:
            score += 2
    return score


class ChamberyBot:
    """The heuristic player (see the module docstring).

    >>> import tarotlib
    >>> rules = tarotlib.variant("chambery", players=3)
    >>> state = rules.new_deal(seed=2, dealer=0)
    >>> action = ChamberyBot(TieBreaker(0)).decide(state.observation(0), state.legal_actions(), rules)
    >>> action in state.legal_actions() and action.text.startswith("discard")
    True
    """

    def __init__(self, rng: TieBreaker) -> None:
        self.rng = rng

    def decide(
        self, obs: ChamberyObservation, actions: Sequence[Action], rules: Chambery
    ) -> Action:
        """The action to take among ``actions``.

        >>> import tarotlib
        >>> rules = tarotlib.variant("chambery", players=4)
        >>> state = rules.new_deal(seed=4)
        >>> while state.phase == "discard":
        ...     state = state.apply(state.legal_actions()[0])
        >>> bot = ChamberyBot(TieBreaker(0))
        >>> bot.decide(state.observation(state.to_act), state.legal_actions(), rules) in state.legal_actions()
        True
        """
        first = actions[0]
        if isinstance(first, Discard):
            return self._discard(obs, actions, rules)
        if isinstance(first, (Pass, Bid)):
            return self._bid(obs, actions, rules)
        if isinstance(first, Call):
            return self._call(obs, actions)
        if isinstance(first, (Stop, Request)):
            return self._request(obs, actions)
        if isinstance(first, Give):
            return self._give(obs, actions)
        return self._play(obs, actions)

    def _discard(
        self, obs: ChamberyObservation, actions: Sequence[Action], rules: Chambery
    ) -> Action:
        hand = [int(c) for c in obs.hand]
        mine = rules.options.discard_owner == "dealer"  # CH-7.3: the discard is his
        discards = [a for a in actions if isinstance(a, Discard)]
        scores = []
        for a in discards:
            c = ALL_CARDS[a.card]
            v = VALUES[c]
            score = 10.0 * v if mine else -10.0 * v
            if c.is_trump:
                score -= 100 + (c.trump_number or 0)
            else:
                same = sum(1 for h in hand if ALL_CARDS[h].suit == c.suit)
                score += 6 - same
            scores.append(score)
        return best(self.rng, discards, scores)

    def _bid(self, obs: ChamberyObservation, actions: Sequence[Action], rules: Chambery) -> Action:
        s = strength([int(c) for c in obs.hand])
        size = len(obs.hand)
        # the share of the trumps and honours a soloist needs grows with his opponents
        need = {5: 14.0, 4: 13.0}.get(rules.config.active, 14.0) * size / 15
        wanted: Contract | None = None
        if s >= need + 9:
            wanted = Contract.HAND
        elif s >= need + 5:
            wanted = Contract.ONE_CARD
        elif s >= need:
            wanted = Contract.TWO_CARD
        bids = [
            (int(a.contract), a)
            for a in actions
            if isinstance(a, Bid)
            and isinstance(a.contract, Contract)
            and wanted is not None
            and a.contract <= wanted
        ]
        if bids:
            return max(bids, key=lambda pair: pair[0])[1]
        return next(a for a in actions if isinstance(a, Pass))

    def _call(self, obs: ChamberyObservation, actions: Sequence[Action]) -> Action:
        hand = [int(c) for c in obs.hand]
        scores = []
        for a in actions:
            suit = ALL_CARDS[a.card].suit if isinstance(a, Call) else None
            scores.append(float(sum(1 for h in hand if ALL_CARDS[h].suit == suit)))
        return best(self.rng, actions, scores)

    def _request(self, obs: ChamberyObservation, actions: Sequence[Action]) -> Action:
        scores = []
        for a in actions:
            if not isinstance(a, Request):  # Stop (CH-9.5)
                scores.append(-1.0)
                continue
            c = int(a.card)
            card = ALL_CARDS[c]
            if card.is_trump:
                scores.append(50.0 + (card.trump_number or 0) + (30 if c in (TRUMP21, BAGA) else 0))
            else:
                scores.append(10.0 * VALUES[c])
        return best(self.rng, actions, scores)

    def _give(self, obs: ChamberyObservation, actions: Sequence[Action]) -> Action:
        hand = [int(c) for c in obs.hand]
        gives = [a for a in actions if isinstance(a, Give)]
        scores = []
        for a in gives:
            c = int(a.card)
            card = ALL_CARDS[c]
            same = sum(1 for h in hand if ALL_CARDS[h].suit == card.suit)
            penalty = 40.0 + (card.trump_number or 0) if card.is_trump or c == FOU else 0.0
            scores.append(-10.0 * VALUES[c] - penalty - same / 10)
        return best(self.rng, gives, scores)

    def _play(self, obs: ChamberyObservation, actions: Sequence[Action]) -> Action:
        cards = [int(a.card) for a in actions if isinstance(a, Play)]
        if len(cards) != len(actions):
            return actions[0]
        me = obs.seat
        sides = obs.sides or tuple(range(obs.players))
        trick = [int(c) for c in obs.current_trick]
        active = obs.players - (1 if obs.sitter >= 0 else 0)
        order = [s for s in range(obs.players) if s != obs.sitter]
        leader = obs.trick_leader if obs.trick_leader is not None else me
        led, win, ws = -1, -1, -1
        for i, c in enumerate(trick):
            led, new = TRICKS.follow(led, win, c)
            if new != win:
                win, ws = new, order[(order.index(leader) + i) % active]
        has_won = any(sides[t.winner] == sides[me] for t in obs.tricks)
        last = len(trick) == active - 1
        at_stake = sum(VALUES[c] for c in trick) + 1
        scores: list[float] = []
        if not trick:
            early = len(obs.tricks) < 5
            for c in cards:
                card = ALL_CARDS[c]
                if c in _KINGS and early:
                    scores.append(20.0)
                elif c == FOU:
                    scores.append(-30.0)
                elif card.is_trump:
                    scores.append(-8.0 - VALUES[c] - (card.trump_number or 0) / 10)
                else:
                    scores.append(-float(VALUES[c]) - _rank(c) / 100)
            return best(self.rng, actions, scores)
        partner_wins = ws >= 0 and ws != me and sides[ws] == sides[me]
        secure = last or win == TRUMP21 or (win in _KINGS and len(trick) >= active - 2)
        for c in cards:
            v = VALUES[c]
            if c == FOU:
                cost = 0.5 if has_won else 3.0
                scores.append(-cost - 0.1 if not partner_wins else -5.0)
                continue
            _, new = TRICKS.follow(led, win, c)
            wins = new != win
            if partner_wins and (secure or not wins):
                scores.append(v + (1.0 if c != BAGA else 2.0))  # feed the partner
            elif wins and (last or at_stake + v >= 3 or c == TRUMP21):
                strength_ = ALL_CARDS[c].trump_number or _rank(c)
                scores.append(10.0 + (v if last else -v / 2) - strength_ / 50)
            elif wins and c == BAGA:
                scores.append(-2.0)
            else:
                scores.append(-float(v) - (2.0 if c == TRUMP21 else 0.0) - _rank(c) / 100)
        return best(self.rng, actions, scores)


def _rank(card: int) -> int:
    c = ALL_CARDS[card]
    return c.trump_number or int(c.rank or 0)


def player(rng: TieBreaker) -> GamePlayer:
    """The game's ``bot`` hook: a :class:`ChamberyBot` breaking its ties with ``rng``, as the
    function ``(observation, legal actions, rules) -> action`` (raises ``TypeError`` for another
    game's rules).

    >>> import tarotlib
    >>> rules = tarotlib.variant("chambery", players=4)
    >>> state = rules.new_deal(seed=4)
    >>> player(TieBreaker(0))(state.observation(state.to_act), state.legal_actions(), rules).text[:7]
    'discard'
    """
    bot = ChamberyBot(rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, ChamberyObservation) or not isinstance(rules, Chambery):
            raise TypeError(f"ChamberyBot plays Chambéry flower tarot, not {rules.name}")
        return bot.decide(observation, actions, rules)

    return play
