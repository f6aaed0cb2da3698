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

from collections.abc import Sequence
from typing import Final, cast

import attrs

from tarotlib.actions import Action
from tarotlib.cards import Card, cards_of
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
    exposed,
    face_up,
    fool_exchange,
)
from tarotlib.deal.discard import dealer
from tarotlib.deal.observe import DealObservation
from tarotlib.deal.phase import Phase
from tarotlib.dealing import DealerExtraSchedule
from tarotlib.decks import TAROT_78
from tarotlib.engine import Conversion, DealResult
from tarotlib.match import first_dealer_from_seed
from tarotlib.tricks import PlayedTrick
from tarotlib.variants.lombard.facts import (
    HONOURS_MASK,
    MATTO,
    TRICKS,
    discard_rule,
    matto_rule,
)
from tarotlib.variants.lombard.lombardy.options import (
    LombardyOptions,
    ReseghinoOptions,
    packets_of,
)
from tarotlib.variants.lombard.lombardy.scoring import (
    LombardyScore,
    game_points,
    score_lombardy,
    score_reseghino,
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

TEAMS: Final = (0, 1, 0, 1)
"""LO-10: partners sit opposite, seats 0 and 2 (team A) against 1 and 3 (team B)."""
MONTE_REASON: Final = "Monte: every player agreed to annul the deal (LO-13.3)"
_DISCARD_OWNER: Final = "dealer_else_last_trick"  # LO-8.3


def sides_of(state: DealState) -> tuple[int, ...]:
    """The sides of a deal, known from the start: Lombardy's teams (LO-10), else each for himself.

    >>> import tarotlib
    >>> [sides_of(tarotlib.variant(name).new_deal(seed=1)) for name in ("lombardy", "reseghino")]
    [(0, 1, 0, 1), (0, 1, 2)]
    """
    n = state.rules.players
    return state.data.sides or (TEAMS if n == 4 else tuple(range(n)))


def _teams(state: DealState) -> DealData:
    """LO-10: the two fixed partnerships."""
    return evolve(state.data, sides=TEAMS)


@attrs.frozen
class MattoExchange:
    """A Matto exchange made (LO-7.4): the Matto's ``owner`` took it back from the ``holder`` (the
    winner of its trick) and gave him ``card``. Public (LO-9).

    >>> from tarotlib.cards import parse_card
    >>> MattoExchange(3, 0, parse_card("6S"))
    MattoExchange(owner=3, holder=0, card=Card(6S))
    """

    owner: int
    holder: int
    card: Card


Trick = tuple[int, tuple[int, ...], int]
"""A completed trick as the deal machine keeps it: (leader, card indices in play order, winner)."""


def _raw(state: DealState, tricks: Sequence[PlayedTrick] | None) -> Sequence[Trick]:
    """The completed tricks as plain tuples: those given, or the state's own (read as they are
    kept, without building :class:`~tarotlib.tricks.PlayedTrick` objects: scoring reads them once
    per deal)."""
    if tricks is None:
        return state._tricks
    return [(t.leader, tuple(t.cards), t.winner) for t in tricks]


def _matto_trick(state: DealState, tricks: Sequence[Trick]) -> tuple[int, Trick] | None:
    """The seat that played the Matto and its trick, once that trick is complete."""
    for trick in tricks:
        cards = trick[1]
        if MATTO in cards:
            return (trick[0] + cards.index(MATTO)) % len(cards), trick
    return None


def matto_exchange(state: DealState) -> MattoExchange | None:
    """The Matto exchange made in this deal so far (LO-7.4, LO-7.5), or None: none is due (the
    owner won his own trick, or LO-7.8 ``skip`` with his partner), or it waits (LO-7.5), or it was
    never made (LO-7.6). The deal machine's fool rule records it (:func:`tarotlib.deal.fool_exchange`).

    >>> import tarotlib
    >>> matto_exchange(tarotlib.variant("reseghino").new_deal(seed=1)) is None
    True
    """
    made = fool_exchange(state)
    return None if made is None else MattoExchange(*made)


def all_tricks(
    state: DealState,
    ignore_own_matto: bool = False,
    tricks: Sequence[PlayedTrick] | None = None,
) -> tuple[bool, ...]:
    """For each side of ``state.sides`` (by side number), whether it won every trick (LO-16.3).
    LO-7.10 ``ignore`` (``ignore_own_matto``): a trick to which a member of the side played the
    Matto is disregarded.

    >>> import tarotlib
    >>> all_tricks(tarotlib.variant("lombardy").new_deal(seed=1))   # no trick yet
    (False, False)
    """
    return _all_tricks(state, ignore_own_matto, _raw(state, tricks))


def _all_tricks(
    state: DealState, ignore_own_matto: bool, tricks: Sequence[Trick]
) -> tuple[bool, ...]:
    sides = sides_of(state)
    out = []
    for side in range(max(sides) + 1):
        ok = bool(tricks)
        for leader, cards, winner in tricks:
            if sides[winner] == side:
                continue
            if ignore_own_matto and MATTO in cards:
                owner = (leader + cards.index(MATTO)) % len(cards)
                if sides[owner] == side:
                    continue
            ok = False
            break
        out.append(ok)
    return tuple(out)


class LombardState(DealState):
    """One moment of a Lombardy or Reseghino deal (immutable; see
    :class:`~tarotlib.deal.DealState`), with the omniscient accessors of these games. Give players
    :meth:`observation` instead.

    >>> import tarotlib
    >>> state = tarotlib.variant("lombardy").new_deal(seed=3)
    >>> type(state).__name__, len(state.exposed) >= 5, state.discard
    ('LombardState', True, ())
    """

    __slots__ = ()

    @property
    def exposed(self) -> tuple[tuple[int, Card], ...]:
        """The cards exposed under LO-12 with their holders, in the order they were turned up."""
        return exposed(self._d)

    @property
    def face_up(self) -> tuple[tuple[int, Card], ...]:
        """The exposed cards still in their holders' hands."""
        return face_up(self)

    @property
    def monte(self) -> tuple[tuple[int, Action], ...]:
        """The Monte proposals and answers so far, ``(seat, action)`` (LO-13.2, public)."""
        done = [v for k, v in self._d.notes if k == "monte"]
        if done:
            return cast("tuple[tuple[int, Action], ...]", done[0])
        if self.phase == "monte":
            return cast("tuple[tuple[int, Action], ...]", getattr(self._x, "said", ()))
        return ()

    @property
    def discard(self) -> tuple[Card, ...]:
        """The dealer's discard (LO-8; only the dealer sees it during the deal)."""
        return cards_of(self._d.discard)

    @property
    def discard_owner(self) -> int | None:
        """Who owns the discard (LO-8.3), once the last trick is played; None before."""
        if not self.is_over or not self._tricks:
            return None
        return discard_owner(self, _DISCARD_OWNER)

    @property
    def matto_exchange(self) -> MattoExchange | None:
        """The Matto exchange made so far (:func:`matto_exchange`)."""
        return matto_exchange(self)

    def observation(self, seat: int) -> LombardObservation:
        """What ``seat`` may see (:class:`LombardObservation`, LO-9).

        >>> import tarotlib
        >>> tarotlib.variant("reseghino").new_deal(seed=1).observation(2).seat
        2
        """
        return observe(self, seat)


@attrs.frozen
class LombardObservation(DealObservation):
    """What one seat may know of a Lombardy or Reseghino deal (LO-9): besides the common fields,
    the ``sides``, the ``exposed`` cards and their holders (LO-12.3, public), the ``monte``
    proposals and answers (public), the ``discard`` (the dealer's own, and everyone's once the
    deal is over, LO-8.4), its owner once over, and the ``matto`` exchange made (public).

    >>> import tarotlib
    >>> state = tarotlib.variant("lombardy").new_deal(seed=3, dealer=0)
    >>> seen = state.observation(2)
    >>> seen.sides, [(s, c.text) for s, c in seen.exposed][:2] == [(s, c.text) for s, c in state.exposed][:2]
    ((0, 1, 0, 1), True)
    >>> seen.visible_cards() <= {int(c) for c in state.hand(2)} | {int(c) for _, c in state.exposed}
    True
    """

    sides: tuple[int, ...] = ()
    exposed: tuple[tuple[int, Card], ...] = ()
    monte: tuple[tuple[int, Action], ...] = ()
    discard: tuple[Card, ...] = ()
    discard_owner: int | None = None
    matto: MattoExchange | None = None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions: the hand, the cards played, the exposed cards,
        the discard (the dealer's, or at the end) and the card given for the Matto.

        >>> import tarotlib
        >>> state = tarotlib.variant("lombardy").new_deal(seed=3, dealer=0)
        >>> seen = state.observation(1)
        >>> seen.visible_cards() == {int(c) for c in state.hand(1)} | {int(c) for _, c in state.exposed}
        True
        """
        cards = set(super().visible_cards())
        cards |= {int(c) for _, c in self.exposed}
        cards |= {int(c) for c in self.discard}
        if self.matto is not None:
            cards.add(int(self.matto.card))
        return frozenset(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form.

        >>> import tarotlib
        >>> data = tarotlib.variant("reseghino").new_deal(seed=2).observation(0).to_json()
        >>> data["phase"], data["discard"], data["matto"]
        ('discard', [], None)
        """
        data = super().to_json()
        data["sides"] = list(self.sides)
        data["exposed"] = [[s, str(c)] for s, c in self.exposed]
        data["monte"] = [[s, a.text] for s, a in self.monte]
        data["discard"] = [str(c) for c in self.discard]
        data["discard_owner"] = self.discard_owner
        m = self.matto
        data["matto"] = None if m is None else [m.owner, m.holder, str(m.card)]
        return data


def observe(state: LombardState, seat: int) -> LombardObservation:
    """LO-9: public are the exposed cards and their holders, the Monte, the tricks and the Matto
    exchange; private are the hands and the discard (the dealer's until the deal is scored).

    >>> import tarotlib
    >>> rules = tarotlib.variant("reseghino")
    >>> state = rules.new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> len(observe(state, 0).discard), len(observe(state, 1).discard)
    (1, 0)
    """
    d = state.data
    over = state.is_over
    show_discard = over or seat == d.dealer
    return LombardObservation(
        seat=seat,
        players=state.rules.players,
        dealer=d.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=cards_of(state.hand_mask(seat)),
        calls=(),
        contract=None,
        declarer=None,
        tricks=state.tricks,
        trick_leader=state.trick_leader,
        current_trick=state.current_trick,
        result=d.result,
        sides=sides_of(state),
        exposed=state.exposed,
        monte=state.monte,
        discard=state.discard if show_discard else (),
        discard_owner=state.discard_owner,
        matto=state.matto_exchange,
    )


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
    phases: tuple[Phase, ...] = attrs.field(init=False, eq=False, repr=False)

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
        phases: tuple[Phase, ...] = (
            ExposeCards(HONOURS_MASK, order=o.exposure_order),  # LO-12
            MonteRound(enabled=o.monte == "enabled", annul_reason=MONTE_REASON),  # LO-13
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
        won_all = _all_tricks(state, self.options.own_matto_trick == "ignore", tricks)
        score = score_lombardy(
            (piles[0] | piles[2], piles[1] | piles[3]),
            leftover=self.options.leftover_rule,
            all_tricks=(won_all[0], won_all[1]),
            notes=notes,
        )
        a, b = score.scores
        return DealResult((a, b, a, b), breakdown=score)

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

    def convert(self, results: Sequence[DealResult], totals: Sequence[float]) -> Conversion:
        """LO-17: the teams' game points from the deals played, with their breakdown (each seat
        holds its team's points).

        >>> rules = Lombardy()
        >>> conv = rules.convert([DealResult((20, 0, 20, 0))], (20, 0, 20, 0))
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
            else:
                scores.append((int(r.scores[0]), int(r.scores[1])))
                tricks.append((False, False))
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
    phases: tuple[Phase, ...] = attrs.field(init=False, eq=False, repr=False)

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
        phases: tuple[Phase, ...] = (
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
        score = score_reseghino(piles, notes=notes)
        return DealResult(score.scores, breakdown=score)

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
