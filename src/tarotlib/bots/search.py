"""The search bot: every decision weighed in worlds drawn from what the seat knows.

:class:`SearchBot` is *determinized Monte Carlo search* (perfect-information Monte Carlo, the
baseline of the strong engines of bridge, Skat and Tarok): for a decision of its seat it draws
worlds consistent with everything the seat has seen (:func:`~tarotlib.ai.sample_world`: the
hidden cards dealt again, exactly uniformly), plays each of its legal actions in each world, and
values the deal that follows:

- in the play of the cards, where the exact solver finishes within ``solver_nodes`` positions
  (tried on hands of at most ``solver_cards`` cards; once out of reach, not tried again in the
  deal before the hands are smaller): both sides play the solver's best line for the card
  points of the seat's side (:func:`~tarotlib.ai.card_values`), and the value is what the deal
  is worth to the seat at the end of that line;
- elsewhere, by playing the deal to its end with the heuristic bot in every seat (a *play-out*;
  the same play-outs for every action of a world, so that the actions are compared on the same
  cards).

What a finished deal is worth to the seat is its score minus the mean score of the other seats
(of the other teams, in a game of fixed teams): where each side is credited points of its own
(Belote, Contrée), what the other side gets counts too. The worlds are weighed by how well they
explain the other seats' decisions that name no card (bids, passes, contrées, declarations): a
world in which the heuristic bot would have decided otherwise weighs ``belief`` (0.1) for each
such decision, so a partner who passed is seldom given the hand of a bid. It takes the action
whose weighted mean value is the highest (ties: the heuristic bot's choice when it is among the
best, else the first in ``legal_actions()`` order). From the fourth world on, an action whose
values fall short of the leader's by more than twice the standard error of their mean difference
(a paired comparison: the same worlds) is no longer tried, which leaves the budget to the
actions that may still be best; the heuristic bot's action stays once play-outs value the
decision, for the prudence test below to see it on every world.

**Which decisions.** Every decision that names a card is searched: the cards played, an écart
or a discard, a card given or exchanged, and a decision where a declaration is offered beside
the cards. A decision that names no card (a bid, a pass, a contrée, a call, a declaration, the
Monte, a concession) is searched when it offers at most ``bids`` actions (6); with more actions
it is the heuristic bot's. Measured: searching
French Tarot's auction (at most five actions) gained about 25 points a board over leaving it to
the heuristic bot, while searching Contrée's (some thirty bids, each level and suit) lost some 60
points a board to the heuristic bot's: among many bids the best-looking one is chosen on noisy
play-outs of worlds that know nothing of what a bid says of a hand beyond the weighing above.

**Prudence.** Where a world of the decision was valued by play-outs (every decision that names
no card, and the cards before the solver reaches), the bot leaves the heuristic bot's choice
only when the best action beats it in a one-sided paired Student's t test at risk ``prudence``
(0.025) divided by the number of other actions (Bonferroni's correction: the best of many
actions looks better than it is), on every world searched. Where the solver valued every world,
the best mean is taken. Measured on the same 24 boards against the heuristic bot, before this
rule and with it (when the race could still drop the heuristic bot's action and skip the test):
French Tarot with five players, where a decision searches few worlds of fifteen-card hands, went
from −4.1 to +28.0 points a board, Tarocc'Ombre with five players from −2.5 to +1.1 game points.

Nothing here knows a game: any game on the deal machine is played.

**Budget.** ``worlds`` worlds a decision at most, and ``time_limit`` seconds (the worlds searched
whole when the time is up are kept, a world cut short is dropped; the first is always searched
whole, so a decision may take longer where one world's play-outs do). With ``time_limit=None`` a bot is
deterministic for its seed and its solver budget: the same choices on every machine (the default
``solver_nodes`` is 100,000 with the compiled part and 4,000 in pure Python, which searches some
thirty times fewer positions a second; give it to have the same choices with and without it).
With a time limit the number of worlds, and so the choice, may depend on the machine's speed.

**Levels** (the names :func:`tarotlib.simulate`, ``tarotlib simulate --bots`` and ``tarotlib play
--bots`` accept): ``easy`` is the heuristic bot; ``medium`` (:class:`MediumSearchBot`) and
``strong`` (:class:`StrongSearchBot`, the same as ``search``) are this bot with a small and a
larger budget.

>>> import tarotlib
>>> from tarotlib.bots import SearchBot
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> bot = SearchBot(1, worlds=4, time_limit=None)
>>> action = bot.choose(state)
>>> action in state.legal_actions(), SearchBot(1, worlds=4, time_limit=None).choose(state) == action
(True, True)
"""

from __future__ import annotations

import enum
import math
import random
import time
from typing import ClassVar, Final, Literal

from tarotlib._compiled import COMPILED
from tarotlib._stats import t_quantile
from tarotlib.bots.heuristic import HeuristicBot
from tarotlib.bots.weighing import TieBreaker
from tarotlib.core.actions import Action
from tarotlib.deal import DealState
from tarotlib.errors import SamplingError
from tarotlib.registry import fixed_teams

__all__ = ["MediumSearchBot", "SearchBot", "StrongSearchBot"]


class _Default(enum.Enum):
    """The class's own default (for ``time_limit``, where None means no limit)."""

    VALUE = 0


class SearchBot:
    """Determinized Monte Carlo search over worlds drawn for its seat (see the module docstring).

    ``seed`` seeds its worlds and play-outs (None: from the system); ``worlds`` and
    ``time_limit`` (seconds, None: no limit) bound each decision; the exact solver values a world
    where it finishes within ``solver_nodes`` positions, tried on hands of at most
    ``solver_cards`` cards (0: never); ``belief`` weighs the worlds by the other seats' bids
    (1.0: not at all); a decision that names no card is searched when it offers at most ``bids``
    actions (0: never); where play-outs value the worlds, the bot leaves the heuristic bot's
    choice only when a test at risk ``prudence`` says another action beats it (0: never keeps
    it for that).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> state = rules.new_deal(seed=2)
    >>> SearchBot(5, worlds=2, time_limit=None).choose(state) in state.legal_actions()
    True
    >>> SearchBot(5, solver_nodes=100_000)  # doctest: +NORMALIZE_WHITESPACE
    SearchBot(seed=5, worlds=16, time_limit=0.5, solver_cards=10, solver_nodes=100000,
              belief=0.1, bids=6, prudence=0.025)
    """

    WORLDS: ClassVar[int] = 16
    TIME_LIMIT: ClassVar[float | None] = 0.5
    SOLVER_CARDS: ClassVar[int] = 10
    BELIEF: ClassVar[float] = 0.1
    BIDS: ClassVar[int] = 6
    PRUDENCE: ClassVar[float] = 0.025
    SOLVER_NODES: ClassVar[int] = 100_000 if COMPILED else 4_000

    __slots__ = (
        "_cards",
        "_heuristic",
        "_model",
        "_reach",
        "_rng",
        "belief",
        "bids",
        "prudence",
        "seed",
        "solver_cards",
        "solver_nodes",
        "time_limit",
        "worlds",
    )

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int | None = None,
        time_limit: float | Literal[_Default.VALUE] | None = _Default.VALUE,
        solver_cards: int | None = None,
        solver_nodes: int | None = None,
        belief: float | None = None,
        bids: int | None = None,
        prudence: float | None = None,
    ) -> None:
        self.seed = seed
        self.worlds = self.WORLDS if worlds is None else worlds
        limit = self.TIME_LIMIT if time_limit is _Default.VALUE else time_limit
        self.solver_cards = self.SOLVER_CARDS if solver_cards is None else solver_cards
        if isinstance(self.worlds, bool) or not isinstance(self.worlds, int) or self.worlds < 1:
            raise ValueError(f"worlds must be an int of at least 1, got {self.worlds!r}")
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit > 0
        ):
            raise ValueError(f"time_limit is a number of seconds > 0 or None, not {limit!r}")
        if (
            isinstance(self.solver_cards, bool)
            or not isinstance(self.solver_cards, int)
            or self.solver_cards < 0
        ):
            raise ValueError(f"solver_cards must be an int >= 0, got {self.solver_cards!r}")
        self.solver_nodes = self.SOLVER_NODES if solver_nodes is None else solver_nodes
        if (
            isinstance(self.solver_nodes, bool)
            or not isinstance(self.solver_nodes, int)
            or self.solver_nodes < 1
        ):
            raise ValueError(f"solver_nodes must be an int >= 1, got {self.solver_nodes!r}")
        self.belief = self.BELIEF if belief is None else belief
        if (
            isinstance(self.belief, bool)
            or not isinstance(self.belief, (int, float))
            or not (0 < self.belief <= 1)
        ):
            raise ValueError(f"belief is a number in (0, 1], not {self.belief!r}")
        self.bids = self.BIDS if bids is None else bids
        if isinstance(self.bids, bool) or not isinstance(self.bids, int) or self.bids < 0:
            raise ValueError(f"bids must be an int >= 0, got {self.bids!r}")
        self.prudence = self.PRUDENCE if prudence is None else prudence
        if (
            isinstance(self.prudence, bool)
            or not isinstance(self.prudence, (int, float))
            or not (0 <= self.prudence < 1)
        ):
            raise ValueError(f"prudence is a number in [0, 1), not {self.prudence!r}")
        self._model = HeuristicBot(0)  # the other seats' decisions as the worlds are weighed
        self._cards = 0  # the hands' size at the last decision: larger now, a new deal
        self._reach = self.solver_cards  # the largest hands the solver is tried on
        self.time_limit: float | None = None if limit is None else float(limit)
        self._rng = TieBreaker(seed)
        self._heuristic = HeuristicBot(seed)

    def choose(self, state: DealState) -> Action:
        """The legal action of the seat to act with the best mean score over the worlds searched
        (raises ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=7)
        >>> SearchBot(3, worlds=2, time_limit=None).choose(state) in state.legal_actions()
        True
        """
        legal = state.legal_actions()
        seat = state.to_act
        if not legal or seat is None:
            raise ValueError("no legal action to choose: the deal is over")
        if len(legal) == 1:
            return legal[0]
        hint = self._heuristic.choose(state)
        bid = all(getattr(action, "card", None) is None for action in legal)
        if bid and len(legal) > self.bids:
            return hint
        end = None if self.time_limit is None else time.perf_counter() + self.time_limit
        rng = random.Random(self._rng.below(2**63))
        alive = list(range(len(legal)))
        values: list[list[float]] = [[] for _ in legal]  # per action, per world it was tried in
        weights: list[float] = []  # per world: how well it explains the other seats' decisions
        searched = 0
        exact = True  # every world searched was valued by the solver
        for _ in range(self.worlds):
            if end is not None and searched and time.perf_counter() >= end:
                break
            try:
                world = _sample(state, seat, rng, end)
            except SamplingError:
                break  # no time left for a world: decide on those searched
            tried = tuple(legal[i] for i in alive)
            late = end if searched else None  # the first world is always searched whole
            valued = self._values(world, tried, seat, rng.getrandbits(63), late, end)
            if valued is None:
                break  # the time ran out within this world: decide on those searched whole
            found, solved = valued
            exact = exact and solved
            weights.append(self._belief(world, seat))
            for i, value in zip(alive, found, strict=True):
                values[i].append(value)
            searched += 1
            if len(alive) > 1 and searched >= _RACE_FROM:
                # Once play-outs value the decision, the heuristic bot's action stays in the
                # race: prudence tests the best action against it on every world searched.
                keep = None if exact or not self.prudence else legal.index(hint)
                alive = _race(alive, values, weights, keep)
        if not searched:
            return hint
        total = sum(weights)
        means = {
            i: sum(w * v for w, v in zip(weights, values[i], strict=True)) / total for i in alive
        }
        top = max(means.values())
        best = [legal[i] for i in alive if means[i] == top]
        if hint in best:
            return hint
        h = legal.index(hint)
        if not exact and self.prudence:
            # Tested on the worlds both were valued in: all of them, unless the race dropped the
            # heuristic's action while the solver still valued every world.
            k = len(values[h])
            if not _surely_above(
                values[legal.index(best[0])][:k],
                values[h],
                weights[:k],
                self.prudence / (len(legal) - 1),
            ):
                return hint  # valued by play-outs: not sure enough to leave the heuristic's choice
        return best[0]

    def _belief(self, world: DealState, seat: int) -> float:
        """How well ``world`` explains the other seats' decisions that name no card (bids,
        passes, contrées, declarations, the Monte, ...): ``belief`` to the power of the number
        of them the heuristic bot would have taken otherwise in it (1.0: every world counts
        alike). A card played, discarded or given is not weighed: the worlds draw the secret
        ones again, and the play's own evidence (a suit not followed) is in every world."""
        if self.belief == 1.0:
            return 1.0
        history = world.history
        # Replayed up to the last decision that names no card: none after it is weighed.
        last = max(
            (i for i, a in enumerate(history) if getattr(a, "card", None) is None), default=-1
        )
        now = world.rules.new_deal(layout=world.layout, facts=world.facts or None)
        missed = 0
        for action in history[: last + 1]:
            actor = now.to_act
            if (
                actor is not None
                and actor != seat
                and getattr(action, "card", None) is None
                and len(now.legal_actions()) > 1
                and self._model.choose(now) != action
            ):
                missed += 1
            now = now.apply(action)
        return float(self.belief**missed)

    def _values(
        self,
        world: DealState,
        legal: tuple[Action, ...],
        seat: int,
        seed: int,
        end: float | None = None,
        solver_end: float | None = None,
    ) -> tuple[list[float], bool] | None:
        """What the deal is worth to ``seat`` (:func:`_margin`) after each action of ``legal`` in
        ``world``, and whether the solver found it: exact where the solver reaches (within
        ``solver_nodes`` positions, and before ``solver_end``), else one play-out each (all from
        ``seed``); None if the time is past ``end`` before every action was valued."""
        cards = max(len(world.hand(s)) for s in range(world.rules.players))
        if cards > self._cards:  # a new deal
            self._reach = self.solver_cards
        self._cards = cards
        if cards <= self._reach:
            left = None if solver_end is None else max(0.01, solver_end - time.perf_counter())
            exact = _solved(world, legal, seat, self.solver_nodes, left)
            if exact is not None:
                return exact, True
            self._reach = cards - 1  # out of reach: not tried again before a smaller hand
        out = []
        for action in legal:
            if end is not None and time.perf_counter() >= end:
                return None
            out.append(_play_out(world.apply(action), seat, seed))
        return out, False

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(seed={self.seed!r}, worlds={self.worlds}, "
            f"time_limit={self.time_limit!r}, solver_cards={self.solver_cards}, "
            f"solver_nodes={self.solver_nodes}, belief={self.belief}, bids={self.bids}, "
            f"prudence={self.prudence})"
        )


class StrongSearchBot(SearchBot):
    """:class:`SearchBot` at its default budget (the ``strong`` level).

    >>> StrongSearchBot(1).worlds == SearchBot(1).worlds
    True
    """


class MediumSearchBot(SearchBot):
    """:class:`SearchBot` with a small budget: 6 worlds, 0.2 s a decision, the solver from five
    cards a hand (the ``medium`` level).

    >>> MediumSearchBot(1, solver_nodes=20_000).worlds, MediumSearchBot(1).time_limit
    (6, 0.2)
    """

    WORLDS = 6
    TIME_LIMIT = 0.2
    SOLVER_CARDS = 5
    SOLVER_NODES = 20_000 if COMPILED else 1_000


_RACE_FROM: Final = 4
"""From this many worlds on, actions clearly worse than the leader are no longer tried
(:func:`_race`)."""


def _surely_above(
    a: list[float], b: list[float], weights: list[float], risk: float | None = None
) -> bool:
    """Whether values ``a`` beat ``b`` world by world (the same worlds, each with its weight): by
    more than twice the standard error of their weighted mean difference (a paired comparison on
    the same cards; the weights' effective number of worlds), or with ``risk``, in a one-sided
    Student's t test at that risk (the effective number of worlds less one, rounded down, its
    degrees of freedom).

    >>> _surely_above([10.0, 12, 11, 13], [0.0, 1, 0, 2], [1.0] * 4)
    True
    >>> _surely_above([3.0, 1, 2, 3], [0.0, 0, 1, 0], [1.0] * 4)
    True
    >>> _surely_above([3.0, 1, 2, 3], [0.0, 0, 1, 0], [1.0] * 4, risk=0.005)
    False
    """
    total = sum(weights)
    n = total * total / sum(w * w for w in weights)  # the effective number of worlds
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    if n <= 1:
        return False
    z = 2.0 if risk is None else t_quantile(max(1, int(n - 1)), 1 - risk)
    return mean - z * math.sqrt(var / (n - 1)) > 0


def _race(
    alive: list[int], values: list[list[float]], weights: list[float], keep: int | None = None
) -> list[int]:
    """The actions of ``alive`` still worth trying: not those the leader surely beats
    (:func:`_surely_above`). The leader stays, and so does ``keep`` (the heuristic bot's action,
    which a prudent decision tests the best against at the end).

    >>> values = [[10.0, 12, 11, 13], [0.0, 1, 0, 2], [10.0, 12, 12, 12]]
    >>> _race([0, 1, 2], values, [1.0] * 4)
    [0, 2]
    >>> _race([0, 1, 2], values, [1.0] * 4, keep=1)
    [0, 1, 2]
    """
    leader = max(alive, key=lambda i: sum(w * v for w, v in zip(weights, values[i], strict=True)))
    return [
        i
        for i in alive
        if i in (leader, keep) or not _surely_above(values[leader], values[i], weights)
    ]


def _sample(state: DealState, seat: int, rng: random.Random, end: float | None) -> DealState:
    """A world for ``seat``, drawn within the time left (at least a tenth of a second)."""
    from tarotlib.ai import sample_world

    left = None if end is None else max(0.1, end - time.perf_counter())
    return sample_world(state, seat, rng, time_limit=left)


def _margin(over: DealState, seat: int) -> float:
    """What a finished deal is worth to ``seat``: its score minus the mean score of the other
    seats, or of the other teams in a game of fixed teams (its team scores as one). In a game
    whose scores add up to zero this orders deals as the seat's score does; where each side is
    credited points of its own (Belote, Contrée) it counts what the other side gets too.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=1)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> s = state.result.scores
    >>> _margin(state, 0) == s[0] - s[1]
    True
    """
    scores = over.result.scores
    teams = fixed_teams(over.rules)
    if teams:
        others = [float(scores[t[0]]) for t in teams if seat not in t]
    else:
        others = [float(scores[s]) for s in range(len(scores)) if s != seat]
    return float(scores[seat]) - sum(others) / len(others)


def _play_out(state: DealState, seat: int, seed: int) -> float:
    """What the deal played from ``state`` by heuristic bots to its end is worth to ``seat``
    (:func:`_margin`)."""
    bot = HeuristicBot(seed)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return _margin(state, seat)


def _solved(
    world: DealState, legal: tuple[Action, ...], seat: int, nodes: int, seconds: float | None
) -> list[float] | None:
    """What the deal is worth to ``seat`` after each action of ``legal`` in ``world`` when both
    sides play
    the solver's best line for the card points of ``seat``'s side, or None where the solver does
    not take the position (not the play of the cards, actions it does not search) or does not
    finish within ``nodes`` positions and ``seconds``."""
    from tarotlib.ai.solver import SolverError, card_values

    try:
        values = card_values(
            world, objective="points", side=seat, max_nodes=nodes, time_limit=seconds
        )
    except SolverError:
        return None
    out: list[float] = []
    for action in legal:
        found = values.get(action)
        if found is None or not found.exact:
            return None
        end = world.apply(action)
        for move in found.line:
            end = end.apply(move)
        out.append(_margin(end, seat) if end.is_over else _play_out(end, seat, 0))
    return out
