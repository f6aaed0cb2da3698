"""Internal helpers for the text that people read: one minus sign (U+2212) in every score.

>>> signed(-12), signed(3), signed(0), signed(-2.5, ".1f"), unsigned(-4)
('−12', '+3', '0', '−2.5', '−4')
"""

from __future__ import annotations

from typing import Final

__all__ = ["MINUS", "signed", "unsigned"]

MINUS: Final = "\u2212"
"""The minus sign of every score shown to a person (JSON keeps plain numbers)."""


def unsigned(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec``, a negative one with the minus sign ``−``."""
    text = format(value, spec)
    return MINUS + text[1:] if text.startswith("-") else text


def signed(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` with its sign: ``+3``, ``−12``; zero has none (``0``)."""
    if value == 0:
        return format(0 * value + 0, spec)  # no "-0" nor "+0"
    text = unsigned(value, spec)
    return text if text.startswith(MINUS) else "+" + text
