"""Saving never loses a match: every file tarotlib writes appears whole or not at all, a failed
save says so and leaves the previous file as it was, and nothing temporary is left behind.

The atomic writer (``tarotlib._files``) is tested on its own, under failures injected at every
step and under a real file-size limit; then through the API (``records.save``) and the terminal
(``tarotlib play --save``) for every game: a missing folder, a folder, a full device and a size
limit reached by the save after the second deal.
"""

from __future__ import annotations

import errno
import io
import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tarotlib
from tarotlib._files import write_atomically, written_atomically
from tarotlib.records import GameRecord, MatchRecord, load, load_match, save
from tarotlib.registry import variant_names
from tarotlib.terminal.session import Console, new_session, play

SRC = Path(tarotlib.__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file semantics")


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


# -- the atomic writer ------------------------------------------------------------------------------
def test_a_new_file_and_a_replaced_file_hold_exactly_the_text(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_atomically(path, "first\r\nline é ♥\n")
    assert path.read_bytes() == "first\r\nline é ♥\n".encode()  # no newline translation
    write_atomically(path, "second")
    assert path.read_bytes() == b"second"
    assert listing(tmp_path) == ["a.json"]


def test_an_error_inside_the_write_keeps_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("good")
    with pytest.raises(RuntimeError, match="cut"), written_atomically(path) as f:
        f.write("half of a new file")
        raise RuntimeError("cut")
    assert path.read_text() == "good"
    assert listing(tmp_path) == ["a.json"]


def test_an_interruption_inside_the_write_keeps_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("good")
    with pytest.raises(KeyboardInterrupt), written_atomically(path) as f:
        f.write("x" * 100_000)
        raise KeyboardInterrupt
    assert path.read_text() == "good"
    assert listing(tmp_path) == ["a.json"]


class FailingOs:
    """The ``os`` module as ``tarotlib._files`` sees it, with one step made to fail."""

    def __init__(self, step: str) -> None:
        self.step = step

    def __getattr__(self, name: str) -> object:
        real = getattr(os, name)
        if name == self.step == "fstat":

            def short(fd: int) -> os.stat_result:  # the disk holds less than was written
                values = list(real(fd))
                values[stat.ST_SIZE] -= 1
                return os.stat_result(values)

            return short
        if name == self.step:

            def fail(*args: object, **kwargs: object) -> None:
                raise OSError(errno.EIO, f"{name} failed")

            return fail
        return real


STEPS = ("open", "lseek", "fsync", "fstat", "replace")


@POSIX
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    old=st.none() | st.text(max_size=200),
    new=st.text(max_size=2000),
    step=st.sampled_from((*STEPS, "read back", None)),
)
def test_a_failure_at_any_step_leaves_the_previous_file_and_nothing_else(
    tmp_path_factory: pytest.TempPathFactory, old: str | None, new: str, step: str | None
) -> None:
    import tarotlib._files as files

    folder = tmp_path_factory.mktemp("w")
    path = folder / "match.json"
    if old is not None:
        path.write_bytes(old.encode())
    real_open = open

    def lying_open(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if mode == "rb":  # what is read back is not what was written
            return io.BytesIO(new.encode() + b"!")
        return real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]

    with pytest.MonkeyPatch.context() as patch:
        if step in STEPS:
            patch.setattr(files, "os", FailingOs(step))
        elif step == "read back":
            patch.setattr(files, "open", lying_open, raising=False)
        if step is None:
            write_atomically(path, new)
        else:
            with pytest.raises(OSError):
                write_atomically(path, new)
    if step is None:
        assert path.read_bytes() == new.encode()
    elif old is None:
        assert not path.exists()
    else:
        assert path.read_bytes() == old.encode()
    assert listing(folder) == ([] if old is None and step is not None else ["match.json"])


@POSIX
def test_a_size_limit_keeps_the_previous_file(tmp_path: Path) -> None:
    """A real file-size limit (``ulimit -f``): the write fails with EFBIG, nothing is cut short."""
    path = tmp_path / "big.json"
    code = (
        "import errno, resource, sys\n"
        "from tarotlib._files import write_atomically\n"
        "write_atomically(sys.argv[1], 'a' * 3000)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (5000, resource.RLIM_INFINITY))\n"
        "try:\n"
        "    write_atomically(sys.argv[1], 'b' * 9000)\n"
        "except OSError as exc:\n"
        "    print(errno.errorcode[exc.errno])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "EFBIG"
    assert path.read_text() == "a" * 3000
    assert listing(tmp_path) == ["big.json"]


def test_a_folder_or_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        write_atomically(tmp_path, "x")
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "no" / "such.json", "x")
    assert listing(tmp_path) == []


@POSIX
def test_a_link_is_followed_and_kept_and_the_permissions_stay(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomically(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert listing(tmp_path) == ["link.json", "real.json"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_device_is_written_in_place_and_never_replaced() -> None:
    with pytest.raises(OSError) as caught:
        write_atomically("/dev/full", "x" * 10)
    assert caught.value.errno == errno.ENOSPC
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    write_atomically(os.devnull, "nothing")  # a device that takes anything
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


# -- records and matches through the API ----------------------------------------------------------
def finished(name: str, seed: int = 3) -> tarotlib.DealState:
    state = tarotlib.variant(name).new_deal(seed=seed)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_records_save_keeps_the_previous_record_when_the_folder_is_gone(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    record = GameRecord.from_state(finished("belote"))
    save(path, record)
    before = path.read_bytes()
    with pytest.MonkeyPatch.context() as patch:
        import tarotlib._files as files

        patch.setattr(files, "os", FailingOs("fsync"))
        with pytest.raises(OSError, match="fsync failed"):
            save(path, GameRecord.from_state(finished("belote", seed=4)))
    assert path.read_bytes() == before and load(path) == record
    assert listing(tmp_path) == ["deal.json"]
    with pytest.raises(FileNotFoundError):
        save(tmp_path / "gone" / "m.json", MatchRecord("belote", {}, seed=1))


# -- tarotlib play --save, for every game -----------------------------------------------------------
def run_play(*args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """``tarotlib play ... --deals 2 --seed 1`` with the person typing 1 then Enter, again and
    again; with ``limit``, under a file-size limit of that many bytes."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    return subprocess.run(
        [
            sys.executable,
            "-m",
            "tarotlib",
            "play",
            *args,
            "--deals",
            "2",
            "--seed",
            "1",
            # random bots, as the save sizes were measured with (the solo has no bot seats)
            *([] if args[0] == "french-tarot-solo" else ["--bots", "random"]),
        ],
        input="1\n\n" * 2000,
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=120,
    )


def said(out: str, needle: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if needle in line]


GAMES = variant_names()
# Two games (a tarot and a Lombard save) in the everyday suite, the others with `pytest -m slow`.
EVERYDAY_GAMES = ("french-tarot", "lombardy")


@POSIX
@pytest.mark.parametrize(
    "game",
    [pytest.param(g, marks=[] if g in EVERYDAY_GAMES else [pytest.mark.slow]) for g in GAMES],
)
def test_a_size_limit_on_the_second_save_keeps_the_first(tmp_path: Path, game: str) -> None:
    whole = tmp_path / "whole.json"
    free = run_play(game, "--save", str(whole))
    assert free.returncode == 0, free.stdout[-2000:] + free.stderr
    assert said(free.stdout, "saved in") == [
        f"saved in {whole}; replay with: tarotlib replay {whole}"
    ]
    path = tmp_path / "match.json"
    # The save after deal 2 is the whole match: one byte less than its size makes it fail, while
    # the save after deal 1 (a shorter record) fits.
    cut = run_play(game, "--save", str(path), limit=whole.stat().st_size - 1)
    assert cut.returncode == 1, cut.stdout[-2000:] + cut.stderr
    assert "Traceback" not in cut.stderr
    assert said(cut.stdout, "cannot save") == [
        f"cannot save to {path}: File too large; the file is unchanged"
    ]
    assert said(cut.stdout, "saved in") == []
    assert said(cut.stdout, "NOT saved") == [f"NOT saved: the save to {path} failed (see above)"]
    assert listing(tmp_path) == ["match.json", "whole.json"]
    # The good save of deal 1 is whole: it replays, and the match resumes from it.
    match, current = load_match(path).replay()
    assert len(match.results) == 1 and current is None
    assert match.results[0] == load_match(whole).replay()[0].results[0]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    replayed = subprocess.run(
        [sys.executable, "-m", "tarotlib", "replay", str(path)],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert replayed.returncode == 0, replayed.stderr
    resumed = subprocess.run(
        [sys.executable, "-m", "tarotlib", "play", "--resume", str(path)],
        input="", env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert resumed.returncode == 0 and "resumed after 1 deal" in resumed.stdout, resumed.stderr


UNWRITABLE = {
    "missing folder": ("/nonexistent-tarotlib/x.json", "No such file or directory"),
    "a folder": ("/", "Is a directory"),
    "a full device": ("/dev/full", "No space left on device"),
    "proc": ("/proc/x.json", None),
}


@POSIX
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("where", list(UNWRITABLE))
def test_an_unwritable_save_is_reported_and_never_claimed(game: str, where: str) -> None:
    target, reason = UNWRITABLE[where]
    if where == "proc" and not os.path.isdir("/proc"):
        pytest.skip("no /proc here")
    if target == "/dev/full" and not os.path.exists(target):
        pytest.skip("no /dev/full here")
    bots = None if game == "french-tarot-solo" else "random"  # the solo has no bot seats
    session = new_session(tarotlib.variant(game), deals=2, seed=1, bots=bots)
    out = io.StringIO()
    status = play(session, Console(io.StringIO("1\n\n" * 2000), out), save_to=target)
    text = out.getvalue()
    assert status == 1
    refusals = said(text, "cannot save")
    assert len(refusals) == 2  # after each of the two deals, in one line each
    assert all(line.startswith(f"cannot save to {target}: ") for line in refusals)
    if reason is not None:
        assert all(reason in line for line in refusals), refusals
    assert said(text, "saved in") == [] and said(text, "saved;") == []
    assert said(text, "NOT saved") == [f"NOT saved: the save to {target} failed (see above)"]


def test_a_failed_save_then_a_good_one_ends_well(tmp_path: Path) -> None:
    """The exit status says whether the file holds the match: a failed save made good by a
    later save to the same file is not a failure at the end."""
    path = tmp_path / "m.json"
    session = new_session(tarotlib.variant("belote"), deals=2, seed=1, bots="random")
    out = io.StringIO()
    fails = iter([True, False])

    import tarotlib._files as files

    class Once:
        def __getattr__(self, name: str) -> object:
            if name == "replace" and next(fails, False):
                return FailingOs("replace").__getattr__("replace")
            return getattr(os, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(files, "os", Once())
        status = play(session, Console(io.StringIO("1\n\n" * 2000), out), save_to=str(path))
    assert said(out.getvalue(), "cannot save") == [
        f"cannot save to {path}: replace failed; the file is unchanged"
    ]
    assert status == 0 and said(out.getvalue(), "saved in")
    assert load_match(path).replay()[0].is_over


def test_leaving_after_a_failed_save_says_the_match_is_not_saved(tmp_path: Path) -> None:
    target = str(tmp_path / "gone" / "m.json")
    session = new_session(tarotlib.variant("french-tarot"), deals=2, seed=5, bots="random")
    out = io.StringIO()
    assert play(session, Console(io.StringIO("quit\n"), out), save_to=target) == 1
    assert said(out.getvalue(), "match left") == [
        f"match left; NOT saved: the save to {target} failed (see above)"
    ]


def test_the_save_command_reports_a_failure_and_the_exit_status_keeps_it(tmp_path: Path) -> None:
    target = str(tmp_path / "gone" / "m.json")
    session = new_session(tarotlib.variant("belote"), deals=1, seed=5, bots="random")
    out = io.StringIO()
    assert play(session, Console(io.StringIO(f"save {target}\nquit\n"), out)) == 1
    assert said(out.getvalue(), "cannot save") == [
        f"your move>   cannot save to {target}: No such file or directory; the file is unchanged"
    ]


def test_leaving_just_after_a_save_says_where_it_is_saved(tmp_path: Path) -> None:
    """``save FILE`` then ``quit``: the match is in FILE, and the last line says so, not "save it
    before quitting"; after a move played since the save, it asks for a save again."""
    target = str(tmp_path / "m.json")
    session = new_session(tarotlib.variant("belote"), deals=1, seed=5, bots="random")
    out = io.StringIO()
    assert play(session, Console(io.StringIO(f"save {target}\nquit\n"), out)) == 0
    assert said(out.getvalue(), "match left") == [
        f"your move> match left; saved in {target} (tarotlib play --resume {target} to go on)"
    ]
    assert load_match(target).replay()[1] is not None  # the deal in progress is in the file

    session = new_session(tarotlib.variant("belote"), deals=1, seed=5, bots="random")
    out = io.StringIO()  # "1": the first of the legal actions listed
    assert play(session, Console(io.StringIO(f"save {target}\n1\nquit\n"), out)) == 0
    assert said(out.getvalue(), "match left")[-1].endswith(
        "match left (save it before quitting to finish it later)"
    )
