"""Secret Trumps' per-seat views: exactly what a seat may know (SPEC 3.8).

Hidden: the trumps during picking (only the start player sees them), a goal choice until all are
revealed together (each seat sees its own), the 3-player aside cards (nobody), and the start player's aim
(never declared, so never stored).  Beyond the protocol's keys the view has ``trumps`` (``None`` while
unknown to this seat), ``rows``, ``hints``, ``goals`` and ``goal_list``; the panels say them in words for
the terminal (goal sheet, round result, rows and hints, trumps, cards left), plus the toggled aid
"Aid: trump hypotheses".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.core.cards import bit_list as bits
from tricktable.rules._secret_trumps_cards import (
    CARD_PRETTY,
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    RANK_CHARS,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Trumps,
    mask_text,
    rank_text,
    suit_text,
)
from tricktable.rules._secret_trumps_deduction import hypotheses_lines, trump_hypotheses

if TYPE_CHECKING:
    from tricktable.rules.secret_trumps import SecretTrumps

AID_TITLE = "Aid: trump hypotheses"
ROWS = 9


def build_view(game: SecretTrumps, seat: int | None) -> dict[str, Any]:
    n = game.players
    in_round = game.phase_name != "draft"
    trumps_known = in_round and game.sees_trumps(seat)
    trumps = None
    if trumps_known:
        t = game.trumps
        trumps = {
            "suit": None if t.suit == NO_SUIT else SUIT_LETTERS[t.suit],
            "rank": None if t.rank == NO_RANK else t.rank,
        }
    chosen = [
        game.goals[g].slug if g is not None and game.sees_choice(p, seat) else None for p, g in enumerate(game.chosen)
    ]
    goals = [
        {
            "seat": p,
            "held": [game.goals[g].slug for g in game.held[p]],
            "crossed": [game.goals[g].slug for g in game.crossed[p]],
            "open": [game.goals[g].slug for g in game.open_goals(p)],
            "chosen": chosen[p],
        }
        for p in range(n)
    ]
    seats = [
        {
            "seat": p,
            "start": p == game.start,
            "cards": game.hands[p].bit_count(),
            "tricks": game.won[p],
            "crossed": f"{len(game.crossed[p])}/{game.goal_count}",
            "chosen": chosen[p] if p != game.start else None,
            "committed": game.chosen[p] is not None,
        }
        for p in range(n)
    ]
    up = 4 if n == 4 else 3
    rows = []
    if in_round:
        for r in range(len(game.rows)):
            left = game.row_left[r]
            rows.append(
                {
                    "row": r + 1,
                    "first": (game.start + 1 + r) % n,
                    # Face-up cards only: the 3-player aside card (index 3) is never shown.
                    "cards": [CARD_TEXT[c] for c in game.rows[r][:up] if left >> c & 1],
                    "picks": [{"seat": p, "card": CARD_TEXT[c]} for p, c in game.picks[r]],
                    "aside": n == 3,
                }
            )
    hints = [dict(h, seats=list(h["seats"]), cards=list(h["cards"])) for h in game.hints]
    view: dict[str, Any] = {
        "hand": mask_text(game.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": _table(game, trumps_known),
        "trumps": trumps,
        "rows": rows,
        "hints": hints,
        "goals": goals,
        "goal_list": [
            {"slug": g.slug, "name": g.name, "holders": [p for p in range(n) if i in game.held[p]]}
            for i, g in enumerate(game.goals)
        ],
        "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in zip(game.trick_seats, game.trick)],
        "last_trick": game.last_trick,
        "score_sheet": [dict(entry) for entry in game.score_sheet],
        "card_colours": {"S": "bright_white", "C": "green", "H": "red", "D": "yellow"},
        "events": [e.to_dict() for e in game.events[game.round_log_start :] if e.visible(seat)],
    }
    view["panels"] = _panels(game, view, seat)
    return view


def _table(game: SecretTrumps, trumps_known: bool) -> dict[str, Any]:
    table: dict[str, Any] = {"phase": game.phase_name}
    if game.phase_name == "draft":
        table["draft"] = f"{game.draft_turns}/{game.players * game.goal_count} goals taken"
        table["start player"] = game.start
        return table
    table["round"] = game.round_no
    table["start player"] = game.start
    table["trump suit"] = suit_text(game.trumps.suit) if trumps_known else "?"
    table["trump rank"] = rank_text(game.trumps.rank) if trumps_known else "?"
    if game.phase_name == "pick":
        table["row"] = game.cur_row + 1
        table["first pick"] = (game.start + 1 + game.cur_row) % game.players
    elif game.phase_name == "play":
        table["trick"] = f"{game.tricks_played + 1} of {ROWS}"
    return table


def _panels(game: SecretTrumps, view: dict[str, Any], seat: int | None) -> dict[str, list[str]]:
    panels: dict[str, list[str]] = {}
    phase = game.phase_name
    sheet = []
    for entry in view["goals"]:
        p = entry["seat"]
        # A tick, not "[x]": the terminal reads square brackets as markup and would swallow them.
        marks = [f"{g} ✔" if g in entry["crossed"] else g for g in entry["held"]]
        role = " (start)" if p == game.start and phase != "draft" else ""
        chosen = f"; this round: {entry['chosen']}" if entry["chosen"] else ""
        sheet.append(f"seat {p}{role}: {', '.join(marks) or '-'}{chosen}")
    panels["Goal sheet"] = sheet
    if phase == "draft":
        panels["Goals"] = [
            f"{g['slug']}: {g['name']} (held by {', '.join(map(str, g['holders'])) or 'nobody'})"
            for g in view["goal_list"]
        ]
        return panels
    if phase in ("pick", "over") and game.score_sheet:
        # The round just finished stays in view while the next one is picked (and at the end).
        entry = game.score_sheet[-1]
        panels[f"Round {entry['round']} result"] = round_lines(game, entry)
    lines = []
    for row in view["rows"]:
        r = row["row"]
        picked = " ".join(f"{pk['seat']}:{CARD_PRETTY[CARD_TEXT.index(pk['card'])]}" for pk in row["picks"])
        lying = " ".join(CARD_PRETTY[CARD_TEXT.index(c)] for c in row["cards"])
        hint = next((h for h in view["hints"] if h["row"] == r), None)
        if hint is not None:
            lines.append(f"row {r}: seat {row['first']} first: {picked}  => seat {hint['winner']} would win")
        elif r == game.cur_row + 1 and phase == "pick":
            lines.append(f"row {r} (now, seat {row['first']} first): {lying}  picked: {picked or '-'}")
        else:
            lines.append(f"row {r}: {lying}")
    panels["Rows, picks and hints"] = lines
    if view["trumps"] is not None:
        panels["Trumps"] = trumps_lines(game.trumps, game.hands[seat] if seat is not None else 0)
    if phase in ("choose", "play"):
        # Every pick was face up, so the cards each player still holds are public (ST-12: no memory needed).
        panels["Cards left"] = [
            f"seat {p}{' (start)' if p == game.start else ''}: {' '.join(mask_text(game.hands[p])) or '-'}"
            for p in range(game.players)
            if p != seat
        ]
    if phase == "cross":
        panels[f"Round {game.round_no} result"] = round_lines(game, current_entry(game))
    if game.trumps_public:
        return panels  # nothing is left to deduce once the trumps are turned over
    second_deck = game.second_deck
    full = view | {"options": dict(game.options)}
    if seat == game.start:
        # The start player knows the truth; what matters to it is how much the others can infer from the hints.
        lines = hypotheses_lines(trump_hypotheses(full, public_only=True), second_deck)
        panels[AID_TITLE] = [*lines, "(you know the trumps: this is what the others can still infer)"]
    else:
        panels[AID_TITLE] = hypotheses_lines(trump_hypotheses(full), second_deck)
    return panels


def trumps_lines(trumps: Trumps, hand: int) -> list[str]:
    """The round's trumps from the top, in words, and which of ``hand`` are trumps (strongest first)."""
    suit, rank = trumps.suit, trumps.rank
    symbol = SUIT_SYMBOLS[suit] if suit != NO_SUIT else ""
    rank_char = RANK_CHARS[rank - 1] if rank != NO_RANK else ""
    # Described by rank and suit, never as card texts: with 3 players a named card might lie aside.
    if suit != NO_SUIT and rank != NO_RANK:
        lines = [
            f"super trump: the {rank_char} of {symbol}; then the other {rank_char}s (no suit, all equal: the first"
            f" played wins); then {symbol} 9 high to A low",
        ]
    elif rank != NO_RANK:
        lines = [
            f"no trump suit; trump rank {rank_char}: every {rank_char} is a trump with no suit, all equal"
            " (the first played wins)"
        ]
    elif suit != NO_SUIT:
        lines = [f"trump suit {symbol} 9 high to A low; no trump rank"]
    else:
        lines = ["no trumps this round: the highest card of the suit led wins"]
    if trumps.trump_mask:
        lines.append("a trump led calls for a trump of either kind; a trump-rank card never counts as its printed suit")
    mine = sorted(bits(hand & trumps.trump_mask), key=lambda c: -trumps.key[c])
    if mine or hand:
        lines.append(f"your trumps: {' '.join(CARD_TEXT[c] for c in mine) or 'none'}")
    return lines


def current_entry(game: SecretTrumps) -> dict[str, Any]:
    """The finished round as a score-sheet entry, while the start player is still to cross off."""
    return {
        "round": game.round_no,
        "start": game.start,
        "trump_suit": suit_text(game.trumps.suit),
        "trump_rank": rank_text(game.trumps.rank),
        "chosen": [None if g is None else game.goals[g].slug for g in game.chosen],
        "tricks": list(game.won),
        "met": list(game.met),
        "start_crossed": game.steal,
        "crossed": [game.crossed_now.get(p) for p in range(game.players)],
    }


def round_lines(game: SecretTrumps, entry: dict[str, Any]) -> list[str]:
    """A finished round in words: the trumps, and each seat's goal, tricks and cross-off."""
    suit, rank = entry["trump_suit"], entry["trump_rank"]
    suit_words = "no trump suit" if suit == "none" else f"{SUIT_SYMBOLS[SUIT_NAMES.index(suit)]} trump suit"
    rank_words = "no trump rank" if rank == "none" else f"trump rank {rank}"
    lines = [f"trumps: {suit_words}, {rank_words}"]
    for p in range(game.players):
        tricks = entry["tricks"][p]
        took = f"took {tricks} trick{'' if tricks == 1 else 's'}"
        crossed = entry["crossed"][p]
        if p == entry["start"]:
            if crossed is not None:
                what = f"crossed off {crossed} (met a goal another player missed)"
            elif entry["start_crossed"]:
                what = "met a goal another player missed: crosses off one own goal now"
            else:
                what = "crossed off nothing"
            lines.append(f"seat {p} (start): {took}; {what}")
        else:
            outcome = "met, crossed off" if entry["met"][p] else "missed"
            lines.append(f"seat {p}: played for {entry['chosen'][p]}, {took}: {outcome}")
    return lines
