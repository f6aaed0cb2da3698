"""The state of a Chambéry deal and what it tells of the sides, the discard, the requests and the
Fou (CH-7, CH-9, CH-10, CH-12, CH-13.1).

>>> import tarotlib
>>> state = tarotlib.variant("chambery").new_deal(seed=1)
>>> type(state).__name__, state.phase, state.sides
('ChamberyState', 'discard', ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tarotlib.core.actions import Discard
from tarotlib.core.cards import TRUMP_MASK, Card, card_mask, cards_of
from tarotlib.deal import DealData, DealState, Exchange, discard_owner, exchanges, fool_exchange
from tarotlib.variants.chambery.facts import BAGA, discard_rule

if TYPE_CHECKING:
    from tarotlib.variants.chambery.game import Chambery
    from tarotlib.variants.chambery.observation import ChamberyObservation

__all__ = ["ChamberyState", "discarded", "shown_trumps", "side_of"]


def side_of(data: DealData, players: int, two_sides: bool) -> tuple[int, ...]:
    """The side of each seat once the contract is known (CH-13.1): 0 for the declarer (the
    soloist, or the dealer in a King call) and his partner, 1 for the other active seats, 2 for a
    seat sitting out (CH-2.3); in the 3-player games each seat its own.

    >>> from tarotlib.deal import DealData
    >>> side_of(DealData(0, None, (), 0, (), declarer=0, partner=3), 6, True)
    (0, 1, 1, 0, 1, 1)
    >>> side_of(DealData(0, None, (), 0, (), sitter=1, declarer=4, partner=-1), 6, True)
    (1, 2, 1, 1, 0, 1)
    """
    if not two_sides:
        return tuple(range(players))
    side = (data.declarer, data.partner)
    return tuple(2 if seat == data.sitter else 0 if seat in side else 1 for seat in range(players))


def discarded(state: DealState) -> int:
    """The cards the dealer laid aside (CH-7.1), as he discarded them: ``data.discard`` may later
    lose a card that redeemed the Fou (CH-7.4 option).

    >>> import tarotlib
    >>> discarded(tarotlib.variant("chambery").new_deal(seed=1))
    0
    """
    return card_mask(a.card for a in state.history if isinstance(a, Discard))


def shown_trumps(state: DealState, discard: int | None = None) -> int:
    """The discarded trumps the table sees (CH-7.2): every one under ``if_unavoidable_shown``,
    none under ``if_unavoidable_hidden``; under ``dm_void`` only the Baga, unless no discard could
    leave the dealer void of trumps but 21, when every one is shown. ``discard`` is the mask of
    the cards laid aside to read (default: :func:`discarded`).

    >>> import tarotlib
    >>> shown_trumps(tarotlib.variant("chambery").new_deal(seed=1))
    0
    """
    rules = cast("Chambery", state.rules)
    how = rules.options.discard_trumps
    trumps = (discarded(state) if discard is None else discard) & TRUMP_MASK
    if how == "if_unavoidable_hidden" or not trumps:
        return 0
    if how == "dm_void":
        size = rules.config.extra
        hand = card_mask(state.layout.hands[state.data.dealer])
        if discard_rule(size, "dm_void").void_possible(hand, size):
            return trumps & 1 << BAGA
    return trumps


class ChamberyState(DealState):
    """One moment of a Chambéry deal (immutable; see :class:`~tarotlib.deal.DealState`), with the
    omniscient accessors of the game. Give players :meth:`observation` instead.

    >>> import tarotlib
    >>> state = tarotlib.variant("chambery", players=6).new_deal(seed=3, dealer=0)
    >>> state.sitter, state.discard, state.to_act
    (1, (), 0)
    """

    __slots__ = ()

    @property
    def sitter(self) -> int | None:
        """The seat sitting the deal out (6 players, CH-2.3), else None."""
        s = self.data.sitter
        return None if s < 0 else s

    @property
    def discard(self) -> tuple[Card, ...]:
        """The dealer's discard now (CH-7; only the dealer sees it during the deal)."""
        return cards_of(self.data.discard)

    @property
    def shown_discard(self) -> tuple[Card, ...]:
        """The discarded trumps shown to the table (CH-7.2, :func:`shown_trumps`)."""
        return cards_of(shown_trumps(self))

    @property
    def soloist(self) -> int | None:
        """The soloist of a solo (CH-8), else None."""
        c = self.data.contract
        if c is None or int(cast(int, c)) == 0:
            return None
        return self.data.declarer

    @property
    def requests(self) -> tuple[Exchange, ...]:
        """The requests made so far (CH-9; omniscient: the cards given back included)."""
        return exchanges(self.data)

    @property
    def fou_exchange(self) -> tuple[int, int, Card] | None:
        """The Fou's exchange once made (CH-12.4, public): ``(owner, receiver, card given)``."""
        return fool_exchange(self)

    @property
    def discard_owner(self) -> int | None:
        """Who owns the discard (CH-7.3), once the deal is over; None before."""
        if not self.is_over or not self.trick_list:
            return None
        rules = cast("Chambery", self.rules)
        return discard_owner(self, rules.options.discard_owner)

    def observation(self, seat: int) -> ChamberyObservation:
        """What ``seat`` may see (:class:`~.observation.ChamberyObservation`).

        >>> import tarotlib
        >>> tarotlib.variant("chambery").new_deal(seed=1).observation(2).seat
        2
        """
        return cast("ChamberyObservation", super().observation(seat))
