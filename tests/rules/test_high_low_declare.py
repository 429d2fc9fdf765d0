"""High-Low Declare (RULES.md §3) and the declaration edges of §1, played as whole hands."""

import pytest

from games.rules.errors import AmountOutOfRange, IllegalAction, OutOfTurn, RulesError
from games.rules.view import view
from tests.rules.scripting import act, new_hand, won

WHEEL = "5d 4c 3h 2s Ad"  # straight; 5-4-3-2-A is a straight in ace-to-six
SIX_LOW = "6c 4d 3c 2d Ac"  # the best ace-to-six low
SEVEN_LOW = "7c 5h 3s 2c 4h"
SEVEN_LOW_TOO = "7d 5c 3d 2h 4s"
ACES = "As Ah Kh Qs 9c"
KINGS = "Kc Kd Qh Js 9d"
TRIPS = "8s 8d 8h Ks Jc"


def checked_down(hands, declarations, stacks=None, **config):
    """Deal, everyone checks, stands pat, checks, then declares as given (by seat)."""
    config.setdefault("ante", 1)
    hand = new_hand("high-low-declare", hands, stacks=stacks, **config)
    seats = hand.order
    act(hand, *[f"{s} check" for s in seats])
    act(hand, *[f"{s} draw" for s in seats])
    act(hand, *[f"{s} check" for s in seats])
    act(hand, *[f"{s} declare {declarations[s - 1]}" for s in seats])
    assert hand.finished
    return hand


def test_defaults_fixed_limit_three_raises_ace_to_six_chips_in_fist():
    hand = new_hand("high-low-declare", [ACES, KINGS], ante=1)
    cfg = hand.config
    assert (cfg.structure, cfg.raise_cap, cfg.low, cfg.declare) == (
        "fixed-limit",
        3,
        "ace-to-six",
        "chips",
    )


def test_small_bet_before_the_draw_big_bet_after():
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], ante=1, small_bet=2, big_bet=4)
    assert hand.legal_actions(1)["min_to"] == 2
    act(hand, "1 bet 2", "2 call", "3 call", "1 draw", "2 draw Kc", "3 draw")
    assert hand.street == "After the draw"
    legal = hand.legal_actions(1)
    assert (legal["min_to"], legal["max_to"]) == (4, 4)


def test_ace_to_six_wheel_is_a_straight_not_a_low():
    hand = checked_down([WHEEL, SEVEN_LOW, KINGS], ["low", "low", "high"])
    # 7-5-4-3-2 beats 5-4-3-2-A (a straight) for low in ace-to-six; the odd chip goes high.
    assert won(hand) == {3: 2, 2: 1}


def test_host_may_choose_ace_to_five():
    hand = checked_down([WHEEL, SEVEN_LOW, KINGS], ["low", "low", "high"], low="ace-to-five")
    assert won(hand) == {1: 1, 3: 2}


def test_both_ways_tie_wins_nothing():
    # Seat 1 declares both with 7-5-4-3-2 and is the only high contender, but seat 2
    # holds the same low: tied for low, so seat 1 wins nothing and seat 2's low takes all.
    hand = checked_down([SEVEN_LOW, SEVEN_LOW_TOO, KINGS], ["both", "low", "low"])
    assert won(hand) == {2: 3}
    failed = [a for a in hand.awards if a.seat == 1]
    assert [a.reason for a in failed] == ["Both declarer tied for low: wins nothing"]


def test_two_failed_both_ways_declarers_and_nobody_else():
    # Seat 1 has the better high (trips), seat 2 the better low: both fail, pot as if undeclared.
    hand = checked_down([TRIPS, SIX_LOW], ["both", "both"], ante=3)
    assert won(hand) == {1: 3, 2: 3}


def test_uncontested_half_goes_to_the_other_half():
    hand = checked_down([ACES, KINGS, TRIPS], ["high", "high", "high"])
    assert won(hand) == {3: 3}
    assert hand.awards[0].half == "whole"


def test_odd_chip_among_tied_lows_goes_first_clockwise_from_the_button():
    # Pot 3: high half 2 to seat 3, low half 1 split between the tied seats 1 and 2.
    hand = checked_down([SEVEN_LOW, SEVEN_LOW_TOO, KINGS], ["low", "low", "high"], button=1)
    # Button seat 1: clockwise order 2, 3, 1; seat 2 is the first tied player.
    assert won(hand) == {3: 2, 2: 1}


def test_side_pots_in_a_declare_game_are_resolved_separately():
    hand = new_hand(
        "high-low-declare",
        [SIX_LOW, ACES, KINGS],
        stacks=[5, 100, 100],
        ante=1,
        structure="no-limit",
        min_bet=2,
    )
    act(hand, "1 bet 4", "2 raise 20", "3 call")  # seat 1 all-in for 4 more
    act(hand, "1 draw", "2 draw", "3 draw")
    act(hand, "2 bet 10", "3 call")
    act(hand, "1 declare low", "2 declare high", "3 declare low")
    # Main pot: 5 from each = 15, seat 1 (best low) and seat 2 (high) split 8/7.
    # Side pot: 26 from seats 2 and 3 = 52; seat 2 high 26, seat 3 low 26.
    assert [(p["name"], p["amount"]) for p in view(hand)["pots"]] == [
        ("Main pot", 15),
        ("Side pot 1", 52),
    ]
    assert won(hand) == {1: 7, 2: 8 + 26, 3: 26}
    assert sum(hand.final_stacks().values()) == 205


def test_vocal_declarations_start_with_the_last_aggressor_then_clockwise():
    hand = new_hand("high-low-declare", [ACES, SIX_LOW, KINGS, TRIPS], ante=1, declare="vocal")
    act(hand, "1 check", "2 check", "3 check", "4 check")
    act(hand, "1 draw", "2 draw", "3 draw", "4 draw")
    act(hand, "1 check", "2 bet 4", "3 raise 8", "4 fold", "1 call", "2 call")
    assert (hand.step, hand.to_act) == ("declare", 3)
    act(hand, "3 declare high")
    assert view(hand, 1)["seats"][2]["declaration"] == "high"  # public when made
    with pytest.raises(OutOfTurn):
        act(hand, "2 declare low")
    act(hand, "1 declare high", "2 declare low")
    assert won(hand) == {1: 14, 2: 14}  # antes 4 + three times 8


def test_vocal_declarations_with_no_bet_start_left_of_the_button():
    hand = new_hand("high-low-declare", [ACES, SIX_LOW, KINGS], ante=1, declare="vocal", button=2)
    act(hand, "3 check", "1 check", "2 check", "3 draw", "1 draw", "2 draw")
    act(hand, "3 check", "1 check", "2 check")
    assert hand.to_act == 3


def test_raise_cap_of_three_then_calls_only():
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], ante=1)
    act(hand, "1 bet 2", "2 raise 4", "3 raise 6", "1 raise 8")
    assert hand.legal_actions(2)["raise_kind"] is None
    assert hand.legal_actions(2)["call"] == 4


def test_heads_up_the_raise_cap_is_lifted():
    hand = new_hand("high-low-declare", [ACES, KINGS], ante=1)
    act(hand, "1 bet 2", "2 raise 4", "1 raise 6", "2 raise 8", "1 raise 10")
    assert hand.legal_actions(2)["raise_kind"] == "raise"


def test_heads_up_lifting_can_be_turned_off():
    hand = new_hand("high-low-declare", [ACES, KINGS], ante=1, cap_lifts_heads_up=False)
    act(hand, "1 bet 2", "2 raise 4", "1 raise 6", "2 raise 8")
    assert hand.legal_actions(1)["raise_kind"] is None


def test_stake_cap_treats_a_capped_player_as_all_in():
    hand = new_hand(
        "high-low-declare",
        [ACES, KINGS, TRIPS],
        ante=1,
        structure="no-limit",
        min_bet=2,
        stake_cap=10,
    )
    assert hand.legal_actions(1)["max_to"] == 9
    act(hand, "1 bet 9", "2 call", "3 call")
    seat = view(hand)["seats"][0]
    assert (seat["capped"], seat["all_in"]) == (True, False)  # chips behind, none to bet
    act(hand, "1 draw", "2 draw", "3 draw")
    assert hand.step == "declare"  # nobody can bet any more
    skipped = [e for e in hand.log if e["event"] == "betting round"][-1]
    assert skipped["first"] is None
    assert skipped["skipped"] == "everyone is all-in or at the stake cap"
    assert hand.pot == 30


def test_an_amount_outside_the_limits_is_refused_and_changes_nothing():
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], ante=1)
    before = hand.state_key()
    for bad in ({"seat": 1, "type": "bet", "to": 3}, {"seat": 1, "type": "bet", "to": "2"}):
        with pytest.raises(AmountOutOfRange):
            hand.apply(bad)
        assert hand.state_key() == before


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"seat": "1", "type": "check"},
        {"seat": 1},
        {"seat": 9, "type": "check"},
        {"seat": True, "type": "check"},
        {"seat": 1, "type": "shove"},
        {"seat": 2, "type": "check"},
    ],
)
def test_malformed_or_forged_actions_are_refused_and_change_nothing(bad):
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], ante=1)
    before = hand.state_key()
    with pytest.raises(IllegalAction):
        hand.apply(bad)
    assert hand.state_key() == before


def test_a_draw_of_cards_not_held_is_refused():
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], ante=1)
    act(hand, "1 check", "2 check", "3 check")
    before = hand.state_key()
    for bad in ("1 draw Kc", "1 draw As As", "1 draw Zz"):
        with pytest.raises(RulesError):
            act(hand, bad)
        assert hand.state_key() == before


def test_a_player_may_fold_instead_of_declaring():
    hand = new_hand("high-low-declare", [ACES, SIX_LOW, KINGS], ante=1)
    act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
    act(hand, "1 check", "2 check", "3 check", "1 declare high", "3 fold")
    assert not hand.finished
    act(hand, "2 declare low")
    assert won(hand) == {1: 2, 2: 1}


def test_the_absent_action_checks_or_folds_and_keeps_everything_at_secret_steps():
    hand = new_hand("high-low-declare", [ACES, SIX_LOW, KINGS], ante=1)
    assert hand.absent_action(1) == {"seat": 1, "type": "check"}
    act(hand, "1 bet 2")
    assert hand.absent_action(2) == {"seat": 2, "type": "fold"}
    act(hand, "2 call", "3 call")
    assert hand.absent_action(1) == {"seat": 1, "type": "draw", "discard": []}
    act(hand, "1 draw", "2 draw", "3 draw", "1 check", "2 check", "3 check")
    assert hand.absent_action(3) == {"seat": 3, "type": "fold"}
    hand.apply(hand.absent_action(3))
    assert hand.players[3].folded


def test_every_step_says_in_words_what_the_absent_action_does_there():
    from games.rules.hand import ABSENT_WORDS, STEP_KINDS

    assert set(ABSENT_WORDS) == set(STEP_KINDS)
