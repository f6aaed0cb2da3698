"""Dealing: packet schedules with kitty positions, seeded deals and explicit layouts (FT-3).

A :class:`Layout` is the result of a deal: the hands (seat order), the kitty (chien, talon, discard
pile to be) and the dealer. A deal is a chance step: either from a seed (a specified shuffle,
:mod:`tarotlib.core.rng`, then the packet schedule), from an explicit card order, or from a layout given
card by card.

The dealing plans (each with ``size``, ``deal_cards`` and ``check_layout``: the deal machine's
``tarotlib.deal.DealPlan``):

- :class:`PacketSchedule` — packets round the table with kitty cards put aside (FT-3);
- :class:`StockSchedule` — hands first, a stock dealt after the auction (BE-3.3, BE-3.4);
- :class:`DealerExtraSchedule` — packets round the table, then the dealer's extra cards, no kitty;
  optionally keeping each hand's dealing order and leaving a seat out (LO-11, RE-3, TO-3, TO-22,
  TO-32, CH-2.3, CH-6);
- :class:`PileSchedule` — rounds of packets then kitty cards, each hand kept in dealing order as a
  face-down pile (the French Tarot solo, FT-20.3).

A plan may also say who sits the deal out (``sitter(players, dealer)``, CH-2.3) and give each hand
in dealing order (``dealt_order(order, players, dealer)``, LO-11): :func:`sitter_of` and
:func:`dealt_order_of` ask a plan that may not have them.

>>> from tarotlib.core.decks import TAROT_78
>>> sched = PacketSchedule(packet_size=3, packets_per_player=6, kitty_size=6)
>>> layout = sched.deal(TAROT_78, players=4, dealer=0, seed=42)
>>> [len(h) for h in layout.hands], len(layout.kitty)
([18, 18, 18, 18], 6)
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Final, SupportsIndex, cast

import attrs

from tarotlib.core.cards import (
    ALL_CARDS,
    Card,
    card_mask,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
)
from tarotlib.core.decks import Deck
from tarotlib.core.rng import derive_seed, shuffle
from tarotlib.errors import DealError

__all__ = [
    "KITTY",
    "DealerExtraSchedule",
    "Layout",
    "PacketSchedule",
    "PileSchedule",
    "StockSchedule",
    "dealt_order_of",
    "first_dealer_from_seed",
    "sitter_of",
]

KITTY = -1
"""Destination code of a kitty card in a dealing plan."""

_BITS: Final = tuple(1 << i for i in range(78))
_ScheduleKey = tuple[int, int, int, tuple[int, ...] | None, int]
_GETTERS: dict[_ScheduleKey, tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]] = {}


_Getter = Callable[[Sequence[int]], tuple[int, ...]]


def _tuple_getter(positions: list[int]) -> _Getter:
    """A C-speed getter of several positions, always returning a tuple."""
    if len(positions) == 1:
        pos = positions[0]
        return lambda seq: (seq[pos],)
    if not positions:
        return lambda seq: ()
    getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*positions)
    return getter


def _layout_card(value: object) -> Card:
    """One card of a layout given otherwise than as a ``Card`` or an ``int`` in range: its text,
    or an integer type such as numpy's; anything else raises :class:`DealError`."""
    if isinstance(value, str):
        return parse_card(value)
    if isinstance(value, SupportsIndex) and not isinstance(value, (bool, float)):
        index = operator.index(value)
        if 0 <= index < len(ALL_CARDS):
            return ALL_CARDS[index]
    raise DealError(
        f"a layout's cards are Cards, card indices 0..77 or card texts; got "
        f"{type(value).__name__} {reprlib.repr(value)}"
    )


def _as_cards(cards: Sequence[int] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (bytes, Mapping)) or not isinstance(cards, Iterable):
        raise DealError(
            f"a layout's hand, kitty or stock is a card text or a list of cards, got "
            f"{type(cards).__name__} {reprlib.repr(cards)}"
        )
    return tuple(
        ALL_CARDS[c] if (type(c) is Card or type(c) is int) and 0 <= c < 78 else _layout_card(c)
        for c in cards
    )


def _hands_converter(hands: Sequence[Sequence[int] | str]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise DealError(
            f"a layout's hands are a list of hands (one card text or list of cards each), got "
            f"{type(hands).__name__} {reprlib.repr(hands)}"
        )
    return tuple(tuple(sorted(_as_cards(h))) for h in hands)


def _kitty_converter(kitty: Sequence[int] | str) -> tuple[Card, ...]:
    return tuple(sorted(_as_cards(kitty)))


def _order_converter(
    order: Sequence[Sequence[int] | str] | None,
) -> tuple[tuple[Card, ...], ...] | None:
    return None if order is None else tuple(_as_cards(h) for h in order)


_LAYOUT_KEYS: Final = ("hands", "kitty", "dealer", "stock", "ordered")
"""The keys of a layout's JSON form (:meth:`Layout.to_json`); no other is read."""


@attrs.frozen
class Layout:
    """The cards as dealt: ``hands[seat]``, the ``kitty`` and the ``dealer`` seat.

    Hands and kitty are kept sorted in index order; a layout compares equal to another with the same
    cards wherever they were listed — unless it keeps the dealing order (``order``, below).

    >>> lay = Layout.from_text(["KH QH", "T1 T2", "EX 1S"], "10C", dealer=2)
    >>> lay.describe().splitlines()[0]
    'dealer: seat 2'

    A game that needs the order in which each hand was dealt (the Lombardy exposure, LO-11 and
    LO-12; the solo's face-down piles, FT-20.8) keeps it in ``order``: each hand in dealing order,
    the last element being the last card dealt. ``hands`` stays sorted, and two layouts with the
    same cards dealt in another order are different deals.

    >>> lay = Layout.in_order(["KH QH", "T2 T1"], dealer=1)
    >>> [card.text for card in lay.hands[1]], [card.text for card in lay.order[1]]
    (['T1', 'T2'], ['T2', 'T1'])
    >>> lay == Layout.in_order(["KH QH", "T1 T2"], dealer=1), lay.order is None
    (False, False)
    >>> Layout.from_text(["KH QH", "T2 T1"], dealer=1) == Layout.from_text(["QH KH", "T1 T2"], dealer=1)
    True
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands_converter)
    kitty: tuple[Card, ...] = attrs.field(converter=_kitty_converter)
    dealer: int = 0
    stock: tuple[Card, ...] = attrs.field(default=(), converter=_as_cards)
    """Cards dealt later, **in dealing order** (not sorted): Belote's turn-up and stock (BE-3.4).
    Empty for games that deal everything at once."""
    order: tuple[tuple[Card, ...], ...] | None = attrs.field(
        default=None, converter=_order_converter, kw_only=True
    )
    """Each hand **in dealing order** (the last element is the last card dealt), for the games that
    keep it (LO-11; the solo's piles, top first, FT-20.8); None for the others. It lists the cards
    of ``hands``, seat by seat."""

    def __attrs_post_init__(self) -> None:
        if not self.hands:
            raise DealError("a layout needs at least one hand")
        if type(self.dealer) is not int:
            raise DealError(
                f"dealer must be a seat 0..{len(self.hands) - 1}, got "
                f"{type(self.dealer).__name__} {reprlib.repr(self.dealer)}"
            )
        if not 0 <= self.dealer < len(self.hands):
            raise DealError(f"dealer must be a seat 0..{len(self.hands) - 1}, got {self.dealer}")
        seen: set[int] = set()
        for c in [c for h in self.hands for c in h] + list(self.kitty) + list(self.stock):
            if c in seen:
                raise DealError(f"card {c} is dealt twice in the layout")
            seen.add(c)
        if self.order is not None:
            if len(self.order) != len(self.hands):
                raise DealError(
                    f"the dealing order lists {len(self.order)} hands; the layout has "
                    f"{len(self.hands)}"
                )
            for seat, (hand, dealt) in enumerate(zip(self.hands, self.order, strict=True)):
                if tuple(sorted(dealt)) != hand:
                    raise DealError(
                        f"seat {seat}'s dealing order ({format_cards(dealt) or 'no cards'}) does "
                        f"not list the cards of its hand ({format_cards(hand) or 'no cards'})"
                    )

    @classmethod
    def from_text(
        cls, hands: Sequence[str], kitty: str = "", dealer: int = 0, *, ordered: bool = False
    ) -> Layout:
        """A layout from card texts, one string per hand (``ordered``: each hand is listed in
        dealing order, which the layout keeps).

        >>> layout = Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        >>> layout.players, layout.kitty, layout.dealer
        (2, (Card(EX),), 1)
        >>> Layout.from_text(["KH QH", "2S 1S"], ordered=True).order[1]
        (Card(2S), Card(1S))
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise DealError(f"give one text per hand, as a list of strings; got {hands!r}")
        parsed = tuple(parse_cards(h) for h in hands)
        return cls(parsed, parse_cards(kitty), dealer, order=parsed if ordered else None)

    @classmethod
    def in_order(
        cls,
        hands: Sequence[Sequence[int] | str],
        kitty: Sequence[int] | str = (),
        dealer: int = 0,
        stock: Sequence[int] | str = (),
    ) -> Layout:
        """A layout keeping the dealing order: each hand (cards or card text) is listed in the
        order it was dealt, the last card dealt last (LO-11).

        >>> layout = Layout.in_order(["KH QH", "2S 1S"], dealer=1)
        >>> layout.hands[1], layout.order[1]
        ((Card(1S), Card(2S)), (Card(2S), Card(1S)))
        """
        order = tuple(_as_cards(h) for h in hands)
        return cls(order, kitty, dealer, stock, order=order)

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
        """A readable multi-line listing (a layout keeping the dealing order lists each hand in
        that order).

        >>> print(Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1).describe())
        dealer: seat 1
        seat 0: QH KH
        seat 1: 1S 2S
        kitty: EX
        >>> print(Layout.in_order(["KH QH", "2S 1S"], kitty="EX", dealer=1).describe())
        dealer: seat 1 (hands in dealing order)
        seat 0: KH QH
        seat 1: 2S 1S
        kitty: EX
        """
        hands = self.hands if self.order is None else self.order
        head = f"dealer: seat {self.dealer}"
        lines = [head if self.order is None else f"{head} (hands in dealing order)"]
        lines += [f"seat {i}: {format_cards(h)}" for i, h in enumerate(hands)]
        lines.append(f"kitty: {format_cards(self.kitty)}")
        if self.stock:
            lines.append(f"stock: {format_cards(self.stock)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """JSON form: ``{"hands": [[...], ...], "kitty": [...], "dealer": n}`` with card texts,
        and ``"stock": [...]`` when there is a stock. A layout keeping the dealing order lists
        each hand in that order and adds ``"ordered": true``.

        >>> Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1).to_json()
        {'hands': [['QH', 'KH'], ['1S', '2S']], 'kitty': ['EX'], 'dealer': 1}
        >>> Layout.in_order(["KH QH", "2S 1S"], dealer=1).to_json()
        {'hands': [['KH', 'QH'], ['2S', '1S']], 'kitty': [], 'dealer': 1, 'ordered': True}
        """
        hands = self.hands if self.order is None else self.order
        out: dict[str, object] = {
            "hands": [[str(c) for c in h] for h in hands],
            "kitty": [str(c) for c in self.kitty],
            "dealer": self.dealer,
        }
        if self.stock:
            out["stock"] = [str(c) for c in self.stock]
        if self.order is not None:
            out["ordered"] = True
        return out

    @classmethod
    def from_json(cls, data: object) -> Layout:
        """Inverse of :meth:`to_json` (raises ``ValueError`` on bad data).

        >>> layout = Layout.from_json({"hands": [["KH", "QH"], ["1S", "2S"]], "kitty": ["EX"], "dealer": 1})
        >>> layout == Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        True
        >>> ordered = Layout.from_json({"hands": [["KH"], ["2S", "1S"]], "kitty": [], "dealer": 0,
        ...                             "ordered": True})
        >>> ordered == Layout.in_order(["KH", "2S 1S"]), Layout.from_json(ordered.to_json()) == ordered
        (True, True)
        >>> Layout.from_json({"hands": "KH"})
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: a layout needs 'hands', 'kitty' and 'dealer'
        >>> Layout.from_json({"hands": [["KH"]], "kitty": [], "dealer": 0, "order": True})
        ...     # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: unknown layout key(s) 'order'; a layout has 'hands', 'kitty', ...
        """
        if not isinstance(data, dict) or not {"hands", "kitty", "dealer"} <= data.keys():
            raise DealError("a layout needs 'hands', 'kitty' and 'dealer'")
        unknown = sorted(str(k) for k in data if k not in _LAYOUT_KEYS)
        if unknown:
            raise DealError(
                f"unknown layout key(s) {', '.join(map(repr, unknown))}; a layout has "
                f"{', '.join(map(repr, _LAYOUT_KEYS))}"
            )
        hands, kitty, dealer = data["hands"], data["kitty"], data["dealer"]
        if (
            not isinstance(hands, list)
            or not isinstance(kitty, list)
            or not isinstance(dealer, int)
            or isinstance(dealer, bool)
        ):
            raise DealError("layout 'hands' and 'kitty' must be lists and 'dealer' an int")
        stock = data.get("stock", [])
        if not isinstance(stock, list):
            raise DealError("layout 'stock' must be a list")
        ordered = data.get("ordered", False)
        if not isinstance(ordered, bool):
            raise DealError("layout 'ordered' must be true or false")
        if not all(isinstance(h, list) for h in hands):
            raise DealError("layout 'hands' must be a list of lists of cards")
        parsed = tuple(parse_cards([str(c) for c in h]) for h in hands)
        return cls(
            parsed,
            parse_cards([str(c) for c in kitty]),
            dealer,
            parse_cards([str(c) for c in stock]),
            order=parsed if ordered else None,
        )

    @classmethod
    def from_masks(
        cls,
        hands: Sequence[int],
        kitty: int,
        dealer: int,
        stock: Sequence[int] = (),
        *,
        order: Sequence[Sequence[int]] | None = None,
    ) -> Layout:
        """A layout from bit masks (and the ordered ``stock``, if any; ``order``: each hand in
        dealing order, when the deal keeps it).

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> hands = [card_mask(parse_cards("KH QH")), card_mask(parse_cards("1S 2S"))]
        >>> layout = Layout.from_masks(hands, kitty=card_mask(parse_cards("EX")), dealer=1)
        >>> layout == Layout.from_text(["KH QH", "1S 2S"], kitty="EX", dealer=1)
        True
        >>> kept = Layout.from_masks(hands, 0, 1, order=[parse_cards("KH QH"), parse_cards("2S 1S")])
        >>> kept == Layout.in_order(["KH QH", "2S 1S"], dealer=1)
        True
        """
        return cls(tuple(cards_of(h) for h in hands), cards_of(kitty), dealer, stock, order=order)


@attrs.frozen
class PacketSchedule:
    """How a deal is dealt: packets of ``packet_size`` cards, ``packets_per_player`` rounds,
    starting with the seat after the dealer, and ``kitty_size`` cards put aside one at a time.

    ``kitty_after`` lists, for each kitty card, after how many *packets* (counted over the whole
    deal) it is put aside. The default (FT-3.3, a suggestion that satisfies FT-3.2) puts one card
    aside right after the first packet of each of the first ``kitty_size`` rounds, or spreads them
    over the rounds when there are more kitty cards than rounds.

    >>> from tarotlib.core.decks import TAROT_78
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

        >>> from tarotlib.core.cards import format_cards, parse_cards
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

        >>> from tarotlib.core.cards import format_cards, parse_cards
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

        >>> from tarotlib.core.decks import TAROT_78
        >>> hands, kitty, stock = PacketSchedule(3, 6, 6).deal_cards(list(TAROT_78), 4, 0)
        >>> [hand.bit_count() for hand in hands], kitty.bit_count(), stock
        ([18, 18, 18, 18], 6, ())
        """
        hands, kitty = self.deal_masks(order, players, dealer, check=False)
        return hands, kitty, ()

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless every hand and the kitty of ``layout``
        have this schedule's sizes (``kitty_name`` names the kitty in the message).

        >>> from tarotlib.core.decks import TAROT_78
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

        >>> from tarotlib.core.decks import TAROT_78
        >>> schedule = PacketSchedule(packet_size=3, packets_per_player=6, kitty_size=6)
        >>> layout = schedule.deal(TAROT_78, players=4, dealer=0, seed=42)
        >>> layout == schedule.deal_order(shuffle(TAROT_78.cards, 42), 4, 0)  # the seed's shuffle
        True
        >>> format_cards(layout.kitty), layout == schedule.deal(TAROT_78, 4, 0, seed=43)
        ('10S 4H JH 1D KD T7', False)
        """
        return self.deal_order(shuffle(deck.cards, seed), players, dealer)


@attrs.frozen
class StockSchedule:
    """A deal in two stages (BE-3.3, BE-3.4): for each packet size in ``packets``, each seat from
    the one after the dealer receives that many cards; the next ``stock`` cards, in dealing order,
    are the stock (its first card is the turn-up), dealt after the auction. There is no kitty.

    >>> from tarotlib.core.decks import PIQUET_32
    >>> schedule = StockSchedule(packets=(3, 2), stock=12)
    >>> hands, kitty, stock = schedule.deal_cards(list(PIQUET_32), players=4, dealer=3)
    >>> [hand.bit_count() for hand in hands], kitty, len(stock), stock[0] == PIQUET_32.cards[20]
    ([5, 5, 5, 5], 0, 12, True)
    """

    packets: tuple[int, ...]
    stock: int
    _routes: dict[tuple[int, int], tuple[tuple[_Getter, ...], slice]] = attrs.field(
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
        """``(hand masks by seat, 0, stock in dealing order)`` for the ordered pack ``order``.

        >>> from tarotlib.core.decks import PIQUET_32
        >>> hands, kitty, stock = StockSchedule((3, 2), 12).deal_cards(list(PIQUET_32), 4, 0)
        >>> [hand.bit_count() for hand in hands], kitty, stock[0] == PIQUET_32.cards[20]
        ([5, 5, 5, 5], 0, True)
        """
        route = self._routes.get((players, dealer))
        if route is None:
            route = self._routes[(players, dealer)] = self._route(players, dealer)
        getters, cut = route
        bits = _BITS.__getitem__
        # One C-level getter per seat (already rotated to the dealer), then one mask sum each.
        hands = tuple([sum(map(bits, get(order))) for get in getters])
        stock = tuple(order[cut])
        if stock and type(stock[0]) is Card:  # the pack's own cards (else card indices)
            return hands, 0, cast("tuple[Card, ...]", stock)
        return hands, 0, tuple(ALL_CARDS[c] for c in stock)

    def _route(self, players: int, dealer: int) -> tuple[tuple[_Getter, ...], slice]:
        """Per seat, the getter of its cards' positions in the pack; the stock's slice."""
        plan: list[list[int]] = [[] for _ in range(players)]
        pos = 0
        for size in self.packets:
            for k in range(players):
                plan[(dealer + 1 + k) % players].extend(range(pos, pos + size))
                pos += size
        return tuple(_tuple_getter(p) for p in plan), slice(pos, pos + self.stock)

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` has hands of
        ``sum(packets)`` cards, no kitty and a stock of ``stock`` cards.

        >>> StockSchedule((1,), 1).check_layout(Layout.from_text(["7S", "8S"]), 2)
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: the stock has 0 cards; it needs 1
        """
        size = sum(self.packets)
        for seat, hand in enumerate(layout.hands):
            if len(hand) != size:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {size}")
        if layout.kitty:
            raise DealError(f"this deal has no {kitty_name}; give the stock as 'stock'")
        if len(layout.stock) != self.stock:
            raise DealError(f"the stock has {len(layout.stock)} cards; it needs {self.stock}")


# -- plans that keep the dealing order ----------------------------------------------------------
_Routes = tuple[tuple[_Getter, ...], _Getter]


_ROUTES: dict[tuple[object, int], _Routes] = {}


def _routes_of(plan: DealerExtraSchedule | PileSchedule, players: int) -> _Routes:
    """Getters of the pack positions each receiver gets (by offset from the dealer: 0 is the
    dealer, 1 his next seat, ...), in dealing order, and the kitty's (kept once computed, outside
    the plan so that plans pickle)."""
    key = (plan, players)
    routes = _ROUTES.get(key)
    if routes is None:
        route = plan.plan(players)
        routes = _ROUTES[key] = (
            tuple(
                _tuple_getter([i for i, d in enumerate(route) if d == k]) for k in range(players)
            ),
            _tuple_getter([i for i, d in enumerate(route) if d == KITTY]),
        )
    return routes


def _check_pack(order: Sequence[int], size: int) -> None:
    if len(order) != size:
        raise DealError(f"the pack must have {size} cards to deal, got {len(order)}")


def _masks(routes: _Routes, order: Sequence[int], players: int, dealer: int) -> tuple[int, ...]:
    masks = [sum(map(_BITS.__getitem__, get(order))) for get in routes[0]]
    return tuple(masks[(seat - dealer) % players] for seat in range(players))


def _in_order(
    routes: _Routes, order: Sequence[int], players: int, dealer: int
) -> tuple[tuple[Card, ...], ...]:
    card = ALL_CARDS.__getitem__
    hands = [tuple(map(card, get(order))) for get in routes[0]]
    return tuple(hands[(seat - dealer) % players] for seat in range(players))


def _packets_converter(packets: Sequence[int] | None) -> tuple[int, ...] | None:
    return None if packets is None else tuple(packets)


@attrs.frozen
class DealerExtraSchedule:
    """Deal counterclockwise from the dealer's right, the dealer last, in packets until every
    active seat holds ``hand`` cards, then ``extra`` more cards to the dealer; no kitty, no stock
    (LO-11, RE-3, TO-3, TO-22, TO-32, CH-6).

    - ``packets``: the packet of each round (every active seat receives one packet per round),
      summing to ``hand``; None deals one card at a time (the Lombard default of option
      ``deal_packets``). Chambéry's lists are per configuration, e.g. ``(5, 5, 5, 4)`` (CH-6).
    - ``keep_order``: the deal keeps each hand's dealing order (``DealData.order``, and layouts
      must give it): LO-11, for the exposure of LO-12.
    - ``sits_out``: the seat sitting the deal out, counted from the dealer (1: the dealer's
      right, CH-2.3), or 0 when everybody plays. It receives no cards, and dealing starts at the
      seat after it.

    >>> from tarotlib.core.decks import TAROT_78
    >>> lombardy = DealerExtraSchedule(hand=19, extra=2, keep_order=True)     # LO-11
    >>> layout = lombardy.deal(TAROT_78, players=4, dealer=3, seed=1)
    >>> [len(hand) for hand in layout.hands]
    [19, 19, 19, 21]
    >>> six = DealerExtraSchedule(hand=15, extra=3, packets=(5, 5, 5), sits_out=1)  # CH-6, CH-2.3
    >>> [len(hand) for hand in six.deal(TAROT_78, players=6, dealer=0, seed=1).hands], six.sitter(6, 0)
    ([18, 0, 15, 15, 15, 15], 1)
    """

    hand: int
    extra: int
    packets: tuple[int, ...] | None = attrs.field(default=None, converter=_packets_converter)
    keep_order: bool = False
    sits_out: int = 0

    def __attrs_post_init__(self) -> None:
        if self.hand < 1 or self.extra < 0:
            raise DealError(
                f"each hand needs at least one card and the dealer no fewer extra cards than 0; "
                f"got hand={self.hand}, extra={self.extra}"
            )
        if self.packets is not None and (
            not self.packets or min(self.packets) < 1 or sum(self.packets) != self.hand
        ):
            raise DealError(
                f"the packets {list(self.packets)} must be positive and give each hand its "
                f"{self.hand} cards"
            )
        if self.sits_out < 0:
            raise DealError(f"sits_out counts seats from the dealer; got {self.sits_out}")

    def _active(self, players: int) -> list[int]:
        """The receivers in dealing order, as offsets from the dealer (the dealer, 0, last)."""
        if self.sits_out and not 0 < self.sits_out < players:
            raise DealError(
                f"seat {self.sits_out} from the dealer cannot sit out: the table has {players} "
                "seats"
            )
        active = [k for k in range(1, players) if k != self.sits_out]
        return [*active, 0]

    def plan(self, players: int) -> tuple[int, ...]:
        """The receiver of each card of the pack, in order, as an offset from the dealer (0 is the
        dealer, 1 the seat after him, ...).

        >>> DealerExtraSchedule(hand=2, extra=1).plan(players=3)
        (1, 2, 0, 1, 2, 0, 0)
        >>> DealerExtraSchedule(hand=2, extra=1, packets=(2,), sits_out=1).plan(players=3)
        (2, 2, 0, 0, 0)
        """
        active = self._active(players)
        route: list[int] = []
        for packet in self.packets or (1,) * self.hand:
            for k in active:
                route.extend([k] * packet)
        route.extend([0] * self.extra)
        return tuple(route)

    def _get(self, players: int) -> _Routes:
        return _routes_of(self, players)

    def size(self, players: int) -> int:
        """Number of cards dealt.

        >>> DealerExtraSchedule(hand=19, extra=2).size(players=4)
        78
        >>> DealerExtraSchedule(hand=15, extra=3, sits_out=1).size(players=6)
        78
        """
        return (players - (1 if self.sits_out else 0)) * self.hand + self.extra

    def sitter(self, players: int, dealer: int) -> int:
        """The seat sitting the deal out (CH-2.3), or -1.

        >>> DealerExtraSchedule(15, 3, sits_out=1).sitter(6, dealer=5)
        0
        >>> DealerExtraSchedule(15, 3).sitter(5, dealer=0)
        -1
        """
        if not self.sits_out:
            return -1
        self._active(players)
        return (dealer + self.sits_out) % players

    def deal_cards(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[Card, ...]]:
        """``(hand masks by seat, 0, ())`` for an ordered pack of the right size (the deal
        machine's entry point).

        >>> from tarotlib.core.decks import OMBRE_54
        >>> hands, kitty, stock = DealerExtraSchedule(17, 3).deal_cards(list(OMBRE_54), 3, 0)
        >>> [hand.bit_count() for hand in hands], kitty, stock                       # TO-3
        ([20, 17, 17], 0, ())
        """
        _check_pack(order, self.size(players))
        return _masks(self._get(players), order, players, dealer), 0, ()

    def dealt_order(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[Card, ...], ...] | None:
        """Each hand in dealing order when the plan keeps it (``keep_order``), else None.

        >>> from tarotlib.core.cards import format_cards, parse_cards
        >>> plan = DealerExtraSchedule(hand=2, extra=1, keep_order=True)
        >>> hands = plan.dealt_order(parse_cards("1S 2S 3S 4S 5S"), players=2, dealer=1)
        >>> [format_cards(hand) for hand in hands]
        ['1S 3S', '2S 4S 5S']
        """
        if not self.keep_order:
            return None
        _check_pack(order, self.size(players))
        return _in_order(self._get(players), order, players, dealer)

    def deal_order(self, order: Sequence[int], players: int, dealer: int) -> Layout:
        """Deal an explicitly ordered pack (first card = top of the pack) into a layout (keeping
        the dealing order when the plan does).

        >>> from tarotlib.core.cards import format_cards, parse_cards
        >>> plan = DealerExtraSchedule(hand=2, extra=1, keep_order=True)
        >>> layout = plan.deal_order(parse_cards("1S 2S 3S 4S 5S"), players=2, dealer=1)
        >>> [format_cards(hand) for hand in layout.order], layout.kitty, layout.hands[1][0]
        (['1S 3S', '2S 4S 5S'], (), Card(2S))
        """
        if len(set(order)) != len(order):
            raise DealError("the pack to deal lists a card twice")
        hands, _, _ = self.deal_cards(order, players, dealer)
        return Layout.from_masks(hands, 0, dealer, order=self.dealt_order(order, players, dealer))

    def deal(self, deck: Deck, players: int, dealer: int, seed: int) -> Layout:
        """A seeded random deal of ``deck`` (the same shuffle as every plan, :mod:`tarotlib.core.rng`).

        >>> from tarotlib.core.decks import TAROT_78
        >>> plan = DealerExtraSchedule(hand=25, extra=3)                          # RE-3
        >>> layout = plan.deal(TAROT_78, 3, 0, seed=5)
        >>> layout == plan.deal_order(shuffle(TAROT_78.cards, 5), 3, 0)  # the seed's shuffle
        True
        >>> [len(hand) for hand in layout.hands], layout == plan.deal(TAROT_78, 3, 0, seed=6)
        ([28, 25, 25], False)
        """
        return self.deal_order(shuffle(deck.cards, seed), players, dealer)

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` has this plan's hand sizes
        (the dealer's extra cards included, nothing for the seat sitting out), no kitty, no stock,
        and the dealing order when the plan keeps it.

        >>> plan = DealerExtraSchedule(hand=2, extra=1, keep_order=True)
        >>> plan.check_layout(Layout.in_order(["1S 3S", "2S 4S 5S"], dealer=1), 2)
        >>> plan.check_layout(Layout.in_order(["1S 3S 5S", "2S 4S"], dealer=1), 2)
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: seat 0 has 3 cards; each hand needs 2
        >>> plan.check_layout(Layout.from_text(["1S 3S", "2S 4S 5S"], dealer=1), 2)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: this deal keeps the order in which each hand was dealt (LO-11): ...
        """
        sitter = self.sitter(players, layout.dealer)
        for seat, hand in enumerate(layout.hands):
            if seat == sitter:
                if hand:
                    raise DealError(
                        f"seat {seat} sits this deal out (CH-2.3) and receives no cards; the "
                        f"layout gives it {len(hand)}"
                    )
            elif seat == layout.dealer:
                need = self.hand + self.extra
                if len(hand) != need:
                    raise DealError(
                        f"the dealer (seat {seat}) has {len(hand)} cards; he needs {need} "
                        f"({self.hand} and his {self.extra} extra cards)"
                    )
            elif len(hand) != self.hand:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {self.hand}")
        if layout.kitty:
            raise DealError(
                f"this deal has no {kitty_name}; the layout gives {len(layout.kitty)} cards"
            )
        if layout.stock:
            raise DealError(f"this deal has no stock; the layout gives {len(layout.stock)} cards")
        if self.keep_order and layout.order is None:
            raise DealError(
                "this deal keeps the order in which each hand was dealt (LO-11): give each hand "
                "in dealing order (an ordered layout)"
            )


@attrs.frozen
class PileSchedule:
    """Rounds of packets, then kitty cards: in each of ``rounds`` rounds every seat from the one
    after the dealer (the dealer last) receives ``packet_size`` cards, then ``kitty_per_round``
    cards go to the kitty (FT-20.3: six rounds of 4 + 4 + 4, then 1 to the kitty: 24 cards each
    and a kitty of 6).

    Each hand keeps its dealing order, which is its face-down **pile, top first** (FT-20.8 step 1:
    the AI's and the dummy's cards stay face down in piles and are turned from the top). The
    first card dealt to a seat is the top of its pile: a seeded shuffle makes that a uniformly
    random pile, and a layout gives the piles explicitly (``Layout.in_order``), so that records
    replay exactly. Which seat is the player, the AI and the dummy is the game's (the seat after
    the dealer receives first).

    >>> from tarotlib.core.decks import TAROT_78
    >>> solo = PileSchedule()
    >>> layout = solo.deal(TAROT_78, players=3, dealer=2, seed=1)
    >>> [len(hand) for hand in layout.hands], len(layout.kitty), layout.order is not None
    ([24, 24, 24], 6, True)
    >>> solo.plan(3)[:14]
    (1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, -1, 1)
    """

    packet_size: int = 4
    rounds: int = 6
    kitty_per_round: int = 1

    def __attrs_post_init__(self) -> None:
        if self.packet_size < 1 or self.rounds < 1 or self.kitty_per_round < 0:
            raise DealError(
                "a pile schedule needs packets of at least one card, at least one round and no "
                f"negative kitty; got {self.packet_size}, {self.rounds}, {self.kitty_per_round}"
            )

    def plan(self, players: int) -> tuple[int, ...]:
        """The receiver of each card of the pack, in order, as an offset from the dealer (0 is the
        dealer, 1 the seat after him), ``KITTY`` for a kitty card.

        >>> PileSchedule(packet_size=1, rounds=2, kitty_per_round=1).plan(players=2)
        (1, 0, -1, 1, 0, -1)
        """
        route: list[int] = []
        for _ in range(self.rounds):
            for k in [*range(1, players), 0]:
                route.extend([k] * self.packet_size)
            route.extend([KITTY] * self.kitty_per_round)
        return tuple(route)

    def _get(self, players: int) -> _Routes:
        return _routes_of(self, players)

    def size(self, players: int) -> int:
        """Number of cards dealt.

        >>> PileSchedule().size(players=3)
        78
        """
        return self.rounds * (players * self.packet_size + self.kitty_per_round)

    def deal_cards(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[Card, ...]]:
        """``(hand masks by seat, kitty mask, ())`` for an ordered pack of the right size.

        >>> from tarotlib.core.decks import TAROT_78
        >>> hands, kitty, stock = PileSchedule().deal_cards(list(TAROT_78), 3, 2)
        >>> [hand.bit_count() for hand in hands], kitty.bit_count(), stock
        ([24, 24, 24], 6, ())
        """
        _check_pack(order, self.size(players))
        routes = self._get(players)
        kitty = sum(map(_BITS.__getitem__, routes[1](order)))
        return _masks(routes, order, players, dealer), kitty, ()

    def dealt_order(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[Card, ...], ...]:
        """Each hand in dealing order: each seat's pile, top first.

        >>> from tarotlib.core.cards import format_cards, parse_cards
        >>> plan = PileSchedule(packet_size=1, rounds=2, kitty_per_round=1)
        >>> piles = plan.dealt_order(parse_cards("1S 2S 3S 4S 5S 6S"), players=2, dealer=1)
        >>> [format_cards(pile) for pile in piles]
        ['1S 4S', '2S 5S']
        """
        _check_pack(order, self.size(players))
        return _in_order(self._get(players), order, players, dealer)

    def deal_order(self, order: Sequence[int], players: int, dealer: int) -> Layout:
        """Deal an explicitly ordered pack (first card = top of the pack) into an ordered layout.

        >>> from tarotlib.core.cards import parse_cards
        >>> plan = PileSchedule(packet_size=1, rounds=2, kitty_per_round=1)
        >>> print(plan.deal_order(parse_cards("1S 2S 3S 4S 5S 6S"), players=2, dealer=1).describe())
        dealer: seat 1 (hands in dealing order)
        seat 0: 1S 4S
        seat 1: 2S 5S
        kitty: 3S 6S
        """
        if len(set(order)) != len(order):
            raise DealError("the pack to deal lists a card twice")
        hands, kitty, _ = self.deal_cards(order, players, dealer)
        return Layout.from_masks(
            hands, kitty, dealer, order=self.dealt_order(order, players, dealer)
        )

    def deal(self, deck: Deck, players: int, dealer: int, seed: int) -> Layout:
        """A seeded random deal of ``deck``: reproducible, piles included.

        >>> from tarotlib.core.decks import TAROT_78
        >>> layout = PileSchedule().deal(TAROT_78, 3, 0, seed=9)
        >>> layout == PileSchedule().deal_order(shuffle(TAROT_78.cards, 9), 3, 0)  # the seed's shuffle
        True
        >>> len(layout.kitty), layout.order is not None
        (6, True)
        >>> layout == PileSchedule().deal(TAROT_78, 3, 0, seed=10)
        False
        """
        return self.deal_order(shuffle(deck.cards, seed), players, dealer)

    def check_layout(self, layout: Layout, players: int, kitty_name: str = "kitty") -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` has this plan's hand and
        kitty sizes, no stock, and gives each pile in order.

        >>> plan = PileSchedule(packet_size=1, rounds=2, kitty_per_round=1)
        >>> plan.check_layout(Layout.in_order(["1S 4S", "2S 5S"], kitty="3S 6S"), 2)
        >>> plan.check_layout(Layout.from_text(["1S 4S", "2S 5S"], kitty="3S 6S"), 2)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: the order of each pile is part of this deal (FT-20.8): ...
        """
        size = self.packet_size * self.rounds
        for seat, hand in enumerate(layout.hands):
            if len(hand) != size:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {size}")
        need = self.rounds * self.kitty_per_round
        if len(layout.kitty) != need:
            raise DealError(f"the {kitty_name} has {len(layout.kitty)} cards; it needs {need}")
        if layout.stock:
            raise DealError(f"this deal has no stock; the layout gives {len(layout.stock)} cards")
        if layout.order is None:
            raise DealError(
                "the order of each pile is part of this deal (FT-20.8): give each hand in dealing "
                "order, its pile top first (an ordered layout)"
            )


def sitter_of(plan: object, players: int, dealer: int) -> int:
    """The seat a dealing plan leaves out of the deal (its ``sitter(players, dealer)``, CH-2.3),
    or -1 for a plan without one.

    >>> sitter_of(DealerExtraSchedule(15, 3, sits_out=1), 6, dealer=2)
    3
    >>> sitter_of(PacketSchedule(3, 6, 6), 4, dealer=0)
    -1
    """
    sitter: Callable[[int, int], int] | None = getattr(plan, "sitter", None)
    return -1 if sitter is None else sitter(players, dealer)


def dealt_order_of(
    plan: object, order: Sequence[int], players: int, dealer: int
) -> tuple[tuple[Card, ...], ...] | None:
    """Each hand in dealing order when a dealing plan keeps it (its ``dealt_order``, LO-11), else
    None.

    >>> from tarotlib.core.decks import TAROT_78
    >>> dealt_order_of(PacketSchedule(3, 6, 6), list(TAROT_78), 4, 0) is None
    True
    >>> [len(h) for h in dealt_order_of(PileSchedule(), list(TAROT_78), 3, 0)]
    [24, 24, 24]
    """
    dealt: Callable[[Sequence[int], int, int], tuple[tuple[Card, ...], ...] | None] | None = (
        getattr(plan, "dealt_order", None)
    )
    return None if dealt is None else dealt(order, players, dealer)


def first_dealer_from_seed(seed: int, players: int) -> int:
    """The first dealer of a match seeded with ``seed``, drawn uniformly with the seeded RNG (the
    rules files leave it to "the seeded RNG" when the caller does not give one: FT-2.3, BE-3.1).

    >>> [first_dealer_from_seed(seed, 4) for seed in range(8)]
    [3, 0, 1, 2, 0, 3, 2, 2]
    >>> (derive_seed(5, -(2**32)) * 4) >> 64   # seed 5: a word of its own stream, scaled to 4 seats
    3
    >>> sorted({first_dealer_from_seed(s, 4) for s in range(40)})
    [0, 1, 2, 3]
    """
    word = derive_seed(seed, -(2**32))  # a stream of its own: deals use 0, 1, ...; bots -1, -2, ...
    return (word * players) >> 64
