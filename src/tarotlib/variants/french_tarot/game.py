"""French Tarot on the deal machine: its facts, its phases and its scoring glue (FT-2.5).

Phases, in order (FT-2.5): ``petit-sec`` (FT-3.4: the deal is annulled, or with
``petit_sec="optional_redeal"`` the holder chooses), ``auction`` (FT-4), ``call`` (5 players,
FT-5), ``discard`` (Prise/Garde: the chien is shown and taken, then the écart is made one card at a
time, FT-6), ``slam`` (the taker's announcement, FT-7), ``play`` (FT-9 and the Excuse, FT-10, with
poignée and misère declarations before each player's first card, FT-8), then ``over``.

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot", players=3)
>>> state = rules.new_deal(seed=11)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])   # always the first legal action
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from tarotlib.core.actions import Action, Slam
from tarotlib.core.cards import (
    EXCUSE,
    EXCUSE_MASK,
    TRUMP_MASK,
)
from tarotlib.core.dealing import PacketSchedule
from tarotlib.core.decks import TAROT_78
from tarotlib.core.discards import DiscardRule
from tarotlib.core.results import DealResult
from tarotlib.core.shows import TrumpShow
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
from tarotlib.deal import (
    CallCard,
    ClaimDeclaration,
    DealData,
    DealState,
    Decision,
    DiscardCards,
    ExcuseRule,
    Game,
    HandCheck,
    OneRoundBidding,
    ShowDeclaration,
    TrickPlay,
    eldest,
    evolve,
)
from tarotlib.deal.phase import Phase
from tarotlib.errors import DealError
from tarotlib.variants.french_tarot.calling import (
    call_reason,
    callable_mask,
    opening_lead_ban,
    opening_lead_reason,
)
from tarotlib.variants.french_tarot.facts import (
    ALL_PASS_PLAYED,
    HONOURS_MASK,
    KINGS_MASK,
    LOW_MASK,
    OUDLERS_MASK,
    PETIT,
    PETIT_SEC,
    SIZES,
    SLAM,
)
from tarotlib.variants.french_tarot.observation import (
    FrenchTarotObservation,
    observe,
    visible_mask,
)
from tarotlib.variants.french_tarot.options import FrenchTarotOptions, options_from
from tarotlib.variants.french_tarot.scoring import result_of
from tarotlib.variants.french_tarot.state import FrenchTarotState
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration, DeclarationKind

__all__ = ["FrenchTarot", "FrenchTarotObservation", "FrenchTarotState", "options_from"]

_POIGNEES: Final = (
    DeclarationKind.SIMPLE_POIGNEE,
    DeclarationKind.DOUBLE_POIGNEE,
    DeclarationKind.TRIPLE_POIGNEE,
)
_MISERES: Final[tuple[tuple[DeclarationKind, Callable[[int], bool], str], ...]] = (
    (
        DeclarationKind.NO_HONOURS_MISERE,
        lambda hand: not hand & (HONOURS_MASK | OUDLERS_MASK),
        "no King, Queen, Knight, Jack or oudler",
    ),
    (
        DeclarationKind.NO_TRUMPS_MISERE,
        lambda hand: not hand & (TRUMP_MASK | EXCUSE_MASK),
        "no trump and not the Excuse",
    ),
)
"""FT-8.6: the two misères, what their hand must be, and how that reads."""
_OFF: Final = "declarations are off (option declarations='none')"
_ATTACK: Final = int(Camp.ATTACK)
_DEFENCE: Final = int(Camp.DEFENCE)

# FT-6.2: never a King, never an oudler; trumps only when unavoidable.
_DISCARD_RULES: Final = {
    c: DiscardRule(
        forbidden=(
            (KINGS_MASK, "cannot discard a King"),
            (OUDLERS_MASK, "cannot discard an oudler"),
        ),
        reluctant=TRUMP_MASK & ~OUDLERS_MASK,
        reluctant_reason=(
            f"may discard a trump only when fewer than {c} other discardable cards remain"
        ),
    )
    for c in (3, 6)
}


def _is_petit_sec(hand: int) -> bool:
    """FT-3.4: the Petit, no other trump and not the Excuse."""
    return bool(hand >> PETIT & 1) and (hand & (TRUMP_MASK | EXCUSE_MASK)) == 1 << PETIT


def _takes_chien(data: DealData) -> bool:
    """FT-6.1: Prise and Garde take the chien and discard."""
    contract = data.contract
    return isinstance(contract, Contract) and contract.takes_chien


def _leader(state: DealState) -> int:
    """FT-7.2, FT-9.1: the taker leads after a slam announcement, else the seat after the dealer."""
    d = state.data
    return d.declarer if d.note(SLAM) else eldest(state)


def _not_grash(data: DealData) -> bool:
    """FT-15.3: no declarations in Grash."""
    return not data.note(ALL_PASS_PLAYED)


def _discarded_trumps(data: DealData, seat: int) -> int:
    """FT-8.4 / O-5: the taker's discarded trumps count toward his poignée."""
    return data.discard & TRUMP_MASK if seat == data.declarer else 0


def _none(data: DealData, seat: int) -> int:
    return 0


def _has_contract(data: DealData) -> bool:
    return data.contract is not None


def _never(data: DealData) -> bool:
    return False


def _announced(action: Action) -> bool:
    """FT-7: the slam decision's value (the phase offers only ``Slam`` actions)."""
    return isinstance(action, Slam) and action.announce


def _camps(state: DealState) -> DealData:
    """FT-5.3, FT-2.4: the attack is the taker and his partner (if any); Grash: each for himself."""
    d = state.data
    if d.contract is None:
        return d
    key = (state.rules.players, d.declarer, d.partner)
    camps = _CAMPS.get(key)
    if camps is None:
        n, taker, partner = key
        camps = _CAMPS[key] = tuple(
            _ATTACK if seat in (taker, partner) else _DEFENCE for seat in range(n)
        )
    return evolve(d, sides=camps)


_CAMPS: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (players, taker, partner): camps


@attrs.frozen
class FrenchTarot(Game[FrenchTarotState]):
    """French Tarot rules for 3, 4 or 5 players with :class:`FrenchTarotOptions`.

    Get one with ``tarotlib.variant("french-tarot", players=5, preset="bga", ...)`` or directly
    with ``FrenchTarot(FrenchTarotOptions(...))``.

    >>> rules = FrenchTarot(FrenchTarotOptions(players=3))
    >>> rules.name, rules.players, rules.hand_size, rules.chien_size
    ('french-tarot', 3, 24, 6)
    >>> rules.new_deal(seed=1).phase
    'auction'
    """

    options: FrenchTarotOptions = attrs.field(factory=FrenchTarotOptions)
    players: int = attrs.field(init=False, eq=False, repr=False)
    dealing: PacketSchedule = attrs.field(init=False, eq=False, repr=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    _excuse: ExcuseRule = attrs.field(init=False, eq=False, repr=False)

    name = "french-tarot"
    deck = TAROT_78
    kitty_name = "chien"
    state_class = FrenchTarotState

    def __attrs_post_init__(self) -> None:
        o = self.options
        n = o.players
        packet, rounds, chien = SIZES[n]
        excuse = ExcuseRule(
            EXCUSE,
            LOW_MASK,
            o.excuse_last_trick,
            "any_side" if o.excuse_slam_exception == "any_camp" else "declarer_side",
        )
        phases: list[Phase[Any]] = [
            HandCheck(
                _is_petit_sec,
                "petit sec",
                optional=o.petit_sec == "optional_redeal",
                key=PETIT_SEC,
                name="petit-sec",
                expects="redeal or keep (petit sec, FT-3.4)",
            ),
            OneRoundBidding(
                tuple(Contract),
                all_pass="play" if o.grash else "annul",
                expects="pass or a bid (FT-4.3)",
            ),
        ]
        # FT-5: only with 5 players (the phase is listed for every count, so that "call KS" reads
        # the same in every game; it never comes up with 3 or 4 players).
        phases.append(
            CallCard(
                self._callable,
                self._call_reason,
                when=_has_contract if n == 5 else _never,
                expects="a card to call (FT-5)",
            )
        )
        phases += [
            DiscardCards(
                _DISCARD_RULES[chien],
                chien,
                take_kitty=True,
                when=_takes_chien,
                expects="a card to discard (FT-6.1)",
            ),
            Decision(
                "slam",
                SLAM,
                (Slam(False), Slam(True)),
                value=_announced,
                expects="slam or no-slam (FT-7)",
            ),
            TrickPlay(
                FRENCH_TAROT_TRICKS,
                leader=_leader,
                setup=_camps,
                fool=excuse,
                offers=(  # FT-8: at each player's first card
                    ShowDeclaration(
                        _POIGNEES,
                        TrumpShow(o.thresholds, TRUMP_MASK, EXCUSE_MASK),
                        Declaration,
                        extra=_discarded_trumps if o.poignee_counts_discarded_trumps else _none,
                        enabled=o.declarations != "none",
                        off_reason=_OFF,
                        when=_not_grash,
                    ),
                    ClaimDeclaration(
                        _MISERES,
                        Declaration,
                        enabled=o.declarations == "poignee_and_misere",
                        off_reason=(
                            _OFF
                            if o.declarations == "none"
                            else "misère needs option declarations='poignee_and_misere' (FT-8.6)"
                        ),
                        when=_not_grash,
                    ),
                ),
                opening_lead=self._lead_ban if n == 5 else None,
                opening_lead_reason=self._lead_ban_reason,
                expects="a card to play (or a declaration before a first card)",
            ),
        ]
        object.__setattr__(self, "players", n)
        object.__setattr__(self, "dealing", PacketSchedule(packet, rounds, chien))
        object.__setattr__(self, "phases", tuple(phases))
        object.__setattr__(self, "_excuse", excuse)

    @property
    def chien_size(self) -> int:
        """6, or 3 with 5 players (FT-3.1)."""
        return SIZES[self.players][2]

    @property
    def hand_size(self) -> int:
        """24, 18 or 15 cards (FT-3.1); also the number of tricks."""
        return (78 - self.chien_size) // self.players

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> FrenchTarot(FrenchTarotOptions(players=5)).options_dict()["players"]
        5
        """
        return self.options.to_dict()

    # -- match conventions ------------------------------------------------------------------------
    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """FT-2.3 / O-13: the next player in turn (with play) or the previous one, after every
        deal (annulled ones included, so ``result`` does not matter).

        >>> FrenchTarot(FrenchTarotOptions(players=5)).next_dealer(4)
        0
        >>> FrenchTarot(FrenchTarotOptions.preset("bga", players=5)).next_dealer(4)
        3
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
        step = 1 if self.options.dealer_rotation == "with_play" else -1
        return (dealer + step) % self.players

    def counts_toward_match(self, result: DealResult) -> bool:
        """FT-16.1 / O-14: annulled deals count only with ``annulled_deals_count``.

        >>> passed = DealResult((0, 0, 0, 0), annulled="everybody passed")
        >>> FrenchTarot(FrenchTarotOptions()).counts_toward_match(passed)
        False
        >>> FrenchTarot(FrenchTarotOptions(annulled_deals_count=True)).counts_toward_match(passed)
        True
        """
        self.check_result(result, "counts_toward_match")
        return self.options.annulled_deals_count or not result.is_annulled

    # -- the call (FT-5) and the opening lead (FT-5.5) ----------------------------------------------
    def callable_mask(self, hand: int) -> int:
        """FT-5.2 / O-10: the cards the taker may call, judged on his dealt hand
        (:func:`~tarotlib.variants.french_tarot.calling.callable_mask` under these options).

        >>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
        >>> rules = FrenchTarot(FrenchTarotOptions(players=5))
        >>> format_cards(rules.callable_mask(card_mask(parse_cards("KS KH KD KC T5"))))
        'QS KS QH KH QD KD QC KC'
        """
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < 1 << 78:
            raise DealError(f"a hand is a card mask (an int of 78 bits), got {hand!r}")
        return callable_mask(hand, self.options.callable_cards)

    def _callable(self, state: DealState, hand: int) -> int:
        return callable_mask(hand, self.options.callable_cards)

    def _call_reason(self, state: DealState, card: int) -> str:
        return call_reason(card, self.options.callable_cards)

    def _lead_ban(self, state: DealState, hand: int, mask: int) -> int:
        if not self.options.called_suit_opening_lead_ban:
            return mask
        return opening_lead_ban(state.data.called, mask)

    def _lead_ban_reason(self, state: DealState, card: int) -> str:
        return opening_lead_reason(state.data.called)

    # -- observation and scoring (FT-11 to FT-15) ----------------------------------------------------
    def observe(self, state: FrenchTarotState, seat: int) -> FrenchTarotObservation:
        """What ``seat`` may see now (FT-17): a :class:`FrenchTarotObservation`.

        FT-3.4: a petit sec that annuls the deal is shown to everybody.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=305)
        >>> state.result.annulled, rules.observe(state, 1).petit_sec_hand == state.hand(0)
        ('petit sec (seat 0)', True)
        """
        return observe(state, seat)

    def visible_mask(self, state: FrenchTarotState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask (FT-17), without building the
        observation.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=8)
        >>> rules.visible_mask(state, 3) == tarotlib.card_mask(state.hand(3))
        True
        """
        return visible_mask(state, seat)

    def score(self, state: FrenchTarotState) -> DealResult:
        """Count the piles and score the deal with :func:`score_deal` (or :func:`score_grash`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid garde"))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> result = rules.score(state)
        >>> result == state.result, result.made, result.scores, type(result.breakdown).__name__
        (True, False, (52, -104, 52), 'FrenchTarotScore')
        """
        self.check_state(state, "score")
        return result_of(state, self._excuse)

    def excuse_note(self, state: DealState) -> str:
        """How the Excuse ended when it was played to the last trick (for the breakdown; else
        ``""``).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid garde-sans"))
        >>> while not state.is_over:   # the Excuse, last of the legal cards, is kept to the end
        ...     state = state.apply(state.legal_actions()[0])
        >>> rules.excuse_note(state)
        'the Excuse played to the last trick changes camp (FT-10.7, seat 1)'
        """
        self.check_state(state, "excuse_note")
        return self._excuse.note(state)
