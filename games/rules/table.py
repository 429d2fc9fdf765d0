"""Between hands: the button's move and the dealer's choice of game (RULES.md §1, §5)."""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.catalog import GAMES
from games.rules.errors import BadSettings, OutOfTurn


def next_button(previous: int | None, dealt_in: Sequence[int], table_size: int) -> int:
    """The next seat clockwise from ``previous`` that is dealt in (the first, if none yet)."""
    if not dealt_in:
        raise BadSettings("nobody is dealt in")
    seats = sorted(dealt_in)
    if previous is None:
        return seats[0]
    return min(seats, key=lambda s: (s - previous - 1) % table_size)


def choose_game(chooser: int, button: int, game: str) -> str:
    """Dealer's choice: the player on the button picks the game of the next hand."""
    if chooser != button:
        raise OutOfTurn(f"seat {button} is on the button and picks the game, not seat {chooser}")
    if game not in GAMES:
        raise BadSettings(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return game
