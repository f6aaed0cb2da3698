"""The signals that stop a command, and holding them back over a step that must not be cut short.

:data:`STOPPING` are the signals that ask a process to stop: Ctrl-C (SIGINT), SIGTERM (a service
manager, ``kill``) and SIGHUP (the terminal closed), where the platform has them. The ``tarotlib``
command turns each into an exception (:mod:`tarotlib.cli`), so that what it is doing unwinds: a
temporary file is removed, worker processes are stopped, a match being played is saved.

:func:`held` holds these signals back over a step that must not be cut short (forking worker
processes, the last save of a match): a signal that arrives meanwhile is only noted, and on leaving
the previous handlers are put back and the first signal noted is acted on (or dropped). Only the main
thread handles signals, so elsewhere it does nothing.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Final

__all__ = ["STOPPING", "held", "name"]

STOPPING: Final[tuple[signal.Signals, ...]] = tuple(
    getattr(signal, sig) for sig in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, sig)
)
"""The signals that ask a process to stop: SIGINT, SIGTERM and SIGHUP (where they exist)."""

_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def name(signum: int) -> str:
    """The name of signal ``signum``.

    >>> name(signal.SIGTERM), name(2)
    ('SIGTERM', 'SIGINT')
    """
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


@contextlib.contextmanager
def held(signals: tuple[signal.Signals, ...] = STOPPING, *, act: bool = True) -> Iterator[None]:
    """Hold ``signals`` back (default :data:`STOPPING`) while the block runs; on leaving, put
    their handlers back and, with ``act`` (the default), act on the first one that came as it
    would have been acted on (its Python handler called, or the default action taken); without
    ``act``, drop it. A signal that is ignored is left ignored.

    >>> import os
    >>> caught = []
    >>> previous = signal.signal(signal.SIGUSR1, lambda signum, frame: caught.append(signum))
    >>> with held((signal.SIGUSR1,)):
    ...     os.kill(os.getpid(), signal.SIGUSR1)
    ...     during = list(caught)
    >>> during, caught == [signal.SIGUSR1]
    ([], True)
    >>> with held((signal.SIGUSR1,), act=False):
    ...     os.kill(os.getpid(), signal.SIGUSR1)
    >>> caught == [signal.SIGUSR1]
    True
    >>> _ = signal.signal(signal.SIGUSR1, previous)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[signal.Signals, _Handler] = {}
    caught: list[tuple[signal.Signals, FrameType | None]] = []

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append((signal.Signals(signum), frame))

    try:
        for sig in signals:
            handler = signal.getsignal(sig)
            if handler != signal.SIG_IGN:
                previous[sig] = handler
                signal.signal(sig, note)
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if caught and act:
            sig, frame = caught[0]
            handler = previous[sig]
            if callable(handler):
                handler(sig, frame)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(sig)
