"""Monte (LO-13): a proposal to annul the deal that all the other players must accept — the
``MonteRound`` phase driven through a small Lombardy-like game defined here."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib.core.actions import Action, Answer, Monte, Pass, Play, Slam
from tarotlib.core.cards import parse_card
from tarotlib.core.dealing import PacketSchedule
from tarotlib.core.decks import TAROT_78
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import (
    MONTE as MONTE_NOTE,
)
from tarotlib.deal import (
    DealData,
    DealState,
    DiscardCards,
    Game,
    MonteRound,
    Phase,
    TrickPlay,
    evolve,
)
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.match import Match
from tarotlib.testing import check_replay

from support.phases import SCHEDULES, Said, check_phase_state, drive, finish, play
from support.profiles import examples

MONTE = "Monte: every player agreed to annul the deal"


def dealer(state: DealState) -> int:
    return state.data.dealer


def teams(state: DealState) -> DealData:
    """LO-10: seats 0 and 2 against 1 and 3."""
    return evolve(state.data, sides=(0, 1, 0, 1))


@attrs.frozen
class Lombardy(Game[DealState]):
    """Four players in two partnerships: Monte (LO-13, option ``monte``), the dealer's discard
    (LO-14), play; the team winning more tricks scores the difference. A Monte deal counts toward
    the game's four deals (LO-13.3, LO-17.1)."""

    monte: bool = True
    players: int = 4
    phases: tuple[Phase[Any], ...] = attrs.field(init=False)
    name = "lombardy-like"
    deck = TAROT_78
    dealing: PacketSchedule = SCHEDULES[4]

    @phases.default
    def _phases(self) -> tuple[Phase[Any], ...]:
        return (
            MonteRound(enabled=self.monte),
            DiscardCards(DiscardRule(), 6, who=dealer, take_kitty=True),
            TrickPlay(TrickRules(), setup=teams),
        )

    def score(self, state: DealState) -> DealResult:
        won = [0, 0]
        for t in state.tricks:
            won[t.winner % 2] += 1
        diff = won[0] - won[1]
        return DealResult((diff, -diff, diff, -diff), breakdown=Said(f"tricks {won}"))

    def counts_toward_match(self, result: DealResult) -> bool:
        return not result.is_annulled or result.annulled == MONTE  # LO-17.1


def texts(state: DealState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def reason(state: DealState, action: Action) -> str:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    return caught.value.reason


def universe(state: DealState) -> tuple[Action, ...]:
    return (Monte(True), Monte(False), Answer(True), Answer(False), Pass(), Slam(True))


def test_every_player_declines_and_the_discard_follows() -> None:
    """LO-13.2: from the eldest to the dealer; when the dealer has spoken, the discard follows."""
    state = Lombardy().new_deal(seed=1, dealer=2)
    assert (state.phase, state.to_act) == ("monte", 3)
    assert texts(state) == ["no-monte", "monte"]
    seats = []
    while state.phase == "monte":
        seats.append(state.to_act)
        state = play(state, "no-monte")
    assert seats == [3, 0, 1, 2]
    assert (state.phase, state.to_act) == ("discard", 2)
    assert state.data.note(MONTE_NOTE) == tuple((s, Monte(False)) for s in seats)


def test_all_three_accept_and_the_deal_is_annulled() -> None:
    """LO-13.2, LO-13.3: the answers start at the proposer's right; no discard, no play."""
    state = play(Lombardy().new_deal(seed=2, dealer=0), "no-monte", "monte")
    assert state.to_act == 3 and texts(state) == ["refuse", "accept"]
    state = play(state, "accept")
    assert state.to_act == 0
    state = play(state, "accept")
    assert state.to_act == 1
    state = play(state, "accept")
    assert state.is_over and state.result.annulled == MONTE and state.result.scores == (0,) * 4
    assert state.data.note(MONTE_NOTE) == (
        (1, Monte(False)),
        (2, Monte(True)),
        (3, Answer(True)),
        (0, Answer(True)),
        (1, Answer(True)),
    )
    assert [a.text for a in state.history] == ["no-monte", "monte", "accept", "accept", "accept"]
    check_replay(state)


def test_the_first_refusal_ends_the_proposal_and_the_round_goes_on() -> None:
    """LO-13.2: each player proposes at most once; a failed proposal does not stop the round."""
    state = play(Lombardy().new_deal(seed=3, dealer=0), "monte", "accept", "refuse")
    assert (state.to_act, texts(state)) == (2, ["no-monte", "monte"])  # seat 3 was not asked
    state = play(state, "no-monte", "no-monte")
    assert state.to_act == 0  # the dealer proposes last ...
    state = play(state, "monte", "accept", "accept")
    assert state.to_act == 3
    state = play(state, "refuse")
    assert state.phase == "discard"  # ... and nobody proposes twice
    said = state.data.note(MONTE_NOTE)
    assert isinstance(said, tuple)
    proposers = [seat for seat, action in said if action == Monte(True)]
    assert proposers == [1, 0]


def test_a_dealers_proposal_is_answered_from_his_right() -> None:
    state = play(Lombardy().new_deal(seed=4, dealer=1), "no-monte", "no-monte", "no-monte")
    assert state.to_act == 1
    state = play(state, "monte")
    order = []
    while not state.is_over:
        order.append(state.to_act)
        state = play(state, "accept")
    assert order == [2, 3, 0] and state.result.annulled == MONTE


def test_monte_deals_count_and_the_deal_passes_on() -> None:
    """LO-E4: a game of four deals in which the second is a Monte (LO-13.3, LO-17.1)."""
    rules = Lombardy()
    match = Match.start(rules, deals=4, first_dealer=0, seed=7)
    for k in range(4):
        dealt = match.new_deal()
        assert isinstance(dealt, DealState) and dealt.dealer == k
        state = dealt
        if k == 1:
            state = play(state, "monte", "accept", "accept", "accept")
        else:
            state = finish(play(state, *["no-monte"] * 4), k)
        match = match.add(state.result)
    assert match.is_over and match.deals_counted == 4
    assert match.results[1].annulled == MONTE


def test_rejections_say_why_and_change_nothing() -> None:
    state = Lombardy().new_deal(seed=5, dealer=0)
    assert reason(state, Answer(True)) == (
        "nobody has proposed Monte: propose it (monte) or decline (no-monte)"
    )
    assert reason(state, Play(parse_card("KH"))).startswith("phase monte expects monte or no-monte")
    check_phase_state(state, universe(state))
    state = play(state, "monte")
    assert reason(state, Monte(True)) == "seat 1 has proposed Monte: accept or refuse"
    assert reason(state, Monte(False)) == "seat 1 has proposed Monte: accept or refuse"
    check_phase_state(state, universe(state))


def test_the_texts_round_trip() -> None:
    rules = Lombardy()
    for action in (Monte(True), Monte(False), Answer(True), Answer(False)):
        assert rules.parse_action(action.text) == action
    with pytest.raises(ActionParseError, match="accept takes nothing after it"):
        rules.parse_action("accept now")


def test_monte_disabled() -> None:
    """LO-13.2 alternative: monte = disabled."""
    state = Lombardy(monte=False).new_deal(seed=6, dealer=0)
    assert (state.phase, state.to_act) == ("discard", 0)
    skipped = MonteRound(when=lambda data: data.dealer != 0)
    assert not skipped.active(state.data) and skipped.active(evolve(state.data, dealer=1))


@settings(max_examples=examples(60), deadline=None)
@given(
    dealer_=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
    lean=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_monte_rounds(dealer_: int, seed: int, lean: float) -> None:
    rules = Lombardy()
    start = rules.new_deal(seed=seed, dealer=dealer_)
    state = drive(start, random.Random(seed), {"monte"}, universe, passing=lean)
    said = state.data.note(MONTE_NOTE)
    assert isinstance(said, tuple)
    proposers = [seat for seat, action in said if action == Monte(True)]
    assert len(proposers) == len(set(proposers))  # at most once each
    turns = [seat for seat, action in said if isinstance(action, Monte)]
    order = [(dealer_ + k) % 4 for k in range(1, 5)]
    assert turns == order[: len(turns)]
    if state.is_over:
        assert state.result.annulled == MONTE
        assert [a for _, a in said[-3:]] == [Answer(True)] * 3
        assert said[-4] == (proposers[-1], Monte(True))
    else:
        assert state.phase == "discard" and turns == order
