"""Bounded reads (issue 27, item 3): the readers of records read at most a documented number of
bytes (``RECORD_MAX_BYTES``, or ``max_bytes=``), so that ``/dev/zero``, a pipe that never ends or a
huge file is refused at once with a ``RecordError`` naming the file and the limit, instead of
filling the memory; a file is read and parsed once (a named pipe can be replayed); a directory,
a file of ``/proc`` and bytes that are not UTF-8 get a clear error; and ``tarotlib replay`` and
``tarotlib play --resume`` say so in one line with exit status 1, without a traceback."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tarotlib
from tarotlib.cli import main
from tarotlib.errors import RecordError
from tarotlib.records import (
    RECORD_MAX_BYTES,
    GameRecord,
    MatchRecord,
    load,
    load_any,
    load_match,
    read_records,
    save,
)
from tarotlib.simulation import simulate

SRC = Path(tarotlib.__file__).resolve().parent.parent
MEMORY_LIMIT = (
    1 << 30
)  # the address space of the commands run here: /dev/zero read whole needs more
DEV_ZERO_REFUSED = (
    "tarotlib: /dev/zero: more than 16 MiB (16,777,216 bytes), the size limit of a record file"
)
FILE_LIMIT = "the size limit of a record file"
LINE_LIMIT = "the size limit of a record line"

needs_proc_fd = pytest.mark.skipif(
    not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd (Linux)"
)
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(*args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    """``tarotlib ARGS`` in another process with a memory limit; its result and how long it took."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "tarotlib", *args],
        input="", env=env, capture_output=True, text=True, timeout=timeout,
        preexec_fn=_limit_memory,
    )  # fmt: skip
    return done, time.monotonic() - start


def deal_record() -> GameRecord:
    state = tarotlib.variant("belote").new_deal(seed=3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return GameRecord.from_state(state)


def match_record() -> MatchRecord:
    return MatchRecord("belote", {}, target_score=500, seed=4)


def one_line(err: str) -> str:
    """The one line of standard error of a refused command (no traceback)."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


class Writer:
    """A thread writing ``data`` to the named pipe ``path`` (``times`` times, or until the reader
    leaves when ``times`` is None), then closing it."""

    def __init__(self, path: Path, data: bytes, times: int | None = None) -> None:
        self.written = 0
        self.broken = False
        self._thread = threading.Thread(target=self._write, args=(path, data, times), daemon=True)
        self._thread.start()

    def _write(self, path: Path, data: bytes, times: int | None) -> None:
        try:
            with open(path, "wb", buffering=0) as f:
                while times is None or times > 0:
                    self.written += f.write(data) or 0
                    if times is not None:
                        times -= 1
        except BrokenPipeError:  # the reader closed the pipe: it refused what it read
            self.broken = True

    def join(self) -> None:
        self._thread.join(timeout=30)
        assert not self._thread.is_alive(), "the reader never closed the pipe"


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    yield path


# -- the limit ---------------------------------------------------------------------------------------
def test_the_limit_is_16_mib() -> None:
    assert RECORD_MAX_BYTES == 16 * 2**20


@pytest.mark.parametrize(
    ("reader", "make"),
    [
        (load, deal_record),
        (load_any, deal_record),
        (load_match, match_record),
        (load_any, match_record),
    ],
)
def test_a_file_of_the_limit_is_read_and_one_byte_more_is_refused(
    tmp_path: Path, reader: Callable[..., object], make: Callable[[], Any]
) -> None:
    record = make()
    path = tmp_path / "record.json"
    save(path, record)
    size = path.stat().st_size
    assert reader(path, max_bytes=size) == record
    assert reader(str(path), max_bytes=size + 1) == record
    with pytest.raises(RecordError) as refused:
        reader(path, max_bytes=size - 1)
    said = str(refused.value)
    assert said.startswith(f"{path}: {size:,} bytes, more than {size - 1:,} bytes")
    assert said.endswith(FILE_LIMIT)


def test_the_default_limit_reads_a_file_of_16_mib_and_refuses_one_byte_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = deal_record()
    path = tmp_path / "padded.json"
    text = record.dumps().encode()
    path.write_bytes(text + b" " * (RECORD_MAX_BYTES - len(text)))  # JSON allows the blanks
    assert path.stat().st_size == RECORD_MAX_BYTES
    assert load(path) == record
    assert main(["replay", str(path), "--result-only"]) == 0
    capsys.readouterr()
    with open(path, "ab") as f:
        f.write(b" ")
    with pytest.raises(RecordError) as refused:
        load(path)
    assert str(refused.value) == (
        f"{path}: 16,777,217 bytes, more than 16 MiB (16,777,216 bytes), {FILE_LIMIT}"
    )
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        assert main(args) == 1
        assert one_line(capsys.readouterr().err) == f"tarotlib: {refused.value}"


def test_a_large_regular_file_is_refused_by_its_size_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(50 * 2**30)  # 50 GiB, sparse: no disk, and reading it would take minutes
    start = time.monotonic()
    for reader in (load, load_match, load_any):
        with pytest.raises(RecordError, match="53,687,091,200 bytes, more than 16 MiB"):
            reader(path)
    assert time.monotonic() - start < 5


@needs_proc_fd
def test_no_more_than_one_byte_over_the_limit_is_read(tmp_path: Path) -> None:
    # A pipe holding 1,501 bytes, read with a limit of 1,000 bytes through /proc/self/fd: the
    # reader takes 1,001 of them and leaves the rest in the pipe.
    r, w = os.pipe()
    try:
        os.write(w, b" " * 1001 + b"x" * 500)
        os.close(w)
        with pytest.raises(RecordError) as refused:
            load(f"/proc/self/fd/{r}", max_bytes=1000)
        assert str(refused.value) == f"/proc/self/fd/{r}: more than 1,000 bytes, {FILE_LIMIT}"
        assert os.read(r, 4096) == b"x" * 500
    finally:
        os.close(r)


@pytest.mark.parametrize("reader", [load, load_match, load_any, read_records])
@pytest.mark.parametrize(
    ("max_bytes", "error"),
    [("10", TypeError), (10.0, TypeError), (None, TypeError), (True, TypeError), (0, ValueError),
     (-5, ValueError)],
)  # fmt: skip
def test_a_bad_limit_is_refused_before_the_file_is_opened(
    tmp_path: Path, reader: Callable[..., object], max_bytes: object, error: type[Exception]
) -> None:
    with pytest.raises(error, match="max_bytes must be"):
        reader(tmp_path / "missing.json", max_bytes=max_bytes)


# -- devices, pipes, directories, /proc ----------------------------------------------------------------
def test_replay_and_resume_of_dev_zero_are_refused_at_once_in_little_memory(tmp_path: Path) -> None:
    zero_lines = tmp_path / "zero.jsonl"
    zero_lines.symlink_to("/dev/zero")
    for args, said in (
        (["replay", "/dev/zero"], DEV_ZERO_REFUSED),
        (["play", "--resume", "/dev/zero"], DEV_ZERO_REFUSED),
        (
            ["replay", str(zero_lines)],
            f"tarotlib: {zero_lines}, line 1: more than 16 MiB (16,777,216 bytes), {LINE_LIMIT}",
        ),
    ):
        done, seconds = run_cli(*args)
        assert done.returncode == 1, (args, done.stderr[-2000:])
        assert one_line(done.stderr) == said
        assert seconds < 30, (args, seconds)


def test_dev_zero_is_refused_by_every_reader() -> None:
    for reader in (load, load_match, load_any):
        with pytest.raises(
            RecordError, match=f"^/dev/zero: more than 4 KiB \\(4,096 bytes\\), {FILE_LIMIT}$"
        ):
            reader("/dev/zero", max_bytes=4096)
    with pytest.raises(RecordError, match=f"^/dev/zero, line 1: more than 4 KiB .*, {LINE_LIMIT}$"):
        next(read_records("/dev/zero", max_bytes=4096))


@needs_fifo
def test_a_pipe_that_never_ends_is_refused(fifo: Path) -> None:
    for reader in (load, load_match, load_any):
        writer = Writer(fifo, b" " * 4096)
        with pytest.raises(
            RecordError, match=f"^{re.escape(str(fifo))}: more than 100,000 bytes, {FILE_LIMIT}$"
        ):
            reader(fifo, max_bytes=100_000)
        writer.join()
        assert writer.broken and writer.written > 100_000
    writer = Writer(fifo, b"x" * 4096)  # one line that never ends
    with pytest.raises(
        RecordError,
        match=f"^{re.escape(str(fifo))}, line 1: more than 100,000 bytes, {LINE_LIMIT}$",
    ):
        list(read_records(fifo, max_bytes=100_000))
    writer.join()


@needs_fifo
def test_the_command_line_refuses_a_pipe_that_never_ends(fifo: Path) -> None:
    for args in (["replay", str(fifo)], ["play", "--resume", str(fifo)]):
        writer = Writer(fifo, b" " * 65536)
        done, seconds = run_cli(*args)
        writer.join()
        assert done.returncode == 1, (args, done.stderr[-2000:])
        assert one_line(done.stderr) == (
            f"tarotlib: {fifo}: more than 16 MiB (16,777,216 bytes), {FILE_LIMIT}"
        )
        assert seconds < 30, (args, seconds)


@needs_fifo
@pytest.mark.parametrize("make", [deal_record, match_record])
def test_a_record_is_read_once_so_a_pipe_can_be_replayed(
    fifo: Path, make: Callable[[], Any]
) -> None:
    record = make()
    text = (record.dumps(indent=2) + "\n").encode()
    writer = Writer(fifo, text, times=1)
    assert load_any(fifo) == record
    writer.join()
    # The command reads the pipe once too: a second read would wait for a writer that never comes.
    writer = Writer(fifo, text, times=1)
    done, _ = run_cli("replay", str(fifo), "--result-only")
    writer.join()
    assert done.returncode == 0, done.stderr[-2000:]
    first = done.stdout.splitlines()[0]
    assert first.startswith("belote match," if isinstance(record, MatchRecord) else "belote,")


def test_a_directory_is_refused_with_the_error_of_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for reader in (load, load_match, load_any):
        with pytest.raises(IsADirectoryError):
            reader(tmp_path)
    assert main(["play", "--resume", str(tmp_path)]) == 1
    assert one_line(capsys.readouterr().err) == f"tarotlib: cannot read {tmp_path}: Is a directory"
    assert main(["replay", str(tmp_path)]) == 1  # a directory of records without its run file
    assert f"{tmp_path} has no run.json" in one_line(capsys.readouterr().err)


@pytest.mark.skipif(not os.path.isfile("/proc/self/status"), reason="needs /proc")
def test_a_proc_file_is_read_though_its_size_is_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert os.stat("/proc/self/status").st_size == 0
    for reader in (load, load_match, load_any):
        with pytest.raises(RecordError, match=r"^/proc/self/status: a .*must be JSON text"):
            reader("/proc/self/status")
    # The limit counts what is read, not the size the file reports.
    with pytest.raises(RecordError, match=f"^/proc/self/status: more than 10 bytes, {FILE_LIMIT}$"):
        load("/proc/self/status", max_bytes=10)
    assert main(["replay", "/proc/self/status"]) == 1
    assert one_line(capsys.readouterr().err).startswith("tarotlib: /proc/self/status: a record")


# -- what is read ---------------------------------------------------------------------------------------
def test_bytes_that_are_not_utf8_are_a_record_error_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"\xe9": 1}')
    for reader in (load, load_match, load_any):
        with pytest.raises(RecordError) as refused:
            reader(path)
        assert str(refused.value).startswith(f"{path}: a ")
        assert str(refused.value).endswith(
            "must be UTF-8 text: byte 0xe9 at position 2 is not UTF-8"
        )
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        assert main(args) == 1
        err = one_line(capsys.readouterr().err)
        assert err.startswith(f"tarotlib: {path}: a ") and err.count(str(path)) == 1
    lines = tmp_path / "deals.jsonl"
    lines.write_bytes(deal_record().dumps().encode() + b"\n\xff\n")
    with pytest.raises(
        RecordError, match=f"^{re.escape(str(lines))}, line 2: a record must be UTF-8 text"
    ):
        list(read_records(lines))


def test_every_problem_of_a_record_file_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "a shopping list"}', encoding="utf-8")
    with pytest.raises(RecordError, match=f"^{re.escape(str(path))}: not a tarotlib record"):
        load(path)
    with pytest.raises(RecordError, match=f"^{re.escape(str(path))}: not a tarotlib match record"):
        load_match(path)
    with pytest.raises(RecordError) as refused:
        load_any(path)
    assert str(refused.value) == (
        f"{path}: not a tarotlib record: field 'format' must be 'tarotlib-record' (a deal) or "
        "'tarotlib-match' (a match), got 'a shopping list'"
    )
    assert main(["replay", str(path)]) == 1
    assert one_line(capsys.readouterr().err) == f"tarotlib: {refused.value}"


def test_json_lines_are_read_one_at_a_time_with_a_limit_per_line(tmp_path: Path) -> None:
    record = deal_record()
    line = (record.dumps() + "\n").encode()
    path = tmp_path / "deals.jsonl"
    path.write_bytes(line * 5)  # five times the limit in all: each line is read on its own
    assert list(read_records(path, max_bytes=len(line))) == [record] * 5
    with pytest.raises(RecordError) as refused:
        next(read_records(path, max_bytes=len(line) - 1))
    assert str(refused.value) == f"{path}, line 1: more than {len(line) - 1:,} bytes, {LINE_LIMIT}"


def test_the_run_file_of_a_directory_is_read_within_the_limit(tmp_path: Path) -> None:
    run = tmp_path / "run"
    simulate("belote", 3, 1, records=str(run))
    size = (run / "run.json").stat().st_size
    assert len(list(read_records(run))) == 3
    with pytest.raises(RecordError) as refused:
        read_records(run, max_bytes=size - 1)
    assert str(refused.value) == (
        f"{run / 'run.json'}: {size:,} bytes, more than {size - 1:,} bytes, the size limit of a run file"
    )
