"""The errors every game raises.  All are ``ValueError`` subclasses so callers can catch one type."""

from __future__ import annotations


class TricktableError(ValueError):
    """Base class of every error tricktable raises on bad input."""


class IllegalMove(TricktableError):
    """A move that is malformed, or not allowed now.  The message says why; the game is unchanged."""


class InvalidOptions(TricktableError):
    """A game was asked for with an unknown name, a bad player count, or options that do not fit."""


class RecordError(TricktableError):
    """A game record that cannot be read or replayed.  The message names the failing move."""
