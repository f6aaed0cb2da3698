"""What one seat may see of a Belote deal: :class:`BeloteObservation`.

Its own hand, the turn-up, the bids, the tricks, the categories of declarations (their cards only
for its own, and for the best team's once the first trick is over, BE-10.3), the belote
announcements (BE-9.2) and the result.

>>> import tarotlib
>>> seen = tarotlib.variant("belote").new_deal(seed=4).observation(0)
>>> seen.seat, seen.phase, len(seen.hand)
(0, 'bidding', 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from tarotlib.core.cards import PIQUET_NOTATION, Card
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.variants.belote.declarations import best_team
from tarotlib.variants.belote.types import Announcement, Combination, CombinationKind, Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.contree.state import ContreeState
    from tarotlib.variants.belote.game import BeloteState

__all__ = ["BeloteObservation", "declarations_seen", "observe", "table_mask", "visible_mask"]


def observe(state: BeloteState, seat: int) -> BeloteObservation:
    """What ``seat`` may see of ``state``: its own hand, the turn-up, the bids, the tricks, the
    categories of declarations (their cards only for its own, and for the best team's once the
    first trick is over, BE-10.3), announcements (BE-9.2) and the result.

    BE-10.3: seat 1 declares a quarte; seat 2 sees its category, and its cards once the first
    trick is over (seat 1's team has the best declaration).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote", preset="classic")
    >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
    >>> state = state.apply(rules.parse_action("declare quarte AH KH QH JH"))
    >>> observe(state, 2).declarations
    ((1, <CombinationKind.QUARTE: 'quarte'>, ()),)
    >>> for text in ("play 9S", "play AS", "play QS", "play 7S"):
    ...     state = state.apply(rules.parse_action(text))
    >>> observe(state, 2).declarations
    ((1, <CombinationKind.QUARTE: 'quarte'>, (Card(1H), Card(KH), Card(QH), Card(JH))),)
    """
    decls = _declarations(state, seat)
    return BeloteObservation(
        seat=seat,
        dealer=state.dealer,
        direction=state.rules.options.direction,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hand(seat),
        turn_up=state.turn_up,
        bids=state.bids,
        contract=state.contract,
        taker=state.taker,
        tricks=state.tricks,
        trick_leader=state.trick_leader,
        current_trick=state.current_trick,
        declarations=decls,
        announcements=state.announcements,
        result=state.data.result,
    )


@attrs.frozen
class BeloteObservation:
    """What one seat may see of a Belote deal (no hidden card of another seat).

    ``declarations`` lists ``(seat, kind, cards)``: the category is public at once; the cards only
    to the declarer and, after the first trick, for the team whose declaration is best (BE-10.3).

    >>> import tarotlib
    >>> seen = tarotlib.variant("belote").new_deal(seed=4).observation(1)
    >>> seen.seat, seen.phase, seen.turn_up, len(seen.hand)
    (1, 'bidding', Card(QS), 5)
    """

    seat: int
    dealer: int
    direction: str
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    turn_up: Card
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int | None
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    declarations: tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]
    announcements: tuple[tuple[int, Announcement, Card], ...]
    result: DealResult | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions (used to check that nothing hidden leaks).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> seen = state.observation(1)
        >>> seen.visible_cards() == set(state.hand(1)) | {state.turn_up}
        True
        """
        cards: set[int] = set(self.hand) | set(self.current_trick) | {self.turn_up}
        for t in self.tricks:
            cards |= set(t.cards)
        for _s, _k, shown in self.declarations:
            cards |= set(shown)
        for _s, _a, c in self.announcements:
            cards.add(c)
        return frozenset(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards in Belote notation, BE-1.2).

        >>> import tarotlib
        >>> data = tarotlib.variant("belote").new_deal(seed=4).observation(1).to_json()
        >>> data["seat"], data["turn_up"], data["hand"]
        (1, 'QS', ['JS', 'TH', 'QD', 'KD', 'TC'])
        """
        t = PIQUET_NOTATION.text
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "direction": self.direction,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [t(c) for c in self.hand],
            "turn_up": t(self.turn_up),
            "bids": [[s, None if c is None else c.token] for s, c in self.bids],
            "contract": None if self.contract is None else self.contract.token,
            "taker": self.taker,
            "tricks": [
                {"leader": tr.leader, "cards": [t(c) for c in tr.cards], "winner": tr.winner}
                for tr in self.tricks
            ],
            "trick_leader": self.trick_leader,
            "current_trick": [t(c) for c in self.current_trick],
            "declarations": [
                {"seat": s, "kind": k.token, "cards": [t(c) for c in cards]}
                for s, k, cards in self.declarations
            ],
            "announcements": [
                {"seat": s, "kind": a.token, "card": t(c)} for s, a, c in self.announcements
            ],
            "annulled": None if self.result is None else self.result.annulled,
            "scores": None if self.result is None else list(self.result.scores),
        }


def visible_mask(state: BeloteState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (the tests keep the two equal).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> visible_mask(state, 1) == tarotlib.card_mask(observe(state, 1).visible_cards())
    True
    """
    d = state.data
    declared = _declarations(state, seat) if d.declarations else ()
    return table_mask(state, seat, declared) | 1 << d.stock[0]


def table_mask(
    state: BeloteState | ContreeState,
    seat: int,
    declarations: Sequence[tuple[int, CombinationKind, Sequence[int]]],
) -> int:
    """The cards a Belote or Contrée seat sees at the table, as a mask: its hand, the cards
    played, the cards of the ``declarations`` as it sees them (BE-10.3, CO-7) and the cards
    announced with belote-rebelote (BE-9.2).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> table_mask(state, 1, ()) == tarotlib.card_mask(state.hand(1))
    True
    """
    d = state.data
    mask = state.held(seat) | state.played_mask
    for _, _, shown in declarations:
        for c in shown:
            mask |= 1 << c
    for _, _, c in state.rules.belote_offer.announced(d):
        mask |= 1 << c
    return mask


def _declarations(
    state: BeloteState, seat: int
) -> tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]:
    declared = state.declarations
    shown_best: int | None = None
    if state.trick_list and declared:
        contract = state.contract
        assert contract is not None
        tie = state.rules.options.declaration_tie
        shown_best = best_team(declared, contract, tie, declared[0].seat)
    return declarations_seen(declared, seat, shown_best)


def declarations_seen(
    declared: Sequence[Combination], seat: int, shown: int | None
) -> tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]:
    """The declarations as ``seat`` sees them (BE-10.3; Contrée's CO-7): every declaration's seat
    and kind, and its cards for the seat's own ones and for those of the team ``shown`` (the
    team whose declarations count, shown after the first trick; None before).

    >>> from tarotlib.core.cards import parse_cards
    >>> quarte = Combination(1, CombinationKind.QUARTE, parse_cards("AH KH QH JH"))
    >>> declarations_seen([quarte], 2, None)
    ((1, <CombinationKind.QUARTE: 'quarte'>, ()),)
    >>> declarations_seen([quarte], 2, 1)[0][2] == quarte.cards
    True
    """
    return tuple(
        (c.seat, c.kind, c.cards if (c.seat == seat or c.team == shown) else ()) for c in declared
    )
