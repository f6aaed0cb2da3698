"""A Belote deal built behind four complete hands (BE-3.4: an engine may accept four 8-card hands
for the play phase alone; :func:`layout_for_play` builds a canonical deal behind them, so the deal
records and replays like any other).

>>> import tarotlib
>>> from tarotlib.variants.belote import Contract
>>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
>>> layout, bids = layout_for_play(tarotlib.variant("belote"), hands, Contract.SPADES, taker=1)
>>> [bid.text for bid in bids]
['pass', 'bid spades']
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tarotlib.core.actions import Action, Bid, Pass
from tarotlib.core.cards import SUIT_MASKS, cards_of
from tarotlib.core.dealing import Layout
from tarotlib.errors import DealError, OptionError
from tarotlib.variants.belote.tables import PACK_MASK
from tarotlib.variants.belote.types import Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.game import Belote

__all__ = ["layout_for_play"]

_PASS: Final = Pass()


def _hand_masks(hands: object) -> list[int]:
    """The masks of the four hands given to :func:`layout_for_play` (read as a layout's hands
    are: a card text or a list of cards each); a wrong value raises :class:`DealError`."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise DealError(
            f"give four hands of 8 cards (a card text or a list of cards each), got "
            f"{type(hands).__name__} {reprlib.repr(hands)}"
        )
    return list(Layout(hands, ()).hand_masks) if hands else []


def layout_for_play(
    rules: Belote,
    hands: Sequence[Sequence[int] | str],
    contract: Contract,
    taker: int,
    dealer: int = 3,
) -> tuple[Layout, tuple[Action, ...]]:
    """A full layout and the bidding that reach the complete 8-card ``hands`` with ``contract``
    chosen by ``taker`` (see :meth:`~tarotlib.variants.belote.Belote.layout_for_play`).

    >>> import tarotlib
    >>> hands = ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
    ...          "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]
    >>> layout, bids = layout_for_play(tarotlib.variant("belote"), hands, Contract.CLUBS, taker=0)
    >>> layout.stock[0], [bid.text for bid in bids]
    (Card(1S), ['pass', 'pass', 'pass', 'pass', 'bid clubs'])
    """
    if not isinstance(contract, Contract):
        raise DealError(
            f"contract must be a Belote Contract (Contract.SPADES, ..., Contract.NO_TRUMPS), got "
            f"{type(contract).__name__} {reprlib.repr(contract)}"
        )
    rules.check_seat(taker, "taker")
    rules.check_seat(dealer, "dealer")
    masks = _hand_masks(hands)
    if len(masks) != 4 or any(m.bit_count() != 8 for m in masks):
        raise DealError("give four hands of 8 cards")
    if sum(masks) != PACK_MASK or any(a & b for i, a in enumerate(masks) for b in masks[i + 1 :]):
        raise DealError("the four hands must hold the 32 Belote cards, each once")
    if not contract.is_suit and rules.options.ta_sa != "third_round":
        raise OptionError("a TA or SA contract needs the option ta_sa='third_round' (BE-4.4)")
    t_hand = masks[taker]
    suit = contract.suit
    if suit is not None and t_hand & SUIT_MASKS[suit]:
        turn_up = (t_hand & SUIT_MASKS[suit]).bit_length() - 1
        round_ = 1
    else:
        other = t_hand & ~SUIT_MASKS[suit] if suit is not None else t_hand
        if not other:
            raise DealError(
                "the taker holds only trumps, so no card of another suit can be the turn-up "
                "for a round-2 bid, and round 1 needs a trump"
            )
        turn_up = (other & -other).bit_length() - 1
        round_ = 2 if suit is not None else 3
    dealt: list[tuple[int, ...]] = []
    rest: list[tuple[int, ...]] = []
    for m in masks:
        cards = [c for c in cards_of(m) if c != turn_up]
        dealt.append(tuple(cards[:5]))
        rest.append(tuple(cards[5:]))
    stock: list[int] = [turn_up]
    for k in range(1, 5):  # BE-3.4 step 3
        stock.extend(rest[(dealer + k) & 3])
    layout = Layout(tuple(dealt), (), dealer, tuple(stock))
    first = (dealer + 1) & 3
    bids: list[Action] = [_PASS] * (4 * (round_ - 1))  # every earlier round passed (BE-4)
    bids.extend([_PASS] * ((taker - first) & 3))
    bids.append(Bid(contract))
    return layout, tuple(bids)
