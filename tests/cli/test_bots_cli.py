"""RandomBot and the ``tarotlib`` command line (simulate, replay, variants)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tarotlib
from tarotlib.bots import Bot, RandomBot
from tarotlib.cli import main, parse_option
from tarotlib.deal import DealState
from tarotlib.records import GameRecord, save


def play(state: DealState, bot: RandomBot) -> DealState:
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return state


# -- RandomBot --------------------------------------------------------------------------------------
def test_random_bot_is_a_bot() -> None:
    assert isinstance(RandomBot(1), Bot)
    assert repr(RandomBot(3)) == "RandomBot(seed=3)"
    # A bot chooses a legal action of the seat to act, at every step of a deal.
    state, bot = tarotlib.variant("belote").new_deal(seed=2), RandomBot(1)
    while not state.is_over:
        action = bot.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_bot_is_deterministic_given_its_seed(players: int) -> None:
    rules = tarotlib.variant("french-tarot", players=players)
    first = play(rules.new_deal(seed=21), RandomBot(5))
    second = play(rules.new_deal(seed=21), RandomBot(5))
    assert first.history == second.history
    assert first.result == second.result
    other = play(rules.new_deal(seed=21), RandomBot(6))
    assert other.history != first.history


def test_random_bot_chooses_only_legal_actions_and_covers_them() -> None:
    state = tarotlib.variant("french-tarot", players=4).new_deal(seed=1)
    legal = state.legal_actions()
    bot = RandomBot(0)
    seen = {bot.choose(state) for _ in range(300)}
    assert seen == set(legal)  # uniform over 5 choices: all are hit in 300 draws


def test_random_bot_on_a_finished_deal() -> None:
    state = play(tarotlib.variant("french-tarot").new_deal(seed=2), RandomBot(1))
    with pytest.raises(ValueError, match="the deal is over"):
        RandomBot(1).choose(state)


# -- option parsing ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("grash=true", ("grash", True)),
        ("grash=False", ("grash", False)),
        ("players=5", ("players", 5)),
        ("defence-slam-bonus=0", ("defence_slam_bonus", 0)),
        ("poignee_thresholds=9,11,14", ("poignee_thresholds", [9, 11, 14])),
        ("poignee_thresholds=none", ("poignee_thresholds", None)),
        ("excuse_last_trick=to_winner", ("excuse_last_trick", "to_winner")),
        ("x=1.5", ("x", 1.5)),
    ],
)
def test_parse_option(text: str, expected: tuple[str, object]) -> None:
    assert parse_option(text) == expected


@pytest.mark.parametrize("text", ["grash", "=3"])
def test_parse_option_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_option(text)


# -- simulate ---------------------------------------------------------------------------------------
def test_simulate_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "french-tarot", "--players", "5", "--deals", "20", "--seed", "1"])
    out = capsys.readouterr()
    assert code == 0
    assert out.err == ""
    text = out.out
    assert text.startswith("french-tarot, 5 players, random bots\n")
    assert "options: all defaults" in text
    assert "seed: 1" in text
    assert "deals played: 20 (" in text
    assert "annulled:" in text
    assert "contracts:" in text
    assert "Garde Contre" in text
    assert "success rate:" in text
    assert "mean score per seat: seat 0 " in text and "seat 4 " in text
    assert "deals/s" in text


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["simulate", "french-tarot", "--json", *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--players", "4", "--deals", "20", "--seed", "7")
    assert data["variant"] == "french-tarot"
    assert data["players"] == 4
    assert data["deals"] == 20
    assert data["seed"] == 7
    options = data["options"]
    assert isinstance(options, dict) and options["players"] == 4
    assert data["non_default_options"] == {}
    annulled = data["annulled"]
    contracts = data["contracts"]
    assert isinstance(annulled, dict) and isinstance(contracts, dict)
    counted = sum(c["deals"] for c in contracts.values())
    assert counted + annulled["total"] == 20 == counted + (20 - data["scored"])  # type: ignore[operator]
    assert set(contracts) <= {"Prise", "Garde", "Garde Sans", "Garde Contre"}
    for c in contracts.values():
        assert 0 <= c["made"] <= c["deals"]
        assert c["success_rate"] == c["made"] / c["deals"]
        assert c["share"] == c["deals"] / 20
    made = sum(c["made"] for c in contracts.values())
    assert data["success_rate"] == made / data["contract_deals"]
    means = data["mean_scores"]
    assert isinstance(means, list) and len(means) == 4
    assert sum(means) == pytest.approx(0)
    totals = data["total_scores"]
    assert isinstance(totals, list) and sum(totals) == 0
    assert means == [t / 20 for t in totals]
    assert isinstance(data["deals_per_second"], float) and data["deals_per_second"] > 0


def test_simulate_is_deterministic_given_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    timing = ("seconds", "deals_per_second")
    a = simulate_json(capsys, "--deals", "15", "--seed", "3")
    b = simulate_json(capsys, "--deals", "15", "--seed", "3")
    c = simulate_json(capsys, "--deals", "15", "--seed", "4")
    strip = [{k: v for k, v in d.items() if k not in timing} for d in (a, b, c)]
    assert strip[0] == strip[1]
    assert strip[0] != strip[2]


def test_simulate_with_preset_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(
        capsys,
        "--players",
        "3",
        "--deals",
        "10",
        "--seed",
        "2",
        "--preset",
        "bga",
        "--option",
        "grash=true",
        "--option",
        "poignee_thresholds=12,14,17",
    )
    options = data["options"]
    assert isinstance(options, dict)
    assert options["grash"] is True
    assert options["poignee_thresholds"] == [12, 14, 17]
    assert options["dealer_rotation"] == "against_play"
    non_default = data["non_default_options"]
    assert isinstance(non_default, dict) and non_default["grash"] is True
    main(["simulate", "french-tarot", "--deals", "5", "--seed", "1", "--option", "grash=on"])
    assert "options: grash=true" in capsys.readouterr().out


def test_simulate_without_seed_prints_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--deals", "2")
    assert isinstance(data["seed"], int)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "colour=red"], "unknown French Tarot option(s) colour"),
        (["--option", "grash=maybe"], "option grash must be one of"),
        (["--option", "grash"], "an option must be KEY=VALUE"),
        (["--players", "6"], "option players must be one of 3, 4, 5"),
        (["--preset", "tarot-club"], "unknown preset 'tarot-club'"),
        (["--deals", "0"], "--deals must be at least 1"),
    ],
)
def test_simulate_bad_option_exits_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["simulate", "french-tarot", *args]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert message in out.err
    assert out.err.startswith("tarotlib simulate: error: ")
    assert "Traceback" not in out.err


def test_unknown_variant_and_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "tarock"]) == 2
    err = capsys.readouterr().err
    assert (
        "unknown variant 'tarock'; known variants: belote, chambery, contree, french-tarot" in err
    )
    assert "Traceback" not in err
    assert main([]) == 2
    assert "usage: tarotlib" in capsys.readouterr().err
    assert main(["simulate", "french-tarot", "--deals", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


# -- replay and variants ----------------------------------------------------------------------------
def saved_record(tmp_path: Path) -> tuple[Path, DealState]:
    rules = tarotlib.variant("french-tarot", players=5)
    state = play(rules.new_deal(seed=40, dealer=3), RandomBot(40))
    path = tmp_path / "deal.json"
    save(path, GameRecord.from_state(state))
    return path, state


def test_replay_prints_the_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, state = saved_record(tmp_path)
    assert main(["replay", str(path), "--result-only"]) == 0
    out = capsys.readouterr().out.splitlines()
    n = len(state.history)
    assert out[0] == f"french-tarot, 5 players; seed 40, dealer seat 3; {n} actions"
    assert out[1:] == list(state.result.lines())


def test_replay_unfinished_and_layout_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tarotlib.variant("french-tarot", players=3)
    state = rules.new_deal(layout=rules.new_deal(seed=2, dealer=1).layout)
    state = state.apply(state.legal_actions()[0])
    path = tmp_path / "part.json"
    save(path, GameRecord.from_state(state))
    assert main(["replay", str(path), "--result-only"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "french-tarot, 3 players; explicit layout, dealer seat 1; 1 actions"
    assert out[1] == f"deal not finished: phase {state.phase}, seat {state.to_act} to act"


def test_replay_of_a_bad_record_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved_record(tmp_path)
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["result"]["scores"][0] += 1
    obj["result"]["scores"][1] -= 1
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "differs from the replayed result" in err
    assert "Traceback" not in err
    obj["version"] = 3
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert (
        "unsupported record version 3: this tarotlib reads versions 1 and 2"
        in capsys.readouterr().err
    )
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) == len(tarotlib.variant_names())
    width = max(len(name) for name in tarotlib.variant_names()) + 2  # names in one column
    assert lines[0].startswith("belote".ljust(width) + "Belote, 4 players in partnerships")
    assert lines[1].startswith("chambery".ljust(width) + "Chambéry flower tarot")
    assert lines[2].startswith("contree".ljust(width) + "Contrée (Coinche), 4 players")
    assert lines[3].startswith("french-tarot".ljust(width) + "French Tarot for 3, 4 or 5 players")


def test_python_dash_m(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tarotlib",
            "simulate",
            "french-tarot",
            "--deals",
            "3",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "deals played: 3" in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "tarotlib", "simulate", "french-tarot", "--option", "x=1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "unknown French Tarot option(s) x" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_replay_a_match_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A match saved by ``tarotlib play`` replays deal by deal, then its totals."""
    from tarotlib.match import Match
    from tarotlib.records import MatchRecord

    rules = tarotlib.variant("belote")
    match = Match.start(rules, seed=9)
    bots = [RandomBot(seat) for seat in range(4)]
    finished = []
    for _ in range(2):
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(bots[state.to_act or 0].choose(state))
        finished.append(state)
        match = match.add(state.result)
    current = match.new_deal()
    path = tmp_path / "match.json"
    save(path, MatchRecord.of(match, finished, current))
    assert main(["replay", str(path), "--result-only"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "belote match, 4 players, to 1000; 2 deals played"
    assert out.count("-- deal 1 --") == 1 and out.count("-- deal 2 --") == 1
    for number, state in enumerate(finished, 1):
        lines = list(state.result.lines())
        start = out.index(lines[0], out.index(f"-- deal {number} --"))
        assert out[start : start + len(lines)] == lines
    assert out[-3:-1] == [
        "-- deal 3 (in progress) --",
        f"phase bidding, seat {current.to_act} to act",
    ]
    totals = ", ".join(f"seat {i} {t:g}" for i, t in enumerate(match.totals))
    assert out[-1] == f"totals: {totals}"
    assert main(["replay", str(path)]) == 0  # with the tricks told
    assert "trick 1:" in capsys.readouterr().out
