"""One module per game, named after it (``tricks-together`` lives in ``tricks_together.py``).

``tricktable.core.registry`` imports a game's module when the game is first asked for, and every module
here (names starting with ``_`` are helpers) when the whole list is.
"""
