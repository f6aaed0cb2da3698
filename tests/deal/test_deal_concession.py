"""Concession (TO-7, TO-25, TO-36): a ``Decision`` offered once to a declarer who outbid the dealer,
conceding ending the deal with no play — driven through small games defined here."""

from __future__ import annotations

import random
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.core.actions import Action, Concede, Pass, Play, Redeal, Slam
from tarotlib.core.cards import parse_card
from tarotlib.core.dealing import PacketSchedule
from tarotlib.core.decks import TAROT_78
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import (
    CONCEDED,
    CallCard,
    DealData,
    DealState,
    Decision,
    Game,
    MultiRoundBidding,
    Phase,
    TrickPlay,
    concession,
    dealer_outbid,
    unheld_cards,
    unheld_reason,
)
from tarotlib.deal.data import Note
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.testing import check_replay

from support.phases import SCHEDULES, Said, Words, check_phase_state, drive, finish, play
from support.profiles import examples


class Ombre(Words):
    """TO-5.1."""

    DUE = 1
    UNA = 2
    NIENTE = 3


BASE = {Ombre.DUE: 2, Ombre.UNA: 3, Ombre.NIENTE: 4}  # TO-5.1 (3 players)


def _no_contract(data: DealData) -> bool:
    return data.contract is not None


EXCHANGED = Note("exchanged", False)


def noted(state: DealState, key: Note[bool]) -> bool | None:
    """The value the deal noted under ``key``, or None when it noted nothing there."""
    for name, value in state.data.notes:
        if name == key.name:
            return bool(value)
    return None


@attrs.frozen
class Conceding(Game[DealState]):
    """Tarocc'Ombre's auction and concession: ``timing`` places the concession before or after a
    stand-in for the exchanges (TO-7.2), ``payment`` is TO-7.3's ``concession_payment``; with
    ``call`` (5 players) the partner call follows the concession (TO-36). A conceded deal pays the
    base; a played one ±base from each opponent on the tricks."""

    players: int = 3
    timing: Literal["after_exchanges", "before_exchanges"] = "after_exchanges"
    payment: Literal["each_opponent", "dealer_only"] = "each_opponent"
    call: bool = False
    phases: tuple[Phase[Any], ...] = attrs.field(init=False)
    dealing: PacketSchedule = attrs.field(init=False)
    name = "conceding"
    deck = TAROT_78

    @dealing.default
    def _dealing(self) -> PacketSchedule:
        return SCHEDULES[self.players]

    @phases.default
    def _phases(self) -> tuple[Phase[Any], ...]:
        exchanges = Decision(
            "exchanges",
            EXCHANGED,
            (Pass(),),
            value=lambda action: True,
            expects="pass (no exchanges here)",
        )
        offer = concession()
        middle = (exchanges, offer) if self.timing == "after_exchanges" else (offer, exchanges)
        calls = (CallCard(unheld_cards, unheld_reason, optional=True),) if self.call else ()
        return (MultiRoundBidding(tuple(Ombre)), *middle, *calls, TrickPlay(TrickRules()))

    def score(self, state: DealState) -> DealResult:
        d = state.data
        n = self.players
        base = BASE[d.contract]  # type: ignore[index]
        if d.note(CONCEDED):  # TO-7.3
            if self.payment == "dealer_only":
                scores = [0] * n
                scores[d.declarer], scores[d.dealer] = -base, base
                return DealResult(tuple(scores), breakdown=Said("conceded to the dealer"))
            return DealResult(
                tuple(-base * (n - 1) if s == d.declarer else base for s in range(n)),
                breakdown=Said("conceded"),
            )
        team = (d.declarer, d.partner)
        won = sum(1 for t in state.tricks if t.winner in team) * 2 >= len(state.tricks)
        sign = 1 if won else -1
        opponents = n - sum(1 for s in team if s >= 0)
        scores = [-sign * base] * n
        scores[d.declarer] = sign * base * opponents
        if d.partner >= 0:
            scores[d.partner] = 0
        return DealResult(tuple(scores), breakdown=Said("played"))


LO_E6 = ("bid due", "bid una", "bid niente", "bid niente", "pass", "pass")


def texts(state: DealState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def universe(state: DealState) -> tuple[Action, ...]:
    return (Concede(True), Concede(False), Slam(True), Redeal(False), Play(parse_card("KH")))


def test_lo_e6_the_declarer_concedes() -> None:
    """LO-E6: seat 1 is declarer at niente over the dealer's bid, concedes, and pays the niente
    base, 4, to each opponent: -8, +4, +4, with no play."""
    rules = Conceding()
    state = play(rules.new_deal(seed=1, dealer=0), *LO_E6, "pass")  # the exchanges stand-in
    assert (state.phase, state.to_act) == ("concession", 1)
    assert texts(state) == ["no-concede", "concede"]
    state = play(state, "concede")
    assert state.is_over and not state.result.is_annulled
    assert state.result.scores == (4, -8, 4)
    assert noted(state, CONCEDED) is True and state.tricks == ()
    check_replay(state)


def test_concession_payment_to_the_dealer_only() -> None:
    """TO-7.3 concession_payment = dealer_only."""
    state = play(Conceding(payment="dealer_only").new_deal(seed=1, dealer=0), *LO_E6, "pass")
    assert play(state, "concede").result.scores == (4, -4, 0)


def test_playing_on() -> None:
    state = play(Conceding().new_deal(seed=1, dealer=0), *LO_E6, "pass", "no-concede")
    assert state.phase == "play" and noted(state, CONCEDED) is False
    final = finish(state)
    assert final.tricks and sum(final.result.scores) == 0


def test_no_concession_when_the_dealer_only_passed() -> None:
    """TO-7.1: the dealer must have made a bid."""
    state = play(Conceding().new_deal(seed=2, dealer=0), "bid due", "bid una", "pass", "pass")
    assert state.declarer == 2 and not dealer_outbid(state.data)
    state = play(state, "pass")
    assert state.phase == "play"


def test_no_concession_for_a_declarer_who_is_the_dealer() -> None:
    """TO-7.1: another player must have become declarer."""
    state = play(Conceding().new_deal(seed=2, dealer=0), "bid due", "pass", "bid una", "pass")
    assert state.declarer == 0 and not dealer_outbid(state.data)
    assert play(state, "pass").phase == "play"


def test_the_concession_may_come_before_the_exchanges() -> None:
    """TO-7.2 concession_timing = before_exchanges."""
    rules = Conceding(timing="before_exchanges")
    state = play(rules.new_deal(seed=1, dealer=0), *LO_E6)
    assert state.phase == "concession"
    assert play(state, "no-concede").phase == "exchanges"
    conceded = play(state, "concede")
    assert conceded.is_over and conceded.result.scores == (4, -8, 4)
    assert noted(conceded, EXCHANGED) is None  # no exchanges after a concession


def test_a_conceding_declarer_calls_no_partner() -> None:
    """TO-36: the concession comes before the partner call, so the declarer pays alone."""
    rules = Conceding(5, call=True)
    state = play(
        rules.new_deal(seed=3, dealer=0),
        "bid due",
        "pass",
        "pass",
        "pass",
        "bid una",
        "bid una",
        "pass",
    )
    assert (state.declarer, state.phase) == (1, "exchanges")
    state = play(state, "pass")
    assert state.phase == "concession"
    assert play(state, "no-concede").phase == "call"
    conceded = play(state, "concede")
    assert conceded.result.scores == (3, -12, 3, 3, 3) and conceded.partner is None


def test_rejections_and_texts() -> None:
    rules = Conceding()
    state = play(rules.new_deal(seed=1, dealer=0), *LO_E6, "pass")
    for action in (Slam(True), Play(parse_card("KH"))):
        with pytest.raises(IllegalActionError, match="phase concession expects concede or no-"):
            state.apply(action)
    check_phase_state(state, universe(state))
    assert rules.parse_action("concede") == Concede(True)
    assert rules.parse_action("no-concede") == Concede(False)
    with pytest.raises(ActionParseError):
        rules.parse_action("concede now")


def test_the_slam_decision_is_unchanged() -> None:
    """Decision without ``ends`` still goes on to the next phase (FT-7)."""
    rules = tarotlib.variant("french-tarot")
    assert isinstance(rules, Game)
    slam = rules.phase_list[4]
    assert isinstance(slam, Decision) and slam.ends == ()
    offer = concession()
    assert offer.ends == (Concede(True),) and offer.who is slam.who


@settings(max_examples=examples(50), deadline=None)
@given(
    players=st.sampled_from([3, 4, 5]),
    timing=st.sampled_from(["after_exchanges", "before_exchanges"]),
    dealer_=st.integers(0, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_concessions(
    players: int,
    timing: Literal["after_exchanges", "before_exchanges"],
    dealer_: int,
    seed: int,
) -> None:
    rules = Conceding(players, timing)
    rng = random.Random(seed)
    state = rules.new_deal(seed=seed, dealer=dealer_ % players)
    state = drive(state, rng, {"auction", "exchanges"}, lambda s: (), passing=0.3)
    if state.is_over:
        return
    offered = dealer_outbid(state.data)
    assert (state.phase == "concession") == offered  # TO-7.1, wherever the game places it
    state = drive(state, rng, {"concession", "exchanges"}, universe)
    if noted(state, CONCEDED):
        assert offered and state.is_over and state.tricks == ()
    else:
        assert state.phase == "play"
        assert noted(state, CONCEDED) is (False if offered else None)
