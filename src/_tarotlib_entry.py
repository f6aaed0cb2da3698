"""The ``tarotlib`` command's entry point (``[project.scripts]`` in pyproject.toml), kept apart
from the ``tarotlib`` package so that nothing is imported before it can handle Ctrl-C.

Importing the package and its command line takes a noticeable fraction of a second. A Ctrl-C then
would otherwise end the command with a ``KeyboardInterrupt`` traceback and the status of a process
killed by SIGINT; here it gives the command's one line (``tarotlib: interrupted``) and exit status
130, as a Ctrl-C later does (:func:`tarotlib.cli.main`). This module imports only :mod:`sys` and
:mod:`contextlib`; ``import tarotlib`` stays as it was (a library handles no signal).
"""

from __future__ import annotations

import contextlib
import sys

__all__ = ["main"]


def main() -> int:
    """Import :mod:`tarotlib.cli` and run its ``main()``; 130 with one line on standard error
    when Ctrl-C comes first."""
    try:
        from tarotlib.cli import main as run  # here, inside the handling of Ctrl-C

        return run()
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):  # no standard error to tell
            print("\ntarotlib: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
