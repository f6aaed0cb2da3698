"""The French Tarot solo's pieces of the terminal's table view (:mod:`tarotlib.terminal.view`):
French Tarot's (the contract, the chien, the écart, the poignée, the hand by suit), the seats'
names — the player, the AI, the dummy — the dummy's face-up cards, the sizes of the two face-down
piles and whose card is to be chosen (the dummy's or the player's own).

>>> import tarotlib
>>> from tarotlib.terminal import table_view
>>> rules = tarotlib.variant("french-tarot-solo")
>>> state = rules.new_deal(seed=3).apply(rules.parse_action("bid garde-sans"))
>>> state = state.apply(rules.parse_action("no-slam"))
>>> view = table_view(state, 0)
>>> view.name(1), view.name(0)
('AI', 'player (you)')
>>> dict(view.facts)["dummy's face-up cards"], dict(view.facts)["now"]
('8D T1 T7', "choose the dummy's card (one of its face-up cards)")
"""

from __future__ import annotations

import attrs

from tarotlib.core.cards import TAROT_NOTATION
from tarotlib.deal.observe import Observation
from tarotlib.terminal.view import ViewParts
from tarotlib.variants.french_tarot.observation import FrenchTarotObservation
from tarotlib.variants.french_tarot.solo.observation import SoloObservation
from tarotlib.variants.french_tarot.view import view_parts as french_tarot_parts

__all__ = ["SEAT_NAMES", "view_parts"]

SEAT_NAMES = ("player", "AI", "dummy")
"""The seats' names on the table (FT-20.1)."""


def view_parts(observation: Observation) -> ViewParts | None:
    """The solo's parts of the view of ``observation`` (None for another game's).

    >>> import tarotlib
    >>> parts = view_parts(tarotlib.variant("french-tarot-solo").new_deal(seed=3).observation(0))
    >>> parts.seat_names, parts.automatic, dict(parts.facts)["piles"]
    (('player', 'AI', 'dummy'), (1, 2), 'AI 24 cards face down · dummy 24 cards face down')
    >>> view_parts(tarotlib.variant("french-tarot").new_deal(seed=1).observation(0)) is None
    True
    """
    if not isinstance(observation, SoloObservation):
        return None
    obs = observation
    base = FrenchTarotObservation(
        **{f.name: getattr(obs, f.name) for f in attrs.fields(FrenchTarotObservation)}
    )
    parts = french_tarot_parts(base)
    assert parts is not None
    text = TAROT_NOTATION.texts
    facts = list(parts.facts or ())
    if obs.phase == "play":
        facts.append(
            ("dummy's face-up cards", " ".join(text[c] for c in obs.dummy_face_up) or "none")
        )
    facts.append(
        (
            "piles",
            f"AI {obs.ai_cards} cards face down · dummy {obs.dummy_face_down} cards face down",
        )
    )
    if obs.phase == "play" and obs.to_act is not None:
        if len(obs.current_trick) == 1:
            facts.append(("now", "choose the dummy's card (one of its face-up cards)"))
        else:
            facts.append(("now", "play your own card"))
    # FT-20.8: the AI's cards are turned from its pile, the dummy's chosen by the player.
    return attrs.evolve(parts, facts=tuple(facts), seat_names=SEAT_NAMES, automatic=(1, 2))
