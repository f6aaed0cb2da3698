"""Chambéry flower tarot (CH-1 … CH-17) on the deal machine: one game class, :class:`Chambery`,
whose options (:class:`~.options.ChamberyOptions`) choose the configuration — 3, 4, 5 or 6 players
with 78 cards, or 3 or 4 with the 62-card simplifié — and every rule option.

Phases: ``discard`` (CH-7: the dealer lays ``d`` cards aside, before the auction), ``auction``
(CH-8, not in the 3-player games), ``king-call`` (CH-10: nobody bid), ``requests`` (CH-9: the
two-card and one-card solos), ``play`` (CH-11, with the Fou of CH-12), then ``over`` (CH-13 –
CH-16). CH-18 (a lost rule) is not implemented.

>>> import tarotlib
>>> rules = tarotlib.variant("chambery")
>>> [phase.name for phase in rules.phase_list]
['discard', 'auction', 'king-call', 'requests', 'play', 'over']
>>> state = rules.new_deal(seed=3, dealer=0)
>>> state.phase, state.to_act, [len(state.hand(s)) for s in range(5)]
('discard', 0, [18, 15, 15, 15, 15])
>>> [phase.name for phase in tarotlib.variant("chambery", players=3, simplifie=True).phase_list]
['discard', 'play', 'over']
"""

from __future__ import annotations

from typing import Any, cast

import attrs

from tarotlib.core.cards import ALL_CARDS, EXCUSE_MASK, format_cards
from tarotlib.core.dealing import DealerExtraSchedule, first_dealer_from_seed
from tarotlib.core.decks import Deck
from tarotlib.core.results import DealResult
from tarotlib.deal import (
    HONOUR_TIERS,
    DealData,
    DealState,
    DiscardCards,
    Game,
    KingCall,
    MultiRoundBidding,
    OneRoundBidding,
    RequestCards,
    TrickPlay,
    discard_owner,
    evolve,
)
from tarotlib.deal.discard import dealer
from tarotlib.deal.phase import Phase
from tarotlib.variants.chambery.facts import TRICKS, Config, discard_rule, fou_rule
from tarotlib.variants.chambery.observation import ChamberyObservation, observe, visible_mask
from tarotlib.variants.chambery.options import ChamberyOptions
from tarotlib.variants.chambery.scoring import Contract, _settled, seat_points, settle_three
from tarotlib.variants.chambery.state import ChamberyState, side_of

__all__ = ["SOLOS", "Chambery", "Requests", "deal_points"]

SOLOS: tuple[Contract, ...] = (Contract.TWO_CARD, Contract.ONE_CARD, Contract.HAND)
"""The contracts of the auction, weakest first (CH-8.1)."""


def _requests(data: DealData) -> int:
    """CH-9.1: two requests in a two-card solo, one in a one-card solo, none otherwise."""
    contract = data.contract
    return contract.requests if isinstance(contract, Contract) else 0


def deal_points(state: DealState) -> tuple[list[int], int, list[str]]:
    """Each seat's points at the end of the deal (CH-5.4: card points of its pile, one per trick,
    the discard and its point for its owner), the discard's owner (CH-7.3) and notes.

    >>> import tarotlib
    >>> from tarotlib.testing import random_play
    >>> final, _ = random_play(tarotlib.variant("chambery", players=4).new_deal(seed=4), 1)
    >>> points, owner, _ = deal_points(final)
    >>> sum(points), owner
    (72, 0)
    """
    rules = cast("Chambery", state.rules)
    cfg = rules.config
    n = rules.players
    d = state.data
    owner = discard_owner(state, rules.options.discard_owner)
    won = [0] * n
    for _, _, winner in state.trick_list:
        won[winner] += 1
    points = [
        seat_points(state.pile_mask(s), won[s], d.discard, s == owner, cfg.discard_point)
        for s in range(n)
    ]
    why = "the dealer, CH-7.3" if rules.options.discard_owner == "dealer" else "last trick, CH-7.3"
    notes = [f"the discard goes to seat {owner} ({why})"]
    ex = state.fou_exchange if isinstance(state, ChamberyState) else None
    if ex is not None:
        notes.append(f"seat {ex[0]} took the Fou back from seat {ex[1]} for {ex[2]} (CH-12.4)")
    return points, owner, notes


@attrs.frozen
class Requests(RequestCards):
    """CH-9's requests: :class:`~tarotlib.deal.RequestCards` whose refusals cite the rule.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_card
    >>> rules = tarotlib.variant("chambery", players=4)
    >>> state = rules.new_deal(seed=5, dealer=0)
    >>> while state.phase == "discard":
    ...     state = state.apply(state.legal_actions()[0])
    >>> for text in ("bid two-card", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> own = state.hand(1)[0]
    >>> rules.phase_list[3]._reason(state, own) == f"cannot request {own}, a card of your own hand (CH-9.2)"
    True
    >>> rules.phase_list[3]._reason(state, parse_card("EX"))
    'cannot request the Fou (CH-9.2)'
    """

    def _reason(self, state: DealState, card: int) -> str:
        seat = state.to_act
        d = state.data
        text = ALL_CARDS[card].text
        if not state.rules.deck.mask >> card & 1:
            return f"{text} is not in the pack (CH-3.2)"
        if seat is not None and state.hand_mask(seat) >> card & 1:
            return f"cannot request {text}, a card of your own hand (CH-9.2)"
        if self.forbidden >> card & 1:
            return self.forbidden_reason
        if seat == d.dealer and d.discard >> card & 1:
            return f"cannot request {text}, a card of your own discard (CH-9.2)"
        return f"{text} was requested before and is out of play (CH-9.4)"


@attrs.frozen
class Chambery(Game[ChamberyState]):
    """Chambéry flower tarot under ``options`` (see the module docstring). A game is
    ``options.match_deals`` deals (CH-17.1): ``Match.start(rules)``.

    >>> rules = Chambery(ChamberyOptions(players=4, simplifie=True))
    >>> rules.name, rules.players, rules.deck.name, rules.dealing.hand, rules.dealing.extra
    ('chambery', 4, 'chambery-62', 15, 2)
    """

    options: ChamberyOptions = attrs.field(factory=ChamberyOptions)
    players: int = attrs.field(init=False)
    deck: Deck = attrs.field(init=False, repr=False)
    config: Config = attrs.field(init=False, repr=False, eq=False)
    dealing: DealerExtraSchedule = attrs.field(init=False, repr=False, eq=False)
    phases: tuple[Phase[Any], ...] = attrs.field(init=False, repr=False, eq=False)

    name = "chambery"
    state_class = ChamberyState
    kitty_name = "discard"

    def __attrs_post_init__(self) -> None:
        o = self.options
        cfg = o.config
        object.__setattr__(self, "config", cfg)
        object.__setattr__(self, "players", o.players)
        object.__setattr__(self, "deck", cfg.deck)  # CH-3.2
        schedule = DealerExtraSchedule(  # CH-6, CH-2.3
            cfg.hand, cfg.extra, packets=cfg.packets, sits_out=1 if o.players == 6 else 0
        )
        object.__setattr__(self, "dealing", schedule)
        d = cfg.extra
        phases: list[Phase[Any]] = [
            DiscardCards(  # CH-7.1, CH-7.2
                discard_rule(d, o.discard_trumps),
                d,
                who=dealer,
                expects="a card to discard (CH-7)",
            )
        ]
        if cfg.two_sides:
            if o.auction == "single_round":
                phases.append(  # CH-8.2
                    OneRoundBidding(SOLOS, all_pass="next_phase", expects="pass or a bid (CH-8)")
                )
            else:
                phases.append(  # CH-8.3
                    MultiRoundBidding(
                        SOLOS,
                        seniority="none",
                        all_pass="next_phase",
                        expects="pass or a bid (CH-8.3)",
                    )
                )
            tiers = HONOUR_TIERS if o.call_fallback == "queen_cavalier_jack" else HONOUR_TIERS[:2]
            phases.append(  # CH-8.4, CH-10
                KingCall(
                    tiers=tiers,
                    contract=Contract.KING_CALL,
                    alone=Contract.ALONE,  # CH-10.2 call_fallback = alone
                    expects="a card to call (CH-10)",
                )
            )
            phases.append(  # CH-9
                Requests(
                    _requests,
                    return_received=o.return_received_card,
                    in_discard=o.request_in_discard,
                    optional=o.requests_optional,
                    forbidden=EXCUSE_MASK,
                    forbidden_reason="cannot request the Fou (CH-9.2)",
                    expects="a card to request, or stop (CH-9)",
                )
            )
        phases.append(  # CH-11, CH-12
            TrickPlay(
                TRICKS,
                setup=self._sides,
                fool=fou_rule(
                    source=o.fou_payment_source,
                    payment=o.fou_payment_card,
                    last_trick=o.fou_last_trick,
                    from_discard=o.fou_payment_from_discard,
                ),
                expects="a card to play (CH-11)",
            )
        )
        object.__setattr__(self, "phases", tuple(phases))

    def pack_refusal(self, outside: int) -> str:
        """Why ``parse_action`` refuses a card outside the game's pack (CH-3.2: Chambéry simplifié
        takes out the 2, 3, 4 and 5 of each suit).

        >>> import tarotlib
        >>> tarotlib.variant("chambery", players=4, simplifie=True).parse_action("request 2S")
        ...     # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionParseError: cannot parse action 'request 2S': 2S is not in the 62-card...
        """
        return (
            f"{format_cards(outside)} {'are' if outside.bit_count() > 1 else 'is'} not in the "
            f"{len(self.deck)}-card pack (CH-3.2: no 2, 3, 4 or 5)"
        )

    def _sides(self, state: DealState) -> DealData:
        """CH-13.1: the sides, public from the start of play (CH-10.1)."""
        d = state.data
        return evolve(d, sides=side_of(d, self.players, self.config.two_sides))

    def options_dict(self) -> dict[str, object]:
        """The options, JSON-ready.

        >>> Chambery().options_dict()["discard_owner"]
        'dealer'
        """
        return self.options.to_dict()

    def observe(self, state: ChamberyState, seat: int) -> ChamberyObservation:
        """What ``seat`` may see (:class:`~.observation.ChamberyObservation`).

        >>> Chambery().observe(Chambery().new_deal(seed=1), 0).phase
        'discard'
        """
        return observe(state, seat)

    def visible_mask(self, state: ChamberyState, seat: int) -> int:
        """The cards :meth:`observe` shows ``seat``, as a mask, without building the
        observation (:func:`~tarotlib.variants.chambery.observation.visible_mask`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("chambery", players=4, simplifie=True)
        >>> state = rules.new_deal(seed=1)
        >>> rules.visible_mask(state, 2) == tarotlib.card_mask(state.observation(2).visible_cards())
        True
        """
        return visible_mask(state, seat)

    def score(self, state: ChamberyState) -> DealResult:
        """CH-13 – CH-16: each seat's points (CH-5.4), the sides' totals, the settlement.

        >>> import tarotlib
        >>> from tarotlib.testing import random_play
        >>> final, _ = random_play(tarotlib.variant("chambery", players=6).new_deal(seed=5), 2)
        >>> sum(final.result.scores), final.result.scores[final.sitter]
        (0, 0)
        """
        self.check_state(state, "score")
        cfg = self.config
        o = self.options
        points, _owner, notes = deal_points(state)
        total = sum(points)
        if total != cfg.total:  # CH-5.6: a fixed total
            raise AssertionError(f"the deal counts {total}, not {cfg.total} (CH-5.6)")
        d = state.data
        if not cfg.two_sides:
            three = settle_three(
                points, half=cfg.half, sharing=o.three_player_sharing, config=cfg.name, notes=notes
            )
            return three.result()
        sides = d.sides
        mine = sum(p for s, p in enumerate(points) if sides[s] == 0)
        # The engine's facts are right by construction: settled without the checks that
        # settle_two_sides makes of a table's (the oracle checks the engine independently).
        two = _settled(
            (mine, total - mine),
            cfg,
            cast(Contract, d.contract),
            d.declarer,
            d.partner,
            [s for s in range(self.players) if s != d.sitter],
            self.players,
            tuple(notes),
        )
        return two.result()

    # -- the match (CH-17) ----------------------------------------------------------------------
    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match (option ``first_dealer``, CH-2.2).

        >>> Chambery().match_first_dealer(7), Chambery(ChamberyOptions(first_dealer=3)).match_first_dealer(7)
        (0, 3)
        """
        self.check_seed(seed, "match_first_dealer")
        fd = self.options.first_dealer
        if fd == "random":
            return 0 if seed is None else first_dealer_from_seed(seed, self.players)
        return fd

    @property
    def match_deals(self) -> int:
        """CH-17.1: each seated player deals once (option ``deals``).

        >>> Chambery().match_deals, Chambery(ChamberyOptions(players=3)).match_deals
        (5, 3)
        """
        return self.options.match_deals

    def counts_toward_match(self, result: DealResult) -> bool:
        """Every deal counts (a Chambéry deal is never annulled: nobody bidding leads to the
        King call, CH-8.4).

        >>> Chambery().counts_toward_match(DealResult((0, 0, 0, 0, 0)))
        True
        """
        self.check_result(result, "counts_toward_match")
        return True
