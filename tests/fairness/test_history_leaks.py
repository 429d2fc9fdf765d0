"""The hand history shows each reviewer no more than the table showed them, card by card.

Random hands of every game, played to draw many cards so that the muck is reshuffled and
folded hands and discards are dealt again. For every reviewer (a spectator and each seat),
every review step and the text log, each card drawn in a seat's hand must be a card
instance (that card, held there without a break) that the live view showed that reviewer
at some step, or one that seat went on to show at the showdown, and drawn grey ("not
seen yet") unless the live view had shown it by that step; a card a step's caption
names, one the live view had shown them by then; a declaration shows only as the live
view showed it at that step.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.rules.catalog import GAMES
from games.rules.document import new_document, start_hand
from games.rules.hand import Hand
from games.rules.history import review, text_log
from games.rules.view import views
from tests.rules.playout import random_action, random_config

HANDS_PER_GAME = 50
SAMPLED_STEPS = 6  # and the first and last, for all reviewers but one checked at every step
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z])")
DECLARED = re.compile(r"^(.+?) declares (High|Low|Both)")
PRIVATE = re.compile(r"^(.+?) (draws \d: discards|sets a reveal order:|replaces [2-9TJQKA])")
FACE = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")  # a card as the review's captions write it
SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def named_cards(caption: str) -> set[str]:
    """The cards a review step's caption names, as codes.

    >>> sorted(named_cards("Cat sets a reveal order. Card 1 up: Ann 10♦, Bob K♣"))
    ['Kc', 'Td']
    """
    return {("T" if rank == "10" else rank) + SUITS[suit] for rank, suit in FACE.findall(caption)}


def drawing_action(hand: Hand, rng: random.Random) -> dict:
    """Random legal play that draws many cards and folds after the draw, rarely before."""
    action = random_action(hand, rng)
    seat, legal = action["seat"], hand.legal_actions(action["seat"])
    cards = [str(c) for c in hand.players[seat].cards]
    late = any(e["event"] in ("draw", "served", "take", "decline") for e in hand.log)
    if action["type"] == "draw":
        action["discard"] = rng.sample(cards, rng.choice([1, 3, 4, 5, 5]))
    elif action["type"] == "fold" and not late and "call" in legal["kinds"]:
        action = {"seat": seat, "type": "call"}
    elif "fold" in legal["kinds"] and late and rng.random() < 0.2:
        action = {"seat": seat, "type": "fold"}
    elif hand.step == "replace" and rng.random() < 0.8:
        action = {"seat": seat, "type": "replace", "card": rng.choice(cards)}
    return action


def played_document(game: str, rng: random.Random) -> dict:
    info = GAMES[game]
    count = rng.randint(info.max_seats - 1, info.max_seats)
    seats = [(s, f"P{s}", rng.randint(30, 400)) for s in sorted(rng.sample(range(1, 9), count))]
    document = new_document(random_config(game, rng), seats, rng.choice(seats)[0], rng)
    hand = start_hand(document)
    while not hand.finished:
        hand.apply(drawing_action(hand, rng))
    return {**document, "actions": [dict(a) for a in hand.actions]}


class LiveTable:
    """What the live view showed each reviewer after 0, 1, ... n actions, and where every
    card was then: the held cards of a seat are its hand, or the hand it folded."""

    def __init__(self, document: dict) -> None:
        hand = start_hand({**document, "actions": []})
        self.steps = [self._snapshot(hand)]
        for action in document["actions"]:
            hand.apply(action)
            self.steps.append(self._snapshot(hand))
        self.final = hand
        self.shown_down = {s for s, p in hand.players.items() if hand.showdown and not p.folded}
        self.reshuffled = any(e["event"] == "reshuffle" for e in hand.log)

    @staticmethod
    def _snapshot(hand: Hand) -> dict:
        seen = views(hand)
        return {
            "held": {
                s: [str(c) for c in (p.mucked if p.folded else p.cards)]
                for s, p in hand.players.items()
            },
            "folded": {s for s, p in hand.players.items() if p.folded},
            "cards": {
                r: {e["seat"]: [c["card"] for c in e["cards"]] for e in v["seats"]}
                for r, v in seen.items()
            },
            "declarations": {
                r: {e["seat"]: e["declaration"] for e in v["seats"]} for r, v in seen.items()
            },
            "names": {r: set(CARD.findall(json.dumps(v))) for r, v in seen.items()},
        }

    def may_show(self, reviewer: int | None, step: int, seat: int, card: str) -> bool:
        """Whether the table showed ``reviewer`` this instance of ``card`` in ``seat``'s hand
        (the steps around ``step`` that it held the card) at any step of the hand, or
        ``seat`` shows it down at the end."""
        first = last = step
        while first > 0 and card in self.steps[first - 1]["held"][seat]:
            first -= 1
        while last + 1 < len(self.steps) and card in self.steps[last + 1]["held"][seat]:
            last += 1
        held = range(first, last + 1)
        if any(card in self.steps[k]["cards"][reviewer][seat] for k in held):
            return True
        return seat in self.shown_down and last == len(self.steps) - 1

    def seen_by_then(self, reviewer: int | None, step: int, seat: int, card: str) -> bool:
        """Whether the table had shown ``reviewer`` this instance of ``card`` in ``seat``'s
        hand at ``step`` or before it (a card the review may show unmarked, not grey)."""
        k = step
        while k >= 0 and card in self.steps[k]["held"][seat]:
            if card in self.steps[k]["cards"][reviewer][seat]:
                return True
            k -= 1
        return False


def check_review(document: dict, table: LiveTable, reviewer: int | None, steps) -> int:
    shown = 0
    vocal = table.final.config.declare == "vocal"
    for step in steps:
        live = table.steps[step]
        seen = review(document, step, reviewer)
        where = f"reviewer {reviewer}, step {step}"
        for entry in seen["seats"]:
            seat = entry["seat"]
            for card, later in zip(entry["cards"], entry["later"], strict=True):
                if card is None:
                    continue
                assert table.may_show(reviewer, step, seat, card), f"{card} of seat {seat}, {where}"
                by_then = table.seen_by_then(reviewer, step, seat, card)
                assert later or by_then, f"{card} of seat {seat} is not grey, {where}"
                shown += seat != reviewer
            if seat not in live["folded"]:
                for ours, theirs in zip(entry["cards"], live["cards"][reviewer][seat], strict=True):
                    assert theirs is None or ours == theirs, f"seat {seat} hid {theirs}, {where}"
            live_declaration = live["declarations"][reviewer][seat]
            assert entry["declaration"] == live_declaration, f"seat {seat}'s declaration, {where}"
        ever = set().union(*(table.steps[k]["names"][reviewer] for k in range(step + 1)))
        leaked = named_cards(seen["action"] or "") - ever  # the caption: what came of it
        assert not leaked, f"the caption shows {leaked}: {seen['action']!r}, {where}"
        actor = document["actions"][step - 1]["seat"] if step else None
        if step and not vocal and actor != reviewer:  # named only once the fists open
            declared = DECLARED.match(seen["action"])
            opened = live["declarations"][reviewer][actor]
            named = declared.group(2).lower() if declared else None
            assert named in (None, opened), f"{seen['action']!r}, {where}"
    return shown


def check_text_log(document: dict, table: LiveTable, reviewer: int | None) -> None:
    lines = text_log(document, reviewer)
    names = {s["name"]: s["seat"] for s in document["seats"]}
    me = next((n for n, s in names.items() if s == reviewer), None)
    ever = set().union(*(step["names"][reviewer] for step in table.steps))
    dealt = True  # the lines before the first betting round's header are the deal's
    vocal = table.final.config.declare == "vocal"
    for line in lines:
        dealt = dealt and not line.startswith("***")
        leaked = set(CARD.findall(line)) - ever
        assert not leaked, f"reviewer {reviewer}'s log shows {leaked}: {line!r}"
        if line.startswith("Dealt to "):
            name, cards = line.removeprefix("Dealt to ").split(": ")
            cards, _, hidden = cards.partition(" and ")  # "... and 2 cards not shown"
            if dealt:
                for card in cards.split():
                    assert table.may_show(reviewer, 0, names[name], card), line
                unseen = int(hidden.split()[0]) if hidden else 0
                assert len(cards.split()) + unseen == 5, line  # each card, seen or counted
            else:
                assert name == me, f"reviewer {reviewer}'s log: {line!r}"
        if private := PRIVATE.match(line):
            assert private.group(1) == me, f"reviewer {reviewer}'s log: {line!r}"
        if (declared := DECLARED.match(line)) and not vocal:
            assert declared.group(1) == me, f"reviewer {reviewer}'s log: {line!r}"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_history_shows_each_reviewer_only_card_instances_the_table_showed_them(game):
    rng = random.Random(f"history {game}")
    reshuffled = shown = 0
    for _ in range(HANDS_PER_GAME):
        document = played_document(game, rng)
        table = LiveTable(document)
        reshuffled += table.reshuffled
        every = range(len(table.steps))
        thorough = rng.choice([None, *table.final.players])
        for reviewer in (None, *table.final.players):
            sampled = {0, every[-1], *rng.sample(every, min(SAMPLED_STEPS, len(every)))}
            steps = every if reviewer == thorough else sorted(sampled)
            shown += check_review(document, table, reviewer, steps)
            check_text_log(document, table, reviewer)
    assert reshuffled >= HANDS_PER_GAME // 3, f"only {reshuffled} hands reshuffled the muck"
    assert shown, "no reviewer was shown another seat's card"
    print(f"{game}: {HANDS_PER_GAME} hands, {reshuffled} reshuffled, {shown} cards of others")
