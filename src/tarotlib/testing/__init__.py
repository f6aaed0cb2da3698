"""Testing kit for tarotlib and for your own variants.

- :mod:`tarotlib.testing.invariants` — checkers that raise ``AssertionError`` with a clear message
  when a state breaks a rule, for any :class:`~tarotlib.deal.DealState` (termination, legal
  actions, rejections, zero-sum, replay), and :func:`check_state`, which runs those that apply and
  then the game's own *oracle* (registered with the game: French Tarot's
  :mod:`~tarotlib.variants.french_tarot.oracle` and Belote's :mod:`~tarotlib.variants.belote.oracle`
  recompute the rules independently). Plain Python: no extra dependency.
- :mod:`tarotlib.testing.generic` — :func:`check_deal`, the checker to point at **any**
  trick-taking variant (yours too): give it the pack, the trick rules, the point table and the
  partnerships, and it checks card conservation, the legality and winner of every trick, piles
  and points, zero-sum and your scoring (a game states its exceptions to the plain trick rules
  through the registry); and :func:`registered`, a variant registered for the duration of a
  ``with`` block (a test, an example). Also re-exported by :mod:`~tarotlib.testing.invariants`.
- :mod:`tarotlib.testing.strategies` — `Hypothesis <https://hypothesis.readthedocs.io>`_ strategies
  (cards, hands, packs, options, layouts, states reached by random legal play) for any registered
  variant. Hypothesis is not a runtime dependency of tarotlib: install the test extra,
  ``pip install -e '.[test]'``. tarotlib's strategies are also registered with Hypothesis
  through its plugin entry point, so ``st.from_type(Card)`` works in any test.
- :mod:`tarotlib.testing.stateful` — :class:`VariantMachine`, a reusable Hypothesis
  ``RuleBasedStateMachine`` for any registered variant (``VariantMachine.for_variant(name)``).

The strategies and the state machine are importable from here too; Hypothesis is imported only
when one of them is first used (``import tarotlib`` and ``import tarotlib.testing`` never
import it). The games' own checkers, once importable from here, moved to their oracles (still
found here through the registry, with a ``DeprecationWarning``).

>>> import tarotlib
>>> from tarotlib.testing import check_state, random_play
>>> final, actions = random_play(tarotlib.variant("french-tarot").new_deal(seed=3), 0,
...                              on_step=check_state)
>>> final.is_over
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tarotlib.testing.invariants import (
    DealFacts,
    TrickExceptions,
    _moved,
    check_deal,
    check_legal_actions,
    check_rejects,
    check_replay,
    check_state,
    check_terminates,
    check_zero_sum,
    deck_of,
    registered,
    state_snapshot,
)
from tarotlib.testing.play import random_play, single_bid_auctions

if TYPE_CHECKING:
    from tarotlib.testing.stateful import VariantMachine
    from tarotlib.testing.strategies import (
        card_sets,
        cards,
        deals,
        hands,
        layouts,
        options,
        permutations_of_pack,
        played_deals,
        policies,
        rules,
        states,
    )

_STRATEGIES = frozenset(
    {
        "card_sets",
        "cards",
        "deals",
        "hands",
        "layouts",
        "options",
        "permutations_of_pack",
        "played_deals",
        "policies",
        "rules",
        "states",
    }
)

_LAZY: dict[str, str] = {
    **{name: "tarotlib.testing.strategies" for name in _STRATEGIES},
    "VariantMachine": "tarotlib.testing.stateful",
}
"""The names importable from here that need Hypothesis, and the module each comes from."""

__all__ = [
    "DealFacts",
    "TrickExceptions",
    "VariantMachine",
    "card_sets",
    "cards",
    "check_deal",
    "check_legal_actions",
    "check_rejects",
    "check_replay",
    "check_state",
    "check_terminates",
    "check_zero_sum",
    "deals",
    "deck_of",
    "hands",
    "layouts",
    "options",
    "permutations_of_pack",
    "played_deals",
    "policies",
    "random_play",
    "registered",
    "rules",
    "single_bid_auctions",
    "state_snapshot",
    "states",
]


def __getattr__(name: str) -> Any:
    """Import :mod:`tarotlib.testing.strategies` or :mod:`tarotlib.testing.stateful` (and so
    Hypothesis) on first use; a checker that moved into a game's oracle is found through the
    registry (deprecated)."""
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        return getattr(module, name)
    if name == "TrickTakingState":
        from tarotlib.testing import generic

        return generic.__getattr__(name)
    return _moved(__name__, name)
