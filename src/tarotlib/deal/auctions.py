"""Auction phases: how the contract and its declarer are chosen.

- :class:`OneRoundBidding` — one turn each, every bid higher than the last (FT-4, CH-8.2);
- :class:`MultiRoundBidding` — rounds until a bid stands and all the others have passed, a pass
  being final, with an equal bid allowed to a senior player (TO-5, TO-22, TO-33, CH-8.3);
- :class:`TakeOrName` — rounds in which each player takes the turned-up card's suit, then names
  another suit, then (optionally) all trumps / no trumps (BE-4);
- :class:`ChooseContract` — no auction: one player chooses the contract (FT-20.4).

Each records the calls in the deal's facts (``data.calls``: ``(seat, contract or None)``) and, when
a contract is bid, sets ``data.contract`` and ``data.declarer``. When everybody passes the deal is
annulled (``annul_reason``), or (``all_pass="play"``) played with every seat a side of its own and
no contract (French Tarot's Grash, FT-15), or (``all_pass="next_phase"``) handed over to the next
phase with no contract and the note ``all_passed`` (the dealer's King call, CH-8.4, CH-10).

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
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Generic, Literal, NamedTuple, TypeVar

import attrs

from tarotlib.core.actions import Action, Bid, Pass
from tarotlib.core.cards import Suit
from tarotlib.deal.data import Note, evolve
from tarotlib.deal.phase import Parser, Phase, SpaceItem
from tarotlib.deal.play import eldest
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = [
    "ALL_PASSED",
    "ALL_PASS_PLAYED",
    "FIRST_OF_SERIES",
    "AuctionState",
    "ChooseContract",
    "MultiRoundBidding",
    "OneRoundAuction",
    "OneRoundBidding",
    "TakeOrName",
    "bidding_order",
    "contract_parsers",
    "first_of_series",
    "must_beat",
]

S = TypeVar("S", bound=DealState)
C = TypeVar("C", bound=enum.IntEnum)

_PASS: Final = Pass()
_AUCTION: Final = tuple.__new__  # builds an AuctionState without its __new__ (a hot path)
_ROUNDS: Final = tuple.__new__  # builds a _Rounds the same way
_TAKE: Final = tuple.__new__  # and a _TakeOrNameData

ALL_PASSED: Final = Note("all_passed", False)
"""The note set (to True) when every player passed and the auction hands the deal over to the next
phase (``all_pass="next_phase"``), or when a :class:`MultiRoundBidding` ends with everybody
passing."""

ALL_PASS_PLAYED: Final = Note("all_pass_played", False)
"""The note set (to True) when every player passed and the deal is played with no contract
(``all_pass="play"``: French Tarot's Grash, FT-15)."""

FIRST_OF_SERIES: Final = Note("first_of_series", False)
"""The note saying that a deal is the first of a series (read by :func:`first_of_series`); a
fact a match gives the deal (``new_deal(facts=...)``)."""


def _seated(
    state: DealState, first: int, calls: tuple[object, ...]
) -> tuple[tuple[int, object], ...]:
    """The calls of a one-turn-each auction with the seat of each (the sitter skipped)."""
    n = state.rules.players
    sitter = state.data.sitter
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


def must_beat(high: enum.IntEnum | None, call: enum.IntEnum) -> str | None:
    """Why a bid of ``call`` may not follow the highest contract named so far, ``high`` (None before
    any bid), or None: a bid must name a strictly stronger contract (FT-4.3, CH-8.2). The one
    statement of that rule, used by :class:`OneRoundBidding` and :class:`OneRoundAuction`.

    >>> from tarotlib.deal._demo import Level
    >>> must_beat(None, Level.DUE), must_beat(Level.DUE, Level.UNA), must_beat(Level.UNA, Level.DUE)
    (None, None, 'bid must beat una')
    """
    if high is not None and call <= high:
        return f"bid must beat {_label(high)}"
    return None


def _call_of(
    state: DealState, action: Action, contracts: tuple[enum.IntEnum, ...], expects: str
) -> enum.IntEnum | None:
    """An auction call: None for a pass, else the contract bid (of the auction's enum)."""
    if isinstance(action, Pass):
        return None
    if isinstance(action, Bid) and type(action.contract) is type(contracts[0]):
        return action.contract
    raise state.wrong(action, expects)


def contract_parsers(contract_type: type[enum.Enum]) -> dict[str, tuple[Parser, str]]:
    """``pass`` and ``bid <contract>``, the contract read by the enum's ``parse`` classmethod
    (or by name): the parsers of the auction phases, ``verb -> (parser, help)``.

    >>> from tarotlib.deal._demo import Level
    >>> parsers = contract_parsers(Level)
    >>> parse_bid, help_text = parsers["bid"]
    >>> parse_bid(["niente"]).text, help_text, parsers["pass"][0]([]).text
    ('bid niente', 'bid <contract>', 'pass')
    >>> parse_bid(["tutto"])
    Traceback (most recent call last):
        ...
    tarotlib.errors.ActionParseError: unknown contract 'tutto'
    """
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


class AuctionState(NamedTuple, Generic[C]):
    """Calls so far: ``calls[i]`` is the i-th call (a contract, or None for a pass); the highest
    contract named and its bidder. (An immutable named tuple: auctions are on the hot path.)

    >>> from tarotlib.variants.french_tarot import Contract
    >>> auction = OneRoundAuction(tuple(Contract), players=3)
    >>> st = auction.apply(auction.apply(auction.start(first=0), Contract.GARDE), None)
    >>> st.calls, st.high, st.high_seat
    ((<Contract.GARDE: 2>, None), <Contract.GARDE: 2>, 0)
    """

    first: int
    calls: tuple[C | None, ...] = ()
    high: C | None = None
    high_seat: int | None = None


@attrs.frozen
class OneRoundAuction(Generic[C]):
    """One turn each, strictly increasing bids (FT-4.1, FT-4.3, FT-4.4): the auction of
    :class:`OneRoundBidding` as pure functions of its :class:`AuctionState`.

    >>> from tarotlib.variants.french_tarot import Contract
    >>> auction = OneRoundAuction(tuple(Contract), players=4)
    >>> st = auction.start(first=1)
    >>> for call in (Contract.PRISE, None, Contract.GARDE, None):
    ...     st = auction.apply(st, call)
    >>> auction.is_done(st), st.high, st.high_seat
    (True, <Contract.GARDE: 2>, 3)
    """

    contracts: Sequence[C]
    players: int

    def start(self, first: int) -> AuctionState[C]:
        """An empty auction whose first speaker is ``first``.

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.start(first=2)
        >>> auction.to_act(st), st.calls
        (2, ())
        """
        return AuctionState(first)

    def to_act(self, st: AuctionState[C]) -> int | None:
        """The seat to speak, or None when every player has spoken.

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.apply(auction.start(first=2), None)
        >>> auction.to_act(st)
        0
        >>> auction.to_act(auction.apply(auction.apply(st, None), None)) is None
        True
        """
        n = len(st.calls)
        return None if n >= self.players else (st.first + n) % self.players

    def is_done(self, st: AuctionState[C]) -> bool:
        """True after N calls (FT-4.1: the auction ends after N turns, even if no bid is left).

        >>> auction = OneRoundAuction((1, 2), players=2)
        >>> st = auction.apply(auction.start(first=0), 2)
        >>> auction.is_done(st), auction.is_done(auction.apply(st, None))
        (False, True)
        """
        return len(st.calls) >= self.players

    def legal(self, st: AuctionState[C]) -> tuple[C | None, ...]:
        """Pass (None) and every contract higher than the highest named (FT-4.3).

        >>> import enum
        >>> class Bet(enum.IntEnum):
        ...     LOW = 1
        ...     MID = 2
        ...     HIGH = 3
        >>> auction = OneRoundAuction(tuple(Bet), players=3)
        >>> auction.legal(auction.apply(auction.start(first=0), Bet.MID))
        (None, <Bet.HIGH: 3>)
        """
        if self.is_done(st):
            return ()
        return (None, *(c for c in self.contracts if must_beat(st.high, c) is None))

    def check(self, st: AuctionState[C], call: C | None) -> str | None:
        """Why ``call`` is illegal now, or None.

        >>> from tarotlib.variants.french_tarot import Contract
        >>> auction = OneRoundAuction(tuple(Contract), players=3)
        >>> st = auction.apply(auction.start(first=0), Contract.GARDE)
        >>> auction.check(st, None) is None, auction.check(st, Contract.PRISE)
        (True, 'bid must beat Garde')
        """
        if self.is_done(st):
            return "the auction is over"
        if call is None:
            return None
        if call not in self.contracts:
            return f"unknown contract {call!r}"
        return must_beat(st.high, call)

    def apply(self, st: AuctionState[C], call: C | None) -> AuctionState[C]:
        """The auction after ``call`` by the seat to speak (raises IllegalActionError).

        >>> auction = OneRoundAuction((1, 2), players=3)
        >>> st = auction.apply(auction.start(first=0), None)
        >>> st = auction.apply(st, 1)
        >>> st.calls, st.high_seat
        ((None, 1), 1)
        """
        reason = self.check(st, call)
        if reason is not None:
            raise IllegalActionError(reason)
        if call is None:
            return AuctionState(st.first, (*st.calls, None), st.high, st.high_seat)
        return AuctionState(st.first, (*st.calls, call), call, self.to_act(st))


@attrs.frozen
class OneRoundBidding(Phase[AuctionState[enum.IntEnum]]):
    """One turn each from the first active seat after the dealer; a bid must name a contract
    stronger than every one named so far; the last bidder is the declarer (FT-4.1 – FT-4.4).

    ``contracts`` are the game's contracts, weakest first (an ``IntEnum``). ``all_pass``: what
    happens when everybody passes: ``annul`` the deal (``annul_reason``), or ``play`` it with no
    contract and every seat a side of its own (the note ``all_pass_played`` is set), or go on to
    the ``next_phase`` with no contract and no declarer (the note :data:`ALL_PASSED` is set): the
    dealer's King call of CH-8.4 follows (:class:`~tarotlib.deal.call.KingCall`).

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import KingCall
    >>> rules = demo_game(OneRoundBidding(tuple(Level), all_pass="next_phase"), KingCall())
    >>> state = rules.new_deal(seed=2)
    >>> for _ in range(3):
    ...     state = state.apply(rules.parse_action("pass"))
    >>> state.phase, state.to_act == state.dealer, state.data.notes, state.calls
    ('king-call', True, (('all_passed', True),), ((1, None), (2, None), (0, None)))
    """

    contracts: tuple[enum.IntEnum, ...]
    all_pass: Literal["annul", "play", "next_phase"] = "annul"
    annul_reason: str = "all players passed"
    expects: str = "pass or a bid"
    name: str = "auction"
    _mechanisms: dict[int, OneRoundAuction[enum.IntEnum]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _choices: dict[object, tuple[Action, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _biddable: frozenset[enum.IntEnum] = attrs.field(init=False, repr=False, eq=False)

    @_biddable.default
    def _contract_set(self) -> frozenset[enum.IntEnum]:
        return frozenset(self.contracts)

    def _mechanism(self, players: int) -> OneRoundAuction[enum.IntEnum]:
        mechanism = self._mechanisms.get(players)
        if mechanism is None:
            mechanism = self._mechanisms[players] = OneRoundAuction(self.contracts, players)
        return mechanism

    def start(self, state: S) -> S:
        first = eldest(state)
        return state.begin(first, AuctionState(first))

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return (_PASS, *(Bid(c) for c in self.contracts))

    def legal(self, state: DealState) -> tuple[Action, ...]:
        auction = self.local(state)
        # The legal calls depend only on the highest bid (FT-4.3): kept once computed.
        actions = self._choices.get(auction.high)
        if actions is None:
            calls = self._mechanism(state.rules.players).legal(auction)
            actions = tuple(_PASS if c is None else Bid(c) for c in calls)
            self._choices[auction.high] = actions
        return actions

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        auction = self.local(state)
        return (*state.data.calls, *_seated(state, auction.first, auction.calls))

    def apply(self, state: S, action: Action) -> S:
        """Apply a pass or a bid (FT-4.3: strictly higher); after the last turn the highest
        bidder is the declarer, or ``all_pass`` says what happens.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(OneRoundBidding(tuple(Level)))
        >>> state = rules.new_deal(seed=2).apply(rules.parse_action("bid una"))
        >>> try:
        ...     state.apply(rules.parse_action("bid una"))
        ... except IllegalActionError as exc:
        ...     print(exc.reason)
        bid must beat una
        >>> state = state.apply(rules.parse_action("pass")).apply(rules.parse_action("pass"))
        >>> state.contract, state.declarer
        (<Level.UNA: 2>, 1)
        """
        call = _call_of(state, action, self.contracts, self.expects)
        auction = self.local(state)
        first, calls, high, high_seat = auction
        seat = state.actor
        if call is None:
            auction = _AUCTION(AuctionState, (first, (*calls, None), high, high_seat))
        else:
            reason = must_beat(high, call)  # FT-4.3: strictly higher
            if reason is not None:
                raise IllegalActionError(reason, action)
            if call not in self._biddable:  # a member of the enum left out of the auction
                raise IllegalActionError(
                    f"{_label(call)} is not a contract of this auction", action
                )
            auction = _AUCTION(AuctionState, (first, (*calls, call), call, seat))
        d = state.data
        n = state.rules.players
        if len(calls) + 1 < (n if d.sitter < 0 else n - 1):  # FT-4.1: one turn each
            nxt = (seat + 1) % n
            if nxt == d.sitter:
                nxt = (nxt + 1) % n
            return state.step(action, nxt, auction)
        data = evolve(d, calls=(*d.calls, *_seated(state, first, auction.calls)))
        high = auction.high
        if high is None:
            if self.all_pass == "play":
                data = evolve(data, sides=tuple(range(n))).noted(ALL_PASS_PLAYED, True)
                return state.advance(action, data=data)
            if self.all_pass == "next_phase":  # CH-8.4: the dealer's King call follows
                return state.advance(action, data=data.noted(ALL_PASSED, True))
            return state.finish(action, annulled=self.annul_reason, data=data)
        data = evolve(data, contract=high, declarer=auction.high_seat)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return contract_parsers(type(self.contracts[0]))


def bidding_order(state: DealState) -> tuple[int, ...]:
    """The seats that bid, in bidding order: from the eldest (the first active seat after the
    dealer) round to the dealer, the sitter left out (TO-5.3, CH-2.3). This is also the order of
    seniority, most senior first (TO-5.2).

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> rules = demo_game(MultiRoundBidding(tuple(Level)), players=5)
    >>> bidding_order(rules.new_deal(seed=1, dealer=3))
    (4, 0, 1, 2, 3)
    """
    d = state.data
    n = state.rules.players
    return tuple(seat for seat in ((d.dealer + k) % n for k in range(1, n + 1)) if seat != d.sitter)


class _Rounds(NamedTuple):
    """A multi-round auction in progress: the bidders in order (most senior first), each seat's
    place in that order (its seniority rank, 0 the most senior: saves ``order.index``), the calls
    so far, the seats that have passed (a mask), the highest bid and its holder (-1)."""

    order: tuple[int, ...]
    rank: tuple[int, ...]
    calls: tuple[tuple[int, object], ...] = ()
    out: int = 0
    high: enum.IntEnum | None = None
    holder: int = -1


@attrs.frozen
class MultiRoundBidding(Phase[_Rounds]):
    """Bidding in as many rounds as needed (TO-5; TO-22 and TO-33 with 4, 5 and 7 players; the
    ``multi_round`` auction of CH-8.3 with ``seniority="none"``).

    - Turns (TO-5.3): from the eldest round to the dealer (:func:`bidding_order`), round after
      round; a player who has passed is skipped: a pass is final (TO-5.5, CH-8.3) — he is never
      to act again, so no action of his can be refused for it.
    - Bids (TO-5.4): the first bid may be any of ``contracts`` (the game's contracts, weakest
      first: an ``IntEnum``); every later bid must be higher than the highest, or equal to it when
      the bidder is senior to its holder. ``seniority``: ``bidding_order`` (TO-5.2: the bidding
      order from the eldest, the dealer least senior) or ``none`` (every bid strictly higher,
      CH-8.3).
    - End (TO-5.6): when a bid stands and every other player has passed, its holder is the
      declarer (``data.declarer``) with that contract (``data.contract``). A bidder never outbids
      himself: the auction ends before his turn comes back. When every other player has passed and
      nobody has bid, the last player still speaks; with ``last_player_may_pass=False`` he must
      bid.
    - All pass (TO-5.7, CH-8.4; the note :data:`ALL_PASSED` is set): ``annul`` the deal with
      ``annul_reason`` (TO-5.7 ``next_dealer``: the game's ``counts_toward_match`` says whether it
      counts), or ``redeal``: annul it with ``redeal_reason``, which the game's ``next_dealer``
      recognises to keep the dealer (TO-5.7 ``same_dealer``), or go on to the ``next_phase`` with
      no contract (Chambéry's King call, CH-8.4).

    The calls are recorded like the other auctions: ``state.calls`` while in progress,
    ``data.calls`` at the end (``(seat, contract or None)``).

    LO-E6 (the dealer is seat 0; seniority 1 > 2 > 0):

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> rules = demo_game(MultiRoundBidding(tuple(Level)))
    >>> state = rules.new_deal(seed=1, dealer=0)
    >>> for text in ("bid due", "bid una", "bid niente", "bid niente"):
    ...     state = state.apply(rules.parse_action(text))
    >>> [a.text for a in state.legal_actions()]   # seat 2 is junior to seat 1
    ['pass']
    >>> try:
    ...     state.apply(rules.parse_action("bid niente"))
    ... except IllegalActionError as exc:
    ...     print(exc.reason)
    only a senior player may equal niente (seat 1 holds it and is senior to seat 2)
    >>> state = state.apply(rules.parse_action("pass")).apply(rules.parse_action("pass"))
    >>> state.data.contract, state.data.declarer, len(state.data.calls)
    (<Level.NIENTE: 3>, 1, 6)
    """

    contracts: tuple[enum.IntEnum, ...]
    seniority: Literal["bidding_order", "none"] = "bidding_order"
    last_player_may_pass: bool = True
    all_pass: Literal["annul", "redeal", "next_phase"] = "annul"
    annul_reason: str = "all players passed"
    redeal_reason: str = "all players passed; the same dealer deals again"
    expects: str = "pass or a bid"
    name: str = "auction"
    _choices: dict[tuple[object, bool, bool], tuple[Action, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    _biddable: frozenset[enum.IntEnum] = attrs.field(init=False, repr=False, eq=False)

    @_biddable.default
    def _contract_set(self) -> frozenset[enum.IntEnum]:
        return frozenset(self.contracts)

    def start(self, state: S) -> S:
        """The eldest speaks first (TO-5.3).

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(MultiRoundBidding(tuple(Level)), players=4)
        >>> state = rules.new_deal(seed=1, dealer=2)
        >>> state.phase, state.to_act, state.calls
        ('auction', 3, ())
        """
        order = bidding_order(state)
        rank = [len(order)] * state.rules.players  # (the sitter, who never bids, ranks last)
        for place, seat in enumerate(order):
            rank[seat] = place
        return state.begin(order[0], _Rounds(order, tuple(rank)))

    def _may_equal(self, rounds: _Rounds, seat: int) -> bool:
        """TO-5.4: the seat may equal the highest bid (it is senior to the holder)."""
        holder = rounds.holder
        if holder < 0 or self.seniority == "none":
            return False
        rank = rounds.rank
        return rank[seat] < rank[holder]

    def _may_pass(self, rounds: _Rounds, seat: int) -> bool:
        """TO-5.6: the last player left, nobody having bid, may pass unless the game says not."""
        if self.last_player_may_pass or rounds.high is not None:
            return True
        return any(s != seat and not rounds.out >> s & 1 for s in rounds.order)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return (_PASS, *(Bid(c) for c in self.contracts))

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """Pass (unless the last player left must bid), then the bids allowed (TO-5.4).

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(MultiRoundBidding(tuple(Level), seniority="none"))
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid una"))
        >>> [a.text for a in state.legal_actions()]
        ['pass', 'bid niente']
        """
        rounds = self.local(state)
        seat = state.actor
        high = rounds.high
        # The two tests inlined for their common answers (saves two method calls):
        # ``_may_equal`` is False with no holder, ``_may_pass`` True once a bid stands.
        equal = rounds.holder >= 0 and self._may_equal(rounds, seat)
        may_pass = high is not None or self.last_player_may_pass or self._may_pass(rounds, seat)
        key = (high, equal, may_pass)
        actions = self._choices.get(key)
        if actions is None:
            bids = tuple(
                Bid(c) for c in self.contracts if high is None or c > high or (equal and c == high)
            )
            actions = self._choices[key] = ((_PASS,) if may_pass else ()) + bids
        return actions

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        """The calls so far, in order.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(MultiRoundBidding(tuple(Level)))
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("pass"))
        >>> state.apply(rules.parse_action("bid due")).calls
        ((1, None), (2, <Level.DUE: 1>))
        """
        return (*state.data.calls, *self.local(state).calls)

    def _refusal(self, rounds: _Rounds, seat: int, call: enum.IntEnum) -> str | None:
        """Why ``seat`` may not bid ``call`` (TO-5.4), or None."""
        if call not in self.contracts:
            return f"{_label(call)} is not a contract of this auction"
        high = rounds.high
        if high is None or call > high:
            return None
        senior = self._may_equal(rounds, seat)
        if call == high:
            if senior:
                return None
            if self.seniority == "none":
                return f"bid must be higher than {_label(high)}"
            return (
                f"only a senior player may equal {_label(high)} "
                f"(seat {rounds.holder} holds it and is senior to seat {seat})"
            )
        if senior:
            return f"bid must equal or beat {_label(high)}"
        return f"bid must be higher than {_label(high)}"

    def apply(self, state: S, action: Action) -> S:
        """Apply a pass or a bid; the auction ends when a bid stands and all the others have
        passed (TO-5.6), or when everybody has passed (TO-5.7).

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(MultiRoundBidding(tuple(Level), all_pass="redeal"))
        >>> state = rules.new_deal(seed=1)
        >>> for _ in range(3):
        ...     state = state.apply(rules.parse_action("pass"))
        >>> state.result.annulled, state.data.notes
        ('all players passed; the same dealer deals again', (('all_passed', True),))
        """
        call = _call_of(state, action, self.contracts, self.expects)
        rounds = self.local(state)
        order, rank, calls, out, high, holder = rounds
        seat = state.actor
        if call is None:
            if not (self.last_player_may_pass or self._may_pass(rounds, seat)):  # TO-5.6
                raise IllegalActionError(
                    "the last player left must bid, nobody else having bid", action
                )
            out |= 1 << seat
            calls = (*calls, (seat, None))
        else:
            # A bid higher than the highest is always allowed: _refusal only for the others.
            if (high is not None and call <= high) or call not in self._biddable:
                reason = self._refusal(rounds, seat, call)
                if reason is not None:
                    raise IllegalActionError(reason, action)
            calls = (*calls, (seat, call))
            high = call
            holder = seat
        # Built directly rather than with ``_replace`` (about ten times cheaper).
        rounds = _ROUNDS(_Rounds, (order, rank, calls, out, high, holder))
        k = len(order)
        i = rank[seat]
        nxt = -1
        for step in range(1, k + 1):  # TO-5.3: the next player still in (perhaps the bidder)
            s = order[(i + step) % k]
            if not out >> s & 1:
                nxt = s
                break
        if nxt >= 0 and nxt != holder:
            return state.step(action, nxt, rounds)
        d = state.data
        calls = (*d.calls, *calls)  # (one evolve below rather than two)
        if nxt >= 0:  # TO-5.6: back to the holder, every other player having passed
            data = evolve(d, calls=calls, contract=high, declarer=holder)
            return state.advance(action, data=data)
        data = evolve(d, calls=calls).noted(ALL_PASSED, True)  # TO-5.7
        if self.all_pass == "next_phase":
            return state.advance(action, data=data)
        reason = self.redeal_reason if self.all_pass == "redeal" else self.annul_reason
        return state.finish(action, annulled=reason, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``pass`` and ``bid <contract>``.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(MultiRoundBidding(tuple(Level)))
        >>> sorted(rules.phase_list[0].parsers(rules)), rules.parse_action("bid niente").text
        (['bid', 'pass'], 'bid niente')
        """
        return contract_parsers(type(self.contracts[0]))


def first_of_series(state: DealState) -> bool:
    """True when the deal's facts carry the note :data:`FIRST_OF_SERIES` (the default test of
    :class:`ChooseContract`).

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> first_of_series(demo_game(ChooseContract(tuple(Level))).new_deal(seed=1))
    False
    """
    return state.data.note(FIRST_OF_SERIES)


@attrs.frozen
class ChooseContract(Phase[None]):
    """No auction: seat ``who(state)`` chooses the contract among ``contracts`` (weakest first) and
    becomes the declarer (FT-20.4: the solo player, with the effects of FT-4.2).

    ``first_deal="lowest"`` restricts the choice in the first deal of a series to the lowest
    contract (FT-20.4, option S-O3); ``"free"`` never restricts it. Whether a deal is the first of
    its series is ``first(state)``: by default the note :data:`FIRST_OF_SERIES` in the deal's
    facts; a game may give its own test instead (for instance an option of its rules, which records
    keep). The choice is recorded as an auction call (``data.calls``: ``((seat, contract),)``).

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> opening = ChooseContract(tuple(Level), first_deal="lowest", first=lambda state: True)
    >>> rules = demo_game(opening)
    >>> state = rules.new_deal(seed=4)
    >>> [a.text for a in state.legal_actions()]
    ['bid due']
    >>> try:
    ...     state.apply(rules.parse_action("bid una"))
    ... except IllegalActionError as exc:
    ...     print(exc.reason)
    the first deal of a series is played at the lowest contract, due
    >>> state = state.apply(rules.parse_action("bid due"))
    >>> state.data.contract, state.data.declarer, state.data.calls
    (<Level.DUE: 1>, 1, ((1, <Level.DUE: 1>),))
    """

    contracts: tuple[enum.Enum, ...]
    who: Callable[[DealState], int] = eldest
    first_deal: Literal["free", "lowest"] = "free"
    first: Callable[[DealState], bool] = first_of_series
    expects: str = "a contract (bid <contract>)"
    name: str = "contract"

    def _allowed(self, state: DealState) -> tuple[enum.Enum, ...]:
        if self.first_deal == "lowest" and self.first(state):
            return self.contracts[:1]
        return self.contracts

    def start(self, state: S) -> S:
        """The chooser is to act.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(ChooseContract(tuple(Level), who=lambda state: 2))
        >>> rules.new_deal(seed=4).to_act
        2
        """
        return state.begin(self.who(state))

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return tuple(Bid(c) for c in self.contracts)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """A bid of each contract that may be chosen, weakest first.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(ChooseContract(tuple(Level)))
        >>> [a.text for a in rules.new_deal(seed=4).legal_actions()]
        ['bid due', 'bid una', 'bid niente']
        """
        return tuple(Bid(c) for c in self._allowed(state))

    def apply(self, state: S, action: Action) -> S:
        """The contract is chosen; its chooser is the declarer.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(ChooseContract(tuple(Level)))
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid niente"))
        >>> state.is_over, state.contract, state.declarer
        (True, <Level.NIENTE: 3>, 1)
        """
        if not isinstance(action, Bid) or type(action.contract) is not type(self.contracts[0]):
            raise state.wrong(action, self.expects)
        contract = action.contract
        if contract not in self._allowed(state):
            if contract in self.contracts:
                raise IllegalActionError(
                    "the first deal of a series is played at the lowest contract, "
                    f"{_label(self.contracts[0])}",
                    action,
                )
            raise IllegalActionError(f"{_label(contract)} is not one of the contracts", action)
        d = state.data
        seat = state.actor
        data = evolve(d, calls=(*d.calls, (seat, contract)), contract=contract, declarer=seat)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``bid <contract>``.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(ChooseContract(tuple(Level)))
        >>> list(rules.phase_list[0].parsers(rules)), rules.parse_action("bid una").text
        (['bid'], 'bid una')
        """
        return {"bid": contract_parsers(type(self.contracts[0]))["bid"]}


class _TakeOrNameData(NamedTuple):
    """A :class:`TakeOrName` auction in progress: the round (1 to 3), its actions, the calls so
    far."""

    round: int
    actions: tuple[Action, ...]
    calls: tuple[tuple[int, object], ...]


@attrs.frozen
class TakeOrName(Phase[_TakeOrNameData]):
    """Bidding rounds around a turned-up card (BE-4): in round 1 each player in turn takes the
    turn-up's suit or passes; if all pass, in round 2 each names another suit or passes; if all
    pass again and ``third_round`` lists contracts (all trumps, no trumps), round 3 offers those.
    The first player to choose is the declarer; the player after the dealer speaks first in each
    round and the dealer last. If all pass in the last round the deal is annulled
    (``annul_reason``).

    ``suit_contracts[s]`` is the contract "suit ``s`` is trumps"; the turn-up is ``stock[0]``.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4)   # the turn-up is the Queen of spades
    >>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
    ('bidding', 1, ['pass', 'bid spades'])
    >>> for _ in range(4):   # BE-4.3: all pass, round 2 offers the other suits
    ...     state = state.apply(rules.parse_action("pass"))
    >>> state.to_act, [a.text for a in state.legal_actions()]
    (1, ['pass', 'bid hearts', 'bid diamonds', 'bid clubs'])
    >>> state = state.apply(rules.parse_action("bid clubs"))
    >>> state.contract, state.declarer, state.phase
    (<Contract.CLUBS: 3>, 1, 'play')
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
        BE-4.4): pass first, then the bids.

        >>> import tarotlib
        >>> bidding = tarotlib.variant("belote", ta_sa="third_round").phase_list[0]
        >>> [a.text for a in bidding.round_actions(1, 0)]   # the turn-up is a spade
        ['pass', 'bid spades']
        >>> [a.text for a in bidding.round_actions(2, 0)]
        ['pass', 'bid hearts', 'bid diamonds', 'bid clubs']
        >>> [a.text for a in bidding.round_actions(3, 0)]
        ['pass', 'bid all-trumps', 'bid no-trumps']
        """
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

    def start(self, state: S) -> S:
        local = _TakeOrNameData(1, self.round_actions(1, state.data.stock[0] // 14), ())
        return state.begin(eldest(state), local)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return (_PASS, *(Bid(c) for c in (*self.suit_contracts, *self.third_round)))

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return self.local(state).actions

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        return (*state.data.calls, *self.local(state).calls)

    def apply(self, state: S, action: Action) -> S:
        round_, legal, calls = self.local(state)
        d = state.data
        for offered in legal:  # by identity first: bots pass back the offered action
            if offered is action:
                break
        else:
            if action in legal:
                pass
            elif not isinstance(action, (Pass, Bid)):
                raise state.wrong(action, self.expects)
            else:
                raise IllegalActionError(self._reason(round_, d.stock[0] // 14, action), action)
        seat = state.actor
        if type(action) is Pass:
            calls = (*calls, (seat, None))
            nxt = (seat + 1) % state.rules.players
            if seat != d.dealer:  # BE-4.1: the dealer speaks last in each round
                return state.step(action, nxt, _TAKE(_TakeOrNameData, (round_, legal, calls)))
            if round_ < (3 if self.third_round else 2):
                round_ += 1
                legal = self.round_actions(round_, d.stock[0] // 14)
                return state.step(action, nxt, _TAKE(_TakeOrNameData, (round_, legal, calls)))
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
