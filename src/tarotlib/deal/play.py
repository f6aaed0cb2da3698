"""Trick play: the card-play phase of every game, and the hot path of every bot and simulation.

:class:`TrickPlay` plays the tricks under a :class:`~tarotlib.tricks.TrickRules` (legal cards and
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
  with the rank tables inline (what :meth:`~tarotlib.tricks.TrickRules.follow` does);
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
from typing import TYPE_CHECKING, ClassVar, Final, Protocol, TypeVar, cast

import attrs

from tarotlib import _compiled
from tarotlib._bits import mask_decoder
from tarotlib.actions import Action, Declare, Give, Play
from tarotlib.cards import ALL_CARDS, FULL_MASK, Notation, format_cards, parse_card
from tarotlib.deal.data import DealData, evolve
from tarotlib.deal.phase import CardChooser, Parser, Phase, SpaceItem, card_actions
from tarotlib.deal.state import SEAT_BITS, DealState
from tarotlib.errors import ActionParseError, ActionTypeError, IllegalActionError
from tarotlib.tricks import FOOL_CLASS, TRUMP_CLASS, Overtrump, PartnerTrumped, TrickRules

if TYPE_CHECKING:
    from tarotlib._speedups import Kernel
    from tarotlib.deal.fool import FoolRule
    from tarotlib.deal.game import Game

__all__ = ["Offer", "PlayContext", "Told", "TrickPlay", "eldest", "plays_of"]

S = TypeVar("S", bound=DealState)

_new: Final = object.__new__
_BITS: Final = tuple(1 << i for i in range(78))
_PLAYS: dict[Notation, tuple[tuple[Play, ...], Callable[[int], tuple[Play, ...]]]] = {}

_kernels_on = (
    _compiled.COMPILED
)  # (the tests compare both loops in one process by turning this off)
_OVERTRUMP: Final = {Overtrump.ALWAYS: 0, Overtrump.OPPONENTS: 1, Overtrump.NEVER: 2}
_PARTNER_TRUMPED: Final = {
    PartnerTrumped.FREE: 0,
    PartnerTrumped.OVERTRUMP_IF_TRUMPING: 1,
    PartnerTrumped.NO_UNDERTRUMP: 2,
    PartnerTrumped.ONLY_TRUMPS_OVERTRUMP: 3,
}


@attrs.frozen
class Told:
    """A fact the game told every seat without an action (:meth:`Offer.told`): the ``seat`` it
    is about, its ``kind`` (a token) and the ``card`` it came with; ``text`` writes it
    ``seat <seat> <kind> <card>``.

    >>> from tarotlib.cards import parse_card
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

    >>> from tarotlib.cards import TAROT_NOTATION, card_mask, parse_card, parse_cards
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
    d = state._d
    n = state._g.players
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
        >>> from tarotlib.actions import Declare
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
    the offers in force and the opening-lead rule. It lives in the state's phase-data slot
    during play (``state._x``) and is shared by the game's deals that have the same key.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
    >>> context = state._x
    >>> type(context).__name__, context.size, context.last, context.nxt
    ('PlayContext', 4, 8, (1, 2, 3, 0))
    >>> rules.new_deal(seed=7).apply(rules.parse_action("bid spades"))._x is context
    True
    """

    __slots__ = (
        "above",
        "card_class",
        "choosing",
        "decode",
        "fool",
        "fool_rule",
        "kernel",
        "key",
        "last",
        "lead_rule",
        "legal",
        "mates",
        "nxt",
        "offers",
        "open_offers",
        "plays",
        "rules",
        "size",
        "watch",
        "watchers",
    )

    key: tuple[object, ...]
    rules: TrickRules
    legal: Callable[..., int]
    card_class: tuple[int, ...]
    above: tuple[int, ...]
    plays: tuple[Play, ...]
    decode: Callable[[int], tuple[Play, ...]]
    nxt: tuple[int, ...]
    size: int
    last: int
    mates: tuple[int, ...] | None
    fool: int
    fool_rule: FoolRule | None
    choosing: bool
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
class TrickPlay(Phase):
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
        data = state._d if self.setup is None else self.setup(state)
        if not data.sides:
            data = evolve(data, sides=tuple(range(n)))
        rules = self.rules if isinstance(self.rules, TrickRules) else self.rules(data)
        s = state  # a fresh state: set up in place
        s._d = data
        for offer in self.offers:
            s._d = offer.setup(s)
        data = s._d
        active = 0  # the offers that can come up in this deal, as bits of their index
        watching: tuple[int, ...] = ()
        for i, offer in enumerate(self.offers):
            if offer.active(s):
                active |= 1 << i
                watching += (offer.watch(s),)
        cards = s._hands.bit_count()
        # Keyed by identity: the trick rules are shared objects (one per game and contract).
        key = (id(rules), data.sides, data.sitter, cards, active, watching)
        x = self._contexts.get(key)
        if x is None:
            x = self._contexts[key] = self._context(state, rules, key)
        s._x = x
        s._to = s._lead = self.leader(s)
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
        active = tuple(s for s in range(n) if s != sitter)
        nxt = [-1] * n
        for i, seat in enumerate(active):
            nxt[seat] = active[(i + 1) % len(active)]
        partner_rules = rules.overtrump is Overtrump.OPPONENTS or (
            rules.follow_higher and not rules.follow_higher_partner
        )
        x.key = (rules, *key[1:])
        x.rules = rules
        x.legal = rules.legal_mask
        x.card_class = rules.card_class
        x.above = rules.above
        x.plays, x.decode = plays_of(state.rules.notation)
        x.nxt = tuple(nxt)
        x.size = len(active)
        x.last = cast(int, cards) // len(active)
        x.mates = None
        if partner_rules:
            sd = cast("tuple[int, ...]", sides)
            x.mates = tuple(
                sum(1 << t for t in range(n) if t != s and sd[t] == sd[s]) for s in range(n)
            )
        x.fool = rules.fool if self.fool is not None else 0
        x.fool_rule = self.fool
        x.choosing = self.fool is not None and self.fool.chooses
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
        x: PlayContext = state._x  # type: ignore[assignment]
        seat = state._to
        hand = state._hands >> SEAT_BITS * seat & FULL_MASK
        if state._led < 0:  # any card may lead (TrickRules.legal_mask gives the whole hand)
            mask = hand
            if x.lead_rule is not None and not state._tricks and not state._trick:
                mask = x.lead_rule(state, hand, mask)
        elif x.mates is None:
            mask = x.legal(hand, state._led, state._win)
        else:
            ws = state._ws
            mask = x.legal(hand, state._led, state._win, ws >= 0 and x.mates[seat] >> ws & 1 == 1)
        state._memo = mask
        return mask

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
        x: PlayContext = state._x  # type: ignore[assignment]
        if x.choosing and state._fx is not None and x.fool_rule.chooser(state._fx) >= 0:  # type: ignore[union-attr]
            return -1
        if x.offers and (not state._tricks or x.open_offers):
            return -1  # declarations may come first: legal_actions() says
        mask = state._memo
        return mask if mask >= 0 else TrickPlay.mask(self, state)  # what legal() computes

    def legal(self, state: DealState) -> tuple[Action, ...]:
        x: PlayContext = state._x  # type: ignore[assignment]
        if x.choosing and state._fx is not None and x.fool_rule.chooser(state._fx) >= 0:  # type: ignore[union-attr]
            return x.fool_rule.choices(state)  # type: ignore[union-attr]
        mask = state._memo
        if mask < 0:  # what mask() does, inlined (the hot path of every bot)
            seat = state._to
            hand = state._hands >> SEAT_BITS * seat & FULL_MASK
            if state._led < 0:
                mask = hand
                if x.lead_rule is not None and not state._tricks and not state._trick:
                    mask = x.lead_rule(state, hand, mask)
            elif x.mates is None:
                mask = x.legal(hand, state._led, state._win)
            else:
                ws = state._ws
                pw = ws >= 0 and x.mates[seat] >> ws & 1 == 1
                mask = x.legal(hand, state._led, state._win, pw)
            state._memo = mask
        acts: tuple[Action, ...] = x.decode(mask)
        if x.offers and (not state._tricks or x.open_offers):
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
        x: PlayContext = state._x  # type: ignore[assignment]
        out: tuple[Action, ...] = ()
        for offer in x.offers if not state._tricks else x.open_offers:
            out += offer.actions(state, mask)
        return out

    # -- applying -------------------------------------------------------------------------------
    def apply(
        self,
        state: S,
        action: Action,
        card: int = -1,
        data: DealData | None = None,
        seat: int = -1,
    ) -> S:
        """Apply the action of the seat to act: a card (checked against the legal cards), a
        declaration (handed to its offer) or a choice the fool rule asked for. With ``card``
        (a card index) it plays that card, known to be legal, recording ``action`` and the new
        facts ``data``: what :meth:`play` does for an offer; ``seat`` then names the seat whose
        card it is when that is not the seat to act (a dummy whose card another seat chooses).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> state.rules.phase_list[-2].apply(state, rules.parse_action("play AD")).current_trick
        (Card(1D),)
        """
        # The card-play hot path of every game, one call per card: see **Speed** above.
        x: PlayContext = state._x  # type: ignore[assignment]
        if card < 0:  # an action given by a player: check it
            if x.choosing and state._fx is not None and x.fool_rule.chooser(state._fx) >= 0:  # type: ignore[union-attr]
                return self._choose(state, action)
            if type(action) is not Play:
                if isinstance(action, Declare):
                    for offer in self.offers:
                        if offer.handles(action):
                            return offer.apply(state, action, self)
                raise state.wrong(action, self.expects)
            card = action._index
            legal = state._memo
            if legal < 0:
                legal = self.mask(state)
            if not legal >> card & 1:
                raise self.rejection(state, action)
            action = x.plays[card]
        if seat < 0:
            seat = state._to
        s = _new(state.__class__)
        s._g = state._g
        s._h = (state._h, action, state._to)
        s._i = state._i
        s._ph = state._ph
        s._x = x
        s._hands = state._hands ^ 1 << card + SEAT_BITS * seat
        s._memo = -1
        s._acts = None
        if x.watch >> card & 1:
            for watched, watcher in x.watchers:
                if watched >> card & 1:
                    data = watcher.played(state, state._d if data is None else data, seat, card)
        s._d = state._d if data is None else data
        # BE-8, FT-9.3, LO-6.4 (TrickRules.follow, inlined): does the card take the lead?
        cls = x.card_class[card]
        led = state._led
        win = state._win
        ws = state._ws
        if cls != FOOL_CLASS:
            if led < 0:
                led = cls
                win = card
                ws = seat
            else:
                wcls = x.card_class[win]
                if cls == wcls:
                    if x.above[win] >> card & 1:
                        win = card
                        ws = seat
                elif cls == TRUMP_CLASS:
                    win = card
                    ws = seat
        trick = state._trick + (card,)
        if len(trick) < x.size:
            s._to = x.nxt[seat]
            s._led = led
            s._win = win
            s._ws = ws
            s._trick = trick
            s._lead = state._lead
            s._tricks = state._tricks
            s._piles = state._piles
            s._fx = state._fx
            return s
        # The trick is complete: its winner takes it and leads the next one.
        mask = 0
        for c in trick:
            mask |= _BITS[c]
        tricks = state._tricks
        last = len(tricks) + 1 == x.last
        fx = state._fx
        if mask & x.fool or fx is not None:
            assert x.fool_rule is not None
            ws, piles, fx = x.fool_rule.trick_end(s, state, trick, mask, ws, last)
        else:
            piles = state._piles | mask << SEAT_BITS * ws
        s._tricks = tricks + ((state._lead, trick, ws),)
        s._piles = piles
        s._fx = fx
        s._led = s._win = s._ws = -1
        s._trick = ()
        s._lead = ws
        if x.choosing and fx is not None:
            chooser = x.fool_rule.chooser(fx)  # type: ignore[union-attr]
            if chooser >= 0:  # the fool's owner chooses a card before play goes on
                s._to = chooser
                return s
        if not last:
            s._to = ws
            return s
        return s._enter(s._i + 1)

    def _choose(self, state: S, action: Action) -> S:
        """A choice the fool rule asked for (LO-7.7 ``any_own_card``); then play goes on."""
        x: PlayContext = state._x  # type: ignore[assignment]
        assert x.fool_rule is not None
        piles, fx, data = x.fool_rule.choose(state, action)
        s = state.proceed(action, to_act=state._lead, data=data)
        s._piles = piles
        s._fx = fx
        if len(state._tricks) == x.last:
            return s._enter(s._i + 1)
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
        x: PlayContext = state._x  # type: ignore[assignment]
        seat = state._to
        card = action.card
        hand = state._hands >> SEAT_BITS * seat & FULL_MASK
        if self.name_cards:
            name = state.rules.notation.pretty(card)
            if not hand >> card & 1:
                return self.reject(f"{name} is not in seat {seat}'s hand", action)
        ws = state._ws
        pw = x.mates is not None and ws >= 0 and x.mates[seat] >> ws & 1 == 1
        reason = x.rules.explain(hand, state._led, state._win, card, pw)
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
        self, state: S, card: int, action: Action, data: DealData | None = None, seat: int = -1
    ) -> S:
        """Play ``card`` (known to be legal) for the seat to act (or for ``seat``, a seat whose
        card the seat to act chooses), recording ``action`` (the card played, or a declaration
        made with it) and, if given, the deal's new facts ``data``.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4).apply(rules.parse_action("bid spades"))
        >>> ace = rules.parse_action("play AD")
        >>> after = state.rules.phase_list[-2].play(state, ace.card, ace)
        >>> after == state.apply(ace), after.current_trick, after.to_act
        (True, (Card(1D),), 2)
        """
        return self.apply(state, action, int(card), data, seat)

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
        x: PlayContext = state._x  # type: ignore[assignment]
        fx = state._fx
        if x.choosing and fx is not None and x.fool_rule.chooser(fx) >= 0:  # type: ignore[union-attr]
            return state
        offers, open_offers, lead_rule = x.offers, x.open_offers, x.lead_rule
        legal, mates, card_class, above = x.legal, x.mates, x.card_class, x.above
        plays, nxt, size, watch, fool, last = x.plays, x.nxt, x.size, x.watch, x.fool, x.last
        bits, seat_bits, full = _BITS, SEAT_BITS, FULL_MASK  # (locals: faster than globals)
        no_class, trump = FOOL_CLASS, TRUMP_CLASS
        base = state  # the last state built: the slots that do not change here come from it
        index = state._i
        h, hands, seat = state._h, state._hands, state._to
        led, win, ws = state._led, state._win, state._ws
        trick, lead, tricks, piles = state._trick, state._lead, state._tricks, state._piles
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
                    if h is not base._h:
                        at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                    mask = self.mask(at)
                    if window and self.offered(at, mask):
                        return at  # legal_actions() lists declarations
                elif led < 0:
                    mask = hands >> seat_bits * seat & full
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
                    card = choose(seat, mask, trick)  # type: ignore[misc]
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
                if h is not base._h:
                    at = _at(base, h, hands, seat, led, win, ws, trick, lead, tricks, piles)
                after = self.apply(at, action, card)
                if after._i != index or after._to < 0:
                    return after  # the deal has left the phase
                base = after
                h, hands, seat = after._h, after._hands, after._to
                led, win, ws = after._led, after._win, after._ws
                trick, lead, tricks = after._trick, after._lead, after._tricks
                piles, fx = after._piles, after._fx
                taken = 0
                for c in trick:
                    taken |= _BITS[c]
                ending = fx is not None or len(tricks) + 1 == last
                window = offers and (not tricks or open_offers)
                if x.choosing and fx is not None and x.fool_rule.chooser(fx) >= 0:  # type: ignore[union-attr]
                    return after  # the fool rule asks for a choice
                continue
            h = (h, action, seat)
            hands ^= 1 << card + seat_bits * seat
            taken |= bits[card]
            cls = card_class[card]  # BE-8, FT-9.3, LO-6.4, as in apply()
            if cls != no_class:
                if led < 0:
                    led = cls
                    win = card
                    ws = seat
                else:
                    wcls = card_class[win]
                    if cls == wcls:
                        if above[win] >> card & 1:
                            win = card
                            ws = seat
                    elif cls == trump:
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
        seat = state._to
        cards = format_cards(legal, state.rules.notation)
        if card < len(ALL_CARDS):
            play: Play = state._x.plays[card]  # type: ignore[attr-defined]
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
        card_class=rules.card_class,
        class_masks=rules.class_masks,
        above=rules.above,
        trumps=rules.trumps,
        rules_fool=rules.fool,
        must_trump=rules.must_trump,
        overtrump=_OVERTRUMP[rules.overtrump],
        trump_lead_higher=rules.trump_lead_higher,
        undertrump=rules.undertrump,
        partner_trumped=_PARTNER_TRUMPED[rules.partner_trumped],
        follow_higher=rules.follow_higher,
        follow_higher_partner=rules.follow_higher_partner,
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
    if not isinstance(card, bool):
        try:
            return operator.index(card)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ActionTypeError(
        f"a card chooser returns a card index (an int), not {type(card).__name__} {card!r}"
    )


def _at(
    base: S,
    h: object,
    hands: int,
    seat: int,
    led: int,
    win: int,
    ws: int,
    trick: tuple[int, ...],
    lead: int,
    tricks: tuple[tuple[int, tuple[int, ...], int], ...],
    piles: int,
) -> S:
    """The play state with these trick slots, the others as in ``base`` (for play_cards())."""
    s = _new(base.__class__)
    s._g = base._g
    s._d = base._d
    s._h = h  # type: ignore[assignment]
    s._i = base._i
    s._ph = base._ph
    s._to = seat
    s._hands = hands
    s._x = base._x
    s._led = led
    s._win = win
    s._ws = ws
    s._trick = trick
    s._lead = lead
    s._tricks = tricks
    s._piles = piles
    s._fx = base._fx
    s._memo = -1
    s._acts = None
    return s


def play_actions(cards: Sequence[int], notation: Notation) -> tuple[Play, ...]:
    """The shared ``Play`` actions of ``cards`` in ``notation``."""
    plays = plays_of(notation)[0]
    return tuple(plays[c] for c in cards)
