"""Matches (FT-16): stopping rules, dealer rotation (FT-2.3), annulled deals, totals and winners."""

from __future__ import annotations

import pytest

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.core.results import DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.match import Match


def annulled(players: int) -> DealResult:
    return DealResult((0,) * players, annulled="all players passed")


def bots(n: int, base: int = 0) -> list[RandomBot]:
    return [RandomBot(base + seat) for seat in range(n)]


@pytest.mark.parametrize(
    ("players", "rotation", "expected"),
    [
        (4, "with_play", [0, 1, 2, 3, 0, 1]),
        (4, "against_play", [0, 3, 2, 1, 0, 3]),
        (3, "with_play", [0, 1, 2, 0, 1, 2]),
        (5, "against_play", [0, 4, 3, 2, 1, 0]),
    ],
)
def test_dealer_rotation(players: int, rotation: str, expected: list[int]) -> None:
    rules = tarotlib.variant("french-tarot", players=players, dealer_rotation=rotation)
    match = Match.start(rules, deals=10, seed=1)
    dealers = []
    for _ in expected:
        state = match.new_deal()
        dealers.append(state.layout.dealer)
        assert state.layout.dealer == match.dealer
        match = match.add(DealResult((0,) * players))
    assert dealers == expected


def test_bga_preset_deals_against_play() -> None:
    rules = tarotlib.variant("french-tarot", players=4, preset="bga")
    match = Match.start(rules, deals=3, first_dealer=1)
    assert match.dealer == 1
    assert match.add(annulled(4)).dealer == 0


def test_dealer_moves_after_annulled_deal_and_annulled_deals_do_not_count() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    match = Match.start(rules, deals=1, first_dealer=2)
    after = match.add(annulled(4))
    assert after.dealer == 3  # FT-2.3: the deal passes even when annulled
    assert after.deals_counted == 0
    assert not after.is_over  # FT-16.1: a 1-deal match is not ended by an annulled deal
    done = after.add(DealResult((30, -10, -10, -10)))
    assert done.deals_counted == 1
    assert done.is_over
    assert done.dealer == 0
    assert len(done.results) == 2


def test_annulled_deals_count_option() -> None:
    rules = tarotlib.variant("french-tarot", players=4, annulled_deals_count=True)
    match = Match.start(rules, deals=2).add(annulled(4))
    assert match.deals_counted == 1
    assert not match.is_over
    assert match.add(annulled(4)).is_over


def test_deal_seeds_count_annulled_deals() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    match = Match.start(rules, deals=3, seed=99, first_dealer=0)
    assert match.new_deal().seed == derive_seed(99, 0)
    match = match.add(annulled(4))
    assert match.new_deal().seed == derive_seed(99, 1)
    match = match.add(DealResult((3, -1, -1, -1)))
    state = match.new_deal()
    assert state.seed == derive_seed(99, 2)
    assert state.layout.dealer == 2
    assert state.layout == rules.new_deal(seed=derive_seed(99, 2), dealer=2).layout


def test_first_dealer_is_drawn_from_the_match_seed() -> None:
    """FT-2.3 / BE-3.1: without a first dealer given, a seeded match draws it with its RNG."""
    for name in ("french-tarot", "belote"):
        rules = tarotlib.variant(name)
        firsts = {Match.start(rules, deals=1, seed=s).new_deal().layout.dealer for s in range(40)}
        assert firsts == {0, 1, 2, 3}
        again = Match.start(rules, deals=1, seed=7)
        assert again.first_dealer == Match.start(rules, deals=1, seed=7).first_dealer
    assert Match.start(tarotlib.variant("belote"), deals=1).first_dealer == 0  # no seed: seat 0


def test_target_score() -> None:
    rules = tarotlib.variant("french-tarot", players=3)
    match = Match.start(rules, target_score=250)
    match = match.add(DealResult((200, -100, -100)))
    assert not match.is_over
    match = match.add(DealResult((-80, 40, 40)))
    assert match.totals == (120, -60, -60)
    assert not match.is_over
    match = match.add(DealResult((130, -65, -65)))
    assert match.totals == (250, -125, -125)
    assert match.is_over
    assert match.winners == (0,)
    assert match.deals_counted == 3


def test_target_score_ignores_annulled_deals_for_ending() -> None:
    rules = tarotlib.variant("french-tarot", players=3)
    match = Match.start(rules, target_score=10).add(annulled(3))
    assert not match.is_over
    assert match.dealer == 1


def test_ties_are_shared() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    match = Match.start(rules, deals=2)
    match = match.add(DealResult((30, -10, -10, -10)))
    match = match.add(DealResult((-10, 30, -10, -10)))
    assert match.is_over
    assert match.totals == (20, 20, -20, -20)
    assert match.winners == (0, 1)
    assert Match.start(rules, deals=1).winners == (0, 1, 2, 3)


def test_results_and_totals_of_an_unchanged_match() -> None:
    rules = tarotlib.variant("french-tarot", players=5)
    start = Match.start(rules, deals=2, seed=4)
    one = start.add(DealResult((40, 20, -20, -20, -20)))
    assert start.results == ()
    assert start.totals == (0, 0, 0, 0, 0)
    assert one.results == (DealResult((40, 20, -20, -20, -20)),)
    assert one.rules is rules


@pytest.mark.parametrize("players", [3, 4, 5])
def test_played_match_is_zero_sum_and_deterministic(players: int) -> None:
    rules = tarotlib.variant("french-tarot", players=players)
    match = Match.start(rules, deals=4, seed=2024, first_dealer=players - 1)
    done = match.play(bots(players))
    assert done.is_over
    assert done.deals_counted == 4
    assert sum(done.totals) == 0
    assert done.totals == tuple(
        sum(r.scores[seat] for r in done.results) for seat in range(players)
    )
    assert done.winners and all(done.totals[w] == max(done.totals) for w in done.winners)
    again = match.play(bots(players))
    assert again.results == done.results
    assert again.totals == done.totals
    # The match seed deals the deals (derive_seed(seed, k)): another seed, another match.
    other = Match.start(rules, deals=4, seed=2025, first_dealer=players - 1).play(bots(players))
    assert other.results != done.results
    # The dealer rotated once per deal played (annulled ones included).
    dealer = players - 1
    for _ in done.results:
        dealer = rules.next_dealer(dealer)
    assert done.dealer == dealer


def test_play_is_the_seeded_deals_in_turn() -> None:
    """play() deals deal k from derive_seed(seed, k) by the rotating dealer and asks the bots."""
    rules = tarotlib.variant("french-tarot", players=4, preset="bga")
    done = Match.start(rules, deals=3, seed=8).play(bots(4, base=10))
    players = bots(4, base=10)
    dealer = 0
    expected = []
    for index in range(len(done.results)):
        state = rules.new_deal(seed=derive_seed(8, index), dealer=dealer)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(players[seat].choose(state))
        expected.append(state.result)
        dealer = rules.next_dealer(dealer)
    assert tuple(expected) == done.results
    assert done.dealer == dealer


def test_target_score_match_plays_to_the_target() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    done = Match.start(rules, target_score=400, seed=5).play(bots(4))
    assert max(done.totals) >= 400
    assert sum(done.totals) == 0
    before = Match.start(rules, target_score=400, seed=5)
    for result in done.results[:-1]:
        before = before.add(result)
        assert not before.is_over


def test_layout_deals() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    match = Match.start(rules, deals=2)
    with pytest.raises(ValueError, match="no seed: give new_deal a layout"):
        match.new_deal()
    layout = rules.new_deal(seed=3, dealer=0).layout
    assert match.new_deal(layout=layout).layout == layout
    with pytest.raises(ValueError, match="dealt by seat 1"):
        match.add(annulled(4)).new_deal(layout=layout)
    with pytest.raises(ValueError, match="needs a match seed"):
        match.play(bots(4))


def test_errors() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    with pytest.raises(ValueError, match="exactly one stopping rule"):
        Match.start(rules)
    with pytest.raises(ValueError, match="exactly one stopping rule"):
        Match.start(rules, deals=3, target_score=100)
    with pytest.raises(ValueError, match="deals must be at least 1"):
        Match.start(rules, deals=0)
    with pytest.raises(ValueError, match="target_score must be positive"):
        Match.start(rules, target_score=0)
    with pytest.raises(ValueError, match=r"first_dealer must be a seat 0\.\.3"):
        Match.start(rules, deals=1, first_dealer=4)
    match = Match.start(rules, deals=1, seed=1)
    with pytest.raises(ValueError, match="has 3 scores; the match has 4 players"):
        match.add(DealResult((0, 0, 0)))
    with pytest.raises(ValueError, match="one bot per seat"):
        match.play(bots(3))
    over = match.add(DealResult((3, -1, -1, -1)))
    with pytest.raises(ValueError, match="the match is over"):
        over.new_deal()
    with pytest.raises(ValueError, match="the match is over"):
        over.add(DealResult((3, -1, -1, -1)))
    assert over.play(bots(4)) is over


def test_a_game_may_decide_the_end_of_a_match_from_its_deals() -> None:
    """``rules.match_winners(results, totals, target, credited)``: the winners, or None while the match to
    a target goes on; without the hook, ``target_reached`` and the highest totals decide, and a
    match of a number of deals ignores the hook."""
    from collections.abc import Sequence

    from tarotlib.deal._demo import demo_game

    base = demo_game(players=3)

    class LastDealDecides(type(base)):  # type: ignore[misc]
        def match_winners(
            self,
            results: Sequence[DealResult],
            totals: Sequence[float],
            target: float,
            credited: Sequence[Sequence[float]],
        ) -> tuple[int, ...] | None:
            assert len(credited) == len(results)
            if max(totals) < target:
                return None
            last = results[-1].scores
            return (last.index(max(last)),)  # the last deal's best seat, whatever the totals

    rules = LastDealDecides((), 3)
    m = Match.start(rules, target_score=10).add(DealResult((9, 0, 0)))
    assert not m.is_over and m.winners == (0,)
    m = m.add(DealResult((1, 2, 0)))
    assert m.is_over and m.totals == (10, 2, 0) and m.winners == (1,)
    plain = Match.start(base, target_score=10).add(DealResult((9, 0, 0))).add(DealResult((1, 2, 0)))
    assert plain.is_over and plain.winners == (0,)
    by_deals = Match.start(rules, deals=2).add(DealResult((9, 0, 0))).add(DealResult((1, 2, 0)))
    assert by_deals.is_over and by_deals.winners == (0,)


def test_a_game_may_credit_a_deal_from_the_totals_and_the_target() -> None:
    """``rules.credit(carry, result, totals, target)``, when a game has it, says what a deal
    credits instead of ``settle``: here a deal is credited double while every total is below half
    the target (None for a match of a number of deals)."""
    from collections.abc import Sequence

    from tarotlib.deal._demo import demo_game

    base = demo_game(players=3)
    seen: list[float | None] = []

    class Doubling(type(base)):  # type: ignore[misc]
        def credit(
            self, carry: float, result: DealResult, totals: Sequence[float], target: float | None
        ) -> tuple[tuple[float, ...], float]:
            seen.append(target)
            factor = 2 if target is not None and max(totals) < target / 2 else 1
            return tuple(factor * s for s in result.scores), carry

    rules = Doubling((), 3)
    m = Match.start(rules, target_score=20).add(DealResult((6, -3, -3)))
    assert m.totals == (12, -6, -6)
    m = m.add(DealResult((6, -3, -3)))
    assert m.totals == (18, -9, -9) and m.credited[-1] == (6, -3, -3)
    Match.start(rules, deals=1).add(DealResult((6, -3, -3)))
    assert seen == [20, 20, None]
