"""Thousands of random hands per game, every invariant checked after every action.

Chips conserved; the 52 cards always distinct and all accounted for; exactly one seat to
act while betting; no view ever holds a card, deck order, declaration or reveal order
its viewer may not see yet; illegal actions refused without a change; the hand always
ends; and every finished hand replays from its document to the same result.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.rules.document import replay
from games.rules.errors import RulesError
from games.rules.hand import Hand
from games.rules.view import view
from tests.rules.playout import random_action, random_hand

CARD_TOKEN = re.compile(r'"([2-9TJQKA][cdhs])"')
HANDS_PER_GAME = 1500
FORBIDDEN_KEYS = ("deck", "stub", "muck", "reshuffle_order", "order")


def all_cards(hand: Hand) -> list:
    cards = [c for p in hand.players.values() for c in p.cards]
    cards += hand.board + hand.deck.stub + hand.deck.muck
    return cards + ([hand.one_up] if hand.one_up is not None else [])


class Witness:
    """What each seat has legitimately seen so far, tracked from the engine's state."""

    def __init__(self, hand: Hand) -> None:
        self.public: set[str] = set()
        self.own = {s: set() for s in hand.players}
        self.update(hand)

    def update(self, hand: Hand) -> None:
        for s, p in hand.players.items():
            self.own[s] |= {str(c) for c in p.cards}
            self.public |= {str(c) for c, up in zip(p.cards, p.up, strict=True) if up}
            if hand.showdown and not p.folded:
                self.public |= {str(c) for c in p.cards}
        self.public |= {str(c) for c in hand.board}
        if hand.one_up is not None:
            self.public.add(str(hand.one_up))

    def check(self, hand: Hand, seat: int | None, seen: dict | None = None) -> None:
        seen = view(hand, seat) if seen is None else seen
        text = json.dumps(seen)
        allowed = self.public | (self.own[seat] if seat is not None else set())
        leaked = set(CARD_TOKEN.findall(text)) - allowed
        assert not leaked, f"seat {seat} was sent {leaked} at step {hand.step}"
        for key in FORBIDDEN_KEYS:
            assert f'"{key}"' not in text, f"a view carries '{key}'"
        public_declarations = hand.config.declare == "vocal" or any(
            e["event"] == "declarations" for e in hand.log
        )
        for other in seen["seats"]:
            if other["seat"] != seat and not public_declarations:
                assert other["declaration"] is None, "an unrevealed declaration was sent"
            if other["seat"] != seat and not (hand.showdown and not other["folded"]):
                for card in other["cards"]:
                    assert card["up"] or card["card"] is None, "a hidden card was sent"


def illegal_actions(hand: Hand, rng: random.Random) -> list[dict]:
    actors = hand.actors()
    idle = [s for s in hand.players if s not in actors]
    seat = actors[0]
    bad = [
        {"seat": seat, "type": "teleport"},
        {"seat": seat, "type": "raise", "to": -1},
        {"seat": seat, "type": "bet", "to": 10**9},
        {"seat": seat, "type": "draw", "discard": ["Zz"]},
        {"seat": seat, "type": "arrange", "order": []},
        {"seat": seat, "type": "declare", "declaration": "sideways"},
        {"seat": seat, "type": "replace", "card": None},
        {"seat": 99, "type": "check"},
        "check",
    ]
    if idle:
        bad.append({"seat": rng.choice(idle), "type": rng.choice(["check", "call", "draw"])})
    return bad


def play_and_check(game: str, seed: int, leak_checks: bool) -> Hand:
    rng = random.Random(seed)
    hand, document = random_hand(game, rng)
    total = sum(p.starting_stack for p in hand.players.values())
    witness = Witness(hand)
    steps = 0
    while not hand.finished:
        if rng.random() < 0.1:
            for bad in illegal_actions(hand, rng):
                before = hand.state_key()
                with pytest.raises(RulesError):
                    hand.apply(bad)
                assert hand.state_key() == before
        hand.apply(random_action(hand, rng))
        steps += 1
        assert steps < 400, "the hand did not end"
        witness.update(hand)
        cards = all_cards(hand)
        assert len(cards) == 52 and len(set(cards)) == 52
        assert (
            sum(p.stack for p in hand.players.values()) + (0 if hand.finished else hand.pot)
            == total
        )
        assert all(p.stack >= 0 for p in hand.players.values())
        if hand.step == "betting":
            assert len(hand.actors()) == 1
        if leak_checks:
            for seat in [*hand.players, None]:
                witness.check(hand, seat)
    assert sum(hand.final_stacks().values()) == total
    assert sum(a.amount for a in hand.awards) == hand.pot
    document["actions"] = hand.actions
    replayed = replay(json.loads(json.dumps(document)))
    assert replayed.result() == hand.result()
    assert replayed.log == hand.log
    return hand


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_random_hands_keep_every_invariant(game):
    showdowns = reshuffles = 0
    for seed in range(HANDS_PER_GAME):
        hand = play_and_check(game, seed, leak_checks=seed % 3 == 0)
        showdowns += hand.showdown
        reshuffles += any(e["event"] == "reshuffle" for e in hand.log)
    print(f"{game}: {HANDS_PER_GAME} hands, {showdowns} showdowns, {reshuffles} with a reshuffle")
    assert showdowns > HANDS_PER_GAME // 4


def test_the_leak_witness_catches_a_planted_hidden_card_and_declaration():
    rng = random.Random(5)
    hand, _ = random_hand("levys", rng)
    witness = Witness(hand)
    witness.check(hand, 1 if 1 in hand.players else min(hand.players))
    me, other = sorted(hand.players)[:2]
    leaky = view(hand, me)
    leaky["seats"][1]["cards"][0]["card"] = str(hand.players[other].cards[0])
    with pytest.raises(AssertionError, match="was sent"):
        witness.check(hand, me, leaky)
    leaky = view(hand, me)
    leaky["seats"][1]["declaration"] = "high"
    with pytest.raises(AssertionError, match="unrevealed declaration"):
        witness.check(hand, me, leaky)
    leaky = view(hand, None)
    leaky["deck"] = [str(c) for c in hand.deck.stub]
    with pytest.raises(AssertionError):
        witness.check(hand, None, leaky)
