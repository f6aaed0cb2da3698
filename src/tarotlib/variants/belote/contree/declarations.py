"""Declarations in Contrée (CO-7): Belote's combinations and comparison (BE-10), with CO-7.5's
carré values in no-trumps under ``sa_carres = ffb``.

>>> from tarotlib.core.cards import parse_cards
>>> from tarotlib.variants.belote.types import Combination, CombinationKind, Contract
>>> aces = Combination(0, CombinationKind.CARRE_ACES, tuple(parse_cards("AS AH AD AC")))
>>> nines = Combination(1, CombinationKind.CARRE_NINES, tuple(parse_cards("9S 9H 9D 9C")))
>>> points(aces, Contract.NO_TRUMPS, "ffb"), points(nines, Contract.NO_TRUMPS, "ffb")
(200, 100)
>>> best_declaring_team([aces, nines], Contract.NO_TRUMPS, "ffb")   # in SA the aces win
0
>>> best_declaring_team([aces, nines], Contract.HEARTS, "ffb")      # elsewhere BE-10.4: the nines
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarotlib.variants.belote.declarations import best_team, declaration_key
from tarotlib.variants.belote.types import Combination, CombinationKind, Contract

__all__ = ["best_declaring_team", "points", "scored_declarations"]

_SA_CARRES: Final = {  # CO-7.5: value, then rank among equal values (natural order A K Q J 10 9, G)
    CombinationKind.CARRE_ACES: (200, 6),
    CombinationKind.CARRE_TENS: (150, 2),
    CombinationKind.CARRE_KINGS: (100, 5),
    CombinationKind.CARRE_QUEENS: (100, 4),
    CombinationKind.CARRE_JACKS: (100, 3),
    CombinationKind.CARRE_NINES: (100, 1),
}


def _ffb_sa(denomination: Contract, sa_carres: str) -> bool:
    return denomination is Contract.NO_TRUMPS and sa_carres == "ffb"


def points(combo: Combination, denomination: Contract, sa_carres: str) -> int:
    """A declaration's points: BE-10.1, or CO-7.5's carrés in SA under ``sa_carres = ffb``.

    >>> from tarotlib.core.cards import parse_cards
    >>> tens = Combination(0, CombinationKind.CARRE_TENS, tuple(parse_cards("TS TH TD TC")))
    >>> points(tens, Contract.NO_TRUMPS, "ffb"), points(tens, Contract.NO_TRUMPS, "face")
    (150, 100)
    """
    if combo.kind.is_carre and _ffb_sa(denomination, sa_carres):
        return _SA_CARRES[combo.kind][0]
    return combo.points


def best_declaring_team(
    declared: Sequence[Combination],
    denomination: Contract,
    sa_carres: str,
    tie: str = "none",
    first_declarer: int | None = None,
) -> int | None:
    """The team whose declarations score (BE-10.4), carrés in SA ranked by CO-7.5's values and
    then the natural order (A K Q J 10 9) under ``sa_carres = ffb``; None if nobody's do.

    >>> from tarotlib.core.cards import parse_cards
    >>> kings = Combination(0, CombinationKind.CARRE_KINGS, tuple(parse_cards("KS KH KD KC")))
    >>> jacks = Combination(1, CombinationKind.CARRE_JACKS, tuple(parse_cards("JS JH JD JC")))
    >>> best_declaring_team([kings, jacks], Contract.NO_TRUMPS, "ffb")
    0
    """
    if not _ffb_sa(denomination, sa_carres):
        return best_team(declared, denomination, tie, first_declarer)
    keys: list[tuple[int, int, int, int] | None] = [None, None]
    for combo in declared:
        if combo.kind.is_carre:
            value, rank = _SA_CARRES[combo.kind]
            key = (1, value, rank, 0)
        else:
            key = declaration_key(combo, denomination)
        best = keys[combo.team]
        if best is None or key > best:
            keys[combo.team] = key
    k0, k1 = keys
    if k0 is None and k1 is None:
        return None
    if k1 is None or (k0 is not None and k0 > k1):
        return 0
    if k0 is None or k1 > k0:
        return 1
    if tie == "first_announcer" and first_declarer is not None:
        return first_declarer & 1
    return None


def scored_declarations(
    declared: Sequence[Combination],
    denomination: Contract,
    tricks: tuple[int, int],
    sa_carres: str,
    tie: str,
    need_trick: bool,
) -> tuple[int, int]:
    """Each team's scored declarations: all of the best team's (BE-10.4), none for a team that won
    no trick under ``declarations_need_trick`` (BE-10.5).

    >>> from tarotlib.core.cards import parse_cards
    >>> tierce = Combination(0, CombinationKind.TIERCE, tuple(parse_cards("KS QS JS")))
    >>> scored_declarations([tierce], Contract.HEARTS, (5, 3), "ffb", "none", True)
    (20, 0)
    >>> scored_declarations([tierce], Contract.HEARTS, (0, 8), "ffb", "none", True)
    (0, 0)
    """
    dec = [0, 0]
    if declared:
        best = best_declaring_team(declared, denomination, sa_carres, tie, declared[0].seat)
        for combo in declared:
            if combo.team == best:
                dec[combo.team] += points(combo, denomination, sa_carres)
        for team in (0, 1):
            if need_trick and tricks[team] == 0:
                dec[team] = 0
    return (dec[0], dec[1])
