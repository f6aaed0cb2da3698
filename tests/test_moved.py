"""The old import paths of the layer move keep working for one release, each with a
``DeprecationWarning`` that names the new path and points at the caller's line."""

from __future__ import annotations

import importlib
import re
import warnings

import pytest

import tarotlib
from tarotlib._moved import MOVED, RENAMED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_name_of_an_old_path_is_the_new_object(old: str) -> None:
    module = importlib.import_module(old)
    new = importlib.import_module(MOVED[old])
    names = module.__all__
    assert set(new.__all__) <= set(names)
    for name in names:
        with pytest.warns(DeprecationWarning) as caught:
            value = getattr(module, name)
        target = RENAMED.get(old, {}).get(name, f"{MOVED[old]}:{name}")
        home, _, attribute = target.partition(":")
        assert value is getattr(importlib.import_module(home), attribute)
        message = str(caught[0].message)
        assert message.startswith(f"{old} is deprecated: import {attribute}")
        assert f"from {home} (the old path goes in 0.3)" in message
        assert caught[0].filename == __file__  # the warning points at the caller


def test_a_from_import_warns_at_the_importing_line() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from tarotlib.tricks import TrickRules
    import tarotlib.core.tricks

    assert TrickRules is tarotlib.core.tricks.TrickRules
    assert [w.category for w in caught] == [DeprecationWarning]
    assert caught[0].filename == __file__
    assert "import TrickRules from tarotlib.core.tricks" in str(caught[0].message)


def test_an_unknown_name_of_an_old_path_is_an_attribute_error() -> None:
    module = importlib.import_module("tarotlib.cards")
    with pytest.raises(
        AttributeError, match=re.escape("module 'tarotlib.cards' has no attribute 'Spade'")
    ):
        module.Spade  # noqa: B018
    with pytest.raises(AttributeError):
        module.__wrapped__  # noqa: B018


def test_a_star_import_of_an_old_path_gets_the_new_names() -> None:
    space: dict[str, object] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec("from tarotlib.decks import *", space)
    import tarotlib.core.decks

    assert space["TAROT_78"] is tarotlib.core.decks.TAROT_78
    assert caught and all(w.category is DeprecationWarning for w in caught)


def test_the_old_paths_are_not_walked_as_modules_of_their_own() -> None:
    # dir() of a stand-in names none of the moved names: tools that walk modules skip them.
    module = importlib.import_module("tarotlib.engine")
    assert "DealResult" not in dir(module)


@pytest.mark.parametrize(("old", "new"), [("GameState", "DealState"), ("Rules", "Game")])
def test_the_retired_protocols_are_the_classes(old: str, new: str) -> None:
    with pytest.warns(
        DeprecationWarning, match=f"tarotlib.{old} is deprecated: use tarotlib.{new}"
    ):
        value = getattr(tarotlib, old)
    assert value is getattr(tarotlib, new)
    with pytest.raises(AttributeError, match="has no attribute 'Ruless'"):
        tarotlib.Ruless  # type: ignore[attr-defined]  # noqa: B018


def test_the_engine_names_went_to_their_layers() -> None:
    import tarotlib.engine

    with pytest.warns(
        DeprecationWarning, match="import Game \\(was Rules\\) from tarotlib.deal.game"
    ):
        rules = tarotlib.engine.Rules
    assert rules is tarotlib.Game
    with pytest.warns(DeprecationWarning, match="import Observation from tarotlib.deal.observe"):
        assert tarotlib.engine.Observation is tarotlib.Observation


def test_the_trick_taking_state_protocol_is_deal_state() -> None:
    import tarotlib.testing

    with pytest.warns(
        DeprecationWarning, match="TrickTakingState is deprecated: use tarotlib.DealState"
    ):
        assert tarotlib.testing.TrickTakingState is tarotlib.DealState


def test_the_old_auction_mechanism_still_runs_with_the_one_bid_check() -> None:
    from tarotlib.deal.auctions import OneRoundAuction, must_beat
    from tarotlib.variants.french_tarot import Contract

    auction = OneRoundAuction(tuple(Contract), players=3)
    st = auction.apply(auction.start(first=0), Contract.GARDE)
    assert auction.check(st, Contract.PRISE) == must_beat(Contract.GARDE, Contract.PRISE)
    assert auction.check(st, Contract.PRISE) == "bid must beat Garde"
    assert auction.legal(st) == (None, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
