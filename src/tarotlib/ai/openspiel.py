"""Every game of the registry as an OpenSpiel game (``pip install -e '.[openspiel]'``).

Importing this module registers each registered game with OpenSpiel as a *Python game*, under
the short name ``python_tarotlib_`` + the game's name with ``_`` for ``-``
(:func:`game_name`): ``python_tarotlib_french_tarot``, ``python_tarotlib_belote``, ... Only this
module imports ``pyspiel`` and numpy; ``import tarotlib`` and ``import tarotlib.ai`` do not.

>>> import pyspiel
>>> from tarotlib.ai import openspiel
>>> game = pyspiel.load_game("python_tarotlib_french_tarot(players=4)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 270, 78)
>>> game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
True

**The games.** Sequential, imperfect information, explicit stochastic chance, terminal rewards.
A game whose scores always sum to zero (``VariantInfo.zero_sum``: French Tarot, the solo,
Reseghino, Tarocc'Ombre, Ombra arrabiata, Chambéry) is zero-sum, the others (Belote and Contrée,
where partners both hold their team's points; Lombardy) general-sum. The returns are the
deal's ``result.scores`` (0 for every seat when the deal is annulled), within
``±``:data:`UTILITY_BOUND`.

**Parameters.** ``players`` (the games with several player counts), ``preset`` (the games with
presets; ``""``: none), ``dealer`` (the seat that deals, 0 by default), and every option of the
game whose value OpenSpiel can write in a game string (a boolean, a number, or a word that does
not read as a number: ``declarations=poignee_and_misere``, ``simplifie=true``), with the game's
own default. An option left at that default is not passed to tarotlib, so a preset's value for
it stands. ``str(game)`` names the parameters that differ from their defaults.

**Chance: the deal, card by card.** A state starts with as many chance nodes as the pack has
cards: the k-th chance outcome is the k-th card of the shuffled pack, drawn uniformly among the
cards not drawn yet; chance outcome ``i`` is the pack's ``i``-th card in index order
(``sorted(rules.deck.cards)``). Once the pack is drawn, the game deals it as
``rules.deal_from_order(order, dealer)`` does. Feeding in the seeded shuffle
(:func:`seed_outcomes`) gives the deal of ``rules.new_deal(seed=seed, dealer=dealer)`` exactly:
``new_deal`` does not draw its dealer from the seed (it takes it as an argument, seat 0 by
default), so the dealer is the ``dealer`` parameter.

**Players** choose among the ids of the game's :class:`~tarotlib.ai.ActionCodec`
(``num_distinct_actions = codec.size``); a set-valued declaration (a poignée) is chosen in
several ids, the same seat acting again while it is being chosen. The observation and
information-state tensors and strings are :class:`~tarotlib.ai.tensors.TensorEncoder`'s; while
the pack is being drawn a seat sees only how many cards have been drawn (zero tensors).

**Serialization** is the history of action ids: ``state.serialize()``,
``pyspiel.deserialize_game_and_state`` and :mod:`pickle` replay the ids (a pickled game or state
imports this module when it is loaded).

**IS-MCTS.** :meth:`TarotState.resample_from_infostate` draws a state consistent with what a
player has seen, with :func:`tarotlib.ai.sample_world`, its chance outcomes rewritten to the drawn
deal. OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) calls it;
``bot.set_resampler(resampler(seed))`` (:func:`resampler`) makes its draws reproducible. The C++
``pyspiel.ISMCTSBot`` cannot play a Python game: its ``step`` releases Python's global lock
before calling the game (it crashes, on OpenSpiel's own Python games too), and OpenSpiel binds no
override of ``ResampleFromInfostate`` for Python games. Use the Python bot. The resampled worlds
are the sampler's: another seat's secret actions (an écart, a dealer's discard, a card given back
face down) are drawn again with the hidden cards (see :mod:`tarotlib.ai.sampler`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar, Final

from tarotlib._optional import missing

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # OpenSpiel is an optional dependency
    raise missing("tarotlib.ai.openspiel", "OpenSpiel", "openspiel") from exc

from tarotlib.ai.codec import ActionCodec
from tarotlib.ai.sampler import sample_world
from tarotlib.ai.tensors import TensorEncoder
from tarotlib.core.cards import ALL_CARDS, format_cards
from tarotlib.core.dealing import Layout
from tarotlib.core.rng import shuffle
from tarotlib.deal.state import DealState
from tarotlib.errors import DealError, OptionError, ScoringError
from tarotlib.registry import variant, variant_info, variant_names

__all__ = [
    "PREFIX",
    "UTILITY_BOUND",
    "TarotGame",
    "TarotState",
    "game_name",
    "layout_outcomes",
    "load_game",
    "register_games",
    "resampler",
    "seed_outcomes",
    "tarot_state",
]

PREFIX: Final = "python_tarotlib_"
"""The start of every short name this module registers."""

UTILITY_BOUND: Final = 100_000.0
"""The games' ``max_utility`` (and ``-UTILITY_BOUND`` their ``min_utility``): a bound on any
deal's scores, far above the largest of any game (a few thousand points). A deal scoring beyond
it would raise :class:`~tarotlib.errors.ScoringError` rather than return out of range."""

_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


def game_name(variant_name: str) -> str:
    """The OpenSpiel short name of a registered game.

    >>> game_name("french-tarot")
    'python_tarotlib_french_tarot'
    """
    variant_info(variant_name)  # raises UnknownVariantError
    return PREFIX + variant_name.replace("-", "_")


# -- parameters ---------------------------------------------------------------------------------
def _writable(value: object) -> bool:
    """Whether OpenSpiel reads ``value`` back with its type from a game string."""
    if isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return value == value and abs(value) != float("inf")
    if not isinstance(value, str) or not value:
        return False
    if value.lower() in ("true", "false") or any(c in value for c in ",()="):
        return False
    return bool(value.strip("+-0123456789."))


@cache
def _specification(variant_name: str) -> tuple[tuple[str, object], ...]:
    """The parameters of a game and their defaults, in order."""
    info = variant_info(variant_name)
    defaults = variant(variant_name).options_dict()
    spec: list[tuple[str, object]] = []
    if "players" in defaults:
        spec.append(("players", defaults["players"]))
    if info.presets:
        spec.append(("preset", ""))
    spec.append(("dealer", 0))
    for key, value in defaults.items():
        if key not in ("players", "preset", "dealer") and _writable(value):
            spec.append((key, value))
    return tuple(spec)


def _player_counts(variant_name: str) -> list[int]:
    defaults = variant(variant_name).options_dict()
    if "players" not in defaults:
        return [variant(variant_name).players]
    counts = []
    for players in range(2, 11):
        try:
            variant(variant_name, players=players)
        except OptionError:
            continue
        counts.append(players)
    return counts


# -- one configuration --------------------------------------------------------------------------
class _Config:
    """What the games of one configuration share: rules, codec, encoder, deal routing."""

    def __init__(self, variant_name: str, options: tuple[tuple[str, object], ...], dealer: int):
        self.key = (variant_name, options, dealer)
        self.variant_name = variant_name
        rules: Any = variant(variant_name, **dict(options))
        self.rules = rules
        if isinstance(dealer, bool) or not 0 <= dealer < rules.players:
            raise OptionError(f"dealer must be a seat 0..{rules.players - 1}, got {dealer!r}")
        self.dealer = dealer
        self.codec = ActionCodec(rules)
        self.encoder = TensorEncoder(self.codec)
        self.deck: tuple[int, ...] = tuple(sorted(int(c) for c in rules.deck.cards))
        self.position = {card: i for i, card in enumerate(self.deck)}
        self.zero_sum = variant_info(variant_name).zero_sum
        self.places = self._places()

    def __reduce__(self) -> tuple[Callable[..., _Config], tuple[object, ...]]:
        return (_config, self.key)

    def __deepcopy__(self, memo: object) -> _Config:
        return self

    def _places(self) -> tuple[tuple[int, ...], ...]:
        """The pack positions of each place of a layout, in dealing order: each hand, the
        kitty, the stock (found by dealing the pack in index order)."""
        probe = self.rules.deal_from_order(self.deck, self.dealer).layout
        pos = self.position
        places = [tuple(pos[int(c)] for c in hand) for hand in probe.order or probe.hands]
        places.append(tuple(pos[int(c)] for c in probe.kitty))
        places.append(tuple(pos[int(c)] for c in probe.stock))
        covered = sorted(p for place in places for p in place)
        if covered != list(range(len(self.deck))):  # pragma: no cover - a plan that hides cards
            raise DealError("the dealing plan does not deal every card of the pack")
        return tuple(places)

    def outcomes_of(self, layout: Layout) -> list[int]:
        """Chance outcomes that deal ``layout`` (each place's cards at its positions)."""
        order = [0] * len(self.deck)
        hands = layout.order or layout.hands
        cards = [*hands, layout.kitty, layout.stock]
        for positions, place in zip(self.places, cards, strict=True):
            if len(positions) != len(place):
                raise DealError("the layout does not have the sizes of this game's deal")
            for p, card in zip(positions, place, strict=True):
                order[p] = self.position[int(card)]
        return order

    def info(self) -> Any:
        rules = self.rules
        deck = len(self.deck)
        return pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=deck,
            num_players=rules.players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=_max_game_length(deck, rules.players),
        )


def _max_game_length(deck: int, players: int) -> int:
    """A generous bound on a deal's decisions (the ids chosen): three per card of the pack,
    twenty per player and a hundred more. Random deals of every configuration stay below a
    quarter of it (a card is played once; discards, shown cards and auctions add far fewer)."""
    return 3 * deck + 20 * players + 100


@lru_cache(maxsize=128)
def _config(variant_name: str, options: tuple[tuple[str, object], ...], dealer: int) -> _Config:
    return _Config(variant_name, options, dealer)


def _resolve(variant_name: str, params: Mapping[str, Any]) -> tuple[_Config, dict[str, Any]]:
    """The configuration of a game's parameters, and the parameters that differ from their
    defaults."""
    spec = dict(_specification(variant_name))
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise OptionError(
            f"{game_name(variant_name)} has no parameter {', '.join(unknown)}; "
            f"its parameters: {', '.join(spec)}"
        )
    given: dict[str, Any] = {}
    for key, default in spec.items():
        value = params.get(key, default)
        if value != default or type(value) is not type(default):
            if not _writable(value):
                raise OptionError(
                    f"parameter {key}={value!r} cannot be written in an OpenSpiel game string"
                )
            given[key] = value
    options = {key: value for key, value in given.items() if key != "dealer"}
    if "players" in spec:
        options.setdefault("players", spec["players"])
    config = _config(variant_name, tuple(sorted(options.items())), given.get("dealer", 0))
    return config, given


# -- the OpenSpiel game -------------------------------------------------------------------------
class TarotGame(pyspiel.Game):
    """One configuration of a tarotlib game as an OpenSpiel game (see the module docstring);
    made by ``pyspiel.load_game`` or :func:`load_game`.

    >>> game = load_game("belote", preset="classic")
    >>> str(game), game.num_players(), game.num_distinct_actions()
    ('python_tarotlib_belote(preset=classic)', 4, 127)
    """

    variant_name: ClassVar[str]
    """The registry name of the game (each game registers a subclass of its own)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        config, given = _resolve(self.variant_name, params or {})
        self._config = config
        super().__init__(_game_types[self.variant_name], config.info(), given)

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[object, ...]]:
        return (_load_game_string, (str(self),))

    @property
    def rules(self) -> Any:
        """The tarotlib rules of this configuration.

        >>> load_game("french-tarot", players=3).rules.players
        3
        """
        return self._config.rules

    @property
    def codec(self) -> ActionCodec:
        """The action ids (the players' actions).

        >>> load_game("belote").codec.size
        37
        """
        return self._config.codec

    @property
    def encoder(self) -> TensorEncoder:
        """The tensors of the observations and information states.

        >>> game = load_game("belote")
        >>> game.observation_tensor_shape() == list(game.encoder.observation_shape)
        True
        """
        return self._config.encoder

    @property
    def dealer(self) -> int:
        """The seat that deals.

        >>> load_game("belote", dealer=2).dealer
        2
        """
        return self._config.dealer

    def new_initial_state(self) -> TarotState:
        """A deal before its first card is drawn (a chance node).

        >>> state = load_game("belote").new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 32)
        """
        return TarotState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The number of chance nodes of a deal: the cards of the pack.

        >>> load_game("belote").max_chance_nodes_in_history()
        32
        """
        return len(self._config.deck)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer | None:
        """An observer of the information state (``iig_obs_type.perfect_recall``) or of the
        observation (the default): what a seat sees, public and private. None for the other
        observation types (public only, private only, every seat's), which these games do not
        provide.

        >>> import pyspiel
        >>> game = load_game("belote")
        >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        >>> observer.tensor.shape == game.encoder.information_state_shape
        True
        """
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel calls make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise OptionError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is None:
            return _Observer(self._config, perfect_recall=False)
        single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not (iig_obs_type.public_info and single):
            return None
        return _Observer(self._config, perfect_recall=bool(iig_obs_type.perfect_recall))


def _load_game_string(string: str) -> Any:
    register_games()
    return pyspiel.load_game(string)


def load_game(variant_name: str, **params: Any) -> TarotGame:
    """The OpenSpiel game of ``variant_name`` with ``params`` (see the module docstring).

    >>> game = load_game("french-tarot", players=5, declarations="poignee_and_misere")
    >>> str(game)
    'python_tarotlib_french_tarot(declarations=poignee_and_misere,players=5)'
    """
    register_games()
    _resolve(variant_name, params)  # tarotlib's errors (OptionError) rather than OpenSpiel's
    game: TarotGame = pyspiel.load_game(game_name(variant_name), params)
    return game


# -- states -------------------------------------------------------------------------------------
class _Core:
    """The state proper, immutable: the cards drawn, then the tarotlib state and the steps of
    a declaration being chosen. Pickles as its action ids."""

    __slots__ = ("chosen", "config", "drawn", "moves", "state")

    def __init__(
        self,
        config: _Config,
        drawn: tuple[int, ...] = (),
        state: DealState | None = None,
        chosen: tuple[int, ...] = (),
        moves: tuple[int, ...] = (),
    ) -> None:
        self.config = config
        self.drawn = drawn
        self.state = state
        self.chosen = chosen
        self.moves = moves

    def __reduce__(self) -> tuple[Callable[..., _Core], tuple[object, ...]]:
        return (_replay, (self.config, self.drawn, self.moves))

    def __deepcopy__(self, memo: object) -> _Core:
        return self

    def apply(self, action: int) -> _Core:
        config = self.config
        if self.state is None:
            if not 0 <= action < len(config.deck) or action in self.drawn:
                raise DealError(
                    f"chance outcome {action} is not a card left to draw "
                    f"(0..{len(config.deck) - 1}, not drawn yet)"
                )
            drawn = (*self.drawn, action)
            if len(drawn) < len(config.deck):
                return _Core(config, drawn)
            order = [config.deck[i] for i in drawn]
            return _Core(config, drawn, config.rules.deal_from_order(order, config.dealer))
        if self.state.is_over:
            raise DealError("the deal is over: no action can be applied")
        state, chosen = config.codec.step(self.state, action, self.chosen)
        return _Core(config, self.drawn, state, chosen, (*self.moves, action))


def _replay(config: _Config, drawn: Sequence[int], moves: Sequence[int]) -> _Core:
    core = _Core(config)
    for action in (*drawn, *moves):
        core = core.apply(action)
    return core


class TarotState(pyspiel.State):
    """A state of a :class:`TarotGame`: the pack being drawn, then the deal
    (:attr:`tarot_state`).

    >>> game = load_game("belote")
    >>> state = game.new_initial_state()
    >>> for outcome in seed_outcomes(game, 4):
    ...     state.apply_action(outcome)
    >>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
    (1, ['pass', 'bid spades'])
    """

    def __init__(self, game: TarotGame) -> None:
        super().__init__(game)
        self._core = _Core(game._config)

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[object, ...]]:
        core = self._core
        return (_rebuild_state, (str(self.get_game()), core.drawn, core.moves))

    # -- what tarotlib sees ---------------------------------------------------------------------
    @property
    def tarot_state(self) -> DealState | None:
        """The tarotlib state of the deal; None while the pack is being drawn.

        >>> game = load_game("belote")
        >>> state = game.new_initial_state()
        >>> state.tarot_state is None
        True
        >>> for outcome in seed_outcomes(game, 4):
        ...     state.apply_action(outcome)
        >>> state.tarot_state.layout == game.rules.new_deal(seed=4).layout
        True
        """
        return self._core.state

    @property
    def chosen(self) -> tuple[int, ...]:
        """The ids of a set-valued declaration chosen so far (empty between actions).

        >>> load_game("belote").new_initial_state().chosen
        ()
        """
        return self._core.chosen

    # -- the OpenSpiel API ----------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` while the pack is being drawn,
        ``pyspiel.PlayerId.TERMINAL`` once the deal is over.

        >>> load_game("belote").new_initial_state().current_player()
        -1
        """
        state = self._core.state
        if state is None:
            return _CHANCE
        if state.is_over:
            return _TERMINAL
        to_act = state.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        assert core.state is not None
        return list(core.config.codec.legal_ids(core.state, core.chosen))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left to draw, each with the same probability (positions in the pack in
        index order).

        >>> outcomes = load_game("belote").new_initial_state().chance_outcomes()
        >>> outcomes[0], len(outcomes)
        ((0, 0.03125), 32)
        """
        core = self._core
        if core.state is not None:
            raise DealError("not a chance node: the pack is drawn")
        left = sorted(set(range(len(core.config.deck))) - set(core.drawn))
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action: int) -> None:
        self._core = self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        config = self._core.config
        if player == _CHANCE:
            if not 0 <= action < len(config.deck):
                return f"chance outcome {action} (no such card)"
            return "deal " + format_cards((ALL_CARDS[config.deck[action]],), config.rules.notation)
        return config.codec.action(action).text

    def is_terminal(self) -> bool:
        """True once the deal is over.

        >>> load_game("belote").new_initial_state().is_terminal()
        False
        """
        state = self._core.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        """The deal's scores once it is over (all 0 for an annulled deal), else 0 for every
        seat.

        >>> load_game("belote").new_initial_state().returns()
        [0.0, 0.0, 0.0, 0.0]
        """
        config = self._core.config
        state = self._core.state
        if state is None or not state.is_over or state.result is None:
            return [0.0] * config.rules.players
        scores = [float(s) for s in state.result.scores]
        if any(abs(s) > UTILITY_BOUND for s in scores):  # pragma: no cover - see UTILITY_BOUND
            raise ScoringError(f"scores {scores} exceed the games' utility bound {UTILITY_BOUND}")
        return scores

    def __str__(self) -> str:
        core = self._core
        config = core.config
        notation = config.rules.notation
        if core.state is None:
            cards = format_cards([ALL_CARDS[config.deck[i]] for i in core.drawn], notation)
            return (
                f"dealer: seat {config.dealer}\ndrawn {len(core.drawn)}/{len(config.deck)}: {cards}"
            )
        actions = " | ".join(a.text for a in core.state.history)
        lines = [core.state.layout.describe(), f"actions: {actions}"]
        if core.chosen:
            lines.append("choosing: " + " ".join(config.codec.action(i).text for i in core.chosen))
        return "\n".join(lines)

    # -- resampling -----------------------------------------------------------------------------
    def resample(self, player: int, rng: random.Random) -> TarotState:
        """A state drawn uniformly among those ``player`` cannot tell from this one
        (:func:`tarotlib.ai.sample_world`: another seat's secret actions are drawn again too),
        with the action ids and the chance outcomes of the drawn world;
        ``rng`` draws it. While the pack is being drawn, the cards drawn so far are drawn again.

        >>> import random
        >>> game = load_game("belote")
        >>> state = game.new_initial_state()
        >>> for outcome in seed_outcomes(game, 4):
        ...     state.apply_action(outcome)
        >>> world = state.resample(1, random.Random(0))
        >>> world.information_state_string(1) == state.information_state_string(1)
        True
        """
        core = self._core
        config = core.config
        if isinstance(player, bool) or not 0 <= player < config.rules.players:
            raise DealError(f"player must be a seat 0..{config.rules.players - 1}, got {player!r}")
        game = self.get_game()
        new: TarotState = game.new_initial_state()
        if core.state is None:  # nobody has seen a card: any cards drawn so far
            left = list(range(len(config.deck)))
            drawn = [left.pop(rng.randrange(len(left))) for _ in core.drawn]
            for action in drawn:
                new.apply_action(action)
            return new
        world = sample_world(core.state, player, rng)
        for action in (*config.outcomes_of(world.layout), *_moves_of(config, core, world)):
            new.apply_action(action)
        return new

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TarotState:
        """OpenSpiel's resampling: :meth:`resample` with random numbers from
        ``probability_sampler`` (a callable returning floats uniform in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler(0., 1.)``: 32 random bits per call).

        >>> import pyspiel
        >>> game = load_game("belote")
        >>> state = game.new_initial_state()
        >>> for outcome in seed_outcomes(game, 4):
        ...     state.apply_action(outcome)
        >>> world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0., 1.))
        >>> world.information_state_string(1) == state.information_state_string(1)
        True
        """
        return self.resample(player, _SamplerRandom(probability_sampler))


def _moves_of(config: _Config, core: _Core, world: DealState) -> list[int]:
    """The action ids of ``world``'s history: the real ones, but for the steps whose action the
    world drew again (another seat's secret action), then the ids chosen so far."""
    real = core.state.history if core.state is not None else ()
    moves: list[int] = []
    at = 0
    for mine, drawn in zip(real, world.history, strict=True):
        size = len(config.codec.encode(mine))
        moves.extend(core.moves[at : at + size] if drawn == mine else config.codec.encode(drawn))
        at += size
    moves.extend(core.moves[at:])
    return moves


class _SamplerRandom(random.Random):
    """A :class:`random.Random` drawing its bits from a probability sampler."""

    def __init__(self, sampler: Callable[[], float]) -> None:
        super().__init__(0)
        self._sampler = sampler

    def random(self) -> float:
        return float(self._sampler()) % 1.0

    def getrandbits(self, k: int, /) -> int:
        bits = 0
        got = 0
        while got < k:
            bits = bits << 32 | int(self.random() * 4294967296.0) & 0xFFFFFFFF
            got += 32
        return bits >> (got - k)


def _rebuild_state(string: str, drawn: Sequence[int], moves: Sequence[int]) -> Any:
    game = _load_game_string(string)
    state = game.new_initial_state()
    for action in (*drawn, *moves):
        state.apply_action(action)
    return state


def tarot_state(state: Any) -> DealState | None:
    """The tarotlib state of an OpenSpiel state of these games (None while the pack is being
    drawn).

    >>> game = load_game("belote")
    >>> tarot_state(game.new_initial_state()) is None
    True
    """
    if not isinstance(state, TarotState):
        raise TypeError(f"not a state of a tarotlib game: {type(state).__name__}")
    return state.tarot_state


def seed_outcomes(game: TarotGame, seed: int) -> list[int]:
    """The chance outcomes that draw the pack as ``rules.new_deal(seed=seed)`` shuffles it:
    applied to ``game.new_initial_state()``, they deal ``new_deal(seed=seed,
    dealer=game.dealer)`` (the same state but for ``data.seed``, None for a drawn pack).

    >>> game = load_game("french-tarot")
    >>> state = game.new_initial_state()
    >>> for outcome in seed_outcomes(game, 7):
    ...     state.apply_action(outcome)
    >>> state.tarot_state.layout == game.rules.new_deal(seed=7).layout
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DealError(f"seed must be an integer, got {seed!r}")
    config = game._config
    return [config.position[int(c)] for c in shuffle(config.rules.deck.cards, seed)]


def layout_outcomes(game: TarotGame, layout: Layout) -> list[int]:
    """The chance outcomes that deal ``layout`` (the game's own dealer must deal it; within a
    hand whose dealing order the game does not keep, the cards are drawn in index order).

    >>> game = load_game("belote")
    >>> layout = game.rules.new_deal(seed=3).layout
    >>> state = game.new_initial_state()
    >>> for outcome in layout_outcomes(game, layout):
    ...     state.apply_action(outcome)
    >>> state.tarot_state.layout == layout
    True
    """
    config = game._config
    if not isinstance(layout, Layout) or layout.dealer != config.dealer:
        raise DealError(f"give a layout dealt by seat {config.dealer}, the game's dealer")
    config.rules.check_layout(layout)
    return config.outcomes_of(layout)


def resampler(seed: int | None = None) -> Callable[[Any, int], TarotState]:
    """A resampling function for OpenSpiel's Python ``ISMCTSBot.set_resampler``: it calls
    :meth:`TarotState.resample` with one :class:`random.Random` seeded with ``seed``.

    >>> import random
    >>> game = load_game("belote")
    >>> state = game.new_initial_state()
    >>> for outcome in seed_outcomes(game, 4):
    ...     state.apply_action(outcome)
    >>> resample = resampler(1)
    >>> resample(state, 1).information_state_string(1) == state.information_state_string(1)
    True
    """
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> TarotState:
        if not isinstance(state, TarotState):
            raise TypeError(f"not a state of a tarotlib game: {type(state).__name__}")
        return state.resample(player, rng)

    return resample


# -- observers ----------------------------------------------------------------------------------
class _Observer:
    """OpenSpiel's Python observer interface: ``tensor``, ``dict``, ``set_from``,
    ``string_from``."""

    def __init__(self, config: _Config, *, perfect_recall: bool) -> None:
        self._config = config
        self._info = perfect_recall
        encoder = config.encoder
        shape = encoder.information_state_shape if perfect_recall else encoder.observation_shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: TarotState, player: int) -> None:
        core = state._core
        if core.state is None:
            self.tensor.fill(0.0)
            return
        encoder = self._config.encoder
        chosen = _chosen_seen(core, player)
        if self._info:
            self.tensor[:] = encoder.information_state(core.state, player, chosen)
        else:
            self.tensor[:] = encoder.observation(core.state, player, chosen)

    def string_from(self, state: TarotState, player: int) -> str:
        core = state._core
        if core.state is None:
            return f"seat {player} | drawing the pack: {len(core.drawn)} of {len(core.config.deck)} cards"
        encoder = self._config.encoder
        chosen = _chosen_seen(core, player)
        if self._info:
            return encoder.information_state_string(core.state, player, chosen)
        return encoder.observation_string(core.state, player, chosen)


def _chosen_seen(core: _Core, player: int) -> tuple[int, ...]:
    """The steps of a declaration being chosen, as ``player`` sees them: the seat choosing sees
    its steps; the others see the declaration once it is made."""
    return core.chosen if core.state is not None and core.state.to_act == player else ()


# -- registration -------------------------------------------------------------------------------
_game_types: dict[str, Any] = {}


def _game_type(variant_name: str) -> Any:
    counts = _player_counts(variant_name)
    utility = pyspiel.GameType.Utility
    zero_sum = variant_info(variant_name).zero_sum
    return pyspiel.GameType(
        short_name=game_name(variant_name),
        long_name=f"tarotlib {variant_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_specification(variant_name)),
    )


def register_games() -> list[str]:
    """Register with OpenSpiel every game of the registry not registered yet (importing this
    module does it; call it again after registering a game of your own). Returns the short
    names registered by this call.

    >>> register_games()   # all done at import
    []
    """
    done = []
    known = set(pyspiel.registered_names())
    for name in variant_names():
        if name in _game_types:
            continue
        short = game_name(name)
        game_type = _game_type(name)
        _game_types[name] = game_type
        if short in known:  # pragma: no cover - registered by another copy of this module
            continue

        # The factory is a class, as OpenSpiel's own Python games register: OpenSpiel keeps it
        # until the interpreter is gone, and a class (unlike a function) is never freed then.
        factory = type(f"TarotGame[{name}]", (TarotGame,), {"variant_name": name})
        pyspiel.register_game(game_type, factory)
        done.append(short)
    return done


register_games()
