"""Auction phases: how the contract and its declarer are chosen.

- :class:`OneRoundBidding` — one turn each, every bid higher than the last (FT-4, CH-8.2);
- :class:`TakeOrName` — rounds in which each player takes the turned-up card's suit, then names
  another suit, then (optionally) all trumps / no trumps (BE-4).

Each records the calls in the deal's facts (``data.calls``: ``(seat, contract or None)``) and, when
a contract is bid, sets ``data.contract`` and ``data.declarer``. When everybody passes the deal is
annulled (``annul_reason``), or (``all_pass="play"``) played with every seat a side of its own and
no contract (French Tarot's Grash, FT-15).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=3)
>>> state = state.apply(rules.parse_action("bid garde"))
>>> [a.text for a in state.legal_actions()]
['pass', 'bid garde-sans', 'bid garde-contre']
>>> state.calls
((1, <Contract.GARDE: 2>),)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, Literal, TypeVar

import attrs

from tarotlib.actions import Action, Bid, Pass
from tarotlib.auction import AuctionState, OneRoundAuction
from tarotlib.cards import Suit
from tarotlib.deal.data import evolve, with_note
from tarotlib.deal.phase import Parser, Phase
from tarotlib.deal.play import eldest
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["OneRoundBidding", "TakeOrName", "contract_parsers"]

S = TypeVar("S", bound=DealState)

_PASS: Final = Pass()
_AUCTION: Final = tuple.__new__  # builds an AuctionState without its __new__ (a hot path)


def _seated(
    state: DealState, first: int, calls: tuple[object, ...]
) -> tuple[tuple[int, object], ...]:
    """The calls of a one-turn-each auction with the seat of each (the sitter skipped)."""
    n = state._g.players
    sitter = state._d.sitter
    out = []
    seat = first
    for call in calls:
        out.append((seat, call))
        seat = (seat + 1) % n
        if seat == sitter:
            seat = (seat + 1) % n
    return tuple(out)


def _label(contract: enum.Enum) -> str:
    label = getattr(contract, "label", None)
    return label if isinstance(label, str) else contract.name


def contract_parsers(contract_type: type[enum.Enum]) -> dict[str, tuple[Parser, str]]:
    """``pass`` and ``bid <contract>``, the contract read by the enum's ``parse`` classmethod
    (or by name)."""
    parse: Callable[[str], enum.Enum] = getattr(
        contract_type, "parse", lambda text: contract_type[text.strip().upper()]
    )

    def bid(args: list[str]) -> Action:
        if not args:
            raise ActionParseError("bid takes a contract, e.g. 'bid garde'")
        try:
            return Bid(parse(" ".join(args)))
        except ValueError as exc:
            raise ActionParseError(str(exc)) from None
        except KeyError as exc:
            raise ActionParseError(f"unknown contract {exc.args[0]!r}") from None

    def pass_(args: list[str]) -> Action:
        if args:
            raise ActionParseError("pass takes nothing after it")
        return _PASS

    return {"pass": (pass_, "pass"), "bid": (bid, "bid <contract>")}


@attrs.frozen
class OneRoundBidding(Phase):
    """One turn each from the first active seat after the dealer; a bid must name a contract
    stronger than every one named so far; the last bidder is the declarer (FT-4.1 – FT-4.4).

    ``contracts`` are the game's contracts, weakest first (an ``IntEnum``). ``all_pass``: what
    happens when everybody passes: ``annul`` the deal (``annul_reason``), or ``play`` it with no
    contract and every seat a side of its own (the note ``all_pass_played`` is set).
    """

    contracts: tuple[enum.IntEnum, ...]
    all_pass: Literal["annul", "play"] = "annul"
    annul_reason: str = "all players passed"
    expects: str = "pass or a bid"
    name: str = "auction"
    _mechanisms: dict[int, OneRoundAuction[enum.IntEnum]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _choices: dict[object, tuple[Action, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def _mechanism(self, players: int) -> OneRoundAuction[enum.IntEnum]:
        mechanism = self._mechanisms.get(players)
        if mechanism is None:
            mechanism = self._mechanisms[players] = OneRoundAuction(self.contracts, players)
        return mechanism

    def start(self, state: S) -> S:
        first = eldest(state)
        state._to = first
        state._x = AuctionState(first)
        return state

    def legal(self, state: DealState) -> tuple[Action, ...]:
        auction: AuctionState[enum.IntEnum] = state._x  # type: ignore[assignment]
        # The legal calls depend only on the highest bid (FT-4.3): kept once computed.
        actions = self._choices.get(auction.high)
        if actions is None:
            calls = self._mechanism(state.rules.players).legal(auction)
            actions = tuple(_PASS if c is None else Bid(c) for c in calls)
            self._choices[auction.high] = actions
        return actions

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        auction: AuctionState[enum.IntEnum] = state._x  # type: ignore[assignment]
        return (*state._d.calls, *_seated(state, auction.first, auction.calls))

    def apply(self, state: S, action: Action) -> S:
        call: enum.IntEnum | None
        if isinstance(action, Pass):
            call = None
        elif isinstance(action, Bid) and type(action.contract) is type(self.contracts[0]):
            call = action.contract
        else:
            raise state.wrong(action, self.expects)
        auction: AuctionState[enum.IntEnum] = state._x  # type: ignore[assignment]
        first, calls, high, high_seat = auction
        seat = state._to
        if call is None:
            auction = _AUCTION(AuctionState, (first, (*calls, None), high, high_seat))
        else:
            if high is not None and call <= high:  # FT-4.3: strictly higher
                raise IllegalActionError(f"bid must beat {_label(high)}", action)
            auction = _AUCTION(AuctionState, (first, (*calls, call), call, seat))
        d = state._d
        n = state._g.players
        if len(calls) + 1 < (n if d.sitter < 0 else n - 1):  # FT-4.1: one turn each
            nxt = (seat + 1) % n
            if nxt == d.sitter:
                nxt = (nxt + 1) % n
            return state._next(action, nxt, auction)
        data = evolve(d, calls=(*d.calls, *_seated(state, first, auction.calls)))
        high = auction.high
        if high is None:
            if self.all_pass == "play":
                data = evolve(
                    data,
                    sides=tuple(range(n)),
                    notes=with_note(data.notes, "all_pass_played", True),
                )
                return state.advance(action, data=data)
            return state.finish(action, annulled=self.annul_reason, data=data)
        data = evolve(data, contract=high, declarer=auction.high_seat)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return contract_parsers(type(self.contracts[0]))


@attrs.frozen
class TakeOrName(Phase):
    """Bidding rounds around a turned-up card (BE-4): in round 1 each player in turn takes the
    turn-up's suit or passes; if all pass, in round 2 each names another suit or passes; if all
    pass again and ``third_round`` lists contracts (all trumps, no trumps), round 3 offers those.
    The first player to choose is the declarer; the player after the dealer speaks first in each
    round and the dealer last. If all pass in the last round the deal is annulled
    (``annul_reason``).

    ``suit_contracts[s]`` is the contract "suit ``s`` is trumps"; the turn-up is ``stock[0]``.
    """

    suit_contracts: tuple[enum.Enum, enum.Enum, enum.Enum, enum.Enum]
    third_round: tuple[enum.Enum, ...] = ()
    annul_reason: str = "all players passed"
    expects: str = "pass or a bid (BE-4)"
    name: str = "bidding"
    _rounds: dict[tuple[int, int], tuple[Action, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def round_actions(self, round_: int, turn_suit: int) -> tuple[Action, ...]:
        """The actions of round ``round_`` when the turn-up is of suit ``turn_suit`` (BE-4.2 –
        BE-4.4): pass first, then the bids."""
        key = (round_, turn_suit)
        actions = self._rounds.get(key)
        if actions is None:
            bids: tuple[enum.Enum, ...]
            if round_ == 1:
                bids = (self.suit_contracts[turn_suit],)
            elif round_ == 2:
                bids = tuple(c for s, c in enumerate(self.suit_contracts) if s != turn_suit)
            else:
                bids = self.third_round
            actions = self._rounds[key] = (_PASS, *(Bid(c) for c in bids))
        return actions

    # The phase's data is ``(round, its actions, the calls so far)``.
    def start(self, state: S) -> S:
        state._to = eldest(state)
        state._x = (1, self.round_actions(1, state._d.stock[0] // 14), ())
        return state

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return state._x[1]  # type: ignore[index, no-any-return]

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        return (*state._d.calls, *state._x[2])  # type: ignore[index]

    def apply(self, state: S, action: Action) -> S:
        local: tuple[int, tuple[Action, ...], tuple[tuple[int, object], ...]] = state._x  # type: ignore[assignment]
        round_, legal, calls = local
        d = state._d
        if action not in legal:
            if not isinstance(action, (Pass, Bid)):
                raise state.wrong(action, self.expects)
            raise IllegalActionError(self._reason(round_, d.stock[0] // 14, action), action)
        seat = state._to
        if type(action) is Pass:
            calls = (*calls, (seat, None))
            nxt = (seat + 1) % state._g.players
            if seat != d.dealer:  # BE-4.1: the dealer speaks last in each round
                return state._next(action, nxt, (round_, legal, calls))
            if round_ < (3 if self.third_round else 2):
                round_ += 1
                legal = self.round_actions(round_, d.stock[0] // 14)
                return state._next(action, nxt, (round_, legal, calls))
            data = evolve(d, calls=(*d.calls, *calls))
            return state.finish(action, annulled=self.annul_reason, data=data)  # BE-4.5
        assert isinstance(action, Bid)
        data = evolve(
            d,
            calls=(*d.calls, *calls, (seat, action.contract)),
            contract=action.contract,
            declarer=seat,
        )
        return state.advance(action, data=data)

    def _reason(self, round_: int, turn_suit: int, action: Action) -> str:
        assert isinstance(action, Bid)
        turn = Suit(turn_suit)
        if round_ == 1:
            return f"round 1 offers only the turn-up's suit ({turn.label}) or pass (BE-4.2)"
        if round_ == 2:
            if action.contract == self.suit_contracts[turn_suit]:
                return f"round 2: the turn-up's suit ({turn.label}) may not be named (BE-4.3)"
            return "round 2 offers another suit than the turn-up's, or pass (BE-4.3)"
        return "round 3 offers only all trumps (TA), no trumps (SA) or pass (BE-4.4)"

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return contract_parsers(type(self.suit_contracts[0]))
