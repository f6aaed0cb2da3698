"""The solo's play phase (FT-20.8): the AI leads every trick from its face-down pile, the player
chooses the dummy's card among its face-up cards, then plays his own.

The phase is built from the core's trick play (:class:`~tarotlib.deal.TrickPlay`, with the
Excuse and the poignée plugged in as in French Tarot); what is the solo's own is here:

- seats: the **player** is seat 0, the **AI** seat 1 (the player's left), the **dummy** seat 2;
  every trick is played AI, dummy, player (FT-20.8 step 2), so a trick's seats are its leader's
  and the next ones in turn, as in every other game;
- the AI's card is not a choice: it is turned from the top of its pile (FT-20.8 step 3) as part
  of the transition that ends the previous trick (or starts play), and is not an action of the
  history (a record lists the player's choices only);
- the player acts for the dummy: during the dummy's turn ``to_act`` is the player (seat 0) and the
  legal actions are the dummy's playable face-up cards (FT-20.8 step 4);
- the dummy's face-up cards are the first ``n`` cards of its pile still in its hand: 3 cards when
  play begins (step 1), one more after each of its cards while its pile lasts (step 5), so ``n``
  follows from the number of cards it has played. When play begins the deal's facts note the
  masks of the pile's first cards under :data:`PILE`. With ``solo_dummy_follow_scope="whole_hand"`` the
  dummy's face-down cards are turned one at a time, when none of its face-up cards is legal,
  until one is; and it is replenished only while fewer than 3 cards are face up.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot-solo")
>>> state = rules.new_deal(seed=3)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[0])
>>> state.to_act, len(state.current_trick), len(face_up(state))   # the AI has led; the dummy plays
(0, 1, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from tarotlib.core.actions import Action, Declare, Play
from tarotlib.core.cards import ALL_CARDS, TAROT_NOTATION, Card, cards_of
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
from tarotlib.deal import DealState, TrickPlay
from tarotlib.deal.data import Note
from tarotlib.deal.phase import Parser, Phase, SpaceItem
from tarotlib.deal.play import PlayContext, plays_of
from tarotlib.errors import IllegalActionError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tarotlib.deal import Game

__all__ = [
    "AI",
    "DUMMY",
    "PILE",
    "PLAYER",
    "TURNED",
    "SoloPlay",
    "ai_top",
    "dummy_legal_mask",
    "face_up",
    "face_up_mask",
    "turned",
]

S = TypeVar("S", bound=DealState)

PLAYER: Final = 0
"""The player's seat (FT-20.1)."""
AI: Final = 1
"""The AI's seat, at the player's left (FT-20.1)."""
DUMMY: Final = 2
"""The dummy's seat (FT-20.1)."""
_FACE_UP: Final = 3  # FT-20.8 step 1
PILE: Final[Note[tuple[int, ...] | None]] = Note("dummy_pile", None)
"""The note holding the dummy's pile as masks of its first cards: entry ``n`` is the mask of the
pile's first ``n`` cards, ``n`` = 0 … 24 (FT-20.8); None before play."""
TURNED: Final[Note[int]] = Note("dummy_turned", _FACE_UP)
"""With ``whole_hand`` (S-O1), the note counting the dummy's pile cards turned face up so far
(FT-20.8 steps 4, 5)."""
_PILE: Final = 24  # FT-20.3: each pile's cards
_PLAYS: Final = plays_of(TAROT_NOTATION)


def _pile_mask(pile: tuple[Card, ...], count: int) -> int:
    mask = 0
    for card in pile[:count]:
        mask |= 1 << card
    return mask


def _whole_hand(state: DealState) -> bool:
    """S-O1 ``whole_hand``: the play phase of the game says."""
    play = state.rules.phase_list[-2]
    return isinstance(play, SoloPlay) and play.whole_hand


def _dummy_to_play(state: DealState) -> bool:
    """The dummy's turn: play is on and the trick holds the AI's card only."""
    return (
        state.actor >= 0
        and isinstance(state.current_phase, SoloPlay)
        and len(state.trick_cards) == 1
    )


def _turned_mask(state: DealState, whole_hand: bool, turn_up: bool = False) -> int:
    """The dummy's pile cards face up so far (played ones included), as a mask: the first 3, and
    one more for each card it has played (FT-20.8 steps 1, 5); under ``whole_hand``, as noted,
    and with ``turn_up`` (the dummy's turn) the cards turned until a face-up card is legal
    (step 4)."""
    data = state.data
    prefixes = data.note(PILE)
    if prefixes is None:  # play has not begun
        return 0
    if not whole_hand:
        played = len(prefixes) - 1 - state.held(DUMMY).bit_count()
        return prefixes[min(_FACE_UP + played, len(prefixes) - 1)]
    count = data.note(TURNED)
    mask = prefixes[count]
    if turn_up:
        led, win, _ = state.trick_state
        legal = FRENCH_TAROT_TRICKS.legal_mask(state.held(DUMMY), led, win)
        while count < len(prefixes) - 1 and not legal & mask:  # FT-20.8 step 4
            count += 1
            mask = prefixes[count]
    return mask


def turned(state: DealState) -> int:
    """How many cards of the dummy's pile are face up now (0 before play; FT-20.8 steps 1, 4, 5).

    With ``whole_hand`` (S-O1), during the dummy's turn, this includes the cards turned until a
    face-up card is legal.

    >>> import tarotlib
    >>> turned(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    0
    """
    return _turned_mask(state, _whole_hand(state), _dummy_to_play(state)).bit_count()


def face_up_mask(state: DealState) -> int:
    """The dummy's face-up cards, as a mask (FT-20.8).

    >>> import tarotlib
    >>> face_up_mask(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    0
    """
    if state.data.order is None:
        return 0
    return _turned_mask(state, _whole_hand(state), _dummy_to_play(state)) & state.held(DUMMY)


def face_up(state: DealState) -> tuple[Card, ...]:
    """The dummy's face-up cards (FT-20.8), in card order.

    >>> import tarotlib
    >>> face_up(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    ()
    """
    return cards_of(face_up_mask(state))


def dummy_legal_mask(state: DealState) -> int:
    """The dummy's cards the player may choose now (FT-20.8 step 4): its legal face-up cards
    (``face_up``: legality judged on the face-up cards alone; ``whole_hand``: on its whole hand).

    >>> import tarotlib
    >>> dummy_legal_mask(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    0
    """
    if not _dummy_to_play(state):
        return 0
    return _dummy_legal(state, _whole_hand(state))


def _dummy_legal(state: DealState, whole_hand: bool) -> int:
    """:func:`dummy_legal_mask` during the dummy's turn."""
    hand = state.held(DUMMY)
    led, win, _ = state.trick_state
    if not whole_hand:  # what _turned_mask does, inlined (the hot path)
        prefixes = state.data.note(PILE) or ()
        up = prefixes[min(_FACE_UP + _PILE - hand.bit_count(), _PILE)] & hand
        return FRENCH_TAROT_TRICKS.legal_mask(up, led, win) & up
    up = _turned_mask(state, whole_hand, True) & hand
    return FRENCH_TAROT_TRICKS.legal_mask(hand if whole_hand else up, led, win) & up


def ai_top(state: DealState) -> Card | None:
    """The top card of the AI's face-down pile (the card it leads next, FT-20.8 step 3), or None
    when its pile is empty.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=3)
    >>> ai_top(state) == state.data.order[1][0]
    True
    """
    order = state.data.order
    if order is None:
        return None
    pile = order[AI]
    left = state.held(AI).bit_count()  # its cards leave its pile from the top only
    return pile[len(pile) - left] if left else None


@attrs.frozen
class SoloPlay(Phase[PlayContext]):
    """The solo's tricks (FT-20.8, FT-20.9, FT-20.7): ``tricks`` is the core trick play with
    the Excuse and the poignée, led by the AI; this phase turns the AI's cards, offers the dummy's
    face-up cards and keeps the dummy's pile (see the module docstring).

    >>> import tarotlib
    >>> play = tarotlib.variant("french-tarot-solo").phase_list[-2]
    >>> play.name, type(play.tricks.fool).__name__, [type(o).__name__ for o in play.tricks.offers]
    ('play', 'ExcuseRule', ['ShowDeclaration'])
    """

    tricks: TrickPlay
    whole_hand: bool = False
    """``solo_dummy_follow_scope = "whole_hand"`` (S-O1): the dummy's legal cards are judged on
    its whole hand, with face-down cards turned until one is legal."""
    expects: str = "a card to play (the dummy's, then yours) or a poignée before your first card"
    name: str = attrs.field(default="play", init=False)

    # -- entering and the AI's lead -----------------------------------------------------------------
    def start(self, state: S) -> S:
        s = self.tricks.start(state)
        order = s.data.order
        assert order is not None  # the solo deals its piles in order (FT-20.3)
        prefixes = [0]
        for card in order[DUMMY]:
            prefixes.append(prefixes[-1] | 1 << card)
        data = s.data.noted(PILE, tuple(prefixes))  # FT-20.8 step 1
        return self._ai_leads(s.begin(s.actor, s.local, data=data))

    def _ai_leads(self, s: S) -> S:
        """FT-20.8 steps 2-3: with no trick in progress the AI turns the top card of its pile and
        leads it, whoever won the previous trick; the player acts next (for the dummy). The AI's
        card is not an action of the history."""
        d = s.data
        order = d.order
        assert order is not None  # the solo deals its piles in order (FT-20.3)
        pile = order[AI]
        card = int(pile[len(pile) - s.held(AI).bit_count()])  # ai_top(): its pile's top card
        # Known legal (a lead): as play() for the AI, unrecorded, the player to act next.
        after = self.tricks.apply(s, _PLAYS[0][card], card, None, AI, False, PLAYER)
        # The dummy plays next (FT-20.8 step 4): its legal cards, computed now and kept for
        # legal() and apply(). The AI's card alone is in the trick: the suit to follow and the
        # winning card are the ones it sets (TrickRules' lead table; the Excuse sets none).
        if self.whole_hand:
            mask = _dummy_legal(after, True)
        else:
            led = FRENCH_TAROT_TRICKS.lead_class[card]
            hand = s.held(DUMMY)
            prefixes = d.note(PILE) or ()
            up = prefixes[min(_FACE_UP + _PILE - hand.bit_count(), _PILE)] & hand
            mask = FRENCH_TAROT_TRICKS.legal_mask(up, led, card if led >= 0 else -1) & up
        after.keep_legal(mask)
        return after

    # -- legal actions --------------------------------------------------------------------------------
    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return self.tricks.action_space(game)  # the dummy's cards are played with "play" too

    def legal(self, state: DealState) -> tuple[Action, ...]:
        if len(state.trick_cards) == 1:  # the dummy's turn
            mask = state.legal_cache
            if mask < 0:
                mask = _dummy_legal(state, self.whole_hand)
                state.keep_legal(mask)
            return _PLAYS[1](mask)
        return self.tricks.legal(state)

    # -- applying -------------------------------------------------------------------------------------
    def apply(self, state: S, action: Action) -> S:
        if len(state.trick_cards) == 1:  # the dummy's turn
            return self._dummy_plays(state, action)
        try:
            after = self.tricks.apply(state, action)
        except IllegalActionError:
            if type(action) is Play and not state.held(PLAYER) >> action._index & 1:
                raise IllegalActionError(self._not_held(state, action._index), action) from None
            raise
        if not after.trick_cards and after.current_phase is self:  # (not over: over is a phase)
            return self._ai_leads(after)  # the trick is complete: the AI leads the next one
        return after

    def _not_held(self, state: DealState, card: int) -> str:
        name = ALL_CARDS[card].text
        if _dummy_to_play(state):
            if state.held(PLAYER) >> card & 1:
                return f"the dummy plays now: {name} is yours; choose one of its face-up cards (FT-20.8)"
            return f"{name} is not the dummy's (FT-20.8)"
        if face_up_mask(state) >> card & 1:
            return f"you play now: {name} is the dummy's; play from your own hand (FT-20.8)"
        return f"{name} is not in the player's hand"

    def _dummy_plays(self, state: S, action: Action) -> S:
        if type(action) is not Play:
            if isinstance(action, Declare):
                raise IllegalActionError(
                    "the poignée is declared just before the player's own first card (FT-20.7)",
                    action,
                )
            raise state.wrong(action, "a face-up card for the dummy (FT-20.8)")
        card = action._index
        legal = state.legal_cache  # the dummy's legal cards once listed (legal above)
        if legal < 0:
            legal = _dummy_legal(state, self.whole_hand)
            state.keep_legal(legal)
        if not legal >> card & 1:
            raise IllegalActionError(self._dummy_reason(state, card), action)
        if not self.whole_hand:  # FT-20.8 step 5: the next card of its pile turns by itself
            return self.tricks.apply(state, _PLAYS[0][card], card, None, DUMMY)  # as play()
        d = state.data
        mask = _turned_mask(state, True, True)  # with the turn-ups of step 4
        count = mask.bit_count()
        pile = len(d.order[DUMMY]) if d.order is not None else 0
        if count < pile and (mask & state.held(DUMMY)).bit_count() - 1 < _FACE_UP:
            count += 1  # step 5: replenish only while fewer than 3 cards are face up
        return self.tricks.apply(state, _PLAYS[0][card], card, d.noted(TURNED, count), DUMMY)

    def _dummy_reason(self, state: DealState, card: int) -> str:
        hand = state.held(DUMMY)
        if not hand >> card & 1:
            return self._not_held(state, card)
        up = face_up_mask(state)
        if not up >> card & 1:
            return "the dummy may only play a face-up card (FT-20.8)"
        judged = hand if _whole_hand(state) else up
        led, win, _ = state.trick_state
        reason = FRENCH_TAROT_TRICKS.explain(judged, led, win, card)
        return f"{reason} (FT-20.8)"

    # -- text ----------------------------------------------------------------------------------------
    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return self.tricks.parsers(game)
