"""Moved to :mod:`tarotlib.core.tricks`; this path works until 0.3, with a ``DeprecationWarning``."""

from tarotlib._moved import moved

__getattr__ = moved(__name__)
