"""What one seat may see of a Contrée deal: :class:`ContreeObservation` (CO-3.5, CO-4.11: the
auction is public), the fields Belote's observations share
(:class:`~tarotlib.variants.belote.observation.BeloteFamilyObservation`) with the auction in place
of Belote's bidding.

>>> import tarotlib
>>> seen = tarotlib.variant("contree").new_deal(seed=1, dealer=3).observation(0)
>>> seen.seat, seen.phase, seen.calls, len(seen.hand)
(0, 'auction', (), 8)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
from tarotlib.variants.belote.observation import (
    BeloteFamilyObservation,
    bidding_after_hand,
    declarations_for,
    table_fields,
    table_mask,
)

if TYPE_CHECKING:
    from tarotlib.variants.belote.contree.state import ContreeState

__all__ = ["ContreeObservation", "observe", "visible_mask"]


@attrs.frozen(field_transformer=bidding_after_hand)
class ContreeObservation(BeloteFamilyObservation):
    """What one seat may see of a Contrée deal (no hidden card of another seat): the shared fields
    (:class:`~tarotlib.variants.belote.observation.BeloteFamilyObservation`) and the auction —
    every call (``calls``) and the ``contract``, the standing contract (during the auction, the
    current bid with its level).

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3).apply(rules.parse_action("bid 90C"))
    >>> seen = state.observation(3)
    >>> seen.calls[0][1].token, seen.contract.bidder, len(seen.hand)
    ('90C', 0, 8)
    """

    calls: tuple[tuple[int, object], ...]
    contract: ContreeContract | None

    def _bidding_json(self, text: Callable[[int], str]) -> dict[str, object]:
        c = self.contract
        return {
            "calls": [[s, None if call is None else _call_text(call)] for s, call in self.calls],
            "contract": None
            if c is None
            else {"bid": c.bid.token, "bidder": c.bidder, "level": c.level},
        }


def _call_text(call: object) -> str:
    if call is None:
        return "pass"
    if isinstance(call, ContreeBid):
        return call.token
    return str(call)


def observe(state: ContreeState, seat: int) -> ContreeObservation:
    """What ``seat`` may see of ``state``: its own hand, every auction call and the standing
    contract (CO-3.5, CO-4.11), the tricks, declarations as Belote shows them (BE-10.3: categories
    at once, cards to the declarer and, after the first trick, for the best team), the belote
    announcements and the result.

    >>> import tarotlib
    >>> state = tarotlib.variant("contree").new_deal(seed=1)
    >>> seen = observe(state, 2)
    >>> seen.hand == state.hand(2), seen.visible_cards() == set(state.hand(2))
    (True, True)
    """
    return ContreeObservation(
        **table_fields(state, seat), calls=state.calls, contract=state.current_bid
    )


def visible_mask(state: ContreeState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (the tests keep the two equal): its hand, the
    tricks, the declared cards it may see (BE-10.3 / CO-7) and the belote announcements (CO-6.2).

    >>> import tarotlib
    >>> state = tarotlib.variant("contree").new_deal(seed=1)
    >>> visible_mask(state, 2) == tarotlib.card_mask(observe(state, 2).visible_cards())
    True
    """
    return table_mask(state, seat, declarations_for(state, seat))
