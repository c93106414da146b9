"""What a Tricks Together round in progress is made of, as the view and the bots' helpers read it.

``TricksTogether`` (``game.py``) satisfies this protocol; ``view.build_view`` depends on it rather than on the
game class, so the game imports the view and nothing imports back.
"""

from __future__ import annotations

from typing import Any, Protocol

from tricktable.core.cards import SUIT_NAMES
from tricktable.core.events import Event
from tricktable.rules.tricks_together.kernel import NO_TRUMPS
from tricktable.rules.tricks_together.scoring import ScoreRow


class TricksTogetherState(Protocol):
    players: int
    options: dict[str, Any]
    secret: bool
    sequence: tuple[int, ...]
    position: int  #: 0-based position in the climb
    cards: int  #: cards each this round
    lives: int
    dealer: int
    deal_count: int
    hands: list[int]
    trump_card: int
    trump_suit: int
    numbers: list[int | None]
    revealed: bool
    won: list[int]
    trick: list[int]
    trick_leader: int
    last_trick: tuple[int, list[int], int, int] | None
    score_sheet: list[ScoreRow]
    round_log_start: int

    @property
    def events(self) -> list[Event]: ...


def trumps_name(trump_suit: int) -> str:
    """``"spades"`` .. ``"clubs"``, or ``"none"``."""
    return "none" if trump_suit == NO_TRUMPS else SUIT_NAMES[trump_suit]


def visible_number(state: TricksTogetherState, player: int, seat: int | None) -> int | None:
    """A number ``seat`` may see: all once revealed, else only its own."""
    if state.revealed or player == seat:
        return state.numbers[player]
    return None
