"""A game at the terminal, seen from one seat: a table layout redrawn in place, or plain lines for a pipe.

Everything a person reads comes from the game's words (``core.registry.game_words``): the log's sentences (the
same the web table shows), the table's and each seat's facts, cards with their suit symbols, what the legal
moves mean.  Players are their names ("You", "Bot 2 (normal)"); nothing shows a seat index or a card's code.

The layout (rich): the facts on top, the players in play order with their facts and the card each has in the
trick, the middle of the table (a game's rows to pick from), your hand sorted by suit with the legal cards
marked, and the log below.  ``last`` shows the last trick with who won it and why; ``help`` says what the
moves mean now.  Moves are typed as they are shown (``10♥`` or ``10h``, ``bid 2``, ``pick 3♥``, ``blue 11``)
or in the games' notation.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.core.errors import TricktableError
from tricktable.core.game import Game
from tricktable.core.narrate import YOU, count, join_names, name_cards, name_of, name_seats, object_form, sentences
from tricktable.core.players import Bot, play_out
from tricktable.core.registry import GameWords, game_words

#: What the terminal draws a suit or a colour in when a view names none (``card_colours``).
SUIT_COLOURS = {"S": "bright_white", "C": "bright_white", "H": "bright_red", "D": "bright_red"}
_READABLE = {"black": "bright_white", "red": "bright_red", "blue": "bright_blue", "yellow": "bright_yellow"}
_SUIT_WORDS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
#: How many of the log's last lines the layout shows.
LOG_LINES = 8
COMMANDS = "help, last, aid, quit"


def player_names(players: int, you: int | None, level: str) -> list[str]:
    """The seats' names at the terminal: ``You`` for the person playing, ``Bot 2 (normal)`` for the others
    (as the web table names its bots)."""
    return [YOU if p == you else f"Bot {p + 1} ({level})" for p in range(players)]


def suit_key(words: str) -> str:
    """The suit (or colour) of a card by its words: ``10♥`` -> ``♥``, ``blue 11`` -> ``blue``."""
    return words.split()[0] if " " in words else words[-1:]


def _normal(text: str) -> str:
    """Typed text and shown moves compared alike: case, spaces and suits (``♥``, ``hearts``, ``h``)."""
    words = re.sub(r"(♠|♥|♦|♣)", lambda m: _SUIT_WORDS[m.group(1)], text.casefold())
    return " ".join(_SUIT_WORDS.get(w, w) for w in words.split())


class TableScreen:
    """One seat's view of a game drawn with the game's words; keeps the log and the last finished trick."""

    def __init__(self, game: Game, seat: int | None, names: Sequence[str]) -> None:
        self.game = game
        self.seat = seat
        self.names = list(names)
        self.words: GameWords = game_words(game.name)
        self.log: list[str] = []
        self.shown_events = 0
        self.last_trick: dict[str, Any] | None = None
        self.last_reason: str | None = None
        self._played: list[tuple[int | None, str, str | None, bool]] = []
        self._table_before: dict[str, Any] = {}

    # ----- what happened ---------------------------------------------------------------------------

    def catch_up(self) -> list[str]:
        """Read the events since last time into the log; returns the new sentences."""
        events = [e.to_dict() for e in self.game.events[self.shown_events :] if e.visible(self.seat)]
        self.shown_events = len(self.game.events)
        new = sentences(self.words.narrate, events, self.names, self.words.told_by)
        self.log.extend(new)
        finished = None
        for event in events:
            finished = self._follow_trick(event) or finished
        view = self.view()
        last = view.get("last_trick")
        if last and (finished is None or last.get("trick") == finished.get("trick")):
            self.last_trick = last
            self.last_reason = self.words.trick_reason(view, self.names)
        elif finished is not None:
            # The round ended with this trick and the view has moved on to the next deal: the trick is kept
            # from the events, and its reason read against the table it was played on.
            self.last_trick = finished
            before = {**view, "table": self._table_before, "last_trick": finished}
            try:
                self.last_reason = self.words.trick_reason(before, self.names)
            except (KeyError, IndexError, ValueError):  # a trick the game's reason cannot read from events
                self.last_reason = None
        self._table_before = view.get("table") or {}
        return new

    def _follow_trick(self, event: dict[str, Any]) -> dict[str, Any] | None:
        """Keep the cards of the trick in play from the events; the trick, once finished, else ``None``."""
        kind = event.get("type")
        if kind == "card_played":
            note = event.get("note") or ("trump" if event.get("trump") else None)
            self._played.append((event.get("seat"), event["card"], note, bool(event.get("trump"))))
        elif kind in ("bid", "forced_bid"):
            self._played.append((event.get("seat"), event["card"], f"bid {event.get('bid')}", False))
        elif kind == "starter_turned":
            self._played.append((None, event["card"], None, False))
        elif kind in ("trick_won", "starter_thrown_out", "all_bid_trick_skipped"):
            winners = list(event.get("winners") or ([event["seat"]] if "seat" in event else []))
            winner = event.get("next_lead", winners[0] if winners else None) if winners else None
            played, self._played = self._played, []
            return {
                "trick": event.get("trick"),
                "seats": [p[0] for p in played],
                "cards": [p[1] for p in played],
                "notes": [p[2] for p in played],
                "trumps": [p[3] for p in played],
                "winner": winner,
                "winners": winners,
            }
        return None

    def view(self) -> dict[str, Any]:
        return self.game.view(self.seat)

    def said(self, text: str) -> str:
        """A game's own text (a refusal, a summary, a note) with names for seats and cards in words."""
        return name_cards(name_seats(text, self.names), self.words.card_words)

    # ----- moves -----------------------------------------------------------------------------------

    def notation(self, typed: str, view: dict[str, Any]) -> str:
        """The move meant by ``typed``: a legal move as shown (``10♥``, ``10h``, ``pick 3♥``, ``choose The
        most tricks``, ``blue 11``) or, failing that, the text as typed for the game to read."""
        wanted = _normal(typed)
        for move in view.get("legal_moves") or []:
            if wanted in (_normal(move), _normal(self.words.move_words(move, view))):
                return str(move)
        return typed

    def moves_shown(self, view: dict[str, Any], limit: int = 12) -> list[str]:
        """The legal moves that are not plain cards of the hand, as shown; many alike are summarised."""
        hand = set(view.get("hand") or [])
        others = [m for m in view.get("legal_moves") or [] if m not in hand]
        shown = [self.words.move_words(m, view) for m in others]
        if len(shown) > limit:
            verb = others[0].split()[0]
            return [f"{verb} ... ({len(shown)} choices, e.g. {shown[0]}; type help)"]
        return shown

    # ----- words for the layout --------------------------------------------------------------------

    def card(self, card: str, view: dict[str, Any], marked: bool | None = None) -> Text:
        """A card in words, coloured by its suit; ``marked`` legal cards bold and underlined, others dim."""
        colours = view.get("card_colours") or SUIT_COLOURS
        colour = colours.get(card[-1:].upper()) or colours.get(card[:1].upper()) or "white"
        style = _READABLE.get(colour, colour)
        if marked is True:
            style = f"bold underline {style}"
        elif marked is False:
            style = f"dim {style}"
        return Text(self.words.card_words(card), style=style)

    def order(self, view: dict[str, Any]) -> list[int]:
        """The seats in play order, starting with this seat (or seat 1 for a watcher)."""
        players = int(view.get("players") or len(self.names))
        first = self.seat if self.seat is not None else 0
        return [(first + i) % players for i in range(players)]

    def trick_shown(self, view: dict[str, Any], last: bool) -> tuple[dict[int | None, dict[str, Any]], str]:
        """Each seat's card in the trick shown (the current one, or the last one when asked or when the
        current one is empty), and a line that says which it is."""
        trick = view.get("trick") or []
        if trick and not last:
            return {e["seat"]: e for e in trick}, f"Trick in play: {len(trick)} of {view.get('players')} played"
        done = self.last_trick
        if not done:
            return {}, "No trick played yet" if not trick else "No trick finished yet"
        notes = done.get("notes") or [None] * len(done["cards"])
        shown = {s: {"seat": s, "card": c, "note": n} for s, c, n in zip(done["seats"], done["cards"], notes)}
        winners = done.get("winners") or ([] if done.get("winner") is None else [done["winner"]])
        who = join_names([object_form(name_of(self.names, w)) for w in winners]) or "nobody (thrown out)"
        reason = f": {self.last_reason}" if self.last_reason else ""
        number = f" (trick {done['trick']})" if done.get("trick") else ""
        return shown, f"Last trick{number} won by {who}{reason}"

    def last_lines(self) -> list[str]:
        """The last finished trick: who won it and why, and each player's card."""
        if self.last_trick is None:
            return ["No trick has been finished yet."]
        shown, line = self.trick_shown(self.view(), last=True)
        cards = []
        for seat, entry in shown.items():
            note = f" ({self.said(str(entry['note']))})" if entry.get("note") else ""
            who = "the starter card" if seat is None else name_of(self.names, seat)
            cards.append(f"{who} {self.words.card_words(entry['card'])}{note}")
        return [line, "Cards: " + "; ".join(cards)]

    def hand_groups(self, view: dict[str, Any]) -> list[list[str]]:
        """The hand sorted by suit, in the order the view lists the suits."""
        groups: dict[str, list[str]] = {}
        for card in view.get("hand") or []:
            groups.setdefault(suit_key(self.words.card_words(card)), []).append(card)
        return list(groups.values())

    def playable(self, view: dict[str, Any]) -> set[str]:
        """Cards of the hand some legal move uses (a card, ``bid Y3``, ``declare QH``...)."""
        hand = set(view.get("hand") or [])
        return {w for m in view.get("legal_moves") or [] for w in str(m).split() if w in hand}

    # ----- the layout ------------------------------------------------------------------------------

    def layout(self, message: Sequence[str] = (), last: bool = False, aids: bool = True) -> RenderableType:
        """The whole table as one renderable, for ``rich.live.Live`` or a recording console."""
        view = self.view()
        parts: list[RenderableType] = []
        facts = Text(" · ".join(self.words.table_facts(view, self.names)))
        parts.append(Panel(facts, title=Text(str(view.get("title") or self.game.title), style="bold"), expand=True))
        shown, trick_line = self.trick_shown(view, last)
        players = Table(box=None, pad_edge=False, show_header=True, header_style="bold", expand=False)
        players.add_column("")
        players.add_column("player")
        players.add_column("card on the table")
        players.add_column("")
        rows = {row["seat"]: row for row in view.get("seats") or []}
        for seat in self.order(view):
            row = rows.get(seat, {"seat": seat})
            entry = shown.get(seat)
            card = Text("")
            if entry is not None:
                card = self.card(entry["card"], view)
                if entry.get("note"):
                    card.append(f" ({self.said(str(entry['note']))})", style="dim")
            turn = "▶" if view.get("to_move") == seat else ""
            held = f"{count(int(row['cards']), 'card')} · " if "cards" in row and seat != self.seat else ""
            style = "bold" if seat == self.seat else ""
            facts_text = held + ", ".join(self.words.seat_facts(view, row, self.names))
            players.add_row(turn, Text(name_of(self.names, seat), style=style), card, facts_text)
        if None in shown:
            players.add_row("", Text("starter card", style="italic"), self.card(shown[None]["card"], view), "")
        parts.append(players)
        parts.append(Text(trick_line, style="cyan"))
        for line in self.words.centre_lines(view, self.names):
            parts.append(Text(line, style="magenta"))
        if aids:
            for title, lines in (view.get("panels") or {}).items():
                if title.startswith("Aid:"):
                    said = "\n".join(["  " + self.said(line) for line in lines])
                    parts.append(Text(f"{title[4:].strip()} (type aid to hide):\n{said}", style="magenta"))
        if self.seat is not None:
            parts.append(self.hand_line(view))
            moves = self.moves_shown(view)
            if moves and view.get("to_move") == self.seat:
                parts.append(Text("Your moves: " + ", ".join(moves), style="green"))
        log = Text("\n".join(self.log[-LOG_LINES:]) or "(nothing yet)")
        parts.append(Panel(log, title="Log", title_align="left", border_style="dim"))
        for line in message:
            parts.append(Text(line, style="yellow"))
        return Group(*parts)

    def hand_line(self, view: dict[str, Any]) -> Text:
        line = Text("Your hand: ", style="bold")
        playable = self.playable(view) if view.get("to_move") == self.seat else set()
        groups = self.hand_groups(view)
        for i, group in enumerate(groups):
            if i:
                line.append("  │ ", style="dim")
            for card in group:
                line.append_text(self.card(card, view, card in playable if playable else None))
                line.append(" ")
        if not groups:
            line.append("(no cards)", style="dim")
        elif playable:
            usable = " ".join(self.words.card_words(c) for g in groups for c in g if c in playable)
            line.append(f"\nCards you may use now: {usable}", style="green")
        return line

    def plain(self, last: bool = False, aids: bool = True) -> list[str]:
        """The table as plain lines (a pipe, a screen reader): the same facts, no colour, no layout."""
        view = self.view()
        lines = [f"{view.get('title') or self.game.title}: " + "; ".join(self.words.table_facts(view, self.names))]
        shown, trick_line = self.trick_shown(view, last)
        rows = {row["seat"]: row for row in view.get("seats") or []}
        lines.append("Players in play order:")
        for seat in self.order(view):
            row = rows.get(seat, {"seat": seat})
            entry = shown.get(seat)
            card = ""
            if entry is not None:
                note = f" ({self.said(str(entry['note']))})" if entry.get("note") else ""
                card = f"; card on the table {self.words.card_words(entry['card'])}{note}"
            turn = " (to move)" if view.get("to_move") == seat else ""
            facts = ", ".join(self.words.seat_facts(view, row, self.names))
            lines.append(f"  {name_of(self.names, seat)}{turn}: {facts}{card}")
        if None in shown:
            lines.append(f"  starter card: {self.words.card_words(shown[None]['card'])}")
        lines.append(trick_line)
        lines.extend(self.words.centre_lines(view, self.names))
        if aids:
            for title, texts in (view.get("panels") or {}).items():
                if title.startswith("Aid:"):
                    lines.append(f"{title[4:].strip()} (type aid to hide):")
                    lines.extend("  " + self.said(text) for text in texts)
        if self.seat is not None:
            groups = self.hand_groups(view)
            hand = " | ".join(" ".join(self.words.card_words(c) for c in g) for g in groups) or "(no cards)"
            lines.append(f"Your hand: {hand}")
            if view.get("to_move") == self.seat:
                playable = [c for g in groups for c in g if c in self.playable(view)]
                if playable:
                    lines.append("Cards you may use now: " + " ".join(self.words.card_words(c) for c in playable))
                moves = self.moves_shown(view)
                if moves:
                    lines.append("Your moves: " + ", ".join(moves))
        return lines


Ask = Callable[[str], str]


def play_at_terminal(
    game: Game,
    seat: int,
    bots: dict[int, Bot],
    names: Sequence[str],
    console: Console,
    plain: bool,
    ask: Ask | None = None,
    delay: float = 0.0,
) -> bool:
    """Play ``game`` from ``seat`` against ``bots`` until it ends (True) or the player stops (False).

    ``plain`` prints lines as they come (a pipe, a screen reader); otherwise the table is redrawn in place:
    live while the bots move (``delay`` seconds between their moves), then with the prompt below it."""
    screen = TableScreen(game, seat, names)
    read = ask or (lambda prompt: console.input(prompt))
    message: list[str] = [f"{game.title}: you sit at seat {seat + 1} of {game.players}. Commands: {COMMANDS}."]
    show_last = False
    aids = True
    changed = True  # plain lines repeat the table only when something happened since they last showed it
    if plain:
        console.print(message.pop(), markup=False, highlight=False)
    while True:
        if game.to_move is not None and game.to_move != seat:
            if plain:

                def print_new(*_: Any) -> None:
                    _print_new(console, screen)

                play_out(game, bots, on_move=print_new)
                changed = True
            else:
                _bots_move_live(screen, bots, console, delay, message)
        if plain:
            changed = _print_new(console, screen) or changed
        else:
            screen.catch_up()
        if game.to_move is None:
            if not plain:
                console.clear()
                console.print(screen.layout(message, last=True, aids=aids), soft_wrap=False)
            return True
        if plain:
            lines = screen.plain(aids=aids) if changed else []
            for line in [*lines, *message]:
                console.print(line, markup=False, highlight=False)
        else:
            console.clear()
            console.print(screen.layout(message, show_last, aids), soft_wrap=False)
        message, show_last, changed = [], False, False
        try:
            typed = read("Your move (help, last, quit): ").strip()
        except EOFError:
            console.print("\ninput closed: game abandoned")
            return False
        command = typed.casefold()
        if command in ("quit", "exit"):
            console.print("game abandoned")
            return False
        if command in ("help", "?"):
            message = [*screen.words.move_help(screen.view(), screen.names), f"Commands: {COMMANDS}."]
        elif command == "last":
            show_last = True
            message = screen.last_lines()
        elif command == "aid":
            aids = not aids
            message = [f"Playing aids {'shown' if aids else 'hidden'}."]
        elif typed:
            try:
                game.play(screen.notation(typed, screen.view()))
                changed = True
            except TricktableError as exc:
                message = [f"Not possible: {screen.said(str(exc))}. Type help to see your moves."]


def _bots_move_live(
    screen: TableScreen, bots: dict[int, Bot], console: Console, delay: float, message: list[str]
) -> None:
    """The bots move, the table redrawn in place after each move, ``delay`` seconds apart (with no delay nobody
    could see each move: the table is drawn once they have all moved)."""
    if delay <= 0:

        def read(*_: Any) -> None:
            screen.catch_up()

        play_out(screen.game, bots, on_move=read)
        return
    with Live(screen.layout(message), console=console, auto_refresh=False, transient=True) as live:

        def redraw(*_: Any) -> None:
            screen.catch_up()
            live.update(screen.layout(message), refresh=True)
            time.sleep(delay)

        play_out(screen.game, bots, on_move=redraw)


def _print_new(console: Console, screen: TableScreen) -> bool:
    """Print the log's new sentences; whether there were any."""
    new = screen.catch_up()
    for line in new:
        console.print(line, markup=False, highlight=False)
    return bool(new)
