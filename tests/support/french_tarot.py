"""Shared helpers for the French Tarot engine tests (rules file ``french-tarot.md``).

Two kinds of helpers:

- **drivers**: build rules and explicit layouts, run an auction / call / écart / slam choice, play
  scripted tricks, check that a rejected action leaves the state unchanged;
- an **independent oracle** written straight from the rules text (FT-1.5, FT-6.2, FT-8.3, FT-9.2,
  FT-9.3, FT-10, FT-11, FT-12, FT-13, FT-14). It shares no code with the engine, so comparing the two
  on many deals checks the engine against the rules rather than against itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

import attrs
import pytest

import tarotlib
from tarotlib import (
    ALL_CARDS,
    EXCUSE,
    Action,
    Bid,
    Call,
    Card,
    Declare,
    Discard,
    IllegalActionError,
    Layout,
    Pass,
    Play,
    Rank,
    Slam,
    Suit,
    parse_card,
    parse_cards,
)
from tarotlib.variants.french_tarot import (
    Contract,
    DeclarationKind,
    FrenchTarot,
    FrenchTarotScore,
    FrenchTarotState,
)

__all__ = [
    "CHIEN_SIZE",
    "EX",
    "HAND_SIZE",
    "POIGNEES",
    "THRESHOLDS",
    "Outcome",
    "apply_all",
    "assert_rejected",
    "card",
    "cards",
    "check_against_oracle",
    "deal",
    "declare",
    "expand",
    "fill_layout",
    "half_points",
    "is_oudler",
    "make_rules",
    "oracle_callable",
    "oracle_declarable_levels",
    "oracle_discardable",
    "oracle_legal",
    "oracle_outcome",
    "oracle_winner",
    "play",
    "play_out",
    "play_tricks",
    "points_of",
    "random_playout",
    "score_of",
    "setup",
    "snapshot",
    "trick_texts",
]

EX: Card = EXCUSE
HAND_SIZE = {3: 24, 4: 18, 5: 15}
"""FT-3.1: cards per hand."""
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
"""FT-3.1: chien size."""
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
"""FT-8.1: poignée thresholds (simple, double, triple)."""
POIGNEES = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
MULTIPLIER = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
"""FT-4.2."""
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
"""FT-1.7."""
_RANK_TOKENS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")


# --------------------------------------------------------------------------------------------------
# cards


def card(text: str) -> Card:
    """One card from its text (FT-1.2)."""
    return parse_card(text)


def expand(text: str) -> str:
    """Expand ranges in a card list: ``"T2-T5 1S-3S KH"`` → ``"T2 T3 T4 T5 1S 2S 3S KH"``.

    A range joins two cards of the same suit (or two trumps) and includes both ends.
    """
    out: list[str] = []
    for token in text.split():
        if "-" not in token:
            out.append(token)
            continue
        lo_text, hi_text = token.split("-")
        lo, hi = parse_card(lo_text), parse_card(hi_text)
        if lo.is_trump and hi.is_trump:
            lo_n, hi_n = lo.trump_number, hi.trump_number
            assert lo_n is not None and hi_n is not None and lo_n <= hi_n
            out.extend(f"T{n}" for n in range(lo_n, hi_n + 1))
            continue
        assert lo.suit is not None and lo.suit == hi.suit, token
        assert lo.rank is not None and hi.rank is not None and lo.rank <= hi.rank, token
        letter = "SHDC"[lo.suit]
        out.extend(f"{_RANK_TOKENS[r - 1]}{letter}" for r in range(lo.rank, hi.rank + 1))
    return " ".join(out)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from a text with ranges (see :func:`expand`)."""
    return parse_cards(expand(text))


def half_points(c: int) -> int:
    """FT-1.5, in half points: oudlers and Kings 9, Queens 7, Knights 5, Jacks 3, others 1."""
    k = ALL_CARDS[c]
    if k.is_excuse or k.trump_number in (1, 21):
        return 9
    if k.rank is None:
        return 1
    return {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}.get(k.rank, 1)


def points_of(cs: Iterable[int]) -> float:
    """Card points of a set of cards (FT-1.5)."""
    return sum(half_points(c) for c in cs) / 2


def is_oudler(c: int) -> bool:
    k = ALL_CARDS[c]
    return k.is_excuse or k.trump_number in (1, 21)


# --------------------------------------------------------------------------------------------------
# rules, layouts, driving a deal


def make_rules(players: int = 4, **options: object) -> FrenchTarot:
    """``tarotlib.variant("french-tarot", players=..., **options)``, typed."""
    rules = tarotlib.variant("french-tarot", players=players, **options)
    assert isinstance(rules, FrenchTarot)
    return rules


def fill_layout(
    players: int,
    fixed: Mapping[int, str],
    chien: str | None = None,
    dealer: int = 0,
    rest: str | None = None,
) -> Layout:
    """A full layout: the hands in ``fixed`` (seat → cards, ranges allowed) and the ``chien`` if
    given; the remaining cards, in ``rest`` order (default: index order), fill the chien first (if
    not given) and are then dealt one at a time, round robin, to the other seats. Every card
    appears exactly once."""
    size, csize = HAND_SIZE[players], CHIEN_SIZE[players]
    hands: dict[int, list[Card]] = {s: list(cards(t)) for s, t in fixed.items()}
    used: set[int] = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card is in two hands"
    chien_cards = list(cards(chien)) if chien is not None else None
    if chien_cards is not None:
        used |= set(chien_cards)
    order = list(cards(rest)) if rest is not None else []
    order += [c for c in ALL_CARDS if c not in order]
    pool = [c for c in order if c not in used]
    if chien_cards is None:
        chien_cards, pool = pool[:csize], pool[csize:]
    open_seats = [s for s in range(players) if s not in hands]
    for s in open_seats:
        hands[s] = []
    i = 0
    while pool:  # one card at a time to each open seat (round robin), skipping full hands
        assert any(len(hands[s]) < size for s in open_seats), "too many cards for the layout"
        seat = open_seats[i % len(open_seats)]
        i += 1
        if len(hands[seat]) < size:
            hands[seat].append(pool.pop(0))
    return Layout(tuple(tuple(hands[s]) for s in range(players)), tuple(chien_cards), dealer=dealer)


def deal(rules: FrenchTarot, hands: Sequence[str], chien: str, dealer: int = 0) -> FrenchTarotState:
    """A deal from explicit hands (ranges allowed) and chien."""
    layout = Layout.from_text([expand(h) for h in hands], expand(chien), dealer=dealer)
    return rules.new_deal(layout=layout)


def apply_all(state: FrenchTarotState, actions: Iterable[Action | str]) -> FrenchTarotState:
    """Apply actions (or their text) in order."""
    for a in actions:
        action = state.rules.parse_action(a) if isinstance(a, str) else a
        state = state.apply(action)
    return state


def setup(
    state: FrenchTarotState,
    taker: int,
    contract: Contract,
    *,
    call: str | None = None,
    discard: str | None = None,
    slam: bool = False,
) -> FrenchTarotState:
    """Drive a fresh deal to the play phase: ``taker`` bids ``contract`` and everybody else passes;
    5p: the taker calls ``call``; Prise/Garde: he discards ``discard``; then the slam choice."""
    assert state.phase == "auction"
    while state.phase == "auction":
        state = state.apply(Bid(contract) if state.to_act == taker else Pass())
    if state.phase == "call":
        assert call is not None, "5 players: give the card to call"
        state = state.apply(Call(card(call)))
    if state.phase == "discard":
        assert discard is not None, "Prise/Garde: give the écart"
        for c in cards(discard):
            state = state.apply(Discard(c))
    assert state.phase == "slam", state.phase
    return state.apply(Slam(slam))


def play(state: FrenchTarotState, text: str) -> FrenchTarotState:
    """Play the cards of ``text`` in order (ranges not allowed, order matters)."""
    for c in parse_cards(text):
        state = state.apply(Play(c))
    return state


def play_tricks(state: FrenchTarotState, tricks: Sequence[str]) -> FrenchTarotState:
    """Play several tricks given as card texts in play order (each must complete a trick)."""
    for t in tricks:
        before = len(state.tricks)
        state = play(state, t)
        assert len(state.tricks) == before + 1 or state.is_over, t
    return state


def score_of(state: FrenchTarotState) -> FrenchTarotScore:
    """The engine's breakdown of a finished, non-Grash deal."""
    bd = state.result.breakdown
    assert isinstance(bd, FrenchTarotScore)
    return bd


@attrs.frozen
class Snapshot:
    phase: str
    to_act: int | None
    legal: tuple[Action, ...]
    history: tuple[Action, ...]
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[object, ...]
    current: tuple[Card, ...]
    ecart: tuple[Card, ...]
    declarations: tuple[object, ...]
    piles: tuple[tuple[Card, ...], ...]


def snapshot(state: FrenchTarotState) -> Snapshot:
    """Everything observable about a state, to compare before and after a rejected action."""
    n = state.rules.players
    return Snapshot(
        state.phase,
        state.to_act,
        state.legal_actions(),
        state.history,
        tuple(state.hand(s) for s in range(n)),
        state.tricks,
        state.current_trick,
        state.ecart,
        state.declarations,
        state.piles(),
    )


def assert_rejected(state: FrenchTarotState, action: Action | str, reason: str) -> str:
    """``action`` raises IllegalActionError whose reason contains ``reason`` (case-insensitive),
    and ``state`` is unchanged. Returns the reason."""
    act = state.rules.parse_action(action) if isinstance(action, str) else action
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(act)
    assert isinstance(info.value, ValueError)
    assert reason.lower() in info.value.reason.lower(), info.value.reason
    assert snapshot(state) == before
    assert not state.is_legal(act)
    return info.value.reason


def random_playout(state: FrenchTarotState, rng: random.Random) -> FrenchTarotState:
    """Finish a deal with uniformly random legal actions."""
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# --------------------------------------------------------------------------------------------------
# the oracle (written from the rules text only)


def _led(trick: Sequence[int]) -> Card | None:
    """FT-9.2 / FT-10.2: the first non-Excuse card sets what is led."""
    for c in trick:
        if c != EX:
            return ALL_CARDS[c]
    return None


def oracle_legal(hand: Iterable[int], trick: Sequence[int]) -> frozenset[Card]:
    """FT-9.2: the legal cards of ``hand`` for the trick so far (without FT-5.5)."""
    h = [ALL_CARDS[c] for c in hand]
    ex = {c for c in h if c == EX}
    lead = _led(trick)
    if lead is None:
        return frozenset(h)
    trumps = [c for c in h if c.is_trump]
    in_trick = [ALL_CARDS[c] for c in trick if ALL_CARDS[c].is_trump]
    tstar = max((c.trump_number or 0 for c in in_trick), default=0)
    higher = [c for c in trumps if (c.trump_number or 0) > tstar]
    if lead.is_trump:
        if trumps:
            return frozenset((higher or trumps) + list(ex))
        return frozenset(h)
    follow = [c for c in h if c.suit == lead.suit]
    if follow:
        return frozenset(follow + list(ex))
    if not trumps:
        return frozenset(h)
    return frozenset((higher or trumps) + list(ex))


_STRENGTH = {r: i for i, r in enumerate(Rank)}


def oracle_winner(trick: Sequence[int]) -> int:
    """FT-9.3: position of the winning card (highest trump, else highest card of the led suit)."""
    ks = [ALL_CARDS[c] for c in trick]
    trumps = [(k.trump_number or 0, i) for i, k in enumerate(ks) if k.is_trump]
    if trumps:
        return max(trumps)[1]
    lead = _led(trick)
    assert lead is not None and lead.suit is not None
    return max((_STRENGTH[k.rank], i) for i, k in enumerate(ks) if k.suit == lead.suit and k.rank)[
        1
    ]


def oracle_discardable(hand: Iterable[int], remaining: int) -> frozenset[Card]:
    """FT-6.2: E = suit cards that are not Kings; trumps T2–T20 only when |E| < remaining."""
    h = [ALL_CARDS[c] for c in hand]
    e = [c for c in h if c.suit is not None and c.rank != Rank.KING]
    if len(e) >= remaining:
        return frozenset(e)
    return frozenset(e + [c for c in h if c.is_trump and c.trump_number not in (1, 21)])


def oracle_callable(dealt: Iterable[int], callable_cards: str) -> frozenset[Card]:
    """FT-5.2 / O-10: Kings; Queens with 4 Kings; Knights with 4 K + 4 Q; Jacks with 4 K, Q, N."""
    h = set(dealt)
    ladder = [Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK]
    if callable_cards == "king_queen":
        ladder = ladder[:2]
    out: list[Card] = []
    for i, r in enumerate(ladder):
        out += [c for c in ALL_CARDS if c.rank == r]
        if i + 1 < len(ladder) and not all(c in h for c in ALL_CARDS if c.rank == r):
            break
    return frozenset(out)


def oracle_declarable_levels(
    hand: Iterable[int], thresholds: tuple[int, int, int], extra_trumps: int = 0
) -> tuple[int, ...]:
    """FT-8.3: levels L with t ≥ threshold(L), or with the Excuse and t = threshold(L) − 1."""
    h = [ALL_CARDS[c] for c in hand]
    t = sum(1 for c in h if c.is_trump) + extra_trumps
    x = EX in h
    return tuple(i for i, k in enumerate(thresholds) if t >= k or (x and t == k - 1))


@attrs.frozen
class Outcome:
    """What the oracle computes at the end of a deal."""

    winners: tuple[int, ...]
    attack_half_points: int
    oudlers: int
    target: int
    made: bool
    margin: int
    pab: int
    slam_bonus: int
    per_defender: int
    scores: tuple[int, ...]
    attack_all: bool
    defence_all: bool


def oracle_outcome(state: FrenchTarotState) -> Outcome:
    """Recount a finished, non-Grash deal from its tricks (FT-9.3, FT-10, FT-11 – FT-14)."""
    opts = state.rules.options
    n = state.rules.players
    taker, contract = state.taker, state.contract
    assert taker is not None and contract is not None
    # FT-5.3: the partner holds the called card when play begins; he is the seat that plays it.
    partner = None
    if state.called_card is not None:
        for t in state.tricks:
            for i, c in enumerate(t.cards):
                if c == state.called_card and (t.leader + i) % n != taker:
                    partner = (t.leader + i) % n
    attack = {taker} | ({partner} if partner is not None else set())

    def camp(seat: int) -> int:
        return 0 if seat in attack else 1

    pile: list[list[int]] = [[], []]
    debt = 0  # +1: the defence owes the attack half a point; −1: the attack owes
    winners: list[int] = []
    tricks = state.tricks
    last_i = len(tricks) - 1
    for i, t in enumerate(tricks):
        seats = [(t.leader + j) % n for j in range(len(t.cards))]
        w = seats[oracle_winner(t.cards)]
        if EX in t.cards:
            x = seats[t.cards.index(EX)]
            xc = camp(x)
            others = [c for c in t.cards if c != EX]
            slam_case = (
                i == last_i
                and all(camp(v) == xc for v in winners)
                and (opts.excuse_slam_exception == "any_camp" or xc == 0)
            )
            if slam_case:  # FT-10.8
                w = x
                pile[xc] += list(t.cards)
            elif i == last_i:  # FT-10.7
                pile[camp(w)] += others
                dest = 1 - xc if opts.excuse_last_trick == "changes_camp" else camp(w)
                pile[dest].append(EX)
            else:  # FT-10.4 – FT-10.6: the exchange always moves exactly half a point
                pile[camp(w)] += others
                pile[xc].append(EX)
                if camp(w) != xc:
                    debt += 1 if xc == 1 else -1
        else:
            pile[camp(w)] += list(t.cards)
        winners.append(w)
    if contract in (Contract.PRISE, Contract.GARDE):
        pile[0] += list(state.ecart)
    elif contract == Contract.GARDE_SANS:
        pile[0] += list(state.chien)
    else:
        pile[1] += list(state.chien)
    assert sorted(pile[0] + pile[1]) == list(range(78))
    half = sum(half_points(c) for c in pile[0]) + debt
    oudlers = sum(1 for c in pile[0] if is_oudler(c))
    target = TARGET[oudlers]
    h = half - 2 * target
    s = 1 if h >= 0 else -1
    margin = (abs(h) + 1) // 2
    m = MULTIPLIER[contract]
    # FT-11: bout tricks.
    bout = [last_i]
    last = tricks[last_i]
    if EX in last.cards and winners[last_i] == (last.leader + last.cards.index(EX)) % n:
        bout.append(last_i - 1)
    pab = 0
    petit = card("T1")
    for bi in bout:
        t = tricks[bi]
        if petit in t.cards:
            player = (t.leader + t.cards.index(petit)) % n
            wc = camp(winners[bi])
            pab = 1 if wc == 0 else -1
            if (
                wc == 1
                and camp(player) == 1
                and player != winners[bi]
                and opts.petit_au_bout_within_defence == "penalise_defence"
            ):
                pab = 1
    attack_all = all(camp(w) == 0 for w in winners)
    defence_all = all(camp(w) == 1 for w in winners)
    c_term = 0
    if attack_all:
        c_term += 400 if state.slam_announced else 200
    elif state.slam_announced:
        c_term -= 200
    if defence_all:
        c_term -= opts.defence_slam_bonus
    bonus = sum(d.kind.bonus for d in state.declarations)
    d_val = s * (25 + margin) * m + pab * 10 * m + s * bonus + c_term
    scores = [-d_val] * n
    if partner is not None:
        scores[taker], scores[partner] = 2 * d_val, d_val
    else:
        scores[taker] = (n - 1) * d_val
    return Outcome(
        tuple(winners),
        half,
        oudlers,
        target,
        s > 0,
        margin,
        pab,
        c_term,
        d_val,
        tuple(scores),
        attack_all,
        defence_all,
    )


def check_against_oracle(state: FrenchTarotState) -> Outcome:
    """Assert that the engine's result of a finished deal agrees with the oracle."""
    out = oracle_outcome(state)
    sc = score_of(state)
    assert tuple(t.winner for t in state.tricks) == out.winners
    assert sc.attack_half_points == out.attack_half_points
    assert sc.oudlers == out.oudlers
    assert sc.target == out.target
    assert sc.made == out.made
    assert sc.margin == out.margin
    assert sc.pab == out.pab
    assert sc.slam_bonus == out.slam_bonus
    assert sc.per_defender == out.per_defender
    assert state.result.scores == out.scores
    assert sum(state.result.scores) == 0
    return out


def suit_of(c: int) -> Suit | None:
    return ALL_CARDS[c].suit


def poignee_kind(level: int) -> DeclarationKind:
    return POIGNEES[level]


def declare(kind: DeclarationKind, text: str) -> Declare:
    """A Declare action showing the cards of ``text`` (ranges allowed)."""
    return Declare(kind, cards(text))


def play_out(
    state: FrenchTarotState,
    plan: Mapping[tuple[int, int], str] | None = None,
    hold: Mapping[int, str] | None = None,
    rng: random.Random | None = None,
) -> FrenchTarotState:
    """Play the deal to the end without declarations.

    ``plan[(trick_index, seat)]`` forces a card; ``hold[seat]`` lists cards that seat plays only
    when it has no other legal card; otherwise the lowest-indexed legal card is played (or a random
    one with ``rng``)."""
    plan = plan or {}
    held = {s: set(cards(t)) for s, t in (hold or {}).items()}
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        key = (len(state.tricks), seat)
        if key in plan:
            state = state.apply(Play(card(plan[key])))
            continue
        legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
        free = [c for c in legal if c not in held.get(seat, set())] or legal
        state = state.apply(Play(rng.choice(free) if rng else free[0]))
    return state


def trick_texts(state: FrenchTarotState) -> list[str]:
    """The tricks of a deal as card texts in play order (to freeze a scripted play)."""
    return [" ".join(str(ALL_CARDS[c]) for c in t.cards) for t in state.tricks]
