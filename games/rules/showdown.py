"""Showdown: every pot awarded by the game's own split (RULES.md §1, §4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.rules.cards import Card
from games.rules.declare import resolve_declare_pot
from games.rules.pots import Award, Pot, award_best, halves
from games.rules.values import LOW_VALUES, HandValue, high_value, omaha_value


def declare_showdown(
    pots: Sequence[Pot],
    hands: Mapping[int, Sequence[Card]],
    declarations: Mapping[int, str],
    low: str,
    order: Sequence[int],
) -> list[Award]:
    """Levy's Game and High-Low Declare: each pot resolved by the declarations."""
    high_values = {s: high_value(cards) for s, cards in hands.items()}
    low_values = {s: LOW_VALUES[low](cards) for s, cards in hands.items()}
    awards: list[Award] = []
    for i, pot in enumerate(pots):
        awards += resolve_declare_pot(i, pot, declarations, high_values, low_values, order)
    return awards


def sviten_showdown(
    pots: Sequence[Pot],
    hands: Mapping[int, Sequence[Card]],
    board: Sequence[Card],
    order: Sequence[int],
) -> list[Award]:
    """Sviten Special: half of each pot to the best Omaha hand, half to the best five held.

    The draw half takes the odd chip.
    """
    draw_values = {s: high_value(cards) for s, cards in hands.items()}
    omaha_values = {s: _told(omaha_value(cards, board), board) for s, cards in hands.items()}
    awards: list[Award] = []
    for i, pot in enumerate(pots):
        draw_half, omaha_half = halves(pot.amount)
        seats = list(pot.eligible)
        awards += award_best(
            i, pot, omaha_half, "omaha", seats, omaha_values.__getitem__, order,
            "best Omaha hand (two hole cards and three from the board)",
        )  # fmt: skip
        awards += award_best(
            i, pot, draw_half, "draw", seats, draw_values.__getitem__, order,
            "best five-card hand held",
        )  # fmt: skip
    return awards


def _told(value: HandValue, board: Sequence[Card]) -> HandValue:
    """An Omaha value whose name says which two hole cards and three board cards made it."""
    hole = " ".join(str(c) for c in value.cards if c not in board)
    shared = " ".join(str(c) for c in value.cards if c in board)
    return HandValue(value.key, f"{value.name}: {hole} with {shared} from the board", value.cards)
