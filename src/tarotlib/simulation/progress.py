"""The terminal progress bar of a simulation (:class:`ProgressBar`), a ``progress`` callback that
``tarotlib simulate`` draws on standard error.

>>> import io
>>> from tarotlib.simulation import simulate
>>> from tarotlib.simulation.progress import ProgressBar
>>> with ProgressBar(io.StringIO()) as bar:   # not a terminal: draws nothing
...     simulate("belote", 10, 1, progress=bar).deals
10
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """A text progress bar for :func:`~tarotlib.simulation.run.simulate`'s ``progress`` callback,
    drawn on ``stream`` (default ``sys.stderr``) only when it is a terminal:
    ``[#########...........] 512/2,000 deals  1,234 deals/s``, redrawn in place at most every
    ``interval`` seconds, with a final newline once every deal is done (or on :meth:`close`; use
    the bar as a context manager so that an interrupted run ends its line too). ``unit`` names
    what is counted (the arena counts ``boards``); below one a second the rate has two decimals.

    >>> import io
    >>> bar = ProgressBar(io.StringIO(), width=10)   # not a terminal: draws nothing
    >>> bar(0, 100); bar(100, 100)
    >>> bar.stream.getvalue()
    ''
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        width: int = 30,
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        unit: str = "deals",
    ) -> None:
        self.stream: TextIO = sys.stderr if stream is None else stream
        self.unit = unit
        self.width = width
        self.interval = interval
        self._clock = clock
        self._start = clock()
        self._last_draw: float | None = None
        self._drawn = 0  # length of the line on screen; 0 when nothing is on it
        try:
            self.enabled = bool(self.stream.isatty())
        except (AttributeError, ValueError):  # no isatty, or a closed stream
            self.enabled = False

    def __call__(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` deals, or of the bar's unit (the ``progress`` callback)."""
        if not self.enabled:
            return
        now = self._clock()
        finished = done >= total
        if not finished and self._last_draw is not None and now - self._last_draw < self.interval:
            return
        self._last_draw = now
        filled = self.width * done // total if total > 0 else self.width
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = now - self._start
        unit = self.unit
        per_second = done / elapsed if elapsed > 0 and done > 0 else 0.0
        rate = f"  {per_second:,.{0 if per_second >= 1 else 2}f} {unit}/s" if per_second else ""
        line = f"[{bar}] {done:,}/{total:,} {unit}{rate}"
        pad = " " * max(0, self._drawn - len(line))
        self.stream.write(f"\r{line}{pad}")
        self._drawn = len(line)
        if finished:
            self.close()
        else:
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line (once), if one was drawn.

        >>> import io
        >>> class Terminal(io.StringIO):
        ...     def isatty(self):
        ...         return True
        >>> bar = ProgressBar(Terminal(), width=4, clock=lambda: 0.0)
        >>> bar(1, 4); bar.close(); bar.close()
        >>> bar.stream.getvalue()
        '\\r[#...] 1/4 deals\\n'
        """
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = 0

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
