"""Internal: the minus sign and signed numbers for the shared modules that import them from here;
they live in :mod:`tarotlib.core.text`, with the seat and team lines of a breakdown.

>>> signed(-12), signed(3), signed(0), signed(-2.5, ".1f"), unsigned(-4)
('−12', '+3', '0', '−2.5', '−4')
"""

from __future__ import annotations

from tarotlib.core.text import MINUS, signed, unsigned

__all__ = ["MINUS", "signed", "unsigned"]
