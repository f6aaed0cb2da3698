"""The Belote heuristic player: :class:`BeloteBot`, registered as the game's ``bot`` hook, so
that :class:`~tarotlib.bots.HeuristicBot` plays Belote with it.

It decides from what its seat may know only — ``state.observation(seat)``,
``state.legal_actions()`` and the public rules in force — never from another seat's hidden cards.
Ties are broken with the bot's own SplitMix64 generator
(:class:`~tarotlib.bots.weighing.TieBreaker`), so a seeded bot plays the same way on every machine.

How it plays (details in ``docs/bots.md``): takes or names a suit from a count of trump honours
(J, 9), length, aces and belote; TA/SA only with very strong hands; leads trumps when it is the
attack with the master trump; announces belote and declares its combinations; plays partner-aware,
weighing each card with :class:`~tarotlib.bots.weighing.TrickTable` as in French Tarot.

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("belote").new_deal(seed=5)
>>> BeloteBot(1).choose(state) == HeuristicBot(1).choose(state)
True
"""

from __future__ import annotations

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
from tarotlib.core.actions import Action, Bid, Declare, Pass, Play
from tarotlib.core.cards import SUIT_MASKS, card_mask
from tarotlib.core.tricks import TRUMP_CLASS
from tarotlib.deal import DealState, Game
from tarotlib.variants.belote.game import Belote, BeloteObservation
from tarotlib.variants.belote.tables import PACK_MASK
from tarotlib.variants.belote.types import Announcement, CombinationKind, Contract

__all__ = ["BeloteBot", "belote_strength", "player"]


# Card index offsets within a suit (suit * 14 + offset): A 0, 7 6, 8 7, 9 8, 10 9, J 10, Q 12, K 13.
_B_ACE, _B_SEVEN, _B_EIGHT, _B_NINE, _B_TEN, _B_JACK, _B_QUEEN, _B_KING = 0, 6, 7, 8, 9, 10, 12, 13
_TRUMP_COUNT: Final = {_B_JACK: 14, _B_NINE: 10, _B_ACE: 6, _B_TEN: 5, _B_KING: 3, _B_QUEEN: 3}
_TRUMP_KEEP: Final = {_B_JACK: 10, _B_NINE: 7, _B_ACE: 4, _B_TEN: 3, _B_KING: 2, _B_QUEEN: 2}


def belote_strength(cards: Sequence[int], contract: Contract) -> int:
    """A count of a Belote hand for ``contract`` (BE-4), used for taking and naming.

    Suit contract: trump J 14, 9 10 (7 without the J), A 6, 10 5, K and Q 3, 8 and 7 2; 3 per trump
    beyond two; belote (trump K and Q) 6; a plain ace 6 and a ten beside it 3 (a ten alone with
    another card 1); a void beside two trumps 2. TA: per suit J 9, 9 with its J 6 (alone 2), A 2,
    10 with A 1. SA: per suit A 8, 10 with A 5 (without 1), K with A and 10 2.

    >>> from tarotlib.core.cards import parse_cards
    >>> belote_strength(parse_cards("JH 9H AS TS KH QH"), Contract.HEARTS)
    55
    """
    hand = card_mask(cards)
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
        if contract is Contract.ALL_TRUMPS:
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
    :class:`~tarotlib.bots.HeuristicBot`. Its ties are broken by its own generator, seeded with
    ``seed``, or by the generator ``rng`` it is given (a heuristic bot shares one between games).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=2)
    >>> BeloteBot(3).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None, *, rng: TieBreaker | None = None) -> None:
        self.seed = seed
        self._rng = TieBreaker(seed) if rng is None else rng

    def choose(self, state: DealState) -> Action:
        """A legal action for the seat to act, from its observation, the legal actions and the
        (public) rules only (raises ``TypeError`` for another game, ``ValueError`` when the deal
        is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote", preset="classic").new_deal(seed=6)
        >>> BeloteBot(1).choose(state) in state.legal_actions()
        True
        """
        actions, obs = observed_turn(state)
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
        bids = [a for a in actions if isinstance(a, Bid) and isinstance(a.contract, Contract)]
        hand = list(obs.hand)
        choice: Action = first_legal(actions, Pass())
        best_margin = 0
        for bid in bids:
            contract = bid.contract
            assert isinstance(contract, Contract)
            # BE-4.2: in round 1 the turn-up joins the trumps; in later rounds it is a plain card.
            count = belote_strength([*hand, obs.turn_up], contract)
            if contract is Contract.ALL_TRUMPS:
                need = _BE_TA
            elif contract is Contract.NO_TRUMPS:
                need = _BE_SA
            elif contract.value == obs.turn_up // 14:
                need = _BE_TAKE
            else:
                need = _BE_NAME
            if count - need >= best_margin:
                choice, best_margin = bid, count - need
        return choice

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
        hand = card_mask(obs.hand)
        trick = obs.current_trick
        leader = obs.trick_leader if obs.trick_leader is not None else me
        history: list[tuple[int, Sequence[int]]] = [(t.leader, t.cards) for t in obs.tricks]
        if trick:
            history.append((leader, trick))
        played, voids = scan_tricks(history, 4, tr, True)
        out = PACK_MASK & ~hand & ~played
        ally = [1.0 if (s - me) % 2 == 0 else 0.0 for s in range(4)]
        table = TrickTable(tr, out, voids, ally, 3)
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
            averages = class_averages(out, tr.class_masks, values, 0.0)
            others = [(me + k) % 4 for k in (1, 2, 3)]
            for c in cards:
                k = tr.card_class[c]
                p = table.holds(c, k, others)
                gain = stake(c, True) + 1.8 * averages[k] + (10 if last else 0)
                p_ours = p + (1 - p) * 0.3
                score = (2 * p_ours - 1) * gain - cost(c, False)
                if k == TRUMP_CLASS:
                    opp_trumps = any(
                        not voids[s] & NO_TRUMPS for s in others if (s - me) % 2
                    ) and bool(out & tr.trumps)
                    if attack and opp_trumps:
                        score += 12.0 if not out & tr.above[c] else 2.0
                    elif not attack:
                        score -= 4.0
                scores.append(score)
            return best(self._rng, cards, scores)
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
        return best(self._rng, cards, scores)


def player(rng: TieBreaker) -> GamePlayer:
    """Belote's ``bot`` hook: a :class:`BeloteBot` breaking its ties with ``rng``, as the function
    ``(observation, legal actions, rules) -> action`` that :class:`~tarotlib.bots.HeuristicBot`
    calls (raises ``TypeError`` for another game's observation or rules).

    >>> import tarotlib
    >>> from tarotlib.bots.weighing import TieBreaker
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4, dealer=3)
    >>> player(TieBreaker(0))(state.observation(0), state.legal_actions(), rules).text
    'pass'
    """
    bot = BeloteBot(rng=rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, BeloteObservation) or not isinstance(rules, Belote):
            raise TypeError(f"BeloteBot plays Belote, not {rules.name}")
        return bot.decide(observation, actions, rules)

    return play
