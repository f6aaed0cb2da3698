"""Simulation at scale: play many deals between bots, in chunks, on one process, on a process pool
or on any :class:`concurrent.futures.Executor` (a cluster's too), with results that do not depend on
how the work was split.

Deal *k* (0, 1, …) is fully determined by the seed and *k*:

- it is dealt from ``derive_seed(seed, k)`` (:mod:`tarotlib.core.rng`), as a :class:`~tarotlib.match.Match`
  deals;
- its dealer is the *k*-th dealer of the variant's rotation from seat 0, as if no deal were thrown
  in (``rules.next_dealer(dealer, None)`` applied *k* times: ``k mod players`` for the usual
  rotation, ``-k mod players`` with French Tarot's ``dealer_rotation='against_play'``);
- seat *s* is played by a fresh bot built for that deal from the seed
  ``derive_seed(derive_seed(seed, -1 - s), k)``.

The deals are split into chunks of consecutive deals; each chunk returns exact partial counts and
sums (ints, or fractions when a score is not an integer), which are added up in deal order. So a run
gives the same :class:`~tarotlib.simulation.stats.SimulationSummary` (apart from its timing) whatever
the number of workers, the chunk size or the executor.

With ``records=DIR``, every deal's :class:`~tarotlib.records.GameRecord` is also written to DIR as
JSON lines, one file per chunk, and :func:`tarotlib.records.read_records` reads them back in deal
order; the files, too, are the same whatever the split (docs/simulation.md).

The package has one module per concern, each importing only those listed after it, and re-exports
their public names (``from tarotlib.simulation import simulate`` is the usual import):

- :mod:`tarotlib.simulation.run`: running a simulation, :func:`~tarotlib.simulation.run.simulate`
  (the bots, the chunks of deals and the workers that play them, Ctrl-C, the directory of records);
- :mod:`tarotlib.simulation.report`: the text of a summary,
  :func:`~tarotlib.simulation.report.format_summary`;
- :mod:`tarotlib.simulation.progress`: the terminal progress bar,
  :class:`~tarotlib.simulation.progress.ProgressBar`;
- :mod:`tarotlib.simulation.stats`: the statistics,
  :class:`~tarotlib.simulation.stats.SimulationSummary` and the exact sums it is made of.

>>> from tarotlib.simulation import simulate
>>> summary = simulate("belote", deals=40, seed=7)
>>> summary.deals, summary.players, summary.bots
(40, 4, ('random', 'random', 'random', 'random'))
>>> summary == simulate("belote", deals=40, seed=7, chunk_size=3)
True
"""

from tarotlib.simulation.progress import ProgressBar
from tarotlib.simulation.report import count_of, format_summary
from tarotlib.simulation.run import BOT_NAMES, BotSpec, SimulationError, simulate
from tarotlib.simulation.stats import SimulationSummary

__all__ = [
    "BOT_NAMES",
    "BotSpec",
    "ProgressBar",
    "SimulationError",
    "SimulationSummary",
    "count_of",
    "format_summary",
    "simulate",
]
