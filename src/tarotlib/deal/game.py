"""The base class of every game on the deal machine: :class:`Game`.

A game is **facts** (the pack, the number of players, how the cards are dealt), a **phase list**
(``phases``: the mechanisms of :mod:`tarotlib.deal` with their parameters) and a **scoring**
function (:meth:`Game.score`); everything else has a default: dealing from a seed, a layout or an
explicit order, parsing actions from the phases' text forms, observations, and the conventions a
:class:`~tarotlib.match.Match` asks for (next dealer, which deals count, target, carry-over).
A subclass writes only what differs.

>>> from tarotlib import PIQUET_32, PacketSchedule
>>> from tarotlib.deal import Game, TrickPlay, DealState
>>> from tarotlib.core.tricks import TrickRules
>>> from tarotlib.core.results import DealResult
>>> class Plain(Game[DealState]):
...     name, players, deck = "plain", 4, PIQUET_32
...     dealing = PacketSchedule(packet_size=4, packets_per_player=2, kitty_size=0)
...     phases = (TrickPlay(TrickRules(fool=0, trumps=0)),)
...     def score(self, state):  # one point per trick won
...         return DealResult(tuple(state.pile_mask(s).bit_count() // 4 for s in range(4)))
>>> state = Plain().new_deal(seed=1)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> sum(state.result.scores)
8
"""

from __future__ import annotations

import abc
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol

import attrs
from typing_extensions import TypeVar

from tarotlib.core.actions import Action, named_cards
from tarotlib.core.cards import TAROT_NOTATION, Card, Notation, card_mask, format_cards
from tarotlib.core.dealing import Layout, dealt_order_of, first_dealer_from_seed, sitter_of
from tarotlib.core.decks import Deck
from tarotlib.core.results import Conversion
from tarotlib.core.rng import shuffle
from tarotlib.deal.data import Notes, check_facts, evolve, new_data
from tarotlib.deal.phase import Over, Parser, Phase
from tarotlib.deal.state import DealState, pack
from tarotlib.errors import ActionParseError, CardParseError, DealError, MatchError

if TYPE_CHECKING:
    from tarotlib.core.results import DealResult
    from tarotlib.deal.observe import Observation
    from tarotlib.deal.play import Told

__all__ = ["DealPlan", "Game"]

FRESH_SEED_BITS = 53
"""``new_deal()`` without a seed or a layout draws its seed below ``2**FRESH_SEED_BITS``."""

# A game is generic in the class of its states. Covariant, so that any game is a ``Game`` (bare:
# ``Game[DealState]``): its states are DealStates. The hooks that take a state (``score``,
# ``observe``, ...) are called by the machine only with states the game itself built.
S = TypeVar("S", bound=DealState, default=DealState, covariant=True)


class DealPlan(Protocol):
    """How a game deals an ordered pack (:class:`~tarotlib.core.dealing.PacketSchedule` and the other
    plans of :mod:`tarotlib.core.dealing`).

    >>> import tarotlib
    >>> [type(tarotlib.variant(name).dealing).__name__ for name in ("french-tarot", "belote")]
    ['PacketSchedule', 'StockSchedule']
    """

    def size(self, players: int) -> int:
        """Number of cards dealt.

        >>> import tarotlib
        >>> tarotlib.variant("belote").dealing.size(4)   # BE-3: the 32 cards, stock included
        32
        """
        ...

    def deal_cards(
        self, order: Sequence[int], players: int, dealer: int
    ) -> tuple[tuple[int, ...], int, tuple[Card, ...]]:
        """``(hand masks by seat, kitty mask, stock in dealing order)`` for the ordered pack.

        BE-3.3, BE-3.4: five cards each, no kitty, and a stock of twelve whose first card is
        turned up.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> hands, kitty, stock = rules.dealing.deal_cards(rules.deck.cards, 4, 0)
        >>> [hand.bit_count() for hand in hands], kitty, len(stock)
        ([5, 5, 5, 5], 0, 12)
        """
        ...

    def check_layout(self, layout: Layout, players: int, kitty_name: str) -> None:
        """Raise :class:`~tarotlib.errors.DealError` saying what is wrong when ``layout`` is not a
        deal this plan could have made.

        >>> import tarotlib
        >>> plan = tarotlib.variant("french-tarot", players=3).dealing
        >>> plan.check_layout(tarotlib.Layout.from_text(["KH", "QH", "JH"]), 3, "chien")
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: seat 0 has 1 cards; each hand needs 24
        """
        ...


class _Machine:
    """What a game compiles once: its phase list (with the final :class:`~tarotlib.deal.phase.Over`)
    and its action parsers."""

    __slots__ = ("help", "parsers", "phases", "plain_dealing")

    def __init__(self, game: Game[DealState]) -> None:
        phases = game.phases
        self.phases: tuple[Phase[Any], ...] = (*phases, Over())
        # A plan that neither keeps the dealing order nor leaves a seat out (the common case).
        plan = game.dealing
        self.plain_dealing = not hasattr(plan, "sitter") and not hasattr(plan, "dealt_order")
        parsers: dict[str, list[Parser]] = {}
        helps: list[tuple[bool, str]] = []
        for phase in phases:
            for verb, (parser, text) in phase.parsers(game).items():
                parsers.setdefault(verb, []).append(parser)
                if all(text != t for _, t in helps):
                    helps.append((phase.help_last, text))
        self.parsers = parsers
        self.help = ", ".join(t for _, t in sorted(helps, key=lambda h: h[0]))


class Game(abc.ABC, Generic[S]):
    """Base class of a game: set the facts and the phases, write :meth:`score`.

    Attributes a subclass sets (as class attributes, or attrs fields computed from its options):
    ``name`` (the registry name), ``players``, ``deck`` (the pack), ``dealing`` (a
    :class:`DealPlan`), ``phases`` (the phase list), ``state_class`` (the class of its states,
    :class:`~tarotlib.deal.state.DealState` or a subclass with the game's own accessors), and
    optionally ``notation`` (how cards are written in actions) and ``kitty_name`` (``chien``...).
    The module docstring builds one; every registered game is one.

    >>> import tarotlib
    >>> rules = tarotlib.variant("belote")
    >>> isinstance(rules, Game), rules.players, rules.deck.name, rules.state_class.__name__
    (True, 4, 'piquet-32', 'BeloteState')
    >>> [phase.name for phase in rules.phase_list]
    ['bidding', 'complete', 'play', 'over']
    """

    __slots__ = ("_machine_cache",)
    _machine_cache: _Machine

    name: str
    players: int
    deck: Deck
    dealing: DealPlan
    phases: Sequence[Phase[Any]]
    state_class: type[S] = DealState  # type: ignore[assignment]  # S's default: a game's own sets it
    notation: Notation = TAROT_NOTATION
    kitty_name: str = "kitty"

    # -- the machine ------------------------------------------------------------------------------
    @property
    def _machine(self) -> _Machine:
        try:
            return self._machine_cache
        except AttributeError:
            machine = _Machine(self)
            object.__setattr__(self, "_machine_cache", machine)
            return machine

    @property
    def phase_list(self) -> tuple[Phase[Any], ...]:
        """The phases of a deal, in order, ending with ``over``."""
        try:
            return self._machine_cache.phases
        except AttributeError:
            return self._machine.phases

    def __reduce__(self) -> str | tuple[object, ...]:
        # A game pickles as the arguments it was built from (an attrs class: its init fields);
        # what it derives from them (phases, the compiled machine) holds closures and is rebuilt.
        cls = type(self)
        if attrs.has(cls):
            fields = attrs.fields(cls)
            args = tuple(getattr(self, f.name) for f in fields if f.init)
            return (type(self), args)
        # Otherwise: the instance's own attributes (a game built by its own ``__init__``), set
        # back on a new instance without calling ``__init__``.
        return (object.__new__, (type(self),), dict(getattr(self, "__dict__", {})) or None)

    # -- dealing ------------------------------------------------------------------------------------
    def new_deal(
        self,
        *,
        seed: int | None = None,
        layout: Layout | None = None,
        dealer: int = 0,
        facts: Mapping[str, object] | None = None,
    ) -> S:
        """Deal from ``seed`` (with ``dealer``) or from an explicit ``layout`` (which names its
        dealer); with neither, from a fresh random seed (drawn from the operating system's
        generator, below ``2**53`` so that it is exact in JSON everywhere), kept as
        ``state.seed`` so that the deal can be replayed and recorded like any seeded deal. The
        layout's dealing order (``Layout.order``, LO-11) becomes ``data.order``, and a dealing
        plan that leaves a seat out says which (``data.sitter``, CH-2.3).

        ``facts`` are facts given with the deal (names to JSON scalars: ``bool``, ``int``,
        ``str``, ``None``), what a :class:`~tarotlib.match.Match` tells its deals
        (:meth:`deal_facts`): they become the deal's first ``notes`` and ``data.facts``, and
        records keep them, so that the deal replays identically.

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> state = rules.new_deal(seed=5, dealer=2)
        >>> again = rules.new_deal(layout=state.layout)   # the seeded deal's cards, dealt again
        >>> again.layout == state.layout, again.legal_actions() == state.legal_actions(), again.seed
        (True, True, None)
        >>> state.data.order, state.data.sitter
        (None, -1)
        >>> fresh = rules.new_deal()                       # a fresh random seed, kept
        >>> rules.new_deal(seed=fresh.seed).layout == fresh.layout
        True
        """
        given = check_facts(facts)
        if layout is not None:
            if seed is not None:
                raise DealError("give either a seed or a layout, not both")
            if not isinstance(layout, Layout):
                raise DealError(f"layout must be a tarotlib.Layout, got {type(layout).__name__}")
            self.check_layout(layout)
            return self.start(
                layout.hand_masks,
                layout.kitty_mask,
                layout.dealer,
                stock=layout.stock,
                order=layout.order,
                sitter=sitter_of(self.dealing, self.players, layout.dealer),
                facts=given,
            )
        n = self.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        if seed is None:  # a fresh deal: its seed is drawn and kept, so that it replays
            seed = secrets.randbits(FRESH_SEED_BITS)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DealError(f"seed must be an integer, got {seed!r}")
        return self._deal(shuffle(self.deck.cards, seed), dealer, seed, given)

    def deal_from_order(self, order: Sequence[int], dealer: int = 0) -> S:
        """Deal an explicitly ordered pack (its first card dealt first) with the game's plan.

        >>> import tarotlib
        >>> from tarotlib.core.rng import shuffle
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> order = shuffle(rules.deck.cards, 5)   # the order that seed 5 deals
        >>> rules.deal_from_order(order, dealer=2).layout == rules.new_deal(seed=5, dealer=2).layout
        True
        """
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise DealError(f"the order must be a sequence of cards, got {type(order).__name__}")
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in order):
            raise DealError("the order must list cards (tarotlib.Card or card indices)")
        cards = sorted(int(c) for c in order)
        if cards != sorted(self.deck.cards):
            raise DealError(
                f"the order must list each of the {len(self.deck)} cards of the {self.deck.name} "
                "pack exactly once"
            )
        n = self.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        return self._deal(list(order), dealer, None)

    def _deal(self, order: Sequence[int], dealer: int, seed: int | None, facts: Notes = ()) -> S:
        plan = self.dealing
        n = self.players
        hands, kitty, stock = plan.deal_cards(order, n, dealer)
        if self._machine.plain_dealing:
            return self.start(hands, kitty, dealer, stock=stock, seed=seed, facts=facts)
        dealt = dealt_order_of(plan, order, n, dealer)  # LO-11: the hands in dealing order
        sitter = sitter_of(plan, n, dealer)  # CH-2.3: the seat sitting the deal out
        if dealt is None and sitter < 0:
            return self.start(hands, kitty, dealer, stock=stock, seed=seed, facts=facts)
        return self.start(
            hands, kitty, dealer, stock=stock, seed=seed, order=dealt, sitter=sitter, facts=facts
        )

    def check_state(self, state: object, method: str) -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``state`` is a deal of this game (what
        ``score`` and the other methods that read a state check first).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> rules.check_state(rules.new_deal(seed=1), "score")
        >>> rules.check_state(None, "score")
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: score() takes a deal of belote, got NoneType
        """
        if not isinstance(state, DealState) or (state.rules is not self and state.rules != self):
            what = type(state).__name__
            if isinstance(state, DealState):
                what = f"a deal of {state.rules.name} under other options"
            raise DealError(f"{method}() takes a deal of {self.name}, got {what}")

    def check_result(self, result: object, method: str) -> None:
        """Raise :class:`~tarotlib.errors.MatchError` unless ``result`` is a deal result with one
        score per seat (what the match conventions check first).

        >>> import tarotlib
        >>> tarotlib.variant("belote").check_result("x", "counts_toward_match")
        Traceback (most recent call last):
            ...
        tarotlib.errors.MatchError: counts_toward_match() takes a DealResult of 4 scores, got str
        """
        from tarotlib.core.results import DealResult

        if not isinstance(result, DealResult) or len(result.scores) != self.players:
            what = type(result).__name__
            if isinstance(result, DealResult):
                what = f"{len(result.scores)} scores"
            raise MatchError(f"{method}() takes a DealResult of {self.players} scores, got {what}")

    def check_seat(self, seat: object, what: str) -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``seat`` is a seat of this game.

        >>> import tarotlib
        >>> tarotlib.variant("belote").check_seat(7, "dealer")
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: dealer must be a seat 0..3, got 7
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise DealError(f"{what} must be a seat 0..{self.players - 1}, got {seat!r}")

    def check_seed(self, seed: object, method: str) -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``seed`` is an int or None.

        >>> import tarotlib
        >>> tarotlib.variant("belote").check_seed("x", "match_first_dealer")
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: match_first_dealer() takes an integer seed or None, got 'x'
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DealError(f"{method}() takes an integer seed or None, got {seed!r}")

    def check_layout(self, layout: Layout) -> None:
        """Raise :class:`~tarotlib.errors.DealError` unless ``layout`` is a deal of this game
        (its dealing plan checks the sizes, the seat sitting out and the dealing order).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> rules.check_layout(tarotlib.Layout.from_text(["KH", "QH", "JH"]))
        Traceback (most recent call last):
            ...
        tarotlib.errors.DealError: seat 0 has 1 cards; each hand needs 24
        """
        n = self.players
        if not isinstance(layout, Layout):
            raise DealError(f"layout must be a tarotlib.Layout, got {type(layout).__name__}")
        if layout.players != n:
            raise DealError(f"the layout has {layout.players} hands; this game has {n} players")
        outside = layout.mask & ~self.deck.mask
        if outside:
            raise DealError(
                f"the layout holds cards outside the {self.deck.name} pack: "
                f"{format_cards(outside, self.notation)}"
            )
        self.dealing.check_layout(layout, n, self.kitty_name)

    def start(
        self,
        hands: Sequence[int],
        kitty: int,
        dealer: int,
        *,
        stock: Sequence[Card] = (),
        seed: int | None = None,
        order: Sequence[Sequence[Card]] | None = None,
        sitter: int = -1,
        facts: Notes = (),
    ) -> S:
        """The first state of a deal dealt as given (masks by seat), its first phase entered.
        ``order`` gives each hand in dealing order when the game keeps it (``data.order``, LO-11),
        ``sitter`` the seat sitting the deal out (``data.sitter``, CH-2.3), ``facts`` the facts
        given with the deal (``data.facts`` and the first ``data.notes``; see :meth:`new_deal`).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> layout = rules.new_deal(seed=4).layout
        >>> state = rules.start(layout.hand_masks, layout.kitty_mask, layout.dealer)
        >>> state.phase, state.layout == layout
        ('auction', True)
        """
        hands = tuple(hands)
        packed = pack(hands)
        if order is None and sitter < 0:
            data = new_data(dealer, seed, hands, kitty, tuple(stock))
        else:
            dealt = None if order is None else tuple(tuple(h) for h in order)
            data = new_data(dealer, seed, hands, kitty, tuple(stock), dealt, sitter)
        if facts:
            data = evolve(data, notes=facts, facts=facts)
        return self.state_class.first(self, data, packed).enter(0)

    # -- actions ----------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse an action's text form (each phase says which verbs it writes its actions with;
        raises :class:`~tarotlib.errors.ActionParseError` on bad text).

        >>> from tarotlib.deal import OneRoundBidding
        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(OneRoundBidding(tuple(Level)))
        >>> rules.parse_action("bid una"), rules.parse_action("pass")
        (Bid(contract=<Level.UNA: 2>), Pass())
        >>> rules.parse_action("play KH")
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionParseError: cannot parse action 'play KH'; expected pass, bid <contract>

        A card that the game's pack does not hold is refused here, with the pack named:

        >>> import tarotlib
        >>> tarotlib.variant("belote").parse_action("play T5")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tarotlib.errors.ActionParseError: cannot parse action 'play T5': T5 is not a card of the piquet-32...
        """
        if not isinstance(text, str):
            raise ActionParseError(f"an action is written as text, got {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action text")
        machine = self._machine
        for parser in machine.parsers.get(parts[0].lower(), ()):
            try:
                action = parser(parts[1:])
            except CardParseError as exc:  # a bad card in the text: the action's error, with why
                raise ActionParseError(f"cannot parse action {text!r}: {exc}") from exc
            if action is not None:
                self._check_pack(text, action)
                return action
        raise ActionParseError(f"cannot parse action {text!r}; expected {machine.help}")

    def _check_pack(self, text: str, action: Action) -> None:
        """Refuse an action naming a card the game's pack does not hold (``play T5`` in Belote)."""
        outside = card_mask(named_cards(action)) & ~self.deck.mask
        if outside:
            raise ActionParseError(f"cannot parse action {text!r}: {self.pack_refusal(outside)}")

    def pack_refusal(self, outside: int) -> str:
        """Why :meth:`parse_action` refuses an action naming the cards of the mask ``outside``,
        which the game's pack does not hold (the pack named; a game may cite its rule).

        >>> import tarotlib
        >>> tarotlib.variant("belote").pack_refusal(tarotlib.parse_card("T5").mask)
        'T5 is not a card of the piquet-32 pack (32 cards)'
        """
        plural = outside.bit_count() > 1
        return (
            f"{format_cards(outside)} {'are not cards' if plural else 'is not a card'} of the "
            f"{self.deck.name} pack ({len(self.deck)} cards)"
        )

    # -- observations and scoring -----------------------------------------------------------------
    def observe(self, state: S, seat: int) -> Observation:  # type: ignore[misc]  # S covariant: the machine passes own states
        """What ``seat`` may see of ``state`` (default: :class:`~tarotlib.deal.observe.DealObservation`,
        with the public facts of each phase).

        >>> from tarotlib.deal import OneRoundBidding
        >>> from tarotlib.deal._demo import Level, demo_game
        >>> rules = demo_game(OneRoundBidding(tuple(Level)))
        >>> seen = rules.observe(rules.new_deal(seed=1), 2)
        >>> type(seen).__name__, seen.seat, seen.phase, len(seen.hand)
        ('DealObservation', 2, 'auction', 24)
        """
        from tarotlib.deal.observe import observe

        return observe(state, seat)

    def visible_mask(self, state: S, seat: int) -> int:  # type: ignore[misc]  # S covariant: the machine passes own states
        """The cards ``seat``'s observation shows, as a mask: its hand, the cards played and
        whatever else the game shows it (default: the observation's ``visible_cards()``, or the
        hand and the cards played). A game may compute it faster; it must stay equal to its
        observation's (the observation and search tools rely on it).

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote")
        >>> state = rules.new_deal(seed=4)
        >>> rules.visible_mask(state, 1) == tarotlib.card_mask(state.observation(1).visible_cards())
        True
        """
        visible = getattr(self.observe(state, seat), "visible_cards", None)
        if callable(visible):
            mask = 0
            for c in visible():
                mask |= 1 << c
            return mask
        return state.hand_mask(seat) | state.played_mask

    def told_facts(self, state: S) -> tuple[Told, ...]:  # type: ignore[misc]  # S covariant: the machine passes own states
        """What the game has told every seat in ``state`` without an action and without showing
        a card, in order: by default what the play offers tell (:meth:`Offer.told
        <tarotlib.deal.play.Offer.told>`, e.g. Belote's automatic belote and rebelote, BE-9.2).
        A description of a position (:func:`tarotlib.ai.position`) gives their texts
        (``told=``); the tensors of :mod:`tarotlib.ai` encode them.

        >>> import tarotlib
        >>> rules = tarotlib.variant("belote", preset="classic")
        >>> state = rules.new_deal(seed=18).apply(rules.parse_action("bid hearts"))
        >>> rules.told_facts(state), rules.told_facts(state.apply(rules.parse_action("play KH")))
        ((), (Told(seat=1, kind='belote', card=27, text='seat 1 belote KH'),))
        """
        out: tuple[Told, ...] = ()
        for offer in self._told_by():
            out += offer.told(state)
        return out

    def told_kinds(self) -> tuple[str, ...]:
        """The kinds of facts :meth:`told_facts` may ever give, in a fixed order (by default the
        play offers', :meth:`Offer.told_kinds <tarotlib.deal.play.Offer.told_kinds>`).

        >>> import tarotlib
        >>> tarotlib.variant("belote").told_kinds(), tarotlib.variant("french-tarot").told_kinds()
        (('belote', 'rebelote'), ())
        """
        out: list[str] = []
        for offer in self._told_by():
            out += [kind for kind in offer.told_kinds(self) if kind not in out]
        return tuple(out)

    def _told_by(self) -> list[Any]:
        """The play offers that may tell facts (those of the protocol's shape only are left
        out)."""
        return [
            offer
            for phase in self.phase_list
            for offer in getattr(phase, "offers", ())
            if hasattr(offer, "told") and hasattr(offer, "told_kinds")
        ]

    def describe(self, state: DealState) -> str:
        """The whole table as text, every hand face up (what ``print(state)`` shows): the game,
        the dealer and who is to act, each seat's hand, the kitty as dealt, the contract once
        there is one, the tricks won, the trick in progress, and the scores at the end. A game
        may say more by overriding it.

        >>> import tarotlib
        >>> state = tarotlib.variant("belote").new_deal(seed=4, dealer=3)
        >>> print(state)
        belote, 4 players · seed 4 · dealer: seat 3 · bidding: seat 0 to act
        seat 0: JS TH QD KD TC
        seat 1: KS AH 7D JD 8C
        seat 2: 7S 8S JH KH AC
        seat 3: AS 7H 8D TD KC
        stock (dealt): QS 9D AD TS 9S 7C 8H QH JC 9H 9C QC
        """
        notation = self.notation
        seed = "" if state.seed is None else f" · seed {state.seed}"
        head = f"{self.name}, {self.players} players{seed} · dealer: seat {state.dealer}"
        actor = state.to_act
        if state.is_over:
            head += " · over"
        elif actor is not None:
            head += f" · {state.phase}: seat {actor} to act"
        lines = [head]
        lines += [
            f"seat {seat}: {format_cards(state.hand_mask(seat), notation) or '-'}"
            for seat in range(self.players)
        ]
        kitty, stock = state.layout.kitty_mask, state.layout.stock
        if kitty:
            lines.append(f"{self.kitty_name} (dealt): {format_cards(kitty, notation)}")
        if stock:  # in dealing order
            lines.append(f"stock (dealt): {' '.join(notation.texts[c] for c in stock)}")
        contract, declarer = getattr(state.data, "contract", None), state.declarer
        if contract is not None and declarer is not None:
            label = getattr(contract, "label", None) or str(contract)
            lines.append(f"contract: {label}, seat {declarer}")
        tricks = state.tricks
        if tricks:
            won = [sum(1 for t in tricks if t.winner == seat) for seat in range(self.players)]
            lines.append(
                f"tricks won ({len(tricks)} played): "
                + " · ".join(f"seat {seat} {n}" for seat, n in enumerate(won))
            )
        if state.trick_cards:
            cards = " ".join(notation.texts[c] for c in state.trick_cards)
            lines.append(f"trick in progress (led by seat {state.leader}): {cards}")
        if state.is_over:
            scores = " · ".join(
                f"seat {seat} {score}" for seat, score in enumerate(state.result.scores)
            )
            lines.append(f"scores: {scores}")
        return "\n".join(lines)

    def shown_in_groups(self) -> frozenset[int]:
        """The seats whose cards the game may turn face up several at a time in one step, how
        many depending on cards the observer does not see: a description of a position
        (:func:`tarotlib.ai.position`) gives their shown cards grouped per step, as a list in
        the order shown does not say which were shown together. Default: none.

        >>> import tarotlib
        >>> tarotlib.variant("lombardy").shown_in_groups()
        frozenset()
        >>> tarotlib.variant("french-tarot-solo", solo_dummy_follow_scope="whole_hand").shown_in_groups()
        frozenset({2})
        """
        return frozenset()

    def shown_sorted(self) -> frozenset[int]:
        """The seats whose face-up cards the observations list in card order, not in the order
        they were turned: a description of a position may give the cards of one step in any
        order. Default: none.

        >>> import tarotlib
        >>> tarotlib.variant("french-tarot-solo").shown_sorted()
        frozenset({2})
        """
        return frozenset()

    @abc.abstractmethod
    def score(self, state: S) -> DealResult:  # type: ignore[misc]  # S covariant: the machine passes own states
        """The result of a deal played to its end (``state`` is over). Games implement it with
        their pure scoring function; the machine calls it when the deal ends (``state.result``).

        >>> import tarotlib
        >>> rules = tarotlib.variant("french-tarot", players=3)
        >>> state = rules.new_deal(seed=1).apply(rules.parse_action("bid garde"))
        >>> while not state.is_over:
        ...     state = state.apply(state.legal_actions()[0])
        >>> result = rules.score(state)
        >>> result == state.result, result.contract, result.scores
        (True, 'Garde', (52, -104, 52))
        """

    # -- match conventions ------------------------------------------------------------------------
    def deal_facts(self, counted: int) -> Mapping[str, object]:
        """The facts a match gives its next deal (``new_deal(facts=...)``) after ``counted`` deals
        that count: none by default (a game whose first deal of a series differs says so here,
        FT-20.4).

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game().deal_facts(0)
        {}
        """
        return {}

    @property
    def match_target(self) -> float | None:
        """The game's own target score, used by a match started without a stopping rule (None: the
        game has none)."""
        return None

    @property
    def match_deals(self) -> int | None:
        """The game's own number of deals in a match, used by a match started without a stopping
        rule (None: the game has none).

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game().match_deals is None
        True
        """
        return None

    def match_first_dealer(self, seed: int | None) -> int:
        """The first dealer of a match started without one: drawn from ``seed``
        (:func:`tarotlib.core.dealing.first_dealer_from_seed`; FT-2.3, BE-3.1), seat 0 without a seed.

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game().match_first_dealer(None), 0 <= demo_game().match_first_dealer(7) < 3
        (0, True)
        """
        self.check_seed(seed, "match_first_dealer")
        return 0 if seed is None else first_dealer_from_seed(seed, self.players)

    def options_dict(self) -> Mapping[str, object]:
        """The options, JSON-ready (as a record stores them); none by default.

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game().options_dict()
        {}
        """
        return {}

    def next_dealer(self, dealer: int, result: DealResult | None = None) -> int:
        """The dealer of the next deal: the next seat in turn (whatever ``result`` was).

        >>> from tarotlib.deal._demo import demo_game
        >>> demo_game(players=3).next_dealer(1), demo_game(players=3).next_dealer(2)
        (2, 0)
        """
        self.check_seat(dealer, "dealer")
        if result is not None:
            self.check_result(result, "next_dealer")
        return (dealer + 1) % self.players

    def counts_toward_match(self, result: DealResult) -> bool:
        """Whether a deal counts toward a match's number of deals: played deals do, annulled
        ones do not.

        >>> from tarotlib.deal._demo import demo_game
        >>> from tarotlib.core.results import DealResult
        >>> rules = demo_game(players=3)
        >>> rules.counts_toward_match(DealResult((2, -1, -1)))
        True
        >>> rules.counts_toward_match(DealResult((0, 0, 0), annulled="all players passed"))
        False
        """
        self.check_result(result, "counts_toward_match")
        return not result.is_annulled

    def settle(self, carry: float, result: DealResult) -> tuple[tuple[float, ...], float]:
        """Match-level crediting: each deal's scores as they are, nothing carried (``carry``
        comes back unchanged).

        >>> from tarotlib.deal._demo import demo_game
        >>> from tarotlib.core.results import DealResult
        >>> demo_game(players=3).settle(0, DealResult((2, -1, -1)))
        ((2, -1, -1), 0)
        """
        return result.scores, carry

    def match_refusal(self, result: DealResult, carry: float) -> str | None:
        """Why a match cannot take ``result`` as its next deal, with ``carry`` points set aside
        (:meth:`settle`), or None: it can (the default). A game whose match reads what a deal's
        breakdown carries (Lombardy's all-tricks bonus, LO-17.5; a litige's carry, BE-11.7)
        refuses a result without it, saying why, rather than credit it wrongly.
        :meth:`tarotlib.match.Match.add` raises :class:`~tarotlib.errors.MatchError` with the
        reason.

        >>> from tarotlib.deal._demo import demo_game
        >>> from tarotlib.core.results import DealResult
        >>> demo_game(players=3).match_refusal(DealResult((2, -1, -1)), 0) is None
        True
        """
        return None

    def target_reached(self, totals: Sequence[float], target: float) -> bool:
        """A match to ``target`` ends once some seat's total reaches it.

        >>> from tarotlib.deal._demo import demo_game
        >>> rules = demo_game(players=3)
        >>> rules.target_reached([120, -40, -80], 100), rules.target_reached([90, 10, -100], 100)
        (True, False)
        """
        return max(totals) >= target

    def deals_complete(self, counted: int, deals: int, totals: Sequence[float]) -> bool:
        """A match of ``deals`` deals ends once that many count, whatever the totals.

        >>> from tarotlib.deal._demo import demo_game
        >>> rules = demo_game(players=3)
        >>> rules.deals_complete(4, 5, [0, 0, 0]), rules.deals_complete(5, 5, [0, 0, 0])
        (False, True)
        """
        return counted >= deals

    def convert(self, results: Sequence[DealResult], totals: Sequence[float]) -> Conversion:
        """The totals as they are (a game with game points, LO-17, converts them).

        >>> from tarotlib.deal._demo import demo_game
        >>> from tarotlib.core.results import DealResult
        >>> demo_game(players=3).convert([DealResult((2, -1, -1))], [2, -1, -1])
        Conversion(points=(2, -1, -1), lines=())
        """
        return Conversion(tuple(totals))
