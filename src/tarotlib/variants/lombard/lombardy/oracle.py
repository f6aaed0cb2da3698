"""An independent checker of Lombardy and Reseghino deals, registered as the games' ``oracle``
hook (:func:`tarotlib.testing.check_state` runs it on every state).

It restates the rules file from the layout and the history alone, without the engine's trick
rules, fool rule, discard rule or point table: the exposure (LO-12), the Monte (LO-13), the
discard's restrictions (LO-8.2), the legal cards (LO-6, LO-7.1), the winner of each trick with the
Italian rank order (LO-3, LO-6.4), the Matto exchange (LO-7.4 – LO-7.9), the discard's owner
(LO-8.3), the count by LO-5.4's closed form, the deal scores (LO-16, RE-6), the conservation of
the cards and of the deal total (LO-5.7), and what each seat may see (LO-9).

>>> import tarotlib
>>> from tarotlib.testing import random_play
>>> final, _ = random_play(tarotlib.variant("lombardy").new_deal(seed=4), 1,
...                        on_step=check_lombard_state)
>>> final.is_over
True
"""

from __future__ import annotations

from typing import Final

from tarotlib.core.actions import Action, Answer, Discard, Expose, Give, Monte, Play
from tarotlib.core.cards import ALL_CARDS, Rank, Suit, format_cards
from tarotlib.deal import DealState
from tarotlib.variants.lombard.lombardy.state import LombardState

__all__ = ["check_lombard_state", "expected_exposure", "face_value", "pile_points"]

_MATTO: Final = 77
_MONDO: Final = 76
_BAGATTO: Final = 56
_COURTS: Final = {Rank.KING: 5, Rank.QUEEN: 4, Rank.KNIGHT: 3, Rank.JACK: 2}


def face_value(card: int, mondo: int) -> int:
    """LO-4: Mondo ``mondo``, Bagatto 5, Matto 5, King 5, Queen 4, Cavalier 3, Jack 2, else 0.

    >>> [face_value(c, 6) for c in (76, 56, 77, 13, 12, 11, 10, 9, 60)]
    [6, 5, 5, 5, 4, 3, 2, 0, 0]
    """
    if card == _MONDO:
        return mondo
    if card in (_BAGATTO, _MATTO):
        return 5
    c = ALL_CARDS[card]
    if c.rank is None:
        return 0
    return _COURTS.get(c.rank, 0)


def pile_points(cards: set[int] | frozenset[int], mondo: int, g: int, conserving: bool) -> int:
    """LO-5.4: ``Σv − C + floor(N/g) + max(0, (N mod g) − B)`` (``conserving``: without the last
    term, LO-5.5).

    >>> pile_points({13, 12, 11, 6, 26, 52}, 6, 4, False)   # LO-E2: KS QS NS 7S QH JC
    15
    """
    n = len(cards)
    vals = [face_value(c, mondo) for c in cards]
    big_c = sum(1 for v in vals if v)
    extra = 0 if conserving else max(0, n % g - (n - big_c))
    return sum(vals) - big_c + n // g + extra


def _strength(card: int) -> tuple[int, int]:
    """(class, strength): class 4 for trumps, the suit for suit cards; LO-3's order."""
    c = ALL_CARDS[card]
    if c.is_trump:
        return 4, c.trump_number or 0
    assert c.suit is not None and c.rank is not None
    r = int(c.rank)
    if c.suit in (Suit.HEARTS, Suit.DIAMONDS) and r <= 10:
        r = 11 - r  # LO-3: red pips run 1 high … 10 low
    return int(c.suit), r


def _legal(hand: set[int], trick: list[int]) -> set[int]:
    """LO-6.2 and LO-7.1, restated."""
    plain = [c for c in trick if c != _MATTO]
    if not plain:
        return set(hand)  # (b): a lead, or after a Matto lead
    led = _strength(plain[0])[0]  # LO-6.3
    follow = {c for c in hand if c != _MATTO and _strength(c)[0] == led}
    if follow:
        return follow | (hand & {_MATTO})
    trumps = {c for c in hand if c != _MATTO and _strength(c)[0] == 4}
    if trumps:
        return trumps | (hand & {_MATTO})
    return set(hand)


def _winner(trick: list[int], seats: list[int]) -> int:
    """LO-6.4: the highest trump, else the highest card of the suit to follow; never the Matto."""
    plain = [(c, s) for c, s in zip(trick, seats, strict=True) if c != _MATTO]
    led = _strength(plain[0][0])[0]
    trumps = [(c, s) for c, s in plain if _strength(c)[0] == 4]
    pool = trumps or [(c, s) for c, s in plain if _strength(c)[0] == led]
    return max(pool, key=lambda cs: _strength(cs[0])[1])[1]


def expected_exposure(order: tuple[tuple[int, ...], ...], dealer: int) -> list[tuple[int, int]]:
    """LO-12.1 and LO-12.2 under ``reverse_deal``: the dealer's two last cards, the last card of
    each other hand, then the dealer's cards in reverse dealing order until two of his face-up
    cards are not honours.

    >>> from tarotlib.core.cards import parse_cards
    >>> order = [tuple(parse_cards(h)) for h in ("2S 3S", "4S 5S", "6S 7S", "8S 9S KS T21")]
    >>> [(s, ALL_CARDS[c].text) for s, c in expected_exposure(order, 3)]
    [(3, 'KS'), (3, 'T21'), (0, '3S'), (1, '5S'), (2, '7S'), (3, '9S'), (3, '8S')]
    """
    honours = _honours()
    n = len(order)
    mine = list(order[dealer])
    shown = [(dealer, c) for c in mine[-2:]]
    for k in range(1, n):
        seat = (dealer + k) % n
        shown.append((seat, order[seat][-1]))
    for card in reversed(mine):
        if sum(1 for s, c in shown if s == dealer and c not in honours) >= 2:
            break
        if (dealer, card) not in shown:
            shown.append((dealer, card))
    return shown


def _honours() -> set[int]:
    kings = {s * 14 + 13 for s in range(4)}
    return kings | {_MONDO, _BAGATTO, _MATTO}


def _discardable(hand: set[int], left: int) -> set[int]:
    """LO-8.2: never an honour; a trump 2–20 only when fewer than ``left`` suit cards other than
    Kings remain."""
    honours = _honours()
    suit_cards = {c for c in hand if c not in honours and not ALL_CARDS[c].is_trump}
    if len(suit_cards) >= left:
        return suit_cards
    return suit_cards | {c for c in hand if c not in honours and ALL_CARDS[c].is_trump}


class _Replay:
    """The deal replayed from its layout and history under the rules file."""

    def __init__(self, state: DealState) -> None:
        rules = state.rules
        options = rules.options_dict()
        self.n = n = rules.players
        self.lombardy = n == 4
        self.mondo = 6 if self.lombardy else 5
        self.g = 4 if self.lombardy else 3
        self.options = options
        layout = state.layout
        self.dealer = d = layout.dealer
        self.hands = [{int(c) for c in h} for h in layout.hands]
        assert [len(h) for h in self.hands] == [
            (21 if self.lombardy else 28) if s == d else (19 if self.lombardy else 25)
            for s in range(n)
        ], "LO-11/RE-3: hands of 19 (+2 for the dealer) or 25 (+3)"
        self.sides = (0, 1, 0, 1) if self.lombardy else tuple(range(n))
        self.exposed: list[tuple[int, int]] = []
        self.discard: set[int] = set()
        self.piles: list[list[int]] = [[] for _ in range(n)]  # in the order won
        self.tricks: list[tuple[list[int], list[int], int]] = []
        self.trick: list[int] = []
        self.seats: list[int] = []
        self.pending: tuple[int, int] | None = None  # (owner, holder) of the Matto
        self.exchange: tuple[int, int, int] | None = None
        self.annulled = False
        self.to_act = -1
        self.expect: set[str] | None = None  # the legal actions' texts, when known
        self._run(state)

    # -- phases -------------------------------------------------------------------------------
    def _run(self, state: DealState) -> None:
        n, d = self.n, self.dealer
        history = list(state.history)
        i = 0
        if self.lombardy:
            order = state.layout.order
            assert order is not None, "LO-11: a Lombardy layout keeps the dealing order"
            order_i = tuple(tuple(int(c) for c in h) for h in order)
            if self.options["exposure_order"] == "reverse_deal":
                self.exposed = expected_exposure(order_i, d)
            else:
                self.exposed = [(d, c) for c in order_i[d][-2:]]
                self.exposed += [((d + k) % n, order_i[(d + k) % n][-1]) for k in range(1, n)]
                honours = _honours()
                while True:
                    mine = {c for s, c in self.exposed if s == d}
                    if len(mine - honours) >= 2 or not self.hands[d] - mine:
                        break
                    if i == len(history):
                        self.to_act = d
                        self.expect = {f"expose {ALL_CARDS[c]}" for c in self.hands[d] - mine}
                        return
                    a = history[i]
                    assert isinstance(a, Expose), f"LO-12.2: the dealer exposes, not {a.text}"
                    assert a.card in self.hands[d] - mine, f"LO-12.2: {a.text} is not face down"
                    self.exposed.append((d, int(a.card)))
                    i += 1
            if self.options["monte"] == "enabled":
                i = self._monte(history, i)
                if i < 0:
                    return
        # LO-8 / RE-4: the discard
        size = 2 if self.lombardy else 3
        for k in range(size):
            left = size - k
            legal = _discardable(self.hands[d], left)
            if i == len(history):
                self.to_act = d
                self.expect = {f"discard {ALL_CARDS[c]}" for c in legal}
                return
            a = history[i]
            assert isinstance(a, Discard), f"LO-8: the dealer discards, not {a.text}"
            assert a.card in legal, (
                f"LO-8.2: {a.text} from {format_cards(sorted(self.hands[d]))} breaks the discard "
                "restrictions"
            )
            self.hands[d].discard(int(a.card))
            self.discard.add(int(a.card))
            i += 1
        self._play(history, i)

    def _monte(self, history: list[Action], i: int) -> int:
        """LO-13.2; returns the next index, or -1 when the history ends in the round or the deal
        was annulled."""
        n, d = self.n, self.dealer
        speakers = [(d + k) % n for k in range(1, n + 1)]
        for k, seat in enumerate(speakers):
            if i == len(history):
                self.to_act, self.expect = seat, {"monte", "no-monte"}
                return -1
            a = history[i]
            assert isinstance(a, Monte), f"LO-13.2: seat {seat} proposes or declines"
            i += 1
            if not a.propose:
                continue
            accepts = 0
            for j in range(1, n):
                answerer = speakers[(k + j) % n]
                if i == len(history):
                    self.to_act, self.expect = answerer, {"accept", "refuse"}
                    return -1
                b = history[i]
                assert isinstance(b, Answer), f"LO-13.2: seat {answerer} answers"
                i += 1
                if not b.accept:
                    break
                accepts += 1
            if accepts == n - 1:
                self.annulled = True  # LO-13.3
                return -1
        return i

    def _own(self, seat: int) -> list[int]:
        """The cards that may pay for the Matto (LO-7.4, LO-7.9), in the order won."""
        cards = [c for c in self.piles[seat] if c != _MATTO]
        if self.options["matto_payment_from_discard"] and seat == self.dealer:
            cards += sorted(self.discard)
        return cards

    def _pay(self, card: int) -> None:
        assert self.pending is not None, "LO-7.4: a card pays only for a Matto won by another"
        owner, holder = self.pending
        self.piles[holder].remove(_MATTO)
        self.piles[owner].append(_MATTO)
        if card in self.piles[owner]:
            self.piles[owner].remove(card)
        else:
            self.discard.remove(card)
        self.piles[holder].append(card)
        self.exchange = (owner, holder, card)
        self.pending = None

    def _play(self, history: list[Action], i: int) -> None:
        n = self.n
        leader = (self.dealer + 1) % n  # LO-6.1: the eldest leads
        chosen = self.options["matto_payment"] == "any_own_card"
        while True:
            if self.pending is not None and self._own(self.pending[0]) and chosen:
                owner = self.pending[0]
                if i == len(history):
                    self.to_act = owner
                    self.expect = {f"give {ALL_CARDS[c]}" for c in self._own(owner)}
                    return
                a = history[i]
                assert isinstance(a, Give), f"LO-7.7: seat {owner} gives a card for the Matto"
                assert a.card in self._own(owner), f"LO-7.4: {a.text} is not the owner's own"
                self._pay(int(a.card))
                i += 1
                continue
            if all(not h for h in self.hands):
                return
            seat = (leader + len(self.trick)) % n
            legal = _legal(self.hands[seat], self.trick)
            if i == len(history):
                self.to_act = seat
                self.expect = {f"play {ALL_CARDS[c]}" for c in legal}
                return
            a = history[i]
            assert isinstance(a, Play), f"LO-6: seat {seat} plays a card, not {a}"
            card = int(a.card)
            assert card in legal, (
                f"LO-6.2: seat {seat} played {ALL_CARDS[card]} to "
                f"{format_cards(self.trick) or 'a lead'} from {format_cards(sorted(self.hands[seat]))}"
            )
            self.hands[seat].remove(card)
            self.trick.append(card)
            self.seats.append(seat)
            i += 1
            if len(self.trick) == n:
                self._trick_end()
                leader = self.tricks[-1][2]

    def _trick_end(self) -> None:
        winner = _winner(self.trick, self.seats)
        self.piles[winner].extend(self.trick)  # LO-7.4: the whole trick to its winner
        if _MATTO in self.trick:
            owner = self.seats[self.trick.index(_MATTO)]
            partner = self.sides[owner] == self.sides[winner]
            skip = self.options.get("matto_exchange_with_partner", "perform") == "skip"
            if owner != winner and not (partner and skip):
                self.pending = (owner, winner)
        self.tricks.append((self.trick, self.seats, winner))
        self.trick, self.seats = [], []
        if self.pending is not None and self.options["matto_payment"] == "blank_else_lowest":
            own = self._own(self.pending[0])
            if own:  # LO-7.5, LO-7.7: the lowest value, the earliest won among equals
                self._pay(min(own, key=lambda c: (face_value(c, self.mondo), own.index(c))))

    # -- the end ------------------------------------------------------------------------------
    def final_piles(self) -> list[set[int]]:
        piles = [set(p) for p in self.piles]
        d = self.dealer
        owner = d if any(w == d for _, _, w in self.tricks) else self.tricks[-1][2]  # LO-8.3
        piles[owner] |= self.discard
        return piles


def check_lombard_state(state: DealState) -> None:
    """Check ``state`` of Lombardy or Reseghino against the rules file (module docstring); raises
    ``AssertionError`` naming the rule broken.

    >>> import tarotlib
    >>> check_lombard_state(tarotlib.variant("reseghino").new_deal(seed=2))
    """
    assert isinstance(state, LombardState), f"not a Lombardy or Reseghino state: {state!r}"
    r = _Replay(state)
    # LO-9: no hidden card in any observation
    played = {c for t, _, _ in r.tricks for c in t} | set(r.trick)
    public = played | {c for _, c in r.exposed}
    if r.exchange is not None:
        public.add(r.exchange[2])
    for seat in range(r.n):
        allowed = public | {int(c) for c in state.hand(seat)}
        if seat == r.dealer or state.is_over:
            allowed |= (
                r.discard
                | {int(c) for c in state.layout.hands[r.dealer]}
                - {int(c) for c in state.hand(r.dealer)}
                - played
            )
        seen = state.observation(seat).visible_cards()
        hidden = set(seen) - allowed
        assert not hidden, f"LO-9: seat {seat} sees hidden cards {format_cards(sorted(hidden))}"
    for seat in range(r.n):  # LO-6.5, LO-7.4: the personal piles, after any Matto exchange
        mask = state.pile_mask(seat)
        want_pile = sum(1 << c for c in r.piles[seat])
        assert mask == want_pile, (
            f"seat {seat}'s pile is {format_cards(mask)}; the rules give {format_cards(want_pile)}"
        )
    if r.lombardy:
        got = [(s, int(c)) for s, c in state.exposed]
        assert got == r.exposed, f"LO-12: exposed {got}, the rules give {r.exposed}"
    if state.is_over:
        result = state.result
        if r.annulled:
            assert result.is_annulled and all(s == 0 for s in result.scores), "LO-13.3: 0-0"
            return
        assert not result.is_annulled, f"the deal was annulled: {result.annulled}"
        assert r.trick == [] and all(not h for h in r.hands), "every card is played"
        piles = r.final_piles()
        every = set().union(*piles)
        assert len(every) == 78 == sum(len(p) for p in piles), "the 78 cards are each in one pile"
        conserving = r.options.get("leftover_rule") == "conserving"
        if r.lombardy:
            teams = (piles[0] | piles[2], piles[1] | piles[3])
            pts = [pile_points(t, 6, 4, conserving) for t in teams]
            short = sum(
                max(0, len(t) % 4 - sum(1 for c in t if not face_value(c, 6))) for t in teams
            )
            assert sum(pts) == 72 + (0 if conserving else short), f"LO-5.7: total {pts}"
            a, b = (max(0, p - 36) for p in pts)  # LO-16.2
            assert tuple(result.scores) == (a, b, a, b), (
                f"LO-16: scores {result.scores}; the rules give {(a, b, a, b)} (points {pts})"
            )
        else:
            pts = [pile_points(p, 5, 3, False) for p in piles]
            assert sum(pts) == 78, f"RE-6: the three counts {pts} total 78"
            want = tuple(p - 26 for p in pts)
            assert tuple(result.scores) == want, f"RE-6: scores {result.scores}; want {want}"
        return
    if r.annulled:
        raise AssertionError("LO-13.3: every other player accepted the Monte: the deal is over")
    assert state.to_act == r.to_act, f"seat {state.to_act} is to act; the rules say {r.to_act}"
    if r.expect is not None:
        offered = {a.text for a in state.legal_actions()}
        assert offered == r.expect, f"offered {sorted(offered)}; the rules allow {sorted(r.expect)}"
