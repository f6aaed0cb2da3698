"""Trick rules: legal cards and the trick winner, composed from flags.

One :class:`TrickRules` object serves French Tarot (FT-9), the Lombard games (LO-6), Chambéry (CH-11)
and Belote (BE-7): which cards are trumps, the rank order, and a few flags:

- ``must_trump``: a player void in the led suit who holds a trump must play one;
- ``overtrump``: over a trumped plain-suit lead, must the player beat the highest trump?
  ``always`` (French Tarot: even a partner's trump, FT-9.2), ``opponents`` (not when the partner is
  winning the trick; then any card, as Belote's default BE-7.6), or ``never`` (Lombard, LO-6.2);
- ``trump_lead_higher``: when trumps are led, a higher trump must be played if held (FT-9.2, BE-7.4);
- ``undertrump``: a player who cannot overtrump must still play a (lower) trump rather than discard;
- ``partner_trumped``: with ``overtrump=opponents``, what a void player may play when the partner is
  winning *with a trump* (the four positions of BE-7.6, :class:`PartnerTrumped`);
- ``follow_higher``: a player following a plain suit must beat the winning card if able (Belote's
  all-trumps contract, BE-7.7), and ``follow_higher_partner``: even when it is the partner's.

The fool (Excuse, Matto, Fou) is always legal and never changes what else is legal (FT-10.1, LO-7.1);
when led, the next card sets the suit to follow (FT-10.2, LO-7.2). Who keeps it is the variant's
business.

Trick state is two integers, kept incrementally: ``led`` (the class of the suit to follow, -1 before a
non-fool card is played) and ``win`` (the card currently winning, -1 likewise). Classes are 0–3 for
the plain suits (:class:`~tarotlib.core.cards.Suit`), :data:`TRUMP_CLASS` for trumps and
:data:`FOOL_CLASS` for the fool.

**One statement of the rules, as data.** The flags are compiled once into three tables, and every
path that plays cards interprets those tables — :meth:`TrickRules.legal_mask` and
:meth:`TrickRules.follow` here, the card-play phase (:mod:`tarotlib.deal.play`) and the optional
compiled kernel (``tarotlib._speedups``) alike:

- ``lead_class[card]``: the class a card sets when it leads (-1 for the fool, which sets none);
- ``beats[win]``: the cards that take the trick from ``win`` (higher in its class, or a trump
  over a plain card);
- ``steps`` and ``step_list``: for each ``(led, win, partner winning)``, the legal cards as a short
  list of ``(condition, result)`` masks: the first condition that meets the hand gives
  ``hand & result``; when none does, any card of the hand may be played.

>>> from tarotlib.core.cards import card_mask, parse_card as c, parse_cards, format_cards
>>> rules = FRENCH_TAROT_TRICKS
>>> led, win = rules.follow(-1, -1, c("7S"))       # FT-21.7: seat 1 leads the 7 of spades
>>> led, win = rules.follow(led, win, c("T12"))     # seat 2 trumps
>>> hand = card_mask(parse_cards("T5 T9 T15 T20 KH 2D EX"))
>>> format_cards(rules.legal_mask(hand, led, win))
'T15 T20 EX'
>>> rules.explain(hand, led, win, c("T9"))
'must overtrump T12'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from tarotlib.core.cards import (
    EXCUSE_MASK,
    FULL_MASK,
    SUIT_MASKS,
    TAROT_NOTATION,
    TRUMP_MASK,
    Notation,
    Suit,
    format_cards,
)
from tarotlib.core.ranking import STANDARD, RankOrder

__all__ = [
    "FOOL_CLASS",
    "FRENCH_TAROT_TRICKS",
    "NO_CLASS",
    "TRUMP_CLASS",
    "Overtrump",
    "PartnerTrumped",
    "PlayedTrick",
    "TrickRules",
]

TRUMP_CLASS: Final = 4
FOOL_CLASS: Final = 5
NO_CLASS: Final = -1


class Overtrump(enum.Enum):
    """When a player who trumps a plain-suit lead must beat the highest trump already played.

    >>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
    >>> led, win = FRENCH_TAROT_TRICKS.follow(-1, -1, parse_card("7S"))
    >>> led, win = FRENCH_TAROT_TRICKS.follow(led, win, parse_card("T12"))
    >>> hand = card_mask(parse_cards("T5 T15 KH"))
    >>> format_cards(TrickRules(overtrump=Overtrump.ALWAYS).legal_mask(hand, led, win))
    'T15'
    >>> format_cards(TrickRules(overtrump=Overtrump.NEVER).legal_mask(hand, led, win))
    'T5 T15'
    """

    ALWAYS = "always"
    OPPONENTS = "opponents"
    NEVER = "never"


class PartnerTrumped(enum.Enum):
    """BE-7.6 (2): a player void in the led suit whose partner is winning the trick with a trump
    (only consulted with ``overtrump=opponents``). ``N`` is the hand's non-trumps, ``U`` its trumps
    that beat the partner's, ``Tr`` all its trumps.

    >>> PartnerTrumped("no_undertrump"), TrickRules().partner_trumped
    (<PartnerTrumped.NO_UNDERTRUMP: 'no_undertrump'>, <PartnerTrumped.FREE: 'free'>)
    """

    FREE = "free"
    """Any card, a lower trump included (FFB)."""
    OVERTRUMP_IF_TRUMPING = "overtrump_if_trumping"
    """``N ∪ U`` if ``U`` is not empty, else any card (BGA)."""
    NO_UNDERTRUMP = "no_undertrump"
    """``N ∪ U`` if ``N`` is not empty; holding only trumps, ``U`` or else ``Tr`` (pagat variant)."""
    ONLY_TRUMPS_OVERTRUMP = "only_trumps_overtrump"
    """Any card if ``N`` is not empty; holding only trumps, ``U`` or else ``Tr``."""


def _class_name(cls: int) -> str:
    return "trumps" if cls == TRUMP_CLASS else Suit(cls).label


@attrs.frozen
class TrickRules:
    """Legal-card and winner rules for one deal (see the module docstring).

    ``trumps`` is the mask of the cards that are trumps in this deal (the 21 tarot trumps, or a
    Belote trump suit, or 0); ``fool`` the mask of the fool card (or 0).

    >>> from tarotlib.core.cards import SUIT_MASKS, Suit, card_mask, format_cards, parse_card, parse_cards
    >>> no_fool = TrickRules(trumps=SUIT_MASKS[Suit.HEARTS], fool=0, trump_label="hearts")
    >>> led, win = no_fool.follow(-1, -1, parse_card("KS"))
    >>> format_cards(no_fool.legal_mask(card_mask(parse_cards("2H 3D T21")), led, win))
    '2H'
    """

    rank_order: RankOrder = STANDARD
    trumps: int = TRUMP_MASK
    fool: int = EXCUSE_MASK
    must_trump: bool = True
    overtrump: Overtrump = Overtrump.ALWAYS
    trump_lead_higher: bool = True
    undertrump: bool = True
    partner_trumped: PartnerTrumped = PartnerTrumped.FREE
    follow_higher: bool = False
    follow_higher_partner: bool = True
    trump_label: str | None = None
    """Name of the trumps in messages (``"spades"``): a non-trump played on a trump lead is then
    rejected with ``must follow spades`` rather than ``must play a trump``."""
    notation: Notation = attrs.field(default=TAROT_NOTATION, eq=False, repr=False)
    pretty_reasons: bool = False
    """Name cards in rejection reasons in the notation's pretty form (``♥Q``) instead of its text."""
    card_class: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    class_masks: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    above: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    lead_class: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """The class each card sets when it leads a trick: its own, or -1 for the fool."""
    beats: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """``beats[win]``: the mask of the cards that take the trick from the card ``win`` (FT-9.3,
    BE-8, LO-6.4): a higher card of its class, or a trump when it is not one."""
    steps: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(init=False, repr=False, eq=False)
    """The distinct lists of legal-card steps ``(condition, result)`` (see the module docstring);
    ``step_list`` says which list applies."""
    step_list: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """``step_list[((led + 1) * 79 + win + 1) * 2 + partner_winning]``: the index in ``steps`` of
    the list for that trick state (0, the empty list, before a card is led)."""
    table: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = attrs.field(
        init=False, repr=False, eq=False
    )
    """The lists of ``steps`` by trick state, for reading in Python: ``table[win + 1][led + 1]``
    when the player's partner is not winning the trick, ``partner_table[win + 1][led + 1]`` when
    he is (the same lists as ``step_list`` points to: what :meth:`legal_mask` and the card-play
    phase's hot path read)."""
    partner_table: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = attrs.field(
        init=False, repr=False, eq=False
    )

    def __attrs_post_init__(self) -> None:
        key = (
            self.rank_order,
            self.trumps,
            self.fool,
            self.must_trump,
            self.overtrump,
            self.trump_lead_higher,
            self.undertrump,
            self.partner_trumped,
            self.follow_higher,
            self.follow_higher_partner,
        )
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = self._tables()
        for name, value in zip(_TABLE_NAMES, tables, strict=True):
            object.__setattr__(self, name, value)

    def _tables(self) -> tuple[tuple[object, ...], ...]:
        """The tables of these rules (built once per set of flags and shared)."""
        classes = [NO_CLASS] * 78
        masks = [0] * 6
        for i in range(78):
            bit = 1 << i
            if self.fool & bit:
                cls = FOOL_CLASS
            elif self.trumps & bit:
                cls = TRUMP_CLASS
            else:
                cls = next((s for s in range(4) if SUIT_MASKS[s] & bit), NO_CLASS)
            classes[i] = cls
            if cls >= 0:
                masks[cls] |= bit
        strength = self.rank_order.strength
        above = [0] * 78
        for i in range(78):
            cls = classes[i]
            if cls < 0 or cls == FOOL_CLASS:
                continue
            m = 0
            for j in range(78):
                if classes[j] == cls and strength[j] > strength[i]:
                    m |= 1 << j
            above[i] = m
        # FT-9.3, FT-10.2, LO-6.3, BE-8: the fool sets no suit; a card takes the trick by being
        # higher in the winning card's class, or a trump over a plain card.
        lead_class = tuple(c if 0 <= c < FOOL_CLASS else NO_CLASS for c in classes)
        trumps = masks[TRUMP_CLASS]
        beats = tuple(
            0 if c < 0 or c == FOOL_CLASS else above[w] | (trumps if c != TRUMP_CLASS else 0)
            for w, c in enumerate(classes)
        )
        lists: dict[tuple[tuple[int, int], ...], int] = {(): 0}
        step_list = [0] * (6 * 79 * 2)
        for led in range(5):
            for win in range(78):
                if classes[win] not in (led, TRUMP_CLASS):
                    continue  # not a trick state: the winning card is of the led class or a trump
                for partner in (0, 1):
                    found = self._steps(led, win, bool(partner), masks, above, classes)
                    index = lists.setdefault(found, len(lists))
                    step_list[((led + 1) * 79 + win + 1) * 2 + partner] = index
        steps = tuple(lists)
        by_win = tuple(
            tuple(
                tuple(
                    steps[step_list[((led + 1) * 79 + win + 1) * 2 + partner]]
                    for led in range(-1, 5)
                )
                for win in range(-1, 78)
            )
            for partner in (0, 1)
        )
        return (
            tuple(classes),
            tuple(masks),
            tuple(above),
            lead_class,
            beats,
            steps,
            tuple(step_list),
            by_win[0],
            by_win[1],
        )

    def _steps(
        self,
        led: int,
        win: int,
        partner_winning: bool,
        masks: list[int],
        above: list[int],
        classes: list[int],
    ) -> tuple[tuple[int, int], ...]:
        """The legal cards of a trick state as ``(condition, result)`` steps: the rules of the
        module docstring (FT-9.2, FT-10.1, BE-7.4 – BE-7.7, LO-6.2, CH-11), stated once.

        The fool may always be played (FT-10.1, LO-7.1): it is in every result that restricts
        what may be played, except the partner-trumped positions of BE-7.6 (2), which name the
        cards allowed."""
        fool = self.fool
        higher = above[win]
        out: list[tuple[int, int]] = []
        follow = masks[led]
        if led == TRUMP_CLASS:
            if self.trump_lead_higher:  # FT-9.2, BE-7.4: a higher trump if held
                out.append((follow & higher, follow & higher | fool))
            out.append((follow, follow | fool))
            return tuple(out)  # no trump: any card
        if (
            self.follow_higher
            and classes[win] == led
            and (self.follow_higher_partner or not partner_winning)
        ):
            out.append((follow & higher, follow & higher | fool))  # BE-7.7: beat the winning card
        out.append((follow, follow | fool))  # follow suit
        trumps = self.trumps
        if not self.must_trump:
            return tuple(out)
        opponents = self.overtrump is Overtrump.OPPONENTS
        if classes[win] != TRUMP_CLASS:
            if not (partner_winning and opponents):
                out.append((trumps, trumps | fool))  # trump when void
            return tuple(out)
        if self.overtrump is Overtrump.NEVER:
            out.append((trumps, trumps | fool))  # LO-6.2: any trump
            return tuple(out)
        over = trumps & higher
        if partner_winning and opponents:  # BE-7.6 (2)
            rule = self.partner_trumped
            others = FULL_MASK & ~trumps
            if rule is PartnerTrumped.OVERTRUMP_IF_TRUMPING:
                out.append((over, others | over))
            elif rule is PartnerTrumped.NO_UNDERTRUMP:
                out += [(others, others | over), (over, over), (trumps, trumps)]
            elif rule is PartnerTrumped.ONLY_TRUMPS_OVERTRUMP:
                out += [(others, FULL_MASK), (over, over), (trumps, trumps)]
            return tuple(out)
        out.append((over, over | fool))  # FT-9.2: overtrump
        if self.undertrump:
            out.append((trumps, trumps | fool))  # undertrump rather than discard
        return tuple(out)

    # -- trick state ---------------------------------------------------------------------------

    def follow(self, led: int, win: int, card: int) -> tuple[int, int]:
        """The trick state ``(led, win)`` after ``card`` is played (FT-9.3, FT-10.2, LO-6.3).

        >>> from tarotlib.core.cards import parse_card
        >>> rules = FRENCH_TAROT_TRICKS
        >>> led, win = rules.follow(-1, -1, parse_card("EX"))  # the Excuse led: nothing to follow yet
        >>> led, win
        (-1, -1)
        >>> led, win = rules.follow(led, win, parse_card("QD"))
        >>> led, win = rules.follow(led, win, parse_card("KD"))
        >>> led, parse_card("KD") == win
        (2, True)
        """
        if led < 0:
            cls = self.lead_class[card]
            return (cls, card) if cls >= 0 else (led, win)
        return (led, card) if self.beats[win] >> card & 1 else (led, win)

    def winner_position(self, cards: Sequence[int]) -> int:
        """Position (0-based) in ``cards`` of the card that wins the trick under the plain rule:
        highest trump, else highest card of the suit to follow; the fool never wins.

        >>> from tarotlib.core.cards import parse_cards
        >>> FRENCH_TAROT_TRICKS.winner_position(parse_cards("EX 4C KC T1"))
        3
        """
        led, win = NO_CLASS, NO_CLASS
        for c in cards:
            led, win = self.follow(led, win, c)
        if win < 0:
            raise ValueError("a trick made only of fool cards has no winner")
        return list(cards).index(win)

    # -- legal cards ---------------------------------------------------------------------------

    def legal_mask(self, hand: int, led: int, win: int, partner_winning: bool = False) -> int:
        """Mask of the cards of ``hand`` that may be played to a trick in state ``(led, win)``.

        ``partner_winning`` says whether ``win`` was played by the player's partner; it only
        matters with ``overtrump=opponents``.

        >>> from tarotlib.core.cards import card_mask, format_cards, parse_card, parse_cards
        >>> led, win = FRENCH_TAROT_TRICKS.follow(-1, -1, parse_card("7S"))
        >>> format_cards(FRENCH_TAROT_TRICKS.legal_mask(card_mask(parse_cards("2S KS T3 EX")), led, win))
        '2S KS EX'
        >>> format_cards(FRENCH_TAROT_TRICKS.legal_mask(card_mask(parse_cards("KH T3 T4 EX")), led, win))
        'T3 T4 EX'
        """
        table = self.partner_table if partner_winning else self.table
        for condition, result in table[win + 1][led + 1]:
            if hand & condition:
                return hand & result
        return hand

    def explain(
        self, hand: int, led: int, win: int, card: int, partner_winning: bool = False
    ) -> str | None:
        """Why ``card`` may not be played (None if it may): ``must follow hearts``, ``must trump``,
        ``must overtrump T14``, ``must play a trump``, ``must undertrump``, ``must beat ♠9``,
        ``must not undertrump partner's ♣Q``, ``card not in hand``.

        >>> from tarotlib.core.cards import card_mask, parse_card, parse_cards
        >>> led, win = FRENCH_TAROT_TRICKS.follow(-1, -1, parse_card("7S"))
        >>> hand = card_mask(parse_cards("2S KH T3"))
        >>> FRENCH_TAROT_TRICKS.explain(hand, led, win, parse_card("KH"))
        'must follow spades'
        >>> FRENCH_TAROT_TRICKS.explain(hand, led, win, parse_card("2S")) is None
        True
        """
        if not hand >> card & 1:
            return "card not in hand"
        legal = self.legal_mask(hand, led, win, partner_winning)
        if legal >> card & 1:
            return None
        cls = self.card_class[card]
        name = self._name(win)
        whose = "partner's " if partner_winning else ""
        if led == TRUMP_CLASS:
            if cls != TRUMP_CLASS:
                return (
                    f"must follow {self.trump_label}" if self.trump_label else "must play a trump"
                )
            return f"must overtrump {name}"
        if hand & self.class_masks[led]:
            if cls != led:
                return f"must follow {_class_name(led)}"
            return f"must beat {whose}{name}"  # BE-7.7
        partner_trumped = (
            partner_winning
            and self.overtrump is Overtrump.OPPONENTS
            and self.card_class[win] == TRUMP_CLASS
        )
        if partner_trumped:  # BE-7.6 (2)
            if legal & ~self.trumps:
                return f"must not undertrump partner's {name}"
            return f"must overtrump partner's {name}"
        if cls != TRUMP_CLASS:
            # FT-21.7: a card of another suit while trumps are due is rejected with "must trump",
            # or "must undertrump" when no trump can beat the one in the trick.
            if self.card_class[win] == TRUMP_CLASS and not legal & self.above[win]:
                return f"must undertrump (no trump higher than {name})"
            return "must trump"
        return f"must overtrump {name}"

    def _name(self, card: int) -> str:
        if card < 0:
            return "?"
        forms = self.notation.pretties if self.pretty_reasons else self.notation.texts
        return forms[card]


_TABLE_NAMES: Final = (
    "card_class",
    "class_masks",
    "above",
    "lead_class",
    "beats",
    "steps",
    "step_list",
    "table",
    "partner_table",
)
_TABLES: dict[tuple[object, ...], tuple[tuple[object, ...], ...]] = {}
"""The tables of each set of trick-rule flags met so far (a game builds its rules again and again:
the tables are built once)."""

FRENCH_TAROT_TRICKS: Final = TrickRules()
"""FT-9.2: follow suit; trump when void; always overtrump (even a partner); go higher on a trump
lead; undertrump rather than discard. The Excuse is the fool."""


@attrs.frozen
class PlayedTrick:
    """A completed trick: who led, the cards in play order, and the seat that won it.

    >>> from tarotlib.core.cards import parse_cards
    >>> trick = PlayedTrick(leader=2, cards=tuple(parse_cards("KH 4H EX 7H")), winner=2)
    >>> trick.text
    'led by 2: KH 4H EX 7H -> seat 2'
    """

    leader: int
    cards: tuple[int, ...]
    winner: int

    def seat_of(self, position: int, players: int, sitter: int = -1) -> int:
        """The seat that played the card at ``position``, at a table of ``players`` seats where
        ``sitter`` (if any, -1 for none) sits the deal out and plays no card (CH-2.3).

        >>> from tarotlib.core.cards import parse_cards
        >>> trick = PlayedTrick(leader=2, cards=tuple(parse_cards("KH 4H EX 7H")), winner=2)
        >>> [trick.seat_of(position, players=4) for position in range(4)]
        [2, 3, 0, 1]
        >>> five = PlayedTrick(leader=4, cards=tuple(parse_cards("KH 4H EX 7H 2H")), winner=4)
        >>> [five.seat_of(position, players=6, sitter=0) for position in range(5)]
        [4, 5, 1, 2, 3]
        """
        if sitter < 0:
            return (self.leader + position) % players
        seat = self.leader
        for _ in range(position):
            seat = (seat + 1) % players
            if seat == sitter:
                seat = (seat + 1) % players
        return seat

    def position_of(self, card: int) -> int | None:
        """Where ``card`` was played in this trick, or None.

        >>> from tarotlib.core.cards import parse_card, parse_cards
        >>> trick = PlayedTrick(leader=2, cards=tuple(parse_cards("KH 4H EX 7H")), winner=2)
        >>> trick.position_of(parse_card("EX")), trick.position_of(parse_card("QH"))
        (2, None)
        """
        return self.cards.index(card) if card in self.cards else None

    @property
    def text(self) -> str:
        """``leader 2: KH 4H EX 7H -> 2``."""
        return f"led by {self.leader}: {format_cards(self.cards)} -> seat {self.winner}"
