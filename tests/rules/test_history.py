"""Hand history: the review and the text log show each reviewer what they saw, in words
that say who acted, where in the hand, and what their own cards did."""

from __future__ import annotations

import json

from games.rules.document import replay, start_hand
from games.rules.history import review, text_log
from tests.rules.scripting import act, scripted_document
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


def test_a_players_own_log_shows_their_discards_draws_and_reveal_order():
    bob = text_log(LEVYS, seat=2)
    assert "Bob draws 2: discards 7s 8s" in bob
    dealt = bob[bob.index("Bob draws 2: discards 7s 8s") + 1]
    assert dealt.startswith("Dealt to Bob: ") and len(dealt.split(": ")[1].split()) == 2
    assert "Bob sets a reveal order: Kc Kd 9d 2c 6h" in bob
    assert "Bob turns up 9c for 2c" in bob
    assert "Cat draws 1" in bob and "Cat replaces a card" in bob
    assert not bob[bob.index("Cat replaces a card") + 1].startswith("Dealt to")
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
    assert "Ann checks (host, for Ann)" in lines and "Dan folds (clock)" in lines
    assert review(document, 12, seat=1)["action"] == "Dan folds (clock)"
    assert review(document, 1, seat=1)["action"] == "Ann checks (host, for Ann)"


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


def test_an_uncontested_award_reads_plainly():
    document = played(scripted_document("levys", EIGHT[:2], ante=1), "1 bet 2", "2 fold")
    lines = text_log(document, seat=2)
    assert lines[-1] == "P1 wins 2 (Main pot): everyone else folded"
    awards = review(document, 2, seat=2)["awards"]
    assert [a["text"] for a in awards] == ["P1 wins 2 (Main pot): everyone else folded"]
    assert not review(document, 2, seat=2)["showdown"]
