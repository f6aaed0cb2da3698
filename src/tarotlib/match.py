"""A match: an immutable series of deals with cumulative scores (FT-16).

A match is started with exactly one stopping rule — a fixed number of deals (FT-16.1; whether an
annulled deal counts is the variant's ``counts_toward_match``, option ``annulled_deals_count`` in
French Tarot) or a target score (the match ends when some seat's total reaches it). The dealer
passes with ``rules.next_dealer`` after every deal, annulled ones included (FT-2.3). The winners are
all the seats tied for the highest total (ties are shared, FT-19 Q-11).

>>> import tarotlib
>>> from tarotlib.bots import RandomBot
>>> from tarotlib.match import Match
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> match = Match.start(rules, deals=3, seed=11)
>>> bots = [RandomBot(seat) for seat in range(4)]
>>> done = match.play(bots)
>>> done.is_over, done.deals_counted, sum(done.totals)
(True, 3, 0)
>>> match.results   # the original match is unchanged
()
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from tarotlib.core.dealing import Layout, first_dealer_from_seed
from tarotlib.core.results import Conversion, DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.errors import MatchError

if TYPE_CHECKING:
    from tarotlib.bots import Bot

__all__ = ["Match", "first_dealer_from_seed"]


@attrs.frozen
class Match:
    """A series of deals (FT-16). Build one with :meth:`start`; :meth:`add` returns a new match.

    Fields: the ``rules``; the stopping rule (``deals`` or ``target_score``, the other None); the
    ``first_dealer``; the match ``seed`` (None: deals come from layouts); the ``results`` so far;
    the ``dealer`` of the next deal.

    >>> import tarotlib
    >>> from tarotlib.core.results import DealResult
    >>> m = Match.start(tarotlib.variant("french-tarot", players=3), deals=2)
    >>> m = m.add(DealResult((40, -20, -20)))
    >>> m = m.add(DealResult((0, 0, 0), annulled="all players passed"))
    >>> m.totals, m.deals_counted, m.is_over, m.dealer
    ((40, -20, -20), 1, False, 2)
    >>> m.add(DealResult((-60, 30, 30))).winners
    (1, 2)
    """

    rules: Game
    deals: int | None
    target_score: float | None
    first_dealer: int
    seed: int | None
    results: tuple[DealResult, ...]
    dealer: int
    credited: tuple[tuple[float, ...], ...] = ()
    """The points credited to each seat for each deal (``rules.settle``: the deal's scores, plus
    any carry-over it won)."""
    carry: float = 0
    """Points set aside for a later deal (Belote's litige, BE-11.7); 0 in most games."""

    @classmethod
    def start(
        cls,
        rules: Game,
        *,
        deals: int | None = None,
        target_score: float | None = None,
        first_dealer: int | None = None,
        seed: int | None = None,
    ) -> Match:
        """A new match under ``rules`` with exactly one stopping rule.

        ``first_dealer``: the seat that deals first; when not given, the game's own
        ``rules.match_first_dealer(seed)``: by default drawn from the match seed
        (:func:`first_dealer_from_seed`; FT-2.3, BE-3.1), or seat 0 for a match without a seed; a
        game may fix it (LO-1.3's option ``first_dealer``, seat 0 by default).
        ``deals``: the number of deals to play, counted with ``rules.counts_toward_match``;
        ``target_score``: the match ends when the totals reach it (``rules.target_reached``).
        Without either, the game's own number of deals (``rules.match_deals``, e.g. Lombardy's 4,
        LO-17.1) or else its own target (``rules.match_target``, e.g. Belote's 1000) is used if it
        has one. ``seed`` (optional)
        seeds every deal: deal *k* (counting annulled deals) is dealt from
        ``rng.derive_seed(seed, k)``; without a seed, give :meth:`new_deal` a layout.

        >>> import tarotlib
        >>> Match.start(tarotlib.variant("french-tarot"), deals=4, target_score=500)
        Traceback (most recent call last):
            ...
        tarotlib.errors.MatchError: give exactly one stopping rule: deals or target_score
        """
        if not all(hasattr(rules, name) for name in ("players", "new_deal", "settle")):
            raise MatchError(f"a match is played under a game's rules, got {type(rules).__name__}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise MatchError(f"seed must be an integer, got {seed!r}")
        if deals is None and target_score is None:  # the game's own length or target
            deals = rules.match_deals
            if deals is None:
                target_score = rules.match_target
        if (deals is None) == (target_score is None):
            raise MatchError("give exactly one stopping rule: deals or target_score")
        if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)):
            raise MatchError(f"deals must be a whole number, got {deals!r}")
        if deals is not None and deals < 1:
            raise MatchError(f"deals must be at least 1, got {deals}")
        if target_score is not None and (
            isinstance(target_score, bool)
            or not isinstance(target_score, int | float)
            or not 0 < target_score < math.inf
        ):
            raise MatchError(f"target_score must be positive and finite, got {target_score!r}")
        if first_dealer is None:
            first_dealer = rules.match_first_dealer(seed)  # FT-2.3, BE-3.1; LO-1.3
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < rules.players
        ):
            raise MatchError(
                f"first_dealer must be a seat 0..{rules.players - 1}, got {first_dealer}"
            )
        return cls(rules, deals, target_score, first_dealer, seed, (), first_dealer)

    # -- derived values -------------------------------------------------------------------------
    @property
    def totals(self) -> tuple[float, ...]:
        """Each seat's cumulative score.

        >>> import tarotlib
        >>> Match.start(tarotlib.variant("french-tarot", players=3), deals=1).totals
        (0, 0, 0)
        """
        totals: list[float] = [0] * self.rules.players
        for scores in self.credited:
            for seat, score in enumerate(scores):
                totals[seat] += score
        return tuple(totals)

    @property
    def deals_counted(self) -> int:
        """The deals that count toward the number of deals (``rules.counts_toward_match``).

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> m = Match.start(tarotlib.variant("french-tarot", players=3), deals=5)
        >>> m.add(DealResult((0, 0, 0), annulled="petit sec (seat 1)")).deals_counted
        0
        """
        counts = self.rules.counts_toward_match
        return sum(1 for r in self.results if counts(r))

    @property
    def is_over(self) -> bool:
        """True when the stopping rule is met.

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> m = Match.start(tarotlib.variant("french-tarot", players=3), target_score=100)
        >>> m.add(DealResult((100, -50, -50))).is_over
        True
        """
        if self.deals is not None:
            complete = getattr(self.rules, "deals_complete", None)
            if complete is None:  # rules written before the hook: the number of deals alone
                return self.deals_counted >= self.deals
            return bool(complete(self.deals_counted, self.deals, self.totals))
        assert self.target_score is not None
        decided = self._decided()
        if decided is not False:  # the game decides from its deals (``match_winners``)
            return decided is not None
        return self.rules.target_reached(self.totals, self.target_score)

    def _decided(self) -> tuple[int, ...] | bool | None:
        """For a match to a target under a game with the hook ``match_winners(results, totals,
        target, credited)`` (an end test that reads the deals and what each credited, not only the
        totals): the winning seats, or None while the match goes on; False for a game without the
        hook or a match of a number of deals."""
        hook = getattr(self.rules, "match_winners", None)
        if hook is None or self.target_score is None:
            return False
        winners: tuple[int, ...] | None = hook(
            self.results, self.totals, self.target_score, self.credited
        )
        return winners

    @property
    def points(self) -> Conversion:
        """The totals converted to the game's own points (``rules.convert``; LO-17's game
        points), with the lines that explain them; the totals themselves in most games.

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> m = Match.start(tarotlib.variant("french-tarot", players=3), deals=1)
        >>> m.add(DealResult((-40, 20, 20))).points.points
        (-40, 20, 20)
        """
        convert = getattr(self.rules, "convert", None)
        if convert is None:
            return Conversion(self.totals)
        conversion: Conversion = convert(self.results, self.totals)
        return conversion

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (several when tied: ties are shared, FT-19 Q-11).

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> m = Match.start(tarotlib.variant("french-tarot", players=3), deals=1)
        >>> m.add(DealResult((-40, 20, 20))).winners
        (1, 2)
        """
        decided = self._decided()
        if isinstance(decided, tuple) and decided:  # the game's own end test named the winners
            return decided
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    # -- playing --------------------------------------------------------------------------------
    def new_deal(self, *, layout: Layout | None = None) -> DealState:
        """The next deal, dealt by :attr:`dealer`: from ``layout`` if given (its dealer must be
        :attr:`dealer`), else from the match seed (``derive_seed(seed, len(results))``).

        >>> import tarotlib
        >>> from tarotlib.core.rng import derive_seed
        >>> m = Match.start(tarotlib.variant("french-tarot"), deals=1, seed=5, first_dealer=2)
        >>> state = m.new_deal()
        >>> state.seed == derive_seed(5, 0), state.layout.dealer
        (True, 2)

        The deal is given the facts the game asks for (:meth:`deal_facts`), for instance that it is
        the first of the series (FT-20.4).
        """
        if self.is_over:
            raise MatchError("the match is over")
        facts = self.deal_facts() or None
        if layout is not None:
            if layout.dealer != self.dealer:
                raise MatchError(
                    f"the layout's dealer is seat {layout.dealer}; this deal is dealt by seat "
                    f"{self.dealer}"
                )
            return self.rules.new_deal(layout=layout, facts=facts)
        if self.seed is None:
            raise MatchError("this match has no seed: give new_deal a layout")
        seed = derive_seed(self.seed, len(self.results))
        return self.rules.new_deal(seed=seed, dealer=self.dealer, facts=facts)

    def deal_facts(self) -> dict[str, object]:
        """The facts the next deal is given (``rules.deal_facts(deals_counted)``, when the game
        has that convention; none otherwise).

        >>> import tarotlib
        >>> Match.start(tarotlib.variant("french-tarot"), deals=1, seed=5).deal_facts()
        {}
        """
        hook = getattr(self.rules, "deal_facts", None)
        return {} if hook is None else dict(hook(self.deals_counted))

    def add(self, result: DealResult) -> Match:
        """A new match with ``result`` added and credited (``rules.settle``, or ``rules.credit(carry,
        result, totals, target)`` for a game whose crediting depends on the running totals and the
        target, CO-10.4); the dealer passes on (``rules.next_dealer``) after every deal, annulled
        ones included (FT-2.3). A result the game cannot credit as it stands is refused with a
        :class:`~tarotlib.errors.MatchError` saying why (``rules.match_refusal``: a Lombardy deal
        without its score, which says whether a team won all the tricks, LO-17.5).

        >>> import tarotlib
        >>> from tarotlib.core.results import DealResult
        >>> m = Match.start(tarotlib.variant("french-tarot", dealer_rotation="against_play"), deals=2)
        >>> m.add(DealResult((0, 0, 0, 0), annulled="all players passed")).dealer
        3

        A result of another game's deal is refused (a result made by hand names no game):

        >>> reseghino = Match.start(tarotlib.variant("reseghino"), deals=2)
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=9)
        >>> while not state.is_over:
        ...     state = state.apply(tarotlib.Pass())
        >>> reseghino.add(state.result)
        Traceback (most recent call last):
            ...
        tarotlib.errors.MatchError: the result is of a deal of french-tarot; this match plays reseghino

        A Lombardy result made by hand, without its score, is refused (LO-17.5 needs it):

        >>> lombardy = Match.start(tarotlib.variant("lombardy"))
        >>> lombardy.add(DealResult((0, 36, 0, 36)))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.MatchError: a Lombardy deal needs its LombardyScore as breakdown: ...
        """
        if not isinstance(result, DealResult):
            raise MatchError(f"add() takes a deal's DealResult, got {type(result).__name__}")
        if self.is_over:
            raise MatchError("the match is over")
        if result.game is not None and result.game != self.rules.name:
            raise MatchError(
                f"the result is of a deal of {result.game}; this match plays {self.rules.name}"
            )
        if len(result.scores) != self.rules.players:
            raise MatchError(
                f"the result has {len(result.scores)} scores; the match has "
                f"{self.rules.players} players"
            )
        self._check_complete(result)
        credit = getattr(self.rules, "credit", None)
        if credit is None:
            credited, carry = self.rules.settle(self.carry, result)
        else:  # a game whose crediting depends on the totals and the target (CO-10.4)
            credited, carry = credit(self.carry, result, self.totals, self.target_score)
        return attrs.evolve(
            self,
            results=(*self.results, result),
            credited=(*self.credited, credited),
            carry=carry,
            dealer=self.rules.next_dealer(self.dealer, result),
        )

    def _check_complete(self, result: DealResult) -> None:
        """Refuse a result that lacks what this game's match reads from a deal (a result made by
        hand without its breakdown, say): ``rules.match_refusal`` says why (LO-17.5, BE-11.7)."""
        refusal = getattr(self.rules, "match_refusal", None)  # rules written before the hook
        reason = None if refusal is None else refusal(result, self.carry)
        if reason is not None:
            raise MatchError(reason)

    def play(self, bots: Sequence[Bot]) -> Match:
        """Play seeded deals with ``bots`` (one per seat) until the match is over.

        >>> import tarotlib
        >>> from tarotlib.bots import RandomBot
        >>> rules = tarotlib.variant("french-tarot", players=5)
        >>> m = Match.start(rules, deals=2, seed=3).play([RandomBot(s) for s in range(5)])
        >>> len(m.results) >= 2, m.is_over
        (True, True)
        """
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise MatchError(f"give a list of bots, one per seat; got {type(bots).__name__}")
        if len(bots) != self.rules.players:
            raise MatchError(f"give one bot per seat ({self.rules.players}), got {len(bots)}")
        for index, bot in enumerate(bots):
            if not callable(getattr(bot, "choose", None)):
                raise MatchError(
                    f"the bot of seat {index} has no choose(state) method: {type(bot).__name__}"
                )
        if self.seed is None and not self.is_over:
            raise MatchError("play() needs a match seed")
        match = self
        while not match.is_over:
            state = match.new_deal()
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                state = state.apply(bots[seat].choose(state))
            match = match.add(state.result)
        return match
