"""Exceptions raised by tarotlib.

Every error a caller can provoke with bad input is a subclass of :class:`TarotError`; the ones caused
by a bad *value* (an unparsable card, an illegal action, a malformed record) are also
:class:`ValueError` subclasses, so ``except ValueError`` keeps working.

>>> from tarotlib import parse_card
>>> try:
...     parse_card("ZZ")
... except ValueError as exc:
...     print(type(exc).__name__)
CardParseError
"""

from __future__ import annotations

__all__ = [
    "ActionParseError",
    "CardParseError",
    "DealError",
    "GameNotOverError",
    "IllegalActionError",
    "MatchError",
    "OptionError",
    "RecordError",
    "ScoringError",
    "TarotError",
    "UnknownVariantError",
]


class TarotError(Exception):
    """Base class of every tarotlib exception."""


class CardParseError(TarotError, ValueError):
    """A card's text could not be parsed; the message names the text and the accepted forms."""


class IllegalActionError(TarotError, ValueError):
    """An action was rejected; the message says why (e.g. ``must follow hearts``).

    The state the action was applied to is unchanged (states are immutable).
    ``reason`` is the short rule-level reason; ``action`` the rejected action.
    """

    def __init__(self, reason: str, action: object = None) -> None:
        self.reason = reason
        self.action = action
        super().__init__(reason if action is None else f"{action}: {reason}")


class OptionError(TarotError, ValueError):
    """An unknown option name or an invalid option value was given to a variant."""


class UnknownVariantError(TarotError, KeyError):
    """No variant is registered under the requested name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown variant"


class ActionParseError(TarotError, ValueError):
    """An action's text could not be parsed; the message names the accepted forms."""


class DealError(TarotError, ValueError):
    """A deal cannot be made as asked: a bad layout, pack, dealer, seed or seat number."""


class MatchError(TarotError, ValueError):
    """A match was set up or continued wrongly (no stopping rule, already over, ...)."""


class ScoringError(TarotError, ValueError):
    """The data given to score a deal is invalid or inconsistent; the message says which value was
    wrong and what was expected."""


class RecordError(TarotError, ValueError):
    """A game record is malformed, from an unknown format version, or does not replay."""


class GameNotOverError(TarotError):
    """A deal's result was asked for before the deal is over."""
