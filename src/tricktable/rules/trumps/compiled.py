"""The compiled kernels if they were built, else ``None``: callers fall back to the Python reference
(``core.compiled`` says when that happens).

``CKERNEL`` is the open-hands solver (``ckernel.pyx``), ``CDEAL`` the sampler's card dealing (``cdeal.pyx``).
"""

from __future__ import annotations

from types import ModuleType

from tricktable.core.compiled import load_compiled

CKERNEL: ModuleType | None = load_compiled("tricktable.rules.trumps.ckernel")
CDEAL: ModuleType | None = load_compiled("tricktable.rules.trumps.cdeal")
