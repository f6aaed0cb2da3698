"""The heuristic player of Lombardy tarot and Reseghino: :class:`LombardBot`, registered as both
games' ``bot`` hook, so that :class:`~tarotlib.bots.HeuristicBot` plays them with it.

It decides from its seat's observation (LO-9), its legal actions and the public rules only. Ties
are broken with the bot's own SplitMix64 generator.

How it plays: it never proposes nor accepts a Monte; the dealer exposes his least valuable cards
and discards his most valuable allowed cards (Queens, Cavaliers, Jacks: the discard is his as soon
as he wins a trick, LO-8.3), preferring to void a suit; it gives a blank for the Matto. In play it
leads an unplayed King early, else its least valuable card; following, it feeds points to a
partner who is winning the trick (Lombardy), wins the trick with its cheapest winning card when
the trick is worth it or it plays last, and otherwise throws its least valuable card — the Matto
when that card would cost points and the Matto can come back (it has won a trick already).

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("lombardy").new_deal(seed=5)
>>> HeuristicBot(1).choose(state).text
'no-monte'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarotlib.bots.heuristic import GamePlayer
from tarotlib.bots.weighing import TieBreaker, best
from tarotlib.core.actions import Action, Answer, Discard, Expose, Give, Monte, Play
from tarotlib.core.cards import ALL_CARDS
from tarotlib.deal import Game
from tarotlib.variants.lombard.facts import BAGATTO, MATTO, MONDO, TRICKS, values
from tarotlib.variants.lombard.lombardy.game import LombardObservation, Lombardy, Reseghino

__all__ = ["LombardBot", "player"]

_FACE6: Final = tuple(v if v > 1 else 0 for v in values(6))
_FACE5: Final = tuple(v if v > 1 else 0 for v in values(5))
_KINGS: Final = frozenset(s * 14 + 13 for s in range(4))


class LombardBot:
    """The heuristic player (see the module docstring).

    >>> import tarotlib
    >>> rules = tarotlib.variant("reseghino")
    >>> state = rules.new_deal(seed=2, dealer=0)
    >>> LombardBot(TieBreaker(0)).decide(state.observation(0), state.legal_actions(), rules).text
    'discard QH'
    """

    def __init__(self, rng: TieBreaker) -> None:
        self.rng = rng

    def decide(self, obs: LombardObservation, actions: Sequence[Action], rules: Game) -> Action:
        """The action to take among ``actions``.

        >>> import tarotlib
        >>> rules = tarotlib.variant("lombardy")
        >>> state = rules.new_deal(seed=4)
        >>> LombardBot(TieBreaker(0)).decide(state.observation(1), state.legal_actions(), rules).text
        'no-monte'
        """
        first = actions[0]
        face = _FACE6 if rules.players == 4 else _FACE5
        if isinstance(first, (Monte, Answer)):  # LO-13: keep the deal
            for a in actions:
                if (isinstance(a, Monte) and not a.propose) or (
                    isinstance(a, Answer) and not a.accept
                ):
                    return a
            return first
        if isinstance(first, Expose):  # LO-12.2: turn up the least valuable cards
            exposes = [a for a in actions if isinstance(a, Expose)]
            return best(self.rng, exposes, [-face[a.card] for a in exposes])
        if isinstance(first, Give):  # LO-7.7: a blank
            gives = [a for a in actions if isinstance(a, Give)]
            return best(self.rng, gives, [-face[a.card] for a in gives])
        if isinstance(first, Discard):
            return self._discard(obs, actions, face)
        return self._play(obs, actions, face)

    def _discard(
        self, obs: LombardObservation, actions: Sequence[Action], face: tuple[int, ...]
    ) -> Action:
        hand = [int(c) for c in obs.hand]
        discards = [a for a in actions if isinstance(a, Discard)]
        scores = []
        for a in discards:
            c = ALL_CARDS[a.card]
            score = 10.0 * face[c]
            if c.is_trump:
                score -= 50 + (c.trump_number or 0)  # keep trumps
            else:
                same = sum(1 for h in hand if ALL_CARDS[h].suit == c.suit)
                score += 6 - same  # shorten (void) a short suit
            scores.append(score)
        return best(self.rng, discards, scores)

    def _play(
        self, obs: LombardObservation, actions: Sequence[Action], face: tuple[int, ...]
    ) -> Action:
        me = obs.seat
        n = obs.players
        sides = obs.sides
        trick = [int(c) for c in obs.current_trick]
        cards = [int(a.card) for a in actions if isinstance(a, Play)]
        if len(cards) != len(actions):
            return actions[0]
        led, win, ws = -1, -1, -1
        leader = obs.trick_leader if obs.trick_leader is not None else me
        for i, c in enumerate(trick):
            led, new = TRICKS.follow(led, win, c)
            if new != win:
                win, ws = new, (leader + i) % n
        has_won = any(t.winner == me for t in obs.tricks)
        last = len(trick) == n - 1
        at_stake = sum(face[c] for c in trick)
        scores: list[float] = []
        if not trick:  # a lead
            early = len(obs.tricks) < 6
            for c in cards:
                card = ALL_CARDS[c]
                if c in _KINGS and early:
                    scores.append(20.0)
                elif c == MATTO:
                    scores.append(-30.0)
                elif card.is_trump:
                    scores.append(-8.0 - face[c] - (card.trump_number or 0) / 10)
                else:
                    scores.append(-float(face[c]) - int(card.rank or 0) / 100)
            return best(self.rng, actions, scores)
        partner_wins = ws >= 0 and ws != me and sides[ws] == sides[me]
        secure = last or win == MONDO or (win in _KINGS and len(trick) >= n - 2)
        for c in cards:
            if c == MATTO:
                cost = 0.5 if has_won else 4.0
                scores.append(-cost - 0.1)
                continue
            _, new = TRICKS.follow(led, win, c)
            wins = new != win
            v = face[c]
            if partner_wins and (secure or not wins):
                scores.append(v + (0.0 if c != BAGATTO else 1.0))  # feed the partner
            elif wins and (last or at_stake + v >= 3 or c == MONDO):
                strength = ALL_CARDS[c].trump_number or 0
                scores.append(10.0 + (v if last else -v / 2) - strength / 50)
            elif wins and c == BAGATTO:
                scores.append(-2.0)
            else:
                scores.append(-float(v) - (2.0 if c == MONDO else 0.0))
        return best(self.rng, actions, scores)


def player(rng: TieBreaker) -> GamePlayer:
    """The games' ``bot`` hook: a :class:`LombardBot` breaking its ties with ``rng``, as the
    function ``(observation, legal actions, rules) -> action`` (raises ``TypeError`` for another
    game's rules).

    >>> import tarotlib
    >>> rules = tarotlib.variant("lombardy")
    >>> state = rules.new_deal(seed=4)
    >>> player(TieBreaker(0))(state.observation(state.to_act), state.legal_actions(), rules).text
    'no-monte'
    """
    bot = LombardBot(rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, LombardObservation) or not isinstance(
            rules, (Lombardy, Reseghino)
        ):
            raise TypeError(f"LombardBot plays Lombardy and Reseghino, not {rules.name}")
        return bot.decide(observation, actions, rules)

    return play
