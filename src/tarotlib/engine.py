"""The public surface every game shares: rules, deal states, results.

A variant is a :class:`Rules` object (one game with its options, e.g. French Tarot for 4 players under
FFT rules). ``rules.new_deal(...)`` deals and returns the first :class:`GameState`. A state says who is
to act, lists the legal actions, and ``apply`` returns a *new* state (the old one is unchanged, so
branching for search is free). When ``is_over`` is true, ``result`` gives a :class:`DealResult`.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=7)
>>> state.to_act, state.phase
(1, 'auction')
>>> [a.text for a in state.legal_actions()]
['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, Self, runtime_checkable

import attrs

from tarotlib.actions import Action
from tarotlib.dealing import Layout

__all__ = ["Breakdown", "Conversion", "DealResult", "GameState", "Observation", "Rules"]


@runtime_checkable
class Breakdown(Protocol):
    """A readable explanation of a deal's score.

    >>> import random, tarotlib
    >>> rng = random.Random(2)
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> breakdown = state.result.breakdown
    >>> isinstance(breakdown, Breakdown), breakdown.lines()[0]
    (True, 'Garde (×2), 0 oudlers: target 56')
    """

    def lines(self) -> tuple[str, ...]:
        """The explanation, one line per step.

        >>> import random, tarotlib
        >>> rng = random.Random(2)
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> for line in state.result.breakdown.lines()[:3]:
        ...     print(line)
        Garde (×2), 0 oudlers: target 56
        attack 15 points, defence 76: failed by 41
        base −(25 + 41) × 2 = −132
        """
        ...


@attrs.frozen
class DealResult:
    """The outcome of one deal.

    ``scores[seat]`` is the seat's score for the deal (zero-sum in French Tarot; in a partnership
    game such as Belote each seat holds its team's points);
    ``annulled`` gives the reason when the deal was annulled (then every score is 0);
    ``breakdown`` is the variant's readable score (``None`` for an annulled deal).
    ``contract``, ``declarer`` and ``made`` summarise the deal in variant-neutral terms (the
    contract's label, the declarer's/taker's seat, whether the contract was made); each is None when
    it does not apply (an annulled deal, a deal without a contract such as Grash).

    >>> import random, tarotlib
    >>> rng = random.Random(2)
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> result = state.result
    >>> result.scores, result.contract, result.declarer, result.made, result.is_annulled
    ((-396, 132, 132, 132), 'Garde', 0, False, False)
    >>> DealResult((0, 0, 0, 0), annulled="everybody passed").lines()
    ('deal annulled: everybody passed',)
    """

    scores: tuple[float, ...]
    annulled: str | None = None
    breakdown: Breakdown | None = attrs.field(default=None, eq=False)
    contract: str | None = None
    declarer: int | None = None
    made: bool | None = None

    @property
    def is_annulled(self) -> bool:
        """True if nobody scored because the deal was annulled."""
        return self.annulled is not None

    def lines(self) -> tuple[str, ...]:
        """A readable account of the result.

        >>> import random, tarotlib
        >>> rng = random.Random(2)
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
        >>> while not state.is_over:
        ...     state = state.apply(rng.choice(state.legal_actions()))
        >>> state.result.lines() == state.result.breakdown.lines()
        True
        >>> DealResult((0, 0, 0), annulled="everybody passed").lines()
        ('deal annulled: everybody passed',)
        """
        if self.annulled is not None:
            return (f"deal annulled: {self.annulled}",)
        assert self.breakdown is not None
        return self.breakdown.lines()

    def __str__(self) -> str:
        return "\n".join(self.lines())


@attrs.frozen
class Conversion:
    """A match's totals converted to the game's own points at its end (LO-17's game points; most
    games keep their totals): ``points`` per seat and the ``lines`` that explain them.

    >>> import tarotlib
    >>> match = tarotlib.Match.start(tarotlib.variant("french-tarot", players=3), deals=1)
    >>> match = match.add(DealResult((80, -40, -40)))
    >>> match.points.points, match.points.lines
    ((80, -40, -40), ())
    """

    points: tuple[float, ...]
    lines: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "\n".join(self.lines)


class Observation(Protocol):
    """What one seat may know of a state (no hidden card of another seat).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
    >>> seen = state.observation(2)
    >>> seen.seat, len(seen.hand)
    (2, 18)
    """

    @property
    def seat(self) -> int:
        """The observing seat."""
        ...

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form.

        >>> import tarotlib
        >>> seen = tarotlib.variant("french-tarot", players=3).new_deal(seed=5).observation(0)
        >>> data = seen.to_json()
        >>> data["seat"], data["phase"], data["hand"][:4], data["chien"]
        (0, 'auction', ['3S', '6S', '10S', 'NS'], [])
        """
        ...


class GameState(Protocol):
    """One moment of a deal. Immutable: :meth:`apply` returns a new state.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=1)
    >>> state.phase, state.to_act, state.is_over, state.history
    ('bidding', 1, False, ())
    >>> after = state.apply(state.legal_actions()[0])
    >>> len(after.history), len(state.history)
    (1, 0)
    """

    @property
    def rules(self) -> Rules:
        """The rules (variant and options) this deal is played under."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        ...

    @property
    def phase(self) -> str:
        """The current phase name (``auction``, ``play``, ``over``, ...)."""
        ...

    @property
    def is_over(self) -> bool:
        """True when the deal has ended (played out or annulled)."""
        ...

    @property
    def result(self) -> DealResult:
        """The deal's result; raises :class:`~tarotlib.errors.GameNotOverError` before the end."""
        ...

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        ...

    @property
    def layout(self) -> Layout:
        """The deal as dealt (hands, kitty, dealer)."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed the deal was dealt from (None for a layout or an explicit order)."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a deterministic order (empty when over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=3)
        >>> [action.text for action in state.legal_actions()]
        ['pass', 'bid prise', 'bid garde', 'bid garde-sans', 'bid garde-contre']
        """
        ...

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=3)
        >>> state.is_legal(rules.parse_action("pass")), state.is_legal(rules.parse_action("play KH"))
        (True, False)
        """
        ...

    def apply(self, action: Action) -> Self:
        """A new state with ``action`` applied by the seat to act.

        Raises :class:`~tarotlib.errors.IllegalActionError` (a ``ValueError``) saying why the action
        is illegal; ``self`` is unchanged either way.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=3)
        >>> state.apply(rules.parse_action("bid garde")).to_act
        2
        >>> state.apply(rules.parse_action("play KH"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: play KH: phase auction expects pass or a bid (FT-4.3)
        """
        ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=3)
        >>> mine = state.observation(1)
        >>> mine.seat, len(mine.hand), mine.to_json()["hand"][:3]
        (1, 18, ['2S', '9S', 'JS'])
        """
        ...


class Rules(Protocol):
    """A game with its options: deals new states and knows the match-level conventions.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote", preset="bga")
    >>> rules.name, rules.players, rules.match_target
    ('belote', 4, 1000)
    """

    @property
    def name(self) -> str:
        """The registry name of the variant (``french-tarot``)."""
        ...

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    def options_dict(self) -> Mapping[str, object]:
        """The options, JSON-ready (as a record stores them).

        >>> import tarotlib
        >>> options = tarotlib.variant("french-tarot", players=5).options_dict()
        >>> options["players"], options["dealer_rotation"]
        (5, 'with_play')
        """
        ...

    def new_deal(
        self, *, seed: int | None = None, layout: Layout | None = None, dealer: int = 0
    ) -> GameState:
        """Deal from a seed (with ``dealer``) or from an explicit layout (which names its dealer).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> state = rules.new_deal(seed=11, dealer=2)
        >>> state.seed, state.layout.dealer, state.to_act
        (11, 2, 0)
        >>> again = rules.new_deal(layout=state.layout)
        >>> again.layout == state.layout, again.seed
        (True, None)
        """
        ...

    def deal_from_order(self, order: Sequence[int], dealer: int = 0) -> GameState:
        """Deal an explicitly ordered pack with the variant's packet schedule.

        >>> import tarotlib
        >>> from tarotlib.decks import TAROT_78
        >>> state = tarotlib.variant("french-tarot", players=4).deal_from_order(list(TAROT_78), dealer=3)
        >>> state.layout.dealer, [card.text for card in state.layout.hands[0][:3]]
        (3, ['1S', '2S', '3S'])
        """
        ...

    def parse_action(self, text: str) -> Action:
        """Parse an action's text form (raises ``ValueError`` on bad text).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> rules.parse_action("bid garde-sans"), rules.parse_action("play 10S").text
        (Bid(contract=<Contract.GARDE_SANS: 3>), 'play 10S')
        >>> rules.parse_action("bid all")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionParseError: unknown contract 'all'; expected prise, garde, ...
        """
        ...

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """The dealer of the deal after one dealt by ``dealer`` that ended with ``result`` (some
        games keep the dealer after a thrown-in deal, BE-3.1).

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot", players=4).next_dealer(3)
        0
        """
        ...

    def counts_toward_match(self, result: DealResult) -> bool:
        """Whether a deal with this result counts toward a match's number of deals.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> rules.counts_toward_match(DealResult((0, 0, 0, 0), annulled="everybody passed"))
        False
        >>> rules.counts_toward_match(DealResult((3, -1, -1, -1)))
        True
        """
        ...

    @property
    def match_deals(self) -> int | None:
        """The game's own number of deals in a match (Lombardy's 4, LO-17.1), used by a match
        started without a stopping rule; None when the game has none.

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot").match_deals is None
        True
        """
        ...

    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match started without one: by default drawn from the match
        ``seed`` (:func:`tarotlib.match.first_dealer_from_seed`, FT-2.3, BE-3.1), seat 0 without
        a seed; a game may fix it (LO-1.3).

        >>> import tarotlib
        >>> tarotlib.variant("belote").match_first_dealer(None)
        0
        """
        ...

    @property
    def match_target(self) -> float | None:
        """The game's own target score (Belote's ``target_score``, BE-12.1), used by a match started
        without a stopping rule; None when the game has none (French Tarot)."""
        ...

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """Match-level crediting of a deal: the points credited to each seat for ``result`` and the
        points still set aside afterwards, given ``carry`` set aside before it (Belote's litige
        carry-over, BE-11.7). Games without a carry return ``(result.scores, carry)``.

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot", players=4).settle(0, DealResult((75, -25, -25, -25)))
        ((75, -25, -25, -25), 0)
        """
        ...

    def deals_complete(self, counted: int, deals: int, totals: Sequence[float]) -> bool:
        """Whether a match of ``deals`` deals ends after ``counted`` of them with these
        ``totals`` (a game that plays on while tied, LO-17.6 ``extra_deal``, says no).

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot").deals_complete(4, 4, (0, 0, 0, 0))
        True
        """
        ...

    def convert(self, results: Sequence[DealResult], totals: Sequence[float]) -> Conversion:
        """The match's ``totals`` (after ``results``) converted to the game's own points at its end
        (LO-17's game points); most games keep the totals.

        >>> import tarotlib
        >>> tarotlib.variant("belote").convert((), (100, 62, 100, 62)).points
        (100, 62, 100, 62)
        """
        ...

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        """Whether a match to ``target`` ends with these cumulative ``totals`` (BE-12: not while
        both teams are tied at or above it; FT: as soon as a seat reaches it).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> rules.target_reached((510, -300, -210), 500), rules.target_reached((90, -45, -45), 500)
        (True, False)
        """
        ...
