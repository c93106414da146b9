"""Builds the compiled kernels (Cython, with the machine's C compiler); everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

KERNELS = ["tricktable.rules.tricks_together.ckernel"]

setup(
    ext_modules=cythonize(
        [Extension(name, [f"src/{name.replace('.', '/')}.pyx"], extra_compile_args=["-O3"]) for name in KERNELS],
        language_level=3,
    )
)
