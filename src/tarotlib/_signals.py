"""The signals that stop a command, and acting on them only where it is safe.

:data:`STOPPING` are the signals that ask a process to stop: Ctrl-C (SIGINT), SIGTERM (a service
manager, ``kill``) and SIGHUP (the terminal closed), where the platform has them. The ``tarotlib``
command turns each into an exception (:mod:`tarotlib.cli`), so that what it is doing unwinds: a
temporary file is removed, worker processes are stopped, a match being played is saved.

An exception raised by a signal's handler can come between any two steps of the main thread,
including in the middle of code that takes a lock and counts on releasing it (a queue of
:mod:`concurrent.futures`, a condition): the lock is then never released, and the next thread to
take it waits forever. :class:`Deferred` keeps such code safe: while it is active, a stopping
signal is only noted, and it is acted on (its handler called, which may raise) where the code
says it is safe (:meth:`Deferred.check`) or on leaving. :func:`held` holds signals back over a
step that must not be cut short (the last save of a match). Only the main thread handles
signals, so elsewhere both do nothing.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType, TracebackType
from typing import Final

__all__ = ["STOPPING", "Deferred", "held", "name"]

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


class Deferred:
    """While active (a context manager), ``signals`` (default :data:`STOPPING`) are only noted;
    :meth:`check` acts on those that came, at a point the caller knows to be safe. On leaving,
    the previous handlers are put back and a signal still noted is acted on, unless an exception
    is already on its way out (then it is dropped: the code is stopping anyway) or ``act`` is
    false. A signal that is ignored is left ignored.

    Acting on a signal is what would have happened at its arrival: its Python handler is called
    (and may raise: KeyboardInterrupt for Ctrl-C with Python's default), or, for a signal whose
    action is the system's default, that action is taken (the handler is put back and the signal
    raised again).

    >>> import os
    >>> caught = []
    >>> previous = signal.signal(signal.SIGUSR1, lambda signum, frame: caught.append(signum))
    >>> with Deferred((signal.SIGUSR1,)) as deferred:
    ...     os.kill(os.getpid(), signal.SIGUSR1)
    ...     during = list(caught)
    ...     deferred.check()
    ...     checked = list(caught)
    >>> during, checked == [signal.SIGUSR1]
    ([], True)
    >>> _ = signal.signal(signal.SIGUSR1, previous)
    """

    def __init__(self, signals: tuple[signal.Signals, ...] = STOPPING, *, act: bool = True) -> None:
        self.signals = signals
        self.act = act
        self._previous: dict[signal.Signals, _Handler] = {}
        self._noted: list[tuple[signal.Signals, FrameType | None]] = []

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self._noted.append((signal.Signals(signum), frame))

    def __enter__(self) -> Deferred:
        if threading.current_thread() is threading.main_thread():
            for sig in self.signals:
                handler = signal.getsignal(sig)
                if handler != signal.SIG_IGN:
                    self._previous[sig] = handler
                    signal.signal(sig, self._note)
        return self

    @property
    def noted(self) -> bool:
        """Whether a signal came that has not been acted on yet."""
        return bool(self._noted)

    def check(self) -> None:
        """Act on the signals that came (each in turn, as on its arrival); see the class."""
        while self._noted:
            sig, frame = self._noted.pop(0)
            self._deliver(sig, frame)

    def _deliver(self, sig: signal.Signals, frame: FrameType | None) -> None:
        handler = self._previous[sig]
        if callable(handler):
            handler(sig, frame)
        elif handler == signal.SIG_DFL:
            signal.signal(sig, signal.SIG_DFL)
            signal.raise_signal(sig)
            signal.signal(sig, self._note)  # if the default action was to go on

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if self._noted and self.act and exc is None:
            sig, frame = self._noted[0]
            self._noted.clear()
            handler = self._previous[sig]
            if callable(handler):
                handler(sig, frame)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(sig)
        self._noted.clear()


@contextlib.contextmanager
def held(signals: tuple[signal.Signals, ...] = STOPPING, *, act: bool = True) -> Iterator[None]:
    """Hold ``signals`` back (default :data:`STOPPING`) while the block runs; on leaving, act on
    the first one that came (as :class:`Deferred` does), or drop it without ``act``.

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
    with Deferred(signals, act=act):
        yield
