"""Matches between bots on the same deals, and the statistics to read them (``tricktable arena``)."""

from tricktable.arena.match import GameResult, Summary, Task, play, run, summarise, tasks
from tricktable.arena.stats import Paired, mean_interval, paired, sign_test, wilson

__all__ = [
    "GameResult",
    "Paired",
    "Summary",
    "Task",
    "mean_interval",
    "paired",
    "play",
    "run",
    "sign_test",
    "summarise",
    "tasks",
    "wilson",
]
