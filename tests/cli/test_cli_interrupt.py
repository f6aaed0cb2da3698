"""Ctrl-C anywhere in the command line stops cleanly: one line, no traceback, exit status 130, and
no worker process left behind.

Each command runs on a pseudo-terminal (as a user runs it), and Ctrl-C is sent the way a terminal
sends it: SIGINT to the whole foreground process group, workers included.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

import tarotlib
from tarotlib.core.rng import derive_seed
from tarotlib.errors import RecordError
from tarotlib.records import GameRecord, load_match, read_records, save

SRC = Path(tarotlib.__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    env["TERM"] = "dumb"
    # A command that hangs is made to show where (interrupt() sends SIGABRT, which faulthandler
    # answers with every thread's stack); nothing else changes.
    env["PYTHONFAULTHANDLER"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "tarotlib", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(50, 200),
    )


def interrupt(child: pexpect.spawn) -> str:
    """Send Ctrl-C, read to the end, and return what was printed after it."""
    child.sendintr()
    try:
        child.expect(pexpect.EOF, timeout=60)
    except pexpect.TIMEOUT:  # hung: ask for its stacks, then fail with them
        os.kill(child.pid, signal.SIGABRT)
        child.expect(pexpect.EOF, timeout=30)
        raise AssertionError(
            "the command did not stop within 60 s of Ctrl-C; its stacks:\n" + str(child.before)
        ) from None
    child.close()
    return str(child.before).replace("\r", "")


def group_is_empty(pgid: int, wait: float = 10.0) -> bool:
    """Whether no process of the group ``pgid`` is left (waiting up to ``wait`` seconds for
    processes that are on their way out)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def assert_clean(output: str, child: pexpect.spawn, command: str) -> None:
    assert child.exitstatus == 130, (child.exitstatus, child.signalstatus, output)
    assert "Traceback" not in output, output
    # What is printed after Ctrl-C, apart from the terminal's own echo of it (^C): one line.
    lines = [line for line in output.splitlines() if line.strip() and not line.endswith("^C")]
    assert lines == [f"tarotlib {command}: interrupted"], output


@pytest.mark.parametrize("workers", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_ctrl_c_stops_a_simulation_cleanly(tmp_path: Path, workers: str) -> None:
    child = spawn(
        "simulate", "french-tarot", "--deals", "5000000", "--workers", workers, cwd=tmp_path
    )
    child.expect(re.compile(r"\d+/5,000,000 deals"))  # the progress bar: the deals are running
    pgid = os.getpgid(child.pid)
    output = interrupt(child)
    assert_clean(output, child, "simulate")
    assert group_is_empty(pgid), "a worker process outlived the command"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_leaves_only_whole_files_of_records(tmp_path: Path, workers: str) -> None:
    child = spawn(
        "simulate", "belote", "--deals", "5000000", "--seed", "5", "--workers", workers,
        "--chunk-size", "100", "--records", "run", cwd=tmp_path,
    )  # fmt: skip
    child.expect(re.compile(r"[1-9][\d,]*/5,000,000 deals"))  # some chunks are done
    pgid = os.getpgid(child.pid)
    output = interrupt(child)
    assert_clean(output, child, "simulate")
    assert group_is_empty(pgid), "a worker process outlived the command"
    # The chunks that finished are there, whole; no temporary file, no run.json: not a whole run.
    names = sorted(os.listdir(tmp_path / "run"))
    assert names and all(re.fullmatch(r"deals-\d{9}-\d{9}\.jsonl", n) for n in names), names
    for name in names:
        first, last = map(int, re.findall(r"\d+", name))
        records = list(read_records(tmp_path / "run" / name))
        assert [r.seed for r in records] == [derive_seed(5, k) for k in range(first, last + 1)]
    with pytest.raises(RecordError, match=r"has no run\.json"):
        read_records(tmp_path / "run")


def test_ctrl_c_stops_replay_step_cleanly(tmp_path: Path) -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    state = rules.new_deal(seed=3).apply(rules.parse_action("bid garde"))
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "deal.json"
    save(path, GameRecord.from_state(state))
    child = spawn("replay", str(path), "--step", cwd=tmp_path)
    child.expect("Enter")  # waiting between tricks
    output = interrupt(child)
    assert_clean(output, child, "replay")


def test_ctrl_c_stops_play_cleanly(tmp_path: Path) -> None:
    child = spawn("play", "belote", "--seed", "1", "--bots", "random", cwd=tmp_path)
    child.expect(">")  # the prompt for the human's move
    output = interrupt(child)
    assert child.exitstatus == 130, output
    assert "Traceback" not in output, output


def test_ctrl_c_during_play_save_keeps_what_was_played(tmp_path: Path) -> None:
    child = spawn(
        "play", "belote", "--seed", "1", "--bots", "random", "--save", "m.json", cwd=tmp_path
    )
    for _ in range(3):  # three of the person's moves, then Ctrl-C at the next prompt
        child.expect("your move> ")
        child.sendline("1")
    child.expect("your move> ")
    output = interrupt(child)
    assert child.exitstatus == 130, output
    assert "Traceback" not in output, output
    assert "match interrupted; saved in m.json" in output, output
    _, current = load_match(tmp_path / "m.json").replay()
    assert current is not None and len(current.history) >= 3
    assert sorted(os.listdir(tmp_path)) == ["m.json"]


def test_ctrl_c_during_the_workers_fork_is_held_until_they_have_started() -> None:
    """A SIGINT that arrives while the worker processes are forked (or while the pool takes one of
    its locks) is held back (else it is lost in the interpreter's at-fork callbacks, kills a worker
    before it ignores Ctrl-C, or leaves a lock of the pool taken) and raised at the next safe
    point (simulate's pool runs under tarotlib._signals.Deferred)."""
    from tarotlib._signals import Deferred

    reached = False
    with pytest.raises(KeyboardInterrupt), Deferred() as deferred:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # a signal not held back would be raised here
        reached = True
        deferred.check()
    assert reached
