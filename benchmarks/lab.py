"""Playtest throughput: the same playtest with 1 local process, 2 local processes and a local Ray instance.

    python -m benchmarks.lab [--game tricks-together] [--players 4] [--games 400] [--bots heuristic]

Prints games per second for each and the ratio against 1 process measured in the same run, and checks that all
three played exactly the same games (every column but the seconds each game took).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import pyarrow.parquet as pq

from tricktable.lab.run import run
from tricktable.lab.spec import make_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tricks-together")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    spec = make_spec(args.game, [args.players], games=args.games, bots=args.bots, chunk=10)
    setups = [("1 process", 1, None), ("2 processes", 2, None), ("Ray, local instance (2 CPUs)", 2, "local")]
    rates: dict[str, float] = {}
    tables = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, workers, ray in setups:
            out = Path(scratch) / name.split()[0]
            started = time.perf_counter()
            outcome = run(spec, out, workers=workers, ray=ray)
            wall = time.perf_counter() - started
            rates[name] = outcome.rate
            print(f"{name:32} {outcome.rate:7.1f} games/s  ({outcome.played} games, {outcome.seconds:.1f} s playing, "
                  f"{wall:.1f} s with the report)")  # fmt: skip
            tables.append(pq.read_table(out / "games.parquet").drop_columns(["seconds"]))
    base = rates["1 process"]
    for name, rate in rates.items():
        print(f"{name:32} {rate / base:5.2f}x against 1 process")
    same = all(t.equals(tables[0]) for t in tables[1:])
    print("identical games on every backend:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
