"""The compiled kernel (``ckernel.pyx``) if it was built, else ``None``: callers fall back to the Python
reference (``core.compiled`` says when that happens)."""

from __future__ import annotations

from types import ModuleType

from tricktable.core.compiled import load_compiled

CKERNEL: ModuleType | None = load_compiled("tricktable.rules.secret_trumps.ckernel")
