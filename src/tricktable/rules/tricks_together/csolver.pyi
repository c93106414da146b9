def makeable(
    hands: list[int], trump: int, leader: int, trick: list[int] | None = None, won: list[int] | None = None
) -> set[tuple[int, ...]]: ...
def solve(
    hands: list[int],
    trump: int,
    leader: int,
    targets: list[int],
    trick: list[int] | None = None,
    won: list[int] | None = None,
) -> bool: ...
