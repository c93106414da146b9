"""Nothing leaks: every websocket frame each seat (and a spectator) receives during whole games of all four
games is checked against the hidden information of the real game state at that moment.

Every seat is a websocket client; the seat to move asks a bot for a move using only the view it received.
Afterwards the game record is replayed move by move: at each move number the hidden cards of every seat are
computed from the game's own state (opponents' hands, face-down indicators, pending passes, Trumps' undealt
extra card, Secret Trumps' cards put aside) and no frame may name one; secret numbers, goals and Secret Trumps'
trumps must stay unknown until revealed; and each frame's events must be exactly the events that seat may see.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktable.bots.base import make_bot
from tricktable.core.cards import card_str
from tricktable.core.game import Game
from tricktable.core.narrate import sentences
from tricktable.core.records import from_record
from tricktable.core.registry import game_words
from tricktable.rules import secret_trumps
from tricktable.rules.tandem_trick import CARD_TEXT as TANDEM_CARD_TEXT

from .support import make_app

Frame = dict[str, Any]


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def others(game: Game, seat: int | None) -> list[int]:
    return [p for p in range(game.players) if p != seat]


# ----- what each seat may not know, from the real state ----------------------------------------------


def hidden_tricks_together(game: Any, seat: int | None) -> set[str]:
    return {card_str(c) for p in others(game, seat) for c in bits(game.hands[p])}


def hidden_tandem(game: Any, seat: int | None) -> set[str]:
    return {TANDEM_CARD_TEXT[c] for p in others(game, seat) for c in bits(game.hands[p])}


def hidden_trumps(game: Any, seat: int | None) -> set[str]:
    mask = 0
    for p in others(game, seat):
        mask |= game.hands[p]
        if game.phase == "pass":
            mask |= game.passed[p]  # passed but not yet handed over (afterwards they are in a hand)
        revealed = game.declarer[game.side_of[p]] == p
        if game.indicators[p] >= 0 and not revealed:
            mask |= 1 << game.indicators[p]
    if game.phase in ("mark", "pass"):
        for c in game.extra:
            mask |= 1 << c
    if seat is not None:
        # What this seat holds, laid face down or passed away, it knows.
        mask &= ~(game.hands[seat] | game.passed[seat])
        if game.indicators[seat] >= 0:
            mask &= ~(1 << game.indicators[seat])
    return {card_str(c) for c in bits(mask)}


def hidden_secret_trumps(game: Any, seat: int | None) -> set[str]:
    if game.players == 4 or not game.rows:
        return set()
    return {secret_trumps.CARD_TEXT[row[3]] for row in game.rows}


HIDDEN: dict[str, Callable[[Any, int | None], set[str]]] = {
    "tricks-together": hidden_tricks_together,
    "tandem-trick": hidden_tandem,
    "trumps": hidden_trumps,
    "secret-trumps": hidden_secret_trumps,
}


#: The events that open a new deal, in every game.
NEW_DEAL = ("round_dealt", "hand_started", "hand_dealt", "round_started")


def as_json(value: Any) -> Any:
    """``value`` as it arrives over the wire (tuples become lists)."""
    return json.loads(json.dumps(value))


def card_tokens(value: Any, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """Every word of every string in ``value`` (card texts included), leaving out the keys in ``skip``."""
    if isinstance(value, str):
        for word in value.split():
            yield word.strip(",.:;()[]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from card_tokens(item, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from card_tokens(item, skip)


def fact_leaks(game: Any, seat: int | None, view: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """Secrets that are not cards: numbers, goals, Secret Trumps' trumps."""
    problems = []
    seen = events + view.get("events", [])
    if game.name == "tricks-together" and not game.revealed:
        for p in others(game, seat):
            if view["seats"][p]["number"] is not None:
                problems.append(f"seat {p}'s number is shown before the reveal")
            if any(e["type"] == "number_chosen" and e["seat"] == p for e in seen):
                problems.append(f"seat {p}'s number_chosen event")
    if game.name == "secret-trumps":
        if not game.trumps_public and seat != game.start:
            if view.get("trumps") is not None or any(e["type"] == "trumps_seen" for e in seen):
                problems.append("the trumps before they are turned over")
            if view["table"].get("trump suit", "?") != "?" or view["table"].get("trump rank", "?") != "?":
                problems.append("the trumps in the table facts")
        if not game.revealed:
            for p in others(game, seat):
                if view["goals"][p]["chosen"] is not None or view["seats"][p]["chosen"] is not None:
                    problems.append(f"seat {p}'s goal before the reveal")
                if any(e["type"] == "goal_chosen" and e["seat"] == p for e in seen):
                    problems.append(f"seat {p}'s goal_chosen event")
    return problems


# ----- playing whole games over websockets ------------------------------------------------------------


def play_recording(client: TestClient, game: str, players: int, options: dict[str, Any], seed: int) -> tuple[Any, dict]:
    seats = [{"kind": "human"}] * players
    out = client.post("/api/tables", json={"game": game, "players": players, "options": options, "seats": seats})
    assert out.status_code == 201, out.text
    table = out.json()["table"]["id"]
    tokens = {0: out.json()["token"]}
    for seat in range(1, players):
        tokens[seat] = client.post(f"/api/tables/{table}/join", json={"seat": seat}).json()["token"]
    frames: dict[int | None, list[Frame]] = {seat: [] for seat in [*range(players), None]}
    bots = {seat: make_bot(game, "random", seed=seed + seat) for seat in range(players)}
    sockets = {}
    contexts = []
    try:
        for seat in [*range(players), None]:
            ctx = client.websocket_connect(f"/ws/{table}")
            ws = ctx.__enter__()
            contexts.append(ctx)
            ws.send_text(
                json.dumps({"type": "hello", "seat": seat, "token": tokens.get(seat) if seat is not None else None})
            )
            sockets[seat] = ws

        def pull(seat: int | None) -> Frame:
            """The next welcome or update of ``seat`` (connection notices are recorded and checked too)."""
            while True:
                message = json.loads(sockets[seat].receive_text())
                frames[seat].append(message)
                if message["type"] in ("welcome", "update"):
                    return message

        latest = {seat: pull(seat)["view"] for seat in sockets}
        for _ in range(5000):
            mover = latest[None]["to_move"]
            if mover is None:
                break
            move = bots[mover].choose(latest[mover])
            sockets[mover].send_text(json.dumps({"type": "move", "move": move}))
            latest = {seat: pull(seat)["view"] for seat in sockets}
        assert latest[None]["result"] is not None, "the game did not end"
    finally:
        for ctx in reversed(contexts):
            ctx.__exit__(None, None, None)
    record = client.get(f"/api/tables/{table}/record").json()
    return record, frames


def check_frames(record: dict[str, Any], frames: dict[int | None, list[Frame]]) -> int:
    """Replay ``record``; check every recorded frame against the state it describes.  Returns frames checked."""
    name = record["game"]
    hidden_of = HIDDEN[name]
    words = game_words(name)
    game = from_record(record | {"moves": []})
    by_number: dict[int, list[tuple[int | None, Frame]]] = {}
    cooperative = game.cooperative
    for seat, messages in frames.items():
        over = False
        for message in messages:
            if message["type"] == "table":
                text = json.dumps(message)
                assert "token" not in text.replace('"taken"', "")
                continue
            if message["type"] == "analysis":
                # It shows every hand and hidden choice of the rounds it covers: players against each other
                # get it only once the game is over (a team, after each of its rounds: tests/server/test_analysis).
                assert cooperative or over, f"seat {seat} got a round's analysis while the game was running"
                continue
            over = over or message["view"].get("result") is not None
            by_number.setdefault(message["view"]["move_number"], []).append((seat, message))
    skip = ("score_sheet",)
    if name == "tandem-trick":
        skip = ("score_sheet", "panels")  # "R2 Y1" there are counts of coloured backs, not cards
    checked = 0
    previous_total = 0
    before: dict[int | None, set[str]] = {}
    for number in range(len(record["moves"]) + 1):
        if number > 0:
            previous_total = len(game.events)
            game.play(record["moves"][number - 1])
        for seat, message in by_number.get(number, []):
            view = message["view"]
            own = as_json(game.view(seat))  # first: reading a view makes a deal the game still owes
            hidden = hidden_of(game, seat)
            assert view["seat"] == seat
            assert view == own, f"move {number}: seat {seat} got a view that is not its own"
            leaked = {t for t in card_tokens(view, (*skip, "last_trick")) if t in hidden}
            assert not leaked, f"move {number}: seat {seat} was shown hidden cards {leaked}"
            # The last trick stays on view across a deal, when its cards may have been dealt again: it may name
            # only cards this seat saw played (its events name them).
            played = set(card_tokens(as_json([e.to_dict() for e in game.events_for(seat)])))
            unplayed = {t for t in card_tokens(view.get("last_trick")) if t in hidden and t not in played}
            assert not unplayed, f"move {number}: seat {seat}'s last trick names cards never played {unplayed}"
            events = message.get("events", [])
            if message["type"] == "update":
                expected = as_json([e.to_dict() for e in game.events[previous_total:] if e.visible(seat)])
                assert events == expected, f"move {number}: seat {seat} got events it may not see"
                # The log's sentences tell exactly those events, nothing more (a chosen number once).
                told = sentences(words.narrate, expected, record["seats"], words.told_by)
                assert message["log"] == told, f"move {number}: seat {seat}'s log"
                own_name = "" if seat is None else record["seats"][seat]
                assert f"{own_name} has chosen a number" not in told and f"{own_name} has chosen a goal" not in told
                # A card hidden both before and after this move (the move's own cards aside: a card just
                # played may be dealt again in the same move) must not be named by its events.  A move that
                # ends a deal and deals anew: the old deal's closing events (its last trick, a trump turned up)
                # name cards that may be in anyone's new hand, so only the new deal's events are held to it.
                was_hidden = before.get(seat, hidden) - set(record["moves"][number - 1].split())
                dealt = next((i for i, e in enumerate(events) if e["type"] in NEW_DEAL), 0)
                leaked = {t for t in card_tokens(events[dealt:]) if t in hidden and t in was_hidden}
                assert not leaked, f"move {number}: seat {seat}'s events name hidden cards {leaked}"
            problems = fact_leaks(game, seat, view, events)
            assert not problems, f"move {number}: seat {seat} was shown {problems}"
            checked += 1
        before = {seat: hidden_of(game, seat) for seat in frames}
    assert game.result() == record["result"]
    return checked


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "leak.sqlite3", bot_delay=0.0, grace=600.0)) as c:
        yield c


@pytest.mark.parametrize(
    ("game", "players", "options", "seed"),
    [
        ("tricks-together", 4, {}, 1),
        ("tricks-together", 3, {"secret_numbers": True, "lives": 4}, 2),
        ("tandem-trick", 4, {}, 3),
        ("secret-trumps", 3, {}, 4),
        ("secret-trumps", 4, {}, 5),
        ("trumps", 3, {"target": 20}, 6),
    ],
)
def test_no_frame_names_anything_hidden_from_its_seat(
    client: TestClient, game: str, players: int, options: dict[str, Any], seed: int
) -> None:
    record, frames = play_recording(client, game, players, options, seed)
    checked = check_frames(record, frames)
    assert checked == (len(record["moves"]) + 1) * (players + 1)


def test_the_checker_catches_a_leak() -> None:
    """The checks above must be able to fail: feed them a frame holding another seat's hand."""
    game = from_record(
        {
            "format": "tricktable-record",
            "version": 1,
            "game": "trumps",
            "players": 4,
            "seed": 9,
            "moves": [],
            "options": {},
        }
    )
    record = {
        "format": "tricktable-record",
        "version": 1,
        "game": "trumps",
        "players": 4,
        "seed": 9,
        "options": {},
        "moves": [],
        "result": None,
        "deals": [],
    }
    spy = game.view(0)
    spy["panels"] = {"Gossip": ["seat 1 holds " + " ".join(game.view(1)["hand"][:2])]}
    with pytest.raises(AssertionError, match="not its own"):
        check_frames(record, {0: [{"type": "welcome", "view": spy}]})
    assert re.search("hidden cards", _leak_message(game, spy)) is not None


def _leak_message(game: Game, view: dict[str, Any]) -> str:
    hidden = hidden_trumps(game, 0)
    leaked = {t for t in card_tokens(view, ("score_sheet",)) if t in hidden}
    return f"hidden cards {leaked}" if leaked else ""
