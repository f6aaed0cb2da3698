"""Belote on the deal machine: its facts, its phases and its scoring glue (BE-2 … BE-12).

Phases: ``bidding`` (take or name a trump, BE-4), the completion of the deal (BE-5.1, nobody acts),
``play`` (BE-7, BE-8, with belote-rebelote, BE-9, and the declarations of BE-10), then ``over``.

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
from collections.abc import Sequence
from typing import Final, cast

import attrs

from tarotlib.actions import Action, Bid, Pass
from tarotlib.cards import (
    ALL_CARDS,
    FULL_MASK,
    PIQUET_NOTATION,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    cards_of,
    format_cards,
    parse_cards,
    suit_card,
)
from tarotlib.deal import (
    CompleteFromStock,
    DealData,
    DealState,
    Game,
    MeldDeclaration,
    PairAnnouncement,
    TakeOrName,
    TrickPlay,
    evolve,
)
from tarotlib.deal.phase import Phase
from tarotlib.deal.state import SEAT_BITS
from tarotlib.dealing import Layout, StockSchedule
from tarotlib.decks import PIQUET_32
from tarotlib.engine import DealResult
from tarotlib.errors import DealError, OptionError
from tarotlib.tricks import Overtrump, PartnerTrumped, TrickRules
from tarotlib.variants.belote.declarations import combinations, is_valid_declaration
from tarotlib.variants.belote.observation import BeloteObservation, observe
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

THROW_IN: Final = "all players passed (thrown in, BE-4.5)"

_PASS: Final = Pass()
_BIDS: Final = tuple(Bid(c) for c in Contract)
_BELOTE_SUITS: Final = (*(((s,)) for s in Suit), tuple(Suit), ())  # BE-9.1, by contract
_SUITS: Final = (Contract.SPADES, Contract.HEARTS, Contract.DIAMONDS, Contract.CLUBS)
_TEAMS: Final = (0, 1, 0, 1)  # BE-2.1
_KQ: Final = tuple((suit_card(Rank.KING, s), suit_card(Rank.QUEEN, s)) for s in Suit)


def _teams(state: DealState) -> DealData:
    """BE-2.1: partners sit opposite."""
    return evolve(state.data, sides=_TEAMS)


def _belote_pairs(data: DealData) -> tuple[tuple[int, int, int], ...]:
    """BE-9.1: the K and Q of the trump suit; of each suit in TA; none in SA."""
    return tuple((int(s), *_KQ[s]) for s in _BELOTE_SUITS[cast(Contract, data.contract)])


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


class BeloteState(DealState):
    """One moment of a Belote deal (immutable; see :class:`~tarotlib.deal.DealState`).

    Besides the common surface it exposes the omniscient position for servers and tools:
    ``hand(seat)``, ``turn_up``, ``contract``, ``taker``, ``tricks``, ``declarations``... Give
    players :meth:`observation` instead.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4)
    >>> state = state.apply(rules.parse_action("bid spades"))
    >>> state.phase, state.contract, state.taker, state.to_act, len(state.hand(1))
    ('play', <Contract.SPADES: 0>, 1, 1, 8)
    """

    __slots__ = ()

    @property
    def rules(self) -> Belote:
        """The rules and options in force."""
        return self._g  # type: ignore[return-value]

    @property
    def turn_up(self) -> Card:
        """The turned-up card (BE-3.3)."""
        return self._d.stock[0]

    @property
    def bidding_round(self) -> int | None:
        """The bidding round (1, 2 or 3) during the bidding, else None."""
        return cast("tuple[int, object]", self._x)[0] if self.phase == "bidding" else None

    @property
    def contract(self) -> Contract | None:
        """The contract, once chosen."""
        return cast("Contract | None", self._d.contract)

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the contract is chosen."""
        return self.declarer

    @property
    def attack(self) -> int | None:
        """The attacking team (0: seats 0 and 2; 1: seats 1 and 3), once the contract is chosen."""
        return None if self._d.declarer < 0 else self._d.declarer & 1

    @property
    def bids(self) -> tuple[tuple[int, Contract | None], ...]:
        """Every bidding call as ``(seat, contract or None for a pass)``, in order."""
        return cast("tuple[tuple[int, Contract | None], ...]", self.calls)

    @property
    def declarations(self) -> tuple[Combination, ...]:
        """The declarations made so far, in order (BE-10)."""
        return cast("tuple[Combination, ...]", self._d.declarations)

    @property
    def announcements(self) -> tuple[tuple[int, Announcement, Card], ...]:
        """Belote / rebelote announcements ``(seat, kind, card)`` (BE-9.2)."""
        said = self.rules.belote_offer.announced(self._d)
        return tuple((s, cast(Announcement, a), ALL_CARDS[c]) for s, a, c in said)

    @property
    def belote_holders(self) -> tuple[tuple[Suit, int], ...]:
        """``(suit, seat)`` for each belote in the completed hands (BE-9.1), once dealt."""
        return tuple((Suit(s), seat) for s, seat in self.rules.belote_offer.holders(self._d))

    def card_points(self) -> tuple[int, int]:
        """Card points won so far by each team (BE-6), during or after play.

        >>> import random, tarotlib
        >>> rng = random.Random(4)
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.card_points()
        (74, 78)
        """
        contract = self._d.contract
        if contract is None:
            return (0, 0)
        pts = self._g.table(contract).points  # type: ignore[attr-defined]
        piles = self._piles  # seat s: bits 80*s ... (see tarotlib.deal.state)
        return (
            pts.value_sum((piles | piles >> 2 * SEAT_BITS) & FULL_MASK),
            pts.value_sum((piles >> SEAT_BITS | piles >> 3 * SEAT_BITS) & FULL_MASK),
        )

    def observation(self, seat: int) -> BeloteObservation:
        """What ``seat`` may see: its own hand, the turn-up, the bids, the tricks, the categories
        of declarations (their cards only for its own, and for the best team's once the first
        trick is over, BE-10.3), announcements (BE-9.2) and the result.

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> seen = state.observation(0)
        >>> seen.hand == state.hand(0), seen.turn_up == state.turn_up
        (True, True)
        """
        return observe(self, self._seat(seat))

    def __repr__(self) -> str:
        contract = "-" if self.contract is None else self.contract.symbol
        return (
            f"<BeloteState {self.phase} to_act={self.to_act} contract={contract} "
            f"taker={self.taker} tricks={len(self._tricks)}>"
        )


@attrs.frozen
class Belote(Game[BeloteState]):
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
    dealing: StockSchedule = attrs.field(init=False, eq=False, repr=False)
    phases: tuple[Phase, ...] = attrs.field(init=False, eq=False, repr=False)
    belote_offer: PairAnnouncement = attrs.field(init=False, eq=False, repr=False)
    """Belote-rebelote (BE-9): its holders and announcements of a deal."""
    _trick_rules: tuple[TrickRules, ...] = attrs.field(init=False, repr=False, eq=False)

    name = "belote"
    players = 4
    deck = PIQUET_32
    notation = PIQUET_NOTATION
    state_class = BeloteState

    def __attrs_post_init__(self) -> None:
        o = self.options
        packets = (3, 2) if o.deal_packets == "3-2" else (2, 3)
        object.__setattr__(self, "dealing", StockSchedule(packets, 12))
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
        belote = PairAnnouncement(
            (Announcement.BELOTE, Announcement.REBELOTE),
            _belote_pairs,
            mode=o.belote_announce,
            notation=PIQUET_NOTATION,
            holders_key="belote_holders",
            auto_reason="belote is announced by the engine (option belote_announce='auto', BE-9.2)",
            order_reason=(
                " (BE-9.2: belote with the first of the K and Q of a belote suit held together, "
                "rebelote with the second)"
            ),
        )
        melds = MeldDeclaration(
            combinations,
            is_valid_declaration,  # type: ignore[arg-type]
            Combination,
            tuple(CombinationKind),
            enabled=o.declarations,
            auto=o.auto_declare,
            reuse=o.declaration_card_reuse,
            auto_order=_auto_choice,  # type: ignore[arg-type]
            notation=PIQUET_NOTATION,
            key="combos",
        )
        third = (Contract.ALL_TRUMPS, Contract.NO_TRUMPS) if o.ta_sa == "third_round" else ()
        phases: tuple[Phase, ...] = (
            TakeOrName(_SUITS, third, annul_reason=THROW_IN),
            CompleteFromStock(2, 3),
            TrickPlay(
                self._rules_of,
                setup=_teams,
                offers=(melds, belote),
                name_cards=True,
                expects="a card to play (BE-7)",
            ),
        )
        object.__setattr__(self, "phases", phases)
        object.__setattr__(self, "belote_offer", belote)

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

    def _rules_of(self, data: DealData) -> TrickRules:
        return self._trick_rules[cast(Contract, data.contract)]

    def check_layout(self, layout: Layout) -> None:
        """BE-3.3/BE-3.4: four 5-card hands, no kitty, and the 12-card stock in dealing order
        (the turn-up first), together the 32 cards."""
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

    def observe(self, state: BeloteState, seat: int) -> BeloteObservation:
        """What ``seat`` may see of ``state`` (see :class:`BeloteObservation`)."""
        return observe(state, seat)

    def score(self, state: BeloteState) -> DealResult:
        """BE-11: the deal summary of a played deal, scored by the pure function."""
        contract = state.contract
        assert contract is not None
        tricks = [0, 0]
        for _leader, _cards, w in state._tricks:
            tricks[w & 1] += 1
        declared = state.declarations
        summary = _engine_summary(
            contract,
            state.data.declarer,
            state.card_points(),
            (tricks[0], tricks[1]),
            state._tricks[-1][2] & 1,
            self._belotes(state),
            declared,
            declared[0].seat if declared else None,
        )
        score = score_deal(summary, self.options)
        made = {Outcome.MADE: True, Outcome.FAILED: False}.get(score.outcome)
        return DealResult(
            tuple(score.scores),
            breakdown=score,
            contract=contract.token,
            declarer=state.data.declarer,
            made=made,
        )

    def _belotes(self, state: BeloteState) -> tuple[int, int]:
        """Completed, scoring belotes by team (BE-9.2)."""
        opts = self.options
        out = [0, 0]
        held = self.belote_offer.holders(state._d)
        if not held:
            return (0, 0)
        if opts.belote_announce == "auto" and not opts.belote_king_first:
            for _suit, seat in held:  # the holder plays both cards: always complete
                out[seat & 1] += 1
            return (out[0], out[1])
        order: dict[int, int] = {}
        i = 0
        for _leader, cards, _w in state._tricks:
            for c in cards:
                order[c] = i
                i += 1
        said_all = self.belote_offer.announced(state._d)
        for suit, seat in held:
            k, q = _KQ[suit]
            if opts.belote_king_first and order[k] > order[q]:
                continue
            if opts.belote_announce == "explicit":
                said = [(a, c) for s, a, c in said_all if s == seat and c in (k, q)]
                first, second = (k, q) if order[k] < order[q] else (q, k)
                if said != [(Announcement.BELOTE, first), (Announcement.REBELOTE, second)]:
                    continue
            out[seat & 1] += 1
        return (out[0], out[1])


def _hand_mask(cards: Sequence[int] | str) -> int:
    seq = parse_cards(cards) if isinstance(cards, str) else cards
    m = 0
    for c in seq:
        m |= 1 << int(c)
    return m


def _auto_choice(combos: tuple[Combination, ...], reuse: bool) -> tuple[Combination, ...]:
    """auto_declare: every combination; without card reuse, the carrés first (the higher
    points), then the sequences that share no card with them."""
    if reuse:
        return combos
    return tuple(sorted(combos, key=lambda c: (not c.kind.is_carre, -c.points)))
