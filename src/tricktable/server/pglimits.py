"""A ``limits`` storage in PostgreSQL, so that several servers on one database share their rate limits.

``limits`` ships storages for memory, Redis, Memcached and MongoDB, none for PostgreSQL; this one keeps the
moving window's hits as rows of ``rate_hits`` (key, time), made by the store's migrations.  A hit takes a
transaction-scoped advisory lock on its key, so two servers counting the same client never both let the
last request of a window through.  Old rows are deleted as hits come in.  It is used from the event loop,
like the store: each hit is one short transaction on the store's pool.

The fixed-window counters (``incr``/``get``) are kept as rows too (one per hit, counted, and one for the
window's end), so the storage is complete for ``limits``; the server itself uses the moving window.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
from limits.storage import MovingWindowSupport, Storage
from psycopg_pool import PoolTimeout

from tricktable.server.db import StoreUnavailable
from tricktable.server.pgstore import PgStore


class PostgresStorage(Storage, MovingWindowSupport):
    """Rate-limit hits in the ``rate_hits`` table of a tricktable PostgreSQL database."""

    STORAGE_SCHEME = ["tricktable+postgresql"]

    def __init__(self, store: PgStore, **options: Any) -> None:
        super().__init__(uri=None, wrap_exceptions=False, **options)
        self.store = store

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (psycopg.Error, PoolTimeout)

    # ----- the moving window (what the server uses) ---------------------------------------------------

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if amount > limit:
            return False
        try:
            return self._acquire(key, limit, expiry, amount)
        except StoreUnavailable:
            # The database is away: let the request through to be answered "try again shortly" (503) by
            # whatever it needs of the database, rather than blaming the client for it.
            return True

    def _acquire(self, key: str, limit: int, expiry: int, amount: int) -> bool:
        now = time.time()
        with self.store._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))
            conn.execute("DELETE FROM rate_hits WHERE key = %s AND at <= %s", (key, now - expiry))
            row = conn.execute("SELECT COUNT(*) FROM rate_hits WHERE key = %s", (key,)).fetchone()
            if (int(row[0]) if row else 0) + amount > limit:
                return False
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO rate_hits (key, at) VALUES (%s, %s)", [(key, now)] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self.store._conn() as conn:
            row = conn.execute(
                "SELECT min(at), COUNT(*) FROM rate_hits WHERE key = %s AND at > %s", (key, now - expiry)
            ).fetchone()
        if not row or not row[1]:
            return now, 0
        return float(row[0]), int(row[1])

    # ----- fixed windows and the rest of the interface --------------------------------------------------

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count ``amount`` hits in ``key``'s fixed window; the window's end is kept as a row of ``key``+``!end``."""
        now = time.time()
        end_key = key + "!end"
        with self.store._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))
            end = conn.execute("SELECT max(at) FROM rate_hits WHERE key = %s", (end_key,)).fetchone()
            if not end or end[0] is None or float(end[0]) <= now:
                conn.execute("DELETE FROM rate_hits WHERE key IN (%s, %s)", (key, end_key))
                conn.execute("INSERT INTO rate_hits (key, at) VALUES (%s, %s)", (end_key, now + expiry))
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO rate_hits (key, at) VALUES (%s, %s)", [(key, now)] * amount)
            row = conn.execute("SELECT COUNT(*) FROM rate_hits WHERE key = %s", (key,)).fetchone()
        return int(row[0]) if row else amount

    def get(self, key: str) -> int:
        with self.store._conn() as conn:
            end = conn.execute("SELECT max(at) FROM rate_hits WHERE key = %s", (key + "!end",)).fetchone()
            if not end or end[0] is None or float(end[0]) <= time.time():
                return 0
            row = conn.execute("SELECT COUNT(*) FROM rate_hits WHERE key = %s", (key,)).fetchone()
        return int(row[0]) if row else 0

    def get_expiry(self, key: str) -> float:
        with self.store._conn() as conn:
            row = conn.execute("SELECT max(at) FROM rate_hits WHERE key = %s", (key + "!end",)).fetchone()
        return float(row[0]) if row and row[0] is not None else time.time()

    def check(self) -> bool:
        return self.store.reachable

    def reset(self) -> int | None:
        with self.store._conn() as conn:
            return conn.execute("DELETE FROM rate_hits").rowcount

    def clear(self, key: str) -> None:
        with self.store._conn() as conn:
            conn.execute("DELETE FROM rate_hits WHERE key IN (%s, %s)", (key, key + "!end"))
