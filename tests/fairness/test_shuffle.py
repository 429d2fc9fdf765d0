"""The shuffle is uniform, and the same tests catch broken shuffles (docs/fairness.md).

Chi-square critical values at p = 0.001: 49.7 for 23 degrees of freedom (the 24 orders
of four cards), 2,829.6 for 2,601 (the 52 x 52 position-by-card table, 51 x 51 dof).
"""

from __future__ import annotations

import ast
import itertools
import random
import secrets
from pathlib import Path

import pytest

from games.rules.cards import FULL_DECK, dealer_rng, shuffle_cards, shuffled_deck

ROOT = Path(__file__).resolve().parents[2]
ORDERS_LIMIT = 49.7
TABLE_LIMIT = 2829.6


def good(cards: list, rng: random.Random) -> None:
    shuffle_cards(cards, rng)


def off_by_one(cards: list, rng: random.Random) -> None:
    """j drawn from [0, i) instead of [0, i]: only cyclic orders come out (Sattolo)."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randrange(i)
        cards[i], cards[j] = cards[j], cards[i]


def naive_swap(cards: list, rng: random.Random) -> None:
    """Swap each place with any place: n^n paths onto n! orders, unevenly."""
    n = len(cards)
    for i in range(n):
        j = rng.randrange(n)
        cards[i], cards[j] = cards[j], cards[i]


def modulo_bias(cards: list, rng: random.Random) -> None:
    """Fisher-Yates, but j = (a random byte) mod (i + 1): small j are more likely."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.getrandbits(8) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def orders_statistic(shuffle, rng: random.Random, trials: int = 24_000) -> float:
    orders = list(itertools.permutations(range(4)))
    counts = dict.fromkeys(orders, 0)
    for _ in range(trials):
        cards = [0, 1, 2, 3]
        shuffle(cards, rng)
        counts[tuple(cards)] += 1
    expected = trials / 24
    return sum((c - expected) ** 2 / expected for c in counts.values())


def table_statistic(shuffle, rng: random.Random, trials: int = 20_000) -> float:
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(trials):
        cards = list(range(52))
        shuffle(cards, rng)
        for position, card in enumerate(cards):
            counts[position][card] += 1
    expected = trials / 52
    return sum((c - expected) ** 2 / expected for row in counts for c in row)


def test_the_dealer_shuffles_with_the_operating_systems_generator():
    assert isinstance(dealer_rng(), secrets.SystemRandom)
    deck = shuffled_deck()
    assert sorted(deck) == sorted(FULL_DECK)


# The practice bots' play is seeded so that a replay makes the same choice; its seed holds
# the hand's deck order, and it never touches the deck (games/rules/bots.py moment_rng).
BOTS = ROOT / "games" / "rules" / "bots.py"


def test_no_game_code_imports_the_standard_random_module():
    """ruff's S311 rule also guards this; here it is checked on every module of games/,
    but for the bots' play, which deals nothing."""
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        if path == BOTS:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if "random" in names:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_all_24_orders_of_four_cards_are_equally_likely():
    statistic = orders_statistic(good, random.Random(2026))
    print(f"24 orders, 24,000 shuffles: chi-square {statistic:.1f} (fails above {ORDERS_LIMIT})")
    assert statistic < ORDERS_LIMIT


def test_every_card_is_equally_likely_in_every_position():
    statistic = table_statistic(good, random.Random(2027))
    print(f"52 x 52 table, 20,000 shuffles: chi-square {statistic:.1f} (fails above {TABLE_LIMIT})")
    assert statistic < TABLE_LIMIT


@pytest.mark.parametrize("broken", [off_by_one, naive_swap, modulo_bias])
def test_broken_shuffles_are_rejected_by_the_same_tests(broken):
    orders = orders_statistic(broken, random.Random(7))
    table = table_statistic(broken, random.Random(8))
    print(f"{broken.__name__}: orders chi-square {orders:.1f}, table chi-square {table:.1f}")
    assert orders > ORDERS_LIMIT or table > TABLE_LIMIT
