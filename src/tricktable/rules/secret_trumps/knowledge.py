"""What one seat of Secret Trumps knows, read back from its view as ints: the inverse of ``view.py``.

Bots never hold the game; they read their seat's view into a ``Knowledge`` and reason on that.  Everything
here is public to the seat (the game's page, section 9): the goal sheet, the face-up rows and every pick (so
every hand), the hints and the trump hypotheses they leave, the trumps once this seat may see them, the goal
choices once revealed (and its own), and the cards played this round with the tricks they made.  What it
does not know — the trumps while they are hidden from it, the others' committed but unrevealed goal choices,
and with three players where each aside card lay — is what ``sampler.py`` fills in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.rules.secret_trumps.cards import FULL_MASK, ROWS, parse_card
from tricktable.rules.secret_trumps.deduction import Hypothesis, consistent, hint_rows, known_trumps


@dataclass
class Knowledge:
    """One seat's knowledge of the game and the round in progress.  Card sets are bitmasks; seats 0-based;
    goals are indices into ``goal_slugs`` (the game's goal list, in its order)."""

    seat: int
    players: int
    phase: str
    start: int  #: this round's start player
    round_no: int
    second_deck: bool
    goal_count: int  #: goals each player drafts and must cross off
    goal_slugs: tuple[str, ...]
    held: list[list[int]]  #: per seat, its goals in draft order
    crossed: list[list[int]]
    chosen: list[int | None]  #: the goal choices this seat may see (its own, and everyone's once revealed)
    committed: list[bool]  #: per seat, whether it has chosen this round (seen by everyone)
    face_up: list[list[int]] = field(default_factory=list)  #: per row, its face-up cards as laid out
    picks: list[list[tuple[int, int]]] = field(default_factory=list)  #: per row, (seat, card) in pick order
    hints: list[tuple[list[int], int]] = field(default_factory=list)  #: (cards in pick order, winner's index)
    trumps: Hypothesis | None = None  #: the trumps, when this seat may see them
    hypotheses: list[Hypothesis] = field(default_factory=list)  #: the trumps still possible for this seat
    public_hypotheses: list[Hypothesis] = field(default_factory=list)  #: what the hints alone leave
    picked: list[int] = field(default_factory=list)  #: per seat, every card it picked this round
    hands: list[int] = field(default_factory=list)  #: per seat, the cards it still holds
    trick: list[int] = field(default_factory=list)  #: the current trick's cards, in play order
    leader: int = 0  #: who led the current trick (or leads next)
    won: list[int] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)  #: per seat, the cards of the tricks it won
    tricks_done: int = 0
    last_winner: int = -1  #: who won the latest finished trick (-1 before the first)
    plays: list[tuple[int, int]] = field(default_factory=list)  #: (seat, card) in play order this round

    @property
    def open_goals(self) -> list[list[int]]:
        """Per seat, its goals not yet crossed off, in draft order."""
        return [[g for g in held if g not in crossed] for held, crossed in zip(self.held, self.crossed)]

    @property
    def cur_row(self) -> int:
        """The row being picked (0-based): the number of rows whose hint is out."""
        return len(self.hints)

    @property
    def in_play(self) -> int:
        """Every face-up card of the round: with three players the rest lies aside, out of the round."""
        mask = 0
        for row in self.face_up:
            for c in row:
                mask |= 1 << c
        return mask

    @property
    def aside(self) -> int:
        """With three players, the nine face-down cards (known as a set, never where each lies)."""
        return FULL_MASK & ~self.in_play if self.players == 3 and self.face_up else 0

    def first_picker(self, row: int) -> int:
        """Who picks first in ``row`` (0-based): the holder of the first-pick card (section 4)."""
        return (self.start + 1 + row) % self.players

    def row_left(self, row: int) -> int:
        """The face-up cards of ``row`` nobody has picked yet."""
        mask = 0
        for c in self.face_up[row]:
            mask |= 1 << c
        for _, c in self.picks[row]:
            mask &= ~(1 << c)
        return mask


def read_view(view: dict[str, Any]) -> Knowledge:
    """The knowledge of the seat whose view this is (a view of ``SecretTrumps``)."""
    n = view["players"]
    seat = view["seat"]
    table = view["table"]
    slugs = tuple(g["slug"] for g in view["goal_list"])
    index = {s: i for i, s in enumerate(slugs)}
    goals = view["goals"]
    second_deck = bool(view["options"].get("second_deck", True))
    k = Knowledge(
        seat=seat,
        players=n,
        phase=view["phase"],
        start=table["start player"],
        round_no=table.get("round", 0),
        second_deck=second_deck,
        goal_count=5 if view["options"].get("five_goals") else 4,
        goal_slugs=slugs,
        held=[[index[s] for s in g["held"]] for g in goals],
        crossed=[[index[s] for s in g["crossed"]] for g in goals],
        chosen=[None if g["chosen"] is None else index[g["chosen"]] for g in goals],
        committed=[bool(s["committed"]) for s in view["seats"]],
    )
    if k.phase == "draft":
        return k
    events = view["events"]
    started = next(e for e in events if e["type"] == "round_started")
    k.face_up = [[parse_card(c) for c in row] for row in started["rows"]]
    k.picks = [[(p["seat"], parse_card(p["card"])) for p in row["picks"]] for row in view["rows"]]
    k.picks += [[] for _ in range(ROWS - len(k.picks))]
    k.hints = hint_rows(view)
    k.trumps = known_trumps(view)
    k.public_hypotheses = consistent(k.hints, second_deck)
    k.hypotheses = [k.trumps] if k.trumps is not None else list(k.public_hypotheses)
    picked = [0] * n
    for row in k.picks:
        for p, c in row:
            picked[p] |= 1 << c
    k.picked = picked
    hands = list(picked)
    won = [0] * n
    captured = [0] * n
    leader = (k.start + 1) % n  # the start player's left leads the first trick (ruling ST-R7)
    for e in events:
        if e["type"] == "card_played":
            card = parse_card(e["card"])
            hands[e["seat"]] &= ~(1 << card)
            k.plays.append((e["seat"], card))
        elif e["type"] == "trick_won":
            winner = e["seat"]
            won[winner] += 1
            for c in e["cards"]:
                captured[winner] |= 1 << parse_card(c)
            k.tricks_done += 1
            k.last_winner = leader = winner
    k.hands = hands
    k.won = won
    k.captured = captured
    k.trick = [parse_card(t["card"]) for t in view["trick"]]
    k.leader = view["trick"][0]["seat"] if view["trick"] else leader
    return k
