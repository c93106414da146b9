class OpenSolver:
    def __init__(self, capacity_log2: int = 16) -> None: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def limit(self) -> int: ...
    @limit.setter
    def limit(self, value: int) -> None: ...
    def solve(
        self,
        hands: list[int],
        indicator_suits: list[int],
        side_of: list[int],
        declared: list[int],
        dealer: int,
        leader: int,
        trick_seats: list[int],
        trick_cards: list[int],
        trick_flags: list[int],
        side: int,
        alpha: int = -1,
        beta: int = 127,
    ) -> int: ...
    def move_values(
        self,
        hands: list[int],
        indicator_suits: list[int],
        side_of: list[int],
        declared: list[int],
        dealer: int,
        leader: int,
        trick_seats: list[int],
        trick_cards: list[int],
        trick_flags: list[int],
        side: int,
    ) -> list[int]: ...

def solve(
    hands: list[int],
    indicator_suits: list[int],
    side_of: list[int],
    declared: list[int],
    dealer: int,
    leader: int,
    trick_seats: list[int],
    trick_cards: list[int],
    trick_flags: list[int],
    side: int,
) -> int: ...
def move_values(
    hands: list[int],
    indicator_suits: list[int],
    side_of: list[int],
    declared: list[int],
    dealer: int,
    leader: int,
    trick_seats: list[int],
    trick_cards: list[int],
    trick_flags: list[int],
    side: int,
) -> list[int]: ...
