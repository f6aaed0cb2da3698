"""``Game.visible_mask`` computed fast by a game equals its observation's ``visible_cards()``: at
every step of random deals under drawn options (those that change what is shown included), for
every seat; and under a few fixed options, over more seeded deals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib.core.cards import Card
from tarotlib.testing import random_play
from tarotlib.testing.strategies import deals, rules

from support.configs import each_game_once
from support.profiles import examples

GAMES = [
    "contree",
    "lombardy",
    "reseghino",
    "tarocco-ombre",
    "ombra-arrabiata",
    "chambery",
    "french-tarot-solo",
]
"""The games given their own ``visible_mask`` here (the default builds the observation)."""

FIXED: list[tuple[str, dict[str, Any]]] = [
    ("contree", {"preset": "ffb", "declarations": True}),
    ("contree", {"preset": "coinche", "declarations": True, "declaration_tie": "first_announcer"}),
    ("contree", {"contracts": "suits_ta_sa", "declarations": True, "sa_carres": "face"}),
    ("contree", {"belote_announce": "explicit", "declarations": True}),
    ("lombardy", {}),
    ("lombardy", {"matto_payment": "any_own_card", "matto_payment_from_discard": True}),
    ("lombardy", {"matto_exchange_with_partner": "skip", "exposure_order": "dealer_choice"}),
    ("lombardy", {"monte": "disabled", "own_matto_trick": "ignore"}),
    ("reseghino", {}),
    ("reseghino", {"matto_payment": "any_own_card", "matto_payment_from_discard": True}),
    *(("tarocco-ombre", {"players": p}) for p in (3, 5, 7)),
    ("tarocco-ombre", {"players": 3, "return_received_card": True}),
    ("tarocco-ombre", {"players": 5, "return_received_card": True, "concession_enabled": True}),
    ("tarocco-ombre", {"players": 5, "named_card_in_discard": "name_again"}),
    ("tarocco-ombre", {"players": 5, "called_card_in_discard": "dealer_is_partner"}),
    ("tarocco-ombre", {"players": 7, "exchanges_optional": False, "all_pass": "same_dealer"}),
    (
        "tarocco-ombre",
        {"players": 7, "concession_enabled": True, "concession_timing": "before_exchanges"},
    ),
    ("ombra-arrabiata", {}),
    ("ombra-arrabiata", {"matto_payment": "any_own_card", "matto_payment_from_discard": True}),
    ("ombra-arrabiata", {"concession_enabled": True}),
    *(("chambery", {"players": p}) for p in (3, 4, 5, 6)),
    *(("chambery", {"players": p, "simplifie": True}) for p in (3, 4)),
    *(("chambery", {"players": p, "discard_trumps": "dm_void"}) for p in (3, 5)),
    ("chambery", {"players": 4, "discard_trumps": "if_unavoidable_hidden"}),
    (
        "chambery",
        {"players": 5, "fou_payment_from_discard": True, "fou_payment_card": "any_source_card"},
    ),
    (
        "chambery",
        {"players": 3, "fou_payment_from_discard": True, "discard_trumps": "dm_void"},
    ),
    ("chambery", {"players": 6, "fou_payment_source": "own", "fou_last_trick": "to_winner"}),
    ("chambery", {"players": 4, "return_received_card": True, "request_in_discard": "rename"}),
    ("chambery", {"players": 5, "requests_optional": False, "call_fallback": "alone"}),
    ("chambery", {"players": 4, "auction": "multi_round", "discard_owner": "last_trick"}),
    ("french-tarot-solo", {}),
    ("french-tarot-solo", {"solo_dummy_follow_scope": "whole_hand", "solo_petit_sec": "off"}),
    (
        "french-tarot-solo",
        {"solo_first_deal_contract": "free", "solo_petit_sec": "mandatory_redeal"},
    ),
    ("french-tarot-solo", {"solo_poignee_thresholds": "13/15/18"}),
    ("french-tarot", {"players": 4}),
    ("french-tarot", {"players": 5, "declarations": "poignee_and_misere"}),
    ("french-tarot", {"players": 3, "show_discarded_trumps": False}),
    ("tarocco-ombre", {"players": 5, "partner_call": "mandatory"}),
]

SETTINGS = settings(
    max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_all_seats(state: Any) -> None:
    game = state.rules
    for seat in range(game.players):
        expected = tarotlib.card_mask(state.observation(seat).visible_cards())
        assert game.visible_mask(state, seat) == expected, (seat, state)


def test_the_games_have_their_own() -> None:
    for name in GAMES:
        game: Any = type(tarotlib.variant(name))
        assert game.visible_mask is not tarotlib.deal.Game.visible_mask, name


@pytest.mark.parametrize("name", GAMES)
def test_equal_under_drawn_options(name: str) -> None:
    @SETTINGS
    @given(state=deals(rules(name)), chooser=st.integers(0, 2**32))
    def run(state: Any, chooser: int) -> None:
        last, _ = random_play(state, chooser, on_step=check_all_seats, max_actions=2000)
        assert last.is_over

    run()


@pytest.mark.parametrize(("name", "options"), each_game_once(FIXED, [f"{n}-{o}" for n, o in FIXED]))
def test_equal_over_seeded_deals(name: str, options: dict[str, Any]) -> None:
    game: Any = tarotlib.variant(name, **options)
    rng = random.Random(29)
    for seed in range(20):
        state = game.new_deal(seed=seed)
        check_all_seats(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            check_all_seats(state)


ONE_OF_EACH = [
    ("french-tarot", {"players": 4}),
    ("french-tarot", {"players": 5, "declarations": "poignee_and_misere"}),
    ("french-tarot-solo", {}),
    ("belote", {}),
    ("contree", {"declarations": True}),
    ("lombardy", {}),
    ("reseghino", {}),
    ("tarocco-ombre", {"players": 3}),
    ("ombra-arrabiata", {}),
    ("chambery", {"players": 4}),
]


@pytest.mark.parametrize(("name", "options"), ONE_OF_EACH)
def test_visible_cards_are_card_indices_of_one_type(name: str, options: dict[str, Any]) -> None:
    """``visible_cards()`` is a frozenset of ``Card`` objects in every game, exposed cards
    (Lombardy, LO-12.3), the discard and the Matto's card included: never a plain int beside
    the cards."""
    rules_ = tarotlib.variant(name, **options)
    for seed in range(examples(6)):
        rng = random.Random(seed)
        state = rules_.new_deal(seed=seed)
        while not state.is_over:
            for seat in range(rules_.players):
                seen = getattr(state.observation(seat), "visible_cards")()  # noqa: B009
                assert type(seen) is frozenset
                assert all(type(c) is Card for c in seen), seen
            state = state.apply(rng.choice(state.legal_actions()))
