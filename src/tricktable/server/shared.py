"""Several servers on one PostgreSQL database (``pgstore.PgStore``): every server holds every unfinished table
in memory and serves any of them; this keeps them in step.

- Moves, seats and closings made at another server arrive on the ``tricktable`` channel (``LISTEN``); the
  table plays the announced move if it is the next one, and otherwise catches up from the log, then tells its
  own connections.  After the listening
  connection is lost (the database restarted), every table catches up once it is back.
- A table's driver (bots, stand-ins for absent players) and its idle expiry run only at the server holding
  the table's lease.  Leases are renewed every ``tick`` seconds and last ``lease`` seconds: when a server
  dies, another takes its tables over within about ``lease + tick`` seconds, rebuilt from the log.
- Who is connected where (``presence``) is written every tick, so the lease holder does not send a stand-in
  for a person connected to another server, nor expire a table watched elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

import psycopg

from tricktable.bots.base import make_bot
from tricktable.core.errors import TricktableError
from tricktable.server.db import StoreUnavailable
from tricktable.server.pgstore import CHANNEL, PgStore
from tricktable.server.table import Table

if TYPE_CHECKING:
    from tricktable.server.manager import TableManager

log = logging.getLogger("tricktable.server")


class SharedTables:
    """Keeps one server's tables in step with the others on the same database."""

    def __init__(self, manager: TableManager, store: PgStore, lease: float = 5.0, tick: float = 1.0) -> None:
        self.manager = manager
        self.store = store
        self.lease = lease
        self.tick = tick
        #: Tables whose lease this server holds: their drivers run here.
        self.held: set[str] = set()
        #: Seats (``-1``: watchers) connected at other servers, per table, as of the last tick.
        self.elsewhere: dict[str, set[int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def start(self) -> None:
        self._tasks = [
            asyncio.get_running_loop().create_task(self._listen(), name="listen"),
            asyncio.get_running_loop().create_task(self._keep_leases(), name="leases"),
        ]
        await self.step()

    async def close(self) -> None:
        self._closing = True
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ----- changes made at other servers ---------------------------------------------------------------

    async def _listen(self) -> None:
        while not self._closing:
            try:
                async with await psycopg.AsyncConnection.connect(self.store.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # Whatever happened while nobody listened (at start, or while the database was away).
                    self.catch_up_all()
                    async for note in conn.notifies():
                        try:
                            self.heard(json.loads(note.payload))
                        except StoreUnavailable:
                            pass  # caught up when the listener reconnects
                        except Exception:
                            log.exception("a change from another server could not be applied")
            except (psycopg.Error, OSError, StoreUnavailable):
                if self._closing:
                    return
                # The database went away (or never answered): every call fails at once until it is back, and
                # the pool's connections to the old server are dropped then.
                self.store.went_down()
                await asyncio.sleep(0.5)

    def heard(self, note: dict[str, Any]) -> None:
        if note.get("o") == self.store.owner:
            return
        table_id, kind = str(note.get("t")), note.get("k")
        table = self.manager.tables.get(table_id)
        if kind == "new" and table is None:
            self.adopt(table_id)
        elif table is not None and kind == "move":
            if note.get("n") == len(table.row.moves) and isinstance(note.get("m"), str):
                # The next move, committed (the announcement is sent at the commit): no need to read the log.
                self.absorb(table, [(note["m"], float(note.get("at") or time.time()))])
            else:
                self.catch_up(table)
        elif table is not None and kind == "info":
            self.refresh(table)

    def adopt(self, table_id: str) -> Table | None:
        """Load a table made (or last played) at another server."""
        row = self.store.load(table_id)
        if row is None or row.finished is not None:
            return None
        try:
            table = Table(row, self.manager.replay(row), self.manager, client=row.client)
        except TricktableError:
            log.exception("table %s cannot be rebuilt from its log", table_id)
            return None
        self.manager.tables[table_id] = table
        if self.holds(table_id):
            table.start()
        return table

    def catch_up(self, table: Table) -> None:
        """Play the moves the log has beyond the table's own, then tell the table's connections."""
        self.absorb(table, self.store.moves_from(table.id, len(table.row.moves)))

    def absorb(self, table: Table, moves: list[tuple[str, float]]) -> None:
        """Play moves already in the log (with when each was made) and tell the table's connections."""
        if not moves:
            return
        game = table.game
        for text, _ in moves:
            game.play(text)
            table.row.moves.append(text)
        table.last_move_at = time.monotonic()
        analysed = self.manager.has_analysis(game)
        watched = any(c.seat is None for c in table.connections)
        spectators = game.view(None) if analysed or watched else None
        table.broadcast(moves[-1][1], spectators)
        if spectators is not None and analysed:
            rounds = len(spectators.get("score_sheet") or ())
            if rounds > table.rounds:
                self.manager.round_over(table, rounds)
            table.rounds = rounds
        table.wake()
        if table.over:
            self.manager.finished(table)

    def refresh(self, table: Table) -> None:
        """Seats, closing or a rematch changed at another server: take them from the store."""
        row = self.store.load(table.id)
        if row is None:
            return
        now = time.monotonic()
        for state, seat in zip(table.seats, row.seats):
            if (state.row.kind, state.row.bot) != (seat.kind, seat.bot):
                state.bot = make_bot(table.game.name, seat.bot, seed=secrets.randbits(32))
            if state.row.token_hash != seat.token_hash:
                for conn in [c for c in table.connections if c.seat == seat.seat]:
                    conn.push(json.dumps({"type": "error", "message": "this seat was given a new invitation"}))
                    table.drop(conn)
                if state.connections == 0:
                    state.away_since = now
            state.row = seat
        table.row.seats = row.seats
        table.row.rematch = row.rematch
        self.catch_up(table)
        if row.closed and not table.row.closed:
            table.row.closed = True
            if table.task is not None:
                table.task.cancel()
                table.task = None
            table.send_info()
            self.manager.forget_if_idle(table)
            return
        table.send_info()
        table.wake()

    def catch_up_all(self) -> None:
        known = set(self.manager.tables)
        for table in list(self.manager.tables.values()):
            if not table.over:
                self.catch_up(table)
        for table_id in self.store.unfinished_ids():
            if table_id not in known:
                self.adopt(table_id)

    # ----- leases and presence ----------------------------------------------------------------------

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.step()
            except StoreUnavailable:
                # Nobody can move while the database is away; leases run out and are taken again after.
                pass
            except Exception:
                log.exception("keeping the leases failed")

    async def step(self) -> None:
        """Renew and take leases, start and stop drivers, and share who is connected here."""
        held = self.store.hold_leases(self.lease)
        for table_id in self.held - held:
            table = self.manager.tables.get(table_id)
            if table is not None:
                await table.stop()
        gained = held - self.held
        self.held = held
        for table_id in gained:
            table = self.manager.tables.get(table_id)
            if table is None:
                table = self.adopt(table_id)
            else:
                self.catch_up(table)
            if table is not None and not table.over:
                log.info("this server runs table %s now", table_id)
                table.start()
        for table_id in held - gained:
            table = self.manager.tables.get(table_id)
            if table is not None and table.task is not None and table.task.done() and not table.over:
                # A driver stopped by the database going away (its move could not be saved): go on.
                table.task = None
                table.start()
        present = {
            (table.id, -1 if conn.seat is None else conn.seat)
            for table in self.manager.tables.values()
            for conn in table.connections
        }
        self.store.set_presence(present, self.lease)
        self.elsewhere = self.store.present_elsewhere()
        now = time.monotonic()
        for table_id in held:
            table = self.manager.tables.get(table_id)
            if table is None:
                continue
            remote = self.elsewhere.get(table_id, set())
            changed = False
            for state in table.seats:
                if state.row.seat in remote:
                    changed |= state.away_since is not None
                    state.away_since = None
                elif state.connections == 0 and state.away_since is None:
                    state.away_since = now
                    changed = True
            if remote:
                table.active_at = now
            if changed:
                table.wake()
