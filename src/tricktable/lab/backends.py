"""Where a playtest's chunks are played: in this process, in local worker processes, or on a Ray cluster.

Every backend takes the same chunks and yields their results as they finish (in any order); a game's seed and
its bots' seeds come from the spec alone, so the rows are the same whichever backend played them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from tricktable.lab.play import ChunkResult, play_chunk
from tricktable.lab.spec import Chunk, Spec


def local(spec: Spec, todo: list[Chunk], workers: int) -> Iterator[ChunkResult]:
    """Play ``todo`` here (``workers`` 1) or in ``workers`` processes, keeping a few chunks queued per worker so
    that an interrupted run has little in flight."""
    payload = spec.to_json()
    if workers <= 1:
        for chunk in todo:
            yield play_chunk(payload, chunk)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    queue = iter(todo)
    running: set[Future[ChunkResult]] = set()
    try:
        for chunk in queue:
            running.add(pool.submit(play_chunk, payload, chunk))
            if len(running) >= 2 * workers:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    running.add(pool.submit(play_chunk, payload, following))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def on_ray(spec: Spec, todo: list[Chunk], address: str, workers: int | None = None) -> Iterator[ChunkResult]:
    """Play ``todo`` as Ray tasks, one chunk a task, yielding each result as it comes back.

    ``address`` is a running cluster's address (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``), or ``local`` to
    start a Ray instance on this machine for the run (``workers`` CPUs, or all of them).  Each node needs
    tricktable installed with the same version: the tasks import it there."""
    started_here = address == "local"
    if started_here:
        # A single-machine instance keeps to the loopback address: Ray otherwise listens on, and talks to, the
        # machine's network address so that other nodes could join.  Ray reads this when it is imported.
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    import ray  # the lab extra: only a run on Ray needs it

    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if started_here:
        # "local" and never a cluster found on the machine: the run starts its own instance and stops it after.
        ray.init(address="local", num_cpus=workers, **options)
    else:
        ray.init(address=address, **options)
    try:
        remote = ray.remote(play_chunk)
        payload = ray.put(spec.to_json())
        pending = [remote.remote(payload, chunk) for chunk in todo]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                result: ChunkResult = ray.get(ref)
                yield result
    finally:
        ray.shutdown()
