"""The game kit, the shared pieces a game package is written with: the options base
(:class:`tarotlib.deal.options.GameOptions`), the registration helper
(:func:`tarotlib.registry.game_entry`) and the breakdown formatter (:mod:`tarotlib.core.text`) —
on small games of this module and on every built-in game, whose messages, presets, registry
entries and breakdown text they must leave as they were.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Literal

import attrs
import pytest

import tarotlib
from tarotlib.core.text import (
    MINUS,
    seat_line,
    seat_lines,
    seat_list,
    signed,
    team_line,
    team_list,
    unsigned,
)
from tarotlib.deal import Game
from tarotlib.deal._demo import demo_game
from tarotlib.deal.options import (
    NOT_SAVED,
    GameOptions,
    check_choices,
    check_first_dealer,
    saved_as,
)
from tarotlib.errors import OptionError
from tarotlib.registry import LazyHook, game_entry, variant_info, variant_names
from tarotlib.testing import random_play, registered


# -- a small game's options on the base ------------------------------------------------------------
def _counts(value: object) -> tuple[int, int]:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    raise OptionError(f"option counts must be two numbers, got {value!r}")


def _listed(value: tuple[int, int]) -> list[int]:
    return list(value)


@attrs.frozen
class WhistOptions(GameOptions):
    GAME_NAME: ClassVar[str] = "Piquet Whist"
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {
        "club": {},
        "short": {"deals": 4},
        "spades": {"trumps": "spades", "counts": [2, 3]},
    }

    table: str = attrs.field(default="home", metadata=NOT_SAVED)
    trumps: Literal["hearts", "spades"] = "hearts"
    deals: int = 8
    counts: tuple[int, int] = attrs.field(
        default=(1, 2), converter=_counts, metadata=saved_as(_listed)
    )
    first_dealer: int | Literal["random"] = 0

    def __attrs_post_init__(self) -> None:
        check_choices(self, {"trumps": ("hearts", "spades"), "deals": (8, 4)})
        check_first_dealer(self.first_dealer, 4)


@attrs.frozen
class PlainOptions(GameOptions):
    GAME_NAME: ClassVar[str] = "Plain Whist"

    deals: int = 8


def test_from_dict_builds_the_options_and_refuses_unknown_names() -> None:
    assert WhistOptions.from_dict({"deals": 4, "counts": [3, 4]}) == WhistOptions(
        deals=4, counts=(3, 4)
    )
    assert WhistOptions.from_dict({}) == WhistOptions()
    with pytest.raises(OptionError) as info:
        WhistOptions.from_dict({"trump": "spades", "deal": 4, "deals": 4})
    assert str(info.value) == (
        "unknown Piquet Whist option(s) deal, trump; known: counts, deals, first_dealer, table, "
        "trumps"
    )


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"deals": 6}, "option deals must be one of 8, 4 (got 6)"),
        ({"deals": True}, "option deals must be one of 8, 4 (got True)"),
        ({"trumps": "clubs"}, "option trumps must be one of hearts, spades (got 'clubs')"),
        ({"counts": 3}, "option counts must be two numbers, got 3"),
        ({"first_dealer": 4}, "option first_dealer must be a seat 0..3 or 'random' (got 4)"),
        ({"first_dealer": True}, "option first_dealer must be a seat 0..3 or 'random' (got True)"),
    ],
)
def test_refused_values_say_why(values: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as info:
        WhistOptions.from_dict(values)
    assert str(info.value) == message


def test_check_choices_tells_true_from_one() -> None:
    assert WhistOptions(first_dealer="random").first_dealer == "random"
    with pytest.raises(OptionError, match=r"must be one of 8, 4 \(got 8.0\)"):
        WhistOptions(deals=8.0)  # type: ignore[arg-type]  # a refused value, on purpose


def test_presets_take_overrides_and_refuse_unknown_names() -> None:
    assert WhistOptions.preset("club") == WhistOptions()
    assert WhistOptions.preset("spades") == WhistOptions(trumps="spades", counts=(2, 3))
    assert WhistOptions.preset("short", deals=8, trumps="spades") == WhistOptions(trumps="spades")
    with pytest.raises(OptionError) as info:
        WhistOptions.preset("long")
    assert str(info.value) == "unknown preset 'long'; expected 'club', 'short' or 'spades'"
    with pytest.raises(OptionError, match=r"^unknown Piquet Whist option\(s\) colour; known: "):
        WhistOptions.preset("short", colour="red")
    with pytest.raises(OptionError, match=r"^unknown preset 'club': Plain Whist has no presets$"):
        PlainOptions.preset("club")


@attrs.frozen
class TwoPresets(GameOptions):
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {"a": {}, "b": {}}


@attrs.frozen
class OnePreset(GameOptions):
    PRESETS: ClassVar[Mapping[str, Mapping[str, object]]] = {"a": {}}


def test_the_expected_presets_are_listed_as_a_sentence() -> None:
    with pytest.raises(OptionError, match=r"^unknown preset 'c'; expected 'a' or 'b'$"):
        TwoPresets.preset("c")
    with pytest.raises(OptionError, match=r"^unknown preset 'c'; expected 'a'$"):
        OnePreset.preset("c")
    with pytest.raises(OptionError, match=r"^preset must be a string \('a' or 'b'\)$"):
        TwoPresets.options_from({"preset": None})


def test_options_from_honours_preset_with_the_first_as_default() -> None:
    assert WhistOptions.options_from({}) == WhistOptions()
    assert WhistOptions.options_from({"deals": 4}) == WhistOptions(deals=4)
    assert WhistOptions.options_from({"preset": "short"}) == WhistOptions(deals=4)
    assert WhistOptions.options_from({"preset": "spades", "counts": (5, 6)}).counts == (5, 6)
    with pytest.raises(OptionError) as info:
        WhistOptions.options_from({"preset": 2})
    assert str(info.value) == "preset must be a string ('club', 'short' or 'spades')"
    with pytest.raises(OptionError, match="unknown preset 'long'"):
        WhistOptions.options_from({"preset": "long"})


def test_without_presets_options_from_is_from_dict() -> None:
    assert PlainOptions.options_from({"deals": 4}) == PlainOptions(4)
    with pytest.raises(
        OptionError, match=r"^unknown Plain Whist option\(s\) preset; known: deals$"
    ):
        PlainOptions.options_from({"preset": None})


def test_to_dict_follows_the_fields_exports_and_leaves_out_what_it_must() -> None:
    options = WhistOptions(table="club", trumps="spades", counts=(4, 5))
    data = options.to_dict()
    assert list(data) == ["trumps", "deals", "counts", "first_dealer"]  # the fields' order
    assert data == {"trumps": "spades", "deals": 8, "counts": [4, 5], "first_dealer": 0}
    assert WhistOptions.from_dict(data) == attrs.evolve(options, table="home")
    assert PlainOptions(4).to_dict() == {"deals": 4}


def test_the_base_keeps_the_options_slotted_and_frozen() -> None:
    options = WhistOptions()
    assert not hasattr(options, "__dict__")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        options.deals = 4  # type: ignore[misc]  # frozen, on purpose
    assert hash(options) == hash(WhistOptions())


# -- the built-in games' options -------------------------------------------------------------------
def _options_classes() -> list[type[GameOptions]]:
    found: list[type[GameOptions]] = []
    for name in variant_names():
        cls = type(tarotlib.variant(name).options)  # type: ignore[attr-defined]  # every game has
        if cls not in found:
            found.append(cls)
    return found


OPTIONS_CLASSES = _options_classes()


def test_every_built_in_game_has_its_options_on_the_base() -> None:
    assert len(OPTIONS_CLASSES) == 8
    assert all(issubclass(cls, GameOptions) for cls in OPTIONS_CLASSES)


@pytest.mark.parametrize("cls", OPTIONS_CLASSES, ids=lambda cls: cls.__name__)
def test_built_in_options_save_their_fields_in_order_and_read_them_back(
    cls: type[GameOptions],
) -> None:
    for name in ("", *cls.PRESETS):
        options = cls.preset(name) if name else cls()
        data = options.to_dict()
        saved = [f.name for f in attrs.fields(cls) if f.name != "game"]
        assert list(data) == saved
        assert cls.from_dict(data) == options
        assert not hasattr(options, "__dict__")


@pytest.mark.parametrize(
    ("game", "preset", "message"),
    [
        ("french-tarot", "nope", "unknown preset 'nope'; expected 'fft' or 'bga'"),
        ("french-tarot", None, "preset must be a string ('fft' or 'bga')"),
        ("belote", "nope", "unknown preset 'nope'; expected 'ffb', 'classic' or 'bga'"),
        ("belote", 1, "preset must be a string ('ffb', 'classic' or 'bga')"),
        ("contree", "nope", "unknown preset 'nope'; expected 'ffb', 'coinche' or 'bga'"),
        ("contree", 1, "preset must be a string ('ffb', 'coinche' or 'bga')"),
        ("french-tarot-solo", "fft", "the French Tarot solo has no presets"),
        ("lombardy", "x", "unknown Lombardy option(s) preset; known: deal_packets, exposure_order"),
        ("reseghino", "x", "unknown Reseghino option(s) preset; known: deal_packets, first_dealer"),
        ("tarocco-ombre", "x", "unknown Tarocc'Ombre option(s) preset; known: all_pass"),
        ("ombra-arrabiata", "x", "unknown Tarocc'Ombre option(s) preset; known: all_pass"),
        ("chambery", "x", "unknown Chambéry option(s) preset; known: auction"),
    ],
)
def test_the_games_refuse_presets_as_they_did(game: str, preset: object, message: str) -> None:
    with pytest.raises(OptionError) as info:
        tarotlib.variant(game, preset=preset)
    assert str(info.value).startswith(message)


def test_the_solo_takes_no_preset_but_none() -> None:
    assert tarotlib.variant("french-tarot-solo", preset=None).options_dict() == (
        tarotlib.variant("french-tarot-solo").options_dict()
    )


# -- the registration helper -----------------------------------------------------------------------
def _whist(options: WhistOptions) -> Game:
    return demo_game(players=4)


def test_game_entry_builds_the_factory_and_lazy_hooks() -> None:
    info = game_entry(
        "kit-whist",
        "a game of this test",
        "KW-1",
        _whist,
        WhistOptions.options_from,
        bot="bot:player",
        oracle="invariants:check_legal_actions",
        view="view:parts",
        package="tarotlib.testing",
        deck=tarotlib.PIQUET_32,
        presets=tuple(WhistOptions.PRESETS),
        contracts=["low", "high"],
        teams=[[0, 2], [1, 3]],
        zero_sum=False,
    )
    assert (info.name, info.description, info.rules_reference) == (
        "kit-whist",
        "a game of this test",
        "KW-1",
    )
    assert info.bot == LazyHook("tarotlib.testing.bot:player")
    assert info.oracle == LazyHook("tarotlib.testing.invariants:check_legal_actions")
    assert info.view == LazyHook("tarotlib.testing.view:parts")
    assert info.trick_exceptions is None and info.options_strategy is None
    assert info.presets == ("club", "short", "spades") and info.contracts == ("low", "high")
    assert info.deck is tarotlib.PIQUET_32 and not info.zero_sum and not info.default
    assert info.factory.__module__ == __name__
    with registered(info):
        assert tarotlib.variant("kit-whist", preset="short").players == 4
        assert info.teams is not None
        assert info.teams(tarotlib.variant("kit-whist")) == ((0, 2), (1, 3))
        with pytest.raises(OptionError, match=r"unknown Piquet Whist option\(s\) colour"):
            tarotlib.variant("kit-whist", colour="red")
        with pytest.raises(OptionError, match="unknown preset 'long'"):
            tarotlib.variant("kit-whist", preset="long")
        state = tarotlib.variant("kit-whist").new_deal(seed=1)
        assert info.oracle(state) is None  # the hook loads its target when called
    assert "kit-whist" not in variant_names()


def test_game_entry_resolves_hooks_against_the_calling_package() -> None:
    namespace: dict[str, Any] = {
        "__name__": "mygames.whist.plugin",
        "__package__": "mygames.whist",
        "game_entry": game_entry,
        "rules": _whist,
        "options": WhistOptions.from_dict,
    }
    code = 'INFO = game_entry("kit-whist", "-", "-", rules, options, bot="bot:player")'
    exec(compile(code, "<plugin>", "exec"), namespace)
    info = namespace["INFO"]
    assert info.bot == LazyHook("mygames.whist.bot:player")
    assert info.factory.__module__ == "mygames.whist.plugin"
    assert info.teams is None and info.oracle is None
    with pytest.raises(ModuleNotFoundError, match="mygames"):
        info.bot(None)  # nothing was imported before the first call

    namespace.update(__name__="whist_plugin", __package__="")  # a top-level module
    exec(compile(code, "<plugin>", "exec"), namespace)
    assert namespace["INFO"].bot == LazyHook("bot:player")


#: Every built-in game's hooks, as its plugin named them.
HOOKS = {
    "belote": ("belote", "oracle:check_belote_state", None, "strategies:options"),
    "chambery": ("chambery", "oracle:check_chambery_state", None, "strategies:options"),
    "contree": ("belote.contree", "oracle:check_contree_state", None, "strategies:options"),
    "french-tarot": (
        "french_tarot",
        "oracle:check_french_tarot_state",
        "oracle:trick_exceptions",
        "strategies:options",
    ),
    "french-tarot-solo": (
        "french_tarot.solo",
        "oracle:check_solo_state",
        None,
        "strategies:solo_options",
    ),
    "lombardy": (
        "lombard.lombardy",
        "oracle:check_lombard_state",
        None,
        "strategies:lombardy_options",
    ),
    "ombra-arrabiata": (
        "lombard.ombre",
        "oracle:check_ombre_state",
        None,
        "strategies:arrabiata_options",
    ),
    "reseghino": (
        "lombard.lombardy",
        "oracle:check_lombard_state",
        None,
        "strategies:reseghino_options",
    ),
    "tarocco-ombre": (
        "lombard.ombre",
        "oracle:check_ombre_state",
        None,
        "strategies:tarocco_options",
    ),
}


def _target(hook: object) -> str | None:
    assert hook is None or isinstance(hook, LazyHook)
    return None if hook is None else hook.target


@pytest.mark.parametrize("name", sorted(HOOKS))
def test_the_built_in_entries_name_their_hooks_in_their_own_package(name: str) -> None:
    package, oracle, trick_exceptions, strategy = HOOKS[name]
    base = f"tarotlib.variants.{package}"
    info = variant_info(name)
    assert info.factory.__module__ == f"{base}.plugin"
    found = [_target(getattr(info, field)) for field in ("bot", "oracle", "view")]
    assert found == [f"{base}.bot:player", f"{base}.{oracle}", f"{base}.view:view_parts"]
    assert _target(info.trick_exceptions) == (
        None if trick_exceptions is None else f"{base}.{trick_exceptions}"
    )
    assert _target(info.options_strategy) == f"{base}.{strategy}"
    for field in ("bot", "oracle", "view", "options_strategy"):
        assert callable(getattr(info, field).load())  # the target exists


# -- the breakdown formatter -----------------------------------------------------------------------
def test_signed_numbers_carry_the_minus_sign_and_no_sign_for_zero() -> None:
    assert [signed(v) for v in (5, -5, 0, -0.0, 36.5, -74.5)] == [
        "+5",
        "\u22125",
        "0",
        "0",
        "+36.5",
        "\u221274.5",
    ]
    assert signed(-2.25, ".1f") == "\u22122.2" and signed(0.0, ".1f") == "0.0"
    assert unsigned(-4) == "\u22124" and unsigned(4) == "4"
    assert "-" not in signed(-3) and MINUS == "\u2212"


def test_seat_lines_give_each_seat_its_role_and_signed_score() -> None:
    assert seat_lines((-288, 96, 96, 96), {0: "taker"}) == (
        "seat 0 (taker): \u2212288",
        "seat 1: +96",
        "seat 2: +96",
        "seat 3: +96",
    )
    assert seat_lines((0, 7)) == ("seat 0: 0", "seat 1: +7")
    assert seat_lines((3, -3), {5: "partner"}) == ("seat 0: +3", "seat 1: \u22123")
    assert seat_line(2, "10 points") == "seat 2: 10 points"
    assert seat_line(2, "10 points", "partner") == "seat 2 (partner): 10 points"


def test_seat_and_team_lists_read_as_one_line() -> None:
    assert seat_list((18, 10, -28)) == "seat 0 +18, seat 1 +10, seat 2 \u221228"
    assert seat_list(()) == ""
    assert team_list((107, 55)) == "team 0 107, team 1 55"
    assert team_list((41, -2), "AB") == "team A 41, team B \u22122"
    assert team_line("B", "+1 GP") == "team B: +1 GP"
    with pytest.raises(ValueError, match="zip"):
        team_list((1, 2, 3))  # two names by default: a third value is a mistake


def test_no_game_writes_its_own_signed_numbers() -> None:
    variants = Path(tarotlib.__file__).parent / "variants"
    for path in variants.rglob("scoring.py"):
        source = path.read_text(encoding="utf-8")
        assert "def _signed" not in source, path
        # the seat lines come from tarotlib.core.text (a pile's label "seat 0" aside)
        assert not re.search(r'f"seat \{seat\}(:|\{role)', source), path


@pytest.mark.parametrize("name", sorted(HOOKS))
def test_breakdowns_show_negative_scores_with_the_minus_sign(name: str) -> None:
    rules = tarotlib.variant(name)
    for seed in range(20):
        final, _ = random_play(rules.new_deal(seed=seed), seed)
        for line in final.result.lines():
            assert not re.search(r"(^|[\s(=:,])-\d", line), line
