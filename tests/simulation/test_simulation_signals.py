"""simulate() on its own process pool and the signals of the calling program: a stopping signal
that arrives while the pool does its own bookkeeping (forking the workers, queueing a chunk) is
passed to the program's handler only at the next safe point; if the handler raises, the workers
are stopped and awaited before the exception goes on.

An exception raised in the middle of the pool's bookkeeping can leave one of its locks taken, and
the pool's shutdown then waits forever (it happened under load to ``tarotlib simulate`` sent
SIGTERM while it queued chunks). Here the signal is sent from inside the pool's ``submit``: the
first call, which forks the workers, or a later one, which queues a chunk; and the test records
whether the handler ran there or after.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from tarotlib.simulation import simulate

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.mark.parametrize("call", [1, 3], ids=["forking", "queueing"])
def test_a_signal_during_the_pools_bookkeeping_waits_for_a_safe_point(
    monkeypatch: pytest.MonkeyPatch, call: int
) -> None:
    assert threading.current_thread() is threading.main_thread()
    events: list[str] = []
    calls: list[object] = []
    real_submit = concurrent.futures.ProcessPoolExecutor.submit

    def submit(
        self: concurrent.futures.ProcessPoolExecutor, fn: Callable[..., Any], /, *args: Any
    ) -> concurrent.futures.Future[Any]:
        calls.append(fn)
        if len(calls) == call:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # a handler called on arrival runs here
            events.append("inside the pool")
        return real_submit(self, fn, *args)

    def handler(signum: int, frame: FrameType | None) -> None:
        events.append("handler")
        sys.exit(143)  # as a program's SIGTERM handler may do

    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "submit", submit)
    previous = signal.signal(signal.SIGTERM, handler)
    try:
        with pytest.raises(SystemExit) as raised:
            simulate("belote", 100_000, 1, workers=2, chunk_size=10)
        assert signal.getsignal(signal.SIGTERM) is handler  # the program's handler is back
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert raised.value.code == 143
    assert events == ["inside the pool", "handler"]
    assert multiprocessing.active_children() == []  # the workers were stopped and awaited


def test_a_handler_that_does_not_raise_lets_the_run_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal is passed on, not turned into a stop: a handler that only notes it leaves the
    run to finish, with the same summary."""
    events: list[str] = []
    calls: list[object] = []
    real_submit = concurrent.futures.ProcessPoolExecutor.submit

    def submit(
        self: concurrent.futures.ProcessPoolExecutor, fn: Callable[..., Any], /, *args: Any
    ) -> concurrent.futures.Future[Any]:
        calls.append(fn)
        if len(calls) == 3:  # queueing the second chunk
            events.append("sent")
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # a handler called on arrival runs here
            events.append("inside the pool")
        return real_submit(self, fn, *args)

    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "submit", submit)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: events.append("handler"))
    try:
        summary = simulate("belote", 200, 1, workers=2, chunk_size=10)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert events == ["sent", "inside the pool", "handler"]
    assert summary == simulate("belote", 200, 1, chunk_size=10)
