"""The open-hands ceiling of Secret Trumps: the ``strong`` search knowing every secret.

Secret Trumps deals every card face up; what is hidden is the trumps (from all but the start player until
picking ends) and each player's goal for the round.  The ceiling is the one player allowed to know them (the
arena hands it the game, ``bots.base.OpenHandsBot``): it reads the trumps from the start player's view and
every goal from its chooser's view, and decides as ``strong`` does with that knowledge in place of its
guesses (a single trumps hypothesis; every goal seen)."""

from __future__ import annotations

from dataclasses import replace

from tricktable.bots.base import OPEN_HANDS, OpenHandsBot, legal_moves_of
from tricktable.bots.secret_trumps.search import SearchBot
from tricktable.core.game import Game
from tricktable.rules.secret_trumps import CARD_TEXT, parse_card, read_view


class OpenHands(OpenHandsBot, SearchBot):
    """``strong``'s search with the trumps and every goal known (see the module's notes)."""

    def __init__(self, seed: int | None = None) -> None:
        SearchBot.__init__(self, seed, "strong")
        self.name = OPEN_HANDS

    def choose_open(self, game: Game, seat: int) -> str:
        view = game.view(seat)
        legal = legal_moves_of(view)
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase in ("draft", "cross"):
            return self.rules.choose(view)  # before the round: nothing is hidden that a search would use
        own = [read_view(game.view(p)) for p in range(game.players)]
        k = read_view(view)
        trumps = next((o.trumps for o in own if o.trumps is not None), k.trumps)
        k = replace(k, chosen=[own[p].chosen[p] for p in range(game.players)])
        if trumps is not None:
            k = replace(k, trumps=trumps, hypotheses=[trumps])
        if phase == "pick":
            return f"pick {CARD_TEXT[self.pick(k, [parse_card(m.split()[1]) for m in legal])]}"
        if phase == "choose":
            return f"choose {k.goal_slugs[self.goal(k)]}"
        return CARD_TEXT[self.card(k, [parse_card(m) for m in legal])]
