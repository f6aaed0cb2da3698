"""Belote's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal, what the contract is made or lost on (BE-11.3: card
points, dix de der or capot, belote, declarations).
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.cards import Rank, Suit, suit_card
from tarotlib.core.points import PointModel
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.belote.scoring import BeloteScore, _engine_summary, belotes_of, score_deal
from tarotlib.variants.belote.state import BeloteState
from tarotlib.variants.belote.types import Contract

__all__ = [
    "HONOURS",
    "belote_counts_anyway",
    "belote_in_play",
    "card_points",
    "card_roles",
    "live_cards",
    "point_model",
]

HONOURS = sum(1 << suit_card(rank, suit) for suit in Suit for rank in (Rank.KING, Rank.QUEEN))
"""The Kings and Queens: the belote cards of any contract (BE-9)."""


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's team's total in the finished deal ``state`` (BE-11.3; team = seat mod 2).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("belote")
    >>> over = play_to_end(rules.new_deal(seed=4).apply(rules.parse_action("bid spades")), rng=3)
    >>> card_points(over) == tuple(float(over.result.breakdown.totals[s % 2]) for s in range(4))
    True
    """
    score = state.result.breakdown
    assert isinstance(score, BeloteScore)
    return tuple(float(score.totals[seat % 2]) for seat in range(4))


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its points under the contract (BE-6), but
    for the Kings and Queens (the belote, BE-9), cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> [card_roles(state)[card] for card in parse_cards("JS 9S JH 9H 8H 7H KH")]
    [20, 14, 2, 0, 0, 0, -28]
    """
    values = state.rules.table(state.contract).points.values
    return roles(values, HONOURS)


def live_cards(state: DealState[Any]) -> int:
    """The cards still in play: in a hand or in the trick in progress.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> bin(live_cards(state)).count("1"), bin(live_cards(state.apply(state.legal_actions()[0]))).count("1")
    (32, 32)
    """
    live = 0
    for seat in range(state.rules.players):
        live |= state.held(seat)
    for c in state.trick_cards:
        live |= 1 << c
    return live


def belote_counts_anyway(state: DealState[Any]) -> bool:
    """Whether the belote is announced automatically and counts whatever the order of its two
    cards (``belote_announce = "auto"`` without ``belote_king_first``, BE-9.2).

    >>> import tarotlib
    >>> belote_counts_anyway(tarotlib.variant("belote").new_deal(seed=4))
    True
    """
    opts = state.rules.options
    return bool(opts.belote_announce == "auto" and not opts.belote_king_first)


def belote_in_play(state: DealState[Any]) -> bool:
    """Whether a card of a belote pair (the King and Queen of trumps held by one player, BE-9.1)
    is still in play.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> belote_in_play(rules.new_deal(seed=4).apply(rules.parse_action("bid spades")))
    True
    """
    cards = 0
    for _key, a, b in state.rules.belote_offer.pairs(state.data):
        cards |= 1 << a | 1 << b
    return bool(live_cards(state) & cards)


def point_model(state: DealState[Any], side: int) -> PointModel | None:
    """Seat ``side``'s team's total (as :func:`card_points` gives it) as the solver's fast search
    adds it up: each card's points under the contract (BE-6), and at the end the deal's summary
    scored by the game's own scoring (:func:`~tarotlib.variants.belote.scoring.score_deal`:
    dix de der or capot, belote, declarations). The belote cards matter only by their points when
    the belote is announced automatically and counts whatever the order (BE-9.2).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> model = point_model(state, 1)
    >>> over = play_to_end(state, rng=3)
    >>> won = [t.winner & 1 for t in over.tricks]
    >>> raw = over.card_points()[1]
    >>> model.final(raw, won.count(1), won[-1] == 1) == card_points(over)[1]
    True
    """
    rules = state.rules
    contract = state.contract
    if not isinstance(state, BeloteState) or not isinstance(contract, Contract):
        return None
    values = rules.table(contract).points.values
    total = sum(values[c] for c in range(len(values)) if rules.deck.mask >> c & 1)
    opts = rules.options
    auto = belote_counts_anyway(state)
    if not auto and belote_in_play(state):
        return None  # the belote still depends on the order of play and its announcements
    belotes = belotes_of(state)  # final: announced automatically, or its cards played
    declared = state.declarations
    first = declared[0].seat if declared else None
    taker = state.data.declarer
    assert taker is not None
    team = side & 1
    tricks = state.current_phase.local(state).last if not state.is_over else len(state.trick_list)

    def final(raw: int, won: int, last: bool) -> float:
        cp = (raw, total - raw) if team == 0 else (total - raw, raw)
        tk = (won, tricks - won) if team == 0 else (tricks - won, won)
        summary = _engine_summary(
            contract, taker, cp, tk, team if last else 1 - team, belotes, declared, first
        )
        return float(score_deal(summary, opts).totals[team])

    return PointModel(tuple(values), final, watch_matters=not auto, slope=1.0)
