"""One module per game; importing this package registers them all."""

from tricktable.games import tricks_together  # noqa: F401
