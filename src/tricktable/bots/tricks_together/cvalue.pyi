import numpy as np

def value_inputs(
    worlds: list[list[int]],
    targets: list[list[int]],
    trump: int,
    leader: int,
    table: list[int],
    won: list[int],
    left: int,
    gone: int,
    candidates: list[int],
) -> tuple[np.ndarray, np.ndarray]: ...
