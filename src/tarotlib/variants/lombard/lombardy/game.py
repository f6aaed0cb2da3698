"""Lombardy tarot (LO-10 … LO-17) and Reseghino (RE-1 … RE-7) on the deal machine.

Lombardy's phases: ``exposure`` (LO-12: the dealer's extra cards and the last card of each other
hand turned up; with ``exposure_order='dealer_choice'`` the dealer chooses his further cards),
``monte`` (LO-13: a proposal to annul the deal, all others must accept), ``discard`` (LO-14, LO-8:
the dealer lays 2 cards aside), ``play`` (LO-15: 19 tricks with the Matto of LO-7), then ``over``.
Reseghino's: ``discard`` (RE-4: 3 cards), ``play`` (RE-5: 25 tricks), ``over``.

>>> import tarotlib
>>> rules = tarotlib.variant("lombardy")
>>> [phase.name for phase in rules.phase_list]
['exposure', 'monte', 'discard', 'play', 'over']
>>> state = rules.new_deal(seed=3, dealer=0)
>>> state.phase, state.to_act, [len(state.hand(s)) for s in range(4)]   # LO-11, LO-13.2
('monte', 1, [21, 19, 19, 19])
>>> [phase.name for phase in tarotlib.variant("reseghino").phase_list]
['discard', 'play', 'over']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import attrs

from tarotlib.core.dealing import DealerExtraSchedule, Layout, first_dealer_from_seed
from tarotlib.core.decks import TAROT_78
from tarotlib.core.points import PointTable
from tarotlib.core.results import Conversion, DealResult
from tarotlib.deal import (
    DealData,
    DealState,
    DiscardCards,
    ExposeCards,
    Game,
    MonteRound,
    TrickPlay,
    discard_owner,
    evolve,
)
from tarotlib.deal.discard import dealer
from tarotlib.deal.phase import Phase
from tarotlib.errors import MatchError
from tarotlib.variants.lombard.facts import (
    HONOURS_MASK,
    MATTO,
    TRICKS,
    discard_rule,
    matto_rule,
    points,
)
from tarotlib.variants.lombard.lombardy.observation import (
    LombardObservation,
    observe,
    visible_mask,
)
from tarotlib.variants.lombard.lombardy.options import (
    LombardyOptions,
    ReseghinoOptions,
    packets_of,
)
from tarotlib.variants.lombard.lombardy.scoring import (
    LombardyScore,
    PileCount,
    ReseghinoScore,
    count_pile,
    game_points,
    score_lombardy,
    score_lombardy_points,
    score_reseghino,
    score_reseghino_points,
)
from tarotlib.variants.lombard.lombardy.state import (
    _DISCARD_OWNER,
    MONTE_REASON,
    TEAMS,
    LombardState,
    MattoExchange,
    Trick,
    _matto_trick,
    _raw,
    _trick_facts,
    all_tricks,
    matto_exchange,
    sides_of,
)

__all__ = [
    "MONTE_REASON",
    "TEAMS",
    "LombardObservation",
    "LombardState",
    "Lombardy",
    "MattoExchange",
    "Reseghino",
    "all_tricks",
    "matto_exchange",
    "sides_of",
]


def _teams(state: DealState) -> DealData:
    """LO-10: the two fixed partnerships."""
    return evolve(state.data, sides=TEAMS)


def _piles_with_discard(state: DealState, tricks: Sequence[Trick]) -> tuple[list[int], list[str]]:
    """Each seat's pile, the discard joined to its owner's (LO-8.3), and notes for the breakdown."""
    n = state.rules.players
    piles = [state.pile_mask(s) for s in range(n)]
    d = state.data
    owner = discard_owner(state, _DISCARD_OWNER)
    notes = []
    if d.discard:
        piles[owner] |= d.discard
        why = (
            "the dealer won a trick"
            if owner == d.dealer
            else "the dealer won no trick: the last trick's winner"
        )
        notes.append(f"the discard goes to seat {owner} ({why}, LO-8.3)")
    found = _matto_trick(state, tricks)
    if found is not None:
        x, trick = found
        ex = matto_exchange(state)
        if ex is not None:
            notes.append(
                f"the Matto (seat {x}) was taken back from seat {ex.holder} for {ex.card} (LO-7.4)"
            )
        elif x != trick[2] and not piles[x] >> MATTO & 1:
            notes.append(f"the Matto (seat {x}) stays with seat {trick[2]}")
    return piles, notes


def _ordered(layout: Layout | None) -> Layout | None:
    """A layout with its dealing order: as given, or each hand in the order it lists its cards."""
    if isinstance(layout, Layout) and layout.order is None:
        return attrs.evolve(layout, order=layout.hands)
    return layout


def _first_dealer(option: object, seed: int | None, players: int) -> int:
    if option == "random":
        return 0 if seed is None else first_dealer_from_seed(seed, players)
    return cast(int, option)


@attrs.frozen
class Lombardy(Game[LombardState]):
    """Lombardy tarot: four players in two fixed partnerships, partners opposite (LO-10), with
    :class:`~tarotlib.variants.lombard.lombardy.options.LombardyOptions`. A game is 4 deals
    (LO-17.1): ``Match.start(rules, deals=4)``; its game points are ``match.points`` (LO-17).

    >>> rules = Lombardy()
    >>> rules.name, rules.players, rules.deck.name, rules.kitty_name
    ('lombardy', 4, 'tarot-78', 'discard')
    """

    options: LombardyOptions = attrs.field(factory=LombardyOptions)
    dealing: DealerExtraSchedule = attrs.field(init=False, eq=False, repr=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    monte_round: MonteRound = attrs.field(init=False, eq=False, repr=False)
    """The Monte (LO-13)."""
    table: PointTable = attrs.field(init=False, eq=False, repr=False)
    """The counting of LO-5 in this game: the Mondo worth 6, groups of 4, the leftover rule of the
    options (LO-5.5); :meth:`count_pile` counts a pile with it."""

    name = "lombardy"
    players = 4
    deck = TAROT_78
    state_class = LombardState
    kitty_name = "discard"

    def __attrs_post_init__(self) -> None:
        o = self.options
        packets = packets_of(o.deal_packets, 19, "LO-11")
        # LO-11: 19 each, then 2 more to the dealer, keeping the dealing order for LO-12.
        object.__setattr__(
            self, "dealing", DealerExtraSchedule(19, 2, packets=packets, keep_order=True)
        )
        monte = MonteRound(enabled=o.monte == "enabled", annul_reason=MONTE_REASON)  # LO-13
        phases: tuple[Phase[Any], ...] = (
            ExposeCards(HONOURS_MASK, order=o.exposure_order),  # LO-12
            monte,
            DiscardCards(  # LO-14, LO-8
                discard_rule(2), 2, who=dealer, expects="a card to discard (LO-8, LO-14)"
            ),
            TrickPlay(  # LO-15, LO-6, LO-7
                TRICKS,
                setup=_teams,
                fool=matto_rule(
                    6,
                    payment=o.matto_payment,
                    with_partner=o.matto_exchange_with_partner,
                    from_discard=o.matto_payment_from_discard,
                ),
                name_cards=True,
                expects="a card to play (LO-6)",
            ),
        )
        object.__setattr__(self, "phases", phases)
        object.__setattr__(self, "monte_round", monte)
        object.__setattr__(self, "table", points(6, 4, o.leftover_rule))  # LO-4, LO-5, LO-16.1

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Lombardy().options_dict()["exposure_order"]
        'reverse_deal'
        """
        return self.options.to_dict()

    def observe(self, state: LombardState, seat: int) -> LombardObservation:
        """What ``seat`` may see (LO-9, :class:`LombardObservation`).

        >>> rules = Lombardy()
        >>> rules.observe(rules.new_deal(seed=1), 0).phase
        'monte'
        """
        return observe(state, seat)

    def visible_mask(self, state: LombardState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.lombard.lombardy.observation.visible_mask`).

        >>> import tarotlib
        >>> rules = Lombardy()
        >>> state = rules.new_deal(seed=1)
        >>> rules.visible_mask(state, 0) == tarotlib.card_mask(state.observation(0).visible_cards())
        True
        """
        return visible_mask(state, seat)

    def score(self, state: LombardState) -> DealResult:
        """LO-16: the teams' piles (the discard joining its owner's, LO-8.3) counted by
        :func:`~tarotlib.variants.lombard.lombardy.scoring.score_lombardy`; both partners hold
        their team's score.

        >>> import tarotlib
        >>> rules = tarotlib.variant("lombardy", monte="disabled")
        >>> state = rules.new_deal(seed=5)
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> a, b, a2, b2 = state.result.scores
        >>> (a, b) == (a2, b2), min(a, b) == 0
        (True, True)
        """
        self.check_state(state, "score")
        tricks = _raw(state, None)
        piles, notes = _piles_with_discard(state, tricks)
        won, but = _trick_facts(state, tricks)
        ignore = self.options.own_matto_trick == "ignore"  # LO-7.10
        matto = (ignore and but[0], ignore and but[1])
        score = score_lombardy(
            (piles[0] | piles[2], piles[1] | piles[3]),
            leftover=self.options.leftover_rule,
            all_tricks=(won[0] or matto[0], won[1] or matto[1]),
            notes=notes,
            matto_trick=matto,
        )
        return score.result()

    def count_pile(self, mask: int, label: str = "pile") -> PileCount:
        """Count the cards of ``mask`` as this game counts a team's pile (LO-5, LO-16.1: the
        Mondo worth 6, groups of 4, the options' leftover rule): the one counting entry point of
        the game.

        LO-E2: the dealer's team's 6 cards count 15 (14 under ``leftover_rule='conserving'``).

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> pile = card_mask(parse_cards("KS QS NS 7S QH JC"))
        >>> Lombardy().count_pile(pile).points
        15
        >>> Lombardy(LombardyOptions(leftover_rule="conserving")).count_pile(pile).points
        14
        """
        return count_pile(mask, label, leftover=self.options.leftover_rule)

    def score_points(
        self,
        points: tuple[int, int],
        *,
        all_tricks: tuple[bool, bool] = (False, False),
        all_but_own_matto: tuple[bool, bool] = (False, False),
    ) -> DealResult:
        """A deal's result from what the table writes down, under these rules' options:
        :func:`~tarotlib.variants.lombard.lombardy.scoring.score_lombardy_points` (the teams'
        counted points, the all-tricks facts with LO-7.10 applied), as a
        :class:`~tarotlib.core.results.DealResult` a :class:`~tarotlib.match.Match` takes.

        >>> Lombardy().score_points((66, 6)).scores
        (30, 0, 30, 0)
        """
        return score_lombardy_points(
            points,
            all_tricks=all_tricks,
            all_but_own_matto=all_but_own_matto,
            options=self.options,
        ).result()

    # -- the match (LO-17) ------------------------------------------------------------------------
    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match (option ``first_dealer``, LO-1.3): the seat given (default
        0), or under ``'random'`` drawn from the match seed.

        >>> fixed = Lombardy(LombardyOptions(first_dealer=2))
        >>> Lombardy().match_first_dealer(7), fixed.match_first_dealer(7)
        (0, 2)
        """
        self.check_seed(seed, "match_first_dealer")
        return _first_dealer(self.options.first_dealer, seed, 4)

    @property
    def match_deals(self) -> int:
        """LO-17.1: a game is four deals, so that each player deals once (the length of a match
        started without a stopping rule).

        >>> Lombardy().match_deals
        4
        """
        return 4

    def counts_toward_match(self, result: DealResult) -> bool:
        """Every deal counts, an annulled (Monte) deal too (LO-13.3, LO-17.1).

        >>> Lombardy().counts_toward_match(DealResult((0, 0, 0, 0), annulled=MONTE_REASON))
        True
        """
        self.check_result(result, "counts_toward_match")
        return True

    def deals_complete(self, counted: int, deals: int, totals: Sequence[float]) -> bool:
        """LO-17.1: the game is ``deals`` deals (4); under ``lombardy_tie='extra_deal'`` single
        deals are added while the teams are tied (LO-17.6).

        >>> rules = Lombardy(LombardyOptions(lombardy_tie="extra_deal"))
        >>> rules.deals_complete(4, 4, (5, 5, 5, 5)), rules.deals_complete(5, 4, (5, 9, 5, 9))
        (False, True)
        >>> Lombardy().deals_complete(4, 4, (5, 5, 5, 5))
        True
        """
        if counted < deals:
            return False
        return self.options.lombardy_tie != "extra_deal" or totals[0] != totals[1]

    def match_refusal(self, result: DealResult, carry: float) -> str | None:
        """Why a match cannot take ``result``: a played deal without its
        :class:`~tarotlib.variants.lombard.lombardy.scoring.LombardyScore` breakdown, which says
        whether a team won all the tricks (the game points of LO-17.5 need it); None for a deal
        the match can take (a played deal with its score, or an annulled one).

        >>> rules = Lombardy()
        >>> rules.match_refusal(rules.score_points((66, 6)), 0) is None
        True
        >>> print(rules.match_refusal(DealResult((30, 0, 30, 0)), 0))  # doctest: +ELLIPSIS
        a Lombardy deal needs its LombardyScore as breakdown: ...
        """
        self.check_result(result, "match_refusal")
        if result.is_annulled or isinstance(result.breakdown, LombardyScore):
            return None
        return (
            "a Lombardy deal needs its LombardyScore as breakdown: the game points read whether "
            "a team won all the tricks (LO-17.5); score the deal with rules.score_points(...) "
            "(or score_lombardy_points(...).result())"
        )

    def convert(self, results: Sequence[DealResult], totals: Sequence[float]) -> Conversion:
        """LO-17: the teams' game points from the deals played, with their breakdown (each seat
        holds its team's points). A played deal without its score is refused
        (:meth:`match_refusal`).

        >>> rules = Lombardy()
        >>> conv = rules.convert([rules.score_points((56, 16))], (20, 0, 20, 0))
        >>> conv.points, conv.lines[-1]
        ((2, 0, 2, 0), 'game points: team A 2, team B 0')
        """
        scores: list[tuple[int, int]] = []
        tricks: list[tuple[bool, bool]] = []
        for r in results:
            deal = r.breakdown
            if isinstance(deal, LombardyScore):
                scores.append(deal.scores)
                tricks.append(deal.all_tricks)
            elif r.is_annulled:
                scores.append((0, 0))
                tricks.append((False, False))
            else:
                raise MatchError(str(self.match_refusal(r, 0)))
        gp = game_points(scores, tricks, self.options.lombardy_tie)
        a, b = gp.points
        return Conversion((a, b, a, b), gp.lines())


@attrs.frozen
class Reseghino(Game[LombardState]):
    """Reseghino: three players, each for himself (RE-1), with
    :class:`~tarotlib.variants.lombard.lombardy.options.ReseghinoOptions`. A game is 3 deals
    (RE-7): ``Match.start(rules, deals=3)``.

    >>> rules = Reseghino()
    >>> rules.name, rules.players, [len(h) for h in rules.new_deal(seed=1, dealer=2).layout.hands]
    ('reseghino', 3, [25, 25, 28])
    """

    options: ReseghinoOptions = attrs.field(factory=ReseghinoOptions)
    dealing: DealerExtraSchedule = attrs.field(init=False, eq=False, repr=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    table: PointTable = attrs.field(init=False, eq=False, repr=False)
    """The counting of RE-2: the Mondo worth 5, groups of 3; :meth:`count_pile` counts a pile
    with it."""

    name = "reseghino"
    players = 3
    deck = TAROT_78
    state_class = LombardState
    kitty_name = "discard"

    def __attrs_post_init__(self) -> None:
        o = self.options
        packets = packets_of(o.deal_packets, 25, "RE-3")
        # RE-3: 25 each, then 3 more to the dealer; no exposure, no Monte.
        object.__setattr__(
            self, "dealing", DealerExtraSchedule(25, 3, packets=packets, keep_order=True)
        )
        phases: tuple[Phase[Any], ...] = (
            DiscardCards(  # RE-4, LO-8
                discard_rule(3), 3, who=dealer, expects="a card to discard (LO-8, RE-4)"
            ),
            TrickPlay(  # RE-5, LO-6, LO-7
                TRICKS,
                fool=matto_rule(
                    5,
                    payment=o.matto_payment,
                    from_discard=o.matto_payment_from_discard,
                ),
                name_cards=True,
                expects="a card to play (LO-6)",
            ),
        )
        object.__setattr__(self, "phases", phases)
        object.__setattr__(self, "table", points(5, 3))  # RE-2

    def new_deal(
        self,
        *,
        seed: int | None = None,
        layout: Layout | None = None,
        dealer: int = 0,
        facts: Mapping[str, object] | None = None,
    ) -> LombardState:
        """Deal from ``seed`` or from ``layout`` (see :meth:`tarotlib.deal.Game.new_deal`).
        Reseghino has no exposure (RE-3), so the order in which each hand was dealt changes
        nothing: a layout without it (``Layout.from_text``) is dealt as if each hand had been
        dealt in the order it lists its cards (the deal keeps that order, as a seeded deal keeps
        its own).

        >>> import tarotlib
        >>> state = Reseghino().new_deal(seed=4, dealer=1)
        >>> plain = tarotlib.Layout(state.layout.hands, (), dealer=1)   # no dealing order
        >>> again = Reseghino().new_deal(layout=plain)
        >>> again.layout.hands == state.layout.hands, again.legal_actions() == state.legal_actions()
        (True, True)
        """
        return super().new_deal(seed=seed, layout=_ordered(layout), dealer=dealer, facts=facts)

    def check_layout(self, layout: Layout) -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` is a Reseghino deal (RE-3:
        25 cards each and 3 more to the dealer); its dealing order may be left out (see
        :meth:`new_deal`).

        >>> import tarotlib
        >>> Reseghino().check_layout(tarotlib.Layout.from_text(["KH", "QH", "JH"]))
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: the dealer (seat 0) has 1 cards; he needs 28 (25 and his 3 extra cards)
        """
        ordered = _ordered(layout)
        super().check_layout(layout if ordered is None else ordered)

    def count_pile(self, mask: int, label: str = "pile") -> PileCount:
        """Count the cards of ``mask`` as this game counts a player's pile (RE-2: the Mondo worth
        5, groups of 3): the one counting entry point of the game.

        LO-E5: the dealer's 30 cards with the Mondo, KS, KD, QC and NH count 27.

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> x = card_mask(parse_cards("T21 KS KD QC NH 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1C 2C 3C "
        ...                           "4C 5C 6C 7C 8C 9C 10C T2 T3 T4 T5 T6"))
        >>> Reseghino().count_pile(x).points
        27
        """
        return count_pile(mask, label, mondo=5, group=3)

    def score_points(self, points: Sequence[int]) -> DealResult:
        """A deal's result from what the table writes down, each player's counted points:
        :func:`~tarotlib.variants.lombard.lombardy.scoring.score_reseghino_points` as a
        :class:`~tarotlib.core.results.DealResult` a :class:`~tarotlib.match.Match` takes.

        >>> Reseghino().score_points((27, 37, 14)).scores   # LO-E5
        (1, 11, -12)
        """
        score: ReseghinoScore = score_reseghino_points(points, options=self.options)
        return score.result()

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Reseghino().options_dict()["reseghino_tie"]
        'shared'
        """
        return self.options.to_dict()

    def observe(self, state: LombardState, seat: int) -> LombardObservation:
        """What ``seat`` may see (LO-9, :class:`LombardObservation`).

        >>> rules = Reseghino()
        >>> rules.observe(rules.new_deal(seed=1), 0).phase
        'discard'
        """
        return observe(state, seat)

    def visible_mask(self, state: LombardState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.lombard.lombardy.observation.visible_mask`).

        >>> import tarotlib
        >>> rules = Reseghino()
        >>> state = rules.new_deal(seed=1)
        >>> rules.visible_mask(state, 2) == tarotlib.card_mask(state.observation(2).visible_cards())
        True
        """
        return visible_mask(state, seat)

    def score(self, state: LombardState) -> DealResult:
        """RE-6: each player's pile (the discard joining its owner's, LO-8.3) counted by
        :func:`~tarotlib.variants.lombard.lombardy.scoring.score_reseghino`.

        >>> import tarotlib
        >>> state = tarotlib.variant("reseghino").new_deal(seed=5)
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> sum(state.result.scores)
        0
        """
        self.check_state(state, "score")
        piles, notes = _piles_with_discard(state, _raw(state, None))
        return score_reseghino(piles, notes=notes).result()

    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match (option ``first_dealer``, LO-1.3).

        >>> randomly = Reseghino(ReseghinoOptions(first_dealer="random"))
        >>> Reseghino().match_first_dealer(None), randomly.match_first_dealer(None)
        (0, 0)
        >>> randomly.match_first_dealer(7) in (0, 1, 2)
        True
        """
        self.check_seed(seed, "match_first_dealer")
        return _first_dealer(self.options.first_dealer, seed, 3)

    @property
    def match_deals(self) -> int:
        """RE-7: a game is three deals (the length of a match started without a stopping rule).

        >>> Reseghino().match_deals
        3
        """
        return 3

    def counts_toward_match(self, result: DealResult) -> bool:
        """Every deal counts (RE-7; Reseghino has no annulment).

        >>> Reseghino().counts_toward_match(DealResult((1, 11, -12)))
        True
        """
        self.check_result(result, "counts_toward_match")
        return True

    def deals_complete(self, counted: int, deals: int, totals: Sequence[float]) -> bool:
        """RE-7: ``deals`` deals (3); under ``reseghino_tie='extra_deal'`` single deals are added
        while the highest total is shared.

        >>> rules = Reseghino(ReseghinoOptions(reseghino_tie="extra_deal"))
        >>> rules.deals_complete(3, 3, (5, 5, -10)), rules.deals_complete(3, 3, (6, 4, -10))
        (False, True)
        """
        if counted < deals:
            return False
        if self.options.reseghino_tie != "extra_deal":
            return True
        best = max(totals)
        return sum(1 for t in totals if t == best) == 1

    def convert(self, results: Sequence[DealResult], totals: Sequence[float]) -> Conversion:
        """RE-7: the totals as they are; the lines name the winner (or the tied leaders, who share
        the win under ``reseghino_tie='shared'``).

        >>> Reseghino().convert([], (5, 5, -10)).lines
        ('seats 0 and 1 share the win with 5 (RE-7)',)
        """
        best = max(totals)
        top = [s for s, t in enumerate(totals) if t == best]
        if len(top) == 1:
            line = f"seat {top[0]} wins with {best:g} (RE-7)"
        else:
            names = ", ".join(str(s) for s in top[:-1])
            line = f"seats {names} and {top[-1]} share the win with {best:g} (RE-7)"
        return Conversion(tuple(totals), (line,))
