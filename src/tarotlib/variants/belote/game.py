"""Belote on the deal machine: its facts, its phases and its scoring glue (BE-2 … BE-12).

Phases: ``bidding`` (take or name a trump, BE-4), the completion of the deal (BE-5.1, nobody acts),
``play`` (BE-7, BE-8, with belote-rebelote, BE-9, and the declarations of BE-10), then ``over``.

>>> import tarotlib
>>> from tarotlib.core.cards import PIQUET_NOTATION
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

from collections.abc import Sequence
from typing import Any, Final, Literal, cast

import attrs

from tarotlib.core.actions import Action, Bid, Pass
from tarotlib.core.cards import (
    PIQUET_NOTATION,
    Rank,
    Suit,
    format_cards,
    suit_card,
)
from tarotlib.core.dealing import Layout, StockSchedule
from tarotlib.core.decks import PIQUET_32
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
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
from tarotlib.deal.data import Note
from tarotlib.deal.offers import MeldRecord
from tarotlib.deal.phase import Phase
from tarotlib.errors import DealError
from tarotlib.variants.belote.declarations import (
    auto_choice,
    combinations,
    every_combination,
    is_valid_declaration,
)
from tarotlib.variants.belote.layouts import layout_for_play
from tarotlib.variants.belote.observation import BeloteObservation, observe, visible_mask
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.scoring import BeloteScore, result_of, settle
from tarotlib.variants.belote.state import BeloteState
from tarotlib.variants.belote.tables import PACK_MASK, ContractTable, contract_table, trick_rules
from tarotlib.variants.belote.types import (
    Announcement,
    Combination,
    CombinationKind,
    Contract,
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


_PAIRS: Final = {
    c: tuple((int(s), *_KQ[s]) for s in _BELOTE_SUITS[c]) for c in Contract
}  # BE-9.1, by contract


def _belote_pairs(data: DealData) -> tuple[tuple[int, int, int], ...]:
    """BE-9.1: the K and Q of the trump suit; of each suit in TA; none in SA."""
    return _PAIRS[cast(Contract, data.contract)]


BELOTE_HOLDERS: Final[Note[tuple[tuple[int, int], ...]]] = Note("belote_holders", ())
"""The note of who holds the King and Queen of trumps together, ``(suit, seat)`` (BE-9.1)."""

COMBOS: Final[Note[tuple[tuple[MeldRecord, ...], ...]]] = Note("combos", ())
"""The note of each seat's combinations when play begins (BE-10.1)."""


def belote_announcement(
    mode: Literal["auto", "explicit"], rule: str = "BE-9.2"
) -> PairAnnouncement:
    """Belote-rebelote as a play offer (BE-9.1, BE-9.2; Contrée's CO-6.1, CO-6.2): the K and Q
    of a belote suit (:func:`_belote_pairs`), announced by the engine (``mode="auto"``) or by
    the player (``"explicit"``); ``rule`` is the section its messages cite.

    >>> belote_announcement("auto", "CO-6.2").auto_reason
    "belote is announced by the engine (option belote_announce='auto', CO-6.2)"
    """
    return PairAnnouncement(
        (Announcement.BELOTE, Announcement.REBELOTE),
        _belote_pairs,
        mode=mode,
        notation=PIQUET_NOTATION,
        holders_key=BELOTE_HOLDERS,
        auto_reason=f"belote is announced by the engine (option belote_announce='auto', {rule})",
        order_reason=(
            f" ({rule}: belote with the first of the K and Q of a belote suit held together, "
            "rebelote with the second)"
        ),
    )


def meld_declarations(*, enabled: bool, auto: bool, reuse: bool) -> MeldDeclaration:
    """Sequences and carrés as a play offer (BE-10; Contrée's CO-7.2, where BE-10 applies), under
    the options ``declarations``, ``auto_declare`` and ``declaration_card_reuse``.

    >>> meld_declarations(enabled=False, auto=False, reuse=True).enabled
    False
    """
    return MeldDeclaration(
        combinations,
        is_valid_declaration,  # type: ignore[arg-type]  # MeldDeclaration isn't generic in its records
        Combination,
        tuple(CombinationKind),
        enabled=enabled,
        auto=auto,
        reuse=reuse,
        auto_order=auto_choice,  # type: ignore[arg-type]  # (likewise: these are Combinations)
        notation=PIQUET_NOTATION,
        key=COMBOS,
        every=every_combination,
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
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    belote_offer: PairAnnouncement = attrs.field(init=False, eq=False, repr=False)
    """Belote-rebelote (BE-9): its holders and announcements of a deal."""
    bidding: TakeOrName = attrs.field(init=False, eq=False, repr=False)
    """The bidding phase (BE-4)."""
    _trick_rules: tuple[TrickRules, ...] = attrs.field(init=False, repr=False, eq=False)
    _tables: tuple[ContractTable, ...] = attrs.field(init=False, repr=False, eq=False)

    name = "belote"
    players = 4
    deck = PIQUET_32
    notation = PIQUET_NOTATION
    state_class = BeloteState

    def __attrs_post_init__(self) -> None:
        o = self.options
        packets = (3, 2) if o.deal_packets == "3-2" else (2, 3)
        object.__setattr__(self, "dealing", StockSchedule(packets, 12))
        tables = tuple(contract_table(c, o.ta_sa_points) for c in Contract)
        object.__setattr__(self, "_tables", tables)
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
        belote = belote_announcement(o.belote_announce)  # BE-9
        melds = meld_declarations(  # BE-10
            enabled=o.declarations, auto=o.auto_declare, reuse=o.declaration_card_reuse
        )
        third = (Contract.ALL_TRUMPS, Contract.NO_TRUMPS) if o.ta_sa == "third_round" else ()
        bidding = TakeOrName(_SUITS, third, annul_reason=THROW_IN)
        phases: tuple[Phase[Any], ...] = (
            bidding,
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
        object.__setattr__(self, "bidding", bidding)

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
        return self._tables[self._contract(contract)]

    def _contract(self, contract: object) -> Contract:
        if not isinstance(contract, Contract):
            names = ", ".join(f"Contract.{c.name}" for c in Contract)
            raise DealError(f"a Belote contract is one of {names}; got {contract!r}")
        return contract

    def trick_rules(self, contract: Contract) -> TrickRules:
        """The legal-card rules of ``contract`` under these options (BE-7).

        >>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
        >>> rules = Belote(BeloteOptions()).trick_rules(Contract.HEARTS)
        >>> led, win = rules.follow(-1, -1, parse_card("1S"))
        >>> format_cards(rules.legal_mask(card_mask(parse_cards("7H JH KD")), led, win))
        '7H JH'
        """
        return self._trick_rules[self._contract(contract)]

    def _rules_of(self, data: DealData) -> TrickRules:
        return self._trick_rules[cast(Contract, data.contract)]

    def check_layout(self, layout: Layout) -> None:
        """BE-3.3/BE-3.4: four 5-card hands, no kitty, and the 12-card stock in dealing order
        (the turn-up first), together the 32 cards.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> layout = rules.new_deal(seed=4).layout
        >>> rules.check_layout(layout)   # a deal of Belote: no error
        >>> rules.check_layout(tarotlib.Layout(layout.hands, layout.stock, layout.dealer))
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: Belote has no kitty: give the turn-up and the stock as 'stock'
        """
        if not isinstance(layout, Layout):
            raise DealError(f"layout must be a tarotlib.Layout, got {type(layout).__name__}")
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
        return layout_for_play(self, hands, contract, taker, dealer)

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

        >>> from tarotlib.core.results import DealResult
        >>> thrown_in = DealResult((0, 0, 0, 0), annulled="all passed")
        >>> Belote(BeloteOptions()).next_dealer(3), Belote(BeloteOptions()).next_dealer(3, thrown_in)
        (0, 0)
        >>> Belote(BeloteOptions(redeal_after_all_pass="same_dealer")).next_dealer(3, thrown_in)
        3
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
        if (
            result is not None
            and result.is_annulled
            and self.options.redeal_after_all_pass == "same_dealer"
        ):
            return dealer
        return (dealer + 1) & 3

    def counts_toward_match(self, result: DealResult) -> bool:
        """A thrown-in deal does not count (BE-4.5).

        >>> from tarotlib.core.results import DealResult
        >>> rules = Belote(BeloteOptions())
        >>> rules.counts_toward_match(DealResult((0, 0, 0, 0), annulled="all passed"))
        False
        >>> rules.counts_toward_match(DealResult((162, 0, 162, 0)))
        True
        """
        self.check_result(result, "counts_toward_match")
        return not result.is_annulled

    @property
    def match_target(self) -> int:
        """The ``target_score`` option (BE-12.1)."""
        return self.options.target_score

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """BE-11.7: credit a deal, with the pending litige carry going to the deal's winner; a
        thrown-in deal credits nothing and leaves the carry untouched (BE-4.5).

        >>> from tarotlib.core.results import DealResult
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

    def match_refusal(self, result: DealResult, carry: float) -> str | None:
        """Why a match cannot take ``result``: while a litige's carry is pending, a played deal
        without its :class:`~tarotlib.variants.belote.scoring.BeloteScore` (which says who won the
        deal, and so who receives the carry, BE-11.7); None otherwise.

        >>> from tarotlib.core.results import DealResult
        >>> rules = Belote(BeloteOptions())
        >>> rules.match_refusal(DealResult((90, 80, 90, 80)), 0) is None
        True
        >>> print(rules.match_refusal(DealResult((90, 80, 90, 80)), 71))  # doctest: +ELLIPSIS
        a litige's 71 points are pending: they go to this deal's winner (BE-11.7), ...
        """
        self.check_result(result, "match_refusal")
        if not carry or result.is_annulled or isinstance(result.breakdown, BeloteScore):
            return None
        return (
            f"a litige's {carry:g} points are pending: they go to this deal's winner (BE-11.7), "
            "which a result without its BeloteScore does not say; score the deal with "
            "score_deal(summary, rules.options).result()"
        )

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
        """What ``seat`` may see of ``state`` (see :class:`BeloteObservation`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4)
        >>> seen = rules.observe(state, 2)
        >>> seen == state.observation(2), seen.turn_up, seen.hand == state.hand(2)
        (True, Card(QS), True)
        """
        return observe(state, seat)

    def visible_mask(self, state: BeloteState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4)
        >>> rules.visible_mask(state, 1) == tarotlib.card_mask((*state.hand(1), state.turn_up))
        True
        """
        return visible_mask(state, seat)

    def score(self, state: BeloteState) -> DealResult:
        """BE-11: the deal's summary (:func:`summary_of`), scored by :func:`score_deal`.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> result = rules.score(state)
        >>> result == state.result, result.contract, result.made, result.scores
        (True, 'spades', False, (162, 0, 162, 0))
        """
        self.check_state(state, "score")
        return result_of(state, self.options)
