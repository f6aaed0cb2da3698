"""tarotlib.arena: duplicate matches and tournaments between bots, their statistics, the results
directory that lets a stopped run go on, the ladder's plot and the duel / tournament commands."""

from __future__ import annotations

import builtins
import json
import math
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import tarotlib
from tarotlib.arena import ArenaError, Match, duplicate, plot_ladder, tournament
from tarotlib.arena.stats import bradley_terry, t_quantile
from tarotlib.bots import HeuristicBot, RandomBot
from tarotlib.cli import main
from tarotlib.core.actions import Action
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState


class FirstBot:
    """A user's bot: always the first legal action (module level, so worker processes can build
    it)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: DealState) -> Action:
        return state.legal_actions()[0]


def board_by_hand(name: str, options: dict[str, Any], seed: int, k: int, teams: bool) -> float:
    """Board ``k``'s gain of the heuristic bot over the random bot, played here without the
    arena (the seatings as the arena documents them)."""
    rules = tarotlib.variant(name, **options)
    n = rules.players
    deal_seed = derive_seed(seed, k)
    sides = [(0, 2), (1, 3)] if teams else [(s,) for s in range(n)]
    total = 0.0
    for side in sides:
        bots: list[Any] = []
        for s in range(n):
            seat_seed = derive_seed(deal_seed, -1 - s)
            bots.append(HeuristicBot(seat_seed) if s in side else RandomBot(seat_seed))
        state = rules.new_deal(seed=deal_seed, dealer=k % n)
        while not state.is_over:
            state = state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
        scores = state.result.scores
        mine = float(scores[side[0]])
        others = [float(scores[s[0]]) for s in sides if s != side]
        total += mine - sum(others) / len(others)
    return total / len(sides)


@pytest.mark.parametrize(
    ("name", "options", "teams"),
    [("french-tarot", {"players": 4}, False), ("belote", {}, True)],
    ids=["french-tarot4", "belote"],
)
def test_a_board_is_every_seating_of_one_deal(
    name: str, options: dict[str, Any], teams: bool
) -> None:
    match = duplicate(name, ("heuristic", "random"), boards=4, seed=9, options=options)
    assert match.seatings == (2 if teams else 4)
    expected = [board_by_hand(name, options, 9, k, teams) for k in range(4)]
    assert list(match.gains) == pytest.approx(expected)


def test_the_same_bot_twice_gains_nothing() -> None:
    """``easy`` is the heuristic bot: on every board both play the same cards."""
    match = duplicate("french-tarot", ("easy", "heuristic"), boards=6, seed=3)
    assert match.gains == (0.0,) * 6
    assert match.record == (0, 0, 6) and not match.significant


def test_results_do_not_depend_on_what_plays_them() -> None:
    one = duplicate("belote", ("heuristic", FirstBot), boards=6, seed=5, chunk_size=2)
    two = duplicate("belote", ("heuristic", FirstBot), boards=6, seed=5, chunk_size=4, workers=2)
    with ThreadPoolExecutor(2) as pool:
        three = duplicate("belote", ("heuristic", FirstBot), boards=6, seed=5, executor=pool)
    assert one == two == three
    assert one.bots == ("heuristic", "FirstBot")


def test_the_statistics() -> None:
    # Student's t quantiles (two-sided 95%) from the tables.
    table = [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281), (30, 2.0423)]
    for df, t in table + [(120, 1.9799), (999, 1.9623)]:
        assert t_quantile(df) == pytest.approx(t, abs=1e-4)
    assert t_quantile(1001) == pytest.approx(t_quantile(1000), abs=1e-5)
    assert t_quantile(10**6) == pytest.approx(1.95996, abs=1e-4)
    assert t_quantile(4, 0.025) == -t_quantile(4)
    m = Match("belote", {}, 1, ("a", "b"), 2, (3.0, 5.0, 7.0, 9.0), ((0.0, 0.0),) * 4)
    sd = math.sqrt(sum((g - 6) ** 2 for g in m.gains) / 3)
    assert m.mean == 6.0
    assert m.stderr == pytest.approx(sd / 2)
    lo, hi = m.interval
    assert (lo + hi) / 2 == pytest.approx(6.0)
    assert hi - lo == pytest.approx(2 * 3.18245 * sd / 2, rel=1e-5)
    assert m.significant


def test_bradley_terry_fits_the_boards_won() -> None:
    """The ratings satisfy the model's equations: each bot's boards won (with the half board
    added each way) equal the wins the model expects of it."""
    pairs = [(0, 1), (0, 2), (1, 2)]
    gains = [[1, 1, 1, -1, 0, 1], [1, -1, -1, 1, 1, 0], [-1, -1, 1, 0, -1, -1]]
    elo = bradley_terry(3, pairs, gains, range(6))
    strength = [10 ** ((x - 1500) / 400) for x in elo]
    won = [0.0] * 3
    expected = [0.0] * 3
    for (a, b), g in zip(pairs, gains, strict=True):
        wins_a = 0.5 + sum(1 for x in g if x > 0) + 0.5 * g.count(0)
        wins_b = 0.5 + sum(1 for x in g if x < 0) + 0.5 * g.count(0)
        won[a] += wins_a
        won[b] += wins_b
        played = wins_a + wins_b
        expected[a] += played * strength[a] / (strength[a] + strength[b])
        expected[b] += played * strength[b] / (strength[a] + strength[b])
    assert expected == pytest.approx(won, rel=1e-6)
    assert sum(elo) / 3 == pytest.approx(1500)


def test_a_tournament_rates_every_bot() -> None:
    t = tournament("belote", ("random", "heuristic", FirstBot), boards=8, seed=4, bootstrap=50)
    assert t.ratings[0].bot == "heuristic"
    assert len(t.matches) == 3
    assert {m.bots for m in t.matches} == {
        ("random", "heuristic"),
        ("random", "FirstBot"),
        ("heuristic", "FirstBot"),
    }
    for r in t.ratings:
        assert r.low <= r.elo <= r.high
    data = json.loads(json.dumps(t.to_json()))
    assert data["bots"] == ["random", "heuristic", "FirstBot"]
    assert "heuristic" in t.table().splitlines()[1]


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    results = tmp_path / "run"
    calls: list[int] = []

    def stop_after_two_chunks(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        duplicate(
            "belote",
            ("heuristic", "random"),
            boards=6,
            seed=2,
            chunk_size=2,
            results=results,
            progress=stop_after_two_chunks,
        )
    kept = sorted(os.listdir(results))
    assert kept == [
        "arena.json",
        "boards-000000000-000000001.json",
        "boards-000000002-000000003.json",
    ]
    seen: list[int] = []
    again = duplicate(
        "belote",
        ("heuristic", "random"),
        boards=6,
        seed=2,
        chunk_size=2,
        results=results,
        progress=lambda done, total: seen.append(done),
    )
    assert seen == [4, 6]  # only the last chunk was played
    assert again == duplicate("belote", ("heuristic", "random"), boards=6, seed=2)
    with pytest.raises(ArenaError, match="holds the results of another run"):
        duplicate(
            "belote", ("heuristic", "random"), boards=6, seed=3, chunk_size=2, results=results
        )
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(ArenaError, match="is not empty"):
        duplicate("belote", ("heuristic", "random"), boards=6, seed=2, results=tmp_path / "other")


def test_a_run_goes_on_with_more_boards(tmp_path: Path) -> None:
    """The number of boards is not part of a run: a results directory of 5 boards goes on to 9
    (in the chunk size it was started with, the short last chunk played again whole) and is read
    back with 4; each gives the boards of a run played at once."""
    results = tmp_path / "run"
    pair = ("heuristic", "random")
    first = duplicate("belote", pair, boards=5, seed=4, chunk_size=2, results=results)
    assert sorted(os.listdir(results))[-1] == "boards-000000004-000000004.json"
    seen: list[int] = []
    more = duplicate(
        "belote", pair, boards=9, seed=4, results=results, progress=lambda d, t: seen.append(d)
    )
    assert seen == [4, 6, 8, 9]  # boards 0-3 kept; 4-5, 6-7 and 8 played
    assert more == duplicate("belote", pair, boards=9, seed=4, chunk_size=2)
    assert more.gains[:5] == first.gains
    fewer = duplicate("belote", pair, boards=4, seed=4, results=results)
    assert fewer.gains == more.gains[:4]


def test_bad_arguments() -> None:
    with pytest.raises(ArenaError, match="a match needs two bots"):
        duplicate("belote", ("heuristic", "random", "random"), boards=4)
    with pytest.raises(ArenaError, match="unknown bot 'robot'"):
        duplicate("belote", ("heuristic", "robot"), boards=4)
    with pytest.raises(ArenaError, match="boards must be an int of at least 2"):
        duplicate("belote", ("heuristic", "random"), boards=1)
    with (
        pytest.raises(ArenaError, match="either workers or an executor"),
        ThreadPoolExecutor(1) as pool,
    ):
        duplicate("belote", ("heuristic", "random"), boards=4, workers=2, executor=pool)
    with pytest.raises(ArenaError, match="names must differ"):
        tournament("belote", ("heuristic", "Heuristic"), boards=4)


def test_the_ladder_is_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = tournament("belote", ("heuristic", "random"), boards=4, seed=1, bootstrap=10)
    plot_ladder(t, tmp_path / "ladder.svg")
    text = (tmp_path / "ladder.svg").read_text()
    assert text.startswith("<?xml") and "heuristic" in text
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(ModuleNotFoundError, match=r"needs matplotlib.*'plot' extra"):
        plot_ladder(t, tmp_path / "again.png")


def test_the_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["duel", "french-tarot", "--players", "3", "--bots", "heuristic,random"]
    assert main([*args, "--boards", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("french-tarot (3 players), seed 1\nheuristic vs random: +")
    assert main([*args, "--boards", "6", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["boards"] == 6 and data["bots"] == ["heuristic", "random"]
    assert data["ci95"][0] <= data["mean_gain"] <= data["ci95"][1]
    plot = tmp_path / "ladder.png"
    tour = ["tournament", "belote", "--bots", "heuristic,random,easy", "--boards", "4"]
    assert main([*tour, "--seed", "2", "--plot", str(plot)]) == 0
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert "rating" in capsys.readouterr().out
    assert main(["duel", "belote", "--bots", "heuristic"]) == 2
    assert "needs two bots for a duel" in capsys.readouterr().err
    assert main(["duel", "belote", "--bots", "heuristic,robot", "--boards", "2"]) == 2
    assert "unknown bot 'robot'" in capsys.readouterr().err
