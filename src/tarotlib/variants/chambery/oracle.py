"""An independent checker of Chambéry deals, registered as the game's ``oracle`` hook
(:func:`tarotlib.testing.check_state` runs it on every state).

It restates the rules file from the layout and the history alone, without the game's trick rules,
discard rule, fool rule, phases or scoring: the deal (CH-6, CH-2.3), the discard's restrictions
and which trumps are shown (CH-7), the auction (CH-8), the King call (CH-10), the requests (CH-9),
the legal cards (CH-11.2, CH-12.1), the winner of each trick in the order of CH-4 (CH-11.3), the
Fou's exchange (CH-12.4 – CH-12.6), the discard's owner (CH-7.3), the points (CH-5.4) and their
fixed total (CH-5.6), the settlement (CH-14 – CH-16), what each seat may see, and that the actions
offered are exactly the legal ones.

>>> import tarotlib
>>> from tarotlib.testing import random_play
>>> final, _ = random_play(tarotlib.variant("chambery", players=6).new_deal(seed=4), 1,
...                        on_step=check_chambery_state)
>>> final.is_over
True
"""

from __future__ import annotations

from typing import Final

from tarotlib.core.actions import Action, Bid, Call, Discard, Give, Pass, Play, Request, Stop
from tarotlib.core.cards import ALL_CARDS, Rank, format_cards
from tarotlib.deal import DealState
from tarotlib.variants.chambery.state import ChamberyState

__all__ = ["check_chambery_state", "points_of"]

_FOU: Final = 77
_T21: Final = 76
_BAGA: Final = 56
_POINTS: Final = {Rank.KING: 4, Rank.QUEEN: 3, Rank.KNIGHT: 2, Rank.JACK: 1}
# CH-1, CH-5.6, CH-6: (seated, simplifié) -> (hand, extra to the dealer, T, discard point)
_TABLE: Final = {
    (5, False): (15, 3, 68, 1),
    (6, False): (15, 3, 68, 1),
    (4, False): (19, 2, 72, 1),
    (3, False): (25, 3, 78, 1),
    (4, True): (15, 2, 68, 1),
    (3, True): (20, 2, 72, 0),
}
_REQUESTS: Final = {"two-card": 2, "one-card": 1, "hand": 0}
_MULT: Final = {"two-card": 1, "one-card": 2, "hand": 4}
_ORDER: Final = ("two-card", "one-card", "hand")  # CH-8.1, low to high


def points_of(card: int) -> int:
    """CH-5.1, restated.

    >>> [points_of(c) for c in (76, 56, 77, 13, 12, 11, 10, 0)]
    [4, 4, 4, 4, 3, 2, 1, 0]
    """
    if card in (_T21, _BAGA, _FOU):
        return 4
    c = ALL_CARDS[card]
    if c.is_trump or c.rank is None:
        return 0
    return _POINTS.get(c.rank, 0)


def _is_trump(card: int) -> bool:
    return 56 <= card <= 76


def _suit(card: int) -> int:
    return 4 if _is_trump(card) else card // 14


def _strength(card: int) -> int:
    """CH-4: trumps by number; in a suit K Q C J 1 10 … 2."""
    if _is_trump(card):
        return card - 55
    rank = card % 14 + 1
    return {14: 14, 13: 13, 12: 12, 11: 11, 1: 10}.get(rank, rank - 1)


def _legal(hand: set[int], trick: list[int]) -> set[int]:
    """CH-11.2, CH-12.1, CH-12.2."""
    plain = [c for c in trick if c != _FOU]
    if not plain:
        return set(hand)
    led = _suit(plain[0])
    follow = {c for c in hand if c != _FOU and _suit(c) == led}
    if follow:
        return follow | (hand & {_FOU})
    trumps = {c for c in hand if _is_trump(c)}
    if trumps:
        return trumps | (hand & {_FOU})
    return set(hand)


def _winner(trick: list[int], seats: list[int]) -> int:
    """CH-11.3: the highest trump, else the highest card of the suit led; never the Fou."""
    plain = [(c, s) for c, s in zip(trick, seats, strict=True) if c != _FOU]
    led = _suit(plain[0][0])
    trumps = [(c, s) for c, s in plain if _is_trump(c)]
    pool = trumps or [(c, s) for c, s in plain if _suit(c) == led]
    return max(pool, key=lambda cs: _strength(cs[0]))[1]


class _Stop(Exception):
    """The history ends here: ``to_act`` and ``expect`` say what comes next."""


class _Replay:
    def __init__(self, state: DealState) -> None:
        o = dict(state.rules.options_dict())
        self.o = o
        players = o["players"]
        assert isinstance(players, int), f"CH-2: players {players!r}"
        self.n = n = players
        self.simplifie = bool(o["simplifie"])
        self.hand_size, self.d, self.total, self.discard_point = _TABLE[(n, self.simplifie)]
        layout = state.layout
        self.dealer = dealer = layout.dealer
        self.sitter = (dealer + 1) % n if n == 6 else -1  # CH-2.3
        self.active = [s for s in ((dealer + k) % n for k in range(1, n + 1)) if s != self.sitter]
        self.hands = [{int(c) for c in h} for h in layout.hands]
        want = [
            0 if s == self.sitter else self.hand_size + (self.d if s == dealer else 0)
            for s in range(n)
        ]
        assert [len(h) for h in self.hands] == want, f"CH-6: hands of {want} cards"
        dealt = set().union(*self.hands)
        pack = {c for c in range(78) if not (self.simplifie and c < 56 and 1 <= c % 14 <= 4)}
        assert dealt == pack, "CH-3.2, CH-6: the deal is the configuration's pack"
        self.start_hand = set(self.hands[dealer])
        self.discard: set[int] = set()
        self.discarded: list[int] = []
        self.contract: str | None = None
        self.declarer = -1
        self.partner = -1
        self.called = -1
        self.requests: list[list[int]] = []  # [requester, named, giver, returned]
        self.out: set[int] = set()
        self.tricks: list[tuple[list[int], list[int], int]] = []
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.pending: tuple[int, int] | None = None
        self.exchange: tuple[int, int, int] | None = None
        self.to_act = -1
        self.expect: set[str] = set()
        self.history = list(state.history)
        self.i = 0
        try:
            self._run()
            self.finished = True
        except _Stop:
            self.finished = False

    def _next(self, seat: int, legal: set[str]) -> Action:
        if self.i == len(self.history):
            self.to_act, self.expect = seat, legal
            raise _Stop
        a = self.history[self.i]
        assert a.text in legal, f"seat {seat} did {a.text}; the rules allow {sorted(legal)}"
        self.i += 1
        return a

    # -- CH-7 --------------------------------------------------------------------------------
    def _discardable(self, remaining: int) -> set[int]:
        hand = self.hands[self.dealer]
        free = {c for c in hand if not _is_trump(c) and c != _FOU and c % 14 != 13}
        trumps = {c for c in hand if _is_trump(c) and c != _T21}
        if self.o["discard_trumps"] == "dm_void" and self._void_possible():
            done_trumps = any(_is_trump(c) for c in self.discard)
            out = set()
            for c in free | trumps:
                f = len(free - {c})
                t = len(trumps - {c})
                r = remaining - 1
                every = t <= r and f + t >= r  # every other trump can go too
                if every or (not _is_trump(c) and not done_trumps and f >= r):
                    out.add(c)
            return out
        return free if len(free) >= remaining else free | trumps

    def _void_possible(self) -> bool:
        """CH-7.2 dm_void: some discard holds no trump, or every trump but 21."""
        hand = self.start_hand
        free = {c for c in hand if not _is_trump(c) and c != _FOU and c % 14 != 13}
        trumps = {c for c in hand if _is_trump(c) and c != _T21}
        return len(free) >= self.d or (len(trumps) <= self.d and len(free) + len(trumps) >= self.d)

    def shown(self) -> set[int]:
        trumps = {c for c in self.discarded if _is_trump(c)}
        how = self.o["discard_trumps"]
        if how == "if_unavoidable_hidden":
            return set()
        if how == "dm_void" and self._void_possible():
            return trumps & {_BAGA}
        return trumps

    def _run(self) -> None:
        dealer = self.dealer
        for k in range(self.d):  # CH-7.1: before the auction
            legal = self._discardable(self.d - k)
            a = self._next(dealer, {f"discard {ALL_CARDS[c]}" for c in legal})
            assert isinstance(a, Discard)
            self.hands[dealer].remove(int(a.card))
            self.discard.add(int(a.card))
            self.discarded.append(int(a.card))
        if self.n > 3:
            self._auction()
            if self.contract is None:
                self._king_call()
            elif _REQUESTS[self.contract]:
                self._requests()
        self._play()

    # -- CH-8 --------------------------------------------------------------------------------
    def _bids(self, high: str | None) -> set[str]:
        start = 0 if high is None else _ORDER.index(high) + 1
        return {"pass"} | {f"bid {c}" for c in _ORDER[start:]}

    def _auction(self) -> None:
        order = self.active  # from the dealer's right, the dealer last (CH-8.2, CH-2.3)
        high: str | None = None
        holder = -1
        if self.o["auction"] == "single_round":
            for seat in order:
                a = self._next(seat, self._bids(high))
                if isinstance(a, Bid):
                    high, holder = a.text.split()[1], seat
        else:  # CH-8.3
            out: set[int] = set()
            k = 0
            while True:
                seat = order[k % len(order)]
                k += 1
                if seat in out:
                    continue
                if seat == holder:
                    break
                if high is None and len(out) == len(order):
                    break
                a = self._next(seat, self._bids(high))
                if isinstance(a, Pass):
                    out.add(seat)
                    if high is None and len(out) == len(order):
                        break
                else:
                    high, holder = a.text.split()[1], seat
                if holder >= 0 and len(out) == len(order) - 1:
                    break
        self.contract, self.declarer = high, holder

    # -- CH-10 -------------------------------------------------------------------------------
    def _king_call(self) -> None:
        dealer = self.dealer
        self.declarer = dealer
        held = self.hands[dealer] | self.discard  # CH-10.2: the discard counts as held
        ranks = [14, 13, 12, 11] if self.o["call_fallback"] == "queen_cavalier_jack" else [14, 13]
        for rank in ranks:
            cards = {s * 14 + rank - 1 for s in range(4)}
            if cards - held:
                a = self._next(dealer, {f"call {ALL_CARDS[c]}" for c in cards - held})
                assert isinstance(a, Call)
                self.called = int(a.card)
                self.partner = next(s for s in range(self.n) if self.called in self.hands[s])
                return
        # nothing to call: the dealer plays alone (CH-10.2 alone)

    # -- CH-9 --------------------------------------------------------------------------------
    def _requests(self) -> None:
        assert self.contract is not None
        soloist = self.declarer
        left = _REQUESTS[self.contract]
        pack = set().union(*(set(h) for h in self.hands)) | self.discard
        while left > 0:
            nameable = pack - self.hands[soloist] - {_FOU} - self.out
            if soloist == self.dealer:
                nameable -= self.discard
            legal = {f"request {ALL_CARDS[c]}" for c in nameable}
            if self.o["requests_optional"] or not nameable:
                legal.add("stop")
            a = self._next(soloist, legal)
            if isinstance(a, Stop):
                return
            assert isinstance(a, Request)
            card = int(a.card)
            holder = next((s for s in range(self.n) if card in self.hands[s]), -1)
            if holder < 0:  # CH-9.4
                self.out.add(card)
                self.requests.append([soloist, card, -1, -1])
                if self.o["request_in_discard"] == "lost":
                    left -= 1
                continue
            self.hands[holder].remove(card)
            self.hands[soloist].add(card)
            entry = [soloist, card, holder, -1]
            self.requests.append(entry)
            back = set(self.hands[soloist])
            if not self.o["return_received_card"]:
                back.discard(card)
            g = self._next(soloist, {f"give {ALL_CARDS[c]}" for c in back})
            assert isinstance(g, Give)
            self.hands[soloist].remove(int(g.card))
            self.hands[holder].add(int(g.card))
            entry[3] = int(g.card)
            left -= 1

    # -- CH-11, CH-12 ------------------------------------------------------------------------
    def side(self, seat: int) -> int:
        if self.n == 3:
            return seat
        if seat == self.sitter:
            return 2
        return 0 if seat in (self.declarer, self.partner) else 1

    def _source(self, owner: int) -> list[int]:
        if self.o["fou_payment_source"] == "own":
            return [owner]
        return [s for s in range(self.n) if self.side(s) == self.side(owner)]

    def _available(self, owner: int) -> list[int]:
        """The cards that may redeem the Fou, earliest won first, then the discard (CH-12.5)."""
        seats = self._source(owner)
        mine = {c for s in seats for c in self.piles[s] if c != _FOU}
        order = [c for t, _, _ in self.tricks for c in t if c in mine]
        if self.o["fou_payment_from_discard"] and self.dealer in seats:  # CH-7.4
            order += sorted(self.discard)
        return order

    def _pay(self, card: int) -> None:
        assert self.pending is not None
        owner, holder = self.pending
        self.piles[holder].remove(_FOU)
        self.piles[owner].append(_FOU)
        for s in self._source(owner):
            if card in self.piles[s]:
                self.piles[s].remove(card)
                break
        else:
            self.discard.remove(card)
        self.piles[holder].append(card)
        self.exchange = (owner, holder, card)
        self.pending = None

    def _play(self) -> None:
        leader = self.active[0]  # CH-11.1
        size = len(self.active)
        chosen = self.o["fou_payment_card"] == "any_source_card"
        while True:
            if self.pending is not None and chosen and self._available(self.pending[0]):
                owner = self.pending[0]
                av = self._available(owner)
                g = self._next(owner, {f"give {ALL_CARDS[c]}" for c in av})
                assert isinstance(g, Give)
                self._pay(int(g.card))
                continue
            if all(not h for h in self.hands):
                return
            seat = self.active[(self.active.index(leader) + len(self.trick)) % size]
            legal = _legal(self.hands[seat], self.trick)
            a = self._next(seat, {f"play {ALL_CARDS[c]}" for c in legal})
            assert isinstance(a, Play)
            card = int(a.card)
            self.hands[seat].remove(card)
            self.trick.append(card)
            self.seats.append(seat)
            if len(self.trick) == size:
                last = not any(self.hands)
                self._trick_end(last)
                leader = self.tricks[-1][2]

    def _trick_end(self, last: bool) -> None:
        winner = _winner(self.trick, self.seats)
        self.piles[winner].extend(self.trick)
        self.tricks.append((self.trick, self.seats, winner))
        if _FOU in self.trick and not (last and self.o["fou_last_trick"] == "to_winner"):
            owner = self.seats[self.trick.index(_FOU)]
            if self.side(owner) != self.side(winner):  # CH-12.4
                self.pending = (owner, winner)
        self.trick, self.seats = [], []
        if self.pending is not None and self.o["fou_payment_card"] == "zero_else_lowest":
            av = self._available(self.pending[0])
            if av:  # CH-12.5: a 0-point card, else the lowest; the earliest won among equals
                self._pay(min(av, key=lambda c: (points_of(c), av.index(c))))

    # -- CH-13 – CH-16 -----------------------------------------------------------------------
    def settlement(self) -> tuple[list[int], list[int]]:
        n = self.n
        owner = self.dealer if self.o["discard_owner"] == "dealer" else self.tricks[-1][2]
        pts = [0] * n
        for s in range(n):
            pts[s] = sum(points_of(c) for c in self.piles[s])
            pts[s] += sum(1 for _, _, w in self.tricks if w == s)
        pts[owner] += sum(points_of(c) for c in self.discard) + self.discard_point
        assert sum(pts) == self.total, f"CH-5.6: the deal counts {sum(pts)}, not {self.total}"
        scores = [0] * n
        if n == 3:
            par = self.total // 3
            d = [p - par for p in pts]
            m = [2 if 2 * p < par else 1 for p in pts]
            pay = sum(-d[s] * m[s] for s in range(3) if d[s] < 0)
            for s in range(3):
                if d[s] < 0:
                    scores[s] = d[s] * m[s]
            up = [s for s in range(3) if d[s] > 0]
            if len(up) == 1:
                scores[up[0]] = pay
            elif len(up) == 2:
                lo = next(s for s in range(3) if d[s] < 0)
                if self.o["three_player_sharing"] == "dm":
                    for s in up:
                        scores[s] = d[s] * m[lo]
                else:
                    for s in up:
                        scores[s] = d[s]
                    extra = pay - d[up[0]] - d[up[1]]
                    if pts[up[0]] == pts[up[1]]:
                        scores[up[0]] += extra // 2
                        scores[up[1]] += extra // 2
                    else:
                        scores[max(up, key=lambda s: pts[s])] += extra
            return pts, scores
        half = self.total // 2
        q = half // 2
        mine = sum(p for s, p in enumerate(pts) if self.side(s) == 0)
        theirs = sum(p for s, p in enumerate(pts) if self.side(s) == 1)
        if mine == theirs:
            return pts, scores
        w = max(mine, theirs)
        mult = 1 if self.contract is None else _MULT[self.contract]
        f = (w - half) * mult * (2 if self.total - w < q else 1)
        sign = 1 if mine > theirs else -1
        opp = [s for s in self.active if self.side(s) == 1]
        for s in opp:
            scores[s] = -sign * f
        if self.partner >= 0:
            scores[self.declarer] = sign * ((len(opp) * f + 1) // 2)
            scores[self.partner] = sign * (len(opp) * f // 2)
        else:
            scores[self.declarer] = sign * len(opp) * f
        return pts, scores


def check_chambery_state(state: DealState) -> None:
    """Check ``state`` against the rules file (the module docstring); raises ``AssertionError``
    naming the rule broken.

    >>> import tarotlib
    >>> check_chambery_state(tarotlib.variant("chambery", players=3, simplifie=True).new_deal(seed=2))
    """
    assert isinstance(state, ChamberyState), f"not a Chambéry state: {state!r}"
    r = _Replay(state)
    n = r.n
    played = {c for t, _, _ in r.tricks for c in t} | set(r.trick)
    public = played | r.shown() | r.out | {e[1] for e in r.requests}
    if r.called >= 0:
        public.add(r.called)
    if r.exchange is not None:
        public.add(r.exchange[2])
    for seat in range(n):
        allowed = public | {int(c) for c in state.hand(seat)}
        allowed |= {e[3] for e in r.requests if seat in (e[0], e[2]) and e[3] >= 0}  # CH-9.6
        if seat == r.dealer or state.is_over:
            allowed |= set(r.discarded)  # CH-7.4
        seen = state.observation(seat)
        hidden = set(seen.visible_cards()) - allowed
        assert not hidden, f"seat {seat} sees hidden cards {format_cards(sorted(hidden))}"
        shown = {int(c) for c in seen.shown_discard}
        assert shown == r.shown(), f"CH-7.2: shown {format_cards(shown)}"
        if r.called >= 0:
            assert seen.partner == r.partner, "CH-10.1: the called player is public at once"
    for seat in range(n):  # CH-11.4, CH-12.4: the piles after the Fou's exchange
        mask = state.pile_mask(seat)
        want = sum(1 << c for c in r.piles[seat])
        assert mask == want, f"seat {seat}'s pile is {format_cards(mask)}, not {format_cards(want)}"
    if state.is_over:
        assert r.finished, "the deal is over before the rules say"
        assert not r.trick and all(not h for h in r.hands), "every card is played"
        every = [c for p in r.piles for c in p] + sorted(r.discard)
        assert len(every) == len(set(every)) == (62 if r.simplifie else 78), "CH-3: each card once"
        _, scores = r.settlement()
        assert tuple(state.result.scores) == tuple(scores), (
            f"scores {state.result.scores}; the rules give {tuple(scores)}"
        )
        return
    assert not r.finished, "the rules say the deal is over"
    assert state.to_act == r.to_act, f"seat {state.to_act} is to act; the rules say {r.to_act}"
    offered = {a.text for a in state.legal_actions()}
    assert offered == r.expect, f"offered {sorted(offered)}; the rules allow {sorted(r.expect)}"
