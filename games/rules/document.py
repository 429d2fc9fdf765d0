"""The hand document: config, seats, button, deck order and ordered actions, as JSON.

Replaying the actions through the engine rebuilds any moment of the hand: this is what
the app stores, what hand history shows and what a user exports (docs/hand-format.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Shuffler, read_deck_order, shuffled_deck
from games.rules.config import HandConfig
from games.rules.errors import BadSettings, RulesError
from games.rules.hand import Hand

FORMAT = "pokerhome-hand/2"
# Each format the app has written, and whether folded hands go to the muck in it (they
# do from /2 on; a /1 hand replays as it was played, with folds kept out of the muck).
FOLDS_TO_MUCK = {"pokerhome-hand/1": False, FORMAT: True}


def new_document(
    config: HandConfig,
    seats: Sequence[tuple[int, str, int]],
    button: int,
    rng: Shuffler | None = None,
    chosen: dict | None = None,
) -> dict:
    """A fresh hand: the deck and the reshuffle order drawn now (SystemRandom by default).
    ``chosen``: at dealer's choice, the seat that picked the game, and ``by`` the clock or
    the host when they picked the default for it."""
    deck = shuffled_deck(rng)
    reshuffle = shuffled_deck(rng)
    return {
        "format": FORMAT,
        "config": config.to_dict(),
        "seats": [{"seat": s, "name": name, "stack": stack} for s, name, stack in seats],
        "button": button,
        "deck": [str(c) for c in deck],
        "reshuffle": [str(c) for c in reshuffle],
        "actions": [],
    } | ({"chosen": chosen} if chosen else {})


def start_hand(document: dict) -> Hand:
    """The hand as dealt, before any action."""
    if not isinstance(document, dict):
        raise BadSettings("a hand document is a JSON object")
    if document.get("format") not in FOLDS_TO_MUCK:
        raise BadSettings(f"unknown hand format {document.get('format')!r}; expected {FORMAT}")
    for key in ("config", "seats", "button", "deck", "actions"):
        if key not in document:
            raise BadSettings(f"a hand document needs '{key}'")
    seats = document["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise BadSettings("'seats' is a list of {seat, name, stack}")
    try:
        seat_rows = [(s["seat"], str(s.get("name", "")), s["stack"]) for s in seats]
    except KeyError as missing:
        raise BadSettings(f"each seat needs {missing}") from None
    reshuffle = document.get("reshuffle")
    return Hand(
        HandConfig.from_dict(document["config"]),
        seat_rows,
        document["button"],
        read_deck_order(document["deck"]),
        read_deck_order(reshuffle) if reshuffle is not None else None,
        folds_to_muck=FOLDS_TO_MUCK[document["format"]],
        chosen=document.get("chosen"),
    )


@dataclass
class ReplayError(Exception):
    """The document's action number ``index`` (from 0) is illegal at that point."""

    index: int
    action: object
    error: RulesError

    def __str__(self) -> str:
        return f"action {self.index}: {self.error}"


def replay(document: dict, upto: int | None = None) -> Hand:
    """The hand after its first ``upto`` actions (all of them by default)."""
    hand = start_hand(document)
    actions = document["actions"]
    if not isinstance(actions, list):
        raise BadSettings("'actions' is a list")
    for i, action in enumerate(actions[:upto]):
        try:
            hand.apply(action)
        except RulesError as error:
            raise ReplayError(i, action, error) from error
    return hand


def document_of(hand: Hand, base: dict) -> dict:
    """``base`` (the document the hand started from) with the hand's actions so far."""
    return {**base, "actions": [dict(a) for a in hand.actions]}
