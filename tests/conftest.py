"""Test configuration: the Hypothesis profiles of :mod:`profiles` are registered here, before
pytest loads the one ``--hypothesis-profile`` names (``thorough``); without it, Hypothesis's own
default runs, which is the ``everyday`` profile."""

from __future__ import annotations

import support.profiles  # noqa: F401 (registers the profiles)
