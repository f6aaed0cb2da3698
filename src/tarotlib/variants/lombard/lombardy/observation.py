"""What one seat may see of a Lombardy or Reseghino deal (LO-9).

>>> import tarotlib
>>> type(tarotlib.variant("lombardy").new_deal(seed=1).observation(0)).__name__
'LombardObservation'
"""

from __future__ import annotations

import attrs

from tarotlib.core.actions import Action
from tarotlib.core.cards import Card
from tarotlib.deal import FOOL_EXCHANGE
from tarotlib.deal.observe import DealObservation, as_cards, common_fields
from tarotlib.variants.lombard.lombardy.state import LombardState, MattoExchange, sides_of

__all__ = ["LombardObservation", "observe", "visible_mask"]


@attrs.frozen
class LombardObservation(DealObservation):
    """What one seat may know of a Lombardy or Reseghino deal (LO-9): besides the common fields,
    the ``sides``, the ``exposed`` cards and their holders (LO-12.3, public), the ``monte``
    proposals and answers (public), the ``discard`` (the dealer's own, and everyone's once the
    deal is over, LO-8.4), its owner once over, and the ``matto`` exchange made (public).

    >>> import tarotlib
    >>> state = tarotlib.variant("lombardy").new_deal(seed=3, dealer=0)
    >>> seen = state.observation(2)
    >>> seen.sides, [(s, c.text) for s, c in seen.exposed][:2] == [(s, c.text) for s, c in state.exposed][:2]
    ((0, 1, 0, 1), True)
    >>> seen.visible_cards() <= {int(c) for c in state.hand(2)} | {int(c) for _, c in state.exposed}
    True
    """

    sides: tuple[int, ...] = ()
    exposed: tuple[tuple[int, Card], ...] = ()
    monte: tuple[tuple[int, Action], ...] = ()
    discard: tuple[Card, ...] = ()
    discard_owner: int | None = None
    matto: MattoExchange | None = None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions: the hand, the cards played, the exposed cards,
        the discard (the dealer's, or at the end) and the card given for the Matto.

        >>> import tarotlib
        >>> state = tarotlib.variant("lombardy").new_deal(seed=3, dealer=0)
        >>> seen = state.observation(1)
        >>> seen.visible_cards() == {int(c) for c in state.hand(1)} | {int(c) for _, c in state.exposed}
        True
        """
        cards = set(super().visible_cards())
        cards |= {int(c) for _, c in self.exposed}
        cards |= {int(c) for c in self.discard}
        if self.matto is not None:
            cards.add(int(self.matto.card))
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form.

        >>> import tarotlib
        >>> data = tarotlib.variant("reseghino").new_deal(seed=2).observation(0).to_json()
        >>> data["phase"], data["discard"], data["matto"]
        ('discard', [], None)
        """
        data = super().to_json()
        data["sides"] = list(self.sides)
        data["exposed"] = [[s, str(c)] for s, c in self.exposed]
        data["monte"] = [[s, a.text] for s, a in self.monte]
        data["discard"] = [str(c) for c in self.discard]
        data["discard_owner"] = self.discard_owner
        m = self.matto
        data["matto"] = None if m is None else [m.owner, m.holder, str(m.card)]
        return data


def observe(state: LombardState, seat: int) -> LombardObservation:
    """LO-9: public are the exposed cards and their holders, the Monte, the tricks and the Matto
    exchange; private are the hands and the discard (the dealer's until the deal is scored).

    >>> import tarotlib
    >>> rules = tarotlib.variant("reseghino")
    >>> state = rules.new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> len(observe(state, 0).discard), len(observe(state, 1).discard)
    (1, 0)
    """
    d = state.data
    over = state.is_over
    show_discard = over or seat == d.dealer
    common = common_fields(state, seat)
    common.update(calls=(), contract=None, declarer=None)  # no auction (LO-10)
    return LombardObservation(
        **common,
        sides=sides_of(state),
        exposed=state.exposed,
        monte=state.monte,
        discard=state.discard if show_discard else (),
        discard_owner=state.discard_owner,
        matto=state.matto_exchange,
    )


def visible_mask(state: LombardState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (LO-9; the tests keep the two equal): the seat's
    hand, the cards played, the exposed cards (LO-12.3), the discard to the dealer and to all
    once the deal is over (LO-8.4), and the card given for the Matto (LO-7.4).

    >>> import tarotlib
    >>> state = tarotlib.variant("lombardy").new_deal(seed=3, dealer=0)
    >>> visible_mask(state, 1) == tarotlib.card_mask(observe(state, 1).visible_cards())
    True
    """
    d = state.data
    mask = state.held(seat) | state.played_mask
    for _, c in state.exposed:
        mask |= 1 << c
    if state.actor < 0 or seat == d.dealer:  # over, or the dealer
        mask |= d.discard
    made = d.note(FOOL_EXCHANGE)
    if made is not None:
        mask |= 1 << made[2]
    return mask
