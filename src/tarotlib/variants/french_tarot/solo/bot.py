"""The solo player's heuristic: :class:`SoloBot`, registered as the game's ``bot`` hook, so that
:class:`~tarotlib.bots.HeuristicBot` plays the French Tarot solo with it.

It decides from the player's observation (his hand, the dummy's face-up cards, the cards played),
its legal actions and the public rules only. Ties are broken with the bot's own generator.

How it plays: it redeals a petit sec; it chooses the contract from the strength of its hand (the
oudlers, the trumps and their height, the Kings, the long suits) — a Prise with a weak hand, a
Garde, a Garde Sans with a strong hand, never a Garde Contre — and never announces a slam; in the
écart it keeps its Kings and trumps, puts the Queens, Knights and Jacks in its own pile and voids its
short suits; it declares the highest poignée allowed (it makes its contract more often than not). In
each trick it looks one card ahead: it chooses the dummy's card that, with its own best reply,
gains it the most points (or loses the fewest), and plays the reply that wins the trick as cheaply
as it can when the trick is worth winning, otherwise its least valuable card; it saves the Petit,
and plays the Excuse to a trick it would lose anyway (never to the last one).

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=5)
>>> HeuristicBot(1).choose(state).text
'bid garde'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarotlib.bots.heuristic import GamePlayer
from tarotlib.bots.weighing import TieBreaker, best
from tarotlib.core.actions import Action, Bid, Declare, Discard, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS, EXCUSE, card_mask
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS as TRICKS
from tarotlib.deal import Game
from tarotlib.variants.french_tarot.facts import KINGS_MASK, OUDLERS_MASK, PETIT
from tarotlib.variants.french_tarot.solo.game import FrenchTarotSolo
from tarotlib.variants.french_tarot.solo.observation import SoloObservation
from tarotlib.variants.french_tarot.types import Contract

__all__ = ["SoloBot", "player"]

_HONOURS: Final = {14: 4.5, 13: 3.5, 12: 2.5, 11: 1.5}  # K, Q, N, J (FT-1.5)


def _points(card: int) -> float:
    """A card's points (FT-1.5)."""
    if OUDLERS_MASK >> card & 1:
        return 4.5
    c = ALL_CARDS[card]
    if c.rank is None:
        return 0.5
    return _HONOURS.get(int(c.rank), 0.5)


def _strength(hand: Sequence[int]) -> float:
    """A rough measure of a hand's worth for the contract (oudlers, trumps, Kings, long suits)."""
    cards = [ALL_CARDS[c] for c in hand]
    trumps = [c.trump_number or 0 for c in cards if c.is_trump]
    score = 10.0 * sum(1 for c in hand if OUDLERS_MASK >> c & 1)
    score += 2.0 * len(trumps) + sum(1.0 for t in trumps if t >= 16)
    score += 6.0 * sum(1 for c in hand if KINGS_MASK >> c & 1)
    score += 2.0 * sum(1 for c in cards if c.rank is not None and int(c.rank) == 13)
    for suit in range(4):
        n = sum(1 for c in cards if c.suit is not None and int(c.suit) == suit)
        score += 2.0 * max(0, n - 5) + (3.0 if n == 0 else 0.0)
    return score


class SoloBot:
    """The heuristic solo player (see the module docstring).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot-solo")
    >>> state = rules.new_deal(seed=5)
    >>> SoloBot(TieBreaker(0)).decide(state.observation(0), state.legal_actions()).text
    'bid garde'
    """

    def __init__(self, rng: TieBreaker) -> None:
        self.rng = rng

    def decide(self, obs: SoloObservation, actions: Sequence[Action]) -> Action:
        """The action to take among ``actions`` (the player's, as ``legal_actions()`` lists them).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot-solo")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid garde-sans"))
        >>> SoloBot(TieBreaker(0)).decide(state.observation(0), state.legal_actions()).text
        'no-slam'
        """
        first = actions[0]
        if isinstance(first, Redeal):  # FT-20.3: a petit sec is a weak hand
            return next(a for a in actions if isinstance(a, Redeal) and a.redeal)
        if isinstance(first, Bid):
            return self._contract(obs, actions)
        if isinstance(first, Slam):
            return next(a for a in actions if isinstance(a, Slam) and not a.announce)
        if isinstance(first, Discard):
            return self._discard(obs, actions)
        declares = [a for a in actions if isinstance(a, Declare)]
        if declares:  # FT-20.7: the highest level allowed (the player wins more often than not)
            return declares[-1]
        plays = [a for a in actions if isinstance(a, Play)]
        if len(obs.current_trick) == 1:
            return self._dummy(obs, plays)
        return self._reply(obs, plays)

    # -- before play ---------------------------------------------------------------------------------
    def _contract(self, obs: SoloObservation, actions: Sequence[Action]) -> Action:
        strength = _strength([int(c) for c in obs.hand])
        want = Contract.PRISE
        if strength >= 45:
            want = Contract.GARDE_SANS
        elif strength >= 25:
            want = Contract.GARDE
        bids = [a for a in actions if isinstance(a, Bid)]
        allowed = [a for a in bids if a.contract.value <= want.value]
        return allowed[-1] if allowed else bids[0]

    def _discard(self, obs: SoloObservation, actions: Sequence[Action]) -> Action:
        hand = [ALL_CARDS[c] for c in obs.hand]
        discards = [a for a in actions if isinstance(a, Discard)]
        scores = []
        for a in discards:
            c = ALL_CARDS[a.card]
            score = 3.0 * _points(c)  # honours in the écart are points in the player's pile
            if c.is_trump:
                score -= 40.0 + (c.trump_number or 0)
            else:
                same = sum(1 for h in hand if h.suit == c.suit)
                score += 5.0 - same  # void a short suit
            scores.append(score)
        return best(self.rng, discards, scores)

    # -- play --------------------------------------------------------------------------------------------
    def _value(self, trick: Sequence[int], card: int, last: bool) -> float:
        """The player's gain when he plays ``card`` after ``trick`` (the AI's and the dummy's)."""
        led, win = -1, -1
        for c in trick:
            led, win = TRICKS.follow(led, win, c)
        at_stake = sum(_points(c) for c in trick)
        if card == EXCUSE:
            return -100.0 if last else -at_stake - 1.0  # keeps its 4.5 points, owes 0.5
        _, new = TRICKS.follow(led, win, card)
        mine = _points(card)
        c = ALL_CARDS[card]
        height = c.trump_number or 0
        if new == card:  # the player wins the trick
            gain = at_stake + mine - height / 25.0
            if card == PETIT:
                gain += 5.0 + (10.0 if last else 0.0)
            return gain
        loss = at_stake + mine + (8.0 if card == PETIT else 0.0)
        return -loss - height / 40.0

    def _reply(self, obs: SoloObservation, plays: Sequence[Play]) -> Action:
        trick = [int(c) for c in obs.current_trick]
        last = len(obs.tricks) == 23
        return best(self.rng, plays, [self._value(trick, int(a.card), last) for a in plays])

    def _dummy(self, obs: SoloObservation, plays: Sequence[Play]) -> Action:
        lead = int(obs.current_trick[0])
        hand = card_mask(obs.hand)
        last = len(obs.tricks) == 23
        scores = []
        for a in plays:
            d = int(a.card)
            led, win = TRICKS.follow(-1, -1, lead)
            led, win = TRICKS.follow(led, win, d)
            mine = TRICKS.legal_mask(hand, led, win)
            replies = [c for c in range(78) if mine >> c & 1]
            scores.append(max(self._value([lead, d], c, last) for c in replies))
        return best(self.rng, plays, scores)


def player(rng: TieBreaker) -> GamePlayer:
    """The game's ``bot`` hook: a :class:`SoloBot` breaking its ties with ``rng``, as the function
    ``(observation, legal actions, rules) -> action`` (raises ``TypeError`` for another game).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot-solo")
    >>> state = rules.new_deal(seed=5)
    >>> player(TieBreaker(0))(state.observation(0), state.legal_actions(), rules).text
    'bid garde'
    """
    bot = SoloBot(rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, SoloObservation) or not isinstance(rules, FrenchTarotSolo):
            raise TypeError(f"SoloBot plays the French Tarot solo, not {rules.name}")
        return bot.decide(observation, actions)

    return play
