"""Test configuration: the Hypothesis profiles of :mod:`support.profiles` are registered here and
``everyday`` is loaded, before pytest loads the one ``--hypothesis-profile`` names (``ci`` or
``thorough``), if any."""

from __future__ import annotations

import os

from hypothesis import settings

from support import profiles

settings.load_profile(profiles.WORKING)

# The solver against the plain minimax on thousands of positions: only when asked for (minutes).
collect_ignore = (
    [] if os.environ.get("TAROTLIB_SOLVER_POSITIONS") else ["ai/test_ai_solver_exhaustive.py"]
)
