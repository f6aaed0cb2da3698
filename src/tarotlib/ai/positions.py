"""Positions from a description: a full deal state built from what one seat knows (:func:`position`).

A bot author or a teacher knows one seat's side of a deal — its hand now, the auction, the cards
played, the trick in progress — and wants a state to ask questions of ("what may I play?", "what
would my bot do?") without inventing the other hands. :func:`position` takes that description,
finds one deal that fits it, and returns :func:`~tarotlib.ai.sample_world` of it: a state drawn
exactly uniformly among the worlds that give the seat the same observations all along.

The description is the seat's ``hand`` now, the ``actions`` since the deal in order (the seat's
own and the others', as :class:`~tarotlib.core.actions.Action` objects or their text), with ``None``
(or ``"?"``) for another seat's action the seat did not see (a card of another taker's écart, of
the dealer's discard, a card given back face down), the ``dealer``, the kitty cards the seat
saw (``kitty``: a chien turned up, Belote's card turned up from the stock), and what the game
showed it of the hands without an action saying it (``shown``, by seat, in the order shown: the
cards turned up or played from a hand by the game itself — the solo's dummy and AI cards,
Lombardy's exposed cards, the seat's own among them — and a requested card handed over, under
the seat that handed it over: Tarocc'Ombre, Chambéry; or grouped per step, a list of the groups
of cards shown together, which says which cards one step showed: the solo's dummy under
``solo_dummy_follow_scope="whole_hand"``, which may turn several cards in one step, is given so).
A seat that does not see its own hand (the solo's virtual AI and dummy) cannot be described. When
no deal fits,
:class:`~tarotlib.errors.PositionError` says what does not fit: the step and action that no deal
makes legal and why, the size of the hand, or a card shown that the description does not give.

A Contrée position from seat 3's side: seat 1 bid 80 spades and all passed; seat 1 led the Jack
of spades, seat 2 threw the 10 of diamonds. What may seat 3 play?

>>> import tarotlib
>>> rules = tarotlib.variant("contree")
>>> actions = ["bid 80S", "pass", "pass", "pass", "play JS", "play 10D"]
>>> state = position(rules, 3, "7S 8H JH 1D KD 1C JC 7C", actions, dealer=0, rng=2)
>>> [a.text for a in state.legal_actions()]
['play 7S']
>>> set(state.hand(3)) == set(tarotlib.parse_cards("7S 8H JH 1D KD 1C JC 7C"))
True

When no deal fits, the error says why:

>>> position(rules, 3, "7S 8H JH 1D KD 1C JC 7C", [*actions[:5], "play 7S"], dealer=0, rng=0)
Traceback (most recent call last):
    ...
tarotlib.errors.PositionError: no deal leaves seat 3 holding 7S after these actions
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

import attrs

from tarotlib.ai.sampler import _seen, sample_world
from tarotlib.core.actions import Action
from tarotlib.core.cards import ALL_CARDS, Card, parse_cards
from tarotlib.core.dealing import Layout
from tarotlib.deal import Game, Told
from tarotlib.deal.state import DealState, with_hand
from tarotlib.errors import DealError, IllegalActionError, PositionError

__all__ = ["UNSEEN", "Shown", "position"]

UNSEEN = "?"
"""The text that stands, in a description's actions, for another seat's action the seat did not
see (``None`` does too)."""

Shown = str | Iterable[Card] | Iterable[str | Iterable[Card]]
"""What ``shown`` gives for one seat: its cards in the order shown (text or cards), or grouped
per step: a sequence of groups (text or cards each), each the cards one step showed together, in
the order the observation lists them (the solo's dummy's in any order)."""

_KITTY = -1


def _cards(cards: str | Iterable[Card]) -> list[int]:
    items = parse_cards(cards) if isinstance(cards, str) else list(cards)
    out = [int(c) for c in items]
    if len(set(out)) != len(out):
        raise PositionError(f"a card is given twice: {' '.join(str(ALL_CARDS[c]) for c in out)}")
    return out


def _parse(rules: Game, item: Action | str | None) -> Action | None:
    if item is None or (isinstance(item, str) and item.strip() == UNSEEN):
        return None
    if isinstance(item, Action):
        return item
    return rules.parse_action(item)


def position(
    rules: Game,
    seat: int,
    hand: str | Iterable[Card],
    actions: Sequence[Action | str | None] = (),
    *,
    dealer: int = 0,
    kitty: str | Iterable[Card] | None = None,
    shown: Mapping[int, Shown] | None = None,
    told: Sequence[str | Told] = (),
    rng: random.Random | int | None = None,
    attempts: int = 400,
) -> DealState:
    """A deal state of ``rules`` where ``seat`` holds ``hand`` after ``actions`` (the seat's view
    of the history: ``None`` or ``"?"`` for another seat's action it did not see), with
    ``dealer``, the ``kitty`` the seat saw, and ``shown``: for each seat (``seat`` itself
    included), the cards of its hand that the game showed without an action naming them there,
    in the order they were shown — turned up (the solo's dummy, Lombardy's exposed cards: the
    observation's order), played for it by the game (the solo's AI), or handed over on another
    seat's request (under the seat that handed it over; a requested card that nobody handed over
    is given under no seat). A seat's cards may also be given grouped per step (:data:`Shown`):
    a list of groups, each the cards one step showed together, which says when each card was
    shown. The solo's dummy under ``solo_dummy_follow_scope="whole_hand"`` is given so, as it may
    turn several cards in one step (S-O1, FT-20.8 step 4); a list in the order shown is refused
    there. ``told``: what the game told every seat without an action and without showing a card,
    in order, as the facts of :meth:`Game.told_facts <tarotlib.deal.game.Game.told_facts>` or their texts
    (Belote's automatic belote and rebelote, ``"seat 2 belote KS"``, BE-9.2); by default none,
    so a deal in which the game would tell something does not fit. ``seat`` must see its own
    hand (not the solo's virtual AI or dummy, FT-20.1). The other cards are drawn exactly
    uniformly among the worlds that give the seat the same observations all along (module
    docstring). ``rng`` is a
    :class:`random.Random` or a seed. Raises :class:`~tarotlib.errors.PositionError` when no deal
    fits (after ``attempts`` tries at finding one).

    A teacher's question: at four-player French Tarot, seat 1 took a Garde, saw the chien turned
    up, put six cards aside (unseen: ``"?"``) and led the 3 of trumps. What may seat 2 play?

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> hand = "1S KS 1H 2H 6D 9D 3C 6C 7C T5 T10 T13 T14 T15 T16 T17 T20 EX"
    >>> actions = ["bid garde", "pass", "pass", "pass", *["?"] * 6, "no-slam", "play T3"]
    >>> state = position(rules, 2, hand, actions, dealer=0, kitty="3H ND QD NC T1 T7", rng=1)
    >>> state.to_act, " ".join(a.text for a in state.legal_actions())
    (2, 'play T5 play T10 play T13 play T14 play T15 play T16 play T17 play T20 play EX')
    >>> state.observation(2).chien == tuple(tarotlib.parse_cards("3H ND QD NC T1 T7"))
    True

    At Lombardy the deal itself turns cards up (LO-12): the dealer's 4C and 5H, the last card
    dealt to each other seat (seat 2's own KC among them). Seat 2's view after the Monte, the
    dealer's discard (unseen) and a trick and a half:

    >>> rules = tarotlib.variant("lombardy")
    >>> hand = "6S 9S 9H 10H 1D 5D 1C 6C 8C 9C QC KC T1 T10 T11 T13 T21 EX"
    >>> actions = ["no-monte", "no-monte", "no-monte", "monte", "refuse", "?", "?",
    ...            "play JD", "play 6D", "play 3D", "play 2D", "play 6H"]
    >>> shown = {0: "4C 5H", 1: "8S", 2: "KC", 3: "T2"}
    >>> state = position(rules, 2, hand, actions, dealer=0, shown=shown, rng=0)
    >>> [a.text for a in state.legal_actions()], [(s, c.text) for s, c in state.exposed]
    (['play 9H', 'play 10H', 'play EX'], [(0, '4C'), (0, '5H'), (1, '8S'), (2, 'KC'), (3, 'T2')])

    The solo with ``whole_hand``: a Garde Sans; the AI led JS, the dummy showed QS KH T1, the
    player chose its QS and played his 2S; the dummy turned 5C; the AI led 6S and, none of its
    face-up cards being legal, the dummy turned 5S 7H 5D T20 in one step (the groups of
    ``shown[2]``). The turning stopped at the first legal card:

    >>> rules = tarotlib.variant("french-tarot-solo", solo_dummy_follow_scope="whole_hand")
    >>> hand = "3S 4S 9S 1H 6H QH 2D 4D KD 1C 4C 9C 10C NC QC KC T2 T3 T4 T7 T9 T10 T19"
    >>> actions = ["bid garde-sans", "no-slam", "play QS", "play 2S"]
    >>> shown = {1: "JS 6S", 2: ["QS KH T1", "5C", "5S 7H 5D T20"]}
    >>> state = position(rules, 0, hand, actions, shown=shown, rng=0)
    >>> [a.text for a in state.legal_actions()], " ".join(c.text for c in state.face_up)
    (['play 5S'], '5S 7H KH 5D 5C T1 T20')
    """
    gen = rng if isinstance(rng, random.Random) else random.Random(rng)
    template = rules.new_deal(seed=0, dealer=dealer)
    template.check_seat(seat)
    _describable(template, seat)
    mine = _cards(hand)
    turned = None if kitty is None else _cards(kitty)
    handed, groups = _handed(template, seat, shown or {})
    given = [c for cards in handed.values() for c in cards] + (turned or [])
    if len(set(given)) != len(given):
        _cards(ALL_CARDS[c] for c in given)  # says which card is given twice
    steps = [_parse(rules, item) for item in actions]
    if isinstance(told, str):
        raise PositionError(f"told: a list of texts, one a fact, not the text {told!r}")
    world = _Search(template, seat, mine, turned, steps, gen, handed, groups, told).run(attempts)
    return sample_world(world, seat, gen)


def _describable(template: DealState, seat: int) -> None:
    """Refuse a seat that does not see its own hand: what it knows is not a hand and the others'
    actions (the French Tarot solo's AI and dummy, FT-20.1)."""

    def sees(z: int) -> bool:  # (an observation without a hand: taken as seeing its own)
        own = getattr(template.observation(z), "hand", None)
        return own is None or {int(c) for c in own} == set(_bits(template.hand_mask(z)))

    if sees(seat):
        return
    seers = [z for z in range(template.rules.players) if sees(z)]
    names = " or ".join(f"seat {z}" for z in seers) or "another seat"
    raise PositionError(
        f"seat {seat} cannot be described: it does not see its own hand, so it knows no more "
        "than the seats that do (a virtual seat, whose choices another seat makes); describe "
        f"the position of {names}"
    )


def _handed(
    template: DealState, seat: int, shown: Mapping[int, Shown]
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """The ``shown`` cards by seat, checked (a seat of the game, each card once), and, for the
    seats given grouped per step, the sizes of their groups."""
    players = template.rules.players
    out: dict[int, list[int]] = {}
    groups: dict[int, list[int]] = {}
    for z, cards in shown.items():
        if not isinstance(z, int) or not 0 <= z < players:
            raise PositionError(f"shown: there is no seat {z!r} (seats 0 to {players - 1})")
        items = [cards] if isinstance(cards, str) else list(cards)
        if isinstance(cards, str) or all(isinstance(c, Card) for c in items):
            out[z] = _cards(cast("str | list[Card]", cards if isinstance(cards, str) else items))
            continue
        parts = [_cards([part] if isinstance(part, Card) else part) for part in items]
        out[z] = _cards(ALL_CARDS[c] for part in parts for c in part)
        groups[z] = [len(part) for part in parts if part]
    # A game that turns several cards of a hand in one step, how many depending on hidden
    # cards (Game.shown_in_groups: the solo's dummy under whole_hand, FT-20.8 step 4): a list in
    # the order shown does not say which were turned together, the groups do.
    for z in sorted(template.rules.shown_in_groups()):
        if z not in groups and out.get(z):
            example = f"shown={{{z}: ['8D T1 T7', 'KH', '2S 5S 1H']}}"
            raise PositionError(
                f"shown: the game may turn several of seat {z}'s cards up in one step, how many "
                f"depending on cards seat {seat} does not see: give seat {z}'s cards grouped by "
                f"the step that turned them up ({example})"
            )
    return out, groups


class _Search:
    """One deal that fits the description, found by replaying it on a layout and moving the cards
    an illegal action shows misplaced (a card played that its player did not hold, cards that made
    a play illegal), until every step is legal and shows the cards described there, and the
    seat's hand is the one described. The cards shown are moved to the places of a hand's dealing
    order that show them; for the solo's dummy given grouped, a group's cards together, the card
    that ends a turning last, and the dummy's voids learnt (:meth:`_learn_group`)."""

    def __init__(
        self,
        template: DealState,
        seat: int,
        mine: list[int],
        shown: list[int] | None,
        steps: list[Action | None],
        rng: random.Random,
        handed: dict[int, list[int]] | None = None,
        groups: dict[int, list[int]] | None = None,
        facts: Sequence[str | Told] = (),
    ) -> None:
        self.template = template
        self.rules = template.rules
        # What the game told, in order (texts, or facts whose text is taken).
        self.facts = [
            " ".join((fact.text if isinstance(fact, Told) else fact).split()) for fact in facts
        ]
        self.untold: str | None = None  # a fact a deal tried told that facts does not give
        self.seat = seat
        self.mine = mine
        self.shown = shown
        self.steps = steps
        self.rng = rng
        layout = template.layout
        stock = template.data.stock
        self.sizes = {y: len(h) for y, h in enumerate(layout.hands)}
        self.sizes[_KITTY] = len(layout.kitty)
        self.slots = [_KITTY - 1 - i for i in range(len(stock))]  # the stock, one place a card
        for slot in self.slots:
            self.sizes[slot] = 1
        deck = [int(c) for h in layout.hands for c in h] + [int(c) for c in layout.kitty]
        self.deck = sorted(deck + [int(c) for c in stock])
        self.feeds: dict[int, int] = {}  # stock place -> the seat that receives its card
        self.described = set(mine)
        self.expect = {z: list(cards) for z, cards in (handed or {}).items() if cards}
        self.handed = {(z, c) for z, cards in self.expect.items() for c in cards}
        self.at: dict[tuple[int, int], int] = {}  # (seat, place in its dealing order) -> card
        # The seats given grouped per step: where each group starts in expect -> where it ends.
        self.ends: dict[int, dict[int, int]] = {}
        for z, sizes in (groups or {}).items():
            at = 0
            self.ends[z] = {}
            for size in sizes:
                self.ends[z][at] = at + size
                at += size
        self.where: dict[int, int] = {}  # the layout tried now
        # The grouped seats whose groups may be given in any order: the solo's dummy, whose
        # face-up cards the observation lists in card order (FT-20.8).
        self.any_order = set(self.ends) & self.rules.shown_sorted()
        others = [c for _, c in sorted(self.handed)]
        unknown = [c for c in (*mine, *(shown or ()), *others) if c not in set(self.deck)]
        if unknown:
            raise PositionError(f"{ALL_CARDS[unknown[0]]} is not a card of this game")
        if shown is not None and len(shown) > len(layout.kitty) + len(stock):
            raise PositionError(f"the kitty has {len(layout.kitty)} cards, not {len(shown)}")
        self.forced: dict[int, int] = {}  # card -> the place it is dealt to
        self.must: dict[int, int] = {}  # card -> the seat whose hand it reaches (dealt or received)
        self.forbidden: set[tuple[int, int]] = set()
        self.pending = list(shown or ()) if len(shown or ()) > len(layout.kitty) else []
        for c in shown or ():
            if not self.pending:
                self.forced[c] = _KITTY
        for z, c in self.handed:  # a card the seat saw in another seat's hand
            self.must[c] = z
        self.described |= set(others)
        named_all: set[int] = set()
        for action in steps:
            if action is not None:
                named_all |= _named(action)
        self.described |= named_all | set(shown or ())
        for c in self.deck:  # the seat held no card that the description does not give
            if c not in self.described:
                self.forbidden.add((c, seat))
        later: list[set[int]] = []
        names: set[int] = set()
        for action in reversed(steps):
            later.append(set(names))
            if action is not None:
                names |= _named(action)
        self.later = list(reversed(later))
        self.best: tuple[int, str] = (-1, "")
        self.lost: set[int] = set()  # cards named later that no seat may hand over: put aside
        self.secret: dict[int, int] = {}  # a step of an unseen action -> its actor

    def layout(self) -> dict[int, int]:
        """Where each card is dealt: the forced cards, then the others at random."""
        where = dict(self.forced)
        room = {p: self.sizes[p] - sum(1 for q in where.values() if q == p) for p in self.sizes}
        if min(room.values()) < 0:
            raise PositionError(self._crowded())
        rest = [c for c in self.deck if c not in where]
        self.rng.shuffle(rest)
        # The cards that must reach a hand first, then the cards with fewest places.
        rest.sort(
            key=lambda c: (c not in self.must, sum((c, p) not in self.forbidden for p in room))
        )
        for c in rest:
            places = [p for p, r in room.items() if r > 0 and self._may(c, p)]
            if c in self.must:
                near = [p for p in places if p == self.must[c] or self.feeds.get(p) == self.must[c]]
                places = near or places
            if not places:  # (the replay then says what does not fit)
                places = [p for p, r in room.items() if r > 0]
            p = self.rng.choice(places)
            where[c] = p
            room[p] -= 1
        return where

    def _may(self, c: int, p: int) -> bool:
        if (c, p) in self.forbidden:
            return False
        return c in self.described or self.feeds.get(p) != self.seat

    def _crowded(self) -> str:
        for p, size in self.sizes.items():
            cards = [c for c, q in self.forced.items() if q == p]
            if len(cards) > size:
                name = "the kitty" if p == _KITTY else f"seat {p}'s hand"
                return f"{name} would need {len(cards)} cards, more than the {size} dealt"
        return "no layout fits"

    def run(self, attempts: int) -> DealState:
        for _ in range(attempts):
            where = self.layout()
            if not where:
                continue
            self.where = where
            world = self.replay(where)
            if world is not None:
                self._check_kitty(world)
                return world
        raise PositionError((self.best[1] or "no deal fits this description") + self._untold())

    def replay(self, where: dict[int, int]) -> DealState | None:
        hands = [0] * self.rules.players
        kitty = 0
        stock = [ALL_CARDS[0]] * len(self.slots)
        for c, p in where.items():
            if p == _KITTY:
                kitty |= 1 << c
            elif p < _KITTY:
                stock[_KITTY - 1 - p] = ALL_CARDS[c]
            else:
                hands[p] |= 1 << c
        template = self.template
        order = None
        if template.data.order is not None:  # hands kept in dealing order: one at random
            order = []
            for z, h in enumerate(hands):
                cards = [ALL_CARDS[c] for c in _bits(h)]
                self.rng.shuffle(cards)
                fixed = {k: c for (y, k), c in self.at.items() if y == z and h >> c & 1}
                rest = iter(c for c in cards if int(c) not in fixed.values())
                order.append(
                    [ALL_CARDS[fixed[k]] if k in fixed else next(rest) for k in range(len(cards))]
                )
        try:
            layout = Layout.from_masks(hands, kitty, template.dealer, stock, order=order)
            state: DealState = self.rules.new_deal(layout=layout)
        except DealError as exc:  # pragma: no cover - the sizes are the template's
            raise PositionError(str(exc)) from exc
        slot_of = {c: p for c, p in where.items() if p < _KITTY}
        if self.pending:  # the kitty or stock cards the seat saw: where they lie, once known
            own = state.hand_mask(self.seat)
            shown_now = [c for c in _seen(state.observation(self.seat)) if not own >> c & 1]
            places = sorted(where[c] for c in shown_now if where[c] < 0)
            if len(places) == len(self.pending):
                for c, p in zip(self.pending, places, strict=True):
                    self.forced[c] = p
                self.pending = []
                return None
        told: dict[int, int] = dict.fromkeys(self.expect, 0)  # the shown cards seen so far
        if self.expect and not self._match(None, state, None, 0, told):
            return None
        if not self._facts_fit(state, 0):
            return None
        for step, action in enumerate(self.steps):
            y = state.to_act
            if y is None:
                if step > self.best[0]:
                    self.best = (step, f"step {step + 1}: the deal is over before this action")
                return None
            if action is None:
                if y == self.seat:
                    raise PositionError(
                        f"step {step + 1}: seat {y}'s own action is unknown; give it"
                    )
                avoid = self.later[step]
                legal = state.legal_actions()
                options = [a for a in legal if _named(a) & self.lost] or [
                    a for a in legal if not _named(a) & avoid
                ]
                options = options or list(legal)
                self.secret[step + 1] = y
                if not options:
                    return None
                action = self.rng.choice(options)
            try:
                before = state
                state = state.apply(action)
                if slot_of and len(self.feeds) < len(self.slots):
                    self._learn_feeds(before, state, slot_of)
            except IllegalActionError as exc:
                why = f"step {step + 1}, seat {y}: {exc}"
                fatal = self._learn(state, y, action, where)
                if fatal:
                    raise PositionError(f"{why} ({fatal}){self._untold()}") from exc
                if step > self.best[0] or not self.best[1]:
                    self.best = (step, why)
                return None
            if not self._match(before, state, action, step + 1, told):
                return None
            if not self._facts_fit(state, step + 1):
                return None
        facts = self.rules.told_facts(state)
        if len(facts) < len(self.facts):
            if len(self.steps) >= self.best[0]:
                self.best = (
                    len(self.steps),
                    f"told: the game never tells {self.facts[len(facts)]!r} here",
                )
            return None
        for z, k in told.items():
            if k < len(self.expect[z]):
                c = ALL_CARDS[self.expect[z][k]]
                if len(self.steps) >= self.best[0]:
                    self.best = (
                        len(self.steps),
                        f"shown: seat {self.seat} never sees {c} in seat {z}'s hand here",
                    )
                return None
        final = state.hand_mask(self.seat)
        want = sum(1 << c for c in self.mine)
        if final.bit_count() != len(self.mine):
            raise PositionError(
                f"the hand has {len(self.mine)} cards, expected {final.bit_count()} at this point"
            )
        if final != want:
            for c in _bits(final & ~want):
                self.forbidden.add((c, where[c]))
            for c in _bits(want & ~final):
                if c not in self.forced:
                    self.must[c] = self.seat
            self.best = (len(self.steps), self._hand_message(final, want))
            return None
        return state

    def _match(
        self,
        before: DealState | None,
        after: DealState,
        action: Action | None,
        step: int,
        told: dict[int, int],
    ) -> bool:
        """Whether the cards ``after`` shows the seat in other hands at ``step`` (0: the deal) are
        the next ``shown`` ones; if not, the places in dealing order they must take are learnt."""
        n = self.rules.players
        seat = self.seat
        start = after if before is None else before
        named = set() if action is None else _named(action)
        got: dict[int, list[int]] = {}
        if self.expect:
            self._shown_now(before, after, start, named, got)
        if before is not None:  # a card handed over by a seat that did not act
            for z in range(n):
                if z == before.to_act:
                    continue
                for c in _bits(before.hand_mask(z) & ~after.hand_mask(z)):
                    if any(after.hand_mask(w) >> c & 1 for w in range(n) if w != z):
                        got.setdefault(z, []).append(c)
                        if (z, c) not in self.handed:
                            self._unshown(step, action, z, c)
                            return False
        fits = True
        # The seats given grouped last: what they show may follow from the others' (the solo's
        # dummy turns its cards after the AI's lead, FT-20.8 steps 3-4).
        for z, cards in sorted(got.items(), key=lambda item: item[0] in self.ends):
            k = told.get(z, 0)
            if z in self.ends:  # grouped: the step shows the next group
                want = self.expect[z][k : self.ends[z].get(k, k)]
                loose = z in self.any_order
                if (set(cards) == set(want)) if loose else cards == want:
                    told[z] = k + len(want)
                    continue
                if step >= self.best[0]:
                    self.best = (step, self._group_message(step, z, cards, want))
                if loose:
                    if fits:
                        self._learn_group(before, after, action, z, cards, want)
                    fits = False
                    continue
            else:
                want = self.expect.get(z, [])[k : k + len(cards)]
                if cards == want:
                    told[z] = k + len(cards)
                    continue
                if step >= self.best[0]:
                    cards_text = " ".join(str(ALL_CARDS[c]) for c in cards)
                    self.best = (
                        step,
                        f"{f'step {step}' if step else 'the deal'}: seat {seat} sees {cards_text} "
                        f"in seat {z}'s hand here, which shown= does not give at this point",
                    )
            fits = False
            order = after.data.order
            for j, c in enumerate(cards):
                if j < len(want) and want[j] != c and order is not None and c in order[z]:
                    for place in [p for p, d in self.at.items() if d == want[j]]:
                        del self.at[place]
                    self.at[z, order[z].index(c)] = want[j]
                    self.forced[want[j]] = z
        return fits

    def _untold(self) -> str:
        """For a search that fails: a fact the deals tried told that ``told`` does not give."""
        if self.untold is None:
            return ""
        return f"; deals tried told {self.untold!r} at some point, which told= does not give"

    def _facts_fit(self, state: DealState, step: int) -> bool:
        """Whether what the game has told every seat so far (``Game.told_facts``: Belote's
        automatic belote and rebelote, BE-9.2) is what the description's ``told`` begins with."""
        facts = [fact.text for fact in self.rules.told_facts(state)]
        if facts == self.facts[: len(facts)]:
            return True
        extra = next(f for i, f in enumerate(facts) if i >= len(self.facts) or f != self.facts[i])
        self.untold = extra
        if step >= self.best[0]:
            self.best = (
                step,
                f"{f'step {step}' if step else 'the deal'}: the game tells {extra!r} here, which "
                "told= does not give at this point",
            )
        return False

    def _group_message(self, step: int, z: int, cards: list[int], want: list[int]) -> str:
        seen = " ".join(str(ALL_CARDS[c]) for c in cards)
        where = f"step {step}" if step else "the deal"
        if not want:
            return (
                f"{where}: seat {self.seat} sees {seen} in seat {z}'s hand here, which shown= "
                f"does not give (no group of seat {z}'s is left)"
            )
        group = " ".join(str(ALL_CARDS[c]) for c in want)
        return (
            f"{where}: seat {self.seat} sees {seen} in seat {z}'s hand here, not the next group "
            f"shown= gives ({group})"
        )

    def _learn_group(
        self,
        before: DealState | None,
        after: DealState,
        action: Action | None,
        z: int,
        cards: list[int],
        want: list[int],
    ) -> None:
        """The step shows ``cards`` of ``z``'s hand where the description gives the group
        ``want``: learn the places in ``z``'s dealing order that show ``want`` together, or the
        loose cards of ``z``'s hand that change what the step shows.

        Cards shown together from a hand kept in dealing order are consecutive there, from the
        first place the step shows (the solo's dummy turns its pile from the top, FT-20.8 steps
        1, 4, 5); the last of them ends the turning (step 4: the first legal card), so a group
        shown short, ended by one of its cards, has that card moved last."""
        order = after.data.order
        if order is None or not want:
            return
        pile = [int(c) for c in order[z]]
        places = sorted(pile.index(c) for c in cards if c in pile)
        if not places:
            return
        start = places[0]
        end = min(start + len(want), len(pile))
        target = range(start, end)
        held = {pile[i] for i in target}
        wanted = set(want)
        if held != wanted:  # put the group there: its cards already there stay
            for place in [
                p for p, d in self.at.items() if d in wanted or (p[0] == z and p[1] in target)
            ]:
                del self.at[place]
            free = [i for i in target if pile[i] not in wanted]
            rest = [c for c in want if c not in held]
            self.rng.shuffle(rest)
            for i in target:
                if pile[i] in wanted:
                    self.at[z, i] = pile[i]
            for i, c in zip(free, rest, strict=False):
                self.at[z, i] = c
            for c in want:
                self.forced[c] = z
            return
        for i in target:
            self.at[z, i] = pile[i]
        if set(cards) < wanted:  # ended early by one of its cards: that card goes last
            self._last(z, pile, set(cards), _legal_cards(after), end - 1)
            return
        if before is None or action is None:
            return
        # The group lies in place and the step shows more (or other) cards: the loose cards of
        # z's hand change which card ends the turning (a void: FT-9.2 judged on its whole hand,
        # FT-20.8 step 4). Without them, does the step show the group?
        loose = [c for c in _bits(before.hand_mask(z)) if c not in self.described]
        if not loose:
            return
        base = before.hand_mask(z) & ~sum(1 << c for c in loose)
        probe = self._shows(before, action, z, base)
        if probe is None:
            return
        shown, legal = probe
        if shown < wanted and shown:
            self._last(z, pile, shown, legal, end - 1)
        elif shown == wanted:
            for c in loose:
                again = self._shows(before, action, z, base | 1 << c)
                if (again is None or again[0] != wanted) and c in self.where:
                    self.forbidden.add((c, self.where[c]))

    def _last(self, z: int, pile: list[int], shown: set[int], legal: set[int], last: int) -> None:
        """The card of ``shown`` that ended the turning (a legal one) moves to place ``last`` of
        ``z``'s dealing order (FT-20.8 step 4: the turning ends at the first legal card)."""
        ended = sorted(shown & legal) or sorted(shown)
        i = pile.index(self.rng.choice(ended))
        if i != last:
            self.at[z, i], self.at[z, last] = pile[last], pile[i]

    def _shows(
        self, before: DealState, action: Action, z: int, hand: int
    ) -> tuple[set[int], set[int]] | None:
        """The cards of ``z``'s ``hand`` that ``action`` shows the seat (no action naming them),
        with that hand in ``before``, and the cards then legal; None if the action is then
        illegal."""
        packed = with_hand(before.packed_hands, z, hand)
        test = before.proceed(None, to_act=before.actor, hands=packed)
        try:
            after = test.apply(action)
        except IllegalActionError:
            return None
        got: dict[int, list[int]] = {}
        self._shown_now(test, after, test, _named(action), got)
        return set(got.get(z, [])), _legal_cards(after)

    def _shown_now(
        self,
        before: DealState | None,
        after: DealState,
        start: DealState,
        named: set[int],
        got: dict[int, list[int]],
    ) -> None:
        """The cards ``after`` shows in a hand (``start``'s) that no action names, by seat: the
        others' cards the seat sees, its own the others see, in the order the seat's observation
        lists them (last)."""
        n = self.rules.players
        seat = self.seat
        fresh = _seen(after.observation(seat)) - (
            frozenset() if before is None else _seen(before.observation(seat))
        )
        mine = start.hand_mask(seat)
        fresh = frozenset(c for c in fresh if not mine >> c & 1)
        for w in range(n):  # the seat's own cards shown to the others
            if w != seat:
                then = frozenset() if before is None else _seen(before.observation(w))
                fresh |= {c for c in _seen(after.observation(w)) - then if mine >> c & 1}
        rank = {c: i for i, c in enumerate(_listed(after.observation(seat)))}  # its last mention
        for c in sorted(fresh - named, key=lambda c: rank.get(c, len(rank))):
            for z in range(n):
                if start.hand_mask(z) >> c & 1:
                    got.setdefault(z, []).append(c)

    def _unshown(self, step: int, action: Action | None, z: int, c: int) -> None:
        """Seat ``z`` hands ``c`` over in this deal, which the description does not say: the card
        lay elsewhere (put aside), or the description lacks it."""
        if not any(c in cards for cards in self.expect.values()):
            self.lost.add(c)
            actors = [y for t, y in self.secret.items() if t < step]
            if actors and c not in self.forced:
                self.must[c] = self.rng.choice(actors)
        text = "" if action is None else f"{action.text}: "
        if step >= self.best[0]:
            self.best = (
                step,
                f"step {step}: {text}seat {self.seat} sees seat {z} hand {ALL_CARDS[c]} over here, "
                f"which shown= does not give (shown={{{z}: '{ALL_CARDS[c]}'}} if it did)",
            )

    def _hand_message(self, final: int, want: int) -> str:
        missing = " ".join(str(ALL_CARDS[c]) for c in _bits(want & ~final))
        return f"no deal leaves seat {self.seat} holding {missing} after these actions"

    def _learn(self, state: DealState, y: int, action: Action, where: dict[int, int]) -> str | None:
        """Move what the illegal ``action`` of ``y`` shows misplaced; a message when no deal can
        make it legal."""
        y = getattr(state, "card_seat", y)  # a seat choosing another's card (the solo's dummy)
        hand = state.hand_mask(y)
        lacking = [c for c in _named(action) if not hand >> c & 1]
        loose = [c for c in _bits(hand) if c not in self.forced and c not in self.must]
        loose = [c for c in loose if c not in self.mine]
        base = (hand | sum(1 << c for c in lacking)) & ~sum(1 << c for c in loose)
        if not _legal(state, y, base, action):
            return None
        for c in lacking:
            if c in self.forced or self.must.get(c, y) != y:
                return None  # dealt elsewhere, and lost on the way (an unseen action took it)
            self.must[c] = y
        for c in loose:
            if not _legal(state, y, base | 1 << c, action):
                self.forbidden.add((c, where[c]))
        return None

    def _learn_feeds(self, before: DealState, after: DealState, slot_of: dict[int, int]) -> None:
        """Which seat receives each stock card (a fact of the deal's dealing)."""
        for z in range(self.rules.players):
            for c in _bits(after.hand_mask(z) & ~before.hand_mask(z)):
                if c in slot_of:
                    self.feeds[slot_of[c]] = z

    def _check_kitty(self, world: DealState) -> None:
        """Every card the seat sees in ``world`` must be described: its hands, the cards the
        actions name, the kitty cards given (else the world would add what the seat saw)."""
        described = set(self.shown or ())
        for action in self.steps:
            if action is not None:
                described |= _named(action)
        state: DealState = self.rules.new_deal(layout=world.layout)
        seen = set(_seen(state.observation(self.seat)))
        own = set(_bits(state.hand_mask(self.seat))) | set(self.shown or ())
        dealt_shown = sorted(seen - own - {c for _, c in self.handed})
        described |= own
        if dealt_shown and not all(ALL_CARDS[c] in world.layout.kitty for c in dealt_shown):
            cards = " ".join(str(ALL_CARDS[c]) for c in dealt_shown)
            raise PositionError(
                f"seat {self.seat} sees cards here that no action names ({cards} in one deal, "
                "shown by the deal itself): give the cards it saw in other hands (shown=...)"
            )
        n = self.rules.players
        described.update(c for _, c in self.handed)
        for step, action in enumerate(world.history):
            before = [state.hand_mask(z) for z in range(n)]
            actor = state.to_act
            state = state.apply(action)
            for z in range(n):
                if z == actor:
                    continue
                gone = before[z] & ~state.hand_mask(z)
                for c in _bits(gone):
                    if not any(state.hand_mask(w) >> c & 1 for w in range(n) if w != z):
                        continue
                    if (z, c) not in self.handed:
                        raise PositionError(
                            f"step {step + 1}: {action.text}: seat {self.seat} sees who hands "
                            f"{ALL_CARDS[c]} over (seat {z} in one deal), which the actions do not "
                            f"say: give it (shown={{{z}: '{ALL_CARDS[c]}'}} if seat {z} did)"
                        )
            seen |= _seen(state.observation(self.seat))
            described.update(_bits(state.hand_mask(self.seat)))
        extra = sorted(seen - described)
        if extra:
            cards = " ".join(str(ALL_CARDS[c]) for c in extra)
            if all(ALL_CARDS[c] in world.layout.kitty for c in extra):
                raise PositionError(
                    f"seat {self.seat} sees kitty cards here ({cards} in one deal): give the "
                    "kitty cards it saw (kitty=...)"
                )
            raise PositionError(
                f"seat {self.seat} sees cards here that no action names ({cards} in one deal, "
                "shown by the game itself): give the cards it saw in other hands (shown=...)"
            )


def _named(action: Action) -> set[int]:
    out = {int(c) for c in getattr(action, "shown", ())}
    card = getattr(action, "card", None)
    if card is not None:
        out.add(int(card))
    return out


def _listed(item: object) -> list[int]:
    """The cards ``item`` (an observation) mentions, in the order it lists them."""
    out: list[int] = []
    todo = [item]
    while todo:
        x = todo.pop()
        if isinstance(x, Card):
            out.append(int(x))
        elif attrs.has(type(x)):
            kind = cast("type[attrs.AttrsInstance]", type(x))
            todo.extend(reversed([getattr(x, f.name) for f in attrs.fields(kind)]))
        elif isinstance(x, tuple | list):
            todo.extend(reversed(x))
    return out


def _legal(state: DealState, y: int, hand: int, action: Action) -> bool:
    packed = with_hand(state.packed_hands, y, hand)
    test = state.proceed(None, to_act=state.actor, hands=packed)
    try:
        test.apply(action)
    except IllegalActionError:
        return False
    return True


def _legal_cards(state: DealState) -> set[int]:
    """The cards the legal actions of ``state`` name."""
    out: set[int] = set()
    for action in state.legal_actions():
        out |= _named(action)
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
