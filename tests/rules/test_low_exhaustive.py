"""Every one of the 2,598,960 five-card hands: our lows order them exactly as pokerkit does.

Ace-to-five is checked against pokerkit's RegularLowHand. pokerkit has no ace-to-six low,
but deuce-to-seven (StandardLowHand: ace high, straights and flushes count) is the same
game on ranks shifted up by one, so ace-to-six of a hand equals deuce-to-seven of the
hand with every rank moved one place (A->2, 2->3, ..., K->A).
"""

from itertools import combinations, pairwise

import pokerkit
import pytest

from games.rules.cards import FULL_DECK, RANKS
from games.rules.values import low_a5_value, low_a6_value

pytestmark = pytest.mark.slow

SHIFTED = {"A": "2", **{r: RANKS[(RANKS.index(r) + 1) % 13] for r in RANKS if r != "A"}}


def pokerkit_cards(shift: bool):
    names = []
    for card in FULL_DECK:
        rank, suit = str(card)
        names.append((SHIFTED[rank] if shift else rank) + suit)
    return [next(iter(pokerkit.Card.parse(n))) for n in names]


def check_same_order(our_value, lookup, their_cards):
    """Group the hands by pokerkit's entry; ours must give one value per entry, same order."""
    our_by_entry = {}
    for combo in combinations(range(52), 5):
        entry = lookup.get_entry([their_cards[i] for i in combo]).index
        ours = our_value([FULL_DECK[i] for i in combo]).key
        known = our_by_entry.setdefault(entry, ours)
        assert known == ours, f"hands with pokerkit entry {entry} differ in our low value"
    # pokerkit's low entries: a smaller index is a better low; ours: a greater key is better.
    entries = sorted(our_by_entry)
    keys = [our_by_entry[e] for e in entries]
    assert all(a > b for a, b in pairwise(keys))
    return len(entries)


def test_ace_to_five_matches_pokerkit_on_every_five_card_hand():
    classes = check_same_order(low_a5_value, pokerkit.RegularLowHand.lookup, pokerkit_cards(False))
    print(f"ace-to-five: 2,598,960 hands, {classes} distinct lows, all in pokerkit's order")
    assert classes == 6175


def test_ace_to_six_matches_pokerkit_deuce_to_seven_shifted_on_every_hand():
    classes = check_same_order(low_a6_value, pokerkit.StandardLowHand.lookup, pokerkit_cards(True))
    print(f"ace-to-six: 2,598,960 hands, {classes} distinct lows, all in pokerkit's order")
    assert classes == 7462
