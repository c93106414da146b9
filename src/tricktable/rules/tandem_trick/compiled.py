"""The compiled kernel if it was built, else ``None``: callers fall back to the Python reference.

pip builds the kernel with the machine's C compiler when tricktable is installed; a source tree used without
installing (or a machine without a compiler) still works, only slower.  The test suite checks that the kernel
is built, so that a broken build cannot pass unnoticed.
"""

from __future__ import annotations

from types import ModuleType


def _load() -> ModuleType | None:
    try:
        from tricktable.rules.tandem_trick import ckernel
    except ImportError:
        return None
    return ckernel


CKERNEL: ModuleType | None = _load()
