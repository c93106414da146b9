"""The four games as OpenSpiel games: ``import tricktable.interop.openspiel`` registers them.

Each game is registered with ``pyspiel.register_game`` as ``tricktable_<game>`` (``tricktable_tricks_together``
...), sequential, with explicit chance for the deals and imperfect information.  Tricks Together has an
identical utility (``adapt.Spec.utilities``); the others are zero-sum, each seat's utility its share of the win
less ``1 / players``.  The game parameters are ``players`` and every option of the game::

    import pyspiel, tricktable.interop.openspiel
    game = pyspiel.load_game("tricktable_trumps", {"players": 5, "target": 20})

Actions are the ids of the game's ``encoding`` module; chance actions are the items of the game's ``chance``
draws (card ids, seats, suits), each as likely as any other left, so the deal is the one the engine's own
shuffle would draw from the same items.  Strings and tensors are built from the seat's view only: the
information state string is every event the seat has seen with its current view, the observation string the
current view, and both tensors the view's encoding (the current view, not every earlier round's).  While a
deal is being drawn no player moves, and every seat's observation is that the cards are being dealt.
``resample_from_infostate`` draws worlds a seat cannot tell from the real one (``interop.resample``), which is
what OpenSpiel's Python ISMCTS needs.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pyspiel

from tricktable.core.registry import game_class, game_names
from tricktable.interop.adapt import Session, Spec, spec
from tricktable.interop.resample import Plan, plan, resample

PREFIX = "tricktable_"


def short_name(game: str) -> str:
    """``tricks-together`` -> ``tricktable_tricks_together``."""
    return PREFIX + game_class(game).name.replace("-", "_")


class TricktableObserver:
    """Strings and tensors of one seat's view (OpenSpiel's Python observer interface)."""

    def __init__(self, game_spec: Spec, perfect_recall: bool) -> None:
        self.spec = game_spec
        self.perfect_recall = perfect_recall
        self.tensor, self.dict = game_spec.layout.new()

    def set_from(self, state: TricktableState, player: int) -> None:
        self.tensor.fill(0.0)
        session = state.session
        if not session.dealing:
            self.spec.encoding.encode_view(session.view(player), self.dict)

    def string_from(self, state: TricktableState, player: int) -> str:
        session = state.session
        return session.information(player) if self.perfect_recall else session.observation(player)


#: Plans of the positions sampled from lately: a search samples many worlds from one position.
_PLANS: OrderedDict[tuple[str, int], Plan] = OrderedDict()


class TricktableState(pyspiel.State):
    """A position: a ``Session`` (the engine and the deal being drawn) behind OpenSpiel's state interface."""

    def __init__(self, game: TricktableGame) -> None:
        super().__init__(game)
        self.session = Session(game.spec)

    def current_player(self) -> int:
        replaying = self.__dict__.get("_replaying")
        if replaying is not None:
            world, step = replaying
            return world.movers[step]
        to_move = self.session.to_move
        if to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if to_move == Session.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return to_move

    def _legal_actions(self, player: int) -> list[int]:
        return self.session.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        items = self.session.chance_items()
        return [(item, 1.0 / len(items)) for item in items]

    def _apply_action(self, action: int) -> None:
        replaying = self.__dict__.get("_replaying")
        if replaying is not None:
            replaying[1] += 1  # taking over a position made elsewhere: only OpenSpiel's history is written
            return
        if self.session.dealing:
            self.session.apply_chance(action)
        else:
            self.session.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.session.chance_text(action)
        return self.session.action_text(action)

    def is_terminal(self) -> bool:
        return self.session.is_over

    def returns(self) -> list[float]:
        return self.session.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> TricktableState:
        """A state ``player_id`` cannot tell from this one, its hidden part drawn afresh (``interop.resample``):
        what OpenSpiel's ISMCTS asks for.  ``probability_sampler`` seeds the draw."""
        rng = random.Random(int(probability_sampler() * 2**53))
        key = (self.session.key(), player_id)
        cached = _PLANS.get(key)
        if cached is None:
            cached = _PLANS[key] = plan(self.session, player_id)
            while len(_PLANS) > 16:
                _PLANS.popitem(last=False)
        world = resample(self.session, player_id, rng, cached=cached)
        state = self.get_game().new_initial_state()
        state.adopt(world)
        return state

    def adopt(self, world: Session) -> None:
        """Become ``world``'s position (a fresh state only): OpenSpiel's history is written step by step, and
        the session is taken as it is rather than played again."""
        self._replaying = [world, 0]
        try:
            for action in world.history:
                self.apply_action(action)
        finally:
            del self._replaying
        self.session = world

    def __str__(self) -> str:
        """The whole position, as a record has it: every deal (with every hand), every move, and the items of a
        deal being drawn."""
        session = self.session
        return json.dumps({"deals": session.deals, "moves": session.texts, "drawing": session.drawn})


class TricktableGame(pyspiel.Game):
    """One of the games, with its players and options from the game parameters."""

    GAME: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.pop("players", game_class(self.GAME).default_players))
        self.spec = spec(self.GAME, players, **params)
        low, high = self.spec.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions,
            max_chance_outcomes=self.spec.max_chance_outcomes,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if self.spec.cooperative else 0.0,
            max_game_length=self.spec.max_moves,
        )
        super().__init__(game_type(self.GAME), info, {"players": players, **self.spec.option_dict})

    def new_initial_state(self) -> TricktableState:
        return TricktableState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> TricktableObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TricktableObserver(self.spec, perfect_recall)


def game_type(game: str) -> pyspiel.GameType:
    cls = game_class(game)
    parameters: dict[str, Any] = {"players": cls.default_players}
    parameters.update({o.name: o.default for o in cls.option_specs})
    utility = pyspiel.GameType.Utility.IDENTICAL if cls.cooperative else pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tricktable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in game_names():
        name = short_name(game)
        if name in registered:
            continue
        cls = type(f"Tricktable{game_class(game).__name__}Game", (TricktableGame,), {"GAME": game})
        pyspiel.register_game(game_type(game), cls)


_register()

__all__ = ["PREFIX", "TricktableGame", "TricktableObserver", "TricktableState", "short_name"]
