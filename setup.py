"""The optional compiled card kernel of playouts (tarotlib._speedups).

Everything else about the package is in pyproject.toml. The extension is optional: where it
cannot be built (no C compiler), tarotlib installs without it and plays out in pure Python, with
the same results.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("tarotlib._speedups", sources=["src/tarotlib/_speedups.c"], optional=True)
    ]
)
