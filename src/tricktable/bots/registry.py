"""Imports every game's bots so they register themselves."""

from tricktable.bots import tricks_together  # noqa: F401
