"""A Hypothesis state machine that interleaves legal and illegal actions on Belote deals.

Deals are dealt under drawn options (``tarotlib.testing.strategies.rules("belote")``). Every
illegal action — an action of another phase, a card not in hand, a card breaking BE-7 (checked
against the independent BE-7.9 procedure), a bid the round does not offer (BE-4), a declaration
outside the first trick or of a combination not held (BE-10), a belote announcement by a seat that
does not hold the belote or with the wrong card (BE-9.2), anything after the end — must raise
IllegalActionError (a ValueError) with a non-empty reason and leave the state exactly as it was
(``tarotlib.testing.invariants.check_rejects``). After every step ``check_belote_state`` holds.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tarotlib import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS, Card, Rank, Suit, suit_card
from tarotlib.core.decks import PIQUET_32, TAROT_78
from tarotlib.deal import DealState
from tarotlib.testing import invariants as inv
from tarotlib.testing import strategies as ts
from tarotlib.variants.belote import Announcement, BeloteState, CombinationKind, Contract
from tarotlib.variants.belote import oracle as tb

from support.profiles import examples

BELOTE_DEALS = ts.deals(ts.rules("belote"), deck=PIQUET_32)

SAMPLES: tuple[Action, ...] = (
    Pass(),
    Bid(Contract.HEARTS),
    Play(ALL_CARDS[0]),
    Declare(CombinationKind.TIERCE, (ALL_CARDS[0], ALL_CARDS[13], ALL_CARDS[12])),
    Declare(Announcement.BELOTE, (ALL_CARDS[13],)),
    Call(ALL_CARDS[13]),
    Discard(ALL_CARDS[0]),
    Slam(False),
    Redeal(False),
)
ACCEPTED: dict[str, tuple[type[Action], ...]] = {
    "bidding": (Pass, Bid),
    "play": (Play, Declare),
    "over": (),
}

# Arbitrary actions. Declared combinations name cards of the 32-card pack only: cards outside it
# hit the engine bug pinned by test_belote_properties.py::
# test_declaration_of_cards_outside_the_pack_is_rejected.
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.just(Pass()),
    st.sampled_from([Bid(c) for c in Contract]),
    ts.cards(TAROT_78).map(Play),
    st.builds(
        Declare,
        st.sampled_from(list(CombinationKind)),
        st.lists(ts.cards(PIQUET_32), max_size=8, unique=True).map(tuple),
    ),
    st.builds(
        Declare,
        st.sampled_from(list(Announcement)),
        st.lists(ts.cards(TAROT_78), max_size=2, unique=True).map(tuple),
    ),
)


class BeloteMachine(RuleBasedStateMachine):
    """Random Belote deals under random options; legal bursts interleaved with illegal attempts."""

    def __init__(self) -> None:
        super().__init__()
        self._state: BeloteState | None = None

    @property
    def state(self) -> BeloteState:
        assert self._state is not None
        return self._state

    def _set(self, state: DealState) -> None:
        assert isinstance(state, BeloteState)
        self._state = state

    def _reject(self, action: Action) -> None:
        error = inv.check_rejects(self.state, action)
        assert error.reason.strip()
        event(f"rejected in {self.state.phase}: {type(action).__name__}")

    def _hand(self) -> frozenset[int]:
        seat = self.state.to_act
        assert seat is not None
        return frozenset(int(c) for c in self.state.hand(seat))

    def _legal_cards(self) -> frozenset[int]:
        return frozenset(int(a.card) for a in self.state.legal_actions() if isinstance(a, Play))

    def _playing(self) -> bool:
        return self._state is not None and self._state.phase == "play"

    # -- dealing and legal play -------------------------------------------------------------------
    @initialize(state=BELOTE_DEALS)
    def deal(self, state: DealState) -> None:
        self._set(state)

    @precondition(lambda self: self._state is not None and self._state.is_over)
    @rule(state=BELOTE_DEALS)
    def new_deal(self, state: DealState) -> None:
        self._set(state)

    @precondition(lambda self: self._state is not None and not self._state.is_over)
    @rule(data=st.data(), count=st.integers(1, 12))
    def legal_burst(self, data: st.DataObject, count: int) -> None:
        """Play up to ``count`` random legal actions, stopping when the phase changes."""
        state = self.state
        phase = state.phase
        for _ in range(count):
            legal = state.legal_actions()
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
            state = state.apply(action)
            assert isinstance(state, BeloteState)
            if state.phase != phase or state.is_over:
                break
        self._set(state)
        if state.is_over:
            event("deal thrown in" if state.result.is_annulled else "deal over")

    @precondition(lambda self: self._state is not None and self._state.phase == "bidding")
    @rule(take=st.booleans())
    def take_or_pass(self, take: bool) -> None:
        """Steer the bidding: take now, or pass (towards rounds 2 and 3 and throw-ins)."""
        legal = self.state.legal_actions()
        self._set(self.state.apply(legal[-1] if take else Pass()))

    # -- illegal actions --------------------------------------------------------------------------
    @rule(data=st.data())
    def wrong_phase(self, data: st.DataObject) -> None:
        """An action of a kind the current phase does not take (anything once the deal is over)."""
        accepted = ACCEPTED[self.state.phase]
        wrong = [a for a in SAMPLES if not isinstance(a, accepted)]
        self._reject(data.draw(st.sampled_from(wrong)))

    @precondition(lambda self: self._state is not None and self._state.phase == "bidding")
    @rule(contract=st.sampled_from(list(Contract)))
    def bid_not_offered(self, contract: Contract) -> None:
        """BE-4.2 – BE-4.4: round 1 only the turn-up's suit, round 2 another suit, round 3 TA/SA."""
        state = self.state
        turn = state.turn_up.suit
        rounds: dict[int, set[object]] = {
            1: {turn},
            2: {s for s in Suit if s != turn},
            3: {"TA", "SA"},
        }
        offered = rounds[state.bidding_round or 0]
        if (contract.symbol if contract.suit is None else contract.suit) in offered:
            assert Bid(contract) in state.legal_actions()
            return
        self._reject(Bid(contract))

    @precondition(lambda self: self._playing())
    @rule(card=ts.cards(TAROT_78))
    def card_not_in_hand(self, card: Card) -> None:
        """A card the player does not hold (another seat's, or not a Belote card at all)."""
        if card in self._hand():
            return
        self._reject(Play(card))

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def card_breaking_play_rules(self, data: st.DataObject) -> None:
        """A held card that BE-7.9 forbids now; the engine must say why ("must …")."""
        state = self.state
        legal = self._legal_cards()
        contract = state.contract
        assert contract is not None
        want = tb.belote_legal_cards(
            self._hand(), state.current_trick, contract, state.rules.options
        )
        assert legal == want, f"legal cards {sorted(legal)}; BE-7.9 gives {sorted(want)}"
        bad = sorted(self._hand() - legal)
        if bad:
            error = inv.check_rejects(state, Play(ALL_CARDS[data.draw(st.sampled_from(bad))]))
            assert "must" in error.reason, f"unclear reason {error.reason!r} (BE-7.9)"
            event("rejected in play: card breaking BE-7")

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def bad_declaration(self, data: st.DataObject) -> None:
        """BE-10: declarations off or automatic, after the first trick, or of cards not held."""
        state = self.state
        opts = state.rules.options
        listed = [
            a
            for a in state.legal_actions()
            if isinstance(a, Declare) and isinstance(a.kind, CombinationKind)
        ]
        if not opts.declarations or opts.auto_declare or state.tricks:
            assert not listed
            kind = data.draw(st.sampled_from(list(CombinationKind)))
            suit = data.draw(st.sampled_from(list(Suit)))
            if kind.value.startswith("carre"):
                rank = {"jacks": 11, "nines": 9, "aces": 1, "tens": 10, "kings": 14, "queens": 13}
                shown = tuple(suit_card(rank[kind.value[6:]], s) for s in Suit)
            else:
                size = {"tierce": 3, "quarte": 4, "quinte": 5}[kind.value]
                shown = tuple(suit_card(r, suit) for r in (7, 8, 9, 10, 11, 13, 14)[:size])
            self._reject(Declare(kind, shown))
            return
        # the first trick: a run of three cards of one suit that the player does not hold
        hand = self._hand()
        for suit in Suit:
            for start in range(6):
                ranks = (7, 8, 9, 10, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)[start : start + 3]
                run = tuple(suit_card(r, suit) for r in ranks)
                if not set(run) <= hand:
                    self._reject(Declare(CombinationKind.TIERCE, run))
                    return

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def listed_declaration_in_another_order(self, data: st.DataObject) -> None:
        """A listed declaration with its cards shown in another order is the same declaration."""
        state = self.state
        listed = [
            a
            for a in state.legal_actions()
            if isinstance(a, Declare) and isinstance(a.kind, CombinationKind)
        ]
        if not listed:
            return
        action = data.draw(st.sampled_from(listed))
        shown = tuple(data.draw(st.permutations(action.shown)))
        new = state.apply(Declare(action.kind, shown))
        assert isinstance(new, BeloteState)
        assert set(new.declarations[-1].cards) == set(shown)
        with_it = state.apply(action)
        assert isinstance(with_it, BeloteState)
        assert new.declarations == with_it.declarations and new.history == with_it.history
        self._set(new)
        event("declared (cards reordered)")
        # declaring it again is refused (BE-10.2: not twice)
        self._reject(Declare(action.kind, action.shown))

    @precondition(lambda self: self._playing())
    @rule(data=st.data())
    def bad_announcement(self, data: st.DataObject) -> None:
        """BE-9.2: an announcement in ``auto`` mode, by a seat not holding the belote, with a card
        that is not its K or Q, or "rebelote" before "belote"."""
        state = self.state
        seat = state.to_act
        assert seat is not None
        kind = data.draw(st.sampled_from(list(Announcement)))
        listed = {
            (a.kind, a.shown)
            for a in state.legal_actions()
            if isinstance(a, Declare) and isinstance(a.kind, Announcement)
        }
        # any card the seat holds, or the K or Q of a suit whose belote it does not hold
        pool = sorted(self._hand())
        pool += [
            suit_card(rank, suit)
            for suit in Suit
            for rank in (Rank.KING, Rank.QUEEN)
            if (suit, seat) not in state.belote_holders
        ]
        card = ALL_CARDS[data.draw(st.sampled_from(pool))]
        if (kind, (card,)) in listed:
            return  # offered: check_belote_legal_actions compares the offers with BE-9.2
        self._reject(Declare(kind, (card,)))

    @rule(action=ANY_ACTION)
    def arbitrary_action(self, action: Action) -> None:
        """Any action at all: applied if listed (or a listed declaration in another order),
        otherwise rejected."""
        state = self.state
        if action in state.legal_actions():
            self._set(state.apply(action))
            return
        if isinstance(action, Declare) and isinstance(action.kind, CombinationKind):
            same = [
                a
                for a in state.legal_actions()
                if isinstance(a, Declare)
                and a.kind is action.kind
                and set(a.shown) == set(action.shown)
                and len(a.shown) == len(action.shown)
            ]
            if same:
                self._set(state.apply(action))
                return
        self._reject(action)

    # -- invariants -------------------------------------------------------------------------------
    @invariant()
    def rules_hold(self) -> None:
        if self._state is not None:
            tb.check_belote_state(self.state)


BeloteMachine.TestCase.settings = settings(
    max_examples=examples(80),
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestBeloteMachine = BeloteMachine.TestCase
