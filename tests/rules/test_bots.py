"""The practice bot: always legal, blind to what its seat may not see, sensible enough
to teach, and able to say why in one line."""

from __future__ import annotations

import copy
import random

import pytest

from games.rules.bots import Decision, choose
from games.rules.cards import FULL_DECK
from games.rules.config import HandConfig
from games.rules.document import start_hand
from games.rules.hand import Hand
from games.rules.view import view
from tests.rules.playout import random_hand
from tests.rules.scripting import act, new_hand

GAMES = ("levys", "high-low-declare", "sviten")
HANDS_PER_GAME = 1000
LONGEST_WHY = 80


def bot_move(hand: Hand, seat: int, rng: random.Random) -> Decision:
    decision = choose(view(hand, seat), rng)
    hand.apply({"seat": seat, **decision.action})
    return decision


def assert_one_short_line(why: str) -> None:
    assert why.strip() == why and why, f"an empty or padded why: {why!r}"
    assert "\n" not in why and len(why) <= LONGEST_WHY, f"not one short line: {why!r}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("longest_names", [False, True])
def test_bots_at_every_seat_play_random_hands_to_the_end_legally(game, longest_names):
    rng = random.Random(f"bots-{game}-{longest_names}")
    for _ in range(HANDS_PER_GAME if not longest_names else HANDS_PER_GAME // 4):
        hand, document = random_hand(game, rng)
        if longest_names:  # (a why names who shows what: 24 characters, the most a name has)
            for seat in document["seats"]:
                seat["name"] = f"Maximilian-Alexandra {seat['seat']:03d}"
            hand = start_hand(document)
        for _ in range(500):
            if hand.finished:
                break
            seat = rng.choice(hand.actors())
            legal = hand.legal_actions(seat)
            decision = bot_move(hand, seat, rng)  # Hand.apply raises on anything illegal
            assert decision.action["type"] in legal["kinds"]
            assert "seat" not in decision.action
            assert_one_short_line(decision.why)
        assert hand.finished, "a hand of bots did not finish"


# -- only its own view ------------------------------------------------------------------
def twin_hands(game: str, seed: int, **settings) -> tuple[Hand, Hand]:
    """Two three-handed hands that deal seat 1 the same cards, the same board and the same
    draws, while seats 2 and 3 hold other hidden cards and the rest of the stub differs.
    In Levy's Game only the others' hole cards differ: their other four are turned up."""
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    mine, prefix, deck = deck[:5], deck[5:17], deck[17:]  # seat 1's cards; board and draws
    fixed = 4 if game == "levys" else 0
    others_fixed, deck = [deck[:fixed], deck[fixed : 2 * fixed]], deck[2 * fixed :]
    hands = []
    for variant in (1, 2):
        rest = list(deck)
        random.Random(variant).shuffle(rest)
        hidden = 5 - fixed  # each other seat's cards that differ between the two
        others = [fixed_cards + rest[i * hidden : (i + 1) * hidden]
                  for i, fixed_cards in enumerate(others_fixed)]  # fmt: skip
        rest = rest[2 * hidden :]
        dealt = [mine, *others]
        order = [dealt[seat][i] for i in range(5) for seat in range(3)]
        seats = [(s, f"P{s}", 200) for s in (1, 2, 3)]
        hands.append(Hand(HandConfig(game, **settings), seats, 3, [*order, *prefix, *rest]))
    return hands[0], hands[1]


def others_move(hand: Hand, seat: int) -> dict:
    """Seats 2 and 3 call every bet, stand pat, keep their order, keep all, and fold at the
    declaration (what an absent player does, but calling)."""
    legal = hand.legal_actions(seat)
    if "call" in legal["kinds"]:
        return {"seat": seat, "type": "call"}
    return hand.absent_action(seat)


SETTINGS = {
    "levys": {"ante": 1},
    "high-low-declare": {"ante": 1, "structure": "pot-limit"},
    "sviten": {"small_blind": 1, "big_blind": 2},
}


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("game", GAMES)
def test_a_bot_chooses_the_same_whatever_the_others_hold_and_the_deck(game, seed):
    first, second = twin_hands(game, seed, **SETTINGS[game])
    assert [first.players[s].cards for s in (2, 3)] != [second.players[s].cards for s in (2, 3)]
    choices = 0
    while not first.finished:
        assert first.actors() == second.actors()
        seat = first.actors()[0]
        if seat == 1:
            seen = view(first, 1)
            before = copy.deepcopy(seen)
            mine = choose(seen, random.Random(seed))
            assert seen == before, "choose changed the view it was given"
            assert choose(view(second, 1), random.Random(seed)) == mine, first.step
            for hand in (first, second):
                hand.apply({"seat": 1, **mine.action})
            choices += 1
        else:
            for hand in (first, second):
                hand.apply(others_move(hand, seat))
    assert second.finished and choices >= 1


# -- behaviour ------------------------------------------------------------------------
def test_it_keeps_a_pair_and_draws_three():
    hand = new_hand("high-low-declare", ["Kc 9c Jh Kd 2d", "Qs Qh 8c 7d 3s"], ante=1)
    act(hand, "1 check", "2 check")
    decision = choose(view(hand, 1), random.Random(1))
    assert decision.action == {"type": "draw", "discard": ["9c", "Jh", "2d"]}
    assert decision.why == "Drawing three to a pair of kings"


def test_it_keeps_four_low_cards_in_a_declare_game_and_four_to_a_flush_in_sviten():
    hand = new_hand("levys", ["Kc 7d 3h Ad 2s", "Qs Qh 9d 7c 3s"], ante=1)
    act(hand, "1 check", "2 check")
    decision = choose(view(hand, 1), random.Random(1))
    assert decision.action == {"type": "draw", "discard": ["Kc"]}
    assert decision.why == "Drawing one to a low, 7-3-2-A"

    hand = new_hand("sviten", ["As Ks 8s 3s 9d", "Qc Qd 7h 6c 4d"], then="Jh Tc 2d",
                    small_blind=1, big_blind=2, button=2)  # fmt: skip
    act(hand, "2 call", "1 check", "1 check", "2 check")
    assert choose(view(hand, 1), random.Random(1)).action == {"type": "draw", "discard": ["9d"]}


def reveal_order(cards: str) -> list[str]:
    hand = new_hand("levys", [cards, "Qs Qh 9d 7c 3s"], ante=1)
    act(hand, "1 check", "2 check", "1 draw", "2 draw")
    assert hand.step == "arrange"
    decision = choose(view(hand, 1), random.Random(1))
    low = decision.action["order"][-1][0] in "A2345"  # (a low hand's lowest card last)
    assert decision.why.startswith("Lowest cards last" if low else "Strongest cards last")
    return decision.action["order"]


def test_it_puts_its_strongest_cards_last_in_the_reveal_order():
    assert reveal_order("9c Ks 5h Kd Qd") == ["5h", "9c", "Qd", "Ks", "Kd"]
    assert reveal_order("9h Qc 2c 7d 4s") == ["Qc", "9h", "7d", "4s", "2c"]  # no pair: low
    assert reveal_order("6d 8c Ac 4s 2h") == ["8c", "6d", "4s", "2h", "Ac"]  # playing low


def facing_a_pot_sized_bet(cards: str) -> dict:
    hand = new_hand("high-low-declare", ["Ac Kd 6h 5s 3c", cards], ante=5, structure="pot-limit")
    legal = hand.legal_actions(1)
    assert legal["max_to"] == hand.pot == 10
    act(hand, "1 bet 10")
    return view(hand, 2)


@pytest.mark.parametrize("seed", range(20))
def test_it_folds_a_weak_hand_to_a_pot_sized_bet(seed):
    decision = choose(facing_a_pot_sized_bet("Qc Jd 9h 4s Tc"), random.Random(seed))
    assert decision.action == {"type": "fold"}
    assert decision.why == "Q-J-10-9-4 low: folding, 10 to call into 20"


@pytest.mark.parametrize("seed", range(20))
def test_before_the_draw_it_calls_a_small_bet_with_a_middling_hand(seed):
    hand = new_hand("high-low-declare", ["Ac Kd 6h 5s 3c", "8c 8d Jh 4s 2c", "Qs Td 9c 7h 3d"],
                    ante=1, structure="fixed-limit")  # fmt: skip
    act(hand, "1 bet 2")  # 2 into 3: the draw is still to come
    decision = choose(view(hand, 2), random.Random(seed))
    assert decision.action == {"type": "call"}, decision.why
    after = new_hand("high-low-declare", ["Ac Kd 6h 5s 3c", "8c 8d Jh 4s 2c"], ante=5,
                     structure="pot-limit")  # fmt: skip
    act(after, "1 check", "2 check", "1 draw", "2 draw", "1 bet 10")  # the pot, after it
    assert choose(view(after, 2), random.Random(seed)).action == {"type": "fold"}


@pytest.mark.parametrize("seed", range(20))
def test_it_raises_with_a_strong_hand(seed):
    seen = facing_a_pot_sized_bet("Qc Qd Qh Qs 4c")
    decision = choose(seen, random.Random(seed))
    assert decision.action["type"] == "raise"
    assert seen["legal"]["min_to"] <= decision.action["to"] <= seen["legal"]["max_to"]
    assert decision.why == f"Four queens: raising to {decision.action['to']}"


def declarations(low: str, first: str, second: str) -> tuple[str, str]:
    hand = new_hand("high-low-declare", [first, second], ante=1, low=low)
    act(hand, "1 check", "2 check", "1 draw", "2 draw", "1 check", "2 check")
    assert hand.step == "declare"
    chosen = [choose(view(hand, s), random.Random(s)).action for s in (1, 2)]
    assert all(action["type"] == "declare" for action in chosen)
    return chosen[0]["declaration"], chosen[1]["declaration"]


def test_it_declares_low_with_a_wheel_and_high_with_quads():
    assert declarations("ace-to-five", "5c 4d 3h 2s Ac", "Kc Kd Kh Ks 7c") == ("low", "high")


def test_a_hand_with_no_pair_straight_or_flush_declares_low_however_high_its_cards():
    # Queen-high or king-high wins no high half against a pair; as a low it may.
    assert declarations("ace-to-five", "Qc 9d 7h 4s 2c", "Kc Jd 9h 8s 6c") == ("low", "low")
    assert declarations("ace-to-six", "Kc Qd Jh 9s 7c", "Ac Kd 8h 6s 3c") == ("low", "low")
    assert declarations("ace-to-five", "2c 2d 9h 8s 7c", "Kc Qd Jh 9s 6d") == ("high", "low")


def test_it_declares_both_only_with_a_hand_strong_both_ways():
    # A steel wheel is a straight flush and the best ace-to-five low.
    assert declarations("ace-to-five", "5s 4s 3s 2s As", "8c 6d 4h 3c 2d") == ("both", "low")
    # In ace-to-six the wheel is a straight, no low: it plays high.
    assert declarations("ace-to-six", "5c 4d 3h 2s Ac", "Kc Kd 9h 8s 7c") == ("high", "high")


def one_up(offered: str) -> Decision:
    hand = new_hand("sviten", ["As Ks 8s 3s 9d", "Qc Qd 7h 6c 4d"], then=f"Jh Tc 2d {offered}",
                    small_blind=1, big_blind=2, button=2)  # fmt: skip
    act(hand, "2 call", "1 check", "1 check", "2 check")
    bot_move(hand, 1, random.Random(1))
    act(hand, "2 draw")
    assert hand.step == "one-up" and hand.to_act == 1
    return choose(view(hand, 1), random.Random(1))


def test_it_takes_a_one_up_card_that_makes_a_flush_and_declines_one_that_does_not():
    taken = one_up("2s")
    assert taken.action == {"type": "take"}
    assert taken.why == "Taking the 2♠: it makes a flush, ace high"
    assert one_up("5h").action == {"type": "decline"}


def test_it_replaces_the_weakest_card_and_keeps_a_made_hand():
    def replace_one(cards: str) -> Decision:
        hand = new_hand("levys", [cards, "Qs Qh 9d 7c 3s"], ante=1)
        act(hand, "1 check", "2 check", "1 draw", "2 draw")
        act(hand, "1 arrange " + cards, "2 arrange Qs Qh 9d 7c 3s")
        while hand.step == "betting":
            act(hand, f"{hand.to_act} check")
        assert hand.step == "replace"
        while hand.to_act != 1:
            act(hand, f"{hand.to_act} keep")
        return choose(view(hand, 1), random.Random(1))

    assert replace_one("Ks Kd 9c 5h Qd").action == {"type": "replace", "card": "5h"}
    assert replace_one("8s 8d 8c 5h 5d").action == {"type": "keep"}
    assert replace_one("9c 6d 4s 2h Ac").action == {"type": "replace", "card": "9c"}


def test_a_decision_is_refused_for_a_seat_that_may_not_act():
    hand = new_hand("high-low-declare", ["Kc 9c Jh Kd 2d", "Qs Qh 8c 7d 3s"], ante=1)
    with pytest.raises(ValueError):
        choose(view(hand, 2), random.Random(1))


# -- reading the table ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_it_calls_a_small_bet_into_a_big_pot_with_a_weak_hand(seed):
    hand = new_hand("high-low-declare", ["Ac Kd 6h 5s 3c", "Kc Qd 9h 4s 2d"], ante=10,
                    min_bet=1, structure="pot-limit")  # fmt: skip
    act(hand, "1 check", "2 check", "1 draw", "2 draw", "1 bet 1")
    decision = choose(view(hand, 2), random.Random(seed))
    assert decision.action == {"type": "call"}
    assert decision.why in ("K-Q-9-4-2 low: calling 1", "Calling 1 into 21: the price is small")


def levys_to(street: str, hands: list[str], **settings) -> Hand:
    """A Levy's Game hand played to the betting round ``street``: everyone checks, stands
    pat, turns up their cards in the order dealt and keeps all at replace-one."""
    hand = new_hand("levys", hands, **settings)
    while hand.street != street or hand.step != "betting":
        seat = hand.actors()[0]
        if hand.step == "betting":
            act(hand, f"{seat} check")
        else:
            hand.apply(hand.absent_action(seat))  # stand pat, the dealt order, keep all
    return hand


KINGS_UP = ["Kc Kd Qh Qs 3c", "Ah Ad 9c 9s 2d"]  # seat 1 shows K-K-Q-Q, seat 2 A-A-9-9
KINGS_UP_BEATEN = "P2 shows two pair, aces and nines"  # (beats the bot's kings up)


@pytest.mark.parametrize("seed", range(20))
def test_it_does_not_play_a_high_hand_the_up_cards_already_beat(seed):
    hand = levys_to("Fourth card up", KINGS_UP, ante=10, structure="pot-limit")
    assert hand.to_act == 2  # the best hand showing speaks first
    act(hand, "2 check")
    decision = choose(view(hand, 1), random.Random(seed))  # kings up would bet it
    assert decision.action == {"type": "check"}
    assert decision.why == f"{KINGS_UP_BEATEN}: checking"
    act(hand, "1 check")

    hand = levys_to("Fourth card up", KINGS_UP, ante=10, structure="pot-limit")
    act(hand, "2 bet 20")  # 20 into 40: a real bet
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action == {"type": "fold"}
    assert decision.why == f"{KINGS_UP_BEATEN}: folding"


def test_a_high_hand_beaten_on_board_declares_low_and_says_who_shows_what():
    hand = levys_to("Final", KINGS_UP, ante=1)
    while hand.step != "declare":
        act(hand, f"{hand.to_act} check")
    decision = choose(view(hand, 1), random.Random(1))
    assert decision.action == {"type": "declare", "declaration": "low"}
    assert decision.why == f"Declaring low: {KINGS_UP_BEATEN}"


@pytest.mark.parametrize("seed", range(20))
def test_a_hand_beaten_on_board_calls_a_small_price_for_a_card_to_come(seed):
    hand = levys_to("Fourth card up", KINGS_UP, ante=20, min_bet=1, structure="pot-limit")
    act(hand, "2 bet 1")  # 1 into 41, replace-one still to come: the price alone decides
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action == {"type": "call"}
    assert decision.why == "Calling 1 into 41: the price is small"


@pytest.mark.parametrize("seed", range(20))
def test_a_hand_beaten_on_board_with_no_card_to_come_folds_even_at_a_small_price(seed):
    hand = levys_to("Final", KINGS_UP, ante=20, min_bet=1, structure="pot-limit")
    act(hand, "2 bet 1")  # 1 into 41: any hand that may still win calls it
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action == {"type": "fold"}, decision.why


def test_it_does_not_play_an_omaha_hand_an_up_card_and_the_board_beat():
    # The board's K-K-7 and seat 2's one-up king make three kings at least: the bot's
    # Omaha kings and sevens are beaten; its five-card pair of fours is too weak to call.
    hand = new_hand("sviten", ["7c 8d 4h 4s 3d", "Qc Qd 9h 6c 5s"], then="Kc Kd 7h Ks 2c 2h",
                    small_blind=1, big_blind=2, button=2)  # fmt: skip
    act(hand, "2 call", "1 check", "1 check", "2 check", "1 draw", "2 draw 5s", "2 take")
    assert hand.street == "Turn" and view(hand, 1)["seats"][1]["cards"][4] == {
        "card": "Ks", "up": True}  # fmt: skip
    act(hand, "1 check", "2 bet 3")  # 3 into 7
    for seed in range(20):
        decision = choose(view(hand, 1), random.Random(seed))
        assert decision.action == {"type": "fold"}, decision.why
        assert decision.why == "Five-card pair of fours: folding, 3 to call into 7"


LOW_AGAINST_PAIRS = ["9c 7d 5h 3s 2c", "Kh Kd 8c 8s 4d", "Qc Qd Jh Js 6c"]


@pytest.mark.parametrize("seed", range(20))
def test_it_raises_a_low_when_the_others_show_pairs_and_so_go_high(seed):
    hand = levys_to("Fourth card up", LOW_AGAINST_PAIRS, ante=10, structure="pot-limit")
    act(hand, "2 bet 30", "3 call")  # 30 into 90: a 9-low alone would only call
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action["type"] == "raise", decision.why
    to = decision.action["to"]
    assert decision.why == f"9-7-5-3-2 low, nobody else shows a low: raising to {to}"


@pytest.mark.parametrize("seed", range(20))
def test_heads_up_a_sure_half_calls_any_bet_and_bets_nothing(seed):
    # Heads-up, the other showing a pair goes high: the low half is the bot's, and every
    # chip bet now would be split back. It calls whatever comes and makes no bet itself.
    hand = levys_to("Fourth card up", LOW_AGAINST_PAIRS[:2], ante=10, structure="pot-limit")
    act(hand, "2 check")
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action == {"type": "check"}
    assert decision.why == "9-7-5-3-2 low, a sure half heads-up: checking"
    hand = levys_to("Fourth card up", LOW_AGAINST_PAIRS[:2], ante=10, structure="pot-limit")
    act(hand, "2 bet 20")  # a pot-sized bet: only the sure half would call it
    decision = choose(view(hand, 1), random.Random(seed))
    assert decision.action == {"type": "call"}
    assert decision.why == "9-7-5-3-2 low, a sure half heads-up: calling 20"


def test_it_declares_the_way_nobody_else_goes_when_its_hand_can_take_it():
    # An eight-high straight plays high; with the others showing pairs its 8-7-6-5-4
    # low takes the low half, nearly free (Levy's: ace-to-five, chips in fist).
    hand = levys_to("Final", ["8c 7d 6h 5s 4c", "Kh Kd 8h 8s 3d", "Qc Qd Jh Js 6c"], ante=1)
    while hand.step != "declare":
        act(hand, f"{hand.to_act} check")
    decision = choose(view(hand, 1), random.Random(1))
    assert decision.action == {"type": "declare", "declaration": "low"}
    assert decision.why == "Declaring low: nobody else shows a low"
    # Declaring out loud, after two players declared high.
    hand = new_hand("high-low-declare", ["Kc Kd 9h 9s 2c", "Qc Qd Jh Js 3d", "8c 7d 6h 5s 4c"],
                    ante=1, low="ace-to-five", declare="vocal")  # fmt: skip
    act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
    act(hand, "1 check", "2 check", "3 check", "1 declare high", "2 declare high")
    decision = choose(view(hand, 3), random.Random(1))
    assert decision.action == {"type": "declare", "declaration": "low"}
    assert decision.why == "Declaring low: nobody else declared low"


def test_a_hand_strong_its_own_way_keeps_it_and_both_needs_both():
    def declared_third(cards: str) -> str:
        hand = new_hand("high-low-declare", ["Kc Kd Th Td 2c", "Qc Qd Jh Js 3d", cards],
                        ante=1, low="ace-to-five", declare="vocal")  # fmt: skip
        act(hand, "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw")
        act(hand, "1 check", "2 check", "3 check", "1 declare high", "2 declare high")
        return choose(view(hand, 3), random.Random(1)).action["declaration"]

    assert declared_third("9s 7s 5s 3s 2s") == "high"  # a flush goes for the whole pot
    assert declared_third("5s 4s 3s 2s As") == "both"  # a steel wheel: strong both ways
    assert declared_third("Ac Ad 8h 6s 4c") == "low"  # a pair: the sure low half
