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

import os
from typing import Final

try:
    from tarotlib import _speedups
except ImportError:  # not built (no C compiler at install)
    _speedups = None  # type: ignore[assignment]

__all__ = ["COMPILED", "speedups"]

COMPILED: Final = _speedups is not None and not os.environ.get("TAROTLIB_NO_SPEEDUPS")
"""Whether tarotlib uses its compiled parts: built, and not turned off."""

speedups: Final = _speedups if COMPILED else None
"""The compiled module when tarotlib uses it, else None."""
