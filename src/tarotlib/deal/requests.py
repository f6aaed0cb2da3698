"""Requests: the declarer names cards he lacks and gives one back for each (TO-6, CH-9).

The declarer (``who``) has ``count(data)`` requests, made one at a time (TO-6.1, CH-9.1: the number
comes from the contract; a phase with none is skipped). For each he names a card that is not in his
hand (:class:`~tarotlib.core.actions.Request`, ``request T20``) — never one of the game's ``forbidden``
cards (CH-9.2: the Fou), nor, if he is the dealer, a card of his own discard (TO-6.2, CH-9.2). The
player holding it hands it over, and the declarer gives that player one card of his hand face down
(:class:`~tarotlib.core.actions.Give`, ``give 2C``) — not the card just received unless
``return_received`` (TO-6.2, CH-9.3, option ``return_received_card``).

A named card that nobody holds is out of play (it lies in the discard). With ``in_discard="lost"``
(TO-6.3 ``exchange_lost``, CH-9.4 ``lost``) the request is used up and nothing changes hands; with
``"rename"`` (``name_again``, ``rename``) the declarer names another card, the request not used up.
Either way the table learns that the card is out of play, and it may not be named again. With
``optional`` (TO-6.4 ``exchanges_optional``, CH-9.5 ``requests_optional``) the declarer may stop
early (:class:`~tarotlib.core.actions.Stop`, ``stop``).

Each request is noted under ``key`` in the deal's facts as an :class:`Exchange`: the named card and
its giver are public, the card given back is known only to the two players (TO-6.5, CH-9.6):
:func:`exchanges_seen` gives what one seat may see.

>>> from tarotlib.deal._examples import ExampleGame
>>> from tarotlib.deal.discard import dealer
>>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
>>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S 8S T20", DealerExtraSchedule(3, 0),
...                    (RequestCards(lambda data: 1, who=dealer),), play=False)
>>> state = game.new_deal(layout=Layout.from_text(["1S 2S 3S", "4S 5S T20", "6S 7S 8S"], dealer=2))
>>> state = state.apply(game.parse_action("request T20"))
>>> state = state.apply(game.parse_action("give 6S"))
>>> state.hand(2), exchanges(state.data)
((Card(7S), Card(8S), Card(T20)), (Exchange(requester=2, named=Card(T20), giver=1, returned=Card(6S)),))
>>> exchanges_seen(state.data, 0)[0].returned is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar, Final, Literal, NamedTuple, TypeVar

import attrs

from tarotlib.core.actions import Action, Give, Request, Stop
from tarotlib.core.cards import ALL_CARDS, FULL_MASK, Card, cards_of, parse_card
from tarotlib.deal.call import holder_of
from tarotlib.deal.data import DealData, Note, as_note
from tarotlib.deal.phase import Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import DealState, move_cards
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = [
    "REQUESTS",
    "Exchange",
    "InDiscard",
    "RequestCards",
    "exchanges",
    "exchanges_seen",
    "out_of_play",
]

S = TypeVar("S", bound=DealState)

InDiscard = Literal["lost", "rename"]
"""What a request naming a card in the discard does (TO-6.3, CH-9.4): it is used up (``lost``), or
the declarer names another card (``rename``)."""

_REQUESTS: Final = tuple(Request(c) for c in ALL_CARDS)
_GIVES: Final = tuple(Give(c) for c in ALL_CARDS)
_STOP: Final = Stop()


class Exchange(NamedTuple):
    """One request: ``requester`` named ``named``; ``giver`` handed it over (-1: nobody held it,
    it is out of play, TO-6.3, CH-9.4); ``returned`` is the card given back for it (private to the
    two players, TO-6.5, CH-9.6), None while not given yet or when nothing changed hands.

    >>> from tarotlib.core.cards import parse_card
    >>> Exchange(3, parse_card("QH"), -1)
    Exchange(requester=3, named=Card(QH), giver=-1, returned=None)
    """

    requester: int
    named: Card
    giver: int
    returned: Card | None = None

    def to_json(self, requester: str = "declarer") -> dict[str, object]:
        """JSON-ready form, the requester under the key ``requester`` (the game's word for him).

        >>> from tarotlib.core.cards import parse_card
        >>> Exchange(3, parse_card("QH"), 1, parse_card("2C")).to_json("soloist")
        {'soloist': 3, 'named': 'QH', 'giver': 1, 'returned': '2C'}
        """
        return {
            requester: self.requester,
            "named": str(self.named),
            "giver": self.giver,
            "returned": None if self.returned is None else str(self.returned),
        }


REQUESTS: Final[Note[tuple[Exchange, ...]]] = Note("requests", ())
"""The default note of :class:`RequestCards`: every request made so far."""


def exchanges(data: DealData, key: Note[tuple[Exchange, ...]] = REQUESTS) -> tuple[Exchange, ...]:
    """Every request made so far, in order (omniscient: the cards given back included).

    >>> from tarotlib.deal.data import DealData
    >>> exchanges(DealData(0, None, (), 0, ()))
    ()
    """
    return data.note(key)


def exchanges_seen(
    data: DealData, seat: int, key: Note[tuple[Exchange, ...]] = REQUESTS
) -> tuple[Exchange, ...]:
    """The requests as ``seat`` knows them: the named cards and their givers are public; the card
    given back only to the requester and the giver (TO-6.5, CH-9.6; None for the others).

    >>> from tarotlib.core.cards import parse_card
    >>> from tarotlib.deal.data import DealData
    >>> made = Exchange(3, parse_card("T20"), 1, parse_card("2C"))
    >>> data = DealData(0, None, (), 0, (), notes=(("requests", (made,)),))
    >>> exchanges_seen(data, 1)[0].returned, exchanges_seen(data, 2)[0].returned
    (Card(2C), None)
    """
    return tuple(
        e if seat in (e.requester, e.giver) else e._replace(returned=None)
        for e in exchanges(data, key)
    )


def out_of_play(data: DealData, key: Note[tuple[Exchange, ...]] = REQUESTS) -> int:
    """The mask of the named cards that nobody held: the table knows they are out of play
    (TO-6.3, CH-9.4).

    >>> from tarotlib.core.cards import format_cards, parse_card
    >>> from tarotlib.deal.data import DealData
    >>> lost = Exchange(3, parse_card("QH"), -1)
    >>> format_cards(out_of_play(DealData(0, None, (), 0, (), notes=(("requests", (lost,)),))))
    'QH'
    """
    mask = 0
    for e in exchanges(data, key):
        if e.giver < 0:
            mask |= 1 << e.named
    return mask


def _declarer(state: DealState) -> int:
    return state.data.declarer


# The phase's data: (requests left, the seat owed a card back or -1, the card it gave or -1).
_Local = tuple[int, int, int]


def _requests_key(key: Note[tuple[Exchange, ...]] | str) -> Note[tuple[Exchange, ...]]:
    """The requests note's key (a name: deprecated)."""
    return as_note(key, ())


@attrs.frozen
class RequestCards(Phase[_Local]):
    """The requests of TO-6 and CH-9 (see the module docstring).

    - ``count``: the number of requests in a deal with these facts (from the contract; 0: none,
      the phase is skipped);
    - ``return_received``: the card just received may be given back (``return_received_card``);
    - ``in_discard``: a named card nobody holds uses the request up (``lost``) or not
      (``rename``);
    - ``optional``: the declarer may stop early (``exchanges_optional``, ``requests_optional``);
    - ``forbidden``, ``forbidden_reason``: cards never named and why (CH-9.2: the Fou);
    - ``who``: who makes the requests (default: the declarer);
    - ``key``: where the requests are noted in the deal's facts.

    >>> RequestCards(lambda data: 2).name, RequestCards(lambda data: 2, in_discard="rename").optional
    ('requests', True)
    """

    secret_verbs: ClassVar[frozenset[str]] = frozenset({"give"})  # given back face down
    count: Callable[[DealData], int]
    return_received: bool = False
    in_discard: InDiscard = "lost"
    optional: bool = True
    forbidden: int = 0
    forbidden_reason: str = "this card may not be requested"
    who: Callable[[DealState], int] = _declarer
    key: Note[tuple[Exchange, ...]] = attrs.field(default=REQUESTS, converter=_requests_key)
    expects: str = "a card to request, or stop (TO-6.2, CH-9.2)"
    name: str = "requests"

    def __attrs_post_init__(self) -> None:
        if self.in_discard not in ("lost", "rename"):
            raise ValueError(f"in_discard must be 'lost' or 'rename', got {self.in_discard!r}")

    def active(self, data: DealData) -> bool:
        """Whether the deal has requests (``count(data) > 0``: not in a hand solo, CH-9.1, nor
        *a niente*, TO-6.1).

        >>> from tarotlib.deal.data import DealData
        >>> RequestCards(lambda data: 0).active(DealData(0, None, (), 0, ()))
        False
        """
        return self.count(data) > 0

    def start(self, state: S) -> S:
        """The requester is to act, with ``count`` requests to make.

        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.deal.discard import dealer
        >>> from tarotlib.core.dealing import DealerExtraSchedule
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S", DealerExtraSchedule(2, 0),
        ...                    (RequestCards(lambda data: 2, who=dealer),), play=False)
        >>> state = game.new_deal(seed=1, dealer=1)
        >>> state.phase, state.to_act
        ('requests', 1)
        """
        return state.begin(self.who(state), (self.count(state.data), -1, -1))

    def nameable(self, state: DealState) -> int:
        """The mask of the cards the requester may name now: in the pack, not in his hand, not
        forbidden, not in his own discard if he is the dealer, not already known out of play.

        >>> from tarotlib.core.cards import format_cards
        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.deal.discard import dealer
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S", DealerExtraSchedule(2, 0),
        ...                    (RequestCards(lambda data: 2, who=dealer),), play=False)
        >>> state = game.new_deal(layout=Layout.from_text(["1S 2S", "3S 4S", "5S 6S"], dealer=0))
        >>> format_cards(state.rules.phase_list[0].nameable(state))
        '3S 4S 5S 6S'
        """
        d = state.data
        seat = state.actor
        mask = state.rules.deck.mask & ~state.held(seat) & ~self.forbidden
        if seat == d.dealer:
            mask &= ~d.discard
        return mask & ~out_of_play(d, self.key) & FULL_MASK

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return (_STOP, *card_actions(Request, game), *card_actions(Give, game))

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """``stop`` (when optional) and a request of each nameable card; or, once a card is
        received, giving back each card of the hand (not the one received, unless allowed).

        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.deal.discard import dealer
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S", DealerExtraSchedule(2, 0),
        ...                    (RequestCards(lambda data: 2, who=dealer),), play=False)
        >>> state = game.new_deal(layout=Layout.from_text(["1S 2S", "3S 4S", "5S 6S"], dealer=0))
        >>> [action.text for action in state.legal_actions()]
        ['stop', 'request 3S', 'request 4S', 'request 5S', 'request 6S']
        >>> [action.text for action in state.apply(game.parse_action("request 4S")).legal_actions()]
        ['give 1S', 'give 2S']
        """
        _, giver, received = self.local(state)
        seat = state.actor
        if giver >= 0:
            hand = state.held(seat)
            if not self.return_received:
                hand &= ~(1 << received)
            return tuple(_GIVES[c] for c in cards_of(hand))
        acts: tuple[Action, ...] = tuple(_REQUESTS[c] for c in cards_of(self.nameable(state)))
        if self.optional or not acts:
            acts = (_STOP, *acts)
        return acts

    def _reason(self, state: DealState, card: int) -> str:
        d = state.data
        seat = state.actor
        c = ALL_CARDS[card]
        if not state.rules.deck.mask >> card & 1:
            return f"{c} is not in the pack"
        if state.holds(seat, card):
            return f"{c} is in seat {seat}'s own hand"
        if self.forbidden >> card & 1:
            return self.forbidden_reason
        if seat == d.dealer and d.discard >> card & 1:
            return f"{c} is in seat {seat}'s own discard"
        return f"{c} was named before: it is out of play"

    def apply(self, state: S, action: Action) -> S:
        """Request a card (its holder hands it over), give one back, or stop.

        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.deal.discard import dealer
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S", DealerExtraSchedule(2, 0),
        ...                    (RequestCards(lambda data: 2, who=dealer),), play=False)
        >>> state = game.new_deal(layout=Layout.from_text(["1S 2S", "3S 4S", "5S 6S"], dealer=0))
        >>> state.apply(game.parse_action("request 2S"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: request 2S: 2S is in seat 0's own hand
        >>> state = state.apply(game.parse_action("request 4S"))
        >>> state.apply(game.parse_action("give 4S"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: give 4S: may not give back the card just received (4S)
        >>> state = state.apply(game.parse_action("give 1S")).apply(game.parse_action("stop"))
        >>> state.phase, state.hand(0), state.hand(1)
        ('over', (Card(2S), Card(4S)), (Card(1S), Card(3S)))
        """
        left, giver, received = self.local(state)
        seat = state.actor
        d = state.data
        if giver >= 0:  # the declarer owes a card back (TO-6.2, CH-9.3)
            if not isinstance(action, Give):
                raise state.wrong(action, f"a card to give back to seat {giver} (TO-6.2, CH-9.3)")
            card = action.card
            if not state.holds(seat, card):
                raise IllegalActionError(f"{card} is not in seat {seat}'s hand", action)
            if card == received and not self.return_received:
                raise IllegalActionError(
                    f"may not give back the card just received ({card})", action
                )
            hands = move_cards(state.packed_hands, seat, giver, 1 << card)
            made = exchanges(d, self.key)
            last = made[-1]._replace(returned=ALL_CARDS[card])
            data = d.noted(self.key, (*made[:-1], last))
            if left > 1:
                return state.proceed(
                    action, to_act=seat, local=(left - 1, -1, -1), data=data, hands=hands
                )
            return state.advance(action, data=data, hands=hands)
        if isinstance(action, Stop):
            if not self.optional and self.nameable(state):
                raise IllegalActionError(
                    "the requests are a duty here: name a card (TO-6.4, CH-9.5)", action
                )
            return state.advance(action)
        if not isinstance(action, Request):
            raise state.wrong(action, self.expects)
        card = action.card
        if not self.nameable(state) >> card & 1:
            raise IllegalActionError(self._reason(state, card), action)
        named = ALL_CARDS[card]
        holder = holder_of(state, card, besides=seat)
        if holder >= 0:  # the holder hands it over (TO-6.2, CH-9.3)
            hands = move_cards(state.packed_hands, holder, seat, 1 << card)
            made = (*exchanges(d, self.key), Exchange(seat, named, holder))
            data = d.noted(self.key, made)
            return state.proceed(
                action, to_act=seat, local=(left, holder, card), data=data, hands=hands
            )
        # Nobody holds it: it is out of play (TO-6.3, CH-9.4).
        made = (*exchanges(d, self.key), Exchange(seat, named, -1))
        data = d.noted(self.key, made)
        if self.in_discard == "lost":
            left -= 1
        if left > 0:
            return state.proceed(action, to_act=seat, local=(left, -1, -1), data=data)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``request <card>``, ``give <card>`` and ``stop``.

        >>> phase = RequestCards(lambda data: 2)
        >>> [parser(words).text for parser, words in [(phase.parsers(None)["request"][0], ["T20"]),
        ...                                            (phase.parsers(None)["give"][0], ["2C"]),
        ...                                            (phase.parsers(None)["stop"][0], [])]]
        ['request T20', 'give 2C', 'stop']
        """

        def request(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("request takes one card, e.g. 'request T20'")
            return _REQUESTS[parse_card(args[0])]

        def give(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("give takes one card, e.g. 'give 2C'")
            return _GIVES[parse_card(args[0])]

        def stop(args: list[str]) -> Action:
            if args:
                raise ActionParseError("stop takes nothing after it")
            return _STOP

        return {
            "request": (request, "request <card>"),
            "give": (give, "give <card>"),
            "stop": (stop, "stop"),
        }
