"""How hard the property tests try: Hypothesis profiles, and the examples each test asks for.

``pytest`` runs the ``everyday`` profile (what each test asks for, in a suite that fits in about a
minute on two cores); ``pytest --hypothesis-profile thorough`` (which CI also runs) multiplies every
test's examples by :data:`THOROUGH`. Tests write ``max_examples=examples(25)``, not a bare number,
so that the profile reaches them.
"""

from __future__ import annotations

from hypothesis import settings

__all__ = ["EVERYDAY", "THOROUGH", "examples"]

EVERYDAY = 100
"""The everyday profile's ``max_examples`` (Hypothesis's own default)."""
THOROUGH = 5
"""How many times more examples the thorough profile runs."""

settings.register_profile("everyday", max_examples=EVERYDAY)
settings.register_profile("thorough", max_examples=EVERYDAY * THOROUGH, deadline=None)


def examples(n: int) -> int:
    """``n`` examples under the everyday profile, ``THOROUGH`` times as many under the thorough
    one (read when a test module is imported, after pytest has loaded the profile)."""
    current = settings.default
    return n * max(1, (current.max_examples if current is not None else EVERYDAY) // EVERYDAY)
