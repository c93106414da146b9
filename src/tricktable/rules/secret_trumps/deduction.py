"""Trump deduction for Secret Trumps: which trump suit and rank are still consistent with the hints.

A hypothesis is a pair ``(suit, rank)`` with suit 0..3 or ``NO_SUIT`` and rank 1..9 or ``NO_RANK``: 5 × 10
of them (5 × 9 in the "Without a second deck" variant, where there is always a trump rank).  Every hint
says who would have won a row as a trick (the game's page, section 4); a hypothesis survives if the rules
(the same :func:`kernel.trick_winner` the engine uses) give that winner for every row so far.  The
functions work from a seat's view alone, so the terminal aid and the bots use them without seeing the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.rules.secret_trumps.cards import (
    NO_RANK,
    NO_SUIT,
    NUM_CARDS,
    RANK_CHARS,
    SUIT_SYMBOLS,
    parse_card,
    parse_rank,
    parse_suit,
)
from tricktable.rules.secret_trumps.kernel import RoundTrumps, trick_winner

Hypothesis = tuple[int, int]

SUIT_CHOICES = (0, 1, 2, 3, NO_SUIT)
_TRUMPS: dict[Hypothesis, RoundTrumps] = {}


def trumps_for(suit: int, rank: int) -> RoundTrumps:
    """A shared :class:`RoundTrumps` table per hypothesis (50 at most), so deduction allocates nothing."""
    t = _TRUMPS.get((suit, rank))
    if t is None:
        t = _TRUMPS[(suit, rank)] = RoundTrumps(suit, rank)
    return t


def all_hypotheses(second_deck: bool = True) -> list[Hypothesis]:
    ranks = ([NO_RANK] if second_deck else []) + list(range(1, 10))
    return [(s, r) for s in SUIT_CHOICES for r in ranks]


def consistent(rows: Sequence[tuple[Sequence[int], int]], second_deck: bool = True) -> list[Hypothesis]:
    """The hypotheses under which every ``(cards in pick order, index of the announced winner)`` holds."""
    out = []
    for suit, rank in all_hypotheses(second_deck):
        key = trumps_for(suit, rank).key
        if all(trick_winner(cards, key) == winner for cards, winner in rows):
            out.append((suit, rank))
    return out


def hint_rows(view: dict[str, Any]) -> list[tuple[list[int], int]]:
    """The view's hints as ``(card ids in pick order, winner's index in the row)``."""
    rows = []
    for hint in view.get("hints") or []:
        cards = [parse_card(c) for c in hint["cards"]]
        rows.append((cards, list(hint["seats"]).index(hint["winner"])))
    return rows


def known_trumps(view: dict[str, Any]) -> Hypothesis | None:
    """The trumps if this view shows them (the start player, or anyone once picking is over)."""
    shown = view.get("trumps")
    if not shown:
        return None
    return parse_suit(shown["suit"]), parse_rank(shown["rank"])


def trump_hypotheses(view: dict[str, Any], public_only: bool = False) -> list[Hypothesis]:
    """The trump hypotheses still consistent with every hint, from this seat's point of view.

    A seat that knows the trumps gets just the truth; ``public_only`` ignores that knowledge and answers
    what the other players can infer (what a start player "picking quietly" wants to keep wide).
    """
    if not public_only:
        known = known_trumps(view)
        if known is not None:
            return [known]
    return consistent(hint_rows(view), bool(view.get("options", {}).get("second_deck", True)))


def trump_probability(hypotheses: Sequence[Hypothesis]) -> list[float]:
    """For each card, the share of the hypotheses (all equally likely a priori) in which it is a trump."""
    counts = [0] * NUM_CARDS
    for suit, rank in hypotheses:
        key = trumps_for(suit, rank).key
        for c in range(NUM_CARDS):
            if key[c]:
                counts[c] += 1
    total = max(1, len(hypotheses))
    return [k / total for k in counts]


def hypotheses_lines(hypotheses: Sequence[Hypothesis], second_deck: bool = True) -> list[str]:
    """Panel text: one line per trump suit still possible, listing the trump ranks possible with it."""
    total = len(all_hypotheses(second_deck))
    lines = [f"{len(hypotheses)} of {total} (suit, rank) pairs still possible"]
    for suit in SUIT_CHOICES:
        ranks = [r for s, r in hypotheses if s == suit]
        if not ranks:
            continue
        name = "no trump suit" if suit == NO_SUIT else f"trump suit {SUIT_SYMBOLS[suit]}"
        words = ", ".join("none" if r == NO_RANK else RANK_CHARS[r - 1] for r in ranks)
        lines.append(f"{name}; trump rank: {words}")
    return lines
