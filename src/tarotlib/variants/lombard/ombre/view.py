"""The Tarocc'Ombre / Ombra arrabiata pieces of the terminal's table view (the games' ``view``
hook): the bids by contract, the hand grouped by suit in the Italian order (red pips reversed,
LO-3), the discard (the dealer's), the exchanges as the seat knows them, the called card and the
partner once known.

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> state = tarotlib.variant("tarocco-ombre").new_deal(seed=1)
>>> view = table_view(state, 0)
>>> [label for label, _ in view.groups][-1]
'trumps'
"""

from __future__ import annotations

from tarotlib.core.cards import Card, Suit
from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import SUIT_LABELS, ViewParts
from tarotlib.variants.lombard.facts import TRICKS
from tarotlib.variants.lombard.ombre.observation import OmbreObservation

__all__ = ["view_parts"]

_STRENGTH = TRICKS.rank_order.strength


def _groups(hand: tuple[Card, ...]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Suits in S H D C order, then trumps and the Matto, each strongest first (LO-3)."""
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = sorted(
            (c for c in hand if not c.is_trump and c.suit is suit), key=lambda c: -_STRENGTH[c]
        )
        if cards:
            groups.append((SUIT_LABELS[suit], tuple(cards)))
    trumps = sorted((c for c in hand if c.suit is None), key=lambda c: -_STRENGTH[c])
    if trumps:
        groups.append(("trumps", tuple(trumps)))
    return tuple(groups)


def view_parts(observation: Observation) -> ViewParts | None:
    """The parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> state = tarotlib.variant("tarocco-ombre").new_deal(seed=1)
    >>> view_parts(state.observation(0)).facts[0][0]
    'dealer'
    >>> view_parts(tarotlib.variant("belote").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, OmbreObservation):
        return None
    obs = observation
    facts: list[tuple[str, str]] = [("dealer", f"seat {obs.dealer}")]
    if obs.discard:
        facts.append(("your discard", " ".join(c.pretty for c in obs.discard)))
    if obs.out_of_play:
        facts.append(("out of play", " ".join(c.pretty for c in obs.out_of_play)))
    if obs.alone and obs.players in (5, 7):
        facts.append(("declarer", "plays alone"))
    events = []
    for e in obs.exchanges:
        if e.giver < 0:
            events.append(f"seat {e.requester} named {e.named.pretty}: out of play")
            continue
        back = "a card" if e.returned is None else e.returned.pretty
        events.append(
            f"seat {e.requester} named {e.named.pretty}, from seat {e.giver} ({back} back)"
        )
    if obs.conceded:
        events.append(f"seat {obs.declarer} conceded")
    return ViewParts(
        players=obs.players,
        groups=_groups(obs.hand),
        calls=tuple(
            (s, "pass" if c is None else str(getattr(c, "label", c))) for s, c in obs.calls
        ),
        contract=None
        if obs.contract is None
        else str(getattr(obs.contract, "label", obs.contract)),
        partner=obs.partner,
        called_card=obs.called_card,
        facts=tuple(facts),
        events=tuple(events),
    )
