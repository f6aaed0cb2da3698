"""What the human player sees: a :class:`TableView` built from one seat's observation only.

Everything the terminal shows during a match comes from ``state.observation(seat)`` (plus, when the
seat is to act, its own legal actions), so no hidden card of another seat can leak: the other hands,
a Garde Sans chien, the taker's écart, a Belote declaration's cards before they are shown.

The view is built in two layers: what every game's observation shares (seat, dealer, phase, hand,
tricks, result, ...), read here, and what is particular to the game (its calls, its contract's
label, the partner, fixed teams, public facts such as a chien or a turn-up, declarations, how cards
are written and how a hand is grouped and sorted), which the game gives as :class:`ViewParts`
through its ``view`` hook in the variant registry. A game that registers none — your own — is shown
with the generic view.

>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
>>> view = table_view(state, 0)
>>> view.seat, view.phase, view.to_act, len(view.hand)
(0, 'auction', 1, 18)
>>> [(label, view.show(cards)) for label, cards in view.groups][:2]
[('♠ spades', '4S'), ('♥ hearts', '4H 5H 8H QH')]
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Final

import attrs

from tarotlib.core.cards import TAROT_NOTATION, Card, Notation, Suit, cards_of
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import PlayedTrick
from tarotlib.deal import DealState
from tarotlib.deal.observe import Observation
from tarotlib.errors import UnknownVariantError
from tarotlib.registry import variant_info, variant_names

__all__ = ["SUIT_LABELS", "TableView", "ViewParts", "table_view", "view_of"]

SUIT_LABELS: Final = ("♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs")
"""How the terminal labels each suit's group of cards (indexed by :class:`~tarotlib.core.cards.Suit`)."""


@attrs.frozen
class TableView:
    """One seat's view of a deal, in the terms the terminal displays.

    ``seat`` is the viewer. ``hand`` is its hand and ``groups`` the same cards grouped by suit and
    sorted for display (label, cards). ``calls`` are the auction calls as ``(seat, text)``;
    ``contract`` the contract's label and ``taker`` its taker, once known; ``partner`` the taker's
    partner when the viewer knows it (French Tarot for 5: from the call, the called card's play or
    the end; Belote: the taker's partner opposite); ``teams`` the fixed partnerships (Belote).
    ``facts`` are other public facts as ``(label, text)`` (the turn-up, the chien, the écart shown
    to its taker, ...) and ``events`` the declarations and announcements made so far, as text.
    ``notation`` and ``pretty`` say how cards are written (:meth:`card`).

    Build one with :func:`table_view` (a seat's view of a state) or :func:`view_of`.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=3).apply(rules.parse_action("bid spades"))
    >>> view = table_view(state, 3)
    >>> view.game, view.phase, view.calls, view.contract, view.taker, view.partner
    ('belote', 'play', ((1, '♠ spades'),), '♠ spades', 1, 3)
    >>> [(label, view.show(cards)) for label, cards in view.groups][:3]
    [('♠ spades (trumps)', '♠A ♠7'), ('♥ hearts', '♥8'), ('♦ diamonds', '♦10 ♦J')]
    >>> view.facts, view.teams
    ((('turn-up', '♠8 (taken by seat 1)'),), ((0, 2), (1, 3)))
    """

    game: str
    seat: int
    players: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[Card, ...]
    groups: tuple[tuple[str, tuple[Card, ...]], ...]
    calls: tuple[tuple[int, str], ...]
    contract: str | None
    taker: int | None
    partner: int | None
    called_card: Card | None
    teams: tuple[tuple[int, ...], ...]
    tricks: tuple[PlayedTrick, ...]
    trick_leader: int | None
    current_trick: tuple[Card, ...]
    facts: tuple[tuple[str, str], ...]
    events: tuple[str, ...]
    slam_announced: bool
    result: DealResult | None
    notation: Notation = TAROT_NOTATION
    pretty: bool = False
    you: bool = True
    """Whether :meth:`name` marks the viewer's seat ``(you)`` (False for a replay)."""
    sitter: int = -1
    """The seat sitting the deal out, which plays no card (CH-2.3), or -1: read from the
    observation's ``sitter`` when it has one."""
    seat_names: tuple[str, ...] = ()
    """The seats' names when the game gives them (a game whose seats are not alike: a player,
    an automaton, a dummy); ``seat N`` otherwise."""
    automatic: tuple[int, ...] = ()
    """The seats that never choose anything (their cards are turned by the rules or chosen by
    another seat: the solo's AI and dummy); no bot or person sits there."""
    deciding: str | None = None
    """What the seat to act decides now, in words (the phase's
    :meth:`~tarotlib.deal.Phase.decision`: the Monte, how many cards a discard still takes), or
    None."""

    def card(self, card: int) -> str:
        """How a card is written on this table: the canonical text in French Tarot (``KH``,
        ``T21``), the pretty piquet form in Belote (``♥10``).

        >>> import tarotlib
        >>> view = table_view(tarotlib.variant("belote").new_deal(seed=1), 0)
        >>> view.card(tarotlib.parse_card("10H")), view.notation.text(tarotlib.parse_card("10H"))
        ('♥10', 'TH')
        """
        return self.notation.pretties[card] if self.pretty else self.notation.texts[card]

    def show(self, cards: Sequence[int]) -> str:
        """Cards written with :meth:`card`, separated by spaces.

        >>> import tarotlib
        >>> view = table_view(tarotlib.variant("french-tarot").new_deal(seed=1), 0)
        >>> view.show(tarotlib.parse_cards("KH T21 EX"))
        'KH T21 EX'
        """
        return " ".join(self.card(c) for c in cards)

    def name(self, seat: int) -> str:
        """``seat 2``, or ``seat 0 (you)`` for the viewer.

        >>> import tarotlib
        >>> view = table_view(tarotlib.variant("french-tarot").new_deal(seed=1), 0)
        >>> view.name(0), view.name(3)
        ('seat 0 (you)', 'seat 3')
        >>> attrs.evolve(view, seat_names=("north", "east", "south", "west")).name(0)
        'north (you)'
        """
        base = self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat}"
        return f"{base} (you)" if self.is_you(seat) else base

    def is_you(self, seat: int) -> bool:
        """True if ``seat`` is the viewer's and the view is a player's (not a replay's).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot").new_deal(seed=1)
        >>> view = table_view(state, 2)
        >>> view.is_you(2), view.is_you(0)
        (True, False)
        >>> table_view(state, 2, you=False).is_you(2)   # a replay's view marks no seat
        False
        """
        return self.you and seat == self.seat

    def team_of(self, seat: int) -> tuple[int, ...] | None:
        """The fixed team ``seat`` belongs to, or None in a game without fixed teams.

        >>> import tarotlib
        >>> belote = table_view(tarotlib.variant("belote").new_deal(seed=1), 0)
        >>> belote.team_of(0), belote.team_of(3)
        ((0, 2), (1, 3))
        >>> table_view(tarotlib.variant("french-tarot").new_deal(seed=1), 0).team_of(0) is None
        True
        """
        return next((team for team in self.teams if seat in team), None)

    @property
    def is_over(self) -> bool:
        """True once the deal is over."""
        return self.result is not None


@attrs.frozen(kw_only=True)
class ViewParts:
    """What a game adds to the generic view of one of its observations: the value of each
    :class:`TableView` field that it sets (None leaves the generic reading: no calls, the
    contract's ``label`` attribute, no partner, no team, no fact, no event, the canonical card
    texts, cards grouped by suit with the suitless ones last as ``trumps``).

    A game gives them through the ``view`` hook of its registry entry: a function of an
    observation returning its parts, or None for an observation that is not the game's.

    >>> import tarotlib
    >>> parts = ViewParts(contract="Garde", facts=(("chien", "KH T21 EX"),))
    >>> parts.contract, parts.teams
    ('Garde', None)
    >>> state = tarotlib.variant("belote").new_deal(seed=1)
    >>> tarotlib.variant_info("belote").view(state.observation(0)).teams
    ((0, 2), (1, 3))
    """

    players: int | None = None
    groups: tuple[tuple[str, tuple[Card, ...]], ...] | None = None
    calls: tuple[tuple[int, str], ...] | None = None
    contract: str | None = None
    partner: int | None = None
    called_card: Card | None = None
    teams: tuple[tuple[int, ...], ...] | None = None
    facts: tuple[tuple[str, str], ...] | None = None
    events: tuple[str, ...] | None = None
    slam_announced: bool | None = None
    notation: Notation | None = None
    pretty: bool | None = None
    seat_names: tuple[str, ...] | None = None
    automatic: tuple[int, ...] | None = None


def table_view(state: DealState, seat: int, *, you: bool = True) -> TableView:
    """The view of ``seat``: :func:`view_of` ``state.observation(seat)``. ``you=False`` makes a
    spectator's view of the public information that does not mark ``seat`` as the reader's.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4, dealer=3)
    >>> view = table_view(state, 0)
    >>> view.facts, view.teams
    ((('turn-up', '♠Q (bidding round 1)'),), ((0, 2), (1, 3)))
    """
    view = view_of(state.observation(seat), game=state.rules.name)
    deciding = None if state.is_over else state.current_phase.decision(state)
    return attrs.evolve(view, you=you, deciding=deciding)


def view_of(observation: Observation, *, game: str = "") -> TableView:
    """The :class:`TableView` of an observation: the generic view, read through the attributes
    observations share (``hand``, ``tricks``, ...), with the parts its game adds (the ``view``
    hook of the game ``game`` names, or of the first registered game that recognises the
    observation). ``game`` also names the view's game (by default, the game that recognised it).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=3)
    >>> view = view_of(state.observation(2))
    >>> view.players, view.game
    (5, 'french-tarot')
    """
    view = _generic(observation, game)
    parts, owner = _parts_of(observation, game)
    if parts is None:
        return view
    given = attrs.asdict(parts, recurse=False)
    changes = {name: value for name, value in given.items() if value is not None}
    return attrs.evolve(view, game=game or owner, **changes)


def _parts_of(observation: Observation, game: str) -> tuple[ViewParts | None, str]:
    """The game's parts of the view and the name of the game that gave them: the named game's
    ``view`` hook first, then every registered game's in turn until one recognises the
    observation."""
    names: list[str] = []
    if game:
        with contextlib.suppress(UnknownVariantError):
            names.append(variant_info(game).name)
    names += [name for name in variant_names() if name not in names]
    for name in names:
        hook = variant_info(name).view
        if hook is not None:
            parts = hook(observation)
            if parts is not None:
                return parts, name
    return None, ""


# -- the generic view -------------------------------------------------------------------------------
def _generic(obs: Observation, game: str) -> TableView:
    """A best-effort view of any variant's observation, from the attributes the built-in
    observations share."""

    def get(name: str, default: object) -> object:
        return getattr(obs, name, default)

    hand = tuple(Card.from_index(int(c)) for c in _ints(get("hand", ())))
    tricks_raw = get("tricks", ())
    tricks = (
        tuple(t for t in tricks_raw if isinstance(t, PlayedTrick))
        if isinstance(tricks_raw, tuple)
        else ()
    )
    contract = get("contract", None)
    label = getattr(contract, "label", None) if contract is not None else None
    result = get("result", None)
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = tuple(c for c in hand if c.suit is suit)
        if cards:
            groups.append((SUIT_LABELS[suit], cards))
    others = tuple(c for c in hand if c.suit is None)
    if others:
        groups.append(("trumps", others))
    players = get("players", None)
    return TableView(
        game=game,
        seat=obs.seat,
        players=players if isinstance(players, int) else 4,
        dealer=_int_or(get("dealer", 0), None) or 0,
        phase=str(get("phase", "")),
        to_act=_int_or(get("to_act", None), None),
        hand=hand,
        groups=tuple(groups),
        calls=(),
        contract=str(label) if label is not None else None,
        taker=_int_or(get("taker", None), None),
        partner=None,
        called_card=None,
        teams=(),
        tricks=tricks,
        trick_leader=_int_or(get("trick_leader", None), None),
        current_trick=tuple(Card.from_index(int(c)) for c in _ints(get("current_trick", ()))),
        facts=(),
        events=(),
        slam_announced=False,
        result=result if isinstance(result, DealResult) else None,
        sitter=_seat_or_none(get("sitter", -1)),
    )


def _seat_or_none(value: object) -> int:
    """A seat number, or -1 (none)."""
    seat = _int_or(value, -1)
    return -1 if seat is None else seat


def _ints(value: object) -> tuple[int, ...]:
    if isinstance(value, int):
        return tuple(cards_of(value))
    if isinstance(value, (tuple, list)):
        return tuple(int(v) for v in value if isinstance(v, int))
    return ()


def _int_or(value: object, default: int | None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
