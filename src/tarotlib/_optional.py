"""The one message for an optional dependency that is not installed: which module needs which
package, and the extra that installs it.

>>> from tarotlib._optional import missing
>>> error = missing("tarotlib.ai.tensors", "numpy", "ai")
>>> print(str(error).replace(": ", ":\\n"))
tarotlib.ai.tensors needs numpy, which is not installed:
install tarotlib with its 'ai' extra (from a checkout:
pip install -e '.[ai]'; from a wheel:
pip install 'tarotlib-<version>-<tags>.whl[ai]')
"""

from __future__ import annotations

__all__ = ["missing"]


def missing(what: str, package: str, extra: str) -> ModuleNotFoundError:
    """The error to raise (``from`` the original ``ImportError``) when ``what`` needs ``package``
    and it is missing; ``extra`` names the extra of tarotlib that installs it. A
    :class:`ModuleNotFoundError`, so ``except ImportError`` still catches it."""
    error = ModuleNotFoundError(
        f"{what} needs {package}, which is not installed: install tarotlib with its {extra!r}"
        f" extra (from a checkout: pip install -e '.[{extra}]';"
        f" from a wheel: pip install 'tarotlib-<version>-<tags>.whl[{extra}]')"
    )
    error.name = package
    return error
