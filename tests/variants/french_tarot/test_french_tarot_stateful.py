"""A Hypothesis state machine that interleaves legal and illegal actions on French Tarot deals.

Every illegal action — wrong phase, a card not in hand, a card breaking follow/trump rules (FT-9.2),
a bid too low (FT-4.3), an illegal discard (FT-6.2), an uncallable card (FT-5.2), a bad declaration
(FT-8), anything after the end — must raise IllegalActionError (a ValueError) with a non-empty reason
and leave the state exactly as it was (``tarotlib.testing.invariants.check_rejects``). After every
step the French Tarot invariants hold.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from tarotlib import Action, Bid, Call, Declare, Discard, Pass, Play, Redeal, Slam
from tarotlib.core.cards import ALL_CARDS, EXCUSE, Card, Rank
from tarotlib.deal import DealState
from tarotlib.testing import invariants as inv
from tarotlib.testing import strategies as ts
from tarotlib.variants.french_tarot import FrenchTarotState
from tarotlib.variants.french_tarot import oracle as fto
from tarotlib.variants.french_tarot.types import Contract, DeclarationKind

from support.profiles import examples

POIGNEES = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
MISERES = (DeclarationKind.NO_HONOURS_MISERE, DeclarationKind.NO_TRUMPS_MISERE)

# Every action of every phase, for "wrong phase" and arbitrary actions.
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.just(Pass()),
    st.sampled_from([Bid(c) for c in Contract]),
    ts.cards().map(Call),
    ts.cards().map(Discard),
    ts.cards().map(Play),
    st.sampled_from([Slam(True), Slam(False)]),
    st.sampled_from([Redeal(True), Redeal(False)]),
    st.builds(
        Declare,
        st.sampled_from(list(DeclarationKind)),
        st.lists(ts.cards(), max_size=16, unique=True).map(tuple),
    ),
)

# Which action types each phase accepts.
ACCEPTED: dict[str, tuple[type[Action], ...]] = {
    "petit-sec": (Redeal,),
    "auction": (Pass, Bid),
    "call": (Call,),
    "discard": (Discard,),
    "slam": (Slam,),
    "play": (Play, Declare),
    "over": (),
}
SAMPLES: tuple[Action, ...] = (
    Pass(),
    Bid(Contract.GARDE),
    Call(ALL_CARDS[13]),
    Discard(ALL_CARDS[0]),
    Slam(False),
    Redeal(False),
    Declare(DeclarationKind.SIMPLE_POIGNEE),
    Play(ALL_CARDS[0]),
)


def _trumps(cards: frozenset[int] | tuple[Card, ...]) -> list[int]:
    return sorted(c for c in cards if 56 <= c <= 76)


class FrenchTarotMachine(RuleBasedStateMachine):
    """Random deals under random options; legal bursts interleaved with illegal attempts."""

    def __init__(self) -> None:
        super().__init__()
        self._state: FrenchTarotState | None = None
        self.rejections = 0

    @property
    def state(self) -> FrenchTarotState:
        assert self._state is not None
        return self._state

    def _set(self, state: DealState) -> None:
        assert isinstance(state, FrenchTarotState)
        self._state = state

    def _reject(self, action: Action) -> None:
        error = inv.check_rejects(self.state, action)
        event(f"rejected in {self.state.phase}: {type(action).__name__}")
        assert error.reason
        self.rejections += 1

    def _hand(self) -> frozenset[int]:
        seat = self.state.to_act
        assert seat is not None
        return frozenset(int(c) for c in self.state.hand(seat))

    # -- dealing and legal play -------------------------------------------------------------------
    @initialize(state=ts.deals())
    def deal(self, state: DealState) -> None:
        self._set(state)

    @precondition(lambda self: self._state is not None and self._state.is_over)
    @rule(state=ts.deals())
    def new_deal(self, state: DealState) -> None:
        self._set(state)

    @precondition(lambda self: self._state is not None and not self._state.is_over)
    @rule(data=st.data(), count=st.integers(1, 25))
    def legal_burst(self, data: st.DataObject, count: int) -> None:
        """Play up to ``count`` random legal actions, stopping when the phase changes (so that
        every phase gets its share of illegal attempts)."""
        state: DealState = self.state
        phase = state.phase
        for _ in range(count):
            state, _ = ts.random_play(state, data, steps=1)
            if state.phase != phase:
                break
        self._set(state)
        if state.is_over:
            event("deal over" if not state.result.is_annulled else "deal annulled")

    @precondition(lambda self: self._state is not None and self._state.phase == "auction")
    @rule(bid=st.booleans())
    def low_bid_or_pass(self, bid: bool) -> None:
        """Steer auctions towards Prise/Garde (so the call and discard phases come often)."""
        legal = self.state.legal_actions()
        low = [
            a
            for a in legal
            if isinstance(a, Bid)
            and isinstance(a.contract, Contract)
            and a.contract <= Contract.GARDE
        ]
        self._set(self.state.apply(low[0] if bid and low else Pass()))

    # -- illegal actions --------------------------------------------------------------------------
    @rule(data=st.data())
    def wrong_phase(self, data: st.DataObject) -> None:
        """An action of a kind the current phase does not take (anything once the deal is over)."""
        accepted = ACCEPTED[self.state.phase]
        wrong = [a for a in SAMPLES if not isinstance(a, accepted)]
        self._reject(data.draw(st.sampled_from(wrong)))

    @precondition(lambda self: self._state is not None and self._state.phase in ("play", "discard"))
    @rule(card=ts.cards())
    def card_not_in_hand(self, card: Card) -> None:
        if card in self._hand():
            return
        self._reject(Play(card) if self.state.phase == "play" else Discard(card))

    @precondition(lambda self: self._state is not None and self._state.phase == "play")
    @rule(data=st.data())
    def card_breaking_follow_rules(self, data: st.DataObject) -> None:
        """A held card that FT-9.2 (or the FT-5.5 opening ban) forbids now."""
        legal = {int(a.card) for a in self.state.legal_actions() if isinstance(a, Play)}
        bad = sorted(self._hand() - legal)
        if bad:
            self._reject(Play(ALL_CARDS[data.draw(st.sampled_from(bad))]))

    @precondition(lambda self: self._state is not None and self._state.phase == "auction")
    @rule(data=st.data())
    def bid_too_low(self, data: st.DataObject) -> None:
        """FT-4.3: a bid not strictly higher than the highest so far."""
        bids = [c for _, c in self.state.auction_calls if c is not None]
        if bids:
            high = max(bids)
            self._reject(Bid(data.draw(st.sampled_from([c for c in Contract if c <= high]))))

    @precondition(lambda self: self._state is not None and self._state.phase == "call")
    @rule(card=ts.cards())
    def uncallable_card(self, card: Card) -> None:
        """FT-5.2: not a King (nor a Queen, Knight, Jack allowed by the taker's honours)."""
        if Call(card) not in self.state.legal_actions():
            self._reject(Call(card))

    @precondition(lambda self: self._state is not None and self._state.phase == "discard")
    @rule(data=st.data())
    def illegal_discard(self, data: st.DataObject) -> None:
        """FT-6.2: a King, an oudler, or a trump while other discardable cards remain."""
        legal = {int(a.card) for a in self.state.legal_actions() if isinstance(a, Discard)}
        bad = sorted(self._hand() - legal)
        if bad:
            card = ALL_CARDS[data.draw(st.sampled_from(bad))]
            assert (
                card.rank == Rank.KING
                or card in (ALL_CARDS[56], ALL_CARDS[76], EXCUSE)
                or (card.is_trump and any(not ALL_CARDS[c].is_trump for c in legal))
            ), f"{card} refused for no FT-6.2 reason"
            self._reject(Discard(card))

    @rule(data=st.data())
    def bad_declaration(self, data: st.DataObject) -> None:
        """FT-8: declarations that are illegal whatever the hand, or for this hand."""
        state = self.state
        kind = data.draw(st.sampled_from(list(DeclarationKind)))
        if state.phase != "play" or state.tricks or state.is_grash:
            # wrong moment: not at a player's first card of the first trick (FT-8.2)
            self._reject(Declare(kind))
            return
        hand = self._hand()
        trumps = _trumps(hand)
        opts = state.rules.options
        need = opts.thresholds
        how = data.draw(st.sampled_from(["count", "not-held", "non-trump", "misere", "twice"]))
        if how == "count":  # the wrong number of cards (FT-8.3)
            level = data.draw(st.sampled_from([0, 1, 2]))
            k = need[level]
            count = data.draw(st.sampled_from([k - 1, k + 1]))
            pool = sorted(hand)
            shown = tuple(ALL_CARDS[c] for c in pool[: max(count, 0)])
            if len(shown) != k:
                self._reject(Declare(POIGNEES[level], shown))
        elif how == "not-held":  # a trump the player does not hold (and cannot count, FT-8.4)
            level = data.draw(st.sampled_from([0, 1, 2]))
            k = need[level]
            seat = state.to_act
            countable = set(hand) | (
                {int(c) for c in state.ecart if c.is_trump} if seat == state.taker else set()
            )
            missing = [t for t in range(56, 77) if t not in countable]
            if missing and k >= 1:
                shown_ids = [*trumps[: k - 1], missing[0]]
                self._reject(Declare(POIGNEES[level], tuple(ALL_CARDS[c] for c in shown_ids)))
        elif how == "non-trump":  # a plain suit card among the shown cards
            plain = sorted(c for c in hand if c < 56)
            level = 0
            k = need[level]
            if plain and k >= 1:
                shown_ids = [*trumps[: k - 1], plain[0]]
                self._reject(Declare(POIGNEES[level], tuple(ALL_CARDS[c] for c in shown_ids)))
        elif how == "misere":  # a misère with cards shown, or one the hand (or option) forbids
            misere = data.draw(st.sampled_from(MISERES))
            if Declare(misere) not in state.legal_actions():
                self._reject(Declare(misere))
            else:
                self._reject(Declare(misere, (ALL_CARDS[min(hand)],)))
        else:  # a second poignée by the same seat (FT-8.2: at most one)
            seat = state.to_act
            if any(d.seat == seat and d.kind in POIGNEES for d in state.declarations):
                self._reject(Declare(DeclarationKind.SIMPLE_POIGNEE, ()))

    @precondition(
        lambda self: (
            self._state is not None
            and self._state.phase == "play"
            and any(isinstance(a, Declare) for a in self._state.legal_actions())
        )
    )
    @rule(data=st.data())
    def poignee_with_other_cards(self, data: st.DataObject) -> None:
        """FT-8.3: any exactly-k set of countable trumps may be shown (the player chooses which
        trumps to hide); the Excuse only in place of a missing trump."""
        state = self.state
        listed = [a for a in state.legal_actions() if isinstance(a, Declare) and a.kind in POIGNEES]
        if not listed:
            return
        action = data.draw(st.sampled_from(listed))
        k = len(action.shown)
        seat = state.to_act
        opts = state.rules.options
        countable = set(_trumps(self._hand()))
        if seat == state.taker and opts.poignee_counts_discarded_trumps:
            countable |= {int(c) for c in state.ecart if c.is_trump}
        if len(countable) >= k:
            chosen = data.draw(st.permutations(sorted(countable)))[:k]
            shown = tuple(ALL_CARDS[c] for c in chosen)
            new = state.apply(Declare(action.kind, shown))
            assert set(new.declarations[-1].shown) == set(chosen)
            event("poignée shown with chosen trumps")
            if EXCUSE in self._hand():  # with enough trumps, the Excuse may not be shown
                bad = (*shown[:-1], EXCUSE)
                assert "Excuse" in inv.check_rejects(state, Declare(action.kind, bad)).reason
            self._set(new)
        else:  # t = k - 1 and the Excuse: all the trumps and the Excuse, in any order
            assert EXCUSE in self._hand() and len(countable) == k - 1
            order = data.draw(st.permutations(sorted(countable | {EXCUSE})))
            self._set(state.apply(Declare(action.kind, tuple(ALL_CARDS[c] for c in order))))

    @rule(action=ANY_ACTION)
    def arbitrary_action(self, action: Action) -> None:
        """Any action at all: applied if listed; otherwise rejected (a poignée with another set
        of shown cards than the listed one may be legal: then it must be valid per FT-8.3, which
        the invariants check through the history)."""
        state = self.state
        if action in state.legal_actions():
            self._set(state.apply(action))
        elif isinstance(action, Declare):
            try:
                new = state.apply(action)
            except ValueError:
                self._reject(action)
            else:
                self._set(new)
        else:
            self._reject(action)

    # -- invariants -------------------------------------------------------------------------------
    @invariant()
    def rules_hold(self) -> None:
        if self._state is None:
            return
        state = self.state
        fto.check_card_conservation(state)
        fto.check_trick_winners(state)
        fto.check_legal_actions_match_rules(state)
        fto.check_declarations(state)
        if state.is_over:
            inv.check_zero_sum(state.result)
            fto.check_final_piles(state)
            fto.check_points_conserved(state)
            fto.check_score_matches_rules(state)


FrenchTarotMachine.TestCase.settings = settings(
    max_examples=examples(60),
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestFrenchTarotMachine = FrenchTarotMachine.TestCase
