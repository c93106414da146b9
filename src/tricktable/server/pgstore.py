"""The web table's PostgreSQL store: the same tables, seats and move log as the SQLite store (``db.Store``, the
same methods), shared by any number of ``tricktable serve`` processes.

- psycopg 3 with its connection pool (``--db-pool`` connections per process), each call one short transaction.
- Migrations: ``MIGRATIONS`` below, applied in order at start-up under an advisory lock (two servers starting
  together do not both migrate); ``schema_version`` holds how many have run.  A database from a newer
  tricktable (a version this one does not know) is refused.
- A move is accepted once: the log's primary key (table, move number) decides a race between two servers;
  the loser gets ``MoveTaken`` and catches up from the log.
- Every change is announced on the ``tricktable`` channel (``NOTIFY``, sent when the transaction commits), so
  the other servers update their players; ``shared.SharedTables`` listens.  A move's announcement carries the
  move, so a server that is up to date plays it without asking the database.
- Leases (``leases``: a row per table with an owner and an expiry, renewed) decide which server runs a
  table's bots, timers and stand-ins; ``presence`` tells the lease holder who is connected elsewhere.
- While the database cannot be reached every call fails at once with ``StoreUnavailable`` (no waiting on the
  event loop); a background probe notices when it is back.

A password in the URL is never shown: messages name the database as ``user@host:port/name``.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from tricktable.server.db import MoveTaken, SeatRow, StoreError, StoreUnavailable, TableRow
from tricktable.server.table import SeatTaken

#: The channel every change is announced on.
CHANNEL = "tricktable"
#: Key of the advisory lock held while migrating.
MIGRATION_LOCK = 0x7472_6963_6B74  # "trickt"

#: The schema, one step per version: a database at version N has run the first N steps.
MIGRATIONS: list[str] = [
    # 1: tables, seats and the move log (as in SQLite, with the creating address for the per-client cap).
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        deals TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished DOUBLE PRECISION,
        result TEXT,
        rematch_of TEXT,
        rematch TEXT,
        fixed BOOLEAN NOT NULL DEFAULT FALSE,
        host_hash TEXT,
        closed BOOLEAN NOT NULL DEFAULT FALSE,
        client TEXT
    );
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE moves (
        table_id TEXT NOT NULL REFERENCES tables(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    CREATE INDEX tables_open ON tables(finished);
    CREATE INDEX tables_client ON tables(client) WHERE finished IS NULL;
    """,
    # 2: several servers on one database: table leases, who is connected where, shared rate limits.
    """
    CREATE TABLE leases (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        owner TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL
    );
    CREATE TABLE presence (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        owner TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (table_id, seat, owner)
    );
    CREATE TABLE rate_hits (
        key TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX rate_hits_key ON rate_hits(key, at);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


def shown(url: str) -> str:
    """The database as a person may see it: ``postgresql://user@host:port/name``, never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(a malformed URL)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "localhost")
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


def _reason(exc: BaseException, url: str) -> str:
    """The first line of a driver's error, with the password (if any) blotted out."""
    text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    with contextlib.suppress(psycopg.ProgrammingError):
        password = conninfo_to_dict(url).get("password")
        if password:
            text = text.replace(str(password), "***")
    return text


def migrate(conn: psycopg.Connection[Any], target: int = SCHEMA_VERSION) -> int:
    """Bring the schema up to version ``target``; returns the version found.  Refuses a newer database."""
    conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
        found = int(row[0]) if row and row[0] is not None else 0
        if found > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {found}, newer than this tricktable knows ({SCHEMA_VERSION}):"
                " upgrade tricktable"
            )
        for version in range(found + 1, target + 1):
            with conn.transaction():
                conn.execute(MIGRATIONS[version - 1])
                conn.execute("DELETE FROM schema_version")
                conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
        return found
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))


class PgStore:
    """The store on PostgreSQL, used from the server's event loop (each call a short transaction)."""

    #: Shared by several processes: the manager runs a table's driver only while holding its lease.
    shared = True

    def __init__(self, url: str, pool_size: int = 10, durable: bool = False, connect_timeout: float = 5.0) -> None:
        """Connect, migrate, open the pool; raises ``StoreError`` with a one-line reason if the database
        cannot be used.  ``durable``: every commit waits for PostgreSQL's disk (``synchronous_commit=on``);
        without it a commit survives this server being killed and PostgreSQL being stopped or restarted, but
        a crash of PostgreSQL itself or of its machine may lose the last fraction of a second (as SQLite's
        ``synchronous=NORMAL`` may at a power cut), and the event loop does not wait for a disk flush."""
        self.url = url
        self.label = shown(url)
        #: This process among the servers on the database: leases and presence rows carry it.
        self.owner = uuid.uuid4().hex
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(connect_timeout))) as conn:
                migrate(conn)
        except psycopg.Error as exc:
            raise StoreError(f"cannot use the database {self.label}: {_reason(exc, url)}") from None
        self.pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            kwargs={"autocommit": True, "options": f"-c synchronous_commit={'on' if durable else 'off'}"},
            timeout=2.0,
            open=False,
            name="tricktable",
        )
        try:
            self.pool.open(wait=True, timeout=connect_timeout)
        except PoolTimeout:
            raise StoreError(f"cannot open connections to the database {self.label}") from None
        self._down = threading.Event()
        self._probe: threading.Thread | None = None
        self._closed = False

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(psycopg.Error), self.pool.connection(timeout=1.0) as conn:
            conn.execute("DELETE FROM leases WHERE owner = %s", (self.owner,))
            conn.execute("DELETE FROM presence WHERE owner = %s", (self.owner,))
        self.pool.close()

    # ----- the connection, and the database going away ----------------------------------------------

    @property
    def reachable(self) -> bool:
        return not self._down.is_set()

    @contextlib.contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection; ``StoreUnavailable`` at once while the database is known to be down."""
        if self._down.is_set():
            raise StoreUnavailable("the database cannot be reached now; try again shortly")
        try:
            with self.pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout) as exc:
            self._went_down()
            raise StoreUnavailable("the database cannot be reached now; try again shortly") from exc

    def went_down(self) -> None:
        """Somebody (the listening connection) saw the database go away: fail at once until it is back."""
        self._went_down()

    def _went_down(self) -> None:
        if self._closed or self._down.is_set():
            return
        self._down.set()
        self._probe = threading.Thread(target=self._wait_for_database, name="database-probe", daemon=True)
        self._probe.start()

    def _wait_for_database(self) -> None:
        while not self._closed:
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=2) as conn:
                    conn.execute("SELECT 1")
            except psycopg.Error:
                time.sleep(0.5)
                continue
            self.pool.check()  # drop the pool's connections to the old server before anybody takes one
            self.pool.wait(timeout=5.0)
            self._down.clear()
            return

    def _notify(self, conn: psycopg.Connection[Any], table_id: str, kind: str, **extra: Any) -> None:
        payload = json.dumps({"o": self.owner, "t": table_id, "k": kind} | extra, separators=(",", ":"))
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    # ----- writing ----------------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        """Make the table (this process holds its lease from the start) and announce it."""
        with self._conn() as conn, conn.transaction():
            conn.execute(
                "INSERT INTO tables (id, game, players, options, seed, deals, created, rematch_of, fixed, host_hash,"
                " client) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    row.id, row.game, row.players, json.dumps(row.options), str(row.seed), json.dumps(row.deals),
                    row.created, row.rematch_of, row.fixed, row.host_hash, row.client,
                ),
            )  # fmt: skip
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES (%s, %s, %s, %s, %s, %s)",
                    [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats],
                )
            conn.execute(
                "INSERT INTO leases (table_id, owner, expires) VALUES (%s, %s, now() + interval '10 seconds')",
                (row.id, self.owner),
            )
            self._notify(conn, row.id, "new")

    def add_move(self, table_id: str, n: int, seat: int, move: str, result: dict[str, Any] | None) -> None:
        """Commit move ``n`` (0-based); ``MoveTaken`` if another server recorded move ``n`` first.  One
        statement, so one round trip: the insert, the table finished by the last move, and the announcement."""
        now = time.time()
        # The move itself rides along (it is short): a server that has move n-1 plays it without a round trip.
        note = json.dumps(
            {"o": self.owner, "t": table_id, "k": "move", "n": n, "m": move, "at": now}, separators=(",", ":")
        )
        try:
            with self._conn() as conn:
                conn.execute(
                    "WITH made AS (INSERT INTO moves (table_id, n, seat, move, at) VALUES (%(t)s, %(n)s, %(seat)s,"
                    " %(move)s, %(at)s)), ended AS (UPDATE tables SET finished = %(at)s, result = %(result)s"
                    " WHERE id = %(t)s AND %(result)s::text IS NOT NULL) SELECT pg_notify(%(channel)s, %(note)s)",
                    {
                        "t": table_id, "n": n, "seat": seat, "move": move, "at": now,
                        "result": None if result is None else json.dumps(result), "channel": CHANNEL, "note": note,
                    },
                )  # fmt: skip
        except pg_errors.UniqueViolation:
            raise MoveTaken(f"move {n + 1} of table {table_id} was recorded by another server first") from None

    def _change(self, table_id: str, sql: str, params: tuple[Any, ...]) -> None:
        with self._conn() as conn, conn.transaction():
            conn.execute(sql, params)
            self._notify(conn, table_id, "info")

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        """Take a free seat; ``SeatTaken`` if another server gave it to somebody first."""
        with self._conn() as conn, conn.transaction():
            taken = conn.execute(
                "UPDATE seats SET name = %s, token_hash = %s WHERE table_id = %s AND seat = %s"
                " AND token_hash IS NULL AND kind = 'human'",
                (name, token_hash, table_id, seat),
            ).rowcount
            self._notify(conn, table_id, "info")
        if taken != 1:
            raise SeatTaken(f"seat {seat + 1} is not free")

    def set_seat(self, table_id: str, seat: int, kind: str, bot: str, name: str, token_hash: str | None) -> None:
        self._change(
            table_id,
            "UPDATE seats SET kind = %s, bot = %s, name = %s, token_hash = %s WHERE table_id = %s AND seat = %s",
            (kind, bot, name, token_hash, table_id, seat),
        )

    def close_table(self, table_id: str) -> None:
        self._change(table_id, "UPDATE tables SET finished = %s, closed = TRUE WHERE id = %s", (time.time(), table_id))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        self._change(table_id, "UPDATE tables SET rematch = %s WHERE id = %s", (rematch_id, table_id))

    # ----- reading ----------------------------------------------------------------------------------

    def unfinished_ids(self) -> list[str]:
        with self._conn() as conn:
            return [r[0] for r in conn.execute("SELECT id FROM tables WHERE finished IS NULL ORDER BY created")]

    def load(self, table_id: str) -> TableRow | None:
        with self._conn() as conn, conn.transaction():
            r = conn.execute(
                "SELECT id, game, players, options, seed, deals, created, finished, rematch_of, rematch, fixed,"
                " host_hash, closed, client FROM tables WHERE id = %s",
                (table_id,),
            ).fetchone()
            if r is None:
                return None
            seats = [
                SeatRow(seat=s[0], kind=s[1], bot=s[2], name=s[3], token_hash=s[4])
                for s in conn.execute(
                    "SELECT seat, kind, bot, name, token_hash FROM seats WHERE table_id = %s ORDER BY seat", (table_id,)
                )
            ]
            moves = [m[0] for m in conn.execute("SELECT move FROM moves WHERE table_id = %s ORDER BY n", (table_id,))]
        return TableRow(
            id=r[0], game=r[1], players=r[2], options=json.loads(r[3]), seed=int(r[4]), deals=json.loads(r[5]),
            created=r[6], finished=r[7], rematch_of=r[8], rematch=r[9], fixed=bool(r[10]), host_hash=r[11],
            closed=bool(r[12]), client=r[13], seats=seats, moves=moves,
        )  # fmt: skip

    def moves_from(self, table_id: str, n: int) -> list[tuple[str, float]]:
        """The log's moves from number ``n`` (0-based) on, with when each was made."""
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT move, at FROM moves WHERE table_id = %s AND n >= %s ORDER BY n", (table_id, n)
            ).fetchall()
        return [(r[0], float(r[1])) for r in rows]

    def recent_finished(self, limit: int = 20) -> list[tuple[str, str, float, str | None]]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT id, game, finished, result FROM tables WHERE finished IS NOT NULL AND NOT closed"
                " ORDER BY finished DESC LIMIT %s",
                (limit,),
            ).fetchall()
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def move_count(self, table_id: str) -> int:
        with self._conn() as conn:
            row = conn.execute("SELECT COUNT(*) FROM moves WHERE table_id = %s", (table_id,)).fetchone()
        return int(row[0]) if row else 0

    def running_tables_of(self, client: str) -> int:
        """Unfinished tables created from ``client``'s address, at every server."""
        with self._conn() as conn:
            row = conn.execute(
                "SELECT COUNT(*) FROM tables WHERE client = %s AND finished IS NULL", (client,)
            ).fetchone()
        return int(row[0]) if row else 0

    # ----- leases and presence ------------------------------------------------------------------------

    def hold_leases(self, ttl: float) -> set[str]:
        """Renew this process's leases and take every unfinished table whose lease is missing or has run out;
        returns the tables this process holds now."""
        with self._conn() as conn:
            rows = conn.execute(
                "INSERT INTO leases (table_id, owner, expires)"
                " SELECT id, %(me)s, now() + %(ttl)s * interval '1 second' FROM tables WHERE finished IS NULL"
                " ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires"
                " WHERE leases.owner = EXCLUDED.owner OR leases.expires < now()"
                " RETURNING table_id",
                {"me": self.owner, "ttl": ttl},
            ).fetchall()
        return {r[0] for r in rows}

    def release_lease(self, table_id: str) -> None:
        with self._conn() as conn:
            conn.execute("DELETE FROM leases WHERE table_id = %s AND owner = %s", (table_id, self.owner))

    def set_presence(self, present: set[tuple[str, int]], ttl: float) -> None:
        """This process's connections: (table, seat) pairs, seat ``-1`` for watchers; renewed, the rest dropped."""
        with self._conn() as conn, conn.transaction():
            conn.execute("DELETE FROM presence WHERE owner = %s", (self.owner,))
            if present:
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO presence (table_id, seat, owner, expires)"
                        " VALUES (%s, %s, %s, now() + %s * interval '1 second')",
                        [(table_id, seat, self.owner, ttl) for table_id, seat in sorted(present)],
                    )

    def present_elsewhere(self) -> dict[str, set[int]]:
        """Seats (``-1``: a watcher) connected at other servers, per table."""
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT table_id, seat FROM presence WHERE owner <> %s AND expires > now()", (self.owner,)
            ).fetchall()
        out: dict[str, set[int]] = {}
        for table_id, seat in rows:
            out.setdefault(table_id, set()).add(int(seat))
        return out
