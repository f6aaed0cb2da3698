"""The Belote engine: rules object, deal states and observations (BE-2 … BE-12).

>>> import tarotlib
>>> from tarotlib.cards import PIQUET_NOTATION
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=4, dealer=3)
>>> state.phase, state.to_act, PIQUET_NOTATION.text(state.turn_up)
('bidding', 0, 'QS')
>>> [a.text for a in state.legal_actions()]
['pass', 'bid spades']
>>> state = state.apply(state.legal_actions()[1])  # seat 0 takes: spades are trumps
>>> state.contract, state.taker, len(state.hand(0)), state.to_act
(<Contract.SPADES: 0>, 0, 8, 0)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

import attrs

from tarotlib._bits import mask_decoder
from tarotlib.actions import Action, Bid, Declare, Pass, Play
from tarotlib.cards import (
    ALL_CARDS,
    PIQUET_NOTATION,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
    suit_card,
)
from tarotlib.dealing import Layout
from tarotlib.decks import PIQUET_32
from tarotlib.engine import DealResult
from tarotlib.errors import (
    ActionParseError,
    DealError,
    GameNotOverError,
    IllegalActionError,
    OptionError,
)
from tarotlib.rng import shuffle
from tarotlib.tricks import TRUMP_CLASS, Overtrump, PartnerTrumped, PlayedTrick, TrickRules
from tarotlib.variants.belote.declarations import combinations, is_valid_declaration
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.scoring import BeloteScore, _engine_summary, score_deal, settle
from tarotlib.variants.belote.tables import PACK_MASK, ContractTable, contract_table
from tarotlib.variants.belote.types import (
    Announcement,
    Combination,
    CombinationKind,
    Contract,
    Outcome,
)

__all__ = ["Belote", "BeloteObservation", "BeloteState", "trick_rules"]

BIDDING: Final = 0
PLAY: Final = 1
OVER: Final = 2
PHASE_NAMES: Final = ("bidding", "play", "over")

THROW_IN: Final = "all players passed (thrown in, BE-4.5)"

_KQ: Final = tuple(
    (suit_card(Rank.KING, s), suit_card(Rank.QUEEN, s)) for s in Suit
)  # BE-9.1: the belote cards of each suit
_SEAT_BITS: Final = 64  # each seat's hand is a 64-bit field of one packed integer
_HAND: Final = (1 << _SEAT_BITS) - 1

_PASS: Final = Pass()
_BIDS: Final = tuple(Bid(c) for c in Contract)
_PLAYS: Final = tuple(Play(c, notation=PIQUET_NOTATION) for c in ALL_CARDS)
_PLAY_DECODER: Final = mask_decoder(_PLAYS)
_ROUND_ACTIONS: Final[dict[tuple[int, int], tuple[Action, ...]]] = {}
for _turn in Suit:  # round 1: take the turn-up's suit; round 2: name another suit (BE-4.2, 4.3)
    _ROUND_ACTIONS[1, _turn] = (_PASS, _BIDS[_turn])
    _ROUND_ACTIONS[2, _turn] = (_PASS, *(_BIDS[s] for s in Suit if s != _turn))
    _ROUND_ACTIONS[3, _turn] = (_PASS, _BIDS[Contract.ALL_TRUMPS], _BIDS[Contract.NO_TRUMPS])


def _dealing_plan(packets: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """Pack positions of each receiver's 5 cards, by k - 1 for seat dealer + k (BE-3.4 step 1)."""
    plan: list[list[int]] = [[] for _ in range(4)]
    pos = 0
    for size in packets:
        for k in range(4):
            plan[k].extend(range(pos, pos + size))
            pos += size
    return tuple(tuple(p) for p in plan)


_PLANS: Final = {
    "3-2": tuple(itemgetter(*p) for p in _dealing_plan((3, 2))),
    "2-3": tuple(itemgetter(*p) for p in _dealing_plan((2, 3))),
}
_BITS: Final = tuple(1 << i for i in range(78))


def _completion_plan(taker_offset: int) -> tuple[itemgetter[tuple[int, ...]], ...]:
    """Stock positions (the turn-up is position 0) received by seat dealer + k, k = 1..4, when
    the taker is seat dealer + ``taker_offset``: 2 cards for the taker, 3 for the others."""
    out = []
    pos = 1
    for k in range(1, 5):
        n = 2 if k & 3 == taker_offset else 3
        out.append(itemgetter(*range(pos, pos + n)))
        pos += n
    return tuple(out)


_COMPLETION: Final = tuple(_completion_plan(t) for t in range(4))
_BELOTE_SUITS: Final = (*(((s,)) for s in Suit), tuple(Suit), ())  # BE-9.1, by contract


@functools.cache
def trick_rules(
    contract: Contract,
    partner_trump_rule: str = "free",
    undertrump: str = "compulsory",
    ta_must_beat_partner: bool = True,
    ta_sa_points: str = "ffb2015",
) -> TrickRules:
    """The legal-card and trick-winner rules of a contract (BE-7, BE-8) under the options.

    >>> from tarotlib.cards import card_mask, parse_card as c, parse_cards
    >>> tr = trick_rules(Contract.SPADES)
    >>> led, win = tr.follow(-1, -1, c("KH"))       # BE-15 E1, trick 2: A leads ♥K
    >>> led, win = tr.follow(led, win, c("KS"))     # B trumps with ♠K
    >>> hand = card_mask(parse_cards("AS TS 7S"))   # C, void in hearts
    >>> format_cards(tr.legal_mask(hand, led, win), PIQUET_NOTATION)
    'AS TS'
    >>> tr.explain(hand, led, win, c("7S"))
    'must overtrump ♠K'
    """
    table = contract_table(contract, ta_sa_points)
    common = {
        "rank_order": table.rank_order,
        "fool": 0,
        "notation": PIQUET_NOTATION,
        "pretty_reasons": True,
    }
    suit = contract.suit
    if suit is not None:  # BE-7.3 – BE-7.6
        return TrickRules(
            trumps=table.trumps,
            must_trump=True,
            overtrump=Overtrump.OPPONENTS,
            trump_lead_higher=True,
            undertrump=undertrump == "compulsory",
            partner_trumped=PartnerTrumped(partner_trump_rule),
            trump_label=f"{suit.label} (trumps)",
            **common,  # type: ignore[arg-type]
        )
    return TrickRules(  # BE-7.7 (TA: must beat within the led suit), BE-7.8 (SA)
        trumps=0,
        must_trump=False,
        follow_higher=contract is Contract.ALL_TRUMPS,
        follow_higher_partner=ta_must_beat_partner,
        **common,  # type: ignore[arg-type]
    )


@attrs.frozen
class Belote:
    """Four-player partnership Belote (BE-0.1) with :class:`BeloteOptions`.

    Get one with ``tarotlib.variant("belote", preset="bga", ...)`` or ``Belote(BeloteOptions())``.
    Seats 0–3 are in play order; the teams are {0, 2} and {1, 3} (BE-2.1).

    >>> rules = Belote(BeloteOptions())
    >>> rules.name, rules.players, rules.match_target
    ('belote', 4, 1000)
    >>> state = rules.new_deal(seed=4)
    >>> state.phase, state.to_act, state.turn_up
    ('bidding', 1, Card(QS))
    """

    options: BeloteOptions = attrs.field(factory=BeloteOptions)
    _plan: tuple[itemgetter[tuple[int, ...]], ...] = attrs.field(init=False, repr=False, eq=False)
    _trick_rules: tuple[TrickRules, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        o = self.options
        object.__setattr__(self, "_plan", _PLANS[o.deal_packets])
        object.__setattr__(
            self,
            "_trick_rules",
            tuple(
                trick_rules(
                    c, o.partner_trump_rule, o.undertrump, o.ta_must_beat_partner, o.ta_sa_points
                )
                for c in Contract
            ),
        )

    # -- Rules protocol ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """``belote``."""
        return "belote"

    @property
    def players(self) -> int:
        """Always 4 (BE-2.1)."""
        return 4

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Belote(BeloteOptions.preset("bga")).options_dict()["partner_trump_rule"]
        'overtrump_if_trumping'
        """
        return self.options.to_dict()

    def table(self, contract: Contract) -> ContractTable:
        """Rank order, card points and deal constants of ``contract`` under these options (BE-6).

        >>> Belote(BeloteOptions()).table(Contract.CLUBS).deal_total
        162
        """
        return contract_table(contract, self.options.ta_sa_points)

    def trick_rules(self, contract: Contract) -> TrickRules:
        """The legal-card rules of ``contract`` under these options (BE-7).

        >>> from tarotlib.cards import card_mask, format_cards, parse_card, parse_cards
        >>> rules = Belote(BeloteOptions()).trick_rules(Contract.HEARTS)
        >>> led, win = rules.follow(-1, -1, parse_card("1S"))
        >>> format_cards(rules.legal_mask(card_mask(parse_cards("7H JH KD")), led, win))
        '7H JH'
        """
        return self._trick_rules[contract]

    def new_deal(
        self, *, seed: int | None = None, layout: Layout | None = None, dealer: int = 0
    ) -> BeloteState:
        """Deal from ``seed`` (with ``dealer``) or from a ``layout`` (BE-3.4): four 5-card hands,
        no kitty, and the 12-card ``stock`` in dealing order (the turn-up first).

        >>> import tarotlib
        >>> st = tarotlib.variant("belote").new_deal(seed=1, dealer=2)
        >>> st.dealer, st.to_act, len(st.layout.stock)
        (2, 3, 12)
        """
        if layout is not None:
            if seed is not None:
                raise DealError("give either a seed or a layout, not both")
            self._check_layout(layout)
            return self._start(layout.hand_masks, tuple(layout.stock), layout.dealer, None)
        if seed is None:
            raise DealError("new_deal needs a seed or a layout")
        if not 0 <= dealer < 4:
            raise DealError(f"dealer must be a seat 0..3, got {dealer}")
        # BE-3.2: a seeded shuffle; the cut of a uniformly shuffled pack is again uniform, so it
        # is part of this one chance step.
        return self._deal(shuffle(PIQUET_32.cards, seed), dealer, seed)

    def deal_from_order(self, order: Sequence[int], dealer: int = 0) -> BeloteState:
        """Deal an explicitly ordered pack ``p[0..31]`` per BE-3.4 (``p[0]`` dealt first).

        >>> from tarotlib.decks import PIQUET_32
        >>> state = Belote(BeloteOptions()).deal_from_order(list(PIQUET_32))
        >>> state.turn_up, [len(state.hand(seat)) for seat in range(4)]
        (Card(10D), [5, 5, 5, 5])
        """
        cards = [int(c) for c in order]
        if sorted(cards) != sorted(int(c) for c in PIQUET_32.cards):
            raise DealError("the order must list each of the 32 Belote cards exactly once")
        if not 0 <= dealer < 4:
            raise DealError(f"dealer must be a seat 0..3, got {dealer}")
        return self._deal([ALL_CARDS[c] for c in cards], dealer, None)

    def _deal(self, order: Sequence[Card], dealer: int, seed: int | None) -> BeloteState:
        """BE-3.4 steps 1-2: five cards to each seat from the player after the dealer, in the
        packets of ``deal_packets``; ``order[20:]`` is the turn-up and the stock."""
        bits = _BITS
        masks = [sum(map(bits.__getitem__, get(order))) for get in self._plan]
        first = -dealer - 1
        hands = (
            masks[first & 3],
            masks[(first + 1) & 3],
            masks[(first + 2) & 3],
            masks[(first + 3) & 3],
        )
        return self._start(hands, tuple(order[20:]), dealer, seed)

    def _check_layout(self, layout: Layout) -> None:
        if layout.players != 4:
            raise DealError(f"the layout has {layout.players} hands; Belote has 4 players")
        for seat, hand in enumerate(layout.hands):
            if len(hand) != 5:
                raise DealError(
                    f"seat {seat} has {len(hand)} cards; each hand is dealt 5 cards before the "
                    "bidding (BE-3.3); to start at the play phase use start_play()"
                )
        if layout.kitty:
            raise DealError("Belote has no kitty: give the turn-up and the stock as 'stock'")
        if len(layout.stock) != 12:
            raise DealError(
                f"the stock has {len(layout.stock)} cards; it needs 12 (the turn-up, then the 11 "
                "cards dealt after the bidding, BE-3.4)"
            )
        if layout.mask != PACK_MASK:
            outside = format_cards(layout.mask & ~PACK_MASK, PIQUET_NOTATION)
            raise DealError(f"the layout holds cards outside the 32-card pack: {outside}")

    def _start(
        self, hands: tuple[int, ...], stock: tuple[Card, ...], dealer: int, seed: int | None
    ) -> BeloteState:
        deal = _Deal(self, dealer, seed, hands, stock)
        first = (dealer + 1) & 3  # BE-4.1: the player after the dealer speaks first
        return _bidding(deal, None, 1, first)

    def layout_for_play(
        self,
        hands: Sequence[Sequence[int] | str],
        contract: Contract,
        taker: int,
        dealer: int = 3,
    ) -> tuple[Layout, tuple[Action, ...]]:
        """A full layout and the bidding that reach the given complete 8-card ``hands`` with
        ``contract`` chosen by ``taker`` (BE-3.4: an engine may accept four 8-card hands for the
        play phase alone; this builds a canonical deal behind them, so the deal records and
        replays like any other).

        The turn-up is the taker's trump of highest index when he has one (taken in round 1), else
        his card of another suit of lowest index (he names the trump in round 2); for TA/SA (round 3)
        his card of lowest index. Each seat's first five cards (index order, the turn-up excluded)
        are its dealt hand.

        >>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
        ...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
        >>> layout, bids = Belote(BeloteOptions()).layout_for_play(hands, Contract.SPADES, taker=1)
        >>> layout.dealer, layout.stock[0], [bid.text for bid in bids]
        (3, Card(KS), ['pass', 'bid spades'])
        """
        masks = [_hand_mask(h) for h in hands]
        if len(masks) != 4 or any(m.bit_count() != 8 for m in masks):
            raise DealError("give four hands of 8 cards")
        if sum(masks) != PACK_MASK or any(
            a & b for i, a in enumerate(masks) for b in masks[i + 1 :]
        ):
            raise DealError("the four hands must hold the 32 Belote cards, each once")
        if not 0 <= taker < 4 or not 0 <= dealer < 4:
            raise DealError("taker and dealer must be seats 0..3")
        if not contract.is_suit and self.options.ta_sa != "third_round":
            raise OptionError("a TA or SA contract needs the option ta_sa='third_round' (BE-4.4)")
        t_hand = masks[taker]
        suit = contract.suit
        if suit is not None and t_hand & SUIT_MASKS[suit]:
            turn_up = (t_hand & SUIT_MASKS[suit]).bit_length() - 1
            round_ = 1
        else:
            other = t_hand & ~SUIT_MASKS[suit] if suit is not None else t_hand
            if not other:
                raise DealError(
                    "the taker holds only trumps, so no card of another suit can be the turn-up "
                    "for a round-2 bid, and round 1 needs a trump"
                )
            turn_up = (other & -other).bit_length() - 1
            round_ = 2 if suit is not None else 3
        dealt: list[tuple[int, ...]] = []
        rest: list[tuple[int, ...]] = []
        for m in masks:
            cards = [c for c in cards_of(m) if c != turn_up]
            dealt.append(tuple(cards[:5]))
            rest.append(tuple(cards[5:]))
        stock: list[int] = [turn_up]
        for k in range(1, 5):  # BE-3.4 step 3
            stock.extend(rest[(dealer + k) & 3])
        layout = Layout(tuple(dealt), (), dealer, tuple(stock))
        first = (dealer + 1) & 3
        bids: list[Action] = [_PASS] * (4 * (round_ - 1))  # every earlier round passed (BE-4)
        bids.extend([_PASS] * ((taker - first) & 3))
        bids.append(_BIDS[contract])
        return layout, tuple(bids)

    def start_play(
        self,
        hands: Sequence[Sequence[int] | str],
        contract: Contract,
        taker: int,
        dealer: int = 3,
    ) -> BeloteState:
        """The state at the first card of a deal with these complete 8-card ``hands``, the
        ``contract`` chosen by ``taker`` (see :meth:`layout_for_play`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
        ...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
        >>> st = rules.start_play(hands, Contract.SPADES, taker=1)   # dealer 3: seat 0 leads
        >>> st.phase, st.to_act, st.contract, st.taker
        ('play', 0, <Contract.SPADES: 0>, 1)
        """
        layout, bids = self.layout_for_play(hands, contract, taker, dealer)
        state = self.new_deal(layout=layout)
        for bid in bids:
            state = state.apply(bid)
        return state

    def parse_action(self, text: str) -> Action:
        """Parse an action's text: ``pass``, ``bid hearts`` (``bid H``, ``bid ♥``, ``bid TA``),
        ``play JH`` (any card notation), ``declare tierce 9H TH JH``, ``declare belote KH``.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> rules.parse_action("bid ♥"), rules.parse_action("play ♠10").text
        (Bid(contract=<Contract.HEARTS: 1>), 'play TS')
        """
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action text")
        verb, args = parts[0].lower(), parts[1:]
        if verb == "pass" and not args:
            return _PASS
        if verb == "bid" and len(args) >= 1:
            try:
                return _BIDS[Contract.parse(" ".join(args))]
            except ValueError as exc:
                raise ActionParseError(str(exc)) from None
        if verb == "play" and len(args) == 1:
            return _PLAYS[parse_card(args[0])]
        if verb == "declare" and args:
            kind = _DECLARE_KINDS.get(args[0].lower())
            if kind is None:
                kinds = ", ".join(_DECLARE_KINDS)
                raise ActionParseError(f"unknown declaration {args[0]!r}; expected one of {kinds}")
            return Declare(kind, parse_cards(args[1:]), notation=PIQUET_NOTATION)
        raise ActionParseError(
            f"cannot parse action {text!r}; expected pass, bid <contract>, play <card>, "
            "declare <combination> <cards> or declare belote|rebelote <card>"
        )

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """BE-3.1: the next player deals, after a thrown-in deal too; with
        ``redeal_after_all_pass='same_dealer'`` a thrown-in deal is dealt again by the same dealer.

        >>> from tarotlib.engine import DealResult
        >>> thrown_in = DealResult((0, 0, 0, 0), annulled="all passed")
        >>> Belote(BeloteOptions()).next_dealer(3), Belote(BeloteOptions()).next_dealer(3, thrown_in)
        (0, 0)
        >>> Belote(BeloteOptions(redeal_after_all_pass="same_dealer")).next_dealer(3, thrown_in)
        3
        """
        if (
            result is not None
            and result.is_annulled
            and self.options.redeal_after_all_pass == "same_dealer"
        ):
            return dealer
        return (dealer + 1) & 3

    def counts_toward_match(self, result: DealResult) -> bool:
        """A thrown-in deal does not count (BE-4.5).

        >>> from tarotlib.engine import DealResult
        >>> rules = Belote(BeloteOptions())
        >>> rules.counts_toward_match(DealResult((0, 0, 0, 0), annulled="all passed"))
        False
        >>> rules.counts_toward_match(DealResult((162, 0, 162, 0)))
        True
        """
        return not result.is_annulled

    @property
    def match_target(self) -> int:
        """The ``target_score`` option (BE-12.1)."""
        return self.options.target_score

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """BE-11.7: credit a deal, with the pending litige carry going to the deal's winner; a
        thrown-in deal credits nothing and leaves the carry untouched (BE-4.5).

        >>> from tarotlib.engine import DealResult
        >>> rules = Belote(BeloteOptions())
        >>> rules.settle(0, DealResult((0, 0, 0, 0), annulled="all passed"))
        ((0, 0, 0, 0), 0)
        >>> rules.settle(0, DealResult((90, 80, 90, 80)))
        ((90, 80, 90, 80), 0)
        """
        score = result.breakdown
        if result.is_annulled:
            return (0, 0, 0, 0), carry
        if not isinstance(score, BeloteScore):  # a hand-made result: credited as it stands
            return result.scores, carry
        (t0, t1), pending = settle(int(carry), score, self.options)
        return (t0, t1, t0, t1), pending

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        """BE-12.1/12.2: some team is at or above the target, and the two teams are not tied
        (tied at or above the target: another deal is played).

        >>> rules = Belote(BeloteOptions())
        >>> rules.target_reached((1010, 700, 1010, 700), 1000)
        True
        >>> rules.target_reached((1010, 1010, 1010, 1010), 1000)  # tied above the target: play on
        False
        """
        return max(totals) >= target and totals[0] != totals[1]


def _hand_mask(cards: Sequence[int] | str) -> int:
    seq = parse_cards(cards) if isinstance(cards, str) else cards
    m = 0
    for c in seq:
        m |= 1 << int(c)
    return m


_DECLARE_KINDS: Final[dict[str, Announcement | CombinationKind]] = {
    **{k.token: k for k in CombinationKind},
    **{a.token: a for a in Announcement},
}


class _Deal:
    """Per-deal data that changes at most once (when the bidding ends)."""

    __slots__ = (
        "above",
        "announce",
        "auto_belote",
        "belote_holders",
        "card_class",
        "combos",
        "contract",
        "dealer",
        "dealt",
        "declare",
        "full",
        "legal",
        "rules",
        "seed",
        "stock",
        "taker",
        "tr",
        "turn_up",
    )

    def __init__(
        self,
        rules: Belote,
        dealer: int,
        seed: int | None,
        dealt: tuple[int, ...],
        stock: tuple[Card, ...],
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.seed = seed
        self.dealt = dealt
        self.stock = stock
        self.turn_up = stock[0]
        self.contract: Contract | None = None
        self.taker = -1
        self.full: tuple[int, ...] = dealt
        self.tr: TrickRules | None = None
        self.legal: Callable[[int, int, int, bool], int] = _no_legal
        self.card_class: tuple[int, ...] = ()
        self.above: tuple[int, ...] = ()
        self.belote_holders: tuple[tuple[int, int], ...] = ()  # (suit, seat) per belote, BE-9.1
        self.combos: tuple[tuple[Combination, ...], ...] = ((), (), (), ())
        self.announce = False  # explicit belote announcements are possible (BE-9.2)
        self.auto_belote = 0  # the holders' belote cards, announced by the engine (BE-9.2, auto)
        self.declare = False  # declarations are possible in the first trick (BE-10.3)

    def complete(self, contract: Contract, taker: int) -> _Deal:
        """BE-5.1: the taker adds the turn-up; the stock is dealt, 2 to the taker, 3 to others."""
        d = _Deal(self.rules, self.dealer, self.seed, self.dealt, self.stock)
        hands = list(self.dealt)
        hands[taker] |= 1 << self.turn_up
        bits = _BITS
        stock = self.stock
        dealer = self.dealer
        for k, get in enumerate(_COMPLETION[(taker - dealer) & 3], 1):  # BE-3.4 step 3
            hands[(dealer + k) & 3] |= sum(map(bits.__getitem__, get(stock)))
        d.contract = contract
        d.taker = taker
        d.full = tuple(hands)
        d.tr = tr = self.rules.trick_rules(contract)
        d.legal = tr.legal_mask
        d.card_class = tr.card_class
        d.above = tr.above
        holders = []
        suits = _BELOTE_SUITS[contract]
        for s in suits:  # BE-9.1: K and Q of one suit held by one player
            k, q = _KQ[s]
            kq = 1 << k | 1 << q
            for seat in range(4):
                if hands[seat] & kq == kq:
                    holders.append((int(s), seat))
        d.belote_holders = tuple(holders)
        opts = self.rules.options
        if opts.declarations:
            d.combos = tuple(combinations(h, seat) for seat, h in enumerate(hands))
        d.announce = bool(opts.belote_announce == "explicit" and holders)
        if opts.belote_announce == "auto":
            for suit, _seat in holders:
                d.auto_belote |= 1 << _KQ[suit][0] | 1 << _KQ[suit][1]
        d.declare = bool(opts.declarations and not opts.auto_declare and any(d.combos))
        return d


_new = object.__new__


def _no_legal(hand: int, led: int, win: int, partner_winning: bool) -> int:
    raise AssertionError("no card is played before the contract is chosen")


def _bidding(d: _Deal, hist: object, round_: int, to_act: int) -> BeloteState:
    s: BeloteState = _new(BeloteState)
    s._d = d
    s._hist = hist
    s._phase = BIDDING
    s._to_act = to_act
    s._round = round_
    s._hands = 0
    s._led = -1
    s._win = -1
    s._wseat = -1
    s._trick = ()
    s._leader = -1
    s._tricks = ()
    s._won = (0, 0)
    s._decl = ()
    s._ann = ()
    s._memo = -1
    s._acts = None
    s._result = None
    return s


def _pack(hands: Sequence[int]) -> int:
    return hands[0] | hands[1] << 64 | hands[2] << 128 | hands[3] << 192


class BeloteState:
    """One moment of a Belote deal (immutable; see :mod:`tarotlib.engine`).

    Besides the common surface (``to_act``, ``legal_actions``, ``apply``, ``is_over``, ``result``,
    ``observation``, ``history``) it exposes the omniscient position for servers and tools:
    ``hand(seat)``, ``turn_up``, ``contract``, ``taker``, ``tricks``, ``declarations``... Give
    players :meth:`observation` instead.

    >>> rules = Belote(BeloteOptions())
    >>> state = rules.new_deal(seed=4)
    >>> state = state.apply(rules.parse_action("bid spades"))
    >>> state.phase, state.contract, state.taker, state.to_act, len(state.hand(1))
    ('play', <Contract.SPADES: 0>, 1, 1, 8)
    """

    __slots__ = (
        "_acts",
        "_ann",
        "_d",
        "_decl",
        "_hands",
        "_hist",
        "_leader",
        "_led",
        "_memo",
        "_phase",
        "_result",
        "_round",
        "_to_act",
        "_trick",
        "_tricks",
        "_win",
        "_won",
        "_wseat",
    )

    _d: _Deal
    _hist: object
    _phase: int
    _to_act: int
    _round: int
    _hands: int
    _led: int
    _win: int
    _wseat: int
    _trick: tuple[int, ...]
    _leader: int
    _tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    _won: tuple[int, int]
    _decl: tuple[Combination, ...]
    _ann: tuple[tuple[int, Announcement, int], ...]
    _memo: int
    _acts: tuple[Action, ...] | None
    _result: DealResult | None

    def __init__(self) -> None:
        raise TypeError("BeloteState is created by Belote.new_deal(), not directly")

    def _copy(self) -> BeloteState:
        s: BeloteState = _new(BeloteState)
        s._d = self._d
        s._hist = self._hist
        s._phase = self._phase
        s._to_act = self._to_act
        s._round = self._round
        s._hands = self._hands
        s._led = self._led
        s._win = self._win
        s._wseat = self._wseat
        s._trick = self._trick
        s._leader = self._leader
        s._tricks = self._tricks
        s._won = self._won
        s._decl = self._decl
        s._ann = self._ann
        s._memo = -1
        s._acts = None
        s._result = self._result
        return s

    # -- the common surface ---------------------------------------------------------------------
    @property
    def rules(self) -> Belote:
        """The rules and options in force."""
        return self._d.rules

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return None if self._phase == OVER else self._to_act

    @property
    def phase(self) -> str:
        """``bidding``, ``play`` or ``over``."""
        return PHASE_NAMES[self._phase]

    @property
    def is_over(self) -> bool:
        """True when the deal is played out or thrown in."""
        return self._phase == OVER

    @property
    def result(self) -> DealResult:
        """The deal's result (raises GameNotOverError before the end)."""
        if self._result is None:
            raise GameNotOverError(f"the deal is not over (phase {self.phase})")
        return self._result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        out: list[Action] = []
        node = self._hist
        while node is not None:
            pair: tuple[object, Action] = node  # type: ignore[assignment]
            out.append(pair[1])
            node = pair[0]
        out.reverse()
        return tuple(out)

    @property
    def layout(self) -> Layout:
        """The deal as dealt: the 5-card hands and the stock, the turn-up first (BE-3.4)."""
        d = self._d
        return Layout.from_masks(d.dealt, 0, d.dealer, d.stock)

    @property
    def seed(self) -> int | None:
        """The seed this deal was dealt from (None for a layout or an explicit order)."""
        return self._d.seed

    # -- omniscient accessors -------------------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._d.dealer

    @property
    def turn_up(self) -> Card:
        """The turned-up card (BE-3.3)."""
        return self._d.turn_up

    @property
    def bidding_round(self) -> int | None:
        """The bidding round (1, 2 or 3) during the bidding, else None."""
        return self._round if self._phase == BIDDING else None

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a bit mask.

        >>> from tarotlib.cards import card_mask
        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
        >>> state.hand_mask(2) == card_mask(state.hand(2)), state.hand_mask(2).bit_count()
        (True, 5)
        """
        if self._phase == BIDDING:
            return self._d.dealt[seat]
        return self._hands >> (seat << 6) & _HAND

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (index order).

        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
        >>> from tarotlib.cards import PIQUET_NOTATION, format_cards
        >>> format_cards(state.hand(0), PIQUET_NOTATION), len(state.hand(0))
        ('AS 7H 8D TD KC', 5)
        """
        return cards_of(self.hand_mask(seat))

    @property
    def contract(self) -> Contract | None:
        """The contract, once chosen."""
        return self._d.contract

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the contract is chosen."""
        return None if self._d.taker < 0 else self._d.taker

    @property
    def attack(self) -> int | None:
        """The attacking team (0: seats 0 and 2; 1: seats 1 and 3), once the contract is chosen."""
        return None if self._d.taker < 0 else self._d.taker & 1

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Every bidding call as ``(seat, contract or None for a pass)``, in order."""
        out: list[tuple[int, Contract | None]] = []
        seat = (self._d.dealer + 1) & 3
        for action in self.history:
            if isinstance(action, Pass):
                out.append((seat, None))
            elif isinstance(action, Bid):
                assert isinstance(action.contract, Contract)
                out.append((seat, action.contract))
            else:
                break
            seat = (seat + 1) & 3
        return tuple(out)

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The completed tricks."""
        return tuple(
            PlayedTrick(leader, tuple(ALL_CARDS[c] for c in cards), w)
            for leader, cards, w in self._tricks
        )

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in play order."""
        return tuple(ALL_CARDS[c] for c in self._trick)

    @property
    def trick_leader(self) -> int | None:
        """Who led (or leads) the current trick, during play."""
        return self._leader if self._phase == PLAY else None

    @property
    def winning_seat(self) -> int | None:
        """The seat winning the trick in progress (BE-8), or None before its first card."""
        return self._wseat if self._trick else None

    @property
    def declarations(self) -> tuple[Combination, ...]:
        """The declarations made so far, in order (BE-10)."""
        return self._decl

    @property
    def announcements(self) -> tuple[tuple[int, Announcement, Card], ...]:
        """Explicit belote / rebelote announcements ``(seat, kind, card)`` (BE-9.2)."""
        return tuple((s, a, ALL_CARDS[c]) for s, a, c in self._ann)

    @property
    def belote_holders(self) -> tuple[tuple[Suit, int], ...]:
        """``(suit, seat)`` for each belote in the completed hands (BE-9.1), once dealt."""
        return tuple((Suit(s), seat) for s, seat in self._d.belote_holders)

    def card_points(self) -> tuple[int, int]:
        """Card points won so far by each team (BE-6), during or after play.

        >>> import random
        >>> rng = random.Random(4)
        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.card_points()
        (74, 78)
        """
        if self._d.contract is None:
            return (0, 0)
        pts = self._d.rules.table(self._d.contract).points
        return (pts.value_sum(self._won[0]), pts.value_sum(self._won[1]))

    # -- legal actions --------------------------------------------------------------------------
    def _play_mask(self) -> int:
        seat = self._to_act
        hand = self._hands >> (seat << 6) & _HAND
        if not self._trick:
            return hand
        return self._d.legal(hand, self._led, self._win, self._wseat == seat ^ 2)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (empty when over).

        In bidding: ``pass`` then the bids of the round (BE-4). In play: during the first trick,
        the declarations the player may still make (BE-10.3) come first; with
        ``belote_announce='explicit'`` a ``declare belote|rebelote <card>`` (play the card and
        announce) is listed before the cards (BE-9.2); then the legal cards (BE-7) in index order.

        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
        >>> [action.text for action in state.legal_actions()]
        ['pass', 'bid spades']
        """
        acts = self._acts
        if acts is not None:
            return acts
        phase = self._phase
        if phase == PLAY:
            mask = self._memo
            if mask < 0:
                seat = self._to_act
                hand = self._hands >> (seat << 6) & _HAND
                if self._trick:
                    mask = self._d.legal(hand, self._led, self._win, self._wseat == seat ^ 2)
                else:
                    mask = hand
                self._memo = mask
            acts = _PLAY_DECODER(mask)
            d = self._d
            if d.announce or (d.declare and not self._tricks):
                acts = self._extra_actions(mask) + acts
        elif phase == BIDDING:
            acts = _ROUND_ACTIONS[self._round, self._d.turn_up // 14]
        else:
            acts = ()
        self._acts = acts
        return acts

    def _extra_actions(self, mask: int) -> tuple[Action, ...]:
        out: list[Action] = []
        seat = self._to_act
        opts = self._d.rules.options
        if not self._tricks and self._d.declare:
            # BE-10.1 – BE-10.3: the hand's own combinations (in hand, maximal by construction),
            # not yet declared, and sharing no card with one declared when reuse is off.
            mine = [c for c in self._decl if c.seat == seat]
            reuse = opts.declaration_card_reuse
            for combo in self._d.combos[seat]:
                if combo in mine:
                    continue
                if not reuse and any(set(combo.cards) & set(m.cards) for m in mine):
                    continue
                out.append(Declare(combo.kind, combo.cards, notation=PIQUET_NOTATION))
        if opts.belote_announce == "explicit":
            for _suit, kind, card in self._announceable(seat, mask):
                out.append(Declare(kind, (ALL_CARDS[card],), notation=PIQUET_NOTATION))
        return tuple(out)

    def _announceable(self, seat: int, mask: int) -> list[tuple[int, Announcement, int]]:
        """(suit, announcement, card) the seat may play with an announcement now (BE-9.2)."""
        out: list[tuple[int, Announcement, int]] = []
        hand = self._hands >> (seat << 6) & _HAND
        for suit, holder in self._d.belote_holders:
            if holder != seat:
                continue
            k, q = _KQ[suit]
            said = [a for s, a, c in self._ann if s == seat and c in (k, q)]
            for card in (k, q):
                if not mask >> card & 1:
                    continue
                other = q if card == k else k
                if hand >> other & 1 and not said:
                    out.append((suit, Announcement.BELOTE, card))
                elif not hand >> other & 1 and said == [Announcement.BELOTE]:
                    out.append((suit, Announcement.REBELOTE, card))
        return out

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now.

        >>> rules = Belote(BeloteOptions())
        >>> state = rules.new_deal(seed=4)
        >>> state.is_legal(rules.parse_action("pass")), state.is_legal(rules.parse_action("bid TA"))
        (True, False)
        """
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    # -- apply ----------------------------------------------------------------------------------
    def apply(self, action: Action) -> BeloteState:
        """A new state with ``action`` applied by the seat to act.

        Raises :class:`~tarotlib.errors.IllegalActionError` saying why the action is illegal
        (``must follow hearts``, ``must overtrump ♥Q``...); ``self`` is never changed.

        >>> rules = Belote(BeloteOptions())
        >>> state = rules.new_deal(seed=4)
        >>> state.apply(rules.parse_action("pass")).to_act
        2
        >>> state.apply(rules.parse_action("play AS"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: play AS: phase bidding expects pass or a bid (BE-4)
        """
        phase = self._phase
        if phase == PLAY:
            if type(action) is Play:
                card = action.card
                legal = self._memo
                if legal < 0:
                    legal = self._play_mask()
                if not legal >> card & 1:
                    raise self._play_error(action)
                return self._play(card, _PLAYS[card])
            if type(action) is Declare:
                return self._apply_declare(action)
            raise self._wrong(action, "a card to play (BE-7)")
        if phase == BIDDING:
            return self._apply_bid(action)
        raise IllegalActionError("the deal is over", action)

    def _play(
        self, card: int, action: Action, announced: Announcement | None = None
    ) -> BeloteState:
        """Play ``card`` (known to be legal) — the hot path (BE-7, BE-8) — with the belote
        announcement ``announced`` made with it, if any (BE-9.2)."""
        seat = self._to_act
        d = self._d
        s: BeloteState = _new(BeloteState)
        s._d = d
        s._hist = (self._hist, action)
        s._phase = PLAY
        s._round = 0
        hands = self._hands
        s._hands = hands ^ 1 << (card + (seat << 6))
        s._decl = self._decl
        if d.auto_belote >> card & 1:  # BE-9.2, auto: the engine announces for the holder
            other = card + 1 if card % 14 == 12 else card - 1  # the suit's Q (12) and K (13)
            held = hands >> (other + (seat << 6)) & 1
            announced = Announcement.BELOTE if held else Announcement.REBELOTE
        s._ann = self._ann if announced is None else (*self._ann, (seat, announced, card))
        s._memo = -1
        s._acts = None
        s._result = None
        trick = self._trick
        if trick:  # BE-8 (TrickRules.follow, inlined): does the card take the lead?
            win = self._win
            wseat = self._wseat
            cls = d.card_class[card]
            if cls == d.card_class[win]:
                if d.above[win] >> card & 1:
                    win = card
                    wseat = seat
            elif cls == TRUMP_CLASS:
                win = card
                wseat = seat
            led = self._led
        else:
            led, win, wseat = d.card_class[card], card, seat
        trick = (*trick, card)
        if len(trick) < 4:
            s._to_act = (seat + 1) & 3
            s._led = led
            s._win = win
            s._wseat = wseat
            s._trick = trick
            s._leader = self._leader
            s._tricks = self._tricks
            s._won = self._won
            return s
        # BE-8.4: the winner's team takes the cards and leads the next trick.
        won = self._won
        bits = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        s._won = (won[0] | bits, won[1]) if not wseat & 1 else (won[0], won[1] | bits)
        s._tricks = tricks = (*self._tricks, (self._leader, trick, wseat))
        s._led = -1
        s._win = -1
        s._wseat = -1
        s._trick = ()
        s._leader = wseat
        s._to_act = wseat
        if len(tricks) == 8:
            s._phase = OVER
            s._result = _score(s)
        return s

    def _play_error(self, action: Play) -> IllegalActionError:
        seat = self._to_act
        hand = self._hands >> (seat << 6) & _HAND
        tr = self._d.tr
        assert tr is not None
        card_text = PIQUET_NOTATION.pretty(action.card)
        if not hand >> action.card & 1:
            return IllegalActionError(f"{card_text} is not in seat {seat}'s hand", action)
        reason = tr.explain(hand, self._led, self._win, action.card, self._wseat == seat ^ 2)
        return IllegalActionError(f"cannot play {card_text}: {reason}", action)

    def _wrong(self, action: object, expected: str) -> IllegalActionError:
        if not isinstance(action, Action):
            raise TypeError(
                f"apply() takes an Action, not {type(action).__name__} {action!r}; "
                "use rules.parse_action(text) to turn text into an action"
            )
        return IllegalActionError(f"phase {self.phase} expects {expected}", action)

    def _apply_bid(self, action: Action) -> BeloteState:
        legal = _ROUND_ACTIONS[self._round, self._d.turn_up // 14]
        if action not in legal:
            if not isinstance(action, (Pass, Bid)):
                raise self._wrong(action, "pass or a bid (BE-4)")
            raise IllegalActionError(self._bid_reason(action), action)
        d = self._d
        seat = self._to_act
        hist = (self._hist, action)
        if isinstance(action, Pass):
            if seat != d.dealer:  # BE-4.1: the dealer speaks last in each round
                return _bidding(d, hist, self._round, (seat + 1) & 3)
            last = 3 if d.rules.options.ta_sa == "third_round" else 2
            if self._round < last:
                return _bidding(d, hist, self._round + 1, (seat + 1) & 3)
            s = _bidding(d, hist, self._round, -1)  # BE-4.5: thrown in
            s._phase = OVER
            s._result = DealResult((0, 0, 0, 0), annulled=THROW_IN)
            return s
        assert isinstance(action, Bid) and isinstance(action.contract, Contract)
        return self._start_play(d.complete(action.contract, seat), hist)

    def _bid_reason(self, action: Action) -> str:
        assert isinstance(action, Bid)
        turn = Suit(self._d.turn_up // 14)
        c = action.contract
        if self._round == 1:
            return f"round 1 offers only the turn-up's suit ({turn.label}) or pass (BE-4.2)"
        if self._round == 2:
            if c == turn:
                return f"round 2: the turn-up's suit ({turn.label}) may not be named (BE-4.3)"
            return "round 2 offers another suit than the turn-up's, or pass (BE-4.3)"
        return "round 3 offers only all trumps (TA), no trumps (SA) or pass (BE-4.4)"

    def _start_play(self, d: _Deal, hist: object) -> BeloteState:
        s = _bidding(d, hist, 0, (d.dealer + 1) & 3)  # BE-5.2: the player after the dealer leads
        s._phase = PLAY
        s._hands = _pack(d.full)
        s._leader = (d.dealer + 1) & 3
        opts = d.rules.options
        if opts.declarations and opts.auto_declare:  # BE-10.3 option: declare everything
            order = [(d.dealer + 1 + k) & 3 for k in range(4)]
            declared: list[Combination] = []
            for seat in order:
                mine: list[Combination] = []
                for combo in _auto_choice(d.combos[seat], opts.declaration_card_reuse):
                    if (
                        is_valid_declaration(
                            combo, d.full[seat], tuple(mine), opts.declaration_card_reuse
                        )
                        is None
                    ):
                        mine.append(combo)
                declared.extend(mine)
            s._decl = tuple(declared)
        return s

    def _apply_declare(self, action: Declare) -> BeloteState:
        kind = action.kind
        seat = self._to_act
        opts = self._d.rules.options
        if isinstance(kind, Announcement):
            if opts.belote_announce != "explicit":
                raise IllegalActionError(
                    "belote is announced by the engine (option belote_announce='auto', BE-9.2)",
                    action,
                )
            if len(action.shown) != 1:
                raise IllegalActionError(
                    f"declare {kind.token} names the one card played with it (the K or Q)", action
                )
            card = action.shown[0]
            legal = self._memo if self._memo >= 0 else self._play_mask()
            if not legal >> card & 1:
                raise self._play_error(_PLAYS[card])
            for _suit, k, c in self._announceable(seat, legal):
                if k is kind and c == card:
                    break
            else:
                raise IllegalActionError(
                    f"seat {seat} cannot announce {kind.token} with "
                    f"{PIQUET_NOTATION.pretty(card)} (BE-9.2: belote with the first of the K and Q "
                    "of a belote suit held together, rebelote with the second)",
                    action,
                )
            declare = Declare(kind, (ALL_CARDS[card],), notation=PIQUET_NOTATION)
            return self._play(card, declare, kind)
        if not isinstance(kind, CombinationKind):
            raise self._wrong(action, "a card to play, or a Belote declaration")
        if not opts.declarations:
            raise IllegalActionError("declarations are off (option declarations, BE-10)", action)
        if opts.auto_declare:
            raise IllegalActionError(
                "declarations are made automatically (option auto_declare, BE-10.3)", action
            )
        if self._tricks:
            raise IllegalActionError(
                "declarations are made during the first trick only (BE-10.3)", action
            )
        combo = Combination(seat, kind, tuple(action.shown))
        match = next(
            (
                c
                for c in self._d.combos[seat]
                if c.kind is kind and set(c.cards) == set(action.shown)
            ),
            None,
        )
        mine = tuple(c for c in self._decl if c.seat == seat)
        if match is None:
            reason = is_valid_declaration(
                combo, self._d.full[seat], mine, opts.declaration_card_reuse
            )
            raise IllegalActionError(
                f"cannot declare {kind.label} "
                f"{format_cards(action.shown, PIQUET_NOTATION)}: "
                f"{reason or 'not a combination of this hand (BE-10.1)'}",
                action,
            )
        reason = is_valid_declaration(match, self._d.full[seat], mine, opts.declaration_card_reuse)
        if reason is not None:
            raise IllegalActionError(f"cannot declare {kind.label}: {reason}", action)
        s = self._copy()
        s._hist = (self._hist, Declare(kind, match.cards, notation=PIQUET_NOTATION))
        s._decl = (*self._decl, match)
        s._memo = self._memo
        return s

    # -- observation ----------------------------------------------------------------------------
    def observation(self, seat: int) -> BeloteObservation:
        """What ``seat`` may see: its own hand, the turn-up, the bids, the tricks, the categories
        of declarations (their cards only for its own, and for the best team's once the first
        trick is over, BE-10.3), announcements (BE-9.2) and the result.

        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
        >>> seen = state.observation(0)
        >>> seen.hand == state.hand(0), seen.turn_up == state.turn_up
        (True, True)
        """
        if not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, got {seat}")
        shown_best: int | None = None
        if self._tricks and self._decl:
            shown_best = _best_team_of(self)
        decls = tuple(
            (c.seat, c.kind, c.cards if (c.seat == seat or c.team == shown_best) else ())
            for c in self._decl
        )
        return BeloteObservation(
            seat=seat,
            dealer=self._d.dealer,
            direction=self._d.rules.options.direction,
            phase=self.phase,
            to_act=self.to_act,
            hand=self.hand(seat),
            turn_up=self._d.turn_up,
            bids=self.bids,
            contract=self._d.contract,
            taker=self.taker,
            tricks=self.tricks,
            trick_leader=self.trick_leader,
            current_trick=self.current_trick,
            declarations=decls,
            announcements=self.announcements,
            result=self._result,
        )

    def __repr__(self) -> str:
        contract = "-" if self._d.contract is None else self._d.contract.symbol
        return (
            f"<BeloteState {self.phase} to_act={self.to_act} contract={contract} "
            f"taker={self.taker} tricks={len(self._tricks)}>"
        )


def _auto_choice(combos: tuple[Combination, ...], reuse: bool) -> tuple[Combination, ...]:
    """auto_declare: every combination; without card reuse, the carrés first (the higher
    points), then the sequences that share no card with them."""
    if reuse:
        return combos
    return tuple(sorted(combos, key=lambda c: (not c.kind.is_carre, -c.points)))


def _best_team_of(state: BeloteState) -> int | None:
    from tarotlib.variants.belote.declarations import best_team

    d = state._d
    assert d.contract is not None
    first = state._decl[0].seat if state._decl else None
    return best_team(state._decl, d.contract, d.rules.options.declaration_tie, first)


def _belotes(state: BeloteState) -> tuple[int, int]:
    """Completed, scoring belotes by team (BE-9.2)."""
    d = state._d
    opts = d.rules.options
    out = [0, 0]
    if not d.belote_holders:
        return (0, 0)
    if opts.belote_announce == "auto" and not opts.belote_king_first:
        for _suit, seat in d.belote_holders:  # the holder plays both cards: always complete
            out[seat & 1] += 1
        return (out[0], out[1])
    order: dict[int, int] = {}
    i = 0
    for _leader, cards, _w in state._tricks:
        for c in cards:
            order[c] = i
            i += 1
    for suit, seat in d.belote_holders:
        k, q = _KQ[suit]
        if opts.belote_king_first and order[k] > order[q]:
            continue
        if opts.belote_announce == "explicit":
            said = [(a, c) for s, a, c in state._ann if s == seat and c in (k, q)]
            first, second = (k, q) if order[k] < order[q] else (q, k)
            if said != [(Announcement.BELOTE, first), (Announcement.REBELOTE, second)]:
                continue
        out[seat & 1] += 1
    return (out[0], out[1])


def _score(state: BeloteState) -> DealResult:
    """BE-11: the deal summary of a played deal, scored by the pure function."""
    d = state._d
    assert d.contract is not None
    pts = d.rules.table(d.contract).points
    tricks = [0, 0]
    for _leader, _cards, w in state._tricks:
        tricks[w & 1] += 1
    summary = _engine_summary(
        d.contract,
        d.taker,
        (pts.value_sum(state._won[0]), pts.value_sum(state._won[1])),
        (tricks[0], tricks[1]),
        state._tricks[-1][2] & 1,
        _belotes(state),
        state._decl,
        state._decl[0].seat if state._decl else None,
    )
    score = score_deal(summary, d.rules.options)
    made = {Outcome.MADE: True, Outcome.FAILED: False}.get(score.outcome)
    return DealResult(
        tuple(score.scores),
        breakdown=score,
        contract=d.contract.token,
        declarer=d.taker,
        made=made,
    )


@attrs.frozen
class BeloteObservation:
    """What one seat may see of a Belote deal (no hidden card of another seat).

    ``declarations`` lists ``(seat, kind, cards)``: the category is public at once; the cards only
    to the declarer and, after the first trick, for the team whose declaration is best (BE-10.3).

    >>> seen = Belote(BeloteOptions()).new_deal(seed=4).observation(1)
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

        >>> state = Belote(BeloteOptions()).new_deal(seed=4)
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

        >>> data = Belote(BeloteOptions()).new_deal(seed=4).observation(1).to_json()
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
