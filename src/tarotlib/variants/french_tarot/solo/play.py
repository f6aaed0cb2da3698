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
- the dummy's face-up cards are the first ``n`` cards of its pile still in its hand, ``n`` being
  noted in the deal's facts under :data:`TURNED` (3 when play begins, step 1; one more after each
  of its cards while its pile lasts, step 5). With ``solo_dummy_follow_scope="whole_hand"`` the
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

from tarotlib.actions import Action, Declare, Play
from tarotlib.cards import ALL_CARDS, FULL_MASK, TAROT_NOTATION, Card, cards_of
from tarotlib.deal import DealState, TrickPlay, evolve, note, with_note
from tarotlib.deal.phase import Parser, Phase
from tarotlib.deal.play import plays_of
from tarotlib.deal.state import SEAT_BITS
from tarotlib.errors import IllegalActionError
from tarotlib.tricks import FRENCH_TAROT_TRICKS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tarotlib.deal import Game

__all__ = [
    "AI",
    "DUMMY",
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
TURNED: Final = "dummy_turned"
"""The note counting the dummy's pile cards turned face up so far (FT-20.8)."""
_FACE_UP: Final = 3  # FT-20.8 step 1
_PLAYS: Final = plays_of(TAROT_NOTATION)


def _hand(state: DealState, seat: int) -> int:
    return state._hands >> SEAT_BITS * seat & FULL_MASK


def _pile_mask(pile: tuple[Card, ...], count: int) -> int:
    mask = 0
    for card in pile[:count]:
        mask |= 1 << card
    return mask


def _whole_hand(state: DealState) -> bool:
    return state._g.options.solo_dummy_follow_scope == "whole_hand"  # type: ignore[attr-defined, no-any-return]


def _dummy_to_play(state: DealState) -> bool:
    """The dummy's turn: play is on and the trick holds the AI's card only."""
    return state._to >= 0 and isinstance(state._ph, SoloPlay) and len(state._trick) == 1


def turned(state: DealState) -> int:
    """How many cards of the dummy's pile are face up now (0 before play; FT-20.8 steps 1, 4, 5).

    With ``whole_hand`` (S-O1), during the dummy's turn, this includes the cards turned until a
    face-up card is legal.

    >>> import tarotlib
    >>> turned(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    0
    """
    pile = state._d.order
    count = note(state._d.notes, TURNED, 0)
    assert isinstance(count, int)
    if count and pile is not None and _dummy_to_play(state) and _whole_hand(state):
        hand = _hand(state, DUMMY)
        legal = FRENCH_TAROT_TRICKS.legal_mask(hand, state._led, state._win)
        dummy = pile[DUMMY]
        while count < len(dummy) and not legal & _pile_mask(dummy, count):  # FT-20.8 step 4
            count += 1
    return count


def face_up_mask(state: DealState) -> int:
    """The dummy's face-up cards, as a mask (FT-20.8).

    >>> import tarotlib
    >>> face_up_mask(tarotlib.variant("french-tarot-solo").new_deal(seed=3))
    0
    """
    order = state._d.order
    if order is None:
        return 0
    return _pile_mask(order[DUMMY], turned(state)) & _hand(state, DUMMY)


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
    up = face_up_mask(state)
    judged = _hand(state, DUMMY) if _whole_hand(state) else up
    return FRENCH_TAROT_TRICKS.legal_mask(judged, state._led, state._win) & up


def ai_top(state: DealState) -> Card | None:
    """The top card of the AI's face-down pile (the card it leads next, FT-20.8 step 3), or None
    when its pile is empty.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=3)
    >>> ai_top(state) == state.data.order[1][0]
    True
    """
    order = state._d.order
    if order is None:
        return None
    hand = _hand(state, AI)
    for card in order[AI]:
        if hand >> card & 1:
            return card
    return None


@attrs.frozen
class SoloPlay(Phase):
    """The solo's tricks (FT-20.8, FT-20.9, FT-20.7): ``tricks`` is the core trick play with
    the Excuse and the poignée, led by the AI; this phase turns the AI's cards, offers the dummy's
    face-up cards and keeps the dummy's pile (see the module docstring).

    >>> import tarotlib
    >>> play = tarotlib.variant("french-tarot-solo").phase_list[-2]
    >>> play.name, type(play.tricks.fool).__name__, [type(o).__name__ for o in play.tricks.offers]
    ('play', 'ExcuseRule', ['ShowDeclaration'])
    """

    tricks: TrickPlay
    expects: str = "a card to play (the dummy's, then yours) or a poignée before your first card"
    name: str = attrs.field(default="play", init=False)

    # -- entering and the AI's lead -----------------------------------------------------------------
    def start(self, state: S) -> S:
        s = self.tricks.start(state)
        s._d = evolve(s._d, notes=with_note(s._d.notes, TURNED, _FACE_UP))  # FT-20.8 step 1
        return self._ai_leads(s)

    def _ai_leads(self, s: S) -> S:
        """FT-20.8 steps 2-3: on this fresh state (no trick in progress) the AI turns the top card
        of its pile and leads it, whoever won the previous trick; the player acts next (for the
        dummy). The AI's card is not an action of the history."""
        s._to = s._lead = AI
        card = ai_top(s)
        assert card is not None
        after = self.tricks.play(s, card, _PLAYS[0][card])
        after._h = s._h
        after._to = PLAYER
        return after

    # -- legal actions --------------------------------------------------------------------------------
    def legal(self, state: DealState) -> tuple[Action, ...]:
        if state._to < 0:
            return ()
        if _dummy_to_play(state):
            return _PLAYS[1](dummy_legal_mask(state))
        return self.tricks.legal(state)

    # -- applying -------------------------------------------------------------------------------------
    def apply(self, state: S, action: Action) -> S:
        if _dummy_to_play(state):
            return self._dummy_plays(state, action)
        if type(action) is Play:
            card = action._index
            if not _hand(state, PLAYER) >> card & 1:
                raise IllegalActionError(self._not_held(state, card), action)
        after = self.tricks.apply(state, action)
        if after._i == state._i and not after._trick and after._to >= 0:
            return self._ai_leads(after)  # the trick is complete: the AI leads the next one
        return after

    def _not_held(self, state: DealState, card: int) -> str:
        name = ALL_CARDS[card].text
        if _dummy_to_play(state):
            if _hand(state, PLAYER) >> card & 1:
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
        legal = dummy_legal_mask(state)
        if not legal >> card & 1:
            raise IllegalActionError(self._dummy_reason(state, card), action)
        d = state._d
        pile = d.order[DUMMY]  # type: ignore[index]
        count = turned(state)  # with the turn-ups of FT-20.8 step 4
        up_after = (_pile_mask(pile, count) & _hand(state, DUMMY)).bit_count() - 1
        if count < len(pile) and (not _whole_hand(state) or up_after < _FACE_UP):
            count += 1  # FT-20.8 step 5: replenish
        data = evolve(d, notes=with_note(d.notes, TURNED, count))
        s = state._copy()
        s._to = DUMMY
        return self.tricks.play(s, card, _PLAYS[0][card], data)

    def _dummy_reason(self, state: DealState, card: int) -> str:
        hand = _hand(state, DUMMY)
        if not hand >> card & 1:
            return self._not_held(state, card)
        up = face_up_mask(state)
        if not up >> card & 1:
            return "the dummy may only play a face-up card (FT-20.8)"
        judged = hand if _whole_hand(state) else up
        reason = FRENCH_TAROT_TRICKS.explain(judged, state._led, state._win, card)
        return f"{reason} (FT-20.8)"

    # -- text ----------------------------------------------------------------------------------------
    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return self.tricks.parsers(game)
