"""The checkout's folders, for the tests that read its docs, examples or sources."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
"""The ``tests`` folder."""
ROOT = TESTS.parent
"""The checkout."""
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"
