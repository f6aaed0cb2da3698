"""What the human player sees: a :class:`TableView` built from one seat's observation only.

Everything the terminal shows during a match comes from ``state.observation(seat)`` (plus, when the
seat is to act, its own legal actions), so no hidden card of another seat can leak: the other hands,
a Garde Sans chien, the taker's écart, a Belote declaration's cards before they are shown.

>>> import tarotlib
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
>>> view = table_view(state, 0)
>>> view.seat, view.phase, view.to_act, len(view.hand)
(0, 'auction', 1, 18)
>>> [(label, view.show(cards)) for label, cards in view.groups][:2]
[('♠ spades', '4S'), ('♥ hearts', '4H 5H 8H QH')]
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tarotlib.cards import PIQUET_NOTATION, TAROT_NOTATION, Card, Notation, Suit, cards_of
from tarotlib.engine import DealResult, GameState, Observation
from tarotlib.tricks import PlayedTrick
from tarotlib.variants.belote import BeloteObservation
from tarotlib.variants.belote import Contract as BeloteContract
from tarotlib.variants.belote.tables import PLAIN_ORDER, TRUMP_ORDER
from tarotlib.variants.french_tarot import FrenchTarotObservation

__all__ = ["TableView", "table_view", "view_of"]

_SUIT_LABELS = ("♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs")


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
        """
        return f"seat {seat} (you)" if self.is_you(seat) else f"seat {seat}"

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


def table_view(state: GameState, seat: int, *, you: bool = True) -> TableView:
    """The view of ``seat``: :func:`view_of` ``state.observation(seat)``. ``you=False`` makes a
    spectator's view of the public information that does not mark ``seat`` as the reader's.

    >>> import tarotlib
    >>> state = tarotlib.variant("belote").new_deal(seed=4, dealer=3)
    >>> view = table_view(state, 0)
    >>> view.facts, view.teams
    ((('turn-up', '♠Q (bidding round 1)'),), ((0, 2), (1, 3)))
    """
    view = view_of(state.observation(seat), game=state.rules.name)
    return view if you else attrs.evolve(view, you=False)


def view_of(observation: Observation, *, game: str = "") -> TableView:
    """The :class:`TableView` of an observation (French Tarot's or Belote's; another variant's
    observation is read through the attributes they share: ``hand``, ``tricks``, ...).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot", players=5).new_deal(seed=3)
    >>> view_of(state.observation(2)).players
    5
    """
    if isinstance(observation, FrenchTarotObservation):
        return _french_tarot(observation, game or "french-tarot")
    if isinstance(observation, BeloteObservation):
        return _belote(observation, game or "belote")
    return _generic(observation, game)


# -- French Tarot -----------------------------------------------------------------------------------
def _french_tarot(obs: FrenchTarotObservation, game: str) -> TableView:
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = tuple(c for c in obs.hand if c.suit is suit)
        if cards:
            groups.append((_SUIT_LABELS[suit], cards))
    trumps = tuple(c for c in obs.hand if c.is_trump)
    if trumps:
        groups.append(("trumps", trumps))
    if any(c.is_excuse for c in obs.hand):
        groups.append(("excuse", tuple(c for c in obs.hand if c.is_excuse)))
    text = TAROT_NOTATION.texts
    facts: list[tuple[str, str]] = []
    if obs.chien:
        facts.append(("chien", " ".join(text[c] for c in obs.chien)))
    if obs.ecart:
        facts.append(("écart", " ".join(text[c] for c in obs.ecart)))
    elif obs.shown_discards:
        facts.append(("trumps in the écart", " ".join(text[c] for c in obs.shown_discards)))
    if obs.petit_sec_hand:
        facts.append(("petit sec hand", " ".join(text[c] for c in obs.petit_sec_hand)))
    events = []
    for d in obs.declarations:
        label = (
            d.kind.value.replace("-", " ").replace("poignee", "poignée").replace("misere", "misère")
        )
        shown = " ".join(text[c] for c in d.shown)
        events.append(f"seat {d.seat}: {label}" + (f" ({shown})" if shown else ""))
    return TableView(
        game=game,
        seat=obs.seat,
        players=obs.players,
        dealer=obs.dealer,
        phase=obs.phase,
        to_act=obs.to_act,
        hand=obs.hand,
        groups=tuple(groups),
        calls=tuple((s, "pass" if c is None else c.label) for s, c in obs.calls),
        contract=None if obs.contract is None else obs.contract.label,
        taker=obs.taker,
        partner=obs.partner,
        called_card=obs.called_card,
        teams=(),
        tricks=obs.tricks,
        trick_leader=obs.trick_leader,
        current_trick=obs.current_trick,
        facts=tuple(facts),
        events=tuple(events),
        slam_announced=obs.slam_announced,
        result=obs.result,
    )


# -- Belote -----------------------------------------------------------------------------------------
def _belote_groups(
    hand: Sequence[Card], contract: BeloteContract | None
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Suits in S H D C order, each high to low in its rank order (BE-1.4); the trump suit is
    labelled."""
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = [c for c in hand if c.suit is suit]
        if not cards:
            continue
        is_trump = contract is BeloteContract.ALL_TRUMPS or (
            contract is not None and contract.suit is suit
        )
        order = TRUMP_ORDER if is_trump else PLAIN_ORDER
        cards.sort(key=lambda c: order.index(int(c.rank or 0)))
        label = _SUIT_LABELS[suit]
        if contract is not None and contract.suit is suit:
            label += " (trumps)"
        groups.append((label, tuple(cards)))
    return tuple(groups)


def _belote(obs: BeloteObservation, game: str) -> TableView:
    pretty = PIQUET_NOTATION.pretties
    facts: list[tuple[str, str]] = []
    if obs.contract is None and obs.phase == "bidding":
        round_ = len(obs.bids) // 4 + 1
        facts.append(("turn-up", f"{pretty[obs.turn_up]} (bidding round {round_})"))
    elif obs.contract is not None:
        facts.append(("turn-up", f"{pretty[obs.turn_up]} (taken by seat {obs.taker})"))
    events = []
    for seat, kind, cards in obs.declarations:
        shown = " ".join(pretty[c] for c in cards)
        events.append(f"seat {seat}: {kind.label}" + (f" ({shown})" if shown else ""))
    for seat, announcement, card in obs.announcements:
        events.append(f"seat {seat}: {announcement.token} ({pretty[card]})")
    return TableView(
        game=game,
        seat=obs.seat,
        players=4,
        dealer=obs.dealer,
        phase=obs.phase,
        to_act=obs.to_act,
        hand=obs.hand,
        groups=_belote_groups(obs.hand, obs.contract),
        calls=tuple((s, "pass" if c is None else _belote_label(c)) for s, c in obs.bids),
        contract=None if obs.contract is None else _belote_label(obs.contract),
        taker=obs.taker,
        partner=None if obs.taker is None else obs.taker ^ 2,
        called_card=None,
        teams=((0, 2), (1, 3)),
        tricks=obs.tricks,
        trick_leader=obs.trick_leader,
        current_trick=obs.current_trick,
        facts=tuple(facts),
        events=tuple(events),
        slam_announced=False,
        result=obs.result,
        notation=PIQUET_NOTATION,
        pretty=True,
    )


def _belote_label(contract: BeloteContract) -> str:
    """``♥ hearts``, ``all trumps (TA)``, ``no trumps (SA)``."""
    return f"{contract.symbol} {contract.label}" if contract.is_suit else contract.label


# -- any other variant ------------------------------------------------------------------------------
def _generic(obs: Observation, game: str) -> TableView:
    """A best-effort view of an unknown variant's observation, from the attributes the built-in
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
            groups.append((_SUIT_LABELS[suit], cards))
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
    )


def _ints(value: object) -> tuple[int, ...]:
    if isinstance(value, int):
        return tuple(cards_of(value))
    if isinstance(value, (tuple, list)):
        return tuple(int(v) for v in value if isinstance(v, int))
    return ()


def _int_or(value: object, default: int | None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
