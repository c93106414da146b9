"""Every table the server knows: creating them (everything checked before anything is made), restoring them
after a restart, rematches, the per-client limit, idle expiry and the open-hands analyses of finished rounds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any, Protocol

from tricktable.analysis import has_analysis as game_has_analysis
from tricktable.bots.base import bot_kinds, default_level
from tricktable.core.errors import IllegalMove, InvalidOptions, TricktableError, excerpt
from tricktable.core.game import Game
from tricktable.core.records import to_record
from tricktable.core.registry import game_class, new_game
from tricktable.server.botpool import BotPool
from tricktable.server.db import SeatRow, TableRow, TableStore
from tricktable.server.table import Table, hash_token, new_token

log = logging.getLogger("tricktable.server")

#: Largest seed a table may be given (seeds are stored as text, but records and shuffles take 63 bits).
MAX_SEED = 2**63 - 1


class SharedStore(Protocol):
    """What the manager asks of a store that several servers share: unfinished tables counted over all of them."""

    def running_tables_of(self, client: str) -> int: ...


class Peers(Protocol):
    """The other servers on a shared store, as the manager sees them (``server.shared.SharedTables``): which
    tables this server holds the lease of, who is connected elsewhere, and keeping a table in step with the log."""

    @property
    def store(self) -> SharedStore: ...

    held: set[str]
    elsewhere: dict[str, set[int]]

    def holds(self, table_id: str) -> bool: ...

    def catch_up(self, table: Table) -> None: ...

    def refresh(self, table: Table) -> None: ...

    async def close(self) -> None: ...


class TooManyTables(TricktableError):
    """A client already runs as many tables as it may (HTTP 429)."""


@dataclass
class Limits:
    """What the server allows: per client, and for idle tables."""

    #: Unfinished tables one client address may have created and not yet finished.
    tables_per_client: int = 8
    #: Seconds a table may go without anybody connected before it is closed.
    idle_expiry: float = 1800.0


@dataclass
class Plan:
    """A table checked and ready to open: the game made, the seats laid out."""

    game: Game
    seats: list[SeatRow]
    fixed: bool


class TableManager:
    """Every table the server knows: unfinished ones live in memory; finished ones are loaded when asked for."""

    def __init__(
        self,
        store: TableStore,
        bot_delay: float,
        grace: float,
        pool: BotPool | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.grace = grace
        self.limits = limits or Limits()
        self.pool = pool or BotPool()
        self.tables: dict[str, Table] = {}
        self._housekeeper: asyncio.Task[None] | None = None
        self._analyses: set[asyncio.Task[None]] = set()
        #: With a shared (PostgreSQL) store: the other servers' changes, and the leases that say which
        #: server runs each table's bots and timers.
        self.shared: Peers | None = None

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
            self.start_table(table)
            self.analyse_past_rounds(table)
            count += 1
        return count

    def start_housekeeping(self, every: float = 5.0) -> None:
        self._housekeeper = asyncio.get_running_loop().create_task(self._housekeeping(every), name="housekeeping")

    async def _housekeeping(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire_idle()
            except Exception:
                log.exception("housekeeping failed")

    def start_table(self, table: Table) -> None:
        """Start a table's driver, here unless another server holds its lease."""
        if self.shared is None or self.shared.holds(table.id):
            table.start()

    def catch_up(self, table: Table) -> None:
        """Another server recorded moves this one has not played yet: play them from the log."""
        if self.shared is not None:
            self.shared.catch_up(table)

    def refresh(self, table: Table) -> None:
        """Seats may have changed at another server: read them again from the store."""
        if self.shared is not None:
            self.shared.refresh(table)

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
        if self._housekeeper is not None:
            self._housekeeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._housekeeper
        for task in list(self._analyses):
            task.cancel()
        for table in list(self.tables.values()):
            await table.stop()
            table.close_connections()
        self.pool.shutdown()

    def replay(self, row: TableRow) -> Game:
        game = new_game(row.game, players=row.players, seed=row.seed, deals=row.deals or None, **row.options)
        for index, text in enumerate(row.moves, start=1):
            try:
                game.play(text)
            except IllegalMove as exc:
                raise IllegalMove(f"move {index} ({text!r}) of table {row.id} fails: {exc}") from exc
        return game

    # ----- creating tables --------------------------------------------------------------------------

    def plan(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        creator_seat: int | None = 0,
        seed: int | None = None,
        deals: list[dict[str, Any]] | None = None,
    ) -> Plan:
        """Check a new table whole, without making anything; raises ``InvalidOptions`` saying what is wrong."""
        cls = game_class(game_name)
        known = {spec.name for spec in cls.option_specs}
        unknown = sorted(set(options) - known)
        if unknown:
            shown = ", ".join(excerpt(name) for name in unknown[:3]) + (", ..." if len(unknown) > 3 else "")
            raise InvalidOptions(
                f"{cls.name} has no option {shown} (its options: {', '.join(sorted(known)) or 'none'})"
            )
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise InvalidOptions("seed must be a whole number 0 .. 2**63-1")
        specs = list(seats) if seats is not None else None
        if specs is not None and creator_seat is not None and not 0 <= creator_seat < len(specs):
            raise InvalidOptions(f"there is no seat {creator_seat + 1 if creator_seat >= 0 else creator_seat} to take")
        if specs is not None and creator_seat is not None and specs[creator_seat].get("kind", "human") != "human":
            raise InvalidOptions(f"seat {creator_seat + 1} is a bot's seat: the creator can only take a person's seat")
        fixed = seed is not None or bool(deals)
        if fixed and specs is not None:
            others = [i for i, s in enumerate(specs) if s.get("kind", "human") == "human" and i != creator_seat]
            if others:
                raise InvalidOptions(
                    "a chosen seed or deal is for practice against bots only: at a table with a seat for another "
                    "person somebody would know the cards"
                )
        # A fresh seed from the operating system's random source: no player can predict the cards.
        game = new_game(
            cls.name, players=players, seed=secrets.randbits(63) if seed is None else seed, deals=deals, **options
        )
        if specs is None:
            specs = [{"kind": "human"}] + [{"kind": "bot"}] * (game.players - 1)
            if fixed and creator_seat != 0:
                raise InvalidOptions("a chosen seed or deal is for practice against bots only")
        if len(specs) != game.players:
            raise InvalidOptions(f"{len(specs)} seats given for a {game.players}-player table")
        if creator_seat is not None and not 0 <= creator_seat < game.players:
            raise InvalidOptions("there is no such seat to take")
        kinds = bot_kinds(game.name)
        rows: list[SeatRow] = []
        for index, spec in enumerate(specs):
            kind = spec.get("kind", "human")
            if kind not in ("human", "bot"):
                raise InvalidOptions(f"seat {index + 1}: a seat is for a 'human' or a 'bot'")
            level = spec.get("bot") or default_level(game.name)
            if level not in kinds:
                raise InvalidOptions(
                    f"seat {index + 1}: {game.name} has no such bot level (levels: {', '.join(kinds)})"
                )
            name = spec.get("name") or (f"Bot {index + 1} ({level})" if kind == "bot" else f"Player {index + 1}")
            rows.append(SeatRow(seat=index, kind=kind, bot=level, name=name, token_hash=spec.get("token_hash")))
        return Plan(game=game, seats=rows, fixed=fixed)

    def check_client(self, client: str | None) -> None:
        """Raise ``TooManyTables`` if ``client`` may not open another table now."""
        if client is None:
            return
        if self.shared is not None:
            running = self.shared.store.running_tables_of(client)
        else:
            running = sum(1 for t in self.tables.values() if t.client == client and not t.over)
        if running >= self.limits.tables_per_client:
            raise TooManyTables(
                f"you already have {running} unfinished tables, the most one address may have: "
                "finish or close one first"
            )

    def open(
        self,
        plan: Plan,
        client: str | None = None,
        rematch_of: str | None = None,
        host_hash: str | None = None,
    ) -> tuple[Table, str | None]:
        """Make the table of a checked plan; returns it and the host's token (``None`` if a host was given)."""
        self.check_client(client)
        host_token = None
        if host_hash is None:
            host_token = new_token()
            host_hash = hash_token(host_token)
        game = plan.game
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        row = TableRow(
            id=table_id,
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=game.seed,
            deals=[dict(d) for d in game.deals],
            created=time.time(),
            seats=plan.seats,
            rematch_of=rematch_of,
            fixed=plan.fixed,
            host_hash=host_hash,
            client=client,
        )
        self.store.create_table(row)
        table = Table(row, game, self, client=client)
        self.tables[table_id] = table
        if self.shared is not None:
            self.shared.held.add(table_id)  # the store gave this server the new table's lease
        self.start_table(table)
        return table, host_token

    # ----- finding and ending tables ------------------------------------------------------------------

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
        self.start_table(table)
        self.analyse_past_rounds(table)
        return table

    def finished(self, table: Table) -> None:
        """A finished table stays in memory while watched; its log stays in the store for good."""
        if not table.connections and table.row.rematch is None:
            self.tables.pop(table.id, None)

    def forget_if_idle(self, table: Table) -> None:
        if table.over and not table.connections:
            self.tables.pop(table.id, None)

    async def close_table(self, table: Table) -> None:
        """End a table without a result (its host closed it, or it sat idle too long)."""
        if table.over:
            return
        self.store.close_table(table.id)
        table.row.closed = True
        await table.stop()
        table.send_info()
        self.forget_if_idle(table)

    async def expire_idle(self, now: float | None = None) -> list[str]:
        """Close every unfinished table nobody has been connected to for ``idle_expiry`` seconds."""
        now = time.monotonic() if now is None else now
        expired = [
            t
            for t in list(self.tables.values())
            if not t.over
            and not t.connections
            and now - t.active_at >= self.limits.idle_expiry
            # With several servers, only the lease holder expires a table (it hears who is at it elsewhere).
            and (self.shared is None or (self.shared.holds(t.id) and t.id not in self.shared.elsewhere))
        ]
        for table in expired:
            log.info("table %s expired after %.0f s without anybody at it", table.id, now - table.active_at)
            await self.close_table(table)
        return [t.id for t in expired]

    def rematch(self, table: Table) -> Table:
        """The next game at the same table: same game, options, seats and host; everyone keeps their seat."""
        if not table.over or table.row.closed:
            raise InvalidOptions("a rematch starts when the game has been played to its end")
        if table.row.rematch is not None:
            existing = self.get(table.row.rematch)
            if existing is not None:
                return existing
        seats = [
            {"kind": s.row.kind, "bot": s.row.bot, "name": s.row.name, "token_hash": s.row.token_hash}
            for s in table.seats
        ]
        plan = self.plan(table.game.name, table.game.players, dict(table.game.options), seats, creator_seat=None)
        new, _ = self.open(plan, rematch_of=table.id, host_hash=table.row.host_hash)
        table.row.rematch = new.id
        self.store.set_rematch(table.id, new.id)
        table.send_info()
        return new

    def open_tables(self) -> list[dict[str, Any]]:
        """Unfinished tables with a free seat, and those someone may watch, newest first."""
        tables = [t for t in self.tables.values() if not t.over]
        tables.sort(key=lambda t: t.row.created, reverse=True)
        return [t.info() for t in tables]

    def record(self, table: Table) -> dict[str, Any]:
        return to_record(table.game, table.names())

    # ----- open-hands analyses of finished rounds --------------------------------------------------------

    @staticmethod
    def has_analysis(game: Game) -> bool:
        """Whether the finished rounds' open-hands analysis may be sent now.  It shows every hand of a round
        and every hidden choice (Secret Trumps' goals).  A team playing together talks its rounds over as it
        goes; players against each other see it when the game is over, so nobody reads a rival's habits
        (the goals they aim at, how they hold their cards) while the game is still running."""
        return game_has_analysis(game.name) and (game.cooperative or game.is_over)

    def round_over(self, table: Table, rounds: int) -> None:
        """A round ended (``rounds`` are finished now): work out their open-hands analysis in the pool and send it
        when it is ready."""
        record = self.record(table)
        task = asyncio.get_running_loop().create_task(self._analyse(table, record, rounds))
        self._analyses.add(task)
        task.add_done_callback(self._analyses.discard)

    def analyse_past_rounds(self, table: Table) -> None:
        """A table rebuilt from the store (a finished game opened again, or a restart): the analysis of the rounds
        it had finished is worked out again, since only the moves are stored."""
        if table.rounds and self.has_analysis(table.game):
            self.round_over(table, table.rounds)

    async def _analyse(self, table: Table, record: dict[str, Any], rounds: int) -> None:
        try:
            report = await self.pool.analyse(record)
        except Exception:
            log.exception("the analysis of table %s failed", table.id)
            return
        # Only finished rounds: the report of a record that stops at a round's end holds nothing more.
        sections = report["sections"][:rounds]
        if len(sections) <= len(table.analysis):
            return
        table.analysis = sections
        table.send_all({"type": "analysis", "sections": sections})


__all__ = ["Limits", "Plan", "TableManager", "TooManyTables"]
