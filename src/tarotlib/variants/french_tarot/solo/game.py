"""The French Tarot solo (FT-20): one player against two virtual defenders, the AI and the dummy,
on the deal machine with French Tarot's facts, contracts, écart, poignée, slam and scoring.

Seats: the **player** is seat 0, the **AI** seat 1, the **dummy** seat 2. The player makes every
choice (``to_act`` is 0 whenever the deal is not over): the contract, the écart, the slam, the
poignée, the dummy's card and his own. The AI's card is turned from its pile as part of the
transition before the dummy's turn (:mod:`~tarotlib.variants.french_tarot.solo.play`).

Phases, in order: ``petit-sec`` (FT-20.3, S-O5: the player's hand only), ``contract`` (FT-20.4,
S-O3), ``discard`` (Prise/Garde: the kitty is shown and taken, six cards discarded, FT-20.5),
``slam`` (FT-20.6), ``play`` (FT-20.7 – FT-20.10), then ``over`` (FT-20.11).

>>> import tarotlib
>>> rules = tarotlib.variant("french-tarot-solo")
>>> state = rules.new_deal(seed=11, facts={"first_of_series": True})
>>> [a.text for a in state.legal_actions()]   # S-O3: the first deal of a series is a Prise
['bid prise']
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])   # always the first legal action
>>> score = state.result.scores
>>> score[0] == -2 * score[1] == -2 * score[2]   # FT-20.11 step 7: the player scores 2D
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from tarotlib.core.actions import Slam
from tarotlib.core.cards import EXCUSE, EXCUSE_MASK, TRUMP_MASK, Card
from tarotlib.core.dealing import PileSchedule
from tarotlib.core.decks import TAROT_78
from tarotlib.core.shows import TrumpShow
from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
from tarotlib.deal import (
    FIRST_OF_SERIES,
    ChooseContract,
    DealData,
    DealState,
    Decision,
    DiscardCards,
    ExcuseRule,
    Game,
    HandCheck,
    ShowDeclaration,
    TrickPlay,
    evolve,
)
from tarotlib.deal.phase import Phase
from tarotlib.variants.french_tarot.facts import LOW_MASK, PETIT_SEC, SLAM
from tarotlib.variants.french_tarot.game import (
    _DISCARD_RULES,
    _POIGNEES,
    _announced,
    _discarded_trumps,
    _is_petit_sec,
    _takes_chien,
)
from tarotlib.variants.french_tarot.scoring import result_of
from tarotlib.variants.french_tarot.solo.observation import (
    SoloObservation,
    observe_solo,
    visible_mask,
)
from tarotlib.variants.french_tarot.solo.options import SoloOptions
from tarotlib.variants.french_tarot.solo.play import (
    AI,
    DUMMY,
    PLAYER,
    SoloPlay,
    ai_top,
    face_up,
)
from tarotlib.variants.french_tarot.state import FrenchTarotState
from tarotlib.variants.french_tarot.types import Camp, Contract, Declaration

if TYPE_CHECKING:
    from tarotlib.core.results import DealResult

__all__ = ["AI", "DUMMY", "PLAYER", "FrenchTarotSolo", "SoloState"]

_CAMPS: Final = (int(Camp.ATTACK), int(Camp.DEFENCE), int(Camp.DEFENCE))
"""FT-20.1: the player is always the taker; the AI and the dummy are always the defence."""


def _player(state: DealState) -> int:
    return PLAYER


def _player_only(state: DealState) -> tuple[int, ...]:
    return (PLAYER,)  # FT-20.3: virtual hands are not checked


def _ai(state: DealState) -> int:
    return AI  # FT-20.8 step 2


def _camps(state: DealState) -> DealData:
    return evolve(state.data, sides=_CAMPS)


class SoloState(FrenchTarotState):
    """One moment of a solo deal (immutable): French Tarot's accessors, and the dummy's face-up
    cards and the AI's next card (omniscient: give the player :meth:`observation`).

    >>> import tarotlib
    >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=2)
    >>> state.phase, state.to_act, state.face_up, len(state.hand(2))
    ('contract', 0, (), 24)
    """

    __slots__ = ()

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The dummy's face-up cards (FT-20.8)."""
        return face_up(self)

    @property
    def card_seat(self) -> int | None:
        """The seat whose card a play takes now: the dummy during its turn (the player chooses its
        card, FT-20.8 step 4), else the seat to act.

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot-solo").new_deal(seed=2).card_seat
        0
        """
        if self.to_act is not None and self.phase == "play" and len(self.trick_cards) == 1:
            return DUMMY
        return self.to_act

    @property
    def ai_next(self) -> Card | None:
        """The top card of the AI's face-down pile (hidden from the player)."""
        return ai_top(self)

    def observation(self, seat: int) -> SoloObservation:
        """What the player may see (FT-20.8; see :func:`observe_solo`).

        >>> import tarotlib
        >>> state = tarotlib.variant("french-tarot-solo").new_deal(seed=2)
        >>> state.observation(0).hand == state.hand(0), state.observation(1).hand
        (True, ())
        """
        return observe_solo(self, self.check_seat(seat))


@attrs.frozen
class FrenchTarotSolo(Game[SoloState]):
    """The French Tarot solo (FT-20) with :class:`SoloOptions`.

    >>> rules = FrenchTarotSolo()
    >>> rules.name, rules.players, [phase.name for phase in rules.phase_list]
    ('french-tarot-solo', 3, ['petit-sec', 'contract', 'discard', 'slam', 'play', 'over'])
    """

    options: SoloOptions = attrs.field(factory=SoloOptions)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, eq=False, repr=False)
    _excuse: ExcuseRule = attrs.field(init=False, eq=False, repr=False)

    name = "french-tarot-solo"
    players = 3
    deck = TAROT_78
    dealing = PileSchedule()  # FT-20.3: six rounds of 4 + 4 + 4, then 1 to the kitty
    kitty_name = "chien"
    state_class = SoloState

    def __attrs_post_init__(self) -> None:
        o = self.options
        # FT-20.9: FT-10 with the camps player / defenders; S-O4 for the last trick; the slam
        # exception holds for either side.
        excuse = ExcuseRule(EXCUSE, LOW_MASK, o.solo_excuse_last_trick, "any_side")
        phases: list[Phase[Any]] = []
        if o.solo_petit_sec != "off":  # FT-20.3, S-O5
            phases.append(
                HandCheck(
                    _is_petit_sec,
                    "petit sec",
                    optional=o.solo_petit_sec == "optional_redeal",
                    key=PETIT_SEC,
                    seats=_player_only,
                    name="petit-sec",
                    expects="redeal or keep (petit sec, FT-20.3)",
                )
            )
        phases += [
            ChooseContract(  # FT-20.4, S-O3
                tuple(Contract),
                who=_player,
                first_deal="lowest" if o.solo_first_deal_contract == "prise" else "free",
                expects="a contract (bid <contract>, FT-20.4)",
            ),
            DiscardCards(  # FT-20.5
                _DISCARD_RULES[6],
                6,
                take_kitty=True,
                when=_takes_chien,
                expects="a card to discard (FT-20.5)",
            ),
            Decision(  # FT-20.6
                "slam",
                SLAM,
                (Slam(False), Slam(True)),
                value=_announced,
                expects="slam or no-slam (FT-20.6)",
            ),
            SoloPlay(
                TrickPlay(
                    FRENCH_TAROT_TRICKS,
                    leader=_ai,
                    setup=_camps,
                    fool=excuse,
                    offers=(  # FT-20.7: the player's poignée only, before his first card
                        ShowDeclaration(
                            _POIGNEES,
                            TrumpShow(o.thresholds, TRUMP_MASK, EXCUSE_MASK),
                            Declaration,
                            extra=_discarded_trumps,
                        ),
                    ),
                ),
                whole_hand=o.solo_dummy_follow_scope == "whole_hand",  # S-O1
            ),
        ]
        object.__setattr__(self, "phases", tuple(phases))
        object.__setattr__(self, "_excuse", excuse)

    def shown_in_groups(self) -> frozenset[int]:
        """S-O1, FT-20.8 step 4: under ``whole_hand`` the dummy may turn several cards in one
        step, as many as it takes to reach a legal one.

        >>> FrenchTarotSolo(SoloOptions(solo_dummy_follow_scope="whole_hand")).shown_in_groups()
        frozenset({2})
        """
        return (
            frozenset({DUMMY})
            if self.options.solo_dummy_follow_scope == "whole_hand"
            else frozenset()
        )

    def shown_sorted(self) -> frozenset[int]:
        """FT-20.8: the dummy's face-up cards are listed in card order.

        >>> FrenchTarotSolo().shown_sorted()
        frozenset({2})
        """
        return frozenset({DUMMY})

    @property
    def hand_size(self) -> int:
        """24 cards in each of the three hands (FT-20.3); also the number of tricks."""
        return 24

    @property
    def chien_size(self) -> int:
        """The kitty's 6 cards (FT-20.3)."""
        return 6

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> FrenchTarotSolo().options_dict()["solo_dummy_follow_scope"]
        'face_up'
        """
        return self.options.to_dict()

    def match_first_dealer(self, seed: int | None) -> int:
        """The player deals his own game: seat 0 (which seat deals is not a rule, FT-19 Q-12).

        >>> FrenchTarotSolo().match_first_dealer(7)
        0
        """
        self.check_seed(seed, "match_first_dealer")
        return PLAYER

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """The same dealer deals every deal of a series (see :meth:`match_first_dealer`).

        >>> FrenchTarotSolo().next_dealer(0)
        0
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
        return dealer

    def deal_facts(self, counted: int) -> dict[str, object]:
        """FT-20.4, S-O3: a match tells its first deal (no deal counted yet: a redealt petit sec
        does not count) that it is the first of the series (:data:`~tarotlib.deal.FIRST_OF_SERIES`).

        >>> FrenchTarotSolo().deal_facts(0), FrenchTarotSolo().deal_facts(1)
        ({'first_of_series': True}, {})
        """
        return {FIRST_OF_SERIES.name: True} if counted == 0 else {}

    def observe(self, state: SoloState, seat: int) -> SoloObservation:
        """What ``seat`` may see (see :func:`observe_solo`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot-solo")
        >>> rules.observe(rules.new_deal(seed=2), 2).hand   # the dummy shows nothing yet
        ()
        """
        return observe_solo(state, seat)

    def visible_mask(self, state: SoloState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.french_tarot.solo.observation.visible_mask`):
        seats 1 and 2 (the AI, the dummy) see the table as the player does, not his hand.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot-solo")
        >>> state = rules.new_deal(seed=2)
        >>> rules.visible_mask(state, 0) == tarotlib.card_mask(state.hand(0))
        True
        >>> rules.visible_mask(state, 1), rules.visible_mask(state, 2)
        (0, 0)
        """
        return visible_mask(state, seat)

    def score(self, state: SoloState) -> DealResult:
        """FT-20.11: French Tarot's scoring (FT-13, FT-14 with the 3-player rules) of the player's
        pile: the player scores 2D, and each virtual defender −D (FT-14.2's 3-player payouts; only
        the player's score matters, FT-20.12).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot-solo")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid garde-sans"))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[-1])
        >>> result = rules.score(state)
        >>> result == state.result, result.contract, type(result.breakdown).__name__
        (True, 'Garde Sans', 'FrenchTarotScore')
        """
        self.check_state(state, "score")
        return result_of(state, self._excuse)

    def excuse_note(self, state: DealState) -> str:
        """How the Excuse ended when it was played to the last trick (else ``""``).

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot-solo").excuse_note(
        ...     tarotlib.variant("french-tarot-solo").new_deal(seed=1))
        ''
        """
        self.check_state(state, "excuse_note")
        return self._excuse.note(state)
