"""Contrée's worked examples (CO-12, E1 … E23): auctions and legal cards through the engine, counts
through the pure scoring function :func:`score_contree`. Seats A, B, C, D are 0, 1, 2, 3 in play
order; A and C (team 0) are partners against B and D (team 1). Every expected value is the rules
file's."""

from __future__ import annotations

import pytest

from tarotlib.core.cards import card_mask, cards_of, parse_cards
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.errors import IllegalActionError
from tarotlib.match import Match
from tarotlib.variants.belote import Contract
from tarotlib.variants.belote.contree import (
    BidKind,
    Contree,
    ContreeBid,
    ContreeContract,
    ContreeFacts,
    ContreeOptions,
    ContreeState,
    score_contree,
)

from support.belote import cards

A, B, C, D = 0, 1, 2, 3
BGA = ContreeOptions.preset("bga")


def contree(**options: object) -> Contree:
    return Contree(ContreeOptions(**options))  # type: ignore[arg-type]


def auction(rules: Contree, texts: str, dealer: int = D, seed: int = 1) -> ContreeState:
    """A deal dealt by ``dealer`` with the auction calls ``texts`` (separated by ' · ')."""
    state = rules.new_deal(seed=seed, dealer=dealer)
    for text in texts.split(" · "):
        state = state.apply(rules.parse_action(text))
    return state


def rejection(state: ContreeState, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.rules.parse_action(text))
    return info.value.reason


def texts(state: ContreeState) -> set[str]:
    return {a.text for a in state.legal_actions()}


def contract(text: str, bidder: int, level: int = 0) -> ContreeContract:
    return ContreeContract(ContreeBid.parse(text), bidder, level)


def scores(
    facts: ContreeFacts, options: ContreeOptions | None = None, **kw: object
) -> tuple[int, int]:
    o = options if options is not None else ContreeOptions(**kw)  # type: ignore[arg-type]
    return score_contree(facts, o).team_scores


# -- auctions ---------------------------------------------------------------------------------------


def test_e1_an_ordinary_auction() -> None:
    rules = contree()
    state = auction(rules, "bid 80H · pass · bid 100H · bid 110S")
    assert state.to_act == A
    assert rejection(state, "bid 110C") == "bid must be above 110 (CO-4.2)"
    after_a = state.apply(rules.parse_action("pass"))
    assert rejection(after_a, "coinche") == (
        "only an opponent of the last bidder may coinche (CO-4.6)"
    )
    # a pass does not exclude a player: C bids 120H instead of the last pass, D then A may bid
    state2 = auction(rules, "bid 80H · pass · bid 100H · bid 110S · pass · pass · bid 120H")
    assert state2.to_act == D and "bid 130S" in texts(state2)
    state2 = state2.apply(rules.parse_action("pass"))
    assert state2.to_act == A and "bid 130H" in texts(state2)
    final = auction(rules, "bid 80H · pass · bid 100H · bid 110S · pass · pass · pass")
    assert final.phase == "play"
    assert final.contract == contract("110S", D)
    assert final.attack == 1
    assert final.to_act == A  # A leads the first trick (CO-5.1)


def test_e1_self_overbid_in_another_denomination() -> None:
    rules = contree(self_overbid="other_denomination")
    state = auction(rules, "bid 80H · pass · bid 100H · bid 110S · pass · pass · pass")
    assert state.phase == "auction" and state.to_act == D
    assert "bid 120D" in texts(state) and "bid 120S" not in texts(state)
    assert "same denomination" in rejection(state, "bid 120S")
    assert state.apply(rules.parse_action("pass")).contract == contract("110S", D)
    assert state.apply(rules.parse_action("bid 120D")).phase == "auction"


def test_e2_throw_in() -> None:
    rules = contree()
    state = auction(rules, "pass · pass · pass · pass")
    assert state.is_over and state.result is not None and state.result.is_annulled
    assert state.result.scores == (0, 0, 0, 0)
    assert rules.next_dealer(D, state.result) == A
    assert not rules.counts_toward_match(state.result)
    m = Match.start(contree(game_length="deals", deal_count=2), seed=1, first_dealer=D)
    assert m.add(state.result).deals_counted == 0


def test_e3_coinche_and_surcoinche_in_turn() -> None:
    rules = contree()
    before_c = auction(rules, "bid 90C · bid 100D")
    assert "coinche" in texts(before_c)  # C could coinche B's 100♦
    state = auction(rules, "bid 90C · bid 100D · bid 120C")
    assert state.to_act == D
    coinched = state.apply(rules.parse_action("coinche"))
    assert coinched.to_act == A and texts(coinched) == {"pass", "surcoinche"}
    assert "coinched" in rejection(coinched, "bid 130C")
    after_a = coinched.apply(rules.parse_action("pass"))
    assert after_a.to_act == C  # B, the coincher's partner, is skipped
    done = after_a.apply(rules.parse_action("surcoinche"))
    assert done.phase == "play" and done.contract == contract("120C", C, 2)
    assert rules.options.multiplier[2] == 4
    assert contree(surcoinche_multiplier=3).options.multiplier[2] == 3
    passed = after_a.apply(rules.parse_action("pass"))
    assert passed.contract == contract("120C", C, 1)
    # D could not have coinched B's bid (his partner's)
    at_d = auction(rules, "bid 90C · bid 100D · pass")
    assert "coinche" not in texts(at_d)
    assert "only an opponent" in rejection(at_d, "coinche")


def test_e4_coinching_after_having_passed() -> None:
    state = auction(
        contree(),
        "bid 80S · pass · bid 90S · pass · pass · coinche · pass · pass",
    )
    assert state.phase == "play" and state.contract == contract("90S", C, 1)


def test_e5_capot() -> None:
    rules = contree()
    state = auction(rules, "bid 80S · bid capotH", dealer=A)
    assert state.to_act == D and texts(state) == {"pass", "coinche"}
    assert rejection(state, "bid capotS") == "nothing can be bid over a capot (CO-4.2, CO-4.9)"
    state = state.apply(rules.parse_action("pass"))
    assert texts(state) == {"pass"}  # A, C's partner
    state = auction(rules, "bid 80S · bid capotH · pass · pass · coinche · pass · pass", dealer=A)
    assert state.contract == contract("capotH", C, 1)
    pagat = auction(contree(capot_coinchable=False), "bid 80S · bid capotH", dealer=A)
    assert pagat.phase == "play" and pagat.contract == contract("capotH", C, 0)


def test_e6a_coinche_at_any_time() -> None:
    rules = contree(coinche_timing="any_time")
    state = auction(rules, "bid 100H")
    assert state.to_act == D and texts(state) == {"coinche", "no-coinche"}  # before B speaks
    state = state.apply(rules.parse_action("coinche"))
    assert state.to_act == A
    state = state.apply(rules.parse_action("pass"))
    assert state.to_act == C
    state = state.apply(rules.parse_action("pass"))
    assert state.contract == contract("100H", A, 1)


def test_e6b_coinche_does_not_end_the_bidding() -> None:
    state = auction(
        contree(coinche_ends_bidding=False),
        "bid 100H · coinche · bid 110S · pass · pass · pass",
    )
    assert state.contract == contract("110S", C, 0)


def test_e9_generale_leads() -> None:
    rules = contree(generale=True)
    state = auction(rules, "pass · pass · bid generaleS · pass · pass · pass")
    assert state.contract is not None and state.contract.kind is BidKind.GENERALE
    assert state.to_act == C
    facts = ContreeFacts(contract("generaleS", C), (20, 142), (1, 7), bidder_won_all=False)
    assert score_contree(facts, rules.options).made is False
    assert (
        auction(
            contree(generale=True, generale_leads=False),
            "pass · pass · bid generaleS · pass · pass · pass",
        ).to_act
        == A
    )


# -- legal cards ------------------------------------------------------------------------------------


def legal(tr: TrickRules, hand: str, played: str, partner_winning: bool) -> frozenset[object]:
    led, win = -1, -1
    for c in parse_cards(played):
        led, win = tr.follow(led, win, c)
    return frozenset(
        cards_of(tr.legal_mask(card_mask(parse_cards(hand)), led, win, partner_winning))
    )


E7 = (
    ("♥Q ♥7 ♦10 ♠8", "♥Q ♥7 ♦10 ♠8", "♥Q ♥7"),
    ("♥J ♥7 ♦10", "♥J", "♥J"),
    ("♥Q ♥7", "♥Q ♥7", "♥Q ♥7"),
    ("♦10 ♠8", "♦10 ♠8", "♦10 ♠8"),
)


@pytest.mark.parametrize(("hand", "free", "compulsory"), E7)
def test_e7_undertrump_is_free(hand: str, free: str, compulsory: str) -> None:
    """A leads ♣A, B trumps with ♥9: C (A's partner, but B is winning) plays."""
    for options, expected in ((ContreeOptions(), free), (BGA, compulsory)):
        tr = Contree(options).trick_rules(Contract.HEARTS)
        assert legal(tr, hand, "♣A ♥9", partner_winning=False) == cards(expected)


def test_e7_through_the_engine() -> None:
    hands = [
        "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7",
        "♥9 ♥A ♥10 ♦A ♦K ♦Q ♦J ♦9",
        "♥Q ♥7 ♦10 ♠8 ♠A ♠10 ♠K ♠Q",
        "♥J ♥K ♥8 ♦8 ♦7 ♠J ♠9 ♠7",
    ]
    for options, expected in ((ContreeOptions(), hands[2]), (BGA, "♥Q ♥7")):
        state = Contree(options).start_play(hands, contract("100H", A))
        for text in ("play AC", "play 9H"):
            state = state.apply(state.rules.parse_action(text))
        assert state.to_act == C
        assert {a.card for a in state.legal_actions()} == cards(expected)  # type: ignore[attr-defined]


def test_e8_partner_has_trumped() -> None:
    """B leads ♦7, C trumps with ♠10, D follows with ♦A; A holds ♠A ♠8 ♣K."""
    for options, expected in ((ContreeOptions(), "♠A ♠8 ♣K"), (BGA, "♠A ♣K")):
        tr = Contree(options).trick_rules(Contract.SPADES)
        assert legal(tr, "♠A ♠8 ♣K", "♦7 ♠10 ♦A", partner_winning=True) == cards(expected)
    assert contree().options.partner_trump_rule == "free"
    assert ContreeOptions.preset("coinche").partner_trump_rule == "free"


# -- counts -----------------------------------------------------------------------------------------


def test_e10_made_plain() -> None:
    f = ContreeFacts(contract("100H", A), (107, 55), (5, 3))
    assert scores(f) == (210, 60)
    assert scores(f, rounding="none") == (207, 55)
    assert scores(f, rounding="six_up") == (210, 50)
    assert scores(f, scoring="made_only") == (110, 60)
    assert scores(f, scoring="bid_only") == (100, 0)


def test_e11_the_belote_makes_the_contract() -> None:
    f = ContreeFacts(contract("80S", B), (92, 70), (5, 3), belotes=(0, 1))
    assert scores(f) == (90, 170)
    assert scores(f, must_beat_defence="strict") == (260, 0)
    assert scores(f, must_beat_defence="strict", belote_owner="holder") == (240, 20)
    assert scores(f, belote_counts=False) == (260, 0)


def test_e12_failed_rounding_does_not_rescue() -> None:
    f = ContreeFacts(contract("120D", A), (98, 64), (5, 3), belotes=(1, 0))
    s = score_contree(f)
    assert s.made is False and s.totals[0] == 118
    assert s.team_scores == (0, 300)
    assert scores(f, belote_owner="holder") == (20, 280)
    assert scores(f, BGA) == (20, 282)


def test_e13_coinched_made() -> None:
    f = ContreeFacts(contract("100S", B, 1), (31, 131), (2, 6), belotes=(0, 1))
    assert scores(f) == (0, 540)
    assert scores(f, coinche_scoring="bid_multiplied") == (0, 380)
    assert scores(f, coinche_scoring="whole_line") == (0, 480)
    assert scores(f, BGA) == (0, 502)


@pytest.mark.parametrize(
    ("kw", "m2", "m4", "m3"),
    [
        ({}, 540, 1080, 810),
        ({"coinche_scoring": "bid_multiplied"}, 380, 600, 490),
    ],
)
def test_e14_coinched_and_surcoinched_failures(
    kw: dict[str, object], m2: int, m4: int, m3: int
) -> None:
    for level, mult, expected in ((1, 4, m2), (2, 4, m4), (2, 3, m3)):
        f = ContreeFacts(contract("110H", A, level), (104, 58), (5, 3))
        options = ContreeOptions(surcoinche_multiplier=mult, **kw)  # type: ignore[arg-type]
        assert scores(f, options) == (0, expected)


def test_e14_bga() -> None:
    for level, expected in ((1, 544), (2, 1088)):
        f = ContreeFacts(contract("110H", A, level), (104, 58), (5, 3))
        assert scores(f, BGA) == (0, expected)


def test_e15_surcoinched_failure_with_a_belote() -> None:
    f = ContreeFacts(contract("130C", B, 2), (62, 100), (3, 5), belotes=(0, 1))
    assert score_contree(f).totals[1] == 120
    assert scores(f) == (1180, 0)
    assert scores(f, belote_owner="holder") == (1160, 20)
    assert scores(f, surcoinche_multiplier=3) == (890, 0)


def test_e16_capot_bid_made() -> None:
    f = ContreeFacts(contract("capotS", A), (252, 0), (8, 0), belotes=(1, 0))
    assert scores(f) == (520, 0)
    assert scores(f, capot_bid_scoring="contract") == (520, 0)
    assert scores(f, capot_bid_scoring="contract", rounding="none") == (522, 0)
    bga = ContreeFacts(contract("capotS", A), (250, 0), (8, 0), belotes=(1, 0))
    assert scores(bga, BGA) == (520, 0)
    for level, mult, expected in ((1, 4, 1020), (2, 4, 2020), (2, 3, 1520)):
        fl = ContreeFacts(contract("capotS", A, level), (252, 0), (8, 0), belotes=(1, 0))
        assert scores(fl, surcoinche_multiplier=mult) == (expected, 0)
    g = ContreeFacts(contract("generaleS", A), (252, 0), (8, 0), bidder_won_all=True)
    assert scores(g, generale=True) == (1000, 0)


def test_e17_capot_bid_failed() -> None:
    coinched = ContreeFacts(contract("capotD", B, 1), (20, 142), (1, 7))
    plain = ContreeFacts(contract("capotD", B), (20, 142), (1, 7))
    assert scores(coinched) == (1000, 0)
    assert scores(coinched, capot_bid_scoring="contract") == (820, 0)
    assert scores(coinched, BGA) == (824, 0)
    assert scores(plain) == (500, 0)
    assert scores(plain, capot_bid_scoring="contract") == (410, 0)
    assert scores(plain, BGA) == (412, 0)


def test_e18_capot_not_bid() -> None:
    f = ContreeFacts(contract("120H", A), (252, 0), (8, 0))
    assert scores(f) == (370, 0)
    coinched = ContreeFacts(contract("120H", A, 1), (252, 0), (8, 0))
    assert scores(coinched) == (740, 0)
    assert scores(coinched, coinche_scoring="bid_multiplied") == (490, 0)
    pagat = ContreeFacts(contract("120H", A), (250, 0), (8, 0))
    assert scores(pagat, capot_total=250) == (370, 0)


def test_e19_the_defence_wins_every_trick() -> None:
    f = ContreeFacts(contract("100S", B), (252, 0), (8, 0), belotes=(0, 1))
    assert scores(f) == (280, 0)
    assert scores(f, defence_capot="capot") == (370, 0)
    assert scores(f, belote_owner="holder") == (260, 20)
    assert scores(f, belote_owner="holder", defence_capot="capot") == (350, 20)


def test_e20_81_against_81_on_80() -> None:
    f = ContreeFacts(contract("80C", A), (81, 81), (4, 4))
    assert scores(f) == (160, 80)
    assert scores(f, made_threshold="82_for_80") == (0, 240)
    assert scores(f, BGA) == (0, 242)
    assert scores(f, must_beat_defence="strict") == (0, 240)
    litige = score_contree(f, ContreeOptions(must_beat_defence="litige"))
    assert litige.team_scores == (0, 80) and litige.carry_out == 160
    # the carry goes to the next played deal's winner
    rules = contree(must_beat_defence="litige")
    credited, carry = rules.settle(0, DealResult((0, 80, 0, 80), breakdown=litige))
    assert credited == (0, 80, 0, 80) and carry == 160
    nxt = score_contree(ContreeFacts(contract("100H", B), (55, 107), (3, 5)), rules.options)
    credited, carry = rules.settle(carry, DealResult(nxt.scores, breakdown=nxt))
    assert credited == (60, 370, 60, 370) and carry == 0


def test_e21_the_three_counting_modes() -> None:
    made = ContreeFacts(contract("110D", B), (42, 120), (2, 6))
    assert scores(made) == (40, 230)
    assert scores(made, scoring="made_only") == (40, 120)
    assert scores(made, scoring="bid_only") == (0, 110)
    failed = ContreeFacts(contract("110D", B, 1), (67, 95), (4, 4))
    assert scores(failed) == (540, 0)
    assert scores(failed, scoring="made_only") == (320, 0)
    assert scores(failed, scoring="bid_only") == (220, 0)


def test_e22_declarations() -> None:
    o = ContreeOptions(must_beat_defence="strict", declarations=True)
    quarte = ContreeFacts(contract("100H", A), (95, 67), (5, 3), declarations=(50, 0))
    assert score_contree(quarte, o).totals[0] == 145
    assert scores(quarte, o) == (250, 70)
    quinte = ContreeFacts(contract("100H", A), (95, 67), (5, 3), declarations=(0, 100))
    assert scores(quinte, o) == (0, 360)
    no_count = ContreeOptions(
        must_beat_defence="strict", declarations=True, declarations_count=False
    )
    assert scores(quarte, no_count) == (0, 310)


def test_e23_end_of_game() -> None:
    f = ContreeFacts(contract("110S", A), (117, 45), (6, 2))
    assert scores(f) == (230, 50)
    assert contree().target_reached((2000, 1700, 2000, 1700), 2000)
    assert not contree(win_condition="exceed").target_reached((2000, 1700, 2000, 1700), 2000)
    both = (2000, 2030, 2000, 2030)
    assert contree().target_reached(both, 2000)
    assert not contree().target_reached((2030, 2030, 2030, 2030), 2000)  # extra deal
    m = Match.start(contree(), first_dealer=D)
    m = m.add(DealResult((1770, 1980, 1770, 1980)))
    m = m.add(DealResult((230, 50, 230, 50)))
    assert m.is_over and m.winners == (1, 3)
    # CO-10.4 final_deal_exact: the deal counted to the point (117 + 110 and 45) still ends the
    # game, B-D passing 2000 with 1980 + 45.
    exact = contree(final_deal_exact=True)
    m = Match.start(exact, first_dealer=D).add(DealResult((1770, 1980, 1770, 1980)))
    m = m.add(_deal(f, exact.options))
    assert m.totals == (1997, 2025, 1997, 2025)
    assert m.is_over and m.winners == (1, 3)


def test_co65_unannounced_belote_of_a_failed_attack() -> None:
    """CO-6.5: under ``winner`` the defence scores the attack's belote held and played, announced
    or not; under ``prenable`` and ``holder`` an unannounced belote scores for nobody."""
    f = ContreeFacts(contract("120D", A), (98, 64), (5, 3), attack_belotes_played=1)
    assert scores(f) == (0, 300)
    assert scores(f, belote_owner="prenable") == (0, 280)
    assert scores(f, belote_owner="holder") == (0, 280)
    announced = ContreeFacts(contract("120D", A), (98, 64), (5, 3), belotes=(1, 0))
    assert scores(announced, belote_owner="prenable") == (0, 300)


def _deal(facts: ContreeFacts, options: ContreeOptions) -> DealResult:
    score = score_contree(facts, options)
    return DealResult(score.scores, breakdown=score)


def test_co105_no_finish_on_a_belote_alone() -> None:
    """CO-10.5: B–D, capoted but holding the belote, reach 2000 only through it."""
    capot = ContreeFacts(contract("100H", A), (252, 0), (8, 0), belotes=(0, 1))
    for finish, over in (("allowed", True), ("not_when_capot", False)):
        o = ContreeOptions(belote_finish=finish)  # type: ignore[arg-type]
        m = Match.start(Contree(o), first_dealer=D)
        m = m.add(DealResult((1000, 1980, 1000, 1980)))
        last = _deal(capot, o)
        assert last.scores == (350, 20, 350, 20)
        m = m.add(last)
        assert m.totals == (1350, 2000, 1350, 2000)
        assert m.is_over is over
        if over:
            assert m.winners == (1, 3)


def test_co105_no_finish_on_a_failed_contract() -> None:
    """``not_when_capot_or_failed``: B–D failed 120♦ but kept their belote (``holder``)."""
    failed = ContreeFacts(contract("120D", B), (98, 64), (5, 3), belotes=(0, 1))
    for finish, over in (("not_when_capot", True), ("not_when_capot_or_failed", False)):
        o = ContreeOptions(belote_finish=finish, belote_owner="holder")  # type: ignore[arg-type]
        m = Match.start(Contree(o), first_dealer=D)
        m = m.add(DealResult((0, 1985, 0, 1985)))
        m = m.add(_deal(failed, o))
        assert m.totals[1] == 2005 and m.is_over is over


def test_co103_tie_broken_by_the_last_deal_winner() -> None:
    made = ContreeFacts(contract("80S", A), (81, 81), (4, 4))
    for tie, over in (("extra_deal", False), ("last_deal_winner", True)):
        o = ContreeOptions(game_tie=tie)  # type: ignore[arg-type]
        m = Match.start(Contree(o), first_dealer=D)
        m = m.add(DealResult((1900, 1980, 1900, 1980)))
        m = m.add(_deal(made, o))  # 160 / 80: both on 2060
        assert m.totals == (2060, 2060, 2060, 2060)
        assert m.is_over is over
        if over:
            assert m.winners == (0, 2)


def test_co75_carres_in_no_trumps() -> None:
    """CO-7.5: in SA four aces 200, four tens 150, other carrés 100 (``sa_carres="ffb"``); with
    ``face`` BE-10.1's values and comparison."""
    from tarotlib.variants.belote.contree.declarations import scored_declarations
    from tarotlib.variants.belote.types import Combination, CombinationKind

    def carre(seat: int, kind: CombinationKind, text: str) -> Combination:
        return Combination(seat, kind, tuple(parse_cards(text)))

    aces = carre(A, CombinationKind.CARRE_ACES, "AS AH AD AC")
    tens = carre(B, CombinationKind.CARRE_TENS, "TS TH TD TC")
    jacks = carre(B, CombinationKind.CARRE_JACKS, "JS JH JD JC")
    kings = carre(A, CombinationKind.CARRE_KINGS, "KS KH KD KC")
    sa = Contract.NO_TRUMPS
    assert scored_declarations([aces, jacks], sa, (4, 4), "ffb", "none", True) == (200, 0)
    assert scored_declarations([aces, jacks], sa, (4, 4), "face", "none", True) == (0, 200)
    assert scored_declarations([tens, kings], sa, (4, 4), "ffb", "none", True) == (0, 150)
    assert scored_declarations([kings, jacks], sa, (4, 4), "ffb", "none", True) == (100, 0)
    assert scored_declarations([aces, jacks], Contract.HEARTS, (4, 4), "ffb", "none", True) == (
        0,
        200,
    )
