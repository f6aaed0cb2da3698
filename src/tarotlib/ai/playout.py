"""Fast playouts: a deal played from any state to its end, with a policy choosing every action.

A search (Monte Carlo, ISMCTS, ...) plays many deals to their end from the position it is
studying, often from worlds drawn by :func:`~tarotlib.ai.sample_world`. :func:`playout` does that
faster than a loop of ``legal_actions()`` and ``apply()`` (from the first card of French Tarot,
about 3.3 times as many deals per second with the compiled card kernel, :data:`COMPILED`, and 1.7
times in pure Python; ``benchmarks/bench_playout.py``), and gives the very same result (the same
final state) as that loop fed the same choices:

>>> import random, tarotlib
>>> from tarotlib.ai import play_to_end, playout
>>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
>>> result = playout(state, rng=random.Random(5))
>>> rng, loop = random.Random(5), state
>>> while not loop.is_over:                       # the plain loop, with the same choices
...     legal = loop.legal_actions()
...     loop = loop.apply(legal[rng.randrange(len(legal))])
>>> result == loop.result, play_to_end(state, rng=random.Random(5)) == loop
(True, True)

**The random policy** (``policy=None``): at each decision it takes
``legal[rng.randrange(len(legal))]``, ``legal`` being ``state.legal_actions()`` in its
deterministic order (for :class:`random.Random`, ``rng.choice(legal)`` draws the same). The same
rng state gives the same playout; it is :class:`RandomPolicy`.

**Policies** (:class:`Policy`): any callable ``policy(state, legal)`` returning one of ``legal``.
A :class:`CardPolicy` also has ``choose_card(seat, legal, trick)``, which gets the mask of the
legal cards instead of a state: during the play of the cards, while the legal actions are the
legal cards alone, it is asked instead of ``policy(state, legal)`` and no state is built for the
cards played (the fast path; the random policy is one).

**How.** Where the current phase has a fast path (:meth:`Phase.play_cards
<tarotlib.deal.phase.Phase.play_cards>`: the play of the cards, :class:`~tarotlib.deal.TrickPlay`)
the cards are played on the deal's packed slots without legality checks, ``Play`` objects or
intermediate states (in C where the optional kernel ``tarotlib._speedups`` was built: see
:data:`COMPILED`); everything else (an auction, a discard, a declaration offered, the fool's
choice, the end of the deal and its scoring) goes through ``legal_actions()`` and ``apply()``.
Nothing here knows a game: every game of the registry, and any game on the deal machine, plays out.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar, runtime_checkable

from tarotlib._compiled import COMPILED
from tarotlib.core.actions import Action
from tarotlib.core.results import DealResult
from tarotlib.deal.phase import CardChooser
from tarotlib.deal.state import DealState
from tarotlib.errors import ActionTypeError, IllegalActionError

__all__ = ["COMPILED", "CardPolicy", "Policy", "RandomPolicy", "play_to_end", "playout", "playouts"]

S = TypeVar("S", bound=DealState)


class Policy(Protocol):
    """Chooses the action of the seat to act: ``policy(state, legal)`` returns one of ``legal``
    (``state.legal_actions()``, never empty). Any function of that shape is a policy.

    Returning anything else raises :class:`~tarotlib.errors.IllegalActionError` (an action that
    is not among ``legal``) or :class:`~tarotlib.errors.ActionTypeError` (not an action).

    >>> import tarotlib
    >>> from tarotlib.ai import playout
    >>> def first(state, legal):
    ...     return legal[0]
    >>> playout(tarotlib.variant("belote").new_deal(seed=4), first).scores
    (0, 0, 0, 0)
    """

    def __call__(self, state: DealState, legal: tuple[Action, ...], /) -> Action:
        """The action chosen among ``legal`` in ``state``.

        >>> import tarotlib
        >>> from tarotlib.ai import RandomPolicy
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> RandomPolicy(1)(state, state.legal_actions()).text
        'pass'
        """
        ...


@runtime_checkable
class CardPolicy(Policy, Protocol):
    """A :class:`Policy` with a fast path for the play of the cards.

    While the legal actions of the seat to act are cards alone (no declaration offered, no
    choice of the fool rule due), a playout asks ``choose_card(seat, legal, trick)`` instead of
    ``policy(state, legal)`` and builds no state for the card. ``choose_card`` must return the
    index of the card that ``policy(state, legal)`` would play there for the playout to be that
    of the policy: ``legal`` (a mask) holds the same cards as the legal actions, which list them
    in index order.

    A policy that plays its lowest card:

    >>> import tarotlib
    >>> from tarotlib.ai import CardPolicy, play_to_end
    >>> class Lowest:
    ...     def __call__(self, state, legal):
    ...         return legal[0]                          # in the play: the lowest card index
    ...     def choose_card(self, seat, legal, trick):
    ...         return (legal & -legal).bit_length() - 1  # the same card, from the mask
    >>> isinstance(Lowest(), CardPolicy)
    True
    >>> state = tarotlib.variant("belote").new_deal(seed=4)
    >>> loop = state
    >>> while not loop.is_over:
    ...     loop = loop.apply(Lowest()(loop, loop.legal_actions()))
    >>> play_to_end(state, Lowest()) == loop
    True
    """

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...], /) -> int:
        """The index of the card ``seat`` plays: one of the cards of the mask ``legal`` (bit *i*:
        the card of index *i*), ``trick`` being the indices of the cards of the trick in
        progress in play order. (A :data:`~tarotlib.deal.phase.CardChooser`.)

        >>> import random
        >>> from tarotlib.ai import RandomPolicy
        >>> from tarotlib.core.cards import card_mask, format_cards, parse_cards
        >>> legal = card_mask(parse_cards("KH 2S 7D"))
        >>> format_cards(legal)   # in index order
        '2S KH 7D'
        >>> [format_cards([RandomPolicy(seed).choose_card(1, legal, ())]) for seed in range(4)]
        ['KH', '2S', '2S', '2S']
        >>> [random.Random(seed).randrange(3) for seed in range(4)]   # the rank drawn
        [1, 0, 0, 0]
        """
        ...


def _random_draw(rng: random.Random) -> Callable[[int], int]:
    """``rng.randrange`` for ``n > 0``, as a function of ``n`` drawing the same numbers: for
    :class:`random.Random` itself (and subclasses that keep its drawing), its algorithm inlined
    on ``getrandbits`` (checked once against ``randrange``); otherwise ``rng.randrange``."""
    cls = type(rng)
    if (
        cls.randrange is random.Random.randrange
        and getattr(cls, "_randbelow", None)
        is getattr(random.Random, "_randbelow_with_getrandbits", 0)
        and _inline_draw_exact()
    ):
        getrandbits = rng.getrandbits

        def draw(n: int) -> int:
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            return r

        # The compiled kernel of play_cards() draws with getrandbits itself, the same way.
        draw.__dict__["getrandbits"] = getrandbits
        return draw
    return rng.randrange


@functools.cache
def _inline_draw_exact() -> bool:
    """Whether the inlined draw gives what ``randrange`` gives on this Python (checked once)."""
    a, b = random.Random(20240601), random.Random(20240601)
    getrandbits = b.getrandbits
    same = True
    for n in [*range(1, 80), 1000, 2**40 + 3] * 3:
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        same = same and a.randrange(n) == r
    return same and a.random() == b.random()


class RandomPolicy:
    """The random policy: ``legal[rng.randrange(len(legal))]`` among the legal actions in their
    order (what ``policy=None`` plays); its :meth:`choose_card` draws the same card from the
    mask of the legal cards (the card of rank ``rng.randrange(n)`` among the ``n`` legal cards
    in index order). ``rng`` is a :class:`random.Random` or a seed (None: a fresh, unseeded
    generator).

    >>> import random, tarotlib
    >>> from tarotlib.ai import RandomPolicy, playout
    >>> state = tarotlib.variant("french-tarot", players=3).new_deal(seed=8)
    >>> playout(state, RandomPolicy(11)) == playout(state, rng=random.Random(11))
    True
    """

    __slots__ = ("_draw", "choose_card", "rng")

    rng: random.Random
    choose_card: CardChooser

    def __init__(self, rng: random.Random | int | None = None) -> None:
        gen = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.rng = gen
        draw = self._draw = _random_draw(gen)

        def choose_card(seat: int, legal: int, trick: tuple[int, ...]) -> int:
            rank = draw(legal.bit_count())
            while rank:  # the card of that rank, from the lowest
                legal &= legal - 1
                rank -= 1
            return (legal & -legal).bit_length() - 1

        self.choose_card = choose_card

    def __call__(self, state: DealState, legal: tuple[Action, ...], /) -> Action:
        """``legal[rng.randrange(len(legal))]``.

        >>> import random, tarotlib
        >>> from tarotlib.ai import RandomPolicy
        >>> state = tarotlib.variant("belote").new_deal(seed=4)
        >>> legal = state.legal_actions()
        >>> [a.text for a in legal], [RandomPolicy(seed)(state, legal).text for seed in range(3)]
        (['pass', 'bid spades'], ['bid spades', 'pass', 'pass'])
        >>> [random.Random(seed).randrange(2) for seed in range(3)]
        [1, 0, 0]
        """
        return legal[self._draw(len(legal))]

    def __repr__(self) -> str:
        return f"RandomPolicy({self.rng!r})"


def _name(policy: object) -> str:
    """A policy's name for an error message: a function's qualified name, else its class's.

    >>> _name(RandomPolicy(1)), _name(lambda state, legal: legal[0])
    ('RandomPolicy', '<lambda>')
    """
    name = getattr(policy, "__qualname__", None)  # (a function's; an instance has none)
    return name if isinstance(name, str) else type(policy).__name__


def _checked(policy: Policy) -> Policy:
    """``policy`` with its choice checked: one of the legal actions."""

    def choose(state: DealState, legal: tuple[Action, ...]) -> Action:
        action = policy(state, legal)
        if action not in legal:
            if not isinstance(action, Action):
                raise ActionTypeError(
                    f"a policy returns one of the legal actions, not "
                    f"{type(action).__name__} {action!r} (policy {_name(policy)})"
                )
            seat = state.to_act
            shown = ", ".join(a.text for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
            raise IllegalActionError(
                f"the policy {_name(policy)} chose an action that is not legal for seat {seat} "
                f"in phase {state.phase} (legal: {shown})",
                action,
            )
        return action

    return choose


def _prepare(
    policy: Policy | None, rng: random.Random | int | None
) -> tuple[Policy, CardChooser | None]:
    """The policy to call at each decision (checked, unless it is the random policy) and the
    card chooser of the fast path (None: no fast path)."""
    if policy is None:
        policy = RandomPolicy(rng)
    elif rng is not None:
        raise TypeError("rng is for the random policy (policy=None): a policy draws its own")
    if isinstance(policy, RandomPolicy):
        return policy, policy.choose_card
    chooser = getattr(policy, "choose_card", None)  # a CardPolicy (without a Protocol check)
    return _checked(policy), chooser if callable(chooser) else None


def _run(state: S, policy: Policy, chooser: CardChooser | None) -> S:
    if not isinstance(state, DealState):
        raise TypeError(f"a playout starts from a deal state, not {type(state).__name__}")
    draw = policy._draw if isinstance(policy, RandomPolicy) else None
    while not state.is_over:
        if draw is not None:
            after = state.current_phase.play_cards(state, draw=draw)
        elif chooser is not None:
            try:
                after = state.current_phase.play_cards(state, chooser)
            except IllegalActionError as error:  # the card of choose_card refused: say whose
                owner = getattr(chooser, "__self__", chooser)
                raise IllegalActionError(
                    f"{error.reason} (from {_name(owner)}.choose_card)", error.action
                ) from None
        else:
            after = state
        if after is state:  # no card played: one decision through legal_actions() and apply()
            after = state.apply(policy(state, state.legal_actions()))
        state = after
    return state


def play_to_end(
    state: S, policy: Policy | None = None, rng: random.Random | int | None = None
) -> S:
    """The final state of the deal played from ``state`` with ``policy`` choosing every action
    (default: the random policy, :class:`RandomPolicy`, drawing from ``rng``, a
    :class:`random.Random` or a seed): the state that the loop
    ``state = state.apply(policy(state, state.legal_actions()))`` reaches, history included.
    ``rng`` is for the random policy only (with ``policy`` it raises ``TypeError``).

    >>> import tarotlib
    >>> from tarotlib.ai import play_to_end
    >>> rules = tarotlib.variant("belote")
    >>> over = play_to_end(rules.new_deal(seed=4).apply(rules.parse_action("bid spades")), rng=3)
    >>> over.is_over, len(over.tricks), over.result.contract
    (True, 8, 'spades')
    """
    chosen, chooser = _prepare(policy, rng)
    return _run(state, chosen, chooser)


def playout(
    state: DealState, policy: Policy | None = None, rng: random.Random | int | None = None
) -> DealResult:
    """The result of the deal played from ``state`` to its end with ``policy`` (default: the
    random policy drawing from ``rng``): ``play_to_end(state, policy, rng).result``, the same
    :class:`~tarotlib.core.results.DealResult` as the plain loop fed the same choices.

    >>> import tarotlib
    >>> from tarotlib.ai import playout
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=2)
    >>> result = playout(state, rng=1)
    >>> result.contract, result.scores, result == playout(state, rng=1)
    ('Garde Sans', (420, 420, 420, -1260), True)
    """
    chosen, chooser = _prepare(policy, rng)
    return _run(state, chosen, chooser).result


def playouts(
    states: Iterable[DealState],
    policy: Policy | None = None,
    rng: random.Random | int | None = None,
) -> list[DealResult]:
    """The results of playouts from each of ``states`` (deal states, e.g. worlds drawn by
    :func:`~tarotlib.ai.sample_world`) in turn, with one policy (default: the random policy
    drawing from ``rng``, one generator for all, used in order): the same results as
    ``[playout(s, policy, gen) for s in states]`` with ``gen`` the generator ``rng`` is or seeds,
    with the set-up done once.

    >>> import random, tarotlib
    >>> from tarotlib.ai import playout, playouts, sample_world
    >>> state = tarotlib.variant("french-tarot", players=4).new_deal(seed=3)
    >>> worlds = [sample_world(state, 1, seed) for seed in range(20)]
    >>> results = playouts(worlds, rng=7)
    >>> len(results), sum(r.scores[1] for r in results) == sum(
    ...     playout(w, rng=gen).scores[1] for gen in [random.Random(7)] for w in worlds)
    (20, True)
    """
    chosen, chooser = _prepare(policy, rng)
    return [_run(state, chosen, chooser).result for state in states]
