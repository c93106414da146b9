"""OpenSpiel's information-set MCTS as a player of the arena: ``openspiel-ismcts[:NAME=VALUE,...]``.

The searcher is OpenSpiel's own Python ``ismcts.ISMCTSBot`` with its own random rollout evaluator
(``mcts.RandomRolloutEvaluator``, one rollout to the end of the game) and its own resampling, which asks the
state for worlds (``TricktableState.resample_from_infostate``).  The one thing added is a stopping rule in
seconds (``seconds=``), so that it can be given the same time a move as another bot; the search itself is
OpenSpiel's, step for step.

**What the seat is shown.**  ISMCTS needs an OpenSpiel state, and a state holds every hand.  The seat is
never given the real one: the arena hands it a *world*, a position the seat cannot tell from the real one (the
same information string: everything the seat has seen), with the cards it has not seen dealt afresh
(``interop.resample``).  ISMCTS draws its own worlds from that position anyway, so it plays exactly as it
would from the real state, without the real state in its hands.

Settings, after a colon, comma-separated: ``simulations`` (a whole number, at least 2: the first only
expands the root), ``uct_c`` (the exploration constant, positive), ``max_world_samples`` (how many worlds
it draws and reuses, ``-1``: a fresh one every simulation, OpenSpiel's default) and ``seconds`` (a time
budget a move: simulations run until it is spent, at least two, and ``simulations`` then caps them) and
``rollout_moves`` (the rollout evaluator's ``max_length``: the moves a rollout plays before it stops, scoring
nothing for anyone, for short tests; by default, as OpenSpiel ships it, a rollout plays to the end of the game).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tricktable.core.errors import InvalidOptions, excerpt
from tricktable.interop.adapt import Session, spec
from tricktable.interop.openspiel import TricktableState, short_name
from tricktable.interop.resample import ResampleError

#: The name the arena knows this player by.
KIND = "openspiel-ismcts"
#: The simulations run without a time budget (and the cap with one): what OpenSpiel's examples use.
DEFAULT_SIMULATIONS = 100
#: OpenSpiel's examples and tests use 2.0 for games with utilities in about [-1, 1].
DEFAULT_UCT_C = 2.0
#: The most simulations a move may ask for: far beyond any budget on a small machine.
MAX_SIMULATIONS = 1_000_000


@dataclass(frozen=True)
class IsmctsSettings:
    """How the searcher searches (see the module's notes)."""

    simulations: int | None = None  #: ``None``: 100 without a time budget, no cap with one
    uct_c: float = DEFAULT_UCT_C
    max_world_samples: int = ismcts.UNLIMITED_NUM_WORLD_SAMPLES
    seconds: float | None = None
    rollout_moves: int | None = None  #: ``None``: every rollout to the end of the game, as OpenSpiel ships it

    @property
    def cap(self) -> int:
        """The most simulations a search runs."""
        if self.simulations is not None:
            return self.simulations
        return DEFAULT_SIMULATIONS if self.seconds is None else MAX_SIMULATIONS


def is_ismcts(kind: str) -> bool:
    """Whether a bot level names this player (``openspiel-ismcts`` with or without settings)."""
    return kind == KIND or kind.startswith(KIND + ":")


def parse_settings(kind: str) -> IsmctsSettings:
    """The settings of ``openspiel-ismcts:simulations=200,uct_c=1.5``; ``InvalidOptions`` names what is wrong."""
    if not is_ismcts(kind):
        raise InvalidOptions(f"{excerpt(kind)} is not {KIND}[:NAME=VALUE,...]")
    _, _, text = kind.partition(":")
    values: dict[str, Any] = {}
    known = {f.name for f in fields(IsmctsSettings)}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, equals, raw = part.partition("=")
        name = name.strip()
        if name not in known:
            raise InvalidOptions(f"{KIND} has no setting {excerpt(name)}; settings: {', '.join(sorted(known))}")
        if not equals or not raw.strip():
            raise InvalidOptions(f"{KIND}: give {name} a value, as in {name}=...")
        if name in values:
            raise InvalidOptions(f"{KIND}: {name} is given twice")
        values[name] = _value(name, raw.strip())
    return IsmctsSettings(**values)


def _value(name: str, raw: str) -> int | float:
    try:
        number = float(raw) if name in ("uct_c", "seconds") else int(raw)
    except ValueError:
        kind = "a number" if name in ("uct_c", "seconds") else "a whole number"
        raise InvalidOptions(f"{KIND}: {name} must be {kind}, not {excerpt(raw)}") from None
    if name == "simulations" and not 2 <= number <= MAX_SIMULATIONS:
        raise InvalidOptions(f"{KIND}: simulations must be 2..{MAX_SIMULATIONS} (the first only expands the root)")
    if name == "uct_c" and not 0 < number < float("inf"):
        raise InvalidOptions(f"{KIND}: uct_c must be a positive number")
    if name == "seconds" and not 0 < number <= 3600:
        raise InvalidOptions(f"{KIND}: seconds must be more than 0 and at most 3600")
    if name == "rollout_moves" and not number >= 1:
        raise InvalidOptions(f"{KIND}: rollout_moves must be at least 1")
    if name == "max_world_samples" and not (number == -1 or number >= 1):
        raise InvalidOptions(f"{KIND}: max_world_samples must be -1 (a fresh world every simulation) or at least 1")
    return number


class TimedIsmctsBot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` that may also stop on a time budget: ``run_search`` as OpenSpiel has it, with
    the loop over simulations ending once ``seconds`` are spent (after two simulations, the fewest that visit
    a move of the root)."""

    def __init__(self, *args: Any, seconds: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.simulations_run: list[int] = []  #: how many simulations each search ran

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        began = time.perf_counter()
        done = 0
        while done < self._max_simulations:
            if self.seconds is not None and done >= 2 and time.perf_counter() - began >= self.seconds:
                break
            sampled = self.sample_root_state(state)
            assert root_key == self.get_state_key(sampled)
            self.run_simulation(sampled)
            done += 1
        self.simulations_run.append(done)
        return self.get_final_policy(state, self._root_node)


class IsmctsPlayer:
    """OpenSpiel's ISMCTS in one seat of one game (see the module's notes).  ``choose_in(world)`` plays from a
    world the seat cannot tell from the real one; the real position is never passed in."""

    #: The arena hands this player a resampled world, never the real state (``arena.match``).
    plays_from_a_world = True

    def __init__(self, game: str, players: int, options: dict[str, Any], kind: str, seed: int | None) -> None:
        self.settings = parse_settings(kind)
        self.name = kind
        numbers = spec(game, players, **options)
        self.game = pyspiel.load_game(short_name(game), {"players": players, **numbers.option_dict})
        random_state = np.random.RandomState(None if seed is None else seed % 2**32)
        s = self.settings
        evaluator = mcts.RandomRolloutEvaluator(1, random_state, max_length=s.rollout_moves)
        self.bot = TimedIsmctsBot(
            self.game, evaluator, s.uct_c, s.cap, max_world_samples=s.max_world_samples,
            random_state=random_state, seconds=s.seconds,
        )  # fmt: skip
        self.bot.set_resampler(self._resample)

    @staticmethod
    def _resample(state: TricktableState, player: int) -> TricktableState:
        """OpenSpiel's resampling (``state.resample_from_infostate``); where no fresh world fits, the state the
        search was handed, itself a world drawn from the seat's view, is searched again."""
        try:
            return state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        except ResampleError:
            return state.clone()

    def choose_in(self, world: Session) -> str:
        """The move for the seat to move in ``world`` (a position the seat cannot tell from the real one)."""
        state: TricktableState = self.game.new_initial_state()
        state.adopt(world)
        action = int(self.bot.step(state))
        return world.action_text(action)


__all__ = ["KIND", "IsmctsPlayer", "IsmctsSettings", "TimedIsmctsBot", "is_ismcts", "parse_settings"]
