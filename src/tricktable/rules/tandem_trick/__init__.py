"""Tandem Trick, bid when you choose and ride along with your right neighbour: the game, its cards, moves,
events, deals and fast kernel; for search, a round as ints (``Position``), what a seat knows (``read_view``),
consistent deals of the unseen cards (``sample_deals``) and the open-hands solver (``solve``).

The front door: callers import from here, never from the modules inside.
"""

from tricktable.rules.tandem_trick.cards import (
    BONUS_CARDS,
    CARD_TEXT,
    COLOUR_NAMES,
    COLOURS,
    CYCLES,
    HAND_SIZE,
    HIGH_MASKS,
    SUIT_MASKS,
    card_str,
    cards_text,
    deck_colours,
    parse_card,
    parse_cards,
)
from tricktable.rules.tandem_trick.deals import check_deals, first_leader, seeded_deal, shuffle_deal
from tricktable.rules.tandem_trick.events import (
    BidMade,
    CardPlayed,
    ForcedBid,
    RoundDealt,
    RoundScored,
    TandemFormed,
    TrickSkipped,
    TrickWon,
)
from tricktable.rules.tandem_trick.game import TandemTrick
from tricktable.rules.tandem_trick.kernel import random_rollout
from tricktable.rules.tandem_trick.knowledge import Knowledge, fits, read_view
from tricktable.rules.tandem_trick.moves import BID, PLAY, TANDEM, Bid, Play, Tandem, parse_move
from tricktable.rules.tandem_trick.narrate import card_words, narrate, trick_reason
from tricktable.rules.tandem_trick.position import (
    KIND_BID,
    KIND_PLAY,
    KIND_TANDEM,
    Position,
    move_of,
    move_text,
    parse_move_text,
)
from tricktable.rules.tandem_trick.sampler import Sampler, sample_deals
from tricktable.rules.tandem_trick.scoring import MISERE_POINTS, points_words, round_points
from tricktable.rules.tandem_trick.solver import move_values, solve
from tricktable.rules.tandem_trick.state import ALONE, BIDDING, RIDE, TandemTrickState
from tricktable.rules.tandem_trick.view import build_view
from tricktable.rules.tandem_trick.words import move_help, move_words, seat_facts, table_facts

__all__ = [
    "ALONE",
    "BID",
    "BIDDING",
    "BONUS_CARDS",
    "CARD_TEXT",
    "COLOURS",
    "COLOUR_NAMES",
    "CYCLES",
    "HAND_SIZE",
    "HIGH_MASKS",
    "KIND_BID",
    "KIND_PLAY",
    "KIND_TANDEM",
    "MISERE_POINTS",
    "PLAY",
    "RIDE",
    "SUIT_MASKS",
    "TANDEM",
    "Bid",
    "BidMade",
    "CardPlayed",
    "ForcedBid",
    "Knowledge",
    "Play",
    "Position",
    "RoundDealt",
    "RoundScored",
    "Sampler",
    "Tandem",
    "TandemFormed",
    "TandemTrick",
    "TandemTrickState",
    "TrickSkipped",
    "TrickWon",
    "build_view",
    "card_str",
    "card_words",
    "cards_text",
    "check_deals",
    "deck_colours",
    "first_leader",
    "fits",
    "move_help",
    "move_of",
    "move_text",
    "move_values",
    "move_words",
    "narrate",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_move_text",
    "points_words",
    "random_rollout",
    "read_view",
    "round_points",
    "sample_deals",
    "seat_facts",
    "seeded_deal",
    "shuffle_deal",
    "solve",
    "table_facts",
    "trick_reason",
]
