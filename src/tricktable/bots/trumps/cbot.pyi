def mark_card(hand: int) -> int: ...
def pass_cards(hand: int, own_suit: int, count: int) -> int: ...
def play_move(
    seat: int,
    hand: int,
    own: int,
    side_trump: int,
    partner: int,
    trick: list[tuple[int, int, bool]],
    players: int,
    seen: int,
) -> tuple[int, bool]: ...
