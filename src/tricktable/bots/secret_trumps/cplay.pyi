def c_play_card(legal: int, trick: list[int], truth: int, how: int, avoid: int, n: int) -> int: ...
def c_playout(
    hands: list[int],
    truth: int,
    start: int,
    goals: list[int],
    aim: int,
    leader: int,
    trick: list[int],
    won: list[int],
    captured: list[int],
    done: int,
    seed: int,
    noise: int,
) -> int: ...
def c_final_hands(
    start: int,
    truth: int,
    hyps: int,
    hinted: int,
    face_up: list[list[int]],
    picks: list[list[tuple[int, int]]],
    open_goals: list[list[int]],
    plans: list[int],
    seed: int,
    noise: int,
) -> list[int]: ...
def c_simulate(
    start: int,
    truth: int,
    hyps: int,
    hinted: int,
    face_up: list[list[int]],
    picks: list[list[tuple[int, int]]],
    open_goals: list[list[int]],
    plans: list[int],
    seed: int,
    noise: int,
) -> int: ...
def c_start_aim(start: int, goals: list[int], hands: list[int], truth: int, in_play: int) -> int: ...
