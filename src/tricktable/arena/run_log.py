"""A long run (a benchmark's games, its paired rounds) that survives a stop: every piece of work is written to a
log as it ends, one JSON line with the run's settings, and a run started again with the same log does only the
pieces not yet there.

A piece is named by a key (the game's seed, or the round's size and seed), so a run asked for more pieces than a
log holds adds only the missing ones.  A line written with other settings is refused, never mixed in: two levels
or two counts of players must not be counted as one run.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeVar

Key = TypeVar("Key", bound=Hashable)
Task = TypeVar("Task")


def read_log(path: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """The results already in the log at ``path``, by their key's JSON text; a line of other settings is an
    error (``SystemExit``, naming the line)."""
    results: dict[str, Any] = {}
    if not path.exists():
        return results
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        entry = json.loads(line)
        if not isinstance(entry, dict) or not {"key", "settings", "result"} <= entry.keys():
            raise SystemExit(f"{path} line {number} is not a line of a run's log (a key, settings, a result)")
        if entry["settings"] != settings:
            raise SystemExit(f"{path} line {number} was played with {entry['settings']}, not {settings}")
        results[json.dumps(entry["key"])] = entry["result"]
    return results


def run_logged(
    work: Callable[[Task], Any],
    tasks: dict[Key, Task],
    settings: dict[str, Any],
    workers: int,
    log: Path | None,
) -> dict[Key, Any]:
    """``work(task)`` for every task, by key, on ``workers`` processes: those already in ``log`` read from it,
    the rest done and each written to it as it ends (``log`` ``None``: nothing read or written).  Every result
    is given as JSON gives it back (a tuple as a list), done now or read from the log, so the two are alike."""
    logged = read_log(log, settings) if log is not None else {}
    results = {key: logged[json.dumps(key)] for key in tasks if json.dumps(key) in logged}
    todo = {key: task for key, task in tasks.items() if key not in results}
    if results:
        print(f"{len(results)} read from {log}, {len(todo)} to do", flush=True)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(work, task): key for key, task in todo.items()}
        for future in as_completed(futures):
            key, result = futures[future], json.loads(json.dumps(future.result()))
            results[key] = result
            if log is not None:
                with log.open("a") as out:  # a line a piece, so that a run cut short keeps what it did
                    out.write(json.dumps({"key": key, "settings": settings, "result": result}) + "\n")
    return {key: results[key] for key in tasks}
