"""The store, the same tests on SQLite (``db.Store``) and on PostgreSQL (``pgstore.PgStore``): tables, seats,
the move log, finishing, closing and rematches come back as they were written, and a move number is taken once."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pgcluster import Cluster
from tricktable.server.db import MoveTaken, SeatRow, Store, TableRow, TableStore


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    opened: TableStore
    if request.param == "sqlite":
        opened = Store(tmp_path / "tables.sqlite3")
    else:
        from tricktable.server.pgstore import PgStore

        cluster: Cluster = request.getfixturevalue("postgres")
        opened = PgStore(cluster.new_database(f"store_{uuid.uuid4().hex[:12]}"), pool_size=2)
    try:
        yield opened
    finally:
        opened.close()


def a_row(table_id: str = "t1", created: float = 1000.0, client: str | None = None) -> TableRow:
    return TableRow(
        id=table_id,
        game="trumps",
        players=4,
        options={"target": 10},
        seed=2**63 - 1,
        deals=[{"hands": ["AS KS"]}],
        created=created,
        seats=[
            SeatRow(seat=0, kind="human", bot="normal", name="Ada"),
            SeatRow(seat=1, kind="bot", bot="strong", name="Bot 2 (strong)"),
            SeatRow(seat=2, kind="human", bot="normal", name="Player 3", token_hash="ab" * 32),
            SeatRow(seat=3, kind="bot", bot="random", name="Bot 4 (random)"),
        ],
        fixed=True,
        host_hash="cd" * 32,
        client=client,
    )


def test_a_table_comes_back_as_written(store: TableStore) -> None:
    row = a_row()
    store.create_table(row)
    loaded = store.load("t1")
    assert loaded is not None
    assert (loaded.game, loaded.players, loaded.options, loaded.seed, loaded.deals) == (
        "trumps", 4, {"target": 10}, 2**63 - 1, [{"hands": ["AS KS"]}],
    )  # fmt: skip
    assert loaded.seats == row.seats
    assert (loaded.fixed, loaded.host_hash, loaded.closed, loaded.finished, loaded.moves) == (
        True, "cd" * 32, False, None, [],
    )  # fmt: skip
    assert store.load("nothing") is None
    assert store.unfinished_ids() == ["t1"]


def test_moves_are_kept_in_order_and_a_number_is_taken_once(store: TableStore) -> None:
    store.create_table(a_row())
    for n, move in enumerate(["bid 2", "pass", "7C"]):
        store.add_move("t1", n, n % 4, move, None)
    with pytest.raises((MoveTaken, sqlite3.IntegrityError)):
        store.add_move("t1", 1, 1, "bid 3", None)
    loaded = store.load("t1")
    assert loaded is not None and loaded.moves == ["bid 2", "pass", "7C"]
    assert store.move_count("t1") == 3


def test_the_last_move_finishes_the_table(store: TableStore) -> None:
    store.create_table(a_row("t1", created=1.0))
    store.create_table(a_row("t2", created=2.0))
    store.add_move("t1", 0, 0, "7C", {"summary": "Ada wins"})
    assert store.unfinished_ids() == ["t2"]
    finished = store.recent_finished()
    assert [(f[0], f[1]) for f in finished] == [("t1", "trumps")]
    assert finished[0][3] is not None and "Ada wins" in finished[0][3]
    loaded = store.load("t1")
    assert loaded is not None and loaded.finished is not None


def test_seats_change_hands(store: TableStore) -> None:
    store.create_table(a_row())
    store.take_seat("t1", 0, "Grace", "ef" * 32)
    store.set_seat("t1", 3, "human", "random", "Player 4", "01" * 32)
    loaded = store.load("t1")
    assert loaded is not None
    assert (loaded.seats[0].name, loaded.seats[0].token_hash) == ("Grace", "ef" * 32)
    assert (loaded.seats[3].kind, loaded.seats[3].token_hash) == ("human", "01" * 32)


def test_closing_and_rematch(store: TableStore) -> None:
    store.create_table(a_row("t1"))
    store.create_table(a_row("t2", created=2000.0))
    store.set_rematch("t1", "t2")
    store.close_table("t2")
    t1, t2 = store.load("t1"), store.load("t2")
    assert t1 is not None and t1.rematch == "t2"
    assert t2 is not None and t2.closed and t2.finished is not None
    assert store.unfinished_ids() == ["t1"]
    assert [f[0] for f in store.recent_finished()] == []  # a closed table is no game played to its end
