"""The stub runs out (RULES.md §1), the button's move and dealer's choice (§5)."""

import pytest

from games.rules.cards import FULL_DECK
from games.rules.config import HandConfig
from games.rules.errors import BadSettings, OutOfTurn, Refused
from games.rules.hand import Hand
from games.rules.table import (
    choose_game,
    game_for_absent_chooser,
    host_may_act_for,
    next_button,
    next_deal,
)
from games.rules.view import view
from tests.rules.scripting import act, cards_of, new_hand
from tests.rules.test_playout import Witness

EIGHT = [
    "2c 3c 4c 5c 6c",
    "7c 8c 9c Tc Jc",
    "Qc Kc Ac 2d 3d",
    "4d 5d 6d 7d 8d",
    "9d Td Jd Qd Kd",
    "Ad 2h 3h 4h 5h",
    "6h 7h 8h 9h Th",
    "Jh Qh Kh Ah 2s",
]


def test_the_muck_is_reshuffled_without_the_discards_of_the_player_served():
    hand = new_hand("levys", EIGHT, ante=1)
    act(hand, *[f"{s} check" for s in range(1, 9)])
    act(hand, "1 draw " + EIGHT[0], "2 draw " + EIGHT[1])
    assert len(hand.deck.stub) == 2
    act(hand, "3 draw " + EIGHT[2])
    reshuffles = [e for e in hand.log if e["event"] == "reshuffle"]
    assert reshuffles == [{"event": "reshuffle", "seat": 3, "held_out": 5, "stub_size": 7}]
    new = [str(c) for c in hand.players[3].cards]
    # The last two stub cards first, then three from the reshuffled discards of seats 1-2.
    assert new[:2] == ["Ks", "As"]
    assert set(new[2:]) <= set(f"{EIGHT[0]} {EIGHT[1]}".split())
    assert not set(new) & set(EIGHT[2].split())
    every_card = [c for p in hand.players.values() for c in p.cards]
    every_card += hand.deck.stub + hand.deck.muck
    assert len(every_card) == 52 and len(set(every_card)) == 52


def test_folded_hands_go_to_the_muck_and_a_reshuffle_deals_them():
    hand = new_hand("levys", EIGHT, ante=1, reshuffle="Qc Jh Qh 2c")
    witness = Witness(hand)
    act(hand, "1 bet 2", *[f"{s} call" for s in range(2, 6)], "6 fold", "7 fold", "8 fold")
    assert hand.players[8].cards == [] and len(hand.deck.muck) == 15
    act(hand, "1 draw " + EIGHT[0], "2 draw " + EIGHT[1], "3 draw " + EIGHT[2])
    reshuffles = [e for e in hand.log if e["event"] == "reshuffle"]
    assert reshuffles == [{"event": "reshuffle", "seat": 3, "held_out": 5, "stub_size": 22}]
    # The stub's last two, then the muck in reshuffle order: Qc is seat 3's own discard,
    # held out; Jh and Qh are seat 8's folded hand; 2c is seat 1's discard.
    assert cards_of(hand, 3) == "Ks As Jh Qh 2c"
    every_card = [c for p in hand.players.values() for c in p.cards]
    every_card += hand.deck.stub + hand.deck.muck
    assert len(every_card) == 52 and len(set(every_card)) == 52
    witness.update(hand)
    for seat in [*hand.players, None]:
        witness.check(hand, seat)  # the folded cards reach nobody but their new holder
    assert view(hand, 8)["seats"][7]["cards"] == []  # its folded hand, dealt again: gone
    assert "Jh" not in str(view(hand, None)) and "Jh" in str(view(hand, 3))


def test_the_button_moves_to_the_next_seat_dealt_in():
    assert next_button(3, [1, 3, 5, 6], table_size=6) == 5
    assert next_button(6, [1, 3, 5, 6], table_size=6) == 1
    assert next_button(4, [1, 3, 5], table_size=6) == 5  # the old button left
    assert next_button(None, [2, 5], table_size=6) == 2
    with pytest.raises(BadSettings):
        next_button(1, [], table_size=6)


def test_dealers_choice_is_made_by_the_button():
    assert choose_game(3, button=3, game="sviten") == "sviten"
    with pytest.raises(OutOfTurn, match="seat 3 is on the button"):
        choose_game(2, button=3, game="sviten")
    with pytest.raises(BadSettings, match="unknown game"):
        choose_game(3, button=3, game="omaha")
    with pytest.raises(Refused, match="Sviten Special is for 2 to 6 players"):
        choose_game(3, button=3, game="sviten", players=7)
    assert game_for_absent_chooser("sviten", players=4) == "sviten"
    assert game_for_absent_chooser(None, players=7) == "levys"
    assert game_for_absent_chooser("sviten", players=7) == "levys"  # Sviten seats six


def test_the_host_acts_only_for_a_player_away_or_out_of_time():
    host_may_act_for("Ann", bot=False, here=False, clock_out=False)
    host_may_act_for("Ann", bot=False, here=True, clock_out=True)
    with pytest.raises(Refused, match="Ann is at the table"):
        host_may_act_for("Ann", bot=False, here=True, clock_out=False)
    with pytest.raises(Refused, match="it acts for itself"):
        host_may_act_for("Bot Ada", bot=True, here=False, clock_out=True)


def test_the_next_deal_takes_as_many_as_its_game_seats_and_moves_the_button():
    ready = [(s, f"P{s}", 100) for s in (1, 2, 4, 5, 6, 7, 8)]
    deal = next_deal("sviten", ready, previous=2, table_size=8)
    assert [s for s, _, _ in deal.seats] == [1, 2, 4, 5, 6, 7] and deal.button == 4
    assert next_deal("levys", ready, previous=8, table_size=8).button == 1
    assert next_deal("", ready, previous=2, table_size=8) is None  # no choice made yet
    assert next_deal("levys", ready[:1], previous=None, table_size=8) is None


@pytest.mark.parametrize(
    ("game", "players"),
    [("levys", 9), ("high-low-declare", 8), ("sviten", 7), ("sviten", 1)],
)
def test_each_game_seats_only_its_number_of_players(game, players):
    seats = [(s, f"P{s}", 100) for s in range(1, players + 1)]
    with pytest.raises(BadSettings, match="players"):
        Hand(HandConfig(game, ante=1, table_size=10), seats, 1, FULL_DECK)


@pytest.mark.parametrize(
    ("seats", "button", "message"),
    [
        ([(1, "A", 100), (1, "B", 100)], 1, "only once"),
        ([(1, "A", 100), (2, "B", 0)], 1, "needs chips"),
        ([(1, "A", 100), (11, "B", 100)], 1, "not a seat"),
        ([(1, "A", 100), (2, "B", 100)], 5, "button"),
    ],
)
def test_bad_seating_is_refused(seats, button, message):
    with pytest.raises(BadSettings, match=message):
        Hand(HandConfig("levys", ante=1), seats, button, FULL_DECK)


@pytest.mark.parametrize(
    "settings",
    [
        {"game": "omaha", "ante": 1},
        {"game": "levys"},
        {"game": "levys", "ante": 1, "declare": "vocal"},
        {"game": "levys", "ante": -1},
        {"game": "sviten", "small_blind": 3, "big_blind": 2},
        {"game": "sviten", "small_blind": 1},
        {"game": "levys", "ante": 1, "low": "deuce-to-seven"},
        {"game": "levys", "ante": 1, "structure": "spread"},
        {"game": "levys", "ante": 1, "raise_cap": "three"},
        {"game": "levys", "ante": 1, "table_size": 11},
    ],
)
def test_bad_settings_are_refused_with_a_message(settings):
    with pytest.raises(BadSettings):
        HandConfig(**settings)


def test_a_hand_of_the_first_format_replays_as_it_was_played_folds_out_of_the_muck():
    from games.rules.document import replay
    from tests.rules.scripting import scripted_document

    document = scripted_document("levys", EIGHT, ante=1, reshuffle="Qc Jh Qh 2c")
    lines = ["1 bet 2", *[f"{s} call" for s in range(2, 6)], "6 fold", "7 fold", "8 fold"]
    played = new_hand("levys", EIGHT, ante=1, reshuffle="Qc Jh Qh 2c")
    act(played, *lines, "1 draw " + EIGHT[0], "2 draw " + EIGHT[1], "3 draw " + EIGHT[2])
    document["actions"] = played.actions
    assert cards_of(replay(document), 3) == "Ks As Jh Qh 2c"  # today's format: folds in the muck
    old = replay({**document, "format": "pokerhome-hand/1"})
    assert "Jh" not in cards_of(old, 3) and "Qh" not in cards_of(old, 3)  # as it was dealt then
