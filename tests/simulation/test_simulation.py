"""tarotlib.simulation: chunked, parallel simulation whose results do not depend on the split."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import pickle
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

import pytest

import tarotlib
from tarotlib.bots import RandomBot
from tarotlib.cli import main
from tarotlib.core.actions import Action
from tarotlib.core.rng import derive_seed
from tarotlib.deal import DealState, Game
from tarotlib.simulation import (
    BOT_NAMES,
    ProgressBar,
    SimulationError,
    SimulationSummary,
    format_summary,
    simulate,
)

P = ParamSpec("P")
T = TypeVar("T")

# The keys of the single-process ``tarotlib simulate --json`` summary, in order.
CLI_KEYS = [
    "variant",
    "players",
    "options",
    "non_default_options",
    "seed",
    "deals",
    "scored",
    "annulled",
    "contracts",
    "contract_deals",
    "success_rate",
    "total_scores",
    "mean_scores",
    "seconds",
    "deals_per_second",
]
TIMING = ("seconds", "deals_per_second", "workers")

CASES: list[tuple[str, dict[str, object]]] = [
    ("french-tarot", {"players": 3}),
    ("french-tarot", {"players": 4}),
    ("french-tarot", {"players": 5, "preset": "bga"}),  # dealer_rotation='against_play'
    ("belote", {}),
    ("belote", {"preset": "classic"}),
    ("belote", {"preset": "bga"}),
]
CASE_IDS = [
    f"{name}-{'-'.join(str(v) for v in opts.values()) or 'default'}" for name, opts in CASES
]


class FirstLegalBot:
    """A deterministic bot (module level, so process pools can pickle it): the first legal
    action."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: DealState) -> Action:
        return state.legal_actions()[0]


class NoSeedBot:
    """A bot factory that takes no seed."""

    def choose(self, state: DealState) -> Action:
        return state.legal_actions()[-1]


class KeywordSeedBot:
    """A factory whose seed is keyword-only: a random bot under another name."""

    def __init__(self, *, seed: int) -> None:
        self.bot = RandomBot(seed)

    def choose(self, state: DealState) -> Action:
        return self.bot.choose(state)


def results(summary: SimulationSummary) -> dict[str, object]:
    """The JSON summary without its timing (what must not depend on the split)."""
    return {k: v for k, v in summary.to_json().items() if k not in TIMING}


# -- the documented scheme, written out plainly ----------------------------------------------------
def dealer_of(rules: Game, k: int) -> int:
    against = rules.options_dict().get("dealer_rotation") == "against_play"
    return (-k if against else k) % rules.players


def naive(
    rules: Game, deals: int, seed: int, factories: list[Callable[[int], Any]]
) -> tuple[list[Any], list[tuple[float, ...]]]:
    """Every deal played one after the other as the module documentation says."""
    out = []
    for k in range(deals):
        state = rules.new_deal(seed=derive_seed(seed, k), dealer=dealer_of(rules, k))
        bots = [f(derive_seed(derive_seed(seed, -1 - s), k)) for s, f in enumerate(factories)]
        while not state.is_over:
            to_act = state.to_act
            assert to_act is not None
            state = state.apply(bots[to_act].choose(state))
        out.append(state.result)
    return out, [r.scores for r in out]


@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_the_summary_follows_the_documented_scheme(name: str, options: dict[str, object]) -> None:
    rules = tarotlib.variant(name, **options)
    deals, seed = 40, 12
    summary = simulate(name, deals, seed, options=options)
    played, scores = naive(rules, deals, seed, [RandomBot] * rules.players)
    totals: list[float] = [0] * rules.players  # summed in deal order, as the CLI always did
    for row in scores:
        for seat, score in enumerate(row):
            totals[seat] += score
    assert list(summary.total_scores) == totals
    assert [type(t) for t in summary.total_scores] == [type(t) for t in totals]
    assert list(summary.mean_scores) == [t / deals for t in totals]
    annulled = Counter(r.annulled.split(" (seat")[0] for r in played if r.annulled is not None)
    assert summary.annulled == sum(annulled.values())
    assert summary.annulled_reasons == dict(sorted(annulled.items()))
    scored = [r for r in played if r.annulled is None]
    assert summary.scored == len(scored) == deals - summary.annulled
    by_contract = Counter(r.contract for r in scored if r.contract is not None)
    assert {c: v["deals"] for c, v in summary.contracts.items()} == dict(by_contract)
    for contract, stats in summary.contracts.items():
        judged = [r.made for r in scored if r.contract == contract and r.made is not None]
        assert stats["made"] == sum(judged)
        assert stats["share"] == by_contract[contract] / deals
        assert stats["success_rate"] == (sum(judged) / len(judged) if judged else None)
    judged_all = [r.made for r in scored if r.made is not None]
    assert summary.contract_deals == len(judged_all)
    assert summary.success_rate == (sum(judged_all) / len(judged_all) if judged_all else None)
    assert summary.options == dict(rules.options_dict())
    assert summary.bots == ("random",) * rules.players


# -- identical whatever the split ------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CASES, ids=CASE_IDS)
def test_results_do_not_depend_on_workers_chunks_or_executor(
    name: str, options: dict[str, object]
) -> None:
    deals, seed = 30, 2024
    reference = simulate(name, deals, seed, options=options)
    runs = [simulate(name, deals, seed, options=options, chunk_size=size) for size in (1, 7, 50)]
    runs.append(simulate(name, deals, seed, options=options, workers=1, chunk_size=4))
    with ThreadPoolExecutor(3) as pool:
        runs.append(simulate(name, deals, seed, options=options, executor=pool, chunk_size=2))
    for run in runs:
        assert run == reference
        assert results(run) == results(reference)
    assert reference.workers == 1 and runs[-1].workers is None


@pytest.mark.parametrize(
    ("name", "options"),
    [CASES[0], CASES[2], CASES[3]],
    ids=[CASE_IDS[0], CASE_IDS[2], CASE_IDS[3]],
)
def test_results_are_the_same_on_process_pools(name: str, options: dict[str, object]) -> None:
    deals, seed = 16, 99
    reference = simulate(name, deals, seed, options=options)
    two = simulate(name, deals, seed, options=options, workers=2, chunk_size=3)
    assert two == reference and two.workers == 2
    with ProcessPoolExecutor(2) as pool:
        own = simulate(name, deals, seed, options=options, executor=pool, chunk_size=5)
    assert own == reference and own.workers is None
    assert results(two) == results(own) == results(reference)


def test_mixed_bots_are_the_same_on_a_process_pool() -> None:
    bots = ("random", FirstLegalBot, "random", FirstLegalBot)
    reference = simulate("belote", 12, 5, bots=bots)
    assert simulate("belote", 12, 5, bots=bots, workers=2, chunk_size=1) == reference


def test_the_seed_and_the_bots_change_the_results() -> None:
    a = simulate("french-tarot", 20, 1)
    assert simulate("french-tarot", 20, 2) != a
    assert simulate("french-tarot", 20, 1, bots=FirstLegalBot) != a
    by_class = simulate("french-tarot", 20, 1, bots=RandomBot)  # the same bot, by class
    assert by_class.bots == ("RandomBot",) * 4 and a.bots == ("random",) * 4
    assert (by_class.total_scores, by_class.contracts) == (a.total_scores, a.contracts)


def test_equality_leaves_out_timing_and_workers() -> None:
    a = simulate("belote", 5, 3)
    b = simulate("belote", 5, 3, workers=2, chunk_size=1)
    assert a == b
    assert a.workers == 1 and b.workers == 2
    assert a.seconds > 0 and isinstance(a.deals_per_second, float)


# -- the summary -----------------------------------------------------------------------------------
def test_the_json_summary_has_the_command_line_keys() -> None:
    summary = simulate("french-tarot", 10, 7, options={"players": 4})
    data = summary.to_json()
    keys = list(data)
    assert [k for k in keys if k in CLI_KEYS] == CLI_KEYS
    assert set(keys) - set(CLI_KEYS) == {"bots", "bot_scores", "bot_comparisons", "workers"}
    assert json.loads(json.dumps(data)) == data
    assert data["non_default_options"] == {}
    assert data["annulled"] == {"total": summary.annulled, "reasons": summary.annulled_reasons}
    totals = data["total_scores"]
    assert isinstance(totals, list) and sum(totals) == 0 and all(type(t) is int for t in totals)


def test_non_default_options_and_a_rules_object() -> None:
    rules = tarotlib.variant("french-tarot", players=3, preset="bga", grash=True)
    by_rules = simulate(rules, 8, 4)
    by_name = simulate("french-tarot", 8, 4, options={"players": 3, "preset": "bga", "grash": True})
    assert by_rules == by_name
    assert by_rules.non_default_options["grash"] is True
    assert by_rules.non_default_options["dealer_rotation"] == "against_play"
    assert "players" not in by_rules.non_default_options


def test_a_random_seed_is_drawn_and_recorded() -> None:
    summary = simulate("belote", 2, None)
    assert isinstance(summary.seed, int)
    assert simulate("belote", 2, summary.seed) == summary


def test_per_bot_scores_and_comparison() -> None:
    rules = tarotlib.variant("french-tarot", players=4)
    deals, seed = 60, 3
    factories: list[Callable[[int], Any]] = [FirstLegalBot, RandomBot, RandomBot, FirstLegalBot]
    summary = simulate(rules, deals, seed, bots=factories, chunk_size=7)
    _, scores = naive(rules, deals, seed, factories)
    first = [(row[0] + row[3]) / 2 for row in scores]
    rand = [(row[1] + row[2]) / 2 for row in scores]
    diff = [a - b for a, b in zip(first, rand, strict=True)]
    assert summary.bots == ("FirstLegalBot", "RandomBot", "RandomBot", "FirstLegalBot")
    assert list(summary.bot_scores) == ["FirstLegalBot", "RandomBot"]
    assert summary.bot_scores["FirstLegalBot"]["seats"] == [0, 3]
    for name, values in (("FirstLegalBot", first), ("RandomBot", rand)):
        stats = summary.bot_scores[name]
        assert stats["mean"] == pytest.approx(statistics.fmean(values))
        error = statistics.stdev(values) / math.sqrt(deals)
        assert stats["standard_error"] == pytest.approx(error)
    (comparison,) = summary.bot_comparisons
    assert comparison["bot"] == "FirstLegalBot" and comparison["versus"] == "RandomBot"
    assert comparison["mean_difference"] == pytest.approx(statistics.fmean(diff))
    error = statistics.stdev(diff) / math.sqrt(deals)
    assert comparison["standard_error"] == pytest.approx(error)
    assert summary.mean_scores == tuple(sum(col) / deals for col in zip(*scores, strict=True))


def test_a_single_deal_has_no_standard_error() -> None:
    summary = simulate("belote", 1, 3, bots="random,random,random,random")
    assert summary.bot_scores["random"]["standard_error"] is None
    assert summary.bot_comparisons == ()


def test_bot_specs() -> None:
    names = simulate("belote", 3, 1, bots=" Random , random,RANDOM,random").bots
    assert names == ("random",) * 4
    assert simulate("belote", 3, 1, bots=["random"]) == simulate("belote", 3, 1)
    summary = simulate("french-tarot", 3, 1, options={"players": 3}, bots=NoSeedBot)
    assert summary.bots == ("NoSeedBot",) * 3
    by_keyword = simulate("belote", 10, 1, bots=KeywordSeedBot)  # given seed=...
    assert by_keyword.total_scores == simulate("belote", 10, 1).total_scores


def test_the_heuristic_bot_is_used_by_name_when_available() -> None:
    if not hasattr(tarotlib.bots, "HeuristicBot"):
        with pytest.raises(SimulationError, match=r"needs tarotlib\.bots\.HeuristicBot"):
            simulate("belote", 2, 1, bots="heuristic")
        return
    bots = ("heuristic", "random", "heuristic", "random")
    summary = simulate("belote", 6, 1, bots=bots)
    assert summary.bots == bots
    assert simulate("belote", 6, 1, bots=bots, chunk_size=1) == summary


def test_a_registered_bot_that_cannot_be_imported_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(BOT_NAMES, "heuristic", "tarotlib.bots.NoSuchBot")
    with pytest.raises(SimulationError, match=r"bot 'heuristic' needs tarotlib\.bots\.NoSuchBot"):
        simulate("belote", 2, 1, bots="heuristic")


# -- text ------------------------------------------------------------------------------------------
def test_format_summary_for_random_bots() -> None:
    summary = simulate("french-tarot", 20, 1, options={"players": 5})
    text = format_summary(summary)
    lines = text.splitlines()
    assert lines[0] == "french-tarot, 5 players, random bots"
    assert lines[1:3] == ["options: all defaults", "seed: 1"]
    assert lines[3].startswith("deals played: 20 (")
    assert "contracts:" in lines
    assert lines[-2].startswith("mean score per seat: seat 0 ") and "seat 4 " in lines[-2]
    assert lines[-1].startswith("speed: ") and lines[-1].endswith(" s wall time)")
    assert format_summary(summary.to_json()) == text
    parallel = simulate("french-tarot", 20, 1, options={"players": 5}, workers=2)
    assert format_summary(parallel).splitlines()[-1].endswith(" s wall time, 2 workers)")
    assert format_summary(parallel).splitlines()[:-1] == lines[:-1]


def test_format_summary_for_mixed_bots() -> None:
    summary = simulate("belote", 30, 1, bots=("random", FirstLegalBot, "random", FirstLegalBot))
    lines = format_summary(summary).splitlines()
    assert lines[0] == "belote, 4 players, bots: random, FirstLegalBot, random, FirstLegalBot"
    assert lines[-3].startswith("mean score per deal by bot (± standard error): random ")
    assert ", FirstLegalBot " in lines[-3] and " ± " in lines[-3]
    assert lines[-2].startswith("random vs FirstLegalBot: ")
    assert lines[-2].endswith(" points per deal")


# -- progress --------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["in-process", "threads", "processes"])
def test_progress_is_reported_with_increasing_counts(mode: str) -> None:
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    kwargs: dict[str, Any] = {"chunk_size": 3, "progress": progress}
    if mode == "processes":
        kwargs["workers"] = 2
    if mode == "threads":
        with ThreadPoolExecutor(2) as pool:
            simulate("belote", 10, 1, executor=pool, **kwargs)
    else:
        simulate("belote", 10, 1, **kwargs)
    counts = [done for done, _ in seen]
    assert {total for _, total in seen} == {10}
    assert counts[0] == 0 and counts[-1] == 10
    assert all(a < b for a, b in itertools.pairwise(counts))
    assert len(counts) == 1 + 4  # chunks of 3, 3, 3 and 1 deals
    assert set(b - a for a, b in itertools.pairwise(counts)) <= {1, 3}


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_bar_draws_nothing_when_not_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream)
    for done in (0, 5, 10):
        bar(done, 10)
    bar.close()
    assert stream.getvalue() == ""
    simulate("belote", 5, 1, progress=ProgressBar(stream))
    assert stream.getvalue() == ""


def test_the_progress_bar_on_a_terminal() -> None:
    stream, clock = FakeTTY(), FakeClock()
    bar = ProgressBar(stream, width=10, interval=0.5, clock=clock)
    bar(0, 2000)
    assert stream.getvalue() == "\r[..........] 0/2,000 deals"
    clock.now += 0.4
    bar(100, 2000)  # within the interval: not redrawn
    assert stream.getvalue().count("\r") == 1
    clock.now += 0.1
    bar(500, 2000)
    assert stream.getvalue().endswith("\r[##........] 500/2,000 deals  1,000 deals/s")
    clock.now += 1.5
    bar(2000, 2000)  # the end is always drawn, then the line ends
    assert stream.getvalue().endswith("\r[##########] 2,000/2,000 deals  1,000 deals/s\n")
    bar.close()
    assert stream.getvalue().count("\n") == 1


def test_an_interrupted_progress_bar_ends_its_line() -> None:
    stream = FakeTTY()
    with pytest.raises(KeyboardInterrupt), ProgressBar(stream, width=4, clock=FakeClock()) as bar:
        bar(1, 4)
        raise KeyboardInterrupt
    assert stream.getvalue() == "\r[#...] 1/4 deals\n"


def test_simulate_drives_the_progress_bar() -> None:
    stream, clock = FakeTTY(), FakeClock()

    def ticking() -> float:  # a second passes between two readings: no real time is measured
        clock.now += 1.0
        return clock.now

    with ProgressBar(stream, width=20, interval=0, clock=ticking) as bar:
        simulate("belote", 20, 1, chunk_size=5, progress=bar)
    text = stream.getvalue()
    assert text.count("\r") == 5 and text.count("\n") == 1
    assert text.endswith("\r[####################] 20/20 deals  4 deals/s\n")


# -- executors -------------------------------------------------------------------------------------
class RecordingExecutor(Executor):
    """Runs each submission at once in this thread, after checking that it pickles."""

    def __init__(self) -> None:
        self.submitted: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        assert not kwargs
        call, arguments = pickle.loads(pickle.dumps((fn, args)))
        self.submitted.append((call, arguments))
        future: Future[T] = Future()
        future.set_result(call(*arguments))
        return future


def test_a_given_executor_is_used_and_not_shut_down() -> None:
    executor = RecordingExecutor()
    summary = simulate("french-tarot", 25, 8, bots=FirstLegalBot, executor=executor, chunk_size=10)
    assert len(executor.submitted) == 3  # 10 + 10 + 5 deals, sent as picklable chunks
    assert summary == simulate("french-tarot", 25, 8, bots=FirstLegalBot)
    assert summary.workers is None
    executor.submit(int, "4")  # still usable


class FailingBot:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, state: DealState) -> Action:
        raise RuntimeError("bot crashed")


def test_an_error_in_a_chunk_propagates() -> None:
    with ThreadPoolExecutor(2) as pool, pytest.raises(RuntimeError, match="bot crashed"):
        simulate("belote", 10, 1, bots=FailingBot, executor=pool, chunk_size=1)
    with pytest.raises(RuntimeError, match="bot crashed"):
        simulate("belote", 4, 1, bots=FailingBot, workers=2)


# -- bad arguments ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": 0}, "deals must be at least 1, got 0"),
        ({"deals": -5}, "deals must be at least 1, got -5"),
        ({"deals": "10"}, "deals must be an int, got '10'"),
        ({"workers": 0}, "workers must be at least 1, got 0"),
        ({"chunk_size": 0}, "chunk_size must be at least 1, got 0"),
        ({"seed": 1.5}, "seed must be an int, got 1.5"),
        (
            {"bots": "robot"},
            "unknown bot 'robot'; known bots: random, heuristic, search, easy, medium, strong",
        ),
        ({"bots": ["random", "random"]}, r"one bot per seat \(4\), got 2"),
        ({"bots": [3]}, "a bot must be a name"),
        ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "either workers or an executor"),
        ({"executor": object()}, "must be a concurrent.futures.Executor"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"deals": 5, "seed": 1, **kwargs}
    with pytest.raises(SimulationError, match=message) as info:
        simulate("belote", **arguments)
    assert isinstance(info.value, ValueError) and isinstance(info.value, tarotlib.TarotError)
    if isinstance(kwargs.get("executor"), Executor):
        kwargs["executor"].shutdown()


def test_bad_variant_arguments() -> None:
    with pytest.raises(tarotlib.UnknownVariantError):
        simulate("tarock", 5, 1)
    with pytest.raises(tarotlib.OptionError):
        simulate("french-tarot", 5, 1, options={"players": 6})
    rules = tarotlib.variant("belote")
    with pytest.raises(SimulationError, match="options go with a variant name"):
        simulate(rules, 5, 1, options={"preset": "bga"})


class Stop(Exception):
    pass


@pytest.mark.parametrize(
    ("deals", "size"), [(5, 10), (23, 10), (1000, 10), (2500, 25), (100_000, 500)]
)
def test_default_chunks(deals: int, size: int) -> None:
    # About a hundredth of the run, from 10 to 500 deals: seen through the progress callback (which
    # stops long runs once 500 deals are played).
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 500:
            raise Stop

    with contextlib.suppress(Stop):
        simulate("belote", deals, 1, progress=progress)
    expected = [0, *(min(k + size, deals) for k in range(0, deals, size))]
    assert seen == expected[: len(seen)]
    assert seen[-1] == min(deals, 500)


def test_workers_are_never_more_than_the_chunks_of_deals() -> None:
    # 3 deals make one chunk: the run stays in this process whatever the workers asked for.
    assert simulate("belote", 3, 1, workers=100_000).workers == 1
    # 40 deals in chunks of 10: at most 4 processes, and the same summary as in one process.
    four = simulate("belote", 40, 1, workers=16, chunk_size=10)
    assert four.workers == 4
    assert four == simulate("belote", 40, 1)


def test_the_command_line_refuses_a_bad_workers_count(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("0", "-2", "many"):
        assert main(["simulate", "belote", "--deals", "3", "--workers", bad]) == 2
        err = capsys.readouterr().err
        assert "must be a positive number of processes or 'auto'" in err, err
    assert main(["simulate", "belote", "--deals", "3", "--workers", "auto", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workers"] == 1
