"""tarotlib._pool.Pool: worker processes that run tasks one at a time and can always be stopped.

The pool replaced :class:`concurrent.futures.ProcessPoolExecutor` under ``simulate(workers=N)``
because a worker stopped at the wrong moment could leave the executor's shutdown waiting forever;
the stress test below stops pools at many moments (while tasks run, while results are sent, while
workers wait) and checks that every stop ends and leaves no process behind.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from tarotlib import _pool
from tarotlib._pool import Pool

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def square(x: int) -> int:
    return x * x


def fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError(f"no threes, got {x}")
    return x


def exit_on_two(x: int) -> int:
    if x == 2:
        os._exit(7)
    return x


def sleep_for(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def hold_a_file(path: str) -> str:
    """Write a file and remove it when unwound (as a chunk of records does); runs for a minute."""
    with open(path, "w") as out:
        out.write("partial")
    try:
        time.sleep(60)
    finally:
        os.remove(path)
    return path


def busy_work(n: int) -> list[int]:
    return [i * i for i in range(n)]


def test_results_come_in_task_order_and_done_in_finishing_order() -> None:
    finished: list[tuple[int, float]] = []
    with Pool(sleep_for, 2) as pool:
        out = pool.map([0.3, 0.0, 0.0], done=lambda i, r: finished.append((i, r)))
    assert out == [0.3, 0.0, 0.0]
    assert sorted(finished) == [(0, 0.3), (1, 0.0), (2, 0.0)]
    assert finished[-1] == (0, 0.3)  # the long task finishes last
    assert multiprocessing.active_children() == []


def test_a_pool_runs_more_tasks_than_workers_and_can_be_mapped_twice() -> None:
    with Pool(square, 2) as pool:
        assert pool.map(list(range(20))) == [i * i for i in range(20)]
        assert pool.map([5]) == [25]
        assert pool.map([]) == []
    assert multiprocessing.active_children() == []


def test_an_error_in_a_task_is_raised_with_the_workers_traceback() -> None:
    with pytest.raises(ValueError, match="no threes, got 3") as raised, Pool(fail_on_three, 2) as p:
        p.map([1, 2, 3, 4])
    notes = "".join(getattr(raised.value, "__notes__", []))
    assert "in worker process" in notes and "fail_on_three" in notes
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_breaks_the_pool_with_its_exit_code() -> None:
    broken = pytest.raises(BrokenProcessPool, match=r"ended unexpectedly \(exit code 7\)")
    with broken, Pool(exit_on_two, 2) as pool:
        pool.map([1, 2, 3])
    assert multiprocessing.active_children() == []


def test_workers_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="workers must be at least 1, got 0"):
        Pool(square, 0)


def test_stopping_unwinds_the_running_task_then_ends_the_worker(tmp_path: Path) -> None:
    path = tmp_path / "partial.txt"
    pool = Pool(hold_a_file, 1)
    with pool:
        worker = pool._processes[0]
        pool._give(0, str(path))
        deadline = time.monotonic() + 30
        while not path.exists():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        start = time.monotonic()
        pool.stop()
        stopped = time.monotonic() - start
    assert not path.exists()  # the task's finally ran in the worker
    assert worker.exitcode == 128 + signal.SIGTERM
    assert stopped < _pool.STOP_GRACE  # not killed after the grace period: it ended on SIGTERM


def test_leaving_on_an_exception_stops_the_workers_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt), Pool(sleep_for, 2) as pool:

        def check() -> None:
            if time.monotonic() - start > 0.3:
                raise KeyboardInterrupt

        pool.map([60.0, 60.0, 60.0], check=check)
    assert time.monotonic() - start < 30
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=pytest.mark.slow) for s in (1, 2))])
def test_a_pool_stopped_at_any_moment_always_ends(seed: int) -> None:
    """Stop pools of two workers after random delays, while they run short tasks with sizeable
    results: some stops come while a task runs, some while a result is sent, some between tasks.
    Every stop must end, leaving no process."""
    rng = random.Random(seed)
    for _ in range(15):
        delay = rng.uniform(0.0, 0.15)
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt), Pool(busy_work, 2) as pool:

            def check(delay: float = delay, start: float = start) -> None:
                if time.monotonic() - start > delay:
                    raise KeyboardInterrupt

            pool.map([rng.randrange(1_000, 40_000) for _ in range(400)], check=check)
        assert time.monotonic() - start < 2 * _pool.STOP_GRACE
        assert multiprocessing.active_children() == []
