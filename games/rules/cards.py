"""Cards, their text form ("As Kd 7h"), and the deck with its stub and muck.

A card is a small int (rank index * 4 + suit index, the numbering phevaluator uses)
that prints as its two-letter name:

>>> parse_cards("As Kd 7h")
(Card('As'), Card('Kd'), Card('7h'))
>>> format_cards(parse_cards("AsKd"))
'As Kd'
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from games.rules.errors import BadCard, BadSettings, DuplicateCard

RANKS = "23456789TJQKA"
_CARD_NAME = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
SUITS = "cdhs"
RANK_NAMES = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


class Card(int):
    """One of the 52 cards; rank 2..14 (ace 14), suit one of "cdhs"."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return int(self) // 4 + 2

    @property
    def suit(self) -> str:
        return SUITS[int(self) % 4]

    def __str__(self) -> str:
        return RANKS[int(self) // 4] + SUITS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card('{self}')"


FULL_DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_BY_NAME = {str(card): card for card in FULL_DECK}
_TOKEN = re.compile(r"[^\s,]{2}")


def parse_card(text: str) -> Card:
    """Read one card: rank (2-9, T, J, Q, K, A; "10" is also accepted) and suit (c d h s)."""
    if not isinstance(text, str):
        raise BadCard(f"a card must be text like 'As', not {type(text).__name__}")
    name = text.strip()
    if name[:2] == "10":
        name = "T" + name[2:]
    if len(name) == 2:
        card = _BY_NAME.get(name[0].upper() + name[1].lower())
        if card is not None:
            return card
    raise BadCard(f"{text!r} is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c d h s)")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several distinct cards from "As Kd 7h", "AsKd7h" or a list of names."""
    if isinstance(text, str):
        compact = re.sub(r"[\s,]+", "", text.replace("10", "T"))
        if len(compact) % 2:
            raise BadCard(f"{text!r} is not a list of cards: each card is two characters")
        names = [compact[i : i + 2] for i in range(0, len(compact), 2)]
    else:
        names = list(text)
    cards = tuple(parse_card(name) for name in names)
    ensure_distinct(cards)
    return cards


SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}


def face(name: str) -> str:
    """A card's name as a person reads it.

    >>> face("9c"), face("Td")
    ('9♣', '10♦')
    """
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS.get(name[1:], name[1:])


def faces(text: str) -> str:
    """Every card name in a line of text written as a person reads it.

    >>> faces("Ann takes the Qs; Kd comes up")
    'Ann takes the Q♠; K♦ comes up'
    """
    return _CARD_NAME.sub(lambda m: face(m.group(0)), text)


def marked(names: dict) -> dict:
    """Marks to build a line with in place of the players' names, for faces_named."""
    return {key: f"\x00{k}\x00" for k, key in enumerate(names)}


def faces_named(text: str, names: dict) -> str:
    """faces() over a line built with ``marked(names)``, and then the names as typed: a
    player called "As" stays "As".

    >>> names = {1: "As"}
    >>> faces_named(f"{marked(names)[1]} takes the As", names)
    'As takes the A♠'
    """
    text = faces(text)
    for key, mark in marked(names).items():
        text = text.replace(mark, names[key])
    return text


def ensure_distinct(cards: Iterable[Card]) -> None:
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCard(f"{card} appears twice")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


class Shuffler(Protocol):
    def shuffle(self, x: list) -> None: ...


def dealer_rng() -> secrets.SystemRandom:
    """The dealer's generator: the operating system's, never a seedable one."""
    return secrets.SystemRandom()


def shuffle_cards(cards: list, rng: Shuffler | None = None) -> None:
    """Shuffle in place: a uniform Fisher-Yates (``random.shuffle``) with the dealer's
    generator, or with ``rng`` when a test injects one."""
    (rng or dealer_rng()).shuffle(cards)


def shuffled_deck(rng: Shuffler | None = None) -> list[Card]:
    """A new deck order, top card first, shuffled by ``rng`` (SystemRandom by default)."""
    order = list(FULL_DECK)
    shuffle_cards(order, rng)
    return order


def read_deck_order(names: Sequence[str | int]) -> list[Card]:
    """A stored deck order (52 card names or ids) checked to be one whole deck."""
    cards = [FULL_DECK[n] if isinstance(n, int) and 0 <= n < 52 else parse_card(n) for n in names]
    ensure_distinct(cards)
    if len(cards) != 52:
        raise BadSettings(f"a deck order has 52 cards, not {len(cards)}")
    return cards


class Deck:
    """The stub of one hand, dealt from the top, and its muck.

    When the stub runs short, the muck is shuffled into a new stub. To keep a hand fully
    determined by what is stored, that shuffle is not drawn at the moment: the muck cards
    are put in the order they have in ``reshuffle_order``, a second secret permutation of
    the deck drawn with the first. The cards just discarded by the player being served
    are held out of it (RULES.md §1).
    """

    def __init__(self, order: Sequence[Card], reshuffle_order: Sequence[Card] | None = None):
        self.stub: list[Card] = list(order)
        self.muck: list[Card] = []
        rank_in = reshuffle_order if reshuffle_order is not None else order
        self._reshuffle_rank = {card: i for i, card in enumerate(rank_in)}
        self.reshuffles = 0

    def copy(self) -> Deck:
        twin = Deck.__new__(Deck)
        twin.stub = list(self.stub)
        twin.muck = list(self.muck)
        twin._reshuffle_rank = self._reshuffle_rank
        twin.reshuffles = self.reshuffles
        return twin

    def to_muck(self, cards: Iterable[Card]) -> None:
        self.muck.extend(cards)

    def can_supply(self, count: int, held_out: Iterable[Card] = ()) -> bool:
        held = set(held_out)
        return len(self.stub) + sum(1 for c in self.muck if c not in held) >= count

    def deal(self, count: int, held_out: Iterable[Card] = ()) -> list[Card]:
        """Take ``count`` cards off the top, reshuffling the muck (less ``held_out``) if short."""
        if len(self.stub) < count:
            self._reshuffle(set(held_out))
            if len(self.stub) < count:
                raise BadSettings("the stub and the muck together cannot supply that many cards")
        dealt, self.stub = self.stub[:count], self.stub[count:]
        return dealt

    def _reshuffle(self, held: set[Card]) -> None:
        into_stub = sorted((c for c in self.muck if c not in held), key=self._reshuffle_rank.get)
        self.muck = [c for c in self.muck if c in held]
        self.stub = self.stub + into_stub
        self.reshuffles += 1
