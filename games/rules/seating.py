"""Taking a seat: a free seat, a name nobody at the table reads as theirs, a buy-in within
the table's range; a player sits at once unless the host approves seats."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.rules.errors import Refused
from games.rules.names import checked_name, name_key

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")


@dataclass(frozen=True)
class Seats:
    """A table's seats as seating sees them."""

    count: int
    min_buy_in: int
    max_buy_in: int
    approval: bool  # the host approves each seat asked for
    taken: Mapping[int, str]  # seat: the name of who sits there or has asked for it


def _free(seats: Seats, seat: int) -> None:
    if not isinstance(seat, int) or not 1 <= seat <= seats.count:
        raise Refused(f"choose a seat from 1 to {seats.count}")
    if seat in seats.taken:
        raise Refused(f"seat {seat} is taken")


def ask_seat(seats: Seats, seat: int, name: str, buy_in: int, host: bool = False):
    """The name to show for someone asking for ``seat`` with ``buy_in``, and whether they
    sit at once (the host never waits for their own approval)."""
    name = checked_name(name, seats.taken.values())
    _free(seats, seat)
    within_buy_in(seats, buy_in)
    return name, host or not seats.approval


def within_buy_in(seats: Seats, buy_in: int) -> None:
    """Refuses a buy-in outside the table's range."""
    if not isinstance(buy_in, int) or not seats.min_buy_in <= buy_in <= seats.max_buy_in:
        raise Refused(f"the buy-in is {seats.min_buy_in} to {seats.max_buy_in} chips")


COMING_BACK = 120  # minutes after a cash-out that a seat must be bought with what was left with


def back_with_enough(left_with: int, minutes_ago: float, max_buy_in: int, buy_in: int) -> None:
    """Refuses someone who cashed out ``left_with`` chips less than COMING_BACK minutes ago
    a buy-in below that (or the table's maximum, where that is less): a home game's rule
    against leaving with a winning stack and sitting straight back down short."""
    least = min(left_with, max_buy_in)
    if minutes_ago < COMING_BACK and buy_in < least:
        whole = int(minutes_ago)
        ago = f"{whole} minute{'' if whole == 1 else 's'} ago" if whole else "just now"
        raise Refused(f"you left with {left_with} chips {ago}: coming back within "
                      f"{COMING_BACK // 60} hours, you buy in for at least {least}")  # fmt: skip


def bot_name(seats: Seats, seat: int, wanted: str | None = None) -> str:
    """The name of a bot taking the free ``seat``: ``wanted`` if nobody has it, else the
    first of BOT_NAMES nobody has."""
    _free(seats, seat)
    taken = {name_key(n) for n in seats.taken.values()}
    free = (f"Bot {b}" for b in BOT_NAMES if name_key(f"Bot {b}") not in taken)
    name = wanted if wanted and name_key(wanted) not in taken else next(free, None)
    if name is None:
        raise Refused("every bot's name is taken at this table")
    return name
