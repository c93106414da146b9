"""A seat's view never holds what the game declares hidden from it (``Game.hidden_from``, ``core.hidden``).

Cards: no card out of a seat's sight is named anywhere in its view, in any spelling the game reads (``AS``,
``A♠``, ``10♥``).  Choices: a seat's view is the same whichever legal choice another seat made at a move still
hidden from it; the check replays the game with another choice there and compares the views byte for byte.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tests.conformance.support import Config, each_configuration, random_games, replay, seats
from tricktable.core.errors import IllegalMove
from tricktable.core.game import Game
from tricktable.core.hidden import Hidden
from tricktable.core.registry import game_class, game_names, new_game

#: Positions of each configuration whose views are searched for hidden cards.
POSITIONS = 35
#: Hidden choices replayed differently, at most, per configuration.
CHOICES = 8
#: A word of a view that could name a card: letters, digits and suit symbols.
WORD = re.compile(r"[0-9A-Za-z♠♥♦♣♤♡♢♧]+")
#: Earlier rounds: their cards were dealt again since, so they may be named whoever holds them now.  (The last
#: trick, which may be an earlier round's, is checked apart: ``leaked_cards``.)
PAST = ("score_sheet",)
_CARD_OF: dict[tuple[str, str], str | None] = {}


def card_named(game: Game, word: str) -> str | None:
    """The card ``word`` names as the game reads it (its notation as a move to play), or ``None``.

    Only a word in the game's own spelling (its notation, or with a suit symbol) counts: ``as`` in a sentence
    is a word, not the ace of spades."""
    key = (game.name, word)
    if key not in _CARD_OF:
        try:
            text = str(game.parse_move(word))
        except IllegalMove:
            text = None
        symbol = any(c in "♠♥♦♣♤♡♢♧" for c in word)
        _CARD_OF[key] = text if text is not None and (text == word or symbol) and " " not in text else None
    return _CARD_OF[key]


def words(value: Any) -> set[str]:
    return set(WORD.findall(json.dumps(value, ensure_ascii=False)))


def leaked_cards(game: Game, seat: int | None, hidden: Hidden) -> set[str]:
    full = game.view(seat)
    view = {k: v for k, v in full.items() if k not in PAST and k != "last_trick"}
    named = {card_named(game, word) for word in words(view)}
    # The last trick stays on view across a deal, so its cards may have been dealt again since: it may name
    # only cards this seat saw played (its events name them).
    played = {card_named(game, word) for word in words([e.to_dict() for e in game.events_for(seat)])}
    shown_last = {card_named(game, word) for word in words(full.get("last_trick"))} - {None}
    return {card for card in named if card in hidden.cards} | (shown_last - played)


def check_cards(game: Game) -> None:
    for seat in seats(game):
        hidden = game.hidden_from(seat)
        assert isinstance(hidden, Hidden)
        assert all(0 <= i < len(game.history) for i in hidden.moves)
        leaked = leaked_cards(game, seat, hidden)
        assert not leaked, f"the view of seat {seat} names hidden cards {sorted(leaked)}"


def seen_by(game: Game, seat: int | None) -> tuple[str, str]:
    return (
        json.dumps(game.view(seat), sort_keys=True),
        json.dumps([e.to_dict() for e in game.events_for(seat)], sort_keys=True),
    )


def other_choice(game: Game, index: int, rng: random.Random) -> Game | None:
    """``game`` replayed with another legal move at ``history[index]`` and the same moves after it, or ``None``
    when no other choice there lets the same moves follow."""
    texts = [str(m) for m in game.history]
    start = new_game(game.name, players=game.players, seed=game.seed, **game.options)
    for text in texts[:index]:
        start.play(text)
    others = [str(m) for m in start.legal_moves() if str(m) != texts[index]]
    for choice in rng.sample(others, min(3, len(others))):
        twin = start.clone()
        twin.play(choice)
        try:
            for text in texts[index + 1 :]:
                twin.play(text)
        except IllegalMove:
            continue  # a later move needed the choice made (a card passed, then played)
        return twin
    return None


def check_choice(game: Game, seat: int | None, index: int, rng: random.Random) -> bool:
    """The view of ``seat`` does not tell which choice was made at ``history[index]``; ``False`` if no other
    choice could be tried."""
    twin = other_choice(game, index, rng)
    if twin is None:
        return False
    assert index in twin.hidden_from(seat).moves, "the choice made decides whether a choice is hidden"
    ours, theirs = seen_by(game, seat), seen_by(twin, seat)
    assert ours[0] == theirs[0], f"seat {seat}'s view shows the hidden move {index + 1} ({game.history[index]})"
    assert ours[1] == theirs[1], f"seat {seat}'s events show the hidden move {index + 1} ({game.history[index]})"
    return True


@each_configuration()
def test_no_view_names_a_hidden_card(config: Config) -> None:
    for game in replay(config, positions=POSITIONS, least=12):
        check_cards(game)


@each_configuration()
def test_no_view_tells_a_hidden_choice(config: Config) -> None:
    rng = random.Random(config.seed)
    total = sum(len(moves) for _, moves in random_games(config))
    hiding = tried = 0
    for game in replay(config, positions=min(total, 400)):
        if tried >= CHOICES:
            break
        secrets = [(seat, i) for seat in seats(game) for i in sorted(game.hidden_from(seat).moves)]
        if not secrets:
            continue
        hiding += 1
        # Look at every few positions that hide something, not at each: a check replays the whole game.
        if rng.random() < 0.25:
            seat, index = rng.choice(secrets)
            tried += check_choice(game, seat, index, rng)
    assert not hiding or tried, "positions hid choices, but none could be replayed another way"


@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_what_is_hidden(name: str) -> None:
    """Declared by the game itself (not the base class's refusal), for every seat and the spectators."""
    cls = game_class(name)
    assert "hidden_from" in vars(cls) or any(
        "hidden_from" in vars(base) for base in cls.__mro__[1:] if base.__name__ != "Game"
    ), f"{cls.__name__} does not say what is hidden"
    game = cls(seed=2)
    for seat in seats(game):
        assert isinstance(game.hidden_from(seat), Hidden)
