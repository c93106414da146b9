"""Every text a person reads, in a player's words, for every game: random seeded games (several player counts
and variants) played to the end, and at every move, for a watcher and for each seat, everything the faces
show: the log's sentences, the trick's reason, the table's and the seats' facts, the middle of the table,
what the moves mean and how each is shown, the panels, the texts the view carries (table values, trick notes,
score-sheet reasons, the result's summary); then the open-hands analysis of the finished record and what
``tricktable analyse`` prints of it.

None may hold a raw card code (``7C``, ``TH``, ``B11``, ``Y9``, ``9S``), a slug (``no-hearts``, ``exactly-1``),
a 0-based seat (``seat 0``, ``Player 0``, ``pick 0``, ``start 0``, ``leader 0``), a doubled word ("lives
lives") or a wrong plural ("1 vectors").  A game's own texts are read as the faces read them: with the
players' names put in for its ``seat N`` (``core.narrate.name_seats``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from tricktable.analysis import analyse
from tricktable.cli import app
from tricktable.core.game import Game
from tricktable.core.narrate import name_seats, sentences
from tricktable.core.records import to_record
from tricktable.core.registry import game_words, games, new_game
from tricktable.rules.secret_trumps.goals import GOALS

CARD_CODE = re.compile(r"\b(?:10|[1-9TJQKA])[SHDC]\b|\b[RYBK](?:1[01]|[0-9])\b")
#: The goals' keys and the games' names: a person reads the names ("Exactly 1", "Tricks Together").
SLUGS = {goal.slug for goal in GOALS} | {g["name"] for g in games()}
SLUG = re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b")
SEAT_NUMBER = re.compile(
    r"\b(?:[Ss]eats?|[Pp]layers?|[Tt]eams?|pick|start|leader|dealer|lead player|start player|first pick) \d+\b"
    r"(?![♠♥♦♣]| (?:cards?|tricks?|points?))"
)
#: A count that starts at 0 ("trick 0" while passing): people count tricks, rounds and rows from 1.
ZERO_COUNT = re.compile(r"\b(?:trick|round|hand|row|deal) 0\b")
#: The table's values that are seats: a face shows them by name.
SEAT_KEYS = {"dealer", "start player", "first pick", "lead player"}
#: A misère's total as a raw sum ("1000008 points"): the rules speak of the misère's 1,000,000.
RAW_SUM = re.compile(r"\b\d{7,}\b")
DOUBLED = re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)
#: The things the games count: "1 cards" or "1 vectors" is a plural after a one.
WRONG_PLURAL = re.compile(
    r"(?<![\d.,])\b1 (?:cards|tricks|points|goals|lives|rounds|hands|moves|plays|players|seats|sets|vectors|rows)\b"
)
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

#: (game, players, options) for the games played: every player count, every variant at least once.
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("tricks-together", 3, {}),
    ("tricks-together", 4, {"secret_numbers": True, "lives": 4}),
    ("tricks-together", 5, {"no_trumps": True, "up_and_down": True}),
    ("tandem-trick", 3, {"target": 12}),
    ("tandem-trick", 4, {"misere_bonus": False, "target": 12}),
    ("secret-trumps", 3, {"second_deck": False}),
    ("secret-trumps", 4, {"five_goals": True}),
    ("trumps", 3, {"target": 8}),
    ("trumps", 4, {"teams": True, "target": 8}),
    ("trumps", 6, {"teams": True, "target": 8}),
]


def problems(text: str) -> list[str]:
    """What in ``text`` is not a player's word."""
    found = []
    checks = (
        ("a card code", CARD_CODE),
        ("a seat number", SEAT_NUMBER),
        ("a raw sum", RAW_SUM),
        ("a count from 0", ZERO_COUNT),
    )
    for what, pattern in checks:
        match = pattern.search(text)
        if match:
            found.append(f"{what} ({match.group(0)!r})")
    for match in SLUG.finditer(text):
        if match.group(0) in SLUGS or "_" in match.group(0):
            found.append(f"a slug ({match.group(0)!r})")
    doubled = DOUBLED.search(text)
    if doubled:
        found.append(f"a doubled word ({doubled.group(0)!r})")
    plural = WRONG_PLURAL.search(text)
    if plural:
        found.append(f"a wrong plural ({plural.group(0)!r})")
    return found


def view_texts(game_name: str, view: dict[str, Any], names: list[str]) -> Iterator[str]:
    """Everything a face shows of ``view``, with ``names`` for the seats."""
    words = game_words(game_name)

    def named(text: object) -> str:
        return name_seats(str(text), names)

    yield from sentences(words.narrate, view.get("events") or [], names, words.told_by)
    reason = words.trick_reason(view, names)
    if reason:
        yield reason
    yield from words.table_facts(view, names)
    for row in view.get("seats") or []:
        yield from words.seat_facts(view, row, names)
    yield from words.centre_lines(view, names)
    yield from words.move_help(view, names)
    for move in view.get("legal_moves") or []:
        yield words.move_words(move, view)
    for title, lines in (view.get("panels") or {}).items():
        yield named(title)
        yield from (named(line) for line in lines)
    for value in (view.get("table") or {}).values():
        # A value that is one card is drawn as the card; any other text is read as it is.
        if isinstance(value, str) and not CARD_CODE.fullmatch(value):
            yield named(value)
    for key, value in (view.get("table") or {}).items():
        # A number is shown after its key ("trick 3"); a seat's by the seat's name.
        if isinstance(value, int) and not isinstance(value, bool) and key not in SEAT_KEYS:
            yield f"{key} {value}"
    for entry in view.get("trick") or []:
        if entry.get("note"):
            yield named(entry["note"])
    last = view.get("last_trick") or {}
    for note in last.get("notes") or []:
        if note:
            yield named(note)
    for row in view.get("score_sheet") or []:
        if isinstance(row.get("reason"), str):
            yield named(row["reason"])
    result = view.get("result")
    if isinstance(result, dict) and result.get("summary"):
        yield named(result["summary"])


def play_out(game_name: str, players: int, seed: int, **options: Any) -> Iterator[tuple[Game, dict[str, Any]]]:
    """A random game to its end: each position, with the view of a watcher and of every seat."""
    game = new_game(game_name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(5000):
        for seat in (None, *range(players)):
            yield game, game.view(seat)
        if game.is_over:
            return
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"{game_name} seed {seed} did not end")


@pytest.mark.parametrize(("game_name", "players", "options"), CASES, ids=[f"{g}-{p}-{o}" for g, p, o in CASES])
def test_every_text_of_a_view_is_in_a_players_words(game_name: str, players: int, options: dict[str, Any]) -> None:
    names = NAMES[:players]
    bad: dict[str, list[str]] = {}
    for _game, view in play_out(game_name, players, seed=players, **options):
        you = list(names)
        if view.get("seat") is not None:
            you[view["seat"]] = "You"
        for text in view_texts(game_name, view, you):
            found = problems(text)
            if found:
                bad.setdefault(text, found)
    assert not bad, "\n".join(f"{text!r}: {found}" for text, found in list(bad.items())[:12])


def finished_record(game_name: str, players: int, seed: int, **options: Any) -> dict[str, Any]:
    """The record of a random game played to its end (Secret Trumps' and Trumps' first rounds only: their
    open-hands searches are long)."""
    game = new_game(game_name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and len(game.view(None)["score_sheet"]) < 2:
        game.play(rng.choice(game.legal_moves()))
    return to_record(game, NAMES[:players])


ANALYSED = [
    ("tricks-together", 3, {}),
    ("tricks-together", 4, {"secret_numbers": True}),
    ("tandem-trick", 3, {"target": 1}),
    ("secret-trumps", 4, {}),
    ("trumps", 3, {"target": 1}),
]


@pytest.mark.parametrize(("game_name", "players", "options"), ANALYSED, ids=[f"{g}-{p}" for g, p, _ in ANALYSED])
def test_every_text_of_an_analysis_is_in_a_players_words(
    game_name: str, players: int, options: dict[str, Any], tmp_path: Any
) -> None:
    record = finished_record(game_name, players, seed=players + 1, **options)
    report = analyse(record)
    texts = [text for section in report.sections for text in (section.title, *section.facts)]
    texts += [play.note for section in report.sections for play in section.plays if play.note]
    texts += [play.said for section in report.sections for play in section.plays]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    printed = CliRunner().invoke(app, ["analyse", str(path)])
    assert printed.exit_code == 0, printed.output
    texts += printed.output.splitlines()
    bad = {text: problems(text) for text in texts if problems(text)}
    assert not bad, "\n".join(f"{text!r}: {found}" for text, found in list(bad.items())[:12])


def test_the_checks_catch_what_they_refuse() -> None:
    for text in (
        "ride along with Bot 4's B11",
        "Ada discarded Y9",
        "Ada holds 9S 5S",
        "7C, TH",
        "Ada plays for no-hearts",
        "exactly-1",
        "first pick 0",
        "start 0",
        "leader 1",
        "Player 0 passes",
        "failed: too many tricks: seat 0 (1 of 0)",
        "lives lives at the start",
        "1 vectors of numbers could be made",
        "Ada wins with 1000008 points",
        "trick 0",
    ):
        assert problems(text), text
    good = ("Ada plays yellow 9, takes 2 tricks", "tie-break hand", "1 of 4 goals", "blue 11", "1,000,000 points")
    for text in good:
        assert not problems(text), (text, problems(text))


def test_the_lobbys_words_for_each_game_and_option_are_a_players() -> None:
    """The lobby shows each game's line and each option as its name then its help ("Lives at the start")."""
    for game in games():
        assert game["summary"] and not problems(game["summary"]), game["name"]
        for option in game["options"]:
            label = f"{option['name'].replace('_', ' ').capitalize()} {option['help']}"
            assert not problems(label), label
