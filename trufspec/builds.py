"""Which build of trufspec runs: the modules compiled with mypyc, or pure Python.

``HATCH_BUILD_HOOKS_ENABLE=1 pip install .`` compiles the reader, the engine and the rulesets
into extension modules; a plain install, and the source tree, run them as Python.
Both behave the same, so the only way to tell them apart is where a compiled module would be
loaded from; ``trufspec --version`` says it, and the test suite compares the two builds.
"""

from __future__ import annotations

import importlib.util
from importlib.machinery import EXTENSION_SUFFIXES

__all__ = ["COMPILED", "PURE", "build_name", "is_compiled"]

COMPILED = "compiled with mypyc"
PURE = "pure Python"

_PROBE = "trufspec.engine"
"""A package every compiled build compiles, found without importing anything but trufspec (the
rulesets' package, which loads the rulesets on first use, is left pure)."""


def is_compiled() -> bool:
    """Whether the engine's package is (or, imported now, would be) an extension module.

    Found by the import system without importing it, so that ``trufspec --version`` does not
    pay for the engine and its imports."""
    spec = importlib.util.find_spec(_PROBE)
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES))


def build_name() -> str:
    """``compiled with mypyc`` or ``pure Python``, as ``trufspec --version`` prints it."""
    return COMPILED if is_compiled() else PURE
