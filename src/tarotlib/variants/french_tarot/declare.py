"""French Tarot's declarations during play: the poignée and (BGA option) the misères (FT-8).

Both are made at a player's first turn of the first trick, before his card (FT-8.2). A poignée
shows exactly the level's number of trumps, the Excuse standing in for one missing trump
(:class:`~tarotlib.declarations.TrumpShow`, FT-8.3); the taker's discarded trumps count toward his
(FT-8.4, O-5). A misère shows nothing; the engine checks the claim (FT-8.6).

>>> import tarotlib
>>> from tarotlib.variants.french_tarot.declare import Declarations
>>> offer = tarotlib.variant("french-tarot").phase_list[-2].offers[0]
>>> isinstance(offer, Declarations), offer.whole_deal
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from tarotlib.actions import Action, Declare
from tarotlib.cards import ALL_CARDS, EXCUSE_MASK, FULL_MASK, TRUMP_MASK, parse_cards
from tarotlib.deal.data import DealData, evolve, note
from tarotlib.deal.phase import Parser
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.declarations import TrumpShow
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.variants.french_tarot.facts import HONOURS_MASK, OUDLERS_MASK
from tarotlib.variants.french_tarot.types import Declaration, DeclarationKind

if TYPE_CHECKING:
    from tarotlib.deal.game import Game
    from tarotlib.deal.play import TrickPlay

__all__ = ["Declarations", "misere_ok"]

S = TypeVar("S", bound=DealState)

_POIGNEES: Final = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
_MISERES: Final = (DeclarationKind.NO_HONOURS_MISERE, DeclarationKind.NO_TRUMPS_MISERE)


def misere_ok(kind: DeclarationKind, hand: int) -> bool:
    """FT-8.6: no-honours misère (no K/Q/N/J, no oudler) or no-trumps misère (no trump, no Excuse).

    >>> from tarotlib.cards import card_mask, parse_cards
    >>> misere_ok(DeclarationKind.NO_TRUMPS_MISERE, card_mask(parse_cards("KH 2S")))
    True
    """
    if kind is DeclarationKind.NO_HONOURS_MISERE:
        return not hand & (HONOURS_MASK | OUDLERS_MASK)
    return not hand & (TRUMP_MASK | EXCUSE_MASK)


@attrs.frozen
class Declarations:
    """The poignée and misère declarations of FT-8 (an :class:`~tarotlib.deal.play.Offer`).

    ``mode`` is option O-3 (``none``, ``poignee``, ``poignee_and_misere``); ``show`` the poignée
    levels (FT-8.1); ``discarded_trumps_count`` is option O-5.
    """

    mode: str
    show: TrumpShow
    discarded_trumps_count: bool = True
    whole_deal: bool = attrs.field(default=False, init=False)

    def active(self, state: DealState) -> bool:
        return self.mode != "none" and not note(state.data.notes, "all_pass_played", False)

    def watch(self, state: DealState) -> int:
        return 0

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        return data

    def handles(self, action: Declare) -> bool:
        return True

    def _extra(self, data: DealData, seat: int) -> int:
        """FT-8.4 / O-5: the taker's discarded trumps count toward his poignée."""
        if seat == data.declarer and self.discarded_trumps_count:
            return data.discard & TRUMP_MASK
        return 0

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        d = state.data
        seat = state._to
        hand = state._hands >> SEAT_BITS * seat & FULL_MASK
        extra = self._extra(d, seat)
        show = self.show
        may_show = ((hand | extra) & TRUMP_MASK).bit_count() + 1 >= show.thresholds[0]
        if not may_show and self.mode == "poignee":
            return ()  # the usual case: too few trumps for any poignée (FT-8.1, FT-8.3)
        done = {
            dec.kind for dec in d.declarations if isinstance(dec, Declaration) and dec.seat == seat
        }
        out: list[Action] = []
        if may_show and not any(k.is_poignee for k in done):
            for level in show.levels(hand, extra):
                shown = show.canonical(hand, level, extra)
                out.append(Declare(_POIGNEES[level], tuple(ALL_CARDS[c] for c in shown)))
        if self.mode == "poignee_and_misere":
            for kind in _MISERES:
                if kind not in done and misere_ok(kind, hand):
                    out.append(Declare(kind))
        return tuple(out)

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        d = state.data
        seat = state._to
        kind = action.kind
        if state._tricks or note(d.notes, "all_pass_played", False):
            raise IllegalActionError(
                "declarations are made only before one's first card of the first trick (FT-8.2)",
                action,
            )
        if not isinstance(kind, DeclarationKind):
            raise IllegalActionError("unknown declaration kind", action)
        if self.mode == "none":
            raise IllegalActionError("declarations are off (option declarations='none')", action)
        done = {
            dec.kind for dec in d.declarations if isinstance(dec, Declaration) and dec.seat == seat
        }
        hand = state._hands >> SEAT_BITS * seat & FULL_MASK
        if kind.is_poignee:
            if any(k.is_poignee for k in done):
                raise IllegalActionError("a player declares at most one poignée (FT-8.2)", action)
            reason = self.show.check(hand, kind.level, action.shown, self._extra(d, seat))
            if reason is not None:
                raise IllegalActionError(reason, action)
            shown = tuple(sorted((int(c) for c in action.shown), reverse=True))
        else:
            if self.mode != "poignee_and_misere":
                raise IllegalActionError(
                    "misère needs option declarations='poignee_and_misere' (FT-8.6)", action
                )
            if kind in done:
                raise IllegalActionError(f"{kind.value} already declared", action)
            if action.shown:
                raise IllegalActionError("a misère shows no cards (FT-8.6)", action)
            if not misere_ok(kind, hand):
                what = (
                    "no King, Queen, Knight, Jack or oudler"
                    if kind is DeclarationKind.NO_HONOURS_MISERE
                    else "no trump and not the Excuse"
                )
                raise IllegalActionError(f"{kind.value} needs a hand with {what}", action)
            shown = ()
        data = evolve(d, declarations=(*d.declarations, Declaration(seat, kind, shown)))
        return state.proceed(action, to_act=seat, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        def declare(args: list[str]) -> Action:
            if not args:
                raise ActionParseError("declare takes a kind, e.g. 'declare simple-poignee T2 ...'")
            try:
                kind = DeclarationKind(args[0].lower())
            except ValueError:
                kinds = ", ".join(k.value for k in DeclarationKind)
                raise ActionParseError(
                    f"unknown declaration {args[0]!r}; expected one of {kinds}"
                ) from None
            return Declare(kind, parse_cards(args[1:]))

        return {"declare": (declare, "declare <kind> [cards]")}
