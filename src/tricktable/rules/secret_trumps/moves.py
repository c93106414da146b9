"""Secret Trumps' moves and their notation (the game's page, section "Moves").

``goal SLUG`` drafts a goal, ``pick CARD`` takes a card from the current row, ``choose SLUG`` picks this round's
goal, ``cross SLUG`` is the start player's cross-off, and a plain card (``7S``) plays it.  Goals are named by
the slugs of the game's goal list, which a variant may change, so the goal moves are built from that list
(``goal_moves``) and ``parse_move`` is given them; which move is legal when is ``game.py``'s business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from tricktable.core.errors import IllegalMove, excerpt
from tricktable.core.game import Move
from tricktable.core.moves import CardMove
from tricktable.rules.secret_trumps.cards import CARD_TEXT, NUM_CARDS, parse_card

#: The verbs of the moves that name a goal or a row's card.
VERBS = ("goal", "pick", "choose", "cross")
#: The verbs that name a goal (``pick`` names a card).
GOAL_VERBS = ("goal", "choose", "cross")


@dataclass(frozen=True, slots=True, repr=False)
class StMove(Move):
    """A verb move: ``goal SLUG``, ``pick CARD``, ``choose SLUG`` or ``cross SLUG``.

    ``value`` is the goal's index in the game's goal list or the card id; ``text`` its notation.
    """

    verb: str
    value: int
    text: str = field(compare=False)

    def __repr__(self) -> str:
        return f"StMove({self.verb} {self.text})"

    def __str__(self) -> str:
        return f"{self.verb} {self.text}"


@dataclass(frozen=True, slots=True, repr=False)
class StPlay(CardMove):
    """Play a card in a trick.  Notation: the card, e.g. ``7S``."""

    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


#: One shared move object per card, so listing legal moves allocates nothing.
PLAY = tuple(StPlay(c) for c in range(NUM_CARDS))
PICK = tuple(StMove("pick", c, CARD_TEXT[c]) for c in range(NUM_CARDS))


def goal_moves(slugs: Sequence[str]) -> dict[str, tuple[StMove, ...]]:
    """``moves[verb][goal]``: one shared move per goal verb and goal of a goal list given by its slugs."""
    return {verb: tuple(StMove(verb, i, slug) for i, slug in enumerate(slugs)) for verb in GOAL_VERBS}


def parse_move(
    text: str, goal_index: Mapping[str, int], moves: Mapping[str, tuple[StMove, ...]], move_help: str
) -> Move:
    """Read a move's notation against a goal list (``goal_index``: slug -> index, ``moves``: ``goal_moves``).

    Words after a goal verb are joined into the slug, so ``goal exactly 2`` reads as ``goal exactly-2``.
    """
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty move: " + move_help)
    verb = words[0].lower()
    if verb in VERBS:
        if len(words) < 2:
            raise IllegalMove(f"{excerpt(text)}: write '{verb}' and then a {'card' if verb == 'pick' else 'goal'}")
        if verb == "pick":
            if len(words) != 2:
                raise IllegalMove(f"{excerpt(text)}: pick one card, e.g. 'pick 7S'")
            return PICK[parse_card(words[1])]
        slug = "-".join(w.lower() for w in words[1:])
        index = goal_index.get(slug)
        if index is None:
            raise IllegalMove(f"{excerpt(slug)} is not a goal; the goals are: {', '.join(goal_index)}")
        return moves[verb][index]
    if len(words) != 1:
        raise IllegalMove(f"{excerpt(text)} is not a move: {move_help}")
    return PLAY[parse_card(words[0])]
