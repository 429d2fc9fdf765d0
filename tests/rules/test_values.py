import pytest

from games.rules.cards import parse_cards
from games.rules.values import (
    exposed_value,
    high_value,
    low_a5_value,
    low_a6_value,
    omaha_value,
)


def hv(text):
    return high_value(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9c 8c 7c 6c 5c", "Straight flush, nine high"),
        ("Ah Ad Ac As 2d", "Four aces"),
        ("Kd Kh Ks 5c 5s", "Full house, kings full of fives"),
        ("Ah 9h 7h 4h 2h", "Flush, ace high"),
        ("5d 4c 3h 2s Ad", "Straight, five high"),
        ("7d 7c 7h 2s Ad", "Three sevens"),
        ("Kd Kh 5c 5s 9d", "Two pair, kings and fives"),
        ("Jd Jh 5c 4s 9d", "Pair of jacks"),
        ("Kd Jh 5c 4s 9d", "King high"),
    ],
)
def test_high_hands_are_named(cards, name):
    assert hv(cards).name == name


def test_ace_plays_high_or_low_in_straights():
    wheel, broadway, six_high = hv("Ad 2c 3h 4s 5d"), hv("Ad Kc Qh Js Td"), hv("2d 3c 4h 5s 6d")
    assert broadway > six_high > wheel > hv("Ad Ac 3h 4s 5d")
    assert hv("Kd Ac 2h 3s 4d").name == "Ace high"  # no wrap-around straight


def test_high_uses_the_best_five_of_up_to_seven():
    assert hv("2c 3c 4c 5c 9c Kd Kh").name == "Flush, nine high"
    assert hv("2c 3c Kd Kh Ks 9d 9h").name == "Full house, kings full of nines"
    with pytest.raises(ValueError, match="five to seven"):
        hv("As Kd")


def test_ace_to_five_best_low_is_the_wheel_of_any_suits():
    wheel_suited = low_a5_value(parse_cards("5h 4h 3h 2h Ah"))
    wheel = low_a5_value(parse_cards("5d 4c 3h 2s Ad"))
    assert wheel == wheel_suited
    assert wheel.name == "5-4-3-2-A low"
    assert wheel > low_a5_value(parse_cards("6d 4c 3h 2s Ad"))


def test_ace_to_five_pairs_count_straights_and_flushes_do_not():
    no_pair = low_a5_value(parse_cards("Kd Qc Jh 9s 8d"))
    pair = low_a5_value(parse_cards("2d 2c 3h 4s 5d"))
    assert no_pair > pair
    assert low_a5_value(parse_cards("6h 5h 4h 3h 2h")).name == "6-5-4-3-2 low"


def test_ace_to_six_best_low_is_six_four_not_suited():
    best = low_a6_value(parse_cards("6d 4c 3h 2s Ad"))
    assert best.name == "6-4-3-2-A low"
    suited = low_a6_value(parse_cards("6h 4h 3h 2h Ah"))
    assert best > suited
    assert suited.name.startswith("Flush")


def test_ace_to_six_wheel_is_a_straight():
    wheel = low_a6_value(parse_cards("5d 4c 3h 2s Ad"))
    assert wheel.name.startswith("Straight, five high")
    assert low_a6_value(parse_cards("Kd Qc Jh 9s 8d")) > wheel


def test_ace_to_six_ace_plays_only_low_so_ten_to_ace_is_no_straight():
    assert low_a6_value(parse_cards("Td Jc Qh Ks Ad")).name == "K-Q-J-10-A low"


@pytest.mark.parametrize("low", [low_a5_value, low_a6_value])
def test_lows_compare_from_the_top_card_down(low):
    # RULES.md: 7-5-3-2-x beats 7-6-3-2-A
    assert low(parse_cards("7d 5c 3h 2s 4d")) > low(parse_cards("7d 6c 3h 2s Ad"))
    assert low(parse_cards("7d 5c 3h 2s Kd")) < low(parse_cards("8d 6c 3h 2s Ad"))


def test_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    # Four hearts on board and one in hand is not a flush in Omaha.
    board = parse_cards("2h 5h 9h Kh 7c")
    value = omaha_value(parse_cards("Ah As Qd Jd 3c"), board)
    assert value.name == "Pair of aces"
    # Board has a pair of kings; you may not play the board's four cards.
    value = omaha_value(parse_cards("Ah Ad 7s 8s 3c"), parse_cards("Kc Kd Ks Kh 2c"))
    assert value.name == "Full house, kings full of aces"
    assert len(value.cards) == 5


def test_omaha_with_five_hole_cards_finds_the_best_pair_among_them():
    board = parse_cards("Th Jh Qc 2d 3s")
    assert omaha_value(parse_cards("2c 3c 4c Ks Ah"), board).name == "Straight, ace high"


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 2d 2h 2s", "Ac Ad Ah Ks"),  # four of a kind beats three
        ("2c 2d 2h 3s", "Ac Ad Kh Ks"),  # three beats two pair
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),  # two pair beats a pair
        ("2c 2d", "Ac Kd"),  # a pair beats high cards
        ("Ac Kd 3h", "Ac Qd Jh"),  # high cards rank by rank
        ("Ac", "Kd"),
        ("Kc Kd 4h", "Kh Ks 3c"),  # kicker decides
    ],
)
def test_best_exposed_cards_order(better, worse):
    assert exposed_value(parse_cards(better)) > exposed_value(parse_cards(worse))


def test_exposed_cards_ignore_straights_flushes_and_suits():
    assert exposed_value(parse_cards("5h 6h 7h 8h")) < exposed_value(parse_cards("2c 2d"))
    assert exposed_value(parse_cards("Ah Kh")) == exposed_value(parse_cards("As Kd"))
    assert exposed_value(parse_cards("Kc Kd 5h 5s")).name == "Two pair, kings and fives"
