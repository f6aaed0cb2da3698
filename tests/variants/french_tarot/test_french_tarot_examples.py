"""The worked examples of FT-21 reproduced through the engine (rules file ``french-tarot.md``).

Each deal is an explicit layout with a scripted play; the figures asserted are the rules file's.
Where a scripted play was found by a search over legal plays (FT-21.4, FT-21.8), the layout and the
tricks are frozen below; the engine checks every card for legality as it is played. FT-21.5 is
reproduced as the rule it demonstrates (the Petit au bout lost to the defence), on the engine's own
count, together with the independent oracle of ``ft_helpers``.
"""

from __future__ import annotations

import pytest

from tarotlib import Play
from tarotlib.variants.french_tarot import Contract, DeclarationKind, FrenchTarotState

from support.french_tarot import (
    EX,
    apply_all,
    assert_rejected,
    card,
    cards,
    check_against_oracle,
    deal,
    declare,
    fill_layout,
    half_points,
    make_rules,
    play,
    play_out,
    play_tricks,
    points_of,
    score_of,
    setup,
)

# ==================================================================================================
# FT-21.4 five players

_EX_4A_HANDS = [
    "QS NH 8D 10D ND 2C 4C 6C 8C 10C NC KC T15 T17 T19",
    "1S 2S 3S 4S 5S 6S 7S 8S 9S 1D 2D 3D 4D 5D 6D",
    "7H 8H 9H 10H QH KH QD KD T10 T11 T12 T13 T14 T21 EX",
    "JH 7D 9D JD 1C 3C 5C 7C 9C JC QC T1 T16 T18 T20",
    "KS 1H 2H 3H 4H 5H 6H T2 T3 T4 T5 T6 T7 T8 T9",
]
_EX_4A_CHIEN = "10S JS NS"
_EX_4A_TRICKS = [
    "6D EX 7D T8 ND",
    "KS QS 8S T13 T18",
    "3C T2 6C 5D T11",
    "T10 T20 T3 T15 1S",
    "QC T5 KC 2S T12",
    "KD 9D T9 10D 2D",
    "T7 T19 4S T21 T16",
    "QD JD T4 8D 4D",
    "6H NH 3D 10H JH",
    "2C 7S T14 9C T6",
    "7H T1 2H T17 5S",
    "8C 6S 9H 1C 1H",
    "4C 3S KH 7C 3H",
    "5C 5H 10C 1D 8H",
    "NC 9S QH JC 4H",
]


def test_ft_21_4a_called_partner() -> None:
    """FT-21.4(a): dealer 0; seat 1 passes, seat 2 Garde, 3, 4, 0 pass; seat 2 calls KS (seat 4:
    secret partner); chien taken, 3 discarded; seat 1 may not lead a spade; seat 4 declares a
    simple poignée (8 trumps); the attack ends with 2 oudlers and 47 points: made by 6, D = 82;
    seat 2 +164, seat 4 +82, seats 0, 1, 3 −82."""
    st = deal(make_rules(5), _EX_4A_HANDS, _EX_4A_CHIEN, dealer=0)
    st = apply_all(st, ["pass", "bid garde", "pass", "pass", "pass"])
    assert st.phase == "call" and st.to_act == 2
    st = st.apply(st.rules.parse_action("call KS"))
    assert st.phase == "discard"
    for seat in range(5):
        assert st.observation(seat).chien == cards(_EX_4A_CHIEN)
    st = apply_all(st, ["discard 10S", "discard JS", "discard NS", "no-slam"])
    assert st.partner == 4 and st.to_act == 1
    assert all(st.observation(s).partner is None for s in (0, 1, 2, 3))
    # FT-5.5: seat 1 holds no King of spades and may not lead a spade
    assert not any(
        c.suit == card("KS").suit
        for c in (a.card for a in st.legal_actions() if isinstance(a, Play))
    )
    assert_rejected(st, Play(card("1S")), "spades")
    st = play(st, "6D EX 7D")
    assert st.to_act == 4
    st = st.apply(declare(DeclarationKind.SIMPLE_POIGNEE, "T2-T9"))
    st = play(st, "T8 ND")
    st = play_tricks(st, _EX_4A_TRICKS[1:])
    sc = score_of(st)
    assert sc.multiplier == 2 and sc.oudlers == 2 and sc.target == 41
    assert sc.attack_points == 47 and sc.made and sc.margin == 6
    assert sc.pab == 0 and sc.declaration_bonus == 20 and sc.slam_bonus == 0
    assert sc.per_defender == 82
    assert st.result.scores == (-82, -82, 164, -82, 82)
    check_against_oracle(st)


_EX_4B_HANDS = [
    "4S 8S NS 6H 10H 1D 5D 9D QD 4C 10C KC T4 T8 T12",
    "5S 9S QS 7H JH 2D 6D 10D 1C 7C JC T1 T5 T9 T13",
    "6S 10S 4H 8H NH 3D 7D JD 2C 8C NC T2 T6 T10 T20",
    "1S 2S 3S KS 1H 2H 3H KH T14 T15 T16 T17 T18 T19 T21",
    "7S JS 5H 9H QH 4D 8D ND 3C 9C QC T3 T7 T11 EX",
]
_EX_4B_CHIEN = "KD 5C 6C"
_EX_4B_TRICKS = [
    "T9 T10 T19 EX T12",
    "T16 T7 T8 T1 T20",
    "6S KS JS NS QS",
    "5C 9C KC JC 8C",
    "T4 T13 T2 T17 T3",
    "6C QC 10C 7C NC",
    "QH 10H JH 8H 3H",
    "4D QD 2D 3D KD",
    "T18 T11 5D T5 T6",
    "KH 5H 6H 7H NH",
    "2H 9H 1D 1C 4H",
    "ND 9D 6D 7D T14",
    "T15 3C 4S 9S 2C",
    "1H 8D 4C 10D 10S",
    "T21 7S 8S 5S JD",
]


def test_ft_21_4b_taker_alone_called_king_in_the_chien() -> None:
    """FT-21.4(b): seat 3 takes a Prise and calls KD; the turned-up chien holds it: seat 3 plays
    alone against four; 1 oudler and 56.5 points: made by 5.5, the half point to him: M = 6,
    D = 31; taker +124, each defender −31."""
    st = deal(make_rules(5), _EX_4B_HANDS, _EX_4B_CHIEN, dealer=0)
    st = setup(st, 3, Contract.PRISE, call="KD", discard="1S 2S 3S")
    assert card("KD") in st.chien
    assert st.partner is None and st.camps == (1, 1, 1, 0, 1)
    st = play_tricks(st, _EX_4B_TRICKS)
    sc = score_of(st)
    assert sc.oudlers == 1 and sc.target == 51
    assert sc.attack_points == 56.5 and sc.made and sc.margin == 6
    assert sc.pab == 0 and sc.slam_bonus == 0
    assert sc.per_defender == 31
    assert st.result.scores == (-31, -31, -31, 124, -31)
    check_against_oracle(st)


# ==================================================================================================
# FT-21.5 Petit au bout won by the defence

_EX_5A_HANDS = [
    "3S 10S 1H 2H 3H NH QH 3D 5D 7D JD KD 8C 9C KC T13 T14 T21",
    "4S 9S 5H 10H JH 4D QD 10C JC T2 T4 T5 T8 T10 T12 T15 T18 EX",
    "1S 2S 4H 6H 1D 6D 10D 2C 4C 5C 6C T1 T3 T6 T7 T11 T16 T20",
    "5S 6S 7S JS KS 8H 9H 2D 8D 9D 1C 3C 7C NC QC T9 T17 T19",
]
_EX_5A_CHIEN = "8S NS QS 7H KH ND"
_EX_5A_TRICKS = [
    "9S T6 KS 3S",
    "2C QC 9C JC",
    "1C KC EX 4C",
    "T14 T15 T20 T17",
    "ND 2D KD QD",
    "7D 4D 10D 8D",
    "T7 T9 T13 T18",
    "T8 T11 T19 T21",
    "8C 10C 6C NC",
    "7C JD T4 5C",
    "T2 T16 JS 3D",
    "1D 9D 5D T10",
    "4S T3 5S 10S",
    "6D 3C 1H T12",
    "5H 7H 8H NH",
    "3H JH KH 9H",
    "6H 7S 2H 10H",
    "T5 T1 6S QH",
]


def test_ft_21_5a_taker_petit_lost_in_the_last_trick() -> None:
    """FT-21.5(a) (the rule it shows): 4p Garde; the taker plays the Petit to the last trick and a
    defender wins it with a higher trump (T5 here): the Petit is in the defence's pile (it is not an
    attack oudler) and pab = −1: D = s·(25 + M)·2 − 20, on the engine's own count."""
    st = deal(make_rules(4), _EX_5A_HANDS, _EX_5A_CHIEN, dealer=0)
    st = setup(st, 2, Contract.GARDE, discard="1S 2S 8S NS QS 4H")
    st = play_tricks(st, _EX_5A_TRICKS)
    last = st.tricks[-1]
    assert last.cards == cards("T5 T1 6S QH") and last.leader == 1 and last.winner == 1
    sc = score_of(st)
    assert card("T1") not in st.piles()[2] and card("T1") in st.piles()[1]
    assert sc.pab == -1 and sc.petit_au_bout_bonus == -20
    assert sc.per_defender == sc.sign * (25 + sc.margin) * 2 - 20
    assert st.result.scores[2] == 3 * sc.per_defender
    check_against_oracle(st)


def test_ft_21_5a_figures() -> None:
    """FT-21.5(a) figures through the score of a deal: 2 oudlers, 44 points, Garde, pab −1:
    D = (25 + 3) × 2 − 20 = 36; taker +108 (the contract is made, the bout only reduces the gain)."""
    from tarotlib.variants.french_tarot import Camp, ScoreSummary, score_deal

    sc = score_deal(
        ScoreSummary.from_points(
            players=4,
            contract=Contract.GARDE,
            taker=2,
            attack_points=44,
            oudlers=2,
            petit_au_bout=Camp.DEFENCE,
        )
    )
    assert (sc.made, sc.margin, sc.per_defender) == (True, 3, 36)
    assert sc.scores == (-36, -36, 108, -36)


_EX_5B_HANDS = [
    "2S 4S 9S NS QS KS 2H 6H 9H 5D JD ND 2C 4C JC T4 T15 T18",
    "8S JS 8H JH QH 6D 7D 1C 6C 9C QC T1 T6 T16 T17 T19 T20 EX",
    "1S 6S 10S 4H 5H 10H NH KH 1D 2D 8D 8C NC T2 T8 T9 T10 T12",
    "3S 5S 7S 3H 7H 3D 4D 9D QD KD 3C 7C 10C KC T3 T7 T11 T14",
]
_EX_5B_CHIEN = "1H 10D 5C T5 T13 T21"
_EX_5B_TRICKS = [
    "JS T9 7S 9S",
    "8D 4D ND 6D",
    "KS 8S T10 5S",
    "10D 3D 5D EX",
    "2D QD JD 7D",
    "KD T18 T20 1D",
    "1C 8C 7C 4C",
    "10H 3H 6H QH",
    "T6 T13 T14 T15",
    "QS T16 T21 3S",
    "NH 7H 2H JH",
    "KH T11 9H 8H",
    "9D T4 T19 T12",
    "T17 T8 T3 NS",
    "QC NC 10C JC",
    "6C 5C 3C 2C",
    "9C T5 KC 2S",
    "T2 T7 4S T1",
]


@pytest.mark.parametrize(("option", "pab"), [("winning_camp", -1), ("penalise_defence", 1)])
def test_ft_21_5b_defender_petit_won_by_another_defender(option: str, pab: int) -> None:
    """FT-21.5(b) (the rule it shows), FT-11.2 / O-12: 4p Prise; in the last trick, led by the
    taker, defender seat 1 plays his Petit and defender seat 3 wins it with T7: a gain for the
    defence (pab = −1, FFT); BGA's rules page's reading (``penalise_defence``) makes it +1 (D + 20 here:
    FT-21.5(b)'s 17 against 37)."""
    st = deal(make_rules(4, petit_au_bout_within_defence=option), _EX_5B_HANDS, _EX_5B_CHIEN)
    st = setup(st, 2, Contract.PRISE, discard="1S 6S 10S 1H 4H 5H")
    st = play_tricks(st, _EX_5B_TRICKS)
    last = st.tricks[-1]
    assert last.leader == 2 and last.cards == cards("T2 T7 4S T1") and last.winner == 3
    sc = score_of(st)
    assert sc.pab == pab and sc.petit_au_bout_bonus == 10 * pab
    assert sc.per_defender == sc.sign * (25 + sc.margin) + 10 * pab
    check_against_oracle(st)


# ==================================================================================================
# FT-21.6 the Excuse at trick level

# Dealer 3: seat 0 leads; seat 2 takes a Prise and discards the six diamonds of the chien.
_EX_6_HANDS = [
    "KS 3D 7D EX 1C-9C T2-T6",
    "QS 4D 8D 7H 10C JC NC QC KC T7-T15",
    "2S KD QD KH T1 T16-T21 1H 2H 3H 5H 6H 8H 9H",
    "NS 5D 6D 4H JS 10S 9S 8S 7S 6S 5S 4S 3S 1S 10H JH NH QH",
]
_EX_6_CHIEN = "1D 2D 9D 10D JD ND"


def _ex6(**options: object) -> FrenchTarotState:
    st = deal(make_rules(4, **options), _EX_6_HANDS, _EX_6_CHIEN, dealer=3)
    return setup(st, 2, Contract.PRISE, discard=_EX_6_CHIEN)


def test_ft_21_6_excuse_exchange() -> None:
    """FT-21.6: the defence won trick 1 (holding ♠2); trick 4: KH, ♥4, the Excuse (seat 0), ♥7: the
    attack wins; KH, ♥4, ♥7 go to the attack, the Excuse stays with the defence, which hands over
    the ♠2: attack +6.0 points (4 cards), defence +4.0."""
    st = _ex6()
    st = play_tricks(st, ["KS QS 2S NS", "3D 4D KD 5D", "QD 6D 7D 8D"])
    assert [t.winner for t in st.tricks] == [0, 2, 2]
    before = st.piles()
    st = play_tricks(st, ["KH 4H EX 7H"])
    assert st.tricks[3].winner == 2
    after = st.piles()
    attack_gain = set(after[2]) - set(before[2])
    assert attack_gain == set(cards("KH 4H 7H 2S"))
    assert points_of(attack_gain) == 6.0
    defence_before = set(before[0]) | set(before[1]) | set(before[3])
    defence_after = set(after[0]) | set(after[1]) | set(after[3])
    assert defence_after == (defence_before - {card("2S")}) | {EX}
    assert points_of(defence_after) - points_of(defence_before) == 4.0
    st = play_out(st)
    check_against_oracle(st)


def test_ft_21_6_variant_defence_had_no_trick_same_final_count() -> None:
    """FT-21.6 variant: the defence had won no trick yet: the Excuse lies in the defence's pile and a
    0.5-point card is handed over from the first trick it wins; the final count is the same."""
    main = play_out(
        play_tricks(_ex6(), ["KS QS 2S NS", "3D 4D KD 5D", "QD 6D 7D 8D", "KH 4H EX 7H"])
    )
    st = play_tricks(_ex6(), ["3D 4D KD 5D", "KH 4H EX 7H"])
    assert [t.winner for t in st.tricks] == [2, 2]
    piles = st.piles()
    assert piles[0] == (EX,) and not piles[1] and not piles[3]
    st = play_tricks(st, ["2S NS KS QS"])
    assert st.tricks[2].winner == 0
    assert card("2S") in st.piles()[2] and card("2S") not in st.piles()[0]
    st = play_tricks(st, ["7D 8D QD 6D"])
    assert st.to_act == 2 and [st.hand(s) for s in range(4)] == [
        main_hand
        for main_hand in (  # same hands as the main line after four tricks
            play_tricks(_ex6(), ["KS QS 2S NS", "3D 4D KD 5D", "QD 6D 7D 8D", "KH 4H EX 7H"]).hand(
                s
            )
            for s in range(4)
        )
    ]
    st = play_out(st)
    assert score_of(st).attack_half_points == score_of(main).attack_half_points
    check_against_oracle(st)


@pytest.mark.parametrize(("option", "to_attack"), [("changes_camp", True), ("to_winner", False)])
def test_ft_21_6_last_trick_excuse_won_by_its_own_camp(option: str, to_attack: bool) -> None:
    """FT-21.6 last trick / FT-10.7 / O-1: seat 0 (defence) plays the Excuse to the last trick and
    seat 1 (defence) wins it: ``changes_camp`` gives it to the attack (an oudler, 4.5 points, no card
    back; the attack's pile then has an odd number of cards and a .5 count); ``to_winner`` keeps it
    with the defence."""
    hold = {0: "EX", 2: "1H 2H 3H 5H 6H 8H 9H 2S"}  # the taker keeps a heart for the end
    st = play_out(_ex6(excuse_last_trick=option), hold=hold)
    last = st.tricks[-1]
    assert EX in last.cards and last.winner == 1
    sc = score_of(st)
    attack_pile = set(st.piles()[2]) | set(st.ecart)
    assert (EX in attack_pile) == to_attack
    assert (
        sc.oudlers
        == (1 if card("T1") in attack_pile else 0)
        + (1 if card("T21") in attack_pile else 0)
        + to_attack
    )
    assert sc.attack_half_points == sum(half_points(c) for c in attack_pile)
    assert sc.attack_half_points % 2 == (1 if to_attack else 0)
    check_against_oracle(st)


@pytest.mark.parametrize("option", ["changes_camp", "to_winner"])
def test_ft_21_6_last_trick_excuse_won_by_the_taker(option: str) -> None:
    """FT-21.6 / FT-10.7: if the taker wins the last trick the defence's Excuse goes to the attack
    under both options, with no card given back."""
    st = play_out(_ex6(excuse_last_trick=option), hold={0: "EX"})
    last = st.tricks[-1]
    assert EX in last.cards and last.winner == 2 and last.cards[1] == card("T21")
    assert EX in st.piles()[2]
    check_against_oracle(st)


# ==================================================================================================
# FT-21.7 must overtrump: legal cards (seat 1 leads the first trick; seats 1–3 defend against the
# dealer, seat 0, who took a Garde Sans; each example hand is completed with cards that do not change
# the situation: no spade, no other trump)


def _ex7(hand3: str, lead: str, second: str, hand1: str, hand2: str) -> FrenchTarotState:
    layout = fill_layout(4, {1: hand1, 2: hand2, 3: hand3}, dealer=0)
    st = setup(make_rules(4).new_deal(layout=layout), 0, Contract.GARDE_SANS)
    assert st.to_act == 1
    return play(st, f"{lead} {second}")


def _legal(st: FrenchTarotState) -> set[object]:
    return {a.card for a in st.legal_actions() if isinstance(a, Play)}


_SPADE_LEADER = "7S 8S 9S 10S 1C-9C T1 T2 T3 T4 T6"
_SPADE_VOID_T12 = "T12 T7 T8 T10 T11 T13 T14 T16 T17 T18 T19 T21 1D 5D-9D"


def test_ft_21_7_must_overtrump() -> None:
    """FT-21.7: ♠7 led, T12 played; seat 3 (T5, T9, T15, T20, KH, 2D, Excuse, no spade): legal T15,
    T20, Excuse; T5 and T9 "must overtrump" (T12), KH and 2D illegal."""
    st = _ex7("T5 T9 T15 T20 KH 2D EX 1H-9H 3D 4D", "7S", "T12", _SPADE_LEADER, _SPADE_VOID_T12)
    assert _legal(st) == set(cards("T15 T20 EX"))
    for c in ("T5", "T9"):
        reason = assert_rejected(st, Play(card(c)), "overtrump")
        assert "12" in reason
    for c in ("KH", "2D"):
        assert_rejected(st, Play(card(c)), "")


def test_ft_21_7_must_trump_reason_for_suit_cards() -> None:
    """FT-21.7: KH and 2D are illegal with the reason "must trump"."""
    st = _ex7("T5 T9 T15 T20 KH 2D EX 1H-9H 3D 4D", "7S", "T12", _SPADE_LEADER, _SPADE_VOID_T12)
    for c in ("KH", "2D"):
        assert_rejected(st, Play(card(c)), "must trump")


def test_ft_21_7_variants() -> None:
    """FT-21.7 variants: undertrump; follow suit without beating; no spade no trump: any card; the
    Excuse is always legal."""
    # T5, T9, KH, Excuse (no spade): T5, T9, Excuse (must undertrump; KH illegal)
    st = _ex7("T5 T9 KH EX 1H-9H 2D 3D 4D 10H JH", "7S", "T12", _SPADE_LEADER, _SPADE_VOID_T12)
    assert _legal(st) == set(cards("T5 T9 EX"))
    assert_rejected(st, Play(card("KH")), "undertrump")
    # 3S, T20, Excuse: 3S and the Excuse; T20 "must follow spades"
    st = _ex7("3S T20 EX 1H-9H 2D 3D 4D 10H JH NH", "7S", "T12", _SPADE_LEADER, _SPADE_VOID_T12)
    assert _legal(st) == set(cards("3S EX"))
    assert_rejected(st, Play(card("T20")), "must follow spades")
    # no spade and no trump: any card
    st = _ex7("KH 2D 1H-9H 3D 4D 10H JH NH QH 10D", "7S", "T12", _SPADE_LEADER, _SPADE_VOID_T12)
    assert _legal(st) == set(st.hand(3))


def test_ft_21_7_trump_lead_partner_winning() -> None:
    """FT-21.7: seat 1 leads T10, seat 2 (its partner) plays T18; seat 3 with T14, T19, QC: only
    T19 (must beat even a partner's trump); with T14, T16, QC: T14 or T16 ("must play a trump" for
    QC)."""
    leader = "T10 1S-9S 1H-8H"
    second = "T18 10S JS NS QS 9H 10H JH NH QH 1D-8D"
    st = _ex7("T14 T19 QC 1C-9C 9D 10D JD ND QD KD", "T10", "T18", leader, second)
    assert _legal(st) == {card("T19")}
    assert_rejected(st, Play(card("T14")), "overtrump")
    assert_rejected(st, Play(card("QC")), "must play a trump")
    st = _ex7("T14 T16 QC 1C-9C 9D 10D JD ND QD KD", "T10", "T18", leader, second)
    assert _legal(st) == set(cards("T14 T16"))
    assert_rejected(st, Play(card("QC")), "must play a trump")


def test_ft_21_7_led_excuse() -> None:
    """FT-21.7: seat 1 leads the Excuse, seat 2 plays ♣4; seat 3 with KC, 2C, T3: KC or 2C."""
    st = _ex7(
        "KC 2C T3 1H-9H 1D-6D",
        "EX",
        "4C",
        "EX 1S-10S 7D 8D 9D 10D JD ND QD",
        "3C 4C 5C 6C 7C 8C 9C 10C JS NS QS KS 10H JH NH QH KH KD",
    )
    assert _legal(st) == set(cards("KC 2C"))
    assert_rejected(st, Play(card("T3")), "must follow clubs")


# ==================================================================================================
# FT-21.8 Garde Contre: who owns the chien

_EX_8_HANDS = [
    "4S 7S JS 6H 9H NH 5D 9D ND 1C 4C 7C 10C QC T4 T7 T10 T18",
    "1S 2S 3S QS KS 1H 3H 4H 1D 2D 4D T1 T12 T13 T14 T15 T16 EX",
    "5S 8S NS 7H 10H QH 7D 10D QD 2C 5C 8C JC T2 T5 T8 T11 T19",
    "6S 10S 5H 8H JH KH 8D JD KD 3C 6C 9C NC T3 T6 T9 T17 T20",
]
_EX_8_CHIEN = "9S 2H 3D 6D KC T21"
_EX_8_TRICKS = [
    "T14 T19 T20 T4",
    "KH 6H 3H 7H",
    "6S 4S QS 8S",
    "KS NS 10S JS",
    "1H QH JH NH",
    "5C 9C 4C T12",
    "T15 T2 T17 T18",
    "T7 T13 T8 T3",
    "1D 10D JD 5D",
    "5H 9H 4H 10H",
    "T11 T6 T10 T16",
    "3S 5S T9 7S",
    "8H QC EX T5",
    "2C 6C 1C T1",
    "2S QD KD ND",
    "4D 7D 8D 9D",
    "7C 2D JC 3C",
    "8C NC 10C 1S",
]


@pytest.mark.parametrize(
    ("contract", "oudlers", "points", "margin", "d"),
    [(Contract.GARDE_CONTRE, 2, 41, 0, 150), (Contract.GARDE_SANS, 3, 52, 16, 164)],
)
def test_ft_21_8_garde_contre_and_garde_sans(
    contract: Contract, oudlers: int, points: int, margin: int, d: int
) -> None:
    """FT-21.8: the chien (T21, KC, 3D, 6D, 2H, 9S: 11 points, one oudler) stays unseen; the taker's
    tricks hold the Petit and the Excuse and are worth exactly 41. Garde Contre: the chien goes to the
    defence: target 41, made exactly, D = 150, taker +450, defence 50 (39 + 11). Garde Sans: it goes
    to the attack: 3 oudlers, 52 points, made by 16, D = 164, taker +492."""
    assert points_of(cards(_EX_8_CHIEN)) == 11
    st = deal(make_rules(4), _EX_8_HANDS, _EX_8_CHIEN, dealer=0)
    st = setup(st, 1, contract)
    assert st.hand(1) == tuple(sorted(cards(_EX_8_HANDS[1])))
    assert all(st.observation(s).chien == () for s in range(4))
    st = play_tricks(st, _EX_8_TRICKS)
    sc = score_of(st)
    assert sc.multiplier == (6 if contract == Contract.GARDE_CONTRE else 4)
    assert sc.oudlers == oudlers and sc.attack_points == points and sc.margin == margin
    assert sc.made and sc.pab == 0 and sc.slam_bonus == 0
    assert sc.defence_points == 91 - points
    assert sc.per_defender == d
    assert st.result.scores == (-d, 3 * d, -d, -d)
    check_against_oracle(st)
