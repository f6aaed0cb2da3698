"""A small corpus of played records (three deals and a Belote match) for the record refusal
and fuzz tests."""

from __future__ import annotations

from typing import Any

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.records import GameRecord, MatchRecord


def _played(name: str, seed: int, **options: Any) -> GameRecord:
    rules = tarotlib.variant(name, **options)
    state = rules.new_deal(seed=seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return GameRecord.from_state(state)


DEALS = [
    _played("french-tarot", 4, players=4),
    _played("belote", 2),
    _played("french-tarot", 7, players=5),
]


def _match() -> MatchRecord:
    match = tarotlib.Match.start(tarotlib.variant("belote"), deals=2, seed=3)
    bot, played = RandomBot(3), []
    while not match.is_over:
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(bot.choose(state))
        played.append(state)
        match = match.add(state.result)
    return MatchRecord.of(match, played)


MATCH = _match()
