"""The variant registry: look a game up by name, with options.

>>> from tarotlib.variants.registry import variant, variant_names
>>> variant_names()
('belote', 'french-tarot')
>>> variant("french-tarot", players=5, preset="bga").options.callable_cards
'king_queen'
>>> variant("tarock")
Traceback (most recent call last):
    ...
tarotlib.errors.UnknownVariantError: unknown variant 'tarock'; known variants: belote, french-tarot
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from tarotlib.engine import Rules
from tarotlib.errors import UnknownVariantError

__all__ = ["VariantInfo", "register", "unregister", "variant", "variant_info", "variant_names"]


@attrs.frozen
class VariantInfo:
    """A registered variant: its name, a one-line description, the rules file sections it
    implements, and the factory that builds its :class:`~tarotlib.engine.Rules` from options.

    >>> info = variant_info("french-tarot")
    >>> info.name, info.rules_reference
    ('french-tarot', 'shared/rules/french-tarot.md FT-0 to FT-19')
    >>> info.factory(players=5).players
    5
    """

    name: str
    description: str
    rules_reference: str
    factory: Callable[..., Rules] = attrs.field(repr=False)


_REGISTRY: dict[str, VariantInfo] = {}


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

    >>> variant_names()
    ('belote', 'french-tarot')
    """
    return tuple(sorted(_REGISTRY))


def variant_info(name: str) -> VariantInfo:
    """The registry entry for ``name`` (raises UnknownVariantError).

    >>> variant_info("Belote").rules_reference
    'shared/rules/belote.md BE-0 to BE-17'
    >>> variant_info("tarock")
    Traceback (most recent call last):
        ...
    tarotlib.errors.UnknownVariantError: unknown variant 'tarock'; known variants: belote, french-tarot
    """
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _REGISTRY[key]
    except KeyError:
        known = ", ".join(variant_names())
        raise UnknownVariantError(f"unknown variant {name!r}; known variants: {known}") from None


def variant(name: str, **options: object) -> Rules:
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


def _french_tarot(**options: object) -> Rules:
    from tarotlib.variants.french_tarot import FrenchTarot, options_from

    return FrenchTarot(options_from(options))


register(
    VariantInfo(
        "french-tarot",
        "French Tarot for 3, 4 or 5 players (FFT rules; preset='bga' for Board Game Arena)",
        "shared/rules/french-tarot.md FT-0 to FT-19",
        _french_tarot,
    )
)


def _belote(**options: object) -> Rules:
    from tarotlib.variants.belote import Belote, options_from

    return Belote(options_from(options))


register(
    VariantInfo(
        "belote",
        "Belote, 4 players in partnerships (FFB rules; preset='classic' with declarations, "
        "preset='bga' for Board Game Arena)",
        "shared/rules/belote.md BE-0 to BE-17",
        _belote,
    )
)
