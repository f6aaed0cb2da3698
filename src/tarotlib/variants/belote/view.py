"""Belote's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
:func:`view_parts`, registered as the game's ``view`` hook — the bids and the contract by their
labels (``♥ hearts``, ``all trumps (TA)``), the partner opposite the taker, the fixed teams, the
turn-up, the declarations and belote announcements, cards in their pretty piquet form (``♥10``),
and the hand grouped by suit, strongest first in each suit's rank order (BE-1.4).

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> view = table_view(tarotlib.variant("belote").new_deal(seed=1), 0)
>>> view.teams, view.pretty
(((0, 2), (1, 3)), True)
"""

from __future__ import annotations

from collections.abc import Sequence

from tarotlib.core.cards import PIQUET_NOTATION, Card, Suit
from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import SUIT_LABELS, ViewParts
from tarotlib.variants.belote.game import BeloteObservation
from tarotlib.variants.belote.tables import PLAIN_ORDER, TRUMP_ORDER
from tarotlib.variants.belote.types import Contract

__all__ = ["view_parts"]


def _groups(
    hand: Sequence[Card], contract: Contract | None
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Suits in S H D C order, each high to low in its rank order (BE-1.4); the trump suit is
    labelled."""
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = [c for c in hand if c.suit is suit]
        if not cards:
            continue
        is_trump = contract is Contract.ALL_TRUMPS or (
            contract is not None and contract.suit is suit
        )
        order = TRUMP_ORDER if is_trump else PLAIN_ORDER
        cards.sort(key=lambda c: order.index(int(c.rank or 0)))
        label = SUIT_LABELS[suit]
        if contract is not None and contract.suit is suit:
            label += " (trumps)"
        groups.append((label, tuple(cards)))
    return tuple(groups)


def _label(contract: Contract) -> str:
    """``♥ hearts``, ``all trumps (TA)``, ``no trumps (SA)``."""
    return f"{contract.symbol} {contract.label}" if contract.is_suit else contract.label


def view_parts(observation: Observation) -> ViewParts | None:
    """The Belote parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=3).apply(rules.parse_action("bid spades"))
    >>> parts = view_parts(state.observation(3))
    >>> parts.calls, parts.contract, parts.partner, parts.facts
    (((1, '♠ spades'),), '♠ spades', 3, (('turn-up', '♠8 (taken by seat 1)'),))
    >>> view_parts(tarotlib.variant("french-tarot").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, BeloteObservation):
        return None
    obs = observation
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
    return ViewParts(
        players=4,
        groups=_groups(obs.hand, obs.contract),
        calls=tuple((s, "pass" if c is None else _label(c)) for s, c in obs.bids),
        contract=None if obs.contract is None else _label(obs.contract),
        partner=None if obs.taker is None else obs.taker ^ 2,
        called_card=None,
        teams=((0, 2), (1, 3)),
        facts=tuple(facts),
        events=tuple(events),
        slam_announced=False,
        notation=PIQUET_NOTATION,
        pretty=True,
    )
