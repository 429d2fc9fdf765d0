"""Pots from contributions, and splitting chips with the odd-chip rules of RULES.md §1.

>>> [(p.name, p.amount, p.eligible) for p in build_pots({1: 10, 2: 50, 3: 50}, folded=set())]
[('Main pot', 30, (1, 2, 3)), ('Side pot 1', 80, (2, 3))]
>>> split_chips(5, [3, 1])
{3: 3, 1: 2}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.rules.values import HandValue


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]
    name: str = "Main pot"


@dataclass(frozen=True)
class Award:
    """Chips from one pot (or one half of it) to one seat, and the rule that gave them.

    ``half`` is "whole", "high", "low", "omaha" or "draw"; "none" marks a seat that won
    nothing for a stated reason (a failed Both declarer), with ``amount`` 0 and ``by`` the
    seats that beat (or tied) it the way it failed.
    """

    pot: int
    pot_name: str
    half: str
    seat: int
    amount: int
    hand: str
    reason: str
    by: tuple[int, ...] = ()


def clockwise_from_button(seats: Sequence[int], button: int, table_size: int) -> list[int]:
    """Seats in order starting with the first seat left of the button (button last)."""
    return sorted(seats, key=lambda s: (s - button - 1) % table_size)


def build_pots(contributions: Mapping[int, int], folded: set[int]) -> list[Pot]:
    """Main and side pots from each seat's total contribution to the hand.

    Folded seats' chips are in the pots but they are eligible for none.
    """
    live = {s: c for s, c in contributions.items() if s not in folded}
    levels = sorted({c for c in live.values() if c > 0})
    return _pots(contributions, levels, lambda level: [s for s, c in live.items() if c >= level])


def pots_in_play(contributions: Mapping[int, int], folded: set[int], capped: set[int]) -> list[Pot]:
    """The pots as the table shows them while a hand is played: a side pot only where a
    live player in ``capped`` (all-in, or at the stake cap) can put in no more. Every other
    live player still may, so a call not yet made starts no pot of its own. Once every
    call is in, these are ``build_pots``'s pots.

    >>> [(p.name, p.amount) for p in pots_in_play({1: 1, 2: 3, 3: 3}, set(), set())]
    [('Main pot', 7)]
    >>> [(p.name, p.amount) for p in pots_in_play({1: 1, 2: 5, 3: 10}, set(), {2})]
    [('Main pot', 11), ('Side pot 1', 5)]
    """
    live = {s: c for s, c in contributions.items() if s not in folded}
    top = max(live.values(), default=0)
    levels = sorted({c for s, c in live.items() if s in capped and 0 < c < top} | {top} - {0})
    return _pots(
        contributions,
        levels,
        lambda level: [s for s, c in live.items() if s not in capped or c >= level],
    )


def _pots(
    contributions: Mapping[int, int], levels: list[int], eligible_at: Callable[[int], list[int]]
) -> list[Pot]:
    """A pot for each contribution level (what every seat put in up to it), among the
    seats ``eligible_at`` that level; neighbours with the same players are one pot."""
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = tuple(sorted(eligible_at(level)))
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(max(0, c - previous) for c in contributions.values())
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return [
        Pot(p.amount, p.eligible, "Main pot" if i == 0 else f"Side pot {i}")
        for i, p in enumerate(pots)
    ]


def split_chips(amount: int, winners_in_order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` among tied winners; odd chips one each, first winners first.

    Pass the winners clockwise from the button so the odd chip goes where RULES.md says.
    """
    share, odd = divmod(amount, len(winners_in_order))
    return {s: share + (1 if i < odd else 0) for i, s in enumerate(winners_in_order)}


def halves(amount: int) -> tuple[int, int]:
    """A pot split in two: (the half that takes the odd chip, the other half)."""
    return amount - amount // 2, amount // 2


def best_seats(
    seats: Sequence[int], value_of: Callable[[int], HandValue], order: Sequence[int]
) -> list[int]:
    """The seats holding the best value, in ``order`` (clockwise from the button)."""
    best = max(value_of(s) for s in seats)
    return [s for s in order if s in seats and value_of(s) == best]


def award_best(
    pot_index: int,
    pot: Pot,
    amount: int,
    half: str,
    seats: Sequence[int],
    value_of: Callable[[int], HandValue],
    order: Sequence[int],
    reason: str,
) -> list[Award]:
    """``amount`` to the best of ``seats`` (ties split, odd chips clockwise from the button)."""
    winners = best_seats(seats, value_of, order)
    tie = " (tied, split)" if len(winners) > 1 else ""
    return [
        Award(pot_index, pot.name, half, s, chips, value_of(s).name, reason + tie)
        for s, chips in split_chips(amount, winners).items()
    ]


def award_uncontested(pots: Sequence[Pot], seat: int) -> list[Award]:
    """Everyone else folded: the last player takes every pot without a showdown."""
    return [
        Award(i, p.name, "whole", seat, p.amount, "", "everyone else folded")
        for i, p in enumerate(pots)
    ]
