"""Hand history: the review and the text log show each reviewer what they saw, in words
that say who acted, where in the hand, and what their own cards did."""

from __future__ import annotations

import json

from games.rules.cards import faces
from games.rules.document import replay, start_hand
from games.rules.history import award_text, review, text_log
from tests.rules.scripting import act, cards_of, scripted_document
from tests.rules.test_document import EXAMPLES
from tests.rules.test_reshuffle_and_table import EIGHT

LEVYS, HIGH_LOW, SVITEN = (json.loads(document) for document, _ in EXAMPLES)


def played(document: dict, *lines: str) -> dict:
    hand = start_hand(document)
    act(hand, *lines)
    return {**document, "actions": hand.actions}


def test_a_folded_card_dealt_again_stays_hidden_in_the_hand_that_folded_it():
    document = played(
        scripted_document("levys", EIGHT, ante=1, reshuffle="Jh Qh"),
        "1 bet 2", *[f"{s} call" for s in range(2, 6)], "6 fold", "7 fold", "8 fold",
        "1 draw " + EIGHT[0], "2 draw " + EIGHT[1], "3 draw " + EIGHT[2],
    )  # fmt: skip
    assert "Jh Qh" in " ".join(str(c) for c in replay(document).players[3].cards)
    for step in range(len(document["actions"]) + 1):
        seats = review(document, step, seat=3)["seats"]
        assert set(seats[7]["cards"]) == {None}, f"seat 8's folded hand shown at step {step}"
    lines = text_log(document, seat=3)
    assert not any(line.startswith("Dealt to P8") for line in lines)
    assert "Dealt to P3: Ks As Jh Qh 2c" in lines
    opened = review(document, len(document["actions"]), seat=3, show_all=True)["seats"]
    assert opened[7]["cards"] == EIGHT[7].split() and opened[7]["folded"]


def test_a_deal_seen_only_in_part_counts_the_cards_not_shown():
    assert "Dealt to Bob: Kc Kd 6h and 2 cards not shown" in text_log(LEVYS, seat=1)
    assert "Dealt to Ann: As 2d 3c 4h and 1 card not shown" in text_log(LEVYS, seat=2)
    assert "Dealt to Ann: As 2d 3c 4h 9s" in text_log(LEVYS, seat=1)  # her own: all five


def test_the_text_log_has_the_forced_bets_the_caps_and_one_header_a_street():
    lines = text_log(HIGH_LOW, seat=None)
    assert lines[0] == (
        "Hand: High-Low Declare, fixed-limit 2/4, ante 1, raise cap 3 (lifted heads-up),"
        " ace-to-six low, declared in turn"
    )
    assert lines[5:9] == [f"{name} posts the ante 1" for name in ("Ann", "Bob", "Cat", "Dan")]
    assert lines.count("*** BEFORE THE DRAW ***") == 1
    sviten = text_log(SVITEN, seat=None)
    assert sviten[0] == "Hand: Sviten Special, pot-limit, small blind 1, big blind 2"
    assert sviten[4:6] == ["Ann posts the small blind 1", "Bob posts the big blind 2"]
    headers = [line.split(" ***")[0] + " ***" for line in sviten if line.startswith("***")]
    assert headers == ["*** PRE-FLOP ***", "*** FLOP ***", "*** TURN ***", "*** RIVER ***",
                       "*** SHOWDOWN ***"]  # fmt: skip


def test_a_bet_says_all_in_where_the_stack_stopped_it_and_fixed_limit_no_pot():
    three = ["As Ks Qs Js 9s", "2c 3d 4h 5s 7c", "Kd Kh 8c 8d 2s"]
    fixed = played(
        scripted_document("high-low-declare", three, stacks=[100, 5, 100], ante=1,
                          structure="fixed-limit", small_bet=2, big_bet=4, low="ace-to-six"),
        "1 bet 2", "2 raise 4", "3 call", "1 raise 6", "3 call",
    )  # fmt: skip
    lines = text_log(fixed, seat=None)
    assert "P1 bets 2" in lines and "P1 raises to 6" in lines  # no pot: it sets no limit
    assert "P2 raises to 4, all-in" in lines and "P3 calls 4" in lines
    pot = played(scripted_document("levys", three, stacks=[100, 5, 100], ante=1,
                                   structure="pot-limit"), "1 bet 3", "2 raise 4")  # fmt: skip
    lines = text_log(pot, seat=None)
    assert "P1 bets 3 (the pot was 3; pot-limit allowed 2 to 3)" in lines  # (its choice)
    assert "P2 raises to 4, all-in (the pot was 6)" in lines  # its stack, not the limit
    short = played(scripted_document("levys", three, stacks=[100, 9, 100], ante=1,
                                     structure="pot-limit"), "1 bet 2", "2 raise 5")  # fmt: skip
    said = "P2 raises to 5 (the pot was 5; pot-limit allowed 4 up to an all-in of 8)"
    assert said in text_log(short, seat=None), text_log(short, seat=None)  # the stack's top
    free = played(scripted_document("levys", three, ante=1, structure="no-limit"), "1 bet 5")
    assert "P1 bets 5 (the pot was 3; no-limit allowed 2 to 99)" in text_log(free, seat=None)
    capped = played(scripted_document("levys", three, ante=1, structure="no-limit",
                                      stake_cap=30), "1 bet 5")  # fmt: skip
    said = "P1 bets 5 (the pot was 3; no-limit and the stake cap allowed 2 to 29)"
    assert said in text_log(capped, seat=None)  # (the cap, not no-limit, stops it at 29)


def test_a_players_new_cards_are_logged_where_they_were_dealt():
    cat = text_log(SVITEN, seat=3)  # Cat's two come after the one-ups, before the turn
    dealt = cat.index("Dealt to Cat: Th 7s")
    assert cat[dealt - 1].startswith("Bob declines") and cat[dealt + 1].startswith("*** TURN")


def test_a_players_own_log_shows_their_discards_draws_and_reveal_order():
    bob = text_log(LEVYS, seat=2)
    assert "Bob draws 2: discards 7s 8s" in bob
    dealt = bob[bob.index("Bob draws 2: discards 7s 8s") + 1]
    assert dealt.startswith("Dealt to Bob: ") and len(dealt.split(": ")[1].split()) == 2
    assert "Bob sets a reveal order: Kc Kd 9d 2c 6h" in bob
    assert "Bob replaces the 2c: 9c comes up" in bob  # as the table's log says it, once
    assert not any(line.startswith("Bob replaces 2c") for line in bob)
    hole = "Cat replaces the hole card: the new one comes down"  # (public: as the table said)
    assert "Cat draws 1" in bob and hole in bob
    assert not bob[bob.index(hole) + 1].startswith("Dealt to")
    cat = text_log(LEVYS, seat=3)
    assert "Cat replaces Th" in cat
    assert cat[cat.index("Cat replaces Th") + 1].startswith("Dealt to Cat: ")
    assert "Bob draws 2" in cat and "Bob sets a reveal order" in cat


def test_stand_in_actions_are_marked_in_the_review_and_the_text_log():
    document = json.loads(json.dumps(HIGH_LOW))
    document["actions"][0]["by"] = "host"
    document["actions"][11]["by"] = "clock"
    assert replay(document).result() == replay(HIGH_LOW).result()
    lines = text_log(document, seat=None)
    assert "Ann checks (by the host)" in lines and "Dan folds (clock)" in lines
    assert review(document, 12, seat=1)["action"] == "Dan folds (clock)"
    assert review(document, 1, seat=1)["action"] == "Ann checks (by the host)"


def test_each_review_step_is_labelled_with_the_part_of_the_hand_it_was_taken_in():
    total = len(LEVYS["actions"])
    streets = [review(LEVYS, step, seat=1)["street"] for step in range(total + 1)]
    replace_steps = [
        k for k, a in enumerate(LEVYS["actions"], 1) if a["type"] in ("replace", "keep")
    ]
    assert {streets[k] for k in replace_steps} == {"Replace one"}
    assert streets[0] == streets[1] == "Before the draw"
    assert streets[total] == "Declaration"
    folded = played(scripted_document("levys", EIGHT[:2], ante=1), "1 bet 2", "2 fold")
    assert review(folded, 2, seat=1)["street"] == "Before the draw"


def test_new_cards_are_named_to_their_player_where_they_were_dealt():
    drew = next(k for k, a in enumerate(LEVYS["actions"], 1)
                if a["type"] == "draw" and a["seat"] == 2)  # fmt: skip
    bob = review(LEVYS, drew, seat=2)["action"]
    assert bob.startswith("Bob draws 2: discards 7♠ 8♠. Bob is dealt "), bob
    assert review(LEVYS, drew, seat=1)["action"] == "Bob draws 2"
    declined = review(SVITEN, 11, seat=3)["action"]  # Cat's two come as Bob declines
    assert declined == "Bob declines the J♦: it is dead. Cat is dealt 10♥ 7♠. The turn: Q♦"
    assert review(SVITEN, 11, seat=1)["action"] == "Bob declines the J♦: it is dead. The turn: Q♦"


def test_new_cards_are_named_even_when_the_same_action_shows_them_down():
    three = ["As Ks Qs Js 9s", "2c 3d 4h 5s 7c", "Kd Kh 8c 8d 2s"]
    document = scripted_document("sviten", three, stacks=[10, 10, 10], small_blind=1,
                                 big_blind=2, structure="no-limit")  # fmt: skip
    hand = start_hand(document)
    act(hand, "3 raise 10", "1 call", "2 call", "1 draw 9s", "2 draw 7c", "3 draw 2s 8d")
    act(hand, "1 decline", "2 decline")  # all in: the turn, the river, the showdown
    assert hand.finished
    document = {**document, "actions": hand.actions}
    last = len(hand.actions)
    cat = review(document, last, seat=3)["action"]
    assert "P3 is dealt 5♣ 4♠. The turn" in cat and "P2 is dealt" not in cat, cat
    assert "Dealt to P3: 5c 4s" in text_log(document, seat=3)
    opened = review(document, last, seat=None, show_all=True)["action"]  # an open history
    assert "P2 is dealt 4♦" in opened and "P3 is dealt 5♣ 4♠" in opened, opened


def test_a_hole_card_replaced_is_named_in_its_players_own_review_only():
    step = next(k for k, a in enumerate(LEVYS["actions"], 1)
                if a["type"] == "replace" and a["seat"] == 3)  # fmt: skip
    hole = review(LEVYS, step, seat=3)
    new = hole["seats"][2]["cards"][-1]  # Cat's hole card now, in place of the Th
    assert hole["action"] == f"Cat replaces 10♥. Cat is dealt {faces(new)}"
    for other in (None, 1, 2):
        assert review(LEVYS, step, seat=other)["action"] == (
            "Cat replaces the hole card: the new one comes down"
        )
    opened = review(LEVYS, step, seat=None, show_all=True)["action"]  # an open history
    assert opened == f"Cat replaces 10♥. Cat is dealt {faces(new)}"


def test_a_review_step_says_what_the_table_saw_come_of_the_action():
    captions = [review(LEVYS, step, seat=None)["action"] for step in range(10)]
    locks = [k for k, a in enumerate(LEVYS["actions"], 1) if a["type"] == "arrange"]
    assert captions[locks[-1]].endswith("sets a reveal order. Card 1 up: Ann A♠, Bob K♣, Cat Q♣")
    assert all("up:" not in captions[k] for k in locks[:-1])  # the last order turns them
    replaced = review(LEVYS, 24, seat=None)
    assert replaced["action"] == "Bob replaces the 2♣: 9♣ comes up"  # (said once)
    offered = review(SVITEN, 9, seat=None)
    assert offered["action"].endswith(". One up for Ann: A♣")
    assert (offered["one_up"], offered["one_up_for"]) == ("Ac", "Ann")
    taken = review(SVITEN, 10, seat=2)
    assert taken["action"] == "Ann takes the A♣. One up for Bob: J♦"
    assert (taken["one_up"], taken["one_up_for"]) == ("Jd", "Bob")
    declined = review(SVITEN, 11, seat=None)["action"]  # the draw over, the turn is dealt
    assert declined == "Bob declines the J♦: it is dead. The turn: Q♦"


def test_a_player_named_like_a_card_keeps_their_name_in_the_captions():
    renamed = {"Ann": "As", "Bob": "Kd"}
    document = {**LEVYS, "seats": [{**s, "name": renamed.get(s["name"], s["name"])}
                                   for s in LEVYS["seats"]]}  # fmt: skip
    locks = [k for k, a in enumerate(LEVYS["actions"], 1) if a["type"] == "arrange"]
    caption = review(document, locks[-1], seat=None)["action"]
    assert caption.endswith("sets a reveal order. Card 1 up: As A♠, Kd K♣, Cat Q♣")
    assert review(document, 24, seat=None)["action"] == "Kd replaces the 2♣: 9♣ comes up"


def test_the_last_step_says_what_each_seat_won_and_was_left_up_or_down():
    for document in (LEVYS, HIGH_LOW, SVITEN):
        seats = review(document, len(document["actions"]), seat=None)["seats"]
        started = {s["seat"]: s["stack"] for s in document["seats"]}
        assert all(s["net"] == s["stack"] - started[s["seat"]] for s in seats)
        assert sum(s["net"] for s in seats) == 0  # no chip made or lost
        assert any(s["won"] for s in seats)


def test_an_uncontested_award_reads_plainly():
    document = played(scripted_document("levys", EIGHT[:2], ante=1), "1 bet 2", "2 fold")
    lines = text_log(document, seat=2)
    assert lines[-1] == "P1 wins 2 (Main pot): everyone else folded"
    awards = review(document, 2, seat=2)["awards"]
    assert [a["text"] for a in awards] == ["P1 wins 2 (Main pot): everyone else folded"]
    assert not review(document, 2, seat=2)["showdown"]


def test_awards_name_their_pots_side_pots_too():
    document = played(
        scripted_document("high-low-declare", ["6c 4d 3c 2d Ac", "As Ah Kh Qs 9c",
                                               "Ks Kd 7h 8c 2h"], stacks=[5, 100, 100],
                          ante=1, structure="no-limit", min_bet=2),
        "1 bet 4", "2 raise 20", "3 call", "1 draw", "2 draw", "3 draw", "2 bet 10", "3 call",
        "1 declare low", "2 declare high", "3 declare low",
    )  # fmt: skip
    assert text_log(document, seat=None)[-4:] == [
        "P2 wins 8 (Main pot, high half) with Pair of aces: best high among High declarers",
        "P1 wins 7 (Main pot, low half) with 6-4-3-2-A low: best low among Low declarers",
        "P2 wins 26 (Side pot 1, high half) with Pair of aces: best high among High declarers",
        "P3 wins 26 (Side pot 1, low half) with K-K-8-7-2 low, paired: best low among Low "
        "declarers",
    ]
    last = review(document, len(document["actions"]), seat=None)  # with side pots, the
    assert (last["winners"], last["split"]) == ("P2, P1 and P3", "")  # middle names only
    # who won: a phone's felt has no room for each pot (the showdown below tells them)


def test_a_review_step_shows_the_side_pot_and_who_is_all_in_or_capped():
    hands = ["6c 4d 3c 2d Ac", "As Ah Kh Qs 9c", "Ks Kd 7h 8c 2h"]
    document = played(
        scripted_document("high-low-declare", hands, stacks=[5, 100, 100], ante=1,
                          structure="no-limit", min_bet=2),
        "1 bet 4", "2 raise 20", "3 call", "1 draw", "2 draw", "3 draw", "2 bet 10", "3 call",
        "1 declare low", "2 declare high", "3 declare low",
    )  # fmt: skip
    seen = review(document, 3, seat=None)  # the round closed: P1 all-in for 5 of 21
    assert seen["pot"] == 47 and seen["pot_parts"] == " (15 main, 32 side)"
    assert [(s["all_in"], s["capped"]) for s in seen["seats"]] == [(True, False), (False,) * 2,
                                                                    (False,) * 2]  # fmt: skip
    assert review(document, 11, seat=None)["pot_parts"] == ""  # (won: the awards say it)
    capped = played(
        scripted_document("high-low-declare", hands, ante=1, structure="no-limit", min_bet=2,
                          stake_cap=10),
        "1 bet 9",
    )  # fmt: skip
    seen = review(capped, 1, seat=None)
    assert seen["seats"][0]["capped"] and not seen["seats"][0]["all_in"]


SEVEN = ["2c 3c 4c 6c 8h", "7c 8c 9c Tc Jc", "3h 7d 5c Th 9s", "4d 5d 6d 8d 9h",
         "9d Td Jd Qd Kd", "Ad 2h 4h 5h 6h", "Qc Kc Ac 2d 3d"]  # fmt: skip


def test_folded_hands_stay_hidden_after_everyone_draws_five_and_the_muck_is_reshuffled():
    document = played(
        scripted_document("high-low-declare", SEVEN, ante=1,
                          reshuffle="3h 7d 5c Th 9s 2c 3c 4c 6c 8h"),
        *[f"{s} check" for s in range(1, 8)],
        *[f"{s} draw {SEVEN[s - 1]}" for s in range(1, 8)],
        "1 bet 4", "2 call", "3 fold", "4 call", "5 fold", "6 fold", "7 call",
        *[f"{s} declare high" for s in (1, 2, 4, 7)],
    )  # fmt: skip
    for step, action in enumerate(document["actions"], 1):  # the reshuffle is logged first
        assert review(document, step, None)["log"][-1]["seat"] == action["seat"]
    final = replay(document)
    assert sum(e["event"] == "reshuffle" for e in final.log) == 2
    assert {"3h", "7d", "5c"} <= {str(c) for c in final.players[4].cards}  # P3's, shown down
    assert {"2c", "3c", "Th"} <= {str(c) for c in final.players[5].mucked}  # P1's, P3's
    folded = (3, 5, 6)
    for reviewer in (None, 1, 2, 4, 7):
        for step in range(len(document["actions"]) + 1):
            seats = {s["seat"]: s for s in review(document, step, reviewer)["seats"]}
            if step == 0:  # P1 drew five: the five dealt were never shown
                assert all(seats[1]["cards"]) is (reviewer == 1)
            for seat in folded:
                assert set(seats[seat]["cards"]) == {None}, f"{seat}, for {reviewer} at {step}"
        lines = text_log(document, reviewer)
        assert not any(line.startswith(("Dealt to P3", "Dealt to P5", "Dealt to P6"))
                       for line in lines), reviewer  # fmt: skip
    assert not any(line.startswith("Dealt to") for line in text_log(document, None))
    assert review(document, 0, 3)["seats"][2]["cards"] == SEVEN[2].split()


def until(hand, step: str, act_as) -> None:
    """Act for whoever is to act (``act_as(seat)`` gives the action line) while at ``step``."""
    while hand.step == step:
        act(hand, act_as(hand.actors()[0]))


def test_a_card_once_up_shows_from_the_deal_grey_and_only_in_its_own_instance():
    """Levy's: P1 draws five, and P1's first discard (2c), reshuffled, comes back to P1
    face up at replace-one: the 2c P1 was dealt stays hidden. P4 stands pat, turns four
    cards up and folds: each shows from the deal, grey ("later") until its turn up."""
    document = scripted_document("levys", EIGHT, ante=1, reshuffle="2c")
    hand = start_hand(document)
    act(hand, *[f"{s} check" for s in range(1, 9)])
    act(hand, "1 draw " + EIGHT[0], "2 draw " + EIGHT[1], "3 draw Qc Kc")
    act(hand, *[f"{s} draw" for s in range(4, 9)])
    drawn = len(hand.actions)
    until(hand, "arrange", lambda s: f"{s} arrange {cards_of(hand, s)}")
    first_up = len(hand.actions)
    for _ in range(4):
        until(hand, "betting", lambda s: f"{s} check")
    up = str(hand.players[1].cards[0])
    until(hand, "replace", lambda s: f"{s} replace {up}" if s == 1 else f"{s} keep")
    assert str(hand.players[1].cards[0]) == "2c" and hand.players[1].up[0]
    act(hand, "3 bet 4")
    until(hand, "betting", lambda s: f"{s} fold" if s in (4, 5) else f"{s} call")
    until(hand, "declare", lambda s: f"{s} declare high")
    document = {**document, "actions": hand.actions}
    for reviewer in (None, 2, 4):
        dealt = review(document, 0, reviewer)["seats"]
        assert set(dealt[0]["cards"]) == {None}, "P1's dealt 2c is not the 2c P1 showed down"
        after_draw = review(document, drawn, reviewer)["seats"][0]  # P1's first up, replaced:
        assert after_draw["cards"][0] == up and after_draw["later"][0]  # seen by the end
        hidden = [reviewer != 4] * 4 + [False]  # the hole card: P4's own, or never shown
        assert dealt[3]["cards"][:4] == ["4d", "5d", "6d", "7d"] and dealt[3]["later"] == hidden
        before = review(document, first_up - 1, reviewer)["seats"][3]
        assert before["cards"] == dealt[3]["cards"] and before["later"] == hidden
        turned = review(document, first_up, reviewer)["seats"][3]
        assert turned["cards"][0] == "4d" and not turned["later"][0]
        assert turned["later"][1:4] == hidden[1:4]  # the next ones are not up yet
        log = text_log(document, reviewer)
        assert not any(line.startswith("Dealt to P1") for line in log)
        seen = "Dealt to P4: 4d 5d 6d 7d" + (" 8d" if reviewer == 4 else " and 1 card not shown")
        assert seen in log
    assert review(document, len(hand.actions), None)["seats"][0]["cards"][0] == "2c"
    assert review(document, len(hand.actions), None)["seats"][3]["cards"] == [
        "4d", "5d", "6d", "7d", None
    ]  # fmt: skip


def test_a_card_seen_only_at_the_showdown_is_marked_not_seen_yet_until_then():
    last = len(HIGH_LOW["actions"])
    end = review(HIGH_LOW, last, seat=1)["seats"]
    shown = [s["seat"] for s in end if s["seat"] != 1 and any(s["cards"])]
    assert shown, "someone else showed down"
    for step in (0, last // 2):
        seats = {s["seat"]: s for s in review(HIGH_LOW, step, seat=1)["seats"]}
        assert not any(seats[1]["later"])  # one's own cards: seen all along
        for seat in shown:
            cards, later = seats[seat]["cards"], seats[seat]["later"]
            assert all(cards) and all(later), (step, seat)  # shown, but not seen yet
    assert not any(later for s in end for later in s["later"])  # at the showdown: seen
    folded = [s for s in end if s["folded"]]
    assert folded and all(not any(s["later"]) for s in folded)  # (never shown: not "later")
    opened = review(HIGH_LOW, last, seat=1, show_all=True)["seats"]  # an open history
    assert all(all(s["cards"]) for s in opened)  # shows every card: those one never saw
    assert all(all(s["later"]) for s in opened if s["folded"])  # stay grey to the end
    assert not any(later for s in opened if not s["folded"] for later in s["later"])


def test_a_declaration_in_the_fist_shows_only_once_the_fists_are_opened():
    document = played(
        scripted_document("high-low-declare", EIGHT[:2], ante=1),
        "1 check", "2 check", "1 draw", "2 draw", "1 check", "2 check",
        "1 declare low", "2 fold",
    )  # fmt: skip
    last = len(document["actions"])
    for reviewer in (None, 2):
        for step in range(last + 1):
            assert review(document, step, reviewer)["seats"][0]["declaration"] is None
        assert not any("declares Low" in line for line in text_log(document, reviewer))
    assert review(document, last, 1)["seats"][0]["declaration"] == "low"
    assert "P1 declares Low" in text_log(document, 1)
    assert review(document, last, 2, show_all=True)["seats"][0]["declaration"] == "low"

    three = played(
        scripted_document("high-low-declare", EIGHT[:3], ante=1),
        *[f"{s} check" for s in (1, 2, 3)], *[f"{s} draw" for s in (1, 2, 3)],
        *[f"{s} check" for s in (1, 2, 3)], "1 declare low", "2 declare high", "3 fold",
    )  # fmt: skip
    before_all = review(three, len(three["actions"]) - 1, 2)["seats"]
    assert [s["declaration"] for s in before_all] == [None, "high", None]
    opened = review(three, len(three["actions"]), None)
    assert [s["declaration"] for s in opened["seats"]] == ["low", "high", None]
    assert review(three, len(three["actions"]) - 1, 3)["action"] == "P2 declares"
    assert opened["action"] == "P3 folds. The fists open: P1 Low, P2 High"  # the fold opened them

    opens = played(
        scripted_document("high-low-declare", EIGHT[:3], ante=1),
        *[f"{s} check" for s in (1, 2, 3)], *[f"{s} draw" for s in (1, 2, 3)],
        *[f"{s} check" for s in (1, 2, 3)], "1 declare low", "2 declare high", "3 declare high",
    )  # fmt: skip
    last = len(opens["actions"])
    assert review(opens, last - 1, 1)["action"] == "P2 declares"
    assert (
        review(opens, last, 1)["action"] == "P3 declares. The fists open: P1 Low, P2 High, P3 High"
    )
    assert review(opens, last, 3)["action"] == review(opens, last, 1)["action"]  # P3's own too


def test_a_vocal_declaration_is_public_and_logged_once():
    last = len(HIGH_LOW["actions"])
    assert review(HIGH_LOW, last, seat=None)["action"] == "Bob declares Low"
    lines = text_log(HIGH_LOW, seat=None)
    assert lines.count("Bob declares Low") == 1 and "Bob declares" not in lines


def test_the_reviews_showdown_draws_cards_as_the_table_does_and_the_text_log_keeps_codes():
    shown = [a["text"] for a in review(SVITEN, len(SVITEN["actions"]), seat=1)["awards"]]
    assert "J♠ 10♠ with A♦ K♦ Q♦ from the board" in shown[0]
    omaha = [line for line in text_log(SVITEN, seat=1) if "(Main pot, Omaha half)" in line]
    assert "Js Ts with Ad Kd Qd" in omaha[0]  # the format's own codes


def test_the_reviews_last_step_shows_the_pot_won_and_in_the_winners_stacks():
    for document in (LEVYS, HIGH_LOW, SVITEN):
        total = len(document["actions"])
        before, last = (review(document, k, seat=1) for k in (total - 1, total))
        assert last["finished"] and last["pot"] == 0
        assert last["won"] == sum(a["amount"] for a in last["awards"]) > 0
        assert sum(s["won"] for s in last["seats"]) == last["won"]
        winners = [s["name"] for s in last["seats"] if s["won"]]
        assert winners and sorted(last["winners"].replace(" and ", ", ").split(", ")) == sorted(
            winners
        )
        chips = sum(s["stack"] for s in last["seats"])  # nothing left in the middle
        assert chips == sum(s["stack"] for s in before["seats"]) + before["pot"]
        halves = [a for a in last["awards"] if a.get("half") in ("omaha", "draw", "high", "low")]
        if halves:  # who won which half, as the table's middle said it
            assert " half)" in last["split"], last["split"]
    split = review(SVITEN, len(SVITEN["actions"]), seat=1)["split"]
    assert split.count(" wins ") == 2 and "(Omaha half)" in split and "five-card half" in split


def test_the_reviews_last_step_says_gets_back_for_a_seat_that_won_its_own_chips():
    document = played(
        scripted_document("high-low-declare", ["As Ah Kh Qs 9c", "6c 4d 3c 2d 7h"], ante=1),
        "1 check", "2 check", "1 draw", "2 draw", "1 check", "2 check",
        "1 declare high", "2 declare low",
    )  # fmt: skip
    last = review(document, len(document["actions"]), seat=1)
    assert last["split"] == "P1 gets back 1 (high half), P2 gets back 1 (low half)"
    assert last["awards"][0]["text"].startswith("P1 gets back 1 (Main pot, high half) with ")
    assert text_log(document, seat=1)[-2].startswith("P1 gets back 1 (Main pot, high half)")


def test_the_reviews_showdown_says_what_each_hand_shown_makes_as_the_table_did():
    from games.rules.view import shown_hands

    for document in (LEVYS, HIGH_LOW, SVITEN):
        total = len(document["actions"])
        said = shown_hands(replay(document))
        assert said, "each example ends at a showdown"
        for step, seat in ((total, None), (total, 2), (total - 1, None)):
            seats = review(document, step, seat)["seats"]
            shown = {s["seat"]: s["shown"] for s in seats if s["shown"]}
            assert shown == (said if step == total else {}), (step, seat)


def test_the_text_log_names_who_beat_a_both_declarer():
    document = played(
        scripted_document("high-low-declare", ["As Ah Kh Qs 9c", "6c 4d 3c 2d Ac",
                                               "Kc Kd Qh Js 9d"], ante=1),
        "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw", "1 check", "2 check",
        "3 check", "1 declare both", "2 declare low", "3 declare high",
    )  # fmt: skip
    log = text_log(document, seat=None)
    assert "P1: Both declarer beaten for low by P2: wins nothing" in log
    awards = review(document, len(document["actions"]), seat=3)["awards"]
    assert "P1: Both declarer beaten for low by P2: wins nothing" in [a["text"] for a in awards]
    paid = [bool(a.get("amount")) for a in awards]
    assert paid[0] and paid == sorted(paid, reverse=True)  # who won first, as at the table
    seats = review(document, len(document["actions"]), seat=3)["seats"]  # its seat, as live
    assert [s["lost"] for s in seats] == ["Both failed: beaten for low by P2", "", ""]
    assert not any(s["lost"] for s in review(document, 9, seat=3)["seats"])  # (not before)


def test_the_text_log_ends_with_who_beat_each_hand_shown_that_won_nothing():
    document = played(
        scripted_document("high-low-declare", ["As Ah Kh Qs 9c", "6c 4d 3c 2d Ac",
                                               "7h 5h 4s 3h 2s"], ante=1),
        "1 check", "2 check", "3 check", "1 draw", "2 draw", "3 draw", "1 check", "2 check",
        "3 check", "1 declare high", "2 declare low", "3 declare low",
    )  # fmt: skip
    for seat in (None, 1, 3):  # every live hand is public at the showdown
        assert text_log(document, seat)[-3:] == [
            "P1 wins 2 (Main pot, high half) with Pair of aces: best high among High declarers",
            "P2 gets back 1 (Main pot, low half) with 6-4-3-2-A low: best low among Low declarers",
            "P3 wins nothing with 7-5-4-3-2 low: beaten for low by P2",
        ]
    assert review(document, len(document["actions"]), 1)["seats"][2]["lost"] == (
        "Beaten for low by P2"
    )


def test_an_award_says_a_tied_winner_won_nothing_of_a_pot_too_small_to_split():
    tied = {"seat": 4, "amount": 0, "pot": "Main pot", "half": "low",
            "reason": "best low (tied, split)"}  # fmt: skip
    assert award_text(tied, "Dan") == "Dan wins 0 (Main pot, low half): best low (tied, split)"
    failed = dict(tied, half="none", reason="Both declarer beaten for high by Cat")
    assert award_text(failed, "Bob") == "Bob: Both declarer beaten for high by Cat"
