"""The card sampler: deal again the cards a seat cannot see (determinization).

A *world* for ``seat`` in ``state`` is a pair (layout, history): a layout (the deal as dealt:
hands, kitty, stock, with their sizes and dealer) and a history of the same length as the real one,
legal at every step from that layout, that gives the seat **the very same observation after every
step** as the real deal did (the first: just after the deal), and in which the seat's own actions
are its real ones. Another seat's *secret* actions are part of the world, not copied from the real
deal: which cards another taker put in his écart, which cards the dealer discarded, which card a
declarer gave back face down — any cards that the rules allow there and that keep the seat's
observations unchanged (a trump shown in an écart stays shown, so stays where it was). A *run* is a
maximal sequence of consecutive secret actions of one seat of one kind (the cards of one écart put
aside one at a time); the order of its cards is not seen and not part of the world: a world lists
a run's cards in increasing card order (:attr:`tarotlib.core.cards.Card` index), and that history must
be legal. (In every game of the registry the order of such cards does not change their legality,
so this is the world "with these cards put aside".)

:func:`sample_world` returns the replayed state of one world drawn **exactly uniformly** among
them, the layout included: where another seat's seen cards were dealt (Belote's first five cards
or the stock, the positions of a Lombard deal) is drawn too. :func:`consistent_worlds` lists them
by brute force (for small positions and tests), with the seen cards where they were really dealt:
one world for each deal the seat can tell apart, each standing for as many layouts.

How it works (nothing here knows a game; everything goes through the deal machine):

1. The real history is replayed once: the seat's observation after each step, the cards it has
   seen, where the other cards went (a kitty or stock card taken into a hand, a card leaving a
   hand). A step is *secret* when another seat acts with a card that the step does not show the
   seat (not seen after it, or seen before it already) and another card would have given it the
   same observation (:class:`~tarotlib.core.actions.Discard` of an écart,
   :class:`~tarotlib.core.actions.Give` of a card given back face down, ...); consecutive secret steps
   of one seat make a run.
2. The cards whose dealt place is unknown to the seat are the *free* cards: the cards it never
   saw, and the cards it saw but not where they were dealt — another seat's cards seen played or
   shown in its hand: whether they came with Belote's first five cards or from the stock, their
   positions in a Lombard deal. A seen card keeps its dealt position only where the seat saw it
   there: seen just after the deal (its own hand, a card turned up, the exposed cards), seen in
   the kitty or the stock or as a hand took it from there (a chien shown), taken from there into
   its own hand; and the seen cards of a hand whose dealing order the play reads (the solo's
   piles, whose top card the AI leads: the real history replayed with that hand's unseen
   positions reversed no longer gives the seat its observations), where the order is what the
   seat saw. The seen cards a seat may have put aside in secret (the chien cards a taker took)
   keep their dealt places, but whether they were put aside is free too. Each free card gets the
   *bins* it may fall into — kept in a place as dealt (a hand; the kitty or the
   stock, by the seat that receives them), or dealt there and then used by one run — by necessary
   conditions only: a card its holder played or showed, or that the seat saw in its hand, was in
   its hand then (a card with one bin left is put there before counting); a card whose presence
   would have made a card play illegal (a void shown) was not in the player's hand then; a card
   refused for a secret action with the fewest cards its actor may hold (or one that would have
   shown itself) is never used there.
3. A candidate (layout, runs' cards) is drawn exactly uniformly among those respecting these bins
   and their sizes: the cards are grouped by their allowed bins, a dynamic programme counts the
   ways to fill the bins (exact integers; group by group, or bin by bin — merging the groups the
   bins left no longer tell apart — whichever has fewer states; summed over the ways each run may
   take its cards from its sources), and the counts of
   each group in each bin are drawn in proportion; then the cards and the order within each
   place are shuffled. Where blind fillings of the bins' sizes are often right and counting
   would take many states, every filling is proposed alike and those that break a card's bins
   are rejected (exactly uniform too). Where blind fillings are seldom right, the ways are
   counted however many states they take: a large count is done on the first draws, within
   their time limit, and goes on where it stopped on the next draw (the counts found are kept).
4. The history, with each run's cards in increasing order, is replayed on the candidate; it is
   rejected at the first illegal action or different observation, and drawn again. Rejection from
   an exactly uniform proposal on a superset is exactly uniform on the accepted worlds.

The analysis of steps 1–3 and the counts of step 3 are cached per ``(state, seat)``. A draw
never runs on: past its time limit (:data:`TIME_LIMIT`) of drawing candidates it raises
:class:`~tarotlib.errors.SamplingError`.

The conditions of step 2 rest on assumptions about trick games, checked against the brute force
in the tests: an action that removes a card from its actor's hand needs the card in that hand; a
card play refused because of one card stays refused with that card whatever else the hand holds
(the follow, trump and overtrump rules); a card refused for a secret action with the fewest cards
its actor may hold is refused with more (the écart's kings, and its trumps unless forced); a step
whose card the seat sees is not secret in any world; a card takes part in one secret action at
most.

>>> import random, tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state, moves = rules.new_deal(seed=3), random.Random(3)
>>> while len(state.tricks) < 4:
...     state = state.apply(moves.choice(state.legal_actions()))
>>> world = sample_world(state, 2, random.Random(1))
>>> world.observation(2) == state.observation(2), len(world.history) == len(state.history)
(True, True)
>>> world.hand(2) == state.hand(2), world.hand(1) == state.hand(1)
(True, False)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb, factorial
from typing import TypeVar

import attrs

from tarotlib.core.actions import Action, Play
from tarotlib.core.cards import ALL_CARDS
from tarotlib.core.dealing import Layout
from tarotlib.deal.state import DealState, add_cards, with_hand
from tarotlib.errors import DealError, IllegalActionError, SamplingError

__all__ = ["consistent_worlds", "sample_world"]

S = TypeVar("S", bound=DealState)
_MAX_STATES = 400_000
"""Above this many states the proposal's counts are computed only where blind fillings are
seldom right (see :data:`_BLIND_RATE`), and then on the first draws, within their time limit
(counting that many takes about a second)."""
_KEEP_STATES = 20_000
"""Up to this many states the proposal's counts are always computed, the bins in their first
order (a few tens of ms)."""
_BLIND_RATE = 0.001
"""Above :data:`_KEEP_STATES` states, the proposal is counted only when fewer blind fillings than
this share respect every card's bins (else rejection is cheaper: at most about 1,000 blind
fillings, some 15 ms, a candidate). Below it, rejection may not end in any useful time: late in
the play of Tarocc'Ombre with seven players, not one blind filling in 20,000 is right."""
TIME_LIMIT = 2.0
""":func:`sample_world`'s default time limit, in seconds, for drawing the candidates of a world
(and counting them, on a large position; the analysis of the first call on a position comes on
top: about a second at most)."""
Place = tuple[str, int]
"""Where a card is dealt: ``("hand", seat)``, or ``("kitty", seat)`` / ``("stock", seat)`` by
the seat that receives the card (-1: nobody); ``("known", seat)``: a seen card that ``seat`` may
have used in secret."""
Slot = tuple[str, int, int]
"""One card's position in a layout: ``("hand", seat, i)``, ``("kitty", 0, i)``,
``("stock", 0, i)``."""
Bin = tuple[Place, int]
"""A free card's fate: dealt to the place and kept (run -1), or used by the run."""


def _slots(state: DealState) -> list[tuple[Slot, int]]:
    """Every position of the layout with its card, in layout order."""
    d = state.data
    out: list[tuple[Slot, int]] = []
    for seat in range(state.rules.players):
        cards = d.order[seat] if d.order is not None else state.layout.hands[seat]
        out.extend((("hand", seat, i), int(c)) for i, c in enumerate(cards))
    out.extend((("kitty", 0, i), int(c)) for i, c in enumerate(state.layout.kitty))
    out.extend((("stock", 0, i), int(c)) for i, c in enumerate(d.stock))
    return out


def _layout(state: DealState, filled: dict[Slot, int]) -> Layout:
    """The layout of ``state`` with its positions holding ``filled``."""
    d = state.data
    n = state.rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    kitty: list[int] = []
    stock: list[int] = []
    for slot, card in sorted(filled.items()):
        kind, seat, _ = slot
        (hands[seat] if kind == "hand" else kitty if kind == "kitty" else stock).append(card)
    masks = [sum(1 << c for c in h) for h in hands]
    order = None if d.order is None else [[ALL_CARDS[c] for c in h] for h in hands]
    return Layout.from_masks(
        masks, sum(1 << c for c in kitty), d.dealer, [ALL_CARDS[c] for c in stock], order=order
    )


def _seen(observation: object) -> frozenset[int]:
    visible = getattr(observation, "visible_cards", None)
    if callable(visible):
        return frozenset(int(c) for c in visible())
    return frozenset(int(c) for c in getattr(observation, "hand", ()))


def _reads_order(
    state: DealState, y: int, seat: int, first: frozenset[int], seen: Sequence[object]
) -> bool:
    """Whether the play reads the dealing order of ``y``'s hand, for ``seat``: whether the real
    history, on the real layout with the cards of ``y`` that ``seat`` did not see at the deal
    dealt in the reverse order, stops giving ``seat`` its observations (the solo's piles: the AI
    leads its top card). False where the hands keep no order."""
    order = state.data.order
    if order is None:
        return False
    hand = [int(c) for c in order[y]]
    at = [i for i, c in enumerate(hand) if c not in first]
    if len(at) < 2:
        return False
    for i, c in zip(at, reversed([hand[i] for i in at]), strict=True):
        hand[i] = c
    filled = dict(_slots(state))
    filled.update((("hand", y, i), c) for i, c in enumerate(hand))
    layout = _layout(state, filled)
    return _replay(state, layout, seat, seen, state.history) is None


def _hands(state: DealState) -> tuple[int, ...]:
    return tuple(state.hand_mask(s) for s in range(state.rules.players))


def _card(action: Action) -> int | None:
    card = getattr(action, "card", None)
    return None if card is None else int(card)


def _with_card(action: Action, card: int) -> Action:
    """``action`` with another card (its kind and notation kept)."""
    evolve: Callable[..., Action] = attrs.evolve
    return evolve(action, card=ALL_CARDS[card])


def _replay(
    state: S, layout: Layout, seat: int, seen: Sequence[object], actions: Sequence[Action]
) -> S | None:
    """The state of ``layout`` after ``actions`` if every step is legal and gives ``seat`` the
    observations ``seen`` (the first: after the deal), else None."""
    rules = state.rules
    try:
        world: S = rules.new_deal(layout=layout, facts=state.facts or None)
    except DealError:
        return None
    if world.observation(seat) != seen[0]:
        return None
    for action, expected in zip(actions, seen[1:], strict=True):
        try:
            world = world.apply(action)
        except IllegalActionError:
            return None
        if world.observation(seat) != expected:
            return None
    return world


def _states(state: S) -> list[S]:
    """The real deal replayed: the state after the deal and after every step."""
    start = state.rules.new_deal(layout=state.layout, facts=state.facts or None)
    states = [start]
    for action in state.history:
        states.append(states[-1].apply(action))
    return states


def _bounded_counts(
    open_: Sequence[int], bounds: Sequence[int], total: int
) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as counts at the positions ``open_`` (each at most its
    ``bounds``), zero elsewhere: tuples as long as ``bounds``."""
    counts = [0] * len(bounds)

    def rec(k: int, left: int) -> Iterator[tuple[int, ...]]:
        if k == len(open_):
            if left == 0:
                yield tuple(counts)
            return
        i = open_[k]
        for x in range(min(left, bounds[i]) + 1):
            counts[i] = x
            yield from rec(k + 1, left - x)
        counts[i] = 0

    return rec(0, total)


@attrs.frozen
class _Run:
    """Consecutive secret steps of one seat (``actor``) of one kind; ``receiver`` gets the cards
    (-1: none, a discard)."""

    steps: tuple[int, ...]
    actor: int
    receiver: int


def _runs(states: Sequence[DealState], actions: Sequence[Action], seat: int) -> list[_Run]:
    """The secret steps of the history for ``seat``, grouped in runs (module docstring, step 1)."""
    runs: list[_Run] = []
    previous: tuple[int, int, type, int] | None = None
    for step, action in enumerate(actions):
        actor = states[step].to_act
        card = _card(action)
        if actor is None or actor == seat or card is None:
            previous = None
            continue
        expected = states[step + 1].observation(seat)
        shown = card in _seen(expected) and card not in _seen(states[step].observation(seat))
        if shown or not _hides(states[step], action, seat, expected):
            previous = None
            continue
        receiver = -1
        after = _hands(states[step + 1])
        for z, h in enumerate(after):
            if z != actor and h >> card & 1 and not states[step].hand_mask(z) >> card & 1:
                receiver = z
        key = (actor, receiver, type(action), step - 1)
        if previous is not None and previous == key:
            last = runs[-1]
            runs[-1] = _Run((*last.steps, step), actor, receiver)
        else:
            runs.append(_Run((step,), actor, receiver))
        previous = (actor, receiver, type(action), step)
    return runs


def _hides(now: DealState, action: Action, seat: int, expected: object) -> bool:
    """Whether another action of the same kind gives ``seat`` the observation ``expected`` too
    (another legal one, or, if the actor had no other, one with a card added to its hand)."""
    others = [a for a in now.legal_actions() if type(a) is type(action) and a != action]
    for other in others:
        if now.apply(other).observation(seat) == expected:
            return True
    if others:
        return False
    y = now.actor
    seen = _seen(expected)
    for c in range(len(ALL_CARDS)):
        if c in seen or now.hand_mask(y) >> c & 1:
            continue
        test = now.proceed(None, to_act=y, hands=add_cards(now.packed_hands, y, 1 << c))
        try:
            if test.apply(_with_card(action, c)).observation(seat) == expected:
                return True
        except IllegalActionError:
            continue
    return False


class _Plan:
    """What :func:`sample_world` needs for one ``(state, seat)``: see the module docstring."""

    def __init__(self, state: DealState, seat: int) -> None:
        rules = state.rules
        n = rules.players
        self.state = state
        self.seat = seat
        self.actions = state.history
        states = _states(state)
        self.seen = [s.observation(seat) for s in states]
        visible = [_seen(obs) for obs in self.seen]
        seen_cards: set[int] = set()
        for cards in visible:
            seen_cards |= cards
        slots = _slots(state)
        runs = _runs(states, self.actions, seat)
        self.runs = runs
        secret_step = {step: r for r, run in enumerate(runs) for step in run.steps}
        mentioned: set[int] = set()  # the cards the history names to the seat
        for step, action in enumerate(self.actions):
            if step in secret_step:
                continue  # not seen: the world draws the secret actions' cards again
            card = _card(action)
            if card is not None:
                mentioned.add(card)
            mentioned.update(int(c) for c in getattr(action, "shown", ()))

        # Where the cards went: the seat receiving each kitty or stock card, the places that
        # fed each seat's hand by each step, the cards leaving hands and joining them.
        receiver: dict[int, int] = {}
        taken: dict[int, int] = {}  # kitty or stock card -> the step a hand took it
        fed: list[list[tuple[int, Place]]] = [[] for _ in range(n)]  # (step, place)
        removed: list[tuple[int, int, int]] = []  # (step, seat, card), not by a secret step
        entered: dict[tuple[int, int], int] = {}  # (seat, card) -> step, from another hand
        loose = {card for slot, card in slots if slot[0] != "hand"}
        kind_of = {card: slot[0] for slot, card in slots}
        hands_at = [_hands(s) for s in states]
        before = tuple(state.layout.hand_masks)
        for step, after in enumerate(hands_at):
            secret = secret_step.get(step - 1)
            held = 0
            for h in before:
                held |= h
            for y in range(n):
                for c in _bits(before[y] & ~after[y]):
                    if (
                        secret is None
                        or runs[secret].actor != y
                        or c != _card(self.actions[step - 1])
                    ):
                        removed.append((step - 1, y, c))
                for c in _bits(after[y] & ~before[y]):
                    if held >> c & 1:
                        if secret is None:
                            entered.setdefault((y, c), step - 1)
                    elif c in loose:
                        receiver.setdefault(c, y)
                        taken.setdefault(c, step - 1)
                        fed[y].append((step - 1, (kind_of[c], y)))
            before = after

        def gives_into(y: int, step: int) -> list[int]:
            """The runs that gave ``y`` a card before ``step``."""
            return [r for r, run in enumerate(runs) if run.receiver == y and run.steps[-1] < step]

        # The seen cards whose dealt position the seat knows: seen just after the deal (its own
        # hand, a card turned up, the exposed cards), seen in the kitty or the stock or as a hand
        # took them from there (a chien shown), or taken from there into its own hand; and the
        # seen cards of a hand whose order the play reads (_reads_order: the solo's piles), where
        # the order is what the seat saw. Where another seat's other seen cards were dealt (its
        # first five cards or the stock, its dealing positions), the seat does not know: free.
        placed = set(visible[0])
        for c in loose & seen_cards:
            last = taken.get(c, len(visible) - 1)
            if receiver.get(c) == seat or any(c in visible[k] for k in range(last + 2)):
                placed.add(c)
        for y in range(n):
            if _reads_order(state, y, seat, visible[0], self.seen):
                held = state.layout.hand_masks[y]
                placed.update(c for c in seen_cards if held >> c & 1)
        # Free cards: never seen, seen but not where they were dealt, or seen leaving a hand that
        # had received a card in secret.
        free = {card for _, card in slots if card not in seen_cards or card not in placed}
        for step, y, c in removed:
            if c in seen_cards and gives_into(y, step) and (y, c) not in entered:
                free.add(c)

        def place(slot: Slot, card: int) -> Place:
            return ("hand", slot[1]) if slot[0] == "hand" else (slot[0], receiver.get(card, -1))

        free_slots = [(slot, card) for slot, card in slots if card in free]
        self.fixed = {slot: card for slot, card in slots if card not in free}
        dealt = sorted({place(slot, card) for slot, card in free_slots})
        self.slots_of: dict[Place, list[Slot]] = {p: [] for p in dealt}
        for slot, card in free_slots:
            self.slots_of[place(slot, card)].append(slot)
        dealt_at = {card: place(slot, card) for slot, card in slots}

        def feeds(y: int, step: int) -> set[Place]:
            """The places whose cards are in ``y``'s hand by ``step`` (as dealt or received)."""
            out: set[Place] = {("hand", y)}
            out.update(p for when, p in fed[y] if when < step)
            return out

        # Seen cards with a fixed place that their holder may have used in secret.
        public_out = {(y, c) for _, y, c in removed}
        known: dict[int, set[int]] = {}  # card -> runs it may be used by
        for r, run in enumerate(runs):
            y, first = run.actor, run.steps[0]
            for c in _bits(hands_at[first][y] | _real_used(self.actions, run)):
                if c in free or (y, c) in public_out:
                    continue
                if dealt_at[c] in feeds(y, first) or (y, c) in entered:
                    known.setdefault(c, set()).add(r)
        known_places = sorted({("known", runs[min(rs)].actor) for rs in known.values()})
        self.known = known

        # The bins and their sources.
        keep: list[Bin] = [(p, -1) for p in (*dealt, *known_places)]
        run_bins: list[Bin] = []
        for r, run in enumerate(runs):
            sources = sorted(feeds(run.actor, run.steps[0]) & set(dealt))
            if any(r in rs for rs in known.values()):
                sources.append(("known", run.actor))
            run_bins.extend((p, r) for p in sources)
        self.bins = bins = keep + run_bins
        index = {b: i for i, b in enumerate(bins)}

        def held_bins(y: int, step: int, own_runs_after: bool) -> int:
            """The bins whose cards are in ``y``'s hand just before ``step``."""
            near = feeds(y, step)
            bits = 0
            for (p, r), i in index.items():
                if r < 0:
                    held = p in near and p[0] != "known"
                elif runs[r].receiver == y:  # given to y before
                    held = runs[r].steps[-1] < step
                else:  # used by y later
                    held = own_runs_after and runs[r].actor == y and runs[r].steps[0] >= step
                    held = held and p in near
                if held:
                    bits |= 1 << i
            return bits

        tester = _Tester(states, self.actions, seat, self.seen, removed)
        allowed: dict[int, int] = {}
        for c in sorted(free):
            bits = 0
            for b, i in index.items():
                p, r = b
                if p[0] == "known":
                    continue
                if r >= 0 and not tester.fits(c, runs[r]):
                    continue
                bits |= 1 << i
            allowed[c] = bits
        for c, rs in sorted(known.items()):
            y = runs[min(rs)].actor
            bits = 1 << index[(("known", y), -1)]
            for r in rs:
                if (("known", y), r) in index and tester.fits(c, runs[r]):
                    bits |= 1 << index[(("known", y), r)]
            allowed[c] = bits
        # A card its holder played or showed was in its hand then.
        for step, y, c in removed:
            if c in free and (y, c) not in entered:
                allowed[c] &= held_bins(y, step, False)
        shown: set[int] = set()  # a free card seen in another seat's hand: in it then
        for step, cards in enumerate(visible):
            for c in cards & free.difference(shown):
                for y in range(n):
                    if y != seat and hands_at[step][y] >> c & 1 and (y, c) not in entered:
                        allowed[c] &= held_bins(y, step, True)
                        shown.add(c)
        # Voids: a card nobody names was not in the hand of a player whose play it would have
        # made illegal.
        quiet = [c for c in sorted(free) if c not in mentioned and c in allowed]
        quiet = [c for c in quiet if not any(c == rc for _, _, rc in removed)]
        for step, action in enumerate(self.actions):
            now = states[step]
            actor = now.to_act
            if actor is None:
                continue
            y = actor
            if y == seat or not isinstance(action, Play) or gives_into(y, step):
                continue
            r_bits = held_bins(y, step, True)
            if not r_bits:
                continue
            hands = hands_at[step]
            candidates = [c for c in quiet if allowed[c] & r_bits and not hands[y] >> c & 1]
            if not candidates or self._allows(now, hands, y, candidates, action):
                continue
            for c in candidates:
                if not self._allows(now, hands, y, [c], action):
                    allowed[c] &= ~r_bits
        self.allowed = allowed

        # The ways each run may take its cards from its sources: one capacity vector each.
        base = [0] * len(bins)
        for p in dealt:
            base[index[(p, -1)]] = len(self.slots_of[p])
        for rs in known.values():
            base[index[(("known", runs[min(rs)].actor), -1)]] += 1
        self.capacities: list[tuple[int, ...]] = []
        for split in _splits(
            [[index[b] for b in run_bins if b[1] == r] for r in range(len(runs))],
            [len(run.steps) for run in runs],
        ):
            cap = list(base)
            for i, x in split:
                cap[i] = x
                p = bins[i][0]
                cap[index[(p, -1)]] -= x
            if min(cap, default=0) >= 0:
                self.capacities.append(tuple(cap))
        # A card with one bin goes there: it is put aside, and the bins' room counted without it
        # (a played card of a hand that nothing else fed, in most games).
        self.forced: dict[int, list[int]] = {}  # bin -> its cards
        for c, m in list(allowed.items()):
            if m and not m & (m - 1):
                self.forced.setdefault(m.bit_length() - 1, []).append(c)
                del allowed[c]
        taken_room = [len(self.forced.get(i, ())) for i in range(len(bins))]
        self.capacities = [
            tuple(x - t for x, t in zip(cap, taken_room, strict=True))
            for cap in self.capacities
            if all(x >= t for x, t in zip(cap, taken_room, strict=True))
        ]
        self._group(allowed)
        # Many states to count, and few fillings of the bins' sizes break a card's bins:
        # propose every filling alike (their number is a multinomial) and reject those that
        # break a card's bins. Up to _KEEP_STATES the proposal is always counted; beyond, where
        # blind fillings are rarely right (2,000 tried, on a fixed seed: the plan stays the same
        # for the same position), with the bins in the order that keeps the counts small (the
        # numbers of states below do not depend on the order); beyond _MAX_STATES, on the
        # first draws (see weigh).
        states_by_group = max((_prod(x + 1 for x in cap) for cap in self.capacities), default=1)
        states_by_bin = _prod(len(cards) + 1 for _, cards in self.groups)
        self.most = most = min(states_by_bin, states_by_group)  # the count's bound
        self.counted = most <= _KEEP_STATES or self._blind_rate(2_000) < _BLIND_RATE
        if self.counted and most > _KEEP_STATES:
            # The bins those fewer cards may go into first, the two that most may go into
            # last (counted without a search, see _last_ways).
            takers = [sum(1 for m in allowed.values() if m >> i & 1) for i in range(len(bins))]
            order = sorted(range(len(bins)), key=lambda i: (takers[i], i))
            self.bins = bins = [bins[i] for i in order]
            allowed = {
                c: sum(1 << j for j, i in enumerate(order) if m >> i & 1)
                for c, m in allowed.items()
            }
            self.allowed = allowed
            self.capacities = [tuple(cap[i] for i in order) for cap in self.capacities]
            self.forced = {order.index(i): cards for i, cards in self.forced.items()}
            self._group(allowed)
        # Fill the bins group by group, or group by group into bins (the bin by bin programme:
        # its states are the groups' remaining sizes), whichever has fewer states.
        self.by_bin = states_by_bin < states_by_group
        self.sizes = tuple(len(cards) for _, cards in self.groups)
        self.weights: list[int] = []
        self.total = 0
        self.weighed = False
        if not self.counted:
            self.weights = [_multinomial(cap) for cap in self.capacities]
            self.total = sum(self.weights)
            self.weighed = True
        elif most <= _MAX_STATES:
            self.weigh(None)

    def weigh(self, deadline: _Deadline | None) -> None:
        """Count the ways to fill the bins for each capacity vector (the proposal's weights),
        until ``deadline`` (None: no limit): a count cut short raises :class:`~tarotlib.errors.SamplingError`,
        and the next one goes on from the counts found (each kept whole once found)."""
        try:
            weights = [
                self.bin_ways(0, self.sizes, cap, deadline)
                if self.by_bin
                else self.ways(0, cap, deadline)
                for cap in self.capacities
            ]
        except SamplingError:
            assert deadline is not None
            raise SamplingError(
                f"no world drawn for seat {deadline.seat} within {deadline.limit} s: the ways "
                "to deal the unseen cards were still being counted "
                f"({len(self._memo) + len(self._counts):,} counts found, kept for the next "
                "draw); a larger time_limit (or None) lets the count finish"
            ) from None
        self.weights, self.total, self.weighed = weights, sum(weights), True

    def _group(self, allowed: dict[int, int]) -> None:
        """The free cards grouped by their allowed bins, and what the counts read of them."""
        n = len(self.bins)
        groups: dict[int, list[int]] = {}
        for card in sorted(allowed):
            groups.setdefault(allowed[card], []).append(card)
        # The largest group last: its counts are then forced.
        self.groups = sorted(groups.items(), key=lambda g: (len(g[1]), g[0]))
        self._memo: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        # The bin by bin programme merges the groups that the bins left to fill no longer tell
        # apart: at bin b, a *class* is the groups whose masks agree on bins b..., and its count is
        # theirs summed (which of them a card came from no longer matters). By bin: each class's
        # mask, the class each becomes at the next bin, the classes the bin may take from, and the
        # counts of bin_ways so far.
        self._masks: list[list[int]] = []
        self._lift: list[list[int]] = []
        for b in range(n + 1):
            kept = ~((1 << b) - 1)
            masks: list[int] = []
            for mask, _ in self.groups:
                if mask & kept not in masks:
                    masks.append(mask & kept)
            self._masks.append(masks)
        for b in range(n):
            kept = ~((1 << (b + 1)) - 1)
            self._lift.append([self._masks[b + 1].index(m & kept) for m in self._masks[b]])
        self._open = [[k for k, m in enumerate(self._masks[b]) if m >> b & 1] for b in range(n)]
        self._counts: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        # The bins each group may go into, by group (for ways).
        self._bins_of = [[b for b in range(n) if mask >> b & 1] for mask, _ in self.groups]

    def _blind_rate(self, trials: int) -> float:
        """The share of ``trials`` blind fillings of the bins' sizes (as :meth:`_propose_any`
        draws them, on a fixed seed) that respect every card's bins."""
        rng = random.Random(0)
        weights = [_multinomial(cap) for cap in self.capacities]
        total = sum(weights)
        if not total:
            return 0.0
        deck = [c for _, cards in self.groups for c in cards]
        allowed = self.allowed
        hits = 0
        for _ in range(trials):
            pick = rng.randrange(total)
            at = 0
            while pick >= weights[at]:
                pick -= weights[at]
                at += 1
            rng.shuffle(deck)
            start = 0
            for b, x in enumerate(self.capacities[at]):
                if any(not allowed[c] >> b & 1 for c in deck[start : start + x]):
                    break
                start += x
            else:
                hits += 1
        return hits / trials

    @staticmethod
    def _allows(
        now: DealState, hands: tuple[int, ...], y: int, extra: list[int], action: Action
    ) -> bool:
        """Whether ``action`` stays legal for ``y`` with the ``extra`` cards in its hand."""
        packed = 0
        for s, h in enumerate(hands):
            if s == y:
                for c in extra:
                    h |= 1 << c
            packed = add_cards(packed, s, h)
        test = now.proceed(None, to_act=y, hands=packed)
        return action in test.legal_actions()

    def _fills(self, g: int, cap: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The counts of group ``g``'s cards in each bin, within ``cap`` and its bins."""
        mask, cards = self.groups[g]
        if g == len(self.groups) - 1:  # the last group fills what is left, if it may
            fits = sum(cap) == len(cards) and all(mask >> i & 1 for i, x in enumerate(cap) if x)
            return iter((cap,) if fits else ())
        places = [i for i in range(len(cap)) if mask >> i & 1 and cap[i]]
        return _bounded_counts(places, cap, len(cards))

    def ways(self, g: int, cap: tuple[int, ...], deadline: _Deadline | None = None) -> int:
        """The number of ways to put groups ``g``... into the bins' free room ``cap``: the sum,
        over the counts of group ``g`` in each bin (:meth:`_fills`), of the ways to share its
        cards so times the ways to place the next groups. Counted one bin at a time
        (:meth:`_spread`), so that the counts of group ``g`` are not all listed."""
        if g == len(self.groups):
            return 0 if any(cap) else 1
        return self._spread(g, 0, len(self.groups[g][1]), cap, deadline)

    def _spread(
        self, g: int, j: int, left: int, cap: tuple[int, ...], deadline: _Deadline | None
    ) -> int:
        """The ways to put ``left`` more cards of group ``g`` into its bins ``j``... (of
        :attr:`_bins_of`, room ``cap``), times the ways to place the next groups."""
        places = self._bins_of[g]
        while j < len(places) and not cap[places[j]]:
            j += 1  # a bin with no room takes none
        if not left or j == len(places):
            return 0 if left else self.ways(g + 1, cap, deadline)
        key = (g, j, left, cap)
        got = self._memo.get(key)
        if got is None:
            if deadline is not None:
                deadline.tick()
            got = 0
            b = places[j]
            room = cap[b]
            # What the next bins can take at most: below what is left, bin b takes the rest.
            after = 0
            for i in places[j + 1 :]:
                after += cap[i]
            for x in range(max(0, left - after), min(left, room) + 1):
                rest = cap if not x else cap[:b] + (room - x,) + cap[b + 1 :]
                w = self._spread(g, j + 1, left - x, rest, deadline)
                if w:
                    got += comb(left, x) * w
            self._memo[key] = got
        return got

    def _takes(self, b: int, rest: tuple[int, ...], room: int) -> Iterator[tuple[int, ...]]:
        """The counts of each class's cards that bin ``b`` takes (``room`` cards in all) from the
        classes' remaining ``rest``."""
        open_ = [k for k in self._open[b] if rest[k]]
        return _bounded_counts(open_, rest, room)

    def _lifted(self, b: int, left: tuple[int, ...]) -> tuple[int, ...] | None:
        """The classes' counts ``left`` after bin ``b``, as the classes of bin ``b + 1`` (None
        if a class with no bin left still has cards)."""
        masks = self._masks[b + 1]
        out = [0] * len(masks)
        for k, x in zip(self._lift[b], left, strict=True):
            if x:
                if not masks[k]:
                    return None
                out[k] += x
        return tuple(out)

    def bin_ways(
        self,
        b: int,
        rest: tuple[int, ...],
        cap: tuple[int, ...],
        deadline: _Deadline | None = None,
    ) -> int:
        """The number of ways to fill bins ``b``... (room ``cap``) with the classes' remaining
        ``rest`` cards (the classes of bin ``b``): the sum, over the counts each class gives bin
        ``b`` (:meth:`_takes`), of the ways to choose those cards times the ways to fill the next
        bins. Counted one class at a time (:meth:`_count`), so that the counts of bin ``b`` are
        not all listed."""
        if b == len(cap):
            return 0 if any(rest) else 1
        if b >= len(cap) - 2:
            return self._last_ways(b, rest, cap)
        return self._count(b, 0, rest, cap[b], cap, deadline)

    def _last_ways(self, b: int, rest: tuple[int, ...], cap: tuple[int, ...]) -> int:
        """:meth:`bin_ways` for the last bin or the last two, without a search: the last bin
        takes every card left, if it may; of two, the first takes the cards only it may take,
        and as many of the cards both may take as its room leaves (a binomial coefficient)."""
        total = 0
        only: list[int] = [0, 0]
        both = 0
        for k, r in enumerate(rest):
            if not r:
                continue
            mask = self._masks[b][k]
            first, second = mask >> b & 1, b + 1 < len(cap) and mask >> (b + 1) & 1
            if not first and not second:
                return 0
            total += r
            if first and second:
                both += r
            else:
                only[0 if first else 1] += r
        if total != sum(cap[b:]):
            return 0
        if b == len(cap) - 1:
            return 1
        k = cap[b] - only[0]
        return comb(both, k) if 0 <= k <= both else 0

    def _count(
        self,
        b: int,
        g: int,
        rest: tuple[int, ...],
        room: int,
        cap: tuple[int, ...],
        deadline: _Deadline | None,
    ) -> int:
        """The ways to put ``room`` more cards into bin ``b`` from its classes ``g``...
        (``rest`` of each class left), times the ways to fill the next bins with what is then
        left."""
        classes = self._open[b]
        while g < len(classes) and not rest[classes[g]]:
            g += 1  # a class with no card left gives none
        if not room or g == len(classes):
            if room:
                return 0
            lifted = self._lifted(b, rest)
            return 0 if lifted is None else self.bin_ways(b + 1, lifted, cap, deadline)
        key = (b, g, room, rest + cap[b + 1 :])
        got = self._counts.get(key)
        if got is None:
            if deadline is not None:
                deadline.tick()
            got = 0
            i = classes[g]
            r = rest[i]
            # What the classes after g can give at most: below what is left of the room, g must
            # give the difference; a class whose last bin this is gives all it has left.
            after = 0
            for j in classes[g + 1 :]:
                after += rest[j]
            low = r if self._masks[b][i] >> (b + 1) == 0 else max(0, room - after)
            for x in range(low, min(r, room) + 1):
                left = rest if not x else rest[:i] + (r - x,) + rest[i + 1 :]
                w = self._count(b, g + 1, left, room - x, cap, deadline)
                if w:
                    got += comb(r, x) * w
            self._counts[key] = got
        return got

    def _propose_by_bin(self, rng: random.Random, cap: tuple[int, ...]) -> list[list[int]]:
        pools = [list(cards) for _, cards in self.groups]  # the classes of bin 0 are the groups
        rest = self.sizes
        content: list[list[int]] = [[] for _ in self.bins]
        for b in range(len(cap)):
            pick = rng.randrange(self.bin_ways(b, rest, cap))
            lifted: tuple[int, ...] | None = None
            for take in self._takes(b, rest, cap[b]):
                after = tuple(r - x for r, x in zip(rest, take, strict=True))
                lifted = self._lifted(b, after) if b + 1 < len(cap) else after
                if lifted is None:
                    continue
                w = _prod(comb(r, x) for r, x in zip(rest, take, strict=True))
                w *= self.bin_ways(b + 1, lifted, cap)
                if pick < w:
                    break
                pick -= w
            for k, x in enumerate(take):
                if x:
                    chosen = rng.sample(pools[k], x)
                    content[b].extend(chosen)
                    taken = set(chosen)
                    pools[k] = [c for c in pools[k] if c not in taken]
            if b + 1 < len(cap):
                merged: list[list[int]] = [[] for _ in self._masks[b + 1]]
                for k, pool in zip(self._lift[b], pools, strict=True):
                    merged[k].extend(pool)
                pools = merged
            assert lifted is not None
            rest = lifted
        return content

    def _propose_any(
        self, rng: random.Random, cap: tuple[int, ...], deadline: _Deadline
    ) -> list[list[int]]:
        """A filling of the bins' sizes ``cap`` drawn uniformly among those that respect every
        card's bins (uniform fillings of the sizes, the others rejected, until ``deadline``)."""
        deck = [c for _, cards in self.groups for c in cards]
        while True:
            deadline.tick()
            rng.shuffle(deck)
            content: list[list[int]] = []
            at = 0
            for b, x in enumerate(cap):
                part = deck[at : at + x]
                if any(not self.allowed[c] >> b & 1 for c in part):
                    break
                content.append(part)
                at += x
            else:
                return content

    def propose(self, rng: random.Random, deadline: _Deadline) -> tuple[Layout, tuple[Action, ...]]:
        """A layout and history drawn uniformly among those respecting the allowed bins (raises
        :class:`~tarotlib.errors.SamplingError` once ``deadline`` is past)."""
        if not self.weighed:
            self.weigh(deadline)
        if not self.total:
            raise DealError("no world is consistent with what the seat has seen")
        pick = rng.randrange(self.total)
        at = 0
        while pick >= self.weights[at]:
            pick -= self.weights[at]
            at += 1
        cap = self.capacities[at]
        content: list[list[int]] = [[] for _ in self.bins]
        for g, (_, cards) in enumerate(self.groups if self.counted and not self.by_bin else ()):
            size = factorial(len(cards))
            pick = rng.randrange(self.ways(g, cap))
            for fill in self._fills(g, cap):
                rest = tuple(a - b for a, b in zip(cap, fill, strict=True))
                w = size // _prod_fact(fill) * self.ways(g + 1, rest)
                if pick < w:
                    break
                pick -= w
            deck = list(cards)
            rng.shuffle(deck)
            at = 0
            for i, x in enumerate(fill):
                content[i].extend(deck[at : at + x])
                at += x
            cap = rest
        if not self.counted:
            content = self._propose_any(rng, cap, deadline)
        elif self.by_bin:
            content = self._propose_by_bin(rng, cap)
        for i, cards in self.forced.items():
            content[i] = [*content[i], *cards]
        filled = dict(self.fixed)
        by_place: dict[Place, list[int]] = {p: [] for p in self.slots_of}
        used: list[list[int]] = [[] for _ in self.runs]
        for (p, r), cards in zip(self.bins, content, strict=True):
            if p in by_place:
                by_place[p].extend(cards)
            if r >= 0:
                used[r].extend(cards)
        for p, cards in by_place.items():
            rng.shuffle(cards)
            filled.update(zip(self.slots_of[p], cards, strict=True))
        actions = list(self.actions)
        for run, cards in zip(self.runs, used, strict=True):
            for step, c in zip(run.steps, sorted(cards), strict=True):
                actions[step] = _with_card(actions[step], c)
        return _layout(self.state, filled), tuple(actions)


class _Deadline:
    """The time limit of one draw: :meth:`tick` counts a candidate and raises
    :class:`~tarotlib.errors.SamplingError` once the limit is past (the clock read every 64
    candidates)."""

    __slots__ = ("end", "limit", "seat", "tried")

    def __init__(self, limit: float | None, seat: int) -> None:
        self.limit = limit
        self.end = None if limit is None else time.perf_counter() + limit
        self.seat = seat
        self.tried = 0

    def tick(self) -> None:
        self.tried += 1
        if (
            self.end is not None
            and ((self.tried & 63) == 1 or self.limit == 0)
            and time.perf_counter() >= self.end
        ):
            raise SamplingError(
                f"no world found for seat {self.seat} within {self.limit} s (candidates "
                f"tried: {self.tried:,}): the position's constraints leave few of the "
                "candidates standing; a larger time_limit (or None) lets the sampler go on"
            )


class _Tester:
    """Whether a card may be used by a run (module docstring, step 2): legal with the fewest cards
    its actor may hold, and not shown by the action."""

    def __init__(
        self,
        states: Sequence[DealState],
        actions: Sequence[Action],
        seat: int,
        seen: Sequence[object],
        removed: Sequence[tuple[int, int, int]],
    ) -> None:
        self.states = states
        self.actions = actions
        self.seat = seat
        self.seen = seen
        self.removed = removed
        self._cache: dict[tuple[int, int], bool] = {}

    def fits(self, card: int, run: _Run) -> bool:
        key = (card, run.steps[0])
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = any(self._fits_at(card, run.actor, s) for s in run.steps)
        return got

    def _fits_at(self, card: int, y: int, step: int) -> bool:
        now = self.states[step]
        keep = 0
        for when, z, c in self.removed:
            if z == y and when > step:
                keep |= 1 << c
        hand = now.hand_mask(y) & keep | 1 << card
        test = now.proceed(None, to_act=y, hands=with_hand(now.packed_hands, y, hand))
        try:
            after = test.apply(_with_card(self.actions[step], card))
        except IllegalActionError:
            return False
        return bool(after.observation(self.seat) == self.seen[step + 1])


def _real_used(actions: Sequence[Action], run: _Run) -> int:
    mask = 0
    for step in run.steps:
        card = _card(actions[step])
        if card is not None:
            mask |= 1 << card
    return mask


def _splits(
    sources: Sequence[Sequence[int]], sizes: Sequence[int]
) -> Iterator[list[tuple[int, int]]]:
    """Every way to take each run's ``size`` cards from its ``sources``: ``(bin, count)`` pairs."""
    if not sources:
        yield []
        return
    first, rest = sources[0], sizes[1:]
    for head in _compositions(sizes[0], len(first)):
        for tail in _splits(sources[1:], rest):
            yield [*zip(first, head, strict=True), *tail]


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for x in range(total + 1):
        for tail in _compositions(total - x, parts - 1):
            yield (x, *tail)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _prod(xs: Iterable[int]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


def _multinomial(counts: Sequence[int]) -> int:
    return factorial(sum(counts)) // _prod_fact(counts)


def _prod_fact(xs: Sequence[int]) -> int:
    out = 1
    for x in xs:
        out *= factorial(x)
    return out


@lru_cache(maxsize=64)
def _plan(state: DealState, seat: int) -> _Plan:
    return _Plan(state, seat)


def sample_world(
    state: S,
    seat: int,
    rng: random.Random | int | None = None,
    *,
    time_limit: float | None = TIME_LIMIT,
) -> S:
    """A deal state drawn exactly uniformly among the worlds consistent with what ``seat`` has
    seen of ``state`` (see the module docstring): the same observations for ``seat`` all along,
    the cards it never saw dealt again, and another seat's secret actions (an écart, a discard, a
    card given back face down) drawn again with them. ``rng`` is a :class:`random.Random` or a
    seed (the same seed, the same world).

    A draw never runs on: past ``time_limit`` seconds (default :data:`TIME_LIMIT`, 2 s; None: no
    limit) of drawing candidates, or of counting them on a large position, it raises
    :class:`~tarotlib.errors.SamplingError` (a count cut short goes on at the next draw). The
    first call on a position also analyses its history (cached per state and seat: about a
    second at most).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> a, b = sample_world(state, 1, 7), sample_world(state, 1, 7)
    >>> a == b, a.observation(1) == state.observation(1), a.legal_actions() == state.legal_actions()
    (True, True, True)
    """
    state.check_seat(seat)
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit >= 0
    ):
        raise ValueError(f"time_limit is a number of seconds >= 0 or None, not {time_limit!r}")
    gen = rng if isinstance(rng, random.Random) else random.Random(rng)
    plan = _plan(state, seat)
    deadline = _Deadline(time_limit, seat)
    while True:
        deadline.tick()
        layout, actions = plan.propose(gen, deadline)
        world = _replay(state, layout, seat, plan.seen, actions)
        if world is not None:
            return world


def consistent_worlds(state: S, seat: int) -> list[S]:
    """Every world consistent with what ``seat`` has seen of ``state`` with the seen cards where
    they were really dealt, by brute force (for small positions only), independently of
    :func:`sample_world`'s construction: one world for each deal the seat can tell apart (see
    below). Every way to deal again the cards the seat never saw into the positions they hold, and on
    each such layout every history that another seat's unseen card actions may have taken — every
    legal action of the real action's kind at each step where another seat acted with a card that
    the step did not show the seat (not seen after it, or seen before it already) — kept when every
    step gives the seat the same observation. A run of such cards (consecutive ones of one seat
    and kind) is listed in increasing card order, as worlds are (module docstring).

    The cards whose place the seat does not know: those it never saw, and those it saw leave a
    hand that had received, before, a card moved from another hand without the seat seeing it.
    Branches are cut as soon as a card is given away or discarded that its holder is later seen to
    play (that holder receiving no card from another hand in between).

    The worlds listed keep another seat's seen cards where they were really dealt, which the seat
    does not see (Belote's first five cards or the stock, a Lombard deal's positions);
    :func:`sample_world` draws that too. Seen as the seat's deals (the history, and the cards each
    hand and the kitty hold), the two agree: the layouts of every such deal are as many.

    >>> import random, tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state, moves = rules.new_deal(seed=4), random.Random(4)
    >>> while len(state.tricks) < 7:
    ...     state = state.apply(moves.choice(state.legal_actions()))
    >>> worlds = consistent_worlds(state, 0)
    >>> len(worlds) > 1, state.layout in [w.layout for w in worlds]
    (True, True)
    """
    state.check_seat(seat)
    states = _states(state)
    actions = state.history
    seen = [s.observation(seat) for s in states]
    visible = [_seen(obs) for obs in seen]
    seen_cards: set[int] = set()
    for cards in visible:
        seen_cards |= cards
    n = state.rules.players
    # Cards moved between hands unseen; the cards later seen leaving the hands they reached.
    pinned = set(seen_cards)
    moved_into: list[int] = [len(states)] * n
    played_later: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (step, card)
    received_at: list[list[int]] = [[] for _ in range(n)]
    for step in range(len(actions)):
        before, after = _hands(states[step]), _hands(states[step + 1])
        for y in range(n):
            for c in _bits(after[y] & ~before[y]):
                if any(before[z] >> c & 1 for z in range(n) if z != y):
                    received_at[y].append(step)
                    if c not in visible[step + 1]:
                        moved_into[y] = min(moved_into[y], step)
            for c in _bits(before[y] & ~after[y]):
                if step > moved_into[y]:
                    pinned.discard(c)
        actor = states[step].to_act
        played = _card(actions[step])
        if isinstance(actions[step], Play) and actor is not None and played is not None:
            played_later[actor].append((step, played))
    slots = _slots(state)
    fixed = {slot: card for slot, card in slots if card in pinned}
    # Positions of one hand, or of the kitty, are interchangeable unless the hand is ordered.
    ordered = state.data.order is not None
    boxes: dict[object, list[Slot]] = {}
    for slot, card in slots:
        if card not in pinned:
            key: object = slot if slot[0] == "stock" or ordered else slot[:2]
            boxes.setdefault(key, []).append(slot)
    hidden = sorted(card for _, card in slots if card not in pinned)

    def later_play(y: int, step: int, card: int) -> bool:
        if any(step < r for r in received_at[y]):
            return False
        return any(s > step and c == card for s, c in played_later[y])

    def shown_by(step: int, card: int) -> bool:
        """Whether the step's card is shown to the seat by the step (seen after, not before)."""
        return card in visible[step + 1] and card not in visible[step]

    out: list[S] = []
    layouts = set()

    def walk(world: S, step: int, last: tuple[int, type, int] | None) -> Iterator[S]:
        if step == len(actions):
            yield world
            return
        real = actions[step]
        actor = world.to_act
        real_card = _card(real)
        if actor is None or actor == seat or real_card is None or shown_by(step, real_card):
            options: Sequence[Action] = (real,)
        else:
            options = [a for a in world.legal_actions() if type(a) is type(real)]
        branch = len(options) > 1
        for action in options:
            card = _card(action)
            if branch and card is not None and actor is not None:
                gone = world.hand_mask(actor) >> card & 1
                if gone and later_play(actor, step, card):
                    continue
            try:
                after = world.apply(action)
            except IllegalActionError:
                continue
            if after.observation(seat) != seen[step + 1]:
                continue
            mark = None
            hidden_step = card is not None and not shown_by(step, card)
            if hidden_step and card is not None and actor is not None and actor != seat:
                if last is not None and last[:2] == (actor, type(action)) and card < last[2]:
                    continue
                mark = (actor, type(action), card)
            yield from walk(after, step + 1, mark)

    for filled in _fillings(list(boxes.values()), frozenset(hidden)):
        layout = _layout(state, {**fixed, **filled})
        if layout in layouts:
            continue
        layouts.add(layout)
        try:
            world = state.rules.new_deal(layout=layout, facts=state.facts or None)
        except DealError:
            continue
        if world.observation(seat) != seen[0]:
            continue
        out.extend(walk(world, 0, None))
    return out


def _fillings(boxes: list[list[Slot]], cards: frozenset[int]) -> Iterator[dict[Slot, int]]:
    if not boxes:
        yield {}
        return
    first, rest = boxes[0], boxes[1:]
    for chosen in combinations(sorted(cards), len(first)):
        for tail in _fillings(rest, cards - set(chosen)):
            yield {**dict(zip(first, chosen, strict=True)), **tail}
