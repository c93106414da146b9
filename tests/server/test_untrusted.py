"""Text and JSON from strangers at the web table: no answer is a 5xx and no socket closes over a move or a deal;
refusals name the field and the rule and quote at most a short excerpt; names are compared by how they look;
a practice table whose deal was chosen takes nobody else; the small limits answer as they should."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tricktable import new_game
from tricktable.server import GuardSettings, Limits

from .support import make_app

#: The longest refusal a test accepts: the rule and a short excerpt, never the input.
SHORT = 600
BOTS = [{"kind": "bot", "bot": "random"}] * 4


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.01)) as c:
        yield c


def practice(client: TestClient, game: str, players: int, **body: Any) -> dict[str, Any]:
    """A table of one person (seat 0) and bots; answers the creation's JSON."""
    seats = [{"kind": "human"}, *BOTS[: players - 1]]
    r = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def hello(ws: WebSocketTestSession, seat: int, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "seat": seat, "token": token}))
    return next_of(ws, "welcome")


def wait_for_turn(ws: WebSocketTestSession, view: dict[str, Any]) -> None:
    """Read updates until the seat has a move to make (the bots move first when they are to)."""
    while not view["legal_moves"]:
        view = next_of(ws, "update")["view"]


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    for _ in range(100):
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


# ----- 1. no 5xx from move text or an explicit deal ----------------------------------------------------


TEXTS = {
    "tricks-together": ["bid ²", "²", "bid ٣"],
    "tandem-trick": ["R²", "bid R²", "tandem R²"],
    "trumps": ["²H", "mark ¹⁰H", "pass ²C ³H QS"],
    "secret-trumps": ["²S", "pick ²S", "goal ²"],
}


@pytest.mark.parametrize("game", sorted(TEXTS))
def test_move_text_that_once_failed_is_refused_over_rest_and_the_websocket(client: TestClient, game: str) -> None:
    out = practice(client, game, 3)
    table, token = out["table"]["id"], out["token"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        wait_for_turn(ws, hello(ws, 0, token)["view"])
        for text in [*TEXTS[game], "Q" * 79 + "²"]:
            r = client.post(
                f"/api/tables/{table}/moves", json={"seat": 0, "move": text}, headers={"X-Seat-Token": token}
            )
            assert r.status_code in (400, 409), (text, r.status_code, r.text[:300])
            assert len(r.text) < SHORT and "Q" * 30 not in r.text, r.text[:300]
            ws.send_text(json.dumps({"type": "move", "move": text + "Q" * 120}))
            error = next_of(ws, "error")
            assert len(json.dumps(error)) < SHORT and "Q" * 30 not in json.dumps(error), error
        # The socket still serves.
        ws.send_text(json.dumps({"type": "ping"}))
        assert next_of(ws, "pong") == {"type": "pong"}
    assert client.get(f"/api/tables/{table}").json()["move_number"] >= 0


def spoilt_deals(game: str, players: int) -> Iterator[list[Any]]:
    """A real deal with each field, and each card, made a number, a list, an object, null or a huge text."""
    deal = new_game(game, players=players, seed=3).deals_made()[0]
    for key, value in deal.items():
        for bad in (1, None, [1], {"a": 1}, "Q" * 50_000):
            yield [deal | {key: bad}]
        if isinstance(value, list):
            for bad in (1, None, {"a": 1}, "Q" * 50_000):
                yield [deal | {key: [bad, *value[1:]]}]
                if value and isinstance(value[0], list):
                    yield [deal | {key: [[bad, *value[0][1:]], *value[1:]]}]


@pytest.mark.parametrize("game", sorted(TEXTS))
def test_a_spoilt_explicit_deal_is_refused_in_a_few_words(client: TestClient, game: str) -> None:
    seats = [{"kind": "human"}, *BOTS[:2]]
    refused = 0
    for deals in spoilt_deals(game, 3):
        r = client.post("/api/tables", json={"game": game, "players": 3, "seats": seats, "deals": deals})
        # Some changes leave a valid deal (no trump rank, no start player named): those make a table.
        assert r.status_code in (201, 400), (deals, r.status_code, r.text[:300])
        if r.status_code == 400:
            refused += 1
            assert len(r.text) < SHORT and "Q" * 30 not in r.text, r.text[:300]
    assert refused > 10


# ----- 2. a chosen deal takes nobody else -----------------------------------------------------------------


def test_a_table_whose_deal_was_chosen_takes_nobody_else(client: TestClient) -> None:
    for chosen in ({"seed": 7}, {"deals": [new_game("tricks-together", players=3, seed=1).deals_made()[0]]}):
        out = practice(client, "tricks-together", 3, **chosen)
        table, host = out["table"]["id"], {"X-Host-Token": out["host_token"]}
        assert out["table"]["fixed_deal"] is True
        again = client.post(f"/api/tables/{table}/seats/0/invite", headers=host)
        assert again.status_code == 409 and "chose" in again.json()["detail"], again.text
        joined = client.post(f"/api/tables/{table}/join", json={})
        assert joined.status_code == 409 and "chose" in joined.json()["detail"], joined.text
        # The creator's own token still holds the seat.
        view = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": out["token"]})
        assert view.status_code == 200
    # A table dealt by the server's own shuffle may give its seat a new invitation.
    fresh = practice(client, "tricks-together", 3)
    ok = client.post(
        f"/api/tables/{fresh['table']['id']}/seats/0/invite", headers={"X-Host-Token": fresh["host_token"]}
    )
    assert ok.status_code == 200, ok.text


def test_the_table_page_says_the_deal_was_chosen(client: TestClient) -> None:
    facts = client.get("/static/js/facts.js").text
    assert "fixed_deal" in facts and "chose the cards" in facts
    assert "fixed_deal" in client.get("/static/js/host.js").text


# ----- 3. nothing echoed back ------------------------------------------------------------------------------


def test_refusals_quote_at_most_a_short_excerpt(client: TestClient, tmp_path: Path) -> None:
    long_option = "q" * 40
    r = client.post("/api/tables", json={"game": "trumps", "options": {long_option: 1}})
    assert r.status_code == 400 and long_option not in r.text and "no option" in r.text, r.text
    r = client.get("/lab/" + "z" * 300 + "/report")
    assert r.status_code == 404 and "z" * 20 not in r.text, r.text
    out = practice(client, "trumps", 3)
    with client.websocket_connect(f"/ws/{out['table']['id']}") as ws:
        hello(ws, 0, out["token"])
        ws.send_text(json.dumps({"type": "k" * 4000}))
        error = next_of(ws, "error")
        assert "unknown message type" in error["message"] and len(error["message"]) < 200, error
        ws.send_text(json.dumps({"type": "move", "move": ["R2"] * 500}))
        assert len(json.dumps(next_of(ws, "error"))) < 200


# ----- 4. names that look like the table's labels --------------------------------------------------------


@pytest.mark.parametrize("name", ["Вot 2", "Βot 2", "ʙᴏᴛ 2", "Plаyer 3", "Yоu", "Sеat 1", "Bot_2", "B0t 2", "Bot2"])
def test_look_alikes_of_the_tables_labels_are_refused(client: TestClient, name: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, BOTS[0]]
    r = client.post("/api/tables", json={"game": "trumps", "players": 3, "seats": seats, "name": name})
    assert r.status_code == 400 and "label" in r.json()["detail"] and name not in r.text, r.text
    table = client.post("/api/tables", json={"game": "trumps", "players": 3, "seats": seats}).json()["table"]["id"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert joined.status_code == 400, joined.text


def test_a_bot_seat_reads_as_a_bots(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random", "name": "Ben"}, BOTS[0]]
    r = client.post("/api/tables", json={"game": "trumps", "players": 3, "seats": seats})
    assert r.status_code == 422 and "Ben" not in r.text, r.text
    schema = client.get("/api/openapi.json").json()["components"]["schemas"]
    assert "name" not in schema["BotSeat"]["properties"] and "table names it" in schema["BotSeat"]["description"]
    out = practice(client, "trumps", 3)
    assert [s["name"] for s in out["table"]["seats"][1:]] == ["Bot 2 (random)", "Bot 3 (random)"]


# ----- 6. small leaks and rough edges --------------------------------------------------------------------


def test_the_unfinished_table_cap_says_when_to_come_back(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=Limits(tables_per_client=1), bot_delay=5)) as client:
        body = {"game": "trumps", "players": 3, "seats": BOTS[:3], "seat": None}
        assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


def test_websocket_connections_have_their_own_budget(tmp_path: Path) -> None:
    guard = GuardSettings(rate="30/minute", create_rate="10/minute", socket_rate="30/minute")
    with TestClient(make_app(tmp_path / "t.sqlite3", guard=guard, bot_delay=5)) as client:
        out = practice(client, "trumps", 3)
        for _ in range(25):  # more sockets than the API's budget leaves after these requests
            with client.websocket_connect(f"/ws/{out['table']['id']}") as ws:
                ws.send_text(json.dumps({"type": "ping"}))
        answers = [client.get("/api/games").status_code for _ in range(20)]
        assert answers == [200] * 20, answers


def test_a_rematch_of_a_closed_table_says_it_was_closed(client: TestClient) -> None:
    out = practice(client, "trumps", 3)
    table = out["table"]["id"]
    assert client.post(f"/api/tables/{table}/close", headers={"X-Host-Token": out["host_token"]}).status_code == 200
    r = client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": out["token"]})
    assert r.status_code == 409 and "closed" in r.json()["detail"] and "still running" not in r.text, r.text
