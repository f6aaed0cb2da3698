"""Cards exposed from the deal (LO-12): the dealer's extra cards and the last card of each hand.

Right after the deal (LO-12.1) the dealer turns face up the last ``dealer_cards`` cards he dealt
himself (his extra cards) and the last ``others_cards`` card dealt to each other active player.
While fewer than ``plain`` of his face-up cards are not honours (LO-12.2: the Kings, the Mondo,
the Bagatto, the Matto — the game gives them), he turns up more of his own cards: in the reverse
of the order he received them (``order="reverse_deal"``, automatic) or as he chooses
(``order="dealer_choice"``: one :class:`~tarotlib.core.actions.Expose` action per card, ``expose KH``).
Honours turned up stay face up and the turning goes on. Cards already face up count.

The exposed cards and who holds them stay public after the hands are picked up (LO-12.3, LO-9):
the phase notes them under ``key`` in the deal's facts, as ``(seat, card)`` pairs in the order they
were turned (:func:`exposed`; :func:`face_up` gives those still in their holders' hands). The phase
needs the dealing order of each hand (``data.order``: a dealing plan that keeps it, LO-11).

>>> from tarotlib.core.cards import card_mask, parse_cards
>>> from tarotlib.deal._examples import ExampleGame
>>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
>>> honours = card_mask(parse_cards("KS KH KD KC T21 T1 EX"))
>>> game = ExampleGame("2S 3S 4S 5S 6S 7S 8S KS KH T21 T1", DealerExtraSchedule(3, 2, keep_order=True),
...                    (ExposeCards(honours),), play=False)
>>> state = game.new_deal(layout=Layout.in_order(["KS 2S 3S", "4S 5S 6S", "8S 7S KH T21 T1"], dealer=2))
>>> [(seat, card.text) for seat, card in exposed(state.data)]
[(2, 'T21'), (2, 'T1'), (0, '3S'), (1, '6S'), (2, 'KH'), (2, '7S'), (2, '8S')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, Literal, TypeVar

import attrs

from tarotlib.core.actions import Action, Expose
from tarotlib.core.cards import ALL_CARDS, Card, cards_of, parse_card
from tarotlib.deal.data import DealData, Note, as_note
from tarotlib.deal.phase import Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError, DealError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["EXPOSED", "ExposeCards", "ExposureOrder", "exposed", "face_up"]

S = TypeVar("S", bound=DealState)

ExposureOrder = Literal["reverse_deal", "dealer_choice"]
"""LO-12.2, option ``exposure_order``: the dealer's further cards are turned in the reverse of the
order he received them (automatic), or chosen by him."""

Exposed = tuple[tuple[int, Card], ...]

EXPOSED: Final[Note[Exposed]] = Note("exposed", ())
"""The default note of :class:`ExposeCards`: the cards exposed, with their holders, in order."""

_EXPOSE: Final = tuple(Expose(c) for c in ALL_CARDS)


def _always(data: DealData) -> bool:
    return True


def exposed(data: DealData, key: Note[Exposed] = EXPOSED) -> Exposed:
    """The cards exposed so far, with their holders, in the order they were turned up (public,
    LO-12.3); ``()`` before the exposure or in a deal without one.

    >>> from tarotlib.deal.data import DealData
    >>> exposed(DealData(0, None, (), 0, ()))
    ()
    """
    return data.note(key)


def face_up(state: DealState, key: Note[Exposed] = EXPOSED) -> Exposed:
    """The exposed cards still in their holders' hands (the ones not played yet): what the table
    still sees of them.

    >>> import tarotlib
    >>> face_up(tarotlib.variant("french-tarot").new_deal(seed=1))
    ()
    """
    return tuple((seat, card) for seat, card in exposed(state.data, key) if state.holds(seat, card))


def _exposed_key(key: Note[Exposed] | str) -> Note[Exposed]:
    """The exposure note's key (a name: deprecated)."""
    return as_note(key, ())


@attrs.frozen
class ExposeCards(Phase[None]):
    """The exposure of LO-12 (see the module docstring).

    - ``honours``: the mask of the honours (LO-4: Kings, trump 21, trump 1, the fool);
    - ``order``: how the dealer's further cards are turned (LO-12.2, option ``exposure_order``);
    - ``dealer_cards``: how many of the dealer's last cards are turned first (his extra cards, 2);
    - ``others_cards``: how many of each other player's last cards are turned (1);
    - ``plain``: the dealer turns cards until this many of his face-up cards are not honours (2);
    - ``key``: where the exposed cards are noted in the deal's facts;
    - ``when``: whether the exposure happens in a deal (default: always).

    >>> from tarotlib.core.cards import TRUMP_MASK
    >>> ExposeCards(TRUMP_MASK).name, ExposeCards(TRUMP_MASK, order="dealer_choice").order
    ('exposure', 'dealer_choice')
    """

    honours: int
    order: ExposureOrder = "reverse_deal"
    dealer_cards: int = 2
    others_cards: int = 1
    plain: int = 2
    key: Note[Exposed] = attrs.field(default=EXPOSED, converter=_exposed_key)
    when: Callable[[DealData], bool] = _always
    expects: str = "a card of the dealer's to turn face up (LO-12.2)"
    name: str = "exposure"

    def __attrs_post_init__(self) -> None:
        if self.order not in ("reverse_deal", "dealer_choice"):
            raise ValueError(
                f"exposure order must be 'reverse_deal' or 'dealer_choice', got {self.order!r}"
            )

    def active(self, data: DealData) -> bool:
        """Whether the exposure happens in a deal with these facts (``when``).

        >>> from tarotlib.deal.data import DealData
        >>> ExposeCards(0).active(DealData(0, None, (), 0, ()))
        True
        """
        return self.when(data)

    def _done(self, shown: Exposed, dealer: int, hand: int) -> bool:
        """LO-12.2: enough of the dealer's face-up cards are not honours, or he has no face-down
        card left."""
        mine = 0
        for seat, card in shown:
            if seat == dealer:
                mine |= 1 << card
        return (mine & ~self.honours).bit_count() >= self.plain or not hand & ~mine

    def start(self, state: S) -> S:
        """Turn up the dealer's extra cards and the last card of each other hand (LO-12.1); then,
        in reverse dealing order, more of the dealer's cards (LO-12.2), or let him choose them.

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> phase = ExposeCards(card_mask(parse_cards("KS")), order="dealer_choice")
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S KS", DealerExtraSchedule(2, 2, keep_order=True),
        ...                    (phase,), play=False)
        >>> state = game.new_deal(layout=Layout.in_order(["1S 2S", "3S 4S", "5S 6S KS 7S"], dealer=2))
        >>> state.phase, state.to_act, [(seat, card.text) for seat, card in exposed(state.data)]
        ('exposure', 2, [(2, 'KS'), (2, '7S'), (0, '2S'), (1, '4S')])
        """
        d = state.data
        order = d.order
        if order is None:
            raise DealError(
                "the exposure (LO-12) needs the order in which each hand was dealt: deal with a "
                "plan that keeps it (LO-11)"
            )
        n = state.rules.players
        dealer = d.dealer
        mine = order[dealer]
        first = mine[len(mine) - min(self.dealer_cards, len(mine)) :]
        shown: list[tuple[int, Card]] = [(dealer, c) for c in first]
        for k in range(1, n):
            seat = (dealer + k) % n
            cards = order[seat]
            if seat != d.sitter and cards:
                shown += [
                    (seat, c) for c in cards[len(cards) - min(self.others_cards, len(cards)) :]
                ]
        exposed_now = tuple(shown)
        hand = state.held(dealer)
        if self.order == "reverse_deal":
            for card in reversed(mine):
                if self._done(exposed_now, dealer, hand):
                    break
                if (dealer, card) not in exposed_now:
                    exposed_now += ((dealer, card),)
        data = d.noted(self.key, exposed_now)
        if self._done(exposed_now, dealer, hand):
            return state.skip(data=data)
        return state.begin(dealer, data=data)

    def _face_down(self, state: DealState) -> int:
        dealer = state.actor
        hand = state.held(dealer)
        for seat, card in exposed(state.data, self.key):
            if seat == dealer:
                hand &= ~(1 << card)
        return hand

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return card_actions(Expose, game)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """Under ``dealer_choice``: turning up any of the dealer's face-down cards.

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> phase = ExposeCards(card_mask(parse_cards("KS")), order="dealer_choice")
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S KS", DealerExtraSchedule(2, 2, keep_order=True),
        ...                    (phase,), play=False)
        >>> state = game.new_deal(layout=Layout.in_order(["1S 2S", "3S 4S", "5S 6S KS 7S"], dealer=2))
        >>> [action.text for action in state.legal_actions()]
        ['expose 5S', 'expose 6S']
        """
        return tuple(_EXPOSE[c] for c in cards_of(self._face_down(state)))

    def apply(self, state: S, action: Action) -> S:
        """Turn up the card the dealer chose; the exposure ends once enough of his face-up cards
        are not honours (LO-12.2).

        >>> from tarotlib.core.cards import card_mask, parse_cards
        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> phase = ExposeCards(card_mask(parse_cards("KS")), order="dealer_choice")
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S KS", DealerExtraSchedule(2, 2, keep_order=True),
        ...                    (phase,), play=False)
        >>> state = game.new_deal(layout=Layout.in_order(["1S 2S", "3S 4S", "5S 6S KS 7S"], dealer=2))
        >>> state.apply(game.parse_action("expose 7S"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: expose 7S: 7S is already face up
        >>> state = state.apply(game.parse_action("expose 6S"))
        >>> state.phase, [card.text for seat, card in face_up(state) if seat == 2]
        ('over', ['KS', '7S', '6S'])
        """
        if not isinstance(action, Expose):
            raise state.wrong(action, self.expects)
        card = action.card
        dealer = state.actor
        if not self._face_down(state) >> card & 1:
            shown = exposed(state.data, self.key)
            if (dealer, card) in shown:
                raise IllegalActionError(f"{card} is already face up", action)
            raise IllegalActionError(f"{card} is not in the dealer's hand", action)
        d = state.data
        now = (*exposed(d, self.key), (dealer, ALL_CARDS[card]))
        data = d.noted(self.key, now)
        hand = state.held(dealer)
        if self._done(now, dealer, hand):
            return state.advance(action, data=data)
        return state.proceed(action, to_act=dealer, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``expose <card>``.

        >>> parser, help = ExposeCards(0).parsers(None)["expose"]
        >>> parser(["KH"]).text, help
        ('expose KH', 'expose <card>')
        """

        def expose(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("expose takes one card, e.g. 'expose KH'")
            return _EXPOSE[parse_card(args[0])]

        return {"expose": (expose, "expose <card>")}
