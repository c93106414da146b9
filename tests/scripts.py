"""Load a script that lives outside the package (``examples/``) as a module, so that tests can
run it or check its parts."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(folder: str, name: str) -> ModuleType:
    """``<folder>/<name>.py`` of the repository as a module named ``<folder>_<name>``."""
    spec = importlib.util.spec_from_file_location(f"{folder}_{name}", ROOT / folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
