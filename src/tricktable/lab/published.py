"""The playtests published with the project (``docs/playtests/``): one page per game, for its designer, with the
findings, their intervals and the commands that reproduce them.  The web table's Lab page lists them beside the
playtests run on this machine.  A test checks that this list and the pages in ``docs/playtests/`` agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Where the published pages live in the project's repository.
FOLDER = "docs/playtests"


@dataclass(frozen=True)
class Published:
    game: str  #: the game's name in the registry
    title: str
    headline: str  #: the finding a designer would want first, in plain words
    bots: tuple[str, ...]  #: the bot levels the page's figures come from

    @property
    def page(self) -> str:
        """The page's path in the repository."""
        return f"{FOLDER}/{self.game}.md"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "headline": self.headline, "bots": list(self.bots),
                "page": self.page}  # fmt: skip


PUBLISHED: tuple[Published, ...] = (
    Published("tricks-together", "Tricks Together",
              "the climb gets harder with more players: the strongest bots win 37% of games with 3 players, 23% with "
              "4 and 3% with 5, and the 1-card first round is a coin toss", ("strong", "heuristic")),
    Published("tandem-trick", "Tandem Trick",
              "a game is over in under three rounds (12–16 minutes), tandems take most tricks, and a made misère "
              "decides about one 4-player game in fourteen", ("heuristic", "easy")),
    Published("secret-trumps", "Secret Trumps",
              "the hints pin the trumps down before the first trick in 97% of 4-player rounds; the seats and the "
              "start player are fair", ("heuristic", "easy")),
    Published("trumps", "Trumps",
              "played to 50 points a game takes 15 hands with 4 players and 67 hands (over seven hours) with 8: "
              "the target should shrink as the table grows", ("heuristic", "easy")),
)  # fmt: skip
