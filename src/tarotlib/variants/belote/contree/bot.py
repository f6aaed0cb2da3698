"""The Contrée heuristic player: :class:`ContreeBot`, registered as the game's ``bot`` hook, so
that :class:`~tarotlib.bots.HeuristicBot` plays Contrée with it.

It decides from its seat's observation, the legal actions and the public rules only. It **bids
from its hand**: Belote's hand count (:func:`~tarotlib.variants.belote.bot.belote_strength`) of
each denomination it may bid gives an estimate of the points its side can make (CO-4.2), and it
bids the lowest value that overcalls, up to that estimate; it raises its partner's bid only with a
clearly better hand; it coinches an opponent's high bid when it holds strong trumps of that suit
(CO-4.6), never surcoinches, declines coinche windows, never bids capot. In play it uses Belote's
card heuristic (:class:`~tarotlib.variants.belote.bot.BeloteBot`), with declarations and belote
announcements as there.

>>> import tarotlib
>>> from tarotlib.bots import HeuristicBot
>>> state = tarotlib.variant("contree").new_deal(seed=5)
>>> ContreeBot(1).choose(state) == HeuristicBot(1).choose(state)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

import attrs

from tarotlib.bots.heuristic import GamePlayer, observed_turn
from tarotlib.bots.weighing import TieBreaker
from tarotlib.core.actions import Action, Declare, Pass, Play
from tarotlib.core.cards import Card
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import DealState, Game
from tarotlib.variants.belote.bot import BeloteBot, belote_strength
from tarotlib.variants.belote.contree.game import Contree, ContreeObservation
from tarotlib.variants.belote.contree.types import BidKind, Coinche, ContreeBid, NoCoinche
from tarotlib.variants.belote.game import Belote, BeloteObservation
from tarotlib.variants.belote.types import CombinationKind, Contract

__all__ = ["ContreeBot", "estimate", "player"]

_BASE: Final = {Contract.ALL_TRUMPS: 32, Contract.NO_TRUMPS: 26}
"""The hand count at which a denomination is worth a bid of 80 (Belote's take thresholds)."""
_SUIT_BASE: Final = 28
_PER_STEP: Final = 4
"""Hand-count points per 10 points of contract above 80."""
_COINCHE: Final = 30
"""An opponent's suit counted at least this much in our hand: coinche a bid of 100 or more."""


def estimate(hand: Sequence[int], denomination: Contract) -> int:
    """The value this hand may bid in ``denomination`` (a multiple of 10; below 80: pass).

    >>> from tarotlib.core.cards import parse_cards
    >>> estimate(parse_cards("JH 9H AH TH KH QH AS TS"), Contract.HEARTS)
    160
    >>> estimate(parse_cards("7H 8S 9D TC JC QD KS 7D"), Contract.HEARTS)
    0
    """
    count = belote_strength(list(hand), denomination)
    base = _BASE.get(denomination, _SUIT_BASE)
    if count < base:
        return 0
    return min(160, 80 + 10 * ((count - base) // _PER_STEP))


@attrs.frozen
class _PlayView:
    """The fields of a Belote observation that Belote's card heuristic reads."""

    seat: int
    hand: tuple[Card, ...]
    contract: Contract
    taker: int
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]


class ContreeBot:
    """The Contrée heuristic player (see the module docstring); ties are broken by its own
    generator, seeded with ``seed``, or by ``rng``.

    >>> import tarotlib
    >>> state = tarotlib.variant("contree").new_deal(seed=2)
    >>> ContreeBot(3).choose(state) in state.legal_actions()
    True
    """

    __slots__ = ("_belote", "seed")

    def __init__(self, seed: int | None = None, *, rng: TieBreaker | None = None) -> None:
        self.seed = seed
        self._belote = BeloteBot(seed, rng=rng)

    def choose(self, state: DealState) -> Action:
        """A legal action for the seat to act (raises ``TypeError`` for another game,
        ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("contree").new_deal(seed=6)
        >>> ContreeBot(1).choose(state) in state.legal_actions()
        True
        """
        actions, obs = observed_turn(state)
        rules = state.rules
        if not isinstance(obs, ContreeObservation) or not isinstance(rules, Contree):
            raise TypeError(f"ContreeBot plays Contrée, not {rules.name}")
        return self.decide(obs, actions, rules)

    def __repr__(self) -> str:
        return f"ContreeBot(seed={self.seed!r})"

    def decide(self, obs: ContreeObservation, actions: Sequence[Action], rules: Contree) -> Action:
        """The action to take, given the seat's observation, its legal actions and the rules.

        >>> import tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> state = rules.new_deal(seed=1, dealer=3)
        >>> ContreeBot(0).decide(state.observation(0), state.legal_actions(), rules).text
        'pass'
        """
        if len(actions) == 1:
            return actions[0]
        if obs.phase == "auction":
            return self._auction(obs, actions)
        return self._play(obs, actions, rules)

    def _auction(self, obs: ContreeObservation, actions: Sequence[Action]) -> Action:
        cur = obs.contract
        legal = set(actions)
        if Coinche() in legal and cur is not None and cur.kind is BidKind.NUMBER:
            mine = belote_strength(list(obs.hand), cur.denomination)
            if cur.value >= 100 and mine >= _COINCHE:
                return Coinche()  # CO-4.6: the bidders' trumps are ours
        # Surcoinche never; a coinche window (CO-4.8) is declined with NoCoinche, not a pass.
        decline: Action = next((a for a in (Pass(), NoCoinche()) if a in legal), actions[0])
        bids = [a for a in actions if isinstance(a, ContreeBid) and a.kind is BidKind.NUMBER]
        if not bids:
            return decline
        partner = cur is not None and (cur.bidder - obs.seat) % 2 == 0
        choice: Action = decline
        best_margin = 0
        for denom in {b.denomination for b in bids}:
            est = estimate(obs.hand, denom)
            low = min((b for b in bids if b.denomination is denom), key=lambda b: b.value)
            need = low.value + (20 if partner else 0)
            if est >= need and est - low.value >= best_margin:
                choice, best_margin = low, est - low.value
        return choice

    def _play(self, obs: ContreeObservation, actions: Sequence[Action], rules: Contree) -> Action:
        combos = [
            a for a in actions if isinstance(a, Declare) and isinstance(a.kind, CombinationKind)
        ]
        if combos:  # CO-7: declare every combination, the best first
            return max(combos, key=lambda a: cast(CombinationKind, a.kind).points)
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return actions[0]
        c = obs.contract
        assert c is not None
        view = _PlayView(
            obs.seat,
            obs.hand,
            c.denomination,
            c.bidder,
            obs.tricks,
            obs.trick_leader,
            obs.current_trick,
        )
        # Belote's card heuristic reads only these fields and the rules' trick_rules / table /
        # options.belote_king_first, which Contrée's rules have too.
        card = self._belote._card(
            cast(BeloteObservation, view), [a.card for a in plays], cast(Belote, rules)
        )
        for a in actions:  # CO-6.2: announce belote / rebelote with the card when it is due
            if isinstance(a, Declare) and a.shown == (card,):
                return a
        return next(a for a in plays if a.card == card)


def player(rng: TieBreaker) -> GamePlayer:
    """Contrée's ``bot`` hook: a :class:`ContreeBot` breaking its ties with ``rng``.

    >>> import tarotlib
    >>> from tarotlib.bots.weighing import TieBreaker
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3)
    >>> player(TieBreaker(0))(state.observation(0), state.legal_actions(), rules).text
    'pass'
    """
    bot = ContreeBot(rng=rng)

    def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
        if not isinstance(observation, ContreeObservation) or not isinstance(rules, Contree):
            raise TypeError(f"ContreeBot plays Contrée, not {rules.name}")
        return bot.decide(observation, actions, rules)

    return play
