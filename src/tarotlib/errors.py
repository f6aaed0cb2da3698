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
    "ActionError",
    "ActionParseError",
    "ActionTypeError",
    "ActionValueError",
    "CardParseError",
    "DealError",
    "GameNotOverError",
    "IllegalActionError",
    "MatchError",
    "OptionError",
    "PositionError",
    "RecordError",
    "SamplingError",
    "ScoringError",
    "TarotError",
    "UnknownVariantError",
]


class TarotError(Exception):
    """Base class of every tarotlib exception.

    >>> import tarotlib
    >>> try:
    ...     tarotlib.variant("french-tarot", players=9)
    ... except TarotError as exc:
    ...     print(type(exc).__name__, isinstance(exc, ValueError))
    OptionError True
    """


class CardParseError(TarotError, ValueError):
    """A card's text could not be parsed; the message names the text and the accepted forms.

    >>> from tarotlib.core.cards import parse_card
    >>> parse_card("11H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.CardParseError: cannot parse card '11H': unknown rank '11'; expected a rank (1-10, ...
    """


class IllegalActionError(TarotError, ValueError):
    """An action was rejected; the message says why (e.g. ``must follow hearts``).

    The state the action was applied to is unchanged (states are immutable).
    ``reason`` is the short rule-level reason; ``action`` the rejected action.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
    >>> action = state.rules.parse_action("play KH")
    >>> try:
    ...     state.apply(action)
    ... except IllegalActionError as exc:
    ...     print(exc.reason, exc.action == action)
    phase auction expects pass or a bid (FT-4.3) True
    """

    def __init__(self, reason: str, action: object = None) -> None:
        self.reason = reason
        self.action = action
        super().__init__(reason if action is None else f"{action}: {reason}")


class OptionError(TarotError, ValueError):
    """An unknown option name or an invalid option value was given to a variant.

    >>> import tarotlib
    >>> tarotlib.variant("french-tarot", players=4, chien="open")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.OptionError: unknown French Tarot option(s) chien; known: annulled_deals_count, ...
    """


class UnknownVariantError(TarotError, KeyError):
    """No variant is registered under the requested name.

    >>> import tarotlib
    >>> tarotlib.variant("skat")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.UnknownVariantError: unknown variant 'skat'; known variants: belote, chambery, ...
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown variant"


class ActionParseError(TarotError, ValueError):
    """An action's text could not be parsed; the message names the accepted forms.

    >>> import tarotlib
    >>> tarotlib.variant("french-tarot").parse_action("fold")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionParseError: cannot parse action 'fold'; expected pass, bid <contract>, ...
    """


class ActionError(TarotError):
    """An action could not be made or taken as given: the base of :class:`ActionTypeError` (a
    value of the wrong type) and :class:`ActionValueError` (a value out of range).

    >>> import tarotlib
    >>> try:
    ...     tarotlib.Play(78)
    ... except ActionError as exc:
    ...     print(type(exc).__name__, isinstance(exc, ValueError))
    ActionValueError True
    """


class ActionTypeError(ActionError, TypeError):
    """A value of the wrong type where an action or one of an action's fields is expected:
    something that is not an action given to ``apply`` (the message says what was given and how
    to make an action from text), or an action built with a card that is not a card index
    (``Play("KH")``, ``Play(None)``, ``Play(True)``, ``Play(77.0)``). It is also a ``TypeError``.

    >>> import tarotlib
    >>> tarotlib.variant("french-tarot").new_deal(seed=1).apply("pass")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionTypeError: apply() takes an Action, not str 'pass'; use rules.parse_action...
    >>> tarotlib.Play("KH")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionTypeError: Play takes a card (a Card or its index 0..77), not str 'KH'; ...
    """


class ActionValueError(ActionError, ValueError):
    """An action built with a value of the right type but out of its range: a card index that is
    not one of the 78 cards (``Play(78)``, ``Play(-1)``). It is also a ``ValueError``.

    >>> import tarotlib
    >>> tarotlib.Play(-1)
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionValueError: Play takes a card index 0..77, got -1
    """


class DealError(TarotError, ValueError):
    """A deal cannot be made as asked: a bad layout, pack, dealer, seed or seat number.

    >>> import tarotlib
    >>> tarotlib.variant("french-tarot", players=4).new_deal(seed=1, dealer=4)
    Traceback (most recent call last):
        ...
    tarotlib.errors.DealError: dealer must be a seat 0..3, got 4
    """


class PositionError(DealError):
    """No deal fits the description of a position (:func:`tarotlib.ai.position`); the message
    says what does not fit (an action that no deal makes legal, a hand of the wrong size, ...).

    >>> import tarotlib
    >>> from tarotlib.ai import position
    >>> position(tarotlib.variant("contree"), 0, "1S KS", [], rng=0)
    Traceback (most recent call last):
        ...
    tarotlib.errors.PositionError: the hand has 2 cards, expected 8 at this point
    """


class SamplingError(TarotError, RuntimeError):
    """The card sampler (:func:`tarotlib.ai.sample_world`) found no world within its time limit:
    the position's constraints leave few of the candidates it draws standing. The message says
    how many candidates were tried in how long; a larger ``time_limit`` (or None) lets it go on.

    >>> import tarotlib
    >>> from tarotlib.ai import sample_world
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> sample_world(state, 1, 7, time_limit=0.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.SamplingError: no world found for seat 1 within 0.0 s (candidates tried: 1): ...
    """


class MatchError(TarotError, ValueError):
    """A match was set up or continued wrongly (no stopping rule, already over, ...).

    >>> import tarotlib
    >>> tarotlib.Match.start(tarotlib.variant("french-tarot"))
    Traceback (most recent call last):
        ...
    tarotlib.errors.MatchError: give exactly one stopping rule: deals or target_score
    """


class ScoringError(TarotError, ValueError):
    """The data given to score a deal is invalid or inconsistent; the message says which value was
    wrong and what was expected.

    >>> from tarotlib.variants.french_tarot import Contract, ScoreSummary
    >>> ScoreSummary.from_points(
    ...     players=4, contract=Contract.GARDE, taker=0, attack_points="95", oudlers=2
    ... )  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ScoringError: attack_half_points must be an integer from 0 to 182 (half points; ...
    """


class RecordError(TarotError, ValueError):
    """A game record is malformed, from an unknown format version, or does not replay.

    >>> from tarotlib.records import GameRecord
    >>> GameRecord.loads('{"format": "tarotlib-record", "version": 99}')
    Traceback (most recent call last):
        ...
    tarotlib.errors.RecordError: unsupported record version 99: this tarotlib reads versions 1 and 2
    """


class GameNotOverError(TarotError):
    """A deal's result was asked for before the deal is over.

    >>> import tarotlib
    >>> tarotlib.variant("french-tarot").new_deal(seed=1).result
    Traceback (most recent call last):
        ...
    tarotlib.errors.GameNotOverError: the deal is not over (phase auction)
    """
