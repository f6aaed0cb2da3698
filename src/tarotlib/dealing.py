"""Dealing: packet schedules with kitty positions, seeded deals and explicit layouts (FT-3).

A :class:`Layout` is the result of a deal: the hands (seat order), the kitty (chien, talon, discard
pile to be) and the dealer. A deal is a chance step: either from a seed (a specified shuffle,
:mod:`tarotlib.rng`, then the packet schedule), from an explicit card order, or from a layout given
card by card.

>>> from tarotlib.decks import TAROT_78
>>> sched = PacketSchedule(packet_size=3, packets_per_player=6, kitty_size=6)
>>> layout = sched.deal(TAROT_78, players=4, dealer=0, seed=42)
>>> [len(h) for h in layout.hands], len(layout.kitty)
([18, 18, 18, 18], 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

import attrs

from tarotlib.cards import ALL_CARDS, Card, card_mask, cards_of, format_cards, parse_cards
from tarotlib.decks import Deck
from tarotlib.errors import DealError
from tarotlib.rng import shuffle

__all__ = ["KITTY", "Layout", "PacketSchedule", "StockSchedule"]

KITTY = -1
"""Destination code of a kitty card in a dealing plan."""

_BITS: Final = tuple(1 << i for i in range(78))
_ScheduleKey = tuple[int, int, int, tuple[int, ...] | None, int]
_GETTERS: dict[_ScheduleKey, tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]] = {}


def _tuple_getter(positions: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A C-speed getter of several positions, always returning a tuple."""
    if len(positions) == 1:
        pos = positions[0]
        return lambda seq: (seq[pos],)
    if not positions:
        return lambda seq: ()
    getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*positions)
    return getter


def _as_cards(cards: Sequence[int] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(ALL_CARDS[int(c)] for c in cards)


def _hands_converter(hands: Sequence[Sequence[int] | str]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(_as_cards(h))) for h in hands)


def _kitty_converter(kitty: Sequence[int] | str) -> tuple[Card, ...]:
    return tuple(sorted(_as_cards(kitty)))


@attrs.frozen
class Layout:
    """The cards as dealt: ``hands[seat]``, the ``kitty`` and the ``dealer`` seat.

    Hands and kitty are kept sorted in index order; a layout compares equal to another with the same
    cards wherever they were listed.

    >>> lay = Layout.from_text(["KH QH", "T1 T2", "EX 1S"], "10C", dealer=2)
    >>> lay.describe().splitlines()[0]
    'dealer: seat 2'
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands_converter)
    kitty: tuple[Card, ...] = attrs.field(converter=_kitty_converter)
    dealer: int = 0
    stock: tuple[Card, ...] = attrs.field(default=(), converter=_as_cards)
    """Cards dealt later, **in dealing order** (not sorted): Belote's turn-up and stock (BE-3.4).
    Empty for games that deal everything at once."""

    def __attrs_post_init__(self) -> None:
        if not self.hands:
            raise DealError("a layout needs at least one hand")
        if not 0 <= self.dealer < len(self.hands):
            raise DealError(f"dealer must be a seat 0..{len(self.hands) - 1}, got {self.dealer}")
        seen: set[int] = set()
        for c in [c for h in self.hands for c in h] + list(self.kitty) + list(self.stock):
            if c in seen:
                raise DealError(f"card {c} is dealt twice in the layout")
            seen.add(c)

    @classmethod
    def from_text(cls, hands: Sequence[str], kitty: str = "", dealer: int = 0) -> Layout:
        """A layout from card texts, one string per hand.

        >>> layout = Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        >>> layout.players, layout.kitty, layout.dealer
        (2, (Card(EX),), 1)
        """
        return cls(tuple(parse_cards(h) for h in hands), parse_cards(kitty), dealer)

    @property
    def players(self) -> int:
        """Number of hands."""
        return len(self.hands)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The hands as bit masks."""
        return tuple(card_mask(h) for h in self.hands)

    @property
    def kitty_mask(self) -> int:
        """The kitty as a bit mask."""
        return card_mask(self.kitty)

    @property
    def mask(self) -> int:
        """All dealt cards."""
        m = self.kitty_mask | card_mask(self.stock)
        for h in self.hand_masks:
            m |= h
        return m

    def describe(self) -> str:
        """A readable multi-line listing.

        >>> print(Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1).describe())
        dealer: seat 1
        seat 0: QH KH
        seat 1: 1S 2S
        kitty: EX
        """
        lines = [f"dealer: seat {self.dealer}"]
        lines += [f"seat {i}: {format_cards(h)}" for i, h in enumerate(self.hands)]
        lines.append(f"kitty: {format_cards(self.kitty)}")
        if self.stock:
            lines.append(f"stock: {format_cards(self.stock)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """JSON form: ``{"hands": [[...], ...], "kitty": [...], "dealer": n}`` with card texts,
        and ``"stock": [...]`` when there is a stock.

        >>> Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1).to_json()
        {'hands': [['QH', 'KH'], ['1S', '2S']], 'kitty': ['EX'], 'dealer': 1}
        """
        out: dict[str, object] = {
            "hands": [[str(c) for c in h] for h in self.hands],
            "kitty": [str(c) for c in self.kitty],
            "dealer": self.dealer,
        }
        if self.stock:
            out["stock"] = [str(c) for c in self.stock]
        return out

    @classmethod
    def from_json(cls, data: object) -> Layout:
        """Inverse of :meth:`to_json` (raises ``ValueError`` on bad data).

        >>> layout = Layout.from_json({"hands": [["KH", "QH"], ["1S", "2S"]], "kitty": ["EX"], "dealer": 1})
        >>> layout == Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        True
        >>> Layout.from_json({"hands": "KH"})
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: a layout needs 'hands', 'kitty' and 'dealer'
        """
        if not isinstance(data, dict) or not {"hands", "kitty", "dealer"} <= data.keys():
            raise DealError("a layout needs 'hands', 'kitty' and 'dealer'")
        hands, kitty, dealer = data["hands"], data["kitty"], data["dealer"]
        if (
            not isinstance(hands, list)
            or not isinstance(kitty, list)
            or not isinstance(dealer, int)
        ):
            raise DealError("layout 'hands' and 'kitty' must be lists and 'dealer' an int")
        stock = data.get("stock", [])
        if not isinstance(stock, list):
            raise DealError("layout 'stock' must be a list")
        return cls(
            tuple(parse_cards([str(c) for c in h]) for h in hands),
            parse_cards([str(c) for c in kitty]),
            dealer,
            parse_cards([str(c) for c in stock]),
        )

    @classmethod
    def from_masks(
        cls, hands: Sequence[int], kitty: int, dealer: int, stock: Sequence[int] = ()
    ) -> Layout:
        """A layout from bit masks (and the ordered ``stock``, if any).

        >>> from tarotlib.cards import card_mask, parse_cards
        >>> hands = [card_mask(parse_cards("KH QH")), card_mask(parse_cards("1S 2S"))]
        >>> layout = Layout.from_masks(hands, kitty=card_mask(parse_cards("EX")), dealer=1)
        >>> layout == Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        True
        """
        return cls(tuple(cards_of(h) for h in hands), cards_of(kitty), dealer, stock)


@attrs.frozen
class PacketSchedule:
    """How a deal is dealt: packets of ``packet_size`` cards, ``packets_per_player`` rounds,
    starting with the seat after the dealer, and ``kitty_size`` cards put aside one at a time.

    ``kitty_after`` lists, for each kitty card, after how many *packets* (counted over the whole
    deal) it is put aside. The default (FT-3.3, a suggestion that satisfies FT-3.2) puts one card
    aside right after the first packet of each of the first ``kitty_size`` rounds, or spreads them
    over the rounds when there are more kitty cards than rounds.

    >>> from tarotlib.decks import TAROT_78
    >>> schedule = PacketSchedule(packet_size=3, packets_per_player=5, kitty_size=3)
    >>> schedule.size(players=5)
    78
    >>> layout = schedule.deal(TAROT_78, players=5, dealer=4, seed=1)
    >>> [len(hand) for hand in layout.hands], len(layout.kitty)
    ([15, 15, 15, 15, 15], 3)
    """

    packet_size: int
    packets_per_player: int
    kitty_size: int
    kitty_after: tuple[int, ...] | None = None

    def plan(self, players: int) -> tuple[int, ...]:
        """Destination of each card position of the pack, relative to the seat after the dealer:
        0 is the first receiver, ..., ``KITTY`` for the kitty.

        >>> schedule = PacketSchedule(packet_size=2, packets_per_player=2, kitty_size=1, kitty_after=(2,))
        >>> schedule.plan(players=2)
        (0, 0, 1, 1, -1, 0, 0, 1, 1)
        >>> schedule.plan(players=2)[4] == KITTY
        True
        """
        after = self.kitty_after
        if after is None:
            rounds = self.packets_per_player
            after = tuple((k % rounds) * players + 1 + k // rounds for k in range(self.kitty_size))
        if len(after) != self.kitty_size:
            raise DealError("kitty_after must list one position per kitty card")
        out: list[int] = []
        packets = 0
        total_packets = players * self.packets_per_player
        pending = sorted(after)
        for _ in range(self.packets_per_player):
            for p in range(players):
                out.extend([p] * self.packet_size)
                packets += 1
                while pending and pending[0] <= packets and packets < total_packets + 1:
                    out.append(KITTY)
                    pending.pop(0)
        out.extend([KITTY] * len(pending))
        return tuple(out)

    def size(self, players: int) -> int:
        """Number of cards dealt.

        >>> PacketSchedule(packet_size=3, packets_per_player=6, kitty_size=6).size(players=4)
        78
        """
        return players * self.packet_size * self.packets_per_player + self.kitty_size

    def deal_order(self, order: Sequence[int], players: int, dealer: int) -> Layout:
        """Deal an explicitly ordered pack (first card = top of the pack).

        >>> from tarotlib.cards import format_cards, parse_cards
        >>> schedule = PacketSchedule(packet_size=1, packets_per_player=2, kitty_size=1, kitty_after=(2,))
        >>> layout = schedule.deal_order(parse_cards("1S 2S 3S 4S 5S"), players=2, dealer=1)
        >>> [format_cards(hand) for hand in layout.hands], format_cards(layout.kitty)
        (['1S 4S', '2S 5S'], '3S')
        """
        hands, kitty = self.deal_masks(order, players, dealer)
        return Layout.from_masks(hands, kitty, dealer)

    def deal_masks(
        self, order: Sequence[int], players: int, dealer: int, *, check: bool = True
    ) -> tuple[tuple[int, ...], int]:
        """Like :meth:`deal_order` but returns ``(hand masks by seat, kitty mask)`` (fast path;
        ``check=False`` skips the checks for a pack known to be a permutation of the right size).

        >>> from tarotlib.cards import format_cards, parse_cards
        >>> schedule = PacketSchedule(packet_size=1, packets_per_player=2, kitty_size=1, kitty_after=(2,))
        >>> hands, kitty = schedule.deal_masks(parse_cards("1S 2S 3S 4S 5S"), players=2, dealer=1)
        >>> [format_cards(hand) for hand in hands], format_cards(kitty)
        (['1S 4S', '2S 5S'], '3S')
        """
        key = (
            self.packet_size,
            self.packets_per_player,
            self.kitty_size,
            self.kitty_after,
            players,
        )
        getters = _GETTERS.get(key)
        if getters is None:
            plan = self.plan(players)
            getters = _GETTERS[key] = tuple(
                _tuple_getter([i for i, d in enumerate(plan) if d == dest])
                for dest in (*range(players), KITTY)
            )
        if check:
            size = self.size(players)
            if len(order) != size:
                raise DealError(f"the pack must have {size} cards to deal, got {len(order)}")
            if len(set(order)) != len(order):
                raise DealError("the pack to deal lists a card twice")
        masks = [sum(map(_BITS.__getitem__, get(order))) for get in getters]
        first = (dealer + 1) % players
        hands = tuple(masks[(seat - first) % players] for seat in range(players))
        return hands, masks[players]

    def deal_cards(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[Card, ...]]:
        """``(hand masks by seat, kitty mask, stock)`` for an ordered pack of the right size (the
        deal machine's entry point; there is never a stock).

        >>> from tarotlib.decks import TAROT_78
        >>> hands, kitty, stock = PacketSchedule(3, 6, 6).deal_cards(list(TAROT_78), 4, 0)
        >>> [hand.bit_count() for hand in hands], kitty.bit_count(), stock
        ([18, 18, 18, 18], 6, ())
        """
        hands, kitty = self.deal_masks(order, players, dealer, check=False)
        return hands, kitty, ()

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless every hand and the kitty of ``layout``
        have this schedule's sizes (``kitty_name`` names the kitty in the message).

        >>> from tarotlib.decks import TAROT_78
        >>> schedule = PacketSchedule(3, 6, 6)
        >>> layout = schedule.deal(TAROT_78, players=4, dealer=0, seed=1)
        >>> schedule.check_layout(layout, 4)
        >>> schedule.check_layout(Layout(layout.hands, layout.kitty[1:], 0), 4, "chien")
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: the chien has 5 cards; it needs 6
        """
        size = self.packet_size * self.packets_per_player
        for seat, hand in enumerate(layout.hands):
            if len(hand) != size:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {size}")
        if len(layout.kitty) != self.kitty_size:
            raise DealError(
                f"the {kitty_name} has {len(layout.kitty)} cards; it needs {self.kitty_size}"
            )
        if layout.stock:
            raise DealError(f"this deal has no stock; the layout gives {len(layout.stock)} cards")

    def deal(self, deck: Deck, players: int, dealer: int, seed: int) -> Layout:
        """A seeded random deal of ``deck`` (uniform over layouts, FT-3.3).

        >>> from tarotlib.decks import TAROT_78
        >>> schedule = PacketSchedule(packet_size=3, packets_per_player=6, kitty_size=6)
        >>> schedule.deal(TAROT_78, players=4, dealer=0, seed=42) == schedule.deal(TAROT_78, 4, 0, 42)
        True
        """
        return self.deal_order(shuffle(deck.cards, seed), players, dealer)


@attrs.frozen
class StockSchedule:
    """A deal in two stages (BE-3.3, BE-3.4): for each packet size in ``packets``, each seat from
    the one after the dealer receives that many cards; the next ``stock`` cards, in dealing order,
    are the stock (its first card is the turn-up), dealt after the auction. There is no kitty.

    >>> from tarotlib.decks import PIQUET_32
    >>> schedule = StockSchedule(packets=(3, 2), stock=12)
    >>> hands, kitty, stock = schedule.deal_cards(list(PIQUET_32), players=4, dealer=3)
    >>> [hand.bit_count() for hand in hands], kitty, len(stock), stock[0] == PIQUET_32.cards[20]
    ([5, 5, 5, 5], 0, 12, True)
    """

    packets: tuple[int, ...]
    stock: int
    _getters: dict[int, tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def size(self, players: int) -> int:
        """Number of cards dealt (the stock included).

        >>> StockSchedule((3, 2), 12).size(players=4)
        32
        """
        return players * sum(self.packets) + self.stock

    def deal_cards(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[Card, ...]]:
        """``(hand masks by seat, 0, stock in dealing order)`` for the ordered pack ``order``."""
        getters = self._getters.get(players)
        if getters is None:
            plan: list[list[int]] = [[] for _ in range(players)]
            pos = 0
            for size in self.packets:
                for k in range(players):
                    plan[k].extend(range(pos, pos + size))
                    pos += size
            getters = self._getters[players] = tuple(_tuple_getter(p) for p in plan)
        masks = [sum(map(_BITS.__getitem__, get(order))) for get in getters]
        first = (dealer + 1) % players
        hands = tuple(masks[(seat - first) % players] for seat in range(players))
        dealt = players * sum(self.packets)
        stock = order[dealt : dealt + self.stock]
        if all(type(c) is Card for c in stock):
            return hands, 0, tuple(stock)  # type: ignore[arg-type]
        return hands, 0, tuple(ALL_CARDS[c] for c in stock)

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` has hands of
        ``sum(packets)`` cards, no kitty and a stock of ``stock`` cards."""
        size = sum(self.packets)
        for seat, hand in enumerate(layout.hands):
            if len(hand) != size:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {size}")
        if layout.kitty:
            raise DealError(f"this deal has no {kitty_name}; give the stock as 'stock'")
        if len(layout.stock) != self.stock:
            raise DealError(f"the stock has {len(layout.stock)} cards; it needs {self.stock}")
