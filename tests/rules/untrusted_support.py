"""Shared by each game's ``test_untrusted``: whatever text a move is given, and whatever JSON an explicit deal
holds, the game answers with its own error (``IllegalMove``, ``InvalidOptions``) or a move, changes nothing,
and never repeats a long input back in its message.

The fuzz pass against a real server (``benchmarks/fuzz_server.py``) uses the same strategies.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable import IllegalMove, InvalidOptions, new_game
from tricktable.core.errors import TricktableError
from tricktable.core.game import Game, Move

#: The longest error message a refusal may have: it names the field and the rule, and quotes only a little.
MAX_MESSAGE = 500
#: Every verb of every game's notation, so that each game also meets the others' words.
VERBS = (
    "bid",
    "commit",
    "number",
    "mark",
    "pass",
    "declare",
    "goal",
    "pick",
    "choose",
    "cross",
    "tandem",
    "ride",
    "play",
)
#: Characters that look like card ranks and numbers but are not ASCII digits: superscripts, other scripts' digits,
#: fractions, Roman numerals, circled numbers.
NUMBERISH = st.characters(categories=["Nd", "No", "Nl"])
CARDISH = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from([*"RYBKSHDCAJQT0123456789", "10", "♠", "♥"]),
    st.text(alphabet=st.one_of(NUMBERISH, st.sampled_from([*"SHDCRYBK0123456789♠♥♦♣ "])), max_size=4),
)

move_texts = st.one_of(
    st.text(),
    st.text(alphabet=NUMBERISH, min_size=1, max_size=5),
    CARDISH,
    st.builds(lambda verb, rest: f"{verb} {rest}", st.sampled_from(VERBS), st.one_of(st.text(), CARDISH)),
    st.builds(lambda verb, a, b: f"{verb} {a} {b}", st.sampled_from(VERBS), CARDISH, CARDISH),
)

#: Any JSON value a request body may carry (``json.loads`` also reads NaN and infinities).
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=30)
    | CARDISH,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def snapshot(game: Game) -> str:
    """Everything a move could change, as text: the history, every seat's view and the spectators'."""
    views = [game.view(seat) for seat in [None, *range(game.players)]]
    return json.dumps([[str(m) for m in game.history], views], sort_keys=True, default=str)


def check_message(error: TricktableError, given: str) -> None:
    """A refusal is short, and does not hand a long input back."""
    message = str(error)
    assert message, "a refusal says why"
    assert len(message) <= MAX_MESSAGE, f"{len(message)}-character message: {message[:200]}"
    if len(given) > 40:
        assert given not in message, f"the input is repeated back: {message[:200]}"


def check_move_text(game: Game, text: str, before: str) -> None:
    """``parse_move`` and ``play`` of ``text``: a move or the game's own error, and an error changes nothing."""
    try:
        move = game.parse_move(text)
    except IllegalMove as exc:
        check_message(exc, text)
    else:
        assert isinstance(move, Move)
    probe = game.clone() if hasattr(game, "clone") else game
    try:
        probe.play(text)
    except IllegalMove as exc:
        check_message(exc, text)
        assert snapshot(probe) == before, "a refused move changed the game"


# ----- explicit deals ---------------------------------------------------------------------------------


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value: each key of an object and each item of a list, at every depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


def replaced(value: Any, path: tuple[Any, ...], new: Any, delete: bool = False) -> Any:
    """A copy of ``value`` with the place ``path`` set to ``new`` (or removed)."""
    copy = json.loads(json.dumps(value))
    *head, last = path
    target = copy
    for step in head:
        target = target[step]
    if delete:
        del target[last]
    else:
        target[last] = new
    return copy


def deal_mutations(deal: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A deal with one place changed: a field or any item inside it replaced by arbitrary JSON, a field
    dropped, an unknown field added, or the whole deal replaced."""
    places = list(paths(deal))
    fields = list(deal)
    return st.one_of(
        st.builds(lambda path, new: replaced(deal, path, new), st.sampled_from(places), json_values),
        st.builds(lambda key: replaced(deal, (key,), None, delete=True), st.sampled_from(fields)),
        st.builds(lambda key, new: deal | {key: new}, st.text(max_size=10), json_values),
        json_values,
    )


def check_deals(name: str, players: int, deals: Any, options: dict[str, Any] | None = None) -> Game | None:
    """A game made with these explicit deals, or ``None`` when the game refuses them with ``InvalidOptions``."""
    text = json.dumps(deals, default=str)
    try:
        game = new_game(name, players=players, seed=1, deals=deals, **(options or {}))
    except InvalidOptions as exc:
        check_message(exc, text)
        return None
    # Accepted deals are played: a move never fails on a deal that was let in.
    legal = game.legal_moves()
    assert legal, "an accepted deal leaves a move to make"
    game.play(legal[0])
    return game


def long_field_deal(deal: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The deal with each field, and each card, made a 50,000-character text."""
    huge = "Ж" * 50_000
    for path in paths(deal):
        yield replaced(deal, path, huge)


def positions(name: str, players: tuple[int, ...], moves: tuple[int, ...] = (0, 1, 3, 6, 12, 25, 60)) -> list[Game]:
    """Games of ``name`` after a few random moves each: every phase a move can be typed in."""
    out = []
    for count in players:
        for seed, steps in enumerate(moves):
            game = new_game(name, players=count, seed=seed)
            rng = random.Random(seed)
            for _ in range(steps):
                if game.to_move is None:
                    break
                game.play(rng.choice(list(game.legal_moves())))
            out.append(game)
    return out


@functools.cache
def _positions(name: str, players: tuple[int, ...]) -> list[tuple[Game, str]]:
    return [(game, snapshot(game)) for game in positions(name, players)]


@functools.cache
def first_deals(name: str, players: int) -> dict[str, Any]:
    """A real first deal of ``name`` in the explicit-deal format, to be spoilt one place at a time."""
    return new_game(name, players=players, seed=5).deals_made()[0]


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)


class UntrustedInput:
    """The tests every game passes; a game's ``test_untrusted`` subclasses this with its name and player counts."""

    NAME: str
    PLAYERS: tuple[int, ...]
    #: Texts that once reached a bare ``int()`` or ``str.strip`` and gave a server error.
    REGRESSIONS: tuple[str, ...] = ()

    def test_texts_that_once_failed_are_refused(self) -> None:
        for game, before in _positions(self.NAME, self.PLAYERS):
            for text in self.REGRESSIONS:
                check_move_text(game, text, before)

    @SETTINGS
    @given(st.data(), move_texts)
    def test_any_move_text_is_a_move_or_refused(self, data: st.DataObject, text: str) -> None:
        known = _positions(self.NAME, self.PLAYERS)
        game, before = known[data.draw(st.integers(0, len(known) - 1), label="position")]
        check_move_text(game, text, before)

    def test_a_huge_field_or_card_is_refused_without_being_repeated(self) -> None:
        for players in self.PLAYERS:
            for deal in long_field_deal(first_deals(self.NAME, players)):
                check_deals(self.NAME, players, [deal])

    def test_a_deal_that_is_not_an_object_or_a_list_is_refused(self) -> None:
        refused: tuple[object, ...] = ([1], ["hands"], [[]], [None], "x" * 100, 5, {"hands": []})
        for deals in refused:
            check_deals(self.NAME, self.PLAYERS[0], deals)

    @SETTINGS
    @given(st.data())
    def test_any_deal_is_accepted_or_refused(self, data: st.DataObject) -> None:
        players = data.draw(st.sampled_from(self.PLAYERS))
        valid = first_deals(self.NAME, players)
        deal = data.draw(deal_mutations(valid))
        check_deals(self.NAME, players, [deal])
        check_deals(self.NAME, players, [valid, deal])
