"""Taking a seat (games/rules/seating.py): the seat, the name, the buy-in, approval."""

import pytest

from games.rules.errors import Refused
from games.rules.seating import COMING_BACK, Seats, ask_seat, back_with_enough, bot_name

SEATS = Seats(count=6, min_buy_in=100, max_buy_in=500, approval=False, taken={2: "Ann"})


def test_a_player_sits_at_once_unless_the_host_approves_seats():
    assert ask_seat(SEATS, 1, "  Bob ", 200) == ("Bob", True)
    approved = Seats(6, 100, 500, approval=True, taken={})
    assert ask_seat(approved, 1, "Bob", 200) == ("Bob", False)
    assert ask_seat(approved, 1, "Bob", 200, host=True) == ("Bob", True)


@pytest.mark.parametrize(
    ("seat", "name", "buy_in", "message"),
    [
        (1, "\uff21NN", 200, "already called"),  # read as people read it: Ann
        (1, "Cashier", 200, "the ledger uses"),
        (7, "Bob", 200, "seat from 1 to 6"),
        (2, "Bob", 200, "seat 2 is taken"),
        (1, "Bob", 501, "100 to 500"),
        (1, "Bob", True, "100 to 500"),
    ],
)
def test_a_seat_asked_for_wrongly_is_refused(seat, name, buy_in, message):
    with pytest.raises(Refused, match=message):
        ask_seat(SEATS, seat, name, buy_in)


def test_a_bot_takes_a_free_name():
    assert bot_name(SEATS, 3) == "Bot Ada"
    assert bot_name(Seats(6, 100, 500, False, {1: "bot ada"}), 3) == "Bot Ben"
    assert bot_name(SEATS, 3, "Robo") == "Robo"
    with pytest.raises(Refused, match="seat 2 is taken"):
        bot_name(SEATS, 2)


def test_coming_back_soon_after_a_cash_out_takes_what_was_left_with():
    with pytest.raises(Refused, match="you left with 236 chips 12 minutes ago: coming back "
                       "within 2 hours, you buy in for at least 200"):  # fmt: skip
        back_with_enough(236, 12.5, 200, 20)  # the table's most, where that is less
    with pytest.raises(Refused, match=r"1 minute ago.* at least 150$"):
        back_with_enough(150, 1, 500, 149)
    back_with_enough(150, 1, 500, 150)
    with pytest.raises(Refused, match="150 chips just now"):
        back_with_enough(150, 0.2, 500, 20)
    back_with_enough(150, COMING_BACK, 500, 20)  # two hours on: any buy-in again
