"""Worlds a seat cannot tell from the real one: what information-set search (OpenSpiel's ISMCTS) samples.

``resample(session, seat, rng)`` returns the history of a game in which ``seat`` has seen exactly what it has seen
in ``session`` (the same information string), with the hidden part drawn afresh: the cards of the current deal
that the seat has not seen, and the other seats' secret choices of the current round that nothing has shown it
since.  Earlier rounds are kept as they were: what they hid no longer matters to play.

It is generic, and reads only the protocol and the draws of ``core.draws``:

* An item of the current deal is *seen* if its draw is public or its name (a card's notation, a trump suit) is
  in the seat's view; the other items are shuffled among their places, each only with items of its class (cards
  whose backs look alike); a secret single choice (Secret Trumps' trumps) is drawn anew.
* A move of another seat in the current round is *kept* if the seat sees what it was (another move would have
  shown the seat other events), if it names a card the seat has seen, or if changing it would change what the
  seat sees later in the round.  The others are *free*: replaced by a uniformly random legal move that names no
  card the seat has seen.
* The sample is rebuilt move by move and accepted only if the seat's information string is the real one; a kept
  move that has become illegal, or a different information string, means another try.

A game whose hidden moves carry cards from one other seat to another (Trumps' passes) cannot be drawn that way:
a blind shuffle seldom fits what the receiver has played since, and keeping the pass as it was would show the
seat cards it never saw.  Such a game's ``chance`` module has ``sample_round(view, draws, moves, rng)``, which
draws the deal and the others' hidden moves from the seat's view alone (uniformly, with the game's own world
sampler); the sample is checked against the information string all the same.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tricktable.core.errors import IllegalMove
from tricktable.core.events import Event
from tricktable.core.game import Game
from tricktable.interop.adapt import Session, event_line


class ResampleError(RuntimeError):
    """No consistent world was found in the tries allowed."""


def tokens(value: Any, out: set[str]) -> set[str]:
    """Every string inside ``value`` (a view: nested dicts and lists)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            tokens(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            tokens(v, out)
    return out


def _names_seen(move_text: str, seen: set[str]) -> bool:
    return any(word in seen for word in move_text.split()[1:] or move_text.split())


@dataclass
class Plan:
    """What a seat knows in a position, worked out once for every world sampled from it."""

    seat: int
    target: str  #: the seat's information string
    prefix: Session  #: the game up to the current deal's first item
    deal_items: list[list[int]]  #: the real items of the current deal
    seen_items: list[list[bool]]  #: per draw and place: the item stays (seen, or named by a move kept)
    moves: list[int]  #: the round's real actions, in order
    keep: list[bool]
    seen: set[str]  #: the names the seat has seen, and the cards that kept moves name
    #: the seat's view and who made each of ``moves``, where the game draws its own worlds (``sample_round``)
    view: dict[str, Any] | None = None
    movers: list[int] | None = None
    witness: Witness | None = None


class Witness:
    """What ``seat`` saw in the real game, held against a world as it is rebuilt: a world that shows the seat
    an event it did not see is dropped at that event, not replayed to the end and written out whole.  Agreeing
    with the witness is agreeing on the information string (the same events, the same view at the end)."""

    def __init__(self, session: Session, seat: int) -> None:
        assert session.game is not None
        self.seat = seat
        self.events: list[Event] = [e for e in session.game.events if e.visible(seat)]
        self.observation = session.observation(seat)

    def agrees(self, world: Session, mark: tuple[int, int]) -> tuple[int, int] | None:
        """Check ``world``'s events after ``mark`` (the last ``agrees``): the next mark, or
        ``None`` at the first event the seat did not see in the real game.  A mark is (events of the world
        read, events the seat sees among them); ``(0, 0)`` checks a world from its first event."""
        read, matched = mark
        if world.game is None or world.dealing:
            return mark
        events = world.game.events
        seen = self.events
        for event in events[read:]:
            if not event.visible(self.seat):
                continue
            if matched >= len(seen):
                return None
            real = seen[matched]
            if event != real and event_line(event) != event_line(real):
                return None
            matched += 1
        return len(events), matched

    def complete(self, world: Session, mark: tuple[int, int]) -> bool:
        """Whether a fully rebuilt ``world`` shows the seat what it saw: every event, then the same view."""
        done = self.agrees(world, mark)
        return (
            done is not None
            and not world.dealing
            and done[1] == len(self.events)
            and world.observation(self.seat) == self.observation
        )


class Watch:
    """One world held against a witness as it is rebuilt (``draw_world``'s ``watch``): true while the world has
    shown the seat only what it saw; ``mark`` is where the next check starts (``None`` once it went wrong)."""

    def __init__(self, witness: Witness) -> None:
        self.witness = witness
        self.mark: tuple[int, int] | None = (0, 0)

    def __call__(self, world: Session) -> bool:
        if self.mark is not None:
            self.mark = self.witness.agrees(world, self.mark)
        return self.mark is not None


def _visible(game: Game, seat: int, start: int) -> list[dict[str, Any]]:
    return [e.to_dict() for e in game.events[start:] if e.visible(seat)]


def plan(session: Session, seat: int) -> Plan:
    """Work out, for ``seat`` in ``session`` (at a decision), what is seen and what may be drawn afresh."""
    if session.dealing or session.game is None:
        raise IllegalMove("a world is sampled where a seat moves, not while the cards are dealt")
    view = session.view(seat)
    draws, items = session.dealt[-1]
    # The names of the deal's items (cards, trump suits) the seat's view shows.
    shown = tokens({k: v for k, v in view.items() if k != "panels"}, set())
    seen = {label for draw in draws for label in draw.labels if label in shown}
    prefix = session.before_deal(len(session.deal_starts) - 1)
    if hasattr(session.spec.chance, "sample_round"):
        moves = session.actions[len(prefix.actions) :]
        movers = [m for m in session.movers[session.deal_starts[-1] :] if m != Session.CHANCE]
        target = session.information(seat)
        return Plan(seat, target, prefix, [], [], moves, [], set(), view, movers)
    # The round as it was: replay the real deal, then weigh each move of the others.
    real = copy.deepcopy(prefix)
    _draw(real, items)
    moves = session.actions[len(real.actions) :]
    keep: list[bool] = []
    target = session.information(seat)
    for index, action in enumerate(moves):
        game = real.game
        assert game is not None
        mover = game.to_move
        keep.append(mover == seat or _kept(real, seat, action, moves[index + 1 :], seen, target))
        real.apply_action(action)
    # A move kept as it was keeps the cards it names where they were dealt.
    names = {label for draw in draws for label in draw.labels}
    fixed = set(seen)
    for action, kept in zip(moves, keep):
        if kept:
            fixed.update(word for word in session.action_text(action).split() if word in names)
    seen_items = [[draw.public or draw.labels[item] in fixed for item in got] for draw, got in zip(draws, items)]
    return Plan(seat, target, prefix, items, seen_items, moves, keep, fixed)


def _kept(real: Session, seat: int, action: int, later: list[int], seen: set[str], target: str) -> bool:
    """Whether another seat's move must stay as it was for ``seat`` to see what it saw: it names a card the
    seat has seen, another move would have shown the seat other events, or no other move (of the first few
    tried) leaves the rest of the round as the seat saw it."""
    if _names_seen(real.action_text(action), seen):
        return True
    others = [a for a in real.legal_actions() if a != action and not _names_seen(real.action_text(a), seen)]
    if not others:
        return True
    game = real.game
    assert game is not None
    mark = len(game.events)
    shown = copy.deepcopy(real)
    shown.apply_action(action)
    assert shown.game is not None
    for alternative in others[:3]:
        other = copy.deepcopy(real)
        other.apply_action(alternative)
        assert other.game is not None
        if _visible(shown.game, seat, mark) != _visible(other.game, seat, mark):
            return True  # the seat sees which move it was
        if _same_later(other, seat, later, target):
            return False
    return True


def _same_later(other: Session, seat: int, later: list[int], target: str) -> bool:
    try:
        for step in later:
            if other.dealing:
                return False
            other.apply_action(step)
    except IllegalMove:
        return False
    return not other.dealing and other.information(seat) == target


def _draw(session: Session, items: list[list[int]]) -> None:
    """Draw a deal's items in order (those the session draws by itself, having no alternative, are skipped)."""
    for index, got in enumerate(items):
        for position, item in enumerate(got):
            if session.dealing and session._next() == index and len(session.drawn[index]) == position:
                session.apply_chance(item)


def _fresh_items(p: Plan, session: Session, rng: random.Random) -> list[list[int]]:
    draws = p.prefix.spec.deal_draws(p.prefix.game) if p.prefix.game is not None else p.prefix.draws
    del session
    out = []
    for draw, got, seen in zip(draws, p.deal_items, p.seen_items):
        if draw.count == 1:
            out.append(got[:] if seen[0] else [rng.randrange(draw.population)])
            continue
        new = got[:]
        by_class: dict[int, list[int]] = {}
        for position, item in enumerate(got):
            if not seen[position]:
                by_class.setdefault(draw.item_class(item), []).append(position)
        for positions in by_class.values():
            moved = [got[i] for i in positions]
            rng.shuffle(moved)
            for i, item in zip(positions, moved):
                new[i] = item
        out.append(new)
    return out


def resample(session: Session, seat: int, rng: random.Random, tries: int = 500, cached: Plan | None = None) -> Session:
    """A session ``seat`` cannot tell from ``session`` (see the module's notes); ``ResampleError`` after
    ``tries`` inconsistent draws.  ``cached`` is a ``plan`` of the same position, to save working it out."""
    p = cached if cached is not None else plan(session, seat)
    if p.view is not None:
        return _resample_by_game(session, p, rng, tries)
    if p.witness is None:
        p.witness = Witness(session, seat)
    witness = p.witness
    for _ in range(tries):
        watch = Watch(witness)
        world = draw_world(p, rng, watch)
        if world is not None and watch.mark is not None and witness.complete(world, watch.mark):
            return world
    raise ResampleError(f"no world consistent with seat {seat}'s information in {tries} tries")


def draw_world(p: Plan, rng: random.Random, watch: Callable[[Session], bool] | None = None) -> Session | None:
    """One blind draw of the plan's round, rebuilt move by move: the unseen items shuffled, the others' free
    moves drawn anew.  ``None`` if a kept move has become illegal, or as soon as ``watch`` (asked after every
    move) says the world has gone wrong.  Not checked against the seat's information: that is the caller's."""
    world = copy.deepcopy(p.prefix)
    _draw(world, _fresh_items(p, world, rng))
    try:
        for action, keep in zip(p.moves, p.keep):
            if not keep:
                choices = [a for a in world.legal_actions() if not _names_seen(world.action_text(a), p.seen)]
                action = rng.choice(choices) if choices else action
            world.apply_action(action)
            if watch is not None and not watch(world):
                return None  # the seat would have seen something else: no need to play the round out
    except IllegalMove:
        return None
    return world


def _resample_by_game(session: Session, p: Plan, rng: random.Random, tries: int) -> Session:
    """A world drawn by the game itself (``chance.sample_round``), checked like any other."""
    assert p.view is not None and p.movers is not None
    spec = session.spec
    draws = session.dealt[-1][0]
    texts = [session.action_text(a) for a in p.moves]
    for _ in range(tries):
        items, again = spec.chance.sample_round(p.view, draws, list(zip(p.movers, texts)), rng)
        world = copy.deepcopy(p.prefix)
        _draw(world, items)
        try:
            for text in again:
                world.apply_action(spec.by_text[text])
        except (IllegalMove, KeyError):
            continue
        if not world.dealing and world.information(p.seat) == p.target:
            return world
    raise ResampleError(f"no world drawn for seat {p.seat} showed it what it has seen, in {tries} tries")
