"""The card sampler: deal again the cards a seat cannot see (determinization).

A *world* for ``seat`` in ``state`` is a layout (the deal as dealt: hands, kitty, stock, with
their sizes and dealer) that keeps in place every card the seat has seen at any moment of the
deal (its own hand, played cards, shown and exposed cards, a shown kitty, ...), such that
replaying the deal's history on it is legal at every step and gives the seat the very same
observation after every step. :func:`sample_world` returns the replayed state of one world drawn
**exactly uniformly** among them; :func:`consistent_worlds` lists them all by brute force (for
small positions and tests).

How it works (nothing here knows a game; everything goes through the deal machine):

1. The real history is replayed once: the seat's observation after each step, the cards it has
   seen (``visible_cards()`` of these observations) and where the other cards went (a kitty or
   stock card taken into a hand, a card leaving a hand by its holder's action).
2. Each hidden card gets the *places* (a hand as dealt; the kitty or the stock, by the seat that
   receives them) it may have been dealt to — necessary conditions only: a card its holder
   discarded or gave was in that holder's hand (or in what it received before); a card whose
   presence would have made a card play illegal (a void shown) was not in the player's hand
   then.
3. A candidate layout is drawn exactly uniformly among those respecting these places and the
   places' sizes: the cards are grouped by their allowed places, a dynamic programme counts the
   ways to fill the places group by group (exact integers), and the counts of each group in each
   place are drawn in proportion; then the cards and the order within each place are shuffled.
4. The history is replayed on the candidate; it is rejected at the first illegal action or
   different observation, and drawn again. Rejection from an exactly uniform proposal on a
   superset is exactly uniform on the accepted worlds.

The analysis of steps 1–2 and the counts of step 3 are cached per ``(state, seat)``.

Two assumptions make step 2's conditions necessary (and are checked against the brute force in
the tests): an action that removes a card from its actor's hand needs the card in that hand, and
a card play refused because of one card stays refused with that card whatever else the hand
holds (the follow, trump and overtrump rules).
The world is conditioned on the whole history, as :attr:`DealState.history` gives it: where
another seat acted in secret (an écart, a dealer's discard), its cards are kept as they were.

>>> import random, tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state, moves = rules.new_deal(seed=3), random.Random(3)
>>> while len(state.tricks) < 4:
...     state = state.apply(moves.choice(state.legal_actions()))
>>> world = sample_world(state, 2, random.Random(1))
>>> world.observation(2) == state.observation(2), world.history == state.history
(True, True)
>>> world.hand(2) == state.hand(2), world.hand(1) == state.hand(1)
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from math import factorial
from typing import TypeVar

from tarotlib.actions import Action, Play
from tarotlib.cards import ALL_CARDS
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.dealing import Layout
from tarotlib.errors import DealError, IllegalActionError

__all__ = ["consistent_worlds", "sample_world"]

S = TypeVar("S", bound=DealState)
Place = tuple[str, int]
"""Where a card is dealt: ``("hand", seat)``, or ``("kitty", seat)`` / ``("stock", seat)`` by
the seat that receives the card (-1: nobody)."""
Slot = tuple[str, int, int]
"""One card's position in a layout: ``("hand", seat, i)``, ``("kitty", 0, i)``,
``("stock", 0, i)``."""


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


def _hands(state: DealState) -> tuple[int, ...]:
    return tuple(state.hand_mask(s) for s in range(state.rules.players))


def _replay(
    state: S, layout: Layout, seat: int, seen: Sequence[object], actions: Sequence[Action]
) -> S | None:
    """The state of ``layout`` after ``actions`` if every step is legal and gives ``seat`` the
    observations ``seen`` (the first: after the deal), else None."""
    rules = state.rules
    try:
        world = rules.new_deal(layout=layout, facts=state.facts or None)
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


class _Plan:
    """What :func:`sample_world` needs for one ``(state, seat)``: see the module docstring."""

    def __init__(self, state: DealState, seat: int) -> None:
        rules = state.rules
        n = rules.players
        self.state = state
        self.seat = seat
        self.actions = state.history
        start = rules.new_deal(layout=state.layout, facts=state.facts or None)
        states = [start]
        for action in self.actions:
            states.append(states[-1].apply(action))
        self.seen = [s.observation(seat) for s in states]
        seen_cards: set[int] = set()
        for obs in self.seen:
            seen_cards |= _seen(obs)
        slots = _slots(state)
        mentioned: set[int] = set()
        for action in self.actions:
            card = getattr(action, "card", None)
            if card is not None:
                mentioned.add(int(card))
            mentioned.update(int(c) for c in getattr(action, "shown", ()))

        # Where the cards went: the seat receiving each kitty or stock card, the places that
        # fed each seat's hand by each step, the seats that received a card from another hand.
        receiver: dict[int, int] = {}
        fed: list[list[tuple[int, Place]]] = [[] for _ in range(n)]  # (step, place)
        from_hand: list[int] = [len(states)] * n  # first step a hand fed another
        removed: list[tuple[int, int, int]] = []  # (step, seat, card) by the seat's own action
        loose = {card for slot, card in slots if slot[0] != "hand"}
        kind_of = {card: slot[0] for slot, card in slots}
        before = tuple(state.layout.hand_masks)
        for step, now in enumerate(states):
            after = _hands(now)
            if step > 0:
                actor = states[step - 1].to_act
                if actor is not None:
                    gone = before[actor] & ~after[actor]
                    removed.extend((step - 1, actor, c) for c in _bits(gone))
            held = 0
            for h in before:
                held |= h
            for y in range(n):
                for c in _bits(after[y] & ~before[y]):
                    if held >> c & 1:
                        from_hand[y] = min(from_hand[y], step - 1)
                    elif c in loose:
                        receiver.setdefault(c, y)
                        fed[y].append((step - 1, (kind_of[c], y)))
            before = after

        def place(slot: Slot, card: int) -> Place:
            return ("hand", slot[1]) if slot[0] == "hand" else (slot[0], receiver.get(card, -1))

        hidden_slots = [(slot, card) for slot, card in slots if card not in seen_cards]
        self.fixed = {slot: card for slot, card in slots if card in seen_cards}
        places = sorted({place(slot, card) for slot, card in hidden_slots})
        self.places = places
        self.slots_of: dict[Place, list[Slot]] = {p: [] for p in places}
        for slot, card in hidden_slots:
            self.slots_of[place(slot, card)].append(slot)
        index = {p: i for i, p in enumerate(places)}
        everywhere = (1 << len(places)) - 1

        def reach(y: int, step: int) -> int | None:
            """The places whose cards are in ``y``'s hand by ``step`` (None: any place)."""
            if from_hand[y] < step:
                return None
            bits = 1 << index[("hand", y)] if ("hand", y) in index else 0
            for when, p in fed[y]:
                if when < step and p in index:
                    bits |= 1 << index[p]
            return bits

        allowed = {card: everywhere for _, card in hidden_slots}
        for step, y, c in removed:
            if c in allowed:
                fed_by = reach(y, step)
                if fed_by is not None:
                    allowed[c] &= fed_by
        # Voids: a hidden card nobody names stays in the hand it reaches.
        left_hand = {c for _, _, c in removed}
        quiet = [c for c in allowed if c not in mentioned and c not in left_hand]
        for step, action in enumerate(self.actions):
            now = states[step]
            actor = now.to_act
            if actor is None or actor == seat or not isinstance(action, Play):
                continue
            y = actor
            r = reach(y, step)
            if r is None or r == 0:
                continue
            hands = _hands(now)
            candidates = [c for c in quiet if allowed[c] & r and not hands[y] >> c & 1]
            if not candidates or self._allows(now, hands, y, candidates, action):
                continue
            for c in candidates:
                if not self._allows(now, hands, y, [c], action):
                    allowed[c] &= ~r
        self.capacity = [len(self.slots_of[p]) for p in places]
        groups: dict[int, list[int]] = {}
        for card in sorted(allowed):
            groups.setdefault(allowed[card], []).append(card)
        # The largest group last: its counts are then forced.
        self.groups = sorted(groups.items(), key=lambda g: (len(g[1]), g[0]))
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

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
            packed |= h << SEAT_BITS * s
        test = now.proceed(None, to_act=y, hands=packed)
        return action in test.legal_actions()

    def _fills(self, g: int, cap: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The counts of group ``g``'s cards in each place, within ``cap`` and its places."""
        mask, cards = self.groups[g]
        if g == len(self.groups) - 1:  # the last group fills what is left, if it may
            fits = sum(cap) == len(cards) and all(mask >> i & 1 for i, x in enumerate(cap) if x)
            return iter((cap,) if fits else ())
        places = [i for i in range(len(cap)) if mask >> i & 1]
        counts = [0] * len(cap)

        def rec(k: int, left: int) -> Iterator[tuple[int, ...]]:
            if k == len(places):
                if left == 0:
                    yield tuple(counts)
                return
            i = places[k]
            for x in range(min(left, cap[i]) + 1):
                counts[i] = x
                yield from rec(k + 1, left - x)
            counts[i] = 0

        return rec(0, len(cards))

    def ways(self, g: int, cap: tuple[int, ...]) -> int:
        """The number of ways to put groups ``g``... into the places' free room ``cap``."""
        if g == len(self.groups):
            return 1 if not any(cap) else 0
        key = (g, cap)
        got = self._memo.get(key)
        if got is None:
            got = 0
            size = factorial(len(self.groups[g][1]))
            for fill in self._fills(g, cap):
                rest = tuple(a - b for a, b in zip(cap, fill, strict=True))
                w = self.ways(g + 1, rest)
                if w:
                    got += size // _prod_fact(fill) * w
            self._memo[key] = got
        return got

    def propose(self, rng: random.Random) -> Layout:
        """A layout drawn uniformly among those respecting the allowed places."""
        cap = tuple(self.capacity)
        content: list[list[int]] = [[] for _ in self.places]
        for g, (_, cards) in enumerate(self.groups):
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
        filled = dict(self.fixed)
        for p, cards in zip(self.places, content, strict=True):
            rng.shuffle(cards)
            filled.update(zip(self.slots_of[p], cards, strict=True))
        return _layout(self.state, filled)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _prod_fact(xs: Sequence[int]) -> int:
    out = 1
    for x in xs:
        out *= factorial(x)
    return out


@lru_cache(maxsize=64)
def _plan(state: DealState, seat: int) -> _Plan:
    return _Plan(state, seat)


def sample_world(state: S, seat: int, rng: random.Random | int | None = None) -> S:
    """A deal state drawn exactly uniformly among the worlds consistent with what ``seat`` has
    seen of ``state`` (see the module docstring): same history, same observations for ``seat``
    all along, the cards it never saw dealt again. ``rng`` is a :class:`random.Random` or a seed
    (the same seed, the same world).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> a, b = sample_world(state, 1, 7), sample_world(state, 1, 7)
    >>> a == b, a.observation(1) == state.observation(1), a.legal_actions() == state.legal_actions()
    (True, True, True)
    """
    state._seat(seat)
    gen = rng if isinstance(rng, random.Random) else random.Random(rng)
    plan = _plan(state, seat)
    while True:
        layout = plan.propose(gen)
        world = _replay(state, layout, seat, plan.seen, plan.actions)
        if world is not None:
            return world


def consistent_worlds(state: S, seat: int) -> list[S]:
    """Every world consistent with what ``seat`` has seen of ``state``, by brute force: every
    way to deal again the cards it never saw into the positions they hold, each replayed and
    kept if legal with the same observations (independent of :func:`sample_world`'s
    construction; for small positions only).

    >>> import random, tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state, moves = rules.new_deal(seed=4), random.Random(4)
    >>> while len(state.tricks) < 7:
    ...     state = state.apply(moves.choice(state.legal_actions()))
    >>> worlds = consistent_worlds(state, 0)
    >>> len(worlds) > 1, state.layout in [w.layout for w in worlds]
    (True, True)
    """
    state._seat(seat)
    start = state.rules.new_deal(layout=state.layout, facts=state.facts or None)
    states = [start]
    for action in state.history:
        states.append(states[-1].apply(action))
    seen = [s.observation(seat) for s in states]
    seen_cards: set[int] = set()
    for obs in seen:
        seen_cards |= _seen(obs)
    slots = _slots(state)
    fixed = {slot: card for slot, card in slots if card in seen_cards}
    # Positions of one hand, or of the kitty, are interchangeable unless the hand is ordered.
    ordered = state.data.order is not None
    boxes: dict[object, list[Slot]] = {}
    for slot, card in slots:
        if card not in seen_cards:
            key: object = slot if slot[0] == "stock" or ordered else slot[:2]
            boxes.setdefault(key, []).append(slot)
    hidden = sorted(card for _, card in slots if card not in seen_cards)
    out: list[S] = []
    layouts = set()
    for filled in _fillings(list(boxes.values()), frozenset(hidden)):
        layout = _layout(state, {**fixed, **filled})
        if layout in layouts:
            continue
        layouts.add(layout)
        world = _replay(state, layout, seat, seen, state.history)
        if world is not None:
            out.append(world)
    return out


def _fillings(boxes: list[list[Slot]], cards: frozenset[int]) -> Iterator[dict[Slot, int]]:
    if not boxes:
        yield {}
        return
    first, rest = boxes[0], boxes[1:]
    for chosen in combinations(sorted(cards), len(first)):
        for tail in _fillings(rest, cards - set(chosen)):
            yield {**dict(zip(first, chosen, strict=True)), **tail}
