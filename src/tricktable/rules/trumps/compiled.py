"""The compiled kernels if they were built, else ``None``: callers fall back to the Python reference.

``CKERNEL`` is the open-hands solver (``ckernel.pyx``), ``CDEAL`` the sampler's card dealing (``cdeal.pyx``).

pip builds the kernel with the machine's C compiler when tricktable is installed; a source tree used without
installing (or a machine without a compiler) still works, only slower.  The test suite checks that the
kernel is built, so that a broken build cannot pass unnoticed.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def _load(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tricktable.rules.trumps.{name}")
    except ImportError:
        return None


CKERNEL: ModuleType | None = _load("ckernel")
CDEAL: ModuleType | None = _load("cdeal")
