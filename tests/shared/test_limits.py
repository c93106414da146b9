"""Rate limits and the per-address table cap hold across servers on one PostgreSQL database: the ``limits``
storage in PostgreSQL (``pglimits``) in-process, then two real servers sharing their counts."""

from __future__ import annotations

import time
import uuid

import httpx
from limits import parse
from limits.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter

from tests.pgcluster import Cluster
from tricktable.server.pglimits import PostgresStorage
from tricktable.server.pgstore import PgStore

from .support import Server


def test_two_stores_share_one_moving_window(postgres: Cluster) -> None:
    url = postgres.new_database(f"limits_{uuid.uuid4().hex[:12]}")
    first, second = PgStore(url, pool_size=1), PgStore(url, pool_size=1)
    try:
        one, two = MovingWindowRateLimiter(PostgresStorage(first)), MovingWindowRateLimiter(PostgresStorage(second))
        rate = parse("3/minute")
        assert [one.hit(rate, "all", "10.0.0.1"), two.hit(rate, "all", "10.0.0.1"), one.hit(rate, "all", "10.0.0.1")]
        assert not two.hit(rate, "all", "10.0.0.1") and not one.hit(rate, "all", "10.0.0.1")
        assert two.hit(rate, "all", "10.0.0.2")  # another address counts apart
        stats = one.get_window_stats(rate, "all", "10.0.0.1")
        assert stats.remaining == 0 and stats.reset_time > time.time()
        short = parse("2/second")
        assert one.hit(short, "x") and two.hit(short, "x") and not one.hit(short, "x")
        time.sleep(1.1)
        assert two.hit(short, "x")  # the window moved on
        fixed = FixedWindowRateLimiter(PostgresStorage(first))
        assert fixed.hit(short, "y") and fixed.hit(short, "y") and not fixed.hit(short, "y")
    finally:
        first.close()
        second.close()


def test_two_servers_share_the_rate_limit_and_the_table_cap(postgres: Cluster) -> None:
    database = postgres.new_database(f"limits_{uuid.uuid4().hex[:12]}")
    strict = ["--rate", "12/minute", "--client-tables", "2"]
    servers = [Server(database, *strict)]
    try:
        servers.append(Server(database, *strict))
        # Servers' start-up checks used a few of the 12 requests; spread the rest over both servers.
        body = {"game": "trumps", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3, "seat": 0}
        made = [httpx.post(f"{servers[i].url}/api/tables", json=body, timeout=10).status_code for i in (0, 1)]
        assert made == [201, 201]
        third = httpx.post(f"{servers[0].url}/api/tables", json=body, timeout=10)
        assert third.status_code == 429 and "unfinished tables" in third.json()["detail"], third.text
        statuses = [httpx.get(f"{servers[i % 2].url}/api/games", timeout=10).status_code for i in range(12)]
        assert 429 in statuses, statuses
        # Together never more than 12 in the minute (alone, each server would have let all these through): at
        # least one readiness check per server and the three tables asked for were counted already.
        assert statuses.count(200) <= 12 - 2 - 3, statuses
    finally:
        for server in servers:
            server.stop()
