"""Phases where one player makes a choice, or where the deal is checked before anything is said.

- :class:`Decision` — one seat chooses among a few actions (the taker's slam announcement, FT-7;
  a concession, TO-7: :func:`concession`), and the choice is noted in the deal's facts; a choice
  may end the deal there;
- :class:`HandCheck` — the dealt hands are checked for a condition that annuls the deal or lets
  its holder ask for a redeal (the petit sec, FT-3.4).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=4)
>>> state = rules.new_deal(seed=8)
>>> for text in ("pass", "pass", "bid garde-sans", "pass"):
...     state = state.apply(rules.parse_action(text))
>>> state.phase, [a.text for a in state.legal_actions()]
('slam', ['no-slam', 'slam'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import attrs

from tarotlib.core.actions import Action, Concede, Redeal
from tarotlib.deal.data import DealData, Note, as_note
from tarotlib.deal.phase import Parser, Phase, SpaceItem
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionParseError

if TYPE_CHECKING:
    from tarotlib.deal.game import Game

__all__ = [
    "CONCEDED",
    "HAND_CHECK",
    "Decision",
    "HandCheck",
    "concession",
    "dealer_outbid",
    "declarer",
    "word_parsers",
]

S = TypeVar("S", bound=DealState)
V = TypeVar("V")

CONCEDED: Final = Note("conceded", False)
"""The note of a :func:`concession`: True when the declarer conceded (TO-7.3), False when he
played on."""

HAND_CHECK: Final = Note("hand_check", -1)
"""The default note of a :class:`HandCheck`: the seat whose hand meets the condition (-1: none)."""


def declarer(state: DealState) -> int:
    """The declarer's seat.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> state = rules.new_deal(seed=8)
    >>> for text in ("bid garde-sans", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> declarer(state)
    1
    """
    return state.data.declarer


def has_contract(data: DealData) -> bool:
    """True once a contract has been chosen."""
    return data.contract is not None


def word_parsers(choices: tuple[Action, ...]) -> dict[str, tuple[Parser, str]]:
    """A parser for each of ``choices`` by its text, a word that takes nothing after it (for
    phase authors).

    >>> from tarotlib.core.actions import Slam
    >>> parsers = word_parsers((Slam(False), Slam(True)))
    >>> sorted(parsers), parsers["slam"][0]([])
    (['no-slam', 'slam'], Slam(announce=True))
    """
    out: dict[str, tuple[Parser, str]] = {}
    for action in choices:
        text = action.text

        def parse(args: list[str], action: Action = action, text: str = text) -> Action:
            if args:
                raise ActionParseError(f"{text} takes nothing after it")
            return action

        out[text] = (parse, text)
    return out


def _decision_key(key: Note[Any] | str) -> Note[Any]:
    """The decisions note's key (a name: deprecated)."""
    return as_note(key, None)


def _hand_check_key(key: Note[int] | str) -> Note[int]:
    """The hand check note's key (a name: deprecated)."""
    return as_note(key, -1)


@attrs.frozen
class Decision(Phase[None], Generic[V]):
    """Seat ``who(state)`` chooses one of ``choices``; the choice is noted under ``key`` in the
    deal's facts (``data.notes``), then the next phase begins — or, for a choice listed in
    ``ends``, the deal ends there and the game scores it (a concession, TO-7.3). ``when`` says
    whether the decision comes up in a deal (default: once a contract has been chosen).

    >>> import tarotlib
    >>> from tarotlib.core.actions import Slam
    >>> slam = tarotlib.variant("french-tarot").phase_list[4]
    >>> slam.name, slam.key.name, slam.choices == (Slam(False), Slam(True))
    ('slam', 'slam', True)
    """

    name: str
    key: Note[V] = attrs.field(converter=_decision_key)
    choices: tuple[Action, ...]
    value: Callable[[Action], V]
    who: Callable[[DealState], int] = declarer
    when: Callable[[DealData], bool] = has_contract
    expects: str = "a choice"
    ends: tuple[Action, ...] = ()

    def active(self, data: DealData) -> bool:
        return self.when(data)

    def start(self, state: S) -> S:
        return state.begin(self.who(state))

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return self.choices

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return self.choices

    def apply(self, state: S, action: Action) -> S:
        """Note the choice under ``key``; then the next phase, or the end of the deal for a
        choice in ``ends``.

        >>> from tarotlib.deal._demo import Level, demo_game
        >>> from tarotlib.deal import ChooseContract
        >>> rules = demo_game(ChooseContract(tuple(Level)), concession(when=has_contract))
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid una"))
        >>> state.phase, state.apply(rules.parse_action("no-concede")).is_over
        ('concession', True)
        >>> state.apply(rules.parse_action("concede")).data.notes
        (('conceded', True),)
        """
        for choice in self.choices:
            if action is choice or (action == choice and type(action) is type(choice)):
                break
        else:
            raise state.wrong(action, self.expects)
        data = state.data.noted(self.key, self.value(action))
        for end in self.ends:
            if action == end and type(action) is type(end):
                return state.finish(action, data=data)
        return state.advance(action, data=data)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return word_parsers(self.choices)


def dealer_outbid(data: DealData) -> bool:
    """TO-7.1: the dealer made at least one bid (not a pass) in the auction (``data.calls``) and
    another player became the declarer — the condition of a concession.

    >>> from tarotlib.deal import DealData
    >>> data = DealData(0, None, (), 0, (), calls=((1, 1), (2, None), (0, 2), (1, 3), (0, None)))
    >>> dealer_outbid(data._replace(declarer=1)), dealer_outbid(data._replace(declarer=0))
    (True, False)
    >>> dealer_outbid(data._replace(declarer=1, calls=((1, 1), (2, None), (0, None))))
    False
    """
    dealer = data.dealer
    if data.declarer < 0 or data.declarer == dealer:
        return False
    return any(seat == dealer and call is not None for seat, call in data.calls)


def _conceded(action: Action) -> bool:
    return isinstance(action, Concede) and action.concede


_CONCEDE: tuple[Action, ...] = (Concede(False), Concede(True))


def concession(
    *,
    name: str = "concession",
    key: Note[bool] = CONCEDED,
    when: Callable[[DealData], bool] = dealer_outbid,
    expects: str = "concede or no-concede",
) -> Decision[bool]:
    """The declarer's concession (TO-7): a :class:`Decision` offered once to the declarer when
    ``when`` holds (default :func:`dealer_outbid`, TO-7.1), between ``no-concede`` and ``concede``.
    Conceding ends the deal at once, with no play (TO-7.3): the note ``key`` is True and the game
    scores the deal (it pays the base of the contract); playing on notes False and the deal goes on.
    Where the game places the phase is its timing (TO-7.2: after the exchanges, or before them;
    TO-36: before the partner call).

    LO-E6 (seat 1 is declarer at niente over the dealer's bid):

    >>> from tarotlib.deal._demo import Level, demo_game
    >>> from tarotlib.deal import MultiRoundBidding
    >>> rules = demo_game(MultiRoundBidding(tuple(Level)), concession())
    >>> state = rules.new_deal(seed=1, dealer=0)
    >>> for text in ("bid due", "bid una", "bid niente", "bid niente", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> state.phase, state.to_act, [a.text for a in state.legal_actions()]
    ('concession', 1, ['no-concede', 'concede'])
    >>> state = state.apply(rules.parse_action("concede"))
    >>> state.is_over, state.result.is_annulled, state.data.notes
    (True, False, (('conceded', True),))
    """
    return Decision(
        name,
        key,
        _CONCEDE,
        value=_conceded,
        when=when,
        expects=expects,
        ends=_CONCEDE[1:],
    )


_REDEAL = (Redeal(True), Redeal(False))


@attrs.frozen
class HandCheck(Phase[None]):
    """Check the dealt hands, in seat order, for ``condition`` (FT-3.4: the petit sec). The first
    seat found is noted under ``key``; then, if ``optional``, that seat chooses ``redeal`` (the
    deal is annulled) or ``keep``; otherwise the deal is annulled at once. The reason given is
    ``"{reason} (seat N)"``. ``seats`` restricts the hands checked (the solo: the player's only).

    FT-3.4: seat 0 holds the Petit with no other trump and not the Excuse.

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=305)
    >>> state.is_over, state.result.annulled
    (True, 'petit sec (seat 0)')
    >>> rules = tarotlib.variant("french-tarot", players=4, petit_sec="optional_redeal")
    >>> state = rules.new_deal(seed=305)
    >>> state.phase, state.to_act, [a.text for a in state.legal_actions()], state.data.notes
    ('petit-sec', 0, ['redeal', 'keep'], (('petit_sec', 0),))
    >>> state.apply(rules.parse_action("keep")).phase
    'auction'
    """

    condition: Callable[[int], bool]
    reason: str
    optional: bool = False
    key: Note[int] = attrs.field(default=HAND_CHECK, converter=_hand_check_key)
    seats: Callable[[DealState], tuple[int, ...]] | None = None
    name: str = "hand-check"
    expects: str = "redeal or keep"
    help_last: bool = True

    def start(self, state: S) -> S:
        d = state.data
        seats = range(state.rules.players) if self.seats is None else self.seats(state)
        for seat in seats:
            if self.condition(d.dealt[seat]):
                data = d.noted(self.key, seat)
                if not self.optional:
                    return state.finish(None, annulled=f"{self.reason} (seat {seat})", data=data)
                return state.begin(seat, data=data)
        return state.skip()

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        return _REDEAL

    def legal(self, state: DealState) -> tuple[Action, ...]:
        return _REDEAL

    def apply(self, state: S, action: Action) -> S:
        if not isinstance(action, Redeal):
            raise state.wrong(action, self.expects)
        if action.redeal:
            reason = f"{self.reason} (seat {state.actor}), redeal chosen"
            return state.finish(action, annulled=reason)
        return state.advance(action)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        return word_parsers(_REDEAL)
