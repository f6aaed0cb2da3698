"""Trick play: the card-play phase of every game, and the hot path of every bot and simulation.

:class:`TrickPlay` plays the tricks under a :class:`~tarotlib.core.tricks.TrickRules` (legal cards and
the winner), with a fool rule (:mod:`tarotlib.deal.fool`: the Excuse, the Matto, the Fou), the
declarations a player may make during play (:class:`Offer`: poignée, misère, belote, sequences),
an optional restriction of the opening lead (FT-5.5) and the sides of the deal. When the last trick
is complete the deal moves on (to the scoring).

>>> import tarotlib
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
>>> state.phase, state.to_act, [a.text for a in state.legal_actions()][:3]
('play', 1, ['play JS', 'play QS', 'play TH'])
>>> state.apply(rules.parse_action("play 7H"))
Traceback (most recent call last):
    ...
tarotlib.errors.IllegalActionError: play 7H: ♥7 is not in seat 1's hand

**Speed.** This module is the only one that reads and writes a state's trick slots directly
(see :mod:`tarotlib.deal.state` for the slot layout). The tricks it uses, all here:

- the per-deal constants of play live in one :class:`PlayContext` (in the state's phase-data slot),
  built once when play begins: the rank tables of the trick rules (``card_class``, ``above``), the
  next seat of each seat, the canonical ``Play`` action of each card and a mask decoder;
- a card is played by building the next state with ``object.__new__`` and slot stores (no
  ``__init__``), flipping one bit of the packed hands, and updating the trick's ``(led, win, ws)``
  with the rank tables inline (what :meth:`~tarotlib.core.tricks.TrickRules.follow` does);
- the legal-card mask computed by ``legal_actions()`` is kept on the state (``_memo``) so that the
  following ``apply()`` does not compute it again, and the decoded action tuple too (``_acts``); a
  lead needs no trick rules (any card may lead: ``TrickRules.legal_mask`` gives the whole hand);
- ``apply()`` holds the whole play of a card (no call to a helper): :meth:`TrickPlay.play` is the
  same code, entered with a card known to be legal (a declaration's card);
- cards are plain ``int`` indices (``Play._index``, not ``Card``): CPython specialises its int
  operations for exact ints only;
- a completed trick goes to its winner's pile with one shift and one OR (piles are packed like the
  hands); the fool rule is consulted only when the trick holds the fool or something is pending;
- for playouts, :meth:`TrickPlay.play_cards` runs these steps for card after card on local
  variables, with cards chosen from the legal mask, and builds no state in between.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, Protocol, SupportsIndex, TypeVar, cast

import attrs

from tarotlib import _compiled
from tarotlib._bits import mask_decoder
from tarotlib.core.actions import Action, Declare, Give, Play
from tarotlib.core.cards import ALL_CARDS, FULL_MASK, Notation, format_cards, parse_card
from tarotlib.core.tricks import Overtrump, TrickRules
from tarotlib.deal.data import DealData, evolve
from tarotlib.deal.fool import TrickEnd
from tarotlib.deal.phase import CardChooser, Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import SEAT_BITS, DealState, MovesNode, RawTrick, _build
from tarotlib.errors import ActionParseError, ActionTypeError, IllegalActionError

if TYPE_CHECKING:
    from tarotlib._speedups import Kernel
    from tarotlib.deal.fool import FoolRule
    from tarotlib.deal.game import Game

__all__ = ["Offer", "PlayContext", "Told", "TrickPlay", "eldest", "plays_of"]

S = TypeVar("S", bound=DealState)

_new: Final = object.__new__
_BITS: Final = tuple(1 << i for i in range(78))
_PLAYS: dict[Notation, tuple[tuple[Play, ...], Callable[[int], tuple[Play, ...]]]] = {}

_kernels_on = _compiled.COMPILED  # (the tests compare both loops in one process by turning it off)


@attrs.frozen
class Told:
    """A fact the game told every seat without an action (:meth:`Offer.told`): the ``seat`` it
    is about, its ``kind`` (a token) and the ``card`` it came with; ``text`` writes it
    ``seat <seat> <kind> <card>``.

    >>> from tarotlib.core.cards import parse_card
    >>> Told(2, "belote", int(parse_card("KS")), "seat 2 belote KS").card == parse_card("KS")
    True
    """

    seat: int
    kind: str
    card: int
    text: str


def plays_of(notation: Notation) -> tuple[tuple[Play, ...], Callable[[int], tuple[Play, ...]]]:
    """The shared ``Play`` action of each card written in ``notation``, and a decoder from a card
    mask to the tuple of those actions in index order (built once per notation).

    >>> from tarotlib.core.cards import TAROT_NOTATION, card_mask, parse_card, parse_cards
    >>> plays, decode = plays_of(TAROT_NOTATION)
    >>> plays[parse_card("KH")].text, [p.text for p in decode(card_mask(parse_cards("KH 2S")))]
    ('play KH', ['play 2S', 'play KH'])
    >>> plays_of(TAROT_NOTATION)[0] is plays   # shared: built once
    True
    """
    entry = _PLAYS.get(notation)
    if entry is None:
        plays = tuple(
            Play.of(c) if notation.name == "tarot" else Play(c, notation=notation)
            for c in ALL_CARDS
        )
        entry = _PLAYS[notation] = (plays, mask_decoder(plays))
    return entry


def eldest(state: DealState) -> int:
    """The first active seat after the dealer (FT-9.1, BE-5.2, LO-6.1, CH-11.1): the seat
    after the dealer, or the one after it when that seat sits the deal out (``data.sitter``).

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> eldest(rules.new_deal(seed=1, dealer=0)), eldest(rules.new_deal(seed=1, dealer=3))
    (1, 0)
    """
    d = state.data
    n = state.rules.players
    seat = (d.dealer + 1) % n
    if seat == d.sitter:
        seat = (seat + 1) % n
    return seat


class Offer(Protocol):
    """A declaration a player may make during play (a poignée, a misère, belote, a sequence).

    When play begins an offer may note what it needs in the deal's facts (:meth:`setup`) and is
    asked whether it can come up in this deal at all (:meth:`active`); if so,
    ``legal_actions()`` lists its :meth:`actions` before the cards while
    its window is open (the first trick, or the whole deal when ``whole_deal``), and a ``Declare``
    action whose kind it :meth:`handles` is given to :meth:`apply`. An offer may also react to
    cards being played (:meth:`watch`, :meth:`played`). The offers of :mod:`tarotlib.deal.offers`
    subclass it.

    FT-8: seat 1, first to play, may show a poignée of ten trumps before his first card.

    >>> import tarotlib
    >>> rules = tarotlib.variant("french-tarot", players=4)
    >>> state = rules.new_deal(seed=292)
    >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
    ...     state = state.apply(rules.parse_action(text))
    >>> [type(offer).__name__ for offer in state.rules.phase_list[-2].offers]
    ['ShowDeclaration', 'ClaimDeclaration']
    >>> [a.text for a in state.legal_actions()][:2]
    ['declare simple-poignee T1 T6 T7 T9 T10 T13 T14 T16 T17 T21', 'play KS']
    """

    __slots__ = ()  # its implementations are slotted attrs classes

    @property
    def whole_deal(self) -> bool:
        """True if the offer stays open after the first trick.

        >>> import tarotlib
        >>> show, claim = tarotlib.variant("french-tarot").phase_list[-2].offers
        >>> show.whole_deal, tarotlib.variant("belote", belote_announce="explicit").belote_offer.whole_deal
        (False, True)
        """
        ...

    def setup(self, state: DealState) -> DealData:
        """The deal's facts when play begins, with what the offer notes then (the pairs held,
        each hand's combinations...); ``state`` holds the facts so far.

        BE-9.1: belote-rebelote notes who holds the King and Queen of trumps (seat 2, hearts).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid hearts"))
        >>> state.data.notes
        (('belote_holders', ((1, 2),)),)
        >>> rules.belote_offer.setup(state).notes[-1]
        ('belote_holders', ((1, 2),))
        """
        ...

    def active(self, state: DealState) -> bool:
        """Whether the offer can come up in this deal (asked once, when play begins).

        BE-9.1: belote-rebelote only when one player holds the King and Queen of trumps.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> states = [rules.new_deal(seed=seed).apply(rules.parse_action("bid hearts")) for seed in (5, 6)]
        >>> [rules.belote_offer.active(state) for state in states]
        [True, False]
        """
        ...

    def actions(self, state: DealState, mask: int) -> tuple[Action, ...]:
        """The declarations the seat to act may make now (``mask``: its legal cards).

        FT-8.3: seat 1 holds ten trumps, a simple poignée.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=292)
        >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        ...     state = state.apply(rules.parse_action(text))
        >>> play = state.rules.phase_list[-2]
        >>> [a.text for a in play.offers[0].actions(state, play.mask(state))]
        ['declare simple-poignee T1 T6 T7 T9 T10 T13 T14 T16 T17 T21']
        """
        ...

    def handles(self, action: Declare) -> bool:
        """True if ``action`` is one of this offer's kinds.

        >>> import tarotlib
        >>> from tarotlib.core.actions import Declare
        >>> from tarotlib.variants.french_tarot import DeclarationKind
        >>> show, claim = tarotlib.variant("french-tarot").phase_list[-2].offers
        >>> misere = Declare(DeclarationKind.NO_TRUMPS_MISERE)
        >>> show.handles(misere), claim.handles(misere)
        (False, True)
        """
        ...

    def apply(self, state: S, action: Declare, play: TrickPlay) -> S:
        """The state after the declaration (``play.play(...)`` plays a card with it).

        FT-8.2: the poignée is recorded and its player then plays his first card.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=292)
        >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        ...     state = state.apply(rules.parse_action(text))
        >>> play = state.rules.phase_list[-2]
        >>> poignee = state.legal_actions()[0]
        >>> after = play.offers[0].apply(state, poignee, play)
        >>> [(d.seat, d.kind.token) for d in after.data.declarations], after.to_act
        ([(1, 'simple-poignee')], 1)
        """
        ...

    def watch(self, state: DealState) -> int:
        """Cards whose play :meth:`played` must see (asked once, when play begins).

        BE-9.2: the engine announces belote-rebelote as the King and Queen of trumps are played.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid hearts"))
        >>> tarotlib.format_cards(rules.belote_offer.watch(state))
        'QH KH'
        """
        ...

    def played(self, state: DealState, data: DealData, seat: int, card: int) -> DealData:
        """The deal's facts ``data`` after ``seat`` plays a watched ``card`` (``state`` is the
        state before it).

        BE-9.2: seat 2 plays the King of trumps while holding the Queen: "belote".

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid hearts"))
        >>> data = rules.belote_offer.played(state, state.data, 2, tarotlib.parse_card("KH"))
        >>> rules.belote_offer.announced(data)
        ((2, <Announcement.BELOTE: 'belote'>, Card(KH)),)
        """
        ...

    def told(self, state: DealState) -> tuple[Told, ...]:
        """What the engine has told every seat for this offer without an action, in order
        (default: nothing): what :meth:`Game.told_facts <tarotlib.deal.game.Game.told_facts>`
        gathers.

        BE-9.2: the automatic belote, told as seat 2 plays the King of trumps.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=5).apply(rules.parse_action("bid hearts"))
        >>> rules.belote_offer.told(state)
        ()
        """
        return ()

    def told_kinds(self, game: Game[DealState]) -> tuple[str, ...]:
        """The kinds of the facts :meth:`told` may ever give in ``game`` (default: none), for a
        layout of fixed size (the tensors of :mod:`tarotlib.ai`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> rules.belote_offer.told_kinds(rules)
        ('belote', 'rebelote')
        """
        return ()

    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """Every declaration the offer may ever make in ``game``, in a fixed order (see
        :meth:`~tarotlib.deal.phase.Phase.action_space`).

        FT-8.3: a poignée of each level is a set of cards, chosen card by card.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> [item.head.text for item in rules.phase_list[-2].offers[0].action_space(rules)]
        ['declare simple-poignee', 'declare double-poignee', 'declare triple-poignee']
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not list its declarations: override Offer.action_space "
            "to use it with an action codec"
        )

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        """The verbs its declarations are written with (``declare ...``): ``verb -> (parser,
        help)``; a parser returns None for another offer's kind.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", declarations="poignee_and_misere")
        >>> claim = rules.phase_list[-2].offers[1]
        >>> parse, help_text = claim.parsers(rules)["declare"]
        >>> parse(["no-trumps-misere"]).text, parse(["simple-poignee"]), help_text
        ('declare no-trumps-misere', None, 'declare <kind> [cards]')
        """
        ...


class PlayContext:
    """The constants of one deal's play, built when play begins (see the module docstring).

    ``key`` identifies it (two contexts with equal keys are equal): the trick rules, the sides,
    the offers in force and the opening-lead rule. It is the play phase's own data
    (:meth:`TrickPlay.local`) and is shared by the game's deals that have the same key.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> play = state.current_phase
    >>> context = play.local(state)
    >>> type(context).__name__, context.size, context.last, context.nxt
    ('PlayContext', 4, 8, (1, 2, 3, 0))
    >>> later = rules.new_deal(seed=7).apply(rules.parse_action("bid spades"))
    >>> play.local(later) is context
    True
    """

    __slots__ = (
        "beats",
        "chooser",
        "decode",
        "fool",
        "fool_rule",
        "kernel",
        "key",
        "last",
        "lead_class",
        "lead_rule",
        "legal",
        "mates",
        "nxt",
        "offers",
        "open_offers",
        "plays",
        "rules",
        "size",
        "table",
        "watch",
        "watchers",
    )

    key: tuple[object, ...]
    rules: TrickRules
    legal: Callable[..., int]
    table: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] | None
    lead_class: tuple[int, ...]
    beats: tuple[int, ...]
    plays: tuple[Play, ...]
    decode: Callable[[int], tuple[Play, ...]]
    nxt: tuple[int, ...]
    size: int
    last: int
    mates: tuple[int, ...] | None
    fool: int
    fool_rule: FoolRule | None
    chooser: Callable[[object], int] | None
    offers: tuple[Offer, ...]
    open_offers: tuple[Offer, ...]
    watch: int
    watchers: tuple[tuple[int, Offer], ...]
    lead_rule: Callable[[DealState, int, int], int] | None
    kernel: Kernel | None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayContext) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


RulesOf = Callable[[DealData], TrickRules]


@attrs.frozen
class TrickPlay(Phase[PlayContext]):
    """Play the tricks (FT-9, BE-7/8, LO-6, CH-11) — see the module docstring.

    - ``rules``: the trick rules, or a function of the deal's facts giving them (Belote: one per
      contract);
    - ``leader``: who leads the first trick (default :func:`eldest`);
    - ``setup``: the deal's facts when play begins, typically with the sides (and the partner)
      decided then (FT-5.3); by default the sides stay as they are, or every seat is a side;
    - ``fool``: the fool rule (the Excuse, the Matto, the Fou), or None;
    - ``offers``: the declarations that may be made during play, in the order they are listed;
    - ``opening_lead``: a restriction of the first card of the deal: ``(state, hand, legal mask)``
      to the allowed mask (FT-5.5), and ``opening_lead_reason``: ``(state, card)`` to the reason
      given when it refuses a card;
    - ``name_cards``: rejections name the card (``cannot play ♥Q: must follow spades``,
      ``♥Q is not in seat 2's hand``) in the game's pretty notation, instead of giving the reason
      alone (``must follow spades``);
    - ``expects``: what the phase expects, in the message for an action of another kind.

    >>> import tarotlib
    >>> play = tarotlib.variant("french-tarot", players=5).phase_list[-2]
    >>> play.name, type(play.fool).__name__, [type(offer).__name__ for offer in play.offers]
    ('play', 'ExcuseRule', ['ShowDeclaration', 'ClaimDeclaration'])
    >>> play.opening_lead is not None   # FT-5.5: no lead of the called suit (bar the called card)
    True
    """

    secret_verbs: ClassVar[frozenset[str]] = frozenset({"give"})  # a fool's payment card
    rules: TrickRules | RulesOf
    leader: Callable[[DealState], int] = eldest
    setup: Callable[[DealState], DealData] | None = None
    fool: FoolRule | None = None
    offers: tuple[Offer, ...] = ()
    opening_lead: Callable[[DealState, int, int], int] | None = None
    opening_lead_reason: Callable[[DealState, int], str] | None = None
    name_cards: bool = False
    expects: str = "a card to play"
    name: str = attrs.field(default="play", init=False)
    _contexts: dict[tuple[object, ...], PlayContext] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    # -- entering -------------------------------------------------------------------------------
    def start(self, state: S) -> S:
        game = state.rules
        n = game.players
        data = state.data if self.setup is None else self.setup(state)
        if not data.sides:
            data = evolve(data, sides=tuple(range(n)))
        rules = self.rules if isinstance(self.rules, TrickRules) else self.rules(data)
        s = state  # a fresh state: set up in place
        s._s_data = data
        for offer in self.offers:
            s._s_data = offer.setup(s)
        data = s._s_data
        active = 0  # the offers that can come up in this deal, as bits of their index
        watching: tuple[int, ...] = ()
        for i, offer in enumerate(self.offers):
            if offer.active(s):
                active |= 1 << i
                watching += (offer.watch(s),)
        cards = s._s_hands.bit_count()
        # Keyed by identity: the trick rules are shared objects (one per game and contract).
        key = (id(rules), data.sides, data.sitter, cards, active, watching)
        x = self._contexts.get(key)
        if x is None:
            x = self._contexts[key] = self._context(state, rules, key)
        s._s_local = x
        s._s_actor = s._s_leader = self.leader(s)
        return s

    def _context(self, state: DealState, rules: TrickRules, key: tuple[object, ...]) -> PlayContext:
        """The constants of play for a deal with these trick rules, sides, sitter, number of
        cards in play, offers that can come up and cards they watch (built once per key)."""
        _, sides, sitter, cards, active, watching = key
        offers = tuple(o for i, o in enumerate(self.offers) if cast(int, active) >> i & 1)
        watchers = tuple(
            (w, o) for w, o in zip(cast("tuple[int, ...]", watching), offers, strict=True) if w
        )
        n = state.rules.players
        x = _new(PlayContext)
        seated = tuple(s for s in range(n) if s != sitter)
        nxt = [-1] * n
        for i, seat in enumerate(seated):
            nxt[seat] = seated[(i + 1) % len(seated)]
        partner_rules = rules.overtrump is Overtrump.OPPONENTS or (
            rules.follow_higher and not rules.follow_higher_partner
        )
        x.key = (rules, *key[1:])
        x.rules = rules
        x.legal = rules.legal_mask
        # The steps of the trick rules, read inline on the hot path (None: a subclass of
        # TrickRules with a legal_mask of its own, called instead).
        x.table = rules.table if type(rules).legal_mask is TrickRules.legal_mask else None
        x.lead_class = rules.lead_class
        x.beats = rules.beats
        x.plays, x.decode = plays_of(state.rules.notation)
        x.nxt = tuple(nxt)
        x.size = len(seated)
        x.last = cast(int, cards) // len(seated)
        x.mates = None
        if partner_rules:
            sd = cast("tuple[int, ...]", sides)
            x.mates = tuple(
                sum(1 << t for t in range(n) if t != s and sd[t] == sd[s]) for s in range(n)
            )
        x.fool = rules.fool if self.fool is not None else 0
        x.fool_rule = self.fool
        x.chooser = self.fool.chooser if self.fool is not None and self.fool.chooses else None
        x.offers = offers
        x.open_offers = tuple(o for o in offers if o.whole_deal)
        x.watchers = watchers
        x.watch = 0
        for w, _ in x.watchers:
            x.watch |= w
        x.lead_rule = self.opening_lead
        x.kernel = _kernel(x, rules)
        return x

    # -- legal actions --------------------------------------------------------------------------
    def mask(self, state: DealState) -> int:
        """The legal cards of the seat to act, as a mask (and keeps them on the state for
        ``apply``).

        BE-7: seat 2 must follow the Ace of diamonds led.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state = state.apply(rules.parse_action("play AD"))
        >>> tarotlib.format_cards(state.rules.phase_list[-2].mask(state), rules.notation)
        '7D JD'
        """
        x: PlayContext = state._s_local
        seat = state._s_actor
        hand = state._s_hands >> SEAT_BITS * seat & FULL_MASK
        ws = state._s_wseat
        partner = x.mates is not None and ws >= 0 and x.mates[seat] >> ws & 1 == 1
        table = x.table
        if table is None:  # a subclass of TrickRules with a legal_mask of its own
            mask = x.legal(hand, state._s_led, state._s_win, partner)
        else:  # TrickRules.legal_mask, its table read inline (legal() does the same)
            mask = hand
            for condition, result in (x.rules.partner_table if partner else table)[
                state._s_win + 1
            ][state._s_led + 1]:
                if hand & condition:
                    mask = hand & result
                    break
        if x.lead_rule is not None and not state._s_tricks and not state._s_trick:
            mask = x.lead_rule(state, hand, mask)
        state._s_memo = mask
        return mask

    def _choosing(self, x: PlayContext, pending: object) -> bool:
        """True when the fool rule asks a seat to choose (the state's ``pending``)."""
        return x.chooser is not None and pending is not None and x.chooser(pending) >= 0

    def legal_cards(self, state: DealState) -> int:
        """The legal cards as a mask (see :meth:`~tarotlib.deal.phase.Phase.legal_cards`): -1
        while the fool rule asks for a choice or declarations may be offered.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state = state.apply(rules.parse_action("play AD"))
        >>> play = state.rules.phase_list[-2]
        >>> tarotlib.format_cards(play.legal_cards(state), rules.notation)
        '7D JD'
        """
        if type(self).legal is not TrickPlay.legal:
            return -1  # a subclass lists its legal actions its own way
        x: PlayContext = state._s_local
        if x.chooser is not None and self._choosing(x, state._s_pending):
            return -1
        if x.offers and (not state._s_tricks or x.open_offers):
            return -1  # declarations may come first: legal_actions() says
        mask = state._s_memo
        return mask if mask >= 0 else TrickPlay.mask(self, state)  # what legal() computes

    def legal(self, state: DealState) -> tuple[Action, ...]:
        x: PlayContext = state._s_local
        if x.chooser is not None and self._choosing(x, state._s_pending):
            assert x.fool_rule is not None
            return x.fool_rule.choices(state)
        mask = state._s_memo
        if mask < 0:  # what mask() does, inlined (the hot path of every bot)
            seat = state._s_actor
            hand = state._s_hands >> SEAT_BITS * seat & FULL_MASK
            ws = state._s_wseat
            partner = x.mates is not None and ws >= 0 and x.mates[seat] >> ws & 1 == 1
            table = x.table
            if table is None:  # a subclass of TrickRules with a legal_mask of its own
                mask = x.legal(hand, state._s_led, state._s_win, partner)
            else:  # TrickRules.legal_mask, its table read inline
                mask = hand
                for condition, result in (x.rules.partner_table if partner else table)[
                    state._s_win + 1
                ][state._s_led + 1]:
                    if hand & condition:
                        mask = hand & result
                        break
            if x.lead_rule is not None and not state._s_tricks and not state._s_trick:
                mask = x.lead_rule(state, hand, mask)
            state._s_memo = mask
        acts: tuple[Action, ...] = x.decode(mask)
        if x.offers and (not state._s_tricks or x.open_offers):
            acts = self.offered(state, mask) + acts
        return acts

    def offered(self, state: DealState, mask: int) -> tuple[Action, ...]:
        """The declarations the seat to act may make now, in the order of the offers (what
        ``legal_actions()`` lists before the cards).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=4)
        >>> state = rules.new_deal(seed=292)
        >>> for text in ("bid garde-sans", "pass", "pass", "pass", "no-slam"):
        ...     state = state.apply(rules.parse_action(text))
        >>> play = state.rules.phase_list[-2]
        >>> [a.text for a in play.offered(state, play.mask(state))]
        ['declare simple-poignee T1 T6 T7 T9 T10 T13 T14 T16 T17 T21']
        """
        x: PlayContext = state._s_local
        out: tuple[Action, ...] = ()
        for offer in x.offers if not state._s_tricks else x.open_offers:
            out += offer.actions(state, mask)
        return out

    def legal_mask(self, state: DealState) -> int:
        """The legal cards of the seat to act (kept on the state once computed): what an offer
        checks a declaration's card against.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state.rules.phase_list[-2].legal_mask(state) == state.hand_mask(1)
        True
        """
        mask = state._s_memo
        return mask if mask >= 0 else self.mask(state)

    # -- applying -------------------------------------------------------------------------------
    def apply(
        self,
        state: S,
        action: Action,
        card: int = -1,
        data: DealData | None = None,
        seat: int = -1,
        record: bool = True,
        to_act: int = -1,
    ) -> S:
        """Apply the action of the seat to act: a card (checked against the legal cards), a
        declaration (handed to its offer) or a choice the fool rule asked for. With ``card``
        (a card index) it plays that card, known to be legal, recording ``action`` and the new
        facts ``data``: what :meth:`play` does (see it for ``seat``, ``record`` and ``to_act``).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state.rules.phase_list[-2].apply(state, rules.parse_action("play AD")).current_trick
        (Card(1D),)
        """
        # The card-play hot path of every game, one call per card: see **Speed** above.
        x: PlayContext = state._s_local
        if card < 0:  # an action given by a player: check it
            if x.chooser is not None and self._choosing(x, state._s_pending):
                return self._choose(state, action)
            if type(action) is not Play:
                if isinstance(action, Declare):
                    for offer in self.offers:
                        if offer.handles(action):
                            return offer.apply(state, action, self)
                raise state.wrong(action, self.expects)
            card = action._index
            legal = state._s_memo
            if legal < 0:
                legal = self.mask(state)
            if not legal >> card & 1:
                raise self.rejection(state, action)
            action = x.plays[card]
        leader = state._s_leader
        history: MovesNode | None
        if seat < 0:
            seat = state._s_actor
            history = (state._s_history, action, seat)
        else:  # play()'s options: a card played for another seat, perhaps chosen by no one
            history = (state._s_history, action, state._s_actor) if record else state._s_history
            if not state._s_trick:
                leader = seat  # the seat of a trick's first card leads it
        hands = state._s_hands ^ 1 << card + SEAT_BITS * seat
        if x.watch >> card & 1:
            for watched, watcher in x.watchers:
                if watched >> card & 1:
                    data = watcher.played(
                        state, state._s_data if data is None else data, seat, card
                    )
        if data is None:
            data = state._s_data
        # FT-9.3, FT-10.2, BE-8, LO-6.4 (TrickRules.follow, its tables inlined).
        led = state._s_led
        win = state._s_win
        ws = state._s_wseat
        if led < 0:
            led = x.lead_class[card]
            if led >= 0:
                win = card
                ws = seat
        elif x.beats[win] >> card & 1:
            win = card
            ws = seat
        trick = state._s_trick + (card,)
        tricks = state._s_tricks
        piles = state._s_piles
        fx = state._s_pending
        last = False
        if len(trick) < x.size:
            actor = x.nxt[seat] if to_act < 0 else to_act
        else:  # the trick is complete: its winner takes it and leads the next one
            mask = 0
            for c in trick:
                mask |= _BITS[c]
            last = len(tricks) + 1 == x.last
            if mask & x.fool or fx is not None:
                assert x.fool_rule is not None
                end = TrickEnd(data, piles, fx, leader, tricks, x.nxt, trick, mask, ws, last)
                ws, piles, fx, data = x.fool_rule.trick_end(end)
            else:
                piles |= mask << SEAT_BITS * ws
            tricks += ((leader, trick, ws),)
            actor = leader = ws
            if x.chooser is not None and fx is not None:
                chooser = x.chooser(fx)
                if chooser >= 0:  # the fool's owner chooses a card before play goes on
                    actor = chooser
                    last = False
            led = win = ws = -1
            trick = ()
        # _build's stores, inline: the state after every card of every game (see **Speed**).
        s = _new(state.__class__)
        s._s_game = state._s_game
        s._s_data = data
        s._s_history = history
        s._s_index = state._s_index
        s._s_phase = state._s_phase
        s._s_actor = actor
        s._s_hands = hands
        s._s_local = x
        s._s_led = led
        s._s_win = win
        s._s_wseat = ws
        s._s_trick = trick
        s._s_leader = leader
        s._s_tricks = tricks
        s._s_piles = piles
        s._s_pending = fx
        s._s_memo = -1
        s._s_actions = None
        return s.enter(s._s_index + 1) if last else s

    def _choose(self, state: S, action: Action) -> S:
        """A choice the fool rule asked for (LO-7.7 ``any_own_card``); then play goes on."""
        x: PlayContext = state._s_local
        assert x.fool_rule is not None
        piles, fx, data = x.fool_rule.choose(state, action)
        s = state.proceed(action, to_act=state._s_leader, data=data)
        s._s_piles = piles
        s._s_pending = fx
        if len(state._s_tricks) == x.last:
            return s.enter(s._s_index + 1)
        return s

    def rejection(self, state: DealState, action: Play) -> IllegalActionError:
        """Why ``action`` may not be played (``must follow hearts``, ``must overtrump T14``...),
        as the error that ``apply`` raises.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state = state.apply(rules.parse_action("play AD"))
        >>> play = state.rules.phase_list[-2]
        >>> str(play.rejection(state, rules.parse_action("play 9S")))
        'play 9S: cannot play ♠9: must follow diamonds'
        """
        x: PlayContext = state._s_local
        seat = state._s_actor
        card = action.card
        deck = state.rules.deck
        if not deck.mask >> card & 1:  # named in its canonical text: the game's may have none
            return self.reject(f"{card.text} is not a card of the {deck.name} pack", action)
        hand = state._s_hands >> SEAT_BITS * seat & FULL_MASK
        if self.name_cards:
            name = state.rules.notation.pretty(card)
            if not hand >> card & 1:
                return self.reject(f"{name} is not in seat {seat}'s hand", action)
        ws = state._s_wseat
        pw = x.mates is not None and ws >= 0 and x.mates[seat] >> ws & 1 == 1
        reason = x.rules.explain(hand, state._s_led, state._s_win, card, pw)
        if reason is None:  # the card is legal for the trick: the opening-lead rule refused it
            reason = (
                "may not lead this card to the first trick"
                if self.opening_lead_reason is None
                else self.opening_lead_reason(state, card)
            )
        if self.name_cards:
            reason = f"cannot play {name}: {reason}"
        return self.reject(reason, action)

    def play(
        self,
        state: S,
        card: int,
        action: Action,
        data: DealData | None = None,
        seat: int = -1,
        *,
        record: bool = True,
        to_act: int = -1,
    ) -> S:
        """Play ``card`` (known to be legal) for the seat to act, recording ``action`` (the card
        played, or a declaration made with it) and, if given, the deal's new facts ``data``.

        ``seat`` plays the card for another seat than the one to act (a dummy whose card the
        seat to act chooses); ``record=False`` leaves it out of the history (a card no one
        chose: it is turned from a pile); ``to_act`` names the seat to act next when the trick
        goes on (default: the next seat in turn). The seat of a trick's first card leads it.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> ace = rules.parse_action("play AD")
        >>> after = state.rules.phase_list[-2].play(state, ace.card, ace)
        >>> after == state.apply(ace), after.current_trick, after.to_act
        (True, (Card(1D),), 2)
        """
        return self.apply(state, action, int(card), data, seat, record, to_act)

    def play_cards(
        self,
        state: S,
        choose: CardChooser | None = None,
        *,
        draw: Callable[[int], int] | None = None,
    ) -> S:
        """Play the cards ``choose(seat, legal, trick)`` returns (or, with ``draw``, the legal card
        of rank ``draw(n)`` among the ``n`` legal cards in index order) while the legal actions are
        the legal cards alone (see :meth:`~tarotlib.deal.phase.Phase.play_cards`):
        the fast path of playouts. The trick is followed in local variables, as :meth:`apply`
        does it, and no state is built in between, except where something reads it: while the
        offers' window is open (the state is built to ask them; the run stops before a card when
        they offer a declaration) and for the first lead under an opening-lead rule. A card that
        needs more goes through :meth:`apply`: a card watched by an offer; the card that ends a
        trick holding the fool, or ending while the fool rule has something pending, or ending
        the last trick. The run also stops when the fool rule asks for a choice, and when the
        deal leaves the phase.

        A subclass that overrides :meth:`apply` gets no fast path (the state is returned as it
        is) unless it overrides this method too.

        A card that is not a legal card of the seat raises
        :class:`~tarotlib.errors.IllegalActionError` (an int) or
        :class:`~tarotlib.errors.ActionTypeError` (anything else).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> play = state.rules.phase_list[-2]
        >>> lowest = lambda seat, legal, trick: (legal & -legal).bit_length() - 1
        >>> over = play.play_cards(state, lowest)
        >>> loop = state
        >>> while not loop.is_over:
        ...     loop = loop.apply(loop.legal_actions()[0])   # the lowest card index first
        >>> over == loop, over.result == loop.result, play.play_cards(state, draw=lambda n: 0) == loop
        (True, True, True)
        """
        if (choose is None) == (draw is None):
            raise TypeError("play_cards() takes a card chooser or a draw, one of them")
        if type(self).apply is not TrickPlay.apply:
            return state  # a subclass plays its cards its own way: no fast path
        # The same steps as apply(), with the state's slots in local variables.
        x: PlayContext = state._s_local
        fx = state._s_pending
        if x.chooser is not None and self._choosing(x, fx):
            return state
        offers, open_offers, lead_rule = x.offers, x.open_offers, x.lead_rule
        legal, mates, lead_class, beats = x.legal, x.mates, x.lead_class, x.beats
        plays, nxt, size, watch, fool, last = x.plays, x.nxt, x.size, x.watch, x.fool, x.last
        bits, seat_bits, full = _BITS, SEAT_BITS, FULL_MASK  # (locals: faster than globals)
        base = state  # the last state built: the slots that do not change here come from it
        index = state._s_index
        h, hands, seat = state._s_history, state._s_hands, state._s_actor
        led, win, ws = state._s_led, state._s_win, state._s_wseat
        trick, lead, tricks, piles = (
            state._s_trick,
            state._s_leader,
            state._s_tricks,
            state._s_piles,
        )
        pick = cast("CardChooser", choose)  # given whenever draw is not (checked above)
        taken = 0  # the cards of the trick in progress, as a mask
        for c in trick:
            taken |= _BITS[c]
        # The trick's last card goes through apply() if the fool rule has something pending or
        # the trick is the last one.
        ending = fx is not None or len(tricks) + 1 == last
        # Declarations may be offered (for the first trick, or the whole deal): they are asked.
        window = offers and (not tricks or open_offers)
        kernel = x.kernel if _kernels_on else None
        # the compiled kernel's way of choosing (2: the chooser's card)
        mode, fn = 2, cast("Callable[..., object] | None", choose)
        if draw is not None:
            # randrange's algorithm on this getrandbits (tarotlib.ai.playout's random draw)
            getrandbits = getattr(draw, "getrandbits", None)
            mode, fn = (0, getrandbits) if getrandbits is not None else (1, draw)
        while True:
            # The offers and the opening-lead rule read the state: it is built for them.
            reads = window or (led < 0 and lead_rule is not None and not tricks and not trick)
            if kernel is not None and not reads:
                # The compiled kernel plays the plain cards, as the loop below does, and stops
                # at the first card that goes through apply() (or at a trick's end when the
                # offers' window opens, or at a refused card).
                stop, card, mask, h, hands, seat, led, win, ws, trick, lead, tricks, piles = (
                    kernel.run(mode, fn, _card_index, h, hands, seat, led, win, ws, trick, lead,
                               tricks, piles, fx is not None)
                )  # fmt: skip
                taken = 0
                for c in trick:
                    taken |= _BITS[c]
                ending = fx is not None or len(tricks) + 1 == last
                if stop == 1:
                    window = True  # declarations may be offered now: ask them
                    continue
                if stop == 2:
                    at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                    raise self._refused(at, card, mask)
            else:
                if reads:
                    at = base
                    if h is not base._s_history:
                        at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                    mask = self.mask(at)
                    if window and self.offered(at, mask):
                        return at  # legal_actions() lists declarations
                elif mates is None:
                    mask = legal(hands >> seat_bits * seat & full, led, win)
                else:
                    hand = hands >> seat_bits * seat & full
                    mask = legal(hand, led, win, ws >= 0 and mates[seat] >> ws & 1 == 1)
                if draw is not None:
                    n = mask.bit_count()
                    rank = draw(n)
                    card = mask
                    if rank + rank < n:  # the legal card of that rank, from the lowest
                        while rank:
                            card &= card - 1
                            rank -= 1
                        card = (card & -card).bit_length() - 1
                    else:  # or from the highest
                        rank = n - 1 - rank
                        while rank:
                            card ^= 1 << card.bit_length() - 1
                            rank -= 1
                        card = card.bit_length() - 1
                else:
                    card = pick(seat, mask, trick)
                    if type(card) is not int:
                        card = _card_index(card)
                    if card < 0 or not mask >> card & 1:
                        at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                        raise self._refused(at, card, mask)
            action = plays[card]
            if (watch and watch >> card & 1) or (
                len(trick) + 1 == size and (ending or (taken | bits[card]) & fool)
            ):
                # The general path for this card: build the state and apply() it.
                at = base
                if h is not base._s_history:
                    at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                after = self.apply(at, action, card)
                if after._s_index != index or after._s_actor < 0:
                    return after  # the deal has left the phase
                base = after
                h, hands, seat = after._s_history, after._s_hands, after._s_actor
                led, win, ws = after._s_led, after._s_win, after._s_wseat
                trick, lead, tricks = after._s_trick, after._s_leader, after._s_tricks
                piles, fx = after._s_piles, after._s_pending
                taken = 0
                for c in trick:
                    taken |= _BITS[c]
                ending = fx is not None or len(tricks) + 1 == last
                window = offers and (not tricks or open_offers)
                if x.chooser is not None and self._choosing(x, fx):
                    return after  # the fool rule asks for a choice
                continue
            h = (h, action, seat)
            hands ^= 1 << card + seat_bits * seat
            taken |= bits[card]
            if led < 0:  # FT-9.3, FT-10.2, BE-8, LO-6.4: TrickRules' tables, as in apply()
                led = lead_class[card]
                if led >= 0:
                    win = card
                    ws = seat
            elif beats[win] >> card & 1:
                win = card
                ws = seat
            trick += (card,)
            if len(trick) < size:
                seat = nxt[seat]
                continue
            # A trick is complete (no fool, nothing pending, not the last): to its winner.
            piles |= taken << seat_bits * ws
            tricks += ((lead, trick, ws),)
            ending = len(tricks) + 1 == last
            window = offers and open_offers
            seat = lead = ws
            led = win = ws = -1
            trick = ()
            taken = 0

    def _refused(self, state: DealState, card: int, legal: int) -> IllegalActionError:
        """The error for a chosen ``card`` that is not one of the ``legal`` cards of the seat to
        act in ``state``."""
        seat = state._s_actor
        cards = format_cards(legal, state.rules.notation)
        if 0 <= card < len(ALL_CARDS):
            play: Play = self.local(state).plays[card]
            reason = self.rejection(state, play).reason
            return IllegalActionError(
                f"the card chosen for seat {seat} is illegal: {reason} (legal: {cards})", play
            )
        return IllegalActionError(f"the card chosen for seat {seat} is not a card index: {card}")

    # -- text -------------------------------------------------------------------------------------
    def action_space(self, game: Game[DealState]) -> tuple[SpaceItem, ...]:
        """The cards, a fool payment card (when the fool rule lets a player choose it), then each
        offer's declarations.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> space = rules.phase_list[-2].action_space(rules)
        >>> len(space), space[0].text
        (32, 'play AS')
        """
        plays = plays_of(game.notation)[0]  # the shared actions that legal_actions() hands out
        out: list[SpaceItem] = [plays[c] for c in sorted(game.deck.cards)]
        if self.fool is not None and self.fool.chooses:
            out.extend(card_actions(Give, game))
        for offer in self.offers:
            out.extend(offer.action_space(game))
        return tuple(out)

    def parsers(self, game: Game[DealState]) -> Mapping[str, tuple[Parser, str]]:
        plays = plays_of(game.notation)[0]

        def play(args: list[str]) -> Action:
            if len(args) != 1:
                raise ActionParseError("play takes one card, e.g. 'play KH'")
            return plays[parse_card(args[0])]

        out: dict[str, tuple[Parser, str]] = {"play": (play, "play <card>")}
        if self.fool is not None and self.fool.chooses:

            def give(args: list[str]) -> Action:
                if len(args) != 1:
                    raise ActionParseError("give takes one card, e.g. 'give 6S'")
                return Give(parse_card(args[0]))

            out["give"] = (give, "give <card>")
        for offer in self.offers:
            for verb, (parser, text) in offer.parsers(game).items():
                if verb in out:  # several offers write "declare ...": try each in turn
                    first, first_text = out[verb]
                    out[verb] = (_chain(first, parser), first_text)
                else:
                    out[verb] = (parser, text)
        return out


def _chain(first: Parser, second: Parser) -> Parser:
    def parse(args: list[str]) -> Action | None:
        action = first(args)
        return action if action is not None else second(args)

    return parse


def _kernel(x: PlayContext, rules: TrickRules) -> Kernel | None:
    """The compiled kernel of play_cards() for the constants ``x`` of play under ``rules`` (None:
    not built, or trick rules whose legal cards are not :meth:`TrickRules.legal_mask`'s)."""
    speedups = _compiled.speedups
    if (
        speedups is None
        or type(rules).legal_mask is not TrickRules.legal_mask
        or type(rules).follow is not TrickRules.follow
        or len(x.nxt) > 8
    ):
        return None
    kernel: Kernel = speedups.Kernel(
        lead_class=rules.lead_class,
        beats=rules.beats,
        steps=rules.steps,
        step_list=rules.step_list,
        nxt=x.nxt,
        size=x.size,
        last=x.last,
        mates=x.mates,
        fool=x.fool,
        watch=x.watch,
        open_window=bool(x.open_offers),
        plays=x.plays,
    )
    return kernel


def _card_index(card: object) -> int:
    """``card`` as a card index for play_cards(): an int (or an integer type such as numpy's),
    not a bool."""
    if not isinstance(card, bool) and isinstance(card, SupportsIndex):
        return operator.index(card)
    raise ActionTypeError(
        f"a card chooser returns a card index (an int), not {type(card).__name__} {card!r}"
    )


def _at(
    base: S,
    h: MovesNode | None,
    hands: int,
    seat: int,
    led: int,
    win: int,
    ws: int,
    trick: tuple[int, ...],
    lead: int,
    tricks: tuple[RawTrick, ...],
    piles: int,
) -> S:
    """The play state with these trick slots, the others as in ``base`` (for play_cards())."""
    return _build(
        base.__class__, base._s_game, base._s_data, h, base._s_index, base._s_phase, seat,
        hands, base._s_local, led, win, ws, trick, lead, tricks, piles, base._s_pending,
    )  # fmt: skip


def play_actions(cards: Sequence[int], notation: Notation) -> tuple[Play, ...]:
    """The shared ``Play`` actions of ``cards`` in ``notation``."""
    plays = plays_of(notation)[0]
    return tuple(plays[c] for c in cards)
