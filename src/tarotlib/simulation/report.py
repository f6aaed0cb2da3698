"""The text of a simulation's summary: :func:`format_summary` (what ``tarotlib simulate`` prints) and
:func:`count_of`, with the percentages and the ``mean ± standard error`` figures it shows.

>>> from tarotlib.simulation import simulate
>>> from tarotlib.simulation.report import format_summary
>>> print(format_summary(simulate("belote", 8, 1)).splitlines()[0])
belote, 4 players, random bots
"""

from __future__ import annotations

from collections.abc import Mapping

from tarotlib.core.text import signed
from tarotlib.simulation.stats import SimulationSummary

__all__ = ["count_of", "format_summary"]


def _option_text(value: object) -> str:
    """An option value as ``--option`` takes it (``true``, ``9,11,14``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ",".join(_option_text(v) for v in value)
    return str(value)


def count_of(n: int, word: str) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1.

    >>> count_of(1, "deal"), count_of(2, "deal"), count_of(0, "deal")
    ('1 deal', '2 deals', '0 deals')
    """
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _pct(x: object) -> str:
    return f"{100 * x:.1f}%" if isinstance(x, float) else "n/a"


def _pm(mean: object, error: object) -> str:
    assert isinstance(mean, float)
    spread = f" ± {error:.1f}" if isinstance(error, float) else ""
    return f"{signed(mean, '.1f')}{spread}"


def format_summary(summary: SimulationSummary | Mapping[str, object]) -> str:
    """The text ``tarotlib simulate`` prints for a summary (or for its :meth:`~SimulationSummary.to_json`
    dict, or the dict of the single-process command).

    >>> from tarotlib.simulation import simulate
    >>> text = format_summary(simulate("french-tarot", 4, 1, bots="random"))
    >>> print(text)  # doctest: +ELLIPSIS
    french-tarot, 4 players, random bots
    options: all defaults
    seed: 1
    deals played: 4 (4 scored, 0 annulled)
    annulled: none
    contracts:
    ...
    mean score per seat: seat 0 ...
    speed: ... deals/s (... s wall time)
    """
    s = summary.to_json() if isinstance(summary, SimulationSummary) else summary
    deals = s["deals"]
    assert isinstance(deals, int)
    non_default = s["non_default_options"]
    assert isinstance(non_default, dict)
    options = (
        ", ".join(f"{k}={_option_text(v)}" for k, v in non_default.items())
        if non_default
        else "all defaults"
    )
    annulled = s["annulled"]
    assert isinstance(annulled, dict)
    reasons = annulled["reasons"]
    assert isinstance(reasons, dict)
    contracts = s["contracts"]
    assert isinstance(contracts, dict)
    means = s["mean_scores"]
    assert isinstance(means, list)
    bots = s.get("bots") or ["random"]
    assert isinstance(bots, list)
    distinct = list(dict.fromkeys(bots))
    players = f"{s['variant']}, {s['players']} players"
    header = (
        f"{players}, {distinct[0]} bots"
        if len(distinct) == 1
        else f"{players}, bots: {', '.join(bots)}"
    )

    lines = [
        header,
        f"options: {options}",
        f"seed: {s['seed']}",
        f"deals played: {deals} ({s['scored']} scored, {annulled['total']} annulled)",
    ]
    if reasons:
        detail = ", ".join(f"{reason} {count}" for reason, count in reasons.items())
        lines.append(f"annulled: {detail} ({_pct(annulled['total'] / deals)} of deals)")
    else:
        lines.append("annulled: none")
    if contracts:  # a game without contracts (every deal is played the same way) has no table
        lines.append("contracts:")
        width = max([len("contract"), *(len(c) for c in contracts)])
        lines.append(f"  {'contract':<{width}}  {'deals':>6}  {'share':>6}  {'success':>7}")
        for name, c in contracts.items():
            assert isinstance(c, dict)
            lines.append(
                f"  {name:<{width}}  {c['deals']:>6}  {_pct(c['share']):>6}  "
                f"{_pct(c['success_rate']):>7}"
            )
        with_contract = s["contract_deals"]
        assert isinstance(with_contract, int)
        lines.append(
            f"success rate: {_pct(s['success_rate'])} of {count_of(with_contract, 'deal')} with a "
            "contract"
        )
    lines.append(
        "mean score per seat: "
        + ", ".join(f"seat {i} {signed(float(m), '.1f')}" for i, m in enumerate(means))
    )
    if len(distinct) > 1:
        bot_scores = s["bot_scores"]
        assert isinstance(bot_scores, dict)
        lines.append(
            "mean score per deal by bot (± standard error): "
            + ", ".join(
                f"{name} {_pm(b['mean'], b['standard_error'])}" for name, b in bot_scores.items()
            )
        )
        comparisons = s["bot_comparisons"]
        assert isinstance(comparisons, list)
        for c in comparisons:
            lines.append(
                f"{c['bot']} vs {c['versus']}: {_pm(c['mean_difference'], c['standard_error'])}"
                " points per deal"
            )
    rate = s["deals_per_second"]
    seconds = s["seconds"]
    assert isinstance(seconds, float)
    speed = f"{rate:,.0f} deals/s" if isinstance(rate, float) else "n/a"
    workers = s.get("workers", 1)
    if workers == 1:
        lines.append(f"speed: {speed} ({seconds:.2f} s wall time)")
    else:
        how = f"{workers} workers" if isinstance(workers, int) else "executor"
        lines.append(f"speed: {speed} ({seconds:.2f} s wall time, {how})")
    return "\n".join(lines)
