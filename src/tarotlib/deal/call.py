"""Calling a partner by a card (FT-5, TO-34) and the dealer's King call (CH-10).

- :class:`CallCard` — the declarer names a card; its holder becomes his partner. The card may be one
  the caller holds, or one in the kitty: then the caller plays alone. Which cards may be called is
  the game's rule (``callable``; :func:`unheld_cards` is TO-34.2's). The call may be optional (the
  ``no-call`` action, TO-34.2), and a card lying in the dealer's discard makes the caller play alone
  or makes the dealer his partner (TO-34.4).
- :class:`KingCall` — nobody bid: the dealer calls a King he does not hold (a Queen when he holds
  the four Kings, ...), and its holder announces himself at once (CH-8.4, CH-10).

The partner is known to the machine (``data.partner``) at once, and to the partner himself; whether
the others learn it at once (CH-10.1) or only when the card is played (FT-5.4, TO-34.3) is the
game's observation.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=5)
>>> state = rules.new_deal(seed=3)
>>> for text in ("bid garde", "pass", "pass", "pass", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
('call', 1, ['call KS', 'call KH', 'call KD', 'call KC'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, Literal, TypeVar

import attrs

from tarotlib.core.actions import Action, Call, NoCall
from tarotlib.core.cards import ALL_CARDS, Rank, cards_of, parse_card
from tarotlib.deal.auctions import ALL_PASSED
from tarotlib.deal.data import DealData, Note, evolve
from tarotlib.deal.decisions import declarer
from tarotlib.deal.phase import Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = [
    "CALLED_IN_DISCARD",
    "HONOUR_TIERS",
    "KING_CALL",
    "NO_CALL",
    "CallCard",
    "KingCall",
    "holder_of",
    "unheld_cards",
    "unheld_reason",
]

S = TypeVar("S", bound=DealState)

_CALLS = tuple(Call(c) for c in ALL_CARDS)
_NO_CALL: Final = NoCall()

NO_CALL: Final = Note("no_call", False)
"""The note set (to True) when the declarer declines an optional call (TO-34.2)."""

CALLED_IN_DISCARD: Final = Note("called_in_discard", False)
"""The note set (to True) when the called card lies in the dealer's discard (TO-34.4)."""

KING_CALL: Final = Note("king_call", False)
"""The note a :class:`KingCall` sets (to True) when it takes place (CH-10)."""


def _rank_mask(rank: Rank) -> int:
    return sum(1 << (14 * suit + rank - 1) for suit in range(4))


HONOUR_TIERS: Final = tuple(_rank_mask(r) for r in (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK))
"""The four Kings, the four Queens, the four Cavaliers, the four Jacks (as masks): the cards of a
King call, in the order of CH-10.2's fallback."""


def holder_of(state: DealState, card: int, *, besides: int = -1) -> int:
    """The seat holding ``card`` now (other than ``besides``), or -1 (in the kitty, the discard,
    or held by ``besides``).

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_card
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=3)
    >>> seat = holder_of(state, parse_card("KS"))
    >>> parse_card("KS") in state.hand(seat), holder_of(state, parse_card("KS"), besides=seat)
    (True, -1)
    """
    for seat in range(state.rules.players):
        if seat != besides and state.holds(seat, card):
            return seat
    return -1


def _own_discard(state: DealState, seat: int) -> int:
    """The discard when ``seat`` is the dealer who made it, else nothing."""
    d = state.data
    return d.discard if seat == d.dealer else 0


def unheld_cards(state: DealState, hand: int) -> int:
    """The cards of the pack that the seat to act, holding ``hand``, does not hold: neither in his
    hand nor in his own discard if he is the dealer (TO-34.2; also TO-6.2's named cards). A
    ``callable`` for :class:`CallCard`.

    >>> from tarotlib.core.cards import format_cards
    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import MultiRoundBidding
    >>> state = demo_game(MultiRoundBidding(tuple(Level))).new_deal(seed=1)
    >>> hand = state.hand_mask(state.to_act)
    >>> unheld_cards(state, hand) == state.rules.deck.mask & ~hand
    True
    """
    return state.rules.deck.mask & ~hand & ~_own_discard(state, state.actor)


def unheld_reason(state: DealState, card: int) -> str:
    """Why ``card`` is not among :func:`unheld_cards` (the ``reason`` that goes with it).

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import MultiRoundBidding
    >>> state = demo_game(MultiRoundBidding(tuple(Level))).new_deal(seed=1)
    >>> unheld_reason(state, state.hand(state.to_act)[0])
    'may not call a card of his own hand'
    """
    seat = state.actor
    if state.holds(seat, card):
        return "may not call a card of his own hand"
    if _own_discard(state, seat) >> card & 1:
        return "may not call a card of his own discard"
    return "this card is not in the pack"


def _has_contract(data: DealData) -> bool:
    return data.contract is not None


def _card_parsers() -> dict[str, tuple[Parser, str]]:
    def call(args: list[str]) -> Action:
        if len(args) != 1:
            raise ActionParseError("call takes one card, e.g. 'call KS'")
        return Call(parse_card(args[0]))

    return {"call": (call, "call <card>")}


@attrs.frozen
class CallCard(Phase[None]):
    """The declarer calls a card (FT-5.1, TO-34.1). ``callable(state, hand)`` is the mask of the
    cards he may call holding ``hand`` (FT-5.2, TO-34.2: :func:`unheld_cards`), and
    ``reason(state, card)`` says why another card may not be called. The holder of the card, if it
    is not the caller, becomes ``data.partner`` (FT-5.3); ``data.called`` is the card. ``when``
    says whether the call happens in a deal (default: once a contract has been chosen); ``who``
    is the caller (default: the declarer).

    With ``optional`` the caller may also decline (``NoCall``, written ``no-call``): he plays alone,
    and the note :data:`NO_CALL` is set (TO-34.2, ``partner_call = optional``). A called card lying
    in the dealer's discard (``data.discard``) sets the note :data:`CALLED_IN_DISCARD` and, with
    ``in_discard="alone"``, leaves the caller without a partner, or with ``"dealer"`` makes the
    dealer his partner (TO-34.4, ``called_card_in_discard``). The partner stays secret until the
    card is played (TO-34.3): that is the game's observation, from ``data.called`` and these notes.

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import MultiRoundBidding
    >>> call = CallCard(unheld_cards, unheld_reason, optional=True)
    >>> rules = demo_game(MultiRoundBidding(tuple(Level)), call, players=5)
    >>> state = rules.new_deal(seed=5)
    >>> for text in ("bid una", "pass", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.to_act, [a.text for a in state.legal_actions()][:3]
    ('call', 1, ['no-call', 'call 1S', 'call 2S'])
    >>> state.apply(rules.parse_action("no-call")).data.notes
    (('no_call', True),)
    """

    callable: Callable[[DealState, int], int]
    reason: Callable[[DealState, int], str]
    when: Callable[[DealData], bool] = _has_contract
    expects: str = "a card to call"
    name: str = "call"
    who: Callable[[DealState], int] = declarer
    optional: bool = False
    in_discard: Literal["alone", "dealer"] = "alone"

    def active(self, data: DealData) -> bool:
        """Whether the call happens in a deal with these facts (``when``).

        >>> from tarotlib.deal import DealData
        >>> call = CallCard(unheld_cards, unheld_reason)
        >>> call.active(DealData(0, None, (), 0, ())), call.active(DealData(0, None, (), 0, (), contract=1))
        (False, True)
        """
        return self.when(data)

    def start(self, state: S) -> S:
        """The caller is to act.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import ChooseContract
        >>> rules = demo_game(ChooseContract(tuple(Level)), CallCard(unheld_cards, unheld_reason))
        >>> rules.new_deal(seed=5).apply(rules.parse_action("bid due")).to_act
        1
        """
        return state.begin(self.who(state))

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        calls = card_actions(Call, game)
        return (_NO_CALL, *calls) if self.optional else calls

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """``no-call`` when the call is optional, then a call of each callable card.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import ChooseContract
        >>> rules = demo_game(ChooseContract(tuple(Level)), CallCard(unheld_cards, unheld_reason))
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid due"))
        >>> len(state.legal_actions()) == 78 - len(state.hand(1))
        True
        """
        hand = state.held(state.actor)
        calls = tuple(_CALLS[c] for c in cards_of(self.callable(state, hand)))
        return (_NO_CALL, *calls) if self.optional else calls

    def apply(self, state: S, action: Action) -> S:
        """The card is called (or, optionally, none); its holder becomes the partner.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import ChooseContract
        >>> rules = demo_game(ChooseContract(tuple(Level)), CallCard(unheld_cards, unheld_reason))
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid due"))
        >>> state.apply(rules.parse_action("call " + str(state.hand(1)[0])))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: call 1S: may not call a card of his own hand
        >>> state = state.apply(rules.parse_action("call " + str(state.hand(2)[0])))
        >>> state.called_card, state.partner
        (Card(2S), 2)
        """
        if isinstance(action, NoCall):
            if not self.optional:
                raise IllegalActionError("the call is mandatory: call a card", action)
            return state.advance(action, data=state.data.noted(NO_CALL, True))
        if not isinstance(action, Call):
            raise state.wrong(action, self.expects)
        card = action.card
        seat = state.actor
        hand = state.held(seat)
        if not self.callable(state, hand) >> card & 1:
            raise IllegalActionError(self.reason(state, card), action)
        d = state.data
        partner = holder_of(state, card, besides=seat)
        if partner < 0 and d.discard >> card & 1:  # TO-34.4: the called card is in the discard
            if self.in_discard == "dealer" and d.dealer != seat:
                partner = d.dealer
            data = evolve(d, called=int(card), partner=partner).noted(CALLED_IN_DISCARD, True)
            return state.advance(action, data=data)
        return state.advance(action, data=evolve(d, called=int(card), partner=partner))

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``call <card>``, and ``no-call`` when the call is optional.

        >>> from tarotlib.deal._demo import demo_game
        >>> call = CallCard(unheld_cards, unheld_reason, optional=True)
        >>> sorted(call.parsers(demo_game(call)))
        ['call', 'no-call']
        """
        parsers = _card_parsers()
        if self.optional:

            def no_call(args: list[str]) -> Action:
                if args:
                    raise ActionParseError("no-call takes nothing after it")
                return _NO_CALL

            parsers["no-call"] = (no_call, "no-call")
        return parsers


def _all_passed(data: DealData) -> bool:
    return data.contract is None and data.note(ALL_PASSED)


@attrs.frozen
class KingCall(Phase[int]):
    """Nobody bid: the dealer calls a King he does not hold, and its holder announces himself at
    once, so the partnership is public from the start (CH-8.4, CH-10.1).

    ``tiers`` are the groups of cards called, in order (default :data:`HONOUR_TIERS`): the dealer
    calls a card of the first group he does not hold entirely — a King; a Queen if he holds the
    four Kings (CH-10.2); then a Cavalier, then a Jack (``call_fallback = queen_cavalier_jack``).
    Give ``HONOUR_TIERS[:2]`` for ``call_fallback = alone``: when no group is left the dealer plays
    alone (no action; ``data.partner`` stays -1; the contract is ``alone`` if given, else
    ``contract``). With ``discard_held`` a card in the dealer's own discard counts as held
    (CH-10.2). ``names`` name the groups in messages.

    Afterwards the deal's facts say: ``contract`` = ``contract`` (None unless the game has a value
    for a King call), ``declarer`` = the dealer, ``called`` = the card (-1 when alone), ``partner``
    = its holder (-1 when alone, or when the card lies in the kitty), and the note :data:`KING_CALL`
    is True. ``when`` says whether the call happens (default: every player passed, the note
    ``all_passed`` that ``OneRoundBidding(all_pass="next_phase")`` sets).

    CH-E3 (all five pass; the dealer holds KS and KD):

    >>> from tarotlib.core.cards import parse_card
    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import OneRoundBidding
    >>> rules = demo_game(OneRoundBidding(tuple(Level), all_pass="next_phase"), KingCall(), players=5)
    >>> state = rules.new_deal(seed=110)
    >>> [c for c in state.hand(0) if c.rank == 14]
    [Card(KS), Card(KD)]
    >>> for _ in range(5):
    ...     state = state.apply(rules.parse_action("pass"))
    >>> [a.text for a in state.legal_actions()]
    ['call KH', 'call KC']
    >>> state = state.apply(rules.parse_action("call KH"))
    >>> state.declarer, state.partner, parse_card("KH") in state.hand(state.partner)
    (0, 3, True)
    """

    tiers: tuple[int, ...] = HONOUR_TIERS
    names: tuple[str, ...] = ("King", "Queen", "Cavalier", "Jack")
    discard_held: bool = True
    contract: object = None
    alone: object = None
    when: Callable[[DealData], bool] = _all_passed
    expects: str = "a card to call (the dealer's King call)"
    name: str = "king-call"
    help_last: bool = True

    def active(self, data: DealData) -> bool:
        """Whether the King call happens in a deal with these facts (``when``).

        >>> from tarotlib.deal import DealData
        >>> data = DealData(0, None, (), 0, ())
        >>> KingCall().active(data), KingCall().active(data._replace(notes=(("all_passed", True),)))
        (False, True)
        """
        return self.when(data)

    def _held(self, state: DealState) -> int:
        d = state.data
        held = state.held(d.dealer)
        return held | d.discard if self.discard_held else held

    def start(self, state: S) -> S:
        """The dealer is to call a card of the first group he does not hold entirely; if there is
        none, he plays alone and the deal goes on (CH-10.2).

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import OneRoundBidding
        >>> auction = OneRoundBidding(tuple(Level), all_pass="next_phase")
        >>> rules = demo_game(auction, KingCall(tiers=()), players=4)
        >>> state = rules.new_deal(seed=3)
        >>> for _ in range(4):
        ...     state = state.apply(rules.parse_action("pass"))
        >>> state.is_over, state.declarer, state.partner, state.data.notes
        (True, 0, None, (('all_passed', True), ('king_call', True)))
        """
        d = state.data
        held = self._held(state)
        for tier in self.tiers:
            if tier & ~held:
                return state.begin(d.dealer, tier & ~held)  # the cards he may call
        alone = self.contract if self.alone is None else self.alone  # CH-10.2 alone
        data = evolve(d, contract=alone, declarer=d.dealer).noted(KING_CALL, True)
        return state.skip(data=data)

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return card_actions(Call, game)

    def legal(self, state: DealState) -> tuple[Action, ...]:
        """A call of each card the dealer may call.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import OneRoundBidding
        >>> auction = OneRoundBidding(tuple(Level), all_pass="next_phase")
        >>> rules = demo_game(auction, KingCall(), players=4)
        >>> state = rules.new_deal(seed=7)
        >>> for _ in range(4):
        ...     state = state.apply(rules.parse_action("pass"))
        >>> [a.text for a in state.legal_actions()]
        ['call KS', 'call KH', 'call KC']
        """
        return tuple(_CALLS[c] for c in cards_of(self.local(state)))

    def _reason(self, state: DealState, card: int) -> str:
        text = state.rules.notation.texts[card]
        d = state.data
        if state.holds(d.dealer, card):
            return f"the dealer may not call {text}: he holds it"
        if self.discard_held and d.discard >> card & 1:
            return f"the dealer may not call {text}: it is in his discard, which counts as held"
        callable_ = self.local(state)
        index = next(i for i, tier in enumerate(self.tiers) if tier & callable_)
        name = self.names[index] if index < len(self.names) else "card"
        if index == 0:
            return f"the dealer must call a {name}"
        held = ", ".join(self.names[:index])
        return f"the dealer must call a {name}: he holds every {held}"

    def apply(self, state: S, action: Action) -> S:
        """The card is called; its holder is the dealer's partner, known at once (CH-10.1).

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import OneRoundBidding
        >>> auction = OneRoundBidding(tuple(Level), all_pass="next_phase")
        >>> rules = demo_game(auction, KingCall(), players=4)
        >>> state = rules.new_deal(seed=7)
        >>> for _ in range(4):
        ...     state = state.apply(rules.parse_action("pass"))
        >>> state.apply(rules.parse_action("call QS"))
        Traceback (most recent call last):
            ...
        tarotlib.errors.IllegalActionError: call QS: the dealer must call a King
        >>> state = state.apply(rules.parse_action("call KC"))
        >>> state.declarer, state.partner, state.called_card, state.data.notes[-1]
        (0, 1, Card(KC), ('king_call', True))
        """
        if not isinstance(action, Call):
            raise state.wrong(action, self.expects)
        card = action.card
        if not self.local(state) >> card & 1:
            raise IllegalActionError(self._reason(state, card), action)
        d = state.data
        dealer = d.dealer
        data = evolve(
            d,
            contract=self.contract,
            declarer=dealer,
            called=int(card),
            partner=holder_of(state, card, besides=dealer),
        ).noted(KING_CALL, True)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """``call <card>``.

        >>> from tarotlib.deal._demo import demo_game
        >>> list(KingCall().parsers(demo_game(KingCall())))
        ['call']
        """
        return _card_parsers()
