"""Tables in play: the game, its seats and connections, the bot driver, and per-seat broadcasts.

Everything here runs on the server's one event loop, so a table's state changes only between awaits.  A move
is checked, applied, committed to SQLite, and only then sent out: each connection gets its own seat's view and
the new events that seat may see, never anything else.
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots.base import bot_kinds, default_level, make_bot
from tricktable.core.errors import IllegalMove, InvalidOptions, TricktableError
from tricktable.core.game import Game
from tricktable.core.players import Bot
from tricktable.core.records import to_record
from tricktable.core.registry import new_game
from tricktable.server.db import SeatRow, Store, TableRow

log = logging.getLogger("tricktable.server")

#: Messages queued for one connection before it is judged too slow and dropped.
MAX_QUEUED = 2000


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_bot_level(game: str) -> str:
    """The level used for bot seats and absent players when none is asked for (``bots.default_level``)."""
    return default_level(game)


class SeatRefused(TricktableError):
    """A seat token that is missing or wrong: the request is refused (HTTP 403)."""


class SeatTaken(TricktableError):
    """A seat that cannot be taken: not free, or the game is over (HTTP 409)."""


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

    def __init__(self, row: TableRow, game: Game, manager: TableManager) -> None:
        self.row = row
        self.game = game
        self.manager = manager
        now = time.monotonic()
        self.seats = [
            Seat(row=s, bot=make_bot(game.name, s.bot, seed=row.seed + s.seat), away_since=now) for s in row.seats
        ]
        self.connections: set[Connection] = set()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.last_move_at = now

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def over(self) -> bool:
        return self.game.to_move is None

    # ----- seats ------------------------------------------------------------------------------------

    def check_token(self, seat: int, token: str | None) -> None:
        """Raise ``SeatRefused`` unless ``token`` is the secret of ``seat``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise SeatRefused(f"there is no seat {seat!r} at this table")
        expected = self.seats[seat].row.token_hash
        if expected is None or not token or not hmac.compare_digest(expected, hash_token(token)):
            raise SeatRefused(f"this browser does not hold seat {seat} (its seat token is missing or wrong)")

    def free_seats(self) -> list[int]:
        return [s.row.seat for s in self.seats if s.row.kind == "human" and not s.taken]

    def take_seat(self, seat: int | None, name: str) -> tuple[int, str]:
        if self.over:
            raise SeatTaken("the game is over")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise SeatTaken("every seat at this table is taken")
            seat = free[0]
        if seat not in free:
            raise SeatTaken(f"seat {seat} is not free")
        token = new_token()
        state = self.seats[seat]
        name = name or f"Player {seat + 1}"
        self.manager.store.take_seat(self.id, seat, name, hash_token(token))
        state.row.name = name
        state.row.token_hash = hash_token(token)
        state.away_since = time.monotonic()
        self.changed()
        return seat, token

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

    def info(self) -> dict[str, Any]:
        """Public facts about the table (never a token, never a hidden card)."""
        now = time.monotonic()
        game = self.game
        free = self.free_seats()
        status = "over" if self.over else ("open" if free else "playing")
        return {
            "id": self.id,
            "game": game.name,
            "title": game.title,
            "players": game.players,
            "options": dict(game.options),
            "fixed_deal": self.row.fixed,
            "status": status,
            "to_move": game.to_move,
            "move_number": len(game.history),
            "invite": f"/t/{self.id}",
            "rematch": self.row.rematch,
            "rematch_of": self.row.rematch_of,
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

    def apply(self, seat: int, text: str, started: float | None = None) -> None:
        """Check and make ``seat``'s move, commit it, then tell every connection.  Raises ``IllegalMove``."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalMove("a move is a non-empty text, e.g. '7C' or 'bid 2'")
        if len(text) > 200:
            raise IllegalMove("that move is far too long to be a move")
        game = self.game
        if game.to_move is None:
            raise IllegalMove("the game is over")
        if seat != game.to_move:
            who = self.seats[game.to_move].row.name
            raise IllegalMove(f"it is not your turn: {who} (seat {game.to_move}) is to move")
        started = time.time() if started is None else started
        move = game.parse_move(text)
        reason = game.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        canonical = str(move)
        n = len(game.history)
        game.play(move)
        try:
            self.manager.store.add_move(self.id, n, seat, canonical, game.result())
        except sqlite3.Error as exc:
            # Not saved, so it did not happen: rebuild the game as the log has it.
            log.exception("could not save a move at table %s", self.id)
            self.game = self.manager.replay(self.row)
            raise IllegalMove(f"the server could not save the move ({exc}); try again") from exc
        self.row.moves.append(canonical)
        self.last_move_at = time.monotonic()
        self.broadcast(started)
        if self.over:
            self.manager.finished(self)

    def broadcast(self, started: float) -> None:
        """Send every connection its own seat's view and the new events it may see."""
        game = self.game
        total = len(game.events)
        views: dict[int | None, dict[str, Any]] = {}
        texts: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            key = (conn.seat, conn.event_index)
            text = texts.get(key)
            if text is None:
                view = views.get(conn.seat)
                if view is None:
                    view = views[conn.seat] = game.view(conn.seat)
                events = [e.to_dict() for e in game.events_for(conn.seat, conn.event_index)]
                text = texts[key] = json.dumps(
                    {"type": "update", "view": view, "events": events, "ts": started}, separators=(",", ":")
                )
            conn.event_index = total
            if not conn.push(text):
                self.drop(conn)

    def send_info(self) -> None:
        text = json.dumps({"type": "table", "table": self.info()}, separators=(",", ":"))
        for conn in list(self.connections):
            if not conn.push(text):
                self.drop(conn)

    def welcome(self, conn: Connection) -> str:
        conn.event_index = len(self.game.events)
        return json.dumps(
            {"type": "welcome", "seat": conn.seat, "table": self.info(), "view": self.game.view(conn.seat)},
            separators=(",", ":"),
        )

    # ----- connections ------------------------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """Add a connection; its first message is the full state (the welcome), then come updates."""
        self.connections.add(conn)
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
        if conn.seat is not None:
            state = self.seats[conn.seat]
            state.connections -= 1
            if state.connections == 0:
                state.away_since = time.monotonic()
        self.changed()

    def drop(self, conn: Connection) -> None:
        """A connection that cannot keep up: close it (its page reconnects and gets the full state)."""
        self.detach(conn)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)

    def changed(self) -> None:
        """Seats or connections changed: tell the watchers and let the driver look again."""
        self.send_info()
        self.wake.set()

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
            self.wake.clear()
            seat = self.game.to_move
            assert seat is not None
            wait = self.bot_wait(seat, time.monotonic())
            if wait is None:
                await self.wake.wait()
                continue
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), wait)
                continue
            if self.stand_in(seat) and seat not in announced:
                announced.add(seat)
                self.send_info()
            announced = {s for s in announced if self.stand_in(s)}
            await self.bot_move(seat)

    async def bot_move(self, seat: int) -> None:
        number = len(self.game.history)
        view = self.game.view(seat)
        bot = self.seats[seat].bot
        try:
            text = await asyncio.get_running_loop().run_in_executor(self.manager.bot_thread, bot.choose, view)
        except Exception:
            log.exception("bot %s failed at table %s; playing a random legal move", bot.name, self.id)
            text = secrets.choice(view["legal_moves"])
        # A person may have come back (or moved) while the bot was thinking.
        if len(self.game.history) != number or self.bot_wait(seat, time.monotonic()) != 0.0:
            return
        try:
            self.apply(seat, text)
        except IllegalMove:
            log.exception("bot %s chose an illegal move %r at table %s", bot.name, text, self.id)
            self.apply(seat, secrets.choice(view["legal_moves"]))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None


class TableManager:
    """Every table the server knows: unfinished ones live in memory; finished ones are loaded when asked for."""

    def __init__(self, store: Store, bot_delay: float, grace: float) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.grace = grace
        self.tables: dict[str, Table] = {}
        # Bots think in one thread of their own: off the event loop, and never several at once, because
        # CPU-bound threads share one interpreter lock and would starve the loop that sends the updates.
        self.bot_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")

    # ----- lifecycle --------------------------------------------------------------------------------

    def restore(self) -> int:
        """Rebuild every unfinished table from its log; returns how many."""
        count = 0
        for table_id in self.store.unfinished_ids():
            row = self.store.load(table_id)
            if row is None:
                continue
            try:
                table = Table(row, self.replay(row), self)
            except TricktableError:
                log.exception("table %s cannot be rebuilt from its log", table_id)
                continue
            self.tables[table_id] = table
            table.start()
            count += 1
        return count

    async def close(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
            for conn in list(table.connections):
                conn.push(None)
        self.bot_thread.shutdown(wait=False, cancel_futures=True)

    def replay(self, row: TableRow) -> Game:
        game = new_game(row.game, players=row.players, seed=row.seed, deals=row.deals or None, **row.options)
        for index, text in enumerate(row.moves, start=1):
            try:
                game.play(text)
            except IllegalMove as exc:
                raise IllegalMove(f"move {index} ({text!r}) of table {row.id} fails: {exc}") from exc
        return game

    # ----- tables -----------------------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        seed: int | None = None,
        deals: list[dict[str, Any]] | None = None,
        rematch_of: str | None = None,
    ) -> Table:
        """Start a table; raises ``InvalidOptions`` with the reason for a bad game, option or seat."""
        if seed is not None and not 0 <= seed < 2**63:
            raise InvalidOptions("seed must be a whole number 0 .. 2**63-1")
        game = new_game(game_name, players=players, seed=seed, deals=deals, **options)
        kinds = bot_kinds(game.name)
        specs = list(seats) if seats is not None else [{"kind": "human"}] + [{"kind": "bot"}] * (game.players - 1)
        if len(specs) != game.players:
            raise InvalidOptions(f"{len(specs)} seats given for a {game.players}-player table")
        rows: list[SeatRow] = []
        for index, spec in enumerate(specs):
            kind = spec.get("kind", "human")
            if kind not in ("human", "bot"):
                raise InvalidOptions(f"seat {index}: kind is 'human' or 'bot', not {kind!r}")
            level = spec.get("bot") or default_bot_level(game.name)
            if level not in kinds:
                raise InvalidOptions(f"seat {index}: no {level!r} bot for {game.name} (bots: {', '.join(kinds)})")
            name = spec.get("name") or (f"Bot {index + 1} ({level})" if kind == "bot" else f"Player {index + 1}")
            rows.append(SeatRow(seat=index, kind=kind, bot=level, name=name, token_hash=spec.get("token_hash")))
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        row = TableRow(
            id=table_id,
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=game.seed,
            deals=[dict(d) for d in game.deals],
            created=time.time(),
            seats=rows,
            rematch_of=rematch_of,
            fixed=seed is not None or bool(deals),
        )
        self.store.create_table(row)
        table = Table(row, game, self)
        self.tables[table_id] = table
        table.start()
        return table

    def get(self, table_id: str) -> Table | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 40:
            return None
        row = self.store.load(table_id)
        if row is None:
            return None
        table = Table(row, self.replay(row), self)
        self.tables[table_id] = table
        table.start()
        return table

    def finished(self, table: Table) -> None:
        """A finished table stays in memory while watched; its log stays in the store for good."""
        if not table.connections and table.row.rematch is None:
            self.tables.pop(table.id, None)

    def forget_if_idle(self, table: Table) -> None:
        if table.over and not table.connections:
            self.tables.pop(table.id, None)

    def rematch(self, table: Table) -> Table:
        """The next game at the same table: same game, options and seats; the same people keep their seats."""
        if not table.over:
            raise InvalidOptions("the game is still running: a rematch starts when it is over")
        if table.row.rematch is not None:
            existing = self.get(table.row.rematch)
            if existing is not None:
                return existing
        seats = [
            {"kind": s.row.kind, "bot": s.row.bot, "name": s.row.name, "token_hash": s.row.token_hash}
            for s in table.seats
        ]
        new = self.create(table.game.name, table.game.players, dict(table.game.options), seats, rematch_of=table.id)
        table.row.rematch = new.id
        self.store.set_rematch(table.id, new.id)
        table.send_info()
        return new

    def open_tables(self) -> list[dict[str, Any]]:
        return [t.info() for t in self.tables.values() if not t.over and t.free_seats()]

    def record(self, table: Table) -> dict[str, Any]:
        return to_record(table.game, [s.row.name for s in table.seats])
