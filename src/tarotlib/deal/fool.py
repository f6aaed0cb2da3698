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
- :class:`ExchangeRule` — the Matto of the Lombard games (LO-7) and the Fou of Chambéry (CH-12): the
  trick goes to its winner, fool included; its owner takes it back and gives the winner a card of
  little value from his own won cards (or his side's), at once or right after he (his side) first
  wins a trick; if that never happens the fool stays with the winner. The card given is the
  lowest-valued one (the earliest won among equals), or chosen by the owner.

A rule that lets a player choose (:attr:`FoolRule.chooses`) makes the play phase ask that player
between two tricks; its actions are :class:`~tarotlib.actions.Give`.
"""

from __future__ import annotations

from typing import Final, Literal, Protocol, cast

import attrs

from tarotlib.actions import Action, Give
from tarotlib.cards import ALL_CARDS, FULL_MASK, Card, cards_of
from tarotlib.deal.data import DealData, evolve, note, with_note
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.errors import IllegalActionError

__all__ = ["FOOL_EXCHANGE", "ExchangeRule", "ExcuseRule", "FoolRule", "fool_exchange"]

FOOL_EXCHANGE: Final = "fool_exchange"
"""The note of an :class:`ExchangeRule` exchange once made: ``(owner, holder, card given)``."""


def fool_exchange(state: DealState) -> tuple[int, int, Card] | None:
    """The fool's exchange made so far under an :class:`ExchangeRule` (LO-7.4, CH-12.4): its
    owner, the seat that had won it and received a card for it, and that card; None while none
    was made (none due, or waiting, LO-7.5, or never made, LO-7.6).

    >>> from tarotlib.deal._examples import matto_deal
    >>> owner, holder, card = fool_exchange(matto_deal())
    >>> owner, holder, card.text
    (0, 1, '1S')
    """
    made = note(state._d.notes, FOOL_EXCHANGE)
    if made is None:
        return None
    owner, holder, card = cast("tuple[int, int, int]", made)
    return owner, holder, ALL_CARDS[card]


class FoolRule(Protocol):
    """What the play phase asks a fool rule when a trick is complete (see the module docstring).
    :class:`ExcuseRule` and :class:`ExchangeRule` subclass it.

    >>> import tarotlib
    >>> excuse = tarotlib.variant("french-tarot").phase_list[-2].fool   # FT-10
    >>> type(excuse).__name__, excuse.chooses
    ('ExcuseRule', False)
    >>> from tarotlib.deal._examples import matto_deal
    >>> state = matto_deal(payment="chosen")   # LO-7.7: the fool's owner chooses what he gives
    >>> state.rules.phase_list[0].fool.chooses, state.to_act, [a.text for a in state.legal_actions()]
    (True, 0, ['give 1S', 'give KS'])
    """

    __slots__ = ()  # its implementations are slotted attrs classes

    @property
    def chooses(self) -> bool:
        """True if the rule may ask a player to choose (then the methods below are used)."""
        ...

    def chooser(self, pending: object) -> int:
        """The seat that must choose now, given what is pending (``state._fx``), or -1.

        >>> from tarotlib.deal._examples import matto_deal
        >>> state = matto_deal(payment="chosen")   # seat 0's fool is in seat 1's pile
        >>> rule = state.rules.phase_list[0].fool
        >>> rule.chooser(state._fx), rule.chooser(None)
        (0, -1)
        """
        ...

    def choices(self, state: DealState) -> tuple[Action, ...]:
        """The choices of the seat that must choose (what ``legal_actions()`` returns then).

        LO-7.7 ``any_own_card``: any card the fool's owner (seat 0) has won.

        >>> from tarotlib.deal._examples import matto_deal
        >>> state = matto_deal(payment="chosen")
        >>> [a.text for a in state.rules.phase_list[0].fool.choices(state)]
        ['give 1S', 'give KS']
        """
        ...

    def choose(self, state: DealState, action: Action) -> tuple[int, object, DealData]:
        """``(piles, pending, deal facts)`` after the choice ``action`` (raises
        :class:`~tarotlib.errors.IllegalActionError` for a choice that is not allowed).

        >>> from tarotlib.actions import Give
        >>> from tarotlib.cards import parse_card
        >>> from tarotlib.deal._examples import matto_deal
        >>> state = matto_deal(payment="chosen")
        >>> rule = state.rules.phase_list[0].fool
        >>> piles, pending, data = rule.choose(state, Give(parse_card("KS")))
        >>> pending, [[card.text for card in pile] for pile in state.apply(Give(parse_card("KS"))).piles()]
        (None, [['1S', 'EX'], ['3S', 'KS']])
        >>> rule.choose(state, Give(parse_card("QS")))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: give QS: the card given for the fool must come from the owner...
        """
        ...

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
        card; ``new`` the state being built (its deal facts are current).

        FT-10.4: seat 0 (defence) plays the Excuse to a trick seat 1 (attack) wins; it stays in
        seat 0's pile and the defence owes seat 1 a low card (pending: ``side * 16 + seat``).

        >>> import tarotlib
        >>> from tarotlib.cards import card_mask, parse_cards
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=4)
        >>> for text in ("bid garde-contre", "pass", "pass", "pass", "no-slam",
        ...              "play T20", "play T13", "play T19"):
        ...     state = state.apply(rules.parse_action(text))
        >>> trick = parse_cards("T20 T13 T19 EX")
        >>> excuse = rules.phase_list[-2].fool
        >>> winner, piles, pending = excuse.trick_end(state, state, trick, card_mask(trick), 1, False)
        >>> winner, pending, state.sides
        (1, (17, ''), (1, 0, 1, 1))
        """
        ...


def _pile(piles: int, seat: int) -> int:
    return piles >> SEAT_BITS * seat & FULL_MASK


_NO_DEBT: Final = -1


@attrs.frozen
class ExcuseRule(FoolRule):
    """The Excuse of French Tarot (FT-10) for a game whose sides are ``state.sides``.

    ``card`` is the Excuse's index; ``low`` the mask of the cards that may be handed over for it
    (FT-10.4: the 0.5-point cards). ``last_trick`` (O-1, FT-10.7): an Excuse played to the last
    trick ``changes_camp`` (goes to the other side; only meaningful with two sides, else as
    ``to_winner``) or goes ``to_winner``. ``slam_exception`` (O-2, FT-10.8): the Excuse wins the
    last trick for a side that won every earlier trick — ``any_side``, only the ``declarer_side``,
    or ``none``.

    What is pending is ``(debt, note)``: ``debt`` is ``debtor side * 16 + creditor seat`` (-1: none)
    and ``note`` says how the Excuse ended, for the score's breakdown. Nobody chooses anything.

    >>> import tarotlib
    >>> excuse = tarotlib.variant("french-tarot", excuse_last_trick="to_winner").phase_list[-2].fool
    >>> excuse.last_trick, excuse.slam_exception, excuse.chooses
    ('to_winner', 'any_side', False)
    """

    card: int
    low: int
    last_trick: Literal["changes_camp", "to_winner"] = "changes_camp"
    slam_exception: Literal["any_side", "declarer_side", "none"] = "any_side"
    chooses: bool = attrs.field(default=False, init=False)

    def chooser(self, pending: object) -> int:
        return -1

    def choices(self, state: DealState) -> tuple[Action, ...]:
        return ()

    def choose(self, state: DealState, action: Action) -> tuple[int, object, DealData]:
        raise IllegalActionError("the Excuse rule asks nobody to choose", action)

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
        """``(debtor side, creditor seat)`` of an Excuse debt not (yet) paid, or None (FT-10.6).

        FT-10.5: the defence (side 1) played the Excuse to seat 1's first trick and has no card
        to pay with yet; it pays as soon as it wins a trick with a low card.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=4)
        >>> for text in ("bid garde-contre", "pass", "pass", "pass", "no-slam",
        ...              "play T20", "play T13", "play T19", "play EX"):
        ...     state = state.apply(rules.parse_action(text))
        >>> excuse = rules.phase_list[-2].fool
        >>> excuse.debt(state)
        (1, 1)
        >>> for text in ("play T18", "play T11", "play T17", "play T21"):   # seat 0 wins
        ...     state = state.apply(rules.parse_action(text))
        >>> excuse.debt(state) is None
        True
        """
        debt = _pending(state)[0]
        return None if debt < 0 else divmod(debt, 16)

    def note(self, state: DealState) -> str:
        """How the Excuse ended, when it was played to the last trick (else ``""``).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid garde-sans"))
        >>> while not state.is_over:   # the Excuse, last of the legal cards, is kept to the end
        ...     state = state.apply(state.legal_actions()[0])
        >>> rules.phase_list[-2].fool.note(state)
        'the Excuse played to the last trick changes camp (FT-10.7, seat 1)'
        """
        return _pending(state)[1]


def _pending(state: DealState) -> tuple[int, str]:
    fx = state._fx
    return (_NO_DEBT, "") if fx is None else cast("tuple[int, str]", fx)


def _next_seat(state: DealState, seat: int) -> int:
    return state._x.nxt[seat]  # type: ignore[attr-defined, no-any-return]


_GIVES: Final = tuple(Give(c) for c in ALL_CARDS)


@attrs.frozen
class ExchangeRule(FoolRule):
    """The Matto (LO-7.3 – LO-7.9) and the Fou (CH-12.3 – CH-12.6), by their options.

    The trick goes to its winner W, the fool included (LO-7.4). If the fool's owner X must redeem
    it (``exchange_with``: from ``anyone`` but himself — LO-7.8 ``perform`` — or only from the
    ``other_side`` — LO-7.8 ``skip``, CH-12.4), X takes it back into his pile and W receives one card
    from X's won cards (``source="own"``, LO-7.4, CH-12.4 ``own``) or his side's (``"side"``,
    CH-12.4 default); ``from_discard`` (LO-7.9, CH-7.4) lets the dealer pay from his discard. While
    the source holds no card the exchange waits, and is made right after it first does (LO-7.5); if
    that never happens the fool stays with W (LO-7.6). The card given (``payment``): the
    ``lowest``-valued by ``values`` (face values; the earliest won among equals, LO-7.7
    ``blank_else_lowest``, CH-12.5 ``zero_else_lowest``), or ``chosen`` by X (``any_own_card``,
    ``any_source_card``: the play phase asks X between two tricks, with ``give <card>`` actions).
    ``last_trick="to_winner"`` (CH-12.6): a fool played to the last trick belongs to its winner.

    What is pending is ``(owner, holder, choosing)`` for an exchange not yet made.

    >>> from tarotlib.deal._examples import matto_deal
    >>> state = matto_deal()   # seat 0 led the fool to a trick that seat 1 won
    >>> [[card.text for card in pile] for pile in state.piles()]   # LO-7.4: EX back, 1S given
    [['KS', 'EX'], ['1S', '3S']]
    >>> matto_deal(payment="chosen").legal_actions()   # LO-7.7 any_own_card: seat 0 chooses
    (Give(card=Card(1S)), Give(card=Card(KS)))
    """

    card: int
    values: tuple[int, ...] = attrs.field(repr=False)
    source: Literal["own", "side"] = "own"
    exchange_with: Literal["anyone", "other_side"] = "anyone"
    payment: Literal["lowest", "chosen"] = "lowest"
    from_discard: bool = False
    last_trick: Literal["normal", "to_winner"] = "normal"

    @property
    def chooses(self) -> bool:
        """True when the owner chooses the card he gives (``payment="chosen"``)."""
        return self.payment == "chosen"

    def trick_end(
        self,
        new: DealState,
        before: DealState,
        trick: tuple[int, ...],
        mask: int,
        winner: int,
        last: bool,
    ) -> tuple[int, int, object]:
        sides = new._d.sides
        piles = before._piles | mask << SEAT_BITS * winner  # LO-7.4: the whole trick to W
        pending = cast("tuple[int, int, bool] | None", before._fx)
        if mask >> self.card & 1 and not (last and self.last_trick == "to_winner"):
            owner = before._lead
            for c in trick:
                if c == self.card:
                    break
                owner = before._x.nxt[owner]  # type: ignore[attr-defined]
            if owner != winner and (
                self.exchange_with == "anyone" or sides[owner] != sides[winner]
            ):
                pending = (owner, winner, False)
        if pending is None:
            return winner, piles, None
        piles, after = self._settle(new, piles, pending, before._tricks, trick)
        return winner, piles, after

    def _source(self, data: DealData, owner: int, piles: int) -> tuple[int, ...]:
        """The seats whose won cards may pay for the owner's fool."""
        if self.source == "own":
            return (owner,)
        return tuple(s for s, side in enumerate(data.sides) if side == data.sides[owner])

    def _available(self, data: DealData, owner: int, piles: int) -> int:
        """The cards that may be given now (never the fool itself)."""
        cards = 0
        for seat in self._source(data, owner, piles):
            cards |= piles >> SEAT_BITS * seat & FULL_MASK
        if self.from_discard and data.dealer in self._source(data, owner, piles):
            cards |= data.discard
        return cards & ~(1 << self.card)

    def _settle(
        self,
        new: DealState,
        piles: int,
        pending: tuple[int, int, bool],
        earlier: tuple[tuple[int, tuple[int, ...], int], ...],
        trick: tuple[int, ...],
    ) -> tuple[int, object]:
        """Make the pending exchange if the owner has a card to give (``earlier``: the tricks
        before ``trick``, the one just completed, as the deal machine keeps them)."""
        owner, holder, _ = pending
        available = self._available(new._d, owner, piles)
        if not available:
            return piles, (owner, holder, False)  # LO-7.5: it waits
        if self.payment == "chosen":
            return piles, (owner, holder, True)
        # LO-7.7: the lowest-valued card, the earliest won among equals (the tricks in the order
        # they were won, each in play order, then the discard's cards); no card is worth less than
        # a blank, so the first blank ends the search.
        values = self.values
        floor = min(values)
        best, low, seen = -1, 0, 0
        for cards in (*(t[1] for t in earlier), trick):
            for c in cards:
                seen |= 1 << c
                if available >> c & 1 and (best < 0 or values[c] < low):
                    best, low = c, values[c]
                    if low == floor:
                        break
            else:
                continue
            break
        else:
            for c in cards_of(available & ~seen):  # the discard last (LO-7.9)
                if best < 0 or values[c] < low:
                    best, low = c, values[c]
        piles, data = self._exchange(new._d, piles, owner, holder, best)
        new._d = data
        return piles, None

    def _exchange(
        self, data: DealData, piles: int, owner: int, holder: int, card: int
    ) -> tuple[int, DealData]:
        """Move the fool from the holder's pile to the owner's, and ``card`` to the holder's."""
        piles &= ~(1 << self.card + SEAT_BITS * holder)
        piles |= 1 << self.card + SEAT_BITS * owner
        for seat in self._source(data, owner, piles):
            if piles >> card + SEAT_BITS * seat & 1:
                piles &= ~(1 << card + SEAT_BITS * seat)
                break
        else:  # from the dealer's discard (LO-7.9 option)
            data = evolve(data, discard=data.discard & ~(1 << card))
        # LO-9: the exchange is public; the deal records it (fool_exchange reads it).
        data = evolve(data, notes=with_note(data.notes, FOOL_EXCHANGE, (owner, holder, card)))
        return piles | 1 << card + SEAT_BITS * holder, data

    def chooser(self, pending: object) -> int:
        if pending is None:
            return -1
        owner, _holder, choosing = cast("tuple[int, int, bool]", pending)
        return owner if choosing else -1

    def choices(self, state: DealState) -> tuple[Action, ...]:
        owner, _holder, _ = cast("tuple[int, int, bool]", state._fx)
        return tuple(_GIVES[c] for c in cards_of(self._available(state._d, owner, state._piles)))

    def choose(self, state: DealState, action: Action) -> tuple[int, object, DealData]:
        owner, holder, _ = cast("tuple[int, int, bool]", state._fx)
        if not isinstance(action, Give):
            raise state.wrong(action, "a card to give for the fool (give <card>)")
        if not self._available(state._d, owner, state._piles) >> action.card & 1:
            raise IllegalActionError(
                "the card given for the fool must come from the owner's won cards"
                + (" or his side's" if self.source == "side" else ""),
                action,
            )
        piles, data = self._exchange(state._d, state._piles, owner, holder, action.card)
        return piles, None, data
