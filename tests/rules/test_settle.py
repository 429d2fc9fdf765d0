"""Settle-up: payments square everyone, are never more than n - 1, and are the fewest."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.errors import BadSettings
from games.rules.settle import settle_up


def apply(nets: dict[str, int], payments) -> dict[str, int]:
    after = dict(nets)
    for payer, payee, amount in payments:
        assert amount > 0
        after[payer] += amount
        after[payee] -= amount
    return after


@st.composite
def zero_sum_nets(draw, max_players=12):
    count = draw(st.integers(min_value=1, max_value=max_players))
    values = draw(st.lists(st.integers(-500, 500), min_size=count - 1, max_size=count - 1))
    values.append(-sum(values))
    return {f"P{i}": v for i, v in enumerate(values)}


@settings(max_examples=400, deadline=None)
@given(zero_sum_nets())
def test_payments_square_everyone_in_at_most_n_minus_one(nets):
    payments = settle_up(nets)
    assert all(v == 0 for v in apply(nets, payments).values())
    assert len(payments) <= max(0, len([v for v in nets.values() if v]) - 1)


def fewest_by_brute_force(nets: dict[str, int]) -> int:
    """n - the most zero-sum groups, by trying every assignment of players to groups."""
    names = [k for k, v in nets.items() if v]
    best = 0
    for labels in itertools.product(range(len(names)), repeat=len(names)):
        groups: dict[int, int] = {}
        for name, label in zip(names, labels, strict=True):
            groups[label] = groups.get(label, 0) + nets[name]
        if all(v == 0 for v in groups.values()):
            best = max(best, len(groups))
    return len(names) - best


@settings(max_examples=150, deadline=None)
@given(zero_sum_nets(max_players=6))
def test_payments_are_the_fewest_possible(nets):
    assert len(settle_up(nets)) == fewest_by_brute_force(nets)


def test_two_pairs_that_cancel_settle_in_two_payments_not_three():
    payments = settle_up({"Ann": 30, "Bob": -30, "Cat": 20, "Dan": -20})
    assert sorted(payments) == [("Bob", "Ann", 30), ("Dan", "Cat", 20)]


def test_nets_that_do_not_add_up_are_refused():
    with pytest.raises(BadSettings, match="sum to 5"):
        settle_up({"Ann": 10, "Bob": -5})
