"""The variant registry: look a game up by name, with options.

Every game registers itself: a game package of ``tarotlib.variants`` builds its
:class:`VariantInfo` — the factory of its rules and its optional hooks (its heuristic player, its
independent checker, its terminal view, its option strategy, ...), with :func:`game_entry` — and
passes it to :func:`register` when it is imported. On first use the registry imports every subpackage of
``tarotlib.variants`` (so a game added there is found without being named anywhere else), then
loads the third-party games declared under the entry-point group ``tarotlib.variants``. Nothing in
tarotlib outside a game's own package names a game: the shared modules ask the registry for what
they need.

>>> from tarotlib.registry import variant, variant_names
>>> variant_names()  # doctest: +NORMALIZE_WHITESPACE
('belote', 'chambery', 'contree', 'french-tarot', 'french-tarot-solo', 'lombardy',
 'ombra-arrabiata', 'reseghino', 'tarocco-ombre')
>>> variant("french-tarot", players=5, preset="bga").options.callable_cards
'king_queen'
>>> variant("tarock")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tarotlib.errors.UnknownVariantError: unknown variant 'tarock'; known variants: belote, chambery, ...
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from tarotlib.core.decks import Deck
from tarotlib.core.points import PointModel
from tarotlib.deal import DealState, Game
from tarotlib.deal.observe import Observation
from tarotlib.errors import UnknownVariantError

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from tarotlib.bots.heuristic import GamePlayer
    from tarotlib.bots.weighing import TieBreaker
    from tarotlib.scoresheet import DealForm
    from tarotlib.terminal.view import ViewParts
    from tarotlib.testing.generic import TrickExceptions

__all__ = [
    "ENTRY_POINT_GROUP",
    "LazyHook",
    "VariantInfo",
    "default_variant",
    "fixed_teams",
    "game_entry",
    "hook_attribute",
    "register",
    "unregister",
    "variant",
    "variant_info",
    "variant_names",
]

ENTRY_POINT_GROUP: Final = "tarotlib.variants"
"""The entry-point group under which an installed distribution declares its games: each entry
point names a module that registers its game when imported, a :class:`VariantInfo`, or a function
returning one."""


@attrs.frozen
class LazyHook:
    """A hook that imports what it stands for on first call: ``LazyHook("package.module:name")``
    calls ``name`` of ``package.module`` with the arguments it is given. Games use it for their
    hooks, so that registering a game imports none of its bot, checker, view or strategies.

    >>> hook = LazyHook("tarotlib.core.cards:parse_card")
    >>> hook("KH").text, hook.module.__name__
    ('KH', 'tarotlib.core.cards')
    >>> LazyHook("tarotlib.core.cards")
    Traceback (most recent call last):
        ...
    ValueError: a LazyHook target is 'package.module:name', got 'tarotlib.core.cards'
    """

    target: str

    def __attrs_post_init__(self) -> None:
        module, sep, name = self.target.partition(":")
        if not (module and sep and name):
            raise ValueError(f"a LazyHook target is 'package.module:name', got {self.target!r}")

    @property
    def module(self) -> ModuleType:
        """The module of the target (imported now).

        >>> LazyHook("tarotlib.core.rng:splitmix64").module.__name__
        'tarotlib.core.rng'
        """
        return importlib.import_module(self.target.partition(":")[0])

    def load(self) -> Any:
        """The object the hook stands for (imported now).

        >>> LazyHook("tarotlib.core.rng:splitmix64").load().__name__
        'splitmix64'
        """
        return getattr(self.module, self.target.partition(":")[2])

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


def _names(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class VariantInfo:
    """A registered variant: its name, a one-line description, the rules file sections it
    implements, and the factory that builds its :class:`~tarotlib.deal.Game` from options.

    The other fields are optional hooks, each off by default, through which the shared modules
    reach what is particular to the game. Hooks that run code are best given as
    :class:`LazyHook` values (or functions that import inside), so that registering a game costs
    nothing:

    - ``bot``: the game's heuristic player for :class:`~tarotlib.bots.HeuristicBot`: called with
      the bot's tie-breaking generator (a :class:`~tarotlib.bots.weighing.TieBreaker`), it returns
      a function ``(observation, legal actions, rules) -> action``. Without it, the heuristic
      bot plays the game uniformly at random.
    - ``oracle``: the game's independent checker: raises ``AssertionError`` when a state breaks
      one of the game's rules; :func:`tarotlib.testing.check_state` runs it after the generic
      checks.
    - ``trick_exceptions``: the game's exceptions to the plain trick rules, a function of a state
      returning a :class:`~tarotlib.testing.generic.TrickExceptions` (or None), which
      :func:`tarotlib.testing.check_deal` applies.
    - ``view``: the game's pieces of the terminal's table view: a function of an observation
      returning a :class:`~tarotlib.terminal.view.ViewParts`, or None for an observation that is
      not the game's. Without it the terminal shows the generic view.
    - ``options_strategy``: a Hypothesis strategy of the game's options objects (each with
      ``to_dict()``), given the player counts (an int, several, or None for any); used by
      :func:`tarotlib.testing.strategies.options` and ``rules``.
    - ``deck``: the pack the game deals (:func:`tarotlib.testing.deck_of`).
    - ``presets``: the names of the game's option presets (the command line's help lists them).
    - ``contracts``: the labels of the game's contracts (as ``DealResult.contract`` gives them),
      weakest first: the order in which a simulation summary lists them.
    - ``teams``: the fixed partnerships of a deal under given rules (a function of the rules
      returning tuples of seats), for games played in fixed teams (:func:`tarotlib.bots.duel`).
    - ``zero_sum``: whether every deal's scores sum to zero (``check_state`` checks it).
    - ``card_points``: each seat's card points at the end of a deal, as the game counts them for
      its contract (its side's, in a game of sides: the Excuse, the Matto or the Fou, leftover
      cards, the last-trick bonuses counted): a function of a finished state returning one number
      a seat. The solver's ``points`` objective (:func:`tarotlib.ai.solve`) maximises it; without
      it only the ``score`` objective is offered.
    - ``scoresheet``: what a table writes down for a deal and how it is scored: a function of the
      game's rules returning a :class:`~tarotlib.scoresheet.DealForm` (:mod:`tarotlib.scoresheet`,
      the command ``tarotlib score``).
    - ``card_roles``: the scoring role of each card index in the play of a deal (a function of a
      state in the card play returning 78 ints, :func:`tarotlib.core.points.card_roles`): cards
      of one role are worth the same to the game's scoring wherever they end (their point value),
      a card the scoring names itself has a role of its own (a negative one). The solver merges
      a seat's cards of one role that nothing still in play separates; without the hook it
      searches every card.
    - ``point_model``: the side's card points as the solver's fast search adds them up (a
      function of a state in the card play and a seat returning a
      :class:`~tarotlib.core.points.PointModel`, or None where the game's points are not such a
      function of its piles): with it, the plain play of cards (no fool, nothing pending) is
      searched on bit masks, without building states.
    - ``default``: the game used when none is named (the testing strategies' default); at most one
      registered game should set it.

    >>> info = variant_info("french-tarot")
    >>> info.name, info.rules_reference
    ('french-tarot', 'docs/rules/french-tarot.md FT-0 to FT-19')
    >>> info.factory(players=5).players
    5
    >>> info.presets, info.zero_sum, variant_info("belote").deck.name
    (('fft', 'bga'), True, 'piquet-32')
    """

    name: str
    description: str
    rules_reference: str
    factory: Callable[..., Game] = attrs.field(repr=False)
    bot: Callable[[TieBreaker], GamePlayer] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    oracle: Callable[[DealState], object] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    trick_exceptions: Callable[[DealState], TrickExceptions | None] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    view: Callable[[Observation], ViewParts | None] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    options_strategy: Callable[[int | Sequence[int] | None], SearchStrategy[Any]] | None = (
        attrs.field(default=None, kw_only=True, repr=False)
    )
    deck: Deck | None = attrs.field(default=None, kw_only=True, repr=False)
    presets: tuple[str, ...] = attrs.field(default=(), kw_only=True, converter=_names, repr=False)
    contracts: tuple[str, ...] = attrs.field(default=(), kw_only=True, converter=_names, repr=False)
    teams: Callable[[Game], tuple[tuple[int, ...], ...]] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    zero_sum: bool = attrs.field(default=True, kw_only=True, repr=False)
    card_points: Callable[[DealState], tuple[float, ...]] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    card_roles: Callable[[DealState], tuple[int, ...]] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    point_model: Callable[[DealState, int], PointModel | None] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )
    default: bool = attrs.field(default=False, kw_only=True, repr=False)
    scoresheet: Callable[[Game], DealForm] | None = attrs.field(
        default=None, kw_only=True, repr=False
    )


OptionsT = TypeVar("OptionsT")


def game_entry(
    name: str,
    description: str,
    rules_reference: str,
    rules: Callable[[OptionsT], Game],
    options: Callable[[Mapping[str, object]], OptionsT],
    *,
    bot: str | None = None,
    oracle: str | None = None,
    trick_exceptions: str | None = None,
    view: str | None = None,
    options_strategy: str | None = None,
    deck: Deck | None = None,
    presets: Sequence[str] = (),
    contracts: Sequence[str] = (),
    teams: Sequence[Sequence[int]] | None = None,
    zero_sum: bool = True,
    card_points: str | None = None,
    card_roles: str | None = None,
    point_model: str | None = None,
    default: bool = False,
    package: str | None = None,
    scoresheet: str | None = None,
) -> VariantInfo:
    """The :class:`VariantInfo` of a game package, as its ``plugin`` module writes it.

    - the factory is ``rules(options(values))`` for the keyword values ``variant(name, ...)`` is
      given: ``options`` reads them (``FrenchTarotOptions.options_from``, say) and ``rules``, the
      game's class, takes the options object;
    - each hook is named ``"module:name"`` relative to ``package`` — by default the package of the
      module that calls (``bot="bot:player"`` in ``tarotlib.variants.belote.plugin`` is
      ``tarotlib.variants.belote.bot:player``) — and becomes a :class:`LazyHook`, so that
      registering the game imports none of them;
    - ``teams``, when given, are the game's fixed partnerships, the same under any options;
    - the other fields are :class:`VariantInfo`'s.

    The factory reports the calling module as its own (``factory.__module__``), as a function
    written there would.

    >>> from typing import ClassVar
    >>> from tarotlib.deal._demo import demo_game
    >>> from tarotlib.deal.options import GameOptions
    >>> @attrs.frozen
    ... class DemoOptions(GameOptions):
    ...     GAME_NAME: ClassVar[str] = "demo"
    ...     players: int = 3
    >>> info = game_entry("demo", "a demo", "-", lambda o: demo_game(players=o.players),
    ...                   DemoOptions.from_dict, bot="bot:player", package="mygames.demo",
    ...                   teams=((0, 2), (1, 3)))
    >>> info.factory(players=4).players, info.bot, info.oracle
    (4, LazyHook(target='mygames.demo.bot:player'), None)
    >>> info.teams(info.factory())
    ((0, 2), (1, 3))
    >>> info.factory(colour="red")
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown demo option(s) colour; known: players
    """
    caller = sys._getframe(1).f_globals
    base = caller.get("__package__") if package is None else package

    def hook(target: str | None) -> LazyHook | None:
        if target is None:
            return None
        return LazyHook(f"{base}.{target}" if base else target)

    def factory(**values: object) -> Game:
        return rules(options(values))

    factory.__module__ = caller.get("__name__", factory.__module__)
    return VariantInfo(
        name,
        description,
        rules_reference,
        factory,
        bot=hook(bot),
        oracle=hook(oracle),
        trick_exceptions=hook(trick_exceptions),
        view=hook(view),
        options_strategy=hook(options_strategy),
        deck=deck,
        presets=tuple(presets),
        contracts=tuple(contracts),
        teams=None if teams is None else _fixed_teams(teams),
        zero_sum=zero_sum,
        card_points=hook(card_points),
        card_roles=hook(card_roles),
        point_model=hook(point_model),
        default=default,
        scoresheet=hook(scoresheet),
    )


def _fixed_teams(teams: Sequence[Sequence[int]]) -> Callable[[Game], tuple[tuple[int, ...], ...]]:
    """The ``teams`` hook of a game whose partnerships are the same under any options."""
    fixed = tuple(tuple(team) for team in teams)

    def of(rules: Game) -> tuple[tuple[int, ...], ...]:
        return fixed

    return of


_REGISTRY: dict[str, VariantInfo] = {}
_LOCK = threading.RLock()
_discovered = False
_discovering = False


def _discover(*, block: bool = True) -> None:
    """Import the game packages and load the entry-point games, once.

    Re-entered by a game registering itself while discovery imports it: returns at once. With
    ``block=False`` (a registration) it does not wait for another thread's discovery, whose
    imports may be waiting for the module that is registering.
    """
    global _discovered, _discovering
    if _discovered or not _LOCK.acquire(blocking=block):
        return
    try:
        if _discovered or _discovering:
            return
        _discovering = True
        try:
            _import_game_packages()
            _load_entry_points()
            _discovered = True
        finally:
            _discovering = False
    finally:
        _LOCK.release()


def _import_game_packages() -> None:
    """Import every subpackage of ``tarotlib.variants``: each game registers itself."""
    package = importlib.import_module("tarotlib.variants")
    for found in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if found.ispkg and not found.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{found.name}")


def _load_entry_points() -> None:
    """Load the games other distributions declare (:data:`ENTRY_POINT_GROUP`). A game that fails
    to load is skipped with a warning: it must not make the built-in games unusable."""
    for entry in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            loaded = entry.load()
            info = loaded() if callable(loaded) and not isinstance(loaded, VariantInfo) else loaded
            if isinstance(info, VariantInfo) and _REGISTRY.get(info.name) is not info:
                register(info)
        except Exception as exc:  # a broken plugin: warn and go on
            warnings.warn(
                f"tarotlib: the variant plugin {entry.name!r} ({entry.value}) did not load: {exc}",
                RuntimeWarning,
                stacklevel=2,
            )


def register(info: VariantInfo, *, replace: bool = False) -> None:
    """Register a variant under ``info.name`` (a user's own variant too).

    >>> belote = variant_info("belote")
    >>> register(belote)
    Traceback (most recent call last):
        ...
    ValueError: a variant named 'belote' is already registered
    >>> register(belote, replace=True)
    >>> variant("belote").name
    'belote'
    """
    _discover(block=False)
    if info.name in _REGISTRY and not replace:
        raise ValueError(f"a variant named {info.name!r} is already registered")
    _REGISTRY[info.name] = info


def unregister(name: str) -> VariantInfo:
    """Remove the variant ``name`` from the registry and return its entry (raises
    UnknownVariantError if it is not registered). Tests that register a game of their own use it
    (or :func:`tarotlib.testing.registered`) to leave the registry as they found it.

    >>> info = VariantInfo("belote-copy", "a copy", "BE-0", variant_info("belote").factory)
    >>> register(info)
    >>> unregister("belote-copy") is info, "belote-copy" in variant_names()
    (True, False)
    """
    entry = variant_info(name)
    del _REGISTRY[entry.name]
    return entry


def variant_names() -> tuple[str, ...]:
    """Names of the registered variants, sorted.

    >>> variant_names()  # doctest: +NORMALIZE_WHITESPACE
    ('belote', 'chambery', 'contree', 'french-tarot', 'french-tarot-solo', 'lombardy',
     'ombra-arrabiata', 'reseghino', 'tarocco-ombre')
    """
    _discover()
    return tuple(sorted(_REGISTRY))


def fixed_teams(rules: Game) -> tuple[tuple[int, ...], ...]:
    """The fixed partnerships of the game of ``rules`` (its ``teams`` hook), or () for a game
    without them or rules whose name is not registered.

    >>> import tarotlib
    >>> fixed_teams(tarotlib.variant("belote")), fixed_teams(tarotlib.variant("french-tarot"))
    (((0, 2), (1, 3)), ())
    """
    try:
        teams = variant_info(rules.name).teams
    except UnknownVariantError:
        return ()
    return () if teams is None else tuple(tuple(team) for team in teams(rules))


def variant_info(name: str) -> VariantInfo:
    """The registry entry for ``name`` (raises UnknownVariantError).

    >>> variant_info("Belote").rules_reference
    'docs/rules/belote.md BE-0 to BE-17'
    >>> variant_info("tarock")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.UnknownVariantError: unknown variant 'tarock'; known variants: belote, chambery, ...
    """
    _discover()
    if not isinstance(name, str):
        known = ", ".join(variant_names())
        raise UnknownVariantError(
            f"a variant is named by a string, got {type(name).__name__}; known variants: {known}"
        )
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _REGISTRY[key]
    except KeyError:
        known = ", ".join(variant_names())
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}") from None


def variant(name: str, **options: object) -> Game:
    """The rules of the variant ``name`` with ``options`` (each variant documents its options).

    Unknown or invalid options raise :class:`~tarotlib.errors.OptionError`.

    >>> rules = variant("French Tarot", players=3, preset="bga")
    >>> rules.name, rules.players
    ('french-tarot', 3)
    >>> variant("french-tarot", players=6)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option players must be one of 3, 4, 5 (got 6)
    """
    return variant_info(name).factory(**options)


def default_variant() -> str:
    """The name of the game used when none is named: the registered game whose entry sets
    ``default`` (the first by name if several do), else the first registered name.

    >>> default_variant()
    'french-tarot'
    """
    names = variant_names()
    if not names:
        raise UnknownVariantError("no variant is registered")
    return next((n for n in names if _REGISTRY[n].default), names[0])


def hook_attribute(hook: str, name: str) -> Any:
    """The public attribute ``name`` of the module behind a registered game's :class:`LazyHook`
    ``hook`` (a field name of :class:`VariantInfo`): the first game, by name, whose hook module
    lists it in its ``__all__``. Raises ``AttributeError`` when none does. Shared modules use it
    to keep serving names that moved into a game's package.

    >>> hook_attribute("bot", "belote_strength").__module__
    'tarotlib.variants.belote.bot'
    >>> hook_attribute("bot", "no_such_name")
    Traceback (most recent call last):
        ...
    AttributeError: no registered game's bot hook module defines 'no_such_name'
    """
    for game in variant_names():
        value = getattr(variant_info(game), hook)
        if isinstance(value, LazyHook):
            module = value.module
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
    raise AttributeError(f"no registered game's {hook} hook module defines {name!r}")
