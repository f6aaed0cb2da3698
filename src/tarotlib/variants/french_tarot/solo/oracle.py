"""An independent checker of French Tarot solo deals (FT-20), registered as the game's ``oracle``
hook (:func:`tarotlib.testing.check_state` runs it on every state).

It replays the deal from its layout (the piles in order), its facts and its history alone,
restating the rules without the game's phases, trick rules, Excuse rule or scoring: the petit
sec (FT-20.3), the contract (FT-20.4, S-O3), the écart (FT-20.5), the AI's card from the top of
its pile and the dummy's face-up cards with both scopes of S-O1 (FT-20.8), the legal cards
(FT-9.2), the winners (FT-9.3), the Excuse (FT-20.9), the poignée (FT-20.7), the Petit au bout
(FT-20.10) and the score (FT-20.11); then it checks the conservation of the 78 cards and the 91
points, the actions offered, and that no observation shows the AI's pile or the dummy's
face-down cards. French Tarot's own restated helpers (card points, legal cards, trick winner) come
from :mod:`tarotlib.variants.french_tarot.oracle`, which shares no code with the engine either.

>>> import tarotlib
>>> from tarotlib.testing import random_play
>>> final, _ = random_play(tarotlib.variant("french-tarot-solo").new_deal(seed=4), 1,
...                        on_step=check_solo_state)
>>> final.is_over
True
"""

from __future__ import annotations

import math
from typing import Final

from tarotlib.core.actions import Action, Bid, Declare, Discard, Play, Redeal, Slam
from tarotlib.deal import DealState
from tarotlib.variants.french_tarot.oracle import (
    _fmt,
    _is_petit_sec,
    _legal_cards,
    _poignee_levels,
    _trick_winner_pos,
    card_half_points,
)
from tarotlib.variants.french_tarot.solo.game import SoloState
from tarotlib.variants.french_tarot.solo.options import SoloOptions
from tarotlib.variants.french_tarot.types import Contract

__all__ = ["check_solo_state", "expected_score"]

_EXCUSE: Final = 77
_PETIT: Final = 56
_MONDE: Final = 76
_OUDLERS: Final = frozenset({_PETIT, _MONDE, _EXCUSE})
_KINGS: Final = frozenset({13, 27, 41, 55})
_TARGETS: Final = {0: 56, 1: 51, 2: 41, 3: 36}  # FT-1.7
_MULTIPLIERS: Final = {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}  # FT-20.2
_CONTRACTS: Final = ("prise", "garde", "garde-sans", "garde-contre")
_BONUS: Final = (20, 30, 40)  # FT-20.7
_THRESHOLDS: Final = {"10/13/15": (10, 13, 15), "13/15/18": (13, 15, 18)}
_PLAYER, _AI, _DUMMY = 0, 1, 2


def _is_trump(card: int) -> bool:
    return 56 <= card <= 76


def expected_score(
    contract: str,
    attack_half_points: int,
    oudlers: int,
    petit_au_bout: int = 0,
    poignee: int = 0,
    announced: bool = False,
    attack_all: bool = False,
    defence_all: bool = False,
    defence_slam_bonus: int = 200,
) -> tuple[int, int, int]:
    """FT-20.11 restated: ``(player, AI, dummy)`` = ``(2D, −D, −D)``; ``petit_au_bout`` is +1
    (the player's), −1 (the defenders') or 0, ``poignee`` the bonus of the player's poignée.

    >>> expected_score("garde-sans", 99, 1)   # FT-20.11's example
    (-216, 108, 108)
    >>> expected_score("garde-sans", 99, 1, poignee=20)
    (-256, 128, 128)
    """
    h = attack_half_points - 2 * _TARGETS[oudlers]
    s = 1 if h >= 0 else -1  # half a point short fails
    margin = (abs(h) + 1) // 2  # the half point goes to the winning side
    m = _MULTIPLIERS[contract]
    d = (s * (25 + margin) + 10 * petit_au_bout) * m + s * poignee
    if attack_all:
        d += 400 if announced else 200
    elif announced:
        d -= 200
    if defence_all:
        d -= defence_slam_bonus
    return (2 * d, -d, -d)


class _Replay:
    """The deal recomputed from its layout, its facts and its history (see the module)."""

    def __init__(self, state: DealState) -> None:
        o = getattr(state.rules, "options", None)
        assert isinstance(o, SoloOptions), f"a solo deal has the solo's options, got {o!r}"
        self.scope: str = o.solo_dummy_follow_scope
        self.excuse_last: str = o.solo_excuse_last_trick
        self.thresholds = _THRESHOLDS[o.solo_poignee_thresholds]
        self.petit_sec: str = o.solo_petit_sec
        self.first_prise: bool = o.solo_first_deal_contract == "prise"
        self.defence_slam_bonus: int = o.defence_slam_bonus
        layout = state.layout
        assert layout.order is not None, "a solo deal keeps its piles in order (FT-20.8)"
        piles = [tuple(int(c) for c in p) for p in layout.order]
        assert [len(p) for p in piles] == [24, 24, 24] and len(layout.kitty) == 6, (
            "FT-20.3: 24 / 24 / 24 and a kitty of 6"
        )
        self.ai_pile = piles[_AI]
        self.dummy_pile = piles[_DUMMY]
        self.kitty = frozenset(int(c) for c in layout.kitty)
        self.hands = [set(p) for p in piles]
        self.first = bool(getattr(state, "facts", {}).get("first_of_series", False))
        self.phase = "contract"
        self.annulled = False
        self.contract: str | None = None
        self.discard: set[int] = set()
        self.to_discard = 0
        self.announced = False
        self.declared: list[tuple[int, tuple[int, ...]]] = []  # (level, shown)
        self.turned = 0
        self.trick: list[int] = []
        self.tricks: list[tuple[tuple[int, ...], int]] = []  # (cards AI, dummy, player; winner)
        self.played: set[int] = set()
        self.offered: set[Action] | None = None
        if self.petit_sec != "off" and _is_petit_sec(self.hands[_PLAYER]):  # FT-20.3
            self.phase = "petit-sec"
            if self.petit_sec == "mandatory_redeal":
                self.annulled = True
                self.phase = "over"
        for action in state.history:
            self.step(action)

    # -- what may be done ------------------------------------------------------------------------
    def contracts(self) -> tuple[str, ...]:
        return _CONTRACTS[:1] if self.first and self.first_prise else _CONTRACTS  # FT-20.4

    def discardable(self) -> set[int]:
        """FT-20.5 (FT-6.2): never a King or an oudler; a trump only when fewer plain cards are
        left than cards still to discard."""
        hand = self.hands[_PLAYER]
        plain = {c for c in hand if c not in _KINGS and c not in _OUDLERS and not _is_trump(c)}
        if len(plain) >= self.to_discard:
            return plain
        return plain | {c for c in hand if _is_trump(c) and c not in _OUDLERS}

    def dummy_turned(self) -> int:
        """FT-20.8 step 4: with whole_hand, cards are turned until a face-up card is legal."""
        t = self.turned
        if self.scope == "whole_hand":
            hand = frozenset(self.hands[_DUMMY])
            legal = _legal_cards(hand, self.trick)
            while t < 24 and not legal & set(self.dummy_pile[:t]):
                t += 1
        return t

    def face_up(self) -> set[int]:
        if self.phase != "play":
            return set()
        t = self.dummy_turned() if len(self.trick) == 1 else self.turned
        return set(self.dummy_pile[:t]) & self.hands[_DUMMY]

    def dummy_legal(self) -> set[int]:
        up = frozenset(self.face_up())
        judged = frozenset(self.hands[_DUMMY]) if self.scope == "whole_hand" else up
        return set(_legal_cards(judged, self.trick) & up)

    def player_legal(self) -> set[int]:
        return set(_legal_cards(frozenset(self.hands[_PLAYER]), self.trick))

    def poignee_levels(self) -> set[int]:
        if self.declared or self.tricks:  # FT-20.7: just before the player's first card
            return set()
        extra = frozenset(c for c in self.discard if _is_trump(c))  # FT-8.4
        return _poignee_levels(frozenset(self.hands[_PLAYER]), extra, self.thresholds)

    # -- applying ----------------------------------------------------------------------------------
    def step(self, action: Action) -> None:
        phase = self.phase
        if phase == "petit-sec":
            assert isinstance(action, Redeal), f"petit sec: expected redeal/keep, got {action}"
            if action.redeal:
                self.annulled = True
                self.phase = "over"
            else:
                self.phase = "contract"
        elif phase == "contract":
            assert isinstance(action, Bid), f"FT-20.4: expected a contract, got {action}"
            assert isinstance(action.contract, Contract), f"FT-20.4: {action} names no contract"
            token = action.contract.token
            assert token in self.contracts(), f"contract {token} is not allowed (FT-20.4, S-O3)"
            self.contract = token
            if token in ("prise", "garde"):  # FT-20.5: the kitty is taken, six cards discarded
                self.hands[_PLAYER] |= self.kitty
                self.to_discard = 6
                self.phase = "discard"
            else:
                self.phase = "slam"
        elif phase == "discard":
            assert isinstance(action, Discard), f"FT-20.5: expected a discard, got {action}"
            card = int(action.card)
            assert card in self.discardable(), f"FT-20.5: {_fmt([card])} may not be discarded"
            self.hands[_PLAYER].discard(card)
            self.discard.add(card)
            self.to_discard -= 1
            if not self.to_discard:
                self.phase = "slam"
        elif phase == "slam":
            assert isinstance(action, Slam), f"FT-20.6: expected slam/no-slam, got {action}"
            self.announced = action.announce
            self.phase = "play"
            self.turned = 3  # FT-20.8 step 1
            self._ai_leads()
        elif phase == "play":
            self._play(action)
        else:
            raise AssertionError(f"an action after the end of the deal: {action}")

    def _ai_leads(self) -> None:
        card = self.ai_pile[len(self.tricks)]  # FT-20.8 step 3: the top of its pile
        assert card in self.hands[_AI]
        self.hands[_AI].discard(card)
        self.trick = [card]

    def _play(self, action: Action) -> None:
        if len(self.trick) == 1:  # the dummy's card, chosen by the player (FT-20.8 step 4)
            assert isinstance(action, Play), f"FT-20.8: the dummy plays a card, not {action}"
            card = int(action.card)
            assert card in self.dummy_legal(), f"FT-20.8: the dummy may not play {_fmt([card])}"
            t = self.dummy_turned()
            self.hands[_DUMMY].discard(card)
            self.trick.append(card)
            up_after = len(set(self.dummy_pile[:t]) & self.hands[_DUMMY])
            if t < 24 and (self.scope == "face_up" or up_after < 3):
                t += 1  # FT-20.8 step 5
            self.turned = t
            return
        if isinstance(action, Declare):  # FT-20.7
            level = ("simple-poignee", "double-poignee", "triple-poignee").index(action.kind.value)
            assert level in self.poignee_levels(), f"FT-20.7: poignée level {level} not allowed"
            shown = tuple(int(c) for c in action.shown)
            pool = self.hands[_PLAYER] | {c for c in self.discard if _is_trump(c)}
            trumps = {c for c in pool if _is_trump(c)}
            assert len(shown) == self.thresholds[level] and set(shown) <= pool, (
                f"FT-8.3: a poignée shows exactly {self.thresholds[level]} of the player's trumps"
            )
            assert _EXCUSE not in shown or len(trumps) < len(shown), (
                "FT-8.3: the Excuse only replaces a missing trump"
            )
            self.declared.append((level, shown))
            return
        assert isinstance(action, Play), f"FT-20.8: expected a card, got {action}"
        card = int(action.card)
        assert card in self.player_legal(), f"FT-9.2: the player may not play {_fmt([card])}"
        self.hands[_PLAYER].discard(card)
        self.trick.append(card)
        self._end_trick()

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        seats = (_AI, _DUMMY, _PLAYER)
        last = len(self.tricks) == 23
        winner = seats[_trick_winner_pos(cards)]
        if last and _EXCUSE in cards:  # FT-20.9: the slam exception, either side
            owner = seats[cards.index(_EXCUSE)]
            camp = _camp(owner)
            if all(_camp(w) == camp for _, w in self.tricks):
                winner = owner
        self.tricks.append((cards, winner))
        self.played |= set(cards)
        self.trick = []
        if last:
            self.phase = "over"
        else:
            self._ai_leads()

    # -- the count (FT-20.9 – FT-20.11) ----------------------------------------------------------
    def attack_pile(self) -> tuple[set[int], int]:
        """The player's cards after FT-10 and the Excuse's debt adjustment in half points."""
        pile: set[int] = set()
        adjust = 0
        seats = (_AI, _DUMMY, _PLAYER)
        for k, (cards, winner) in enumerate(self.tricks):
            wcamp = _camp(winner)
            for i, card in enumerate(cards):
                camp = wcamp
                if card == _EXCUSE:
                    own = _camp(seats[i])
                    if k < 23:  # FT-10.4: the Excuse stays with its side, a half point is owed
                        camp = own
                        if own != wcamp:
                            adjust += -1 if own == 0 else 1
                    elif winner != seats[i] and self.excuse_last == "changes_camp":
                        camp = 1 - own  # FT-10.7
                if camp == 0:
                    pile.add(card)
        if self.contract in ("prise", "garde"):
            pile |= self.discard
        elif self.contract == "garde-sans":
            pile |= self.kitty
        return pile, adjust

    def score(self) -> tuple[int, int, int]:
        assert self.contract is not None
        pile, adjust = self.attack_pile()
        halves = sum(card_half_points(c) for c in pile) + adjust
        bout = [self.tricks[-1]]
        cards, winner = self.tricks[-1]
        if _EXCUSE in cards and winner == (_AI, _DUMMY, _PLAYER)[cards.index(_EXCUSE)]:
            bout.append(self.tricks[-2])  # FT-20.10: the penultimate trick counts
        pab = 0
        for cards, winner in bout:
            if _PETIT in cards:
                pab = 1 if _camp(winner) == 0 else -1
        poignee = sum(_BONUS[level] for level, _ in self.declared)
        return expected_score(
            self.contract,
            halves,
            len(pile & _OUDLERS),
            pab,
            poignee,
            self.announced,
            all(w == _PLAYER for _, w in self.tricks),
            all(w != _PLAYER for _, w in self.tricks),
            self.defence_slam_bonus,
        )


def _camp(seat: int) -> int:
    return 0 if seat == _PLAYER else 1


def check_solo_state(state: DealState) -> None:
    """Check one state of a solo deal against the restated rules (see the module docstring).

    >>> import tarotlib
    >>> check_solo_state(tarotlib.variant("french-tarot-solo").new_deal(seed=2))
    """
    assert isinstance(state, SoloState), f"a solo deal is a solo state, got {state!r}"
    r = _Replay(state)
    assert state.phase == r.phase, f"phase {state.phase}, the rules say {r.phase}"
    # -- conservation of the 78 cards
    hands = [set(int(c) for c in state.hand(s)) for s in range(3)]
    assert hands == r.hands, "the hands differ from the replayed ones"
    trick = [int(c) for c in state.current_trick]
    assert trick == r.trick, (
        f"the trick in progress is {_fmt(trick)}; the rules say {_fmt(r.trick)}"
    )
    tricks = [(tuple(int(c) for c in t.cards), t.winner) for t in state.tricks]
    assert tricks == r.tricks, "the tricks or their winners differ from the rules (FT-9.3, FT-20.9)"
    assert all(t.leader == _AI for t in state.tricks), "FT-20.8: the AI leads every trick"
    kitty_left = set() if r.contract in ("prise", "garde") else set(r.kitty)
    everything = [*hands, set(trick), r.played, kitty_left, r.discard]
    assert sum(len(p) for p in everything) == 78 and set().union(*everything) == set(range(78)), (
        "the 78 cards are not all in exactly one place"
    )
    if r.annulled:
        assert state.is_over and state.result.annulled is not None
        assert tuple(state.result.scores) == (0, 0, 0)
        return
    # -- the actions offered
    if not state.is_over:
        assert state.to_act == _PLAYER, "FT-20: the player makes every choice"
        offered = set(state.legal_actions())
        if r.phase == "contract":
            want = {
                a.contract.token
                for a in offered
                if isinstance(a, Bid) and isinstance(a.contract, Contract)
            }
            assert want == set(r.contracts()) and len(offered) == len(want)
        elif r.phase == "discard":
            assert {int(a.card) for a in offered if isinstance(a, Discard)} == r.discardable()
            assert all(isinstance(a, Discard) for a in offered)
        elif r.phase == "play":
            plays = {int(a.card) for a in offered if isinstance(a, Play)}
            if len(r.trick) == 1:
                assert plays == r.dummy_legal(), (
                    f"FT-20.8: the dummy is offered {_fmt(plays)}; the rules allow "
                    f"{_fmt(r.dummy_legal())}"
                )
                assert all(isinstance(a, Play) for a in offered)
            else:
                assert plays == r.player_legal(), (
                    f"FT-9.2: the player is offered {_fmt(plays)}; the rules allow "
                    f"{_fmt(r.player_legal())}"
                )
                levels = {
                    ("simple-poignee", "double-poignee", "triple-poignee").index(a.kind.value)
                    for a in offered
                    if isinstance(a, Declare)
                }
                assert levels == r.poignee_levels(), (
                    f"FT-20.7: poignée levels offered {levels}, allowed {r.poignee_levels()}"
                )
    # -- nothing hidden leaks
    up = r.face_up()
    assert {int(c) for c in state.face_up} == up, "the dummy's face-up cards differ (FT-20.8)"
    hidden = r.hands[_AI] | (r.hands[_DUMMY] - up)
    if not state.is_over and r.contract not in ("prise", "garde"):
        hidden |= r.kitty
    for seat in range(3):
        seen = state.observation(seat)
        leaked = set(seen.visible_cards()) & hidden
        assert not leaked, f"seat {seat}'s observation shows hidden cards {_fmt(leaked)}"
        assert {int(c) for c in seen.dummy_face_up} == up
    # -- the count and the score
    if state.is_over:
        pile, adjust = r.attack_pile()
        attack = sum(card_half_points(c) for c in pile) + adjust
        defence = sum(card_half_points(c) for c in set(range(78)) - pile) - adjust
        assert attack + defence == 182, "the 91 points are not conserved"
        expected = r.score()
        got = tuple(state.result.scores)
        assert got == expected, f"scores {got}; FT-20.11 gives {expected}"
        assert math.isclose(sum(got), 0)
