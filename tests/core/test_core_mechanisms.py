"""Decks, rank orders, dealing, the seeded shuffle, the auction, discards and trump shows."""

from __future__ import annotations

import enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tarotlib
from tarotlib import (
    ALL_CARDS,
    CHAMBERY_62,
    OMBRE_54,
    PIQUET_32,
    TAROT_78,
    Deck,
    IllegalActionError,
    Layout,
    OptionError,
    PacketSchedule,
    UnknownVariantError,
    card_mask,
    format_cards,
    parse_card,
    parse_cards,
)
from tarotlib.core.cards import EXCUSE_MASK, TRUMP_MASK
from tarotlib.core.dealing import KITTY
from tarotlib.core.discards import DiscardRule
from tarotlib.core.ranking import CHAMBERY, LOMBARD, STANDARD, RankOrder
from tarotlib.core.rng import derive_seed, shuffle, splitmix64
from tarotlib.core.shows import TrumpShow
from tarotlib.deal.auctions import OneRoundAuction
from tarotlib.variants.french_tarot import FrenchTarotOptions


# -- decks ----------------------------------------------------------------------------------------
def test_deck_sizes_and_contents() -> None:
    assert len(TAROT_78) == 78 and TAROT_78.mask == (1 << 78) - 1
    assert len(OMBRE_54) == 54  # LO-2.2
    assert "1H" in format_cards(OMBRE_54.cards) and "10H" not in format_cards(OMBRE_54.cards)
    assert parse_card("7S") in OMBRE_54 and parse_card("6S") not in OMBRE_54
    assert len(CHAMBERY_62) == 62  # CH-3.2: no 2, 3, 4, 5
    assert not any(c.rank is not None and 2 <= c.rank <= 5 for c in CHAMBERY_62)
    assert len(PIQUET_32) == 32  # BE-1.1
    assert not any(c.is_trump or c.is_excuse for c in PIQUET_32)
    assert {c.rank for c in PIQUET_32 if c.rank is not None} == {1, 7, 8, 9, 10, 11, 13, 14}


def test_custom_deck() -> None:
    deck = Deck.custom("mini", "T21 KH EX")
    assert [c.text for c in deck] == ["KH", "T21", "EX"]
    assert Deck.from_mask("same", deck.mask) == Deck("same", deck.cards)
    with pytest.raises(ValueError, match="twice"):
        Deck.custom("dup", "KH KH")
    with pytest.raises(ValueError, match="no cards"):
        Deck("empty", ())


# -- rank orders ----------------------------------------------------------------------------------
def test_rank_orders() -> None:
    c = parse_card
    assert STANDARD.beats(c("KS"), c("QS")) and STANDARD.beats(c("T2"), c("T1"))
    assert LOMBARD.beats(c("1D"), c("10D")) and LOMBARD.beats(c("JD"), c("1D"))  # LO-3
    assert LOMBARD.beats(c("10C"), c("1C"))
    assert CHAMBERY.beats(c("JH"), c("1H")) and CHAMBERY.beats(c("1H"), c("10H"))  # CH-4
    assert STANDARD.strength[c("EX")] == -1
    assert [x.text for x in map(parse_card, ["1H", "KH", "10H"])] == ["1H", "KH", "10H"]
    assert [ALL_CARDS[i].text for i in STANDARD.ranked_high_to_low(parse_cards("1H KH 10H"))] == [
        "KH",
        "10H",
        "1H",
    ]
    with pytest.raises(ValueError, match="repeats"):
        RankOrder.build("bad", (14, 14))
    with pytest.raises(ValueError, match="78"):
        RankOrder("bad", (1,))


# -- dealing --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "packet", "rounds", "kitty"), [(3, 4, 6, 6), (4, 3, 6, 6), (5, 3, 5, 3)]
)
def test_ft_3_packet_plan(players: int, packet: int, rounds: int, kitty: int) -> None:
    """FT-3.1 sizes; FT-3.2/FT-3.3: kitty cards one at a time, never the first or last card."""
    plan = PacketSchedule(packet, rounds, kitty).plan(players)
    assert len(plan) == 78
    assert plan.count(KITTY) == kitty
    assert plan[0] != KITTY and plan[-1] != KITTY
    for i in range(len(plan) - 1):
        assert not (plan[i] == KITTY and plan[i + 1] == KITTY)
    for seat in range(players):
        assert plan.count(seat) == packet * rounds


def test_deal_order_starts_after_dealer() -> None:
    sched = PacketSchedule(3, 6, 6)
    layout = sched.deal_order(list(range(78)), players=4, dealer=2)
    # the first packet (cards 0, 1, 2) goes to seat dealer + 1 = 3
    assert [c.index for c in layout.hands[3][:3]] == [0, 1, 2]
    assert layout.kitty[0].index == 3  # FT-3.3 default: right after the first packet
    assert layout.dealer == 2


def test_deal_order_rejects_bad_packs() -> None:
    sched = PacketSchedule(3, 6, 6)
    with pytest.raises(ValueError, match="78 cards"):
        sched.deal_order(list(range(77)), 4, 0)
    with pytest.raises(ValueError, match="twice"):
        sched.deal_order([0] * 78, 4, 0)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.sampled_from([3, 4, 5]))
def test_seeded_deal_is_a_partition(seed: int, players: int) -> None:
    packet, rounds, kitty = {3: (4, 6, 6), 4: (3, 6, 6), 5: (3, 5, 3)}[players]
    layout = PacketSchedule(packet, rounds, kitty).deal(TAROT_78, players, 0, seed)
    assert layout.mask == TAROT_78.mask
    assert sum(len(h) for h in layout.hands) + len(layout.kitty) == 78


def test_layout_validation_and_json() -> None:
    lay = Layout.from_text(["KH QH", "T1 T2"], "EX", dealer=1)
    assert Layout.from_json(lay.to_json()) == lay
    assert lay.describe().splitlines() == [
        "dealer: seat 1",
        "seat 0: QH KH",
        "seat 1: T1 T2",
        "kitty: EX",
    ]
    with pytest.raises(ValueError, match="dealt twice"):
        Layout.from_text(["KH", "KH"], "")
    with pytest.raises(ValueError, match="dealer must be"):
        Layout.from_text(["KH"], "", dealer=3)
    with pytest.raises(ValueError, match="needs"):
        Layout.from_json({"hands": []})


# -- rng ------------------------------------------------------------------------------------------
def test_splitmix64_reference_values() -> None:
    """SplitMix64 from state 0 (the published reference sequence starts 0xe220a8397b1dcdaf)."""
    state, out = splitmix64(0)
    assert out == 0xE220A8397B1DCDAF
    _, out2 = splitmix64(state)
    assert out2 == 0x6E789E6AA1B965F4


def test_shuffle_is_a_seeded_permutation() -> None:
    items = list(range(78))
    a = shuffle(items, 5)
    assert sorted(a) == items and a != items
    assert shuffle(items, 5) == a
    assert shuffle(items, 6) != a
    assert shuffle(items, 5 + 2**64) == a  # seeds are taken modulo 2**64
    # derive_seed: SplitMix64 of the seed (mixed with a constant), then of that output plus the
    # index; a known value, and another index gives another seed.
    assert derive_seed(1, 0) == splitmix64(splitmix64(1 ^ 0xD1B54A32D192ED03)[1])[1]
    assert derive_seed(1, 0) == 0x92E5B929D9A8E421 != derive_seed(1, 1)
    with pytest.raises(ValueError, match="at most 100"):
        shuffle(range(101), 1)


def test_shuffle_is_roughly_uniform() -> None:
    """Every card reaches every position: position counts of card 0 over 3,900 seeds."""
    counts = [0] * 78
    for seed in range(3900):
        counts[shuffle(range(78), seed).index(0)] += 1
    assert min(counts) > 20 and max(counts) < 90  # mean 50


# -- auction --------------------------------------------------------------------------------------
class C(enum.IntEnum):
    PRISE = 1
    GARDE = 2


def test_ft_4_one_round_auction() -> None:
    auction = OneRoundAuction(tuple(C), players=3)
    st0 = auction.start(first=2)
    assert auction.to_act(st0) == 2
    st1 = auction.apply(st0, C.GARDE)
    assert auction.legal(st1) == (None,)  # FT-4.3: only pass when nothing is higher
    with pytest.raises(IllegalActionError, match="bid must beat GARDE"):
        auction.apply(st1, C.PRISE)
    st2 = auction.apply(auction.apply(st1, None), None)
    assert auction.is_done(st2) and auction.to_act(st2) is None
    assert (st2.high, st2.high_seat) == (C.GARDE, 2)
    with pytest.raises(IllegalActionError, match="auction is over"):
        auction.apply(st2, None)


# -- discards -------------------------------------------------------------------------------------
def test_ft_6_2_discard_rule() -> None:
    kings = card_mask(parse_cards("KS KH KD KC"))
    oudlers = card_mask(parse_cards("T1 T21 EX"))
    rule = DiscardRule(
        ((kings, "cannot discard a King"), (oudlers, "cannot discard an oudler")),
        reluctant=TRUMP_MASK & ~oudlers,
        reluctant_reason="trump only when unavoidable",
    )
    hand = card_mask(parse_cards("KS KH T1 EX 2H 3H T5 T6"))
    assert format_cards(rule.legal(hand, 2)) == "2H 3H"
    assert format_cards(rule.legal(hand, 3)) == "2H 3H T5 T6"  # |E| = 2 < 3
    assert rule.explain(hand, 3, parse_card("KS")) == "cannot discard a King"
    assert rule.explain(hand, 3, parse_card("T1")) == "cannot discard an oudler"
    assert rule.explain(hand, 2, parse_card("T5")) == "trump only when unavoidable"
    assert rule.explain(hand, 2, parse_card("9C")) == "card not in hand"
    assert rule.explain(hand, 2, parse_card("2H")) is None
    assert rule.can_complete(hand, 4) and not rule.can_complete(hand, 5)


# -- trump show -----------------------------------------------------------------------------------
def test_ft_8_3_trump_show() -> None:
    show = TrumpShow((3, 4), TRUMP_MASK, EXCUSE_MASK)
    hand = card_mask(parse_cards("T2 T3 T4 EX KH"))
    assert show.levels(hand) == (0, 1)
    assert show.canonical(hand, 0) == tuple(parse_cards("T2 T3 T4"))
    assert show.canonical(hand, 1) == tuple(parse_cards("T2 T3 T4 EX"))
    assert show.check(hand, 1, parse_cards("T2 T3 T4 EX")) is None
    assert show.check(hand, 0, parse_cards("T2 T3 EX")) == (
        "the Excuse may be shown only in place of a missing trump"
    )
    assert show.check(hand, 0, parse_cards("T2 T3")) == "must show exactly 3 trumps, not 2"
    assert show.check(hand, 0, parse_cards("T2 T3 T9")) == "cannot show cards not held: T9"
    assert show.check(hand, 0, parse_cards("T2 T3 KH")) == "only trumps may be shown: KH"
    assert show.check(hand, 5, ()) == "unknown level 5"
    # the Excuse replaces one missing trump only: 2 trumps + Excuse reach 3, 1 trump + Excuse do not
    assert show.levels(card_mask(parse_cards("T2 T3 EX"))) == (0,)
    assert show.levels(card_mask(parse_cards("T2 EX KH"))) == ()
    # extra countable cards (FT-8.4): discarded trumps count
    assert show.levels(card_mask(parse_cards("T2 T3")), extra=card_mask(parse_cards("T9"))) == (0,)


# -- registry and options -------------------------------------------------------------------------
def test_registry() -> None:
    assert "french-tarot" in tarotlib.variant_names()
    assert tarotlib.variant("French_Tarot").players == 4
    with pytest.raises(
        UnknownVariantError, match="known variants: belote, chambery, contree, french-tarot"
    ):
        tarotlib.variant("tarock")
    info = tarotlib.variant_info("french-tarot")
    with pytest.raises(ValueError, match="already registered"):
        tarotlib.register(info)


def test_ft_18_options_validation() -> None:
    with pytest.raises(OptionError, match="excuse_last_trick must be one of"):
        FrenchTarotOptions(excuse_last_trick="nowhere")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="unknown French Tarot option"):
        tarotlib.variant("french-tarot", colour="red")
    with pytest.raises(OptionError, match="unknown preset"):
        tarotlib.variant("french-tarot", preset="nope")
    with pytest.raises(OptionError, match="poignee_thresholds"):
        FrenchTarotOptions(poignee_thresholds=(10, 9, 15))
    with pytest.raises(OptionError, match="defence_slam_bonus"):
        FrenchTarotOptions(defence_slam_bonus=-1)
    assert FrenchTarotOptions(players=3).thresholds == (13, 15, 18)  # FT-8.1
    assert FrenchTarotOptions(players=5).thresholds == (8, 10, 13)
    assert FrenchTarotOptions(poignee_thresholds=[9, 11, 14]).thresholds == (9, 11, 14)
    opts = FrenchTarotOptions.preset("bga", players=3)
    assert FrenchTarotOptions.from_dict(opts.to_dict()) == opts


def _reference_shuffle(n: int, seed: int) -> list[int]:
    """The decode exactly as the rng module docstring specifies it, one digit at a time."""
    out = list(range(n))
    state, x = seed & (2**64 - 1), 0
    for _ in range(7 if n <= 80 else 9):
        state, word = splitmix64(state)
        x = (x << 64) | word
    for i in range(n, 1, -1):
        x, j = divmod(x, i)
        out[i - 1], out[j] = out[j], out[i - 1]
    return out


@given(st.integers(min_value=0, max_value=100), st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_follows_its_specification(n: int, seed: int) -> None:
    assert shuffle(range(n), seed) == _reference_shuffle(n, seed)
