"""The hand document and `manage.py replay_hand`, including every example in the docs."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules.config import HandConfig
from games.rules.document import ReplayError, new_document, replay, start_hand
from games.rules.errors import BadSettings
from games.rules.history import review, text_log
from tests.rules.playout import random_action

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```json\n(.*?)\n```", (ROOT / "docs/hand-format.md").read_text(), re.S)
EXAMPLES = list(zip(BLOCKS[0::2], BLOCKS[1::2], strict=True))


def replay_hand(path_or_dash: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay_hand", path_or_dash],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_docs_have_a_complete_example_for_each_game():
    games = {json.loads(doc)["config"]["game"] for doc, _ in EXAMPLES}
    assert games == {"levys", "high-low-declare", "sviten"}


@pytest.mark.parametrize(("document", "expected"), EXAMPLES)
def test_each_documented_example_replays_to_its_documented_result(tmp_path, document, expected):
    path = tmp_path / "hand.json"
    path.write_text(document)
    result = replay_hand(str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(expected)


def test_replay_hand_reads_standard_input():
    document, expected = EXAMPLES[0]
    result = replay_hand("-", stdin=document)
    assert json.loads(result.stdout) == json.loads(expected)


def test_replay_hand_reports_the_first_illegal_action():
    document = json.loads(EXAMPLES[2][0])
    document["actions"][4] = {"seat": 1, "type": "raise", "to": 1000}
    result = replay_hand("-", stdin=json.dumps(document))
    out = json.loads(result.stdout)
    assert out["ok"] is False
    assert out["illegal_action"]["index"] == 4
    assert "not seat 1's turn" in out["illegal_action"]["error"]


def test_replay_hand_reports_a_document_that_cannot_be_dealt():
    document = json.loads(EXAMPLES[1][0])
    document["deck"] = document["deck"][:50]
    out = json.loads(replay_hand("-", stdin=json.dumps(document)).stdout)
    assert out == {"ok": False, "error": "a deck order has 52 cards, not 50"}


def test_replay_hand_refuses_a_missing_file_or_bad_json(tmp_path):
    missing = replay_hand(str(tmp_path / "nope.json"))
    assert missing.returncode != 0 and "cannot read" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = replay_hand(str(bad))
    assert result.returncode != 0 and "is not JSON" in result.stderr


def test_any_moment_of_a_hand_can_be_rebuilt():
    rng = random.Random(3)
    document = new_document(
        HandConfig("levys", ante=1), [(1, "A", 50), (2, "B", 50), (3, "C", 50)], 2, rng
    )
    hand = start_hand(document)
    keys = [hand.state_key()]
    while not hand.finished:
        hand.apply(random_action(hand, rng))
        keys.append(hand.state_key())
    document["actions"] = hand.actions
    for i, key in enumerate(keys):
        assert replay(document, upto=i).state_key() == key


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="pokerhome-hand/9"), "unknown hand format"),
        (lambda d: d.pop("deck"), "needs 'deck'"),
        (lambda d: d.update(seats="everyone"), "'seats' is a list"),
        (lambda d: d["seats"][0].pop("stack"), "needs 'stack'"),
        (lambda d: d["config"].update(colour="red"), "unknown config fields"),
        (lambda d: d.update(actions={}), "'actions' is a list"),
        (lambda d: d["deck"].__setitem__(0, d["deck"][1]), "appears twice"),
        (lambda d: d.update(chosen={"seat": 9}), "'chosen' names the seat"),
        (lambda d: d.update(chosen="Ann"), "'chosen' names the seat"),
        (lambda d: d.update(chosen={"seat": 2, "by": "bot"}), "'chosen' is by the player"),
    ],
)
def test_malformed_documents_are_refused_with_a_message(change, message):
    document = json.loads(EXAMPLES[0][0])
    change(document)
    with pytest.raises((BadSettings, ValueError), match=message):
        replay(document)


def test_a_replay_error_names_the_action():
    document = json.loads(EXAMPLES[0][0])
    document["actions"].insert(0, {"seat": 2, "type": "check"})
    with pytest.raises(ReplayError) as failure:
        replay(document)
    assert failure.value.index == 0
    assert "action 0" in str(failure.value)


@pytest.mark.parametrize(
    ("chosen", "line"),
    [
        ({"seat": 2}, "Dealer's choice: B picks Levy's Game"),
        ({"seat": 2, "by": "clock"}, "Dealer's choice: the clock picks Levy's Game for B"),
        ({"seat": 2, "by": "host"}, "Dealer's choice: the host picks Levy's Game for B"),
    ],
)
def test_a_dealers_choice_hand_opens_by_saying_who_picked_the_game(chosen, line):
    seats = [(1, "A", 50), (2, "B", 50), (3, "C", 50)]
    document = new_document(HandConfig("levys", ante=1), seats, 2, random.Random(1), chosen)
    assert start_hand(document).log[0] == {"event": "chosen", "game": "levys", **chosen}
    assert line in text_log(json.loads(json.dumps(document)), None)
    assert review(document, 0, None)["action"] == f"the deal ({line})"  # the review's first
    plain = new_document(HandConfig("levys", ante=1), seats, 2, random.Random(1))
    assert review(plain, 0, None)["action"] is None  # not dealer's choice: "the deal" alone
