"""The ``tricktable`` command: one module per group of commands, each registering on the shared app."""

from tricktable.cli import analyse, arena, play, playtest, serve  # noqa: F401  (each module registers its commands)
from tricktable.cli.app import app


def main() -> None:
    app()


__all__ = ["app", "main"]
