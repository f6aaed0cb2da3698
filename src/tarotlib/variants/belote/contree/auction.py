"""The Contrée auction (CO-4): point bids with a denomination, capot and générale, coinche and
surcoinche, in turn or in coinche windows (``coinche_timing = any_time``), as one phase of the deal
machine.

The phase follows the procedure of CO-4.12. Its own data (:meth:`ContreeAuction.local`) is an
:class:`AuctionData`; when the auction ends the deal's facts get the denomination as
``data.contract`` (so Belote's trick rules, belote pairs and declarations apply unchanged), the
bidder as ``data.declarer`` and the whole
:class:`~tarotlib.variants.belote.contree.types.ContreeContract` as the note :data:`CONTRACT_NOTE`.

>>> import tarotlib
>>> rules = tarotlib.variant("contree")
>>> state = rules.new_deal(seed=1, dealer=3)
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()][:3]
('auction', 0, ['pass', 'bid 80S', 'bid 80H'])
>>> state = state.apply(rules.parse_action("bid 100H"))
>>> state.apply(rules.parse_action("bid 100S"))
Traceback (most recent call last):
    ...
tarotlib.errors.IllegalActionError: bid 100S: bid must be above 100 (CO-4.2)
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

import attrs

from tarotlib.core.actions import Action, Pass
from tarotlib.deal.data import Note, evolve
from tarotlib.deal.phase import Parser, Phase, SpaceItem
from tarotlib.deal.play import eldest
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.variants.belote.contree.options import ContreeOptions
from tarotlib.variants.belote.contree.types import (
    BidKind,
    Coinche,
    ContreeBid,
    ContreeContract,
    NoCoinche,
    Surcoinche,
)
from tarotlib.variants.belote.types import Contract

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["CONTRACT_NOTE", "THROW_IN", "AuctionData", "ContreeAuction", "bid_ladder"]

S = TypeVar("S", bound=DealState)

CONTRACT_NOTE: Final[Note[ContreeContract | None]] = Note("contract", None)
"""The note of the deal's facts that holds the :class:`ContreeContract` once the auction ends."""
THROW_IN: Final = "all four players passed (thrown in, CO-4.5)"

_PASS: Final = Pass()
_COINCHE: Final = Coinche()
_SURCOINCHE: Final = Surcoinche()
_NO_COINCHE: Final = NoCoinche()
_WINDOW: Final = (_COINCHE, _NO_COINCHE)
_ANSWER: Final = (_PASS, _SURCOINCHE)
_PAGAT_RANK: Final = {  # CO-4.2 item 4: ♣ < ♦ < ♥ < ♠ < SA < TA
    Contract.CLUBS: 0,
    Contract.DIAMONDS: 1,
    Contract.HEARTS: 2,
    Contract.SPADES: 3,
    Contract.NO_TRUMPS: 4,
    Contract.ALL_TRUMPS: 5,
}


class AuctionData(NamedTuple):
    """The auction's own data: the ``current`` contract (None before any bid), the consecutive
    ``passes`` (CO-4.4), the ``calls`` so far (``(seat, call)``: a :class:`ContreeBid`, None for a
    pass, or ``"coinche"``, ``"surcoinche"``, ``"no-coinche"``), the seats still to answer a
    coinche (``answer``, CO-4.6 item 3), the seats of an open coinche window (``window``, CO-4.8)
    and the ``regular`` speaker, who speaks once the window is closed.

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3).apply(rules.parse_action("bid 90C"))
    >>> data = state.current_phase.local(state)
    >>> data.current.bid.token, data.passes, data.calls
    ('90C', 0, ((0, ContreeBid(kind=<BidKind.NUMBER: 0>, value=90, denomination=<Contract.CLUBS: 3>)),))
    """

    current: ContreeContract | None
    passes: int
    calls: tuple[tuple[int, object], ...]
    answer: tuple[int, ...] = ()
    window: tuple[int, ...] = ()
    regular: int = -1


def _key(bid: ContreeBid, pagat: bool) -> tuple[int, int, int]:
    """CO-4.2 item 4: kind first, then the value, then (``suit_ranking = pagat``) the
    denomination."""
    return (int(bid.kind), bid.value, _PAGAT_RANK[bid.denomination] if pagat else 0)


def bid_ladder(options: ContreeOptions) -> tuple[ContreeBid, ...]:
    """Every bid the options allow (CO-4.2, CO-4.10), lowest first (denominations in the order
    ♠ ♥ ♦ ♣ TA SA within a value).

    >>> ladder = bid_ladder(ContreeOptions())
    >>> len(ladder), ladder[0].token, ladder[-1].token
    (40, '80S', 'capotC')
    >>> len(bid_ladder(ContreeOptions(contracts="suits_ta_sa", generale=True)))
    66
    """
    denoms = tuple(Contract)[: 6 if options.contracts == "suits_ta_sa" else 4]
    values = range(80, options.max_bid + 1, options.bid_step)
    out = [ContreeBid(BidKind.NUMBER, v, d) for v in values for d in denoms]
    out += [ContreeBid(BidKind.CAPOT, 0, d) for d in denoms]
    if options.generale:
        out += [ContreeBid(BidKind.GENERALE, 0, d) for d in denoms]
    pagat = options.suit_ranking == "pagat"
    out.sort(key=lambda b: _key(b, pagat))
    return tuple(out)


@attrs.frozen
class ContreeAuction(Phase[AuctionData]):
    """The auction of CO-4 under ``options`` (see the module docstring).

    >>> auction = ContreeAuction(ContreeOptions())
    >>> auction.name, auction.expects
    ('auction', 'pass, a bid, coinche or surcoinche (CO-4)')
    """

    options: ContreeOptions
    name: str = attrs.field(default="auction", init=False)
    expects: str = attrs.field(default="pass, a bid, coinche or surcoinche (CO-4)", init=False)
    _ladder: tuple[ContreeBid, ...] = attrs.field(init=False, repr=False, eq=False)
    _keys: tuple[tuple[int, int, int], ...] = attrs.field(init=False, repr=False, eq=False)
    _legal: dict[tuple[object, ...], tuple[Action, ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def __attrs_post_init__(self) -> None:
        ladder = bid_ladder(self.options)
        pagat = self.options.suit_ranking == "pagat"
        object.__setattr__(self, "_ladder", ladder)
        object.__setattr__(self, "_keys", tuple(_key(b, pagat) for b in ladder))

    # -- rules ------------------------------------------------------------------------------------
    @property
    def _end_passes(self) -> int:
        return 3 if self.options.self_overbid == "never" else 4  # CO-4.4 items 1 and 3

    def coinchable(self, contract: ContreeContract) -> bool:
        """CO-4.6 items 4 and 5: whether this (plain) contract may be coinched.

        >>> c80 = ContreeContract(ContreeBid.parse("80S"), 0)
        >>> ContreeAuction(ContreeOptions()).coinchable(c80)
        True
        >>> ContreeAuction(ContreeOptions(no_coinche_on_80=True)).coinchable(c80)
        False
        """
        if contract.kind is not BidKind.NUMBER:
            return self.options.capot_coinchable
        return not (self.options.no_coinche_on_80 and contract.value == 80)

    def _first_bid(self, current: ContreeContract | None) -> int:
        """Index in the ladder of the first bid that overcalls ``current`` (CO-4.2 items 3, 4)."""
        if current is None:
            return 0
        key = _key(current.bid, self.options.suit_ranking == "pagat")
        if current.kind is not BidKind.NUMBER:  # nothing over a capot but a générale (CO-4.9)
            key = (int(current.kind), 10**9, 0)
        return bisect.bisect_right(self._keys, key)

    def _may_bid(self, current: ContreeContract | None) -> bool:
        return current is None or current.level == 0 or not self.options.coinche_ends_bidding

    def _regular_actions(self, seat: int, current: ContreeContract | None) -> tuple[Action, ...]:
        o = self.options
        first = self._first_bid(current) if self._may_bid(current) else len(self._ladder)
        own = current is not None and current.bidder == seat  # CO-4.4 item 3
        coinche = (
            current is not None
            and current.level == 0
            and (seat ^ current.bidder) & 1 == 1
            and self.coinchable(current)
        )
        surcoinche = (
            current is not None
            and current.level == 1
            and (seat ^ current.bidder) & 1 == 0
            and not o.coinche_ends_bidding
        )
        excluded = current.denomination if own and current is not None else None
        key = (first, excluded, coinche, surcoinche)
        found = self._legal.get(key)
        if found is None:
            bids = tuple(b for b in self._ladder[first:] if b.denomination is not excluded)
            found = (_PASS, *bids)
            if coinche:
                found += (_COINCHE,)
            if surcoinche:
                found += (_SURCOINCHE,)
            self._legal[key] = found
        return found

    # -- the phase --------------------------------------------------------------------------------
    def start(self, state: S) -> S:
        return state.begin(eldest(state), AuctionData(None, 0, ()))  # CO-4.1: the eldest first

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """Pass, every bid of the ladder (CO-4.2), coinche, surcoinche and no-coinche.

        >>> import tarotlib
        >>> rules = tarotlib.variant("contree")
        >>> [a.text for a in rules.phase_list[0].action_space(rules)][-4:]
        ['bid capotC', 'coinche', 'surcoinche', 'no-coinche']
        """
        return (_PASS, *self._ladder, _COINCHE, _SURCOINCHE, _NO_COINCHE)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        x = self.local(state)
        if x.answer:
            return _ANSWER
        if x.window:
            return _WINDOW
        return self._regular_actions(state.actor, x.current)

    def calls(self, state: DealState) -> tuple[tuple[int, object], ...]:
        return (*state.data.calls, *self.local(state).calls)

    def apply(self, state: S, action: Action) -> S:
        x = self.local(state)
        legal = state.legal_actions()  # the offered actions (kept on the state once asked for)
        for offered in legal:  # by identity first: bots pass back the offered action
            if offered is action:
                break
        else:
            if action not in legal:
                if not isinstance(action, (Pass, ContreeBid, Coinche, Surcoinche, NoCoinche)):
                    raise state.wrong(action, self.expects)
                raise IllegalActionError(self._reason(state, x, action), action)
        seat = state.actor
        o = self.options
        cur = x.current
        if x.window:  # CO-4.8: a coinche window
            if type(action) is NoCoinche:
                rest = x.window[1:]
                calls = (*x.calls, (seat, "no-coinche"))
                to = rest[0] if rest else x.regular
                return state.step(action, to, x._replace(calls=calls, window=rest))
            return self._coinche(state, action, x, seat, from_window=True)
        if x.answer:  # CO-4.6 item 3: the coinched team answers
            assert cur is not None
            if type(action) is Surcoinche:
                return self._end(state, action, x, seat, "surcoinche", attrs.evolve(cur, level=2))
            rest = x.answer[1:]
            if not rest:
                return self._end(state, action, x, seat, None, cur)
            calls = (*x.calls, (seat, None))
            return state.step(action, rest[0], x._replace(calls=calls, answer=rest))
        nxt = (seat + 1) & 3
        if type(action) is Pass:
            passes = x.passes + 1
            calls = (*x.calls, (seat, None))
            if cur is None and passes == 4:  # CO-4.5
                data = evolve(state.data, calls=(*state.data.calls, *calls))
                return state.finish(action, annulled=THROW_IN, data=data)
            if cur is not None and passes == self._end_passes:  # CO-4.4
                return self._end(state, action, x, seat, None, cur)
            return self._speak(state, action, AuctionData(cur, passes, calls), seat, nxt)
        if type(action) is Coinche:
            return self._coinche(state, action, x, seat, from_window=False)
        if type(action) is Surcoinche:  # CO-4.8 variant: the auction ends at once
            assert cur is not None
            return self._end(state, action, x, seat, "surcoinche", attrs.evolve(cur, level=2))
        assert isinstance(action, ContreeBid)
        bid = action
        new = ContreeContract(bid, seat, 0)
        if bid.kind is not BidKind.NUMBER and not o.capot_coinchable:  # CO-4.6 item 4
            return self._end(state, action, x, seat, bid, new)
        calls = (*x.calls, (seat, bid))
        return self._speak(state, action, AuctionData(new, 0, calls), seat, nxt)

    def _speak(self, state: S, action: Action, x: AuctionData, actor: int, regular: int) -> S:
        """Hand the turn to the ``regular`` speaker, through a coinche window first when
        ``coinche_timing = any_time`` (CO-4.8 [G]: opponents of the bidder other than the regular
        speaker, in play order from the player who just acted)."""
        cur = x.current
        if (
            self.options.coinche_timing == "any_time"
            and cur is not None
            and cur.level == 0
            and self.coinchable(cur)
        ):
            window = tuple(
                s
                for s in ((actor + k) & 3 for k in range(4))
                if (s ^ cur.bidder) & 1 and s != regular
            )
            if window:
                x = x._replace(window=window, regular=regular)
                return state.step(action, window[0], x)
        return state.step(action, regular, AuctionData(cur, x.passes, x.calls))

    def _coinche(self, state: S, action: Action, x: AuctionData, seat: int, from_window: bool) -> S:
        cur = x.current
        assert cur is not None
        coinched = attrs.evolve(cur, level=1)
        calls = (*x.calls, (seat, "coinche"))
        if self.options.coinche_ends_bidding:  # CO-4.6 item 3: the coincher's partner skipped
            answer = ((seat + 1) & 3, (seat + 3) & 3)
            return state.step(action, answer[0], AuctionData(coinched, 0, calls, answer))
        # CO-4.8 variant: play on in normal turn; the passes count from the coinche
        regular = x.regular if from_window else (seat + 1) & 3
        return state.step(action, regular, AuctionData(coinched, 0, calls))

    def _end(
        self,
        state: S,
        action: Action,
        x: AuctionData,
        seat: int,
        call: object,
        contract: ContreeContract,
    ) -> S:
        """CO-4.11: the auction ends with ``contract``."""
        d = state.data
        data = evolve(
            d,
            calls=(*d.calls, *x.calls, (seat, call)),
            contract=contract.denomination,
            declarer=contract.bidder,
        ).noted(CONTRACT_NOTE, contract)
        return state.advance(action, data=data)

    # -- reasons ----------------------------------------------------------------------------------
    def _reason(self, state: DealState, x: AuctionData, action: Action) -> str:  # CO-4.13
        o = self.options
        seat = state.actor
        cur = x.current
        if x.window:
            return "a coinche window: coinche or no-coinche (CO-4.8)"
        if x.answer:
            return "the contract is coinched: only pass or surcoinche (CO-4.6)"
        if isinstance(action, NoCoinche):
            return "no-coinche answers a coinche window only (CO-4.8)"
        if isinstance(action, Coinche):
            if cur is None:
                return "there is no bid to coinche (CO-4.6)"
            if cur.level:
                return "the contract is already coinched (CO-4.6)"
            if (seat ^ cur.bidder) & 1 == 0:
                return "only an opponent of the last bidder may coinche (CO-4.6)"
            return "a bid of 80 cannot be coinched (option no_coinche_on_80, CO-4.6)"
        if isinstance(action, Surcoinche):
            if cur is not None and cur.level == 1 and (seat ^ cur.bidder) & 1:
                return "only the coinched team may surcoinche (CO-4.7)"
            return "surcoinche answers a coinche of one's own team's bid (CO-4.7)"
        assert isinstance(action, ContreeBid)
        bid = action
        if bid.kind is BidKind.GENERALE and not o.generale:
            return "the générale is not played (option generale, CO-4.10)"
        if not bid.denomination.is_suit and o.contracts == "suits":
            return "TA and SA may not be bid (option contracts='suits', CO-4.2)"
        if bid.kind is BidKind.NUMBER and (
            not 80 <= bid.value <= o.max_bid or bid.value % o.bid_step
        ):
            return f"bids are 80 to {o.max_bid} in steps of {o.bid_step} (CO-4.2)"
        if bid.kind is not BidKind.NUMBER and bid.value:
            return "a capot or a générale has no value (CO-4.13)"
        assert cur is not None
        if not self._may_bid(cur):
            return "the contract is coinched: nobody may bid any more (CO-4.6)"
        if cur.kind is not BidKind.NUMBER and bid.kind <= cur.kind:
            return f"nothing can be bid over a {cur.kind.name.lower()} (CO-4.2, CO-4.9)"
        if cur.bidder == seat and bid.denomination is cur.denomination:
            return "you cannot overcall your own bid in the same denomination (CO-4.4)"
        if o.suit_ranking == "pagat":
            return f"bid must outrank {cur.bid.label} (CO-4.2)"
        return f"bid must be above {cur.value} (CO-4.2)"

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        def bid(args: list[str]) -> Action:
            if not args:
                raise ActionParseError("bid takes a value and a denomination, e.g. 'bid 110H'")
            try:
                return ContreeBid.parse("".join(args))
            except ValueError as exc:
                raise ActionParseError(str(exc)) from None

        def word(action: Action) -> Parser:
            def parse(args: list[str]) -> Action:
                if args:
                    raise ActionParseError(f"{action.text} takes nothing after it")
                return action

            return parse

        return {
            "pass": (word(_PASS), "pass"),
            "bid": (bid, "bid <value><denomination> (bid 110H, bid capotS)"),
            "coinche": (word(_COINCHE), "coinche"),
            "surcoinche": (word(_SURCOINCHE), "surcoinche"),
            "no-coinche": (word(_NO_COINCHE), "no-coinche"),
        }
