"""Running a playtest: the chunks still to play go to a backend, each result is written as it arrives, and
once every chunk is in the tables are consolidated and the report is written."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tricktable.lab.backends import local, on_ray
from tricktable.lab.play import ChunkResult
from tricktable.lab.report.build import build
from tricktable.lab.spec import Chunk, Spec, cells, chunks
from tricktable.lab.store import Store


@dataclass
class Outcome:
    """What a run did: games played now, games already there, the time it took and the report's files."""

    played: int
    resumed: int
    total: int
    seconds: float
    report: tuple[Path, Path] | None

    @property
    def rate(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def plan(spec: Spec, out: Path) -> tuple[Store, list[Chunk], int]:
    """Open ``out`` for ``spec``: the store, the chunks still to play and the number of games already played."""
    store = Store(out)
    store.open(spec)
    grid, _ = cells(spec)
    every = chunks(spec, grid)
    done = store.done()
    todo = [c for c in every if c.name not in done]
    resumed = sum(c.stop - c.start for c in every if c.name in done)
    return store, todo, resumed


def run(
    spec: Spec,
    out: Path,
    workers: int | None = None,
    ray: str | None = None,
    on_chunk: Callable[[ChunkResult], None] | None = None,
    on_plan: Callable[[int, int], None] | None = None,
) -> Outcome:
    """Play what is left of ``spec`` into ``out`` and write the report.  ``on_plan(total, already)`` is told the
    size of the job first, ``on_chunk`` every chunk as it is written.  Interrupting (``KeyboardInterrupt``)
    leaves every finished chunk written; the same call later resumes."""
    store, todo, resumed = plan(spec, out)
    grid, _ = cells(spec)
    total = spec.games * len(grid)
    if on_plan is not None:
        on_plan(total, resumed)
    count = workers or os.cpu_count() or 1
    results: Iterator[ChunkResult] = (
        on_ray(spec, todo, ray, workers) if ray else local(spec, todo, count)
    )
    backend = f"Ray at {ray}" if ray else f"{count} local process{'es' if count > 1 else ''}"
    played = 0
    started = time.perf_counter()
    try:
        for result in results:
            store.write_chunk(result)
            played += len(result.games)
            if on_chunk is not None:
                on_chunk(result)
    finally:
        seconds = time.perf_counter() - started
        if played:
            store.add_run({"games": played, "seconds": seconds, "backend": backend})
    store.consolidate()
    return Outcome(played, resumed, total, seconds, build(store))
