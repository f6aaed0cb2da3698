"""simulate() on its own process pool and the signals of the calling program: a stopping signal
that arrives while the pool does its own bookkeeping (forking the workers, queueing a chunk) is
passed to the program's handler only at the next safe point; if the handler raises, the workers
are stopped and awaited before the exception goes on.

An exception raised in the middle of the pool's bookkeeping (a worker half started, a chunk half
sent) would leave the pool in a state it cannot be stopped from cleanly. Here the signal is sent
from inside the pool's own steps: starting the first worker (the fork), or sending the second
chunk; and the test records whether the handler ran there or after.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any

import pytest

from tarotlib._pool import Pool
from tarotlib.simulation import simulate

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.mark.parametrize(
    ("step", "call"),
    [
        pytest.param("_start_worker", 1, id="forking", marks=pytest.mark.slow),
        pytest.param("_give", 2, id="queueing"),
    ],
)
def test_a_signal_during_the_pools_bookkeeping_waits_for_a_safe_point(
    monkeypatch: pytest.MonkeyPatch, step: str, call: int
) -> None:
    assert threading.current_thread() is threading.main_thread()
    events: list[str] = []
    calls: list[object] = []
    real_step = getattr(Pool, step)

    def patched(self: Pool[Any, Any], *args: Any) -> None:
        calls.append(args)
        if len(calls) == call:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # a handler called on arrival runs here
            events.append("inside the pool")
        real_step(self, *args)

    def handler(signum: int, frame: FrameType | None) -> None:
        events.append("handler")
        sys.exit(143)  # as a program's SIGTERM handler may do

    monkeypatch.setattr(Pool, step, patched)
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
    real_give = Pool._give

    def give(self: Pool[Any, Any], *args: Any) -> None:
        calls.append(args)
        if len(calls) == 2:  # sending the second chunk
            events.append("sent")
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)  # a handler called on arrival runs here
            events.append("inside the pool")
        real_give(self, *args)

    monkeypatch.setattr(Pool, "_give", give)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: events.append("handler"))
    try:
        summary = simulate("belote", 200, 1, workers=2, chunk_size=10)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert events == ["sent", "inside the pool", "handler"]
    assert summary == simulate("belote", 200, 1, chunk_size=10)
