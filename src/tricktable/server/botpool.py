"""Thinking off the event loop: bots and open-hands analyses run in a pool of worker processes.

A bot is sent to a worker with the view it may see and comes back with its move and its own updated state
(a bot may remember things between moves), so a bot never runs in the server's process and never holds the
interpreter lock that the event loop needs to send updates.  The workers run at a lower priority than the
server, so when every core is busy the bots wait (their tables are paced), not the people.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tricktable.core.players import Bot

#: How much lower the workers' priority is than the server's (``nice``): bots yield the CPU to the loop.
WORKER_NICENESS = 10


def default_workers() -> int:
    """One worker per core, keeping one core for the server itself (at least one worker)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cores - 1)


def _start_worker() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    # A server killed outright (kill -9, out of memory) cannot stop its workers: each leaves on its own once its
    # server is gone, rather than live on beside the next one.
    server = os.getppid()
    threading.Thread(target=_leave_with, args=(server,), name="leave-with-server", daemon=True).start()
    # Import the games and their bots once per worker, not on the first move of every table.
    import tricktable.bots  # noqa: F401


def _leave_with(server: int, every: float = 1.0) -> None:
    while os.getppid() == server:
        time.sleep(every)
    os._exit(0)


def _think(bot: Bot, view: dict[str, Any]) -> tuple[str, Bot]:
    return bot.choose(view), bot


def _ready() -> int:
    return os.getpid()


def _analyse(record: dict[str, Any]) -> dict[str, Any]:
    from tricktable.analysis import analyse

    return analyse(record).to_dict()


class BotPool:
    """A process pool for bot moves and analyses; rebuilt if a worker dies."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: Executor = self._new_pool()

    def _new_pool(self) -> Executor:
        # Spawned, not forked: the server has threads (uvicorn's, the checkpointer) that a fork would copy mid-step.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_start_worker)

    async def warm(self) -> None:
        """Start every worker now (spawning one and importing the bots takes a second or two), so that the
        first bot move of the run does not wait for it."""
        await asyncio.gather(*(self._run(_ready) for _ in range(self.workers)))

    async def choose(self, bot: Bot, view: dict[str, Any]) -> tuple[str, Bot]:
        """The bot's move for ``view``, and the bot as it is after choosing it."""
        return await self._run(_think, bot, view)

    async def analyse(self, record: dict[str, Any]) -> dict[str, Any]:
        """``tricktable.analysis.analyse(record)`` as a dict."""
        return await self._run(_analyse, record)

    async def _run(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, function, *args)
        except BrokenProcessPool:
            # A worker was killed (out of memory, a crash in compiled code): start a fresh pool and say so.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            raise

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
