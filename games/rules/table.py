"""Between hands: who is dealt in, the button's move and the dealer's choice of game
(RULES.md §1, §5, §6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.catalog import GAMES
from games.rules.errors import BadSettings, OutOfTurn, Refused


def next_button(previous: int | None, dealt_in: Sequence[int], table_size: int) -> int:
    """The next seat clockwise from ``previous`` that is dealt in (the first, if none yet)."""
    if not dealt_in:
        raise BadSettings("nobody is dealt in")
    seats = sorted(dealt_in)
    if previous is None:
        return seats[0]
    return min(seats, key=lambda s: (s - previous - 1) % table_size)


def choose_game(chooser: int, button: int, game: str, players: int | None = None) -> str:
    """Dealer's choice: the player on the button picks the game of the next hand, one that
    seats the ``players`` to be dealt in."""
    if chooser != button:
        raise OutOfTurn(f"seat {button} is on the button and picks the game, not seat {chooser}")
    if game not in GAMES:
        raise BadSettings(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    info = GAMES[game]
    if players is not None and not info.min_seats <= players <= info.max_seats:
        raise Refused(f"{info.name} is for {info.min_seats} to {info.max_seats} players")
    return game


def game_for_absent_chooser(last_played: str | None, players: int) -> str:
    """The game an absent (or bot) chooser gets: the game last played if it seats the
    ``players``, else the first that does."""
    seats_all = [g.slug for g in GAMES.values() if g.min_seats <= players <= g.max_seats]
    return last_played if last_played in seats_all else seats_all[0]


@dataclass(frozen=True)
class Deal:
    """The next hand: its game, the seats dealt in (seat, name, stack) and the button."""

    game: str
    seats: list[tuple[int, str, int]]
    button: int


def next_deal(game: str, ready: Sequence[tuple[int, str, int]], previous: int | None,
              table_size: int) -> Deal | None:  # fmt: skip
    """The hand to deal now among ``ready`` (seat, name, stack; in seat order): as many as
    ``game`` seats, the first in seat order; None with fewer than two, or with no game (a
    dealer's choice not made yet)."""
    if len(ready) < 2 or not game:
        return None
    seats = list(ready)[: GAMES[game].max_seats]
    return Deal(game, seats, next_button(previous, [s for s, _, _ in seats], table_size))


def host_may_act_for(name: str, bot: bool, here: bool, clock_out: bool) -> None:
    """Refuse to let the host take a player's default action unless the player is away or
    their clock has run out (RULES.md §6); a bot is always here and acts for itself."""
    if bot:
        raise Refused(f"{name} is a bot: it acts for itself")
    if here and not clock_out:
        raise Refused(f"{name} is at the table: you may act for a player only when they are "
                      "away or their clock has run out")  # fmt: skip
