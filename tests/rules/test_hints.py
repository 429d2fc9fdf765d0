"""Hints come from one seat's view: the same view with other cards hidden elsewhere gives
the same words, and every step of every game has its line."""

import random

import pytest

from games.rules.config import HandConfig
from games.rules.document import new_document, replay
from games.rules.hand import PROGRAMS
from games.rules.hints import (
    hand_in_words,
    hint_for_actor,
    hint_for_others,
    what_next,
)
from games.rules.view import view
from tests.rules.playout import random_action

GAMES = {"levys": {"ante": 1}, "high-low-declare": {"ante": 1},
         "sviten": {"small_blind": 1, "big_blind": 2}}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_a_hand_has_a_line_for_the_player_to_act(game):
    rng = random.Random(3)
    steps = set()
    for _ in range(20):
        seats = [(s, f"P{s}", 100) for s in (1, 2, 3)]
        hand = replay(new_document(HandConfig(game, **GAMES[game]), seats, 1, rng))
        while not hand.finished:
            for seat in hand.actors():
                line = hint_for_actor(view(hand, seat))
                assert line, (game, hand.step)
                steps.add(hand.step)
            action = random_action(hand, rng)
            hand.apply(action)
    assert "betting" in steps and ({"draw"} <= steps or {"lock"} <= steps)


@pytest.mark.parametrize("game", GAMES)
def test_every_betting_round_says_what_it_leads_to(game):
    """A learner is told where each round goes ("Next: the flop, …"): every round of every
    game has its line, and a step that is no betting has none."""
    rng, rounds = random.Random(5), set()
    for _ in range(30):
        seats = [(s, f"P{s}", 100) for s in (1, 2, 3)]
        hand = replay(new_document(HandConfig(game, **GAMES[game]), seats, 1, rng))
        while not hand.finished:
            seen = view(hand, hand.actors()[0])
            said = what_next(seen)
            assert bool(said) == (seen["step"] == "betting"), (seen["street"], said)
            rounds.add(seen["street"]) if said else None
            action = random_action(hand, rng)
            if action["type"] == "fold" and hand.step == "betting":  # (to see each round)
                kinds = hand.legal_actions(action["seat"])["kinds"]
                action = {"seat": action["seat"], "type": "check" if "check" in kinds else "call"}
            hand.apply(action)
    assert rounds == {step[1] for step in PROGRAMS[game] if step[0] == "bet"}


def test_what_comes_after_a_round_is_said_in_the_games_order():
    def after(game, street):
        return what_next({"step": "betting", "game": game, "street": street})

    assert after("levys", "Fourth card up") == "Next: each player may replace one card."
    assert after("levys", "Final") == "Next: everyone declares, then the showdown."
    assert after("sviten", "Flop") == (
        "Next: the draw (exchange 0 to 5 cards; exchange exactly one and the next card is "
        "shown to all), then the turn."
    )
    assert after("sviten", "River") == "Next: the showdown."


@pytest.mark.parametrize("structure", ["pot-limit", "half-pot-limit", "fixed-limit", "no-limit"])
def test_a_bettor_is_told_the_rule_of_the_tables_structure(structure):
    config = HandConfig("sviten", small_blind=1, big_blind=2, structure=structure)
    hand = replay(new_document(config, [(1, "Ann", 100), (2, "Bo", 100)], 1))
    line = hint_for_actor(view(hand, hand.to_act))
    assert line.startswith(structure.capitalize() + ": "), line
    if structure == "fixed-limit":  # with the round's size: the small bet before the draw
        assert line == "Fixed-limit: every bet and raise is 2 this round."
    capped = HandConfig("sviten", small_blind=1, big_blind=2, structure="no-limit", stake_cap=30)
    hand = replay(new_document(capped, [(1, "Ann", 100), (2, "Bo", 100)], 1))
    assert hint_for_actor(view(hand, hand.to_act)).endswith("or to the stake cap.")


@pytest.mark.parametrize("structure", ["pot-limit", "half-pot-limit"])
@pytest.mark.parametrize("players", [2, 3])
def test_a_pot_limit_raise_is_told_as_the_engine_sizes_it(structure, players):
    """ "Raise by at most the pot after your call": the blind on the button heads-up, who
    has 1 in, and a first player with nothing in (RULES.md §1: 1/2 blinds allow 7, or 4)."""
    config = HandConfig("sviten", small_blind=1, big_blind=2, structure=structure)
    seats = [(s, f"P{s}", 100) for s in range(1, players + 1)]
    hand = replay(new_document(config, seats, 1))
    legal = hand.legal_actions(hand.to_act)
    half = structure == "half-pot-limit"
    by = (legal["pot"] + legal["call"]) // (2 if half else 1)  # the pot after the call
    assert legal["max_to"] == legal["bet_already"] + legal["call"] + by
    assert hint_for_actor(view(hand, hand.to_act)) == (
        "Half-pot-limit: raise by at most half the pot after your call, rounded down."
        if half
        else "Pot-limit: raise by at most the pot after your call."
    )


def test_a_declarer_is_told_both_ways_or_nothing_unless_every_declarer_fails():
    """RULES.md §1, Declarations 2 and 4: a failed Both wins nothing from the pot, unless
    nobody is left in it; the hint says both, for either way of declaring."""
    for declare in ("chips", "vocal"):
        line = hint_for_actor({"step": "declare", "stakes": {"declare": declare}})
        assert (
            "must win both ways outright, or win nothing (unless every declarer fails at "
            "Both: then as if nobody had declared)." in line
        )
    spoiled = {"declare": "chips", "low": "ace-to-six"}  # the low at stake, where it counts:
    line = hint_for_actor({"step": "declare", "stakes": spoiled})  # before Both's rule, in a
    assert line.startswith(  # hint's first lines
        "Chips in fist: High, Low or Both. Ace-to-six low: a straight or a flush spoils a low."
    )


@pytest.mark.parametrize("structure", ["pot-limit", "half-pot-limit"])
def test_the_first_bettor_is_told_how_much_to_bet_not_to_raise(structure):
    config = HandConfig("levys", ante=1, structure=structure)
    hand = replay(new_document(config, [(1, "Ann", 100), (2, "Bo", 100)], 1))
    assert "bet" in hand.legal_actions(hand.to_act)["kinds"]  # nobody has bet: nothing to call
    half = "half " if structure == "half-pot-limit" else ""
    line = hint_for_actor(view(hand, hand.to_act))  # (the pot of 2 allows less than the
    assert line == (f"{structure.capitalize()}: bet at most {half}the pot, or the minimum "
                    "bet where that is more.")  # minimum bet of 2)  # fmt: skip


def test_a_bettor_who_may_only_call_or_fold_is_told_so_not_how_much_to_raise():
    config = HandConfig("sviten", small_blind=1, big_blind=2, structure="no-limit")
    hand = replay(new_document(config, [(1, "Ann", 100), (2, "Bo", 100)], 1))
    shover = hand.to_act
    hand.apply({"seat": shover, "type": "raise", "to": hand.legal_actions(shover)["all_in_to"]})
    caller = hand.to_act
    assert set(hand.legal_actions(caller)["kinds"]) == {"fold", "call"}
    assert hint_for_actor(view(hand, caller)) == "Only a call or a fold is open to you."


def test_a_bettor_held_to_a_call_by_the_stake_cap_is_told_it_is_the_cap():
    config = HandConfig("sviten", small_blind=1, big_blind=2, structure="no-limit", stake_cap=10)
    hand = replay(new_document(config, [(1, "Ann", 100), (2, "Bo", 100)], 1))
    hand.apply({"seat": hand.to_act, "type": "raise", "to": 10})  # all the cap allows
    caller = hand.to_act
    assert set(hand.legal_actions(caller)["kinds"]) == {"fold", "call"}  # deep, but capped
    assert hint_for_actor(view(hand, caller)) == (
        "The stake cap (10 from a player in a hand) leaves you only a call or a fold."
    )
    short = replay(new_document(config, [(1, "Ann", 100), (2, "Bo", 6)], 1))
    short.apply({"seat": short.to_act, "type": "raise", "to": 10})
    assert short.legal_actions(short.to_act)["all_in_to"] == 6  # its stack, not the cap
    assert hint_for_actor(view(short, short.to_act)) == "Only a call or a fold is open to you."


def test_others_are_told_what_the_table_waits_for_without_a_secret():
    doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 100), (2, "Bo", 100)], 2)
    hand = replay(doc)
    for line in ("1 check", "2 check", "1 draw", "2 draw"):
        seat, kind = line.split()
        hand.apply({"seat": int(seat), "type": kind, **({"discard": []} if kind == "draw" else {})})
    said = hint_for_others(view(hand, None))
    assert said == "Ann and Bo are choosing the order the cards will be turned up; nobody sees it."
    cards = {str(c) for p in hand.players.values() for c in p.cards}
    assert not any(card in said for card in cards)


def test_while_fists_close_the_others_are_not_told_the_names_again():
    config = HandConfig("high-low-declare", ante=1, structure="fixed-limit", small_bet=2,
                        big_bet=4, low="ace-to-six")  # fmt: skip
    seats = [(1, "Ann", 100), (2, "Bo", 100), (3, "Cy", 100)]
    hand = replay(new_document(config, seats, 1))
    while hand.step != "declare":
        seat = hand.to_act
        kinds = hand.legal_actions(seat)["kinds"]
        kind = "draw" if hand.step == "draw" else "check" if "check" in kinds else "call"
        hand.apply({"seat": seat, "type": kind, **({"discard": []} if kind == "draw" else {})})
    assert len(view(hand, None)["actors"]) == 3  # (the step line names all three)
    said = hint_for_others(view(hand, None))
    assert said == "The fists open together once everyone has declared."


def test_a_players_own_cards_in_words_for_each_game():
    cards = ["Ah", "Kh", "Qh", "2c", "2d"]
    assert hand_in_words(cards, [], "levys", "ace-to-five") == (
        "Pair of twos · 2-2-K-Q-A low, paired"  # every hand has a low
    )
    assert hand_in_words(cards, [], "sviten", None) == "five-card: Pair of twos"
    board = ["Jh", "Th", "9h"]  # Kh Qh with the board: a straight flush
    assert hand_in_words(cards, board, "sviten", None) == (
        "Omaha: Straight flush, king high · five-card: Pair of twos"
    )
    assert hand_in_words([None] * 5, [], "levys", "ace-to-five") == ""


def test_a_spoilt_low_says_what_spoils_it_without_repeating_the_high_hand():
    words = [
        ("ace-to-five", "Kd Kh 5c 5s 9d", "Two pair, kings and fives · K-K-5-5-9 low, paired"),
        ("ace-to-six", "7c 5c 4c 3c 2c", "Flush, seven high · 7-5-4-3-2 low, a flush"),
        ("ace-to-six", "Qc Td 7h 6s 4d", "Queen high · Q-10-7-6-4 low"),  # 10, as the card
    ]
    for low, cards, said in words:
        assert hand_in_words(cards.split(), [], "high-low-declare", low) == said
    wheel = ["5d", "4c", "3h", "2s", "Ad"]  # ace-to-five: the best low, its straight no harm
    said = "Straight, five high · 5-4-3-2-A low"
    assert hand_in_words(wheel, [], "levys", "ace-to-five") == said
    straight = hand_in_words(["6c", "5d", "4h", "3s", "2c"], [], "levys", "ace-to-six")
    assert straight == "Straight, six high · 6-5-4-3-2 low, a straight"
