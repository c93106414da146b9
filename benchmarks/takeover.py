"""How long a table's bots stop when the server running them dies: two ``tricktable serve`` processes on one
PostgreSQL database (a throwaway cluster, as in the tests), a table of four bots made at the first, ``kill -9``
of the first (and its bot workers) in the middle of a round, and the time until the second server has made
the table's next move.  Repeated ``--trials`` times with a fresh pair of servers each time; prints the median
and the worst.

    python -m benchmarks.takeover --trials 10
"""

from __future__ import annotations

import argparse
import statistics
import time

import httpx

from tests.pgcluster import Cluster
from tests.shared.support import Server, create, move_count


def trial(cluster: Cluster, index: int, bot_delay: float) -> float:
    database = cluster.new_database(f"takeover_{index}")
    first = Server(database, "--bot-delay", str(bot_delay))
    second = Server(database, "--bot-delay", str(bot_delay))
    try:
        table = create(first, ["bot", "bot", "bot", "bot"], seat=None)["table"]["id"]
        while move_count(database, table) < 6:  # mid-round
            time.sleep(0.02)
        first.kill()
        killed = time.monotonic()
        at_kill = move_count(database, table)
        while move_count(database, table) <= at_kill:
            if time.monotonic() - killed > 60:
                raise SystemExit("no take-over within 60 s")
            time.sleep(0.01)
        took = time.monotonic() - killed
        assert httpx.get(f"{second.url}/api/tables/{table}", timeout=10).status_code == 200
        return took
    finally:
        first.stop()
        second.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--bot-delay", type=float, default=0.2, help="seconds between bot moves")
    args = parser.parse_args()
    cluster = Cluster()
    try:
        times = []
        for index in range(args.trials):
            times.append(trial(cluster, index, args.bot_delay))
            print(f"trial {index + 1}: next move {times[-1]:.2f} s after kill -9", flush=True)
    finally:
        cluster.close()
    print(f"take-over over {len(times)} trials: median {statistics.median(times):.2f} s, worst {max(times):.2f} s")


if __name__ == "__main__":
    main()
