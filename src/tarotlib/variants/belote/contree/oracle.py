"""Contrée's oracle: checkers to point at any state of a Contrée deal, raising ``AssertionError``
with a clear message when a rule is broken. Registered as the game's ``oracle`` hook
(:func:`check_contree_state`), so :func:`tarotlib.testing.check_state` runs it on Contrée states.

It does not trust the engine's bookkeeping: it replays the deal from its layout and history with a
naive restatement of the auction (CO-4.12, written again here from the rules file, with its coinche
windows), Belote's independent restatements of the legal cards (BE-7.9), the trick winner (BE-8)
and the card values (BE-6) from :mod:`tarotlib.variants.belote.oracle`, and checks the points made
(CO-0.3, CO-1.3), the made test (CO-8) and the invariants of CO-9.9 on the result.

>>> import random, tarotlib
>>> state = tarotlib.variant("contree", preset="bga").new_deal(seed=5, dealer=1)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     check_contree_state(state)
...     state = state.apply(rng.choice(state.legal_actions()))
>>> check_contree_state(state)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tarotlib.core.actions import Action, Declare, Play
from tarotlib.core.decks import PIQUET_32
from tarotlib.variants.belote.contree.game import ContreeState
from tarotlib.variants.belote.contree.options import ContreeOptions
from tarotlib.variants.belote.contree.scoring import ContreeScore
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.oracle import (
    belote_card_value,
    belote_legal_cards,
    belote_trick_winner,
)
from tarotlib.variants.belote.types import Announcement, Contract

__all__ = ["auction_replay", "check_contree_state"]

_LETTERS = ("S", "H", "D", "C", "TA", "SA")
_PAGAT = {"C": 0, "D": 1, "H": 2, "S": 3, "SA": 4, "TA": 5}


@attrs.define
class _Auction:
    """The naive auction of CO-4.12: ``bid`` is (kind, value, letter) with kind 0 number, 1 capot,
    2 générale; ``legal`` is the set of action texts the seat to act may choose."""

    o: ContreeOptions
    speaker: int
    bid: tuple[int, int, str] | None = None
    bidder: int = -1
    level: int = 0
    passes: int = 0
    answer: list[int] = attrs.field(factory=list)
    window: list[int] = attrs.field(factory=list)
    regular: int = -1
    over: str | None = None  # "contract" or "throw-in"

    def _bids(self) -> list[tuple[int, int, str]]:
        letters = _LETTERS if self.o.contracts == "suits_ta_sa" else _LETTERS[:4]
        out = [(0, v, d) for v in range(80, self.o.max_bid + 1, self.o.bid_step) for d in letters]
        out += [(1, 0, d) for d in letters]
        if self.o.generale:
            out += [(2, 0, d) for d in letters]
        return out

    def _outranks(self, b: tuple[int, int, str]) -> bool:
        c = self.bid
        if c is None:
            return True
        if b[0] != c[0]:
            return b[0] > c[0]
        if c[0] > 0:
            return False  # nothing over a capot but a générale; nothing over a générale
        if b[1] != c[1]:
            return b[1] > c[1]
        return self.o.suit_ranking == "pagat" and _PAGAT[b[2]] > _PAGAT[c[2]]

    def _coinchable(self) -> bool:
        assert self.bid is not None
        if self.bid[0] > 0:
            return self.o.capot_coinchable
        return not (self.o.no_coinche_on_80 and self.bid[1] == 80)

    @staticmethod
    def _text(b: tuple[int, int, str]) -> str:
        head = str(b[1]) if b[0] == 0 else ("capot" if b[0] == 1 else "generale")
        return f"bid {head}{b[2]}"

    @property
    def to_act(self) -> int:
        if self.answer:
            return self.answer[0]
        if self.window:
            return self.window[0]
        return self.speaker

    def legal(self) -> set[str]:
        if self.answer:
            return {"pass", "surcoinche"}
        if self.window:
            return {"coinche", "no-coinche"}
        p = self.speaker
        acts = {"pass"}
        if self.bid is None or self.level == 0 or not self.o.coinche_ends_bidding:
            own = self.bid[2] if self.bid is not None and self.bidder == p else None
            for b in self._bids():
                if self._outranks(b) and b[2] != own:  # CO-4.4 item 3: another denomination
                    acts.add(self._text(b))
        if (
            self.bid is not None
            and self.level == 0
            and (p - self.bidder) % 2
            and self._coinchable()
        ):
            acts.add("coinche")
        if (
            self.bid is not None
            and self.level == 1
            and (p - self.bidder) % 2 == 0
            and not self.o.coinche_ends_bidding
        ):
            acts.add("surcoinche")
        return acts

    def _after(self, actor: int, regular: int) -> None:
        self.speaker = regular
        self.window = []
        if (
            self.o.coinche_timing == "any_time"
            and self.bid is not None
            and self.level == 0
            and self._coinchable()
        ):
            self.window = [
                s
                for s in ((actor + k) % 4 for k in range(4))
                if (s - self.bidder) % 2 and s != regular
            ]

    def step(self, text: str) -> None:
        assert text in self.legal(), f"auction: {text!r} is not legal here (CO-4.12)"
        seat = self.to_act
        end = 3 if self.o.self_overbid == "never" else 4
        if self.answer:
            if text == "surcoinche":
                self.level, self.over = 2, "contract"
            else:
                self.answer.pop(0)
                if not self.answer:
                    self.over = "contract"
            return
        if text in ("coinche", "no-coinche") and self.window:
            self.window.pop(0)
            if text == "no-coinche":
                if not self.window:
                    self.speaker = self.regular
                return
            self._coinche(seat, self.regular)
            return
        if text == "pass":
            self.passes += 1
            if self.bid is None and self.passes == 4:
                self.over = "throw-in"
            elif self.bid is not None and self.passes == end:
                self.over = "contract"
            else:
                self._after(seat, (seat + 1) % 4)
                self.regular = self.speaker
        elif text == "coinche":
            self._coinche(seat, (seat + 1) % 4)
        elif text == "surcoinche":
            self.level, self.over = 2, "contract"
        else:
            word = text.split()[1]
            kind = 1 if word.startswith("capot") else 2 if word.startswith("generale") else 0
            letters = word.lstrip("0123456789").removeprefix("capot").removeprefix("generale")
            value = int(word[: len(word) - len(word.lstrip("0123456789"))] or 0)
            self.bid, self.bidder, self.level, self.passes = (kind, value, letters), seat, 0, 0
            if kind > 0 and not self.o.capot_coinchable:
                self.over = "contract"
                return
            self._after(seat, (seat + 1) % 4)
            self.regular = self.speaker

    def _coinche(self, seat: int, regular: int) -> None:
        self.level = 1
        self.window = []
        if self.o.coinche_ends_bidding:
            self.answer = [(seat + 1) % 4, (seat + 3) % 4]
        else:
            self.passes = 0
            self.speaker = self.regular = regular


def auction_replay(
    options: ContreeOptions, dealer: int, actions: Sequence[Action]
) -> tuple[_Auction, int]:
    """Replay the auction naively (CO-4.12) over the first actions of a deal; returns the auction
    and the number of actions it took. Raises ``AssertionError`` at an illegal call.

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> acts = [rules.parse_action(t) for t in ("bid 80H", "coinche", "pass", "pass")]
    >>> a, used = auction_replay(rules.options, 3, acts)
    >>> a.over, a.bid, a.bidder, a.level, used
    ('contract', (0, 80, 'H'), 0, 1, 4)
    """
    a = _Auction(options, (dealer + 1) % 4)
    used = 0
    for action in actions:
        if a.over is not None:
            break
        a.step(action.text)
        used += 1
    return a, used


def _belote_options(o: ContreeOptions) -> BeloteOptions:
    return BeloteOptions(
        partner_trump_rule=o.partner_trump_rule,
        undertrump=o.undertrump,
        ta_must_beat_partner=o.ta_must_beat_partner,
        ta_sa_points="unscaled" if o.ta_sa_points == "rescaled" else o.ta_sa_points,
    )


def check_contree_state(state: ContreeState) -> None:
    """Every check: the 32 cards, the auction (CO-4), the tricks and legal cards (CO-5), the
    observations (CO-3.5) and, at the end, points and score (CO-8, CO-9.9).

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=2, dealer=3).apply(rules.parse_action("bid 90S"))
    >>> check_contree_state(state)   # the auction as CO-4.12 says: no error
    """
    rules = state.rules
    o = rules.options
    layout = state.layout
    hands = [set(int(c) for c in h) for h in layout.hands]
    assert sum(len(h) for h in hands) == 32 and len(set().union(*hands)) == 32, "32 cards (CO-3.3)"
    history = state.history
    a, used = auction_replay(o, layout.dealer, history)
    if a.over is None:
        assert state.phase == "auction", f"the auction is not over, phase {state.phase}"
        assert state.to_act == a.to_act, f"to act {state.to_act}, expected {a.to_act} (CO-4)"
        got = {x.text for x in state.legal_actions()}
        assert got == a.legal(), f"auction offers {sorted(got ^ a.legal())} wrongly (CO-4.12)"
        _check_observation(state, hands, [])
        return
    if a.over == "throw-in":
        assert state.is_over and state.result is not None and state.result.is_annulled, "CO-4.5"
        assert state.result.scores == (0, 0, 0, 0)
        return
    c = state.contract
    assert c is not None and a.bid is not None
    assert (int(c.kind), c.value, _LETTERS[c.denomination]) == a.bid, "contract (CO-4.11)"
    assert (c.bidder, c.level) == (a.bidder, a.level), "bidder and level (CO-4.11)"
    denom = c.denomination
    bo = _belote_options(o)
    leader = c.bidder if c.kind == 2 and o.generale_leads else (layout.dealer + 1) % 4  # CO-5.1
    held = [set(h) for h in hands]
    trick: list[int] = []
    played: list[int] = []
    winners: list[int] = []
    seat = leader
    for action in history[used:]:
        if isinstance(action, Play):
            card = int(action.card)
        elif (
            isinstance(action, Declare)
            and isinstance(action.kind, Announcement)
            and len(action.shown) == 1
        ):
            card = int(action.shown[0])  # an announced belote card is played with it (CO-6.2)
        else:
            continue
        legal = belote_legal_cards(held[seat], trick, denom, bo)
        assert card in legal, f"seat {seat} played {action.text}, not legal (CO-5.2, BE-7.9)"
        held[seat].discard(card)
        trick.append(card)
        played.append(card)
        if len(trick) == 4:
            seat = (seat + 1 + belote_trick_winner(trick, denom, bo.ta_sa_points)) % 4
            winners.append(seat)
            trick = []
        else:
            seat = (seat + 1) % 4
    got_winners = [t.winner for t in state.tricks]
    assert got_winners == winners, f"trick winners {got_winners}, expected {winners} (BE-8)"
    if not state.is_over:
        if state.to_act == seat:
            plays = {int(x.card) for x in state.legal_actions() if isinstance(x, Play)}
            if plays:
                expected = belote_legal_cards(held[seat], trick, denom, bo)
                assert plays == expected, f"legal cards {plays} != {set(expected)} (BE-7.9)"
        _check_observation(state, hands, played)
        return
    _check_score(state, denom, played, winners, bo)


def _check_observation(state: ContreeState, hands: list[set[int]], played: list[int]) -> None:
    """CO-3.5: each seat sees its own hand and the played cards; the auction is public."""
    shown = {int(card) for combo in state.declarations for card in combo.cards}
    shown |= {int(card) for _s, _k, card in state.announcements}
    for seat in range(4):
        seen = state.observation(seat)
        hidden = set().union(*(hands[s] for s in range(4) if s != seat)) - set(played) - shown
        leak = seen.visible_cards() & hidden
        assert not leak, f"seat {seat} sees hidden cards {sorted(leak)}"
        assert seen.calls == state.calls, "auction calls are public (CO-4.11)"


def _check_score(
    state: ContreeState, denom: Contract, played: list[int], winners: list[int], bo: BeloteOptions
) -> None:
    o = state.rules.options
    result = state.result
    assert result is not None and not result.is_annulled
    score = result.breakdown
    assert isinstance(score, ContreeScore), "the result carries its breakdown (CO-9.10)"
    f = score.facts
    tricks = [sum(1 for w in winners if w % 2 == t) for t in (0, 1)]
    assert list(f.tricks) == tricks, f"tricks {f.tricks}, expected {tricks}"
    cp = [0, 0]
    for i, card in enumerate(played):
        cp[winners[i // 4] % 2] += belote_card_value(card, denom, bo.ta_sa_points)
    if o.ta_sa_points == "rescaled" and not denom.is_suit:  # CO-1.3
        total = sum(belote_card_value(c, denom, "unscaled") for c in PIQUET_32.cards)
        cp = [int(x * 152 / total + 0.5) for x in cp]
    pts = list(cp)
    for t in (0, 1):
        if tricks[t] == 8:
            pts[t] += 100 - (252 - o.capot_total)
        elif winners[-1] % 2 == t:
            pts[t] += 10
    assert list(f.points) == pts, f"points made {f.points}, expected {pts} (CO-0.3)"
    c = f.contract
    att = c.attack
    # CO-8: the made test, restated
    if c.kind == 0:
        tot = pts[att] + (20 * f.belotes[att] if o.belote_counts else 0)
        tot += f.declarations[att] if o.declarations_count else 0
        threshold = c.value + (2 if o.made_threshold == "bid_plus_2" else 0)
        if o.made_threshold == "82_for_80" and c.value == 80:
            threshold = 82
        if tot < threshold:
            assert score.made is False, f"{tot} < {threshold}: must fail (CO-8.2)"
        elif o.must_beat_defence == "no":
            assert score.made is True, f"{tot} >= {threshold}: must be made (CO-8.2)"
    elif c.kind == 1:
        assert score.made is (tricks[att] == 8), "a capot is made with all eight tricks (CO-8.3)"
    else:
        assert score.made is all(w == c.bidder for w in winners), "générale (CO-8.3)"
    # CO-9.9 invariants
    s = score.team_scores
    assert min(s) >= 0, f"negative score {s} (CO-9.9)"
    assert result.scores == (s[0], s[1], s[0], s[1]), "partners score alike"
    if score.multiplier > 1 and score.made is not None:
        assert score.winner_team is not None, "a made or failed contract has a winner"
        loser = 1 - score.winner_team
        assert s[loser] == score.belote_points[loser], (
            "a coinched loser scores only belotes (CO-9.4)"
        )
