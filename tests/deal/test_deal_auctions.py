"""The auction phases of the deal machine: the multi-round auction with seniority (TO-5, TO-22,
TO-33, CH-8.3), the single-round auction handing over to the King call (CH-8.4), and the contract
chosen by one player (FT-20.4, S-O3) — driven through small games defined here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib.core.actions import Action, Bid, Pass, Play
from tarotlib.core.cards import parse_card
from tarotlib.core.dealing import PacketSchedule
from tarotlib.core.decks import TAROT_78
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import (
    ALL_PASSED,
    FIRST_OF_SERIES,
    ChooseContract,
    DealState,
    Game,
    KingCall,
    MultiRoundBidding,
    OneRoundBidding,
    Phase,
    TrickPlay,
    bidding_order,
    evolve,
    first_of_series,
)
from tarotlib.errors import ActionParseError, IllegalActionError
from tarotlib.match import Match
from tarotlib.testing import check_replay

from support.phases import SCHEDULES, Said, Words, check_phase_state, drive, finish, play
from support.profiles import examples


class Ombre(Words):
    """TO-5.1: due < una < niente."""

    DUE = 1
    UNA = 2
    NIENTE = 3


class Solo(Words):
    """FT-4.2's contracts, for the contract chosen by one player (FT-20.4)."""

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4


BASE = {Ombre.DUE: 2, Ombre.UNA: 3, Ombre.NIENTE: 4}  # TO-5.1, 3 players
SAME_DEALER = "all players passed; the same dealer deals again"


@attrs.frozen
class Auctioned(Game[DealState]):
    """A game of ``players`` made of ``phases``: the declarer scores ±base from each opponent,
    winning when he takes at least his share of the tricks. An all-pass annulled with the
    ``redeal_reason`` of TO-5.7's ``same_dealer`` keeps the dealer and does not count."""

    phases: tuple[Phase[Any], ...]
    players: int = 3
    dealing: PacketSchedule = attrs.field(init=False)
    name = "auctioned"
    deck = TAROT_78

    @dealing.default
    def _dealing(self) -> PacketSchedule:
        return SCHEDULES[self.players]

    def score(self, state: DealState) -> DealResult:
        d = state.data
        n = self.players
        if d.declarer < 0:
            return DealResult((0,) * n, breakdown=Said("no declarer"))
        base = BASE.get(d.contract, 1)  # type: ignore[call-overload]
        tricks = [t.winner for t in state.tricks]
        won = bool(tricks) and tricks.count(d.declarer) * n >= len(tricks)
        sign = 1 if won else -1
        return DealResult(
            tuple(sign * base * (n - 1) if s == d.declarer else -sign * base for s in range(n)),
            breakdown=Said(f"base {base}, {'won' if won else 'lost'}"),
            declarer=d.declarer,
        )

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        if result is not None and result.annulled == SAME_DEALER:  # TO-5.7 same_dealer
            return dealer
        return (dealer + 1) % self.players

    def counts_toward_match(self, result: DealResult) -> bool:
        return result.annulled != SAME_DEALER  # TO-5.7: an all-pass next_dealer deal counts


def auction_game(players: int = 3, *, play_: bool = False, **options: object) -> Auctioned:
    phases: list[Phase[Any]] = [MultiRoundBidding(tuple(Ombre), **options)]  # type: ignore[arg-type]
    if play_:
        phases.append(TrickPlay(TrickRules()))
    return Auctioned(tuple(phases), players)


def texts(state: DealState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def reason(state: DealState, text: str) -> str:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(state.rules.parse_action(text))
    return caught.value.reason


def auction_universe(state: DealState) -> tuple[Action, ...]:
    return (Pass(), *(Bid(c) for c in Ombre), *(Bid(c) for c in Solo), Play(parse_card("KH")))


# -- TO-5: the multi-round auction with seniority ---------------------------------------------------
def test_lo_e6_seniority_lets_the_eldest_equal() -> None:
    """LO-E6: dealer 0, eldest 1, seniority 1 > 2 > 0."""
    rules = auction_game()
    state = rules.new_deal(seed=1, dealer=0)
    assert bidding_order(state) == (1, 2, 0)
    assert (state.phase, state.to_act) == ("auction", 1)
    assert texts(state) == ["pass", "bid due", "bid una", "bid niente"]
    state = play(state, "bid due")
    assert state.to_act == 2 and texts(state) == ["pass", "bid una", "bid niente"]  # junior
    assert reason(state, "bid due") == (
        "only a senior player may equal due (seat 1 holds it and is senior to seat 2)"
    )
    state = play(state, "bid una")
    assert state.to_act == 0 and texts(state) == ["pass", "bid niente"]
    state = play(state, "bid niente")
    # Round 2: seat 1 is senior to the holder (seat 0) and may equal.
    assert state.to_act == 1 and texts(state) == ["pass", "bid niente"]
    assert reason(state, "bid una") == "bid must equal or beat niente"
    state = play(state, "bid niente")
    assert state.to_act == 2 and texts(state) == ["pass"]  # junior to seat 1: may not equal
    state = play(state, "pass")
    assert state.to_act == 0 and texts(state) == ["pass"]
    assert state.calls == (
        (1, Ombre.DUE),
        (2, Ombre.UNA),
        (0, Ombre.NIENTE),
        (1, Ombre.NIENTE),
        (2, None),
    )
    state = play(state, "pass")
    assert state.is_over  # no play in this game: scored at once
    assert (state.data.contract, state.data.declarer) == (Ombre.NIENTE, 1)
    assert state.data.calls[-1] == (0, None) and len(state.data.calls) == 6


def test_a_pass_is_final_and_passed_players_are_skipped() -> None:
    """TO-5.3, TO-5.5: four players, dealer 0; seat 2 passes in round 1 and never speaks again."""
    rules = auction_game(4)
    state = play(rules.new_deal(seed=2, dealer=0), "bid due", "pass", "bid una", "pass")
    assert state.to_act == 1  # seat 2 and seat 0 passed: round 2 goes 1, 3
    state = play(state, "bid niente")
    assert state.to_act == 3 and texts(state) == ["pass"]  # seat 3 is junior to seat 1
    state = play(state, "pass")
    assert state.is_over and (state.contract, state.declarer) == (Ombre.NIENTE, 1)
    assert [seat for seat, _ in state.data.calls] == [1, 2, 3, 0, 1, 3]


def test_the_holder_never_outbids_himself() -> None:
    """TO-5.4, TO-5.6: once every other player has passed, the auction ends at once."""
    state = play(auction_game().new_deal(seed=3, dealer=2), "bid due", "pass", "pass")
    assert state.is_over and (state.contract, state.declarer) == (Ombre.DUE, 0)
    assert state.data.calls == ((0, Ombre.DUE), (1, None), (2, None))


@pytest.mark.parametrize("players", [4, 5, 7])
def test_seniority_follows_the_bidding_order_with_more_players(players: int) -> None:
    """TO-22, TO-33 (TO-5.2 [G]): seniority runs from the eldest, the dealer least senior."""
    dealer = players - 2
    state = auction_game(players).new_deal(seed=4, dealer=dealer)
    order = bidding_order(state)
    assert order == tuple((dealer + k) % players for k in range(1, players + 1))
    assert order[-1] == dealer and state.to_act == order[0]
    # The dealer bids una after everybody else passed but the eldest, who bid due.
    state = play(state, "bid due", *["pass"] * (players - 2), "bid una")
    assert state.to_act == order[0] and texts(state) == ["pass", "bid una", "bid niente"]
    state = play(state, "bid una")  # the eldest equals (senior to the dealer)
    assert state.to_act == dealer and texts(state) == ["pass", "bid niente"]
    state = play(state, "pass")
    assert (state.contract, state.declarer) == (Ombre.UNA, order[0])


def test_without_seniority_every_bid_is_strictly_higher() -> None:
    """TO-5.2 seniority = none; CH-8.3's multi_round auction."""
    rules = auction_game(seniority="none")
    state = play(rules.new_deal(seed=1, dealer=0), "bid due", "bid una", "bid niente")
    assert state.to_act == 1 and texts(state) == ["pass"]
    assert reason(state, "bid niente") == "bid must be higher than niente"
    assert reason(state, "bid due") == "bid must be higher than niente"
    state = play(state, "pass", "pass")
    assert state.is_over and (state.contract, state.declarer) == (Ombre.NIENTE, 0)


def test_a_lower_bid_is_rejected_with_the_reason() -> None:
    state = play(auction_game(4).new_deal(seed=1, dealer=3), "bid una")
    assert reason(state, "bid due") == "bid must be higher than una"  # seat 1, junior to seat 0
    state = play(state, "pass", "pass", "pass")
    assert state.is_over and state.declarer == 0


def test_the_last_player_may_pass_by_default() -> None:
    """TO-5.6 last_player_may_pass = true, TO-5.7 all_pass = next_dealer (annul)."""
    state = play(auction_game().new_deal(seed=5, dealer=0), "pass", "pass")
    assert state.to_act == 0 and texts(state) == ["pass", "bid due", "bid una", "bid niente"]
    state = play(state, "pass")
    assert state.is_over and state.result.annulled == "all players passed"
    assert state.result.scores == (0, 0, 0)
    assert state.data.note(ALL_PASSED) is True
    assert state.data.calls == ((1, None), (2, None), (0, None))
    assert (state.contract, state.declarer) == (None, None)


def test_the_last_player_must_bid_when_the_option_says_so() -> None:
    """TO-5.6 last_player_may_pass = false: he must bid, at least due."""
    rules = auction_game(last_player_may_pass=False)
    state = play(rules.new_deal(seed=5, dealer=0), "pass")
    assert texts(state)[0] == "pass"  # seat 2 is not the last one left
    state = play(state, "pass")
    assert state.to_act == 0 and texts(state) == ["bid due", "bid una", "bid niente"]
    assert reason(state, "pass") == "the last player left must bid, nobody else having bid"
    state = play(state, "bid due")
    assert state.is_over and (state.contract, state.declarer) == (Ombre.DUE, 0)
    # Once a bid stands, passing is always allowed.
    state = play(rules.new_deal(seed=5, dealer=0), "bid due", "pass")
    assert texts(state)[0] == "pass"


def test_all_pass_same_dealer_keeps_the_dealer_and_does_not_count() -> None:
    """TO-5.7 all_pass = same_dealer: the phase annuls with its redeal reason, which the game's
    next_dealer and counts_toward_match recognise."""
    rules = auction_game(all_pass="redeal")
    auction = rules.phases[0]
    assert isinstance(auction, MultiRoundBidding) and auction.redeal_reason == SAME_DEALER
    state = play(rules.new_deal(seed=5, dealer=1), "pass", "pass", "pass")
    assert state.result.annulled == SAME_DEALER and state.data.note(ALL_PASSED)
    match = Match.start(rules, deals=2, first_dealer=1).add(state.result)
    assert (match.dealer, match.deals_counted) == (1, 0)
    # all_pass = next_dealer: annulled, counted, and the deal passes on (LO-1.3).
    plain = auction_game()
    passed = play(plain.new_deal(seed=5, dealer=1), "pass", "pass", "pass")
    match = Match.start(plain, deals=2, first_dealer=1).add(passed.result)
    assert (match.dealer, match.deals_counted) == (2, 1)


def test_all_pass_can_hand_over_to_the_king_call() -> None:
    """CH-8.3 multi_round with CH-8.4: nobody bids, the dealer calls a King."""
    auction = MultiRoundBidding(tuple(Ombre), seniority="none", all_pass="next_phase")
    rules = Auctioned((auction, KingCall()), 5)
    state = play(rules.new_deal(seed=6, dealer=4), *["pass"] * 5)
    assert (state.phase, state.to_act) == ("king-call", 4)
    assert state.data.note(ALL_PASSED) is True and state.contract is None
    assert all(a.text.startswith("call K") for a in state.legal_actions())
    # A bid: no King call.
    state = play(rules.new_deal(seed=6, dealer=4), "bid due", *["pass"] * 4)
    assert state.is_over and state.declarer == 0


def test_the_calls_are_recorded_during_and_after_the_auction() -> None:
    rules = auction_game(4, play_=True)
    state = play(rules.new_deal(seed=7, dealer=0), "bid due", "pass")
    assert state.calls == ((1, Ombre.DUE), (2, None)) and state.data.calls == ()
    assert state.observation(3).to_json()["calls"] == [[1, "due"], [2, None]]
    state = play(state, "bid una", "pass", "pass")
    assert state.phase == "play" and state.calls == state.data.calls
    assert state.data.calls == ((1, Ombre.DUE), (2, None), (3, Ombre.UNA), (0, None), (1, None))
    assert (state.contract, state.declarer) == (Ombre.UNA, 3)


def test_rejections_leave_the_state_unchanged() -> None:
    rules = Auctioned((MultiRoundBidding((Ombre.DUE, Ombre.UNA)),), 3)
    state = rules.new_deal(seed=8)
    with pytest.raises(IllegalActionError, match="phase auction expects pass or a bid"):
        state.apply(Play(parse_card("KH")))
    with pytest.raises(IllegalActionError, match="phase auction expects pass or a bid"):
        state.apply(Bid(Solo.GARDE))  # another game's contract
    assert reason(state, "bid niente") == "niente is not a contract of this auction"
    check_phase_state(state, auction_universe(state))
    with pytest.raises(ActionParseError):
        rules.parse_action("bid nothing")


def test_a_sitter_does_not_bid() -> None:
    """CH-2.3: with a sitter (the dealer's right) the bidding starts at the next seat."""
    state = auction_game(5).new_deal(seed=1, dealer=2)
    sat = state.proceed(None, to_act=4, data=evolve(state.data, sitter=3))
    assert bidding_order(sat) == (4, 0, 1, 2)


def test_a_played_deal_replays() -> None:
    rules = auction_game(5, play_=True)
    final = finish(rules.new_deal(seed=9, dealer=3), 3)
    check_replay(final)
    assert final.data.declarer >= 0 or final.result.is_annulled


def _check_auction_calls(
    calls: Sequence[tuple[int, object]], order: tuple[int, ...], seniority: str
) -> None:
    """TO-5 restated: turns in order skipping passed players, a pass final, bids rising (equal
    only from a senior player), the end when a bid stands and all others passed."""
    passed: set[int] = set()
    high: object = None
    holder = -1
    k = 0
    for seat, call in calls:
        while order[k % len(order)] in passed:
            k += 1
        assert seat == order[k % len(order)], (seat, calls)
        k += 1
        if call is None:
            passed.add(seat)
            continue
        assert isinstance(call, Ombre)
        if high is not None:
            assert call > high or (  # type: ignore[operator]
                call == high and seniority != "none" and order.index(seat) < order.index(holder)
            )
        high, holder = call, seat
    left = [s for s in order if s not in passed]
    assert left == [] or (left == [holder] and high is not None)


@settings(max_examples=examples(100), deadline=None)
@given(
    players=st.sampled_from([3, 4, 5, 7]),
    seniority=st.sampled_from(["bidding_order", "none"]),
    last_may_pass=st.booleans(),
    all_pass=st.sampled_from(["annul", "redeal", "next_phase"]),
    dealer=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
    passing=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_auctions_terminate_and_reject_what_is_not_offered(
    players: int,
    seniority: Literal["bidding_order", "none"],
    last_may_pass: bool,
    all_pass: Literal["annul", "redeal", "next_phase"],
    dealer: int,
    seed: int,
    passing: float,
) -> None:
    auction = MultiRoundBidding(
        tuple(Ombre),
        seniority=seniority,
        last_player_may_pass=last_may_pass,
        all_pass=all_pass,
    )
    rules = Auctioned((auction, KingCall()), players)
    start = rules.new_deal(seed=seed, dealer=dealer % players)
    state = drive(start, random.Random(seed), {"auction"}, auction_universe, passing=passing)
    d = state.data
    _check_auction_calls(d.calls, bidding_order(start), seniority)
    if d.contract is not None and state.phase != "king-call":
        bids = [(s, c) for s, c in d.calls if c is not None]
        assert (d.declarer, d.contract) == bids[-1]
    else:
        assert all(c is None for _, c in d.calls) and d.note(ALL_PASSED)
        assert last_may_pass, "an all-pass needs the last player to be allowed to pass"
        if all_pass == "next_phase":
            assert state.phase == "king-call"
        else:
            reason_ = auction.redeal_reason if all_pass == "redeal" else auction.annul_reason
            assert state.result.annulled == reason_


# -- CH-8.4: the single-round auction hands over instead of annulling ------------------------------
def test_one_round_bidding_hands_over_when_all_pass() -> None:
    rules = Auctioned((OneRoundBidding(tuple(Ombre), all_pass="next_phase"), KingCall()), 4)
    state = play(rules.new_deal(seed=2, dealer=1), "pass", "pass", "pass", "pass")
    assert (state.phase, state.to_act) == ("king-call", 1)
    assert state.data.calls == ((2, None), (3, None), (0, None), (1, None))
    assert state.data.notes == ((ALL_PASSED.name, True),) and state.data.declarer == -1
    state = play(rules.new_deal(seed=2, dealer=1), "bid una", "pass", "pass", "pass")
    assert state.is_over and state.data.notes == () and state.declarer == 2


def test_one_round_bidding_refuses_a_contract_left_out() -> None:
    rules = Auctioned((OneRoundBidding((Ombre.DUE, Ombre.UNA)),), 3)
    state = rules.new_deal(seed=2)
    assert texts(state) == ["pass", "bid due", "bid una"]
    assert reason(state, "bid niente") == "niente is not a contract of this auction"
    check_phase_state(state, auction_universe(state))


def test_one_round_bidding_keeps_its_other_all_pass_values() -> None:
    annul = Auctioned((OneRoundBidding(tuple(Ombre)),), 3)
    state = play(annul.new_deal(seed=2), "pass", "pass", "pass")
    assert state.result.annulled == "all players passed" and state.data.notes == ()
    played = Auctioned((OneRoundBidding(tuple(Ombre), all_pass="play"),), 3)
    state = play(played.new_deal(seed=2), "pass", "pass", "pass")
    assert state.data.notes == (("all_pass_played", True),) and state.data.sides == (0, 1, 2)


# -- FT-20.4, S-O3: the contract chosen by one player ----------------------------------------------
@attrs.frozen
class Series(Game[DealState]):
    """A solo-like game: seat 0 chooses the contract. ``first_deal`` is S-O3; ``first`` says that
    this rules object plays the first deal of a series (a rules-level flag: records keep it)."""

    first_deal: Literal["free", "lowest"] = "lowest"
    first: bool = False
    players: int = 3
    phases: tuple[Phase[Any], ...] = attrs.field(init=False)
    name = "series"
    deck = TAROT_78
    dealing = SCHEDULES[3]

    @phases.default
    def _phases(self) -> tuple[Phase[Any], ...]:
        choose = ChooseContract(
            tuple(Solo), who=_seat_zero, first_deal=self.first_deal, first=_rules_first
        )
        return (choose, TrickPlay(TrickRules()))

    def score(self, state: DealState) -> DealResult:
        return DealResult((0, 0, 0), breakdown=Said("no score"), declarer=state.declarer)


def _seat_zero(state: DealState) -> int:
    return 0


def _rules_first(state: DealState) -> bool:
    return isinstance(state.rules, Series) and state.rules.first


@attrs.frozen
class NotedSeries(Game[DealState]):
    """The same, the first deal being told by the deal's facts (``new_deal(facts=...)``, which a
    match gives from :meth:`Game.deal_facts`) for :func:`first_of_series`."""

    players: int = 3
    phases: tuple[Phase[Any], ...] = (ChooseContract(tuple(Solo), first_deal="lowest"),)
    name = "noted-series"
    deck = TAROT_78
    dealing = SCHEDULES[3]

    def deal_facts(self, counted: int) -> dict[str, object]:
        return {FIRST_OF_SERIES.name: True} if counted == 0 else {}

    def score(self, state: DealState) -> DealResult:
        return DealResult((0, 0, 0), breakdown=Said("no score"), declarer=state.declarer)


def test_the_player_chooses_any_contract_after_the_first_deal() -> None:
    rules = Series(first=False)
    state = rules.new_deal(seed=1, dealer=2)
    assert (state.phase, state.to_act) == ("contract", 0)
    assert texts(state) == ["bid prise", "bid garde", "bid garde-sans", "bid garde-contre"]
    check_phase_state(state, [Pass(), *(Bid(c) for c in Solo), *(Bid(c) for c in Ombre)])
    state = play(state, "bid garde-sans")
    assert (state.phase, state.contract, state.declarer) == ("play", Solo.GARDE_SANS, 0)
    assert state.data.calls == ((0, Solo.GARDE_SANS),)


def test_the_first_deal_of_a_series_is_played_at_the_lowest_contract() -> None:
    """FT-20.4, S-O3 solo_first_deal_contract = prise."""
    rules = Series(first=True)
    state = rules.new_deal(seed=1)
    assert texts(state) == ["bid prise"]
    assert reason(state, "bid garde") == (
        "the first deal of a series is played at the lowest contract, prise"
    )
    with pytest.raises(IllegalActionError, match="phase contract expects a contract"):
        state.apply(Pass())
    with pytest.raises(ActionParseError):
        rules.parse_action("pass")  # the phase writes only bids
    check_phase_state(state, [Pass(), *(Bid(c) for c in Solo), *(Bid(c) for c in Ombre)])
    final = finish(play(state, "bid prise"))
    check_replay(final)  # the flag is in the rules: a replay deals the same deal
    # S-O3 = free: no restriction, even in the first deal.
    assert len(Series(first_deal="free", first=True).new_deal(seed=1).legal_actions()) == 4


def test_the_first_deal_can_be_noted_in_the_deal_facts() -> None:
    rules = NotedSeries()
    first = rules.new_deal(seed=1, facts={FIRST_OF_SERIES.name: True})
    assert first_of_series(first) and texts(first) == ["bid prise"]
    assert first.facts == {FIRST_OF_SERIES.name: True} and first.data.notes == (
        (FIRST_OF_SERIES.name, True),
    )
    later = rules.new_deal(seed=1)
    assert not first_of_series(later) and len(later.legal_actions()) == 4
    assert play(first, "bid prise").contract == Solo.PRISE
    check_replay(play(first, "bid prise"))  # records keep the facts: the replay is identical


def test_a_match_tells_its_first_counted_deal_that_it_is_the_first() -> None:
    match = Match.start(NotedSeries(), deals=2, seed=4)
    first = match.new_deal()
    assert isinstance(first, DealState)
    assert first_of_series(first) and first.facts == {FIRST_OF_SERIES.name: True}
    match = match.add(play(first, "bid prise").result)
    second = match.new_deal()
    assert isinstance(second, DealState)
    assert not first_of_series(second) and second.facts == {}
