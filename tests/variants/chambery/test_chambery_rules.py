"""Chambéry flower tarot through the engine: the deal of each configuration (CH-2, CH-6), the
discard and what is shown of it (CH-7), the auctions (CH-8), the requests (CH-9, CH-E2), the King
call (CH-10, CH-E3), play (CH-11), the Fou (CH-12, CH-E8), typed rejections citing the rule with
the state unchanged, and what each seat sees."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tarotlib
from tarotlib.core.actions import Discard, Play, Request
from tarotlib.core.cards import parse_card
from tarotlib.core.dealing import Layout
from tarotlib.core.rng import shuffle
from tarotlib.testing import check_rejects, check_state
from tarotlib.variants.chambery import ChamberyState
from tarotlib.variants.chambery.facts import config
from tarotlib.variants.chambery.scoring import Contract, settle_two_sides

from support.chambery import CONFIGURATIONS, chambery, layout_with, play, play_out, texts


# -- CH-1, CH-2, CH-6: the deal ------------------------------------------------------------------
@pytest.mark.parametrize(("players", "simplifie"), CONFIGURATIONS)
def test_the_deal_of_each_configuration(players: int, simplifie: bool) -> None:
    """CH-6: packets from the dealer's right, the dealer last, then the extra cards to him; with 6
    the dealer's right sits out and dealing begins at d+2 (CH-2.3)."""
    rules = chambery(players, simplifie)
    cfg = config(players, simplifie)
    dealer = players - 1
    order = list(rules.deck.cards)
    state = rules.deal_from_order(order, dealer)
    active = [(dealer + k) % players for k in range(2 if players == 6 else 1, players + 1)]
    want_hands: dict[int, list[tarotlib.Card]] = {s: [] for s in range(players)}
    i = 0
    for packet in cfg.packets:  # CH-6: a packet to each active seat per round, the dealer last
        for seat in active:
            want_hands[seat] += order[i : i + packet]
            i += packet
    want_hands[dealer] += order[i:]
    assert len(order[i:]) == cfg.extra
    assert [state.hand(s) for s in range(players)] == [
        tuple(sorted(want_hands[s])) for s in range(players)
    ]
    sizes = [len(state.hand(s)) for s in range(players)]
    sitter = (dealer + 1) % players if players == 6 else -1
    want = [
        0 if s == sitter else cfg.hand + (cfg.extra if s == dealer else 0) for s in range(players)
    ]
    assert sizes == want
    assert state.phase == "discard" and state.to_act == dealer  # CH-7.1: before the auction
    assert rules.deck.name == ("chambery-62" if simplifie else "tarot-78")
    if simplifie:
        assert not any(
            c.rank in (2, 3, 4, 5) and not c.is_trump for h in state.layout.hands for c in h
        )


def test_seeded_deals_are_reproducible_and_listed() -> None:
    """A seeded deal is the pack in the order tarotlib.core.rng shuffles it, dealt by the plan;
    a fresh interpreter (another hash seed) deals the same; another seed deals other hands."""
    rules = chambery(6)
    state = rules.new_deal(seed=9, dealer=2)
    assert state.layout == rules.deal_from_order(shuffle(rules.deck.cards, 9), 2).layout
    assert state.layout.hands != rules.new_deal(seed=10, dealer=2).layout.hands
    code = (
        "import json, tarotlib\n"
        "state = tarotlib.variant('chambery', players=6).new_deal(seed=9, dealer=2)\n"
        "print(json.dumps(state.layout.to_json()))\n"
    )
    src = str(Path(tarotlib.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": src}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert Layout.from_json(json.loads(run.stdout)) == state.layout
    assert "chambery" in tarotlib.variant_names()


def test_six_players_sitter_neither_bids_nor_plays() -> None:
    """CH-2.3: seat d+1 sits out; bidding and the first lead start at d+2."""
    rules = chambery(6)
    state = rules.new_deal(seed=4, dealer=3)
    assert state.sitter == 4
    state = play(state, *(a.text for a in [state.legal_actions()[0]]))
    while state.phase == "discard":
        state = play(state, state.legal_actions()[0].text)
    seats = []
    while state.phase == "auction":
        seats.append(state.to_act)
        state = play(state, "pass")
    assert seats == [5, 0, 1, 2, 3]
    state = play(state, state.legal_actions()[0].text)  # the King call
    assert state.phase == "play" and state.to_act == 5
    last = play_out(state)
    assert all(4 not in (t.winner,) for t in last.tricks)
    assert all(len(t.cards) == 5 for t in last.tricks)
    played_by = {t.seat_of(i, 6, sitter=4) for t in last.tricks for i in range(5)}
    assert played_by == {0, 1, 2, 3, 5}
    assert last.result.scores[4] == 0 and sum(last.result.scores) == 0


# -- CH-7: the discard ---------------------------------------------------------------------------
def discard_layout() -> tarotlib.Layout:
    """5p, dealer 0 with only two suit cards other than Kings (QH, 2C), the Kings, T21, EX and
    many trumps: his discard of 3 must hold one trump."""
    dealer = "KS KH KD KC QH 2C T21 EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"
    return layout_with([dealer, "", "", "", ""], 0)


def test_discard_restrictions_give_the_rule_and_leave_the_state_unchanged() -> None:
    rules = chambery()
    state = rules.new_deal(layout=discard_layout())
    assert (
        check_rejects(state, Discard(parse_card("KS"))).reason == "cannot discard a King (CH-7.2)"
    )
    assert check_rejects(state, Discard(parse_card("T21"))).reason == (
        "cannot discard trump 21 (CH-7.2)"
    )
    assert (
        check_rejects(state, Discard(parse_card("EX"))).reason == "cannot discard the Fou (CH-7.2)"
    )
    # Two suit cards for three discards: a trump is unavoidable, so every trump 1-20 is legal now.
    assert set(texts(state.legal_actions())) == {
        "discard QH", "discard 2C", *(f"discard T{k}" for k in range(1, 11))
    }  # fmt: skip
    state = play(state, "discard T5")
    assert texts(state.legal_actions()) == ["discard QH", "discard 2C"]  # the trump went already
    reason = check_rejects(state, Discard(parse_card("T6"))).reason
    assert "CH-7.2" in reason and "trump" in reason
    state = play(state, "discard QH", "discard 2C")
    assert state.phase == "auction"
    assert state.discard == tuple(sorted(parse_card(c) for c in ("QH", "2C", "T5")))


@pytest.mark.parametrize(
    ("how", "shown"),
    [("if_unavoidable_shown", ["T5"]), ("if_unavoidable_hidden", []), ("dm_void", ["T5"])],
)
def test_shown_trumps(how: str, shown: list[str]) -> None:
    """CH-7.2: a discarded trump is shown to everyone (default), not shown, or under dm_void —
    which here cannot leave the dealer void, so the default applies to the deal."""
    rules = chambery(discard_trumps=how)
    state = play(rules.new_deal(layout=discard_layout()), "discard T5", "discard QH", "discard 2C")
    for seat in range(5):
        seen = state.observation(seat)
        assert [c.text for c in seen.shown_discard] == shown
        assert (len(seen.discard) == 3) == (seat == 0)  # CH-7.4: only the dealer sees it
    check_state(state)


def test_dm_void_only_all_trumps_and_only_the_baga_announced() -> None:
    """CH-7.2 dm_void: trumps 1–20 go all together or not at all; only the Baga is announced."""
    dealer = "KS KH KD KC QH QD NC 2C 3C 4C 5C 6C 7C 8C T21 EX T1 T9"
    rules = chambery(discard_trumps="dm_void")
    state = rules.new_deal(layout=layout_with([dealer, "", "", "", ""], 0))
    assert "discard T1" in texts(state.legal_actions())
    state = play(state, "discard T1", "discard 2C")
    assert texts(state.legal_actions()) == ["discard T9"]  # the other trump must go too
    assert "CH-7.2 dm_void" in check_rejects(state, Discard(parse_card("3C"))).reason
    state = play(state, "discard T9")
    assert [c.text for c in state.observation(3).shown_discard] == ["T1"]


# -- CH-8, CH-9: the auction and the requests ----------------------------------------------------
def e2_layout() -> tarotlib.Layout:
    return layout_with(["QH 2S 3S", "T20", "", "2C KS", ""], 0)


def e2_state(**options: object) -> ChamberyState:
    rules = chambery(5, False, **options)
    state = play(rules.new_deal(layout=e2_layout()), "discard QH", "discard 2S", "discard 3S")
    return play(state, "pass", "pass", "bid two-card", "pass", "pass")


def test_ch_e2_requests_default_lost() -> None:
    state = e2_state()
    assert state.phase == "requests" and state.to_act == 3 and state.soloist == 3
    assert (
        check_rejects(state, Request(parse_card("EX"))).reason == "cannot request the Fou (CH-9.2)"
    )
    own = check_rejects(state, Request(parse_card("KS"))).reason
    assert own == "cannot request KS, a card of your own hand (CH-9.2)"
    state = play(state, "request T20")
    assert parse_card("T20") in state.hand(3) and state.phase == "requests"
    assert "give T20" not in texts(state.legal_actions())  # CH-9.3 return_received_card false
    state = play(state, "give 2C")
    assert parse_card("2C") in state.hand(1)
    # CH-9.6: the named card and its giver are public; the card given back only to seats 1 and 3
    for seat in range(5):
        (made,) = state.observation(seat).requests
        assert (made.named.text, made.giver) == ("T20", 1)
        assert (made.returned is not None) == (seat in (1, 3))
        check_state(state)
    hands = [state.hand(s) for s in range(5)]
    state = play(state, "request QH")  # in the discard: the request is used up
    assert state.phase == "play"
    assert [state.hand(s) for s in range(5)] == hands
    assert [c.text for c in state.observation(2).out_of_play] == ["QH"]
    check_state(state)


def test_ch_e2_rename_and_compulsory_requests() -> None:
    state = play(e2_state(request_in_discard="rename"), "request T20", "give 2C", "request QH")
    assert state.phase == "requests" and state.to_act == 3  # CH-9.4 rename: name another card
    assert "request QH" not in texts(state.legal_actions())
    compulsory = e2_state(requests_optional=False)
    assert "stop" not in texts(compulsory.legal_actions())  # CH-9.5
    optional = e2_state()
    assert play(optional, "stop").phase == "play"
    back = play(e2_state(return_received_card=True), "request T20")
    assert "give T20" in texts(back.legal_actions())


def test_single_round_the_last_bidder_is_soloist_and_bids_must_rise() -> None:
    """CH-8.2: one turn each; each bid higher; the last bidder (not the first) is the soloist;
    a hand solo has no requests (CH-9.1)."""
    rules = chambery()
    state = play(rules.new_deal(layout=e2_layout()), "discard QH", "discard 2S", "discard 3S")
    state = play(state, "bid two-card")
    reason = check_rejects(state, tarotlib.Bid(Contract.TWO_CARD)).reason
    assert "two-card solo" in reason
    state = play(state, "bid one-card", "pass", "bid hand", "pass")
    assert state.phase == "play" and state.declarer == 4 and state.contract is Contract.HAND
    assert state.data.sides == (1, 1, 1, 1, 0)


def test_multi_round_auction() -> None:
    """CH-8.3: rounds until one bidder remains; a pass is final."""
    rules = chambery(auction="multi_round")
    state = play(rules.new_deal(layout=e2_layout()), "discard QH", "discard 2S", "discard 3S")
    state = play(state, "bid two-card", "pass", "bid one-card", "pass", "pass")
    assert state.phase == "auction" and state.to_act == 1  # round two: seat 1 speaks again
    state = play(state, "bid hand", "pass")
    assert state.phase == "play" and state.declarer == 1 and state.contract is Contract.HAND


# -- CH-10: the King call ------------------------------------------------------------------------
def test_ch_e3_king_call_partner_public_at_once() -> None:
    lay = layout_with(["KS KD 2S 3S 4S", "", "", "KH", ""], 0)
    state = play(chambery().new_deal(layout=lay), "discard 2S", "discard 3S", "discard 4S")
    state = play(state, *["pass"] * 5)
    assert state.phase == "king-call" and texts(state.legal_actions()) == ["call KH", "call KC"]
    assert "King" in check_rejects(state, tarotlib.Call(parse_card("QH"))).reason
    state = play(state, "call KH")
    assert (state.declarer, state.partner) == (0, 3)
    assert all(state.observation(s).partner == 3 for s in range(5))  # CH-10.1
    assert state.data.sides == (0, 1, 1, 0, 1)
    assert state.to_act == 1  # CH-11.1: the dealer's right leads
    last = play_out(state)
    assert last.result.contract == "King call"
    check_state(last)


def test_queen_call_when_holding_the_four_kings_and_the_discard_counts() -> None:
    """CH-10.2: the four Kings held, a Queen; a Queen in the dealer's own discard counts as held."""
    lay = layout_with(["KS KH KD KC QS 2S 3S 4S 5S 6S 7S 8S 9S 10S 1S JS NS 2H", "", "", "", ""], 0)
    state = play(chambery().new_deal(layout=lay), "discard QS", "discard 2S", "discard 3S")
    state = play(state, *["pass"] * 5)
    assert texts(state.legal_actions()) == ["call QH", "call QD", "call QC"]


def test_call_fallback_cavalier_or_alone() -> None:
    """CH-10.2: four Kings and four Queens held: a Cavalier (default), or he plays alone."""
    lay = layout_with(["KS KH KD KC QS QH QD QC 2S 3S 4S 5S 6S 7S 8S 9S 10S 1S", "", "", "", ""], 0)
    state = play(chambery().new_deal(layout=lay), "discard 2S", "discard 3S", "discard 4S")
    state = play(state, *["pass"] * 5)
    assert texts(state.legal_actions()) == ["call NS", "call NH", "call ND", "call NC"]
    rules = chambery(call_fallback="alone")
    state = play(rules.new_deal(layout=lay), "discard 2S", "discard 3S", "discard 4S")
    state = play(state, *["pass"] * 5)
    assert state.phase == "play" and state.partner is None and state.declarer == 0
    last = play_out(state)
    assert last.result.scores[0] == -sum(last.result.scores[1:])  # like a solo, ×1
    check_state(last)


# -- CH-11, CH-12: play and the Fou --------------------------------------------------------------
def e8_state(**options: object) -> ChamberyState:
    """CH-E8: 5p King call, dealer 0 with partner 3 against 1, 2, 4. Trick 1 (led by seat 1) is
    won by seat 2; in trick 2 hearts are led, seat 1 plays the Fou holding hearts, seat 0 wins."""
    lay = layout_with(["KS KD KC QH 5C 6S 7S 8S", "2C 5H EX", "QC 2H", "KH 3H 3C", "4C 4H"], 0)
    state = play(
        chambery(5, False, **options).new_deal(layout=lay), "discard 6S", "discard 7S", "discard 8S"
    )
    state = play(state, *["pass"] * 5, "call KH")
    assert (state.declarer, state.partner) == (0, 3)
    state = play(state, "play 2C", "play QC", "play 3C", "play 4C", "play 5C")
    assert state.tricks[0].winner == 2
    return play(state, "play 2H", "play 3H", "play 4H", "play QH", "play EX")


def test_ch_e8_fou_default_side() -> None:
    state = e8_state()
    assert state.tricks[1].winner == 0
    assert state.fou_exchange == (1, 0, parse_card("2C"))  # from seat 2's pile, 0 points
    assert parse_card("EX") in state.piles()[1] and parse_card("2C") in state.piles()[0]
    assert len(state.piles()[0]) == 5  # the trick point stays with seat 0 (CH-12.5)
    check_state(state)


def test_ch_e8_fou_own_waits() -> None:
    state = e8_state(fou_payment_source="own")
    assert state.fou_exchange is None and parse_card("EX") in state.piles()[0]
    check_state(state)


def test_ch_e8_settlements() -> None:
    """CH-E8's endings: 36–32 (dealer +3, partner +3) or, under own, 40–28 (+9 each)."""
    for points, each in (((36, 32), 2), ((40, 28), 6)):
        s = settle_two_sides(
            points, config=config(5), contract=Contract.KING_CALL, declarer=0, partner=3,
            active=range(5), players=5,
        )  # fmt: skip
        assert s.f == each and s.scores == (3 * each // 2, -each, -each, 3 * each // 2, -each)


def test_must_follow_must_trump_no_overtrump() -> None:
    """CH-11.2: follow suit; void, any trump; no duty to overtrump; the Fou always (CH-12.1)."""
    seat2 = "T10 T2 2H EX 3H 4H 5H 6H 7H 8H 9H 10H 1H JH NH"
    seat4 = "T3 T20 2D 3D 4D 5D 6D 7D 8D 9D 10D 1D JD ND QD"
    state = chambery().new_deal(layout=layout_with(["", "9S", seat2, "2S", seat4], 0))
    while state.phase != "play":
        state = state.apply(state.legal_actions()[0])
    state = play(state, "play 9S")
    assert set(texts(state.legal_actions())) == {"play T10", "play T2", "play EX"}
    state = play(state, "play T10")
    other = next(c for c in state.hand(3) if c.suit is not None and c.text[-1] != "S")
    assert check_rejects(state, Play(other)).reason == "must follow spades"
    state = play(state, "play 2S")
    assert set(texts(state.legal_actions())) == {"play T3", "play T20"}  # T3 may undertrump
    check_state(play(state, "play T3"))


def test_fou_last_trick_to_winner() -> None:
    """CH-12.6 to_winner: a Fou played to the last trick stays with that trick's winner."""
    for seed in range(60):
        rules = chambery(3, fou_last_trick="to_winner")
        state = rules.new_deal(seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            keep = [a for a in legal if a.text != "play EX"]
            state = state.apply(keep[0] if keep else legal[0])
        last = state.tricks[-1]
        if parse_card("EX") in last.cards:
            owner = last.seat_of(last.cards.index(parse_card("EX")), 3)
            if owner != last.winner:
                assert state.fou_exchange is None
                assert parse_card("EX") in state.piles()[last.winner]
                check_state(state)
                return
    pytest.fail("no deal with the Fou in the last trick")


def test_the_terminal_names_the_seats_of_a_trick_around_the_sitter() -> None:
    """CH-2.3 in the table view: the cards of a trick are attributed skipping the seat out."""
    from tarotlib.terminal.render import render_trick
    from tarotlib.terminal.view import table_view

    last = play_out(chambery(6).new_deal(seed=3, dealer=0))
    view = table_view(last, 2)
    assert view.sitter == 1
    trick = last.tricks[0]
    text = render_trick(view, trick.cards, trick.leader, trick.winner)
    assert "seat 1 " not in text
    seats = [trick.seat_of(i, 6, sitter=1) for i in range(5)]
    assert seats == [2, 3, 4, 5, 0]


def test_layouts_must_deal_the_configuration() -> None:
    """CH-3.2, CH-6: a simplifié layout holds no 2 to 5; the seat out holds nothing."""
    simplifie = chambery(3, True)
    cards = list(tarotlib.TAROT_78.cards)
    hands = [" ".join(c.text for c in cards[i * 20 : (i + 1) * 20]) for i in range(3)]
    hands[0] += " " + " ".join(c.text for c in cards[60:62])
    with pytest.raises(tarotlib.DealError, match="chambery-62"):
        simplifie.new_deal(layout=tarotlib.Layout.from_text(hands, dealer=0))
    six = chambery(6)
    dealt = six.new_deal(seed=1, dealer=0).layout
    swapped = [dealt.hands[1], dealt.hands[0], *dealt.hands[2:]]
    texts_ = [" ".join(c.text for c in h) for h in swapped]
    with pytest.raises(tarotlib.DealError):
        six.new_deal(layout=tarotlib.Layout.from_text(texts_, dealer=0))
