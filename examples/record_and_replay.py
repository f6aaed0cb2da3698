"""Save a deal as a JSON record, load it back and replay it exactly.

Run: python examples/record_and_replay.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.records import GameRecord, load, save


def main() -> GameRecord:
    rules = tarotlib.variant("french-tarot", players=3, preset="bga")
    state = rules.new_deal(seed=2026)
    bot = RandomBot(seed=5)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    record = GameRecord.from_state(state)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deal.json"
        save(path, record)
        print(f"saved {path.stat().st_size} bytes, {len(record.actions)} actions")
        again = load(path)
    replayed = again.replay()
    assert replayed.result == state.result and replayed.history == state.history
    print("replayed:", replayed.result.scores)
    return record


if __name__ == "__main__":
    main()
