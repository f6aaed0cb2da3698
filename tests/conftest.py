"""Test configuration: the Hypothesis profiles of :mod:`support.profiles` are registered here and
``everyday`` is loaded, before pytest loads the one ``--hypothesis-profile`` names (``ci`` or
``thorough``), if any."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from support import profiles
from support.site import build_site

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

settings.load_profile(profiles.WORKING)

# The solver against the plain minimax on thousands of positions: only when asked for (minutes).
collect_ignore = (
    [] if os.environ.get("TAROTLIB_SOLVER_POSITIONS") else ["ai/test_ai_solver_exhaustive.py"]
)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built once for the run (``mkdocs build --strict``): under
    pytest-xdist the first worker that needs it builds it in the run's temporary folder, which
    the workers share, while the others wait on a lock (where there is no ``fcntl``, each worker
    builds its own)."""
    here = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") is None or fcntl is None:
        return build_site(here / "site")
    out = here.parent / "docs-site"
    with open(here.parent / "docs-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not out.exists():
            # Built in this worker's own folder and moved whole: a build that fails leaves nothing.
            build_site(here / "site").rename(out)
    return out
