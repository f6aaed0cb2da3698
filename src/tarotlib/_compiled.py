"""tarotlib's optional compiled parts (``tarotlib._speedups``, from ``src/tarotlib/_speedups.c``):
the card kernel of play-outs (:mod:`tarotlib.deal.play`) and the unpacking of observation bits
(:mod:`tarotlib.ai.tensors`, :mod:`tarotlib.ai.pettingzoo`).

Installing tarotlib builds the extension where a C compiler is found; without it, or with the
environment variable ``TAROTLIB_NO_SPEEDUPS`` set to a non-empty value, the same code runs in
Python (and numpy), with the same results.

>>> from tarotlib._compiled import COMPILED, speedups
>>> COMPILED == (speedups is not None)
True
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from tarotlib import _speedups
else:
    try:  # by name: loading the compiled module is no use of the package's other modules
        _speedups = importlib.import_module("tarotlib._speedups")
    except ImportError:  # not built (no C compiler at install)
        _speedups = None

__all__ = ["COMPILED", "speedups"]

COMPILED: Final = _speedups is not None and not os.environ.get("TAROTLIB_NO_SPEEDUPS")
"""Whether tarotlib uses its compiled parts (``tarotlib.ai.COMPILED``): built at install, where a
C compiler is found, and not turned off by ``TAROTLIB_NO_SPEEDUPS``. Either way the cards played,
the states, the results and the arrays are the same; with them, a French Tarot play-out takes
about half the time."""

speedups: Final = _speedups if COMPILED else None
"""The compiled module when tarotlib uses it, else None."""
