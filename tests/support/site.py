"""Building the documentation site for the tests that read it (``mkdocs build --strict``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support.paths import ROOT


def build_site(out: Path) -> Path:
    """Build the site into ``out`` with ``mkdocs build --strict`` and return ``out``; fails the
    test with MkDocs' output if the build fails or warns."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    # MkDocs 1.6 prints a notice about its successor on every build; it is not a warning of ours.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    assert "WARNING" not in proc.stderr, proc.stderr
    return out
