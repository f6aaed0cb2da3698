"""The solver's fast search of plain card play, on bit masks: no state is built.

A position of a deal's card play is *plain* when nothing but the trick rules and the cards' values
decides the rest of the deal: no fool (Excuse, Matto, Fou) still in play, nothing pending from one,
no card an offer watches still in play (unless the game says it changes nothing beyond its value),
no opening-lead rule still to apply, and trick rules whose legal cards are
:meth:`~tarotlib.core.tricks.TrickRules.legal_mask`'s. There the search follows the play as
:meth:`~tarotlib.deal.play.TrickPlay.play_cards` does, with the play context's tables (the legal
cards, ``lead_class``, ``beats``, the next seat), adds each trick's card values to the side that
wins it, and scores the end of the deal with the game's :class:`~tarotlib.core.points.PointModel`:
one source for every rule (the trick rules' data, the game's scoring).

It is alpha-beta, fail-soft, with a transposition table at the start of each trick (the hands,
the leader, the side's raw count and tricks), the table's best card tried first, then the cards by
their history of cut-offs, and a seat's equal cards merged (the solver's merger).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, Protocol

from tarotlib import _compiled
from tarotlib.core.points import PointModel
from tarotlib.deal.play import PlayContext
from tarotlib.deal.state import DealState, hand_in

__all__ = ["Merging", "PlainSearch"]

_INF: Final = math.inf

_CAP: Final = (1 << 24) - 1  # the history's part of a card's sort key

_compiled_on = True  # (the tests compare both paths in one process by turning it off)


class Merging(Protocol):
    """The solver's merger of equal cards, as this search uses it."""

    orders: tuple[tuple[int, tuple[int, ...]], ...]
    roles: tuple[int, ...]
    special: int

    def merge(self, mask: int, live: int) -> int:
        """The legal cards ``mask`` with one card of each run of equal ones (``live``: the cards
        still in play)."""


class PlainSearch:
    """The fast search of one solve: a play context, the side's seats (``maxing``), the point
    model, the merger of equal cards (or None) and the budget's check (called every 1,024
    nodes; it raises to stop). Where the compiled part is built, the search runs there (the
    same search, see ``Plain`` in ``_speedups.c``)."""

    def __init__(
        self,
        x: PlayContext,
        maxing: tuple[bool, ...],
        model: PointModel,
        merger: Merging | None,
        check: Callable[[], None] | None,
    ) -> None:
        self.x = x
        self.legal = x.legal
        self.mates = x.mates
        self.lead_class = x.lead_class
        self.beats = x.beats
        self.nxt = x.nxt
        self.size = x.size
        self.maxing = maxing
        self.values = model.values
        self.points = tuple(min(v, 255) for v in model.values)  # (a card's part of a sort key)
        self.final = model.final
        self.slope = model.slope
        self.ranges: dict[tuple[int, int, int, int], tuple[float, float]] = {}
        self.watch = x.watch if model.watch_matters else 0
        self.reduce = None if merger is None else merger.merge
        self.check = check
        self.table: dict[tuple[object, ...], tuple[float, float, int]] = {}
        self.finals: dict[tuple[int, int, bool], float] = {}
        self.history: tuple[dict[int, int], ...] = tuple({} for _ in x.nxt)
        self.hands: list[int] = []
        self.py_nodes = 0
        self.limit = -1  # the node count past which check() is called at every node (-1: none)
        self.compiled: Any = None
        speedups = _compiled.speedups
        if speedups is not None and _compiled_on and x.kernel is not None:
            n = len(x.nxt)
            self.compiled = speedups.Plain(
                kernel=x.kernel,
                maxing=tuple(int(m) for m in maxing),
                values=self.values,
                final=self.final,
                slope=self.slope,
                orders=None if merger is None else merger.orders,
                roles=None if merger is None else merger.roles,
                special=0 if merger is None else merger.special,
                check=check,
                total=sum(self.values),
                tricks=x.last,
                table_bits=18 if n <= 4 else 17,
            )

    @property
    def nodes(self) -> int:
        """The positions searched so far (in either path)."""
        return self.py_nodes + (0 if self.compiled is None else self.compiled.nodes)

    # -- entering from a state --------------------------------------------------------------------
    def accepts(self, state: DealState[Any]) -> bool:
        """Whether ``state`` is a plain position of this search's play context."""
        x = self.x
        if state.local is not x or state.actor < 0 or state.pending is not None:
            return False
        live = 0
        for seat in range(len(x.nxt)):
            live |= state.held(seat)
        for c in state.trick_cards:
            live |= 1 << c
        if live & (x.fool | self.watch):
            return False
        # the opening-lead rule, while it still applies
        return x.lead_rule is None or bool(state.trick_list) or bool(state.trick_cards)

    def search_state(
        self, state: DealState[Any], alpha: float, beta: float, budget: int | None = None
    ) -> float:
        """The fail-soft value of the plain ``state`` within ``(alpha, beta)``; past ``budget``
        more nodes, the check is called at every node (it raises once the budget is spent)."""
        n = len(self.nxt)
        values = self.values
        raw, won = self._won(state)
        tricks = state.trick_list
        led, win, ws = state.trick_state
        trick_cards = state.trick_cards
        in_trick = 0
        taken = 0
        for c in trick_cards:
            in_trick += values[c]
            taken |= 1 << c
        self.hands = hands = [state.held(seat) for seat in range(n)]
        rem = in_trick
        for hand in hands:
            while hand:
                low = hand & -hand
                rem += values[low.bit_length() - 1]
                hand ^= low
        left = self.x.last - len(tricks)
        compiled = self.compiled
        if compiled is not None:
            limit = -1 if budget is None else compiled.nodes + budget
            value: float = compiled.search(
                tuple(hands), state.actor, led, win, ws, len(trick_cards), taken, in_trick, raw,
                won, left, rem, alpha, beta, limit,
            )  # fmt: skip
            return value
        self.limit = -1 if budget is None else self.py_nodes + budget
        return self.search(
            state.actor, led, win, ws, len(trick_cards), taken, in_trick, raw, won, left, rem,
            alpha, beta,
        )  # fmt: skip

    def _won(self, state: DealState[Any]) -> tuple[int, int]:
        """The side's raw count (its piles' values) and tricks won in ``state``."""
        packed = state.packed_piles
        values = self.values
        raw = 0
        for seat in range(len(self.nxt)):
            if self.maxing[seat]:
                pile = hand_in(packed, seat)
                while pile:
                    low = pile & -pile
                    raw += values[low.bit_length() - 1]
                    pile ^= low
        won = sum(1 for trick in state.trick_list if self.maxing[trick[2]])
        return raw, won

    def estimate(self, state: DealState[Any]) -> float:
        """A quick guess of the value of the plain ``state``: the end of the line where every
        seat plays its first card in the search's order (no search, no table): where the
        null-window tests start."""
        n = len(self.nxt)
        values = self.values
        raw, won = self._won(state)
        hands = [state.held(seat) for seat in range(n)]
        led, win, ws = state.trick_state
        seat = state.actor
        count = len(state.trick_cards)
        in_trick = sum(values[c] for c in state.trick_cards)
        left = self.x.last - len(state.trick_list)
        none: dict[int, int] = {}
        while True:
            hand = hands[seat]
            if self.mates is None:
                mask = self.legal(hand, led, win)
            else:
                mask = self.legal(hand, led, win, ws >= 0 and self.mates[seat] >> ws & 1 == 1)
            if led < 0:
                card = (mask & -mask).bit_length() - 1  # a lead: the lowest index
            else:
                cards = [c for c in range(78) if mask >> c & 1]
                card = min(cards, key=self._order(seat, win, ws, none))
            hands[seat] = hand ^ 1 << card
            if led < 0:
                led, win, ws = self.lead_class[card], card, seat
            elif self.beats[win] >> card & 1:
                win, ws = card, seat
            in_trick += values[card]
            count += 1
            if count < self.size:
                seat = self.nxt[seat]
                continue
            mine = self.maxing[ws]
            if mine:
                raw += in_trick
                won += 1
            left -= 1
            if left == 0:
                return self._final(raw, won, mine)
            seat, led, win, ws, count, in_trick = ws, -1, -1, -1, 0, 0

    # -- the tree ---------------------------------------------------------------------------------
    def search(
        self,
        seat: int,
        led: int,
        win: int,
        ws: int,
        count: int,
        taken: int,
        in_trick: int,
        raw: int,
        won: int,
        left: int,
        rem: int,
        alpha: float,
        beta: float,
    ) -> float:
        """The fail-soft value, within ``(alpha, beta)``, of the position where ``seat`` plays
        the ``count + 1``-th card of the trick (``taken`` its cards so far, ``in_trick`` their
        values; ``led``, ``win``, ``ws`` as the trick rules follow it), the side having ``raw``
        points and ``won`` tricks, ``left`` tricks (this one included) to play and ``rem``
        points in play (in the hands and the trick).

        At a trick's start the value lies between what no more points and all the points still
        in play would give (a bound that often answers a null-window test at once); with a
        linear model (``slope``) it is ``slope * raw`` plus what the rest of the deal brings,
        which the table keeps (keyed without ``raw``)."""
        self.py_nodes += 1
        if self.check is not None and (not self.py_nodes & 1023 or 0 <= self.limit < self.py_nodes):
            self.check()
        hands = self.hands
        key: tuple[object, ...] | None = None
        best_card = -1
        lo, hi = -_INF, _INF
        base = 0.0
        if count == 0:
            slope = self.slope
            if slope is None:
                key = (*hands, seat, raw, won)
            else:
                key = (*hands, seat, won)
                base = slope * raw
            lo, hi = self._bounds(raw, raw + rem, won, left)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            entry = self.table.get(key)
            if entry is not None:
                e_lo, e_hi, best_card = entry
                lo = max(lo, e_lo + base)
                hi = min(hi, e_hi + base)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        hand = hands[seat]
        if self.mates is None:
            mask = self.legal(hand, led, win)
        else:
            mask = self.legal(hand, led, win, ws >= 0 and self.mates[seat] >> ws & 1 == 1)
        if mask & (mask - 1) and self.reduce is not None:
            live = taken
            for h in hands:
                live |= h
            mask = self.reduce(mask, live)
        cards: list[int] = []
        m = mask
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if len(cards) > 1:
            history = self.history[seat]
            if led < 0:  # a lead: by history
                cards.sort(key=lambda c: -min(history.get(c, 0), _CAP))
            else:
                cards.sort(key=self._order(seat, win, ws, history))
            if best_card >= 0 and best_card in cards:
                cards.remove(best_card)
                cards.insert(0, best_card)
        maxing = self.maxing[seat]
        g = -_INF if maxing else _INF
        a, b = alpha, beta
        best = cards[0]
        values, lead_class, beats = self.values, self.lead_class, self.beats
        for card in cards:
            hands[seat] = hand ^ 1 << card
            if led < 0:
                nled, nwin, nws = lead_class[card], card, seat
            elif beats[win] >> card & 1:
                nled, nwin, nws = led, card, seat
            else:
                nled, nwin, nws = led, win, ws
            value = in_trick + values[card]
            if count + 1 == self.size:  # the trick is complete: to its winner
                mine = self.maxing[nws]
                nraw = raw + value if mine else raw
                nwon = won + 1 if mine else won
                if left == 1:
                    v = self._final(nraw, nwon, mine)
                else:
                    v = self.search(
                        nws, -1, -1, -1, 0, 0, 0, nraw, nwon, left - 1, rem - value, a, b
                    )
            else:
                v = self.search(
                    self.nxt[seat], nled, nwin, nws, count + 1, taken | 1 << card, value, raw,
                    won, left, rem, a, b,
                )  # fmt: skip
            if maxing:
                if v > g:
                    g, best = v, card
                    if g >= b:
                        break
                    if g > a:
                        a = g
            elif v < g:
                g, best = v, card
                if g <= a:
                    break
                if g < b:
                    b = g
        hands[seat] = hand
        cut = g >= beta if maxing else g <= alpha
        if cut:
            history = self.history[seat]
            history[best] = history.get(best, 0) + 1
        if key is not None:
            if g <= alpha:
                hi = g
            elif g >= beta:
                lo = g
            else:
                lo = hi = g
            self.table[key] = (lo - base, hi - base, best)
        return g

    def _order(self, seat: int, win: int, ws: int, history: dict[int, int]) -> Callable[[int], int]:
        """The sort key of a follower's cards (the first tried first): while the seat's side
        holds the trick, the cards that do not take it over, the most points first; otherwise
        the cards that take the trick, the fewest points first, then the others, the fewest
        points first; then by history (capped at 2**24), then in index order (a stable sort)."""
        beats, values = self.beats[win], self.points
        if self.maxing[ws] == self.maxing[seat]:
            return lambda c: (
                -((1 - (beats >> c & 1)) << 40 | values[c] << 24 | min(history.get(c, 0), _CAP))
            )
        return lambda c: (
            -((beats >> c & 1) << 40 | (255 - values[c]) << 24 | min(history.get(c, 0), _CAP))
        )

    def _bounds(self, low: int, high: int, won: int, left: int) -> tuple[float, float]:
        """Bounds of the value of a position at a trick's start where the side ends with a raw
        count from ``low`` to ``high`` and ``won`` to ``won + left`` tricks: ``final`` never
        decreases as the count grows, so the least of ``final(low, ...)`` and the most of
        ``final(high, ...)`` over the tricks and the last trick's winner."""
        key = (low, high, won, left)
        found = self.ranges.get(key)
        if found is None:
            final = self._final
            ends = [(w, last) for w in range(won, won + left + 1) for last in (False, True)]
            found = (
                min(final(low, w, last) for w, last in ends),
                max(final(high, w, last) for w, last in ends),
            )
            if len(self.ranges) > 100_000:
                self.ranges.clear()
            self.ranges[key] = found
        return found

    def _final(self, raw: int, won: int, last: bool) -> float:
        found = self.finals.get((raw, won, last))
        if found is None:
            found = self.finals[(raw, won, last)] = float(self.final(raw, won, last))
        return found
