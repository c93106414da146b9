"""Tricks Together with open hands: were the numbers makeable, which were, and which play lost the round.

For every round of a record: the numbers chosen (the dealer's included), whether the team could have made
them had every hand been face up, every vector of numbers it could have made, and — if the numbers were
makeable but the round failed — the losing play: the first card after which no way of playing the rest made
them any more.  The round-by-round answers come from the open-hands solver (``rules.tricks_together``).
"""

from __future__ import annotations

from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.core.narrate import name_seats
from tricktable.core.records import from_record
from tricktable.rules.tricks_together import TricksTogether, makeable, solve

#: Vectors listed in full up to this many; beyond it only their count.
LISTED = 12


def targets_of(game: TricksTogether) -> list[int]:
    """Every seat's number in the round being played, the dealer's derived (with Secret numbers too)."""
    numbers = [0 if n is None else n for n in game.numbers]
    if game.numbers[game.dealer] is None:
        numbers[game.dealer] = game.cards - sum(n for p, n in enumerate(numbers) if p != game.dealer)
    return numbers


def round_facts(game: TricksTogether, names: list[str]) -> tuple[list[str], bool, list[int]]:
    """At the first card of a round: the facts, whether the numbers were makeable, and the numbers."""
    n = game.players
    leader = (game.dealer + 1) % n
    numbers = targets_of(game)
    facts = [
        f"{_cards(game.cards)} each, {names[game.dealer]} deals, {_trumps(game.trumps_name())}",
        "numbers: " + ", ".join(f"{names[p]} {numbers[p]}" for p in range(n)),
    ]
    if min(numbers) < 0:
        facts.append("the numbers add up to more than the cards: the round was lost when they were chosen")
        return facts, False, numbers
    vectors = sorted(makeable(game.hands, game.trump_suit, leader))
    ok = tuple(numbers) in set(vectors)
    facts.append(f"with open hands these numbers {'could' if ok else 'could not'} be made")
    shown = ", ".join("(" + " ".join(map(str, v)) + ")" for v in vectors[:LISTED])
    more = f" and {len(vectors) - LISTED} more" if len(vectors) > LISTED else ""
    sets = f"{len(vectors)} set{'' if len(vectors) == 1 else 's'}"
    facts.append(f"{sets} of numbers (in seat order) could be made: {shown}{more}")
    return facts, ok, numbers


def analyse(record: dict[str, Any]) -> Report:
    """The report of a Tricks Together record (see the module's notes)."""
    game = from_record({**record, "moves": []})
    assert isinstance(game, TricksTogether)
    names = list(record.get("seats") or [f"Seat {p + 1}" for p in range(game.players)])
    report = Report("tricks-together", unit="rounds")
    section: Section | None = None
    deal = 0
    tries: dict[int, int] = {}  # a failed round is dealt again: how many times each round was dealt
    makeable_now = False
    numbers: list[int] = []
    for number, text in enumerate(record["moves"], start=1):
        game.view(None)  # makes a deal the game still owes
        if section is None or deal != game.deal_count:
            deal = game.deal_count
            tries[game.position] = tries.get(game.position, 0) + 1
            section = Section(_title(game, tries[game.position]))
            report.sections.append(section)
            makeable_now = False
        seat = game.to_move
        assert seat is not None
        card = game.phase == "play"
        if card and game.tricks_played == 0 and not game.trick:
            facts, makeable_now, numbers = round_facts(game, names)
            section.facts.extend(facts)
        rows = len(game.score_sheet)
        game.play(text)
        if not card:
            if len(game.score_sheet) > rows:  # the numbers ended the round before any card
                chosen = game.score_sheet[-1].numbers
                section.facts.append(
                    "numbers: " + ", ".join(f"{names[p]} {v}" for p, v in enumerate(chosen) if v is not None)
                )
            continue
        play = Play(number, seat, text)
        if makeable_now:
            if len(game.score_sheet) > rows:
                still = game.score_sheet[-1].success
            else:
                still = solve(game.hands, game.trump_suit, game.trick_leader, numbers, game.trick, game.won)
            if not still:
                play.cost = 1
                play.note = "the losing play: after it the numbers could no longer be made"
                makeable_now = False
        section.plays.append(play)
    for row, part in zip(game.view(None)["score_sheet"], report.sections):
        part.facts.append("made" if row["success"] else f"failed: {name_seats(row['reason'], names)}")
    return report


def _title(game: TricksTogether, tries: int) -> str:
    """``Round 2 (2 cards each)``; a round dealt again after it failed: ``Round 2, second try (2 cards each)``."""
    again = f", {_ORDINALS.get(tries, f'try {tries}')}" if tries > 1 else ""
    return f"Round {game.position + 1}{again} ({_cards(game.cards)} each)"


_ORDINALS = {2: "second try", 3: "third try", 4: "fourth try", 5: "fifth try"}


def _trumps(name: str) -> str:
    return "no trumps" if name == "none" else f"{name} are trumps"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"
