"""The designer's questions the lab answers: a game's minutes at a human pace, whether it was decided before its
last round, the first seat's edge, and each game's own measures (lives lost by round size and cause, tandems,
goals chosen, declaring time), checked on rows whose answers are known and on played games."""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.core.registry import new_game
from tricktable.lab.games.secret_trumps import SecretTrumpsMetrics
from tricktable.lab.games.tandem_trick import TandemTrickMetrics
from tricktable.lab.games.tricks_together import TricksTogetherMetrics
from tricktable.lab.games.trumps import TIMING, TrumpsMetrics, timing
from tricktable.lab.play import play_game
from tricktable.lab.report.data import PACE, LabData, Pace, leader_before_last_wins
from tricktable.lab.report.generic import first_seat_edge, overview, seats
from tricktable.lab.report.model import Table
from tricktable.lab.spec import Cell, cells, make_spec


def game_row(index: int, winners: list[int], moves: int = 100, rounds: int = 2, players: int = 3) -> dict[str, Any]:
    return {"cell": 0, "game_index": index, "seed": index, "players": players, "winners": winners,
            "winner_positions": winners, "moves": moves, "choices": moves // 2, "rounds": rounds, "lead_changes": 0,
            "seconds": 0.01, "margin": 1.0, "scores": [0.0] * players}  # fmt: skip


def totals_row(index: int, number: int, totals: list[float]) -> dict[str, Any]:
    return {"cell": 0, "game_index": index, "seed": index, "round": number, "totals": totals}


def competitive(games: list[dict[str, Any]], rounds: list[dict[str, Any]], game: str = "secret-trumps") -> LabData:
    spec = make_spec(game, [3], games=len(games))
    return LabData(spec, [Cell(0, 3, "standard", {})], [], games, rounds)


def table(section: Any, title: str) -> Table:
    return next(b for b in section.blocks if isinstance(b, Table) and b.title.startswith(title))


# ----- shared measures ---------------------------------------------------------------------------------------


def test_minutes_at_a_human_pace_count_every_move_and_every_round() -> None:
    assert Pace(seconds_a_move=6, seconds_a_round=60).minutes(moves=100, rounds=3) == pytest.approx(13.0)
    data = competitive([game_row(0, [1], moves=50, rounds=2)], [])
    assert data.games[0]["minutes"] == pytest.approx(PACE.minutes(50, 2))
    assert "seconds a move" in PACE.describe()


def test_a_game_is_decided_before_its_last_round_when_the_leader_going_in_wins() -> None:
    held = [totals_row(0, 1, [1, 0, 0]), totals_row(0, 2, [3, 1, 0]), totals_row(0, 3, [4, 4, 0])]
    assert leader_before_last_wins(game_row(0, [0]), held) is True
    assert leader_before_last_wins(game_row(0, [1]), held) is False  # seat 2 came from behind
    tied = [totals_row(0, 1, [2, 2, 0]), totals_row(0, 2, [2, 3, 0])]
    assert leader_before_last_wins(game_row(0, [1]), tied) is False  # nobody was alone in the lead
    assert leader_before_last_wins(game_row(0, [0]), held[:1]) is None  # a game of one round
    # Partners share the lead: the side on top is exactly the winning pair.
    teams = [totals_row(0, 1, [3, 1, 3, 1]), totals_row(0, 2, [5, 5, 5, 5])]
    assert leader_before_last_wins(game_row(0, [0, 2], players=4), teams) is True


def test_the_overview_reports_minutes_and_the_games_decided_before_their_last_round() -> None:
    games = [game_row(k, [0]) for k in range(4)]
    rounds = [r for k in range(4) for r in (totals_row(k, 1, [2, 1, 0] if k < 3 else [0, 2, 1]),
                                            totals_row(k, 2, [3, 1, 1]))]  # fmt: skip
    data = competitive(games, rounds)
    section = overview(data, cooperative=False)
    row = table(section, "Every cell").rows[0]
    assert row[4].startswith(f"{PACE.minutes(100, 2):.0f}")
    assert row[7].startswith("75.0%")  # three games of four led by the winner going into the last round
    assert "the leader going into the last round wins 75.0%" in section.findings[0]


def test_the_first_seats_edge_is_its_share_above_an_even_tables() -> None:
    assert first_seat_edge((0.5, 0.4, 0.6), 1 / 3) == "+16.7 points (+6.7 to +26.7)"
    data = competitive([game_row(k, [0] if k % 2 else [1]) for k in range(10)], [])
    section = seats(data)
    header = table(section, "Games won by seat").header
    row = table(section, "Games won by seat").rows[0]
    assert row[header.index("seat 1's edge")].startswith("+16.7 points")
    assert "an edge of +16.7 points" in section.findings[0]


# ----- each game's own questions ------------------------------------------------------------------------------


def test_tricks_together_lives_are_counted_by_round_size_and_cause() -> None:
    def climb(index: int, cards: int, reason: str) -> dict[str, Any]:
        return {"cell": 0, "game_index": index, "seed": index, "round": cards, "cards": cards, "climb_round": cards,
                "success": reason == "made", "reason": reason}  # fmt: skip

    rounds = [climb(0, 1, "made"), climb(0, 2, "a trick too many"), climb(1, 1, "made"), climb(1, 2, "made"),
              climb(1, 3, "missed at the end"), climb(2, 1, "numbers over the cards"), climb(3, 2, "a trick too many")]
    games = [{**game_row(k, []), "won": False} for k in range(4)]
    data = LabData(make_spec("tricks-together", [4], games=4), [Cell(0, 4, "standard", {})], [], games, rounds)
    section = TricksTogetherMetrics()._causes(data)
    by_size = {row[1]: row for row in table(section, "Rounds by size").rows}
    assert by_size["2"][3].startswith("33.3%") and by_size["2"][4].startswith("66.7%")  # made 1 of 3; over 2 of 3
    assert by_size["1"][6].startswith("33.3%") and by_size["3"][5].startswith("100.0%")  # sum; under
    assert by_size["2"][7] == "0.500"  # two lives lost in rounds of 2 cards over four games
    assert section.findings == ['With 4 players the commonest way to lose a life is "over" in rounds of 2 cards: '
                                "50.0% (15.0–85.0%) of the 4 lives lost."]  # fmt: skip


def test_every_tandem_is_recorded_once_and_wins_only_a_trick_its_two_seats_took() -> None:
    spec = make_spec("tandem-trick", [4], games=2, seed=7)
    for index in range(2):
        row, rounds = play_game(spec, cells(spec)[0][0], index)
        formed = sum(len(r["tandem_riders"]) for r in rounds)
        replayed = new_game("tandem-trick", players=4, seed=row["seed"])
        for move in row["move_list"]:
            replayed.play(move)
        events = list(replayed.events)
        assert formed == sum(1 for e in events if e.kind == "tandem_formed") > 0
        # Trick numbers start again every round: a tandem is matched with the next trick won after it.
        formed_won: list[bool] = []
        waiting: list[frozenset[int]] = []
        for event in events:
            if event.kind == "tandem_formed":
                waiting.append(frozenset((event.seat, event.partner)))  # type: ignore[attr-defined]
            elif event.kind == "trick_won":
                formed_won += [pair == frozenset(event.winners) for pair in waiting]  # type: ignore[attr-defined]
                waiting = []
        assert not waiting
        assert [w for r in rounds for w in r["tandem_won"]] == formed_won
        for r in rounds:
            for rider, partner, took in zip(r["tandem_riders"], r["tandem_partners"], r["tandem_won"]):
                assert rider != partner
                assert not took or (r["tricks"][rider] > 0 and r["tricks"][partner] > 0)


def test_tandem_section_compares_the_bids_of_winning_tandems_with_the_rest() -> None:
    base = {"cell": 0, "seed": 0, "bids": [1, 1, 1], "order": [1, 2, 3], "forced": [False] * 3,
            "bid_trick": [1, 1, 1], "tricks": [1, 1, 0], "misere_hits": 0}  # fmt: skip
    rounds = [{**base, "game_index": 0, "round": 1, "hit": [True, True, False], "tandem_riders": [1, 2],
               "tandem_partners": [0, 1], "tandem_won": [True, False]},
              {**base, "game_index": 0, "round": 2, "hit": [False, False, True], "tandem_riders": [],
               "tandem_partners": [], "tandem_won": []}]  # fmt: skip
    data = competitive([game_row(0, [0])], rounds, game="tandem-trick")
    section = TandemTrickMetrics()._tandems(data)
    row = table(section, "Tandems").rows[0]
    assert row[1].startswith("1.00") and row[2].startswith("50.0%")  # two tandems in two rounds, one took its trick
    assert row[3].startswith("100.0%") and row[4].startswith("100.0%")  # its rider and partner hit their bids
    assert row[5].startswith("25.0%")  # the four other seat-rounds: one hit


def test_secret_trumps_goals_are_shown_by_name_with_their_share_of_the_choices() -> None:
    chosen = [["most", "no-tricks", None], ["most", None, "last"], [None, "most", "most"]]
    met = [[True, False, None], [False, None, True], [None, True, True]]
    rounds = [{"cell": 0, "game_index": 0, "seed": 0, "round": k + 1, "chosen": c, "met": m}
              for k, (c, m) in enumerate(zip(chosen, met))]  # fmt: skip
    data = competitive([game_row(0, [0])], rounds)
    section = SecretTrumpsMetrics()._goals(data)
    rows = {row[0]: row for row in table(section, "Chosen goals met").rows}
    assert rows["The most tricks"][1].startswith("75.0%") and rows["The most tricks"][1].endswith("of 4")
    assert rows["The most tricks"][2].startswith("66.7%")  # 4 of the 6 goals chosen
    assert rows["The last trick"][2].startswith("16.7%") and rows["Exactly 3 tricks"][1] == "-"


@pytest.mark.parametrize(("declared", "tricks", "label"),
                         [(None, 12, "never"), (1, 12, "first third"), (4, 12, "first third"),
                          (5, 12, "middle third"), (9, 12, "last third"), (12, 12, "last third")])  # fmt: skip
def test_a_declaration_falls_in_a_third_of_the_hand(declared: int | None, tricks: int, label: str) -> None:
    assert timing(declared, tricks) == label and label in TIMING


def test_trumps_declaring_time_is_set_against_the_tricks_the_side_took() -> None:
    hands = [{"cell": 0, "game_index": 0, "seed": 0, "round": 1, "tie_break": False, "tricks_in_hand": 12,
              "declared": [2, None, 11], "points": [6.0, 2.0, 4.0]},
             {"cell": 0, "game_index": 0, "seed": 0, "round": 2, "tie_break": True, "tricks_in_hand": 12,
              "declared": [None, None, None], "points": [0.0, 12.0, 0.0]}]  # fmt: skip
    data = competitive([game_row(0, [0])], hands, game="trumps")
    section = TrumpsMetrics()._timing_pays(data)
    row = table(section, "Declaring time").rows[0]
    assert row[1].startswith("50.0%") and row[3].startswith("33.3%") and row[4].startswith("16.7%")
    assert row[2] == "-"  # nobody declared in the middle third; the tie-break hand is left out
    assert row[5].startswith("100.0%") and row[6].startswith("0.0%")
