"""Dealing with the dealer's extra cards, a seat sitting out and the solo's piles, and layouts that
keep the dealing order (LO-11, RE-3, TO-3, TO-22, TO-32, CH-1, CH-2.3, CH-6, FT-20.3).

The games are small synthetic ones defined here (a dealing plan, an auction, the dealer's discard
and the tricks), run through the deal machine.
"""

from __future__ import annotations

import enum
import json
import pickle
import random
from itertools import groupby
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarotlib.core.cards import TRUMP_MASK, card_mask, cards_of, format_cards, parse_cards
from tarotlib.core.dealing import (
    KITTY,
    DealerExtraSchedule,
    Layout,
    PacketSchedule,
    PileSchedule,
    dealt_order_of,
    sitter_of,
)
from tarotlib.core.decks import CHAMBERY_62, OMBRE_54, TAROT_78, Deck
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal import (
    DealState,
    DiscardCards,
    Game,
    OneRoundBidding,
    Phase,
    TrickPlay,
    dealt_in_order,
)
from tarotlib.deal.discard import dealer
from tarotlib.errors import DealError
from tarotlib.records import GameRecord
from tarotlib.registry import VariantInfo
from tarotlib.testing.generic import registered

from support.deal import apply_all, check_conservation, random_play
from support.profiles import examples

SLOW = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# LO-6.2: follow suit, else any trump; no duty to beat.
TRICKS = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)
HONOURS = card_mask(parse_cards("KS KH KD KC T21 T1 EX"))  # LO-4
DEALER_DISCARD = DiscardRule(
    forbidden=((HONOURS, "never an honour (LO-8.2)"),),
    reluctant=TRUMP_MASK & ~HONOURS,
    reluctant_reason="a trump only when unavoidable (LO-8.2)",
)


class Bid(enum.IntEnum):
    LOW = 1
    HIGH = 2

    @property
    def token(self) -> str:
        """The contract in action texts (``bid high``)."""
        return self.name.lower()


class ExtraDeal(Game[DealState]):
    """The dealer's extra cards: an optional one-round auction, the dealer's discard of his extra
    cards (before or after the auction), the tricks; each seat scores the tricks it won."""

    name = "test-extra-deal"

    def __init__(
        self,
        players: int,
        deck: Deck,
        plan: DealerExtraSchedule,
        *,
        auction: bool = True,
        discard_first: bool = False,
    ) -> None:
        self.players = players
        self.deck = deck
        self.dealing = self.plan = plan
        bidding: list[Phase[Any]] = [OneRoundBidding(tuple(Bid))] if auction else []
        discard: list[Phase[Any]] = (
            [DiscardCards(DEALER_DISCARD, plan.extra, who=dealer)] if plan.extra else []
        )
        first, second = (discard, bidding) if discard_first else (bidding, discard)
        self.phases = (*first, *second, TrickPlay(TRICKS))

    def score(self, state: DealState) -> DealResult:
        won = [0] * self.players
        for trick in state.tricks:
            won[trick.winner] += 1
        return DealResult(tuple(won))


class Solo(Game[DealState]):
    """The solo's deal (FT-20.3) and plain tricks, to check the piles' order."""

    name = "test-solo-piles"
    players = 3
    deck = TAROT_78
    dealing = PileSchedule()
    phases = (TrickPlay(TRICKS),)

    def score(self, state: DealState) -> DealResult:
        return DealResult((0, 0, 0))


# (label, pack, players, hand, extra to the dealer, packets, seat sitting out)
Config = tuple[str, Deck, int, int, int, tuple[int, ...] | None, int]
CONFIGS: list[Config] = [
    ("LO-11 Lombardy", TAROT_78, 4, 19, 2, None, 0),
    ("RE-3 Reseghino", TAROT_78, 3, 25, 3, None, 0),
    ("TO-3 Tarocc'Ombre", OMBRE_54, 3, 17, 3, None, 0),
    ("TO-22 Ombra arrabiata", OMBRE_54, 4, 13, 2, None, 0),
    ("TO-32 five players", TAROT_78, 5, 15, 3, None, 0),
    ("TO-32 seven players", TAROT_78, 7, 11, 1, None, 0),
    ("CH-6 5p", TAROT_78, 5, 15, 3, (5, 5, 5), 0),
    ("CH-6 6p", TAROT_78, 6, 15, 3, (5, 5, 5), 1),
    ("CH-6 4p", TAROT_78, 4, 19, 2, (5, 5, 5, 4), 0),
    ("CH-6 3p", TAROT_78, 3, 25, 3, (5, 5, 5, 5, 5), 0),
    ("CH-6 4p simplifie", CHAMBERY_62, 4, 15, 2, (5, 5, 5), 0),
    ("CH-6 3p simplifie", CHAMBERY_62, 3, 20, 2, (5, 5, 5, 5), 0),
    ("LO-11 deal_packets (3, 4, 4, 4, 4)", TAROT_78, 4, 19, 2, (3, 4, 4, 4, 4), 0),
]


def plan_of(config: Config, keep_order: bool = True) -> DealerExtraSchedule:
    _, _, _, hand, extra, packets, sits_out = config
    return DealerExtraSchedule(hand, extra, packets, keep_order=keep_order, sits_out=sits_out)


def game_of(config: Config, **kwargs: bool) -> ExtraDeal:
    return ExtraDeal(config[2], config[1], plan_of(config), **kwargs)


# -- the plans ----------------------------------------------------------------------------------
@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_dealer_extra_plans_deal_the_rules_hand_sizes(config: Config) -> None:
    """LO-11, RE-3, TO-3, TO-22, TO-32, CH-6: each active seat gets ``hand`` cards, the dealer
    ``extra`` more, the seat sitting out none (CH-2.3); the whole pack is dealt; no kitty."""
    _, deck, players, hand, extra, _, sits_out = config
    plan = plan_of(config)
    assert plan.size(players) == len(deck)
    for d in range(players):
        layout = plan.deal(deck, players, d, seed=d + 11)
        sitter = plan.sitter(players, d)
        assert sitter == ((d + sits_out) % players if sits_out else -1)
        want = [0 if s == sitter else hand + extra if s == d else hand for s in range(players)]
        assert [len(h) for h in layout.hands] == want
        assert layout.mask == deck.mask and not layout.kitty and not layout.stock
        assert layout.order is not None
        plan.check_layout(layout, players)


@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_dealer_extra_plans_deal_counterclockwise_in_packets(config: Config) -> None:
    """LO-11, CH-6: one packet per active seat and round, from the dealer's right (CH-2.3: the
    first active seat) to the dealer, who receives last; then his extra cards."""
    _, _, players, hand, extra, packets, sits_out = config
    route = plan_of(config).plan(players)
    assert route[len(route) - extra :] == (0,) * extra
    active = [k for k in range(1, players) if k != sits_out] + [0]
    runs = [(k, len(list(group))) for k, group in groupby(route[: len(route) - extra])]
    assert runs == [(k, p) for p in packets or (1,) * hand for k in active]
    assert route[0] == (2 if sits_out == 1 else 1)


def test_lo_11_the_dealing_order_of_each_hand() -> None:
    """LO-11: one card at a time from the dealer's right; each hand listed in dealing order, the
    last element being the last card dealt: the dealer's last two are his extra cards."""
    plan = DealerExtraSchedule(19, 2, keep_order=True)
    pack = list(TAROT_78.cards)
    layout = plan.deal_order(pack, players=4, dealer=1)
    assert layout.order is not None
    assert layout.order[2] == tuple(pack[0:76:4])  # the dealer's right receives first
    assert layout.order[3] == tuple(pack[1:76:4])
    assert layout.order[0] == tuple(pack[2:76:4])
    assert layout.order[1] == (*pack[3:76:4], pack[76], pack[77])
    assert plan.dealt_order(pack, 4, 1) == layout.order


def test_ch_6_packets_of_five() -> None:
    """CH-6, 4 players: packets of 5, 5, 5 and 4, from the dealer's right, then 2 to the
    dealer."""
    plan = DealerExtraSchedule(19, 2, (5, 5, 5, 4), keep_order=True)
    pack = list(TAROT_78.cards)
    order = plan.deal_order(pack, players=4, dealer=0).order
    assert order is not None
    assert order[1][:5] == tuple(pack[0:5]) and order[2][:5] == tuple(pack[5:10])
    assert order[0][:5] == tuple(pack[15:20]) and order[1][5:10] == tuple(pack[20:25])
    assert order[0][15:19] == tuple(pack[72:76]) and order[0][19:] == tuple(pack[76:78])


def test_ch_2_3_six_players_the_dealers_right_sits_out() -> None:
    """CH-2.3: with 6 players seat d+1 receives no cards and dealing starts at d+2."""
    plan = DealerExtraSchedule(15, 3, (5, 5, 5), sits_out=1, keep_order=True)
    pack = list(TAROT_78.cards)
    layout = plan.deal_order(pack, players=6, dealer=5)
    assert plan.sitter(6, 5) == 0 and layout.hands[0] == ()
    assert layout.order is not None and layout.order[1][:5] == tuple(pack[:5])
    assert [len(h) for h in layout.hands] == [0, 15, 15, 15, 15, 18]


def test_plans_reject_bad_parameters() -> None:
    with pytest.raises(DealError, match=r"packets \[5, 5\] must be positive and give each hand"):
        DealerExtraSchedule(15, 3, (5, 5))
    with pytest.raises(DealError, match="at least one card"):
        DealerExtraSchedule(0, 3)
    with pytest.raises(DealError, match="sits_out counts seats"):
        DealerExtraSchedule(15, 3, sits_out=-1)
    with pytest.raises(DealError, match="cannot sit out: the table has 3 seats"):
        DealerExtraSchedule(15, 3, sits_out=3).plan(3)
    with pytest.raises(DealError, match="the pack must have 78 cards to deal, got 54"):
        DealerExtraSchedule(19, 2).deal_cards(list(OMBRE_54), 4, 0)
    with pytest.raises(DealError, match="lists a card twice"):
        DealerExtraSchedule(1, 1).deal_order(parse_cards("KH KH KH"), 2, 0)
    with pytest.raises(DealError, match="a pile schedule needs"):
        PileSchedule(rounds=0)


@pytest.mark.parametrize(
    ("hands", "kitty", "stock", "message"),
    [
        (["1S 2S", "3S 4S 5S 6S"], "", "", r"seat 0 has 2 cards; each hand needs 3"),
        (
            ["1S 2S 3S", "4S 5S 6S"],
            "",
            "",
            r"the dealer \(seat 1\) has 3 cards; he needs 4 \(3 and his 1 extra cards\)",
        ),
        (["1S 2S 3S", "4S 5S 6S 7S"], "8S", "", r"this deal has no chien; the layout gives 1"),
        (["1S 2S 3S", "4S 5S 6S 7S"], "", "8S", r"this deal has no stock"),
    ],
)
def test_dealer_extra_layout_checks_name_what_is_wrong(
    hands: list[str], kitty: str, stock: str, message: str
) -> None:
    plan = DealerExtraSchedule(3, 1, keep_order=True)
    layout = Layout.in_order(hands, kitty, dealer=1, stock=stock)
    with pytest.raises(DealError, match=message):
        plan.check_layout(layout, 2, "chien")


def test_layout_checks_the_sitter_and_the_order() -> None:
    plan = DealerExtraSchedule(2, 1, sits_out=1, keep_order=True)
    ok = Layout.in_order(["1S 2S 3S", "", "4S 5S"], dealer=0)
    plan.check_layout(ok, 3)
    bad = Layout.in_order(["1S 2S 3S", "6S", "4S 5S"], dealer=0)
    with pytest.raises(DealError, match=r"seat 1 sits this deal out \(CH-2.3\)"):
        plan.check_layout(bad, 3)
    with pytest.raises(DealError, match=r"dealt \(LO-11\): give each hand in dealing order"):
        plan.check_layout(Layout.from_text(["1S 2S 3S", "", "4S 5S"], dealer=0), 3)
    # without keep_order any order, or none, is accepted
    DealerExtraSchedule(2, 1, sits_out=1).check_layout(
        Layout.from_text(["1S 2S 3S", "", "4S 5S"]), 3
    )


# -- layouts --------------------------------------------------------------------------------------
def test_unordered_layouts_are_unchanged() -> None:
    """Existing layouts: sorted hands, equality whatever the listing order, the same JSON."""
    layout = Layout.from_text(["QH KH", "T2 T1"], "EX", dealer=1)
    assert layout.order is None
    assert layout == Layout.from_text(["KH QH", "T1 T2"], "EX", dealer=1)
    assert layout.to_json() == {
        "hands": [["QH", "KH"], ["T1", "T2"]],
        "kitty": ["EX"],
        "dealer": 1,
    }
    assert Layout.from_json(layout.to_json()) == layout
    assert Layout(layout.hands, layout.kitty, 1) == layout


def test_ordered_layouts_keep_the_order_and_round_trip() -> None:
    layout = Layout.in_order(["KH QH", "T2 T1"], "EX", dealer=1)
    assert [format_cards(h) for h in layout.hands] == ["QH KH", "T1 T2"]
    assert layout.order is not None and format_cards(layout.order[1]) == "T2 T1"
    assert layout != Layout.in_order(["QH KH", "T2 T1"], "EX", dealer=1)
    assert layout != Layout.from_text(["KH QH", "T2 T1"], "EX", dealer=1)
    assert layout == Layout.from_text(["KH QH", "T2 T1"], "EX", dealer=1, ordered=True)
    data = json.loads(json.dumps(layout.to_json()))
    assert data == {
        "hands": [["KH", "QH"], ["T2", "T1"]],
        "kitty": ["EX"],
        "dealer": 1,
        "ordered": True,
    }
    assert Layout.from_json(data) == layout and hash(Layout.from_json(data)) == hash(layout)
    masks = Layout.from_masks(layout.hand_masks, layout.kitty_mask, 1, order=layout.order)
    assert masks == layout
    assert layout.describe().splitlines()[:3] == [
        "dealer: seat 1 (hands in dealing order)",
        "seat 0: KH QH",
        "seat 1: T2 T1",
    ]


def test_ordered_layout_errors() -> None:
    with pytest.raises(DealError, match=r"seat 1's dealing order \(T3\) does not list the cards"):
        Layout(
            (parse_cards("KH"), parse_cards("QH")),
            (),
            0,
            order=[parse_cards("KH"), parse_cards("T3")],
        )
    with pytest.raises(DealError, match="the dealing order lists 1 hands; the layout has 2"):
        Layout((parse_cards("KH"), parse_cards("QH")), (), 0, order=[parse_cards("KH")])
    with pytest.raises(DealError, match="'ordered' must be true or false"):
        Layout.from_json({"hands": [["KH"]], "kitty": [], "dealer": 0, "ordered": "yes"})
    with pytest.raises(DealError, match="list of lists"):
        Layout.from_json({"hands": ["KH"], "kitty": [], "dealer": 0, "ordered": True})
    with pytest.raises(DealError, match="dealt twice"):
        Layout.in_order(["KH", "KH"])


# -- the machine --------------------------------------------------------------------------------
def test_seeded_deals_keep_the_order_in_the_deal_facts() -> None:
    game = game_of(CONFIGS[0])
    state = game.new_deal(seed=7, dealer=2)
    expected = game.plan.deal(TAROT_78, 4, 2, 7)
    assert state.layout == expected and state.data.order == expected.order
    assert expected.order is not None and state.data.sitter == -1
    assert dealt_in_order(state, 2)[-2:] == expected.order[2][-2:]
    again = game.new_deal(layout=state.layout)
    assert again.layout == state.layout and again.data.order == state.data.order
    assert [again.hand(s) for s in range(4)] == [state.hand(s) for s in range(4)]
    copy = pickle.loads(pickle.dumps(apply_all(again, ["pass"])))
    assert copy.history == apply_all(again, ["pass"]).history
    assert copy.layout == state.layout and copy.data.order == state.data.order


def test_deals_from_an_explicit_order_keep_it() -> None:
    game = game_of(CONFIGS[1])
    pack = list(reversed(TAROT_78.cards))
    state = game.deal_from_order(pack, dealer=0)
    assert state.data.order == game.plan.dealt_order(pack, 3, 0)
    assert state.seed is None


def test_a_plan_without_order_leaves_the_facts_as_before() -> None:
    game = ExtraDeal(4, TAROT_78, DealerExtraSchedule(19, 2))
    state = game.new_deal(seed=3)
    assert state.data.order is None and state.layout.order is None and state.data.sitter == -1
    assert dealt_order_of(PacketSchedule(3, 6, 6), list(TAROT_78), 4, 0) is None
    assert sitter_of(PacketSchedule(3, 6, 6), 4, 0) == -1
    with pytest.raises(DealError, match="does not keep the order"):
        dealt_in_order(state, 0)


def test_a_layout_without_the_order_is_refused_when_the_game_keeps_it() -> None:
    game = game_of(CONFIGS[0])
    layout = game.new_deal(seed=1).layout
    unordered = Layout(layout.hands, layout.kitty, layout.dealer)
    with pytest.raises(DealError, match=r"LO-11"):
        game.new_deal(layout=unordered)


def test_records_of_ordered_deals_replay_exactly() -> None:
    """A record stores the ordered layout (``"ordered": true``) and replays to the same deal."""
    info = VariantInfo(
        "test-extra-deal", "dealer's extra cards", "LO-11", lambda **o: game_of(CONFIGS[0])
    )
    with registered(info):
        game = game_of(CONFIGS[0])
        rng = random.Random(5)
        for start in (
            game.new_deal(seed=9, dealer=3),
            game.new_deal(layout=game.new_deal(seed=10, dealer=1).layout),
        ):
            final = random_play(start, rng, check=False)
            record = GameRecord.from_state(final)
            text = record.dumps()
            if start.seed is None:
                assert '"ordered": true' in text
            replayed = GameRecord.loads(text).replay()
            assert isinstance(replayed, DealState)
            assert replayed.history == final.history and replayed.result == final.result
            assert replayed.layout == final.layout and replayed.data.order == final.data.order


# -- the seat sitting out (CH-2.3) ---------------------------------------------------------------
def six_players() -> ExtraDeal:
    return game_of(CONFIGS[7], discard_first=True)


def test_ch_2_3_the_sitter_gets_no_cards_and_is_noted() -> None:
    game = six_players()
    for d in range(6):
        state = game.new_deal(seed=d, dealer=d)
        sitter = (d + 1) % 6
        assert state.data.sitter == sitter and state.hand(sitter) == ()
        again = game.new_deal(layout=state.layout)
        assert again.data.sitter == sitter


def test_ch_2_3_the_sitter_does_not_bid() -> None:
    """CH-8.2 with CH-2.3: bidding starts at d+2, the dealer speaks last, the sitter never."""
    game = six_players()
    state = game.new_deal(seed=4, dealer=2)
    while state.phase == "discard":
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "auction" and state.to_act == 4
    seen: list[int | None] = []
    while state.phase == "auction":
        seen.append(state.to_act)
        state = state.apply(state.legal_actions()[0])  # pass
    assert seen == [4, 5, 0, 1, 2]
    assert [seat for seat, _ in state.calls] == [4, 5, 0, 1, 2]


def test_ch_2_3_and_ch_11_1_the_sitter_does_not_play() -> None:
    """The first lead is d+2's; every trick has one card from each of the five active seats."""
    game = six_players()
    state = game.new_deal(seed=8, dealer=0)
    while state.phase == "discard":
        state = state.apply(state.legal_actions()[0])
    state = apply_all(state, ["bid high", "pass", "pass", "pass", "pass"])
    assert state.phase == "play" and state.to_act == 2 and state.declarer == 2
    rng = random.Random(1)
    while not state.is_over:
        assert state.to_act != 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.tricks) == 15
    assert all(len(t.cards) == 5 and t.leader != 1 for t in state.tricks)
    assert state.tricks[0].leader == 2 and state.pile_mask(1) == 0
    assert sum(state.result.scores) == 15


# -- the solo's piles (FT-20.3) -------------------------------------------------------------------
def test_ft_20_3_six_rounds_of_four_four_four_then_one_to_the_kitty() -> None:
    plan = PileSchedule()
    route = plan.plan(3)
    assert len(route) == 78 and route.count(KITTY) == 6
    assert route[:13] == (1,) * 4 + (2,) * 4 + (0,) * 4 + (KITTY,)
    assert all(route[13 * r + 12] == KITTY for r in range(6))
    pack = list(TAROT_78.cards)
    layout = plan.deal_order(pack, players=3, dealer=0)
    assert layout.order is not None
    assert layout.order[1][:8] == (*pack[0:4], *pack[13:17])
    assert layout.kitty == tuple(sorted(pack[12::13]))
    assert [len(h) for h in layout.hands] == [24, 24, 24]


def test_ft_20_8_the_piles_are_part_of_the_deal() -> None:
    """Seeded deals give the same piles every time; a layout gives them explicitly, top first."""
    game = Solo()
    state = game.new_deal(seed=12, dealer=2)
    assert state.data.order == game.new_deal(seed=12, dealer=2).data.order
    assert state.data.order != game.new_deal(seed=13, dealer=2).data.order
    order = state.layout.order
    assert order is not None and order == state.data.order and len(state.layout.kitty) == 6
    piles = [list(p) for p in order]
    piles[1].reverse()
    given_piles = Layout.in_order(piles, state.layout.kitty, dealer=2)
    replay = game.new_deal(layout=given_piles)
    assert dealt_in_order(replay, 1) == tuple(reversed(dealt_in_order(state, 1)))
    assert replay.layout == given_piles
    with pytest.raises(DealError, match=r"FT-20\.8"):
        game.new_deal(layout=Layout(given_piles.hands, given_piles.kitty, 2))
    with pytest.raises(DealError, match="the kitty has 5 cards; it needs 6"):
        PileSchedule().check_layout(
            Layout.in_order(piles, given_piles.kitty[1:], dealer=2), 3, "kitty"
        )


# -- properties ---------------------------------------------------------------------------------
@SLOW
@given(
    st.sampled_from(CONFIGS),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=6),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_random_play_ends_and_conserves_every_card(
    config: Config, seed: int, dealer_seat: int, discard_first: bool, rng: random.Random
) -> None:
    """Random legal play terminates; every card is in one place at every step; offered actions
    apply and others are rejected with the state unchanged."""
    game = game_of(config, discard_first=discard_first)
    state = game.new_deal(seed=seed, dealer=dealer_seat % game.players)
    final = random_play(state, rng)
    check_conservation(final)
    if final.result.annulled is None:
        assert sum(final.result.scores) == game.plan.hand


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(CONFIGS),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=0, max_value=6),
)
def test_seeded_deals_are_reproducible_and_layouts_round_trip(
    config: Config, seed: int, dealer_seat: int
) -> None:
    game = game_of(config)
    d = dealer_seat % game.players
    state = game.new_deal(seed=seed, dealer=d)
    assert state.layout == game.new_deal(seed=seed, dealer=d).layout
    assert state.layout == game.plan.deal(config[1], game.players, d, seed)
    back = Layout.from_json(json.loads(json.dumps(state.layout.to_json())))
    assert back == state.layout
    again = game.new_deal(layout=back)
    assert again.data.order == state.data.order and again.data.sitter == state.data.sitter
    assert cards_of(again.hand_mask(d)) == cards_of(state.hand_mask(d))


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(0, 2))
def test_solo_piles_are_reproducible_and_round_trip(seed: int, d: int) -> None:
    state = Solo().new_deal(seed=seed, dealer=d)
    layout = state.layout
    assert layout == PileSchedule().deal(TAROT_78, 3, d, seed)
    assert Layout.from_json(json.loads(json.dumps(layout.to_json()))) == layout
    assert Solo().new_deal(layout=layout).data.order == state.data.order
    check_conservation(state)


def test_a_plain_deal_state_still_works_with_a_sitter() -> None:
    """The sitter needs nothing of the state class: a plain DealState game."""

    class Plain(Game[DealState]):
        name, players, deck = "test-plain-six", 6, TAROT_78
        dealing = DealerExtraSchedule(15, 3, (5, 5, 5), sits_out=1)
        phases = (
            DiscardCards(DEALER_DISCARD, 3, who=dealer),
            TrickPlay(TRICKS),
        )

        def score(self, state: DealState) -> DealResult:
            return DealResult((0,) * 6)

    final = random_play(Plain().new_deal(seed=2, dealer=4), random.Random(2))
    assert final.data.sitter == 5 and final.pile_mask(5) == 0
