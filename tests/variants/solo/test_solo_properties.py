"""The French Tarot solo: properties over random legal play under drawn options (the game's option
strategy), checked at every step by the game's independent oracle
(:mod:`tarotlib.variants.french_tarot.solo.oracle`, through ``check_state``): termination, the 78
cards and 91 points conserved, nothing hidden leaking, offered actions equal to the legal ones,
identical replay, the scores of FT-20.11; and the reusable state machine."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.deal import FIRST_OF_SERIES
from tarotlib.records import GameRecord
from tarotlib.testing import check_replay, check_state, random_play
from tarotlib.testing.stateful import VariantMachine
from tarotlib.testing.strategies import deals, rules

from support.profiles import examples

SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def every_step(state: tarotlib.deal.DealState) -> None:
    check_state(state)  # the generic checks, zero-sum, then the solo's oracle


@SETTINGS
@given(
    state=deals(rules("french-tarot-solo")),
    first=st.booleans(),
    chooser=st.integers(0, 2**32),
)
def test_random_play_under_drawn_options(
    state: tarotlib.deal.DealState, first: bool, chooser: int
) -> None:
    """Every state passes the oracle; the deal ends within its 1 + 6 + 1 + 48 + 1 choices; it
    replays identically, from the state and from its record (with its facts)."""
    facts = {FIRST_OF_SERIES.name: True} if first else None
    state = state.rules.new_deal(layout=state.layout, facts=facts)
    last, actions = random_play(state, chooser, on_step=every_step, max_actions=60)
    assert last.is_over and len(actions) <= 57
    check_replay(last)
    record = GameRecord.loads(GameRecord.from_state(last).dumps())
    assert record.replay() == last
    if first and not last.result.is_annulled:
        assert (
            last.result.contract == "Prise"
            or last.rules.options_dict()["solo_first_deal_contract"] == "free"
        )


class TestSoloMachine(VariantMachine.for_variant("french-tarot-solo").TestCase):  # type: ignore[misc]
    settings = settings(max_examples=examples(6), stateful_step_count=25, deadline=None)
