"""Secret Trumps with open hands: which goals could still be crossed off, and which card gave one away.

Once the picking is over every hand is public and the trumps are turned over, so the play of a round is a game
of perfect information; the analysis judges it with the open-hands search (``rules.secret_trumps.solver``).
For every round of a record: the trumps, the hands after the picking, the goals chosen, and for every seat
whether it could have crossed off a goal had every player helped it.  Then every card, for the player who
played it, in goals crossed off (0 or 1):

* in the last ``EXACT_TRICKS`` tricks, exactly: every seat playing for its own crossing off (``max_n``), what
  the best card would have brought the player less what the card played brings it;
* before that, whether the player could still cross off with everyone's help before the card and after it: the
  card after which it no longer could, when another card would have kept the chance, costs 1 — the losing play.
  A position too large to settle within ``NODE_LIMIT`` positions is left unjudged and says so.

The turning points of a round are the cards with a cost.
"""

from __future__ import annotations

from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.core.records import from_record
from tricktable.rules.secret_trumps import (
    NO_GOAL,
    ROWS,
    Position,
    SecretTrumps,
    can_cross,
    card_words,
    goal_code,
    goal_words,
    mask_text,
    max_n,
    move_values,
    parse_card,
    rank_text,
    suit_text,
)

#: The exact search judges every card of the last this many tricks.
EXACT_TRICKS = 5
#: Positions the "with everyone's help" search may visit per question before it gives up.
NODE_LIMIT = 400_000


def position_of(game: SecretTrumps) -> Position:
    """The round in play as the search sees it."""
    goals = [
        NO_GOAL if g is None or p == game.start else goal_code(game.goals[g].slug) for p, g in enumerate(game.chosen)
    ]
    leader = game.trick_seats[0] if game.trick else game.to_move
    assert leader is not None
    return Position(
        list(game.hands), (game.trumps.suit, game.trumps.rank), leader, goals, game.start, list(game.trick),
        list(game.won), list(game.captured),
    )  # fmt: skip


def _after(game: SecretTrumps, move: str) -> Position | None:
    """The position once ``move`` is played, or ``None`` if it ends the round."""
    twin = game.clone()
    assert isinstance(twin, SecretTrumps)
    twin.play(move)
    if twin.phase != "play" or twin.round_no != game.round_no:
        return None
    return position_of(twin)


def round_facts(game: SecretTrumps, names: list[str]) -> list[str]:
    """At the first card of a round: the trumps, the hands, the goals and who could cross off with help."""
    n = game.players
    suit, rank = suit_text(game.trumps.suit), rank_text(game.trumps.rank)
    suit_words = "no trump suit" if suit == "none" else f"trump suit {suit}"
    rank_words = "no trump rank" if rank == "none" else f"trump rank {rank}"
    facts = [f"trumps: {suit_words}, {rank_words}"]
    facts += [f"{names[p]} holds {' '.join(card_words(c) for c in mask_text(game.hands[p]))}" for p in range(n)]
    position = position_of(game)
    for p in range(n):
        chosen = game.chosen[p]
        if p == game.start or chosen is None:
            aim = "a goal another player misses (start player)"
        else:
            aim = f"“{goal_words(game.goals[chosen].slug)}”"
        verdict = can_cross(position, p, NODE_LIMIT)
        could = {True: "could", False: "could not", None: "(too large to judge whether it could)"}[verdict]
        facts.append(f"{names[p]} plays for {aim}: with everyone's help it {could} cross off a goal")
    return facts


def judge(game: SecretTrumps, move: str, number: int) -> Play:
    """One card, for the player who played it (see the module's notes)."""
    seat = game.to_move
    assert seat is not None
    play = Play(number, seat, move)
    position = position_of(game)
    card = parse_card(move)
    if ROWS - game.tricks_played <= EXACT_TRICKS:
        outcomes = move_values(position, max_n(game.players))
        assert outcomes is not None  # no node limit
        best = max(o >> seat & 1 for _, o in outcomes)
        mine = dict(outcomes)[card] >> seat & 1
        play.cost = float(best - mine)
        if play.cost:
            play.note = "every player playing for itself, another card would have crossed off a goal; this one does not"
        return play
    before = can_cross(position, seat, NODE_LIMIT)
    if not before:
        if before is None:
            play.note = "not judged: too many lines to settle"
        return play
    after_position = _after(game, move)
    after = True if after_position is None else can_cross(after_position, seat, NODE_LIMIT)
    if after is None:
        play.note = "not judged: too many lines to settle"
    elif not after:
        play.cost = 1.0
        play.note = "the losing play: after it no line of play lets this player cross off a goal this round"
    return play


def analyse(record: dict[str, Any]) -> Report:
    """The report of a Secret Trumps record (see the module's notes)."""
    game = from_record({**record, "moves": []})
    assert isinstance(game, SecretTrumps)
    names = list(record.get("seats") or [f"Seat {p + 1}" for p in range(game.players)])
    report = Report("secret-trumps", unit="goals")
    section: Section | None = None
    for number, move in enumerate(record["moves"], start=1):
        game.view(None)  # makes a layout the game still owes
        if game.phase == "draft":
            game.play(move)
            continue
        if section is None or section.title != _title(game, names):
            section = Section(_title(game, names))
            report.sections.append(section)
        if game.phase != "play":
            game.play(move)
            continue
        if game.tricks_played == 0 and not game.trick:
            section.facts.extend(round_facts(game, names))
        section.plays.append(judge(game, move, number))
        game.play(move)
    for row, part in zip(game.view(None)["score_sheet"], report.sections):
        crossed = [f"{names[p]} (“{goal_words(slug)}”)" for p, slug in enumerate(row["crossed"]) if slug]
        part.facts.append(f"crossed off: {', '.join(crossed) if crossed else 'nothing'}")
    return report


def _title(game: SecretTrumps, names: list[str]) -> str:
    return f"Round {game.round_no}: {names[game.start]} starts"
