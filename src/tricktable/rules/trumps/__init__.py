"""Trumps (Stan J. Towianski): the game, its moves, events, deals, views and the kernel on ints.

The front door: callers import from here, never from the modules inside.  The rules and rulings are on the
game's page, ``docs/games/trumps.md``.
"""

from tricktable.rules.trumps.deals import (
    DealPlan,
    check_deals,
    deal_text,
    extra_count,
    first_dealer,
    hand_size,
    seeded_deal,
    shuffle_deal,
)
from tricktable.rules.trumps.events import (
    CardPlayed,
    CardsPassed,
    CardsReceived,
    HandScored,
    HandStarted,
    IndicatorChosen,
    IndicatorSet,
    PassMade,
    StarterThrownOut,
    StarterTurned,
    TieBreakStarted,
    TrumpDeclared,
)
from tricktable.rules.trumps.game import Trumps
from tricktable.rules.trumps.kernel import NONE, legal_masks, random_rollout, trick_winner
from tricktable.rules.trumps.knowledge import Knowledge, PastPlay, read_view
from tricktable.rules.trumps.moves import DECLARE, MARK, MOVE_HELP, Declare, Mark, Pass, PlayCard, parse_move
from tricktable.rules.trumps.narrate import card_words, narrate, trick_reason
from tricktable.rules.trumps.passing import cards_to_pass, direction_name, pass_cycle, pass_phrase
from tricktable.rules.trumps.sampler import World, dealt_hands, sample_deals
from tricktable.rules.trumps.scoring import game_result, hand_points, leading_sides, score_row
from tricktable.rules.trumps.solver import Position, SolverMove, after_move, move_values, open_solver, solve
from tricktable.rules.trumps.state import TrumpsState, pass_source, pass_target, side_name, side_seats
from tricktable.rules.trumps.view import build_view
from tricktable.rules.trumps.words import move_help, move_words, seat_facts, table_facts

__all__ = [
    "DECLARE",
    "MARK",
    "MOVE_HELP",
    "NONE",
    "CardPlayed",
    "CardsPassed",
    "CardsReceived",
    "DealPlan",
    "Declare",
    "HandScored",
    "HandStarted",
    "IndicatorChosen",
    "IndicatorSet",
    "Knowledge",
    "Mark",
    "Pass",
    "PassMade",
    "PastPlay",
    "PlayCard",
    "Position",
    "SolverMove",
    "StarterThrownOut",
    "StarterTurned",
    "TieBreakStarted",
    "TrumpDeclared",
    "Trumps",
    "TrumpsState",
    "World",
    "after_move",
    "build_view",
    "card_words",
    "cards_to_pass",
    "check_deals",
    "deal_text",
    "dealt_hands",
    "direction_name",
    "extra_count",
    "first_dealer",
    "game_result",
    "hand_points",
    "hand_size",
    "leading_sides",
    "legal_masks",
    "move_help",
    "move_values",
    "move_words",
    "narrate",
    "open_solver",
    "parse_move",
    "pass_cycle",
    "pass_phrase",
    "pass_source",
    "pass_target",
    "random_rollout",
    "read_view",
    "sample_deals",
    "score_row",
    "seat_facts",
    "seeded_deal",
    "shuffle_deal",
    "side_name",
    "side_seats",
    "solve",
    "table_facts",
    "trick_reason",
    "trick_winner",
]
