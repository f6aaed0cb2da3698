"""Contrée's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
:func:`view_parts`, registered as the game's ``view`` hook — every auction call (CO-4.11), the
standing contract with its level, the bidder's partner, the fixed teams, declarations and belote
announcements, cards in their pretty piquet form and the hand grouped by suit as in Belote.

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> view = table_view(tarotlib.variant("contree").new_deal(seed=1), 0)
>>> view.teams, view.pretty
(((0, 2), (1, 3)), True)
"""

from __future__ import annotations

from tarotlib.core.cards import PIQUET_NOTATION
from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import ViewParts
from tarotlib.variants.belote.contree.observation import ContreeObservation
from tarotlib.variants.belote.contree.types import ContreeBid
from tarotlib.variants.belote.view import _groups

__all__ = ["view_parts"]


def _call(call: object) -> str:
    if call is None:
        return "pass"
    if isinstance(call, ContreeBid):
        return call.label
    return str(call)


def view_parts(observation: Observation) -> ViewParts | None:
    """The Contrée parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=1, dealer=3)
    >>> for text in ("bid 90H", "coinche"):
    ...     state = state.apply(rules.parse_action(text))
    >>> parts = view_parts(state.observation(2))
    >>> parts.calls, parts.contract, parts.partner
    (((0, '90♥'), (1, 'coinche')), '90♥ coinched by seat 0', 2)
    >>> view_parts(tarotlib.variant("belote").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, ContreeObservation):
        return None
    obs = observation
    pretty = PIQUET_NOTATION.pretties
    c = obs.contract
    events = []
    for seat, kind, cards in obs.declarations:
        shown = " ".join(pretty[x] for x in cards)
        events.append(f"seat {seat}: {kind.label}" + (f" ({shown})" if shown else ""))
    for seat, announcement, card in obs.announcements:
        events.append(f"seat {seat}: {announcement.token} ({pretty[card]})")
    trumps = None if c is None or obs.phase == "auction" else c.denomination
    return ViewParts(
        players=4,
        groups=_groups(obs.hand, trumps),
        calls=tuple((s, _call(call)) for s, call in obs.calls),
        contract=None if c is None else c.label,
        partner=None if c is None else c.bidder ^ 2,
        called_card=None,
        teams=((0, 2), (1, 3)),
        facts=(),
        events=tuple(events),
        slam_announced=False,
        notation=PIQUET_NOTATION,
        pretty=True,
    )
