from typing import Any

def blueprint_move(position: Any) -> int: ...
def play_out_points(position: Any, misere_bonus: bool = True) -> list[int]: ...
def evaluate(
    position: Any,
    worlds: list[list[int]],
    weights: list[float],
    candidates: list[int],
    totals: list[int],
    target: int,
    misere_bonus: bool,
    beta: float,
    solve_from: int,
) -> list[float]: ...
def line_points(position: Any, candidates: list[int], misere_bonus: bool, solve_from: int) -> list[list[int]]: ...
def world_weights(
    start: Any, dealt: list[list[int]], history: list[tuple[int, int]], seat: int, slip: float
) -> list[float]: ...
