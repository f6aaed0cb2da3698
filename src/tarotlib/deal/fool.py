"""Fool rules: what happens to the fool card (Excuse, Matto, Fou) when a trick is complete.

The fool may be played to any trick and never wins it (the trick rules see to that,
:mod:`tarotlib.tricks`); *who keeps it*, what is given back for it, and when, is the game's fool
rule, consulted by the play phase (:mod:`tarotlib.deal.play`) only for a trick that holds the fool
or while something is pending.

- :class:`ExcuseRule` — French Tarot's Excuse (FT-10): it stays in its side's pile and its side owes
  the trick's winner one low card, handed over from the side's pile at once or as soon as the side
  has one; a debt never paid is settled as half a point at the count. The last trick has its own
  rule (it changes side, or goes to the winner), and a side that has won every earlier trick wins
  the last one with it (the slam exception).
"""

from __future__ import annotations

from typing import Final, Literal, Protocol, cast

import attrs

from tarotlib.cards import FULL_MASK
from tarotlib.deal.state import SEAT_BITS, DealState

__all__ = ["ExcuseRule", "FoolRule"]


class FoolRule(Protocol):
    """What the play phase asks a fool rule when a trick is complete (see the module docstring)."""

    def trick_end(
        self,
        new: DealState,
        before: DealState,
        trick: tuple[int, ...],
        mask: int,
        winner: int,
        last: bool,
    ) -> tuple[int, int, object]:
        """``(winner, piles, pending)`` once the trick ``trick`` (cards ``mask``) is complete:
        the seat that won it (the fool may change it), the packed piles, and what the rule has
        pending afterwards (None when nothing). ``before`` is the state before the trick's last
        card; ``new`` the state being built (its deal facts are current)."""
        ...


def _pile(piles: int, seat: int) -> int:
    return piles >> SEAT_BITS * seat & FULL_MASK


_NO_DEBT: Final = -1


@attrs.frozen
class ExcuseRule:
    """The Excuse of French Tarot (FT-10) for a game whose sides are ``state.sides``.

    ``card`` is the Excuse's index; ``low`` the mask of the cards that may be handed over for it
    (FT-10.4: the 0.5-point cards). ``last_trick`` (O-1, FT-10.7): an Excuse played to the last
    trick ``changes_camp`` (goes to the other side; only meaningful with two sides, else as
    ``to_winner``) or goes ``to_winner``. ``slam_exception`` (O-2, FT-10.8): the Excuse wins the
    last trick for a side that won every earlier trick — ``any_side``, only the ``declarer_side``,
    or ``none``.

    What is pending is ``(debt, note)``: ``debt`` is ``debtor side * 16 + creditor seat`` (-1: none)
    and ``note`` says how the Excuse ended, for the score's breakdown.
    """

    card: int
    low: int
    last_trick: Literal["changes_camp", "to_winner"] = "changes_camp"
    slam_exception: Literal["any_side", "declarer_side", "none"] = "any_side"

    def trick_end(
        self,
        new: DealState,
        before: DealState,
        trick: tuple[int, ...],
        mask: int,
        winner: int,
        last: bool,
    ) -> tuple[int, int, object]:
        sides = new.data.sides
        debt, note = _pending(before)
        piles = before._piles
        bit = 1 << self.card
        if mask & bit:
            winner, piles, note, debt = self._excuse(new, before, trick, mask, winner, last)
        else:
            piles |= mask << SEAT_BITS * winner
        if debt >= 0 and sides[winner] == debt // 16:
            piles, debt = self._settle(piles, sides, debt)
        return winner, piles, (None if debt < 0 and not note else (debt, note))

    def _excuse(
        self,
        new: DealState,
        before: DealState,
        trick: tuple[int, ...],
        mask: int,
        winner: int,
        last: bool,
    ) -> tuple[int, int, str, int]:
        """FT-10.4 – FT-10.8 for a trick holding the Excuse: the trick's winner (changed by
        FT-10.8), the piles, the note on the Excuse and the debt."""
        sides = new.data.sides
        n = len(sides)
        debt, note = _pending(before)
        piles = before._piles
        bit = 1 << self.card
        xseat = before._lead
        for c in trick:
            if c == self.card:
                break
            xseat = _next_seat(before, xseat)
        xside = sides[xseat]
        if last and self._wins_last(new, before, xside):
            piles |= (
                mask << SEAT_BITS * xseat
            )  # FT-10.8: the slam-maker's Excuse wins the last trick
            return (
                xseat,
                piles,
                f"the Excuse (seat {xseat}) won the last trick (slam, FT-10.8)",
                debt,
            )
        piles |= (mask & ~bit) << SEAT_BITS * winner
        if last:
            if self.last_trick == "changes_camp" and len(set(sides)) == 2:
                # FT-10.7: it goes to the side opposite to its player.
                dest = winner
                if sides[winner] == xside:
                    dest = min(s for s in range(n) if sides[s] != xside)
                note = f"the Excuse played to the last trick changes camp (FT-10.7, seat {dest})"
            else:
                dest = winner
                note = f"the Excuse played to the last trick goes to the winner (seat {dest})"
            return winner, piles | bit << SEAT_BITS * dest, note, debt
        piles |= bit << SEAT_BITS * xseat
        if sides[winner] != xside:
            # FT-10.4 / FT-10.5: one low card owed to the winner's side.
            piles, debt = self._settle(piles, sides, xside * 16 + winner)
        return winner, piles, note, debt

    def _wins_last(self, new: DealState, before: DealState, xside: int) -> bool:
        if self.slam_exception == "none":
            return False
        sides = new.data.sides
        if self.slam_exception == "declarer_side":
            declarer = new.data.declarer
            if declarer < 0 or xside != sides[declarer]:
                return False
        return all(sides[t[2]] == xside for t in before._tricks)

    def _settle(self, piles: int, sides: tuple[int, ...], debt: int) -> tuple[int, int]:
        """Hand over a low card from the debtor side's piles if it has one (FT-10.4, FT-10.5).

        The card moved is the debtor side's lowest-indexed low card (any is equivalent for the
        count). Returns the piles and the remaining debt: -1 if settled, else ``debt``."""
        debtor, creditor = divmod(debt, 16)
        best_card = best_seat = -1
        for seat, side in enumerate(sides):
            if side == debtor:
                low = _pile(piles, seat) & self.low
                if low:
                    c = (low & -low).bit_length() - 1
                    if best_card < 0 or c < best_card:
                        best_card, best_seat = c, seat
        if best_card < 0:
            return piles, debt
        piles ^= 1 << best_card + SEAT_BITS * best_seat
        piles |= 1 << best_card + SEAT_BITS * creditor
        return piles, _NO_DEBT

    def debt(self, state: DealState) -> tuple[int, int] | None:
        """``(debtor side, creditor seat)`` of an Excuse debt not (yet) paid, or None (FT-10.6)."""
        debt = _pending(state)[0]
        return None if debt < 0 else divmod(debt, 16)

    def note(self, state: DealState) -> str:
        """How the Excuse ended, when it was played to the last trick (else ``""``)."""
        return _pending(state)[1]


def _pending(state: DealState) -> tuple[int, str]:
    fx = state._fx
    return (_NO_DEBT, "") if fx is None else cast("tuple[int, str]", fx)


def _next_seat(state: DealState, seat: int) -> int:
    return state._x.nxt[seat]  # type: ignore[attr-defined, no-any-return]
