"""Test configuration: the Hypothesis profiles of :mod:`support.profiles` are registered here and
``everyday`` is loaded, before pytest loads the one ``--hypothesis-profile`` names (``ci`` or
``thorough``), if any."""

from __future__ import annotations

from hypothesis import settings

from support import profiles

settings.load_profile(profiles.WORKING)
