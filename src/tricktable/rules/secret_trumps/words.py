"""Secret Trumps' table in a player's words: the public facts, each seat's, the row to pick from, and what
the moves mean now.

The terminal draws its table from these (the log comes from ``narrate``); cards and goals are written by
``narrate.card_words`` and ``narrate.goal_words``, seats by their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import clause, join_names, name_of, typed_card
from tricktable.rules.secret_trumps.cards import SUIT_LETTERS, SUIT_NAMES
from tricktable.rules.secret_trumps.narrate import card_words, goal_words

PHASES = {
    "draft": "drafting goals",
    "pick": "picking cards",
    "choose": "choosing goals",
    "play": "playing cards",
    "cross": "crossing off goals",
    "over": "the game is over",
}
_GOAL_VERBS = ("goal", "choose", "cross")


def table_facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The public facts: ``["Round 1: picking cards", "trump suit secret", ...]``."""
    table = view.get("table") or {}
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase")))
    facts = [f"Round {table['round']}: {phase}" if "round" in table else phase.capitalize()]
    if "draft" in table:
        taken, _, total = str(table["draft"]).partition(" ")[0].partition("/")
        facts.append(f"{taken} of {total} goals drafted")
    if table.get("start player") is not None:
        facts.append(clause(name_of(names, table["start player"]), "is the start player"))
    known = view.get("trumps")
    suit, rank = table.get("trump suit"), table.get("trump rank")
    if known and suit == "?":
        letter = known.get("suit")
        known_suit = SUIT_NAMES[SUIT_LETTERS.index(letter)] if letter in SUIT_LETTERS else "no trump suit"
        known_rank = {None: "no trump rank", 0: "no trump rank", 1: "A"}.get(known.get("rank"), known.get("rank"))
        facts.append(f"only you know the trumps: {known_suit}, rank {known_rank}")
    elif suit is not None:
        facts.append("trump suit secret" if suit == "?" else f"trump suit {suit}")
        facts.append("trump rank secret" if rank == "?" else f"trump rank {rank}")
    if table.get("trick"):
        facts.append(f"trick {table['trick']}")
    return facts


def seat_facts(view: dict[str, Any], row: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One seat: ``["start player", "plays for The most tricks", "2 tricks", "goals crossed off 1 of 4"]``."""
    facts = ["start player"] if row.get("start") else []
    chosen = row.get("chosen")
    if chosen is not None:
        facts.append(f"plays for {goal_words(chosen)}")
    elif view.get("phase") == "choose" and not row.get("start"):
        facts.append("goal chosen (secret until all have chosen)" if row.get("committed") else "no goal yet")
    tricks = int(row.get("tricks") or 0)
    facts.append(f"{tricks} trick{'' if tricks == 1 else 's'}")
    crossed, _, total = str(row.get("crossed") or "0/0").partition("/")
    facts.append(f"goals crossed off {crossed} of {total}")
    goals = next((g for g in view.get("goals") or [] if g.get("seat") == row.get("seat")), None)
    if goals and goals.get("open"):
        facts.append("open: " + ", ".join(goal_words(g) for g in goals["open"]))
    return facts


def centre_lines(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """While picking: the row to pick from, the picks so far and what the start player said of each row."""
    if view.get("phase") != "pick":
        return []
    current = (view.get("table") or {}).get("row")
    lines = []
    hints = {h["row"]: h for h in view.get("hints") or []}
    for row in view.get("rows") or []:
        picks = ", ".join(f"{name_of(names, p['seat'])} {card_words(p['card'])}" for p in row.get("picks") or [])
        hint = hints.get(row["row"])
        said = f"; {clause(name_of(names, hint['winner']), 'would win it')}" if hint else ""
        if row["row"] == current:
            lying = " ".join(card_words(c) for c in row.get("cards") or [])
            lines.append(f"Row {row['row']} (now): {lying}" + (f"; picked: {picks}" if picks else ""))
        elif picks:
            lines.append(f"Row {row['row']}: {picks}{said}")
    return lines


def move_words(move: str, view: dict[str, Any]) -> str:
    """A legal move as the terminal shows it and a player may type it: ``pick 3♥``, ``choose The most tricks``."""
    verb, _, rest = move.partition(" ")
    if verb in _GOAL_VERBS:
        return f"{verb} {goal_words(rest)}"
    if verb == "pick":
        return f"pick {card_words(rest)}"
    return card_words(move)


def move_help(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the legal moves mean now, with examples from the hand or the row."""
    legal = list(view.get("legal_moves") or [])
    phase = view.get("phase")
    if not legal:
        return ["Nothing to do now: the others are playing."]
    shown = [move_words(m, view) for m in legal]
    if phase == "draft":
        return [
            "Draft a goal for your sheet: everyone ends with four different goals, each goal held by two players "
            "at most. In each round you play for one of your open goals.",
            f"Type goal and the goal's name, e.g. {shown[0]}. Open to you: {join_names([s[5:] for s in shown])}.",
        ]
    if phase == "pick":
        example = legal[0].split()[1]
        return [
            "Pick a card from the row in the middle: it goes into your hand for this round. The start player "
            "knows the trumps and says, after each row, who would have won it as a trick.",
            f"Type pick and the card, e.g. {shown[0]} (or pick {typed_card(card_words(example))}). "
            f"You may pick: {', '.join(s[5:] for s in shown)}.",
        ]
    if phase == "choose":
        return [
            "Choose the goal you play for this round, from your open goals: it stays secret until everybody has "
            "chosen.",
            f"Type choose and the goal, e.g. {shown[0]}. Open to you: {join_names([s[7:] for s in shown])}.",
        ]
    if phase == "cross":
        return [
            "You made a goal another player missed: cross off one of your own open goals.",
            f"Type cross and the goal, e.g. {shown[0]}. You may cross off: {join_names([s[6:] for s in shown])}.",
        ]
    trick = view.get("trick") or []
    lines = [f"Play a card: type it as it is shown, e.g. {shown[0]} (or {typed_card(shown[0])})."]
    if trick:
        lines.append(
            f"{name_of(names, trick[0]['seat'])} led {card_words(trick[0]['card'])}: follow its suit if you can "
            "(a card of the trump rank has no suit; if a trump was led, play a trump if you can)."
        )
    else:
        lines.append("You lead this trick: any card of your hand.")
    lines.append(f"You may play now: {' '.join(shown)}.")
    return lines
