"""French Tarot engine tests against the rules file ``french-tarot.md`` (FT-2 … FT-19, FT-22).

Every test names the section it checks. Deals are built from explicit layouts (``ft_helpers``), so
each situation is deterministic; the worked examples of FT-21 are in
``test_french_tarot_examples.py``. The broad checks at the end compare the engine with the
independent oracle of ``ft_helpers`` (written from the rules text) on many seeded deals.

Engine bugs found are kept as ``xfail(strict=True)`` tests whose reason starts with ``BUG:``.
"""

from __future__ import annotations

import random

import pytest

import tarotlib
from tarotlib import (
    ALL_CARDS,
    Bid,
    Call,
    Card,
    DealResult,
    Declare,
    Discard,
    GameNotOverError,
    IllegalActionError,
    Layout,
    Pass,
    Play,
    Redeal,
    Slam,
)
from tarotlib.variants.french_tarot import (
    Contract,
    DeclarationKind,
    FrenchTarot,
    FrenchTarotOptions,
    FrenchTarotState,
    GrashScore,
)

from support.french_tarot import (
    CHIEN_SIZE,
    EX,
    HAND_SIZE,
    THRESHOLDS,
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
    oracle_callable,
    oracle_declarable_levels,
    oracle_discardable,
    oracle_legal,
    oracle_outcome,
    play,
    play_out,
    random_playout,
    score_of,
    setup,
    snapshot,
)

SIMPLE = DeclarationKind.SIMPLE_POIGNEE
DOUBLE = DeclarationKind.DOUBLE_POIGNEE
TRIPLE = DeclarationKind.TRIPLE_POIGNEE
NO_HONOURS = DeclarationKind.NO_HONOURS_MISERE
NO_TRUMPS = DeclarationKind.NO_TRUMPS_MISERE


def plays(state: FrenchTarotState) -> set[Card]:
    """The cards the seat to act may play."""
    return {a.card for a in state.legal_actions() if isinstance(a, Play)}


def declared_kinds(state: FrenchTarotState) -> set[DeclarationKind]:
    """The declarations offered to the seat to act."""
    out: set[DeclarationKind] = set()
    for a in state.legal_actions():
        if isinstance(a, Declare):
            assert isinstance(a.kind, DeclarationKind)
            out.add(a.kind)
    return out


def reason_of(state: FrenchTarotState, action: Play | Declare | Discard | Call | Bid) -> str:
    """The reason an illegal action is rejected (the state must be unchanged)."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert snapshot(state) == before
    return info.value.reason


# ==================================================================================================
# FT-2 dealer rotation, FT-16 match counting


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_2_3_next_dealer_with_play_by_default(players: int) -> None:
    """FT-2.3 / O-13 default ``with_play``: the next dealer is dealer + 1 (mod N)."""
    rules = make_rules(players)
    assert [rules.next_dealer(d) for d in range(players)] == [
        (d + 1) % players for d in range(players)
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_2_3_next_dealer_against_play(players: int) -> None:
    """FT-2.3 / O-13 ``against_play`` (BGA's rules page, BGA preset): the deal passes to dealer − 1."""
    for rules in (
        make_rules(players, dealer_rotation="against_play"),
        make_rules(players, preset="bga"),
    ):
        assert [rules.next_dealer(d) for d in range(players)] == [
            (d - 1) % players for d in range(players)
        ]


def test_ft_16_1_annulled_deals_do_not_count_by_default() -> None:
    """FT-16.1 / O-14: an annulled deal does not count toward a match unless the option is on; a
    played deal always counts."""
    rules = make_rules(4)
    on = make_rules(4, annulled_deals_count=True)
    annulled = DealResult((0, 0, 0, 0), annulled="all players passed")
    played = DealResult((3, -1, -1, -1))
    assert not rules.counts_toward_match(annulled)
    assert rules.counts_toward_match(played)
    assert on.counts_toward_match(annulled)
    assert on.counts_toward_match(played)
    # and on a real all-pass deal
    st = rules.new_deal(seed=3)
    st = apply_all(st, ["pass"] * 4)
    assert st.result.is_annulled
    assert not rules.counts_toward_match(st.result)
    assert on.counts_toward_match(st.result)


# ==================================================================================================
# FT-3 the deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_3_1_sizes(players: int) -> None:
    """FT-3.1: 24/6, 18/6, 15/3; a seeded deal is a partition of the 78 cards; as many tricks as
    cards in a hand."""
    rules = make_rules(players)
    assert rules.hand_size == HAND_SIZE[players]
    assert rules.chien_size == CHIEN_SIZE[players]
    for seed in range(5):
        st = rules.new_deal(seed=seed, dealer=seed % players)
        hands = [st.hand(s) for s in range(players)]
        assert [len(h) for h in hands] == [HAND_SIZE[players]] * players
        assert len(st.chien) == CHIEN_SIZE[players]
        everything = [c for h in hands for c in h] + list(st.chien)
        assert sorted(everything) == list(ALL_CARDS)
        assert st.to_act == (seed % players + 1) % players  # FT-4.1: dealer + 1 speaks first
    st = random_playout(rules.new_deal(seed=77), random.Random(1))
    if not st.result.is_annulled:
        assert len(st.tricks) == HAND_SIZE[players]


def _expected_packet_deal(
    players: int, dealer: int, order: list[int]
) -> tuple[list[set[int]], set[int]]:
    """FT-3.2/FT-3.3 written out: packets in turn from dealer + 1; one chien card right after the
    first packet of each of the first ``chien size`` rounds."""
    packet = {3: 4, 4: 3, 5: 3}[players]
    rounds = {3: 6, 4: 6, 5: 5}[players]
    csize = CHIEN_SIZE[players]
    hands: list[set[int]] = [set() for _ in range(players)]
    chien: set[int] = set()
    pos = 0
    for r in range(rounds):
        for k in range(players):
            seat = (dealer + 1 + k) % players
            hands[seat] |= set(order[pos : pos + packet])
            pos += packet
            if k == 0 and r < csize:
                chien.add(order[pos])
                pos += 1
    assert pos == 78
    return hands, chien


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 2])
def test_ft_3_3_deal_from_order_follows_the_packet_schedule(players: int, dealer: int) -> None:
    """FT-3.2/FT-3.3: dealing an ordered pack gives packets of FT-3.1 from dealer + 1, with the
    documented default chien positions, never the first or last card of the pack."""
    rules = make_rules(players)
    rng = random.Random(players * 10 + dealer)
    order = list(range(78))
    rng.shuffle(order)
    st = rules.deal_from_order(order, dealer=dealer)
    hands, chien = _expected_packet_deal(players, dealer, order)
    assert [set(st.hand(s)) for s in range(players)] == hands
    assert set(st.chien) == chien
    assert order[0] not in chien and order[-1] not in chien
    assert st.layout.dealer == dealer and st.to_act == (dealer + 1) % players


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_3_3_seeded_deal_equals_its_layout(players: int) -> None:
    """FT-3.3: a seeded deal is reproducible and dealing its layout gives the same position."""
    rules = make_rules(players)
    a = rules.new_deal(seed=123, dealer=1)
    b = rules.new_deal(seed=123, dealer=1)
    c = rules.new_deal(layout=a.layout)
    assert a.layout == b.layout == c.layout
    assert a.seed == 123 and c.seed is None
    assert [a.hand(s) for s in range(players)] == [c.hand(s) for s in range(players)]
    assert a.chien == c.chien and a.to_act == c.to_act == 2 % players
    assert rules.new_deal(seed=124, dealer=1).layout != a.layout


def test_ft_3_3_layout_with_wrong_sizes_is_rejected() -> None:
    """FT-3.1/FT-3.3: a layout must have N hands of the right size and a chien of the right size;
    the message says what is wrong."""
    rules = make_rules(4)
    good = fill_layout(4, {})
    hands = [list(h) for h in good.hands]
    hands[0].append(hands[1].pop())
    with pytest.raises(ValueError, match=r"seat 0 has 19 cards; each hand needs 18"):
        rules.new_deal(layout=Layout(tuple(tuple(h) for h in hands), good.kitty, 0))
    hands = [list(h) for h in good.hands]
    kitty = list(good.kitty)
    hands[2].append(kitty.pop())
    with pytest.raises(ValueError, match=r"seat 2 has 19 cards"):
        rules.new_deal(layout=Layout(tuple(tuple(h) for h in hands), tuple(kitty), 0))
    hands = [list(h) for h in good.hands]
    kitty = list(good.kitty)
    kitty.append(hands[3].pop())
    with pytest.raises(ValueError, match=r"seat 3 has 17 cards|chien has 7 cards"):
        rules.new_deal(layout=Layout(tuple(tuple(h) for h in hands), tuple(kitty), 0))
    with pytest.raises(ValueError, match=r"the layout has 5 hands; this game has 4 players"):
        rules.new_deal(layout=fill_layout(5, {}))
    with pytest.raises(ValueError, match=r"seat 0 has 18 cards; each hand needs 24"):
        make_rules(3).new_deal(layout=Layout(good.hands[:3], good.kitty, 0))


def test_ft_3_3_layout_chien_size_message() -> None:
    """FT-3.1: a chien of the wrong size is rejected with a message naming the chien."""
    rules = make_rules(5)
    good = fill_layout(5, {})
    short = Layout(tuple(tuple(h) for h in good.hands), tuple(good.kitty[:2]), 0)
    with pytest.raises(ValueError, match=r"chien has 2 cards; it needs 3"):
        rules.new_deal(layout=short)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_3_4_petit_sec_mandatory_redeal_annuls(players: int) -> None:
    """FT-3.4/FT-3.5 default: a dealt hand with T1, no other trump and no Excuse annuls the deal:
    nobody scores, nothing more can be done."""
    size = HAND_SIZE[players]
    suit_cards = " ".join(str(c) for c in ALL_CARDS[: size - 1])
    rules = make_rules(players)
    for dealer in range(players):
        st = rules.new_deal(layout=fill_layout(players, {1: f"T1 {suit_cards}"}, dealer=dealer))
        assert st.is_over and st.phase == "over" and st.to_act is None
        assert st.result.is_annulled
        assert "petit sec" in (st.result.annulled or "")
        assert st.result.scores == (0,) * players
        assert st.result.breakdown is None
        assert st.legal_actions() == ()
        assert_rejected(st, Bid(Contract.PRISE), "over")


def test_ft_3_4_petit_sec_is_checked_on_the_dealt_hand_only() -> None:
    """FT-3.4: the dealt hand counts, even if the chien holds trumps that would help."""
    rules = make_rules(4)
    st = rules.new_deal(
        layout=fill_layout(4, {2: "T1 1S-10S 1H-7H"}, chien="T2 T3 T4 T5 T6 T7", dealer=3)
    )
    assert st.result.is_annulled


@pytest.mark.parametrize("other", ["EX", "T2", "T21"])
def test_ft_3_4_petit_with_excuse_or_another_trump_is_not_sec(other: str) -> None:
    """FT-3.4: T1 with the Excuse (or with any other trump) is not a petit sec."""
    rules = make_rules(4)
    st = rules.new_deal(layout=fill_layout(4, {1: f"T1 {other} 1S-10S 1H-6H"}))
    assert st.phase == "auction" and st.to_act == 1
    assert not st.is_over


def test_ft_3_4_petit_sec_optional_redeal_choice() -> None:
    """FT-3.4 / O-7 ``optional_redeal``: the holder chooses to redeal (annulled) or keep (the
    auction starts with dealer + 1)."""
    rules = make_rules(4, petit_sec="optional_redeal")
    layout = fill_layout(4, {2: "T1 1S-10S 1H-7H"}, dealer=0)
    st = rules.new_deal(layout=layout)
    assert st.phase == "petit-sec" and st.to_act == 2
    assert set(st.legal_actions()) == {Redeal(True), Redeal(False)}
    assert_rejected(st, Pass(), "redeal")
    redealt = st.apply(Redeal(True))
    assert redealt.is_over and redealt.result.is_annulled
    assert redealt.result.scores == (0, 0, 0, 0)
    kept = st.apply(Redeal(False))
    assert kept.phase == "auction" and kept.to_act == 1
    assert not kept.is_over
    kept = setup(kept, 2, Contract.GARDE_SANS)
    assert kept.phase == "play"


def test_ft_17_petit_sec_hand_not_shown_when_kept() -> None:
    """FT-17: a hand is visible to its holder only; the petit sec hand becomes public only when it
    is announced and the deal annulled. Under O-7 ``optional_redeal`` a holder who keeps his hand
    has announced nothing: other seats must not see it."""
    rules = make_rules(4, petit_sec="optional_redeal")
    st = rules.new_deal(layout=fill_layout(4, {2: "T1 1S-10S 1H-7H"}, dealer=0))
    kept = st.apply(Redeal(False))
    hidden = set(kept.hand(2))
    for seat in (0, 1, 3):
        assert not hidden & kept.observation(seat).visible_cards()


# ==================================================================================================
# FT-4 auction


def test_ft_4_1_one_turn_each_in_order() -> None:
    """FT-4.1/FT-4.4: dealer + 1 speaks first, each player once, the last bidder takes."""
    rules = make_rules(4)
    st = rules.new_deal(seed=5, dealer=2)
    seen = []
    for action in [Pass(), Bid(Contract.PRISE), Pass(), Bid(Contract.GARDE)]:
        seen.append(st.to_act)
        assert st.phase == "auction"
        st = st.apply(action)
    assert seen == [3, 0, 1, 2]
    assert st.taker == 2 and st.contract == Contract.GARDE
    assert st.phase == "discard" and st.to_act == 2
    assert st.auction_calls == (
        (3, None),
        (0, Contract.PRISE),
        (1, None),
        (2, Contract.GARDE),
    )


def test_ft_4_3_bids_strictly_increase() -> None:
    """FT-4.3: only pass or a strictly higher contract; the message says what must be beaten."""
    rules = make_rules(4)
    st = apply_all(rules.new_deal(seed=8, dealer=0), ["bid garde"])
    assert set(st.legal_actions()) == {
        Pass(),
        Bid(Contract.GARDE_SANS),
        Bid(Contract.GARDE_CONTRE),
    }
    assert_rejected(st, Bid(Contract.GARDE), "bid must beat Garde")
    assert_rejected(st, Bid(Contract.PRISE), "bid must beat Garde")
    assert_rejected(st, Play(card("KH")), "pass or a bid")
    first = rules.new_deal(seed=8, dealer=0)
    assert set(first.legal_actions()) == {Pass()} | {Bid(c) for c in Contract}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_4_3_only_pass_after_garde_contre(players: int) -> None:
    """FT-4.3: after a Garde Contre the others may only pass, and the auction still takes N turns."""
    rules = make_rules(players)
    st = apply_all(rules.new_deal(seed=9, dealer=0), ["bid garde-contre"])
    for _ in range(players - 1):
        assert st.phase == "auction"
        assert st.legal_actions() == (Pass(),)
        assert_rejected(st, Bid(Contract.GARDE_CONTRE), "bid must beat Garde Contre")
        st = st.apply(Pass())
    assert st.taker == 1 and st.contract == Contract.GARDE_CONTRE
    assert st.phase == ("call" if players == 5 else "slam")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_4_5_all_pass_annuls(players: int) -> None:
    """FT-4.5/FT-3.5: if everybody passes the deal is annulled and nobody scores."""
    rules = make_rules(players)
    st = rules.new_deal(seed=4, dealer=1)
    for _ in range(players):
        st = st.apply(Pass())
    assert st.is_over and st.result.is_annulled
    assert st.result.annulled == "all players passed"
    assert st.result.scores == (0,) * players
    assert not st.is_grash


def _grash_oracle(state: FrenchTarotState) -> tuple[int, ...]:
    """FT-15.3 provisional rules: every player is a camp; the Excuse exchange between single
    players; the last-trick Excuse goes to the trick winner; the chien counts for nobody.
    Returns each seat's card points in half points."""
    n = state.rules.players
    halves = [0] * n
    tricks = state.tricks
    for i, t in enumerate(tricks):
        seats = [(t.leader + j) % n for j in range(n)]
        w = t.winner
        for j, c in enumerate(t.cards):
            if c == EX and i < len(tricks) - 1:
                halves[seats[j]] += half_points(c)
                if seats[j] != w:  # the exchange moves half a point
                    halves[seats[j]] -= 1
                    halves[w] += 1
            else:
                halves[w] += half_points(c)
    return tuple(halves)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_15_grash_when_all_pass(players: int) -> None:
    """FT-4.5/FT-15 with ``grash``: all pass → the deal is played; dealer + 1 leads; no
    declarations; each seat scores T − N·G in card points (exact), which sums to 0."""
    rules = make_rules(players, grash=True)
    for seed in range(6):
        st = rules.new_deal(seed=seed, dealer=seed % players)
        if st.is_over:
            continue  # petit sec
        for _ in range(players):
            st = st.apply(Pass())
        assert st.is_grash and st.phase == "play"
        assert st.to_act == (seed % players + 1) % players
        assert not any(isinstance(a, Declare) for a in st.legal_actions())
        st = random_playout(st, random.Random(seed))
        result = st.result
        assert not result.is_annulled and result.contract == "Grash"
        bd = result.breakdown
        assert isinstance(bd, GrashScore)
        halves = _grash_oracle(st)
        # the chien counts for nobody
        assert sum(halves) == 182 - sum(half_points(c) for c in st.chien)
        assert bd.card_half_points == halves
        total = sum(halves)
        assert result.scores == tuple((total - players * h) / 2 for h in halves)
        assert sum(result.scores) == 0
        assert rules.counts_toward_match(result)


# ==================================================================================================
# FT-5 five players: calling


_FOUR_KINGS = "KS KH KD KC"
_FOUR_QUEENS = "QS QH QD QC"
_FOUR_KNIGHTS = "NS NH ND NC"
_CALL_HANDS = {
    "kings": "KS KH 1S-5S 1H-5H T2 T3 T4",
    "4K": f"{_FOUR_KINGS} 1S-5S 1H-4H T2 T3",
    "4K4Q": f"{_FOUR_KINGS} {_FOUR_QUEENS} 1S-5S T2 T3",
    "4K4Q4N": f"{_FOUR_KINGS} {_FOUR_QUEENS} {_FOUR_KNIGHTS} T2 T3 T4",
}
_RANKS = {"K": "KS KH KD KC", "Q": _FOUR_QUEENS, "N": _FOUR_KNIGHTS, "J": "JS JH JD JC"}


@pytest.mark.parametrize(
    ("hand", "option", "ranks"),
    [
        ("kings", "fft", "K"),
        ("4K", "fft", "KQ"),
        ("4K4Q", "fft", "KQN"),
        ("4K4Q4N", "fft", "KQNJ"),
        ("kings", "king_queen", "K"),
        ("4K", "king_queen", "KQ"),
        ("4K4Q", "king_queen", "KQ"),
        ("4K4Q4N", "king_queen", "KQ"),
    ],
)
def test_ft_5_2_callable_cards(hand: str, option: str, ranks: str) -> None:
    """FT-5.2 / O-10: the four lines of the table (fft), Kings and Queens only (king_queen),
    judged on the taker's dealt hand; a card outside the list is rejected with a reason."""
    rules = make_rules(5, callable_cards=option)
    st = rules.new_deal(layout=fill_layout(5, {2: _CALL_HANDS[hand]}, dealer=0))
    st = apply_all(st, ["pass", "bid garde", "pass", "pass", "pass"])
    assert st.phase == "call" and st.to_act == 2
    expected = {c for r in ranks for c in cards(_RANKS[r])}
    assert {a.card for a in st.legal_actions() if isinstance(a, Call)} == expected
    assert expected == oracle_callable(st.hand(2), option)
    for r in "KQNJ":
        if r not in ranks:
            assert_rejected(st, Call(cards(_RANKS[r])[0]), "")
    assert_rejected(st, Call(card("5S")), "King")
    assert_rejected(st, Call(card("T21")), "King")
    assert_rejected(st, Pass(), "card to call")


def test_ft_5_2_queen_rejection_message() -> None:
    """FT-5.2: calling a Queen without the four Kings is refused and says why."""
    rules = make_rules(5)
    st = rules.new_deal(layout=fill_layout(5, {2: _CALL_HANDS["kings"]}, dealer=0))
    st = apply_all(st, ["pass", "bid garde", "pass", "pass", "pass"])
    reason = assert_rejected(st, Call(card("QH")), "Queen")
    assert "four Kings" in reason or "4 Kings" in reason


# A 5p deal: dealer 0, so seat 1 leads. Seat 4 holds KS and KC; seat 2 holds KH; the chien
# holds KD. Seat 1 holds only spades and diamonds.
_P5_HANDS = [
    "1S-6S 1C-9C",
    "7S-QS 1D-8D",
    "9H-KH T1-T8 EX",
    "1H-8H T9-T15",
    "KS 9D 10D JD QD 10C-KC T16-T20",
]
_P5_CHIEN = "ND KD T21"


def _p5(
    call: str, contract: Contract = Contract.GARDE, slam: bool = False, **options: object
) -> FrenchTarotState:
    """The 5p deal above after seat 2 took ``contract`` and called ``call`` (écart 9H 10H JH)."""
    st = deal(make_rules(5, **options), _P5_HANDS, _P5_CHIEN, dealer=0)
    discard = "9H 10H JH" if contract.takes_chien else None
    return setup(st, 2, contract, call=call, discard=discard, slam=slam)


def test_ft_5_3_partner_found_pays_2d_d() -> None:
    """FT-5.3/FT-14.2: the called King is in seat 4's hand: seat 4 is the partner (2 v 3); the
    taker scores 2D, the partner D, each defender −D."""
    st = _p5("KS")
    assert st.partner == 4 and st.called_card == card("KS")
    assert st.camps == (1, 1, 0, 1, 0)
    st = play_out(st)
    out = check_against_oracle(st)
    d = score_of(st).per_defender
    assert d == out.per_defender
    assert st.result.scores == (-d, -d, 2 * d, -d, d)


def test_ft_5_3_calling_oneself_plays_alone() -> None:
    """FT-5.2/FT-5.3: the taker may call a King he holds; he then plays alone, 1 v 4: 4D."""
    st = _p5("KH")
    assert st.partner is None and st.camps == (1, 1, 0, 1, 1)
    st = play_out(st)
    check_against_oracle(st)
    d = score_of(st).per_defender
    assert st.result.scores == (-d, -d, 4 * d, -d, -d)


def test_ft_5_3_called_card_in_the_chien_plays_alone() -> None:
    """FT-5.3: Garde: the called KD is in the chien, goes into the taker's hand; he is alone."""
    st = _p5("KD")
    assert card("KD") in st.hand(2)
    assert st.partner is None and st.camps == (1, 1, 0, 1, 1)
    st = play_out(st)
    check_against_oracle(st)
    d = score_of(st).per_defender
    assert st.result.scores == (-d, -d, 4 * d, -d, -d)


def test_ft_5_3_called_card_in_the_chien_garde_sans_alone_unknown() -> None:
    """FT-5.3: Garde Sans: the called KD stays unseen in the chien; the taker is alone and nobody
    is shown a partner or the chien until the end."""
    st = _p5("KD", Contract.GARDE_SANS)
    assert card("KD") not in st.hand(2)
    assert st.partner is None and st.camps == (1, 1, 0, 1, 1)
    for seat in range(5):
        obs = st.observation(seat)
        assert obs.partner is None and obs.chien == ()
    st = play_out(st)
    check_against_oracle(st)
    d = score_of(st).per_defender
    assert st.result.scores == (-d, -d, 4 * d, -d, -d)
    assert st.observation(0).chien == cards("ND KD T21")


def test_ft_5_3_called_card_taken_and_discarded_leaves_taker_alone() -> None:
    """FT-5.3: a called Queen found in the chien and then discarded leaves the taker alone."""
    rules = make_rules(5)
    layout = fill_layout(5, {2: "KS KH KD KC 1S-5S T2-T7"}, chien="QD 6S T8", dealer=0)
    st = rules.new_deal(layout=layout)
    st = setup(st, 2, Contract.PRISE, call="QD", discard="QD 1S 2S")
    assert st.partner is None
    assert st.camps == (1, 1, 0, 1, 1)


def test_ft_5_5_opening_lead_may_not_be_the_called_suit() -> None:
    """FT-5.5 / O-9: seat 1 (dealer + 1) holds spades and diamonds; KS is called: it may lead only
    diamonds, and the message names the called suit."""
    st = _p5("KS")
    assert st.to_act == 1
    assert plays(st) == set(cards("1D-8D"))
    reason = assert_rejected(st, Play(card("7S")), "spades")
    assert "called" in reason
    # after the opening lead the called suit is free again
    st = play(st, "1D")
    assert st.current_trick == cards("1D")


def test_ft_5_5_ban_off_allows_the_called_suit() -> None:
    """FT-5.5 / O-9 off (BGA's rules page silent): the opening lead may be of the called suit."""
    st = _p5("KS", called_suit_opening_lead_ban=False)
    assert plays(st) == set(cards("7S-QS 1D-8D"))
    st = play(st, "7S")
    assert st.current_trick == cards("7S")


def test_ft_5_5_called_card_itself_trumps_and_excuse_may_lead() -> None:
    """FT-5.5/FT-7.2: after a slam announcement the taker leads; he called his own KH: he may lead
    KH, trumps, the Excuse and diamonds, not QH or NH."""
    st = _p5("KH", slam=True)
    assert st.to_act == 2 and st.trick_leader == 2
    hand = set(st.hand(2))
    assert plays(st) == hand - set(cards("QH NH"))
    assert {card("KH"), EX, card("T1"), card("T21"), card("KD")} <= plays(st)
    assert_rejected(st, Play(card("QH")), "hearts")


def test_ft_19_q4_card_after_a_led_excuse_is_not_banned() -> None:
    """FT-5.5 / Q-4: the ban binds only the first card; after a led Excuse the next player may play
    the called suit (here any card at all)."""
    st = _p5("KH", slam=True)
    st = play(st, "EX")
    assert st.to_act == 3
    assert plays(st) == set(st.hand(3))
    st = play(st, "1H")
    assert st.current_trick == (EX, card("1H"))


def test_ft_5_4_partner_is_secret_until_the_called_card_is_played() -> None:
    """FT-5.4/FT-17: before KS is played no other seat's observation names the partner (the
    partner knows himself); once it is played everybody does."""
    st = _p5("KS")
    revealed = False
    while not st.is_over:
        for seat in range(5):
            obs = st.observation(seat)
            if seat == 4 or revealed:
                assert obs.partner == 4
            else:
                assert obs.partner is None
            assert obs.to_json()["partner"] == obs.partner
        legal = sorted(plays(st))
        st = st.apply(Play(legal[0]))
        revealed = (
            revealed
            or card("KS") in st.current_trick
            or any(card("KS") in t.cards for t in st.tricks)
        )
    assert revealed
    assert all(st.observation(s).partner == 4 for s in range(5))


# ==================================================================================================
# FT-6 chien and écart

# 4p, dealer 0: seat 3 takes (seats 1, 2 pass before it, seat 0 after).
_E_BIG = [
    "1H-9H 1D-9D",
    "10H JH NH 10D JD ND QD KD 1C-9C 10C",
    "JC NC QC KC T12-T21 9S 10S JS NS",
    "KS KH 1S-5S T1 T21 EX T2-T9",
]


def _ecart_deal(hand3: str, chien: str, **options: object) -> FrenchTarotState:
    """4p, dealer 0, seat 3 holds ``hand3``; the chien ``chien``; the rest filled in."""
    rules = make_rules(4, **options)
    st = rules.new_deal(layout=fill_layout(4, {3: hand3}, chien=chien, dealer=0))
    assert st.phase == "auction"
    return apply_all(st, ["pass", "pass", "bid garde", "pass"])


def test_ft_6_1_chien_taken_and_ecart_of_exact_size() -> None:
    """FT-6.1: Garde: the chien is shown to all and added to the taker's hand; he discards exactly
    6 cards one by one, then the slam choice comes."""
    hand3 = "KS KH 1S-5S T1 T21 EX T2-T9"
    chien = "6S 7S 8S QH T10 T11"
    st = _ecart_deal(hand3, chien)
    assert st.phase == "discard" and st.to_act == 3
    assert set(st.hand(3)) == set(cards(hand3)) | set(cards(chien))
    for seat in range(4):
        assert st.observation(seat).chien == cards(chien)
    for i, c in enumerate(cards("1S 2S 3S 4S 5S QH")):
        assert st.phase == "discard"
        st = st.apply(Discard(c))
        assert len(st.ecart) == i + 1
    assert st.phase == "slam" and st.to_act == 3
    assert len(st.hand(3)) == 18 and set(st.ecart) == set(cards("1S 2S 3S 4S 5S QH"))


def test_ft_6_2_discard_restrictions_and_messages() -> None:
    """FT-6.2: never a King, never an oudler, no trump while 6 other discardable cards remain."""
    st = _ecart_deal("KS KH 1S-5S T1 T21 EX T2-T9", "6S 7S 8S QH T10 T11")
    e = set(cards("1S-8S QH"))
    assert {a.card for a in st.legal_actions() if isinstance(a, Discard)} == e
    assert_rejected(st, Discard(card("KS")), "cannot discard a King")
    for oudler in ("T1", "T21", "EX"):
        assert_rejected(st, Discard(card(oudler)), "cannot discard an oudler")
    reason = assert_rejected(st, Discard(card("T5")), "trump")
    assert "6" in reason
    assert_rejected(st, Discard(card("2H")), "not in hand")
    assert_rejected(st, Play(card("1S")), "discard")


def test_ft_6_2_fewer_suit_cards_than_the_chien_all_e_plus_trumps() -> None:
    """FT-6.2 exact rule, |E| < c: the écart is all of E plus exactly c − |E| trumps among T2–T20,
    in any order; the discarded trumps are shown (O-8)."""
    hand3 = "KS KH KD KC T1 T21 EX 1S 2S T2-T10"
    chien = "T11 T12 T13 T14 T15 3S"
    e = set(cards("1S 2S 3S"))
    trumps = set(cards("T2-T15"))
    # trumps first
    st = _ecart_deal(hand3, chien)
    legal = {a.card for a in st.legal_actions() if isinstance(a, Discard)}
    assert legal == e | trumps == oracle_discardable(st.hand(3), 6)
    for c in cards("T2 T3 T4"):
        st = st.apply(Discard(c))
    assert {a.card for a in st.legal_actions() if isinstance(a, Discard)} == e
    assert_rejected(st, Discard(card("T5")), "trump")
    st = apply_all(st, ["discard 1S", "discard 2S", "discard 3S"])
    assert st.phase == "slam"
    assert set(st.ecart) == e | set(cards("T2 T3 T4"))
    # suit cards first
    st2 = _ecart_deal(hand3, chien)
    st2 = apply_all(st2, ["discard 1S", "discard 2S", "discard 3S"])
    assert {a.card for a in st2.legal_actions() if isinstance(a, Discard)} == trumps
    st2 = apply_all(st2, ["discard T15", "discard T9", "discard T2"])
    assert st2.phase == "slam"
    # FT-6.2 / O-8: the discarded trumps are shown to everybody, the rest of the écart is not
    st2 = st2.apply(Slam(False))
    for seat in (0, 1, 2):
        obs = st2.observation(seat)
        assert set(obs.shown_discards) == set(cards("T15 T9 T2"))
        assert obs.ecart == ()
    assert set(st2.observation(3).ecart) == e | set(cards("T15 T9 T2"))


def test_ft_6_2_o8_discarded_trumps_not_shown() -> None:
    """FT-6.2 / O-8 ``show_discarded_trumps=False`` (BGA's rules page): nothing of the écart is shown."""
    st = _ecart_deal(
        "KS KH KD KC T1 T21 EX 1S 2S T2-T10", "T11 T12 T13 T14 T15 3S", show_discarded_trumps=False
    )
    st = apply_all(st, ["discard 1S", "discard 2S", "discard 3S", "discard T2", "discard T3"])
    st = apply_all(st, ["discard T4", "no-slam"])
    for seat in (0, 1, 2):
        obs = st.observation(seat)
        assert obs.shown_discards == () and obs.ecart == ()
        assert not (set(st.ecart) - set(st.chien)) & obs.visible_cards()


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_ft_6_3_garde_sans_contre_chien_untouched_and_unseen(contract: Contract) -> None:
    """FT-6.3/FT-6.4/FT-17: no chien taken, no écart; the chien is unseen until the end."""
    rules = make_rules(4)
    st = rules.new_deal(seed=21, dealer=0)
    dealt = st.hand(3)
    st = apply_all(st, ["pass", "pass", Bid(contract), "pass"])
    assert st.phase == "slam" and st.to_act == 3
    assert st.hand(3) == dealt and st.ecart == ()
    st = st.apply(Slam(False))
    for seat in range(4):
        assert st.observation(seat).chien == ()
        assert not set(st.chien) & st.observation(seat).visible_cards()
    st = play_out(st)
    assert st.observation(0).chien == st.chien


def test_ft_6_5_chien_ownership_in_the_count() -> None:
    """FT-6.5/FT-13.1/FT-13.2: the same deal played identically: the chien's points and oudlers
    count for the attack under Garde Sans and for the defence under Garde Contre."""
    layout = fill_layout(4, {}, chien="T21 KC 3D 6D 2H 9S", dealer=0)
    results = {}
    for contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE):
        st = setup(make_rules(4).new_deal(layout=layout), 1, contract)
        st = play_out(st)
        check_against_oracle(st)
        results[contract] = (st, score_of(st))
    (sans, s_score), (contre, c_score) = (
        results[Contract.GARDE_SANS],
        results[Contract.GARDE_CONTRE],
    )
    assert [t.cards for t in sans.tricks] == [t.cards for t in contre.tricks]
    chien_half = sum(half_points(c) for c in layout.kitty)
    assert chien_half == 22  # 11 points
    assert s_score.attack_half_points - c_score.attack_half_points == chien_half
    assert s_score.oudlers - c_score.oudlers == 1
    assert s_score.multiplier == 4 and c_score.multiplier == 6


def test_ft_13_1_ecart_counts_for_the_attack() -> None:
    """FT-6.1/FT-13.1: under Prise/Garde the écart is in the attack's pile."""
    st = _ecart_deal("KS KH 1S-5S T1 T21 EX T2-T9", "6S 7S 8S QH T10 T11")
    st = apply_all(st, ["discard QH", "discard 8S", "discard 7S", "discard 6S", "discard 5S"])
    st = apply_all(st, ["discard 4S", "no-slam"])
    st = play_out(st)
    out = check_against_oracle(st)
    won = [c for t in st.tricks if st.camps[t.winner] == 0 for c in t.cards]
    assert card("QH") not in won and card("QH") in st.ecart
    assert out.attack_half_points == score_of(st).attack_half_points


# ==================================================================================================
# FT-7 / FT-12 slams; FT-10.8 / FT-10.9 the Excuse in a slam

# 4p, dealer 0, seat 0 takes (Garde Sans) with the 18 trumps T4–T21: it wins every trick.
_MONSTER = {
    0: "T4-T21",
    1: "T1 T2 T3 1S-10S 1H-5H",
    2: "EX 6H-KH JS NS QS KS 1D 2D 3D 4D",
}


def _monster(slam: bool, **options: object) -> FrenchTarotState:
    st = make_rules(4, **options).new_deal(layout=fill_layout(4, _MONSTER, dealer=0))
    return setup(st, 0, Contract.GARDE_SANS, slam=slam)


def test_ft_7_2_announced_slam_taker_leads() -> None:
    """FT-7.1/FT-7.2/FT-9.1: the taker announces after the auction (Garde Sans) and leads the first
    trick; without an announcement seat dealer + 1 leads."""
    assert _monster(True).to_act == 0
    assert _monster(True).slam_announced
    assert _monster(False).to_act == 1
    st = make_rules(4).new_deal(layout=fill_layout(4, _MONSTER, dealer=0))
    st = apply_all(st, ["pass", "pass", "pass", "bid garde-sans"])
    assert st.phase == "slam" and st.to_act == 0
    assert set(st.legal_actions()) == {Slam(True), Slam(False)}
    assert_rejected(st, Play(card("T4")), "slam")


@pytest.mark.parametrize(("announced", "bonus"), [(True, 400), (False, 200)])
def test_ft_12_2_attack_slam_with_the_defence_excuse(announced: bool, bonus: int) -> None:
    """FT-12.2: attack slam +400 announced / +200 not; FT-10.9: the defence plays its Excuse in
    trick 1: it keeps it, never pays, counts 4; the attack counts 87 and the slam stands."""
    st = play_out(_monster(announced), plan={(0, 2): "EX"})
    assert EX in st.tricks[0].cards
    assert all(t.winner == 0 for t in st.tricks)
    sc = score_of(st)
    assert sc.attack_half_points == 174 and sc.attack_points == 87 and sc.defence_points == 4
    assert sc.oudlers == 2  # T21 and the captured Petit
    assert EX in st.piles()[2]
    assert sc.slam_bonus == bonus
    assert sc.made and sc.margin == 87 - 41
    assert sc.per_defender == (25 + 46) * 4 + sc.pab * 40 + bonus
    check_against_oracle(st)


def test_ft_10_9_defence_excuse_in_the_last_trick_goes_to_the_attack() -> None:
    """FT-10.9/FT-10.7: in an attack slam, a defence Excuse played to the last trick goes to the
    attack (under both O-1 values): the attack has all 91 points and 3 oudlers."""
    for option in ("changes_camp", "to_winner"):
        st = play_out(_monster(False, excuse_last_trick=option), hold={2: "EX"})
        assert EX in st.tricks[-1].cards
        sc = score_of(st)
        assert sc.attack_points == 91 and sc.oudlers == 3
        assert sc.slam_bonus == 200
        check_against_oracle(st)


def test_ft_12_2_announced_slam_failed() -> None:
    """FT-12.2: slam announced, the attack loses a trick: C = −200 (the contract scored as usual)."""
    layout = fill_layout(
        4,
        {0: "T5-T21 1C", 1: "T1-T4 1S-10S 1H-4H", 2: "EX 5H-KH JS NS QS KS 1D 2D 3D"},
        dealer=0,
    )
    st = setup(make_rules(4).new_deal(layout=layout), 0, Contract.GARDE_SANS, slam=True)
    st = play(st, "1C")  # the taker leads his only club; seat 1 must trump
    st = play_out(st)
    assert st.tricks[0].winner != 0
    sc = score_of(st)
    assert sc.slam_bonus == -200 and sc.made
    check_against_oracle(st)


# 4p, dealer 0, seat 0 takes with 1–4 of every suit and 5S 5H: it cannot win a trick.
_WEAK = {0: "1S-5S 1H-5H 1D-4D 1C-4C"}


@pytest.mark.parametrize(
    ("announced", "options", "bonus"),
    [
        (False, {}, -200),
        (False, {"defence_slam_bonus": 0}, 0),
        (True, {}, -400),
        (True, {"defence_slam_bonus": 0}, -200),
    ],
)
def test_ft_12_2_defence_slam(announced: bool, options: dict[str, object], bonus: int) -> None:
    """FT-12.2: the defence wins every trick: −200 (O-11 default), 0 with ``defence_slam_bonus=0``;
    with a failed announcement both lines apply (Q-6: −400)."""
    st = make_rules(4, **options).new_deal(layout=fill_layout(4, _WEAK, dealer=0))
    st = play_out(setup(st, 0, Contract.GARDE_CONTRE, slam=announced))
    assert all(t.winner != 0 for t in st.tricks)
    sc = score_of(st)
    assert sc.slam_bonus == bonus and not sc.made
    assert sc.per_defender == -(25 + sc.margin) * 6 + sc.pab * 60 + bonus
    check_against_oracle(st)


# Garde Sans, seat 0 holds the Excuse and T1–T17; the chien holds T18–T21: nobody else has a trump.
_EXCUSE_SLAM = {0: "EX T1-T17"}
_EXCUSE_SLAM_CHIEN = "T18 T19 T20 T21 1S 2S"
_TAKER_TRUMPS_T2_T17 = {(i, 0): f"T{i + 2}" for i in range(16)}


@pytest.mark.parametrize("option", ["any_camp", "attack_only"])
def test_ft_10_8_slam_maker_excuse_wins_the_last_trick(option: str) -> None:
    """FT-10.8 / O-2: the taker has won every trick and leads the Excuse to the last trick: it
    wins; FT-11.1: the penultimate trick (his Petit) is then a bout trick: pab = +1; +400."""
    rules = make_rules(4, excuse_slam_exception=option)
    st = rules.new_deal(layout=fill_layout(4, _EXCUSE_SLAM, chien=_EXCUSE_SLAM_CHIEN, dealer=0))
    st = setup(st, 0, Contract.GARDE_SANS, slam=True)
    plan = dict(_TAKER_TRUMPS_T2_T17)
    plan[(16, 0)] = "T1"
    plan[(17, 0)] = "EX"
    st = play_out(st, plan=plan)
    assert st.tricks[-1].cards[0] == EX and st.tricks[-2].cards[0] == card("T1")
    assert all(t.winner == 0 for t in st.tricks)
    sc = score_of(st)
    assert sc.pab == 1 and sc.petit_au_bout_bonus == 40
    assert sc.slam_bonus == 400
    assert sc.attack_points == 91 and sc.oudlers == 3
    check_against_oracle(st)


def test_ft_11_1_petit_in_the_penultimate_trick_without_excuse_is_not_au_bout() -> None:
    """FT-11.1 contrast: the Petit in the penultimate trick counts only when the Excuse wins the
    last trick; here the last trick is won by T18: pab = 0."""
    rules = make_rules(4)
    layout = fill_layout(4, {0: "T1-T18"}, chien="T19 T20 T21 EX 1S 2S", dealer=0)
    st = setup(rules.new_deal(layout=layout), 0, Contract.GARDE_SANS, slam=True)
    plan = dict(_TAKER_TRUMPS_T2_T17)
    plan[(16, 0)] = "T1"
    plan[(17, 0)] = "T18"
    st = play_out(st, plan=plan)
    assert card("T1") in st.tricks[-2].cards
    sc = score_of(st)
    assert sc.pab == 0 and sc.slam_bonus == 400
    check_against_oracle(st)


def test_ft_11_2_attack_petit_au_bout() -> None:
    """FT-11.2/FT-11.3: the taker wins the last trick with his Petit: +10 × m (Garde Sans: +40)."""
    rules = make_rules(4)
    layout = fill_layout(4, {0: "T1-T18"}, chien="T19 T20 T21 EX 1S 2S", dealer=0)
    st = setup(rules.new_deal(layout=layout), 0, Contract.GARDE_SANS)
    plan = {(i, 0): f"T{i + 2}" for i in range(17)}
    plan[(17, 0)] = "T1"
    st = play_out(st, plan=plan)
    assert card("T1") in st.tricks[-1].cards and st.tricks[-1].winner == 0
    sc = score_of(st)
    assert sc.pab == 1 and sc.petit_au_bout_bonus == 40 and sc.slam_bonus == 200
    assert sc.per_defender == (25 + sc.margin) * 4 + 40 + 200
    check_against_oracle(st)


# Defence slam with the Excuse: seat 3 has T5–T21 and the Excuse, seats 1 and 2 no trump, the
# taker (seat 0) has the King of clubs, kept for the last trick.
_DEF_SLAM = {0: "KC 1S-5S 1H-5H 1D-5D 6S 6H", 3: "EX T5-T21"}
_DEF_SLAM_CHIEN = "T1 T2 T3 T4 7S 7H"


@pytest.mark.parametrize("option", ["any_camp", "attack_only"])
def test_ft_10_8_defence_slam_excuse_exception(option: str) -> None:
    """FT-10.8 / O-2: the defence won every trick and a defender leads the Excuse to the last trick:
    ``any_camp`` — the Excuse wins (defence slam, −200); ``attack_only`` — it does not: the taker's
    KC wins the last trick and the Excuse goes to the attack (FT-10.7)."""
    rules = make_rules(4, excuse_slam_exception=option)
    st = rules.new_deal(layout=fill_layout(4, _DEF_SLAM, chien=_DEF_SLAM_CHIEN, dealer=0))
    st = setup(st, 0, Contract.GARDE_SANS)
    st = play_out(st, hold={0: "KC", 3: "EX"})
    last = st.tricks[-1]
    assert last.leader == 3 and last.cards[:2] == (EX, card("KC"))
    assert all(t.winner == 3 for t in st.tricks[:-1])
    sc = score_of(st)
    if option == "any_camp":
        assert last.winner == 3
        assert sc.slam_bonus == -200
        assert EX not in st.piles()[0] and card("KC") in st.piles()[3]
    else:
        assert last.winner == 0
        assert sc.slam_bonus == 0
        assert EX in st.piles()[0] and card("KC") in st.piles()[0]
    check_against_oracle(st)


# ==================================================================================================
# FT-8 declarations


def _suits(count: int, skip: str = "") -> str:
    """``count`` suit cards in index order (1S, 2S, ...), skipping those of ``skip``."""
    avoid = set(cards(skip)) if skip else set()
    return " ".join([str(c) for c in ALL_CARDS[:56] if c not in avoid][:count])


def _first_to_play(players: int, hand1: str, **options: object) -> FrenchTarotState:
    """Dealer 0; seat 1 holds ``hand1`` (completed with suit cards); seat 2 takes a Garde Sans
    (5p: calling KS); play begins with seat 1 to act."""
    items = cards(hand1)
    hand = hand1 + " " + _suits(HAND_SIZE[players] - len(items), hand1)
    rules = make_rules(players, **options)
    st = rules.new_deal(layout=fill_layout(players, {1: hand}, dealer=0))
    st = setup(st, 2, Contract.GARDE_SANS, call="KH" if players == 5 else None)
    assert st.to_act == 1 and not st.tricks
    return st


@pytest.mark.parametrize(
    ("players", "trumps", "excuse", "levels"),
    [
        (4, 9, False, ()),
        (4, 10, False, (0,)),
        (4, 12, False, (0,)),
        (4, 13, False, (0, 1)),
        (4, 15, False, (0, 1, 2)),
        (4, 9, True, (0,)),
        (4, 12, True, (0, 1)),
        (4, 14, True, (0, 1, 2)),
        (3, 12, False, ()),
        (3, 13, False, (0,)),
        (3, 15, False, (0, 1)),
        (3, 18, False, (0, 1, 2)),
        (3, 17, True, (0, 1, 2)),
        (5, 7, False, ()),
        (5, 8, False, (0,)),
        (5, 10, False, (0, 1)),
        (5, 13, False, (0, 1, 2)),
        (5, 7, True, (0,)),
    ],
)
def test_ft_8_1_poignee_thresholds_per_player_count(
    players: int, trumps: int, excuse: bool, levels: tuple[int, ...]
) -> None:
    """FT-8.1/FT-8.3: 3p 13/15/18, 4p 10/13/15, 5p 8/10/13; the Excuse replaces one missing trump."""
    hand = f"T2-T{trumps + 1}" + (" EX" if excuse else "")
    st = _first_to_play(players, hand)
    kinds = {(SIMPLE, DOUBLE, TRIPLE)[lvl] for lvl in levels}
    assert declared_kinds(st) == kinds
    assert oracle_declarable_levels(st.hand(1), THRESHOLDS[players]) == levels
    for lvl in levels:  # the offered action is accepted as listed
        offered = [
            a
            for a in st.legal_actions()
            if isinstance(a, Declare) and a.kind == (SIMPLE, DOUBLE, TRIPLE)[lvl]
        ]
        assert len(offered) == 1
        assert len(offered[0].shown) == THRESHOLDS[players][lvl]
        st.apply(offered[0])


def test_ft_8_3_excuse_substitution() -> None:
    """FT-8.3: 9 trumps and the Excuse (4p): simple poignée showing the 9 trumps and the Excuse."""
    st = _first_to_play(4, "T2-T10 EX")
    after = st.apply(declare(SIMPLE, "T2-T10 EX"))
    assert after.to_act == 1 and after.phase == "play"
    (dec,) = after.declarations
    assert dec.seat == 1 and dec.kind == SIMPLE and set(dec.shown) == set(cards("T2-T10 EX"))
    assert dec.bonus == 20
    assert_rejected(st, declare(SIMPLE, "T2-T10 T11"), "not held")
    assert_rejected(st, declare(SIMPLE, "T2-T9 EX"), "exactly 10")


def test_ft_8_3_excuse_not_shown_with_enough_trumps() -> None:
    """FT-8.3: a player holding the threshold in trumps may not show the Excuse."""
    st = _first_to_play(4, "T2-T11 EX")
    assert_rejected(st, declare(SIMPLE, "T2-T10 EX"), "Excuse")
    st.apply(declare(SIMPLE, "T2-T11"))
    st = _first_to_play(4, "T2-T15 EX")  # 14 trumps: double without the Excuse, triple with it
    assert declared_kinds(st) == {SIMPLE, DOUBLE, TRIPLE}
    assert_rejected(st, declare(DOUBLE, "T2-T13 EX"), "Excuse")
    st.apply(declare(TRIPLE, "T2-T15 EX"))


def test_ft_8_3_exact_count_and_lower_level() -> None:
    """FT-8.3: exactly the level's count is shown (surplus hidden, chosen freely); a lower level
    than possible may be declared; only trumps may be shown."""
    st = _first_to_play(4, "T2-T14")  # 13 trumps
    assert_rejected(st, declare(SIMPLE, "T2-T12"), "exactly 10")
    assert_rejected(st, declare(SIMPLE, "T2-T10"), "exactly 10")
    assert_rejected(st, declare(DOUBLE, "T2-T13"), "exactly 13")
    assert_rejected(st, declare(SIMPLE, "T2-T10 1S"), "trump")
    assert_rejected(st, declare(SIMPLE, "T2-T10 T2"), "")
    assert_rejected(st, declare(TRIPLE, "T2-T14 1S 2S"), "")
    for shown in ("T2-T11", "T5-T14", "T2 T4 T6 T8 T10 T11 T12 T13 T14 T3"):
        ok = st.apply(declare(SIMPLE, shown))
        assert set(ok.declarations[0].shown) == set(cards(shown))
    st.apply(declare(DOUBLE, "T2-T14"))


def test_ft_8_2_only_before_the_first_card_of_the_first_trick() -> None:
    """FT-8.2: a declaration only at one's first card of the first trick, once (one poignée)."""
    st = _first_to_play(4, "T2-T12 1H 2H 3H 4H 5H 6H 7H")
    st = st.apply(declare(SIMPLE, "T2-T11"))
    assert_rejected(st, declare(SIMPLE, "T3-T12"), "one poignée")
    assert not any(isinstance(a, Declare) for a in st.legal_actions())
    st = play(st, "1H")
    # the others may still declare before their first card; seat 1 never again
    while len(st.tricks) < 1:
        seat = st.to_act
        legal = sorted(plays(st))
        st = st.apply(Play(legal[0]))
        assert seat != 1
    while st.to_act != 1:
        st = st.apply(Play(sorted(plays(st))[0]))
    assert not any(isinstance(a, Declare) for a in st.legal_actions())
    assert_rejected(st, declare(SIMPLE, "T3-T12"), "first card")


def test_ft_8_5_poignee_bonus_to_the_winning_camp_not_multiplied() -> None:
    """FT-8.5: every declared poignée counts; the bonus goes to the camp that wins the contract
    (here the defence: the taker fails), whoever declared it; it is not multiplied by m."""
    layout = fill_layout(
        4,
        {**_WEAK, 1: "T2-T12 6S-10S 6H 6D", 2: "T13-T21 EX 9H 10H JH 7D-10D 5C"},
        chien="T1 7H 8H 5D 6C 7C",
    )
    for contract, m in ((Contract.GARDE_SANS, 4), (Contract.GARDE_CONTRE, 6)):
        st = setup(make_rules(4).new_deal(layout=layout), 0, contract)
        st = st.apply(declare(SIMPLE, "T2-T11"))
        st = play(st, str(sorted(plays(st))[0]))
        st = st.apply(declare(SIMPLE, "T13-T21 EX"))
        st = play_out(st)
        sc = score_of(st)
        assert not sc.made and sc.multiplier == m
        assert sc.declaration_bonus == 40 and sc.declaration_term == -40
        assert sc.per_defender == sc.base + sc.petit_au_bout_bonus - 40 + sc.slam_bonus
        check_against_oracle(st)


def test_ft_8_5_defender_poignee_paid_to_a_taker_who_makes() -> None:
    """FT-8.5 (FFT example): a defender's poignée is paid to the taker when he makes his contract."""
    st = play_out(_monster(False), plan={(0, 2): "EX"})
    base_d = score_of(st).per_defender
    layout = fill_layout(
        4, {0: "T4-T21", 1: "T1 T2 T3 1S-10S 1H-5H", 2: "EX 6H-KH JS NS QS KS 1D-4D"}
    )
    st2 = setup(make_rules(4).new_deal(layout=layout), 0, Contract.GARDE_SANS)
    st2 = play(st2, "1S EX JD")  # seats 1, 2, 3 (as in the first deal), then the taker declares
    assert st2.to_act == 0
    st2 = st2.apply(declare(TRIPLE, "T7-T21"))  # 18 trumps, shows 15
    st2 = play_out(st2)
    sc = score_of(st2)
    assert sc.made and sc.declaration_term == 40
    assert sc.per_defender == base_d + 40
    check_against_oracle(st2)


# FT-8.4: the FFT case "4 Kings and 15 trumps": seat 1 takes a Garde; must discard a trump.
_FOUR_KINGS_15 = "KS KH KD KC T1-T14"
_FOUR_KINGS_15_CHIEN = "T15 1S 2S 3S 4S 5S"


@pytest.mark.parametrize("counts", [True, False])
def test_ft_8_4_taker_discarded_trumps_count(counts: bool) -> None:
    """FT-8.4 / O-5: trumps the taker had to discard count toward his poignée and are shown again:
    4 Kings and 15 trumps, one discarded: triple poignée with O-5 (the default), double without."""
    rules = make_rules(4, poignee_counts_discarded_trumps=counts)
    st = rules.new_deal(layout=fill_layout(4, {1: _FOUR_KINGS_15}, chien=_FOUR_KINGS_15_CHIEN))
    st = setup(st, 1, Contract.GARDE, discard="1S 2S 3S 4S 5S T15")
    assert st.to_act == 1 and len([c for c in st.hand(1) if c.is_trump]) == 14
    if counts:
        assert declared_kinds(st) == {SIMPLE, DOUBLE, TRIPLE}
        after = st.apply(declare(TRIPLE, "T1-T15"))
        assert card("T15") in after.declarations[0].shown
    else:
        assert declared_kinds(st) == {SIMPLE, DOUBLE}
        assert_rejected(st, declare(TRIPLE, "T1-T15"), "")
        assert_rejected(st, declare(DOUBLE, "T3-T15"), "not held")
        st.apply(declare(DOUBLE, "T2-T14"))


def test_ft_8_6_misere_not_available_by_default() -> None:
    """FT-8.6 / O-3: misère exists only with ``declarations='poignee_and_misere'``; with
    ``declarations='none'`` not even a poignée."""
    st = _first_to_play(4, "1S-10S 1H-8H")
    assert declared_kinds(st) == set()
    assert_rejected(st, Declare(NO_TRUMPS), "misère")
    st = _first_to_play(4, "T2-T12", declarations="none")
    assert declared_kinds(st) == set()
    assert_rejected(st, declare(SIMPLE, "T2-T11"), "")


@pytest.mark.parametrize(
    ("hand", "kinds"),
    [
        ("1S-10S 1H-8H", {NO_HONOURS, NO_TRUMPS}),
        ("KS 1S-9S 1H-8H", {NO_TRUMPS}),
        ("T2-T9 1S-10S", {NO_HONOURS}),
        ("T1 T2 1S-10S 1H-6H", set()),
        ("EX 1S-10S 1H-7H", set()),
        ("T2-T11 1S-8S", {NO_HONOURS, SIMPLE}),
        ("JH 1S-10S 1H-7H", {NO_TRUMPS}),
    ],
)
def test_ft_8_6_misere_eligibility(hand: str, kinds: set[DeclarationKind]) -> None:
    """FT-8.6: no-honours misère (no K/Q/N/J, no oudler; T2–T20 allowed); no-trumps misère (no
    trump, no Excuse); both kinds and a poignée may go together."""
    st = _first_to_play(4, hand, declarations="poignee_and_misere")
    assert st.hand(1) == tuple(sorted(cards(hand)))
    assert declared_kinds(st) == kinds
    for kind in (NO_HONOURS, NO_TRUMPS):
        if kind not in kinds:
            assert_rejected(st, Declare(kind), "needs a hand")
    for kind in kinds - {SIMPLE}:
        st = st.apply(Declare(kind))
        assert_rejected(st, Declare(kind), "already")
    assert {d.kind for d in st.declarations} == kinds - {SIMPLE}


def test_ft_8_6_misere_scores_ten_each_to_the_winning_camp() -> None:
    """FT-8.6: each misère adds 10 to B, paid to the camp that wins the contract, not multiplied."""
    layout = fill_layout(4, {**_WEAK, 1: "6S-10S 6H-10H 5D-10D 5C 6C"})
    st = make_rules(4, declarations="poignee_and_misere").new_deal(layout=layout)
    st = setup(st, 0, Contract.GARDE_SANS)
    assert declared_kinds(st) == {NO_HONOURS, NO_TRUMPS}
    st = st.apply(Declare(NO_HONOURS)).apply(Declare(NO_TRUMPS))
    st = play_out(st)
    sc = score_of(st)
    assert not sc.made
    assert sc.declaration_bonuses == (10, 10) and sc.declaration_term == -20
    check_against_oracle(st)


def test_ft_8_6_misere_judged_after_the_ecart() -> None:
    """FT-8.6 (provisional): a taker in Prise/Garde is judged on his hand after the écart: having
    discarded his only honour he may declare the no-honours misère."""
    rules = make_rules(4, declarations="poignee_and_misere")
    layout = fill_layout(4, {1: "QH 1S-9S T2-T9"}, chien="1H 2H 3H 4H 5H 6H")
    st = setup(rules.new_deal(layout=layout), 1, Contract.GARDE, discard="QH 1H 2H 3H 4H 5H")
    assert st.to_act == 1
    assert NO_HONOURS in declared_kinds(st)


# ==================================================================================================
# FT-9 play of the cards

# 4p, dealer 0, seat 0 takes a Garde Sans; seat 1 leads.
_PLAY_HANDS = {
    1: "1H-6H 1S-9S T2 T3 T4",
    2: "7H-NH 1D-9D T5 T6 T7",
    3: "10D JD ND QD KD 1C-9C T8 T9 T10 T11",
}


def test_ft_9_2_legal_card_rows_and_reasons() -> None:
    """FT-9.2 table rows with the rejection reasons; FT-9.3 the winner; FT-9.1 the winner leads."""
    st = make_rules(4).new_deal(layout=fill_layout(4, _PLAY_HANDS, dealer=0))
    st = setup(st, 0, Contract.GARDE_SANS)
    assert st.to_act == 1 and plays(st) == set(st.hand(1))  # opening lead: any card
    st = play(st, "1H")
    # plain suit led, hand has it: that suit only
    assert plays(st) == set(cards("7H-NH"))
    assert_rejected(st, Play(card("T5")), "must follow hearts")
    assert_rejected(st, Play(card("1D")), "must follow hearts")
    st = play(st, "7H")
    # void, has trumps, no trump in the trick: any trump
    assert plays(st) == set(cards("T8-T11"))
    assert_rejected(st, Play(card("10D")), "must trump")
    st = play(st, "T8")
    assert plays(st) == {card("KH"), EX}  # follows with the Excuse allowed
    st = play(st, "KH")
    assert st.tricks[0].winner == 3 and st.to_act == 3  # FT-9.3 highest trump; FT-9.1
    # trump led: only higher trumps when held; not a suit card
    st = play(st, "T9")
    assert plays(st) == set(cards("T12-T21")) | {EX}
    assert_rejected(st, Play(card("T1")), "overtrump")
    assert_rejected(st, Play(card("10C")), "must play a trump")
    st = play(st, "T12")
    # trump led, no trump higher: any trump
    assert plays(st) == set(cards("T2 T3 T4"))
    assert_rejected(st, Play(card("1S")), "must play a trump")
    st = play(st, "T2 T5")
    assert st.tricks[1].winner == 0 and st.to_act == 0
    st = play(st, "10C")
    # void in clubs with trumps: must trump; the next must overtrump (FT-9.2)
    assert plays(st) == set(cards("T3 T4"))
    st = play(st, "T3")
    assert plays(st) == set(cards("T6 T7"))
    st = play(st, "T6")
    assert plays(st) == set(cards("1C-9C"))  # following never requires beating
    assert_rejected(st, Play(card("T10")), "must follow clubs")
    st = play(st, "1C")
    assert st.tricks[2].winner == 2 and st.to_act == 2
    st = play(st, "1D 10D T13")
    # void in diamonds, only a lower trump: must undertrump rather than discard
    assert plays(st) == {card("T4")}
    reason = assert_rejected(st, Play(card("1S")), "undertrump")
    assert "T13" in reason
    assert_rejected(st, Play(card("KS")), "not in hand")
    st = play(st, "T4")
    assert st.tricks[3].winner == 0


def test_ft_10_2_led_excuse_next_card_sets_a_trump_lead() -> None:
    """FT-10.2: after a led Excuse the next card sets what is led; a trump makes it a trump lead."""
    hands = {
        1: "EX 1C-9C 1D-8D",
        2: "T5 1S-9S 1H-8H",
        3: "T2 T9 KC 10C JC 9D 10D JD ND QD KD JS NS QS KS 9H 10H JH",
    }
    st = make_rules(4).new_deal(layout=fill_layout(4, hands, dealer=0))
    st = setup(st, 0, Contract.GARDE_SANS)
    st = play(st, "EX")
    assert plays(st) == set(st.hand(2))
    st = play(st, "T5")
    assert plays(st) == {card("T9")}
    assert_rejected(st, Play(card("KC")), "must play a trump")
    assert_rejected(st, Play(card("T2")), "overtrump")


# ==================================================================================================
# FT-10 the Excuse exchange

_EXCHANGE_HANDS = [
    "KS 4H T12-T21 JC NC QC KC 10D JD",
    "EX KH 1C-9C 1D-7D",
    "2S 5H 7H-QH 4S-10S 8D 9D",
    "3S 6H 1S JS NS QS 1H 2H 3H 10C ND QD KD T2-T6",
]
_EXCHANGE_CHIEN = "T1 T7-T11"


def test_ft_10_5_deferred_exchange() -> None:
    """FT-10.4/FT-10.5: the defence's Excuse falls in a trick the attack wins while the defence has
    no card yet: the Excuse lies in the defence's pile and the debt waits; when the defence wins its
    first trick one 0.5-point card of it goes to the attack at once."""
    st = deal(make_rules(4), _EXCHANGE_HANDS, _EXCHANGE_CHIEN, dealer=0)
    st = setup(st, 0, Contract.GARDE_SANS)
    st = play(st, "EX 2S 3S KS")
    assert st.tricks[0].winner == 0
    piles = st.piles()
    assert set(piles[0]) == set(cards("2S 3S KS"))
    assert piles[1] == (EX,) and piles[2] == piles[3] == ()
    st = play(st, "4H KH 5H 6H")
    assert st.tricks[1].winner == 1
    piles = st.piles()
    moved = set(piles[0]) - set(cards("2S 3S KS"))
    assert len(moved) == 1
    (low,) = moved
    assert low in cards("4H 5H 6H") and half_points(low) == 1
    assert set(piles[1]) == ({EX} | set(cards("4H KH 5H 6H"))) - moved
    st = play_out(st)
    check_against_oracle(st)


def test_ft_10_4_immediate_exchange_and_own_camp() -> None:
    """FT-10.4: the defence's Excuse falls in a trick won by the attack while the defence already
    has a 0.5-point card: that card is handed over at once (the piles show it)."""
    st = deal(make_rules(4), _EXCHANGE_HANDS, _EXCHANGE_CHIEN, dealer=0)
    st = setup(st, 0, Contract.GARDE_SANS)
    st = play(st, "1C 4S 10C JC")  # seat 0 wins with JC (clubs led, no trump)
    assert st.tricks[0].winner == 0
    st = play(st, "4H KH 5H 6H")  # seat 1 wins
    st = play(st, "EX")  # seat 1 leads the Excuse; seat 2 sets spades
    st = play(st, "5S QS KS")
    assert st.tricks[2].winner == 0
    piles = st.piles()
    # the defence had won trick 2: it hands over one 0.5-point card immediately
    assert EX in piles[1]
    attack_gain = set(piles[0]) - set(cards("1C 4S 10C JC 5S QS KS"))
    assert len(attack_gain) == 1 and half_points(next(iter(attack_gain))) == 1
    st = play_out(st)
    check_against_oracle(st)


# ==================================================================================================
# FT-13 rounding, FT-14 payouts


@pytest.mark.parametrize("players", [3, 5])
def test_ft_13_5_half_point_goes_to_the_winning_camp(players: int) -> None:
    """FT-13.5: with an odd pile the margin is |P − target| rounded up, whichever camp wins; half a
    point short fails."""
    rules = make_rules(players)
    seen = set()
    for seed in range(200):
        st = random_playout(rules.new_deal(seed=seed), random.Random(seed))
        if st.result.is_annulled:
            continue
        sc = score_of(st)
        if sc.attack_half_points % 2 == 0:
            continue
        diff2 = sc.attack_half_points - 2 * sc.target  # odd
        assert sc.made == (diff2 > 0)
        assert sc.margin == (abs(diff2) + 1) // 2
        assert sc.base == (1 if sc.made else -1) * (25 + sc.margin) * sc.multiplier
        seen.add(sc.made)
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ft_14_2_payouts(players: int) -> None:
    """FT-14.2: 3p taker 2D; 4p 3D; 5p taker 2D and partner D, or alone 4D; defenders −D; sum 0."""
    rules = make_rules(players)
    kinds = set()
    for seed in range(120):
        st = random_playout(rules.new_deal(seed=seed), random.Random(seed))
        if st.result.is_annulled:
            continue
        sc = score_of(st)
        d = sc.per_defender
        taker = st.taker
        assert taker is not None
        scores = st.result.scores
        if st.partner is None:
            assert scores[taker] == (players - 1) * d
            kinds.add("alone")
        else:
            assert players == 5 and scores[taker] == 2 * d and scores[st.partner] == d
            kinds.add("partner")
        attack = {taker, st.partner}
        assert all(scores[s] == -d for s in range(players) if s not in attack)
        assert sum(scores) == 0
        assert st.result.declarer == taker and st.result.made == sc.made
        assert st.result.contract == sc.contract.label
    assert kinds == ({"alone", "partner"} if players == 5 else {"alone"})


# ==================================================================================================
# rejected actions leave the state unchanged (every phase)


def test_rejected_actions_leave_the_state_unchanged_in_every_phase() -> None:
    """IllegalActionError (a ValueError with ``.reason``) in every phase; the state is unchanged."""
    st = make_rules(4, petit_sec="optional_redeal").new_deal(
        layout=fill_layout(4, {2: "T1 1S-10S 1H-7H"}, dealer=0)
    )
    assert st.phase == "petit-sec"
    for bad in (Pass(), Bid(Contract.GARDE), Play(card("T1"))):
        assert_rejected(st, bad, "")
    st = _p5("KS", slam=False)  # play phase, seat 1 to act
    for bad_play in (Play(card("7S")), Play(card("KS")), Pass(), Discard(card("1D")), Slam(True)):
        assert_rejected(st, bad_play, "")
    st5 = deal(make_rules(5), _P5_HANDS, _P5_CHIEN, dealer=0)
    st5 = apply_all(st5, ["pass", "bid garde"])
    assert_rejected(st5, Bid(Contract.PRISE), "bid must beat Garde")
    assert_rejected(st5, Call(card("KS")), "")
    st5 = apply_all(st5, ["pass", "pass", "pass"])
    assert st5.phase == "call"
    for bad_call in (Call(card("QS")), Call(card("1S")), Pass(), Play(card("KH"))):
        assert_rejected(st5, bad_call, "")
    st5 = st5.apply(Call(card("KS")))
    assert st5.phase == "discard"
    for bad_discard in (
        Discard(card("KH")),
        Discard(card("T21")),
        Discard(card("EX")),
        Discard(card("T5")),
        Discard(card("KS")),
        Play(card("9H")),
        Slam(False),
    ):
        assert_rejected(st5, bad_discard, "")
    st5 = apply_all(st5, ["discard 9H", "discard 10H", "discard JH"])
    assert st5.phase == "slam"
    for bad_slam in (Pass(), Play(card("KH")), Discard(card("QH"))):
        assert_rejected(st5, bad_slam, "")
    over = play_out(st5.apply(Slam(False)))
    for bad_over in (Pass(), Play(card("KH")), Slam(True)):
        assert_rejected(over, bad_over, "over")
    with pytest.raises(GameNotOverError):
        _ = st5.result


# ==================================================================================================
# the engine against the oracle on many deals (FT-5.2, FT-6.2, FT-8.3, FT-9.2, FT-10 – FT-14, FT-17)


def _visible_allowed(st: FrenchTarotState, seat: int) -> set[Card]:
    """FT-17: the cards a seat may know of."""
    obs = st.observation(seat)
    allowed = set(st.hand(seat)) | set(st.current_trick)
    for t in st.tricks:
        allowed |= {ALL_CARDS[c] for c in t.cards}
    for d in st.declarations:
        allowed |= {ALL_CARDS[c] for c in d.shown}
    if st.called_card is not None:
        allowed.add(st.called_card)
    if st.contract is not None and st.contract.takes_chien and st.phase not in ("auction", "call"):
        allowed |= set(st.chien)
    if seat == st.taker:
        allowed |= set(st.ecart)
    if st.rules.options.show_discarded_trumps:
        allowed |= {c for c in st.ecart if c.is_trump}
    assert obs.seat == seat
    return allowed


_OPTION_SETS: list[dict[str, object]] = [
    {},
    {"preset": "bga", "declarations": "poignee_and_misere"},
    {
        "excuse_slam_exception": "attack_only",
        "petit_au_bout_within_defence": "penalise_defence",
        "poignee_counts_discarded_trumps": False,
        "defence_slam_bonus": 0,
    },
]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", range(len(_OPTION_SETS)))
def test_engine_agrees_with_the_oracle_on_random_deals(players: int, options: int) -> None:
    """FT-5.2/FT-5.5/FT-6.2/FT-8.3/FT-9.2 at every decision, FT-9.3/FT-10/FT-11/FT-13/FT-14 at the
    end, and FT-17 (no seat sees a hidden card) on seeded deals played with random legal actions."""
    rules = make_rules(players, **_OPTION_SETS[options])
    opts = rules.options
    for seed in range(40):
        rng = random.Random(seed * 7 + players)
        st = rules.new_deal(seed=seed * 13 + options, dealer=seed % players)
        while not st.is_over:
            legal = st.legal_actions()
            seat = st.to_act
            assert seat is not None
            if st.phase == "play":
                hand = st.hand(seat)
                expected = oracle_legal(hand, st.current_trick)
                first = not st.tricks and not st.current_trick
                if first and st.called_card is not None and opts.called_suit_opening_lead_ban:
                    cc = st.called_card
                    expected = (
                        frozenset(c for c in expected if c.suit != cc.suit or c == cc) or expected
                    )
                assert {a.card for a in legal if isinstance(a, Play)} == expected
                if not st.tricks and not st.is_grash and opts.declarations != "none":
                    extra = 0
                    if seat == st.taker and opts.poignee_counts_discarded_trumps:
                        extra = sum(1 for c in st.ecart if c.is_trump)
                    levels = oracle_declarable_levels(hand, opts.thresholds, extra)
                    done = any(d.seat == seat and d.kind.is_poignee for d in st.declarations)
                    offered = {
                        a.kind
                        for a in legal
                        if isinstance(a, Declare) and a.kind in (SIMPLE, DOUBLE, TRIPLE)
                    }
                    assert offered == (
                        set() if done else {(SIMPLE, DOUBLE, TRIPLE)[lv] for lv in levels}
                    )
            elif st.phase == "discard":
                remaining = rules.chien_size - len(st.ecart)
                assert {a.card for a in legal if isinstance(a, Discard)} == oracle_discardable(
                    st.hand(seat), remaining
                )
            elif st.phase == "call":
                assert {a.card for a in legal if isinstance(a, Call)} == oracle_callable(
                    st.hand(seat), opts.callable_cards
                )
            if rng.random() < 0.3:
                for s in range(players):
                    assert st.observation(s).visible_cards() <= _visible_allowed(st, s)
            st = st.apply(rng.choice(legal))
        if not st.result.is_annulled and not st.is_grash:
            check_against_oracle(st)
            out = oracle_outcome(st)
            assert out.per_defender == score_of(st).per_defender


def test_ft_5_4_partner_knows_himself_from_the_call() -> None:
    """FT-5.4: the holder of the called card knows he is the partner as soon as it is called;
    nobody else does (the taker included) until the called card is played."""
    rules = FrenchTarot(FrenchTarotOptions(players=5))
    for seed in range(60):
        st = rules.new_deal(seed=seed)
        while st.phase in ("auction",) and not st.is_over:
            st = st.apply(st.legal_actions()[-1] if st.to_act == 1 else tarotlib.Pass())
        if st.phase != "call":
            continue
        st = st.apply(st.legal_actions()[0])
        holder = next((s for s in range(5) if st.called_card in st.hand(s)), None)
        if holder is None or holder == st.taker:
            continue
        for seat in range(5):
            expected = holder if seat == holder else None
            assert st.observation(seat).partner == expected
        return
    raise AssertionError("no seed produced a called card held by another player")
