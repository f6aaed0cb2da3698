"""PettingZoo environments: every game as an AEC environment (:func:`env`, :class:`DealEnv`).

Needs ``pettingzoo`` and ``gymnasium`` (``pip install -e '.[pettingzoo]'``) and numpy;
nothing else in tarotlib imports them.

One episode is one deal. The agents are the seats, ``"seat_0"`` … ``"seat_{n-1}"``, and they
act one at a time, as the rules say (PettingZoo's *agent environment cycle*). Like PettingZoo's
classic card games:

- the observation of an agent is a dict: ``"observation"``, the seat's observation tensor
  (:meth:`~tarotlib.ai.tensors.TensorEncoder.observation`, ``float32``
  0/1, fixed size per configuration), and ``"action_mask"``, the seat's legal action ids as
  ``int8`` 0/1 (:meth:`~tarotlib.ai.codec.ActionCodec.mask`), all zeros for an
  agent that is not to act;
- the action space is ``Discrete(codec.size)``: an action is an id of the game's
  :class:`~tarotlib.ai.codec.ActionCodec`;
- the rewards are 0 until the deal is over, then the deal's ``result.scores`` (0 for everyone in
  an annulled deal), given to every agent at the last step; every agent is then terminated (a
  deal has no truncation).

A set-valued declaration (a poignée) is chosen in several ids (its head, then its cards highest
first, see :mod:`tarotlib.ai.codec`): between them the same agent acts again, and its observation
holds the steps chosen so far (the tensors' ``chosen`` section).

**Seats that never act.** Every seat is an agent, even one the rules never give a choice (the two
virtual seats of a one-player game, whose cards the rules turn or the player chooses): such an
agent is selected only once the deal is over, to receive its reward, and its observation is its
seat's view.

**Illegal actions.** As in PettingZoo's classic environments (their ``TerminateIllegalWrapper``),
a legal-looking but illegal id (in range, not in the mask) ends the deal: every agent is
terminated and truncated, the agent that chose it gets ``illegal_reward`` (-1 by default; the
scores are in game points, so a value below the game's worst score is a stronger deterrent) and
the others 0. With ``illegal_reward=None`` it raises
:class:`~tarotlib.errors.IllegalActionError` instead, saying why, and nothing changes. An id out of
``range(codec.size)`` is not an action: it raises :class:`~tarotlib.ai.codec.CodecError` (a
``ValueError``), whatever ``illegal_reward``. The environment checks both itself, with the
codec's own checks, rather than with PettingZoo's ``TerminateIllegalWrapper`` and
``AssertOutOfBoundsWrapper``: the first would compute an observation at every step to read its
mask, and both would add a layer of attribute look-ups to every step (see the overhead
benchmark on the documentation page).

**Seeds.** ``reset(seed=s)`` deals ``rules.new_deal(seed=s)``, the same deal as tarotlib's; a
``reset()`` without a seed deals from a seed drawn from the last seed given (or from fresh
entropy if none was), so a run of resets after a seeded one is reproducible. ``options`` may
give ``"dealer"`` (the dealer's seat, 0 by default) and ``"layout"`` (a :class:`~tarotlib.Layout`
to deal instead of a seed); other keys are ignored.

>>> from tarotlib.ai.pettingzoo import env
>>> game = env("belote")
>>> game.reset(seed=4)
>>> game.agent_selection, game.action_space("seat_1")
('seat_1', Discrete(37))
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, observation["action_mask"].nonzero()[0].tolist()
((681,), [0, 1])
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     mask = observation["action_mask"]
...     game.step(None if terminated else int(mask.nonzero()[0][-1]))
...     if terminated:
...         print(agent, reward)
seat_0 162.0
seat_1 0.0
seat_2 162.0
seat_3 0.0
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, cast, overload

from tarotlib._optional import missing

try:
    import numpy as np
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers.order_enforcing import (
        AECOrderEnforcingIterable,
        AECOrderEnforcingIterator,
    )
except ImportError as exc:
    raise missing("tarotlib.ai.pettingzoo", "PettingZoo", "pettingzoo") from exc

from tarotlib.ai import tensors
from tarotlib.ai.codec import ActionCodec
from tarotlib.ai.tensors import TensorEncoder
from tarotlib.core.cards import cards_of
from tarotlib.deal.state import DealState
from tarotlib.errors import IllegalActionError, OptionError
from tarotlib.registry import variant

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["ENV_VERSION", "DealEnv", "env", "raw_env"]

ENV_VERSION: Final = 0
"""The version of the environments' behaviour (part of ``metadata["name"]``, as PettingZoo's
``_v3`` suffixes are): it changes when the same actions would give other observations or
rewards."""

Observation = dict[str, Any]
"""An agent's observation: ``{"observation": float32 array, "action_mask": int8 array}``."""
Action = int | np.integer[Any] | None
"""An action: an id (a Python or numpy integer), or None for a terminated agent."""


class DealEnv(AECEnv[str, Observation, Action]):
    """The AEC environment of one game configuration (see the module docstring): ``game`` is a
    registered game's name, with its ``options``, or the rules of any game on the deal machine
    (then without options). ``render_mode``: ``"ansi"`` (:meth:`render` returns the table as
    text) or ``"human"`` (prints it after every step); ``illegal_reward``: see the module
    docstring. Use :func:`env` for the wrapped environment.

    >>> game = DealEnv("french-tarot", players=4)
    >>> game.possible_agents, game.metadata["name"]
    (['seat_0', 'seat_1', 'seat_2', 'seat_3'], 'french-tarot_v0')
    >>> game.observation_space("seat_0")["observation"].shape, game.codec.size
    ((1035,), 270)
    """

    def __init__(
        self,
        game: str | Any,
        *,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        **options: object,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is not annotated
        if isinstance(game, str):
            rules: Any = variant(game, **options)
        elif options:
            raise OptionError("give options with a game's name, not with its rules")
        else:
            rules = game
        if render_mode is not None and render_mode not in self._RENDER_MODES:
            raise OptionError(
                f"render_mode must be one of {', '.join(self._RENDER_MODES)} or None, "
                f"got {render_mode!r}"
            )
        self.rules: Any = rules
        """The game's rules."""
        self.codec = ActionCodec(rules)
        """The action ids (:class:`~tarotlib.ai.codec.ActionCodec`)."""
        self.encoder = TensorEncoder(self.codec)
        """The observation tensors (:class:`~tarotlib.ai.tensors.TensorEncoder`)."""
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.metadata = {
            "name": f"{rules.name}_v{ENV_VERSION}",
            "render_modes": list(self._RENDER_MODES),
            "is_parallelizable": False,
            "render_fps": 1,
        }
        n = rules.players
        self.possible_agents: list[str] = [f"seat_{s}" for s in range(n)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        size = self.codec.size
        shape = self.encoder.observation_shape
        self.observation_spaces: dict[str, spaces.Space[Observation]] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Action]] = {
            agent: spaces.Discrete(size) for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.deal: DealState = rules.new_deal(seed=0)
        """The deal in progress, a tarotlib state (the deal of seed 0 until the first
        :meth:`reset`)."""
        self.chosen: tuple[int, ...] = ()
        """The ids of a set-valued declaration chosen so far (see :mod:`tarotlib.ai.codec`)."""
        self._legal: tuple[int, ...] | None = None
        # The card of each play id (-1 for the other ids): the mask of the legal plays, unpacked
        # straight from the mask of the legal cards (see action_mask).
        self._card_of_id = np.full(size, -1, np.int32)
        for card, i in enumerate(self.codec._plays):
            if i >= 0:
                self._card_of_id[i] = card

    _RENDER_MODES: Final = ("ansi", "human")

    # -- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Observation]:
        """The observation space of ``agent`` (the same object at every call).

        >>> space = DealEnv("belote").observation_space("seat_0")
        >>> space["observation"].shape, space["action_mask"].shape
        ((681,), (37,))
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Action]:
        """The action space of ``agent``: the ids of the game's codec.

        >>> DealEnv("belote").action_space("seat_2")
        Discrete(37)
        """
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------------
    def reset(
        self, seed: int | np.integer[Any] | None = None, options: Mapping[str, Any] | None = None
    ) -> None:
        """Deal a new deal (see the module docstring for ``seed`` and ``options``).

        >>> import tarotlib
        >>> game = DealEnv("french-tarot", players=3)
        >>> game.reset(seed=9)
        >>> game.deal == tarotlib.variant("french-tarot", players=3).new_deal(seed=9)
        True
        >>> game.reset(options={"dealer": 2})
        >>> game.deal.dealer, game.agent_selection
        (2, 'seat_0')
        """
        if seed is not None:
            seed = operator.index(seed)  # a numpy integer too
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.randrange(2**63)
        given = options or {}
        layout = given.get("layout")
        if layout is not None:
            self.deal = self.rules.new_deal(layout=layout)
        else:
            self.deal = self.rules.new_deal(seed=seed, dealer=given.get("dealer", 0))
        self.chosen = ()
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        # No agent skipped (PettingZoo reads this with getattr(..., None) before trusting it).
        vars(self).pop("_skip_agent_selection", None)
        if self.deal.is_over:  # a deal the rules end at once (annulled before any choice)
            self._finish()
        else:
            self.agent_selection = self._agent_to_act()

    def step(self, action: Action) -> None:
        """Choose the id ``action`` for the agent to act (``None`` for a terminated agent, which
        then leaves ``agents``).

        >>> game = DealEnv("belote")
        >>> game.reset(seed=4)
        >>> game.step(1)  # bid spades: the cards are dealt, seat_1 leads
        >>> game.deal.history[-1].text, game.agent_selection, game.deal.phase
        ('bid spades', 'seat_1', 'play')
        >>> game.step(0)  # pass: illegal once the bidding is over, so the deal ends
        >>> game.terminations["seat_1"], game.rewards["seat_1"], game.rewards["seat_0"]
        (True, -1.0, 0.0)
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is terminated: its only action is None")
            self._was_dead_step(None)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to act: None is only for a terminated agent")
        try:
            deal, chosen = self.codec.step(self.deal, cast(int, action), self.chosen)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._illegal(agent)
            return
        self.deal, self.chosen = deal, chosen
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        if deal.is_over:
            self._finish()
        else:
            self.agent_selection = self._agent_to_act()
        if self.render_mode == "human":
            self.render()

    def _agent_to_act(self) -> str:
        seat = self.deal.to_act
        assert seat is not None
        return self.possible_agents[seat]

    def _finish(self) -> None:
        scores = self.deal.result.scores
        self.rewards = {agent: float(scores[s]) for agent, s in self._seat.items()}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
        self._deads_step_first()

    def _illegal(self, agent: str) -> None:
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        assert self.illegal_reward is not None
        self.rewards[agent] = float(self.illegal_reward)
        self._accumulate_rewards()
        self._deads_step_first()

    # -- what an agent sees ---------------------------------------------------------------------
    def action_mask(self, agent: str) -> NDArray[np.int8]:
        """The legal ids of ``agent`` as ``int8`` 0/1 (all zeros unless it is to act): the
        observation's ``"action_mask"`` without the observation tensor.

        >>> game = DealEnv("belote")
        >>> game.reset(seed=4)
        >>> game.action_mask("seat_1").nonzero()[0].tolist(), int(game.action_mask("seat_2").sum())
        ([0, 1], 0)
        """
        if agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        ):
            legal = self._legal
            if legal is None:
                unpack = tensors._unpack_bits
                deal = self.deal
                if unpack is not None and not self.chosen:
                    cards = deal.current_phase.legal_cards(
                        deal
                    )  # plays alone: their ids from the mask
                    if cards >= 0:
                        out = np.empty(self.codec.size, np.int8)
                        unpack(cards, 78, self._card_of_id, out)
                        return out
                legal = self._legal = self.codec.legal_ids(deal, self.chosen)
            mask = bytearray(self.codec.size)
            for i in legal:
                mask[i] = 1
            return np.frombuffer(mask, np.int8)
        return np.zeros(self.codec.size, np.int8)

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: its seat's observation tensor and its action mask.

        >>> game = DealEnv("french-tarot", players=4)
        >>> game.reset(seed=1)
        >>> seen = game.observe("seat_2")
        >>> int(seen["observation"][game.encoder.section("hand")].sum()), int(seen["action_mask"].sum())
        (18, 0)
        """
        return {
            "observation": self.encoder.observation(self.deal, self._seat[agent], self.chosen),
            "action_mask": self.action_mask(agent),
        }

    # -- rendering ------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as text, every hand shown: returned with ``render_mode="ansi"``, printed
        with ``"human"`` (as after every step; then None is returned, as PettingZoo expects).

        >>> game = DealEnv("belote", render_mode="ansi")
        >>> game.reset(seed=4)
        >>> print(game.render())
        belote_v0 | phase bidding | dealer seat_0 | to act: seat_1
        seat_0: AS 7H 8D TD KC
        seat_1: JS TH QD KD TC
        seat_2: KS AH 7D JD 8C
        seat_3: 7S 8S JH KH AC
        """
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        deal, texts = self.deal, self.rules.notation.texts
        head = [self.metadata["name"], f"phase {deal.phase}", f"dealer seat_{deal.dealer}"]
        if deal.to_act is not None:
            head.append(f"to act: seat_{deal.to_act}")
        lines = [" | ".join(head)]
        for s in range(self.rules.players):
            lines.append(f"seat_{s}: " + " ".join(texts[c] for c in cards_of(deal.hand_mask(s))))
        if deal.current_trick:
            lines.append("trick: " + " ".join(texts[int(c)] for c in deal.current_trick))
        if self.chosen:
            lines.append("choosing: " + " ".join(self.codec.action(i).text for i in self.chosen))
        if deal.history:
            seat, action = deal.moves[-1]
            lines.append(f"last: seat_{seat} {action.text}")
        if deal.is_over:
            lines.append(f"over: scores {deal.result.scores}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (text rendering only).

        >>> DealEnv("belote").close()
        """


T = TypeVar("T")

raw_env = DealEnv
"""PettingZoo's name for the unwrapped environment class."""


class _Forwarded(Generic[T]):
    """An attribute of the order-enforcing wrapper read from the environment it wraps, once the
    environment has been reset (before: the ``AttributeError`` PettingZoo raises). Read-only."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._read = operator.attrgetter(name)

    @overload
    def __get__(self, wrapper: None, owner: type[Any]) -> _Forwarded[T]: ...
    @overload
    def __get__(self, wrapper: _OrderEnforcing, owner: type[Any]) -> T: ...
    def __get__(self, wrapper: _OrderEnforcing | None, owner: type[Any]) -> T | _Forwarded[T]:
        if wrapper is None:
            return self
        if not wrapper._has_reset:
            raise AttributeError(f"{self.name} cannot be accessed before reset")
        value: T = self._read(wrapper.env)
        return value

    def __set__(self, wrapper: _OrderEnforcing, value: T) -> None:
        raise AttributeError(f"{self.name} is the environment's: set it there")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Observation, Action]):
    """PettingZoo's ``OrderEnforcingWrapper``, with the attributes and methods a loop uses at
    every step (``agent_selection``, ``agents``, ``terminations``, ``truncations``, ``last``)
    read from the environment directly rather than through ``__getattr__``: the same checks (an
    ``AttributeError`` before ``reset``), a few µs less per step."""

    agent_selection = _Forwarded[str]("agent_selection")
    agents = _Forwarded[list[str]]("agents")
    terminations = _Forwarded[dict[str, bool]]("terminations")
    truncations = _Forwarded[dict[str, bool]]("truncations")

    def action_mask(self, agent: str) -> NDArray[np.int8]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return cast(DealEnv, self.env).action_mask(agent)

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Action) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _Agents:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)  # type: ignore[no-untyped-call]  # PettingZoo's AECIterable


class _Agents(AECOrderEnforcingIterable[str, Observation, Action]):
    """PettingZoo's ``agent_iter()`` of the order-enforcing wrapper, its iterator reading the
    environment directly (the same checks)."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator[str, Observation, Action]):
    def __next__(self) -> str:
        wrapper: Any = self.env
        raw: DealEnv = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return raw.agent_selection


def env(
    game: str | Any,
    *,
    render_mode: str | None = None,
    illegal_reward: float | None = -1.0,
    **options: object,
) -> AECEnv[str, Observation, Action]:
    """The environment of ``game`` (see :class:`DealEnv`) in PettingZoo's
    ``OrderEnforcingWrapper`` (no step or observation before ``reset``), as PettingZoo's classic
    games are; the checks of their other wrappers are :class:`DealEnv`'s own (see the module
    docstring).

    >>> game = env("contree", preset="ffb")
    >>> game.reset(seed=1)
    >>> game.unwrapped.deal.rules.name, len(game.possible_agents)
    ('contree', 4)
    """
    raw = DealEnv(game, render_mode=render_mode, illegal_reward=illegal_reward, **options)
    return _OrderEnforcing(raw)
