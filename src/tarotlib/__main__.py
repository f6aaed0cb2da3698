"""``python -m tarotlib``: the same as the ``tarotlib`` command (see :mod:`tarotlib.cli`).

Ctrl-C while the command line is imported gives the command's one line and exit status 130, as
for the ``tarotlib`` command (its entry point, ``_tarotlib_entry``), once the ``tarotlib`` package
itself is imported: Python imports the package before it runs this module.

>>> import subprocess, sys
>>> out = subprocess.run([sys.executable, "-m", "tarotlib", "variants"], capture_output=True, text=True)
>>> out.returncode, out.stdout.startswith("french-tarot")
(0, True)
"""

from __future__ import annotations

import sys

from _tarotlib_entry import main

if __name__ == "__main__":
    sys.exit(main())
