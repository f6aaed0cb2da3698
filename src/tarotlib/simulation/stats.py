"""The statistics of a simulation: the exact counts and sums of a chunk of deals (ints, or
fractions when a score is not an integer), added up in deal order, and the
:class:`SimulationSummary` made of them, with its means and their standard errors.

>>> from tarotlib.simulation import simulate
>>> from tarotlib.simulation.stats import SimulationSummary
>>> summary = simulate("belote", deals=20, seed=2)
>>> isinstance(summary, SimulationSummary), summary.scored + summary.annulled
(True, 20)
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeAlias

import attrs

from tarotlib.core.results import DealResult
from tarotlib.deal import Game
from tarotlib.errors import TarotError, UnknownVariantError
from tarotlib.registry import variant, variant_info

__all__ = ["SimulationSummary"]

_Exact: TypeAlias = "int | Fraction"


# -- the sums of a chunk of deals ------------------------------------------------------------------
@attrs.frozen
class _Partial:
    """Exact counts and sums over a chunk of deals; :meth:`merge` adds two of them."""

    deals: int
    annulled: Counter[str]
    contracts: dict[str, tuple[int, int, int]]  # contract -> (deals, judged, made)
    judged: int
    made: int
    totals: tuple[_Exact, ...]  # per seat
    float_scores: bool
    groups: tuple[tuple[_Exact, _Exact], ...]  # per bot name: sum of g, sum of g² (g: seats' sum)
    pairs: tuple[tuple[_Exact, _Exact], ...]  # per pair of bot names: sum of D, sum of D²

    def merge(self, other: _Partial) -> _Partial:
        contracts = dict(self.contracts)
        for name, counts in other.contracts.items():
            mine = contracts.get(name, (0, 0, 0))
            contracts[name] = (mine[0] + counts[0], mine[1] + counts[1], mine[2] + counts[2])
        return _Partial(
            self.deals + other.deals,
            self.annulled + other.annulled,
            contracts,
            self.judged + other.judged,
            self.made + other.made,
            tuple(a + b for a, b in zip(self.totals, other.totals, strict=True)),
            self.float_scores or other.float_scores,
            _add_pairs(self.groups, other.groups),
            _add_pairs(self.pairs, other.pairs),
        )


def _add_pairs(
    a: tuple[tuple[_Exact, _Exact], ...], b: tuple[tuple[_Exact, _Exact], ...]
) -> tuple[tuple[_Exact, _Exact], ...]:
    return tuple((x[0] + y[0], x[1] + y[1]) for x, y in zip(a, b, strict=True))


def _groups(names: Sequence[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The distinct bot names in order of first seat, each with its seats."""
    order = list(dict.fromkeys(names))
    return tuple((n, tuple(s for s, m in enumerate(names) if m == n)) for n in order)


def _exact(x: float) -> _Exact:
    return x if isinstance(x, int) else Fraction(x)


def _reason_kind(reason: str) -> str:
    """An annulment reason without its seat (``petit sec (seat 2)`` → ``petit sec``)."""
    return re.sub(r"\s*\(seat \d+\)", "", reason)


def _sum_up(
    results: Iterable[DealResult], players: int, groups: Sequence[tuple[int, ...]]
) -> _Partial:
    """The exact counts and sums of the deals whose ``results`` are given, in deal order, with
    ``players`` seats and the bots' ``groups`` of seats (see :func:`_groups`)."""
    pairs = [(a, b) for a in range(len(groups)) for b in range(a + 1, len(groups))]

    deals = 0
    annulled: Counter[str] = Counter()
    contracts: dict[str, tuple[int, int, int]] = {}
    judged = made = 0
    totals: list[_Exact] = [0] * players
    float_scores = False
    group_sums: list[list[_Exact]] = [[0, 0] for _ in groups]
    pair_sums: list[list[_Exact]] = [[0, 0] for _ in pairs]
    for result in results:
        deals += 1
        if result.annulled is not None:
            annulled[_reason_kind(result.annulled)] += 1
        else:
            if result.contract is not None:
                c = contracts.get(result.contract, (0, 0, 0))
                known = result.made is not None
                contracts[result.contract] = (c[0] + 1, c[1] + known, c[2] + (result.made is True))
            if result.made is not None:
                judged += 1
                made += result.made
        scores = [_exact(x) for x in result.scores]
        float_scores = float_scores or any(type(x) is not int for x in result.scores)
        for seat, score in enumerate(scores):
            totals[seat] += score
        g = [sum((scores[s] for s in seats), start=0) for seats in groups]
        for sums, value in zip(group_sums, g, strict=True):
            sums[0] += value
            sums[1] += value * value
        for sums, (a, b) in zip(pair_sums, pairs, strict=True):
            # D = mean(a's seats) − mean(b's seats), times len(a)·len(b) to stay exact in ints
            diff = g[a] * len(groups[b]) - g[b] * len(groups[a])
            sums[0] += diff
            sums[1] += diff * diff
    return _Partial(
        deals,
        annulled,
        contracts,
        judged,
        made,
        tuple(totals),
        float_scores,
        tuple((s[0], s[1]) for s in group_sums),
        tuple((s[0], s[1]) for s in pair_sums),
    )


# -- the summary -----------------------------------------------------------------------------------
@attrs.frozen
class SimulationSummary:
    """The summary of a simulation run (see :func:`~tarotlib.simulation.run.simulate`).

    Two summaries compare equal when their results are (``workers``, ``seconds`` and
    ``deals_per_second`` are left out of ``==``). :meth:`to_json` gives the JSON-ready dict the
    command line prints with ``--json``; :func:`~tarotlib.simulation.report.format_summary` its text
    form.

    Fields: the ``variant`` name, ``players``, the ``options`` (``rules.options_dict()``) and
    those that differ from the variant's defaults (``non_default_options``), the ``seed``, the
    number of ``deals``; of them ``scored`` and ``annulled`` (by reason in ``annulled_reasons``);
    ``contracts`` (per contract: ``deals``, ``share`` of all deals, ``made`` and ``success_rate``);
    ``contract_deals`` (scored deals whose contract was made or failed) and their ``success_rate``;
    ``total_scores`` and ``mean_scores`` per seat; ``bots`` (each seat's bot name); ``bot_scores``
    (per bot name: its ``seats``, the ``mean`` per deal of its seats' mean score and that mean's
    ``standard_error``); ``bot_comparisons`` (per pair of bot names: ``mean_difference`` per deal
    and its ``standard_error``, from the per-deal differences); ``workers`` (1 for a run in this
    process, the processes used with ``workers=N``, None when an executor was given),
    ``seconds`` (wall time) and ``deals_per_second``.

    >>> from tarotlib.simulation import simulate
    >>> summary = simulate("french-tarot", 50, 3, options={"players": 5})
    >>> summary.players, summary.deals, summary.scored + summary.annulled
    (5, 50, 50)
    >>> sum(summary.total_scores), sum(c["deals"] for c in summary.contracts.values()) == summary.scored
    (0, True)
    >>> summary == simulate("french-tarot", 50, 3, options={"players": 5}, workers=2)
    True
    """

    variant: str
    players: int
    options: dict[str, object]
    non_default_options: dict[str, object]
    seed: int
    deals: int
    scored: int
    annulled: int
    annulled_reasons: dict[str, int]
    contracts: dict[str, dict[str, object]]
    contract_deals: int
    success_rate: float | None
    total_scores: tuple[float, ...]
    mean_scores: tuple[float, ...]
    bots: tuple[str, ...]
    bot_scores: dict[str, dict[str, object]]
    bot_comparisons: tuple[dict[str, object], ...]
    workers: int | None = attrs.field(eq=False)
    seconds: float = attrs.field(eq=False)
    deals_per_second: float | None = attrs.field(eq=False)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: the keys of the single-process ``tarotlib simulate --json`` summary
        (``annulled`` is ``{"total", "reasons"}``) plus ``bots``, ``bot_scores``,
        ``bot_comparisons`` and ``workers``.

        >>> from tarotlib.simulation import simulate
        >>> summary = simulate("french-tarot", deals=3, seed=1)
        >>> list(summary.to_json())[:6]
        ['variant', 'players', 'options', 'non_default_options', 'seed', 'deals']
        >>> summary.to_json()["annulled"]
        {'total': 0, 'reasons': {}}
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "options": dict(self.options),
            "non_default_options": dict(self.non_default_options),
            "seed": self.seed,
            "deals": self.deals,
            "scored": self.scored,
            "annulled": {"total": self.annulled, "reasons": dict(self.annulled_reasons)},
            "contracts": {k: dict(v) for k, v in self.contracts.items()},
            "contract_deals": self.contract_deals,
            "success_rate": self.success_rate,
            "total_scores": list(self.total_scores),
            "mean_scores": list(self.mean_scores),
            "bots": list(self.bots),
            "bot_scores": {k: dict(v) for k, v in self.bot_scores.items()},
            "bot_comparisons": [dict(c) for c in self.bot_comparisons],
            "workers": self.workers,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
        }


def _contract_order(rules: Game, contracts: Mapping[str, Any]) -> list[str]:
    """Contracts in the order the game registers (weakest first: ``VariantInfo.contracts``), any
    other after them by name."""
    try:
        order = list(variant_info(rules.name).contracts)
    except UnknownVariantError:
        order = []
    return sorted(contracts, key=lambda c: (order.index(c) if c in order else len(order), c))


def _non_default_options(rules: Game) -> dict[str, object]:
    """The options of ``rules`` that differ from the variant's defaults for its player count."""
    options = dict(rules.options_dict())
    try:
        defaults = dict(variant(rules.name, players=rules.players).options_dict())
    except (TarotError, ValueError, TypeError):
        try:
            defaults = dict(variant(rules.name).options_dict())
        except (TarotError, ValueError, TypeError):
            return {k: v for k, v in options.items() if k != "players"}
    return {k: v for k, v in options.items() if k != "players" and defaults.get(k) != v}


def _mean_and_error(s1: Fraction, s2: Fraction, n: int) -> tuple[float, float | None]:
    """The mean of ``n`` values with sum ``s1`` and sum of squares ``s2``, and its standard error
    (sample standard deviation over √n; None for a single value)."""
    mean = s1 / n
    if n < 2:
        return float(mean), None
    variance = max((s2 - s1 * mean) / (n - 1), Fraction(0))
    return float(mean), math.sqrt(variance / n)


def _summary(
    rules: Game,
    seed: int,
    names: tuple[str, ...],
    total: _Partial,
    workers: int | None,
    seconds: float,
) -> SimulationSummary:
    deals = total.deals
    contracts: dict[str, dict[str, object]] = {}
    for name in _contract_order(rules, total.contracts):
        count, judged, made = total.contracts[name]
        contracts[name] = {
            "deals": count,
            "share": count / deals,
            "made": made,
            "success_rate": made / judged if judged else None,
        }
    totals = tuple(float(t) if total.float_scores else int(t) for t in total.totals)
    groups = _groups(names)
    bot_scores: dict[str, dict[str, object]] = {}
    for (name, seats), (s1, s2) in zip(groups, total.groups, strict=True):
        width = len(seats)
        mean, error = _mean_and_error(Fraction(s1, width), Fraction(s2, width * width), deals)
        bot_scores[name] = {"seats": list(seats), "mean": mean, "standard_error": error}
    comparisons: list[dict[str, object]] = []
    pairs = [(a, b) for a in range(len(groups)) for b in range(a + 1, len(groups))]
    for (a, b), (s1, s2) in zip(pairs, total.pairs, strict=True):
        scale = len(groups[a][1]) * len(groups[b][1])
        mean, error = _mean_and_error(Fraction(s1, scale), Fraction(s2, scale * scale), deals)
        comparisons.append(
            {
                "bot": groups[a][0],
                "versus": groups[b][0],
                "mean_difference": mean,
                "standard_error": error,
            }
        )
    return SimulationSummary(
        variant=rules.name,
        players=rules.players,
        options=dict(rules.options_dict()),
        non_default_options=_non_default_options(rules),
        seed=seed,
        deals=deals,
        scored=deals - sum(total.annulled.values()),
        annulled=sum(total.annulled.values()),
        annulled_reasons=dict(sorted(total.annulled.items())),
        contracts=contracts,
        contract_deals=total.judged,
        success_rate=total.made / total.judged if total.judged else None,
        total_scores=totals,
        mean_scores=tuple(t / deals for t in totals),
        bots=names,
        bot_scores=bot_scores,
        bot_comparisons=tuple(comparisons),
        workers=workers,
        seconds=seconds,
        deals_per_second=deals / seconds if seconds > 0 else None,
    )
