"""Fixed decks and scripted actions for scenario tests."""

from __future__ import annotations

from games.rules.cards import FULL_DECK, parse_cards
from games.rules.config import HandConfig
from games.rules.document import FORMAT
from games.rules.hand import Hand


def stacked_deck(hands: list[str], then: str = "") -> list:
    """A deck that deals ``hands`` (in dealing order, one card at a time) then ``then``."""
    dealt = [parse_cards(h) for h in hands]
    order = [hand[i] for i in range(5) for hand in dealt]
    order += parse_cards(then)
    rest = [c for c in FULL_DECK if c not in set(order)]
    assert len(set(order)) == len(order), "a scripted deck repeats a card"
    return order + rest


def _scripted(game, hands, then, stacks, button, reshuffle, config):
    n = len(hands)
    stacks = stacks or [100] * n
    button = button or n
    # hands are given by seat; reorder them into dealing order (left of the button first)
    order = [((button + i) % n) + 1 for i in range(n)]
    deck = stacked_deck([hands[s - 1] for s in order], then)
    seats = [(s, f"P{s}", stacks[s - 1]) for s in range(1, n + 1)]
    order_of_muck = None if reshuffle is None else stacked_deck([], reshuffle)
    return HandConfig(game, table_size=max(n, 2), **config), seats, button, deck, order_of_muck


def new_hand(game, hands, then="", stacks=None, button=None, reshuffle=None, **config):
    """Seats 1..n; the button defaults to the last seat so seat 1 is dealt first.

    ``reshuffle``: the cards a reshuffled muck puts first, in that order (by default the
    muck keeps the deck's order)."""
    return Hand(*_scripted(game, hands, then, stacks, button, reshuffle, config))


def scripted_document(game, hands, then="", stacks=None, button=None, reshuffle=None, **config):
    """``new_hand``'s hand as a hand document, with no actions yet."""
    config, seats, button, deck, muck_order = _scripted(
        game, hands, then, stacks, button, reshuffle, config
    )
    return {
        "format": FORMAT,
        "config": config.to_dict(),
        "seats": [{"seat": s, "name": name, "stack": stack} for s, name, stack in seats],
        "button": button,
        "deck": [str(c) for c in deck],
        "reshuffle": [str(c) for c in muck_order or deck],
        "actions": [],
    }


def act(hand: Hand, *lines: str) -> None:
    """Apply actions written like '3 raise 7', '1 draw As Kd', '2 declare high', '1 take'."""
    for line in lines:
        seat_text, kind, *rest = line.split()
        action: dict = {"seat": int(seat_text), "type": kind}
        if kind in ("bet", "raise"):
            action["to"] = int(rest[0])
        elif kind == "draw":
            action["discard"] = rest
        elif kind == "arrange":
            action["order"] = rest
        elif kind == "replace":
            action["card"] = rest[0]
        elif kind == "declare":
            action["declaration"] = rest[0]
        hand.apply(action)


def won(hand: Hand) -> dict[int, int]:
    totals: dict[int, int] = {}
    for a in hand.awards:
        if a.amount:
            totals[a.seat] = totals.get(a.seat, 0) + a.amount
    return totals


def cards_of(hand: Hand, seat: int) -> str:
    return " ".join(str(c) for c in hand.players[seat].cards)
