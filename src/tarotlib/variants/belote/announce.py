"""Belote's declarations during play: belote-rebelote (BE-9) and the combinations (BE-10).

Two :class:`~tarotlib.deal.play.Offer` s of the play phase:

- :class:`BeloteRebelote` — the K and Q of trumps held by one player (each suit in all trumps).
  With ``belote_announce="auto"`` the engine announces them as they are played (it watches those
  cards); with ``"explicit"`` the holder plays each with ``declare belote|rebelote <card>``.
- :class:`Combinations` — tierce, quarte, quinte and carrés, declared during the first trick
  (BE-10.3), or all of them at once when play begins with ``auto_declare``.

>>> import tarotlib
>>> rules = tarotlib.variant("belote", preset="classic")
>>> [type(offer).__name__ for offer in rules.phase_list[-2].offers]
['Combinations', 'BeloteRebelote']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeVar, cast

import attrs

from tarotlib.actions import Action, Declare
from tarotlib.cards import (
    ALL_CARDS,
    FULL_MASK,
    PIQUET_NOTATION,
    Rank,
    Suit,
    format_cards,
    parse_cards,
    suit_card,
)
from tarotlib.deal.data import DealData, evolve, note, with_note
from tarotlib.deal.phase import Parser
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.errors import IllegalActionError
from tarotlib.variants.belote.declarations import is_valid_declaration
from tarotlib.variants.belote.options import BeloteOptions
from tarotlib.variants.belote.types import Announcement, Combination, CombinationKind

if TYPE_CHECKING:
    from tarotlib.deal.game import Game
    from tarotlib.deal.play import TrickPlay

__all__ = ["KQ", "BeloteRebelote", "Combinations", "announcements", "holders"]

S = TypeVar("S", bound=DealState)

KQ: Final = tuple((suit_card(Rank.KING, s), suit_card(Rank.QUEEN, s)) for s in Suit)
"""BE-9.1: the belote cards (K, Q) of each suit."""

_DECLARE_KINDS: Final[dict[str, Announcement | CombinationKind]] = {
    **{k.token: k for k in CombinationKind},
    **{a.token: a for a in Announcement},
}


def holders(data: DealData) -> tuple[tuple[int, int], ...]:
    """``(suit, seat)`` of each belote of the completed hands (BE-9.1), once play has begun."""
    return cast("tuple[tuple[int, int], ...]", note(data.notes, "belote_holders", ()))


def announcements(data: DealData) -> tuple[tuple[int, Announcement, int], ...]:
    """``(seat, belote or rebelote, card)`` announced so far (BE-9.2)."""
    return cast("tuple[tuple[int, Announcement, int], ...]", note(data.notes, "announcements", ()))


def _hand(state: DealState, seat: int) -> int:
    return state._hands >> SEAT_BITS * seat & FULL_MASK


@attrs.frozen
class BeloteRebelote:
    """Belote-rebelote (BE-9.2): announced by the engine (``auto``) or by the holder with the card
    (``explicit``)."""

    options: BeloteOptions

    @property
    def whole_deal(self) -> bool:
        """Explicit announcements may be made in any trick; automatic ones offer nothing."""
        return self.options.belote_announce == "explicit"

    def active(self, state: DealState) -> bool:
        return bool(holders(state.data))

    def watch(self, state: DealState) -> int:
        if self.options.belote_announce != "auto":
            return 0
        mask = 0
        for suit, _seat in holders(state.data):
            mask |= 1 << KQ[suit][0] | 1 << KQ[suit][1]
        return mask

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        # BE-9.2, auto: the engine announces for the holder.
        other = card + 1 if card % 14 == 12 else card - 1  # the suit's Q (12) and K (13)
        held = state._hands >> other + SEAT_BITS * seat & 1
        announced = Announcement.BELOTE if held else Announcement.REBELOTE
        return _announce(data, seat, announced, card)

    def handles(self, action: Declare) -> bool:
        return isinstance(action.kind, Announcement)

    def announceable(self, state: DealState, mask: int) -> list[tuple[int, Announcement, int]]:
        """(suit, announcement, card) the seat to act may play with an announcement now."""
        out: list[tuple[int, Announcement, int]] = []
        seat = state._to
        hand = _hand(state, seat)
        said_all = announcements(state.data)
        for suit, holder in holders(state.data):
            if holder != seat:
                continue
            k, q = KQ[suit]
            said = [a for s, a, c in said_all if s == seat and c in (k, q)]
            for card in (k, q):
                if not mask >> card & 1:
                    continue
                other = q if card == k else k
                if hand >> other & 1 and not said:
                    out.append((suit, Announcement.BELOTE, card))
                elif not hand >> other & 1 and said == [Announcement.BELOTE]:
                    out.append((suit, Announcement.REBELOTE, card))
        return out

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        if self.options.belote_announce != "explicit":
            return ()
        return tuple(
            Declare(kind, (ALL_CARDS[card],), notation=PIQUET_NOTATION)
            for _suit, kind, card in self.announceable(state, mask)
        )

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        kind = cast(Announcement, action.kind)
        if self.options.belote_announce != "explicit":
            raise IllegalActionError(
                "belote is announced by the engine (option belote_announce='auto', BE-9.2)", action
            )
        if len(action.shown) != 1:
            raise IllegalActionError(
                f"declare {kind.token} names the one card played with it (the K or Q)", action
            )
        card = action.shown[0]
        legal = state._memo if state._memo >= 0 else play.mask(state)
        plays = state._x.plays  # type: ignore[attr-defined]
        if not legal >> card & 1:
            raise play.rejection(state, plays[card])
        seat = state._to
        for _suit, k, c in self.announceable(state, legal):
            if k is kind and c == card:
                break
        else:
            raise IllegalActionError(
                f"seat {seat} cannot announce {kind.token} with "
                f"{PIQUET_NOTATION.pretty(card)} (BE-9.2: belote with the first of the K and Q "
                "of a belote suit held together, rebelote with the second)",
                action,
            )
        declare = Declare(kind, (ALL_CARDS[card],), notation=PIQUET_NOTATION)
        return play.play(state, card, declare, _announce(state.data, seat, kind, card))

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return {"declare": (_parse_declare, "declare <combination> <cards>")}


def _announce(data: DealData, seat: int, kind: Announcement, card: int) -> DealData:
    said = (*announcements(data), (seat, kind, card))
    return evolve(data, notes=with_note(data.notes, "announcements", said))


def _parse_declare(args: list[str]) -> Action | None:
    kind = _DECLARE_KINDS.get(args[0].lower()) if args else None
    if kind is None:
        return None
    return Declare(kind, parse_cards(args[1:]), notation=PIQUET_NOTATION)


def combos_of(data: DealData) -> tuple[tuple[Combination, ...], ...]:
    """The combinations of each seat's complete hand (BE-10.1), when declarations are on."""
    return cast("tuple[tuple[Combination, ...], ...]", note(data.notes, "combos", ((),) * 4))


@attrs.frozen
class Combinations:
    """Declarations of tierce, quarte, quinte and carrés in the first trick (BE-10.3)."""

    options: BeloteOptions
    whole_deal: bool = attrs.field(default=False, init=False)

    def active(self, state: DealState) -> bool:
        o = self.options
        return bool(o.declarations and not o.auto_declare and any(combos_of(state.data)))

    def watch(self, state: DealState) -> int:
        return 0

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        return data

    def handles(self, action: Declare) -> bool:
        return isinstance(action.kind, CombinationKind)

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        # BE-10.1 – BE-10.3: the hand's own combinations (maximal by construction), not yet
        # declared, and sharing no card with one declared when reuse is off.
        seat = state._to
        declared = cast("tuple[Combination, ...]", state.data.declarations)
        mine = [c for c in declared if c.seat == seat]
        reuse = self.options.declaration_card_reuse
        out: list[Action] = []
        for combo in combos_of(state.data)[seat]:
            if combo in mine:
                continue
            if not reuse and any(set(combo.cards) & set(m.cards) for m in mine):
                continue
            out.append(Declare(combo.kind, combo.cards, notation=PIQUET_NOTATION))
        return tuple(out)

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        kind = cast(CombinationKind, action.kind)
        opts = self.options
        if not opts.declarations:
            raise IllegalActionError("declarations are off (option declarations, BE-10)", action)
        if opts.auto_declare:
            raise IllegalActionError(
                "declarations are made automatically (option auto_declare, BE-10.3)", action
            )
        if state._tricks:
            raise IllegalActionError(
                "declarations are made during the first trick only (BE-10.3)", action
            )
        seat = state._to
        hand = _hand(state, seat)
        declared = cast("tuple[Combination, ...]", state.data.declarations)
        combo = Combination(seat, kind, tuple(action.shown))
        match = next(
            (
                c
                for c in combos_of(state.data)[seat]
                if c.kind is kind and set(c.cards) == set(action.shown)
            ),
            None,
        )
        mine = tuple(c for c in declared if c.seat == seat)
        reuse = opts.declaration_card_reuse
        if match is None:
            reason = is_valid_declaration(combo, hand, mine, reuse)
            raise IllegalActionError(
                f"cannot declare {kind.label} "
                f"{format_cards(action.shown, PIQUET_NOTATION)}: "
                f"{reason or 'not a combination of this hand (BE-10.1)'}",
                action,
            )
        reason = is_valid_declaration(match, hand, mine, reuse)
        if reason is not None:
            raise IllegalActionError(f"cannot declare {kind.label}: {reason}", action)
        data = evolve(state.data, declarations=(*declared, match))
        return state.proceed(
            Declare(kind, match.cards, notation=PIQUET_NOTATION), to_act=seat, data=data
        )

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return {"declare": (_parse_declare, "declare <combination> <cards>")}
