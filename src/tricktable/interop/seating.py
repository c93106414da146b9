"""The arena's games with a player from outside tricktable at the table (``openspiel-ismcts``).

The game is played through the adapter's ``Session``, with the deals the engine's own shuffle makes for the
task's seed (``settle_seeded``): the same deals, card for card, as every other game of the match.  The referee
here holds the real position; each seat gets what it may have:

* our bots, the seat's view (``game.view(seat)``), as in every other game of the arena;
* the open-hands ceiling, a copy of the game (it is allowed every hand, and it is the only one);
* OpenSpiel's ISMCTS, a *world*: a position drawn afresh from everything the seat has seen (``world_for``).  It
  holds a deal of the current round the seat cannot tell from the real one, never the real one.  The resampler
  keeps a draw only if the round replays to the same information; where no draw of ``WORLD_TRIES`` fits, the
  seat plays a random legal move.
"""

from __future__ import annotations

import random
import time

from tricktable.arena.match import GameResult, Task, choose, finish, make_player, outside_kind
from tricktable.core.errors import IllegalMove
from tricktable.interop.adapt import Session, settle_seeded, spec
from tricktable.interop.bots import action_of
from tricktable.interop.ismcts import IsmctsPlayer
from tricktable.interop.resample import ResampleError, resample

#: Draws tried for a world before giving up (the resampler's default is 500): late in a hand, where the others
#: have shown voids, few blind shuffles of the unseen cards fit, and a world is worth waiting for.
WORLD_TRIES = 3000


def world_for(session: Session, seat: int, rng: random.Random) -> Session | None:
    """A position ``seat`` cannot tell from ``session`` (the same information string), with every card of the
    current deal it has not seen, and every choice of the others it cannot see, drawn afresh
    (``interop.resample``), or ``None`` if no draw of ``WORLD_TRIES`` fits.  Earlier rounds are kept as they
    were: what they hid has no bearing on play now."""
    try:
        return resample(session, seat, rng, tries=WORLD_TRIES)
    except ResampleError:
        return None


def play_refereed(task: Task, keep_record: bool = False) -> GameResult:
    """Play one game of a match in which a seat is an outside player (see the module's notes)."""
    session = Session(spec(task.game, task.players, **dict(task.options)))
    settle_seeded(session, task.seed)
    players: dict[int, object] = {}
    draws: dict[int, random.Random] = {}
    for seat, level in enumerate(task.seats):
        seed = task.seed * 16 + seat
        if outside_kind(level) is not None:
            players[seat] = IsmctsPlayer(task.game, task.players, dict(task.options), level, seed)
            draws[seat] = random.Random(seed)
        else:
            players[seat] = make_player(task.game, level, seed)
    seconds: dict[str, list[float]] = {level: [] for level in set(task.seats)}
    moves = 0
    while not session.is_over:
        game = session.game
        assert game is not None and game.to_move is not None
        seat = game.to_move
        player = players[seat]
        start = time.perf_counter()
        legal = session.legal_actions()
        if isinstance(player, IsmctsPlayer) and len(legal) == 1:
            move = session.action_text(legal[0])  # a forced move: no world to draw, nothing to search
        elif isinstance(player, IsmctsPlayer):
            world = world_for(session, seat, draws[seat])
            # No world found: a random legal move, rather than show the seat the real deal.
            move = session.action_text(draws[seat].choice(legal)) if world is None else player.choose_in(world)
        else:
            move = choose(player, game, seat)  # type: ignore[arg-type]
        seconds[task.seats[seat]].append(time.perf_counter() - start)
        try:
            session.apply_action(action_of(session.spec, move))
        except ValueError as exc:
            raise IllegalMove(f"{task.seats[seat]} at seat {seat + 1} answered {move!r}: {exc}") from exc
        settle_seeded(session, task.seed)
        moves += 1
        if moves > 100_000:
            raise RuntimeError(f"{task.game} deal {task.deal} did not end")
    assert session.game is not None
    return finish(task, session.game, moves, seconds, keep_record)


__all__ = ["play_refereed", "world_for"]
