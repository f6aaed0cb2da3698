"""One moment of a French Tarot deal: :class:`FrenchTarotState` (the deal machine's state with
French Tarot's accessors).

>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
>>> type(state).__name__, state.contract, state.camps, state.piles()
('FrenchTarotState', None, (), ((), (), (), ()))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tarotlib.core.cards import Card, cards_of
from tarotlib.deal import DealState
from tarotlib.variants.french_tarot.facts import ALL_PASS_PLAYED, SLAM
from tarotlib.variants.french_tarot.observation import FrenchTarotObservation, observe
from tarotlib.variants.french_tarot.types import Contract, Declaration

if TYPE_CHECKING:
    from tarotlib.variants.french_tarot.game import FrenchTarot  # noqa: F401  (a type argument)

__all__ = ["FrenchTarotState"]


class FrenchTarotState(DealState["FrenchTarot"]):
    """One moment of a French Tarot deal (immutable; see :class:`~tarotlib.deal.DealState`).

    Besides the common surface it exposes the French Tarot position for servers and tools:
    ``contract``, ``taker``, ``partner``, ``camps``, ``chien``, ``ecart``, ``slam_announced``,
    ``declarations``, ``auction_calls``... Give players :meth:`observation` instead.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=8)
    >>> for text in ("pass", "bid garde", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.contract, state.taker, len(state.chien)
    ('discard', <Contract.GARDE: 2>, 2, 6)
    """

    __slots__ = ()

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction is won."""
        contract = self.data.contract
        return contract if isinstance(contract, Contract) else None

    @property
    def taker(self) -> int | None:
        """The taker's seat, once the auction is won."""
        return self.declarer

    @property
    def camps(self) -> tuple[int, ...]:
        """Camp of each seat once play has begun (0 attack, 1 defence; Grash: the seat itself)."""
        return self.data.sides

    @property
    def chien(self) -> tuple[Card, ...]:
        """The chien as dealt."""
        return cards_of(self.data.kitty)

    @property
    def ecart(self) -> tuple[Card, ...]:
        """The écart made so far (Prise/Garde)."""
        return cards_of(self.data.discard)

    @property
    def is_grash(self) -> bool:
        """True if all passed and the deal is played as Grash (FT-15)."""
        return self.data.note(ALL_PASS_PLAYED)

    @property
    def slam_announced(self) -> bool:
        """True if the taker announced a slam (FT-7)."""
        return self.data.note(SLAM)

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Poignées and misères declared so far."""
        made = self.data.declarations
        for declaration in made:  # (usually none: the check costs next to nothing)
            if not isinstance(declaration, Declaration):
                raise TypeError(f"not a French Tarot declaration: {declaration!r}")
        return cast("tuple[Declaration, ...]", made)

    @property
    def auction_calls(self) -> tuple[tuple[int, Contract | None], ...]:
        """``(seat, contract or None for a pass)`` for each auction call so far."""
        calls = self.calls
        for _, call in calls:
            if call is not None and not isinstance(call, Contract):
                raise TypeError(f"not a French Tarot contract: {call!r}")
        return cast("tuple[tuple[int, Contract | None], ...]", calls)

    def observation(self, seat: int) -> FrenchTarotObservation:
        """What ``seat`` may see now (FT-17).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=8)
        >>> state.observation(0).hand == state.hand(0), state.observation(0).to_json()["hand"][:3]
        (True, ['2S', '5S', 'NS'])
        """
        return observe(self, self.check_seat(seat))
