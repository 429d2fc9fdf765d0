"""RULES.md §1, declarations: each numbered resolution rule and each example in the texts."""

import pytest

from games.rules.cards import parse_cards
from games.rules.declare import resolve_declare_pot
from games.rules.errors import IllegalAction
from games.rules.pots import Pot
from games.rules.values import high_value, low_a5_value

HANDS = {
    "wheel": "5d 4c 3h 2s Ad",  # high: straight to five; low: 5-4-3-2-A
    "steel": "5h 4h 3h 2h Ah",  # straight flush; same low
    "aces": "Ac Ad Kh Qs 9c",  # pair of aces; poor low
    "kings": "Kc Kd Qh Js 9d",  # pair of kings
    "six_low": "6c 4d 3c 2d Ac",  # ace high; 6-4-3-2-A low
    "seven_low": "7c 5d 3s 2c Ah",  # 7-5-3-2-A low
    "seven_low_2": "7d 5h 3d 2h As",
    "eight_low": "8c 5c 4s 2s Ac",
    "trips": "9c 9d 9h Ks 2d",
    "flush": "Kh Jh 8h 6h 3h",
}


def resolve(declared, amount=100, order=None):
    """declared: {seat: (declaration, hand name)}; order defaults to seat order."""
    high = {s: high_value(parse_cards(HANDS[h])) for s, (_, h) in declared.items()}
    low = {s: low_a5_value(parse_cards(HANDS[h])) for s, (_, h) in declared.items()}
    decl = {s: d for s, (d, _) in declared.items()}
    pot = Pot(amount, tuple(sorted(declared)))
    awards = resolve_declare_pot(0, pot, decl, high, low, order or sorted(declared))
    assert sum(a.amount for a in awards) == amount
    return awards


def won(awards):
    result = {}
    for a in awards:
        result[a.seat] = result.get(a.seat, 0) + a.amount
    return {s: v for s, v in result.items() if v}


def test_rule_1_high_declarers_contest_high_low_declarers_contest_low():
    awards = resolve({1: ("high", "aces"), 2: ("low", "seven_low"), 3: ("high", "kings")})
    assert won(awards) == {1: 50, 2: 50}
    assert {a.half for a in awards} == {"high", "low"}


def test_rule_2_both_declarer_strictly_best_both_ways_scoops():
    awards = resolve({1: ("both", "steel"), 2: ("low", "six_low"), 3: ("high", "trips")})
    assert won(awards) == {1: 100}
    assert awards[0].half == "whole"
    assert "scoops" in awards[0].reason


def test_a_both_declarer_beside_one_who_scoops_is_told_why_it_wins_nothing():
    for order in ([1, 2, 3], [2, 1, 3]):  # the scooper acts before the other, and after
        awards = resolve({1: ("both", "steel"), 2: ("both", "six_low"), 3: ("high", "aces")},
                         order=order)  # fmt: skip
        assert won(awards) == {1: 100} and awards[0].half == "whole"
        assert [(a.seat, a.amount, a.reason, a.by) for a in awards[1:]] == [
            (2, 0, "Both declarer beaten for high: wins nothing", (1, 3))
        ]


def test_both_ways_declarer_who_ties_low_wins_nothing():
    awards = resolve({1: ("both", "wheel"), 2: ("low", "steel"), 3: ("high", "aces")})
    assert won(awards) == {2: 50, 3: 50}
    failed = [a for a in awards if a.seat == 1]
    assert failed[0].amount == 0
    assert failed[0].reason == "Both declarer tied for low: wins nothing"
    assert failed[0].by == (2,)  # the Low declarer with the same low


def test_both_ways_declarer_beaten_high_wins_nothing_even_with_the_best_low():
    awards = resolve({1: ("both", "wheel"), 2: ("high", "flush"), 3: ("low", "seven_low")})
    # Seat 1 had the best low but is removed; seat 3 is the eligible second best low.
    assert won(awards) == {2: 50, 3: 50}
    reasons = [(a.reason, a.by) for a in awards if a.seat == 1]
    assert reasons == [("Both declarer beaten for high: wins nothing", (2,))]
    wheel = parse_cards(HANDS["wheel"])  # its hands both ways, as declared
    named = f"{high_value(wheel).name}; {low_a5_value(wheel).name}"
    assert [a.hand for a in awards if a.seat == 1] == [named] and "; 5-4-3-2-A" in named


def test_two_failed_both_declarers_with_an_eligible_second_best_hand():
    # Levy: "two players declare both ways, one wins the high, one wins the low";
    # house rule: an eligible second best hand wins the half (here: the whole pot).
    awards = resolve({1: ("both", "trips"), 2: ("both", "six_low"), 3: ("high", "kings")})
    assert won(awards) == {3: 100}
    failed = {a.seat: (a.reason.split(": ")[0], a.by) for a in awards if not a.amount}
    assert failed == {1: ("Both declarer beaten for low", (2,)),  # by a Both declarer too
                      2: ("Both declarer beaten for high", (1, 3))}  # fmt: skip
    assert "no Low declarer in this pot" in next(a for a in awards if a.amount).reason


def test_rule_4_nobody_left_pot_goes_as_if_nobody_declared():
    # Levy: two Both declarers split the ways and no eligible second best hand.
    awards = resolve({1: ("both", "trips"), 2: ("both", "six_low")})
    assert won(awards) == {1: 50, 2: 50}
    assert all("as if nobody had declared" in a.reason for a in awards if a.amount)
    failed = {a.seat: a.reason for a in awards if not a.amount}  # each paid a half after all
    assert failed == {1: "Both declarer beaten for low", 2: "Both declarer beaten for high"}


def test_rule_3_a_half_nobody_contests_goes_to_the_other_half():
    # Levy: "if everyone declares low then there is no high hand award".
    awards = resolve({1: ("low", "seven_low"), 2: ("low", "eight_low")})
    assert won(awards) == {1: 100}
    assert awards[0].half == "whole"


def test_ties_split_a_half_with_the_odd_chip_clockwise_from_the_button():
    awards = resolve(
        {1: ("low", "seven_low"), 2: ("low", "seven_low_2"), 3: ("high", "aces")},
        amount=101,
        order=[2, 3, 1],
    )
    assert won(awards) == {3: 51, 2: 25, 1: 25}
    awards = resolve(
        {1: ("low", "seven_low"), 2: ("low", "seven_low_2"), 3: ("high", "aces")},
        amount=103,
        order=[2, 3, 1],
    )
    assert won(awards) == {3: 52, 2: 26, 1: 25}


def test_both_declarer_alone_against_high_declarers_needs_only_to_beat_them_high():
    awards = resolve({1: ("both", "trips"), 2: ("high", "aces")})
    assert won(awards) == {1: 100}


def test_both_declarer_must_be_strictly_best_high_too():
    awards = resolve({1: ("both", "wheel"), 2: ("both", "wheel"), 3: ("low", "eight_low")})
    # 1 and 2 tie both ways: both fail; the Low declarer takes the whole pot.
    assert won(awards) == {3: 100}


def test_each_award_names_the_pot_half_hand_and_rule():
    awards = resolve({1: ("high", "aces"), 2: ("low", "seven_low")})
    high = next(a for a in awards if a.half == "high")
    assert (high.pot_name, high.hand) == ("Main pot", "Pair of aces")
    assert "High declarers" in high.reason


@pytest.mark.parametrize("text", ["up", "", None, 1, "highlow"])
def test_unknown_declarations_are_refused(text):
    from games.rules.declare import read_declaration

    with pytest.raises(IllegalAction, match="High, Low or Both"):
        read_declaration(text)
