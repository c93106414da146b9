"""The web table's SQLite store: tables, seats and the move log.

Every accepted move is one committed transaction before anybody is told about it, so a crash loses nothing
that a player has seen.  WAL mode keeps readers and the single writer out of each other's way; with
``synchronous=NORMAL`` a commit survives the process being killed (the WAL is in the operating system's
hands once ``COMMIT`` returns); ``durable=True`` switches to ``synchronous=FULL`` to survive power loss too.

One server per database: the store holds an exclusive lock on ``<database>.lock`` while it is open, and a
second server on the same file is refused (``StoreError``) instead of running beside the first and diverging.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from filelock import FileLock, Timeout

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    deals TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    result TEXT,
    rematch_of TEXT,
    rematch TEXT,
    fixed INTEGER NOT NULL DEFAULT 0,
    host_hash TEXT,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS tables_open ON tables(finished);
"""
#: Columns added since the first schema, with their definitions: an older database gains them when opened.
ADDED_COLUMNS = {"host_hash": "TEXT", "closed": "INTEGER NOT NULL DEFAULT 0"}


class StoreError(Exception):
    """The database cannot be used: the message says why in one line."""


class StoreUnavailable(Exception):
    """The database cannot be reached right now (a shared PostgreSQL store): nothing was saved; try again."""


class MoveTaken(Exception):
    """Another server recorded a move with this number first (a shared store): the log decides."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    bot: str  # the bot level playing a bot seat (and standing in for an absent human)
    name: str
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    deals: list[dict[str, Any]]
    created: float
    seats: list[SeatRow]
    moves: list[str] = field(default_factory=list)
    finished: float | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    #: The creator chose the seed or the deals, so somebody may know the cards: shown on the table.
    fixed: bool = False
    #: SHA-256 of the host's token (the creator's): fills open seats with bots, re-invites, closes the table.
    host_hash: str | None = None
    #: Closed by its host or expired while idle: over without a result.
    closed: bool = False
    #: The address that created it, for the per-client cap across servers (kept by the PostgreSQL store only).
    client: str | None = None


class TableStore(Protocol):
    """What the server needs of a store: this SQLite one, or ``pgstore.PgStore`` shared by several servers."""

    #: Several servers use it at once (leases decide which one runs a table's bots).
    shared: bool

    def close(self) -> None: ...

    def create_table(self, row: TableRow) -> None: ...

    def add_move(self, table_id: str, n: int, seat: int, move: str, result: dict[str, Any] | None) -> None: ...

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None: ...

    def set_seat(self, table_id: str, seat: int, kind: str, bot: str, name: str, token_hash: str | None) -> None: ...

    def close_table(self, table_id: str) -> None: ...

    def set_rematch(self, table_id: str, rematch_id: str) -> None: ...

    def unfinished_ids(self) -> list[str]: ...

    def load(self, table_id: str) -> TableRow | None: ...

    def recent_finished(self, limit: int = 20) -> list[tuple[str, str, float, str | None]]: ...

    def move_count(self, table_id: str) -> int: ...


class Store:
    """A thin layer over one SQLite connection, used from the server's event loop only."""

    shared = False

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        """Open (or create) the database; raises ``StoreError`` with a one-line reason if it cannot be used."""
        self.path = Path(path)
        self.durable = durable
        if not self.path.parent.is_dir():
            raise StoreError(f"the folder of the database does not exist: {self.path.parent}")
        self._lock = FileLock(str(self.path) + ".lock", blocking=False)
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreError(f"another tricktable server is using the database {self.path}") from None
        except OSError as exc:
            raise StoreError(f"cannot lock the database {self.path}: {exc.strerror or exc}") from None
        try:
            self.conn = self._open()
        except sqlite3.Error as exc:
            self._lock.release()
            raise StoreError(f"cannot use the database {self.path}: {exc}") from None
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint_loop, name="wal-checkpoint", daemon=True)
        self._checkpointer.start()

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.executescript(SCHEMA)
            have = {row[1] for row in conn.execute("PRAGMA table_info(tables)")}
            for column, definition in ADDED_COLUMNS.items():
                if column not in have:
                    conn.execute(f"ALTER TABLE tables ADD COLUMN {column} {definition}")
            # A read-only file opens and reads fine: find out now, not at the first move.
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
            # Checkpoints copy the WAL into the database file and wait for the disk: a checkpoint thread with
            # its own connection does that, so a commit on the event loop never waits for one.
            conn.execute("PRAGMA wal_autocheckpoint=0")
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def synchronous(self) -> str:
        """The connection's ``synchronous`` setting by name (``FULL`` with ``durable``)."""
        value = int(self.conn.execute("PRAGMA synchronous").fetchone()[0])
        return {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(value, str(value))

    def _checkpoint_loop(self, every: float = 1.0) -> None:
        conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(every):
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._checkpointer.join(timeout=5)
        with contextlib.suppress(sqlite3.Error):
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.conn.close()
        self._lock.release()

    def journal_mode(self) -> str:
        return str(self.conn.execute("PRAGMA journal_mode").fetchone()[0])

    # ----- writing ----------------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self._transaction() as c:
            c.execute(
                "INSERT INTO tables (id, game, players, options, seed, deals, created, rematch_of, fixed, host_hash)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.players,
                    json.dumps(row.options),
                    str(row.seed),
                    json.dumps(row.deals),
                    row.created,
                    row.rematch_of,
                    int(row.fixed),
                    row.host_hash,
                ),
            )
            c.executemany(
                "INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats],
            )

    def add_move(self, table_id: str, n: int, seat: int, move: str, result: dict[str, Any] | None) -> None:
        """Commit move ``n`` (0-based); a move that ends the game also marks the table finished."""
        now = time.time()
        with self._transaction() as c:
            c.execute(
                "INSERT INTO moves (table_id, n, seat, move, at) VALUES (?, ?, ?, ?, ?)", (table_id, n, seat, move, now)
            )
            if result is not None:
                c.execute(
                    "UPDATE tables SET finished = ?, result = ? WHERE id = ?", (now, json.dumps(result), table_id)
                )

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        with self._transaction() as c:
            c.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (name, token_hash, table_id, seat),
            )

    def set_seat(self, table_id: str, seat: int, kind: str, bot: str, name: str, token_hash: str | None) -> None:
        """A seat changes hands: a bot put in an open seat, or a new token for a re-invited one."""
        with self._transaction() as c:
            c.execute(
                "UPDATE seats SET kind = ?, bot = ?, name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (kind, bot, name, token_hash, table_id, seat),
            )

    def close_table(self, table_id: str) -> None:
        """Closed by its host or expired: finished, without a result."""
        with self._transaction() as c:
            c.execute("UPDATE tables SET finished = ?, closed = 1 WHERE id = ?", (time.time(), table_id))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self._transaction() as c:
            c.execute("UPDATE tables SET rematch = ? WHERE id = ?", (rematch_id, table_id))

    def _transaction(self) -> _Tx:
        return _Tx(self.conn)

    # ----- reading ----------------------------------------------------------------------------------

    def unfinished_ids(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT id FROM tables WHERE finished IS NULL ORDER BY created")]

    def load(self, table_id: str) -> TableRow | None:
        r = self.conn.execute(
            "SELECT id, game, players, options, seed, deals, created, finished, rematch_of, rematch, fixed,"
            " host_hash, closed FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if r is None:
            return None
        seats = [
            SeatRow(seat=s[0], kind=s[1], bot=s[2], name=s[3], token_hash=s[4])
            for s in self.conn.execute(
                "SELECT seat, kind, bot, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
            )
        ]
        moves = [m[0] for m in self.conn.execute("SELECT move FROM moves WHERE table_id = ? ORDER BY n", (table_id,))]
        return TableRow(
            id=r[0],
            game=r[1],
            players=r[2],
            options=json.loads(r[3]),
            seed=int(r[4]),
            deals=json.loads(r[5]),
            created=r[6],
            finished=r[7],
            rematch_of=r[8],
            rematch=r[9],
            fixed=bool(r[10]),
            host_hash=r[11],
            closed=bool(r[12]),
            seats=seats,
            moves=moves,
        )

    def recent_finished(self, limit: int = 20) -> list[tuple[str, str, float, str | None]]:
        """The last games played to the end (closed and expired tables are left out)."""
        rows = self.conn.execute(
            "SELECT id, game, finished, result FROM tables WHERE finished IS NOT NULL AND closed = 0"
            " ORDER BY finished DESC LIMIT ?",
            (limit,),
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def move_count(self, table_id: str) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()[0])


class _Tx:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on error) on an autocommit connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")
