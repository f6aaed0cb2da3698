"""The custom-variant example (examples/custom_variant.py) against tarotlib.testing: the strategies
and the reusable state machine find it by its registered name, the generic checkers hold at every
step of its deals — and catch deliberately broken versions of it. Also: the example keeps to the
public API and defines its game in at most 40 lines, the tutorial's code is the example's, and the
command line plays it (``--load``).
"""

from __future__ import annotations

import ast
import importlib.util
import random
import re
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.stateful import run_state_machine_as_test

import tarotlib
from tarotlib import DealState
from tarotlib.cli import main
from tarotlib.core.actions import Play
from tarotlib.core.cards import parse_card
from tarotlib.core.dealing import Layout
from tarotlib.core.points import PointTable
from tarotlib.core.ranking import RankOrder
from tarotlib.core.results import DealResult
from tarotlib.core.tricks import TrickRules
from tarotlib.deal import TrickPlay
from tarotlib.registry import unregister
from tarotlib.testing import (
    VariantMachine,
    check_deal,
    check_rejects,
    deals,
    played_deals,
    random_play,
    registered,
    states,
)

from support.paths import ROOT
from support.profiles import examples

EXAMPLE = ROOT / "examples" / "custom_variant.py"
TUTORIAL = ROOT / "docs" / "custom-variant.md"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("custom_variant_under_test", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


game = _load()
if TYPE_CHECKING:  # the example file, as mypy sees it (examples/ is on its path)
    from custom_variant import PiquetWhist
else:
    PiquetWhist = game.PiquetWhist
unregister("piquet-whist")  # the example registers its game when imported; the fixture below
# registers it only while this module's tests run, so other tests see the registry unchanged


@pytest.fixture(autouse=True, scope="module")
def piquet_whist_registered() -> Iterator[None]:
    """The example's game is registered while this module's tests run (and only then)."""
    with registered(game.INFO):
        yield


FEW = settings(
    max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# -- the example is what it claims -----------------------------------------------------------------
def code_lines(text: str) -> list[tuple[int, str]]:
    """Numbered lines that are code: not blank, not a comment, not in a docstring."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                end = body[0].end_lineno or body[0].lineno
                docstrings |= set(range(body[0].lineno, end + 1))
    return [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#") and number not in docstrings
    ]


def test_the_game_is_defined_in_at_most_40_lines() -> None:
    """Sections 1 to 3 (the facts, the game, the registration) define the game declaratively;
    the imports, the checks and main() come on top, under 70 lines in all."""
    text = EXAMPLE.read_text(encoding="utf-8")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# 1. "))
    end = next(i for i, line in enumerate(lines) if line.startswith("# 4. "))
    game_lines = [n for n, _ in code_lines(text) if start < n <= end]
    assert len(game_lines) <= 40, f"the game takes {len(game_lines)} lines"
    assert len(code_lines(text)) < 70


def test_the_example_uses_only_the_public_api() -> None:
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tarotlib"):
            assert not any(part.startswith("_") for part in node.module.split("."))
            assert not any(alias.name.startswith("_") for alias in node.names)
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "tarotlib":
            assert not node.attr.startswith("_"), node.attr


def test_the_tutorial_shows_the_example_code() -> None:
    """Every Python block of the tutorial that is not a doctest is a verbatim part of the
    example, so the tutorial cannot drift from the code the tests run."""
    example = EXAMPLE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", TUTORIAL.read_text(encoding="utf-8"), re.S)
    shown = [b for b in blocks if not b.lstrip().startswith(">>>")]
    assert len(shown) >= 5
    for block in shown:
        assert block in example, f"this tutorial block is not in the example:\n{block}"


# -- the game itself -------------------------------------------------------------------------------
def test_registered_and_playable_by_name() -> None:
    info = tarotlib.variant_info("piquet-whist")
    assert info is game.INFO and info.factory is PiquetWhist
    rules = tarotlib.variant("piquet-whist")
    assert "piquet-whist" in tarotlib.variant_names() and rules.players == 4
    state = rules.new_deal(seed=7, dealer=2)
    assert state.to_act == 3 and state.phase == "play" and len(state.legal_actions()) == 8
    assert rules.parse_action("play QH") == Play(parse_card("QH"))


def test_illegal_plays_say_why() -> None:
    layout = Layout.from_text(
        [
            "7S 8S 9S 10S 7D 8D 9D 10D",
            "JS QS KS 1S JD QD KD 1D",
            "7H 8H 9H 10H 7C 8C 9C 10C",
            "JH QH KH 1H JC QC KC 1C",
        ],
        dealer=3,
    )
    state = PiquetWhist().new_deal(layout=layout)
    state = state.apply(Play(parse_card("7S")))  # seat 0 leads a spade
    assert check_rejects(state, Play(parse_card("QD"))).reason == "must follow spades"
    state = state.apply(Play(parse_card("QS")))  # seat 2 has no spade: hearts are trumps
    assert check_rejects(state, Play(parse_card("7C"))).reason == "must trump"
    assert check_rejects(state, Play(parse_card("QS"))).reason == "card not in hand"
    with pytest.raises(tarotlib.DealError):
        PiquetWhist().new_deal(layout=Layout.from_text(["KH", "QH", "JH", "1H"]))


# -- tarotlib.testing pointed at it ----------------------------------------------------------------
@FEW
@given(states("piquet-whist"))
def test_every_check_holds_on_states_reached_by_legal_play(state: DealState) -> None:
    assert state.layout.mask == tarotlib.PIQUET_32.mask  # dealt from its own pack
    game.check(state)


@FEW
@given(played_deals("piquet-whist", on_step=game.check))
def test_every_check_holds_at_every_step_of_whole_deals(
    deal: tuple[DealState, DealState, tuple[tarotlib.Action, ...]],
) -> None:
    first, last, actions = deal
    assert (
        first.history == () and last.is_over and len(actions) == 32 and sum(last.result.scores) == 0
    )


TestPiquetWhistMachine = VariantMachine.for_variant(
    "piquet-whist",
    check=game.check,
    settings=settings(max_examples=examples(15), stateful_step_count=25, deadline=None),
).TestCase


def test_the_command_line_plays_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``--load`` imports the file, which registers the game; then it is a game like the others."""
    unregister("piquet-whist")
    try:
        assert main(["simulate", "piquet-whist", "--load", str(EXAMPLE), "--deals", "20"]) == 0
        assert "deals played: 20" in capsys.readouterr().out
        assert main(["variants", "--load", str(EXAMPLE)]) == 0
        assert "piquet-whist" in capsys.readouterr().out
    finally:
        tarotlib.register(game.INFO, replace=True)
    assert main(["variants", "--load", "no/such/file.py"]) == 2
    assert "cannot load" in capsys.readouterr().err


# -- broken engines: the checkers must notice -----------------------------------------------------
STRICT = game.TRICKS


def strict_check(state: DealState) -> None:
    """The checks with the real facts, whatever the broken game uses."""
    check_deal(state, deck=tarotlib.PIQUET_32, trick_rules=STRICT, point_table=game.POINTS)


def broken(
    rules: PiquetWhist, check: Callable[[DealState], object] = strict_check, deals: int = 30
) -> str:
    """Play random deals of a broken version of the game, checking every step; the failure."""
    rng = random.Random(0)
    with pytest.raises(AssertionError) as failure:
        for seed in range(deals):
            random_play(rules.new_deal(seed=seed), rng, on_step=check)
    return str(failure.value)


def with_tricks(tricks: TrickRules | TrickPlay) -> PiquetWhist:
    """The game with other trick rules (or another play phase)."""

    class Broken(PiquetWhist):
        phases = (tricks if isinstance(tricks, TrickPlay) else TrickPlay(tricks),)

    return Broken()


def with_state(**methods: Callable[..., object]) -> PiquetWhist:
    """The game with states whose methods are replaced."""
    broken_state: type[DealState] = type("BrokenState", (DealState,), {"__slots__": (), **methods})

    class Broken(PiquetWhist):
        state_class = broken_state

    return Broken()


def test_an_engine_that_does_not_make_void_players_trump_is_caught() -> None:
    lax = attrs.evolve(STRICT, must_trump=False)
    message = broken(with_tricks(lax))
    assert "is offered" in message and "the trick rules allow" in message


def test_an_engine_that_ranks_the_cards_wrongly_is_caught() -> None:
    """Ranks reversed: other tricks winners (and other cards to play to beat a trump)."""
    low = RankOrder.build("low", (7, 8, 9, 11, 13, 14, 10, 1))
    message = broken(with_tricks(attrs.evolve(STRICT, rank_order=low)))
    assert any(why in message for why in ("is offered", "won by seat", "led by seat"))


class LastCardWins(TrickPlay):
    """A consistent engine with another rule: the last card played wins each trick."""

    def apply(self, state, action, *args, **kwargs):  # type: ignore[no-untyped-def]
        new = super().apply(state, action, *args, **kwargs)
        if len(new.trick_list) > len(state.trick_list) and not new.is_over:
            leader, cards, _ = new.trick_list[-1]
            winner = (leader + 3) % 4
            # Rewrite the state's representation: the engine under test is broken on purpose.
            new._s_tricks = (*new.trick_list[:-1], (leader, cards, winner))
            new._s_actor = new._s_leader = winner
        return new


def test_an_engine_that_gives_tricks_to_the_last_card_is_caught() -> None:
    message = broken(with_tricks(LastCardWins(STRICT)))
    assert "won by seat" in message or "led by seat" in message


def test_an_engine_that_keeps_played_cards_in_hand_is_caught() -> None:
    def hand(self: DealState, seat: int) -> tuple[tarotlib.Card, ...]:
        gone = {c for t in self.tricks for c in t.cards}
        return tuple(c for c in self.layout.hands[seat] if c not in gone)

    assert "the hands are not the hands before less that card" in broken(with_state(hand=hand))


def test_an_engine_that_miscounts_points_is_caught() -> None:
    doubled = PointTable("doubled", tuple(2 * v for v in game.POINTS.values))

    class Doubled(PiquetWhist):
        def score(self, state: DealState) -> DealResult:
            points = [doubled.value_sum(state.pile_mask(seat)) for seat in range(4)]
            return DealResult(tuple(4 * p - 120 for p in points))

    assert "do not sum to zero" in broken(Doubled())


def test_scoring_that_disagrees_with_the_stated_rule_is_caught() -> None:
    """The game gives each seat the next seat's score: still zero-sum, no longer the rule;
    ``scores=`` (the rule restated from the facts) sees it."""

    class Shifted(PiquetWhist):
        def score(self, state: DealState) -> DealResult:
            real = super().score(state)
            scores = real.scores[1:] + real.scores[:1]
            return tarotlib.DealResult(scores, breakdown=real.breakdown)

    assert "your scoring gives" in broken(Shifted(), game.check)


def machine_failure(rules: PiquetWhist) -> BaseException:
    """Run the reusable machine on a broken version of the game, without shrinking; the failure."""

    class Machine(VariantMachine):  # this broken game, whatever the registry holds
        deals = deals(rules)

        def check(self, state: DealState) -> None:
            strict_check(state)

    quick = settings(
        max_examples=examples(50),
        stateful_step_count=10,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        report_multiple_bugs=False,
    )
    with pytest.raises((AssertionError, tarotlib.IllegalActionError)) as failure:
        run_state_machine_as_test(Machine, settings=quick)
    return failure.value


def test_the_machine_catches_an_engine_whose_is_legal_lies() -> None:
    machine_failure(with_state(is_legal=lambda self, action: True))


def test_the_machine_catches_rejections_without_a_reason() -> None:
    apply = DealState.apply

    def terse(self: DealState, action: tarotlib.Action) -> DealState:
        try:
            return apply(self, action)
        except tarotlib.IllegalActionError:
            raise tarotlib.IllegalActionError("", action) from None

    assert "empty reason" in str(machine_failure(with_state(apply=terse)))


def test_the_machine_catches_a_rejection_that_changes_the_state() -> None:
    """An engine that records a rejected action in the history before refusing it."""
    apply = DealState.apply

    def leaky(self: DealState, action: tarotlib.Action) -> DealState:
        try:
            return apply(self, action)
        except tarotlib.IllegalActionError:
            self._s_history = (self._s_history, action, self._s_actor)  # a mutation of the state
            raise

    assert "changed the state" in str(machine_failure(with_state(apply=leaky)))
