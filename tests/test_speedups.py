"""The compiled card kernel of playouts (``tarotlib._speedups``, used by
``TrickPlay.play_cards``): the same legal cards as ``TrickRules.legal_mask`` under every
combination of the trick rules' options, and the same final states, draws, errors and results as
the pure-Python loop, in every game and configuration, with each way of choosing a card. Skipped
where the kernel is not built (no C compiler at install) or turned off (``TAROTLIB_NO_SPEEDUPS``):
the pure-Python loop is then the one tests/ai/test_ai_playout.py checks."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarotlib import _compiled
from tarotlib.ai import RandomPolicy, play_to_end
from tarotlib.core.cards import SUIT_MASKS, TRUMP_MASK, Suit
from tarotlib.core.ranking import STANDARD
from tarotlib.core.tricks import NO_CLASS, Overtrump, PartnerTrumped, TrickRules
from tarotlib.deal import PlayContext
from tarotlib.deal import play as play_module
from tarotlib.errors import ActionTypeError, IllegalActionError

from support.playout import (
    ALL,
    IDS,
    RULES,
    BadCards,
    LowestCard,
    OwnRandom,
    SeededCards,
    assert_same,
    play_start,
    position,
)
from support.profiles import examples

T = TypeVar("T")

_speedups = pytest.importorskip("tarotlib._speedups", reason="the compiled kernel is not built")
pytestmark = pytest.mark.skipif(
    not _compiled.COMPILED, reason="the compiled kernel is not built (or is turned off)"
)


def pure(run: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``run(*args, **kwargs)`` with the kernel turned off: the pure-Python loop."""
    play_module._kernels_on = False
    try:
        return run(*args, **kwargs)
    finally:
        play_module._kernels_on = True


def test_the_kernel_is_in_use() -> None:
    state = play_start(RULES[1], 1)
    x = cast(PlayContext, state.local)
    assert isinstance(x.kernel, _speedups.Kernel)


# -- legal cards --------------------------------------------------------------------------------
def all_rules() -> Iterator[TrickRules]:
    """Trick rules under every combination of their options, with tarot trumps or a Belote-like
    trump suit (with and without a fool)."""
    trump_sets = [
        (TRUMP_MASK, 1 << 77),  # tarot trumps and the Excuse (tarotlib's card 77)
        (SUIT_MASKS[Suit.HEARTS], 0),
        (SUIT_MASKS[Suit.SPADES], 1 << 77),
    ]
    for trumps, fool in trump_sets:
        for overtrump in Overtrump:
            for partner in PartnerTrumped:
                for flags in range(32):
                    yield TrickRules(
                        rank_order=STANDARD,
                        trumps=trumps,
                        fool=fool,
                        must_trump=bool(flags & 1),
                        overtrump=overtrump,
                        trump_lead_higher=bool(flags & 2),
                        undertrump=bool(flags & 4),
                        partner_trumped=partner,
                        follow_higher=bool(flags & 8),
                        follow_higher_partner=bool(flags & 16),
                    )


@functools.cache
def rule_kernels() -> list[tuple[TrickRules, Any]]:
    """Every combination of trick rules, and its kernel (built once, when first asked)."""
    return [(rules, kernel_of(rules)) for rules in all_rules()]


def kernel_of(rules: TrickRules) -> Any:
    """The kernel of ``rules`` in a Belote deal's context (only its seats, actions and trick
    size matter here: :meth:`Kernel.legal` reads the trick rules alone)."""
    x = cast(PlayContext, play_start(RULES[4], 0).local)
    return play_module._kernel(x, rules)


@given(
    hand=st.frozensets(st.integers(0, 77), max_size=40).map(
        lambda cards: sum(1 << c for c in cards)
    ),
    kept=st.sets(st.integers(0, 5)),
    cards=st.lists(st.integers(0, 77), max_size=4, unique=True),
    trumped=st.none() | st.integers(0, 20),
    partner=st.booleans(),
)
@settings(max_examples=examples(300), deadline=None)
def test_the_kernel_has_the_legal_cards_of_the_trick_rules(
    hand: int, kept: set[int], cards: list[int], trumped: int | None, partner: bool
) -> None:
    """Every combination of options on one trick: ``cards`` played, then (``trumped``) one of the
    rules' trumps by rank, so that tricks led in a suit and trumped, where most options matter,
    come up often; the hand holds only some classes of cards (voids)."""
    for rules, kernel in rule_kernels():
        trick = list(cards)
        if trumped is not None and cards:
            trumps = [c for c in range(78) if rules.trumps >> c & 1]
            trick.append(trumps[trumped % len(trumps)])
        if len(set(trick)) < len(trick) or any(rules.card_class[c] == NO_CLASS for c in trick):
            continue  # a card twice, or not a card of these rules' pack
        led, win = NO_CLASS, NO_CLASS
        for card in trick:
            led, win = rules.follow(led, win, card)
        held = hand & sum(rules.class_masks[c] for c in kept) & ~sum(1 << c for c in trick)
        assert kernel.legal(held, led, win, partner) == rules.legal_mask(held, led, win, partner)


def test_every_option_gives_some_other_legal_cards() -> None:
    """The option sweep above is not vacuous: on one trump-led trick, options change the legal
    cards, and the kernel follows each of them."""
    hand = (1 << 60) | (1 << 70) | (1 << 3)  # two tarot trumps (trump 5, trump 15), a plain card
    seen = set()
    for rules, kernel in rule_kernels():
        if rules.trumps != TRUMP_MASK:
            continue
        led, win = rules.follow(NO_CLASS, NO_CLASS, 65)  # a trump led
        for partner in (False, True):
            legal = kernel.legal(hand, led, win, partner)
            assert legal == rules.legal_mask(hand, led, win, partner)
            seen.add(legal)
    assert len(seen) >= 2


# -- whole playouts -----------------------------------------------------------------------------
@given(
    config=st.sampled_from(range(len(ALL))),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 150),
    draws=st.integers(0, 2**32 - 1),
)
@settings(max_examples=examples(200), deadline=None)
def test_the_kernel_plays_what_the_python_loop_plays(
    config: int, seed: int, steps: int, draws: int
) -> None:
    state = position(RULES[config], seed, steps)
    fast_rng, slow_rng = random.Random(draws), random.Random(draws)
    fast = play_to_end(state, rng=fast_rng)
    slow = pure(play_to_end, state, rng=slow_rng)
    assert_same(fast, slow)
    assert fast_rng.getstate() == slow_rng.getstate()  # the same draws, no more
    # a generator of its own kind (its randrange is called), and card policies
    assert_same(
        play_to_end(state, rng=OwnRandom(draws)),
        pure(play_to_end, state, rng=OwnRandom(draws)),
    )
    assert_same(
        play_to_end(state, SeededCards(draws)), pure(play_to_end, state, SeededCards(draws))
    )
    assert_same(play_to_end(state, RandomPolicy(draws)), fast)


@pytest.mark.parametrize("config", range(len(ALL)), ids=IDS)
def test_the_kernel_plays_every_configuration_from_its_first_card(config: int) -> None:
    rules = RULES[config]
    for seed in range(8):
        start = play_start(rules, seed)
        for draws in range(2):
            assert_same(play_to_end(start, rng=draws), pure(play_to_end, start, rng=draws))
        assert_same(play_to_end(start, LowestCard()), pure(play_to_end, start, LowestCard()))


class TrickReader(LowestCard):
    """A card policy that records what it is shown: the seat, the legal cards and the trick."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, int, tuple[int, ...]]] = []

    def choose_card(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        assert type(legal) is int and type(trick) is tuple
        self.seen.append((seat, legal, trick))
        return super().choose_card(seat, legal, trick)


def test_a_card_policy_is_shown_the_same_in_both_loops() -> None:
    for config in (1, 2, 4):
        start = play_start(RULES[config], 6)
        fast, slow = TrickReader(), TrickReader()
        play_to_end(start, fast)
        pure(play_to_end, start, slow)
        assert fast.seen == slow.seen and fast.seen


# -- bad input: the same errors, from the same states -------------------------------------------
def outcome(run: Callable[[], object]) -> tuple[type[BaseException], str]:
    with pytest.raises((IllegalActionError, ActionTypeError, ValueError, ZeroDivisionError)) as err:
        run()
    return err.type, str(err.value)


@pytest.mark.parametrize(
    "answer",
    [
        lambda legal: 2**80,  # not a card index
        lambda legal: -1,
        lambda legal: True,  # a bool is not a card
        lambda legal: "KH",
        lambda legal: 1 // 0,  # the chooser's own error
        lambda legal: next(c for c in range(78) if not legal >> c & 1),  # an illegal card
    ],
    ids=["huge", "negative", "bool", "text", "raises", "illegal"],
)
def test_a_bad_card_is_refused_as_the_python_loop_refuses_it(
    answer: Callable[[int], object],
) -> None:
    start = play_start(RULES[1], 4)
    late = position(RULES[1], 4, 40)  # later in the play: the kernel is the one asking
    for state in (start, late):
        assert not state.is_over
        fast = outcome(lambda: play_to_end(state, BadCards(answer)))  # noqa: B023
        slow = outcome(lambda: pure(play_to_end, state, BadCards(answer)))  # noqa: B023
        assert fast == slow


def test_a_numpy_like_card_index_is_taken() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    start = play_start(RULES[2], 3)
    over = play_to_end(start, BadCards(lambda legal: Index((legal & -legal).bit_length() - 1)))
    assert_same(over, play_to_end(start, LowestCard()))


# -- unpacking observation bits (tarotlib.ai.tensors, tarotlib.ai.pettingzoo) ------------------
np = pytest.importorskip("numpy")


@given(
    bits=st.integers(0, 2**300 - 1),
    nbits=st.integers(300, 700),
    picks=st.lists(st.integers(-3, 720), max_size=200),
)
@settings(max_examples=examples(200), deadline=None)
def test_unpack_gives_the_bits(bits: int, nbits: int, picks: list[int]) -> None:
    expected = [bits >> i & 1 for i in range(nbits)]
    for dtype in (np.float32, np.int8, np.uint8):
        out = np.full(nbits, 7, dtype)
        _speedups.unpack(bits, nbits, None, out)
        assert out.tolist() == expected
        gather = np.array(picks, np.int32)
        out = np.full(len(picks), 7, dtype)
        _speedups.unpack(bits, nbits, gather, out)
        assert out.tolist() == [expected[i] if 0 <= i < nbits else 0 for i in picks]
    # a view into a larger array (an information-state tensor's first section)
    whole = np.full(nbits + 5, 7, np.float32)
    _speedups.unpack(bits, nbits, None, whole[:nbits])
    assert whole[:nbits].tolist() == expected and whole[nbits:].tolist() == [7.0] * 5


def test_unpack_refuses_what_it_cannot_write() -> None:
    out = np.zeros(8, np.float32)
    with pytest.raises(OverflowError):
        _speedups.unpack(1 << 8, 8, None, out)  # a 9th bit
    with pytest.raises(OverflowError):
        _speedups.unpack(-1, 8, None, out)
    with pytest.raises(TypeError, match="float32 or int8"):
        _speedups.unpack(1, 8, None, np.zeros(8, np.float64))
    with pytest.raises(ValueError, match="int32 array as long as out"):
        _speedups.unpack(1, 8, np.zeros(3, np.int32), out)
    with pytest.raises(ValueError, match="int32 array as long as out"):
        _speedups.unpack(1, 8, np.zeros(8, np.int64), out)
    with pytest.raises(ValueError, match="longer than nbits"):
        _speedups.unpack(1, 4, None, out)
    with pytest.raises(ValueError, match="contiguous"):
        _speedups.unpack(1, 8, None, np.zeros(8, np.float32)[::2])
    frozen = np.zeros(8, np.float32)
    frozen.flags.writeable = False
    with pytest.raises((TypeError, ValueError, BufferError)):
        _speedups.unpack(1, 8, None, frozen)
    assert out.tolist() == [0.0] * 8  # nothing written by a refused call


def numpy_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from tarotlib.ai import tensors

    monkeypatch.setattr(tensors, "_unpack_bits", None)
    monkeypatch.setattr(tensors, "_Observer", None)


def tensors_along_play(config: int, seed: int) -> list[tuple[Any, ...]]:
    """Along one random deal of the PettingZoo environment of ``config``: the agent's observation
    and mask, every seat's observation and the agent's information state."""
    from tarotlib.ai.pettingzoo import DealEnv
    from tarotlib.ai.tensors import TensorEncoder

    name, options = ALL[config]
    game = DealEnv(name, **options)
    encoder = TensorEncoder(game.codec)
    players = game.deal.rules.players
    game.reset(seed=seed)
    rng = random.Random(seed)
    out: list[tuple[Any, ...]] = []
    while not game.deal.is_over:
        agent, deal, chosen = game.agent_selection, game.deal, game.chosen
        mask = game.action_mask(agent)
        out.append(
            (
                game.observe(agent)["observation"],
                mask,
                *(encoder.observation(deal, s, chosen) for s in range(players)),
                encoder.information_state(deal, game._seat[agent], chosen),
            )
        )
        game.step(rng.choice(np.flatnonzero(mask).tolist()))
    return out


@pytest.mark.parametrize("config", range(len(ALL)), ids=IDS)
def test_tensors_and_masks_are_the_same_compiled_or_not(
    config: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = [tensors_along_play(config, seed) for seed in range(3)]
    numpy_only(monkeypatch)
    plain = [tensors_along_play(config, seed) for seed in range(3)]
    assert sum(map(len, compiled)) > 10
    assert len(compiled) == len(plain)
    for a, b in zip(compiled, plain, strict=True):
        assert len(a) == len(b)
        for row_a, row_b in zip(a, b, strict=True):
            for x, y in zip(row_a, row_b, strict=True):
                assert x.dtype == y.dtype and x.shape == y.shape
                assert np.array_equal(x, y)


def test_the_compiled_observations_cover_choices_and_told_facts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compiled writer against the Python one where the choice of a declaration is under way
    and where a game told facts (the ``chosen`` and ``told`` sections): in every configuration,
    along random deals, every seat."""
    from tarotlib.ai import ActionCodec, tensors
    from tarotlib.ai.tensors import TensorEncoder

    seen = {"chosen": 0, "told": 0, "states": 0}
    for config, (name, options) in enumerate(ALL):
        rules = RULES[config]
        codec = ActionCodec(rules)
        compiled = TensorEncoder(codec)
        monkeypatch.setattr(tensors, "_Observer", None)
        plain = TensorEncoder(codec)
        monkeypatch.undo()
        assert compiled._observer is not None and plain._observer is None
        told = compiled._start.get("told")
        # (declarations chosen card by card and told facts come with some hands only: more deals)
        for seed in range(30 if codec._head_ids or told is not None else 3):
            rng = random.Random(seed)
            state: Any = rules.new_deal(seed=seed)
            chosen: tuple[int, ...] = ()
            while not state.is_over:
                for seat in range(rules.players):
                    a = compiled.observation(state, seat, chosen)
                    b = plain.observation(state, seat, chosen)
                    assert np.array_equal(a, b), (name, options, seed, seat)
                    if told is not None and a[told:].any():
                        seen["told"] += 1
                seen["chosen"] += bool(chosen)
                seen["states"] += 1
                legal = codec.legal_ids(state, chosen)
                heads = [i for i in legal if i in codec._head_ids]  # a declaration chosen in steps
                pick = heads if heads and rng.random() < 0.5 else legal
                state, chosen = codec.step(state, rng.choice(pick), chosen)
    assert seen["chosen"] > 0 and seen["told"] > 0 and seen["states"] > 1000, seen


def observer_args(**change: Any) -> tuple[Any, ...]:
    """Arguments of ``Observer.fill`` for a small layout (3 seats, 4 slots, the whole pack), with
    some changed."""
    args: dict[str, Any] = {
        "out": np.zeros(OBSERVER_SIZE, np.float32),
        "seat": 1,
        "phase": 0,
        "to_act": 2,
        "dealer": 0,
        "declarer": -1,
        "called": -1,
        "sitter": -1,
        "hand": 0b1011,
        "visible": 0b11111,
        "tricks": ((0, (20, 21, 22), 2),),
        "lead": 2,
        "trick": (30,),
        "actions": 1 << 5,
        "chosen_slot": -1,
        "chosen_cards": 0,
    }
    args.update(change)
    return tuple(args.values())


OBSERVER_SIZE = 3 + 3 * 3 + 3 * 78 + 2 * 3 * 78 + 3 * 4 + 4 + 78


def observer() -> Any:
    at = [0, 3, 6, 9, 12, 90, 168, 246, 480, 714, 726]
    return _speedups.Observer(
        pos=tuple(range(78)), players=3, cards=78, slots=4, size=OBSERVER_SIZE, offsets=tuple(at)
    )


def test_the_compiled_observer_writes_each_section() -> None:
    out, *rest = observer_args()
    observer().fill(out, *rest)
    ones = np.flatnonzero(out).tolist()
    # The sections start at 0 (phase), 3 (to act), 6 (dealer), 9 (declarer), 12 (called),
    # 90 (hand), 168 (seen), 246 (trick), 480 (played), 714 (actions) and 726 (chosen).
    assert ones == [
        0,  # phase 0
        3 + 1,  # to act: seat 2, one after the observer (seat 1)
        6 + 2,  # dealer: seat 0, two after
        *(90 + 0, 90 + 1, 90 + 3),  # the hand
        *(168 + 2, 168 + 4),  # seen: visible, not in the hand, not played
        246 + 1 * 78 + 30,  # the trick: seat 2 (row 1) led card 30
        480 + 0 * 78 + 21,  # trick 1: seat 0 (row 2) led 20, seat 1 (row 0) played 21, ...
        480 + 1 * 78 + 22,
        480 + 2 * 78 + 20,
        714 + 0 * 4 + 1,  # action bit 5: seat 1's slot 1, in the observer's row
    ]
    # With a sitter (seat 0): the trick led by seat 2 goes on to seat 1
    out, *rest = observer_args(sitter=0, trick=(30, 31), tricks=())
    observer().fill(out, *rest)
    assert out[246 + 1 * 78 + 30] == 1 and out[246 + 0 * 78 + 31] == 1
    out, *rest = observer_args(chosen_slot=3, chosen_cards=1 << 77)
    observer().fill(out, *rest)
    assert out[726 + 3] == 1 and out[726 + 4 + 77] == 1


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"seat": 3}, ValueError, "seat is a seat from 0 to 2, not 3"),
        ({"to_act": -2}, ValueError, "to_act is a seat from -1 to 2"),
        ({"phase": 3}, ValueError, "phase, the called card or the slot"),
        ({"chosen_slot": 4}, ValueError, "phase, the called card or the slot"),
        ({"called": 78}, ValueError, "phase, the called card or the slot"),
        ({"hand": 1 << 78}, ValueError, "bits above card 77"),
        ({"visible": 1 << 128}, OverflowError, "too big"),
        ({"hand": "JS"}, TypeError, "a card mask is an int, not str"),
        ({"tricks": [(0, (1, 2, 3), 0)]}, TypeError, "tricks and trick are tuples"),
        ({"tricks": ((0, (1, 2, 3)),)}, ValueError, r"\(leader, cards, winner\)"),
        ({"tricks": ((5, (1, 2, 3), 0),)}, ValueError, "a trick's leader is a seat"),
        ({"trick": (1, 2, 3, 4)}, ValueError, "at most one card a seat"),
        ({"trick": (78,)}, ValueError, "card 78 is not in the pack"),
        ({"trick": (1,), "lead": 9}, ValueError, "lead is a seat"),
        ({"actions": 1 << 12}, OverflowError, "more bits than the seats' slots"),
        ({"actions": -1}, OverflowError, "negative"),
        (
            {"out": np.zeros(OBSERVER_SIZE, np.float64)},
            ValueError,
            f"float32 array of {OBSERVER_SIZE}",
        ),
        ({"out": np.zeros(OBSERVER_SIZE + 1, np.float32)}, ValueError, "float32 array of"),
    ],
)
def test_the_compiled_observer_refuses_bad_parts(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    out, *rest = observer_args(**change)
    with pytest.raises(error, match=message):
        observer().fill(out, *rest)


def test_the_compiled_observer_refuses_a_bad_layout() -> None:
    good: dict[str, Any] = {
        "pos": tuple(range(78)),
        "players": 3,
        "cards": 78,
        "slots": 4,
        "size": OBSERVER_SIZE,
        "offsets": (0, 3, 6, 9, 12, 90, 168, 246, 480, 714, 726),
    }
    changes: list[tuple[dict[str, Any], str]] = [
        ({"players": 9}, "1 to 8 players"),
        ({"cards": 79}, "1 to 8 players, 1 to 78 cards"),
        ({"pos": (0,) * 77}, "pos: a tuple of 78 ints"),
        ({"pos": (78,) * 78}, "indexes from -1 to cards - 1"),
        ({"offsets": (0, 3, 6, 9, 12, 90, 168, 246, 480, 714, 727)}, "inside the tensor"),
        ({"size": OBSERVER_SIZE - 1}, "inside the tensor"),
    ]
    for change, message in changes:
        with pytest.raises(ValueError, match=message):
            _speedups.Observer(**{**good, **change})


def test_the_kernel_refuses_what_is_not_a_mask() -> None:
    state = play_start(RULES[1], 1)
    kernel = cast(PlayContext, state.local).kernel
    assert kernel is not None
    run: Any = kernel.run  # called with a bad argument on purpose
    with pytest.raises(TypeError, match="packed masks are an int, not str"):
        run(0, random.Random(1).getrandbits, int, state.moves_node, "hands", state.actor,
            *state.trick_state, state.trick_cards, state.leader, state.trick_list,
            state.packed_piles, False)  # fmt: skip
    with pytest.raises(TypeError, match="a card mask is an int, not str"):
        kernel.legal(cast(int, "hand"), -1, -1, False)
    # (the same errors on every Python version: the int conversion differs from 3.13 on)
    with pytest.raises(OverflowError, match="a card mask is negative"):
        kernel.legal(-1, -1, -1, False)
    with pytest.raises(OverflowError, match="a card mask is too big"):
        kernel.legal(1 << 128, -1, -1, False)
    with pytest.raises(OverflowError, match="the packed masks \\(an int\\) is negative"):
        run(0, random.Random(1).getrandbits, int, state.moves_node, -1, state.actor,
            *state.trick_state, state.trick_cards, state.leader, state.trick_list,
            state.packed_piles, False)  # fmt: skip
    with pytest.raises(ValueError, match="trick state"):
        kernel.legal(0, 2, -1, False)  # a suit led needs a winning card
