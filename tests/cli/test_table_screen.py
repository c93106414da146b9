"""The terminal table: a whole game of each game played through it, on the redrawn layout (a recording console
that is a terminal) and as plain lines, typed as a player types; what it shows is read for a player's words."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tricktable
from tricktable.bots.base import make_bot
from tricktable.cli import app
from tricktable.cli.table_screen import TableScreen, play_at_terminal, player_names
from tricktable.core.game import Game
from tricktable.core.narrate import clause, name_seats, sentences, verb_for
from tricktable.core.registry import game_words

GAMES = ["tricks-together", "tandem-trick", "secret-trumps", "trumps"]
#: What each game's table says in words, somewhere in a whole game.
TABLE_WORDS = {
    "tricks-together": ["turned up", "lives left", "Choose your number", "number 1"],
    "tandem-trick": ["lead suit", "Bid: lay a card sideways", "score: "],
    "secret-trumps": ["Row 1", "Draft a goal", "goals crossed off", "is the start player"],
    "trumps": ["Choose your trump indicator", "your indicator", "everyone passes 3 cards", "trumps: "],
}
#: A card's code: ``TH``, ``5D``, ``AS`` (a standard deck) and ``B11``, ``Y0`` (Tandem Trick's colours).
CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\b[RYBK](?:1[01]|[0-9])\b")
#: "You" with a verb that agrees with somebody else.
BAD_YOU = re.compile(
    r"\bYou (?:is|has|was|wins|plays|commits|leads|bids|picks|drafts|looks|crosses|meets|passes|receives|"
    r"declares|chooses|lays|deals|turns|rides|takes)\b|\b(?:by|to|from|with) You\b|\bYou's\b|"
    r"\bYou (?:\w+ ){1,4}and (?:sets|takes|crosses)\b"
)


def bad_words(text: str, players: int) -> list[str]:
    """What a player should never read: card codes, seats counted from 0, "You" with the wrong verb."""
    found = [f"card code {m.group(0)!r}" for m in CARD_CODE.finditer(text)]
    found += [f"bad grammar {m.group(0)!r}" for m in BAD_YOU.finditer(text)]
    for m in re.finditer(r"\b(?:[Ss]eats?|Bot) (\d+)\b", text):
        if not 1 <= int(m.group(1)) <= players:
            found.append(f"seat not counted from 1: {m.group(0)!r}")
    for m in re.finditer(r"\b(\w+) (?:=|:)\s*(?:None|null)\b|\b\w+=\S", text):
        found.append(f"raw field {m.group(0)!r}")
    return found


class Player:
    """Types at the prompt as a person would: a move as the table shows it (or its keyboard form), and now and
    then help, last, a move that is refused."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.game, self.seat = game, seat
        self.bot = make_bot(game.name, "random", seed=seed)
        self.rng = random.Random(seed)
        self.words = game_words(game.name)
        self.typed: list[str] = []
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        assert "(help, last, quit)" in prompt
        self.prompts += 1
        view = self.game.view(self.seat)
        if self.prompts in (1, 2) or self.prompts % 9 == 0:
            text = ["help", "zz 99", "last"][min(self.prompts, 3) - 1]
        else:
            move = self.bot.choose(view)
            # As shown ("10♥", "pick 3♥", "choose The most tricks", "blue 11"), or as typed on a keyboard.
            text = self.words.move_words(move, view) if self.rng.random() < 0.7 else move.lower()
        self.typed.append(text)
        return text


def play_whole_game(name: str, plain: bool, seed: int, delay: float = 0.0) -> tuple[str, Game, Player]:
    game = tricktable.new_game(name, seed=seed)
    bots = {s: make_bot(name, "random", seed=seed + s) for s in range(1, game.players)}
    out = io.StringIO()
    console = Console(file=out, record=True, force_terminal=not plain, width=140, color_system=None)
    player = Player(game, 0, seed)
    names = player_names(game.players, 0, "random")
    finished = play_at_terminal(game, 0, bots, names, console, plain, ask=player, delay=delay)
    assert finished and game.to_move is None
    return console.export_text(), game, player


@pytest.mark.parametrize("plain", [False, True], ids=["table", "plain"])
@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_reads_in_a_players_words(name: str, plain: bool) -> None:
    text, game, _ = play_whole_game(name, plain, seed=11)
    assert not bad_words(text, game.players), bad_words(text, game.players)[:10]
    for words in TABLE_WORDS[name]:
        assert words in text, words
    # The bots are named as on the web table, the log is below, help says what the moves mean.
    assert "Bot 2 (random) " in text and "Commands: help, last, aid, quit." in text
    assert "Not possible:" in text and "is not" in text
    # A chooser is not told twice that it has chosen.
    assert "You have chosen" not in text
    if not plain:
        assert "Log" in text and "Your hand:" in text and "Cards you may use now: " in text


def test_the_table_is_redrawn_after_each_bot_move() -> None:
    text, game, _ = play_whole_game("tricks-together", False, seed=3, delay=0.001)
    assert not bad_words(text, game.players)
    # Each bot's card appears on the redrawn table before the player is asked again.
    assert text.count("Trick in play: 2 of 4 played") >= 1 and text.count("Trick in play: 3 of 4 played") >= 1


def test_the_terminal_and_the_web_page_say_you_alike() -> None:
    names = ["You", "Bot 2 (normal)", "Bot 3 (normal)"]
    words = game_words("tricks-together")
    game = tricktable.new_game("tricks-together", players=3, seed=7)
    game.play("bid 1")
    events = [e.to_dict() for e in game.events_for(0)]
    told = sentences(words.narrate, events, names, words.told_by)
    assert "You commit to 1 trick" in told and "You are dealt" in told[1]
    assert not any("You has" in t or "You have chosen" in t for t in told)
    # The web table's narrator reads the same sentences (one number chosen, told once).
    from tricktable.server.narration import Narrator

    assert Narrator("tricks-together").sentences(events, names) == told
    assert clause("You", "passes 3 cards") == "You pass 3 cards" and clause("Ada", "is dealt") == "Ada is dealt"
    assert verb_for("You", "crosses") == "cross" and verb_for("You", "has") == "have"
    assert name_seats("seat 0 wins with 24 points; pass to seat 0", names) == "You win with 24 points; pass to you"


def test_last_shows_the_trick_that_ended_a_round() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=7)
    screen = TableScreen(game, 0, player_names(4, 0, "normal"))
    bots = {s: make_bot(game.name, "random", seed=s) for s in range(1, 4)}
    from tricktable.core.players import play_out

    play_out(game, bots)
    game.play("bid 1")
    play_out(game, bots)
    game.play("3D")  # the one card of round 1: the round ends, the view moves on to round 2
    play_out(game, bots)
    screen.catch_up()
    lines = screen.last_lines()
    assert lines[0].startswith("Last trick (trick 1) won by ") and "wins:" in lines[0], lines
    assert "You 3♦" in lines[1]


def test_play_command_plain_when_piped_with_seats_from_one() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["play", "tricks-together", "--seed", "7", "--seat", "2"],
        input="help\nbid 9\nquit\n",
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "you sit at seat 2 of 4" in text and "Players in play order:" in text and "Bot 1 (normal)" in text
    assert "Choose your number" in text and "Not possible: your number must be 0 to" in text
    assert not bad_words(text, 4), bad_words(text, 4)
    refused = runner.invoke(app, ["play", "tricks-together", "--seat", "0"])
    assert refused.exit_code == 2 and "--seat must be 1..4" in refused.output
