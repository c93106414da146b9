"""Several ``tricktable serve`` processes on one PostgreSQL database, for real: players at one table through
different servers see every move in order, a move sent to two servers at once is made once, the server running
a table's bots can be killed and another takes the table over, and PostgreSQL can restart under a server."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Iterator

import httpx
import pytest

from tests.pgcluster import Cluster

from .support import Player, Server, create, join, log_of, move_count


@pytest.fixture
def database(postgres: Cluster) -> str:
    return postgres.new_database(f"servers_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def two_servers(database: str) -> Iterator[tuple[Server, Server]]:
    first = Server(database, "--bot-delay", "0.05", "--grace", "600")
    try:
        second = Server(database, "--bot-delay", "0.05", "--grace", "600")
    except BaseException:
        first.stop()
        raise
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_two_people_at_two_servers_see_every_move_in_order(
    two_servers: tuple[Server, Server], database: str
) -> None:
    first, second = two_servers
    made = create(first, ["human", "human", "bot", "bot"])
    table = made["table"]["id"]
    token = join(second, table, 1, "Grace")
    ada = Player(first.ws, table, 0, made["token"])
    grace = Player(second.ws, table, 1, token)

    async def both() -> None:
        await asyncio.gather(ada.play(rounds=2), grace.play(rounds=2))

    asyncio.run(both())
    assert ada.moves_sent > 0 and grace.moves_sent > 0
    assert not ada.errors and not grace.errors, (ada.errors, grace.errors)
    for player in (ada, grace):
        numbers = [frame["view"]["move_number"] for frame in player.updates]
        assert numbers == sorted(numbers), numbers  # in order, never a step back
    # The same public events, in the same order, at both servers, and as many moves as the log holds.
    assert ada.public_events() == grace.public_events()
    assert len([e for e in ada.public_events() if e["type"] == "card_played"]) >= 2
    last = max(ada.updates[-1]["view"]["move_number"], grace.updates[-1]["view"]["move_number"])
    assert last <= move_count(database, table)


def test_the_same_move_sent_to_both_servers_is_made_once(two_servers: tuple[Server, Server], database: str) -> None:
    first, second = two_servers
    made = create(first, ["human", "human", "human", "human"])
    table = made["table"]["id"]
    tokens = {0: made["token"]} | {seat: join(second, table, seat, f"P{seat + 1}") for seat in (1, 2, 3)}
    for race in range(8):
        view = httpx.get(f"{first.url}/api/tables/{table}/view", timeout=10).json()["table"]
        seat = view["to_move"]
        if seat is None:
            break
        legal = httpx.get(
            f"{first.url}/api/tables/{table}/view", params={"seat": seat}, headers={"X-Seat-Token": tokens[seat]}, timeout=10
        ).json()["view"]["legal_moves"]
        before = move_count(database, table)
        start = threading.Barrier(2)
        answers: list[httpx.Response] = []

        def send(server: Server, move: str = legal[0], seat: int = seat) -> None:
            start.wait()
            answers.append(
                httpx.post(
                    f"{server.url}/api/tables/{table}/moves",
                    headers={"X-Seat-Token": tokens[seat]},
                    json={"seat": seat, "move": move},
                    timeout=20,
                )
            )

        threads = [threading.Thread(target=send, args=(server,)) for server in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(a.status_code for a in answers)
        assert 200 in statuses and set(statuses) <= {200, 400}, [a.text for a in answers]
        assert move_count(database, table) == before + 1, f"race {race}: the move was not made exactly once"
        # Both servers agree on the table afterwards.
        deadline = time.monotonic() + 5
        while True:
            numbers = {httpx.get(f"{s.url}/api/tables/{table}", timeout=10).json()["move_number"] for s in two_servers}
            if numbers == {before + 1}:
                break
            assert time.monotonic() < deadline, numbers
            time.sleep(0.05)
