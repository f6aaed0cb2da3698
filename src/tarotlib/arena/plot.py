"""The ladder of a tournament drawn to a file (needs matplotlib: the ``plot`` extra)."""

from __future__ import annotations

import os

from tarotlib._optional import missing
from tarotlib.arena.match import Tournament

__all__ = ["plot_ladder"]


def plot_ladder(result: Tournament, path: str | os.PathLike[str]) -> None:
    """Draw the tournament's ladder (each bot's rating with its 95% interval) to ``path`` (PNG,
    SVG or PDF, by its suffix). Needs matplotlib: ``pip install matplotlib``, or the ``plot``
    extra from a checkout (``pip install -e '.[plot]'``).

    >>> import os, tempfile
    >>> from tarotlib.arena import tournament
    >>> t = tournament("belote", ("heuristic", "random"), boards=4, seed=1, bootstrap=10)
    >>> path = os.path.join(tempfile.mkdtemp(), "ladder.svg")
    >>> plot_ladder(t, path)
    >>> os.path.getsize(path) > 1000
    True
    """
    try:
        import matplotlib
    except ImportError as exc:
        raise missing("tarotlib.arena.plot_ladder", "matplotlib", "plot") from exc

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = list(reversed(result.ratings))
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(ratings)))
    ys = range(len(ratings))
    ax.errorbar(
        [r.elo for r in ratings],
        list(ys),
        xerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]],
        fmt="o",
        capsize=4,
    )
    ax.set_yticks(list(ys), [r.bot for r in ratings])
    ax.set_xlabel("rating (Elo scale, 95% interval)")
    players = result.options.get("players")
    ax.set_title(result.variant + (f", {players} players" if players else ""))
    fig.tight_layout()
    fig.savefig(os.fspath(path))
    plt.close(fig)
