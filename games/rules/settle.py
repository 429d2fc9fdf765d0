"""Settle-up: the fewest payments that square everyone's net result.

A group whose nets sum to zero settles among itself, so the fewest payments is the
number of players less the largest number of disjoint zero-sum groups they split into.
Up to 10 players that split is found exactly; beyond, largest debtor pays largest
creditor (never more than n - 1 payments).

>>> settle_up({"Ann": 35, "Bob": -20, "Cat": -15})
[('Bob', 'Ann', 20), ('Cat', 'Ann', 15)]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from games.rules.errors import BadSettings

EXACT_UP_TO = 10


def _greedy(nets: dict[str, int]) -> list[tuple[str, str, int]]:
    owed = sorted(((v, k) for k, v in nets.items() if v > 0), reverse=True)
    owing = sorted(((-v, k) for k, v in nets.items() if v < 0), reverse=True)
    payments = []
    while owed and owing:
        credit, creditor = owed.pop(0)
        debt, debtor = owing.pop(0)
        amount = min(credit, debt)
        payments.append((debtor, creditor, amount))
        if credit > amount:
            owed.insert(0, (credit - amount, creditor))
            owed.sort(reverse=True)
        if debt > amount:
            owing.insert(0, (debt - amount, debtor))
            owing.sort(reverse=True)
    return payments


def _zero_sum_groups(names: list[str], values: list[int]) -> list[list[str]]:
    """Split into the most disjoint groups that each sum to zero (exact, by subsets)."""
    n = len(values)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]

    @cache
    def best(mask: int) -> tuple[int, int]:
        """(groups, first group's mask) for the players in ``mask`` (which sums to 0)."""
        if mask == 0:
            return 0, 0
        first = mask & -mask  # the lowest player always belongs to the first group
        rest = mask ^ first
        top = (0, mask)
        sub = rest
        while True:
            group = sub | first
            if sums[group] == 0 and group != mask:
                count = 1 + best(mask ^ group)[0]
                if count > top[0]:
                    top = (count, group)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        return (max(top[0], 1), top[1])

    groups, mask = [], (1 << n) - 1
    while mask:
        _, group = best(mask)
        groups.append([names[i] for i in range(n) if group >> i & 1])
        mask ^= group
    return groups


def settle_up(nets: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Payments (payer, payee, chips) that bring every net to zero."""
    if sum(nets.values()) != 0:
        raise BadSettings(f"the nets do not add up: they sum to {sum(nets.values())}")
    players = {k: v for k, v in nets.items() if v}
    if len(players) > EXACT_UP_TO:
        return _greedy(players)
    names = sorted(players)
    payments = []
    for group in _zero_sum_groups(names, [players[k] for k in names]):
        payments += _greedy({k: players[k] for k in group})
    return payments
