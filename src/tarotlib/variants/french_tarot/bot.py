"""The French Tarot heuristic player: :class:`FrenchTarotBot`, registered as the game's ``bot``
hook, so that :class:`~tarotlib.bots.HeuristicBot` plays French Tarot with it.

It decides from what its seat may know only — ``state.observation(seat)``,
``state.legal_actions()`` and the public rules in force — never from another seat's hidden cards:
``choose(state)`` hands exactly those to ``decide``, which sees nothing else. Ties are broken with
the bot's own SplitMix64 generator (:class:`~tarotlib.bots.weighing.TieBreaker`), so a seeded bot
plays the same way on every machine.

How it plays (details in ``docs/bots.md``): bids from a classic point count of the hand (oudlers,
trumps, honours, long suits, voids); in 5p calls a King it lacks in its longest suit; makes voids
in the écart and keeps its Kings; declares its poignée; in play weighs each legal card by the
trick's points, the chance that the card (or a partner's winning card) holds against the seats
still to play, and what the card is worth kept in hand — which saves the Petit, keeps the Excuse
for a trick it would otherwise have to give points to (never the last one), charges a partner's
trick, wins cheaply and throws low.

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
>>> FrenchTarotBot(1).choose(state) == HeuristicBot(1).choose(state)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from tarotlib.bots.heuristic import GamePlayer, observed_turn
from tarotlib.bots.weighing import (
    NO_TRUMPS,
    TieBreaker,
    TrickTable,
    best,
    class_averages,
    first_legal,
    scan_tricks,
)
from tarotlib.core.actions import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.core.cards import EXCUSE_MASK, FULL_MASK, SUIT_MASKS, TRUMP_MASK, card_mask
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS, TRUMP_CLASS
from tarotlib.deal import DealState, Game
from tarotlib.variants.french_tarot.game import FrenchTarotObservation
from tarotlib.variants.french_tarot.types import Contract, DeclarationKind

__all__ = ["FrenchTarotBot", "french_tarot_strength", "player"]


@functools.lru_cache(maxsize=1 << 14)
def _tarot_trick(
    leader: int, cards: tuple[int, ...], n: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One French Tarot trick's cards (a mask) and the voids it shows, ``(seat, bits)`` (see
    :func:`scan_tricks`); cached, as every later decision of the deal reads the same tricks again."""
    played, voids = scan_tricks(((leader, cards),), n, FRENCH_TAROT_TRICKS, False)
    return played, tuple((seat, v) for seat, v in enumerate(voids) if v)


_PETIT: Final = 56
_MONDE: Final = 76
_EXCUSE: Final = 77
_KING_RANK: Final = 13  # index offset of a King within its suit
_FT_HALF: Final = tuple(
    9 if i in (_PETIT, _MONDE, _EXCUSE) else ((1, 3, 5, 7, 9)[max(0, i % 14 - 9)] if i < 56 else 1)
    for i in range(78)
)
"""Half-points of each card (FT-1.5): oudlers and Kings 9, Queens 7, Knights 5, Jacks 3, others 1."""
_OUDLER_BONUS: Final = 20  # half-points: what losing an oudler costs besides its points (FT-1.7)
_MAJOR_TRUMPS: Final = sum(1 << (55 + k) for k in range(16, 21))
_KINGS: Final = sum(1 << (14 * s + _KING_RANK) for s in range(4))
_GUARDED: Final = _KINGS | sum(1 << (14 * s + 12) for s in range(4))  # Kings and Queens


def french_tarot_strength(cards: Sequence[int]) -> int:
    """The classic point count of a French Tarot hand, used for bidding (FT-4).

    T21 10, Excuse 8, the Petit 8 with six trumps or more (5 with five, else 0); 2 per other trump
    and 2 more for each of T16–T20; King 6, Queen 3, Knight 2, Jack 1, King with Queen 1 more; a
    long suit of five cards or more 5 + 2 per card beyond five; a void 6, a singleton 3.

    >>> from tarotlib.core.cards import parse_cards
    >>> french_tarot_strength(parse_cards("T21 EX T1 T5 T8 T12 T17 T19 KH QH 3H 4H 5H 6H 2S NC JC 8C"))
    69
    """
    hand = 0
    for c in cards:
        hand |= 1 << c
    trumps = hand & TRUMP_MASK
    nt = trumps.bit_count()
    pts = 2 * (trumps & ~(1 << _PETIT | 1 << _MONDE)).bit_count()
    pts += 2 * (trumps & _MAJOR_TRUMPS).bit_count()
    if hand >> _MONDE & 1:
        pts += 10
    if hand & EXCUSE_MASK:
        pts += 8
    if hand >> _PETIT & 1:
        pts += 8 if nt >= 6 else (5 if nt == 5 else 0)
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        length = suit.bit_count()
        base = 14 * s
        king, queen = suit >> (base + 13) & 1, suit >> (base + 12) & 1
        pts += 6 * king + 3 * queen + 2 * (suit >> (base + 11) & 1) + (suit >> (base + 10) & 1)
        pts += king & queen
        if length >= 5:
            pts += 5 + 2 * (length - 5)
        elif length == 0:
            pts += 6
        elif length == 1:
            pts += 3
    return pts


# Minimum count for each contract (Prise, Garde, Garde Sans, Garde Contre) by player count,
# calibrated on deals between heuristic bots: the taker makes a Prise about 3 times in 5 at its
# threshold, and each higher contract about 7 times in 10 at its own. (The 4-player Prise, 44, is
# close to the classic 41 of this count.)
_FT_THRESHOLDS: Final = {
    3: (54, 60, 66, 73),
    4: (44, 50, 60, 66),
    5: (30, 36, 44, 50),
}


class FrenchTarotBot:
    """The French Tarot heuristic player (see the module docstring); usually reached through
    :class:`~tarotlib.bots.HeuristicBot`. Its ties are broken by its own generator, seeded with
    ``seed``, or by the generator ``rng`` it is given (a heuristic bot shares one between games).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=8)
    >>> FrenchTarotBot(3).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None, *, rng: TieBreaker | None = None) -> None:
        self.seed = seed
        self._rng = TieBreaker(seed) if rng is None else rng

    def choose(self, state: DealState) -> Action:
        """A legal action for the seat to act, from its observation and the legal actions only
        (raises ``TypeError`` for another game, ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=4)
        >>> FrenchTarotBot(1).choose(state) == FrenchTarotBot(1).choose(state)
        True
        """
        actions, obs = observed_turn(state)
        if not isinstance(obs, FrenchTarotObservation):
            raise TypeError(f"FrenchTarotBot plays French Tarot, not {state.rules.name}")
        return self.decide(obs, actions)

    def __repr__(self) -> str:
        return f"FrenchTarotBot(seed={self.seed!r})"

    def decide(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        """The action to take, given the seat's observation and its legal actions.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot").new_deal(seed=1)
        >>> obs = state.observation(state.to_act)
        >>> FrenchTarotBot(0).decide(obs, state.legal_actions()).text
        'pass'
        """
        if len(actions) == 1:
            return actions[0]
        phase = obs.phase
        if phase == "play":
            return self._play(obs, actions)
        if phase == "auction":
            return self._bid(obs, actions)
        if phase == "discard":
            return self._discard(obs, actions)
        if phase == "call":
            return self._call(obs, actions)
        if phase == "slam":
            return first_legal(actions, Slam(False))  # never announces a slam
        if phase == "petit-sec":
            return first_legal(actions, Redeal(True))  # a petit sec hand is weak: redeal
        return actions[self._rng.below(len(actions))]

    # -- auction, call, écart --------------------------------------------------------------------
    def _bid(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        count = french_tarot_strength(obs.hand)
        want: Contract | None = None
        for contract, threshold in zip(Contract, _FT_THRESHOLDS[obs.players], strict=True):
            if count >= threshold:
                want = contract
        if want is not None:
            bid = Bid(want)
            if bid in actions:
                return bid
        return first_legal(actions, Pass())

    def _call(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        """FT-5: call a card it lacks, in the suit where it holds the most cards (and honours)."""
        hand = card_mask(obs.hand)
        calls = [a for a in actions if isinstance(a, Call)]
        scores = []
        for a in calls:
            c = a.card
            if hand >> c & 1:
                scores.append(-100.0)
                continue
            suit = hand & SUIT_MASKS[c // 14]
            honours = sum(
                _FT_HALF[x] for x in range(c // 14 * 14, c // 14 * 14 + 14) if suit >> x & 1
            )
            scores.append(3.0 * suit.bit_count() + honours / 4)
        return best(self._rng, calls, scores) if calls else actions[0]

    def _discard(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        """FT-6: void short suits without a King (their highest cards first), else put unguarded
        honours and then low cards of short suits in the écart; a trump only when forced."""
        hand = card_mask(obs.hand)
        left = (3 if obs.players == 5 else 6) - len(obs.ecart)
        called = obs.called_card
        keep_suit = -1
        if called is not None and not hand >> called & 1:
            keep_suit = called // 14  # keep a card of the called suit to lead to the partner
        discards = [a for a in actions if isinstance(a, Discard)]
        scores = []
        for a in discards:
            c = a.card
            if c >= 56:  # a trump (only offered when unavoidable): the lowest
                scores.append(-1000.0 - c)
                continue
            s = c // 14
            suit = hand & SUIT_MASKS[s]
            length = suit.bit_count()
            score = 0.0
            voidable = not suit & _KINGS and length <= left and s != keep_suit
            if voidable:
                score += 100 - 10 * length
            elif not suit & _KINGS and length <= 3:
                score += 3 * _FT_HALF[c]  # an unguarded honour is safer in the écart
            else:
                score += _FT_HALF[c] - 2 * length
            score += (c % 14) / 100  # the higher of two equal cards
            scores.append(score)
        return best(self._rng, discards, scores) if discards else actions[0]

    # -- play ------------------------------------------------------------------------------------
    def _play(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        declares = [a for a in actions if isinstance(a, Declare)]
        if declares:
            choice = self._declaration(obs, declares)
            if choice is not None:
                return choice
        plays = [a for a in actions if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0]
        n = obs.players
        me = obs.seat
        hand = card_mask(obs.hand)
        trick = obs.current_trick
        leader = obs.trick_leader if obs.trick_leader is not None else me
        played = 0
        voids = [0] * n
        for t in obs.tricks:
            cards_mask, shown = _tarot_trick(t.leader, t.cards, n)
            played |= cards_mask
            for seat, bits in shown:
                voids[seat] |= bits
        if trick:
            cards_mask, shown = _tarot_trick(leader, trick, n)
            played |= cards_mask
            for seat, bits in shown:
                voids[seat] |= bits
        known = (
            hand
            | played
            | card_mask(obs.chien)
            | card_mask(obs.ecart)
            | card_mask(obs.shown_discards)
        )
        out = FULL_MASK & ~known
        ally = self._allies(obs, hand, voids)
        table = TrickTable(FRENCH_TAROT_TRICKS, out, voids, ally, n - 1)
        grash = obs.contract is None
        mult = 0 if obs.contract is None else obs.contract.multiplier
        out_trumps = out & TRUMP_MASK
        tricks_left = hand.bit_count()
        cards = [a.card for a in plays]

        def stake(c: int, mine: bool) -> float:
            """What the card's own points weigh in the trick: nothing when it wins the trick and
            could never be beaten (it brings its points whenever it is played); the Petit carries
            the oudler's weight too."""
            if mine and not out & table.above[c] and (c >= 56 or not out_trumps):
                return 0.0
            if c == _PETIT:
                return 9.0 + _OUDLER_BONUS
            return float(_FT_HALF[c])

        def cost(c: int, discard: bool) -> float:
            if c == _MONDE:
                return 10.0 if tricks_left > 1 else 0.0
            if c == _PETIT:
                # FT-11: with no trump left out, the Petit is kept for the last trick (au bout).
                return 20.0 * mult if not out_trumps and tricks_left > 1 else 0.0
            if c > 56:
                return 1.0 + 0.35 * (c - 55)
            suit = hand & SUIT_MASKS[c // 14]
            extra = 0.0
            if discard:
                extra = 0.3 * suit.bit_count()  # shorten short suits: voids to trump later
                honours = suit & table.above[c] & _GUARDED
                if honours and (suit & ~honours).bit_count() == 1:
                    extra += 4.0  # the last guard of a King or Queen
            if not out & table.above[c]:  # a master card: worth a trick later
                extra += 3.0 if c % 14 >= 10 else 1.0
            return extra

        # FT-10: the Excuse is kept for a trick it saves points in, and played before the last
        # trick (unless its camp has won every trick: then it wins the last one, FT-10.8). In
        # Grash it stays in its player's pile except in the last trick, where it goes to the
        # winner (FT-15.3): it is kept for that trick.
        excuse_cost = 6.0
        if grash:
            excuse_cost = 60.0
        elif tricks_left <= 2 and not (
            obs.tricks and all(ally[t.winner] >= 1.0 for t in obs.tricks)
        ):
            excuse_cost = -60.0

        scores: list[float] = []
        if not trick:
            averages = class_averages(out, table.masks, _FT_HALF, 1.0)
            others = [(me + k) % n for k in range(1, n)]
            partner_chance = sum(ally[s] for s in others) / (n - 1)
            for c in cards:
                if c == _EXCUSE:  # led: the next card sets the suit (FT-10.2)
                    scores.append((partner_chance - 0.5) * 2.0 * n - excuse_cost)
                    continue
                k = FRENCH_TAROT_TRICKS.card_class[c]
                p = table.holds(c, k, others)
                gain = stake(c, True) + 0.8 * averages[k] * (n - 1)
                if grash:
                    scores.append(-p * gain + (1 - p) * 0.5 * _FT_HALF[c] - 0.1 * (c % 14))
                    continue
                p_ours = p + (1 - p) * 0.3 * partner_chance
                score = (2 * p_ours - 1) * gain - cost(c, False)
                score += self._lead_bonus(obs, c, k, hand, out, ally, voids)
                scores.append(score)
            return best(self._rng, plays, scores)

        follow = FRENCH_TAROT_TRICKS.follow
        led, win = -1, -1
        for c in trick:
            led, win = follow(led, win, c)
        wseat = (leader + trick.index(win)) % n if win >= 0 else -1
        later = [(me + k) % n for k in range(1, n - len(trick))]
        points = float(sum(_FT_HALF[c] for c in trick if c != _EXCUSE))
        if _PETIT in trick:
            points += _OUDLER_BONUS
        expect = 2.0 * len(later)
        p_cur = ally[wseat] * table.holds(win, led, later) if wseat >= 0 else 0.0
        for c in cards:
            if c == _EXCUSE:
                scores.append((2 * p_cur - 1) * (points + expect) - excuse_cost)
                continue
            led2, win2 = follow(led, win, c)
            mine = win2 == c
            k = FRENCH_TAROT_TRICKS.card_class[c]
            if grash:
                p_me = table.holds(c, led2, later) if mine else 0.0
                scores.append(-p_me * (points + _FT_HALF[c] + expect) + 0.5 * _FT_HALF[c])
                continue
            p = table.holds(c, led2, later) if mine else p_cur
            discard = k != led2 and k != TRUMP_CLASS
            scores.append((2 * p - 1) * (points + stake(c, mine) + expect) - cost(c, discard))
        return best(self._rng, plays, scores)

    @staticmethod
    def _lead_bonus(
        obs: FrenchTarotObservation,
        c: int,
        k: int,
        hand: int,
        out: int,
        ally: list[float],
        voids: list[int],
    ) -> float:
        """Strategic leads: the attack draws trumps (and hunts the Petit); the 5p taker leads the
        called suit to his unknown partner; the defence leads where the taker must trump."""
        taker = obs.taker
        if taker is None:
            return 0.0
        me = obs.seat
        attack = me == taker or obs.partner == me
        bonus = 0.0
        out_trumps = out & TRUMP_MASK
        if k == TRUMP_CLASS:
            if attack and out_trumps:
                mine = (hand & TRUMP_MASK).bit_count()
                if mine >= out_trumps.bit_count() // 2:
                    master = not out & FRENCH_TAROT_TRICKS.above[c]
                    bonus += 4.0 if master else 1.0
                    if master and out >> _PETIT & 1:
                        bonus += 6.0
            elif not attack:
                bonus -= 2.0
            return bonus
        called = obs.called_card
        if (
            called is not None
            and me == taker
            and obs.partner is None
            and not hand >> called & 1
            and out >> called & 1
            and c // 14 == called // 14
        ):
            bonus += 5.0  # the partner may take it with the called King
        if not attack and voids[taker] >> k & 1 and not voids[taker] & NO_TRUMPS:
            bonus += 2.0 if _FT_HALF[c] == 1 else 0.0  # make the taker spend a trump
        return bonus

    @staticmethod
    def _allies(obs: FrenchTarotObservation, hand: int, voids: list[int]) -> list[float]:
        """For each seat, the probability that it is in this seat's camp (1 for itself)."""
        n = obs.players
        me = obs.seat
        taker = obs.taker
        if taker is None:  # Grash: every player for himself (FT-15)
            return [1.0 if s == me else 0.0 for s in range(n)]
        partner = obs.partner
        called = obs.called_card
        chien = card_mask(obs.chien) | card_mask(obs.ecart)
        alone = n < 5 or (
            called is not None and partner is None and (hand | chien) >> called & 1 and me == taker
        )
        if called is not None and partner is None and chien >> called & 1:
            alone = True  # the called card is in the chien, seen by all (FT-5.3)
        if alone or partner is not None:
            attack = {taker} if partner is None else {taker, partner}
            mine = me in attack
            return [1.0 if (s in attack) == mine else 0.0 for s in range(n)]
        # 5p, the partner unknown to this seat: it is one of the seats not void in the called suit.
        assert called is not None
        suit = called // 14
        candidates = [s for s in range(n) if s not in (me, taker) and not voids[s] >> suit & 1]
        share = 1.0 / len(candidates) if candidates else 0.0
        if me == taker:
            return [1.0 if s == me else (share if s in candidates else 0.0) for s in range(n)]
        return [0.0 if s == taker else (1.0 - share if s in candidates else 1.0) for s in range(n)]

    @staticmethod
    def _declaration(obs: FrenchTarotObservation, declares: Sequence[Declare]) -> Action | None:
        """FT-8: the highest poignée it may show (without the Excuse when it can); a misère only
        as the taker or his known partner (its bonus goes to the camp that wins)."""
        poignees = [
            d for d in declares if isinstance(d.kind, DeclarationKind) and d.kind.is_poignee
        ]
        if poignees:
            return max(
                poignees,
                key=lambda d: (
                    d.kind.level if isinstance(d.kind, DeclarationKind) else 0,
                    _EXCUSE not in d.shown,
                ),
            )
        attack = obs.taker == obs.seat or obs.partner == obs.seat
        return declares[0] if attack else None


def player(rng: TieBreaker) -> GamePlayer:
    """French Tarot's ``bot`` hook: a :class:`FrenchTarotBot` breaking its ties with ``rng``, as
    the function ``(observation, legal actions, rules) -> action`` that
    :class:`~tarotlib.bots.HeuristicBot` calls (raises ``TypeError`` for another game's
    observation).

    >>> import tarotlib
    >>> from tarotlib.bots.weighing import TieBreaker
    >>> state = tarotlib.variant("french-tarot").new_deal(seed=1)
    >>> play = player(TieBreaker(0))
    >>> play(state.observation(state.to_act), state.legal_actions(), state.rules).text
    'pass'
    """
    bot = FrenchTarotBot(rng=rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, FrenchTarotObservation):
            raise TypeError(f"FrenchTarotBot plays French Tarot, not {rules.name}")
        return bot.decide(observation, actions)

    return play
