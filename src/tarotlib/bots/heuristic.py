"""Rule-following heuristic bots for French Tarot and Belote, and a duel to measure them.

:class:`HeuristicBot` plays either game (it dispatches on the variant); :class:`FrenchTarotBot` and
:class:`BeloteBot` are the two players behind it. They decide from what their seat may know only —
``state.observation(seat)``, ``state.legal_actions()`` and the public rules in force — never from
another seat's hidden cards: ``choose(state)`` hands exactly those to ``decide``, which sees nothing
else. Ties are broken with the bot's own SplitMix64 generator (:mod:`tarotlib.rng`), so a seeded bot
plays the same way on every machine.

How they play (details in ``docs/bots.md``):

- French Tarot: bids from a classic point count of the hand (oudlers, trumps, honours, long suits,
  voids); in 5p calls a King it lacks in its longest suit; makes voids in the écart and keeps its
  Kings; declares its poignée; in play weighs each legal card by the trick's points, the chance that
  the card (or a partner's winning card) holds against the seats still to play, and what the card is
  worth kept in hand — which saves the Petit, keeps the Excuse for a trick it would otherwise have
  to give points to (never the last one), charges a partner's trick, wins cheaply and throws low.
- Belote: takes or names a suit from a count of trump honours (J, 9), length, aces and belote; TA/SA
  only with very strong hands; leads trumps when it is the attack with the master trump; announces
  belote and declares its combinations; plays partner-aware with the same weighing as in Tarot.

:func:`duel` measures a bot against another (by default the heuristic bot against
:class:`~tarotlib.bots.RandomBot`) over seeded deals, every deal being replayed with the bots
swapped round every seat (or both teams in Belote).

>>> import tarotlib
>>> from tarotlib.bots import Bot, HeuristicBot, RandomBot
>>> isinstance(HeuristicBot(1), Bot)
True
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=5)
>>> bots = [HeuristicBot(1), RandomBot(2), RandomBot(3), RandomBot(4)]
>>> while not state.is_over:
...     state = state.apply(bots[state.to_act].choose(state))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import functools
import math
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from tarotlib.actions import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.bots.random_bot import RandomBot
from tarotlib.cards import EXCUSE_MASK, FULL_MASK, SUIT_MASKS, TRUMP_MASK
from tarotlib.engine import GameState, Rules
from tarotlib.rng import derive_seed, splitmix64
from tarotlib.tricks import FOOL_CLASS, FRENCH_TAROT_TRICKS, TRUMP_CLASS, TrickRules
from tarotlib.variants.belote.game import Belote, BeloteObservation
from tarotlib.variants.belote.tables import PACK_MASK
from tarotlib.variants.belote.types import Announcement, CombinationKind
from tarotlib.variants.belote.types import Contract as BeloteContract
from tarotlib.variants.french_tarot.game import FrenchTarotObservation
from tarotlib.variants.french_tarot.types import Contract as TarotContract
from tarotlib.variants.french_tarot.types import DeclarationKind

if TYPE_CHECKING:
    from tarotlib.bots import Bot

__all__ = [
    "BeloteBot",
    "DuelResult",
    "FrenchTarotBot",
    "HeuristicBot",
    "belote_strength",
    "duel",
    "french_tarot_strength",
]

T = TypeVar("T")
_M64: Final = (1 << 64) - 1


class _Rng:
    """The bots' tie-breaker: a SplitMix64 stream (shared by the players of one HeuristicBot)."""

    __slots__ = ("state",)

    def __init__(self, seed: int | None) -> None:
        self.state = (secrets.randbits(64) if seed is None else seed) & _M64

    def below(self, k: int) -> int:
        """A uniform index ``0 <= i < k`` (to within k / 2**64)."""
        self.state, word = splitmix64(self.state)
        return (word * k) >> 64


def _best(rng: _Rng, items: Sequence[T], scores: Sequence[float]) -> T:
    """The item with the highest score; exact ties are broken by ``rng`` (drawn only on a tie)."""
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s >= top - 1e-9]
    if len(tied) == 1:
        return items[tied[0]]
    return items[tied[rng.below(len(tied))]]


# -- the trick weighing shared by both games -----------------------------------------------------
_NO_TRUMPS: Final = 1 << TRUMP_CLASS  # void bit: the seat has shown it holds no trump


class _Table:
    """One seat's view of the play: cards still out, shown voids, partner probabilities, and the
    chance that a card wins the trick against the seats still to play."""

    __slots__ = ("above", "ally", "hidden", "klass", "masks", "out", "trumps", "voids")

    def __init__(
        self,
        tr: TrickRules,
        out: int,
        voids: list[int],
        ally: list[float],
        hidden_hands: int,
    ) -> None:
        self.klass = tr.card_class
        self.above = tr.above
        self.masks = tr.class_masks
        self.trumps = tr.trumps
        self.out = out
        self.voids = voids
        self.ally = ally
        self.hidden = hidden_hands

    def holds(self, card: int, led: int, seats: Sequence[int]) -> float:
        """The chance that ``card``, winning the trick now, still wins it after ``seats`` play.

        The ``h`` higher cards of its class still out lie in the ``m`` hidden hands; if the seats
        able to play one (opponents, or possible opponents, that can hold the class) weigh ``e``
        hands, none of them holds one with chance ``((m - e) / m) ** h``. Against a plain card, an
        opponent void in the led suit (shown, or by the chance of its share of the suit being
        empty) who may hold a trump also beats it."""
        klass = self.klass[card]
        out = self.out
        m = self.hidden
        higher = (out & self.above[card]).bit_count()
        plain_led = 0 <= led < 4
        led_out = (out & self.masks[led]).bit_count() if plain_led else 0
        empty = ((m - 1) / m) ** led_out  # one hand holding none of the led suit out
        trumps_out = bool(out & self.trumps)
        weight = 0.0
        cut = 1.0
        for s in seats:
            enemy = 1.0 - self.ally[s]
            if enemy <= 0.0:
                continue
            v = self.voids[s]
            void = (1.0 if v >> led & 1 else empty) if plain_led else 0.0
            if klass == TRUMP_CLASS:
                if not v & _NO_TRUMPS:
                    weight += enemy * (void if plain_led else 1.0)
            else:
                weight += enemy * (1.0 - void)
                if trumps_out and not v & _NO_TRUMPS:
                    cut *= 1.0 - enemy * void
        if higher and weight > 0.0:
            cut *= (max(0.0, m - weight) / m) ** higher
        return cut


def _scan(
    tricks: Sequence[tuple[int, Sequence[int]]],
    n: int,
    tr: TrickRules,
    free_when_partner_wins: bool,
) -> tuple[int, list[int]]:
    """The cards played in ``tricks`` (``(leader, cards)``, the trick in progress included) and the
    voids they show, per seat: bit k for class k (bit 4: no trump).

    A seat that does not follow is void in the led suit; if it does not trump either, it holds no
    trump — unless the rules let it keep its trumps: with ``free_when_partner_wins`` (Belote) when
    its partner is winning, and when undertrumping is free and it cannot beat a trump."""
    played = 0
    voids = [0] * n
    klass = tr.card_class
    has_trumps = bool(tr.trumps)
    track = has_trumps and (free_when_partner_wins or not tr.undertrump)
    follow = tr.follow
    for leader, cards in tricks:
        led = win = wseat = -1
        seat = leader
        for c in cards:
            played |= 1 << c
            k = klass[c]
            if k != FOOL_CLASS:
                if led < 0:
                    led, win, wseat = k, c, seat
                    seat = seat + 1 if seat + 1 < n else 0
                    continue
                if k != led:
                    voids[seat] |= 1 << led
                    if (
                        has_trumps
                        and k != TRUMP_CLASS
                        and (
                            not track
                            or led == TRUMP_CLASS
                            or (
                                not (free_when_partner_wins and wseat == seat ^ 2)
                                and (tr.undertrump or klass[win] != TRUMP_CLASS)
                            )
                        )
                    ):
                        voids[seat] |= _NO_TRUMPS
                if track:
                    _, w = follow(led, win, c)
                    if w != win:
                        win, wseat = w, seat
            seat = seat + 1 if seat + 1 < n else 0
    return played, voids


@functools.lru_cache(maxsize=1 << 14)
def _tarot_trick(
    leader: int, cards: tuple[int, ...], n: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One French Tarot trick's cards (a mask) and the voids it shows, ``(seat, bits)`` (see
    :func:`_scan`); cached, as every later decision of the deal reads the same tricks again."""
    played, voids = _scan(((leader, cards),), n, FRENCH_TAROT_TRICKS, False)
    return played, tuple((seat, v) for seat, v in enumerate(voids) if v)


# -- French Tarot --------------------------------------------------------------------------------
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

    >>> from tarotlib.cards import parse_cards
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
    :class:`HeuristicBot`. Its ties are broken by its own generator, seeded with ``seed``.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=8)
    >>> FrenchTarotBot(3).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = _Rng(seed)

    def choose(self, state: GameState) -> Action:
        """A legal action for the seat to act, from its observation and the legal actions only
        (raises ``TypeError`` for another game, ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=4)
        >>> FrenchTarotBot(1).choose(state) == FrenchTarotBot(1).choose(state)
        True
        """
        actions = state.legal_actions()
        seat = state.to_act
        if not actions or seat is None:
            raise ValueError("no legal action to choose: the deal is over")
        obs = state.observation(seat)
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
            return _first(actions, Slam(False))  # never announces a slam
        if phase == "petit-sec":
            return _first(actions, Redeal(True))  # a petit sec hand is weak: redeal
        return actions[self._rng.below(len(actions))]

    # -- auction, call, écart --------------------------------------------------------------------
    def _bid(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        count = french_tarot_strength(obs.hand)
        want: TarotContract | None = None
        for contract, threshold in zip(TarotContract, _FT_THRESHOLDS[obs.players], strict=True):
            if count >= threshold:
                want = contract
        if want is not None:
            bid = Bid(want)
            if bid in actions:
                return bid
        return _first(actions, Pass())

    def _call(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        """FT-5: call a card it lacks, in the suit where it holds the most cards (and honours)."""
        hand = _mask(obs.hand)
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
        return _best(self._rng, calls, scores) if calls else actions[0]

    def _discard(self, obs: FrenchTarotObservation, actions: Sequence[Action]) -> Action:
        """FT-6: void short suits without a King (their highest cards first), else put unguarded
        honours and then low cards of short suits in the écart; a trump only when forced."""
        hand = _mask(obs.hand)
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
        return _best(self._rng, discards, scores) if discards else actions[0]

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
        hand = _mask(obs.hand)
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
        known = hand | played | _mask(obs.chien) | _mask(obs.ecart) | _mask(obs.shown_discards)
        out = FULL_MASK & ~known
        ally = self._allies(obs, hand, voids)
        table = _Table(FRENCH_TAROT_TRICKS, out, voids, ally, n - 1)
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
            averages = _averages(out, table.masks, _FT_HALF, 1.0)
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
            return _best(self._rng, plays, scores)

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
        return _best(self._rng, plays, scores)

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
        if not attack and voids[taker] >> k & 1 and not voids[taker] & _NO_TRUMPS:
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
        chien = _mask(obs.chien) | _mask(obs.ecart)
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


def _averages(out: int, masks: Sequence[int], values: Sequence[int], default: float) -> list[float]:
    """The mean value of the cards out in each suit class 0..4 (``default`` for an empty one)."""
    averages = []
    for k in range(5):
        mask = out & masks[k]
        count = mask.bit_count()
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        averages.append(total / count if count else default)
    return averages


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _first(actions: Sequence[Action], wanted: Action) -> Action:
    """``wanted`` if it is legal, else the first legal action."""
    return wanted if wanted in actions else actions[0]


# -- Belote --------------------------------------------------------------------------------------
# Card index offsets within a suit (suit * 14 + offset): A 0, 7 6, 8 7, 9 8, 10 9, J 10, Q 12, K 13.
_B_ACE, _B_SEVEN, _B_EIGHT, _B_NINE, _B_TEN, _B_JACK, _B_QUEEN, _B_KING = 0, 6, 7, 8, 9, 10, 12, 13
_TRUMP_COUNT: Final = {_B_JACK: 14, _B_NINE: 10, _B_ACE: 6, _B_TEN: 5, _B_KING: 3, _B_QUEEN: 3}
_TRUMP_KEEP: Final = {_B_JACK: 10, _B_NINE: 7, _B_ACE: 4, _B_TEN: 3, _B_KING: 2, _B_QUEEN: 2}


def belote_strength(cards: Sequence[int], contract: BeloteContract) -> int:
    """A count of a Belote hand for ``contract`` (BE-4), used for taking and naming.

    Suit contract: trump J 14, 9 10 (7 without the J), A 6, 10 5, K and Q 3, 8 and 7 2; 3 per trump
    beyond two; belote (trump K and Q) 6; a plain ace 6 and a ten beside it 3 (a ten alone with
    another card 1); a void beside two trumps 2. TA: per suit J 9, 9 with its J 6 (alone 2), A 2,
    10 with A 1. SA: per suit A 8, 10 with A 5 (without 1), K with A and 10 2.

    >>> from tarotlib.cards import parse_cards
    >>> belote_strength(parse_cards("JH 9H AS TS KH QH"), BeloteContract.HEARTS)
    55
    """
    hand = _mask(cards)
    total = 0
    suit = contract.suit
    if suit is not None:
        base = 14 * suit
        trumps = hand & SUIT_MASKS[suit]
        nt = trumps.bit_count()
        for off, v in _TRUMP_COUNT.items():
            if trumps >> (base + off) & 1:
                total += v if off != _B_NINE or trumps >> (base + _B_JACK) & 1 else 7
        total += 2 * (trumps >> (base + _B_EIGHT) & 1) + 2 * (trumps >> (base + _B_SEVEN) & 1)
        total += 3 * max(0, nt - 2)
        if trumps >> (base + _B_KING) & 1 and trumps >> (base + _B_QUEEN) & 1:
            total += 6
        for s in range(4):
            if s == suit:
                continue
            b = 14 * s
            plain = hand & SUIT_MASKS[s]
            ace, ten = plain >> b & 1, plain >> (b + _B_TEN) & 1
            total += 6 * ace + (3 * ten if ace else (1 if ten and plain.bit_count() >= 2 else 0))
            if not plain and nt >= 2:
                total += 2
        return total
    for s in range(4):
        b = 14 * s
        cs = hand & SUIT_MASKS[s]
        ace, ten, king = cs >> b & 1, cs >> (b + _B_TEN) & 1, cs >> (b + _B_KING) & 1
        if contract is BeloteContract.ALL_TRUMPS:
            jack, nine = cs >> (b + _B_JACK) & 1, cs >> (b + _B_NINE) & 1
            total += 9 * jack + (6 if nine and jack else 2 * nine) + 2 * ace + (ten & ace)
        else:
            total += 8 * ace + (5 * ten if ace else ten) + 2 * (king & ace & ten)
    return total


# Minimum counts: take in round 1, name in round 2, TA and SA in round 3 (the count includes the
# turn-up, which the taker receives). Calibrated on deals between heuristic bots: at these counts
# the attack makes its contract about four times in five (and TA/SA need stronger hands).
_BE_TAKE: Final = 28
_BE_NAME: Final = 28
_BE_TA: Final = 32
_BE_SA: Final = 26


class BeloteBot:
    """The Belote heuristic player (see the module docstring); usually reached through
    :class:`HeuristicBot`. Its ties are broken by its own generator, seeded with ``seed``.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=2)
    >>> BeloteBot(3).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = _Rng(seed)

    def choose(self, state: GameState) -> Action:
        """A legal action for the seat to act, from its observation, the legal actions and the
        (public) rules only (raises ``TypeError`` for another game, ``ValueError`` when the deal
        is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote", preset="classic").new_deal(seed=6)
        >>> BeloteBot(1).choose(state) in state.legal_actions()
        True
        """
        actions = state.legal_actions()
        seat = state.to_act
        if not actions or seat is None:
            raise ValueError("no legal action to choose: the deal is over")
        obs = state.observation(seat)
        rules = state.rules
        if not isinstance(obs, BeloteObservation) or not isinstance(rules, Belote):
            raise TypeError(f"BeloteBot plays Belote, not {rules.name}")
        return self.decide(obs, actions, rules)

    def __repr__(self) -> str:
        return f"BeloteBot(seed={self.seed!r})"

    def decide(self, obs: BeloteObservation, actions: Sequence[Action], rules: Belote) -> Action:
        """The action to take, given the seat's observation, its legal actions and the rules.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4, dealer=3)
        >>> BeloteBot(0).decide(state.observation(0), state.legal_actions(), rules).text
        'pass'
        """
        if len(actions) == 1:
            return actions[0]
        if obs.phase == "bidding":
            return self._bid(obs, actions)
        if obs.phase == "play":
            return self._play(obs, actions, rules)
        return actions[self._rng.below(len(actions))]

    def _bid(self, obs: BeloteObservation, actions: Sequence[Action]) -> Action:
        bids = [a for a in actions if isinstance(a, Bid) and isinstance(a.contract, BeloteContract)]
        hand = list(obs.hand)
        best: Action = _first(actions, Pass())
        best_margin = 0
        for bid in bids:
            contract = bid.contract
            assert isinstance(contract, BeloteContract)
            # BE-4.2: in round 1 the turn-up joins the trumps; in later rounds it is a plain card.
            count = belote_strength([*hand, obs.turn_up], contract)
            if contract is BeloteContract.ALL_TRUMPS:
                need = _BE_TA
            elif contract is BeloteContract.NO_TRUMPS:
                need = _BE_SA
            elif contract.value == obs.turn_up // 14:
                need = _BE_TAKE
            else:
                need = _BE_NAME
            if count - need >= best_margin:
                best, best_margin = bid, count - need
        return best

    def _play(self, obs: BeloteObservation, actions: Sequence[Action], rules: Belote) -> Action:
        combos = [
            a for a in actions if isinstance(a, Declare) and isinstance(a.kind, CombinationKind)
        ]
        if combos:  # BE-10: declare every combination, the best first
            return max(
                combos, key=lambda a: a.kind.points if isinstance(a.kind, CombinationKind) else 0
            )
        plays = [a for a in actions if isinstance(a, Play)]
        card = self._card(obs, [a.card for a in plays], rules)
        for a in actions:  # BE-9.2: announce belote / rebelote with the card when it is due
            if isinstance(a, Declare) and isinstance(a.kind, Announcement) and a.shown == (card,):
                return a
        return next(a for a in plays if a.card == card)

    def _card(self, obs: BeloteObservation, cards: Sequence[int], rules: Belote) -> int:
        if len(cards) == 1:
            return cards[0]
        contract = obs.contract
        assert contract is not None and obs.taker is not None
        tr = rules.trick_rules(contract)
        values = rules.table(contract).points.values
        me = obs.seat
        hand = _mask(obs.hand)
        trick = obs.current_trick
        leader = obs.trick_leader if obs.trick_leader is not None else me
        history: list[tuple[int, Sequence[int]]] = [(t.leader, t.cards) for t in obs.tricks]
        if trick:
            history.append((leader, trick))
        played, voids = _scan(history, 4, tr, True)
        out = PACK_MASK & ~hand & ~played
        ally = [1.0 if (s - me) % 2 == 0 else 0.0 for s in range(4)]
        table = _Table(tr, out, voids, ally, 3)
        trump_suit = contract.suit
        attack = (obs.taker - me) % 2 == 0
        last = len(obs.tricks) == 7
        king_first = rules.options.belote_king_first

        def cost(c: int, discard: bool) -> float:
            s, off = divmod(c, 14)
            if s == trump_suit:
                extra = float(_TRUMP_KEEP.get(off, 1))
                if (
                    king_first
                    and off == _B_QUEEN
                    and hand >> (c + 1) & 1  # BE-9.2 option: the King must come first
                ):
                    extra += 15.0
                return extra
            extra = 0.5 * (hand & SUIT_MASKS[s]).bit_count() if discard else 0.0
            if not out & table.above[c] and values[c] >= 10:
                extra += 3.0  # a master ace or ten: worth a trick later
            return extra

        trumps_out = out & tr.trumps

        def stake(c: int, mine: bool) -> float:
            if (
                mine
                and not out & tr.above[c]
                and (tr.card_class[c] == TRUMP_CLASS or not trumps_out)
            ):
                return 0.0  # a card that can never be beaten brings its points whenever played
            return float(values[c])

        scores: list[float] = []
        if not trick:
            averages = _averages(out, tr.class_masks, values, 0.0)
            others = [(me + k) % 4 for k in (1, 2, 3)]
            for c in cards:
                k = tr.card_class[c]
                p = table.holds(c, k, others)
                gain = stake(c, True) + 1.8 * averages[k] + (10 if last else 0)
                p_ours = p + (1 - p) * 0.3
                score = (2 * p_ours - 1) * gain - cost(c, False)
                if k == TRUMP_CLASS:
                    opp_trumps = any(
                        not voids[s] & _NO_TRUMPS for s in others if (s - me) % 2
                    ) and bool(out & tr.trumps)
                    if attack and opp_trumps:
                        score += 12.0 if not out & tr.above[c] else 2.0
                    elif not attack:
                        score -= 4.0
                scores.append(score)
            return _best(self._rng, cards, scores)
        led, win = -1, -1
        for c in trick:
            led, win = tr.follow(led, win, c)
        wseat = (leader + trick.index(win)) % 4
        later = [(me + k) % 4 for k in range(1, 4 - len(trick))]
        points = float(sum(values[c] for c in trick)) + (10.0 if last else 0.0)
        expect = 3.0 * len(later)
        p_cur = ally[wseat] * table.holds(win, led, later)
        for c in cards:
            led2, win2 = tr.follow(led, win, c)
            mine = win2 == c
            p = table.holds(c, led2, later) if mine else p_cur
            k = tr.card_class[c]
            discard = k != led2 and k != TRUMP_CLASS
            scores.append((2 * p - 1) * (points + stake(c, mine) + expect) - cost(c, discard))
        return _best(self._rng, cards, scores)


# -- the dispatching bot -------------------------------------------------------------------------
class HeuristicBot:
    """A rule-following player for French Tarot (3, 4, 5 players) and Belote: it hands each state
    to :class:`FrenchTarotBot` or :class:`BeloteBot`, which share its tie-breaking generator.

    Like :class:`~tarotlib.bots.RandomBot` it is deterministic given its seed (``seed=None`` seeds
    from the system) and stateful only through that generator. Other games are played uniformly at
    random among the legal actions.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote", preset="bga").new_deal(seed=3)
    >>> HeuristicBot(7).choose(state) == HeuristicBot(7).choose(state)
    True
    >>> HeuristicBot(7)
    HeuristicBot(seed=7)
    """

    __slots__ = ("_belote", "_rng", "_tarot", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = _Rng(seed)
        self._tarot = FrenchTarotBot(seed)
        self._belote = BeloteBot(seed)
        self._tarot._rng = self._belote._rng = self._rng  # one generator for both games

    def choose(self, state: GameState) -> Action:
        """A legal action of the seat to act (raises ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=2)
        >>> HeuristicBot(0).choose(state) in state.legal_actions()
        True
        """
        actions = state.legal_actions()
        seat = state.to_act
        if not actions or seat is None:
            raise ValueError("no legal action to choose: the deal is over")
        if len(actions) == 1:
            return actions[0]
        obs = state.observation(seat)
        if isinstance(obs, FrenchTarotObservation):
            return self._tarot.decide(obs, actions)
        rules = state.rules
        if isinstance(obs, BeloteObservation) and isinstance(rules, Belote):
            return self._belote.decide(obs, actions, rules)
        return actions[self._rng.below(len(actions))]

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"


# -- measuring -----------------------------------------------------------------------------------
@attrs.frozen
class DuelResult:
    """The outcome of a :func:`duel`: mean scores per deal played, and the margin of the
    challenger over the opponent with its standard error.

    ``deals`` seeded deals were each played ``rotations`` times (the challenger in every seat, or
    as each team); ``challenger_mean`` and ``opponent_mean`` are the mean deal scores of a
    challenger seat and of an opponent seat (in Belote: of a challenger team and of an opponent
    team); ``margin`` is the mean of their difference and ``stderr`` its standard error, computed
    over the deals (the rotations of one deal are averaged first, as they share the cards).

    >>> r = DuelResult("french-tarot", 4, deals=100, rotations=4, challenger_mean=30.0,
    ...                opponent_mean=-10.0, margin=40.0, stderr=5.0)
    >>> r.interval(), r.significant
    ((30.0, 50.0), True)
    """

    variant: str
    players: int
    deals: int
    rotations: int
    challenger_mean: float
    opponent_mean: float
    margin: float
    stderr: float

    def interval(self, k: float = 2.0) -> tuple[float, float]:
        """``margin ± k·stderr`` (k = 2: about a 95% confidence interval).

        >>> DuelResult("belote", 4, 50, 2, 110.0, 60.0, 50.0, 4.0).interval(3)
        (38.0, 62.0)
        """
        return (self.margin - k * self.stderr, self.margin + k * self.stderr)

    @property
    def significant(self) -> bool:
        """True when the whole ±2 standard-error interval is above 0.

        >>> DuelResult("belote", 4, 50, 2, 70.0, 66.0, 4.0, 3.0).significant
        False
        """
        return self.margin - 2 * self.stderr > 0

    def __str__(self) -> str:
        lo, hi = self.interval()
        return (
            f"{self.variant} ({self.players} players), {self.deals} deals x {self.rotations} "
            f"seatings: challenger {self.challenger_mean:+.1f}, opponent "
            f"{self.opponent_mean:+.1f} per deal; margin {self.margin:+.1f} "
            f"± {2 * self.stderr:.1f} [{lo:+.1f}, {hi:+.1f}]"
        )


def duel(
    rules: Rules,
    deals: int,
    seed: int = 0,
    *,
    challenger: Callable[[int], Bot] = HeuristicBot,
    opponent: Callable[[int], Bot] = RandomBot,
) -> DuelResult:
    """Play ``deals`` seeded deals, each once per seating, ``challenger`` bots against
    ``opponent`` bots, and compare their mean scores per deal.

    French Tarot (and any game without teams): one challenger seat against opponents in every
    other seat, the challenger taking each seat in turn (``players`` seatings per deal). Belote: a
    challenger team against an opponent team, then the teams swapped (2 seatings). Deal *k* is
    dealt from ``derive_seed(seed, k)`` by seat ``k mod players``; each bot is built by calling
    ``challenger`` or ``opponent`` with a seed derived from the deal's. Thrown-in and annulled deals
    count, with their zero scores.

    >>> import tarotlib
    >>> result = duel(tarotlib.variant("french-tarot", players=3), deals=30, seed=1)
    >>> result.rotations, result.margin > 0
    (3, True)
    """
    if deals < 2:
        raise ValueError(f"a duel needs at least 2 deals, got {deals}")
    n = rules.players
    teams = rules.name == "belote"
    seatings = 2 if teams else n
    diffs: list[float] = []
    ch_total = op_total = 0.0
    for k in range(deals):
        deal_seed = derive_seed(seed, k)
        diff = 0.0
        for rot in range(seatings):
            bots = []
            for s in range(n):
                mine = (s & 1) == rot if teams else s == rot
                make = challenger if mine else opponent
                bots.append(make(derive_seed(deal_seed, -1 - s - n * rot)))
            state = rules.new_deal(seed=deal_seed, dealer=k % n)
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                state = state.apply(bots[seat].choose(state))
            scores = state.result.scores
            if teams:
                ch, op = float(scores[rot]), float(scores[rot ^ 1])
            else:
                ch = float(scores[rot])
                op = (float(sum(scores)) - ch) / (n - 1)
            ch_total += ch
            op_total += op
            diff += ch - op
        diffs.append(diff / seatings)
    mean = sum(diffs) / deals
    var = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
    plays = deals * seatings
    return DuelResult(
        rules.name,
        n,
        deals,
        seatings,
        ch_total / plays,
        op_total / plays,
        mean,
        math.sqrt(var / deals),
    )
