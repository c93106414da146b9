"""Imports every bot module of this package so that each registers its game's bots."""

import importlib
import pkgutil

import tricktable.bots as _package

for _module in pkgutil.iter_modules(_package.__path__):
    if _module.name not in ("base", "registry") and not _module.name.startswith("_"):
        importlib.import_module(f"tricktable.bots.{_module.name}")
