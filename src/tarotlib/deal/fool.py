"""Fool rules: what happens to the fool card (Excuse, Matto, Fou) when a trick is complete.

The fool may be played to any trick and never wins it (the trick rules see to that,
:mod:`tarotlib.core.tricks`); *who keeps it*, what is given back for it, and when, is the game's fool
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
between two tricks; its actions are :class:`~tarotlib.core.actions.Give`.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, Protocol, cast

import attrs

from tarotlib.core.actions import Action, Give
from tarotlib.core.cards import ALL_CARDS, Card, cards_of
from tarotlib.deal.data import DealData, Note, evolve
from tarotlib.deal.state import DealState, RawTrick, add_cards, hand_in, remove_cards
from tarotlib.errors import IllegalActionError

__all__ = ["FOOL_EXCHANGE", "ExchangeRule", "ExcuseRule", "FoolRule", "TrickEnd", "fool_exchange"]

FOOL_EXCHANGE: Final[Note[tuple[int, int, int] | None]] = Note("fool_exchange", None)
"""The note of an :class:`ExchangeRule` exchange once made: ``(owner, holder, card given)``."""


class TrickEnd(NamedTuple):
    """What the play phase tells a fool rule when a trick is complete: the deal's ``data`` (its
    facts, current), the packed ``piles`` and what was ``pending`` before the trick, the seat
    that led it (``leader``), the ``tricks`` completed before it, the next seat of each seat
    (``nxt``), the trick's cards in play order (``trick``, and as a ``mask``), the seat that won
    it under the trick rules (``winner``) and whether it is the ``last`` trick of the deal.

    >>> from tarotlib.deal._examples import matto_deal
    >>> state = matto_deal()
    >>> end = TrickEnd(state.data, 0, None, 0, (), (1, 0), (77, 13), 1 << 77 | 1 << 13, 1, False)
    >>> winner, piles, pending, data = state.rules.phase_list[0].fool.trick_end(end)
    >>> winner, pending   # LO-7.4: seat 1 wins the trick; seat 0's Matto waits for a card
    (1, (0, 1, False))
    """

    data: DealData
    piles: int
    pending: object
    leader: int
    tricks: tuple[RawTrick, ...]
    nxt: tuple[int, ...]
    trick: tuple[int, ...]
    mask: int
    winner: int
    last: bool


def fool_exchange(state: DealState) -> tuple[int, int, Card] | None:
    """The fool's exchange made so far under an :class:`ExchangeRule` (LO-7.4, CH-12.4): its
    owner, the seat that had won it and received a card for it, and that card; None while none
    was made (none due, or waiting, LO-7.5, or never made, LO-7.6).

    >>> from tarotlib.deal._examples import matto_deal
    >>> owner, holder, card = fool_exchange(matto_deal())
    >>> owner, holder, card.text
    (0, 1, '1S')
    """
    made = state.data.note(FOOL_EXCHANGE)
    if made is None:
        return None
    owner, holder, card = made
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
        """The seat that must choose now, given what is pending (``state.pending``), or -1.

        >>> from tarotlib.deal._examples import matto_deal
        >>> state = matto_deal(payment="chosen")   # seat 0's fool is in seat 1's pile
        >>> rule = state.rules.phase_list[0].fool
        >>> rule.chooser(state.pending), rule.chooser(None)
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

        >>> from tarotlib.core.actions import Give
        >>> from tarotlib.core.cards import parse_card
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

    def trick_end(self, end: TrickEnd) -> tuple[int, int, object, DealData]:
        """``(winner, piles, pending, data)`` once a trick is complete (:class:`TrickEnd` says
        what the rule is told): the seat that won it (the fool may change it), the packed piles,
        what the rule has pending afterwards (None when nothing) and the deal's facts (with what
        the rule notes).

        FT-10.4: seat 0 (defence) plays the Excuse to a trick seat 1 (attack) wins; it stays in
        seat 0's pile and the defence owes seat 1 a low card (pending: ``side * 16 + seat``).

        >>> import tarotlib
        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=4)
        >>> for text in ("bid garde-contre", "pass", "pass", "pass", "no-slam",
        ...              "play T20", "play T13", "play T19"):
        ...     state = state.apply(rules.parse_action(text))
        >>> trick = tuple(parse_cards("T20 T13 T19 EX"))
        >>> excuse = rules.phase_list[-2].fool
        >>> nxt = (1, 2, 3, 0)
        >>> end = TrickEnd(state.data, state.packed_piles, state.pending, state.leader,
        ...                state.trick_list, nxt, trick, card_mask(trick), 1, False)
        >>> winner, piles, pending, data = excuse.trick_end(end)
        >>> winner, pending, state.sides
        (1, (17, ''), (1, 0, 1, 1))
        """
        ...


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

    def trick_end(self, end: TrickEnd) -> tuple[int, int, object, DealData]:
        sides = end.data.sides
        debt, note = _pending(end.pending)
        piles = end.piles
        winner = end.winner
        if end.mask >> self.card & 1:
            winner, piles, note, debt = self._excuse(end)
        else:
            piles = add_cards(piles, winner, end.mask)
        if debt >= 0 and sides[winner] == debt // 16:
            piles, debt = self._settle(piles, sides, debt)
        return winner, piles, (None if debt < 0 and not note else (debt, note)), end.data

    def _excuse(self, end: TrickEnd) -> tuple[int, int, str, int]:
        """FT-10.4 – FT-10.8 for a trick holding the Excuse: the trick's winner (changed by
        FT-10.8), the piles, the note on the Excuse and the debt."""
        sides = end.data.sides
        n = len(sides)
        debt, note = _pending(end.pending)
        piles = end.piles
        winner = end.winner
        mask = end.mask
        bit = 1 << self.card
        xseat = end.leader
        for c in end.trick:
            if c == self.card:
                break
            xseat = end.nxt[xseat]
        xside = sides[xseat]
        if end.last and self._wins_last(end, xside):
            piles = add_cards(
                piles, xseat, mask
            )  # FT-10.8: the slam-maker's Excuse wins the last trick
            return (
                xseat,
                piles,
                f"the Excuse (seat {xseat}) won the last trick (slam, FT-10.8)",
                debt,
            )
        piles = add_cards(piles, winner, mask & ~bit)
        if end.last:
            if self.last_trick == "changes_camp" and len(set(sides)) == 2:
                # FT-10.7: it goes to the side opposite to its player.
                dest = winner
                if sides[winner] == xside:
                    dest = min(s for s in range(n) if sides[s] != xside)
                note = f"the Excuse played to the last trick changes camp (FT-10.7, seat {dest})"
            else:
                dest = winner
                note = f"the Excuse played to the last trick goes to the winner (seat {dest})"
            return winner, add_cards(piles, dest, bit), note, debt
        piles = add_cards(piles, xseat, bit)
        if sides[winner] != xside:
            # FT-10.4 / FT-10.5: one low card owed to the winner's side.
            piles, debt = self._settle(piles, sides, xside * 16 + winner)
        return winner, piles, note, debt

    def _wins_last(self, end: TrickEnd, xside: int) -> bool:
        if self.slam_exception == "none":
            return False
        sides = end.data.sides
        if self.slam_exception == "declarer_side":
            declarer = end.data.declarer
            if declarer < 0 or xside != sides[declarer]:
                return False
        return all(sides[t[2]] == xside for t in end.tricks)

    def _settle(self, piles: int, sides: tuple[int, ...], debt: int) -> tuple[int, int]:
        """Hand over a low card from the debtor side's piles if it has one (FT-10.4, FT-10.5).

        The card moved is the debtor side's lowest-indexed low card (any is equivalent for the
        count). Returns the piles and the remaining debt: -1 if settled, else ``debt``."""
        debtor, creditor = divmod(debt, 16)
        best_card = best_seat = -1
        for seat, side in enumerate(sides):
            if side == debtor:
                low = hand_in(piles, seat) & self.low
                if low:
                    c = (low & -low).bit_length() - 1
                    if best_card < 0 or c < best_card:
                        best_card, best_seat = c, seat
        if best_card < 0:
            return piles, debt
        piles = remove_cards(piles, best_seat, 1 << best_card)
        return add_cards(piles, creditor, 1 << best_card), _NO_DEBT

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
        debt = _pending(state.pending)[0]
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
        return _pending(state.pending)[1]


def _pending(pending: object) -> tuple[int, str]:
    """The Excuse rule's pending ``(debt, note)`` (none: no debt, no note)."""
    return (_NO_DEBT, "") if pending is None else cast("tuple[int, str]", pending)


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

    def trick_end(self, end: TrickEnd) -> tuple[int, int, object, DealData]:
        data = end.data
        sides = data.sides
        winner = end.winner
        piles = add_cards(end.piles, winner, end.mask)  # LO-7.4: the whole trick to W
        pending = cast("tuple[int, int, bool] | None", end.pending)
        if end.mask >> self.card & 1 and not (end.last and self.last_trick == "to_winner"):
            owner = end.leader
            for c in end.trick:
                if c == self.card:
                    break
                owner = end.nxt[owner]
            if owner != winner and (
                self.exchange_with == "anyone" or sides[owner] != sides[winner]
            ):
                pending = (owner, winner, False)
        if pending is None:
            return winner, piles, None, data
        piles, after, data = self._settle(data, piles, pending, end.tricks, end.trick)
        return winner, piles, after, data

    def _source(self, data: DealData, owner: int, piles: int) -> tuple[int, ...]:
        """The seats whose won cards may pay for the owner's fool."""
        if self.source == "own":
            return (owner,)
        return tuple(s for s, side in enumerate(data.sides) if side == data.sides[owner])

    def _available(self, data: DealData, owner: int, piles: int) -> int:
        """The cards that may be given now (never the fool itself)."""
        cards = 0
        for seat in self._source(data, owner, piles):
            cards |= hand_in(piles, seat)
        if self.from_discard and data.dealer in self._source(data, owner, piles):
            cards |= data.discard
        return cards & ~(1 << self.card)

    def _settle(
        self,
        data: DealData,
        piles: int,
        pending: tuple[int, int, bool],
        earlier: tuple[RawTrick, ...],
        trick: tuple[int, ...],
    ) -> tuple[int, object, DealData]:
        """Make the pending exchange if the owner has a card to give (``earlier``: the tricks
        before ``trick``, the one just completed, as the deal machine keeps them)."""
        owner, holder, _ = pending
        available = self._available(data, owner, piles)
        if not available:
            return piles, (owner, holder, False), data  # LO-7.5: it waits
        if self.payment == "chosen":
            return piles, (owner, holder, True), data
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
        piles, data = self._exchange(data, piles, owner, holder, best)
        return piles, None, data

    def _exchange(
        self, data: DealData, piles: int, owner: int, holder: int, card: int
    ) -> tuple[int, DealData]:
        """Move the fool from the holder's pile to the owner's, and ``card`` to the holder's."""
        fool = 1 << self.card
        piles = add_cards(remove_cards(piles, holder, fool), owner, fool)
        bit = 1 << card
        for seat in self._source(data, owner, piles):
            if hand_in(piles, seat) & bit:
                piles = remove_cards(piles, seat, bit)
                break
        else:  # from the dealer's discard (LO-7.9 option)
            data = evolve(data, discard=data.discard & ~bit)
        # LO-9: the exchange is public; the deal records it (fool_exchange reads it).
        data = data.noted(FOOL_EXCHANGE, (owner, holder, card))
        return add_cards(piles, holder, bit), data

    def chooser(self, pending: object) -> int:
        if pending is None:
            return -1
        owner, _holder, choosing = cast("tuple[int, int, bool]", pending)
        return owner if choosing else -1

    def choices(self, state: DealState) -> tuple[Action, ...]:
        owner, _holder, _ = cast("tuple[int, int, bool]", state.pending)
        available = self._available(state.data, owner, state.packed_piles)
        return tuple(_GIVES[c] for c in cards_of(available))

    def choose(self, state: DealState, action: Action) -> tuple[int, object, DealData]:
        owner, holder, _ = cast("tuple[int, int, bool]", state.pending)
        if not isinstance(action, Give):
            raise state.wrong(action, "a card to give for the fool (give <card>)")
        if not self._available(state.data, owner, state.packed_piles) >> action.card & 1:
            raise IllegalActionError(
                "the card given for the fool must come from the owner's won cards"
                + (" or his side's" if self.source == "side" else ""),
                action,
            )
        piles, data = self._exchange(state.data, state.packed_piles, owner, holder, action.card)
        return piles, None, data
