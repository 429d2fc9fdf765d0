import pytest

from games.rules.cards import parse_cards
from games.rules.pots import (
    Pot,
    award_best,
    award_uncontested,
    build_pots,
    clockwise_from_button,
    halves,
    split_chips,
)
from games.rules.values import high_value


def test_one_pot_when_everyone_put_in_the_same():
    pots = build_pots({1: 20, 2: 20, 3: 20}, folded=set())
    assert [(p.name, p.amount, p.eligible) for p in pots] == [("Main pot", 60, (1, 2, 3))]


def test_side_pots_from_each_players_total_contribution():
    pots = build_pots({1: 10, 2: 50, 3: 50, 4: 30}, folded=set())
    assert [(p.amount, p.eligible) for p in pots] == [
        (40, (1, 2, 3, 4)),
        (60, (2, 3, 4)),
        (40, (2, 3)),
    ]
    assert [p.name for p in pots] == ["Main pot", "Side pot 1", "Side pot 2"]


def test_folded_chips_stay_in_the_pots_without_eligibility():
    pots = build_pots({1: 10, 2: 30, 3: 25}, folded={3})
    assert [(p.amount, p.eligible) for p in pots] == [(30, (1, 2, 3)[:2]), (35, (2,))]
    assert sum(p.amount for p in pots) == 65


def test_levels_with_the_same_players_merge():
    pots = build_pots({1: 10, 2: 40, 3: 40}, folded={1})
    assert [(p.amount, p.eligible) for p in pots] == [(90, (2, 3))]


def test_odd_chips_go_one_each_to_the_first_tied_players_clockwise_from_the_button():
    order = clockwise_from_button([1, 2, 3, 4], button=2, table_size=6)
    assert order == [3, 4, 1, 2]
    assert split_chips(11, [3, 4, 1]) == {3: 4, 4: 4, 1: 3}
    assert split_chips(10, [3, 4, 1]) == {3: 4, 4: 3, 1: 3}
    assert all(v - 10 // 3 <= 1 for v in split_chips(10, [3, 4, 1]).values())


def test_a_split_between_halves_gives_the_odd_chip_to_the_first_half():
    assert halves(15) == (8, 7)
    assert halves(14) == (7, 7)


def test_tied_best_hands_split_with_the_odd_chip_clockwise_from_the_button():
    values = {
        1: high_value(parse_cards("As Ks Qd Jd 9c")),
        2: high_value(parse_cards("Ah Kh Qc Jc 9d")),
        3: high_value(parse_cards("2c 3d 4h 7s 9s")),
    }
    pot = Pot(101, (1, 2, 3))
    awards = award_best(0, pot, 101, "whole", [1, 2, 3], values.__getitem__, [2, 3, 1], "best")
    assert {a.seat: a.amount for a in awards} == {2: 51, 1: 50}
    assert all("tied" in a.reason for a in awards)


def test_the_last_player_takes_every_pot_without_a_showdown():
    pots = build_pots({1: 10, 2: 30, 3: 30}, folded={2})
    awards = award_uncontested(pots, 3)
    assert sum(a.amount for a in awards) == 70
    assert {a.seat for a in awards} == {3}
    assert awards[0].reason == "everyone else folded"


@pytest.mark.parametrize("amount", [0, 1, 2, 3, 99, 100])
def test_splits_always_add_up(amount):
    for n in range(1, 8):
        assert sum(split_chips(amount, list(range(n))).values()) == amount
