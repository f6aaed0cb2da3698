"""Checkers for any trick-taking variant, your own included: point :func:`check_deal` at a state,
tell it the facts of your game (the pack, the :class:`~tarotlib.core.tricks.TrickRules`, the
:class:`~tarotlib.core.points.PointTable`, the partnerships) and it checks the deal so far against them.

Also :func:`registered`: a variant registered for the duration of a ``with`` block (a test, an
example), the registry put back as it was afterwards.

It checks any game's :class:`~tarotlib.deal.DealState`: its hands (``hand(seat)``), ``tricks``,
``current_trick``, ``trick_leader`` and ``piles()`` against what the replay finds.

The checks do not trust the engine's bookkeeping: the deal is dealt again from its seed (or its
layout) and the history is replayed through the public protocol; which seat played each card is
read from ``to_act`` along the way, the tricks are rebuilt from the cards played (every seat plays
one card to each trick), and their winners recomputed with the trick rules you give. What the
state reports (its tricks, current trick, hands, piles, result) is then compared with that.

Conventions assumed: a card goes into a trick only from the hand of the seat to act, one card per
step — by a :class:`~tarotlib.core.actions.Play`, or by another action when the states' ``tricks`` and
``current_trick`` show it (Belote's explicit belote announcement plays its card); every seat
plays exactly one card to each trick; the winner of a trick leads the next one; a player's hand
changes during play only by the cards it plays.

>>> import tarotlib
>>> from tarotlib.core.decks import PIQUET_32
>>> rules = tarotlib.variant("belote")
>>> state = rules.new_deal(seed=5)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[-1])
...     facts = check_deal(state, deck=PIQUET_32, zero_sum=False,
...                        trick_rules=lambda s: s.rules.trick_rules(s.contract),
...                        teams=(0, 1, 0, 1))
>>> len(facts.tricks), [len(p) for p in facts.piles]
(8, [8, 0, 12, 12])
"""

from __future__ import annotations

import contextlib
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction

import attrs

from tarotlib import registry
from tarotlib.core.actions import Action, Play
from tarotlib.core.cards import ALL_CARDS, Card, card_mask, cards_of, format_cards
from tarotlib.core.decks import Deck
from tarotlib.core.points import PointTable
from tarotlib.core.tricks import NO_CLASS, PlayedTrick, TrickRules
from tarotlib.deal import DealState, Game
from tarotlib.errors import IllegalActionError, UnknownVariantError
from tarotlib.registry import VariantInfo, register

__all__ = [
    "DealFacts",
    "TrickExceptions",
    "check_deal",
    "deck_of",
    "registered",
]


def deck_of(rules: Game) -> Deck | None:
    """The pack a variant deals: its rules' ``deck`` attribute when it has one (a
    :class:`~tarotlib.core.decks.Deck`), else the pack its game registers (the ``deck`` of its
    :class:`~tarotlib.registry.VariantInfo`), else None.

    >>> import tarotlib
    >>> deck_of(tarotlib.variant("belote")).name
    'piquet-32'
    """
    deck = getattr(rules, "deck", None)
    if isinstance(deck, Deck):
        return deck
    try:
        return registry.variant_info(rules.name).deck
    except UnknownVariantError:
        return None


@attrs.frozen
class TrickExceptions:
    """A game's exceptions to the plain trick rules (its :class:`~tarotlib.core.tricks.TrickRules`),
    which :func:`check_deal` applies on top of them. A game states its own through the
    ``trick_exceptions`` hook of its registry entry (a function of the state giving them); French
    Tarot's are the opening-lead ban of FT-5.5 and the Excuse that wins the last trick of a slam
    (FT-10.8).

    - ``banned(trick, cards, seat)``: the cards ``seat`` may not play now although the trick rules
      allow them, as ``(mask, reason)``, or None; ``trick`` is the number of the trick (0 for the
      first), ``cards`` the cards already played to it. A ban that would leave the player none of
      the cards the trick rules allow does not apply.
    - ``winner(trick, plain, earlier)``: the seat that wins trick number ``trick`` instead of
      ``plain.winner`` (its winner by the trick rules), as ``(seat, reason)``, or None for no
      exception; ``earlier`` are the completed tricks before it, with their winners.

    >>> import tarotlib
    >>> from tarotlib.core.cards import SUIT_MASKS, Suit
    >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
    >>> def no_heart_lead(trick, cards, seat):  # a house rule: no heart to open the deal
    ...     return (SUIT_MASKS[Suit.HEARTS], "no heart lead") if trick == 0 and not cards else None
    >>> rules = tarotlib.variant("french-tarot", players=3)
    >>> state = rules.new_deal(seed=1)
    >>> for text in ["bid garde-sans", "pass", "pass", "no-slam"]:
    ...     state = state.apply(rules.parse_action(text))
    >>> check_deal(state, trick_rules=FRENCH_TAROT_TRICKS,
    ...            exceptions=TrickExceptions(banned=no_heart_lead))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    AssertionError: seat 1 is offered ... on a lead; the trick rules allow ... (no heart lead)
    """

    banned: Callable[[int, tuple[Card, ...], int], tuple[int, str] | None] | None = None
    winner: Callable[[int, PlayedTrick, tuple[PlayedTrick, ...]], tuple[int, str] | None] | None = (
        None
    )


def _exceptions_of(
    state: DealState,
    given: TrickExceptions | Callable[[DealState], TrickExceptions | None] | None,
) -> TrickExceptions | None:
    """The exceptions to apply: those given, or the registered game's (its ``trick_exceptions``
    hook) when none are."""
    if isinstance(given, TrickExceptions):
        return given
    if given is not None:
        return given(state)
    try:
        hook = registry.variant_info(state.rules.name).trick_exceptions
    except UnknownVariantError:
        return None
    return None if hook is None else hook(state)


@attrs.frozen
class DealFacts:
    """What :func:`check_deal` established about a deal, recomputed from its layout and history
    (use it to check your scoring: ``scores=`` takes a function of these facts).

    >>> import tarotlib
    >>> from tarotlib.core.tricks import FRENCH_TAROT_TRICKS
    >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=1)
    >>> facts = check_deal(state, deck=tarotlib.TAROT_78, trick_rules=FRENCH_TAROT_TRICKS)
    >>> facts.plays, len(facts.dealt)
    ((), 78)

    ``plays``: ``(seat, card)`` for every card played, in order. ``tricks``: the completed tricks;
    a winner is the trick rules' (or the state's when no trick rules were given; -1 if neither
    says). ``current_trick``: the cards of the trick in progress. ``piles``: the cards won by each
    seat (the state's ``piles()`` if it has them, else the cards of the tricks each seat won).
    ``points``: each pile counted with the point table (None without one). ``dealt``: the cards
    of the layout.
    """

    plays: tuple[tuple[int, Card], ...]
    tricks: tuple[PlayedTrick, ...]
    current_trick: tuple[Card, ...]
    piles: tuple[frozenset[Card], ...]
    points: tuple[Fraction, ...] | None
    dealt: frozenset[Card]


def _fmt(cards: Iterable[int]) -> str:
    return format_cards(sorted(cards)) or "(none)"


def _hands(state: DealState) -> tuple[int, ...] | None:
    hand = getattr(state, "hand", None)
    if not callable(hand):
        return None
    return tuple(card_mask(hand(seat)) for seat in range(state.rules.players))


def _redeal(state: DealState) -> DealState:
    rules, layout = state.rules, state.layout
    start: DealState
    if state.seed is not None:
        start = rules.new_deal(seed=state.seed, dealer=layout.dealer)
    else:
        start = rules.new_deal(layout=layout)
    assert start.layout == layout, "dealing the deal again gives another layout"
    return start


def _in_tricks(state: DealState) -> list[int] | None:
    """The cards of the completed tricks and the current one, in order, when the state says."""
    tricks = getattr(state, "tricks", None)
    current = getattr(state, "current_trick", None)
    if tricks is None or current is None:
        return None
    return [int(c) for t in tricks for c in t.cards] + [int(c) for c in current]


def _played_card(action: Action, before: DealState, after: DealState) -> Card | None:
    """The card a step played: read from the trick data when states have it (so that an action
    other than ``Play`` that also plays a card is seen), else the card of a ``Play``."""
    was, now = _in_tricks(before), _in_tricks(after)
    if was is None or now is None:
        return ALL_CARDS[int(action.card)] if isinstance(action, Play) else None
    if now == was:
        assert not isinstance(action, Play), f"{action} was applied but no card went to the trick"
        return None
    assert len(now) == len(was) + 1 and now[: len(was)] == was, (
        f"{action} changed the cards already played: {_fmt(was)} became {_fmt(now)}"
    )
    card = ALL_CARDS[now[-1]]
    if isinstance(action, Play):
        assert card == action.card, f"{action} was applied but {card} went to the trick"
    return card


def _replay(state: DealState) -> tuple[list[tuple[int, Card]], list[int | None]]:
    """Replay the history: every card played with its seat, and the player's hand (a mask) just
    before, when states expose hands. Checks that each play moves one card from the player's
    hand and changes no other hand."""
    current = _redeal(state)
    hands = _hands(current)
    if hands is not None:
        layout_hands = tuple(card_mask(h) for h in state.layout.hands)
        assert hands == layout_hands, "the hands of the first state are not the layout's hands"
    plays: list[tuple[int, Card]] = []
    before: list[int | None] = []
    for step, action in enumerate(state.history):
        seat = current.to_act
        assert seat is not None, f"action {step + 1} ({action}) was applied with nobody to act"
        try:
            nxt = current.apply(action)
        except IllegalActionError as exc:
            raise AssertionError(
                f"the history does not replay: action {step + 1} ({action}) is rejected: {exc}"
            ) from exc
        after = _hands(nxt)
        card = _played_card(action, current, nxt)
        if card is not None:
            plays.append((seat, card))
            if hands is None or after is None:
                before.append(None)
            else:
                assert hands[seat] >> card & 1, (
                    f"seat {seat} played {card}, which it does not hold "
                    f"({_fmt(cards_of(hands[seat]))})"
                )
                want = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(hands))
                assert after == want, (
                    f"after seat {seat} played {card} the hands are not the hands before less "
                    "that card"
                )
                before.append(hands[seat])
        hands = after
        current = nxt
    return plays, before


def check_deal(
    state: DealState,
    *,
    deck: Deck | None = None,
    trick_rules: TrickRules | Callable[[DealState], TrickRules] | None = None,
    teams: Sequence[int] | Callable[[DealState], Sequence[int]] | None = None,
    point_table: PointTable | Callable[[DealState], PointTable] | None = None,
    aside: Callable[[DealState], Iterable[int]] | None = None,
    zero_sum: bool = True,
    exact_legal: bool = True,
    scores: Callable[[DealFacts], Sequence[float | Fraction]] | None = None,
    exceptions: TrickExceptions | Callable[[DealState], TrickExceptions | None] | None = None,
) -> DealFacts:
    """Check a deal of any trick-taking variant against the facts you give; return the
    :class:`DealFacts`. Raises ``AssertionError`` saying what is wrong.

    - **Cards**: the layout deals exactly ``deck`` (when given); each card played was in the
      player's hand and leaves only it (when states have ``hand``); every dealt card is in exactly
      one place — a hand, a trick, or set aside (``aside(state)``: the cards in neither, such as a
      kitty or a stock; without it a layout with no kitty and no stock must be entirely in hands
      and tricks, and otherwise no card may be in two places or be one that was not dealt).
    - **Tricks**: every seat plays one card to each trick; the state's ``tricks``,
      ``current_trick`` and ``trick_leader`` agree with the history; with ``trick_rules`` (a
      :class:`~tarotlib.core.tricks.TrickRules`, or a function of the state giving one, called once
      play has begun) every card played was legal when played, each trick was won by the card
      the rules say, its winner led the next trick, and (``exact_legal``) the cards offered now
      are exactly the ones the rules allow. ``teams[seat]`` names each seat's side for the rules
      that depend on the partner (``overtrump="opponents"``); without it nobody has a partner.
      The game's exceptions to its trick rules apply too (:class:`TrickExceptions`): those its
      registry entry states (its ``trick_exceptions`` hook) unless ``exceptions`` gives others
      (``TrickExceptions()`` for none).
    - **Points**: with ``point_table`` (a :class:`~tarotlib.core.points.PointTable`, or a function of
      the state giving one, called once play has begun), the state's ``piles()`` (if any) hold
      exactly the cards of the completed tricks, and once the deal is over the piles and the
      cards won by nobody count the table's total for the dealt cards.
    - **Result**: once the deal is over, the scores sum to zero (``zero_sum``; an annulled deal
      scores 0 everywhere) and equal ``scores(facts)`` when you give your scoring as a function.

    >>> import tarotlib
    >>> from tarotlib.core.decks import PIQUET_32
    >>> state = tarotlib.variant("belote").new_deal(seed=3)
    >>> check_deal(state, deck=PIQUET_32, aside=lambda s: s.layout.stock).plays
    ()
    >>> check_deal(state, deck=tarotlib.TAROT_78)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    AssertionError: the layout does not deal the pack tarot-78: missing 2S 3S 4S ... T21 EX; extra (none)
    """
    layout = state.layout
    n = state.rules.players
    dealt_cards = [*(c for h in layout.hands for c in h), *layout.kitty, *layout.stock]
    dealt = frozenset(dealt_cards)
    if deck is not None:
        assert dealt == frozenset(deck.cards), (
            f"the layout does not deal the pack {deck.name}: missing "
            f"{_fmt(frozenset(deck.cards) - dealt)}; extra {_fmt(dealt - frozenset(deck.cards))}"
        )

    plays, before = _replay(state)
    played = [c for _, c in plays]

    # -- cards: each in one place -------------------------------------------------------------
    hands = _hands(state)
    places: list[int] = list(played)
    if hands is not None:
        places += [c for h in hands for c in cards_of(h)]
    if aside is not None:
        places += [int(c) for c in aside(state)]
    counts = Counter(places)
    twice = [c for c, k in counts.items() if k > 1]
    assert not twice, f"cards in two places (hands, tricks, set aside): {_fmt(twice)}"
    strange = set(counts) - dealt
    assert not strange, f"cards that were not dealt are in play: {_fmt(strange)}"
    if hands is not None and (aside is not None or not (layout.kitty or layout.stock)):
        missing = dealt - set(counts)
        assert not missing, f"dealt cards in no hand, no trick and not set aside: {_fmt(missing)}"

    # -- tricks ---------------------------------------------------------------------------------
    full = len(plays) - len(plays) % n
    chunks = [plays[i : i + n] for i in range(0, len(plays), n)]
    for k, chunk in enumerate(chunks):
        seats = [s for s, _ in chunk]
        assert len(set(seats)) == len(seats), (
            f"trick {k + 1}: a seat played twice ({' '.join(f'{s}:{c}' for s, c in chunk)})"
        )
    offered = {int(a.card) for a in state.legal_actions() if isinstance(a, Play)}
    rules: TrickRules | None = None
    excepted: TrickExceptions | None = None
    if trick_rules is not None and (plays or offered):
        rules = trick_rules if isinstance(trick_rules, TrickRules) else trick_rules(state)
        excepted = _exceptions_of(state, exceptions)
    banned = excepted.banned if excepted is not None else None
    side = teams(state) if callable(teams) else teams
    state_tricks: Sequence[PlayedTrick] | None = getattr(state, "tricks", None)
    winners: list[int] = []
    notes: dict[int, str] = {}  # trick -> the exception that gave its winner
    for k, chunk in enumerate(chunks):
        led, win, win_seat = NO_CLASS, NO_CLASS, -1
        for i, (seat, card) in enumerate(chunk):
            hand = before[k * n + i]
            partner = side is not None and win_seat >= 0 and side[win_seat] == side[seat]
            if rules is not None and hand is not None:
                reason = rules.explain(hand, led, win, card, partner)
                assert reason is None, (
                    f"trick {k + 1}: seat {seat} played {card} after "
                    f"{_fmt(c for _, c in chunk[:i]) if i else 'nothing'}: {reason} "
                    f"(hand {_fmt(cards_of(hand))})"
                )
            ban = banned(k, tuple(c for _, c in chunk[:i]), seat) if banned is not None else None
            if rules is not None and ban is not None and ban[0] >> card & 1:
                lifted = (
                    hand is not None and not rules.legal_mask(hand, led, win, partner) & ~ban[0]
                )
                assert lifted, (
                    f"trick {k + 1}: seat {seat} played {card} after "
                    f"{_fmt(c for _, c in chunk[:i]) if i else 'nothing'}: {ban[1]}"
                    + ("" if hand is None else f" (hand {_fmt(cards_of(hand))})")
                )
            if rules is not None:
                led, new_win = rules.follow(led, win, card)
                if new_win != win:
                    win, win_seat = new_win, seat
        if len(chunk) < n:
            break
        if rules is not None:
            assert win_seat >= 0, f"trick {k + 1} has no winning card"
            if excepted is not None and excepted.winner is not None:
                earlier = tuple(
                    PlayedTrick(chunks[j][0][0], tuple(c for _, c in chunks[j]), winners[j])
                    for j in range(k)
                )
                plain = PlayedTrick(chunk[0][0], tuple(c for _, c in chunk), win_seat)
                instead = excepted.winner(k, plain, earlier)
                if instead is not None:
                    win_seat, notes[k] = instead
            winners.append(win_seat)
        elif state_tricks is not None and k < len(state_tricks):
            winners.append(state_tricks[k].winner)
        else:
            winners.append(-1)
        if k + 1 < len(chunks) and winners[k] >= 0:
            assert chunks[k + 1][0][0] == winners[k], (
                f"trick {k + 2} was led by seat {chunks[k + 1][0][0]}, but seat {winners[k]} "
                f"won trick {k + 1}"
            )
    tricks = tuple(
        PlayedTrick(chunks[k][0][0], tuple(c for _, c in chunks[k]), winners[k])
        for k in range(full // n)
    )
    current = tuple(played[full:])
    if state_tricks is not None:
        got = [(t.leader, tuple(int(c) for c in t.cards)) for t in state_tricks]
        want = [(t.leader, tuple(int(c) for c in t.cards)) for t in tricks]
        assert got == want, f"the state's tricks {got} differ from the history's {want}"
        for k, t in enumerate(state_tricks):
            assert tricks[k].winner in (-1, t.winner), (
                f"trick {k + 1} ({_fmt(t.cards)}, led by seat {t.leader}) is won by seat "
                f"{t.winner}; the trick rules give seat {tricks[k].winner}"
                + (f" ({notes[k]})" if k in notes else "")
            )
    state_current = getattr(state, "current_trick", None)
    if state_current is not None:
        assert tuple(int(c) for c in state_current) == current, (
            f"the current trick is {_fmt(state_current)}; the history gives {_fmt(current)}"
        )
    leader = getattr(state, "trick_leader", None)
    if leader is not None and not state.is_over:
        want_leader = chunks[-1][0][0] if current else (tricks[-1].winner if tricks else leader)
        assert leader == want_leader or want_leader < 0, (
            f"the state says seat {leader} leads the current trick; it is seat {want_leader}"
        )
    if rules is not None and exact_legal and hands is not None and not state.is_over:
        to_act = state.to_act
        if offered and to_act is not None:
            led, win, win_seat = NO_CLASS, NO_CLASS, -1
            for seat, card in plays[full:]:
                led, new_win = rules.follow(led, win, card)
                if new_win != win:
                    win, win_seat = new_win, seat
            partner = side is not None and win_seat >= 0 and side[win_seat] == side[to_act]
            mask = rules.legal_mask(hands[to_act], led, win, partner)
            ban = banned(len(tricks), current, to_act) if banned is not None else None
            note = ""
            if ban is not None and mask & ban[0] and mask & ~ban[0]:
                mask &= ~ban[0]
                note = f" ({ban[1]})"
            allowed = set(cards_of(mask))
            assert offered == allowed, (
                f"seat {to_act} is offered {_fmt(offered)} on {_fmt(current) if current else 'a lead'}"
                f"; the trick rules allow {_fmt(allowed)}{note}"
            )

    # -- piles and points -----------------------------------------------------------------------
    in_tricks = Counter(ALL_CARDS[c] for t in tricks for c in t.cards)
    state_piles = getattr(state, "piles", None)
    if callable(state_piles):
        raw = [[ALL_CARDS[int(c)] for c in p] for p in state_piles()]
        piles = tuple(frozenset(p) for p in raw)
        won = Counter(c for p in raw for c in p)
        assert won == in_tricks, (
            "the piles do not hold exactly the cards of the completed tricks: "
            f"piles {_fmt(won)}, tricks {_fmt(in_tricks)}"
        )
    else:
        piles = tuple(
            frozenset(ALL_CARDS[c] for t in tricks if t.winner == s for c in t.cards)
            for s in range(n)
        )
    points = None
    table = point_table
    if table is not None and not isinstance(table, PointTable):
        table = table(state) if plays else None
    if table is not None:
        points = tuple(table.count(card_mask(p)) for p in piles)
        if state.is_over:
            nobody = card_mask(dealt - {c for p in piles for c in p})
            total = table.count(card_mask(dealt))
            counted = sum(points, Fraction(0)) + table.count(nobody)
            assert counted == total, (
                f"the piles count {[str(p) for p in points]} and the cards won by nobody "
                f"{table.count(nobody)}: {counted} in all, not the table's {total}"
            )
    facts = DealFacts(tuple(plays), tricks, current, piles, points, dealt)

    # -- result ---------------------------------------------------------------------------------
    if state.is_over:
        result = state.result
        assert len(result.scores) == n, f"the result has {len(result.scores)} scores for {n} seats"
        if zero_sum:
            total_score = sum(result.scores)
            assert total_score == 0, f"scores {result.scores} do not sum to zero"
            if result.is_annulled:
                assert all(s == 0 for s in result.scores), (
                    f"annulled deal ({result.annulled}) with scores {result.scores}"
                )
        if scores is not None and not result.is_annulled:
            want_scores = tuple(scores(facts))
            assert tuple(result.scores) == want_scores, (
                f"scores {tuple(result.scores)}; your scoring gives {want_scores}"
            )
    return facts


# --------------------------------------------------------------------------------------------------
# registering a variant for the duration of a test


@contextlib.contextmanager
def registered(info: VariantInfo, *, replace: bool = False) -> Iterator[VariantInfo]:
    """Register ``info`` (:func:`tarotlib.register`) for the duration of a ``with`` block; on exit
    the registry is as it was: the variant removed, or the entry it replaced (``replace=True``)
    put back. Without ``replace``, a name already registered raises ``ValueError``.

    A program registers its own variant once, at import. A test — or an example run inside a
    test suite — registers it only while it runs, so that no other test sees it in the list of
    games.

    >>> import tarotlib
    >>> belote = tarotlib.variant_info("belote")
    >>> info = tarotlib.VariantInfo("belote-again", "Belote again", "BE-0", belote.factory)
    >>> with registered(info):
    ...     tarotlib.variant("belote-again").players
    4
    >>> "belote-again" in tarotlib.variant_names()
    False

    >>> import tarotlib
    >>> french = tarotlib.variant_info("french-tarot")
    >>> other = tarotlib.VariantInfo("french-tarot", "a stand-in", "-", french.factory)
    >>> with registered(other, replace=True):
    ...     tarotlib.variant_info("french-tarot").description
    'a stand-in'
    >>> tarotlib.variant_info("french-tarot") is french
    True
    """
    previous = info.name in registry.variant_names() and registry.variant_info(info.name)
    register(info, replace=replace)
    try:
        yield info
    finally:
        registry.unregister(info.name)
        if previous:
            register(previous)


def __getattr__(name: str) -> object:
    if (
        name == "TrickTakingState"
    ):  # the protocol of a deal state's trick attributes: DealState has them
        warnings.warn(
            "tarotlib.testing.TrickTakingState is deprecated: use tarotlib.DealState, which has "
            "every attribute check_deal reads (the old name goes in 0.3)",
            DeprecationWarning,
            stacklevel=2,
        )
        return DealState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
