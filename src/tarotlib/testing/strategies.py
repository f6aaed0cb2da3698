"""Hypothesis strategies for tarotlib: cards, hands, packs, options, layouts, and states reached by
random legal play — for the built-in games and for any registered variant, your own included.

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_, which is **not** a runtime
dependency of tarotlib: install the test extra (``pip install -e '.[test]'``). Importing
``tarotlib`` never imports Hypothesis; ``tarotlib.testing`` imports it only when one of these
strategies is first used.

Everything is drawn so that failures shrink to something readable: a deal is a permutation of the
pack (shrinking towards the pack in index order), options shrink towards the FFT defaults, and
random play draws the *index* of each action in ``legal_actions()`` (shrinking towards the first
legal action).

Wherever a strategy takes ``rules``, it accepts a rules object, a strategy of rules objects, or a
registered variant's name (``"belote"``, ``"my-game"``): the name of a game that registers an
option strategy (its ``options_strategy`` hook) draws its options (:func:`rules`), another name
deals with the variant's default options; no name at all means the registry's default game
(:func:`~tarotlib.registry.default_variant`). The pack is the one
:func:`~tarotlib.testing.generic.deck_of` finds (a rules object's ``deck`` attribute, or the pack
the game registers) unless ``deck`` is given; a variant whose pack is unknown is dealt from drawn
seeds.

>>> from hypothesis import given, settings
>>> from tarotlib.testing.invariants import check_state
>>> @settings(max_examples=5, deadline=None)
... @given(states(rules(players=4)))
... def test_any_state(state):
...     check_state(state)
>>> test_any_state()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from tarotlib._optional import missing

try:
    from hypothesis import strategies as st
except ImportError as exc:
    raise missing("tarotlib.testing.strategies", "Hypothesis", "test") from exc

from tarotlib import registry
from tarotlib.core.actions import Action
from tarotlib.core.cards import Card
from tarotlib.core.dealing import Layout
from tarotlib.core.decks import TAROT_78, Deck
from tarotlib.deal import DealState, Game
from tarotlib.registry import default_variant, variant_info, variant_names
from tarotlib.testing.generic import deck_of
from tarotlib.testing.play import Candidates, Chooser, random_play, single_bid_auctions

__all__ = [
    "Chooser",
    "RulesLike",
    "card_sets",
    "cards",
    "deals",
    "hands",
    "layouts",
    "options",
    "permutations_of_pack",
    "played_deals",
    "policies",
    "random_play",
    "rules",
    "single_bid_auctions",
    "states",
]


def cards(deck: Deck = TAROT_78) -> st.SearchStrategy[Card]:
    """One card of ``deck`` (shrinks towards the lowest index: the ace of spades).

    >>> from hypothesis import given
    >>> @given(cards())
    ... def test(card):
    ...     assert 0 <= card < 78
    >>> test()
    """
    return st.sampled_from(deck.cards)


def card_sets(
    deck: Deck = TAROT_78, *, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[frozenset[Card]]:
    """A set of distinct cards of ``deck`` with ``min_size`` to ``max_size`` cards.

    >>> from hypothesis import given
    >>> @given(card_sets(min_size=2, max_size=5))
    ... def test(cs):
    ...     assert 2 <= len(cs) <= 5
    >>> test()
    """
    return st.frozensets(cards(deck), min_size=min_size, max_size=max_size)


def hands(size: int, deck: Deck = TAROT_78) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand of exactly ``size`` distinct cards of ``deck``, sorted in index order.

    >>> from hypothesis import given
    >>> @given(hands(18))
    ... def test(hand):
    ...     assert len(set(hand)) == 18 and list(hand) == sorted(hand)
    >>> test()
    """
    if not 0 <= size <= len(deck):
        raise ValueError(f"a hand of {size} cards cannot be drawn from {deck.name}")
    return st.lists(cards(deck), min_size=size, max_size=size, unique=True).map(
        lambda cs: tuple(sorted(cs))
    )


def permutations_of_pack(deck: Deck = TAROT_78) -> st.SearchStrategy[list[Card]]:
    """An ordering of the whole pack (a shuffle), shrinking towards the pack in index order.
    Give it to ``rules.deal_from_order`` to get a deal.

    >>> from hypothesis import given
    >>> @given(permutations_of_pack())
    ... def test(order):
    ...     assert sorted(order) == list(range(78))
    >>> test()
    """
    return st.permutations(deck.cards)


def options(
    variant: str | None = None, *, players: int | Sequence[int] | None = None
) -> st.SearchStrategy[Any]:
    """Options of a variant, covering every combination, shrinking towards the variant's defaults:
    the strategy the game registers (its ``options_strategy`` hook), given ``players`` (a count,
    several, or None for any). ``variant`` defaults to the registry's default game
    (:func:`~tarotlib.registry.default_variant`). Raises ``ValueError`` for a variant
    that registers none.

    French Tarot's (:func:`tarotlib.variants.french_tarot.strategies.options`) draws each option of
    FT-18 and the ``bga`` preset; Belote's (:func:`tarotlib.variants.belote.strategies.options`)
    each option of BE-13 and its presets.

    >>> from hypothesis import given
    >>> @given(options(players=5))
    ... def test(opts):
    ...     assert opts.players == 5
    >>> test()
    >>> @given(options("belote"))
    ... def test_belote(opts):
    ...     assert opts.undertrump in ("compulsory", "free")
    >>> test_belote()
    """
    info = variant_info(default_variant() if variant is None else variant)
    if info.options_strategy is None:
        known = tuple(n for n in variant_names() if variant_info(n).options_strategy is not None)
        raise ValueError(f"no options strategy for variant {info.name!r}; known: {known}")
    return info.options_strategy(players)


def rules(
    variant: str | None = None, *, players: int | Sequence[int] | None = None
) -> st.SearchStrategy[Game]:
    """A variant's rules (from the registry, ``tarotlib.variant``) under any :func:`options`.
    For a variant that registers no option strategy (a user's own, say), the rules with its
    default options (and ``players=...`` when ``players`` is given). ``variant`` defaults to the
    registry's default game. The name is looked up when the strategy is first drawn from, so a
    strategy may be built before its variant is registered.

    >>> from hypothesis import given
    >>> @given(rules(players=3))
    ... def test(r):
    ...     assert r.players == 3
    >>> test()
    >>> @given(rules("belote"))
    ... def test_belote(r):
    ...     assert r.name == "belote" and r.players == 4
    >>> test_belote()
    """

    def build() -> st.SearchStrategy[Game]:
        info = variant_info(default_variant() if variant is None else variant)
        name = info.name
        if info.options_strategy is None:
            if players is None:
                return st.just(registry.variant(name))
            counts = (players,) if isinstance(players, int) else tuple(players)
            return st.sampled_from(counts).map(lambda n: registry.variant(name, players=n))
        return options(name, players=players).map(
            lambda opts: registry.variant(name, **opts.to_dict())
        )

    return st.deferred(build)


RulesLike: TypeAlias = "Game | st.SearchStrategy[Game] | str | None"
"""What the strategies accept as ``rules``: a rules object, a strategy of them, a registered
variant's name (see :func:`rules`), or None for :func:`rules` (the registry's default game under
any options)."""


def _as_strategy(value: RulesLike) -> st.SearchStrategy[Game]:
    if value is None:
        return rules()
    if isinstance(value, str):
        return rules(value)
    if isinstance(value, st.SearchStrategy):
        return value
    return st.just(value)


def deals(rules: RulesLike = None, *, deck: Deck | None = None) -> st.SearchStrategy[DealState]:
    """The first state of a deal: a permutation of the pack dealt by ``rules.deal_from_order``
    with any dealer (or, when the variant's pack is unknown and no ``deck`` is given, a deal from
    a drawn seed). ``rules``: see :data:`RulesLike` (default: :func:`rules`).

    >>> from hypothesis import given
    >>> import tarotlib
    >>> @given(deals(tarotlib.variant("french-tarot", players=5)))
    ... def test(state):
    ...     assert state.history == ()
    >>> test()
    >>> @given(deals("belote"))
    ... def test_belote(state):
    ...     assert state.phase == "bidding" and len(state.hand(state.to_act)) == 5
    >>> test_belote()
    """
    strategy = _as_strategy(rules)

    @st.composite
    def build(draw: st.DrawFn) -> DealState:
        r = draw(strategy)
        pack = deck if deck is not None else deck_of(r)
        if pack is None:
            seed = draw(st.integers(0, 2**64 - 1))
            return r.new_deal(seed=seed, dealer=draw(st.integers(0, r.players - 1)))
        order = draw(permutations_of_pack(pack))
        dealer = draw(st.integers(0, r.players - 1))
        return r.deal_from_order(order, dealer)

    return build()


def layouts(rules: RulesLike = None, *, deck: Deck | None = None) -> st.SearchStrategy[Layout]:
    """A layout (hands, kitty, dealer) as ``rules.deal_from_order`` deals a random permutation of
    the pack; give it back to ``rules.new_deal(layout=...)``.

    >>> from hypothesis import given
    >>> import tarotlib
    >>> @given(layouts(tarotlib.variant("french-tarot", players=3)))
    ... def test(layout):
    ...     assert [len(h) for h in layout.hands] == [24, 24, 24] and len(layout.kitty) == 6
    >>> test()
    """
    return deals(rules, deck=deck).map(lambda state: state.layout)


def policies() -> st.SearchStrategy[Candidates | None]:
    """A play policy for :func:`random_play`: ``None`` (uniform over the legal actions; the
    shrink target) or :func:`single_bid_auctions`.

    >>> from hypothesis import given
    >>> @given(deals("french-tarot"), policies())
    ... def test(state, policy):
    ...     final, _ = random_play(state, 0, candidates=policy)
    ...     assert final.is_over
    >>> test()
    """
    return st.sampled_from([None, single_bid_auctions])


def states(
    rules: RulesLike = None,
    *,
    deck: Deck | None = None,
    max_steps: int = 200,
) -> st.SearchStrategy[DealState]:
    """A state reached by random legal play from a random deal (:func:`deals`) of any variant:
    a play policy (:func:`policies`) and a number of steps (0 to ``max_steps``, shrinking to the
    first state) are drawn, then that many random legal actions are applied (fewer if the deal
    ends first).

    >>> from hypothesis import given, settings
    >>> @given(states(rules(players=4), max_steps=20))
    ... def test(state):
    ...     assert len(state.history) <= 20
    >>> test()
    >>> @settings(max_examples=20)
    ... @given(states("belote"))
    ... def test_belote(state):
    ...     assert state.is_over or state.legal_actions()
    >>> test_belote()
    """
    start = deals(rules, deck=deck)

    @st.composite
    def build(draw: st.DrawFn) -> DealState:
        state = draw(start)
        policy = draw(policies())
        steps = draw(st.integers(0, max_steps))
        return random_play(state, draw, steps=steps, candidates=policy)[0]

    return build()


def played_deals(
    rules: RulesLike = None,
    *,
    deck: Deck | None = None,
    on_step: Callable[[DealState], object] | None = None,
) -> st.SearchStrategy[tuple[DealState, DealState, tuple[Action, ...]]]:
    """A whole deal played by random legal actions (under a random :func:`policies` policy):
    ``(initial_state, final_state, actions)``;
    ``final_state.is_over`` holds and replaying ``actions`` on ``initial_state`` gives it.
    ``on_step`` is called on every state reached.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10, deadline=None)
    ... @given(played_deals(rules(players=5)))
    ... def test(deal):
    ...     first, last, actions = deal
    ...     assert last.is_over and last.history == actions
    >>> test()
    """
    start = deals(rules, deck=deck)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[DealState, DealState, tuple[Action, ...]]:
        first = draw(start)
        policy = draw(policies())
        last, actions = random_play(first, draw, on_step=on_step, candidates=policy)
        return first, last, actions

    return build()
