"""How hard the property tests try: Hypothesis profiles, and the examples each test asks for.

Tests write ``max_examples=examples(100)``, not a bare number, so that the profile reaches them;
the number is what the test asks for under the ``ci`` profile.

- ``everyday`` (plain ``pytest``): a tenth of it (at least one), so that the everyday
  suite stays cheap to run while working (under three minutes of CPU);
- ``ci`` (``pytest --hypothesis-profile ci``, which CI runs on the whole suite): the number asked;
- ``thorough`` (``--hypothesis-profile thorough``, which CI runs on every game's property tests):
  five times the number asked.

Tests that give no number get the profile's ``max_examples``: 10, 100 and 500.
"""

from __future__ import annotations

from hypothesis import settings

__all__ = ["CI", "EVERYDAY", "THOROUGH", "WORKING", "examples"]

CI = 100
"""The ``ci`` profile's ``max_examples`` (Hypothesis's own default): the scale ``examples`` reads."""
EVERYDAY = 10
"""The ``everyday`` profile's ``max_examples``: a tenth of ``ci``."""
THOROUGH = 500
"""The ``thorough`` profile's ``max_examples``: five times ``ci``."""

WORKING = "everyday"
"""The profile plain ``pytest`` runs (``tests/conftest.py`` loads it)."""

settings.register_profile(WORKING, max_examples=EVERYDAY)
settings.register_profile("ci", max_examples=CI)
settings.register_profile("thorough", max_examples=THOROUGH, deadline=None)


def examples(n: int) -> int:
    """``n`` examples under the ``ci`` profile, scaled like the current profile's
    ``max_examples`` (read when a test module is imported, after pytest has loaded the profile).
    """
    current = settings.default
    scale = current.max_examples if current is not None else EVERYDAY
    return max(1, n * scale // CI)
