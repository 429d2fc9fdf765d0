"""Sviten Special (RULES.md §4): blinds, flop, locked draw with one up, turn, river, split."""

import pytest

from games.rules.errors import OutOfTurn, WrongStep
from games.rules.view import view
from tests.rules.scripting import act, cards_of, new_hand

HANDS = ["Ah Kh 7c 7d 2s", "Qs Js Ts 3d 4d", "9c 9h 5s 6s 8c"]
# flop; one up for seat 1 (Ac, taken); one up for seat 2 (Jd, declined) then 2c;
# seat 3's two cards; turn; river.
THEN = "Ad Kd 7h Ac Jd 2c Th 7s Qd 3h"


def sviten():
    return new_hand("sviten", HANDS, THEN, small_blind=1, big_blind=2)


def to_the_draw(hand):
    act(hand, "3 call", "1 call", "2 check")
    act(hand, "1 check", "2 check", "3 check")


def test_defaults_pot_limit_with_blinds():
    hand = sviten()
    assert hand.config.structure == "pot-limit"
    assert hand.blind_seats() == (1, 2)
    assert hand.pot == 3


def test_pre_flop_starts_left_of_the_big_blind_flop_left_of_the_button():
    hand = sviten()
    assert hand.to_act == 3
    assert hand.legal_actions(3)["max_to"] == 7
    act(hand, "3 call", "1 call", "2 check")
    assert [str(c) for c in hand.board] == ["Ad", "Kd", "7h"]
    assert (hand.street, hand.to_act) == ("Flop", 1)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first():
    hand = new_hand("sviten", HANDS[:2], "Ad Kd 7h", small_blind=1, big_blind=2, button=1)
    assert hand.blind_seats() == (1, 2)
    assert hand.to_act == 1
    act(hand, "1 call", "2 check")
    assert hand.to_act == 2  # after the flop the big blind acts first


def test_draw_is_locked_in_position_order_with_the_button_last():
    hand = sviten()
    to_the_draw(hand)
    assert (hand.step, hand.to_act) == ("lock", 1)
    act(hand, "1 draw 2s")
    others = view(hand, 2)
    assert others["seats"][0]["drew"] == 1
    assert "2s" not in str(others)
    assert view(hand, 1)["seats"][0]["locked"] == ["2s"]
    with pytest.raises(OutOfTurn):
        act(hand, "3 draw")
    act(hand, "2 draw 3d")
    assert hand.to_act == 3  # the button locks in last
    assert cards_of(hand, 1) == HANDS[0]  # nothing is served until all are locked


def test_one_up_is_shown_to_everyone_and_can_be_taken():
    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s")
    assert (hand.step, hand.to_act) == ("one-up", 1)
    for seat in (1, 2, 3, None):
        assert view(hand, seat)["one_up"] == {"seat": 1, "card": "Ac"}
    assert view(hand, 1)["legal"]["kinds"] == ["take", "decline"]
    assert view(hand, 1)["legal"]["for"] == "2s"  # the card thrown, told only to its owner
    assert all("2s" not in str(view(hand, seat)) for seat in (2, 3, None))
    act(hand, "1 take")
    assert cards_of(hand, 1) == "Ah Kh 7c 7d Ac"
    assert view(hand, 3)["seats"][0]["cards"][4] == {"card": "Ac", "up": True}


def test_one_up_declined_is_dead_and_the_next_card_comes_face_down():
    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s", "1 take")
    assert view(hand, 3)["one_up"] == {"seat": 2, "card": "Jd"}
    act(hand, "2 decline")
    assert cards_of(hand, 2) == "Qs Js Ts 2c 4d"
    assert "2c" not in str(view(hand, 1))
    assert any(str(c) == "Jd" for c in hand.deck.muck)


def test_replacements_are_served_in_order_and_the_turn_comes_at_once():
    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s", "1 take", "2 decline")
    assert cards_of(hand, 3) == "9c 9h Th 7s 8c"
    assert [str(c) for c in hand.board] == ["Ad", "Kd", "7h", "Qd"]
    assert (hand.street, hand.to_act) == ("Turn", 1)


def test_showdown_splits_omaha_and_draw_halves_odd_chip_to_the_draw():
    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s", "1 take", "2 decline")
    act(hand, "1 bet 3", "2 call", "3 call")
    act(hand, "1 check", "2 check", "3 check")
    assert hand.finished and hand.showdown
    halves = {a.half: (a.seat, a.amount, a.hand) for a in hand.awards}
    assert halves == {
        "omaha": (2, 7, "Straight, ace high: Js Ts with Ad Kd Qd from the board"),
        "draw": (1, 8, "Two pair, aces and sevens"),
    }
    assert hand.final_stacks() == {1: 103, 2: 102, 3: 95}
    shown = view(hand, None)
    assert all(c["card"] for s in shown["seats"] for c in s["cards"])


def test_one_up_is_only_for_exactly_one_card():
    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw", "2 draw Qs Js", "3 draw 5s 6s")
    assert hand.step == "betting"
    assert cards_of(hand, 2) == "Ac Jd Ts 3d 4d"


def test_take_or_decline_only_by_the_player_offered_and_only_then():
    hand = sviten()
    to_the_draw(hand)
    with pytest.raises(WrongStep):
        act(hand, "1 take")
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s")
    before = hand.state_key()
    with pytest.raises(OutOfTurn):
        act(hand, "2 take")
    assert hand.state_key() == before
