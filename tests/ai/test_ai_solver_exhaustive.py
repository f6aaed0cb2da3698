"""The solver against the plain minimax on many positions (issue 23, part 2): collected only when
``TAROTLIB_SOLVER_POSITIONS=N`` is set (N positions a configuration, each solved for both
objectives), since thousands of full trees take minutes:

    TAROTLIB_SOLVER_POSITIONS=200 pytest tests/ai/test_ai_solver_exhaustive.py

Positions have at most three tricks left (two with seven players: 14 cards), reached by random
play from seeded deals and stopped at a random card of those tricks; the side is the declarer's
(or the seat to act's)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from tarotlib.ai import solve

from support.configs import CONFIGS, IDS
from support.solver import late_position, minimax

POSITIONS = int(os.environ.get("TAROTLIB_SOLVER_POSITIONS", "0"))

pytestmark = pytest.mark.skipif(
    POSITIONS < 1, reason="set TAROTLIB_SOLVER_POSITIONS=N (positions a configuration) to run"
)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_the_solver_is_the_plain_minimax_on_many_positions(
    name: str, options: dict[str, Any]
) -> None:
    left = 2 if options.get("players", 4) >= 7 else 3
    checked = seed = 0
    while checked < POSITIONS and seed < 5 * POSITIONS:
        state = late_position(name, options, 100_000 + seed, left)
        seed += 1
        if state is None:
            continue
        side = state.declarer if state.declarer is not None else state.to_act
        assert side is not None
        for objective in ("points", "score"):
            assert solve(state, objective=objective, side=side).value == minimax(
                state, objective, side
            ), (seed, objective)
        checked += 1
    assert checked == POSITIONS
