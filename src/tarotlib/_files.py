"""Writing files so that a failed write never destroys what was there before.

Every file tarotlib writes (a saved match, a deal record, the records of a simulation run) goes
through :func:`written_atomically` or :func:`write_atomically`: the text is written to a hidden
temporary file in the target's own folder, flushed and synced to disk, checked (its size, and for
:func:`write_atomically` its bytes read back), and only then renamed over the target, which the
operating system does in one step. A write that fails at any point (a missing folder, a full
disk, a file-size limit, an interruption) raises and removes the temporary file: the previous
file, if there was one, is left exactly as it was, and nothing else is left behind.

A target that exists and is not a regular file (a device such as ``/dev/null``, a named pipe) is
written in place, as any program would: renaming a file over it would replace the device. A
symbolic link is followed, so that the file it points to is replaced and the link kept. A folder
is refused.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from typing import IO, Final

__all__ = ["temporary_name", "write_atomically", "written_atomically"]

_FLAGS: Final = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def temporary_name(path: str) -> str:
    """The hidden temporary file that a write to ``path`` goes through: in the same folder,
    named after the target, this process and a random tag (a cluster may write one file twice
    at once), ending in ``.tmp``.

    >>> import re
    >>> bool(re.fullmatch(r"runs/\\.deals-0-9\\.jsonl\\.\\d+-[0-9a-f]{8}\\.tmp",
    ...                   temporary_name("runs/deals-0-9.jsonl")))
    True
    """
    directory, name = os.path.split(path)
    return os.path.join(directory, f".{name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _target(path: str | os.PathLike[str]) -> tuple[str, os.stat_result | None]:
    """The file a write to ``path`` replaces (a link followed) and its status (None if absent);
    a folder, or a path without a file name, is refused with IsADirectoryError."""
    given = os.fspath(path)
    if not isinstance(given, str):
        raise TypeError(f"a path must be text, got {given!r}")
    target = os.path.realpath(given) if os.path.islink(given) else given
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if (status is not None and stat.S_ISDIR(status.st_mode)) or not os.path.basename(target):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), given)
    return target, status


@contextlib.contextmanager
def written_atomically(path: str | os.PathLike[str]) -> Iterator[IO[str]]:
    """A UTF-8 text file (``\\n`` line ends) to write that appears at ``path`` whole or not at
    all; the module docstring says how. On success the file's size on disk is checked against
    what was written, the permissions of a file it replaces are kept, and the rename is synced.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.json")
    >>> with written_atomically(path) as f:
    ...     _ = f.write("first\\n")
    >>> try:
    ...     with written_atomically(path) as f:
    ...         _ = f.write("second, cut short")
    ...         raise OSError("disk full")
    ... except OSError:
    ...     pass
    >>> open(path).read(), os.listdir(os.path.dirname(path))
    ('first\\n', ['run.json'])
    """
    with _written(path, None) as f:
        yield f


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8), whole or not at all: as
    :func:`written_atomically`, and before the rename the file is read back and compared with
    ``text`` byte for byte. Raises OSError (with the reason) when the file cannot be written;
    then the previous file at ``path`` is unchanged.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "match.json")
    >>> write_atomically(path, "{}\\n")
    >>> write_atomically(os.path.join(folder, "missing", "match.json"), "[]\\n")
    Traceback (most recent call last):
        ...
    FileNotFoundError: [Errno 2] No such file or directory: '...match.json...tmp'
    >>> write_atomically(folder, "[]\\n")
    Traceback (most recent call last):
        ...
    IsADirectoryError: [Errno 21] Is a directory: '...'
    >>> open(path).read(), sorted(os.listdir(folder))
    ('{}\\n', ['match.json'])
    """
    data = text.encode("utf-8")
    with _written(path, data) as f:
        f.write(text)


@contextlib.contextmanager
def _written(path: str | os.PathLike[str], expected: bytes | None) -> Iterator[IO[str]]:
    """:func:`written_atomically`, and with ``expected`` the file read back and compared."""
    target, status = _target(path)
    if status is not None and not stat.S_ISREG(status.st_mode):
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            yield f
        return
    temporary = temporary_name(target)
    try:
        with open(os.open(temporary, _FLAGS, 0o666), "w", encoding="utf-8", newline="\n") as f:
            yield f
            f.flush()
            written = os.lseek(f.fileno(), 0, os.SEEK_CUR)
            os.fsync(f.fileno())
            size = os.fstat(f.fileno()).st_size
        if size != written:
            raise OSError(errno.EIO, f"{size} bytes on disk, {written} written", temporary)
        if expected is not None:
            with open(temporary, "rb") as back:
                if back.read(len(expected) + 1) != expected:
                    raise OSError(
                        errno.EIO, "the file read back is not what was written", temporary
                    )
        if status is not None:
            with contextlib.suppress(OSError):  # another owner's file: the default mode stays
                os.chmod(temporary, stat.S_IMODE(status.st_mode))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
    _sync_folder(os.path.dirname(target))


def _sync_folder(directory: str) -> None:
    """Sync a folder so that a rename in it survives a crash (where the system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory or ".", os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
