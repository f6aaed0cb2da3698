"""The core's additive match hooks used by the Lombard games: a game's own number of deals
(``rules.match_deals``) and first dealer (``rules.match_first_dealer``), read by ``Match.start``
and by the terminal's sessions when the caller gives neither."""

from __future__ import annotations

from typing import Any

from tarotlib.deal._demo import demo_game
from tarotlib.match import Match
from tarotlib.terminal.session import new_session


class _Rules:
    """Any rules, with a game's own match defaults on top."""

    def __init__(self, deals: int | None, first: int | None) -> None:
        self._game: Any = demo_game(players=3)
        self.match_deals = deals
        self._first = first

    def match_first_dealer(self, seed: int | None) -> int:
        if self._first is None:  # the core's convention: drawn from the seed
            return int(self._game.match_first_dealer(seed))
        return self._first

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_match_deals_and_first_dealer_from_the_game() -> None:
    rules: Any = _Rules(5, 2)
    match = Match.start(rules, seed=1)
    assert (match.deals, match.target_score, match.first_dealer) == (5, None, 2)
    given = Match.start(rules, deals=2, first_dealer=1, seed=1)  # the caller's values win
    assert (given.deals, given.first_dealer) == (2, 1)


def test_without_the_hooks_nothing_changes() -> None:
    rules: Any = _Rules(None, None)
    match = Match.start(rules, seed=None, deals=3)
    assert match.first_dealer == 0
    assert Match.start(rules, seed=7, deals=3).first_dealer in (0, 1, 2)


def test_a_session_plays_the_game_s_own_number_of_deals() -> None:
    rules: Any = _Rules(4, None)
    assert new_session(rules, seed=1).match.deals == 4
