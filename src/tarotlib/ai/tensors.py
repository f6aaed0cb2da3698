"""Observation and information-state tensors for learning agents (:class:`TensorEncoder`).

Needs numpy (``pip install -e '.[ai]'``); nothing else in tarotlib imports it.

A :class:`TensorEncoder` turns what one seat knows into flat ``float32`` vectors of a size fixed
per game configuration, built from the state's bit masks, with every seat given *relative to the
observer* (0: the observer, 1: the next seat in seat order, ...). Cards are given in the pack's
order (``sorted(rules.deck.cards)``): ``D`` cards. ``N`` is the number of seats, ``P`` the number
of phases, ``K`` the number of *action slots*: one per action of the codec that is neither a card
played nor a card shown, where actions that name a card share one slot per verb
(``discard``, ``call``, ...) and declarations one slot per kind.

The **observation** (what the seat sees now), in this order:

=============  ======  ===================================================================
section        size    1 where
=============  ======  ===================================================================
``phase``      P       the phase in progress (in the game's phase list)
``to_act``     N       the seat to act (relative; none once the deal is over)
``dealer``     N       the dealer
``declarer``   N       the declarer, once there is one
``called``     D       the card called (a partner call)
``hand``       D       the cards in the observer's hand (those its observation shows)
``seen``       D       other cards the observer sees or has seen that are not played: a shown
                       kitty, exposed cards, shown trumps, its own discard, ...
``trick``      N × D   the card each seat played to the trick in progress
``played``     N × D   the cards each seat played to completed tricks
``actions``    N × K   the slots of the actions (not card plays) each seat has made so far
``chosen``     K + D   the declaration being chosen step by step and its cards so far
``told``       N×F×D   what the game told every seat without an action
                       (:meth:`Game.told_facts <tarotlib.deal.game.Game.told_facts>`): per
                       seat, kind (``told_kinds``, F of them) and card; only in games that
                       tell some (Belote's and Contrée's automatic belote and rebelote)
=============  ======  ===================================================================

The **information state** is the observation followed by the history:

=============  =============  ==========================================================
section        size           1 where
=============  =============  ==========================================================
``order``      D × T          the trick (0 … T-1) in which each card was played (T: the
                              most tricks a deal can have)
``history``    H × (N+K+D)    the actions other than card plays, in order: for each, its seat,
                              its slot and its cards (left out for another seat's secret
                              action, such as a discard or a card given face down)
``overflow``   1              more than H such actions (H = ``history``, 64 by default)
=============  =============  ==========================================================

With the tricks given card by card and in order, the information state determines everything
the seat has seen in the order it saw it. Nothing a seat cannot see goes into either tensor:
``seen`` comes from the seat's observation (:meth:`~tarotlib.deal.state.DealState.observation`)
and the cards of another seat's secret actions (``Phase.secret_verbs``) are left out.

>>> import tarotlib
>>> from tarotlib.ai import ActionCodec
>>> from tarotlib.ai.tensors import TensorEncoder
>>> rules = tarotlib.variant("belote")
>>> encoder = TensorEncoder(ActionCodec(rules))
>>> encoder.observation_shape, encoder.information_state_shape
((681,), (3562,))
>>> state = rules.new_deal(seed=4)
>>> vector = encoder.observation(state, 1)
>>> vector.dtype, int(vector[encoder.section("hand")].sum())   # five cards dealt so far
(dtype('float32'), 5)
>>> print(encoder.observation_string(state, 1))
seat 1 | phase bidding | to act: seat 1 (you) | dealer: seat 0
hand: JS TH QD KD TC
seen: QS
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from tarotlib._optional import missing

try:
    import numpy as np
except ImportError as exc:
    raise missing("tarotlib.ai.tensors", "numpy", "ai") from exc

from tarotlib import _compiled
from tarotlib.ai.codec import ActionCodec, Show
from tarotlib.core.actions import Action, Declare, Play, _CardAction
from tarotlib.core.cards import cards_of
from tarotlib.deal.state import DealState, MovesNode

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["HISTORY", "TensorEncoder"]

HISTORY: Final = 64
"""The default number of actions (other than card plays) the information state holds."""

_FULL: Final = (1 << 78) - 1
# The compiled unpacking of observation bits into float32 (tarotlib._speedups), or None: numpy's
# unpackbits then. (The tests compare both in one process by setting this to None.)
_unpack_bits = None if _compiled.speedups is None else _compiled.speedups.unpack
# The compiled writer of whole observations (the same entries as _bits and _floats), or None.
_Observer = None if _compiled.speedups is None else _compiled.speedups.Observer
_OBSERVER_SECTIONS: Final = (
    *("phase", "to_act", "dealer", "declarer", "called", "hand", "seen"),
    *("trick", "played", "actions", "chosen"),
)  # the sections the compiled writer is given the start of, in its order


def _slot_key(action: Action) -> tuple[object, ...]:
    if isinstance(action, _CardAction):
        return ("verb", action.verb)
    if isinstance(action, Declare):
        return ("declare", action.kind)
    return ("action", action)


class TensorEncoder:
    """Tensors of one game configuration (see the module docstring); ``history``: the number
    of actions other than card plays the information state holds.

    >>> import tarotlib
    >>> from tarotlib.ai import ActionCodec
    >>> encoder = TensorEncoder(ActionCodec(tarotlib.variant("french-tarot", players=4)))
    >>> [(name, size) for name, _, size in encoder.layout()][:6]
    [('phase', 7), ('to_act', 4), ('dealer', 4), ('declarer', 4), ('called', 78), ('hand', 78)]
    """

    def __init__(self, codec: ActionCodec, history: int = HISTORY) -> None:
        rules: Any = codec.rules
        self.codec = codec
        self.rules = rules
        n = self.players = rules.players
        deck = sorted(int(c) for c in rules.deck.cards)
        self.deck = deck
        d = self.cards = len(deck)
        pos = [-1] * 78
        for i, c in enumerate(deck):
            pos[c] = i
        self._pos = pos
        self.phases = len(rules.phase_list)
        # The action slots: one per action, card verbs and declaration kinds sharing one.
        slots: dict[tuple[object, ...], int] = {}
        names: list[str] = []
        for action in codec.vocabulary:
            if type(action) is Play or isinstance(action, Show):
                continue
            key = _slot_key(action)
            if key not in slots:
                slots[key] = len(names)
                names.append(action.verb if key[0] == "verb" else " ".join(action.text.split()[:2]))
        self._slots = slots
        self.slot_names: tuple[str, ...] = tuple(names)
        """The name of each action slot."""
        k = self.slots = len(names)
        self._slot_of_id = [slots.get(_slot_key(a), -1) for a in codec.vocabulary]
        secret: set[str] = set()
        for phase in rules.phase_list:
            secret |= phase.secret_verbs
        self._secret = frozenset(secret)
        sample = rules.new_deal(seed=0)
        active = sum(1 for s in range(n) if sample.hand_mask(s)) or n
        self.tricks = t = math.ceil(d / active)
        self.history = h = history
        obs = [
            ("phase", self.phases),
            ("to_act", n),
            ("dealer", n),
            ("declarer", n),
            ("called", d),
            ("hand", d),
            ("seen", d),
            ("trick", n * d),
            ("played", n * d),
            ("actions", n * k),
            ("chosen", k + d),
        ]
        # What the game told without an action (Game.told_facts), in games that tell some.
        self.told_kinds: tuple[str, ...] = tuple(rules.told_kinds())
        """The kinds of the facts the ``told`` section holds (empty: no such section)."""
        self._told_index = {kind: i for i, kind in enumerate(self.told_kinds)}
        self._told_by = rules._told_by() if self.told_kinds else []
        if self.told_kinds:
            obs.append(("told", n * len(self.told_kinds) * d))
        extra = [("order", d * t), ("history", h * (n + k + d)), ("overflow", 1)]
        self._layout: list[tuple[str, int, int]] = []
        start = 0
        for name, size in obs + extra:
            self._layout.append((name, start, size))
            start += size
        self._start = {name: begin for name, begin, _ in self._layout}
        self.observation_shape: tuple[int] = (sum(size for _, size in obs),)
        """The observation tensor's shape."""
        self.information_state_shape: tuple[int] = (start,)
        """The information-state tensor's shape."""
        self._seats: dict[tuple[int, int], tuple[int, ...]] = {}
        self._cache: dict[int, tuple[object, tuple[tuple[int, Action], ...]]] = {}
        self._slices = {name: slice(begin, begin + size) for name, begin, size in self._layout}
        self._deck_mask = sum(1 << c for c in deck)
        self._visible_mask: Callable[[DealState, int], int] = rules.visible_mask
        # Without the compiled writer (``_observer``, below), the observation is built as one
        # integer, one bit per entry, in a "raw" layout where a card's entry in a section of
        # cards is at the card's own index (sections of ``width`` entries per row): then
        # unpacked at once. With the whole pack (``deck`` is 0 … 77) the raw layout is the
        # layout; otherwise the entries are gathered from it.
        identity = deck == list(range(d))
        width = self._width = d if identity else 80
        raw: dict[str, int] = {}
        gather: list[int] = []
        at = 0
        for name, size in obs:
            raw[name] = at
            if name in ("called", "hand", "seen", "trick", "played", "told"):
                rows = size // d
                gather.extend(at + r * width + c for r in range(rows) for c in deck)
                at += rows * width
            elif name == "chosen":
                gather.extend(range(at, at + k))
                gather.extend(at + k + c for c in deck)
                at += k + width
            else:
                gather.extend(range(at, at + size))
                at += size
        self._offsets = tuple(
            raw[name]
            for name in ("phase", "to_act", "dealer", "declarer", "called", "hand", "seen", "trick")
        )
        self._o_played, self._o_actions, self._o_chosen = (
            raw["played"],
            raw["actions"],
            raw["chosen"],
        )
        self._o_told = raw.get("told", -1)
        self._raw_size = at
        self._raw_bytes = (at + 7) // 8
        self._gather = None if identity else np.array(gather, np.intp)
        self._gather32 = None if identity else np.array(gather, np.int32)  # (for _unpack_bits)
        self._played_cache: tuple[object, int, int] | None = None
        self._order_cache: tuple[object, Any] | None = None
        self._actions_cache: tuple[object, int] | None = None
        self._history_cache: dict[tuple[int, int], tuple[object, Any, bool]] = {}
        self._observer = (
            None
            if _Observer is None
            else _Observer(
                pos=tuple(pos),
                players=n,
                cards=d,
                slots=k,
                size=self.observation_shape[0],
                offsets=tuple(self._start[name] for name in _OBSERVER_SECTIONS),
            )
        )

    def __reduce__(self) -> tuple[type[TensorEncoder], tuple[ActionCodec, int]]:
        # Made again on unpickling: its caches are dropped, its compiled layout rebuilt.
        return TensorEncoder, (self.codec, self.history)

    def layout(self) -> list[tuple[str, int, int]]:
        """``(section, start, size)`` of every section, the observation's first.

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> TensorEncoder(ActionCodec(tarotlib.variant("belote"))).layout()[-1]
        ('overflow', 3561, 1)
        """
        return list(self._layout)

    def section(self, name: str) -> slice:
        """The slice of section ``name`` in the tensors.

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> TensorEncoder(ActionCodec(tarotlib.variant("belote"))).section("hand")
        slice(48, 80, None)
        """
        for section, start, size in self._layout:
            if section == name:
                return slice(start, start + size)
        raise KeyError(f"no section {name!r}: the sections are {[s for s, _, _ in self._layout]}")

    # -- building ---------------------------------------------------------------------------------
    def _trick_seats(self, leader: int, sitter: int) -> tuple[int, ...]:
        key = (leader, sitter)
        seats = self._seats.get(key)
        if seats is None:
            n = self.players
            out = []
            seat = leader
            for _ in range(n):
                out.append(seat)
                seat = (seat + 1) % n
                if seat == sitter:
                    seat = (seat + 1) % n
            seats = self._seats[key] = tuple(out)
        return seats

    def _moves(self, state: DealState) -> tuple[tuple[int, Action], ...]:
        """The deal's actions other than card plays, with their seats (kept per history node:
        the next state only walks its new actions)."""
        node: MovesNode | None = state.moves_node
        cache = self._cache
        found = cache.get(id(node))
        if found is not None and found[0] is node:
            return found[1]
        if len(cache) > 4096:
            cache.clear()
        if node is not None and type(node[1]) is Play:  # a card: the moves of the node before
            prev = node[0]
            found = cache.get(id(prev))
            if found is not None and found[0] is prev:
                cache[id(node)] = (node, found[1])
                return found[1]
        new: list[tuple[int, Action]] = []
        head: Any = node
        known: tuple[tuple[int, Action], ...] = ()
        while head is not None:
            hit = cache.get(id(head))
            if hit is not None and hit[0] is head:
                known = hit[1]
                break
            prev, action, seat = head
            if type(action) is not Play:
                new.append((seat, action))
            head = prev
        new.reverse()
        out = known + tuple(new)
        cache[id(node)] = (node, out)
        return out

    def _visible(self, state: DealState, seat: int) -> int:
        """The mask of the cards the seat's observation shows (its hand included)."""
        return self._visible_mask(state, seat)

    def _played_part(self, state: DealState) -> tuple[int, int]:
        """For the completed tricks: the cards each absolute seat played, as one integer of
        ``N`` rows of ``width`` bits (row ``s``: seat ``s``), and the mask of all their cards;
        kept for the last tricks seen (the next trick only adds its cards)."""
        tricks = state.trick_list
        hit = self._played_cache
        if hit is not None and hit[0] is tricks:
            return hit[1], hit[2]
        known: Any = () if hit is None else hit[0]
        n = len(known)
        if hit is not None and len(tricks) == n + 1 and (n == 0 or tricks[n - 1] is known[n - 1]):
            played, mask, start = hit[1], hit[2], n
        else:
            played, mask, start = 0, 0, 0
        sitter, width = state.data.sitter, self._width
        for number in range(start, len(tricks)):
            leader, cards, _ = tricks[number]
            for seat, c in zip(self._trick_seats(leader, sitter), cards, strict=False):
                played |= 1 << seat * width + c
                mask |= 1 << c
        self._played_cache = (tricks, played, mask)
        return played, mask

    def _order_part(self, state: DealState) -> NDArray[np.float32]:
        """Each card's completed trick (D × T); kept like :meth:`_played_part`."""
        tricks = state.trick_list
        hit = self._order_cache
        if hit is not None and hit[0] is tricks:
            cached: NDArray[np.float32] = hit[1]
            return cached
        pos = self._pos
        known: Any = () if hit is None else hit[0]
        n = len(known)
        order: NDArray[np.float32]
        if hit is not None and len(tricks) == n + 1 and (n == 0 or tricks[n - 1] is known[n - 1]):
            order, start = hit[1].copy(), n
        else:
            order, start = np.zeros((self.cards, self.tricks), np.float32), 0
        for number in range(start, len(tricks)):
            for c in tricks[number][1]:
                order[pos[c], number] = 1.0
        self._order_cache = (tricks, order)
        return order

    def _actions_part(self, moves: tuple[tuple[int, Action], ...]) -> int:
        """Each absolute seat's action slots, as one integer of ``N`` rows of ``K`` bits; kept
        per history of non-play actions."""
        hit = self._actions_cache
        if hit is not None and hit[0] is moves:
            return hit[1]
        out = 0
        slot_of, k = self._slots, self.slots
        for actor, action in moves:
            slot = slot_of.get(_slot_key(action))
            if slot is not None:
                out |= 1 << actor * k + slot
        self._actions_cache = (moves, out)
        return out

    def _history_part(
        self, moves: tuple[tuple[int, Action], ...], seat: int
    ) -> tuple[NDArray[np.float32], bool]:
        """The history section for ``seat`` and whether it overflowed; kept per history of
        non-play actions and seat."""
        key = (id(moves), seat)
        hit = self._history_cache.get(key)
        if hit is not None and hit[0] is moves:
            return hit[1], hit[2]
        n, k, d, pos = self.players, self.slots, self.cards, self._pos
        out = np.zeros((self.history, n + k + d), np.float32)
        rel = (-seat) % n
        j = 0
        overflow = False
        for actor, action in moves:
            slot = self._slots.get(_slot_key(action))
            if slot is None:
                continue
            if j == self.history:
                overflow = True
                break
            out[j, (actor + rel) % n] = 1.0
            out[j, n + slot] = 1.0
            if self._cards_shown(action, actor, seat):
                for c in _cards_of_action(action):
                    if pos[c] >= 0:
                        out[j, n + k + pos[c]] = 1.0
            j += 1
        if len(self._history_cache) > 256:
            self._history_cache.clear()
        self._history_cache[key] = (moves, out, overflow)
        return out, overflow

    def _cards_shown(self, action: Action, actor: int, seat: int) -> bool:
        """Whether a history entry gives the cards of ``action``: always for the seat's own
        actions; for another seat's, only for a card named in the open (a call, a request, an
        exposed card), not for a secret one nor for a declaration's cards (those the seat sees
        are in ``seen``)."""
        if actor == seat:
            return True
        return not isinstance(action, Declare) and action.verb not in self._secret

    def _bits(
        self, state: DealState, seat: int, chosen: Sequence[int]
    ) -> tuple[int, tuple[tuple[int, Action], ...]]:
        """The observation as an integer in the raw layout (see ``__init__``), and the moves."""
        n, width = self.players, self._width
        o_phase, o_to, o_dealer, o_declarer, o_called, o_hand, o_seen, o_trick = self._offsets
        rel = n - seat
        data = state.data
        bits = 1 << o_phase + state.phase_index | 1 << o_dealer + (data.dealer + rel) % n
        if state.actor >= 0:
            bits |= 1 << o_to + (state.actor + rel) % n
        if data.declarer >= 0:
            bits |= 1 << o_declarer + (data.declarer + rel) % n
        called = data.called
        if called >= 0 and self._deck_mask >> called & 1:
            bits |= 1 << o_called + called
        visible = self._visible_mask(state, seat)
        hand = state.held(seat) & visible  # all of it, unless the game hides it
        played, played_mask = self._played_part(state)
        if played:  # the rows of the absolute seats, turned so that the observer's comes first
            cut = seat * width
            bits |= (played >> cut | (played & (1 << cut) - 1) << n * width - cut) << self._o_played
        trick = state.trick_cards
        if trick:
            for s, c in zip(self._trick_seats(state.leader, data.sitter), trick, strict=False):
                bits |= 1 << o_trick + ((s + rel) % n) * width + c
                played_mask |= 1 << c
        seen = visible & ~hand & ~played_mask & self._deck_mask
        bits |= hand << o_hand | seen << o_seen
        moves = self._moves(state)
        if moves:
            actions = self._actions_part(moves)
            if actions:
                cut = seat * self.slots
                actions = actions >> cut | (actions & (1 << cut) - 1) << n * self.slots - cut
                bits |= actions << self._o_actions
        if chosen:
            at = self._o_chosen
            bits |= 1 << at + self._slot_of_id[chosen[0]]
            show = self.codec._show_cards
            for i in chosen[1:]:
                bits |= 1 << at + self.slots + show[i]
        if self._told_by:  # a row per (relative seat, kind), the card in it
            at, kinds, index = self._o_told, len(self.told_kinds), self._told_index
            for offer in self._told_by:
                for fact in offer.told(state):
                    row = ((fact.seat + rel) % n) * kinds + index[fact.kind]
                    bits |= 1 << at + row * width + fact.card
        return bits, moves

    def _unpack(self, bits: int) -> NDArray[np.uint8]:
        """The observation's entries (0 or 1) from :meth:`_bits`."""
        raw = np.frombuffer(bits.to_bytes(self._raw_bytes, "little"), np.uint8)
        out = np.unpackbits(raw, count=self._raw_size, bitorder="little")
        return out if self._gather is None else out[self._gather]

    def _floats(self, bits: int, out: NDArray[np.float32]) -> None:
        """Write the observation's entries from :meth:`_bits` into ``out`` (float32, the
        observation's length): in one compiled pass where tarotlib's compiled part is built."""
        unpack = _unpack_bits
        if unpack is not None:
            unpack(bits, self._raw_size, self._gather32, out)
        else:
            out[...] = self._unpack(bits)

    def _fill(
        self, state: DealState, seat: int, chosen: Sequence[int], out: NDArray[np.float32]
    ) -> tuple[tuple[int, Action], ...]:
        """Write the observation into ``out`` (float32, the observation's length); return the
        moves. Compiled where tarotlib's compiled part is built (the same entries)."""
        observer = self._observer
        if observer is None:
            bits, moves = self._bits(state, seat, chosen)
            self._floats(bits, out)
            return moves
        data = state.data
        visible = self._visible_mask(state, seat)
        moves = self._moves(state)
        slot, shown = -1, 0
        if chosen:
            slot = self._slot_of_id[chosen[0]]
            show = self.codec._show_cards
            for i in chosen[1:]:
                shown |= 1 << show[i]
        observer.fill(
            out, seat, state.phase_index, state.actor, data.dealer, data.declarer, data.called,
            data.sitter, state.held(seat) & visible, visible, state.trick_list,
            state.leader, state.trick_cards, self._actions_part(moves) if moves else 0, slot, shown,
        )  # fmt: skip
        if self._told_by:  # a row per (relative seat, kind), the card in it
            n, pos, d = self.players, self._pos, self.cards
            at, kinds, index = self._start["told"], len(self.told_kinds), self._told_index
            for offer in self._told_by:
                for fact in offer.told(state):
                    row = ((fact.seat - seat) % n) * kinds + index[fact.kind]
                    if pos[fact.card] >= 0:
                        out[at + row * d + pos[fact.card]] = 1.0
        return moves

    def observation(
        self, state: DealState, seat: int, chosen: Sequence[int] = ()
    ) -> NDArray[np.float32]:
        """The observation tensor of ``seat`` in ``state`` (``chosen``: the steps of a
        declaration being chosen, see :mod:`tarotlib.ai.codec`).

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> encoder = TensorEncoder(ActionCodec(rules))
        >>> vector = encoder.observation(rules.new_deal(seed=1), 2)
        >>> vector.shape, int(vector[encoder.section("hand")].sum())
        ((1035,), 18)
        """
        out = np.empty(self.observation_shape, np.float32)
        self._fill(state, seat, chosen, out)
        return out

    def information_state(
        self, state: DealState, seat: int, chosen: Sequence[int] = ()
    ) -> NDArray[np.float32]:
        """The information-state tensor of ``seat`` in ``state``.

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> encoder = TensorEncoder(ActionCodec(rules))
        >>> state = rules.new_deal(seed=2).apply(rules.parse_action("pass"))
        >>> tensor = encoder.information_state(state, 0)
        >>> tensor.shape == encoder.information_state_shape, int(tensor[encoder.section("history")].sum())
        (True, 2)
        """
        out = np.zeros(self.information_state_shape, np.float32)
        moves = self._fill(state, seat, chosen, out[: self.observation_shape[0]])
        sl = self._slices
        order = self._order_part(state)
        trick_order = order
        if state.trick_cards:
            trick_order = order.copy()
            number = len(state.trick_list)
            for c in state.trick_cards:
                trick_order[self._pos[c], number] = 1.0
        out[sl["order"]] = trick_order.ravel()
        if moves:
            history, overflow = self._history_part(moves, seat)
            out[sl["history"]] = history.ravel()
            if overflow:
                out[sl["overflow"].start] = 1.0
        return out

    # -- strings ------------------------------------------------------------------------------------
    def observation_string(self, state: DealState, seat: int, chosen: Sequence[int] = ()) -> str:
        """The observation in words (the same information as :meth:`observation`).

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> rules = tarotlib.variant("belote")
        >>> text = TensorEncoder(ActionCodec(rules)).observation_string(rules.new_deal(seed=4), 0)
        >>> text.splitlines()[0]
        'seat 0 | phase bidding | to act: seat 1 | dealer: seat 0 (you)'
        """
        notation = self.rules.notation
        data = state.data

        def who(s: int) -> str:
            return f"seat {s}" + (" (you)" if s == seat else "")

        head = [f"seat {seat}", f"phase {state.phase}"]
        if state.actor >= 0:
            head.append(f"to act: {who(state.actor)}")
        head.append(f"dealer: {who(data.dealer)}")
        if data.declarer >= 0:
            head.append(f"declarer: {who(data.declarer)}")
        if data.called >= 0:
            head.append(f"called: {notation.texts[data.called]}")
        lines = [" | ".join(head)]
        visible = self._visible(state, seat)
        hand = state.hand_mask(seat) & visible
        lines.append("hand: " + " ".join(notation.texts[c] for c in cards_of(hand)))
        seen = visible & ~hand & ~state.played_mask & self._deck_mask
        if seen:
            lines.append("seen: " + " ".join(notation.texts[c] for c in cards_of(seen)))
        for number, (leader, cards, winner) in enumerate(state.trick_list):
            seats = self._trick_seats(leader, data.sitter)
            plays = " ".join(f"{s}:{notation.texts[c]}" for s, c in zip(seats, cards, strict=False))
            lines.append(f"trick {number + 1}: {plays} won by {who(winner)}")
        if state.trick_cards:
            seats = self._trick_seats(state.leader, data.sitter)
            plays = " ".join(
                f"{s}:{notation.texts[c]}" for s, c in zip(seats, state.trick_cards, strict=False)
            )
            lines.append(f"trick in progress: {plays}")
        if self._told_by:
            facts = [fact.text for offer in self._told_by for fact in offer.told(state)]
            if facts:
                lines.append("told: " + ", ".join(facts))
        if chosen:
            lines.append("choosing: " + " ".join(self.codec.action(i).text for i in chosen))
        if state.is_over:
            lines.append(f"over: {state.result.scores}")
        return "\n".join(lines)

    def information_state_string(
        self, state: DealState, seat: int, chosen: Sequence[int] = ()
    ) -> str:
        """The information state in words: the observation, then every action the seat has
        seen, in order (another seat's secret card written ``?``).

        >>> import tarotlib
        >>> from tarotlib.ai import ActionCodec
        >>> rules = tarotlib.variant("belote")
        >>> encoder = TensorEncoder(ActionCodec(rules))
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("pass"))
        >>> encoder.information_state_string(state, 2).splitlines()[-1]
        'moves: 1:pass'
        """
        moves = []
        for actor, action in state.moves:
            if type(action) is Play or self._cards_shown(action, actor, seat):
                moves.append(f"{actor}:{action.text}")
            elif isinstance(action, Declare):
                moves.append(f"{actor}:declare {getattr(action.kind, 'token', action.kind.value)}")
            else:
                moves.append(f"{actor}:{action.verb} ?")
        return self.observation_string(state, seat, chosen) + "\nmoves: " + " ".join(moves)


def _cards_of_action(action: Action) -> tuple[int, ...]:
    if isinstance(action, _CardAction):
        return (int(action.card),)
    if isinstance(action, Declare):
        return tuple(int(c) for c in action.shown)
    return ()
