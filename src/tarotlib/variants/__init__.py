"""The games, one package each, and the registry that finds them.

Each subpackage of ``tarotlib.variants`` is a game — French Tarot in ``french_tarot``, Belote in
``belote`` — that registers itself with :mod:`tarotlib.registry` when imported: its
``plugin`` module builds the game's :class:`~tarotlib.registry.VariantInfo` (the factory
of its rules and its hooks) and registers it. On first use the registry imports every subpackage
here, so a new game needs no change anywhere else; the rest of tarotlib reaches a game only through
the registry, and no game imports another (``lint-imports`` checks both).

>>> import tarotlib
>>> tarotlib.variant_info("belote").bot is not None
True
"""
