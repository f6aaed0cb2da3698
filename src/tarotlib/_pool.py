"""Worker processes that can always be stopped: :class:`Pool`.

:class:`concurrent.futures.ProcessPoolExecutor` shares one queue of tasks and one queue of results
between its workers, fed and read by threads of the calling process; a worker stopped with a signal
while it holds one of those queues' locks, or while the pool's threads are mid-way through their
bookkeeping, can leave the pool's shutdown waiting forever (it happened, now and then, to a
``tarotlib simulate`` stopped with Ctrl-C). :class:`Pool` has none of that: each worker process has
its own pipe, is given one task at a time by the calling thread and sends its result back on that
pipe, so there is no lock to leave taken and nothing to wait for but the workers themselves, which
:meth:`Pool.stop` ends (SIGTERM, then SIGKILL after a grace period).

In a worker, Ctrl-C (SIGINT, which a terminal sends to the whole process group) is ignored: it is
the calling process's to handle. SIGTERM and SIGHUP (unless ignored, as under ``nohup``) stop the
worker: during a task they raise an exception in it, so that the task unwinds (a temporary file is
removed) before the process ends; between tasks the process ends at once. A worker whose calling
process has gone without stopping it (killed outright) stops itself the same way within
:data:`WATCH_INTERVAL` seconds. The exit status is 128 + the signal's number, as a shell reports a
process killed by it.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import FrameType, TracebackType
from typing import Final, Generic, TypeVar

from tarotlib._signals import STOPPING, Deferred

__all__ = ["POLL", "STOP_GRACE", "WATCH_INTERVAL", "Pool", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

#: How often (seconds) :meth:`Pool.map` calls its ``check`` while it waits for the workers.
POLL: Final = 0.1

#: How long (seconds) :meth:`Pool.stop` waits for a worker sent SIGTERM before it kills it.
STOP_GRACE: Final = 5.0

#: How often (seconds) a worker process checks that the process that started it is still there.
WATCH_INTERVAL: Final = 0.5


class Pool(Generic[T, R]):
    """``workers`` processes that each run ``fn`` on one task at a time (a context manager).

    On leaving normally the workers are told to end and awaited; on leaving with an exception
    (an error, Ctrl-C, an exit) they are stopped at once (:meth:`stop`). ``fn``, the tasks and the
    results must be picklable (a module-level function and plain data) where processes are
    spawned rather than forked.

    >>> with Pool(abs, 2) as pool:
    ...     pool.map([-3, 1, -2])
    [3, 1, 2]
    """

    def __init__(self, fn: Callable[[T], R], workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.fn = fn
        self.workers = workers
        self._processes: list[BaseProcess] = []
        self._pipes: list[Connection] = []

    def __enter__(self) -> Pool[T, R]:
        try:
            for _ in range(self.workers):
                self._start_worker()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc is None:
            self.close()
        else:
            self.stop()

    def _start_worker(self) -> None:
        """Start one worker process (a step :meth:`map`'s ``check`` is not called within)."""
        mine, theirs = multiprocessing.Pipe()
        process = multiprocessing.get_context().Process(
            target=_serve, args=(theirs, self.fn), name="tarotlib-worker", daemon=True
        )
        self._pipes.append(mine)
        self._processes.append(process)
        process.start()
        theirs.close()

    def _give(self, worker: int, task: T) -> None:
        """Send ``task`` to worker ``worker``."""
        try:
            self._pipes[worker].send(task)
        except OSError as exc:  # the worker has gone
            raise self._broken(worker) from exc

    def _broken(self, worker: int) -> BrokenProcessPool:
        process = self._processes[worker]
        process.join(1.0)
        return BrokenProcessPool(
            f"worker process {process.pid} ended unexpectedly (exit code {process.exitcode})"
        )

    def map(
        self,
        tasks: Sequence[T],
        done: Callable[[int, R], object] | None = None,
        check: Callable[[], None] | None = None,
    ) -> list[R]:
        """The results of ``fn`` on every task, in the tasks' order.

        ``done(i, result)`` is called as each task finishes (in the order they finish); ``check()``
        before each task is sent and at least every :data:`POLL` seconds while waiting, so that
        it may raise (to stop on a signal, see :class:`~tarotlib._signals.Deferred`). An error
        raised by ``fn`` in a worker is raised here, with the worker's traceback as a note; a worker
        that ends unexpectedly raises :class:`~concurrent.futures.process.BrokenProcessPool`.
        """
        results: dict[int, R] = {}
        waiting: Iterator[int] = iter(range(len(tasks)))
        busy: dict[int, int] = {}  # worker -> task

        def give(worker: int) -> None:
            for i in waiting:
                if check is not None:
                    check()
                self._give(worker, tasks[i])
                busy[worker] = i
                return

        for worker in range(len(self._processes)):
            give(worker)
        while busy:
            pipes: dict[object, int] = {self._pipes[w]: w for w in busy}
            sentinels: dict[object, int] = {self._processes[w].sentinel: w for w in busy}
            ready = multiprocessing.connection.wait(
                [*(self._pipes[w] for w in busy), *(self._processes[w].sentinel for w in busy)],
                timeout=POLL,
            )
            if check is not None:
                check()
            for obj in ready:
                if obj in pipes:
                    worker = pipes[obj]
                    try:
                        kind, value, remote = self._pipes[worker].recv()
                    except (EOFError, OSError) as exc:
                        raise self._broken(worker) from exc
                    if kind == "error":
                        assert isinstance(value, BaseException)
                        value.add_note(
                            f"in worker process {self._processes[worker].pid}:\n{remote}"
                        )
                        raise value
                    i = busy.pop(worker)
                    results[i] = value
                    if done is not None:
                        done(i, value)
                    give(worker)
            for obj in ready:
                if obj in sentinels:
                    worker = sentinels[obj]
                    if worker in busy and not self._pipes[worker].poll():
                        raise self._broken(worker)
        return [results[i] for i in range(len(tasks))]

    def close(self) -> None:
        """Tell the workers to end and wait for them (those that do not end in
        :data:`STOP_GRACE` seconds are stopped)."""
        for pipe in self._pipes:
            with contextlib.suppress(OSError):  # already gone
                pipe.send(None)
        deadline = time.monotonic() + STOP_GRACE
        for process in self._processes:
            process.join(max(0.0, deadline - time.monotonic()))
        self.stop()

    def stop(self) -> None:
        """Stop every worker now (SIGTERM: a task being run unwinds) and wait for them to end;
        one still there after :data:`STOP_GRACE` seconds is killed (SIGKILL)."""
        for process in self._processes:
            if process.is_alive():
                with contextlib.suppress(OSError):  # already gone
                    process.terminate()
        deadline = time.monotonic() + STOP_GRACE
        for process in self._processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in self._processes:
            if process.is_alive():
                process.kill()
                process.join()
        for pipe in self._pipes:
            pipe.close()
        self._processes.clear()
        self._pipes.clear()


# -- in a worker process ---------------------------------------------------------------------------
class _Stopped(BaseException):
    """Raised in a worker by SIGTERM or SIGHUP while it runs a task (:func:`_stop_signal`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_running = False  # in a worker process: whether it is running a task (see _stop_signal)


def _serve(pipe: Connection, fn: Callable[[object], object]) -> None:
    """A worker process: run ``fn`` on each task received on ``pipe`` and send back
    ``("result", value, "")`` or ``("error", exception, traceback)``, until told to end (``None``)
    or the pipe is closed."""
    global _running
    _worker_signals()
    while True:
        try:
            task = pipe.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            try:
                _running = True
                try:
                    message: tuple[str, object, str] = ("result", fn(task), "")
                finally:
                    _running = False
            except Exception as exc:
                message = ("error", exc, traceback.format_exc())
        except _Stopped as stop:  # the task has unwound
            os._exit(128 + stop.signum)
        try:
            pipe.send(message)
        except Exception as exc:  # the result or the error cannot be pickled
            error = RuntimeError(f"the worker could not send back its {message[0]}: {exc!r}")
            pipe.send(("error", error, traceback.format_exc()))


def _worker_signals() -> None:
    """Set up a worker's signals (see the module documentation)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in STOPPING:
        if sig != signal.SIGINT and signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, _stop_signal)
    if hasattr(signal, "pthread_kill") and signal.getsignal(signal.SIGTERM) == _stop_signal:
        main = threading.main_thread().ident
        assert main is not None
        watch = threading.Thread(
            target=_watch_parent, args=(os.getppid(), main), name="tarotlib-parent", daemon=True
        )
        watch.start()


def _stop_signal(signum: int, frame: FrameType | None) -> None:
    """A worker's handler of SIGTERM and SIGHUP: in a task, unwind it (:class:`_Stopped`); between
    tasks, end the process at once."""
    if _running:
        raise _Stopped(signum)
    os._exit(128 + signum)


def _watch_parent(parent: int, main: int) -> None:
    """In a worker process, a thread that sends SIGTERM to the worker's main thread once the
    process that started it has gone (the worker then has another parent)."""
    # This thread takes no signal: the stopping ones must reach the main thread, whose handler
    # interrupts what it waits on.
    signal.pthread_sigmask(signal.SIG_BLOCK, set(STOPPING))
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    signal.pthread_kill(main, signal.SIGTERM)


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    done: Callable[[int, R], object] | None = None,
) -> tuple[list[R], int | None]:
    """``fn`` run on every task, the results in the tasks' order, and the number of worker
    processes used (None on an executor): in this process (``workers`` None or 1, or a single
    task), on a :class:`Pool` of ``workers`` processes (never more than the tasks; Ctrl-C, SIGTERM
    and SIGHUP held back between two steps of the pool, the workers stopped and awaited on any
    exception), or on ``executor`` (every task submitted at once; on any exception the tasks not
    started are cancelled). ``done(i, result)`` is called in this process as each task ends.

    >>> run_tasks(abs, [-3, 1, -2])
    ([3, 1, 2], 1)
    """
    if executor is None and (workers is None or workers == 1 or len(tasks) <= 1):
        out: list[R] = []
        for i, task in enumerate(tasks):
            out.append(fn(task))
            if done is not None:
                done(i, out[-1])
        return out, 1
    if executor is None:
        assert workers is not None
        used = min(workers, len(tasks))
        with Deferred(STOPPING) as deferred, Pool(fn, used) as pool:
            deferred.check()
            return pool.map(tasks, done=done, check=deferred.check), used
    futures: dict[concurrent.futures.Future[R], int] = {}
    results: dict[int, R] = {}
    try:
        for i, task in enumerate(tasks):
            futures[executor.submit(fn, task)] = i
        for future in concurrent.futures.as_completed(list(futures)):
            i = futures[future]
            results[i] = result = future.result()
            if done is not None:
                done(i, result)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [results[i] for i in range(len(tasks))], None
