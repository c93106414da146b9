"""Players from outside in the arena: OpenSpiel's ISMCTS (shown only worlds drawn from its seat's view) and the
open-hands ceiling (the one player handed every hand)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from typer.testing import CliRunner

from tricktable.arena import play, summarise, tasks
from tricktable.cli import app
from tricktable.core.errors import InvalidOptions
from tricktable.interop import seating
from tricktable.interop.adapt import Session
from tricktable.interop.ismcts import IsmctsPlayer, parse_settings

#: Small games: one deal each, few simulations (the point is that every game runs to its end).
GAMES = [
    ("trumps", 3, {"target": "1"}),
    ("trumps", 4, {"target": "1", "teams": "true"}),
    ("tandem-trick", 3, {"target": "1"}),
    ("secret-trumps", 3, {}),
    ("tricks-together", 3, {}),
]
TINY = "openspiel-ismcts:simulations=2,max_world_samples=1,rollout_moves=3"


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_ismcts_plays_a_duplicate_match_to_the_end_in_every_game(
    game: str, players: int, options: dict[str, Any]
) -> None:
    games = tasks(game, TINY, "random", players, 1, options, seed=3)
    # Secret Trumps' games are long: only the deal's first game there (ISMCTS in the first seat, random elsewhere).
    results = [play(t) for t in games[: 1 if game == "secret-trumps" else None]]
    summary = summarise(results, TINY, "random")
    assert summary.deals == 1
    assert TINY in summary.move_times
    assert sum(len(r.seconds.get(TINY, [])) for r in results) > 0, "the ISMCTS seat moved"


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_open_hands_ceiling_plays_a_duplicate_match_to_the_end_in_every_game(
    game: str, players: int, options: dict[str, Any]
) -> None:
    results = [play(t) for t in tasks(game, "open-hands", "random", players, 1, options, seed=5)]
    assert summarise(results, "open-hands", "random").deals == 1
    assert sum(len(r.seconds.get("open-hands", [])) for r in results) > 0


def test_the_ismcts_seat_is_shown_worlds_of_its_view_never_the_real_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[tuple[Session, Session, str, list[dict[str, Any]], int]] = []
    real_world_for = seating.world_for

    def spy(session: Session, seat: int, rng: random.Random) -> Session | None:
        world = real_world_for(session, seat, rng)
        if world is not None:
            shown.append((session, world, session.information(seat), list(session.deals), seat))
        return world

    monkeypatch.setattr(seating, "world_for", spy)
    handed: list[Session] = []
    choose_in = IsmctsPlayer.choose_in

    def record(self: IsmctsPlayer, world: Session) -> str:
        handed.append(world)
        return choose_in(self, world)

    monkeypatch.setattr(IsmctsPlayer, "choose_in", record)
    task = tasks("trumps", "random", TINY, 3, 1, {"target": "1"}, seed=11)[0]
    play(task)
    assert shown and [w for _, w, _, _, _ in shown] == handed
    differs = 0
    for real, world, information, deals, seat in shown:
        assert world is not real
        assert world.information(seat) == information  # everything the seat has seen, and no more
        assert world.deals[:-1] == deals[:-1]  # earlier rounds as they were
        differs += world.deals[-1] != deals[-1]
    # The cards the seat has not seen are dealt afresh: the world's deal is not the real one (late in a hand,
    # with two or three cards unseen, a fresh deal may happen to be the real one; early, with thirty, never).
    assert shown[0][1].deals[-1] != shown[0][3][-1]
    assert differs >= len(shown) // 2


def test_settings_are_read_by_name_and_bad_ones_are_refused() -> None:
    settings = parse_settings("openspiel-ismcts:simulations=50,uct_c=1.5,max_world_samples=4")
    assert (settings.simulations, settings.uct_c, settings.max_world_samples) == (50, 1.5, 4)
    assert parse_settings("openspiel-ismcts:seconds=0.2").cap > 10_000
    assert parse_settings("openspiel-ismcts").cap == 100
    bad_settings = (
        "simulations=1",
        "simulations=x",
        "uct_c=0",
        "seconds=-1",
        "depth=3",
        "simulations",
        "max_world_samples=0",
    )
    for bad in bad_settings:
        with pytest.raises(InvalidOptions):
            parse_settings(f"openspiel-ismcts:{bad}")


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ("strong,openspiel-ismcts:simulations=x", "simulations must be a whole number"),
        ("strong,openspiel-ismcts:simulations=50,depth=2", "has no setting 'depth'"),
        ("strong,open-hand", "no 'open-hand' bot"),
    ],
)
def test_the_arena_refuses_a_bad_outside_player_with_exit_code_2(bots: str, words: str) -> None:
    out = CliRunner().invoke(app, ["arena", "trumps", "--bots", bots, "--deals", "1", "-o", "target=1"])
    assert out.exit_code == 2
    assert words in " ".join(out.output.split())


def test_the_arena_command_seats_ismcts_with_settings_after_commas() -> None:
    out = CliRunner().invoke(
        app, ["arena", "trumps", "-p", "3", "--bots", f"random,{TINY}", "--deals", "1", "-w", "1", "-o", "target=1"]
    )
    assert out.exit_code == 0, out.output
    assert "openspiel-ismcts" in out.output
