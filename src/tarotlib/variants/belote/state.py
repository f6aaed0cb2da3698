"""One moment of a Belote deal: :class:`BeloteState` (the deal machine's state with Belote's
accessors), and :class:`BeloteFamilyState`, what it shares with Contrée's state.

>>> import tarotlib
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> type(state).__name__, state.turn_up, state.bidding_round
('BeloteState', Card(QS), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar, cast

from tarotlib.core.cards import ALL_CARDS, Card, Suit
from tarotlib.deal import DealState
from tarotlib.deal.state import hand_in
from tarotlib.variants.belote.declarations import best_team
from tarotlib.variants.belote.observation import BeloteObservation, observe
from tarotlib.variants.belote.types import Announcement, Combination, Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.contree.game import Contree
    from tarotlib.variants.belote.game import Belote

__all__ = ["BeloteFamilyState", "BeloteState"]

G = TypeVar("G", bound="Belote | Contree", covariant=True)
"""The game of a :class:`BeloteFamilyState`: Belote or Contrée."""


class BeloteFamilyState(DealState[G]):
    """What a moment of a Belote deal and of a Contrée deal (Belote's bidding form) share: the
    same play phase (the contract's trick rules, belote-rebelote, declarations) on the same deal
    facts, so the same read-outs — :attr:`declarations`, :attr:`announcements`,
    :attr:`belote_holders`, :meth:`card_points` — and the declarations a seat sees in its
    observation (:mod:`tarotlib.variants.belote.observation`). :class:`BeloteState` and
    :class:`~tarotlib.variants.belote.contree.state.ContreeState` add their bidding, and each says
    which team's declarations count (BE-10.4, CO-7.5), the one rule where they differ here.

    >>> import tarotlib
    >>> belote, contree = tarotlib.variant("belote"), tarotlib.variant("contree")
    >>> states = [belote.new_deal(seed=4), contree.new_deal(seed=4)]
    >>> [type(s).__name__ for s in states], [isinstance(s, BeloteFamilyState) for s in states]
    (['BeloteState', 'ContreeState'], [True, True])
    >>> [(s.declarations, s.announcements, s.card_points()) for s in states]
    [((), (), (0, 0)), ((), (), (0, 0))]
    """

    __slots__ = ()

    @property
    def declarations(self) -> tuple[Combination, ...]:
        """The declarations made so far, in order (BE-10; Contrée's CO-7)."""
        return cast("tuple[Combination, ...]", self.data.declarations)

    @property
    def announcements(self) -> tuple[tuple[int, Announcement, Card], ...]:
        """Belote / rebelote announcements ``(seat, kind, card)`` (BE-9.2; Contrée's CO-6.2)."""
        said = self.rules.belote_offer.announced(self.data)
        return tuple((s, cast(Announcement, a), ALL_CARDS[c]) for s, a, c in said)

    @property
    def belote_holders(self) -> tuple[tuple[Suit, int], ...]:
        """``(suit, seat)`` for each belote in the complete hands (BE-9.1; Contrée's CO-6.1), once
        play begins (the contract is known)."""
        return tuple((Suit(s), seat) for s, seat in self.rules.belote_offer.holders(self.data))

    def card_points(self) -> tuple[int, int]:
        """Card points won so far by each team (BE-6) in the contract's table, during or after
        play; ``(0, 0)`` before. In Contrée under ``ta_sa_points = rescaled`` the ``unscaled``
        table, before rescaling (CO-1, CO-1.3).

        >>> import random, tarotlib
        >>> rng = random.Random(4)
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.card_points()
        (74, 78)
        >>> state = tarotlib.variant("contree").new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.result.is_annulled or sum(state.card_points()) == 152
        True
        """
        contract = self._denomination
        if contract is None:
            return (0, 0)
        pts = self.rules.table(contract).points
        piles = self.packed_piles  # seat s: bits 80*s ... (see tarotlib.deal.state)
        return (
            pts.value_sum(hand_in(piles, 0) | hand_in(piles, 2)),
            pts.value_sum(hand_in(piles, 1) | hand_in(piles, 3)),
        )

    @property
    def _denomination(self) -> Contract | None:
        """What is played once known (trump suit, TA or SA): Belote's contract, the denomination
        of Contrée's; None before."""
        return cast("Contract | None", self.data.contract)

    def _declaring_team(self, declared: Sequence[Combination], contract: Contract) -> int | None:
        """The team whose ``declared`` combinations count under ``contract`` (None: nobody's),
        by the game's rule: BE-10.4 in Belote, with CO-7.5's carrés in SA in Contrée."""
        raise NotImplementedError(f"{type(self).__name__} does not say whose declarations count")


class BeloteState(BeloteFamilyState["Belote"]):
    """One moment of a Belote deal (immutable; see :class:`~tarotlib.deal.DealState`).

    Besides the common surface it exposes the omniscient position for servers and tools:
    ``hand(seat)``, ``turn_up``, ``contract``, ``taker``, ``tricks``, ``declarations``... Give
    players :meth:`observation` instead.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4)
    >>> state = state.apply(rules.parse_action("bid spades"))
    >>> state.phase, state.contract, state.taker, state.to_act, len(state.hand(1))
    ('play', <Contract.SPADES: 0>, 1, 1, 8)
    """

    __slots__ = ()

    @property
    def turn_up(self) -> Card:
        """The turned-up card (BE-3.3)."""
        return self.data.stock[0]

    @property
    def bidding_round(self) -> int | None:
        """The bidding round (1, 2 or 3) during the bidding, else None."""
        local = self.rules.bidding.local_in(self)
        return None if local is None else local.round

    @property
    def contract(self) -> Contract | None:
        """The contract, once chosen."""
        return self._denomination

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the contract is chosen."""
        return self.declarer

    @property
    def attack(self) -> int | None:
        """The attacking team (0: seats 0 and 2; 1: seats 1 and 3), once the contract is chosen."""
        return None if self.data.declarer < 0 else self.data.declarer & 1

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Every bidding call as ``(seat, contract or None for a pass)``, in order."""
        return cast("tuple[tuple[int, Contract | None], ...]", self.calls)

    def observation(self, seat: int) -> BeloteObservation:
        """What ``seat`` may see: its own hand, the turn-up, the bids, the tricks, the categories
        of declarations (their cards only for its own, and for the best team's once the first
        trick is over, BE-10.3), announcements (BE-9.2) and the result.

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> seen = state.observation(0)
        >>> seen.hand == state.hand(0), seen.turn_up == state.turn_up
        (True, True)
        """
        return observe(self, self.check_seat(seat))

    def _declaring_team(self, declared: Sequence[Combination], contract: Contract) -> int | None:
        """BE-10.4 (exact ties by ``declaration_tie``)."""
        return best_team(declared, contract, self.rules.options.declaration_tie, declared[0].seat)

    def __repr__(self) -> str:
        contract = "-" if self.contract is None else self.contract.symbol
        return (
            f"<BeloteState {self.phase} to_act={self.to_act} contract={contract} "
            f"taker={self.taker} tricks={len(self.trick_list)}>"
        )
