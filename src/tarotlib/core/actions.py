"""Actions: the moves a player makes, shared by every variant.

Actions are small immutable values compared by value; they carry no seat (the state knows who is to
act). Each has a text form used in game records (:mod:`tarotlib.records`) and by
``Game.parse_action``:

=======================  ================================  ===========================================
action                   text                              used for
=======================  ================================  ===========================================
``Pass()``               ``pass``                          an auction call
``Bid(contract)``        ``bid garde``                     an auction call
``Call(card)``           ``call KS``                       5p: calling a partner (FT-5)
``Discard(card)``        ``discard 3H``                    one card of an écart / discard (FT-6)
``Slam(True/False)``     ``slam`` / ``no-slam``            the taker's slam announcement (FT-7)
``Declare(kind, ...)``   ``declare simple-poignee T2 ..``  a poignée or misère (FT-8)
``Play(card)``           ``play KH``                       a card played to a trick (FT-9)
``Redeal(True/False)``   ``redeal`` / ``keep``             optional petit-sec redeal (FT-3.4)
``NoCall()``             ``no-call``                       an optional partner call declined (TO-34.2)
``Monte(True/False)``    ``monte`` / ``no-monte``          propose annulling the deal, or not (LO-13)
``Answer(True/False)``   ``accept`` / ``refuse``           the answer to a proposal (Monte, LO-13.2)
``Concede(True/False)``  ``concede`` / ``no-concede``      the declarer concedes, or not (TO-7)
``Expose(card)``         ``expose KH``                     a card the dealer turns up (LO-12.2)
``Request(card)``        ``request T20``                   a card named in a request (TO-6, CH-9)
``Give(card)``           ``give 2C``                       a card given back (TO-6.2) or for a fool (LO-7.7)
``Stop()``               ``stop``                          no more requests (TO-6.4, CH-9.5)
=======================  ================================  ===========================================

>>> from tarotlib.core.cards import parse_card
>>> Play(parse_card("KH")).text
'play KH'
>>> Play.of(parse_card("KH")) is Play.of(parse_card("KH"))
True

Card actions write their cards in a :class:`~tarotlib.core.cards.Notation` (the canonical tarot one by
default; Belote's states hand out actions in its own, BE-1.2). The notation is presentation only:
it takes no part in equality.

>>> from tarotlib.core.cards import PIQUET_NOTATION
>>> belote_play = Play(parse_card("AS"), notation=PIQUET_NOTATION)
>>> belote_play.text, belote_play == Play.of(parse_card("1S"))
('play AS', True)

An action checks its values when it is made, and holds immutable values only: a card is a
:class:`~tarotlib.core.cards.Card` or its index 0..77 (an ``int``, not a ``bool``; it is stored as
the ``Card``), a yes/no is a ``bool``, a contract or declaration kind an enum member, and the cards
of a declaration are stored as a tuple of cards whatever sequence gave them. A wrong value raises
:class:`~tarotlib.errors.ActionTypeError` (a ``TypeError``) or, for a card index out of range,
:class:`~tarotlib.errors.ActionValueError` (a ``ValueError``); both are
:class:`~tarotlib.errors.ActionError`. Which cards a game deals, and which it allows now, is the
game's business: ``rules.parse_action`` refuses a card outside its pack, ``state.is_legal`` is
False for a card the seat may not play.

>>> Play(13) == Play.of(parse_card("KS")), Play(13).card
(True, Card(KS))
>>> Play(78)
Traceback (most recent call last):
    ...
tarotlib.errors.ActionValueError: Play takes a card index 0..77, got 78
>>> Discard(None)
Traceback (most recent call last):
    ...
tarotlib.errors.ActionTypeError: Discard takes a card (a Card or its index 0..77), not NoneType None
>>> Slam(1)
Traceback (most recent call last):
    ...
tarotlib.errors.ActionTypeError: Slam takes True or False, not int 1
"""

from __future__ import annotations

import enum
import operator
import reprlib
from collections.abc import Iterable, Mapping
from typing import ClassVar, SupportsIndex

import attrs

from tarotlib.core.cards import (
    ALL_CARDS,
    NUM_CARDS,
    TAROT_NOTATION,
    Card,
    Notation,
    format_cards,
)
from tarotlib.errors import ActionTypeError, ActionValueError

__all__ = [
    "Action",
    "Answer",
    "Bid",
    "Call",
    "Concede",
    "Declare",
    "Discard",
    "Expose",
    "Give",
    "Monte",
    "NoCall",
    "Pass",
    "Play",
    "Redeal",
    "Request",
    "Slam",
    "Stop",
    "checked_card",
    "named_cards",
]


def _shown(value: object) -> str:
    """``value``'s type and a short repr, for messages (``str 'KH'``)."""
    return f"{type(value).__name__} {reprlib.repr(value)}"


def checked_card(value: object, owner: str) -> Card:
    """``value`` as a card, for the action ``owner`` (its class name, for the message): a
    :class:`~tarotlib.core.cards.Card` or an index 0..77 (an ``int`` or an integer type such as
    numpy's; not a ``bool``), returned as the ``Card``. Anything else raises
    :class:`~tarotlib.errors.ActionTypeError`; an index out of range
    :class:`~tarotlib.errors.ActionValueError`.

    >>> checked_card(13, "Play"), checked_card(ALL_CARDS[77], "Play")
    (Card(KS), Card(EX))
    >>> checked_card("KS", "Call")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionTypeError: Call takes a card (a Card or its index 0..77), not str 'KS'; use...
    >>> checked_card(2**80, "Give")
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionValueError: Give takes a card index 0..77, got 1208925819614629174706176
    """
    if type(value) is Card or type(value) is int:
        index: int = value
    elif isinstance(value, SupportsIndex) and not isinstance(value, (bool, enum.Enum)):
        index = operator.index(value)
    else:
        hint = f"; use parse_card({value!r}) to read a card's text" if type(value) is str else ""
        raise ActionTypeError(
            f"{owner} takes a card (a Card or its index 0..{NUM_CARDS - 1}), not {_shown(value)}"
            + hint
        )
    if 0 <= index < NUM_CARDS:
        return ALL_CARDS[index]
    raise ActionValueError(f"{owner} takes a card index 0..{NUM_CARDS - 1}, got {index}")


def _check_notation(action: Action, notation: object) -> None:
    if not isinstance(notation, Notation):
        raise ActionTypeError(
            f"{type(action).__name__} takes a Notation as notation, not {_shown(notation)}"
        )


def _check_enum(action: Action, value: object, what: str) -> None:
    if not isinstance(value, enum.Enum):
        raise ActionTypeError(
            f"{type(action).__name__} takes {what} (a member of the game's enum), not "
            f"{_shown(value)}; use rules.parse_action(text) to make an action from its text"
        )


@attrs.frozen
class Action:
    """Base class of all actions.

    >>> str(Pass()), Pass() == Pass(), Pass() == Stop(), len({Pass(), Pass(), Stop()})
    ('pass', True, False, 2)
    """

    verb: ClassVar[str] = ""

    @property
    def text(self) -> str:
        """The text form (see the module docstring)."""
        return self.verb

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class Pass(Action):
    """Pass in an auction.

    >>> Pass().text, Pass() == Pass(), Pass() == Play.of(ALL_CARDS[0])
    ('pass', True, False)
    """

    verb: ClassVar[str] = "pass"


def _token(value: object) -> str:
    tok = getattr(value, "token", None)
    return tok if isinstance(tok, str) else str(value)


@attrs.frozen
class Bid(Action):
    """Name a contract in an auction; ``contract`` is the variant's contract enum member.

    >>> from tarotlib.variants.french_tarot import Contract
    >>> Bid(Contract.GARDE_SANS).text
    'bid garde-sans'
    """

    verb: ClassVar[str] = "bid"
    contract: enum.Enum

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.contract, enum.Enum):
            _check_enum(self, self.contract, "a contract")

    @property
    def text(self) -> str:
        return f"bid {_token(self.contract)}"


@attrs.frozen
class _CardAction(Action):
    card: Card
    notation: Notation = attrs.field(default=TAROT_NOTATION, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        card = self.card
        if type(card) is not Card or not 0 <= card < NUM_CARDS:
            object.__setattr__(self, "card", checked_card(card, type(self).__name__))
        if type(self.notation) is not Notation:
            _check_notation(self, self.notation)

    @property
    def text(self) -> str:
        return f"{self.verb} {self.notation.texts[self.card]}"


@attrs.frozen
class _YesNo(Action):
    """An action that says yes or no (its one ``bool`` field): written ``words[0]`` for yes and
    ``words[1]`` for no."""

    words: ClassVar[tuple[str, str]]

    def __attrs_post_init__(self) -> None:
        yes: object = getattr(self, attrs.fields(type(self))[0].name)
        if type(yes) is not bool:
            raise ActionTypeError(f"{type(self).__name__} takes True or False, not {_shown(yes)}")

    @property
    def text(self) -> str:
        yes: bool = getattr(self, attrs.fields(type(self))[0].name)
        return self.words[0] if yes else self.words[1]


@attrs.frozen
class Call(_CardAction):
    """Call a card; its holder becomes the caller's (secret) partner (FT-5).

    >>> from tarotlib.core.cards import parse_card
    >>> Call(parse_card("KS")).text
    'call KS'
    """

    verb: ClassVar[str] = "call"


@attrs.frozen
class Discard(_CardAction):
    """Put one card into the écart / discard (FT-6.1).

    >>> from tarotlib.core.cards import parse_card
    >>> Discard(parse_card("3H")).text
    'discard 3H'
    """

    verb: ClassVar[str] = "discard"


@attrs.frozen
class Play(_CardAction):
    """Play a card to the current trick (FT-9).

    >>> from tarotlib.core.cards import parse_card
    >>> Play(parse_card("KH")).text, Play(parse_card("KH")).card
    ('play KH', Card(KH))
    """

    verb: ClassVar[str] = "play"
    # The card's index as a plain ``int``: the play hot path computes with it, and CPython's
    # specialised int operations apply to exact ints only (not to ``Card``, an ``int`` subclass).
    _index: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        card = self.card
        if type(card) is not Card or not 0 <= card < NUM_CARDS:
            object.__setattr__(self, "card", card := checked_card(card, "Play"))
        if type(self.notation) is not Notation:
            _check_notation(self, self.notation)
        object.__setattr__(self, "_index", int(card))

    @staticmethod
    def of(card: int) -> Play:
        """The shared ``Play`` action for a card (cheaper than building a new one).

        >>> from tarotlib.core.cards import parse_card
        >>> Play.of(parse_card("KH")) == Play(parse_card("KH")), Play.of(parse_card("KH")).text
        (True, 'play KH')
        """
        return _PLAYS[card]


@attrs.frozen
class Slam(_YesNo):
    """The taker's decision to announce a slam (``announce=True``) or not (FT-7).

    >>> Slam(True).text, Slam(False).text
    ('slam', 'no-slam')
    """

    verb: ClassVar[str] = "slam"
    words: ClassVar[tuple[str, str]] = ("slam", "no-slam")
    announce: bool


@attrs.frozen
class Redeal(_YesNo):
    """Choose to redeal (``True``) or keep the hand (``False``) when the rules let a player choose.

    >>> Redeal(True).text, Redeal(False).text
    ('redeal', 'keep')
    """

    verb: ClassVar[str] = "redeal"
    words: ClassVar[tuple[str, str]] = ("redeal", "keep")
    redeal: bool


@attrs.frozen
class Declare(Action):
    """Declare something (a poignée with the cards ``shown``, a misère, ...); ``kind`` is the
    variant's declaration enum member.

    >>> from tarotlib.core.cards import parse_cards
    >>> from tarotlib.variants.french_tarot import DeclarationKind
    >>> Declare(DeclarationKind.NO_TRUMPS_MISERE).text
    'declare no-trumps-misere'
    >>> Declare(DeclarationKind.SIMPLE_POIGNEE, parse_cards("T1 T2 T3 T4 T5 T6 T7 T8")).text
    'declare simple-poignee T1 T2 T3 T4 T5 T6 T7 T8'
    """

    verb: ClassVar[str] = "declare"
    kind: enum.Enum
    shown: tuple[Card, ...] = ()
    notation: Notation = attrs.field(default=TAROT_NOTATION, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, enum.Enum):
            _check_enum(self, self.kind, "a declaration kind")
        shown: object = self.shown
        if type(shown) is not tuple or not all(
            type(c) is Card and 0 <= c < NUM_CARDS for c in shown
        ):
            object.__setattr__(self, "shown", _shown_cards(shown))
        if type(self.notation) is not Notation:
            _check_notation(self, self.notation)

    @property
    def text(self) -> str:
        base = f"declare {_token(self.kind)}"
        return f"{base} {format_cards(self.shown, self.notation)}" if self.shown else base


def _shown_cards(shown: object) -> tuple[Card, ...]:
    """The cards of a declaration as a tuple of cards (a set in index order), each checked."""
    if isinstance(shown, (str, bytes, Mapping)) or not isinstance(shown, Iterable):
        hint = f"; use parse_cards({shown!r}) to read cards' text" if isinstance(shown, str) else ""
        raise ActionTypeError(
            f"Declare takes its shown cards as a sequence of cards, not {_shown(shown)}{hint}"
        )
    cards = tuple(checked_card(c, "Declare") for c in shown)
    return tuple(sorted(cards)) if isinstance(shown, (set, frozenset)) else cards


@attrs.frozen
class Expose(_CardAction):
    """Turn one of one's own cards face up for the whole table (the Lombardy dealer's further
    cards under ``exposure_order = dealer_choice``, LO-12.2).

    >>> from tarotlib.core.cards import parse_card
    >>> Expose(parse_card("KH")).text
    'expose KH'
    """

    verb: ClassVar[str] = "expose"


@attrs.frozen
class Request(_CardAction):
    """Name a card one does not hold: its holder must hand it over (the declarer's exchanges,
    TO-6.2; the soloist's requests, CH-9.2).

    >>> from tarotlib.core.cards import parse_card
    >>> Request(parse_card("T20")).text
    'request T20'
    """

    verb: ClassVar[str] = "request"


@attrs.frozen
class Give(_CardAction):
    """Give one card to another player: the card given back after a request, face down (TO-6.2,
    CH-9.3), or the card chosen to pay for a fool (the Matto's exchange card with
    ``matto_payment="any_own_card"``, LO-7.7; the Fou's with ``fou_payment_card="any_source_card"``,
    CH-12.5).

    >>> from tarotlib.core.cards import parse_card
    >>> Give(parse_card("2C")).text
    'give 2C'
    """

    verb: ClassVar[str] = "give"


@attrs.frozen
class Stop(Action):
    """Stop early where going on is a right, not a duty (no more requests, TO-6.4, CH-9.5).

    >>> Stop().text, Stop() == Stop(), Stop() == Pass()
    ('stop', True, False)
    """

    verb: ClassVar[str] = "stop"


class NoCall(Action):
    """Decline an optional partner call: the declarer plays alone (TO-34.2).

    >>> NoCall().text, NoCall() == NoCall(), NoCall() == Pass()
    ('no-call', True, False)
    """

    verb: ClassVar[str] = "no-call"


@attrs.frozen
class Monte(_YesNo):
    """Propose *Monte*, annulling the deal (``propose=True``), or decline to (LO-13.1, LO-13.2).

    >>> Monte(True).text, Monte(False).text
    ('monte', 'no-monte')
    """

    verb: ClassVar[str] = "monte"
    words: ClassVar[tuple[str, str]] = ("monte", "no-monte")
    propose: bool


@attrs.frozen
class Answer(_YesNo):
    """Accept (``accept=True``) or refuse a proposal made to the table, such as Monte (LO-13.2).

    >>> Answer(True).text, Answer(False).text
    ('accept', 'refuse')
    """

    verb: ClassVar[str] = "answer"
    words: ClassVar[tuple[str, str]] = ("accept", "refuse")
    accept: bool


@attrs.frozen
class Concede(_YesNo):
    """The declarer concedes the deal instead of playing it (``concede=True``), or plays on
    (TO-7).

    >>> Concede(True).text, Concede(False).text
    ('concede', 'no-concede')
    """

    verb: ClassVar[str] = "concede"
    words: ClassVar[tuple[str, str]] = ("concede", "no-concede")
    concede: bool


_PLAYS = tuple(Play(c) for c in ALL_CARDS)


def named_cards(action: Action) -> tuple[Card, ...]:
    """The cards ``action`` names: a card action's card, the cards a declaration shows; none for
    the others (``parse_action`` checks them against the game's pack).

    >>> from tarotlib.core.cards import parse_cards
    >>> from tarotlib.variants.french_tarot import DeclarationKind
    >>> named_cards(Play(13)), named_cards(Pass())
    ((Card(KS),), ())
    >>> named_cards(Declare(DeclarationKind.SIMPLE_POIGNEE, parse_cards("T1 T2")))
    (Card(T1), Card(T2))
    """
    if isinstance(action, _CardAction):
        return (action.card,)
    if isinstance(action, Declare):
        return action.shown
    return ()
