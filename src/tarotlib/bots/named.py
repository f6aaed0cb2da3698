"""Bots by name, and bot factories: what :func:`tarotlib.simulate`, :mod:`tarotlib.arena` and the
command line accept as a bot.

A *bot spec* is a registered name (:data:`BOT_NAMES`) or a factory called with the bot's seed,
positionally or else as ``seed=`` (a module-level class such as :class:`~tarotlib.bots.RandomBot`,
picklable, so that worker processes can build it); a factory without a seed parameter is called
without arguments, and then its bots must not draw their own randomness for runs to be
reproducible.

>>> bot = seeded(bot_factory("heuristic"))(7)
>>> bot, spec_name("Heuristic "), check_spec("strong")
(HeuristicBot(seed=7), 'heuristic', 'strong')
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, TypeAlias

from tarotlib.errors import TarotError

if TYPE_CHECKING:
    from tarotlib.bots import Bot

__all__ = [
    "BOT_NAMES",
    "BotNameError",
    "BotSpec",
    "bot_factory",
    "check_spec",
    "seeded",
    "spec_name",
]

#: A bot: a registered name (see :data:`BOT_NAMES`) or a factory called with the bot's seed.
BotSpec: TypeAlias = "str | Callable[..., Bot]"

#: The bot names, with the class each stands for (imported when used). ``easy``, ``medium`` and
#: ``strong`` are the levels a game server offers: the heuristic bot and the search bot with a
#: small and a larger budget (:mod:`tarotlib.bots.search`).
BOT_NAMES: Final[Mapping[str, str]] = {
    "random": "tarotlib.bots.RandomBot",
    "heuristic": "tarotlib.bots.HeuristicBot",
    "search": "tarotlib.bots.SearchBot",
    "easy": "tarotlib.bots.HeuristicBot",
    "medium": "tarotlib.bots.MediumSearchBot",
    "strong": "tarotlib.bots.StrongSearchBot",
}


class BotNameError(TarotError, ValueError):
    """An unknown bot name, or a bot spec that is neither a name nor a factory.

    >>> try:
    ...     check_spec("robot")
    ... except ValueError as exc:
    ...     print(type(exc).__name__, exc)
    BotNameError unknown bot 'robot'; known bots: random, heuristic, search, easy, medium, strong
    """


def bot_factory(name: str) -> Callable[..., Bot]:
    """The class a registered bot name stands for (imported now).

    >>> bot_factory("random").__name__
    'RandomBot'
    """
    from tarotlib.bots import Bot

    module_name, _, attribute = BOT_NAMES[name].rpartition(".")
    module = importlib.import_module(module_name)
    factory: object = getattr(module, attribute, None)
    if factory is None:
        raise BotNameError(
            f"bot {name!r} needs {BOT_NAMES[name]}, which this version of tarotlib does not have"
        )
    assert isinstance(factory, type) and issubclass(factory, Bot), factory
    return factory


def spec_name(spec: BotSpec) -> str:
    """A bot spec's name: the registered name, or the factory's qualified name.

    >>> from tarotlib.bots import RandomBot
    >>> spec_name(RandomBot)
    'RandomBot'
    """
    if isinstance(spec, str):
        return spec.strip().lower()
    return str(getattr(spec, "__qualname__", None) or type(spec).__qualname__)


def check_spec(spec: object) -> BotSpec:
    """``spec`` as a bot spec (a name in lower case, or the factory), or :class:`BotNameError`.

    >>> check_spec(42)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.bots.named.BotNameError: a bot must be a name (random, ...) or a factory taking a seed, got 42
    """
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name not in BOT_NAMES:
            known = ", ".join(BOT_NAMES)
            raise BotNameError(f"unknown bot {spec!r}; known bots: {known}")
        bot_factory(name)
        return name
    if callable(spec):
        return spec
    raise BotNameError(
        f"a bot must be a name ({', '.join(BOT_NAMES)}) or a factory taking a seed, got {spec!r}"
    )


def seeded(factory: Callable[..., Bot] | str) -> Callable[[int], Bot]:
    """A function of a bot's seed that builds the bot: a name's class, or ``factory`` called
    with the seed positionally, else as ``seed=``, else (no seed parameter) without arguments.

    >>> seeded("random")(3)
    RandomBot(seed=3)
    """
    if isinstance(factory, str):
        factory = bot_factory(factory)
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # no signature to inspect (some builtins): try positionally
        return factory
    for args, kwargs in (((0,), {}), ((), {"seed": 0})):
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            continue
        return factory if args else functools.partial(_by_keyword, factory)
    return functools.partial(_without_seed, factory)


def _by_keyword(factory: Callable[..., Bot], seed: int) -> Bot:
    return factory(seed=seed)


def _without_seed(factory: Callable[..., Bot], seed: int) -> Bot:
    return factory()
