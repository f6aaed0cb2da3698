"""An independent checker of Tarocc'Ombre and Ombra arrabiata states (the games' ``oracle``
hook, run by :func:`tarotlib.testing.check_state`).

It restates the rules from the rules file without the engine's mechanisms: the packs and hand
sizes (LO-2.2, TO-3, TO-22, TO-32), the dealer's discard (LO-8.2), the auction (TO-5), the
exchanges (TO-6), the concession (TO-7.1), the partner call (TO-34), the legal cards and the
winner of each trick (LO-3, LO-6, LO-7), the counting by the closed form (LO-5.4), the deal totals
(LO-5.7), G and the settlement (TO-9, TO-23, TO-35, TO-36), and what each seat may see (LO-9). It
raises ``AssertionError`` on the first rule broken.

>>> import tarotlib
>>> from tarotlib.testing import random_play
>>> for name, players in (("tarocco-ombre", 3), ("ombra-arrabiata", 4), ("tarocco-ombre", 5)):
...     final, _ = random_play(tarotlib.variant(name, players=players).new_deal(seed=5), 2,
...                            on_step=check_ombre_state)
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.actions import Bid, Pass, Play
from tarotlib.deal import CALLED_IN_DISCARD, CONCEDED, NO_CALL, REQUESTS, DealState

__all__ = ["card_value", "check_ombre_state", "closed_form", "expected_g", "legal_cards"]

_SUIT_CARDS = 56
_MATTO = 77
_MONDO = 76
_BAGATTO = 56
_HONOURS = {13, 27, 41, 55, _MONDO, _BAGATTO, _MATTO}  # four Kings, Mondo, Bagatto, Matto


def _is_trump(card: int) -> bool:
    return _SUIT_CARDS <= card < _MATTO


def _suit(card: int) -> int:
    """0-3 for a suit card, 4 for a trump, -1 for the Matto."""
    if card == _MATTO:
        return -1
    return 4 if card >= _SUIT_CARDS else card // 14


def _strength(card: int) -> int:
    """LO-3: trumps by number; courts K > Q > C > J above the pips; black pips 10 high, red pips
    (hearts 1, diamonds 2) 1 high."""
    if _is_trump(card):
        return 1000 + card - 55
    rank = card % 14 + 1
    if rank >= 11:
        return 100 + rank
    red = card // 14 in (1, 2)
    return 11 - rank if red else rank


def card_value(card: int, mondo: int) -> int:
    """LO-4's value of a card (blanks 0).

    >>> [card_value(c, 6) for c in (76, 56, 77, 13, 12, 11, 10, 0, 60)]
    [6, 5, 5, 5, 4, 3, 2, 0, 0]
    """
    if card == _MONDO:
        return mondo
    if card in (_BAGATTO, _MATTO):
        return 5
    if card < _SUIT_CARDS:
        return {14: 5, 13: 4, 12: 3, 11: 2}.get(card % 14 + 1, 0)
    return 0


def closed_form(cards: list[int], mondo: int, g: int, conserving: bool = False) -> int:
    """LO-5.4: ``Σv − C + floor(N / g) + max(0, (N mod g) − B)`` (LO-5.5: no max term when
    ``conserving``).

    >>> closed_form([76, 56, 27, 12, 40, 53, 24] + [0] * 15, 6, 4)   # LO-E1 (blanks repeated)
    27
    """
    vals = [card_value(c, mondo) for c in cards]
    n = len(cards)
    counting = sum(1 for v in vals if v)
    blanks = n - counting
    extra = 0 if conserving else max(0, n % g - blanks)
    return sum(vals) - counting + n // g + extra


def expected_g(
    players: int, base: int, p: int, *, w: int, from_33: bool, cappotto: bool, reverse: bool
) -> tuple[bool, int]:
    """``(won, G)`` by TO-9.3, TO-23, TO-35.3, each branch's own formula.

    >>> expected_g(3, 2, 45, w=36, from_33=False, cappotto=False, reverse=False)
    (True, 3)
    """
    bonus = 3 if players == 3 else 4
    if p >= w:
        start = 33 if from_33 else w
        return True, base + (p - start) // 5 + (bonus if cappotto else 0)
    return False, base + (w - 1 - p) // 5 + (bonus if reverse else 0)


def legal_cards(hand: set[int], trick: list[int]) -> set[int]:
    """LO-6.2 / LO-7.1: the cards a player holding ``hand`` may play to ``trick``.

    >>> sorted(legal_cards({5, 60, 77, 20}, [3]))   # spades led: 6S, or the Matto
    [5, 77]
    """
    led = [c for c in trick if c != _MATTO]
    if not led:
        return set(hand)
    s = _suit(led[0])
    follow = {c for c in hand if _suit(c) == s}
    if follow:
        return follow | (hand & {_MATTO})
    trumps = {c for c in hand if _is_trump(c)}
    if trumps:
        return trumps | (hand & {_MATTO})
    return set(hand)


def _winner(leader: int, cards: tuple[int, ...], n: int) -> int:
    """LO-6.4: the highest trump, else the highest card of the suit to follow; never the Matto."""
    led = [c for c in cards if c != _MATTO]
    s = _suit(led[0])
    best, best_seat = -1, -1
    for i, card in enumerate(cards):
        if card == _MATTO:
            continue
        if _is_trump(card) or _suit(card) == s:
            key = _strength(card) + (10_000 if _is_trump(card) else 0)
            if key > best:
                best, best_seat = key, (leader + i) % n
    return best_seat


def _cards(mask: int) -> list[int]:
    return [i for i in range(78) if mask >> i & 1]


def _check_auction(state: Any, o: Any) -> None:
    """TO-5: replay the calls under the rules; compare the offered bids while in progress."""
    d = state.data
    n = state.rules.players
    order = [(d.dealer + 1 + k) % n for k in range(n)]  # TO-5.2/5.3: eldest first, dealer last
    out: set[int] = set()
    high, holder = 0, -1
    turn = 0
    calls = list(state.calls)

    def allowed(seat: int) -> tuple[bool, list[int]]:
        senior = o.seniority == "bidding_order" and holder >= 0
        senior = senior and order.index(seat) < order.index(holder)
        bids = [c for c in (1, 2, 3) if c > high or (senior and c == high and high)]
        may_pass = o.last_player_may_pass or high > 0 or len(out) < n - 1
        return may_pass, bids

    def next_seat() -> int | None:
        nonlocal turn
        for _ in range(n):
            seat: int = order[turn % n]
            turn += 1
            if seat in out:
                continue
            if seat == holder and len(out) == n - 1:
                return None  # the bid stands (TO-5.6)
            return seat
        return None

    for seat, call in calls:
        expected = next_seat()
        assert expected == seat, f"TO-5.3: seat {seat} spoke, seat {expected} was to speak"
        may_pass, bids = allowed(seat)
        if call is None:
            assert may_pass, f"TO-5.6: seat {seat} may not pass"
            out.add(seat)
        else:
            assert int(call) in bids, f"TO-5.4: seat {seat} may not bid {call} over {high}"
            high, holder = int(call), seat
        if len(out) == n:
            break
    over = len(out) == n or (holder >= 0 and len(out) == n - 1)
    if state.phase == "auction":
        assert not over, "TO-5.6: the auction should have ended"
        seat = next_seat()
        assert seat is not None and seat == state.to_act, f"TO-5.3: seat {seat} should speak"
        may_pass, bids = allowed(seat)
        offered = state.legal_actions()
        got = sorted(a.contract.value for a in offered if isinstance(a, Bid))
        assert got == bids, f"TO-5.4: offered bids {got}, expected {bids}"
        assert any(isinstance(a, Pass) for a in offered) == may_pass, "TO-5.6: pass offered"
    elif calls and state.phase not in ("discard",):
        assert over, "TO-5.6: the auction ended early"
        if holder >= 0:
            assert d.declarer == holder and int(d.contract) == high, "TO-5.6: wrong declarer"
        else:
            assert d.annulled is not None, "TO-5.7: an all-pass deal is annulled"


def _check_discard(state: Any, o: Any) -> None:
    """LO-8.2: no honour; trumps only when fewer than ``d`` suit cards other than Kings."""
    d = state.data
    size = o.discard_size
    discard = set(_cards(d.discard))
    assert not discard & _HONOURS, f"LO-8.2: an honour in the discard {sorted(discard)}"
    if state.phase == "discard":
        hand = set(_cards(state.hand_mask(d.dealer)))
        left = size - len(discard)
        plain = {c for c in hand if c < _SUIT_CARDS and c not in _HONOURS}
        trumps = {c for c in hand if _is_trump(c) and c not in _HONOURS}
        expected = plain if len(plain) >= left else plain | trumps
        offered = {int(a.card) for a in state.legal_actions()}
        assert offered == expected, f"LO-8.2: offered {sorted(offered)}, legal {sorted(expected)}"
        return
    if o.matto_payment_from_discard and len(discard) < size and state.tricks:
        return  # LO-7.9 true: a discarded card redeemed the dealer's Matto
    assert len(discard) == size, f"LO-8.1: the discard has {len(discard)} cards, not {size}"
    dealt = set(_cards(d.dealt[d.dealer]))
    plain = {c for c in dealt if c < _SUIT_CARDS and c not in _HONOURS}
    if len(plain) >= size:
        assert discard <= plain, "LO-8.2: a trump discarded while suit cards remained"
    else:
        assert plain <= discard, "LO-8.2: a trump discarded before every suit card"


def _check_exchanges(state: Any, o: Any) -> None:
    """TO-6: at most the contract's exchanges used; a named card nobody held lay in the
    discard; the dealer never names his own discard; a card is given back for each received."""
    d = state.data
    made = d.note(REQUESTS)
    if not made:
        return
    allowed = 3 - int(d.contract)
    used = sum(1 for e in made if e.giver >= 0 or o.named_card_in_discard == "exchange_lost")
    assert used <= allowed, f"TO-6.1: {used} exchanges in {d.contract}"
    for i, e in enumerate(made):
        assert e.requester == d.declarer, "TO-6.2: only the declarer names cards"
        in_discard = bool(d.discard >> e.named & 1)
        if e.requester == d.dealer:
            assert not in_discard, "TO-6.2: the dealer named a card of his own discard"
        if e.giver < 0 and not in_discard:  # LO-7.9 true: it may have redeemed the Matto since
            assert o.matto_payment_from_discard and state.tricks, "TO-6.3: not in the discard"
        else:
            assert (e.giver < 0) == in_discard, "TO-6.3: a named card nobody held is in the discard"
        if e.giver >= 0 and (i < len(made) - 1 or state.phase != "exchanges"):
            assert e.returned is not None, "TO-6.2: a card is given back for each card received"
            if not o.return_received_card:
                assert e.returned != e.named, "TO-6.2: the card received was given back"


def _check_exchange_offers(state: Any, o: Any) -> None:
    """TO-6.2 - TO-6.4: the offered names, gifts and stop."""
    if state.phase != "exchanges":
        return
    d = state.data
    seat = state.to_act
    made = d.note(REQUESTS)
    hand = set(_cards(state.hand_mask(seat)))
    offered = state.legal_actions()
    texts = {a.text.split()[0] for a in offered}
    if made and made[-1].giver >= 0 and made[-1].returned is None:  # a card to give back
        expected = hand if o.return_received_card else hand - {int(made[-1].named)}
        assert texts == {"give"}, f"TO-6.2: a card is owed back, offered {texts}"
        assert {int(a.card) for a in offered} == expected, "TO-6.2: the cards given back"
        return
    pack = set(_cards(state.rules.deck.mask))
    out = {int(e.named) for e in made if e.giver < 0}
    own = set(_cards(d.discard)) if seat == d.dealer else set()
    expected = pack - hand - own - out
    names = {int(a.card) for a in offered if a.text.startswith("request")}
    assert names == expected, "TO-6.2: the cards that may be named"
    assert ("stop" in texts) == (o.exchanges_optional or not expected), "TO-6.4: stop offered"


def _check_concession_offer(state: Any, o: Any) -> None:
    """TO-7.1, TO-25, TO-36: a concession is offered only to a declarer over the dealer's bid,
    where the game allows it; TO-34.1: a niente declarer calls no partner."""
    d = state.data
    if state.phase == "concession":
        assert o.players == 3 or o.concession_enabled, "TO-25/TO-36: concession not enabled"
        assert state.to_act == d.declarer != d.dealer, "TO-7.1: only a declarer not the dealer"
        assert any(s == d.dealer and c is not None for s, c in d.calls), "TO-7.1: dealer bid"
    if state.phase == "call":
        assert int(d.contract) in (1, 2), "TO-34.1: a niente declarer plays alone"
        assert o.with_partner and state.to_act == d.declarer, "TO-34.1: the declarer calls"


def _check_play(state: Any, o: Any) -> None:
    """LO-6: each trick's winner; the offered cards equal the legal ones."""
    n = state.rules.players
    for t in state.tricks:
        assert t.winner == _winner(t.leader, tuple(t.cards), n), f"LO-6.4: trick {t} winner"
    if state.phase != "play" or state.to_act is None:
        return
    offered = state.legal_actions()
    plays = {int(a.card) for a in offered if isinstance(a, Play)}
    if not plays:  # the Matto's owner choosing a card to give (LO-7.7)
        return
    hand = set(_cards(state.hand_mask(state.to_act)))
    expected = legal_cards(hand, [int(c) for c in state.current_trick])
    assert plays == expected, f"LO-6.2: offered {sorted(plays)}, legal {sorted(expected)}"


def _check_cards(state: Any, o: Any) -> None:
    """LO-2.2, TO-3, TO-22, TO-32: every card of the pack exactly once; equal hands in play."""
    n = state.rules.players
    d = state.data
    places = [state.hand_mask(s) for s in range(n)]
    places += [state.pile_mask(s) for s in range(n)]
    places.append(d.discard)
    for c in state.current_trick:
        places.append(1 << int(c))
    total = 0
    for mask in places:
        assert not total & mask, "a card lies in two places"
        total |= mask
    pack = 78 if o.with_partner else 54
    assert total.bit_count() == pack, f"{total.bit_count()} cards in play, the pack has {pack}"
    if pack == 54:
        for c in _cards(total):
            if c < _SUIT_CARDS:
                rank, red = c % 14 + 1, c // 14 in (1, 2)
                kept = rank >= 11 or (rank <= 4 if red else rank >= 7)
                assert kept, f"LO-2.2: card {c} is not in the 54-card pack"
    if state.phase == "play":
        sizes = {state.hand_mask(s).bit_count() for s in range(n)}
        played = len(state.current_trick)
        assert max(sizes) - min(sizes) <= 1 and (played or len(sizes) == 1), "unequal hands"


def _check_observations(state: Any, o: Any) -> None:
    """LO-9: no hidden card in an observation; the partner secret until the card is played."""
    d = state.data
    n = state.rules.players
    played: set[int] = set()
    for t in state.tricks:
        played |= {int(c) for c in t.cards}
    played |= {int(c) for c in state.current_trick}
    for seat in range(n):
        seen = state.observation(seat)
        hand = set(_cards(state.hand_mask(seat)))
        allowed = hand | played
        if seat == d.dealer or state.is_over:
            allowed |= set(_cards(d.discard))
        for e in d.note(REQUESTS):
            allowed.add(int(e.named))
            if e.returned is not None and seat in (e.requester, e.giver):
                allowed.add(int(e.returned))
        if seen.matto_exchange is not None:  # LO-9: public, even from the discard (LO-7.9)
            allowed.add(int(seen.matto_exchange[2]))
        extra = set(seen.visible_cards()) - allowed
        assert not extra, f"LO-9: seat {seat} sees hidden cards {sorted(extra)}"
        assert set(seen.hand) == hand, "the observation's hand is not the seat's hand"
        if seat != d.dealer and not state.is_over:
            assert not seen.discard, "LO-8.4: only the dealer sees the discard"
        if o.with_partner and not state.is_over:
            revealed = d.called >= 0 and d.called in played
            if not revealed and seat != d.partner:
                assert seen.partner is None, f"TO-34.3: seat {seat} is told the partner"
                blob = seen.to_json()
                assert blob["partner"] is None, "TO-34.3: the partner leaks"
                in_discard = d.note(CALLED_IN_DISCARD)
                if in_discard and not d.note(NO_CALL):
                    assert not seen.alone, "TO-34.4: the table is told the declarer is alone"


def _check_score(state: Any, o: Any) -> None:
    """LO-5, LO-8.3, TO-7.3, TO-9, TO-23, TO-35, TO-36 recomputed."""
    d = state.data
    result = state.result
    n = state.rules.players
    if d.annulled is not None:
        assert all(s == 0 for s in result.scores), "an annulled deal scores nothing"
        return
    base = ((2, 3, 4) if n == 3 else (4, 5, 6))[int(d.contract) - 1]
    dec = d.declarer
    if d.note(CONCEDED):
        assert dec != d.dealer and any(s == d.dealer and c is not None for s, c in d.calls), (
            "TO-7.1: a concession needs a bid by the dealer and another declarer"
        )
        expected = [0] * n
        if o.concession_payment == "dealer_only":
            expected[d.dealer], expected[dec] = base, -base
        else:
            expected = [base] * n
            expected[dec] = -base * (n - 1)
        assert list(result.scores) == expected, f"TO-7.3: {result.scores} != {expected}"
        return
    side = {dec} | ({d.partner} if d.partner >= 0 else set())
    if d.partner >= 0 and d.called >= 0 and not d.discard >> d.called & 1:
        holder = next((t for t in state.tricks if d.called in t.cards), None)
        if holder is not None:
            seat = (holder.leader + list(holder.cards).index(d.called)) % n
            assert seat == d.partner, "TO-34.1: the partner is the holder of the called card"
    wins = {s: 0 for s in range(n)}
    for t in state.tricks:
        wins[t.winner] += 1
    _check_matto(state, o, wins)
    owner = d.dealer if wins[d.dealer] else state.tricks[-1].winner  # LO-8.3
    piles = {s: _cards(state.pile_mask(s)) for s in range(n)}
    piles[owner] = piles[owner] + _cards(d.discard)
    mine = [c for s in side for c in piles[s]]
    theirs = [c for s in range(n) if s not in side for c in piles[s]]
    g = 3 if n == 3 else 4
    mondo = 6 if n == 4 else 5
    conserving = o.leftover_rule == "conserving"
    p = closed_form(mine, mondo, g, conserving)
    q = closed_form(theirs, mondo, g, conserving)
    nominal = {3: (70,), 4: (66,), 5: (70, 71), 7: (70, 71)}[n]
    shortage = any(
        len(pile) % g > sum(1 for c in pile if not card_value(c, mondo)) for pile in (mine, theirs)
    )
    # LO-7.9 true with LO-8.3: a dealer who won no trick may have redeemed the Matto from his
    # discard, which then went, a card short, to the last trick's winner; the piles are then not
    # whole tricks and LO-5.7's totals need not hold.
    whole = not (o.matto_payment_from_discard and not wins[d.dealer])
    if whole and (not shortage or conserving):
        assert p + q in nominal, f"LO-5.7: the deal totals {p + q}, not {nominal}"
        if n in (5, 7):
            r = (len(mine) % 4, len(theirs) % 4)
            assert (p + q == 70) == (r == (3, 3)), f"LO-5.7: remainders {r} give {p + q}"
    breakdown = result.breakdown
    assert breakdown.summary.points == p, f"LO-5.4: p is {p}, the engine says {breakdown}"
    assert breakdown.summary.others == q, "LO-5.6: the other side counted separately"
    w = {3: 36, 4: 34}.get(n, o.win_threshold)
    strict = o.own_matto_trick == "strict"

    def took_all(members: set[int]) -> bool:
        for t in state.tricks:
            if t.winner in members:
                continue
            if not strict and _MATTO in t.cards:
                seat = (t.leader + list(t.cards).index(_MATTO)) % n
                if seat in members:
                    continue
            return False
        return True

    others = set(range(n)) - side
    won, big_g = expected_g(
        n,
        base,
        p,
        w=w,
        from_33=n == 4 and o.ombra_banding == "from_33",
        cappotto=took_all(side),
        reverse=o.reverse_cappotto and took_all(others),
    )
    sign = 1 if won else -1
    expected = [-sign * big_g if s in others else 0 for s in range(n)]
    if d.partner >= 0:
        expected[dec] = sign * (2 if n == 5 else 3) * big_g
        expected[d.partner] = sign * (1 if n == 5 else 2) * big_g
    else:
        expected[dec] = sign * (n - 1) * big_g
    assert list(result.scores) == expected, f"TO-9.6/TO-24/TO-36: {result.scores} != {expected}"


def _check_matto(state: Any, o: Any, wins: dict[int, int]) -> None:
    """LO-7.4 - LO-7.8: where the Matto ends, and piles of whole tricks (one card for one)."""
    d = state.data
    n = state.rules.players
    if o.matto_payment_from_discard:
        return  # LO-7.9 true: the dealer may redeem it from his discard, outside his tricks
    for seat in range(n):
        size = state.pile_mask(seat).bit_count()
        assert size == n * wins[seat], f"LO-7.4: seat {seat}'s pile has {size} cards"
    trick = next((t for t in state.tricks if _MATTO in t.cards), None)
    if trick is None:
        return
    owner = (trick.leader + list(trick.cards).index(_MATTO)) % n
    winner = trick.winner
    partners = {d.declarer, d.partner}
    same_side = (owner in partners) == (winner in partners)
    if owner == winner or (o.matto_exchange_with_partner == "skip" and same_side):
        expected = winner  # LO-7.8 skip: no exchange within a side
    elif wins[owner]:
        expected = owner  # LO-7.4, LO-7.5: redeemed, at once or after his first trick
    else:
        expected = winner  # LO-7.6: lost
    if o.matto_exchange_with_partner == "skip" and same_side and owner != winner:
        expected = winner
    assert state.pile_mask(expected) >> _MATTO & 1, f"LO-7: the Matto should be seat {expected}'s"


def check_ombre_state(state: DealState) -> None:
    """Check ``state`` against the rules restated here (see the module docstring).

    >>> import tarotlib
    >>> check_ombre_state(tarotlib.variant("ombra-arrabiata").new_deal(seed=3))
    """
    s: Any = state
    o = s.rules.options
    _check_cards(s, o)
    _check_discard(s, o)
    _check_auction(s, o)
    _check_exchanges(s, o)
    _check_exchange_offers(s, o)
    _check_concession_offer(s, o)
    _check_play(s, o)
    _check_observations(s, o)
    if s.is_over:
        _check_score(s, o)
