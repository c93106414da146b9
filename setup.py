"""Builds the compiled kernels (Cython, with the machine's C compiler); everything else is in pyproject.toml.

Every ``.pyx`` file under ``src/tricktable`` is a kernel: adding one needs no change here.
"""

import platform
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SRC = Path(__file__).parent / "src"
KERNELS = sorted(str(p.relative_to(SRC).with_suffix("")).replace("/", ".") for p in SRC.rglob("*.pyx"))
#: On x86-64 the kernels use POPCNT and BMI2 (PEXT), found on x86-64 CPUs since about 2013; a kernel checks the
#: CPU when it is imported and refuses to load without them, and the engine then runs on its Python kernels.
FLAGS = ["-O3", "-mpopcnt", "-mbmi2"] if platform.machine() in ("x86_64", "AMD64") else ["-O3"]

setup(
    ext_modules=cythonize(
        [Extension(name, [f"src/{name.replace('.', '/')}.pyx"], extra_compile_args=FLAGS) for name in KERNELS],
        language_level=3,
        include_path=["src"],
    )
)
