"""French Tarot's oracle: checkers that recompute the rules of French Tarot independently and
raise ``AssertionError`` with a clear message when a state breaks one. Registered as the game's
``oracle`` hook (:func:`check_french_tarot_state`), so :func:`tarotlib.testing.check_state` runs
them on French Tarot states; and as its ``trick_exceptions`` hook, the exceptions to the plain
trick rules that :func:`tarotlib.testing.check_deal` must know.

The checkers take a :class:`~tarotlib.variants.french_tarot.FrenchTarotState`, or any state whose
rules carry :class:`~tarotlib.variants.french_tarot.FrenchTarotOptions` and that offers the same
omniscient accessors (``hand(seat)``, ``tricks``, ``piles()``, ``chien``, ...):
:func:`check_card_conservation`, :func:`check_trick_winners`,
:func:`check_legal_actions_match_rules`, :func:`check_declarations`, :func:`check_final_piles`,
:func:`check_points_conserved`, :func:`check_score_matches_rules`, :func:`check_no_leak`,
:func:`check_observation`; :func:`check_french_tarot_state` runs them all.

They do **not** trust the engine's own bookkeeping: they replay the deal from its layout (the
hands as dealt) and its history (the actions applied) with an independent, deliberately naive
re-implementation of the rules (the card points of FT-1.5, the trick winner of FT-9.3, the legal
cards of FT-9.2, the Excuse of FT-10, the score of FT-14, the public information of FT-17) and
compare the engine's answers with theirs. They run on states at any step, except the ones that
only make sense at the end (they return silently before it). None of this module needs
Hypothesis.

>>> import random
>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=5)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     check_french_tarot_state(state)
...     state = state.apply(rng.choice(state.legal_actions()))
>>> check_french_tarot_state(state)        # also the end-of-deal checks: piles, points, score
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, cast

import attrs

from tarotlib.core.actions import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import DealState
from tarotlib.testing.generic import TrickExceptions
from tarotlib.testing.invariants import check_zero_sum
from tarotlib.variants.french_tarot.game import FrenchTarotState
from tarotlib.variants.french_tarot.options import FrenchTarotOptions
from tarotlib.variants.french_tarot.scoring import FrenchTarotScore, GrashScore
from tarotlib.variants.french_tarot.types import Contract

__all__ = [
    "card_half_points",
    "check_card_conservation",
    "check_declarations",
    "check_final_piles",
    "check_french_tarot_state",
    "check_legal_actions_match_rules",
    "check_no_leak",
    "check_observation",
    "check_points_conserved",
    "check_score_matches_rules",
    "check_trick_winners",
    "public_cards",
    "trick_exceptions",
]

# --------------------------------------------------------------------------------------------------
# independent rule facts (re-stated here on purpose, not imported from the engine)

_EXCUSE: Final = 77
_PETIT: Final = 56
_MONDE: Final = 76
_OUDLERS: Final = frozenset({_PETIT, _MONDE, _EXCUSE})
_HONOUR_HALF_POINTS: Final = {14: 9, 13: 7, 12: 5, 11: 3}  # K, Q, N, J (FT-1.5)
_TARGETS: Final = {0: 56, 1: 51, 2: 41, 3: 36}  # FT-1.7
_MULTIPLIERS: Final = {"PRISE": 1, "GARDE": 2, "GARDE_SANS": 4, "GARDE_CONTRE": 6}  # FT-4.2
_BONUSES: Final = {  # FT-8.1, FT-8.6
    "simple-poignee": 20,
    "double-poignee": 30,
    "triple-poignee": 40,
    "no-honours-misere": 10,
    "no-trumps-misere": 10,
}
_DEFAULT_THRESHOLDS: Final = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # FT-8.1
_LABELS: Final = {
    "PRISE": "Prise",
    "GARDE": "Garde",
    "GARDE_SANS": "Garde Sans",
    "GARDE_CONTRE": "Garde Contre",
}
_BY_TEXT: Final = {str(c): int(c) for c in ALL_CARDS}


def _is_trump(card: int) -> bool:
    return 56 <= card <= 76


def _suit(card: int) -> int:
    return card // 14


def _rank(card: int) -> int:
    return card % 14 + 1


def _is_low(card: int) -> bool:
    """A card worth 0.5 point: a suit card 1-10 or a trump T2-T20 (FT-1.5, FT-10.4)."""
    if card < 56:
        return _rank(card) <= 10
    return 57 <= card <= 75


def card_half_points(card: int) -> int:
    """The value of a card in half points, per the table of FT-1.5 (restated independently).

    >>> from tarotlib.core.cards import parse_cards
    >>> [card_half_points(c) for c in parse_cards("T21 KH QS ND JC 10S T2 EX T1")]
    [9, 9, 7, 5, 3, 1, 1, 9, 9]
    >>> sum(card_half_points(c) for c in range(78))
    182
    """
    if card in _OUDLERS:
        return 9
    if card < 56:
        return _HONOUR_HALF_POINTS.get(_rank(card), 1)
    return 1


def _halves(cards: Iterable[int]) -> int:
    return sum(card_half_points(c) for c in cards)


def _fmt(cards: Iterable[int]) -> str:
    return " ".join(str(ALL_CARDS[c]) for c in sorted(cards)) or "(none)"


def _trick_winner_pos(cards: Sequence[int]) -> int:
    """FT-9.3: highest trump, else the highest card of the led suit; the Excuse never wins."""
    trumps = [i for i, c in enumerate(cards) if _is_trump(c)]
    if trumps:
        return max(trumps, key=lambda i: cards[i])
    plain = [i for i, c in enumerate(cards) if c != _EXCUSE]
    if not plain:
        raise AssertionError("a trick made only of the Excuse (FT-9.3)")
    led = _suit(cards[plain[0]])
    return max((i for i in plain if _suit(cards[i]) == led), key=lambda i: _rank(cards[i]))


def _legal_cards(hand: frozenset[int], trick: Sequence[int]) -> frozenset[int]:
    """FT-9.2 / FT-10.1 / FT-10.2, restated naively."""
    excuse = hand & {_EXCUSE}
    played = [c for c in trick if c != _EXCUSE]
    if not played:
        return hand
    led = played[0]
    top = max((c for c in trick if _is_trump(c)), default=None)
    trumps = frozenset(c for c in hand if _is_trump(c))
    if _is_trump(led):
        if not trumps:
            return hand
        assert top is not None
        higher = frozenset(t for t in trumps if t > top)
        return (higher or trumps) | excuse
    follow = frozenset(c for c in hand if c < 56 and _suit(c) == _suit(led))
    if follow:
        return follow | excuse
    if not trumps:
        return hand
    if top is None:
        return trumps | excuse
    higher = frozenset(t for t in trumps if t > top)
    return (higher or trumps) | excuse


def _poignee_levels(
    hand: frozenset[int], extra: frozenset[int], thresholds: Sequence[int]
) -> set[int]:
    """FT-8.3: every level L with t >= k(L), or with the Excuse and t = k(L) - 1."""
    t = len({c for c in hand | extra if _is_trump(c)})
    x = _EXCUSE in hand
    return {lvl for lvl, k in enumerate(thresholds) if t >= k or (x and t == k - 1)}


def _misere_ok(kind: str, hand: frozenset[int]) -> bool:
    """FT-8.6: no K/Q/N/J and no oudler; or no trump and not the Excuse."""
    if kind == "no-honours-misere":
        return not any((c < 56 and _rank(c) >= 11) or c in _OUDLERS for c in hand)
    return not any(_is_trump(c) or c == _EXCUSE for c in hand)


def _callable(hand: frozenset[int], callable_cards: str) -> set[int]:
    """FT-5.2 / O-10: Kings; Queens with 4 Kings; Knights with 4 K + 4 Q; Jacks with 4 K, Q, N."""
    ranks = (14, 13, 12, 11) if callable_cards == "fft" else (14, 13)
    out: set[int] = set()
    for i, rank in enumerate(ranks):
        if all(s * 14 + r - 1 in hand for s in range(4) for r in ranks[:i]):
            out |= {s * 14 + rank - 1 for s in range(4)}
        else:
            break
    return out


def _is_petit_sec(hand: Iterable[int]) -> bool:
    """FT-3.4: the Petit, no other trump, not the Excuse."""
    h = set(hand)
    return _PETIT in h and _EXCUSE not in h and not any(_is_trump(c) for c in h - {_PETIT})


# --------------------------------------------------------------------------------------------------
# the replay: every fact of a deal recomputed from its layout and its history


@attrs.frozen
class _Trick:
    leader: int
    cards: tuple[int, ...]
    winner: int
    excuse_wins: bool  # FT-10.8 applied


class _Replay:
    """A French Tarot deal replayed independently from ``state.layout`` and ``state.history``
    under ``opts``, the options its rules carry."""

    def __init__(self, state: DealState, opts: FrenchTarotOptions) -> None:
        self.state = state
        self.options = opts
        layout = state.layout
        n = self.n = len(layout.hands)
        self.dealer = layout.dealer
        self.dealt: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in layout.hands)
        self.chien: frozenset[int] = frozenset(layout.kitty)
        self.chien_size = len(self.chien)
        self.hand_size = len(self.dealt[0])
        self.thresholds = opts.poignee_thresholds or _DEFAULT_THRESHOLDS[n]
        history = state.history
        self.history = history
        i = 0
        # FT-3.4: petit sec on the dealt hands.
        ps = [s for s in range(n) if _is_petit_sec(self.dealt[s])]
        self.petit_sec_seat: int | None = ps[0] if ps else None
        self.annulled: str | None = None
        self.redeal_choice: bool | None = None
        self.phase = "auction"
        self.to_act: int | None = None
        if self.petit_sec_seat is not None:
            if opts.petit_sec == "mandatory_redeal":
                self.annulled = "petit sec"
            elif history and isinstance(history[0], Redeal):
                self.redeal_choice = history[0].redeal
                i = 1
                if history[0].redeal:
                    self.annulled = "petit sec, redeal"
        # FT-4: one turn each from dealer + 1.
        self.calls: list[Contract | None] = []
        while i < len(history) and len(self.calls) < n and isinstance(history[i], Pass | Bid):
            a = history[i]
            if isinstance(a, Bid):
                assert isinstance(a.contract, Contract), f"FT-4.2: {a} names no contract"
                self.calls.append(a.contract)
            else:
                self.calls.append(None)
            i += 1
        self.auction_done = len(self.calls) == n
        bids = [(j, c) for j, c in enumerate(self.calls) if c is not None]
        self.contract: Contract | None = bids[-1][1] if bids else None
        self.taker: int | None = (self.dealer + 1 + bids[-1][0]) % n if bids else None
        self.grash = self.auction_done and not bids and opts.grash
        if self.auction_done and not bids and not opts.grash:
            self.annulled = "all players passed"
        self.called: int | None = None
        if i < len(history) and isinstance(call := history[i], Call):
            self.called = int(call.card)
            i += 1
        self.discards: list[int] = []
        while i < len(history) and isinstance(discard := history[i], Discard):
            self.discards.append(int(discard.card))
            i += 1
        self.slam: bool | None = None
        if i < len(history) and isinstance(slam := history[i], Slam):
            self.slam = slam.announce
            i += 1
        self.play_actions = history[i:]
        self.takes_chien = self.contract is not None and self.contract <= Contract.GARDE
        self.chien_turned = (
            self.takes_chien and self.auction_done and (n != 5 or self.called is not None)
        )
        # FT-5.3: the partner holds the called card when play begins (a non-taker hand never
        # changes before play, so the dealt hands decide).
        self.partner: int | None = None
        if self.called is not None:
            for s in range(n):
                if s != self.taker and self.called in self.dealt[s]:
                    self.partner = s
        self.play_started = self.grash or self.slam is not None
        if self.grash:
            self.camps: tuple[int, ...] = tuple(range(n))
        else:
            self.camps = tuple(0 if s in (self.taker, self.partner) else 1 for s in range(n))
        # hands now
        hands = [set(h) for h in self.dealt]
        if self.chien_turned:
            assert self.taker is not None
            hands[self.taker] |= self.chien
        for c in self.discards:
            assert self.taker is not None
            hands[self.taker].discard(c)
        # play: declarations and cards
        self.declarations: list[tuple[int, Declare]] = []
        self.declaration_context: list[tuple[frozenset[int], int]] = []  # (hand, tricks done)
        self.tricks: list[_Trick] = []
        self.current: list[int] = []
        self.plays: list[tuple[int, int]] = []  # (seat, card) in order
        first = self.taker if self.slam and self.taker is not None else (self.dealer + 1) % n
        leader: int = first if self.play_started else -1
        self.first_leader = leader
        for a in self.play_actions:
            seat = (leader + len(self.current)) % n
            if isinstance(a, Declare):
                self.declarations.append((seat, a))
                self.declaration_context.append((frozenset(hands[seat]), len(self.tricks)))
                continue
            if not isinstance(a, Play):
                raise AssertionError(f"unexpected action {a} in the play phase of the history")
            card = int(a.card)
            hands[seat].discard(card)
            self.plays.append((seat, card))
            self.current.append(card)
            if len(self.current) == n:
                cards = tuple(self.current)
                winner = (leader + _trick_winner_pos(cards)) % n
                excuse_wins = False
                if _EXCUSE in cards and len(self.tricks) == self.hand_size - 1:
                    xseat = (leader + cards.index(_EXCUSE)) % n
                    xcamp = self.camps[xseat]
                    allowed = opts.excuse_slam_exception == "any_camp" or (
                        not self.grash and xcamp == 0
                    )
                    if allowed and all(self.camps[t.winner] == xcamp for t in self.tricks):
                        winner, excuse_wins = xseat, True  # FT-10.8
                self.tricks.append(_Trick(leader, cards, winner, excuse_wins))
                self.current = []
                leader = winner
        self.leader = leader
        self.hands: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in hands)
        self.ecart: frozenset[int] = frozenset(self.discards)
        # phase and seat to act, from the rules alone
        over = self.annulled is not None
        if self.petit_sec_seat is not None and self.redeal_choice is None and not over:
            self.phase, self.to_act = "petit-sec", self.petit_sec_seat
        elif over:
            self.phase, self.to_act = "over", None
        elif not self.auction_done:
            self.phase, self.to_act = "auction", (self.dealer + 1 + len(self.calls)) % n
        elif not self.grash and n == 5 and self.called is None:
            self.phase, self.to_act = "call", self.taker
        elif self.takes_chien and len(self.discards) < self.chien_size:
            self.phase, self.to_act = "discard", self.taker
        elif not self.grash and self.slam is None:
            self.phase, self.to_act = "slam", self.taker
        elif len(self.tricks) == self.hand_size:
            self.phase, self.to_act = "over", None
        else:
            self.phase, self.to_act = "play", (leader + len(self.current)) % n
        self.over = self.phase == "over"
        self.played_out = self.over and self.annulled is None

    # -- the Excuse and the piles (FT-9.4, FT-10) ------------------------------------------------
    def excuse_placement(self) -> tuple[list[set[int]], tuple[int, int] | None]:
        """Cards won by each seat before any exchange card moves, and the Excuse debt
        ``(debtor camp, creditor seat)`` if one arose (FT-10.4)."""
        n = self.n
        piles: list[set[int]] = [set() for _ in range(n)]
        debt: tuple[int, int] | None = None
        last = self.hand_size - 1
        for k, t in enumerate(self.tricks):
            piles[t.winner] |= set(t.cards) - {_EXCUSE}
            if _EXCUSE not in t.cards:
                continue
            xseat = (t.leader + t.cards.index(_EXCUSE)) % n
            xcamp = self.camps[xseat]
            if t.excuse_wins:
                piles[xseat].add(_EXCUSE)
            elif k == last:
                if self.options.excuse_last_trick == "changes_camp" and not self.grash:
                    to_camp = 1 - xcamp  # FT-10.7, FFT
                    dest = (
                        t.winner if self.camps[t.winner] == to_camp else self.camps.index(to_camp)
                    )
                else:
                    dest = t.winner  # FT-10.7 to_winner; FT-15.3 Grash
                piles[dest].add(_EXCUSE)
            else:
                piles[xseat].add(_EXCUSE)
                if self.camps[t.winner] != xcamp:
                    debt = (xcamp, t.winner)
        return piles, debt

    def camp_halves(self) -> dict[int, int]:
        """Card points (half points) of each camp from the tricks, the Excuse debt settled as
        -1 / +1 half point (FT-10.4 - FT-10.6: same count whenever or whether the card moves)."""
        piles, debt = self.excuse_placement()
        out: dict[int, int] = Counter()
        for s in range(self.n):
            out[self.camps[s]] += _halves(piles[s])
        if debt is not None:
            out[debt[0]] -= 1
            out[self.camps[debt[1]]] += 1
        return out

    def aside(self) -> tuple[frozenset[int], int | None]:
        """The cards not in tricks at the end (écart or chien) and the camp owning them (FT-13.1);
        None for nobody (Grash, FT-15.3)."""
        if self.grash:
            return self.chien, None
        assert self.contract is not None
        if self.takes_chien:
            return self.ecart, 0
        return self.chien, (0 if self.contract == Contract.GARDE_SANS else 1)


_LAST: list[_Replay] = []  # one-entry cache: the checkers of one step share a replay


def _replay(state: DealState) -> _Replay:
    # Duck-typed: any state with French Tarot options and FrenchTarotState's accessors will do.
    options = getattr(state.rules, "options", None)
    if not isinstance(options, FrenchTarotOptions):
        raise TypeError(f"this checker needs a French Tarot state, got {type(state).__name__}")
    if _LAST and _LAST[0].state is state:
        return _LAST[0]
    r = _Replay(state, options)
    _LAST[:] = [r]
    return r


# --------------------------------------------------------------------------------------------------
# the checkers


def check_card_conservation(state: FrenchTarotState) -> None:
    """Every one of the 78 cards is in exactly one place at every step: the hands, the current
    trick, the completed tricks, and the chien (before it is taken, or all deal long in Garde
    Sans / Garde Contre / Grash) or the écart. Each hand holds exactly the cards the rules say
    (the dealt hand, plus the chien for the taker of a Prise/Garde, minus the écart and the cards
    played), and the engine's trick cards, écart and piles agree with the history.

    >>> import tarotlib
    >>> check_card_conservation(tarotlib.variant("french-tarot", players=3).new_deal(seed=4))
    """
    r = _replay(state)
    places: list[int] = []
    for s in range(r.n):
        places += [int(c) for c in state.hand(s)]
    engine_tricks = state.tricks
    for t in engine_tricks:
        places += list(t.cards)
    places += [int(c) for c in state.current_trick]
    if r.chien_turned:
        places += [int(c) for c in state.ecart]
    else:
        places += [int(c) for c in state.chien]
    counts = Counter(places)
    dup = [c for c, k in counts.items() if k > 1]
    missing = set(range(78)) - set(counts)
    assert not dup and not missing, (
        f"cards not accounted for exactly once: twice {_fmt(dup)}; missing {_fmt(missing)}"
    )
    assert frozenset(state.chien) == r.chien, "the chien differs from the layout's kitty"
    assert frozenset(state.ecart) == r.ecart, (
        f"écart {_fmt(state.ecart)} but the history discarded {_fmt(r.ecart)}"
    )
    for s in range(r.n):
        hand = frozenset(int(c) for c in state.hand(s))
        assert hand == r.hands[s], (
            f"seat {s} holds {_fmt(hand)}; the deal and history give {_fmt(r.hands[s])}"
        )
    # completed tricks and the current trick hold the cards played, in order
    engine_plays = [c for t in engine_tricks for c in t.cards] + [
        int(c) for c in state.current_trick
    ]
    assert engine_plays == [c for _, c in r.plays], "trick cards differ from the cards played"
    won = [c for p in state.piles() for c in p]
    in_tricks = [c for t in engine_tricks for c in t.cards]
    assert Counter(int(c) for c in won) == Counter(in_tricks), (
        "the piles do not hold exactly the cards of the completed tricks"
    )


def check_trick_winners(state: FrenchTarotState) -> None:
    """Each completed trick was led by the right seat (dealer + 1, or the taker after a slam
    announcement, then each trick's winner, FT-7.2, FT-9.1) and won by the seat FT-9.3 names
    (computed independently: highest trump, else highest card of the led suit; the Excuse never
    wins, except the slam case of FT-10.8 / O-2).

    >>> import tarotlib
    >>> check_trick_winners(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    engine = state.tricks
    assert len(engine) == len(r.tricks), (
        f"{len(engine)} completed tricks; the history completes {len(r.tricks)}"
    )
    for k, (got, want) in enumerate(zip(engine, r.tricks, strict=True)):
        cards = _fmt(want.cards)
        assert got.leader == want.leader, (
            f"trick {k + 1} ({cards}) led by seat {got.leader}; should be seat {want.leader}"
        )
        assert tuple(got.cards) == want.cards, f"trick {k + 1} cards {got.cards} != {want.cards}"
        why = " (the slam-maker's Excuse, FT-10.8)" if want.excuse_wins else " (FT-9.3)"
        assert got.winner == want.winner, (
            f"trick {k + 1} led by seat {want.leader}: "
            f"{' '.join(str(ALL_CARDS[c]) for c in want.cards)} won by seat {got.winner}; "
            f"should be seat {want.winner}{why}"
        )
    if state.phase == "play":
        assert state.trick_leader == r.leader, (
            f"trick in progress led by seat {state.trick_leader}; should be seat {r.leader}"
        )


def check_legal_actions_match_rules(state: FrenchTarotState) -> None:
    """The phase, the seat to act and the set of legal actions are those the rules give,
    recomputed independently: petit sec choice (FT-3.4), one-turn auction with strictly rising bids
    (FT-4.3), callable cards (FT-5.2), écart restrictions (FT-6.2), slam choice (FT-7), poignée
    levels and misères at a player's first card (FT-8.2, FT-8.3, FT-8.6), legal cards (FT-9.2)
    with the 5-player opening-lead ban (FT-5.5). A listed poignée shows a valid set of cards.

    >>> import tarotlib
    >>> check_legal_actions_match_rules(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    opts = r.options
    assert state.phase == r.phase, f"phase is {state.phase}; the rules give {r.phase}"
    assert state.to_act == r.to_act, (
        f"phase {r.phase}: seat {state.to_act} is to act; the rules give seat {r.to_act}"
    )
    legal = state.legal_actions()
    if r.phase == "over":
        assert legal == (), f"over, yet legal actions {legal}"
        return
    assert r.to_act is not None
    seat = r.to_act
    hand = r.hands[seat]
    non_declare = {a for a in legal if not isinstance(a, Declare)}
    expected: set[Action]
    if r.phase == "petit-sec":
        expected = {Redeal(True), Redeal(False)}
    elif r.phase == "auction":
        high = max((c for c in r.calls if c is not None), default=None)
        expected = {Pass()} | {Bid(c) for c in Contract if high is None or c > high}
    elif r.phase == "call":
        expected = {Call(ALL_CARDS[c]) for c in _callable(hand, opts.callable_cards)}
    elif r.phase == "discard":
        left = r.chien_size - len(r.discards)
        free = {c for c in hand if c < 56 and _rank(c) != 14}
        if len(free) < left:
            free |= {c for c in hand if 57 <= c <= 75}
        expected = {Discard(ALL_CARDS[c]) for c in free}
    elif r.phase == "slam":
        expected = {Slam(True), Slam(False)}
    else:
        cards = _legal_cards(hand, r.current)
        opening = not r.tricks and not r.current
        if opening and r.called is not None and opts.called_suit_opening_lead_ban and not r.grash:
            banned = {c for c in cards if c < 56 and _suit(c) == _suit(r.called) and c != r.called}
            cards = cards - banned
        expected = {Play(ALL_CARDS[c]) for c in cards}
    assert non_declare == expected, (
        f"phase {r.phase}, seat {seat}: legal actions "
        f"{sorted(str(a) for a in non_declare)}; the rules give {sorted(str(a) for a in expected)}"
    )
    _check_declarations_listed(r, [a for a in legal if isinstance(a, Declare)])


def _check_declarations_listed(r: _Replay, listed: list[Declare]) -> None:
    opts = r.options
    seat = r.to_act
    assert seat is not None
    kinds = [a.kind.value for a in listed]
    assert len(set(kinds)) == len(kinds), f"a declaration kind is listed twice: {kinds}"
    if r.phase != "play" or r.tricks or r.grash or opts.declarations == "none":
        assert not listed, f"declarations listed where none may be made: {kinds}"
        return
    hand = r.hands[seat]
    done = {a.kind.value for s, a in r.declarations if s == seat}
    extra: frozenset[int] = frozenset()
    if seat == r.taker and r.takes_chien and opts.poignee_counts_discarded_trumps:
        extra = frozenset(c for c in r.ecart if _is_trump(c))
    expected: set[str] = set()
    if not any(k.endswith("poignee") for k in done):
        names = ("simple-poignee", "double-poignee", "triple-poignee")
        expected |= {names[lvl] for lvl in _poignee_levels(hand, extra, r.thresholds)}
    if opts.declarations == "poignee_and_misere":
        for kind in ("no-honours-misere", "no-trumps-misere"):
            if kind not in done and _misere_ok(kind, hand):
                expected.add(kind)
    assert set(kinds) == expected, (
        f"seat {seat} may declare {sorted(expected)}; listed {sorted(kinds)}"
    )
    poignees = ("simple-poignee", "double-poignee", "triple-poignee")
    for a in listed:
        if a.kind.value not in poignees:
            assert a.shown == (), f"a misère shows no card: {a}"
            continue
        k = r.thresholds[poignees.index(a.kind.value)]
        shown = {int(c) for c in a.shown}
        own = hand | extra
        assert len(shown) == len(a.shown) == k, f"{a} must show exactly {k} distinct cards"
        assert shown <= own, f"{a} shows cards not held: {_fmt(shown - own)}"
        trumps = {c for c in own if _is_trump(c)}
        if _EXCUSE in shown:
            assert len(trumps) == k - 1 and shown - {_EXCUSE} == trumps, (
                f"{a}: the Excuse may only replace a missing trump, all trumps shown (FT-8.3)"
            )
        else:
            assert all(_is_trump(c) for c in shown), f"{a} shows a card that is not a trump"


def check_declarations(state: FrenchTarotState) -> None:
    """Every declaration in the history was allowed when made, judged independently (FT-8): only
    before the player's first card of the first trick, not in Grash, not with
    ``declarations='none'``; at most one poignée per player, showing exactly the level's number
    of trumps held (the taker's discarded trumps count under O-5), the Excuse only in place of a
    missing trump with every trump shown (FT-8.3); a misère only with
    ``declarations='poignee_and_misere'``, once per kind, showing nothing, on a hand that qualifies
    (FT-8.6). The state's ``declarations`` record them, with the right seats.

    >>> import tarotlib
    >>> check_declarations(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    opts = r.options
    poignees = ("simple-poignee", "double-poignee", "triple-poignee")
    done: set[tuple[int, str]] = set()
    for (seat, a), (hand, tricks_done) in zip(r.declarations, r.declaration_context, strict=True):
        kind = a.kind.value
        what = f"seat {seat}: {a}"
        assert opts.declarations != "none", f"{what} accepted with declarations='none'"
        assert not r.grash, f"{what} accepted in a Grash deal (FT-15.3)"
        assert tricks_done == 0, f"{what} accepted after the first trick (FT-8.2)"
        if kind in poignees:
            assert not any(s == seat and k in poignees for s, k in done), (
                f"{what}: a second poignée (FT-8.2)"
            )
            k = r.thresholds[poignees.index(kind)]
            extra: frozenset[int] = frozenset()
            if seat == r.taker and r.takes_chien and opts.poignee_counts_discarded_trumps:
                extra = frozenset(c for c in r.ecart if _is_trump(c))
            own = hand | extra
            shown = [int(c) for c in a.shown]
            assert len(shown) == len(set(shown)) == k, f"{what} must show exactly {k} cards"
            assert set(shown) <= own, f"{what} shows cards not held: {_fmt(set(shown) - own)}"
            trumps = {c for c in own if _is_trump(c)}
            if _EXCUSE in shown:
                assert len(trumps) == k - 1 and set(shown) - {_EXCUSE} == trumps, (
                    f"{what}: the Excuse may only replace a missing trump (FT-8.3)"
                )
            else:
                assert all(_is_trump(c) for c in shown), f"{what} shows a non-trump"
        else:
            assert opts.declarations == "poignee_and_misere", f"{what} without the misère option"
            assert (seat, kind) not in done, f"{what} declared twice"
            assert not a.shown, f"{what}: a misère shows no card"
            assert _misere_ok(kind, hand), f"{what} on a hand that does not qualify (FT-8.6)"
        done.add((seat, kind))
    recorded = [(d.seat, d.kind.value, frozenset(d.shown)) for d in state.declarations]
    made = [(s, a.kind.value, frozenset(int(c) for c in a.shown)) for s, a in r.declarations]
    assert recorded == made, f"declarations recorded {recorded}; made {made}"


def check_final_piles(state: FrenchTarotState) -> None:
    """At the end of a played deal, the piles of all seats plus the écart (Prise/Garde) or the
    chien (Garde Sans/Contre, Grash) hold the 78 cards exactly once; every trick's cards are in
    its winner's pile, and the Excuse is where FT-10 puts it (its player's camp; in the last trick
    per O-1; the slam exception FT-10.8). An Excuse debt is settled by exactly one 0.5-point card
    moving from the Excuse's camp to the winner's, or stays open only while that camp has no such
    card (FT-10.5). During play the same holds for the tricks completed so far. Does nothing
    before play or for an annulled deal.

    >>> import tarotlib
    >>> check_final_piles(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    if not r.play_started or r.annulled is not None:
        return
    actual = [frozenset(int(c) for c in p) for p in state.piles()]
    assert len(actual) == r.n, f"{len(actual)} piles for {r.n} seats"
    if r.played_out:
        aside, _ = r.aside()
        everything = [c for p in actual for c in p] + list(aside)
        counts = Counter(everything)
        dup = [c for c, k in counts.items() if k > 1]
        missing = set(range(78)) - set(counts)
        assert not dup and not missing, (
            f"piles + écart/chien: twice {_fmt(dup)}; missing {_fmt(missing)}"
        )
    expected, debt = r.excuse_placement()

    def camp_set(piles: Sequence[Iterable[int]], camp: int) -> set[int]:
        return {c for s in range(r.n) if r.camps[s] == camp for c in piles[s]}

    camps = sorted(set(r.camps))
    moved: list[tuple[int, int, int]] = []  # (card, from camp, to camp)
    for camp in camps:
        for c in camp_set(actual, camp) - camp_set(expected, camp):
            src = next(k for k in camps if c in camp_set(expected, k))
            moved.append((c, src, camp))
    excuse_where = [s for s in range(r.n) if _EXCUSE in actual[s]]
    excuse_want = [s for s in range(r.n) if _EXCUSE in expected[s]]
    if excuse_want:
        wc = r.camps[excuse_want[0]]
        assert excuse_where and r.camps[excuse_where[0]] == wc, (
            f"the Excuse is in seat {excuse_where}'s pile; FT-10 puts it in camp {wc} "
            f"(seat {excuse_want[0]}'s camp; camps {r.camps})"
        )
    if debt is None:
        assert not moved, f"cards moved between camps without an Excuse debt: {moved}"
    else:
        debtor, creditor_seat = debt
        creditor = r.camps[creditor_seat]
        if moved:
            assert len(moved) == 1, f"more than one card moved for the Excuse: {moved}"
            card, src, dst = moved[0]
            assert (src, dst) == (debtor, creditor), (
                f"exchange card {ALL_CARDS[card]} moved from camp {src} to {dst}; "
                f"the debt is from camp {debtor} to camp {creditor} (FT-10.4)"
            )
            assert _is_low(card), f"exchange card {ALL_CARDS[card]} is not worth 0.5 (FT-10.4)"
        else:
            lows = [c for c in camp_set(actual, debtor) if _is_low(c)]
            assert not lows, (
                f"the Excuse debt of camp {debtor} is open although its pile has 0.5-point "
                f"cards {_fmt(lows)} (FT-10.5)"
            )
    # seat level: each card of a trick (but the Excuse and an exchange card) is in the winner's pile
    moved_cards = {m[0] for m in moved}
    for k, t in enumerate(r.tricks):
        for c in t.cards:
            if c == _EXCUSE or c in moved_cards:
                continue
            assert c in actual[t.winner], (
                f"{ALL_CARDS[c]} of trick {k + 1} is not in the pile of its winner, seat {t.winner}"
            )


def check_points_conserved(state: FrenchTarotState) -> None:
    """At the end of a played deal, the card points of the camps add up to 91 (182 half points)
    with the FT-1.5 table re-implemented here; the attack's points and oudlers in the score's
    breakdown equal an independent count of the attack's pile (its tricks with the Excuse placed
    per FT-10, plus the écart / Garde Sans chien, FT-13.1) with the Excuse debt settled as
    -0.5 / +0.5 (FT-10.6, FT-13.3); the defence has 91 minus that. Grash: each seat's card points
    and their total (91 minus the chien, FT-15.3). Does nothing before the end.

    >>> import tarotlib
    >>> check_points_conserved(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    if not r.played_out:
        return
    aside, owner = r.aside()
    piles = [frozenset(int(c) for c in p) for p in state.piles()]
    by_piles: dict[int, int] = Counter()
    for s in range(r.n):
        by_piles[r.camps[s]] += _halves(piles[s])
    total = sum(by_piles.values()) + _halves(aside)
    assert total == 182, f"card points of the piles and écart/chien total {total / 2}, not 91"
    by_tricks = r.camp_halves()
    expected_piles, debt = r.excuse_placement()
    # the pile count plus an unpaid debt equals the trick count
    if debt is not None:
        debtor = debt[0]
        pile_debtor = _halves(c for s in range(r.n) if r.camps[s] == debtor for c in piles[s])
        if pile_debtor == sum(
            _halves(expected_piles[s]) for s in range(r.n) if r.camps[s] == debtor
        ):
            by_piles[debtor] -= 1
            by_piles[r.camps[debt[1]]] += 1
    for camp in set(r.camps):
        assert by_piles[camp] == by_tricks[camp], (
            f"camp {camp}: piles count {by_piles[camp] / 2} points, tricks count "
            f"{by_tricks[camp] / 2} (FT-10 exchange)"
        )
    result = state.result
    if r.grash:
        br = result.breakdown
        assert isinstance(br, GrashScore), f"a Grash deal has breakdown {type(br).__name__}"
        want = tuple(by_tricks[s] for s in range(r.n))
        assert tuple(br.card_half_points) == want, (
            f"Grash card half points {br.card_half_points}; counted {want}"
        )
        assert sum(want) == 182 - _halves(r.chien), "Grash points do not total 91 - chien"
        return
    attack = by_tricks[0] + (_halves(aside) if owner == 0 else 0)
    defence = by_tricks[1] + (_halves(aside) if owner == 1 else 0)
    assert attack + defence == 182, f"attack {attack / 2} + defence {defence / 2} != 91"
    br = result.breakdown
    assert isinstance(br, FrenchTarotScore), f"breakdown is {type(br).__name__}"
    assert br.attack_half_points == attack, (
        f"breakdown: attack {br.attack_half_points / 2} points; the attack's pile counts "
        f"{attack / 2} (FT-1.5, FT-10, FT-13.3)"
    )
    assert br.attack_points + br.defence_points == 91, "breakdown points do not total 91"
    assert br.defence_points * 2 == defence, (
        f"breakdown: defence {br.defence_points}; counted {defence / 2}"
    )


def _attack_oudlers(r: _Replay) -> int:
    piles, _ = r.excuse_placement()
    aside, owner = r.aside()
    attack = {c for s in range(r.n) if r.camps[s] == 0 for c in piles[s]}
    if owner == 0:
        attack |= aside
    return len(attack & _OUDLERS)


def _petit_au_bout(r: _Replay) -> int:
    """FT-11: +1 / -1 / 0, with O-12."""
    last = r.tricks[-1]
    bout = [last]
    if last.excuse_wins and len(r.tricks) >= 2:
        bout.append(r.tricks[-2])
    for t in bout:
        if _PETIT in t.cards:
            player = (t.leader + t.cards.index(_PETIT)) % r.n
            if r.camps[t.winner] == 0:
                return 1
            if (
                r.options.petit_au_bout_within_defence == "penalise_defence"
                and r.camps[player] == 1
                and player != t.winner
            ):
                return 1
            return -1
    return 0


def check_score_matches_rules(state: FrenchTarotState) -> None:
    """At the end, the result is what the scoring rules give, recomputed independently from the
    deal's facts: ``D = s·(25 + M)·m + pab·10·m + s·B + C`` (FT-14.1) with the target of FT-1.7,
    the half point to the winning camp (FT-13.5), the Petit au bout of FT-11 (O-12), every
    declaration's bonus (FT-8.5, FT-8.6), the slam term of FT-12.2 (O-11); the payouts of FT-14.2
    (taker 2D/3D, partner D, alone 4D, defenders -D); Grash per FT-15; an annulled deal scores 0
    and is annulled only for a petit sec (FT-3.4) or an all-pass without Grash (FT-4.5).
    Does nothing before the end.

    >>> import tarotlib
    >>> check_score_matches_rules(tarotlib.variant("french-tarot").new_deal(seed=4))
    """
    r = _replay(state)
    if not r.over:
        return
    result = state.result
    check_zero_sum(result)
    n = r.n
    if r.annulled is not None:
        assert result.is_annulled, f"the deal should be annulled ({r.annulled}); got {result}"
        assert result.scores == (0,) * n, f"annulled deal scores {result.scores}"
        return
    assert not result.is_annulled, f"deal annulled ({result.annulled}) but the rules play it"
    if r.grash:
        halves = r.camp_halves()
        total = sum(halves[s] for s in range(n))
        want_g = tuple((total - n * halves[s]) / 2 for s in range(n))
        assert tuple(float(x) for x in result.scores) == want_g, (
            f"Grash scores {result.scores}; (A - G) × N gives {want_g} (FT-15.1)"
        )
        assert result.contract == "Grash" and result.declarer is None and result.made is None, (
            f"Grash result summary {result.contract!r}, {result.declarer}, {result.made}"
        )
        return
    assert r.contract is not None and r.taker is not None
    halves = r.camp_halves()
    aside, owner = r.aside()
    attack = halves[0] + (_halves(aside) if owner == 0 else 0)
    oudlers = _attack_oudlers(r)
    target = _TARGETS[oudlers]
    h = attack - 2 * target
    s = 1 if h >= 0 else -1
    margin = (abs(h) + 1) // 2
    m = _MULTIPLIERS[r.contract.name]
    pab = _petit_au_bout(r)
    bonus = sum(_BONUSES[a.kind.value] for _, a in r.declarations)
    attack_all = all(r.camps[t.winner] == 0 for t in r.tricks)
    defence_all = all(r.camps[t.winner] == 1 for t in r.tricks)
    slam = 0
    if attack_all:
        slam += 400 if r.slam else 200
    elif r.slam:
        slam -= 200
    if defence_all:
        slam -= r.options.defence_slam_bonus
    d = s * (25 + margin) * m + pab * 10 * m + s * bonus + slam
    facts = (
        f"{_LABELS[r.contract.name]} by seat {r.taker}"
        f"{'' if r.partner is None else f' with seat {r.partner}'}: attack {attack / 2} points, "
        f"{oudlers} oudlers (target {target}), M={margin}, s={s}, pab={pab}, B={bonus}, C={slam}"
    )
    br = result.breakdown
    assert isinstance(br, FrenchTarotScore), f"breakdown is {type(br).__name__}"
    assert (br.oudlers, br.target) == (oudlers, target), (
        f"breakdown: {br.oudlers} oudlers, target {br.target}; {facts}"
    )
    assert br.per_defender == d, f"D = {br.per_defender}; the rules give D = {d} ({facts})"
    scores = [-d] * n
    if r.partner is not None:
        scores[r.taker], scores[r.partner] = 2 * d, d
    else:
        scores[r.taker] = (n - 1) * d
    assert tuple(result.scores) == tuple(scores), (
        f"scores {result.scores}; FT-14.2 gives {tuple(scores)} ({facts}, D={d})"
    )
    assert result.contract == _LABELS[r.contract.name], f"result.contract {result.contract!r}"
    assert result.declarer == r.taker, f"result.declarer {result.declarer}; taker {r.taker}"
    assert result.made is (s > 0), f"result.made {result.made}; {facts}"


def public_cards(state: FrenchTarotState, seat: int) -> frozenset[int]:
    """The cards ``seat`` may know of now (FT-17), computed from the layout and history: its own
    hand, every card played, the chien once turned up in a Prise/Garde, the poignée cards shown,
    the discarded trumps when ``show_discarded_trumps``, the taker's own écart (for the taker),
    the called card, the petit-sec hand of a deal annulled for it, and everything at the end of a
    played-out deal (the count).

    >>> import tarotlib
    >>> st = tarotlib.variant("french-tarot").new_deal(seed=3)
    >>> public_cards(st, 0) == frozenset(st.hand(0))
    True
    """
    return _public(_replay(state), seat)


def _public(r: _Replay, seat: int) -> frozenset[int]:
    out = set(r.hands[seat])
    out |= {c for _, c in r.plays}
    if r.chien_turned or r.over:
        out |= r.chien
    for _, a in r.declarations:
        out |= {int(c) for c in a.shown}
    if r.options.show_discarded_trumps:
        out |= {c for c in r.discards if _is_trump(c)}
    if seat == r.taker or r.played_out:
        out |= set(r.discards)
    if r.called is not None:
        out.add(r.called)
    if r.petit_sec_seat is not None and r.annulled is not None and r.calls == []:
        out |= r.dealt[r.petit_sec_seat]
    return frozenset(out)


_JSON_STRING: Final = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _json_cards(text: str) -> set[int]:
    """Every card named by a string anywhere in a JSON text."""
    get = _BY_TEXT.get
    return {c for c in map(get, _JSON_STRING.findall(text)) if c is not None}


def _partner_known(r: _Replay, seat: int) -> bool:
    """FT-5.4: the partner knows; others once the called card is played; everyone at the end."""
    return r.over or seat == r.partner or any(c == r.called for _, c in r.plays)


def check_no_leak(state: FrenchTarotState) -> None:
    """No seat's observation mentions a card it may not know (FT-17): ``visible_cards()``, every
    card-valued field and every card in ``to_json()`` (which must be JSON-serializable) are within
    :func:`public_cards`; the 5-player partner appears only when FT-5.4 allows it.

    >>> import tarotlib
    >>> check_no_leak(tarotlib.variant("french-tarot", players=5).new_deal(seed=3))
    """
    r = _replay(state)
    for seat in range(r.n):
        allowed = _public(r, seat)
        obs = state.observation(seat)
        visible = obs.visible_cards()
        leak = set(visible) - allowed
        assert not leak, f"seat {seat} ({state.phase}) sees hidden cards {_fmt(leak)} (FT-17)"
        fields: set[int] = set(obs.hand) | set(obs.chien) | set(obs.ecart)
        fields |= set(obs.shown_discards) | set(obs.current_trick) | set(obs.petit_sec_hand)
        for t in obs.tricks:
            fields |= set(t.cards)
        for d in obs.declarations:
            fields |= set(d.shown)
        if obs.called_card is not None:
            fields.add(obs.called_card)
        leak = fields - allowed
        assert not leak, f"seat {seat} ({state.phase}): observation fields show {_fmt(leak)}"
        assert fields <= set(visible), (
            f"visible_cards() omits {_fmt(fields - set(visible))} shown in seat {seat}'s fields"
        )
        data = obs.to_json()
        text = json.dumps(data)
        assert json.loads(text) == data, f"seat {seat}: to_json() does not round-trip"
        leak = _json_cards(text) - allowed
        assert not leak, f"seat {seat} ({state.phase}): to_json() shows hidden cards {_fmt(leak)}"
        if obs.partner is not None:
            assert _partner_known(r, seat), (
                f"seat {seat} is told the partner (seat {obs.partner}) before the called card "
                f"{ALL_CARDS[r.called] if r.called is not None else '?'} was played (FT-5.4)"
            )
            assert obs.partner == r.partner, f"observation names partner {obs.partner}"
        if data.get("partner") is not None:
            assert _partner_known(r, seat), f"seat {seat}'s to_json() reveals the partner (FT-5.4)"


def check_observation(state: FrenchTarotState) -> None:
    """Each seat's observation shows what it should (the converse of :func:`check_no_leak`): its
    own hand, the public facts (contract, taker, called card, calls, tricks, current trick,
    declarations), the chien exactly when turned up in a Prise/Garde or at the end (FT-6.5),
    the écart to the taker, exactly the discarded trumps to everyone when ``show_discarded_trumps``
    (FT-6.2), and the partner to the partner himself (FT-5.4).

    >>> import tarotlib
    >>> check_observation(tarotlib.variant("french-tarot", players=5).new_deal(seed=3))
    """
    r = _replay(state)
    for seat in range(r.n):
        obs = state.observation(seat)
        assert obs.seat == seat and obs.players == r.n and obs.dealer == r.dealer
        assert obs.phase == r.phase and obs.to_act == r.to_act, (
            f"seat {seat} observes phase {obs.phase}/{obs.to_act}; state {r.phase}/{r.to_act}"
        )
        assert frozenset(obs.hand) == r.hands[seat], f"seat {seat}'s observed hand is wrong"
        won = r.auction_done
        assert obs.contract == (r.contract if won else None), f"contract {obs.contract} shown"
        assert obs.taker == (r.taker if won else None), f"taker {obs.taker} shown"
        want_called = None if r.called is None else ALL_CARDS[r.called]
        assert obs.called_card == want_called, f"called card {obs.called_card} != {want_called}"
        assert [c for _, c in obs.calls] == r.calls, "auction calls not shown as made"
        assert [c for t in obs.tricks for c in t.cards] + list(obs.current_trick) == [
            c for _, c in r.plays
        ], "played cards not shown"
        want_chien = r.chien if (r.chien_turned or r.over) else frozenset()
        assert frozenset(obs.chien) == want_chien, (
            f"seat {seat} ({r.phase}, {r.contract}) sees chien {_fmt(obs.chien)}; "
            f"should see {_fmt(want_chien)} (FT-6.5, FT-17)"
        )
        if seat == r.taker:
            assert frozenset(obs.ecart) == r.ecart, "the taker does not see his écart"
        want_shown = frozenset(
            c for c in r.discards if _is_trump(c) and r.options.show_discarded_trumps
        )
        assert frozenset(obs.shown_discards) == want_shown, (
            f"seat {seat} sees discarded trumps {_fmt(obs.shown_discards)}; "
            f"should see {_fmt(want_shown)} (FT-6.2, O-8)"
        )
        assert obs.slam_announced == bool(r.slam), "slam announcement not shown"
        assert len(obs.declarations) == len(r.declarations), "declarations not all shown"
        if r.partner is not None and seat == r.partner and r.play_started:
            assert obs.partner == seat, "the partner's own observation does not name him"


def check_french_tarot_state(state: DealState) -> None:
    """Run every French Tarot checker on ``state``: cards, tricks, legal actions, declarations,
    observations and (at the end) piles, points and score. French Tarot's ``oracle`` hook:
    :func:`tarotlib.testing.check_state` runs it on French Tarot states, after the generic checks.

    >>> import tarotlib
    >>> check_french_tarot_state(tarotlib.variant("french-tarot", players=3).new_deal(seed=8))
    """
    ft = cast(FrenchTarotState, state)
    check_card_conservation(ft)
    check_trick_winners(ft)
    check_legal_actions_match_rules(ft)
    check_declarations(ft)
    check_no_leak(ft)
    check_observation(ft)
    check_final_piles(ft)
    check_points_conserved(ft)
    check_score_matches_rules(ft)


# --------------------------------------------------------------------------------------------------
# the exceptions to the plain trick rules, for tarotlib.testing.check_deal


def trick_exceptions(state: DealState) -> TrickExceptions | None:
    """French Tarot's exceptions to its plain trick rules
    (:data:`~tarotlib.core.tricks.FRENCH_TAROT_TRICKS`), for :func:`tarotlib.testing.check_deal`: the
    game's ``trick_exceptions`` hook. None for a state whose rules do not carry French Tarot
    options. Computed from the deal's layout and history (the camps, the called card), not from
    the engine's bookkeeping:

    - FT-5.5 (O-9): the first card of the first trick may not be of the called card's suit unless
      it is the called card (with ``called_suit_opening_lead_ban``, not in Grash);
    - FT-10.8 (O-2): when one camp has won every earlier trick and one of its members plays the
      Excuse to the last trick, the Excuse wins that trick (``excuse_slam_exception``: for either
      camp, or the attack only).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=5)
    >>> state = rules.new_deal(seed=7)
    >>> for text in ["pass", "bid prise", "pass", "pass", "pass", "call KH"]:
    ...     state = state.apply(rules.parse_action(text))
    >>> exceptions = trick_exceptions(state)
    >>> mask, reason = exceptions.banned(0, (), state.to_act)
    >>> reason
    'the first card of the deal may not be of the called suit, unless the called card (FT-5.5)'
    >>> print(exceptions.banned(1, (), state.to_act))
    None
    """
    if not isinstance(getattr(state.rules, "options", None), FrenchTarotOptions):
        return None
    r = _replay(state)
    opts = r.options
    called = r.called
    ban: tuple[int, str] | None = None
    if called is not None and opts.called_suit_opening_lead_ban and not r.grash:
        suit = frozenset(c for c in range(56) if _suit(c) == _suit(called)) - {called}
        ban = (
            sum(1 << c for c in suit),
            "the first card of the deal may not be of the called suit, unless the called card "
            "(FT-5.5)",
        )

    def banned(trick: int, cards: tuple[object, ...], seat: int) -> tuple[int, str] | None:
        return ban if trick == 0 and not cards else None

    def winner(
        trick: int, plain: PlayedTrick, earlier: tuple[PlayedTrick, ...]
    ) -> tuple[int, str] | None:
        if trick != r.hand_size - 1 or _EXCUSE not in plain.cards:
            return None
        xseat = (plain.leader + list(plain.cards).index(_EXCUSE)) % r.n
        xcamp = r.camps[xseat]
        if opts.excuse_slam_exception != "any_camp" and (r.grash or xcamp != 0):
            return None
        if not all(r.camps[t.winner] == xcamp for t in earlier):
            return None
        return xseat, (
            f"seat {xseat}'s camp won every earlier trick: its Excuse wins the last one (FT-10.8)"
        )

    return TrickExceptions(banned=banned, winner=winner)
