"""The core protocol every game implements: state, legal moves, play, per-seat views, events, records.

A game module subclasses :class:`Game` and says only its rules: ``to_move``, ``legal_moves``,
``parse_move``, ``why_illegal``, ``_apply`` and the game-specific parts of a view.  Everything that
speaks to games (bots, the CLI, the web table, the lab) uses only this class.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from tricktable.core.errors import IllegalMove, InvalidOptions, excerpt
from tricktable.core.events import Event, GameOver, LogEntry
from tricktable.core.hidden import Hidden
from tricktable.core.options import Option, resolve_options


class Move:
    """Base of every move.  ``str(move)`` is its notation, which ``Game.parse_move`` reads back."""

    __slots__ = ()


def _copy_value(value: Any) -> Any:
    """Copy plain mutable containers all the way down; immutable values are shared."""
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value


class Game(ABC):
    """A game in progress.  Create one with ``tricktable.new_game``."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: One line per move kind, shown by the CLI and the web table's help.
    move_help: ClassVar[str] = ""
    #: What the game is, in a line a new player reads (the lobby shows it).
    summary: ClassVar[str] = ""
    #: A cooperative game is won or lost by every seat together (Tricks Together): bots are compared as teams.
    cooperative: ClassVar[bool] = False

    def __init__(
        self,
        players: int | None = None,
        seed: int | None = None,
        deals: list[dict[str, Any]] | None = None,
        *,
        deal_version: int = 2,
        **options: Any,
    ) -> None:
        players = self.default_players if players is None else players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}")
        self.players: int = players
        self.options: dict[str, Any] = resolve_options(self.name, self.option_specs, options)
        self.check_options()
        self.seed: int = random.randrange(2**63) if seed is None else int(seed)
        #: How a seed becomes cards: 2 (this version) or 1 (the shuffle of records in format 1, kept so that
        #: they replay).  Games whose shuffle never changed ignore it.
        self.deal_version = deal_version
        self.deals: list[dict[str, Any]] = []
        if deals is not None:
            if not isinstance(deals, list):
                raise InvalidOptions("deals must be a list of deals (one object per deal)")
            for index, deal in enumerate(deals):
                if not isinstance(deal, dict):
                    raise InvalidOptions(f"deal {index + 1} must be an object, not {type(deal).__name__}")
            self.deals = [dict(d) for d in deals]
        self._deals_used = 0
        #: Every deal made so far, in whatever compact form the game keeps (``deals_made`` writes them out).
        self._dealt: list[Any] = []
        self.history: list[Move] = []
        self._log: list[LogEntry] = []
        self._events: list[Event] = []
        self.setup()

    @property
    def rng(self) -> random.Random:
        """The game's random generator, seeded with ``seed`` and made when first used."""
        rng: random.Random | None = self.__dict__.get("_rng")
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    # ----- what a game module provides -------------------------------------------------------------

    def check_options(self) -> None:
        """Refuse option combinations the rules do not allow (raise ``InvalidOptions``).  Default: all allowed."""
        return None

    @abstractmethod
    def setup(self) -> None:
        """Start the game: the first deal and whatever comes before the first move."""

    #: The seat to move (``None`` once the game is over) and the phase's name: a game keeps these two
    #: up to date, or overrides ``to_move`` and ``phase``.
    _turn: int | None = None
    phase_name: str = ""

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is, or ``None`` when the game is over."""
        return self._turn

    @property
    def phase(self) -> str:
        """A short name of the current phase (``"commit"``, ``"play"``, ``"over"``, ...)."""
        return self.phase_name

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """Every move the player to move may make now (a list or a shared tuple: do not change it)."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move's notation; raise ``IllegalMove`` saying what is wrong with it."""

    @abstractmethod
    def why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal now, else the reason in words (``"the game is over"`` when it is).

        Must not change the state."""

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Make a legal move."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of ``view``: exactly what ``seat`` may know (``None``: spectators)."""

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """``None`` while the game runs; afterwards winners, scores and a summary."""

    def hidden_from(self, seat: int | None) -> Hidden:
        """What ``seat`` (``None``: the spectators) may not know now: the cards out of its sight and the other
        seats' choices not yet revealed to it (``core.hidden``).  Every game states it; the conformance suite
        holds every view to it."""
        raise NotImplementedError(f"{type(self).__name__} does not say what is hidden from a seat")

    def deals_made(self) -> list[dict[str, Any]]:
        """Every deal made so far, in the game's explicit-deal format: what a record keeps, so that it replays
        the same cards whatever shuffle a later version uses.  A deal owed is made first, as for a record."""
        self._catch_up()
        return [self._deal_text(raw) for raw in self._dealt]

    def _deal_text(self, raw: Any) -> dict[str, Any]:
        """One deal of ``_dealt`` in the explicit-deal format (games that log deals compactly override this)."""
        return dict(raw)

    def _deal(self) -> None:
        """Make the deal that ``_deal_later`` put off (a game that defers its deals overrides this)."""
        raise NotImplementedError(f"{type(self).__name__} defers a deal but cannot make it")

    # ----- deals made when first needed ---------------------------------------------------------

    #: A deal is owed: the round is set up (whose turn, which phase) but its cards are not dealt yet.
    _deal_due: bool = False

    def _deal_later(self) -> None:
        """Owe the next deal: it is made when the game is next read (``view``, ``events``, a record) or moved,
        so a program that stops at the end of a round (a benchmark, a search) never pays for the next one.

        Until then the round's own attributes describe a round whose cards are not dealt yet (empty hands);
        readers of the protocol never see that, because everything they call makes the deal first."""
        self._deal_due = True

    def _catch_up(self) -> None:
        """Make an owed deal now."""
        if self._deal_due:
            self._deal_due = False
            self._deal()

    @property
    def owes_deal(self) -> bool:
        """Whether a deal is owed (the round is set up, its cards not dealt yet): ``give_deal`` may give its cards."""
        return self._deal_due

    def give_deal(self, deal: dict[str, Any]) -> None:
        """Give the owed deal its cards: ``deal``, in the explicit-deal format of ``new_game(deals=...)``, is checked
        as the game checks those, appended to ``deals``, and the owed deal is made from it.

        For a program that deals the cards itself (``core.draws``): it learns from ``deals_started`` that the game
        wants another deal and hands it over without creating the game again.  Refused (``IllegalMove``) unless a
        deal is owed and every deal given so far is made; a deal that does not fit the round raises
        ``InvalidOptions``; either way nothing changes."""
        if not self._deal_due:
            raise IllegalMove("no deal is owed now: a deal can only be given at the end of a round")
        if len(self._dealt) != len(self.deals):
            raise IllegalMove("the game has not made every deal it was given: the next one would not be this deal")
        if not isinstance(deal, dict):
            raise InvalidOptions(f"deal {len(self.deals) + 1} must be an object, not {type(deal).__name__}")
        self._take_deal(len(self.deals), deal)
        self.deals.append(dict(deal))
        self._catch_up()

    def _take_deal(self, index: int, deal: dict[str, Any]) -> None:
        """Check ``deal`` as explicit deal number ``index`` (from 0), the one the owed round is made from, and keep
        what ``_deal`` reads of it; raise ``InvalidOptions``, changing nothing, if it does not fit.  (A game that
        owes deals overrides this.)"""
        raise InvalidOptions(f"{type(self).__name__} takes its deals only when it is created")

    @property
    def deals_started(self) -> int:
        """How many deals the game has made or owes (an owed deal counts before it is made): a program that
        deals the cards itself (``core.draws``) sees here that the game has asked for another one."""
        return len(self._dealt) + (1 if self._deal_due else 0)

    # ----- the protocol --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def play(self, move: Move | str) -> None:
        """Make a move given as an object or as text.  Illegal moves raise ``IllegalMove``, changing nothing."""
        if self._deal_due:
            self._catch_up()
        if move.__class__ is str:
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"{excerpt(move)} is not a move")
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        self.history.append(move)
        self._apply(move)

    def _end_game(self) -> None:
        """The game is over: nobody moves any more, and ``result()`` (which must now describe the end) is
        announced as a ``GameOver`` event."""
        self._turn = None
        self.phase_name = "over"
        result = self.result()
        assert result is not None, "result() must describe a finished game"
        self._emit(GameOver, (tuple(result["winners"]), tuple(result["scores"]), result["summary"]))

    def _emit(
        self, event_class: type[Event], fields: tuple[Any, ...], visible_to: frozenset[int] | None = None
    ) -> None:
        self._log.append((event_class, fields, visible_to))

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (typed objects built on first read)."""
        self._catch_up()
        built = self._events
        log = self._log
        for event_class, fields, visible_to in log[len(built) :]:
            built.append(event_class.from_log(fields, visible_to))
        return built

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events ``seat`` may see, from index ``start`` of the full list."""
        return [e for e in self.events[start:] if e.visible(seat)]

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-serialisable dict of exactly what ``seat`` may know; ``None`` is the spectators' view."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise IllegalMove(f"there is no seat {excerpt(seat)} at a {self.players}-player table")
        self._catch_up()
        to_move = self.to_move
        out: dict[str, Any] = {
            "game": self.name,
            "title": self.title,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "to_move": to_move,
            "phase": self.phase,
            "move_number": len(self.history),
        }
        out.update(self._view(seat))
        out["legal_moves"] = [str(m) for m in self.legal_moves()] if seat is not None and seat == to_move else []
        out["result"] = self.result()
        return out

    #: Lists whose entries never change once they are in (log tuples, frozen events, moves, the deals made and
    #: the deals given): a clone copies the list and shares the entries, much quicker in a long game than
    #: copying every entry through.
    _APPEND_ONLY = frozenset(("_log", "_events", "history", "_dealt", "deals"))

    def clone(self) -> Game:
        """An independent copy (for search): containers are copied, immutable values shared."""
        twin = object.__new__(type(self))
        append_only = self._APPEND_ONLY
        twin.__dict__.update(
            {k: v[:] if k in append_only else _copy_value(v) for k, v in self.__dict__.items()}
        )
        return twin

    # ----- deals ---------------------------------------------------------------------------------

    def next_explicit_deal(self) -> dict[str, Any] | None:
        """The next deal given to ``new_game(deals=...)``, or ``None`` to deal from the seeded shuffle.

        Every deal of a game whose deals all have the same shape is simply "the next deal"; a game whose
        deals differ (Tricks Together's hand sizes) picks the deal meant for the round instead."""
        if self._deals_used < len(self.deals):
            deal = self.deals[self._deals_used]
            self._deals_used += 1
            return deal
        return None

    def partnerships(self) -> list[list[int]]:
        """The seats that win or lose together, one list per side (by default every seat is its own side)."""
        return [list(range(self.players))] if self.cooperative else [[seat] for seat in range(self.players)]

    @classmethod
    def describe(cls) -> dict[str, Any]:
        return {
            "name": cls.name,
            "title": cls.title,
            "players": [cls.min_players, cls.max_players],
            "default_players": cls.default_players,
            "options": [o.describe() for o in cls.option_specs],
            "moves": cls.move_help,
            "summary": cls.summary,
            "cooperative": cls.cooperative,
        }
