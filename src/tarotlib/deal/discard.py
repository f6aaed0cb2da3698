"""Discarding: the taker's écart (FT-6) and the dealer's discard (LO-8, TO-4, CH-7).

One seat puts a number of cards aside, one card at a time, under a
:class:`~tarotlib.core.discards.DiscardRule` (cards never discarded, cards discarded only when
unavoidable, or only all together: CH-7.2 ``dm_void``). With ``take_kitty`` the kitty first joins
that seat's hand (FT-6.1). The cards put aside are ``data.discard``; which of them are shown is the
game's, and who owns them at the count the game decides with :func:`discard_owner` (LO-8.3, CH-7.3).

The dealer's discard is ``DiscardCards(rule, count, who=dealer)``: before the auction (TO-4,
CH-7.1) or after it (LO-8.1, after the Monte), with the dealer's extra cards in hand
(:class:`~tarotlib.core.dealing.DealerExtraSchedule`).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=8)
>>> for text in ("pass", "bid garde", "pass", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, state.to_act, len(state.hand(2))
('discard', 2, 24)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar, Final, Literal, TypeVar

import attrs

from tarotlib._bits import mask_decoder
from tarotlib.core.actions import Action, Discard
from tarotlib.core.cards import ALL_CARDS, parse_card
from tarotlib.core.discards import DiscardRule
from tarotlib.deal.data import DealData, evolve
from tarotlib.deal.phase import Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import DealState, add_cards, remove_cards
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = ["DiscardCards", "DiscardOwner", "dealer", "declarer", "discard_owner"]

S = TypeVar("S", bound=DealState)

_DISCARDS: Final = tuple(Discard(c) for c in ALL_CARDS)
_DECODE: Final = mask_decoder(_DISCARDS)


def declarer(state: DealState) -> int:
    """The declarer (the taker).

    >>> import tarotlib
    >>> declarer(tarotlib.variant("french-tarot").new_deal(seed=1))
    -1
    """
    return state.data.declarer


def dealer(state: DealState) -> int:
    """The dealer.

    >>> import tarotlib
    >>> dealer(tarotlib.variant("french-tarot").new_deal(seed=1, dealer=2))
    2
    """
    return state.data.dealer


DiscardOwner = Literal["dealer", "last_trick", "dealer_else_last_trick"]
"""Who owns the dealer's discard at the count: the ``dealer`` always (CH-7.3, the default of option
``discard_owner``), the winner of the ``last_trick`` (CH-7.3's alternative), or the dealer if he
personally won a trick and else the winner of the last trick (``dealer_else_last_trick``, LO-8.3,
TO-4)."""


def discard_owner(state: DealState, rule: DiscardOwner) -> int:
    """The seat that owns the dealer's discard under ``rule`` (:data:`DiscardOwner`), for a game's
    count: LO-8.3 (``dealer_else_last_trick``: the dealer if he personally won a trick — his
    partner's tricks do not count — else the winner of the last trick) or CH-7.3 (``dealer``,
    ``last_trick``). -1 when the rule needs a trick and none has been played.

    >>> from tarotlib.deal._examples import ExampleGame
    >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
    >>> from tarotlib.core.discards import DiscardRule
    >>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S", DealerExtraSchedule(hand=2, extra=1),
    ...                    (DiscardCards(DiscardRule(), 1, who=dealer),))
    >>> state = game.new_deal(layout=Layout.from_text(["7S 2S", "6S 5S", "1S 3S 4S"], dealer=2))
    >>> for text in ("discard 4S", "play 7S", "play 5S", "play 1S", "play 2S", "play 6S", "play 3S"):
    ...     state = state.apply(game.parse_action(text))
    >>> [trick.winner for trick in state.tricks]    # the dealer, seat 2, won no trick
    [0, 1]
    >>> [discard_owner(state, rule) for rule in ("dealer", "last_trick", "dealer_else_last_trick")]
    [2, 1, 1]
    """
    d = state.data
    if rule == "dealer":
        return d.dealer
    tricks = state.trick_list
    if rule == "dealer_else_last_trick":
        if any(winner == d.dealer for _, _, winner in tricks):
            return d.dealer
    elif rule != "last_trick":
        raise ValueError(
            f"discard owner must be 'dealer', 'last_trick' or 'dealer_else_last_trick', got {rule!r}"
        )
    return tricks[-1][2] if tricks else -1


def _always(data: DealData) -> bool:
    return True


@attrs.frozen
class DiscardCards(Phase[int]):
    """Seat ``who(state)`` discards ``count`` cards one at a time under ``rule`` (FT-6.2, LO-8.2,
    CH-7.2), after taking the kitty into his hand when ``take_kitty`` (FT-6.1). ``when`` says
    whether the discard happens in a deal (FT-6.1: Prise and Garde only). The dealer's discard
    is ``who=dealer`` (LO-8, TO-4, CH-7).

    >>> from tarotlib.core.discards import DiscardRule
    >>> phase = DiscardCards(DiscardRule(), 2, who=dealer)
    >>> phase.name, phase.count, phase.take_kitty
    ('discard', 2, False)
    """

    secret_verbs: ClassVar[frozenset[str]] = frozenset({"discard"})  # FT-6.3, LO-8, CH-7
    rule: DiscardRule
    count: int
    who: Callable[[DealState], int] = declarer
    take_kitty: bool = False
    when: Callable[[DealData], bool] = _always
    expects: str = "a card to discard"
    name: str = "discard"

    def active(self, data: DealData) -> bool:
        """Whether the discard happens in a deal with these facts (``when``).

        >>> from tarotlib.deal.data import DealData
        >>> from tarotlib.core.discards import DiscardRule
        >>> DiscardCards(DiscardRule(), 2).active(DealData(0, None, (), 0, ()))
        True
        """
        return self.when(data)

    def start(self, state: S) -> S:
        """The seat to discard is to act (holding the kitty first when ``take_kitty``).

        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import DealerExtraSchedule
        >>> from tarotlib.core.discards import DiscardRule
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S 7S", DealerExtraSchedule(hand=2, extra=1),
        ...                    (DiscardCards(DiscardRule(), 1, who=dealer),))
        >>> state = game.new_deal(seed=1, dealer=2)
        >>> state.phase, state.to_act, len(state.hand(2))
        ('discard', 2, 3)
        """
        seat = self.who(state)
        if self.take_kitty:
            hands = add_cards(state.packed_hands, seat, state.data.kitty)
            return state.begin(seat, self.count, hands=hands)
        return state.begin(seat, self.count)

    def decision(self, state: DealState) -> str | None:
        """How many cards the seat still lays aside, and how many in all (FT-6.2, LO-8.2, CH-7).

        >>> import tarotlib
        >>> rules = tarotlib.variant("chambery", players=4)
        >>> state = rules.new_deal(seed=1)
        >>> state.phase, state.current_phase.decision(state)
        ('discard', 'the discard: lay 2 cards aside face down (2 in all)')
        """
        left = self.local(state)
        cards = "card" if left == 1 else "cards"
        more = "" if left == self.count else " more"
        return f"the discard: lay {left}{more} {cards} aside face down ({self.count} in all)"

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return card_actions(Discard, game)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """The cards the seat may discard next (the rule is given the cards already put aside,
        ``data.discard``, which only a ``void_only`` rule reads).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=8)
        >>> for text in ("pass", "bid garde", "pass", "pass"):
        ...     state = state.apply(rules.parse_action(text))
        >>> [action.text for action in state.legal_actions()][:3]
        ['discard 1S', 'discard 7S', 'discard QS']
        """
        hand = state.held(state.actor)
        legal = self.rule.legal(hand, self.local(state), state.data.discard)
        state.keep_legal(legal)  # kept for apply(), which need not compute it again
        return _DECODE(legal)

    def apply(self, state: S, action: Action) -> S:
        """Put one card aside; the next phase begins after the last one.

        >>> from tarotlib.deal._examples import ExampleGame
        >>> from tarotlib.core.dealing import DealerExtraSchedule, Layout
        >>> from tarotlib.core.discards import DiscardRule
        >>> rule = DiscardRule(((1 << 12, "never the Queen"),))
        >>> game = ExampleGame("1S 2S 3S 4S 5S 6S QS", DealerExtraSchedule(hand=2, extra=1),
        ...                    (DiscardCards(rule, 1, who=dealer),))
        >>> state = game.new_deal(layout=Layout.from_text(["1S 2S", "3S 4S", "5S 6S QS"], dealer=2))
        >>> state.apply(game.parse_action("discard QS"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: discard QS: never the Queen
        >>> state = state.apply(game.parse_action("discard 5S"))
        >>> state.phase, state.data.discard == 1 << 4
        ('play', True)
        """
        if not isinstance(action, Discard):
            raise state.wrong(action, self.expects)
        seat = state.actor
        left = self.local(state)
        hand = state.held(seat)
        d = state.data
        card = action.card
        # The legal mask (kept by legal_actions(), else computed: cheaper than explain()) admits
        # exactly the cards explain() accepts; explain() only says why a card is refused.
        legal = state.legal_cache
        if legal < 0:
            legal = self.rule.legal(hand, left, d.discard)
        if not legal >> card & 1:
            reason = self.rule.explain(hand, left, card, d.discard)
            if reason is not None:
                raise IllegalActionError(reason, action)
        bit = 1 << card
        hands = remove_cards(state.packed_hands, seat, bit)
        data = evolve(d, discard=d.discard | bit)
        if left > 1:
            return state.proceed(action, to_act=seat, local=left - 1, data=data, hands=hands)
        return state.advance(action, data=data, hands=hands)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``discard <card>``.

        >>> from tarotlib.core.discards import DiscardRule
        >>> parser, help = DiscardCards(DiscardRule(), 2).parsers(None)["discard"]
        >>> parser(["3H"]).text, help
        ('discard 3H', 'discard <card>')
        """

        def discard(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("discard takes one card, e.g. 'discard 3H'")
            return Discard(parse_card(args[0]))

        return {"discard": (discard, "discard <card>")}
