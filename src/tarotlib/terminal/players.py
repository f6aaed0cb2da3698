"""The bots a person can play against in the terminal, by name (``tarotlib play --bot NAME``).

``random`` is :class:`~tarotlib.bots.RandomBot`; the other names of
:data:`tarotlib.bots.named.BOT_NAMES` (``heuristic``, ``search`` and the levels ``easy``,
``medium``, ``strong``) are imported only when asked for (a bot this version of tarotlib lacks
raises :class:`BotError` saying so). Other bots can be added with :func:`register_bot`.

>>> make_bot("random", seat=1, seed=7)
RandomBot(seed=7)
>>> "random" in bot_names()
True
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping

from tarotlib.bots import Bot, RandomBot
from tarotlib.bots.named import BOT_NAMES
from tarotlib.errors import TarotError

__all__ = ["BotError", "BotFactory", "bot_names", "make_bot", "register_bot"]

BotFactory = Callable[[int, int], Bot]
"""Builds a bot for a seat: ``factory(seat, seed)``; the seed makes its choices reproducible."""

_FACTORIES: dict[str, BotFactory] = {"random": lambda seat, seed: RandomBot(seed)}
_LAZY = {  # the other named bots (tarotlib.bots.named), imported when asked for
    name: (path.rpartition(".")[0], path.rpartition(".")[2])
    for name, path in BOT_NAMES.items()
    if name not in _FACTORIES
}


class BotError(TarotError, ValueError):
    """A bot name is unknown, or the bot it names is not available.

    It is a :class:`~tarotlib.errors.TarotError` and a ``ValueError``.

    >>> try:
    ...     make_bot("nobody", seat=1, seed=0)
    ... except ValueError as exc:
    ...     print(type(exc).__name__, "-", exc)  # doctest: +ELLIPSIS
    BotError - unknown bot 'nobody'; known bots: easy, heuristic, ...
    """


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Make ``factory`` available as ``--bot name``.

    >>> from tarotlib.bots import RandomBot
    >>> register_bot("random", lambda seat, seed: RandomBot(seed))
    Traceback (most recent call last):
        ...
    tarotlib.terminal.players.BotError: a bot named 'random' is already registered
    """
    if (name in _FACTORIES or name in _LAZY) and not replace:
        raise BotError(f"a bot named {name!r} is already registered")
    _FACTORIES[name] = factory


def bot_names() -> tuple[str, ...]:
    """The bot names :func:`make_bot` knows (an optional bot is listed even when missing).

    >>> bot_names()
    ('easy', 'heuristic', 'medium', 'random', 'search', 'strong')
    """
    return tuple(sorted({*_FACTORIES, *_LAZY}))


def make_bot(name: str, *, seat: int, seed: int) -> Bot:
    """A new bot called ``name`` for ``seat``, seeded with ``seed``.

    Raises :class:`BotError` for an unknown name, or for an optional bot this version of tarotlib
    does not have.

    >>> make_bot("clever", seat=1, seed=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.terminal.players.BotError: unknown bot 'clever'; known bots: easy, heuristic, ...
    """
    key = name.strip().lower()
    factory = _FACTORIES.get(key)
    if factory is not None:
        return factory(seat, seed)
    if key in _LAZY:
        return _lazy_bot(key, seat, seed)
    raise BotError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")


def _lazy_bot(key: str, seat: int, seed: int) -> Bot:
    """Import an optional bot class and build it, passing ``seed`` and ``seat`` if it takes them."""
    module_name, class_name = _LAZY[key]
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError):
        raise BotError(
            f"the {key} bot is not available: this version of tarotlib has no "
            f"{module_name}.{class_name}; use --bot random"
        ) from None
    params: Mapping[str, inspect.Parameter]
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}
    kwargs: dict[str, int] = {}
    if "seed" in params:
        kwargs["seed"] = seed
    if "seat" in params:
        kwargs["seat"] = seat
    bot = cls(**kwargs)
    if not isinstance(bot, Bot):
        raise BotError(f"{module_name}.{class_name} is not a bot (it has no choose(state) method)")
    return bot
