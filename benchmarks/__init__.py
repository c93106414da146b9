"""Benchmarks of tricktable: speed, strength and load, each a module run from the repository's root as
``python -m benchmarks.NAME`` (``README.md`` beside this file lists them)."""
