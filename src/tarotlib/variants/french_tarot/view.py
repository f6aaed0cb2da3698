"""French Tarot's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
:func:`view_parts`, registered as the game's ``view`` hook — the auction calls and the contract by
their labels, the 5-player partner and called card, the chien, the écart shown to its taker (or the
trumps shown from it), a petit sec hand, the declarations, and the hand grouped by suit, then the
trumps, then the Excuse.

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
>>> [label for label, _ in table_view(state, 0).groups]
['♠ spades', '♥ hearts', '♦ diamonds', '♣ clubs', 'trumps']
"""

from __future__ import annotations

from tarotlib.core.cards import TAROT_NOTATION, Card, Suit
from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import SUIT_LABELS, ViewParts
from tarotlib.variants.french_tarot.game import FrenchTarotObservation

__all__ = ["view_parts"]


def view_parts(observation: Observation) -> ViewParts | None:
    """The French Tarot parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> state = rules.new_deal(seed=2).apply(rules.parse_action("bid garde"))
    >>> parts = view_parts(state.observation(0))
    >>> parts.calls, parts.contract, parts.facts
    (((1, 'Garde'),), None, ())
    >>> view_parts(tarotlib.variant("belote").new_deal(seed=1).observation(0)) is None
    True
    """
    if type(observation) is not FrenchTarotObservation:  # (the solo's observations: its own view)
        return None
    obs = observation
    groups: list[tuple[str, tuple[Card, ...]]] = []
    for suit in Suit:
        cards = tuple(c for c in obs.hand if c.suit is suit)
        if cards:
            groups.append((SUIT_LABELS[suit], cards))
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
    return ViewParts(
        players=obs.players,
        groups=tuple(groups),
        calls=tuple((s, "pass" if c is None else c.label) for s, c in obs.calls),
        contract=None if obs.contract is None else obs.contract.label,
        partner=obs.partner,
        called_card=obs.called_card,
        teams=(),
        facts=tuple(facts),
        events=tuple(events),
        slam_announced=obs.slam_announced,
        notation=TAROT_NOTATION,
        pretty=False,
    )
