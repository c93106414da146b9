"""Load benchmark of the web table: a real ``tricktable serve`` subprocess, many tables played by bots, and
websocket clients watching.  Prints the move-to-update latency (p50/p99: from the moment the server takes a
move to the moment a watcher has the update) and peak memory: the server's process (VmHWM) and, apart, the
worker processes its bots think in.

    python -m benchmarks.server                       # 200 tables, 100 watchers, 30 s, random bots every 0.5 s
    python -m benchmarks.server --bot strongest       # each game's strongest bot level at every seat
    python -m benchmarks.server --tables 50 --seconds 10 --bot-delay 0.2
    python -m benchmarks.server --backends sqlite,postgresql:1,postgresql:2   # one run, three set-ups

``postgresql:N``: N server processes on one PostgreSQL database (a throwaway cluster started from Debian's
binaries, as the tests do); tables are made at each process in turn and every watcher watches through another
process than the one that made its table, so with 2 processes every update it sees crossed between them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

GAMES = ("tricks-together", "tandem-trick", "secret-trumps", "trumps")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory_kb(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            out[key] = int(value.split()[0])
    return out


def workers_kb(pid: int) -> int:
    """Peak memory (VmHWM) of every process the server started (its bot workers), added up."""
    total = 0
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        with contextlib.suppress(OSError):
            total += memory_kb(int(child)).get("VmHWM", 0) + workers_kb(int(child))
    return total


def start(db: Path | str, port: int, bot_delay: float) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--port", str(port)]
    command += ["--db", str(db), "--bot-delay", str(bot_delay)]
    # One client makes every table here: lift the per-address limits meant for strangers.
    command += ["--client-tables", "100000", "--rate", "1000000/minute", "--create-rate", "1000000/minute"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


LEVELS: dict[str, list[str]] = {}


async def create_table(http: httpx.AsyncClient, index: int, bot: str) -> str:
    game = GAMES[index % len(GAMES)]
    options = {"lives": 4, "up_and_down": True} if game == "tricks-together" else {}
    # "strongest": the last of the game's levels (they are listed weakest first).
    seat = {"kind": "bot", "bot": LEVELS[game][-1] if bot == "strongest" else bot}
    body = {"game": game, "options": options, "seats": [seat] * 4, "seat": None}
    r = await http.post("/api/tables", json=body)
    r.raise_for_status()
    return str(r.json()["table"]["id"])


async def watch(url: str, table: str, latencies: list[float], stop: asyncio.Event) -> str:
    """Watch one table until it ends or the run stops; returns why it stopped."""
    async with websockets.connect(f"{url}/ws/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": None}))
        while not stop.is_set():
            try:
                received = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            now = time.time()
            text = received if isinstance(received, str) else received.decode()
            # Parse only what is measured, so the watchers' own work does not count as server latency.
            if text.startswith('{"type":"update"'):
                latencies.append(now - float(text[text.rindex('"ts":') + 5 : -1]))
                if '"result":null' not in text:
                    return "over"
    return "stopped"


async def run(args: argparse.Namespace, db: Path | str, servers: int = 1) -> dict[str, Any]:
    ports = [free_port() for _ in range(servers)]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as tmp:
        processes = [start(db if isinstance(db, str) else Path(tmp) / db, port, args.bot_delay) for port in ports]
        process = processes[0]
        try:
            async with contextlib.AsyncExitStack() as stack:
                https = [await stack.enter_async_context(httpx.AsyncClient(base_url=u, timeout=30)) for u in urls]
                http = https[0]
                for client in https:
                    for _ in range(300):
                        with contextlib.suppress(httpx.HTTPError):
                            if (await client.get("/api/games")).status_code == 200:
                                break
                        await asyncio.sleep(0.1)
                baseline = memory_kb(process.pid)
                LEVELS.update({g["name"]: g["bots"] for g in (await http.get("/api/games")).json()})
                # Table i is made at server i % N (whose lease runs its bots) and watched at the next server.
                tables = [await create_table(https[i % servers], i, args.bot) for i in range(args.tables)]
                latencies: list[float] = []
                stop = asyncio.Event()
                created = len(tables)

                async def watcher(slot: int) -> None:
                    nonlocal created
                    table, maker = tables[slot], slot % servers
                    while not stop.is_set():
                        seen = urls[(maker + 1) % servers].replace("http", "ws")
                        if await watch(seen, table, latencies, stop) == "over":
                            # Keep the load steady: a finished table is replaced by a new one.
                            maker = created % servers
                            table = await create_table(https[maker], created, args.bot)
                            created += 1

                tasks = [asyncio.create_task(watcher(i % len(tables))) for i in range(args.watchers)]
                started = time.monotonic()
                await asyncio.sleep(args.seconds)
                stop.set()
                await asyncio.gather(*tasks, return_exceptions=True)
                elapsed = time.monotonic() - started
                moves = 0
                for table in tables:
                    moves += (await http.get(f"/api/tables/{table}")).json()["move_number"]
            peak = max((memory_kb(p.pid) for p in processes), key=lambda m: m["VmHWM"])
            workers = max(workers_kb(p.pid) for p in processes)
        finally:
            for each in processes:
                os.kill(each.pid, signal.SIGTERM)
            for each in processes:
                each.wait(timeout=20)
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000

    return {
        "servers": servers,
        "bots": args.bot
        if args.bot != "strongest"
        else "strongest: " + ", ".join(f"{g} {v[-1]}" for g, v in LEVELS.items()),
        "tables": args.tables,
        "watchers": args.watchers,
        "bot_delay_s": args.bot_delay,
        "seconds": round(elapsed, 1),
        "updates_seen": len(latencies),
        "moves_on_first_tables": moves,
        "moves_per_second": round(moves / elapsed, 1),
        "latency_p50_ms": round(pct(0.50), 2),
        "latency_p99_ms": round(pct(0.99), 2),
        "latency_max_ms": round(ordered[-1] * 1000, 2),
        "latency_mean_ms": round(statistics.fmean(ordered) * 1000, 2),
        "server_rss_start_mb": round(baseline["VmRSS"] / 1024, 1),
        "server_peak_mb": round(peak["VmHWM"] / 1024, 1),  # per process (the largest)
        "bot_workers_peak_mb": round(workers / 1024, 1),  # per process (the largest)
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds between bot moves at a table")
    parser.add_argument(
        "--bot",
        default="random",
        help="bot level at every seat: random, heuristic, or strongest (each game's last level)",
    )
    parser.add_argument(
        "--backends", default="sqlite", help="comma-separated: sqlite, postgresql:N (N processes on one database)"
    )
    args = parser.parse_args()
    results: dict[str, dict[str, Any]] = {}
    cluster = None
    try:
        for backend in args.backends.split(","):
            if backend == "sqlite":
                results[backend] = asyncio.run(run(args, Path("bench.sqlite3")))
                continue
            if cluster is None:
                from tests.pgcluster import Cluster  # the tests' throwaway cluster, run from the repository's root

                cluster = Cluster()
            servers = int(backend.partition(":")[2] or 1)
            db = cluster.new_database(f"bench_{len(results)}")
            results[backend] = asyncio.run(run(args, db, servers))
    finally:
        if cluster is not None:
            cluster.close()
    width = max(len(k) for k in next(iter(results.values())))
    print(f"{'':<{width}}  " + "  ".join(f"{b:>14}" for b in results))
    for key in next(iter(results.values())):
        if key != "bots":
            print(f"{key:<{width}}  " + "  ".join(f"{r[key]!s:>14}" for r in results.values()))
    for backend, result in results.items():
        ok = result["latency_p99_ms"] <= 50 and result["server_peak_mb"] <= 300
        print(f"{backend}: targets (p99 <= 50 ms, peak <= 300 MB) {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
