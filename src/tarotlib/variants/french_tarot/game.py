"""The French Tarot deal: a state machine over the core mechanisms (FT-2.5).

Phases, in order (FT-2.5): ``petit-sec`` (only with ``petit_sec="optional_redeal"``), ``auction``
(FT-4), ``call`` (5 players, FT-5), ``discard`` (Prise/Garde: the chien is shown and taken, then the
écart is made one card at a time, FT-6), ``slam`` (the taker's announcement, FT-7), ``play`` (FT-9,
with poignée and misère declarations before each player's first card, FT-8), then ``over``.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=3)
>>> state = rules.new_deal(seed=11)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])   # always the first legal action
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple, TypeVar

import attrs

from tarotlib._bits import mask_decoder
from tarotlib.actions import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.auction import AuctionState, OneRoundAuction
from tarotlib.cards import (
    ALL_CARDS,
    EXCUSE,
    EXCUSE_MASK,
    FULL_MASK,
    SUIT_MASKS,
    TRUMP_MASK,
    Card,
    Rank,
    Suit,
    card_mask,
    cards_of,
    parse_card,
    parse_cards,
    suit_card,
    trump,
)
from tarotlib.dealing import Layout, PacketSchedule
from tarotlib.decks import TAROT_78
from tarotlib.declarations import TrumpShow
from tarotlib.engine import DealResult
from tarotlib.errors import (
    ActionParseError,
    DealError,
    GameNotOverError,
    IllegalActionError,
    OptionError,
)
from tarotlib.exchange import DiscardRule
from tarotlib.points import FRENCH_TAROT_POINTS
from tarotlib.rng import shuffle
from tarotlib.tricks import FRENCH_TAROT_TRICKS, PlayedTrick
from tarotlib.variants.french_tarot.options import FrenchTarotOptions
from tarotlib.variants.french_tarot.scoring import ScoreSummary, score_deal, score_grash
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration, DeclarationKind

__all__ = ["FrenchTarot", "FrenchTarotObservation", "FrenchTarotState"]

# -- card groups (FT-1) ---------------------------------------------------------------------------
PETIT: Final = trump(1)
MONDE: Final = trump(21)
OUDLERS_MASK: Final = (1 << PETIT) | (1 << MONDE) | EXCUSE_MASK
KINGS_MASK: Final = card_mask(suit_card(Rank.KING, s) for s in Suit)
HONOURS_MASK: Final = card_mask(
    suit_card(r, s) for s in Suit for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
)
# Cards worth 0.5 point: suit cards 1-10 and trumps T2-T20 (FT-1.5), i.e. the exchange cards (FT-10.4).
LOW_MASK: Final = (sum(SUIT_MASKS) | TRUMP_MASK) & ~HONOURS_MASK & ~OUDLERS_MASK
_RANK_MASKS: Final = {
    r: card_mask(suit_card(r, s) for s in Suit)
    for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
}

# -- phases ---------------------------------------------------------------------------------------
PETIT_SEC, AUCTION, CALL, DISCARD, SLAM, PLAY, OVER = range(7)
PHASE_NAMES: Final = ("petit-sec", "auction", "call", "discard", "slam", "play", "over")

_SIZES: Final = {3: (4, 6, 6), 4: (3, 6, 6), 5: (3, 5, 3)}  # packet, packets/player, chien (FT-3.1)
_PASS: Final = Pass()
_BIDS: Final = {c: Bid(c) for c in Contract}
_SLAM_CHOICES: Final = (Slam(False), Slam(True))
_REDEAL_CHOICES: Final = (Redeal(True), Redeal(False))
_PLAY_DECODER: Final = mask_decoder(tuple(Play.of(c) for c in ALL_CARDS))
_DISCARD_ACTIONS: Final = tuple(Discard(c) for c in ALL_CARDS)
_DISCARD_DECODER: Final = mask_decoder(_DISCARD_ACTIONS)
_CALL_ACTIONS: Final = tuple(Call(c) for c in ALL_CARDS)
_POIGNEES: Final = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
_BITS: Final = tuple(1 << i for i in range(78))
_new_play: Final = tuple.__new__
_ATTACK: Final = int(Camp.ATTACK)
_DEFENCE: Final = int(Camp.DEFENCE)
_MISERES: Final = (DeclarationKind.NO_HONOURS_MISERE, DeclarationKind.NO_TRUMPS_MISERE)

# FT-6.2: never a King, never an oudler; trumps only when unavoidable.
_DISCARD_RULES: Final = {
    c: DiscardRule(
        forbidden=(
            (KINGS_MASK, "cannot discard a King"),
            (OUDLERS_MASK, "cannot discard an oudler"),
        ),
        reluctant=TRUMP_MASK & ~OUDLERS_MASK,
        reluctant_reason=(
            f"may discard a trump only when fewer than {c} other discardable cards remain"
        ),
    )
    for c in (3, 6)
}


_RawTrick = tuple[int, tuple[int, ...], int]


class _Deal(NamedTuple):
    """What changes only at phase boundaries."""

    dealt: tuple[int, ...]  # the hands as dealt (masks)
    dealer: int
    chien: int
    auction: AuctionState[Contract]
    seed: int | None = None
    contract: Contract | None = None
    taker: int = -1
    called: int = -1
    partner: int = -1
    ecart: int = 0
    slam: bool = False
    camps: tuple[int, ...] = ()
    grash: bool = False
    declarations: tuple[Declaration, ...] = ()
    annulled: str | None = None
    petit_sec_seat: int = -1
    result: DealResult | None = None


class _Play(NamedTuple):
    """The whole state: the rules, the deal data, the history, and what changes with every action
    (the hot path builds one of these per action)."""

    rules: FrenchTarot
    d: _Deal
    hist: tuple[object, Action] | None
    phase: int
    to_act: int
    hands: int  # all hands packed: seat s holds bits 80*s .. 80*s+77 (see _hand)
    led: int = -1
    win: int = -1
    trick: tuple[int, ...] = ()
    leader: int = -1
    tricks: tuple[_RawTrick, ...] = ()  # completed tricks as (leader, cards, winner)
    piles: tuple[int, ...] = ()
    debt: int = -1  # -1: no Excuse debt; else debtor camp * 16 + creditor seat (FT-10.5)
    left: int = 0  # discards still to make
    excuse_note: str = ""  # how the Excuse ended (for the breakdown)


_FIELDS: Final[dict[type, dict[str, int]]] = {
    cls: {name: i for i, name in enumerate(cls._fields)} for cls in (_Deal, _Play)
}
NT = TypeVar("NT", _Deal, _Play)


def _evolve(nt: NT, **changes: object) -> NT:
    """``nt._replace(**changes)``, about three times faster (phase changes use it)."""
    values: list[object] = list(nt)
    index = _FIELDS[type(nt)]
    for name, value in changes.items():
        values[index[name]] = value
    new: NT = tuple.__new__(type(nt), values)
    return new


_PETIT_SEC: Final = "petit sec"  # the start of the annulment reason of FT-3.4


def _pack(hands: tuple[int, ...]) -> int:
    """All hands in one integer, 80 bits per seat (one XOR per card played)."""
    packed = 0
    for seat, hand in enumerate(hands):
        packed |= hand << 80 * seat
    return packed


def _hand(packed: int, seat: int) -> int:
    """The hand of ``seat`` from packed hands."""
    return packed >> 80 * seat & FULL_MASK


def _is_petit_sec(hand: int) -> bool:
    """FT-3.4: the Petit, no other trump and not the Excuse."""
    return bool(hand >> PETIT & 1) and (hand & (TRUMP_MASK | EXCUSE_MASK)) == 1 << PETIT


@attrs.frozen
class FrenchTarot:
    """French Tarot rules for 3, 4 or 5 players with :class:`FrenchTarotOptions`.

    Get one with ``tarotlib.variant("french-tarot", players=5, preset="bga", ...)`` or directly
    with ``FrenchTarot(FrenchTarotOptions(...))``.

    >>> rules = FrenchTarot(FrenchTarotOptions(players=3))
    >>> rules.name, rules.players, rules.hand_size, rules.chien_size
    ('french-tarot', 3, 24, 6)
    >>> rules.new_deal(seed=1).phase
    'auction'
    """

    options: FrenchTarotOptions = attrs.field(factory=FrenchTarotOptions)
    _schedule: PacketSchedule = attrs.field(init=False, repr=False, eq=False)
    _auction: OneRoundAuction[Contract] = attrs.field(init=False, repr=False, eq=False)
    _show: TrumpShow = attrs.field(init=False, repr=False, eq=False)
    _n: int = attrs.field(init=False, repr=False, eq=False)
    _tricks: int = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        n = self.options.players
        packet, rounds, chien = _SIZES[n]
        schedule = PacketSchedule(packet, rounds, chien)
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_tricks", (78 - chien) // n)
        object.__setattr__(self, "_schedule", schedule)
        object.__setattr__(self, "_auction", OneRoundAuction(tuple(Contract), n))
        object.__setattr__(
            self, "_show", TrumpShow(self.options.thresholds, TRUMP_MASK, EXCUSE_MASK)
        )

    # -- Rules protocol ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """``french-tarot``."""
        return "french-tarot"

    @property
    def players(self) -> int:
        """Number of seats (3, 4 or 5)."""
        return self._n

    @property
    def chien_size(self) -> int:
        """6, or 3 with 5 players (FT-3.1)."""
        return _SIZES[self.options.players][2]

    @property
    def hand_size(self) -> int:
        """24, 18 or 15 cards (FT-3.1); also the number of tricks."""
        return self._tricks

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> FrenchTarot(FrenchTarotOptions(players=5)).options_dict()["players"]
        5
        """
        return self.options.to_dict()

    def new_deal(
        self, *, seed: int | None = None, layout: Layout | None = None, dealer: int = 0
    ) -> FrenchTarotState:
        """Deal from ``seed`` (with ``dealer``) or from an explicit ``layout`` (FT-3.3).

        >>> import tarotlib
        >>> st = tarotlib.variant("french-tarot").new_deal(seed=1, dealer=2)
        >>> st.layout.dealer, st.to_act
        (2, 3)
        """
        n = self.options.players
        if layout is not None:
            if seed is not None:
                raise DealError("give either a seed or a layout, not both")
            self._check_layout(layout)
            return self._start(layout.hand_masks, layout.kitty_mask, layout.dealer)
        if not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, got {dealer}")
        if seed is None:
            raise DealError("new_deal needs a seed or a layout")
        order = shuffle(TAROT_78.cards, seed)
        hands, chien = self._schedule.deal_masks(order, n, dealer, check=False)
        return self._start(hands, chien, dealer, seed)

    def deal_from_order(self, order: Sequence[int], dealer: int = 0) -> FrenchTarotState:
        """Deal a given ordering of the 78 cards by the FT-3.3 packet schedule.

        >>> from tarotlib.decks import TAROT_78
        >>> state = FrenchTarot(FrenchTarotOptions(players=4)).deal_from_order(list(TAROT_78))
        >>> state.layout.dealer, [card.text for card in state.hand(1)][:6]
        (0, ['1S', '2S', '3S', 'KS', '1H', '2H'])
        """
        if sorted(int(c) for c in order) != list(range(78)):
            raise DealError("the order must list each of the 78 cards exactly once")
        n = self.options.players
        if not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, got {dealer}")
        hands, chien = self._schedule.deal_masks(order, n, dealer, check=False)
        return self._start(hands, chien, dealer)

    def _check_layout(self, layout: Layout) -> None:
        n = self.options.players
        if layout.players != n:
            raise DealError(f"the layout has {layout.players} hands; this game has {n} players")
        size = self.hand_size
        for seat, hand in enumerate(layout.hands):
            if len(hand) != size:
                raise DealError(f"seat {seat} has {len(hand)} cards; each hand needs {size}")
        if len(layout.kitty) != self.chien_size:
            raise DealError(f"the chien has {len(layout.kitty)} cards; it needs {self.chien_size}")

    def _start(
        self, hands: tuple[int, ...], chien: int, dealer: int, seed: int | None = None
    ) -> FrenchTarotState:
        n = self.options.players
        first = (dealer + 1) % n
        auction = self._auction.start(first)
        deal = _Deal(hands, dealer, chien, auction, seed)
        packed = _pack(hands)
        # FT-3.4: petit sec, judged on the dealt hands before the auction.
        for seat, hand in enumerate(hands):
            if _is_petit_sec(hand):
                deal = _evolve(deal, petit_sec_seat=seat)
                if self.options.petit_sec == "mandatory_redeal":
                    reason = f"{_PETIT_SEC} (seat {seat})"
                    deal = _evolve(
                        deal, annulled=reason, result=DealResult((0,) * n, annulled=reason)
                    )
                    return FrenchTarotState(_Play(self, deal, None, OVER, -1, packed))
                return FrenchTarotState(_Play(self, deal, None, PETIT_SEC, seat, packed))
        return FrenchTarotState(_Play(self, deal, None, AUCTION, first, packed))

    def parse_action(self, text: str) -> Action:
        """Parse an action's text (see :mod:`tarotlib.actions`).

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot").parse_action("bid garde-sans")
        Bid(contract=<Contract.GARDE_SANS: 3>)
        """
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action text")
        verb, args = parts[0].lower(), parts[1:]
        simple: dict[str, Action] = {
            "pass": _PASS,
            "slam": Slam(True),
            "no-slam": Slam(False),
            "redeal": Redeal(True),
            "keep": Redeal(False),
        }
        if verb in simple and not args:
            return simple[verb]
        if verb == "bid" and len(args) >= 1:
            try:
                return Bid(Contract.parse(" ".join(args)))
            except ValueError as exc:
                raise ActionParseError(str(exc)) from None
        if verb in ("call", "discard", "play") and len(args) == 1:
            card = parse_card(args[0])
            return {"call": Call, "discard": Discard, "play": Play}[verb](card)
        if verb == "declare" and args:
            try:
                kind = DeclarationKind(args[0].lower())
            except ValueError:
                kinds = ", ".join(k.value for k in DeclarationKind)
                raise ActionParseError(
                    f"unknown declaration {args[0]!r}; expected one of {kinds}"
                ) from None
            return Declare(kind, parse_cards(args[1:]))
        raise ActionParseError(
            f"cannot parse action {text!r}; expected pass, bid <contract>, call <card>, "
            "discard <card>, slam, no-slam, declare <kind> [cards], play <card>, redeal or keep"
        )

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """FT-2.3 / O-13: the next player in turn (with play) or the previous one, after every
        deal (annulled ones included, so ``result`` does not matter).

        >>> FrenchTarot(FrenchTarotOptions(players=5)).next_dealer(4)
        0
        >>> FrenchTarot(FrenchTarotOptions.preset("bga", players=5)).next_dealer(4)
        3
        """
        step = 1 if self.options.dealer_rotation == "with_play" else -1
        return (dealer + step) % self.options.players

    def counts_toward_match(self, result: DealResult) -> bool:
        """FT-16.1 / O-14: annulled deals count only with ``annulled_deals_count``.

        >>> from tarotlib.engine import DealResult
        >>> passed = DealResult((0, 0, 0, 0), annulled="everybody passed")
        >>> FrenchTarot(FrenchTarotOptions()).counts_toward_match(passed)
        False
        >>> FrenchTarot(FrenchTarotOptions(annulled_deals_count=True)).counts_toward_match(passed)
        True
        """
        return self.options.annulled_deals_count or not result.is_annulled

    @property
    def match_target(self) -> None:
        """French Tarot has no target score of its own (FT-16.1: a number of deals)."""
        return None

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """Each deal's scores are credited as they are; nothing is carried (FT-16).

        >>> from tarotlib.engine import DealResult
        >>> FrenchTarot(FrenchTarotOptions(players=3)).settle(0, DealResult((120, -60, -60)))
        ((120, -60, -60), 0)
        """
        return result.scores, carry

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        """A match to a target ends once some seat's total reaches it (ties shared, FT-19 Q-11).

        >>> rules = FrenchTarot(FrenchTarotOptions(players=3))
        >>> rules.target_reached((500, -250, -250), 500), rules.target_reached((499, -250, -249), 500)
        (True, False)
        """
        return max(totals) >= target

    # -- helpers used by the state --------------------------------------------------------------
    def callable_mask(self, hand: int) -> int:
        """FT-5.2 / O-10: the cards the taker may call, judged on his dealt hand.

        >>> from tarotlib.cards import card_mask, format_cards, parse_cards
        >>> rules = FrenchTarot(FrenchTarotOptions(players=5))
        >>> format_cards(rules.callable_mask(card_mask(parse_cards("KS KH KD 2C T5"))))
        'KS KH KD KC'
        >>> format_cards(rules.callable_mask(card_mask(parse_cards("KS KH KD KC T5"))))
        'QS KS QH KH QD KD QC KC'
        """
        mask = _RANK_MASKS[Rank.KING]
        order = (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
        top = 2 if self.options.callable_cards == "king_queen" else 4
        for i in range(1, top):
            if all(hand & _RANK_MASKS[r] == _RANK_MASKS[r] for r in order[:i]):
                mask |= _RANK_MASKS[order[i]]
            else:
                break
        return mask


@attrs.frozen
class FrenchTarotObservation:
    """What one seat may see (FT-17). Contains no card hidden from that seat.

    ``partner`` is the 5-player partner as known to this seat (the partner knows himself; others
    learn it when the called card is played, everybody at the end). ``chien`` is shown only when
    it was turned up (Prise/Garde) or at the end; ``ecart`` only to the taker (others see the shown
    discarded trumps in ``shown_discards``).

    >>> state = FrenchTarot(FrenchTarotOptions(players=4)).new_deal(seed=8)
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

        >>> state = FrenchTarot(FrenchTarotOptions(players=4)).new_deal(seed=8)
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
        return frozenset(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards as text).

        >>> data = FrenchTarot(FrenchTarotOptions(players=4)).new_deal(seed=8).observation(3).to_json()
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


@attrs.frozen
class FrenchTarotState:
    """One moment of a French Tarot deal (immutable; see :mod:`tarotlib.engine`).

    Besides the common surface (``to_act``, ``legal_actions``, ``apply``, ``is_over``, ``result``,
    ``observation``, ``history``) it exposes the full, omniscient position for servers and tools:
    ``hand(seat)``, ``contract``, ``taker``, ``partner``, ``chien``, ``ecart``, ``tricks``, ...
    Give players :meth:`observation` instead.

    >>> rules = FrenchTarot(FrenchTarotOptions(players=4))
    >>> state = rules.new_deal(seed=8)
    >>> for text in ("pass", "bid garde", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.contract, state.taker, len(state.chien)
    ('discard', <Contract.GARDE: 2>, 2, 6)
    """

    _p: _Play
    # Memo of the play-phase legal-card mask (-1: not computed); a pure cache, not state.
    _memo: int = attrs.field(default=-1, eq=False, repr=False)

    # -- the common surface -------------------------------------------------------------------
    @property
    def rules(self) -> FrenchTarot:
        """The rules and options in force."""
        return self._p.rules

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        p = self._p
        return None if p.phase == OVER else p.to_act

    @property
    def phase(self) -> str:
        """``petit-sec``, ``auction``, ``call``, ``discard``, ``slam``, ``play`` or ``over``."""
        return PHASE_NAMES[self._p.phase]

    @property
    def is_over(self) -> bool:
        """True when the deal is finished or annulled."""
        return self._p.phase == OVER

    @property
    def result(self) -> DealResult:
        """The deal's result (raises GameNotOverError before the end)."""
        res = self._p.d.result
        if res is None:
            raise GameNotOverError(f"the deal is not over (phase {self.phase})")
        return res

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        out: list[Action] = []
        node = self._p.hist
        while node is not None:
            prev, action = node
            out.append(action)
            node = prev  # type: ignore[assignment]
        out.reverse()
        return tuple(out)

    @property
    def layout(self) -> Layout:
        """The deal as dealt."""
        d = self._p.d
        return Layout.from_masks(d.dealt, d.chien, d.dealer)

    @property
    def seed(self) -> int | None:
        """The seed this deal was dealt from (None when dealt from a layout or an order)."""
        return self._p.d.seed

    # -- omniscient accessors -----------------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._p.d.dealer

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (index order).

        >>> state = FrenchTarot(FrenchTarotOptions(players=3)).new_deal(seed=8)
        >>> [card.text for card in state.hand(0)][:6], len(state.hand(0))
        (['2S', '5S', '10S', 'JS', 'NS', 'KS'], 24)
        """
        return cards_of(_hand(self._p.hands, seat))

    def hand_mask(self, seat: int) -> int:
        """The hand of ``seat`` as a bit mask.

        >>> from tarotlib.cards import card_mask
        >>> state = FrenchTarot(FrenchTarotOptions(players=3)).new_deal(seed=8)
        >>> state.hand_mask(0) == card_mask(state.hand(0))
        True
        """
        return _hand(self._p.hands, seat)

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction is won."""
        return self._p.d.contract

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the auction is won."""
        return None if self._p.d.taker < 0 else self._p.d.taker

    @property
    def called_card(self) -> Card | None:
        """5p: the called card."""
        return None if self._p.d.called < 0 else ALL_CARDS[self._p.d.called]

    @property
    def partner(self) -> int | None:
        """5p: the taker's partner once play has begun (None: alone, or not yet known)."""
        return None if self._p.d.partner < 0 else self._p.d.partner

    @property
    def camps(self) -> tuple[int, ...]:
        """Camp of each seat once play has begun (0 attack, 1 defence; Grash: the seat itself)."""
        return self._p.d.camps

    @property
    def chien(self) -> tuple[Card, ...]:
        """The chien as dealt."""
        return cards_of(self._p.d.chien)

    @property
    def ecart(self) -> tuple[Card, ...]:
        """The écart made so far (Prise/Garde)."""
        return cards_of(self._p.d.ecart)

    @property
    def is_grash(self) -> bool:
        """True if all passed and the deal is played as Grash (FT-15)."""
        return self._p.d.grash

    @property
    def slam_announced(self) -> bool:
        """True if the taker announced a slam (FT-7)."""
        return self._p.d.slam

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Poignées and misères declared so far."""
        return self._p.d.declarations

    @property
    def auction_calls(self) -> tuple[tuple[int, Contract | None], ...]:
        """``(seat, contract or None for a pass)`` for each auction call so far."""
        a = self._p.d.auction
        n = self._p.rules._n
        return tuple(((a.first + i) % n, c) for i, c in enumerate(a.calls))

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The completed tricks."""
        return tuple(PlayedTrick(*t) for t in self._p.tricks)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in play order."""
        return tuple(ALL_CARDS[c] for c in self._p.trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the trick in progress (during play)."""
        return self._p.leader if self._p.phase == PLAY else None

    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Cards won so far by each seat (Excuse placed per FT-10; écart and chien not included).

        >>> import random
        >>> rng = random.Random(2)
        >>> state = FrenchTarot(FrenchTarotOptions(players=4)).new_deal(seed=2)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> [len(pile) for pile in state.piles()], sum(len(pile) for pile in state.piles())
        ([12, 5, 44, 11], 72)
        """
        return tuple(cards_of(m) for m in self._p.piles)

    # -- legal actions --------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (empty when over).

        In play: declarations first (at a player's first card, FT-8.2), then the playable cards in
        index order. A poignée is listed once per level with a canonical set of shown cards (the
        lowest trumps); :meth:`apply` accepts any legal set of shown cards.

        >>> state = FrenchTarot(FrenchTarotOptions(players=4)).new_deal(seed=8)
        >>> [action.text for action in state.legal_actions()]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        >>> [action.text for action in state.apply(state.legal_actions()[2]).legal_actions()]
        ['pass', 'bid garde-sans', 'bid garde-contre']
        """
        p = self._p
        phase = p.phase
        if phase == PLAY:
            if p.tricks:
                mask = _legal(p.hands >> 80 * p.to_act & FULL_MASK, p.led, p.win)
                _set_memo(self, mask)
                return _PLAY_DECODER(mask)
            mask = self._play_mask()
            _set_memo(self, mask)
            plays = _PLAY_DECODER(mask)
            if self._p.d.grash:
                return plays
            return self._declaration_actions() + plays
        if phase == AUCTION:
            auction = self._p.d.auction
            actions = _AUCTION_ACTIONS.get(auction.high)
            if actions is None:  # the legal calls depend only on the highest bid (FT-4.3)
                actions = tuple(
                    _PASS if c is None else _BIDS[c] for c in self._p.rules._auction.legal(auction)
                )
                _AUCTION_ACTIONS[auction.high] = actions
            return actions
        if phase == DISCARD:
            rule = _DISCARD_RULES[self._p.rules.chien_size]
            return _DISCARD_DECODER(rule.legal(_hand(p.hands, p.to_act), p.left))
        if phase == SLAM:
            return _SLAM_CHOICES
        if phase == CALL:
            mask = self._p.rules.callable_mask(_hand(p.hands, p.to_act))
            return tuple(_CALL_ACTIONS[c] for c in cards_of(mask))
        if phase == PETIT_SEC:
            return _REDEAL_CHOICES
        return ()

    def _play_mask(self) -> int:
        p = self._p
        hand = _hand(p.hands, p.to_act)
        mask = FRENCH_TAROT_TRICKS.legal_mask(hand, p.led, p.win)
        if not p.tricks and not p.trick and self._p.d.called >= 0:
            mask = self._lead_ban(hand, mask)
        return mask

    def _lead_ban(self, hand: int, mask: int) -> int:
        """FT-5.5 / O-9: the opening lead may not be of the called suit, unless the called card."""
        if not self._p.rules.options.called_suit_opening_lead_ban or self._p.d.grash:
            return mask
        called = self._p.d.called
        suit_mask = SUIT_MASKS[called // 14]
        allowed = mask & ~(suit_mask & ~(1 << called))
        return allowed or mask

    def _poignee_extra(self, seat: int) -> int:
        """FT-8.4 / O-5: the taker's discarded trumps count toward his poignée."""
        d = self._p.d
        if seat == d.taker and self._p.rules.options.poignee_counts_discarded_trumps:
            return d.ecart & TRUMP_MASK
        return 0

    def _declaration_actions(self) -> tuple[Action, ...]:
        opts = self._p.rules.options
        if opts.declarations == "none":
            return ()
        p = self._p
        seat = p.to_act
        hand = _hand(p.hands, seat)
        extra = self._poignee_extra(seat)
        may_show = ((hand | extra) & TRUMP_MASK).bit_count() + 1 >= p.rules._show.thresholds[0]
        if not may_show and opts.declarations == "poignee":
            return ()  # the usual case: too few trumps for any poignée (FT-8.1, FT-8.3)
        done = {dec.kind for dec in p.d.declarations if dec.seat == seat}
        out: list[Action] = []
        if may_show and not any(k.is_poignee for k in done):
            show = p.rules._show
            for level in show.levels(hand, extra):
                shown = show.canonical(hand, level, extra)
                out.append(Declare(_POIGNEES[level], tuple(ALL_CARDS[c] for c in shown)))
        if opts.declarations == "poignee_and_misere":
            for kind in _MISERES:
                if kind not in done and _misere_ok(kind, hand):
                    out.append(Declare(kind))
        return tuple(out)

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now.

        >>> rules = FrenchTarot(FrenchTarotOptions(players=4))
        >>> state = rules.new_deal(seed=8)
        >>> state.is_legal(rules.parse_action("bid prise")), state.is_legal(rules.parse_action("slam"))
        (True, False)
        """
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    # -- apply ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> FrenchTarotState:
        """A new state with ``action`` applied by the seat to act.

        Raises :class:`~tarotlib.errors.IllegalActionError` saying why the action is illegal;
        ``self`` is never changed.

        >>> rules = FrenchTarot(FrenchTarotOptions(players=4))
        >>> state = rules.new_deal(seed=8).apply(rules.parse_action("bid garde"))
        >>> state.apply(rules.parse_action("bid prise"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: bid prise: bid must beat Garde
        """
        p = self._p
        phase = p.phase
        if phase == PLAY:
            if type(action) is Play:
                # The hot path (FT-9): inlined rather than delegated, for speed.
                card = action.card
                (
                    rules,
                    d,
                    hist,
                    _,
                    seat,
                    hands,
                    led,
                    win,
                    trick,
                    leader,
                    tricks,
                    piles,
                    debt,
                    _,
                    note,
                ) = p
                legal = self._memo
                if legal < 0:
                    legal = self._play_mask()
                if not legal >> card & 1:
                    raise self._play_error(action)
                n = rules._n
                hands ^= 1 << card + 80 * seat
                led, win = _follow(led, win, card)
                trick = (*trick, card)
                if len(trick) < n:
                    np = _new_play(
                        _Play,
                        (
                            rules,
                            d,
                            (hist, action),
                            PLAY,
                            (seat + 1) % n,
                            hands,
                            led,
                            win,
                            trick,
                            leader,
                            tricks,
                            piles,
                            debt,
                            0,
                            note,
                        ),
                    )
                    return _make(np)
                return self._end_trick(p, hands, trick, win, action)
            if type(action) is Declare:
                return self._apply_declare(action)
            raise self._wrong(action, "a card to play (or a declaration before a first card)")
        if phase == AUCTION:
            return self._apply_auction(action)
        if phase == DISCARD:
            return self._apply_discard(action)
        if phase == SLAM:
            return self._apply_slam(action)
        if phase == CALL:
            return self._apply_call(action)
        if phase == PETIT_SEC:
            return self._apply_petit_sec(action)
        raise IllegalActionError("the deal is over", action)

    def _wrong(self, action: Action, expected: str) -> IllegalActionError:
        if not isinstance(action, Action):
            raise TypeError(
                f"apply() takes an Action, not {type(action).__name__} {action!r}; "
                "use rules.parse_action(text) to turn text into an action"
            )
        return IllegalActionError(f"phase {self.phase} expects {expected}", action)

    def _step(self, d: _Deal, action: Action, **changes: object) -> FrenchTarotState:
        """The next state: deal data ``d``, ``action`` added to the history, ``changes`` to the
        per-action fields (one tuple rebuild)."""
        p = self._p
        return _make(_evolve(p, d=d, hist=(p.hist, action), **changes))

    def _next(self, d: _Deal, p: _Play, action: Action) -> FrenchTarotState:
        return _make(_evolve(p, d=d, hist=(self._p.hist, action)))

    def _apply_petit_sec(self, action: Action) -> FrenchTarotState:
        if not isinstance(action, Redeal):
            raise self._wrong(action, "redeal or keep (petit sec, FT-3.4)")
        d = self._p.d
        n = self._p.rules._n
        if action.redeal:
            reason = f"{_PETIT_SEC} (seat {d.petit_sec_seat}), redeal chosen"
            d = _evolve(d, annulled=reason, result=DealResult((0,) * n, annulled=reason))
            return self._step(d, action, phase=OVER, to_act=-1)
        first = d.auction.first
        return self._step(d, action, phase=AUCTION, to_act=first)

    def _apply_auction(self, action: Action) -> FrenchTarotState:
        if isinstance(action, Pass):
            call: Contract | None = None
        elif isinstance(action, Bid) and isinstance(action.contract, Contract):
            call = action.contract
        else:
            raise self._wrong(action, "pass or a bid (FT-4.3)")
        rules = self._p.rules
        try:
            auction = rules._auction.apply(self._p.d.auction, call)
        except IllegalActionError as exc:
            raise IllegalActionError(exc.reason, action) from None
        d = _evolve(self._p.d, auction=auction)
        p = self._p
        n = rules._n
        if not rules._auction.is_done(auction):
            return self._step(d, action, to_act=(p.to_act + 1) % n)
        if auction.high is None:
            if rules.options.grash:  # FT-15: all passed, play Grash
                d = _evolve(d, grash=True, camps=tuple(range(n)))
                return self._start_play(d, action, auction.first)
            reason = "all players passed"
            d = _evolve(d, annulled=reason, result=DealResult((0,) * n, annulled=reason))
            return self._step(d, action, phase=OVER, to_act=-1)
        assert auction.high_seat is not None
        d = _evolve(d, contract=auction.high, taker=auction.high_seat)
        if n == 5:
            return self._step(d, action, phase=CALL, to_act=auction.high_seat)
        return self._after_call(d, action)

    def _after_call(self, d: _Deal, action: Action) -> FrenchTarotState:
        """FT-6: Prise/Garde take the chien and discard; Garde Sans/Contre go to the slam choice."""
        assert d.contract is not None
        if d.contract.takes_chien:
            hands = self._p.hands | d.chien << 80 * d.taker
            return self._step(
                d,
                action,
                phase=DISCARD,
                to_act=d.taker,
                hands=hands,
                left=self._p.rules.chien_size,
            )
        return self._step(d, action, phase=SLAM, to_act=d.taker)

    def _apply_call(self, action: Action) -> FrenchTarotState:
        if not isinstance(action, Call):
            raise self._wrong(action, "a card to call (FT-5)")
        d, p = self._p.d, self._p
        card = action.card
        if not self._p.rules.callable_mask(_hand(p.hands, d.taker)) >> card & 1:
            raise IllegalActionError(self._call_reason(card), action)
        d = _evolve(d, called=int(card))
        return self._after_call(d, action)

    def _call_reason(self, card: int) -> str:
        c = ALL_CARDS[card]
        if c.rank is None or not c.rank.is_honour:
            return "only a King (or, holding all the higher honours, a Queen, Knight or Jack) may be called"
        if self._p.rules.options.callable_cards == "king_queen" and c.rank < Rank.QUEEN:
            return "only a King, or a Queen when holding all four Kings, may be called"
        names = {
            Rank.QUEEN: "four Kings",
            Rank.KNIGHT: "four Kings and four Queens",
            Rank.JACK: "four Kings, Queens and Knights",
        }
        return f"may call a {c.rank.name.title()} only when holding all {names[c.rank]}"

    def _apply_discard(self, action: Action) -> FrenchTarotState:
        if not isinstance(action, Discard):
            raise self._wrong(action, "a card to discard (FT-6.1)")
        d, p = self._p.d, self._p
        seat = p.to_act
        hand = _hand(p.hands, seat)
        rule = _DISCARD_RULES[self._p.rules.chien_size]
        reason = rule.explain(hand, p.left, action.card)
        if reason is not None:
            raise IllegalActionError(reason, action)
        bit = 1 << action.card
        hands = p.hands ^ bit << 80 * seat
        d = _evolve(d, ecart=d.ecart | bit)
        left = p.left - 1
        if left:
            return self._step(d, action, hands=hands, left=left)
        return self._step(d, action, phase=SLAM, hands=hands, left=0)

    def _apply_slam(self, action: Action) -> FrenchTarotState:
        if not isinstance(action, Slam):
            raise self._wrong(action, "slam or no-slam (FT-7)")
        d = self._p.d
        # FT-5.3: camps are decided by where the called card lies when play begins.
        n = self._p.rules._n
        partner = -1
        if d.called >= 0:
            for seat in range(n):
                if seat != d.taker and _hand(self._p.hands, seat) >> d.called & 1:
                    partner = seat
        camps = tuple(_ATTACK if seat in (d.taker, partner) else _DEFENCE for seat in range(n))
        d = _evolve(d, slam=action.announce, partner=partner, camps=camps)
        leader = d.taker if action.announce else d.auction.first  # FT-7.2, FT-9.1
        return self._start_play(d, action, leader)

    def _start_play(self, d: _Deal, action: Action, leader: int) -> FrenchTarotState:
        n = self._p.rules._n
        return self._step(
            d,
            action,
            phase=PLAY,
            to_act=leader,
            led=-1,
            win=-1,
            trick=(),
            leader=leader,
            tricks=(),
            piles=(0,) * n,
            debt=-1,
            left=0,
        )

    def _apply_declare(self, action: Declare) -> FrenchTarotState:
        d, p = self._p.d, self._p
        seat = p.to_act
        opts = self._p.rules.options
        kind = action.kind
        if p.tricks or d.grash:
            raise IllegalActionError(
                "declarations are made only before one's first card of the first trick (FT-8.2)",
                action,
            )
        if not isinstance(kind, DeclarationKind):
            raise IllegalActionError("unknown declaration kind", action)
        if opts.declarations == "none":
            raise IllegalActionError("declarations are off (option declarations='none')", action)
        done = {dec.kind for dec in d.declarations if dec.seat == seat}
        hand = _hand(p.hands, seat)
        if kind.is_poignee:
            if any(k.is_poignee for k in done):
                raise IllegalActionError("a player declares at most one poignée (FT-8.2)", action)
            show = self._p.rules._show
            extra = self._poignee_extra(seat)
            reason = show.check(hand, kind.level, action.shown, extra)
            if reason is not None:
                raise IllegalActionError(reason, action)
            shown = tuple(sorted((int(c) for c in action.shown), reverse=True))
        else:
            if opts.declarations != "poignee_and_misere":
                raise IllegalActionError(
                    "misère needs option declarations='poignee_and_misere' (FT-8.6)", action
                )
            if kind in done:
                raise IllegalActionError(f"{kind.value} already declared", action)
            if action.shown:
                raise IllegalActionError("a misère shows no cards (FT-8.6)", action)
            if not _misere_ok(kind, hand):
                what = (
                    "no King, Queen, Knight, Jack or oudler"
                    if kind is DeclarationKind.NO_HONOURS_MISERE
                    else "no trump and not the Excuse"
                )
                raise IllegalActionError(f"{kind.value} needs a hand with {what}", action)
            shown = ()
        d = _evolve(d, declarations=(*d.declarations, Declaration(seat, kind, shown)))
        return self._next(d, p, action)

    def _play_error(self, action: Play) -> IllegalActionError:
        """Why a card may not be played (FT-9.2, FT-5.5)."""
        p = self._p
        reason = FRENCH_TAROT_TRICKS.explain(_hand(p.hands, p.to_act), p.led, p.win, action.card)
        if reason is None:
            suit = Suit(self._p.d.called // 14).label
            reason = f"may not lead the called suit ({suit}) to the first trick (FT-5.5)"
        return IllegalActionError(reason, action)

    def _end_trick(
        self, p: _Play, hands: int, trick: tuple[int, ...], win: int, action: Action
    ) -> FrenchTarotState:
        """FT-9.3, FT-9.4 and the Excuse (FT-10) when a trick is complete."""
        rules = self._p.rules
        d = self._p.d
        n = rules._n
        camps = d.camps
        leader = p.leader
        last = len(p.tricks) == rules._tricks - 1
        winner = (leader + trick.index(win)) % n
        debt = p.debt
        note = p.excuse_note
        trick_mask = sum(map(_BITS.__getitem__, trick))
        if EXCUSE in trick or debt >= 0:
            piles = list(p.piles)
            if EXCUSE in trick:
                winner, note, debt = self._excuse(p, piles, trick, trick_mask, winner, last)
            else:
                piles[winner] |= trick_mask
            if debt >= 0 and camps[winner] == debt // 16:
                debt = self._settle(piles, camps, debt)
            new_piles = tuple(piles)
        else:
            pile = p.piles
            new_piles = pile[:winner] + (pile[winner] | trick_mask,) + pile[winner + 1 :]
        tricks = (*p.tricks, (leader, trick, winner))
        if not last:
            np = _new_play(
                _Play,
                (
                    rules,
                    d,
                    (p.hist, action),
                    PLAY,
                    winner,
                    hands,
                    -1,
                    -1,
                    (),
                    winner,
                    tricks,
                    new_piles,
                    debt,
                    0,
                    note,
                ),
            )
            return _make(np)
        np = _Play(
            rules, d, p.hist, OVER, -1, hands, -1, -1, (), winner, tricks, new_piles, debt, 0, note
        )
        d = _evolve(d, result=self._score(d, np))
        return self._next(d, np, action)

    def _excuse(
        self,
        p: _Play,
        piles: list[int],
        trick: tuple[int, ...],
        trick_mask: int,
        winner: int,
        last: bool,
    ) -> tuple[int, str, int]:
        """Place the cards of a trick holding the Excuse (FT-10.4 to FT-10.8); returns the trick's
        winner (changed by FT-10.8), the note on the Excuse and the Excuse debt."""
        rules = self._p.rules
        d = self._p.d
        n = rules._n
        camps = d.camps
        xseat = (p.leader + trick.index(EXCUSE)) % n
        xcamp = camps[xseat]
        note = p.excuse_note
        debt = p.debt
        if last and self._excuse_wins_last(p.tricks, camps, xcamp):
            # FT-10.8: the slam-maker's Excuse wins the last trick.
            piles[xseat] |= trick_mask
            return xseat, f"the Excuse (seat {xseat}) won the last trick (slam, FT-10.8)", debt
        piles[winner] |= trick_mask & ~EXCUSE_MASK
        if last:
            if rules.options.excuse_last_trick == "changes_camp" and not d.grash:
                # FT-10.7: it goes to the camp opposite to its player.
                to_camp = 1 - xcamp
                dest = winner
                if camps[winner] != to_camp:
                    dest = min(s for s in range(n) if camps[s] == to_camp)
                note = f"the Excuse played to the last trick changes camp (FT-10.7, seat {dest})"
            else:
                dest = winner
                note = f"the Excuse played to the last trick goes to the winner (seat {dest})"
            piles[dest] |= EXCUSE_MASK
            return winner, note, debt
        piles[xseat] |= EXCUSE_MASK
        if camps[winner] != xcamp:
            # FT-10.4 / FT-10.5: one 0.5-point card owed to the winner's camp.
            if debt >= 0:  # pragma: no cover - only one Excuse exists
                raise AssertionError("two Excuse debts")
            debt = self._settle(piles, camps, xcamp * 16 + winner)
        return winner, note, debt

    def _excuse_wins_last(
        self, tricks: tuple[_RawTrick, ...], camps: tuple[int, ...], xcamp: int
    ) -> bool:
        if self._p.rules.options.excuse_slam_exception == "attack_only" and (
            self._p.d.grash or xcamp != Camp.ATTACK
        ):
            return False
        return all(camps[t[2]] == xcamp for t in tricks)

    @staticmethod
    def _settle(piles: list[int], camps: tuple[int, ...], debt: int) -> int:
        """Hand over a 0.5-point card from the debtor camp's piles if it has one (FT-10.4, 10.5).

        The card moved is the debtor camp's lowest-indexed low card (any is equivalent for the
        count). Returns the remaining debt: -1 if settled, else ``debt`` unchanged."""
        debtor, creditor = divmod(debt, 16)
        best_card = best_seat = -1
        for seat, pile in enumerate(piles):
            if camps[seat] == debtor:
                low = pile & LOW_MASK
                if low:
                    c = (low & -low).bit_length() - 1
                    if best_card < 0 or c < best_card:
                        best_card, best_seat = c, seat
        if best_card < 0:
            return debt
        piles[best_seat] ^= 1 << best_card
        piles[creditor] |= 1 << best_card
        return -1

    # -- counting and scoring (FT-11 to FT-15) ----------------------------------------------------
    def _score(self, d: _Deal, p: _Play) -> DealResult:
        rules = self._p.rules
        n = rules._n
        camps = d.camps
        table = FRENCH_TAROT_POINTS
        if d.grash:
            halves = []
            for seat in range(n):
                pile = p.piles[seat]
                h = 2 * table.value_sum(pile) - pile.bit_count()
                if p.debt >= 0:
                    debtor, creditor = divmod(p.debt, 16)
                    h += -1 if seat == debtor else (1 if seat == creditor else 0)
                halves.append(h)
            grash = score_grash(halves)
            return DealResult(grash.scores, breakdown=grash, contract="Grash")
        assert d.contract is not None
        attack = 0
        for seat in range(n):
            if camps[seat] == _ATTACK:
                attack |= p.piles[seat]
        if d.contract.takes_chien:
            attack |= d.ecart
        elif d.contract == Contract.GARDE_SANS:
            attack |= d.chien
        attack_halves = 2 * table.value_sum(attack) - attack.bit_count()
        if p.debt >= 0:  # FT-10.6: never paid, settle as -0.5 / +0.5
            attack_halves += -1 if p.debt // 16 == _ATTACK else 1
        oudlers = (attack & OUDLERS_MASK).bit_count()
        tricks = p.tricks
        winning_camps = {camps[t[2]] for t in tricks}  # FT-12.1
        attack_all = winning_camps == {_ATTACK}
        defence_all = winning_camps == {_DEFENCE}
        summary = ScoreSummary(
            players=n,
            contract=d.contract,
            taker=d.taker,
            attack_half_points=attack_halves,
            oudlers=oudlers,
            partner=None if d.partner < 0 else d.partner,
            petit_au_bout=self._petit_au_bout(tricks, camps),
            declarations=d.declarations,
            slam_announced=d.slam,
            attack_all_tricks=attack_all,
            defence_all_tricks=defence_all,
        )
        score = score_deal(summary, defence_slam_bonus=rules.options.defence_slam_bonus)
        return DealResult(
            score.scores,
            breakdown=score,
            contract=d.contract.label,
            declarer=d.taker,
            made=score.made,
        )

    def _petit_au_bout(
        self, raw_tricks: tuple[_RawTrick, ...], camps: tuple[int, ...]
    ) -> Camp | None:
        """FT-11: the camp credited with the Petit au bout, if any."""
        n = self._p.rules._n
        tricks = [PlayedTrick(*t) for t in raw_tricks[-2:]]
        bout = [tricks[-1]]
        last = tricks[-1]
        if EXCUSE in last.cards and last.winner == last.seat_of(last.cards.index(EXCUSE), n):
            bout.append(tricks[-2])  # FT-11.1: won by the Excuse, the penultimate trick counts
        for t in bout:
            if PETIT in t.cards:
                camp = Camp(camps[t.winner])
                player = t.seat_of(t.cards.index(PETIT), n)
                if (
                    camp == Camp.DEFENCE
                    and camps[player] == Camp.DEFENCE
                    and player != t.winner
                    and self._p.rules.options.petit_au_bout_within_defence == "penalise_defence"
                ):
                    return Camp.ATTACK  # O-12, seed 000's reading
                return camp
        return None

    # -- observation --------------------------------------------------------------------------
    def observation(self, seat: int) -> FrenchTarotObservation:
        """What ``seat`` may see now (FT-17).

        >>> rules = FrenchTarot(FrenchTarotOptions(players=4))
        >>> state = rules.new_deal(seed=8)
        >>> state.observation(0).hand == state.hand(0), state.observation(0).to_json()["hand"][:3]
        (True, ['2S', '5S', 'NS'])
        """
        d, p = self._p.d, self._p
        n = self._p.rules._n
        if not 0 <= seat < n:
            raise DealError(f"seat must be 0..{n - 1}, got {seat}")
        over = p.phase == OVER
        contract = d.contract
        chien_public = over or (contract is not None and contract.takes_chien and p.phase > CALL)
        ecart: tuple[Card, ...] = ()
        shown_discards: tuple[Card, ...] = ()
        if d.ecart:
            if seat == d.taker or over:
                ecart = cards_of(d.ecart)
            if self._p.rules.options.show_discarded_trumps:
                shown_discards = cards_of(d.ecart & TRUMP_MASK)
        partner: int | None = None
        if (
            d.called >= 0
            and d.partner < 0
            and seat != d.taker
            and _hand(p.hands, seat) >> d.called & 1
        ):
            partner = seat  # FT-5.4: the holder of the called card knows from the call on
        if d.partner >= 0:
            revealed = (
                over
                or seat == d.partner
                or any(d.called in t[1] for t in p.tricks)
                or (d.called in p.trick)
            )
            if revealed:
                partner = d.partner
        return FrenchTarotObservation(
            seat=seat,
            players=n,
            dealer=d.dealer,
            phase=self.phase,
            to_act=self.to_act,
            hand=cards_of(_hand(p.hands, seat)),
            calls=self.auction_calls,
            contract=contract,
            taker=self.taker,
            called_card=self.called_card,
            partner=partner,
            chien=cards_of(d.chien) if chien_public else (),
            ecart=ecart,
            shown_discards=shown_discards,
            slam_announced=d.slam,
            declarations=d.declarations,
            tricks=self.tricks,
            trick_leader=self.trick_leader,
            current_trick=self.current_trick,
            # FT-3.4 / FT-17: a petit sec hand is shown only when the deal is annulled for it.
            petit_sec_hand=(
                cards_of(d.dealt[d.petit_sec_seat])
                if d.petit_sec_seat >= 0
                and d.annulled is not None
                and d.annulled.startswith(_PETIT_SEC)
                else ()
            ),
            result=d.result,
        )

    def __repr__(self) -> str:
        return (
            f"<FrenchTarotState players={self._p.rules.players} phase={self.phase} "
            f"to_act={self.to_act} actions={len(self.history)}>"
        )


_follow: Final = FRENCH_TAROT_TRICKS.follow
_legal: Final = FRENCH_TAROT_TRICKS.legal_mask
_AUCTION_ACTIONS: dict[Contract | None, tuple[Action, ...]] = {}
_state_new: Final = object.__new__
_set_p = FrenchTarotState.__dict__["_p"].__set__
_set_memo = FrenchTarotState.__dict__["_memo"].__set__


def _make(p: _Play) -> FrenchTarotState:
    """Build a state without going through ``__init__`` (the hot path of ``apply``); every field
    is set exactly as ``__init__`` would."""
    st: FrenchTarotState = _state_new(FrenchTarotState)
    _set_p(st, p)
    _set_memo(st, -1)
    return st


def _misere_ok(kind: DeclarationKind, hand: int) -> bool:
    """FT-8.6: no-honours misère (no K/Q/N/J, no oudler) or no-trumps misère (no trump, no Excuse)."""
    if kind is DeclarationKind.NO_HONOURS_MISERE:
        return not hand & (HONOURS_MASK | OUDLERS_MASK)
    return not hand & (TRUMP_MASK | EXCUSE_MASK)


def options_from(values: Mapping[str, object]) -> FrenchTarotOptions:
    """Options from keyword values, honouring ``preset``.

    >>> options_from({"preset": "bga", "players": 3}) == FrenchTarotOptions.preset("bga", players=3)
    True
    """
    vals = dict(values)
    preset = vals.pop("preset", "fft")
    if not isinstance(preset, str):
        raise OptionError("preset must be a string ('fft' or 'bga')")
    return FrenchTarotOptions.preset(preset, **vals)
