"""One game as research tools see it: action ids, tensors, chance draws and returns, over the core protocol.

``spec(game, players, **options)`` gathers what a game's package says about itself: its ``encoding`` module
(every move in action-id order, the vector of a view, the longest game, and, where the scoring needs it, the
utilities) and its ``chance`` module (each deal as draws).  ``Session`` plays a game through those numbers: the
cards are drawn item by item (``apply_chance``) and handed to the engine as explicit deals, so the engine plays
exactly the deal drawn, and every rule stays the engine's.

A deal is handed over when its last item is drawn.  A game that owes the round's deal (``Game.owes_deal``: it
sets up a round and deals its cards when first read) takes it as it is (``Game.give_deal``); a game that has
already dealt the round from its own shuffle is created again with every deal drawn so far, and the moves made
are replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

import numpy as np

from tricktable.core.draws import Draw
from tricktable.core.draws import seeded_items as core_seeded_items
from tricktable.core.encoding import Layout
from tricktable.core.errors import IllegalMove
from tricktable.core.events import Event
from tricktable.core.game import Game, Move
from tricktable.core.options import resolve_options
from tricktable.core.registry import entry, game_class, new_game

#: The seed of every game a session creates.  Every deal is given explicitly, so it never deals a card; it
#: only fills in deals a game makes before the session hands over the drawn one, which nobody sees.
ENGINE_SEED = 0


def game_package(name: str) -> str:
    """The package of a game (``tricktable.rules.tricks_together``), where its ``encoding`` and ``chance`` live."""
    return entry(name).package


@dataclass(frozen=True)
class Spec:
    """A game with its player count and options, as numbers."""

    name: str
    players: int
    options: tuple[tuple[str, Any], ...]
    moves: tuple[Move, ...]
    ids: dict[Move, int] = field(repr=False)
    by_text: dict[str, int] = field(repr=False)  #: action ids by the moves' notation
    layout: Layout = field(repr=False)
    encoding: ModuleType = field(repr=False)
    chance: ModuleType = field(repr=False)
    cooperative: bool = False

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def num_actions(self) -> int:
        return len(self.moves)

    def deal_draws(self, game: Game | None) -> tuple[Draw, ...]:
        draws: tuple[Draw, ...] = self.chance.deal_draws(self.players, self.option_dict, game)
        return draws

    @property
    def max_chance_outcomes(self) -> int:
        return max(d.population for d in self.deal_draws(None))

    @property
    def max_moves(self) -> int:
        return int(self.encoding.max_moves(self.players, self.option_dict))

    def utility_range(self) -> tuple[float, float]:
        """The lowest and highest utility: the game's own where it says, else a win share less ``1/players``."""
        own: Callable[..., tuple[float, float]] | None = getattr(self.encoding, "utility_range", None)
        if own is not None:
            return own(self.players, self.option_dict)
        return -1.0 / self.players, 1.0 - 1.0 / self.players

    def utilities(self, result: dict[str, Any]) -> list[float]:
        """Every seat's utility at the end.  A game's ``encoding`` may say (Tricks Together's team score);
        otherwise the winners split one unit, as the arena counts wins, less ``1/players`` so that the
        utilities add up to zero."""
        own: Callable[..., list[float]] | None = getattr(self.encoding, "utilities", None)
        if own is not None:
            return own(result, self.players, self.option_dict)
        winners = list(result["winners"])
        share = 1.0 / len(winners) if winners else 0.0
        base = 1.0 / self.players if winners else 0.0
        return [(share if seat in winners else 0.0) - base for seat in range(self.players)]

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        flat, pieces = self.layout.new()
        self.encoding.encode_view(view, pieces)
        return flat


def spec(name: str, players: int | None = None, **options: Any) -> Spec:
    """The numbers of ``name`` for ``players`` and ``options`` (checked by the game: bad ones raise
    ``InvalidOptions``)."""
    cls = game_class(name)
    players = cls.default_players if players is None else players
    # A game checks its own players and options, and the resolved options key the cache.
    new_game(cls.name, players=players, seed=ENGINE_SEED, **options)
    resolved = resolve_options(cls.name, cls.option_specs, options)
    return _spec(cls.name, players, tuple(sorted(resolved.items())))


@cache
def _spec(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Spec:
    package = game_package(name)
    encoding = import_module(f"{package}.encoding")
    chance = import_module(f"{package}.chance")
    opts = dict(options)
    moves = tuple(encoding.all_moves(players, opts))
    ids = {move: i for i, move in enumerate(moves)}
    if len(ids) != len(moves):
        raise TypeError(f"{name}: two action ids name the same move")
    layout = Layout(encoding.tensor_layout(players, opts))
    by_text = {str(move): i for i, move in enumerate(moves)}
    return Spec(name, players, options, moves, ids, by_text, layout, encoding, chance, game_class(name).cooperative)


class Session:
    """A game played through action ids, whose deals are drawn item by item (chance) before the engine plays
    them.  ``to_move`` is a seat, ``CHANCE`` while a deal is being drawn, or ``None`` at the end."""

    CHANCE = -1

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.deals: list[dict[str, Any]] = []
        self.actions: list[int] = []  #: every player action so far (chance items are in ``drawn``)
        #: Every item drawn and every action, in order (OpenSpiel's history; an item with no alternative, as the
        #: last card of a whole deck, is drawn by itself and not listed), and where each deal's items begin.
        self.history: list[int] = []
        self.movers: list[int] = []  #: who made each step of ``history``: a seat, or ``CHANCE``
        self.texts: list[str] = []  #: every action's notation
        self.deal_starts: list[int] = [0]
        self.deal_actions: list[int] = [0]  #: how many actions came before each deal
        #: Each deal handed over: its draws and the items drawn.
        self.dealt: list[tuple[tuple[Draw, ...], list[list[int]]]] = []
        self.game: Game | None = None
        self.draws: tuple[Draw, ...] = spec.deal_draws(None)
        self.drawn: list[list[int]] = [[] for _ in self.draws]
        self._views: dict[int | None, dict[str, Any]] = {}
        #: The events read so far and their lines of JSON, with who may see each (kept across ``_replay``
        #: for the events the game made again unchanged).
        self._seen: list[tuple[frozenset[int] | None, str]] = []
        self._seen_events: list[Event] = []
        self._skip_forced()

    # ----- reading ------------------------------------------------------------------------------

    @property
    def dealing(self) -> bool:
        return bool(self.draws)

    @property
    def to_move(self) -> int | None:
        if self.draws:
            return self.CHANCE
        assert self.game is not None
        return self.game.to_move

    @property
    def is_over(self) -> bool:
        return not self.draws and self.game is not None and self.game.to_move is None

    def _next(self) -> int:
        """The index of the draw being made (the first with items still to draw), or -1 when all are drawn."""
        for index, (draw, items) in enumerate(zip(self.draws, self.drawn)):
            if len(items) < draw.count:
                return index
        return -1

    def current_draw(self) -> tuple[Draw, int]:
        """The draw being made and how many of its items are drawn."""
        index = self._next()
        if index < 0:
            raise IllegalMove("no deal is being drawn")
        return self.draws[index], len(self.drawn[index])

    def chance_items(self) -> list[int]:
        """The items the next draw may take, in increasing order, each as likely."""
        index = self._next()
        if index < 0:
            raise IllegalMove("no deal is being drawn")
        taken = set(self.drawn[index])
        return [item for item in range(self.draws[index].population) if item not in taken]

    def chance_text(self, item: int) -> str:
        draw, done = self.current_draw()
        return f"{draw.roles[done]}: {draw.labels[item]}"

    def legal_actions(self) -> list[int]:
        """The action ids of the legal moves of the seat to move, in increasing order (none at chance or the end)."""
        if self.draws or self.game is None:
            return []
        ids = self.spec.ids
        return sorted(ids[move] for move in self.game.legal_moves())

    def action_text(self, action: int) -> str:
        return str(self.spec.moves[action])

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the game (only between deals: while a deal is drawn the engine's round is not the
        one being drawn)."""
        if self.draws or self.game is None:
            raise IllegalMove("the cards are being dealt: there is no view until the deal is complete")
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view

    def seen(self, seat: int) -> list[str]:
        """Every event ``seat`` has seen so far, one line of JSON each (a cache kept as the game goes)."""
        if self.draws or self.game is None:
            raise IllegalMove("the cards are being dealt: there are no events until the deal is complete")
        lines = self._seen
        events = self.game.events
        read = self._seen_events
        for event in events[len(lines) :]:
            lines.append((event.visible_to, event_line(event)))
            read.append(event)
        return [line for visible_to, line in lines if visible_to is None or seat in visible_to]

    def returns(self) -> list[float]:
        if not self.is_over:
            return [0.0] * self.spec.players
        assert self.game is not None
        result = self.game.result()
        assert result is not None
        return self.spec.utilities(result)

    # ----- moving ---------------------------------------------------------------------------------

    def apply_chance(self, item: int) -> None:
        """Draw ``item`` next; the deal goes to the engine once its last item is drawn."""
        index = self._next()
        if index < 0:
            raise IllegalMove("no deal is being drawn")
        got = self.drawn[index]
        if not (isinstance(item, (int, np.integer)) and 0 <= item < self.draws[index].population) or item in got:
            raise IllegalMove(f"{item!r} cannot be drawn now: it is taken or out of range")
        got.append(int(item))
        self.history.append(int(item))
        self.movers.append(self.CHANCE)
        self._skip_forced()

    def apply_action(self, action: int) -> None:
        """Make the move with this action id; an illegal one raises ``IllegalMove`` and changes nothing."""
        if self.draws or self.game is None:
            raise IllegalMove("the cards are being dealt: no player moves now")
        if not (isinstance(action, (int, np.integer)) and 0 <= action < self.spec.num_actions):
            raise IllegalMove(f"{action!r} is not an action id (0..{self.spec.num_actions - 1})")
        seat = self.game.to_move
        self.game.play(self.spec.moves[int(action)])
        assert seat is not None
        self.actions.append(int(action))
        self.history.append(int(action))
        self.movers.append(seat)
        self.texts.append(str(self.spec.moves[int(action)]))
        self._views = {}
        if self.game.to_move is not None and self.game.deals_started > len(self.deals):
            self.deal_starts.append(len(self.history))
            self.deal_actions.append(len(self.actions))
            self.draws = self.spec.deal_draws(self.game)
            self.drawn = [[] for _ in self.draws]
            self._skip_forced()

    def _skip_forced(self) -> None:
        """Draw items that have no alternative (the last card of a whole deck); hand over a complete deal."""
        while self.draws:
            index = self._next()
            if index < 0:
                self._hand_over()
                return
            draw, items = self.draws[index], self.drawn[index]
            if draw.population - len(items) > 1:
                return
            items.append(self.chance_items()[0])

    def _hand_over(self) -> None:
        spec = self.spec
        deal = spec.chance.explicit_deal(spec.players, spec.option_dict, self.game, self.drawn)
        self.deals.append(deal)
        self.dealt.append((self.draws, self.drawn))
        self._give_deal(deal)
        self._views = {}
        assert self.game is not None
        if self.game.deals_started != len(self.deals):
            raise RuntimeError(f"{spec.name}: the game did not take the deal drawn for it")
        self.draws = ()
        self.drawn = []

    def _give_deal(self, deal: dict[str, Any]) -> None:
        """Hand ``deal`` (the last of ``deals``) to the engine: to the game itself when it owes the deal (it has set
        up the round and waits for the cards: every event read so far stays as it was), else by creating the game
        again with every deal (the first deal, or a game that has dealt the round from its own shuffle)."""
        if self.game is not None and self.game.owes_deal:
            self.game.give_deal(deal)
        else:
            self.game = self._replay()
            self._forget_changed_events()

    def _forget_changed_events(self) -> None:
        """Keep the lines of the events the game made again as they were (every round before the new deal)."""
        assert self.game is not None
        if not self._seen_events:
            return  # nothing read yet: nothing to keep
        events = self.game.events
        same = 0
        for old, new in zip(self._seen_events, events):
            if old != new:
                break
            same += 1
        del self._seen[same:]
        del self._seen_events[same:]

    def _replay(self) -> Game:
        """The game created with every deal drawn so far, every move made again."""
        spec = self.spec
        game = new_game(spec.name, players=spec.players, seed=ENGINE_SEED, deals=self.deals, **spec.option_dict)
        for action in self.actions:
            game.play(spec.moves[action])
        return game

    # ----- copies --------------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        twin = object.__new__(Session)
        twin.spec = self.spec
        twin.deals = self.deals[:]  # deals, and the items of a deal handed over, never change
        twin.dealt = self.dealt[:]
        twin.actions = self.actions[:]
        twin.history = self.history[:]
        twin.movers = self.movers[:]
        twin.texts = self.texts[:]
        twin.deal_starts = self.deal_starts[:]
        twin.deal_actions = self.deal_actions[:]
        twin.game = self.game.clone() if self.game is not None else None
        twin.draws = self.draws
        twin.drawn = [items[:] for items in self.drawn]
        twin._views = dict(self._views)  # views are read, never changed: the copy may share them
        twin._seen = self._seen[:]
        twin._seen_events = self._seen_events[:]
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps: the game's name, players and options, and the history, which replays it."""
        spec = self.spec
        return {"game": [spec.name, spec.players, [list(o) for o in spec.options]], "history": self.history}

    def __setstate__(self, state: dict[str, Any]) -> None:
        name, players, options = state["game"]
        self.__init__(_spec(name, players, tuple((k, v) for k, v in options)))  # type: ignore[misc]
        self.replay(state["history"])

    def before_deal(self, number: int) -> Session:
        """The position where deal ``number`` (from 0) began to be drawn, made with one replay of the moves."""
        twin = Session(self.spec)
        if number == 0:
            return twin
        acted = self.deal_actions[number]
        twin.deals = self.deals[:number]
        twin.dealt = self.dealt[:number]
        twin.actions = self.actions[:acted]
        twin.texts = self.texts[:acted]
        twin.history = self.history[: self.deal_starts[number]]
        twin.movers = self.movers[: self.deal_starts[number]]
        twin.deal_starts = self.deal_starts[: number + 1]
        twin.deal_actions = self.deal_actions[: number + 1]
        twin.game = twin._replay()
        twin.draws = self.spec.deal_draws(twin.game)
        twin.drawn = [[] for _ in twin.draws]
        twin._skip_forced()
        return twin

    def replay(self, history: list[int]) -> None:
        """Apply every item and action of ``history`` in turn."""
        for step in history:
            if self.dealing:
                self.apply_chance(step)
            else:
                self.apply_action(step)

    def observation(self, seat: int) -> str:
        """``seat``'s view as one line of JSON (without panels, drawn from the rest, and events, listed apart)."""
        if self.dealing:
            return f"seat {seat}: the cards are being dealt (deal {len(self.deals) + 1})"
        view = self.view(seat)
        return json.dumps({k: v for k, v in view.items() if k not in ("panels", "events")}, sort_keys=True)

    def information(self, seat: int) -> str:
        """Everything ``seat`` has seen: every event shown to it, then its view (``observation``)."""
        if self.dealing:
            return self.observation(seat)
        return "\n".join([*self.seen(seat), self.observation(seat)])

    def key(self) -> str:
        """Everything that makes this position, as text (deals, actions, items drawn): equal for equal states."""
        return json.dumps([self.deals, self.actions, self.drawn], separators=(",", ":"))


#: Lines of JSON of events already written: a search replays the same round again and again (every world it
#: draws), making equal events each time, and writing them out again was most of its time.  Bounded: cleared
#: when full.
_LINES: dict[Event, str] = {}
_LINES_MAX = 200_000


def event_line(event: Event) -> str:
    """``event`` as the one line of JSON an information string holds."""
    try:
        line = _LINES.get(event)
    except TypeError:  # a field that cannot be hashed (a list): write it out every time
        return json.dumps(event.to_dict(), sort_keys=True)
    if line is None:
        if len(_LINES) >= _LINES_MAX:
            _LINES.clear()
        line = _LINES[event] = json.dumps(event.to_dict(), sort_keys=True)
    return line


def sample_item(session: Session, rng: np.random.Generator) -> int:
    """A uniformly random item for the session's next draw."""
    items = session.chance_items()
    return items[int(rng.integers(len(items)))]


def settle_chance(session: Session, rng: np.random.Generator) -> None:
    """Draw at random until a player is to move or the game is over."""
    while session.dealing:
        session.apply_chance(sample_item(session, rng))


def seeded_item(session: Session, seed: int) -> int:
    """The item the engine's own shuffle for ``seed`` draws next (the game's ``chance.seeded_items`` if it has
    one, else ``core.draws.seeded_items``): the first deal's public draws (the first dealer) come off deal 0 of
    the seed, its other draws off deal 1, and each later deal off its number.  So every game of a seed meets
    the same deals as the engine's own, however it is played."""
    seeded_items = getattr(session.spec.chance, "seeded_items", core_seeded_items)
    index = session._next()
    if index < 0:
        raise IllegalMove("no deal is being drawn")
    draws = session.draws
    number = len(session.deals) + 1
    if number == 1:
        public = [d for d in draws if d.public]
        items = iter(seeded_items(seed, 0, public) + seeded_items(seed, 1, [d for d in draws if not d.public]))
        ordered = {d: next(items) for d in public}
        groups = [ordered[d] if d.public else next(items) for d in draws]
    else:
        groups = seeded_items(seed, number, draws)
    return groups[index][len(session.drawn[index])]


def settle_seeded(session: Session, seed: int) -> None:
    """Draw what the engine's own shuffle draws for ``seed`` (``seeded_item``) until a player is to move."""
    while session.dealing:
        session.apply_chance(seeded_item(session, seed))


__all__ = [
    "ENGINE_SEED",
    "Session",
    "Spec",
    "event_line",
    "sample_item",
    "seeded_item",
    "settle_chance",
    "settle_seeded",
    "spec",
]
