"""The errors every game raises.  All are ``ValueError`` subclasses so callers can catch one type."""

from __future__ import annotations

import reprlib


class TricktableError(ValueError):
    """Base class of every error tricktable raises on bad input."""


class IllegalMove(TricktableError):
    """A move that is malformed, or not allowed now.  The message says why; the game is unchanged."""


class InvalidOptions(TricktableError):
    """A game was asked for with an unknown name, a bad player count, or options that do not fit."""


class RecordError(TricktableError):
    """A game record that cannot be read or replayed.  The message names the failing move."""


#: The most characters of a player's input an error message quotes.
EXCERPT = 24

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxother = _QUOTE.maxlong = EXCERPT
_QUOTE.maxlist = _QUOTE.maxdict = 3
_QUOTE.maxlevel = 2


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A short, escaped quote of something a player sent, for an error message: ``'R²'``, ``'QQQQQ…'``.

    Input can be huge or meant for somebody else's screen: a message names the field and the rule and quotes at
    most ``limit`` characters of it, with control, format and other invisible characters written as escapes."""
    if isinstance(value, str):
        shown = ""
        for char in value:
            if len(shown) >= limit:
                return f"'{shown[:limit]}…'"
            shown += char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        return f"'{shown[:limit]}…'" if len(shown) > limit else f"'{shown}'"
    try:
        text = _QUOTE.repr(value)
    except (ValueError, RecursionError):  # an int too long to write out, a structure too deep
        return f"a {type(value).__name__}"
    return excerpt(text, limit)[1:-1]
