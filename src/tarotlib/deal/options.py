"""A game's options: :class:`GameOptions`, the base of the attrs class that holds them, gives the
class the ways to build, read and save it from its data — its fields, its presets table, its game
name for the messages, and how a field is saved when its value is not plain JSON — so that a game
writes only its options and their rules.

- ``from_dict(values)``: the options from a mapping, refusing unknown names with the known ones;
- ``preset(name, **overrides)``: a named preset (a row of ``PRESETS``) with options overriding it;
- ``options_from(values)``: keyword values honouring ``preset`` (by default the first preset), as
  a game's factory receives them;
- ``to_dict()``: every option, JSON-ready, in field order (records store it).

The class checks its own values in ``__attrs_post_init__``; :func:`check_choices` checks the
options that take one of a few values, :func:`check_first_dealer` the first dealer of a match.

>>> from typing import ClassVar, Literal
>>> import attrs
>>> @attrs.frozen
... class WhistOptions(GameOptions):
...     GAME_NAME: ClassVar[str] = "Piquet Whist"
...     PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {
...         "club": {}, "short": {"deals": 4, "trumps": "spades"}}
...     trumps: Literal["hearts", "spades"] = "hearts"
...     deals: int = 8
...
...     def __attrs_post_init__(self) -> None:
...         check_choices(self, {"trumps": ("hearts", "spades"), "deals": (8, 4)})
>>> WhistOptions.preset("short", deals=8).to_dict()
{'trumps': 'spades', 'deals': 8}
>>> WhistOptions.options_from({"trumps": "spades"}) == WhistOptions(trumps="spades")
True
>>> WhistOptions.from_dict({"trump": "spades"})
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: unknown Piquet Whist option(s) trump; known: deals, trumps
>>> WhistOptions(deals=6)
Traceback (most recent call last):
    ...
tarotlib.errors.OptionError: option deals must be one of 8, 4 (got 6)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

import attrs

from tarotlib.errors import OptionError

__all__ = ["NOT_SAVED", "GameOptions", "check_choices", "check_first_dealer", "saved_as"]

_SAVED: Final = "tarotlib.saved_as"
"""The key of a field's metadata that says how ``to_dict`` saves it (None: it does not)."""

NOT_SAVED: Final[Mapping[str, object]] = MappingProxyType({_SAVED: None})
"""A field's ``metadata`` for an option that ``to_dict`` leaves out (one that the registry name of
the game already says, for example)."""


def saved_as(export: Callable[[Any], object]) -> Mapping[str, object]:
    """A field's ``metadata``: ``to_dict`` saves the field's value as ``export(value)`` (a tuple as
    a JSON list, say); ``from_dict`` reads it back through the field's converter.

    >>> import attrs
    >>> @attrs.frozen
    ... class Counts(GameOptions):
    ...     counts: tuple[int, ...] = attrs.field(default=(1, 2), converter=tuple,
    ...                                           metadata=saved_as(list))
    >>> Counts().to_dict(), Counts.from_dict({"counts": [3]}).counts
    ({'counts': [1, 2]}, (3,))
    """
    return MappingProxyType({_SAVED: export})


def check_choices(options: object, choices: Mapping[str, tuple[object, ...]]) -> None:
    """Raise :class:`~tarotlib.errors.OptionError` unless each option named in ``choices`` has one
    of its listed values, of the same type (``True`` is not ``1``).

    >>> import types
    >>> check_choices(types.SimpleNamespace(grash=True), {"grash": (False, True)})
    >>> check_choices(types.SimpleNamespace(grash=1), {"grash": (False, True)})
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option grash must be one of False, True (got 1)
    """
    for name, allowed in choices.items():
        value = getattr(options, name)
        if value not in allowed or type(value) is not type(allowed[0]):
            shown = ", ".join(str(c) for c in allowed)
            raise OptionError(f"option {name} must be one of {shown} (got {value!r})")


def check_first_dealer(value: object, players: int) -> None:
    """Option ``first_dealer``: a seat of the table (``0 .. players - 1``), or ``"random"`` (drawn
    from the match's seed).

    >>> check_first_dealer("random", 4)
    >>> check_first_dealer(4, 4)
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: option first_dealer must be a seat 0..3 or 'random' (got 4)
    """
    if value == "random":
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise OptionError(
            f"option first_dealer must be a seat 0..{players - 1} or 'random' (got {value!r})"
        )


def _either(names: tuple[str, ...]) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'``."""
    quoted = [repr(name) for name in names]
    return " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)


class GameOptions:
    """The base of a game's options class, an ``attrs.frozen`` class of plain values (see the
    module's example). A subclass sets:

    - ``GAME_NAME``: the game as the messages name it (``unknown Belote option(s) ...``);
    - ``PRESETS``: the presets, ``name -> values``, the default first (none by default);

    and marks with :func:`saved_as` or :data:`NOT_SAVED` a field that ``to_dict`` does not save as
    it is. It checks its values in ``__attrs_post_init__`` and raises
    :class:`~tarotlib.errors.OptionError`.

    Without presets, ``preset`` is an option the game does not know, like any other:

    >>> from typing import ClassVar
    >>> import attrs
    >>> @attrs.frozen
    ... class Solo(GameOptions):
    ...     GAME_NAME: ClassVar[str] = "Solo Whist"
    ...     misere: bool = False
    >>> Solo.options_from({"misere": True})
    Solo(misere=True)
    >>> Solo.options_from({"preset": "club"})
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown Solo Whist option(s) preset; known: misere
    >>> Solo.preset("club")
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown preset 'club': Solo Whist has no presets
    """

    __slots__ = ()

    GAME_NAME: ClassVar[str] = "game"
    """The game, as the messages name it."""
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = MappingProxyType({})
    """The presets: ``name -> values``; the first is the default of :meth:`options_from`."""

    if TYPE_CHECKING:  # what attrs gives each subclass (the base itself is not an attrs class)
        __attrs_attrs__: ClassVar[Any]

        def __init__(self, **values: Any) -> None: ...

    @classmethod
    def from_dict(cls, values: Mapping[str, object]) -> Self:
        """The options from a mapping of names to values; unknown names raise
        :class:`~tarotlib.errors.OptionError`, which lists the known ones.

        >>> from typing import ClassVar
        >>> import attrs
        >>> @attrs.frozen
        ... class Whist(GameOptions):
        ...     GAME_NAME: ClassVar[str] = "Whist"
        ...     deals: int = 8
        >>> Whist.from_dict({"deals": 4})
        Whist(deals=4)
        >>> Whist.from_dict({"deal": 4, "trumps": "spades"})
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: unknown Whist option(s) deal, trumps; known: deals
        """
        known = {field.name for field in attrs.fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise OptionError(
                f"unknown {cls.GAME_NAME} option(s) {', '.join(unknown)}; "
                f"known: {', '.join(sorted(known))}"
            )
        return cls(**values)

    @classmethod
    def preset(cls, name: str, **overrides: object) -> Self:
        """The preset ``name`` (a row of ``PRESETS``) with ``overrides`` on top.

        >>> from typing import ClassVar
        >>> import attrs
        >>> @attrs.frozen
        ... class Whist(GameOptions):
        ...     PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {
        ...         "club": {}, "short": {"deals": 4}, "long": {"deals": 12}}
        ...     deals: int = 8
        ...     trumps: str = "hearts"
        >>> Whist.preset("short", trumps="spades")
        Whist(deals=4, trumps='spades')
        >>> Whist.preset("blitz")
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: unknown preset 'blitz'; expected 'club', 'short' or 'long'
        """
        names = tuple(cls.PRESETS)
        if not names:
            raise OptionError(f"unknown preset {name!r}: {cls.GAME_NAME} has no presets")
        if name not in names:
            raise OptionError(f"unknown preset {name!r}; expected {_either(names)}")
        values = dict(cls.PRESETS[name])
        values.update(overrides)
        return cls.from_dict(values)

    @classmethod
    def options_from(cls, values: Mapping[str, object]) -> Self:
        """The options from keyword values (a game's factory gets them), honouring ``preset``: by
        default the first of ``PRESETS`` (without presets, the same as :meth:`from_dict`).

        >>> from typing import ClassVar
        >>> import attrs
        >>> @attrs.frozen
        ... class Whist(GameOptions):
        ...     PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {
        ...         "club": {}, "short": {"deals": 4}}
        ...     deals: int = 8
        >>> Whist.options_from({}), Whist.options_from({"preset": "short"})
        (Whist(deals=8), Whist(deals=4))
        >>> Whist.options_from({"preset": 4})
        Traceback (most recent call last):
            ...
        tarotlib.errors.OptionError: preset must be a string ('club' or 'short')
        """
        names = tuple(cls.PRESETS)
        if not names:
            return cls.from_dict(values)
        rest = dict(values)
        name = rest.pop("preset", names[0])
        if not isinstance(name, str):
            raise OptionError(f"preset must be a string ({_either(names)})")
        return cls.preset(name, **rest)

    def to_dict(self) -> dict[str, object]:
        """Every option, JSON-ready, in the order of the fields (records store it; ``from_dict``
        reads it back).

        >>> import attrs
        >>> @attrs.frozen
        ... class Whist(GameOptions):
        ...     variant: str = attrs.field(default="whist", metadata=NOT_SAVED)
        ...     deals: int = 8
        ...     trumps: str = "hearts"
        >>> Whist(deals=4).to_dict()
        {'deals': 4, 'trumps': 'hearts'}
        """
        data = attrs.asdict(self)
        for field in attrs.fields(type(self)):
            if _SAVED in field.metadata:
                export = field.metadata[_SAVED]
                if export is None:
                    del data[field.name]
                else:
                    data[field.name] = export(data[field.name])
        return data
