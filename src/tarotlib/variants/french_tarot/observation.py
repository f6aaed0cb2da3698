"""What one seat may see of a French Tarot deal (FT-17): :class:`FrenchTarotObservation`.

>>> import tarotlib
>>> seen = tarotlib.variant("french-tarot", players=4).new_deal(seed=8).observation(3)
>>> seen.seat, seen.phase, seen.chien, len(seen.hand)
(3, 'auction', (), 18)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tarotlib.core.cards import ALL_CARDS, TRUMP_MASK, Card, cards_of
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal.observe import as_cards
from tarotlib.variants.french_tarot.facts import PETIT_SEC
from tarotlib.variants.french_tarot.types import TAKES_CHIEN, Contract, Declaration

if TYPE_CHECKING:
    from tarotlib.variants.french_tarot.game import FrenchTarotState

__all__ = ["FrenchTarotObservation", "observe", "table_mask", "visible_mask"]

_PETIT_SEC = "petit sec"  # the start of the annulment reason of FT-3.4
_CHIEN_SHOWN_IN = frozenset({"discard", "slam", "play", "over"})


@attrs.frozen
class FrenchTarotObservation:
    """What one seat may see (FT-17). Contains no card hidden from that seat.

    ``partner`` is the 5-player partner as known to this seat (the partner knows himself; others
    learn it when the called card is played, everybody at the end). ``chien`` is shown only when
    it was turned up (Prise/Garde) or at the end; ``ecart`` only to the taker (others see the shown
    discarded trumps in ``shown_discards``).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
    >>> seen = state.observation(3)
    >>> seen.seat, seen.phase, seen.chien, len(seen.hand)
    (3, 'auction', (), 18)
    """

    seat: int
    players: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int | None
    called_card: Card | None
    partner: int | None
    chien: tuple[Card, ...]
    ecart: tuple[Card, ...]
    shown_discards: tuple[Card, ...]
    slam_announced: bool
    declarations: tuple[Declaration, ...]
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    petit_sec_hand: tuple[Card, ...]
    result: DealResult | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions (used to check that nothing hidden leaks).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
        >>> seen = state.observation(3)
        >>> seen.visible_cards() == set(state.hand(3)), len(seen.visible_cards())
        (True, 18)
        """
        cards: set[int] = set(self.hand) | set(self.chien) | set(self.ecart)
        cards |= set(self.shown_discards) | set(self.current_trick) | set(self.petit_sec_hand)
        for t in self.tricks:
            cards |= set(t.cards)
        for d in self.declarations:
            cards |= set(d.shown)
        if self.called_card is not None:
            cards.add(self.called_card)
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards as text).

        >>> import tarotlib
        >>> data = tarotlib.variant("french-tarot", players=4).new_deal(seed=8).observation(3).to_json()
        >>> data["seat"], data["to_act"], data["hand"][:5]
        (3, 1, ['8S', '10S', 'JS', 'KS', '1H'])
        """
        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [str(c) for c in self.hand],
            "calls": [[s, None if c is None else c.token] for s, c in self.calls],
            "contract": None if self.contract is None else self.contract.token,
            "taker": self.taker,
            "called_card": None if self.called_card is None else str(self.called_card),
            "partner": self.partner,
            "chien": [str(c) for c in self.chien],
            "ecart": [str(c) for c in self.ecart],
            "shown_discards": [str(c) for c in self.shown_discards],
            "slam_announced": self.slam_announced,
            "declarations": [
                {
                    "seat": d.seat,
                    "kind": d.kind.value,
                    "shown": [str(ALL_CARDS[c]) for c in d.shown],
                }
                for d in self.declarations
            ],
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [str(ALL_CARDS[c]) for c in t.cards],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "trick_leader": self.trick_leader,
            "current_trick": [str(c) for c in self.current_trick],
            "petit_sec_hand": [str(c) for c in self.petit_sec_hand],
            "annulled": None if self.result is None else self.result.annulled,
            "scores": None if self.result is None else list(self.result.scores),
        }


def visible_mask(state: FrenchTarotState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (FT-17; the tests keep the two equal).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
    >>> visible_mask(state, 3) == tarotlib.card_mask(observe(state, 3).visible_cards())
    True
    """
    return state.held(seat) | table_mask(state, seat)


def table_mask(state: FrenchTarotState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat`` besides its hand, as a mask (FT-17): the chien
    once turned up or at the end, the écart to the taker (and to all at the end), the shown
    discarded trumps, the cards played, the declarations' shown cards, the called card and a
    petit sec hand that annulled the deal (FT-3.4). (Some may be in the seat's hand too.)

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
    >>> table_mask(state, 3)
    0
    """
    d = state.data
    over = d.result is not None
    mask = state.played_mask
    contract = d.contract
    if over or (contract in TAKES_CHIEN and state.current_phase.name in _CHIEN_SHOWN_IN):  # FT-6.1
        mask |= d.kitty
    discard = d.discard
    if discard:
        if seat == d.declarer or over:
            mask |= discard
        if state.rules.options.show_discarded_trumps:
            mask |= discard & TRUMP_MASK
    for declaration in d.declarations:
        assert isinstance(declaration, Declaration)
        for c in declaration.shown:
            mask |= 1 << c
    if d.called >= 0:
        mask |= 1 << d.called
    annulled = d.annulled
    if annulled is not None and annulled.startswith(_PETIT_SEC):
        petit_sec = d.note(PETIT_SEC)
        if isinstance(petit_sec, int) and petit_sec >= 0:
            mask |= d.dealt[petit_sec]
    return mask


def observe(state: FrenchTarotState, seat: int) -> FrenchTarotObservation:
    """What ``seat`` may see of ``state`` (FT-17).

    A Garde: the chien is shown to all, the écart only to the taker (seat 1).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=1)
    >>> for text in ("bid garde", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> while state.phase == "discard":
    ...     state = state.apply(state.legal_actions()[0])
    >>> taker, other = observe(state, 1), observe(state, 2)
    >>> tarotlib.format_cards(other.chien), tarotlib.format_cards(taker.ecart), other.ecart
    ('9S 4H 2D 4D JD T4', '9S 4H 9H QH 2D 3D', ())
    """
    d = state.data
    over = state.is_over
    phase = state.phase
    contract = state.contract
    chien_public = over or (
        contract is not None and contract.takes_chien and phase in _CHIEN_SHOWN_IN
    )
    ecart: tuple[Card, ...] = ()
    shown_discards: tuple[Card, ...] = ()
    if d.discard:
        if seat == d.declarer or over:
            ecart = cards_of(d.discard)
        if state.rules.options.show_discarded_trumps:
            shown_discards = cards_of(d.discard & TRUMP_MASK)
    partner: int | None = None
    if d.partner >= 0:
        revealed = (
            over
            or seat == d.partner
            or any(d.called in t[1] for t in state.trick_list)
            or d.called in state.trick_cards
        )
        if revealed:  # FT-5.4: the partner knows from the call on, the others when it is played
            partner = d.partner
    petit_sec = d.note(PETIT_SEC)
    return FrenchTarotObservation(
        seat=seat,
        players=state.rules.players,
        dealer=d.dealer,
        phase=phase,
        to_act=state.to_act,
        hand=cards_of(state.hand_mask(seat)),
        calls=state.auction_calls,
        contract=contract,
        taker=state.taker,
        called_card=state.called_card,
        partner=partner,
        chien=cards_of(d.kitty) if chien_public else (),
        ecart=ecart,
        shown_discards=shown_discards,
        slam_announced=state.slam_announced,
        declarations=state.declarations,
        tricks=state.tricks,
        trick_leader=state.trick_leader,
        current_trick=state.current_trick,
        # FT-3.4 / FT-17: a petit sec hand is shown only when the deal is annulled for it.
        petit_sec_hand=(
            cards_of(d.dealt[petit_sec])
            if isinstance(petit_sec, int)
            and petit_sec >= 0
            and d.annulled is not None
            and d.annulled.startswith(_PETIT_SEC)
            else ()
        ),
        result=d.result,
    )
