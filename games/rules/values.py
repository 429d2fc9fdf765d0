"""Hand values: comparable, greater is better, each with a name a person can read.

>>> from games.rules.cards import parse_cards
>>> high_value(parse_cards("Kd Kh 5c 5s 9d")).name
'Two pair, kings and fives'
>>> low_a5_value(parse_cards("7c 5d 3h 2s Ac")).name
'7-5-3-2-A low'
>>> low_a5_value(parse_cards("7c 5d 3h 2s Ac")) > low_a5_value(parse_cards("7c 6d 3h 2s Ac"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from phevaluator import evaluate_cards

from games.rules.cards import RANK_NAMES, Card

# Categories, in high-hand order.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's strength: ``key`` orders hands (greater is better); ``name`` describes it."""

    key: tuple[int, ...]
    name: str = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False, default=())


def _rank_word(rank: int, plural: bool = False) -> str:
    return RANK_NAMES[14 if rank == 1 else rank][1 if plural else 0]


# A low's ranks by number, 1 (the ace played low) to 14, as the cards show them.
LOW_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _low_rank_text(rank: int) -> str:
    """A rank in a low's name, as the card shows it: 'A', '10', 'K'."""
    return LOW_RANKS[rank - 1]


def _grouped(ranks: Sequence[int]) -> list[int]:
    """Ranks ordered by how many times they occur, then by rank, high first."""
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _straight_top(distinct_desc: Sequence[int]) -> int | None:
    """The top rank of a five-card straight, ace high or low (A-2-3-4-5 tops at 5)."""
    if len(distinct_desc) != 5:
        return None
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if list(distinct_desc) == [14, 5, 4, 3, 2]:
        return 5
    return None


def _classify(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """Category and the ranks that break ties within it, for exactly five cards."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    grouped = _grouped(ranks)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    top = _straight_top(sorted(set(ranks), reverse=True))
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), [top]
    if flush:
        return FLUSH, ranks
    by_counts = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }
    return by_counts.get(tuple(counts), HIGH_CARD), grouped


def _high_name(category: int, ranks: list[int]) -> str:
    w = _rank_word
    if category == STRAIGHT_FLUSH:
        return "Royal flush" if ranks[0] == 14 else f"Straight flush, {w(ranks[0])} high"
    if category == QUADS:
        return f"Four {w(ranks[0], True)}"
    if category == FULL_HOUSE:
        return f"Full house, {w(ranks[0], True)} full of {w(ranks[3], True)}"
    if category == FLUSH:
        return f"Flush, {w(ranks[0])} high"
    if category == STRAIGHT:
        return f"Straight, {w(ranks[0])} high"
    if category == TRIPS:
        return f"Three {w(ranks[0], True)}"
    if category == TWO_PAIR:
        return f"Two pair, {w(ranks[0], True)} and {w(ranks[2], True)}"
    if category == PAIR:
        return f"Pair of {w(ranks[0], True)}"
    return f"{w(ranks[0]).capitalize()} high"


def high_value(cards: Sequence[Card]) -> HandValue:
    """The best high hand of five to seven cards (phevaluator); the ace plays high or low."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a high hand has five to seven cards, not {len(cards)}")
    strength = 7463 - evaluate_cards(*cards)
    best = tuple(cards)
    if len(cards) > 5:
        best = max(combinations(cards, 5), key=lambda five: -evaluate_cards(*five))
    return HandValue((strength,), _high_name(*_classify(best)), best)


def _low_key(category: int, ranks: list[int]) -> tuple[int, ...]:
    # Lower is better for a low, so the key is negated to keep "greater is better".
    return (-category, *(-r for r in ranks))


def _low_name(category: int, ranks: list[int]) -> str:
    if category == HIGH_CARD:
        return "-".join(_low_rank_text(r) for r in ranks) + " low"
    shown = "-".join(_low_rank_text(r) for r in ranks)
    label = _high_name(category, [14 if r == 1 else r for r in ranks])
    return f"{label} ({shown}) low"


def low_a5_value(cards: Sequence[Card]) -> HandValue:
    """Ace-to-five low of five cards: ace low, straights and flushes ignored, pairs count."""
    if len(cards) != 5:
        raise ValueError(f"a low hand has five cards, not {len(cards)}")
    ranks = _grouped([1 if c.rank == 14 else c.rank for c in cards])
    counts = tuple(sorted(Counter(ranks).values(), reverse=True))
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }.get(counts, HIGH_CARD)
    return HandValue(_low_key(category, ranks), _low_name(category, ranks), tuple(cards))


def low_a6_value(cards: Sequence[Card]) -> HandValue:
    """Ace-to-six low of five cards: ace low only; straights and flushes count against it."""
    if len(cards) != 5:
        raise ValueError(f"a low hand has five cards, not {len(cards)}")
    category, ranks = _classify(cards)
    ace_low = sorted((1 if r == 14 else r for r in ranks), reverse=True)
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        ace_low = sorted((1 if c.rank == 14 else c.rank for c in cards), reverse=True)
        if ace_low[0] - ace_low[4] != 4:  # the ace only plays low: T-J-Q-K-A is no straight
            category = FLUSH if category == STRAIGHT_FLUSH else HIGH_CARD
        ranks = ace_low
    else:
        ranks = _grouped(ace_low)
    return HandValue(_low_key(category, ranks), _low_name(category, ranks), tuple(cards))


LOW_VALUES = {"ace-to-five": low_a5_value, "ace-to-six": low_a6_value}


def omaha_so_far(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """The best Omaha hand (two hole cards, three board cards) with the board dealt so far
    (three to five cards): what a player holds before the river."""
    hands = (high_value([*two, *three]) for two in combinations(hole, 2)
             for three in combinations(board, 3))  # fmt: skip
    return max(hands, key=lambda value: value.key)


def omaha_value(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """Best Omaha hand: exactly two of the hole cards and exactly three of the board."""
    if len(board) != 5 or len(hole) < 2:
        raise ValueError("an Omaha hand needs five board cards and at least two hole cards")
    best: tuple[int, tuple[Card, ...]] | None = None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = two + three
            rank = evaluate_cards(*five)
            if best is None or rank < best[0]:
                best = (rank, five)
    assert best is not None
    return HandValue((7463 - best[0],), _high_name(*_classify(best[1])), best[1])


def exposed_value(up_cards: Sequence[Card]) -> HandValue:
    """Order of one to four up cards, to choose who acts first.

    Four of a kind > three of a kind > two pair > pair > high cards, compared rank by rank
    (ace high); straights and flushes do not count and suits never decide.
    """
    if not 1 <= len(up_cards) <= 4:
        raise ValueError(f"exposed hands have one to four cards, not {len(up_cards)}")
    ranks = _grouped([c.rank for c in up_cards])
    counts = tuple(sorted(Counter(ranks).values(), reverse=True))
    category = {4: QUADS, 3: TRIPS}.get(counts[0])
    if category is None:
        category = TWO_PAIR if counts[:2] == (2, 2) else PAIR if counts[0] == 2 else HIGH_CARD
    return HandValue((category, *ranks), _high_name(category, ranks), tuple(up_cards))
