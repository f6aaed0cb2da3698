"""What a deal ends with: its :class:`DealResult` (scores, annulment, contract summary), the
game's readable :class:`Breakdown` of the score, and a match's :class:`Conversion` of its totals into
the game's own points.

>>> from tarotlib.core.results import DealResult
>>> result = DealResult((0, 0, 0, 0), annulled="everybody passed")
>>> result.is_annulled, result.lines()
(True, ('deal annulled: everybody passed',))
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

__all__ = ["Breakdown", "Conversion", "DealResult"]


@runtime_checkable
class Breakdown(Protocol):
    """A readable explanation of a deal's score. The games write its numbers and its seat and team
    lines with :mod:`tarotlib.core.text` (``seat 0 (taker): −288``).

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
    ``game`` names the game whose deal it is (its registry name), set when the deal ends; it is None
    for a result made by hand. It takes no part in equality: a :class:`~tarotlib.match.Match`
    refuses the result of another game's deal with it.

    >>> import random, tarotlib
    >>> rng = random.Random(2)
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> while not state.is_over:
    ...     state = state.apply(rng.choice(state.legal_actions()))
    >>> result = state.result
    >>> result.scores, result.contract, result.declarer, result.made, result.is_annulled
    ((-396, 132, 132, 132), 'Garde', 0, False, False)
    >>> result.game, DealResult((0, 0, 0, 0)).game
    ('french-tarot', None)
    >>> DealResult((0, 0, 0, 0), annulled="everybody passed").lines()
    ('deal annulled: everybody passed',)
    """

    scores: tuple[float, ...]
    annulled: str | None = None
    breakdown: Breakdown | None = attrs.field(default=None, eq=False)
    contract: str | None = None
    declarer: int | None = None
    made: bool | None = None
    game: str | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

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
