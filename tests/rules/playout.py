"""Random legal play, shared by the playout tests and bench/engine.py."""

from __future__ import annotations

import random

from games.rules.catalog import GAMES
from games.rules.config import HandConfig
from games.rules.document import new_document, start_hand
from games.rules.hand import Hand

STRUCTURES = ("half-pot-limit", "pot-limit", "fixed-limit", "no-limit")


def random_config(game: str, rng: random.Random) -> HandConfig:
    blinds = game == "sviten" or rng.random() < 0.3
    return HandConfig(
        game,
        structure=rng.choice(STRUCTURES),
        ante=0 if blinds and rng.random() < 0.5 else rng.randint(1, 3),
        small_blind=1 if blinds else 0,
        big_blind=2 if blinds else 0,
        raise_cap=rng.choice([None, 1, 2, 3, "default"]),
        cap_lifts_heads_up=rng.random() < 0.8,
        stake_cap=rng.choice([None, None, None, rng.randint(5, 120)]),
        low=rng.choice(["ace-to-five", "ace-to-six"]),
        declare="vocal" if game == "high-low-declare" and rng.random() < 0.5 else "chips",
        table_size=8,
    )


def random_seats(game: str, rng: random.Random) -> list[tuple[int, str, int]]:
    info = GAMES[game]
    count = rng.randint(info.min_seats, info.max_seats)
    numbers = sorted(rng.sample(range(1, 9), count))
    return [(s, f"P{s}", rng.choice([rng.randint(3, 40), rng.randint(40, 400)])) for s in numbers]


def random_action(hand: Hand, rng: random.Random) -> dict:
    seat = rng.choice(hand.actors())
    if rng.random() < 0.03:
        return hand.absent_action(seat)
    legal = hand.legal_actions(seat)
    kinds = legal["kinds"]
    if "fold" in kinds and len(kinds) > 1 and rng.random() < 0.85:
        kinds = [k for k in kinds if k != "fold"]
    kind = rng.choice(kinds)
    action: dict = {"seat": seat, "type": kind}
    cards = [str(c) for c in hand.players[seat].cards]
    if kind in ("bet", "raise"):
        action["to"] = rng.choice(
            [legal["min_to"], legal["max_to"], rng.randint(legal["min_to"], legal["max_to"])]
        )
    elif kind == "draw":
        action["discard"] = rng.sample(cards, rng.choice([0, 1, 1, 2, 3, 4, 5]))
    elif kind == "arrange":
        action["order"] = rng.sample(cards, 5)
    elif kind == "replace":
        action["card"] = rng.choice(cards)
    elif kind == "declare":
        action["declaration"] = rng.choice(["high", "low", "both"])
    return action


def random_document(game: str, rng: random.Random) -> dict:
    """A new hand document with random seats and settings, shuffled by ``rng``."""
    seats = random_seats(game, rng)
    button = rng.choice(seats)[0]
    return new_document(random_config(game, rng), seats, button, rng)


def random_hand(game: str, rng: random.Random) -> tuple[Hand, dict]:
    document = random_document(game, rng)
    return start_hand(document), document
