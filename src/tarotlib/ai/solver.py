"""An exact play solver for every game: the minimax value of the rest of a deal, with every hand
known (a "double-dummy" solver), its best line, and the value of each legal card.

>>> import tarotlib
>>> from tarotlib.ai import solve
>>> from tarotlib.testing import random_play
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
>>> late = state
>>> while len(late.tricks) < 5:                     # three tricks left
...     late = late.apply(late.legal_actions()[0])
>>> solution = solve(late)                            # the taker's team's points (BE-11.3)
>>> solution.exact, solution.value, solution.side
(True, 98.0, 1)
>>> over = late
>>> for action in solution.line:                      # the best line replays to that value
...     over = over.apply(action)
>>> over.is_over, over.result.breakdown.totals[1]
(True, 98)

**Objectives.** ``"points"`` (the default): the side's card points at the end of the deal as the
game counts them for its contract (the registry's ``card_points`` hook of each game: French
Tarot's attack or defence points, Belote's team totals with dix de der and belote, the Lombard
piles counted in groups, Chambéry's points with the tricks and the discard). ``"score"``: the
seat's deal score, the game's own scoring applied to the final piles (petit au bout, slams,
capot, multipliers).

**Sides.** ``side`` is a seat (default: the declarer, or the seat to act where the deal has
none); every seat on its side (``state.sides``) maximises that seat's value and every other seat
minimises it. In a game of sides (French Tarot's attack and defence, Belote's teams, Chambéry's
contracts) this is the minimax between the two sides; where several players score separately
(Reseghino, Chambéry with three players) it is the "paranoid" convention: the seat against all
the others together. The French Tarot solo's player chooses his own and the dummy's cards (he is
the seat to act for both), and the AI's card is turned from its pile by the machine.

**Declarations during play** are taken as the state has them. With ``declarations="skip"``
(the default) a declaration still open (a poignée, a misère, an explicit belote) is never made:
the search plays cards only, as if the seat chose not to declare; ``declarations="search"``
searches them as moves like the cards. A choice the fool rule asks for (the card given for the
Matto) is a move of the seat that makes it.

**Exact.** Without ``max_nodes`` or ``time_limit`` the value is the exact minimax value
(``exact`` is True and ``lower == value == upper``). With a budget the search may stop early:
``exact`` is then False and ``lower <= true value <= upper`` (either may be infinite), ``value``
being ``lower`` when it is finite (what the side is sure to get) and ``upper`` otherwise.

**How.** Alpha-beta by null-window tests over ``legal_actions()`` and ``apply()``, the leaves
scored by the game itself, with a transposition table keyed on what decides the rest of the deal:
the hands, the trick in progress, who acts, the deal's facts, and of the tricks already played
each seat's pile and number of tricks, every trick that held the fool or a card an offer watches
(the belote cards), and during the last trick the trick before it, so two orders of the same
tricks share their value. A seat's equal cards are searched once: of one class and one scoring
role (the game's ``card_roles`` hook) with no card still in play ranking between them. The
table's best move is tried first, then the moves by their history of cut-offs; forced moves take
no table entry and the last trick is played by the deal machine's fast path; the tests gallop
from a guess, then bisect. Where the game gives a point model (its ``point_model`` hook), plain
card play (no fool in play, nothing pending) is searched on bit masks without building states
(:mod:`tarotlib.ai._plain`, compiled where the optional compiled part is built). Nothing here
names a game.
"""

from __future__ import annotations

import math
import time
import weakref
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from tarotlib.ai._plain import PlainSearch
from tarotlib.core.actions import Action, Declare, Play
from tarotlib.core.tricks import TrickRules
from tarotlib.deal.play import PlayContext
from tarotlib.deal.state import DealState
from tarotlib.errors import TarotError
from tarotlib.registry import variant_info

__all__ = ["Objective", "Solution", "SolverError", "card_values", "solve"]

Objective = Literal["points", "score"]
_INF: Final = math.inf


class SolverError(TarotError, ValueError):
    """The solver cannot solve this state (not in the card play, an unknown objective or side,
    a game without card points); the message says what was wrong and what is expected.

    >>> import tarotlib
    >>> from tarotlib.ai import solve
    >>> solve(tarotlib.variant("belote").new_deal(seed=4))
    Traceback (most recent call last):
        ...
    tarotlib.ai.solver.SolverError: solve() starts in the play of the cards; this deal is in phase 'bidding'
    """


@attrs.frozen
class Solution:
    """What :func:`solve` found: the ``value`` of the rest of the deal for ``side``'s side under
    ``objective`` (exact when ``exact``; otherwise ``lower <= true value <= upper``), the
    principal variation ``line`` (the actions of the best play for both sides from the state,
    replayable with ``apply()``; it may stop short when the search was limited) and the number of
    positions searched, ``nodes``.

    >>> import tarotlib
    >>> from tarotlib.ai import solve
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> bound = solve(state, max_nodes=50)
    >>> bound.exact, bound.lower <= bound.upper
    (False, True)
    """

    value: float
    exact: bool
    lower: float
    upper: float
    line: tuple[Action, ...]
    nodes: int
    side: int
    objective: str


def _first(n: int) -> int:
    """The draw that plays the first legal card (of the one there is, in the last trick)."""
    return 0


class _OutOfBudget(Exception):
    """The node or time budget ran out (internal)."""


def _past(tricks: tuple[Any, ...], watch: int, players: int) -> tuple[object, ...]:
    """What of the completed ``tricks`` may still change the value of a deal beyond the piles
    (keyed apart): each seat's number of tricks and the tricks holding a watched card
    (``watch``)."""
    won = [0] * players
    marked: list[object] = []
    for trick in tricks:
        won[trick[2]] += 1
        if watch:
            for c in trick[1]:
                if watch >> c & 1:
                    marked.append(trick)
                    break
    return (tuple(won), tuple(marked))


def _watched(state: DealState[Any]) -> int:
    """The cards whose trick matters beyond the piles: the fool, the cards an offer watches."""
    local = state.local
    mask = 0
    for name in ("fool", "watch"):
        value = getattr(local, name, 0)
        if isinstance(value, int):
            mask |= value
    return mask


_ORDERS: dict[tuple[object, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _orders(rules: TrickRules) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each class of cards that take tricks by rank (the suits, the trumps) of these trick
    rules: its mask and its cards from the weakest to the strongest (cached by rank order and
    classes)."""
    key = (rules.rank_order, rules.class_masks)
    found = _ORDERS.get(key)
    if found is None:
        strength = rules.rank_order.strength
        out: list[tuple[int, tuple[int, ...]]] = []
        for cls in range(5):  # the four suits and the trumps; the fool is a class of its own
            mask = rules.class_masks[cls]
            if mask:
                cards = [c for c in range(78) if mask >> c & 1]
                out.append((mask, tuple(sorted(cards, key=lambda c: (strength[c], c)))))
        found = _ORDERS[key] = tuple(out)
    return found


class _Merger:
    """Cards of equal value merged: among a seat's legal cards, two of the same class and the same
    scoring role (the game's ``card_roles`` hook) with no card still in play (in a hand or the
    trick) ranking between them are worth the same — exchanging them is a symmetry of the rest
    of the deal (every comparison the trick rules make, every count the scoring makes, is the
    same) — so only the weakest of each such run is searched."""

    def __init__(self, root: DealState[Any], roles: tuple[int, ...], special: int) -> None:
        rules = getattr(root.local, "rules", None)
        assert isinstance(rules, TrickRules)
        self.seats = range(root.rules.players)
        live = self.live(root)  # the cards in play: no other card can be merged or in between
        self.orders = tuple(
            (mask & live, tuple(c for c in order if live >> c & 1))
            for mask, order in _orders(rules)
            if mask & live
        )
        self.roles = roles
        self.special = special
        self.plain = ~special

    def live(self, state: DealState[Any]) -> int:
        """The cards still in play: in a hand or in the trick in progress."""
        held = state.held
        live = 0
        for seat in self.seats:
            live |= held(seat)
        for c in state.trick_cards:
            live |= 1 << c
        return live

    def reduce(self, state: DealState[Any], mask: int) -> int:
        """The legal cards ``mask`` of ``state`` with one card of each run of equal ones."""
        return self.merge(mask, -1, state)

    def merge(self, mask: int, live: int, state: DealState[Any] | None = None) -> int:
        """The legal cards ``mask`` with one card of each run of equal ones, ``live`` being the
        cards still in play (or -1: then those of ``state``, found when needed)."""
        out = mask
        roles = self.roles
        plain = mask & self.plain
        for cls_mask, order in self.orders:
            cm = plain & cls_mask
            if not cm & (cm - 1):
                continue  # fewer than two cards to merge in this class
            if live < 0:
                assert state is not None
                live = self.live(state)
            lc = live & cls_mask
            prev: int | None = None
            for c in order:
                if not lc >> c & 1:
                    continue
                if cm >> c & 1:
                    r = roles[c]
                    if r == prev:
                        out ^= 1 << c
                    else:
                        prev = r
                else:
                    prev = None  # a card still in play between: the run ends
        return out


class _Search:
    """One search: the side, the objective, the transposition table and the budget."""

    def __init__(
        self,
        root: DealState[Any],
        objective: str,
        side: int | None,
        declarations: str,
        max_nodes: int | None,
        time_limit: float | None,
    ) -> None:
        if not isinstance(root, DealState):
            raise TypeError(f"solve() takes a deal state, not {type(root).__name__}")
        game = root.rules
        phases = game.phase_list
        if not root.is_over and root.phase_index != len(phases) - 2:
            raise SolverError(
                f"solve() starts in the play of the cards; this deal is in phase {root.phase!r}"
            )
        n = game.players
        if side is None:
            side = root.declarer if root.declarer is not None else root.to_act
            if side is None:
                side = 0
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < n:
            raise SolverError(f"side is a seat, 0 to {n - 1}; got {side!r}")
        if objective == "score":
            self.leaf: Callable[[DealState[Any]], float] = lambda s: float(s.result.scores[side])
        elif objective == "points":
            hook = variant_info(game.name).card_points
            if hook is None:
                raise SolverError(
                    f"{game.name} gives no card points (its registry entry has no card_points "
                    "hook): use objective='score'"
                )
            self.leaf = lambda s: float(hook(s)[side])
        else:
            raise SolverError(f"objective is 'points' or 'score', not {objective!r}")
        if declarations not in ("skip", "search"):
            raise SolverError(f"declarations is 'skip' or 'search', not {declarations!r}")
        for name, limit in (("max_nodes", max_nodes), ("time_limit", time_limit)):
            if limit is not None and (isinstance(limit, bool) or not limit > 0):
                raise SolverError(f"{name} is a positive number or None, not {limit!r}")
        sides = root.sides or tuple(range(n))
        self.maxing = tuple(sides[s] == sides[side] for s in range(n))
        self.side = side
        self.objective = objective
        self.skip = declarations == "skip"
        self.table: dict[tuple[object, ...], tuple[float, float, int]] = {}
        self.datas: dict[int, tuple[object, int]] = {}
        self.pasts: dict[int, tuple[object, tuple[object, ...]]] = {}
        self.history: tuple[dict[int, int], ...] = tuple({} for _ in range(n))
        self.players = n
        self.seats = range(n)
        self.limited = max_nodes is not None or time_limit is not None
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.watch = 0 if root.is_over else _watched(root)
        self.merger = None if root.is_over else self._merger(root, declarations)
        self.plays: dict[int, tuple[Action, ...]] = {}
        self.plain = None if root.is_over else self._plain(root, objective, declarations)
        self.plain_entry = 0  # the fast search's node count when it was last entered

    def _plain(self, root: DealState[Any], objective: str, declarations: str) -> PlainSearch | None:
        """The fast search of plain card play, where the game gives a point model for the
        ``points`` objective and plays its cards by plain trick rules (see :mod:`._plain`)."""
        hook = variant_info(root.rules.name).point_model
        x = root.local
        if (
            objective != "points"
            or hook is None
            or not isinstance(x, PlayContext)
            or type(x.rules).legal_mask is not TrickRules.legal_mask
            or type(x.rules).follow is not TrickRules.follow
            or (declarations == "search" and bool(x.offers))
        ):
            return None
        model = hook(root, self.side)
        if model is None:
            return None
        merger = self.merger
        return PlainSearch(
            x,
            self.maxing,
            model,
            merger,
            self._weak_check() if self.limited else None,
        )

    def _weak_check(self) -> Callable[[], None]:
        """:meth:`_plain_check` through a weak reference: the fast search keeps its check, and a
        check holding this search would make a cycle that keeps the fast search's table alive
        until the cycle collector runs (the next search could not reuse the table)."""
        ref = weakref.ref(self)

        def check() -> None:
            search = ref()
            if search is not None:
                search._plain_check()

        return check

    def _plain_check(self) -> None:
        """The budget's check inside the fast search (every 1,024 of its nodes in Python,
        65,536 compiled: a call back into Python costs the compiled search its caches)."""
        plain = self.plain
        assert plain is not None
        used = self.nodes + plain.nodes - self.plain_entry  # (self.nodes is added to on return)
        if self.max_nodes is not None and used > self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    def _merger(self, root: DealState[Any], declarations: str) -> _Merger | None:
        """Cards of equal value merged where the game gives its cards' roles and plays its cards
        by plain trick rules (and, when declarations are searched, offers none)."""
        hook = variant_info(root.rules.name).card_roles
        local = root.local
        rules = getattr(local, "rules", None)
        if (
            hook is None
            or not isinstance(rules, TrickRules)
            or type(rules).legal_mask is not TrickRules.legal_mask
            or (declarations == "search" and bool(getattr(local, "offers", None)))
        ):
            return None
        return _Merger(root, hook(root), self.watch)

    # -- the tree ---------------------------------------------------------------------------------
    def moves(self, state: DealState[Any]) -> tuple[Action, ...]:
        """The moves searched: the legal actions (declarations but with
        ``declarations="search"``), cards of equal value merged."""
        merger = self.merger
        if merger is None:
            return self.all_moves(state)
        mask = state.current_phase.legal_cards(state)
        if mask < 0:
            acts = self.all_moves(state)
            mask = 0
            for a in acts:
                if type(a) is not Play:
                    return acts
                mask |= 1 << a.card
        if mask & (mask - 1):
            mask = merger.reduce(state, mask)
        found = self.plays.get(mask)
        if found is None:
            cards = [c for c in range(78) if mask >> c & 1]
            found = self.plays[mask] = tuple(Play.of(c) for c in cards)
        return found

    def all_moves(self, state: DealState[Any]) -> tuple[Action, ...]:
        """Every legal action (declarations but with ``declarations="search"``)."""
        acts = state.legal_actions()
        if self.skip:
            acts = tuple(a for a in acts if not isinstance(a, Declare))
            if not acts:
                raise SolverError(
                    f"seat {state.to_act} has only declarations to choose from in phase "
                    f"{state.phase!r}: solve with declarations='search'"
                )
        return acts

    def key(self, state: DealState[Any]) -> tuple[object, ...]:
        """What decides the rest of the deal from ``state`` (see the module docstring). The
        deal's facts are keyed by identity (each object numbered, and kept): equal facts in two
        objects only cost a table miss, never a wrong value."""
        data = state.data
        found = self.datas.get(id(data))
        if found is None or found[0] is not data:
            found = self.datas[id(data)] = (data, len(self.datas))
        tricks = state.trick_list
        past = self.pasts.get(id(tricks))
        if past is None or past[0] is not tricks:
            if len(self.pasts) > 50_000:
                self.pasts.clear()
            past = self.pasts[id(tricks)] = (tricks, _past(tricks, self.watch, self.players))
        return (
            state.packed_hands,
            state.packed_piles,
            state.trick_cards,
            state.leader,
            state.trick_state,
            state.actor,
            state.pending,
            found[1],
            past[1],
            # in the last trick, the trick before it (French Tarot's petit au bout, FT-11.1)
            tricks[-1] if tricks and state.held(state.actor).bit_count() <= 1 else None,
        )

    def count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if (
            self.deadline is not None
            and not self.nodes & 255
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget

    def search(self, state: DealState[Any], alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta with the table's bounds (Plaat's MTD(f) form); a seat with one
        move plays it without a table entry; the other moves are tried the table's best first,
        then by their history (how often each card of each seat refuted a position)."""
        if self.limited:
            self.count()
        else:
            self.nodes += 1
        actor = state.actor
        if actor < 0:
            return self.leaf(state)
        plain = self.plain
        if plain is not None and plain.accepts(state):
            before = self.plain_entry = plain.nodes
            budget = None if self.max_nodes is None else max(0, self.max_nodes - self.nodes)
            try:
                return plain.search_state(state, alpha, beta, budget)
            finally:
                self.nodes += plain.nodes - before
        held = state.held
        if held(actor) & (held(actor) - 1) == 0 and not any(
            held(seat) & (held(seat) - 1) for seat in self.seats
        ):
            # The last trick: every card is forced; the deal machine's fast path plays them
            # (it stops early where a choice or a declaration comes up: searched below).
            end = state.current_phase.play_cards(state, draw=_first)
            if end is not state:
                return self.search(end, alpha, beta)
        moves = self.moves(state)
        if len(moves) == 1:
            return self.search(state.apply(moves[0]), alpha, beta)
        key = self.key(state)
        entry = self.table.get(key)
        best_index = -1
        if entry is not None:
            lo, hi, best_index = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -_INF, _INF
        history = self.history[actor]
        order = sorted(range(len(moves)), key=lambda i: -history.get(id(moves[i]), 0))
        if best_index > 0:
            order.remove(best_index)
            order.insert(0, best_index)
        apply = state.apply
        best = 0
        if self.maxing[actor]:
            g = -_INF
            a = alpha
            for i in order:
                v = self.search(apply(moves[i]), a, beta)
                if v > g:
                    g, best = v, i
                    if g >= beta:
                        break
                    if g > a:
                        a = g
        else:
            g = _INF
            b = beta
            for i in order:
                v = self.search(apply(moves[i]), alpha, b)
                if v < g:
                    g, best = v, i
                    if g <= alpha:
                        break
                    if g < b:
                        b = g
        if g <= alpha:
            hi = g
        elif g >= beta:
            lo = g
            move = id(moves[best])
            history[move] = history.get(move, 0) + 1
        else:
            lo = hi = g
        self.table[key] = (lo, hi, best)
        return g

    def test(self, state: DealState[Any], beta: float) -> float:
        """A null-window test: the result is >= beta iff the value is >= beta."""
        return self.search(state, math.nextafter(beta, -_INF), beta)

    def value(self, state: DealState[Any], guess: float = 0.0) -> tuple[float, float]:
        """The bounds ``(lower, upper)`` of the value of ``state`` by null-window tests, equal
        when the budget allowed; an exhausted budget leaves the bounds proven so far.

        MTD(f) from ``guess``, each test's fail-soft result a proven bound; while only one side
        of the value is bounded the tests gallop away from it (steps doubling), and once both
        are, they bisect the interval: a handful of tests where values are fine-grained, rather
        than one test per value between the guess and the value."""
        lo, hi = -_INF, _INF
        beta = guess
        step = 1.0
        try:
            while lo < hi:
                if beta <= lo:
                    beta = math.nextafter(lo, _INF)
                if beta > hi:
                    beta = hi
                v = self.test(state, beta)
                if v < beta:
                    hi = v
                else:
                    lo = v
                if lo == -_INF:
                    beta = hi - step
                    step *= 2
                elif hi == _INF:
                    beta = lo + step
                    step *= 2
                else:
                    beta = (lo + hi) / 2
        except _OutOfBudget:
            pass
        return lo, hi

    def line(self, state: DealState[Any], value: float) -> tuple[Action, ...]:
        """A principal variation: from ``state`` of exact ``value``, a move keeping the value,
        again and again (cut short if the budget runs out)."""
        out: list[Action] = []
        try:
            while not state.is_over:
                moves = self.moves(state)
                entry = self.table.get(self.key(state))
                first = entry[2] if entry is not None else 0
                maxing = self.maxing[state.actor]
                order = list(range(len(moves)))
                order[0], order[first] = first, 0
                for i in order:
                    child = state.apply(moves[i])
                    if maxing:
                        keeps = self.test(child, value) >= value
                    else:
                        keeps = self.search(child, value, math.nextafter(value, _INF)) <= value
                    if keeps:
                        out.append(moves[i])
                        state = child
                        break
                else:  # pragma: no cover - the value is exact: some move keeps it
                    raise AssertionError("no move keeps the value of the position")
        except _OutOfBudget:
            pass
        return tuple(out)

    def guess(self, state: DealState[Any]) -> float:
        """Where the null-window tests start: the fast search's quick estimate on a plain
        position, else 0."""
        plain = self.plain
        if plain is not None and not state.is_over and plain.accepts(state):
            return plain.estimate(state)
        return 0.0

    def solution(self, state: DealState[Any], guess: float | None = None) -> Solution:
        if state.is_over:
            self.count()
            v = self.leaf(state)
            return Solution(v, True, v, v, (), self.nodes, self.side, self.objective)
        lo, hi = self.value(state, self.guess(state) if guess is None else guess)
        exact = lo == hi
        line = self.line(state, lo) if exact else ()
        value = lo if lo > -_INF else hi
        return Solution(value, exact, lo, hi, line, self.nodes, self.side, self.objective)


def solve(
    state: DealState[Any],
    *,
    objective: Objective = "points",
    side: int | None = None,
    declarations: Literal["skip", "search"] = "skip",
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """The minimax value of the rest of the deal from ``state`` for ``side``'s side under
    ``objective``, with a best line (see the module docstring for the objectives, the sides,
    declarations and what a limited search returns).

    ``state`` is in the play of the cards (or over); ``max_nodes`` and ``time_limit`` (seconds)
    limit the search. Raises :class:`SolverError` outside the card play, for an unknown objective
    or a side that is not a seat.

    >>> import tarotlib
    >>> from tarotlib.ai import solve
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> while len(state.tricks) < 6:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> solve(state).value, solve(state, side=0).value, solve(state, objective="score").value
    (73.0, 89.0, 0.0)
    """
    search = _Search(state, objective, side, declarations, max_nodes, time_limit)
    return search.solution(state)


def card_values(
    state: DealState[Any],
    *,
    objective: Objective = "points",
    side: int | None = None,
    declarations: Literal["skip", "search"] = "skip",
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> dict[Action, Solution]:
    """The value of each move of the seat to act (its legal cards; declarations too with
    ``declarations="search"``): for each, the :class:`Solution` of the state after it, for
    ``side``'s side (what a deal's analysis compares). One search serves every move, sharing its
    table; ``max_nodes`` and ``time_limit`` bound the whole.

    >>> import tarotlib
    >>> from tarotlib.ai import card_values, solve
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> while len(state.tricks) < 6:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> values = card_values(state)
    >>> {a.text: s.value for a, s in values.items()}
    {'play 9S': 77.0, 'play TS': 73.0}
    >>> state.to_act, min(s.value for s in values.values()) == solve(state).value  # a defender
    (2, True)
    """
    search = _Search(state, objective, side, declarations, max_nodes, time_limit)
    if state.is_over:
        return {}
    out: dict[Action, Solution] = {}
    guess: float | None = None
    for move in search.all_moves(state):
        child = state.apply(move)
        found = out[move] = search.solution(child, guess)
        if found.value not in (_INF, -_INF):
            guess = found.value  # a sibling's value: the next one is often close
    return out
