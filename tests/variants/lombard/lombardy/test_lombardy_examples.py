"""Lombardy tarot and Reseghino: the worked examples LO-E1 … LO-E5 of the rules file, and the rules
of the deal (LO-8, LO-11, LO-12, LO-13) checked on explicit layouts."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tarotlib
from tarotlib.core.actions import Discard
from tarotlib.core.cards import (
    FULL_MASK,
    card_mask,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
)
from tarotlib.core.dealing import Layout
from tarotlib.core.results import DealResult
from tarotlib.errors import CardParseError, DealError, IllegalActionError, OptionError
from tarotlib.match import Match
from tarotlib.variants.lombard.facts import LOMBARDY_POINTS, points
from tarotlib.variants.lombard.lombardy import LombardState
from tarotlib.variants.lombard.lombardy.game import MONTE_REASON
from tarotlib.variants.lombard.lombardy.scoring import (
    LombardyScore,
    count_pile,
    game_points,
    score_lombardy,
    score_reseghino,
)

from support.lombard import layout_with, lombardy, play, play_out, reseghino, texts

BLANKS = [c for c in cards_of(FULL_MASK) if LOMBARDY_POINTS.values[c] == 1]


def with_blanks(counting: str, total: int, avoid: int = 0) -> int:
    """The counting cards ``counting`` and blanks (in index order, not in ``avoid``) up to
    ``total`` cards."""
    mask = card_mask(parse_cards(counting))
    for c in BLANKS:
        if mask.bit_count() == total:
            break
        if not (avoid | mask) >> c & 1:
            mask |= 1 << c
    assert mask.bit_count() == total
    return mask


# -- LO-E1 ------------------------------------------------------------------------------------------
def test_lo_e1_team_pile_by_the_closed_form() -> None:
    """LO-E1: 22 cards with Mondo, Bagatto, KH, QS, QD, NC, JH and 15 blanks: 29 − 7 + 5 + 0 = 27;
    the other 56 cards: 43 − 12 + 14 = 45; 27 + 45 = 72; B scores 9."""
    a = with_blanks("T21 T1 KH QS QD NC JH", 22)
    pile = count_pile(a)
    assert (pile.cards, pile.value_sum, pile.counting, pile.blanks) == (22, 29, 7, 15)
    assert pile.points == 27
    b = FULL_MASK & ~a
    other = count_pile(b)
    assert (other.value_sum, other.counting, other.blanks, int(other.points)) == (43, 12, 44, 45)
    score = score_lombardy((a, b))
    assert score.scores == (0, 9)
    assert any("45 − 36 = 9" in line for line in score.lines())


def test_lo_e1_groups_with_blanks_left_over() -> None:
    """LO-E1 by groups: {Mondo, Bagatto, KH, QS} 17, {QD, NC, JH, blank} 7, three blank groups 3 —
    27; the wrong way (JH and a blank left over) would give 28, which the count never does."""
    group = points(6, 4)
    assert group.count(card_mask(parse_cards("T21 T1 KH QS"))) == 17
    assert group.count(card_mask(parse_cards("QD NC JH 2S"))) == 7
    assert group.count(card_mask(parse_cards("3S 4S 5S 6S"))) == 1
    wrong = 27 - 6 + 5 + 2  # six counting cards in the groups, JH at face value
    assert wrong == 28 and count_pile(with_blanks("T21 T1 KH QS QD NC JH", 22)).points != wrong


# -- LO-E2 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rule", "mine", "total"), [("face_value", 15, 73), ("conserving", 14, 72)]
)
def test_lo_e2_fewer_blanks_than_leftovers(rule: str, mine: int, total: int) -> None:
    """LO-E2: KS QS NS 7S and the discard QH JC: 15 under face_value (the deal totals 73), 14 under
    conserving (72); the opponents' 72 cards count 58 and score 22 either way."""
    a = card_mask(parse_cards("KS QS NS 7S QH JC"))
    score = score_lombardy((a, FULL_MASK & ~a), leftover=rule)  # type: ignore[arg-type]
    pa, pb = (int(p.points) for p in score.piles)
    assert (pa, pb, pa + pb) == (mine, 58, total)
    assert score.scores == (0, 22)


def test_lo_16_2_both_teams_above_36() -> None:
    """LO-16.2: the four Jacks, Cavaliers and Queens and two Kings with no blank count 37, and so
    does the other team's pile: 37–37, both score 1 (a leftover-shortage deal totals 74)."""
    a = card_mask(parse_cards("JS JH JD JC NS NH ND NC QS QH QD QC KS KH"))
    score = score_lombardy((a, FULL_MASK & ~a))
    assert [int(p.points) for p in score.piles] == [37, 37]
    assert score.scores == (1, 1)


# -- LO-E3: the Matto, through the engine -----------------------------------------------------------
def matto_deal(required: list[str], dealer: int, **options: object) -> LombardState:
    rules = lombardy(monte="disabled", **options)
    state = rules.new_deal(layout=layout_with(required, dealer))
    assert state.phase == "discard" and state.to_act == dealer
    keep = set(parse_cards(required[dealer]))
    for _ in range(2):  # LO-14: two allowed cards the script does not need
        state = state.apply(
            next(a for a in state.legal_actions() if isinstance(a, Discard) and a.card not in keep)
        )
    assert state.phase == "play"
    return state


def team_points(state: LombardState) -> tuple[Fraction, Fraction]:
    return (
        LOMBARDY_POINTS.count(state.pile_mask(0) | state.pile_mask(2)),
        LOMBARDY_POINTS.count(state.pile_mask(1) | state.pile_mask(3)),
    )


def test_lo_e3_matto_redeemed_at_once() -> None:
    """LO-E3: seat 2 leads 4C; seat 3 plays the Matto although he holds batons; seat 0 wins with KC.
    Seat 3 won an earlier trick, so he takes the Matto back at once and gives seat 0 a blank from
    his own pile (6S, the earliest-won blank): team A −4, team B +4."""
    state = matto_deal(["6S 10H KC", "5S 9H 9C", "4S KH 4C 8H 7H", "KS 2H EX 5C"], dealer=2)
    state = play(state, "play KS", "play 6S", "play 5S", "play 4S")  # seat 3 wins trick 1
    state = play(state, "play 2H", "play 10H", "play 9H", "play KH")  # seat 2 wins trick 2
    before = state
    assert state.to_act == 2
    state = play(state, "play 4C")
    assert "play EX" in texts(state.legal_actions()) and "play 5C" in texts(state.legal_actions())
    state = play(state, "play EX", "play KC", "play 9C")
    assert state.tricks[-1].winner == 0
    assert format_cards(state.pile_mask(3)) == "4S 5S KS EX"  # 6S given, the Matto back
    assert state.pile_mask(0) >> parse_card("6S") & 1 and not state.pile_mask(0) >> 77 & 1
    seen = state.observation(1).matto  # LO-9: public
    assert seen is not None and (seen.owner, seen.holder, seen.card.text) == (3, 0, "6S")
    # the effect on the count: against the Matto staying with seat 0, team A −4 and team B +4
    a, b = team_points(state)
    trick = card_mask(parse_cards("4C EX KC 9C"))
    no_exchange_a = LOMBARDY_POINTS.count(before.pile_mask(0) | before.pile_mask(2) | trick)
    no_exchange_b = LOMBARDY_POINTS.count(before.pile_mask(1) | before.pile_mask(3))
    assert (int(a - no_exchange_a), int(b - no_exchange_b)) == (-4, 4)


def test_lo_e3a_exchange_deferred_until_the_owner_wins() -> None:
    """LO-E3 (a): seat 3 has won no trick yet (his partner seat 1 has): no exchange, the Matto
    waits in seat 0's pile; right after seat 3 first wins a trick, he redeems it with a blank of
    his own pile — from that trick, the earliest won (8D). (The file's trick numbers 7 and 12 are
    here tricks 3 and 4; the rule is the same.)"""
    state = matto_deal(["6S 10H KC 8D", "KS 3H 9C 7D", "4S KH 4C 6D", "10S 9H EX KD"], dealer=0)
    state = play(state, "play KS", "play 4S", "play 10S", "play 6S")  # seat 1 wins trick 1
    state = play(state, "play 3H", "play KH", "play 9H", "play 10H")  # seat 2 wins trick 2
    state = play(state, "play 4C", "play EX", "play KC", "play 9C")  # seat 0 wins the Matto
    assert [t.winner for t in state.tricks] == [1, 2, 0]
    assert state.pile_mask(0) >> 77 & 1 and state.pile_mask(3) == 0  # it waits (LO-7.5)
    assert state.observation(2).matto is None
    state = play(state, "play 8D", "play 7D", "play 6D", "play KD")  # seat 3 wins trick 4
    assert state.tricks[-1].winner == 3
    assert format_cards(state.pile_mask(3)) == "6D 7D KD EX"
    assert state.pile_mask(0) >> parse_card("8D") & 1 and not state.pile_mask(0) >> 77 & 1


def test_lo_e3b_matto_lost_if_the_owner_never_wins() -> None:
    """LO-E3 (b): seat 3 never wins a trick (he holds only low spades and clubs, which the others
    always beat or trump), so the Matto stays in the winner's pile and counts for that team."""
    low = "1S 2S 3S 4S 5S 6S 7S 8S 9S 1C 2C 3C 4C 5C 6C 7C 8C 9C EX"
    high_black = "10S JS NS QS KS 10C JC NC QC KC"
    dealer = 1  # the eldest, seat 2, leads
    layout = layout_with(["KD", "10D", "2D", low], dealer)
    assert not set(parse_cards(high_black)) & set(layout.hands[3])
    state = matto_deal(["KD", "10D", "2D", low], dealer)
    state = play(state, "play 2D", "play EX", "play KD", "play 10D")
    assert state.tricks[-1].winner == 0 and state.pile_mask(0) >> 77 & 1
    state = play_out(state)
    assert all(t.winner != 3 for t in state.tricks)
    assert state.pile_mask(0) >> 77 & 1 and state.matto_exchange is None  # LO-7.6
    score = state.result.breakdown
    assert isinstance(score, LombardyScore)
    assert score.piles[0].points == LOMBARDY_POINTS.count(
        state.pile_mask(0)
        | state.pile_mask(2)
        | (state.data.discard if state.discard_owner in (0, 2) else 0)
    )
    assert "stays with seat 0" in "\n".join(score.lines())


def test_lo_e3c_matto_led_then_trumps() -> None:
    """LO-E3 (c): seat 3 leads the Matto and seat 0 plays trump 8: trumps are now the suit to
    follow, so seats 1 and 2 must play trumps; the highest trump among seats 0, 1, 2 wins."""
    state = matto_deal(["T8 2S 3S", "T5 T9 4S 5S", "T12 6S", "EX 7S"], dealer=2)
    assert state.to_act == 3
    state = play(state, "play EX")
    assert state.to_act == 0 and "play 2S" in texts(state.legal_actions())  # any card (LO-7.2)
    state = play(state, "play T8")
    offered = {a.text for a in state.legal_actions()}
    held = {f"play {c}" for c in state.hand(1) if c.is_trump}
    assert offered == held and "play 4S" not in offered
    with pytest.raises(IllegalActionError, match="trump"):
        state.apply(tarotlib.Play(parse_card("4S")))
    state = play(state, "play T5")
    assert {a.text for a in state.legal_actions()} == {
        f"play {c}" for c in state.hand(2) if c.is_trump
    }
    state = play(state, "play T12")
    assert state.tricks[-1].winner == 2


# -- LO-E4: a Lombardy game through Match and convert --------------------------------------------
def deal(a: int, b: int, *, all_tricks: tuple[bool, bool] = (False, False)) -> DealResult:
    """A played deal scoring ``a`` and ``b`` (LO-16) as the game reports it."""
    piles = (count_pile(0, "team A"), count_pile(0, "team B"))
    return DealResult((a, b, a, b), breakdown=LombardyScore(piles, (a, b), all_tricks))


def test_lo_e4_first_game() -> None:
    """LO-E4: 30–0, a Monte, 28–0, then B wins all 19 tricks (0–36). A 58, B 36: D = 22, A wins
    1 GP; B's total is not 0; B gets +1 for the all-tricks deal. Final A 1 GP, B 1 GP. The Monte
    counts as a deal and the deal passes on (dealers 0, 1, 2, 3)."""
    rules = lombardy()
    match = Match.start(rules, deals=4, seed=9)
    assert match.dealer == 0  # option first_dealer: seat 0
    dealers = []
    for result in (
        deal(30, 0),
        DealResult((0, 0, 0, 0), annulled=MONTE_REASON),
        deal(28, 0),
        deal(0, 36, all_tricks=(False, True)),
    ):
        dealers.append(match.dealer)
        assert not match.is_over
        match = match.add(result)
    assert dealers == [0, 1, 2, 3] and match.is_over and match.deals_counted == 4
    assert match.totals == (58, 36, 58, 36)
    assert match.points.points == (1, 1, 1, 1)
    lines = "\n".join(match.points.lines)
    assert "1 + floor(22/36) = 1 GP" in lines and "LO-17.5" in lines and "LO-17.4" not in lines


def test_lo_e4_second_game_reale_and_zero_bonus() -> None:
    """LO-E4: 56–16 (+20), 54–18 (+18), 39–33 (+3) and a Monte: A 41, B 0: a reale (2 GP) and
    the zero bonus: A 3 GP, B 0."""
    match = Match.start(lombardy(), deals=4)
    for pa, pb in ((56, 16), (54, 18), (39, 33)):
        a, b = score_lombardy_points(pa, pb)
        match = match.add(deal(a, b))
    match = match.add(DealResult((0, 0, 0, 0), annulled=MONTE_REASON))
    assert match.is_over and match.totals == (41, 0, 41, 0)
    assert match.points.points == (3, 0, 3, 0)


def score_lombardy_points(pa: int, pb: int) -> tuple[int, int]:
    """LO-16.2 restated: each team scores max(0, P − 36)."""
    return max(0, pa - 36), max(0, pb - 36)


def test_lo_17_tie_draw_and_extra_deal() -> None:
    """LO-17.6: tied totals give no base GP under draw (all-tricks bonuses still count); under
    extra_deal single deals follow until the totals differ."""
    gp = game_points([(10, 0), (0, 10)], [(False, False), (False, False)])
    assert gp.points == (0, 0) and "tied" in gp.lines()[1]
    rules = lombardy(lombardy_tie="extra_deal")
    match = Match.start(rules, deals=4)
    for result in (deal(10, 0), deal(0, 10), deal(0, 0), deal(0, 0)):
        match = match.add(result)
    assert not match.is_over  # tied after 4
    match = match.add(deal(0, 0))
    assert not match.is_over
    match = match.add(deal(3, 0))
    assert match.is_over and match.points.points == (1, 0, 1, 0)


def test_first_dealer_option() -> None:
    """LO-1.3: seat 0 by default, even in a seeded match; any seat; or drawn from the seed."""
    assert Match.start(lombardy(), deals=4, seed=5).dealer == 0
    assert Match.start(lombardy(first_dealer=3), deals=4, seed=5).dealer == 3
    drawn = {
        Match.start(reseghino(first_dealer="random"), deals=3, seed=s).dealer for s in range(30)
    }
    assert drawn == {0, 1, 2}
    assert Match.start(lombardy(), deals=4, first_dealer=2).dealer == 2
    with pytest.raises(OptionError, match="first_dealer"):
        reseghino(first_dealer=3)


# -- LO-E5: a Reseghino deal ------------------------------------------------------------------------
def test_lo_e5_reseghino_deal() -> None:
    """LO-E5: X 30 cards (Mondo, KS, KD, QC, NH) 27 → +1; Y 27 cards (Bagatto, Matto, KH, KC, QS,
    QH, NS, ND, JS, JH) 37 → +11; Z 21 cards (QD, NC, JD, JC) 14 → −12; 78 cards, 78 points, 0."""
    x = with_blanks("T21 KS KD QC NH", 30)
    y = with_blanks("T1 EX KH KC QS QH NS ND JS JH", 27, avoid=x)
    z = FULL_MASK & ~x & ~y
    assert z.bit_count() == 21 and z == with_blanks("QD NC JD JC", 21, avoid=x | y)
    score = score_reseghino((x, y, z))
    assert [(p.value_sum, p.counting) for p in score.piles] == [(22, 5), (38, 10), (11, 4)]
    assert [int(p.points) for p in score.piles] == [27, 37, 14]
    assert score.scores == (1, 11, -12) and sum(score.scores) == 0


def test_reseghino_match_three_deals_and_ties() -> None:
    """RE-7: three deals; tied leaders share (Match.winners), or extra deals follow."""
    rules = reseghino()
    match = Match.start(rules, deals=3)
    for scores in ((5, -5, 0), (0, 10, -10), (0, 0, 0)):
        match = match.add(DealResult(scores))
    assert match.is_over and match.winners == (0, 1)
    assert "share the win" in match.points.lines[0]
    extra = Match.start(reseghino(reseghino_tie="extra_deal"), deals=3)
    for scores in ((5, -5, 0), (0, 10, -10), (0, 0, 0)):
        extra = extra.add(DealResult(scores))
    assert not extra.is_over
    extra = extra.add(DealResult((1, 0, -1)))
    assert extra.is_over and extra.winners == (0,)


# -- the deal: LO-11, LO-12, LO-13, LO-8 ------------------------------------------------------------
def test_lo_11_deal_sizes_and_packets() -> None:
    """LO-11 / RE-3: 19 each and 21 for the dealer; 25 and 28; packets as the option says."""
    state = lombardy().new_deal(seed=1, dealer=2)
    assert [len(h) for h in state.layout.hands] == [19, 19, 21, 19]
    order = state.layout.order
    assert order is not None and [len(h) for h in order] == [19, 19, 21, 19]
    state = reseghino(deal_packets="5-5-5-5-5").new_deal(seed=1, dealer=0)
    assert [len(h) for h in state.layout.hands] == [28, 25, 25]
    pack = list(range(78))
    packets = lombardy(deal_packets="5-5-5-4").deal_from_order(pack, 3)
    first = packets.layout.order
    assert first is not None
    assert [int(c) for c in first[0][:5]] == [0, 1, 2, 3, 4]  # the eldest's packet
    single = lombardy().deal_from_order(pack, 3).layout.order
    assert single is not None
    assert [int(c) for c in single[0][:3]] == [0, 4, 8]  # one card at a time
    assert [int(c) for c in single[3][-2:]] == [76, 77]  # the dealer's 2 extra


def test_lo_12_exposure_reverse_deal() -> None:
    """LO-12: the dealer's two extra cards (an honour among them: he turns more, in reverse
    dealing order, until two face-up cards are not honours) and the last card of each other hand;
    public to every seat, even after the hands are picked up."""
    hands = [
        [f"{r}S" for r in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]
        + ["JS", "NS", "QS", "1H", "2H", "3H", "4H", "5H", "6H"],
        [
            "7H",
            "8H",
            "9H",
            "10H",
            "JH",
            "NH",
            "QH",
            "1D",
            "2D",
            "3D",
            "4D",
            "5D",
            "6D",
            "7D",
            "8D",
            "9D",
            "10D",
            "JD",
            "ND",
        ],
        [
            "QD",
            "1C",
            "2C",
            "3C",
            "4C",
            "5C",
            "6C",
            "7C",
            "8C",
            "9C",
            "10C",
            "JC",
            "NC",
            "QC",
            "T2",
            "T3",
            "T4",
            "T5",
            "T6",
        ],
        [
            "T7",
            "T8",
            "T9",
            "T10",
            "T11",
            "T12",
            "T13",
            "T14",
            "T15",
            "T16",
            "T17",
            "T18",
            "T19",
            "T20",
            "T1",
            "KD",
            "KC",
            "KH",
            "T21",
            "KS",
            "EX",
        ],
    ]
    layout = Layout.in_order([" ".join(h) for h in hands], dealer=3)
    state = lombardy().new_deal(layout=layout)
    shown = [(s, c.text) for s, c in state.exposed]
    # KS, EX; 6H, ND, T6; then T21, KH, KC, KD, T1 (honours, stay up), T20, T19: two non-honours
    assert shown == [
        (3, "KS"),
        (3, "EX"),
        (0, "6H"),
        (1, "ND"),
        (2, "T6"),
        (3, "T21"),
        (3, "KH"),
        (3, "KC"),
        (3, "KD"),
        (3, "T1"),
        (3, "T20"),
        (3, "T19"),
    ]
    for seat in range(4):
        assert [(s, c.text) for s, c in state.observation(seat).exposed] == shown
    state = lombardy(exposure_order="dealer_choice").new_deal(layout=layout)
    assert state.phase == "exposure" and state.to_act == 3
    with pytest.raises(IllegalActionError, match="already face up"):
        state.apply(lombardy().parse_action("expose KS"))
    state = play(state, "expose T7", "expose KH", "expose T8")
    assert [c.text for s, c in state.exposed if s == 3] == ["KS", "EX", "T7", "KH", "T8"]
    assert state.phase == "monte"


def test_lo_13_monte_annuls_only_when_all_accept() -> None:
    """LO-13.2: each in turn from the eldest; all three others must accept; an annulled deal
    scores 0–0 and counts (LO-13.3)."""
    rules = lombardy()
    state = rules.new_deal(seed=2, dealer=0)
    refused = play(state, "monte", "accept", "refuse")
    assert (
        refused.phase == "monte"
        and refused.to_act == 2
        and texts(refused.legal_actions()) == ["no-monte", "monte"]
    )
    annulled = play(state, "no-monte", "monte", "accept", "accept", "accept")
    assert annulled.is_over and annulled.result.annulled == MONTE_REASON
    assert annulled.result.scores == (0, 0, 0, 0) and rules.counts_toward_match(annulled.result)
    kept = play(state, "no-monte", "no-monte", "no-monte", "no-monte")
    assert kept.phase == "discard" and kept.to_act == 0
    assert [(s, a.text) for s, a in kept.observation(3).monte] == [
        (1, "no-monte"),
        (2, "no-monte"),
        (3, "no-monte"),
        (0, "no-monte"),
    ]
    assert lombardy(monte="disabled").new_deal(seed=2).phase == "discard"


def test_lo_8_discard_restrictions_and_rejections() -> None:
    """LO-8.2: never an honour; a trump only when unavoidable; a rejection names the rule and
    leaves the state unchanged; the discard is seen by the dealer only (LO-8.4)."""
    layout = layout_with(["", "", "", "KS T21 T1 EX KH QS T5 T6"], dealer=3)
    rules = lombardy(monte="disabled")
    state = rules.new_deal(layout=layout)
    hand = state.hand(3)
    plain = [
        c for c in hand if not c.is_trump and c.rank is not None and c.text not in ("KS", "KH")
    ]
    for text, reason in (
        ("discard T21", "cannot discard the Mondo (LO-8.2)"),
        ("discard T1", "cannot discard the Bagatto (LO-8.2)"),
        ("discard EX", "cannot discard the Matto (LO-8.2)"),
        ("discard KS", "cannot discard a King (LO-8.2)"),
    ):
        with pytest.raises(
            IllegalActionError, match=reason.replace("(", r"\(").replace(")", r"\)")
        ):
            state.apply(rules.parse_action(text))
    if len(plain) >= 2:
        with pytest.raises(IllegalActionError, match="trump only when"):
            state.apply(rules.parse_action("discard T5"))
    assert state.hand(3) == hand and state.phase == "discard"  # unchanged
    after = state.apply(rules.parse_action(f"discard {plain[0]}"))
    assert [c.text for c in after.observation(3).discard] == [plain[0].text]
    assert all(after.observation(s).discard == () for s in range(3))


def test_lo_8_2_trumps_when_unavoidable() -> None:
    """LO-8.2: with one suit card other than Kings, the dealer discards it and one trump 2–20."""
    dealer_hand = "KS KH KD KC T21 T1 EX QS " + " ".join(f"T{k}" for k in range(2, 15))
    layout = layout_with(["", "", "", dealer_hand], dealer=3)
    state = lombardy(monte="disabled").new_deal(layout=layout)
    offered = set(texts(state.legal_actions()))
    assert offered == {"discard QS"} | {f"discard T{k}" for k in range(2, 15)}
    state = state.apply(state.rules.parse_action("discard QS"))
    assert set(texts(state.legal_actions())) == {f"discard T{k}" for k in range(2, 15)}


def test_lo_8_3_discard_goes_to_the_last_trick_winner_when_the_dealer_won_none() -> None:
    """LO-8.3: the discard joins the dealer's pile if he personally won a trick, else the last
    trick's winner's — even when the dealer's partner won tricks."""
    low = "1S 2S 3S 4S 5S 6S 7S 8S 9S 1C 2C 3C 4C 5C 6C 7C 8C 9C 10S 10C"
    state = reseghino().new_deal(
        layout=layout_with(["", "", low + " 2H 3H 4H 5H 6H 7H 8H 9H"], dealer=2)
    )
    state = play_out(state)
    # The dealer (seat 2) holds only low cards: he wins no trick, the last trick's winner
    # (seat 0) takes the discard.
    assert all(t.winner != 2 for t in state.tricks) and state.tricks[-1].winner == 0
    assert state.discard_owner == 0
    # Lombardy: the dealer (seat 1, low cards) wins no trick, his partner (seat 3) wins some, an
    # opponent (seat 2) the last one: the discard goes to that opponent.
    low += " 2H"
    state = play_out(
        lombardy(monte="disabled").new_deal(layout=layout_with(["", low, "", ""], dealer=1))
    )
    winners = [t.winner for t in state.tricks]
    assert state.sides[1] == state.sides[3] != state.sides[2]
    assert 1 not in winners and 3 in winners and winners[-1] == 2
    assert state.discard_owner == 2 and "seat 2" in state.result.lines()[0]
    # Random deals, where the dealer wins a trick: the discard is his.
    rules = lombardy(monte="disabled")
    for seed in range(40):
        final = play_out(rules.new_deal(seed=seed, dealer=seed % 4))
        d = final.layout.dealer
        won = any(t.winner == d for t in final.tricks)
        assert final.discard_owner == (d if won else final.tricks[-1].winner)
        assert f"seat {final.discard_owner}" in final.result.lines()[0]


def test_play_rejections_name_the_rule_and_leave_the_state_unchanged() -> None:
    """LO-6.2: must follow the suit led; a card not held is refused; the state is unchanged."""
    state = matto_deal(["6S 10H KC", "5S 9H 9C", "4S KH 4C", "KS 2H EX 5C"], dealer=2)
    state = play(state, "play KS")
    snapshot = (state.hand(0), state.to_act, state.history)
    with pytest.raises(IllegalActionError, match="must follow"):
        state.apply(tarotlib.Play(parse_card("10H")))
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        state.apply(tarotlib.Play(parse_card("2H")))
    assert (state.hand(0), state.to_act, state.history) == snapshot


def test_notation_lo_2_3() -> None:
    """LO-2.3: NC and CC are the Cavalier of batons; EX and M the Matto; a bad card names the
    accepted forms."""
    rules = lombardy()
    assert parse_card("CC") is parse_card("NC") and parse_card("M") is parse_card("EX")
    assert rules.parse_action("play cc").text == "play NC"
    with pytest.raises(CardParseError, match=r"N, Q, K.*C=N.*EX.*M"):
        parse_card("ZC")


def test_layout_must_keep_the_dealing_order() -> None:
    """LO-11: a Lombardy layout lists each hand in dealing order (the exposure needs it)."""
    unordered = lombardy().new_deal(seed=1).layout
    plain = Layout(unordered.hands, (), unordered.dealer)
    with pytest.raises(DealError):
        lombardy().new_deal(layout=plain)
