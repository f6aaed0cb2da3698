"""Chambéry's counting and settlements through the pure scoring functions: the worked examples
CH-E1 and CH-E3 … CH-E7 (as the rules give them) and the totals of CH-5.6."""

from __future__ import annotations

import pytest

from tarotlib.core.cards import card_mask, parse_cards
from tarotlib.core.points import PointTable, tarot_group_values
from tarotlib.errors import ScoringError
from tarotlib.variants.chambery.facts import CONFIGS, VALUES, card_points, config
from tarotlib.variants.chambery.scoring import (
    Contract,
    TwoSideScore,
    seat_points,
    settle_three,
    settle_two_sides,
)

FIVE = tuple(range(5))


def solo(
    points: tuple[int, int], contract: Contract, players: int = 5, simplifie: bool = False
) -> TwoSideScore:
    """A solo by seat 2 (never the dealer here)."""
    return settle_two_sides(
        points,
        config=config(players, simplifie),
        contract=contract,
        declarer=2,
        partner=-1,
        active=range(players),
        players=players,
    )


def king_call(points: tuple[int, int], partner: int = 3, players: int = 5) -> TwoSideScore:
    return settle_two_sides(
        points,
        config=config(players),
        contract=Contract.KING_CALL,
        declarer=0,
        partner=partner,
        active=range(players),
        players=players,
    )


def test_card_points_total_52_in_both_packs() -> None:
    """CH-5.1: 52 card points; the cards removed for the simplifié are worth 0."""
    assert card_points((1 << 78) - 1) == 52
    assert card_points(CONFIGS[(3, True)].deck.mask) == 52
    assert VALUES[parse_cards("1S")[0]] == 0 and VALUES[parse_cards("T1")[0]] == 4  # pitfalls


@pytest.mark.parametrize(
    ("key", "total", "half", "q"),
    [
        ((5, False), 68, 34, 17),
        ((6, False), 68, 34, 17),
        ((4, False), 72, 36, 18),
        ((3, False), 78, 26, 13),
        ((4, True), 68, 34, 17),
        ((3, True), 72, 24, 12),
    ],
)
def test_totals_of_ch_5_6(key: tuple[int, bool], total: int, half: int, q: int) -> None:
    c = CONFIGS[key]
    assert (c.total, c.half, c.threshold) == (total, half, q)
    assert c.active * c.hand + c.extra == len(c.deck)  # CH-6: every card dealt


def test_ch_e1_counting_a_side_and_the_primitive() -> None:
    """CH-E1: the soloist's 7 tricks (35 cards) count 31, the opponents 37; F = 3, −12; −24 for
    a one-card solo. CH-5.5: counted in groups of 5 with values + 1, the pile also gives 31."""
    mine = card_mask(parse_cards("T21 T1 KS KD QH NC NS JD"))
    zeros = [c for c in range(78) if VALUES[c] == 0 and not mine >> c & 1][:27]
    pile = mine | card_mask(zeros)
    assert pile.bit_count() == 35
    assert seat_points(pile, 7, 0, False, 1) == 31
    rest = ((1 << 78) - 1) & ~pile
    # the opponents: the other cards, 8 tricks, the dealer's discard with its point
    assert card_points(rest) + 8 + 1 == 37
    groups = PointTable("ch-5.5", tarot_group_values(), 5, "face_value")
    assert groups.count(pile) == 31
    s = solo((31, 37), Contract.TWO_CARD)
    assert (s.f0, s.f, s.scores[2]) == (3, 3, -12)
    assert sum(s.scores) == 0 and all(s.scores[k] == 3 for k in (0, 1, 3, 4))
    assert solo((31, 37), Contract.ONE_CARD).scores[2] == -24


def test_ch_e3_king_call_won_odd_point() -> None:
    s = king_call((47, 21))
    assert (s.f0, s.f) == (13, 13)
    assert s.scores == (20, -13, -13, 19, -13)
    assert any("CH-15.2" in line for line in s.lines())


def test_ch_e4_king_call_lost_odd_point() -> None:
    s = king_call((27, 41))
    assert s.f == 7 and s.scores == (-11, 7, 7, -10, 7)


def test_ch_e5_solos_with_multipliers() -> None:
    hand = solo((53, 15), Contract.HAND)
    assert (hand.f0, hand.doubled, hand.f, hand.scores[2]) == (19, True, 152, 608)
    one = solo((40, 28), Contract.ONE_CARD)
    assert (one.f0, one.doubled, one.f, one.scores[2]) == (6, False, 12, 48)
    assert all(one.scores[k] == -12 for k in (0, 1, 3, 4))


def test_ch_e6_four_players() -> None:
    call = king_call((41, 31), partner=1, players=4)
    assert call.f == 5 and call.scores == (5, 5, -5, -5)
    lost = solo((17, 55), Contract.TWO_CARD, players=4)
    assert (lost.f0, lost.doubled, lost.f) == (19, True, 38)
    assert lost.scores[2] == -114 and sum(lost.scores) == 0


def test_draw_and_strict_threshold() -> None:
    """CH-14.1: 34–34 is a draw; CH-14.3: the doubling needs L < Q strictly (17 is not below)."""
    assert solo((34, 34), Contract.HAND).scores == (0,) * 5
    assert solo((34, 34), Contract.HAND).winner is None
    assert not solo((51, 17), Contract.TWO_CARD).doubled
    assert solo((52, 16), Contract.TWO_CARD).doubled


def test_six_players_sitter_scores_nothing() -> None:
    """CH-2.3: the sitter neither pays nor receives; a solo still has 4 opponents."""
    s = settle_two_sides(
        (40, 28), config=config(6), contract=Contract.TWO_CARD, declarer=3, partner=-1,
        active=(2, 3, 4, 5, 0), players=6,
    )  # fmt: skip
    assert s.scores[1] == 0 and s.scores[3] == 24 and sum(s.scores) == 0


def test_alone_is_settled_like_a_solo() -> None:
    """CH-10.2 ``alone``: the dealer against all the others, ×1, named for what it is (not a King
    call without a partner, which is refused)."""
    s = settle_two_sides(
        (30, 38),
        config=config(5),
        contract=Contract.ALONE,
        declarer=0,
        partner=-1,
        active=range(5),
        players=5,
    )
    assert s.scores == (-16, 4, 4, 4, 4)
    assert s.result().contract == "dealer alone" and "King call" not in str(s.lines())
    with pytest.raises(ScoringError, match="King call"):
        king_call((30, 38), partner=-1)


def test_ch_e7_three_players() -> None:
    a = settle_three((45, 21, 12), half=26)
    assert a.d == (19, -5, -14) and a.scores == (33, -5, -28)
    b = settle_three((35, 31, 12), half=26)
    assert b.scores == (18, 10, -28)
    c = settle_three((30, 30, 12), half=24)
    assert c.scores == (6, 6, -12)
    d = settle_three((35, 26, 11), half=24)
    assert d.scores == (22, 4, -26)


def test_three_players_top_scorer_takes_excess() -> None:
    """CH-16.3's alternative: each winner receives d; the doubling's excess goes to the winner with
    more points, shared on a tie."""
    assert settle_three((35, 31, 12), half=26, sharing="top_scorer_takes_excess").scores == (
        23,
        5,
        -28,
    )
    tie = settle_three((32, 32, 14), half=26, sharing="dm")
    assert tie.scores == (6, 6, -12)
    tie2 = settle_three((33, 33, 12), half=26, sharing="top_scorer_takes_excess")
    assert tie2.scores == (14, 14, -28)
    assert settle_three((26, 26, 26), half=26).scores == (0, 0, 0)


def test_sides_must_total_t() -> None:
    with pytest.raises(ValueError, match=r"CH-13\.2"):
        solo((30, 30), Contract.TWO_CARD)


@pytest.mark.parametrize(
    "key", [(5, False), (6, False), (4, False), (3, False), (4, True), (3, True)]
)
def test_group_counting_equals_the_points_of_every_side(key: tuple[int, bool]) -> None:
    """CH-5.5: each side's won cards counted in groups of ``g`` (the cards of a trick) through the
    core primitive, and the discard as one group of ``d`` cards for its owner's side (except in the
    3-player simplifié, whose discard counts its card points only), give CH-5.4's points, in
    random deals of every configuration. (Per side, not per seat: the Fou's exchange may take the
    payment card from a partner's pile, CH-12.4.)"""
    from tarotlib.variants.chambery.facts import grouped_points
    from tarotlib.variants.chambery.game import deal_points

    from support.chambery import chambery, play_out

    rules = chambery(*key)
    cfg = rules.config
    g = cfg.active
    for seed in range(20):
        final = play_out(rules.new_deal(seed=seed))
        points, owner, _ = deal_points(final)
        discard = final.data.discard
        sides = final.data.sides if cfg.two_sides else tuple(range(rules.players))
        for side in set(sides):
            seats = [s for s in range(rules.players) if sides[s] == side and s != final.sitter]
            won = 0
            for seat in seats:
                won |= final.pile_mask(seat)
            expected = grouped_points(won, g)
            if owner in seats:
                expected += (
                    grouped_points(discard, discard.bit_count())
                    if cfg.discard_point
                    else card_points(discard)
                )
            assert sum(points[s] for s in seats) == expected, (seed, side)
