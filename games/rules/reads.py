"""Reading the table: what the other live players show, from one seat's view only.

Their up cards (Levy's Game; Sviten's one-up cards), the board and any declaration made in
the open: never a hidden card or the deck. The practice bots (games.rules.bots) play by it.

>>> from games.rules.cards import parse_cards
>>> showing(parse_cards("9c Ah 9s Ad")), showing(parse_cards("7c 7d Ah 2s"))
('two pair, aces and nines', 'a pair of sevens')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from phevaluator import evaluate_cards

from games.rules.cards import FULL_DECK, Card, face, parse_card
from games.rules.values import _classify, exposed_value, high_value

LOW_SHOWING = 8  # up cards of an eight or below, with no pair, show a low


def others(seen: dict) -> list[dict]:
    """The other live seats of a view."""
    return [s for s in seen["seats"] if s["seat"] != seen["you"] and not s["folded"]]


def up_cards(seat: dict) -> list[Card]:
    """A seat's up cards, as a view shows them."""
    return [parse_card(c["card"]) for c in seat["cards"] if c["up"] and c["card"]]


def unseen(seen: dict) -> list[Card]:
    """The cards the viewer cannot see: not its own, not turned up, not on the board."""
    seen_cards = {c["card"] for s in seen["seats"] for c in s["cards"] if c["card"]}
    seen_cards |= {*seen["board"], (seen.get("one_up") or {}).get("card")}
    return [c for c in FULL_DECK if str(c) not in seen_cards]


def shows_better(up: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether up cards alone beat a whole high hand, whatever is hidden with them: what
    they show (a pair, two pair, trips, quads or high cards) outranks the hand, or ties it
    so far and then shows a higher card.

    >>> from games.rules.cards import parse_cards
    >>> kings_up = parse_cards("Kc Kd Qh Qs 3c")
    >>> shows_better(parse_cards("Ah Ad 9c 9s"), kings_up)
    True
    >>> shows_better(parse_cards("Ah Ad 9c"), kings_up), shows_better([], kings_up)
    (False, False)
    """
    if not up:
        return False
    shown = exposed_value(up).key  # (category, ranks as grouped), the categories alike
    category, ranks = _classify(high_value(cards).cards)
    return shown > (category, *ranks)[: len(shown)]


def beaten_on_board(cards: Sequence[Card], seen: dict) -> str:
    """Another live player whose up cards alone beat the viewer's whole high hand (the best
    such), in words: "Ann shows a pair of sevens"; or ""."""
    beating = [(up, s["name"]) for s in others(seen) if shows_better(up := up_cards(s), cards)]
    if not beating:
        return ""
    up, name = max(beating, key=lambda shown: exposed_value(shown[0]).key)
    return f"{name} shows {showing(up)}"


def omaha_beaten(hole: Sequence[Card], board: Sequence[Card], seen: dict) -> str:
    """Sviten: another live player whose up card, with two hidden cards no better than the
    worst, makes a better Omaha hand on this board than the viewer's, in words: "Ann's
    K♠ up beats its Omaha hand"; or ""."""
    mine = min(evaluate_cards(*two, *three)  # phevaluator: the lower, the better
               for two in combinations(hole, 2) for three in combinations(board, 3))  # fmt: skip
    hidden = unseen(seen)
    for name, up in ((s["name"], card) for s in others(seen) for card in up_cards(s)):
        worst = max(min(evaluate_cards(up, x, *three) for three in combinations(board, 3))
                    for x in hidden)  # fmt: skip
        if worst < mine:
            return f"{name}'s {face(str(up))} up beats its Omaha hand"
    return ""


def showing(cards: Sequence[Card]) -> str:
    """What up cards show, as a player says it: "a pair of sevens", "three queens"."""
    name = exposed_value(cards).name
    return ("a " if name.startswith("Pair") else "") + name[0].lower() + name[1:]


def going(seat: dict) -> str | None:
    """Which way another player goes, as the table shows it: its declaration once made in
    the open; else high when its up cards show a pair (no low then), low when three or
    more show no pair and nothing above an eight; else None: nobody can tell yet."""
    if seat["declaration"]:
        return seat["declaration"]
    ranks = [1 if c.rank == 14 else c.rank for c in up_cards(seat)]
    if len(set(ranks)) < len(ranks):
        return "high"
    if len(ranks) >= 3 and max(ranks) <= LOW_SHOWING:
        return "low"
    return None


def free_way(seen: dict) -> tuple[str, bool] | None:
    """In a declare game, the way of the split nobody else goes, when every other live
    player goes the other way (``going``), and whether they declared it: ("low", False)."""
    if seen["stakes"]["low"] is None:
        return None
    seats = others(seen)
    goes = {going(s) for s in seats}
    if goes not in ({"high"}, {"low"}):
        return None
    free = "low" if goes == {"high"} else "high"
    return free, any(s["declaration"] for s in seats)
