"""Full random hands per second: our engine for each game, and pokerkit's pot-limit Omaha.

    .venv/bin/python -m bench.engine [--seconds 5]

Each hand is dealt from a shuffled deck and played to the end with random legal actions
(draws, reveal orders, declarations included), the same generator the playout tests use.
pokerkit plays random hands of pot-limit Omaha with all its automations on, in the same
run, so the ratio is what counts on a shared, noisy machine.
"""

from __future__ import annotations

import argparse
import random
import time

import pokerkit

from tests.rules.playout import random_action, random_hand

GAMES = ("levys", "high-low-declare", "sviten")


def our_hands(game: str, seconds: float, seed: int = 1) -> tuple[int, float]:
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hand, _ = random_hand(game, rng)
        while not hand.finished:
            hand.apply(random_action(hand, rng))
        hands += 1
    return hands, time.perf_counter() - start


AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.BOARD_DEALING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_plo_hands(seconds: float, seed: int = 1) -> tuple[int, float]:
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        players = rng.randint(2, 6)
        state = pokerkit.PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, True, 0, (1, 2), 2, [rng.randint(40, 400) for _ in range(players)], players
        )
        while state.status:
            choice = rng.random()
            if state.can_complete_bet_or_raise_to() and choice < 0.3:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.randint(low, high))
            elif state.can_fold() and choice < 0.4:
                state.fold()
            else:
                state.check_or_call()
        hands += 1
    return hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    seconds = parser.parse_args().seconds
    n, t = pokerkit_plo_hands(seconds)
    base = n / t
    print(f"{'engine':<28}{'hands/s':>10}{'vs pokerkit PLO':>18}")
    print(f"{'pokerkit pot-limit Omaha':<28}{base:>10.0f}{1.0:>17.2f}x")
    for game in GAMES:
        n, t = our_hands(game, seconds)
        print(f"{'pokerhome ' + game:<28}{n / t:>10.0f}{(n / t) / base:>17.2f}x")


if __name__ == "__main__":
    main()
