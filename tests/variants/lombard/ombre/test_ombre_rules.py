"""Tarocc'Ombre (3, 5, 7 players) and Ombra arrabiata: the rules file's worked examples (LO-E6,
LO-E7, LO-E8), the tables of TO-9.4 and TO-23, and the rules of each phase through the engine.
Expected values come from the rules file (lombard-tarot.md), not from the engine."""

from __future__ import annotations

import pytest

import tarotlib
from tarotlib import GameRecord, IllegalActionError, Match, OptionError, parse_card
from tarotlib.bots import RandomBot
from tarotlib.core.actions import Discard, Request
from tarotlib.core.cards import ALL_CARDS, card_mask, parse_cards
from tarotlib.core.decks import OMBRE_54, TAROT_78
from tarotlib.core.results import DealResult
from tarotlib.deal import DealState
from tarotlib.errors import ActionParseError, CardParseError
from tarotlib.testing import check_state, random_play
from tarotlib.variants.lombard.ombre import Contract, Ombre, OmbreSummary, score_deal

from support.ombre import discard_first, drive, layout, ombre, seen

DUE, UNA, NIENTE = Contract.DUE, Contract.UNA, Contract.NIENTE


def mask(text: str) -> int:
    return card_mask(parse_cards(text))


def blanks(deck: tarotlib.Deck, count: int, besides: int = 0) -> int:
    """``count`` blanks of ``deck`` (trumps 2-20 and pips), lowest index first."""
    table = ombre().table
    out = 0
    for card in deck.cards:
        if count == 0:
            break
        if table.values[card] == 1 and not besides >> card & 1:
            out |= 1 << card
            count -= 1
    assert count == 0
    return out


# -- the games, their packs, values and counting (LO-2, LO-4, LO-5) --------------------------------


@pytest.mark.parametrize(
    ("name", "players", "pack", "mondo", "group", "hands"),
    [
        ("tarocco-ombre", 3, 54, 5, 3, [20, 17, 17]),  # TO-2, TO-3
        ("ombra-arrabiata", 4, 54, 6, 4, [15, 13, 13, 13]),  # TO-21, TO-22
        ("tarocco-ombre", 5, 78, 5, 4, [18, 15, 15, 15, 15]),  # TO-31, TO-32
        ("tarocco-ombre", 7, 78, 5, 4, [12] + [11] * 6),
    ],
)
def test_games_packs_values_groups(
    name: str, players: int, pack: int, mondo: int, group: int, hands: list[int]
) -> None:
    rules = ombre(name, players=players)
    assert rules.players == players and len(rules.deck) == pack
    table = rules.table
    assert table.count(1 << parse_card("T21")) == mondo  # LO-4
    assert table.group_size == group
    for text, value in (("T1", 5), ("EX", 5), ("KS", 5), ("QH", 4), ("NC", 3), ("JD", 2)):
        assert table.value_sum(mask(text)) == value + 0  # group values of counting cards
    state = rules.new_deal(seed=11, dealer=0)
    assert [len(state.hand(s)) for s in range(players)] == hands
    assert state.phase == "discard" and state.to_act == 0  # TO-4: the dealer discards first


def test_54_card_pack_lo_2_2() -> None:
    kept = {c.text for c in OMBRE_54.cards}
    for suit in "SC":  # black: 1-6 removed
        assert {f"{r}{suit}" for r in ("7", "8", "9", "10", "J", "N", "Q", "K")} <= kept
        assert not {f"{r}{suit}" for r in range(1, 7)} & kept
    for suit in "HD":  # red: 5-10 removed
        assert {f"{r}{suit}" for r in ("1", "2", "3", "4", "J", "N", "Q", "K")} <= kept
        assert not {f"{r}{suit}" for r in range(5, 11)} & kept


def test_notation_lo_2_3() -> None:
    assert parse_card("CC") == parse_card("NC") and parse_card("M") == parse_card("EX")
    with pytest.raises(CardParseError, match="followed by a suit letter"):
        parse_card("QX")


def test_card_outside_the_pack_is_refused_wherever_named() -> None:
    rules = ombre("tarocco-ombre")
    for text in ("discard 2S", "request 10H", "give 6C", "play 1C"):
        with pytest.raises(ActionParseError, match=r"not in the 54-card pack .*LO-2\.2"):
            rules.parse_action(text)
    assert ombre("tarocco-ombre", players=5).parse_action("play 2S").text == "play 2S"
    state = discard_first(rules.new_deal(seed=3, dealer=0))
    with pytest.raises(IllegalActionError, match="not in hand"):
        rules.new_deal(seed=3).apply(Discard(parse_card("2S")))
    state = drive(state, ["bid due", "pass", "pass"])
    with pytest.raises(IllegalActionError, match="2S is not in the pack"):
        state.apply(Request(parse_card("2S")))
    hands = [list(h) for h in layout(rules, 0, {}).hands]
    hands[1][0] = parse_card("2S")
    with pytest.raises(tarotlib.DealError, match="outside the ombre-54 pack: 2S"):
        rules.new_deal(layout=tarotlib.Layout(hands, (), dealer=0))


# -- the discard before the auction (TO-4, LO-8) -----------------------------------------------------


def test_discard_restrictions_lo_8_2() -> None:
    rules = ombre("tarocco-ombre")
    # The dealer (seat 0) holds the Mondo, a King and three suit cards besides.
    lay = layout(
        rules, 0, {0: "T21 KS QS JS 10S T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16"}
    )
    state = rules.new_deal(layout=lay)
    with pytest.raises(IllegalActionError, match=r"cannot discard the Mondo \(LO-8.2\)"):
        state.apply(rules.parse_action("discard T21"))
    with pytest.raises(IllegalActionError, match=r"cannot discard a King \(LO-8.2\)"):
        state.apply(rules.parse_action("discard KS"))
    with pytest.raises(IllegalActionError, match=r"trump only when fewer than 3 suit cards"):
        state.apply(rules.parse_action("discard T5"))  # three suit cards: no trump
    assert state.phase == "discard" and state.history == ()  # nothing changed
    state = drive(state, ["discard QS"])
    assert {a.text for a in state.legal_actions()} == {"discard JS", "discard 10S"}
    state = drive(state, ["discard JS", "discard 10S"])
    assert state.phase == "auction" and state.to_act == 1  # TO-5.3: the eldest speaks first
    views = [seen(state, s) for s in range(3)]
    assert [len(o.discard) for o in views] == [3, 0, 0]  # LO-8.4, LO-8.2(c): not shown


# -- the auction (TO-5) and the concession (TO-7): LO-E6 --------------------------------------------


def test_lo_e6_auction_with_seniority_then_concession() -> None:
    rules = ombre("tarocco-ombre")
    state = discard_first(rules.new_deal(seed=5, dealer=0))
    state = drive(state, ["bid due"])  # seat 1
    with pytest.raises(IllegalActionError, match="only a senior player may equal due"):
        state.apply(rules.parse_action("bid due"))  # seat 2 is junior to seat 1
    state = drive(state, ["bid una", "bid niente", "bid niente"])  # seats 2, 0, then 1 equals
    assert state.to_act == 2 and [a.text for a in state.legal_actions()] == ["pass"]
    with pytest.raises(IllegalActionError, match="senior"):
        state.apply(rules.parse_action("bid niente"))
    state = drive(state, ["pass"])
    assert state.to_act == 0 and [a.text for a in state.legal_actions()] == ["pass"]
    state = drive(state, ["pass"])
    assert state.data.declarer == 1 and state.data.contract is NIENTE
    assert state.phase == "concession" and state.to_act == 1  # niente: no exchanges
    final = drive(state, ["concede"])
    assert final.is_over and final.result.scores == (4, -8, 4)
    assert drive(state, ["no-concede"]).phase == "play"


def test_no_concession_when_the_dealer_did_not_bid_to_7_1() -> None:
    rules = ombre("tarocco-ombre")
    state = drive(discard_first(rules.new_deal(seed=5, dealer=0)), ["bid una", "pass", "pass"])
    assert state.phase == "exchanges"
    state = drive(state, ["stop"])
    assert state.phase == "play" and state.to_act == 1  # TO-8: the eldest leads


def test_dealer_declarer_cannot_concede() -> None:
    rules = ombre("tarocco-ombre")
    state = drive(discard_first(rules.new_deal(seed=5, dealer=0)), ["pass", "pass", "bid niente"])
    assert state.data.declarer == 0 and state.phase == "play"


def test_concession_payment_dealer_only_and_before_exchanges() -> None:
    rules = ombre(
        "tarocco-ombre", concession_payment="dealer_only", concession_timing="before_exchanges"
    )
    state = discard_first(rules.new_deal(seed=5, dealer=0))
    state = drive(state, ["bid due", "pass", "bid una", "bid una", "pass"])
    assert state.data.declarer == 1 and state.phase == "concession"  # before the exchange
    assert drive(state, ["concede"]).result.scores == (3, -3, 0)  # una base 3 to the dealer


def test_seniority_none_and_last_player_must_bid() -> None:
    rules = ombre("tarocco-ombre", seniority="none", last_player_may_pass=False)
    state = drive(discard_first(rules.new_deal(seed=5, dealer=0)), ["bid una"])
    assert [a.text for a in state.legal_actions()] == ["pass", "bid niente"]
    state = drive(discard_first(rules.new_deal(seed=5, dealer=0)), ["pass", "pass"])
    assert [a.text for a in state.legal_actions()] == ["bid due", "bid una", "bid niente"]


def test_all_pass_options_to_5_7() -> None:
    for option, counts, next_dealer in (("next_dealer", True, 1), ("same_dealer", False, 0)):
        rules = ombre("tarocco-ombre", all_pass=option)
        final = drive(discard_first(rules.new_deal(seed=5, dealer=0)), ["pass"] * 3)
        assert final.is_over and final.result.is_annulled and final.result.scores == (0, 0, 0)
        assert rules.counts_toward_match(final.result) is counts
        assert rules.next_dealer(0, final.result) == next_dealer


# -- the exchanges (TO-6) ----------------------------------------------------------------------------


def _due_by_seat_1(**options: object) -> tuple[Ombre, DealState]:
    rules = ombre("tarocco-ombre", **options)
    lay = layout(rules, 0, {0: "KH QH JH 1H 2H T21", 1: "KS QS", 2: "T20 T19 T18"})
    state = rules.new_deal(layout=lay)
    state = drive(state, ["discard QH", "discard JH", "discard 1H"])
    return rules, drive(state, ["bid due", "pass", "pass"])


def test_exchange_named_card_and_card_given_back_to_6_2() -> None:
    rules, state = _due_by_seat_1()
    assert state.phase == "exchanges" and state.to_act == 1
    with pytest.raises(IllegalActionError, match="own hand"):
        state.apply(rules.parse_action("request KS"))
    state = drive(state, ["request T21"])  # the dealer, seat 0, holds it
    assert parse_card("T21") in state.hand(1)
    with pytest.raises(IllegalActionError, match="card just received"):
        state.apply(rules.parse_action("give T21"))
    state = drive(state, ["give QS"])
    assert parse_card("QS") in state.hand(0)
    made = [seen(state, s).exchanges[0] for s in range(3)]
    assert all(e.named == parse_card("T21") and e.giver == 0 for e in made)  # TO-6.5: public
    assert [e.returned for e in made] == [parse_card("QS"), parse_card("QS"), None]
    state = drive(state, ["stop"])  # TO-6.4: the second exchange is a right
    assert state.phase == "play"


def test_return_received_card_option() -> None:
    _, state = _due_by_seat_1(return_received_card=True)
    state = drive(state, ["request T21", "give T21"])
    assert parse_card("T21") in state.hand(0)


def test_named_card_in_the_discard_to_6_3() -> None:
    rules, state = _due_by_seat_1()
    state = drive(state, ["request QH"])  # lies in the dealer's discard: the exchange is lost
    assert [parse_card("QH")] == list(seen(state, 2).out_of_play)
    state = drive(state, ["request T21", "give KS"])
    assert state.phase == "play"
    rules, state = _due_by_seat_1(named_card_in_discard="name_again")
    state = drive(state, ["request QH", "request T21", "give KS"])
    assert state.phase == "exchanges"  # one exchange still to make
    with pytest.raises(IllegalActionError, match="out of play"):
        state.apply(rules.parse_action("request QH"))


def test_dealer_may_not_name_his_own_discard() -> None:
    rules = ombre("tarocco-ombre")
    lay = layout(rules, 0, {0: "QH JH 1H"})
    state = drive(rules.new_deal(layout=lay), ["discard QH", "discard JH", "discard 1H"])
    state = drive(state, ["pass", "pass", "bid due"])
    with pytest.raises(IllegalActionError, match="own discard"):
        state.apply(rules.parse_action("request QH"))


def test_exchanges_mandatory_option() -> None:
    rules, state = _due_by_seat_1(exchanges_optional=False)
    with pytest.raises(IllegalActionError, match="duty"):
        state.apply(rules.parse_action("stop"))
    assert "stop" not in {a.text for a in state.legal_actions()}


# -- play (LO-6, TO-8) -------------------------------------------------------------------------------


def test_no_overtrump_duty_lo_6_2() -> None:
    rules = ombre("tarocco-ombre")
    lay = layout(rules, 0, {1: "T21 EX KS", 2: "T2 T3 T20 KH", 0: "QH JH 1H"})
    state = drive(rules.new_deal(layout=lay), ["discard QH", "discard JH", "discard 1H"])
    state = drive(state, ["bid una", "pass", "pass", "stop", "play T21"])
    offered = {a.text for a in state.legal_actions()}
    assert {"play T2", "play T3", "play T20"} <= offered and "play KH" not in offered


# -- the secret partner (TO-34) and observations ---------------------------------------------------


def test_partner_call_and_secrecy_to_34() -> None:
    rules = ombre("tarocco-ombre", players=5)
    lay = layout(rules, 0, {3: "KH", 0: "2S 3S 4S"})
    state = drive(rules.new_deal(layout=lay), ["discard 2S", "discard 3S", "discard 4S"])
    state = drive(state, ["bid una", "pass", "pass", "pass", "pass", "stop"])
    assert state.phase == "call" and state.legal_actions()[0].text == "no-call"
    with pytest.raises(IllegalActionError, match="own hand"):
        state.apply(rules.parse_action("call " + state.hand(1)[0].text))
    state = drive(state, ["call KH"])
    assert state.data.partner == 3
    assert [seen(state, s).partner for s in range(5)] == [None, None, None, 3, None]
    assert all(seen(state, s).to_json()["partner"] in (None, 3) for s in range(5))
    while parse_card("KH") not in state.current_trick and not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    assert [seen(state, s).partner for s in range(5)] == [3] * 5


def test_called_card_in_discard_to_34_4() -> None:
    for option, partner in (("alone", -1), ("dealer_is_partner", 0)):
        rules = ombre("tarocco-ombre", players=5, called_card_in_discard=option)
        lay = layout(rules, 0, {0: "2S 3S 4S"})
        state = drive(rules.new_deal(layout=lay), ["discard 2S", "discard 3S", "discard 4S"])
        state = drive(state, ["bid due", "pass", "pass", "pass", "pass", "stop", "call 2S"])
        assert state.data.partner == partner
        for seat in (2, 3, 4):  # nobody but the dealer can tell (LO-9, TO-34.4)
            view = seen(state, seat)
            assert view.partner is None and not view.alone
        final, _ = random_play(state, 1)
        assert seen(final, 2).partner == (None if partner < 0 else 0)


def test_niente_calls_no_partner_and_mandatory_call() -> None:
    rules = ombre("tarocco-ombre", players=7, partner_call="mandatory")
    state = discard_first(rules.new_deal(seed=2, dealer=0))
    state = drive(state, ["bid una"] + ["pass"] * 6 + ["stop"])
    assert state.phase == "call" and "no-call" not in {a.text for a in state.legal_actions()}
    state = discard_first(rules.new_deal(seed=2, dealer=0))
    state = drive(state, ["bid niente"] + ["pass"] * 6)
    assert state.phase == "play"


# -- counting and scoring: LO-E7, LO-E8, TO-9.4, TO-23 -----------------------------------------------


def test_lo_e7_pile_count_3p() -> None:
    rules = ombre("tarocco-ombre")
    counting = mask("T21 T1 EX KS KH KD QS QH NC JS JH")
    pile = counting | blanks(OMBRE_54, 22)
    assert pile.bit_count() == 33
    assert rules.table.count(pile) == 45  # 45 − 11 + 11


@pytest.mark.parametrize(
    ("players", "contract", "p", "won", "g", "declarer_score"),
    [
        (3, DUE, 45, True, 3, 6),  # LO-E7
        (3, NIENTE, 24, False, 6, -12),
        (3, NIENTE, 40, True, 4, 8),  # band edges
        (3, NIENTE, 41, True, 5, 10),
        (3, UNA, 26, False, 4, -8),
        (3, UNA, 25, False, 5, -10),
        (4, DUE, 39, True, 5, 15),  # Ombra arrabiata
        (4, UNA, 22, False, 7, -21),
    ],
)
def test_lo_e7_payments(
    players: int, contract: Contract, p: int, won: bool, g: int, declarer_score: int
) -> None:
    score = score_deal(OmbreSummary(players=players, contract=contract, declarer=0, points=p))
    assert (score.won, score.G, score.scores[0]) == (won, g, declarer_score)
    assert all(s == -declarer_score // (players - 1) for s in score.scores[1:])


def test_lo_e7_cappotto() -> None:
    s = OmbreSummary(players=3, contract=UNA, declarer=0, points=70, cappotto=True)
    assert score_deal(s).G == 12 and score_deal(s).scores == (24, -12, -12)


def test_reverse_cappotto_option() -> None:
    s = OmbreSummary(players=3, contract=DUE, declarer=0, points=0, no_trick=True)
    assert score_deal(s).G == 2 + 7
    s = OmbreSummary(
        players=3, contract=DUE, declarer=0, points=0, no_trick=True, reverse_cappotto=True
    )
    assert score_deal(s).G == 2 + 7 + 3


def test_lo_e8_five_players() -> None:
    rules = ombre("tarocco-ombre", players=5)
    counting = mask("T21 T1 KS KH QS QH NS JS JH JD")
    side = counting | blanks(TAROT_78, 25)
    others = TAROT_78.mask & ~side
    assert (side.bit_count(), others.bit_count()) == (35, 43)
    p, q = int(rules.table.count(side)), int(rules.table.count(others))
    assert (p, q, p + q) == (35, 35, 70)  # remainders (3, 3)
    base = dict(players=5, contract=UNA, declarer=0, partner=1, points=35)
    lost = score_deal(OmbreSummary(**base))  # type: ignore[arg-type]
    assert lost.G == 5 and lost.scores == (-10, -5, 5, 5, 5)
    won = score_deal(OmbreSummary(**base, win_threshold=35))  # type: ignore[arg-type]
    assert won.G == 5 and won.scores == (10, 5, -5, -5, -5)


def test_lo_e8_seven_players() -> None:
    rules = ombre("tarocco-ombre", players=7)
    counting = mask("T21 KS KH QS QH NS JS JH")
    side = counting | blanks(TAROT_78, 20)
    others = TAROT_78.mask & ~side
    assert (side.bit_count(), others.bit_count()) == (28, 50)
    p, q = int(rules.table.count(side)), int(rules.table.count(others))
    assert (p, q, p + q) == (29, 42, 71)  # remainders (0, 2)
    s = OmbreSummary(players=7, contract=DUE, declarer=0, partner=1, points=29)
    assert score_deal(s).scores == (-15, -10, 5, 5, 5, 5, 5)


def test_five_players_alone_settlement_to_36() -> None:
    s = OmbreSummary(players=5, contract=NIENTE, declarer=2, points=40)
    assert score_deal(s).scores == (-6, -6, 24, -6, -6)  # G = 6 + 0, ±4G alone
    s = OmbreSummary(players=7, contract=DUE, declarer=0, points=20)
    assert score_deal(s).G == 4 + 3 and score_deal(s).scores[0] == -6 * 7


# TO-9.4, row by row: (p from, p to, due, una, niente).
TO_9_4 = [
    (0, 0, 9, 10, 11),
    (1, 5, 8, 9, 10),
    (6, 10, 7, 8, 9),
    (11, 15, 6, 7, 8),
    (16, 20, 5, 6, 7),
    (21, 25, 4, 5, 6),
    (26, 30, 3, 4, 5),
    (31, 35, 2, 3, 4),
    (36, 40, 2, 3, 4),
    (41, 45, 3, 4, 5),
    (46, 50, 4, 5, 6),
    (51, 55, 5, 6, 7),
    (56, 60, 6, 7, 8),
    (61, 65, 7, 8, 9),
    (66, 70, 8, 9, 10),
]

TO_23 = [
    (0, 3, 10, 11, 12),
    (4, 8, 9, 10, 11),
    (9, 13, 8, 9, 10),
    (14, 18, 7, 8, 9),
    (19, 23, 6, 7, 8),
    (24, 28, 5, 6, 7),
    (29, 33, 4, 5, 6),
    (34, 38, 4, 5, 6),
    (39, 43, 5, 6, 7),
    (44, 48, 6, 7, 8),
    (49, 53, 7, 8, 9),
    (54, 58, 8, 9, 10),
    (59, 63, 9, 10, 11),
    (64, 66, 10, 11, 12),
]


@pytest.mark.parametrize(("players", "table", "threshold"), [(3, TO_9_4, 36), (4, TO_23, 34)])
def test_tables_row_by_row(
    players: int, table: list[tuple[int, int, int, int, int]], threshold: int
) -> None:
    for low, high, *gs in table:
        for p in range(low, high + 1):
            for contract, g in zip(Contract, gs, strict=True):
                s = OmbreSummary(players=players, contract=contract, declarer=0, points=p)
                score = score_deal(s)
                assert score.won == (p >= threshold), (p, contract)
                assert g == score.G, (players, p, contract)


def test_ombra_banding_from_33() -> None:
    s = OmbreSummary(players=4, contract=DUE, declarer=0, points=38, banding="from_33")
    assert score_deal(s).G == 4 + 1  # floor((38 − 33) / 5)
    s = OmbreSummary(players=4, contract=DUE, declarer=0, points=34, cappotto=False)
    assert score_deal(s).G == 4
    s = OmbreSummary(players=4, contract=DUE, declarer=0, points=66, cappotto=True)
    assert score_deal(s).G == 4 + 6 + 4


def test_breakdown_is_readable() -> None:
    s = OmbreSummary(players=5, contract=UNA, declarer=0, partner=1, points=35, others=35)
    text = str(score_deal(s))
    assert "loses (36 needed)" in text and "seat 1 (partner): −5" in text


# -- options, match, records, bots ------------------------------------------------------------------


def test_options_refused_with_reasons() -> None:
    with pytest.raises(OptionError, match="players must be one of 3, 5, 7"):
        ombre("tarocco-ombre", players=4)
    with pytest.raises(OptionError, match="Ombra arrabiata"):
        ombre("tarocco-ombre", ombra_banding="from_33")
    with pytest.raises(OptionError, match="TO-7"):
        ombre("tarocco-ombre", concession_enabled=True)
    with pytest.raises(OptionError, match="win_threshold must be one of 36, 35"):
        ombre("tarocco-ombre", players=5, win_threshold=34)
    with pytest.raises(OptionError, match="unknown"):
        ombre("ombra-arrabiata", bogus=1)
    with pytest.raises(ActionParseError, match="due, una or niente"):
        ombre("tarocco-ombre").parse_action("bid tutto")


def test_ombra_concession_enabled() -> None:
    rules = ombre("ombra-arrabiata")
    assert "concession" not in [p.name for p in rules.phase_list]
    rules = ombre("ombra-arrabiata", concession_enabled=True)
    state = discard_first(rules.new_deal(seed=5, dealer=0))
    state = drive(state, ["bid una", "pass", "pass", "bid niente", "bid niente", "pass"])
    state = drive(state, ["concede"])  # seat 1 over the dealer's bid: base 6 to each of three
    assert state.result.scores == (6, -18, 6, 6)


@pytest.mark.parametrize(
    ("name", "players"),
    [("tarocco-ombre", 3), ("ombra-arrabiata", 4), ("tarocco-ombre", 5), ("tarocco-ombre", 7)],
)
def test_match_one_round_and_records(name: str, players: int) -> None:
    rules = ombre(name, players=players)
    match = Match.start(rules, seed=4).play([RandomBot(s) for s in range(players)])
    assert match.is_over and match.deals == players and match.first_dealer == 0  # TO-10, LO-1.3
    assert match.deals_counted == players
    final, _ = random_play(rules.new_deal(seed=8, dealer=players - 1), 3, on_step=check_state)
    record = GameRecord.from_state(final)
    assert record.replay() == final
    assert GameRecord.from_json(record.to_json()).replay().result == final.result


def test_match_deals_option_and_same_dealer() -> None:
    rules = ombre("tarocco-ombre", deals=6, all_pass="same_dealer", first_dealer=2)
    match = Match.start(rules, seed=1)
    assert match.deals == 6 and match.first_dealer == 2
    passed = DealResult((0, 0, 0), annulled="all players passed")
    assert match.add(passed).deals_counted == 0


def test_every_card_of_the_records_notation_parses() -> None:
    rules = ombre("tarocco-ombre", players=7)
    for card in ALL_CARDS:
        assert rules.parse_action(f"play {card.text}").card == card  # type: ignore[attr-defined]


# -- the Matto (LO-7) ---------------------------------------------------------------------------------


def _matto_deal() -> DealState:
    """3 players, dealer 0: seat 1 declares niente; seat 2 holds the Matto."""
    rules = ombre()
    lay = layout(
        rules,
        0,
        {
            0: "QS NS JS 10S 9S 8S 7S KD QD ND JD 1D 2D 3D 4D KC QC NC JC 10C",
            1: "KS 4H 3H 2H 1H T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
            2: "EX KH QH NH JH 9C 8C 7C T13 T14 T15 T16 T17 T18 T19 T20 T21",
        },
    )
    state = rules.new_deal(layout=lay)
    return drive(state, ["discard NS", "discard JS", "discard 10S", "bid niente", "pass", "pass"])


def test_matto_deferred_exchange_lo_7_5() -> None:
    state = _matto_deal()
    assert state.phase == "play" and state.to_act == 1  # TO-8: the eldest leads
    state = drive(state, ["play KS", "play EX", "play 7S"])  # LO-7.1: legal though void-trumping
    assert state.tricks[-1].winner == 1
    assert state.pile_mask(1) >> parse_card("EX") & 1  # seat 2 has no trick yet: it waits
    state = drive(state, ["play 4H", "play KH", "play 1D"])  # seat 2 wins its first trick
    assert state.tricks[-1].winner == 2
    pile1, pile2 = state.pile_mask(1), state.pile_mask(2)
    assert pile2 >> parse_card("EX") & 1  # LO-7.5: redeemed right after his first trick
    assert pile1.bit_count() == pile2.bit_count() == 3  # one card for one (LO-5.7)
    given = pile1 & mask("4H 1D")
    assert given.bit_count() == 1  # LO-7.7: a blank from seat 2's own pile
    assert pile1 & ~given == mask("KS 7S")


def test_matto_exchange_is_public_lo_9() -> None:
    state = _matto_deal()
    state = drive(state, ["play KS", "play EX", "play 7S"])
    assert all(seen(state, s).matto_exchange is None for s in range(3))  # not made yet
    state = drive(state, ["play 4H", "play KH", "play 1D"])
    made = {seen(state, s).matto_exchange for s in range(3)}
    assert len(made) == 1
    exchange = made.pop()
    assert exchange is not None
    owner, receiver, card = exchange
    assert (owner, receiver) == (2, 1) and state.pile_mask(1) >> card & 1
