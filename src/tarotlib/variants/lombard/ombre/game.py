"""Tarocc'Ombre (3, 5, 7 players) and Ombra arrabiata (4 players) on the deal machine: one game
class, :class:`Ombre`, parameterised by :class:`~.options.OmbreOptions` (TO-1 … TO-37).

Phases: ``discard`` (the dealer's, before the auction: TO-4, LO-8), ``auction`` (TO-5),
``concession`` (TO-7, when ``concession_timing = before_exchanges``), ``exchanges`` (TO-6),
``concession`` (TO-7, by default), ``call`` (5 and 7 players, TO-34), ``play`` (TO-8, LO-6,
LO-7), then ``over``.

>>> import tarotlib
>>> rules = tarotlib.variant("tarocco-ombre")
>>> [phase.name for phase in rules.phase_list]
['discard', 'auction', 'exchanges', 'concession', 'play', 'over']
>>> state = rules.new_deal(seed=1)
>>> state.phase, state.to_act, [len(state.hand(seat)) for seat in range(3)]
('discard', 0, [20, 17, 17])
>>> [phase.name for phase in tarotlib.variant("tarocco-ombre", players=5).phase_list]
['discard', 'auction', 'exchanges', 'call', 'play', 'over']
"""

from __future__ import annotations

from typing import Any, Final, TypedDict

import attrs

from tarotlib.core.cards import ALL_CARDS, format_cards
from tarotlib.core.dealing import DealerExtraSchedule
from tarotlib.core.decks import OMBRE_54, TAROT_78, Deck
from tarotlib.core.points import PointTable
from tarotlib.core.results import DealResult
from tarotlib.deal import (
    CallCard,
    DealData,
    DealState,
    DiscardCards,
    Game,
    MultiRoundBidding,
    RequestCards,
    TrickPlay,
    concession,
    dealer_outbid,
    discard_owner,
    evolve,
    unheld_cards,
    unheld_reason,
)
from tarotlib.deal.decisions import CONCEDED as _CONCEDED
from tarotlib.deal.discard import dealer
from tarotlib.deal.phase import Phase
from tarotlib.variants.lombard.facts import MATTO, TRICKS, discard_rule, matto_rule, points
from tarotlib.variants.lombard.lombardy.scoring import PileCount, count_pile
from tarotlib.variants.lombard.ombre.observation import OmbreObservation, observe, visible_mask
from tarotlib.variants.lombard.ombre.options import OmbreOptions
from tarotlib.variants.lombard.ombre.scoring import (
    Contract,
    OmbreScore,
    OmbreSummary,
    score_deal,
)

__all__ = ["CONCEDED", "Exchanges", "Ombre", "OmbreObservation", "count_sides", "side_of"]

CONCEDED: Final = _CONCEDED
"""The note of the concession (TO-7): True when the declarer conceded (the deal machine's
:data:`~tarotlib.deal.decisions.CONCEDED`)."""


class _SummaryCommon(TypedDict):
    """The fields of :class:`OmbreSummary` that a conceded deal and a played one share."""

    players: int
    contract: Contract
    declarer: int
    dealer: int
    win_threshold: int
    banding: str
    reverse_cappotto: bool
    concession_payment: str


def _exchanges(data: DealData) -> int:
    """TO-6.1: due 2 exchanges, una 1, niente none (no contract: none)."""
    contract = data.contract
    return contract.exchanges if isinstance(contract, Contract) else 0


def _may_concede(data: DealData) -> bool:
    """TO-7.1: the dealer bid and another player is declarer."""
    return dealer_outbid(data)


def _calls_partner(data: DealData) -> bool:
    """TO-34.1: a due or una declarer calls a partner; a niente declarer plays alone."""
    return data.contract in (Contract.DUE, Contract.UNA) and not data.note(CONCEDED)


def side_of(data: DealData, players: int) -> tuple[int, ...]:
    """The side of each seat: 0 for the declarer and his partner (if any), 1 for the others
    (TO-1, TO-20, TO-30).

    >>> from tarotlib.deal import DealData
    >>> side_of(DealData(0, None, (), 0, (), declarer=2, partner=4), 5)
    (1, 1, 0, 1, 0)
    """
    side = (data.declarer, data.partner)
    return tuple(0 if seat in side else 1 for seat in range(players))


def _sides(state: DealState) -> DealData:
    """When play begins the sides are fixed (the partner stays secret: TO-34.3)."""
    d = state.data
    return evolve(d, sides=side_of(d, state.rules.players))


_BLANKS: dict[str, int] = {}


def _blank_mask(table: PointTable) -> int:
    """The cards that ``table`` counts as blanks (group value 1), computed once per table."""
    blanks = _BLANKS.get(table.name)
    if blanks is None:
        blanks = _BLANKS[table.name] = sum(1 << c for c in range(78) if table.values[c] == 1)
    return blanks


def count_sides(state: DealState, table: PointTable) -> tuple[int, int, int, int]:
    """``(p, others, declarer's side's pile, others' pile)``: each side's won cards, the discard
    with its owner (LO-8.3, TO-4), counted as one pile (LO-5.6, TO-35.1); never total − p.

    >>> import tarotlib
    >>> from tarotlib.testing import random_play
    >>> final, _ = random_play(tarotlib.variant("tarocco-ombre").new_deal(seed=9), 1)
    >>> p, others, mine, theirs = count_sides(final, final.rules.table)
    >>> p + others, (mine | theirs).bit_count()
    (70, 54)
    """
    d = state.data
    n = state.rules.players
    sides = d.sides or side_of(d, n)
    piles = [state.pile_mask(seat) for seat in range(n)]
    owner = discard_owner(state, "dealer_else_last_trick")  # LO-8.3
    if owner >= 0:
        piles[owner] |= d.discard
    mine = theirs = 0
    for seat in range(n):
        if sides[seat] == 0:
            mine |= piles[seat]
        else:
            theirs |= piles[seat]
    blanks = _blank_mask(table)
    g = table.group_size  # LO-5.4's closed form is a whole number: count in whole points
    p = table.count_units(mine, blanks=(mine & blanks).bit_count()) // g
    o = table.count_units(theirs, blanks=(theirs & blanks).bit_count()) // g
    return p, o, mine, theirs


def _cappotto(state: DealState, side: int, strict: bool, from_discard: bool) -> bool:
    """Whether ``side`` won every trick (LO-7.10: ``strict``, or ``ignore`` the tricks to which a
    member of the side played the Matto)."""
    sides = state.data.sides
    n = state.rules.players
    if strict and not from_discard:
        # Only a trick won puts cards in a pile (a Matto goes back only to a seat that won one).
        return not any(state.pile_mask(s) for s in range(n) if sides[s] != side)
    for trick in state.tricks:
        if sides[trick.winner] == side:
            continue
        if not strict and MATTO in trick.cards:
            seat = trick.leader
            for card in trick.cards:
                if card == MATTO:
                    break
                seat = (seat + 1) % n
            if sides[seat] == side:
                continue
        return False
    return True


@attrs.frozen
class Exchanges(RequestCards):
    """TO-6's exchanges: :class:`~tarotlib.deal.RequestCards` whose refusals cite the rule.

    >>> import tarotlib
    >>> rules = tarotlib.variant("tarocco-ombre")
    >>> state = rules.new_deal(seed=5, dealer=0)
    >>> while state.phase == "discard":
    ...     state = state.apply(state.legal_actions()[0])
    >>> for text in ("pass", "pass", "bid due"):   # the dealer declares
    ...     state = state.apply(rules.parse_action(text))
    >>> own = state.data.discard.bit_length() - 1
    >>> rules.phase_list[2]._reason(state, own)
    'cannot name a card of your own discard (TO-6.2)'
    """

    def _reason(self, state: DealState, card: int) -> str:
        seat = state.to_act
        d = state.data
        if seat is not None and state.hand_mask(seat) >> card & 1:
            return f"cannot name {ALL_CARDS[card]}, a card of your own hand (TO-6.2)"
        if seat == d.dealer and d.discard >> card & 1:
            return "cannot name a card of your own discard (TO-6.2)"
        if state.rules.deck.mask >> card & 1:
            return f"{ALL_CARDS[card]} was named before and is out of play (TO-6.3)"
        return f"{ALL_CARDS[card]} is not in the pack (LO-2.2)"


@attrs.frozen
class Ombre(Game[DealState]):
    """Tarocc'Ombre for 3, 5 or 7 players, or Ombra arrabiata, by ``options`` (see the module
    docstring).

    >>> rules = Ombre(OmbreOptions(players=7))
    >>> rules.name, rules.players, rules.deck.name, rules.dealing.hand, rules.dealing.extra
    ('tarocco-ombre', 7, 'tarot-78', 11, 1)
    >>> arrabiata = Ombre(OmbreOptions(game="ombra-arrabiata", players=4))
    >>> arrabiata.name, arrabiata.deck.name, arrabiata.table.count(1 << 76)   # Mondo 6 alone
    ('ombra-arrabiata', 'ombre-54', Fraction(6, 1))
    """

    options: OmbreOptions = attrs.field(factory=OmbreOptions)
    name: str = attrs.field(init=False)
    players: int = attrs.field(init=False)
    deck: Deck = attrs.field(init=False, repr=False)
    dealing: DealerExtraSchedule = attrs.field(init=False, repr=False, eq=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, repr=False, eq=False)
    table: PointTable = attrs.field(init=False, repr=False, eq=False)
    """The counting of LO-5 for this game (Mondo 5 or 6, groups of 3 or 4)."""

    def __attrs_post_init__(self) -> None:
        o = self.options
        n = o.players
        object.__setattr__(self, "name", o.game)
        object.__setattr__(self, "players", n)
        object.__setattr__(self, "deck", TAROT_78 if o.with_partner else OMBRE_54)  # LO-2.2
        schedule = DealerExtraSchedule(hand=o.hand_size, extra=o.discard_size, packets=o.packets)
        object.__setattr__(self, "dealing", schedule)  # TO-3, TO-22, TO-32
        leftover = o.leftover_rule if o.group == 4 else "face_value"
        object.__setattr__(self, "table", points(o.mondo, o.group, leftover))  # LO-4, LO-5
        d = o.discard_size
        phases: list[Phase[Any]] = [
            DiscardCards(discard_rule(d), d, who=dealer, expects="a card to discard (TO-4, LO-8)"),
            MultiRoundBidding(  # TO-5
                tuple(Contract),
                seniority=o.seniority,
                last_player_may_pass=o.last_player_may_pass,
                all_pass="annul" if o.all_pass == "next_dealer" else "redeal",
                expects="pass or a bid (TO-5.4)",
            ),
        ]
        offer = concession(key=CONCEDED, when=_may_concede)  # TO-7.1
        if o.concession and o.concession_timing == "before_exchanges":  # TO-7.2
            phases.append(offer)
        phases.append(
            Exchanges(  # TO-6
                _exchanges,
                return_received=o.return_received_card,
                in_discard="lost" if o.named_card_in_discard == "exchange_lost" else "rename",
                optional=o.exchanges_optional,
                name="exchanges",
                expects="a card to name, or stop (TO-6.2, TO-6.4)",
            )
        )
        if o.concession and o.concession_timing == "after_exchanges":  # TO-7.2, TO-36
            phases.append(offer)
        if o.with_partner:  # TO-34
            phases.append(
                CallCard(
                    unheld_cards,
                    unheld_reason,
                    when=_calls_partner,
                    optional=o.partner_call == "optional",
                    in_discard="alone" if o.called_card_in_discard == "alone" else "dealer",
                    expects="a card to call, or no-call (TO-34)",
                )
            )
        matto = matto_rule(
            o.mondo,
            payment=o.matto_payment,
            with_partner=o.matto_exchange_with_partner,
            from_discard=o.matto_payment_from_discard,
        )
        phases.append(TrickPlay(TRICKS, setup=_sides, fool=matto))  # TO-8, LO-6, LO-7
        object.__setattr__(self, "phases", tuple(phases))

    def pack_refusal(self, outside: int) -> str:
        """Why ``parse_action`` refuses a card outside the game's pack (LO-2.2: the 54-card pack
        lacks the black 1-6 and the red 5-10).

        >>> import tarotlib
        >>> rules = tarotlib.variant("tarocco-ombre")
        >>> rules.parse_action("request CC"), rules.parse_action("play M")
        (Request(card=Card(NC)), Play(card=Card(EX)))
        >>> rules.parse_action("play 2S")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionParseError: cannot parse action 'play 2S': 2S is not in the 54-card pack...
        """
        return (
            f"{format_cards(outside)} {'are' if outside.bit_count() > 1 else 'is'} not in the "
            f"{len(self.deck)}-card pack of {self.name} "
            "(LO-2.2: no 1-6 of swords and batons, no 5-10 of cups and coins)"
        )

    # -- observations, scoring ------------------------------------------------------------------
    def observe(self, state: DealState, seat: int) -> OmbreObservation:
        """What ``seat`` may see (LO-9, TO-6.5, TO-34.3): see :mod:`.observation`.

        >>> import tarotlib
        >>> rules = tarotlib.variant("tarocco-ombre")
        >>> rules.observe(rules.new_deal(seed=1), 1).phase
        'discard'
        """
        return observe(state, seat)

    def visible_mask(self, state: DealState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.lombard.ombre.observation.visible_mask`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("ombra-arrabiata")
        >>> state = rules.new_deal(seed=4)
        >>> rules.visible_mask(state, 0) == tarotlib.card_mask(state.observation(0).visible_cards())
        True
        """
        return visible_mask(state, seat)

    def count_pile(self, mask: int, label: str = "pile") -> PileCount:
        """Count the cards of ``mask`` as this game counts a side's pile (LO-5 with this game's
        Mondo, groups and leftover rule, LO-4, TO-2, TO-21, TO-31): the one counting entry point
        of the game (:attr:`table` is its point table).

        >>> import tarotlib
        >>> rules = tarotlib.variant("tarocco-ombre")
        >>> rules.count_pile(rules.deck.mask).points    # a deal totals 70 (TO-2)
        70
        >>> tarotlib.variant("ombra-arrabiata").count_pile(rules.deck.mask).points   # 66 (TO-21)
        66
        """
        o = self.options
        leftover = o.leftover_rule if o.group == 4 else "face_value"
        return count_pile(mask, label, mondo=o.mondo, group=o.group, leftover=leftover)

    def summary(self, state: DealState) -> OmbreSummary:
        """The deal as written down at the table, from a finished state.

        >>> import tarotlib
        >>> from tarotlib.testing import random_play
        >>> rules = tarotlib.variant("ombra-arrabiata")
        >>> final, _ = random_play(rules.new_deal(seed=2), 4)
        >>> s = rules.summary(final)
        >>> s.points + s.others >= 66
        True
        """
        self.check_state(state, "summary")
        d = state.data
        o = self.options
        contract = d.contract
        assert isinstance(contract, Contract)
        common: _SummaryCommon = {
            "players": self.players,
            "contract": contract,
            "declarer": d.declarer,
            "dealer": d.dealer,
            "win_threshold": o.win_threshold,
            "banding": o.ombra_banding,
            "reverse_cappotto": o.reverse_cappotto,
            "concession_payment": o.concession_payment,
        }
        if d.note(CONCEDED):  # the dealer bid: TO-7.1 let the declarer concede
            return OmbreSummary(points=None, conceded=True, dealer_bid=True, **common)
        p, others, _, _ = count_sides(state, self.table)
        strict = o.own_matto_trick == "strict"
        return OmbreSummary(
            points=p,
            others=others,
            partner=d.partner,
            cappotto=_cappotto(state, 0, strict, o.matto_payment_from_discard),
            no_trick=_cappotto(state, 1, strict, o.matto_payment_from_discard),
            **common,
        )

    def score(self, state: DealState) -> DealResult:
        """Score a finished deal with :func:`~.scoring.score_deal`.

        >>> import tarotlib
        >>> from tarotlib.testing import random_play
        >>> rules = tarotlib.variant("tarocco-ombre")
        >>> final, _ = random_play(rules.new_deal(seed=9), 1)
        >>> rules.score(final) == final.result
        True
        """
        self.check_state(state, "score")
        score: OmbreScore = score_deal(self.summary(state))
        return score.result()

    # -- match conventions ----------------------------------------------------------------------
    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Ombre(OmbreOptions(players=5)).options_dict()["players"]
        5
        """
        return self.options.to_dict()

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """LO-1.3: the deal passes to the right (``d + 1``), an annulled deal too; with
        ``all_pass = same_dealer`` an all-pass deal is dealt again by the same dealer (TO-5.7).

        >>> from tarotlib.core.results import DealResult
        >>> rules = Ombre(OmbreOptions(all_pass="same_dealer"))
        >>> passed = DealResult((0, 0, 0), annulled=rules.phases[1].redeal_reason)
        >>> rules.next_dealer(2), rules.next_dealer(2, passed)
        (0, 2)
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
        if result is not None and result.is_annulled and self.options.all_pass == "same_dealer":
            return dealer
        return (dealer + 1) % self.players

    def counts_toward_match(self, result: DealResult) -> bool:
        """TO-5.7: an all-pass deal counts (``next_dealer``) or not (``same_dealer``).

        >>> from tarotlib.core.results import DealResult
        >>> passed = DealResult((0, 0, 0), annulled="all players passed")
        >>> Ombre(OmbreOptions()).counts_toward_match(passed)
        True
        >>> Ombre(OmbreOptions(all_pass="same_dealer")).counts_toward_match(passed)
        False
        """
        self.check_result(result, "counts_toward_match")
        return not result.is_annulled or self.options.all_pass == "next_dealer"

    @property
    def match_deals(self) -> int:
        """The deals of a match (option ``deals``; one round by default: TO-10, TO-26, TO-37)."""
        return self.options.match_deals

    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match (LO-1.3 ``first_dealer``: a seat, seat 0 by default, or
        ``"random"``: drawn from the match seed).

        >>> import tarotlib
        >>> tarotlib.variant("tarocco-ombre").match_first_dealer(7)
        0
        >>> tarotlib.variant("tarocco-ombre", first_dealer="random").match_first_dealer(7) in (0, 1, 2)
        True
        """
        self.check_seed(seed, "match_first_dealer")
        fd = self.options.first_dealer
        return super().match_first_dealer(seed) if fd == "random" else fd
