"""One moment of a Contrée deal (:class:`ContreeState`) and what one seat may see of it
(:class:`ContreeObservation`, CO-3.5, CO-4.11: the auction is public).

>>> import tarotlib
>>> state = tarotlib.variant("contree").new_deal(seed=1, dealer=3)
>>> type(state).__name__, state.phase, len(state.hand(0)), state.contract
('ContreeState', 'auction', 8, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from tarotlib.core.cards import ALL_CARDS, PIQUET_NOTATION, Card, Suit
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import DealState
from tarotlib.deal.state import hand_in
from tarotlib.variants.belote.contree.auction import CONTRACT_NOTE
from tarotlib.variants.belote.contree.declarations import best_declaring_team
from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
from tarotlib.variants.belote.observation import declarations_seen, table_mask
from tarotlib.variants.belote.types import Announcement, Combination, CombinationKind

if TYPE_CHECKING:
    from tarotlib.variants.belote.contree.game import Contree  # noqa: F401  (a type argument)

__all__ = ["ContreeObservation", "ContreeState", "visible_mask"]


class ContreeState(DealState["Contree"]):
    """One moment of a Contrée deal (immutable; see :class:`~tarotlib.deal.DealState`).

    The omniscient position for servers and tools; give players :meth:`observation` instead.

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3)
    >>> for text in ("bid 80H", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.contract.label, state.attack, state.to_act
    ('play', '80♥ by seat 0', 0, 0)
    """

    __slots__ = ()

    @property
    def contract(self) -> ContreeContract | None:
        """The contract once the auction is over (CO-4.11); None before, or after a throw-in."""
        return self.data.note(CONTRACT_NOTE)

    @property
    def current_bid(self) -> ContreeContract | None:
        """The standing contract: during the auction the current one (with its level), later the
        final one."""
        auction = self.rules.auction.local_in(self)
        return self.contract if auction is None else auction.current

    @property
    def attack(self) -> int | None:
        """The bidder's team, once the contract is known."""
        c = self.contract
        return None if c is None else c.attack

    @property
    def bids(self) -> tuple[tuple[int, object], ...]:
        """Every auction call ``(seat, call)``: a :class:`ContreeBid`, None for a pass, or
        ``"coinche"``, ``"surcoinche"``, ``"no-coinche"`` (public, CO-4.11)."""
        return self.calls

    @property
    def declarations(self) -> tuple[Combination, ...]:
        """The declarations made so far (CO-7)."""
        return self.data.declarations  # type: ignore[return-value]

    @property
    def announcements(self) -> tuple[tuple[int, Announcement, Card], ...]:
        """Belote / rebelote announcements ``(seat, kind, card)`` (CO-6.2)."""
        said = self.rules.belote_offer.announced(self.data)
        return tuple((s, cast(Announcement, a), ALL_CARDS[c]) for s, a, c in said)

    @property
    def belote_holders(self) -> tuple[tuple[Suit, int], ...]:
        """``(suit, seat)`` for each belote held (CO-6.1), once the contract is known."""
        return tuple((Suit(s), seat) for s, seat in self.rules.belote_offer.holders(self.data))

    def card_points(self) -> tuple[int, int]:
        """Card points won so far by each team in the contract's table (CO-1; the ``unscaled``
        table under ``ta_sa_points = rescaled``, before rescaling).

        >>> import random, tarotlib
        >>> rng = random.Random(4)
        >>> state = tarotlib.variant("contree").new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.result.is_annulled or sum(state.card_points()) == 152
        True
        """
        c = self.data.contract
        if c is None:
            return (0, 0)
        pts = self.rules.table(c).points  # type: ignore[arg-type]
        piles = self.packed_piles
        return (
            pts.value_sum(hand_in(piles, 0) | hand_in(piles, 2)),
            pts.value_sum(hand_in(piles, 1) | hand_in(piles, 3)),
        )

    def observation(self, seat: int) -> ContreeObservation:
        """What ``seat`` may see (see :class:`ContreeObservation`).

        >>> import tarotlib
        >>> state = tarotlib.variant("contree").new_deal(seed=1)
        >>> seen = state.observation(0)
        >>> seen.seat, seen.phase, seen.hand == state.hand(0)
        (0, 'auction', True)
        """
        return observe(self, self.check_seat(seat))

    def __repr__(self) -> str:
        c = self.contract
        return (
            f"<ContreeState {self.phase} to_act={self.to_act} "
            f"contract={'-' if c is None else c.bid.token}>"
        )


def observe(state: ContreeState, seat: int) -> ContreeObservation:
    """What ``seat`` may see of ``state``: its own hand, every auction call and the standing
    contract (CO-3.5, CO-4.11), the tricks, declarations as Belote shows them (BE-10.3: categories
    at once, cards to the declarer and, after the first trick, for the best team), the belote
    announcements and the result.

    >>> import tarotlib
    >>> state = tarotlib.variant("contree").new_deal(seed=1)
    >>> seen = state.observation(2)
    >>> seen.hand == state.hand(2), seen.visible_cards() == set(state.hand(2))
    (True, True)
    """
    decls = _declarations(state, seat)
    return ContreeObservation(
        seat=seat,
        dealer=state.dealer,
        direction=state.rules.options.direction,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hand(seat),
        calls=state.calls,
        contract=state.current_bid,
        tricks=state.tricks,
        trick_leader=state.trick_leader,
        current_trick=state.current_trick,
        declarations=decls,
        announcements=state.announcements,
        result=state.data.result,
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
    return table_mask(state, seat, _declarations(state, seat) if state.data.declarations else ())


def _declarations(
    state: ContreeState, seat: int
) -> tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]:
    """The declarations as ``seat`` sees them (BE-10.3, CO-7): the best team's cards are shown
    once the first trick is over."""
    declared = state.declarations
    shown_best: int | None = None
    if state.trick_list and declared:
        contract = state.data.contract
        tie = state.rules.options.declaration_tie
        sa = state.rules.options.sa_carres
        shown_best = best_declaring_team(declared, contract, sa, tie, declared[0].seat)  # type: ignore[arg-type]
    return declarations_seen(declared, seat, shown_best)


def _call_text(call: object) -> str:
    if call is None:
        return "pass"
    if isinstance(call, ContreeBid):
        return call.token
    return str(call)


@attrs.frozen
class ContreeObservation:
    """What one seat may see of a Contrée deal (no hidden card of another seat).

    ``contract`` is the standing contract (during the auction, the current bid with its level).

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3).apply(rules.parse_action("bid 90C"))
    >>> seen = state.observation(3)
    >>> seen.calls[0][1].token, seen.contract.bidder, len(seen.hand)
    ('90C', 0, 8)
    """

    seat: int
    dealer: int
    direction: str
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, object], ...]
    contract: ContreeContract | None
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    declarations: tuple[tuple[int, CombinationKind, tuple[Card, ...]], ...]
    announcements: tuple[tuple[int, Announcement, Card], ...]
    result: DealResult | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions (to check that nothing hidden leaks).

        >>> import tarotlib
        >>> state = tarotlib.variant("contree").new_deal(seed=1)
        >>> state.observation(0).visible_cards() == set(state.hand(0))
        True
        """
        cards: set[int] = set(self.hand) | set(self.current_trick)
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
        >>> rules = tarotlib.variant("contree")
        >>> state = rules.new_deal(seed=1, dealer=3).apply(rules.parse_action("bid 90C"))
        >>> data = state.observation(1).to_json()
        >>> data["calls"], data["contract"]
        ([[0, '90C']], {'bid': '90C', 'bidder': 0, 'level': 0})
        """
        t = PIQUET_NOTATION.text
        c = self.contract
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "direction": self.direction,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [t(x) for x in self.hand],
            "calls": [[s, None if call is None else _call_text(call)] for s, call in self.calls],
            "contract": None
            if c is None
            else {"bid": c.bid.token, "bidder": c.bidder, "level": c.level},
            "tricks": [
                {"leader": tr.leader, "cards": [t(x) for x in tr.cards], "winner": tr.winner}
                for tr in self.tricks
            ],
            "trick_leader": self.trick_leader,
            "current_trick": [t(x) for x in self.current_trick],
            "declarations": [
                {"seat": s, "kind": k.token, "cards": [t(x) for x in cards]}
                for s, k, cards in self.declarations
            ],
            "announcements": [
                {"seat": s, "kind": a.token, "card": t(x)} for s, a, x in self.announcements
            ],
            "annulled": None if self.result is None else self.result.annulled,
            "scores": None if self.result is None else list(self.result.scores),
        }
