"""Games plug in through the variant registry: the built-in ones are found without being named,
third-party ones come from the ``tarotlib.variants`` entry-point group, hooks are loaded lazily,
and a user's own game gets the shared modules' help through the same ``VariantInfo`` hooks (the
heuristic bot, ``check_state``, the strategies, the terminal view, the duel), or their generic
defaults without them.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import tarotlib
from tarotlib.bots import HeuristicBot, RandomBot, duel
from tarotlib.bots.weighing import TieBreaker
from tarotlib.core.actions import Action
from tarotlib.deal import DealState, Game
from tarotlib.registry import LazyHook, VariantInfo, default_variant, unregister
from tarotlib.terminal import table_view
from tarotlib.terminal.view import ViewParts
from tarotlib.testing import check_state, deck_of, registered
from tarotlib.testing import strategies as ts

from support.paths import ROOT

EXAMPLE = ROOT / "examples" / "custom_variant.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("custom_variant_for_plugins", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


game = _load()
unregister("piquet-whist")  # the example registers its game when imported; tests that need it
# registered say so (``registered(game.INFO)``), so the registry stays as other tests expect it


def run(code: str, *, path: Sequence[Path] = ()) -> str:
    """Run ``code`` in a fresh interpreter (with ``path`` first on sys.path); its output."""
    env_path = [str(p) for p in path] + [str(ROOT / "src")]
    prelude = f"import sys; sys.path[:0] = {env_path!r}\n"
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout


#: The games that come with tarotlib, as ``variant_names()`` lists them.
BUILT_IN = (
    "belote",
    "chambery",
    "contree",
    "french-tarot",
    "french-tarot-solo",
    "lombardy",
    "ombra-arrabiata",
    "reseghino",
    "tarocco-ombre",
)


# -- discovery -------------------------------------------------------------------------------------
def test_the_built_in_games_are_found_on_first_use_and_their_hooks_stay_unloaded() -> None:
    out = run(
        """
        import sys, tarotlib
        from tarotlib import registry
        games = [m for m in sys.modules if m.startswith("tarotlib.variants")]
        print(games == [], registry._REGISTRY == {})
        print(tarotlib.variant_names())
        hooks = ("bot", "oracle", "strategies", "view")
        print(sorted(m for m in sys.modules if m.rpartition(".")[2] in hooks))
        print("hypothesis" in sys.modules)
        """
    )
    assert out.splitlines() == [
        "True True",
        str(BUILT_IN),
        "[]",
        "False",
    ]


def test_a_game_package_imported_first_registers_every_game() -> None:
    out = run(
        """
        from tarotlib.variants.belote import Belote
        import tarotlib
        print(tarotlib.variant_names(), tarotlib.variant("french-tarot").players)
        """
    )
    assert out.splitlines() == [f"{BUILT_IN} 4"]


def test_a_built_in_name_cannot_be_taken_before_first_use() -> None:
    out = run(
        """
        import tarotlib
        info = tarotlib.VariantInfo("belote", "mine", "-", lambda **o: None)
        try:
            tarotlib.register(info)
        except ValueError as exc:
            print(exc)
        """
    )
    assert out.strip() == "a variant named 'belote' is already registered"


def test_third_party_games_come_from_the_entry_point_group(tmp_path: Path) -> None:
    (tmp_path / "whist_plugin.py").write_text(
        textwrap.dedent(
            """
            import tarotlib

            def _rules(**options):
                return tarotlib.variant("belote", **options)

            INFO = tarotlib.VariantInfo("whist", "a game of another distribution", "-", _rules)

            def make():
                return tarotlib.VariantInfo("whist-two", "another one", "-", _rules)
            """
        ),
        encoding="utf-8",
    )
    dist = tmp_path / "whist_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: whist-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[tarotlib.variants]\n"
        "whist = whist_plugin:INFO\n"
        "whist-two = whist_plugin:make\n"
        "broken = whist_plugin:missing\n"
    )
    out = run(
        """
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import tarotlib
            print(tarotlib.variant_names())
        print([str(w.message).split(":")[1].strip() for w in caught])
        print(tarotlib.variant("whist").players)
        """,
        path=[tmp_path],
    )
    lines = out.splitlines()
    assert lines[0] == str(tuple(sorted((*BUILT_IN, "whist", "whist-two"))))
    assert "the variant plugin 'broken'" in lines[1]
    assert lines[2] == "4"


def test_moved_names_still_import_with_a_deprecation_warning() -> None:
    out = run(
        """
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from tarotlib.testing import check_belote_state
            from tarotlib.testing.invariants import check_card_conservation
            from tarotlib.bots import FrenchTarotBot
        print(check_belote_state.__module__, check_card_conservation.__module__)
        print(FrenchTarotBot.__module__)
        print(sorted({w.category.__name__ for w in caught}), len(caught))
        try:
            from tarotlib.testing import check_nothing
        except ImportError as exc:
            print(type(exc).__name__)
        """
    )
    assert out.splitlines() == [
        "tarotlib.variants.belote.oracle tarotlib.variants.french_tarot.oracle",
        "tarotlib.variants.french_tarot.bot",
        "['DeprecationWarning'] 3",
        "ImportError",
    ]


def test_the_default_game_is_the_one_registered_as_default() -> None:
    assert default_variant() == "french-tarot"
    french = tarotlib.variant_info("french-tarot")
    with registered(attrs.evolve(french, default=False), replace=True):
        assert default_variant() == "belote"  # none is the default: the first by name
    assert default_variant() == "french-tarot"


# -- a user's own game, with and without hooks ------------------------------------------------------
def whist_state(seed: int = 3) -> DealState:
    state: DealState = game.PiquetWhist().new_deal(seed=seed)
    return state


def test_without_hooks_a_game_gets_the_generic_defaults() -> None:
    with registered(game.INFO):
        state = whist_state()
        actions = state.legal_actions()
        rng = TieBreaker(5)
        assert HeuristicBot(5).choose(state) == actions[rng.below(len(actions))]  # at random
        check_state(state)  # the generic checks only
        view = table_view(state, 0)
        assert view.game == "piquet-whist" and view.calls == () and view.teams == ()
        assert deck_of(state.rules) is tarotlib.PIQUET_32  # the rules' own deck attribute
        with pytest.raises(ValueError, match="no options strategy for variant 'piquet-whist'"):
            ts.options("piquet-whist")
        result = duel(state.rules, deals=4, seed=1, challenger=RandomBot)
        assert result.rotations == 4  # no fixed teams: the challenger takes every seat


def test_a_games_hooks_are_what_the_shared_modules_use() -> None:
    calls: list[str] = []

    def bot(rng: TieBreaker) -> object:
        def play(observation: object, actions: Sequence[Action], rules: Game) -> Action:
            calls.append("bot")
            return actions[-1]

        return play

    def oracle(state: DealState) -> None:
        calls.append("oracle")

    def view(observation: object) -> ViewParts | None:
        return ViewParts(contract="hearts are trumps", teams=((0, 2), (1, 3)))

    def teams(rules: Game) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    info = attrs.evolve(game.INFO, bot=bot, oracle=oracle, view=view, teams=teams, zero_sum=False)
    with registered(info):
        state = whist_state()
        assert HeuristicBot(1).choose(state) == state.legal_actions()[-1]
        check_state(state)
        assert calls == ["bot", "oracle"]
        shown = table_view(state, 2)
        assert shown.contract == "hearts are trumps" and shown.team_of(2) == (0, 2)
        assert shown.game == "piquet-whist" and shown.hand == state.hand(2)  # the rest is generic
        assert duel(state.rules, deals=2, seed=1).rotations == 2  # one seating per team


def test_lazy_hooks_load_their_target_when_called() -> None:
    info = attrs.evolve(
        game.INFO,
        oracle=LazyHook("tarotlib.testing.invariants:check_legal_actions"),
        options_strategy=LazyHook("tarotlib.variants.belote.strategies:options"),
    )
    with registered(info):
        check_state(whist_state())
        assert ts.options("piquet-whist") is not None


def test_a_variant_info_keeps_its_positional_fields() -> None:
    info = VariantInfo("g", "a game", "G-0", game.PiquetWhist)
    assert (info.bot, info.oracle, info.view, info.deck, info.presets) == (None,) * 4 + ((),)
    assert info.zero_sum and not info.default
