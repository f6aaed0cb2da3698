"""The trick weighing the heuristic players share, whatever the game: a tie-breaking generator,
the voids a seat's play has shown, and the chance that a card holds a trick against the seats still
to play. A game's heuristic player (registered as its ``bot`` hook, reached through
:class:`~tarotlib.bots.HeuristicBot`) builds its decisions on these.

>>> rng = TieBreaker(7)
>>> best(rng, ["a", "b", "c"], [1.0, 3.0, 2.0])
'b'
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final, TypeVar

from tarotlib.core.actions import Action
from tarotlib.core.rng import splitmix64
from tarotlib.core.tricks import FOOL_CLASS, TRUMP_CLASS, TrickRules

__all__ = [
    "NO_TRUMPS",
    "TieBreaker",
    "TrickTable",
    "best",
    "class_averages",
    "first_legal",
    "scan_tricks",
]

T = TypeVar("T")
_M64: Final = (1 << 64) - 1


class TieBreaker:
    """The bots' tie-breaker: a SplitMix64 stream (:mod:`tarotlib.core.rng`), seeded with ``seed`` (or
    from the system when None). :class:`~tarotlib.bots.HeuristicBot` shares one between the
    players of every game it plays.

    >>> rng = TieBreaker(1)
    >>> [rng.below(10) for _ in range(5)]
    [5, 7, 9, 4, 4]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int | None) -> None:
        self.state = (secrets.randbits(64) if seed is None else seed) & _M64

    def below(self, k: int) -> int:
        """A uniform index ``0 <= i < k`` (to within k / 2**64).

        >>> rng = TieBreaker(3)
        >>> all(0 <= rng.below(4) < 4 for _ in range(100))
        True
        """
        self.state, word = splitmix64(self.state)
        return (word * k) >> 64


def best(rng: TieBreaker, items: Sequence[T], scores: Sequence[float]) -> T:
    """The item with the highest score; exact ties are broken by ``rng`` (drawn only on a tie).

    >>> rng = TieBreaker(5)
    >>> best(rng, ["low", "high"], [0.5, 2.0]), rng.state   # no tie: the generator is not drawn
    ('high', 5)
    >>> best(rng, ["x", "y"], [1.0, 1.0]) in ("x", "y"), rng.state != 5
    (True, True)
    """
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s >= top - 1e-9]
    if len(tied) == 1:
        return items[tied[0]]
    return items[tied[rng.below(len(tied))]]


def first_legal(actions: Sequence[Action], wanted: Action) -> Action:
    """``wanted`` if it is legal, else the first legal action.

    >>> from tarotlib.core.actions import Pass, Slam
    >>> first_legal([Slam(True), Slam(False)], Slam(False)), first_legal([Pass()], Slam(False))
    (Slam(announce=False), Pass())
    """
    return wanted if wanted in actions else actions[0]


def class_averages(
    out: int, masks: Sequence[int], values: Sequence[int], default: float
) -> list[float]:
    """The mean value of the cards out in each suit class 0..4 (``default`` for an empty one).

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
    >>> out = card_mask(parse_cards("KS 1S QH"))
    >>> class_averages(out, FRENCH_TAROT_TRICKS.class_masks, list(range(78)), 0.0)
    [6.5, 26.0, 0.0, 0.0, 0.0]
    """
    averages = []
    for k in range(5):
        mask = out & masks[k]
        count = mask.bit_count()
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        averages.append(total / count if count else default)
    return averages


# -- the trick weighing ------------------------------------------------------------------------------
NO_TRUMPS: Final = 1 << TRUMP_CLASS  # void bit: the seat has shown it holds no trump


class TrickTable:
    """One seat's view of the play: cards still out (a mask), the voids each seat has shown (see
    :func:`scan_tricks`), the chance that each seat is a partner (``ally``), the number of hands
    hidden from the seat, and the chance that a card wins the trick against the seats still to
    play (:meth:`holds`).

    >>> from tarotlib.core.cards import parse_card
    >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
    >>> table = TrickTable(FRENCH_TAROT_TRICKS, 0, [0, 0, 0, 0], [1.0, 0.0, 0.0, 0.0], 3)
    >>> table.holds(parse_card("KH"), 1, [1, 2, 3])  # nothing out: the King holds
    1.0
    """

    __slots__ = ("above", "ally", "hidden", "klass", "masks", "out", "trumps", "voids")

    def __init__(
        self,
        tr: TrickRules,
        out: int,
        voids: list[int],
        ally: list[float],
        hidden_hands: int,
    ) -> None:
        self.klass = tr.card_class
        self.above = tr.above
        self.masks = tr.class_masks
        self.trumps = tr.trumps
        self.out = out
        self.voids = voids
        self.ally = ally
        self.hidden = hidden_hands

    def holds(self, card: int, led: int, seats: Sequence[int]) -> float:
        """The chance that ``card``, winning the trick now, still wins it after ``seats`` play.

        The ``h`` higher cards of its class still out lie in the ``m`` hidden hands; if the seats
        able to play one (opponents, or possible opponents, that can hold the class) weigh ``e``
        hands, none of them holds one with chance ``((m - e) / m) ** h``. Against a plain card, an
        opponent void in the led suit (shown, or by the chance of its share of the suit being
        empty) who may hold a trump also beats it.

        >>> from tarotlib.core.cards import card_mask, parse_card, parse_cards
        >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
        >>> ally = [1.0, 0.0, 0.0, 0.0]
        >>> out = card_mask(parse_cards("1H 2H 3H 4H 5H"))  # low hearts only: none beats the King
        >>> TrickTable(FRENCH_TAROT_TRICKS, out, [0] * 4, ally, 3).holds(parse_card("KH"), 1, [1, 2])
        1.0
        >>> out |= card_mask(parse_cards("T5"))  # a trump out: a seat void in hearts may cut
        >>> table = TrickTable(FRENCH_TAROT_TRICKS, out, [0] * 4, ally, 3)
        >>> round(table.holds(parse_card("KH"), 1, [1, 2]), 3)
        0.754
        """
        klass = self.klass[card]
        out = self.out
        m = self.hidden
        higher = (out & self.above[card]).bit_count()
        plain_led = 0 <= led < 4
        led_out = (out & self.masks[led]).bit_count() if plain_led else 0
        empty = ((m - 1) / m) ** led_out  # one hand holding none of the led suit out
        trumps_out = bool(out & self.trumps)
        weight = 0.0
        cut = 1.0
        for s in seats:
            enemy = 1.0 - self.ally[s]
            if enemy <= 0.0:
                continue
            v = self.voids[s]
            void = (1.0 if v >> led & 1 else empty) if plain_led else 0.0
            if klass == TRUMP_CLASS:
                if not v & NO_TRUMPS:
                    weight += enemy * (void if plain_led else 1.0)
            else:
                weight += enemy * (1.0 - void)
                if trumps_out and not v & NO_TRUMPS:
                    cut *= 1.0 - enemy * void
        if higher and weight > 0.0:
            cut *= (max(0.0, m - weight) / m) ** higher
        return cut


def scan_tricks(
    tricks: Sequence[tuple[int, Sequence[int]]],
    n: int,
    tr: TrickRules,
    free_when_partner_wins: bool,
) -> tuple[int, list[int]]:
    """The cards played in ``tricks`` (``(leader, cards)``, the trick in progress included) and the
    voids they show, per seat: bit k for class k (bit 4: no trump).

    A seat that does not follow is void in the led suit; if it does not trump either, it holds no
    trump — unless the rules let it keep its trumps: with ``free_when_partner_wins`` (Belote) when
    its partner is winning (the partner sits opposite), and when undertrumping is free and it
    cannot beat a trump.

    >>> from tarotlib.core.cards import card_mask, parse_cards
    >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
    >>> played, voids = scan_tricks([(0, parse_cards("KH 2S 5H"))], 3, FRENCH_TAROT_TRICKS, False)
    >>> played == card_mask(parse_cards("KH 2S 5H")), voids   # seat 1: no heart, no trump
    (True, [0, 18, 0])
    """
    played = 0
    voids = [0] * n
    klass = tr.card_class
    has_trumps = bool(tr.trumps)
    track = has_trumps and (free_when_partner_wins or not tr.undertrump)
    follow = tr.follow
    for leader, cards in tricks:
        led = win = wseat = -1
        seat = leader
        for c in cards:
            played |= 1 << c
            k = klass[c]
            if k != FOOL_CLASS:
                if led < 0:
                    led, win, wseat = k, c, seat
                    seat = seat + 1 if seat + 1 < n else 0
                    continue
                if k != led:
                    voids[seat] |= 1 << led
                    if (
                        has_trumps
                        and k != TRUMP_CLASS
                        and (
                            not track
                            or led == TRUMP_CLASS
                            or (
                                not (free_when_partner_wins and wseat == seat ^ 2)
                                and (tr.undertrump or klass[win] != TRUMP_CLASS)
                            )
                        )
                    ):
                        voids[seat] |= NO_TRUMPS
                if track:
                    _, w = follow(led, win, c)
                    if w != win:
                        win, wseat = w, seat
            seat = seat + 1 if seat + 1 < n else 0
    return played, voids
