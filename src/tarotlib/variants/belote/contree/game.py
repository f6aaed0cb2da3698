"""Contrée on the deal machine (CO-0 … CO-10), built from Belote's pieces.

Phases: ``auction`` (CO-4, :class:`~tarotlib.variants.belote.contree.auction.ContreeAuction`),
``play`` (Belote's trick rules, CO-5; belote-rebelote, CO-6; declarations, CO-7), then ``over``,
scored by :func:`~tarotlib.variants.belote.contree.scoring.score_contree` (CO-8, CO-9).

What is shared with Belote: the pack and notation, the rank orders and point tables
(``contract_table``), the legal-card rules (``trick_rules``), the belote pairs and their
announcement (``PairAnnouncement``), the declarations (``MeldDeclaration`` with Belote's
combinations and comparison), the count of scoring belotes (``belotes_of``), the dealing
machinery (``StockSchedule`` with no stock: CO-3.4's packets), and the state and observation code
(:class:`~tarotlib.variants.belote.state.BeloteFamilyState`,
:class:`~tarotlib.variants.belote.observation.BeloteFamilyObservation`).

>>> import tarotlib
>>> rules = tarotlib.variant("contree")
>>> rules.name, rules.players, rules.match_target, rules.options.undertrump
('contree', 4, 2000, 'free')
>>> state = rules.new_deal(seed=7, dealer=3)
>>> for text in ("bid 80S", "pass", "bid 100S", "coinche", "pass", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.contract.label, state.phase, state.to_act
('100♠ coinched by seat 2', 'play', 0)
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import Any, Final, cast

import attrs

from tarotlib.core.actions import Action, Pass
from tarotlib.core.cards import PIQUET_NOTATION, Rank, Suit, format_cards, suit_card
from tarotlib.core.dealing import Layout, StockSchedule
from tarotlib.core.decks import PIQUET_32
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import (
    DealData,
    DealState,
    Game,
    PairAnnouncement,
    TrickPlay,
    evolve,
)
from tarotlib.deal.phase import Phase
from tarotlib.deal.play import eldest
from tarotlib.errors import DealError, ScoringError
from tarotlib.variants.belote.contree.auction import CONTRACT_NOTE, ContreeAuction
from tarotlib.variants.belote.contree.declarations import scored_declarations
from tarotlib.variants.belote.contree.observation import (
    ContreeObservation,
    observe,
    visible_mask,
)
from tarotlib.variants.belote.contree.options import ContreeOptions
from tarotlib.variants.belote.contree.scoring import (
    ContreeFacts,
    ContreeScore,
    engine_facts,
    score_contree,
    settle_contree,
)
from tarotlib.variants.belote.contree.state import ContreeState
from tarotlib.variants.belote.contree.types import (
    BidKind,
    Coinche,
    ContreeContract,
    NoCoinche,
    Surcoinche,
)
from tarotlib.variants.belote.game import belote_announcement, meld_declarations
from tarotlib.variants.belote.scoring import belotes_of
from tarotlib.variants.belote.tables import PACK_MASK, ContractTable, contract_table, trick_rules
from tarotlib.variants.belote.types import Combination, Contract

__all__ = ["Contree", "ContreeObservation", "ContreeState"]

_TEAMS: Final = (0, 1, 0, 1)  # CO-2.1
_PACKETS: Final = {"3-2-3": (3, 2, 3), "3-3-2": (3, 3, 2), "2-3-3": (2, 3, 3), "4-4": (4, 4)}


def _teams(state: DealState) -> DealData:
    """CO-2.1: partners sit opposite."""
    return evolve(state.data, sides=_TEAMS)


@attrs.frozen
class Contree(Game[ContreeState]):
    """Four-player Contrée (CO-0.1) with :class:`ContreeOptions`.

    Get one with ``tarotlib.variant("contree", preset="bga", ...)`` or ``Contree(ContreeOptions())``.
    Seats 0–3 are in play order; the teams are {0, 2} and {1, 3} (CO-2.1).

    >>> Contree(ContreeOptions()).new_deal(seed=1).phase
    'auction'
    """

    options: ContreeOptions = attrs.field(factory=ContreeOptions)
    dealing: StockSchedule = attrs.field(init=False, eq=False, repr=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    belote_offer: PairAnnouncement = attrs.field(init=False, eq=False, repr=False)
    auction: ContreeAuction = attrs.field(init=False, eq=False, repr=False)
    """The auction phase (CO-4)."""
    _trick_rules: tuple[TrickRules, ...] = attrs.field(init=False, repr=False, eq=False)
    _tables: tuple[ContractTable, ...] = attrs.field(init=False, repr=False, eq=False)

    name = "contree"
    players = 4
    deck = PIQUET_32
    notation = PIQUET_NOTATION
    state_class = ContreeState

    def __attrs_post_init__(self) -> None:
        o = self.options
        object.__setattr__(self, "dealing", StockSchedule(_PACKETS[o.deal_packets], 0))  # CO-3.4
        points = "unscaled" if o.ta_sa_points == "rescaled" else o.ta_sa_points  # CO-1.3
        tables = tuple(contract_table(c, points) for c in Contract)
        object.__setattr__(self, "_tables", tables)
        rules = tuple(
            trick_rules(c, o.partner_trump_rule, o.undertrump, o.ta_must_beat_partner, points)
            for c in Contract
        )  # CO-5.2: BE-7 with the contrée defaults
        object.__setattr__(self, "_trick_rules", rules)
        belote = belote_announcement(o.belote_announce, "CO-6.2")  # CO-6.1, CO-6.2
        melds = meld_declarations(  # CO-7.2: BE-10 applies
            enabled=o.declarations, auto=o.auto_declare, reuse=o.declaration_card_reuse
        )
        auction = ContreeAuction(o)
        phases: tuple[Phase[Any], ...] = (
            auction,
            TrickPlay(
                self._rules_of,
                leader=self._leader,
                setup=_teams,
                offers=(melds, belote),
                name_cards=True,
                expects="a card to play (CO-5)",
            ),
        )
        object.__setattr__(self, "phases", phases)
        object.__setattr__(self, "belote_offer", belote)
        object.__setattr__(self, "auction", auction)

    def _rules_of(self, data: DealData) -> TrickRules:
        return self._trick_rules[cast(Contract, data.contract)]

    def _leader(self, state: DealState) -> int:
        """CO-5.1: the player after the dealer leads, or the générale bidder (``generale_leads``)."""
        c = state.data.note(CONTRACT_NOTE)
        if c is not None and c.kind is BidKind.GENERALE and self.options.generale_leads:
            return int(c.bidder)
        return eldest(state)

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Contree(ContreeOptions.preset("bga")).options_dict()["coinche_timing"]
        'any_time'
        """
        return self.options.to_dict()

    def table(self, denomination: Contract) -> ContractTable:
        """Rank order, card points and deal constants of a denomination (CO-1, BE-6).

        >>> Contree().table(Contract.HEARTS).deal_total
        162
        """
        if not isinstance(denomination, Contract):
            raise DealError(f"a denomination is a Belote Contract, got {denomination!r}")
        return self._tables[denomination]

    def trick_rules(self, denomination: Contract) -> TrickRules:
        """The legal-card rules of a denomination under these options (CO-5.2).

        >>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
        >>> tr = Contree().trick_rules(Contract.HEARTS)   # CO-12 E7: undertrump is free
        >>> led, win = tr.follow(-1, -1, parse_card("1C"))
        >>> led, win = tr.follow(led, win, parse_card("9H"))
        >>> format_cards(tr.legal_mask(card_mask(parse_cards("QH 7H TD")), led, win), PIQUET_NOTATION)
        '7H QH TD'
        """
        if not isinstance(denomination, Contract):
            raise DealError(f"a denomination is a Belote Contract, got {denomination!r}")
        return self._trick_rules[denomination]

    def check_layout(self, layout: Layout) -> None:
        """CO-3.3, CO-3.4: four 8-card hands, no kitty, no stock, the 32 cards.

        >>> import tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> rules.check_layout(rules.new_deal(seed=1).layout)
        >>> rules.check_layout(tarotlib.Layout.from_text(["7S 8S", "9S TS", "JS QS", "KS AS"]))
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: seat 0 has 2 cards; each hand is dealt 8 cards (CO-3.3)
        """
        if not isinstance(layout, Layout):
            raise DealError(f"layout must be a tarotlib.Layout, got {type(layout).__name__}")
        if layout.players != 4:
            raise DealError(f"the layout has {layout.players} hands; Contrée has 4 players")
        for seat, hand in enumerate(layout.hands):
            if len(hand) != 8:
                raise DealError(
                    f"seat {seat} has {len(hand)} cards; each hand is dealt 8 cards (CO-3.3)"
                )
        if layout.kitty or layout.stock:
            raise DealError("Contrée has no kitty and no stock: all 32 cards are dealt (CO-3.3)")
        if layout.mask != PACK_MASK:
            outside = format_cards(layout.mask & ~PACK_MASK, PIQUET_NOTATION)
            raise DealError(f"the layout holds cards outside the 32-card pack: {outside}")

    def start_play(
        self,
        hands: Sequence[Sequence[int] | str],
        contract: ContreeContract,
        dealer: int = 3,
    ) -> ContreeState:
        """The state at the first card of a deal with these four 8-card ``hands`` (CO-3.4: a test
        layout may be four hands) after an auction that reaches ``contract``: the bidder bids it,
        an opponent coinches if its level is 1 or 2, the bidder's team surcoinches at level 2;
        everyone else passes (or declines a coinche window).

        >>> import tarotlib
        >>> from tarotlib.variants.belote.contree.types import ContreeBid
        >>> hands = ["AH KH 7H AD 7D 8D 9D TD", "TH 9H KS JS 8S 7S 7C 8C",
        ...          "QH JH 8H AS TS 9S QS 9C", "AC TC KC QC JC KD QD JD"]
        >>> rules = tarotlib.variant("contree")
        >>> st = rules.start_play(hands, ContreeContract(ContreeBid.parse("90S"), 1, level=1))
        >>> st.phase, st.to_act, st.contract.label
        ('play', 0, '90♠ coinched by seat 1')
        """
        if not isinstance(contract, ContreeContract):
            raise DealError(
                "contract must be a ContreeContract (ContreeContract(ContreeBid.parse('80S'), "
                f"bidder, level)), got {type(contract).__name__} {reprlib.repr(contract)}"
            )
        self.check_seat(dealer, "dealer")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise DealError(
                f"give four hands of 8 cards (a card text or a list of cards each), got "
                f"{type(hands).__name__} {reprlib.repr(hands)}"
            )
        state = self.new_deal(layout=Layout(hands, (), dealer))
        bid_done = False
        while state.phase == "auction":
            seat = state.to_act
            legal = state.legal_actions()
            action: Action
            cur = state.current_bid
            if not bid_done and seat == contract.bidder:
                action, bid_done = contract.bid, True
            elif cur is not None and contract.level >= 1 and cur.level == 0 and Coinche() in legal:
                action = Coinche()
            elif contract.level == 2 and Surcoinche() in legal:
                action = Surcoinche()
            elif NoCoinche() in legal:
                action = NoCoinche()
            else:
                action = Pass()
            state = state.apply(action)
        if state.contract != contract:
            raise DealError(f"the auction cannot reach {contract.label} under these options")
        return state

    # -- scoring ----------------------------------------------------------------------------------
    def facts_of(self, state: ContreeState) -> ContreeFacts:
        """The :class:`ContreeFacts` of a played deal (CO-8.1): points made (with rescaling
        under ``ta_sa_points = rescaled``, CO-1.3, and ``capot_total``, CO-1.2), tricks, belotes,
        the attack's belotes played (CO-6.5) and the scored declarations (BE-10.4, BE-10.5).

        >>> import random, tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> rng = random.Random(5)
        >>> state = rules.new_deal(seed=5, dealer=3).apply(rules.parse_action("bid 80H"))
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> facts = rules.facts_of(state)
        >>> sum(facts.tricks), sum(facts.points) in (162, 252)
        (8, True)
        """
        c = state.contract
        assert c is not None
        o = self.options
        tricks = [0, 0]
        bidder_all = True
        raw = state.trick_list
        for _leader, _cards, w in raw:
            tricks[w & 1] += 1
            bidder_all = bidder_all and w == c.bidder
        cp = state.card_points()
        belotes = belotes_of(state)  # type: ignore[arg-type]  # typed for BeloteState, reads shared parts
        if o.belote_announce == "auto" and not o.belote_king_first:
            played = belotes[c.attack]  # every belote held is announced and completed (CO-6.2)
        else:
            played = self._attack_belotes_played(state, c.attack)
        return self.facts_from(
            c,
            cp,
            (tricks[0], tricks[1]),
            raw[-1][2] & 1,
            belotes,
            played,
            state.declarations,
            bidder_all,
        )

    def facts_from(
        self,
        c: ContreeContract,
        card_points: tuple[int, int],
        tricks: tuple[int, int],
        last: int,
        belotes: tuple[int, int],
        played: int,
        declared: tuple[Combination, ...],
        bidder_all: bool,
    ) -> ContreeFacts:
        """The :class:`ContreeFacts` of a deal from what its play gave (CO-8.1): the teams' card
        points in the denomination's table (rescaled here under ``ta_sa_points = rescaled``,
        CO-1.3), the tricks, the team that won the last one, the belotes held and those of the
        attack played (CO-6.5), the declarations made and whether the bidder won every trick
        (what :meth:`facts_of` reads from a played deal; the solver's point model gives it
        counts of its own).

        >>> import tarotlib
        >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
        >>> rules = tarotlib.variant("contree")
        >>> c = ContreeContract(ContreeBid.parse("80S"), 0)
        >>> rules.facts_from(c, (90, 62), (5, 3), 0, (0, 0), 0, (), False).points
        (100, 62)
        """
        o = self.options
        cp = list(card_points)
        d = c.denomination
        if o.ta_sa_points == "rescaled" and not d.is_suit:  # CO-1.3
            scale = self._tables[d].cards
            cp = [(2 * 152 * x + scale) // (2 * scale) for x in cp]  # nearest, halves up
        pts = [cp[0], cp[1]]
        for team in (0, 1):
            if tricks[team] == 8:  # CO-1.2, CO-5.3
                pts[team] += 100 - (252 - o.capot_total)
            elif last == team:
                pts[team] += 10
        dec = scored_declarations(  # CO-7.2, CO-7.5
            declared,
            d,
            tricks,
            o.sa_carres,
            o.declaration_tie,
            o.declarations_need_trick,
        )
        return engine_facts(  # right by construction: the hand-written input checks are skipped
            c,
            (pts[0], pts[1]),
            tricks,
            belotes,
            max(played, belotes[c.attack]),
            (dec[0], dec[1]),
            bidder_all,
        )

    def _attack_belotes_played(self, state: ContreeState, attack: int) -> int:
        """CO-6.5: the attack's belotes held and played, announced or not (``belote_king_first``
        still applies)."""
        k_first = self.options.belote_king_first
        order = {card: i for i, card in enumerate(c for t in state.tricks for c in t.cards)}
        count = 0
        for suit, seat in self.belote_offer.holders(state.data):
            if seat & 1 != attack:
                continue
            k, q = suit_card(Rank.KING, Suit(suit)), suit_card(Rank.QUEEN, Suit(suit))
            if k_first and order[k] > order[q]:
                continue
            count += 1
        return count

    def score(self, state: ContreeState) -> DealResult:
        """CO-8, CO-9: the deal's facts scored by :func:`score_contree`.

        >>> import random, tarotlib
        >>> rng = random.Random(3)
        >>> state = tarotlib.variant("contree").new_deal(seed=3)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.result.is_annulled or state.result == state.rules.score(state)
        True
        """
        self.check_state(state, "score")
        assert state.contract is not None
        return self._score(self.facts_of(state), self.options).result()

    def score_facts(self, facts: ContreeFacts) -> DealResult:
        """A deal's result from what the table writes down (:class:`ContreeFacts`), under these
        rules: :func:`score_contree` with the options and the totals of the contract's table
        (CO-1.2), as a :class:`~tarotlib.core.results.DealResult` a
        :class:`~tarotlib.match.Match` takes.

        CO-12 E10: 100♥ by A–C made with 107 points against 55: 210 / 60.

        >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
        >>> facts = ContreeFacts(ContreeContract(ContreeBid.parse("100H"), 0), (107, 55), (5, 3))
        >>> Contree().score_facts(facts).scores
        (210, 60, 210, 60)
        """
        if not isinstance(facts, ContreeFacts):
            raise ScoringError(f"score_facts expects ContreeFacts, got {facts!r}")
        table = self._tables[facts.contract.denomination]
        total = 162 if self.options.ta_sa_points == "rescaled" else table.deal_total
        capot = 8 in facts.tricks
        if capot:
            total += 90  # CO-0.3: the dix de der is 100 to a team that won every trick
        if sum(facts.points) != total:
            why = (
                "a team won all 8 tricks: cards and 100 of dix de der"
                if capot
                else ("cards and 10 of dix de der")
            )
            raise ScoringError(
                f"the points made must total {total} ({why}, CO-0.3, CO-1.2), got "
                f"{facts.points[0]} + {facts.points[1]} = {sum(facts.points)}"
            )
        return self._score(facts, self.options).result()

    def match_refusal(self, result: DealResult, carry: float) -> str | None:
        """Why a match cannot take ``result``: while a litige's carry is pending, a played deal
        without its :class:`ContreeScore` (which says who won the deal, and so who receives the
        carry, CO-9.7); None otherwise.

        >>> from tarotlib.core.results import DealResult
        >>> Contree().match_refusal(DealResult((90, 80, 90, 80)), 0) is None
        True
        >>> print(Contree().match_refusal(DealResult((90, 80, 90, 80)), 160))  # doctest: +ELLIPSIS
        a litige's 160 points are pending: they go to this deal's winner (CO-9.7), ...
        """
        self.check_result(result, "match_refusal")
        if not carry or result.is_annulled or isinstance(result.breakdown, ContreeScore):
            return None
        return (
            f"a litige's {carry:g} points are pending: they go to this deal's winner (CO-9.7), "
            "which a result without its ContreeScore does not say; score the deal with "
            "rules.score_facts(...)"
        )

    def _score(self, facts: ContreeFacts, options: ContreeOptions) -> ContreeScore:
        """:func:`score_contree` with the totals of the contract's table (CO-1.2)."""
        table = self._tables[facts.contract.denomination]
        deal_total = 162 if options.ta_sa_points == "rescaled" else table.deal_total
        capot = deal_total + 90 - (252 - options.capot_total)
        return score_contree(facts, options, deal_total=deal_total, capot_total=capot)

    def observe(self, state: ContreeState, seat: int) -> ContreeObservation:
        """What ``seat`` may see of ``state`` (:class:`ContreeObservation`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> state = rules.new_deal(seed=1)
        >>> rules.observe(state, 1) == state.observation(1)
        True
        """
        return observe(state, seat)

    def visible_mask(self, state: ContreeState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.belote.contree.observation.visible_mask`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> state = rules.new_deal(seed=1)
        >>> rules.visible_mask(state, 1) == tarotlib.card_mask(state.observation(1).visible_cards())
        True
        """
        return visible_mask(state, seat)

    # -- the game (CO-3.1, CO-10) -----------------------------------------------------------------
    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """CO-3.1: the next player deals, after a throw-in too (``redeal_after_all_pass =
        same_dealer``: the same dealer deals again).

        >>> Contree().next_dealer(3)
        0
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
            if result.is_annulled and self.options.redeal_after_all_pass == "same_dealer":
                return dealer
        return (dealer + 1) & 3

    @property
    def match_target(self) -> int | None:
        """``target_score`` (CO-10.1), unless ``game_length = deals``."""
        return self.options.target_score if self.options.game_length == "target" else None

    @property
    def match_deals(self) -> int | None:
        """``deal_count`` with ``game_length = deals`` (CO-10.6)."""
        return self.options.deal_count if self.options.game_length == "deals" else None

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """Credit a deal; a litige's carry goes to the next played deal's winner (CO-9.7); a
        throw-in credits nothing (CO-4.5).

        >>> from tarotlib.core.results import DealResult
        >>> Contree().settle(0, DealResult((0, 0, 0, 0), annulled="all passed"))
        ((0, 0, 0, 0), 0)
        """
        score = result.breakdown
        if result.is_annulled:
            return (0, 0, 0, 0), carry
        if not isinstance(score, ContreeScore):
            return result.scores, carry
        (t0, t1), pending = settle_contree(int(carry), score)
        return (t0, t1, t0, t1), pending

    def credit(
        self, carry: float, result: DealResult, totals: Sequence[float], target: float | None
    ) -> tuple[tuple[float, ...], float]:
        """What a deal credits in a match (what :class:`~tarotlib.match.Match` asks): its settled
        scores (:meth:`settle`); with ``final_deal_exact`` in a game to a target, the deal scored
        again without rounding when the totals with these exact amounts pass the end test — the
        game then ends on them — else the rounded amounts, and the game does not end on this deal
        (CO-10.4).

        CO-10.4: a 100♥ made with 125 points scores 230 rounded (130 + 100), 225 exact; 1770 + 225
        does not reach 2000, so the rounded 230 is credited and the game goes on.

        >>> from tarotlib.core.results import DealResult
        >>> from tarotlib.variants.belote.contree.types import ContreeBid, ContreeContract
        >>> rules = Contree(ContreeOptions(final_deal_exact=True))
        >>> facts = ContreeFacts(ContreeContract(ContreeBid.parse("100H"), 0), (125, 37), (6, 2))
        >>> score = rules._score(facts, rules.options)
        >>> result = DealResult(score.scores, breakdown=score)
        >>> rules.credit(0, result, (1770, 0, 1770, 0), 2000)
        ((230, 40, 230, 40), 0)
        >>> rules.credit(0, result, (1780, 0, 1780, 0), 2000)   # 1780 + 225 passes: exact, over
        ((225, 37, 225, 37), 0)
        """
        rounded = self.settle(carry, result)
        score = result.breakdown
        if (
            not self.options.final_deal_exact
            or target is None
            or result.is_annulled
            or not isinstance(score, ContreeScore)
        ):
            return rounded
        exact = self._score(score.facts, attrs.evolve(score.options, rounding="none"))
        (e0, e1), pending = settle_contree(int(carry), exact)
        credited = (e0, e1, e0, e1)
        after = tuple(t + c for t, c in zip(totals, credited, strict=True))
        if self._end_test([result], after, target) is not None:  # CO-10.4: exact, and over
            return credited, pending
        return rounded

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        """CO-10.2, CO-10.3: a team reaches (``reach``: ≥) or exceeds (``exceed``: >) the target;
        the higher total wins; equal totals: another deal (``game_tie = extra_deal``).

        CO-12 E23: 2000 against 1700 ends the game by default, not under ``exceed``.

        >>> Contree().target_reached((2000, 1700, 2000, 1700), 2000)
        True
        >>> Contree(ContreeOptions(win_condition="exceed")).target_reached((2000, 1700) * 2, 2000)
        False
        """
        best = max(totals)
        over = best >= target if self.options.win_condition == "reach" else best > target
        return over and totals[0] != totals[1]

    def match_winners(
        self,
        results: Sequence[DealResult],
        totals: Sequence[float],
        target: float,
        credited: Sequence[Sequence[float]] = (),
    ) -> tuple[int, ...] | None:
        """The end test of CO-10.2 – CO-10.5 after the last scored deal of ``results``: the
        winning team's seats, or None while the game goes on (what a
        :class:`~tarotlib.match.Match` to a target asks).

        A team passes when its total reaches (``reach``) or exceeds (``exceed``) the target; under
        ``belote_finish`` a team that won no trick in the last deal (or, with
        ``not_when_capot_or_failed``, whose contract failed) must pass it without that deal's
        belote (CO-10.5). One team passes: it wins. Both: the higher total; equal totals: another
        deal, or (``game_tie = last_deal_winner``) the last deal's winner (CO-10.3). Under
        ``final_deal_exact`` a deal credited with its rounded amounts (``credited``, see
        :meth:`credit`) where its exact ones differ does not end the game (CO-10.4).

        CO-12 E23: both teams over, 2030 beats 2000.

        >>> from tarotlib.core.results import DealResult
        >>> Contree().match_winners([DealResult((230, 50, 230, 50))], (2000, 2030, 2000, 2030), 2000)
        (1, 3)
        >>> Contree().match_winners([DealResult((0, 0, 0, 0))], (2030, 2030, 2030, 2030), 2000) is None
        True
        """
        if (
            self.options.final_deal_exact
            and credited
            and results
            and self._rounded_kept(results, credited[-1])
        ):
            return None  # CO-10.4: the exact amounts did not end the game on this deal
        return self._end_test(results, totals, target)

    def _rounded_kept(self, results: Sequence[DealResult], last: Sequence[float]) -> bool:
        """Whether the last deal of ``results`` was credited ``last``, its rounded amounts, while
        its exact amounts differ (CO-10.4; the carry before it replayed from the deals)."""
        result = results[-1]
        score = result.breakdown
        if result.is_annulled or not isinstance(score, ContreeScore):
            return False
        pending: float = 0
        for earlier in results[:-1]:
            pending = self.settle(pending, earlier)[1]
        rounded = self.settle(pending, result)[0]
        exact = self._score(score.facts, attrs.evolve(score.options, rounding="none"))
        return tuple(last) == tuple(rounded) and exact.team_scores != score.team_scores

    def _end_test(
        self, results: Sequence[DealResult], totals: Sequence[float], target: float
    ) -> tuple[int, ...] | None:
        """CO-10.2 – CO-10.5 on ``totals`` after the last deal of ``results`` (see
        :meth:`match_winners`)."""
        o = self.options
        score = next(
            (r.breakdown for r in reversed(results) if not r.is_annulled), None
        )  # CO-4.5: a thrown-in deal is not scored
        if not isinstance(score, ContreeScore):
            score = None

        def passes(team: int) -> bool:
            total = totals[team]
            if score is not None and o.belote_finish != "allowed" and score.belote_points[team]:
                blocked = score.facts.tricks[team] == 0 or (
                    o.belote_finish == "not_when_capot_or_failed"
                    and team == score.attack
                    and score.made is False
                )
                if blocked:  # CO-10.5
                    total -= score.belote_points[team]
            return total >= target if o.win_condition == "reach" else total > target  # CO-10.2

        over = [team for team in (0, 1) if passes(team)]
        if not over:
            return None
        if len(over) == 1:
            winner = over[0]
        elif totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1  # CO-10.3
        elif (
            o.game_tie == "last_deal_winner" and score is not None and score.winner_team is not None
        ):
            winner = score.winner_team
        else:
            return None  # equal totals: another deal
        return (winner, winner + 2)

    def deals_complete(self, counted: int, deals: int, totals: Sequence[float]) -> bool:
        """CO-10.6: after ``deals`` played deals, unless the teams are tied (``extra_deal``).

        >>> Contree().deals_complete(12, 12, (900, 700, 900, 700))
        True
        >>> Contree().deals_complete(12, 12, (800, 800, 800, 800))
        False
        """
        return counted >= deals and totals[0] != totals[1]
