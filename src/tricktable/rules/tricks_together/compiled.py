"""The compiled kernels if they were built, else ``None``: callers fall back to the Python references
(``core.compiled`` says when that happens).

``CKERNEL`` (``ckernel.pyx``) plays and deals; ``CSOLVER`` (``csolver.pyx``) is the open-hands solver."""

from __future__ import annotations

from types import ModuleType

from tricktable.core.compiled import load_compiled

CKERNEL: ModuleType | None = load_compiled("tricktable.rules.tricks_together.ckernel")
CSOLVER: ModuleType | None = load_compiled("tricktable.rules.tricks_together.csolver")
