"""The ``tricktable`` command's Typer app and console, shared by every command module."""

from __future__ import annotations

import typer
from rich.console import Console

from tricktable.core.registry import game_names

app = typer.Typer(add_completion=False, help="tricktable: four trick-taking games, bots, a web table, a lab.")
console = Console(highlight=False, soft_wrap=True)

#: The help of a command's game argument: every registered game by name.
GAME_HELP = ", ".join(game_names()[:-1]) + " or " + game_names()[-1]
