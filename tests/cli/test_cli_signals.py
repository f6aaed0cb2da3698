"""Signals stop the command line cleanly: Ctrl-C, SIGTERM and SIGHUP save the match being played,
stop the worker processes of a simulation and leave no temporary file, with one line and the
shell's exit status (128 + the signal's number); Ctrl-C while the command is still importing too.

Every command runs in a real process, in a session of its own (so that a signal reaches only it and
its workers), with the stopping signals at their defaults whatever the test runner does with them.
``play`` reads a script on a pipe: the test answers each prompt as it comes, and sends the signal
while the command waits for its next answer, in the middle of a deal. The processes of a
simulation are found from /proc (each process's parent), and a worker counts as gone once it has
exited (a zombie not yet collected by its new parent counts as gone).

Ctrl-C during the imports is made deterministic: a one-off import hook, set up by the test's own
bootstrap code (nothing in tarotlib), sends the process a real SIGINT when a chosen module starts
importing — one in the middle of ``import tarotlib``, one of the command line's, one of the games
the command loads — and then the console script runs exactly as pyproject.toml declares it. The
same hook in front of a plain ``from tarotlib.cli import main`` shows that it does interrupt the
imports: there it ends in a KeyboardInterrupt traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

import tarotlib
from tarotlib.core.results import DealResult
from tarotlib.core.rng import derive_seed
from tarotlib.errors import RecordError
from tarotlib.match import Match
from tarotlib.records import GameRecord, load_match, read_records, save
from tarotlib.terminal.session import (
    MOVE_PROMPT,
    NEXT_DEAL_PROMPT,
    Console,
    Session,
    new_session,
    play,
)

from support.paths import ROOT

SRC = Path(tarotlib.__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="POSIX signals and /proc"
)

STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    return env


Stream = int | IO[bytes] | None


def start(
    *args: str,
    cwd: Path,
    stdin: Stream = None,
    stdout: Stream = None,
    stderr: Stream = None,
    ignore: tuple[signal.Signals, ...] = (),
    file_size: int | None = None,
) -> subprocess.Popen[bytes]:
    """``python -m tarotlib ARGS`` in a session of its own, the stopping signals at their
    defaults (or ignored: ``ignore``), with a file-size limit if given."""

    def prepare() -> None:
        for sig in STATUS:
            signal.signal(sig, signal.SIG_IGN if sig in ignore else signal.SIG_DFL)
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, resource.RLIM_INFINITY))

    return subprocess.Popen(
        [sys.executable, "-m", "tarotlib", *args],
        cwd=cwd,
        env=environment(),
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        start_new_session=True,
        preexec_fn=prepare,
    )


def start_piped(*args: str, cwd: Path, file_size: int | None = None) -> subprocess.Popen[bytes]:
    """:func:`start` with the three standard streams on pipes."""
    pipe = subprocess.PIPE
    return start(*args, cwd=cwd, stdin=pipe, stdout=pipe, stderr=pipe, file_size=file_size)


# -- play ------------------------------------------------------------------------------------------
class Player:
    """Plays ``tarotlib play`` through pipes: reads what it prints, answers its prompts (``1``,
    the first action listed, to a move; Enter between deals) and keeps the lines sent."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.output = ""
        self.sent: list[str] = []
        self.answered = 0  # the length of the output when the last answer was sent

    def read_to_prompt(self) -> str:
        """Read until the command waits at a prompt (a new one, since the last answer); which
        one."""
        assert self.process.stdout is not None
        while True:
            for prompt in (MOVE_PROMPT, NEXT_DEAL_PROMPT):
                if len(self.output) > self.answered and self.output.endswith(prompt):
                    return prompt
            data = os.read(self.process.stdout.fileno(), 65536)
            assert data, f"the command ended: {self.output[-2000:]}"
            self.output += data.decode()

    def answer(self, prompt: str) -> None:
        line = "1" if prompt == MOVE_PROMPT else ""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()
        self.sent.append(line)
        self.answered = len(self.output)

    def play_until(self, done: Callable[[Player], bool]) -> None:
        """Answer prompts until ``done``, checked at each prompt, holds; the command then waits
        for an answer."""
        prompt = self.read_to_prompt()
        while not done(self):
            self.answer(prompt)
            prompt = self.read_to_prompt()

    def stop(self, sig: signal.Signals) -> tuple[str, str]:
        """Send ``sig`` and read to the end: what was printed after the last prompt, and the
        standard error."""
        shown = len(self.output)
        self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=60)
        return (self.output + out.decode())[shown:], err.decode()


def moves(player: Player) -> int:
    return player.output.count(MOVE_PROMPT)


def session_after(lines: list[str]) -> Session:
    """The session of ``tarotlib play belote --seed 1`` after ``lines`` were typed and the input
    ended, played in this process."""
    session = new_session(tarotlib.variant("belote"), seed=1, bots="random")
    play(session, Console(io.StringIO("".join(f"{line}\n" for line in lines)), io.StringIO()))
    return session


def one_line(printed: str) -> str:
    lines = [line for line in printed.splitlines() if line.strip()]
    assert len(lines) == 1, printed
    return lines[0]


class Stopping(Console):
    """A console that reads ``text``, then raises ``stop`` (as a signal's handler does) when
    play waits for the next line; what play says goes to ``out``."""

    def __init__(self, text: str, stop: BaseException, out: io.StringIO) -> None:
        super().__init__(io.StringIO(text), out)
        self.stop = stop

    def ask(self, prompt: str) -> str | None:
        line = super().ask(prompt)
        if line is None:
            raise self.stop
        return line


@pytest.mark.parametrize(
    ("stop", "word"), [(KeyboardInterrupt(), "interrupted"), (SystemExit(143), "stopped")]
)
def test_play_saves_what_was_played_when_it_is_stopped(
    tmp_path: Path, stop: BaseException, word: str
) -> None:
    path = tmp_path / "m.json"
    session = new_session(tarotlib.variant("belote"), seed=1, bots="random")
    out = io.StringIO()
    with pytest.raises(type(stop)) as raised:
        play(session, Stopping("1\n1\n1\n", stop, out), save_to=str(path))
    assert raised.value is stop  # the same exception goes on to the caller
    assert out.getvalue().endswith(
        f"your move> \nmatch {word}; saved in {path} (tarotlib play --resume {path} to go on)\n"
    )
    _, current = load_match(path).replay()
    assert session.state is not None and current is not None
    assert len(current.history) > 3 and current.history == session.state.history


def test_a_second_ctrl_c_does_not_cut_the_last_save_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C pressed again while play saves the match after the first: ignored until the save
    is written (the signal really comes, in the middle of the save)."""
    assert threading.current_thread() is threading.main_thread()
    calls = []

    def save_interrupted(*args: Any) -> None:
        calls.append(args)
        os.kill(os.getpid(), signal.SIGINT)  # a KeyboardInterrupt here if not held back
        save(*args)

    monkeypatch.setattr("tarotlib.terminal.session.save", save_interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        path = tmp_path / "m.json"
        session = new_session(tarotlib.variant("belote"), seed=1, bots="random")
        stop = KeyboardInterrupt()
        with pytest.raises(KeyboardInterrupt) as raised:
            play(session, Stopping("1\n", stop, io.StringIO()), save_to=str(path))
    finally:
        signal.signal(signal.SIGINT, previous)
    assert raised.value is stop and len(calls) == 1
    _, current = load_match(path).replay()
    assert session.state is not None and current is not None
    assert current.history == session.state.history


def test_ctrl_c_as_a_finished_deal_is_added_saves_it_as_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C that comes as the deal just finished is added to the match: the session is saved
    with the deal finished and counted, not half-way (its record kept, its result not) nor as a
    finished deal still in progress, which no reader accepts; and the save replays."""
    add = Match.add
    calls = []

    def interrupted(self: Match, result: DealResult) -> Match:
        calls.append(result)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return add(self, result)

    monkeypatch.setattr(Match, "add", interrupted)
    path = tmp_path / "m.json"
    session = new_session(tarotlib.variant("belote"), deals=2, seed=1, bots="random")
    with pytest.raises(KeyboardInterrupt):
        play(session, Console(io.StringIO("1\n" * 100), io.StringIO()), save_to=str(path))
    assert session.played == [] and session.state is not None and session.state.is_over
    record = load_match(path)
    match, current = record.replay()
    assert current is None and match.results == (session.state.result,)
    assert [r.actions for r in record.played] == [GameRecord.from_state(session.state).actions]


@pytest.mark.parametrize(
    ("sig", "word"),
    [(signal.SIGINT, "interrupted"), (signal.SIGTERM, "stopped"), (signal.SIGHUP, "stopped")],
    ids=["SIGINT", "SIGTERM", "SIGHUP"],
)
def test_a_signal_during_play_save_saves_the_deal_in_progress(
    tmp_path: Path, sig: signal.Signals, word: str
) -> None:
    process = start_piped(
        "play", "belote", "--seed", "1", "--bots", "random", "--save", "m.json", cwd=tmp_path
    )
    player = Player(process)
    player.play_until(lambda p: moves(p) == 4)  # three moves made, the fourth asked for
    printed, errors = player.stop(sig)

    assert process.returncode == STATUS[sig], (process.returncode, printed, errors)
    assert errors == "", errors  # no traceback, and the one line is play's own
    assert one_line(printed) == (
        f"match {word}; saved in m.json (tarotlib play --resume m.json to go on)"
    )
    assert sorted(os.listdir(tmp_path)) == ["m.json"]  # no temporary file
    # The file holds the deal in progress, exactly as it was played: the same session played in
    # this process with the same answers, up to the same prompt.
    match, current = load_match(tmp_path / "m.json").replay()
    expected = session_after(player.sent)
    assert expected.state is not None and current is not None
    assert len(current.history) > 3
    assert current.history == expected.state.history
    assert match.results == expected.match.results == ()


def test_a_signal_during_play_without_save_says_so_in_one_line(tmp_path: Path) -> None:
    process = start_piped("play", "belote", "--seed", "1", "--bots", "random", cwd=tmp_path)
    player = Player(process)
    player.play_until(lambda p: moves(p) == 2)
    printed, errors = player.stop(signal.SIGTERM)
    assert (process.returncode, errors, one_line(printed)) == (143, "", "match stopped")
    assert os.listdir(tmp_path) == []


def test_a_failed_save_on_ctrl_c_says_so_and_keeps_the_previous_save(tmp_path: Path) -> None:
    """The command may write a file as large as the save after the first deal, not larger: the
    save of Ctrl-C in the second deal fails, says so, and the save of the first deal stays."""
    # The save after deal 1, made in this process with the same answers (every move "1"; the
    # input then ends at the pause between deals).
    reference = tmp_path / "reference.json"
    session = new_session(tarotlib.variant("belote"), deals=2, seed=1, bots="random")
    play(session, Console(io.StringIO("1\n" * 100), io.StringIO()), save_to=str(reference))
    assert len(session.match.results) == 1 and session.state is None
    first = reference.read_bytes()

    folder = tmp_path / "play"
    folder.mkdir()
    process = start_piped(
        "play", "belote", "--seed", "1", "--deals", "2", "--bots", "random", "--save", "m.json",
        cwd=folder, file_size=len(first),
    )  # fmt: skip
    player = Player(process)
    player.play_until(lambda p: "== deal 2 ·" in p.output and p.output.endswith(MOVE_PROMPT))
    # two moves made in deal 2, the third asked for
    player.play_until(lambda p: p.output.split("== deal 2 ·")[1].count(MOVE_PROMPT) == 3)
    printed, errors = player.stop(signal.SIGINT)

    assert (process.returncode, errors) == (130, ""), printed
    assert one_line(printed) == (
        "match interrupted; NOT saved: cannot save to m.json: File too large; the file is unchanged"
    )
    assert (folder / "m.json").read_bytes() == first  # the save of the first deal, whole
    assert os.listdir(folder) == ["m.json"]
    match, current = load_match(folder / "m.json").replay()
    assert len(match.results) == 1 and current is None


# -- simulate --------------------------------------------------------------------------------------
def process_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, parent, ...), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def children(pid: int) -> dict[int, str]:
    """The child processes of ``pid``, each with its start time (to tell it from a later
    process given the same number)."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = process_stat(int(entry))
            if fields is not None and int(fields[1]) == pid:
                found[int(entry)] = fields[19]
    return found


def running(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` still running (not gone, not exited and waiting to be collected)."""
    alive = []
    for pid, started in processes.items():
        fields = process_stat(pid)
        if fields is not None and fields[19] == started and fields[0] != "Z":
            alive.append(pid)
    return alive


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


Started = tuple[subprocess.Popen[bytes], dict[int, str]]
Simulation = Callable[..., Started]


@pytest.fixture
def simulation(tmp_path: Path) -> Iterator[Simulation]:
    """Starts ``simulate belote`` (a long run, 2 workers, chunks of 100 deals, records in
    ``run``; standard error in err.txt) and returns it with its workers once some records are
    written; kills whatever is left at the end."""
    started: list[Started] = []

    def run(ignore: tuple[signal.Signals, ...] = ()) -> Started:
        with open(tmp_path / "out.txt", "wb") as out, open(tmp_path / "err.txt", "wb") as err:
            process = start(
                "simulate", "belote", "--deals", "5000000", "--seed", "5", "--workers", "2",
                "--chunk-size", "100", "--records", "run",
                cwd=tmp_path, stdout=out, stderr=err, ignore=ignore,
            )  # fmt: skip
        workers: dict[int, str] = {}
        started.append((process, workers))
        records = tmp_path / "run"

        def ready() -> bool:
            assert process.poll() is None, (tmp_path / "err.txt").read_text()
            workers.update(children(process.pid))
            return (
                len(workers) == 2
                and records.is_dir()
                and any(n.startswith("deals-") for n in os.listdir(records))
            )

        assert wait_for(ready, 60), "the simulation did not start"
        return process, workers

    yield run
    for process, workers in started:
        for pid in [process.pid, *running(workers)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.wait()


def check_records(run: Path) -> None:
    """Only whole files of records in ``run``, no temporary file, and no run.json (the run did
    not finish)."""
    names = sorted(os.listdir(run))
    assert names and all(re.fullmatch(r"deals-\d{9}-\d{9}\.jsonl", n) for n in names), names
    for name in names:
        first, last = map(int, re.findall(r"\d+", name))
        records = list(read_records(run / name))
        assert [r.seed for r in records] == [derive_seed(5, k) for k in range(first, last + 1)]
    with pytest.raises(RecordError, match=r"has no run\.json"):
        read_records(run)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_to_simulate_stops_its_workers(
    tmp_path: Path, simulation: Simulation, sig: signal.Signals
) -> None:
    process, workers = simulation()
    sent = time.monotonic()
    process.send_signal(sig)  # to the command only, not to its workers
    assert process.wait(timeout=30) == STATUS[sig]
    took = time.monotonic() - sent
    assert wait_for(lambda: not running(workers), 5), f"workers {running(workers)} outlived it"
    errors = (tmp_path / "err.txt").read_text()
    assert errors == f"tarotlib simulate: stopped by {sig.name}\n", errors
    assert took < 10, took
    check_records(tmp_path / "run")


def test_workers_stop_themselves_when_the_command_is_killed(
    tmp_path: Path, simulation: Simulation
) -> None:
    """SIGKILL cannot be handled: the workers see that their parent has gone and stop within a
    second, leaving no temporary file either."""
    process, workers = simulation()
    process.kill()
    assert process.wait(timeout=30) == -signal.SIGKILL
    assert wait_for(lambda: not running(workers), 5), f"workers {running(workers)} outlived it"
    check_records(tmp_path / "run")


def test_an_ignored_hangup_stays_ignored(tmp_path: Path, simulation: Simulation) -> None:
    """Under ``nohup`` (SIGHUP ignored when the command starts), a hangup of the terminal, sent to
    the whole group, stops neither the command nor its workers; SIGTERM still does."""
    process, workers = simulation(ignore=(signal.SIGHUP,))
    os.killpg(process.pid, signal.SIGHUP)
    time.sleep(1)
    assert process.poll() is None and sorted(running(workers)) == sorted(workers)
    process.terminate()
    assert process.wait(timeout=30) == 143
    assert wait_for(lambda: not running(workers), 5)
    check_records(tmp_path / "run")


# -- Ctrl-C while the command starts ---------------------------------------------------------------
INTERRUPT_ON_IMPORT = """\
import os, signal, sys

class InterruptOnImport:
    '''Sends this process SIGINT (Python's own handler: KeyboardInterrupt) when {target} starts
    importing.'''

    def find_spec(self, name, path=None, target=None):
        if name == {target!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, InterruptOnImport())
"""


def console_script() -> str:
    """The ``tarotlib`` console script as an installer writes it, from pyproject.toml."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = scripts["tarotlib"].partition(":")
    return f"import sys\nfrom {module} import {function}\nsys.exit({function}())\n"


def run_interrupted(target: str, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", INTERRUPT_ON_IMPORT.format(target=target) + code, *args],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize(
    ("target", "importing"),
    [
        ("tarotlib.core.actions", True),  # in the middle of `import tarotlib`
        ("tarotlib.simulation.run", True),  # the command line's imports
        ("tarotlib.variants.belote", False),  # the games, loaded as the command starts
    ],
)
def test_ctrl_c_while_the_command_starts_gives_one_line_and_130(
    target: str, importing: bool
) -> None:
    done = run_interrupted(target, console_script(), "variants")
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "\ntarotlib: interrupted\n")
    # The earlier console script, which imported the command line before anything could catch
    # Ctrl-C: the same hook gives a traceback and the process is killed by SIGINT.
    earlier = "import sys\nfrom tarotlib.cli import main\nsys.exit(main())\n"
    bare = run_interrupted(target, earlier, "variants")
    if importing:
        assert bare.returncode == -signal.SIGINT, bare
        assert "Traceback" in bare.stderr and "KeyboardInterrupt" in bare.stderr, bare
    else:  # once imported, the command line catches it itself
        assert (bare.returncode, bare.stderr) == (130, "\ntarotlib: interrupted\n"), bare


def test_ctrl_c_while_python_m_tarotlib_starts_once_the_package_is_imported() -> None:
    """``python -m tarotlib`` imports the package before its ``__main__`` can do anything; from
    there on, Ctrl-C gives the one line and 130 as well."""
    done = run_interrupted(
        "tarotlib.simulation.run",
        "import runpy\nrunpy.run_module('tarotlib', run_name='__main__', alter_sys=True)\n",
        "variants",
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "\ntarotlib: interrupted\n")
