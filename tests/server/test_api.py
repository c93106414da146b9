"""The web table's HTTP API in-process: tables, seats, tokens, moves, records, rematches, restarts."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tricktable
from tricktable.core.registry import games as list_games

from .support import make_app

HUMANS4 = [{"kind": "human"}] * 4


def make_client(db: Path, bot_delay: float = 0.01, grace: float = 60.0) -> TestClient:
    return TestClient(make_app(db, bot_delay=bot_delay, grace=grace))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def wait_for(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "tricks-together")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def seat_view(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view", params={"seat": seat}, headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()["view"]
    return view


def full_table(client: TestClient, game: str = "tricks-together") -> tuple[str, dict[int, str]]:
    """A 4-seat table of people only (nobody moves unless the test does): id and seat -> token."""
    out = create(client, game=game, players=4, seats=HUMANS4, seat=0, name="Ann")
    table = out["table"]["id"]
    tokens = {0: out["token"]}
    for seat in (1, 2, 3):
        r = client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": f"P{seat}"})
        assert r.status_code == 200, r.text
        tokens[seat] = r.json()["token"]
    return table, tokens


def test_games_lists_every_game_with_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {g["name"] for g in list_games()}
    assert games["tricks-together"]["bots"][0] == "random"
    assert games["tricks-together"]["default_bot"] in games["tricks-together"]["bots"]


def test_lobby_and_table_pages_are_served(client: TestClient) -> None:
    assert "Lobby" in client.get("/").text
    assert 'src="/static/js/table.js"' in client.get("/t/anything").text
    assert client.get("/static/js/moves.js").status_code == 200
    for game in list_games():
        assert client.get(f"/static/rules/{game['name']}.html").status_code == 200
        assert client.get(f"/static/js/games/{game['name']}.js").status_code == 200


def test_create_join_and_open_tables(client: TestClient) -> None:
    out = create(client, players=3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table = out["table"]
    assert out["seat"] == 0 and len(out["token"]) > 20
    assert table["status"] == "open" and table["invite"] == f"/t/{table['id']}"
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot"]
    assert "token" not in str(table) and "token_hash" not in str(table)
    assert table["id"] in [t["id"] for t in client.get("/api/tables").json()["open"]]
    joined = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bea"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert joined.json()["table"]["seats"][1]["name"] == "Bea"
    listed = {t["id"]: t for t in client.get("/api/tables").json()["open"]}
    assert listed[table["id"]]["status"] == "playing"
    again = client.post(f"/api/tables/{table['id']}/join", json={})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    bot_seat = client.post(f"/api/tables/{table['id']}/join", json={"seat": 2})
    assert bot_seat.status_code == 409


def test_bad_requests_say_why(client: TestClient) -> None:
    cases = [
        ({"game": "no-such-game"}, 400, "no such game"),
        ({"game": "tricks-together", "players": 9}, 400, "3-5 players"),
        ({"game": "tricks-together", "options": {"lives": 7}}, 400, "lives"),
        ({"game": "tricks-together", "options": {"colour": True}}, 400, "no option 'colour'"),
        ({"game": "tricks-together", "players": 3, "seats": HUMANS4}, 400, "4 seats given"),
        ({"game": "tricks-together", "seats": [{"kind": "bot", "bot": "genius"}] * 4, "seat": None}, 400, "no such"),
        ({"game": "tricks-together", "seats": [{"kind": "alien"}] * 4}, 422, "kind"),
        ({"game": "tricks-together", "surprise": 1}, 422, "unknown field"),
        ({"game": "tricks-together", "name": "<script>"}, 400, "name"),
    ]
    for body, status, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.text, (body, r.text)
    r = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/tables/nope").status_code == 404
    assert client.post("/api/tables/nope/join", json={}).status_code == 404


def test_moves_need_the_seat_token(client: TestClient) -> None:
    table, tokens = full_table(client)
    seat = client.get(f"/api/tables/{table}").json()["to_move"]
    other = (seat + 1) % 4
    body = {"seat": seat, "move": "bid 0"}
    assert client.post(f"/api/tables/{table}/moves", json=body).status_code == 403
    wrong = client.post(f"/api/tables/{table}/moves", json=body, headers={"X-Seat-Token": tokens[other]})
    assert wrong.status_code == 403 and "does not hold seat" in wrong.json()["detail"]
    peek = client.get(f"/api/tables/{table}/view", params={"seat": seat}, headers={"X-Seat-Token": tokens[other]})
    assert peek.status_code == 403
    assert client.get(f"/api/tables/{table}").json()["move_number"] == 0
    ok = client.post(f"/api/tables/{table}/moves", json=body, headers={"X-Seat-Token": tokens[seat]})
    assert ok.status_code == 200 and ok.json()["view"]["move_number"] == 1


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(client: TestClient) -> None:
    table, tokens = full_table(client)
    seat = client.get(f"/api/tables/{table}").json()["to_move"]
    before = seat_view(client, table, seat, tokens[seat])
    not_turn = (seat + 1) % 4
    for move_seat, move, words in [
        (seat, "bid 5", "must be 0 to 1"),
        (seat, "AS", "time to choose a number"),
        (seat, "hello there", "not a card"),
        (not_turn, "bid 0", "not your turn"),
    ]:
        r = client.post(
            f"/api/tables/{table}/moves",
            json={"seat": move_seat, "move": move},
            headers={"X-Seat-Token": tokens[move_seat]},
        )
        assert r.status_code == 400, r.text
        assert words in r.json()["detail"]
    assert seat_view(client, table, seat, tokens[seat]) == before
    assert client.post(f"/api/tables/{table}/moves", json={"seat": seat}).status_code == 422


@pytest.mark.parametrize("game", [g["name"] for g in list_games()])
def test_a_move_is_checked_once_by_the_game_itself(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, tokens = full_table(client, game)
    played = client.app.state.manager.tables[table].game  # type: ignore[attr-defined]
    checks: list[object] = []
    why_illegal = played.why_illegal

    def counted(move: object) -> str | None:
        checks.append(move)
        reason: str | None = why_illegal(move)
        return reason

    monkeypatch.setattr(played, "why_illegal", counted)
    seat = played.to_move
    view = seat_view(client, table, seat, tokens[seat])
    r = client.post(
        f"/api/tables/{table}/moves",
        json={"seat": seat, "move": view["legal_moves"][0]},
        headers={"X-Seat-Token": tokens[seat]},
    )
    assert r.status_code == 200, r.text
    assert len(checks) <= 1  # the game's own check in ``Game.play``, never a second one before it
    assert len(played.history) == 1


def test_the_bots_answer_a_persons_move_at_once(client: TestClient) -> None:
    """A move wakes the table's driver: the bot after the person moves without waiting for anything else (the
    person is away, so without that wake-up the driver would sleep through the grace period, a minute here)."""
    out = create(client, players=3, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2)
    table, token = out["table"]["id"], out["token"]
    for _ in range(10):
        info = wait_for(lambda: (t := client.get(f"/api/tables/{table}").json())["to_move"] == 0 and t)
        move = seat_view(client, table, 0, token)["legal_moves"][0]
        headers = {"X-Seat-Token": token}
        r = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "move": move}, headers=headers)
        assert r.status_code == 200, r.text
        if r.json()["view"]["to_move"] not in (0, None):  # a bot's turn now
            break
    else:
        raise AssertionError("the person was never followed by a bot")
    answered = info["move_number"] + 2
    wait_for(lambda: client.get(f"/api/tables/{table}").json()["move_number"] >= answered)


def test_spectators_see_the_public_view(client: TestClient) -> None:
    table, tokens = full_table(client)
    public = client.get(f"/api/tables/{table}/view").json()["view"]
    assert public["seat"] is None and public["hand"] == [] and public["legal_moves"] == []
    mine = seat_view(client, table, 0, tokens[0])
    assert mine["hand"] and all(card not in str(public) for card in mine["hand"])


def test_bots_play_a_whole_game_and_the_record_replays_it(client: TestClient) -> None:
    out = create(client, players=3, seats=[{"kind": "bot", "bot": "random"}] * 3, seat=None)
    table = out["table"]["id"]
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    wait_for(lambda: client.get(f"/api/tables/{table}").json()["status"] == "over", timeout=30)
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = r.json()
    replayed = tricktable.from_record(record)
    assert replayed.result() == record["result"] is not None
    assert len(record["moves"]) == client.get(f"/api/tables/{table}").json()["move_number"]
    assert any(t["id"] == table for t in client.get("/api/tables").json()["finished"])


def test_rematch_keeps_every_seat(client: TestClient) -> None:
    out = create(client, players=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}])
    table, token = out["table"]["id"], out["token"]
    assert client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": token}).status_code == 409
    # Seat 2 stays empty, so let a stand-in finish quickly: play seat 0 by hand with its token.
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 2}).json()
    tokens = {0: token, 2: joined["token"]}
    while True:
        info = client.get(f"/api/tables/{table}").json()
        if info["status"] == "over":
            break
        seat = info["to_move"]
        if seat in tokens:
            view = seat_view(client, table, seat, tokens[seat])
            if view["legal_moves"]:
                client.post(
                    f"/api/tables/{table}/moves",
                    json={"seat": seat, "move": view["legal_moves"][0]},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                continue
        time.sleep(0.01)
    first = client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": token}).json()["table"]
    second = client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": tokens[2]}).json()["table"]
    assert first["id"] == second["id"] != table and first["rematch_of"] == table
    assert client.get(f"/api/tables/{table}").json()["rematch"] == first["id"]
    assert [s["kind"] for s in first["seats"]] == ["human", "bot", "human"]
    assert seat_view(client, first["id"], 0, token)["seat"] == 0
    assert seat_view(client, first["id"], 2, tokens[2])["seat"] == 2


def test_store_is_wal_and_every_move_is_in_it(client: TestClient, db: Path) -> None:
    table, tokens = full_table(client)
    for _ in range(3):
        seat = client.get(f"/api/tables/{table}").json()["to_move"]
        move = seat_view(client, table, seat, tokens[seat])["legal_moves"][-1]
        r = client.post(
            f"/api/tables/{table}/moves", json={"seat": seat, "move": move}, headers={"X-Seat-Token": tokens[seat]}
        )
        assert r.status_code == 200
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table,)).fetchone()[0] == 3
        hashes = [r[0] for r in conn.execute("SELECT token_hash FROM seats WHERE table_id = ?", (table,))]
    assert all(h and h not in tokens.values() for h in hashes)


def test_a_restart_rebuilds_unfinished_tables_from_the_log(db: Path) -> None:
    with make_client(db) as client:
        table, tokens = full_table(client, game="trumps")
        for _ in range(6):
            seat = client.get(f"/api/tables/{table}").json()["to_move"]
            move = seat_view(client, table, seat, tokens[seat])["legal_moves"][0]
            client.post(
                f"/api/tables/{table}/moves", json={"seat": seat, "move": move}, headers={"X-Seat-Token": tokens[seat]}
            )
        before = {s: seat_view(client, table, s, tokens[s]) for s in range(4)}
    with make_client(db) as client:
        assert {s: seat_view(client, table, s, tokens[s]) for s in range(4)} == before
        assert before[0]["move_number"] == 6


def test_an_absent_player_is_replaced_after_the_grace_period(db: Path) -> None:
    with make_client(db, bot_delay=0.0, grace=0.3) as client:
        # Seat 2 deals, so seat 0 (to the dealer's left) chooses the first number: the first move is its own.
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
        out = create(client, players=3, seats=seats, seed=5, deals=[{"dealer": 2}])
        table = out["table"]["id"]
        start = time.monotonic()
        wait_for(lambda: client.get(f"/api/tables/{table}").json()["move_number"] >= 1, timeout=10)
        # Seat 0 never connected: the stand-in waited out the grace period before moving for it.
        assert time.monotonic() - start >= 0.25
        info = client.get(f"/api/tables/{table}").json()
        assert info["seats"][0]["kind"] == "human"
