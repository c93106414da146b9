"""One table in play: the game, its seats and connections, the bot driver, and per-seat broadcasts.

Everything here runs on the server's one event loop, so a table's state changes only between awaits.  A move
is checked, applied, committed to SQLite, and only then sent out: each connection gets its own seat's view,
the new events that seat may see and those events as sentences, never anything else.  Bots think in the
manager's process pool (``botpool``), never on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.bots.base import make_bot
from tricktable.core.errors import IllegalMove, TricktableError
from tricktable.core.game import Game
from tricktable.core.players import Bot
from tricktable.server.botpool import BotPool
from tricktable.server.db import MoveTaken, SeatRow, StoreUnavailable, TableRow, TableStore
from tricktable.server.narration import Narrator

log = logging.getLogger("tricktable.server")

#: Messages queued for one connection before it is judged too slow and dropped.
MAX_QUEUED = 2000
#: Why a table whose seed or deal its creator chose takes nobody else: its creator could know their cards.
CHOSEN_DEAL = (
    "this is a practice table whose deal its creator chose: nobody else may take a seat at it "
    "(whoever chose the deal could know the cards)"
)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(expected_hash: str | None, token: str | None) -> bool:
    return bool(expected_hash and token) and hmac.compare_digest(expected_hash or "", hash_token(token or ""))


class Owner(Protocol):
    """What a table needs from the manager that owns it (``manager.TableManager``)."""

    store: TableStore
    pool: BotPool
    bot_delay: float
    grace: float

    def replay(self, row: TableRow) -> Game: ...

    def has_analysis(self, game: Game) -> bool: ...

    def round_over(self, table: Table, rounds: int) -> None: ...

    def finished(self, table: Table) -> None: ...

    def catch_up(self, table: Table) -> None: ...

    def refresh(self, table: Table) -> None: ...


class SeatRefused(TricktableError):
    """A seat or host token that is missing or wrong: the request is refused (HTTP 403)."""


class SeatTaken(TricktableError):
    """A seat that cannot be taken or changed: not free, or the table is over (HTTP 409)."""


@dataclass(eq=False)
class Connection:
    """One websocket: a seat (``None`` for a spectator), its outgoing queue and how far its events go."""

    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUED))
    event_index: int = 0

    def push(self, text: str | None) -> bool:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True


@dataclass
class Seat:
    row: SeatRow
    bot: Bot
    connections: int = 0
    #: ``time.monotonic()`` when the seat was taken or lost its last connection; ``None`` while connected.
    away_since: float | None = None

    @property
    def taken(self) -> bool:
        return self.row.token_hash is not None


class Table:
    """One table: a game rebuilt from (or being written to) the store, its seats and its watchers."""

    def __init__(self, row: TableRow, game: Game, manager: Owner, client: str | None = None) -> None:
        self.row = row
        self.game = game
        self.manager = manager
        #: The address that created the table (for the per-client limit); ``None`` for restored tables.
        self.client = client
        now = time.monotonic()
        self.seats = [
            Seat(row=s, bot=make_bot(game.name, s.bot, seed=secrets.randbits(32)), away_since=now) for s in row.seats
        ]
        self.connections: set[Connection] = set()
        self._wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.last_move_at = now
        #: Last time a person was connected or moved (bot moves do not count): idle tables expire.
        self.active_at = now
        #: Finished rounds' open-hands analyses (game-specific, ``tricktable.analysis``), once computed.
        self.analysis: list[dict[str, Any]] = []
        self.narrator = Narrator(game.name)
        #: Rows of the score sheet so far: a new one means a round has just ended.
        self.rounds = len(game.view(None).get("score_sheet") or ())

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def over(self) -> bool:
        return self.row.closed or self.game.to_move is None

    def names(self) -> list[str]:
        return [s.row.name for s in self.seats]

    # ----- seats ------------------------------------------------------------------------------------

    def check_token(self, seat: int, token: str | None) -> None:
        """Raise ``SeatRefused`` unless ``token`` is the secret of ``seat``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise SeatRefused("there is no such seat at this table")
        if not token_matches(self.seats[seat].row.token_hash, token) and token:
            self.manager.refresh(self)  # the seat may have been taken at another server a moment ago
        if not token_matches(self.seats[seat].row.token_hash, token):
            raise SeatRefused(f"this browser does not hold seat {seat + 1} (its seat token is missing or wrong)")

    def check_host(self, token: str | None) -> None:
        if not token_matches(self.row.host_hash, token):
            raise SeatRefused("only the table's host may do that (the host token is missing or wrong)")

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, if any."""
        for state in self.seats:
            if token_matches(state.row.token_hash, token):
                return state.row.seat
        return None

    def free_seats(self) -> list[int]:
        return [s.row.seat for s in self.seats if s.row.kind == "human" and not s.taken]

    def take_seat(self, seat: int | None, name: str) -> tuple[int, str]:
        if self.over:
            raise SeatTaken("the game is over")
        if self.row.fixed and any(s.taken for s in self.seats):
            raise SeatTaken(CHOSEN_DEAL)
        free = self.free_seats()
        if seat is None:
            if not free:
                raise SeatTaken("every seat at this table is taken")
            seat = free[0]
        if seat not in free:
            raise SeatTaken(f"seat {seat + 1} is not free" if 0 <= seat < len(self.seats) else "no such seat")
        token = new_token()
        state = self.seats[seat]
        name = name or f"Player {seat + 1}"
        self.manager.store.take_seat(self.id, seat, name, hash_token(token))
        state.row.name = name
        state.row.token_hash = hash_token(token)
        state.away_since = time.monotonic()
        self.active_at = time.monotonic()
        self.changed()
        return seat, token

    def seat_bot(self, seat: int, level: str) -> None:
        """The host puts a bot of ``level`` in a seat nobody has taken."""
        if self.over:
            raise SeatTaken("the game is over")
        if seat not in self.free_seats():
            raise SeatTaken(f"seat {seat + 1} is not an open seat")
        name = f"Bot {seat + 1} ({level})"
        self.manager.store.set_seat(self.id, seat, "bot", level, name, None)
        state = self.seats[seat]
        state.row.kind, state.row.bot, state.row.name, state.row.token_hash = "bot", level, name, None
        state.bot = make_bot(self.game.name, level, seed=secrets.randbits(32))
        self.changed()

    def reinvite(self, seat: int) -> str:
        """A new token for a person's seat; the old one stops working at once.  Returns the new token."""
        if self.over:
            raise SeatTaken("the game is over")
        if self.row.fixed:
            raise SeatTaken(CHOSEN_DEAL)
        state = self.seats[seat]
        if state.row.kind != "human":
            raise SeatTaken(f"seat {seat + 1} is a bot's seat")
        token = new_token()
        self.manager.store.set_seat(self.id, seat, "human", state.row.bot, state.row.name, hash_token(token))
        state.row.token_hash = hash_token(token)
        # Whoever is connected with the old token is no longer this seat: close those sockets.
        for conn in [c for c in self.connections if c.seat == seat]:
            conn.push(json.dumps({"type": "error", "message": "this seat was given a new invitation", "code": 403}))
            self.drop(conn)
        self.changed()
        return token

    def bot_wait(self, seat: int, now: float) -> float | None:
        """Seconds until a bot may move for ``seat``; ``None`` while a person holds it (or may still take it)."""
        state = self.seats[seat]
        paced = self.last_move_at + self.manager.bot_delay - now
        if state.row.kind == "bot":
            return max(0.0, paced)
        if not state.taken or state.away_since is None:
            return None
        return max(0.0, paced, state.away_since + self.manager.grace - now)

    def stand_in(self, seat: int, now: float | None = None) -> bool:
        """Is a bot playing this person's seat (they have been away longer than the grace period)?"""
        state = self.seats[seat]
        now = time.monotonic() if now is None else now
        return (
            state.row.kind == "human"
            and state.taken
            and state.away_since is not None
            and now - state.away_since >= self.manager.grace
        )

    def status(self) -> str:
        if self.row.closed:
            return "closed"
        if self.game.to_move is None:
            return "over"
        return "open" if self.free_seats() else "playing"

    def info(self) -> dict[str, Any]:
        """Public facts about the table (never a token, never a hidden card)."""
        now = time.monotonic()
        game = self.game
        return {
            "id": self.id,
            "game": game.name,
            "title": game.title,
            "players": game.players,
            "options": dict(game.options),
            "fixed_deal": self.row.fixed,
            "status": self.status(),
            "to_move": game.to_move,
            "move_number": len(game.history),
            "invite": f"/t/{self.id}",
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
            "created": self.row.created,
            "waiting_s": round(now - self.active_at, 1) if self.free_seats() else None,
            "watchers": sum(1 for c in self.connections if c.seat is None),
            "seats": [
                {
                    "seat": s.row.seat,
                    "kind": s.row.kind,
                    "bot": s.row.bot,
                    "name": s.row.name,
                    "taken": s.row.kind == "bot" or s.taken,
                    "connected": s.connections > 0,
                    "stand_in": self.stand_in(s.row.seat, now),
                }
                for s in self.seats
            ],
        }

    # ----- moves ------------------------------------------------------------------------------------

    def apply(self, seat: int, text: str, started: float | None = None, by_person: bool = True) -> None:
        """Make ``seat``'s move, commit it, then tell every connection and wake the driver.

        Raises ``IllegalMove`` (changing nothing) for a seat out of turn, a finished game, or a move the game
        refuses; the game's own check (``Game.play``) is the only test of the move itself."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalMove("a move is a non-empty text, e.g. '7C' or 'bid 2'")
        if len(text) > 200:
            raise IllegalMove("that move is far too long to be a move")
        game = self.game
        if self.over:
            raise IllegalMove("the game is over")
        assert game.to_move is not None
        if seat != game.to_move:
            who = self.seats[game.to_move].row.name
            raise IllegalMove(f"it is not your turn: {who} is to move")
        started = time.time() if started is None else started
        n = len(game.history)
        game.play(text)  # the game's own check: an illegal move raises its reason and changes nothing
        canonical = str(game.history[-1])
        try:
            self.manager.store.add_move(self.id, n, seat, canonical, game.result())
        except (sqlite3.Error, StoreUnavailable) as exc:
            # Not saved, so it did not happen: rebuild the game as the log has it.
            log.exception("could not save a move at table %s", self.id)
            self.game = self.manager.replay(self.row)
            raise IllegalMove("the server could not save the move; try again") from exc
        except MoveTaken:
            # Another server recorded move n first: catch up with the log and answer from it.
            self.game = self.manager.replay(self.row)
            self.manager.catch_up(self)
            if by_person and n < len(self.row.moves) and self.row.moves[n] == canonical:
                return  # the same move, sent to two servers: it was made once
            if by_person:
                raise IllegalMove("another move was made first; look at the table again") from None
            return
        self.row.moves.append(canonical)
        self.last_move_at = time.monotonic()
        if by_person:
            self.active_at = self.last_move_at
        # Games with an open-hands analysis get it at the end of each round (a new row of the score sheet);
        # a game played against each other only once it is over (see ``TableManager.has_analysis``).
        analysed = self.manager.has_analysis(game)
        watched = any(c.seat is None for c in self.connections)
        spectators = game.view(None) if analysed or watched else None
        self.broadcast(started, spectators)
        if spectators is not None and analysed:
            rounds = len(spectators.get("score_sheet") or ())
            if rounds > self.rounds:
                self.manager.round_over(self, rounds)
            self.rounds = rounds
        if self.over:
            self.manager.finished(self)
        self._wake.set()  # the next seat may be a bot's (the driver clears this itself when it moved)

    def broadcast(self, started: float, spectators: dict[str, Any] | None = None) -> None:
        """Send every connection its own seat's view, the new events it may see, and them as sentences."""
        game = self.game
        total = len(game.events)
        views: dict[int | None, dict[str, Any]] = {} if spectators is None else {None: spectators}
        texts: dict[tuple[int | None, int], str] = {}
        names = self.names()
        for conn in list(self.connections):
            key = (conn.seat, conn.event_index)
            text = texts.get(key)
            if text is None:
                view = views.get(conn.seat)
                if view is None:
                    view = views[conn.seat] = game.view(conn.seat)
                events = [e.to_dict() for e in game.events_for(conn.seat, conn.event_index)]
                frame = {
                    "type": "update",
                    "view": view,
                    "events": events,
                    "log": self.narrator.sentences(events, names),
                    "trick_reason": self.narrator.trick_reason(view, names),
                    "ts": started,
                }
                text = texts[key] = json.dumps(frame, separators=(",", ":"))
            conn.event_index = total
            if not conn.push(text):
                self.drop(conn)

    def send_all(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        for conn in list(self.connections):
            if not conn.push(text):
                self.drop(conn)

    def send_info(self) -> None:
        self.send_all({"type": "table", "table": self.info()})

    def welcome(self, conn: Connection) -> str:
        conn.event_index = len(self.game.events)
        view = self.game.view(conn.seat)
        names = self.names()
        return json.dumps(
            {
                "type": "welcome",
                "seat": conn.seat,
                "table": self.info(),
                "view": view,
                "log": self.narrator.sentences(view.get("events") or [], self.names()),
                "trick_reason": self.narrator.trick_reason(view, names),
                "analysis": self.analysis,
            },
            separators=(",", ":"),
        )

    # ----- connections ------------------------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """Add a connection; its first message is the full state (the welcome), then come updates."""
        self.connections.add(conn)
        self.active_at = time.monotonic()
        if conn.seat is not None:
            state = self.seats[conn.seat]
            state.connections += 1
            state.away_since = None
        conn.push(self.welcome(conn))
        self.changed()

    def detach(self, conn: Connection) -> None:
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        self.active_at = time.monotonic()
        if conn.seat is not None:
            state = self.seats[conn.seat]
            state.connections -= 1
            if state.connections == 0:
                state.away_since = time.monotonic()
        self.changed()

    def drop(self, conn: Connection) -> None:
        """A connection that cannot keep up (or lost its seat): close it; its page reconnects."""
        self.detach(conn)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)

    def close_connections(self) -> None:
        for conn in list(self.connections):
            conn.push(None)

    def changed(self) -> None:
        """Seats or connections changed: tell the watchers and let the driver look again."""
        self.send_info()
        self.wake()

    def wake(self) -> None:
        """Let the driver look again (a move or a seat changed, here or at another server)."""
        self._wake.set()

    # ----- the driver: bots, and stand-ins for absent players ----------------------------------------

    def start(self) -> None:
        if self.task is None and not self.over:
            self.task = asyncio.get_running_loop().create_task(self.drive(), name=f"table-{self.id}")

    async def drive(self) -> None:
        try:
            await self._drive()
        except asyncio.CancelledError:
            raise
        except Exception:
            # A fault in a game or bot must not pass silently: the table stops moving and says why in the log.
            log.exception("the driver of table %s stopped", self.id)
            raise

    async def _drive(self) -> None:
        # While a stand-in waits for the grace period, the page should show it taking over: re-send the info.
        announced: set[int] = set()
        while not self.over:
            self._wake.clear()
            seat = self.game.to_move
            assert seat is not None
            wait = self.bot_wait(seat, time.monotonic())
            if wait is None:
                await self._wake.wait()
                continue
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
                continue
            if self.stand_in(seat) and seat not in announced:
                announced.add(seat)
                self.send_info()
            announced = {s for s in announced if self.stand_in(s)}
            await self.bot_move(seat)

    async def bot_move(self, seat: int) -> None:
        number = len(self.game.history)
        view = self.game.view(seat)
        state = self.seats[seat]
        bot = state.bot
        try:
            text, thought = await self.manager.pool.choose(bot, view)
        except Exception:
            log.exception("bot %s failed at table %s; playing a random legal move", bot.name, self.id)
            text, thought = secrets.choice(view["legal_moves"]), bot
        # A person may have come back (or moved), or the host changed the seat, while the bot was thinking.
        if self.over or len(self.game.history) != number or self.bot_wait(seat, time.monotonic()) != 0.0:
            return
        if state.bot is bot:
            state.bot = thought  # what the bot remembers after this move
        try:
            self.apply(seat, text, by_person=False)
        except IllegalMove:
            log.exception("bot %s chose an illegal move %r at table %s", bot.name, text, self.id)
            self.apply(seat, secrets.choice(view["legal_moves"]), by_person=False)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
