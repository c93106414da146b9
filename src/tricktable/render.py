"""Terminal rendering of views and events.  It reads only the view conventions of docs/protocol.md.

A view's well-known keys (``table``, ``seats``, ``trick``, ``last_trick``, ``hand``, ``legal_moves``,
``panels``) are laid out generically, so a new game shows up without touching this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tricktable.core.narrate import name_seats
from tricktable.core.registry import narrator

_COLOURS = {"S": "bright_white", "C": "bright_white", "H": "red", "D": "red"}
#: Colour names a view may use that would vanish on a dark terminal, and what to draw instead.
_READABLE = {"black": "bright_white"}


def card_text(card: str, colours: dict[str, str] | None = None, marked: bool = False) -> Text:
    """A card coloured by its suit: the view's ``card_colours`` maps a suit character to a colour."""
    table = colours or _COLOURS
    colour = table.get(card[-1:].upper()) or table.get(card[:1].upper()) or "white"
    colour = _READABLE.get(colour, colour)
    style = f"bold {colour}" if marked else f"dim {colour}"
    return Text(card, style=style)


def _cell(value: Any) -> str:
    """A table cell: unknown values as '-', flags as a tick or nothing, lists and dicts compactly."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "✓" if value else ""
    if isinstance(value, list):
        return " ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k}:{_cell(v)}" for k, v in value.items())
    return str(value)


def _event_value(value: Any) -> str:
    """A field of the log: lists joined by spaces, lists of lists separated by ' / '."""
    if isinstance(value, (list, tuple)):
        if any(isinstance(v, (list, tuple)) for v in value):
            return " / ".join(_event_value(v) for v in value)
        return " ".join("-" if v is None else str(v) for v in value)
    return "-" if value is None else str(value)


def render_event(event: dict[str, Any], game: str | None = None, names: Sequence[str] = ()) -> str:
    """One line of the game log: the game's own sentence (its ``narrate`` module, the same the web table
    uses), or the event's fields for an event it does not tell; '' for events that need no line."""
    if game is not None:
        narrate, _ = narrator(game)
        sentence = narrate(event, list(names) or [f"Seat {p + 1}" for p in range(16)])
        if sentence:
            return sentence
    fields = {k: v for k, v in event.items() if k != "type"}
    kind = event["type"].replace("_", " ")
    if not fields:
        return kind
    parts = []
    for key, value in fields.items():
        parts.append(f"{key}={_event_value(value)}")
    return f"{kind}: " + ", ".join(parts)


def seat_names(players: int, you: int | None = None) -> list[str]:
    """The names the terminal gives the seats: ``Seat 1`` .. ``Seat N`` (``You`` for the person playing)."""
    return ["You" if p == you else f"Seat {p + 1}" for p in range(players)]


def with_names(text: str, names: Sequence[str]) -> str:
    """A game's own text with the players' names for its ``seat N``."""
    return name_seats(text, names)


def render_view(console: Console, view: dict[str, Any], show_aids: bool = True) -> None:
    """Draw a seat's view: the public table, every seat, the trick, panels and the hand.

    Panels whose title starts with ``Aid:`` are playing aids (e.g. deductions); ``show_aids`` hides them.
    """
    colours = view.get("card_colours")
    facts = view.get("table") or {}
    if facts:
        console.print(Text("  ".join(f"{k}: {_cell(v)}" for k, v in facts.items()), style="cyan"))
    seats = view.get("seats") or []
    if seats:
        grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        columns = list(seats[0].keys())
        grid.add_column("")
        for column in columns:
            grid.add_column(column)
        for row in seats:
            mine = row.get("seat") == view.get("seat")
            marker = ("▶ " if row.get("seat") == view.get("to_move") else "  ") + ("you" if mine else "")
            grid.add_row(marker, *(_cell(row.get(c)) for c in columns), style="bold" if mine else "")
        console.print(grid)
    for title, lines in (view.get("panels") or {}).items():
        if title.startswith("Aid:") and not show_aids:
            continue
        console.print(Text(title, style="bold magenta"))
        for line in lines:
            console.print(Text("  " + line))
    last = view.get("last_trick")
    if last:
        played = Text("last trick: ")
        notes = last.get("notes") or [None] * len(last.get("cards", []))
        for seat, card, note in zip(last.get("seats", []), last.get("cards", []), notes):
            played.append("-:" if seat is None else f"{seat}:")
            played.append_text(card_text(card, colours, True))
            played.append(f"({note}) " if note else " ")
        winner = last.get("winner")
        winners = last.get("winners") or []
        if len(winners) > 1:
            played.append(f"-> won by seats {' and '.join(str(w) for w in winners)}; seat {winner} leads")
        else:
            played.append("-> thrown out" if winner is None else f"-> won by seat {winner}")
        console.print(played)
    trick = view.get("trick") or []
    line = Text("trick: ")
    for entry in trick:
        line.append("-:" if entry["seat"] is None else f"{entry['seat']}:")
        line.append_text(card_text(entry["card"], colours, True))
        note = entry.get("note")
        line.append(f"({note}) " if note else " ")
    console.print(line if trick else Text("trick: (empty)"))
    legal = set(view.get("legal_moves") or [])
    hand = Text("your hand: ")
    for card in view.get("hand") or []:
        hand.append_text(card_text(card, colours, card in legal))
        hand.append(" ")
    console.print(hand)
    others = [m for m in view.get("legal_moves") or [] if m not in set(view.get("hand") or [])]
    if others:
        console.print(Text("moves: " + summarise_moves(others), style="green"))


def summarise_moves(moves: list[str], limit: int = 12) -> str:
    """The moves, listed; a verb with more than ``limit`` forms is summarised as 'verb ... (N choices)'."""
    by_verb: dict[str, list[str]] = {}
    for move in moves:
        by_verb.setdefault(move.split(" ", 1)[0], []).append(move)
    parts = []
    for verb, forms in by_verb.items():
        if len(forms) > limit:
            parts.append(f"{verb} ... ({len(forms)} choices, e.g. {forms[0]})")
        else:
            parts.extend(forms)
    return ", ".join(parts)
