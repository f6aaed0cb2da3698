"""What one seat may see of a Chambéry deal: its hand, the public facts (the calls, the contract,
the sides once known, the shown trumps of the discard, the named cards of the requests and their
givers, the called card and its holder, the tricks, the Fou's exchange), the card given back for a
request only to the two players concerned (CH-9.6), the discard only to the dealer until the end
(CH-7.4).

>>> import tarotlib
>>> type(tarotlib.variant("chambery").new_deal(seed=1).observation(0)).__name__
'ChamberyObservation'
"""

from __future__ import annotations

import attrs

from tarotlib.core.cards import ALL_CARDS, Card, cards_of
from tarotlib.deal import FOOL_EXCHANGE, Exchange, exchanges, exchanges_seen, out_of_play
from tarotlib.deal.observe import DealObservation, as_cards, common_fields
from tarotlib.variants.chambery.state import ChamberyState, shown_trumps

__all__ = ["ChamberyObservation", "observe", "visible_mask"]


@attrs.frozen
class ChamberyObservation(DealObservation):
    """One seat's view (see the module docstring): besides the common fields, the ``sides``
    (empty until the contract is known), the ``sitter`` (-1 if none), the ``discard`` (the
    dealer's own; everyone's once the deal is over), the ``shown_discard`` (CH-7.2), the
    ``requests`` as this seat knows them, the cards known ``out_of_play`` (CH-9.4), the
    ``called_card`` and ``partner`` (public at once, CH-10.1), the ``fou_exchange`` (public) and
    the ``discard_owner`` once over.

    >>> import tarotlib
    >>> seen = tarotlib.variant("chambery").new_deal(seed=1).observation(3)
    >>> seen.sides, seen.discard, seen.partner, seen.visible_cards() == frozenset(seen.hand)
    ((), (), None, True)
    """

    sides: tuple[int, ...] = ()
    sitter: int = -1
    discard: tuple[Card, ...] = ()
    shown_discard: tuple[Card, ...] = ()
    requests: tuple[Exchange, ...] = ()
    out_of_play: tuple[Card, ...] = ()
    called_card: Card | None = None
    partner: int | None = None
    fou_exchange: tuple[int, int, Card] | None = None
    discard_owner: int | None = None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation shows where it lies: the hand, the cards played, the
        discard (the dealer's), the shown trumps, the named cards and the cards given back that
        this seat saw, the called card (its holder is public) and the card given for the Fou.

        >>> import tarotlib
        >>> seen = tarotlib.variant("chambery", players=3).new_deal(seed=1).observation(1)
        >>> seen.visible_cards() == frozenset(seen.hand)
        True
        """
        cards = set(super().visible_cards())
        cards |= {int(c) for c in self.discard} | {int(c) for c in self.shown_discard}
        for e in self.requests:
            cards.add(int(e.named))
            if e.returned is not None:
                cards.add(int(e.returned))
        if self.called_card is not None:
            cards.add(int(self.called_card))
        if self.fou_exchange is not None:
            cards.add(int(self.fou_exchange[2]))
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form.

        >>> import tarotlib
        >>> data = tarotlib.variant("chambery").new_deal(seed=2).observation(0).to_json()
        >>> data["phase"], data["discard"], data["partner"]
        ('discard', [], None)
        """
        data = super().to_json()
        data["sides"] = list(self.sides)
        data["sitter"] = self.sitter
        data["discard"] = [str(c) for c in self.discard]
        data["shown_discard"] = [str(c) for c in self.shown_discard]
        data["requests"] = [e.to_json("soloist") for e in self.requests]
        data["out_of_play"] = [str(c) for c in self.out_of_play]
        data["called_card"] = None if self.called_card is None else str(self.called_card)
        data["partner"] = self.partner
        f = self.fou_exchange
        data["fou_exchange"] = None if f is None else [f[0], f[1], str(f[2])]
        data["discard_owner"] = self.discard_owner
        return data


def observe(state: ChamberyState, seat: int) -> ChamberyObservation:
    """The observation of ``state`` for ``seat``.

    >>> import tarotlib
    >>> rules = tarotlib.variant("chambery", players=3)
    >>> state = rules.new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> len(observe(state, 0).discard), len(observe(state, 1).discard)
    (1, 0)
    """
    d = state.data
    over = state.is_over
    called = d.called
    return ChamberyObservation(
        **common_fields(state, seat),
        sides=d.sides,
        sitter=d.sitter,
        discard=cards_of(d.discard) if over or seat == d.dealer else (),
        shown_discard=cards_of(shown_trumps(state)),
        requests=exchanges_seen(d, seat),
        out_of_play=cards_of(out_of_play(d)),
        called_card=ALL_CARDS[called] if called >= 0 else None,
        partner=d.partner if called >= 0 and d.partner >= 0 else None,
        fou_exchange=state.fou_exchange,
        discard_owner=state.discard_owner,
    )


def visible_mask(state: ChamberyState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (the tests keep the two equal): the seat's hand
    and the cards played, the discard to the dealer and to all at the end (CH-7.4), its shown
    trumps (CH-7.2), every named card and the cards given back that this seat saw (CH-9.4,
    CH-9.6), the called card (CH-10.1) and the card given for the Fou (CH-12.4).

    >>> import tarotlib
    >>> state = tarotlib.variant("chambery", players=3).new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> [visible_mask(state, s) == tarotlib.card_mask(observe(state, s).visible_cards()) for s in range(3)]
    [True, True, True]
    """
    d = state.data
    mask = state.held(seat) | state.played_mask
    if state.actor < 0 or seat == d.dealer:
        mask |= d.discard
    made = d.note(FOOL_EXCHANGE)
    if made is not None:
        mask |= 1 << made[2]
    if d.discard:
        # The shown trumps of what was laid aside: ``data.discard`` differs from it only by the
        # card given for the Fou from the discard (CH-7.4 option), which is in the mask already.
        mask |= shown_trumps(state, d.discard)
    for e in exchanges(d):
        mask |= 1 << e.named
        if e.returned is not None and seat in (e.requester, e.giver):
            mask |= 1 << e.returned
    if d.called >= 0:
        mask |= 1 << d.called
    return mask
