"""Lombardy's and Reseghino's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
:func:`view_parts`, registered as both games' ``view`` hook — the teams (Lombardy), the exposed
cards still face up and who holds them (LO-12), the Monte proposals (LO-13), the seat's own discard
(the dealer's, LO-8.4) and the Matto exchange (LO-7, public).

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> view = table_view(tarotlib.variant("lombardy").new_deal(seed=3, dealer=0), 1)
>>> view.teams, view.facts[0][0]
(((0, 2), (1, 3)), 'exposed')
"""

from __future__ import annotations

from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import ViewParts
from tarotlib.variants.lombard.lombardy.game import LombardObservation

__all__ = ["view_parts"]


def view_parts(observation: Observation) -> ViewParts | None:
    """The parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> state = tarotlib.variant("reseghino").new_deal(seed=2, dealer=0)
    >>> state = state.apply(state.legal_actions()[0])
    >>> view_parts(state.observation(0)).facts
    (('your discard', '2S'),)
    >>> view_parts(tarotlib.variant("belote").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, LombardObservation):
        return None
    obs = observation
    facts: list[tuple[str, str]] = []
    played = {int(c) for t in obs.tricks for c in t.cards} | {int(c) for c in obs.current_trick}
    up = [(s, c) for s, c in obs.exposed if int(c) not in played]
    if up:
        shown = ", ".join(
            f"seat {s}: {' '.join(c.text for t, c in up if t == s)}"
            for s in sorted({s for s, _ in up})
        )
        facts.append(("exposed", shown))
    if obs.monte:
        facts.append(("monte", " ".join(f"{s}:{a.text}" for s, a in obs.monte)))
    if obs.discard:
        label = "your discard" if obs.seat == obs.dealer and obs.result is None else "discard"
        facts.append((label, " ".join(c.text for c in obs.discard)))
    events = []
    if obs.matto is not None:
        m = obs.matto
        events.append(f"seat {m.owner} took the Matto back from seat {m.holder} for {m.card.text}")
    teams = ((0, 2), (1, 3)) if obs.players == 4 else None
    return ViewParts(teams=teams, facts=tuple(facts), events=tuple(events))
