"""Chambéry's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
:func:`view_parts`, registered as the game's ``view`` hook — the calls and the contract, the
partner of a King call (public, CH-10.1), the seat sitting out (CH-2.3), the seat's own discard
and the shown trumps (CH-7), the requests (CH-9) and the Fou's exchange (CH-12.4).

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> view = table_view(tarotlib.variant("chambery", players=6).new_deal(seed=3, dealer=0), 2)
>>> view.facts[0]
('sits out', 'seat 1')
"""

from __future__ import annotations

from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import ViewParts
from tarotlib.variants.chambery.observation import ChamberyObservation

__all__ = ["view_parts"]


def view_parts(observation: Observation) -> ViewParts | None:
    """The parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> state = tarotlib.variant("chambery", players=3).new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> view_parts(state.observation(0)).facts == (("your discard", state.discard[0].text),)
    True
    >>> view_parts(tarotlib.variant("belote").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, ChamberyObservation):
        return None
    obs = observation
    facts: list[tuple[str, str]] = []
    if obs.sitter >= 0:
        facts.append(("sits out", f"seat {obs.sitter}"))
    if obs.discard:
        label = "your discard" if obs.seat == obs.dealer and obs.result is None else "discard"
        facts.append((label, " ".join(c.text for c in obs.discard)))
    if obs.shown_discard:
        facts.append(("trumps shown in the discard", " ".join(c.text for c in obs.shown_discard)))
    if obs.out_of_play:
        facts.append(("out of play", " ".join(c.text for c in obs.out_of_play)))
    events = []
    for e in obs.requests:
        if e.giver < 0:
            events.append(f"seat {e.requester} requested {e.named.text}: in the discard")
            continue
        back = "a card" if e.returned is None else e.returned.text
        events.append(
            f"seat {e.requester} requested {e.named.text} from seat {e.giver} ({back} back)"
        )
    if obs.fou_exchange is not None:
        owner, holder, card = obs.fou_exchange
        events.append(f"seat {owner} took the Fou back from seat {holder} for {card.text}")
    teams = None
    if obs.sides and obs.players > 3:
        teams = tuple(tuple(s for s, side in enumerate(obs.sides) if side == k) for k in (0, 1))
    return ViewParts(
        players=obs.players,
        calls=tuple(
            (s, "pass" if c is None else str(getattr(c, "label", c))) for s, c in obs.calls
        ),
        contract=None
        if obs.contract is None
        else str(getattr(obs.contract, "label", obs.contract)),
        partner=obs.partner,
        called_card=obs.called_card,
        teams=teams,
        facts=tuple(facts),
        events=tuple(events),
    )
