"""OpenSpiel's IS-MCTS as a tarotlib bot (``pip install -e '.[openspiel]'``).

:class:`ISMCTSPlayer` plays any game of the registry with OpenSpiel's Python *information set
Monte Carlo tree search* (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, Cowling, Powley and
Whitehouse 2011), through tarotlib's OpenSpiel games (:mod:`tarotlib.ai.openspiel`). It is a
**baseline**: an independent, well-known search to measure tarotlib's own search bot
(:class:`tarotlib.bots.SearchBot`) against, in :mod:`tarotlib.arena`'s duplicate matches, each
bot given the same time per decision (``time_limit``)::

    from functools import partial
    from tarotlib.arena import duplicate
    from tarotlib.ai.ismcts import ISMCTSPlayer
    from tarotlib.bots import SearchBot

    duplicate("belote", (partial(SearchBot, time_limit=1.0),
                         partial(ISMCTSPlayer, time_limit=1.0)), boards=200, seed=1)

It needs the ``openspiel`` extra (OpenSpiel and numpy); importing this module without them
raises a :class:`ModuleNotFoundError` naming the extra.

**What it knows.** It decides only from what its seat knows. The state it is given serves only
to rebuild the OpenSpiel state at the same point: each simulation of the search starts from a
world drawn from it by tarotlib's sampler, the bot's resampler being
:func:`~tarotlib.ai.openspiel.resampler` (:meth:`~tarotlib.ai.openspiel.TarotState.resample`,
as ``resample_from_infostate``, so :func:`~tarotlib.ai.sample_world`: the hidden cards, and
another seat's secret actions, drawn again uniformly among those consistent with what the seat
has seen). So two states that the seat cannot tell apart — other cards dealt to the other
seats, another écart it did not see — give the very same choices with the same seed (the
sampler's draw for a seed depends only on what the seat saw).

The tree's nodes are information states (the seat to act's information-state string), its
leaves valued by random play-outs (``rollouts`` of them) of the drawn world, the returns being
the deal's scores (:class:`~tarotlib.ai.openspiel.TarotGame`).

**A decision** is one search of OpenSpiel's bot, from the OpenSpiel state rebuilt at the same
point: the chance outcomes that deal the state's layout
(:func:`~tarotlib.ai.openspiel.layout_outcomes`), then the action ids of its history; the
action returned is always one of ``state.legal_actions()``. A set-valued declaration (a poignée
shown card by card) takes several ids in OpenSpiel: the search chooses its head, and the cards
shown are those of the declaration ``legal_actions()`` lists for that head (a further search
where several listed declarations part; see :meth:`ISMCTSPlayer.choose`). A decision with one
legal action is returned without a search.

**Budget.** At most ``simulations`` simulations a search and ``time_limit`` seconds a decision
(None: no time limit). The search always runs the two simulations OpenSpiel's bot needs to
choose (the first only expands the root). With ``time_limit=None`` a bot is deterministic for
its seed: two bots with the same seed make the same choices on the same states; with a time
limit the number of simulations, so the choice, depends on the machine's speed. Should
tarotlib's sampler find no world within its own time limit
(:class:`~tarotlib.errors.SamplingError`, on rare, heavily constrained positions), the search
stops there and decides on the simulations run; with none, the bot chooses at random.

>>> import tarotlib
>>> from tarotlib.ai.ismcts import ISMCTSPlayer
>>> state = tarotlib.variant("belote").new_deal(seed=4)
>>> action = ISMCTSPlayer(1, time_limit=None, simulations=20).choose(state)
>>> action in state.legal_actions()
True
>>> ISMCTSPlayer(1, time_limit=None, simulations=20).choose(state) == action
True
"""

from __future__ import annotations

import math
import secrets
import time
from functools import lru_cache
from typing import Any

from tarotlib._optional import missing

try:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as exc:  # OpenSpiel is an optional dependency
    raise missing("tarotlib.ai.ismcts", "OpenSpiel", "openspiel") from exc

from tarotlib.ai.openspiel import TarotGame, TarotState, layout_outcomes, load_game, resampler
from tarotlib.core.actions import Action
from tarotlib.core.rng import splitmix64
from tarotlib.deal.state import DealState
from tarotlib.errors import OptionError, SamplingError

__all__ = ["ISMCTSPlayer"]

_M64 = 2**64 - 1


class ISMCTSPlayer:
    """A bot searching each decision with OpenSpiel's Python IS-MCTS (see the module docstring).

    ``seed`` seeds its searches (None: from the system); ``time_limit`` (seconds, None: no
    limit) and ``simulations`` bound each decision; ``uct_c`` is the exploration constant of
    the tree's UCT selection and ``rollouts`` the number of random play-outs that value a leaf
    (``mcts.RandomRolloutEvaluator``). The returns are the deal's scores, in points, not
    scaled: with scores of tens or hundreds of points, ``uct_c=2`` explores little.

    :attr:`last_simulations` is the number of simulations of the last decision (0 when it was
    returned without a search).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=3)
    >>> bot = ISMCTSPlayer(5, time_limit=None, simulations=10)
    >>> bot.choose(state) in state.legal_actions(), bot.last_simulations
    (True, 10)
    >>> bot
    ISMCTSPlayer(seed=5, time_limit=None, simulations=10, uct_c=2.0, rollouts=1)
    """

    __slots__ = (
        "_state",
        "last_simulations",
        "rollouts",
        "seed",
        "simulations",
        "time_limit",
        "uct_c",
    )

    def __init__(
        self,
        seed: int | None = None,
        *,
        time_limit: float | None = 1.0,
        simulations: int = 100_000,
        uct_c: float = 2.0,
        rollouts: int = 1,
    ) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not time_limit > 0
            or math.isinf(time_limit)
        ):
            raise ValueError(f"time_limit is a number of seconds > 0 or None, not {time_limit!r}")
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 2:
            raise ValueError(
                "simulations must be an int of at least 2 (OpenSpiel's IS-MCTS spends its first "
                f"simulation expanding the root), got {simulations!r}"
            )
        if (
            isinstance(uct_c, bool)
            or not isinstance(uct_c, (int, float))
            or not 0 <= uct_c < math.inf
        ):
            raise ValueError(f"uct_c must be a finite number >= 0, got {uct_c!r}")
        if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"rollouts must be an int of at least 1, got {rollouts!r}")
        self.seed = seed
        self.time_limit: float | None = None if time_limit is None else float(time_limit)
        self.simulations = simulations
        self.uct_c = float(uct_c)
        self.rollouts = rollouts
        self.last_simulations = 0
        self._state = (secrets.randbits(64) if seed is None else seed) & _M64

    def __repr__(self) -> str:
        return (
            f"ISMCTSPlayer(seed={self.seed!r}, time_limit={self.time_limit!r}, "
            f"simulations={self.simulations!r}, uct_c={self.uct_c!r}, rollouts={self.rollouts!r})"
        )

    def _word(self) -> int:
        self._state, word = splitmix64(self._state)
        return word

    def choose(self, state: DealState) -> Action:
        """The action OpenSpiel's IS-MCTS chooses for the seat to act (one of
        ``state.legal_actions()``); the only legal action without a search. Raises
        ``ValueError`` when the deal is over.

        A set-valued declaration takes several ids (its head, then each card shown, see
        :class:`~tarotlib.ai.ActionCodec`): the search chooses among the first ids of the legal
        actions, a declaration's head among them; the cards shown are then those of the
        declarations ``state.legal_actions()`` lists with that head, so the action returned is
        always one of them (tarotlib lists one declaration of each level: French Tarot's
        poignée shows the trumps its rules choose). Where listed declarations with the same
        head show different cards, the bot searches again at each card where they part (its seat
        acting again in the OpenSpiel game), and takes the most visited card that leads to one
        of them. The time is shared among such searches: a search that a further one may follow
        has half of the decision's time left, the last one all of it; so the decision keeps to
        ``time_limit``, but for the two simulations that each search runs at least. (Inside the
        searches' simulations, the seat may show any cards the OpenSpiel game allows.)

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=7)
        >>> bot = ISMCTSPlayer(3, time_limit=None, simulations=8)
        >>> while not state.is_over:
        ...     state = state.apply(bot.choose(state))
        >>> len(state.result.scores)
        4
        """
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action to choose: the deal is over")
        self.last_simulations = 0
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        game = _game(state.rules, state.dealer)
        here = _rebuild(game, state)
        paths = {game.codec.encode(action): action for action in legal}
        bot = _TimedBot(
            game,
            mcts.RandomRolloutEvaluator(self.rollouts, np.random.RandomState(self._word() >> 32)),
            self.uct_c,
            self.simulations,
            random_state=np.random.RandomState(self._word() >> 32),
        )
        bot.set_resampler(resampler(self._word()))
        ids: tuple[int, ...] = ()
        while ids not in paths:
            at = len(ids)
            ways: dict[int, int] = {}  # the next ids of the listed actions: how many each
            for path in paths:
                if len(path) > at and path[:at] == ids:
                    ways[path[at]] = ways.get(path[at], 0) + 1
            if len(ways) == 1:
                (chosen,) = ways
            else:
                bot.deadline = deadline
                if deadline is not None and max(ways.values()) > 1:  # a search may follow
                    now = time.perf_counter()
                    bot.deadline = now + max(0.0, deadline - now) / 2
                chosen = bot.choose_among(here, sorted(ways))
                self.last_simulations += bot.done
            ids = (*ids, chosen)
            if ids not in paths:
                here.apply_action(chosen)
        return paths[ids]


class _Stop(Exception):
    """The time of a search is up."""


class _TimedBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS bot with a time limit: the search stops, keeping its tree, when
    :attr:`deadline` has passed, once the root has been visited (after two simulations); and
    after ``max_simulations`` simulations as OpenSpiel's. :attr:`done` counts the simulations
    of the last search. Where the sampler finds no world in its time
    (:class:`~tarotlib.errors.SamplingError`), the search stops too; without a visit of the
    root yet, its policy is uniform over the legal ids."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: float | None = None
        self.done = 0

    def sample_root_state(self, state: Any) -> Any:
        # OpenSpiel's run_search draws one root state at the start of each simulation.
        if (
            self.deadline is not None
            and self._root_node.total_visits > 0
            and time.perf_counter() >= self.deadline
        ):
            raise _Stop
        self.done += 1
        return super().sample_root_state(state)

    def run_search(self, state: Any) -> Any:
        self.done = 0
        try:
            return super().run_search(state)
        except _Stop:
            return self.get_final_policy(state, self._root_node)
        except SamplingError:  # the sampler found no world in its time
            self.done -= 1
            if self._root_node.total_visits > 0:
                return self.get_final_policy(state, self._root_node)
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    def choose_among(self, state: Any, allowed: list[int]) -> int:
        """A search from ``state``, then one of the ``allowed`` ids: drawn as OpenSpiel's
        ``step`` draws from the search's policy (the most visited ids), restricted to them;
        else the most visited of them."""
        policy = [(a, p) for a, p in self.run_search(state) if a in allowed and p > 0]
        if not policy:
            visits = {a: child.visits for a, child in self._root_node.child_info.items()}
            most = max(visits.get(a, 0) for a in allowed)
            policy = [(a, 1.0) for a in allowed if visits.get(a, 0) == most]
        actions = [a for a, _ in policy]
        weights = np.array([p for _, p in policy], dtype=float)
        return int(actions[self._random_state.choice(len(actions), p=weights / weights.sum())])


@lru_cache(maxsize=64)
def _game(rules: Any, dealer: int) -> TarotGame:
    """The OpenSpiel game of ``rules`` dealt by ``dealer``."""
    name = rules.name
    parameters = load_game(name).get_type().parameter_specification
    options = {k: v for k, v in rules.options_dict().items() if k in parameters}
    try:
        game = load_game(name, dealer=dealer, **options)
    except OptionError as exc:
        raise OptionError(f"{rules!r} has no OpenSpiel game: {exc}") from None
    if game.rules != rules:
        others = sorted(k for k in rules.options_dict() if k not in parameters)
        raise OptionError(
            f"{rules!r} has no OpenSpiel game: an option that is no parameter of "
            f"{name}'s OpenSpiel game ({', '.join(others)}) differs from its default"
        )
    return game


def _rebuild(game: TarotGame, state: DealState) -> TarotState:
    """The OpenSpiel state of ``game`` at ``state``: its layout's chance outcomes, then the ids
    of its history."""
    codec = game.codec
    here: TarotState = game.new_initial_state()
    for outcome in layout_outcomes(game, state.layout):
        here.apply_action(outcome)
    for action in state.history:
        for i in codec.encode(action):
            here.apply_action(i)
    if here.tarot_state is None or here.tarot_state.history != state.history:
        raise RuntimeError(
            "the OpenSpiel state rebuilt from the state's layout and history differs"
        )
    return here
