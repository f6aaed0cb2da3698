"""The default observation of a deal: what one seat may see (:class:`DealObservation`).

A game with observations of its own overrides ``Game.observe``; every other game gets this one:
the seat's hand, the auction calls, the contract and its declarer, the tricks played, the trick in
progress and the result — never another seat's hidden card.

>>> import tarotlib
>>> from tarotlib.deal import DealState, Game, TrickPlay
>>> from tarotlib.core.results import DealResult
>>> from tarotlib.core.tricks import TrickRules
>>> class Plain(Game[DealState]):
...     name, players, deck = "plain", 4, tarotlib.PIQUET_32
...     dealing = tarotlib.PacketSchedule(packet_size=4, packets_per_player=2, kitty_size=0)
...     phases = (TrickPlay(TrickRules(fool=0, trumps=0)),)
...     def score(self, state):
...         return DealResult((0, 0, 0, 0))
>>> seen = Plain().new_deal(seed=2).observation(1)
>>> seen.seat, seen.phase, seen.to_act, len(seen.hand), seen.to_json()["calls"]
(1, 'play', 1, 8, [])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Protocol

import attrs

from tarotlib.core.cards import ALL_CARDS, Card, cards_of
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal.state import DealState

__all__ = ["DealObservation", "Observation", "as_cards", "common_fields", "json_token", "observe"]


def as_cards(cards: Iterable[int]) -> frozenset[int]:
    """``cards`` (card indices or :class:`~tarotlib.core.cards.Card` objects) as a frozenset of
    ``Card`` objects: what every observation's ``visible_cards()`` returns, one type throughout.

    >>> from tarotlib.core.cards import parse_card
    >>> sorted(as_cards([0, parse_card("KH")]))
    [Card(1S), Card(KH)]
    """
    return frozenset(ALL_CARDS[c] for c in cards)


class Observation(Protocol):
    """What one seat may know of a state (no hidden card of another seat).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
    >>> seen = state.observation(2)
    >>> seen.seat, len(seen.hand)
    (2, 18)
    """

    @property
    def seat(self) -> int:
        """The observing seat."""
        ...

    def to_json(self) -> dict[str, object]:
        """A JSON-ready form.

        >>> import tarotlib
        >>> seen = tarotlib.variant("french-tarot", players=3).new_deal(seed=5).observation(0)
        >>> data = seen.to_json()
        >>> data["seat"], data["phase"], data["hand"][:4], data["chien"]
        (0, 'auction', ['3S', '6S', '10S', 'NS'], [])
        """
        ...


def json_token(value: object) -> object:
    """A call or contract as an observation's JSON gives it: its ``token`` (``"garde"``), an
    enum member's lower-case name, its text, or None.

    >>> from tarotlib.deal._demo import Level
    >>> json_token(Level.UNA), json_token(None)
    ('una', None)
    """
    if value is None:
        return None
    token = getattr(value, "token", None)
    if isinstance(token, str):
        return token
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return str(value)


@attrs.frozen
class DealObservation:
    """What ``seat`` may see of a deal: its ``hand``, the auction ``calls`` (``(seat, contract or
    None)``), the ``contract`` and its ``declarer``, the completed ``tricks``, the
    ``current_trick`` and its ``trick_leader``, and the ``result`` once over.

    >>> from tarotlib.deal import OneRoundBidding
    >>> from tarotlib.deal._demo import Level, demo_game
    >>> rules = demo_game(OneRoundBidding(tuple(Level)))
    >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid una"))
    >>> seen = state.observation(2)
    >>> seen.seat, seen.to_act, seen.calls, len(seen.hand)
    (2, 2, ((1, <Level.UNA: 2>),), 24)
    """

    seat: int
    players: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, object], ...]
    contract: object
    declarer: int | None
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    result: DealResult | None

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions: the seat's hand and the cards played.

        >>> from tarotlib.core.cards import format_cards
        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import Layout, PacketSchedule
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S", PacketSchedule(1, 3, 0), (), players=2)
        >>> state = game.new_deal(layout=Layout.from_text(["1S 4S 5S", "2S 3S 6S"], dealer=1))
        >>> seen = state.apply(game.parse_action("play 5S")).observation(1)
        >>> format_cards(sorted(seen.visible_cards()))   # seat 1's hand and seat 0's 5S
        '2S 3S 5S 6S'
        """
        cards: set[int] = set(self.hand) | set(self.current_trick)
        for t in self.tricks:
            cards |= set(t.cards)
        return as_cards(cards)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards as text, contracts by their token).

        >>> from tarotlib.deal import OneRoundBidding
        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(OneRoundBidding(tuple(Level)))
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid una"))
        >>> data = state.observation(2).to_json()
        >>> data["calls"], data["hand"][:3], data["scores"]
        ([[1, 'una']], ['7S', 'NS', '1H'], None)
        """
        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [str(c) for c in self.hand],
            "calls": [[s, json_token(c)] for s, c in self.calls],
            "contract": json_token(self.contract),
            "declarer": self.declarer,
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [str(ALL_CARDS[c]) for c in t.cards],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "trick_leader": self.trick_leader,
            "current_trick": [str(c) for c in self.current_trick],
            "annulled": None if self.result is None else self.result.annulled,
            "scores": None if self.result is None else list(self.result.scores),
        }


def common_fields(state: DealState, seat: int) -> dict[str, Any]:
    """The fields every :class:`DealObservation` has, as ``seat`` sees them in ``state``: the
    seat, the table size, the dealer, the phase and the seat to act, the seat's hand, the calls,
    the contract and its declarer, the tricks, the trick in progress and the result. A game's own
    observation class adds its fields to these (``MyObservation(**common_fields(state, seat),
    ...)``).

    >>> import tarotlib
    >>> state = tarotlib.variant("chambery", players=3).new_deal(seed=1)
    >>> fields = common_fields(state, 2)
    >>> fields["hand"] == state.hand(2), fields["phase"], fields["declarer"]
    (True, 'discard', None)
    """
    d = state.data
    return {
        "seat": seat,
        "players": state.rules.players,
        "dealer": d.dealer,
        "phase": state.phase,
        "to_act": state.to_act,
        "hand": cards_of(state.hand_mask(seat)),
        "calls": state.calls,
        "contract": d.contract,
        "declarer": state.declarer,
        "tricks": state.tricks,
        "trick_leader": state.trick_leader,
        "current_trick": state.current_trick,
        "result": d.result,
    }


def observe(state: DealState, seat: int) -> DealObservation:
    """The default observation of ``state`` for ``seat`` (what ``Game.observe`` returns
    unless the game has its own): the :func:`common_fields`.

    >>> from tarotlib.deal import OneRoundBidding
    >>> from tarotlib.deal._demo import Level, demo_game
    >>> rules = demo_game(OneRoundBidding(tuple(Level)))
    >>> state = rules.new_deal(seed=1)
    >>> seen = observe(state, 1)
    >>> seen == state.observation(1), seen.hand == state.hand(1), seen.phase
    (True, True, 'auction')
    """
    return DealObservation(**common_fields(state, seat))
