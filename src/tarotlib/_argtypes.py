"""The types of the command line's numeric arguments, shared by its commands (``--workers``,
``--chunk-size``, ``--boards``).

>>> workers_count("3"), positive_count("250")
(3, 250)
"""

from __future__ import annotations

import argparse
import os

__all__ = ["positive_count", "workers_count"]


def workers_count(text: str) -> int:
    """``--workers``: a positive number of processes, or ``auto`` (one per CPU).

    >>> workers_count("3"), workers_count("auto") >= 1
    (3, True)
    >>> workers_count("0")
    Traceback (most recent call last):
        ...
    argparse.ArgumentTypeError: must be a positive number of processes or 'auto', got '0'
    """
    if text.strip().lower() == "auto":
        return os.cpu_count() or 1
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            f"must be a positive number of processes or 'auto', got {text!r}"
        )
    return value


def positive_count(text: str) -> int:
    """A positive whole number (``--chunk-size``, ``--boards``).

    >>> positive_count("250")
    250
    >>> positive_count("0")
    Traceback (most recent call last):
        ...
    argparse.ArgumentTypeError: must be a positive whole number, got '0'
    """
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, got {text!r}")
    return value
