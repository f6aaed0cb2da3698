"""The dealer's discard (LO-8, TO-4, CH-7) and who owns it at the count (LO-8.3, CH-7.3), through
the deal machine: ``DiscardCards(who=dealer)`` before or after an auction, with the dealer's extra
cards; the restrictions of LO-8.2 and CH-7.2 (``if_unavoidable_shown``, ``if_unavoidable_hidden``,
``dm_void``); :func:`~tarotlib.deal.discard_owner` and the worked example LO-E2.

The games are small synthetic ones defined here.
"""

from __future__ import annotations

import enum
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarotlib.core.actions import Discard
from tarotlib.core.cards import (
    TRUMP_MASK,
    card_mask,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
)
from tarotlib.core.dealing import DealerExtraSchedule, Layout
from tarotlib.core.decks import TAROT_78, Deck
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal import (
    DealState,
    DiscardCards,
    Game,
    OneRoundBidding,
    TrickPlay,
    discard_owner,
)
from tarotlib.deal.discard import DiscardOwner, dealer
from tarotlib.errors import IllegalActionError

from support.deal import apply_all, check_conservation, random_play, snapshot
from support.profiles import examples

TRICKS = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)  # LO-6.2, CH-11.2
LO_HONOURS = card_mask(parse_cards("KS KH KD KC T21 T1 EX"))  # LO-4
LO_RULE = DiscardRule(  # LO-8.2
    forbidden=((LO_HONOURS, "never an honour (LO-8.2)"),),
    reluctant=TRUMP_MASK & ~LO_HONOURS,
    reluctant_reason="a trump only when unavoidable (LO-8.2)",
)
CH_NEVER = card_mask(parse_cards("KS KH KD KC T21 EX"))  # CH-7.2
CH_TRUMPS = TRUMP_MASK & ~CH_NEVER  # trumps 1-20, the Baga included
CH_UNAVOIDABLE = DiscardRule(  # if_unavoidable_shown / if_unavoidable_hidden
    forbidden=((CH_NEVER, "never a King, trump 21 or the Fou (CH-7.2)"),),
    reluctant=CH_TRUMPS,
    reluctant_reason="a trump only when unavoidable (CH-7.2)",
)
CH_DM_VOID = DiscardRule(  # dm_void
    forbidden=((CH_NEVER, "never a King, trump 21 or the Fou (CH-7.2)"),),
    reluctant=CH_TRUMPS,
    reluctant_reason="a trump only when unavoidable (CH-7.2)",
    void_only=True,
    void_reason="a trump only if the dealer keeps none but trump 21 (CH-7.2 dm_void)",
)
RULES = {"lo-8.2": LO_RULE, "if_unavoidable": CH_UNAVOIDABLE, "dm_void": CH_DM_VOID}


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2

    @property
    def token(self) -> str:
        return self.name.lower()


class DealerDiscard(Game[DealState]):
    """The dealer's extra cards, his discard before or after a one-round auction, the tricks;
    each seat scores the tricks it won."""

    name = "test-dealer-discard"

    def __init__(
        self,
        *,
        players: int = 4,
        deck: Deck = TAROT_78,
        plan: DealerExtraSchedule | None = None,
        rule: DiscardRule = LO_RULE,
        before_auction: bool = False,
    ) -> None:
        self.players = players
        self.deck = deck
        self.plan = self.dealing = plan or DealerExtraSchedule(19, 2)
        discard = DiscardCards(rule, self.plan.extra, who=dealer)
        auction = OneRoundBidding(tuple(Level))
        first, second = (discard, auction) if before_auction else (auction, discard)
        self.phases = (first, second, TrickPlay(TRICKS))

    def score(self, state: DealState) -> DealResult:
        won = [0] * self.players
        for trick in state.tricks:
            won[trick.winner] += 1
        return DealResult(tuple(won))


# -- the dealer's discard in the machine ----------------------------------------------------------
@pytest.mark.parametrize("before_auction", [True, False])
def test_the_dealers_discard_before_or_after_the_auction(before_auction: bool) -> None:
    """TO-4, CH-7.1: before the auction; LO-8.1: after it. The dealer holds his extra cards and
    discards as many; then every hand has the same size (LO-8, LO-14)."""
    game = DealerDiscard(before_auction=before_auction)
    state = game.new_deal(seed=21, dealer=1)
    if not before_auction:
        state = apply_all(state, ["bid low", "pass", "pass", "pass"])
    assert state.phase == "discard" and state.to_act == 1 and len(state.hand(1)) == 21
    state = state.apply(state.legal_actions()[0])
    assert state.phase == "discard" and state.to_act == 1
    state = state.apply(state.legal_actions()[0])
    put = [a.card for a in state.history if isinstance(a, Discard)]
    assert len(put) == 2 and cards_of(state.data.discard) == tuple(sorted(put))
    assert [len(state.hand(s)) for s in range(4)] == [19] * 4
    if before_auction:
        assert state.phase == "auction" and state.to_act == 2
        state = apply_all(state, ["bid low", "pass", "pass", "pass"])
    assert state.phase == "play" and state.to_act == 2
    check_conservation(state)


def test_lo_8_2_never_an_honour_and_trumps_only_when_unavoidable() -> None:
    game = DealerDiscard()
    dealer_hand = parse_cards("KS KH KD KC T21 T1 EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS 1H")
    trumps = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20")
    rest = [c for c in TAROT_78.cards if c not in dealer_hand + trumps]
    layout = Layout([dealer_hand, trumps, rest[:19], rest[19:]], (), dealer=0)
    state = apply_all(game.new_deal(layout=layout), ["bid low", "pass", "pass", "pass"])
    before = snapshot(state)
    for text, reason in [
        ("discard KS", r"never an honour \(LO-8.2\)"),
        ("discard EX", r"never an honour \(LO-8.2\)"),
        ("discard T2", "card not in hand"),
        ("play 2S", "phase discard expects a card to discard"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(game.parse_action(text))
        assert snapshot(state) == before
    offered = [a.card for a in state.legal_actions() if isinstance(a, Discard)]
    assert format_cards(sorted(offered)) == "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS 1H"


@pytest.mark.parametrize(
    ("rule", "hand", "count", "steps"),
    [
        # LO-8.2 (b): |E| >= d: suit cards only
        ("lo-8.2", "2H 3H 4H T5 T6 KS", 2, [("", "2H 3H 4H")]),
        # |E| < d: all of E, then d - |E| trumps 2-20 (in any order)
        ("lo-8.2", "2H T5 T6 KS T21", 3, [("", "2H T5 T6"), ("T5", "2H T6"), ("2H", "T5 T6")]),
        # CH-7.2: the Baga is a trump like the others (discarded only when unavoidable)
        ("if_unavoidable", "2H T1 T5 KS", 2, [("", "2H T1 T5"), ("2H", "T1 T5")]),
        ("if_unavoidable", "2H 3H T1 T5", 2, [("", "2H 3H")]),
        # dm_void: a trump goes only if every trump but 21 goes (voluntary voiding allowed)
        ("dm_void", "2H 3H 4H T5 T21", 3, [("", "2H 3H 4H T5"), ("T5", "2H 3H 4H")]),
        (
            "dm_void",
            "2H 3H 4H T5 T6",
            3,
            [("", "2H 3H 4H T5 T6"), ("T5", "2H 3H 4H T6"), ("T5 2H", "T6"), ("2H", "3H 4H T5 T6")],
        ),
        ("dm_void", "2H 3H 4H T5 T6 T7 T8", 3, [("", "2H 3H 4H"), ("2H", "3H 4H")]),
        # dm_void impossible (too many trumps, too few suit cards): if_unavoidable applies
        ("dm_void", "2H T5 T6 T7 T8 KS", 3, [("", "2H T5 T6 T7 T8"), ("T5 T6", "2H")]),
    ],
)
def test_discard_restrictions_step_by_step(
    rule: str, hand: str, count: int, steps: list[tuple[str, str]]
) -> None:
    """LO-8.2 and the three CH-7.2 options: after the cards ``done``, the legal next cards."""
    r = RULES[rule]
    full = card_mask(parse_cards(hand))
    for done, legal in steps:
        put = card_mask(parse_cards(done))
        got = r.legal(full & ~put, count - put.bit_count(), put)
        assert format_cards(got) == format_cards(card_mask(parse_cards(legal))), (rule, hand, done)


def test_dm_void_reasons_and_the_plain_rule_unchanged() -> None:
    hand = card_mask(parse_cards("2H 3H 4H T5 T6"))
    t5, t6, h2 = parse_card("T5"), parse_card("T6"), parse_card("2H")
    assert CH_DM_VOID.explain(hand & ~(1 << t5), 2, h2, 1 << t5) is None
    assert CH_DM_VOID.explain(hand & ~(1 << t5 | 1 << h2), 1, h2 + 1, 1 << t5 | 1 << h2) == (
        "a trump only if the dealer keeps none but trump 21 (CH-7.2 dm_void)"
    )
    assert CH_DM_VOID.explain(hand, 3, parse_card("KS"), 0) == "card not in hand"
    assert CH_DM_VOID.void_possible(hand, 3) and not CH_DM_VOID.void_possible(
        card_mask(parse_cards("2H T5 T6 T7 T8")), 3
    )
    # dm_void impossible: the reluctant reason of the plain rule
    many = card_mask(parse_cards("2H 3H T5 T6 T7 T8"))
    assert CH_DM_VOID.explain(many, 3, t6) is None
    assert CH_DM_VOID.explain(many & ~(1 << t5 | 1 << t6), 1, t6 + 2, 1 << t5 | 1 << t6) == (
        "a trump only when unavoidable (CH-7.2)"
    )
    # without void_only the extra argument changes nothing
    assert CH_UNAVOIDABLE.legal(hand, 2, 0) == CH_UNAVOIDABLE.legal(hand, 2, 1 << t5)


def test_dm_void_through_the_machine() -> None:
    """CH-7.2 dm_void with the dealer's discard phase: after a trump, the other trumps must go."""
    game = DealerDiscard(players=5, plan=DealerExtraSchedule(15, 3, (5, 5, 5)), rule=CH_DM_VOID)
    dealer_hand = parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 1H T5 T6 KS KH KD KC")
    rest = [c for c in TAROT_78.cards if c not in dealer_hand]
    layout = Layout([dealer_hand, *(rest[15 * k : 15 * k + 15] for k in range(4))], (), dealer=0)
    state = game.new_deal(layout=layout)
    state = apply_all(state, ["pass", "pass", "pass", "pass", "bid high"])
    offered = {a.card for a in state.legal_actions() if isinstance(a, Discard)}
    assert offered >= set(parse_cards("T5 T6 2H"))
    state = apply_all(state, ["discard T5", "discard 2H"])
    assert [a.text for a in state.legal_actions()] == ["discard T6"]
    with pytest.raises(IllegalActionError, match="keeps none but trump 21"):
        state.apply(Discard(parse_card("3H")))
    state = apply_all(state, ["discard T6"])
    assert state.phase == "play" and not state.hand_mask(0) & CH_TRUMPS


# -- brute force: each step's legal cards are those that complete a legal discard -----------------
SMALL = parse_cards("2H 3H 4H 5H KS T1 T5 T6 T7 T21 EX")


def full_discards(rule: str, hand: int, count: int) -> list[int]:
    """Every legal discard of ``count`` cards, from the rules' text (LO-8.2, CH-7.2)."""
    never = LO_HONOURS if rule == "lo-8.2" else CH_NEVER
    trumps = TRUMP_MASK & ~never
    free = hand & ~never & ~trumps
    held = hand & trumps
    out = []
    for combo in itertools.combinations(cards_of(hand & ~never), count):
        d = card_mask(combo)
        # the plain rule: suit cards only, or all of them and then trumps
        plain_ok = not d & trumps if free.bit_count() >= count else d & free == free
        if rule == "dm_void":
            possible = free.bit_count() >= count or (
                held.bit_count() <= count and (free | held).bit_count() >= count
            )
            if possible:
                plain_ok = not d & held or d & held == held
        if plain_ok:
            out.append(d)
    return out


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(sorted(RULES)),
    st.sets(st.sampled_from(SMALL), min_size=3, max_size=len(SMALL)),
    st.integers(1, 4),
    st.randoms(use_true_random=False),
)
def test_discard_steps_agree_with_every_legal_discard(
    rule: str, cards: set[int], count: int, rng: random.Random
) -> None:
    """At every step, a card is legal exactly when some legal discard (enumerated from the rules)
    contains it with the cards already put aside; the discard can always be completed."""
    hand = card_mask(cards)
    complete = full_discards(rule, hand, count)
    if not complete:
        assert not RULES[rule].can_complete(hand, count)
        return
    done = 0
    for left in range(count, 0, -1):
        reachable = 0
        for d in complete:
            if d & done == done:
                reachable |= d & ~done
        got = RULES[rule].legal(hand & ~done, left, done)
        assert got == reachable, (rule, format_cards(hand), format_cards(done), left)
        done |= 1 << rng.choice(cards_of(got))


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(sorted(RULES)),
    st.sets(st.sampled_from(SMALL), min_size=1, max_size=len(SMALL)),
    st.sets(st.sampled_from(SMALL), max_size=4),
    st.integers(1, 4),
)
def test_explain_refuses_exactly_the_cards_legal_leaves_out(
    rule: str, cards: set[int], aside: set[int], left: int
) -> None:
    """``explain`` gives no reason exactly for the cards of ``legal``'s mask (DiscardCards.apply
    calls ``explain`` only for a card outside the mask)."""
    hand, done = card_mask(cards - aside), card_mask(aside)
    legal = RULES[rule].legal(hand, left, done)
    for card in SMALL:
        assert (RULES[rule].explain(hand, left, card, done) is None) == bool(legal >> card & 1)


# -- ownership (LO-8.3, CH-7.3) -------------------------------------------------------------------
LO_VALUES = {"K": 5, "Q": 4, "N": 3, "J": 2}


def lombardy_points(mask: int) -> int:
    """LO-5.4's closed form with g = 4 and the Lombardy values (no trump among these cards)."""
    values = [LO_VALUES.get(c.text[0], 0) for c in cards_of(mask)]
    total, counting, n = sum(values), sum(v > 0 for v in values), len(values)
    blanks = n - counting
    return total - counting + n // 4 + max(0, n % 4 - blanks)


def small_lombardy(hands: list[str]) -> DealState:
    """Four players, two tricks: the dealer (seat 0) holds two extra cards, QH and JC, which he
    discards (LO-E2's discard)."""
    game = DealerDiscard(deck=Deck.custom("ten", " ".join(hands)), plan=DealerExtraSchedule(2, 2))
    state = game.new_deal(layout=Layout.from_text(hands, dealer=0))
    return apply_all(state, ["bid low", "pass", "pass", "pass", "discard QH", "discard JC"])


def test_lo_e2_the_dealer_who_won_a_trick_owns_the_discard() -> None:
    """LO-E2: the dealer won a single trick, {KS, QS, NS, 7S}, his partner none; the discard
    {QH, JC} is his: his team's pile counts 15 (LO-5.4, face_value)."""
    state = small_lombardy(["KS 4C QH JC", "QS 5C", "NS 2C", "7S 3C"])
    state = apply_all(
        state,
        ["play QS", "play NS", "play 7S", "play KS", "play 4C", "play 5C", "play 2C", "play 3C"],
    )
    assert [t.winner for t in state.tricks] == [0, 1]
    assert discard_owner(state, "dealer_else_last_trick") == 0
    assert discard_owner(state, "dealer") == 0 and discard_owner(state, "last_trick") == 1
    team = state.pile_mask(0) | state.pile_mask(2) | state.data.discard
    assert format_cards(team) == "7S NS QS KS QH JC"
    assert lombardy_points(team) == 15


def test_lo_8_3_a_dealer_without_a_trick_loses_the_discard_to_the_last_trick() -> None:
    """LO-8.3: the dealer won no trick — even though his partner (seat 2) did — so the discard
    goes to the winner of the last trick (seat 1). CH-7.3's default gives it to the dealer."""
    state = small_lombardy(["NS 4C QH JC", "7S 5C", "KS 2C", "QS 3C"])
    state = apply_all(
        state,
        ["play 7S", "play KS", "play QS", "play NS", "play 2C", "play 3C", "play 4C", "play 5C"],
    )
    assert [t.winner for t in state.tricks] == [2, 1]
    assert discard_owner(state, "dealer_else_last_trick") == 1
    assert discard_owner(state, "last_trick") == 1 and discard_owner(state, "dealer") == 0


def test_discard_owner_before_play_and_bad_rules() -> None:
    state = small_lombardy(["KS 4C QH JC", "QS 5C", "NS 2C", "7S 3C"])
    assert discard_owner(state, "dealer") == 0
    assert (
        discard_owner(state, "last_trick") == discard_owner(state, "dealer_else_last_trick") == -1
    )
    with pytest.raises(ValueError, match="discard owner must be"):
        discard_owner(state, "partner")  # type: ignore[arg-type]


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["dealer", "last_trick", "dealer_else_last_trick"]),
    st.booleans(),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_random_deals_discard_and_owner(
    rule: DiscardOwner, before: bool, seed: int, d: int, rng: random.Random
) -> None:
    """Random legal play with the dealer's discard (any of the rules) ends, conserving every
    card; the owner follows LO-8.3 / CH-7.3."""
    discard_rule = rng.choice(list(RULES.values()))
    game = DealerDiscard(rule=discard_rule, before_auction=before)
    final = random_play(game.new_deal(seed=seed, dealer=d), rng)
    if final.result.annulled is not None:
        return
    assert final.data.discard.bit_count() == 2
    winners = [t.winner for t in final.tricks]
    expected = {
        "dealer": d,
        "last_trick": winners[-1],
        "dealer_else_last_trick": d if d in winners else winners[-1],
    }[rule]
    assert discard_owner(final, rule) == expected
