"""One moment of a Belote deal: :class:`BeloteState` (the deal machine's state with Belote's
accessors).

>>> import tarotlib
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> type(state).__name__, state.turn_up, state.bidding_round
('BeloteState', Card(QS), 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tarotlib.core.cards import ALL_CARDS, Card, Suit
from tarotlib.deal import DealState
from tarotlib.deal.state import hand_in
from tarotlib.variants.belote.observation import BeloteObservation, observe
from tarotlib.variants.belote.types import Announcement, Combination, Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.game import Belote  # noqa: F401  (a type argument)

__all__ = ["BeloteState"]


class BeloteState(DealState["Belote"]):
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
        return self.data.contract  # type: ignore[return-value]

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

    @property
    def declarations(self) -> tuple[Combination, ...]:
        """The declarations made so far, in order (BE-10)."""
        return self.data.declarations  # type: ignore[return-value]

    @property
    def announcements(self) -> tuple[tuple[int, Announcement, Card], ...]:
        """Belote / rebelote announcements ``(seat, kind, card)`` (BE-9.2)."""
        said = self.rules.belote_offer.announced(self.data)
        return tuple((s, cast(Announcement, a), ALL_CARDS[c]) for s, a, c in said)

    @property
    def belote_holders(self) -> tuple[tuple[Suit, int], ...]:
        """``(suit, seat)`` for each belote in the completed hands (BE-9.1), once dealt."""
        return tuple((Suit(s), seat) for s, seat in self.rules.belote_offer.holders(self.data))

    def card_points(self) -> tuple[int, int]:
        """Card points won so far by each team (BE-6), during or after play.

        >>> import random, tarotlib
        >>> rng = random.Random(4)
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.card_points()
        (74, 78)
        """
        contract = self.contract
        if contract is None:
            return (0, 0)
        pts = self.rules.table(contract).points
        piles = self.packed_piles  # seat s: bits 80*s ... (see tarotlib.deal.state)
        return (
            pts.value_sum(hand_in(piles, 0) | hand_in(piles, 2)),
            pts.value_sum(hand_in(piles, 1) | hand_in(piles, 3)),
        )

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

    def __repr__(self) -> str:
        contract = "-" if self.contract is None else self.contract.symbol
        return (
            f"<BeloteState {self.phase} to_act={self.to_act} contract={contract} "
            f"taker={self.taker} tricks={len(self.trick_list)}>"
        )
