"""Requests (TO-6, CH-9) through the deal machine: the declarer names a card he lacks, its holder
hands it over, the declarer gives one back face down; a card nobody holds is out of play; the
options ``return_received_card``, ``named_card_in_discard`` / ``request_in_discard`` and
``exchanges_optional`` / ``requests_optional``; the worked example CH-E2.

The game is a small synthetic Chambéry-like one defined here: the deal with the dealer's extra
cards (CH-6), the dealer's discard before the auction (CH-7.1), a one-round auction of solos
(CH-8.2), the requests and the tricks.
"""

from __future__ import annotations

import enum
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tarotlib.core.actions import Give, Request, Stop
from tarotlib.core.cards import (
    EXCUSE_MASK,
    TRUMP_MASK,
    Card,
    card_mask,
    cards_of,
    parse_card,
    parse_cards,
)
from tarotlib.core.dealing import DealerExtraSchedule, Layout
from tarotlib.core.decks import OMBRE_54, TAROT_78, Deck
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal import (
    DealData,
    DealState,
    DiscardCards,
    Exchange,
    Game,
    OneRoundBidding,
    RequestCards,
    TrickPlay,
    exchanges,
    exchanges_seen,
    out_of_play,
)
from tarotlib.deal.discard import dealer
from tarotlib.deal.requests import InDiscard
from tarotlib.errors import ActionParseError, IllegalActionError

from support.deal import apply_all, check_conservation, random_play, snapshot
from support.profiles import examples

TRICKS = TrickRules(overtrump=Overtrump.NEVER, trump_lead_higher=False)  # CH-11.2
NEVER = card_mask(parse_cards("KS KH KD KC T21 EX"))  # CH-7.2: never a King, trump 21, the Fou
CH_DISCARD = DiscardRule(
    forbidden=((NEVER, "never a King, trump 21 or the Fou (CH-7.2)"),),
    reluctant=TRUMP_MASK & ~NEVER,
    reluctant_reason="a trump only when unavoidable (CH-7.2)",
)


class Solo(enum.IntEnum):
    """CH-8.1, weakest first: the number of cards requested is 2, 1, 0 (CH-9.1)."""

    TWO_CARD = 1
    ONE_CARD = 2
    HAND = 3

    @property
    def token(self) -> str:
        return self.name.lower().replace("_", "-")

    @classmethod
    def parse(cls, text: str) -> Solo:
        return cls[text.strip().upper().replace("-", "_")]


def requests_of(data: DealData) -> int:
    """CH-9.1 (TO-6.1 alike): two, one or no requests."""
    if not isinstance(data.contract, Solo):
        return 0
    return {Solo.TWO_CARD: 2, Solo.ONE_CARD: 1, Solo.HAND: 0}[data.contract]


class Requesting(Game[DealState]):
    """CH-6 deal, CH-7.1 discard before the auction, CH-8.2 auction, CH-9 requests, play."""

    name = "test-requests"

    def __init__(
        self,
        *,
        return_received: bool = False,
        in_discard: InDiscard = "lost",
        optional: bool = True,
        players: int = 5,
        deck: Deck = TAROT_78,
        plan: DealerExtraSchedule | None = None,
    ) -> None:
        self.players = players
        self.deck = deck
        self.plan = self.dealing = plan or DealerExtraSchedule(15, 3, (5, 5, 5))
        self.phases = (
            DiscardCards(CH_DISCARD, self.plan.extra, who=dealer),
            OneRoundBidding(tuple(Solo)),
            RequestCards(
                requests_of,
                return_received=return_received,
                in_discard=in_discard,
                optional=optional,
                forbidden=EXCUSE_MASK,
                forbidden_reason="the Fou may never be requested (CH-9.2)",
            ),
            TrickPlay(TRICKS),
        )

    def score(self, state: DealState) -> DealResult:
        won = [0] * self.players
        for trick in state.tricks:
            won[trick.winner] += 1
        return DealResult(tuple(won))


def ch_e2_layout() -> Layout:
    """CH-E2's table: the dealer (seat 0) will discard QH with two other cards; seat 1 holds trump
    20, seat 3 (the soloist) holds 2C; seat 2 holds KS."""
    fixed = {
        0: parse_cards("QH 2H 3H"),
        1: parse_cards("T20"),
        2: parse_cards("KS"),
        3: parse_cards("2C"),
    }
    used = {c for cards in fixed.values() for c in cards}
    rest = [c for c in TAROT_78.cards if c not in used]
    hands: list[list[Card]] = []
    for seat in range(5):
        own = list(fixed.get(seat, ()))
        size = 18 if seat == 0 else 15
        hands.append(own + rest[: size - len(own)])
        rest = rest[size - len(own) :]
    return Layout.from_text([" ".join(c.text for c in h) for h in hands], dealer=0)


def to_requests(game: Requesting, bids: list[str]) -> DealState:
    """CH-E2 up to the requests: the dealer discards QH 2H 3H, then the auction ``bids``."""
    state = game.new_deal(layout=ch_e2_layout())
    return apply_all(state, ["discard QH", "discard 2H", "discard 3H", *bids])


TWO_CARD_BY_SEAT_3 = ["pass", "pass", "bid two-card", "pass", "pass"]


def test_ch_e2_first_request_trump_20() -> None:
    """CH-E2: seat 3 requests trump 20; seat 1 hands it over; seat 3 gives back 2C face down."""
    game = Requesting()
    state = to_requests(game, TWO_CARD_BY_SEAT_3)
    assert state.phase == "requests" and state.to_act == 3 and state.declarer == 3
    assert state.legal_actions()[0] == Stop()
    t20, c2 = parse_card("T20"), parse_card("2C")
    state = apply_all(state, ["request T20"])
    assert state.to_act == 3 and t20 in state.hand(3) and t20 not in state.hand(1)
    assert all(isinstance(a, Give) for a in state.legal_actions())
    assert Give(t20) not in state.legal_actions() and len(state.legal_actions()) == 15
    state = apply_all(state, ["give 2C"])
    assert c2 in state.hand(1) and c2 not in state.hand(3)
    assert exchanges(state.data) == (Exchange(3, t20, 1, c2),)
    # CH-9.6: the named card and the giver are public, the card given back is not
    assert (
        exchanges_seen(state.data, 1) == exchanges_seen(state.data, 3) == (Exchange(3, t20, 1, c2),)
    )
    assert exchanges_seen(state.data, 2) == (Exchange(3, t20, 1, None),)
    assert state.phase == "requests" and state.to_act == 3


def test_ch_e2_second_request_queen_of_hearts_lost() -> None:
    """CH-E2, default ``lost``: QH is in the discard; the request is used up, nothing changes
    hands, and the table learns QH is out of play."""
    game = Requesting()
    state = apply_all(to_requests(game, TWO_CARD_BY_SEAT_3), ["request T20", "give 2C"])
    hands = [state.hand_mask(s) for s in range(5)]
    state = apply_all(state, ["request QH"])
    assert state.phase == "play" and [state.hand_mask(s) for s in range(5)] == hands
    qh = parse_card("QH")
    assert exchanges(state.data)[-1] == Exchange(3, qh, -1, None)
    assert out_of_play(state.data) == 1 << qh
    assert exchanges_seen(state.data, 4)[-1] == Exchange(3, qh, -1, None)


def test_ch_e2_second_request_rename() -> None:
    """CH-E2 under ``rename`` (TO-6.3 ``name_again``): seat 3 names another card, the request
    not used up; QH may not be named again."""
    game = Requesting(in_discard="rename")
    state = apply_all(
        to_requests(game, TWO_CARD_BY_SEAT_3), ["request T20", "give 2C", "request QH"]
    )
    assert state.phase == "requests" and state.to_act == 3
    with pytest.raises(IllegalActionError, match="QH was named before: it is out of play"):
        state.apply(game.parse_action("request QH"))
    assert Request(parse_card("QH")) not in state.legal_actions()
    state = apply_all(state, ["request KS", "give 7C"])
    assert state.phase == "play"
    assert [e.named.text for e in exchanges(state.data)] == ["T20", "QH", "KS"]
    assert parse_card("KS") in state.hand(3) and parse_card("7C") in state.hand(2)


def test_ch_e2_requesting_the_fou_or_a_card_in_hand_is_illegal() -> None:
    game = Requesting()
    state = to_requests(game, TWO_CARD_BY_SEAT_3)
    before = snapshot(state)
    for text, reason in [
        ("request EX", r"request EX: the Fou may never be requested \(CH-9.2\)"),
        ("request 2C", "request 2C: 2C is in seat 3's own hand"),
        ("give 5S", r"give 5S: phase requests expects a card to request, or stop"),
        ("play 2C", "phase requests expects"),
    ]:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(game.parse_action(text))
        assert snapshot(state) == before
    assert Request(parse_card("EX")) not in state.legal_actions()


def test_the_dealer_may_not_request_from_his_own_discard() -> None:
    """TO-6.2, CH-9.2 [G]: a dealer-soloist may not name a card of his own discard."""
    game = Requesting()
    state = to_requests(game, ["pass", "pass", "pass", "pass", "bid one-card"])
    assert state.declarer == 0 and state.to_act == 0
    with pytest.raises(IllegalActionError, match="QH is in seat 0's own discard"):
        state.apply(game.parse_action("request QH"))
    state = apply_all(state, ["request T20"])
    assert state.legal_actions()[0].text.startswith("give")
    state = apply_all(state, ["give 1S"])
    assert state.phase == "play"  # CH-9.1: a one-card solo requests once


def test_a_hand_solo_makes_no_request() -> None:
    """CH-9.1 (TO-6.1 *a niente*): no requests, the phase is skipped."""
    state = to_requests(Requesting(), ["pass", "bid hand", "pass", "pass", "pass"])
    assert state.phase == "play" and exchanges(state.data) == ()


@pytest.mark.parametrize("allowed", [False, True])
def test_return_received_card(allowed: bool) -> None:
    """TO-6.2, CH-9.3, option ``return_received_card``."""
    game = Requesting(return_received=allowed)
    state = apply_all(to_requests(game, TWO_CARD_BY_SEAT_3), ["request T20"])
    give = Give(parse_card("T20"))
    assert (give in state.legal_actions()) is allowed
    if allowed:
        state = state.apply(give)
        assert parse_card("T20") in state.hand(1)
        assert exchanges(state.data)[0].returned == parse_card("T20")
    else:
        with pytest.raises(IllegalActionError, match=r"the card just received \(T20\)"):
            state.apply(give)


@pytest.mark.parametrize("optional", [True, False])
def test_requests_optional(optional: bool) -> None:
    """TO-6.4 ``exchanges_optional``, CH-9.5 ``requests_optional``: stop early, or not."""
    game = Requesting(optional=optional)
    state = to_requests(game, TWO_CARD_BY_SEAT_3)
    assert (Stop() in state.legal_actions()) is optional
    if optional:
        assert state.apply(Stop()).phase == "play"
    else:
        with pytest.raises(IllegalActionError, match=r"a duty here: name a card"):
            state.apply(Stop())


def test_a_card_not_in_the_pack_cannot_be_named() -> None:
    """The 54-card pack (LO-2.2): a removed card is not in play at all."""
    game = Requesting(players=3, deck=OMBRE_54, plan=DealerExtraSchedule(17, 3))
    state = game.new_deal(seed=2, dealer=0)
    while state.phase == "discard":
        state = state.apply(state.legal_actions()[0])
    state = apply_all(state, ["bid two-card", "pass", "pass"])
    assert state.phase == "requests" and state.to_act == 1
    with pytest.raises(IllegalActionError, match="1S is not in the pack"):
        state.apply(Request(parse_card("1S")))
    # Its text is refused before: parse_action names the pack.
    with pytest.raises(ActionParseError, match="1S is not a card of the ombre-54 pack"):
        game.parse_action("request 1S")


def test_action_texts() -> None:
    game = Requesting()
    assert game.parse_action("request T20") == Request(parse_card("T20"))
    assert game.parse_action("give 2C") == Give(parse_card("2C"))
    assert game.parse_action("stop") == Stop()
    for text in ("request", "give 2C 3C", "stop now"):
        with pytest.raises(ActionParseError):
            game.parse_action(text)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.booleans(),
    st.sampled_from(["lost", "rename"]),
    st.booleans(),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(0, 4),
    st.randoms(use_true_random=False),
)
# The dealer seldom becomes the declarer: seed 97 makes him one (dealer 2, random.Random(97)'s
# choices), so that what he may request is checked against his own discard every time.
@example(False, "lost", True, 97, 2, random.Random(97))
def test_random_requests(
    return_received: bool,
    in_discard: InDiscard,
    optional: bool,
    seed: int,
    d: int,
    rng: random.Random,
) -> None:
    """Random legal play with every option: it ends; every card is in one place at each step;
    what is offered applies and the rest is rejected with the state unchanged; the exchanges
    keep every hand's size and follow TO-6/CH-9."""
    game = Requesting(return_received=return_received, in_discard=in_discard, optional=optional)
    state = game.new_deal(seed=seed, dealer=d)
    while state.phase in ("discard", "auction"):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase != "requests":
        return
    seat = state.to_act
    assert seat is not None and seat == state.declarer
    sizes = [len(state.hand(s)) for s in range(5)]
    while state.phase == "requests":
        check_conservation(state)
        legal = state.legal_actions()
        if any(isinstance(a, Request) for a in legal):
            named = {a.card for a in legal if isinstance(a, Request)}
            assert not named & set(state.hand(seat)) and parse_card("EX") not in named
            if seat == d:
                assert not named & set(cards_of(state.data.discard))
        state = state.apply(rng.choice(legal))
    assert [len(state.hand(s)) for s in range(5)] == sizes
    made = exchanges(state.data)
    assert len([e for e in made if e.giver >= 0 or in_discard == "lost"]) <= requests_of(state.data)
    for e in made:
        assert e.requester == seat and (e.giver < 0) == (e.returned is None)
        assert return_received or e.returned != e.named
    final = random_play(state, rng)
    assert final.is_over
