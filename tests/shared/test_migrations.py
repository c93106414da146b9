"""The PostgreSQL store's schema and start-up: migrations from an empty database and from an older version, and
one plain line with exit code 2 (never the URL's password) for a wrong, unreachable or newer database."""

from __future__ import annotations

import subprocess
import sys
import uuid

import psycopg
import pytest

from tests.pgcluster import Cluster, free_port
from tricktable.server.db import StoreError
from tricktable.server.pgstore import MIGRATIONS, SCHEMA_VERSION, PgStore, migrate, shown


def fresh(postgres: Cluster) -> str:
    return postgres.new_database(f"schema_{uuid.uuid4().hex[:12]}")


def version_of(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT version FROM schema_version").fetchone()
    assert row is not None
    return int(row[0])


def tables_of(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {r[0] for r in rows}


def test_an_empty_database_is_brought_to_the_current_schema(postgres: Cluster) -> None:
    url = fresh(postgres)
    assert tables_of(url) == set()
    PgStore(url, pool_size=1).close()
    assert version_of(url) == SCHEMA_VERSION == len(MIGRATIONS)
    assert {"tables", "seats", "moves", "leases", "presence", "rate_hits", "schema_version"} <= tables_of(url)
    PgStore(url, pool_size=1).close()  # opening again changes nothing
    assert version_of(url) == SCHEMA_VERSION


def test_an_older_database_is_upgraded_and_keeps_its_tables(postgres: Cluster) -> None:
    url = fresh(postgres)
    with psycopg.connect(url, autocommit=True) as conn:
        assert migrate(conn, target=1) == 0
        conn.execute(
            "INSERT INTO tables (id, game, players, options, seed, deals, created) "
            "VALUES ('old1', 'trumps', 4, '{}', '7', '[]', 1.0)"
        )
    assert version_of(url) == 1 and "leases" not in tables_of(url)
    store = PgStore(url, pool_size=1)
    try:
        assert version_of(url) == SCHEMA_VERSION
        row = store.load("old1")
        assert row is not None and row.seed == 7
        assert "old1" in store.hold_leases(5.0)  # the new tables work on the old data
    finally:
        store.close()


def test_a_database_of_a_newer_version_is_refused(postgres: Cluster) -> None:
    url = fresh(postgres)
    PgStore(url, pool_size=1).close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}, newer than"):
        PgStore(url, pool_size=1)
    line = refused(url)
    assert f"schema version {SCHEMA_VERSION + 1}" in line and "upgrade tricktable" in line


def refused(url: str, env: dict[str, str] | None = None) -> str:
    """The one line ``tricktable serve --db URL`` prints when it refuses to start, with exit code 2."""
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--port", str(free_port())]
    if env is None:
        command += ["--db", url]
    process = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert process.returncode == 2, (process.returncode, process.stdout, process.stderr)
    assert "http://" not in process.stdout and "Traceback" not in process.stderr, process.stderr
    lines = process.stderr.strip().splitlines()
    assert len(lines) == 1, process.stderr
    return lines[0]


def test_an_unreachable_database_is_one_line_without_the_password() -> None:
    url = f"postgresql://ada:s3cret-Pass@127.0.0.1:{free_port()}/tables"
    line = refused(url)
    assert line.startswith("tricktable serve: cannot use the database postgresql://ada@127.0.0.1:")
    assert "s3cret" not in line


def test_a_wrong_password_or_database_is_one_line_without_the_password(postgres: Cluster) -> None:
    missing = f"postgresql://{postgres.user}:hunter2-secret@127.0.0.1:{postgres.port}/no_such_database"
    line = refused(missing)
    assert "no_such_database" in line and "does not exist" in line
    assert "hunter2" not in line
    assert "malformed" in refused("postgresql://ada:pw@[bad/x?sslmode=nonsense")


def test_the_database_may_be_named_in_the_environment(postgres: Cluster) -> None:
    import os

    url = f"postgresql://{postgres.user}:from-env-secret@127.0.0.1:{postgres.port}/missing_too"
    line = refused(url, env=os.environ | {"TRICKTABLE_DB": url})
    assert "missing_too" in line and "from-env-secret" not in line


def test_the_shown_url_never_has_the_password() -> None:
    assert shown("postgresql://ada:pw@db.example:5433/t") == "postgresql://ada@db.example:5433/t"
    assert shown("postgresql:///t?host=/run/pg") == "postgresql:///run/pg/t"
