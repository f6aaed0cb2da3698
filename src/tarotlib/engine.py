"""Moved: :class:`~tarotlib.core.results.DealResult`, ``Breakdown`` and ``Conversion`` to
:mod:`tarotlib.core.results`, ``Observation`` to :mod:`tarotlib.deal.observe`; the ``GameState`` and
``Rules`` protocols are now the classes :class:`~tarotlib.deal.DealState` and
:class:`~tarotlib.deal.Game`. This path works until 0.3, with a ``DeprecationWarning``."""

from tarotlib._moved import moved

__getattr__ = moved(__name__)
