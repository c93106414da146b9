"""Events as sentences a person reads: the helpers every game's ``narrate`` module builds on.

Each game package has a ``narrate`` module with ``narrate(event, names) -> str | None`` (one event, as a dict
the view or ``Event.to_dict`` gives, and the seats' names) and ``trick_reason(view, names) -> str | None``
(why the last trick's winning card won).  The terminal and the web table both use them, so the log reads the
same everywhere.  In what people read, players are their names and seat numbers count from 1.

Games also write texts for people themselves (reasons, summaries, panels, notes).  There a seat is written
``seat N`` (or ``seats N and M``, ``seats N+M``, ``seats N & M``) with the same 0-based number the view uses for
it everywhere else; a face puts the players' names in their place (``name_seats``) before anybody reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tricktable.core.cards import RANK_LETTERS, RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS

_LIST = r"\d+(?:(?: & | and |, |\+)\d+)*"
#: ``team 1 (seats 0 & 2)``: a team is named by its players.
_TEAM = re.compile(rf"\bteam \d+ \(seats? ({_LIST})\)")
#: Verbs the games write after one seat ("seat 0 wins with 24 points"): they agree with the name put in.
_SEAT_VERBS = "is|has|was|wins|takes|leads|makes|misses|scores|plays|picks|holds"
_SEATS = re.compile(rf"\bseats? ({_LIST})\b(?P<own>'s)?(?: (?P<verb>{_SEAT_VERBS})\b)?")

#: The name a face gives the person it shows the game to: sentences about them agree with it ("You are
#: dealt 9♥", "You win trick 1").  No player may be called this (the web table refuses names that start so).
YOU = "You"
_YOU_VERBS = {"is": "are", "has": "have", "does": "do", "was": "were"}


def name_of(names: Sequence[str], seat: int | None) -> str:
    """The name of a 0-based seat (``Seat N`` counting from 1 when the names are not known)."""
    if seat is None:
        return "nobody"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each ``seat N`` / ``seats N and M`` (0-based, as games write them) replaced by names.

    A verb a game writes after one seat agrees with ``YOU`` ("seat 0 wins" -> "You win"), and ``YOU`` inside
    a sentence is "you"."""
    if not names:
        return text

    def swap(match: re.Match[str], prefix: str = "") -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(0 <= n < len(names) for n in numbers):
            return match.group(0)
        named = prefix + join_names([name_of(names, n) for n in numbers])
        groups = match.groupdict()
        if groups.get("own"):
            named = possessive(named)
        if named in (YOU, "your") and not _starts_sentence(match.string, match.start()):
            named = named.lower()
        elif named == "your":
            named = "Your"
        verb = groups.get("verb")
        if verb is None:
            return named
        return f"{named} {verb_for(named, verb) if len(numbers) == 1 else verb}"

    return _SEATS.sub(swap, _TEAM.sub(lambda m: swap(m, "the team of "), text))


def _starts_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before.endswith((".", "!", "?"))


def verb_for(who: str, verb: str) -> str:
    """A verb the games write for one player ("is", "wins", "passes") as it agrees with ``who``: with
    ``YOU`` the plain form ("are", "win", "pass"); any other word is returned as it is."""
    if who.casefold() != YOU.casefold():
        return verb
    if verb in _YOU_VERBS:
        return _YOU_VERBS[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    if len(verb) > 3 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return verb[:-1]
    return verb


def clause(who: str, predicate: str) -> str:
    """``who`` then ``predicate``, whose first word agrees with ``who``: ``clause("You", "is dealt 9♥")`` is
    "You are dealt 9♥", ``clause("Bot 2 (normal)", "wins trick 1")`` "Bot 2 (normal) wins trick 1"."""
    verb, space, rest = predicate.partition(" ")
    return f"{who} {verb_for(who, verb)}{space}{rest}"


def object_form(who: str) -> str:
    """A name inside a sentence: "you" for ``YOU`` ("dealt by you"), other names as they are."""
    return "you" if who == YOU else who


def possessive(who: str) -> str:
    """The owner's word: "your" for ``YOU``, else "Bot 2's"."""
    return "your" if who == YOU else f"{who}'s"


def join_names(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = [items[0], *(object_form(i) for i in items[1:])] if items else []
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_words(card: str) -> str:
    """A standard card as people write it: ``9H`` -> ``9♥``, ``TS`` -> ``10♠``; other texts unchanged."""
    if len(card) == 2 and card[0] in RANK_LETTERS and card[1] in SUIT_LETTERS:
        return RANK_NAMES[RANK_LETTERS.index(card[0])] + SUIT_SYMBOLS[SUIT_LETTERS.index(card[1])]
    return card


def name_cards(text: str, card: Callable[[str], str] = card_words) -> str:
    """A game's own text with each card's notation (``TH``, ``Y10``) written as ``card`` writes it."""

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        named = card(word)
        # ``10H``, as people may type a ten, is ``TH`` in the notation.
        return card("T" + word[2:]) if named == word and len(word) == 3 and word.startswith("10") else named

    return re.sub(r"\b[0-9A-Z]{2,3}\b", swap, text)


def typed_card(words: str) -> str:
    """A card's words as typed on a keyboard, the suit by its letter: ``10♥`` -> ``10h``; others unchanged."""
    letter = dict(zip(SUIT_SYMBOLS, SUIT_LETTERS.lower())).get(words[-1:])
    return words[:-1] + letter if letter else words


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def narrate_common(event: dict[str, Any], names: Sequence[str], card: Any = card_words) -> str | None:
    """The events every game shares (``core.events``); ``card`` writes a card of the game's deck."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "hand_dealt":
        return clause(who, f"is dealt {' '.join(card(c) for c in event.get('hand') or [])}")
    if kind == "card_played":
        return clause(who, f"plays {card(event['card'])}")
    if kind == "trick_won":
        return clause(who, f"wins trick {event['trick']}")
    if kind == "game_over":
        winners = [name_of(names, w) for w in event.get("winners") or []]
        ending = f": {clause(join_names(winners), 'wins' if len(winners) == 1 else 'win')}" if winners else ""
        return f"The game is over{ending}. {name_seats(str(event.get('summary') or ''), names)}".strip()
    return None


def sentences(
    narrate: Callable[[dict[str, Any], Sequence[str]], str | None],
    events: Sequence[dict[str, Any]],
    names: Sequence[str],
    told_by: Mapping[str, str] | None = None,
) -> list[str]:
    """The log's sentences for ``events``, in order (events that need none are left out).

    ``told_by`` maps a public event's type to the private one a game logs just before it about the same seat
    (``"number_committed"`` -> ``"number_chosen"``): whoever saw the private sentence ("You commit to 1
    trick") is not told the public one ("... has chosen a number") again."""
    out: list[str] = []
    previous: dict[str, Any] = {}
    for event in events:
        repeats = (told_by or {}).get(str(event.get("type")))
        if not (repeats and previous.get("type") == repeats and previous.get("seat") == event.get("seat")):
            text = narrate(event, names)
            if text:
                out.append(text)
        previous = event
    return out


def by_suit(card: str) -> tuple[str, str] | None:
    """(rank letter, suit letter) of a standard card's notation, or ``None``."""
    if len(card) == 2 and card[0] in RANK_LETTERS and card[1] in SUIT_LETTERS:
        return card[0], card[1]
    return None


def rank_value(card: str) -> int:
    """The rank of a standard card, 0 (two) to 12 (ace)."""
    return RANK_LETTERS.index(card[0])
