"""What a stranger may send: chosen deals, huge or endless requests, floods, inputs that used to give 500s,
requests that half-happened, rematches by outsiders and names that pass for the table's own labels."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktable.server import GuardSettings, Limits

from .support import make_app

BOTS3 = [{"kind": "bot", "bot": "random"}] * 3


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.01)) as c:
        yield c


def create(client: TestClient, **body: Any) -> Any:
    body.setdefault("game", "tricks-together")
    return client.post("/api/tables", json=body)


# ----- 1. the creator cannot choose the deal of a table with somebody else at it ----------------------------


def test_a_table_with_a_seat_for_another_person_refuses_a_seed_or_a_deal(client: TestClient) -> None:
    friend = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    deal = {"hands": [["AS"], ["KS"], ["QS"]], "dealer": 0, "trump": "2C"}
    for extra in ({"seed": 7}, {"deals": [deal]}):
        r = create(client, players=3, seats=friend, **extra)
        assert r.status_code == 400 and "practice against bots" in r.json()["detail"], r.text
        watching = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], seat=None, **extra)
        assert watching.status_code == 400, watching.text
    assert client.get("/api/tables").json()["open"] == []


def test_solo_practice_against_bots_may_replay_a_seed(client: TestClient) -> None:
    first = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], seed=7)
    assert first.status_code == 201, first.text
    assert first.json()["table"]["fixed_deal"] is True
    again = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], seed=7)
    token_a, token_b = first.json()["token"], again.json()["token"]
    hand = lambda out, token: client.get(  # noqa: E731
        f"/api/tables/{out.json()['table']['id']}/view", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()["view"]["hand"]
    assert hand(first, token_a) == hand(again, token_b)


def test_server_seeds_come_from_the_operating_system_not_the_random_module(client: TestClient) -> None:
    """Two tables made right after seeding ``random`` the same way deal different cards."""
    hands = []
    for _ in range(2):
        random.seed(1234)
        out = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]]).json()
        view = client.get(
            f"/api/tables/{out['table']['id']}/view", params={"seat": 0}, headers={"X-Seat-Token": out["token"]}
        ).json()["view"]
        hands.append((view["table"], view["hand"]))
    assert hands[0] != hands[1]


# ----- 2. sizes, bounds, counts and rates --------------------------------------------------------------------


def test_a_huge_body_is_refused_before_it_is_read_and_errors_never_echo_input(client: TestClient) -> None:
    big = '{"game": "tricks-together", "name": "' + "x" * 300_000 + '"}'
    r = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and len(r.content) < 200 and "too large" in r.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it arrives
        for _ in range(100):
            yield b"x" * 4096

    streamed = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    secret = "Zq9" * 10
    for body in ({"game": "tricks-together", "name": secret}, {"game": "tricks-together", secret: 1}):
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422 and secret not in r.text, r.text
        assert r.json()["detail"][0]["msg"]


def test_every_numeric_option_is_bounded(client: TestClient) -> None:
    games = client.get("/api/games").json()
    for game in games:
        for option in game["options"]:
            if option["type"] == "int":
                assert "choices" in option or ("minimum" in option and "maximum" in option), (game["name"], option)
    endless = create(client, game="tandem-trick", options={"target": 10**9}, seats=[{"kind": "bot"}] * 4, seat=None)
    assert endless.status_code in (400, 422) and str(10**9) not in endless.text
    too_long = create(client, game="tandem-trick", options={"target": 5000}, seats=[{"kind": "bot"}] * 4, seat=None)
    assert too_long.status_code == 400 and "1 to 1000" in too_long.json()["detail"]


def test_one_address_may_run_only_so_many_tables(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "t.sqlite3", limits=Limits(tables_per_client=3), bot_delay=5)) as client:
        made = [create(client, players=3, seats=BOTS3, seat=None) for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        assert "unfinished tables" in made[-1].json()["detail"]
        # Closing one makes room again.
        first = made[0].json()
        closed = client.post(f"/api/tables/{first['table']['id']}/close", headers={"X-Host-Token": first["host_token"]})
        assert closed.status_code == 200
        assert create(client, players=3, seats=BOTS3, seat=None).status_code == 201


def test_requests_are_rate_limited_per_address(tmp_path: Path) -> None:
    guard = GuardSettings(rate="30/minute", create_rate="5/minute")
    with TestClient(make_app(tmp_path / "t.sqlite3", guard=guard, bot_delay=5)) as client:
        made = [create(client, players=3, seats=BOTS3, seat=None).status_code for _ in range(7)]
        assert made[:5] == [201] * 5 and made[5:] == [429, 429]
        answers = [client.get("/api/games").status_code for _ in range(30)]
        assert answers.count(429) >= 5
        r = client.get("/api/games")
        assert r.status_code == 429 and "too many requests" in r.json()["detail"] and r.headers["Retry-After"]
        # Pages and static files are not API calls: a reload is never refused.
        assert client.get("/").status_code == 200


def test_unwatched_bot_only_tables_do_not_run_forever(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.sqlite3", limits=Limits(tables_per_client=100, idle_expiry=0.3), bot_delay=0.05)
    with TestClient(app) as client:
        table = create(client, players=3, seats=BOTS3, seat=None).json()["table"]["id"]
        time.sleep(0.6)
        expired: list[str] = client.portal.call(app.state.manager.expire_idle)  # type: ignore[union-attr]
        assert table in expired
        info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "closed"
        moves = info["move_number"]
        time.sleep(0.3)
        assert client.get(f"/api/tables/{table}").json()["move_number"] == moves
        assert table not in [t["id"] for t in client.get("/api/tables").json()["open"]]


# ----- 3. no input gives a 500; everything is checked before anything is made ------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"game": "../x"},
        {"game": "."},
        {"game": "tricks-together", "options": {"seed": 1}},
        {"game": "tricks-together", "options": {"players": 4}},
        {"game": "tricks-together", "options": {"deals": 1}},
        {"game": "tricks-together", "options": {"name": 1}},
        {"game": "tricks-together", "seat": 9},
        {"game": "tricks-together", "seat": -1},
        {"game": "tricks-together", "players": 4, "seats": [{"kind": "bot"}] * 4, "seat": 2},
    ],
)
def test_bad_input_is_a_clear_4xx_and_makes_no_table(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/api/tables", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["detail"]
    assert client.get("/api/tables").json()["open"] == []


# ----- 5. manners --------------------------------------------------------------------------------------------


def finished_table(client: TestClient) -> tuple[str, str]:
    out = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], seed=3).json()
    table, token = out["table"]["id"], out["token"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline
        view = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()[
            "view"
        ]
        if view["legal_moves"]:
            client.post(
                f"/api/tables/{table}/moves",
                json={"seat": 0, "move": view["legal_moves"][0]},
                headers={"X-Seat-Token": token},
            )
        else:
            time.sleep(0.01)
    return table, token


def test_only_a_seated_player_may_ask_for_a_rematch(client: TestClient) -> None:
    table, token = finished_table(client)
    assert client.post(f"/api/tables/{table}/rematch").status_code == 403
    assert client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": "guess"}).status_code == 403
    assert client.get(f"/api/tables/{table}").json()["rematch"] is None
    ok = client.post(f"/api/tables/{table}/rematch", headers={"X-Seat-Token": token})
    assert ok.status_code == 200 and ok.json()["table"]["rematch_of"] == table


@pytest.mark.parametrize(
    "name",
    [
        "Ann\u202eevil",  # right-to-left override
        "Ann\u2066x\u2069",  # isolates
        "A\u200bnn",  # zero-width space
        "Ben (you)",
        "Ben（you）",  # full-width brackets
        "(bot)",
        "Bot 2 (search)",
        "bot 2",
        "Ｂｏｔ 2",  # full-width letters
        "Player 3",
        "Seat 1",
        "x" * 25,
    ],
)
def test_names_that_pass_for_the_tables_labels_are_refused(client: TestClient, name: str) -> None:
    r = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], name=name)
    # Characters no name may hold are refused by the schema (422); looks and brackets by the table's rules (400).
    assert r.status_code in (400, 422), r.text
    assert name not in r.text
    assert client.get("/api/tables").json()["open"] == []


def test_plain_names_in_any_script_are_welcome(client: TestClient) -> None:
    for name in ("Ann", "José María", "Zoë", "李雷", "Botond", "Youssef"):
        r = create(client, players=3, seats=[{"kind": "human"}, *BOTS3[:2]], name=name)
        assert r.status_code == 201, (name, r.text)
        assert r.json()["table"]["seats"][0]["name"] == name
