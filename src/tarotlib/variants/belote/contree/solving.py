"""Contrée's card points for the solver (:func:`tarotlib.ai.solve`, objective ``points``): each
seat's team's total at the end of a deal as the contract is judged on it (CO-8.1).
"""

from __future__ import annotations

from typing import Any

from tarotlib.core.points import PointModel
from tarotlib.core.points import card_roles as roles
from tarotlib.deal.state import DealState
from tarotlib.variants.belote.contree.scoring import ContreeScore
from tarotlib.variants.belote.contree.state import ContreeState
from tarotlib.variants.belote.contree.types import ContreeContract
from tarotlib.variants.belote.scoring import belotes_of
from tarotlib.variants.belote.solving import HONOURS, belote_counts_anyway, belote_in_play

__all__ = ["card_points", "card_roles", "point_model"]


def card_points(state: DealState[Any]) -> tuple[float, ...]:
    """Each seat's team's total in the finished deal ``state`` (CO-8.1; team = seat mod 2).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> over = play_to_end(tarotlib.variant("contree").new_deal(seed=1), rng=1)
    >>> over.result.annulled is not None or card_points(over) == tuple(
    ...     float(over.result.breakdown.totals[s % 2]) for s in range(4))
    True
    """
    score = state.result.breakdown
    assert isinstance(score, ContreeScore)
    return tuple(float(score.totals[seat % 2]) for seat in range(4))


def card_roles(state: DealState[Any]) -> tuple[int, ...]:
    """The scoring role of each card for the solver: its points under the contract's
    denomination (CO-1, BE-6), but for the Kings and Queens (the belote), cards of their own.

    >>> import tarotlib
    >>> from tarotlib.core.cards import parse_cards
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=4)
    >>> for text in ("bid 80S", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> [card_roles(state)[card] for card in parse_cards("JS 9S JH 9H 8H 7H KH")]
    [20, 14, 2, 0, 0, 0, -28]
    """
    contract = state.contract
    assert isinstance(contract, ContreeContract)
    return roles(state.rules.table(contract.denomination).points.values, HONOURS)


def point_model(state: DealState[Any], side: int) -> PointModel | None:
    """Seat ``side``'s team's total (as :func:`card_points` gives it) as the solver's fast search
    adds it up: each card's points in the denomination's table (BE-6), and at the end the deal's
    facts (:meth:`~tarotlib.variants.belote.contree.game.Contree.facts_from`: rescaling, dix de
    der or capot, belotes, declarations) scored by the game. The belote cards matter only by
    their points when the belote is announced automatically and counts whatever the order
    (BE-9.2, CO-6.2). Linear in the raw count but under ``ta_sa_points = rescaled`` in
    all-trumps and no-trumps (rounded, CO-1.3).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("contree")
    >>> state = rules.new_deal(seed=4)
    >>> for text in ("bid 80S", "pass", "pass", "pass"):
    ...     state = state.apply(rules.parse_action(text))
    >>> model = point_model(state, 0)
    >>> over = play_to_end(state, rng=3)
    >>> won = [t.winner & 1 for t in over.tricks]
    >>> raw = over.card_points()[0]
    >>> model.final(raw, won.count(0), won[-1] == 0) == card_points(over)[0]
    True
    """
    contract = state.contract
    rules = state.rules
    if not isinstance(state, ContreeState) or not isinstance(contract, ContreeContract):
        return None
    opts = rules.options
    d = contract.denomination
    values = rules.table(d).points.values
    total = sum(values[c] for c in range(len(values)) if rules.deck.mask >> c & 1)
    auto = belote_counts_anyway(state)
    if not auto and belote_in_play(state):
        return None  # the belote still depends on the order of play and its announcements
    belotes = belotes_of(state)  # type: ignore[arg-type]  # typed for BeloteState, reads shared parts
    played = (
        belotes[contract.attack] if auto else rules._attack_belotes_played(state, contract.attack)
    )
    declared = state.declarations
    bidder_all = all(t[2] == contract.bidder for t in state.trick_list)
    bidder_team = contract.bidder & 1
    team = side & 1
    tricks = state.current_phase.local(state).last

    def final(raw: int, won: int, last: bool) -> float:
        cp = (raw, total - raw) if team == 0 else (total - raw, raw)
        tk = (won, tricks - won) if team == 0 else (tricks - won, won)
        # whether the bidder won every trick decides a générale, not the totals (CO-8.3)
        all_won = bidder_all and tk[bidder_team] == tricks
        facts = rules.facts_from(
            contract, cp, tk, team if last else 1 - team, belotes, played, declared, all_won
        )
        return float(rules._score(facts, opts).totals[team])

    linear = d.is_suit or opts.ta_sa_points != "rescaled"
    return PointModel(tuple(values), final, watch_matters=not auto, slope=1.0 if linear else None)
