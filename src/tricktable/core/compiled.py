"""Loading a game's compiled kernel, or ``None`` when it was not built.

pip builds every kernel with the machine's C compiler when tricktable is installed; a source tree used without
installing (or a machine without a compiler) still works, only slower, on each game's Python reference.  The
test suite checks that the kernels are built, so that a broken build cannot pass unnoticed.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def load_compiled(module: str) -> ModuleType | None:
    """The compiled module named ``module`` (a dotted path), or ``None`` if it is not built."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


__all__ = ["load_compiled"]
