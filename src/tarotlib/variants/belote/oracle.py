"""Belote's oracle (rules file ``belote.md``, BE-1 … BE-12): checkers to point at any state of a
Belote deal, which raise ``AssertionError`` with a clear message when a rule is broken. Registered
as the game's ``oracle`` hook (:func:`check_belote_state`), so :func:`tarotlib.testing.check_state`
runs them on Belote states.

Like every game's oracle, they do **not** trust the engine's bookkeeping: they replay the deal from
its layout (the 5-card hands and the stock as dealt, BE-3.4) and its history (the actions applied)
with an independent, deliberately naive restatement of the rules — the rank orders of BE-1.4, the
point tables of BE-6, the bidding rounds of BE-4, the legal-card procedure of BE-7.9, the trick
winner of BE-8, belote-rebelote (BE-9), declarations (BE-10), the score of BE-11 and the public
information of BE-5.3 / BE-9.2 / BE-10.3 — and compare the engine's answers with theirs. Nothing
here asks the engine's ``TrickRules``, contract tables, declaration finder or scoring function for
an answer.

- :func:`check_belote_cards` — the 32 cards are conserved and every hand has the right size.
- :func:`check_belote_legal_actions` — the legal actions are those of BE-4 (bidding) and BE-7.9
  (cards), with the declarations (BE-10.3) and belote announcements (BE-9.2) a player may make.
- :func:`check_belote_tricks` — every trick's winner (BE-8) and leader (BE-5.2).
- :func:`check_belote_points` — card points (BE-6), belotes, declarations and, at the end, the whole
  score (BE-11) with the invariants of BE-11.9.
- :func:`check_belote_observation` — observations show what they should and leak nothing.
- :func:`check_belote_state` — all of the above.

The rule restatements are public too: :func:`belote_card_value`, :func:`belote_trick_winner`,
:func:`belote_legal_cards` and :func:`belote_public_cards`.

>>> import random
>>> import tarotlib
>>> state = tarotlib.variant("belote", preset="classic").new_deal(seed=5, dealer=1)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     check_belote_state(state)
...     state = state.apply(rng.choice(state.legal_actions()))
>>> check_belote_state(state)        # also the end-of-deal checks: points and score
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Sequence
from typing import Final

from tarotlib.core.actions import Action, Bid, Declare, Pass, Play
from tarotlib.core.cards import PIQUET_NOTATION
from tarotlib.variants.belote.game import BeloteObservation, BeloteState
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.scoring import BeloteScore
from tarotlib.variants.belote.types import Announcement, CombinationKind, Contract

__all__ = [
    "belote_card_value",
    "belote_legal_cards",
    "belote_public_cards",
    "belote_trick_winner",
    "check_belote_cards",
    "check_belote_legal_actions",
    "check_belote_observation",
    "check_belote_points",
    "check_belote_state",
    "check_belote_tricks",
]

# --------------------------------------------------------------------------------------------------
# independent rule facts (re-stated here on purpose, not imported from the engine)

_A, _J, _Q, _K = 1, 11, 13, 14  # rank identities of tarotlib's card index: suit * 14 + rank - 1
_RANKS: Final = (_A, 7, 8, 9, 10, _J, _Q, _K)
_PACK: Final = frozenset(s * 14 + r - 1 for s in range(4) for r in _RANKS)  # BE-1.1
_TRUMP_ORDER: Final = (_J, 9, _A, 10, _K, _Q, 8, 7)  # BE-1.4, high to low
_PLAIN_ORDER: Final = (_A, 10, _K, _Q, _J, 9, 8, 7)
_NATURAL_LOW_HIGH: Final = (7, 8, 9, 10, _J, _Q, _K, _A)  # BE-1.4 natural, read backwards
_TRUMP_POINTS: Final = {_J: 20, 9: 14, _A: 11, 10: 10, _K: 4, _Q: 3}  # BE-6.1
_PLAIN_POINTS: Final = {_A: 11, 10: 10, _K: 4, _Q: 3, _J: 2}
_SA_POINTS: Final = {_A: 19, 10: 10, _K: 4, _Q: 3, _J: 2}  # BE-6.2
# BE-6.3, BE-6.4: ta_sa_points -> (TA points, TA order, SA points, SA order)
_TA_SA: Final[
    dict[str, tuple[dict[int, int], tuple[int, ...], dict[int, int], tuple[int, ...]]]
] = {
    "ffb2015": (
        {_J: 13, 9: 9, _A: 6, 10: 5, _K: 3, _Q: 2},
        _TRUMP_ORDER,
        _SA_POINTS,
        _PLAIN_ORDER,
    ),
    "pagat": ({_J: 14, 9: 9, _A: 6, 10: 5, _K: 3, _Q: 1}, _TRUMP_ORDER, _SA_POINTS, _PLAIN_ORDER),
    "unscaled": (_TRUMP_POINTS, _TRUMP_ORDER, _PLAIN_POINTS, _PLAIN_ORDER),
    # the seed's printed tables, both in the order A 10 K Q J 9 8 7 (BE-6.4, BE-6.5)
    "seed_literal": (
        _SA_POINTS,
        _PLAIN_ORDER,
        {_A: 13, 10: 9, _K: 6, _Q: 5, _J: 3, 9: 2},
        _PLAIN_ORDER,
    ),
}
_TA, _SA = 4, 5
_CODES: Final = {
    "spades": 0,
    "hearts": 1,
    "diamonds": 2,
    "clubs": 3,
    "all-trumps": _TA,
    "no-trumps": _SA,
}
_CONTRACT_BY_CODE: Final = {_CODES[c.token]: c for c in Contract}  # to name expected bids
_CARRES: Final = {  # BE-10.1 and BE-10.4 step 2: rank -> (kind, strength)
    _J: ("carre-jacks", 6),
    9: ("carre-nines", 5),
    _A: ("carre-aces", 4),
    10: ("carre-tens", 3),
    _K: ("carre-kings", 2),
    _Q: ("carre-queens", 1),
}
_CARRE_STRENGTH: Final = dict(_CARRES.values())
_DECLARATION_POINTS: Final = {
    "tierce": 20,
    "quarte": 50,
    "quinte": 100,
    "carre-jacks": 200,
    "carre-nines": 150,
    "carre-aces": 100,
    "carre-tens": 100,
    "carre-kings": 100,
    "carre-queens": 100,
}
_BELOTE: Final = 20  # BE-9.2
_BY_TEXT: Final = {PIQUET_NOTATION.text(c): c for c in _PACK}


def _suit(card: int) -> int:
    return card // 14


def _rank(card: int) -> int:
    return card % 14 + 1


def _card(suit: int, rank: int) -> int:
    return suit * 14 + rank - 1


def _fmt(cards: Iterable[int]) -> str:
    return " ".join(PIQUET_NOTATION.pretty(c) for c in sorted(cards)) or "(none)"


def _code(contract: object) -> int:
    token = getattr(contract, "token", None)
    if token not in _CODES:
        raise AssertionError(f"unknown Belote contract {contract!r}")
    return _CODES[token]


def _label(code: int) -> str:
    return ("♠", "♥", "♦", "♣", "TA", "SA")[code]


class _Facts:
    """Rank orders and card values of one contract under ``ta_sa_points`` (BE-1.4, BE-6)."""

    def __init__(self, code: int, ta_sa_points: str) -> None:
        self.code = code
        self.orders: dict[int, tuple[int, ...]] = {}
        self.values: dict[int, int] = {}
        order: tuple[int, ...]
        points: dict[int, int]
        for s in range(4):
            if code < 4:
                order = _TRUMP_ORDER if s == code else _PLAIN_ORDER
                points = _TRUMP_POINTS if s == code else _PLAIN_POINTS
            else:
                ta_pts, ta_order, sa_pts, sa_order = _TA_SA[ta_sa_points]
                order, points = (ta_order, ta_pts) if code == _TA else (sa_order, sa_pts)
            self.orders[s] = order
            for r in _RANKS:
                self.values[_card(s, r)] = points.get(r, 0)
        self.cards_total = sum(self.values.values())  # BE-6.6 CARDS

    def strength(self, card: int) -> int:
        """Higher is stronger, within the card's suit (BE-1.4)."""
        order = self.orders[_suit(card)]
        return len(order) - order.index(_rank(card))

    def winner_pos(self, cards: Sequence[int]) -> int:
        """BE-8: the highest trump (suit contract), else the highest card of the led suit."""
        if self.code < 4:
            trumps = [i for i, c in enumerate(cards) if _suit(c) == self.code]
            if trumps:
                return max(trumps, key=lambda i: self.strength(cards[i]))
        led = _suit(cards[0])
        follow = [i for i, c in enumerate(cards) if _suit(c) == led]
        return max(follow, key=lambda i: self.strength(cards[i]))


@functools.cache
def _facts(code: int, ta_sa_points: str) -> _Facts:
    return _Facts(code, ta_sa_points)


def _legal(
    hand: frozenset[int],
    trick: Sequence[int],
    f: _Facts,
    partner_trump_rule: str,
    undertrump: str,
    ta_must_beat_partner: bool,
) -> frozenset[int]:
    """The BE-7.9 procedure, line by line."""
    if not trick:
        return hand  # BE-7.2
    led = _suit(trick[0])
    follow = frozenset(c for c in hand if _suit(c) == led)
    w = f.winner_pos(trick)
    pw = w == len(trick) - 2  # the partner played two cards before the player
    if f.code == _SA:
        return follow or hand  # BE-7.8
    if f.code == _TA:  # BE-7.7
        if not follow:
            return hand
        if pw and not ta_must_beat_partner:
            return follow
        beat = frozenset(c for c in follow if f.strength(c) > f.strength(trick[w]))
        return beat or follow
    t = f.code
    if led == t:  # BE-7.4
        if not follow:
            return hand
        top = max(f.strength(c) for c in trick if _suit(c) == t)
        beat = frozenset(c for c in follow if f.strength(c) > top)
        return beat or follow
    if follow:
        return follow  # BE-7.3
    tr = frozenset(c for c in hand if _suit(c) == t)
    if not tr:
        return hand
    in_trick = [f.strength(c) for c in trick if _suit(c) == t]
    h = max(in_trick) if in_trick else None
    over = tr if h is None else frozenset(c for c in tr if f.strength(c) > h)
    if not pw:  # BE-7.5
        if over:
            return over
        return tr if undertrump == "compulsory" else hand
    if h is None:
        return hand  # BE-7.6 (1)
    n = hand - tr  # BE-7.6 (2)
    if partner_trump_rule == "free":
        return hand
    if partner_trump_rule == "overtrump_if_trumping":
        return (n | over) if over else hand
    if partner_trump_rule == "no_undertrump":
        return (n | over) if n else (over or tr)
    if partner_trump_rule == "only_trumps_overtrump":
        return hand if n else (over or tr)
    raise AssertionError(f"unknown partner_trump_rule {partner_trump_rule!r} (BE-7.6)")


def _opts_legal(
    hand: frozenset[int], trick: Sequence[int], f: _Facts, o: BeloteOptions
) -> frozenset[int]:
    return _legal(hand, trick, f, o.partner_trump_rule, o.undertrump, o.ta_must_beat_partner)


def belote_card_value(card: int, contract: Contract, ta_sa_points: str = "ffb2015") -> int:
    """The points of ``card`` in ``contract`` (BE-6, restated independently; ``ta_sa_points`` is
    the option of BE-6.4 and matters only in TA and SA).

    >>> from tarotlib.core.cards import parse_cards
    >>> [belote_card_value(c, Contract.SPADES) for c in parse_cards("JS 9S JH 9H AD")]
    [20, 14, 2, 0, 11]
    >>> [belote_card_value(c, Contract.ALL_TRUMPS) for c in parse_cards("JS 9S AS TS KS QS")]
    [13, 9, 6, 5, 3, 2]
    >>> belote_card_value(parse_cards("AH")[0], Contract.NO_TRUMPS)
    19
    """
    if int(card) not in _PACK:
        raise ValueError(f"{card!r} is not a card of the 32-card pack (BE-1.1)")
    return _facts(_code(contract), ta_sa_points).values[int(card)]


def belote_trick_winner(
    cards: Sequence[int], contract: Contract, ta_sa_points: str = "ffb2015"
) -> int:
    """The position (0 = the leader) of the card winning ``cards`` (a trick or its beginning) in
    ``contract`` (BE-8, restated independently).

    BE-15 E1, trick 3: ♠10 led, ♣7, ♠9, ♠J with spades trumps: ♠J wins.

    >>> from tarotlib.core.cards import parse_cards
    >>> belote_trick_winner(parse_cards("TS 7C 9S JS"), Contract.SPADES)
    3
    >>> belote_trick_winner(parse_cards("KH AS AH 7H"), Contract.SPADES)     # ♠A trumps
    1
    >>> belote_trick_winner(parse_cards("AS 9S QS JS"), Contract.ALL_TRUMPS)  # BE-15 E11
    3
    >>> belote_trick_winner(parse_cards("QD JD KD 9D"), Contract.NO_TRUMPS)   # BE-15 E12
    2
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    return _facts(_code(contract), ta_sa_points).winner_pos([int(c) for c in cards])


def belote_legal_cards(
    hand: Iterable[int],
    trick: Sequence[int],
    contract: Contract,
    options: BeloteOptions | None = None,
) -> frozenset[int]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played, the leader's
    first) in ``contract``: the normative procedure of BE-7.9 restated independently, under the
    options ``partner_trump_rule``, ``undertrump``, ``ta_must_beat_partner`` and ``ta_sa_points``
    (default: preset ``ffb``).

    BE-15 E9 (trump ♣; an opponent leads ♦A, my partner trumps with ♣Q, the other opponent
    discards ♥7):

    >>> from tarotlib.core.cards import parse_cards
    >>> trick, hand = parse_cards("AD QC 7H"), parse_cards("KC 8C AS 7S TH")
    >>> def legal(hand, rule):
    ...     opts = BeloteOptions(partner_trump_rule=rule)
    ...     return _fmt(belote_legal_cards(hand, trick, Contract.CLUBS, opts))
    >>> legal(hand, "free"), legal(hand, "overtrump_if_trumping")
    ('♠A ♠7 ♥10 ♣8 ♣K', '♠A ♠7 ♥10 ♣K')
    >>> legal(parse_cards("8C 7S"), "no_undertrump"), legal(parse_cards("KC 8C"), "free")
    ('♠7', '♣8 ♣K')

    BE-15 E10 (trump ♣; partner leads ♦10, the opponent trumps with ♣9):

    >>> hand = parse_cards("AC 7C KH 8S")
    >>> _fmt(belote_legal_cards(hand, parse_cards("TD 9C"), Contract.CLUBS))
    '♣A ♣7'
    >>> _fmt(belote_legal_cards(hand, parse_cards("TD 9C"), Contract.CLUBS,
    ...                         BeloteOptions(undertrump="free")))
    '♠8 ♥K ♣A ♣7'
    """
    o = options if options is not None else BeloteOptions()
    f = _facts(_code(contract), o.ta_sa_points)
    return _opts_legal(frozenset(int(c) for c in hand), [int(c) for c in trick], f, o)


# --------------------------------------------------------------------------------------------------
# declarations (BE-10), restated


def _sequence_kind(length: int) -> str:
    return "tierce" if length == 3 else "quarte" if length == 4 else "quinte"


def _combinations(hand: frozenset[int]) -> list[tuple[str, frozenset[int]]]:
    """BE-10.1: every carré (J 9 A 10 K Q) and every maximal run of 3 or more (natural order)."""
    out: list[tuple[str, frozenset[int]]] = []
    for r, (kind, _strength) in _CARRES.items():
        cards = frozenset(_card(s, r) for s in range(4))
        if cards <= hand:
            out.append((kind, cards))
    for s in range(4):
        run: list[int] = []
        for r in (*_NATURAL_LOW_HIGH, 0):
            if r and _card(s, r) in hand:
                run.append(_card(s, r))
                continue
            if len(run) >= 3:
                out.append((_sequence_kind(len(run)), frozenset(run)))
            run = []
    return out


def _declaration_key(kind: str, cards: frozenset[int], code: int) -> tuple[int, int, int, int]:
    """BE-10.4 steps 1–5, larger is better."""
    if kind in _CARRE_STRENGTH:
        return (1, _CARRE_STRENGTH[kind], 0, 0)
    top = max(_NATURAL_LOW_HIGH.index(_rank(c)) for c in cards)
    suit = _suit(next(iter(cards)))
    return (0, len(cards), top, 1 if code < 4 and suit == code else 0)


def _best_team(
    declared: Sequence[tuple[int, str, frozenset[int]]], code: int, tie: str
) -> int | None:
    """BE-10.4: the team whose declarations score (None: nobody's)."""
    best: list[tuple[int, int, int, int] | None] = [None, None]
    for seat, kind, cards in declared:
        key = _declaration_key(kind, cards, code)
        current = best[seat % 2]
        if current is None or key > current:
            best[seat % 2] = key
    k0, k1 = best
    if k0 is None and k1 is None:
        return None
    if k1 is None or (k0 is not None and k0 > k1):
        return 0
    if k0 is None or k1 > k0:
        return 1
    if tie == "first_announcer":  # BE-10.4 step 6
        return declared[0][0] % 2
    return None


# --------------------------------------------------------------------------------------------------
# the replay: every fact of a deal recomputed from its layout and its history


class _Replay:
    """A Belote deal replayed independently from ``state.layout`` and ``state.history``.

    Rule breaches found in the history (an action the rules forbid but the engine accepted) are
    collected in ``violations`` and reported by :func:`check_belote_legal_actions`.
    """

    def __init__(self, state: BeloteState) -> None:
        self.state = state
        opts = state.rules.options
        self.options = opts
        layout = state.layout
        self.violations: list[str] = []
        assert len(layout.hands) == 4, f"the layout has {len(layout.hands)} hands, not 4"
        assert not layout.kitty, "a Belote layout has no kitty (BE-3.4)"
        sizes = [len(h) for h in layout.hands]
        assert sizes == [5, 5, 5, 5], f"dealt hands of {sizes} cards; 5 each (BE-3.3)"
        assert len(layout.stock) == 12, (
            f"the stock has {len(layout.stock)} cards: the turn-up and 11 more (BE-3.3)"
        )
        everything = [int(c) for h in layout.hands for c in h] + [int(c) for c in layout.stock]
        assert len(everything) == 32 and frozenset(everything) == _PACK, (
            "the layout does not hold the 32 cards of the pack once each (BE-1.1)"
        )
        self.dealer = dealer = layout.dealer
        self.first = (dealer + 1) % 4  # BE-4.1, BE-5.2
        self.dealt: tuple[frozenset[int], ...] = tuple(
            frozenset(int(c) for c in h) for h in layout.hands
        )
        self.stock = tuple(int(c) for c in layout.stock)
        self.turn_up = self.stock[0]
        last_round = 3 if opts.ta_sa == "third_round" else 2
        history = state.history
        # BE-4: bidding
        self.calls: list[tuple[int, int | None]] = []
        self.round = 1
        self.contract: int | None = None
        self.taker: int | None = None
        self.thrown_in = False
        i = 0
        seat = self.first
        while i < len(history) and self.contract is None and not self.thrown_in:
            a = history[i]
            if not isinstance(a, Pass | Bid):
                raise AssertionError(f"history[{i}] = {a} during the bidding (BE-4)")
            i += 1
            if isinstance(a, Pass):
                self.calls.append((seat, None))
                if seat == dealer:  # the dealer speaks last in each round (BE-4.1)
                    if self.round == last_round:
                        self.thrown_in = True  # BE-4.5
                    else:
                        self.round += 1
                seat = (seat + 1) % 4
                continue
            code = _code(a.contract)
            offered = self.offered_bids()
            if code not in offered:
                self.violations.append(
                    f"history[{i - 1}]: seat {seat} bid {_label(code)} in round {self.round}, "
                    f"which offers only {', '.join(map(_label, sorted(offered)))} (BE-4.2 – 4.4)"
                )
            self.calls.append((seat, code))
            self.contract, self.taker = code, seat
        self.bid_seat = seat
        # BE-5.1 / BE-3.4 step 3: the taker takes the turn-up, then 2 cards; the others 3.
        full = [set(h) for h in self.dealt]
        if self.taker is not None:
            full[self.taker].add(self.turn_up)
            pos = 1
            for k in range(1, 5):
                s = (dealer + k) % 4
                n = 2 if s == self.taker else 3
                full[s] |= set(self.stock[pos : pos + n])
                pos += n
        self.full: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in full)
        self.facts = None if self.contract is None else _facts(self.contract, opts.ta_sa_points)
        # BE-9.1: belote holders, (suit, seat)
        self.holders: list[tuple[int, int]] = []
        if self.contract is not None and self.contract != _SA:
            suits = range(4) if self.contract == _TA else (self.contract,)
            for s in suits:
                kq = {_card(s, _K), _card(s, _Q)}
                self.holders += [(s, p) for p in range(4) if kq <= self.full[p]]
        # play
        hands = [set(h) for h in self.full]
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.current: list[int] = []
        self.plays: list[tuple[int, int]] = []
        self.declared: list[tuple[int, str, frozenset[int]]] = []
        self.announced: list[tuple[int, str, int]] = []
        leader = self.first
        for j, a in enumerate(history[i:], start=i):
            if self.contract is None or len(self.tricks) == 8:
                raise AssertionError(f"history[{j}] = {a} after the end of the deal")
            assert self.facts is not None
            seat = (leader + len(self.current)) % 4
            card: int
            if isinstance(a, Declare) and isinstance(a.kind, CombinationKind):
                self._declare(j, seat, a)
                continue
            if isinstance(a, Declare) and isinstance(a.kind, Announcement):
                if len(a.shown) != 1:
                    raise AssertionError(f"history[{j}] = {a}: an announcement names one card")
                card = int(a.shown[0])
                self._announce(j, seat, a.kind.value, card, hands[seat])
            elif isinstance(a, Play):
                card = int(a.card)
                if opts.belote_announce == "auto":  # BE-9.2: the engine announces for the holder
                    for s, p in self.holders:
                        k, q = _card(s, _K), _card(s, _Q)
                        if p == seat and card in (k, q):
                            other = q if card == k else k
                            kind = "belote" if other in hands[seat] else "rebelote"
                            self.announced.append((seat, kind, card))
            else:
                raise AssertionError(f"history[{j}] = {a} in the play phase")
            hand = frozenset(hands[seat])
            if card not in hand:
                self.violations.append(f"history[{j}]: seat {seat} played {_fmt([card])}, not held")
            else:
                legal = _opts_legal(hand, self.current, self.facts, opts)
                if card not in legal:
                    self.violations.append(
                        f"history[{j}]: seat {seat} played {_fmt([card])} to "
                        f"[{' '.join(PIQUET_NOTATION.pretty(c) for c in self.current)}] "
                        f"({_label(self.contract)}); BE-7.9 allows only {_fmt(legal)}"
                    )
            hands[seat].discard(card)
            self.plays.append((seat, card))
            self.current.append(card)
            if len(self.current) == 4:
                winner = (leader + self.facts.winner_pos(self.current)) % 4
                self.tricks.append((leader, tuple(self.current), winner))
                self.current = []
                leader = winner  # BE-8.4
        self.leader = leader
        self.hands: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in hands)
        if self.contract is not None and opts.declarations and opts.auto_declare:
            self._auto_declarations()
        # phase and seat to act, from the rules alone
        if self.thrown_in:
            self.phase, self.to_act = "over", None
        elif self.contract is None:
            self.phase, self.to_act = "bidding", self.bid_seat
        elif len(self.tricks) == 8:
            self.phase, self.to_act = "over", None
        else:
            self.phase, self.to_act = "play", (leader + len(self.current)) % 4
        self.played_out = self.contract is not None and len(self.tricks) == 8

    # -- bidding --------------------------------------------------------------------------------
    def offered_bids(self) -> frozenset[int]:
        """Contracts that may be chosen in the current round (BE-4.2 – BE-4.4)."""
        turn = _suit(self.turn_up)
        if self.round == 1:
            return frozenset({turn})
        if self.round == 2:
            return frozenset(s for s in range(4) if s != turn)
        return frozenset({_TA, _SA})

    # -- declarations and announcements ----------------------------------------------------------
    def _declare(self, j: int, seat: int, a: Declare) -> None:
        opts = self.options
        kind = a.kind.value
        cards = frozenset(int(c) for c in a.shown)
        where = f"history[{j}]: seat {seat} declared {kind} {_fmt(cards)}"
        if not opts.declarations or opts.auto_declare:
            self.violations.append(f"{where} although declarations are off or automatic (BE-10)")
        if self.tricks:
            self.violations.append(f"{where} after the first trick (BE-10.3)")
        if (kind, cards) not in _combinations(self.full[seat]):
            self.violations.append(f"{where}: not a combination of the hand (BE-10.1)")
        for s, k, c in self.declared:
            if s != seat:
                continue
            if c == cards:
                self.violations.append(f"{where} twice")
            elif c & cards and not opts.declaration_card_reuse:
                self.violations.append(f"{where}, sharing a card with its {k} (BE-10.2)")
        self.declared.append((seat, kind, cards))

    def _announce(self, j: int, seat: int, kind: str, card: int, hand: set[int]) -> None:
        where = f"history[{j}]: seat {seat} announced {kind} with {_fmt([card])}"
        if self.options.belote_announce != "explicit":
            self.violations.append(f"{where} although belote_announce is auto (BE-9.2)")
        if (kind, card) not in self.announceable(seat, frozenset(hand), frozenset({card})):
            self.violations.append(f"{where}: not a belote card of the seat's (BE-9.1, BE-9.2)")
        self.announced.append((seat, kind, card))

    def announceable(
        self, seat: int, hand: frozenset[int], playable: frozenset[int]
    ) -> set[tuple[str, int]]:
        """BE-9.2 with ``belote_announce = explicit``: "belote" with the first of a held K and Q
        (the other still in hand, nothing announced yet for them), "rebelote" with the second
        after "belote" was said with the first."""
        out: set[tuple[str, int]] = set()
        for s, holder in self.holders:
            if holder != seat:
                continue
            k, q = _card(s, _K), _card(s, _Q)
            said = [kind for p, kind, c in self.announced if p == seat and c in (k, q)]
            for card, other in ((k, q), (q, k)):
                if card not in playable or card not in hand:
                    continue
                if other in hand and not said:
                    out.add(("belote", card))
                elif other not in hand and said == ["belote"]:
                    out.add(("rebelote", card))
        return out

    def declarable(self, seat: int) -> set[tuple[str, frozenset[int]]]:
        """BE-10.3: what ``seat`` may still declare now (during the first trick, at its turn)."""
        opts = self.options
        if not opts.declarations or opts.auto_declare or self.tricks:
            return set()
        mine = [c for s, _k, c in self.declared if s == seat]
        out: set[tuple[str, frozenset[int]]] = set()
        for kind, cards in _combinations(self.full[seat]):
            if cards in mine:
                continue
            if not opts.declaration_card_reuse and any(cards & c for c in mine):
                continue
            out.add((kind, cards))
        return out

    def _auto_declarations(self) -> None:
        """``auto_declare`` (BE-10.3): every combination, declared in play order from the player
        after the dealer; without card reuse, a maximal set of combinations sharing no card."""
        engine = [
            (c.seat, c.kind.value, frozenset(int(x) for x in c.cards))
            for c in self.state.declarations
        ]
        order = [(self.first + k) % 4 for k in range(4)]
        seats = [s for s, _k, _c in engine]
        assert seats == sorted(seats, key=order.index), (
            f"auto_declare: declarations by seats {seats}; play order from seat {self.first}"
        )
        for seat in range(4):
            combos = _combinations(self.full[seat])
            mine = [(k, c) for s, k, c in engine if s == seat]
            assert all(m in combos for m in mine), (
                f"auto_declare: seat {seat} declared {mine}, not all combinations of its hand"
            )
            if self.options.declaration_card_reuse:
                assert sorted(mine, key=str) == sorted(combos, key=str), (
                    f"auto_declare: seat {seat} declared {len(mine)} of its {len(combos)} "
                    "combinations (BE-10.3: everything)"
                )
            else:
                used = [c for _k, c in mine]
                assert all(not (a & b) for x, a in enumerate(used) for b in used[x + 1 :]), (
                    f"auto_declare: seat {seat}'s declarations share a card (BE-10.2)"
                )
                assert all(c in used or any(c & u for u in used) for _k, c in combos), (
                    f"auto_declare: seat {seat} left out a combination sharing no declared card"
                )
        self.declared = engine

    # -- scoring facts -----------------------------------------------------------------------------
    def best_team(self) -> int | None:
        assert self.contract is not None
        return _best_team(self.declared, self.contract, self.options.declaration_tie)

    def belotes(self) -> tuple[int, int]:
        """Completed, scoring belotes per team (BE-9.2 with its options)."""
        order = {c: n for n, (_s, c) in enumerate(self.plays)}
        out = [0, 0]
        for s, seat in self.holders:
            k, q = _card(s, _K), _card(s, _Q)
            if k not in order or q not in order:
                continue
            if self.options.belote_king_first and order[k] > order[q]:
                continue
            if self.options.belote_announce == "explicit":
                first, second = (k, q) if order[k] < order[q] else (q, k)
                said = [(kind, c) for p, kind, c in self.announced if p == seat and c in (k, q)]
                if said != [("belote", first), ("rebelote", second)]:
                    continue
            out[seat % 2] += 1
        return (out[0], out[1])

    def card_points(self) -> tuple[int, int]:
        if self.facts is None:
            return (0, 0)
        out = [0, 0]
        for _leader, cards, winner in self.tricks:
            out[winner % 2] += sum(self.facts.values[c] for c in cards)
        return (out[0], out[1])


_LAST: list[_Replay] = []  # one-entry cache: the checkers of one step share a replay


def _replay(state: BeloteState) -> _Replay:
    if not isinstance(getattr(state.rules, "options", None), BeloteOptions):
        raise TypeError(f"this checker needs a Belote state, got {type(state).__name__}")
    if _LAST and _LAST[0].state is state:
        return _LAST[0]
    r = _Replay(state)
    _LAST[:] = [r]
    return r


# --------------------------------------------------------------------------------------------------
# the checkers


def check_belote_cards(state: BeloteState) -> None:
    """The 32 cards are conserved (BE-1.1, BE-3.4, BE-5.1): the layout holds the pack once (four
    5-card hands, the turn-up and an 11-card stock); during the bidding each hand is the dealt one;
    once the contract is chosen, hands + current trick + tricks = the completed deal (the taker has
    the turn-up and 2 stock cards, the others 3, dealt from the player after the dealer) with no card
    twice, and each hand has 8 cards minus those it played. After a throw-in (BE-4.5) each hand is
    still the one dealt (the position when the deal ended).

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=2)
    >>> check_belote_cards(state)
    >>> check_belote_cards(state.apply(state.legal_actions()[-1]))   # the first player takes
    """
    r = _replay(state)
    for seat in range(4):
        hand = frozenset(int(c) for c in state.hand(seat))
        assert hand == r.hands[seat], (
            f"seat {seat} holds {_fmt(hand)}; the deal and the history give {_fmt(r.hands[seat])} "
            "(BE-3.4, BE-5.1)"
        )
        mask = sum(1 << c for c in hand)
        assert state.hand_mask(seat) == mask, f"hand_mask({seat}) disagrees with hand({seat})"
    assert int(state.turn_up) == r.turn_up, f"turn-up {state.turn_up}; the layout's is {r.turn_up}"
    if r.contract is None:
        return
    played = [c for _l, cards, _w in r.tricks for c in cards] + r.current
    engine_played = [int(c) for t in state.tricks for c in t.cards]
    engine_played += [int(c) for c in state.current_trick]
    assert engine_played == played, "the tricks and current trick are not the cards played"
    everything = [c for h in r.hands for c in h] + played
    assert len(everything) == 32 and frozenset(everything) == _PACK, (
        f"hands + tricks hold {len(everything)} cards, {len(set(everything))} distinct; the 32-card "
        "pack must be conserved (BE-1.1)"
    )
    for seat in range(4):
        done = sum(1 for s, _c in r.plays if s == seat)
        size = len(state.hand(seat))
        assert size == 8 - done, (
            f"seat {seat} holds {size} cards after playing {done}; 8 - {done} expected (BE-5.1)"
        )
        assert r.full[seat] == r.hands[seat] | {c for s, c in r.plays if s == seat}


def check_belote_legal_actions(state: BeloteState) -> None:
    """The legal actions are those of the rules, recomputed independently: the phase and the seat to
    act (BE-4.1, BE-5.2, BE-8.4); in the bidding, ``pass`` plus the round's offers — round 1 the
    turn-up's suit, round 2 another suit, round 3 (``ta_sa = third_round``) TA or SA (BE-4); in play,
    the cards given by the BE-7.9 procedure (every contract; options ``partner_trump_rule``,
    ``undertrump``, ``ta_must_beat_partner``), the declarations the player may still make in the
    first trick (BE-10.3) and, with ``belote_announce = explicit``, the belote / rebelote
    announcements (BE-9.2). Every action already in the history must have been legal.

    >>> import tarotlib
    >>> check_belote_legal_actions(tarotlib.variant("belote", ta_sa="third_round").new_deal(seed=4))
    """
    r = _replay(state)
    assert not r.violations, "the history breaks the rules: " + "; ".join(r.violations)
    assert (state.phase, state.to_act) == (r.phase, r.to_act), (
        f"engine: phase {state.phase}, seat {state.to_act} to act; the rules: phase {r.phase}, "
        f"seat {r.to_act} (BE-4.1, BE-5.2, BE-8.4)"
    )
    actions = state.legal_actions()
    if r.phase == "over":
        assert actions == (), f"the deal is over but {actions} are legal"
        return
    if r.phase == "bidding":
        assert state.bidding_round == r.round, (
            f"bidding round {state.bidding_round}; the rules are in round {r.round} (BE-4)"
        )
        want: set[Action] = {Pass(), *(Bid(_CONTRACT_BY_CODE[c]) for c in r.offered_bids())}
        assert set(actions) == want and len(actions) == len(want), (
            f"round {r.round}, turn-up {_fmt([r.turn_up])}: legal {[a.text for a in actions]}; "
            f"BE-4 offers {sorted(a.text for a in want)}"
        )
        return
    assert r.facts is not None and r.to_act is not None
    seat = r.to_act
    hand = r.hands[seat]
    legal = _opts_legal(hand, r.current, r.facts, r.options)
    cards: set[int] = set()
    decl: set[tuple[str, frozenset[int]]] = set()
    ann: set[tuple[str, int]] = set()
    for a in actions:
        if isinstance(a, Play):
            cards.add(int(a.card))
        elif isinstance(a, Declare) and isinstance(a.kind, CombinationKind):
            decl.add((a.kind.value, frozenset(int(c) for c in a.shown)))
        elif isinstance(a, Declare) and isinstance(a.kind, Announcement) and len(a.shown) == 1:
            ann.add((a.kind.value, int(a.shown[0])))
        else:
            raise AssertionError(f"unexpected legal action {a} in the play phase")
    trick = " ".join(PIQUET_NOTATION.pretty(c) for c in r.current) or "(leads)"
    o = r.options
    assert cards == legal, (
        f"seat {seat} holds {_fmt(hand)}, trick [{trick}], contract {_label(r.facts.code)} "
        f"(partner_trump_rule={o.partner_trump_rule}, undertrump={o.undertrump}, "
        f"ta_must_beat_partner={o.ta_must_beat_partner}): the engine allows {_fmt(cards)}; "
        f"BE-7.9 gives {_fmt(legal)}"
    )
    want_decl = r.declarable(seat)
    assert decl == want_decl, (
        f"seat {seat} may declare {sorted((k, _fmt(c)) for k, c in decl)}; BE-10.3 gives "
        f"{sorted((k, _fmt(c)) for k, c in want_decl)}"
    )
    want_ann = r.announceable(seat, hand, legal) if o.belote_announce == "explicit" else set()
    assert ann == want_ann, (
        f"seat {seat} may announce {sorted(ann)}; BE-9.2 gives {sorted(want_ann)}"
    )


def check_belote_tricks(state: BeloteState) -> None:
    """Every completed trick is won per BE-8 (highest trump, else highest card of the led suit; TA
    and SA: highest of the led suit in their order); the first trick is led by the player after the
    dealer (BE-5.2) and every later one by the previous winner (BE-8.4); the trick in progress, its
    leader and the seat winning it so far agree.

    >>> import tarotlib
    >>> check_belote_tricks(tarotlib.variant("belote").new_deal(seed=4))
    """
    r = _replay(state)
    tricks = state.tricks
    assert len(tricks) == len(r.tricks), f"{len(tricks)} tricks; the history makes {len(r.tricks)}"
    leader = r.first
    for k, (t, (lead, cards, winner)) in enumerate(zip(tricks, r.tricks, strict=True)):
        assert lead == leader, f"trick {k + 1} led by seat {lead}; BE-5.2/BE-8.4 give {leader}"
        assert t.leader == lead and tuple(int(c) for c in t.cards) == cards, (
            f"trick {k + 1}: engine {t.leader} {_fmt(t.cards)}; history {lead} {_fmt(cards)}"
        )
        assert t.winner == winner, (
            f"trick {k + 1} [{' '.join(PIQUET_NOTATION.pretty(c) for c in cards)}] led by seat "
            f"{lead} ({_label(r.contract or 0)}): engine says seat {t.winner} wins; BE-8 gives seat "
            f"{winner}"
        )
        leader = winner
    if r.phase != "play":
        assert state.trick_leader is None, "a trick leader outside the play phase"
        return
    assert r.facts is not None
    assert state.trick_leader == r.leader, f"trick leader {state.trick_leader}; rules {r.leader}"
    assert [int(c) for c in state.current_trick] == r.current, "current trick differs"
    want = None if not r.current else (r.leader + r.facts.winner_pos(r.current)) % 4
    assert state.winning_seat == want, (
        f"winning seat {state.winning_seat} for [{_fmt(r.current)}]; BE-8 gives {want}"
    )


def _expected_score(r: _Replay) -> dict[str, object]:
    """BE-11.1 – BE-11.8 restated."""
    assert r.contract is not None and r.taker is not None and r.facts is not None
    o = r.options
    a = r.taker % 2
    d = 1 - a
    cards = r.facts.cards_total
    cp = r.card_points()
    won = [sum(1 for _l, _c, w in r.tricks if w % 2 == t) for t in (0, 1)]
    last = r.tricks[-1][2] % 2
    der = [100 if won[t] == 8 else 10 if last == t else 0 for t in (0, 1)]  # BE-11.1, 11.2
    bel = [_BELOTE * n for n in r.belotes()]
    best = r.best_team()
    decl = [
        sum(_DECLARATION_POINTS[k] for s, k, _c in r.declared if s % 2 == t) if best == t else 0
        for t in (0, 1)
    ]
    dec = [0 if o.declarations_need_trick and won[t] == 0 else decl[t] for t in (0, 1)]
    tot = [cp[t] + der[t] + bel[t] + dec[t] for t in (0, 1)]
    if tot[a] > tot[d] or (tot[a] == tot[d] and o.litige == "made"):
        outcome = "made"
    elif tot[a] < tot[d] or o.litige == "failed":
        outcome = "failed"
    else:
        outcome = "litige"
    keep = bel[a] if o.belote_on_failure == "holder" else 0
    raw = [0, 0]
    carry = 0
    base = 0
    if outcome == "made":  # BE-11.5
        raw = list(tot)
    elif outcome == "failed":  # BE-11.6
        base = cards + 100 if won[d] == 8 and o.defence_capot == "capot" else cards + 10
        raw[a] = keep
        raw[d] = base + decl[a] + decl[d] + bel[d] + (bel[a] - keep)
    else:  # BE-11.7
        raw[a] = keep
        raw[d] = tot[d]
        carry = tot[a] - keep

    def rounded(p: int) -> int:  # BE-11.8
        if o.rounding == "half_up":
            return (p + 5) // 10 * 10
        if o.rounding == "six_up":
            return (p + 4) // 10 * 10
        return p

    team = (rounded(raw[0]), rounded(raw[1]))
    return {
        "cp": tuple(cp),
        "der": tuple(der),
        "bel": tuple(bel),
        "decl": tuple(decl),
        "dec": tuple(dec),
        "tot": tuple(tot),
        "outcome": outcome,
        "raw_scores": tuple(raw),
        "team_scores": team,
        "carry_out": carry,
        "failure_base": base,
        "declaration_team": best,
        "winner_team": a if outcome == "made" else d if outcome == "failed" else None,
    }


def _check_be_11_9(br: BeloteScore, cards: int) -> None:
    """The invariants of BE-11.9, from the breakdown's own numbers."""
    cp, der, bel, decl, tot = br.cp, br.der, br.bel, br.decl, br.tot
    raw, outcome, carry, capot = br.raw_scores, br.outcome.value, br.carry_out, br.capot
    assert sum(cp) == cards, f"cp {cp} sums to {sum(cp)}, not CARDS = {cards} (BE-11.9)"
    assert sum(1 for x in der if x > 0) == 1, f"der {der}: exactly one team scores it (BE-11.9)"
    if outcome == "made":
        assert sum(raw) == sum(tot), f"made: scores {raw} do not sum to totals {tot} (BE-11.9)"
    elif outcome == "failed":
        base = br.failure_base
        assert base in (cards + 10, cards + 100), f"failure base {base}"
        assert sum(raw) == base + sum(decl) + sum(bel), (
            f"failed: scores {raw} != {base} + decl {decl} + bel {bel} (BE-11.9)"
        )
    else:
        assert sum(raw) + carry == sum(tot), (
            f"litige: scores {raw} + carry {carry} != totals {tot} (BE-11.9)"
        )
    if not any(bel) and not any(decl) and not any(capot):
        assert sum(tot) == cards + 10, f"totals {tot} != DEAL_TOTAL {cards + 10} (BE-11.9)"


def check_belote_points(state: BeloteState) -> None:
    """Points, recomputed independently. At every step: the card points won so far (BE-6 tables
    for the contract and ``ta_sa_points``), the belote holders (BE-9.1) and the declarations made
    (BE-10). At the end of a played-out deal: the card points of both teams sum to the table's
    total (152; 248 / 120 with ``ta_sa_points = unscaled``), dix de der goes to the last trick's team,
    100 for a capot (BE-11.1, BE-11.2); the whole breakdown and score equal BE-9 – BE-11 restated
    (belotes with ``belote_announce`` and ``belote_king_first``, declarations per BE-10.4/10.5,
    outcome, failure, litige carry, rounding); the BE-11.9 invariants hold; partners score the
    same. A thrown-in deal (BE-4.5) scores 0 for everyone.

    >>> import tarotlib
    >>> check_belote_points(tarotlib.variant("belote").new_deal(seed=4))
    """
    r = _replay(state)
    assert tuple(state.card_points()) == r.card_points(), (
        f"card points {state.card_points()}; the tricks count {r.card_points()} (BE-6)"
    )
    engine_holders = sorted((int(s), p) for s, p in state.belote_holders)
    assert engine_holders == sorted(r.holders), (
        f"belote holders {engine_holders}; BE-9.1 gives {sorted(r.holders)}"
    )
    engine_decl = [
        (c.seat, c.kind.value, frozenset(int(x) for x in c.cards)) for c in state.declarations
    ]
    assert engine_decl == r.declared, (
        f"declarations {[(s, k, _fmt(c)) for s, k, c in engine_decl]}; the history gives "
        f"{[(s, k, _fmt(c)) for s, k, c in r.declared]}"
    )
    engine_ann = [(s, a.value, int(c)) for s, a, c in state.announcements]
    assert engine_ann == r.announced, f"announcements {engine_ann}; history {r.announced}"
    if not state.is_over:
        return
    result = state.result
    if r.thrown_in:
        assert result.is_annulled and tuple(result.scores) == (0, 0, 0, 0), (
            f"a thrown-in deal (BE-4.5) scores {result.scores}, annulled={result.annulled!r}"
        )
        return
    assert not result.is_annulled, f"a played deal is annulled: {result.annulled}"
    assert r.facts is not None and r.taker is not None and r.contract is not None
    cards = r.facts.cards_total
    want = _expected_score(r)
    br = result.breakdown
    assert isinstance(br, BeloteScore), f"a played deal's breakdown is {type(br).__name__}"
    facts = (
        f"contract {_label(r.contract)} by seat {r.taker}, tricks won by seats "
        f"{[w for _l, _c, w in r.tricks]}, belotes {r.belotes()}, declarations "
        f"{[(s, k) for s, k, _c in r.declared]}"
    )
    for name, value in want.items():
        got = getattr(br, name)
        if name == "outcome":
            got = got.value
        if isinstance(got, list | tuple):
            got = tuple(got)
        assert got == value, f"breakdown {name} = {got!r}; BE-11 gives {value!r} ({facts})"
    team = want["team_scores"]
    assert isinstance(team, tuple)
    seats = (team[0], team[1], team[0], team[1])
    assert tuple(result.scores) == seats, f"scores {result.scores}; BE-11 gives {seats} ({facts})"
    assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3], (
        f"partners score differently: {result.scores}"
    )
    _check_be_11_9(br, cards)
    contract = _CONTRACT_BY_CODE[r.contract].token
    assert result.contract == contract, f"result.contract {result.contract!r}; {contract!r}"
    assert result.declarer == r.taker, f"result.declarer {result.declarer}; taker {r.taker}"
    made = {"made": True, "failed": False}.get(str(want["outcome"]))
    assert result.made is made, f"result.made {result.made}; outcome {want['outcome']}"


def _shown_declarations(r: _Replay, seat: int) -> list[frozenset[int]]:
    """BE-10.3: the cards of each declaration ``seat`` may see — its own, and the best team's once
    the first trick is over."""
    best = r.best_team() if r.tricks and r.declared else None
    return [
        c if (s == seat or (best is not None and s % 2 == best)) else frozenset()
        for s, _k, c in r.declared
    ]


def _public(r: _Replay, seat: int) -> frozenset[int]:
    out = set(r.hands[seat] | r.dealt[seat])
    out.add(r.turn_up)  # BE-3.3, BE-5.3
    out |= {c for _s, c in r.plays}
    out |= {c for _s, _k, c in r.announced}  # BE-9.2
    for shown in _shown_declarations(r, seat):
        out |= shown
    return frozenset(out)


def belote_public_cards(state: BeloteState, seat: int) -> frozenset[int]:
    """The cards ``seat`` may know of now, from the layout and the history: its own hand, the
    turn-up (BE-3.3, BE-5.3), every card played, the cards of belote announcements (BE-9.2), its own
    declarations and, once the first trick is over, the declared cards of the team holding the best
    declaration (BE-10.3).

    >>> import tarotlib
    >>> st = tarotlib.variant("belote").new_deal(seed=3)
    >>> belote_public_cards(st, 0) == frozenset(st.hand(0)) | {st.turn_up}
    True
    """
    return _public(_replay(state), seat)


_JSON_STRING: Final = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _obs_fields(obs: BeloteObservation) -> set[int]:
    fields = {int(c) for c in obs.hand} | {int(c) for c in obs.current_trick} | {int(obs.turn_up)}
    for t in obs.tricks:
        fields |= {int(c) for c in t.cards}
    for _s, _k, cards in obs.declarations:
        fields |= {int(c) for c in cards}
    fields |= {int(c) for _s, _a, c in obs.announcements}
    return fields


def check_belote_observation(state: BeloteState) -> None:
    """Each seat's observation shows what it should and leaks nothing: its own hand, the turn-up,
    the bids, the contract and taker once chosen, the tricks and the current trick, every
    declaration's category (BE-10.3) with its cards only for the declarer's own and — once the first
    trick is over — for the team holding the best declaration (BE-10.4), and the announcements
    (BE-9.2). ``visible_cards()``, every card-valued field and every card named in ``to_json()``
    (which must round-trip through JSON) are within :func:`belote_public_cards`.

    >>> import tarotlib
    >>> check_belote_observation(tarotlib.variant("belote", preset="classic").new_deal(seed=3))
    """
    r = _replay(state)
    for seat in range(4):
        obs = state.observation(seat)
        allowed = _public(r, seat)
        assert obs.seat == seat and obs.dealer == r.dealer, f"seat {seat}: wrong seat or dealer"
        assert (obs.phase, obs.to_act) == (r.phase, r.to_act), (
            f"seat {seat} observes {obs.phase}/{obs.to_act}; the rules give {r.phase}/{r.to_act}"
        )
        assert frozenset(int(c) for c in obs.hand) == r.hands[seat], (
            f"seat {seat}'s observed hand is wrong"
        )
        assert int(obs.turn_up) == r.turn_up, f"seat {seat} does not see the turn-up (BE-5.3)"
        bids = [(s, None if c is None else _code(c)) for s, c in obs.bids]
        assert bids == r.calls, f"seat {seat} sees bids {bids}; made {r.calls}"
        want_contract = None if r.contract is None else _CONTRACT_BY_CODE[r.contract]
        assert (obs.contract, obs.taker) == (want_contract, r.taker), (
            f"seat {seat} sees contract {obs.contract} by {obs.taker}"
        )
        seen = [(t.leader, tuple(int(c) for c in t.cards), t.winner) for t in obs.tricks]
        assert seen == r.tricks, f"seat {seat} does not see the tricks as played"
        assert [int(c) for c in obs.current_trick] == r.current, f"seat {seat}: current trick"
        shown = _shown_declarations(r, seat)
        assert len(obs.declarations) == len(r.declared), (
            f"seat {seat} sees {len(obs.declarations)} declarations; {len(r.declared)} were made"
        )
        for (ds, kind, cards), (s, k, _c), want in zip(
            obs.declarations, r.declared, shown, strict=True
        ):
            assert (ds, kind.value) == (s, k), f"seat {seat} sees declaration {ds} {kind}"
            got = frozenset(int(c) for c in cards)
            assert got == want, (
                f"seat {seat} sees seat {s}'s {k} as {_fmt(got)}; BE-10.3 shows {_fmt(want)} "
                f"({len(r.tricks)} tricks done)"
            )
        ann = [(s, a.value, int(c)) for s, a, c in obs.announcements]
        assert ann == r.announced, f"seat {seat} sees announcements {ann}"
        visible = {int(c) for c in obs.visible_cards()}
        leak = visible - allowed
        assert not leak, f"seat {seat} ({r.phase}) sees hidden cards {_fmt(leak)}"
        fields = _obs_fields(obs)
        leak = fields - allowed
        assert not leak, f"seat {seat} ({r.phase}): observation fields show {_fmt(leak)}"
        assert fields <= visible, f"visible_cards() omits {_fmt(fields - visible)} (seat {seat})"
        data = obs.to_json()
        text = json.dumps(data)
        assert json.loads(text) == data, f"seat {seat}: to_json() does not round-trip"
        named = {_BY_TEXT[t] for t in _JSON_STRING.findall(text) if t in _BY_TEXT}
        leak = named - allowed
        assert not leak, f"seat {seat} ({r.phase}): to_json() shows hidden cards {_fmt(leak)}"


def check_belote_state(state: BeloteState) -> None:
    """Run every Belote checker: :func:`check_belote_cards`, :func:`check_belote_legal_actions`,
    :func:`check_belote_tricks`, :func:`check_belote_points` and :func:`check_belote_observation`.
    Call it at every step of a deal (``tarotlib.testing.check_state`` does, for Belote states: it
    is Belote's ``oracle`` hook).

    >>> import tarotlib
    >>> check_belote_state(tarotlib.variant("belote", preset="bga").new_deal(seed=8))
    """
    check_belote_cards(state)
    check_belote_legal_actions(state)
    check_belote_tricks(state)
    check_belote_points(state)
    check_belote_observation(state)
