"""``python -m tarotlib``: the same as the ``tarotlib`` command (see :mod:`tarotlib.cli`).

>>> import subprocess, sys
>>> out = subprocess.run([sys.executable, "-m", "tarotlib", "variants"], capture_output=True, text=True)
>>> out.returncode, out.stdout.startswith("french-tarot")
(0, True)
"""

from __future__ import annotations

import sys

from tarotlib.cli import main

if __name__ == "__main__":
    sys.exit(main())
