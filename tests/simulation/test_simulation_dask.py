"""``simulate`` and the arena on a real Dask cluster: a ``distributed.LocalCluster`` of two worker
processes, driven through ``Client.get_executor()``, gives the summary and the records of the run
(and the arena's matches) of this process (skipped when Dask's ``distributed`` is not installed:
``pip install 'tarotlib[dist]'``).

The cluster listens on free ports of the loopback address only, is started once for the module
and closed at its end, and the test checks that it leaves no process behind. Every wait is bounded,
so a cluster that cannot start or does not answer fails the test instead of hanging the run.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tarotlib.records import read_records
from tarotlib.simulation import SimulationSummary, simulate

# Imported through pytest so that the module is skipped, and type-checks, without them.
distributed: Any = pytest.importorskip("distributed")
psutil: Any = pytest.importorskip("psutil")  # installed with distributed

T = TypeVar("T")

#: The longest any one step may take: starting the cluster, a run on it, closing it.
TIMEOUT = 120.0


def bounded(call: Callable[[], T]) -> T:
    """``call()``, failing the test if it takes longer than :data:`TIMEOUT` seconds (it runs in a
    daemon thread, which neither the test nor the interpreter's exit then waits for)."""
    outcome: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:
            error.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    if thread.is_alive():
        pytest.fail(f"no answer from the Dask cluster in {TIMEOUT:.0f} s")
    if error:
        raise error[0]
    return outcome[0]


def children() -> set[int]:
    """This process's descendants, less multiprocessing's resource tracker: the standard library
    starts one per process when it first spawns a process, and it ends with this process."""
    pids = set()
    for child in psutil.Process().children(recursive=True):
        try:
            if "multiprocessing.resource_tracker" not in " ".join(child.cmdline()):
                pids.add(child.pid)
        except psutil.NoSuchProcess:  # already gone
            pass
    return pids


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a local cluster of two single-threaded worker processes."""
    before = children()
    cluster = bounded(
        lambda: distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # its HTTP server on a free loopback port
            silence_logs=logging.ERROR,
        )
    )
    try:
        with distributed.Client(cluster, timeout=f"{TIMEOUT:.0f}s") as dask_client:
            bounded(lambda: dask_client.wait_for_workers(2, timeout=TIMEOUT))
            yield dask_client
    finally:
        bounded(lambda: cluster.close(timeout=TIMEOUT))
    # The worker processes (and their nannies) are gone: none left behind.
    deadline = time.monotonic() + 30
    while children() - before and time.monotonic() < deadline:
        time.sleep(0.1)
    left = children() - before
    assert not left, f"processes left behind by the cluster: {sorted(left)}"


def run_on(client: Any, **kwargs: Any) -> SimulationSummary:
    executor = client.get_executor()
    return bounded(lambda: simulate(executor=executor, **kwargs))


def jsonl_bytes(directory: Path) -> bytes:
    names = sorted(n for n in os.listdir(directory) if n.endswith(".jsonl"))
    return b"".join((directory / n).read_bytes() for n in names)


@pytest.mark.parametrize(
    ("name", "options", "bots"),
    [
        (
            "french-tarot",
            {"players": 5, "preset": "bga"},
            ("heuristic", "random") * 2 + ("random",),
        ),
        ("belote", {}, "random"),
    ],
    ids=["french-tarot-5-bga", "belote"],
)
def test_a_dask_cluster_gives_the_summary_of_this_process(
    client: Any, name: str, options: dict[str, object], bots: object
) -> None:
    arguments: dict[str, Any] = {
        "rules_or_name": name,
        "deals": 60,
        "seed": 11,
        "options": options,
        "bots": bots,
    }
    here = simulate(**arguments)
    started = time.perf_counter()
    there = run_on(client, chunk_size=7, **arguments)
    assert there == here
    assert there.to_json()["total_scores"] == here.to_json()["total_scores"]
    assert there.workers is None and here.workers == 1
    assert time.perf_counter() - started < TIMEOUT


def test_a_dask_cluster_writes_the_records_of_this_process(client: Any, tmp_path: Path) -> None:
    arguments: dict[str, Any] = {"rules_or_name": "belote", "deals": 45, "seed": 3}
    here = simulate(records=tmp_path / "here", **arguments)
    there = run_on(client, records=tmp_path / "there", chunk_size=4, **arguments)
    assert there == here
    # the worker processes wrote one file per chunk of 4 deals, and no temporary file is left
    names = sorted(os.listdir(tmp_path / "there"))
    assert len(names) == 13 and names[0] == "deals-000000000-000000003.jsonl"
    assert names[-2:] == ["deals-000000044-000000044.jsonl", "run.json"]
    assert jsonl_bytes(tmp_path / "there") == jsonl_bytes(tmp_path / "here")
    assert (tmp_path / "there" / "run.json").read_bytes() == (
        tmp_path / "here" / "run.json"
    ).read_bytes()
    states = list(read_records(tmp_path / "there", replay=True))
    totals = [sum(s.result.scores[seat] for s in states) for seat in range(4)]
    assert list(there.total_scores) == totals


def test_the_workers_are_other_processes(client: Any) -> None:
    # What the tests above rely on: the chunks ran (and wrote their files) in other processes.
    pids = bounded(lambda: client.run(os.getpid))
    assert len(pids) == 2 and os.getpid() not in pids.values()


def test_a_dask_cluster_plays_the_arena_of_this_process(client: Any) -> None:
    """The arena's boards, sent to the cluster in chunks, give the match this process plays."""
    from tarotlib.arena import duplicate, tournament

    here = duplicate("belote", ("heuristic", "random"), boards=12, seed=8)
    executor = client.get_executor()
    there = bounded(
        lambda: duplicate(
            "belote", ("heuristic", "random"), boards=12, seed=8, executor=executor, chunk_size=5
        )
    )
    assert there == here
    ladder = bounded(
        lambda: tournament(
            "french-tarot",
            ("heuristic", "random", "easy"),
            boards=6,
            seed=3,
            options={"players": 3},
            executor=executor,
            bootstrap=20,
        )
    )
    assert ladder == tournament(
        "french-tarot", ("heuristic", "random", "easy"), boards=6, seed=3, options={"players": 3},
        bootstrap=20,
    )  # fmt: skip
