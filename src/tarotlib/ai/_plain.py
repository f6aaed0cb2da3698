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
the leader, the side's raw count and tricks), the table's best card tried first, then a lead by
its quick value (:meth:`PlainSearch.quick`: the trick played out with each follower's greedy
card) and a follower's cards by what they do to the trick, then by their history of cut-offs
(each weighing the cube of the tricks left where it happened), and a seat's equal cards merged
(the solver's merger). At a trick's start:

- the last trick is played out at once (every card is forced);
- the value is bounded by the points still in play, less those that surely go to the other side:
  the cards that win whatever trick they fall in (:meth:`PlainSearch.sure`: each beats every
  other card in play and none of those beats it, like the highest trump), and each seat's such
  cards win a trick each;
- the table's key moves the cards of each run of equal cards (:attr:`PlainSearch.runs`: one
  class, one scoring role and value, next to each other in rank among the cards in play at the
  root) to the run's weakest (:meth:`PlainSearch.canon`): which of two small cards of a suit
  was played does not change the rest of the deal, so the two positions share their entry.
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
_QUICK: Final = (1 << 20) - 1  # the most a lead's quick value counts for in its sort key

_compiled_on = True  # (the tests compare both paths in one process by turning it off)

_BEATEN_BY: dict[tuple[int, ...], tuple[int, ...]] = {}


def beaten_by(beats: tuple[int, ...]) -> tuple[int, ...]:
    """For each card ``c``, the cards it beats as the trick's next card: ``w`` where
    ``beats[w]`` holds ``c`` (cached by table).

    >>> beaten_by((0b10, 0, 0b11))  # card 1 beats card 0, and cards 0 and 1 beat card 2
    (4, 5, 0)
    """
    found = _BEATEN_BY.get(beats)
    if found is None:
        out = [0] * len(beats)
        for w, mask in enumerate(beats):
            while mask:
                low = mask & -mask
                out[low.bit_length() - 1] |= 1 << w
                mask ^= low
        found = _BEATEN_BY[beats] = tuple(out)
    return found


Run = tuple[int, tuple[int, ...], tuple[int, ...]]


def runs(merger: Merging, values: tuple[int, ...]) -> tuple[Run, ...]:
    """The runs of equal cards that the table's key folds (:meth:`PlainSearch.canon`): in each of
    the merger's orders (a class's cards in play at the root, the weakest first), two or more
    cards next to each other, none special, of one scoring role and one value; each as its mask,
    its cards (the weakest first) and ``lows`` (``lows[k]``: the mask of its ``k`` weakest)."""
    out: list[Run] = []
    roles, special = merger.roles, merger.special
    for _mask, order in merger.orders:
        i = 0
        while i < len(order):
            c, j = order[i], i + 1
            if not special >> c & 1:
                while (
                    j < len(order)
                    and not special >> order[j] & 1
                    and roles[order[j]] == roles[c]
                    and values[order[j]] == values[c]
                ):
                    j += 1
            if j - i >= 2:
                cards = order[i:j]
                lows = [0]
                for d in cards:
                    lows.append(lows[-1] | 1 << d)
                out.append((lows[-1], cards, tuple(lows)))
            i = j
    return tuple(out)


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
    nodes, every 65,536 in the compiled part, and at every node past a node budget; it raises
    to stop). Where the compiled part is built, the search runs there (the same search, see
    ``Plain`` in ``_speedups.c``)."""

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
        self.beaten_by = beaten_by(x.beats)
        self.runs = () if merger is None else runs(merger, model.values)
        self.run_of = {c: i for i, (_, cards, _) in enumerate(self.runs) for c in cards}
        self.watch = x.watch if model.watch_matters else 0
        self.reduce = None if merger is None else merger.merge
        self.check = check
        self.table: dict[tuple[object, ...], tuple[float, float, int]] = {}
        self.sures: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
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
                runs=tuple(cards for _, cards, _ in self.runs),
                check=check,
                total=sum(self.values),
                tricks=x.last,
                table_bits=18 if n <= 4 else 17,
            )

    @property
    def nodes(self) -> int:
        """The positions searched so far (in either path)."""
        return self.py_nodes + (0 if self.compiled is None else self.compiled.nodes)

    # -- what a trick's start knows -----------------------------------------------------------------
    def sure(self, own: int, live: int) -> int:
        """Of the cards ``own``, the largest set that wins every trick it is in: each of its cards
        beats every card of ``live`` (the cards in play) outside the set, and none of those
        beats it (the highest trump, and the trumps below it held by the same side). The set is
        found by taking out the cards that fail until none does (the largest such set is
        unique: the union of two is one), starting from the cards that beat every card of the
        other side (the set is among them)."""
        beats, by = self.beats, self.beaten_by
        theirs = live & ~own
        s = 0
        m = own
        while m:
            low = m & -m
            c = low.bit_length() - 1
            if not theirs & ~by[c] and not beats[c] & theirs:
                s |= low
            m ^= low
        while s:
            rest = live & ~s
            kept = s
            m = s
            while m:
                low = m & -m
                c = low.bit_length() - 1
                if rest & ~by[c] or beats[c] & rest:
                    kept ^= low
                m ^= low
            if kept == s:
                break
            s = kept
        return s

    def surely(self, sure: int, side: bool) -> tuple[int, int]:
        """What the cards ``sure`` (of :meth:`sure`, held by the seats of ``side``) bring that
        side: their points, and tricks (the most that one of its seats holds: each wins its own
        trick)."""
        if not sure:
            return 0, 0
        values = self.values
        points = 0
        m = sure
        while m:
            low = m & -m
            points += values[low.bit_length() - 1]
            m ^= low
        tricks = max(
            (
                (sure & h).bit_count()
                for h, s in zip(self.hands, self.maxing, strict=True)
                if s == side
            ),
            default=0,
        )
        return points, tricks

    def canon(self, hands: list[int], live: int) -> list[int]:
        """The table's key of the hands: in each run of equal cards (:attr:`runs`), the cards in
        play (``live``) moved to the run's weakest, each seat keeping as many as it holds, in
        the same order of rank."""
        key = hands
        for mask, cards, lows in self.runs:
            held = mask & live
            if held == lows[held.bit_count()]:
                continue
            if key is hands:
                key = list(hands)
            owners = [
                next(s for s, h in enumerate(key) if h >> c & 1) for c in cards if held >> c & 1
            ]
            for s in range(len(key)):
                key[s] &= ~held
            for j, s in enumerate(owners):
                key[s] |= 1 << cards[j]
        return key

    def relabel(self, card: int, live: int, to_key: bool) -> int:
        """The card ``card`` of the hands as :meth:`canon` moves it (``to_key``), or the card of
        the hands it moves to ``card`` (-1 if none)."""
        run = self.run_of.get(card)
        if run is None:
            return card
        cards = self.runs[run][1]
        in_play = [c for c in cards if live >> c & 1]
        if to_key:
            return cards[in_play.index(card)]
        j = cards.index(card)
        return in_play[j] if j < len(in_play) else -1

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
        self.hands = hands = [state.held(seat) for seat in range(n)]
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
            if led < 0:  # a lead: the best quick value (the first in index order)
                cards = [c for c in range(78) if mask >> c & 1]
                card = max(cards, key=lambda c: (self.quick(seat, c), -c))
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
        live = 0
        if count == 0:
            ours = 0
            single = True
            for h, is_ours in zip(hands, self.maxing, strict=True):
                live |= h
                if is_ours:
                    ours |= h
                if not h or h & (h - 1):
                    single = False
            if left == 1 and single:
                return self._last_trick(seat, raw, won)
            slope = self.slope
            canon = self.canon(hands, live)
            if slope is None:
                key = (*canon, seat, raw, won)
            else:
                key = (*canon, seat, won)
                base = slope * raw
            # What the cards that surely win their trick bring each side, kept by key (the
            # folded hands give the same: a run's cards are alike to every other card).
            sures = self.sures.get(key)
            if sures is None:
                # (one side at most has such cards: each would have to beat the other's)
                sure = self.sure(ours, live)
                if sure:
                    sures = (*self.surely(sure, True), 0, 0)
                else:
                    sure = self.sure(live & ~ours, live)
                    sures = (0, 0, *self.surely(sure, False)) if sure else (0, 0, 0, 0)
                if len(self.sures) > 1_000_000:
                    self.sures.clear()
                self.sures[key] = sures
            points_ours, tricks_ours, points_theirs, tricks_theirs = sures
            lo, hi = self._bounds(
                raw + points_ours, raw + rem - points_theirs, won + tricks_ours,
                won + left - tricks_theirs,
            )  # fmt: skip
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            entry = self.table.get(key)
            if entry is not None:
                e_lo, e_hi, best_card = entry
                best_card = self.relabel(best_card, live, False)
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
            in_play = taken
            for h in hands:
                in_play |= h
            mask = self.reduce(mask, in_play)
        cards: list[int] = []
        m = mask
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if len(cards) > 1:
            history = self.history[seat]
            if led < 0:  # a lead: by its quick value, then by history
                quick = self.quick

                def lead_key(c: int) -> int:
                    q = max(-_QUICK, min(_QUICK, quick(seat, c)))
                    return -((q + _QUICK) << 24 | min(history.get(c, 0), _CAP))

                cards.sort(key=lead_key)
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
            history[best] = history.get(best, 0) + left * left * left
        if key is not None:
            if g <= alpha:
                hi = g
            elif g >= beta:
                lo = g
            else:
                lo = hi = g
            self.table[key] = (lo - base, hi - base, self.relabel(best, live, True))
        return g

    def _last_trick(self, seat: int, raw: int, won: int) -> float:
        """The value of the last trick's start, led by ``seat``: every card is forced."""
        hands, beats, values = self.hands, self.beats, self.values
        win = ws = -1
        value = 0
        for k in range(self.size):
            card = hands[seat].bit_length() - 1
            if k == 0 or beats[win] >> card & 1:
                win, ws = card, seat
            value += values[card]
            seat = self.nxt[seat]
        mine = self.maxing[ws]
        return self._final(raw + value if mine else raw, won + 1 if mine else won, mine)

    def greedy(self, seat: int, led: int, win: int, ws: int) -> int:
        """A follower's first card in the search's order (:meth:`_order`), its history aside
        (the first in index order of the best)."""
        hand = self.hands[seat]
        if self.mates is None:
            mask = self.legal(hand, led, win)
        else:
            mask = self.legal(hand, led, win, ws >= 0 and self.mates[seat] >> ws & 1 == 1)
        beats, values = self.beats[win], self.points
        own = self.maxing[ws] == self.maxing[seat]
        best = -1
        best_key = -1
        while mask:  # (the key of _order, the history aside: the highest first)
            low = mask & -mask
            c = low.bit_length() - 1
            wins = beats >> c & 1
            k = (1 - wins) << 40 | values[c] << 24 if own else wins << 40 | (255 - values[c]) << 24
            if k > best_key:
                best, best_key = c, k
            mask ^= low
        return best

    def quick(self, seat: int, card: int) -> int:
        """A lead's quick value: the trick played out from ``seat``'s lead of ``card`` with each
        follower's :meth:`greedy` card, its points, won (+) or lost (-) by the leader's side.
        The leads are tried by it (a card that wins points first), then by history."""
        beats, values, nxt = self.beats, self.values, self.nxt
        win, ws, value = card, seat, values[card]
        led = self.lead_class[card]
        s = seat
        for _ in range(self.size - 1):
            s = nxt[s]
            c = self.greedy(s, led, win, ws)
            if c < 0:
                break  # (an empty hand: never in a deal's play)
            if beats[win] >> c & 1:
                win, ws = c, s
            value += values[c]
        return value if self.maxing[ws] == self.maxing[seat] else -value

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

    def _bounds(self, low: int, high: int, least: int, most: int) -> tuple[float, float]:
        """Bounds of the value of a position at a trick's start where the side ends with a raw
        count from ``low`` to ``high`` and ``least`` to ``most`` tricks: ``final`` never
        decreases as the count grows, so the least of ``final(low, ...)`` and the most of
        ``final(high, ...)`` over the tricks and the last trick's winner."""
        key = (low, high, least, most)
        found = self.ranges.get(key)
        if found is None:
            final = self._final
            ends = [(w, last) for w in range(least, most + 1) for last in (False, True)]
            found = (
                min(final(low, w, last) for w, last in ends),
                max(final(high, w, last) for w, last in ends),
            )
            if len(self.ranges) > 100_000:
                self.ranges.clear()
            self.ranges[key] = found
        return found

    def _final(self, raw: int, won: int, last: bool) -> float:
        """The model's final value, kept once asked; with a linear model, ``final(0, won,
        last) + slope * raw`` (:attr:`~tarotlib.core.points.PointModel.slope`)."""
        slope = self.slope
        at = raw if slope is None else 0
        found = self.finals.get((at, won, last))
        if found is None:
            found = self.finals[(at, won, last)] = float(self.final(at, won, last))
        return found if slope is None else found + slope * raw
