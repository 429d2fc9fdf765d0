"""A practice bot: one legal action from one seat's view of the hand, with why in a line.

``choose(seen, rng)`` reads only ``seen``, the bot's own ``view(hand, seat)`` (its own
cards, the up cards, the board, the pot and its legal actions), and takes its little
randomness from ``rng``; it never sees another player's hidden cards or the deck.
The play is plain on purpose, to teach: draw to improve, strongest cards last in the
reveal order, bet and raise strong hands, call more readily while a draw is to come, fold
weak ones to big bets, take a one-up card that improves the hand, declare by the hand.
It reads the table too: a small call into a big pot is made with any hand that may still
win, a hand the up cards already beat is not played for that way, and in a declare game
the way nobody else goes is nearly free.

>>> import random
>>> from games.rules.document import new_document, replay
>>> from games.rules.config import HandConfig
>>> from games.rules.view import view
>>> doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 100), (2, "Bo", 100)], 2,
...                    random.Random(7))
>>> hand = replay(doc)
>>> decision = choose(view(hand, 1), random.Random(1))
>>> decision
Decision(action={'type': 'check'}, why='Drawing to a low, 6-5-2: checking')
>>> hand.apply({"seat": 1, **decision.action})
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from random import Random

from games.rules.cards import RANK_NAMES, RANKS, Card, face, parse_card
from games.rules.errors import IllegalAction
from games.rules.reads import beaten_on_board, free_way, omaha_beaten, others
from games.rules.values import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    LOW_VALUES,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    HandValue,
    _classify,
    high_value,
    omaha_so_far,
)


def moment_rng(deck: list[str], sequence: int, seat: int) -> Random:
    """A bot's randomness at one moment of a hand: the same each time it is asked (so a
    replay, or "Why?", gets the same choice), and secret, since the hand's deck order is
    in its seed. It only ever picks a bot's play; the deck is shuffled by the dealer's
    generator (games.rules.cards.dealer_rng)."""
    secret = hashlib.sha256(" ".join(deck).encode()).hexdigest()
    return Random(f"{secret}:{sequence}:{seat}")  # noqa: S311 (a bot's play, not the deck)


# How strong a made hand is, 0 to 1, by its high category (the rank adds a little).
HIGH_STRENGTH = {
    HIGH_CARD: 0.05,
    PAIR: 0.25,
    TWO_PAIR: 0.55,
    TRIPS: 0.68,
    STRAIGHT: 0.78,
    FLUSH: 0.85,
    FULL_HOUSE: 0.92,
    QUADS: 0.97,
    STRAIGHT_FLUSH: 1.0,
}
# An unpaired low by its top card (the ace counts as 1). A king-low is still worth more
# than an ace-high high hand: a hand with no pair, straight or flush plays low.
LOW_STRENGTH = {5: 1.0, 6: 0.9, 7: 0.78, 8: 0.62, 9: 0.45, 10: 0.3, 11: 0.22, 12: 0.19, 13: 0.16}
# What a draw is worth before the draw, by what it keeps.
DRAW_STRENGTH = {"flush": 0.4, "straight": 0.35, "low 4": 0.5, "low 3": 0.3}
OMAHA_DISCOUNT = 0.1  # Omaha hands run stronger: the same hand is worth less there
BET_AT, RAISE_AT, RERAISE_STEP = 0.55, 0.75, 0.08
CALL_MARGIN = 0.1  # call when strength beats the price of the call by this much
DRAWING = 0.5  # before the draw a call buys cards to come too: its price counts this much
CHEAP = 0.15  # the price of calling no more than the big blind
SMALL_PRICE = 0.1  # a call of at most a tenth of the pot after it: any hand that may win calls
FREE_HALF = 0.85  # a way of the split nobody else goes: nearly free money
LAST_BETTING = ("After the draw", "Final", "River")  # no card to come after these rounds
NOISE, BLUFF = 0.05, 0.05
BOTH_HIGH, BOTH_LOW = 0.85, 0.75  # Both only with a flush or better and a 7-low or better
GOOD_LOW = 8  # the low cards worth keeping at the draw
NUMBERS = ("no", "one", "two", "three", "four", "five")


@dataclass(frozen=True)
class Decision:
    """The bot's move: ``action`` for ``Hand.apply`` (add the seat), ``why`` in one line."""

    action: dict
    why: str


def choose(seen: dict, rng: Random) -> Decision:
    """One legal action for the seat whose view ``seen`` is, and why.

    Raises ``IllegalAction`` when that seat may do nothing now.
    """
    legal = seen.get("legal")
    if not legal:
        raise IllegalAction("the bot's seat may not act now")
    step = legal["step"]
    if step == "betting":
        return _bet(seen, legal, rng)
    cards = own_cards(seen)
    if step in ("draw", "lock"):
        plan = draw_plan(cards, seen["game"], _low(seen))
        return Decision({"type": "draw", "discard": [str(c) for c in plan.discard]}, plan.why)
    if step == "arrange":
        return _arrange(cards, seen)
    if step == "replace":
        return _replace(cards, seen)
    if step == "one-up":
        return _one_up(cards, seen, parse_card(legal["card"]))
    if step == "declare":
        return _declare(cards, seen)
    raise IllegalAction(f"the bot does not know the {step} step")


# -- what the bot holds --------------------------------------------------------------
def _me(seen: dict) -> dict:
    (me,) = (s for s in seen["seats"] if s["seat"] == seen["you"])
    return me


def own_cards(seen: dict) -> list[Card]:
    """The viewer's own cards, from its view."""
    return [parse_card(c["card"]) for c in _me(seen)["cards"]]


def _low(seen: dict) -> str | None:
    return seen["stakes"]["low"]


def _low_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def _rank_word(rank: int) -> str:
    return RANK_NAMES[14 if rank == 1 else rank][0]


def _category(value: HandValue) -> int:
    return _classify(value.cards)[0]


def high_strength(cards: list[Card]) -> float:
    """0 to 1: the category of the best high hand, a little more for higher ranks."""
    value = high_value(cards)
    category, ranks = _classify(value.cards)
    step = (ranks[0] - 2) / 12
    if category == PAIR:
        return HIGH_STRENGTH[PAIR] + 0.2 * step  # a pair of aces 0.45
    if category == HIGH_CARD:
        return HIGH_STRENGTH[HIGH_CARD] + 0.1 * step
    return HIGH_STRENGTH[category] + 0.02 * step


def low_strength(cards: list[Card], low: str) -> float:
    """0 to 1: an unpaired low (no straight or flush in ace-to-six) by its top card."""
    key = LOW_VALUES[low](cards).key
    if key[0] != -HIGH_CARD:
        return 0.0
    return LOW_STRENGTH.get(-key[1], 0.1)


def _low_words(cards: list[Card], low: str) -> str:
    return LOW_VALUES[low](cards).name


@dataclass(frozen=True)
class Way:
    """One way the hand may win a share (high, low, a Sviten half, a draw to come): how
    strong (0 to 1), in words, and the up cards that already beat it (none: it is live)."""

    strength: float
    words: str
    beaten_by: str = ""  # who shows what beats it: "Ann shows a pair of sevens"
    even: bool = False  # a half heads-up: a call comes back whole, and so would a bet


def ways(seen: dict) -> list[Way]:
    """The ways the bot's hand plays now, by the game's halves: Sviten's two, a declare
    game's high and low (the way nobody else goes counts as nearly won); before the draw
    a good draw too."""
    cards, game = own_cards(seen), seen["game"]
    high = Way(high_strength(cards), high_value(cards).name, beaten_on_board(cards, seen))
    if game == "sviten":  # (each half named, as the seats name them: "five-card: …")
        name = high.words
        high = Way(high.strength, f"Five-card {name[0].lower()}{name[1:]}", high.beaten_by)
        made = [high]
        board = [parse_card(c) for c in seen["board"]]
        if len(board) >= 3:
            omaha = omaha_so_far(cards, board)
            worth = high_strength(list(omaha.cards)) - OMAHA_DISCOUNT
            words = f"Omaha {omaha.name[0].lower()}{omaha.name[1:]}"
            made.append(Way(worth, words, omaha_beaten(cards, board, seen)))
    else:
        low = _low(seen)
        made = [high, Way(low_strength(cards, low), _low_words(cards, low))]
        free = free_way(seen)
        if free and _takes(free[0], cards, low, free[1]):
            i = 0 if free[0] == "high" else 1
            if made[i].strength < FREE_HALF and not made[i].beaten_by:
                even = len(others(seen)) == 1  # (a bet's chips are split back: no gain)
                said = "a sure half heads-up" if even else FREE_WORDS[free]
                made[i] = Way(FREE_HALF, f"{made[i].words}, {said}", even=even)
    if _me(seen)["drew"] is None:  # the draw is still to come
        plan = draw_plan(cards, game, _low(seen))
        made.append(Way(plan.potential, plan.goal))
    return made


FREE_WORDS = {
    ("low", False): "nobody else shows a low",
    ("low", True): "nobody else declared low",
    ("high", False): "nobody else shows a pair",
    ("high", True): "nobody else declared high",
}


def _takes(way: str, cards: list[Card], low: str, declared: bool) -> bool:
    """Whether the hand may take a way nobody else goes: any hand once the others have
    declared; before, a low with no pair (or straight or flush in ace-to-six) for low,
    a pair or better for high."""
    if declared:
        return True
    if way == "low":
        return low_strength(cards, low) > 0
    return _category(high_value(cards)) >= PAIR


# -- the draw -------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawPlan:
    """Which cards to throw, why, and what the draw is worth before it (``potential``)."""

    discard: list[Card]
    why: str
    potential: float = 0.0
    goal: str = ""


def draw_plan(cards: list[Card], game: str, low: str | None) -> DrawPlan:
    """What to throw at the draw: keep pairs and better; in Sviten four to a flush or a
    straight; in a declare game the lowest distinct cards up to an eight, when they make
    a better start than the high hand."""
    if game == "sviten" or low is None:
        return _high_plan(cards, draws=True)
    high = _high_plan(cards, draws=False)
    keep = low_keepers(cards, low)
    made = _category(high_value(cards))
    if made >= STRAIGHT or made in (TRIPS, TWO_PAIR):
        return high
    if len(keep) == 5:
        return DrawPlan([], f"Standing pat with {_low_words(cards, low)}")
    if len(keep) == 4 or (len(keep) == 3 and made == HIGH_CARD):
        return _plan(cards, keep, _low_goal(keep), DRAW_STRENGTH[f"low {len(keep)}"])
    return high


def low_keepers(cards: list[Card], low: str) -> list[Card]:
    """The lowest distinct cards up to an eight (ace low). Five that still make no clean
    low (an ace-to-six straight or flush) give up the highest."""
    kept: list[Card] = []
    for card in sorted(cards, key=_low_rank):
        if _low_rank(card) <= GOOD_LOW and _low_rank(card) not in {_low_rank(c) for c in kept}:
            kept.append(card)
    if len(kept) == 5 and low_strength(kept, low) == 0.0:
        kept = kept[:4]
    return kept


def _low_goal(keep: list[Card]) -> str:
    ranks = sorted((_low_rank(c) for c in keep), reverse=True)
    return "a low, " + "-".join("A" if r == 1 else RANKS[r - 2] for r in ranks)


def _high_plan(cards: list[Card], draws: bool) -> DrawPlan:
    value = high_value(cards)
    category = _category(value)
    if category >= STRAIGHT:
        return DrawPlan([], f"Standing pat with {_lower(value.name)}")
    counts = Counter(c.rank for c in cards)
    if category > HIGH_CARD:
        keep = [c for c in cards if counts[c.rank] >= 2]
        return _plan(cards, keep, _lower(value.name))
    if draws:
        for kind, keep in (("flush", _four_flush(cards)), ("straight", _four_straight(cards))):
            if keep:
                return _plan(cards, keep, f"a {kind}", DRAW_STRENGTH[kind])
    top = max(cards, key=lambda c: c.rank)
    return _plan(cards, [top], f"the {_rank_word(top.rank)}")


def _plan(cards: list[Card], keep: list[Card], goal: str, potential: float = 0.0) -> DrawPlan:
    discard = [c for c in cards if c not in keep]
    if not discard:
        return DrawPlan([], f"Standing pat with {goal}", potential, goal)
    why = f"Drawing {NUMBERS[len(discard)]} to {goal}"
    return DrawPlan(discard, why, potential, f"Drawing to {goal}")


def _lower(name: str) -> str:
    """A hand's name inside a sentence: 'Pair of aces' -> 'a pair of aces'."""
    name = name[0].lower() + name[1:]
    return f"a {name}" if name.startswith(("pair", "flush", "straight", "full", "royal")) else name


def _four_flush(cards: list[Card]) -> list[Card]:
    suit, count = Counter(c.suit for c in cards).most_common(1)[0]
    return [c for c in cards if c.suit == suit] if count == 4 else []


def _four_straight(cards: list[Card]) -> list[Card]:
    """Four distinct ranks inside five in a row (the ace high or low), or none."""
    for top in range(14, 4, -1):
        ace = 1 if top == 5 else 14
        by_rank = {(ace if c.rank == 14 else c.rank): c for c in cards}
        keep = [card for rank, card in by_rank.items() if top - 4 <= rank <= top]
        if len(keep) == 4:
            return keep
    return []


# -- Levy's Game: the reveal order and replace-one -------------------------------------
def aim(cards: list[Card], low: str | None) -> str:
    """Which way a declare-game hand plays: 'high', 'low' or 'both'."""
    high = high_strength(cards)
    low_ = low_strength(cards, low) if low else 0.0
    if high >= BOTH_HIGH and low_ >= BOTH_LOW:
        return "both"
    return "low" if low_ > high else "high"


def _arrange(cards: list[Card], seen: dict) -> Decision:
    low = aim(cards, _low(seen)) == "low"
    if low:
        order = sorted(cards, key=_low_rank, reverse=True)  # the lowest card last
    else:
        counts = Counter(c.rank for c in cards)
        order = sorted(cards, key=lambda c: (counts[c.rank], c.rank))  # pairs and aces last
    hole = order[-1]
    how = "Lowest cards last" if low else "Strongest cards last"
    why = f"{how}: the {_rank_word(hole.rank)} is the hole card"
    return Decision({"type": "arrange", "order": [str(c) for c in order]}, why)


def _replace(cards: list[Card], seen: dict) -> Decision:
    low = _low(seen)
    way = aim(cards, low)
    if way == "both":
        return Decision({"type": "keep"}, "Keeping all five: strong both ways")
    if way == "low":
        if low_strength(cards, low) >= LOW_STRENGTH[7]:
            return Decision({"type": "keep"}, f"Keeping all five: {_low_words(cards, low)}")
        counts = Counter(_low_rank(c) for c in cards)
        worst = max(cards, key=lambda c: (counts[_low_rank(c)], _low_rank(c)))
        return _replacing(worst, f"for a better low than {_low_words(cards, low)}")
    value = high_value(cards)
    if _category(value) >= STRAIGHT:
        return Decision({"type": "keep"}, f"Keeping all five: {_lower(value.name)}")
    counts = Counter(c.rank for c in cards)
    worst = min(cards, key=lambda c: (counts[c.rank], c.rank))
    return _replacing(worst, f"to improve {_lower(value.name)}")


def _replacing(card: Card, purpose: str) -> Decision:
    return Decision(
        {"type": "replace", "card": str(card)}, f"Replacing the {_rank_word(card.rank)} {purpose}"
    )


# -- Sviten Special: the one-up card ------------------------------------------------------
def _one_up(cards: list[Card], seen: dict, offered: Card) -> Decision:
    """Take the card shown if it makes the five held better than they are now. The card
    it replaces is the one the bot exchanged: its own plan, worked out again."""
    plan = draw_plan(cards, seen["game"], _low(seen))
    if len(plan.discard) == 1:
        (old,) = plan.discard
    else:  # a move not the bot's own: assume the weakest card was exchanged
        counts = Counter(c.rank for c in cards)
        old = min(cards, key=lambda c: (counts[c.rank], c.rank))
    now = high_value(cards)
    taken = high_value([offered if c == old else c for c in cards])
    card = face(str(offered))  # "the 10♦", as the card shows
    if taken > now:
        return Decision({"type": "take"}, f"Taking the {card}: it makes {_lower(taken.name)}")
    return Decision({"type": "decline"}, f"Declining the {card}: it does not help")


# -- the declaration -------------------------------------------------------------------
def _declare(cards: list[Card], seen: dict) -> Decision:
    """Declare the way the hand plays (``aim``), but low when up cards beat it for high, and
    the way nobody else goes when the hand may take it and is not strong its own way."""
    low = _low(seen) or "ace-to-five"
    way = aim(cards, low)
    beaten, free = beaten_on_board(cards, seen), free_way(seen)
    if beaten and way != "low":
        return _declaring("low", beaten)  # ("P2 shows two pair, aces and nines")
    if free and way not in (free[0], "both") and _takes(free[0], cards, low, free[1]):
        strong = (high_strength(cards) >= BOTH_HIGH if way == "high"
                  else low_strength(cards, low) >= BOTH_LOW)  # fmt: skip
        if not strong:  # a strong hand goes its own way: winning it, it takes the whole pot
            return _declaring(free[0], FREE_WORDS[free])
    if way == "both":
        words = f"{high_value(cards).name} and {_low_words(cards, low)}"
    elif way == "low":
        words = _low_words(cards, low)
    else:
        words = high_value(cards).name
    return _declaring(way, words)


def _declaring(way: str, why: str) -> Decision:
    return Decision({"type": "declare", "declaration": way}, f"Declaring {way}: {why}")


# -- betting ---------------------------------------------------------------------------
def _bet(seen: dict, legal: dict, rng: Random) -> Decision:
    made = ways(seen)
    live = [way for way in made if way.strength > 0 and not way.beaten_by]  # (a paired low: 0)
    best = max(live or made, key=lambda way: way.strength)
    strength, words = (best.strength if live else 0.0), best.words
    # beaten: only who shows what (its own hand's words as well would run the line long)
    beaten = best.beaten_by if not live else ""
    felt = strength + rng.uniform(-NOISE, NOISE)
    kinds, call, aggressive, pot = legal["kinds"], legal["call"], legal["raise_kind"], legal["pot"]
    if live and best.even:  # heads-up, half the pot each: calling keeps it, betting gains nothing
        if call:
            return Decision({"type": "call"}, f"{words}: calling {call}")
        return _check_or_fold(legal, words)
    if call:
        raise_at = RAISE_AT + RERAISE_STEP * legal["raises"]
        if live and aggressive and felt >= raise_at:
            return _aggress(legal, strength, words)
        price = call / (pot + call)
        if _me(seen)["drew"] is None:
            price *= DRAWING
        if call <= seen["stakes"]["big_blind"]:
            price = min(price, CHEAP)  # calling the blind: the blinds are meant to be called
        if (live and felt >= price + CALL_MARGIN) or "fold" not in kinds:
            return Decision({"type": "call"}, f"{words}: calling {call}")
        chance = live or seen["street"] not in LAST_BETTING  # beaten, but a card may come
        if chance and call <= SMALL_PRICE * (pot + call):  # (said only where it decides)
            return Decision({"type": "call"}, f"Calling {call} into {pot}: the price is small")
        if beaten:
            return Decision({"type": "fold"}, f"{beaten}: folding")
        return Decision({"type": "fold"}, f"{words}: folding, {call} to call into {pot}")
    if beaten:
        return _check_or_fold(legal, beaten)
    if aggressive and felt >= BET_AT:
        return _aggress(legal, strength, words)
    if aggressive and rng.random() < BLUFF:
        return _aggress(legal, 0.0, f"{words}, but bluffing")
    return _check_or_fold(legal, words)


def _aggress(legal: dict, made: float, words: str) -> Decision:
    """Bet or raise: about two thirds of the pot, the whole pot with a very strong hand."""
    kind = legal["raise_kind"]
    share = 1.0 if made >= 0.9 else 0.66
    target = legal["bet_already"] + legal["call"] + round(share * (legal["pot"] + legal["call"]))
    to = max(legal["min_to"], min(legal["max_to"], target))
    verb = "betting" if kind == "bet" else "raising to"
    return Decision({"type": kind, "to": to}, f"{words}: {verb} {to}")


def _check_or_fold(legal: dict, words: str) -> Decision:
    if "check" in legal["kinds"]:
        return Decision({"type": "check"}, f"{words}: checking")
    return Decision({"type": "fold"}, f"{words}: folding")


__all__ = ["Decision", "choose"]
