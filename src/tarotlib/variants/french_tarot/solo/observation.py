"""What the solo player may see (FT-20.8): :class:`SoloObservation`.

The player sees his hand, the dummy's face-up cards and every card played, never the AI's pile
nor the dummy's face-down cards. The virtual seats have no view of their own: the observation of
seat 1 (the AI) and seat 2 (the dummy) is the player's view with ``hand`` what the player sees of
that seat's cards (nothing of the AI's, the dummy's face-up cards).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot-solo")
>>> state = rules.new_deal(seed=4)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[0])
>>> seen = state.observation(0)
>>> len(seen.dummy_face_up), len(seen.current_trick), seen.ai_cards, seen.dummy_face_down
(3, 1, 23, 21)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tarotlib.core.cards import Card, cards_of
from tarotlib.deal.observe import as_cards
from tarotlib.variants.french_tarot.observation import FrenchTarotObservation, observe, table_mask
from tarotlib.variants.french_tarot.solo.play import AI, DUMMY, PLAYER, face_up_mask

if TYPE_CHECKING:
    from tarotlib.variants.french_tarot.state import FrenchTarotState

__all__ = ["SoloObservation", "observe_solo", "visible_mask"]


@attrs.frozen
class SoloObservation(FrenchTarotObservation):
    """French Tarot's observation (FT-17) with the solo's piles: ``dummy_face_up`` (the dummy's
    face-up cards), ``ai_cards`` and ``dummy_face_down`` (how many cards the AI's pile and the
    dummy's face-down pile hold: counts, never cards).

    >>> import tarotlib
    >>> seen = tarotlib.variant("french-tarot-solo").new_deal(seed=4).observation(0)
    >>> seen.dummy_face_up, seen.ai_cards, seen.to_json()["dummy_face_up"]
    ((), 24, [])
    """

    dummy_face_up: tuple[Card, ...] = ()
    ai_cards: int = 0
    dummy_face_down: int = 0

    def visible_cards(self) -> frozenset[int]:
        """Every card this observation mentions (used to check that nothing hidden leaks): French
        Tarot's and the dummy's face-up cards.

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=4)
        >>> state.observation(0).visible_cards() == set(state.hand(0))
        True
        """
        return as_cards(super().visible_cards() | frozenset(self.dummy_face_up))

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (cards as text): French Tarot's, with the solo's piles.

        >>> import tarotlib
        >>> data = tarotlib.variant("french-tarot-solo").new_deal(seed=4).observation(0).to_json()
        >>> data["dummy_face_up"], data["ai_cards"], data["dummy_face_down"]
        ([], 24, 24)
        """
        out = super().to_json()
        out["dummy_face_up"] = [str(c) for c in self.dummy_face_up]
        out["ai_cards"] = self.ai_cards
        out["dummy_face_down"] = self.dummy_face_down
        return out


def observe_solo(state: FrenchTarotState, seat: int) -> SoloObservation:
    """The player's view of ``state`` (for every seat: see the module docstring).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=4)
    >>> observe_solo(state, 0).visible_cards() == set(state.hand(0))
    True
    """
    player = observe(state, PLAYER)
    up = face_up_mask(state)
    if seat == PLAYER:
        hand = player.hand
    elif seat == DUMMY:
        hand = cards_of(up)
    else:
        hand = ()
    fields = {f.name: getattr(player, f.name) for f in attrs.fields(FrenchTarotObservation)}
    fields.update(seat=seat, hand=hand)
    return SoloObservation(
        **fields,
        dummy_face_up=cards_of(up),
        ai_cards=state.hand_mask(AI).bit_count(),
        dummy_face_down=(state.hand_mask(DUMMY) & ~up).bit_count(),
    )


def visible_mask(state: FrenchTarotState, seat: int) -> int:
    """The cards :func:`observe_solo` shows ``seat``, as a mask: what its ``visible_cards()``
    gives, computed without building the observation (FT-20.8; the tests keep the two equal).
    Every seat sees what the player sees of the table (FT-17, as the player) and the dummy's
    face-up cards; only the player's view holds his hand (the AI's shows no hand, the dummy's
    its face-up cards).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=4)
    >>> while state.phase != "play":
    ...     state = state.apply(state.legal_actions()[0])
    >>> [visible_mask(state, s) == tarotlib.card_mask(observe_solo(state, s).visible_cards())
    ...  for s in range(3)]
    [True, True, True]
    """
    mask = table_mask(state, PLAYER) | face_up_mask(state)
    if seat == PLAYER:
        mask |= state.held(PLAYER)
    return mask
