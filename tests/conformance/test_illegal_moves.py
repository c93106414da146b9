"""An illegal move of every kind a game has is refused with ``IllegalMove`` and changes nothing: the state, the
record and every seat's view are the same, byte for byte, before and after.

The kinds, found for each game from its own random games rather than listed per game:

* **garbage**: text that is no move at all, or a move's notation with a bad value (``bid 99``, ``R-1``) or
  words too many, read through the game's ``parse_move``;
* **foreign**: a move of another game, and things that are not moves at all;
* **other phase**: a move the game allows in another phase (a number while cards are played);
* **unseen card**: a card the mover cannot see (another seat's, or face down): the protocol's moves carry no
  seat, so this is a move of the wrong seat;
* **same phase**: a move the game allows elsewhere in this phase but not now: a card not in hand (another
  seat's, or played already), a card that does not follow, a number out of range, a goal not held;
* **game over**: anything at all once the game has ended.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from tests.conformance.support import Config, each_configuration, replay, snapshot
from tricktable.core.errors import IllegalMove
from tricktable.core.game import Game, Move
from tricktable.core.registry import game_class, game_names

#: Positions of each configuration where illegal moves are tried.
POSITIONS = 5
#: Tried at each position, of each kind.
PER_KIND = 2
GARBAGE = (
    "", "   ", "xyzzy", "!!", "-1", "99", "1e9", "\x00", "♠", "10", "Z9", "AS AS", "ab" * 300,
    "bid", "bid -1", "bid 99", "bid three", "play", "pass", "pass AS", "mark", "declare", "goal", "pick",
    "choose", "cross", "tandem", "bid R99", "K12", "goal nothing", "choose 3",
)  # fmt: skip
NOT_MOVES: tuple[Any, ...] = (None, 7, 2.5, b"AS", ["AS"], {"move": "AS"}, object())


@cache
def vocabulary(config: Config) -> dict[str, tuple[Move, ...]]:
    """Every move the configuration's random games allowed, by phase (a sample where there are hundreds)."""
    rng = random.Random(config.seed)
    found: dict[str, dict[str, Move]] = {}
    for game in replay(config):
        moves = list(game.legal_moves())
        if len(moves) > 40:
            moves = rng.sample(moves, 40)
        if moves:
            found.setdefault(game.phase, {}).update((str(m), m) for m in moves)
    return {phase: tuple(moves.values()) for phase, moves in found.items()}


@cache
def unseen_cards(config: Config) -> bool:
    """Whether the seat to move is ever kept from seeing a card in the configuration's random games."""
    return any(game.to_move is not None and game.hidden_from(game.to_move).cards for game in replay(config, 50))


@cache
def foreign_moves(name: str) -> tuple[Move, ...]:
    """The first legal moves of every other game."""
    out: list[Move] = []
    for other in game_names():
        if other != name:
            out.extend(list(game_class(other)(seed=1).legal_moves())[:3])
    return tuple(out)


def garbage(vocabulary: dict[str, tuple[Move, ...]]) -> list[str]:
    """Text that is no move, and every notation of the game bent out of shape: bad numbers, a word too many."""
    texts = list(GARBAGE)
    for moves in vocabulary.values():
        for move in moves[:6]:
            text = str(move)
            texts += [f"{text} extra", f"{text}{text}", re.sub(r"\d+", "99", text), re.sub(r"\d+", "-1", text)]
    return texts


def candidates(config: Config, game: Game, rng: random.Random) -> Iterator[tuple[str, Any]]:
    """Moves to try now, each with its kind; only those illegal now come out."""
    legal = {str(m) for m in game.legal_moves()}
    known = vocabulary(config)

    def illegal_text(text: str) -> bool:
        try:
            return str(game.parse_move(text)) not in legal
        except IllegalMove:
            return True

    texts = [t for t in garbage(known) if illegal_text(t)]
    yield from (("garbage", t) for t in rng.sample(texts, min(PER_KIND, len(texts))))
    # Games share some move classes (a plain card is ``core.moves.PlayCard``): only one not legal here counts.
    others = [m for m in foreign_moves(config.name) if str(m) not in legal]
    yield from (("foreign", m) for m in rng.sample(others, min(PER_KIND, len(others))))
    yield ("foreign", rng.choice(NOT_MOVES))
    if game.to_move is None:
        everything = [m for moves in known.values() for m in moves]
        yield from (("game over", m) for m in rng.sample(everything, min(2 * PER_KIND, len(everything))))
        return
    # A card the mover cannot see (another seat's, or face down): the protocol's moves carry no seat, so this
    # is what "the wrong seat's move" comes to.
    unseen = sorted(card for card in game.hidden_from(game.to_move).cards if illegal_text(card))
    yield from (("unseen card", card) for card in rng.sample(unseen, min(PER_KIND, len(unseen))))
    for kind, pool in (
        ("other phase", [m for phase, moves in known.items() if phase != game.phase for m in moves]),
        ("same phase", [m for m in known.get(game.phase, ()) if str(m) not in legal]),
    ):
        chosen = rng.sample(pool, min(PER_KIND, len(pool)))
        for index, move in enumerate(chosen):
            yield (kind, str(move) if index % 2 else move)  # as text through the parser, and as the object


def refuse(game: Game, move: Any, before: dict[str, str]) -> None:
    """``move`` raises ``IllegalMove`` with a reason, and the game is as it was."""
    if isinstance(move, Move):
        reason = game.why_illegal(move)
        assert reason, f"why_illegal passes the illegal {move}"
    with pytest.raises(IllegalMove) as refused:
        game.play(move)
    assert str(refused.value), f"{move!r} was refused without a reason"
    after = snapshot(game, quick=True)
    for part, text in before.items():
        assert after[part] == text, f"the refused move {move!r} changed the {part}"


@each_configuration()
def test_an_illegal_move_of_every_kind_changes_nothing(config: Config) -> None:
    rng = random.Random(config.seed)
    refused: dict[str, int] = {}
    for game in replay(config, positions=POSITIONS, least=3, every_end=False):
        before = snapshot(game, quick=True)
        for kind, move in candidates(config, game, rng):
            refuse(game, move, before)
            refused[kind] = refused.get(kind, 0) + 1
    kinds = {"garbage", "foreign", "same phase", "game over"}
    if len(vocabulary(config)) > 1:
        kinds.add("other phase")
    if unseen_cards(config):
        kinds.add("unseen card")
    assert kinds <= set(refused), f"no illegal move of the kinds {kinds - set(refused)} was tried"


@pytest.mark.parametrize("name", game_names())
def test_an_illegal_move_on_a_fresh_game_changes_nothing(name: str) -> None:
    """Before any move (a deal just made, nothing played): the first position is not special."""
    game = game_class(name)(seed=5)
    before = snapshot(game, quick=True)
    legal = {str(m) for m in game.legal_moves()}
    for move in [*GARBAGE, *NOT_MOVES, *foreign_moves(name)]:
        if str(move) not in legal:
            refuse(game, move, before)
