"""What one seat may see of a Tarocc'Ombre or Ombra arrabiata deal (LO-9, TO-6.5, TO-34.3).

Public: every bid, each card named in an exchange and who gave it (or that it is out of play),
the called card, the cards played and each trick's winner, the result. Private: the hands; the
discard (the dealer only, until the deal is scored: LO-8.4); the card given back in an exchange
(the declarer and its receiver only); the partner's identity (only the partner himself knows it
until the called card is played, TO-34.3) and whether the declarer is alone because the called
card lies in the discard (told at the end, TO-34.4).

>>> import tarotlib
>>> rules = tarotlib.variant("tarocco-ombre")
>>> state = rules.new_deal(seed=1)
>>> [len(state.observation(seat).discard) for seat in range(3)]
[0, 0, 0]
>>> while state.phase == "discard":
...     state = state.apply(state.legal_actions()[0])
>>> [len(state.observation(seat).discard) for seat in range(3)]   # the dealer only
[3, 0, 0]
"""

from __future__ import annotations

import attrs

from tarotlib.core.cards import ALL_CARDS, Card, cards_of
from tarotlib.deal import (
    CALLED_IN_DISCARD,
    CONCEDED,
    FOOL_EXCHANGE,
    NO_CALL,
    DealState,
    Exchange,
    exchanges,
    exchanges_seen,
    fool_exchange,
    out_of_play,
)
from tarotlib.deal.observe import DealObservation, as_cards, common_fields

__all__ = ["OmbreObservation", "observe", "visible_mask"]


@attrs.frozen
class OmbreObservation(DealObservation):
    """One seat's view of a deal (see the module docstring).

    ``partner`` is the partner's seat when this seat may know it (it is the partner, or the
    called card has been played, or the deal is over), else None; ``alone`` is True when the
    table knows the declarer plays alone (a niente, no call, or at the end), else False.
    ``discard`` is the dealer's discard, shown to the dealer (and to all at the end).
    ``exchanges`` are the exchanges as this seat knows them (TO-6.5) and ``out_of_play`` the
    named cards nobody held (TO-6.3). ``matto_exchange`` is the Matto's exchange once made,
    public (LO-9): ``(owner, receiver, card given)``.

    >>> import tarotlib
    >>> seen = tarotlib.variant("tarocco-ombre", players=5).new_deal(seed=1).observation(3)
    >>> seen.partner, seen.called_card, seen.discard
    (None, None, ())
    """

    discard: tuple[Card, ...]
    exchanges: tuple[Exchange, ...]
    out_of_play: tuple[Card, ...]
    conceded: bool
    called_card: Card | None
    partner: int | None
    alone: bool
    matto_exchange: tuple[int, int, Card] | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation shows where it lies: the hand and the cards played
        (:meth:`DealObservation.visible_cards`), the discard (dealer), the named cards (their
        givers are public), the cards given back that this seat saw and the card given for the
        Matto. (The called card is only named: its holder is not shown.)

        >>> import tarotlib
        >>> seen = tarotlib.variant("tarocco-ombre").new_deal(seed=1).observation(1)
        >>> seen.visible_cards() == frozenset(seen.hand)
        True
        """
        cards: set[int] = set(super().visible_cards()) | set(self.discard)
        if self.matto_exchange is not None:
            cards.add(self.matto_exchange[2])
        for e in self.exchanges:
            cards.add(e.named)
            if e.returned is not None:
                cards.add(e.returned)
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards as text, contracts by their token): the common fields
        (:meth:`DealObservation.to_json`) and Tarocc'Ombre's.

        >>> import tarotlib
        >>> data = tarotlib.variant("tarocco-ombre").new_deal(seed=1).observation(2).to_json()
        >>> data["phase"], data["partner"], data["discard"], len(data["hand"])
        ('discard', None, [], 17)
        """
        data = super().to_json()
        data["discard"] = [str(c) for c in self.discard]
        data["exchanges"] = [e.to_json("declarer") for e in self.exchanges]
        data["out_of_play"] = [str(c) for c in self.out_of_play]
        data["conceded"] = self.conceded
        data["called_card"] = None if self.called_card is None else str(self.called_card)
        data["partner"] = self.partner
        data["alone"] = self.alone
        m = self.matto_exchange
        data["matto_exchange"] = None if m is None else [m[0], m[1], str(m[2])]
        return data


def matto_exchange(state: DealState) -> tuple[int, int, Card] | None:
    """The Matto's exchange once made (LO-7.4, public by LO-9): ``(owner, receiver, card)``, as
    the deal machine's fool rule records it (:func:`tarotlib.deal.fool_exchange`); None before.

    >>> import tarotlib
    >>> matto_exchange(tarotlib.variant("tarocco-ombre").new_deal(seed=1)) is None
    True
    """
    return fool_exchange(state)


def observe(state: DealState, seat: int) -> OmbreObservation:
    """The observation of ``state`` for ``seat`` (LO-9).

    >>> import tarotlib
    >>> seen = observe(tarotlib.variant("ombra-arrabiata").new_deal(seed=4), 0)
    >>> seen.seat, seen.phase, len(seen.hand), seen.partner, seen.alone
    (0, 'discard', 15, None, False)
    """
    d = state.data
    over = state.is_over
    called = d.called
    called_card = ALL_CARDS[called] if called >= 0 else None
    played = False
    if called >= 0:
        played = any(called in t.cards for t in state.tricks) or called in state.current_trick
    partner: int | None = None
    if d.partner >= 0 and (over or played or seat == d.partner):  # TO-34.3
        partner = d.partner
    in_discard = d.note(CALLED_IN_DISCARD)
    alone = d.declarer >= 0 and (
        d.note(NO_CALL)
        or (over and d.partner < 0 and d.result is not None and not d.result.is_annulled)
        or (called < 0 and state.phase == "play")  # a niente: no call (TO-34.1)
        or (in_discard and over)
    )
    shows_discard = seat == d.dealer or (over and d.annulled is None)  # LO-8.4
    return OmbreObservation(
        **common_fields(state, seat),
        discard=cards_of(d.discard) if shows_discard else (),
        exchanges=exchanges_seen(d, seat),
        out_of_play=cards_of(out_of_play(d)),
        conceded=d.note(CONCEDED),
        called_card=called_card,
        partner=partner,
        alone=alone,
        matto_exchange=matto_exchange(state),
    )


def visible_mask(state: DealState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (LO-9; the tests keep the two equal): the seat's
    hand and the cards played, the discard to the dealer (to all once a deal not annulled is
    over, LO-8.4), every named card (TO-6.3, TO-6.5: public), the cards given back that this
    seat saw (the requester's and the giver's, TO-6.5) and the card given for the Matto (LO-7.4).

    >>> import tarotlib
    >>> state = tarotlib.variant("tarocco-ombre", players=5).new_deal(seed=1)
    >>> visible_mask(state, 3) == tarotlib.card_mask(observe(state, 3).visible_cards())
    True
    """
    d = state.data
    mask = state.held(seat) | state.played_mask
    if seat == d.dealer or (state.actor < 0 and d.annulled is None):  # LO-8.4
        mask |= d.discard
    for e in exchanges(d):
        mask |= 1 << e.named
        if e.returned is not None and seat in (e.requester, e.giver):
            mask |= 1 << e.returned
    made = d.note(FOOL_EXCHANGE)
    if made is not None:
        mask |= 1 << made[2]
    return mask
