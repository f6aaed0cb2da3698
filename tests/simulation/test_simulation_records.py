"""``simulate(..., records=DIR)`` and ``tarotlib simulate --records DIR``: every deal's record as
JSON lines, one file per chunk, the same bytes whatever the split; and
:func:`tarotlib.records.read_records`, which reads them back in deal order."""

from __future__ import annotations

import json
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.cli import main
from tarotlib.core.actions import Action
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.errors import RecordError
from tarotlib.records import GameRecord, SeedDeal, deals_file_name, read_records
from tarotlib.simulation import SimulationError, SimulationSummary, simulate

CASES: list[tuple[str, dict[str, object]]] = [
    ("belote", {}),
    ("french-tarot", {"players": 5, "preset": "bga"}),  # dealer_rotation='against_play'
    ("french-tarot", {"players": 3}),
]
CASE_IDS = ["belote", "french-tarot-5-bga", "french-tarot-3"]


def concatenated(directory: Path, suffix: str = ".jsonl") -> bytes:
    """The bytes of the files of ``directory`` whose names end with ``suffix``, read in name order."""
    names = sorted(n for n in os.listdir(directory) if n.endswith(suffix))
    return b"".join((directory / n).read_bytes() for n in names)


def names(directory: Path) -> list[str]:
    """Every file of ``directory`` (hidden ones too), sorted."""
    return sorted(os.listdir(directory))


# -- the files -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_the_files_do_not_depend_on_workers_chunks_or_executor(
    tmp_path: Path, name: str, options: dict[str, object]
) -> None:
    deals, seed = 23, 31
    plain = simulate(name, deals, seed, options=options)
    runs: dict[str, SimulationSummary] = {}
    runs["one"] = simulate(name, deals, seed, options=options, records=tmp_path / "one")
    runs["whole"] = simulate(
        name, deals, seed, options=options, records=tmp_path / "whole", chunk_size=deals
    )
    runs["two"] = simulate(
        name, deals, seed, options=options, records=tmp_path / "two", workers=2, chunk_size=7
    )
    with ThreadPoolExecutor(3) as pool:
        runs["threads"] = simulate(
            name,
            deals,
            seed,
            options=options,
            records=tmp_path / "threads",
            executor=pool,
            chunk_size=3,
        )
    with ProcessPoolExecutor(2) as processes:
        runs["processes"] = simulate(
            name,
            deals,
            seed,
            options=options,
            records=tmp_path / "processes",
            executor=processes,
            chunk_size=5,
        )

    assert runs["two"].workers == 2
    reference = concatenated(tmp_path / "one")
    assert reference.count(b"\n") == deals and reference.endswith(b"\n")
    everything = concatenated(tmp_path / "one", suffix="")  # the run file too
    for key, summary in runs.items():
        assert summary == plain, key  # recording changes nothing in the summary
        assert concatenated(tmp_path / key) == reference, key
        assert concatenated(tmp_path / key, suffix="") == everything, key
    assert names(tmp_path / "whole") == ["deals-000000000-000000022.jsonl", "run.json"]
    assert names(tmp_path / "two") == [
        "deals-000000000-000000006.jsonl",
        "deals-000000007-000000013.jsonl",
        "deals-000000014-000000020.jsonl",
        "deals-000000021-000000022.jsonl",
        "run.json",
    ]
    # one deal per line, each the JSON of GameRecord.dumps()
    lines = reference.decode("utf-8").splitlines()
    assert [GameRecord.loads(line).dumps() for line in lines] == lines


def test_the_run_file_says_what_was_played(tmp_path: Path) -> None:
    bots = ("heuristic", "random", "heuristic", "random")
    simulate("belote", 12, 9, bots=bots, options={"preset": "bga"}, records=tmp_path)
    run = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert run == {
        "format": "tarotlib-run",
        "version": 1,
        "variant": "belote",
        "options": dict(tarotlib.variant("belote", preset="bga").options_dict()),
        "seed": 9,
        "deals": 12,
        "bots": list(bots),
    }


def test_each_file_holds_its_chunk_of_deals(tmp_path: Path) -> None:
    simulate("belote", 25, 4, records=tmp_path / "run", chunk_size=10)
    for name, first, count in [
        ("deals-000000000-000000009.jsonl", 0, 10),
        ("deals-000000010-000000019.jsonl", 10, 10),
        ("deals-000000020-000000024.jsonl", 20, 5),
    ]:
        records = list(read_records(tmp_path / "run" / name))
        assert [r.seed for r in records] == [derive_seed(4, k) for k in range(first, first + count)]


# -- every record replays to what the simulation counted -------------------------------------------
def dealer_of(rules: Game, k: int) -> int:
    against = rules.options_dict().get("dealer_rotation") == "against_play"
    return (-k if against else k) % rules.players


def played_plainly(rules: Game, k: int, seed: int) -> DealState:
    """Deal ``k`` played by random bots as the simulation module documents it."""
    state = rules.new_deal(seed=derive_seed(seed, k), dealer=dealer_of(rules, k))
    bots = [RandomBot(derive_seed(derive_seed(seed, -1 - s), k)) for s in range(rules.players)]
    while not state.is_over:
        to_act = state.to_act
        assert to_act is not None
        state = state.apply(bots[to_act].choose(state))
    return state


@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_every_record_replays_to_what_the_simulation_counted(
    tmp_path: Path, name: str, options: dict[str, object]
) -> None:
    deals, seed = 30, 8
    rules = tarotlib.variant(name, **options)
    summary = simulate(name, deals, seed, options=options, records=tmp_path, chunk_size=8)
    records = list(read_records(tmp_path))
    states = list(read_records(tmp_path, replay=True))
    assert len(records) == len(states) == deals

    for k, (record, state) in enumerate(zip(records, states, strict=True)):
        assert record.variant == name and dict(record.options) == dict(rules.options_dict())
        assert record.deal == SeedDeal(derive_seed(seed, k), dealer_of(rules, k))
        assert record.result is not None and record.result.matches(state.result)
        # the very deal the documented bots play, action for action
        reference = played_plainly(rules, k, seed)
        assert state.history == reference.history
        assert state.result.scores == reference.result.scores

    results = [state.result for state in states]
    totals = [sum(r.scores[seat] for r in results) for seat in range(rules.players)]
    assert list(summary.total_scores) == totals
    annulled = Counter(r.annulled.split(" (seat")[0] for r in results if r.annulled is not None)
    assert summary.annulled_reasons == dict(sorted(annulled.items()))
    scored = [r for r in results if r.annulled is None]
    contracts = Counter(r.contract for r in scored if r.contract is not None)
    assert {c: v["deals"] for c, v in summary.contracts.items()} == dict(contracts)
    assert summary.contract_deals == sum(r.made is not None for r in scored)


def test_a_recorded_deal_replays_with_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate("french-tarot", 12, 3, options={"players": 4}, records=tmp_path / "run")
    states = list(read_records(tmp_path / "run", replay=True))
    lines = concatenated(tmp_path / "run").decode("utf-8").splitlines()
    for k in (0, 11):
        deal = tmp_path / f"deal-{k}.json"
        deal.write_text(lines[k], encoding="utf-8")
        assert main(["replay", str(deal), "--result-only"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith(f"french-tarot, 4 players; seed {derive_seed(3, k)}, ")
        assert out[1:] == list(states[k].result.lines())


# -- the directory ---------------------------------------------------------------------------------
def test_a_non_empty_directory_is_refused_unless_overwrite(tmp_path: Path) -> None:
    run = tmp_path / "run"
    simulate("belote", 50, 1, records=run, chunk_size=10)
    (run / "notes.txt").write_text("mine", encoding="utf-8")
    (run / ".deals-000000000-000000009.jsonl.123-abcd.tmp").write_text("{", encoding="utf-8")
    before = concatenated(run)
    with pytest.raises(SimulationError, match=r"is not empty .*overwrite=True") as info:
        simulate("belote", 20, 2, records=run, chunk_size=10)
    assert isinstance(info.value, ValueError)
    assert concatenated(run) == before  # nothing touched

    fresh = tmp_path / "fresh"
    simulate("belote", 20, 2, records=fresh, chunk_size=10)
    simulate("belote", 20, 2, records=run, chunk_size=10, overwrite=True)
    # the earlier run's record files (and a leftover temporary file) are gone; other files stay
    assert names(run) == [
        "deals-000000000-000000009.jsonl",
        "deals-000000010-000000019.jsonl",
        "notes.txt",
        "run.json",
    ]
    assert concatenated(run) == concatenated(fresh)
    assert (run / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_empty_directory_is_used_and_a_missing_one_created(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    simulate("belote", 5, 1, records=tmp_path / "empty")
    simulate("belote", 5, 1, records=str(tmp_path / "new" / "nested"))
    assert concatenated(tmp_path / "empty") == concatenated(tmp_path / "new" / "nested") != b""


def test_a_relative_directory_is_the_callers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker process runs in another directory: the records still go to the caller's "run".
    (tmp_path / "here").mkdir()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    with ProcessPoolExecutor(1, initializer=os.chdir, initargs=(tmp_path / "elsewhere",)) as pool:
        simulate("belote", 6, 1, records="run", executor=pool, chunk_size=3)
    assert names(tmp_path / "here" / "run") == [
        "deals-000000000-000000002.jsonl",
        "deals-000000003-000000005.jsonl",
        "run.json",
    ]
    assert names(tmp_path / "elsewhere") == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"overwrite": True}, "overwrite=True goes with records=DIR"),
        ({"records": 12}, "records must be the path of a directory, got 12"),
        ({"records": "DIR", "overwrite": "yes"}, "overwrite must be True or False, got 'yes'"),
        ({"records": "FILE"}, "records must be a directory; .* is a file"),
    ],
)
def test_bad_records_arguments_are_clear_errors(
    tmp_path: Path, kwargs: dict[str, object], message: str
) -> None:
    (tmp_path / "FILE").write_text("", encoding="utf-8")
    if "records" in kwargs and isinstance(kwargs["records"], str):
        kwargs = {**kwargs, "records": tmp_path / str(kwargs["records"])}
    with pytest.raises(SimulationError, match=message):
        simulate("belote", 5, 1, **kwargs)  # type: ignore[arg-type]
    assert not (tmp_path / "DIR").exists()


class CrashingBot:
    """A random bot that fails in the deal dealt from ``derive_seed(1, 15)``."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)

    def choose(self, state: DealState) -> Action:
        if state.seed == derive_seed(1, 15) and len(state.history) > 10:
            raise RuntimeError("bot crashed")
        return self.bot.choose(state)


def test_a_failed_chunk_leaves_no_partial_file(tmp_path: Path) -> None:
    run = tmp_path / "run"
    with pytest.raises(RuntimeError, match="bot crashed"):
        simulate("belote", 40, 1, bots=CrashingBot, records=run, chunk_size=10)
    # deals 0-9 were written; the chunk of deal 15 failed after writing five deals: no file of it,
    # and no run file: the directory is not taken for a whole run
    assert names(run) == ["deals-000000000-000000009.jsonl"]
    with pytest.raises(RecordError, match=r"has no run\.json: the run .* has not finished"):
        read_records(run)

    with (
        ThreadPoolExecutor(2) as pool,
        pytest.raises(RuntimeError, match="bot crashed"),
    ):
        simulate(
            "belote",
            40,
            1,
            bots=CrashingBot,
            records=run,
            chunk_size=10,
            executor=pool,
            overwrite=True,
        )
    written = names(run)
    assert "deals-000000010-000000019.jsonl" not in written and "run.json" not in written
    assert all(not n.startswith(".") for n in written)  # no temporary file left behind
    for name in written:  # the files there are whole
        assert len(list(read_records(run / name, replay=True))) == 10


class DyingBot:
    """A random bot whose process dies (as if killed) in the deal dealt from ``derive_seed(1, 15)``."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)

    def choose(self, state: DealState) -> Action:
        if state.seed == derive_seed(1, 15) and len(state.history) > 10:
            os._exit(3)
        return self.bot.choose(state)


def test_a_killed_worker_leaves_no_partial_file(tmp_path: Path) -> None:
    run = tmp_path / "run"
    with (
        ProcessPoolExecutor(1) as pool,
        pytest.raises(BrokenProcessPool),
    ):
        simulate("belote", 30, 1, bots=DyingBot, records=run, chunk_size=10, executor=pool)
    # The chunk of deal 15 died while writing: at most its hidden temporary file is left.
    written = names(run)
    assert "deals-000000000-000000009.jsonl" in written
    assert [n for n in written if not n.startswith(".")] == ["deals-000000000-000000009.jsonl"]
    assert all(n.startswith(".deals-000000010-000000019.jsonl.") for n in written[:-1])
    with pytest.raises(RecordError, match=r"has no run\.json"):
        read_records(run)
    # overwrite=True clears what the dead run left
    simulate("belote", 30, 1, records=run, chunk_size=10, overwrite=True)
    assert not [n for n in names(run) if n.startswith(".")]
    assert len(list(read_records(run))) == 30


# -- the reader ------------------------------------------------------------------------------------
def test_deals_file_names_sort_in_deal_order() -> None:
    assert deals_file_name(0, 999) == "deals-000000000-000000999.jsonl"
    names = [deals_file_name(k, k + 99, digits=10) for k in range(0, 2_000_000_000, 99_999_999)]
    assert sorted(names) == names
    with pytest.raises(ValueError, match="0 <= first <= last"):
        deals_file_name(-1, 3)


def test_read_records_of_a_file_of_any_name(tmp_path: Path) -> None:
    states = [played_plainly(tarotlib.variant("belote"), k, 5) for k in range(3)]
    lines = [GameRecord.from_state(s).dumps() for s in states]
    path = tmp_path / "mine.txt"
    path.write_text(lines[0] + "\n\n" + lines[1] + "\n" + lines[2], encoding="utf-8")
    assert [r.dumps() for r in read_records(path)] == lines  # a blank line is skipped
    assert [s.history for s in read_records(str(path), replay=True)] == [s.history for s in states]


def test_read_records_names_the_file_and_line_of_a_bad_record(tmp_path: Path) -> None:
    state = played_plainly(tarotlib.variant("belote"), 0, 5)
    good = GameRecord.from_state(state).to_json()
    path = tmp_path / "deals-000000000-000000002.jsonl"
    tampered = json.loads(json.dumps(good))
    tampered["result"]["scores"][0] += 10
    path.write_text(
        "\n".join([json.dumps(good), json.dumps(tampered), "{not json"]) + "\n", encoding="utf-8"
    )
    records = read_records(path)
    assert next(records).to_json() == good
    next(records)  # a tampered result reads: only a replay sees it
    with pytest.raises(RecordError, match=r"deals-000000000-000000002\.jsonl, line 3: .*JSON"):
        next(records)
    replayed = read_records(path, replay=True)
    next(replayed)
    with pytest.raises(RecordError, match=r"line 2: recorded result .* differs from the replayed"):
        next(replayed)


def test_read_records_checks_the_files_of_a_directory(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"has no run\.json: the run .* has not finished"):
        read_records(tmp_path)
    run = tmp_path / "run"
    simulate("belote", 30, 2, records=run, chunk_size=10)
    (run / "notes.json").write_text("{}", encoding="utf-8")  # other files are ignored
    assert len(list(read_records(run))) == 30
    overlapping = run / "deals-000000005-000000012.jsonl"
    overlapping.write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match=r"deals-000000005-000000012\.jsonl overlaps the deals"):
        read_records(run)
    os.remove(overlapping)
    # a file of deals lost (or never written): read_records says which deals are missing
    last = (run / "deals-000000020-000000029.jsonl").read_bytes()
    os.remove(run / "deals-000000020-000000029.jsonl")
    with pytest.raises(RecordError, match="played 30 deals; the records of deals 20 to 29 are"):
        read_records(run)
    (run / "deals-000000020-000000029.jsonl").write_bytes(last)
    os.remove(run / "deals-000000000-000000009.jsonl")
    with pytest.raises(RecordError, match="the records of deals 0 to 9 are missing"):
        read_records(run)
    (run / "deals-000000030-000000031.jsonl").write_text("", encoding="utf-8")
    (run / "deals-000000000-000000009.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match="played 30 deals, its files hold 32"):
        read_records(run)
    (run / "run.json").write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(RecordError, match="is not a tarotlib run file"):
        read_records(run)
    (run / "run.json").write_text('{"format": "tarotlib-run", "version": 2}', encoding="utf-8")
    with pytest.raises(RecordError, match="unsupported run file version 2: this tarotlib reads"):
        read_records(run)
    (run / "run.json").write_text(
        '{"format": "tarotlib-run", "version": 1, "deals": 0}', encoding="utf-8"
    )
    with pytest.raises(RecordError, match="'deals' must be a positive integer, got 0"):
        read_records(run)
    (run / "run.json").write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="a run file must be JSON text"):
        read_records(run)
    with pytest.raises(FileNotFoundError):
        list(read_records(tmp_path / "nowhere.jsonl"))


# -- the command line ------------------------------------------------------------------------------
def test_the_command_line_writes_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    base = ["simulate", "belote", "--deals", "24", "--seed", "6", "--json"]
    assert main([*base, "--records", str(run), "--chunk-size", "10", "--workers", "2"]) == 0
    recorded = json.loads(capsys.readouterr().out)
    assert main(base) == 0
    plain = json.loads(capsys.readouterr().out)
    timing = ("seconds", "deals_per_second", "workers")
    assert {k: v for k, v in recorded.items() if k not in timing} == {
        k: v for k, v in plain.items() if k not in timing
    }
    assert names(run) == [
        "deals-000000000-000000009.jsonl",
        "deals-000000010-000000019.jsonl",
        "deals-000000020-000000023.jsonl",
        "run.json",
    ]
    api = tmp_path / "api"
    simulate("belote", 24, 6, records=api)
    assert concatenated(run) == concatenated(api)

    assert main([*base, "--records", str(run)]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert main([*base, "--records", str(run), "--overwrite", "--chunk-size", "24"]) == 0
    capsys.readouterr()
    assert names(run) == ["deals-000000000-000000023.jsonl", "run.json"]
    assert concatenated(run) == concatenated(api)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--overwrite"], "--overwrite goes with --records DIR"),
        (["--chunk-size", "0"], "must be a positive whole number, got '0'"),
        (["--records", "{file}"], "records must be a directory"),
        (["--records", "{file}/below"], "cannot write the records to"),
    ],
)
def test_the_command_line_refuses_bad_records_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    file = tmp_path / "file"
    file.write_text("", encoding="utf-8")
    given = [a.format(file=file) for a in arguments]
    assert main(["simulate", "belote", "--deals", "3", *given]) == 2
    assert message in capsys.readouterr().err


def test_the_command_line_replays_a_run_of_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    simulate("french-tarot", 25, 4, options={"players": 3}, records=run, chunk_size=10)
    states = list(read_records(run, replay=True))
    assert main(["replay", str(run)]) == 0
    assert capsys.readouterr().out == f"{run}: 25 deals replayed to their results\n"
    file = run / "deals-000000010-000000019.jsonl"
    assert main(["replay", str(file)]) == 0
    assert capsys.readouterr().out == f"{file}: 10 deals replayed to their results\n"
    # --deal K: deal K of the run (of the file: its K-th line), told as a single record is
    for path, k, deal in [(run, 13, 13), (file, 3, 13), (run, 0, 0)]:
        assert main(["replay", str(path), "--deal", str(k), "--result-only"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith(f"french-tarot, 3 players; seed {derive_seed(4, deal)}, ")
        assert out[1:] == list(states[deal].result.lines())

    assert main(["replay", str(run), "--deal", "25"]) == 1
    assert "has no deal 25 (it has 25)" in capsys.readouterr().err
    # a record that does not replay: status 1, the file and the line named
    lines = file.read_text(encoding="utf-8").splitlines()
    tampered = json.loads(lines[4])
    tampered["result"]["scores"][0] += 3
    lines[4] = json.dumps(tampered)
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(run)]) == 1
    err = capsys.readouterr().err
    assert f"{file}, line 5: recorded result" in err, err
    os.remove(run / "run.json")
    assert main(["replay", str(run)]) == 1
    assert "has no run.json" in capsys.readouterr().err


def test_deal_goes_with_many_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = played_plainly(tarotlib.variant("belote"), 0, 5)
    single = tmp_path / "deal.json"
    single.write_text(GameRecord.from_state(state).dumps(), encoding="utf-8")
    assert main(["replay", str(single), "--deal", "0"]) == 2
    assert "--deal picks a deal of a directory of records or a .jsonl file" in (
        capsys.readouterr().err
    )
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["replay", str(tmp_path), "--deal", "-1"]) == 2
    assert "--deal must be a deal number, 0 or more, got -1" in capsys.readouterr().err
