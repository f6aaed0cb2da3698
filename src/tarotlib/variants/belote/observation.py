"""What one seat may see of a Belote deal: :class:`BeloteObservation`, and what Belote and Contrée
observations share: :class:`BeloteFamilyObservation`, built from :func:`table_fields`.

Its own hand, the turn-up, the bids, the tricks, the categories of declarations (their cards only
for its own, and for the best team's once the first trick is over, BE-10.3), the belote
announcements (BE-9.2) and the result.

>>> import tarotlib
>>> seen = tarotlib.variant("belote").new_deal(seed=4).observation(0)
>>> seen.seat, seen.phase, len(seen.hand)
(0, 'bidding', 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tarotlib.core.cards import PIQUET_NOTATION, Card
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal.observe import as_cards
from tarotlib.variants.belote.types import Announcement, Combination, CombinationKind, Contract

if TYPE_CHECKING:
    from tarotlib.variants.belote.state import BeloteFamilyState, BeloteState

__all__ = [
    "BeloteFamilyObservation",
    "BeloteObservation",
    "bidding_after_hand",
    "declarations_for",
    "declarations_seen",
    "observe",
    "table_fields",
    "table_mask",
    "visible_mask",
]


@attrs.frozen
class BeloteFamilyObservation:
    """What one seat may see of a Belote or a Contrée deal, the part both games share (no hidden
    card of another seat): the ``seat``, the ``dealer``, the play ``direction`` (display only), the
    ``phase`` and the seat ``to_act``, its ``hand``, the completed ``tricks``, the
    ``current_trick`` and its ``trick_leader``, the ``declarations`` as it sees them, the belote
    ``announcements`` and the ``result`` once over.

    ``declarations`` lists ``(seat, kind, cards)``: the category is public at once; the cards only
    to the declarer and, after the first trick, for the team whose declarations count (BE-10.3;
    Contrée's CO-7).

    :class:`BeloteObservation` and
    :class:`~tarotlib.variants.belote.contree.observation.ContreeObservation` add what the seat
    sees of their bidding; their fields come right after ``hand``
    (:func:`bidding_after_hand`), in their repr and JSON form alike.

    >>> import tarotlib
    >>> seen = [tarotlib.variant(name).new_deal(seed=4).observation(1) for name in ("belote", "contree")]
    >>> [isinstance(s, BeloteFamilyObservation) for s in seen], [len(s.hand) for s in seen]
    ([True, True], [5, 8])
    """

    seat: int
    dealer: int
    direction: str
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    declarations: tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]
    announcements: tuple[tuple[int, Announcement, Card], ...]
    result: DealResult | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions (used to check that nothing hidden leaks): the
        hand, the cards played, the declared cards shown, the announced cards, and what the game
        shows face up (Belote's turn-up).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> state.observation(1).visible_cards() == set(state.hand(1)) | {state.turn_up}
        True
        >>> state = tarotlib.variant("contree").new_deal(seed=1)
        >>> state.observation(0).visible_cards() == set(state.hand(0))
        True
        """
        cards: set[int] = set(self.hand) | set(self.current_trick)
        face_up = self._face_up()
        if face_up:
            cards = cards | face_up
        for t in self.tricks:
            cards |= set(t.cards)
        for _s, _k, shown in self.declarations:
            cards |= set(shown)
        for _s, _a, c in self.announcements:
            cards.add(c)
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards in Belote notation, BE-1.2): the shared fields, with the game's
        own (its bidding) after ``hand``.

        >>> import tarotlib
        >>> data = tarotlib.variant("belote").new_deal(seed=4).observation(1).to_json()
        >>> data["seat"], data["turn_up"], data["hand"]
        (1, 'QS', ['JS', 'TH', 'QD', 'KD', 'TC'])
        >>> rules = tarotlib.variant("contree")
        >>> state = rules.new_deal(seed=1, dealer=3).apply(rules.parse_action("bid 90C"))
        >>> data = state.observation(1).to_json()
        >>> list(data)[5:8], data["calls"], data["contract"]
        (['hand', 'calls', 'contract'], [[0, '90C']], {'bid': '90C', 'bidder': 0, 'level': 0})
        """
        t = PIQUET_NOTATION.text
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "direction": self.direction,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [t(c) for c in self.hand],
            **self._bidding_json(t),
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

    def _face_up(self) -> set[int]:
        """The cards the game shows every seat besides the table (Belote: the turn-up)."""
        return set()

    def _bidding_json(self, text: Callable[[int], str]) -> dict[str, object]:
        """The game's own fields, JSON-ready (cards written with ``text``), in their order."""
        return {}


def bidding_after_hand(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """The field order of a :class:`BeloteFamilyObservation` subclass (an attrs
    ``field_transformer``): the shared fields up to ``hand``, then the subclass's own (what the
    seat sees of the bidding), then the other shared fields — the order of its ``__init__``, repr,
    equality and ``attrs.fields``. (A type checker reads the shared fields first: build
    observations by keyword.)

    >>> [f.name for f in attrs.fields(BeloteObservation)][4:10]
    ['to_act', 'hand', 'turn_up', 'bids', 'contract', 'taker']
    """
    names = {f.name for f in attrs.fields(BeloteFamilyObservation)}
    shared = [f for f in fields if f.name in names]
    own = [f for f in fields if f.name not in names]
    cut = next(i for i, f in enumerate(shared) if f.name == "hand") + 1
    return [*shared[:cut], *own, *shared[cut:]]


@attrs.frozen(field_transformer=bidding_after_hand)
class BeloteObservation(BeloteFamilyObservation):
    """What one seat may see of a Belote deal (no hidden card of another seat): the shared fields
    (:class:`BeloteFamilyObservation`) and the bidding — the ``turn_up`` (BE-3.3), the ``bids``,
    the ``contract`` and the ``taker``.

    >>> import tarotlib
    >>> seen = tarotlib.variant("belote").new_deal(seed=4).observation(1)
    >>> seen.seat, seen.phase, seen.turn_up, len(seen.hand)
    (1, 'bidding', Card(QS), 5)
    """

    turn_up: Card
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int | None

    def _face_up(self) -> set[int]:
        return {self.turn_up}

    def _bidding_json(self, text: Callable[[int], str]) -> dict[str, object]:
        return {
            "turn_up": text(self.turn_up),
            "bids": [[s, None if c is None else c.token] for s, c in self.bids],
            "contract": None if self.contract is None else self.contract.token,
            "taker": self.taker,
        }


def table_fields(state: BeloteFamilyState[Any], seat: int) -> dict[str, Any]:
    """The fields of a :class:`BeloteFamilyObservation` as ``seat`` sees them in ``state`` (a
    Belote or a Contrée deal); a game's observation adds its own
    (``BeloteObservation(**table_fields(state, seat), turn_up=..., ...)``).

    >>> import tarotlib
    >>> state = tarotlib.variant("contree").new_deal(seed=1)
    >>> fields = table_fields(state, 2)
    >>> fields["hand"] == state.hand(2), fields["phase"], fields["declarations"]
    (True, 'auction', ())
    """
    return {
        "seat": seat,
        "dealer": state.dealer,
        "direction": state.rules.options.direction,
        "phase": state.phase,
        "to_act": state.to_act,
        "hand": state.hand(seat),
        "tricks": state.tricks,
        "trick_leader": state.trick_leader,
        "current_trick": state.current_trick,
        "declarations": declarations_for(state, seat),
        "announcements": state.announcements,
        "result": state.data.result,
    }


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
    return BeloteObservation(
        **table_fields(state, seat),
        turn_up=state.turn_up,
        bids=state.bids,
        contract=state.contract,
        taker=state.taker,
    )


def visible_mask(state: BeloteState, seat: int) -> int:
    """The cards :func:`observe` shows ``seat``, as a mask: what its ``visible_cards()`` gives,
    computed without building the observation (the tests keep the two equal).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> visible_mask(state, 1) == tarotlib.card_mask(observe(state, 1).visible_cards())
    True
    """
    return table_mask(state, seat, declarations_for(state, seat)) | 1 << state.data.stock[0]


def table_mask(
    state: BeloteFamilyState[Any],
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


def declarations_for(
    state: BeloteFamilyState[Any], seat: int
) -> tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]:
    """The declarations of ``state`` as ``seat`` sees them (:func:`declarations_seen`): the cards
    of the team whose declarations count are shown once the first trick is over (BE-10.3; the
    team by BE-10.4, in Contrée with CO-7.5's carrés in SA, CO-7).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote", preset="classic")
    >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
    >>> state = state.apply(rules.parse_action("declare quarte AH KH QH JH"))
    >>> declarations_for(state, 1)[0][2] == state.declarations[0].cards
    True
    >>> declarations_for(state, 2)
    ((1, <CombinationKind.QUARTE: 'quarte'>, ()),)
    """
    declared = state.declarations
    if not declared:
        return ()
    shown: int | None = None
    if state.trick_list:
        contract = state._denomination
        assert contract is not None  # play has begun: the contract is known
        shown = state._declaring_team(declared, contract)
    return declarations_seen(declared, seat, shown)


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
