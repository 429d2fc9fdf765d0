"""Levy's Game (RULES.md §2), step by step, with fixed decks."""

import pytest

from games.rules.errors import OutOfTurn, RulesError, WrongStep
from games.rules.view import view
from tests.rules.scripting import act, cards_of, new_hand, won

HANDS = ["As 2d 3c 4h 9s", "Kc Kd 6h 7s 8s", "Qc Qd Jh Js 6s"]
# draws: seat 1 gets 5c; seat 2 gets 2c 9d; seat 3 gets Th; replace-one: Tc (down), 9c (up)
THEN = "5c 2c 9d Th Tc 9c"


def levys(**kw):
    kw.setdefault("ante", 1)
    return new_hand("levys", HANDS, THEN, **kw)


def through_the_draw(hand):
    act(hand, "1 bet 2", "2 call", "3 call")
    act(hand, "1 draw 9s", "2 draw 7s 8s", "3 draw 6s")


def through_the_reveals(hand):
    through_the_draw(hand)
    act(
        hand,
        "1 arrange As 5c 4h 3c 2d",
        "2 arrange Kc Kd 9d 2c 6h",
        "3 arrange Qc Qd Jh Js Th",
    )
    act(hand, "1 check", "2 check", "3 check")  # first card up: the ace speaks first
    act(hand, "2 bet 2", "3 call", "1 call")  # second card: kings
    act(hand, "2 check", "3 check", "1 check")
    act(hand, "3 check", "1 check", "2 check")  # fourth card: queens and jacks


def test_defaults_are_half_pot_limit_with_ace_to_five_low():
    hand = levys()
    assert (hand.config.structure, hand.config.low, hand.config.declare) == (
        "half-pot-limit",
        "ace-to-five",
        "chips",
    )


def test_antes_then_five_cards_one_at_a_time_from_left_of_the_button():
    hand = levys()
    assert [cards_of(hand, s) for s in (1, 2, 3)] == HANDS
    assert hand.pot == 3
    assert (hand.step, hand.to_act) == ("betting", 1)


def test_draw_in_position_order_replacements_take_the_discards_places():
    hand = levys()
    act(hand, "1 bet 2", "2 call", "3 call")
    assert (hand.step, hand.to_act) == ("draw", 1)
    act(hand, "1 draw 9s")
    assert cards_of(hand, 1) == "As 2d 3c 4h 5c"
    with pytest.raises(OutOfTurn):
        act(hand, "3 draw")
    act(hand, "2 draw 7s 8s", "3 draw 6s")
    assert cards_of(hand, 2) == "Kc Kd 6h 2c 9d"
    assert hand.step == "arrange"


def test_the_sheriff_play_replaces_all_five():
    hand = levys()
    act(hand, "1 bet 2", "2 call", "3 call", "1 draw As 2d 3c 4h 9s")
    assert cards_of(hand, 1) == "5c 2c 9d Th Tc"
    assert hand.players[1].drew == 5


def test_reveal_order_is_secret_and_play_waits_for_every_player():
    hand = levys()
    through_the_draw(hand)
    act(hand, "2 arrange Kc Kd 9d 2c 6h")
    assert sorted(hand.actors()) == [1, 3]
    seen_by_3 = view(hand, 3)
    seat2 = seen_by_3["seats"][1]
    assert seat2["arranged"] is True
    assert all(c["card"] is None for c in seat2["cards"])
    with pytest.raises(OutOfTurn):
        act(hand, "2 arrange Kc Kd 9d 6h 2c")  # locked once committed
    act(hand, "1 arrange As 5c 4h 3c 2d", "3 arrange Qc Qd Jh Js Th")
    assert hand.step == "betting"
    assert [str(hand.players[s].cards[0]) for s in (1, 2, 3)] == ["As", "Kc", "Qc"]
    assert [hand.players[s].up for s in (1, 2, 3)] == [[True] + [False] * 4] * 3


def test_an_order_must_use_exactly_the_five_cards_held():
    hand = levys()
    through_the_draw(hand)
    for bad in ("1 arrange As 5c 4h 3c", "1 arrange As 5c 4h 3c Kd", "1 arrange As As 4h 3c 2d"):
        with pytest.raises(RulesError):
            act(hand, bad)
    assert not hand.players[1].arranged


def test_best_exposed_hand_speaks_first_after_each_reveal():
    hand = levys()
    through_the_draw(hand)
    act(hand, "1 arrange As 5c 4h 3c 2d", "2 arrange Kc Kd 9d 2c 6h", "3 arrange Qc Qd Jh Js Th")
    assert hand.to_act == 1  # As beats Kc and Qc
    act(hand, "1 check", "2 check", "3 check")
    assert hand.to_act == 2  # Kc Kd beats Qc Qd
    assert hand.street == "Second card up"


def test_replace_one_face_up_card_comes_up_hole_card_comes_down():
    hand = levys()
    through_the_reveals(hand)
    assert (hand.step, hand.to_act) == ("replace", 3)  # same order as the last round
    act(hand, "3 replace Th")
    assert cards_of(hand, 3) == "Qc Qd Jh Js Tc"
    assert hand.players[3].up == [True, True, True, True, False]
    assert hand.log[-1] == {"event": "replace", "seat": 3, "face_up": False}
    assert "Tc" not in str(view(hand, 1))
    assert "Tc" in str(view(hand, 3))
    act(hand, "1 keep")
    act(hand, "2 replace 2c")
    assert cards_of(hand, 2) == "Kc Kd 9d 9c 6h"
    assert hand.players[2].up == [True, True, True, True, False]
    assert [e for e in hand.log if e["event"] == "replace"][-1] == {
        "event": "replace",
        "seat": 2,
        "face_up": True,
        "card": "2c",
        "new": "9c",
    }
    assert hand.street == "Final"


def test_final_round_is_opened_by_the_recomputed_best_exposed_hand():
    hand = levys()
    through_the_reveals(hand)
    assert hand.round_order[0] == 3  # Qc Qd Jh Js opened the fourth-card round
    act(hand, "3 replace Th", "1 keep", "2 replace 2c")
    # Now seat 2 shows Kc Kd 9d 9c: two pair, kings up, beats queens up.
    assert hand.to_act == 2


def test_both_ways_scoop_with_chips_in_fist():
    hand = levys()
    through_the_reveals(hand)
    act(hand, "3 replace Th", "1 keep", "2 replace 2c")
    act(hand, "2 check", "3 check", "1 check")
    assert hand.step == "declare"
    act(hand, "2 declare high", "1 declare both")
    spectator = view(hand, None)
    assert [s["declaration"] for s in spectator["seats"]] == [None, None, None]
    assert [s["declared"] for s in spectator["seats"]] == [True, True, False]
    assert view(hand, 1)["seats"][0]["declaration"] == "both"
    assert view(hand, 1)["seats"][1]["declaration"] is None
    act(hand, "3 declare high")
    assert hand.finished
    assert won(hand) == {1: 15}
    assert hand.final_stacks() == {1: 110, 2: 95, 3: 95}
    assert hand.awards[0].reason == "Both declarer, strictly best high and low: scoops the pot"
    shown = [e for e in hand.log if e["event"] == "declarations"]
    assert shown == [
        {"event": "declarations", "declarations": {"1": "both", "2": "high", "3": "high"}}
    ]


def test_everyone_but_one_folds_and_that_player_wins_at_once():
    hand = levys()
    act(hand, "1 bet 2", "2 fold", "3 fold")
    assert hand.finished
    assert won(hand) == {1: 3}
    assert hand.final_stacks() == {1: 102, 2: 99, 3: 99}


def test_exposed_ties_go_to_the_first_clockwise_from_the_button():
    # Button seat 1: clockwise order 2, 3, 1. Seats 3 and 1 both show an ace first.
    hand = new_hand(
        "levys",
        ["Ad 2d 3c 4h 9s", "Kc Kd Kh 7s 8s", "Ac Qd Jh Js 6s"],
        ante=1,
        button=1,
    )
    act(hand, "2 check", "3 check", "1 check")
    act(hand, "2 draw", "3 draw", "1 draw")
    act(hand, "1 arrange Ad 2d 3c 4h 9s", "2 arrange 7s Kc Kd Kh 8s", "3 arrange Ac Qd Jh Js 6s")
    assert hand.to_act == 3


def test_all_in_best_exposed_hand_is_skipped():
    hand = levys(stacks=[3, 100, 100])
    act(hand, "1 bet 2", "2 call", "3 call")  # seat 1 is all-in
    act(hand, "1 draw 9s", "2 draw 7s 8s", "3 draw 6s")
    act(hand, "1 arrange As 5c 4h 3c 2d", "2 arrange Kc Kd 9d 2c 6h", "3 arrange Qc Qd Jh Js Th")
    assert hand.players[1].stack == 0
    assert hand.to_act == 2  # seat 1 shows the ace but is all-in


def test_actions_at_the_wrong_step_are_refused_and_change_nothing():
    hand = levys()
    before = hand.state_key()
    for bad in ("1 draw 9s", "1 declare high", "1 arrange As 2d 3c 4h 9s", "1 keep"):
        with pytest.raises(WrongStep):
            act(hand, bad)
        assert hand.state_key() == before


def test_the_absent_action_keeps_the_dealt_order_and_keeps_all_cards():
    hand = levys()
    through_the_draw(hand)
    assert hand.absent_action(2) == {
        "seat": 2,
        "type": "arrange",
        "order": ["Kc", "Kd", "6h", "2c", "9d"],
    }
    hand.apply(hand.absent_action(2))
    assert cards_of(hand, 2) == "Kc Kd 6h 2c 9d"
