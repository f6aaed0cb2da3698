"""The heuristic bot, which plays every registered game that has a heuristic player, and a duel to
measure bots.

:class:`HeuristicBot` finds the player of the game it is shown through the variant registry (the
game's ``bot`` hook, :class:`~tarotlib.registry.VariantInfo`): French Tarot's
:class:`~tarotlib.variants.french_tarot.bot.FrenchTarotBot` and Belote's
:class:`~tarotlib.variants.belote.bot.BeloteBot` are the built-in ones; a game without one is played
uniformly at random. The players decide from what their seat may know only —
``state.observation(seat)``, ``state.legal_actions()`` and the public rules in force — never from
another seat's hidden cards. Ties are broken with the bot's own SplitMix64 generator
(:class:`~tarotlib.bots.weighing.TieBreaker`, shared by the players of every game it plays), so a
seeded bot plays the same way on every machine. Details of how each game's player plays are in
``docs/bots.md``.

:func:`duel` measures a bot against another (by default the heuristic bot against
:class:`~tarotlib.bots.RandomBot`) over seeded deals, every deal being replayed with the bots
swapped round every seat (or every team, in a game played in fixed teams).

>>> import tarotlib
>>> from tarotlib.bots import Bot, HeuristicBot, RandomBot
>>> isinstance(HeuristicBot(1), Bot)
True
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=5)
>>> bots = [HeuristicBot(1), RandomBot(2), RandomBot(3), RandomBot(4)]
>>> while not state.is_over:
...     state = state.apply(bots[state.to_act].choose(state))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from tarotlib.bots.random_bot import RandomBot
from tarotlib.bots.weighing import TieBreaker
from tarotlib.core.actions import Action
from tarotlib.core.rng import derive_seed
from tarotlib.core.text import signed
from tarotlib.deal import DealState, Game
from tarotlib.errors import UnknownVariantError
from tarotlib.registry import fixed_teams, variant_info

if TYPE_CHECKING:
    from tarotlib.bots import Bot

__all__ = ["DuelResult", "GamePlayer", "HeuristicBot", "duel", "observed_turn"]

GamePlayer: TypeAlias = Callable[[Any, Sequence[Action], Game], Action]
"""A game's heuristic player as its ``bot`` hook returns it: ``play(observation, actions, rules)``
gives the action to take from the seat's observation (the game's own observation type), its legal
actions and the rules."""


def observed_turn(state: DealState) -> tuple[tuple[Action, ...], object]:
    """What a fair player decides from: the legal actions of the seat to act and its observation
    (raises ``ValueError`` once the deal is over).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> actions, seen = observed_turn(state)
    >>> actions == state.legal_actions(), seen == state.observation(1)
    (True, True)
    """
    actions = state.legal_actions()
    seat = state.to_act
    if not actions or seat is None:
        raise ValueError("no legal action to choose: the deal is over")
    return actions, state.observation(seat)


class HeuristicBot:
    """A rule-following player for every registered game with a heuristic player: it hands each
    state to the player of its game (the game's ``bot`` hook, built on first use with this bot's
    tie-breaking generator, which the players of all games share). A game without one — or rules
    whose name is not registered — is played uniformly at random among the legal actions.

    Like :class:`~tarotlib.bots.RandomBot` it is deterministic given its seed (``seed=None`` seeds
    from the system) and stateful only through that generator.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote", preset="bga").new_deal(seed=3)
    >>> HeuristicBot(7).choose(state) == HeuristicBot(7).choose(state)
    True
    >>> HeuristicBot(7)
    HeuristicBot(seed=7)
    """

    __slots__ = ("_players", "_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = TieBreaker(seed)
        self._players: dict[str, GamePlayer | None] = {}

    def _player(self, rules: Game) -> GamePlayer | None:
        """The player of the game of ``rules``, looked up in the registry once per game."""
        name = rules.name
        if name not in self._players:
            try:
                make = variant_info(name).bot
            except UnknownVariantError:
                make = None
            self._players[name] = None if make is None else make(self._rng)
        return self._players[name]

    def choose(self, state: DealState) -> Action:
        """A legal action of the seat to act (raises ``ValueError`` when the deal is over).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=2)
        >>> HeuristicBot(0).choose(state) in state.legal_actions()
        True
        """
        actions = state.legal_actions()
        seat = state.to_act
        if not actions or seat is None:
            raise ValueError("no legal action to choose: the deal is over")
        if len(actions) == 1:
            return actions[0]
        rules = state.rules
        player = self._player(rules)
        if player is None:
            return actions[self._rng.below(len(actions))]
        return player(state.observation(seat), actions, rules)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"


# -- measuring -----------------------------------------------------------------------------------
@attrs.frozen
class DuelResult:
    """The outcome of a :func:`duel`: mean scores per deal played, and the margin of the
    challenger over the opponent with its standard error.

    ``deals`` seeded deals were each played ``rotations`` times (the challenger in every seat, or
    as each team); ``challenger_mean`` and ``opponent_mean`` are the mean deal scores of a
    challenger seat and of an opponent seat (in Belote: of a challenger team and of an opponent
    team); ``margin`` is the mean of their difference and ``stderr`` its standard error, computed
    over the deals (the rotations of one deal are averaged first, as they share the cards).

    >>> r = DuelResult("french-tarot", 4, deals=100, rotations=4, challenger_mean=30.0,
    ...                opponent_mean=-10.0, margin=40.0, stderr=5.0)
    >>> r.interval(), r.significant
    ((30.0, 50.0), True)
    """

    variant: str
    players: int
    deals: int
    rotations: int
    challenger_mean: float
    opponent_mean: float
    margin: float
    stderr: float

    def interval(self, k: float = 2.0) -> tuple[float, float]:
        """``margin ± k·stderr`` (k = 2: about a 95% confidence interval).

        >>> DuelResult("belote", 4, 50, 2, 110.0, 60.0, 50.0, 4.0).interval(3)
        (38.0, 62.0)
        """
        return (self.margin - k * self.stderr, self.margin + k * self.stderr)

    @property
    def significant(self) -> bool:
        """True when the whole ±2 standard-error interval is above 0.

        >>> DuelResult("belote", 4, 50, 2, 70.0, 66.0, 4.0, 3.0).significant
        False
        """
        return self.margin - 2 * self.stderr > 0

    def __str__(self) -> str:
        lo, hi = self.interval()
        return (
            f"{self.variant} ({self.players} players), {self.deals} deals x {self.rotations} "
            f"seatings: challenger {signed(self.challenger_mean, '.1f')}, opponent "
            f"{signed(self.opponent_mean, '.1f')} per deal; margin {signed(self.margin, '.1f')} "
            f"± {2 * self.stderr:.1f} [{signed(lo, '.1f')}, {signed(hi, '.1f')}]"
        )


def duel(
    rules: Game,
    deals: int,
    seed: int = 0,
    *,
    challenger: Callable[[int], Bot] = HeuristicBot,
    opponent: Callable[[int], Bot] = RandomBot,
) -> DuelResult:
    """Play ``deals`` seeded deals, each once per seating, ``challenger`` bots against
    ``opponent`` bots, and compare their mean scores per deal.

    A game without fixed teams (French Tarot): one challenger seat against opponents in every
    other seat, the challenger taking each seat in turn (``players`` seatings per deal). A game
    played in fixed teams (its ``teams`` hook; Belote): a challenger team against the opponent
    teams, each team taking the challenger's place in turn (2 seatings in Belote); a team's score
    is that of its first seat. Deal *k* is
    dealt from ``derive_seed(seed, k)`` by seat ``k mod players``; each bot is built by calling
    ``challenger`` or ``opponent`` with a seed derived from the deal's. Thrown-in and annulled deals
    count, with their zero scores.

    >>> import tarotlib
    >>> result = duel(tarotlib.variant("french-tarot", players=3), deals=30, seed=1)
    >>> result.rotations, result.margin > 0
    (3, True)
    """
    if deals < 2:
        raise ValueError(f"a duel needs at least 2 deals, got {deals}")
    n = rules.players
    teams = fixed_teams(rules)
    seatings = len(teams) if teams else n
    diffs: list[float] = []
    ch_total = op_total = 0.0
    for k in range(deals):
        deal_seed = derive_seed(seed, k)
        diff = 0.0
        for rot in range(seatings):
            bots = []
            for s in range(n):
                mine = s in teams[rot] if teams else s == rot
                make = challenger if mine else opponent
                bots.append(make(derive_seed(deal_seed, -1 - s - n * rot)))
            state = rules.new_deal(seed=deal_seed, dealer=k % n)
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                state = state.apply(bots[seat].choose(state))
            scores = state.result.scores
            if teams:
                ch = float(scores[teams[rot][0]])
                others = [float(scores[team[0]]) for t, team in enumerate(teams) if t != rot]
                op = others[0] if len(others) == 1 else sum(others) / len(others)
            else:
                ch = float(scores[rot])
                op = (float(sum(scores)) - ch) / (n - 1)
            ch_total += ch
            op_total += op
            diff += ch - op
        diffs.append(diff / seatings)
    mean = sum(diffs) / deals
    var = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
    plays = deals * seatings
    return DuelResult(
        rules.name,
        n,
        deals,
        seatings,
        ch_total / plays,
        op_total / plays,
        mean,
        math.sqrt(var / deals),
    )
