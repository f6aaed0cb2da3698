"""Declarations made during play: the offers a game plugs into its play phase.

Each is an :class:`~tarotlib.deal.play.Offer`, parameterised by the game's kinds and records:

- :class:`ShowDeclaration` — show a number of cards of a class to claim a level, one missing card
  replaceable by a substitute (the poignée, FT-8.1 – FT-8.4, with
  :class:`~tarotlib.core.shows.TrumpShow`);
- :class:`ClaimDeclaration` — claim something of one's hand, shown to nobody and checked by the
  engine (the misères, FT-8.6);
- :class:`PairAnnouncement` — announce two cards held together as they are played (belote and
  rebelote, BE-9.2), by the engine or by their holder;
- :class:`MeldDeclaration` — declare the combinations of one's hand during the first trick
  (sequences and carrés, BE-10.3), or all of them at once.

A declaration made is a record in ``data.declarations`` (the game's record type, with ``seat`` and
``kind``); announcements of pairs and the pairs held are in ``data.notes``.

>>> import tarotlib
>>> play = tarotlib.variant("belote", preset="classic").phase_list[-2]
>>> [type(offer).__name__ for offer in play.offers]
['MeldDeclaration', 'PairAnnouncement']
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Literal, Protocol, TypeVar, cast

import attrs

from tarotlib.core.actions import Action, Declare
from tarotlib.core.cards import ALL_CARDS, Card, Notation, cards_of, format_cards, parse_cards
from tarotlib.core.shows import TrumpShow
from tarotlib.deal.data import DealData, Note, as_note, evolve
from tarotlib.deal.phase import CardChoice, Parser, SpaceItem
from tarotlib.deal.play import Offer, Told, eldest
from tarotlib.deal.state import DealState, holder_in
from tarotlib.errors import IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game
    from tarotlib.deal.play import TrickPlay

__all__ = [
    "ANNOUNCEMENTS",
    "MELDS",
    "PAIR_HOLDERS",
    "ClaimDeclaration",
    "Declared",
    "MeldDeclaration",
    "PairAnnouncement",
    "ShowDeclaration",
]

S = TypeVar("S", bound=DealState)

_FIRST_CARD: Final = (
    "declarations are made only before one's first card of the first trick (FT-8.2)"
)


class Declared(Protocol):
    """A declaration record: who declared, and what (French Tarot's
    :class:`~tarotlib.variants.french_tarot.types.Declaration`, Belote's combinations).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=292)
    >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
    ...     state = state.apply(rules.parse_action(text))
    >>> record = state.apply(state.legal_actions()[0]).data.declarations[0]
    >>> record.seat, record.kind
    (1, <DeclarationKind.SIMPLE_POIGNEE: 'simple-poignee'>)
    """

    @property
    def seat(self) -> int:
        """The declaring seat."""
        ...

    @property
    def kind(self) -> enum.Enum:
        """The declaration's kind."""
        ...


def _kinds_of(state: DealState, seat: int) -> set[enum.Enum]:
    return {d.kind for d in cast("tuple[Declared, ...]", state.data.declarations) if d.seat == seat}


def _always(data: DealData) -> bool:
    return True


def _no_extra(data: DealData, seat: int) -> int:
    return 0


def _kind_parser(
    kinds: Sequence[enum.Enum], notation: Notation | None
) -> Callable[[list[str]], Action | None]:
    """``declare <kind> [cards]`` for these kinds (None for another kind: another offer's)."""
    by_token = {str(getattr(k, "token", k.value)): k for k in kinds}

    def parse(args: list[str]) -> Action | None:
        kind = by_token.get(args[0].lower()) if args else None
        if kind is None:
            return None
        if notation is None:
            return Declare(kind, parse_cards(args[1:]))
        return Declare(kind, parse_cards(args[1:]), notation=notation)

    return parse


Announced = tuple[tuple[int, enum.Enum, Card], ...]
"""The announcements of a :class:`PairAnnouncement`: ``(seat, kind, card)`` in order."""

ANNOUNCEMENTS: Final[Note[Announced]] = Note("announcements", ())
"""The default note of :class:`PairAnnouncement`'s announcements."""

PAIR_HOLDERS: Final[Note[tuple[tuple[int, int], ...]]] = Note("pair_holders", ())
"""The default note of :class:`PairAnnouncement`'s holders: ``(pair key, seat)``."""


class _FirstCard(Offer):
    """What the first-card offers share: they come up before a player's first card of the first
    trick (FT-8.2), in the deals where ``when`` holds, note nothing when play begins and react to
    no card."""

    when: Callable[[DealData], bool]
    whole_deal = False

    def setup(self, state: DealState) -> DealData:
        return state.data

    def watch(self, state: DealState) -> int:
        return 0

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        return data

    def _window(self, state: DealState, action: Declare) -> None:
        if state.trick_list or not self.when(state.data):
            raise IllegalActionError(_FIRST_CARD, action)


@attrs.frozen
class ShowDeclaration(_FirstCard):
    """Show exactly a level's number of cards of a class (FT-8.3): ``kinds[level]`` is the kind of
    each level of ``show``; ``extra(data, seat)`` are further cards that count (the taker's
    discarded trumps, FT-8.4); ``record(seat, kind, shown)`` the record of a declaration, ``shown``
    in descending order. A player declares at most one level (FT-8.2). With ``enabled`` false it is
    refused with ``off_reason``; ``when`` says in which deals it can come up at all.

    >>> import tarotlib
    >>> offer = tarotlib.variant("french-tarot").phase_list[-2].offers[0]
    >>> offer.show.thresholds, [kind.token for kind in offer.kinds]
    ((10, 13, 15), ['simple-poignee', 'double-poignee', 'triple-poignee'])
    """

    kinds: tuple[enum.Enum, ...]
    show: TrumpShow
    record: Callable[..., object]
    extra: Callable[[DealData, int], int] = _no_extra
    enabled: bool = True
    off_reason: str = "declarations are off"
    when: Callable[[DealData], bool] = _always

    def active(self, state: DealState) -> bool:
        return self.enabled and self.when(state.data)

    def handles(self, action: Declare) -> bool:
        return action.kind in self.kinds

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        seat = state.actor
        hand = state.held(seat)
        extra = self.extra(state.data, seat)
        show = self.show
        if ((hand | extra) & show.cards).bit_count() + 1 < show.thresholds[0]:
            return ()  # the usual case: too few cards for any level (FT-8.1, FT-8.3)
        if _kinds_of(state, seat) & set(self.kinds):
            return ()
        return tuple(
            Declare(
                self.kinds[level], tuple(ALL_CARDS[c] for c in show.canonical(hand, level, extra))
            )
            for level in show.levels(hand, extra)
        )

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """One :class:`~tarotlib.deal.phase.CardChoice` per level: its cards are shown one at a
        time (:meth:`choose`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot")
        >>> [choice.head.text for choice in rules.phase_list[-2].offers[0].action_space(rules)]
        ['declare simple-poignee', 'declare double-poignee', 'declare triple-poignee']
        """
        cards = self.show.cards | self.show.substitute
        return tuple(
            CardChoice(Declare(kind), cards, functools.partial(self.choose, level=level))
            for level, kind in enumerate(self.kinds)
        )

    def choose(
        self, state: DealState, chosen: tuple[int, ...], level: int
    ) -> tuple[int, Action | None]:
        """The cards the seat to act may show next for ``level`` after ``chosen`` (highest index
        first), and the declaration once ``chosen`` is complete (FT-8.3: exactly the level's
        number of trumps, or every trump and the Excuse when one is missing).

        >>> import tarotlib
        >>> from tarotlib.core.cards import format_cards, parse_card
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=292)
        >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        ...     state = state.apply(rules.parse_action(text))
        >>> offer = state.rules.phase_list[-2].offers[0]
        >>> nxt, done = offer.choose(state, (), level=0)
        >>> format_cards(nxt), done    # ten trumps, ten to show: the highest comes first
        ('T21', None)
        >>> chosen = tuple(parse_card(c) for c in "T21 T17 T16 T14 T13 T10 T9 T7 T6 T1".split())
        >>> offer.choose(state, chosen, level=0)[1].text
        'declare simple-poignee T1 T6 T7 T9 T10 T13 T14 T16 T17 T21'
        """
        show = self.show
        seat = state.actor
        hand = state.held(seat)
        k = show.thresholds[level]
        countable = (hand | self.extra(state.data, seat)) & show.cards
        below = (1 << min(chosen)) - 1 if chosen else -1
        if countable.bit_count() == k - 1 and hand & show.substitute:
            pool = countable | show.substitute  # FT-8.3: the one set with the Excuse
            needed = pool
        else:
            pool = countable
            needed = 0
        if len(chosen) == k:
            shown = tuple(ALL_CARDS[c] for c in sorted(chosen))
            return 0, Declare(self.kinds[level], shown)
        left = k - len(chosen)
        if needed:  # the set is forced: its highest card not chosen yet
            rest = needed & below
            return (1 << rest.bit_length() - 1 if rest else 0), None
        if pool.bit_count() < k:
            return 0, None
        out = 0
        for c in cards_of(pool & below):
            if (pool & ((1 << c) - 1)).bit_count() >= left - 1:
                out |= 1 << c
        return out, None

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        self._window(state, action)
        if not self.enabled:
            raise IllegalActionError(self.off_reason, action)
        seat = state.actor
        if _kinds_of(state, seat) & set(self.kinds):
            raise IllegalActionError("a player declares at most one poignée (FT-8.2)", action)
        d = state.data
        level = self.kinds.index(action.kind)
        reason = self.show.check(state.held(seat), level, action.shown, self.extra(d, seat))
        if reason is not None:
            raise IllegalActionError(reason, action)
        shown = tuple(sorted((int(c) for c in action.shown), reverse=True))
        data = evolve(d, declarations=(*d.declarations, self.record(seat, action.kind, shown)))
        return state.proceed(action, to_act=seat, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return {"declare": (_kind_parser(self.kinds, None), "declare <kind> [cards]")}


@attrs.frozen
class ClaimDeclaration(_FirstCard):
    """Claims on one's hand, shown to nobody (FT-8.6): ``claims`` lists each kind with the condition
    its hand must meet and the wording of that condition; a player claims each kind at most once;
    ``record(seat, kind, ())`` is the record of a claim. With ``enabled`` false a claim is refused
    with ``off_reason``; ``when`` says in which deals claims can come up at all.

    >>> import tarotlib
    >>> offer = tarotlib.variant("french-tarot", declarations="poignee_and_misere").phase_list[-2].offers[1]
    >>> [kind.token for kind, _, _ in offer.claims]
    ['no-honours-misere', 'no-trumps-misere']
    """

    claims: tuple[tuple[enum.Enum, Callable[[int], bool], str], ...]
    record: Callable[..., object]
    enabled: bool = True
    off_reason: str = "claims are off"
    when: Callable[[DealData], bool] = _always

    def active(self, state: DealState) -> bool:
        return self.enabled and self.when(state.data)

    def handles(self, action: Declare) -> bool:
        return any(action.kind is kind for kind, _, _ in self.claims)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return tuple(Declare(kind) for kind, _, _ in self.claims)

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        seat = state.actor
        hand = state.held(seat)
        done = _kinds_of(state, seat)
        return tuple(
            Declare(kind) for kind, holds, _ in self.claims if kind not in done and holds(hand)
        )

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        self._window(state, action)
        if not self.enabled:
            raise IllegalActionError(self.off_reason, action)
        seat = state.actor
        kind = action.kind
        if kind in _kinds_of(state, seat):
            raise IllegalActionError(f"{kind.value} already declared", action)
        if action.shown:
            raise IllegalActionError("a misère shows no cards (FT-8.6)", action)
        holds, what = next((h, w) for k, h, w in self.claims if k is kind)
        if not holds(state.held(seat)):
            raise IllegalActionError(f"{kind.value} needs a hand with {what}", action)
        d = state.data
        data = evolve(d, declarations=(*d.declarations, self.record(seat, kind, ())))
        return state.proceed(action, to_act=seat, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        kinds = tuple(kind for kind, _, _ in self.claims)
        return {"declare": (_kind_parser(kinds, None), "declare <kind> [cards]")}


def _announced_key(key: Note[Announced] | str) -> Note[Announced]:
    """The announcements note's key (a name: deprecated)."""
    return as_note(key, ())


def _holders_key(key: Note[tuple[tuple[int, int], ...]] | str) -> Note[tuple[tuple[int, int], ...]]:
    """The holders note's key (a name: deprecated)."""
    return as_note(key, ())


@attrs.frozen
class PairAnnouncement(Offer):
    """Two cards held together by one player, announced as they are played (BE-9.1, BE-9.2):
    ``pairs(data)`` gives the pairs of the deal (e.g. the trump K and Q, one pair per suit in all
    trumps) as ``(key, first card, second card)``. When play begins the holders are noted under
    ``holders_key``: ``(key, seat)`` for each pair one player holds. ``mode``: the engine
    announces (``auto``) or the holder plays each card with ``declare <first> <card>`` /
    ``declare <second> <card>`` (``explicit``; ``kinds`` are those two announcement kinds).
    Announcements ``(seat, kind, card)`` are noted under ``key`` as they are made. ``auto_reason``
    refuses an announcement in ``auto`` mode, and ``order_reason`` completes the refusal of one
    out of order.

    >>> import tarotlib
    >>> offer = tarotlib.variant("belote").phase_list[-2].offers[1]
    >>> offer.mode, [kind.token for kind in offer.kinds]
    ('auto', ['belote', 'rebelote'])
    """

    kinds: tuple[enum.Enum, enum.Enum]
    pairs: Callable[[DealData], tuple[tuple[int, int, int], ...]]
    mode: Literal["auto", "explicit"] = "auto"
    notation: Notation | None = None
    key: Note[Announced] = attrs.field(default=ANNOUNCEMENTS, converter=_announced_key)
    holders_key: Note[tuple[tuple[int, int], ...]] = attrs.field(
        default=PAIR_HOLDERS, converter=_holders_key
    )
    auto_reason: str = "the engine makes these announcements"
    order_reason: str = " (the first kind with the first card of a pair, the second with the other)"

    @property
    def whole_deal(self) -> bool:
        """Explicit announcements may be made in any trick; automatic ones offer nothing."""
        return self.mode == "explicit"

    def holders(self, data: DealData) -> tuple[tuple[int, int], ...]:
        """``(key, seat)`` for each pair held by one player (once play has begun).

        BE-9.1: seat 2 holds the King and Queen of hearts (Belote's key: the suit, 1).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid hearts"))
        >>> rules.belote_offer.holders(state.data)
        ((1, 2),)
        """
        return data.note(self.holders_key)

    def announced(self, data: DealData) -> Announced:
        """``(seat, kind, card)`` for each announcement so far.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic")
        >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
        >>> rules.belote_offer.announced(state.data)
        ()
        >>> rules.belote_offer.announced(state.apply(rules.parse_action("play KH")).data)
        ((1, <Announcement.BELOTE: 'belote'>, Card(KH)),)
        """
        return data.note(self.key)

    def told(self, state: DealState) -> tuple[Told, ...]:
        """The announcements the engine made (``auto`` mode; explicit ones are actions).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic")
        >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
        >>> [fact.text for fact in rules.belote_offer.told(state.apply(rules.parse_action("play KH")))]
        ['seat 1 belote KH']
        """
        said = self.announced(state.data)
        if not said or self.mode != "auto":
            return ()
        texts = (self.notation or state.rules.notation).texts
        out = []
        for seat, kind, card in said:
            token = _token(kind)
            out.append(Told(seat, token, int(card), f"seat {seat} {token} {texts[card]}"))
        return tuple(out)

    def told_kinds(self, game: Game[DealState]) -> tuple[str, ...]:
        """``belote`` and ``rebelote`` (their tokens) in ``auto`` mode.

        >>> import tarotlib
        >>> tarotlib.variant("belote", belote_announce="explicit").belote_offer.told_kinds(None)
        ()
        """
        return tuple(_token(kind) for kind in self.kinds) if self.mode == "auto" else ()

    def _pair(self, data: DealData, key: int) -> tuple[int, int]:
        for k, a, b in self.pairs(data):
            if k == key:
                return a, b
        raise KeyError(key)

    def setup(self, state: DealState) -> DealData:
        d = state.data
        found: tuple[tuple[int, int], ...] = ()
        packed = state.packed_hands
        for key, a, b in self.pairs(d):  # BE-9.1: both cards held by one player
            seat = holder_in(packed, a)
            if seat >= 0 and seat == holder_in(packed, b):
                found += ((key, seat),)
        if not found:
            return d
        return d.noted(self.holders_key, found)

    def active(self, state: DealState) -> bool:
        return bool(self.holders(state.data))

    def watch(self, state: DealState) -> int:
        if self.mode != "auto":
            return 0
        mask = 0
        d = state.data
        for key, _seat in self.holders(d):
            a, b = self._pair(d, key)
            mask |= 1 << a | 1 << b
        return mask

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        # BE-9.2, auto: the engine announces for the holder, "belote" with the first card.
        for key, _holder in self.holders(data):
            a, b = self._pair(data, key)
            if card in (a, b):
                other = b if card == a else a
                first = state.holds(seat, other)
                return self._announce(data, seat, self.kinds[0 if first else 1], card)
        return data

    def _announce(self, data: DealData, seat: int, kind: enum.Enum, card: int) -> DealData:
        said = (*self.announced(data), (seat, kind, ALL_CARDS[card]))
        return data.noted(self.key, said)

    def handles(self, action: Declare) -> bool:
        return action.kind in self.kinds

    def announceable(self, state: DealState, mask: int) -> list[tuple[int, enum.Enum, int]]:
        """``(pair key, announcement, card)`` the seat to act may play with an announcement now
        (``mask``: its legal cards).

        BE-9.2: seat 1 holds the King and Queen of trumps; either may go first, with "belote".

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic", belote_announce="explicit")
        >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
        >>> play = state.rules.phase_list[-2]
        >>> rules.belote_offer.announceable(state, play.mask(state))
        [(1, <Announcement.BELOTE: 'belote'>, Card(KH)), (1, <Announcement.BELOTE: 'belote'>, Card(QH))]
        """
        out: list[tuple[int, enum.Enum, int]] = []
        seat = state.actor
        hand = state.held(seat)
        d = state.data
        said_all = self.announced(d)
        for key, holder in self.holders(d):
            if holder != seat:
                continue
            a, b = self._pair(d, key)
            said = [kind for s, kind, c in said_all if s == seat and c in (a, b)]
            for card in (a, b):
                if not mask >> card & 1:
                    continue
                other = b if card == a else a
                if hand >> other & 1 and not said:
                    out.append((key, self.kinds[0], card))
                elif not hand >> other & 1 and said == [self.kinds[0]]:
                    out.append((key, self.kinds[1], card))
        return out

    def _declare(self, kind: enum.Enum, card: int) -> Declare:
        if self.notation is None:
            return Declare(kind, (ALL_CARDS[card],))
        return Declare(kind, (ALL_CARDS[card],), notation=self.notation)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """Each announcement kind with each card of the pack, in explicit mode (nothing is
        offered in ``auto`` mode).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", belote_announce="explicit")
        >>> space = rules.belote_offer.action_space(rules)
        >>> len(space), space[0].text
        (64, 'declare belote AS')
        """
        if self.mode != "explicit":
            return ()
        return tuple(self._declare(kind, card) for kind in self.kinds for card in game.deck.cards)

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        if self.mode != "explicit":
            return ()
        return tuple(self._declare(kind, card) for _, kind, card in self.announceable(state, mask))

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        kind = action.kind
        token = getattr(kind, "token", kind.value)
        if self.mode != "explicit":
            raise IllegalActionError(self.auto_reason, action)
        if len(action.shown) != 1:
            raise IllegalActionError(
                f"declare {token} names the one card played with it (the K or Q)", action
            )
        card = action.shown[0]
        legal = play.legal_mask(state)
        plays = play.local(state).plays
        seat = state.actor
        if not legal >> card & 1:  # why the card may not be played, said of the declaration
            why = play.rejection(state, plays[card]).reason
            name = state.rules.notation.pretty(card)
            raise IllegalActionError(
                f"seat {seat} cannot announce {token} with {name}: {why}", action
            )
        for _key, k, c in self.announceable(state, legal):
            if k is kind and c == card:
                break
        else:
            name = state.rules.notation.pretty(card)
            raise IllegalActionError(
                f"seat {seat} cannot announce {token} with {name}{self.order_reason}", action
            )
        data = self._announce(state.data, seat, kind, card)
        return play.play(state, card, self._declare(kind, card), data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return {"declare": (_kind_parser(self.kinds, self.notation), "declare <kind> <cards>")}


class MeldRecord(Protocol):
    """A combination record (:class:`MeldDeclaration`): who, what kind, which cards."""

    @property
    def seat(self) -> int:
        """The declaring seat."""
        ...

    @property
    def kind(self) -> enum.Enum:
        """The combination's kind."""
        ...

    @property
    def cards(self) -> tuple[int, ...]:
        """Its cards."""
        ...


M = TypeVar("M", bound=MeldRecord)

MELDS: Final[Note[tuple[tuple[MeldRecord, ...], ...]]] = Note("melds", ())
"""The default note of :class:`MeldDeclaration`: each seat's combinations."""


def _melds_key(
    key: Note[tuple[tuple[MeldRecord, ...], ...]] | str,
) -> Note[tuple[tuple[MeldRecord, ...], ...]]:
    """The melds note's key (a name: deprecated)."""
    return as_note(key, ())


@attrs.frozen
class MeldDeclaration(Offer):
    """The combinations of one's complete hand, declared during the first trick (BE-10.3):
    ``find(hand, seat)`` lists a hand's combinations (BE-10.1); ``check(combo, hand, mine, reuse)``
    says why a seat may not declare a combination now (or None; BE-10.1, BE-10.2); ``make(seat,
    kind, cards)`` builds a record; ``reuse``: a card may belong to two combinations (BE-10.2).
    When play begins each seat's combinations are noted under ``key``; with ``auto`` everything is
    declared then, seat by seat from the first to play, in ``auto_order``. ``enabled`` false: no
    declaration at all. ``every()`` lists every combination some hand may declare (the
    vocabulary of action codecs).

    >>> import tarotlib
    >>> offer = tarotlib.variant("belote", preset="classic").phase_list[-2].offers[0]
    >>> offer.enabled, offer.auto, offer.reuse
    (True, False, True)
    """

    find: Callable[[int, int], tuple[MeldRecord, ...]]
    check: Callable[[MeldRecord, int, tuple[MeldRecord, ...], bool], str | None]
    make: Callable[..., MeldRecord]
    kinds: tuple[enum.Enum, ...]
    enabled: bool = True
    auto: bool = False
    reuse: bool = True
    auto_order: Callable[[tuple[MeldRecord, ...], bool], tuple[MeldRecord, ...]] | None = None
    first: Callable[[DealState], int] = eldest
    notation: Notation | None = None
    key: Note[tuple[tuple[MeldRecord, ...], ...]] = attrs.field(default=MELDS, converter=_melds_key)
    every: Callable[[], tuple[MeldRecord, ...]] | None = None
    whole_deal: bool = attrs.field(default=False, init=False)

    def found(self, data: DealData) -> tuple[tuple[MeldRecord, ...], ...]:
        """Each seat's combinations (once play has begun).

        BE-10.1: seat 1 holds a quarte (four hearts in sequence).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic")
        >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
        >>> melds = state.rules.phase_list[-2].offers[0]
        >>> [[(combo.kind.value, tarotlib.format_cards(combo.cards)) for combo in mine]
        ...  for mine in melds.found(state.data)]
        [[], [('quarte', '1H KH QH JH')], [], []]
        >>> [a.text for a in state.legal_actions()][0]
        'declare quarte AH KH QH JH'
        """
        return data.note(self.key)

    def setup(self, state: DealState) -> DealData:
        d = state.data
        if not self.enabled:
            return d
        n = state.rules.players
        hands = [state.held(seat) for seat in range(n)]
        found = tuple(self.find(hands[seat], seat) for seat in range(n))
        d = d.noted(self.key, found)
        if not self.auto:
            return d
        declared: list[MeldRecord] = []
        first = self.first(state)
        for k in range(n):  # BE-10.3 option: declare everything, from the first to play
            seat = (first + k) % n
            mine: list[MeldRecord] = []
            choice = (
                found[seat] if self.auto_order is None else self.auto_order(found[seat], self.reuse)
            )
            for combo in choice:
                if self.check(combo, hands[seat], tuple(mine), self.reuse) is None:
                    mine.append(combo)
            declared.extend(mine)
        return evolve(d, declarations=(*d.declarations, *declared))

    def active(self, state: DealState) -> bool:
        return self.enabled and not self.auto and any(self.found(state.data))

    def watch(self, state: DealState) -> int:
        return 0

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        return data

    def handles(self, action: Declare) -> bool:
        return action.kind in self.kinds

    def _declare(self, kind: enum.Enum, cards: tuple[int, ...]) -> Declare:
        shown = tuple(ALL_CARDS[c] for c in cards)
        if self.notation is None:
            return Declare(kind, shown)
        return Declare(kind, shown, notation=self.notation)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """A declaration of each combination of ``every()`` (nothing when declarations are off
        or automatic).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic")
        >>> space = rules.phase_list[-2].offers[0].action_space(rules)
        >>> len(space), space[0].text
        (90, 'declare carre-jacks JS JH JD JC')
        """
        if not self.enabled or self.auto:
            return ()
        if self.every is None:
            raise NotImplementedError(
                "MeldDeclaration needs every= (every combination a hand may declare) "
                "to list its actions"
            )
        return tuple(self._declare(combo.kind, combo.cards) for combo in self.every())

    def _mine(self, state: DealState, seat: int) -> list[MeldRecord]:
        return [
            c for c in cast("tuple[MeldRecord, ...]", state.data.declarations) if c.seat == seat
        ]

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        # BE-10.1 – BE-10.3: the hand's own combinations, not yet declared, and sharing no card
        # with one declared when reuse is off.
        seat = state.actor
        mine = self._mine(state, seat)
        out: list[Action] = []
        for combo in self.found(state.data)[seat]:
            if combo in mine:
                continue
            if not self.reuse and any(set(combo.cards) & set(m.cards) for m in mine):
                continue
            out.append(self._declare(combo.kind, combo.cards))
        return tuple(out)

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        kind = action.kind
        if not self.enabled:
            raise IllegalActionError("declarations are off (option declarations, BE-10)", action)
        if self.auto:
            raise IllegalActionError(
                "declarations are made automatically (option auto_declare, BE-10.3)", action
            )
        if state.trick_list:
            raise IllegalActionError(
                "declarations are made during the first trick only (BE-10.3)", action
            )
        seat = state.actor
        hand = state.held(seat)
        label = getattr(kind, "label", kind.value)
        match = next(
            (
                c
                for c in self.found(state.data)[seat]
                if c.kind is kind and set(c.cards) == set(action.shown)
            ),
            None,
        )
        mine = tuple(self._mine(state, seat))
        if match is None:
            reason = self.check(self.make(seat, kind, tuple(action.shown)), hand, mine, self.reuse)
            notation = state.rules.notation
            raise IllegalActionError(
                f"cannot declare {label} {format_cards(action.shown, notation)}: "
                f"{reason or 'not a combination of this hand (BE-10.1)'}",
                action,
            )
        reason = self.check(match, hand, mine, self.reuse)
        if reason is not None:
            raise IllegalActionError(f"cannot declare {label}: {reason}", action)
        d = state.data
        data = evolve(d, declarations=(*d.declarations, match))
        return state.proceed(self._declare(kind, match.cards), to_act=seat, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return {
            "declare": (_kind_parser(self.kinds, self.notation), "declare <combination> <cards>")
        }


def _token(kind: enum.Enum) -> str:
    return str(getattr(kind, "token", kind.value))
