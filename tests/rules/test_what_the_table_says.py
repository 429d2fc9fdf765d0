"""What the engine tells a table besides the cards: the pots in play, why a control stops
where it does, who made an action, and the moment of the hand in words."""

import pytest

from games.rules.config import HandConfig
from games.rules.document import new_document, replay
from games.rules.errors import IllegalAction
from games.rules.view import last_actions, view
from tests.rules.scripting import act, new_hand

ACES = "As Ah Kh Qs 9c"
KINGS = "Kc Kd Qh Js 9d"
TRIPS = "8s 8d 8h Ks Jc"


def test_a_call_still_to_come_makes_no_side_pot():
    hand = new_hand("levys", [ACES, KINGS, TRIPS], ante=1)
    act(hand, "1 bet 2", "2 raise 4")
    assert [(p["name"], p["amount"]) for p in view(hand)["pots"]] == [("Main pot", 9)]


def test_a_short_all_in_makes_a_side_pot_while_the_hand_is_played():
    hand = new_hand("levys", [ACES, KINGS, TRIPS], stacks=[3, 100, 100], ante=1,
                    structure="no-limit", min_bet=2)  # fmt: skip
    act(hand, "1 bet 2", "2 raise 10")  # seat 1 is all-in for 3; seat 3 has not called
    assert [(p["name"], p["amount"]) for p in view(hand)["pots"]] == [
        ("Main pot", 7),
        ("Side pot 1", 8),
    ]


def test_betting_limits_say_what_bounds_them():
    hand = new_hand("levys", [ACES, KINGS, TRIPS], stacks=[100, 100, 30], ante=1,
                    structure="pot-limit", stake_cap=20, raise_cap=1)  # fmt: skip
    act(hand, "1 bet 2", "2 raise 8")
    legal = hand.legal_actions(3)
    assert legal["raise_kind"] is None  # one raise of one allowed
    assert (legal["raises"], legal["raise_cap"]) == (1, 1)
    assert legal["cap_to"] == 19  # 20 in the hand, 1 of them the ante
    assert legal["all_in_to"] == 29


def test_a_call_that_takes_every_chip_is_marked_all_in():
    hand = new_hand("levys", [ACES, KINGS], stacks=[100, 5], ante=1, structure="no-limit",
                    min_bet=2)  # fmt: skip
    act(hand, "1 bet 10", "2 call")
    call = next(e for e in hand.log if e["event"] == "call")
    assert call == {"event": "call", "seat": 2, "amount": 4, "all_in": True}


def test_the_stand_in_who_acts_for_an_absent_player_is_kept_in_the_log_and_the_actions():
    document = new_document(HandConfig("levys", ante=1), [(1, "Ann", 100), (2, "Bo", 100)], 2)
    hand = replay(document)
    hand.apply({**hand.absent_action(1), "by": "clock"})
    assert hand.actions[-1] == {"seat": 1, "type": "check", "by": "clock"}
    assert hand.log[-1] == {"event": "check", "seat": 1, "by": "clock"}
    assert replay({**document, "actions": hand.actions}).log == hand.log


def test_a_stand_in_that_is_not_the_clock_or_the_host_is_refused():
    hand = new_hand("levys", [ACES, KINGS], ante=1)
    before = hand.state_key()
    with pytest.raises(IllegalAction):
        hand.apply({"seat": 1, "type": "check", "by": "Bob"})
    assert hand.state_key() == before


@pytest.mark.parametrize(
    ("lines", "stage"),
    [
        ([], "Betting before the draw"),
        (["1 check", "2 check"], "The draw"),
        (["1 check", "2 check", "1 draw", "2 draw"], "Arranging the reveal order"),
    ],
)
def test_each_step_of_levys_game_has_its_own_name(lines, stage):
    hand = new_hand("levys", [ACES, KINGS], ante=1, button=2)
    act(hand, *lines)
    assert view(hand)["stage"] == stage


def test_sviten_names_its_draw_and_one_up():
    hand = new_hand("sviten", [ACES, KINGS], small_blind=1, big_blind=2, button=2)
    assert view(hand)["stage"] == "Pre-flop betting"
    act(hand, "2 call", "1 check", "1 check", "2 check")
    assert view(hand)["stage"] == "The draw: choosing discards"
    act(hand, "1 draw As", "2 draw")
    assert view(hand)["stage"] == "The draw: one up"


def test_the_showdown_names_each_live_hand_by_what_it_was_declared_for():
    hand = new_hand("high-low-declare", [ACES, "6c 4d 3c 2d Ac", TRIPS], ante=1)
    act(hand, "1 bet 2", "2 call", "3 fold", "1 draw", "2 draw", "1 check", "2 check")
    act(hand, "1 declare high", "2 declare both")
    assert view(hand)["shown_hands"] == {
        1: "Pair of aces",
        2: "Ace high · 6-4-3-2-A low",
    }
    assert view(hand, 3)["shown_hands"] == view(hand)["shown_hands"]  # public at showdown


def test_no_hand_is_named_before_the_showdown_or_when_everyone_else_folds():
    hand = new_hand("levys", [ACES, KINGS], ante=1)
    assert view(hand)["shown_hands"] == {}
    act(hand, "1 bet 2", "2 fold")
    assert view(hand)["shown_hands"] == {}


def test_a_spoilt_low_at_the_showdown_is_named_by_its_cards_and_what_spoils_it():
    hand = new_hand("high-low-declare", [ACES, "6c 4d 3c 2d Ac", TRIPS], ante=1)
    act(hand, "1 bet 2", "2 fold", "3 call", "1 draw", "3 draw", "1 check", "3 check")
    act(hand, "1 declare high", "3 declare low")
    assert view(hand)["shown_hands"][3] == "8-8-8-K-J low, three of a kind"  # trips: no pair


def test_a_both_declarers_spoilt_low_is_said_as_every_line_says_a_low():
    hand = new_hand("high-low-declare", [ACES, "6c 4d 3c 2d Ac", TRIPS], ante=1)
    act(hand, "1 bet 2", "2 fold", "3 call", "1 draw", "3 draw", "1 check", "3 check")
    act(hand, "1 declare both", "3 declare low")
    assert view(hand)["shown_hands"][1] == "Pair of aces · A-A-K-Q-9 low, paired"  # as listed


def test_the_showdown_says_who_beat_each_hand_that_won_nothing():
    hand = new_hand("high-low-declare", [ACES, "6c 4d 3c 2d Ac", "7h 5h 4s 3h 2s"], ante=1)
    act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
    act(hand, "1 check", "2 check", "3 check", "1 declare high", "2 declare low")
    act(hand, "3 declare low")
    assert view(hand)["beaten"] == {3: {"low": [2]}}  # 6-4-3-2-A beats 7-5-4-3-2
    hand = new_hand("high-low-declare", [ACES, KINGS, "6c 4d 3c 2d Ac"], ante=1)
    act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
    act(hand, "1 check", "2 check", "3 check", "1 declare high", "2 declare both")
    act(hand, "3 declare low")
    assert view(hand)["beaten"] == {}  # the Both declarer is told why by its award
    hand = new_hand("high-low-declare", ["5h 4h 3h 2h Ah", "6c 4d 3c 2d 7c", KINGS], ante=1,
                    low="ace-to-five")  # fmt: skip
    act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
    act(hand, "1 check", "2 check", "3 check", "1 declare both", "2 declare both")
    act(hand, "3 declare high")
    assert view(hand)["beaten"] == {3: {"high": [1]}}  # the other Both declarer has its award


def _marked(hand, seat: int) -> list[str]:
    """The cards ``seat``'s own view marks as just drawn."""
    return [c["card"] for c in view(hand, seat)["seats"][seat - 1]["cards"] if c.get("new")]


def test_a_player_sees_which_of_their_cards_they_just_drew_and_nobody_else_does():
    # dealt from seat 1: the draw gives seat 1 the 5c and 2c, seat 3 the 4h
    hand = new_hand("high-low-declare", [ACES, KINGS, TRIPS], then="5c 2c 4h", ante=1)
    act(hand, "1 check", "2 check", "3 check")
    assert _marked(hand, 1) == []
    act(hand, "1 draw As Ah", "2 draw", "3 draw Jc")
    assert _marked(hand, 1) == ["5c", "2c"]  # in the places of the cards thrown away
    assert _marked(hand, 2) == []  # stood pat
    assert _marked(hand, 3) == ["4h"]
    assert "new" not in str(view(hand, 2)["seats"][0]) + str(view(hand)["seats"])
    act(hand, "1 check", "2 check", "3 check", "1 declare low", "2 declare high")
    act(hand, "3 declare high")
    assert hand.finished and _marked(hand, 1) == []  # the result shows plain hands


def test_the_last_exchange_is_marked_in_levys_replace_and_sviten_one_up():
    from tests.rules.test_sviten_special import sviten, to_the_draw

    hand = sviten()
    to_the_draw(hand)
    act(hand, "1 draw 2s", "2 draw 3d", "3 draw 5s 6s", "1 take", "2 decline")
    assert (_marked(hand, 1), _marked(hand, 2), _marked(hand, 3)) == (["Ac"], ["2c"],
                                                                      ["Th", "7s"])  # fmt: skip
    hand = new_hand("levys", [ACES, KINGS], then="5c 2c 4h", ante=1)
    act(hand, "1 check", "2 check", "1 draw As", "2 draw")
    assert _marked(hand, 1) == ["5c"]
    act(hand, "1 arrange 5c Ah Kh Qs 9c", "2 arrange Kc Kd Qh Js 9d")
    while hand.step == "betting":  # the best hand showing checks first, card by card
        act(hand, f"{hand.to_act} check")
    assert _marked(hand, 1) == ["5c"]  # through the reveal, in its new place
    act(hand, "2 keep", "1 replace Ah")  # in the last round's order: the kings first
    assert _marked(hand, 1) == ["2c"]  # the replacement is the latest card drawn


def test_a_player_who_folds_still_sees_their_hand_greyed_and_others_see_nothing_of_it():
    hand = new_hand("levys", [ACES, KINGS, TRIPS], then="5c", ante=1)
    act(hand, "1 check", "2 check", "3 check", "1 draw As", "2 draw", "3 draw")
    act(hand, "1 arrange 5c Ah Kh Qs 9c", "2 arrange Kc Kd Qh Js 9d")
    act(hand, "3 arrange 8s 8d 8h Ks Jc")
    assert hand.to_act == 2  # the king showing bets first
    act(hand, "2 bet 2", "3 call", "1 raise 6", "2 fold")
    own = view(hand, 2)["seats"][1]["cards"]
    assert [(c["card"], c["up"], c["folded"]) for c in own] == [
        ("Kc", True, True), ("Kd", False, True), ("Qh", False, True), ("Js", False, True),
        ("9d", False, True),
    ]  # fmt: skip
    for other in (None, 1, 3):  # its up card went to the muck with the rest
        assert view(hand, other)["seats"][1]["cards"] == []


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_a_folded_hand_shown_to_its_player_never_tells_where_its_cards_went(game):
    """Random hands with reshuffles: a folded hand its player still sees holds no card
    another seat holds now, and once gone (a reshuffle may deal it) it never comes back,
    even when its cards return to the muck from the hands they were dealt to."""
    import random

    from tests.rules.playout import random_action, random_hand

    rng, reshuffled = random.Random(11), 0
    for _ in range(150):
        hand, _ = random_hand(game, rng)
        gone: set[int] = set()
        while not hand.finished:
            for seat, p in hand.players.items():
                shown = {c["card"] for c in view(hand, seat)["seats"][
                    list(hand.players).index(seat)]["cards"] if c.get("folded")}  # fmt: skip
                held = {str(c) for s, q in hand.players.items() if s != seat for c in q.cards}
                assert not shown & held, f"seat {seat} sees where its folded cards went"
                assert not (shown and seat in gone), f"seat {seat}'s folded hand came back"
                if p.folded and not shown:
                    gone.add(seat)
            hand.apply(random_action(hand, rng))
        reshuffled += hand.deck.reshuffles > 0
    assert reshuffled >= (1 if game == "sviten" else 5)  # the case that matters was played


def test_a_folded_hand_dealt_again_and_mucked_again_stays_gone():
    from tests.rules.test_reshuffle_and_table import EIGHT

    hand = new_hand("levys", EIGHT, ante=1, reshuffle=EIGHT[7])  # seat 8's hand first
    act(hand, "1 bet 2", *[f"{s} call" for s in range(2, 6)], "6 fold", "7 fold", "8 fold")
    assert len(view(hand, 8)["seats"][7]["cards"]) == 5  # seen by seat 8 alone, greyed
    act(hand, "1 draw " + EIGHT[0], "2 draw " + EIGHT[1], "3 draw " + EIGHT[2])
    act(hand, "4 draw " + EIGHT[3], "5 draw")  # the reshuffle deals seat 8's hand to 3 and 4
    assert view(hand, 8)["seats"][7]["cards"] == []
    for seat in range(1, 6):
        act(hand, f"{seat} arrange " + " ".join(str(c) for c in hand.players[seat].cards))
    while not (hand.players[3].folded and hand.players[4].folded):  # back to the muck
        seat = hand.to_act
        kinds = hand.legal_actions(seat)["kinds"]
        if seat in (3, 4):  # they fold to the first bet they face
            act(hand, f"{seat} fold" if "fold" in kinds else f"{seat} check")
        else:
            act(hand, f"{seat} call" if "call" in kinds else f"{seat} bet 2")
    assert all(c in hand.deck.muck for c in hand.players[8].mucked)
    assert view(hand, 8)["seats"][7]["cards"] == []  # its return would say who folded what


def test_an_action_made_for_an_absent_player_says_who_made_it_on_the_seat():
    hand = new_hand("levys", [ACES, KINGS, TRIPS], ante=1)
    hand.apply({"seat": 1, "type": "check", "by": "clock"})
    act(hand, "2 bet 2")
    hand.apply({"seat": 3, "type": "fold", "by": "host"})
    said = last_actions(hand.log, hand.step)
    assert said == {1: "Check (clock)", 2: "Bet 2", 3: "Fold (host)"}
