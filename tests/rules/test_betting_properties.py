"""Random betting sequences: chips are conserved, pots and awards always add up."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.betting import STRUCTURES, BettingRound, BettingRules, Bettor, post
from games.rules.cards import FULL_DECK
from games.rules.declare import DECLARATIONS, resolve_declare_pot
from games.rules.pots import build_pots, clockwise_from_button
from games.rules.values import high_value, low_a5_value


def random_action(legal, rng):
    kinds = legal.kinds
    kind = rng.choice(kinds)
    to = rng.randint(legal.min_to, legal.max_to) if kind in ("bet", "raise") else None
    return kind, to


@settings(max_examples=300, deadline=None)
@given(
    structure=st.sampled_from(STRUCTURES),
    stacks=st.lists(st.integers(min_value=1, max_value=300), min_size=2, max_size=8),
    raise_cap=st.one_of(st.none(), st.integers(min_value=0, max_value=4)),
    stake_cap=st.one_of(st.none(), st.integers(min_value=1, max_value=200)),
    lifts=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_betting_conserves_chips_and_awards_add_up(
    structure, stacks, raise_cap, stake_cap, lifts, seed
):
    rng = random.Random(seed)
    kw = {"raise_cap": raise_cap, "stake_cap": stake_cap, "cap_lifts_heads_up": lifts}
    rules = (
        BettingRules.fixed(2, 4, **kw)
        if structure == "fixed-limit"
        else BettingRules(structure, 2, **kw)
    )
    players = [Bettor(seat=i + 1, stack=s) for i, s in enumerate(stacks)]
    total = sum(stacks)
    seats = [p.seat for p in players]
    post(players[0], 1, rules)
    post(players[1], 2, rules)
    for street in range(4):
        order = seats[2:] + seats[:2] if street == 0 else seats
        round_ = BettingRound(
            rules, players, order, current_bet=2 if street == 0 else 0, bet_size=2 + 2 * street
        )
        steps = 0
        while not round_.is_complete:
            seat = round_.to_act
            legal = round_.legal_actions(seat)
            assert legal.kinds, "a seat to act always has something to do"
            if legal.raise_kind:
                assert legal.min_to <= legal.max_to
                assert legal.max_to <= legal.bet_already + players[seat - 1].stack
            round_.act(seat, *random_action(legal, rng))
            steps += 1
            assert steps < 200, "a betting round always ends"
            assert sum(p.stack + p.contributed for p in players) == total
        round_.return_uncalled()
        for p in players:
            p.bet = 0
            assert p.stack >= 0
            if stake_cap is not None:
                assert p.contributed <= stake_cap
        if len([p for p in players if not p.folded]) == 1:
            break

    folded = {p.seat for p in players if p.folded}
    pots = build_pots({p.seat: p.contributed for p in players}, folded)
    assert sum(p.amount for p in pots) == sum(p.contributed for p in players)
    for pot in pots:
        assert pot.eligible and not set(pot.eligible) & folded

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = {s: deck[5 * i : 5 * i + 5] for i, s in enumerate(seats)}
    high = {s: high_value(h) for s, h in hands.items()}
    low = {s: low_a5_value(h) for s, h in hands.items()}
    declared = {s: rng.choice(DECLARATIONS) for s in seats}
    order = clockwise_from_button(seats, button=seats[-1], table_size=len(seats))
    for i, pot in enumerate(pots):
        awards = resolve_declare_pot(i, pot, declared, high, low, order)
        assert sum(a.amount for a in awards) == pot.amount
        assert all(a.amount >= 0 and a.seat in pot.eligible for a in awards)
